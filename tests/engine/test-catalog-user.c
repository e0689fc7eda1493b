/* test-catalog-user.c — a user catalog file is checked on its own before
 * it is merged, keeps its version, and large catalogs load in linear time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "ts-test-support.h"

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = g_dir_make_tmp ("ts-catalog-user-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

static char *
write_file (Fixture    *f,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (f->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* A copy of the built-in record with a new id (and optionally a new name),
 * as a user would write it. */
static char *
builtin_server_json (const char *builtin_id,
                     const char *new_id,
                     const char *new_name)
{
  g_autoptr(GBytes) bytes = ts_catalog_get_builtin_bytes ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *servers;

  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  servers = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "servers");
  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonNode *node = json_array_get_element (servers, i);
      JsonObject *s = json_node_get_object (node);

      if (g_strcmp0 (json_object_get_string_member (s, "id"), builtin_id) != 0)
        continue;
      /* the parser's tree is thrown away: edit it in place */
      json_object_set_string_member (s, "id", new_id);
      if (new_name != NULL)
        json_object_set_string_member (s, "name", new_name);
      return json_to_string (node, FALSE);
    }
  g_error ("no built-in server “%s”", builtin_id);
}

static void
assert_overlay_refused (Fixture           *f,
                        const char        *text,
                        const char *const *expected)
{
  g_autofree char *path = write_file (f, "user.json", text);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = ts_catalog_new_with_overlay (path, &error);

  if (catalog != NULL)
    g_error ("accepted: %s", text);
  g_assert_error (error, TS_ERROR, TS_ERROR_CATALOG);
  /* the user's file is named, not the built-in one */
  g_assert_nonnull (strstr (error->message, path));
  for (guint i = 0; expected[i] != NULL; i++)
    if (strstr (error->message, expected[i]) == NULL)
      g_error ("“%s” not in “%s”", expected[i], error->message);
}

/* Within one user file an id used twice is an error (tests/README: “is
 * used twice”), not “the last one wins”. */
static void
test_duplicate_id (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *a = builtin_server_json ("dgx-b200", "acme-b200", "ACME B200 one");
  g_autofree char *b = builtin_server_json ("dgx-b200", "acme-b200", "ACME B200 two");
  g_autofree char *text = g_strdup_printf ("{\"schema_version\": 1, \"servers\": [%s, %s]}", a, b);
  /* the same for a built-in id replaced twice */
  g_autofree char *c = builtin_server_json ("dgx-b200", "dgx-b200", NULL);
  g_autofree char *twice_builtin = g_strdup_printf ("{\"servers\": [%s, %s]}", c, c);

  assert_overlay_refused (f, text, (const char *[]) { "servers", "acme-b200", "id", "twice", NULL });
  assert_overlay_refused (f, twice_builtin, (const char *[]) { "servers", "dgx-b200", "twice", NULL });
  assert_overlay_refused (f, "{\"mfu_defaults\": ["
                          "{\"family\": \"hopper\", \"precision\": \"bf16\", \"mfu\": 0.5, \"source\": [\"S-derived\"]},"
                          "{\"family\": \"hopper\", \"precision\": \"bf16\", \"mfu\": 0.3, \"source\": [\"S-derived\"]}]}",
                          (const char *[]) { "mfu_defaults", "hopper", "twice", NULL });
}

static void
test_unknown_section (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *a = builtin_server_json ("dgx-b200", "acme-b200", NULL);
  g_autofree char *text = g_strdup_printf ("{\"schema_version\": 1, \"servrs\": [%s]}", a);

  assert_overlay_refused (f, text, (const char *[]) { "servrs", "section", NULL });
  assert_overlay_refused (f, "{\"site_equipmnt\": {}}", (const char *[]) { "site_equipmnt", NULL });
  /* a section of the wrong type is named before any merging */
  assert_overlay_refused (f, "{\"servers\": {}}", (const char *[]) { "servers", "list", NULL });
}

