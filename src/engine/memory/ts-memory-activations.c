/* ts-memory-activations.c — the tensors kept for the backward pass
 *
 * One layer's activations tensor by tensor (Korthikanti et al. 2022),
 * what recomputation keeps of them, the pipeline's micro-batches in
 * flight and the embeddings and logits outside the layers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-memory-private.h"

/* Activations (Korthikanti et al. 2022, §4; docs/sizing-model.md §4): 16-bit
 * tensors, 1-byte dropout masks. FlashAttention keeps, besides its output,
 * the FP32 log-sum-exp of every row of every head (4 bytes × a·s·b). The
 * loss keeps the logits and its FP32 copy of them, bytes per element of
 * s·b·V as the framework sets them (TsFrameworkMemory; the Hugging Face
 * stack: 2 + 4). A MoE router keeps its FP32 probabilities, s·b·E × 4
 * bytes. */
#define DROPOUT_MASK_BYTES    1.0
#define FLASH_STATS_BYTES     BYTES_FP32
#define ROUTER_PROBS_BYTES    BYTES_FP32

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
  double e = ts_memory_compute_bytes (s);
  /* what a GEMM keeps of its input: the FP8 copy it multiplied where
   * the framework keeps that one (Transformer Engine), else the tensor */
  double g = s->framework_memory.fp8_gemm_inputs && s->precision == TS_PRECISION_FP8 ? BYTES_FP8 : e;
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
  replicated += g * sb * h;                      /* QKV input */
  split += e * sb * (q_width + k_width + v_width);  /* Q, K, V */
  split += e * sb * o_width;                     /* output-projection input */
  if (g < e)
    split += g * sb * o_width;                   /* and its FP8 copy: FlashAttention keeps its 16-bit output */
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
  /* first matrices' input; in a MoE layer the router's, a 16-bit GEMM
   * (Megatron-Core's router multiplies outside Transformer Engine) */
  replicated += (moe_layer ? e : g) * sb * h;
  replicated += mask * sb * h;                   /* dropout mask */
  {
    double width = a->ffn_size;
    /* 16-bit tensors of the width besides the second matrix's input.
     * GELU: its input; GLU: gate and up outputs and the activation's
     * output, or the gate and up outputs alone where the activation is
     * fused and keeps only its input (Megatron-LM). */
    double tensors = a->mlp == TS_MLP_GELU ? 1 : s->framework_memory.fused_glu ? 2 : 3;

    if (moe_layer)
      {
        double routed = a->active_experts;

        width = (routed + a->shared_experts) * a->expert_ffn_size;
        split += g * sb * h * routed;            /* tokens dispatched to the experts */
        replicated += ROUTER_PROBS_BYTES * sb * a->experts;  /* router probabilities */
      }
    split += (tensors * e + g) * sb * width;     /* … and the second matrix's input */
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
  double e = ts_memory_compute_bytes (s);

  if (s->flash_attention)
    return 0;
  return (e + (a->dropout ? DROPOUT_MASK_BYTES + e : 0)) * scores / l->tp;
}

/* Micro-batches per optimizer step on each data-parallel rank (the
 * step model's m, sizing-model §8.1). */
static double
step_micro_batches (const TsScenario *s,
                    const TsLayout   *l)
{
  guint per_step = MAX (1u, s->micro_batch) * MAX (1u, l->dp);
  guint batch = ts_scenario_global_batch (s);

  return MAX (1u, (batch + per_step - 1) / per_step);
}

/* Outside the layers: the embedding output, the final norm's input and
 * the output head's input (16-bit each), the logits with their FP32 copy
 * for the loss, split over the vocabulary by tensor parallelism. */
