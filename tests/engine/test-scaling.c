/* test-scaling.c — the scaling curve kept in the plan (issue 17/10)
 *
 * The Time view draws the curve on every frame; a plan computes each
 * server's curve once (ts_scaling_curve_for_plan ()). Kept curves must be
 * the ones ts_scaling_curve () computes afresh, computed once per plan,
 * and never outlive the scenario they were computed for: a new plan (the
 * window's answer to every edit) or a plan updated in place has the new
 * scenario's curve.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "ts-test-support.h"

static void
assert_same_curve (const GArray *kept,
                   const GArray *fresh)
{
  g_assert_true ((kept == NULL) == (fresh == NULL));
  if (fresh == NULL)
    return;
  g_assert_cmpuint (kept->len, ==, fresh->len);
  for (guint i = 0; i < fresh->len; i++)
    {
      const TsScalingPoint *k = &g_array_index (kept, TsScalingPoint, i);
      const TsScalingPoint *f = &g_array_index (fresh, TsScalingPoint, i);

      /* the same computation on the same input: equal to the bit */
      g_assert_cmpuint (k->servers, ==, f->servers);
      g_assert_cmpuint (k->gpus, ==, f->gpus);
      g_assert_cmpint (k->fits, ==, f->fits);
      g_assert_cmpint (k->ok, ==, f->ok);
      g_assert_cmpfloat (k->training_days, ==, f->training_days);
      g_assert_cmpfloat (k->mfu, ==, f->mfu);
      g_assert_cmpfloat (k->energy_kwh, ==, f->energy_kwh);
      g_assert_cmpfloat (k->energy_cost, ==, f->energy_cost);
      g_assert_cmpfloat (k->capex_usd, ==, f->capex_usd);
      g_assert_cmpuint (k->tp, ==, f->tp);
      g_assert_cmpuint (k->pp, ==, f->pp);
      g_assert_cmpuint (k->dp, ==, f->dp);
    }
}

static TsPlan *
compute_plan (TsCatalog        *catalog,
              const TsScenario *s)
{
  g_autoptr(GError) error = NULL;
  TsPlan *plan = ts_plan_compute (catalog, s, &error);

  g_assert_no_error (error);
  g_assert_nonnull (plan);
  return plan;
}

/* 8B LoRA, 70B full, 235B MoE full over the whole catalog and 405B on
 * 64 × DGX B200: for every option's server, the kept curve is the fresh
 * one, and asking again gives the very array kept (computed once). */
static void
test_kept_equals_fresh (void)
{
  static const struct
  {
    const char *model;
    TsMethod    method;
    const char *server;    /* NULL: every server of the catalog */
    guint       servers;
  } cases[] = {
    { "llama-3.1-8b", TS_METHOD_LORA, NULL, 0 },
    { "llama-3.1-70b", TS_METHOD_FULL, NULL, 0 },
    { "qwen3-235b-a22b", TS_METHOD_FULL, NULL, 0 },
    { "llama-3.1-405b", TS_METHOD_FULL, "dgx-b200", 64 },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint curves = 0;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, cases[c].model, 0, cases[c].method);
      g_autoptr(TsPlan) plan = NULL;

      if (cases[c].server != NULL)
        {
          ts_scenario_set_server (s, cases[c].server);
          s->servers = cases[c].servers;
        }
      plan = compute_plan (catalog, s);
      g_assert_cmpuint (plan->options->len, >, 0);
      for (guint i = 0; i < plan->options->len; i++)
        {
          const char *id = g_array_index (plan->options, TsOption, i).server->id;
          g_autoptr(GError) error = NULL;
          g_autoptr(GArray) fresh = ts_scaling_curve (catalog, plan->scenario, id, TS_SCALING_CURVE_POINTS, &error);
          g_autoptr(GArray) kept = ts_scaling_curve_for_plan (plan, id, TS_SCALING_CURVE_POINTS, &error);
          g_autoptr(GArray) again = ts_scaling_curve_for_plan (plan, id, TS_SCALING_CURVE_POINTS, &error);

          g_assert_no_error (error);
          assert_same_curve (kept, fresh);
          g_assert_true (again == kept);
          if (fresh != NULL && fresh->len > 1)
            curves++;
        }
    }
  /* the cases above are not all servers that hold nothing */
  g_assert_cmpuint (curves, >=, 10);
}

/* Another length than the kept one is computed, not cut from the kept
 * curve or handed over in its place. */
