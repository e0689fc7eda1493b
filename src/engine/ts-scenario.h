/* ts-scenario.h — every input of a sizing question
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-model.h"

G_BEGIN_DECLS

typedef enum
{
  TS_METHOD_FULL,
  TS_METHOD_LORA,
  TS_METHOD_QLORA,
  TS_N_METHODS
} TsMethod;

typedef enum
{
  TS_PRECISION_BF16,      /* BF16 mixed precision with FP32 master weights */
  TS_PRECISION_FP16,      /* FP16 mixed precision with FP32 master weights */
  TS_PRECISION_FP8,       /* FP8 compute; BF16 weights + FP32 master kept */
  TS_PRECISION_FP32,      /* pure FP32: no separate master copy */
  TS_PRECISION_PURE_BF16, /* pure BF16: no FP32 master copy */
  TS_N_PRECISIONS
} TsPrecision;

typedef enum
{
  TS_GRAD_BF16,
  TS_GRAD_FP32,
  TS_N_GRAD_DTYPES
} TsGradDtype;

typedef enum
{
  TS_OPTIMIZER_ADAMW,
  TS_OPTIMIZER_ADAMW_8BIT,
  TS_OPTIMIZER_ADAFACTOR,
  TS_OPTIMIZER_SGD,
  TS_OPTIMIZER_LION,
  TS_N_OPTIMIZERS
} TsOptimizer;

typedef enum
{
  TS_CHECKPOINTING_NONE,
  TS_CHECKPOINTING_SELECTIVE,
  TS_CHECKPOINTING_FULL,
  TS_N_CHECKPOINTING
} TsCheckpointing;

typedef enum
{
  TS_OFFLOAD_NONE,
  TS_OFFLOAD_OPTIMIZER,
  TS_N_OFFLOADS
} TsOffload;

typedef enum
{
  TS_LORA_TARGETS_QV,
  TS_LORA_TARGETS_ATTENTION,
  TS_LORA_TARGETS_ALL_LINEAR,
  TS_N_LORA_TARGETS
} TsLoraTargets;

/* What the ranking puts first among the options that work (issue 17):
 * the smallest hardware that does the job (the default, the article's
 * advice: power, then energy cost, capex, time), the shortest time, the
 * lowest cost (capex where the catalog prices it, then energy cost), the
 * least energy. */
typedef enum
{
  TS_OBJECTIVE_SERVERS,
  TS_OBJECTIVE_TIME,
  TS_OBJECTIVE_COST,
  TS_OBJECTIVE_ENERGY,
  TS_N_OBJECTIVES
} TsObjective;

/* The layout inputs the engine chooses per option (issue 17): a flag set
 * means the field's value is only the old fixed default, one candidate of
 * the search; a flag clear means the user fixed the value. */
typedef enum
{
  TS_SEARCH_TP                = 1 << 0,
  TS_SEARCH_PP                = 1 << 1,
  TS_SEARCH_ZERO              = 1 << 2,
  TS_SEARCH_MICRO_BATCH       = 1 << 3,
  TS_SEARCH_CHECKPOINTING     = 1 << 4,
  TS_SEARCH_SEQUENCE_PARALLEL = 1 << 5,
  TS_SEARCH_EP                = 1 << 6,
} TsSearchFlags;

#define TS_SEARCH_ALL 0x7fu

typedef struct
{
  /* What is trained, and how */
  char            *model_id;       /* catalog id, or NULL for a custom model */
  TsModel          model;          /* resolved: from the catalog or custom */
  TsMethod         method;
  TsPrecision      precision;
  TsGradDtype      grad_dtype;
  TsOptimizer      optimizer;
  TsOffload        offload;

  /* Workload */
  guint            seq_len;
  guint            micro_batch;
  TsCheckpointing  checkpointing;
  gboolean         flash_attention;
  gboolean         sequence_parallel;
  double           tokens;         /* dataset tokens for the whole run */
  double           deadline_days;  /* 0 = no deadline */

  /* Parallel layout; 0 = decided by the engine */
  int              zero_stage;     /* -1 = default (3 when more than one GPU) */
  gboolean         zero3_prefetch; /* the next layer gathered while this one computes */
  guint            tp;
  guint            pp;
  guint            ep;
  guint            gpus;           /* total GPUs of the job; 0 = 1 or recommended */
  guint            searched;       /* TsSearchFlags: chosen per option by the planner */
  guint            global_batch;   /* sequences per optimizer step; 0 = the default (ts_scenario_global_batch ()) */
  TsObjective      objective;      /* what ranks the options that work */

  /* LoRA / QLoRA */
  guint            lora_rank;
  TsLoraTargets    lora_targets;
  gboolean         double_quant;
  gboolean         paged_optimizer;

  /* Overhead (docs/sizing-model.md §6) */
  double           runtime_overhead_bytes;
  double           fragmentation;  /* fraction of everything else */

  /* Hardware */
  char            *server_id;      /* NULL = recommend */
  guint            servers;        /* 0 = the smallest count that fits */

  /* Site */
  guint            rack_units;
  double           rack_kw;
  double           voltage;
  guint            phases;
  double           pue;
  double           price_kwh;
  char            *currency;
  double           headroom_tight; /* verdict “tight” below this fraction */
} TsScenario;

