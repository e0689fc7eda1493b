/* ts-model.c — architecture, parameter counts, inference from a size
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
#include "ts-format.h"
#include "ts-model.h"

/* The rule for a model known only by its parameter count (docs/sizing-model.md §2):
 * a Llama-style decoder — head dimension 128, grouped-query attention with
 * 8 KV heads, SwiGLU FFN of about 3.5 h (rounded up to a multiple of 256),
 * a 128K vocabulary (Llama 3's 128,256), untied embeddings — whose hidden
 * size is picked so that the layer count is close to h / 128, the depth to
 * width ratio of Llama 3.1 8B (32 × 4096) and 405B (126 × 16384). */
#define INFER_HEAD_DIM          128
#define INFER_KV_HEADS          8
#define INFER_FFN_RATIO         3.5
#define INFER_FFN_MULTIPLE      256
#define INFER_VOCAB             128256
#define INFER_SMALL_VOCAB       32000   /* Llama 2 / Mistral, for models under 1B */
#define INFER_SMALL_MODEL       1e9
#define INFER_LAYERS_PER_WIDTH  (1.0 / 128.0)

static const guint infer_hidden_sizes[] = {
  256, 512, 768, 1024, 1536, 2048, 2560, 3072, 4096, 5120, 6144, 7168, 8192,
  12288, 16384, 20480, 25600, 32768, 40960, 53248, 65536,
};

void
ts_model_copy (TsModel       *dest,
               const TsModel *src)
{
  *dest = *src;
  dest->id = g_strdup (src->id);
  dest->name = g_strdup (src->name);
  dest->family = g_strdup (src->family);
  dest->vendor = g_strdup (src->vendor);
  dest->hf_id = g_strdup (src->hf_id);
  dest->source = src->source != NULL ? json_node_ref (src->source) : NULL;
}

void
ts_model_clear (TsModel *model)
{
  g_clear_pointer (&model->id, g_free);
  g_clear_pointer (&model->name, g_free);
  g_clear_pointer (&model->family, g_free);
  g_clear_pointer (&model->vendor, g_free);
  g_clear_pointer (&model->hf_id, g_free);
  g_clear_pointer (&model->source, json_node_unref);
  memset (model, 0, sizeof *model);
}

gboolean
ts_architecture_is_moe (const TsArchitecture *arch)
{
  return arch->experts > 0;
}

gboolean
ts_architecture_is_mla (const TsArchitecture *arch)
{
  return arch->kv_lora_rank > 0;
}

guint
ts_architecture_mlp_matrices (const TsArchitecture *arch)
{
  return arch->mlp == TS_MLP_GELU ? 2 : 3;
}

double
ts_architecture_embedding_params (const TsArchitecture *arch)
{
  double one = (double) arch->vocab_size * arch->hidden_size;

  return arch->tied_embeddings ? one : 2.0 * one;
}

static double
mla_attention_params (const TsArchitecture *arch)
{
  double h = arch->hidden_size;
  double a = arch->attention_heads;
  double qk_head = (double) arch->qk_nope_head_dim + arch->qk_rope_head_dim;
  double q;
  double kv;
  double o;

  if (arch->q_lora_rank > 0)
    q = h * arch->q_lora_rank + arch->q_lora_rank + (double) arch->q_lora_rank * a * qk_head;
  else
    q = h * a * qk_head;

  kv = h * ((double) arch->kv_lora_rank + arch->qk_rope_head_dim)
       + arch->kv_lora_rank
       + (double) arch->kv_lora_rank * a * ((double) arch->qk_nope_head_dim + arch->v_head_dim);
  o = a * arch->v_head_dim * h;

  return q + kv + o;
}

double
ts_architecture_attention_params (const TsArchitecture *arch)
{
  double h = arch->hidden_size;
  double q_width = (double) arch->attention_heads * arch->head_dim;
  double kv_width = (double) arch->kv_heads * arch->head_dim;
  double params;

  if (ts_architecture_is_mla (arch))
    return mla_attention_params (arch);

  params = h * q_width + 2.0 * h * kv_width + q_width * h;
  if (arch->qkv_bias)
    params += q_width + 2.0 * kv_width;

  return params;
}

