/* ts-layout-search.c — the planner: the fastest layout at an option's count
 *
 * Tensor, pipeline and expert parallel degrees, micro-batch,
 * recomputation, ZeRO stage and interleaving, each searched where the
 * user left it to the planner (docs/sizing-model.md §8.2), over the
 * values of ts-layout-values.c; the days of the fastest layout at a
 * count, which ts-deadline.c bisects; the option's layout, memory and
 * step from the search, or from the fixed layout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-format.h"
#include "ts-framework.h"
#include "ts-options-private.h"

/* ---- the planner (issue 17, docs/sizing-model.md §8.2) -------------------------- */

/* The values each input takes are ts-layout-values.c's; interleaving is
 * weighed up to this many chunks a stage. */
#define PLAN_MAX_VIRTUAL       4u

typedef struct
{
  TsScenario s;        /* shallow copy holding the candidate's inputs */
  TsLayout   layout;
  TsStep     step;
  guint      virtual_stages;
  guint      accumulation;
  TsFramework framework;          /* the one that runs it (issue 26) */
  const char *framework_reason;   /* why that one (ts_framework_choose ()) */
  guint      framework_rules;     /* TsFrameworkRule applied to s */
  const char *refused;            /* why the user's layout is refused; NULL = not */
} Candidate;

typedef struct
{
  const TsScenario *s;
  const TsServer   *server;
  guint             gpus;           /* the option's */
  guint             global_batch;
  double            flops_per_token;  /* model FLOPs of one token */
  GpuRate           rate;           /* peak, family MFU and PCIe factor: the same for every layout */
  TsStepInput       base;           /* the step's inputs every layout shares */
  TsStepCache       step_cache;     /* the last layout's forward pass (ts-options.h) */
  guint             evaluated;
  gboolean          have_best;      /* a layout with room was found */
  gboolean          have_bare;      /* a bare fit (tight) was found */
  guint             cp;             /* the context-parallel degree of this pass */
} Search;

static gboolean
searched (const TsScenario *s,
          TsSearchFlags     flag)
{
  return ts_scenario_searches (s, flag);
}

/* Per-GPU bandwidths of the option, one direction, bytes/s. */
static double
intra_bytes_s (const TsServer *server)
{
  return ts_scale_up_bytes_s (server->interconnect->bw_gb_s_unidir);
}

static double
inter_bytes_s (const TsServer *server)
{
  double nics = server->compute_nic_count > 0 ? server->compute_nic_count : server->gpu_count;
  double gbps = server->compute_nic_gbps > 0 ? server->compute_nic_gbps
                : server->network != NULL ? server->network->port_gbps : 0;

  return gbps / BITS_PER_BYTE * nics / server->gpu_count * TS_BYTES_PER_GB;
}

/* Layers with routed experts: all but the leading dense ones. */
static guint
moe_layers (const TsArchitecture *a)
{
  if (a->experts == 0)
    return 0;
  return a->layers > a->dense_layers ? a->layers - a->dense_layers : 0;
}

/* The step's inputs that do not depend on the layout, once per search. */
static void
step_base (Search *search)
{
  const TsScenario *s = search->s;
  const TsArchitecture *a = &s->model.arch;
  const GpuRate *r = &search->rate;
  TsStepInput *in = &search->base;
  double bytes = s->precision == TS_PRECISION_FP32 ? GRADIENT_BYTES_32BIT : GRADIENT_BYTES_16BIT;

  memset (in, 0, sizeof *in);
  in->sync_params = s->method == TS_METHOD_FULL ? s->model.params
                    : s->model.has_architecture ? ts_memory_lora_adapter_params (a, s->lora_targets, s->lora_rank) : 0;
  in->gradient_bytes = (s->precision == TS_PRECISION_FP32 || s->grad_dtype == TS_GRAD_FP32)
                       ? GRADIENT_BYTES_32BIT : GRADIENT_BYTES_16BIT;
  in->weight_bytes = bytes;
  in->activation_bytes = bytes;
  in->layers = MAX (1u, a->layers);
  in->moe_layers = moe_layers (a);
  in->hidden_size = a->hidden_size;
  in->seq_len = s->seq_len;
  in->active_experts = a->active_experts;
  in->peak_flops = r->peak_tflops * 1e12;
  in->kernel_efficiency = r->mfu_base * r->pcie_factor;
  in->hbm_bytes_s = search->server->gpu->memory_bw_tb_s * 1e12;
  in->attention_peak_flops = search->server->gpu->tflops_bf16 * 1e12 * r->pcie_factor;
  ts_step_input_set_model (in, s);
  memset (&search->step_cache, 0, sizeof search->step_cache);
  in->cache = &search->step_cache;
  in->gpus_per_server = search->server->gpu_count;
  in->intra_bytes_s = intra_bytes_s (search->server);
  in->inter_bytes_s = inter_bytes_s (search->server);
}