/* Defaults of a new scenario (docs/sizing-model.md §9). */
#define TS_DEFAULT_SEQ_LEN            2048
#define TS_DEFAULT_MICRO_BATCH        1
#define TS_DEFAULT_LORA_RANK          16
#define TS_DEFAULT_TOKENS             10e9
/* HF measured 1.3 GB for CUDA kernels; others report 0.3–2 GB (docs/sizing-literature.md §1.7). */
#define TS_DEFAULT_RUNTIME_OVERHEAD   1.5e9
#define TS_DEFAULT_FRAGMENTATION      0.05
#define TS_DEFAULT_RACK_UNITS         42
#define TS_DEFAULT_RACK_KW            30.0
#define TS_DEFAULT_VOLTAGE            230.0
#define TS_DEFAULT_PHASES             3
#define TS_DEFAULT_PUE                1.4
#define TS_DEFAULT_HEADROOM_TIGHT     0.10
/* Tokens per optimizer step of full training when the user gives no
 * global batch: 4M tokens, Llama 2's batch for every size (Touvron et al.
 * 2023, Table 1; docs/sizing-model.md §8.2), also GPT-3 175B's 3.2M order. */
#define TS_DEFAULT_GLOBAL_BATCH_TOKENS 4194304.0
/* Sequences per step of LoRA/QLoRA fine-tuning: the upper end of the
 * 16–64 the QLoRA paper uses (Dettmers et al. 2023, Table 9). */
#define TS_DEFAULT_ADAPTER_GLOBAL_BATCH 64u
#define TS_MAX_GLOBAL_BATCH 100000000u

/* Limits of accepted input (reliability issue): large enough for any real
 * job, small enough that no product of them overflows a double's range. */
/* Counts that cannot be zero: a sequence of at least one token, at least
 * one example a step, at least one GPU in each parallel dimension, a LoRA
 * adapter of rank at least one. */
#define TS_MIN_SEQ_LEN      1u
#define TS_MIN_MICRO_BATCH  1u
#define TS_MIN_PARALLEL     1u
#define TS_MIN_LORA_RANK    1u
#define TS_MAX_SEQ_LEN      10000000u
#define TS_MAX_MICRO_BATCH  65536u
#define TS_MAX_GPUS         100000u
#define TS_MAX_TOKENS       1e15
#define TS_MAX_DAYS         36500.0
#define TS_MAX_LORA_RANK    65536u
#define TS_MAX_SERVERS      TS_MAX_GPUS
#define TS_MAX_PARALLEL     TS_MAX_GPUS     /* tp, pp, ep */
/* 1e12 bytes = 1,000 GB of CUDA context per GPU: no runtime comes close. */
#define TS_MAX_RUNTIME_OVERHEAD 1e12
#define TS_MAX_FRAGMENTATION    1.0
/* Cabinets are 42U or 48U; 1 to 100 covers wall-mount cases and tall
 * custom frames without letting the rack drawing run away. */
#define TS_MIN_RACK_UNITS   1u
#define TS_MAX_RACK_UNITS   100u
#define TS_MIN_RACK_KW      0.1
#define TS_MAX_RACK_KW      10000.0
/* Phase-to-neutral: 100 V (Japan) to medium voltage fed directly. */
#define TS_MIN_VOLTAGE      90.0
#define TS_MAX_VOLTAGE      1000.0
/* Power is single or three phase; a “two-phase” feed is a single phase
 * between two lines, entered as single phase at that voltage. */
#define TS_PHASES_SINGLE    1u
#define TS_PHASES_THREE     3u
/* PUE is total over IT power: never below 1; 5 is beyond the worst site. */
#define TS_MIN_PUE          1.0
#define TS_MAX_PUE          5.0
#define TS_MAX_PRICE_KWH    1e6
#define TS_MAX_HEADROOM_TIGHT 0.9
/* Text: a model name as long as a model file allows; ids and currency
 * codes shorter (an id is looked up and echoed in messages). */
#define TS_MAX_NAME_CHARS     200u
#define TS_MAX_ID_CHARS       200u
#define TS_MAX_CURRENCY_CHARS 8u

TsScenario *ts_scenario_new              (void);
TsScenario *ts_scenario_copy             (const TsScenario *scenario);
void        ts_scenario_free             (TsScenario       *scenario);
void        ts_scenario_init_defaults    (TsScenario       *scenario);
void        ts_scenario_clear            (TsScenario       *scenario);

/* The one definition of every input's range and allowed values: the
 * scenario file reader, the CLI (through ts_plan_compute) and the window
 * all refuse what this refuses. */
gboolean    ts_scenario_validate         (const TsScenario *scenario,
                                          GError          **error);
