/* ts-model-import.h — Custom… model from a config.json or a model file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"

G_BEGIN_DECLS

/* Reads a Hugging Face config.json or Train Sizer's own model file with
 * the engine's loader into model (cleared with ts_model_clear by the
 * caller). A refused file leaves model empty; the error is the engine's
 * (it names the key). name names pasted text in messages. */
gboolean          ts_model_import_read_text   (const char  *text,
                                               const char  *name,
                                               TsModel     *model,
                                               GError     **error);
gboolean          ts_model_import_read_file   (GFile       *file,
                                               TsModel     *model,
                                               GError     **error);

/* What a chooser or the paste dialog read: model, or NULL and why (NULL
 * and no error: the user cancelled the chooser). */
typedef void (*TsModelImportFunc) (const TsModel *model,
                                   const GError  *error,
                                   gpointer       user_data);

/* A file chooser filtered to JSON; func gets what the chosen file holds,
 * or nothing if the user cancels: it is called once either way, so
 * user_data may be a reference func drops. */
void              ts_model_import_choose_file (GtkWindow         *parent,
                                               TsModelImportFunc  func,
                                               gpointer           user_data);
/* The dialog of “Paste config.json…”: a text view and Cancel/Use Model;
 * its “import” response reads the text and hands it to func. It closes
 * with parent, so user_data need only live as long as parent. */
AdwMessageDialog *ts_model_import_paste_dialog_new (GtkWindow         *parent,
                                                    TsModelImportFunc  func,
                                                    gpointer           user_data);

G_END_DECLS
