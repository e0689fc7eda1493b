/* pdf-support.c — reading a PDF back with poppler-utils, for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "pdf-support.h"

char *
ts_pdf_tool (const char *tool,
             const char *path)
{
  const char *argv[] = { tool, path, "-", NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  /* pdfinfo takes one file argument, pdftotext a file and "-" for stdout. */
  if (g_strcmp0 (tool, "pdfinfo") == 0)
    argv[2] = NULL;
  /* "pdftotext -layout": text placed by its position on the page, so two
   * PDFs with the same pages compare equal whatever order their drawing
   * operations came in. */
  if (g_strcmp0 (tool, "pdftotext -layout") == 0)
    {
      argv[0] = "pdftotext";
      argv[1] = "-layout";
      argv[2] = path;
      argv[3] = "-";
    }
  /* "pdfinfo -url": the link annotations of every page */
  if (g_strcmp0 (tool, "pdfinfo -url") == 0)
    {
      argv[0] = "pdfinfo";
      argv[1] = "-url";
      argv[2] = path;
      argv[3] = NULL;
    }
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_printerr ("%s: %s\n", tool, err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* pdftotext gives U+202F and U+00A0 as such or as spaces, and breaks
 * lines where the page does: compare with single plain spaces. */
char *
ts_pdf_normalise (const char *text)
{
  GString *s = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x202F || c == 0x00A0)
        {
          space = TRUE;
          continue;
        }
      if (space && s->len > 0)
        g_string_append_c (s, ' ');
      space = FALSE;
      g_string_append_unichar (s, c);
    }
  return g_string_free (s, FALSE);
}

