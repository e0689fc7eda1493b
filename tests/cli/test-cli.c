/* test-cli.c — trainsizer-cli: the article's table as JSON, exit statuses
 *
 * Expected values: the vendor article's table (see test-article.c for the
 * derivation): 70B full 1.12e12–1.26e12 bytes, LoRA 70B 1.4e11, QLoRA 235B
 * 1.175e11.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ts-test-support.h"

static void
test_article_table_json (void)
{
  const struct { const char *params; const char *method; double low; double high; } cells[] = {
    { "8B", "full", 128e9, 144e9 }, { "8B", "lora", 16e9, 16e9 }, { "8B", "qlora", 4e9, 4e9 },
    { "32B", "full", 512e9, 576e9 }, { "32B", "lora", 64e9, 64e9 }, { "32B", "qlora", 16e9, 16e9 },
    { "70B", "full", 1120e9, 1260e9 }, { "70B", "lora", 140e9, 140e9 }, { "70B", "qlora", 35e9, 35e9 },
    { "235B", "full", 3760e9, 4230e9 }, { "235B", "lora", 470e9, 470e9 }, { "235B", "qlora", 117.5e9, 117.5e9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      const char *argv[] = { "estimate", "--params", cells[i].params, "--method", cells[i].method,
                             "--format", "json", NULL };
      g_autoptr(JsonNode) root = ts_test_cli_json (argv);

      g_assert_cmpfloat (ts_test_json_number (root, "rule_of_thumb.low_bytes"), ==, cells[i].low);
      g_assert_cmpfloat (ts_test_json_number (root, "rule_of_thumb.high_bytes"), ==, cells[i].high);
      g_assert_cmpfloat (ts_test_json_number (root, "model.params"), ==,
                         cells[i].low / ts_test_json_number (root, "rule_of_thumb.bytes_per_param_low"));
      if (strcmp (cells[i].method, "lora") == 0)
        g_assert_cmpfloat (ts_test_json_number (root, "memory.total.weights"), ==, cells[i].low);
    }
}

static void
test_json_shape (void)
{
  const char *argv[] = { "estimate", "--model", "llama-3.1-8b", "--method", "full", "--format", "json", NULL };
  g_autoptr(JsonNode) root = ts_test_cli_json (argv);
  JsonObject *obj = json_node_get_object (root);
  JsonObject *model = json_object_get_object_member (obj, "model");
  const char *components[] = { "weights", "gradients", "master_weights", "optimizer_states", "activations",
                               "adapters", "quantization_constants", "overhead", "sum" };
  const char *parts[] = { "total", "per_gpu" };

  g_assert_cmpstr (json_object_get_string_member (model, "id"), ==, "llama-3.1-8b");
  g_assert_true (json_object_has_member (model, "name"));
  g_assert_true (json_object_has_member (model, "active_params"));
  g_assert_cmpstr (json_object_get_string_member (obj, "method"), ==, "full");
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (obj, "warnings")));
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      JsonObject *part = json_object_get_object_member (json_object_get_object_member (obj, "memory"), parts[p]);
      double sum = 0;

      for (guint c = 0; c < G_N_ELEMENTS (components); c++)
        g_assert_true (json_object_has_member (part, components[c]));
      for (guint c = 0; c + 1 < G_N_ELEMENTS (components); c++)
        sum += json_object_get_double_member (part, components[c]);
      ts_assert_close (json_object_get_double_member (part, "sum"), sum, 1e-12);
    }

  /* --params gives a model with a null id */
  {
    const char *argv2[] = { "estimate", "--params", "7.6e9", "--method", "lora", "--format", "json", NULL };
    g_autoptr(JsonNode) root2 = ts_test_cli_json (argv2);
    JsonObject *model2 = json_object_get_object_member (json_node_get_object (root2), "model");

    g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (model2, "id")));
    g_assert_cmpfloat (json_object_get_double_member (model2, "params"), ==, 7.6e9);
  }
}

static void
expect_status (int         expected,
               const char *must_mention,
               const char *first,
               ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  va_list ap;
  int status;

  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  status = ts_test_run_cli ((const char * const *) argv->pdata, &out, &err);
  g_assert_cmpint (status, ==, expected);
  if (must_mention != NULL && strstr (err, must_mention) == NULL && strstr (out, must_mention) == NULL)
    g_error ("“%s” not in “%s”", must_mention, err);
}

