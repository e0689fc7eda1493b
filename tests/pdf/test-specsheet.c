/* test-specsheet.c — the spec sheet's layout through its own API: text far
 * longer than a catalog accepts, table headings, a cairo context in error
 *
 * The catalog refuses names this long, so the long text comes in as a
 * model's name set on the scenario in memory: it fills the subtitle, a
 * cell of the scenario table and the verdict, each far taller than a page.
 * Expected values are written here by hand: the comparison's heading
 * “Headroom” (one word of the design's table), and that text stays on its
 * page above the footer's line, read back with pdftotext -bbox.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pdf-support.h"
#include "ts-specsheet.h"
#include "ts-test-support.h"

/* Ends the long name, so the test can tell its last part was printed. */
#define NAME_END "Endofthename"

static char *tmpdir;

/* About n characters of words, a run of 3,000 letters without a space
 * (which only breaks inside the word), then NAME_END. */
static char *
long_name (guint n)
{
  GString *name = g_string_new (NULL);

  for (guint i = 0; name->len < n; i++)
    g_string_append_printf (name, "Word%u ", i);
  for (guint i = 0; i < 3000; i++)
    g_string_append_c (name, 'X');
  g_string_append (name, " " NAME_END);
  return g_string_free (name, FALSE);
}

static TsPlan *
plan_named (TsCatalog  *catalog,
            const char *name)
{
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, NULL, 70e9, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  /* The engine refuses a model name over 200 characters (issue 15.11),
   * but the sheet must lay out any text it is handed within its pages:
   * the name is put on the computed plan. */
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  g_free (plan->scenario->model.name);
  plan->scenario->model.name = g_strdup (name);
  return plan;
}

static char *
write_sheet (const TsPlan *plan,
             const char   *lang,
             const char   *name)
{
  g_autoptr(TsSpecsheet) sheet = ts_specsheet_new (plan, lang, NULL);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_true (ts_specsheet_write_pdf (sheet, path, &error));
  g_assert_no_error (error);
  return path;
}

/* A 20,000-character name: every line of it on a page, none over the
 * footer or off the page, and its end is there. */
static void
test_long_text_stays_on_pages (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autofree char *name = long_name (20000);
  g_autoptr(TsPlan) plan = plan_named (catalog, name);
  g_autofree char *path = write_sheet (plan, "en", "long-name.pdf");
  g_autofree char *info = ts_pdf_tool ("pdfinfo", path);
  g_autofree char *pages = ts_pdf_info_field (info, "Pages");
  g_autofree char *text = ts_pdf_tool ("pdftotext", path);

  /* 20,000 characters at 12 pt on a 175 mm line are some 250 lines of
   * 15 pt: the subtitle alone takes five pages. */
  g_assert_cmpuint (g_ascii_strtoull (pages, NULL, 10), >, 5);
  ts_pdf_assert_text_above_footer (path);
  /* The subtitle, the scenario table and the verdict each print it whole. */
  g_assert_nonnull (strstr (text, NAME_END));
  g_assert_nonnull (strstr (text, "Word1000 "));
}

/* A 200-character name, the most a catalog will hold, lays out the same
 * way without running anywhere it should not. */
static void
test_catalog_length_name (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autofree char *name = long_name (200);
  g_autoptr(TsPlan) plan = plan_named (catalog, name);
  g_autofree char *path = write_sheet (plan, "ru", "name-200.pdf");

  ts_pdf_assert_text_above_footer (path);
}

/* Every heading of the comparison table reads whole: none is broken
 * inside a word (“Headro-om”), in either language. */
static void
check_headings (const char         *lang,
                const char * const *headings)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, scenario, &error);
  g_autofree char *file = g_strdup_printf ("headings-%s.pdf", lang);
  g_autofree char *path = NULL;
  g_autoptr(GArray) words = NULL;

  g_assert_no_error (error);
  path = write_sheet (plan, lang, file);
  words = ts_pdf_words (path);
  for (guint h = 0; headings[h] != NULL; h++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < words->len && !found; i++)
        found = g_strcmp0 (g_array_index (words, TsPdfWord, i).text, headings[h]) == 0;
      if (!found)
        g_printerr ("%s: the heading “%s” is not one word\n", lang, headings[h]);
      g_assert_true (found);
    }
  for (guint i = 0; i < words->len; i++)
    g_assert_false (g_str_has_suffix (g_array_index (words, TsPdfWord, i).text, "-")
                    && g_str_has_prefix (g_array_index (words, TsPdfWord, i).text, "Headro"));
}

static void
test_headings_whole (void)
{
  /* The comparison's columns (ui.md “The spec sheet”), by hand. */
  static const char * const en[] = { "Option", "GPUs", "Headroom", "Verdict", "Link", "Time", "Power", "Racks",
                                     NULL };
  static const char * const ru[] = { "Вариант", "Запас", "Вывод", "Связь", "Время", "Мощность", "Стойки", NULL };

  check_headings ("en", en);
  check_headings ("ru", ru);
}

/* A context cairo could not make (an image of -1 × -1 pixels) is an
 * error the caller hears of, not a page silently left blank. */
static void
test_context_in_error (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-8b", 0, TS_METHOD_LORA);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, scenario, &error);
  g_autoptr(TsSpecsheet) sheet = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, -1, -1);
  cairo_t *cr = cairo_create (surface);

  g_assert_no_error (error);
  g_assert_cmpint (cairo_status (cr), !=, CAIRO_STATUS_SUCCESS);
  sheet = ts_specsheet_new (plan, "en", NULL);
  g_assert_false (ts_specsheet_draw_page (sheet, cr, 0, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT,
                                          &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "page 1"));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  int status;

  ts_i18n_init ();
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("ts-specsheet-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  g_test_add_func ("/specsheet/long-text-stays-on-pages", test_long_text_stays_on_pages);
  g_test_add_func ("/specsheet/catalog-length-name", test_catalog_length_name);
  g_test_add_func ("/specsheet/headings-whole", test_headings_whole);
  g_test_add_func ("/specsheet/context-in-error", test_context_in_error);

  status = g_test_run ();
  ts_pdf_remove_dir (tmpdir);
  g_free (tmpdir);
  return status;
}
