/* test-consistency.c — one plan, one truth: the invariants of every plan
 *
 * A few hundred plans are generated from a fixed seed over every catalog
 * model (dense and MoE), every method, 1 to 2,000 servers, user-fixed
 * layouts, deadlines and tight sites, and every option of each is held to
 * the relations that make its figures one configuration:
 *
 *   - the layout its GPUs hold: tp × pp × dp = the layout's GPUs ≤ the
 *     option's GPUs = servers × GPUs per server; tp inside one server's
 *     NVLink/HCCS domain;
 *   - per GPU × the layout's GPUs = the whole job, component by component;
 *   - heat = 3,412.14 BTU/h per kW of the same power that sizes current,
 *     and the current is P / (√3 · V_LL) (three phases) or P / V;
 *   - time = model FLOPs / (GPUs × dense peak × effective MFU ×
 *     availability), model FLOPs = 6·N·D (full) or 4·N·D (LoRA/QLoRA),
 *     effective MFU = base × 6/8 (or 4/6) with full recomputation × the
 *     step's busy share, the step's terms adding up to its time and the
 *     time counted in steps the same (docs/sizing-model.md §8);
 *   - energy = typical power × PUE × time, the typical power never above
 *     the maximum (docs/facility.md §7);
 *   - ok ⇔ no failure, and each failure ⇔ its condition;
 *   - the recommendation is an ok option whenever one exists, no option
 *     that is not ok ranks above one that is, a tight one is not starred
 *     while an ok one with room exists, and the plan's memory is the
 *     shown option's.
 *
 * The expected values are recomputed here from the definitions, not read
 * back from the engine's own helpers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-test-support.h"

#define BTU_H_PER_KW   3412.14   /* 1 kW = 3,412.14 BTU/h (NIST SP 811) */
#define BTU_H_PER_TON  12000.0   /* one ton of refrigeration */
#define SECONDS_PER_DAY 86400.0

static void
check_close (double      got,
             double      want,
             double      tol,
             const char *what,
             const char *context)
{
  if (!isfinite (got) || fabs (got - want) > tol * fabs (want) + 1e-9)
    g_error ("%s: %s is %.9g, expected %.9g", context, what, got, want);
}

/* Line-to-line voltage of a three-phase system named by its
 * phase-to-neutral voltage (IEC 60038: 230/400 V, 120/208 V, …). */
static double
line_to_line (double volts)
{
  static const double systems[][2] = { { 120, 208 }, { 220, 380 }, { 230, 400 }, { 240, 415 }, { 277, 480 }, { 347, 600 } };

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    if (fabs (volts - systems[i][0]) < 0.5)
      return systems[i][1];
  return volts;
}

