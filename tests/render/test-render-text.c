/* test-render-text.c — drawn text reads as it is written
 *
 * Two independent readings of what the render layer draws:
 *
 * - ink gaps: each string is drawn through the render layer's own text
 *   path (screen and page metrics, many sizes) and the columns of the
 *   image without ink are measured. Every space must leave a gap of a
 *   good part of an em, and no gap that wide may appear between the
 *   letters of a word. The strings are those that once read wrong
 *   (“Llama 3.170B”, “(noactivations)”, “8 8 203 BTU/ч”).
 * - OCR: a drawing is rendered to PNG at a generous scale and read back
 *   with Tesseract (Debian's tesseract-ocr, -eng, -rus); the words the
 *   drawing writes must come back with their spaces. Without Tesseract
 *   the OCR cases are reported as skipped (build-aux/deps installs it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ts-render-private.h"
#include "ts-render-fixture.h"
#include "ts-test-support.h"

static TsCatalog *catalog;

/* ---- ink gaps ------------------------------------------------------------ */

/* A space leaves at least this much of an em between the ink of the
 * letters on either side (word space 0.33 em, digit-group space 0.2 em,
 * each with the letters' side bearings); letters of a word leave less. */
#define SPACE_GAP_MIN_EM   0.2

typedef struct
{
  int start, end;   /* pixels without ink, end exclusive */
} Gap;

/* The runs of columns without ink between the first and the last inked
 * column (alpha above a quarter: antialiasing fringes do not count). */
static GArray *
ink_gaps (cairo_surface_t *s)
{
  GArray *gaps = g_array_new (FALSE, FALSE, sizeof (Gap));
  const guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int last_ink = -1;

  for (int x = 0; x < w; x++)
    {
      gboolean ink = FALSE;

      for (int y = 0; y < h && !ink; y++)
        ink = data[y * stride + x] > 64;
      if (!ink)
        continue;
      if (last_ink >= 0 && x > last_ink + 1)
        {
          Gap gap = { last_ink + 1, x };

          g_array_append_val (gaps, gap);
        }
      last_ink = x;
    }
  return gaps;
}

/* The runs of columns with ink (start, end exclusive), left to right. */
static GArray *
ink_runs (cairo_surface_t *s)
{
  GArray *runs = g_array_new (FALSE, FALSE, sizeof (Gap));
  const guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  gboolean in_run = FALSE;

  for (int x = 0; x < w; x++)
    {
      gboolean ink = FALSE;

      for (int y = 0; y < h && !ink; y++)
        ink = data[y * stride + x] > 64;
      if (ink && !in_run)
        {
          Gap run = { x, x + 1 };

          g_array_append_val (runs, run);
        }
      else if (ink)
        g_array_index (runs, Gap, runs->len - 1).end = x + 1;
      in_run = ink;
    }
  return runs;
}

/* Draws text through the render layer at font_px pixels per em and checks
 * its gaps: the gap where each space is drawn (found from the width of
 * the text before it) is at least SPACE_GAP_MIN_EM wide, and wider than
 * every gap between letters, so a reader (or an OCR) tells them apart. */
