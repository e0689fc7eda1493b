/* ts-window.c — the main window: scenario on the left, answer on the right
 *
 * The window assembles its parts and carries the plan between them: the
 * form (ts-scenario-form.c) edits the window's TsScenario and says so,
 * the window recomputes the whole plan at once (the engine takes
 * microseconds, so there is no “Calculate” button) and hands it to the
 * answer pane (ts-answer-pane.c). When the engine rejects the scenario,
 * the row that was edited shows the reason and the last valid answer
 * stays visible. The file the scenario belongs to is ts-document.c's;
 * the famous published runs' menu and figures are ts-published-runs-ui.c's.
 * The window knows nothing of its actions: the application adds them
 * (ts-window-actions.c), and they act through this file's public API.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-accessible.h"
#include "ts-app-state.h"
#include "ts-csv.h"
#include "ts-atomic-file.h"
#include "ts-local-file.h"
#include "ts-model-import.h"
#include "ts-print.h"
#include "ts-published-runs-ui.h"
#include "ts-scenario-form.h"
#include "ts-window-private.h"

struct _TsWindow
{
  AdwApplicationWindow  parent_instance;

  TsAppState           *state;       /* the application's catalog and settings */
  GSettings            *settings;
  TsScenario           *scenario;
  TsPlan               *plan;
  char                 *shown_server_id;  /* the option chosen in the table */
  int                   shown_option;     /* its index in plan->options, or -1 */
  const TsPublishedRun *published_run;    /* the famous run it was opened as, or NULL */
  GMenu                *published_runs_menu;
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

G_DEFINE_FINAL_TYPE (TsWindow, ts_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_PLAN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TsCatalog *
get_catalog (TsWindow *self)
{
  return ts_app_state_get_catalog (self->state);
}

void
ts_window_add_toast (TsWindow *self,
                     AdwToast *toast)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* A toast saying a file was written (title has one %s: the file's name),
 * with a button that opens it; or error's message, until dismissed. */
void
ts_window_show_saved (TsWindow     *self,
                      const char   *title,
                      GFile        *file,
                      const GError *error)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (TS_IS_WINDOW (self));

  if (error != NULL)
    {
      ts_window_show_error (self, error->message);
      return;
    }
  name = g_file_get_basename (file);
  /* title is a translated literal of the caller's, checked there */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  text = g_strdup_printf (title, name);
#pragma GCC diagnostic pop
  ts_window_add_toast (self, ts_file_toast_new (text, file));
}

/* ---------------------------------------------------------------------- */
/* The plan */

static void
find_shown_option (TsWindow *self)
{
  self->shown_option = -1;
  if (self->shown_server_id == NULL)
    return;
  for (guint i = 0; i < self->plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (self->plan->options, TsOption, i);

      if (o->server != NULL && g_strcmp0 (o->server->id, self->shown_server_id) == 0)
        self->shown_option = i;
    }
  /* the plan itself holds the choice: every view reads the same option */
  ts_plan_choose_option (self->plan, self->shown_option);
}

/* A famous run's published figures beside the prediction, while the
 * scenario is still the run's (ts-published-runs-ui.c). */
static void
show_published_run (TsWindow *self)
{
  g_autofree char *text = ts_published_runs_ui_dup_comparison (get_catalog (self), &self->published_run,
                                                               self->scenario,
                                                               ts_plan_get_shown_option (self->plan));

  ts_answer_pane_set_published (self->answer, text);
}

/* A new plan becomes the window's "plan": the answer pane (and through it
 * each view), the form and an open comparison follow it by binding. The
 * option to show is chosen before it is published, and a published plan
 * is never changed: whoever holds it (a print dialog, an export) keeps
 * what it was given. */
static void
set_plan (TsWindow *self,
          TsPlan   *plan)
{
  ts_plan_set (&self->plan, plan);
  find_shown_option (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAN]);
}

/* Recomputes the plan; row is what the user edited (for the error). */
static void
recompute_from (TsWindow  *self,
                GtkWidget *row)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = NULL;

  plan = ts_plan_compute (get_catalog (self), self->scenario, &error);
  if (plan == NULL)
    {
      /* The last valid answer stays visible; the row says what is wrong. */
      ts_scenario_form_show_error (self->form, row, error->message);
      return;
    }
  ts_scenario_form_clear_error (self->form);

  set_plan (self, plan);
  show_published_run (self);
}

static void
recompute (TsWindow *self)
{
  recompute_from (self, NULL);
}

static void
form_changed_cb (TsWindow  *self,
                 GtkWidget *row)
{
  ts_document_changed (self->document);
  recompute_from (self, row);
}

