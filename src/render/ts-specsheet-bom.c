/* ts-specsheet-bom.c — the spec sheet's bill of materials
 *
 * The shown option's parts as a presales engineer sends them: servers,
 * the fabrics' switches, cables and transceivers, NICs, fabric managers,
 * management servers, PDUs and racks, each with its quantity and a price
 * where the catalog has one (docs/cluster-fabric.md §8). The list is the
 * engine's (ts_option_build_bom ()): the CSV of `trainsizer-cli bom`
 * and the JSON's options[].bom hold the same lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ts-specsheet-private.h"

void
ts_specsheet_build_bom (TsSpecsheet *self)
{
  static const double fractions[] = { 0.14, 0.36, 0.24, 0.08, 0.18 };
  static const gboolean right[] = { FALSE, FALSE, FALSE, TRUE, TRUE };
  const TsOption *o = ts_plan_get_shown_option (self->plan);
  g_autoptr(TsBom) bom = NULL;
  gboolean complete = FALSE;
  gboolean any_estimate = FALSE;
  double total;
  guint t;

  if (o == NULL)
    return;
  bom = ts_option_build_bom (o);
  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading of the spec sheet's page listing every part to order */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Bill of materials"));
  /* the fabric the switches and cables below build */
  if (o->servers > 1 && o->fabric.tiers > 0)
    ts_specsheet_add_drawing (self, TS_DRAWING_NETWORK);
  t = ts_specsheet_begin_table (self, G_N_ELEMENTS (fractions), fractions, right);
  g_array_index (self->tables, Table, t).size = SIZE_SMALL;
  /* Translators: column headings of the bill of materials; keep them short */
  ts_specsheet_add_header (self, t, _("Category"), _("Item"), _("Purpose"), _("Qty"), _("Unit price"), NULL);
  for (guint i = 0; i < ts_bom_get_n_lines (bom); i++)
    {
      const TsBomLine *line = ts_bom_get_line (bom, i);
      char **cells = g_new0 (char *, 6);
      g_autofree char *quantity = ts_format_number ((double) line->quantity, 0);

      cells[0] = g_strdup (ts_bom_category_label (line->category));
      cells[1] = ts_bom_line_item (line);
      cells[2] = ts_bom_line_purpose (line);
      /* an estimate carries the sheet's “≈”: on the price where the
       * line has one (a published street price), else on the count */
      if (line->unit_price_usd > 0)
        {
          g_autofree char *price = ts_format_money (line->unit_price_usd, "USD");

          cells[3] = g_steal_pointer (&quantity);
          cells[4] = line->estimate ? g_strdup_printf ("≈ %s", price) : g_steal_pointer (&price);
        }
      else
        {
          cells[3] = line->estimate ? g_strdup_printf ("≈ %s", quantity) : g_steal_pointer (&quantity);
          cells[4] = g_strdup ("—");
        }
      any_estimate |= line->estimate;
      ts_specsheet_add_row_v (self, t, cells);
    }
  total = ts_bom_priced_total (bom, &complete);
  if (total > 0)
    {
      g_autofree char *money = ts_format_money (total, "USD");

      if (complete)
        ts_specsheet_add_printf (self, BLOCK_TEXT, _("Total at the catalog's prices: %s."), money);
      else
        ts_specsheet_add_printf (self, BLOCK_TEXT,
                                 _("Priced lines: %s; the lines without a price are to be quoted."), money);
    }
  if (any_estimate)
    ts_specsheet_add_text (self, BLOCK_NOTE, _("≈ An estimate: the count or price is not the reference "
                                               "architecture's or the catalog's own figure."));
  ts_specsheet_add_text (self, BLOCK_NOTE, _("Switches, cables and transceivers follow NVIDIA's DGX SuperPOD "
                                             "reference architectures: rail-optimised scalable units, a leaf per "
                                             "rail, spine groups and a core tier where two tiers cannot join them; "
                                             "every link between racks on fibre with a transceiver at each end."));
}