/* The share of a stage's layers a layout recomputes whole: k/n with
 * full recomputation (block recomputation of k of n layers), else 0. */
static double
recompute_share (const Search    *search,
                 const TsLayout  *layout,
                 TsCheckpointing  checkpointing)
{
  guint stage_layers = ts_layout_stage_layers (search->s, layout);

  if (checkpointing != TS_CHECKPOINTING_FULL)
    return 0;
  if (stage_layers == 0)
    return 1.0;
  return MIN (layout->recompute_layers, stage_layers) / (double) stage_layers;
}

/* The step of one layout: the shared inputs and the layout's own. */
static void
layout_step (const Search   *search,
             const TsLayout *layout,
             guint           micro_batch,
             guint           accumulation,
             guint           virtual_stages,
             TsCheckpointing checkpointing,
             gboolean        sequence_parallel,
             double          gradient_bytes,
             TsStep         *step)
{
  TsStepInput in = search->base;
  TsScenario recompute;
  double share = recompute_share (search, layout, checkpointing);

  /* only the method, the recomputation and the layers matter to the
   * factor */
  recompute.method = search->s->method;
  recompute.checkpointing = checkpointing;
  recompute.model.arch.layers = search->s->model.arch.layers;
  in.recompute_factor = ts_recompute_mfu_factor_layout (&recompute, layout);
  in.full_recompute = checkpointing == TS_CHECKPOINTING_FULL && share >= 1.0;
  in.selective_recompute = checkpointing == TS_CHECKPOINTING_SELECTIVE;
  in.recompute_share = share;
  in.gpus = layout->gpus;
  in.tp = layout->tp;
  in.pp = layout->pp;
  in.dp = layout->dp;
  in.ep = layout->ep;
  in.cp = MAX (1u, layout->cp);
  in.zero_stage = layout->zero_stage;
  in.virtual_stages = virtual_stages;
  in.micro_batch = micro_batch;
  in.micro_batches = accumulation;
  in.sequence_parallel = sequence_parallel;
  in.model_flops = search->flops_per_token * (double) micro_batch * accumulation * layout->dp * in.seq_len;
  /* the framework's gradient dtype is what its all-reduce moves */
  if (gradient_bytes > 0)
    in.gradient_bytes = gradient_bytes;
  ts_step_compute (&in, step);
}

/* What the candidate's gradient all-reduce moves per parameter, by the
 * gradient dtype its framework reduces (0: the search's base). */
static double
candidate_gradient_bytes (const Candidate *c)
{
  double framework = ts_framework_reduce_bytes (c->framework, &c->s, &c->layout);

  if (framework > 0)
    return framework;
  if (c->s.method == TS_METHOD_FULL && c->s.grad_dtype == TS_GRAD_FP32)
    return GRADIENT_BYTES_32BIT;
  return 0;
}

/* The framework that runs a candidate, and its memory rules applied to
 * the candidate's scenario (docs/frameworks.md §2). */
static void
frame_candidate (const Search *search,
                 Candidate    *c)
{
  c->framework = ts_framework_choose (search->s, &c->layout, MAX (1u, c->virtual_stages), &c->framework_reason);
  c->framework_rules = ts_framework_apply_rules (c->framework, &c->s, &c->layout);
  c->refused = NULL;
}

/* The step of a candidate whose scenario and layout are set. */
static void
candidate_step (const Search *search,
                Candidate    *c)
{
  c->layout.virtual_stages = MAX (1u, c->virtual_stages);
  layout_step (search, &c->layout, c->s.micro_batch, c->accumulation, c->virtual_stages,
               c->s.checkpointing, c->s.sequence_parallel, candidate_gradient_bytes (c), &c->step);
}

