/* ts-throughput.h — the time of one optimizer step of a layout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-scenario.h"

G_BEGIN_DECLS

/* The last layout's forward pass per operator class, kept by a caller
 * that times many layouts of one model on one GPU (the planner): the
 * pass depends only on tp, pp, ep, the micro-batch and sequence
 * parallelism, so layouts that differ in recomputation, ZeRO stage,
 * interleaving or accumulation reuse it. Zero-filled = empty. */
typedef struct
{
  gboolean valid;
  guint    tp, pp, ep, micro_batch;
  gboolean sequence_parallel;
  double   gemm, attention, experts, memory;
  guint    cp;
} TsStepCache;

/* Everything the step time depends on, in plain figures (sizing-model
 * §8.1): a test can fill it by hand. Bandwidths are per GPU, one
 * direction, in bytes per second. */
typedef struct
{
  /* the work */
  double   model_flops;          /* model FLOPs of one step (6·N·tokens, 4·N for adapters) */
  double   recompute_factor;     /* model / (model + recomputed) FLOPs */
  gboolean full_recompute;       /* the forward is run twice: its collectives too */
  gboolean selective_recompute;  /* the attention core's forward runs twice */
  double   recompute_share;      /* without full_recompute, the share of the layers
                                  * whose forward runs twice (block recomputation);
                                  * 0 for none */
  double   sync_params;          /* parameters whose gradients data parallel reduces */
  double   gradient_bytes;       /* per parameter, 2 or 4 */
  double   weight_bytes;         /* per parameter, as ZeRO-3 gathers them */
  double   activation_bytes;     /* per element of a layer's input, 2 (BF16) */
  guint    layers;
  guint    moe_layers;           /* layers with routed experts */
  guint    hidden_size;
  guint    seq_len;
  guint    active_experts;       /* routed experts per token (top-k) */

  /* The operator classes (docs/sizing-model.md §8.6), filled from the
   * model's architecture by ts_step_input_set_model (); all 0 for a
   * model known only by its parameter count, whose compute is then
   * model_flops at kernel_efficiency. Parameters are the whole model's
   * (tensor parallelism divides them here). */
  double   attention_params;     /* one layer's attention projections */
  double   dense_mlp_params;     /* the MLP of one dense layer */
  double   moe_dense_params;     /* one MoE layer's shared experts and router */
  double   expert_params;        /* one routed expert */
  guint    experts;              /* routed experts per MoE layer */
  double   head_params;          /* the output head, vocabulary × hidden */
  double   attention_width;      /* heads × (query-key + value head dims) */
  double   dense_elementwise;    /* elements one token's forward pass reads and
                                  * writes in a dense layer's norms, residuals,
                                  * rotary embedding and activation */
  double   moe_elementwise;      /* the same in a MoE layer, permutation included */
  double   expert_sync_params;   /* of sync_params, the routed experts' (EP shards them) */
  double   optimizer_bytes;      /* per trainable parameter, the optimizer step's HBM traffic */
  gboolean frozen_weights;       /* LoRA/QLoRA: the base's GEMMs compute input
                                  * gradients only, no weight gradients */
  double   load_imbalance;       /* the busiest expert's tokens / the mean (≥ 1) */
  TsStepCache *cache;            /* optional (NULL): see TsStepCache; only for
                                  * inputs that differ in the layout alone */
  gboolean ep_overlap;           /* the framework hides the all-to-alls behind
                                  * another micro-batch (DualPipe); Megatron-Core's
                                  * default does not */
  /* The host's side of a dropless MoE layer (sizing-model §8.8): the
   * kernels the CPU issues for one MoE layer's forward pass, apart from
   * the routed experts' and per local expert, and the CPU time of one;
   * all 0 for a dense model. */
  double   moe_layer_ops;
  double   expert_ops;
  double   host_op_seconds;

  /* the layout */
  guint    gpus;                 /* tp × pp × dp */
  guint    tp;
  guint    pp;
  guint    dp;
  guint    ep;
  guint    cp;                   /* context parallel: ranks that split each sequence
                                  * (ring attention, sizing-model §8.9); 0 or 1 = none;
                                  * gpus = tp × cp × pp × dp */
  double   kv_width;             /* kv heads × head dim (K and V each), for CP */
  guint    virtual_stages;       /* interleaved 1F1B chunks per GPU; 1 = plain 1F1B */
  guint    micro_batch;          /* sequences per GPU per micro-batch */
  guint    micro_batches;        /* per step per pipeline: the gradient accumulation */
  int      zero_stage;
  gboolean sequence_parallel;

  /* the hardware */
  double   peak_flops;           /* per GPU, dense, at the precision */
  double   kernel_efficiency;    /* share of peak large GEMMs and attention reach
                                  * (the catalog's family efficiency × PCIe factor) */
  double   attention_peak_flops; /* the attention core's: BF16 even in FP8 training
                                  * (FP8 recipes quantize the linear layers only);
                                  * 0 = peak_flops */
  double   hbm_bytes_s;          /* the GPU's memory bandwidth */
  guint    gpus_per_server;
  double   intra_bytes_s;        /* NVLink/HCCS (or PCIe) */
  double   inter_bytes_s;        /* the server's compute NICs shared by its GPUs */
} TsStepInput;

