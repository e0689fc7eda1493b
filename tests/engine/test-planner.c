/* test-planner.c — the layout search of every option (issue 17)
 *
 * What the planner promises (docs/sizing-model.md §8.2): it includes the old
 * fixed layout, so where that layout has the headroom rule's margin the
 * searched one is never slower; what the user fixed is kept; the global
 * batch's default is the published recipe's; the count for a deadline is
 * the fewest servers whose fastest layout makes it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-test-support.h"

static TsPlan *
plan_at (TsCatalog  *catalog,
         TsScenario *s,
         const char *server_id,
         guint       servers,
         guint       searched)
{
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  ts_scenario_set_server (s, server_id);
  s->servers = servers;
  s->searched = searched;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->options->len, ==, 1);
  return plan;
}

/* For every model, server and count where the old fixed default (ZeRO-3
 * over every GPU, TP = PP = 1, micro-batch 1, full recomputation) fits
 * with margin, the planner's layout also does and is never slower: the
 * search weighs the fixed layout among the others. */
static void
test_never_slower_than_fixed (void)
{
  static const char *const models[] = { "llama-3.1-8b", "qwen3-32b", "llama-3.1-70b", "mixtral-8x7b" };
  static const char *const servers[] = { "dgx-h100", "dgx-b200", "huawei-atlas-800t-a2", "gb200-nvl72",
                                         "smc-sys-521ge-tnrt-8x-h200-nvl" };
  static const guint counts[] = { 1, 2, 4, 16 };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint compared = 0;
  guint faster = 0;

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    for (guint v = 0; v < G_N_ELEMENTS (servers); v++)
      for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
        {
          g_autoptr(TsScenario) s = ts_test_scenario (catalog, models[m], 0, TS_METHOD_FULL);
          g_autoptr(TsPlan) fixed = plan_at (catalog, s, servers[v], counts[c], 0);
          g_autoptr(TsPlan) searched = plan_at (catalog, s, servers[v], counts[c], TS_SEARCH_ALL);
          const TsOption *f = &g_array_index (fixed->options, TsOption, 0);
          const TsOption *o = &g_array_index (searched->options, TsOption, 0);

          if (f->verdict != TS_VERDICT_FITS || (f->failures & TS_FAILURE_LAYOUT))
            continue;
          compared++;
          if (o->verdict != TS_VERDICT_FITS || o->training_days > f->training_days * (1 + 1e-12))
            g_error ("%s on %u × %s: searched %s %.4g d (tp %u pp %u zero %d) against fixed %.4g d",
                     models[m], counts[c], servers[v], ts_verdict_to_string (o->verdict), o->training_days,
                     o->memory.layout.tp, o->memory.layout.pp, o->memory.layout.zero_stage, f->training_days);
          faster += o->training_days < f->training_days * (1 - 1e-9);
          g_assert_cmpuint (o->layouts_evaluated, >, 1);
        }
  /* the comparison happened, and the search found better layouts */
  g_assert_cmpuint (compared, >=, 20);
  g_assert_cmpuint (faster, >=, compared / 2);
}

/* What the user fixed is kept, the rest is searched. */
static void
test_fixed_inputs_kept (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;

  s->tp = 4;
  s->micro_batch = 2;
  s->checkpointing = TS_CHECKPOINTING_SELECTIVE;
  ts_scenario_fix_input (s, "zero_stage");
  s->zero_stage = 1;
  plan = plan_at (catalog, s, "dgx-h100", 4, TS_SEARCH_ALL & ~TS_SEARCH_ZERO);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_cmpuint (o->memory.layout.tp, ==, 4);
  g_assert_cmpint (o->memory.layout.zero_stage, ==, 1);
  g_assert_cmpuint (o->micro_batch, ==, 2);
  g_assert_cmpint (o->checkpointing, ==, TS_CHECKPOINTING_SELECTIVE);
  /* a value equal to the old default, fixed by its flag: tp 1 stays 1 */
  s->tp = 1;
  g_clear_pointer (&plan, ts_plan_free);
  plan = plan_at (catalog, s, "dgx-h100", 4, TS_SEARCH_ALL & ~(TS_SEARCH_ZERO | TS_SEARCH_TP));
  g_assert_cmpuint (g_array_index (plan->options, TsOption, 0).memory.layout.tp, ==, 1);
}

