/* ts-model-import.h — Custom… model from a config.json or a model file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-window.h"

G_BEGIN_DECLS

/* Reads a Hugging Face config.json or Train Sizer's own model file with
 * the engine's loader and makes it the window's custom model. A refused
 * file leaves the window's model as it was; the error is the engine's
 * (it names the key). The callers below show it. */
gboolean   ts_model_import_file        (TsWindow     *window,
                                        GFile        *file,
                                        GError      **error);
/* The same for pasted text; name names it in messages. */
gboolean   ts_model_import_text        (TsWindow     *window,
                                        const char   *text,
                                        const char   *name,
                                        GError      **error);

/* The dialog of “Paste config.json…”: a text view and Cancel/Use Model;
 * its “import” response imports the text (errors shown in the window). */
AdwMessageDialog *ts_model_import_paste_dialog_new (TsWindow *window);

/* The window's actions “import-model-file” (a file chooser filtered to
 * JSON) and “paste-model-config” (the dialog above); user_data is the
 * TsWindow. */
void       ts_model_import_file_activated  (GSimpleAction *action,
                                            GVariant      *parameter,
                                            gpointer       user_data);
void       ts_model_import_paste_activated (GSimpleAction *action,
                                            GVariant      *parameter,
                                            gpointer       user_data);

G_END_DECLS
