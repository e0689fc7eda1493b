/* ts-export.h — a plan's shown option as a training framework's configuration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-framework.h"
#include "ts-plan.h"

G_BEGIN_DECLS


/* Gradient accumulation steps of the exported run. The scenario has no
 * global batch yet, so this is 1; when it has one, this becomes
 * global batch / (micro-batch × data-parallel GPUs). */
guint       ts_export_gradient_accumulation (const TsPlan *plan);

/* The configuration text for the plan's shown option
 * (ts_plan_get_shown_option ()): its layout, servers and GPUs with the
 * scenario's micro-batch, precision, method, LoRA, sequence length,
 * checkpointing, offload and FlashAttention, in the framework the plan is
 * for. A format that cannot write the plan exactly (ts_export_can_write
 * ()), or a plan without an option, is a TS_ERROR_INVALID_INPUT error
 * naming the reason and the formats that can. */
char       *ts_export_plan                (const TsPlan    *plan,
                                           TsExportFormat   format,
                                           GError         **error);

/* Whether the format writes the plan's shown option exactly (issue 26):
 * a framework the format writes runs the option's layout with the
 * memory rules the plan was sized by, and the layout's GPUs can be
 * launched. When not, *why (may be NULL; free it) says why, in words. */
gboolean    ts_export_can_write           (const TsPlan    *plan,
                                           TsExportFormat   format,
                                           char           **why);
/* The formats that write the plan, “megatron, deepspeed”; NULL when none
 * does. */
char       *ts_export_dup_formats_that_can (const TsPlan   *plan);

G_END_DECLS
