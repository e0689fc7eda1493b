/* ts-specsheet-site.c — the spec sheet's site pages
 *
 * What the data centre must provide for the shown option: the rack
 * elevation, the site requirements under the power gauges (rack space
 * and the rack PDUs the catalog names) and the article's pre-delivery
 * checklist.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-specsheet-private.h"

/* The rack elevation on a page of its own: it is the page a site
 * engineer takes to the hall. */
static void
add_rack_elevation (TsSpecsheet    *self,
                    const TsOption *o)
{
  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: the servers drawn in their racks */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Rack elevation"));
  if (o != NULL)
    ts_specsheet_add_drawing (self, TS_DRAWING_RACK);
  else
    ts_specsheet_add_text (self, BLOCK_TEXT, _("Not evaluated: no hardware option."));
}

/* The power gauges and, under them, the table of what they do not show
 * (ts_plan_dup_site_facts ()): rack space, the PDUs, the cooling and
 * the CDUs. The drawing's gauges give the total power, the heat (and
 * tons of refrigeration), the current per phase and each feed's
 * current, with what they are of; the table adds only what they do not
 * show, not a second copy of the same four figures. */
static void
add_site_requirements (TsSpecsheet *self)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_site_facts (self->plan);

  /* Translators: heading: power, heat and space the data centre must provide */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Site requirements"));
  if (facts->empty != NULL)
    {
      ts_specsheet_add_text (self, BLOCK_TEXT, facts->empty);
      return;
    }
  ts_specsheet_add_drawing (self, TS_DRAWING_POWER);
  ts_specsheet_add_facts (self, facts);
}

/* The article names its smallest and largest training servers; take
 * them from the catalog so the sentence follows its figures. Both stay
 * NULL when the catalog marks none. */
static void
article_server_range (const TsCatalog  *catalog,
                      const TsServer  **small,
                      const TsServer  **big)
{
  *small = *big = NULL;
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *sv = ts_catalog_get_server (catalog, i);

      if (!sv->article || g_strcmp0 (sv->kind, "server") != 0)
        continue;
      if (*small == NULL || sv->rack_units < (*small)->rack_units)
        *small = sv;
      if (*big == NULL || sv->rack_units > (*big)->rack_units)
        *big = sv;
    }
}

/* The checklist's power supply line: one feed for a machine with one
 * supply, a warning when the stated supplies do not carry the maximum
 * draw, else their redundancy and the two feeds. */
static void
add_supply_check (TsSpecsheet    *self,
                  const TsOption *o)
{
  if (o != NULL && (o->note_flags & TS_NOTE_ONE_FEED))
    ts_specsheet_add_block (self, BLOCK_CHECK, g_strdup (_("One power supply per machine: one feed from a wall socket "
                                                           "or a PDU, no redundancy.")));
  else if (o != NULL && !o->psu_ok)
    ts_specsheet_add_block (self, BLOCK_CHECK, g_strdup_printf (_("Power supplies: the stated %s does not carry the maximum draw; "
                                                                  "ask the vendor for the supply configuration before ordering."),
                                                                o->server->psu_redundancy != NULL ? o->server->psu_redundancy : "—"));
  else
    ts_specsheet_add_block (self, BLOCK_CHECK, o != NULL && o->server->psu_count > 0 && o->server->psu_redundancy != NULL
                            ? g_strdup_printf (ngettext ("Power supply redundancy: %u supply per server, %s; "
                                                           "feeds A and B to separate lines.",
                                                           "Power supply redundancy: %u supplies per server, %s; "
                                                           "feeds A and B to separate lines.", o->server->psu_count),
                                               o->server->psu_count,
                                               o->server->psu_redundancy)
                            : g_strdup (_("Power supply redundancy; feeds A and B to separate lines.")));
}

/* The checklist's rack space line: the article's range of training
 * servers, from the catalog, and what this configuration needs. */
static void
add_rack_space_check (TsSpecsheet    *self,
                      const TsOption *o)
{
  const TsServer *small, *big;

  article_server_range (self->plan->catalog, &small, &big);
  if (small != NULL && big != NULL)
    ts_specsheet_add_block (self, BLOCK_CHECK, o != NULL
                            /* Translators: “Rack space: training servers take from 4U (Huawei Atlas 800T A2) to
                             * 10U (NVIDIA DGX B200); this configuration needs 20U.” */
                            ? g_strdup_printf (_("Rack space: training servers take from %uU (%s) to %uU (%s); "
                                                 "this configuration needs %uU."),
                                               small->rack_units, small->name, big->rack_units, big->name, o->rack_units)
                            : g_strdup_printf (_("Rack space: training servers take from %uU (%s) to %uU (%s)."),
                                               small->rack_units, small->name, big->rack_units, big->name));
  else
    ts_specsheet_add_text (self, BLOCK_CHECK, _("Rack space for every server and switch."));
}

/* The article's pre-delivery checklist, with this option's figures
 * where there is one: power lines and UPS, supplies, cooling, space. */
static void
add_checklist (TsSpecsheet    *self,
               const TsOption *o)
{
  g_autofree char *kw = o != NULL ? ts_format_kw (o->power_kw) : NULL;
  g_autofree char *btu = o != NULL ? ts_format_btu_h (o->heat_btu_h) : NULL;

  /* Translators: heading: the article's list of checks before the servers arrive */
  ts_specsheet_add_text (self, BLOCK_SUBHEADING, _("Pre-delivery checklist"));
  ts_specsheet_add_block (self, BLOCK_CHECK, kw != NULL
                          ? g_strdup_printf (_("Dedicated power lines and a UPS for the total maximum draw of %s "
                                               "(size for the maximum, not the average)."), kw)
                          : g_strdup (_("Dedicated power lines and a UPS for the total maximum draw "
                                        "(size for the maximum, not the average).")));
  add_supply_check (self, o);
  ts_specsheet_add_block (self, BLOCK_CHECK, btu != NULL
                          ? g_strdup_printf (_("Room cooling capacity: all the power becomes heat, %s."), btu)
                          : g_strdup (_("Room cooling capacity: all the power becomes heat.")));
  add_rack_space_check (self, o);
}

void
ts_specsheet_build_site (TsSpecsheet *self)
{
  const TsOption *o = ts_plan_get_shown_option (self->plan);

  add_rack_elevation (self, o);
  add_site_requirements (self);
  add_checklist (self, o);
}