double
ts_architecture_dense_mlp_params (const TsArchitecture *arch)
{
  return ts_architecture_mlp_matrices (arch) * (double) arch->hidden_size * arch->ffn_size;
}

double
ts_architecture_moe_mlp_params (const TsArchitecture *arch,
                                gboolean              active_only)
{
  double expert = ts_architecture_mlp_matrices (arch) * (double) arch->hidden_size * arch->expert_ffn_size;
  double routed = active_only ? arch->active_experts : arch->experts;
  double router = (double) arch->hidden_size * arch->experts;
  double shared = arch->shared_expert_ffn_size > 0
                  ? ts_architecture_mlp_matrices (arch) * (double) arch->hidden_size * arch->shared_expert_ffn_size
                  : arch->shared_experts * expert;

  if (arch->router_bias)
    router += arch->experts;
  if (arch->shared_expert_gate)
    router += arch->hidden_size;

  return routed * expert + shared + router;
}

/* One norm's vectors: RMSNorm has a scale, LayerNorm a scale and a bias. */
static double
norm_params (const TsArchitecture *arch)
{
  return (arch->norm_bias ? 2.0 : 1.0) * arch->hidden_size;
}

static double
layer_norm_params (const TsArchitecture *arch)
{
  guint norms = arch->layer_norms > 0 ? arch->layer_norms : 2;
  double qk = arch->qk_norm ? 2.0 * arch->head_dim : 0.0;

  return norms * norm_params (arch) + qk;
}

double
ts_architecture_layer_params (const TsArchitecture *arch,
                              gboolean              moe_layer,
                              gboolean              active_only)
{
  double mlp = moe_layer ? ts_architecture_moe_mlp_params (arch, active_only)
                         : ts_architecture_dense_mlp_params (arch);
  return ts_architecture_attention_params (arch) + mlp + layer_norm_params (arch);
}

static double
blocks_params (const TsArchitecture *arch,
               gboolean              active_only)
{
  double dense_layers;
  double moe_layers;

  if (!ts_architecture_is_moe (arch))
    return arch->layers * ts_architecture_layer_params (arch, FALSE, active_only);

  dense_layers = MIN (arch->dense_layers, arch->layers);
  moe_layers = arch->layers - dense_layers;

  return dense_layers * ts_architecture_layer_params (arch, FALSE, active_only)
         + moe_layers * ts_architecture_layer_params (arch, TRUE, active_only);
}

double
ts_architecture_total_params (const TsArchitecture *arch)
{
  return ts_architecture_embedding_params (arch) + blocks_params (arch, FALSE) + norm_params (arch);
}

double
ts_architecture_active_params (const TsArchitecture *arch)
{
  return ts_architecture_embedding_params (arch) + blocks_params (arch, TRUE) + norm_params (arch);
}

/* DeepSpeed's largest_layer_params: the largest single module's own
 * parameters — the embedding table or the widest linear layer. */
double
ts_architecture_largest_layer_params (const TsArchitecture *arch)
{
  double h = arch->hidden_size;
  double largest = (double) arch->vocab_size * h;

  largest = MAX (largest, h * (double) arch->attention_heads * arch->head_dim);
  largest = MAX (largest, h * (double) arch->ffn_size);
  largest = MAX (largest, h * (double) arch->expert_ffn_size);
  largest = MAX (largest, h * (double) arch->shared_expert_ffn_size);
  if (ts_architecture_is_mla (arch))
    largest = MAX (largest, (double) arch->kv_lora_rank * arch->attention_heads
                            * ((double) arch->qk_nope_head_dim + arch->v_head_dim));

  return largest;
}

double
ts_architecture_block_linear_params (const TsArchitecture *arch)
{
  double norms = layer_norm_params (arch) * arch->layers;

  return MAX (0.0, blocks_params (arch, FALSE) - norms);
}

static guint
round_up (double value,
          guint  multiple)
{
  return (guint) (ceil (value / multiple) * multiple);
}

