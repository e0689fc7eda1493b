/* ts-parse.h — reading numbers people type
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* “70B”, “7.6e9”, “1.5T”, “350M”, “128K”, “8 000 000 000”: a finite,
 * non-negative count. Locale-independent (a decimal point; a decimal comma
 * is accepted too when no point is present). */
gboolean ts_parse_count  (const char  *text,
                          double      *value,
                          GError     **error);
/* A plain finite number, e.g. “1.4” or “1,4”. */
gboolean ts_parse_number (const char  *text,
                          double      *value,
                          GError     **error);

G_END_DECLS
