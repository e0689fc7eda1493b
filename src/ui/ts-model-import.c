/* ts-model-import.c — Custom… model from a config.json or a model file
 *
 * The reading is the engine's (ts_model_from_json: a Hugging Face
 * config.json recognised by its keys, or the app's own model file), the
 * same as trainsizer-cli --model-file, so the window and the CLI size the
 * same model from the same file. This file only gets the text to it and
 * shows what it says.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-model-import"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-document.h"
#include "ts-local-file.h"
#include "ts-json.h"
#include "ts-model-import.h"

gboolean
ts_model_import_read_text (const char  *text,
                           const char  *name,
                           TsModel     *model,
                           GError     **error)
{
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (model != NULL, FALSE);

  /* The guarded parser: size and depth limits, as for any file we read */
  root = ts_json_parse (text, -1, name, error);
  return root != NULL && ts_model_from_json (model, root, name, error);
}

gboolean
ts_model_import_read_file (GFile    *file,
                           TsModel  *model,
                           GError  **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (model != NULL, FALSE);

  path = ts_local_file_dup_path (file, error);
  return path != NULL && ts_model_load_file (model, path, error);
}

/* Hands func what was read, then lets the model go. */
static void
deliver (TsModelImportFunc  func,
         gpointer           user_data,
         TsModel           *model,
         gboolean           ok,
         const GError      *error)
{
  func (ok ? model : NULL, ok ? NULL : error, user_data);
  ts_model_clear (model);
}

typedef struct
{
  TsModelImportFunc func;
  gpointer          user_data;
} Delivery;

static void
delivery_free (gpointer  data,
               GClosure *closure)
{
  g_free (data);
}

static void
file_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  Delivery *delivery = user_data;
  g_autoptr(GError) error = NULL;
  TsModel model = { 0 };
  gboolean ok;

  if (file == NULL)
    {
      delivery->func (NULL, NULL, delivery->user_data);
      return;
    }
  ok = ts_model_import_read_file (file, &model, &error);
  deliver (delivery->func, delivery->user_data, &model, ok, error);
}

void
ts_model_import_choose_file (GtkWindow         *parent,
                             TsModelImportFunc  func,
                             gpointer           user_data)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;
  Delivery *delivery = g_new0 (Delivery, 1);

  delivery->func = func;
  delivery->user_data = user_data;
  /* Translators: file chooser filter: a Hugging Face config.json or the app's model file */
  gtk_file_filter_set_name (filter, _("Model files (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  chooser = ts_file_chooser_new (parent, GTK_FILE_CHOOSER_ACTION_OPEN, _("Open a Model File"), _("_Open"),
                                 filter, NULL);
  ts_file_chooser_run (chooser, file_chosen_cb, delivery, g_free);
}

static void
paste_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   Delivery         *delivery)
{
  GtkTextBuffer *buffer = g_object_get_data (G_OBJECT (dialog), "buffer");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  TsModel model = { 0 };
  gboolean ok;

  if (g_strcmp0 (response, "import") != 0)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  /* Translators: names pasted text in error messages, where a file name would be */
  ok = ts_model_import_read_text (text, _("pasted config.json"), &model, &error);
  deliver (delivery->func, delivery->user_data, &model, ok, error);
}

AdwMessageDialog *
ts_model_import_paste_dialog_new (GtkWindow         *parent,
                                  TsModelImportFunc  func,
                                  gpointer           user_data)
{
  GtkWidget *dialog;
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();
  Delivery *delivery = g_new0 (Delivery, 1);

  delivery->func = func;
  delivery->user_data = user_data;
  dialog = adw_message_dialog_new (parent, _("Paste config.json"),
                                   _("The model’s config.json from Hugging Face, or a Train Sizer model file"));
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Paste config.json"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 240);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_widget_add_css_class (scrolled, "card");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    /* Translators: a button: take the pasted model */
                                    "import", _("_Use Model"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "import");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  /* The view owns the buffer, and the dialog the view. */
  g_object_set_data (G_OBJECT (dialog), "buffer", gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)));
  /* Closed with its parent, so the parent outlives it: no reference. */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_data (dialog, "response", G_CALLBACK (paste_response_cb), delivery,
                         delivery_free, 0);
  return ADW_MESSAGE_DIALOG (dialog);
}