static double
extra_activations (const TsScenario     *s,
                   const TsArchitecture *a,
                   const TsLayout       *l,
                   TsActivationsDetail  *d,
                   double               *job)
{
  double sb = (double) s->seq_len * s->micro_batch;
  double h = a->hidden_size;
  double e = ts_memory_compute_bytes (s);
  double t = l->tp;
  double seq_split = s->sequence_parallel ? t : 1;
  double embedding = (e + (a->dropout ? DROPOUT_MASK_BYTES : 0)) * sb * h / seq_split;
  const TsFrameworkMemory *fw = &s->framework_memory;
  /* what the loss saves for backward at the end of the forward pass: an
   * eager chunked loss saves every chunk's FP32 log-softmax, so chunking
   * does not divide it (docs/frameworks.md §3) */
  double logits_bytes = fw->logits_kept_bytes + fw->loss_copy_bytes;
  /* the first stage's micro-batches in flight, at most the step's */
  double first = MIN ((double) l->pp, step_micro_batches (s, l));
  double head;

  d->head_inputs = 2 * e * sb * h / seq_split;
  d->logit_elements = sb * a->vocab_size / t;
  d->embedding = l->pp <= 1 ? embedding : embedding * first;
  head = d->head_inputs + logits_bytes * d->logit_elements;
  if (l->pp <= 1)
    {
      *job = embedding + head;
      return embedding + head;
    }
  /* With a pipeline the first stage keeps the embeddings of its pp
   * micro-batches in flight (no more than the step's m), the last stage
   * the output head of one: the busiest GPU holds the larger, the job's
   * column both. */
  *job = embedding * first + head;
  return MAX (embedding * first, head);
}

/* Chunk forwards stage i (from 0) holds at once in Megatron-LM's
 * schedules (core/pipeline_parallel/schedules.py,
 * get_pp_rank_microbatches ()): its warm-up forwards — pp − i − 1 for
 * 1F1B, 2(pp − i − 1) + (v − 1)·pp interleaved (the micro-batch group per
 * chunk being pp, its default) — and one more in the steady state before
 * the first backward frees one; but never more than the step has, m
 * micro-batches of v chunks each ("if num_warmup_microbatches >=
 * total_num_microbatches", all of them are warm-up). */
static double
stage_chunks_in_flight (const TsLayout *l,
                        guint           stage,
                        double          m)
{
  double v = MAX (1u, l->virtual_stages);
  double warmup = v <= 1 ? (double) l->pp - stage - 1
                         : 2.0 * (l->pp - stage - 1) + (v - 1) * l->pp;

  return MIN (warmup + 1, m * v);
}

/* Layers' worth of one stage's activations the first pipeline stage
 * holds at once. 1F1B: pp micro-batches of its ⌈L/pp⌉ layers, L layers'
 * worth whatever the degree (Narayanan et al. 2021, §2.2.1; Korthikanti
 * et al. 2022, §4.2.3). Interleaved 1F1B with v chunks per GPU:
 * Megatron-LM's schedule runs 2(pp − 1) + (v − 1)·pp warm-up forwards on
 * the first stage, and one more in the steady state, before the first
 * backward frees one: v·pp + pp − 1 chunk forwards of ⌈L/pp⌉/v layers
 * each, ⌈L/pp⌉ · pp · (1 + (pp − 1)/(pp·v)) layers — Korthikanti's
 * factor (1 + (p − 1)/(p·m)) for m interleaved stages (Narayanan et al.
 * 2021, §2.2.2). Either is capped by the step's m micro-batches
 * (stage_chunks_in_flight ()). */
static double
layers_in_flight (const TsScenario *s,
                  const TsLayout   *l,
                  double            stage_layers)
{
  double v = MAX (1u, l->virtual_stages);
  double m = step_micro_batches (s, l);

  if (l->pp <= 1)
    return stage_layers;
  if (v <= 1)
    return stage_layers * MIN (stage_chunks_in_flight (l, 0, m), s->model.arch.layers);
  return stage_layers / v * stage_chunks_in_flight (l, 0, m);
}

/* The layers' worth the job's stages hold together, summed over the
 * stages of one tensor and data-parallel rank: stage i holds
 * stage_chunks_in_flight () chunk forwards, each of ⌈L/pp⌉/v layers —
 * the first stage's count is layers_in_flight ()'s. */
static double
job_layers_in_flight (const TsScenario *s,
                      const TsLayout   *l,
                      double            stage_layers)
{
  double v = MAX (1u, l->virtual_stages);
  double m = step_micro_batches (s, l);
  double sum = 0;

  if (l->pp <= 1)
    return stage_layers;
  for (guint i = 0; i < l->pp; i++)
    {
      if (v <= 1)
        sum += stage_layers * MIN (stage_chunks_in_flight (l, i, m), s->model.arch.layers);
      else
        sum += stage_layers / v * stage_chunks_in_flight (l, i, m);
    }
  return sum;
}

