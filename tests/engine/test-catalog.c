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
static void
expect_refused (const char *needle,
                const char *replacement,
                const char *expected_in_message)
{
  g_autofree char *text = builtin_text ();
  char *at = strstr (text, needle);
  g_autoptr(GString) spoiled = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;

  g_assert_nonnull (at);
  g_string_append_len (spoiled, text, at - text);
  g_string_append (spoiled, replacement);
  g_string_append (spoiled, at + strlen (needle));

  catalog = ts_catalog_new_from_data (spoiled->str, spoiled->len, "spoiled.json", &error);
  g_assert_null (catalog);
  g_assert_nonnull (error);
  if (strstr (error->message, expected_in_message) == NULL)
    g_error ("“%s” not in “%s”", expected_in_message, error->message);
  g_assert_nonnull (strstr (error->message, "spoiled.json"));
}

static void
test_defects_refused (void)
{
  expect_refused ("\"max_power_kw\"", "\"max_power_kilowatts\"", "max_power_kw");      /* missing field */
  expect_refused ("\"gpu_count\": 8", "\"gpu_count\": \"8\"", "gpu_count");            /* wrong type */
  expect_refused ("\"gpu_count\": 8", "\"gpu_count\": -8", "gpu_count");               /* out of range */
  expect_refused ("\"schema_version\": 1", "\"schema_version\": 99", "schema version");/* unknown version */
  expect_refused ("\"memory_gib\": 141", "\"memory_gib\": 1e300", "memory_gib");       /* absurd unit */
  expect_refused ("{", "{\"a\": 1, \"a\": 2, ", "twice");                              /* duplicate key */
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
  g_test_add_func ("/catalog/defects-refused", test_defects_refused);
  g_test_add_func ("/catalog/duplicate-id", test_duplicate_id_refused);
  g_test_add_func ("/catalog/overlay", test_overlay_replaces_and_adds);
  return g_test_run ();
}
