/* ts-export-dialog.c — Export → Training Configuration…
 *
 * The engine writes the configuration (ts_export_plan); this dialog only
 * shows it per format, copies it and saves it. Every format's text is made
 * when the dialog opens: the window's plan is replaced on every edit, and
 * texts of the option shown at that moment are what the user asked for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-document.h"
#include "ts-export-dialog.h"
#include "ts-atomic-file.h"
#include "ts-local-file.h"

struct _TsExportDialog
{
  AdwWindow        parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwComboRow     *format_row;
  GtkTextView     *text_view;
  GtkWidget       *copy_button;
  GtkWidget       *save_button;

  /* Each format's text, or NULL where the engine refused (error says why). */
  char            *texts[TS_N_EXPORT_FORMATS];
  char            *errors[TS_N_EXPORT_FORMATS];
};

G_DEFINE_FINAL_TYPE (TsExportDialog, ts_export_dialog, ADW_TYPE_WINDOW)

/* The names each framework's documentation uses for the file. */
static const char *const file_names[TS_N_EXPORT_FORMATS] = {
  [TS_EXPORT_DEEPSPEED] = "ds_config.json",
  [TS_EXPORT_ACCELERATE] = "accelerate.yaml",
  [TS_EXPORT_AXOLOTL] = "axolotl.yaml",
  [TS_EXPORT_LLAMAFACTORY] = "llamafactory.yaml",
  [TS_EXPORT_MEGATRON] = "megatron-args.txt",
};

static const char *const format_titles[TS_N_EXPORT_FORMATS] = {
  [TS_EXPORT_DEEPSPEED] = N_("DeepSpeed (JSON)"),
  [TS_EXPORT_ACCELERATE] = N_("Accelerate (YAML)"),
  [TS_EXPORT_AXOLOTL] = N_("Axolotl (YAML)"),
  [TS_EXPORT_LLAMAFACTORY] = N_("LLaMA-Factory (YAML)"),
  [TS_EXPORT_MEGATRON] = N_("Megatron-LM (arguments)"),
};

const char *
ts_export_format_file_name (TsExportFormat format)
{
  g_return_val_if_fail (format < TS_N_EXPORT_FORMATS, NULL);
  return file_names[format];
}

static void
show_format (TsExportDialog *self)
{
  TsExportFormat format = ts_export_dialog_get_format (self);
  const char *text = self->texts[format];
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);

  /* A refusal shows in the preview itself: it is what there is to see. */
  gtk_text_buffer_set_text (buffer, text != NULL ? text : self->errors[format], -1);
  gtk_widget_set_sensitive (self->copy_button, text != NULL);
  gtk_widget_set_sensitive (self->save_button, text != NULL);
}

static void
show_toast (TsExportDialog *self,
            const char     *title,
            guint           timeout)
{
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_timeout (toast, timeout);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
copy_clicked_cb (TsExportDialog *self)
{
  const char *text = self->texts[ts_export_dialog_get_format (self)];

  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  /* Translators: a toast after Copy in the training configuration dialog */
  show_toast (self, _("Configuration copied"), 3);
}

gboolean
ts_export_dialog_save (TsExportDialog  *self,
                       GFile           *file,
                       GError         **error)
{
  g_autofree char *path = NULL;
  TsExportFormat format;

  g_return_val_if_fail (TS_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  format = ts_export_dialog_get_format (self);
  if (self->texts[format] == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, self->errors[format]);
      return FALSE;
    }
  path = ts_local_file_dup_path (file, error);
  if (path == NULL)
    return FALSE;
  return ts_atomic_file_write (path, self->texts[format], strlen (self->texts[format]), error);
}

static void
save_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  TsExportDialog *self = user_data;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  if (!ts_export_dialog_save (self, file, &error))
    show_toast (self, error->message, 0);
  else
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *display = g_filename_display_name (name);
      /* Translators: a toast; %s is a file name */
      g_autofree char *title = g_strdup_printf (_("Saved “%s”"), display);

      show_toast (self, title, 5);
    }
}

static void
save_clicked_cb (TsExportDialog *self)
{
  TsExportFormat format = ts_export_dialog_get_format (self);
  GtkFileChooserNative *chooser;

  if (self->texts[format] == NULL)
    return;
  chooser = ts_file_chooser_new (GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("Save the Training Configuration"),
                                 _("_Save"), NULL, file_names[format]);
  /* the dialog outlives its chooser */
  ts_file_chooser_run (chooser, save_chosen_cb, g_object_ref (self), g_object_unref);
}

TsExportFormat
ts_export_dialog_get_format (TsExportDialog *self)
{
  guint selected;

  g_return_val_if_fail (TS_IS_EXPORT_DIALOG (self), TS_EXPORT_DEEPSPEED);

  selected = adw_combo_row_get_selected (self->format_row);
  return selected < TS_N_EXPORT_FORMATS ? (TsExportFormat) selected : TS_EXPORT_DEEPSPEED;
}

char *
ts_export_dialog_get_text (TsExportDialog *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (TS_IS_EXPORT_DIALOG (self), NULL);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
ts_export_dialog_finalize (GObject *object)
{
  TsExportDialog *self = TS_EXPORT_DIALOG (object);

  for (guint i = 0; i < TS_N_EXPORT_FORMATS; i++)
    {
      g_free (self->texts[i]);
      g_free (self->errors[i]);
    }
  G_OBJECT_CLASS (ts_export_dialog_parent_class)->finalize (object);
}

static void
ts_export_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_EXPORT_DIALOG);
  G_OBJECT_CLASS (ts_export_dialog_parent_class)->dispose (object);
}

static void
ts_export_dialog_class_init (TsExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_export_dialog_dispose;
  object_class->finalize = ts_export_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/trainsizer/TrainSizer/ui/ts-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsExportDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TsExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, TsExportDialog, text_view);
  gtk_widget_class_bind_template_child (widget_class, TsExportDialog, copy_button);
  gtk_widget_class_bind_template_child (widget_class, TsExportDialog, save_button);
  /* A dialog: Escape closes it. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ts_export_dialog_init (TsExportDialog *self)
{
  g_autoptr(GtkStringList) formats = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < TS_N_EXPORT_FORMATS; i++)
    gtk_string_list_append (formats, _(format_titles[i]));
  adw_combo_row_set_model (self->format_row, G_LIST_MODEL (formats));
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (show_format), self);
  g_signal_connect_swapped (self->copy_button, "clicked", G_CALLBACK (copy_clicked_cb), self);
  g_signal_connect_swapped (self->save_button, "clicked", G_CALLBACK (save_clicked_cb), self);
}

TsExportDialog *
ts_export_dialog_new (GtkWindow    *parent,
                      const TsPlan *plan)
{
  TsExportDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (TS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  for (guint i = 0; i < TS_N_EXPORT_FORMATS; i++)
    {
      g_autoptr(GError) error = NULL;

      if (plan != NULL)
        self->texts[i] = ts_export_plan (plan, i, &error);
      if (self->texts[i] == NULL)
        self->errors[i] = g_strdup (error != NULL ? error->message
                                    /* Translators: shown instead of a configuration */
                                    : _("There is no answer to export yet."));
    }
  /* a format the plan cannot be written in is not the one offered
   * first: the first that can (its refusal names them all) */
  if (self->texts[TS_EXPORT_DEEPSPEED] == NULL)
    for (guint i = 0; i < TS_N_EXPORT_FORMATS; i++)
      if (self->texts[i] != NULL)
        {
          adw_combo_row_set_selected (self->format_row, i);
          break;
        }
  show_format (self);
  return self;
}
