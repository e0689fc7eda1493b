/* ts-step-model.c — the model's side of a step: its FLOPs and operators
 *
 * Model FLOPs per token by the PaLM/Megatron definition (6·N plus the
 * attention term), and the figures of the operator classes the step
 * time weighs (docs/sizing-model.md §8, §8.6), derived once per plan from
 * the model's architecture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-throughput"

#include "config.h"

#include "ts-options-private.h"

/* Query-key and value widths of all heads: heads × head dims (latent
 * attention: the decompressed nope + rope query-key dims and the value
 * dim, DeepSeek-AI 2024 §2.1.1). */
static void
attention_widths (const TsArchitecture *a,
                  double               *qk,
                  double               *v)
{
  if (ts_architecture_is_mla (a))
    {
      *qk = (double) a->attention_heads * (a->qk_nope_head_dim + a->qk_rope_head_dim);
      *v = (double) a->attention_heads * a->v_head_dim;
      return;
    }
  *qk = (double) a->attention_heads * a->head_dim;
  *v = *qk;
}

/* The attention core's forward FLOPs per token per layer per token of
 * context, without the causal mask: QKᵀ and PV, 2 FLOPs per
 * multiply-add. */
static double
attention_core_width (const TsArchitecture *a)
{
  double qk, v;

  attention_widths (a, &qk, &v);
  return 2.0 * (qk + v);
}

double
ts_model_flops_per_token (const TsScenario *s)
{
  const TsArchitecture *a = &s->model.arch;
  double n = s->model.active_params > 0 ? s->model.active_params : s->model.params;
  double per_param = _ts_options_flops_per_param_token (s);
  double attention = 0;

  /* PaLM (Chowdhery et al. 2022, appendix B): 6N + 12·L·H·Q·T, the
   * attention term being the forward's 2·(qk + v) widths × context,
   * three times for forward and backward; without the causal half, as
   * published MFUs count it. Adapters: forward and input gradients, the
   * per-parameter 4/6 of it. */
  if (s->model.has_architecture)
    attention = per_param / 2.0 * a->layers * (double) s->seq_len * attention_core_width (a);
  return per_param * n + attention;
}

double
_ts_options_training_flops (const TsScenario *s)
{
  return ts_model_flops_per_token (s) * ts_scenario_tokens (s);
}

/* Elements one token's forward pass reads and writes through HBM in a
 * layer's memory-bound kernels: each norm reads and writes the hidden
 * state, each residual add reads two and writes one, the rotary embedding
 * rewrites queries and keys, the activation reads its gate and up
 * projections and writes their product (a GELU MLP reads and writes
 * one). */
static double
elementwise (const TsArchitecture *a,
             double               mlp_width)
{
  double h = a->hidden_size;
  double norms = a->layer_norms > 0 ? a->layer_norms : 2;
  double qk, v;
  double activation = ts_architecture_mlp_matrices (a) == 3 ? 3.0 : 2.0;

  attention_widths (a, &qk, &v);
  return norms * 2.0 * h + 2.0 * 3.0 * h
         + 2.0 * (qk + (double) a->kv_heads * a->head_dim)
         + activation * mlp_width;
}

/* Permutation (sorting each token's top-k copies by expert and back,
 * Megatron-Core's token dispatcher): a read and a write of every copy
 * each way, the combine reading k copies to write one sum; the router's
 * scores, FP32, written, soft-maxed and read by top-k. */
static double
permutation (const TsArchitecture *a)
{
  double h = a->hidden_size;
  double k = MAX (1u, a->active_experts);

  return 2.0 * k * h + (k + 1.0) * h + 3.0 * 2.0 * a->experts;
}

/* A rank that holds more than one expert receives its tokens grouped by
 * sending rank and sorts them by local expert before the grouped GEMM,
 * and back before the combine: Megatron-Core's alltoall dispatcher
 * (sort_chunks_by_idxs () when dropless, a transposed copy when it drops
 * and pads; dispatch_postprocess () and combine_preprocess (), 0.15),
 * each a read and a write of every top-k copy. */
static double
local_sort (const TsArchitecture *a)
{
  return 2.0 * 2.0 * MAX (1u, a->active_experts) * (double) a->hidden_size;
}

/* FP8 training casts every linear layer's input to FP8 before its GEMM,
 * and a transposed copy for the weight-gradient GEMM (Transformer
 * Engine's Float8 tensors; Micikevicius et al. 2022 §4): the BF16 input
 * read, two FP8 copies written — 4 bytes, two 16-bit elements, per
 * element of the GEMM's input width; the backward pass casts the output
 * gradients alike (ELEMENTWISE_BACKWARD). Width here: the inputs of a
 * layer's GEMMs per token. */
#define FP8_CAST_ELEMENTS 2.0

static double
attention_gemm_inputs (const TsArchitecture *a)
{
  double qk, v;

  attention_widths (a, &qk, &v);
  /* QKV reads the hidden state, the output projection the heads' values */
  return (double) a->hidden_size + v;
}

