/* test-hostile-extremes.c — the largest and smallest accepted inputs give
 * finite answers for every method and several parallel layouts
 *
 * The limits are the issue's: up to 100T parameters, 10M tokens of
 * sequence, 100k GPUs. Every number of the plan's JSON (what the CLI
 * prints, the window and the spec sheet show) must be finite, and the
 * article's rule of thumb must still hold at 100T: 16–18 bytes per
 * parameter for full training, i.e. 1.6–1.8 PB.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-test-support.h"

static void
assert_finite_json (JsonNode   *node,
                    const char *where,
                    const char *context)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *member;
        JsonNode *child;

        json_object_iter_init (&iter, json_node_get_object (node));
        while (json_object_iter_next (&iter, &member, &child))
          assert_finite_json (child, member, context);
      }
      break;
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          assert_finite_json (json_array_get_element (array, i), where, context);
      }
      break;
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_DOUBLE
          && !isfinite (json_node_get_double (node)))
        g_error ("%s: “%s” is %g", context, where, json_node_get_double (node));
      break;
    case JSON_NODE_NULL:
    default:
      break;
    }
}

/* Computes the plan and checks every figure; returns it for more checks. */
static TsPlan *
compute_finite (TsCatalog  *catalog,
                TsScenario *s,
                const char *context)
{
  g_autoptr(GError) error = NULL;
  TsPlan *plan = ts_plan_compute (catalog, s, &error);
  g_autofree char *json = NULL;
  g_autoptr(JsonNode) root = NULL;
  const TsMemory *memory;

  if (plan == NULL)
    g_error ("%s: refused: %s", context, error->message);

  memory = ts_plan_get_memory (plan);
  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    {
      g_assert_true (isfinite (memory->total.bytes[i]));
      g_assert_true (isfinite (memory->per_gpu.bytes[i]));
      g_assert_cmpfloat (memory->total.bytes[i], >=, 0);
      g_assert_cmpfloat (memory->per_gpu.bytes[i], >=, 0);
    }

  /* json-glib writes NaN and infinity as bare words that no JSON reader
   * accepts, so parsing the output back catches them as well. */
  json = ts_plan_to_json_string (plan, FALSE);
  root = json_from_string (json, &error);
  if (root == NULL)
    g_error ("%s: the plan's JSON does not parse: %s", context, error->message);
  assert_finite_json (root, "plan", context);
  return plan;
}

typedef struct
{
  const char *name;
  guint       tp, pp, gpus, servers;
  int         zero;
  const char *server_id;
} Layout;

static const Layout layouts[] = {
  { "default",              1,  1,      0, 0, -1, NULL },
  { "one GPU",              1,  1,      1, 0,  0, NULL },
  { "100k GPUs ZeRO-3",     1,  1, 100000, 0,  3, NULL },
  { "TP 8 PP 64 100k GPUs", 8, 64, 100000, 0,  1, NULL },
  { "TP × PP at the 100k limit", 100, 1000, 100000, 0, 3, NULL },
  { "forced DGX B200 ×100k", 1, 1,     0, 100000, -1, "dgx-b200" },
  { "forced Atlas 800T A2", 8,  1,      0, 1,  2, "huawei-atlas-800t-a2" },
};

static void
test_largest (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (TsMethod method = 0; method < TS_N_METHODS; method++)
    for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
      {
        g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 100e12, method);
        g_autoptr(TsPlan) plan = NULL;
        g_autofree char *context = g_strdup_printf ("100T %s, %s", ts_method_to_string (method), layouts[l].name);

        if (layouts[l].server_id != NULL && ts_catalog_find_server (catalog, layouts[l].server_id) == NULL)
          continue;  /* the catalog no longer has it */
        s->seq_len = TS_MAX_SEQ_LEN;
        s->micro_batch = TS_MAX_MICRO_BATCH;
        s->tokens = TS_MAX_TOKENS;
        s->deadline_days = 1;
        s->lora_rank = TS_MAX_LORA_RANK;
        s->checkpointing = TS_CHECKPOINTING_NONE;
        s->tp = layouts[l].tp;
        s->pp = layouts[l].pp;
        s->gpus = layouts[l].gpus;
        s->zero_stage = layouts[l].zero;
        s->servers = layouts[l].servers;
        s->rack_units = 1;
        s->rack_kw = 0.1;
        s->price_kwh = 1e6;
        s->pue = 5;
        if (layouts[l].server_id != NULL)
          ts_scenario_set_server (s, layouts[l].server_id);

        plan = compute_finite (catalog, s, context);

        if (method == TS_METHOD_FULL)
          {
            /* the article: 16–18 bytes per parameter, no activations */
            ts_assert_close (ts_plan_get_memory (plan)->rule.low_bytes, 16 * 100e12, 1e-9);
            ts_assert_close (ts_plan_get_memory (plan)->rule.high_bytes, 18 * 100e12, 1e-9);
          }
      }
}

/* Degrees whose product passes the job's GPU limit are refused before
 * anything multiplies them in 32 bits: 100,000 × 100,000 = 10¹⁰ would
 * wrap to 1,410,065,408 in a guint. */
