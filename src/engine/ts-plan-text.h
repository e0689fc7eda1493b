/* ts-plan-text.h — the plan's words, written once for every surface
 *
 * The window's headline, the CLI's text, the spec sheet's verdict and the
 * print path all say what a plan is in these sentences, so they cannot
 * drift apart. Each is formatted in the current language on each call.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-plan.h"

G_BEGIN_DECLS

typedef enum
{
  TS_PLAN_WORKS,          /* the shown option works with room to spare */
  TS_PLAN_TIGHT,          /* it works, with little memory left */
  TS_PLAN_FAILS,          /* it does not work (see its failures) */
} TsPlanVerdict;

TsPlanVerdict ts_plan_get_verdict      (const TsPlan *plan);
/* One or two words for the verdict badge: “Fits”, “Tight”, “Does not
 * fit”, “Misses the deadline”, “Site cannot take it”, … */
const char   *ts_plan_verdict_label    (const TsPlan *plan);
/* What the plan is about: the model, the method and the model's size,
 * “Llama 3.1 70B — Full training (70.55 B)”: the CLI's first line and
 * the spec sheet's subtitle. */
char         *ts_plan_dup_subject      (const TsPlan *plan);
/* The headline: what the job needs and which configuration answers it
 * (or that none does, and how far the closest one is). Memory in GiB
 * when `gib`, else decimal GB. */
char         *ts_plan_dup_headline     (const TsPlan *plan,
                                        gboolean      gib);
/* The sentence of a warning code. */
const char   *ts_plan_warning_text     (TsPlanWarning warning);
/* The plan's warnings as sentences (char*), in plan->warnings' order. */
GPtrArray    *ts_plan_dup_warnings     (const TsPlan *plan);

G_END_DECLS
