/* ts-memory-private.h — what the memory model's files share
 *
 * The memory answer is computed in parts, each in a file of its own:
 * model states (ts-memory-states.c), activations (ts-memory-activations.c),
 * overhead and totals (ts-memory.c), and the sentences that explain each
 * component (ts-memory-explain.c). The bytes per parameter they all count
 * with are defined here once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-memory.h"

G_BEGIN_DECLS

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

/* The precision of the weights the forward pass computes with, which is
 * also the precision of the freshly computed gradients and activations
 * and of the weights a checkpoint saves. FP8 training keeps most
 * activations in 16-bit too (TransformerEngine casts to FP8 inside its
 * GEMMs); counting them in 16-bit errs high. Inline, with the two below:
 * every memory estimate of a sweep asks for them several times. */
static inline double
ts_memory_compute_bytes (const TsScenario *s)
{
  return s->precision == TS_PRECISION_FP32 ? BYTES_FP32 : BYTES_BF16;
}

/* Layers with experts and dense layers of an architecture. */
static inline double
ts_memory_moe_layers (const TsArchitecture *a)
{
  return ts_architecture_is_moe (a) ? a->layers - MIN (a->dense_layers, a->layers) : 0;
}

static inline double
ts_memory_dense_layers (const TsArchitecture *a)
{
  return a->layers - ts_memory_moe_layers (a);
}

/* Bytes per parameter of each model state, as the scenario's precision
 * and optimizer set them (ts-memory-states.c): one function a state,
 * each its own rule. */
double ts_memory_weight_bytes_per_param    (const TsScenario     *scenario);
double ts_memory_gradient_bytes_per_param  (const TsScenario     *scenario);
double ts_memory_master_bytes_per_param    (const TsScenario     *scenario);
double ts_memory_optimizer_bytes_per_param (const TsScenario     *scenario);
/* The optimizer's bytes per adapter parameter (LoRA, QLoRA). */
double ts_memory_adapter_optimizer_bytes   (const TsScenario     *scenario);

/* Fill memory's model-state components (weights, gradients, master
 * weights, optimizer states, adapters, quantization constants), its
 * trainable and adapter parameters, host RAM and checkpoint size. */
void   ts_memory_compute_model_states      (const TsScenario     *scenario,
                                            const TsLayout       *layout,
                                            TsMemory             *memory);
/* Fill memory's activations component and its detail. */
void   ts_memory_compute_activations       (const TsScenario     *scenario,
                                            const TsLayout       *layout,
                                            TsMemory             *memory);

/* The step's timeline (ts-memory-timeline.c): fills memory's timeline
 * and sets its per-GPU gradients and activations to the peak's; the
 * model states and activations are computed before. */
void   ts_memory_compute_timeline          (const TsScenario     *scenario,
                                            const TsLayout       *layout,
                                            double                gather,
                                            TsMemory             *memory);

G_END_DECLS
