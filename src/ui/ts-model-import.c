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

#include "ts-json.h"
#include "ts-model-import.h"

gboolean
ts_model_import_text (TsWindow    *window,
                      const char  *text,
                      const char  *name,
                      GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  TsModel model = { 0 };

  g_return_val_if_fail (TS_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  /* The guarded parser: size and depth limits, as for any file we read */
  root = ts_json_parse (text, -1, name, error);
  if (root == NULL || !ts_model_from_json (&model, root, name, error))
    return FALSE;
  ts_window_set_custom_model (window, &model);
  ts_model_clear (&model);
  return TRUE;
}

gboolean
ts_model_import_file (TsWindow  *window,
                      GFile     *file,
                      GError   **error)
{
  g_autofree char *path = NULL;
  TsModel model = { 0 };

  g_return_val_if_fail (TS_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = ts_file_dup_local_path (file, error);
  if (path == NULL)
    return FALSE;
  if (!ts_model_load_file (&model, path, error))
    return FALSE;
  ts_window_set_custom_model (window, &model);
  ts_model_clear (&model);
  return TRUE;
}

static void
open_response_cb (GtkNativeDialog *chooser,
                  int              response,
                  TsWindow        *window)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (!ts_model_import_file (window, file, &error))
        ts_window_show_error (window, error->message);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  g_object_unref (window);
}

void
ts_model_import_file_activated (GSimpleAction *action,
                                GVariant      *parameter,
                                gpointer       user_data)
{
  TsWindow *window = TS_WINDOW (user_data);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  /* Translators: file chooser filter: a Hugging Face config.json or the app's model file */
  gtk_file_filter_set_name (filter, _("Model files (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  chooser = gtk_file_chooser_native_new (_("Open a Model File"), GTK_WINDOW (window), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  /* The window is kept until the chooser answers. */
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), g_object_ref (window));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
paste_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   TsWindow         *window)
{
  GtkTextBuffer *buffer = g_object_get_data (G_OBJECT (dialog), "buffer");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  if (g_strcmp0 (response, "import") != 0)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  /* Translators: names pasted text in error messages, where a file name would be */
  if (!ts_model_import_text (window, text, _("pasted config.json"), &error))
    ts_window_show_error (window, error->message);
}

AdwMessageDialog *
ts_model_import_paste_dialog_new (TsWindow *window)
{
  GtkWidget *dialog;
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  g_return_val_if_fail (TS_IS_WINDOW (window), NULL);

  dialog = adw_message_dialog_new (GTK_WINDOW (window), _("Paste config.json"),
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
  /* Closed with the window, so the window outlives it: no reference. */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (paste_response_cb), window);
  return ADW_MESSAGE_DIALOG (dialog);
}

void
ts_model_import_paste_activated (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  AdwMessageDialog *dialog = ts_model_import_paste_dialog_new (TS_WINDOW (user_data));

  gtk_window_present (GTK_WINDOW (dialog));
}
