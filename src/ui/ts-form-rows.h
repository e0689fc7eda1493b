/* ts-form-rows.h — the scenario form's rows and spin buttons, and
 * each field of the engine's tables as a row with its control
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-form-fields.h"

G_BEGIN_DECLS

/* A spin button that writes and reads numbers the way the rest of the
 * window does, in the in-app language (ts_format_number). */
GtkWidget *ts_form_spin_new        (double      lower,
                                    double      upper,
                                    double      step,
                                    guint       digits);
/* A row of the scenario: type is AdwActionRow or a subclass; name is what
 * tests and the error display find it by (or NULL). */
GtkWidget *ts_form_row_new         (GType       type,
                                    const char *name,
                                    const char *title,
                                    const char *subtitle);
/* A row whose control (a spin button, a switch) sits at its end. */
GtkWidget *ts_form_control_row_new (const char *name,
                                    const char *title,
                                    const char *subtitle,
                                    GtkWidget  *control);

/* A field of the engine's tables as a row (ts-form-fields.h): a combo row
 * for a choice (the row is then the control), else a row with a switch or
 * a spin button of the field's range at its end. */
GtkWidget  *ts_form_field_row_new          (const TsFormField  *field,
                                            GtkWidget         **control);
/* The control's value in the field's units (a choice's value), or NAN when
 * a combo row has nothing selected; and the control set to one. */
double      ts_form_control_get_value      (const TsFormField  *field,
                                            GtkWidget          *control);
void        ts_form_control_set_value      (const TsFormField  *field,
                                            GtkWidget          *control,
                                            double              value);
/* What a control of kind emits when it is edited: “notify::value”,
 * “notify::active” or “notify::selected” (one handler fits all three). */
const char *ts_form_control_changed_signal (TsFormFieldKind     kind);

G_END_DECLS