static void
check_option (const TsScenario *s,
              const TsOption   *o,
              const char       *context)
{
  const TsServer *sv = o->server;
  const TsLayout *l = &o->memory.layout;
  double n = s->model.active_params > 0 ? s->model.active_params : s->model.params;
  double per_param = s->method == TS_METHOD_FULL ? 6.0 : 4.0;
  const TsArchitecture *a = &s->model.arch;
  /* PaLM's attention term: 12·L·s·(heads × head dim) per token for
   * full training (latent attention: the query-key and value dims
   * averaged), 4/6 of it for adapters */
  double qk = a->qk_nope_head_dim + a->qk_rope_head_dim > 0 ? (double) a->qk_nope_head_dim + a->qk_rope_head_dim : a->head_dim;
  double v = a->v_head_dim > 0 ? a->v_head_dim : a->head_dim;
  double attention = s->model.has_architecture
                     ? per_param * a->layers * (double) s->seq_len * a->attention_heads * (qk + v) : 0;
  double model_flops = (per_param * n + attention) * s->tokens;
  double recompute = 1.0;
  double amps;

  /* the layout its GPUs hold */
  g_assert_cmpuint (o->gpus, ==, o->servers * sv->gpu_count);
  if (o->failures & TS_FAILURE_LAYOUT)
    g_assert_false (o->ok);
  else
    {
      if (l->tp * MAX (1u, l->cp) * l->pp * l->dp != l->gpus || l->gpus > o->gpus || l->gpus == 0)
        g_error ("%s: layout %u × %u × %u × %u = %u GPUs on an option of %u", context, l->tp, l->cp, l->pp, l->dp,
                 l->gpus, o->gpus);
      /* what the user fixed is kept; the rest is the planner's */
      if (!ts_scenario_searches (s, TS_SEARCH_TP))
        g_assert_cmpuint (l->tp, ==, s->tp);
      if (!ts_scenario_searches (s, TS_SEARCH_PP))
        g_assert_cmpuint (l->pp, ==, s->pp);
      if (!ts_scenario_searches (s, TS_SEARCH_ZERO) && s->zero_stage >= 0)
        g_assert_cmpint (l->zero_stage, ==, s->zero_stage);
      if (!ts_scenario_searches (s, TS_SEARCH_MICRO_BATCH))
        g_assert_cmpuint (o->micro_batch, ==, s->micro_batch);
      if (l->tp > 1 && l->tp > sv->nvlink_domain_gpus)
        g_error ("%s: tensor parallel %u past %s's NVLink domain of %u", context, l->tp, sv->id, sv->nvlink_domain_gpus);
      if (l->tp > 1 && l->tp > (sv->interconnect->training_capable ? sv->gpu_count : 1))
        g_error ("%s: tensor parallel %u past %s's NVLink domain", context, l->tp, sv->id);
      g_assert_cmpuint (o->layout_gpus, ==, l->gpus);
    }

  /* the whole job sums each GPU's own figures: per GPU × GPUs with one
   * pipeline stage, never more than the busiest GPU × GPUs with more */
  for (guint c = 0; c < TS_N_COMPONENTS; c++)
    {
      if (l->pp == 1)
        check_close (o->memory.total.bytes[c], o->memory.per_gpu.bytes[c] * l->gpus, 1e-9, "whole-job component", context);
      else if (o->memory.total.bytes[c] > o->memory.per_gpu.bytes[c] * l->gpus * (1 + 1e-9))
        g_error ("%s: whole-job %s %g past the busiest GPU × %u", context, ts_component_key (c),
                 o->memory.total.bytes[c], l->gpus);
    }

  /* physics: one electrical figure */
  check_close (o->heat_btu_h, o->power_kw * BTU_H_PER_KW, 1e-12, "heat", context);
  check_close (o->cooling_tons, o->power_kw * BTU_H_PER_KW / BTU_H_PER_TON, 1e-12, "cooling", context);
  amps = s->phases == 3 ? o->power_kw * 1000 / (sqrt (3) * line_to_line (s->voltage))
                        : o->power_kw * 1000 / s->voltage;
  check_close (o->amps_per_phase, amps, 1e-9, "current per phase", context);

  /* time (docs/sizing-model.md §8): the recomputation the option's layout runs
   * (the scenario's when the user fixed it) */
  if (!(s->searched & TS_SEARCH_CHECKPOINTING) || s->checkpointing != TS_CHECKPOINTING_FULL)
    g_assert_cmpint (o->checkpointing, ==, s->checkpointing);
  /* full recomputation of k of a stage's n = ⌈L/pp⌉ layers (block
   * recomputation) adds 2·k/n FLOPs per parameter and token to the
   * method's 6 (full) or 4 (adapters): every layer recomputed gives 6/8
   * and 4/6; the user's fixed `full` recomputes them all */
  if (o->checkpointing == TS_CHECKPOINTING_FULL)
    {
      double method = s->method == TS_METHOD_FULL ? 6.0 : 4.0;
      double stage = s->model.has_architecture ? ceil ((double) s->model.arch.layers / MAX (1u, l->pp)) : 0;
      double share = stage > 0 ? MIN (l->recompute_layers, stage) / stage : 1.0;

      if (!(s->searched & TS_SEARCH_CHECKPOINTING) && stage > 0)
        g_assert_cmpfloat (l->recompute_layers, ==, stage);
      recompute = method / (method + 2.0 * share);
    }
  check_close (o->training_flops, model_flops, 1e-12, "model FLOPs", context);
  check_close (o->recompute_factor, recompute, o->checkpointing == TS_CHECKPOINTING_SELECTIVE ? 0.06 : 1e-12,
               "recomputation factor", context);
  /* the step (docs/sizing-model.md §8.1): its terms add up, the factor is the
   * busy share, and the batch is micro-batch × accumulation × dp */
  check_close (o->step.seconds, o->step.compute + o->step.pp_bubble + o->step.tp_comm + o->step.pp_comm
               + o->step.dp_exposed + o->step.ep_exposed + o->step.cp_exposed + o->step.host_wait, 1e-12,
               "step time", context);
  /* the host's wait (§8.8) is only for MoE layers */
  if (s->model.arch.experts == 0)
    g_assert_cmpfloat (o->step.host_wait, ==, 0);
  check_close (o->step_factor, o->step.compute / o->step.seconds, 1e-12, "step factor", context);
  g_assert_cmpfloat (o->step_factor, <=, 1.0);
  g_assert_cmpfloat (o->step.dp_exposed, <=, o->step.dp_comm);
  g_assert_cmpfloat (o->step.ep_exposed, <=, o->step.ep_comm);
  if (!(o->failures & TS_FAILURE_LAYOUT))
    {
      g_assert_cmpuint (o->global_batch, ==, o->micro_batch * o->accumulation * l->dp);
      check_close (o->step.tokens, (double) o->global_batch * s->seq_len, 1e-12, "tokens per step", context);
    }
  check_close (o->mfu, o->mfu_base * o->recompute_factor * o->pcie_factor * o->operator_factor * o->step_factor,
               1e-12, "effective MFU", context);
  /* the operator classes add up to the compute (docs/sizing-model.md §8.6) */
  check_close (o->step.compute, o->step.gemm + o->step.attention + o->step.experts + o->step.memory_bound,
               1e-12, "operator classes", context);
  check_close (o->operator_factor, o->step.flops_compute / o->step.compute, 1e-12, "operator factor", context);
  /* the availability is the goodput's effective fraction at the layout's
   * GPUs, and the wall clock's shares add up to one (docs/goodput.md §4) */
  g_assert_cmpfloat (o->availability, ==, o->goodput.effective_fraction);
  if (!(o->failures & TS_FAILURE_LAYOUT) && ts_scenario_tokens (s) > 0)
    {
      const TsGoodput *g = &o->goodput;

      g_assert_cmpuint (g->gpus, ==, MAX (1u, o->layout_gpus));
      check_close (g->effective_fraction + g->checkpoint_fraction + g->lost_fraction + g->restart_fraction,
                   1.0, 1e-12, "goodput shares", context);
      g_assert_cmpfloat (g->effective_fraction, >, 0.0);
      g_assert_cmpfloat (g->effective_fraction, <=, 1.0);
      check_close (g->mtbi_hours, 1.0 / (g->gpus * TS_GOODPUT_INTERRUPTIONS_PER_GPU_HOUR), 1e-12, "MTBI", context);
      /* a checkpoint between steps, never before the last one drained */
      g_assert_cmpfloat (g->checkpoint_interval_seconds, >=, o->step.seconds);
      g_assert_cmpfloat (g->checkpoint_interval_seconds, >=, g->drain_seconds);
      check_close (g->checkpoint_shard_bytes * g->servers, g->checkpoint_bytes, 1e-12, "checkpoint shards", context);
      check_close (g->restart_seconds, TS_GOODPUT_RESTART_BASE_SECONDS + g->load_seconds, 1e-12, "restart", context);
      check_close (g->storage_write_bytes_s * g->checkpoint_interval_seconds, g->checkpoint_bytes, 1e-12,
                   "storage write bandwidth", context);
    }
  if (!(o->failures & TS_FAILURE_LAYOUT) && s->tokens > 0)
    {
      check_close (o->training_days,
                   o->training_flops / (o->layout_gpus * o->peak_tflops * 1e12 * o->mfu * o->availability) / SECONDS_PER_DAY,
                   1e-12, "training days", context);
      /* the same time counted in steps */
      check_close (o->training_days, s->tokens / o->step.tokens * o->step.seconds / o->availability / SECONDS_PER_DAY,
                   1e-9, "training days from steps", context);
    }
  check_close (o->energy_kwh, o->typical_power_kw * s->pue * o->training_days * 24, 1e-12, "energy", context);
  if (o->typical_power_kw > o->power_kw * (1 + 1e-12) || (!o->energy_at_typical && o->typical_power_kw != o->power_kw))
    g_error ("%s: typical power %g against maximum %g", context, o->typical_power_kw, o->power_kw);

  /* one verdict */
  g_assert_true (o->ok == (o->failures == 0));
  g_assert_true (((o->failures & TS_FAILURE_MEMORY) != 0) == (!o->fits && !(o->failures & TS_FAILURE_LAYOUT)));
  g_assert_true (!o->fits == (o->verdict == TS_VERDICT_DOES_NOT_FIT));
  if (o->fits)
    g_assert_cmpfloat (o->headroom_bytes, >=, 0);
  g_assert_true (((o->failures & TS_FAILURE_DEADLINE) != 0)
                 == (s->deadline_days > 0 && o->training_days > s->deadline_days));
  g_assert_true (((o->failures & TS_FAILURE_PSU) != 0)
                 == (o->psu_active * sv->psu_w < sv->max_power_kw * 1000));
  g_assert_true (((o->failures & TS_FAILURE_RACK_HEIGHT) != 0) == (sv->rack_units > s->rack_units
                                                                    || (o->servers > 1 && g_strcmp0 (sv->kind, "rack") != 0
                                                                        && sv->rack_units + 1 > s->rack_units)));
  if (o->failures & TS_FAILURE_RACK_POWER)
    g_assert_cmpfloat (sv->max_power_kw, >, s->rack_kw);
  if (!o->deadline_reachable)
    g_assert_cmpuint (o->servers_for_deadline, ==, 0);
  {
    g_autoptr(GPtrArray) failures = ts_option_dup_failures (o);
    guint bits = 0;

    for (guint f = o->failures; f != 0; f &= f - 1)
      bits++;
    g_assert_cmpuint (failures->len, ==, bits);
  }
}

