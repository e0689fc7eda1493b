/* ts-throughput.c — the time of one optimizer step of a layout
 *
 * One GPU's step is its share of the step's FLOPs at the kernels'
 * efficiency, plus the pipeline's fill and drain, plus the communication
 * the computation does not hide (docs/sizing-model.md §8.1). Every term is a
 * closed formula of the layout, the model's shape and the catalog's
 * bandwidths, so a plan weighs hundreds of layouts in well under a
 * millisecond.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-throughput"

#include "config.h"

#include <math.h>

#include "ts-json.h"
#include "ts-options.h"

/* Megatron-LM's tensor parallelism runs two all-reduces of a layer's
 * input in the forward pass (after attention and after the MLP) and two
 * in the backward pass (Shoeybi et al. 2019, §3; with sequence
 * parallelism each becomes an all-gather plus a reduce-scatter of the
 * same volume, Korthikanti et al. 2022, §4.2.2); full recomputation runs
 * the forward pair again, block recomputation in the layers it recomputes
 * (docs/sizing-model.md §8.1). */
#define TP_COLLECTIVES_PER_LAYER       4.0
#define TP_COLLECTIVES_RECOMPUTE       2.0
/* A MoE layer's dispatch and combine all-to-alls, forward and backward
 * (Lepikhin et al. 2020, GShard §2.3), again with recomputation. */
#define EP_ALL_TO_ALLS_PER_LAYER       4.0
#define EP_ALL_TO_ALLS_RECOMPUTE       2.0
/* The backward pass is two thirds of a layer's FLOPs (2 of 6 per
 * parameter and token forward, 4 backward: Kaplan et al. 2020, §2.1). */
#define BACKWARD_SHARE                 (2.0 / 3.0)

/* Bytes a ring collective moves through each of n members' links, per
 * byte of the buffer: all-reduce 2(n−1)/n, all-gather or reduce-scatter
 * (n−1)/n (Thakur et al. 2005; NCCL's bus bandwidth). */
static double
ring_share (guint n)
{
  return n > 1 ? (double) (n - 1) / n : 0;
}

static double
transfer_seconds (double bytes,
                  double bytes_per_second)
{
  if (bytes <= 0)
    return 0;
  return bytes_per_second > 0 ? bytes / bytes_per_second : INFINITY;
}

/* The FLOPs view: the step's model FLOPs at the large-GEMM efficiency,
 * more by recomputation. The compute of a model known only by its
 * parameter count, and the yardstick of the operator factor. */
static double
flops_seconds (const TsStepInput *in)
{
  double rate = (double) in->gpus * in->peak_flops * in->kernel_efficiency * in->recompute_factor;

  return rate > 0 ? in->model_flops / rate : INFINITY;
}

static gboolean
has_operators (const TsStepInput *in)
{
  return in->attention_params > 0 || in->dense_mlp_params > 0 || in->expert_params > 0;
}

static double
context_ranks (const TsStepInput *in)
{
  return MAX (1u, in->cp);
}

/* The rates every operator of one step is timed at, their reciprocals
 * taken once: the planner times thousands of layouts per plan. */
typedef struct
{
  double per_flop;        /* seconds per FLOP at the large-GEMM efficiency */
  double per_attention;   /* the same at the attention core's peak */
  double per_element;     /* seconds per element through HBM, memory-bound */
  double per_operand;     /* the same for a GEMM's input or weight element */
  double per_hidden;      /* 1 / hidden */
} Rates;

static void
rates_init (const TsStepInput *in,
            Rates             *r)
{
  double attention_peak = in->attention_peak_flops > 0 ? in->attention_peak_flops : in->peak_flops;

  r->per_flop = 1.0 / (in->peak_flops * in->kernel_efficiency);
  r->per_attention = 1.0 / (attention_peak * in->kernel_efficiency);
  r->per_element = in->hbm_bytes_s > 0 ? in->activation_bytes / (in->hbm_bytes_s * TS_MEMORY_BOUND_EFFICIENCY) : 0;
  r->per_operand = in->gemm_operand_bytes > 0 && in->activation_bytes > 0
                   ? r->per_element * in->gemm_operand_bytes / in->activation_bytes : r->per_element;
  r->per_hidden = in->hidden_size > 0 ? 1.0 / in->hidden_size : 0;
}