/* Tensor parallelism runs at what NCCL moves over NVLink, not at its
 * line rate (docs/sizing-model.md §8.1): DGX H100's 450 GB/s each way ×
 * 0.82, about the 370 GB/s NCCL's maintainers give for its collectives.
 * Llama 3.1 70B (80 layers, hidden 8,192), TP 4, selective recomputation,
 * 2,048 tokens: per micro-batch and stage layer 4 collectives of 2 × 3/4
 * of b × 2,048 × 8,192 × 2 bytes. */
static void
test_tensor_parallel_link (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;
  double bytes;

  s->tp = 4;
  s->checkpointing = TS_CHECKPOINTING_SELECTIVE;
  plan = plan_at (catalog, s, "dgx-h100", 4, TS_SEARCH_ALL & ~TS_SEARCH_TP);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_cmpuint (o->memory.layout.tp, ==, 4);
  g_assert_cmpuint (s->seq_len, ==, 2048);
  bytes = (double) o->accumulation * (80.0 / o->memory.layout.pp) * 4 * 2 * 0.75
          * o->micro_batch * 2048 * 8192 * 2;
  g_assert_cmpfloat (fabs (o->step.tp_comm - bytes / (450e9 * 0.82)) / o->step.tp_comm, <, 1e-9);
}

/* The global batch: 4,194,304 tokens by default for full training
 * (Llama 2's 4M), 2,048 sequences of 2,048 tokens, 512 of 8,192; 64
 * sequences for LoRA (QLoRA paper's 16–64); the user's when given.
 * Accumulation = ⌈B / (micro-batch × dp)⌉. */
static void
test_global_batch (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-8b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;

  g_assert_cmpuint (ts_scenario_global_batch (s), ==, 2048);
  s->seq_len = 8192;
  g_assert_cmpuint (ts_scenario_global_batch (s), ==, 512);
  s->method = TS_METHOD_LORA;
  g_assert_cmpuint (ts_scenario_global_batch (s), ==, 64);
  s->method = TS_METHOD_FULL;
  s->seq_len = 2048;
  s->global_batch = 96;
  g_assert_cmpuint (ts_scenario_global_batch (s), ==, 96);

  /* 8 GPUs, micro-batch 2, TP = PP = 1 fixed: dp 8, ⌈96 / 16⌉ = 6 */
  s->micro_batch = 2;
  plan = plan_at (catalog, s, "dgx-h100", 1, TS_SEARCH_ALL & ~(TS_SEARCH_TP | TS_SEARCH_PP));
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_cmpuint (o->memory.layout.dp, ==, 8);
  g_assert_cmpuint (o->accumulation, ==, 6);
  g_assert_cmpuint (o->global_batch, ==, 96);
  /* …and in words */
  {
    g_autofree char *layout = ts_option_dup_layout_summary (o);
    g_autofree char *step = ts_option_dup_step_summary (o);

    g_assert_nonnull (strstr (layout, "TP 1 × PP 1 × DP 8"));
    g_assert_nonnull (strstr (layout, "micro-batch 2 × 6 per step"));
    g_assert_nonnull (strstr (step, "tokens/s"));
  }
  g_assert_cmpuint (ts_export_gradient_accumulation (plan), ==, 6);
}

/* Llama 3 405B on 16,384 H100 (2,048 DGX H100), sequences of 8,192, a
 * global batch of 2,048 (16M tokens, as Meta's pre-training): the model
 * states alone, 405e9 × 16 B = 6.5 TB, need tensor parallelism across
 * the whole NVLink domain or sharding, and the planner keeps the
 * tensor-parallel group inside a server (TP ≤ 8). */
static void
test_llama3_405b_layout (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-405b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;

  s->seq_len = 8192;
  s->global_batch = 2048;
  s->tokens = 15.6e12;
  plan = plan_at (catalog, s, "dgx-h100", 2048, TS_SEARCH_ALL);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_true (o->fits);
  g_assert_cmpuint (o->memory.layout.tp, <=, 8);
  g_assert_cmpuint (o->memory.layout.gpus, ==, 16384);
  g_assert_cmpuint (o->global_batch, >=, 2048);
  /* the step's busy share is a real share, and the whole run takes
   * months, not days or years: model FLOPs with the attention term
   * (issue 29; PaLM's definition) are 6 × 405e9 + 12 × 126 layers × 8,192
   * × 16,384 = 2.63e12 per token, × 15.6e12 tokens = 4.11e25 FLOPs; at
   * 16,384 × 989e12 × 0.25–0.45 MFU × 0.9 that is 72–130 days */
  g_assert_cmpfloat (o->step_factor, >, 0.5);
  g_assert_cmpfloat (o->training_days, >, 72);
  g_assert_cmpfloat (o->training_days, <, 130);
}

