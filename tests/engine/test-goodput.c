/* test-goodput.c — interruptions, checkpoints and restarts (issue 31)
 *
 * Expected values: Daly 2006's own model-versus-simulation cases (his
 * figures 3–5), hand calculations written out here, and Llama 3's report
 * (Table 5 and its "more than 90 % effective training time"). The effective
 * fraction's fall with the job's size is checked on many generated jobs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "ts-test-support.h"

#define MINUTE 60.0
#define HOUR   3600.0

/* Young 1974: τ = √(2δM). δ = 5 min, M = 24 h: √(2 × 300 × 86,400) =
 * √51,840,000 = 7,200 s (120 min); δ = 30 s, M = 3 h: √(2 × 30 × 10,800)
 * = √648,000 = 804.98 s. */
static void
test_young (void)
{
  ts_assert_close (ts_goodput_young_interval (5 * MINUTE, 24 * HOUR), 7200, 1e-12);
  ts_assert_close (ts_goodput_young_interval (30, 3 * HOUR), 804.984, 1e-6);
}

/* Daly 2006 compares his estimate with simulations for δ = 5 min and
 * R = 10 min: M = 24 h gives τ = 117 min, M = 6 h 57 min, M = 15 min
 * 9.1 min (his figures 3, 4 and 5). By hand for the first:
 * √(2 × 5 × 1,440) = 120 min; ξ = 5 / 2,880; 120 × (1 + √ξ/3 + ξ/9) − 5
 * = 120 × 1.014082 − 5 = 116.69 min. Past δ = 2M the interval is M. */
static void
test_daly (void)
{
  ts_assert_close (ts_goodput_daly_interval (5 * MINUTE, 24 * HOUR) / MINUTE, 116.69, 1e-4);
  g_assert_cmpfloat (fabs (ts_goodput_daly_interval (5 * MINUTE, 24 * HOUR) / MINUTE - 117), <, 0.5);
  g_assert_cmpfloat (fabs (ts_goodput_daly_interval (5 * MINUTE, 6 * HOUR) / MINUTE - 57), <, 0.5);
  g_assert_cmpfloat (fabs (ts_goodput_daly_interval (5 * MINUTE, 15 * MINUTE) / MINUTE - 9.1), <, 0.05);
  g_assert_cmpfloat (ts_goodput_daly_interval (10 * MINUTE, 4 * MINUTE), ==, 4 * MINUTE);
  /* δ ≪ M: Daly tends to Young minus δ */
  ts_assert_close (ts_goodput_daly_interval (1, 1e8), ts_goodput_young_interval (1, 1e8) - 1, 1e-4);
}

/* Llama 3's 16,384 GPUs: one unexpected interruption every
 * 54 × 24 / 419 = 3.093 h ("one every ~3 hours"); one GPU alone,
 * 16,384 times longer. */
static void
test_mtbi (void)
{
  ts_assert_close (ts_goodput_mtbi_hours (16384), 54.0 * 24 / 419, 1e-12);
  ts_assert_close (ts_goodput_mtbi_hours (1), 16384.0 * 54 * 24 / 419, 1e-12);
}

/* One job by hand (docs/goodput.md §4): 1,024 GPUs in 128 servers, a
 * 1.28 TB checkpoint, 10 GB/s local NVMe and 50 GB/s of storage ports per
 * server. M = 16,384 × 54 × 24 / (419 × 1,024) = 49.49 h = 178,157 s;
 * shard 10 GB, δ = 1 s, drain = load = 0.2 s, R = 600.2 s;
 * τ = √(2 × 1 × 178,157)·(1 + ⅓√(1/356,314) + 1/(18 × 178,157)) − 1
 * = 596.92 × 1.000558 − 1 = 596.26 s; segment 597.26 s; lost =
 * 298.63 + 0.2 = 298.83 s; failures take (600.2 + 298.83)/178,157 =
 * 0.0050463; checkpoints 0.9949537 × 1/597.26 = 0.0016658; effective
 * 0.9932879. Storage: 3 × 1.28 TB + 1 TB of data = 4.84 TB, written at
 * 1.28 TB / 596.26 s = 2.1467 GB/s. */
