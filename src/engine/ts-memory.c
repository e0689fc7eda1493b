/* ts-memory.c — the sizing model's memory answer
 *
 * The constants are those of docs/sizing-model.md, each cited
 * where it is defined.
 *
 * What the defaults give for docs/sizing-model.md §10's cases (per GPU, decimal
 * GB; ZeRO-3 over 8 GPUs for full training), against the design's
 * approximate figures:
 *   Llama 3.1 8B full, 8 GPUs      23.2  (≈ 25)   fits a 68.7 GB Ascend 910B
 *   Qwen3-32B full, 8 GPUs         77.6  (≈ 81)   fits a 151.4 GB H200
 *   Llama 3.1 70B full, 8 GPUs    159.4  (≈ 164)  H200 151.4: does not fit;
 *                                                 B200 193.3: 18% headroom
 *     with FP32 gradients         177.9           B200: 8% headroom, tight
 *   Llama 3.1 70B QLoRA, 1 GPU     51.8  (≈ 52; the article: “about 48”)
 *   Llama 3.1 70B LoRA, 1 GPU     158.4  (≈ 158)  more than an H200 NVL
 *   Llama 3.1 8B LoRA, 1 GPU       21.7  (≈ 22)   a 32–96 GB card
 * The full-training figures sit a few GB under the design's because the
 * activations at the defaults (s = 2048, micro-batch 1, full
 * recomputation, FlashAttention) are small — 2.5 GB for 8B, 5 GB for 70B,
 * most of it the logits and their FP32 copy for the loss — while the
 * design's table rounded them up; every verdict is the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-format.h"
#include "ts-memory.h"

/* Bytes per parameter of the model states (the article; ZeRO paper §3):
 * BF16 weights 2, BF16 gradients 2 (FP32: 4), FP32 master weights 4 and
 * Adam's two FP32 moments 4 + 4. */
#define BYTES_BF16            2.0
#define BYTES_FP32            4.0
/* FP8 training (TransformerEngine) keeps the BF16 weights and adds FP8
 * copies of them: “there is no memory savings with FP8” for model states
 * (accelerate estimate.py, docs/sizing-literature.md §1.3). */
#define BYTES_FP8             1.0
#define BYTES_NF4             0.5    /* QLoRA: 4-bit NormalFloat */
/* Optimizer states per trainable parameter (docs/sizing-literature.md §1.13). */
#define ADAM_STATE_BYTES      8.0    /* two FP32 moments */
#define ADAM_8BIT_STATE_BYTES 2.0    /* bitsandbytes blockwise 8-bit (HF anatomy doc) */
#define MOMENTUM_STATE_BYTES  4.0    /* SGD momentum, Lion: one FP32 state */
/* Adafactor (Shazeer & Stern 2018; HF's default, no first moment) keeps
 * for an r × c matrix a row and a column second-moment vector in FP32,
 * 4(r + c) bytes, and for a vector a full FP32 second moment: computed
 * from the architecture in adafactor_bytes_per_param (). */
#define ADAFACTOR_STATE_BYTES BYTES_FP32

/* QLoRA §3: FP32 absmax per block of 64 is 32/64 = 0.5 bits per parameter;
 * double quantization (8-bit constants, blocks of 256) makes it
 * 8/64 + 32/(64·256) ≈ 0.127 bits. */
#define QUANT_BITS_PLAIN      (32.0 / 64.0)
#define QUANT_BITS_DOUBLE     (8.0 / 64.0 + 32.0 / (64.0 * 256.0))
#define BITS_PER_BYTE         8.0
#define TS_BYTES_PER_MB       1e6

/* DeepSpeed's estimators (stage_1_and_2.py, stage3.py; sizing-literature
 * §1.2): host memory is multiplied by additional_buffer_factor = 1.5 “to
 * be conservative”; the ZeRO-3 gather buffer holds the largest layer's
 * 16-bit parameters and 16-bit gradients (4 bytes × its parameters); and
 * at ZeRO ≤ 2 every process first builds the model in FP32 in host RAM
 * (4 bytes × params × GPUs). */
#define HOST_BUFFER_FACTOR    1.5
#define HOST_FP32_INIT_BYTES  BYTES_FP32

/* Activations (Korthikanti et al. 2022, §4; docs/sizing-model.md §4): 16-bit
 * tensors, 1-byte dropout masks. FlashAttention keeps, besides its output,
 * the FP32 log-sum-exp of every row of every head (4 bytes × a·s·b). The
 * loss needs the logits in BF16 and an FP32 copy: 2 + 4 bytes per element
 * of s·b·V. A MoE router keeps its FP32 probabilities, s·b·E × 4 bytes. */
#define DROPOUT_MASK_BYTES    1.0
#define FLASH_STATS_BYTES     BYTES_FP32
#define LOGITS_BYTES          (BYTES_BF16 + BYTES_FP32)
#define ROUTER_PROBS_BYTES    BYTES_FP32

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

/* ---- model states ------------------------------------------------------ */

/* Bytes of one weight as the GPU holds it for training. */
static double
weight_bytes_per_param (const TsScenario *s)
{
  switch (s->precision)
    {
    case TS_PRECISION_FP32: return BYTES_FP32;
    case TS_PRECISION_FP8: return BYTES_BF16 + BYTES_FP8;
    case TS_PRECISION_BF16:
    case TS_PRECISION_FP16:
    case TS_PRECISION_PURE_BF16:
    case TS_N_PRECISIONS:
    default: return BYTES_BF16;
    }
}

