/* ts-plan.h — the engine's whole answer for a scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-catalog.h"
#include "ts-memory.h"
#include "ts-recommend.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

typedef struct
{
  TsCatalog   *catalog;
  TsScenario  *scenario;
  /* The chosen configuration's memory (the shown option's, at the layout
   * its GPUs hold): what every surface shows. The scenario as typed,
   * before hardware is chosen, is scenario_memory, shown only labelled as
   * such. */
  TsMemory     memory;
  TsMemory     scenario_memory;
  GArray      *options;      /* TsOption, ranked */
  int          recommended;  /* index into options, or -1 when no option works */
  int          chosen;       /* the option the user picked, or -1 */
  GPtrArray   *warnings;     /* char*, current language */
} TsPlan;

TsPlan         *ts_plan_compute        (TsCatalog        *catalog,
                                        const TsScenario *scenario,
                                        GError          **error);
/* Computes the plan again for another scenario, in place: its option and
 * warning arrays are reused (a sweep of scenarios, a window that follows
 * every edit). On an error the plan is left as it was. */
gboolean        ts_plan_update         (TsPlan           *plan,
                                        const TsScenario *scenario,
                                        GError          **error);
void            ts_plan_free           (TsPlan           *plan);
/* The one configuration every surface describes: the option the user
 * chose, else the recommended one, else (nothing works) the best of the
 * rest, which is then never presented as the answer. */
const TsOption *ts_plan_get_shown_option (const TsPlan   *plan);
/* Picks option `index` (or -1 for the recommendation) as the shown one;
 * plan->memory follows it. */
void            ts_plan_choose_option  (TsPlan           *plan,
                                        int               index);
/* Whether the shown option works (memory, layout, deadline, site,
 * supplies): the plan's overall verdict. */
gboolean        ts_plan_is_ok          (const TsPlan     *plan);

JsonNode       *ts_plan_to_json        (const TsPlan     *plan);
char           *ts_plan_to_json_string (const TsPlan     *plan,
                                        gboolean          pretty);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsPlan, ts_plan_free)

G_END_DECLS
