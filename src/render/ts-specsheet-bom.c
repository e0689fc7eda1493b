/* ts-specsheet-bom.c — the spec sheet's bill of materials
 *
 * The shown option's parts as a presales engineer sends them: servers,
 * the fabrics' switches, cables and transceivers, NICs, fabric managers,
 * management servers, PDUs and racks, each with its quantity and a price
 * where the catalog has one (docs/cluster-fabric.md §8). The list is the
 * engine's (ts_option_build_bom ()): the CSV of `trainsizer-cli bom`
 * and the JSON's options[].bom hold the same lines; its rows, total and
 * notes come laid out for a page from ts_plan_dup_bom_facts ().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-specsheet-private.h"

void
ts_specsheet_build_bom (TsSpecsheet *self)
{
  static const double fractions[] = { 0.14, 0.36, 0.24, 0.08, 0.18 };
  static const gboolean right[] = { FALSE, FALSE, FALSE, TRUE, TRUE };
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_bom_facts (self->plan);
  const TsOption *o = ts_plan_get_shown_option (self->plan);
  guint t;

  if (facts == NULL)
    return;
  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading of the spec sheet's page listing every part to order */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Bill of materials"));
  /* the fabric the switches and cables below build */
  if (o->servers > 1 && o->fabric.tiers > 0)
    ts_specsheet_add_drawing (self, TS_DRAWING_NETWORK);
  t = ts_specsheet_add_facts_table (self, facts, fractions, right, FALSE);
  g_array_index (self->tables, Table, t).size = SIZE_SMALL;
  for (guint i = 0; i < facts->sentences->len; i++)
    ts_specsheet_add_text (self, BLOCK_TEXT, g_ptr_array_index (facts->sentences, i));
  if (facts->note != NULL)
    ts_specsheet_add_text (self, BLOCK_NOTE, facts->note);
  ts_specsheet_add_text (self, BLOCK_NOTE, _("Switches, cables and transceivers follow NVIDIA's DGX SuperPOD "
                                             "reference architectures: rail-optimised scalable units, a leaf per "
                                             "rail, spine groups and a core tier where two tiers cannot join them; "
                                             "every link between racks on fibre with a transceiver at each end."));
}
