/* ts-hf-config.c — a model's architecture from a Hugging Face config.json
 *
 * Offline: only the file is read, never the hub. Each family names the
 * same thing differently (num_hidden_layers / n_layer, num_key_value_heads
 * / num_kv_heads / multi_query, moe_intermediate_size / intermediate_size
 * …), and leaves out keys its config class defaults. A family is counted
 * only when every parameter it has can be expressed in TsArchitecture, so
 * an imported count equals the published checkpoint's; anything else is
 * refused with the key that is missing or unsupported, never guessed.
 *
 * This file reads the keys; the families, their config classes' defaults
 * and what their layers always have are in ts-hf-families.c. Key names
 * follow the configuration classes of transformers 4.5x
 * (configuration_llama.py, configuration_gemma3.py,
 * configuration_deepseek_v3.py, configuration_falcon.py …).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-model"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-error.h"
#include "ts-field.h"
#include "ts-model-private.h"
#include "ts-json.h"

typedef struct
{
  const char       *file;      /* for messages */
  JsonObject       *root;
  JsonObject       *lm;        /* the language model's keys */
  const char       *prefix;    /* "text_config." when nested */
  const TsHfFamily *family;    /* its names' quirks and class defaults (ts-hf-families.c) */
  JsonBuilder      *fields;    /* our field → the key (or default) it came from */
  GError          **error;
  gboolean          failed;
} Import;

gboolean
ts_hf_config_detect (JsonNode *root)
{
  static const char *const keys[] = {
    "model_type", "architectures", "num_hidden_layers", "n_layer", "text_config", "llm_config",
  };
  JsonObject *obj = NULL;

  if (ts_json_node_object (root, &obj) != TS_JSON_OK)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (json_object_has_member (obj, keys[i]))
      return TRUE;
  return FALSE;
}

static void
import_fail (Import     *im,
             const char *key,
             const char *problem)
{
  ts_error_set_first (&im->failed, im->error, TS_ERROR_MODEL_FILE,
                      /* Translators: “config.json: key “num_key_value_heads”: must divide …” */
                      _("%s: key “%s%s”: %s"), im->file, im->prefix, key, problem);
}

/* A key's value, or NULL when absent or null (DeepSeek-V2-Lite writes
 * "q_lora_rank": null for “no query compression”). */
static JsonNode *
lookup (JsonObject *obj,
        const char *key)
{
  return ts_json_get_node (obj, key);
}

static void
record (Import     *im,
        const char *field,
        const char *key)
{
  g_autofree char *from = g_strconcat (im->prefix, key, NULL);

  ts_json_add_string (im->fields, field, from);
}