/* A currency code: 1 to TS_MAX_CURRENCY_CHARS characters of UTF-8, no
 * white space, no control characters or direction marks (“RUB”, “₽”). */
gboolean    ts_scenario_check_currency   (const char       *currency,
                                          GError          **error);
/* Text a user typed or a file carried, shown on screen and in documents:
 * valid UTF-8, at most max_chars characters, none of the C0/C1 controls
 * (ESC…), line separators or bidirectional marks and overrides (U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069, U+061C) that would hide or
 * reorder what is shown. field names it in the message (translated). */
gboolean    ts_scenario_check_text       (const char       *text,
                                          const char       *field,
                                          guint             max_chars,
                                          GError          **error);

void        ts_scenario_set_model        (TsScenario       *scenario,
                                          const TsModel    *model);
void        ts_scenario_set_server       (TsScenario       *scenario,
                                          const char       *server_id);
void        ts_scenario_set_currency     (TsScenario       *scenario,
                                          const char       *currency);

/* Sequences per optimizer step: the user's, else the documented default
 * (TS_DEFAULT_GLOBAL_BATCH_TOKENS / seq_len for full training, at least
 * one; TS_DEFAULT_ADAPTER_GLOBAL_BATCH for LoRA/QLoRA). */
guint       ts_scenario_global_batch     (const TsScenario *scenario);
/* The search flag of a layout input named as the scenario file or the
 * CLI names it (“tp”, “--tp”, “zero_stage”, “--zero”, “micro_batch”,
 * “--micro-batch”, “checkpointing”, “sequence_parallel”, “ep”, …); 0 for
 * any other name. */
guint       ts_search_flag_from_name     (const char       *name);
/* The user fixed (or left to the planner) the input of that name. */
/* Whether the planner chooses the input: its flag is set and its field
 * still holds the old default (tp = pp = ep = 1, ZeRO -1, micro-batch 1,
 * full recomputation, no sequence parallelism). A program or window that
 * writes another value into the field fixes it, as it always did. */
gboolean    ts_scenario_searches         (const TsScenario *scenario,
                                          TsSearchFlags     flag);
void        ts_scenario_fix_input        (TsScenario       *scenario,
                                          const char       *name);
void        ts_scenario_search_input     (TsScenario       *scenario,
                                          const char       *name);

/* The method in plain words, translated (“Full training”). */
const char *ts_method_label              (TsMethod         method);

/* Enum names as used by the CLI and the scenario file. */
const char *ts_method_to_string          (TsMethod         method);
gboolean    ts_method_from_string        (const char      *str,
                                          TsMethod        *method);
const char *ts_precision_to_string       (TsPrecision      precision);
gboolean    ts_precision_from_string     (const char      *str,
                                          TsPrecision     *precision);
const char *ts_grad_dtype_to_string      (TsGradDtype      dtype);
gboolean    ts_grad_dtype_from_string    (const char      *str,
                                          TsGradDtype     *dtype);
const char *ts_optimizer_to_string       (TsOptimizer      optimizer);
gboolean    ts_optimizer_from_string     (const char      *str,
                                          TsOptimizer     *optimizer);
const char *ts_checkpointing_to_string   (TsCheckpointing  checkpointing);
gboolean    ts_checkpointing_from_string (const char      *str,
                                          TsCheckpointing *checkpointing);
const char *ts_offload_to_string         (TsOffload        offload);
gboolean    ts_offload_from_string       (const char      *str,
                                          TsOffload       *offload);
const char *ts_objective_to_string       (TsObjective      objective);
gboolean    ts_objective_from_string     (const char      *str,
                                          TsObjective     *objective);
const char *ts_lora_targets_to_string    (TsLoraTargets    targets);
gboolean    ts_lora_targets_from_string  (const char      *str,
                                          TsLoraTargets   *targets);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsScenario, ts_scenario_free)

G_END_DECLS

G_BEGIN_DECLS

/* The scenario file (versioned JSON; see ts-scenario-file.c). */
#define TS_SCENARIO_SCHEMA_VERSION 1

typedef struct _TsCatalog TsCatalog;

JsonNode   *ts_scenario_to_json     (const TsScenario *scenario);
char       *ts_scenario_to_string   (const TsScenario *scenario);
TsScenario *ts_scenario_from_json   (JsonNode         *root,
                                     const TsCatalog  *catalog,
                                     const char       *name,
                                     GError          **error);
TsScenario *ts_scenario_from_string (const char       *data,
                                     gssize            length,
                                     const TsCatalog  *catalog,
                                     const char       *name,
                                     GError          **error);
TsScenario *ts_scenario_load_file   (const char       *path,
                                     const TsCatalog  *catalog,
                                     GError          **error);
/* Atomic: a temporary file renamed over the old one, never half-written. */
gboolean    ts_scenario_save_file   (const TsScenario *scenario,
                                     const char       *path,
                                     GError          **error);

G_END_DECLS