/* Whether a layout of the option's effective inputs keeps the headroom
 * rule's margin (10 % free, with FP32 gradients too), sized afresh. */
static gboolean
keeps_margin (const TsScenario *effective,
              const TsLayout   *layout,
              double            capacity)
{
  g_autoptr(TsScenario) fp32 = ts_scenario_copy (effective);
  TsMemory m;
  TsMemory u;

  fp32->grad_dtype = TS_GRAD_FP32;
  ts_memory_compute (effective, layout, &m);
  ts_memory_compute (fp32, layout, &u);
  return (capacity - ts_breakdown_sum (&m.per_gpu)) / capacity >= 0.10
         && (capacity - ts_breakdown_sum (&u.per_gpu)) / capacity >= 0.10;
}

/* Llama 3 405B as Meta trained it (Dubey et al. 2024, Table 4: 8,192
 * H100, TP8 PP16, s = 8,192, 16M tokens per step): nothing recomputed,
 * the first stage's micro-batches in flight do not fit in 80 GB
 * (docs/sizing-model.md §4), every layer recomputed does. The planner
 * recomputes k of a stage's n = ⌈126/16⌉ = 8 layers, the fewest that
 * keep the margin: k − 1 does not. Recomputing k/n of the forward adds
 * 2·k/n FLOPs to the 6 per parameter and token: the factor is
 * 6 / (6 + 2k/8), and the step is no slower than with all 8. */
static void
test_block_recompute_405b (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-405b", 0, TS_METHOD_FULL);
  g_autoptr(TsScenario) effective = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(TsPlan) full = NULL;
  const TsOption *o;
  const TsOption *f;
  TsLayout layout;
  guint k;

  s->seq_len = 8192;
  s->global_batch = 2048;
  s->tokens = 15.6e12;
  s->tp = 8;
  s->pp = 16;
  /* Llama 3's 8,192-token layout: no context parallelism (Table 4) */
  plan = plan_at (catalog, s, "dgx-h100", 1024, TS_SEARCH_ALL & ~(TS_SEARCH_TP | TS_SEARCH_PP | TS_SEARCH_CP));
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_true (o->fits);
  g_assert_cmpint (o->checkpointing, ==, TS_CHECKPOINTING_FULL);
  k = o->memory.layout.recompute_layers;
  g_assert_cmpuint (k, >, 0);
  g_assert_cmpuint (k, <, 8);
  ts_assert_close (o->recompute_factor, 6.0 / (6.0 + 2.0 * k / 8.0), 1e-12);

  /* the same inputs sized by hand: the option's memory, the margin at k,
   * none at k − 1 */
  effective = ts_scenario_copy (s);
  effective->micro_batch = o->micro_batch;
  effective->sequence_parallel = o->sequence_parallel;
  effective->zero_stage = o->memory.layout.zero_stage;
  effective->checkpointing = TS_CHECKPOINTING_FULL;
  layout = o->memory.layout;
  /* sized with the option's framework's knobs, as every option is */
  ts_framework_apply_rules (o->framework, effective, &layout);
  g_assert_true (keeps_margin (effective, &layout, o->gpu_memory_bytes));
  layout.recompute_layers = k - 1;
  g_assert_false (keeps_margin (effective, &layout, o->gpu_memory_bytes));

  /* every layer recomputed, as the user may fix it: slower or the same */
  s->checkpointing = TS_CHECKPOINTING_FULL;
  full = plan_at (catalog, s, "dgx-h100", 1024,
                  TS_SEARCH_ALL & ~(TS_SEARCH_TP | TS_SEARCH_PP | TS_SEARCH_CP | TS_SEARCH_CHECKPOINTING));
  f = &g_array_index (full->options, TsOption, 0);
  g_assert_true (f->fits);
  g_assert_cmpuint (f->memory.layout.recompute_layers, ==, 8);
  ts_assert_close (f->recompute_factor, 6.0 / 8.0, 1e-12);
  g_assert_cmpfloat (o->step.seconds, <, f->step.seconds);
  g_assert_cmpfloat (o->training_days, <, f->training_days);
}

/* The planner's recomputation (none, selective, or k layers of each
 * stage) is never slower than every layer recomputed where that fits
 * with margin: the search includes it. */
