/* ts-scenario.h — every input of a sizing question
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include "ts-field.h"
#include "ts-model.h"

G_BEGIN_DECLS

/* ---- the inputs of a sizing question as data ---- */

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

/* The training framework the plan is for (issue 26): its layouts and
 * memory rules shape the plan (src/engine/framework/ts-framework.c).
 * Automatic picks, per option, the one a user would for the method and
 * the layout. */
typedef enum
{
  TS_FRAMEWORK_AUTOMATIC,
  TS_FRAMEWORK_MEGATRON,
  TS_FRAMEWORK_DEEPSPEED,
  TS_FRAMEWORK_FSDP,
  TS_FRAMEWORK_AXOLOTL,
  TS_FRAMEWORK_LLAMAFACTORY,
  TS_FRAMEWORK_TORCHTUNE,
  TS_N_FRAMEWORKS
} TsFramework;

/* How the site takes heat away (docs/facility.md §2): air only; air
 * with facility water at the racks for rear-door heat exchangers; or
 * facility water for direct liquid cooling (cold plates, CDUs), rear
 * doors too. */
typedef enum
{
  TS_SITE_COOLING_AIR,
  TS_SITE_COOLING_REAR_DOOR,
  TS_SITE_COOLING_LIQUID,
  TS_N_SITE_COOLINGS
} TsSiteCooling;

/* A preset of the site's rows (docs/facility.md §6): custom leaves them
 * as they are; the others set the rack power limit, the cooling, the air
 * limit per rack, the facility water and the floor load limit. */
typedef enum
{
  TS_SITE_PROFILE_CUSTOM,
  TS_SITE_PROFILE_ENTERPRISE,
  TS_SITE_PROFILE_DENSE_AIR,
  TS_SITE_PROFILE_LIQUID_AI,
  TS_N_SITE_PROFILES
} TsSiteProfile;

/* What the training framework does to memory beyond the model's own
 * tensors: parameters of the memory computation that the framework table
 * sets, not inputs of the user (no row of fields[]). The defaults are the
 * plain Hugging Face stack (Trainer, PyTorch autograd), as the memory
 * model had them built in (docs/sizing-model.md §4). */
typedef struct
{
  /* Bytes per logit kept for the loss's backward pass: the output head's
   * logits in the compute dtype (HF: BF16, 2) and the FP32 copy the loss
   * upcasts them to (HF: 4). */
  double logits_kept_bytes;
  double loss_copy_bytes;
  /* Chunked cross-entropy (torchtune's CEWithChunkedOutputLoss, Liger's
   * fused linear cross-entropy): the FP32 copy exists for 1/n of the
   * tokens at a time. 1: not chunked (HF). */
  guint  loss_chunks;
  /* The step's timeline (docs/sizing-model.md §4.2, issue 27):
   * loss_in_place: the FP32 copy becomes the softmax and its gradient in
   * place (Megatron-LM's vocab-parallel cross-entropy);
   * drops_logits: the 16-bit logits are freed before the backward pass
   * (the Trainer's compute_loss returns the loss alone; torchtune's
   * recipes `del` them);
   * grad_buffer_stages: the ZeRO stages (1 << stage) at which the
   * gradients live in a buffer allocated once for the run, not freed by
   * zero_grad (set_to_none) after each step;
   * ddp_buckets: PyTorch DDP's reducer buckets, a second copy of the
   * gradients beside param.grad, at ZeRO-0 over several GPUs;
   * step_grad_copy: DeepSpeed ZeRO-1/2's optimizer step flattens the
   * gradient partition and converts it to FP32 before freeing the
   * 16-bit gradients. */
  gboolean loss_in_place;
  gboolean drops_logits;
  guint    grad_buffer_stages;
  gboolean ddp_buckets;
  gboolean step_grad_copy;
  /* The layer's tensors (docs/sizing-model.md §4, issue 29):
   * fused_glu: the gated activation keeps its input alone (Megatron-LM's
   * fused SwiGLU), so a GLU MLP keeps three widths, not four;
   * fp8_gemm_inputs: in FP8 training each GEMM keeps its input as the FP8
   * copy it multiplied (Transformer Engine), not the 16-bit tensor. */
  gboolean fused_glu;
  gboolean fp8_gemm_inputs;
} TsFrameworkMemory;

