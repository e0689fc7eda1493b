/* ts-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-answer-pane.h"
#include "ts-document.h"
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
/* The servers table as CSV (Export → Servers as CSV…). */
gboolean          ts_window_export_csv       (TsWindow         *self,
                                              GFile            *file,
                                              GError          **error);
/* A message that stays until dismissed (a file that could not be opened). */
void              ts_window_show_error       (TsWindow         *self,
                                              const char       *message);
void              ts_window_add_toast        (TsWindow         *self,
                                              AdwToast         *toast);
/* A toast saying file was written, named in title (one %s: the file's
 * name, e.g. “Saved “%s””), with a button that opens it; or, when error
 * is set, its message until dismissed. */
void              ts_window_show_saved       (TsWindow         *self,
                                              const char       *title,
                                              GFile            *file,
                                              const GError     *error);
gboolean          ts_window_save_file        (TsWindow         *self,
                                              GFile            *file,
                                              GError          **error);

/* Makes model (read from a file: ts-model-import.c) the custom model, as it
 * is: name, architecture, hf_id and source. */
void              ts_window_set_custom_model (TsWindow         *self,
                                              const TsModel    *model);
/* Hands the spec sheet module (ts-print.h) the vendor from Preferences and
 * the customer and project of the form; before every print and export. */
void              ts_window_update_branding  (TsWindow         *self);

/* The parts the actions (ts-window-actions.c) work through. */
TsDocument       *ts_window_get_document     (TsWindow         *self);
TsAnswerPane     *ts_window_get_answer_pane  (TsWindow         *self);
/* The option chosen in the servers table: its index in the plan's
 * options, or -1 (the recommended one is shown). */
int               ts_window_get_shown_option (TsWindow         *self);
/* A narrow window shows one side at a time: these bring one forward. */
void              ts_window_show_answer      (TsWindow         *self);
void              ts_window_show_scenario    (TsWindow         *self);
/* Presenter mode: the answer alone, full screen, the drawings sized for a
 * projector (the win.presenter action's state). */
void              ts_window_set_presenting   (TsWindow         *self,
                                              gboolean          presenting);

G_END_DECLS
