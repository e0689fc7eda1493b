/* ts-throughput.h — the time of one optimizer step of a layout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Everything the step time depends on, in plain figures (sizing-model
 * §8.1): a test can fill it by hand. Bandwidths are per GPU, one
 * direction, in bytes per second. */
typedef struct
{
  /* the work */
  double   model_flops;          /* model FLOPs of one step (6·N·tokens, 4·N for adapters) */
  double   recompute_factor;     /* model / (model + recomputed) FLOPs */
  gboolean full_recompute;       /* the forward is run twice: its collectives too */
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

  /* the layout */
  guint    gpus;                 /* tp × pp × dp */
  guint    tp;
  guint    pp;
  guint    dp;
  guint    ep;
  guint    virtual_stages;       /* interleaved 1F1B chunks per GPU; 1 = plain 1F1B */
  guint    micro_batch;          /* sequences per GPU per micro-batch */
  guint    micro_batches;        /* per step per pipeline: the gradient accumulation */
  int      zero_stage;
  gboolean sequence_parallel;

  /* the hardware */
  double   peak_flops;           /* per GPU, dense, at the precision */
  double   kernel_efficiency;    /* share of peak the kernels reach (the catalog's family MFU × PCIe factor) */
  guint    gpus_per_server;
  double   intra_bytes_s;        /* NVLink/HCCS (or PCIe) */
  double   inter_bytes_s;        /* the server's compute NICs shared by its GPUs */
} TsStepInput;

typedef struct
{
  double compute;           /* busy time of one GPU, recomputation included */
  double tp_comm;           /* tensor-parallel all-reduces (not overlapped) */
  double pp_bubble;         /* idle stages at fill and drain */
  double pp_comm;           /* stage-to-stage sends */
  double dp_comm;           /* data-parallel transfer time, all of it */
  double dp_exposed;        /* what the backward pass does not hide */
  double ep_comm;           /* expert-parallel all-to-all transfer time, all of it */
  double ep_exposed;        /* what another micro-batch's computation does not hide */
  double exposed_comm;      /* tp + pp sends + dp exposed + ep exposed */
  double seconds;           /* compute + bubble + exposed communication */
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

/* The share of a step that communication between servers may take before
 * the network, not the GPUs, sets the time (docs/sizing-model.md §8.3). */
#define TS_NETWORK_STEP_SHARE 0.10

/* Per-GPU bandwidth between servers (bytes/s) at which the step's
 * inter-server communication would take TS_NETWORK_STEP_SHARE of the
 * step; 0 when nothing crosses servers. */
double ts_step_network_needed (const TsStep *step);

void ts_step_to_json (const TsStep *step,
                      JsonBuilder  *builder);

G_END_DECLS