static gboolean
node_to_count (JsonNode *node,
               guint     max,
               guint    *out)
{
  double v = NAN;

  if (ts_json_node_number (node, &v) != TS_JSON_OK)
    return FALSE;
  if (!(v >= 0 && v <= max) || v != floor (v))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* The largest value of field (“dense_layers”, or a part of it such as
 * “dense_layers.moe_layer_freq”): the architecture table's one range. */
static guint
field_max (const char *field)
{
  g_autofree char *key = g_strndup (field, strcspn (field, "."));

  return ts_arch_field_find (key)->max;
}

/* The first of keys present, else the family's class default; FALSE when
 * neither (or on a bad value, with im->failed set). */
static gboolean
read_count (Import            *im,
            const char        *field,
            const char *const *keys,
            guint             *out)
{
  guint max = field_max (field);

  if (im->failed)
    return FALSE;

  for (guint i = 0; keys[i] != NULL; i++)
    {
      JsonNode *node = lookup (im->lm, keys[i]);

      if (node == NULL)
        continue;
      if (!node_to_count (node, max, out))
        {
          g_autofree char *problem = g_strdup_printf (_("must be a whole number from 0 to %u"), max);

          import_fail (im, keys[i], problem);
          return FALSE;
        }
      record (im, field, keys[i]);
      return TRUE;
    }

  for (guint i = 0; keys[i] != NULL; i++)
    for (const TsHfClassDefault *d = im->family->defaults; d->key != NULL; d++)
      if (strcmp (d->key, keys[i]) == 0)
        {
          g_autofree char *how = g_strdup_printf ("%s absent: %s default %u", keys[i],
                                                  im->family->config_class, d->value);

          *out = d->value;
          ts_json_add_string (im->fields, field, how);
          return TRUE;
        }
  return FALSE;
}

/* A count the model must have: present (or its class default) and at
 * least 1, at most the architecture table's maximum. */
static guint
require_count (Import            *im,
               const char        *field,
               const char *const *keys)
{
  guint max = field_max (field);
  guint value = 0;

  if (!read_count (im, field, keys, &value))
    {
      if (!im->failed)
        import_fail (im, keys[0], _("is missing"));
      return 0;
    }
  if (value < 1)
    {
      g_autofree char *problem = g_strdup_printf (_("must be a whole number from %u to %u"), 1, max);

      import_fail (im, keys[0], problem);
      return 0;
    }
  return value;
}

static gboolean
read_flag (Import     *im,
           const char *field,
           const char *key,
           gboolean    class_default)
{
  JsonNode *node = lookup (im->lm, key);
  JsonObject *where = im->lm;
  gboolean value = FALSE;

  /* A wrapper may keep tie_word_embeddings outside its text_config. */
  if (node == NULL && im->lm != im->root && (node = lookup (im->root, key)) != NULL)
    where = im->root;

  if (node == NULL)
    {
      g_autofree char *how = g_strdup_printf ("%s absent: %s default %s", key, im->family->config_class,
                                              class_default ? "true" : "false");

      if (field != NULL)
        ts_json_add_string (im->fields, field, how);
      return class_default;
    }
  if (ts_json_node_bool (node, &value) != TS_JSON_OK)
    {
      import_fail (im, key, _("must be true or false"));
      return class_default;
    }
  if (field != NULL)
    {
      if (where == im->lm)
        record (im, field, key);
      else
        ts_json_add_string (im->fields, field, key);
    }
  return value;
}

/* A string key: absent is NULL; another type is a defect, never a
 * quiet default (issue 24: a “hidden_act” of 7 gave the family's). */
static const char *
read_string (Import     *im,
             JsonObject *obj,
             const char *key)
{
  const char *text = NULL;

  if (ts_json_get_string (obj, key, 0, &text) == TS_JSON_WRONG_TYPE)
    {
      const char *saved_prefix = im->prefix;

      /* keys of the root (the wrapper's model_type) have no prefix */
      if (obj == im->root)
        im->prefix = "";
      import_fail (im, key, _("must be a string"));
      im->prefix = saved_prefix;
    }
  return text;
}

/* What a message quotes of a file's text: at most a short prefix (a
 * 10 MB model_type was echoed whole on stderr). */
#define QUOTE_MAX_CHARS 40

static char *
quote_prefix (const char *text)
{
  if (g_utf8_strlen (text, QUOTE_MAX_CHARS + 1) <= QUOTE_MAX_CHARS)
    return g_strdup (text);
  {
    g_autofree char *head = g_utf8_substring (text, 0, QUOTE_MAX_CHARS);

    return g_strconcat (head, "…", NULL);
  }
}

/* ---- the parts of a layer ------------------------------------------------ */

static void
read_shape (Import         *im,
            TsArchitecture *a)
{
  static const char *const layers[] = { "num_hidden_layers", "n_layer", NULL };
  static const char *const hidden[] = { "hidden_size", "n_embd", NULL };
  static const char *const heads[] = { "num_attention_heads", "n_head", NULL };
  static const char *const vocab[] = { "vocab_size", NULL };
  static const char *const head_dim[] = { "head_dim", NULL };

  a->layers = require_count (im, "layers", layers);
  a->hidden_size = require_count (im, "hidden_size", hidden);
  a->attention_heads = require_count (im, "attention_heads", heads);
  a->vocab_size = require_count (im, "vocab_size", vocab);
  if (im->failed)
    return;

  if (read_count (im, "head_dim", head_dim, &a->head_dim) && a->head_dim > 0)
    return;
  if (im->failed)
    return;
  if (lookup (im->lm, "kv_lora_rank") != NULL)
    return;  /* latent attention: read_mla () sets the head width */
  if (a->hidden_size % a->attention_heads != 0)
    {
      g_autofree char *problem = g_strdup_printf (_("%u heads do not divide the hidden size %u, and “head_dim” is not given"),
                                                  a->attention_heads, a->hidden_size);

      import_fail (im, heads[lookup (im->lm, heads[0]) != NULL ? 0 : 1], problem);
      return;
    }
  a->head_dim = a->hidden_size / a->attention_heads;
  ts_json_add_string (im->fields, "head_dim", "hidden_size / num_attention_heads");
}

static void
read_kv_heads (Import         *im,
               TsArchitecture *a)
{
  static const char *const kv[] = { "num_key_value_heads", "num_kv_heads", "n_head_kv", NULL };
  const char *key = kv[0];

  if (im->failed)
    return;
  for (guint i = 0; kv[i] != NULL; i++)
    if (lookup (im->lm, kv[i]) != NULL)
      {
        key = kv[i];
        break;
      }

  if (read_count (im, "kv_heads", kv, &a->kv_heads))
    ;
  else if (im->failed)
    return;
  else if (read_flag (im, NULL, "multi_query", FALSE))
    {
      /* Falcon-7B: one key/value head shared by every query head */
      a->kv_heads = 1;
      record (im, "kv_heads", "multi_query");
      return;
    }
  else
    {
      a->kv_heads = a->attention_heads;
      ts_json_add_string (im->fields, "kv_heads", "num_attention_heads (no grouped-query key)");
      return;
    }

  if (a->kv_heads == 0 || a->kv_heads > a->attention_heads || a->attention_heads % a->kv_heads != 0)
    {
      g_autofree char *problem = g_strdup_printf (_("%u key/value heads must divide the %u attention heads"),
                                                  a->kv_heads, a->attention_heads);

      import_fail (im, key, problem);
    }
}

static void
read_mla (Import         *im,
          TsArchitecture *a)
{
  static const char *const kv_lora[] = { "kv_lora_rank", NULL };
  static const char *const q_lora[] = { "q_lora_rank", NULL };
  static const char *const nope[] = { "qk_nope_head_dim", NULL };
  static const char *const rope[] = { "qk_rope_head_dim", NULL };
  static const char *const v[] = { "v_head_dim", NULL };

  if (im->failed || !read_count (im, "kv_lora_rank", kv_lora, &a->kv_lora_rank) || a->kv_lora_rank == 0)
    return;

  /* absent or null: queries are not compressed (DeepSeek-V2-Lite) */
  if (!read_count (im, "q_lora_rank", q_lora, &a->q_lora_rank) && !im->failed)
    ts_json_add_string (im->fields, "q_lora_rank", "q_lora_rank null: no query compression");
  a->qk_nope_head_dim = require_count (im, "qk_nope_head_dim", nope);
  a->qk_rope_head_dim = require_count (im, "qk_rope_head_dim", rope);
  a->v_head_dim = require_count (im, "v_head_dim", v);
  /* Latent attention has no single head width; activations are sized by
   * the query/key head, as the catalog's DeepSeek-V3 is. */
  a->head_dim = a->qk_nope_head_dim + a->qk_rope_head_dim;
  ts_json_add_string (im->fields, "head_dim", "qk_nope_head_dim + qk_rope_head_dim");
}

static void
read_activation (Import         *im,
                 TsArchitecture *a)
{
  static const char *const keys[] = { "hidden_act", "hidden_activation", "activation", "activation_function" };
  const char *act = NULL;
  const char *key = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (keys) && act == NULL; i++)
    if ((act = read_string (im, im->lm, keys[i])) != NULL)
      key = keys[i];
  if (im->failed)
    return;
  if (act == NULL)
    act = im->family->default_act;

  if (g_str_has_prefix (act, "gelu"))
    a->mlp = im->family->gated_mlp ? TS_MLP_GEGLU : TS_MLP_GELU;
  else if ((g_strcmp0 (act, "silu") == 0 || g_strcmp0 (act, "swish") == 0) && im->family->gated_mlp)
    a->mlp = TS_MLP_SWIGLU;
  else
    {
      g_autofree char *quoted = quote_prefix (act);
      g_autofree char *problem = g_strdup_printf (_("the activation “%s” is not one Train Sizer counts (silu, gelu)"), quoted);

      import_fail (im, key != NULL ? key : keys[0], problem);
      return;
    }

  if (key != NULL)
    record (im, "mlp", key);
  else
    {
      g_autofree char *how = g_strdup_printf ("hidden_act absent: %s default %s", im->family->config_class, act);

      ts_json_add_string (im->fields, "mlp", how);
    }
}