static void
test_exit_statuses (void)
{
  expect_status (0, "estimate", "--help", NULL);
  expect_status (0, PACKAGE_VERSION, "--version", NULL);
  expect_status (2, "--frobnicate", "estimate", "--params", "8B", "--frobnicate", "1", NULL);
  expect_status (2, "--method", "estimate", "--params", "8B", "--method", "magic", NULL);
  expect_status (2, "--params", "estimate", "--params", "abc", NULL);
  expect_status (2, "--seq-len", "estimate", "--params", "8B", "--seq-len", "0", NULL);
  expect_status (2, "--format", "estimate", "--params", "8B", "--format", "xml", NULL);
  expect_status (2, "--model", "estimate", "--method", "full", NULL);
  expect_status (2, "estimate", "frobnicate", NULL);
  expect_status (2, "--model", "estimate", "--model", NULL);
  expect_status (1, "no-such-model", "estimate", "--model", "no-such-model", NULL);
  /* A count the option reads but the engine refuses is a bad value for
   * --params: a usage error naming the option and the reason. */
  expect_status (2, "parameter", "estimate", "--params", "0", NULL);
  expect_status (2, "parameter", "estimate", "--params", "101T", NULL);
  expect_status (2, "--params", "estimate", "--params", "1e300", NULL);
  expect_status (2, "--params", "estimate", "--params", "-70B", NULL);
  expect_status (2, "--params", "estimate", "--params", "nan", NULL);
  expect_status (0, NULL, "list", "models", NULL);
  expect_status (0, NULL, "list", "servers", "--format", "json", NULL);
  expect_status (2, "list", "list", "toasters", NULL);
  /* A scenario's options mean nothing to list: refused by name (the
   * model options once crashed it, found by the fuzzer). */
  expect_status (2, "--model", "list", "models", "--model", "llama-3.1-8b", NULL);
  expect_status (2, "--params", "list", "models", "--params", "4B", NULL);
  expect_status (2, "--seq-len", "list", "servers", "--seq-len", "4096", NULL);
}

/* The famous published runs (issue 33 item 7): listed, and estimate
 * --published-run shows the run's published figure beside the
 * prediction: Llama 3 Table 4's 400 TFLOPs per GPU on 16,384 H100. */
static void
test_published_runs (void)
{
  const char *list[] = { "list", "runs", "--format", "json", NULL };
  const char *estimate[] = { "estimate", "--published-run", "llama3-405b-16k", "--lang", "en", NULL };
  const char *as_json[] = { "estimate", "--published-run", "deepseek-v3", "--format", "json", NULL };
  g_autoptr(JsonNode) root = ts_test_cli_json (list);
  g_autoptr(JsonNode) plan = ts_test_cli_json (as_json);
  JsonArray *array = json_node_get_array (root);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  gboolean llama = FALSE, deepseek = FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *r = json_array_get_object_element (array, i);
      const char *id = json_object_get_string_member (r, "id");

      llama |= g_strcmp0 (id, "llama3-405b-16k") == 0 && json_object_get_int_member (r, "gpus") == 16384;
      deepseek |= g_strcmp0 (id, "deepseek-v3") == 0 && json_object_get_int_member (r, "gpus") == 2048;
    }
  g_assert_true (llama && deepseek);

  g_assert_cmpint (ts_test_run_cli (estimate, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "Published: 400 TFLOP/s per GPU"));
  g_assert_nonnull (strstr (out, "Predicted at the run’s layout (TP 8 · PP 16 · DP 128"));
  /* 16,384 H100 are 2,048 eight-GPU servers */
  g_assert_nonnull (strstr (out, "The same run on this catalog’s hardware: 2,048 × "));

  /* the scenario is DeepSeek-V3's: 14.8 trillion tokens on 2,048 GPUs */
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_node_get_object (plan), "model"), "id"),
                   ==, "deepseek-v3");
  g_assert_cmpfloat (ts_test_json_number (plan, "inputs.tokens.value"), ==, 14.8e12);
  g_assert_cmpfloat (ts_test_json_number (plan, "inputs.servers.value"), ==, 2048 / 8);

  expect_status (1, "no-such-run", "estimate", "--published-run", "no-such-run", NULL);
  expect_status (2, "--published-run", "estimate", "--published-run", "deepseek-v3", "--scenario", "x.json", NULL);
}

