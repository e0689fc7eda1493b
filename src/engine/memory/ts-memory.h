/* ts-memory.h — GPU memory per component, per GPU and for the whole job
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include <json-glib/json-glib.h>

#include "ts-scenario.h"

G_BEGIN_DECLS

/* The components in their fixed display order (chart, table, JSON). */
typedef enum
{
  TS_COMPONENT_WEIGHTS,
  TS_COMPONENT_GRADIENTS,
  TS_COMPONENT_MASTER_WEIGHTS,
  TS_COMPONENT_OPTIMIZER_STATES,
  TS_COMPONENT_ACTIVATIONS,
  TS_COMPONENT_ADAPTERS,
  TS_COMPONENT_QUANTIZATION_CONSTANTS,
  TS_COMPONENT_OVERHEAD,
  TS_N_COMPONENTS
} TsComponent;

typedef struct
{
  double bytes[TS_N_COMPONENTS];
} TsBreakdown;

/* The article's figure: model states only, no activations. */
typedef struct
{
  double bytes_per_param_low;
  double bytes_per_param_high;
  double low_bytes;
  double high_bytes;
} TsRuleOfThumb;

typedef struct
{
  guint gpus;        /* tp × cp × pp × dp */
  guint tp;
  guint pp;
  guint dp;
  guint ep;
  int   zero_stage;  /* 0–3 */
  /* With full recomputation, the layers of each pipeline stage that are
   * recomputed (Megatron-LM's --recompute-method block
   * --recompute-num-layers): 0 keeps every layer's activations, the
   * stage's ⌈L/pp⌉ recomputes them all; ts_layout_resolve () sets the
   * whole stage. Ignored without full recomputation. */
  guint recompute_layers;
  /* Interleaved 1F1B chunks per GPU: more micro-batches in flight on the
   * first stage (ts-memory-activations.c); 1 for plain 1F1B. */
  guint virtual_stages;
  /* Context parallel: ranks that split each sequence (sizing-model §8.9);
   * gpus = tp × cp × pp × dp. 0 or 1 = none. */
  guint cp;
} TsLayout;

/* activations = per_layer × layers + extra + recompute_peak */
typedef struct
{
  double per_layer;       /* one layer, one micro-batch, this GPU; for a MoE
                           * model with leading dense layers, the mean; with
                           * block recomputation the mean over the stage's
                           * recomputed and kept layers */
  double layers;          /* layers whose activations this GPU holds (1F1B:
                           * the first stage holds L layers' worth; more
                           * with interleaving) */
  double full_layer;      /* one layer's full activations (the mean) */
  double input_layer;     /* one recomputed layer: its input only */
  guint  stage_layers;    /* the layers of one pipeline stage, ⌈L/pp⌉ */
  TsCheckpointing checkpointing;  /* the recomputation these figures are for
                                   * (an option's, which the planner may
                                   * choose, not always the scenario's) */
  double extra;           /* embeddings, final norm, logits and loss */
  double recompute_peak;  /* one layer rebuilt during recomputation: the
                           * largest layer's full activations (full), its
                           * attention scores (selective), else 0 */
  /* The parts of `extra`, for the step's timeline: the embeddings the
   * busiest GPU holds (pp micro-batches' worth on the first stage), the
   * final norm's and output head's inputs, and the logits' elements
   * s·b·V / t */
  double embedding;
  double head_inputs;
  double logit_elements;
  double held;            /* per_layer × layers + extra + recompute_peak:
                           * every activation at its largest, as if at once */
  double job_column;      /* the activations every stage of one tensor and
                           * data-parallel rank holds, summed (the whole
                           * job's activations are this × tp × dp) */
} TsActivationsDetail;

typedef struct
{
  double runtime_context;
  double fragmentation;
  double zero3_gather;
  double step_buffers;   /* at the step's peak: the gathered layers, DDP's
                          * buckets, the optimizer step's temporaries */
} TsOverheadDetail;

/* The training step as the framework's allocator sees it
 * (docs/sizing-model.md §4.2): what is alive on the busiest GPU at each
 * point of one step. Its largest point is the peak the plan sizes; the
 * reserve (runtime context, fragmentation) goes on top. */
typedef enum
{
  TS_PHASE_FORWARD,        /* end of the layers' forward pass */
  TS_PHASE_LOSS,           /* the output head and the loss */
  TS_PHASE_LOSS_BACKWARD,  /* the loss's gradient, before the layers' */
  TS_PHASE_BACKWARD,       /* backward through the layers, at its start */
  TS_PHASE_BACKWARD_END,   /* every gradient made, activations freed */
  TS_PHASE_OPTIMIZER,      /* the optimizer step */
  TS_N_PHASES
} TsPhase;

typedef struct
{
  double states;         /* weights, master weights, optimizer states,
                          * adapters, quantization constants */
  double gradients;      /* gradient buffers alive */
  double activations;    /* activations kept, one rebuilt layer */
  double logits;         /* the logits and the loss's tensors */
  double communication;  /* ZeRO-3 gathered layers, DDP's buckets */
  double temporaries;    /* the optimizer step's own */
  double bytes;          /* their sum: what the allocator holds */
} TsPhasePoint;