/* The weights a checkpoint saves: the FP8 copies are rebuilt, not saved. */
static double
saved_weight_bytes_per_param (const TsScenario *s)
{
  return s->precision == TS_PRECISION_FP32 ? BYTES_FP32 : BYTES_BF16;
}

/* The precision of the weights the forward pass computes with, which is
 * also the precision of the freshly computed gradients and activations.
 * FP8 training keeps most activations in 16-bit too (TransformerEngine
 * casts to FP8 inside its GEMMs); counting them in 16-bit errs high. */
static double
compute_bytes (const TsScenario *s)
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

static double moe_layers (const TsArchitecture *a);
static double dense_layers (const TsArchitecture *a);

/* Σ (rows + cols) over a layer's attention matrices. */
static double
attention_matrix_sides (const TsArchitecture *a)
{
  double h = a->hidden_size;
  double heads = a->attention_heads;

  if (ts_architecture_is_mla (a))
    {
      double qk_head = (double) a->qk_nope_head_dim + a->qk_rope_head_dim;
      double q = a->q_lora_rank > 0
                 ? (h + a->q_lora_rank) + (a->q_lora_rank + heads * qk_head)
                 : h + heads * qk_head;

      return q + (h + a->kv_lora_rank + a->qk_rope_head_dim)
             + (a->kv_lora_rank + heads * ((double) a->qk_nope_head_dim + a->v_head_dim))
             + (heads * a->v_head_dim + h);
    }
  {
    double q = heads * a->head_dim;
    double kv = (double) a->kv_heads * a->head_dim;

    return (h + q) + 2 * (h + kv) + (q + h);
  }
}

/* Adafactor's factored states per parameter of the whole model. */
static double
adafactor_bytes_per_param (const TsScenario *s)
{
  const TsArchitecture *a = &s->model.arch;
  double h = a->hidden_size;
  double mats = ts_architecture_mlp_matrices (a);
  double sides;
  double vectors;
  double total;

  if (!s->model.has_architecture || (total = ts_architecture_total_params (a)) <= 0)
    return 0;

  sides = a->layers * attention_matrix_sides (a)
          + dense_layers (a) * mats * (h + a->ffn_size)
          + moe_layers (a) * (((double) a->experts + a->shared_experts) * mats * (h + a->expert_ffn_size)
                              + (h + a->experts))
          + (a->tied_embeddings ? 1 : 2) * ((double) a->vocab_size + h);
  vectors = a->layers * 2 * h + h;  /* norms */
  if (a->qkv_bias && !ts_architecture_is_mla (a))
    vectors += a->layers * ((double) a->attention_heads + 2.0 * a->kv_heads) * a->head_dim;

  return ADAFACTOR_STATE_BYTES * (sides + vectors) / total;
}

static double
optimizer_bytes_for (const TsScenario *s,
                     TsOptimizer       optimizer)
{
  double bytes;

  switch (optimizer)
    {
    case TS_OPTIMIZER_ADAMW_8BIT: return ADAM_8BIT_STATE_BYTES;
    case TS_OPTIMIZER_ADAFACTOR: bytes = adafactor_bytes_per_param (s); break;
    case TS_OPTIMIZER_SGD:
    case TS_OPTIMIZER_LION: bytes = MOMENTUM_STATE_BYTES; break;
    case TS_OPTIMIZER_ADAMW:
    case TS_N_OPTIMIZERS:
    default: bytes = ADAM_STATE_BYTES; break;
    }

  /* Pure BF16 keeps the optimizer's FP32 states in BF16 as well:
   * LLaMA-Factory's “Full (pure_bf16)” row is 8 bytes/param = weights 2 +
   * gradients 2 + Adam 2 + 2 (docs/sizing-literature.md §0). */
  if (s->precision == TS_PRECISION_PURE_BF16)
    bytes *= BYTES_BF16 / BYTES_FP32;
  return bytes;
}

static double
optimizer_bytes_per_param (const TsScenario *s)
{
  return optimizer_bytes_for (s, s->optimizer);
}

/* The adapters' optimizer: QLoRA's paged optimizer is bitsandbytes'
 * paged 8-bit AdamW (QLoRA paper §3). */
static double
adapter_optimizer_bytes (const TsScenario *s)
{
  if (s->method == TS_METHOD_QLORA && s->paged_optimizer)
    return ADAM_8BIT_STATE_BYTES;
  /* An adapter pair is two thin matrices, d × r and r × d': factored,
   * 4(d + r) + 4(r + d') bytes for r(d + d') parameters, about 4/r each. */
  if (s->optimizer == TS_OPTIMIZER_ADAFACTOR)
    return ADAFACTOR_STATE_BYTES / MAX (1u, s->lora_rank)
           * (s->precision == TS_PRECISION_PURE_BF16 ? BYTES_BF16 / BYTES_FP32 : 1.0);
  return optimizer_bytes_per_param (s);
}

static double
moe_layers (const TsArchitecture *a)
{
  return ts_architecture_is_moe (a) ? a->layers - MIN (a->dense_layers, a->layers) : 0;
}

static double
dense_layers (const TsArchitecture *a)
{
  return a->layers - moe_layers (a);
}

/* Parameters of the routed experts (what expert parallelism divides);
 * shared experts and routers are replicated like dense layers. */
static double
routed_expert_params (const TsArchitecture *a)
{
  return moe_layers (a) * a->experts
         * ts_architecture_mlp_matrices (a) * (double) a->hidden_size * a->expert_ffn_size;
}

