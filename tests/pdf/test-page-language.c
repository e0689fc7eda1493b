/* test-page-language.c — a spec sheet in its own language while the
 * process keeps its own, from the caller's plan (never a copy)
 *
 * Expected values are written here by hand: the Russian words are those
 * of po/ru.po for the title, the warnings heading and the “no option
 * works” warning; the figures are the article's rule of thumb for a 70B
 * model's full training, 16–18 bytes per parameter: 70 × 16 = 1,120 and
 * 70 × 18 = 1,260 GB, “1 120–1 260 ГБ” in Russian (narrow no-break space
 * between thousands, read back as a space); Russian plurals follow the
 * three-form rule of the ru.po header (1, 21: сервер; 2–4, 22: сервера;
 * 5–20, 25, 111, 112: серверов).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pdf-support.h"
#include "ts-format.h"
#include "ts-specsheet.h"
#include "ts-test-support.h"

#define TITLE_EN "Training hardware specification"
#define TITLE_RU "Спецификация оборудования для обучения"
#define RULE_EN "1,120–1,260 GB"
#define RULE_RU "1 120–1 260 ГБ"
#define NOTHING_WORKS_EN "No option of the catalog works for this training job"
#define NOTHING_WORKS_RU "Ни один вариант каталога не подходит для этой задачи обучения"
#define WARNINGS_RU "Предупреждения"
/* 1234.5 with one decimal, as the process's language writes it */
#define NUMBER_EN "1,234.5"
#define NUMBER_RU "1\u202f234,5"
/* Where the appendix of framework configuration files (code, not prose)
 * begins on a Russian sheet. */
#define APPENDIX_RU "Приложение: конфигурация запуска"

static char *tmpdir;

/* A 70B model's full training where no server works (a 1 kW rack takes
 * none): the plan has a warning as well as reasons and figures. */
static TsPlan *
plan_nothing_works (TsCatalog *catalog)
{
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, NULL, 70e9, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  scenario->rack_kw = 1;
  /* the custom model's name was written in the process's language when
   * the scenario was made (scenario data, not the page's words): a
   * product name instead, the same in both languages */
  g_free (scenario->model.name);
  scenario->model.name = g_strdup ("Llama 70B");
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->warnings->len, ==, 1);
  return plan;
}

static char *
sheet_text (const TsPlan *plan,
            const char   *lang,
            const char   *name)
{
  g_autoptr(TsSpecsheet) sheet = ts_specsheet_new (plan, lang, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autofree char *text = NULL;

  g_assert_true (ts_specsheet_write_pdf (sheet, path, &error));
  g_assert_no_error (error);
  /* -layout: the page's order, so the appendix is last */
  text = ts_pdf_tool ("pdftotext -layout", path);
  return ts_pdf_normalise (text);
}

/* The process's own words and numbers: what the window would show. */
static void
assert_process_language (const char *language,
                         const char *title,
                         const char *number)
{
  g_autofree char *formatted = ts_format_number (1234.5, 1);

  g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, language);
  g_assert_cmpstr (_(TITLE_EN), ==, title);
  g_assert_cmpstr (formatted, ==, number);
  g_assert_null (ts_i18n_get_thread_language ());
}

/* Names Russian keeps in Latin letters: tests/i18n/latin-words.txt, the
 * vendor's name (“Prepared by”), and any word with a capital or a digit
 * that the catalog file holds (model, GPU, server and network names). */
static gboolean
is_allowed_latin (GHashTable *listed,
                  const char *vendor,
                  const char *catalog_json,
                  const char *word)
{
  gboolean has_capital_or_digit = FALSE;

  if (g_hash_table_contains (listed, word) || strstr (vendor, word) != NULL)
    return TRUE;
  /* a lone capital is a feed (A, B), a unit (U) or a size suffix */
  if (strlen (word) == 1 && g_ascii_isupper (word[0]))
    return TRUE;
  for (const char *c = word; *c != '\0'; c++)
    has_capital_or_digit |= g_ascii_isupper (*c) || g_ascii_isdigit (*c);
  return has_capital_or_digit && strstr (catalog_json, word) != NULL;
}

static GHashTable *
read_latin_words (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "i18n", "latin-words.txt", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0' && lines[i][0] != '#')
        g_hash_table_add (words, g_strdup (lines[i]));
    }
  return words;
}