/* A GEMM of m tokens through p parameters (k = hidden, n = p/hidden, or
 * the transpose) on the roofline (Williams et al. 2009): its FLOPs at
 * the large-GEMM efficiency, or its operands and result through HBM,
 * whichever is longer. Small GEMMs — few tokens per expert, thin
 * tensor-parallel slices — are bound by their weights' bytes. An FP8
 * GEMM reads FP8 operands (its input's cast is element-wise work of
 * its own) and writes a 16-bit result. */
static inline double
gemm_seconds (const Rates *r,
              double       m,
              double       p,
              double       hidden)
{
  double compute = 2.0 * m * p * r->per_flop;
  double memory = (m * hidden + p) * r->per_operand + m * p * r->per_hidden * r->per_element;

  /* no parameters, no GEMM (a model without an output head of its own) */
  return p > 0 ? MAX (compute, memory) : 0;
}

/* The backward pass of a GEMM is two GEMMs of its size (input and weight
 * gradients; one for frozen weights, LoRA's base); FlashAttention's backward does 2.5 times the forward's
 * FLOPs (five matrix products to two, Dao 2023 §3.1); element-wise work
 * reads and writes about twice the forward's bytes backward. */
#define GEMM_BACKWARD          2.0
#define ATTENTION_BACKWARD     2.5
#define ELEMENTWISE_BACKWARD   2.0
/* The causal mask leaves half of the score matrix to compute
 * (FlashAttention skips the masked blocks, Dao 2023 §3.1). */
#define CAUSAL_SHARE           0.5

typedef struct
{
  double gemm;
  double attention;
  double experts;
  double memory;
  double attention_block;   /* one layer's attention projections and core */
} Forward;

/* One micro-batch's forward pass through one GPU's pipeline stage, per
 * operator class. */
static void
stage_forward (const TsStepInput *in,
               const Rates       *r,
               Forward           *f)
{
  double t = MAX (1u, in->tp);
  double per_t = 1.0 / t;
  double per_pp = 1.0 / MAX (1u, in->pp);
  double h = in->hidden_size;
  /* context parallelism gives each rank 1/cp of every sequence's tokens
   * (two chunks of 1/(2·cp), one early and one late, so the causal work
   * is even: Megatron-Core / Transformer Engine) */
  double tokens = (double) in->micro_batch * in->seq_len / context_ranks (in);
  /* without sequence parallelism every tensor-parallel rank runs the
   * norms and element-wise work on every token */
  double ew_tokens = in->sequence_parallel ? tokens * per_t : tokens;
  double moe = in->moe_layers * per_pp;
  double dense = ((double) in->layers - in->moe_layers) * per_pp;
  double layers = dense + moe;
  /* the output head stays a 16-bit GEMM in FP8 training: Megatron-LM's
   * output layer is no Transformer Engine module, and torchtitan's
   * Float8 conversion leaves "output" out */
  Rates head = *r;

  head.per_flop = r->per_attention;
  head.per_operand = r->per_element;
  f->gemm = layers * gemm_seconds (r, tokens, in->attention_params * per_t, h)
            /* the head runs on the last stage; spread over the stages as
             * a balanced split gives the end stages fewer layers */
            + gemm_seconds (&head, tokens, in->head_params * per_t, h) * per_pp;
  if (dense > 0 && in->dense_mlp_params > 0)
    f->gemm += dense * gemm_seconds (r, tokens, in->dense_mlp_params * per_t, h);
  f->experts = 0;
  if (moe > 0 && in->experts > 0)
    {
      double ep = MAX (1u, in->ep);
      /* every rank of the expert-parallel group sends its tokens' top-k
       * choices; the local experts share them, the busiest one more */
      double expert_tokens = tokens * MAX (1u, in->active_experts) * ep / in->experts;

      if (in->moe_dense_params > 0)
        f->gemm += moe * gemm_seconds (r, tokens, in->moe_dense_params * per_t, h);
      f->experts = moe * (in->experts / ep) * MAX (1.0, in->load_imbalance)
                   * gemm_seconds (r, expert_tokens, in->expert_params * per_t, h);
    }
  /* FlashAttention: QKᵀ and PV, 2 FLOPs per multiply-add, over the
   * sequence, the causal half */
  f->attention = layers * 2.0 * tokens * in->seq_len * in->attention_width * per_t * CAUSAL_SHARE * r->per_attention;
  f->attention_block = layers > 0 ? gemm_seconds (r, tokens, in->attention_params * per_t, h) + f->attention / layers : 0;
  f->memory = ew_tokens * (dense * in->dense_elementwise + moe * in->moe_elementwise) * r->per_element;
  /* the sort by local expert sees every copy a rank's experts compute:
   * the micro-batch's tokens × top-k, whatever tp and ep */
  if (moe > 0 && in->experts > MAX (1u, in->ep))
    f->memory += moe * tokens * in->local_sort_elements * r->per_element;
}

