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

#include <glib/gstdio.h>
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

/* A logo to brand with: a 600 × 200 PNG (a coloured band), written with
 * cairo into the test's folder. */
static char *
write_logo (void)
{
  char *path = g_build_filename (tmpdir, "logo.png", NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 200);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0.1, 0.3, 0.6);
  cairo_rectangle (cr, 0, 0, 600, 200);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 0.8, 0);
  cairo_arc (cr, 100, 100, 80, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  return path;
}

/* The number of images pdfimages -list finds in the PDF (its two header
 * lines left out). */
static guint
count_images (const char *path)
{
  const char *argv[] = { "pdfimages", "-list", path, NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  int status = 0;
  guint n = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 2; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0')
      n++;
  return n;
}

/* A branded Russian sheet: the vendor, its contact and quote address,
 * the customer and the project on the first page, the logo drawn, and
 * the PDF's metadata naming them (pdfinfo). A user catalog's vendor
 * record stands in for the built-in demo vendor entirely. */
static void
test_branding (void)
{
  static const char overlay[] =
    "{\"schema_version\": 1, \"vendor\": {\"name\": \"ООО «Вычислитель»\", "
    "\"quote_email\": \"zakaz@vychislitel.ru\"}}";
  g_autofree char *overlay_path = g_build_filename (tmpdir, "vendor.json", NULL);
  g_autofree char *logo = write_logo ();
  g_autofree char *path = g_build_filename (tmpdir, "branded-ru.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(TsSpecsheet) sheet = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) pages = NULL;
  g_autofree char *first = NULL;
  g_autofree char *info = NULL;
  g_autofree char *title = NULL;
  g_autofree char *author = NULL;
  g_autofree char *subject = NULL;
  g_autofree char *creator = NULL;
  TsBranding branding = {
    .logo_path = logo,
    .contact = "Москва, ул. Тверская, 1 · +7 495 000-00-00",
    .customer = "АО «Заказчик»",
    .project = "Языковая модель для поддержки",
  };

  g_assert_true (g_file_set_contents (overlay_path, overlay, -1, NULL));
  catalog = ts_catalog_new_with_overlay (overlay_path, &error);
  g_assert_no_error (error);
  scenario = ts_test_scenario (catalog, "llama-3.1-8b", 0, TS_METHOD_FULL);
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  sheet = ts_specsheet_new (plan, "ru", NULL);
  g_assert_true (ts_specsheet_set_branding (sheet, &branding, &error));
  g_assert_no_error (error);
  g_assert_true (ts_specsheet_write_pdf (sheet, path, &error));
  g_assert_no_error (error);

  /* TS_PDF_DUMP=DIR keeps a copy for a person to look at */
  if (g_getenv ("TS_PDF_DUMP") != NULL)
    {
      g_autofree char *contents = NULL;
      gsize length = 0;
      g_autofree char *copy = g_build_filename (g_getenv ("TS_PDF_DUMP"), "branded-ru.pdf", NULL);

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (copy, contents, length, NULL));
    }
  text = ts_pdf_tool ("pdftotext", path);
  pages = g_strsplit (text, "\f", 2);
  first = ts_pdf_normalise (pages[0]);
  /* the vendor from the user catalog, with the branding's contact and
   * the catalog's quote address, and whom the sheet is for */
  g_assert_nonnull (strstr (first, "ООО «Вычислитель»"));
  g_assert_nonnull (strstr (first, "Москва, ул. Тверская, 1"));
  g_assert_nonnull (strstr (first, "zakaz@vychislitel.ru"));
  g_assert_nonnull (strstr (first, "АО «Заказчик»"));
  g_assert_nonnull (strstr (first, "Языковая модель для поддержки"));
  /* nothing of the built-in demo vendor anywhere */
  g_assert_null (strstr (text, "example.com"));
  g_assert_null (strstr (text, "demo vendor"));
  g_assert_cmpuint (count_images (path), ==, 1);

  info = ts_pdf_tool ("pdfinfo", path);
  title = ts_pdf_info_field (info, "Title");
  author = ts_pdf_info_field (info, "Author");
  subject = ts_pdf_info_field (info, "Subject");
  creator = ts_pdf_info_field (info, "Creator");
  g_assert_nonnull (strstr (title, "Языковая модель для поддержки"));
  g_assert_cmpstr (author, ==, "ООО «Вычислитель»");
  g_assert_nonnull (strstr (subject, "АО «Заказчик»"));
  g_assert_true (g_str_has_prefix (creator, "Train Sizer"));

  /* a tagged PDF (see test_tagged): the title and headings as such, the
   * quote address a mailto link (pdfinfo -url lists the annotation) */
  {
    g_autofree char *bytes = NULL;
    g_autofree char *urls = ts_pdf_tool ("pdfinfo -url", path);
    gsize length = 0;

    g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
    g_assert_nonnull (memmem (bytes, length, "/StructTreeRoot", strlen ("/StructTreeRoot")));
    g_assert_nonnull (memmem (bytes, length, "/S /H1", strlen ("/S /H1")));
    g_assert_nonnull (memmem (bytes, length, "/S /H2", strlen ("/S /H2")));
    g_assert_nonnull (strstr (urls, "mailto:zakaz@vychislitel.ru"));
  }

  /* a logo that is not a PNG is refused with the file named, and the
   * sheet keeps its branding */
  {
    TsBranding bad = { .logo_path = overlay_path };

    g_assert_false (ts_specsheet_set_branding (sheet, &bad, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "vendor.json"));
    g_clear_error (&error);
    g_assert_true (ts_specsheet_write_pdf (sheet, path, &error));
    g_assert_cmpuint (count_images (path), ==, 1);
  }
}

/* The English spec sheet of 70B full training on server_id, flattened. */
static char *
sheet_text_for_server (TsCatalog  *catalog,
                       const char *server_id)
{
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autofree char *name = g_strconcat (server_id, ".pdf", NULL);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  ts_scenario_set_server (scenario, server_id);
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  path = write_sheet (plan, "en", name);
  text = ts_pdf_tool ("pdftotext", path);
  return ts_pdf_normalise (text);
}

/* Estimates visible: a server whose weight the catalog marks as an
 * estimate shows “≈” before it and names it in the footnote under the
 * table; a server whose weight is sourced shows no mark there. The
 * peak compute is the GPUs × the GPU's dense BF16 figure (in PFLOPS),
 * computed here from the catalog's record. */
static void
test_estimates_marked (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsServer *estimated = NULL, *sourced = NULL;

  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *sv = ts_catalog_get_server (catalog, i);

      if (sv->weight_kg <= 0 || sv->gpu == NULL || g_strcmp0 (sv->kind, "server") != 0)
        continue;
      if (ts_server_is_estimate (sv, "weight_kg") && estimated == NULL)
        estimated = sv;
      if (!ts_server_is_estimate (sv, "weight_kg") && sourced == NULL)
        sourced = sv;
    }
  g_assert_nonnull (estimated);
  g_assert_nonnull (sourced);

  {
    g_autofree char *text = sheet_text_for_server (catalog, estimated->id);
    g_autofree char *pflops = ts_format_number_auto (estimated->gpu_count * estimated->gpu->tflops_bf16 / 1000, 1);
    g_autofree char *peak = g_strdup_printf ("%s PFLOPS BF16", pflops);

    g_assert_nonnull (strstr (text, "Weight ≈ "));
    g_assert_nonnull (strstr (text, "≈ An estimate, not a vendor's published figure:"));
    /* the footnote gives the catalog's reason for the weight */
    g_assert_nonnull (strstr (text, ts_provenance_get_estimate_reason (&estimated->prov, "weight_kg")));
    g_assert_nonnull (strstr (text, peak));
  }
  {
    g_autofree char *text = sheet_text_for_server (catalog, sourced->id);

    g_assert_null (strstr (text, "Weight ≈ "));
  }
}

