/* ts-facility.c — how an option's heat leaves the site (docs/facility.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-facility"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-facility.h"

#define BTU_H_PER_KW 3412.14
#define SECONDS_PER_MINUTE 60.0

double
ts_facility_coolant_lpm (double kw,
                         double delta_t_k)
{
  /* kg/s = W / (J/(kg·K) · K); 1 kg of water ≈ 1 L */
  return delta_t_k > 0 ? kw * 1000.0 / (TS_FACILITY_WATER_CP * delta_t_k) * SECONDS_PER_MINUTE : 0;
}

double
ts_facility_air_cfm (double kw,
                     double delta_t_f)
{
  return delta_t_f > 0 ? kw * BTU_H_PER_KW / (TS_FACILITY_AIR_FACTOR * delta_t_f) : 0;
}

const char *
ts_cooling_to_string (TsCooling cooling)
{
  switch (cooling)
    {
    case TS_COOLING_REAR_DOOR: return "rear-door";
    case TS_COOLING_DIRECT_LIQUID: return "direct-liquid";
    case TS_COOLING_AIR:
    default: return "air";
    }
}

gboolean
ts_facility_rack_past_air (double rack_kw,
                           double air_rack_kw)
{
  return rack_kw > air_rack_kw;
}

gboolean
ts_facility_rack_takes_water (TsCooling cooling,
                              double    rack_kw,
                              double    air_rack_kw)
{
  switch (cooling)
    {
    case TS_COOLING_DIRECT_LIQUID: return TRUE;
    case TS_COOLING_REAR_DOOR: return ts_facility_rack_past_air (rack_kw, air_rack_kw);
    case TS_COOLING_AIR:
    default: return FALSE;
    }
}

guint
ts_facility_cdu_count (const TsCdu *cdu,
                       double       liquid_kw,
                       double       rack_liquid_kw,
                       guint        racks)
{
  guint per_rack;

  if (cdu == NULL || !(cdu->capacity_kw > 0) || !(liquid_kw > 0))
    return 0;
  if (g_strcmp0 (cdu->placement, "in-rack") == 0)
    {
      /* the busiest rack's count in every rack: the racks of one option
       * hold the same servers, the last one fewer */
      per_rack = (guint) ceil (rack_liquid_kw / cdu->capacity_kw - 1e-9) + (cdu->redundant_pumps ? 0 : 1);
      return MAX (1u, racks) * MAX (1u, per_rack);
    }
  return (guint) ceil (liquid_kw / cdu->capacity_kw - 1e-9) + 1;
}

/* Of the catalog's CDUs, the one that takes the option's heat to water
 * in the fewest units (then the catalog's order). */
static void
choose_cdus (const TsFacilityInput *in,
             TsFacility            *f)
{
  for (guint i = 0; in->catalog != NULL && i < ts_catalog_get_n_cdus (in->catalog); i++)
    {
      const TsCdu *cdu = ts_catalog_get_cdu (in->catalog, i);
      guint n = ts_facility_cdu_count (cdu, f->liquid_kw, f->rack_liquid_kw, f->water_racks);

      if (n > 0 && (f->cdu == NULL || n < f->cdus))
        {
          f->cdu = cdu;
          f->cdus = n;
        }
    }
}

/* A liquid-cooled (or hybrid cold-plate) server needs facility water;
 * an air-cooled rack denser than the site's air limit needs rear doors
 * (or better); otherwise air (docs/facility.md §2). */
void
ts_facility_compute (const TsFacilityInput *in,
                     TsFacility            *f)
{
  gboolean liquid_server = in->server_cooling != NULL
                           && (strcmp (in->server_cooling, "liquid") == 0
                               || strcmp (in->server_cooling, "hybrid") == 0);
  double server_liquid = liquid_server ? MIN (in->server_kw, in->server_liquid_kw) : 0;

  memset (f, 0, sizeof *f);
  f->coolant_delta_t_k = TS_FACILITY_COOLANT_DELTA_T_K;
  f->air_delta_t_f = TS_FACILITY_AIR_DELTA_T_F;
  f->peak_kw = in->rack_kw;
  f->rack_kg = in->rack_kg;
  f->floor_kg_per_m2 = in->rack_kg / TS_FACILITY_RACK_FOOTPRINT_M2;
  f->floor_limit_kg_m2 = in->floor_limit_kg_m2;
  f->floor_ok = in->floor_limit_kg_m2 <= 0 || f->floor_kg_per_m2 <= in->floor_limit_kg_m2;
  f->water_c = in->water_c;

  if (liquid_server)
    {
      f->cooling = TS_COOLING_DIRECT_LIQUID;
      f->site_ok = in->site == TS_SITE_COOLING_LIQUID;
      f->liquid_kw = in->servers * server_liquid;
      f->air_kw = MAX (0.0, in->total_kw - f->liquid_kw);
      f->rack_liquid_kw = MIN (in->rack_kw, in->rack_servers * server_liquid);
      f->rack_air_kw = in->rack_kw - f->rack_liquid_kw;
      f->water_racks = in->server_racks;
    }
  else
    {
      /* air-cooled servers give all their heat to air; rear doors take it
       * into water at the rack */
      f->air_kw = in->total_kw;
      f->rack_air_kw = in->rack_kw;
      if (!ts_facility_rack_past_air (in->rack_kw, in->air_rack_kw))
        {
          f->cooling = TS_COOLING_AIR;
          f->site_ok = TRUE;
        }
      else
        {
          /* only the racks past the air limit get rear doors: their heat,
           * and no other rack's, leaves in water (the elevation marks the
           * same racks) */
          f->cooling = TS_COOLING_REAR_DOOR;
          f->site_ok = in->site != TS_SITE_COOLING_AIR;
          f->liquid_kw = in->past_air_kw;
          f->rack_liquid_kw = in->rack_kw;
          f->water_racks = in->past_air_racks;
        }
    }
  f->coolant_lpm = ts_facility_coolant_lpm (f->liquid_kw, f->coolant_delta_t_k);
  f->air_cfm = ts_facility_air_cfm (f->air_kw, f->air_delta_t_f);
  if (f->cooling == TS_COOLING_DIRECT_LIQUID && f->liquid_kw > 0)
    choose_cdus (in, f);
}
