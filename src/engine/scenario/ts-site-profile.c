/* ts-site-profile.c — presets of the site's rows (docs/facility.md §6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-facility"

#include "config.h"

#include "ts-scenario.h"

/* ANSI/TIA-569 (as quoted by the GSA's P100 facilities standard, §4.3):
 * telecommunications equipment rooms bear at least 12.0 kPa (250 lbf/ft²)
 * distributed; 12,000 Pa / 9.80665 m/s² = 1,223.7 kg/m². */
#define TIA_569_FLOOR_KG_M2 (12000.0 / 9.80665)

static const TsSiteProfileValues profiles[] = {
  /* 42U, the usual rack (the scenario's default). Racks capped at 10–15 kW in many data centres, the lower end; air
   * only, so air takes the whole rack. */
  { TS_SITE_PROFILE_ENTERPRISE, 42, 10.0, TS_SITE_COOLING_AIR, 10.0, 25.0, TIA_569_FLOOR_KG_M2,
    "racks capped at 10–15 kW in many data centres (vendors' site guides, ASHRAE TC 9.9), the lower end; "
    "air only; floor 12.0 kPa, the ANSI/TIA-569 equipment room (GSA P100 §4.3)" },
  /* Dense halls run racks to ~60 kW; air alone to ~40 kW (its upper
   * end), rear-door heat exchangers on chilled water (ASHRAE class W17)
   * past it. */
  { TS_SITE_PROFILE_DENSE_AIR, 42, 60.0, TS_SITE_COOLING_REAR_DOOR, 40.0, 17.0, TIA_569_FLOOR_KG_M2,
    "dense halls cap racks at ~60 kW and air is practical to 30–40 kW per rack (vendors' site guides, ASHRAE TC 9.9), "
    "rear doors past it on chilled water of ASHRAE class W17 (at most 17 °C); floor 12.0 kPa (ANSI/TIA-569)" },
  /* GB200/GB300 NVL72 racks are 48U and run ~132–140 kW; direct liquid cooling with the
   * loop's ~25 °C inlet; the floor is the hall's structural design, no
   * published figure, so it is left unchecked. */
  { TS_SITE_PROFILE_LIQUID_AI, 48, 140.0, TS_SITE_COOLING_LIQUID, 40.0, 25.0, 0.0,
    "GB200/GB300 NVL72 racks are 48U and run ~120–140 kW (vendors' brochures), the upper end; direct liquid cooling, the loop "
    "~25 °C in and ~45 °C out; air 40 kW per rack as the dense hall's; the floor is the building's design "
    "(no published limit: not checked)" },
};

const TsSiteProfileValues *
ts_site_profile_values (TsSiteProfile profile)
{
  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    if (profiles[i].profile == profile)
      return &profiles[i];
  return NULL;
}

void
ts_site_profile_apply (TsScenario    *s,
                       TsSiteProfile  profile)
{
  const TsSiteProfileValues *v = ts_site_profile_values (profile);

  g_return_if_fail (s != NULL);
  s->site_profile = profile;
  if (v == NULL)
    return;
  s->rack_units = v->rack_units;
  s->rack_kw = v->rack_kw;
  s->site_cooling = v->cooling;
  s->air_rack_kw = v->air_rack_kw;
  s->water_c = v->water_c;
  s->floor_kg_m2 = v->floor_kg_m2;
}

gboolean
ts_site_profile_sets (const char *key)
{
  static const char *const keys[] = {
    "rack_units", "rack_kw", "site_cooling", "air_rack_kw", "water_c", "floor_kg_m2",
  };

  for (guint i = 0; key != NULL && i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (key, keys[i]))
      return TRUE;
  return FALSE;
}