/* The parameters one GPU holds before ZeRO sharding, split into those
 * sharded over the whole data-parallel group and routed-expert ones,
 * whose data-parallel group is dp / ep. Tensor parallelism divides
 * everything; pipeline parallelism divides the transformer blocks, but a
 * stage at either end holds a whole (TP-sharded) embedding table or
 * output head, so the worst stage is counted. */
typedef struct
{
  double dense;
  double expert;
} Share;

static void
param_share (const TsScenario *s,
             const TsLayout   *l,
             Share            *share)
{
  const TsArchitecture *a = &s->model.arch;
  double params = s->model.params;
  double t = l->tp;
  double pp = l->pp;
  double total;
  double embedding;
  double one_table;
  double experts;
  double blocks;
  double scale;

  if (!s->model.has_architecture)
    {
      share->dense = params / (t * pp);
      share->expert = 0;
      return;
    }

  experts = routed_expert_params (a);
  if (experts == 0 && l->tp == 1 && l->pp == 1)
    {
      /* Exactly the model's parameters (the article's figures). */
      share->dense = params;
      share->expert = 0;
      return;
    }

  /* The architecture's proportions applied to the sizing count (the
   * published one for catalog models). */
  total = ts_architecture_total_params (a);
  scale = total > 0 ? params / total : 1.0;
  embedding = ts_architecture_embedding_params (a);
  one_table = (double) a->vocab_size * a->hidden_size;
  blocks = total - embedding - experts;

  share->dense = (blocks / pp + (l->pp > 1 ? one_table : embedding)) / t * scale;
  share->expert = experts / (pp * t * l->ep) * scale;
}

/* Model states of trainable parameters on one GPU (the four components
 * of the article's 16–18 bytes). ZeRO stage 1 divides master weights and
 * optimizer states over the data-parallel group, stage 2 also gradients,
 * stage 3 also weights (ZeRO paper §5; docs/sizing-model.md §3). */
typedef struct
{
  double weights;
  double gradients;
  double master;
  double optimizer;
} States;

static void
trainable_states (const TsScenario *s,
                  const TsLayout   *l,
                  const Share      *share,
                  double            weight_bytes,
                  double            optimizer_bytes,
                  States           *out)
{
  double dp = l->dp;
  double dp_expert = MAX (1.0, (double) l->dp / l->ep);
  int z = l->zero_stage;
  double w3 = share->dense / (z >= 3 ? dp : 1) + share->expert / (z >= 3 ? dp_expert : 1);
  double w2 = share->dense / (z >= 2 ? dp : 1) + share->expert / (z >= 2 ? dp_expert : 1);
  double w1 = share->dense / (z >= 1 ? dp : 1) + share->expert / (z >= 1 ? dp_expert : 1);

  out->weights = weight_bytes * w3;
  out->gradients = gradient_bytes_per_param (s) * w2;
  out->master = master_bytes_per_param (s) * w1;
  out->optimizer = optimizer_bytes * w1;

  /* ZeRO-Offload (DeepSpeed offload_optimizer=cpu): the optimizer step
   * runs on the CPU, so the gradient partitions, the FP32 master weights
   * and the optimizer states live in host RAM; the GPU keeps the 16-bit
   * weights (DeepSpeed's “2 * params” per GPU). */
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    {
      out->gradients = 0;
      out->master = 0;
      out->optimizer = 0;
    }
}

/* Host RAM for the offloaded states of trainable parameters, the whole
 * job: DeepSpeed's estimate_zero3_model_states_mem_needs (zero_init) is
 * params × 16 × 1.5 over all nodes — FP32 gradients 4 + FP32 master 4 +
 * Adam 8; estimate_zero2_… is params × max(4 × GPUs, 16) × 1.5, the 4 ×
 * GPUs being each process's FP32 copy of the model at start-up (exact for
 * one server; DeepSpeed counts that per node). */
static double
offload_host_bytes (const TsScenario *s,
                    const TsLayout   *l,
                    double            trainable,
                    double            optimizer_bytes)
{
  double per_param = BYTES_FP32 + master_bytes_per_param (s) + optimizer_bytes;

  if (s->offload != TS_OFFLOAD_OPTIMIZER)
    return 0;
  if (l->zero_stage < 3)
    per_param = MAX (per_param, HOST_FP32_INIT_BYTES * l->gpus);
  return trainable * per_param * HOST_BUFFER_FACTOR;
}

/* LoRA adds r·(d_in + d_out) parameters per targeted matrix (PEFT's
 * lora_A: d_in → r, lora_B: r → d_out; docs/sizing-literature.md §1.10). With
 * all-linear on a MoE model every expert's matrices get adapters. */
