/* ts-options-table.h — the hardware options side by side, one row each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"

G_BEGIN_DECLS

#define TS_TYPE_OPTIONS_TABLE (ts_options_table_get_type ())

G_DECLARE_FINAL_TYPE (TsOptionsTable, ts_options_table, TS, OPTIONS_TABLE, GtkBox)

/* Fills the table with plan's options (copied: the plan may go), the
 * plan's shown one selected (TsPlan.chosen, else the recommendation). */
void           ts_options_table_fill     (TsOptionsTable *self,
                                          const TsPlan   *plan,
                                          gboolean        gib);
GtkColumnView *ts_options_table_get_view (TsOptionsTable *self);

/* Signal “option-chosen” (guint index, const char *server_id): the user
 * selected a row; index is the option's in the plan. */

G_END_DECLS
