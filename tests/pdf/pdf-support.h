/* pdf-support.h — reading a PDF back with poppler-utils, for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Output of pdfinfo FILE, pdftotext FILE - or, for tool "pdftotext -layout",
 * pdftotext -layout FILE - (fails the test otherwise). */
char *ts_pdf_tool       (const char *tool,
                         const char *path);
/* Whitespace of any kind (U+202F, U+00A0, line breaks) as single spaces. */
char *ts_pdf_normalise  (const char *text);
/* One field of pdfinfo's output, trimmed, or NULL. */
char *ts_pdf_info_field (const char *info,
                         const char *field);

/* A test's temporary directory, with the files in it. */
void  ts_pdf_remove_dir (const char *dir);

G_END_DECLS
