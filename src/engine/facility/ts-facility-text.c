/* ts-facility-text.c — the facility figures in words (docs/facility.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-facility"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-facility.h"
#include "ts-format.h"

static const char *
cooling_label (TsCooling cooling)
{
  switch (cooling)
    {
    case TS_COOLING_REAR_DOOR: return _("rear-door heat exchangers");
    case TS_COOLING_DIRECT_LIQUID: return _("direct liquid cooling");
    case TS_COOLING_AIR:
    default: return _("air");
    }
}

char *
ts_facility_dup_summary (const TsFacility *f)
{
  g_autofree char *liquid = NULL;
  g_autofree char *lpm = NULL;
  g_autofree char *air = NULL;
  g_autofree char *cfm = NULL;
  g_autofree char *floor = NULL;
  g_autofree char *peak = NULL;
  g_autofree char *dt_k = NULL;
  g_autofree char *dt_f = NULL;

  g_return_val_if_fail (f != NULL, NULL);
  liquid = ts_format_kw (f->liquid_kw);
  lpm = ts_format_number (f->coolant_lpm, 0);
  air = ts_format_kw (f->air_kw);
  cfm = ts_format_number (f->air_cfm, 0);
  floor = ts_format_number (f->floor_kg_per_m2, 0);
  peak = ts_format_kw (f->peak_kw);
  dt_k = ts_format_number_auto (f->coolant_delta_t_k, 1);
  dt_f = ts_format_number_auto (f->air_delta_t_f, 1);
  /* Translators: e.g. “direct liquid cooling: 691 kW to water (495 L/min at a 20 K rise),
   * 317 kW to air (50,045 CFM at a 20 °F rise), 4 CDUs (N+1); busiest rack 120 kW at maximum
   * draw, heaviest 1,889 kg/m²” */
  return g_strdup_printf (ngettext ("%s: %s to water (%s L/min at a %s K rise), %s to air (%s CFM at a %s °F rise), "
                                    "%u CDU (N+1); busiest rack %s at maximum draw, heaviest %s kg/m²",
                                    "%s: %s to water (%s L/min at a %s K rise), %s to air (%s CFM at a %s °F rise), "
                                    "%u CDUs (N+1); busiest rack %s at maximum draw, heaviest %s kg/m²", f->cdus),
                          cooling_label (f->cooling), liquid, lpm, dt_k, air, cfm, dt_f,
                          f->cdus, peak, floor);
}

char *
ts_facility_dup_cdus (const TsFacility *f)
{
  g_autofree char *kw = NULL;

  g_return_val_if_fail (f != NULL, NULL);
  if (f->cooling != TS_COOLING_DIRECT_LIQUID)
    return g_strdup (_("none: no direct liquid cooling"));
  if (f->cdu == NULL)
    return g_strdup (_("none in the catalog: add your vendor’s CDU to size them"));
  kw = ts_format_kw (f->cdu->capacity_kw);
  if (g_strcmp0 (f->cdu->placement, "in-rack") == 0)
    /* Translators: CDUs in the racks, e.g. “8 × In-rack CDU, 250 kW class
     * (N+1 pumps): in each rack, 250 kW each” */
    return g_strdup_printf (_("%u × %s: in each rack, %s each"), f->cdus, f->cdu->name, kw);
  /* Translators: CDUs in the row, e.g. “4 × Row CDU: in the row, 800 kW
   * each, N+1” */
  return g_strdup_printf (_("%u × %s: in the row, %s each, N+1"), f->cdus, f->cdu->name, kw);
}
