/* ts-window-actions.c — the window's actions (win.*) and their keys
 *
 * Each action does one thing a menu item, a button or a key asks for:
 * files through the document (ts-document.c), pages through the answer
 * pane, the spec sheet through ts-print.c. Presenter mode is the window's
 * (ts_window_set_presenting); here it is an action's state, with keys of
 * its own while it lasts. Everything goes through the window's public
 * API: the application adds these actions to each window it makes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-app-state.h"
#include "ts-comparison-dialog.h"
#include "ts-export-dialog.h"
#include "ts-model-import.h"
#include "ts-print.h"
#include "ts-window-actions.h"

/* The settings and catalog the window was made with: its application's. */
static TsAppState *
app_state (TsWindow *self)
{
  return ts_app_state_get_for (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
}

/* ---------------------------------------------------------------------- */
/* Files */

/* New, Open, Save and Save As: the document does each; the action's name
 * says which. */
static void
document_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  TsDocument *document = ts_window_get_document (TS_WINDOW (user_data));
  const char *name = g_action_get_name (G_ACTION (action));

  if (g_str_equal (name, "new"))
    ts_document_new_scenario (document);
  else if (g_str_equal (name, "open"))
    ts_document_open (document);
  else if (g_str_equal (name, "save"))
    ts_document_save (document);
  else
    ts_document_save_as (document);
}

/* win.open-published-run::ID: a famous run as a ready scenario. */
static void
open_published_run_activated (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  const TsPublishedRun *run = ts_published_run_find (g_variant_get_string (parameter, NULL));

  if (run != NULL && ts_published_run_is_famous (run))
    ts_document_open_published_run (ts_window_get_document (TS_WINDOW (user_data)), run);
}

static void
unrestored_details_activated (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const char *message = ts_document_get_unrestored_message (ts_window_get_document (self));
  GtkWidget *dialog;

  if (message == NULL)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Last Scenario Could Not Be Restored"), message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_uri_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  gtk_show_uri (GTK_WINDOW (user_data), g_variant_get_string (parameter, NULL), GDK_CURRENT_TIME);
}

/* ---------------------------------------------------------------------- */
/* The spec sheet */

static const char *
pdf_language (TsWindow *self)
{
  g_autofree char *value = g_settings_get_string (ts_app_state_get_settings (app_state (self)), "pdf-language");

  return ts_print_lang_from_setting (value);
}

static void
exported_cb (const char   *path,
             const GError *error,
             gpointer      user_data)
{
  g_autoptr(TsWindow) self = user_data;
  g_autoptr(GFile) file = path != NULL ? g_file_new_for_path (path) : NULL;

  /* both NULL: the user cancelled */
  if (error != NULL || file != NULL)
    /* Translators: a toast; %s is a file name */
    ts_window_show_saved (self, _("Spec sheet saved as “%s”"), file, error);
}

/* Export PDF, Print and Print Preview: the same page, branded and in the
 * chosen language; only where it goes differs, by the action's name. */
static void
spec_sheet_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));
  const TsPlan *plan = ts_window_get_plan (self);

  ts_window_update_branding (self);
  if (g_str_equal (name, "export-pdf"))
    ts_print_export_pdf_dialog (GTK_WINDOW (self), plan, pdf_language (self), exported_cb, g_object_ref (self));
  else
    ts_print_run (GTK_WINDOW (self), plan, pdf_language (self), g_str_equal (name, "print-preview"));
}