static void
option_chosen_cb (TsWindow   *self,
                  guint       index,
                  const char *server_id)
{
  g_free (self->shown_server_id);
  self->shown_server_id = g_strdup (server_id);
  /* another option shown is another plan: the one published stays as
   * whoever holds it was given it */
  recompute (self);
}

static void
saved_cb (TsWindow   *self,
          GFile      *file,
          const char *error_message)
{
  if (error_message != NULL)
    ts_window_show_error (self, error_message);
  else
    /* Translators: a toast; %s is a file name */
    ts_window_show_saved (self, _("Saved “%s”"), file, NULL);
}

/* ---------------------------------------------------------------------- */
/* The document */

/* The file's name and whether it has unsaved changes, in three places: the
 * narrow title's subtitle, the wide header's own title and the window's
 * title (task switcher, screen readers). */
static void
update_title (TsWindow *self)
{
  g_autofree char *title = ts_document_dup_title (self->document);
  g_autofree char *location = ts_document_dup_location (self->document);
  g_autofree char *window_title = NULL;

  adw_view_switcher_title_set_subtitle (self->switcher_title, title);
  adw_window_title_set_title (self->file_title, title);
  adw_window_title_set_subtitle (self->file_title, location);
  /* Translators: the window's title; %s is the scenario's name as in the header */
  window_title = g_strdup_printf (_("%s — Train Sizer"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* A scenario from a file, or a new one: the window shows a copy. */
static void
load_cb (TsWindow   *self,
         TsScenario *scenario,
         GFile      *file)
{
  g_clear_pointer (&self->scenario, ts_scenario_free);
  self->scenario = ts_scenario_copy (scenario);
  g_clear_pointer (&self->shown_server_id, g_free);
  self->published_run = ts_document_get_published_run (self->document);
  ts_document_set_scenario (self->document, get_catalog (self), self->scenario);
  ts_scenario_form_set_scenario (self->form, get_catalog (self), self->scenario);
  recompute (self);
}

static void
toast_cb (TsWindow *self,
          AdwToast *toast)
{
  ts_window_add_toast (self, g_object_ref (toast));
}

/* ---------------------------------------------------------------------- */
/* Layout */

static gboolean
update_navigation_cb (gpointer user_data)
{
  TsWindow *self = user_data;
  gboolean folded = adw_leaflet_get_folded (self->leaflet);
  const char *visible = adw_leaflet_get_visible_child_name (self->leaflet);
  gboolean answer = g_strcmp0 (visible, "answer") == 0;

  gtk_widget_set_visible (self->back_button, folded && answer);
  gtk_widget_set_visible (self->answer_button, folded && !answer);
  /* A narrow header has no room for them; the main menu has both. */
  gtk_widget_set_visible (self->presenter_button, !folded || self->presenting);
  gtk_widget_set_visible (self->large_type_button, !folded && !self->presenting);
  /* The narrow title shows the file's name itself. */
  gtk_widget_set_visible (GTK_WIDGET (self->file_title),
                          !adw_view_switcher_title_get_title_visible (self->switcher_title));
  ts_answer_pane_set_folded (self->answer, folded);
  self->navigation_idle_id = 0;
  return G_SOURCE_REMOVE;
}

static void
update_navigation (TsWindow *self)
{
  /* The leaflet folds while it is being allocated: changing the header
   * bar's buttons then would leave it without an allocation. */
  if (self->navigation_idle_id == 0)
    self->navigation_idle_id = g_idle_add (update_navigation_cb, self);
}

/* The bottom switcher is only revealed when the title has no room for
 * one. */
static void
title_visible_cb (TsWindow *self)
{
  ts_answer_pane_reveal_switcher (self->answer, adw_view_switcher_title_get_title_visible (self->switcher_title));
  /* The file's title follows in update_navigation_cb: title-visible
   * changes while the header bar is being allocated. */
  update_navigation (self);
}

/* Large type: the headline and the scenario's rows grow with the charts
 * (style.css; the pane sizes the charts). */
static void
large_type_cb (TsWindow *self)
{
  gboolean large;

  g_object_get (self->answer, "large-type", &large, NULL);
  if (large)
    gtk_widget_add_css_class (GTK_WIDGET (self), "large-type");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "large-type");
}

static gboolean
units_to_gib (GValue   *value,
              GVariant *variant,
              gpointer  user_data)
{
  g_value_set_boolean (value, g_str_equal (g_variant_get_string (variant, NULL), "gib"));
  return TRUE;
}

static void
bind_settings (TsWindow *self)
{
  /* The header's toggle and the Preferences switch are one setting. */
  g_autoptr(GAction) large_type = g_settings_create_action (self->settings, "large-type");

  g_action_map_add_action (G_ACTION_MAP (self), large_type);
  g_signal_connect_swapped (self->answer, "notify::large-type", G_CALLBACK (large_type_cb), self);
  g_settings_bind (self->settings, "large-type", self->answer, "large-type", G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping (self->settings, "memory-units", self->answer, "gib", G_SETTINGS_BIND_GET,
                                units_to_gib, NULL, NULL, NULL);
  large_type_cb (self);
}

/* Presenter mode: the answer alone, full screen, sized for a projector. */
void
ts_window_set_presenting (TsWindow *self,
                          gboolean  presenting)
{
  g_return_if_fail (TS_IS_WINDOW (self));

  presenting = !!presenting;
  if (self->presenting == presenting)
    return;
  self->presenting = presenting;

  /* The leaflet lays out visible children only: without the scenario
   * pane the answer takes the whole width. */
  gtk_widget_set_visible (self->scenario_page, !presenting);
  gtk_widget_set_visible (self->pane_separator, !presenting);
  if (presenting)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "presenter");
      ts_window_show_answer (self);
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "presenter");
  g_object_set (self->answer, "presenting", presenting, NULL);
  /* a presentation opens on its answer, the other pages explain it */
  if (presenting)
    ts_answer_pane_show_page (self->answer, "summary");

  if (presenting && !gtk_window_is_fullscreen (GTK_WINDOW (self)))
    {
      self->unfullscreen_on_leave = TRUE;
      gtk_window_fullscreen (GTK_WINDOW (self));
    }
  else if (!presenting && self->unfullscreen_on_leave)
    {
      self->unfullscreen_on_leave = FALSE;
      gtk_window_unfullscreen (GTK_WINDOW (self));
    }
  if (presenting)
    gtk_widget_grab_focus (ts_answer_pane_get_visible_view (self->answer));
  update_navigation (self);
}

/* A narrow window shows one side at a time. */
void
ts_window_show_answer (TsWindow *self)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  adw_leaflet_set_visible_child_name (self->leaflet, "answer");
}

