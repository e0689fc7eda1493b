/* test-print.c — the window's “Export PDF” gives the same document as
 * trainsizer-cli pdf (tagged, the same text), in the chosen language,
 * written atomically; print and preview through GtkPrintOperation
 *
 * Expected values: A4 = 595.276 × 841.89 pt (ISO 216); the Russian title
 * is written here by hand; "the same PDF" means the same page count, page
 * size and extracted text as the command line's file for the same saved
 * scenario.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <adwaita.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "pdf-support.h"
#include "ts-print.h"
#include "ts-test-support.h"

static char *tmpdir;
static gboolean have_display;

static TsPlan *
plan_70b (TsCatalog *catalog)
{
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  TsPlan *plan = ts_plan_compute (catalog, scenario, &error);

  g_assert_no_error (error);
  return plan;
}

static void
cli_pdf (const char *scenario_path,
         const char *lang,
         const char *output)
{
  const char *argv[] = { "pdf", "--scenario", scenario_path, "--output", output, "--lang", lang, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = ts_test_run_cli (argv, &out, &err);

  if (status != 0)
    g_printerr ("trainsizer-cli: %s\n", err);
  g_assert_cmpint (status, ==, 0);
}

static void
check_same (const char *lang)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario_path = g_build_filename (tmpdir, "70b.json", NULL);
  g_autofree char *cli_path = g_strdup_printf ("%s/cli-%s.pdf", tmpdir, lang);
  g_autofree char *gtk_path = g_strdup_printf ("%s/gtk-%s.pdf", tmpdir, lang);
  g_autofree char *cli_info = NULL;
  g_autofree char *gtk_info = NULL;
  g_autofree char *cli_text = NULL;
  g_autofree char *gtk_text = NULL;
  g_autofree char *tagged = NULL;
  g_autofree char *gtk_bytes = NULL;
  const char *fields[] = { "Pages", "Page size", "Title", "Creator", "Author", "Subject", "Tagged" };

  g_assert_true (ts_scenario_save_file (plan->scenario, scenario_path, &error));
  g_assert_no_error (error);
  cli_pdf (scenario_path, lang, cli_path);
  g_assert_true (ts_print_export_pdf (NULL, plan, gtk_path, lang, &error));
  g_assert_no_error (error);

  cli_info = ts_pdf_tool ("pdfinfo", cli_path);
  gtk_info = ts_pdf_tool ("pdfinfo", gtk_path);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *a = ts_pdf_info_field (cli_info, fields[i]);
      g_autofree char *b = ts_pdf_info_field (gtk_info, fields[i]);

      g_assert_nonnull (a);
      g_assert_cmpstr (a, ==, b);
    }
  {
    g_autofree char *size = ts_pdf_info_field (gtk_info, "Page size");

    g_assert_nonnull (strstr (size, "841.89"));
    g_assert_true (g_str_has_prefix (size, "595.2"));
  }
  /* a tagged PDF (ISO 32000-1, 14.8) that names its page language for a
   * screen reader, like the command line's (docs/tagged-pdf.md) */
  tagged = ts_pdf_info_field (gtk_info, "Tagged");
  g_assert_cmpstr (tagged, ==, "yes");
  {
    g_autofree char *lang_entry = g_strdup_printf ("/Lang (%s)", lang);

    gsize length = 0;

    /* the file has binary streams: search all of its bytes */
    g_assert_true (g_file_get_contents (gtk_path, &gtk_bytes, &length, NULL));
    g_assert_nonnull (memmem (gtk_bytes, length, lang_entry, strlen (lang_entry)));
  }

  /* Word for word, in the order of their places on the page (both lay
   * out with the same unhinted metrics); -layout orders text by position,
   * not by the order GTK's and the CLI's surfaces emitted it. */
  cli_text = ts_pdf_tool ("pdftotext -layout", cli_path);
  gtk_text = ts_pdf_tool ("pdftotext -layout", gtk_path);
  {
    /* pdftotext may pad a page with one blank line more or less. */
    g_autofree char *a = ts_pdf_normalise (cli_text);
    g_autofree char *b = ts_pdf_normalise (gtk_text);

    g_assert_cmpstr (a, ==, b);
  }
}

static void
test_same_as_cli_en (void)
{
  check_same ("en");
}

static void
test_same_as_cli_ru (void)
{
  g_autofree char *before = g_strdup (ts_i18n_get_code ());
  g_autofree char *path = g_build_filename (tmpdir, "gtk-ru.pdf", NULL);
  g_autofree char *info = NULL;
  g_autofree char *title = NULL;

  check_same ("ru");
  info = ts_pdf_tool ("pdfinfo", path);
  title = ts_pdf_info_field (info, "Title");
  g_assert_cmpstr (title, ==, "Спецификация оборудования для обучения");
  /* The document's language does not leak into the interface's. */
  g_assert_cmpstr (ts_i18n_get_code (), ==, before);
}

