/* ts-model-picker.h — the list of models to train, with its search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"

G_BEGIN_DECLS

#define TS_TYPE_MODEL_PICKER (ts_model_picker_get_type ())

G_DECLARE_FINAL_TYPE (TsModelPicker, ts_model_picker, TS, MODEL_PICKER, GtkBox)

/* The catalog whose models it lists; the rows are made when the list is
 * first needed (ts_model_picker_refresh), not now. The picker borrows
 * catalog. */
void      ts_model_picker_set_catalog (TsModelPicker *self,
                                       TsCatalog     *catalog);
/* Makes the rows if the catalog changed since they were made. */
void      ts_model_picker_refresh     (TsModelPicker *self);
/* Picks the row named id (a catalog model's id, “custom”, “custom-open”,
 * “custom-paste”) as a click would; FALSE if there is none. */
gboolean  ts_model_picker_select      (TsModelPicker *self,
                                       const char    *id);

/* Signal “model-chosen” (guint index): 0 for the custom model, else the
 * catalog's model index + 1. The two rows that read a model from a file or
 * the clipboard run win.import-model-file and win.paste-model-config
 * themselves. */

G_END_DECLS
