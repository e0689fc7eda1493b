/* ts-parse.h — reading numbers people type
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Digits may be grouped in threes (“1,000”, “8 000 000 000”, “1'000”);
 * a decimal comma is read where it cannot be grouping (“1,5”); see
 * ts-parse.c for the rules. Hexadecimal, “inf”, “nan” and trailing text
 * are refused; messages quote the text as typed. */

/* “70B”, “7.6e9”, “1.5T”, “350M”, “128K”, “8 000 000 000”: a finite,
 * non-negative count. “1,500” is refused as ambiguous (1500 or 1.5). */
gboolean ts_parse_count  (const char  *text,
                          double      *value,
                          GError     **error);
/* A non-negative whole number with an optional K, M, B or T suffix
 * (“8,000”, “8 192”, “32K”): here “1,500” can only be 1500. */
gboolean ts_parse_whole  (const char  *text,
                          double      *value,
                          GError     **error);
/* A plain finite number, e.g. “1.4” or “1,4”; “1,500” is ambiguous. */
gboolean ts_parse_number (const char  *text,
                          double      *value,
                          GError     **error);

G_END_DECLS