/* Interleaving: v chunks per GPU shrink the bubble v-fold for v times the
 * stage-to-stage sends (Narayanan et al. 2021, §2.2.2); the micro-batches
 * must be a multiple of pp, and every chunk needs a layer (an uneven
 * split, as Llama 3's 126 layers over 16 stages, is allowed: Dubey et
 * al. 2024, §3.3.2). The fastest v is kept. */
static void
choose_virtual_stages (Search    *search,
                       Candidate *c)
{
  guint layers = c->s.model.arch.layers;
  Candidate trial;

  c->virtual_stages = 1;
  candidate_step (search, c);
  search->evaluated++;
  if (c->layout.pp <= 1 || c->accumulation % c->layout.pp != 0)
    return;
  for (guint v = 2; v <= PLAN_MAX_VIRTUAL; v *= 2)
    {
      if (layers < c->layout.pp * v || !ts_framework_runs (c->framework, &c->s, &c->layout, v, NULL))
        continue;
      trial = *c;
      trial.virtual_stages = v;
      candidate_step (search, &trial);
      search->evaluated++;
      if (trial.step.seconds < c->step.seconds)
        *c = trial;
    }
}

typedef enum
{
  ROOM_NONE,
  ROOM_BARE,     /* fits, under the tight threshold */
  ROOM_MARGIN,   /* the headroom rule's margin, with FP32 gradients too */
} Room;

static Room
candidate_room (const Search *search,
                const Candidate *c,
                TsMemory        *m,
                double          *upper)
{
  double capacity = search->server->gpu->memory_bytes;
  double free_share;
  TsScenario fp32;
  TsMemory um;

  *upper = NAN;
  ts_memory_compute (&c->s, &c->layout, m);
  free_share = (capacity - ts_breakdown_sum (&m->per_gpu)) / capacity;
  /* the planner never plans into the minimum free share (§7.1) */
  if (free_share < search->s->min_free)
    return ROOM_NONE;
  if (c->s.method == TS_METHOD_FULL && c->s.precision != TS_PRECISION_FP32 && c->s.grad_dtype != TS_GRAD_FP32)
    {
      fp32 = c->s;
      fp32.grad_dtype = TS_GRAD_FP32;
      ts_memory_compute (&fp32, &c->layout, &um);
      *upper = (capacity - ts_breakdown_sum (&um.per_gpu)) / capacity;
    }
  if (free_share < search->s->headroom_tight || (!isnan (*upper) && *upper < search->s->headroom_tight))
    return ROOM_BARE;
  return ROOM_MARGIN;
}

typedef struct
{
  Candidate c;
  TsMemory  memory;
  double    upper;
} Chosen;

typedef struct
{
  TsLayoutValues tps, pps, mbs, ckpts;
  TsLayoutValues eps[8][8];     /* by tp and mb index (dp depends on both) */
  TsLayoutValues zeros[8][8];
} Grid;

/* One layout of the search, by the indices of its inputs' values and its
 * step time: the first pass times them all (closed formulas), the second
 * sizes the memory of the fastest ones only, in order, until one has
 * room. */
typedef struct
{
  double  seconds;
  double  plain_seconds;   /* without interleaving: the fallback when the
                            * interleaved layout has no room */
  guint   ep_value;
  guint8  tp, pp, mb, ep, ckpt, zero;
  guint8  zero_value;
  guint8  virtual_stages;
  guint8  tried;
  guint16 recompute_layers;  /* block recomputation: the fewest layers of a
                              * stage that keep the margin, once sized; 0
                              * before (the seconds are then a lower bound) */
} Entry;

/* Whether `other` needs at least the memory of `e`: the same degrees, a
 * micro-batch as large or larger (and so as few or fewer data-parallel
 * ranks), no more recomputation, no more sharding. */
static gboolean
needs_more_memory (const Grid  *g,
                   const Entry *other,
                   const Entry *e)
{
  return other->pp == e->pp && other->ep_value == e->ep_value
         && other->mb >= e->mb
         && g->ckpts.values[other->ckpt] <= g->ckpts.values[e->ckpt]
         && other->zero_value <= e->zero_value;
}