static void
infer_with_hidden (TsArchitecture *arch,
                   guint           hidden,
                   guint           vocab)
{
  memset (arch, 0, sizeof *arch);
  arch->hidden_size = hidden;
  arch->head_dim = MIN (INFER_HEAD_DIM, hidden);
  arch->attention_heads = MAX (1, hidden / arch->head_dim);
  arch->kv_heads = MIN (INFER_KV_HEADS, arch->attention_heads);
  arch->ffn_size = round_up (INFER_FFN_RATIO * hidden, INFER_FFN_MULTIPLE);
  arch->mlp = TS_MLP_SWIGLU;
  arch->vocab_size = vocab;
  arch->tied_embeddings = FALSE;
  arch->layers = 1;
}

static double
layers_for (const TsArchitecture *arch,
            double                params)
{
  double per_layer = ts_architecture_layer_params (arch, FALSE, FALSE);
  double rest = params - ts_architecture_embedding_params (arch) - arch->hidden_size;

  return rest / per_layer;
}

void
ts_architecture_infer (double          params,
                       TsArchitecture *arch)
{
  guint vocab = params < INFER_SMALL_MODEL ? INFER_SMALL_VOCAB : INFER_VOCAB;
  double best_score = G_MAXDOUBLE;
  guint best_hidden = infer_hidden_sizes[0];

  for (guint i = 0; i < G_N_ELEMENTS (infer_hidden_sizes); i++)
    {
      TsArchitecture candidate;
      double layers;
      double score;

      infer_with_hidden (&candidate, infer_hidden_sizes[i], vocab);
      layers = layers_for (&candidate, params);
      if (layers < 1.0)
        continue;

      score = fabs (log (layers / (infer_hidden_sizes[i] * INFER_LAYERS_PER_WIDTH)));
      if (score < best_score)
        {
          best_score = score;
          best_hidden = infer_hidden_sizes[i];
        }
    }

  infer_with_hidden (arch, best_hidden, vocab);

  /* A model too small for even one layer beside a full vocabulary: shrink
   * the vocabulary so the embeddings take at most half of it. */
  if (layers_for (arch, params) < 1.0)
    arch->vocab_size = (guint) MAX (256.0, params / (4.0 * best_hidden));

  arch->layers = (guint) MAX (1.0, round (layers_for (arch, params)));
}

gboolean
ts_architecture_derive (TsArchitecture *arch)
{
  if (arch->kv_heads == 0)
    arch->kv_heads = arch->attention_heads;
  if (arch->head_dim != 0)
    return TRUE;
  /* MLA has no single head width: activations are sized by the query-key
   * head, the part without RoPE and the part with it (DeepSeek-V3: 128 +
   * 64) */
  if (ts_architecture_is_mla (arch))
    arch->head_dim = arch->qk_nope_head_dim + arch->qk_rope_head_dim;
  else if (arch->attention_heads > 0 && arch->hidden_size % arch->attention_heads == 0)
    arch->head_dim = arch->hidden_size / arch->attention_heads;
  return arch->head_dim != 0;
}

/* The table's range of each field; one that 0 leaves “not given” must
 * have been derived (ts_architecture_derive ()) by now. */
static gboolean
validate_ranges (const TsArchitecture  *arch,
                 GError               **error)
{
  const TsArchField *fields;
  guint n_fields;

  fields = ts_arch_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      const TsArchField *f = &fields[i];
      guint value = ts_arch_field_get (f, arch);
      guint min = (f->flags & TS_FIELD_ZERO_DERIVED) ? 1 : (guint) f->min;

      if (value < min || value > f->max)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       /* Translators: the first %s is a field name such as “layers” */
                       _("Architecture field “%s” is %u; it must be between %u and %u"),
                       f->key, value, min, (guint) f->max);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