double
ts_memory_lora_adapter_params (const TsArchitecture *a,
                               TsLoraTargets         targets,
                               guint                 rank)
{
  double r = rank;
  double h = a->hidden_size;
  double per_layer = 0;
  double mlp = 0;
  double matrices = ts_architecture_mlp_matrices (a);

  if (ts_architecture_is_mla (a))
    {
      double heads = a->attention_heads;
      double qk_head = (double) a->qk_nope_head_dim + a->qk_rope_head_dim;
      double q_in = a->q_lora_rank > 0 ? a->q_lora_rank : h;
      double q = r * (q_in + heads * qk_head);                 /* q_b (or q) */
      double kv_b = r * (a->kv_lora_rank + heads * ((double) a->qk_nope_head_dim + a->v_head_dim));

      if (a->q_lora_rank > 0)
        q += r * (h + a->q_lora_rank);                         /* q_a */
      per_layer += q + kv_b;                                   /* “q, v” */
      if (targets != TS_LORA_TARGETS_QV)
        per_layer += r * (h + a->kv_lora_rank + a->qk_rope_head_dim)  /* kv_a */
                     + r * (heads * a->v_head_dim + h);               /* o */
    }
  else
    {
      double q = (double) a->attention_heads * a->head_dim;
      double kv = (double) a->kv_heads * a->head_dim;

      per_layer += r * (h + q) + r * (h + kv);                 /* q, v */
      if (targets != TS_LORA_TARGETS_QV)
        per_layer += r * (h + kv) + r * (q + h);               /* k, o */
    }

  if (targets == TS_LORA_TARGETS_ALL_LINEAR)
    {
      double experts_per_layer = (double) a->experts + a->shared_experts;

      mlp = dense_layers (a) * matrices * r * (h + a->ffn_size)
            + moe_layers (a) * experts_per_layer * matrices * r * (h + a->expert_ffn_size);
    }

  return per_layer * a->layers + mlp;
}

static void
compute_model_states (const TsScenario *s,
                      const TsLayout   *l,
                      TsMemory         *m)
{
  double *bytes = m->per_gpu.bytes;
  Share share;
  States states;

  param_share (s, l, &share);

  if (s->method == TS_METHOD_FULL)
    {
      m->trainable_params = s->model.params;
      trainable_states (s, l, &share, weight_bytes_per_param (s), optimizer_bytes_per_param (s), &states);
      bytes[TS_COMPONENT_WEIGHTS] = states.weights;
      bytes[TS_COMPONENT_GRADIENTS] = states.gradients;
      bytes[TS_COMPONENT_MASTER_WEIGHTS] = states.master;
      bytes[TS_COMPONENT_OPTIMIZER_STATES] = states.optimizer;
      m->host_ram_bytes = offload_host_bytes (s, l, m->trainable_params, optimizer_bytes_per_param (s));
      m->checkpoint_bytes = s->model.params * (saved_weight_bytes_per_param (s) + master_bytes_per_param (s)
                                              + optimizer_bytes_per_param (s));
      return;
    }

  /* LoRA / QLoRA: the base is frozen and carries only its weights; the
   * adapters are trainable: BF16 weight 2 + gradient 2 + FP32 master 4 +
   * AdamW 8 = 16 bytes each (docs/sizing-model.md §5), shown as one component. */
  m->adapter_params = s->model.has_architecture
                      ? ts_memory_lora_adapter_params (&s->model.arch, s->lora_targets, s->lora_rank)
                      : 0;
  m->trainable_params = m->adapter_params;

  {
    double dp = l->zero_stage >= 3 ? l->dp : 1;
    double dp_expert = l->zero_stage >= 3 ? MAX (1.0, (double) l->dp / l->ep) : 1;
    double held = share.dense / dp + share.expert / dp_expert;

    if (s->method == TS_METHOD_LORA)
      bytes[TS_COMPONENT_WEIGHTS] = BYTES_BF16 * held;
    else
      {
        /* QLoRA quantizes the linear layers of the blocks to NF4; the
         * embeddings, the output head and the norms stay in BF16. */
        double total = s->model.params;
        double linear = total;
        double quant_bits = s->double_quant ? QUANT_BITS_DOUBLE : QUANT_BITS_PLAIN;
        double fraction = total > 0 ? held / total : 0;

        if (s->model.has_architecture)
          {
            const TsArchitecture *a = &s->model.arch;
            double arch_total = ts_architecture_total_params (a);

            linear = arch_total > 0 ? total * ts_architecture_block_linear_params (a) / arch_total : total;
          }
        bytes[TS_COMPONENT_WEIGHTS] = (BYTES_NF4 * linear + BYTES_BF16 * (total - linear)) * fraction;
        bytes[TS_COMPONENT_QUANTIZATION_CONSTANTS] = quant_bits / BITS_PER_BYTE * linear * fraction;
      }
  }

  {
    Share adapters = { m->adapter_params / ((double) l->tp * l->pp), 0 };

    trainable_states (s, l, &adapters, BYTES_BF16, adapter_optimizer_bytes (s), &states);
    bytes[TS_COMPONENT_ADAPTERS] = states.weights + states.gradients + states.master + states.optimizer;
    m->host_ram_bytes = offload_host_bytes (s, l, m->adapter_params, adapter_optimizer_bytes (s));
  }
  m->checkpoint_bytes = m->adapter_params * (BYTES_BF16 + master_bytes_per_param (s) + adapter_optimizer_bytes (s));
}

/* ---- activations -------------------------------------------------------- */

/* Bytes one transformer layer keeps for the backward pass, one
 * micro-batch, on one GPU: Korthikanti et al. 2022 §4 tensor by tensor,
 * so that a GPT-style layer (standard attention with dropout, GELU MLP
 * of 4h, a·hd = h) gives exactly sbh(34 + 5as/h), and modern layers get
 * their own tensors (FlashAttention, GQA, SwiGLU, MoE, no dropout).
 * Tensor parallelism splits the tensors inside attention and the MLP;
 * the LayerNorm inputs, the inputs of the QKV and first MLP matrices and
 * the dropout masks are replicated (the paper's 10sbh) unless sequence
 * parallelism splits them along the sequence too. */
