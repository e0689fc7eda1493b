/* ts-app-state.c — the settings and the catalog every window shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-app-state"

#include "config.h"

#include "ts-app-state.h"

struct _TsAppState
{
  GObject     parent_instance;

  GSettings  *settings;
  TsCatalog  *catalog;
  char       *catalog_error;  /* why the user catalog was not used */
};

G_DEFINE_FINAL_TYPE (TsAppState, ts_app_state, G_TYPE_OBJECT)

static GQuark
state_quark (void)
{
  return g_quark_from_static_string ("ts-app-state");
}

static void
ts_app_state_finalize (GObject *object)
{
  TsAppState *self = TS_APP_STATE (object);

  g_clear_pointer (&self->catalog, ts_catalog_unref);
  g_clear_pointer (&self->catalog_error, g_free);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ts_app_state_parent_class)->finalize (object);
}

static void
ts_app_state_class_init (TsAppStateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ts_app_state_finalize;
}

static void
ts_app_state_init (TsAppState *self)
{
}

TsAppState *
ts_app_state_new (GSettings *settings)
{
  TsAppState *self = g_object_new (TS_TYPE_APP_STATE, NULL);

  g_return_val_if_fail (G_IS_SETTINGS (settings), self);

  self->settings = g_object_ref (settings);
  return self;
}

void
ts_app_state_attach (TsAppState   *self,
                     GApplication *application)
{
  g_return_if_fail (TS_IS_APP_STATE (self));
  g_return_if_fail (G_IS_APPLICATION (application));

  g_object_set_qdata_full (G_OBJECT (application), state_quark (), g_object_ref (self), g_object_unref);
}

TsAppState *
ts_app_state_get_for (GApplication *application)
{
  g_return_val_if_fail (G_IS_APPLICATION (application), NULL);

  return g_object_get_qdata (G_OBJECT (application), state_quark ());
}

GSettings *
ts_app_state_get_settings (TsAppState *self)
{
  g_return_val_if_fail (TS_IS_APP_STATE (self), NULL);

  return self->settings;
}

void
ts_app_state_reload_catalog (TsAppState *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  g_return_if_fail (TS_IS_APP_STATE (self));

  path = g_settings_get_string (self->settings, "catalog-file");
  g_clear_pointer (&self->catalog, ts_catalog_unref);
  g_clear_pointer (&self->catalog_error, g_free);

  if (path != NULL && *path != '\0')
    {
      self->catalog = ts_catalog_new_with_overlay (path, &error);
      if (self->catalog != NULL)
        return;
      /* A broken user catalog must not stop the program: fall back to the
       * built-in one and tell the user why in Preferences. */
      self->catalog_error = g_strdup (error->message);
      g_clear_error (&error);
    }

  self->catalog = ts_catalog_new_builtin (&error);
  if (self->catalog == NULL)
    g_error ("The built-in catalog is broken: %s", error->message);
}

TsCatalog *
ts_app_state_get_catalog (TsAppState *self)
{
  g_return_val_if_fail (TS_IS_APP_STATE (self), NULL);

  if (self->catalog == NULL)
    ts_app_state_reload_catalog (self);
  return self->catalog;
}

const char *
ts_app_state_get_catalog_error (TsAppState *self)
{
  g_return_val_if_fail (TS_IS_APP_STATE (self), NULL);

  return self->catalog_error;
}