static double
memory_seconds (const TsStepInput *in,
                double             bytes)
{
  if (bytes <= 0 || in->hbm_bytes_s <= 0)
    return 0;
  return bytes / (in->hbm_bytes_s * TS_MEMORY_BOUND_EFFICIENCY);
}

/* The optimizer step reads and writes every local trainable parameter's
 * states once per step; ZeRO-1 and above shard them over data
 * parallelism (experts over dp / ep). */
static double
optimizer_seconds (const TsStepInput *in)
{
  double split = (double) MAX (1u, in->tp) * MAX (1u, in->pp);
  double dense = MAX (0.0, in->sync_params - in->expert_sync_params) / split;
  double experts = in->expert_sync_params / (split * MAX (1u, in->ep));

  if (in->zero_stage >= 1)
    {
      double group = (double) MAX (1u, in->dp) * context_ranks (in);

      dense /= group;
      experts /= MAX (1.0, group / MAX (1u, in->ep));
    }
  return memory_seconds (in, (dense + experts) * in->optimizer_bytes);
}

/* One GPU's busy time of the step, by operator class: forward, backward,
 * and the forward again where recomputation runs it (the attention core
 * alone with selective recomputation). */
static void
compute_seconds (const TsStepInput *in,
                 TsStep            *step)
{
  double m = MAX (1u, in->micro_batches);
  double again = in->full_recompute ? 1.0 : CLAMP (in->recompute_share, 0.0, 1.0);
  double again_attention = in->selective_recompute && again == 0 ? 1.0 : again;
  double backward;
  Rates r;
  Forward f;

  step->flops_compute = flops_seconds (in);
  if (!has_operators (in))
    {
      step->compute = step->flops_compute;
      step->attention_block = 0;
      step->gemm = step->compute;
      step->attention = step->experts = step->memory_bound = 0;
      step->operator_factor = 1.0;
      /* 2 of the 6 FLOPs per parameter and token; none for a frozen base */
      step->weight_gradients = in->frozen_weights ? 0 : step->flops_compute * in->recompute_factor / 3.0;
      return;
    }
  if (in->cache != NULL && in->cache->valid && in->cache->tp == in->tp && in->cache->pp == in->pp
      && in->cache->ep == in->ep && in->cache->micro_batch == in->micro_batch
      && in->cache->sequence_parallel == in->sequence_parallel && in->cache->cp == in->cp)
    {
      f.gemm = in->cache->gemm;
      f.attention = in->cache->attention;
      f.experts = in->cache->experts;
      f.memory = in->cache->memory;
      f.attention_block = in->cache->attention_block;
    }
  else
    {
      rates_init (in, &r);
      stage_forward (in, &r, &f);
      if (in->cache != NULL)
        *in->cache = (TsStepCache) { TRUE, in->tp, in->pp, in->ep, in->micro_batch, in->sequence_parallel,
                                     f.gemm, f.attention, f.experts, f.memory, in->cp,
                                     f.attention_block };
    }
  backward = in->frozen_weights ? GEMM_BACKWARD / 2 : GEMM_BACKWARD;
  step->gemm = m * f.gemm * (1.0 + backward + again);
  step->attention = m * f.attention * (1.0 + ATTENTION_BACKWARD + again_attention);
  step->experts = m * f.experts * (1.0 + backward + again);
  step->memory_bound = m * f.memory * (1.0 + ELEMENTWISE_BACKWARD + again) + optimizer_seconds (in);
  step->compute = step->gemm + step->attention + step->experts + step->memory_bound;
  /* one of the backward's two GEMMs of each forward one */
  step->weight_gradients = in->frozen_weights ? 0 : m * (f.gemm + f.experts);
  step->attention_block = f.attention_block;
  step->operator_factor = step->compute > 0 ? step->flops_compute / step->compute : 0;
}

