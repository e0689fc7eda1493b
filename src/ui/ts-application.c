/* ts-application.c — the application: catalog, settings, language, app actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-application"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-accessible.h"
#include "ts-app-state.h"
#include "ts-application.h"
#include "ts-preferences-window.h"
#include "ts-window.h"
#include "ts-window-actions.h"

struct _TsApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;
  TsAppState     *state;     /* the settings and catalog the windows share */
};

G_DEFINE_FINAL_TYPE (TsApplication, ts_application, ADW_TYPE_APPLICATION)

static void
ts_application_activate (GApplication *app)
{
  TsApplication *self = TS_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (ts_window_new (GTK_APPLICATION (self)));
  gtk_window_present (window);
}

/* A window that can take a file without losing anything: one with no
 * changes since it was opened or saved. A never-saved scenario with
 * changes is the autosave the user may come back to, so it is kept. */
static TsWindow *
find_unmodified_window (TsApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (TS_IS_WINDOW (l->data) && !ts_window_get_dirty (l->data))
      return l->data;
  return NULL;
}

/* trainsizer FILE…, the file manager and recent files: each scenario in a
 * window of its own, the first one in a window that has nothing unsaved. */
static void
ts_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  TsApplication *self = TS_APPLICATION (app);
  TsWindow *reusable = find_unmodified_window (self);

  for (int i = 0; i < n_files; i++)
    {
      g_autoptr(GError) error = NULL;
      TsWindow *window = reusable;

      reusable = NULL;
      if (window == NULL)
        window = ts_window_new (GTK_APPLICATION (self));
      /* A file that cannot be read leaves the window as it was and says
       * why there, where the user is looking. */
      if (!ts_window_open_file (window, files[i], &error))
        ts_window_show_error (window, error->message);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
load_catalog (TsApplication *self)
{
  ts_app_state_reload_catalog (self->state);
}

static void
apply_language (TsApplication *self)
{
  g_autofree char *language = g_settings_get_string (self->settings, "language");

  ts_i18n_set_language (language);
}

/* Strings already set on widgets do not follow a new language, so every
 * window is built again around the same scenario, at the same size. Other
 * windows (preferences, dialogs) are closed; an open preferences window is
 * opened again in the new language. */
void
ts_application_rebuild_windows (TsApplication *self)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
  GtkWindow *first = NULL;
  gboolean had_preferences = FALSE;

  for (GList *l = windows; l != NULL; l = l->next)
    {
      TsWindow *old;
      TsWindow *window;
      int width, height;

      if (!TS_IS_WINDOW (l->data))
        {
          had_preferences |= TS_IS_PREFERENCES_WINDOW (l->data);
          gtk_window_destroy (GTK_WINDOW (l->data));
          continue;
        }
      old = l->data;
      window = ts_window_new_for_scenario (GTK_APPLICATION (self), ts_window_get_scenario (old));
      ts_window_take_state (window, old);
      gtk_window_get_default_size (GTK_WINDOW (old), &width, &height);
      gtk_window_set_default_size (GTK_WINDOW (window), width, height);
      if (gtk_window_is_maximized (GTK_WINDOW (old)))
        gtk_window_maximize (GTK_WINDOW (window));
      gtk_window_present (GTK_WINDOW (window));
      gtk_window_destroy (GTK_WINDOW (old));
      if (first == NULL)
        first = GTK_WINDOW (window);
    }
  g_list_free (windows);

  if (had_preferences)
    {
      GtkWindow *preferences = GTK_WINDOW (ts_preferences_window_new (GTK_APPLICATION (self)));

      gtk_window_set_transient_for (preferences, first);
      gtk_window_present (preferences);
    }
}

static gboolean
rebuild_idle_cb (gpointer user_data)
{
  ts_application_rebuild_windows (TS_APPLICATION (user_data));
  return G_SOURCE_REMOVE;
}

static void
language_changed_cb (TsApplication *self)
{
  apply_language (self);
  /* Not from inside the signal: the combo that changed the setting lives
   * in a window the rebuild destroys. */
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_idle_cb, g_object_ref (self), g_object_unref);
}

static void
catalog_changed_cb (TsApplication *self)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  load_catalog (self);
  for (GList *l = windows; l != NULL; l = l->next)
    if (TS_IS_WINDOW (l->data))
      ts_window_catalog_changed (l->data);
}

static void
ts_application_startup (GApplication *app)
{
  TsApplication *self = TS_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Primary>q", NULL } },
    { "app.preferences", { "<Primary>comma", NULL } },
  };

  G_APPLICATION_CLASS (ts_application_parent_class)->startup (app);
  ts_accessible_init ();

  apply_language (self);
  load_catalog (self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  ts_window_actions_set_accels (GTK_APPLICATION (app));
}

/* Every main window gets its actions here, however it was made (at start,
 * for a file, rebuilt for a language): the window itself does not know
 * them. */
static void
ts_application_window_added (GtkApplication *app,
                             GtkWindow      *window)
{
  GTK_APPLICATION_CLASS (ts_application_parent_class)->window_added (app, window);
  if (TS_IS_WINDOW (window))
    ts_window_actions_add (TS_WINDOW (window));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Close, not destroy: each window saves its size and scenario and asks
   * about unsaved changes. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TsApplication *self = TS_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWindow *window = GTK_WINDOW (ts_preferences_window_new (GTK_APPLICATION (self)));

  gtk_window_set_transient_for (window, parent);
  gtk_window_present (window);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *const developers[] = { "Train Sizer developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("Train Sizer"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "comments", _("Size the hardware for training neural networks: GPU memory, servers, racks, power and time."),
                        "developer-name", _("Train Sizer developers"),
                        "developers", developers,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: put your names here, one per line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL },
  { "preferences", preferences_activated, NULL, NULL, NULL },
  { "about", about_activated, NULL, NULL, NULL },
};

static void
ts_application_finalize (GObject *object)
{
  TsApplication *self = TS_APPLICATION (object);

  g_clear_object (&self->state);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ts_application_parent_class)->finalize (object);
}

static void
ts_application_class_init (TsApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  object_class->finalize = ts_application_finalize;
  gtk_app_class->window_added = ts_application_window_added;
  app_class->activate = ts_application_activate;
  app_class->open = ts_application_open;
  app_class->startup = ts_application_startup;
}

static void
ts_application_init (TsApplication *self)
{
  self->settings = g_settings_new (APP_ID);
  /* what the windows share, found by them through the application */
  self->state = ts_app_state_new (self->settings);
  ts_app_state_attach (self->state, G_APPLICATION (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  g_signal_connect_swapped (self->settings, "changed::language", G_CALLBACK (language_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::catalog-file", G_CALLBACK (catalog_changed_cb), self);
}

TsApplication *
ts_application_new (void)
{
  return g_object_new (TS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PATH,
                       NULL);
}

TsCatalog *
ts_application_get_catalog (TsApplication *self)
{
  g_return_val_if_fail (TS_IS_APPLICATION (self), NULL);

  return ts_app_state_get_catalog (self->state);
}

const char *
ts_application_get_catalog_error (TsApplication *self)
{
  g_return_val_if_fail (TS_IS_APPLICATION (self), NULL);
  return ts_app_state_get_catalog_error (self->state);
}

GSettings *
ts_application_get_settings (TsApplication *self)
{
  g_return_val_if_fail (TS_IS_APPLICATION (self), NULL);
  return self->settings;
}