static double
layer_activations (const TsScenario     *s,
                   const TsArchitecture *a,
                   const TsLayout       *l,
                   gboolean              moe_layer,
                   gboolean              selective)
{
  double sb = (double) s->seq_len * s->micro_batch;
  double h = a->hidden_size;
  double e = compute_bytes (s);
  double mask = a->dropout ? DROPOUT_MASK_BYTES : 0;
  double t = l->tp;
  double heads = a->attention_heads;
  double q_width;
  double k_width;
  double v_width;
  double o_width;   /* the attention output: every query head's values */
  double replicated = 0;
  double split = 0;

  if (ts_architecture_is_mla (a))
    {
      double qk_head = (double) a->qk_nope_head_dim + a->qk_rope_head_dim;

      q_width = heads * qk_head;
      k_width = heads * qk_head;
      v_width = heads * a->v_head_dim;
      o_width = v_width;
      /* The low-rank latents are projected up again from what is kept. */
      split += e * sb * ((double) a->q_lora_rank + a->kv_lora_rank + a->qk_rope_head_dim);
    }
  else
    {
      q_width = heads * a->head_dim;
      k_width = (double) a->kv_heads * a->head_dim;
      v_width = k_width;
      o_width = q_width;
    }

  /* Attention (paper: 11sbh + 5as²b) */
  replicated += e * sb * h;                      /* LayerNorm input */
  replicated += e * sb * h;                      /* QKV input */
  split += e * sb * (q_width + k_width + v_width);  /* Q, K, V */
  split += e * sb * o_width;                     /* output-projection input */
  replicated += mask * sb * h;                   /* dropout mask after it */
  if (s->flash_attention)
    split += FLASH_STATS_BYTES * heads * sb;     /* softmax statistics */
  else if (!selective)
    {
      double scores = heads * sb * s->seq_len;   /* a·s²·b */

      split += e * scores;                       /* softmax output */
      if (a->dropout)
        split += (DROPOUT_MASK_BYTES + e) * scores;  /* its dropout: mask, output */
    }

  /* MLP (paper: 19sbh) */
  replicated += e * sb * h;                      /* LayerNorm input */
  replicated += e * sb * h;                      /* first matrices' input */
  replicated += mask * sb * h;                   /* dropout mask */
  {
    double width = a->ffn_size;
    /* GELU: its input and the second matrix's input; GLU: gate and up
     * outputs, the activation's output and the down projection's input. */
    double tensors = a->mlp == TS_MLP_GELU ? 2 : 4;

    if (moe_layer)
      {
        double routed = a->active_experts;

        width = (routed + a->shared_experts) * a->expert_ffn_size;
        split += e * sb * h * routed;            /* tokens dispatched to the experts */
        replicated += ROUTER_PROBS_BYTES * sb * a->experts;  /* router probabilities */
      }
    split += tensors * e * sb * width;
  }

  if (s->sequence_parallel)
    return (replicated + split) / t;
  return replicated + split / t;
}

/* The s² tensors of one layer that selective recomputation rebuilds. */
static double
attention_scores_bytes (const TsScenario     *s,
                        const TsArchitecture *a,
                        const TsLayout       *l)
{
  double scores = (double) a->attention_heads * s->seq_len * s->seq_len * s->micro_batch;
  double e = compute_bytes (s);

  if (s->flash_attention)
    return 0;
  return (e + (a->dropout ? DROPOUT_MASK_BYTES + e : 0)) * scores / l->tp;
}

/* Outside the layers: the embedding output, the final norm's input and
 * the output head's input (16-bit each), the logits with their FP32 copy
 * for the loss, split over the vocabulary by tensor parallelism. */
static double
extra_activations (const TsScenario     *s,
                   const TsArchitecture *a,
                   const TsLayout       *l)
{
  double sb = (double) s->seq_len * s->micro_batch;
  double h = a->hidden_size;
  double e = compute_bytes (s);
  double t = l->tp;
  double seq_split = s->sequence_parallel ? t : 1;
  double embedding = (e + (a->dropout ? DROPOUT_MASK_BYTES : 0)) * sb * h / seq_split;
  double head = 2 * e * sb * h / seq_split + LOGITS_BYTES * sb * a->vocab_size / t;

  if (l->pp <= 1)
    return embedding + head;
  /* With a pipeline the first stage keeps the embeddings of its pp
   * micro-batches in flight, the last stage the output head of one. */
  return MAX (embedding * l->pp, head);
}

static void
compute_activations (const TsScenario *s,
                     const TsLayout   *l,
                     TsMemory         *m)
{
  const TsArchitecture *a = &s->model.arch;
  TsActivationsDetail *d = &m->activations;
  double dense_n = dense_layers (a);
  double moe_n = moe_layers (a);
  double stage_layers;
  double layer_full;
  double layer_peak;

  memset (d, 0, sizeof *d);
  if (!s->model.has_architecture || a->layers == 0)
    return;

  /* 1F1B: the first stage holds pp micro-batches of its L/pp layers,
   * L layers' worth whatever the pipeline degree (Korthikanti §4.2). */
  stage_layers = ceil ((double) a->layers / l->pp);
  d->layers = stage_layers * MIN (l->pp, a->layers);

  layer_full = (dense_n * layer_activations (s, a, l, FALSE, FALSE)
                + moe_n * layer_activations (s, a, l, TRUE, FALSE)) / a->layers;
  layer_peak = MAX (dense_n > 0 ? layer_activations (s, a, l, FALSE, FALSE) : 0,
                    moe_n > 0 ? layer_activations (s, a, l, TRUE, FALSE) : 0);

  switch (s->checkpointing)
    {
    case TS_CHECKPOINTING_FULL:
      /* Only each layer's input is kept (2sbh, split along the sequence
       * with sequence parallelism); the backward pass rebuilds one layer
       * at a time. */
      d->per_layer = compute_bytes (s) * s->seq_len * (double) s->micro_batch * a->hidden_size
                     / (s->sequence_parallel ? l->tp : 1);
      d->recompute_peak = layer_peak;
      break;
    case TS_CHECKPOINTING_SELECTIVE:
      /* The attention core is recomputed: its s² tensors are not kept
       * (Korthikanti §5), but one layer's are rebuilt at a time. */
      d->per_layer = (dense_n * layer_activations (s, a, l, FALSE, TRUE)
                      + moe_n * layer_activations (s, a, l, TRUE, TRUE)) / a->layers;
      d->recompute_peak = attention_scores_bytes (s, a, l);
      break;
    case TS_CHECKPOINTING_NONE:
    case TS_N_CHECKPOINTING:
    default:
      d->per_layer = layer_full;
      break;
    }

  d->extra = extra_activations (s, a, l);
  m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS] = d->per_layer * d->layers + d->extra + d->recompute_peak;
}