/* An entry without the margin (tried in order of speed, so every entry
 * left is slower): no entry needing more memory can have it either. */
static void
drop_hungrier (const Grid  *g,
               GArray      *entries,
               const Entry *e)
{
  for (guint n = 0; n < entries->len; n++)
    {
      Entry *other = &g_array_index (entries, Entry, n);

      if (!other->tried && needs_more_memory (g, other, e))
        other->tried = TRUE;
    }
}


/* Block recomputation (Megatron-LM's --recompute-method block
 * --recompute-num-layers k): of a candidate that has at least `least`
 * room with all of a stage's n layers recomputed, the fewest recomputed
 * layers that keep it, found by bisection. Fewer recomputed layers need
 * more memory and take less time, so the fewest that fit is the fastest
 * (docs/sizing-model.md §8.2). k = 0 is the entry without recomputation,
 * weighed on its own. The candidate, its memory and upper bound become
 * those of the k found. */
static void
fewest_recomputed_layers (Search    *search,
                          Room       least,
                          Candidate *c,
                          TsMemory  *m,
                          double    *upper)
{
  guint lo = 0;                       /* known not to keep the margin (or untried: 0) */
  guint hi = c->layout.recompute_layers;  /* known to keep it */

  while (hi - lo > 1)
    {
      Candidate trial = *c;
      TsMemory tm;
      double tu;
      guint mid = lo + (hi - lo) / 2;

      trial.layout.recompute_layers = mid;
      search->evaluated++;
      if (candidate_room (search, &trial, &tm, &tu) >= least)
        {
          hi = mid;
          *m = tm;
          *upper = tu;
        }
      else
        lo = mid;
    }
  if (hi == c->layout.recompute_layers)
    return;
  c->layout.recompute_layers = hi;
  candidate_step (search, c);
}

static guint
grid_dp (const Search *search,
         guint         tp,
         guint         pp,
         guint         mb)
{
  guint64 group = (guint64) tp * pp * MAX (1u, search->cp);

  if (group > search->gpus)
    return 0;
  /* no more data-parallel ranks than the global batch feeds */
  return (guint) MIN (search->gpus / group, MAX (1u, search->global_batch / mb));
}

/* The candidate of an entry, its step recomputed (the same figures the
 * first pass had). */
static void
entry_candidate (Search      *search,
                 const Grid  *g,
                 const Entry *e,
                 Candidate   *c)
{
  const TsScenario *s = search->s;
  guint tp = g->tps.values[e->tp];
  guint pp = g->pps.values[e->pp];
  guint mb = g->mbs.values[e->mb];
  guint dp = grid_dp (search, tp, pp, mb);

  c->s = *s;
  c->s.tp = tp;
  c->s.pp = pp;
  c->s.cp = MAX (1u, search->cp);
  c->s.micro_batch = mb;
  c->s.ep = g->eps[e->pp][e->mb].values[e->ep];
  c->s.checkpointing = g->ckpts.values[e->ckpt];
  c->s.zero_stage = (int) g->zeros[e->pp][e->mb].values[e->zero];
  if (searched (s, TS_SEARCH_SEQUENCE_PARALLEL))
    c->s.sequence_parallel = tp > 1;
  ts_layout_resolve (&c->s, tp * pp * dp * c->s.cp, &c->layout);
  c->accumulation = (guint) MAX (1.0, ceil ((double) search->global_batch / ((double) mb * dp)));
  c->virtual_stages = MAX (1u, e->virtual_stages);
  c->layout.virtual_stages = c->virtual_stages;
  if (e->recompute_layers > 0)
    c->layout.recompute_layers = e->recompute_layers;
  frame_candidate (search, c);
  candidate_step (search, c);
}

/* An entry's degrees and ZeRO stage as a layout, without interleaving
 * or recomputation. */
static void
entry_layout (const Search *search,
              const Grid   *g,
              guint         dp,
              const Entry  *e,
              TsLayout     *l)
{
  *l = (TsLayout) { 0 };
  l->tp = g->tps.values[e->tp];
  l->pp = g->pps.values[e->pp];
  l->dp = dp;
  l->cp = MAX (1u, search->cp);
  l->gpus = l->tp * l->cp * l->pp * dp;
  l->ep = MAX (1u, MIN (g->eps[e->pp][e->mb].values[e->ep], dp));
  l->zero_stage = (int) g->zeros[e->pp][e->mb].values[e->zero];
  l->virtual_stages = 1;
}