#define TS_HF_LOGITS_KEPT_BYTES 2.0
#define TS_HF_LOSS_COPY_BYTES   4.0
#define TS_HF_LOSS_CHUNKS       1u

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
  guint            cp;             /* context parallel: GPUs that split each sequence
                                    * (sizing-model §8.9); 0 or 1 = none */
  guint            searched;       /* TsSearchFlags: chosen per option by the planner */
  guint            global_batch;   /* sequences per optimizer step; 0 = the default (ts_scenario_global_batch ()) */
  TsObjective      objective;      /* what ranks the options that work */
  TsFramework      framework;      /* TS_FRAMEWORK_AUTOMATIC: chosen per option */

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

  /* Fabric */
  double           oversubscription; /* compute fabric, leaf downlinks per uplink (1 = non-blocking; docs/cluster-fabric.md §4) */
  double           min_free;       /* a fit keeps at least this fraction free */

  /* Set by the framework, not by the user (ts_scenario_init_defaults ():
   * the Hugging Face stack) */
  TsFrameworkMemory framework_memory;

  /* Facility (docs/facility.md) */
  TsSiteCooling    site_cooling;
  double           air_rack_kw;      /* what air alone takes from one rack */
  TsSiteProfile    site_profile;     /* the preset the site rows came from */
  double           water_c;          /* facility water supply, °C */
  double           floor_kg_m2;      /* floor load limit, kg/m² (0 = none given) */

  /* Storage */
  guint            checkpoints_kept; /* checkpoints the storage keeps (docs/goodput.md §5) */
} TsScenario;

/* Defaults of a new scenario (docs/sizing-model.md §9). */
#define TS_DEFAULT_SEQ_LEN            2048
#define TS_DEFAULT_MICRO_BATCH        1
#define TS_DEFAULT_LORA_RANK          16
/* The dataset of full training when the user gives none (tokens 0). */
#define TS_DEFAULT_TOKENS             10e9
/* The dataset of LoRA/QLoRA fine-tuning when the user gives none: Llama
 * 2's supervised fine-tuning set, 27,540 annotations trained for 2 epochs
 * (Touvron et al. 2023, §3.1), each example one sequence of the run's
 * length (an upper bound: shorter examples are padded or packed);
 * docs/sizing-model.md §9. */
#define TS_DEFAULT_ADAPTER_EXAMPLES   27540.0
#define TS_DEFAULT_ADAPTER_EPOCHS     2.0
/* HF measured 1.3 GB for CUDA kernels; others report 0.3–2 GB (docs/sizing-literature.md §1.7). */
#define TS_DEFAULT_RUNTIME_OVERHEAD   1.5e9
#define TS_DEFAULT_FRAGMENTATION      0.05
#define TS_DEFAULT_RACK_UNITS         42
/* The latest checkpoint, the one before it in case the latest is damaged,
 * and one more (docs/goodput.md §5). */
#define TS_DEFAULT_CHECKPOINTS_KEPT   3
/* Air cooling is practical to roughly 30–40 kW per rack (ASHRAE TC 9.9
 * thermal guidelines; vendors' site guides; docs/facility.md §2): the
 * lower end, as the rack limit's own default. */
#define TS_DEFAULT_AIR_RACK_KW        30.0
/* Facility water at the racks: the direct-liquid loop's ~25 °C inlet
 * (docs/facility.md §3); the range spans ASHRAE's W17–W45 classes. */
#define TS_DEFAULT_WATER_C            25.0
#define TS_MIN_WATER_C                5.0
#define TS_MAX_WATER_C                60.0
/* A floor load limit above any rack's weight on its footprint. */
#define TS_MAX_FLOOR_KG_M2            100000.0
#define TS_MAX_CHECKPOINTS_KEPT       1000
#define TS_DEFAULT_RACK_KW            30.0
#define TS_DEFAULT_VOLTAGE            230.0
#define TS_DEFAULT_PHASES             3
#define TS_DEFAULT_PUE                1.4
#define TS_DEFAULT_OVERSUBSCRIPTION   1.0
#define TS_DEFAULT_HEADROOM_TIGHT     0.10
/* The least share of a GPU's memory a fit leaves free, after the runtime
 * reserve and fragmentation already counted as demand: the spread of
 * measured peaks around the estimate (docs/sizing-model.md §7.1). */
