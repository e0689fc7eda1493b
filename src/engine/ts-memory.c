/* ts-memory.c — the sizing model's memory answer
 *
 * The constants are those of ../shared/design/sizing-model.md, each cited
 * where it is defined.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-memory.h"

/* Bytes per parameter of the model states (the article; ZeRO paper §3):
 * BF16 weights 2, BF16 gradients 2 (FP32: 4), FP32 master weights 4 and
 * Adam's two FP32 moments 4 + 4. */
#define BYTES_BF16            2.0
#define BYTES_FP32            4.0
#define BYTES_FP8             1.0
#define BYTES_NF4             0.5    /* QLoRA: 4-bit NormalFloat */
#define ADAM_STATE_BYTES      8.0    /* two FP32 moments */
#define ADAM_8BIT_STATE_BYTES 2.0    /* bitsandbytes blockwise 8-bit (HF anatomy doc) */
#define MOMENTUM_STATE_BYTES  4.0    /* SGD momentum, Lion: one FP32 state */
/* Adafactor keeps factored row/column second moments: about 4(r + c)
 * bytes per r × c matrix, negligible per parameter; this stands for it. */
#define ADAFACTOR_STATE_BYTES 0.05

/* QLoRA §3: FP32 absmax per block of 64 is 32/64 = 0.5 bits per parameter;
 * double quantization (8-bit constants, blocks of 256) makes it
 * 8/64 + 32/(64·256) ≈ 0.127 bits. */
#define QUANT_BITS_PLAIN      (32.0 / 64.0)
#define QUANT_BITS_DOUBLE     (8.0 / 64.0 + 32.0 / (64.0 * 256.0))

static const char *const component_keys[TS_N_COMPONENTS] = {
  "weights", "gradients", "master_weights", "optimizer_states",
  "activations", "adapters", "quantization_constants", "overhead",
};

const char *
ts_component_key (TsComponent component)
{
  g_return_val_if_fail (component < TS_N_COMPONENTS, NULL);
  return component_keys[component];
}

const char *
ts_component_label (TsComponent component)
{
  switch (component)
    {
    case TS_COMPONENT_WEIGHTS: return _("Weights");
    case TS_COMPONENT_GRADIENTS: return _("Gradients");
    case TS_COMPONENT_MASTER_WEIGHTS: return _("FP32 master weights");
    case TS_COMPONENT_OPTIMIZER_STATES: return _("Optimizer states");
    case TS_COMPONENT_ACTIVATIONS: return _("Activations");
    case TS_COMPONENT_ADAPTERS: return _("Adapters");
    case TS_COMPONENT_QUANTIZATION_CONSTANTS: return _("Quantization constants");
    case TS_COMPONENT_OVERHEAD: return _("Overhead");
    case TS_N_COMPONENTS:
    default: return NULL;
    }
}

double
ts_breakdown_sum (const TsBreakdown *breakdown)
{
  double sum = 0;

  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    sum += breakdown->bytes[i];
  return sum;
}

void
ts_rule_of_thumb (const TsScenario *s,
                  TsRuleOfThumb    *rule)
{
  double p = s->model.params;

  switch (s->method)
    {
    case TS_METHOD_FULL:
      rule->bytes_per_param_low = BYTES_BF16 + BYTES_BF16 + BYTES_FP32 + ADAM_STATE_BYTES;
      rule->bytes_per_param_high = BYTES_BF16 + BYTES_FP32 + BYTES_FP32 + ADAM_STATE_BYTES;
      break;
    case TS_METHOD_LORA:
      rule->bytes_per_param_low = rule->bytes_per_param_high = BYTES_BF16;
      break;
    case TS_METHOD_QLORA:
    case TS_N_METHODS:
    default:
      rule->bytes_per_param_low = rule->bytes_per_param_high = BYTES_NF4;
      break;
    }

  rule->low_bytes = rule->bytes_per_param_low * p;
  rule->high_bytes = rule->bytes_per_param_high * p;
}