guint
ts_layout_stage_layers (const TsScenario *s,
                        const TsLayout   *l)
{
  guint layers = s->model.arch.layers;

  return (layers + MAX (1u, l->pp) - 1) / MAX (1u, l->pp);
}

/* Context parallelism (docs/sizing-model.md §8.9): each of the cp ranks
 * holds the tensors of 1/cp of every sequence's tokens — the linear ones
 * and the logits by their tokens, the attention scores by their queries
 * (s/cp of them against all s keys) — so every figure is 1/cp of the
 * whole sequence's. */
static void
context_split (const TsLayout      *l,
               TsActivationsDetail *d,
               double              *job_extra)
{
  double cp = MAX (1u, l->cp);

  d->full_layer /= cp;
  d->input_layer /= cp;
  d->per_layer /= cp;
  d->recompute_peak /= cp;
  d->extra /= cp;
  /* the parts of extra the step's timeline reads, by their tokens too */
  d->embedding /= cp;
  d->head_inputs /= cp;
  d->logit_elements /= cp;
  *job_extra /= cp;
}

void
ts_memory_compute_activations (const TsScenario *s,
                               const TsLayout   *l,
                               TsMemory         *m)
{
  const TsArchitecture *a = &s->model.arch;
  TsActivationsDetail *d = &m->activations;
  double dense_n = ts_memory_dense_layers (a);
  double moe_n = ts_memory_moe_layers (a);
  double stage_layers;
  double recomputed;
  double layer_peak;
  double job_extra = 0;

  memset (d, 0, sizeof *d);
  d->checkpointing = s->checkpointing;
  if (!s->model.has_architecture || a->layers == 0)
    return;

  stage_layers = ts_layout_stage_layers (s, l);
  d->stage_layers = (guint) stage_layers;
  d->layers = layers_in_flight (s, l, stage_layers);

  d->full_layer = (dense_n * layer_activations (s, a, l, FALSE, FALSE)
                   + moe_n * layer_activations (s, a, l, TRUE, FALSE)) / a->layers;
  /* A recomputed layer keeps only its input (2sbh, split along the
   * sequence with sequence parallelism). */
  d->input_layer = ts_memory_compute_bytes (s) * s->seq_len * (double) s->micro_batch * a->hidden_size
                   / (s->sequence_parallel ? l->tp : 1);
  layer_peak = MAX (dense_n > 0 ? layer_activations (s, a, l, FALSE, FALSE) : 0,
                    moe_n > 0 ? layer_activations (s, a, l, TRUE, FALSE) : 0);

  switch (s->checkpointing)
    {
    case TS_CHECKPOINTING_FULL:
      /* Block recomputation (Megatron-LM's --recompute-method block): k
       * of the stage's layers keep only their input, the others all
       * their tensors, in every micro-batch in flight; k = ⌈L/pp⌉ is
       * full recomputation, k = 0 none. The backward pass rebuilds one
       * recomputed layer at a time. */
      recomputed = MIN ((double) l->recompute_layers, stage_layers);
      d->per_layer = (recomputed * d->input_layer + (stage_layers - recomputed) * d->full_layer) / stage_layers;
      d->recompute_peak = recomputed > 0 ? layer_peak : 0;
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
      d->per_layer = d->full_layer;
      break;
    }

  d->extra = extra_activations (s, a, l, d, &job_extra);
  context_split (l, d, &job_extra);
  d->held = d->per_layer * d->layers + d->extra + d->recompute_peak;
  m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS] = d->held;
  /* The whole job: every stage of a column holds its own, each rebuilds
   * one layer at a time; every tensor and data-parallel rank the same. */
  d->job_column = d->per_layer * job_layers_in_flight (s, l, stage_layers) + job_extra
                  + d->recompute_peak * l->pp;
  m->total.bytes[TS_COMPONENT_ACTIVATIONS] = d->job_column * l->tp * l->dp * MAX (1u, l->cp);
}
