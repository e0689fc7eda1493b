/* ts-facts-private.h — what the files of the plan's facts share
 *
 * ts-facts.c holds the list and the scenario, site and time
 * sections; ts-facts-hardware.c the configuration, network and
 * storage; ts-facts-tables.c the sections that are tables. Each
 * adds its figures through these.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-facts.h"

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

/* A row of the table; cells is taken (NULL-terminated). */
void         _ts_plan_facts_add_row    (TsPlanFacts        *facts,
                                        char              **cells,
                                        gboolean            emphasis);

/* The table's headings, NULL-terminated; copied. */
void         _ts_plan_facts_set_columns (TsPlanFacts       *facts,
                                         ...) G_GNUC_NULL_TERMINATED;

/* A sentence under the figures; taken. */
void         _ts_plan_facts_add_sentence (TsPlanFacts      *facts,
                                          char             *sentence);

G_END_DECLS