/* Fails on any English word in the Russian sheet's prose. */
static void
assert_no_english (const char *text,
                   const char *vendor)
{
  g_autoptr(GHashTable) listed = read_latin_words ();
  g_autofree char *catalog_path = g_test_build_filename (G_TEST_DIST, "..", "data", "catalog.json", NULL);
  g_autofree char *catalog_json = NULL;
  g_autoptr(GRegex) latin = g_regex_new ("(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9]*(?:[-./][A-Za-z0-9]+)*", 0, 0, NULL);
  g_autoptr(GRegex) number = g_regex_new ("TS-\\d{8}-[0-9a-f]+", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *prose = NULL;
  g_autoptr(GString) english = g_string_new (NULL);
  const char *appendix = strstr (text, APPENDIX_RU);

  g_assert_true (g_file_get_contents (catalog_path, &catalog_json, NULL, NULL));
  g_assert_nonnull (appendix);
  /* the prose before the appendix, less the document number (an
   * identifier) */
  prose = g_regex_replace_literal (number, text, appendix - text, 0, "", 0, NULL);

  g_regex_match (latin, prose, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *word = g_match_info_fetch (match, 0);

      if (!is_allowed_latin (listed, vendor, catalog_json, word))
        g_string_append_printf (english, " %s", word);
    }
  if (english->len > 0)
    g_printerr ("English words on the Russian sheet:%s\n", english->str);
  g_assert_cmpuint (english->len, ==, 0);
}

static gboolean
has_cyrillic (const char *text)
{
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if (u >= 0x0400 && u <= 0x04FF)
        return TRUE;
    }
  return FALSE;
}

static void
test_russian_sheet_in_english_process (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_nothing_works (catalog);
  g_autofree char *text = NULL;

  ts_i18n_set_language ("en");
  text = sheet_text (plan, "ru", "ru-in-en.pdf");

  g_assert_nonnull (strstr (text, TITLE_RU));
  g_assert_nonnull (strstr (text, WARNINGS_RU));
  g_assert_nonnull (strstr (text, NOTHING_WORKS_RU));
  g_assert_nonnull (strstr (text, RULE_RU));
  assert_no_english (text, ts_catalog_get_vendor_name (catalog));
  assert_process_language ("en", TITLE_EN, NUMBER_EN);
}

static void
test_english_sheet_in_russian_process (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_nothing_works (catalog);
  g_autofree char *text = NULL;

  ts_i18n_set_language ("ru");
  text = sheet_text (plan, "en", "en-in-ru.pdf");

  g_assert_nonnull (strstr (text, TITLE_EN));
  g_assert_nonnull (strstr (text, NOTHING_WORKS_EN));
  g_assert_nonnull (strstr (text, RULE_EN));
  g_assert_false (has_cyrillic (text));
  assert_process_language ("ru", TITLE_RU, NUMBER_RU);
  ts_i18n_set_language ("en");
}

/* ---- the window's language while a page is made ----------------------- */

typedef struct
{
  gint     done;
  guint    looks;
  GString *wrong;   /* what the other thread saw change */
} Watch;

/* Another thread of the process (the window's, in the app) reads its
 * language while the sheet is made and drawn: it must never change. */
static gpointer
watch_language (gpointer data)
{
  Watch *watch = data;

  while (!g_atomic_int_get (&watch->done))
    {
      const char *language = g_getenv ("LANGUAGE");
      const char *title = _(TITLE_EN);
      g_autofree char *number = ts_format_number (1234.5, 1);

      if ((g_strcmp0 (language, "en") != 0 || g_strcmp0 (title, TITLE_EN) != 0
          || g_strcmp0 (number, NUMBER_EN) != 0) && watch->wrong->len < 1000)
        g_string_append_printf (watch->wrong, "[%s | %s | %s] ", language, title, number);
      watch->looks++;
    }
  return NULL;
}

static void
test_process_untouched_while_drawing (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_nothing_works (catalog);
  Watch watch = { 0, 0, g_string_new (NULL) };
  GThread *thread;

  ts_i18n_set_language ("en");
  thread = g_thread_new ("watch-language", watch_language, &watch);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("ru-watched-%u.pdf", i);
      g_autoptr(TsSpecsheet) sheet = ts_specsheet_new (plan, "ru", NULL);
      g_autofree char *path = g_build_filename (tmpdir, name, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_true (ts_specsheet_write_pdf (sheet, path, &error));
      g_assert_no_error (error);
    }
  g_atomic_int_set (&watch.done, 1);
  g_thread_join (thread);

  if (watch.wrong->len > 0)
    g_printerr ("The process's language changed while the sheet was made: %s\n", watch.wrong->str);
  g_assert_cmpuint (watch.wrong->len, ==, 0);
  g_assert_cmpuint (watch.looks, >, 0);
  g_string_free (watch.wrong, TRUE);
  assert_process_language ("en", TITLE_EN, NUMBER_EN);
}

/* Two threads draw a Russian and an English sheet of the same plan at
 * once: each page language is its thread's alone, so each sheet's text is
 * the text the same sheet has when drawn by itself. */
typedef struct
{
  const TsPlan *plan;
  const char   *lang;
  const char   *name;
} Drawing;