/* A scenario without a deadline says so once in its time part, not in
 * three lines in a row (the drawing's verdict, its servers-for-the-
 * deadline line and the table's row): “no deadline” (any case) appears
 * once on the time page, and the scenario's “Deadline” row on page 1;
 * the first page's summary says it once more, in its time tile. */
static void
test_no_deadline_once (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autofree char *text = sheet_text_for_server (catalog, "dgx-h200");
  g_autofree char *lower = g_utf8_strdown (text, -1);
  const char *time_part = strstr (lower, "training time and energy");
  guint n = 0;

  g_assert_nonnull (time_part);
  for (const char *p = strstr (time_part, "no deadline"); p != NULL; p = strstr (p + 1, "no deadline"))
    n++;
  g_assert_cmpuint (n, ==, 1);
  /* the summary's tile, before the scenario */
  n = 0;
  for (const char *p = strstr (lower, "no deadline"); p != NULL && p < strstr (lower, "scenario"); p = strstr (p + 1, "no deadline"))
    n++;
  g_assert_cmpuint (n, ==, 1);
}

/* One plan, one truth: the sheet describes the option the user picked,
 * not the recommended one it would compute again. */
static void
test_chosen_option (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, scenario, &error);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *flat = NULL;
  g_autofree char *chosen = NULL;
  const TsOption *o;

  g_assert_no_error (error);
  g_assert_cmpuint (plan->options->len, >, 2);
  ts_plan_choose_option (plan, 2);
  o = ts_plan_get_shown_option (plan);
  chosen = g_strdup_printf ("Chosen: %u × %s", o->servers, o->server->name);
  path = write_sheet (plan, "en", "chosen.pdf");
  text = ts_pdf_tool ("pdftotext", path);
  flat = ts_pdf_normalise (text);
  g_assert_nonnull (strstr (flat, chosen));
  g_remove (path);
}