/* One layer's input for one micro-batch, in bytes: what tensor
 * parallelism reduces and pipeline stages pass on. */
static double
layer_input_bytes (const TsStepInput *in)
{
  return (double) in->micro_batch * in->seq_len * in->hidden_size * in->activation_bytes / context_ranks (in);
}

/* The share of the layers whose forward pass, collectives included, runs
 * again in the backward pass. */
static double
recomputed_share (const TsStepInput *in)
{
  if (in->full_recompute)
    return 1.0;
  return CLAMP (in->recompute_share, 0.0, 1.0);
}

static double
tp_seconds (const TsStepInput *in)
{
  double collectives = TP_COLLECTIVES_PER_LAYER + TP_COLLECTIVES_RECOMPUTE * recomputed_share (in);
  double layers = (double) in->layers / in->pp;

  if (in->tp <= 1)
    return 0;
  /* inside the NVLink/HCCS domain: the planner never spans servers */
  return transfer_seconds (in->micro_batches * layers * collectives * 2.0 * ring_share (in->tp)
                           * layer_input_bytes (in), in->intra_bytes_s);
}

/* Ranks are ordered tensor, then data, then pipeline (Megatron-LM's
 * default): a data-parallel group spans tp × dp consecutive GPUs, and
 * consecutive stages are tp × dp GPUs apart. */
static gboolean
crosses_servers (const TsStepInput *in,
                 guint64            span)
{
  return in->gpus > in->gpus_per_server && span > in->gpus_per_server;
}

static double
link_bytes_s (const TsStepInput *in,
              gboolean           crosses)
{
  return crosses ? in->inter_bytes_s : in->intra_bytes_s;
}

/* Activations forward and their gradients backward at every stage
 * boundary, once per micro-batch and virtual stage, split over the
 * tensor-parallel ranks (Narayanan et al. 2021, §4.1, scatter/gather). */
static double
pp_bytes (const TsStepInput *in)
{
  if (in->pp <= 1)
    return 0;
  return (double) in->micro_batches * MAX (1u, in->virtual_stages) * 2.0 * layer_input_bytes (in) / in->tp;
}

/* ZeRO-0 to 2: one reduce of the gradients per step (the reduce-scatter
 * and all-gather of ZeRO-1/2 move what one all-reduce moves:
 * Rajbhandari et al. 2020, §7). ZeRO-3: every micro-batch gathers the
 * weights twice (forward, backward) and reduce-scatters the gradients.
 * The routed experts' gradients are reduced only among the ranks that
 * hold the same experts: each GPU holds 1/ep of them and their
 * data-parallel group is dp / ep (Megatron-Core's expert data
 * parallelism; the memory model shards them the same way, §3). */
static double
dp_group_bytes (const TsStepInput *in,
                double             shard,
                double             group)
{
  double share = group > 1 ? (group - 1) / group : 0;

  if (share <= 0 || shard <= 0)
    return 0;
  if (in->zero_stage >= 3)
    return in->micro_batches * share * shard * (2.0 * in->weight_bytes + in->gradient_bytes);
  return 2.0 * share * shard * in->gradient_bytes;
}

/* The data-parallel reduction in two rings: the dense weights' group
 * (dp × cp ranks, tp apart: ranks are ordered tensor, context, data,
 * pipeline) and the routed experts' (dp × cp / ep ranks, tp × ep apart). */
typedef struct
{
  double dense_bytes, expert_bytes;
  double dense_rate, expert_rate;   /* bytes per second of each ring */
  double nic_bytes;                 /* through each GPU's NIC */
} DpRings;

