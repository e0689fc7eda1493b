/* test-hf-config.c — a Hugging Face config.json imported as a model file
 *
 * The fixtures in hf/ are the published config.json files of each model.
 * Every expected count below is worked out by hand from the layer shapes
 * of the transformers implementation (one line per weight matrix), not
 * taken from the program, and agrees with the count the model's card or
 * safetensors index states where one is given.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ts-test-support.h"

static void
load_fixture (const char *file,
              TsModel    *model)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "engine", "hf", file, NULL);
  g_autoptr(GError) error = NULL;

  if (!ts_model_load_file (model, path, &error))
    g_error ("%s: %s", file, error->message);
  g_assert_nonnull (model->source);
}

static const char *
source_field (const TsModel *model,
              const char    *field)
{
  JsonObject *fields = json_object_get_object_member (json_node_get_object (model->source), "fields");

  g_assert_true (json_object_has_member (fields, field));
  return json_object_get_string_member (fields, field);
}

static JsonObject *
source (const TsModel *model)
{
  return json_node_get_object (model->source);
}

/* Llama 3.1 8B (meta-llama/Llama-3.1-8B), dense, grouped-query attention:
 *   embeddings  2 × 128256 × 4096                         = 1,050,673,152 (untied)
 *   attention   4096×4096 (q) + 2 × 4096×1024 (k, v) + 4096×4096 (o)
 *               = 16,777,216 × 2 + 4,194,304 × 2          =    41,943,040
 *   MLP         3 × 4096 × 14336 (gate, up, down)         =   176,160,768
 *   norms       2 × 4096                                  =         8,192
 *   one layer                                             =   218,112,000
 *   32 layers                                             = 6,979,584,000
 *   final norm                                            =         4,096
 *   total                                                 = 8,030,261,248
 * The model card's “8.03B”. */
static void
test_llama (void)
{
  TsModel model = { 0 };
  double layer = 2.0 * 4096 * 4096 + 2.0 * 4096 * 1024 + 3.0 * 4096 * 14336 + 2.0 * 4096;

  g_assert_cmpfloat (layer, ==, 218112000.0);
  load_fixture ("llama-3.1-8b.json", &model);
  g_assert_cmpfloat (model.params, ==, 2.0 * 128256 * 4096 + 32 * layer + 4096);
  g_assert_cmpfloat (model.params, ==, 8030261248.0);
  g_assert_cmpuint (model.arch.kv_heads, ==, 8);
  g_assert_cmpstr (source_field (&model, "layers"), ==, "num_hidden_layers");
  g_assert_cmpstr (source_field (&model, "kv_heads"), ==, "num_key_value_heads");
  g_assert_cmpstr (source_field (&model, "ffn_size"), ==, "intermediate_size");
  g_assert_cmpstr (json_object_get_string_member (source (&model), "layer_class"), ==, "LlamaDecoderLayer");
  g_assert_cmpstr (ts_hf_config_layer_class (&model), ==, "LlamaDecoderLayer");
  ts_model_clear (&model);
}

/* Mistral 7B v0.1: Llama 3.1 8B's layers with a 32,000-token vocabulary:
 *   2 × 32000 × 4096 = 262,144,000; 32 × 218,112,000 = 6,979,584,000;
 *   + 4,096 = 7,241,732,096 (Mistral AI: “7.3B”). */
static void
test_mistral (void)
{
  TsModel model = { 0 };

  load_fixture ("mistral-7b-v0.1.json", &model);
  g_assert_cmpfloat (model.params, ==, 262144000.0 + 6979584000.0 + 4096.0);
  ts_model_clear (&model);
}

/* Qwen2.5-0.5B: tied embeddings and q, k, v biases (the class has them):
 *   embeddings  151936 × 896 (tied)                       =   136,134,656
 *   attention   q 896×896 + 896, k 896×128 + 128, v 896×128 + 128,
 *               o 896×896 = 802,816 × 2 + 114,688 × 2 + 1,152 = 1,836,160
 *   MLP         3 × 896 × 4864                            =    13,074,432
 *   norms       2 × 896                                   =         1,792
 *   one layer                                             =    14,912,384
 *   24 layers                                             =   357,897,216
 *   total       136,134,656 + 357,897,216 + 896           =   494,032,768
 * The model card's “0.49B (0.36B non-embedding)”. */
