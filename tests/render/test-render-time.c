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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  ts_i18n_init ();
  ts_i18n_set_language ("en");
  g_test_add_func ("/render-time/describe-lists-points", test_describe_lists_points);
  g_test_add_func ("/render-time/drawn-at-every-size", test_drawn_at_every_size);
  return g_test_run ();
}