static void
test_never_slower_than_full_recompute (void)
{
  static const char *const models[] = { "llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b" };
  static const guint counts[] = { 1, 4, 16 };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint compared = 0;

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
      {
        g_autoptr(TsScenario) s = ts_test_scenario (catalog, models[m], 0, TS_METHOD_FULL);
        g_autoptr(TsPlan) searched = NULL;
        g_autoptr(TsPlan) full = NULL;
        const TsOption *o;
        const TsOption *f;

        s->seq_len = 8192;
        searched = plan_at (catalog, s, "dgx-h100", counts[c], TS_SEARCH_ALL);
        s->checkpointing = TS_CHECKPOINTING_FULL;
        full = plan_at (catalog, s, "dgx-h100", counts[c], TS_SEARCH_ALL & ~TS_SEARCH_CHECKPOINTING);
        o = &g_array_index (searched->options, TsOption, 0);
        f = &g_array_index (full->options, TsOption, 0);
        if (f->verdict != TS_VERDICT_FITS)
          continue;
        compared++;
        g_assert_cmpint (o->verdict, ==, TS_VERDICT_FITS);
        g_assert_cmpfloat (o->training_days, <=, f->training_days * (1 + 1e-12));
      }
  g_assert_cmpuint (compared, >=, 6);
}

/* A recomputation the user fixes is kept: none, selective, or full with
 * every layer of a stage recomputed (Llama 3.1 70B, 80 layers, on 4 DGX
 * H100 with PP 2: 40 per stage). */
static void
test_fixed_checkpointing_kept (void)
{
  static const TsCheckpointing kinds[] = { TS_CHECKPOINTING_NONE, TS_CHECKPOINTING_SELECTIVE, TS_CHECKPOINTING_FULL };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
      g_autoptr(TsPlan) plan = NULL;
      const TsOption *o;

      s->checkpointing = kinds[i];
      s->pp = 2;
      plan = plan_at (catalog, s, "dgx-h100", 4, TS_SEARCH_ALL & ~(TS_SEARCH_CHECKPOINTING | TS_SEARCH_PP));
      o = &g_array_index (plan->options, TsOption, 0);
      g_assert_true (o->fits);
      g_assert_cmpint (o->checkpointing, ==, kinds[i]);
      g_assert_cmpuint (o->memory.layout.recompute_layers, ==, kinds[i] == TS_CHECKPOINTING_FULL ? 40 : 0);
    }
}

/* A 70B model on 64 DGX H100 with ZeRO-3 and tensor parallelism 8:
 * each data-parallel ring has one GPU per server, so it gathers its
 * 2 × 141 / 8 GB of weights per micro-batch through that GPU's own
 * 50 GB/s NIC: ≈ 0.7 s against ≈ 0.25 s of compute. The network, not
 * the GPUs, sets the time, and the option says so. */
static void
test_network_bound (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  const TsOption *o;
  gboolean said = FALSE;

  s->zero_stage = 3;
  s->tp = 8;
  plan = plan_at (catalog, s, "dgx-h100", 64, 0);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_true (o->note_flags & TS_NOTE_NETWORK_BOUND);
  g_assert_cmpfloat (o->network_needed_gb_s, >, o->network_gb_s);
  g_assert_cmpfloat (o->step.dp_exposed, >, o->step.compute);
  notes = ts_option_dup_notes (o);
  for (guint i = 0; i < notes->len; i++)
    said |= strstr (g_ptr_array_index (notes, i), "network") != NULL;
  g_assert_true (said);
}

/* Megatron-LM's ZeRO-3 (--use-torch-fsdp2) moves BF16 gradients
 * (docs/frameworks.md): 70B on 2 × DGX H200, TP 2 × DP 8, micro-batch 1,
 * a global batch of 2,048, so 256 micro-batches. Each gathers the
 * weights twice and reduce-scatters the gradients of a GPU's
 * 70.55e9 / 2 parameters, 7/8 of them from the other ranks:
 * 256 × 7/8 × N/2 × (2 × 2 + 2) bytes. The group has 4 GPUs on each
 * server (tp 2 of 8), so its rings run over 4 NICs of 50 GB/s, under
 * NVLink's 450 × 0.82: 200 GB/s. With Megatron-LM's FP32 gradients the
 * bytes would be (2 × 2 + 4). */