/* A ring collective that leaves the server runs over every NIC its
 * group has there: NCCL builds one ring per NIC (rail), so with g
 * members of the group in a server each NIC carries 1/g of the ring's
 * traffic, and the ring moves g NICs' worth, no more than the scale-up
 * link it also crosses. NCCL's maintainers give a multi-server
 * all-reduce's bus bandwidth as the sum of a server's NICs: "24 GB/s
 * per 200G NIC" (nccl-tests issue #119), "46-48 GB/s per NIC" at 400
 * Gb/s (issue #290) (docs/sizing-model.md §8.1). */
static double
ring_members_per_server (const TsStepInput *in,
                         guint64            stride,
                         guint64            size)
{
  stride = MAX (1u, stride);
  if (stride >= in->gpus_per_server)
    return 1;
  return (double) MIN (in->gpus_per_server / stride, MAX (1u, size));
}

/* A ring of g members per server that leaves the server. */
static double
ring_bytes_s (const TsStepInput *in,
              double             g)
{
  return g > 1 ? MIN (in->intra_bytes_s, g * in->inter_bytes_s) : in->inter_bytes_s;
}

static void
dp_rings (const TsStepInput *in,
          gboolean           crosses,
          DpRings           *r)
{
  double split = (double) MAX (1u, in->tp) * MAX (1u, in->pp);
  guint64 tp = MAX (1u, in->tp);
  guint64 ep = MAX (1u, in->ep);
  double experts = CLAMP (in->expert_sync_params, 0.0, in->sync_params);
  /* context-parallel ranks hold the same weights: their gradients are
   * reduced with the data-parallel ones (Megatron-Core's data-parallel
   * group with context parallelism) */
  guint64 group = (guint64) MAX (1u, in->dp) * (guint64) context_ranks (in);
  double g_dense, g_experts;

  r->dense_bytes = group > 1 ? dp_group_bytes (in, (in->sync_params - experts) / split, group) : 0;
  r->expert_bytes = group > 1 ? dp_group_bytes (in, experts / (split * ep), (double) group / ep) : 0;
  if (!crosses)
    {
      r->dense_rate = r->expert_rate = in->intra_bytes_s;
      r->nic_bytes = 0;
      return;
    }
  g_dense = ring_members_per_server (in, tp, group);
  g_experts = ring_members_per_server (in, tp * ep, group / ep);
  r->dense_rate = ring_bytes_s (in, g_dense);
  r->expert_rate = ring_bytes_s (in, g_experts);
  r->nic_bytes = r->dense_bytes / g_dense + r->expert_bytes / g_experts;
}

/* What the computation hides: the gradient buckets of ZeRO-0–2 are
 * reduced while the last micro-batch runs backward (PyTorch DDP, Li et
 * al. 2020; Megatron-LM's overlapped grad reduce); ZeRO-3 prefetches
 * the next layer's weights during the whole step. */
static double
dp_window (const TsStepInput *in,
           double             compute)
{
  if (in->zero_stage >= 3)
    return compute;
  return compute * BACKWARD_SHARE / MAX (1u, in->micro_batches);
}

/* What hides the expert all-to-alls: the computation of another
 * micro-batch. DeepSeek-V3's DualPipe pairs a forward chunk with a
 * backward chunk of another micro-batch and runs one's dispatch and
 * combine while the other computes, so that "both all-to-all and PP
 * communication can be fully hidden" (DeepSeek-AI 2024, §3.2.1);
 * Megatron-Core's expert-parallel communication overlap
 * (--overlap-moe-expert-parallel-comm) merges the forward and backward of
 * two micro-batches the same way. A micro-batch needs a partner: with m
 * micro-batches the first forward and the last backward run alone, so at
 * most (m − 1)/m of the computation is a window, none with one
 * micro-batch; and what data parallelism already hides behind the same
 * computation over the same link is not counted twice. Only where the
 * framework overlaps them (ep_overlap): Megatron-Core's default runs the
 * dispatch and combine on the critical path, the overlap being an
 * opt-in flag. */
