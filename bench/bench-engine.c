/* bench-engine.c — how long the memory estimate takes
 *
 * Not a test (nothing is asserted about the machine's speed): it prints
 * the median over repeated runs of
 *   (a) one scenario evaluated over and over, and
 *   (b) a sweep of 100,000 varied scenarios (models, methods, sequence
 *       lengths, micro-batches, recomputation, FlashAttention, ZeRO
 *       stages, TP/PP/GPU counts, optimizers, precisions, LoRA targets),
 * in microseconds per scenario, against the target of 2 µs. It also
 * counts heap allocations made while timing: ts_layout_resolve () and
 * ts_memory_compute () are the hot path of every sweep and must make
 * none.
 *
 * Run it with build-aux/bench (an optimised build); --quick for a short
 * run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-util.h"
#include "ts-engine.h"

#define TARGET_US          2.0
#define SWEEP_SCENARIOS    100000
#define QUICK_SWEEP        10000
#define SINGLE_ITERATIONS  1000000
#define QUICK_SINGLE       100000
#define RUNS               9
#define QUICK_RUNS         3

typedef struct
{
  double median;
  double min;
  double max;
} Stats;

static void
stats_of (double *values,
          guint   n,
          Stats  *stats)
{
  stats->median = ts_bench_median (values, n);  /* sorts them */
  stats->min = values[0];
  stats->max = values[n - 1];
}

/* Keeps the compiler from discarding the results. */
static volatile double sink;

/* ---- the scenarios -------------------------------------------------------- */

typedef struct
{
  guint            model;
  TsMethod         method;
  guint            seq_len;
  guint            micro_batch;
  TsCheckpointing  checkpointing;
  gboolean         flash_attention;
  gboolean         sequence_parallel;
  int              zero_stage;
  guint            tp;
  guint            pp;
  guint            gpus;
  TsOptimizer      optimizer;
  TsPrecision      precision;
  TsLoraTargets    lora_targets;
  TsOffload        offload;
} Variation;

static void
make_variations (Variation *v,
                 guint      n,
                 guint      n_models)
{
  static const guint seq_lens[] = { 512, 1024, 2048, 4096, 8192, 32768, 131072 };
  static const guint micro_batches[] = { 1, 2, 4, 8, 16 };
  static const guint parallel[] = { 1, 1, 2, 4, 8 };
  static const guint gpus[] = { 1, 8, 16, 64, 256, 1024 };
  GRand *rand = g_rand_new_with_seed (20261202);

  for (guint i = 0; i < n; i++)
    {
      v[i].model = g_rand_int_range (rand, 0, n_models);
      v[i].method = g_rand_int_range (rand, 0, TS_N_METHODS);
      v[i].seq_len = seq_lens[g_rand_int_range (rand, 0, G_N_ELEMENTS (seq_lens))];
      v[i].micro_batch = micro_batches[g_rand_int_range (rand, 0, G_N_ELEMENTS (micro_batches))];
      v[i].checkpointing = g_rand_int_range (rand, 0, TS_N_CHECKPOINTING);
      v[i].flash_attention = g_rand_boolean (rand);
      v[i].sequence_parallel = g_rand_boolean (rand);
      v[i].zero_stage = g_rand_int_range (rand, -1, 4);
      v[i].tp = parallel[g_rand_int_range (rand, 0, G_N_ELEMENTS (parallel))];
      v[i].pp = parallel[g_rand_int_range (rand, 0, G_N_ELEMENTS (parallel))];
      v[i].gpus = gpus[g_rand_int_range (rand, 0, G_N_ELEMENTS (gpus))];
      v[i].optimizer = g_rand_int_range (rand, 0, TS_N_OPTIMIZERS);
      v[i].precision = g_rand_int_range (rand, 0, TS_N_PRECISIONS);
      v[i].lora_targets = g_rand_int_range (rand, 0, TS_N_LORA_TARGETS);
      v[i].offload = g_rand_int_range (rand, 0, TS_N_OFFLOADS);
    }
  g_rand_free (rand);
}

static void
apply_variation (TsScenario      *s,
                 const Variation *v)
{
  s->method = v->method;
  s->seq_len = v->seq_len;
  s->micro_batch = v->micro_batch;
  s->checkpointing = v->checkpointing;
  s->flash_attention = v->flash_attention;
  s->sequence_parallel = v->sequence_parallel;
  s->zero_stage = v->zero_stage;
  s->tp = v->tp;
  s->pp = v->pp;
  s->gpus = v->gpus;
  s->optimizer = v->optimizer;
  s->precision = v->precision;
  s->lora_targets = v->lora_targets;
  s->offload = v->offload;
}

