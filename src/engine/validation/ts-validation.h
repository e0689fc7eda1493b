/* ts-validation.h — published training runs the time model is held to, and
 * published memory peaks the memory model is held to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-catalog.h"
#include "ts-options.h"
#include "ts-scenario.h"
#include "ts-memory.h"

G_BEGIN_DECLS

typedef enum
{
  TS_RUN_CALIBRATION,  /* the family efficiencies were chosen on these */
  TS_RUN_HOLD_OUT,     /* never used to choose a constant: the check */
  TS_RUN_ISSUE_CHECK,  /* held out by issue 29 itself (Megatron-Bridge's MoE
                        * rows): reported, never fitted, and not bound by
                        * the test's band */
} TsRunSet;

/* One published run, as its source states it (docs/sizing-model.md
 * §8.7). Where the source gives model TFLOP/s per GPU rather than
 * tokens, published_tflops is set and the tokens follow from the model
 * FLOPs per token (§8). */
typedef struct
{
  const char      *id;
  const char      *model_id;          /* the catalog's */
  const char      *gpu_id;            /* the catalog's */
  const char      *system;            /* as the source names it */
  guint            gpus;
  guint            gpus_per_server;
  double           intra_gb_s;        /* per GPU, one direction; 0 = the catalog interconnect's */
  double           nic_gbps;          /* per GPU between servers */
  guint            tp, pp, dp, ep, vp;
  int              zero_stage;        /* 3 = FSDP, 1 = distributed optimizer */
  gboolean         sequence_parallel;
  gboolean         ep_overlap;        /* DualPipe */
  gboolean         balanced;          /* the source forces an even expert load */
  guint            micro_batch;
  guint            global_batch;      /* sequences */
  guint            seq_len;
  TsPrecision      precision;
  TsCheckpointing  checkpointing;
  double           published_tokens; /* tokens/s per GPU, or 0 */
  double           published_tflops; /* model TFLOP/s per GPU, or 0 */
  TsRunSet         set;
  const char      *server_id;         /* a catalog server to run the planner on, or NULL */
  const char      *source;            /* where the figure is */
  /* A famous run, one that opens as a ready scenario (issue 33 item 7):
   * the tokens it trained on, as its source states them; 0 for a
   * benchmark that is no whole training run. */
  double           train_tokens;
  /* Context parallel degree (sizing-model §8.9); 0 = none. gpus = tp ×
   * cp × pp × dp. */
  guint            cp;
  /* The run drops tokens over each expert's capacity and pads the
   * experts' inputs to it (static shapes, no host sync: sizing-model
   * §8.8); FALSE = dropless. */
  gboolean         token_drop;
  /* Whole transformer layers replayed as CUDA graphs (Megatron-Core's
   * --enable-cuda-graph, static shapes only): the host issues no kernel
   * of theirs (sizing-model §8.8). */
  gboolean         cuda_graphs;
  /* The pipeline runs a zero-bubble schedule (ZB-H1; sizing-model
   * §8.1). */
  gboolean         zero_bubble;
} TsPublishedRun;

/* The band a listed run's predicted/published must stay in, and what a
 * free layout may exceed its published recipe by (issue 29). */
#define TS_RUN_RATIO_LOW   0.75
#define TS_RUN_RATIO_HIGH  1.33

guint                 ts_published_runs_count (void);
const TsPublishedRun *ts_published_run        (guint index);

typedef struct
{
  double predicted;      /* tokens/s per GPU, at the run's layout */
  double published;      /* tokens/s per GPU */
  double ratio;          /* predicted / published */
  double free_layout;    /* tokens/s per GPU of the planner's own layout on
                          * server_id at the same count; 0 without one */
  double mfu;            /* predicted, by the PaLM definition */
  TsStep step;
  /* the fastest prediction among the published recipes of the same job
   * (model, GPU, GPU count, precision, sequence length and global
   * batch): the vendor's tuned layout the free layout is held to (issue
   * 29); the run's own prediction when it is the only one */
  double recipe;
} TsRunCheck;

/* The published recipes of one job on the same hardware: the same
 * model, GPU, GPU count, precision, sequence length and global batch
 * (sizing-model §8.7). */
gboolean ts_published_runs_same_job (const TsPublishedRun *a,
                                     const TsPublishedRun *b);

/* The run at its published layout through the step model (§8.1, §8.6);
 * FALSE when the catalog lacks its model or GPU. */
gboolean ts_published_run_check (const TsCatalog      *catalog,
                                 const TsPublishedRun *run,
                                 gboolean              free_layout,
                                 TsRunCheck           *check);

/* The median and worst (farthest from 1 in either direction) ratio of a
 * set. */