static void
test_megatron_fsdp2_gradients (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;
  double n;

  s->framework = TS_FRAMEWORK_MEGATRON;
  s->zero_stage = 3;
  s->tp = 2;
  s->micro_batch = 1;
  s->global_batch = 2048;
  plan = plan_at (catalog, s, "dgx-h200", 2, 0);
  o = &g_array_index (plan->options, TsOption, 0);
  n = (double) plan->scenario->model.params;
  g_assert_true (o->fits);
  g_assert_cmpuint (o->memory.layout.tp, ==, 2);
  g_assert_cmpuint (o->memory.layout.dp, ==, 8);
  g_assert_cmpint (o->memory.layout.zero_stage, ==, 3);
  g_assert_true (o->framework_rules & TS_FRAMEWORK_RULE_FP32_GRADIENTS);
  ts_assert_close (o->step.dp_comm, 256 * 7.0 / 8 * n / 2 * (2 * 2 + 2) / 200e9, 1e-9);
}

/* The objective orders the options that work alike in every other
 * respect (fit with room, link, site, deadline, line-up): by time, by
 * energy, by power (the default); and each says why in one line. */
static void
test_objective (void)
{
  static const TsObjective objectives[] = { TS_OBJECTIVE_TIME, TS_OBJECTIVE_ENERGY, TS_OBJECTIVE_SERVERS };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (guint k = 0; k < G_N_ELEMENTS (objectives); k++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
      g_autoptr(TsPlan) plan = NULL;
      g_autoptr(GError) error = NULL;
      guint compared = 0;

      s->objective = objectives[k];
      s->tokens = 100e9;
      plan = ts_plan_compute (catalog, s, &error);
      g_assert_no_error (error);
      for (guint i = 1; i < plan->options->len; i++)
        {
          const TsOption *a = &g_array_index (plan->options, TsOption, i - 1);
          const TsOption *b = &g_array_index (plan->options, TsOption, i);
          double fa, fb;

          if (!a->ok || !b->ok || a->verdict != b->verdict || a->server->article != b->server->article
              || !a->interconnect_ok || !b->interconnect_ok || (a->note_flags ^ b->note_flags) & TS_NOTE_HOST_RAM)
            continue;
          fa = objectives[k] == TS_OBJECTIVE_TIME ? a->training_days
               : objectives[k] == TS_OBJECTIVE_ENERGY ? a->energy_kwh : a->power_kw;
          fb = objectives[k] == TS_OBJECTIVE_TIME ? b->training_days
               : objectives[k] == TS_OBJECTIVE_ENERGY ? b->energy_kwh : b->power_kw;
          g_assert_cmpfloat (fa, <=, fb);
          compared++;
        }
      g_assert_cmpuint (compared, >, 0);
      {
        const TsOption *first = &g_array_index (plan->options, TsOption, 0);
        g_autofree char *reason = ts_option_dup_rank_reason (first);

        g_assert_nonnull (reason);
        g_assert_nonnull (strstr (reason, first->rank_versus->name));
        g_assert_true (first->rank_versus == g_array_index (plan->options, TsOption, 1).server);
      }
    }
}

/* The cost objective out of the box: the built-in servers with a
 * published price carry it as an estimate (DGX H100: SemiAnalysis'
 * $270,000 of May 2023; DGX B200: $515,000, March 2025), and with the
 * energy priced in US dollars the options that work rank by the servers'
 * price plus the energy of the run, each saying so. In roubles the two
 * cannot be added (no exchange rate): the servers' price comes first and
 * no reason speaks of the sum. */