static void
check_spaces_drawn (const char *text,
                    double      font_px,
                    gboolean    print)
{
  TsRenderStyle style;
  TsRenderCtx ctx;
  cairo_surface_t *s;
  cairo_t *cr;
  g_autoptr(GArray) gaps = NULL;
  g_autoptr(GArray) is_space = g_array_new (FALSE, TRUE, sizeof (gboolean));
  double em, x0 = 2;
  int narrowest_space = G_MAXINT, widest_letter = 0;
  int w = (int) (font_px * 40), h = (int) (font_px * 2);
  const char *where = print ? "page" : "screen";

  ts_render_style_init (&style, FALSE);
  style.print = print;
  style.font_size = font_px * 72.0 / style.dpi;
  s = cairo_image_surface_create (CAIRO_FORMAT_A8, w, h);
  cr = cairo_create (s);
  ts_render_ctx_init (&ctx, cr, &(TsRenderFrame) { .option_index = -1, .width = w, .height = h, .style = &style });
  em = ctx.em;
  g_assert_cmpfloat (fabs (em - font_px), <, 0.01);
  ts_render_text (&ctx, text, x0, 0, w - 2 * x0, NULL);
  cairo_surface_flush (s);
  gaps = ink_gaps (s);
  g_array_set_size (is_space, gaps->len);

  /* the gap under the middle of each space */
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_autofree char *before = g_strndup (text, p - text);
      g_autofree char *through = g_strndup (text, g_utf8_next_char (p) - text);
      double start = 0, end;
      gboolean found = FALSE;

      if (!g_unichar_isspace (c) && c != 0x202F)
        continue;
      if (*before != '\0')
        ts_render_text_size (&ctx, before, NULL, &start, NULL);
      ts_render_text_size (&ctx, through, NULL, &end, NULL);
      for (guint i = 0; i < gaps->len && !found; i++)
        {
          const Gap *gap = &g_array_index (gaps, Gap, i);
          double middle = x0 + (start + end) / 2;

          if (gap->start <= middle && middle <= gap->end)
            {
              g_array_index (is_space, gboolean, i) = found = TRUE;
              narrowest_space = MIN (narrowest_space, gap->end - gap->start);
            }
        }
      if (!found)
        g_error ("“%s” at %.1f px (%s): ink where the space after “%s” is", text, font_px, where, before);
    }
  for (guint i = 0; i < gaps->len; i++)
    if (!g_array_index (is_space, gboolean, i))
      widest_letter = MAX (widest_letter, g_array_index (gaps, Gap, i).end - g_array_index (gaps, Gap, i).start);

  if (narrowest_space < SPACE_GAP_MIN_EM * em)
    g_error ("“%s” at %.1f px (%s): a space leaves only %d px between letters", text, font_px, where,
             narrowest_space);
  if (narrowest_space <= widest_letter)
    g_error ("“%s” at %.1f px (%s): a space (%d px) is no wider than a gap between letters (%d px)",
             text, font_px, where, narrowest_space, widest_letter);
  if (g_getenv ("TS_TEXT_DEBUG") != NULL)
    g_printerr ("%-36s %5.1f px %-6s space ≥ %d px (%.2f em), letters ≤ %d px\n", text, font_px, where,
                narrowest_space, narrowest_space / em, widest_letter);
  ts_render_ctx_clear (&ctx);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* Text the drawings write, as they write it: a no-break space between a
 * number and its unit, a narrow one between digit groups. */
static const char *const english_texts[] = {
  "Llama 3.1 70B",
  "(no activations)",
  "17.6\u00a0GB per GPU",
  "in 1 rack",
  "Rack 1",
  "70.55\u00a0B active",
  "990 TFLOPS dense",
  "2,227,445\u00a0BTU/h",
};

static const char *const russian_texts[] = {
  "Стойка 1",
  "NVIDIA DGX H200 в 1 стойке",
  "88\u202f203\u00a0BTU/ч",
  "8\u202f192 токена",
  "990 TFLOPS в плотных вычислениях",
  "17,6\u00a0ГБ на GPU",
};

/* From small print on screen (7.5 pt) to presenter sizes. */
static const double font_pixels[] = { 10, 11, 12, 13.3333, 16, 20, 24, 32 };

static void
check_texts (const char *const *texts,
             guint              n)
{
  for (guint i = 0; i < n; i++)
    for (guint f = 0; f < G_N_ELEMENTS (font_pixels); f++)
      for (int print = 0; print <= 1; print++)
        check_spaces_drawn (texts[i], font_pixels[f], print);
}

static void
test_spaces_english (void)
{
  check_texts (english_texts, G_N_ELEMENTS (english_texts));
}

static void
test_spaces_russian (void)
{
  check_texts (russian_texts, G_N_ELEMENTS (russian_texts));
}

/* A digit-group space is narrower than a word space, so “88 203 BTU/h”
 * reads as one number and its unit (it once read “8 8 203”): measured on
 * the advances Pango lays out, at 16 px. */
static void
test_group_space_narrower (void)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  g_autoptr(GObject) context_object = G_OBJECT (pango_font_map_create_context (map));
  PangoContext *context = PANGO_CONTEXT (context_object);
  g_autoptr(GObject) layout_object = G_OBJECT (pango_layout_new (context));
  PangoLayout *layout = PANGO_LAYOUT (layout_object);
  PangoFontDescription *desc = pango_font_description_from_string ("Cantarell, DejaVu Sans 12");
  int plain, grouped, spaced;
  double em = 12 * 96 / 72.0;

  pango_cairo_context_set_resolution (context, 96);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  ts_render_layout_set_text (layout, "88203");
  pango_layout_get_size (layout, &plain, NULL);
  ts_render_layout_set_text (layout, "88\u202f203");
  pango_layout_get_size (layout, &grouped, NULL);
  ts_render_layout_set_text (layout, "88 203");
  pango_layout_get_size (layout, &spaced, NULL);
  g_assert_cmpfloat ((double) (grouped - plain) / PANGO_SCALE, >=, 0.18 * em);
  g_assert_cmpfloat (grouped, <, spaced);
  g_assert_cmpfloat ((double) (spaced - plain) / PANGO_SCALE, >=, 0.3 * em);
}