static guint
count_moe_layers (Import               *im,
                  const TsArchitecture *a)
{
  static const char *const first_dense[] = { "first_k_dense_replace", NULL };
  static const char *const freq[] = { "moe_layer_freq", NULL };
  static const char *const step[] = { "decoder_sparse_step", NULL };
  JsonNode *only = lookup (im->lm, "mlp_only_layers");
  guint k = 0, f = 1, s = 1;
  guint moe = 0;
  g_autoptr(GHashTable) dense = g_hash_table_new (NULL, NULL);

  /* DeepSeek: layer i has experts when i ≥ first_k_dense_replace and i is a
   * multiple of moe_layer_freq. Qwen-MoE: when i is not in mlp_only_layers
   * and i + 1 is a multiple of decoder_sparse_step. */
  read_count (im, "dense_layers", first_dense, &k);
  if (read_count (im, "dense_layers.moe_layer_freq", freq, &f) && f == 0)
    import_fail (im, "moe_layer_freq", _("must be a whole number from 1 to 10000"));
  if (read_count (im, "dense_layers.decoder_sparse_step", step, &s) && s == 0)
    import_fail (im, "decoder_sparse_step", _("must be a whole number from 1 to 10000"));
  if (only != NULL)
    {
      JsonArray *array = NULL;

      ts_json_node_array (only, &array);

      for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
        {
          guint layer;

          if (!node_to_count (json_array_get_element (array, i), 10000, &layer))
            array = NULL;
          else
            g_hash_table_add (dense, GUINT_TO_POINTER (layer + 1));
        }
      if (array == NULL)
        import_fail (im, "mlp_only_layers", _("must be a list of layer numbers"));
      else
        record (im, "dense_layers.mlp_only_layers", "mlp_only_layers");
    }
  if (im->failed)
    return 0;

  for (guint i = 0; i < a->layers; i++)
    if (i >= k && i % f == 0 && (i + 1) % s == 0 && !g_hash_table_contains (dense, GUINT_TO_POINTER (i + 1)))
      moe++;
  return moe;
}

