/* ts-model.h — a model's architecture and its parameter count
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-field.h"

G_BEGIN_DECLS

typedef enum
{
  TS_MLP_GELU,    /* two matrices: up, down */
  TS_MLP_SWIGLU,  /* three matrices: gate, up, down */
  TS_MLP_GEGLU,   /* three matrices, GELU gate */
} TsMlpKind;

typedef struct
{
  guint     layers;
  guint     hidden_size;
  guint     attention_heads;
  guint     kv_heads;
  guint     head_dim;
  guint     ffn_size;          /* dense FFN; 0 when every layer is MoE */
  TsMlpKind mlp;
  guint     vocab_size;
  gboolean  tied_embeddings;
  gboolean  dropout;           /* attention/hidden dropout masks stored */
  gboolean  qkv_bias;
  guint     experts;           /* routed experts; 0 for a dense model */
  guint     active_experts;    /* routed experts per token */
  guint     shared_experts;
  guint     expert_ffn_size;
  guint     dense_layers;      /* leading dense layers of a MoE model */
  /* Multi-head latent attention (DeepSeek-V3); all 0 for ordinary attention */
  guint     q_lora_rank;
  guint     kv_lora_rank;
  guint     qk_nope_head_dim;
  guint     qk_rope_head_dim;
  guint     v_head_dim;
  /* Details some families add to their layers (imported Hugging Face
   * configs, ts-hf-config.c); zero keeps the plain decoder above. */
  gboolean  qk_norm;                /* a norm of head_dim on queries and on keys (Qwen3, Gemma 3) */
  guint     layer_norms;            /* norms of hidden_size per layer; 0 = the usual 2 */
  gboolean  norm_bias;              /* LayerNorm with a bias vector, not RMSNorm (Falcon) */
  guint     shared_expert_ffn_size; /* the shared experts' whole width when not a multiple of
                                     * expert_ffn_size (Qwen2-MoE); 0 = shared_experts × expert_ffn_size */
  gboolean  shared_expert_gate;     /* the shared expert's gate, hidden → 1 (Qwen2-MoE) */
  gboolean  router_bias;            /* a score-correction bias per routed expert (DeepSeek-V3) */
} TsArchitecture;

typedef struct
{
  char           *id;            /* catalog id; NULL for a custom model */
  char           *name;
  char           *family;
  char           *vendor;
  double          params;        /* total parameters used for sizing */
  double          active_params; /* parameters a token passes through (MoE) */
  double          published_params;
  gboolean        has_architecture;
  gboolean        architecture_inferred;
  TsArchitecture  arch;
  char           *hf_id;         /* Hugging Face repository id, when known */
  JsonNode       *source;        /* an imported config's mapping (ts-hf-config.c); NULL otherwise */
} TsModel;

/* Largest and smallest parameter counts the engine accepts. */
#define TS_MODEL_MAX_PARAMS 100e12
#define TS_MODEL_MIN_PARAMS 1e6

void      ts_model_copy                 (TsModel              *dest,
                                         const TsModel        *src);
void      ts_model_clear                (TsModel              *model);

/* Every field within its range of the architecture table (ts_arch_fields
 * ()), the fields 0 leaves “not given” derived by now, and the relations
 * between fields. */
gboolean  ts_architecture_validate      (const TsArchitecture *arch,
                                         GError              **error);
/* Fills the fields 0 leaves “not given” (TS_FIELD_ZERO_DERIVED): kv_heads
 * = attention_heads (multi-head attention); head_dim = qk_nope_head_dim +
 * qk_rope_head_dim for latent attention, else hidden_size /
 * attention_heads. FALSE, head_dim left 0, when the heads do not divide
 * the hidden size. */
gboolean  ts_architecture_derive        (TsArchitecture       *arch);
gboolean  ts_architecture_is_moe        (const TsArchitecture *arch);
gboolean  ts_architecture_is_mla        (const TsArchitecture *arch);
guint     ts_architecture_mlp_matrices  (const TsArchitecture *arch);

/* Parameter counts computed from the architecture. */
double    ts_architecture_embedding_params (const TsArchitecture *arch);
double    ts_architecture_attention_params (const TsArchitecture *arch);
double    ts_architecture_dense_mlp_params (const TsArchitecture *arch);
double    ts_architecture_moe_mlp_params   (const TsArchitecture *arch,
                                            gboolean              active_only);
