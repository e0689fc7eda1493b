/* ts-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"
#include "ts-render.h"

G_BEGIN_DECLS

#define TS_TYPE_WINDOW (ts_window_get_type ())

G_DECLARE_FINAL_TYPE (TsWindow, ts_window, TS, WINDOW, AdwApplicationWindow)

TsWindow         *ts_window_new              (GtkApplication   *application);
/* A window showing a copy of scenario (NULL: the last one, from GSettings). */
TsWindow         *ts_window_new_for_scenario (GtkApplication   *application,
                                              const TsScenario *scenario);
void              ts_window_take_state       (TsWindow         *self,
                                              TsWindow         *old);
void              ts_window_catalog_changed  (TsWindow         *self);
const TsScenario *ts_window_get_scenario     (TsWindow         *self);
const TsPlan     *ts_window_get_plan         (TsWindow         *self);
/* The one-sentence answer shown at the top (for tests and a11y). */
const char       *ts_window_get_headline     (TsWindow         *self);
GFile            *ts_window_get_file         (TsWindow         *self);
gboolean          ts_window_get_dirty        (TsWindow         *self);
gboolean          ts_window_open_file        (TsWindow         *self,
                                              GFile            *file,
                                              GError          **error);
/* The customer and project the spec sheet names (window fields: they
 * belong to the document, not to the scenario). */
void              ts_window_set_document     (TsWindow         *self,
                                              const char       *customer,
                                              const char       *project);
const char       *ts_window_get_customer     (TsWindow         *self);
/* The servers table as CSV (Export → Servers as CSV…). */
gboolean          ts_window_export_csv       (TsWindow         *self,
                                              GFile            *file,
                                              GError          **error);
/* A message that stays until dismissed (a file that could not be opened). */
void              ts_window_show_error       (TsWindow         *self,
                                              const char       *message);
gboolean          ts_window_save_file        (TsWindow         *self,
                                              GFile            *file,
                                              GError          **error);

/* Makes model (read from a file: ts-model-import.c) the custom model, as it
 * is: name, architecture, hf_id and source. */
void              ts_window_set_custom_model (TsWindow         *self,
                                              const TsModel    *model);
/* The win.* actions' keys (ts-window-actions.c), set once at start-up. */
void              ts_window_set_accels       (GtkApplication   *application);

G_END_DECLS