static void
read_mlp (Import         *im,
          TsArchitecture *a)
{
  static const char *const ffn[] = { "intermediate_size", "ffn_hidden_size", NULL };
  static const char *const experts[] = { "num_experts", "num_local_experts", "n_routed_experts", NULL };
  static const char *const active[] = { "num_experts_per_tok", NULL };
  static const char *const moe_ffn[] = { "moe_intermediate_size", NULL };
  static const char *const shared[] = { "n_shared_experts", NULL };
  static const char *const shared_ffn[] = { "shared_expert_intermediate_size", NULL };
  gboolean has_ffn;
  guint moe_layers;
  guint shared_width = 0;

  read_activation (im, a);
  if (im->failed)
    return;
  has_ffn = read_count (im, "ffn_size", ffn, &a->ffn_size);
  if (!has_ffn && !im->failed && im->family->norm_bias)
    {
      /* Falcon: ffn_hidden_size defaults to 4 × hidden_size */
      a->ffn_size = 4 * a->hidden_size;
      has_ffn = TRUE;
      ts_json_add_string (im->fields, "ffn_size", "ffn_hidden_size absent: FalconConfig default 4 × hidden_size");
    }

  if (!read_count (im, "experts", experts, &a->experts) || a->experts == 0)
    {
      a->experts = 0;
      if (!has_ffn && !im->failed)
        import_fail (im, ffn[0], _("is missing"));
      return;
    }

  a->active_experts = require_count (im, "active_experts", active);
  if (!im->failed && a->active_experts > a->experts)
    {
      g_autofree char *problem = g_strdup_printf (ngettext ("%u experts per token exceed the %u expert",
                                                            "%u experts per token exceed the %u experts", a->experts),
                                                  a->active_experts, a->experts);

      import_fail (im, active[0], problem);
      return;
    }

  if (im->family->expert_width_is_intermediate)
    {
      a->expert_ffn_size = a->ffn_size;
      if (has_ffn)
        ts_json_add_string (im->fields, "expert_ffn_size", "intermediate_size (the family's expert width)");
      else if (!im->failed)
        import_fail (im, ffn[0], _("is missing"));
    }
  else
    a->expert_ffn_size = require_count (im, "expert_ffn_size", moe_ffn);

  read_count (im, "shared_experts", shared, &a->shared_experts);
  if (g_strcmp0 (im->family->model_type, "qwen2_moe") == 0
      && read_count (im, "shared_expert_ffn_size", shared_ffn, &shared_width) && shared_width > 0)
    {
      /* Qwen2-MoE gives the shared expert's width, with a gate of its own */
      if (a->expert_ffn_size > 0 && shared_width % a->expert_ffn_size == 0)
        a->shared_experts = shared_width / a->expert_ffn_size;
      else
        {
          a->shared_experts = 1;
          a->shared_expert_ffn_size = shared_width;
        }
      a->shared_expert_gate = TRUE;
      ts_json_add_string (im->fields, "shared_expert_gate", "shared_expert_intermediate_size > 0 (Qwen2-MoE gate)");
    }
  a->router_bias = im->family->router_bias;
  if (a->router_bias)
    ts_json_add_string (im->fields, "router_bias", "e_score_correction_bias of the family");

  moe_layers = count_moe_layers (im, a);
  if (im->failed)
    return;
  a->dense_layers = a->layers - moe_layers;
  if (a->dense_layers > 0 && !has_ffn)
    import_fail (im, ffn[0], _("is missing, and the model has layers without experts"));
}