static double
ep_window (const TsStepInput *in,
           double             compute,
           double             dp_hidden)
{
  guint m = MAX (1u, in->micro_batches);

  if (m < 2 || !in->ep_overlap)
    return 0;
  return MAX (0.0, compute * (m - 1) / m - dp_hidden);
}

/* What every rank of the expert-parallel group sends per step: its
 * tokens' top-k copies, dispatched and combined. */
static double
ep_payload (const TsStepInput *in)
{
  double all_to_alls = EP_ALL_TO_ALLS_PER_LAYER + EP_ALL_TO_ALLS_RECOMPUTE * recomputed_share (in);
  double tokens_split = in->sequence_parallel ? in->tp : 1;

  if (in->ep <= 1 || in->moe_layers == 0)
    return 0;
  return in->micro_batches * ((double) in->moe_layers / in->pp) * all_to_alls
         * layer_input_bytes (in) * MAX (1u, in->active_experts) / tokens_split;
}

/* An all-to-all sends 1/ep of the payload to each other rank: to the g − 1
 * on the same server over the scale-up link, to the ep − g elsewhere
 * through the NIC, both at once (NCCL routes a message for another
 * server through the GPU on the matching rail, PXN, which leaves each
 * server's NIC load the same). EP ranks are tp apart. */
typedef struct
{
  double nic_bytes;     /* what a rank sends through its NIC */
  double seconds;
} EpTraffic;

static void
ep_traffic (const TsStepInput *in,
            gboolean           crosses,
            EpTraffic         *t)
{
  double payload = ep_payload (in);
  double ep = MAX (1u, in->ep);
  double g;

  t->nic_bytes = 0;
  if (!crosses)
    {
      t->seconds = transfer_seconds (payload * ring_share (in->ep), in->intra_bytes_s);
      return;
    }
  g = ring_members_per_server (in, MAX (1u, in->tp), in->ep);
  t->nic_bytes = payload * (ep - g) / ep;
  t->seconds = MAX (transfer_seconds (t->nic_bytes, in->inter_bytes_s),
                    g > 1 ? transfer_seconds (payload * (g - 1) / ep, in->intra_bytes_s) : 0);
}

/* Context parallelism (docs/sizing-model.md §8.9): ring attention passes
 * every rank's keys and values round the cp ranks, cp − 1 chunks of
 * b·s/cp tokens per layer forward, and again with their gradients
 * backward (Liu et al. 2023, Ring Attention; Megatron-Core's
 * context parallelism sends them point to point), the heads split over
 * tensor parallelism. Each chunk's transfer runs while the previous
 * chunk's attention computes, so the attention core hides it. */
#define CP_PASSES_BACKWARD 2.0

static double
cp_bytes (const TsStepInput *in)
{
  double cp = context_ranks (in);
  double chunk;

  if (cp <= 1 || in->kv_width <= 0)
    return 0;
  chunk = (double) in->micro_batch * in->seq_len / cp * 2.0 * in->kv_width * in->activation_bytes / MAX (1u, in->tp);
  return MAX (1u, in->micro_batches) * ((double) in->layers / MAX (1u, in->pp)) * (cp - 1) * chunk
         * (1.0 + CP_PASSES_BACKWARD + recomputed_share (in));
}

/* The host's side of the MoE layers (docs/sizing-model.md §8.8). A
 * dropless dispatcher needs the tokens per expert on the host before
 * its all-to-all (the split sizes are host arguments of the collective
 * and of the grouped GEMM): every MoE layer's forward pass copies them
 * from the device and waits, which empties the queue of kernels the CPU
 * had issued ahead (Megatron-Core's token dispatcher, cuda_sync_point
 * before the all-to-all), and the dynamic shapes keep the MoE layers out
 * of CUDA graphs (Megatron-Core's MoE README). So the GPUs run a MoE
 * layer no faster than the CPU issues its kernels: the layer's own, one
 * set per local expert, twice as many backward, again where recomputed.
 * What the MoE layers' computation and exposed all-to-alls do not cover
 * is waited for.
 *
 * And the queue only lets the CPU run ahead of the GPU, never the GPU
 * ahead of the CPU: between two syncs the CPU first issues the routed
 * experts' kernels, then the next layer's attention block, whose GPU
 * work cannot start before it is issued nor hide the launches issued
 * before it. So each MoE layer's forward takes at least the experts'
 * launches plus the attention block's GPU time (with a queue, a stretch
 * takes max over k of the issue time up to kernel k plus the GPU time
 * from k on); what that bound adds to the larger of the layer's host
 * and GPU time is waited for too. The backward pass has no sync (the
 * split sizes are kept from the forward), so there only the totals
 * count.
 *
 * Token dropping with padded expert inputs has static shapes and no
 * sync: the CPU runs ahead across layers, and only a host slower than
 * the whole step's GPU work is waited for. */