/* A page of w × h pixels with a text pass on it at 16 px per em. */
typedef struct
{
  TsRenderStyle    style;
  TsRenderCtx      ctx;
  cairo_surface_t *surface;
  cairo_t         *cr;
} TextPage;

static void
text_page_begin (TextPage *page,
                 int       w,
                 int       h)
{
  ts_render_style_init (&page->style, FALSE);
  page->style.font_size = 16 * 72.0 / page->style.dpi;
  page->surface = cairo_image_surface_create (CAIRO_FORMAT_A8, w, h);
  page->cr = cairo_create (page->surface);
  ts_render_ctx_init (&page->ctx, page->cr,
                      &(TsRenderFrame) { .option_index = -1, .width = w, .height = h, .style = &page->style });
}

/* Ends the pass and returns the page's pixels (its A8 bytes). */
static GBytes *
text_page_end (TextPage *page)
{
  GBytes *pixels;

  ts_render_ctx_clear (&page->ctx);
  cairo_surface_flush (page->surface);
  pixels = g_bytes_new (cairo_image_surface_get_data (page->surface),
                        (gsize) cairo_image_surface_get_stride (page->surface)
                        * cairo_image_surface_get_height (page->surface));
  cairo_destroy (page->cr);
  cairo_surface_destroy (page->surface);
  return pixels;
}

/* A look's zero fields are the usual values: no look at all, an empty
 * one and one that spells out normal size and weight, the foreground,
 * the start and one line all draw the same pixels; bold does not (so
 * the comparison can tell looks apart). */
static void
test_look_defaults (void)
{
  const char *text = "Llama 3.1 70B, 1,120 GB";
  g_autoptr(GBytes) none = NULL;
  g_autoptr(GBytes) empty = NULL;
  g_autoptr(GBytes) spelled = NULL;
  g_autoptr(GBytes) bold = NULL;
  TextPage page;

  text_page_begin (&page, 400, 40);
  ts_render_text (&page.ctx, text, 2, 2, 396, NULL);
  none = text_page_end (&page);

  text_page_begin (&page, 400, 40);
  ts_render_text (&page.ctx, text, 2, 2, 396, &(TsTextLook) { 0 });
  empty = text_page_end (&page);

  text_page_begin (&page, 400, 40);
  ts_render_text (&page.ctx, text, 2, 2, 396,
                  &(TsTextLook) { TS_TEXT_NORMAL, PANGO_WEIGHT_NORMAL, &page.style.foreground, TS_ALIGN_START, 1 });
  spelled = text_page_end (&page);

  text_page_begin (&page, 400, 40);
  ts_render_text (&page.ctx, text, 2, 2, 396, &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD });
  bold = text_page_end (&page);

  g_assert_true (g_bytes_equal (none, spelled));
  g_assert_true (g_bytes_equal (empty, spelled));
  g_assert_false (g_bytes_equal (bold, spelled));
}

/* A paragraph is set as its look says: centred, its ink leaves the same
 * room on either side of a wide column (the power tiles' details and the
 * notices of an empty drawing are centred this way); at the start it
 * begins at the column's left edge. */
static void
test_paragraph_alignment (void)
{
  const char *text = "No server in the catalog";
  int w = 600;
  TextPage page;
  g_autoptr(GArray) centred = NULL;
  g_autoptr(GArray) started = NULL;
  int left, right;

  text_page_begin (&page, w, 40);
  ts_render_paragraph (&page.ctx, text, 0, 2, w, &(TsTextLook) { .align = TS_ALIGN_CENTER }, TRUE);
  cairo_surface_flush (page.surface);
  centred = ink_runs (page.surface);
  g_bytes_unref (text_page_end (&page));
  g_assert_cmpuint (centred->len, >, 0);
  left = g_array_index (centred, Gap, 0).start;
  right = w - g_array_index (centred, Gap, centred->len - 1).end;
  /* the text is about a third of the column: both margins wide, and
   * equal but for a letter's side bearing */
  g_assert_cmpint (left, >, w / 5);
  g_assert_cmpint (abs (left - right), <=, 4);

  text_page_begin (&page, w, 40);
  ts_render_paragraph (&page.ctx, text, 0, 2, w, NULL, TRUE);
  cairo_surface_flush (page.surface);
  started = ink_runs (page.surface);
  g_bytes_unref (text_page_end (&page));
  g_assert_cmpuint (started->len, >, 0);
  g_assert_cmpint (g_array_index (started, Gap, 0).start, <=, 4);
}

