/* ts-scaling.c — time and cost against the number of servers
 *
 * Each point is a whole option of the one server at a fixed count, so
 * the planner picks the layout of that count: the curve bends where
 * the global batch stops feeding more data-parallel ranks, or where the
 * network starts to set the time (docs/sizing-model.md §8.5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-scaling"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-error.h"
#include "ts-options.h"
#include "ts-scaling.h"

/* The server's place in the catalog (ids are unique), or -1. */
int
_ts_scaling_server_index (const TsCatalog *catalog,
                          const char      *server_id)
{
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    if (g_strcmp0 (ts_catalog_get_server (catalog, i)->id, server_id) == 0)
      return (int) i;
  return -1;
}

static gboolean
size_at (const TsCatalog *catalog,
         TsScenario      *s,
         guint            servers,
         TsOption        *option)
{
  g_autoptr(GArray) options = g_array_new (FALSE, TRUE, sizeof (TsOption));

  g_array_set_clear_func (options, (GDestroyNotify) ts_option_clear);
  s->servers = servers;
  ts_recommend (catalog, s, options);
  if (options->len != 1)
    return FALSE;
  /* moved out: the array's clear must not free what the copy keeps */
  *option = g_array_index (options, TsOption, 0);
  memset (&g_array_index (options, TsOption, 0), 0, sizeof (TsOption));
  return TRUE;
}

static void
point_from_option (const TsOption *o,
                   TsScalingPoint *p)
{
  p->servers = o->servers;
  p->gpus = o->gpus;
  p->fits = o->fits;
  p->ok = o->ok;
  p->training_days = o->training_days;
  p->mfu = o->mfu;
  p->energy_kwh = o->energy_kwh;
  p->energy_cost = o->energy_cost;
  p->capex_usd = o->capex_usd;
  p->tp = o->memory.layout.tp;
  p->pp = o->memory.layout.pp;
  p->dp = o->memory.layout.dp;
}

GArray *
ts_scaling_curve (const TsCatalog  *catalog,
                  const TsScenario *scenario,
                  const char       *server_id,
                  guint             max_points,
                  GError          **error)
{
  g_autoptr(TsScenario) s = NULL;
  g_autoptr(GArray) points = NULL;
  const TsServer *server;
  TsOption first;
  guint cap;
  guint start;
  int index;

  g_return_val_if_fail (catalog != NULL && scenario != NULL, NULL);
  index = _ts_scaling_server_index (catalog, server_id);
  if (index < 0)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID, _("No server or card with the id “%s” is in the catalog"), server_id != NULL ? server_id : "");
      return NULL;
    }
  if (!ts_scenario_validate (scenario, error))
    return NULL;

  server = ts_catalog_get_server (catalog, index);
  s = ts_scenario_copy (scenario);
  ts_scenario_set_server (s, server_id);
  /* the deadline would size every count alike; the curve shows the time
   * each count gives */
  s->deadline_days = 0;
  cap = MAX (1u, TS_MAX_GPUS / server->gpu_count);
  if (server->max_servers > 0)
    cap = MIN (cap, server->max_servers);

  /* where the curve starts: the fewest servers that hold the job */
  if (!size_at (catalog, s, 0, &first))
    return NULL;
  start = first.servers_for_memory > 0 ? first.servers_for_memory : 1;

  points = g_array_new (FALSE, TRUE, sizeof (TsScalingPoint));
  for (guint64 n = start; n <= cap && points->len < MAX (1u, max_points); n *= 2)
    {
      TsOption o;
      TsScalingPoint p = { 0 };

      /* the sizing that found the start is usually at the start: not
       * sized twice (the Time view draws the curve on every change) */
      if (n == start && first.servers == start)
        {
          o = first;
          memset (&first, 0, sizeof first);
        }
      else if (!size_at (catalog, s, (guint) n, &o))
        break;
      point_from_option (&o, &p);
      ts_option_clear (&o);
      g_array_append_val (points, p);
    }
  ts_option_clear (&first);
  return g_steal_pointer (&points);
}

int
ts_scaling_curve_payoff_end (const GArray *points)
{
  g_return_val_if_fail (points != NULL, -1);

  for (guint i = 0; i + 1 < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);
      const TsScalingPoint *next = &g_array_index (points, TsScalingPoint, i + 1);

      /* a NaN time compares false and ends the run as well */
      if (!next->fits || !(next->training_days <= p->training_days * (1 - TS_SCALING_PAYOFF_CUT)))
        return (int) i;
    }
  return (int) points->len - 1;
}