/* A Russian sheet names the catalog's machines the Russian way: a
 * workstation (the catalog's English “Workstation, …”) as «Рабочая
 * станция», a GPU's “180 GB” in ГБ; product names stay as written. */
static void
test_russian_catalog_names (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-8b", 0, TS_METHOD_LORA);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autofree char *path = NULL;
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;
  const TsServer *workstation = NULL;

  for (guint i = 0; i < ts_catalog_get_n_servers (catalog) && workstation == NULL; i++)
    if (g_str_has_prefix (ts_catalog_get_server (catalog, i)->name, "Workstation"))
      workstation = ts_catalog_get_server (catalog, i);
  g_assert_nonnull (workstation);
  ts_scenario_set_server (scenario, workstation->id);
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  path = write_sheet (plan, "ru", "workstation-ru.pdf");
  raw = ts_pdf_tool ("pdftotext", path);
  text = ts_pdf_normalise (raw);
  g_assert_null (strstr (text, "Workstation,"));
  g_assert_nonnull (strstr (text, "Рабочая станция,"));
}

/* A cluster's sheet names the fabric's switch and adapter models, as the
 * catalog's network record has them (read here from the catalog). */
static void
test_network_models (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-405b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autofree char *path = NULL;
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;
  const TsNetwork *net;

  ts_scenario_set_server (scenario, "dgx-h200");
  scenario->servers = 16;
  plan = ts_plan_compute (catalog, scenario, &error);
  g_assert_no_error (error);
  net = ts_plan_get_shown_option (plan)->server->network;
  g_assert_nonnull (net);
  g_assert_nonnull (net->switch_model);
  path = write_sheet (plan, "en", "network.pdf");
  raw = ts_pdf_tool ("pdftotext", path);
  text = ts_pdf_normalise (raw);
  g_assert_nonnull (strstr (text, net->switch_model));
  if (net->nic_model != NULL)
    g_assert_nonnull (strstr (text, net->nic_model));
}

/* The two bills of materials on the sheet, in both languages
 * (issue 30): from the heading, on its page and the next (a long list
 * goes on there under its column titles again), every line to the
 * racks, each cable line saying where it runs —
 * 4 × DGX H200 over two racks has node–leaf links within a rack (the
 * MCP7Y00 splitters) and between racks; 64 × DGX B200, its leaves in
 * network racks, none from the nodes within a rack, only leaf–spine
 * ones between a leaf and a spine in one network rack (MCP4Y10). The
 * Russian words are ru.po's. */
static void
test_bom_pages (void)
{
  static const struct { const char *lang, *heading, *within, *between, *racks; } words[] = {
    { "en", "Bill of materials", "within a rack", "between racks", "Rack cabinet" },
    { "ru", "Перечень оборудования", "внутри стойки", "между стойками", "Стоечный шкаф" },
  };
  static const struct { const char *server; guint servers; gboolean copper; } sizes[] = {
    { "dgx-h200", 4, TRUE }, { "dgx-b200", 64, FALSE },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint w = 0; w < G_N_ELEMENTS (words); w++)
      {
        g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(TsPlan) plan = NULL;
        g_autofree char *name = g_strdup_printf ("bom-%s-%s.pdf", sizes[s].server, words[w].lang);
        g_autofree char *path = NULL;
        g_autofree char *raw = NULL;
        g_auto(GStrv) pages = NULL;
        g_autofree char *page = NULL;

        ts_scenario_set_server (scenario, sizes[s].server);
        scenario->servers = sizes[s].servers;
        plan = ts_plan_compute (catalog, scenario, &error);
        g_assert_no_error (error);
        path = write_sheet (plan, words[w].lang, name);
        raw = ts_pdf_tool ("pdftotext", path);
        /* the section from its heading on (it flows after the sheet's
         * notes, on its own page or not) to the next page's end */
        pages = g_strsplit (raw, "\f", -1);
        for (guint p = 0; pages[p] != NULL && page == NULL; p++)
          if (strstr (pages[p], words[w].heading) != NULL)
            page = ts_pdf_normalise (strstr (pages[p], words[w].heading));
        g_assert_nonnull (page);
        for (guint p = 0; pages[p] != NULL && pages[p + 1] != NULL; p++)
          if (strstr (pages[p], words[w].heading) != NULL)
            {
              g_autofree char *next = ts_pdf_normalise (pages[p + 1]);
              char *both = g_strconcat (page, " ", next, NULL);

              g_free (page);
              page = both;
              break;
            }
        g_test_message ("%s, %s", name, page);
        g_assert_nonnull (strstr (page, words[w].racks));
        g_assert_nonnull (strstr (page, words[w].between));
        g_assert_nonnull (strstr (page, words[w].within));
        /* node to leaf on the splitter, or only switch to switch on the
         * straight copper cable */
        g_assert_true ((strstr (page, "NVIDIA MCP7Y00-Nxxx") != NULL) == sizes[s].copper);
        g_assert_true ((strstr (page, "NVIDIA MCP4Y10-Nxxx") != NULL) == !sizes[s].copper);
      }
}

