/* ts-scenario.h — every input of a sizing question
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-scenario-types.h"
#include "ts-scenario-fields.h"

G_BEGIN_DECLS

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
