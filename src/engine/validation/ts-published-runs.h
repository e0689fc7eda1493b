/* ts-published-runs.h — published training runs the time model is held to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-catalog.h"
#include "ts-scenario.h"
#include "ts-throughput.h"

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
} TsRunCheck;

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

G_END_DECLS