void
ts_window_show_scenario (TsWindow *self)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  adw_leaflet_set_visible_child_name (self->leaflet, "scenario");
}

/* ---------------------------------------------------------------------- */
/* Lifecycle */

static gboolean
ts_window_close_request (GtkWindow *window)
{
  TsWindow *self = TS_WINDOW (window);
  int width, height;

  if (ts_document_hold_close (self->document))
    return TRUE;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  ts_document_autosave_now (self->document);

  return GTK_WINDOW_CLASS (ts_window_parent_class)->close_request (window);
}

static void
ts_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TsWindow *self = TS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PLAN:
      g_value_set_boxed (value, self->plan);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_window_dispose (GObject *object)
{
  TsWindow *self = TS_WINDOW (object);

  g_clear_handle_id (&self->navigation_idle_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_WINDOW);
  g_clear_object (&self->document);
  g_clear_pointer (&self->plan, ts_plan_unref);
  g_clear_pointer (&self->scenario, ts_scenario_free);
  g_clear_pointer (&self->shown_server_id, g_free);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ts_window_parent_class)->dispose (object);
}

static void
ts_window_class_init (TsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ts_window_dispose;
  object_class->get_property = ts_window_get_property;
  window_class->close_request = ts_window_close_request;

  /* The current answer: computed by the window from its scenario, never
   * changed once set (a new edit or a chosen option is a new plan). */
  properties[PROP_PLAN] = g_param_spec_boxed ("plan", NULL, NULL, TS_TYPE_PLAN,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TS_TYPE_SCENARIO_FORM);
  g_type_ensure (TS_TYPE_ANSWER_PANE);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, answer_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, file_title);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, presenter_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, large_type_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, scenario_page);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, pane_separator);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, published_runs_menu);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, form);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, answer);
  gtk_widget_class_bind_template_callback (widget_class, form_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, option_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, saved_cb);
}

static void
ts_window_init (TsWindow *self)
{
  self->shown_option = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_bind_property (self, "plan", self->answer, "plan", G_BINDING_DEFAULT);
  g_object_bind_property (self, "plan", self->form, "plan", G_BINDING_DEFAULT);
  adw_view_switcher_title_set_stack (self->switcher_title, ts_answer_pane_get_stack (self->answer));
  ts_accessible_hide_switcher_icons (GTK_WIDGET (self->switcher_title), GTK_WIDGET (ts_answer_pane_get_stack (self->answer)));
  ts_accessible_hide_unseen_pages (GTK_WIDGET (self->leaflet));
}

