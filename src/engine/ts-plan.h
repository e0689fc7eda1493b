/* ts-plan.h — the engine's whole answer for a scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "ts-catalog.h"
#include "ts-memory.h"
#include "ts-options.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

/* What a plan warns about, kept as a code so its sentence is composed
 * in the language of whoever shows it (ts_plan_dup_warnings ()). */
typedef enum
{
  TS_PLAN_WARNING_NOTHING_WORKS,   /* no option of the catalog works */
} TsPlanWarning;

/* A plan is shared by reference (the window, its print dialog, a PDF
 * export): it holds no translated text, so one plan serves pages in any
 * language. A plan others hold must not be changed (ts_plan_update (),
 * ts_plan_choose_option ()): ts_plan_is_shared () tells. */
typedef struct
{
  TsCatalog   *catalog;
  TsScenario  *scenario;
  /* The memory of the scenario as typed, at its own GPU count, before
   * hardware is chosen: shown only labelled as such. What every surface
   * shows is ts_plan_get_memory (). */
  TsMemory     scenario_memory;
  GArray      *options;      /* TsOption, ranked */
  int          recommended;  /* index into options, or -1 when no option works */
  int          chosen;       /* the option the user picked, or -1 */
  GArray      *warnings;     /* TsPlanWarning; the sentences: ts_plan_dup_warnings () */

  /*< private >*/
  gatomicrefcount ref_count;
  /* The scaling curves drawn from this plan, filled on first use by
   * ts_scaling_curve_for_plan () (ts-plan.c) and freed with the plan:
   * a curve depends on nothing but the plan's catalog and scenario, so
   * it can never outlive what it was computed from. */
  gpointer        scaling_curves;
} TsPlan;

/* A plan as a GObject property's value (the window's "plan", which the
 * answer pane, its views, the form and the comparison follow by
 * binding): copying the boxed value takes a reference. */
#define TS_TYPE_PLAN (ts_plan_get_type ())
GType           ts_plan_get_type       (void) G_GNUC_CONST;

TsPlan         *ts_plan_compute        (TsCatalog        *catalog,
                                        const TsScenario *scenario,
                                        GError          **error);
/* Computes the plan again for another scenario, in place: its option and
 * warning arrays are reused (a sweep of scenarios, a window that follows
 * every edit). On an error the plan is left as it was. */
gboolean        ts_plan_update         (TsPlan           *plan,
                                        const TsScenario *scenario,
                                        GError          **error);
TsPlan         *ts_plan_ref            (TsPlan           *plan);
void            ts_plan_unref          (TsPlan           *plan);
/* Points *plan_ptr at plan, taking a reference and dropping the old one,
 * as g_set_object () does for objects: FALSE when it already pointed
 * there (a "plan" property's setter notifies only on TRUE). */
gboolean        ts_plan_set            (TsPlan          **plan_ptr,
                                        TsPlan           *plan);
/* The same as ts_plan_unref (), kept for the callers that owned a plan
 * alone before it was shared. */
void            ts_plan_free           (TsPlan           *plan);
/* Whether anyone else holds a reference to the plan. */
gboolean        ts_plan_is_shared      (const TsPlan     *plan);
/* The one configuration every surface describes: the option the user
 * chose, else the recommended one, else (nothing works) the best of the
 * rest, which is then never presented as the answer. */
const TsOption *ts_plan_get_shown_option (const TsPlan   *plan);
/* The memory every surface shows: the shown option's (at the layout its
 * GPUs hold), or the scenario's own when the plan has no option at all.
 * One object, not a copy, so it cannot drift from the option it
 * describes; like the shown option, good until the plan is updated. */
const TsMemory *ts_plan_get_memory     (const TsPlan     *plan);
/* Picks option `index` (or -1 for the recommendation) as the shown one;
 * ts_plan_get_memory () follows it. */
void            ts_plan_choose_option  (TsPlan           *plan,
                                        int               index);
/* Whether the shown option works (memory, layout, deadline, site,
 * supplies): the plan's overall verdict. */
gboolean        ts_plan_is_ok          (const TsPlan     *plan);

/* The warnings in the JSON are composed in the current language. */
JsonNode       *ts_plan_to_json        (const TsPlan     *plan);
char           *ts_plan_to_json_string (const TsPlan     *plan,
                                        gboolean          pretty);

/* The scaling curve of one server for the plan's catalog and scenario,
 * the same as ts_scaling_curve () gives, computed on the first call and
 * kept in the plan until it is freed or updated: the Time view draws it
 * on every frame (every resize and scroll), and each curve is several
 * whole sizings. A new reference (g_array_unref ()), never to be changed:
 * the plan and its other readers hold the same array. NULL where
 * ts_scaling_curve () gives NULL. A plan keeps one curve per server, for
 * the first max_points asked: another max_points is computed afresh.
 * Safe to call from several threads on one shared plan. */
GArray *ts_scaling_curve_for_plan (const TsPlan *plan,
                                   const char   *server_id,
                                   guint         max_points,
                                   GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsPlan, ts_plan_unref)

G_END_DECLS