typedef struct
{
  TsPhasePoint phases[TS_N_PHASES];
  TsPhase      peak;             /* the phase with the most bytes */
  double       peak_bytes;       /* its bytes, before the reserve */
  guint        accumulation;     /* micro-batches per optimizer step */
} TsTimeline;

typedef struct
{
  TsRuleOfThumb        rule;
  TsLayout             layout;
  TsBreakdown          per_gpu;
  TsBreakdown          total;      /* the sum over all GPUs of the job, each
                                    * pipeline stage its own figures (not
                                    * the busiest GPU × the GPU count) */
  guint                weight_copies; /* copies of the weights the job keeps:
                                       * dp, or 1 with ZeRO-3 (its shards
                                       * make one); routed experts are split
                                       * over ep inside each */
  TsActivationsDetail  activations;
  TsOverheadDetail     overhead;
  TsTimeline           timeline;  /* per_gpu's gradients, activations and
                                   * overhead are those of its peak */
  double               trainable_params;
  double               adapter_params;
  double               host_ram_bytes;   /* offloaded optimizer state, whole job,
                                          * DeepSpeed's formulas with their 1.5
                                          * buffer factor (divide by servers for
                                          * a per-server figure) */
  double               checkpoint_bytes; /* one saved checkpoint */
} TsMemory;

const char *ts_component_key           (TsComponent          component);
const char *ts_component_label         (TsComponent          component);
double      ts_breakdown_sum           (const TsBreakdown   *breakdown);
/* The bytes of one of the weights' copies the whole job keeps:
 * total weights ÷ weight_copies. */
double      ts_memory_weight_copy_bytes (const TsMemory     *memory);
/* "one copy across 16 GPUs", "6 copies of 141 GB across 48 GPUs": the
 * copies of the weights data parallelism keeps, said after the whole
 * job's weights ("846 GB: 6 copies of 141 GB across 48 GPUs"). */
char       *ts_memory_weights_copies_text (const TsMemory   *memory,
                                           gboolean          gib);
/* The whole job's weights and their copies in one sentence, in decimal
 * GB, as the CLI's text and the spec sheet say it: "Weights of the whole
 * job: 846 GB: 6 copies of 141 GB across 48 GPUs". */
char       *ts_memory_dup_weights_sentence (const TsMemory  *memory);

void        ts_rule_of_thumb           (const TsScenario    *scenario,
                                        TsRuleOfThumb       *rule);
void        ts_layout_resolve          (const TsScenario    *scenario,
                                        guint                gpus,
                                        TsLayout            *layout);
/* The layers one pipeline stage of the layout holds, ⌈L/pp⌉: the most a
 * layout's recompute_layers can be. */
guint       ts_layout_stage_layers     (const TsScenario    *scenario,
                                        const TsLayout      *layout);
/* The hot path of every sweep: no allocation. */
void        ts_memory_compute          (const TsScenario    *scenario,
                                        const TsLayout      *layout,
                                        TsMemory            *memory);
/* The same as ts_memory_compute (), reusing what does not depend on the
 * data-parallel degree from `like`, a memory computed before for the same
 * scenario at the same tensor and pipeline degrees (any GPU count): the
 * activations and the rule of thumb. A search over GPU counts asks for
 * many such layouts. */
void        ts_memory_compute_like     (const TsScenario    *scenario,
                                        const TsLayout      *layout,
                                        const TsMemory      *like,
                                        TsMemory            *memory);
/* LoRA adapter parameters of an architecture: r·(d_in + d_out) per
 * targeted matrix in every layer (every expert's too for all-linear). */
double      ts_memory_lora_adapter_params (const TsArchitecture *arch,
                                           TsLoraTargets         targets,
                                           guint                 rank);
const char *ts_phase_key               (TsPhase              phase);
const char *ts_phase_label             (TsPhase              phase);
/* A sentence and the formula with its inputs, for tooltips and the PDF. */
char       *ts_memory_explain          (const TsScenario    *scenario,
                                        const TsMemory      *memory,
                                        TsComponent          component);

G_END_DECLS

G_BEGIN_DECLS
/* JSON of the memory answer (ts-memory-json.c): `rule_of_thumb` and
 * `memory` members added to an open object of builder. */
void ts_memory_add_json (const TsScenario *scenario,
                         const TsMemory   *memory,
                         JsonBuilder      *builder);
void ts_breakdown_to_json (const TsBreakdown *breakdown,
                           JsonBuilder       *builder);
/* The `timeline` member: one object a phase, and `peak_phase`. */
void ts_timeline_add_json (const TsTimeline *timeline,
                           JsonBuilder      *builder);
/* A layout's GPUs and parallel degrees (gpus, tp, pp, dp, ep, zero_stage),
 * the first members of every `layout` object. */
void ts_layout_add_degrees_json (const TsLayout *layout,
                                 JsonBuilder    *builder);
G_END_DECLS