/* Text cut short ends in a visible “…”: cut at a space (every place
 * between words, in turn), the ellipsis once took the space's empty shape
 * and the text just stopped after the last whole word. */
static void
test_ellipsis_visible (void)
{
  const char *text = "Supermicro SYS-521GE-TNRT, 8 x RTX PRO 6000 Blackwell";
  TsRenderStyle style;
  TsRenderCtx ctx;
  double full;

  ts_render_style_init (&style, FALSE);
  {
    cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_A8, 10, 10);
    cairo_t *cr = cairo_create (s);

    ts_render_ctx_init (&ctx, cr, &(TsRenderFrame) { .option_index = -1, .width = 10, .height = 10, .style = &style });
    ts_render_text_size (&ctx, text, NULL, &full, NULL);
    ts_render_ctx_clear (&ctx);
    cairo_destroy (cr);
    cairo_surface_destroy (s);
  }
  for (const char *space = strchr (text, ' '); space != NULL; space = strchr (space + 1, ' '))
    {
      g_autofree char *before = g_strndup (text, space - text);
      int w = (int) ceil (full) + 8, h = 40;
      cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_A8, w, h);
      cairo_t *cr = cairo_create (s);
      double prefix, ellipsis;
      g_autoptr(GArray) runs = NULL;

      ts_render_ctx_init (&ctx, cr, &(TsRenderFrame) { .option_index = -1, .width = w, .height = h, .style = &style });
      ts_render_text_size (&ctx, before, NULL, &prefix, NULL);
      ts_render_text_size (&ctx, "…", NULL, &ellipsis, NULL);
      /* room for the words before the space and an ellipsis: cut there */
      ts_render_text (&ctx, text, 0, 0, prefix + ellipsis + 1, NULL);
      cairo_surface_flush (s);
      /* the text ends in three dots: three narrow runs of inked columns */
      runs = ink_runs (s);
      if (runs->len < 3)
        g_error ("“%s” cut after “%s”: too little ink", text, before);
      for (guint i = runs->len - 3; i < runs->len; i++)
        {
          const Gap *run = &g_array_index (runs, Gap, i);

          if (run->end - run->start > 0.22 * ctx.em)
            g_error ("“%s” cut after “%s”: it ends in a letter %d px wide, not in “…”", text, before,
                     run->end - run->start);
        }
      ts_render_ctx_clear (&ctx);
      cairo_destroy (cr);
      cairo_surface_destroy (s);
    }
}

/* ---- OCR ----------------------------------------------------------------- */

/* Tesseract reads Latin letters inside Russian text as Cyrillic ones of
 * the same shape (“70В”): both sides are compared with those folded to
 * Latin, and with every run of white space as one space. */
static char *
fold_for_ocr (const char *text)
{
  static const struct
  {
    gunichar cyrillic;
    char     latin;
  } same_shape[] = {
    { 0x0410, 'A' }, { 0x0412, 'B' }, { 0x0421, 'C' }, { 0x0415, 'E' }, { 0x041D, 'H' },
    { 0x041A, 'K' }, { 0x041C, 'M' }, { 0x041E, 'O' }, { 0x0420, 'P' }, { 0x0422, 'T' },
    { 0x0425, 'X' }, { 0x0430, 'a' }, { 0x0435, 'e' }, { 0x043E, 'o' }, { 0x0440, 'p' },
    { 0x0441, 'c' }, { 0x0445, 'x' }, { 0x0443, 'y' },
  };
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean mapped = FALSE;

      if (g_unichar_isspace (c) || c == 0x202F)
        {
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (same_shape) && !mapped; i++)
        if (same_shape[i].cyrillic == c)
          {
            g_string_append_c (out, same_shape[i].latin);
            mapped = TRUE;
          }
      if (!mapped)
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static char *
tesseract_path (void)
{
  return g_find_program_in_path ("tesseract");
}

/* The text Tesseract reads in each of pngs (NULL-terminated), languages
 * like "eng" or "rus+eng", in one run: the images are a list (one file
 * name a line), so the language models load once, and each image's text
 * is a page of the output; a form feed separates the pages. One thread: tests run
 * two at a time on two cores, and OpenMP's spinning threads only slow a
 * shared machine down (Tesseract's docs advise OMP_THREAD_LIMIT=1 for
 * parallel runs). */
static GStrv
ocr (const char * const *pngs,
     const char         *languages,
     const char         *dir)
{
  g_autofree char *list = g_build_filename (dir, "images.txt", NULL);
  g_autofree char *names = g_strjoinv ("\n", (char **) pngs);
  const char *argv[] = { NULL, list, "stdout", "-l", languages, "--psm", "3", NULL };
  g_autofree char *program = tesseract_path ();
  g_autofree char *out = NULL;
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "OMP_THREAD_LIMIT", "1", TRUE);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) pages = NULL;
  GStrv read;
  int status = 0;
  guint n = g_strv_length ((char **) pngs);

  g_assert_true (g_file_set_contents (list, names, -1, NULL));
  argv[0] = program;
  if (!g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                     &status, &error))
    g_error ("tesseract: %s", error->message);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  pages = g_strsplit (out, "\f", -1);
  /* a page per image (Tesseract 5.3 ends only the last without a form
   * feed; a trailing one would leave an empty part) */
  g_assert_cmpuint (g_strv_length (pages), >=, n);
  g_assert_cmpuint (g_strv_length (pages), <=, n + 1);
  read = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    read[i] = fold_for_ocr (pages[i]);
  return read;
}