static void
test_schema_version (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *ok_path = write_file (f, "ok.json", "{\"schema_version\": 1, \"servers\": []}");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) ok = ts_catalog_new_with_overlay (ok_path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ok);
  assert_overlay_refused (f, "{\"schema_version\": 2, \"servers\": []}", (const char *[]) { "schema version 2", NULL });
  assert_overlay_refused (f, "{\"schema_version\": 0}", (const char *[]) { "schema version 0", NULL });
  assert_overlay_refused (f, "{\"schema_version\": \"1\"}", (const char *[]) { "schema_version", NULL });
}

/* The spec sheet prints ts_catalog_get_version (): with a user file it
 * is the user's version; the built-in one stays available. */
static void
test_user_version (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *path = write_file (f, "user.json", "{\"schema_version\": 1, \"catalog_version\": \"2026.12.0-acme.1\"}");
  g_autofree char *unversioned = write_file (f, "plain.json", "{\"schema_version\": 1}");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) builtin = ts_test_catalog ();
  g_autoptr(TsCatalog) catalog = ts_catalog_new_with_overlay (path, &error);
  g_autoptr(TsCatalog) plain = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (ts_catalog_get_version (catalog), ==, "2026.12.0-acme.1");
  g_assert_cmpstr (ts_catalog_get_base_version (catalog), ==, ts_catalog_get_version (builtin));
  g_assert_cmpstr (ts_catalog_get_base_version (builtin), ==, ts_catalog_get_version (builtin));

  plain = ts_catalog_new_with_overlay (unversioned, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ts_catalog_get_version (plain), ==, ts_catalog_get_version (builtin));

  assert_overlay_refused (f, "{\"catalog_version\": 2026}", (const char *[]) { "catalog_version", NULL });
  assert_overlay_refused (f, "{\"catalog_version\": \"2026\\u202e1\"}", (const char *[]) { "catalog_version", "U+202E", NULL });
}

/* data/CATALOG.md: “mfu_defaults rows are matched on the pair (family,
 * precision)”: the user's row replaces the built-in one. */
static void
test_mfu_override (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *path = write_file (f, "user.json",
                                      "{\"mfu_defaults\": [{\"family\": \"hopper\", \"precision\": \"bf16\","
                                      " \"mfu\": 0.55, \"source\": [\"S-derived\"]}]}");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = ts_catalog_new_with_overlay (path, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (ts_catalog_get_mfu (catalog, "hopper", "bf16"), ==, 0.55);
  /* the other rows stay */
  g_assert_cmpfloat (ts_catalog_get_mfu (catalog, "hopper", "fp8"), >, 0);
}

/* A replaced record keeps its place; new ones follow in the user's order. */
static void
test_replace_keeps_order (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *replaced = builtin_server_json ("dgx-b200", "dgx-b200", "DGX B200 (ACME price)");
  g_autofree char *added = builtin_server_json ("dgx-b200", "acme-b200-4tb", NULL);
  g_autofree char *text = g_strdup_printf ("{\"servers\": [%s, %s]}", added, replaced);
  g_autofree char *path = write_file (f, "user.json", text);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) builtin = ts_test_catalog ();
  g_autoptr(TsCatalog) catalog = ts_catalog_new_with_overlay (path, &error);
  guint n = ts_catalog_get_n_servers (builtin);
  guint real = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (ts_catalog_get_n_servers (catalog), ==, n + 1);
  /* the records the catalog derives (one GPU of a server) follow the
   * file's */
  while (real < n && ts_catalog_get_server (builtin, real)->one_gpu_of == NULL)
    real++;
  for (guint i = 0; i < real; i++)
    g_assert_cmpstr (ts_catalog_get_server (catalog, i)->id, ==, ts_catalog_get_server (builtin, i)->id);
  g_assert_cmpstr (ts_catalog_get_server (catalog, real)->id, ==, "acme-b200-4tb");
  for (guint i = real; i < n; i++)
    g_assert_cmpstr (ts_catalog_get_server (catalog, i + 1)->id, ==, ts_catalog_get_server (builtin, i)->id);
  g_assert_cmpstr (ts_catalog_find_server (catalog, "dgx-b200")->name, ==, "DGX B200 (ACME price)");
}

