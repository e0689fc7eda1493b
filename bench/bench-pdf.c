/* bench-pdf.c — how long the full spec sheet takes, headless
 *
 * Times what `trainsizer-cli pdf` and the window's “Export PDF” do after
 * the plan is computed: build the document in its language, lay it out,
 * draw every page onto cairo's PDF surface and finish the file. The PDF
 * goes to a stream that drops the bytes, so the disk is not measured; a
 * last row adds the atomic write to a real file (temporary file, fsync,
 * rename). Prints the median and the fastest of repeated runs per case,
 * against the target of issue 10 (< 300 ms). `--quick` runs few repeats
 * for CI; timings never fail the run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-util.h"
#include "ts-engine.h"
#include "ts-specsheet.h"

#define TARGET_MS     300.0
#define REPEATS       15
#define QUICK_REPEATS 3
#define WARMUP        1

typedef struct
{
  const char *label;
  const char *model_id;
  TsMethod    method;
  const char *server_id;   /* NULL = recommend */
  guint       servers;
  const char *lang;
} Case;

static cairo_status_t
discard (void                *closure,
         const unsigned char *data,
         unsigned int         length)
{
  gsize *total = closure;

  *total += length;
  return CAIRO_STATUS_SUCCESS;
}

/* One whole document into a stream; returns its page count. */
static guint
produce (const TsPlan *plan,
         const char   *lang,
         const char   *path,
         gsize        *bytes)
{
  g_autoptr(TsSpecsheet) sheet = ts_specsheet_new (plan, lang, NULL);
  cairo_surface_t *surface;
  cairo_t *cr;
  guint n;

  if (path != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!ts_specsheet_write_pdf (sheet, path, &error))
        g_error ("bench-pdf: %s", error->message);
      return ts_specsheet_get_n_pages (sheet);
    }

  surface = cairo_pdf_surface_create_for_stream (discard, bytes, TS_SPECSHEET_A4_WIDTH_PT,
                                                 TS_SPECSHEET_A4_HEIGHT_PT);
  ts_specsheet_set_pdf_metadata (sheet, surface);
  cr = cairo_create (surface);
  n = ts_specsheet_paginate (sheet, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!ts_specsheet_draw_page (sheet, cr, i, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT, &error))
        g_error ("bench-pdf: %s", error->message);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  return n;
}

static void
run_case (TsCatalog  *catalog,
          const Case *c,
          const char *path,
          int         repeats)
{
  g_autoptr(TsScenario) scenario = ts_scenario_new ();
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *times = g_new (double, repeats);
  g_autofree char *label = NULL;
  const TsCatalogModel *model = ts_catalog_find_model (catalog, c->model_id);
  gsize bytes = 0;
  guint pages = 0;

  if (model == NULL)
    {
      printf ("%-46s (model %s not in the catalog)\n", c->label, c->model_id);
      return;
    }
  ts_scenario_set_model (scenario, &model->model);
  scenario->method = c->method;
  if (c->server_id != NULL)
    ts_scenario_set_server (scenario, c->server_id);
  scenario->servers = c->servers;
  plan = ts_plan_compute (catalog, scenario, &error);
  if (plan == NULL)
    {
      printf ("%-46s (%s)\n", c->label, error->message);
      return;
    }

  for (int i = 0; i < WARMUP + repeats; i++)
    {
      gint64 start = g_get_monotonic_time ();

      bytes = 0;
      pages = produce (plan, c->lang, path, &bytes);
      if (i >= WARMUP)
        times[i - WARMUP] = (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (times, repeats, sizeof (double), ts_bench_compare_doubles);
  label = path != NULL ? g_strdup_printf ("%s, written to disk", c->label) : g_strdup (c->label);
  printf ("%-46s %5u %9.1f ms %9.1f ms   %s\n", label, pages, times[repeats / 2], times[0],
          times[repeats / 2] < TARGET_MS ? "ok" : "SLOW");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(GError) error = NULL;
  gboolean quick = argc > 1 && strcmp (argv[1], "--quick") == 0;
  int repeats = quick ? QUICK_REPEATS : REPEATS;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  const Case cases[] = {
    { "70B full training, recommended (en)", "llama-3.1-70b", TS_METHOD_FULL, NULL, 0, "en" },
    { "70B full training, recommended (ru)", "llama-3.1-70b", TS_METHOD_FULL, NULL, 0, "ru" },
    { "8B LoRA, recommended (en)", "llama-3.1-8b", TS_METHOD_LORA, NULL, 0, "en" },
    { "405B full on 64 × DGX B200 (en)", "llama-3.1-405b", TS_METHOD_FULL, "dgx-b200", 64, "en" },
  };

  ts_i18n_init ();
  catalog = ts_catalog_new_builtin (&error);
  if (catalog == NULL)
    {
      fprintf (stderr, "bench-pdf: %s\n", error->message);
      return EXIT_FAILURE;
    }

  printf ("pdf, full A4 spec sheet, headless (cairo PDF surface), %d runs%s\n", repeats, quick ? " (quick)" : "");
  printf ("%-46s %5s %12s %12s   target < %.0f ms\n", "document", "pages", "median", "fastest", TARGET_MS);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    run_case (catalog, &cases[i], NULL, repeats);

  dir = g_dir_make_tmp ("ts-bench-pdf-XXXXXX", NULL);
  if (dir != NULL)
    {
      path = g_build_filename (dir, "spec.pdf", NULL);
      run_case (catalog, &cases[G_N_ELEMENTS (cases) - 1], path, repeats);
      g_unlink (path);
      g_rmdir (dir);
    }
  return EXIT_SUCCESS;
}