typedef struct
{
  double compute;           /* busy time of one GPU, recomputation included */
  double gemm;              /* of compute: dense GEMMs (projections, MLPs, head, router) */
  double attention;         /* of compute: the attention core (FlashAttention, causal) */
  double experts;           /* of compute: grouped expert GEMMs, load imbalance included */
  double memory_bound;      /* of compute: norms, element-wise work, permutation, optimizer */
  double flops_compute;     /* the model FLOPs at the large-GEMM efficiency: what compute
                             * would be if every operator ran like a large GEMM */
  double operator_factor;   /* flops_compute / compute */
  double tp_comm;           /* tensor-parallel all-reduces (not overlapped) */
  double pp_bubble;         /* idle stages at fill and drain */
  double pp_comm;           /* stage-to-stage sends */
  double dp_comm;           /* data-parallel transfer time, all of it */
  double dp_exposed;        /* what the backward pass does not hide */
  double ep_comm;           /* expert-parallel all-to-all transfer time, all of it */
  double ep_exposed;        /* what another micro-batch's computation does not hide */
  double exposed_comm;      /* tp + pp sends + dp exposed + ep exposed */
  double cp_comm;           /* context-parallel K/V ring transfers, all of it (§8.9) */
  double cp_exposed;        /* what the attention computation does not hide */
  double host_wait;         /* what the GPUs wait for the host to issue the
                             * MoE layers' kernels (sizing-model §8.8) */
  double seconds;           /* compute + bubble + exposed communication + host wait */
  double tokens;            /* per step */
  double tokens_per_second; /* before availability */
  double step_factor;       /* compute / seconds: what communication and the bubble leave */
  double inter_seconds;     /* exposed communication that crosses servers */
  double inter_bytes;       /* per GPU per step over its NIC share */
} TsStep;

/* The step (docs/sizing-model.md §8.1). No allocation: the planner calls it for
 * every layout it considers. */
void ts_step_compute (const TsStepInput *in,
                      TsStep            *step);

/* Memory-bound kernels (norms, element-wise, permutation, the optimizer
 * step) reach this share of the GPU's HBM bandwidth (docs/sizing-model.md
 * §8.6). */
#define TS_MEMORY_BOUND_EFFICIENCY 0.80

/* The busiest expert's share of tokens over the mean, the capacity
 * factor a dropless run's slowest expert rank works to (docs/sizing-model.md
 * §8.6). */
#define TS_EXPERT_LOAD_IMBALANCE 1.25

/* CPU time to issue one kernel from an eager PyTorch framework: Python,
 * the dispatcher, autograd and the launch itself, the middle of the
 * 5–25 µs published for the path (docs/sizing-model.md §8.8). */
#define TS_HOST_OP_SECONDS 15e-6

/* The share of a step that communication between servers may take before
 * the network, not the GPUs, sets the time (docs/sizing-model.md §8.3). */
#define TS_NETWORK_STEP_SHARE 0.10

/* Per-GPU bandwidth between servers (bytes/s) at which the step's
 * inter-server communication would take TS_NETWORK_STEP_SHARE of the
 * step; 0 when nothing crosses servers. */
double ts_step_network_needed (const TsStep *step);

/* Model FLOPs of one token (docs/sizing-model.md §8): 6·N (4·N for
 * adapters) plus PaLM's attention term where the architecture is known. */
double ts_model_flops_per_token (const TsScenario *s);

/* Fills the operator classes of `in` from the scenario's model
 * (docs/sizing-model.md §8.6); in->gradient_bytes must be set. */
void   ts_step_input_set_model (TsStepInput      *in,
                                const TsScenario *s);

void ts_step_to_json (const TsStep *step,
                      JsonBuilder  *builder);

G_END_DECLS
