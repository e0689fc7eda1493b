/* ts-training-time.c — training time, energy and cost of an option
 *
 * Model FLOPs of the run, what one GPU of an option achieves (peak, MFU,
 * recomputation, PCIe), the fewest servers that meet a deadline with the
 * scenario's fixed layout, and the option's days, energy and cost.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include "ts-options-private.h"

/* ---- time --------------------------------------------------------------- */

double
_ts_options_flops_per_param_token (const TsScenario *s)
{
  return s->method == TS_METHOD_FULL ? FLOPS_PER_PARAM_TOKEN_FULL : FLOPS_PER_PARAM_TOKEN_ADAPTER;
}

/* The share of the hardware's work that is model work: recomputation
 * spends FLOPs the model FLOPs do not count, so the achieved model-FLOPs
 * utilisation falls by model / (model + recomputed) — 6/8 for full
 * training, 4/6 for LoRA with full recomputation (docs/sizing-model.md §8). */
double
ts_recompute_mfu_factor (const TsScenario *s)
{
  double model = _ts_options_flops_per_param_token (s);

  switch (s->checkpointing)
    {
    case TS_CHECKPOINTING_FULL:
      return model / (model + FLOPS_PER_PARAM_TOKEN_RECOMPUTE);
    case TS_CHECKPOINTING_SELECTIVE:
      return 1.0 / SELECTIVE_RECOMPUTE_HFU_PER_MFU;
    case TS_CHECKPOINTING_NONE:
    case TS_N_CHECKPOINTING:
    default:
      return 1.0;
    }
}

/* The same for a layout's recomputation: block recomputation of k of a
 * stage's n layers recomputes k/n of the forward FLOPs, so the factor is
 * model / (model + recomputed × k/n) (docs/sizing-model.md §8). */
double
ts_recompute_mfu_factor_layout (const TsScenario *s,
                                const TsLayout   *layout)
{
  double model = _ts_options_flops_per_param_token (s);
  guint stage_layers = ts_layout_stage_layers (s, layout);

  if (s->checkpointing != TS_CHECKPOINTING_FULL || stage_layers == 0)
    return ts_recompute_mfu_factor (s);
  return model / (model + FLOPS_PER_PARAM_TOKEN_RECOMPUTE
                          * MIN (layout->recompute_layers, stage_layers) / (double) stage_layers);
}

/* The GPUs of `gpus` that a layout of the scenario's fixed model-parallel
 * degrees can use: whole tp × pp groups (the rest idle). */
guint
_ts_options_layout_gpus (const TsScenario *s,
             guint             gpus)
{
  guint group = MAX (1u, s->tp) * MAX (1u, s->pp);

  return gpus / group * group;
}

/* The rate of one of the option's GPUs in a job of `gpus` GPUs. */
void
_ts_options_gpu_rate (const TsScenario *s,
          const TsOption   *o,
          guint             gpus,
          GpuRate          *r)
{
  const TsGpu *g = o->server->gpu;
  const char *key = "bf16";

  r->peak_tflops = g->tflops_bf16;
  if (s->precision == TS_PRECISION_FP8 && g->tflops_fp8 > 0)
    {
      key = "fp8";
      r->peak_tflops = g->tflops_fp8;
    }
  else if (s->precision == TS_PRECISION_FP16 && g->tflops_fp16 > 0)
    r->peak_tflops = g->tflops_fp16;

  r->mfu_base = ts_catalog_get_mfu (o->catalog, g->family, key);
  if (r->mfu_base <= 0)
    r->mfu_base = ts_catalog_get_mfu (o->catalog, g->family, "bf16");
  r->recompute_factor = ts_recompute_mfu_factor (s);
  r->pcie_factor = !training_link (o->server, gpus)
                   ? ts_catalog_get_pcie_mfu_factor (o->catalog) : 1.0;
  r->mfu = r->mfu_base * r->recompute_factor * r->pcie_factor;
}

/* Model FLOP/s of `gpus` GPUs of the layout, after interruptions,
 * checkpoints and restarts (docs/goodput.md §4). */
static double
job_rate (const TsOption *o,
          const GpuRate  *r,
          guint           gpus)
{
  return gpus * r->peak_tflops * 1e12 * r->mfu * ts_goodput_fraction (&o->goodput_in, gpus, o->step.seconds);
}

