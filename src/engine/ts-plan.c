/* ts-plan.c — the engine's whole answer for a scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-error.h"
#include "ts-plan.h"
#include "ts-scaling.h"

static void ts_scaling_curves_free (gpointer curves);

/* The GPU count the scenario's own memory answer is computed for: a
 * chosen server count, else the given GPU count, else one GPU (or the
 * model-parallel product). */
static guint
scenario_gpus (const TsCatalog  *catalog,
               const TsScenario *s)
{
  if (s->server_id != NULL && s->servers > 0)
    {
      const TsServer *server = ts_catalog_find_server (catalog, s->server_id);

      if (server != NULL)
        return server->gpu_count * s->servers;
    }
  return s->gpus;
}

static gboolean
check_scenario (TsCatalog        *catalog,
                const TsScenario *scenario,
                GError          **error)
{
  if (!ts_scenario_validate (scenario, error))
    return FALSE;

  if (scenario->server_id != NULL && ts_catalog_find_server (catalog, scenario->server_id) == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No server or card with the id “%s” is in the catalog"), scenario->server_id);
      return FALSE;
    }
  return TRUE;
}

/* The plan's answer for its own scenario, into its (empty) arrays. */
static void
compute (TsPlan *plan)
{
  const TsScenario *scenario = plan->scenario;
  TsLayout layout;

  ts_layout_resolve (scenario, scenario_gpus (plan->catalog, scenario), &layout);
  ts_memory_compute (scenario, &layout, &plan->scenario_memory);
  plan->recommended = ts_recommend (plan->catalog, scenario, plan->options);
  /* kept as a code: the sentence is composed where it is shown */
  if (plan->recommended < 0 && plan->options->len > 0)
    {
      TsPlanWarning warning = TS_PLAN_WARNING_NOTHING_WORKS;

      g_array_append_val (plan->warnings, warning);
    }
  plan->chosen = -1;
}

TsPlan *
ts_plan_compute (TsCatalog        *catalog,
                 const TsScenario *scenario,
                 GError          **error)
{
  TsPlan *plan;

  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (scenario != NULL, NULL);

  if (!check_scenario (catalog, scenario, error))
    return NULL;

  plan = g_new0 (TsPlan, 1);
  g_atomic_ref_count_init (&plan->ref_count);
  plan->catalog = ts_catalog_ref (catalog);
  plan->scenario = ts_scenario_copy (scenario);
  plan->warnings = g_array_new (FALSE, FALSE, sizeof (TsPlanWarning));
  /* one allocation: an option per server of the catalog at most; not
   * cleared, since every option is set in full where it is sized */
  plan->options = g_array_sized_new (FALSE, FALSE, sizeof (TsOption), ts_catalog_get_n_servers (catalog));
  g_array_set_clear_func (plan->options, (GDestroyNotify) ts_option_clear);
  compute (plan);
  return plan;
}

gboolean
ts_plan_update (TsPlan           *plan,
                const TsScenario *scenario,
                GError          **error)
{
  g_return_val_if_fail (plan != NULL, FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);
  /* the others sharing it would see their plan change under them */
  g_return_val_if_fail (!ts_plan_is_shared (plan), FALSE);

  if (!check_scenario (plan->catalog, scenario, error))
    return FALSE;

  if (scenario != plan->scenario)
    {
      ts_scenario_free (plan->scenario);
      plan->scenario = ts_scenario_copy (scenario);
    }
  /* the curves were the old scenario's */
  g_clear_pointer (&plan->scaling_curves, ts_scaling_curves_free);
  g_array_set_size (plan->options, 0);   /* clears them: rack detail freed */
  g_array_set_size (plan->warnings, 0);
  compute (plan);
  return TRUE;
}

TsPlan *
ts_plan_ref (TsPlan *plan)
{
  g_return_val_if_fail (plan != NULL, NULL);

  g_atomic_ref_count_inc (&plan->ref_count);
  return plan;
}

void
ts_plan_unref (TsPlan *plan)
{
  if (plan == NULL || !g_atomic_ref_count_dec (&plan->ref_count))
    return;
  g_clear_pointer (&plan->catalog, ts_catalog_unref);
  g_clear_pointer (&plan->scenario, ts_scenario_free);
  g_clear_pointer (&plan->options, g_array_unref);
  g_clear_pointer (&plan->warnings, g_array_unref);
  g_clear_pointer (&plan->scaling_curves, ts_scaling_curves_free);
  g_free (plan);
}

G_DEFINE_BOXED_TYPE (TsPlan, ts_plan, ts_plan_ref, ts_plan_unref)

gboolean
ts_plan_set (TsPlan **plan_ptr,
             TsPlan  *plan)
{
  TsPlan *old;

  g_return_val_if_fail (plan_ptr != NULL, FALSE);

  old = *plan_ptr;
  if (old == plan)
    return FALSE;
  *plan_ptr = plan != NULL ? ts_plan_ref (plan) : NULL;
  ts_plan_unref (old);
  return TRUE;
}

void
ts_plan_free (TsPlan *plan)
{
  ts_plan_unref (plan);
}

gboolean
ts_plan_is_shared (const TsPlan *plan)
{
  g_return_val_if_fail (plan != NULL, FALSE);

  return !g_atomic_ref_count_compare ((gatomicrefcount *) &plan->ref_count, 1);
}

const TsOption *
ts_plan_get_shown_option (const TsPlan *plan)
{
  if (plan->options->len == 0)
    return NULL;
  if (plan->chosen >= 0 && (guint) plan->chosen < plan->options->len)
    return &g_array_index (plan->options, TsOption, plan->chosen);
  if (plan->recommended >= 0)
    return &g_array_index (plan->options, TsOption, plan->recommended);
  return &g_array_index (plan->options, TsOption, 0);
}

const TsMemory *
ts_plan_get_memory (const TsPlan *plan)
{
  const TsOption *shown;

  g_return_val_if_fail (plan != NULL, NULL);

  shown = ts_plan_get_shown_option (plan);
  return shown != NULL ? &shown->memory : &plan->scenario_memory;
}

void
ts_plan_choose_option (TsPlan *plan,
                       int     index)
{
  g_return_if_fail (plan != NULL);
  g_return_if_fail (index < (int) plan->options->len);

  plan->chosen = index;
}

gboolean
ts_plan_is_ok (const TsPlan *plan)
{
  const TsOption *shown = ts_plan_get_shown_option (plan);

  return shown != NULL && shown->ok;
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

static void
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

  index = _ts_scaling_server_index (plan->catalog, server_id);
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