static void
test_qwen2_tied (void)
{
  TsModel model = { 0 };

  load_fixture ("qwen2.5-0.5b.json", &model);
  g_assert_true (model.arch.tied_embeddings);
  g_assert_true (model.arch.qkv_bias);
  g_assert_cmpuint (model.arch.head_dim, ==, 64);
  g_assert_cmpfloat (model.params, ==, 494032768.0);
  g_assert_cmpstr (source_field (&model, "tied_embeddings"), ==, "tie_word_embeddings");
  ts_model_clear (&model);
}

/* Mixtral 8x7B: eight SwiGLU experts of 14,336 (intermediate_size is the
 * expert's width in this family), top-2:
 *   attention 41,943,040; experts 8 × 3 × 4096 × 14336 = 1,409,286,144;
 *   router 4096 × 8 = 32,768; norms 8,192 → one layer 1,451,270,144
 *   32 layers = 46,440,644,608; + 262,144,000 + 4,096 = 46,702,792,704
 *   active: 2 experts instead of 8 → 32 × (1,451,270,144 − 6 × 176,160,768)
 *           + 262,148,096 = 12,879,925,248
 * Mistral AI: “46.7B total, 12.9B active”. */
static void
test_mixtral (void)
{
  TsModel model = { 0 };

  load_fixture ("mixtral-8x7b-v0.1.json", &model);
  g_assert_cmpuint (model.arch.experts, ==, 8);
  g_assert_cmpuint (model.arch.active_experts, ==, 2);
  g_assert_cmpuint (model.arch.expert_ffn_size, ==, 14336);
  g_assert_cmpuint (model.arch.dense_layers, ==, 0);
  g_assert_cmpfloat (model.params, ==, 46702792704.0);
  g_assert_cmpfloat (model.active_params, ==, 32 * (1451270144.0 - 6 * 176160768.0) + 262148096.0);
  g_assert_cmpstr (source_field (&model, "experts"), ==, "num_local_experts");
  ts_model_clear (&model);
}

/* Qwen3-30B-A3B: 128 experts of 768, top-8, no shared expert, q/k norms
 * of head_dim 128 (head_dim × heads = 4096 ≠ hidden 2048):
 *   embeddings  2 × 151936 × 2048                         =   622,329,856
 *   attention   2048×4096 + 2 × 2048×512 + 4096×2048      =    18,874,368
 *   q/k norms   2 × 128                                   =           256
 *   experts     128 × 3 × 2048 × 768                      =   603,979,776
 *   router      2048 × 128                                =       262,144
 *   norms       2 × 2048                                  =         4,096
 *   one layer                                             =   623,120,640
 *   48 layers                                             = 29,909,790,720
 *   total       + 622,329,856 + 2,048                     = 30,532,122,624
 * The model card's “30.5B”. */
static void
test_qwen3_moe (void)
{
  TsModel model = { 0 };

  load_fixture ("qwen3-30b-a3b.json", &model);
  g_assert_true (model.arch.qk_norm);
  g_assert_cmpfloat (model.params, ==, 48 * 623120640.0 + 622329856.0 + 2048.0);
  g_assert_cmpstr (source_field (&model, "head_dim"), ==, "head_dim");
  g_assert_cmpstr (source_field (&model, "expert_ffn_size"), ==, "moe_intermediate_size");
  ts_model_clear (&model);
}

/* Qwen1.5-MoE-A2.7B (qwen2_moe): 60 experts of 1408, top-4, a shared
 * expert of 5632 with its own gate, q, k, v biases:
 *   attention   4 × 2048² + 3 × 2048 (biases)             =    16,783,360
 *   experts     60 × 3 × 2048 × 1408                      =   519,045,120
 *   router      2048 × 60                                 =       122,880
 *   shared      3 × 2048 × 5632                           =    34,603,008
 *   its gate    2048 × 1                                  =         2,048
 *   norms       2 × 2048                                  =         4,096
 *   one layer                                             =   570,560,512
 *   24 layers                                             = 13,693,452,288
 *   total       + 2 × 151936 × 2048 + 2,048               = 14,315,784,192
 * The model card's “14.3B”. */