void     ts_published_runs_summary (const TsCatalog *catalog,
                                    TsRunSet         set,
                                    double          *median,
                                    double          *worst,
                                    guint           *count);

/* The Markdown tables of docs/ and the README (both sets, with the
 * median and worst of each), from the same list. */
char    *ts_published_runs_markdown (const TsCatalog *catalog);

/* The run with this id, or NULL. */
const TsPublishedRun *ts_published_run_find (const char *id);

/* TRUE for a famous run: one that opens as a ready scenario. */
gboolean    ts_published_run_is_famous     (const TsPublishedRun *run);

/* The catalog server the run's scenario uses: the run's own server_id,
 * else the first server of the run's GPU with the run's GPUs per
 * server; NULL when the catalog has none. */
const char *ts_published_run_server_id     (const TsCatalog      *catalog,
                                            const TsPublishedRun *run);

/* The run as a ready scenario: its model, full training, precision,
 * tokens, sequence length, global batch, and the server and count
 * that hold its GPUs. The layout, micro-batch and recomputation are left
 * to the planner: the plan is "the same run on this catalog's hardware".
 * NULL with error when the catalog lacks its model or a server. */
TsScenario *ts_published_run_dup_scenario  (const TsCatalog      *catalog,
                                            const TsPublishedRun *run,
                                            GError              **error);

/* The run's name for a menu ("Llama 3.1 405B on 16,384 × H100"). */
char       *ts_published_run_dup_title     (const TsCatalog      *catalog,
                                            const TsPublishedRun *run);

/* The published figures beside the prediction, translated: the
 * published tokens/s per GPU (and MFU), the step model's at the run's
 * own layout, their ratio, the source, and the planner's recommended
 * option for the run's scenario (“the same run on this catalog's
 * hardware”) when recommended is not NULL. One text for the window,
 * presenter mode and the CLI. */
char       *ts_published_run_dup_comparison (const TsCatalog      *catalog,
                                             const TsPublishedRun *run,
                                             const TsOption       *recommended);

/* ---- published measured memory peaks the memory model is held to ---- */

typedef enum
{
  /* the allocator's peak a run logged (torch.cuda memory statistics):
   * compared with the step's timeline peak, before the reserve (the
   * CUDA context and the allocator's fragmentation are outside it) */
  TS_PEAK_ALLOCATED,
  /* the longest sequence that still ran on a card of this memory: the
   * card is what the run used at most, compared with the whole per-GPU
   * figure the plan sizes (timeline peak with the reserve) */
  TS_PEAK_OOM_BOUNDARY,
} TsPeakKind;

/* One published run, as its source states it (docs/sizing-model.md
 * §4.3). */
typedef struct
{
  const char      *id;
  const char      *model_id;       /* the catalog's, or "llama-3.2-3b" (built here) */
  TsMethod         method;
  TsFramework      framework;      /* TS_FRAMEWORK_AUTOMATIC: the Hugging Face stack */
  TsPrecision      precision;
  TsOptimizer      optimizer;
  guint            lora_rank;
  TsLoraTargets    lora_targets;
  guint            gpus;           /* data parallel, ZeRO-3 (FSDP) when more than one */
  guint            micro_batch;
  guint            seq_len;
  TsCheckpointing  checkpointing;
  gboolean         compiled_loss;  /* torch.compile on the loss (ts_framework_memory_compiled_loss ()) */
  double           measured_bytes;
  TsPeakKind       kind;
  const char      *system;         /* as the source names it */
  const char      *source;
} TsPublishedPeak;

/* The band predicted / measured must stay in (docs/sizing-model.md §4.3). */
#define TS_PEAK_RATIO_LOW   0.8
#define TS_PEAK_RATIO_HIGH  1.25
/* An out-of-memory boundary: at most the card; at least this share of
 * it (the Hugging Face stack's known gap at long sequences, §4.3) */
#define TS_PEAK_BOUNDARY_LOW 0.7

guint                  ts_published_peaks_count (void);
const TsPublishedPeak *ts_published_peak        (guint index);

typedef struct
{
  double   predicted;   /* bytes, as kind says */
  double   ratio;       /* predicted / measured */
  TsPhase  peak_phase;
  double   sum_of_parts; /* every component at its largest, as the model
                          * summed them before the timeline (issue 27) */
} TsPeakCheck;

/* The run through the memory model at its own layout, framework, batch,
 * sequence and recomputation; FALSE when the catalog lacks its model. */
gboolean ts_published_peak_check (const TsCatalog       *catalog,
                                  const TsPublishedPeak *peak,
                                  TsPeakCheck           *check);

/* The Markdown table of docs/ and the README. */
char    *ts_published_peaks_markdown (const TsCatalog *catalog);

G_END_DECLS
