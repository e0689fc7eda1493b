/* ts-site-power.c — an option's power, heat, current and supplies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <math.h>

#include "ts-options-private.h"

/* IEC 60038 low-voltage systems (docs/hardware-facts.md §5): a three-phase supply
 * named by its phase-to-neutral voltage is the system it belongs to, so
 * the scenario's default 230 V with 3 phases is 230/400 V, and 120 V is
 * 120/208 V. Any other figure given for three phases is the line voltage. */
static const struct { double phase; double line; } iec_60038_systems[] = {
  { 120, 208 }, { 220, 380 }, { 230, 400 }, { 240, 415 }, { 277, 480 }, { 347, 600 },
};

double
ts_site_line_voltage (double voltage,
                      guint  phases)
{
  if (phases < 3)
    return voltage;
  for (guint i = 0; i < G_N_ELEMENTS (iec_60038_systems); i++)
    if (fabs (voltage - iec_60038_systems[i].phase) < 0.5)
      return iec_60038_systems[i].line;
  return voltage;
}

/* Current per phase at power factor 1 (HP Insight Control PM guide,
 * docs/hardware-facts.md §5): single phase I = P / V; balanced three phase
 * I = P / (√3 · V_LL). Servers' PSUs are active-PFC, close to 1. */
double
ts_site_amps (double kw,
              double voltage,
              guint  phases)
{
  double line = ts_site_line_voltage (voltage, phases);

  if (line <= 0)
    return 0;
  if (phases < 3)
    return kw * WATTS_PER_KW / line;
  return kw * WATTS_PER_KW / (SQRT_3 * line);
}


void
_ts_options_size_power (const TsScenario *s,
            TsOption         *o)
{
  const TsCatalog *catalog = o->catalog;
  const TsServer *server = o->server;
  double btu = ts_catalog_get_btu_h_per_kw (catalog);
  const TsPdu *pdu = ts_catalog_get_pdu (catalog);
  double mgmt_kw = 0;

  if (ts_catalog_get_management_switch (catalog) != NULL)
    mgmt_kw = o->management_switches * ts_catalog_get_management_switch (catalog)->power_w / WATTS_PER_KW;

  /* the storage system's appliances at their maximum draw, where the
   * catalog states one (docs/goodput.md §5) */
  o->power_kw = o->servers * server->max_power_kw + o->switches_power_kw + mgmt_kw + o->storage.power_kw;
  /* the energy's figure: typical draw where the vendor states one */
  o->typical_power_kw = o->servers * (server->typical_power_kw > 0 ? server->typical_power_kw : server->max_power_kw)
                        + o->switches_power_kw + mgmt_kw
                        + (o->storage.typical_power_kw > 0 ? o->storage.typical_power_kw : o->storage.power_kw);
  o->energy_at_typical = o->typical_power_kw < o->power_kw - 1e-12;
  /* one electrical figure for heat, current and feeds: the maximum */
  o->heat_btu_h = o->power_kw * btu;
  o->heat_btu_h_electrical = o->heat_btu_h;
  o->cooling_tons = o->heat_btu_h / ts_catalog_get_btu_h_per_ton (catalog);
  o->phases = s->phases;
  o->line_voltage = ts_site_line_voltage (s->voltage, s->phases);
  o->amps_per_phase = ts_site_amps (o->power_kw, s->voltage, s->phases);

  o->psu_active = server->psu_active;
  o->psu_ok = o->psu_active * server->psu_w >= server->max_power_kw * WATTS_PER_KW;
  if (server->psu_count <= 1)
    o->note_flags |= TS_NOTE_ONE_FEED;
  o->pdu_amps = pdu != NULL ? pdu->amps_per_phase : 0;
}
