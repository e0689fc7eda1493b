/* test-render-time.c — the Time view's scaling curve (issue 17)
 *
 * The curve is the planner's own: every point the drawing describes is a
 * point of ts_scaling_curve () for the chosen server, in the same words
 * the engine's formatter gives; the chosen count and where adding servers
 * stops paying off are said; and the curve is drawn (the accent colour of
 * its line below the time bar) at a 360 px window and at presenter size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ts-render.h"
#include "ts-render-fixture.h"
#include "ts-test-support.h"

/* 70B on 2 × DGX H100: the fixture's recommended option. */
static TsPlan *
plan_70b (TsCatalog *catalog)
{
  return ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h100", 2);
}

static void
test_describe_lists_points (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = ts_scaling_curve (catalog, plan->scenario, "dgx-h100", 6, &error);
  g_autofree char *text = ts_render_drawing_describe (TS_DRAWING_TIME, plan, -1);
  int end;

  g_assert_no_error (error);
  g_assert_cmpuint (points->len, >=, 2);
  g_assert_nonnull (strstr (text, "Against the number of NVIDIA DGX H100:"));
  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);
      g_autofree char *days = ts_format_days (p->training_days);
      g_autofree char *kwh = ts_format_kwh (p->energy_kwh);
      g_autofree char *point = g_strdup_printf (p->servers == 1 ? "%u server, %s, %s" : "%u servers, %s, %s",
                                                p->servers, days, kwh);

      g_assert_nonnull (strstr (text, point));
    }
  g_assert_nonnull (strstr (text, "The chosen count is 2 servers."));
  end = ts_scaling_curve_payoff_end (points);
  g_assert_cmpint (end, >=, 0);
  if ((guint) end + 1 < points->len)
    g_assert_nonnull (strstr (text, "stops paying off after"));
  else
    g_assert_nonnull (strstr (text, "Every doubling shown saves at least a quarter of the time."));
}

/* Accent pixels (the curve's line and dots) in the lower part of the
 * drawing, below the time bar: the bar is the only other accent area,
 * and it lies in the top third. */
static guint
accent_pixels_below (cairo_surface_t     *surface,
                     const TsRenderStyle *style,
                     double               from)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data;
  guint n = 0;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = (int) (from * h); y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 px = *(const guint32 *) (data + y * stride + 4 * x);
        double r = ((px >> 16) & 0xff) / 255.0;
        double g = ((px >> 8) & 0xff) / 255.0;
        double b = (px & 0xff) / 255.0;

        n += fabs (r - style->accent.r) < 0.05 && fabs (g - style->accent.g) < 0.05
             && fabs (b - style->accent.b) < 0.05;
      }
  return n;
}

static void
check_drawn (const TsPlan *plan,
             gboolean      presenter,
             double        width)
{
  TsRenderStyle style;
  double height;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint accent;

  ts_render_style_init (&style, FALSE);
  ts_render_style_set_presenter (&style, presenter);
  height = ts_render_drawing_height (TS_DRAWING_TIME, plan, -1, width, &style);
  g_assert_cmpfloat (height, >, 0);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) ceil (height));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  ts_render_drawing (TS_DRAWING_TIME, cr, plan, -1, width, height, &style, NULL);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  accent = accent_pixels_below (surface, &style, 0.45);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  /* a line across the chart and six dots: hundreds of pixels */
  g_assert_cmpuint (accent, >, 100);
}

static void
test_drawn_at_every_size (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);

  check_drawn (plan, FALSE, 360);
  check_drawn (plan, FALSE, 900);
  check_drawn (plan, TRUE, 1280);
}


/* The text a drawing shows at width × height, through a PDF surface and
 * pdftotext (NULL, with the test failed, without pdftotext). */
static char *
drawn_text (const TsPlan        *plan,
            double               width,
            double               height,
            const TsRenderStyle *style)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-render-time-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "time.pdf", NULL);
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  char *out = NULL;
  const char *argv[] = { "pdftotext", pdf, "-", NULL };
  cairo_surface_t *surface;
  cairo_t *cr;
  int status = 0;

  if (pdftotext == NULL)
    {
      g_test_fail_printf ("pdftotext (poppler-utils) is needed to read drawn text");
      g_rmdir (dir);
      return NULL;
    }
  surface = cairo_pdf_surface_create (pdf, width, height);
  cr = cairo_create (surface);
  ts_render_drawing (TS_DRAWING_TIME, cr, plan, -1, width, height, style, NULL);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  g_unlink (pdf);
  g_rmdir (dir);
  return out;
}

/* The largest figure of the labels “N d” (N kWh) in text, or -1. */
static double
largest_label (const char *text,
               const char *unit)
{
  g_autofree char *pattern = g_strdup_printf ("(?<![0-9.,])([0-9][0-9.,\\x{202f}]*)[\\s\\x{a0}\\x{202f}]?%s\\b", unit);
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_OPTIMIZE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  double largest = -1;

  g_assert_nonnull (regex);
  for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *figure = g_match_info_fetch (match, 1);
      GString *plain = g_string_new (NULL);

      /* “8,000” and “8 000”: digit groups dropped */
      for (const char *p = figure; *p != '\0'; p = g_utf8_next_char (p))
        if (g_ascii_isdigit (*p) || *p == '.')
          g_string_append_c (plain, *p);
      largest = MAX (largest, g_ascii_strtod (plain->str, NULL));
      g_string_free (plain, TRUE);
    }
  return largest;
}