/* The answer (“6 × NVIDIA DGX B200”) is composed once, by the engine:
 * the headline holds it as ts_option_dup_answer () gives it, and it is
 * the count, “×” and the server's name with its spaces no-break — all of
 * them up to 32 characters, the first three in a longer one (issue 33). */
static void
check_answer (const TsPlan   *plan,
              const TsOption *shown,
              const char     *context)
{
  g_autofree char *headline = ts_plan_dup_headline (plan, FALSE);
  g_autofree char *answer = ts_option_dup_answer (shown);
  g_autofree char *name = ts_format_name (shown->server->name);
  g_autofree char *count = ts_format_number (shown->servers, 0);
  g_autofree char *plain = g_strdup_printf ("%s × %s", count, name);
  g_auto(GStrv) words = g_strsplit (plain, " ", -1);
  g_autoptr(GString) expected = g_string_new (NULL);
  gboolean all = g_utf8_strlen (plain, -1) <= 32;

  for (guint i = 0; words[i] != NULL; i++)
    g_string_append_printf (expected, "%s%s", i == 0 ? "" : all || i <= 3 ? "\u00a0" : " ", words[i]);
  if (g_strcmp0 (answer, expected->str) != 0)
    g_error ("%s: the answer is “%s”, not “%s”", context, answer, expected->str);
  if (strstr (headline, answer) == NULL)
    g_error ("%s: the headline “%s” does not hold the answer “%s”", context, headline, answer);
}