/* What tesseract reads a drawing in lang with: Russian drawings hold
 * English names too. */
static const char *
ocr_languages (const char *lang)
{
  return g_str_equal (lang, "ru") ? "rus+eng" : "eng";
}

/* A drawing of plan in lang as PNG at width, text twice its base size:
 * the OCR reads glyphs of some 27 px per em. */
static void
export_for_ocr (TsDrawing   drawing,
                TsPlan     *plan,
                const char *lang,
                double      width,
                const char *png)
{
  g_autoptr(GError) error = NULL;
  TsRenderStyle style;

  ts_render_style_init (&style, FALSE);
  style.font_scale = 2.0;
  ts_i18n_set_language (lang);
  g_assert_true (ts_render_export (drawing, plan, -1, png, FALSE, width, 0, &style, &error));
  g_assert_no_error (error);
  ts_i18n_set_language ("en");
}

static void
assert_read (const char *read,
             const char *expected)
{
  g_autofree char *folded = fold_for_ocr (expected);

  if (strstr (read, folded) == NULL)
    g_error ("OCR did not read “%s” in:\n%s", expected, read);
}

static gboolean
need_tesseract (const char *languages)
{
  g_autofree char *program = tesseract_path ();
  g_autofree char *out = NULL;
  const char *argv[] = { NULL, "--list-langs", NULL };

  if (program == NULL)
    {
      g_test_skip ("tesseract is not installed (Debian: tesseract-ocr)");
      return FALSE;
    }
  argv[0] = program;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                               NULL, NULL, NULL));
  for (char **l = g_strsplit (languages, "+", -1), **p = l; l != NULL; p++)
    {
      g_autofree char *line = *p != NULL ? g_strconcat ("\n", *p, "\n", NULL) : NULL;

      if (*p == NULL)
        {
          g_strfreev (l);
          break;
        }
      if (strstr (out, line) == NULL)
        {
          g_strfreev (l);
          g_test_skip ("tesseract lacks a language (Debian: tesseract-ocr-eng, tesseract-ocr-rus)");
          return FALSE;
        }
    }
  return TRUE;
}

/* What the OCR cases read, one language's drawings in one pass:
 * the memory drawing of full training of Llama 3.1 70B on 2 × DGX H200,
 * and the rack elevation of one rack full of DGX H200 (however many the
 * catalog's figures put in a 42U rack). */
typedef struct
{
  TsPlan *memory_plan;
  TsPlan *rack_plan;
  GStrv   read;        /* the memory drawing's text, then the rack's */
} OcrReading;

static OcrReading *ocr_readings[2];   /* en, ru */

static void
ocr_reading_free (OcrReading *reading)
{
  ts_plan_unref (reading->memory_plan);
  ts_plan_unref (reading->rack_plan);
  g_strfreev (reading->read);
  g_free (reading);
}

/* lang's reading, made by the first case that asks; NULL, the test
 * skipped, where tesseract cannot read lang. */
