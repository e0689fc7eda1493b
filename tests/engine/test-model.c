/* test-model.c — parameter counts from the architecture, the inference
 * rule for a size-only model, and the model file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "ts-test-support.h"

/* Published parameter counts, as the vendors state them (not the
 * catalog's own derived published_params, which come from the same
 * formula as the code):
 *   Llama 3.1 8B / 70B / 405B — Meta model cards: 8B, 70B, 405B; the
 *     HF safetensors metadata: 8.03 B, 70.6 B, 406 B
 *   Qwen3-8B 8.2 B, Qwen3-32B 32.8 B, Qwen3-30B-A3B 30.5 B (3.3 B active),
 *     Qwen3-235B-A22B 235 B (22 B active) — Qwen3 model cards
 *   Qwen2.5-7B 7.61 B, Qwen2.5-32B 32.5 B, Qwen2.5-72B 72.7 B — Qwen2.5 cards
 *   Mistral 7B 7.3 B — Mistral AI's announcement
 *   Mixtral 8x7B 46.7 B (12.9 B active) — Mistral AI, “Mixtral of experts”
 *   Mixtral 8x22B 141 B (39 B active) — Mistral AI, “Cheaper, Better…”
 *   DeepSeek-V3 671 B (37 B active) — DeepSeek-V3 technical report
 *   Gemma 2 27B 27.2 B — Gemma 2 report (1.18 B embedding + 26.05 B other)
 *   Gemma 3 27B 27 B — Gemma 3 report (the text decoder of it)
 *   gpt-oss-120b 116.8 B — OpenAI's gpt-oss model card
 * A total must be within 1%. An active count is rounded to the nearest
 * billion in these sources, so it must be within 0.5 B plus 1%. */
typedef struct
{
  const char *id;
  double      total;
  double      active;  /* 0: not stated or counted differently */
} Published;

static const Published published[] = {
  { "llama-3.1-8b", 8.03e9, 0 },
  { "llama-3.1-70b", 70.6e9, 0 },
  { "llama-3.1-405b", 406e9, 0 },
  { "qwen3-8b", 8.2e9, 0 },
  { "qwen3-32b", 32.8e9, 0 },
  { "qwen3-30b-a3b", 30.5e9, 3.3e9 },
  { "qwen3-235b-a22b", 235e9, 22e9 },
  { "qwen2.5-7b", 7.61e9, 0 },
  { "qwen2.5-32b", 32.5e9, 0 },
  { "qwen2.5-72b", 72.7e9, 0 },
  { "mistral-7b", 7.3e9, 0 },
  { "mixtral-8x7b", 46.7e9, 12.9e9 },
  { "mixtral-8x22b", 141e9, 39e9 },
  { "deepseek-v3", 671e9, 37e9 },
  { "gemma-2-27b", 27.2e9, 0 },
  { "gemma-3-27b", 27e9, 0 },
  /* OpenAI's 5.1 B active excludes the embeddings; ours includes them. */
  { "gpt-oss-120b", 116.8e9, 0 },
};

static void
test_published_counts (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint n = ts_catalog_get_n_models (catalog);

  for (guint i = 0; i < G_N_ELEMENTS (published); i++)
    {
      const TsCatalogModel *m = ts_catalog_find_model (catalog, published[i].id);
      double total;

      g_assert_nonnull (m);
      total = ts_architecture_total_params (&m->model.arch);
      if (fabs (total - published[i].total) > 0.01 * published[i].total)
        g_error ("%s: %.4g parameters from the architecture, %.4g published",
                 published[i].id, total, published[i].total);
      if (published[i].active > 0)
        {
          double active = ts_architecture_active_params (&m->model.arch);

          g_assert_cmpfloat (fabs (active - published[i].active), <=, 0.5e9 + 0.01 * published[i].active);
        }
    }

  /* Models added to the catalog later are checked against their own
   * published_params; a test message asks for a vendor figure here. */
  for (guint i = 0; i < n; i++)
    {
      const TsCatalogModel *m = ts_catalog_get_model (catalog, i);
      gboolean listed = FALSE;

      for (guint j = 0; j < G_N_ELEMENTS (published); j++)
        listed |= g_strcmp0 (published[j].id, m->model.id) == 0;
      if (!listed)
        {
          g_test_message ("%s: no vendor figure in test-model.c; checked against the catalog", m->model.id);
          ts_assert_close (ts_architecture_total_params (&m->model.arch), m->model.published_params, 0.01);
        }
    }
}

/* DeepSeek-V3's multi-head latent attention (config.json: q_lora_rank
 * 1536, kv_lora_rank 512, qk_nope 128, qk_rope 64, v_head 128, 128 heads,
 * h 7168) per layer:
 *   q: 7168·1536 + 1536 (norm) + 1536·128·192     = 48,760,320
 *   kv: 7168·(512 + 64) + 512 (norm) + 512·128·256 = 20,906,496
 *   o: 128·128·7168                               = 117,440,512
 *   = 187,107,328; · 61 layers = 11,413,547,008. */
