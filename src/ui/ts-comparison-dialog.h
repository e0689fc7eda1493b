/* ts-comparison-dialog.h — two hardware options of a plan side by side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-plan.h"

G_BEGIN_DECLS

#define TS_TYPE_COMPARISON_DIALOG (ts_comparison_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TsComparisonDialog, ts_comparison_dialog, TS, COMPARISON_DIALOG, AdwWindow)

/* The rows, in the order shown. */
typedef enum
{
  TS_COMPARE_VERDICT,
  TS_COMPARE_MEMORY,
  TS_COMPARE_GPU_MEMORY,  /* the vendor's figure and the usable bytes, each labelled */
  TS_COMPARE_SERVERS,
  TS_COMPARE_PRICE,     /* the servers' price, “≈” for an estimate */
  TS_COMPARE_RACKS,
  TS_COMPARE_POWER,
  TS_COMPARE_HEAT,
  TS_COMPARE_TIME,
  TS_COMPARE_ENERGY,
  TS_COMPARE_COST,
  TS_COMPARE_WHY,
  TS_N_COMPARE_ROWS
} TsCompareRow;

/* The texts of every option are copied: the dialog does not keep plan.
 * first and second are indices into plan->options. */
TsComparisonDialog *ts_comparison_dialog_new         (GtkWindow          *parent,
                                                      const TsPlan       *plan,
                                                      gboolean            gib,
                                                      guint               first,
                                                      guint               second);
void                ts_comparison_dialog_set_options (TsComparisonDialog *self,
                                                      guint               first,
                                                      guint               second);
/* For tests: a value as shown (side 0 or 1) and whether its row is marked. */
const char         *ts_comparison_dialog_get_value   (TsComparisonDialog *self,
                                                      TsCompareRow        row,
                                                      guint               side);
gboolean            ts_comparison_dialog_get_differs (TsComparisonDialog *self,
                                                      TsCompareRow        row);

G_END_DECLS