static void
check_plan (const TsPlan *plan,
            const char   *context)
{
  const TsOption *shown = ts_plan_get_shown_option (plan);
  gboolean any_ok = FALSE;
  gboolean any_ok_roomy = FALSE;
  gboolean seen_not_ok = FALSE;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);
      g_autofree char *where = g_strdup_printf ("%s, option %u (%u × %s)", context, i, o->servers, o->server->id);

      check_option (plan->scenario, o, where);
      any_ok |= o->ok;
      any_ok_roomy |= o->ok && o->verdict == TS_VERDICT_FITS;
      if (!o->ok)
        seen_not_ok = TRUE;
      else if (seen_not_ok)
        g_error ("%s: an option that does not work ranks above one that does", where);
    }

  if (any_ok)
    {
      g_assert_cmpint (plan->recommended, >=, 0);
      g_assert_true (g_array_index (plan->options, TsOption, plan->recommended).ok);
      if (any_ok_roomy)
        g_assert_cmpint (g_array_index (plan->options, TsOption, plan->recommended).verdict, ==, TS_VERDICT_FITS);
    }
  else
    g_assert_cmpint (plan->recommended, ==, -1);

  /* the plan's memory is the shown option's */
  g_assert_nonnull (shown);
  g_assert_true (ts_plan_get_memory (plan) == &shown->memory);
  g_assert_true (ts_plan_is_ok (plan) == shown->ok);
  check_answer (plan, shown, context);
}

