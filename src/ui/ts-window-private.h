/* ts-window-private.h — the window's insides, for its own files
 * (ts-window.c, ts-window-actions.c) and for tests
 *
 * Nothing else includes this: the rest of the program uses ts-window.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-answer-pane.h"
#include "ts-app-state.h"
#include "ts-document.h"
#include "ts-scenario-form.h"
#include "ts-window.h"

G_BEGIN_DECLS

struct _TsWindow
{
  AdwApplicationWindow  parent_instance;

  TsAppState           *state;       /* the application's catalog and settings */
  GSettings            *settings;
  TsScenario           *scenario;
  TsPlan               *plan;
  char                 *shown_server_id;  /* the option chosen in the table */
  int                   shown_option;     /* its index in plan->options, or -1 */
  TsDocument           *document;         /* its file, autosave, unsaved changes */
  guint                 navigation_idle_id;
  gboolean              presenting;       /* presenter mode */
  gboolean              unfullscreen_on_leave;  /* presenter mode made it fullscreen */

  /* template children */
  AdwToastOverlay      *toast_overlay;
  AdwLeaflet           *leaflet;
  GtkWidget            *back_button;
  GtkWidget            *answer_button;
  AdwViewSwitcherTitle *switcher_title;
  AdwWindowTitle       *file_title;
  GtkWidget            *presenter_button;
  GtkWidget            *large_type_button;
  GtkWidget            *scenario_page;
  GtkWidget            *pane_separator;
  TsScenarioForm       *form;
  TsAnswerPane         *answer;
};

/* ts-window-actions.c: the win.* actions and presenter mode's keys. */
void        _ts_window_add_actions         (TsWindow    *self);
/* ts-window.c, for the actions */
TsCatalog  *_ts_window_get_catalog         (TsWindow    *self);
void        _ts_window_add_toast           (TsWindow    *self,
                                            AdwToast    *toast);
void        _ts_window_show_file_toast     (TsWindow    *self,
                                            const char  *title,
                                            GFile       *file);
/* Which header buttons and layout fit, after the leaflet or presenter mode
 * changed (deferred to an idle: see leaflet_changed_cb). */
void        _ts_window_update_navigation   (TsWindow    *self);
/* Hands the spec sheet module what it prints about the vendor and the
 * customer; called before every print, preview and export. */
void        _ts_window_pass_branding       (TsWindow    *self);

/* For tests and the benchmark: the controls and views by name. key is the
 * scenario file's name of the field (“seq_len”, “method”, …: the keys of
 * ts_form_fields[], ts-form-fields.h) or “hardware”, “currency”,
 * “custom_params”. */
GtkWidget     *ts_window_get_field_widget (TsWindow   *self,
                                           const char *key);
GtkWidget     *ts_window_get_field_row    (TsWindow   *self,
                                           const char *key);
GtkWidget     *ts_window_get_view         (TsWindow   *self,
                                           TsDrawing   drawing);
gboolean       ts_window_select_model     (TsWindow   *self,
                                           const char *id);
GtkColumnView *ts_window_get_option_view  (TsWindow   *self);
int            ts_window_get_shown_option (TsWindow   *self);
/* What the model file chooser and the paste dialog do with their answer:
 * the model the text or file holds becomes the custom model. */
gboolean       ts_window_import_model_file (TsWindow   *self,
                                            GFile      *file,
                                            GError    **error);
gboolean       ts_window_import_model_text (TsWindow   *self,
                                            const char *text,
                                            const char *name,
                                            GError    **error);
/* A named child of the window's template or of one of its parts'
 * (“view_stack”, “model_list”, “advanced_row”, …), or NULL. */
GObject       *ts_window_get_template_widget (TsWindow   *self,
                                              const char *name);

G_END_DECLS
