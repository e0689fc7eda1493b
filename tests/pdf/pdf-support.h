/* pdf-support.h — reading a PDF back with poppler-utils, for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Output of pdfinfo FILE, pdftotext FILE - or, for tool "pdftotext -layout",
 * pdftotext -layout FILE - (and "pdfinfo -url": pdfinfo -url FILE); fails
 * the test otherwise. */
char *ts_pdf_tool       (const char *tool,
                         const char *path);
/* Whitespace of any kind (U+202F, U+00A0, line breaks) as single spaces. */
char *ts_pdf_normalise  (const char *text);
/* One field of pdfinfo's output, trimmed, or NULL. */
char *ts_pdf_info_field (const char *info,
                         const char *field);

/* One word of pdftotext -bbox: its page (1-based), the page's size and
 * the word's box, in points from the page's top-left corner. */
typedef struct
{
  guint  page;
  double page_width, page_height;
  double x_min, y_min, x_max, y_max;
  char  *text;
} TsPdfWord;

/* Every word of the PDF with its box (a GArray of TsPdfWord that frees
 * their text). */
GArray *ts_pdf_words    (const char *path);

/* Fails the test unless every word lies on its page and above the
 * footer: the footer is the line of the page that says “Page N of M”
 * (or “Страница N из M”), and no other word may reach down to its top.
 * Words on the footer's line must be the footer's own (document number,
 * date, app and version, page count). */
void  ts_pdf_assert_text_above_footer (const char *path);

G_END_DECLS