void
ts_layout_resolve (const TsScenario *s,
                   guint             gpus,
                   TsLayout         *layout)
{
  guint model_parallel = MAX (1, s->tp) * MAX (1, s->pp);

  if (gpus == 0)
    gpus = s->gpus > 0 ? s->gpus : model_parallel;
  gpus = MAX (gpus, model_parallel);

  layout->tp = MAX (1, s->tp);
  layout->pp = MAX (1, s->pp);
  layout->dp = MAX (1, gpus / model_parallel);
  layout->gpus = layout->tp * layout->pp * layout->dp;
  layout->ep = MAX (1, MIN (s->ep, layout->dp));
  if (s->zero_stage >= 0)
    layout->zero_stage = s->zero_stage;
  else
    layout->zero_stage = layout->dp > 1 ? 3 : 0;
}

static double
weight_bytes_per_param (const TsScenario *s)
{
  return s->precision == TS_PRECISION_FP32 ? BYTES_FP32 : BYTES_BF16;
}

static double
gradient_bytes_per_param (const TsScenario *s)
{
  if (s->precision == TS_PRECISION_FP32 || s->grad_dtype == TS_GRAD_FP32)
    return BYTES_FP32;
  return BYTES_BF16;
}

static double
master_bytes_per_param (const TsScenario *s)
{
  switch (s->precision)
    {
    case TS_PRECISION_FP32:
    case TS_PRECISION_PURE_BF16:
      return 0;
    case TS_PRECISION_BF16:
    case TS_PRECISION_FP16:
    case TS_PRECISION_FP8:
    case TS_N_PRECISIONS:
    default:
      return BYTES_FP32;
    }
}

static double
optimizer_bytes_per_param (const TsScenario *s)
{
  switch (s->optimizer)
    {
    case TS_OPTIMIZER_ADAMW_8BIT: return ADAM_8BIT_STATE_BYTES;
    case TS_OPTIMIZER_ADAFACTOR: return ADAFACTOR_STATE_BYTES;
    case TS_OPTIMIZER_SGD:
    case TS_OPTIMIZER_LION: return MOMENTUM_STATE_BYTES;
    case TS_OPTIMIZER_ADAMW:
    case TS_N_OPTIMIZERS:
    default: return ADAM_STATE_BYTES;
    }
}

/* LoRA adds r·(d_in + d_out) parameters per targeted matrix (PEFT). */
static double
lora_adapter_params (const TsScenario *s)
{
  const TsArchitecture *a = &s->model.arch;
  double r = s->lora_rank;
  double h = a->hidden_size;
  double q = (double) a->attention_heads * a->head_dim;
  double kv = (double) a->kv_heads * a->head_dim;
  double per_layer = 0;

  per_layer += r * (h + q) + r * (h + kv);            /* q, v */
  if (s->lora_targets != TS_LORA_TARGETS_QV)
    per_layer += r * (h + kv) + r * (q + h);          /* k, o */
  if (s->lora_targets == TS_LORA_TARGETS_ALL_LINEAR)
    {
      double f = ts_architecture_is_moe (a) ? a->expert_ffn_size : a->ffn_size;
      double matrices = ts_architecture_mlp_matrices (a);

      per_layer += matrices * r * (h + f);            /* gate, up, down */
    }

  return per_layer * a->layers;
}

