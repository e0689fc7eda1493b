/* test-catalog.c — the built-in catalog loads, and a broken one is refused
 * with the file, record and field named
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "ts-test-support.h"

/* The article's servers with the figures the article gives
 * (../shared/seed/README.md, “The vendor's training servers”). */
static void
test_article_servers (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const struct { const char *id; guint gpus; double memory_gb; double kw; guint units; } servers[] = {
    { "dgx-h200", 8, 1128, 10.2, 8 },
    { "dgx-b200", 8, 1440, 14.3, 10 },
    { "smc-sys-a22ga-nbrt", 8, 1440, 0, 10 },
    { "huawei-atlas-800t-a2", 8, 512, 5.8, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (servers); i++)
    {
      const TsServer *s = ts_catalog_find_server (catalog, servers[i].id);

      g_assert_nonnull (s);
      g_assert_true (s->article);
      g_assert_cmpuint (s->gpu_count, ==, servers[i].gpus);
      g_assert_cmpfloat (s->gpu_memory_label_gb, ==, servers[i].memory_gb);
      g_assert_cmpuint (s->rack_units, ==, servers[i].units);
      if (servers[i].kw > 0)
        g_assert_cmpfloat (s->max_power_kw, ==, servers[i].kw);
      g_assert_true (s->interconnect->training_capable);
    }

  /* SYS-A22GA-NBRT: six 5,250 W PSUs with redundancy. */
  g_assert_cmpuint (ts_catalog_find_server (catalog, "smc-sys-a22ga-nbrt")->psu_count, ==, 6);
  g_assert_cmpfloat (ts_catalog_find_server (catalog, "smc-sys-a22ga-nbrt")->psu_w, ==, 5250);
}

static void
test_article_models (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const char *ids[] = { "llama-3.1-8b", "qwen3-32b", "llama-3.1-70b", "qwen3-235b-a22b" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const TsCatalogModel *m = ts_catalog_find_model (catalog, ids[i]);

      g_assert_nonnull (m);
      g_assert_true (m->model.has_architecture);
    }
}

static char *
builtin_text (void)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/trainsizer/TrainSizer/catalog.json", 0, NULL);

  g_assert_nonnull (bytes);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* Replace the first occurrence of needle in the built-in catalog and
 * expect the loader to refuse it naming the field. */
typedef struct
{
  const char *needle;       /* first occurrence in the built-in catalog */
  const char *replacement;
  const char *record;       /* the record id the message must name, or NULL */
  const char *expected;     /* the field or problem the message must name */
} Defect;

/* One kind of defect each, as the issue asks: the loader refuses the
 * catalog and names the file, the record and the field. */
static const Defect defects[] = {
  /* missing field */
  { "\"max_power_kw\"", "\"max_power_kilowatts\"", "dgx-h200", "max_power_kw" },
  /* wrong type */
  { "\"gpu_count\": 8", "\"gpu_count\": \"8\"", "dgx-h200", "gpu_count" },
  /* out of range */
  { "\"gpu_count\": 8", "\"gpu_count\": -8", "dgx-h200", "gpu_count" },
  /* absurd unit (a figure in the wrong unit: bytes where GiB belong) */
  { "\"memory_gib\": 141", "\"memory_gib\": 151397597184", "h200-sxm", "memory_gib" },
  /* not a whole number */
  { "\"rack_units\": 8,", "\"rack_units\": 8.5,", "dgx-h200", "rack_units" },
  /* a value outside its list */
  { "\"kind\": \"server\"", "\"kind\": \"blade\"", "dgx-h200", "kind" },
  /* a reference to a record that does not exist */
  { "\"gpu_id\": \"h200-sxm\"", "\"gpu_id\": \"h900-sxm\"", "dgx-h200", "gpu_id" },
  /* figures that contradict each other: 4+1 PSUs but six installed */
  { "\"psu_redundancy\": \"4+2\"", "\"psu_redundancy\": \"4+1\"", "dgx-h200", "psu_redundancy" },
  /* an unknown confidence level */
  { "\"confidence\": \"verified\"", "\"confidence\": \"sure\"", NULL, "confidence" },
  /* a source id no source record has */
  { "\n        \"S-sec-a100\",", "\n        \"S-nowhere\",", "a100-80gb-sxm", "S-nowhere" },
  /* an unsupported schema version */
  { "\"schema_version\": 1", "\"schema_version\": 99", NULL, "schema version" },
  /* a JSON object with the same key twice */
  { "{", "{\"a\": 1, \"a\": 2, ", NULL, "twice" },
  /* a section of the wrong type */
  { "\"site_equipment\": {", "\"site_equipment\": [], \"unused\": {", NULL, "site_equipment" },
};

static void
test_defect_refused (gconstpointer data)
{
  const Defect *d = data;
  g_autofree char *text = builtin_text ();
  char *at = strstr (text, d->needle);
  g_autoptr(GString) spoiled = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;

  g_assert_nonnull (at);
  g_string_append_len (spoiled, text, at - text);
  g_string_append (spoiled, d->replacement);
  g_string_append (spoiled, at + strlen (d->needle));

  catalog = ts_catalog_new_from_data (spoiled->str, spoiled->len, "spoiled.json", &error);
  g_assert_null (catalog);
  g_assert_nonnull (error);
  if (strstr (error->message, d->expected) == NULL)
    g_error ("“%s” not in “%s”", d->expected, error->message);
  if (d->record != NULL && strstr (error->message, d->record) == NULL)
    g_error ("record “%s” not in “%s”", d->record, error->message);
  g_assert_nonnull (strstr (error->message, "spoiled.json"));
}

static void
test_duplicate_id_refused (void)
{
  g_autofree char *text = builtin_text ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;
  /* Rename DGX B200 to DGX H200's id: two records share it. */
  char *at = strstr (text, "\"id\": \"dgx-b200\"");
  g_autoptr(GString) spoiled = g_string_new (NULL);

  g_assert_nonnull (at);
  g_string_append_len (spoiled, text, at - text);
  g_string_append (spoiled, "\"id\": \"dgx-h200\"");
  g_string_append (spoiled, at + strlen ("\"id\": \"dgx-b200\""));

  catalog = ts_catalog_new_from_data (spoiled->str, spoiled->len, "dup.json", &error);
  g_assert_null (catalog);
  g_assert_nonnull (strstr (error->message, "dgx-h200"));
  g_assert_nonnull (strstr (error->message, "twice"));
}

static void
test_overlay_replaces_and_adds (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ts-test-overlay.json", NULL);
  const char *overlay =
    "{ \"servers\": [ ] ,"
    "  \"vendor\": { \"name\": \"Acme\", \"quote_email\": \"quotes@acme.example\" } }";
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;

  g_assert_true (g_file_set_contents (path, overlay, -1, NULL));
  catalog = ts_catalog_new_with_overlay (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ts_catalog_get_quote_email (catalog), ==, "quotes@acme.example");
  g_assert_nonnull (ts_catalog_find_server (catalog, "dgx-b200"));
  g_unlink (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/catalog/article-servers", test_article_servers);
  g_test_add_func ("/catalog/article-models", test_article_models);
  for (guint i = 0; i < G_N_ELEMENTS (defects); i++)
    {
      g_autofree char *name = g_strdup_printf ("/catalog/defect/%u-%s", i, defects[i].expected);

      g_strdelimit (name + strlen ("/catalog/defect/"), " /", '-');
      g_test_add_data_func (name, &defects[i], test_defect_refused);
    }
  g_test_add_func ("/catalog/duplicate-id", test_duplicate_id_refused);
  g_test_add_func ("/catalog/overlay", test_overlay_replaces_and_adds);
  return g_test_run ();
}