static void
test_objective_cost (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  static const char *const currencies[] = { "USD", "RUB" };

  for (guint c = 0; c < G_N_ELEMENTS (currencies); c++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
      g_autoptr(TsPlan) plan = NULL;
      g_autoptr(GError) error = NULL;
      gboolean usd = c == 0;
      guint compared = 0;
      guint summed = 0;

      s->objective = TS_OBJECTIVE_COST;
      s->tokens = 100e9;
      s->price_kwh = 0.1;
      ts_scenario_set_currency (s, currencies[c]);
      plan = ts_plan_compute (catalog, s, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < plan->options->len; i++)
        {
          const TsOption *o = &g_array_index (plan->options, TsOption, i);
          g_autofree char *price = ts_option_dup_price_summary (o);

          if (g_strcmp0 (o->server->id, "dgx-h100") == 0 || g_strcmp0 (o->server->id, "dgx-b200") == 0)
            {
              double each = g_strcmp0 (o->server->id, "dgx-h100") == 0 ? 270000 : 515000;

              ts_assert_close (o->capex_usd, o->servers * each, 1e-12);
              g_assert_true (ts_server_is_estimate (o->server, "price_usd"));
              g_assert_nonnull (price);
              g_assert_nonnull (strstr (price, "≈"));
              /* and the JSON says so */
              {
                g_autoptr(JsonBuilder) b = json_builder_new ();
                g_autoptr(JsonNode) node = NULL;

                ts_option_to_json (o, b);
                node = json_builder_get_root (b);
                g_assert_true (json_object_get_boolean_member (json_node_get_object (node), "capex_estimated"));
              }
            }
          if (o->capex_usd <= 0)
            g_assert_null (price);
          if (o->rank_key == TS_RANK_KEY_TOTAL_COST)
            {
              g_autofree char *reason = ts_option_dup_rank_reason (o);

              g_assert_true (usd);
              g_assert_nonnull (strstr (reason, i == 0 ? "servers and energy: " : "servers and energy cost "));
              summed++;
            }
          if (i > 0)
            {
              const TsOption *a = &g_array_index (plan->options, TsOption, i - 1);

              if (!a->ok || !o->ok || a->verdict != o->verdict || a->server->article != o->server->article
                  || !a->interconnect_ok || !o->interconnect_ok || (a->note_flags ^ o->note_flags) & TS_NOTE_HOST_RAM
                  || a->capex_usd <= 0 || o->capex_usd <= 0)
                continue;
              /* the hand sum: servers × price + kWh × 0.1 USD */
              if (usd)
                g_assert_cmpfloat (a->capex_usd + a->energy_kwh * 0.1, <=, o->capex_usd + o->energy_kwh * 0.1);
              else
                g_assert_cmpfloat (a->capex_usd, <=, o->capex_usd);
              compared++;
            }
        }
      g_assert_cmpuint (compared, >, 0);
      if (usd)
        g_assert_cmpuint (summed, >=, compared);
      else
        g_assert_cmpuint (summed, ==, 0);
    }
}

/* The scaling curve of 70B on DGX H100: from the fewest servers that
 * hold it, doubling; each point is the option the plan gives at that
 * count, and more servers never take longer while the 2,048-sequence
 * global batch feeds them (up to 2,048 GPUs). */
static void
test_scaling_curve (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = ts_scaling_curve (catalog, s, "dgx-h100", 6, &error);
  g_autoptr(GArray) none = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (points->len, ==, 6);
  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);
      g_autoptr(TsPlan) plan = plan_at (catalog, s, "dgx-h100", p->servers, TS_SEARCH_ALL);
      const TsOption *o = &g_array_index (plan->options, TsOption, 0);

      g_assert_true (p->fits);
      g_assert_cmpuint (p->gpus, ==, 8 * p->servers);
      ts_assert_close (p->training_days, o->training_days, 1e-12);
      if (i > 0)
        {
          const TsScalingPoint *q = &g_array_index (points, TsScalingPoint, i - 1);

          g_assert_cmpuint (p->servers, ==, 2 * q->servers);
          g_assert_cmpfloat (p->training_days, <=, q->training_days);
        }
    }
  none = ts_scaling_curve (catalog, s, "no-such-server", 4, &error);
  g_assert_null (none);
  g_assert_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID);
}

/* Where adding servers stops paying off, on hand-made curves: a doubling
 * pays off while it cuts the time by a quarter or more. 10 → 5 → 2.6 d
 * cut 50% and 48%; 2.6 → 2.4 d cuts 7.7%: the last count worth it is
 * the third (index 2). A curve whose every doubling halves the time pays
 * off to its end; a doubling that no longer fits never pays off. */
static void
test_scaling_payoff (void)
{
  static const double halting[] = { 10, 5, 2.6, 2.4 };
  static const double halving[] = { 8, 4, 2 };
  g_autoptr(GArray) a = g_array_new (FALSE, TRUE, sizeof (TsScalingPoint));
  g_autoptr(GArray) b = g_array_new (FALSE, TRUE, sizeof (TsScalingPoint));
  g_autoptr(GArray) empty = g_array_new (FALSE, TRUE, sizeof (TsScalingPoint));

  for (guint i = 0; i < G_N_ELEMENTS (halting); i++)
    {
      TsScalingPoint p = { .servers = 1u << i, .fits = TRUE, .training_days = halting[i] };

      g_array_append_val (a, p);
    }
  for (guint i = 0; i < G_N_ELEMENTS (halving); i++)
    {
      TsScalingPoint p = { .servers = 1u << i, .fits = TRUE, .training_days = halving[i] };

      g_array_append_val (b, p);
    }
  g_assert_cmpint (ts_scaling_curve_payoff_end (a), ==, 2);
  g_assert_cmpint (ts_scaling_curve_payoff_end (b), ==, 2);
  /* exactly a quarter still pays off: 8 → 6 */
  g_array_index (b, TsScalingPoint, 1).training_days = 6;
  g_array_index (b, TsScalingPoint, 2).training_days = 4.5;
  g_assert_cmpint (ts_scaling_curve_payoff_end (b), ==, 2);
  g_array_index (b, TsScalingPoint, 2).fits = FALSE;
  g_assert_cmpint (ts_scaling_curve_payoff_end (b), ==, 1);
  g_assert_cmpint (ts_scaling_curve_payoff_end (empty), ==, -1);
}