static void
test_unwritable (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (tmpdir, "folder.pdf", NULL);
  g_autofree char *missing = g_build_filename (tmpdir, "missing", "x.pdf", NULL);
  g_autoptr(GDir) listing = NULL;
  const char *name;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_false (ts_print_export_pdf (NULL, plan, folder, "en", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "folder.pdf"));
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_clear_error (&error);

  g_assert_false (ts_print_export_pdf (NULL, plan, missing, "en", &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  listing = g_dir_open (tmpdir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      if (g_str_has_prefix (name, "."))
        g_printerr ("left behind: %s\n", name);
      g_assert_false (g_str_has_prefix (name, "."));
    }
  g_rmdir (folder);
}

static void
test_operation_setup (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);
  g_autoptr(GtkPrintOperation) op = ts_print_operation_new (plan, "en");
  GtkPageSetup *setup = gtk_print_operation_get_default_page_setup (op);
  GtkUnit unit;
  gboolean full_page;

  /* A4 whatever LC_PAPER says (en_US would give Letter): 210 × 297 mm. */
  g_assert_cmpfloat_with_epsilon (gtk_page_setup_get_paper_width (setup, GTK_UNIT_MM), 210, 0.01);
  g_assert_cmpfloat_with_epsilon (gtk_page_setup_get_paper_height (setup, GTK_UNIT_MM), 297, 0.01);
  g_assert_cmpint (gtk_page_setup_get_orientation (setup), ==, GTK_PAGE_ORIENTATION_PORTRAIT);
  g_object_get (op, "unit", &unit, "use-full-page", &full_page, NULL);
  g_assert_cmpint (unit, ==, GTK_UNIT_POINTS);
  g_assert_true (full_page);
}

static guint
count_drawing_areas (GtkWidget *widget)
{
  guint n = GTK_IS_DRAWING_AREA (widget) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_drawing_areas (child);
  return n;
}

static void
test_preview (void)
{
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "preview.pdf", NULL);
  g_autofree char *info = NULL;
  g_autofree char *pages = NULL;
  GtkWindow *window;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }
  catalog = ts_test_catalog ();
  plan = plan_70b (catalog);
  g_assert_true (ts_print_export_pdf (NULL, plan, path, "en", &error));
  info = ts_pdf_tool ("pdfinfo", path);
  pages = ts_pdf_info_field (info, "Pages");

  window = ts_print_show_preview (NULL, plan, "en");
  g_assert_nonnull (window);
  /* The preview copies what it needs: the plan may go right away. */
  g_clear_pointer (&plan, ts_plan_free);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  /* One page on screen for each page of the PDF. */
  g_assert_cmpuint (count_drawing_areas (GTK_WIDGET (window)), ==, g_ascii_strtoull (pages, NULL, 10));
  gtk_window_destroy (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A model name of some 20,000 characters (far more than a catalog
 * accepts, so set on the scenario in memory), ending in a word of its
 * own so its last part can be found. */
#define NAME_END "Endofthename"

static TsPlan *
plan_with_long_name (TsCatalog *catalog)
{
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, NULL, 70e9, TS_METHOD_FULL);
  g_autoptr(GString) name = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  for (guint i = 0; name->len < 20000; i++)
    g_string_append_printf (name, "Word%u ", i);
  g_string_append (name, NAME_END);
  /* The engine refuses a model name over 200 characters (issue 15.11),
   * but the sheet must lay out any text it is handed within its pages:
   * the name is put on the computed plan. */
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  g_free (plan->scenario->model.name);
  plan->scenario->model.name = g_strdup (name->str);
  return plan;
}

/* The window's export lays out text taller than a page the same way:
 * cut between lines, nothing over the footer or off the page. */
static void
test_long_text (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_with_long_name (catalog);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "long-name.pdf", NULL);
  g_autofree char *text = NULL;

  g_assert_true (ts_print_export_pdf (NULL, plan, path, "en", &error));
  g_assert_no_error (error);
  ts_pdf_assert_text_above_footer (path);
  text = ts_pdf_tool ("pdftotext", path);
  g_assert_nonnull (strstr (text, NAME_END));
}

/* The disk fills up while the export is written (RLIMIT_FSIZE at half
 * the document's size; no signal, writes fail with EFBIG): GTK 4.8's
 * export did not look at its PDF surface's status and saved a truncated
 * file. It must be an error naming the file and the system's reason, with
 * no file and no temporary. */