/* A tagged PDF (ISO 32000-1, 14.8): pdfinfo reports “Tagged: yes” (the
 * catalog's /MarkInfo << /Marked true >>), the structure tree has one
 * root element, Document, that poppler reads without a warning, with the
 * headings, paragraphs and figures under it; the catalog names the
 * document's language (/Lang, for a screen reader's voice) and asks the
 * viewer to show the title. */
static void
test_tagged (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, scenario, &error);
  g_autoptr(TsSpecsheet) sheet = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "tagged-ru.pdf", NULL);
  g_autofree char *info = NULL;
  g_autofree char *tagged = NULL;
  g_autofree char *structure = NULL;
  g_autofree char *warnings = NULL;
  g_autofree char *bytes = NULL;
  const char *argv[] = { "pdfinfo", "-struct", path, NULL };
  const char *catalog_object = NULL;
  gsize length = 0;
  int status = 0;

  g_assert_no_error (error);
  sheet = ts_specsheet_new (plan, "ru", NULL);
  g_assert_true (ts_specsheet_write_pdf (sheet, path, &error));
  g_assert_no_error (error);

  info = ts_pdf_tool ("pdfinfo", path);
  tagged = ts_pdf_info_field (info, "Tagged");
  g_assert_cmpstr (tagged, ==, "yes");

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &structure, &warnings, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (warnings, ==, "");
  g_assert_true (g_str_has_prefix (structure, "Document\n"));
  g_assert_nonnull (strstr (structure, "\n  H1"));
  g_assert_nonnull (strstr (structure, "\n  H2"));
  g_assert_nonnull (strstr (structure, "\n  P"));
  g_assert_nonnull (strstr (structure, "\n  Figure"));

  /* the catalog in force is the last one written (an incremental update) */
  g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  for (const char *p = bytes; (p = memmem (p, length - (p - bytes), "/Type /Catalog", 14)) != NULL; p++)
    catalog_object = p;
  g_assert_nonnull (catalog_object);
  g_assert_nonnull (strstr (catalog_object, "/Lang (ru)"));
  g_assert_nonnull (strstr (catalog_object, "/DisplayDocTitle true"));
}

int
main (int    argc,
      char **argv)
{
  ts_test_init (&argc, &argv);
  tmpdir = ts_test_make_dir ("ts-specsheet");

  g_test_add_func ("/specsheet/long-text-stays-on-pages", test_long_text_stays_on_pages);
  g_test_add_func ("/specsheet/chosen-option", test_chosen_option);
  g_test_add_func ("/specsheet/catalog-length-name", test_catalog_length_name);
  g_test_add_func ("/specsheet/headings-whole", test_headings_whole);
  g_test_add_func ("/specsheet/context-in-error", test_context_in_error);
  g_test_add_func ("/specsheet/branding", test_branding);
  g_test_add_func ("/specsheet/tagged", test_tagged);
  g_test_add_func ("/specsheet/estimates-marked", test_estimates_marked);
  g_test_add_func ("/specsheet/no-deadline-once", test_no_deadline_once);
  g_test_add_func ("/specsheet/russian-catalog-names", test_russian_catalog_names);
  g_test_add_func ("/specsheet/network-models", test_network_models);
  g_test_add_func ("/specsheet/bom-pages", test_bom_pages);

  return ts_test_run_in_dir (tmpdir);
}