static void
test_parallel_product_refused (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  static const guint degrees[][2] = { { 100000, 100000 }, { 65536, 65536 }, { 1000, 101 }, { 8, 12501 } };

  for (guint i = 0; i < G_N_ELEMENTS (degrees); i++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 70e9, TS_METHOD_FULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsPlan) plan = NULL;
      g_autofree char *expected = NULL;

      s->tp = degrees[i][0];
      s->pp = degrees[i][1];
      plan = ts_plan_compute (catalog, s, &error);
      g_assert_null (plan);
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      /* the product in 64 bits (100,000 × 100,000 wraps to 1,410,065,408
       * in 32) against the design's limit of a job, TS_MAX_GPUS */
      expected = g_strdup_printf ("Tensor parallel × pipeline parallel is %" G_GUINT64_FORMAT
                                  " GPUs, more than the 100000 a job may have",
                                  (guint64) degrees[i][0] * degrees[i][1]);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

static void
test_smallest (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (TsMethod method = 0; method < TS_N_METHODS; method++)
    for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
      {
        g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, TS_MODEL_MIN_PARAMS, method);
        g_autoptr(TsPlan) plan = NULL;
        g_autofree char *context = g_strdup_printf ("smallest %s, %s", ts_method_to_string (method), layouts[l].name);

        if (layouts[l].server_id != NULL && ts_catalog_find_server (catalog, layouts[l].server_id) == NULL)
          continue;
        /* zero tokens and no deadline: a plan with no training time */
        s->seq_len = 1;
        s->micro_batch = 1;
        s->tokens = 0;
        s->deadline_days = 0;
        s->lora_rank = 1;
        s->runtime_overhead_bytes = 0;
        s->fragmentation = 0;
        s->price_kwh = 0;
        s->pue = 1;
        s->headroom_tight = 0;
        s->tp = layouts[l].tp;
        s->pp = layouts[l].pp;
        s->gpus = layouts[l].gpus;
        s->zero_stage = layouts[l].zero;
        s->servers = layouts[l].servers;
        if (layouts[l].server_id != NULL)
          ts_scenario_set_server (s, layouts[l].server_id);

        plan = compute_finite (catalog, s, context);
      }
}

/* Every catalog model at the longest sequence, with and without
 * checkpointing: activations are the term that grows with the sequence. */
static void
test_catalog_models_longest_sequence (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  /* every model, or a tenth of them under valgrind: at the largest GPU
   * count the user may set, every option places its racks for it */
  guint n = ts_catalog_get_n_models (catalog);
  guint stride = MAX (1u, n / ts_test_sweep_size (n));

  for (guint i = 0; i < n; i += stride)
    for (TsCheckpointing c = 0; c < TS_N_CHECKPOINTING; c++)
      {
        const TsCatalogModel *m = ts_catalog_get_model (catalog, i);
        g_autoptr(TsScenario) s = ts_test_scenario (catalog, m->model.id, 0, TS_METHOD_FULL);
        g_autoptr(TsPlan) plan = NULL;
        g_autofree char *context = g_strdup_printf ("%s, checkpointing %s", m->model.id, ts_checkpointing_to_string (c));

        s->seq_len = TS_MAX_SEQ_LEN;
        s->micro_batch = TS_MAX_MICRO_BATCH;
        s->flash_attention = FALSE;
        s->checkpointing = c;
        s->gpus = TS_MAX_GPUS;
        plan = compute_finite (catalog, s, context);
      }
}

/* The largest architecture the scenario file accepts field by field is
 * either refused as a whole (too many parameters) or gives a finite plan. */
static void
test_largest_architecture (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsArchitecture archs[] = {
    { .layers = 10000, .hidden_size = 1048576, .attention_heads = 65536, .kv_heads = 65536, .head_dim = 65536,
      .ffn_size = 1048576, .mlp = TS_MLP_SWIGLU, .vocab_size = 16777216 },
    { .layers = 10000, .hidden_size = 1048576, .attention_heads = 65536, .kv_heads = 1, .head_dim = 16,
      .ffn_size = 1048576, .mlp = TS_MLP_GELU, .vocab_size = 16777216, .experts = 65536, .active_experts = 65536,
      .shared_experts = 65536, .expert_ffn_size = 1048576 },
    { .layers = 1, .hidden_size = 1, .attention_heads = 1, .kv_heads = 1, .head_dim = 1, .ffn_size = 0,
      .mlp = TS_MLP_GELU, .vocab_size = 1 },
    { .layers = 96, .hidden_size = 12288, .attention_heads = 96, .kv_heads = 96, .head_dim = 128,
      .ffn_size = 49152, .mlp = TS_MLP_GELU, .vocab_size = 50257 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (archs); i++)
    {
      g_autoptr(GError) error = NULL;
      TsModel model = { 0 };

      if (!ts_model_init_from_architecture (&model, "extreme", &archs[i], &error))
        {
          g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
          continue;
        }
      g_assert_true (isfinite (model.params));
      g_assert_cmpfloat (model.params, >, 0);
      for (TsMethod method = 0; method < TS_N_METHODS; method++)
        {
          g_autoptr(TsScenario) s = ts_scenario_new ();
          g_autoptr(TsPlan) plan = NULL;
          g_autofree char *context = g_strdup_printf ("architecture %u, %s", i, ts_method_to_string (method));

          ts_scenario_set_model (s, &model);
          s->method = method;
          s->seq_len = TS_MAX_SEQ_LEN;
          s->gpus = TS_MAX_GPUS;
          plan = compute_finite (catalog, s, context);
        }
      ts_model_clear (&model);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/extremes/largest", test_largest);
  g_test_add_func ("/hostile/extremes/smallest", test_smallest);
  g_test_add_func ("/hostile/extremes/parallel-product-refused", test_parallel_product_refused);
  g_test_add_func ("/hostile/extremes/catalog-models-longest-sequence", test_catalog_models_longest_sequence);
  g_test_add_func ("/hostile/extremes/largest-architecture", test_largest_architecture);
  return g_test_run ();
}
