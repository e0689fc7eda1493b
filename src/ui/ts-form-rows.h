/* ts-form-rows.h — the scenario form's rows and spin buttons
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

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

G_END_DECLS
