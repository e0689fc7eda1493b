/* ts-window-private.h — the window's hooks for tests and the benchmark
 *
 * Only ts-window.c (which defines them), the tests and the benchmark
 * include this; the program uses ts-window.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-window.h"

G_BEGIN_DECLS

/* For tests and the benchmark: the controls and views by name. key is the
 * scenario file's name of the field (“seq_len”, “method”, …: the keys of
 * ts_form_fields[], ts-form-fields.h) or “hardware”, “currency”,
 * “custom_params”. */
GtkWidget     *ts_window_get_field_widget (TsWindow   *self,
                                           const char *key);
GtkWidget     *ts_window_get_field_row    (TsWindow   *self,
                                           const char *key);
/* The custom model's control of an architecture field (a key of
 * ts_arch_fields ()); shown when the model is a custom one with “Full
 * architecture” on. */
GtkWidget     *ts_window_get_arch_widget  (TsWindow   *self,
                                           const char *key);
GtkWidget     *ts_window_get_view         (TsWindow   *self,
                                           TsDrawing   drawing);
gboolean       ts_window_select_model     (TsWindow   *self,
                                           const char *id);
GtkColumnView *ts_window_get_option_view  (TsWindow   *self);
/* What the model file chooser and the paste dialog do with their answer:
 * the model the text or file holds becomes the custom model. */
gboolean       ts_window_import_model_file (TsWindow   *self,
                                            GFile      *file,
                                            GError    **error);
gboolean       ts_window_import_model_text (TsWindow   *self,
                                            const char *text,
                                            const char *name,
                                            GError    **error);
/* A named child of the window's template or of one of its parts'
 * (“view_stack”, “model_list”, “advanced_row”, …), or NULL. */
GObject       *ts_window_get_template_widget (TsWindow   *self,
                                              const char *name);

G_END_DECLS