/* The scenario file: a file written before the planner (no “auto”) keeps
 * every layout key it states, and leaves the ZeRO stage of -1 to the
 * engine, as it always did; a new file lists what the planner chooses,
 * and says the global batch and the objective, round trip. */
static void
test_scenario_file (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(GError) error = NULL;
  const char *old_file = "{\"schema_version\": 1, \"model\": {\"id\": \"llama-3.1-8b\"}, \"tp\": 1, \"pp\": 1,"
                         " \"zero_stage\": -1, \"micro_batch\": 1, \"checkpointing\": \"full\"}";
  const char *minimal = "{\"schema_version\": 1, \"model\": {\"id\": \"llama-3.1-8b\"}}";
  const char *listed = "{\"schema_version\": 1, \"model\": {\"id\": \"llama-3.1-8b\"}, \"tp\": 2,"
                       " \"auto\": [\"pp\", \"checkpointing\", \"a-newer-key\"], \"global_batch\": 512,"
                       " \"objective\": \"time\"}";
  g_autoptr(TsScenario) a = ts_scenario_from_string (old_file, -1, catalog, "old.json", &error);
  g_autoptr(TsScenario) b = NULL;
  g_autoptr(TsScenario) c = NULL;
  g_autoptr(TsScenario) d = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (a->searched, ==, TS_SEARCH_ZERO | TS_SEARCH_SEQUENCE_PARALLEL | TS_SEARCH_EP | TS_SEARCH_CP);
  b = ts_scenario_from_string (minimal, -1, catalog, "minimal.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (b->searched, ==, TS_SEARCH_ALL);
  g_assert_cmpuint (b->global_batch, ==, 0);
  g_assert_cmpint (b->objective, ==, TS_OBJECTIVE_SERVERS);
  c = ts_scenario_from_string (listed, -1, catalog, "listed.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c->searched, ==, TS_SEARCH_PP | TS_SEARCH_CHECKPOINTING);
  g_assert_cmpuint (c->tp, ==, 2);
  g_assert_cmpuint (c->global_batch, ==, 512);
  g_assert_cmpint (c->objective, ==, TS_OBJECTIVE_TIME);
  text = ts_scenario_to_string (c);
  d = ts_scenario_from_string (text, -1, catalog, "again.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (d->searched, ==, c->searched);
  g_assert_cmpuint (d->global_batch, ==, 512);
  g_assert_cmpint (d->objective, ==, TS_OBJECTIVE_TIME);

  /* “auto” that is not a list is refused, naming the key */
  g_clear_pointer (&d, ts_scenario_free);
  d = ts_scenario_from_string ("{\"schema_version\": 1, \"model\": {\"id\": \"llama-3.1-8b\"}, \"auto\": 3}",
                               -1, catalog, "bad.json", &error);
  g_assert_null (d);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "auto"));
}

/* Context parallelism (docs/sizing-model.md §8.9): a 131,072-token
 * sequence of Llama 3.1 70B on 8 DGX H100 is split (its activations
 * alone pass 80 GB per GPU without it), every GPU counted in tp × cp ×
 * pp × dp; a degree the user gives is kept; below 8,192 tokens, or with
 * a framework without context parallelism, the planner never splits. */
static void
test_context_parallel (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;
  const TsLayout *l;

  s->seq_len = 131072;
  s->global_batch = 32;
  plan = plan_at (catalog, s, "dgx-h100", 8, TS_SEARCH_ALL);
  o = &g_array_index (plan->options, TsOption, 0);
  l = &o->memory.layout;
  g_assert_true (o->fits);
  g_assert_cmpuint (l->cp, >, 1);
  g_assert_cmpuint (s->seq_len % (2 * l->cp), ==, 0);
  g_assert_cmpuint ((guint64) l->tp * l->cp * l->pp * l->dp, ==, l->gpus);
  g_assert_cmpfloat (o->step.cp_comm, >, 0);
  g_assert_cmpuint (o->framework, ==, TS_FRAMEWORK_MEGATRON);
  g_clear_pointer (&plan, ts_plan_free);

  /* the user's degree */
  s->cp = 4;
  plan = plan_at (catalog, s, "dgx-h100", 8, TS_SEARCH_ALL & ~TS_SEARCH_CP);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_cmpuint (o->memory.layout.cp, ==, 4);
  g_clear_pointer (&plan, ts_plan_free);

  /* short sequences are not split */
  s->cp = 1;
  s->seq_len = 4096;
  s->global_batch = 0;
  plan = plan_at (catalog, s, "dgx-h100", 8, TS_SEARCH_ALL);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_cmpuint (MAX (1u, o->memory.layout.cp), ==, 1);
  g_clear_pointer (&plan, ts_plan_free);

  /* DeepSpeed has no context parallelism */
  s->seq_len = 131072;
  s->global_batch = 32;
  s->framework = TS_FRAMEWORK_DEEPSPEED;
  plan = plan_at (catalog, s, "dgx-h100", 8, TS_SEARCH_ALL);
  o = &g_array_index (plan->options, TsOption, 0);
  g_assert_cmpuint (MAX (1u, o->memory.layout.cp), ==, 1);
}

/* The command line: a value fixes the input, “auto” hands it back. */
static void
test_cli_auto (void)
{
  const char *fixed[] = { "estimate", "--model", "llama-3.1-70b", "--server", "dgx-h100", "--servers", "2",
                          "--tp", "1", "--pp", "1", "--checkpointing", "full", "--micro-batch", "1",
                          "--global-batch", "256", "--format", "json", NULL };
  const char *handed_back[] = { "estimate", "--model", "llama-3.1-70b", "--server", "dgx-h100", "--servers", "2",
                                "--tp", "auto", "--global-batch", "256", "--format", "json", NULL };
  g_autoptr(JsonNode) a = ts_test_cli_json (fixed);
  g_autoptr(JsonNode) b = ts_test_cli_json (handed_back);

  g_assert_cmpfloat (ts_test_json_number (a, "options.0.layout.tp"), ==, 1);
  g_assert_cmpfloat (ts_test_json_number (a, "options.0.layout.pp"), ==, 1);
  g_assert_cmpfloat (ts_test_json_number (a, "options.0.layout.micro_batch"), ==, 1);
  /* 16 GPUs, dp 16: ⌈256 / 16⌉ = 16 micro-batches a step */
  g_assert_cmpfloat (ts_test_json_number (a, "options.0.layout.gradient_accumulation"), ==, 16);
  g_assert_cmpfloat (ts_test_json_number (a, "options.0.layout.global_batch"), ==, 256);
  g_assert_cmpfloat (ts_test_json_number (b, "options.0.layouts_evaluated"), >,
                     ts_test_json_number (a, "options.0.layouts_evaluated"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/planner/never-slower-than-fixed", test_never_slower_than_fixed);
  g_test_add_func ("/planner/fixed-inputs-kept", test_fixed_inputs_kept);
  g_test_add_func ("/planner/global-batch", test_global_batch);
  g_test_add_func ("/planner/tensor-parallel-link", test_tensor_parallel_link);
  g_test_add_func ("/planner/llama3-405b", test_llama3_405b_layout);
  g_test_add_func ("/planner/block-recompute-405b", test_block_recompute_405b);
  g_test_add_func ("/planner/never-slower-than-full-recompute", test_never_slower_than_full_recompute);
  g_test_add_func ("/planner/fixed-checkpointing-kept", test_fixed_checkpointing_kept);
  g_test_add_func ("/planner/network-bound", test_network_bound);
  g_test_add_func ("/planner/objective", test_objective);
  g_test_add_func ("/planner/objective-cost", test_objective_cost);
  g_test_add_func ("/planner/scaling-curve", test_scaling_curve);
  g_test_add_func ("/planner/scaling-payoff", test_scaling_payoff);
  g_test_add_func ("/planner/scenario-file", test_scenario_file);
  g_test_add_func ("/planner/cli-auto", test_cli_auto);
  g_test_add_func ("/planner/context-parallel", test_context_parallel);
  g_test_add_func ("/planner/megatron-fsdp2-gradients", test_megatron_fsdp2_gradients);
  return g_test_run ();
}