/* The framework that runs an entry's layout (the scenario's, or any where
 * it is automatic; TS_FRAMEWORK_AUTOMATIC: none, the entry is not
 * weighed). The choice rests on the degrees and the ZeRO stage alone, so
 * the entries that differ in their recomputation share it: *chosen,
 * TS_N_FRAMEWORKS before the first. */
static TsFramework
entry_framework (const Search   *search,
                 const TsLayout *l,
                 TsFramework    *chosen)
{
  const char *reason;

  if (*chosen == TS_N_FRAMEWORKS)
    *chosen = ts_framework_choose (search->s, l, 1, &reason);
  return *chosen;
}

/* The step of an entry with the fastest interleaving (see
 * choose_virtual_stages ()), from the shared inputs: no scenario copied. */
static gboolean
time_entry (Search      *search,
            const Grid  *g,
            guint        dp,
            Entry       *e,
            TsFramework *chosen)
{
  TsLayout l;
  TsFramework framework;
  double gradient_bytes = 0;
  guint mb = g->mbs.values[e->mb];
  guint accumulation;
  TsCheckpointing ckpt = g->ckpts.values[e->ckpt];
  gboolean sp;
  TsStep step;

  entry_layout (search, g, dp, e, &l);
  /* where the planner chooses the recomputation, full recomputation is
   * timed with one layer of a stage recomputed, the fastest it can be
   * (none is an entry of its own): a lower bound, made exact when the
   * memory pass finds how many layers must be (see search_layouts ()) */
  l.recompute_layers = ckpt != TS_CHECKPOINTING_FULL ? 0
                       : searched (search->s, TS_SEARCH_CHECKPOINTING) ? 1
                       : ts_layout_stage_layers (search->s, &l);
  sp = searched (search->s, TS_SEARCH_SEQUENCE_PARALLEL) ? l.tp > 1 : search->s->sequence_parallel;
  accumulation = (guint) MAX (1.0, ceil ((double) search->global_batch / ((double) mb * dp)));
  /* only layouts a framework runs, timed with its gradient dtype */
  framework = entry_framework (search, &l, chosen);
  if (framework == TS_FRAMEWORK_AUTOMATIC)
    return FALSE;
  gradient_bytes = ts_framework_reduce_bytes (framework, search->s, &l);

  layout_step (search, &l, mb, accumulation, 1, ckpt, sp, gradient_bytes, &step);
  search->evaluated++;
  e->virtual_stages = 1;
  e->seconds = step.seconds;
  e->plain_seconds = step.seconds;
  if (l.pp <= 1 || accumulation % l.pp != 0)
    return TRUE;
  /* v chunks: the bubble ÷ v, the sends × v (ts-throughput.c), the rest
   * the same — no step recomputed */
  for (guint v = 2; v <= PLAN_MAX_VIRTUAL; v *= 2)
    {
      double seconds = step.seconds - step.pp_bubble * (1.0 - 1.0 / v) + step.pp_comm * (v - 1);

      if (search->base.layers < l.pp * v || !ts_framework_runs (framework, search->s, &l, v, NULL))
        continue;
      search->evaluated++;
      if (seconds < e->seconds)
        {
          e->seconds = seconds;
          e->virtual_stages = v;
        }
    }
  return TRUE;
}

