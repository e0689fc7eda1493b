/* ts-arch-fields.c — the table of a custom model's architecture
 *
 * The fields of TsArchitecture a user or a file gives (layers, widths,
 * heads, the MLP's kind, experts, latent attention, norms and biases):
 * each one's key, range and default, in the scenario file's order. They
 * are records of the scenario's own kind (ts-field.h), read
 * and written by the same accessors; this file holds the table and the
 * little that differs for it (file readers' words for a bad value).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-scenario"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-error.h"
#include "ts-model.h"

#define ARCH_OFF(member) G_STRUCT_OFFSET (TsArchitecture, member)
#define ARCH_FIELD(member, kind_, lo, hi, flags_, title) \
  { .key = #member, .kind = kind_, .offset = ARCH_OFF (member), .min = lo, .max = hi, .step = 1, .scale = 1, \
    .name = title, .label = title, .flags = flags_ }
#define ARCH_UINT(member, lo, hi, flags_, title) ARCH_FIELD (member, TS_FIELD_UINT, lo, hi, flags_, title)
#define ARCH_BOOL(member, flags_, title) ARCH_FIELD (member, TS_FIELD_BOOL, 0, 1, flags_, title)

static const TsFieldChoice mlp_choices[] = {
  { TS_MLP_GELU, "gelu", N_("GELU") },
  { TS_MLP_SWIGLU, "swiglu", N_("SwiGLU") },
  { TS_MLP_GEGLU, "geglu", N_("GeGLU") },
};

/* One range per field: the catalog, the model file, the scenario file,
 * an imported config and ts_architecture_validate () all check these
 * (ts_architecture_validate () then checks the relations between
 * fields). In the scenario file's order. */
static const TsArchField arch_fields[] = {
  ARCH_UINT (layers, 1, 10000, 0, N_("Layers")),
  ARCH_UINT (hidden_size, 1, 1048576, 0, N_("Hidden size")),
  ARCH_UINT (attention_heads, 1, 65536, 0, N_("Attention heads")),
  /* 0: as many as attention heads (multi-head attention) */
  ARCH_UINT (kv_heads, 0, 65536, TS_FIELD_ZERO_DERIVED, N_("Key-value heads")),
  /* 0: hidden_size / attention_heads, or an MLA model's query-key width */
  ARCH_UINT (head_dim, 0, 65536, TS_FIELD_ZERO_DERIVED, N_("Head dimension")),
  ARCH_UINT (ffn_size, 0, 1048576, 0, N_("FFN size")),
  { .key = "mlp", .kind = TS_FIELD_ENUM, .offset = ARCH_OFF (mlp), .min = TS_MLP_GELU, .max = TS_MLP_GEGLU,
    .default_value = TS_MLP_SWIGLU, .scale = 1, .choices = mlp_choices,
    .n_choices = G_N_ELEMENTS (mlp_choices), .name = N_("MLP"), .label = N_("MLP") },
  ARCH_UINT (vocab_size, 1, 16777216, 0, N_("Vocabulary")),
  ARCH_BOOL (tied_embeddings, 0, N_("Tied embeddings")),
  ARCH_BOOL (dropout, 0, N_("Dropout")),
  ARCH_BOOL (qkv_bias, TS_FIELD_LATE, N_("QKV bias")),
  ARCH_UINT (experts, 0, 65536, 0, N_("Experts")),
  ARCH_UINT (active_experts, 0, 65536, 0, N_("Active experts")),
  ARCH_UINT (shared_experts, 0, 65536, 0, N_("Shared experts")),
  ARCH_UINT (expert_ffn_size, 0, 1048576, 0, N_("Expert FFN size")),
  ARCH_UINT (dense_layers, 0, 10000, 0, N_("Dense layers")),
  ARCH_UINT (q_lora_rank, 0, 1048576, TS_FIELD_IF_MLA, N_("Query latent rank")),
  ARCH_UINT (kv_lora_rank, 0, 1048576, TS_FIELD_IF_MLA, N_("Key-value latent rank")),
  ARCH_UINT (qk_nope_head_dim, 0, 65536, TS_FIELD_IF_MLA, N_("Query-key head dimension without RoPE")),
  ARCH_UINT (qk_rope_head_dim, 0, 65536, TS_FIELD_IF_MLA, N_("Query-key head dimension with RoPE")),
  ARCH_UINT (v_head_dim, 0, 65536, TS_FIELD_IF_MLA, N_("Value head dimension")),
  ARCH_BOOL (qk_norm, TS_FIELD_IF_SET, N_("Query-key norm")),
  ARCH_UINT (layer_norms, 0, 16, TS_FIELD_IF_SET, N_("Norms per layer")),
  ARCH_BOOL (norm_bias, TS_FIELD_IF_SET, N_("Norm bias")),
  ARCH_UINT (shared_expert_ffn_size, 0, 1048576, TS_FIELD_IF_SET, N_("Shared expert FFN size")),
  ARCH_BOOL (shared_expert_gate, TS_FIELD_IF_SET, N_("Shared expert gate")),
  ARCH_BOOL (router_bias, TS_FIELD_IF_SET, N_("Router bias")),
};

const TsArchField *
ts_arch_fields (guint *n_fields)
{
  *n_fields = G_N_ELEMENTS (arch_fields);
  return arch_fields;
}

const TsArchField *
ts_arch_field_find (const char *key)
{
  return ts_field_table_find (arch_fields, G_N_ELEMENTS (arch_fields), key);
}

guint
ts_arch_field_get (const TsArchField    *f,
                   const TsArchitecture *arch)
{
  return (guint) ts_scenario_field_get_double (f, arch);
}

gboolean
ts_arch_field_check (const TsArchField  *f,
                     double              value,
                     GError            **error)
{
  if (ts_scenario_field_check (f, value, NULL))
    return TRUE;
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               _("must be a whole number from %u to %u"), (guint) f->min, (guint) f->max);
  return FALSE;
}

void
ts_arch_fields_set_defaults (TsArchitecture *arch)
{
  ts_field_table_set_defaults (arch_fields, G_N_ELEMENTS (arch_fields), arch);
}