static void
test_mla_attention (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsCatalogModel *m = ts_catalog_find_model (catalog, "deepseek-v3");

  g_assert_true (ts_architecture_is_mla (&m->model.arch));
  g_assert_cmpfloat (ts_architecture_attention_params (&m->model.arch), ==, 187107328.0);
  ts_assert_close (ts_architecture_total_params (&m->model.arch), 671e9, 0.01);
}

/* The rule for a size-only model (ts-model.c): a Llama-style decoder
 * whose shape follows Llama 3 — given 8e9 it must find Llama 3.1 8B's own
 * shape (32 × 4096, FFN 14336, 8 KV heads); for any size the inferred
 * architecture must describe that size within 2% (whole layers), and the
 * model is sized at the given count. */
static void
test_infer_rule (void)
{
  static const double sizes[] = { 1e9, 7e9, 13e9, 32e9, 70e9, 175e9, 405e9, 1e12 };
  TsArchitecture a;

  ts_architecture_infer (8e9, &a);
  g_assert_cmpuint (a.layers, ==, 32);
  g_assert_cmpuint (a.hidden_size, ==, 4096);
  g_assert_cmpuint (a.ffn_size, ==, 14336);
  g_assert_cmpuint (a.kv_heads, ==, 8);
  g_assert_cmpuint (a.head_dim, ==, 128);
  g_assert_cmpint (a.mlp, ==, TS_MLP_SWIGLU);
  g_assert_cmpuint (a.vocab_size, ==, 128256);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      TsModel model;

      ts_architecture_infer (sizes[i], &a);
      g_assert_true (ts_architecture_validate (&a, NULL));
      ts_assert_close (ts_architecture_total_params (&a), sizes[i], 0.02);

      g_assert_true (ts_model_init_from_params (&model, sizes[i], &error));
      g_assert_cmpfloat (model.params, ==, sizes[i]);
      g_assert_true (model.architecture_inferred);
      ts_model_clear (&model);
    }
}

/* The model file of docs/sizing-model.md §2 (GPT-3 175B: Brown et al. 2020,
 * Table 2.1: 96 layers, d_model 12288, 96 heads of 128, 175B parameters)
 * through the CLI: the JSON `model` carries the architecture used. */
static void
test_model_file_gpt3 (void)
{
  g_autofree char *path = ts_test_write_temp_file ("ts-model-XXXXXX.json",
    "{\"name\": \"GPT-3 175B\", \"layers\": 96, \"hidden_size\": 12288, \"attention_heads\": 96,"
    " \"kv_heads\": 96, \"head_dim\": 128, \"ffn_size\": 49152, \"mlp\": \"gelu\", \"vocab_size\": 51200,"
    " \"tied_embeddings\": true, \"dropout\": true, \"experts\": 0, \"active_experts\": 0,"
    " \"shared_experts\": 0, \"expert_ffn_size\": 0, \"dense_layers\": 0}");
  const char *argv[] = { "estimate", "--model-file", path, "--format", "json", NULL };
  g_autoptr(JsonNode) root = ts_test_cli_json (argv);

  ts_assert_close (ts_test_json_number (root, "model.params"), 175e9, 0.01);
  g_assert_cmpfloat (ts_test_json_number (root, "model.architecture.layers"), ==, 96);
  g_assert_cmpfloat (ts_test_json_number (root, "model.architecture.hidden_size"), ==, 12288);
  g_assert_cmpfloat (ts_test_json_number (root, "model.architecture.dropout"), ==, TRUE);
  g_assert_cmpfloat (ts_test_json_number (root, "model.architecture.inferred"), ==, FALSE);
  g_unlink (path);
}