static void
test_qwen2_moe_shared_expert (void)
{
  TsModel model = { 0 };

  load_fixture ("qwen1.5-moe-a2.7b.json", &model);
  g_assert_cmpuint (model.arch.shared_experts, ==, 4);  /* 5632 = 4 × 1408 */
  g_assert_true (model.arch.shared_expert_gate);
  g_assert_cmpfloat (model.params, ==, 24 * 570560512.0 + 2.0 * 151936 * 2048 + 2048);
  ts_model_clear (&model);
}

/* DeepSeek-V2-Lite: latent attention without query compression
 * (q_lora_rank null), 64 routed + 2 shared experts of 1408, top-6, the
 * first layer dense (first_k_dense_replace 1):
 *   attention   q 2048 × 16 × (128+64)                    =     6,291,456
 *               kv_a 2048 × (512+64) + its norm 512       =     1,180,160
 *               kv_b 512 × 16 × (128+128)                 =     2,097,152
 *               o 16 × 128 × 2048                         =     4,194,304
 *               together                                  =    13,763,072
 *   dense MLP   3 × 2048 × 10944                          =    67,239,936
 *   MoE MLP     66 × 3 × 2048 × 1408 + 2048 × 64          =   571,080,704
 *   layer 0     13,763,072 + 67,239,936 + 4,096           =    81,007,104
 *   layers 1–26 26 × (13,763,072 + 571,080,704 + 4,096)   = 15,206,044,672
 *   total       + 2 × 102400 × 2048 + 2,048               = 15,706,484,224
 * The model card's “15.7B”. */
static void
test_deepseek_v2_lite (void)
{
  TsModel model = { 0 };

  load_fixture ("deepseek-v2-lite.json", &model);
  g_assert_cmpuint (model.arch.q_lora_rank, ==, 0);
  g_assert_cmpuint (model.arch.dense_layers, ==, 1);
  g_assert_cmpuint (model.arch.shared_experts, ==, 2);
  g_assert_false (model.arch.router_bias);
  g_assert_cmpfloat (model.params, ==, 81007104.0 + 15206044672.0 + 2.0 * 102400 * 2048 + 2048);
  g_assert_cmpstr (source_field (&model, "dense_layers"), ==, "first_k_dense_replace");
  g_assert_cmpstr (source_field (&model, "experts"), ==, "n_routed_experts");
  ts_model_clear (&model);
}

/* DeepSeek-V3: latent attention with query compression, 256 routed + 1
 * shared expert of 2048, a score-correction bias per routed expert, three
 * dense layers; the FP8 quantization_config and the multi-token-prediction
 * layer are left out (the report's 671B, not the checkpoint's 685B):
 *   attention   q_a 7168×1536 + 1536, q_b 1536×128×192, kv_a 7168×576
 *               + 512, kv_b 512×128×256, o 128×128×7168   =   187,107,328
 *   dense layer 187,107,328 + 3 × 7168 × 18432 + 14,336   =   583,483,392
 *   MoE layer   187,107,328 + 257 × 3 × 7168 × 2048
 *               + 7168 × 256 + 256 + 14,336               = 11,507,286,272
 *   total       3 × 583,483,392 + 58 × 11,507,286,272
 *               + 2 × 129280 × 7168 + 7,168               = 671,026,419,200 */
static void
test_deepseek_v3 (void)
{
  TsModel model = { 0 };
  JsonArray *ignored;

  load_fixture ("deepseek-v3.json", &model);
  g_assert_true (model.arch.router_bias);
  g_assert_cmpuint (model.arch.dense_layers, ==, 3);
  g_assert_cmpfloat (model.params, ==, 3 * 583483392.0 + 58 * 11507286272.0 + 2.0 * 129280 * 7168 + 7168);
  ignored = json_object_get_array_member (source (&model), "ignored");
  g_assert_cmpuint (json_array_get_length (ignored), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (ignored, 0), ==, "quantization_config");
  g_assert_cmpint (json_object_get_int_member (source (&model), "mtp_layers_excluded"), ==, 1);
  ts_model_clear (&model);
}

