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
static int
server_index (const TsCatalog *catalog,
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
  index = server_index (catalog, server_id);
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

/* ---- kept in the plan ---------------------------------------------------
 *
 * The curves live in the plan rather than in a table of the render layer
 * keyed by the plan: a curve is a function of the plan's catalog and
 * scenario alone, so the plan's own lifetime is exactly the curve's. The
 * window computes a new plan on every input change, so a new plan starts
 * with no curve and no stale one can be drawn; ts_plan_update () (the one
 * way a plan's scenario changes) drops them; and a table keyed by a plan's
 * address could hand a freed plan's curve to a new plan at the same
 * address. The drawing, its description for screen readers and the spec
 * sheet then share one computation.
 *
 * A plan may be shared between threads (a print or an export holds a
 * reference), so the cache is filled without a lock: the table and each
 * curve are set once, by compare-and-exchange from NULL; a thread that
 * loses the race drops its own copy, which is equal to the winner's. Once
 * set, nothing in the cache changes until the plan is freed or updated,
 * which only its sole holder may do. */

typedef struct
{
  guint   max_points;
  GArray *points;      /* NULL: ts_scaling_curve () gave no curve */
} KeptCurve;

typedef struct
{
  guint      n_servers;
  KeptCurve *curves[]; /* by the server's index in the plan's catalog */
} PlanCurves;

static void
kept_curve_free (KeptCurve *kept)
{
  if (kept == NULL)
    return;
  g_clear_pointer (&kept->points, g_array_unref);
  g_free (kept);
}

void
ts_scaling_curves_free (gpointer curves)
{
  PlanCurves *table = curves;

  if (table == NULL)
    return;
  for (guint i = 0; i < table->n_servers; i++)
    kept_curve_free (table->curves[i]);
  g_free (table);
}

static PlanCurves *
plan_curves (const TsPlan *plan)
{
  /* the cache is not part of the plan's value: filling it changes
   * nothing its readers see, hence the const cast */
  gpointer *slot = &((TsPlan *) plan)->scaling_curves;
  PlanCurves *table = g_atomic_pointer_get (slot);
  guint n;

  if (table != NULL)
    return table;
  n = ts_catalog_get_n_servers (plan->catalog);
  table = g_malloc0 (sizeof (PlanCurves) + n * sizeof (KeptCurve *));
  table->n_servers = n;
  if (!g_atomic_pointer_compare_and_exchange (slot, NULL, table))
    {
      g_free (table);
      table = g_atomic_pointer_get (slot);
    }
  return table;
}

GArray *
ts_scaling_curve_for_plan (const TsPlan *plan,
                           const char   *server_id,
                           guint         max_points,
                           GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  PlanCurves *table;
  KeptCurve *kept;
  KeptCurve *fresh;
  int index;

  g_return_val_if_fail (plan != NULL && plan->catalog != NULL && plan->scenario != NULL, NULL);

  index = server_index (plan->catalog, server_id);
  if (index < 0)   /* nothing to keep: the error says the id is unknown */
    return ts_scaling_curve (plan->catalog, plan->scenario, server_id, max_points, error);

  table = plan_curves (plan);
  kept = g_atomic_pointer_get (&table->curves[index]);
  if (kept == NULL)
    {
      fresh = g_new0 (KeptCurve, 1);
      fresh->max_points = max_points;
      fresh->points = ts_scaling_curve (plan->catalog, plan->scenario, server_id, max_points, &local_error);
      /* an error (an invalid scenario) is reported, not kept */
      if (local_error != NULL)
        {
          kept_curve_free (fresh);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (g_atomic_pointer_compare_and_exchange (&table->curves[index], NULL, fresh))
        kept = fresh;
      else
        {
          kept_curve_free (fresh);
          kept = g_atomic_pointer_get (&table->curves[index]);
        }
    }
  /* every caller asks for the same length today; another one is right,
   * only not kept */
  if (kept->max_points != max_points)
    return ts_scaling_curve (plan->catalog, plan->scenario, server_id, max_points, error);
  return kept->points != NULL ? g_array_ref (kept->points) : NULL;
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