/* Defaults: kv_heads = heads, head_dim = h / heads. */
static void
test_model_file_defaults (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  TsModel model;

  json_parser_load_from_data (parser, "{\"layers\": 2, \"hidden_size\": 512, \"attention_heads\": 8,"
                                      " \"vocab_size\": 1000, \"ffn_size\": 2048}", -1, &error);
  g_assert_no_error (error);
  g_assert_true (ts_model_from_json (&model, json_parser_get_root (parser), "m.json", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (model.arch.kv_heads, ==, 8);
  g_assert_cmpuint (model.arch.head_dim, ==, 64);
  g_assert_cmpint (model.arch.mlp, ==, TS_MLP_SWIGLU);
  /* embeddings 2 · 1000·512 = 1,024,000; two layers of 4·512² attention
   * + 3·512·2048 SwiGLU + 2·512 norms = 2 · 4,195,328 = 8,390,656; final
   * norm 512: 9,415,168 */
  g_assert_cmpfloat (model.params, ==, 9415168);
  ts_model_clear (&model);
}

/* Strict validation: the message names the file and the field. */
static void
test_model_file_errors (void)
{
  static const struct { const char *json; const char *field; } cases[] = {
    { "{\"layers\": 2, \"hidden\": 512}", "“hidden”" },
    { "{\"layers\": 2.5, \"hidden_size\": 512, \"attention_heads\": 8, \"vocab_size\": 10, \"ffn_size\": 4}", "“layers”" },
    { "{\"layers\": 2, \"attention_heads\": 8, \"vocab_size\": 10, \"ffn_size\": 4}", "“hidden_size”" },
    { "{\"layers\": 2, \"hidden_size\": \"512\", \"attention_heads\": 8, \"vocab_size\": 10, \"ffn_size\": 4}", "“hidden_size”" },
    { "{\"layers\": 2, \"hidden_size\": 512, \"attention_heads\": 8, \"vocab_size\": 10}", "“ffn_size”" },
    { "{\"layers\": 2, \"hidden_size\": 512, \"attention_heads\": 8, \"vocab_size\": 10, \"ffn_size\": 4, \"mlp\": \"relu\"}", "“mlp”" },
    { "{\"layers\": 2, \"hidden_size\": 512, \"attention_heads\": 8, \"kv_heads\": 16, \"vocab_size\": 10, \"ffn_size\": 4}", "“kv_heads”" },
    { "{\"layers\": 2, \"hidden_size\": 512, \"attention_heads\": 8, \"vocab_size\": 10, \"ffn_size\": 4, \"dropout\": 1}", "“dropout”" },
    { "[1, 2]", "JSON object" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = ts_test_write_temp_file ("ts-model-XXXXXX.json", cases[i].json);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      const char *argv[] = { "estimate", "--model-file", path, "--format", "json", NULL };
      int status = ts_test_run_cli (argv, &out, &err);

      g_assert_cmpint (status, !=, 0);
      if (strstr (err, base) == NULL || strstr (err, cases[i].field) == NULL)
        g_error ("case %u: “%s” does not name %s and %s", i, err, base, cases[i].field);
      g_unlink (path);
    }
}

/* A custom MLA model (DeepSeek-V3's shape, as a model file would give it)
 * survives a save and a load of the scenario file. */
static void
test_mla_scenario_roundtrip (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsCatalogModel *v3 = ts_catalog_find_model (catalog, "deepseek-v3");
  g_autoptr(TsScenario) s = ts_scenario_new ();
  g_autoptr(TsScenario) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  TsModel model;

  g_assert_true (ts_model_init_from_architecture (&model, "My V3", &v3->model.arch, &error));
  ts_scenario_set_model (s, &model);
  ts_model_clear (&model);
  text = ts_scenario_to_string (s);
  loaded = ts_scenario_from_string (text, -1, catalog, "roundtrip.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->model.arch.kv_lora_rank, ==, 512);
  g_assert_cmpuint (loaded->model.arch.q_lora_rank, ==, 1536);
  g_assert_cmpfloat (loaded->model.params, ==, s->model.params);
}

/* An architecture whose shape is valid but whose count is under the
 * engine's smallest (a million) is refused, and the refused model owns
 * nothing: its name was allocated before the count was checked and leaked
 * (2 bytes for “x”, reported by valgrind). Hand count, docs/sizing-model.md §2:
 * embeddings 2 × 256 × 16 = 8,192; a layer's attention 4 × 16 × 16 =
 * 1,024, its SwiGLU 3 × 16 × 64 = 3,072, its norms 32: 2 layers 8,256;
 * the final norm 16 — 16,464 parameters in all. */
static void
test_refused_architecture_owns_nothing (void)
{
  TsArchitecture arch = { .layers = 2, .hidden_size = 16, .attention_heads = 1, .kv_heads = 1,
                          .head_dim = 16, .ffn_size = 64, .mlp = TS_MLP_SWIGLU, .vocab_size = 256 };
  TsModel model = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_cmpfloat (ts_architecture_total_params (&arch), ==, 16464);
  g_assert_false (ts_model_init_from_architecture (&model, "x", &arch, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "1M"));
  g_assert_null (model.name);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/published-counts", test_published_counts);
  g_test_add_func ("/model/refused-architecture-owns-nothing", test_refused_architecture_owns_nothing);
  g_test_add_func ("/model/mla-attention", test_mla_attention);
  g_test_add_func ("/model/infer-rule", test_infer_rule);
  g_test_add_func ("/model/file/gpt3", test_model_file_gpt3);
  g_test_add_func ("/model/file/defaults", test_model_file_defaults);
  g_test_add_func ("/model/file/errors", test_model_file_errors);
  g_test_add_func ("/model/file/mla-scenario-roundtrip", test_mla_scenario_roundtrip);
  return g_test_run ();
}