static guint
time_entries (Search *search,
              Grid   *g,
              GArray *entries)
{
  /* the framework of each expert degree and ZeRO stage at one tensor,
   * pipeline and micro-batch value (time_entry ()) */
  TsFramework chosen[G_N_ELEMENTS (g->eps[0][0].values)][G_N_ELEMENTS (g->zeros[0][0].values)];

  for (guint i = 0; i < g->tps.n; i++)
    for (guint j = 0; j < g->pps.n; j++)
      for (guint k = 0; k < g->mbs.n; k++)
        {
          guint dp = grid_dp (search, g->tps.values[i], g->pps.values[j], g->mbs.values[k]);

          if (dp == 0)
            continue;
          /* the expert and ZeRO choices depend on dp only, which a
           * tensor degree changes: kept per pipeline and micro-batch
           * index of this tensor degree */
          _ts_options_ep_values (search->s, dp, &g->eps[j][k]);
          _ts_options_zero_values (search->s, g->pps.values[j], dp, &g->zeros[j][k]);
          for (guint e = 0; e < g->eps[j][k].n; e++)
            for (guint z = 0; z < g->zeros[j][k].n; z++)
              chosen[e][z] = TS_N_FRAMEWORKS;
          for (guint e = 0; e < g->eps[j][k].n; e++)
            for (guint c = 0; c < g->ckpts.n; c++)
              {
                /* ZeRO-1 and 2 take the same step: timed once, when a
                 * framework runs both (time_entry () checks the others) */
                Entry zero1 = { 0 };
                gboolean have_zero1 = FALSE;

                for (guint z = 0; z < g->zeros[j][k].n; z++)
                  {
                    Entry entry = { 0, 0, g->eps[j][k].values[e], i, j, k, e, c, z,
                                    (guint8) g->zeros[j][k].values[z], 1, FALSE };

                    if (entry.zero_value == 2 && have_zero1)
                      {
                        TsLayout l;

                        entry_layout (search, g, dp, &entry, &l);
                        if (entry_framework (search, &l, &chosen[e][z]) == TS_FRAMEWORK_AUTOMATIC)
                          continue;
                        entry.seconds = zero1.seconds;
                        entry.plain_seconds = zero1.plain_seconds;
                        entry.virtual_stages = zero1.virtual_stages;
                      }
                    else if (!time_entry (search, g, dp, &entry, &chosen[e][z]))
                      continue;
                    g_array_append_val (entries, entry);
                    if (entry.zero_value == 1)
                      {
                        zero1 = entry;
                        have_zero1 = TRUE;
                      }
                  }
              }
        }
  return entries->len;
}

/* The untried entry of the shortest step; NULL when every one is tried.
 * A linear scan, not a heap: an entry's time can grow once it is sized
 * (block recomputation) and it is then weighed again. */
static Entry *
fastest_untried (GArray *entries)
{
  Entry *fastest = NULL;

  for (guint n = 0; n < entries->len; n++)
    {
      Entry *e = &g_array_index (entries, Entry, n);

      if (!e->tried && (fastest == NULL || e->seconds < fastest->seconds))
        fastest = e;
    }
  return fastest;
}

/* A bare fit (room without the margin), kept when it is the fastest of
 * those: the answer only where nothing has the margin. */
static void
keep_bare (Search          *search,
           Chosen          *bare,
           const Candidate *c,
           const TsMemory  *m,
           double           upper)
{
  if (!search->have_bare || c->step.seconds < bare->c.step.seconds)
    {
      bare->c = *c;
      bare->memory = *m;
      bare->upper = upper;
      search->have_bare = TRUE;
    }
}

/* Sizes the memory of the fastest untried entry: the best of its tensor
 * degree when it has the margin (TRUE: nothing slower need be sized),
 * else kept as a bare fit or dropped with the entries that need more
 * memory, or weighed again with its exact time (FALSE: weigh the next). */
static gboolean
weigh_fastest (Search     *search,
               const Grid *g,
               GArray     *entries,
               Entry      *fastest,
               Chosen     *best,
               Chosen     *bare)
{
  Candidate c;
  TsMemory m;
  double upper;
  Room room;
  gboolean block;

  fastest->tried = TRUE;
  entry_candidate (search, g, fastest, &c);
  room = candidate_room (search, &c, &m, &upper);
  block = fastest->recompute_layers == 0 && c.s.checkpointing == TS_CHECKPOINTING_FULL
          && searched (search->s, TS_SEARCH_CHECKPOINTING);
  if (block && room == ROOM_BARE)
    /* a bare fit is kept only where nothing has the margin: at
     * the fewest layers that still fit */
    fewest_recomputed_layers (search, ROOM_BARE, &c, &m, &upper);
  if (block && room == ROOM_MARGIN)
    {
      /* its time was a lower bound: made exact at the fewest
       * layers that keep the margin, and weighed again among
       * the others (best first with lazy keys) */
      fewest_recomputed_layers (search, ROOM_MARGIN, &c, &m, &upper);
      fastest->recompute_layers = (guint16) c.layout.recompute_layers;
      fastest->seconds = c.step.seconds;
      fastest->tried = FALSE;
      return FALSE;
    }
  if (room != ROOM_MARGIN && fastest->virtual_stages > 1)
    {
      /* interleaving keeps more micro-batches in flight: the same
       * entry without it, at its own speed, is weighed again */
      if (room == ROOM_BARE)
        keep_bare (search, bare, &c, &m, upper);
      fastest->virtual_stages = 1;
      fastest->seconds = fastest->plain_seconds;
      fastest->tried = FALSE;
      return FALSE;
    }
  switch (room)
    {
    case ROOM_MARGIN:
      best->c = c;
      best->memory = m;
      best->upper = upper;
      search->have_best = TRUE;
      return TRUE;
    case ROOM_BARE:
      keep_bare (search, bare, &c, &m, upper);
      drop_hungrier (g, entries, fastest);
      return FALSE;
    case ROOM_NONE:
    default:
      drop_hungrier (g, entries, fastest);
      return FALSE;
    }
}