/* Gemma 3 4B (google/gemma-3-4b-it): the language model is text_config,
 * which gives only hidden 2560, intermediate 10240 and 34 layers; the rest
 * are Gemma3TextConfig's defaults (8 heads, 4 KV heads, head_dim 256,
 * vocabulary 262,208, tied, GELU-tanh gated MLP). Four norms a layer
 * (before and after attention and MLP) and q/k norms:
 *   embeddings  262208 × 2560 (tied)                      =   671,252,480
 *   attention   2560×2048 + 2 × 2560×1024 + 2048×2560     =    15,728,640
 *   q/k norms   2 × 256                                   =           512
 *   MLP         3 × 2560 × 10240                          =    78,643,200
 *   norms       4 × 2560                                  =        10,240
 *   34 layers   34 × 94,382,592                           = 3,209,008,128
 *   total       + 671,252,480 + 2,560                     = 3,880,263,168
 * The SigLIP vision tower is reported, not counted (patch 14, 896 px →
 * 64² = 4096 positions, width 1152, MLP 4304, 27 layers):
 *   patch embedding 3 × 14 × 14 × 1152 + 1152             =       678,528
 *   positions   4096 × 1152                               =     4,718,592
 *   one layer   2 × 2304 (norms) + 4 × (1152² + 1152)
 *               + (1152 × 4304 + 4304) + (4304 × 1152 + 1152) = 15,239,504
 *   27 layers + final norm 2304                           =   411,468,912
 *   tower                                                 =   416,866,032
 *   projector   1152 × 2560 + 1152                        =     2,950,272
 * 3,880,263,168 + 416,866,032 + 2,950,272 = 4,300,079,472, the
 * checkpoint's whole count. */
static void
test_gemma3_nested (void)
{
  TsModel model = { 0 };
  JsonObject *vision;

  load_fixture ("gemma-3-4b-it.json", &model);
  g_assert_cmpuint (model.arch.attention_heads, ==, 8);
  g_assert_cmpuint (model.arch.kv_heads, ==, 4);
  g_assert_cmpuint (model.arch.head_dim, ==, 256);
  g_assert_cmpuint (model.arch.vocab_size, ==, 262208);
  g_assert_true (model.arch.tied_embeddings);
  g_assert_cmpint (model.arch.mlp, ==, TS_MLP_GEGLU);
  g_assert_cmpfloat (model.params, ==, 34 * 94382592.0 + 671252480.0 + 2560);
  g_assert_cmpstr (json_object_get_string_member (source (&model), "language_model"), ==, "text_config");
  g_assert_cmpstr (source_field (&model, "layers"), ==, "text_config.num_hidden_layers");
  g_assert_true (g_str_has_prefix (source_field (&model, "attention_heads"), "num_attention_heads absent"));

  vision = json_object_get_object_member (source (&model), "vision_tower");
  g_assert_nonnull (vision);
  g_assert_cmpfloat (json_object_get_double_member (vision, "params"), ==, 416866032.0);
  g_assert_cmpfloat (json_object_get_double_member (vision, "projector_params"), ==, 2950272.0);
  g_assert_false (json_object_get_boolean_member (vision, "counted"));
  g_assert_false (json_object_get_boolean_member (vision, "trained"));
  ts_model_clear (&model);
}

/* Falcon-7B: multi_query (one KV head), a plain GELU MLP of 4 × hidden,
 * parallel attention with a single LayerNorm (weight and bias) a layer,
 * tied embeddings, no linear biases:
 *   attention   4544 × (71 × 64 + 2 × 64) + 4544 × 4544   =    41,877,504
 *   MLP         2 × 4544 × 18176                          =   165,183,488
 *   norm        2 × 4544                                  =         9,088
 *   32 layers   32 × 207,070,080                          = 6,626,242,560
 *   total       + 65024 × 4544 + 2 × 4544                 = 6,921,720,704 */