/* Biases and norms the class has; those TsArchitecture cannot count are
 * refused rather than left out. */
static void
read_norms_and_biases (Import         *im,
                       TsArchitecture *a)
{
  const TsHfFamily *f = im->family;

  a->qk_norm = f->qk_norm;
  a->layer_norms = f->layer_norms;
  a->norm_bias = f->norm_bias;
  a->qkv_bias = f->qkv_bias;

  if (lookup (im->lm, "qkv_bias") != NULL)
    a->qkv_bias = read_flag (im, "qkv_bias", "qkv_bias", f->qkv_bias);
  else if (read_flag (im, NULL, "attention_bias", FALSE))
    import_fail (im, "attention_bias", _("biases on the attention output are not counted; describe the model in a model file instead"));
  else
    ts_json_add_string (im->fields, "qkv_bias", f->qkv_bias ? "the family's q, k, v biases" : "no attention biases in the family");

  if (read_flag (im, NULL, "mlp_bias", FALSE))
    import_fail (im, "mlp_bias", _("biases in the MLP are not counted; describe the model in a model file instead"));
  if (f->norm_bias && read_flag (im, NULL, "bias", FALSE))
    import_fail (im, "bias", _("biases on every linear layer are not counted; describe the model in a model file instead"));

  if (f->norm_bias)
    {
      /* Falcon: the new decoder (40B, 180B) has a norm before attention and
       * one before the MLP; the older parallel one (7B) a single norm. */
      gboolean new_decoder = read_flag (im, NULL, "new_decoder_architecture", FALSE);
      gboolean parallel = read_flag (im, NULL, "parallel_attn", TRUE);

      a->layer_norms = !new_decoder && parallel ? 1 : 2;
      ts_json_add_string (im->fields, "layer_norms", "new_decoder_architecture, parallel_attn");
    }

  if (a->qk_norm)
    ts_json_add_string (im->fields, "qk_norm", "the family's q/k norms");
  if (!f->norm_bias && f->layer_norms > 0)
    ts_json_add_string (im->fields, "layer_norms", "the family's norms before and after attention and MLP");
  a->tied_embeddings = read_flag (im, "tied_embeddings", "tie_word_embeddings", f->tied_default);
}