/* The host's kernels of one MoE layer's forward pass, apart from the
 * routed experts (docs/sizing-model.md §8.8), counted on Megatron-Core's
 * dropless all-to-all path with Transformer Engine: the attention block
 * (norm, QKV GEMM, rotary embedding, attention, output GEMM, residual:
 * 8), the router (GEMM, score function, top-k, the auxiliary loss's
 * terms: 10), the dispatcher (token counts per expert, the splits, their
 * device-to-host copies and the synchronisation, permutation, all-to-all,
 * the sort of the chunks by local expert, and the same back: 16), the
 * activation, the residual and the pre-MLP norm (4); FP8 adds a cast to
 * the attention block's two GEMMs and the router's. */
#define MOE_LAYER_OPS       38.0
#define MOE_LAYER_OPS_FP8    3.0
/* Per local expert: Transformer Engine's GroupedLinear launches one GEMM
 * per expert (“multiple local GEMM kernels in multiple streams”,
 * Megatron-Core's MoE README, --moe-grouped-gemm), two per expert
 * forward (fc1, fc2), each with its input's cast in FP8. */
#define EXPERT_OPS          2.0
#define EXPERT_OPS_FP8      2.0

/* Adam with mixed precision: the FP32 master weight, both moments and the
 * gradient read, the three FP32 states and the 16-bit weight written
 * (Rajbhandari et al. 2020 §3.1's 16 bytes of states per parameter). */
static double
optimizer_bytes (double gradient_bytes)
{
  return 3.0 * 4.0 + gradient_bytes + 3.0 * 4.0 + GRADIENT_BYTES_16BIT;
}

void
ts_step_input_set_model (TsStepInput      *in,
                         const TsScenario *s)
{
  const TsArchitecture *a = &s->model.arch;
  double routed_width;
  double shared_width;
  double expert;

  in->optimizer_bytes = optimizer_bytes (in->gradient_bytes);
  in->load_imbalance = TS_EXPERT_LOAD_IMBALANCE;
  in->frozen_weights = s->method != TS_METHOD_FULL;
  if (!s->model.has_architecture)
    return;

  expert = ts_architecture_mlp_matrices (a) * (double) a->hidden_size * a->expert_ffn_size;
  in->attention_params = ts_architecture_attention_params (a);
  in->dense_mlp_params = ts_architecture_dense_mlp_params (a);
  in->experts = a->experts;
  in->expert_params = a->experts > 0 ? expert : 0;
  /* shared experts and router: the MoE layer less its routed experts */
  in->moe_dense_params = a->experts > 0
                         ? MAX (0.0, ts_architecture_moe_mlp_params (a, TRUE) - a->active_experts * expert) : 0;
  in->head_params = (double) a->vocab_size * a->hidden_size;
  in->attention_width = attention_core_width (a);
  in->kv_width = (double) a->kv_heads * a->head_dim;
  in->dense_elementwise = elementwise (a, a->ffn_size);
  shared_width = a->shared_expert_ffn_size > 0 ? a->shared_expert_ffn_size
                 : (double) a->shared_experts * a->expert_ffn_size;
  routed_width = (double) a->active_experts * a->expert_ffn_size;
  in->moe_elementwise = a->experts > 0 ? elementwise (a, routed_width + shared_width) + permutation (a) : 0;
  in->local_sort_elements = a->experts > 0 ? local_sort (a) : 0;
  if (s->precision == TS_PRECISION_FP8)
    {
      double attention_inputs = attention_gemm_inputs (a);
      double k = MAX (1u, a->active_experts);

      /* the linear layers' GEMMs read FP8 (Transformer Engine's Float8
       * tensors, one byte an element) */
      in->gemm_operand_bytes = 1;
      in->dense_elementwise += FP8_CAST_ELEMENTS * (attention_inputs + a->hidden_size + a->ffn_size);
      if (a->experts > 0)
        in->moe_elementwise += FP8_CAST_ELEMENTS * (attention_inputs + (shared_width > 0 ? a->hidden_size + shared_width : 0)
                                                    + k * (a->hidden_size + a->expert_ffn_size));
    }
  if (a->experts > 0)
    {
      gboolean fp8 = s->precision == TS_PRECISION_FP8;

      in->moe_layer_ops = MOE_LAYER_OPS + (fp8 ? MOE_LAYER_OPS_FP8 : 0);
      in->expert_ops = EXPERT_OPS + (fp8 ? EXPERT_OPS_FP8 : 0);
      in->host_op_seconds = TS_HOST_OP_SECONDS;
    }
  /* frozen experts (LoRA) have no gradient to reduce */
  in->expert_sync_params = s->method == TS_METHOD_FULL && a->experts > 0
                           ? (double) (a->layers > a->dense_layers ? a->layers - a->dense_layers : 0) * a->experts * expert : 0;
}
