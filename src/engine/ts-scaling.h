/* ts-scaling.h — time and cost against the number of servers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-catalog.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

/* One count of one server, sized by the planner at that count
 * (docs/sizing-model.md §8.5). */
typedef struct
{
  guint    servers;
  guint    gpus;
  gboolean fits;          /* the memory fits at this count */
  gboolean ok;            /* the option works (memory, layout, deadline, site) */
  double   training_days;
  double   mfu;           /* effective, as the option's */
  double   energy_kwh;
  double   energy_cost;   /* in the scenario's currency; 0 without a price per kWh */
  double   capex_usd;     /* 0 = no price in the catalog */
  guint    tp;
  guint    pp;
  guint    dp;
} TsScalingPoint;

/* The scaling curve of one server of the catalog for the scenario: the
 * fewest servers that hold the job, then twice, four times … as many,
 * at most max_points points and never past the count the server comes
 * in. An array of TsScalingPoint in rising count (free with
 * g_array_unref ()), or NULL with error set when the server is unknown
 * or the scenario is invalid. For the Time view and the PDF to draw. */
GArray *ts_scaling_curve (const TsCatalog  *catalog,
                          const TsScenario *scenario,
                          const char       *server_id,
                          guint             max_points,
                          GError          **error);

/* The server's place in the catalog (ids are unique), or -1; for the
 * curves a plan keeps (ts-plan.c). */
int     _ts_scaling_server_index (const TsCatalog *catalog,
                                  const char      *server_id);

/* How many points the Time view and the spec sheet show: one length,
 * so both read the one curve a plan keeps (ts_scaling_curve_for_plan ()). */
#define TS_SCALING_CURVE_POINTS 6

/* A doubling of the servers pays off while it cuts the training time by
 * at least this share: below it, the doubled servers spend more than
 * 2 × (1 − 0.25) = 1.5 times the energy (and GPU-hours) of the run for
 * what they save (docs/sizing-model.md §8.5). */
#define TS_SCALING_PAYOFF_CUT 0.25

/* Where adding servers stops paying off on a curve from
 * ts_scaling_curve (): the index of the last point whose doubling still
 * cuts the time by TS_SCALING_PAYOFF_CUT, or the last point when every
 * doubling does; -1 for an empty curve. Only points that fit count: a
 * count that does not fit never pays off. */
int     ts_scaling_curve_payoff_end (const GArray *points);

G_END_DECLS
