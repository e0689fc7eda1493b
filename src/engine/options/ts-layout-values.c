/* ts-layout-values.c — the values the layout search weighs for each input
 *
 * The layouts the search weighs at one count: tensor parallel within the
 * NVLink/HCCS domain, pipeline stages, expert parallel dividing the
 * experts, context parallel, micro-batch, recomputation and ZeRO stage,
 * each only where the user left it to the planner (docs/sizing-model.md
 * §8.2). Powers of two: what Megatron-LM and DeepSpeed runs use, and few
 * enough that a plan stays instant. Where the user set an input, its one
 * value is the user's. The search (ts-layout-search.c) crosses them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include "ts-options-private.h"

#define PLAN_MAX_PP            64u
#define PLAN_MAX_MICRO_BATCH   8u
#define PLAN_MAX_EP            64u
#define PLAN_MAX_CP            16u
/* The shortest sequence the planner splits (docs/sizing-model.md §8.9). */
#define PLAN_CP_MIN_SEQ          8192u

static void
values_add (TsLayoutValues *v,
            guint           value)
{
  if (v->n < G_N_ELEMENTS (v->values))
    v->values[v->n++] = value;
}

static void
powers_of_two (TsLayoutValues *v,
               guint           limit)
{
  for (guint x = 1; x <= limit && v->n < G_N_ELEMENTS (v->values); x *= 2)
    values_add (v, x);
}

void
_ts_options_tp_values (const TsScenario *s,
                       const TsServer   *server,
                       guint             gpus,
                       TsLayoutValues   *v)
{
  const TsArchitecture *a = &s->model.arch;
  guint limit = MIN (tp_domain (server), gpus);

  v->n = 0;
  if (!ts_scenario_searches (s, TS_SEARCH_TP))
    {
      values_add (v, MAX (1u, s->tp));
      return;
    }
  for (guint t = 1; t <= limit; t *= 2)
    /* the heads split evenly over the ranks (Megatron-LM's rule) */
    if (server->gpu_count % t == 0 && (a->attention_heads == 0 || a->attention_heads % t == 0))
      values_add (v, t);
}

void
_ts_options_pp_values (const TsScenario *s,
                       guint             gpus,
                       TsLayoutValues   *v)
{
  guint layers = s->model.arch.layers;

  v->n = 0;
  if (!ts_scenario_searches (s, TS_SEARCH_PP))
    values_add (v, MAX (1u, s->pp));
  else
    powers_of_two (v, MIN (MAX (1u, layers), MIN (PLAN_MAX_PP, gpus)));
}

void
_ts_options_micro_batch_values (const TsScenario *s,
                                guint             global_batch,
                                TsLayoutValues   *v)
{
  v->n = 0;
  if (!ts_scenario_searches (s, TS_SEARCH_MICRO_BATCH))
    values_add (v, MAX (1u, s->micro_batch));
  else
    powers_of_two (v, MIN (PLAN_MAX_MICRO_BATCH, global_batch));
}

void
_ts_options_ep_values (const TsScenario *s,
                       guint             dp,
                       TsLayoutValues   *v)
{
  guint experts = s->model.arch.experts;

  v->n = 0;
  if (!ts_scenario_searches (s, TS_SEARCH_EP) || experts == 0)
    {
      /* the user's degree is kept or the layout refused, never changed
       * (issue 29): it must divide the data-parallel GPUs */
      if (dp % MAX (1u, s->ep) == 0)
        values_add (v, MAX (1u, s->ep));
      return;
    }
  for (guint e = 1; e <= MIN (MIN (experts, dp), PLAN_MAX_EP); e *= 2)
    if (experts % e == 0 && dp % e == 0)
      values_add (v, e);
}

/* Context parallelism (docs/sizing-model.md §8.9): the user's degree,
 * else none below PLAN_CP_MIN_SEQ tokens ("use CP when sequence length >=
 * 8K", Megatron-Core's MoE README), and above it every power of two up
 * to PLAN_MAX_CP that splits each sequence into 2·cp equal chunks (the
 * causal load balancing), leaves a GPU per rank and each rank at least
 * the half of PLAN_CP_MIN_SEQ that the smallest split recommended gives
 * (the step has no term for the ring's latency or for GEMMs of a few
 * hundred tokens, which a finer split would meet). */
void
_ts_options_cp_values (const TsScenario *s,
                       guint             gpus,
                       TsLayoutValues   *v)
{
  v->n = 0;
  if (!ts_scenario_searches (s, TS_SEARCH_CP))
    {
      values_add (v, MAX (1u, s->cp));
      return;
    }
  values_add (v, 1);
  if (s->seq_len < PLAN_CP_MIN_SEQ || !s->model.has_architecture)
    return;
  for (guint c = 2; c <= MIN (PLAN_MAX_CP, gpus); c *= 2)
    if (s->seq_len % (2 * c) == 0 && s->seq_len / c >= PLAN_CP_MIN_SEQ / 2)
      values_add (v, c);
}

void
_ts_options_checkpointing_values (const TsScenario *s,
                                  TsLayoutValues   *v)
{
  v->n = 0;
  if (!ts_scenario_searches (s, TS_SEARCH_CHECKPOINTING))
    values_add (v, s->checkpointing);
  else
    {
      values_add (v, TS_CHECKPOINTING_NONE);
      values_add (v, TS_CHECKPOINTING_SELECTIVE);
      values_add (v, TS_CHECKPOINTING_FULL);
    }
}

/* ZeRO-1 and 2 move what one all-reduce moves (the same step), ZeRO-2
 * holding less: 2 is weighed only where 1 has no room; 3 gathers the
 * weights every micro-batch. One data-parallel rank shards nothing. A
 * pipeline pairs with ZeRO-1 only: Megatron-LM's distributed optimizer,
 * and DeepSpeed's pipeline engine refuses stages 2 and 3. */
void
_ts_options_zero_values (const TsScenario *s,
                         guint             pp,
                         guint             dp,
                         TsLayoutValues   *v)
{
  v->n = 0;
  if (!ts_scenario_searches (s, TS_SEARCH_ZERO) && s->zero_stage >= 0)
    values_add (v, (guint) s->zero_stage);
  else if (dp <= 1)
    values_add (v, 0);
  else if (pp > 1)
    values_add (v, 1);
  else
    {
      values_add (v, 1);
      values_add (v, 2);
      values_add (v, 3);
    }
}