static gpointer
draw_sheet_text (gpointer data)
{
  const Drawing *drawing = data;

  return sheet_text (drawing->plan, drawing->lang, drawing->name);
}

static void
test_two_languages_at_once (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_nothing_works (catalog);
  g_autofree char *alone_ru = sheet_text (plan, "ru", "alone-ru.pdf");
  g_autofree char *alone_en = sheet_text (plan, "en", "alone-en.pdf");
  Drawing ru = { plan, "ru", "together-ru.pdf" };
  Drawing en = { plan, "en", "together-en.pdf" };
  GThread *ru_thread, *en_thread;
  g_autofree char *together_ru = NULL;
  g_autofree char *together_en = NULL;

  ts_i18n_set_language ("en");
  ru_thread = g_thread_new ("sheet-ru", draw_sheet_text, &ru);
  en_thread = g_thread_new ("sheet-en", draw_sheet_text, &en);
  together_ru = g_thread_join (ru_thread);
  together_en = g_thread_join (en_thread);

  g_assert_nonnull (strstr (together_ru, TITLE_RU));
  g_assert_nonnull (strstr (together_en, TITLE_EN));
  g_assert_false (has_cyrillic (together_en));
  g_assert_cmpstr (together_ru, ==, alone_ru);
  g_assert_cmpstr (together_en, ==, alone_en);
  assert_process_language ("en", TITLE_EN, NUMBER_EN);
}

/* ---- the page language's own lookups ---------------------------------- */

static void
test_russian_plurals (void)
{
  static const struct { gulong n; const char *form; } forms[] = {
    { 1, "%u сервер" }, { 2, "%u сервера" }, { 4, "%u сервера" }, { 5, "%u серверов" },
    { 11, "%u серверов" }, { 12, "%u серверов" }, { 21, "%u сервер" }, { 22, "%u сервера" },
    { 25, "%u серверов" }, { 111, "%u серверов" }, { 112, "%u серверов" }, { 0, "%u серверов" },
  };
  const char *previous;

  ts_i18n_set_language ("en");
  previous = ts_i18n_set_thread_language ("ru");
  g_assert_null (previous);
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    g_assert_cmpstr (ts_i18n_ngettext ("%u server", "%u servers", forms[i].n), ==, forms[i].form);
  g_assert_cmpstr (ts_i18n_get_code (), ==, "ru");
  g_assert_cmpstr (ts_i18n_gettext (TITLE_EN), ==, TITLE_RU);

  g_assert_cmpstr (ts_i18n_set_thread_language ("en"), ==, "ru");
  g_assert_cmpstr (ts_i18n_ngettext ("%u server", "%u servers", 1), ==, "%u server");
  g_assert_cmpstr (ts_i18n_ngettext ("%u server", "%u servers", 21), ==, "%u servers");
  g_assert_cmpstr (ts_i18n_gettext (TITLE_EN), ==, TITLE_EN);

  ts_i18n_set_thread_language (NULL);
  assert_process_language ("en", TITLE_EN, NUMBER_EN);
}

/* ---- one plan, shared ------------------------------------------------- */

/* The sheet holds the caller's plan itself, with the option picked in it,
 * and lets it go when freed. */
static void
test_sheet_shares_plan (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, scenario, &error);
  TsSpecsheet *sheet;

  g_assert_no_error (error);
  g_assert_cmpuint (plan->options->len, >, 2);
  ts_plan_choose_option (plan, 2);
  g_assert_false (ts_plan_is_shared (plan));

  sheet = ts_specsheet_new (plan, "ru", NULL);
  g_assert_true (ts_specsheet_get_plan (sheet) == plan);
  g_assert_true (ts_plan_is_shared (plan));
  g_assert_true (ts_plan_get_shown_option (ts_specsheet_get_plan (sheet))
                 == &g_array_index (plan->options, TsOption, 2));

  ts_specsheet_free (sheet);
  g_assert_false (ts_plan_is_shared (plan));
}

int
main (int    argc,
      char **argv)
{
  ts_test_init (&argc, &argv);
  tmpdir = ts_test_make_dir ("ts-page-language");

  g_test_add_func ("/page-language/russian-sheet-in-english-process", test_russian_sheet_in_english_process);
  g_test_add_func ("/page-language/english-sheet-in-russian-process", test_english_sheet_in_russian_process);
  g_test_add_func ("/page-language/process-untouched-while-drawing", test_process_untouched_while_drawing);
  g_test_add_func ("/page-language/two-languages-at-once", test_two_languages_at_once);
  g_test_add_func ("/page-language/russian-plurals", test_russian_plurals);
  g_test_add_func ("/page-language/sheet-shares-plan", test_sheet_shares_plan);

  return ts_test_run_in_dir (tmpdir);
}