static void
request_quote_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const TsScenario *scenario = ts_window_get_scenario (self);
  g_autofree char *own_address = g_settings_get_string (ts_app_state_get_settings (app_state (self)), "quote-address");
  /* The vendor's own address (Preferences) before the catalog's. */
  const char *email = *own_address != '\0' ? own_address : ts_catalog_get_quote_email (ts_app_state_get_catalog (app_state (self)));
  g_autofree char *subject = NULL;
  g_autofree char *body = NULL;
  g_autofree char *subject_escaped = NULL;
  g_autofree char *body_escaped = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *json = ts_scenario_to_string (scenario);
  AdwToast *toast;

  /* Translators: subject of the quote request e-mail; %s is the model */
  subject = g_strdup_printf (_("Quote request: training %s"), scenario->model.name);
  /* Translators: body of the quote request e-mail: the headline, then the
   * scenario as a file the vendor can open in Train Sizer */
  body = g_strdup_printf (_("Hello,\n\nplease quote the hardware for this training job.\n\n%s\n\nThe scenario (Train Sizer file):\n\n%s\n"),
                          ts_window_get_headline (self), json);
  subject_escaped = g_uri_escape_string (subject, NULL, FALSE);
  body_escaped = g_uri_escape_string (body, NULL, FALSE);
  uri = g_strdup_printf ("mailto:%s?subject=%s&body=%s", email != NULL ? email : "", subject_escaped, body_escaped);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);

  /* Translators: a toast after the e-mail opened */
  toast = adw_toast_new (_("Attach the spec sheet to the e-mail"));
  adw_toast_set_button_label (toast, _("Export _PDF…"));
  adw_toast_set_action_name (toast, "win.export-pdf");
  adw_toast_set_timeout (toast, 0);
  ts_window_add_toast (self, toast);
}

/* ---------------------------------------------------------------------- */
/* The servers table: compare two options, export as CSV */

static void
compare_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const TsPlan *plan = ts_window_get_plan (self);
  int shown = ts_window_get_shown_option (self);
  guint first, second;
  gboolean gib;
  TsComparisonDialog *dialog;

  if (plan == NULL || plan->options->len == 0)
    return;
  /* The option on show beside the next one in rank (or the first). */
  first = shown >= 0 ? (guint) shown : plan->recommended >= 0 ? (guint) plan->recommended : 0;
  second = first + 1 < plan->options->len ? first + 1 : 0;
  g_object_get (ts_window_get_answer_pane (self), "gib", &gib, NULL);
  dialog = ts_comparison_dialog_new (GTK_WINDOW (self), plan, gib, first, second);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
csv_chosen_cb (GFile    *file,
               gpointer  user_data)
{
  TsWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  ts_window_export_csv (self, file, &error);
  /* Translators: a toast; %s is a file name */
  ts_window_show_saved (self, _("Servers saved as “%s”"), file, error);
}

static void
export_csv_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  /* Translators: the file name offered for the servers table; keep .csv */
  g_autofree char *name = g_strdup_printf (_("%s servers.csv"), ts_window_get_scenario (self)->model.name);

  if (ts_window_get_plan (self) == NULL)
    return;
  gtk_file_filter_set_name (filter, _("CSV spreadsheets"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_mime_type (filter, "text/csv");
  dialog = ts_file_chooser_new (GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("Export Servers as CSV"),
                                _("_Export"), filter, name);
  ts_file_chooser_run (dialog, csv_chosen_cb, self, NULL);
}

/* The training configuration (DeepSpeed, Accelerate, torchrun…) for the
 * plan the window shows. */
static void
export_config_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  TsExportDialog *dialog = ts_export_dialog_new (GTK_WINDOW (self), ts_window_get_plan (self));

  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---------------------------------------------------------------------- */
/* A custom model from a file or pasted text (ts-model-import.c reads it) */

/* A refused model leaves the window's as it was; the engine's message
 * names the key. */
static void
model_pasted_cb (const TsModel *model,
                 const GError  *error,
                 gpointer       user_data)
{
  TsWindow *self = user_data;

  if (model != NULL)
    ts_window_set_custom_model (self, model);
  else if (error != NULL)
    ts_window_show_error (self, error->message);
}

static void
model_file_chosen_cb (const TsModel *model,
                      const GError  *error,
                      gpointer       user_data)
{
  model_pasted_cb (model, error, user_data);
  g_object_unref (user_data);
}

static void
import_model_file_activated (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  /* The window is kept until the chooser answers. */
  ts_model_import_choose_file (GTK_WINDOW (user_data), model_file_chosen_cb, g_object_ref (user_data));
}

static void
paste_model_config_activated (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  /* The dialog closes with the window: no reference. */
  gtk_window_present (GTK_WINDOW (ts_model_import_paste_dialog_new (GTK_WINDOW (user_data), model_pasted_cb, user_data)));
}

/* ---------------------------------------------------------------------- */
/* Panes, pages and the drawing in sight */

static void
fullscreen_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  GtkWindow *window = GTK_WINDOW (user_data);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
show_answer_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);

  ts_window_show_answer (self);
  /* Focus the drawing, not the first focusable widget of the page: that
   * is the selectable headline, which would show all its text selected. */
  gtk_widget_grab_focus (ts_answer_pane_get_visible_view (ts_window_get_answer_pane (self)));
}