/* The fewest servers whose layout finishes the option's training FLOPs
 * within the deadline, or 0 when there is no deadline; *reachable is
 * FALSE when no count this option comes in does. */
guint
_ts_options_servers_for_deadline (const TsScenario *s,
                      const TsOption   *o,
                      gboolean         *reachable)
{
  const TsServer *server = o->server;
  guint cap = _ts_options_count_cap (server);
  double flops = o->training_flops;
  GpuRate r;
  double needed;
  double per_server;
  guint n;

  *reachable = TRUE;
  if (s->deadline_days <= 0 || flops <= 0)
    return 0;
  needed = flops / (s->deadline_days * SECONDS_PER_DAY);
  /* a one-GPU option that needs more than one box runs multi-GPU */
  _ts_options_gpu_rate (s, o, server->gpu_count > 1 ? server->gpu_count : 2, &r);
  per_server = job_rate (o, &r, server->gpu_count);
  if (per_server <= 0 || needed / per_server > cap)
    {
      *reachable = FALSE;
      return 0;
    }
  n = ceil_div (needed, per_server);
  /* whole tp × pp groups only: a count whose GPUs do not divide into them
   * leaves some idle */
  while (n <= cap && job_rate (o, &r, _ts_options_layout_gpus (s, n * server->gpu_count)) < needed)
    n++;
  if (n > cap)
    {
      *reachable = FALSE;
      return 0;
    }
  return n;
}

/* Time = model FLOPs / (GPUs of the layout × dense peak × effective MFU ×
 * availability) (docs/sizing-model.md §8): every factor is kept in the option, so
 * its JSON reproduces training_days exactly. */
void
_ts_options_size_time_and_money (const TsScenario *s,
                     TsOption         *o)
{
  GpuRate r;
  double rate;

  _ts_options_gpu_rate (s, o, o->gpus, &r);
  /* o->training_flops was set by evaluate () before the count was chosen
   * (the deadline needs it): the model FLOPs do not depend on the layout */
  o->layout_gpus = o->memory.layout.gpus;
  o->peak_tflops = r.peak_tflops;
  o->mfu_base = r.mfu_base;
  /* the layout's recomputation: the planner may recompute only some of
   * a stage's layers */
  r.recompute_factor = ts_recompute_mfu_factor_layout (s, &o->memory.layout);
  r.mfu = r.mfu_base * r.recompute_factor * r.pcie_factor;
  o->recompute_factor = r.recompute_factor;
  o->pcie_factor = r.pcie_factor;
  /* what the step's communication and bubble leave of the busy time
   * (docs/sizing-model.md §8.1) */
  o->step_factor = o->step.step_factor;
  /* what the operators' shapes leave of the large-GEMM efficiency
   * (docs/sizing-model.md §8.6) */
  o->operator_factor = o->step.operator_factor > 0 ? o->step.operator_factor : 1.0;
  o->mfu = r.mfu * o->operator_factor * o->step_factor;
  o->micro_batch = MAX (1u, s->micro_batch);
  o->checkpointing = s->checkpointing;
  o->sequence_parallel = s->sequence_parallel;
  o->global_batch = o->micro_batch * o->accumulation * o->memory.layout.dp;
  _ts_options_size_network_verdict (o);
  ts_goodput_compute (&o->goodput_in, o->layout_gpus, o->step.seconds, &o->goodput);
  o->availability = o->goodput.effective_fraction;
  r.mfu = o->mfu;
  rate = job_rate (o, &r, o->layout_gpus);
  o->training_days = rate > 0 ? o->training_flops / rate / SECONDS_PER_DAY : 0;
  /* hardware FLOPs: the model's and what recomputation runs again
   * (Korthikanti et al. 2022 §6's HFU) */
  o->hardware_flops = o->recompute_factor > 0 ? o->training_flops / o->recompute_factor : o->training_flops;
  o->meets_deadline = s->deadline_days <= 0 || o->training_days <= s->deadline_days;

  /* energy at the typical draw where the vendors state one (feeds stay
   * at the maximum, docs/facility.md §7) */
  o->energy_kwh = o->typical_power_kw * s->pue * o->training_days * HOURS_PER_DAY;
  o->energy_cost = o->energy_kwh * s->price_kwh;
  o->capex_usd = o->server->price_usd > 0 ? o->servers * o->server->price_usd : 0;
}