/* The scenario to show at start: the one given, else the one autosaved
 * last time (a crash loses nothing), else a new one. */
static TsScenario *
first_scenario (TsWindow         *self,
                const TsScenario *scenario)
{
  TsCatalog *catalog = get_catalog (self);
  TsScenario *first;

  if (scenario != NULL)
    return ts_scenario_copy (scenario);
  first = ts_document_restore_last (self->document);
  if (first != NULL)
    return first;
  first = ts_scenario_new ();
  if (ts_catalog_get_n_models (catalog) > 0)
    ts_scenario_set_model (first, &ts_catalog_get_model (catalog, 0)->model);
  return first;
}

static void
setup (TsWindow         *self,
       GtkApplication   *application,
       const TsScenario *scenario)
{
  TsCatalog *catalog;

  self->state = ts_app_state_get_for (G_APPLICATION (application));
  self->settings = g_object_ref (ts_app_state_get_settings (self->state));
  catalog = get_catalog (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  self->document = ts_document_new (GTK_WINDOW (self), self->settings);
  ts_document_set_scenario (self->document, catalog, NULL);
  g_signal_connect_object (self->document, "load", G_CALLBACK (load_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "toast", G_CALLBACK (toast_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::dirty", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::file", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  self->scenario = first_scenario (self, scenario);
  ts_document_set_scenario (self->document, catalog, self->scenario);
  ts_scenario_form_set_scenario (self->form, catalog, self->scenario);

  g_signal_connect_swapped (self->switcher_title, "notify::title-visible", G_CALLBACK (title_visible_cb), self);
  title_visible_cb (self);
  g_signal_connect_swapped (self->leaflet, "notify::folded", G_CALLBACK (update_navigation), self);
  g_signal_connect_swapped (self->leaflet, "notify::visible-child", G_CALLBACK (update_navigation), self);
  bind_settings (self);
  ts_published_runs_ui_fill_menu (self->published_runs_menu, catalog);

  recompute (self);
  update_title (self);
  update_navigation (self);
}

TsWindow *
ts_window_new (GtkApplication *application)
{
  return ts_window_new_for_scenario (application, NULL);
}

TsWindow *
ts_window_new_for_scenario (GtkApplication   *application,
                            const TsScenario *scenario)
{
  TsWindow *self = g_object_new (TS_TYPE_WINDOW, "application", application, NULL);

  setup (self, application, scenario);
  return self;
}

/* ---------------------------------------------------------------------- */
/* What the rest of the program asks of the window */

const TsScenario *
ts_window_get_scenario (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->scenario;
}

const TsPlan *
ts_window_get_plan (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->plan;
}

const char *
ts_window_get_headline (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return ts_answer_pane_get_headline (self->answer);
}

GFile *
ts_window_get_file (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return ts_document_get_file (self->document);
}

gboolean
ts_window_get_dirty (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  return ts_document_get_dirty (self->document);
}

gboolean
ts_window_open_file (TsWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  return ts_document_open_file (self->document, file, error);
}

gboolean
ts_window_save_file (TsWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  return ts_document_save_file (self->document, file, error);
}

void
ts_window_show_error (TsWindow   *self,
                      const char *message)
{
  AdwToast *toast;

  g_return_if_fail (TS_IS_WINDOW (self));

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 0);
  ts_window_add_toast (self, toast);
}

void
ts_window_set_document (TsWindow   *self,
                        const char *customer,
                        const char *project)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  ts_scenario_form_set_document (self->form, customer, project);
  ts_window_update_branding (self);
}

void
ts_window_set_custom_model (TsWindow      *self,
                            const TsModel *model)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  g_return_if_fail (model != NULL);
  ts_scenario_form_set_custom_model (self->form, model);
}

TsDocument *
ts_window_get_document (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->document;
}

TsAnswerPane *
ts_window_get_answer_pane (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->answer;
}

int
ts_window_get_shown_option (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), -1);
  return self->shown_option;
}

/* The window holds both halves of the branding: who offers the hardware
 * (Preferences) and to whom (the form's customer and project). */