static void
show_scenario_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  ts_window_show_scenario (TS_WINDOW (user_data));
}

/* win.show-view::memory, ::servers, ::rack, ::power, ::time */
static void
show_view_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);

  if (!ts_answer_pane_show_page (ts_window_get_answer_pane (self), g_variant_get_string (parameter, NULL)))
    return;
  /* On a narrow window the answer is a page of its own: go there too. */
  ts_window_show_answer (self);
}

/* Zoom and copy act on the drawing in sight, focused or not (a focused
 * drawing takes Ctrl+C, Ctrl+plus… itself). */
static void
view_action_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));
  g_autofree char *drawing_action = g_strconcat ("drawing.", g_str_equal (name, "copy-image") ? "copy" : name, NULL);

  gtk_widget_activate_action (ts_answer_pane_get_visible_view (ts_window_get_answer_pane (self)), drawing_action, NULL);
}

/* ---------------------------------------------------------------------- */
/* Presenter mode: the answer alone, full screen, sized for a projector */

static void
set_action_enabled (TsWindow   *self,
                    const char *name,
                    gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The window's mode and the action's state, together. The stepping keys
 * and Esc mean something only while presenting; a disabled action lets
 * the key go on to the focused widget. */
static void
set_presenting (TsWindow *self,
                gboolean  presenting)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "presenter");

  ts_window_set_presenting (self, presenting);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (presenting));
  set_action_enabled (self, "presenter-next", presenting);
  set_action_enabled (self, "presenter-previous", presenting);
  set_action_enabled (self, "presenter-leave", presenting);
}

static void
presenter_change_state (GSimpleAction *action,
                        GVariant      *state,
                        gpointer       user_data)
{
  set_presenting (TS_WINDOW (user_data), g_variant_get_boolean (state));
}

static void
presenter_leave_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  set_presenting (TS_WINDOW (user_data), FALSE);
}

/* Left/Right and Page Up/Down (what a presentation clicker sends) step
 * through the pages, stopping at either end as slides do. */
static void
presenter_step_activated (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  TsAnswerPane *answer = ts_window_get_answer_pane (TS_WINDOW (user_data));

  ts_answer_pane_step_page (answer, g_str_equal (g_action_get_name (G_ACTION (action)), "presenter-next") ? 1 : -1);
  gtk_widget_grab_focus (ts_answer_pane_get_visible_view (answer));
}

static void
add_presenter_keys (TsWindow *self)
{
  static const struct {
    guint            keyval;
    const char      *action;
    GtkPropagationPhase phase;
  } keys[] = {
    /* Captured: while presenting nothing else on screen needs them, and a
     * focused button would otherwise take them to move the focus. */
    { GDK_KEY_Right, "win.presenter-next", GTK_PHASE_CAPTURE },
    { GDK_KEY_Page_Down, "win.presenter-next", GTK_PHASE_CAPTURE },
    { GDK_KEY_Left, "win.presenter-previous", GTK_PHASE_CAPTURE },
    { GDK_KEY_Page_Up, "win.presenter-previous", GTK_PHASE_CAPTURE },
    /* Bubbled: an open menu closes on Esc first. */
    { GDK_KEY_Escape, "win.presenter-leave", GTK_PHASE_BUBBLE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkEventController *controller = gtk_shortcut_controller_new ();

      gtk_event_controller_set_propagation_phase (controller, keys[i].phase);
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                            gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                                                              gtk_named_action_new (keys[i].action)));
      gtk_widget_add_controller (GTK_WIDGET (self), controller);
    }
}

/* ---------------------------------------------------------------------- */

