/* ts-pdf-tagged.h — the finishing touches cairo cannot put on a tagged PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends to the finished cairo PDF open read-write on fd an incremental
 * update of its catalog with what it lacks of /MarkInfo << /Marked true
 * >>, /Lang (lang, a BCP 47 tag such as "ru") and /ViewerPreferences <<
 * /DisplayDocTitle true >>, where cairo wrote a structure tree. TRUE
 * when the update was written;
 * FALSE when the file needs none or is not one this understands (it is
 * then unchanged), or when writing failed: *write_errno is then set. */
gboolean ts_pdf_mark_tagged (int         fd,
                             const char *lang,
                             int        *write_errno);

G_END_DECLS
