/* ts-application.c — the application: catalog, settings, app actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-application"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-application.h"
#include "ts-window.h"

struct _TsApplication
{
  AdwApplication  parent_instance;
  TsCatalog      *catalog;
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (TsApplication, ts_application, ADW_TYPE_APPLICATION)

static void
ts_application_activate (GApplication *app)
{
  TsApplication *self = TS_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (ts_window_new (self));
  gtk_window_present (window);
}

static void
load_catalog (TsApplication *self)
{
  g_autoptr(GError) error = NULL;

  self->catalog = ts_catalog_new_builtin (&error);
  if (self->catalog == NULL)
    g_error ("The built-in catalog is broken: %s", error->message);
}

static void
ts_application_startup (GApplication *app)
{
  TsApplication *self = TS_APPLICATION (app);
  static const char *const quit_accels[] = { "<Primary>q", NULL };

  G_APPLICATION_CLASS (ts_application_parent_class)->startup (app);

  load_catalog (self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *const developers[] = { "Train Sizer developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("Train Sizer"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Size the hardware for training neural networks"),
                         "authors", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL },
  { "about", about_activated, NULL, NULL, NULL },
};

static void
ts_application_finalize (GObject *object)
{
  TsApplication *self = TS_APPLICATION (object);

  g_clear_pointer (&self->catalog, ts_catalog_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ts_application_parent_class)->finalize (object);
}

static void
ts_application_class_init (TsApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = ts_application_finalize;
  app_class->activate = ts_application_activate;
  app_class->startup = ts_application_startup;
}

static void
ts_application_init (TsApplication *self)
{
  self->settings = g_settings_new (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
}

TsApplication *
ts_application_new (void)
{
  return g_object_new (TS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", RESOURCE_PATH,
                       NULL);
}

TsCatalog *
ts_application_get_catalog (TsApplication *self)
{
  g_return_val_if_fail (TS_IS_APPLICATION (self), NULL);

  if (self->catalog == NULL)
    load_catalog (self);
  return self->catalog;
}

GSettings *
ts_application_get_settings (TsApplication *self)
{
  g_return_val_if_fail (TS_IS_APPLICATION (self), NULL);
  return self->settings;
}