/* ---- overhead ----------------------------------------------------------- */

/* ZeRO-3 gathers each layer's parameters before using it and produces its
 * gradients in 16-bit: DeepSpeed's largest_layer_memory = 4 bytes ×
 * largest_layer_params (2 + 2; memory.rst). A frozen base gathers only
 * its weights. Prefetching gathers the next layer while this one
 * computes: two layers live at once (docs/sizing-model.md §3, “doubled when
 * prefetching”; llm-analysis counts (fwd_prefetch + bwd_prefetch) × one
 * unsharded layer). */
#define ZERO3_PREFETCH_LAYERS 2
static double
zero3_gather_bytes (const TsScenario *s,
                    const TsLayout   *l)
{
  double largest;
  double per_param;

  if (l->zero_stage < 3 || !s->model.has_architecture)
    return 0;

  largest = ts_architecture_largest_layer_params (&s->model.arch) / l->tp;
  per_param = s->method == TS_METHOD_FULL ? 2 * compute_bytes (s) : BYTES_BF16;
  return per_param * largest * (s->zero3_prefetch ? ZERO3_PREFETCH_LAYERS : 1);
}

static void
compute_overhead (const TsScenario *s,
                  const TsLayout   *l,
                  TsMemory         *m)
{
  double rest;

  m->overhead.zero3_gather = zero3_gather_bytes (s, l);
  rest = ts_breakdown_sum (&m->per_gpu) + m->overhead.zero3_gather;
  m->overhead.runtime_context = s->runtime_overhead_bytes;
  m->overhead.fragmentation = s->fragmentation * rest;
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

void
ts_memory_compute_like (const TsScenario *s,
                        const TsLayout   *layout,
                        const TsMemory   *like,
                        TsMemory         *m)
{
  /* Activations depend on the sequence, the micro-batch, the model and
   * the tensor and pipeline degrees only (compute_activations ()). */
  if (like == NULL || like->layout.tp != layout->tp || like->layout.pp != layout->pp)
    {
      ts_memory_compute (s, layout, m);
      return;
    }

  memset (m, 0, sizeof *m);
  m->layout = *layout;
  m->rule = like->rule;

  compute_model_states (s, layout, m);
  m->activations = like->activations;
  m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS] = like->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS];
  compute_overhead (s, layout, m);

  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    m->total.bytes[i] = m->per_gpu.bytes[i] * layout->gpus;
}

/* ---- explanations ------------------------------------------------------- */

/* Small amounts (a layer's activations, Adafactor's states) in decimal
 * megabytes, where “0.03 GB” would say little; the rest in GB. */
static char *
format_bytes (double bytes)
{
  g_autofree char *number = NULL;

  if (bytes == 0 || fabs (bytes) >= TS_BYTES_PER_GB)
    return ts_format_gb (bytes);
  number = ts_format_number_auto (bytes / TS_BYTES_PER_MB, fabs (bytes) >= 100 * TS_BYTES_PER_MB ? 0 : 1);
  /* Translators: megabytes, decimal (10^6 bytes) */
  return g_strconcat (number, "\u00a0", C_("unit", "MB"), NULL);
}

/* “ ÷ 8 GPUs (ZeRO-3)”: what divides a component on this GPU. */
static char *
divisor_text (const TsLayout *l,
              int             min_stage)
{
  GString *text = g_string_new (NULL);

  if (l->tp > 1)
    /* Translators: part of a formula: “÷ 2 (tensor parallel)” */
    g_string_append_printf (text, _(" ÷ %u (tensor parallel)"), l->tp);
  if (l->pp > 1)
    /* Translators: part of a formula: “÷ 4 (pipeline stages)” */
    g_string_append_printf (text, _(" ÷ %u (pipeline stages)"), l->pp);
  if (min_stage >= 0 && l->zero_stage >= min_stage && l->dp > 1)
    /* Translators: part of a formula: “÷ 8 GPUs (ZeRO-3)” */
    g_string_append_printf (text, _(" ÷ %u GPUs (ZeRO-%d)"), l->dp, l->zero_stage);
  return g_string_free (text, FALSE);
}