/* The layouts of one tensor degree (g->tps holds it alone), timed, then
 * sized fastest first until one has the margin or none left is faster
 * than the best of another degree. */
static void
search_tensor_degree (Search *search,
                      Grid   *g,
                      GArray *entries,
                      Chosen *best,
                      Chosen *bare)
{
  g_array_set_size (entries, 0);
  time_entries (search, g, entries);
  for (;;)
    {
      Entry *fastest = fastest_untried (entries);

      /* none left, or none faster than the best of another degree */
      if (fastest == NULL || (search->have_best && fastest->seconds >= best->c.step.seconds))
        return;
      if (weigh_fastest (search, g, entries, fastest, best, bare))
        return;
    }
}

static void
search_layouts (Search *search,
                Chosen *best,
                Chosen *bare)
{
  Grid g;
  g_autoptr(GArray) entries = g_array_sized_new (FALSE, FALSE, sizeof (Entry), 1024);

  _ts_options_tp_values (search->s, search->server, search->gpus, &g.tps);
  _ts_options_pp_values (search->s, search->gpus, &g.pps);
  _ts_options_micro_batch_values (search->s, search->global_batch, &g.mbs);
  _ts_options_checkpointing_values (search->s, &g.ckpts);
  /* one tensor degree at a time: its dp (and so its expert and ZeRO
   * choices) differ from another's */
  for (guint i = 0; i < g.tps.n; i++)
    {
      TsLayoutValues all_tps = g.tps;

      g.tps.values[0] = all_tps.values[i];
      g.tps.n = 1;
      search_tensor_degree (search, &g, entries, best, bare);
      g.tps = all_tps;
    }
}

/* A search of the option's layouts at `gpus` of its GPUs. */
static void
search_init (Search           *search,
             const TsScenario *s,
             const TsOption   *o,
             guint             gpus)
{
  memset (search, 0, sizeof *search);
  search->s = s;
  search->server = o->server;
  search->gpus = gpus;
  search->global_batch = ts_scenario_global_batch (s);
  search->flops_per_token = ts_model_flops_per_token (s);
  _ts_options_gpu_rate (s, o, gpus, &search->rate);
  step_base (search);
}

/* Days of the whole run at a candidate's step, after interruptions,
 * checkpoints and restarts (docs/goodput.md §4). */
static double
candidate_days (const TsOption   *o,
                const TsScenario *s,
                const Candidate  *c)
{
  double steps = c->step.tokens > 0 ? ts_scenario_tokens (s) / c->step.tokens : 0;
  double fraction = ts_goodput_fraction (&o->goodput_in, c->layout.gpus, c->step.seconds);

  return fraction > 0 ? steps * c->step.seconds / fraction / SECONDS_PER_DAY : INFINITY;
}

/* The layout of the scenario's fixed inputs at the option's GPUs (the
 * old default: ZeRO-3 over every GPU, TP = PP = 1, micro-batch 1, full
 * recomputation), its step computed like any candidate's: the answer
 * where nothing fits, and the search's floor. */
