/* ts-custom-model-rows.h — the custom model's rows of the scenario form:
 * its size, and its full architecture, one row per field of the engine's
 * architecture table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"

G_BEGIN_DECLS

#define TS_TYPE_CUSTOM_MODEL_ROWS (ts_custom_model_rows_get_type ())

G_DECLARE_FINAL_TYPE (TsCustomModelRows, ts_custom_model_rows, TS, CUSTOM_MODEL_ROWS, GObject)

/* Makes the two rows, which the caller places (in that order) and which
 * the object keeps alive as long as it lives. The rows know no scenario:
 * after each edit a person makes they emit “edited” (no arguments), and
 * the caller asks for the model they describe (ts_custom_model_rows_make_model).
 * Nothing the caller sets emits “edited”. */
TsCustomModelRows *ts_custom_model_rows_new              (void);
/* “Parameters, billions” and the “Full architecture” expander. */
GtkWidget         *ts_custom_model_rows_get_params_row   (TsCustomModelRows  *self);
GtkWidget         *ts_custom_model_rows_get_arch_row     (TsCustomModelRows  *self);
void               ts_custom_model_rows_set_visible      (TsCustomModelRows  *self,
                                                          gboolean            visible);

/* The rows show model's size and layout: its own when it is a custom one
 * (no id) with an architecture, else the one the engine infers from its
 * size. “Full architecture” stays on or off. */
void               ts_custom_model_rows_show_model       (TsCustomModelRows  *self,
                                                          const TsModel      *model);
/* Turns “Full architecture” on or off, as a model file asks. */
void               ts_custom_model_rows_set_arch_enabled (TsCustomModelRows  *self,
                                                          gboolean            enabled);
/* The model the rows describe: from the architecture rows when “Full
 * architecture” is on, else from the size. current is the model the
 * scenario has now: a custom one whose name came from a file keeps it (the
 * names the rows make up follow the size). FALSE with the engine's reason
 * when it refuses the layout. */
gboolean           ts_custom_model_rows_make_model       (TsCustomModelRows  *self,
                                                          const TsModel      *current,
                                                          TsModel            *model,
                                                          GError            **error);

/* For tests: the size's spin button, and the control of the architecture
 * field key (a key of ts_arch_fields (): “layers”, “mlp”, …) or NULL. */
GtkWidget         *ts_custom_model_rows_get_params_spin  (TsCustomModelRows  *self);
GtkWidget         *ts_custom_model_rows_get_arch_widget  (TsCustomModelRows  *self,
                                                          const char         *key);

G_END_DECLS
