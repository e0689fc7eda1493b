/* ts-framework.h — the training frameworks a plan can run on, and their rules
 *
 * One table (ts-framework.c): which layouts and methods each framework
 * runs, the memory rules it applies, what it checks at start-up, and the
 * export formats that write it (docs/frameworks.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-memory.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

/* The configuration files a framework is started with (ts-export.c
 * writes them); the names are the CLI's `export --format`. */
typedef enum
{
  TS_EXPORT_DEEPSPEED,     /* DeepSpeed JSON */
  TS_EXPORT_ACCELERATE,    /* Accelerate YAML (FSDP or DeepSpeed) */
  TS_EXPORT_AXOLOTL,       /* Axolotl YAML */
  TS_EXPORT_LLAMAFACTORY,  /* LLaMA-Factory YAML */
  TS_EXPORT_MEGATRON,      /* Megatron-LM arguments, one per line */
  TS_N_EXPORT_FORMATS
} TsExportFormat;

const char *ts_export_format_to_string   (TsExportFormat   format);
gboolean    ts_export_format_from_string (const char      *str,
                                          TsExportFormat  *format);

/* The dtype of the logits a framework's loss reads (the memory helper's
 * activation knob; the values live here). */
typedef enum
{
  TS_LOGITS_FP32,          /* the loss upcasts the full [s, b, vocab] logits */
  TS_LOGITS_COMPUTE,       /* kept in the compute dtype (BF16) */
} TsLogitsDtype;

/* Memory rules a framework applies (JSON options[].framework_rules). */
typedef enum
{
  TS_FRAMEWORK_RULE_FP32_GRADIENTS        = 1 << 0,  /* BF16 training accumulates and reduces gradients in FP32 */
  TS_FRAMEWORK_RULE_DISTRIBUTED_OPTIMIZER = 1 << 1,  /* ZeRO-1 is the distributed optimizer: 6 + 12/d bytes per parameter */
  TS_FRAMEWORK_RULE_UNEVEN_STAGES         = 1 << 2,  /* first and last pipeline stages hold fewer layers */
  TS_FRAMEWORK_RULE_ZERO_SHARDING         = 1 << 3,  /* ZeRO/FSDP sharding over the data-parallel GPUs */
  TS_FRAMEWORK_RULE_MASTER_WEIGHTS_FP32   = 1 << 4,  /* FP32 master weights under BF16/FP16 */
} TsFrameworkRule;

typedef struct
{
  TsFramework    id;
  const char    *key;             /* the scenario's and the JSON's value */
  const char    *name;            /* a product name: never translated */
  const char    *release;         /* the release whose rules and keys are followed */
  const char    *source;          /* where the rules were read */
  guint          methods;         /* 1 << TsMethod */
  guint          zero_stages;     /* 1 << stage, 0–3 */
  gboolean       tensor_parallel;
  gboolean       pipeline_parallel;
  gboolean       interleaved;     /* virtual pipeline stages */
  gboolean       uneven_stages;   /* layers not divisible by the stages */
  gboolean       sequence_parallel;
  gboolean       expert_parallel;
  gboolean       optimizer_offload;
  gboolean       pure_bf16;       /* trains without FP32 master weights */
  gboolean       fp32_gradients_bf16;  /* TS_FRAMEWORK_RULE_FP32_GRADIENTS */
  guint          optimizers;      /* 1 << TsOptimizer it offers */
  TsLogitsDtype  logits;          /* what its loss keeps */
  gboolean       chunked_cross_entropy;
  gboolean       keeps_logits;    /* the logits in the compute dtype are
                                   * alive beside the loss's FP32 copy at
                                   * the end of the forward pass (a
                                   * Hugging Face model returns them;
                                   * Megatron-LM frees them once cast) */
  guint          formats;         /* 1 << TsExportFormat that write a run of it */
  /* The step's timeline (TsFrameworkMemory, docs/frameworks.md §3.1) */
  gboolean       loss_in_place;   /* the FP32 copy becomes the softmax and its gradient */
  gboolean       drops_logits;    /* the 16-bit logits are freed before backward */
  guint          grad_buffer_stages;  /* 1 << ZeRO stage: gradients in a buffer kept for the run */
  gboolean       ddp_buckets;     /* PyTorch DDP's buckets beside param.grad at ZeRO-0 */
  gboolean       step_grad_copy;  /* DeepSpeed ZeRO-1/2: FP32 gradient partition in the step */
  gboolean       whole_dtype_only;  /* no mixed precision: pure BF16 or FP32 (torchtune's dtype) */
  gboolean       context_parallel;  /* splits each sequence over GPUs (sizing-model §8.9) */
  gboolean       fused_glu;         /* TsFrameworkMemory.fused_glu */
  gboolean       fp8_gemm_inputs;   /* TsFrameworkMemory.fp8_gemm_inputs */
} TsFrameworkInfo;