static void
test_write_fails (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "full-disk", NULL);
  g_autofree char *path = g_build_filename (dir, "spec.pdf", NULL);

  if (g_test_subprocess ())
    {
      g_autoptr(TsCatalog) catalog = ts_test_catalog ();
      g_autoptr(TsPlan) plan = plan_70b (catalog);
      g_autoptr(GError) error = NULL;
      g_autoptr(GDir) listing = NULL;
      GStatBuf st;
      struct rlimit limit;

      /* The whole document first, to know its size. */
      g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
      g_assert_true (ts_print_export_pdf (NULL, plan, path, "en", &error));
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_cmpint (g_remove (path), ==, 0);

      signal (SIGXFSZ, SIG_IGN);
      limit.rlim_cur = limit.rlim_max = (rlim_t) st.st_size / 2;
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);

      g_assert_false (ts_print_export_pdf (NULL, plan, path, "en", &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "spec.pdf"));
      g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      listing = g_dir_open (dir, 0, NULL);
      g_assert_null (g_dir_read_name (listing));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_rmdir (dir);
}

/* The preview of a cluster of thousands of racks (which crashed, as the
 * PDF did) opens with as many pages as the command line's PDF of the
 * same scenario: at least the four parts (identical racks are drawn
 * once, so the elevation no longer runs to hundreds of pages). */
static void
test_preview_huge_cluster (void)
{
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario_path = g_build_filename (tmpdir, "405b-15t-7d.json", NULL);
  g_autofree char *pdf_path = g_build_filename (tmpdir, "405b-15t-7d.pdf", NULL);
  g_autofree char *info = NULL;
  g_autofree char *pages = NULL;
  GtkWindow *window;
  guint n_areas;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }
  catalog = ts_test_catalog ();
  scenario = ts_test_scenario (catalog, "llama-3.1-405b", 0, TS_METHOD_FULL);
  scenario->tokens = 15e12;
  scenario->deadline_days = 7;
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  g_assert_true (ts_scenario_save_file (plan->scenario, scenario_path, &error));

  /* The preview first: it is what crashed in the window. */
  window = ts_print_show_preview (NULL, plan, "en");
  g_assert_nonnull (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  n_areas = count_drawing_areas (GTK_WIDGET (window));
  gtk_window_destroy (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;

  cli_pdf (scenario_path, "en", pdf_path);
  info = ts_pdf_tool ("pdfinfo", pdf_path);
  pages = ts_pdf_info_field (info, "Pages");
  g_assert_cmpuint (g_ascii_strtoull (pages, NULL, 10), >=, 4);
  g_assert_cmpuint (n_areas, ==, g_ascii_strtoull (pages, NULL, 10));
  g_remove (pdf_path);
}

/* The window's print and export describe the window's own plan, with the
 * option picked there: the operation holds that very plan (a reference,
 * so the plan is shared while it lives) instead of computing another, and
 * the export names the picked configuration. */
static void
test_shares_plan (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_70b (catalog);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "picked.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *flat = NULL;
  g_autofree char *chosen = NULL;
  GtkPrintOperation *op;
  const TsOption *o;

  g_assert_cmpuint (plan->options->len, >, 2);
  ts_plan_choose_option (plan, 2);
  o = ts_plan_get_shown_option (plan);
  g_assert_false (ts_plan_is_shared (plan));

  op = ts_print_operation_new (plan, "ru");
  g_assert_true (ts_plan_is_shared (plan));
  g_object_unref (op);
  g_assert_false (ts_plan_is_shared (plan));

  g_assert_true (ts_print_export_pdf (NULL, plan, path, "en", &error));
  g_assert_no_error (error);
  g_assert_false (ts_plan_is_shared (plan));
  /* the sheet's words for the shown configuration (ts-specsheet-content.c) */
  chosen = g_strdup_printf ("Chosen: %u × %s", o->servers, o->server->name);
  text = ts_pdf_tool ("pdftotext", path);
  flat = ts_pdf_normalise (text);
  g_assert_nonnull (strstr (flat, chosen));
}

int
main (int    argc,
      char **argv)
{
  ts_i18n_init ();
  /* EXPORT needs no display (verified on GTK 4.8); initialise GTK when
   * there is one, as the window would. */
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    adw_init ();
  tmpdir = ts_test_make_dir ("ts-print");

  g_test_add_func ("/print/operation-setup", test_operation_setup);
  g_test_add_func ("/print/export/same-as-cli-en", test_same_as_cli_en);
  g_test_add_func ("/print/export/same-as-cli-ru", test_same_as_cli_ru);
  g_test_add_func ("/print/export/unwritable", test_unwritable);
  g_test_add_func ("/print/preview", test_preview);
  g_test_add_func ("/print/export/long-text", test_long_text);
  g_test_add_func ("/print/export/write-fails", test_write_fails);
  g_test_add_func ("/print/preview/huge-cluster", test_preview_huge_cluster);
  g_test_add_func ("/print/shares-plan", test_shares_plan);

  return ts_test_run_in_dir (tmpdir);
}
