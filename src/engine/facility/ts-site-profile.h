/* ts-site-profile.h — presets of the site's rows: an enterprise server
 * room, a dense air-cooled hall, a liquid-cooled AI hall
 * (docs/facility.md §6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-scenario-types.h"

G_BEGIN_DECLS

/* What a preset sets, and where each figure comes from. */
typedef struct
{
  TsSiteProfile profile;
  guint         rack_units;   /* rack height */
  double        rack_kw;      /* power limit per rack */
  TsSiteCooling cooling;      /* what the site takes heat away with */
  double        air_rack_kw;  /* what air alone takes from one rack */
  double        water_c;      /* facility water supply */
  double        floor_kg_m2;  /* floor load limit; 0 = none published */
  const char   *source;       /* in English, for docs and tests */
} TsSiteProfileValues;

/* The preset's values, or NULL for TS_SITE_PROFILE_CUSTOM. */
const TsSiteProfileValues *ts_site_profile_values (TsSiteProfile  profile);
/* Sets the scenario's site rows to the preset's (custom leaves them) and
 * records the preset. */
void                       ts_site_profile_apply  (TsScenario    *scenario,
                                                   TsSiteProfile  profile);

/* Whether the presets set the scenario field of this file key (an edit
 * of it by hand makes the site custom). */
gboolean                   ts_site_profile_sets   (const char    *key);

G_END_DECLS