static void
test_generated_plans (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261203);
  static const guint servers[] = { 0, 0, 0, 1, 2, 7, 64, 500, 2000 };
  static const guint tps[] = { 1, 1, 1, 1, 2, 4, 8, 16 };
  static const guint pps[] = { 1, 1, 1, 1, 2, 4, 16, 64 };
  static const double deadlines[] = { 0, 0, 1, 7, 45, 60 };
  static const double tokens[] = { 10e9, 1e9, 300e9, 15e12 };
  static const guint rack_units[] = { 42, 42, 48, 4, 20 };
  static const double rack_kw[] = { 30, 30, 12, 60, 130 };
  static const guint phases[] = { 3, 1 };
  static const double volts[] = { 230, 230, 120, 400 };
  guint plans = 0;
  guint n_scenarios = ts_test_sweep_size (400);

  for (guint i = 0; i < n_scenarios; i++)
    {
      guint model_index = g_rand_int_range (rand, 0, ts_catalog_get_n_models (catalog));
      const TsCatalogModel *model = ts_catalog_get_model (catalog, model_index);
      TsMethod method = g_rand_int_range (rand, 0, TS_N_METHODS);
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, model->model.id, 0, method);
      g_autoptr(TsPlan) plan = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *context = NULL;

      s->servers = servers[g_rand_int_range (rand, 0, G_N_ELEMENTS (servers))];
      s->tp = tps[g_rand_int_range (rand, 0, G_N_ELEMENTS (tps))];
      s->pp = pps[g_rand_int_range (rand, 0, G_N_ELEMENTS (pps))];
      s->deadline_days = deadlines[g_rand_int_range (rand, 0, G_N_ELEMENTS (deadlines))];
      s->tokens = tokens[g_rand_int_range (rand, 0, G_N_ELEMENTS (tokens))];
      s->rack_units = rack_units[g_rand_int_range (rand, 0, G_N_ELEMENTS (rack_units))];
      s->rack_kw = rack_kw[g_rand_int_range (rand, 0, G_N_ELEMENTS (rack_kw))];
      s->phases = phases[g_rand_int_range (rand, 0, G_N_ELEMENTS (phases))];
      s->voltage = volts[g_rand_int_range (rand, 0, G_N_ELEMENTS (volts))];
      s->checkpointing = g_rand_int_range (rand, 0, TS_N_CHECKPOINTING);
      s->seq_len = g_rand_boolean (rand) ? 2048 : 8192;
      if (g_rand_int_range (rand, 0, 4) == 0)
        ts_scenario_set_server (s, ts_catalog_get_server (catalog, g_rand_int_range (rand, 0, ts_catalog_get_n_servers (catalog)))->id);

      context = g_strdup_printf ("plan %u: %s %s, %u servers of %s, tp %u pp %u, deadline %g d, %g tokens, "
                                 "%uU/%g kW racks, %u phases at %g V",
                                 i, model->model.id, ts_method_to_string (method), s->servers,
                                 s->server_id != NULL ? s->server_id : "any", s->tp, s->pp, s->deadline_days,
                                 s->tokens, s->rack_units, s->rack_kw, s->phases, s->voltage);
      plan = ts_plan_compute (catalog, s, &error);
      if (plan == NULL)
        g_error ("%s: refused: %s", context, error->message);
      check_plan (plan, context);

      /* whichever option the user picks, the plan follows it */
      if (plan->options->len > 1)
        {
          int pick = g_rand_int_range (rand, 0, plan->options->len);

          ts_plan_choose_option (plan, pick);
          g_assert_true (ts_plan_get_shown_option (plan) == &g_array_index (plan->options, TsOption, pick));
          check_plan (plan, context);
        }
      plans++;
    }
  g_assert_cmpuint (plans, ==, n_scenarios);
}

