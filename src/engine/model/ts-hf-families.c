/* ts-hf-families.c — the model families a config.json may be of
 *
 * What the reader (ts-hf-config.c) cannot learn from a file's keys: each
 * family's transformers config class and the defaults it gives absent
 * keys, the class of one decoder layer, and what its layers always have
 * (gated MLP, biases, norms). Counting a new family is a row here, once
 * every parameter it has can be expressed in TsArchitecture.
 *
 * Class names and defaults follow transformers 4.5x
 * (configuration_llama.py, configuration_gemma3.py,
 * configuration_deepseek_v3.py, configuration_falcon.py …).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-model"

#include "config.h"

#include "ts-model-private.h"
#include "ts-json.h"

/* Gemma's configs routinely leave these out (google/gemma-3-4b-it's
 * text_config gives only hidden_size, intermediate_size and layers). */
static const TsHfClassDefault gemma_defaults[] = {
  { "vocab_size", 256000 }, { "num_attention_heads", 16 }, { "num_key_value_heads", 16 },
  { "head_dim", 256 }, { NULL, 0 },
};
static const TsHfClassDefault gemma2_defaults[] = {
  { "vocab_size", 256000 }, { "num_attention_heads", 8 }, { "num_key_value_heads", 4 },
  { "head_dim", 256 }, { NULL, 0 },
};
static const TsHfClassDefault gemma3_defaults[] = {
  { "vocab_size", 262208 }, { "num_attention_heads", 8 }, { "num_key_value_heads", 4 },
  { "head_dim", 256 }, { NULL, 0 },
};
static const TsHfClassDefault no_defaults[] = { { NULL, 0 } };

static const TsHfFamily families[] = {
  /* model_type     config class          layer class              gated act       tied   qkvb   qkn    norms nbias  expw   rbias */
  { "llama",        "LlamaConfig",        "LlamaDecoderLayer",     TRUE,  "silu",  FALSE, FALSE, FALSE, 0, FALSE, FALSE, FALSE, no_defaults },
  { "mistral",      "MistralConfig",      "MistralDecoderLayer",   TRUE,  "silu",  FALSE, FALSE, FALSE, 0, FALSE, FALSE, FALSE, no_defaults },
  { "mixtral",      "MixtralConfig",      "MixtralDecoderLayer",   TRUE,  "silu",  FALSE, FALSE, FALSE, 0, FALSE, TRUE,  FALSE, no_defaults },
  { "qwen2",        "Qwen2Config",        "Qwen2DecoderLayer",     TRUE,  "silu",  FALSE, TRUE,  FALSE, 0, FALSE, FALSE, FALSE, no_defaults },
  { "qwen2_moe",    "Qwen2MoeConfig",     "Qwen2MoeDecoderLayer",  TRUE,  "silu",  FALSE, TRUE,  FALSE, 0, FALSE, FALSE, FALSE, no_defaults },
  { "qwen3",        "Qwen3Config",        "Qwen3DecoderLayer",     TRUE,  "silu",  FALSE, FALSE, TRUE,  0, FALSE, FALSE, FALSE, no_defaults },
  { "qwen3_moe",    "Qwen3MoeConfig",     "Qwen3MoeDecoderLayer",  TRUE,  "silu",  FALSE, FALSE, TRUE,  0, FALSE, FALSE, FALSE, no_defaults },
  { "gemma",        "GemmaConfig",        "GemmaDecoderLayer",     TRUE,  "gelu_pytorch_tanh", TRUE, FALSE, FALSE, 0, FALSE, FALSE, FALSE, gemma_defaults },
  { "gemma2",       "Gemma2Config",       "Gemma2DecoderLayer",    TRUE,  "gelu_pytorch_tanh", TRUE, FALSE, FALSE, 4, FALSE, FALSE, FALSE, gemma2_defaults },
  { "gemma3_text",  "Gemma3TextConfig",   "Gemma3DecoderLayer",    TRUE,  "gelu_pytorch_tanh", TRUE, FALSE, TRUE, 4, FALSE, FALSE, FALSE, gemma3_defaults },
  { "deepseek_v2",  "DeepseekV2Config",   "DeepseekV2DecoderLayer", TRUE, "silu",  FALSE, FALSE, FALSE, 0, FALSE, FALSE, FALSE, no_defaults },
  { "deepseek_v3",  "DeepseekV3Config",   "DeepseekV3DecoderLayer", TRUE, "silu",  FALSE, FALSE, FALSE, 0, FALSE, FALSE, TRUE,  no_defaults },
  { "falcon",       "FalconConfig",       "FalconDecoderLayer",    FALSE, "gelu",  TRUE,  FALSE, FALSE, 0, TRUE,  FALSE, FALSE, no_defaults },
  { "phi3",         "Phi3Config",         "Phi3DecoderLayer",      TRUE,  "silu",  FALSE, FALSE, FALSE, 0, FALSE, FALSE, FALSE, no_defaults },
};

/* Wrappers whose language model is a family above. */
static const struct { const char *wrapper; const char *family; } wrapper_families[] = {
  { "gemma3", "gemma3_text" },
  { "qwen2_vl", "qwen2" },
  { "qwen2_5_vl", "qwen2" },
  { "qwen2_vl_text", "qwen2" },
  { "qwen2_5_vl_text", "qwen2" },
};

/* The catalog's models, by id prefix (their family in transformers). */
static const struct { const char *prefix; const char *family; } catalog_families[] = {
  { "llama-", "llama" }, { "mistral-", "mistral" }, { "mixtral-", "mixtral" },
  { "qwen2.5-", "qwen2" }, { "qwen3-30b-a3b", "qwen3_moe" }, { "qwen3-235b-a22b", "qwen3_moe" },
  { "qwen3-", "qwen3" }, { "gemma-2-", "gemma2" }, { "gemma-3-", "gemma3_text" },
  { "deepseek-v3", "deepseek_v3" }, { "deepseek-v2", "deepseek_v2" },
};

const TsHfFamily *
ts_hf_family_find (const char *model_type)
{
  for (guint i = 0; i < G_N_ELEMENTS (wrapper_families); i++)
    if (g_strcmp0 (model_type, wrapper_families[i].wrapper) == 0)
      model_type = wrapper_families[i].family;
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (g_strcmp0 (model_type, families[i].model_type) == 0)
      return &families[i];
  return NULL;
}

const char *
ts_hf_config_layer_class (const TsModel *model)
{
  const char *family = NULL;
  JsonObject *obj = NULL;
  const char *layer_class = NULL;

  /* the scenario file's reader checked the source; read typed anyway:
   * a model built in code holds what its builder put there */
  if (ts_json_node_object (model->source, &obj) == TS_JSON_OK
      && ts_json_get_string (obj, "layer_class", 0, &layer_class) == TS_JSON_OK)
    return layer_class;
  for (guint i = 0; model->id != NULL && i < G_N_ELEMENTS (catalog_families) && family == NULL; i++)
    if (g_str_has_prefix (model->id, catalog_families[i].prefix))
      family = catalog_families[i].family;
  if (family != NULL)
    return ts_hf_family_find (family)->layer_class;
  return NULL;
}