static void
fixed_candidate (Search    *search,
                 Candidate *c)
{
  c->s = *search->s;
  ts_layout_resolve (&c->s, search->gpus, &c->layout);
  c->accumulation = (guint) MAX (1.0, ceil ((double) search->global_batch
                                            / ((double) MAX (1u, c->s.micro_batch) * c->layout.dp)));
  c->virtual_stages = 1;
  frame_candidate (search, c);
  /* an expert degree the user gave that the data-parallel GPUs do not
   * divide is refused, not silently made another (issue 29) */
  if (!searched (search->s, TS_SEARCH_EP) && search->s->ep > 1 && c->layout.ep != search->s->ep)
    {
      c->framework = TS_FRAMEWORK_AUTOMATIC;
      c->refused = "experts";
    }
  choose_virtual_stages (search, c);
}

/* The fastest layout at `gpus` of the option's GPUs; FALSE when none
 * fits. The layouts weighed are counted in the option. */
static gboolean
search_at (const TsScenario *s,
           TsOption         *o,
           guint             gpus,
           Chosen           *chosen)
{
  Search search;
  Chosen bare;
  TsLayoutValues cps;

  search_init (&search, s, o, gpus);
  _ts_options_cp_values (s, search.gpus, &cps);
  /* one context-parallel degree a pass: it divides the GPUs the rest of
   * the layout shares (the best of every pass kept) */
  for (guint i = 0; i < cps.n; i++)
    {
      search.cp = cps.values[i];
      search_layouts (&search, chosen, &bare);
    }
  o->layouts_evaluated += search.evaluated;
  if (!search.have_best && search.have_bare)
    *chosen = bare;
  return search.have_best || search.have_bare;
}

/* Days of the whole run at the fastest layout of `servers` of the
 * option's servers; INFINITY when none fits. */
double
_ts_options_fastest_days (const TsScenario *s,
                          TsOption         *o,
                          guint             servers)
{
  Chosen chosen;

  if (!search_at (s, o, servers * o->server->gpu_count, &chosen))
    return INFINITY;
  return candidate_days (o, s, &chosen.c);
}

/* What a chosen layout gives the option, the same whether searched or
 * fixed. */
static void
take_step (TsOption        *o,
           const Candidate *c)
{
  o->step = c->step;
  o->virtual_stages = c->virtual_stages;
  o->accumulation = c->accumulation;
  o->framework = c->framework;
  o->framework_reason = c->framework_reason;
  o->framework_rules = c->framework_rules;
  o->framework_why = NULL;
  if (c->framework == TS_FRAMEWORK_AUTOMATIC)
    {
      /* no framework runs the fixed layout: the scenario's framework
       * (or, automatic, the method's first) says why */
      TsFramework asked = c->s.framework != TS_FRAMEWORK_AUTOMATIC ? c->s.framework
                          : c->s.method == TS_METHOD_FULL ? TS_FRAMEWORK_MEGATRON : TS_FRAMEWORK_AXOLOTL;

      if (c->refused != NULL)
        o->framework_why = c->refused;
      else
        ts_framework_runs (asked, &c->s, &c->layout, MAX (1u, c->virtual_stages), &o->framework_why);
      o->framework_refused = asked;
    }
}

/* Sets the option's layout, memory and step from the planner; returns
 * FALSE (the option untouched) when no layout fits at its count. */
gboolean
_ts_options_apply_plan (const TsScenario *s,
            TsOption         *o,
            TsScenario       *effective)
{
  Chosen chosen;
  /* a GPU count the user set is the job's on every option (issue 28):
   * the servers hold at least that many, the layout uses exactly those */
  guint gpus = s->gpus > 0 && s->servers == 0 ? MIN (s->gpus, o->gpus) : o->gpus;

  if (!search_at (s, o, gpus, &chosen))
    return FALSE;
  o->memory = chosen.memory;
  o->upper_headroom_fraction = chosen.upper;
  take_step (o, &chosen.c);
  *effective = chosen.c.s;
  return TRUE;
}

/* The step of the scenario's fixed layout, where nothing fits. */
void
_ts_options_apply_fixed (const TsScenario *s,
             TsOption         *o)
{
  Search search;
  Candidate c = { 0 };

  search_init (&search, s, o, MAX (1u, o->memory.layout.gpus));
  fixed_candidate (&search, &c);
  o->layouts_evaluated += search.evaluated;
  take_step (o, &c);
}