static void
compute_model_states (const TsScenario *s,
                      const TsLayout   *l,
                      TsMemory         *m)
{
  double *bytes = m->per_gpu.bytes;
  double model_parallel = (double) l->tp * l->pp;
  double p = s->model.params / model_parallel;
  double dp = l->dp;
  int z = l->zero_stage;

  if (s->method == TS_METHOD_FULL)
    {
      m->trainable_params = s->model.params;
      bytes[TS_COMPONENT_WEIGHTS] = weight_bytes_per_param (s) * p / (z >= 3 ? dp : 1);
      bytes[TS_COMPONENT_GRADIENTS] = gradient_bytes_per_param (s) * p / (z >= 2 ? dp : 1);
      bytes[TS_COMPONENT_MASTER_WEIGHTS] = master_bytes_per_param (s) * p / (z >= 1 ? dp : 1);
      bytes[TS_COMPONENT_OPTIMIZER_STATES] = optimizer_bytes_per_param (s) * p / (z >= 1 ? dp : 1);
      if (s->offload == TS_OFFLOAD_OPTIMIZER)
        {
          m->host_ram_bytes = (bytes[TS_COMPONENT_MASTER_WEIGHTS] + bytes[TS_COMPONENT_OPTIMIZER_STATES]) * l->gpus;
          bytes[TS_COMPONENT_MASTER_WEIGHTS] = 0;
          bytes[TS_COMPONENT_OPTIMIZER_STATES] = 0;
        }
      m->checkpoint_bytes = s->model.params * (weight_bytes_per_param (s) + master_bytes_per_param (s)
                                              + optimizer_bytes_per_param (s));
      return;
    }

  /* LoRA / QLoRA: the base is frozen and carries only its weights; the
   * adapters are trainable: BF16 weight 2 + gradient 2 + FP32 master 4 +
   * AdamW 8 = 16 bytes each (sizing-model §5). */
  m->adapter_params = s->model.has_architecture ? lora_adapter_params (s) : 0;
  m->trainable_params = m->adapter_params;

  if (s->method == TS_METHOD_LORA)
    bytes[TS_COMPONENT_WEIGHTS] = BYTES_BF16 * p / (z >= 3 ? dp : 1);
  else
    {
      double total = s->model.params;
      double linear = s->model.has_architecture ? MIN (total, ts_architecture_block_linear_params (&s->model.arch)) : total;
      double kept16 = total - linear;  /* embeddings, output head, norms stay in BF16 */
      double quant_bits = s->double_quant ? QUANT_BITS_DOUBLE : QUANT_BITS_PLAIN;

      bytes[TS_COMPONENT_WEIGHTS] = (BYTES_NF4 * linear + BYTES_BF16 * kept16) / model_parallel / (z >= 3 ? dp : 1);
      bytes[TS_COMPONENT_QUANTIZATION_CONSTANTS] = quant_bits / 8.0 * linear / model_parallel / (z >= 3 ? dp : 1);
    }

  bytes[TS_COMPONENT_ADAPTERS] = m->adapter_params / model_parallel
                                 * (BYTES_BF16 + BYTES_BF16 + BYTES_FP32 + optimizer_bytes_per_param (s));
  m->checkpoint_bytes = m->adapter_params * (BYTES_BF16 + BYTES_FP32 + optimizer_bytes_per_param (s));
}

static void
compute_activations (const TsScenario *s,
                     const TsLayout   *l,
                     TsMemory         *m)
{
  /* Filled by the sizing-model work (Korthikanti et al. 2022); zero here. */
  memset (&m->activations, 0, sizeof m->activations);
  m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS] = 0;
}

static void
compute_overhead (const TsScenario *s,
                  const TsLayout   *l,
                  TsMemory         *m)
{
  double rest = ts_breakdown_sum (&m->per_gpu);

  m->overhead.runtime_context = s->runtime_overhead_bytes;
  m->overhead.fragmentation = s->fragmentation * rest;
  m->overhead.zero3_gather = 0;
  m->per_gpu.bytes[TS_COMPONENT_OVERHEAD] = m->overhead.runtime_context
                                            + m->overhead.fragmentation
                                            + m->overhead.zero3_gather;
}

void
ts_memory_compute (const TsScenario *s,
                   const TsLayout   *layout,
                   TsMemory         *m)
{
  memset (m, 0, sizeof *m);
  m->layout = *layout;
  ts_rule_of_thumb (s, &m->rule);

  compute_model_states (s, layout, m);
  compute_activations (s, layout, m);
  compute_overhead (s, layout, m);

  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    m->total.bytes[i] = m->per_gpu.bytes[i] * layout->gpus;
}

char *
ts_memory_explain (const TsScenario *s,
                   const TsMemory   *m,
                   TsComponent       component)
{
  return g_strdup (ts_component_label (component));
}