static const OcrReading *
ocr_reading (const char *lang)
{
  guint index = g_str_equal (lang, "ru") ? 1 : 0;
  OcrReading *reading = ocr_readings[index];
  g_autofree char *dir = NULL;
  g_autofree char *memory_png = NULL;
  g_autofree char *rack_png = NULL;

  if (!need_tesseract (ocr_languages (lang)))
    return NULL;
  if (reading != NULL)
    return reading;
  reading = g_new0 (OcrReading, 1);
  reading->memory_plan = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h200", 2);
  reading->rack_plan = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h200",
                                               ts_render_fixture_servers_per_rack (
                                                 ts_catalog_find_server (catalog, "dgx-h200"), 42));
  dir = ts_test_make_dir ("ts-render-ocr");
  memory_png = g_build_filename (dir, "memory.png", NULL);
  rack_png = g_build_filename (dir, "rack.png", NULL);
  export_for_ocr (TS_DRAWING_MEMORY, reading->memory_plan, lang, 1600, memory_png);
  export_for_ocr (TS_DRAWING_RACK, reading->rack_plan, lang, 1600, rack_png);
  {
    const char *pngs[] = { memory_png, rack_png, NULL };

    reading->read = ocr (pngs, ocr_languages (lang), dir);
  }
  ts_test_remove_dir (dir);
  ocr_readings[index] = reading;
  return reading;
}

/* The memory drawing of a full training run: its title names the model
 * (taken from the catalog here, not written down), the article's bracket
 * says “(no activations)”, the legend “GB per GPU”. */
static void
test_ocr_memory_english (void)
{
  const OcrReading *reading = ocr_reading ("en");

  if (reading == NULL)
    return;
  assert_read (reading->read[0], reading->memory_plan->scenario->model.name);
  assert_read (reading->read[0], "(no activations)");
  assert_read (reading->read[0], "GB per GPU)");
  assert_read (reading->read[0], "Full training");
}

static void
test_ocr_memory_russian (void)
{
  const OcrReading *reading = ocr_reading ("ru");

  if (reading == NULL)
    return;
  assert_read (reading->read[0], reading->memory_plan->scenario->model.name);
  assert_read (reading->read[0], "ГБ на GPU)");
  assert_read (reading->read[0], "Полное обучение");
}

/* The rack elevation's rack names and its title's “in 1 rack”. */
static void
test_ocr_rack (void)
{
  const OcrReading *en = ocr_reading ("en");
  const OcrReading *ru = en != NULL ? ocr_reading ("ru") : NULL;

  if (ru == NULL)
    return;
  assert_read (en->read[1], "in 1 rack");
  assert_read (en->read[1], "Rack 1");
  assert_read (en->read[1], g_array_index (en->rack_plan->options, TsOption, 0).server->name);
  assert_read (ru->read[1], "в 1 стойке");
  assert_read (ru->read[1], "Стойка 1");
  assert_read (ru->read[1], g_array_index (ru->rack_plan->options, TsOption, 0).server->name);
}

/* Presenter mode: no drawing at 1920 × 1080 has text smaller than 24 px.
 * The smallest text is 0.85 em; 10 pt at 96 dpi is 13.33 px, so the
 * presenter's type is 24 / (13.33 × 0.85) = 2.12 times the window's, and
 * a drawing too tall for the screen reflows and is clipped (the window
 * scrolls) rather than shrunk below it. The rack elevation too (issue
 * 33 took away its exception): its units shrink to show the whole rack,
 * its type does not. Without presenter mode the same drawings are shrunk
 * to fit, some below 24 px (the check tells them apart). */
static void
test_presenter_text_size (void)
{
  g_autoptr(TsPlan) plan = ts_render_fixture_plan (catalog, "llama-3.1-405b", TS_METHOD_FULL, "dgx-h200", 64);
  double base_small_px = 10 * 96 / 72.0 * 0.85;
  gboolean any_shrunk = FALSE;

  for (int d = 0; d < TS_N_DRAWINGS; d++)
    {
      TsRenderStyle style;
      double scale;

      ts_render_style_init (&style, FALSE);
      ts_render_style_set_presenter (&style, TRUE);
      g_assert_cmpfloat (fabs (style.font_scale - 24 / base_small_px), <, 0.001);
      scale = ts_render_drawing_scale (d, plan, -1, 1920, 1080, &style);
      g_assert_cmpfloat (scale * style.font_scale * base_small_px, >=, 24 - 0.01);

      ts_render_style_init (&style, FALSE);
      style.font_scale = 24 / base_small_px;
      scale = ts_render_drawing_scale (d, plan, -1, 1920, 1080, &style);
      any_shrunk |= scale * style.font_scale * base_small_px < 23;
    }
  g_assert_true (any_shrunk);
}

/* The lowest row of an ARGB surface with ink (alpha over a quarter), or -1. */
static int
lowest_ink_row (cairo_surface_t *s)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);

  for (int y = h - 1; y >= 0; y--)
    for (int x = 0; x < w; x++)
      if (data[y * stride + 4 * x + 3] > 64)
        return y;
  return -1;
}