static void
test_by_hand (void)
{
  TsGoodputInput in = {
    .checkpoint_bytes = 1.28e12, .gpus_per_server = 8,
    .local_write_bytes_s = 10e9, .storage_net_bytes_s = 50e9,
    .dataset_bytes = 1e12, .checkpoints_kept = 3,
  };
  TsGoodput g;

  ts_goodput_compute (&in, 1024, 2.0, &g);
  g_assert_cmpuint (g.servers, ==, 128);
  g_assert_true (g.two_tier);
  ts_assert_close (g.mtbi_hours, 49.49, 1e-3);
  ts_assert_close (g.checkpoint_seconds, 1.0, 1e-12);
  ts_assert_close (g.drain_seconds, 0.2, 1e-12);
  ts_assert_close (g.restart_seconds, 600.2, 1e-12);
  ts_assert_close (g.checkpoint_interval_seconds, 596.26, 1e-4);
  ts_assert_close (g.lost_seconds, 298.83, 1e-4);
  ts_assert_close (g.restart_fraction + g.lost_fraction, 0.0050463, 1e-3);
  ts_assert_close (g.checkpoint_fraction, 0.0016658, 1e-3);
  ts_assert_close (g.effective_fraction, 0.9932879, 1e-6);
  ts_assert_close (g.storage_capacity_bytes, 4.84e12, 1e-12);
  ts_assert_close (g.storage_write_bytes_s, 2.1467e9, 1e-4);

  /* a step longer than Daly's interval: a checkpoint every step */
  ts_goodput_compute (&in, 1024, 900.0, &g);
  g_assert_cmpfloat (g.checkpoint_interval_seconds, ==, 900.0);

  /* no local NVMe: the job waits for the storage network, δ = 10 GB /
   * 50 GB/s = 0.2 s, and nothing is left to drain */
  in.local_write_bytes_s = 0;
  ts_goodput_compute (&in, 1024, 2.0, &g);
  g_assert_false (g.two_tier);
  ts_assert_close (g.checkpoint_seconds, 0.2, 1e-12);
  g_assert_cmpfloat (g.drain_seconds, ==, 0.0);
}

/* More GPUs fail more often: the effective fraction never rises with the
 * job's size, for any checkpoint, bandwidths and step (generated). */
static void
test_monotone_in_scale (void)
{
  GRand *rand = g_rand_new_with_seed (31);

  for (guint trial = 0; trial < 2000; trial++)
    {
      TsGoodputInput in = {
        .checkpoint_bytes = pow (10, g_rand_double_range (rand, 8, 14)),
        .gpus_per_server = 1u << g_rand_int_range (rand, 0, 4),
        .local_write_bytes_s = g_rand_boolean (rand) ? pow (10, g_rand_double_range (rand, 9, 10.5)) : 0,
        .storage_net_bytes_s = pow (10, g_rand_double_range (rand, 9, 11)),
        .dataset_bytes = 1e12, .checkpoints_kept = 3,
      };
      double step = g_rand_double_range (rand, 0, 30);
      double previous = 1.0;

      for (guint servers = 1; servers <= 16384; servers *= 2)
        {
          guint gpus = servers * in.gpus_per_server;
          double f = ts_goodput_fraction (&in, gpus, step);

          g_assert_cmpfloat (f, >=, 0.0);
          g_assert_cmpfloat (f, <=, previous + 1e-12);
          previous = f;
        }
    }
  g_rand_free (rand);
}

/* Llama 3 405B on 2,048 eight-GPU servers (16,384 H100): the report says
 * its effective training time stayed above 90 %. The plan's goodput, from
 * the rate that run's own interruptions give, must say the same, and the
 * restarts must be the largest loss (one every 3.1 h). */
static void
test_llama3_405b (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-405b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  const TsOption *o;

  ts_scenario_set_server (s, "dgx-h100");
  s->servers = 2048;
  s->tokens = 15.6e12;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_cmpuint (o->goodput.gpus, ==, 16384);
  ts_assert_close (o->goodput.mtbi_hours, 3.093, 1e-3);
  g_assert_cmpfloat (o->goodput.effective_fraction, >, 0.90);
  g_assert_cmpfloat (o->goodput.restart_fraction, >, o->goodput.lost_fraction);
  g_assert_cmpfloat (o->goodput.restart_fraction, >, o->goodput.checkpoint_fraction);
  /* 405B × (2 + 4 + 8) B = 5.68 TB (the 5.7 TB) */
  ts_assert_close (o->goodput.checkpoint_bytes, 406e9 * 14, 0.01);
}

int
main (int    argc,
      char **argv)
{
  ts_test_init (&argc, &argv);
  g_test_add_func ("/goodput/young", test_young);
  g_test_add_func ("/goodput/daly", test_daly);
  g_test_add_func ("/goodput/mtbi", test_mtbi);
  g_test_add_func ("/goodput/by-hand", test_by_hand);
  g_test_add_func ("/goodput/monotone-in-scale", test_monotone_in_scale);
  g_test_add_func ("/goodput/llama3-405b", test_llama3_405b);
  return g_test_run ();
}