void
ts_window_update_branding (TsWindow *self)
{
  g_autoptr(TsPrintBranding) branding = g_new0 (TsPrintBranding, 1);

  g_return_if_fail (TS_IS_WINDOW (self));

  branding->vendor_name = g_settings_get_string (self->settings, "vendor-name");
  branding->vendor_contact = g_settings_get_string (self->settings, "vendor-contact");
  branding->quote_address = g_settings_get_string (self->settings, "quote-address");
  branding->logo_file = g_settings_get_string (self->settings, "logo-file");
  branding->customer = ts_scenario_form_dup_customer (self->form);
  branding->project = ts_scenario_form_dup_project (self->form);
  ts_print_set_branding (GTK_WINDOW (self), branding);
}

gboolean
ts_window_export_csv (TsWindow  *self,
                      GFile     *file,
                      GError   **error)
{
  g_autofree char *path = NULL;
  g_autofree char *csv = NULL;

  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = ts_local_file_dup_path (file, error);
  if (path == NULL)
    return FALSE;
  csv = ts_plan_options_to_csv (self->plan);
  return ts_atomic_file_write (path, csv, strlen (csv), error);
}

/* Shows a model that was read (read TRUE) and frees it either way. */
static gboolean
take_custom_model (TsWindow *self,
                   TsModel  *model,
                   gboolean  read)
{
  if (read)
    ts_window_set_custom_model (self, model);
  ts_model_clear (model);
  return read;
}

gboolean
ts_window_import_model_file (TsWindow  *self,
                             GFile     *file,
                             GError   **error)
{
  TsModel model = { 0 };

  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);

  return take_custom_model (self, &model, ts_model_import_read_file (file, &model, error));
}

gboolean
ts_window_import_model_text (TsWindow    *self,
                             const char  *text,
                             const char  *name,
                             GError     **error)
{
  TsModel model = { 0 };

  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);

  return take_custom_model (self, &model, ts_model_import_read_text (text, name, &model, error));
}

/* Carries the unsaved state over when the window is rebuilt (language). */
void
ts_window_take_state (TsWindow *self,
                      TsWindow *old)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  g_return_if_fail (TS_IS_WINDOW (old));

  ts_window_set_document (self, ts_scenario_form_get_customer (old->form),
                          ts_scenario_form_get_project (old->form));
  ts_document_take_state (self->document, old->document);
  g_free (self->shown_server_id);
  self->shown_server_id = g_strdup (old->shown_server_id);
  recompute (self);
  update_title (self);
  adw_view_stack_set_visible_child_name (ts_answer_pane_get_stack (self->answer),
                                         adw_view_stack_get_visible_child_name (ts_answer_pane_get_stack (old->answer)));
}

/* The catalog was replaced (Preferences): new lists, same scenario. */
void
ts_window_catalog_changed (TsWindow *self)
{
  TsCatalog *catalog;

  g_return_if_fail (TS_IS_WINDOW (self));

  catalog = get_catalog (self);
  ts_document_set_scenario (self->document, catalog, self->scenario);
  ts_scenario_form_set_catalog (self->form, catalog);
  recompute (self);
}

/* ---------------------------------------------------------------------- */
/* For tests (ts-window-private.h) */

GtkWidget *
ts_window_get_field_widget (TsWindow   *self,
                            const char *key)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return ts_scenario_form_get_field_widget (self->form, key);
}

GtkWidget *
ts_window_get_field_row (TsWindow   *self,
                         const char *key)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return ts_scenario_form_get_field_row (self->form, key);
}

GtkWidget *
ts_window_get_arch_widget (TsWindow   *self,
                           const char *key)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return ts_scenario_form_get_arch_widget (self->form, key);
}

GtkWidget *
ts_window_get_view (TsWindow  *self,
                    TsDrawing  drawing)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return ts_answer_pane_get_view (self->answer, drawing);
}

gboolean
ts_window_select_model (TsWindow   *self,
                        const char *id)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  return ts_scenario_form_select_model (self->form, id);
}

GtkColumnView *
ts_window_get_option_view (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return ts_answer_pane_get_option_view (self->answer);
}

static GObject *
find_template_child (GtkWidget  *widget,
                     const char *name)
{
  GType type = G_OBJECT_TYPE (widget);
  GObject *child = gtk_widget_get_template_child (widget, type, name);

  if (child != NULL)
    return child;
  /* The parts, and the parts' parts (the picker inside the form). */
  for (GtkWidget *w = gtk_widget_get_first_child (widget); w != NULL; w = gtk_widget_get_next_sibling (w))
    if ((child = find_template_child (w, name)) != NULL)
      return child;
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget)) != NULL)
    return find_template_child (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget))), name);
  return NULL;
}

GObject *
ts_window_get_template_widget (TsWindow   *self,
                               const char *name)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return find_template_child (GTK_WIDGET (self), name);
}