#define TS_DEFAULT_MIN_FREE           0.03
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
#define TS_MIN_OVERSUBSCRIPTION 1.0
#define TS_MAX_OVERSUBSCRIPTION 8.0
#define TS_MAX_PRICE_KWH    1e6
#define TS_MAX_HEADROOM_TIGHT 0.9
#define TS_MAX_MIN_FREE       0.5

/* ---- the one table of a scenario's inputs (records of ts-field.h) ---- */

/* Every field, in the scenario file's order. */
const TsScenarioField *ts_scenario_fields                (guint                 *n_fields);
/* By file key (or alias), or by CLI name (with or without “--”). NULL if none. */
const TsScenarioField *ts_scenario_field_find            (const char            *key);
const TsScenarioField *ts_scenario_field_find_cli        (const char            *cli_name);
/* A form's rows: the fields of group in display order (free the array
 * with g_free; the fields are static). */
const TsScenarioField **ts_scenario_fields_in_group      (TsFieldGroup           group,
                                                          guint                 *n_fields);

/* The value as the CLI takes it: an enum's or choice's name, “on” or
 * “off”, a number in display units (value / scale, exact; a
 * TS_FIELD_CLI_COUNT field in scenario units), the string.
 * Free with g_free (). */
char        *ts_scenario_field_get_text    (const TsScenarioField *field,
                                            const TsScenario      *scenario);
/* The input of key in words, translated (its name: “Sequence length”),
 * as a document's row names it; "" for an unknown key. */
const char  *ts_scenario_field_title       (const char            *key);
/* The label of the choice value of the field key as a printed document
 * shows it (its sheet_label, else its label), translated; "" if none. */
const char  *ts_scenario_field_sheet_label (const char            *key,
                                            int                    value);
/* Whether the field's value in scenario is allowed
 * (ts_scenario_field_check (), ts_scenario_field_check_text ()). */
gboolean     ts_scenario_field_validate    (const TsScenarioField *field,
                                            const TsScenario      *scenario,
                                            GError               **error);
/* Every field set to its default (ts_scenario_init_defaults). */
void         ts_scenario_fields_set_defaults (TsScenario          *scenario);

/* ---- a scenario: made, copied, checked, saved ---- */

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
/* The dataset's tokens: the user's, or when 0 the method's default
 * (10B for full training; LoRA/QLoRA a fine-tuning set). */
double      ts_scenario_tokens           (const TsScenario *scenario);
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

/* Enum names as the CLI and the scenario file write them (the field
 * table's choices), for the plan's JSON; NULL for a value out of range.
 * Any field's names: ts_scenario_field_choice (); reading a name:
 * ts_scenario_field_set_text (). */
const char *ts_method_to_string          (TsMethod         method);
const char *ts_checkpointing_to_string   (TsCheckpointing  checkpointing);
const char *ts_objective_to_string       (TsObjective      objective);

/* ---- site profiles: presets of the site's rows (docs/facility.md §6;
 * ts-site-profile.c) ---- */

/* What a preset sets, and where each figure comes from. */
typedef struct
{
  TsSiteProfile profile;
  guint         rack_units;   /* rack height */
  double        rack_kw;      /* power limit per rack */
  TsSiteCooling cooling;      /* what the site takes heat away with */
  double        air_rack_kw;  /* what air alone takes from one rack */
  double        water_c;      /* facility water supply */
  double        floor_kg_m2;  /* floor load limit; 0 = none published */
  const char   *source;       /* in English, for docs and tests */
} TsSiteProfileValues;

/* The preset's values, or NULL for TS_SITE_PROFILE_CUSTOM. */
const TsSiteProfileValues *ts_site_profile_values (TsSiteProfile  profile);
/* Sets the scenario's site rows to the preset's (custom leaves them) and
 * records the preset. */
void                       ts_site_profile_apply  (TsScenario    *scenario,
                                                   TsSiteProfile  profile);

/* Whether the presets set the scenario field of this file key (an edit
 * of it by hand makes the site custom). */
gboolean                   ts_site_profile_sets   (const char    *key);

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
