/* ts-form-automatic.h — “Automatic” beside an input the planner may
 * choose: the toggle, what it does to the scenario, and the row's words
 * for what the planner chose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-form-fields.h"

G_BEGIN_DECLS

/* Whether field's row gets an “Automatic” toggle: an input the planner
 * searches, or the global batch. The ZeRO stage has “Automatic” among
 * its choices instead. */
gboolean   ts_form_automatic_applies    (const TsFormField  *field);
/* The toggle, added at row's end; the caller connects its “toggled”. */
GtkWidget *ts_form_automatic_button_new (AdwActionRow       *row);
/* The toggle turned on (automatic TRUE) hands the input to the planner;
 * off keeps control's value, now the user's. */
void       ts_form_automatic_apply      (const TsFormField  *field,
                                         TsScenario         *scenario,
                                         gboolean            automatic,
                                         GtkWidget          *control);
/* Shows on row (its toggle button, NULL for the ZeRO stage's choice, and
 * its control) whether the input is automatic and what the planner chose
 * for option (NULL: no option on show); a row whose input was set keeps
 * its own subtitle. */
void       ts_form_automatic_show       (const TsFormField  *field,
                                         AdwActionRow       *row,
                                         GtkWidget          *control,
                                         GtkWidget          *button,
                                         const TsScenario   *scenario,
                                         const TsOption     *option);

G_END_DECLS