const TsFrameworkInfo *ts_framework_info       (TsFramework        framework);
const char            *ts_framework_to_string  (TsFramework        framework);
const char            *ts_framework_name       (TsFramework        framework);

/* Whether the framework runs the scenario's method, precision, optimizer
 * and offload at this layout with `virtual_stages` interleaved chunks.
 * When it does not, *why (may be NULL) is a code: method, precision,
 * optimizer, offload, tensor-parallel, pipeline-parallel, interleaving,
 * uneven-stages, expert-parallel, context-parallel, zero-stage, heads, query-groups,
 * experts. */
gboolean    ts_framework_runs          (TsFramework        framework,
                                        const TsScenario  *scenario,
                                        const TsLayout    *layout,
                                        guint              virtual_stages,
                                        const char       **why);

/* The framework of a layout where the scenario leaves it automatic: the
 * one a user would pick for the method and the layout; *reason is a code
 * (model-parallel, data-parallel-offload, data-parallel-sharded,
 * data-parallel, fine-tuning, given). The scenario's own framework when it
 * names one. TS_FRAMEWORK_AUTOMATIC when none runs it. */
TsFramework ts_framework_choose        (const TsScenario  *scenario,
                                        const TsLayout    *layout,
                                        guint              virtual_stages,
                                        const char       **reason);

/* Chunks of chunked cross-entropy: torchtune's num_output_chunks and
 * Axolotl's chunked_cross_entropy_num_chunks default (docs/frameworks.md §3). */
#define TS_FRAMEWORK_LOSS_CHUNKS 8u

/* The loss's memory knobs of the framework's row for the scenario's
 * compute dtype (docs/sizing-model.md §4.1): TS_FRAMEWORK_AUTOMATIC
 * leaves *memory as it is (the Hugging Face stack by default). */
void        ts_framework_memory        (TsFramework        framework,
                                        const TsScenario  *scenario,
                                        TsFrameworkMemory *memory);

/* torch.compile'd loss (torchtune's `compile: True` compiles
 * compute_cross_entropy per chunk): AOTAutograd's partitioner
 * (torch/_functorch/partitioners.py, min_cut_rematerialization_partition)
 * recomputes the pointwise FP32 upcast and the log-softmax in the backward
 * from the 16-bit logits and the rows' log-sum-exp, so no FP32 copy of
 * the logits is saved; the knobs for a published run that compiled it
 * (docs/frameworks.md §3.1). */
void        ts_framework_memory_compiled_loss (TsFrameworkMemory *memory);

/* The scenario with the framework's memory rules applied (the gradient
 * dtype it keeps, the loss's logits: ts_framework_memory ()); returns
 * the TsFrameworkRule flags that apply. */
guint       ts_framework_apply_rules   (TsFramework        framework,
                                        TsScenario        *scenario,
                                        const TsLayout    *layout);

/* Bytes per parameter the framework's data-parallel gradient reduction
 * moves for the layout, 0 where it moves the scenario's gradient dtype:
 * Megatron-LM reduces its FP32 gradient buffers under BF16, except with
 * --use-torch-fsdp2 (ZeRO-3), which reduce-scatters the BF16 parameters'
 * gradients as they are (docs/frameworks.md §2). */
double      ts_framework_reduce_bytes  (TsFramework        framework,
                                        const TsScenario  *scenario,
                                        const TsLayout    *layout);

/* Megatron-LM's pipeline layout (--pipeline-model-parallel-layout): the
 * decoder layers of chunk `chunk` of pp × virtual_stages, in its order
 * (chunk = virtual rank × pp + pipeline rank); the chunks differ by one
 * layer at most and no rank holds more than ⌈layers / pp⌉, the stage
 * the memory is sized for. */
guint       ts_framework_chunk_layers  (guint              layers,
                                        guint              pp,
                                        guint              virtual_stages,
                                        guint              chunk);
/* Whether the chunks are uneven (the layout flag is then needed). */
gboolean    ts_framework_uneven        (guint              layers,
                                        guint              pp,
                                        guint              virtual_stages);

/* Sentences for the codes above, in the current language (free them). */
char       *ts_framework_dup_why       (TsFramework        framework,
                                        const char        *why);
char       *ts_framework_dup_reason    (TsFramework        framework,
                                        const char        *reason);
/* The rule flags as JSON strings, in flag order (static strings). */
const char *ts_framework_rule_to_string (TsFrameworkRule   rule);

G_END_DECLS