/* ---- what is reported but not counted ------------------------------------ */

/* A SigLIP vision tower without its pooling head (Gemma 3): patch
 * embedding, positions, pre-norm encoder layers with biases everywhere. */
static double
siglip_params (JsonObject *v)
{
  guint d = 0, inter = 0, layers = 0, patch = 0, image = 0, channels = 3;
  gboolean use_head = TRUE;
  JsonNode *node;
  double positions, layer;

  if ((node = lookup (v, "hidden_size")) == NULL || !node_to_count (node, 1048576, &d)
      || (node = lookup (v, "intermediate_size")) == NULL || !node_to_count (node, 1048576, &inter)
      || (node = lookup (v, "num_hidden_layers")) == NULL || !node_to_count (node, 10000, &layers)
      || (node = lookup (v, "patch_size")) == NULL || !node_to_count (node, 65536, &patch) || patch == 0
      || (node = lookup (v, "image_size")) == NULL || !node_to_count (node, 1048576, &image))
    return -1;
  if ((node = lookup (v, "num_channels")) != NULL && !node_to_count (node, 64, &channels))
    return -1;
  if (ts_json_get_bool (v, "vision_use_head", &use_head) != TS_JSON_OK || use_head)
    return -1;

  positions = pow ((double) (image / patch), 2.0);
  layer = 2.0 * (2.0 * d) + 4.0 * ((double) d * d + d) + ((double) d * inter + inter) + ((double) inter * d + d);
  return (double) channels * patch * patch * d + d + positions * d + layers * layer + 2.0 * d;
}

static void
add_vision_tower (Import     *im,
                  JsonBuilder *b,
                  const char  *wrapper_type,
                  guint        text_hidden)
{
  JsonObject *v = NULL;
  double params;

  if (ts_json_get_object (im->root, "vision_config", &v) != TS_JSON_OK)
    return;
  params = g_strcmp0 (read_string (im, v, "model_type"), "siglip_vision_model") == 0 ? siglip_params (v) : -1;

  json_builder_set_member_name (b, "vision_tower");
  json_builder_begin_object (b);
  ts_json_add_string (b, "key", "vision_config");
  ts_json_add_string (b, "model_type", read_string (im, v, "model_type"));
  if (params >= 0)
    ts_json_add_double (b, "params", params);
  else
    {
      json_builder_set_member_name (b, "params");
      json_builder_add_null_value (b);
    }
  if (params >= 0 && g_strcmp0 (wrapper_type, "gemma3") == 0)
    {
      guint d = 0;

      /* mm_input_projection (vision width × text width) and mm_soft_emb_norm */
      node_to_count (lookup (v, "hidden_size"), 1048576, &d);
      ts_json_add_double (b, "projector_params", (double) d * text_hidden + d);
    }
  /* Sizing covers the language model: the tower is neither counted nor
   * trained, and says so instead of vanishing. */
  ts_json_add_bool (b, "counted", FALSE);
  ts_json_add_bool (b, "trained", FALSE);
  json_builder_end_object (b);
}

static void
add_exclusions (Import      *im,
                JsonBuilder *b)
{
  JsonNode *mtp = lookup (im->lm, "num_nextn_predict_layers");
  guint nextn = 0;

  json_builder_set_member_name (b, "ignored");
  json_builder_begin_array (b);
  /* How the checkpoint is stored (FP8, MXFP4), not what training keeps */
  if (lookup (im->root, "quantization_config") != NULL || lookup (im->lm, "quantization_config") != NULL)
    json_builder_add_string_value (b, "quantization_config");
  json_builder_end_array (b);

  /* DeepSeek's multi-token-prediction module is left out of the headline
   * count (671B, not 685B) and of training by default. */
  if (mtp != NULL && !node_to_count (mtp, 10000, &nextn))
    nextn = 0;
  ts_json_add_int (b, "mtp_layers_excluded", nextn);
}