/* The cases, one by one. */
static const TsOption *
only_option (TsCatalog   *catalog,
             TsScenario  *s,
             const char  *server_id,
             TsPlan     **plan_out)
{
  g_autoptr(GError) error = NULL;

  ts_scenario_set_server (s, server_id);
  *plan_out = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  g_assert_cmpuint ((*plan_out)->options->len, ==, 1);
  return &g_array_index ((*plan_out)->options, TsOption, 0);
}

/* 70B full with tp 8 × pp 2 is 16 GPUs: one DGX H200 (8 GPUs) cannot hold
 * it, two can. tp 2 on a PCIe-only card cannot run at all. */
static void
test_fixed_layout_needs_servers (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;

  s->tp = 8;
  s->pp = 2;
  o = only_option (catalog, s, "dgx-h200", &plan);
  g_assert_cmpuint (o->servers, >=, 2);
  g_assert_cmpuint (o->memory.layout.gpus, ==, 16 * (o->gpus / 16));
  g_assert_cmpuint (o->memory.layout.tp, ==, 8);
  g_assert_cmpuint (o->memory.layout.pp, ==, 2);

  /* a user who fixes one server gets two anyway: a layout is never laid
   * on GPUs the option does not have */
  s->servers = 1;
  g_clear_pointer (&plan, ts_plan_free);
  o = only_option (catalog, s, "dgx-h200", &plan);
  g_assert_cmpuint (o->gpus, >=, 16);
}

/* 405B, 15T tokens, a 45-day deadline: every option sized to meet it or
 * said not to, and the verdict says the same. */
static void
test_deadline_in_verdict (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-405b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;

  s->tokens = 15e12;
  s->deadline_days = 45;
  s->servers = 8;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  /* 8 servers of 8 GPUs cannot train 405B on 15T tokens in 45 days:
   * 6 × 405e9 × 15e12 = 3.6e25 FLOPs; even at 2,250 TFLOPS × 0.30 × 0.9
   * that is 3.6e25 / (64 × 6.1e14) / 86,400 ≈ 10,700 days */
  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);

      g_assert_true (o->failures & TS_FAILURE_DEADLINE);
      g_assert_false (o->ok);
    }
  g_assert_cmpint (plan->recommended, ==, -1);
  g_assert_false (ts_plan_is_ok (plan));
  {
    g_autofree char *headline = ts_plan_dup_headline (plan, FALSE);

    g_assert_nonnull (strstr (headline, "Nothing in the catalog works"));
    g_assert_nonnull (strstr (headline, "late"));
  }
}

/* A 120 kW rack-scale system in a 30 kW hall does not work, and a server
 * taller than the racks does not either. */
static void
test_site_in_verdict (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  const TsOption *o;

  s->rack_units = 4;
  o = only_option (catalog, s, "dgx-h200", &plan);   /* 8U */
  g_assert_true (o->failures & TS_FAILURE_RACK_HEIGHT);
  g_assert_false (o->ok);

  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *sv = ts_catalog_get_server (catalog, i);
      g_autoptr(TsPlan) p = NULL;

      if (sv->max_power_kw <= 30)
        continue;
      s->rack_units = 48;
      s->rack_kw = 30;
      o = only_option (catalog, s, sv->id, &p);
      g_assert_true (o->failures & TS_FAILURE_RACK_POWER);
      g_assert_false (o->ok);
    }
}

/* Nothing fits (a 10M-token sequence): no recommendation, and the
 * headline says so. */
static void
test_nothing_fits (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *headline = NULL;

  s->seq_len = TS_MAX_SEQ_LEN;
  s->checkpointing = TS_CHECKPOINTING_NONE;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  g_assert_cmpint (plan->recommended, ==, -1);
  headline = ts_plan_dup_headline (plan, FALSE);
  g_assert_null (strstr (headline, "Recommended"));
  g_assert_nonnull (strstr (headline, "Nothing in the catalog works"));
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "en", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/consistency/generated-plans", test_generated_plans);
  g_test_add_func ("/consistency/fixed-layout-needs-servers", test_fixed_layout_needs_servers);
  g_test_add_func ("/consistency/deadline-in-verdict", test_deadline_in_verdict);
  g_test_add_func ("/consistency/site-in-verdict", test_site_in_verdict);
  g_test_add_func ("/consistency/nothing-fits", test_nothing_fits);
  return g_test_run ();
}