/* A drawing on a presenter's slide of width × height: its smallest text
 * at 24 px or more, and its ink ending above the canvas's bottom edge by
 * half an em (nothing cut at the bottom). Returns the drawn surface. */
static cairo_surface_t *
draw_whole_on_slide (TsDrawing     drawing,
                     const TsPlan *plan,
                     int           width,
                     int           height)
{
  double base_small_px = 10 * 96 / 72.0 * 0.85;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (s);
  TsRenderStyle style;
  double scale, em;
  int lowest;

  ts_render_style_init (&style, FALSE);
  ts_render_style_set_presenter (&style, TRUE);
  scale = ts_render_drawing_scale (drawing, plan, -1, width, height, &style);
  g_assert_cmpfloat (scale * style.font_scale * base_small_px, >=, 24 - 0.01);
  ts_render_drawing (drawing, cr, plan, -1, width, height, &style, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  em = style.font_size * style.font_scale * scale * style.dpi / 72.0;
  lowest = lowest_ink_row (s);
  g_test_message ("drawing %d at %d × %d: ink down to row %d", drawing, width, height, lowest);
  g_assert_cmpint (lowest, >, 0);
  g_assert_cmpfloat (lowest, <, height - 0.5 * em);
  return s;
}

/* Issue 33: a rack on a slide keeps its labels at the presenter's 24 px
 * and is whole: one rack of DGX H200 and the 405B cluster's 32, on a
 * 1920 × 1080 projector's drawing area (under the header and the
 * headline, some 1896 × 860) and the whole screen, end above the
 * canvas's bottom edge by the drawing's margin (its floor rail and the
 * rack's totals are drawn, not cut), and the lone rack's figures beside
 * it take the width (ink over half of it, where a rack alone took a
 * fifth). */
static void
test_presenter_rack_whole (void)
{
  static const int sizes[][2] = { { 1896, 860 }, { 1920, 1080 } };
  static const guint servers[] = { 2, 64 };

  for (guint p = 0; p < G_N_ELEMENTS (servers); p++)
    {
      g_autoptr(TsPlan) plan = ts_render_fixture_plan (catalog, servers[p] > 8 ? "llama-3.1-405b" : "llama-3.1-70b",
                                                       TS_METHOD_FULL, "dgx-h200", servers[p]);

      for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
        {
          cairo_surface_t *s = draw_whole_on_slide (TS_DRAWING_RACK, plan, sizes[k][0], sizes[k][1]);
          const guint8 *data = cairo_image_surface_get_data (s);
          int stride = cairo_image_surface_get_stride (s);
          int rightmost = -1;

          for (int y = 0; y < sizes[k][1]; y++)
            for (int x = sizes[k][0] - 1; x > rightmost; x--)
              if (data[y * stride + 4 * x + 3] > 64)
                {
                  rightmost = x;
                  break;
                }
          g_assert_cmpint (rightmost, >, sizes[k][0] / 2);
          cairo_surface_destroy (s);
        }
    }
}

/* Issue 33: the power page on a slide does not scroll. Its nine tiles
 * at the presenter's 24 px took three rows of 13 em, taller than a
 * 1080-line screen; on a slide the tiles take five columns in two rows
 * and the arcs shrink (or give way to the values alone), so the drawing
 * ends above the canvas's bottom edge by its margin: for one rack, two,
 * and the 405B cluster's many, in both languages, on the projector's
 * drawing area under the header and a three-line Russian headline (some
 * 1896 × 820), under a one-line headline (1896 × 900) and the whole
 * screen. The smallest text stays at 24 px (its scale is not cut). */
static void
test_presenter_power_whole (void)
{
  static const int sizes[][2] = { { 1896, 820 }, { 1896, 900 }, { 1920, 1080 } };
  static const guint servers[] = { 1, 2, 64 };
  static const char *const languages[] = { "en", "ru" };

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint p = 0; p < G_N_ELEMENTS (servers); p++)
      {
        g_autoptr(TsPlan) plan = NULL;

        ts_i18n_set_language (languages[l]);
        plan = ts_render_fixture_plan (catalog, servers[p] > 8 ? "llama-3.1-405b" : "llama-3.1-70b",
                                       TS_METHOD_FULL, "dgx-h200", servers[p]);
        for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
          cairo_surface_destroy (draw_whole_on_slide (TS_DRAWING_POWER, plan, sizes[k][0], sizes[k][1]));
      }
  ts_i18n_set_language ("en");
}

