/* ts-plan-facts-private.h — what the files of the plan's facts share
 *
 * ts-plan-facts.c holds the list and the scenario, site and time
 * sections; ts-plan-facts-hardware.c the configuration, network and
 * storage. Both add their figures through these.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-plan-facts.h"

G_BEGIN_DECLS

TsPlanFacts *_ts_plan_facts_new        (void);

/* A figure that rests on no catalog field the catalog could mark as an
 * estimate; value is taken (NULL: not known). */
void         _ts_plan_facts_add        (TsPlanFacts        *facts,
                                        const char         *label,
                                        char               *value);

/* A figure from a catalog record, marked an estimate (“≈ ”) when the
 * record says any of fields (JSON names, space-separated) is one; value
 * is taken. */
void         _ts_plan_facts_add_figure (TsPlanFacts        *facts,
                                        const char         *label,
                                        char               *value,
                                        const TsProvenance *prov,
                                        const char         *fields);

G_END_DECLS