int
main (int    argc,
      char **argv)
{
  gboolean quick = argc > 1 && strcmp (argv[1], "--quick") == 0;
  guint runs = quick ? QUICK_RUNS : RUNS;
  guint sweep_n = quick ? QUICK_SWEEP : SWEEP_SCENARIOS;
  guint single_n = quick ? QUICK_SINGLE : SINGLE_ITERATIONS;
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = ts_catalog_new_builtin (&error);
  TsScenario **scenarios;
  Variation *variations;
  guint n_models;
  double *single_us = g_new (double, runs);
  double *sweep_us = g_new (double, runs);
  guint64 single_allocations;
  guint64 sweep_allocations;
  Stats single;
  Stats sweep;
  TsLayout layout;
  TsMemory memory;

  if (catalog == NULL)
    {
      fprintf (stderr, "bench-engine: %s\n", error->message);
      return 1;
    }

  /* The counter must see an allocation GLib makes, or its zeros below
   * would mean nothing. */
  ts_bench_alloc_start ();
  g_free (g_strdup ("probe"));
  if (ts_bench_alloc_stop () == 0)
    {
      fprintf (stderr, "bench-engine: the allocation counter does not see GLib's allocations\n");
      return 1;
    }

  /* Everything that allocates happens before the clock starts: one
   * scenario per catalog model, and the variations applied in place. */
  n_models = ts_catalog_get_n_models (catalog);
  scenarios = g_new (TsScenario *, n_models);
  for (guint i = 0; i < n_models; i++)
    {
      scenarios[i] = ts_scenario_new ();
      ts_scenario_set_model (scenarios[i], &ts_catalog_get_model (catalog, i)->model);
    }
  variations = g_new (Variation, sweep_n);
  make_variations (variations, sweep_n, n_models);

  /* (a) one scenario: Llama 3.1 70B (the first 70B-class model), full
   * training, 8 GPUs, the defaults otherwise. */
  {
    const TsCatalogModel *m = ts_catalog_find_model (catalog, "llama-3.1-70b");
    g_autoptr(TsScenario) s = ts_scenario_new ();

    ts_scenario_set_model (s, m != NULL ? &m->model : &ts_catalog_get_model (catalog, 0)->model);
    s->gpus = 8;

    ts_bench_alloc_start ();
    for (guint r = 0; r < runs; r++)
      {
        double start = ts_bench_wall_us ();

        for (guint i = 0; i < single_n; i++)
          {
            ts_layout_resolve (s, 0, &layout);
            ts_memory_compute (s, &layout, &memory);
            sink = memory.per_gpu.bytes[TS_COMPONENT_ACTIVATIONS];
          }
        single_us[r] = (ts_bench_wall_us () - start) / single_n;
      }
    single_allocations = ts_bench_alloc_stop ();
  }

  /* (b) the sweep */
  ts_bench_alloc_start ();
  for (guint r = 0; r < runs; r++)
    {
      double start = ts_bench_wall_us ();
      double total = 0;

      for (guint i = 0; i < sweep_n; i++)
        {
          TsScenario *s = scenarios[variations[i].model];

          apply_variation (s, &variations[i]);
          ts_layout_resolve (s, 0, &layout);
          ts_memory_compute (s, &layout, &memory);
          total += ts_breakdown_sum (&memory.per_gpu);
        }
      sweep_us[r] = (ts_bench_wall_us () - start) / sweep_n;
      sink = total;
    }
  sweep_allocations = ts_bench_alloc_stop ();

  stats_of (single_us, runs, &single);
  stats_of (sweep_us, runs, &sweep);

  printf ("%-46s %5s %12s %10s %10s %12s\n", "benchmark", "runs", "median µs", "min µs", "max µs", "allocations");
  printf ("%-46s %5u %12.3f %10.3f %10.3f %12" G_GUINT64_FORMAT "\n",
          "(a) one scenario (Llama 3.1 70B, 8 GPUs)", runs, single.median, single.min, single.max,
          single_allocations);
  {
    g_autofree char *label = g_strdup_printf ("(b) sweep of %u varied scenarios", sweep_n);

    printf ("%-46s %5u %12.3f %10.3f %10.3f %12" G_GUINT64_FORMAT "\n",
            label, runs, sweep.median, sweep.min, sweep.max, sweep_allocations);
  }
  printf ("µs per scenario (layout + memory estimate); target < %.0f µs: %s; "
          "allocations while timing: %s\n",
          TARGET_US, MAX (single.median, sweep.median) < TARGET_US ? "met" : "NOT met",
          single_allocations + sweep_allocations == 0 ? "none" : "SOME (the hot path must not allocate)");

  for (guint i = 0; i < n_models; i++)
    ts_scenario_free (scenarios[i]);
  g_free (scenarios);
  g_free (variations);
  g_free (single_us);
  g_free (sweep_us);

  return single_allocations + sweep_allocations == 0 ? 0 : 1;
}