/* Issue 33: a 360 px window in Russian cuts no word of a drawing: each
 * drawing of the 2-server 70B plan, at the width the narrow window gives
 * it (360 px less the page's margins, some 330 px) and the scale it is
 * drawn at there, ellipsizes no text. The power drawing's title
 * (“… при максимальном потреблении”) takes three lines there, the
 * memory chart's verdict, article line and legend wrap, the summary's
 * “2 × NVIDIA DGX H200” (one unbreakable run) takes a smaller type. */
static void
test_narrow_russian_whole (void)
{
  static void (*const draws[]) (TsRenderCtx *) = {
    ts_render_memory_draw, ts_render_rack_draw, ts_render_power_draw, ts_render_time_draw, ts_render_summary_draw,
  };
  static const TsDrawing drawings[] = {
    TS_DRAWING_MEMORY, TS_DRAWING_RACK, TS_DRAWING_POWER, TS_DRAWING_TIME, TS_DRAWING_SUMMARY,
  };
  g_autoptr(TsPlan) plan = NULL;

  ts_i18n_set_language ("ru");
  plan = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h200", 2);
  for (guint d = 0; d < G_N_ELEMENTS (draws); d++)
    {
      cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
      cairo_t *cr = cairo_create (s);
      TsRenderStyle style;
      TsRenderCtx ctx;
      double scale;

      ts_render_style_init (&style, FALSE);
      scale = ts_render_drawing_scale (drawings[d], plan, -1, 330, 2000, &style);
      ts_render_ctx_init (&ctx, cr, &(TsRenderFrame) { plan, -1, 330, 2000, &style });
      ts_render_ctx_set_scale (&ctx, scale);
      ctx.cut_texts = 0;
      draws[d] (&ctx);
      g_test_message ("drawing %d at 330 px, scale %.2f: %u texts cut", drawings[d], scale, ctx.cut_texts);
      g_assert_cmpuint (ctx.cut_texts, ==, 0);
      ts_render_ctx_clear (&ctx);
      cairo_destroy (cr);
      cairo_surface_destroy (s);
    }
  ts_i18n_set_language ("en");
}

/* A screen drawing fitted to too little height stops shrinking at 8 px
 * text: the power drawing at 360 × 300 (it needs some 600 px) is drawn at
 * the scale where its small text (0.85 em of 10 pt at 96 dpi, 11.3 px) is
 * 8 px: 8 / 11.33 = 0.706, not the 0.45 that would fit. */
static void
test_minimum_text_size (void)
{
  g_autoptr(TsPlan) plan = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h200", 2);
  TsRenderStyle style;
  double scale;

  ts_render_style_init (&style, FALSE);
  g_assert_cmpfloat (ts_render_drawing_height (TS_DRAWING_POWER, plan, -1, 360, &style), >, 450);
  scale = ts_render_drawing_scale (TS_DRAWING_POWER, plan, -1, 360, 300, &style);
  g_assert_cmpfloat (fabs (scale - 8.0 / (10 * 96 / 72.0 * 0.85)), <, 0.01);
}

int
main (int    argc,
      char **argv)
{
  int status;

  ts_test_init (&argc, &argv);
  ts_i18n_set_language ("en");
  catalog = ts_test_catalog ();

  g_test_add_func ("/render/text/spaces-english", test_spaces_english);
  g_test_add_func ("/render/text/spaces-russian", test_spaces_russian);
  g_test_add_func ("/render/text/group-space-narrower", test_group_space_narrower);
  g_test_add_func ("/render/text/ellipsis-visible", test_ellipsis_visible);
  g_test_add_func ("/render/text/look-defaults", test_look_defaults);
  g_test_add_func ("/render/text/paragraph-alignment", test_paragraph_alignment);
  g_test_add_func ("/render/text/ocr-memory-english", test_ocr_memory_english);
  g_test_add_func ("/render/text/ocr-memory-russian", test_ocr_memory_russian);
  g_test_add_func ("/render/text/ocr-rack", test_ocr_rack);
  g_test_add_func ("/render/text/presenter-size", test_presenter_text_size);
  g_test_add_func ("/render/text/presenter-rack-whole", test_presenter_rack_whole);
  g_test_add_func ("/render/text/presenter-power-whole", test_presenter_power_whole);
  g_test_add_func ("/render/text/narrow-russian-whole", test_narrow_russian_whole);
  g_test_add_func ("/render/text/minimum-size", test_minimum_text_size);

  status = g_test_run ();
  for (guint i = 0; i < G_N_ELEMENTS (ocr_readings); i++)
    g_clear_pointer (&ocr_readings[i], ocr_reading_free);
  ts_catalog_unref (catalog);
  return status;
}