/* `trainsizer-cli catalog check FILE` reports what the loader refuses:
 * exit status 1 and the problem on stderr. */
static void
test_cli_check (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *a = builtin_server_json ("dgx-b200", "acme-b200", NULL);
  g_autofree char *dup_text = g_strdup_printf ("{\"servers\": [%s, %s]}", a, a);
  g_autofree char *typo_text = g_strdup_printf ("{\"servrs\": [%s]}", a);
  g_autofree char *dup = write_file (f, "dup.json", dup_text);
  g_autofree char *typo = write_file (f, "typo.json", typo_text);
  g_autofree char *newer = write_file (f, "newer.json", "{\"schema_version\": 2}");
  g_autofree char *bidi = write_file (f, "bidi.json", "{\"vendor\": {\"name\": \"ACME \\u202e\", \"quote_email\": \"q@acme.example\"}}");
  const struct { const char *path; const char *expect; } cases[] = {
    { dup, "twice" },
    { typo, "servrs" },
    { newer, "schema version 2" },
    { bidi, "U+202E" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *argv[] = { "catalog", "check", cases[i].path, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = ts_test_run_cli (argv, &out, &err);

      if (status != 1 || strstr (err, cases[i].expect) == NULL || strstr (err, cases[i].path) == NULL)
        g_error ("catalog check %s: exit %d, stderr “%s” (want 1 and “%s”)", cases[i].path, status, err, cases[i].expect);
    }
}

/* ---- scale (issue 15, item 10) ------------------------------------------ */

/* Thousands of generated servers, every one found by its id (hash
 * lookups; the timing is build-aux/bench's, not a test's). */
static void
test_many_servers (Fixture       *f,
                   gconstpointer  data)
{
  const guint n = 5000;
  g_autofree char *record = builtin_server_json ("dgx-b200", "@ID@", "@NAME@");
  GString *text = g_string_new ("{\"schema_version\": 1, \"servers\": [");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(TsCatalog) builtin = ts_test_catalog ();
  g_auto(GStrv) parts = g_strsplit (record, "@ID@", 2);
  g_autofree char *replaced = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("gen-%05u", i);
      g_autofree char *name = g_strdup_printf ("Generated %u", i);
      g_auto(GStrv) tail = g_strsplit (parts[1], "@NAME@", 2);

      g_string_append_printf (text, "%s%s%s%s%s%s", i > 0 ? "," : "", parts[0], id, tail[0], name, tail[1]);
    }
  /* and one built-in id replaced, at the end of the user's list */
  replaced = builtin_server_json ("dgx-h200", "dgx-h200", "Replaced");
  g_string_append_printf (text, ",%s]}", replaced);
  path = write_file (f, "many.json", text->str);
  g_string_free (text, TRUE);

  catalog = ts_catalog_new_with_overlay (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_catalog_get_n_servers (catalog), ==, ts_catalog_get_n_servers (builtin) + n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("gen-%05u", i);
      g_autofree char *name = g_strdup_printf ("Generated %u", i);
      const TsServer *s = ts_catalog_find_server (catalog, id);

      g_assert_nonnull (s);
      g_assert_cmpstr (s->name, ==, name);
      g_assert_true (s->gpu == ts_catalog_find_gpu (catalog, "b200"));
    }
  g_assert_cmpstr (ts_catalog_find_server (catalog, "dgx-h200")->name, ==, "Replaced");
  g_assert_null (ts_catalog_find_server (catalog, "gen-99999"));
  g_assert_null (ts_catalog_find_server (catalog, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/catalog-user/duplicate-id", test_duplicate_id);
  ADD ("/catalog-user/unknown-section", test_unknown_section);
  ADD ("/catalog-user/schema-version", test_schema_version);
  ADD ("/catalog-user/version", test_user_version);
  ADD ("/catalog-user/mfu-override", test_mfu_override);
  ADD ("/catalog-user/replace-keeps-order", test_replace_keeps_order);
  ADD ("/catalog-user/cli-check", test_cli_check);
  ADD ("/catalog-user/many-servers", test_many_servers);
#undef ADD
  return g_test_run ();
}
