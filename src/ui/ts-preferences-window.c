/* ts-preferences-window.c — language, units, large type, spec-sheet
 * branding, user catalog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-accessible.h"
#include "ts-document.h"
#include "ts-app-state.h"
#include "ts-preferences-window.h"

struct _TsPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  TsAppState           *state;       /* the application's catalog and settings */
  GSettings            *settings;

  AdwComboRow          *language_row;
  AdwComboRow          *pdf_language_row;
  AdwComboRow          *units_row;
  GtkSwitch            *large_type_switch;
  AdwActionRow         *catalog_row;
  GtkWidget            *catalog_reset_button;
  GtkWidget            *catalog_choose_button;
  GtkWidget            *vendor_name_row;
  GtkWidget            *vendor_contact_row;
  GtkWidget            *quote_address_row;
  AdwActionRow         *logo_row;
  GtkWidget            *logo_reset_button;
  GtkWidget            *logo_choose_button;
};

G_DEFINE_FINAL_TYPE (TsPreferencesWindow, ts_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* Combo positions ↔ GSettings values, in the order of the .ui lists. */
static const char *const language_values[] = { "system", "ru", "en", NULL };
static const char *const pdf_language_values[] = { "ui", "ru", "en", NULL };
static const char *const units_values[] = { "gb", "gib", NULL };

static gboolean
string_to_index (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  const char *const *values = user_data;
  const char *text = g_variant_get_string (variant, NULL);

  for (guint i = 0; values[i] != NULL; i++)
    if (g_str_equal (values[i], text))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_string (const GValue       *value,
                 const GVariantType *type,
                 gpointer            user_data)
{
  const char *const *values = user_data;
  guint index = g_value_get_uint (value);

  for (guint i = 0; values[i] != NULL; i++)
    if (i == index)
      return g_variant_new_string (values[i]);
  return NULL;
}

static void
bind_choice (TsPreferencesWindow *self,
             const char          *key,
             AdwComboRow         *row,
             const char *const   *values)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                string_to_index, index_to_string, (gpointer) values, NULL);
}

static void
update_catalog_row (TsPreferencesWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "catalog-file");
  const char *error = ts_app_state_get_catalog_error (self->state);
  g_autofree char *subtitle = NULL;

  if (path == NULL || *path == '\0')
    subtitle = g_strdup (_("The built-in catalog"));
  else if (error != NULL)
    /* Translators: the user catalog could not be used; %s is the reason */
    subtitle = g_strdup_printf (_("Not used, the built-in catalog is: %s"), error);
  else
    subtitle = g_strdup (path);

  adw_action_row_set_subtitle (self->catalog_row, subtitle);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->catalog_row), error);
  if (error != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->catalog_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->catalog_row), "error");
  gtk_widget_set_sensitive (self->catalog_reset_button, path != NULL && *path != '\0');
}

/* The settings key a file chooser of this window fills. The chooser is
 * modal over the window, which keeps the settings meanwhile. */
typedef struct
{
  GSettings  *settings;
  const char *key;
} KeyChoice;

static void
file_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  KeyChoice *choice = user_data;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  /* a file with no local path (a remote address) is not kept */
  if (path != NULL)
    g_settings_set_string (choice->settings, choice->key, path);
}

/* A file chosen for a settings key (the catalog, the logo).
 * GtkFileChooserNative: GtkFileDialog is GTK 4.10. */
static void
choose_file_for_key (TsPreferencesWindow *self,
                     const char          *title,
                     GtkFileFilter       *filter,
                     const char          *key)
{
  GtkFileChooserNative *dialog;
  KeyChoice *choice = g_new (KeyChoice, 1);

  *choice = (KeyChoice) { self->settings, key };
  dialog = ts_file_chooser_new (GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN, title, _("_Choose"), filter, NULL);
  ts_file_chooser_run (dialog, file_chosen_cb, choice, g_free);
}

static void
choose_clicked_cb (TsPreferencesWindow *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Catalog files (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  choose_file_for_key (self, _("Choose a Catalog File"), filter, "catalog-file");
}

static void
reset_clicked_cb (TsPreferencesWindow *self)
{
  g_settings_set_string (self->settings, "catalog-file", "");
}

static void
update_logo_row (TsPreferencesWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "logo-file");
  gboolean none = path == NULL || *path == '\0';

  adw_action_row_set_subtitle (self->logo_row, none ? _("None") : path);
  gtk_widget_set_sensitive (self->logo_reset_button, !none);
}

static void
logo_choose_clicked_cb (TsPreferencesWindow *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  /* What the spec sheet draws: PNG (through cairo) and SVG (through
   * librsvg, as vectors). */
  gtk_file_filter_set_name (filter, _("PNG and SVG images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/svg+xml");
  gtk_file_filter_add_suffix (filter, "png");
  gtk_file_filter_add_suffix (filter, "svg");
  choose_file_for_key (self, _("Choose a Logo"), filter, "logo-file");
}

static void
logo_reset_clicked_cb (TsPreferencesWindow *self)
{
  g_settings_set_string (self->settings, "logo-file", "");
}

static void
ts_preferences_window_dispose (GObject *object)
{
  TsPreferencesWindow *self = TS_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ts_preferences_window_parent_class)->dispose (object);
}

static void
ts_preferences_window_class_init (TsPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, pdf_language_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, units_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, large_type_switch);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, catalog_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, catalog_reset_button);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, catalog_choose_button);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, vendor_name_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, vendor_contact_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, quote_address_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, logo_row);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, logo_reset_button);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesWindow, logo_choose_button);
}

static void
ts_preferences_window_init (TsPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TsPreferencesWindow *
ts_preferences_window_new (GtkApplication *application)
{
  TsPreferencesWindow *self = g_object_new (TS_TYPE_PREFERENCES_WINDOW, "application", application, NULL);

  self->state = ts_app_state_get_for (G_APPLICATION (application));
  self->settings = g_object_ref (ts_app_state_get_settings (self->state));
  bind_choice (self, "language", self->language_row, language_values);
  bind_choice (self, "pdf-language", self->pdf_language_row, pdf_language_values);
  bind_choice (self, "memory-units", self->units_row, units_values);
  g_settings_bind (self->settings, "large-type", self->large_type_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::catalog-file", G_CALLBACK (update_catalog_row), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_swapped (self->catalog_choose_button, "clicked", G_CALLBACK (choose_clicked_cb), self);
  ts_accessible_tidy_built (GTK_WIDGET (self));
  g_signal_connect_swapped (self->catalog_reset_button, "clicked", G_CALLBACK (reset_clicked_cb), self);
  update_catalog_row (self);
  g_settings_bind (self->settings, "vendor-name", self->vendor_name_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "vendor-contact", self->vendor_contact_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "quote-address", self->quote_address_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::logo-file", G_CALLBACK (update_logo_row), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->logo_choose_button, "clicked", G_CALLBACK (logo_choose_clicked_cb), self);
  g_signal_connect_swapped (self->logo_reset_button, "clicked", G_CALLBACK (logo_reset_clicked_cb), self);
  update_logo_row (self);
  return self;
}