static void
test_other_length (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = compute_plan (catalog, s);
  g_autoptr(GArray) six = ts_scaling_curve_for_plan (plan, "dgx-h100", 6, NULL);
  g_autoptr(GArray) three = ts_scaling_curve_for_plan (plan, "dgx-h100", 3, NULL);
  g_autoptr(GArray) fresh = ts_scaling_curve (catalog, plan->scenario, "dgx-h100", 3, NULL);

  /* 70B on DGX H100 doubles six times within the catalog's counts
   * (test-planner's scaling-curve) */
  g_assert_cmpuint (six->len, ==, 6);
  assert_same_curve (three, fresh);
  g_assert_cmpuint (three->len, ==, 3);
}

static void
test_unknown_server (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-8b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = compute_plan (catalog, s);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) none = ts_scaling_curve_for_plan (plan, "no-such-server", 4, &error);

  g_assert_null (none);
  g_assert_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID);
}

/* Each point's time is training FLOPs (6 · N · D for a dense model)
 * over the rate of its GPUs; the rate does not depend on the dataset and
 * neither does the layout (memory), so twice the tokens is twice the
 * time and the energy at every count. */
static void
assert_twice (const GArray *before,
              const GArray *after)
{
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < before->len; i++)
    {
      const TsScalingPoint *b = &g_array_index (before, TsScalingPoint, i);
      const TsScalingPoint *a = &g_array_index (after, TsScalingPoint, i);

      g_assert_cmpuint (a->servers, ==, b->servers);
      g_assert_cmpfloat (b->training_days, >, 0);
      ts_assert_close (a->training_days, 2 * b->training_days, 1e-9);
      ts_assert_close (a->energy_kwh, 2 * b->energy_kwh, 1e-9);
    }
}

/* The window computes a new plan on every edit: the new plan's curve is
 * the new scenario's, whatever the old plan kept. */
static void
test_new_plan_new_curve (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) old_plan = compute_plan (catalog, s);
  g_autoptr(GArray) before = ts_scaling_curve_for_plan (old_plan, "dgx-h100", TS_SCALING_CURVE_POINTS, NULL);
  g_autoptr(TsPlan) new_plan = NULL;
  g_autoptr(GArray) after = NULL;

  g_assert_cmpuint (before->len, >=, 2);
  s->tokens = 2 * ts_scenario_tokens (s);
  new_plan = compute_plan (catalog, s);
  after = ts_scaling_curve_for_plan (new_plan, "dgx-h100", TS_SCALING_CURVE_POINTS, NULL);
  assert_twice (before, after);
}

/* A plan updated in place (a sweep) drops the curves of its old
 * scenario. */
static void
test_updated_plan_new_curve (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = compute_plan (catalog, s);
  g_autoptr(GArray) before = ts_scaling_curve_for_plan (plan, "dgx-h100", TS_SCALING_CURVE_POINTS, NULL);
  g_autoptr(GArray) after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (before->len, >=, 2);
  s->tokens = 2 * ts_scenario_tokens (s);
  g_assert_true (ts_plan_update (plan, s, &error));
  g_assert_no_error (error);
  after = ts_scaling_curve_for_plan (plan, "dgx-h100", TS_SCALING_CURVE_POINTS, NULL);
  g_assert_true (after != before);
  assert_twice (before, after);
}

/* A shared plan read from several threads at once: every thread gets
 * the one kept curve, equal to a fresh one (and, under the sanitizer
 * builds, nothing leaks from the threads that lost the race). */
#define N_THREADS 4

static gpointer
curve_in_thread (gpointer data)
{
  return ts_scaling_curve_for_plan (data, "dgx-h100", TS_SCALING_CURVE_POINTS, NULL);
}

static void
test_threads (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = compute_plan (catalog, s);
  g_autoptr(GArray) fresh = ts_scaling_curve (catalog, s, "dgx-h100", TS_SCALING_CURVE_POINTS, NULL);
  GThread *threads[N_THREADS];
  GArray *curves[N_THREADS];

  for (guint i = 0; i < N_THREADS; i++)
    threads[i] = g_thread_new ("curve", curve_in_thread, ts_plan_ref (plan));
  for (guint i = 0; i < N_THREADS; i++)
    {
      curves[i] = g_thread_join (threads[i]);
      ts_plan_unref (plan);
    }
  for (guint i = 0; i < N_THREADS; i++)
    {
      assert_same_curve (curves[i], fresh);
      g_assert_true (curves[i] == curves[0]);
    }
  for (guint i = 0; i < N_THREADS; i++)
    g_array_unref (curves[i]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scaling/kept-equals-fresh", test_kept_equals_fresh);
  g_test_add_func ("/scaling/other-length", test_other_length);
  g_test_add_func ("/scaling/unknown-server", test_unknown_server);
  g_test_add_func ("/scaling/new-plan-new-curve", test_new_plan_new_curve);
  g_test_add_func ("/scaling/updated-plan-new-curve", test_updated_plan_new_curve);
  g_test_add_func ("/scaling/threads", test_threads);
  return g_test_run ();
}