/* ---- the whole file --------------------------------------------------------- */

static JsonObject *
language_model (JsonObject  *root,
                const char **prefix)
{
  static const char *const wrappers[] = { "text_config", "llm_config" };

  for (guint i = 0; i < G_N_ELEMENTS (wrappers); i++)
    {
      JsonObject *lm = NULL;

      if (ts_json_get_object (root, wrappers[i], &lm) == TS_JSON_OK)
        {
          *prefix = i == 0 ? "text_config." : "llm_config.";
          return lm;
        }
    }
  *prefix = "";
  return root;
}

/* The last part of "_name_or_path": a hub id's ("Qwen/Qwen2.5-14B") or a
 * local folder's ("/models/Qwen2.5-14B/"), which transformers'
 * save_pretrained writes; NULL when there is none to use. */
static char *
name_or_path_last (JsonObject *root,
                   JsonObject *lm)
{
  JsonNode *node = lookup (root, "_name_or_path");
  g_autofree char *path = NULL;
  g_autofree char *last = NULL;
  char *end;

  if (node == NULL)
    node = lookup (lm, "_name_or_path");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  path = g_strdup (json_node_get_string (node));
  if (strlen (path) > 200 || !g_utf8_validate (path, -1, NULL))
    return NULL;
  /* a Windows path's folders too; trailing separators name no part */
  g_strdelimit (path, "\\", '/');
  for (end = path + strlen (path); end > path && end[-1] == '/'; end--)
    end[-1] = '\0';
  last = g_path_get_basename (path);
  if (*path == '\0' || g_str_equal (last, ".") || g_str_equal (last, "..") || g_str_equal (last, "/"))
    return NULL;
  /* only what a model's name may be (bounded, no hidden characters, not
   * blanks), as every other name is checked */
  if (!ts_scenario_check_name (last, NULL))
    return NULL;
  return g_steal_pointer (&last);
}

/* The model's name as a person knows it, never the Python class in
 * "architectures" ("Qwen2ForCausalLM" is every Qwen2 and Qwen2.5 model):
 * the name or path the file was saved from, else the name its place
 * gives (the folder of a config.json, see ts_model_load_file), else the
 * family. */
static char *
model_name (JsonObject *root,
            JsonObject *lm,
            const char *place_name,
            const char *model_type)
{
  char *name = name_or_path_last (root, lm);

  if (name != NULL)
    return name;
  if (place_name != NULL && *place_name != '\0')
    return g_strdup (place_name);
  return g_strdup (model_type);
}

/* "_name_or_path": "meta-llama/Llama-3.1-8B" is a hub id; a local path is not. */
static char *
hub_id (JsonObject *root,
        JsonObject *lm)
{
  JsonNode *node = lookup (root, "_name_or_path");
  const char *path = NULL;

  if (node == NULL)
    node = lookup (lm, "_name_or_path");
  if (ts_json_node_string (node, 0, &path) != TS_JSON_OK)
    return NULL;
  /* the hub's own rule (huggingface_hub's validate_repo_id): no “..”
   * and no “--” in an id, which a path such as “org/..” would pass */
  if (*path == '/' || *path == '.' || strchr (path, '/') == NULL || strchr (path, '/') != strrchr (path, '/')
      || strstr (path, "..") != NULL || strstr (path, "--") != NULL || g_str_has_suffix (path, ".")
      || strlen (path) > 200 || !g_utf8_validate (path, -1, NULL))
    return NULL;
  return g_strdup (path);
}

/* The family the config's model_type names (the language model's own,
 * else the wrapper's): its names and class defaults are what the other
 * keys mean. A family not known is refused, not guessed. */
