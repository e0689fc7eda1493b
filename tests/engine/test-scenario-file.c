/* test-scenario-file.c — scenarios survive a save and a load; bad files
 * are refused with the field named
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "ts-test-support.h"

static void
test_round_trip (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_QLORA);
  g_autoptr(TsScenario) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ts-test-scenario.json", NULL);

  s->seq_len = 8192;
  s->lora_rank = 64;
  s->pue = 1.25;
  ts_scenario_set_server (s, "dgx-b200");
  s->servers = 3;
  s->zero3_prefetch = TRUE;

  g_assert_true (ts_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  back = ts_scenario_load_file (path, catalog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->model_id, ==, "llama-3.1-70b");
  g_assert_cmpint (back->method, ==, TS_METHOD_QLORA);
  g_assert_cmpuint (back->seq_len, ==, 8192);
  g_assert_cmpuint (back->lora_rank, ==, 64);
  g_assert_cmpfloat (back->pue, ==, 1.25);
  g_assert_cmpstr (back->server_id, ==, "dgx-b200");
  g_assert_cmpuint (back->servers, ==, 3);
  g_assert_true (back->zero3_prefetch);
  g_unlink (path);
}

static void
test_refused (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const struct { const char *json; const char *expect; } bad[] = {
    { "[]", "object" },
    { "{\"schema_version\": 99, \"model\": {\"params\": 7e10}}", "version" },
    { "{\"model\": {\"params\": 7e10}}", "schema_version" },
    { "{\"schema_version\": 1, \"model\": {\"id\": \"nope\"}}", "nope" },
    { "{\"schema_version\": 1, \"model\": {\"params\": -1}}", "params" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"seq_len\": 0}", "seq_len" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"method\": \"magic\"}", "method" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"pue\": \"high\"}", "pue" },
    { "{\"schema_version\": 1, \"schema_version\": 1, \"model\": {\"params\": 7e10}}", "twice" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"x\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}", "nested" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}", "JSON" },
    { "\xff\xfe", "UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) s = ts_scenario_from_string (bad[i].json, -1, catalog, "bad.json", &error);

      g_assert_null (s);
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].expect) == NULL)
        g_error ("case %u: “%s” not in “%s”", i, bad[i].expect, error->message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario-file/round-trip", test_round_trip);
  g_test_add_func ("/scenario-file/refused", test_refused);
  return g_test_run ();
}