double    ts_architecture_layer_params     (const TsArchitecture *arch,
                                            gboolean              moe_layer,
                                            gboolean              active_only);
double    ts_architecture_total_params     (const TsArchitecture *arch);
double    ts_architecture_active_params    (const TsArchitecture *arch);
double    ts_architecture_largest_layer_params (const TsArchitecture *arch);
/* Parameters in linear layers inside the transformer blocks (what QLoRA
 * quantizes to NF4 and LoRA can target); the rest stays in 16-bit. */
double    ts_architecture_block_linear_params (const TsArchitecture *arch);

void      ts_architecture_infer         (double                params,
                                         TsArchitecture       *arch);

gboolean  ts_model_init_from_params     (TsModel              *model,
                                         double                params,
                                         GError              **error);
gboolean  ts_model_init_from_architecture (TsModel            *model,
                                           const char         *name,
                                           const TsArchitecture *arch,
                                           GError            **error);

/* A custom model from a JSON model file (ts-model-file.c; format in
 * docs/sizing-model.md §2). name names the file in messages. */
/* The `model` object of a plan or a catalog listing: id, name, params,
 * active_params, architecture, source. */
void      ts_model_to_json              (const TsModel        *model,
                                         JsonBuilder          *builder);
gboolean  ts_model_from_json            (TsModel              *model,
                                         JsonNode             *root,
                                         const char           *name,
                                         GError              **error);
gboolean  ts_model_load_file            (TsModel              *model,
                                         const char           *path,
                                         GError              **error);

/* ---- the architecture of a custom model (ts-arch-fields.c) ---- */

/* The architecture's fields are records of the same kind as the
 * scenario's: counts (TS_FIELD_UINT), switches (TS_FIELD_BOOL) and the
 * MLP's kind by name (TS_FIELD_ENUM of TsMlpKind), by these names where
 * the plan's JSON writes them. */
typedef TsScenarioField TsArchField;

/* In the scenario file's order: the one place of each field's name,
 * range and default; the catalog, the model file, the scenario file, an
 * imported config and ts_architecture_validate () read them here. */
const TsArchField *ts_arch_fields              (guint                  *n_fields);
const TsArchField *ts_arch_field_find          (const char             *key);
/* The value as a whole number (a switch 0/1, the MLP's TsMlpKind). */
guint              ts_arch_field_get           (const TsArchField      *field,
                                                const TsArchitecture   *arch);
/* Whether a file's value is in the field's range and whole; the message
 * says what the field takes (“must be a whole number from 1 to 10000”),
 * for the reader to put after the file and the field. */
gboolean           ts_arch_field_check         (const TsArchField      *field,
                                                double                  value,
                                                GError                **error);
/* Every field at its default (MLP SwiGLU, the rest 0: not given). */
void               ts_arch_fields_set_defaults (TsArchitecture         *arch);

const char *ts_mlp_kind_to_string       (TsMlpKind             kind);
gboolean    ts_mlp_kind_from_string     (const char           *str,
                                         TsMlpKind            *kind);

/* ---- a model's architecture from a Hugging Face config.json ---- */

/* Whether root is a Hugging Face config.json rather than Train Sizer's own
 * model file: it has a key only the former uses (model_type,
 * architectures, num_hidden_layers, n_layer, text_config, llm_config). */
gboolean    ts_hf_config_detect      (JsonNode      *root);

/* Reads the language model of a config.json into model, with the family's
 * class defaults for absent keys; model->source records which key gave
 * which field, and model->hf_id the repository when the file names one.
 * A family it cannot count exactly, or missing or contradictory keys, is
 * a TS_ERROR_MODEL_FILE error naming the key. name names the file in
 * messages. The model is named by the file's "_name_or_path" (its last
 * part), else by place_name (the name the file's place gives, NULL when
 * it has none, as pasted text), else by its family: never by the Python
 * class in "architectures". */
gboolean    ts_hf_config_import      (TsModel       *model,
                                      JsonNode      *root,
                                      const char    *name,
                                      const char    *place_name,
                                      GError       **error);

/* The transformers class of one decoder layer (what FSDP wraps), e.g.
 * “LlamaDecoderLayer”, for an imported or a catalog model; NULL when
 * unknown. */
const char *ts_hf_config_layer_class (const TsModel *model);

G_END_DECLS