char *
ts_pdf_info_field (const char *info,
                   const char *field)
{
  g_auto(GStrv) lines = g_strsplit (info, "\n", -1);
  g_autofree char *prefix = g_strconcat (field, ":", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strstrip (g_strdup (lines[i] + strlen (prefix)));
  return NULL;
}

/* ---- words and their boxes (pdftotext -bbox) ----------------------------- */

typedef struct
{
  GArray *words;
  guint   page;
  double  page_width, page_height;
  gboolean in_word;
} BboxParse;

static double
attribute_number (const char **names,
                  const char **values,
                  const char  *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return g_ascii_strtod (values[i], NULL);
  g_assert_not_reached ();
  return 0;
}

static void
bbox_start (GMarkupParseContext *context,
            const char          *element,
            const char         **names,
            const char         **values,
            gpointer             user_data,
            GError             **error)
{
  BboxParse *parse = user_data;

  if (g_strcmp0 (element, "page") == 0)
    {
      parse->page++;
      parse->page_width = attribute_number (names, values, "width");
      parse->page_height = attribute_number (names, values, "height");
    }
  else if (g_strcmp0 (element, "word") == 0)
    {
      TsPdfWord word = { 0 };

      word.page = parse->page;
      word.page_width = parse->page_width;
      word.page_height = parse->page_height;
      word.x_min = attribute_number (names, values, "xMin");
      word.y_min = attribute_number (names, values, "yMin");
      word.x_max = attribute_number (names, values, "xMax");
      word.y_max = attribute_number (names, values, "yMax");
      word.text = g_strdup ("");
      g_array_append_val (parse->words, word);
      parse->in_word = TRUE;
    }
}

static void
bbox_end (GMarkupParseContext *context,
          const char          *element,
          gpointer             user_data,
          GError             **error)
{
  BboxParse *parse = user_data;

  if (g_strcmp0 (element, "word") == 0)
    parse->in_word = FALSE;
}

static void
bbox_text (GMarkupParseContext *context,
           const char          *text,
           gsize                length,
           gpointer             user_data,
           GError             **error)
{
  BboxParse *parse = user_data;
  TsPdfWord *word;
  char *joined;

  if (!parse->in_word)
    return;
  word = &g_array_index (parse->words, TsPdfWord, parse->words->len - 1);
  joined = g_strdup_printf ("%s%.*s", word->text, (int) length, text);
  g_free (word->text);
  word->text = joined;
}

static void
word_clear (TsPdfWord *word)
{
  g_free (word->text);
}

GArray *
ts_pdf_words (const char *path)
{
  const char *argv[] = { "pdftotext", "-bbox", path, "-", NULL };
  static const GMarkupParser parser = { bbox_start, bbox_end, bbox_text, NULL, NULL };
  BboxParse parse = { NULL, 0, 0, 0, FALSE };
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *body;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_printerr ("pdftotext -bbox: %s\n", err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  /* GMarkup reads XML, not the DOCTYPE line of pdftotext's XHTML. */
  body = strstr (out, "<html");
  g_assert_nonnull (body);
  parse.words = g_array_new (FALSE, TRUE, sizeof (TsPdfWord));
  g_array_set_clear_func (parse.words, (GDestroyNotify) word_clear);
  context = g_markup_parse_context_new (&parser, 0, &parse, NULL);
  g_markup_parse_context_parse (context, body, -1, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  return parse.words;
}

/* The footer's words: “TS-20261203-1a2b3c4d · 2026-12-03 · Train Sizer
 * 0.1.0” and “Page 3 of 11”, in English or Russian (date 03.12.2026). */
static gboolean
is_footer_word (const char *text)
{
  return g_regex_match_simple ("^(TS-[0-9]{8}-[0-9a-f]{8}|·|[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}\\.[0-9]{2}\\.[0-9]{4}"
                               "|Train|Sizer|[0-9]+(\\.[0-9]+)*|Page|of|Страница|из)$", text, 0, 0);
}

static gboolean
is_page_word (const char *text)
{
  return g_strcmp0 (text, "Page") == 0 || g_strcmp0 (text, "Страница") == 0;
}

void
ts_pdf_assert_text_above_footer (const char *path)
{
  g_autoptr(GArray) words = ts_pdf_words (path);
  g_autoptr(GArray) footer_top = g_array_new (FALSE, TRUE, sizeof (double));
  guint pages = 0;

  g_assert_cmpuint (words->len, >, 0);
  /* Each page's footer: the top of its “Page” word, the last on the page. */
  for (guint i = 0; i < words->len; i++)
    {
      const TsPdfWord *w = &g_array_index (words, TsPdfWord, i);

      pages = MAX (pages, w->page);
      g_array_set_size (footer_top, pages + 1);
      if (is_page_word (w->text))
        g_array_index (footer_top, double, w->page) = w->y_min;
    }
  for (guint p = 1; p <= pages; p++)
    {
      if (g_array_index (footer_top, double, p) <= 0)
        g_printerr ("%s: page %u has no footer\n", path, p);
      g_assert_cmpfloat (g_array_index (footer_top, double, p), >, 0);
    }

  for (guint i = 0; i < words->len; i++)
    {
      const TsPdfWord *w = &g_array_index (words, TsPdfWord, i);
      double footer = g_array_index (footer_top, double, w->page);
      /* pdftotext's boxes are the font's, a little taller than the ink. */
      const double tolerance = 0.5;
      gboolean on_page = w->x_min >= -tolerance && w->y_min >= -tolerance
                         && w->x_max <= w->page_width + tolerance && w->y_max <= w->page_height + tolerance;
      gboolean in_footer = ABS (w->y_min - footer) < 1 && is_footer_word (w->text);
      gboolean above_footer = w->y_max <= footer + tolerance;

      if (!on_page || !(in_footer || above_footer))
        g_printerr ("%s: page %u: “%.60s” at x %.1f–%.1f, y %.1f–%.1f is %s (footer at y %.1f, page %.1f × %.1f)\n",
                    path, w->page, w->text, w->x_min, w->x_max, w->y_min, w->y_max,
                    on_page ? "over the footer" : "off the page", footer, w->page_width, w->page_height);
      g_assert_true (on_page);
      g_assert_true (in_footer || above_footer);
    }
}