/* “2 bytes × 70.55 B params ÷ 8 GPUs (ZeRO-3) = 17.64 GB” */
static char *
formula (double          bytes_per_param,
         double          params,
         const TsLayout *l,
         int             min_stage,
         double          result)
{
  g_autofree char *bpp = ts_format_number_auto (bytes_per_param, 3);
  g_autofree char *count = ts_format_params (params);
  g_autofree char *divisor = divisor_text (l, min_stage);
  g_autofree char *value = format_bytes (result);

  /* Translators: a formula: “2 bytes × 70.55 B params ÷ 8 GPUs (ZeRO-3) = 17.64 GB” */
  return g_strdup_printf (_("%s bytes × %s params%s = %s"), bpp, count, divisor, value);
}

static const char *
precision_name (const TsScenario *s)
{
  switch (s->precision)
    {
    case TS_PRECISION_FP16: return "FP16";
    case TS_PRECISION_FP8: return _("BF16 plus an FP8 copy");
    case TS_PRECISION_FP32: return "FP32";
    case TS_PRECISION_BF16:
    case TS_PRECISION_PURE_BF16:
    case TS_N_PRECISIONS:
    default: return "BF16";
    }
}

static char *
explain_optimizer (const TsScenario *s,
                   const TsMemory   *m,
                   double            bytes)
{
  g_autofree char *f = formula (optimizer_bytes_per_param (s), m->trainable_params, &m->layout, 1, bytes);

  switch (s->optimizer)
    {
    case TS_OPTIMIZER_ADAMW_8BIT:
      /* Translators: %s is a formula */
      return g_strdup_printf (_("8-bit AdamW keeps two 8-bit moments: %s"), f);
    case TS_OPTIMIZER_ADAFACTOR:
      return g_strdup_printf (_("Adafactor keeps factored second moments, almost nothing per parameter: %s"), f);
    case TS_OPTIMIZER_SGD:
      return g_strdup_printf (_("SGD keeps one FP32 momentum: %s"), f);
    case TS_OPTIMIZER_LION:
      return g_strdup_printf (_("Lion keeps one FP32 momentum: %s"), f);
    case TS_OPTIMIZER_ADAMW:
    case TS_N_OPTIMIZERS:
    default:
      return g_strdup_printf (_("AdamW keeps two FP32 moments: %s"), f);
    }
}

static char *
explain_activations (const TsScenario *s,
                     const TsMemory   *m)
{
  const TsActivationsDetail *d = &m->activations;
  g_autofree char *per_layer = format_bytes (d->per_layer);
  g_autofree char *layers = ts_format_number_auto (d->layers, 0);
  g_autofree char *extra = format_bytes (d->extra);
  g_autofree char *peak = format_bytes (d->recompute_peak);
  g_autofree char *total = format_bytes (m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS]);
  const char *how;

  switch (s->checkpointing)
    {
    case TS_CHECKPOINTING_FULL:
      how = _("with full recomputation only each layer’s input is kept");
      break;
    case TS_CHECKPOINTING_SELECTIVE:
      how = _("with selective recomputation the attention scores are rebuilt");
      break;
    case TS_CHECKPOINTING_NONE:
    case TS_N_CHECKPOINTING:
    default:
      how = _("without recomputation every layer keeps all its tensors");
      break;
    }

  /* Translators: “Tensors kept for the backward pass (sequence 2048,
   * micro-batch 1; with full recomputation only each layer’s input is
   * kept): 33.6 MB per layer × 80 layers + 1.61 GB embeddings and logits +
   * 690 MB recompute peak = 4.99 GB” */
  return g_strdup_printf (_("Tensors kept for the backward pass (sequence %u, micro-batch %u; %s): "
                            "%s per layer × %s layers + %s embeddings and logits + %s recompute peak = %s"),
                          s->seq_len, s->micro_batch, how, per_layer, layers, extra, peak, total);
}

static char *
explain_overhead (const TsScenario *s,
                  const TsMemory   *m)
{
  g_autofree char *context = format_bytes (m->overhead.runtime_context);
  g_autofree char *percent = ts_format_percent (s->fragmentation);
  g_autofree char *fragmentation = format_bytes (m->overhead.fragmentation);
  g_autofree char *total = format_bytes (m->per_gpu.bytes[TS_COMPONENT_OVERHEAD]);

  if (m->overhead.zero3_gather > 0)
    {
      g_autofree char *gather = format_bytes (m->overhead.zero3_gather);
      g_autofree char *largest = ts_format_params (ts_architecture_largest_layer_params (&s->model.arch)
                                                   / m->layout.tp);
      g_autofree char *bpp = ts_format_number_auto (m->overhead.zero3_gather
                                                    / (ts_architecture_largest_layer_params (&s->model.arch)
                                                       / m->layout.tp), 2);

      /* Translators: “CUDA context and communication buffers 1.5 GB +
       * allocator fragmentation 5% of the rest, 7.5 GB + ZeRO-3 gather
       * buffer 4 bytes × 1.05 B params of the largest layer, 4.2 GB = 13.2 GB” */
      return g_strdup_printf (_("CUDA context and communication buffers %s + allocator fragmentation %s of the rest, %s "
                                "+ ZeRO-3 gather buffer %s bytes × %s params of the largest layer, %s = %s"),
                              context, percent, fragmentation, bpp, largest, gather, total);
    }
  /* Translators: “CUDA context and communication buffers 1.5 GB +
   * allocator fragmentation 5% of the rest, 7.5 GB = 9 GB” */
  return g_strdup_printf (_("CUDA context and communication buffers %s + allocator fragmentation %s of the rest, %s = %s"),
                          context, percent, fragmentation, total);
}