static void
test_falcon (void)
{
  TsModel model = { 0 };

  load_fixture ("falcon-7b.json", &model);
  g_assert_cmpuint (model.arch.kv_heads, ==, 1);
  g_assert_cmpint (model.arch.mlp, ==, TS_MLP_GELU);
  g_assert_cmpfloat (model.params, ==, 32 * 207070080.0 + 65024.0 * 4544 + 2 * 4544);
  g_assert_cmpstr (source_field (&model, "kv_heads"), ==, "multi_query");
  ts_model_clear (&model);
}

/* Phi-3-mini: fused qkv_proj and gate_up_proj hold the same weights as
 * separate ones: 32 × (4 × 3072² + 3 × 3072 × 8192 + 2 × 3072)
 *   + 2 × 32064 × 3072 + 3072 = 3,624,075,264 + 197,001,216 + 3,072
 *   = 3,821,079,552 (“3.8B”). Its _name_or_path is not a hub id. */
static void
test_phi3_fused (void)
{
  TsModel model = { 0 };

  load_fixture ("phi-3-mini-4k-instruct.json", &model);
  g_assert_cmpfloat (model.params, ==, 3821079552.0);
  g_assert_null (model.hf_id);
  ts_model_clear (&model);
}

/* ---- refused input ---------------------------------------------------- */

static void
assert_refused (const char *json,
                const char *key)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = ts_json_parse (json, -1, "config.json", &error);
  TsModel model = { 0 };
  g_autofree char *quoted = g_strdup_printf ("“%s”", key);

  g_assert_no_error (error);
  g_assert_false (ts_model_from_json (&model, root, "config.json", &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_MODEL_FILE);
  if (strstr (error->message, quoted) == NULL)
    g_error ("the message “%s” does not name %s", error->message, quoted);
  g_assert_true (g_str_has_prefix (error->message, "config.json: "));
}

#define LLAMA_KEYS "\"model_type\": \"llama\", \"vocab_size\": 32000, \"num_hidden_layers\": 2, \"intermediate_size\": 1024, "

static void
test_refused (void)
{
  /* 4100 / 32 is not whole and head_dim is absent */
  assert_refused ("{" LLAMA_KEYS "\"hidden_size\": 4100, \"num_attention_heads\": 32}", "num_attention_heads");
  /* 5 KV heads do not divide 32 */
  assert_refused ("{" LLAMA_KEYS "\"hidden_size\": 4096, \"num_attention_heads\": 32, \"num_key_value_heads\": 5}",
                  "num_key_value_heads");
  /* 3 experts per token out of 2 */
  assert_refused ("{\"model_type\": \"mixtral\", \"vocab_size\": 32000, \"num_hidden_layers\": 2, \"hidden_size\": 4096,"
                  " \"num_attention_heads\": 32, \"intermediate_size\": 1024, \"num_local_experts\": 2,"
                  " \"num_experts_per_tok\": 3}", "num_experts_per_tok");
  /* MoE without its expert width */
  assert_refused ("{\"model_type\": \"qwen3_moe\", \"vocab_size\": 32000, \"num_hidden_layers\": 2, \"hidden_size\": 4096,"
                  " \"num_attention_heads\": 32, \"num_experts\": 8, \"num_experts_per_tok\": 2}", "moe_intermediate_size");
  /* a required key missing */
  assert_refused ("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, \"hidden_size\": 4096, \"num_attention_heads\": 32,"
                  " \"intermediate_size\": 1024}", "vocab_size");
  /* no family: nothing tells which names and defaults apply */
  assert_refused ("{\"num_hidden_layers\": 2, \"hidden_size\": 4096}", "model_type");
  /* a family it cannot count exactly (GPT-2 has biases everywhere) */
  assert_refused ("{\"model_type\": \"gpt2\", \"n_layer\": 12, \"n_embd\": 768, \"n_head\": 12, \"vocab_size\": 50257}",
                  "model_type");
  /* biases the architecture cannot hold are refused, not dropped */
  assert_refused ("{" LLAMA_KEYS "\"hidden_size\": 4096, \"num_attention_heads\": 32, \"mlp_bias\": true}", "mlp_bias");
  /* wrong types */
  assert_refused ("{" LLAMA_KEYS "\"hidden_size\": \"4096\", \"num_attention_heads\": 32}", "hidden_size");
  /* one expert: "the 1 expert", never "the 1 experts" (issue 33) */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = ts_json_parse ("{\"model_type\": \"mixtral\", \"vocab_size\": 32000, \"num_hidden_layers\": 2,"
                                              " \"hidden_size\": 4096, \"num_attention_heads\": 32, \"intermediate_size\": 1024,"
                                              " \"num_local_experts\": 1, \"num_experts_per_tok\": 2}", -1, "config.json", &error);
    TsModel model = { 0 };

    g_assert_false (ts_model_from_json (&model, root, "config.json", &error));
    g_assert_nonnull (strstr (error->message, "2 experts per token exceed the 1 expert"));
    g_assert_null (strstr (error->message, "1 experts"));
  }
  /* a nested language model's key is named with its wrapper */
  assert_refused ("{\"model_type\": \"gemma3\", \"text_config\": {\"model_type\": \"gemma3_text\", \"hidden_size\": 2560,"
                  " \"num_hidden_layers\": 34}}", "text_config.intermediate_size");
}