static const GActionEntry win_actions[] = {
  { "new", document_activated, NULL, NULL, NULL },
  { "open", document_activated, NULL, NULL, NULL },
  { "save", document_activated, NULL, NULL, NULL },
  { "save-as", document_activated, NULL, NULL, NULL },
  { "export-pdf", spec_sheet_activated, NULL, NULL, NULL },
  { "print", spec_sheet_activated, NULL, NULL, NULL },
  { "request-quote", request_quote_activated, NULL, NULL, NULL },
  { "open-uri", open_uri_activated, "s", NULL, NULL },
  { "open-published-run", open_published_run_activated, "s", NULL, NULL },
  { "fullscreen", fullscreen_activated, NULL, NULL, NULL },
  { "show-answer", show_answer_activated, NULL, NULL, NULL },
  { "show-scenario", show_scenario_activated, NULL, NULL, NULL },
  { "show-view", show_view_activated, "s", NULL, NULL },
  { "zoom-in", view_action_activated, NULL, NULL, NULL },
  { "zoom-out", view_action_activated, NULL, NULL, NULL },
  { "zoom-reset", view_action_activated, NULL, NULL, NULL },
  { "copy-image", view_action_activated, NULL, NULL, NULL },
  { "print-preview", spec_sheet_activated, NULL, NULL, NULL },
  { "unrestored-details", unrestored_details_activated, NULL, NULL, NULL },
  { "presenter", NULL, NULL, "false", presenter_change_state },
  { "compare", compare_activated, NULL, NULL, NULL },
  { "export-csv", export_csv_activated, NULL, NULL, NULL },
  { "export-config", export_config_activated, NULL, NULL, NULL },
  { "import-model-file", import_model_file_activated, NULL, NULL, NULL },
  { "paste-model-config", paste_model_config_activated, NULL, NULL, NULL },
  { "presenter-next", presenter_step_activated, NULL, NULL, NULL },
  { "presenter-previous", presenter_step_activated, NULL, NULL, NULL },
  { "presenter-leave", presenter_leave_activated, NULL, NULL, NULL },
};

void
ts_window_actions_add (TsWindow *window)
{
  g_return_if_fail (TS_IS_WINDOW (window));

  g_action_map_add_action_entries (G_ACTION_MAP (window), win_actions, G_N_ELEMENTS (win_actions), window);
  set_presenting (window, FALSE);
  add_presenter_keys (window);
}

void
ts_window_actions_set_accels (GtkApplication *application)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "win.new", { "<Primary>n", NULL } },
    { "win.open", { "<Primary>o", NULL } },
    { "win.save", { "<Primary>s", NULL } },
    { "win.save-as", { "<Primary><Shift>s", NULL } },
    { "win.export-pdf", { "<Primary>e", NULL } },
    { "win.print", { "<Primary>p", NULL } },
    { "win.print-preview", { "<Primary><Shift>p", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    /* F5 starts a slide show in presentation programs. */
    { "win.presenter", { "F5", NULL } },
    { "win.show-help-overlay", { "<Primary>question", NULL } },
    /* Alt + a digit picks a page, as it picks a tab elsewhere in GNOME. */
    { "win.show-view::memory", { "<Alt>1", NULL } },
    { "win.show-view::servers", { "<Alt>2", NULL } },
    { "win.show-view::rack", { "<Alt>3", NULL } },
    { "win.show-view::power", { "<Alt>4", NULL } },
    { "win.show-view::time", { "<Alt>5", NULL } },
    /* Zoom the drawing in sight, as Ctrl+plus does in a browser. */
    { "win.zoom-in", { "<Primary>plus", "<Primary>equal", NULL } },
    { "win.zoom-out", { "<Primary>minus", NULL } },
    { "win.zoom-reset", { "<Primary>0", NULL } },
    /* Not plain Ctrl+C: that copies selected text, e.g. the headline. */
    { "win.copy-image", { "<Primary><Shift>c", NULL } },
    /* Beside Ctrl+E, the spec sheet's export. */
    { "win.export-config", { "<Primary><Shift>e", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (application, accels[i].action, accels[i].accels);
}