static double
host_wait_seconds (const TsStepInput *in,
                   const TsStep      *step)
{
  double m = MAX (1u, in->micro_batches);
  double local = in->experts / (double) MAX (1u, in->ep);
  double again = in->full_recompute ? 1.0 : CLAMP (in->recompute_share, 0.0, 1.0);
  double passes = 1.0 + (in->frozen_weights ? GEMM_BACKWARD / 2 : GEMM_BACKWARD) + again;
  double moe_share = in->layers > 0 ? (double) in->moe_layers / in->layers : 0;
  double forwards = m * ((double) in->moe_layers / MAX (1u, in->pp));
  double host_layer, experts_issue, gpu_layer, host, gpu, ordered;

  if (in->moe_layers == 0 || in->host_op_seconds <= 0)
    return 0;
  host_layer = (in->moe_layer_ops + in->expert_ops * local) * in->host_op_seconds;
  host = forwards * host_layer * passes;
  /* no sync: the queue spans the step, every layer's GPU work hides
   * the launches */
  if (in->moe_static_shapes)
    return MAX (0.0, host - (step->compute + step->ep_exposed));
  gpu = step->compute * moe_share + step->ep_exposed;
  /* one MoE layer's forward, one micro-batch: the GPU's share of the
   * step's MoE work that the forward pass is, and the bound of the
   * ordered queue */
  gpu_layer = forwards > 0 ? gpu / (forwards * passes) : 0;
  experts_issue = in->expert_ops * local * in->host_op_seconds;
  ordered = MAX (0.0, experts_issue + step->attention_block - MAX (host_layer, gpu_layer));
  return MAX (0.0, host - gpu) + forwards * ordered;
}

void
ts_step_compute (const TsStepInput *in,
                 TsStep            *step)
{
  guint m = MAX (1u, in->micro_batches);
  guint64 tp_cp = (guint64) in->tp * MAX (1u, in->cp);
  gboolean pp_crosses = crosses_servers (in, tp_cp * in->dp + 1);
  gboolean dp_crosses = crosses_servers (in, tp_cp * in->dp);
  gboolean cp_crosses = crosses_servers (in, tp_cp);
  double cp_b = cp_bytes (in);
  gboolean ep_crosses = crosses_servers (in, (guint64) in->tp * in->ep);
  double pp_b = pp_bytes (in);
  EpTraffic ep;
  DpRings dp;

  dp_rings (in, dp_crosses, &dp);
  ep_traffic (in, ep_crosses, &ep);

  compute_seconds (in, step);
  step->tp_comm = tp_seconds (in);
  step->pp_comm = transfer_seconds (pp_b, link_bytes_s (in, pp_crosses));
  step->dp_comm = transfer_seconds (dp.dense_bytes, dp.dense_rate) + transfer_seconds (dp.expert_bytes, dp.expert_rate);
  step->dp_exposed = MAX (0.0, step->dp_comm - dp_window (in, step->compute));
  step->ep_comm = ep.seconds;
  step->ep_exposed = MAX (0.0, step->ep_comm - ep_window (in, step->compute,
                                                          ep_crosses == dp_crosses ? step->dp_comm - step->dp_exposed : 0));
  step->cp_comm = transfer_seconds (cp_b, link_bytes_s (in, cp_crosses));
  step->cp_exposed = MAX (0.0, step->cp_comm - step->attention);
  step->exposed_comm = step->tp_comm + step->pp_comm + step->dp_exposed + step->ep_exposed + step->cp_exposed;
  step->host_wait = host_wait_seconds (in, step);
  /* fill and drain: (p − 1) / (v·m) of the busy time (Narayanan et al.
   * 2021, §2.2), a share (p − 1)/(v·m + p − 1) of the step; a stage the
   * host holds back is busy longer. A zero-bubble schedule (ZB-H1, Qi et
   * al. 2024 §3) defers the weight-gradient GEMMs into the bubble: it
   * idles for F + B − W of a micro-batch's stage time, not F + B + W. */
  step->pp_bubble = in->pp > 1 ? MAX (0.0, step->compute + step->host_wait
                                           - (in->zero_bubble ? 2.0 * step->weight_gradients : 0))
                                 * (in->pp - 1) / ((double) MAX (1u, in->virtual_stages) * m) : 0;
  step->seconds = step->compute + step->pp_bubble + step->exposed_comm + step->host_wait;
  step->tokens = (double) in->micro_batch * m * in->dp * in->seq_len;
  step->tokens_per_second = step->seconds > 0 ? step->tokens / step->seconds : 0;
  step->step_factor = step->seconds > 0 ? step->compute / step->seconds : 0;

  step->inter_seconds = (pp_crosses ? step->pp_comm : 0) + (dp_crosses ? step->dp_exposed : 0)
                        + (ep_crosses ? step->ep_exposed : 0) + (cp_crosses ? step->cp_exposed : 0);
  step->inter_bytes = (pp_crosses ? pp_b : 0) + dp.nic_bytes + ep.nic_bytes
                      + (cp_crosses ? cp_b : 0);
}

