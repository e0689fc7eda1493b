/* ts-scenario-private.h — what the two field tables' files share
 *
 * The scenario's inputs (ts-scenario-fields.c) and a custom model's
 * architecture (ts-arch-fields.c) are tables of the same record,
 * TsScenarioField, read by the same accessors; the loops over a whole
 * table are written once, here, so that the two tables cannot drift in
 * how a key is found or a default set. Not for callers outside those two
 * files; they use ts-scenario.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-scenario.h"

G_BEGIN_DECLS

/* The field of key (or of its older key, alias) in table; NULL if none
 * or key is NULL. */
const TsScenarioField *ts_field_table_find         (const TsScenarioField *table,
                                                    guint                  n_fields,
                                                    const char            *key);
/* Every field of table set to its default in record (the struct the
 * table describes); a STRING field's old text is freed. */
void                   ts_field_table_set_defaults (const TsScenarioField *table,
                                                    guint                  n_fields,
                                                    gpointer               record);

G_END_DECLS
