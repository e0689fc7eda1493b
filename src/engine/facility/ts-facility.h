/* ts-facility.h — how an option's heat leaves the site: air, rear-door
 * heat exchangers or direct liquid cooling; coolant flow, airflow, CDUs,
 * floor load, the busiest rack's peak (docs/facility.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-catalog.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

/* Specific heat of water, J/(kg·K); 1 kg ≈ 1 L (docs/facility.md §3). */
#define TS_FACILITY_WATER_CP          4186.0
/* A direct-liquid loop runs about 25 °C in and 45 °C out (docs/facility.md §3). */
#define TS_FACILITY_COOLANT_DELTA_T_K 20.0
/* Sensible heat by air: BTU/h = 1.08 × CFM × ΔT °F, at a 20 °F rise
 * across the racks (docs/facility.md §3). */
#define TS_FACILITY_AIR_FACTOR        1.08
#define TS_FACILITY_AIR_DELTA_T_F     20.0
/* One rack's floor: 600 mm × 1,200 mm (docs/facility.md §5). */
#define TS_FACILITY_RACK_FOOTPRINT_M2 0.72

typedef enum
{
  TS_COOLING_AIR,
  TS_COOLING_REAR_DOOR,
  TS_COOLING_DIRECT_LIQUID,
} TsCooling;

/* What the facility figures are computed from. */
typedef struct
{
  const char   *server_cooling;  /* the catalog's: air, liquid or hybrid */
  double        server_kw;       /* one server's maximum draw */
  double        server_liquid_kw; /* of it, what cold plates take (0 for air) */
  guint         servers;
  double        total_kw;        /* the option's IT power, switches included */
  double        rack_kw;         /* the busiest rack's maximum draw */
  double        rack_kg;         /* the heaviest rack */
  guint         rack_servers;    /* servers in the busiest rack */
  TsSiteCooling site;
  double        air_rack_kw;     /* the site's air limit per rack */
  double        floor_limit_kg_m2; /* the site's floor load limit (0 = none) */
  double        water_c;         /* facility water supply */
  /* the racks of servers past the air limit and their draw, summed by
   * the placement with ts_facility_rack_past_air (): what rear doors take
   * into water */
  guint         past_air_racks;
  double        past_air_kw;
  guint         server_racks;    /* racks holding servers */
  const TsCatalog *catalog;      /* its CDUs (docs/facility.md §4); NULL: none */
} TsFacilityInput;

typedef struct
{
  TsCooling cooling;
  gboolean  site_ok;            /* the site offers what the racks need */
  double    liquid_kw;          /* heat leaving in water, all racks */
  double    air_kw;             /* heat the servers give to air, all racks */
  double    rack_liquid_kw;     /* the busiest rack's */
  double    rack_air_kw;
  double    coolant_lpm;        /* all racks, at coolant_delta_t_k */
  double    coolant_delta_t_k;
  double    air_cfm;            /* all racks, at air_delta_t_f */
  double    air_delta_t_f;
  guint     cdus;               /* N+1 */
  const TsCdu *cdu;             /* the catalog's unit they are; NULL: none needed, or none in the catalog */
  guint     water_racks;        /* racks whose heat leaves in water (the elevation's marked racks) */
  double    rack_kg;
  double    floor_kg_per_m2;    /* the heaviest rack over its footprint */
  double    peak_kw;            /* the busiest rack's maximum draw */
  double    floor_limit_kg_m2;  /* the site's, 0 = not checked */
  gboolean  floor_ok;           /* floor_kg_per_m2 within the limit (or none) */
  double    water_c;            /* facility water supply, where the racks take water */
} TsFacility;

/* Litres per minute of water carrying kw at delta_t_k: P / (c_p · ΔT). */
double      ts_facility_coolant_lpm (double kw,
                                     double delta_t_k);
/* Cubic feet per minute of air carrying kw at delta_t_f:
 * BTU/h / (1.08 · ΔT °F). */
double      ts_facility_air_cfm     (double kw,
                                     double delta_t_f);
void        ts_facility_compute     (const TsFacilityInput *in,
                                     TsFacility            *out);
/* The one rule for which racks give their heat to water (the figures
 * and the rack elevation both follow it, docs/facility.md §2): a rack of
 * servers past the site's air limit per rack needs rear doors; with
 * direct liquid cooling every rack of servers takes water. */
gboolean    ts_facility_rack_past_air    (double    rack_kw,
                                          double    air_rack_kw);
gboolean    ts_facility_rack_takes_water (TsCooling cooling,
                                          double    rack_kw,
                                          double    air_rack_kw);
/* The CDUs of `cdu` that take liquid_kw from `racks` racks whose
 * busiest gives rack_liquid_kw to water (docs/facility.md §4): in-rack
 * units serve their own rack, as many as its heat needs, one more per
 * rack unless the unit has N+1 pumps inside; in-row units serve all the
 * racks, N+1 over their total. */
guint       ts_facility_cdu_count   (const TsCdu           *cdu,
                                     double                 liquid_kw,
                                     double                 rack_liquid_kw,
                                     guint                  racks);
/* The CDUs in words (free it): “8 × In-rack CDU, 250 kW class (N+1
 * pumps), in-rack, 250 kW each”, or why there are none. */
char       *ts_facility_dup_cdus    (const TsFacility      *facility);
/* The figures in one line, in the current language (free it). */
char       *ts_facility_dup_summary (const TsFacility     *facility);
const char *ts_cooling_to_string    (TsCooling              cooling);

G_END_DECLS