double
ts_step_network_needed (const TsStep *step)
{
  double busy = step->compute + step->pp_bubble;

  if (step->inter_bytes <= 0 || busy <= 0)
    return 0;
  return step->inter_bytes / (TS_NETWORK_STEP_SHARE * busy);
}

/* Added by issue 29's MoE host model and context parallelism
 * (sizing-model §8.8, §8.9). */
static void
host_to_json (const TsStep *step,
              JsonBuilder  *b)
{
  ts_json_add_double_valid (b, "host_wait", step->host_wait);
  ts_json_add_double_valid (b, "cp_comm", step->cp_comm);
  ts_json_add_double_valid (b, "cp_exposed", step->cp_exposed);
}

/* The keys are a public interface (the CLI's JSON): add, never rename. */
void
ts_step_to_json (const TsStep *step,
                 JsonBuilder  *b)
{
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "compute", step->compute);
  ts_json_add_double_valid (b, "compute_gemm", step->gemm);
  ts_json_add_double_valid (b, "compute_attention", step->attention);
  ts_json_add_double_valid (b, "compute_experts", step->experts);
  ts_json_add_double_valid (b, "compute_memory_bound", step->memory_bound);
  ts_json_add_double_valid (b, "flops_compute", step->flops_compute);
  ts_json_add_double_valid (b, "operator_factor", step->operator_factor);
  ts_json_add_double_valid (b, "tp_comm", step->tp_comm);
  ts_json_add_double_valid (b, "pp_bubble", step->pp_bubble);
  ts_json_add_double_valid (b, "pp_comm", step->pp_comm);
  ts_json_add_double_valid (b, "dp_comm", step->dp_comm);
  ts_json_add_double_valid (b, "dp_exposed", step->dp_exposed);
  ts_json_add_double_valid (b, "ep_comm", step->ep_comm);
  ts_json_add_double_valid (b, "ep_exposed", step->ep_exposed);
  ts_json_add_double_valid (b, "exposed_comm", step->exposed_comm);
  ts_json_add_double_valid (b, "step_seconds", step->seconds);
  ts_json_add_double_valid (b, "tokens_per_step", step->tokens);
  ts_json_add_double_valid (b, "tokens_per_second", step->tokens_per_second);
  ts_json_add_double_valid (b, "step_factor", step->step_factor);
  ts_json_add_double_valid (b, "inter_server_seconds", step->inter_seconds);
  ts_json_add_double_valid (b, "inter_server_bytes", step->inter_bytes);
  host_to_json (step, b);
  json_builder_end_object (b);
}
