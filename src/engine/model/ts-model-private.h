/* ts-model-private.h — what the parts of the config.json import share
 *
 * A config.json is read in two parts: the families it may be of, with
 * what each one's transformers class has and leaves out
 * (ts-hf-families.c), and the reading of the file's keys into a
 * TsArchitecture by a family's names and defaults (ts-hf-config.c). Not
 * for callers outside those files; they use ts-model.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-model.h"

G_BEGIN_DECLS

/* A key the family's config class gives a value when the file leaves it
 * out; a family's list ends with a NULL key. */
typedef struct
{
  const char *key;
  guint       value;
} TsHfClassDefault;

/* What a family's transformers classes name, default and always have:
 * the quirks the reader cannot learn from the keys. */
typedef struct
{
  const char             *model_type;
  const char             *config_class;   /* whose defaults fill absent keys */
  const char             *layer_class;    /* one decoder layer, for FSDP wrapping */
  gboolean                gated_mlp;      /* gate and up projections (or one fused) */
  const char             *default_act;
  gboolean                tied_default;
  gboolean                qkv_bias;       /* q, k, v biases the class always has */
  gboolean                qk_norm;
  guint                   layer_norms;    /* 0 = 2 */
  gboolean                norm_bias;      /* LayerNorm, not RMSNorm */
  gboolean                expert_width_is_intermediate; /* Mixtral: intermediate_size is an expert's */
  gboolean                router_bias;
  const TsHfClassDefault *defaults;
} TsHfFamily;

/* The family of model_type, a wrapper's (“gemma3”, “qwen2_vl”) resolved
 * to the family of its language model; NULL for one not counted. */
const TsHfFamily *ts_hf_family_find (const char *model_type);

G_END_DECLS
