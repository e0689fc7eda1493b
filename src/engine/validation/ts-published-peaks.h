/* ts-published-peaks.h — published measured memory peaks the memory model is held to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-catalog.h"
#include "ts-memory.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

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
