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

/* The rack PDU the catalog's site equipment names, by its ratings (its
 * name is the catalog's English description of the class). */
static void
add_pdu_row (TsSpecsheet    *self,
             guint           table,
             const TsOption *o)
{
  const TsPdu *pdu = ts_catalog_get_pdu (self->plan->catalog);
  g_autofree char *volts = NULL;
  g_autofree char *amps = NULL;
  g_autofree char *kw = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *per_rack = NULL;

  if (pdu == NULL || pdu->capacity_kw <= 0)
    return;
  volts = ts_format_number_auto (pdu->input_voltage_v, 0);
  amps = ts_format_number_auto (pdu->amps_per_phase, 0);
  kw = ts_format_kw (pdu->capacity_kw);
  /* Translators: a PDU's input: “400 V, 3 phases × 32 A, 22.17 kW” */
  rating = g_strdup_printf (ngettext ("%s V, %u phase × %s A, %s", "%s V, %u phases × %s A, %s", pdu->phases),
                            volts, pdu->phases, amps, kw);
  /* Translators: “2 per rack (A and B feeds)” */
  per_rack = g_strdup_printf (ngettext ("%u per rack (A and B feeds)", "%u per rack (A and B feeds)",
                                        o->pdus_per_rack > 0 ? o->pdus_per_rack : pdu->per_rack),
                              o->pdus_per_rack > 0 ? o->pdus_per_rack : pdu->per_rack);
  ts_specsheet_add_figure (self, table, _("Rack PDU"), g_strdup_printf ("%s; %s", rating, per_rack), &pdu->prov,
                           "input_voltage_v amps_per_phase capacity_kw");
  if (pdu->outlets_c13 + pdu->outlets_c19 > 0)
    /* Translators: a PDU's sockets, by their IEC 60320 names */
    ts_specsheet_add_figure (self, table, _("PDU outlets"),
                             g_strdup_printf (_("%u × C13, %u × C19 each"), pdu->outlets_c13, pdu->outlets_c19),
                             &pdu->prov, "outlets_c13 outlets_c19");
}

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

/* The power gauges and, under them, the table of what they do not show:
 * rack space, the PDUs, the cooling and the CDUs. */
static void
add_site_requirements (TsSpecsheet    *self,
                       const TsOption *o)
{
  const TsScenario *s = self->plan->scenario;
  g_autofree char *limit = NULL;
  guint t;

  /* Translators: heading: power, heat and space the data centre must provide */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Site requirements"));
  if (o == NULL)
    {
      ts_specsheet_add_text (self, BLOCK_TEXT, _("Not evaluated: no hardware option."));
      return;
    }
  limit = ts_format_kw (s->rack_kw);
  /* The drawing's gauges give the total power, the heat (and tons of
   * refrigeration), the current per phase and each feed's current,
   * with what they are of; the table under them adds only what they
   * do not show, not a second copy of the same four figures. */
  ts_specsheet_add_drawing (self, TS_DRAWING_POWER);
  t = ts_specsheet_begin_pairs (self);
  ts_specsheet_add_pair (self, t, _("Rack space"),
                         g_strdup_printf (ngettext ("%uU in %u rack of %uU (up to %s per rack)",
                                                    "%uU in %u racks of %uU (up to %s per rack)", o->racks),
                                          o->rack_units, o->racks, s->rack_units, limit));
  add_pdu_row (self, t, o);
  /* how the heat leaves (docs/facility.md): the figures are at the
   * catalog's maximum draw, as the feeds are */
  ts_specsheet_add_pair (self, t, _("Cooling"), ts_facility_dup_summary (&o->facility));
  /* which CDU the count is of, from the catalog (docs/facility.md §4) */
  ts_specsheet_add_pair (self, t, _("Coolant distribution units"), ts_facility_dup_cdus (&o->facility));
  ts_specsheet_add_estimates_note (self);
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
  add_site_requirements (self, o);
  add_checklist (self, o);
}