static void
test_list_json (void)
{
  const char *argv[] = { "list", "servers", "--format", "json", NULL };
  g_autoptr(JsonNode) root = ts_test_cli_json (argv);
  JsonArray *array = json_node_get_array (root);
  gboolean found = FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *s = json_array_get_object_element (array, i);

      if (g_strcmp0 (json_object_get_string_member (s, "id"), "dgx-b200") == 0)
        {
          found = TRUE;
          g_assert_cmpfloat (json_object_get_double_member (s, "max_power_kw"), ==, 14.3);
          g_assert_cmpfloat (json_object_get_double_member (s, "rack_units"), ==, 10);
        }
    }
  g_assert_true (found);
}

/* --prefetch on doubles the ZeRO-3 gather buffer of the JSON's overhead
 * detail (docs/sizing-model.md §3); off is the default. */
static void
test_prefetch_flag (void)
{
  /* ZeRO-3 fixed: the planner may otherwise pick a stage without gathers */
  const char *off[] = { "estimate", "--model", "llama-3.1-70b", "--gpus", "8", "--zero", "3", "--format", "json", NULL };
  const char *on[] = { "estimate", "--model", "llama-3.1-70b", "--gpus", "8", "--zero", "3", "--prefetch", "on",
                       "--format", "json", NULL };
  const char *bad[] = { "estimate", "--model", "llama-3.1-70b", "--prefetch", "maybe", NULL };
  g_autoptr(JsonNode) plain = ts_test_cli_json (off);
  g_autoptr(JsonNode) prefetched = ts_test_cli_json (on);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  double gather = ts_test_json_number (plain, "memory.overhead_detail.zero3_gather");

  g_assert_cmpfloat (gather, >, 0);
  g_assert_cmpfloat (ts_test_json_number (prefetched, "memory.overhead_detail.zero3_gather"), ==, 2 * gather);
  g_assert_cmpint (ts_test_run_cli (bad, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--prefetch"));
}

/* A site profile sets the site's rows, and a row given beside it wins in
 * either order (docs/facility.md §6): liquid-ai is 48U racks of 140 kW
 * in a site with facility water; with --rack-kw 100 before or after it,
 * 100 kW. A GB200 NVL72 (1,360 kg on 0.72 m² = 1,889 kg/m²) fails the
 * floor limit of 1,224 kg/m² and passes one of 2,000. */
static void
test_site_profile (void)
{
  const char *preset[] = { "estimate", "--model", "llama-3.1-70b", "--server", "gb200-nvl72",
                           "--site-profile", "liquid-ai", "--format", "json", NULL };
  const char *before[] = { "estimate", "--model", "llama-3.1-70b", "--rack-kw", "100", "--server", "gb200-nvl72",
                           "--site-profile", "liquid-ai", "--format", "json", NULL };
  const char *after[] = { "estimate", "--model", "llama-3.1-70b", "--server", "gb200-nvl72",
                          "--site-profile", "liquid-ai", "--rack-kw", "100", "--format", "json", NULL };
  const char *floor[] = { "estimate", "--model", "llama-3.1-70b", "--server", "gb200-nvl72",
                          "--site-profile", "liquid-ai", "--floor-kg-m2", "1224", "--format", "json", NULL };
  const char *wide[] = { "estimate", "--model", "llama-3.1-70b", "--server", "gb200-nvl72",
                         "--site-profile", "liquid-ai", "--floor-kg-m2", "2000", "--format", "json", NULL };
  g_autoptr(JsonNode) p = ts_test_cli_json (preset);
  g_autoptr(JsonNode) b = ts_test_cli_json (before);
  g_autoptr(JsonNode) a = ts_test_cli_json (after);
  g_autoptr(JsonNode) f = ts_test_cli_json (floor);
  g_autoptr(JsonNode) w = ts_test_cli_json (wide);

  g_assert_cmpfloat (ts_test_json_number (p, "inputs.rack_kw.value"), ==, 140);
  g_assert_cmpfloat (ts_test_json_number (p, "inputs.rack_units.value"), ==, 48);
  g_assert_cmpfloat (ts_test_json_number (b, "inputs.rack_kw.value"), ==, 100);
  g_assert_cmpfloat (ts_test_json_number (a, "inputs.rack_kw.value"), ==, 100);
  g_assert_cmpfloat (ts_test_json_number (p, "options.0.facility.site_ok"), ==, 1);
  g_assert_cmpfloat (ts_test_json_number (f, "options.0.facility.floor_ok"), ==, 0);
  g_assert_cmpfloat (ts_test_json_number (w, "options.0.facility.floor_ok"), ==, 1);
  g_assert_cmpfloat (fabs (ts_test_json_number (f, "options.0.facility.floor_kg_per_m2") - 1360 / 0.72), <, 1e-9);
}

/* The presales engineer's way to a catalog of their own: export the
 * built-in one, change a record (a server's price), check it, size
 * with it. Two DGX H200 at 350,000 USD each cost 700,000
 * (the price is ours, for the test). */
static void
test_catalog_export_round_trip (void)
{
  const char *export[] = { "catalog", "export", NULL };
  g_autoptr(JsonNode) root = ts_test_cli_json (export);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ts-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "acme.json", NULL);
  JsonObject *catalog = json_node_get_object (root);
  JsonArray *servers = json_object_get_array_member (catalog, "servers");
  gboolean priced = FALSE;

  g_assert_cmpint (json_object_get_int_member (catalog, "schema_version"), ==, 1);
  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonObject *server = json_array_get_object_element (servers, i);

      if (g_strcmp0 (json_object_get_string_member (server, "id"), "dgx-h200") == 0)
        {
          json_object_set_double_member (server, "price_usd", 350000);
          priced = TRUE;
        }
    }
  g_assert_true (priced);
  json_generator_set_root (generator, root);
  g_assert_true (json_generator_to_file (generator, path, &error));
  g_assert_no_error (error);

  {
    const char *check[] = { "catalog", "check", path, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (ts_test_run_cli (check, &out, &err), ==, 0);
  }
  {
    const char *estimate[] = { "estimate", "--catalog", path, "--model", "llama-3.1-70b", "--server", "dgx-h200",
                               "--servers", "2", "--format", "json", NULL };
    g_autoptr(JsonNode) plan = ts_test_cli_json (estimate);

    g_assert_cmpfloat (ts_test_json_number (plan, "options.0.capex_usd"), ==, 700000);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* Issue 15.3: digits grouped as people group them mean what they say.
 * Each expected value is the number as written, read by a person. */
static void
test_digit_groups (void)
{
  const char *gpus_comma[] = { "estimate", "--params", "8B", "--gpus", "1,024", "--format", "json", NULL };
  const char *gpus_nbsp[] = { "estimate", "--params", "8B", "--gpus", "2\u00a0048", "--format", "json", NULL };
  const char *dp_apostrophe[] = { "estimate", "--params", "8B", "--dp", "1'024", "--tp", "8", "--format", "json",
                                  NULL };
  const char *servers[] = { "estimate", "--params", "8B", "--server", "dgx-h100", "--servers", "1\u202f000",
                            "--format", "json", NULL };
  const char *overhead[] = { "estimate", "--params", "8B", "--runtime-overhead", "2,5", "--format", "json", NULL };
  const char *price[] = { "estimate", "--params", "8B", "--server", "dgx-h100", "--servers", "1", "--tokens", "1B",
                          "--price-kwh", "1 000,5", "--format", "json", NULL };
  const char *tokens_grouped[] = { "estimate", "--params", "8B", "--server", "dgx-h100", "--tokens",
                                   "10,000,000,000", "--format", "json", NULL };
  const char *tokens_plain[] = { "estimate", "--params", "8B", "--server", "dgx-h100", "--tokens", "10000000000",
                                 "--format", "json", NULL };
  const char *seq_grouped[] = { "estimate", "--params", "8B", "--seq-len", "8\u2019192", "--format", "json", NULL };
  const char *seq_plain[] = { "estimate", "--params", "8B", "--seq-len", "8192", "--format", "json", NULL };

  {
    g_autoptr(JsonNode) root = ts_test_cli_json (gpus_comma);

    /* the scenario as typed; “memory” is the shown option's */
    g_assert_cmpfloat (ts_test_json_number (root, "scenario_memory.memory.layout.gpus"), ==, 1024);
  }
  {
    g_autoptr(JsonNode) root = ts_test_cli_json (gpus_nbsp);

    g_assert_cmpfloat (ts_test_json_number (root, "scenario_memory.memory.layout.gpus"), ==, 2048);
  }
  {
    g_autoptr(JsonNode) root = ts_test_cli_json (dp_apostrophe);

    /* 1024 data-parallel × 8 tensor-parallel */
    g_assert_cmpfloat (ts_test_json_number (root, "scenario_memory.memory.layout.dp"), ==, 1024);
    g_assert_cmpfloat (ts_test_json_number (root, "scenario_memory.memory.layout.gpus"), ==, 8192);
  }
  {
    g_autoptr(JsonNode) root = ts_test_cli_json (servers);

    g_assert_cmpfloat (ts_test_json_number (root, "options.0.servers"), ==, 1000);
  }
  {
    g_autoptr(JsonNode) root = ts_test_cli_json (overhead);

    /* a decimal comma: 2.5 GB of context per GPU */
    g_assert_cmpfloat (ts_test_json_number (root, "memory.overhead_detail.runtime_context"), ==, 2.5e9);
  }
  {
    g_autoptr(JsonNode) root = ts_test_cli_json (price);
    double kwh = ts_test_json_number (root, "options.0.energy_kwh");

    g_assert_cmpfloat (kwh, >, 0);
    ts_assert_close (ts_test_json_number (root, "options.0.energy_cost"), kwh * 1000.5, 1e-12);
  }
  {
    g_autoptr(JsonNode) grouped = ts_test_cli_json (tokens_grouped);
    g_autoptr(JsonNode) plain = ts_test_cli_json (tokens_plain);

    g_assert_cmpfloat (ts_test_json_number (grouped, "options.0.training_flops"), ==,
                       ts_test_json_number (plain, "options.0.training_flops"));
  }
  {
    g_autoptr(JsonNode) grouped = ts_test_cli_json (seq_grouped);
    g_autoptr(JsonNode) plain = ts_test_cli_json (seq_plain);

    g_assert_cmpfloat (ts_test_json_number (grouped, "memory.total.activations"), ==,
                       ts_test_json_number (plain, "memory.total.activations"));
  }
}

/* Issue 15.6: --dp with --tp and --pp makes the job's GPUs, and agrees
 * with --gpus when both are given: 4 × 2 × 2 = 16. */
static void
test_layout_product (void)
{
  const char *dp_only[] = { "estimate", "--params", "8B", "--dp", "4", "--tp", "2", "--pp", "2", "--format", "json",
                            NULL };
  const char *agreeing[] = { "estimate", "--params", "8B", "--dp", "4", "--tp", "2", "--pp", "2", "--gpus", "16",
                             "--format", "json", NULL };
  g_autoptr(JsonNode) a = ts_test_cli_json (dp_only);
  g_autoptr(JsonNode) b = ts_test_cli_json (agreeing);

  g_assert_cmpfloat (ts_test_json_number (a, "scenario_memory.memory.layout.gpus"), ==, 16);
  g_assert_cmpfloat (ts_test_json_number (b, "scenario_memory.memory.layout.gpus"), ==, 16);
  g_assert_cmpfloat (ts_test_json_number (b, "scenario_memory.memory.layout.dp"), ==, 4);
  /* a product of 1 is "1 GPU" (issue 33: plurals everywhere) */
  expect_status (2, "needs 1 GPU, but --gpus is 2", "estimate", "--params", "8B", "--dp", "1", "--tp", "1", "--pp", "1",
                 "--gpus", "2", NULL);
  expect_status (2, "needs 2 GPUs, but --gpus is 4", "estimate", "--params", "8B", "--dp", "2", "--tp", "1", "--pp", "1",
                 "--gpus", "4", NULL);
}

/* pdf --customer and --project: the document's names, checked as a
 * scenario's names are, and refused by commands that print no document. */
static void
test_document_names (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-cli-doc-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autofree char *long_name = g_strnfill (TS_MAX_NAME_CHARS + 1, 'x');

  g_assert_nonnull (dir);
  expect_status (0, NULL, "pdf", "--params", "8B", "--output", pdf, "--customer", "ACME Labs",
                 "--project", "Pilot cluster", NULL);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  g_unlink (pdf);
  expect_status (2, "--customer", "pdf", "--params", "8B", "--output", pdf, "--customer", long_name, NULL);
  expect_status (2, "U+0009", "pdf", "--params", "8B", "--output", pdf, "--project", "a\tb", NULL);
  expect_status (2, "--customer", "estimate", "--params", "8B", "--customer", "ACME Labs", NULL);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/article-table-json", test_article_table_json);
  g_test_add_func ("/cli/json-shape", test_json_shape);
  g_test_add_func ("/cli/site-profile", test_site_profile);
  g_test_add_func ("/cli/exit-statuses", test_exit_statuses);
  g_test_add_func ("/cli/list-json", test_list_json);
  g_test_add_func ("/cli/published-runs", test_published_runs);
  g_test_add_func ("/cli/catalog-export-round-trip", test_catalog_export_round_trip);
  g_test_add_func ("/cli/prefetch-flag", test_prefetch_flag);
  g_test_add_func ("/cli/digit-groups", test_digit_groups);
  g_test_add_func ("/cli/layout-product", test_layout_product);
  g_test_add_func ("/cli/document-names", test_document_names);
  return g_test_run ();
}