ts_architecture_validate (const TsArchitecture *arch,
                          GError              **error)
{
  double total;

  if (!validate_ranges (arch, error))
    return FALSE;

  if (arch->kv_heads > arch->attention_heads)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("Architecture field “kv_heads” (%u) cannot exceed “attention_heads” (%u)"),
                   arch->kv_heads, arch->attention_heads);
      return FALSE;
    }

  if (arch->experts > 0)
    {
      if (arch->active_experts < 1 || arch->active_experts > arch->experts)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       _("Architecture field “active_experts” (%u) must be between 1 and “experts” (%u)"),
                       arch->active_experts, arch->experts);
          return FALSE;
        }
      if (arch->expert_ffn_size < 1 || arch->expert_ffn_size > 1048576)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       _("Architecture field “expert_ffn_size” must be between 1 and 1048576 for a mixture-of-experts model"));
          return FALSE;
        }
      if (arch->dense_layers > arch->layers)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       _("Architecture fields “experts”, “shared_experts” or “dense_layers” are out of range"));
          return FALSE;
        }
    }
  else if (arch->ffn_size < 1 || arch->ffn_size > 1048576)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("Architecture field “ffn_size” must be between 1 and 1048576"));
      return FALSE;
    }

  total = ts_architecture_total_params (arch);
  if (!(total <= TS_MODEL_MAX_PARAMS))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The architecture describes %.3g parameters; at most 100 trillion are supported"),
                   total);
      return FALSE;
    }

  return TRUE;
}

static gboolean
validate_params (double   params,
                 GError **error)
{
  if (isnan (params) || isinf (params))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The parameter count must be a finite number"));
      return FALSE;
    }
  if (params < TS_MODEL_MIN_PARAMS || params > TS_MODEL_MAX_PARAMS)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The parameter count must be between 1M and 100T (got %.4g)"), params);
      return FALSE;
    }
  return TRUE;
}

gboolean
ts_model_init_from_params (TsModel  *model,
                           double    params,
                           GError  **error)
{
  if (!validate_params (params, error))
    return FALSE;

  memset (model, 0, sizeof *model);
  {
    /* “70 B” / «70 млрд»: %g would print “7e+10” with a decimal point in
     * every language. */
    g_autofree char *count = ts_format_params (params);

    /* Translators: a model known only by its size, e.g. “Custom model, 70 B parameters” */
    model->name = g_strdup_printf (_("Custom model, %s parameters"), count);
  }
  model->params = params;
  model->active_params = params;
  model->published_params = params;
  model->has_architecture = TRUE;
  model->architecture_inferred = TRUE;
  ts_architecture_infer (params, &model->arch);

  return TRUE;
}

gboolean
ts_model_init_from_architecture (TsModel              *model,
                                 const char           *name,
                                 const TsArchitecture *arch,
                                 GError              **error)
{
  TsArchitecture complete = *arch;

  /* the same rule at every door (a window, a file): a head_dim that
   * cannot be derived stays 0, which validation names */
  ts_architecture_derive (&complete);
  /* Every check before anything is allocated: a refused model owns
   * nothing (its name once leaked when the count was too small). */
  if (!ts_architecture_validate (&complete, error)
      || !validate_params (ts_architecture_total_params (&complete), error))
    return FALSE;

  memset (model, 0, sizeof *model);
  model->arch = complete;
  model->has_architecture = TRUE;
  model->params = ts_architecture_total_params (&complete);
  model->active_params = ts_architecture_active_params (&complete);
  model->published_params = model->params;
  model->name = g_strdup (name != NULL && *name != '\0' ? name : _("Custom model"));

  return TRUE;
}

/* The names are the architecture table's (its “mlp” field's choices). */
const char *
ts_mlp_kind_to_string (TsMlpKind kind)
{
  const TsFieldChoice *choice = ts_scenario_field_choice (ts_arch_field_find ("mlp"), kind);

  return choice != NULL ? choice->name : "swiglu";
}

gboolean
ts_mlp_kind_from_string (const char *str,
                         TsMlpKind  *kind)
{
  const TsArchField *f = ts_arch_field_find ("mlp");

  for (guint i = 0; i < f->n_choices; i++)
    if (g_strcmp0 (str, f->choices[i].name) == 0)
      {
        *kind = f->choices[i].value;
        return TRUE;
      }
  return FALSE;
}