static char *
explain_weights (const TsScenario *s,
                 const TsMemory   *m)
{
  double bytes = m->per_gpu.bytes[TS_COMPONENT_WEIGHTS];

  if (s->method == TS_METHOD_FULL)
    {
      g_autofree char *f = formula (weight_bytes_per_param (s), s->model.params, &m->layout, 3, bytes);

      /* Translators: the first %s is a precision such as “BF16”, the second a formula */
      return g_strdup_printf (_("The weights the GPU computes with, in %s: %s"), precision_name (s), f);
    }
  if (s->method == TS_METHOD_LORA)
    {
      g_autofree char *f = formula (BYTES_BF16, s->model.params, &m->layout, 3, bytes);

      return g_strdup_printf (_("The frozen base model in BF16: %s"), f);
    }
  {
    g_autofree char *f = formula (bytes / MAX (1.0, s->model.params) * m->layout.tp * m->layout.pp
                                  * (m->layout.zero_stage >= 3 ? m->layout.dp : 1),
                                  s->model.params, &m->layout, 3, bytes);

    /* Translators: %s is a formula whose bytes per parameter are an average */
    return g_strdup_printf (_("The frozen base model in 4-bit NF4 (0.5 bytes per parameter), its embeddings, "
                              "output head and norms in BF16 (2 bytes), on average: %s"), f);
  }
}

char *
ts_memory_explain (const TsScenario *s,
                   const TsMemory   *m,
                   TsComponent       component)
{
  double bytes;
  gboolean full = s->method == TS_METHOD_FULL;
  gboolean offloaded = s->offload == TS_OFFLOAD_OPTIMIZER;

  g_return_val_if_fail (component < TS_N_COMPONENTS, NULL);
  bytes = m->per_gpu.bytes[component];

  switch (component)
    {
    case TS_COMPONENT_WEIGHTS:
      return explain_weights (s, m);

    case TS_COMPONENT_GRADIENTS:
      if (!full)
        return g_strdup (_("None for the frozen base: only the adapters are trained (their gradients are under Adapters)"));
      if (offloaded)
        return g_strdup (_("None on the GPU: ZeRO-Offload moves the gradients to server RAM for the optimizer step"));
      {
        g_autofree char *f = formula (gradient_bytes_per_param (s), m->trainable_params, &m->layout, 2, bytes);

        /* Translators: %s is a formula */
        return g_strdup_printf (gradient_bytes_per_param (s) == BYTES_FP32
                                ? _("A gradient per trained parameter, in FP32: %s")
                                : _("A gradient per trained parameter, in BF16: %s"), f);
      }

    case TS_COMPONENT_MASTER_WEIGHTS:
      if (!full)
        return g_strdup (_("None for the frozen base (the adapters’ FP32 copy is under Adapters)"));
      if (master_bytes_per_param (s) == 0)
        return g_strdup (_("None: pure BF16 or FP32 training updates the weights directly"));
      if (offloaded)
        return g_strdup (_("None on the GPU: ZeRO-Offload keeps the FP32 master weights in server RAM"));
      {
        g_autofree char *f = formula (master_bytes_per_param (s), m->trainable_params, &m->layout, 1, bytes);

        /* Translators: %s is a formula */
        return g_strdup_printf (_("An FP32 copy of the weights for the optimizer step: %s"), f);
      }

    case TS_COMPONENT_OPTIMIZER_STATES:
      if (!full)
        return g_strdup (_("None for the frozen base (the adapters’ optimizer states are under Adapters)"));
      if (offloaded)
        return g_strdup (_("None on the GPU: ZeRO-Offload keeps the optimizer states in server RAM"));
      return explain_optimizer (s, m, bytes);

    case TS_COMPONENT_ACTIVATIONS:
      return explain_activations (s, m);

    case TS_COMPONENT_ADAPTERS:
      if (full)
        return g_strdup (_("None: full training has no adapters"));
      {
        g_autofree char *count = ts_format_params (m->adapter_params);
        g_autofree char *bpp = ts_format_number_auto (BYTES_BF16 + BYTES_BF16 + master_bytes_per_param (s)
                                                      + adapter_optimizer_bytes (s), 2);
        g_autofree char *value = format_bytes (bytes);

        /* Translators: “LoRA adapters of rank 16: 207.09 M params × 16 bytes
         * (BF16 weight and gradient, FP32 master, optimizer) = 3.31 GB” */
        return g_strdup_printf (_("LoRA adapters of rank %u: %s params × %s bytes "
                                  "(BF16 weight and gradient, FP32 master, optimizer) = %s"),
                                s->lora_rank, count, bpp, value);
      }

    case TS_COMPONENT_QUANTIZATION_CONSTANTS:
      if (s->method != TS_METHOD_QLORA)
        return g_strdup (_("None: only QLoRA stores quantization constants"));
      {
        g_autofree char *bits = ts_format_number_auto (s->double_quant ? QUANT_BITS_DOUBLE : QUANT_BITS_PLAIN, 3);
        g_autofree char *value = format_bytes (bytes);

        return g_strdup_printf (s->double_quant
                                /* Translators: “0.127 bits per quantized parameter … = 1.09 GB” */
                                ? _("One scale per block of 64 weights, itself quantized (double quantization): "
                                    "%s bits per quantized parameter = %s")
                                : _("One FP32 scale per block of 64 weights: %s bits per quantized parameter = %s"),
                                bits, value);
      }

    case TS_COMPONENT_OVERHEAD:
      return explain_overhead (s, m);

    case TS_N_COMPONENTS:
    default:
      return NULL;
    }
}
