/* bench-render.c — how long each drawing takes at 1920 × 1080
 *
 * Draws into a cairo image surface (what the window's cairo renderer and
 * the PNG export do) and prints the median and the fastest of repeated
 * runs per drawing, against the target of issue 10 (< 4 ms each, the rack
 * with 64 servers included). `--quick` runs few repeats for CI; timings
 * never fail the run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-util.h"
#include "ts-render.h"
#include "ts-render-fixture.h"

#define WIDTH        1920
#define HEIGHT       1080
#define TARGET_MS    4.0
#define REPEATS      60
#define QUICK_REPEATS 7
#define WARMUP       3

typedef struct
{
  const char *label;
  TsDrawing   drawing;
  TsPlan     *plan;
  /* when set, every run draws a plan of its own, made before the clock
   * starts: the first frame after an input change, when the plan's kept
   * scaling curve is still to compute (the Time view) */
  TsPlan   *(*new_plan) (TsCatalog *catalog);
  /* drawn at the scale fitted once before the clock starts: the window's
   * redraw of one plan at one size (ts-drawing-view.c keeps the scale) */
  gboolean    kept_scale;
} Case;

/* 405B on 64 × DGX H200 beside three other servers: the comparison's
 * four options, the rack's 32 racks. */
static TsPlan *
plan_405b_many (TsCatalog *catalog)
{
  TsPlan *plan = ts_render_fixture_plan (catalog, "llama-3.1-405b", TS_METHOD_FULL, "dgx-h200", 64);

  ts_render_fixture_add_option (plan, "dgx-b200", 48);
  ts_render_fixture_add_option (plan, "huawei-atlas-800t-a2", 128);
  ts_render_fixture_add_option (plan, "smc-sys-521ge-tnrt-8x-rtx-pro-6000", 64);
  return plan;
}

static void
run_case (const Case          *c,
          TsCatalog           *catalog,
          const TsRenderStyle *style,
          int                  repeats)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  g_autofree double *times = g_new (double, repeats);
  g_autofree double *cpu = g_new (double, repeats);
  double kept = c->kept_scale ? ts_render_drawing_fit (c->drawing, c->plan, -1, WIDTH, HEIGHT, style, NULL) : 1.0;

  for (int i = 0; i < WARMUP + repeats; i++)
    {
      cairo_t *cr = cairo_create (surface);
      g_autoptr(TsPlan) own = c->new_plan != NULL ? c->new_plan (catalog) : NULL;
      gint64 start;
      double start_cpu;

      ts_render_set_color (cr, &style->background);
      cairo_paint (cr);
      start = g_get_monotonic_time ();
      start_cpu = ts_bench_thread_cpu_us () / 1e3;
      if (c->kept_scale)
        ts_render_drawing_at_scale (c->drawing, cr, c->plan, -1, WIDTH, HEIGHT, style, NULL, kept);
      else
        ts_render_drawing (c->drawing, cr, own != NULL ? own : c->plan, -1, WIDTH, HEIGHT, style, NULL);
      cairo_surface_flush (surface);
      if (i >= WARMUP)
        {
          times[i - WARMUP] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i - WARMUP] = ts_bench_thread_cpu_us () / 1e3 - start_cpu;
        }
      cairo_destroy (cr);
    }
  qsort (times, repeats, sizeof (double), ts_bench_compare_doubles);
  qsort (cpu, repeats, sizeof (double), ts_bench_compare_doubles);
  printf ("%-40s %9.2f ms %9.2f ms %9.2f ms   %s\n", c->label, cpu[repeats / 2], times[repeats / 2], times[0],
          cpu[repeats / 2] < TARGET_MS ? "ok" : "SLOW");
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(GError) error = NULL;
  gboolean quick = argc > 1 && strcmp (argv[1], "--quick") == 0;
  /* an optional word picks the cases whose label contains it (profiling) */
  const char *only = argc > (quick ? 2 : 1) ? argv[quick ? 2 : 1] : NULL;
  int repeats = quick ? QUICK_REPEATS : REPEATS;
  TsRenderStyle style;
  TsPlan *one, *eight, *many;

  ts_i18n_init ();
  ts_i18n_set_language ("en");
  catalog = ts_catalog_new_builtin (&error);
  if (catalog == NULL)
    {
      fprintf (stderr, "bench-render: %s\n", error->message);
      return EXIT_FAILURE;
    }
  one = ts_render_fixture_plan (catalog, "llama-3.1-8b", TS_METHOD_FULL, "dgx-h200", 1);
  eight = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h200", 8);
  many = plan_405b_many (catalog);

  {
    const Case cases[] = {
      { "memory chart (70B full, 8 servers)", TS_DRAWING_MEMORY, eight, NULL },
      { "server comparison (4 options)", TS_DRAWING_COMPARISON, many, NULL },
      { "rack elevation, 1 server", TS_DRAWING_RACK, one, NULL },
      { "rack elevation, 8 servers", TS_DRAWING_RACK, eight, NULL },
      { "rack elevation, 64 servers (32 racks)", TS_DRAWING_RACK, many, NULL },
      { "power gauges (64 servers)", TS_DRAWING_POWER, many, NULL },
      { "time and cost (64 servers)", TS_DRAWING_TIME, many, NULL },
      { "time and cost, new plan (curve computed)", TS_DRAWING_TIME, NULL, plan_405b_many },
      { "server comparison, redrawn at kept scale", TS_DRAWING_COMPARISON, many, NULL, TRUE },
      { "time and cost, redrawn at kept scale", TS_DRAWING_TIME, many, NULL, TRUE },
    };

    ts_render_style_init (&style, FALSE);
    printf ("render, %d × %d image surface, %d runs%s\n", WIDTH, HEIGHT, repeats, quick ? " (quick)" : "");
    printf ("%-40s %12s %12s %12s   target: CPU median < %.0f ms\n", "drawing", "CPU median", "wall median",
            "wall fastest", TARGET_MS);
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      if (only == NULL || strstr (cases[i].label, only) != NULL)
        run_case (&cases[i], catalog, &style, repeats);
  }

  ts_plan_free (one);
  ts_plan_free (eight);
  ts_plan_free (many);
  return EXIT_SUCCESS;
}