static gboolean
import_family (Import      *im,
               const char **model_type,
               const char **wrapper_type)
{
  *wrapper_type = read_string (im, im->root, "model_type");
  *model_type = read_string (im, im->lm, "model_type");
  if (*model_type == NULL)
    *model_type = *wrapper_type;
  if (*model_type == NULL)
    {
      import_fail (im, "model_type", _("is missing; it tells which family's names and defaults apply"));
      return FALSE;
    }
  im->family = ts_hf_family_find (*model_type);
  if (im->family == NULL)
    {
      g_autofree char *quoted = quote_prefix (*model_type);
      g_autofree char *problem =
        g_strdup_printf (_("“%s” is not a family Train Sizer can count exactly (llama, mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe, gemma, gemma2, gemma3, deepseek_v2, deepseek_v3, falcon, phi3); describe the model in a model file instead"),
                         quoted);

      import_fail (im, "model_type", problem);
      return FALSE;
    }
  return TRUE;
}

/* The architecture, each field recorded in im->fields with the key (or
 * the family's default) it came from. */
static gboolean
import_architecture (Import         *im,
                     TsArchitecture *arch)
{
  json_builder_begin_object (im->fields);
  read_shape (im, arch);
  read_kv_heads (im, arch);
  read_mla (im, arch);
  read_mlp (im, arch);
  if (!im->failed)
    read_norms_and_biases (im, arch);
  json_builder_end_object (im->fields);
  return !im->failed;
}

/* Where the model came from, kept with it so that a scenario saved from
 * it says which file, family and keys its numbers rest on. */
static JsonNode *
import_source (Import     *im,
               const char *model_type,
               const char *wrapper_type,
               guint       hidden_size)
{
  g_autoptr(JsonBuilder) source = json_builder_new ();
  /* "text_config." → "text_config": the key that holds the language model */
  g_autofree char *wrapper = *im->prefix != '\0' ? g_strndup (im->prefix, strlen (im->prefix) - 1) : NULL;

  json_builder_begin_object (source);
  ts_json_add_string (source, "format", "huggingface-config");
  ts_json_add_string (source, "file", im->file);
  ts_json_add_string (source, "model_type", model_type);
  ts_json_add_string (source, "config_class", im->family->config_class);
  ts_json_add_string (source, "layer_class", im->family->layer_class);
  ts_json_add_string (source, "language_model", wrapper);
  json_builder_set_member_name (source, "fields");
  json_builder_add_value (source, json_builder_get_root (im->fields));
  add_exclusions (im, source);
  add_vision_tower (im, source, wrapper_type, hidden_size);
  json_builder_end_object (source);
  return json_builder_get_root (source);
}

gboolean
ts_hf_config_import (TsModel     *model,
                     JsonNode    *root,
                     const char  *name,
                     const char  *place_name,
                     GError     **error)
{
  Import im = { name, NULL, NULL, "", NULL, NULL, error, FALSE };
  TsArchitecture arch = { 0 };
  g_autoptr(JsonBuilder) fields = json_builder_new ();
  g_autoptr(GError) arch_error = NULL;
  g_autofree char *hf_id = NULL;
  g_autofree char *display = NULL;
  const char *model_type;
  const char *wrapper_type;

  if (ts_json_node_object (root, &im.root) != TS_JSON_OK)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_MODEL_FILE, _("%s: a config.json must be a JSON object"), name);
      return FALSE;
    }
  im.lm = language_model (im.root, &im.prefix);
  im.fields = fields;
  if (!import_family (&im, &model_type, &wrapper_type) || !import_architecture (&im, &arch))
    return FALSE;

  hf_id = hub_id (im.root, im.lm);
  display = model_name (im.root, im.lm, place_name, model_type);
  if (!ts_model_init_from_architecture (model, display, &arch, &arch_error))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_MODEL_FILE, "%s: %s", name, arch_error->message);
      return FALSE;
    }

  model->hf_id = g_steal_pointer (&hf_id);
  model->source = import_source (&im, model_type, wrapper_type, arch.hidden_size);
  json_node_seal (model->source);
  return TRUE;
}