/* Issue 33: the curve has labelled y-axes with their units, days on the
 * left from 0 d, energy on the right from 0 kWh, each reaching at least
 * the curve's largest value (read from the planner's own curve) — in a
 * window pane, a full window, presenter mode and on the sheet's page. */
static void
test_y_axis_labelled (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);
  g_autoptr(GArray) points = ts_scaling_curve (catalog, plan->scenario, "dgx-h100", 6, NULL);
  /* the last: the sheet's page (A4's 515 pt between its margins) */
  static const struct { double w, h; gboolean presenter, print; } sizes[] = {
    { 900, 1000, FALSE, FALSE }, { 1280, 720, FALSE, FALSE }, { 1920, 1080, FALSE, FALSE }, { 1896, 860, TRUE, FALSE },
    { 515, 800, FALSE, TRUE },
  };
  double most_days = 0, most_kwh = 0;

  g_assert_nonnull (points);
  for (guint i = 0; i < points->len; i++)
    {
      most_days = MAX (most_days, g_array_index (points, TsScalingPoint, i).training_days);
      most_kwh = MAX (most_kwh, g_array_index (points, TsScalingPoint, i).energy_kwh);
    }
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      TsRenderStyle style;
      g_autofree char *text = NULL;

      ts_render_style_init (&style, FALSE);
      ts_render_style_set_presenter (&style, sizes[k].presenter);
      if (sizes[k].print)
        {
          style.print = TRUE;
          style.dpi = 72;
        }
      text = drawn_text (plan, sizes[k].w, sizes[k].h, &style);
      if (text == NULL)
        return;
      g_assert_nonnull (strstr (text, "Training time (solid)"));
      g_assert_nonnull (strstr (text, "Energy (dashed)"));
      g_assert_true (g_regex_match_simple ("(^|\\s)0[\\s\\x{a0}\\x{202f}]?d\\b", text, G_REGEX_MULTILINE, 0));
      g_assert_true (g_regex_match_simple ("(^|\\s)0[\\s\\x{a0}\\x{202f}]?kWh\\b", text, G_REGEX_MULTILINE, 0));
      /* the top gridline is above every point, in whole steps */
      g_assert_cmpfloat (largest_label (text, "d"), >=, most_days - 0.05);
      g_assert_cmpfloat (largest_label (text, "kWh"), >=, most_kwh - 0.5);
    }
}

/* Issue 33: the notes under the curve are whole wherever it is drawn:
 * fitted to a 16:9 window pane or screen, and in presenter mode on a
 * 1920 × 1080 projector (the answer pane's drawing area under the header
 * and the headline, some 1896 × 860), the drawing's own height at the
 * scale it is drawn at is within the area — nothing clipped — and there
 * its smallest text is still the presenter's 24 px. Its last words, the
 * assumptions' “PUE”, read back. */
static void
test_footnote_whole (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);
  static const struct { double w, h; gboolean presenter; } sizes[] = {
    { 1280, 720, FALSE }, { 1600, 900, FALSE }, { 1920, 1080, FALSE }, { 1896, 860, TRUE }, { 1920, 1080, TRUE },
  };
  double base_small_px = 10 * 96 / 72.0 * 0.85;

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      TsRenderStyle style, at;
      double scale, height;
      g_autofree char *text = NULL;

      ts_render_style_init (&style, FALSE);
      ts_render_style_set_presenter (&style, sizes[k].presenter);
      scale = ts_render_drawing_scale (TS_DRAWING_TIME, plan, -1, sizes[k].w, sizes[k].h, &style);
      at = style;
      at.font_scale *= scale;
      height = ts_render_drawing_height (TS_DRAWING_TIME, plan, -1, sizes[k].w, &at);
      g_test_message ("time at %.0f × %.0f%s: scale %.2f, %.0f px tall", sizes[k].w, sizes[k].h,
                      sizes[k].presenter ? " (presenter)" : "", scale, height);
      g_assert_cmpfloat (height, <=, sizes[k].h + 1);
      if (sizes[k].presenter)
        g_assert_cmpfloat (scale * style.font_scale * base_small_px, >=, 24 - 0.01);
      text = drawn_text (plan, sizes[k].w, sizes[k].h, &style);
      if (text == NULL)
        return;
      g_assert_nonnull (strstr (text, "PUE"));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  ts_i18n_init ();
  ts_i18n_set_language ("en");
  g_test_add_func ("/render-time/describe-lists-points", test_describe_lists_points);
  g_test_add_func ("/render-time/drawn-at-every-size", test_drawn_at_every_size);
  g_test_add_func ("/render-time/y-axis-labelled", test_y_axis_labelled);
  g_test_add_func ("/render-time/footnote-whole", test_footnote_whole);
  return g_test_run ();
}
