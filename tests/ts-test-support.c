/* ts-test-support.c — helpers shared by the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ts-test-support.h"

void
ts_test_init (int    *argc,
              char ***argv)
{
  ts_i18n_init ();
  g_test_init (argc, argv, NULL);
}

guint
ts_test_sweep_size (guint n)
{
  if (g_getenv ("TS_TEST_TRIM_SWEEPS") == NULL)
    return n;
  return MAX (n / 10, 1);
}

TsCatalog *
ts_test_catalog (void)
{
  g_autoptr(GError) error = NULL;
  TsCatalog *catalog = ts_catalog_new_builtin (&error);

  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  return catalog;
}

/* The built-in catalog with no servers: every model, no hardware. */
TsCatalog *
ts_test_catalog_without_servers (void)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/trainsizer/TrainSizer/catalog.json", 0, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  TsCatalog *catalog;

  g_assert_nonnull (bytes);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  json_object_set_array_member (json_node_get_object (json_parser_get_root (parser)), "servers", json_array_new ());
  json_generator_set_root (generator, json_parser_get_root (parser));
  text = json_generator_to_data (generator, NULL);
  catalog = ts_catalog_new_from_data (text, -1, "no-servers.json", &error);
  g_assert_no_error (error);
  return catalog;
}

TsScenario *
ts_test_scenario (TsCatalog  *catalog,
                  const char *model_id,
                  double      params,
                  TsMethod    method)
{
  /* kept for the whole program: the scenarios of its tests share it */
  static TsCatalog *builtin = NULL;
  TsScenario *s = ts_scenario_new ();

  if (catalog == NULL)
    catalog = builtin != NULL ? builtin : (builtin = ts_test_catalog ());
  if (model_id != NULL)
    {
      const TsCatalogModel *m = ts_catalog_find_model (catalog, model_id);

      g_assert_nonnull (m);
      ts_scenario_set_model (s, &m->model);
    }
  else
    {
      g_autoptr(GError) error = NULL;
      TsModel model;

      g_assert_true (ts_model_init_from_params (&model, params, &error));
      g_assert_no_error (error);
      ts_scenario_set_model (s, &model);
      ts_model_clear (&model);
    }
  s->method = method;
  return s;
}

TsPlan *
ts_test_plan_for (TsCatalog  *catalog,
                  const char *model_id,
                  TsMethod    method,
                  const char *server_id,
                  guint       servers)
{
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, model_id, 0, method);
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  ts_scenario_set_server (s, server_id);
  s->servers = servers;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  return plan;
}

char *
ts_test_make_dir (const char *prefix)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_strconcat (prefix, "-XXXXXX", NULL);
  char *dir = g_dir_make_tmp (template, &error);

  g_assert_no_error (error);
  return dir;
}

void
ts_test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      GStatBuf st;

      /* never through a link: it may point at a device */
      if (g_lstat (path, &st) == 0 && S_ISREG (st.st_mode))
        g_chmod (path, 0644);
      g_unlink (path);
    }
  g_rmdir (dir);
}

guint
ts_test_count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

int
ts_test_run_in_dir (char *dir)
{
  int status = g_test_run ();

  ts_test_remove_dir (dir);
  g_free (dir);
  return status;
}

char *
ts_test_write_temp_file (const char *name_template,
                         const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp (name_template, &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

int
ts_test_run_cli (const char * const *argv,
                 char              **out,
                 char              **err)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("TRAINSIZER_CLI");
  int status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (gpointer) cli);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) argv[i]);
  g_ptr_array_add (args, NULL);

  g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out, err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

JsonNode *
ts_test_cli_json (const char * const *argv)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  int status = ts_test_run_cli (argv, &out, &err);

  if (status != 0)
    g_printerr ("CLI stderr: %s\n", err);
  g_assert_cmpint (status, ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  return json_node_ref (json_parser_get_root (parser));
}

char *
ts_test_cli_catalog_export (void)
{
  const char *const export[] = { "catalog", "export", NULL };
  g_autofree char *err = NULL;
  char *whole = NULL;

  g_assert_cmpint (ts_test_run_cli (export, &whole, &err), ==, 0);
  return whole;
}

/* A dotted path such as "memory.total.weights" or "options.0.fits". */
double
ts_test_json_number (JsonNode   *root,
                     const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  JsonNode *node = root;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);
          guint index = (guint) g_ascii_strtoull (parts[i], NULL, 10);

          g_assert_cmpuint (index, <, json_array_get_length (array));
          node = json_array_get_element (array, index);
        }
      else
        {
          g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
          node = json_object_get_member (json_node_get_object (node), parts[i]);
          if (node == NULL)
            g_error ("JSON has no member %s (in %s)", parts[i], path);
        }
    }
  if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (node);
  return json_node_get_double (node);
}
