/* ts-scenario-form.h — the scenario's rows: model, method, workload,
 * hardware, advanced, site, and the spec sheet's customer and project
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"

G_BEGIN_DECLS

#define TS_TYPE_SCENARIO_FORM (ts_scenario_form_get_type ())

G_DECLARE_FINAL_TYPE (TsScenarioForm, ts_scenario_form, TS, SCENARIO_FORM, AdwBin)

/* The form edits scenario in place (it stays the caller's) and emits
 * “changed” (GtkWidget *row: the row edited, for an error) after each
 * edit. Both are borrowed; set them again when either is replaced. */
void        ts_scenario_form_set_scenario     (TsScenarioForm   *self,
                                               TsCatalog        *catalog,
                                               TsScenario       *scenario);
/* New model and server lists from catalog, the same scenario. */
void        ts_scenario_form_set_catalog      (TsScenarioForm   *self,
                                               TsCatalog        *catalog);
/* The engine's complaint about the scenario, on row (NULL: the model row),
 * until ts_scenario_form_clear_error. */
void        ts_scenario_form_show_error       (TsScenarioForm   *self,
                                               GtkWidget        *row,
                                               const char       *message);
void        ts_scenario_form_clear_error      (TsScenarioForm   *self);
/* The "plan" property, bound to the window's: the rows of automatic
 * inputs say what the planner chose for its shown option (“Automatic —
 * none on this plan”). The form keeps a reference. */
void        ts_scenario_form_show_plan        (TsScenarioForm   *self,
                                               TsPlan           *plan);
/* Makes model the custom one, as it is (see ts_window_set_custom_model). */
void        ts_scenario_form_set_custom_model (TsScenarioForm   *self,
                                               const TsModel    *model);
gboolean    ts_scenario_form_select_model     (TsScenarioForm   *self,
                                               const char       *id);

/* The spec sheet's customer and project, as typed. */
const char *ts_scenario_form_get_customer     (TsScenarioForm   *self);
const char *ts_scenario_form_get_project      (TsScenarioForm   *self);
void        ts_scenario_form_set_document     (TsScenarioForm   *self,
                                               const char       *customer,
                                               const char       *project);
/* The same, or NULL when empty or one the spec sheet must not print (the
 * row is then marked with the reason). */
char       *ts_scenario_form_dup_customer     (TsScenarioForm   *self);
char       *ts_scenario_form_dup_project      (TsScenarioForm   *self);

/* A field's control (spin button, switch or combo row) and its row; key
 * is a key of ts_form_fields[] (ts-form-fields.h) or “hardware”, “currency”, “custom_params”. Rows that
 * are made on first use (Advanced, Site) are made now. */
GtkWidget  *ts_scenario_form_get_field_widget (TsScenarioForm   *self,
                                               const char       *key);
GtkWidget  *ts_scenario_form_get_field_row    (TsScenarioForm   *self,
                                               const char       *key);
/* The control of the custom architecture's field key (a key of
 * ts_arch_fields (): “layers”, “mlp”, …), or NULL. */
GtkWidget  *ts_scenario_form_get_arch_widget  (TsScenarioForm   *self,
                                               const char       *key);

G_END_DECLS