/* ---- the model's name (issue 33) ---------------------------------------- */

/* The Qwen2.5-0.5B fixture (architectures: Qwen2ForCausalLM), with
 * "_name_or_path" set to name_or_path when not NULL, written to
 * dir/folder/file; returns the path. */
static char *
write_config (const char *dir,
              const char *folder,
              const char *file,
              const char *name_or_path)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "engine", "hf", "qwen2.5-0.5b.json", NULL);
  g_autofree char *folder_path = g_build_filename (dir, folder, NULL);
  char *path = g_build_filename (folder_path, file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = ts_json_parse_file (fixture, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_null (json_object_get_member (json_node_get_object (root), "_name_or_path"));
  if (name_or_path != NULL)
    json_object_set_string_member (json_node_get_object (root), "_name_or_path", name_or_path);
  text = json_to_string (root, TRUE);
  g_assert_cmpint (g_mkdir_with_parents (folder_path, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  return path;
}

static char *
name_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  TsModel model = { 0 };
  char *name;

  if (!ts_model_load_file (&model, path, &error))
    g_error ("%s: %s", path, error->message);
  name = g_strdup (model.name);
  ts_model_clear (&model);
  return name;
}

static void
check_name (const char *path,
            const char *expected)
{
  g_autofree char *name = name_of (path);

  if (g_strcmp0 (name, expected) != 0)
    g_error ("%s: the model is named «%s», not «%s»", path, name, expected);
}

/* An imported config.json is named as a person knows the model: by the
 * name or path it was saved from (its last part), else by its folder (a
 * checkpoint's folder is the model's name), else by a file's own name;
 * the Python class in "architectures" names every Qwen2 and Qwen2.5
 * model alike and is never the name. */
static void
test_model_name (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-hf-name-XXXXXX", NULL);
  g_autofree char *in_folder = write_config (dir, "Qwen2.5-14B", "config.json", NULL);
  g_autofree char *hub = write_config (dir, "download", "config.json", "Qwen/Qwen2.5-14B-Instruct");
  g_autofree char *local = write_config (dir, "ckpt", "config.json", "/data/models/my-qwen-finetune/");
  g_autofree char *windows = write_config (dir, "win", "config.json", "C:\\models\\Qwen2.5-7B");
  g_autofree char *renamed = write_config (dir, "any", "qwen2.5-0.5b.json", NULL);
  g_autofree char *bare = write_config (dir, "bare", "config.json", "");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) pasted = NULL;
  TsModel model = { 0 };
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "engine", "hf", "qwen2.5-0.5b.json", NULL);

  check_name (in_folder, "Qwen2.5-14B");
  check_name (hub, "Qwen2.5-14B-Instruct");
  check_name (local, "my-qwen-finetune");
  check_name (windows, "Qwen2.5-7B");
  check_name (renamed, "qwen2.5-0.5b");
  /* an empty "_name_or_path" names nothing: the folder does */
  check_name (bare, "bare");

  /* pasted text has no place: the family, not the class */
  pasted = ts_json_parse_file (fixture, &error);
  g_assert_no_error (error);
  g_assert_true (ts_model_from_json (&model, pasted, "config.json", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (model.name, ==, "qwen2");
  ts_model_clear (&model);

  /* messages still name the file, not the folder */
  {
    g_autofree char *bad_dir = g_build_filename (dir, "Broken-Model", NULL);
    g_autofree char *bad = g_build_filename (bad_dir, "config.json", NULL);

    g_assert_cmpint (g_mkdir_with_parents (bad_dir, 0700), ==, 0);
    g_assert_true (g_file_set_contents (bad, "{\"model_type\": \"llama\", \"num_hidden_layers\": 2}", -1, NULL));
    g_assert_false (ts_model_load_file (&model, bad, &error));
    g_assert_true (g_str_has_prefix (error->message, "config.json: "));
    g_remove (bad);
    g_rmdir (bad_dir);
  }

  for (const char *const *p = (const char *const[]) { in_folder, hub, local, windows, renamed, bare, NULL }; *p != NULL; p++)
    {
      g_autofree char *folder = g_path_get_dirname (*p);

      g_remove (*p);
      g_rmdir (folder);
    }
  g_rmdir (dir);
}

/* Our own model format is still read as before: it has none of the keys
 * that mark a config.json. */
static void
test_own_format_untouched (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = ts_json_parse ("{\"layers\": 2, \"hidden_size\": 1024, \"attention_heads\": 8,"
                                            " \"vocab_size\": 32000, \"ffn_size\": 4096}", -1, "mine.json", &error);
  TsModel model = { 0 };

  g_assert_false (ts_hf_config_detect (root));
  g_assert_true (ts_model_from_json (&model, root, "mine.json", &error));
  g_assert_null (model.source);
  ts_model_clear (&model);
}

/* A saved plan reopens with its imported model: the architecture, the
 * hub id and the key mapping come back as they were. */
static void
test_scenario_keeps_import (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) scenario = ts_scenario_new ();
  g_autoptr(TsScenario) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  TsModel model = { 0 };

  load_fixture ("deepseek-v3.json", &model);
  g_free (model.hf_id);
  model.hf_id = g_strdup ("deepseek-ai/DeepSeek-V3");
  ts_scenario_set_model (scenario, &model);
  ts_model_clear (&model);

  text = ts_scenario_to_string (scenario);
  reopened = ts_scenario_from_string (text, -1, catalog, "plan.json", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (reopened->model.params, ==, 671026419200.0);
  g_assert_cmpstr (reopened->model.hf_id, ==, "deepseek-ai/DeepSeek-V3");
  g_assert_nonnull (reopened->model.source);
  g_assert_true (json_node_equal (reopened->model.source, scenario->model.source));
  again = ts_scenario_to_string (reopened);
  g_assert_cmpstr (again, ==, text);
}

int
main (int    argc,
      char **argv)
{
  ts_i18n_init ();
  ts_i18n_set_language ("en");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hf-config/dense/llama-3.1-8b", test_llama);
  g_test_add_func ("/hf-config/dense/mistral-7b", test_mistral);
  g_test_add_func ("/hf-config/tied/qwen2.5-0.5b", test_qwen2_tied);
  g_test_add_func ("/hf-config/moe/mixtral-8x7b", test_mixtral);
  g_test_add_func ("/hf-config/moe/qwen3-30b-a3b", test_qwen3_moe);
  g_test_add_func ("/hf-config/moe/qwen1.5-moe-a2.7b", test_qwen2_moe_shared_expert);
  g_test_add_func ("/hf-config/mla/deepseek-v2-lite", test_deepseek_v2_lite);
  g_test_add_func ("/hf-config/mla/deepseek-v3", test_deepseek_v3);
  g_test_add_func ("/hf-config/nested/gemma-3-4b", test_gemma3_nested);
  g_test_add_func ("/hf-config/multi-query/falcon-7b", test_falcon);
  g_test_add_func ("/hf-config/fused/phi-3-mini", test_phi3_fused);
  g_test_add_func ("/hf-config/refused", test_refused);
  g_test_add_func ("/hf-config/model-name", test_model_name);
  g_test_add_func ("/hf-config/own-format", test_own_format_untouched);
  g_test_add_func ("/hf-config/scenario-file", test_scenario_keeps_import);

  return g_test_run ();
}
