/* ts-recommend.c — hardware options for a scenario, ranked
 *
 * For every server (or card) of the catalog: the smallest count whose
 * per-GPU memory fits, the verdict and why, and what that count takes:
 * network, storage, CPU/RAM, power, heat, current, racks, time, energy
 * and cost. The memory itself is ts-memory.c's: this file only asks it
 * at each option's layout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ts-format.h"
#include "ts-json.h"
#include "ts-recommend.h"
#include "ts-throughput.h"

/* Model FLOPs per parameter and token (Kaplan et al. 2020, "Scaling
 * Laws"; PaLM's MFU definition; docs/sizing-model.md §8): forward 2 + backward 4.
 * LoRA/QLoRA compute no weight gradients for the frozen base: forward 2 +
 * input gradients 2. Recomputation is not model work: it lowers the
 * utilisation instead (below). */
#define FLOPS_PER_PARAM_TOKEN_FULL     6.0
#define FLOPS_PER_PARAM_TOKEN_ADAPTER  4.0
/* Full recomputation repeats the forward pass: 2 FLOPs per parameter and
 * token of hardware work that no model FLOP counts (docs/sizing-model.md §8). */
#define FLOPS_PER_PARAM_TOKEN_RECOMPUTE 2.0
/* Selective recomputation redoes only the attention core: Korthikanti et
 * al. 2022 (arXiv:2205.05198) Table 5 gives HFU/MFU of 1.018–1.053 with
 * it (175B: 52.8 % / 51.4 % = 1.027); 1.03 stands for the range. */
#define SELECTIVE_RECOMPUTE_HFU_PER_MFU 1.03

/* Bytes of one gradient element synchronised every step (docs/sizing-model.md §3:
 * BF16 2, FP32 4; LoRA adapters keep BF16 gradients, §5). */
#define GRADIENT_BYTES_16BIT 2.0
#define GRADIENT_BYTES_32BIT 4.0

/* Dataset bytes per token: raw text averages about 4 bytes (characters of
 * English) per BPE token (OpenAI tokenizer guide: “one token generally
 * corresponds to ~4 characters of text”), and tokenized ids take 4 bytes
 * each once the vocabulary exceeds 65,536 (Llama 3: 128,256). Russian text
 * takes more bytes per token; this is an estimate and says so. */
#define DATASET_BYTES_PER_TOKEN 4.0

#define BYTES_PER_TB     1e12
#define BITS_PER_BYTE    8.0
#define SECONDS_PER_DAY  86400.0
#define HOURS_PER_DAY    24.0
#define WATTS_PER_KW     1000.0
#define SQRT_3           1.7320508075688772

/* IEC 60038 low-voltage systems (docs/hardware-facts.md §5): a three-phase supply
 * named by its phase-to-neutral voltage is the system it belongs to, so
 * the scenario's default 230 V with 3 phases is 230/400 V, and 120 V is
 * 120/208 V. Any other figure given for three phases is the line voltage. */
static const struct { double phase; double line; } iec_60038_systems[] = {
  { 120, 208 }, { 220, 380 }, { 230, 400 }, { 240, 415 }, { 277, 480 }, { 347, 600 },
};

/* ---- small helpers ------------------------------------------------------ */

static void
rack_detail_free (GArray *racks)
{
  for (guint i = 0; i < racks->len; i++)
    g_clear_pointer (&g_array_index (racks, TsRack, i).devices, g_array_unref);
  g_array_unref (racks);
}

void
ts_option_clear (TsOption *option)
{
  g_clear_pointer (&option->currency, g_free);
  g_clear_pointer (&option->rack_detail, rack_detail_free);
}

const char *
ts_verdict_to_string (TsVerdict verdict)
{
  switch (verdict)
    {
    case TS_VERDICT_FITS: return "fits";
    case TS_VERDICT_TIGHT: return "tight";
    case TS_VERDICT_DOES_NOT_FIT:
    default: return "does-not-fit";
    }
}

const char *
ts_verdict_label (TsVerdict verdict)
{
  switch (verdict)
    {
    case TS_VERDICT_FITS: return _("Fits");
    case TS_VERDICT_TIGHT: return _("Tight");
    case TS_VERDICT_DOES_NOT_FIT:
    default: return _("Does not fit");
    }
}

const char *
ts_device_role_to_string (TsDeviceRole role)
{
  switch (role)
    {
    case TS_DEVICE_SERVER: return "server";
    case TS_DEVICE_LEAF_SWITCH: return "leaf-switch";
    case TS_DEVICE_SPINE_SWITCH: return "spine-switch";
    case TS_DEVICE_STORAGE_SWITCH: return "storage-switch";
    case TS_DEVICE_MANAGEMENT_SWITCH: return "management-switch";
    case TS_DEVICE_PDU: return "pdu";
    case TS_N_DEVICE_ROLES:
    default: return "device";
    }
}

static guint
ceil_div (double a,
          double b)
{
  double q = ceil (a / b - 1e-9);

  return q < 1 ? 1 : (q > G_MAXUINT ? G_MAXUINT : (guint) q);
}

double
ts_site_line_voltage (double voltage,
                      guint  phases)
{
  if (phases < 3)
    return voltage;
  for (guint i = 0; i < G_N_ELEMENTS (iec_60038_systems); i++)
    if (fabs (voltage - iec_60038_systems[i].phase) < 0.5)
      return iec_60038_systems[i].line;
  return voltage;
}

/* Current per phase at power factor 1 (HP Insight Control PM guide,
 * docs/hardware-facts.md §5): single phase I = P / V; balanced three phase
 * I = P / (√3 · V_LL). Servers' PSUs are active-PFC, close to 1. */
double
ts_site_amps (double kw,
              double voltage,
              guint  phases)
{
  double line = ts_site_line_voltage (voltage, phases);

  if (line <= 0)
    return 0;
  if (phases < 3)
    return kw * WATTS_PER_KW / line;
  return kw * WATTS_PER_KW / (SQRT_3 * line);
}

/* Heat a server gives off: all the electrical power it draws, at the
 * same figure that sizes current, supplies and energy (a vendor's heat
 * figure that disagrees is not used for cooling; the catalog's notes say
 * which figure each record's power is). */
double
ts_server_heat_btu_h (const TsCatalog *catalog,
                      const TsServer  *server)
{
  return server->max_power_kw * ts_catalog_get_btu_h_per_kw (catalog);
}

/* GPUs that share one NVLink/HCCS domain, where tensor parallelism may
 * run (the catalog's nvlink_domain_gpus: the whole server on NVLink or
 * HCCS, the bridged cards of an H200 NVL, one on PCIe alone). */
static guint
tp_domain (const TsServer *server)
{
  return MAX (1u, server->nvlink_domain_gpus);
}

/* Whether a job of `gpus` GPUs talks over a training-class link inside
 * its servers: one GPU, or GPUs that all share an NVLink/HCCS domain (a
 * server of two 4-card NVLink bridges crosses PCIe between them). */
static gboolean
training_link (const TsServer *server,
               guint           gpus)
{
  if (gpus <= 1)
    return TRUE;
  return ts_server_tp_is_training_capable (server, MIN (gpus, server->gpu_count));
}

/* The fewest servers whose GPUs hold the scenario's fixed tp × pp, or 0
 * when the option cannot hold it at all (tensor parallel past its
 * NVLink/HCCS domain). */
static guint
layout_min_servers (const TsScenario *s,
                    const TsServer   *server,
                    guint             cap)
{
  guint64 group = (guint64) MAX (1u, s->tp) * MAX (1u, s->pp);
  guint64 n = (group + server->gpu_count - 1) / server->gpu_count;

  if (MAX (1u, s->tp) > tp_domain (server) || n > cap)
    return 0;
  return (guint) n;
}

/* ---- remedies ----------------------------------------------------------- */

typedef struct
{
  TsRemedyFlags flag;
  const char *text;
  void      (*apply) (TsScenario *s);
  gboolean  (*applies) (const TsScenario *s, const TsLayout *l);
} Remedy;

static void     zero3_apply (TsScenario *s) { s->zero_stage = 3; }
static gboolean zero3_applies (const TsScenario *s, const TsLayout *l) { return l->dp > 1 && l->zero_stage < 3; }
static void     ckpt_apply (TsScenario *s) { s->checkpointing = TS_CHECKPOINTING_FULL; }
static gboolean ckpt_applies (const TsScenario *s, const TsLayout *l) { return s->checkpointing != TS_CHECKPOINTING_FULL; }
static void     mb_apply (TsScenario *s) { s->micro_batch = 1; }
static gboolean mb_applies (const TsScenario *s, const TsLayout *l) { return s->micro_batch > 1; }
static void     offload_apply (TsScenario *s) { s->offload = TS_OFFLOAD_OPTIMIZER; }
static gboolean offload_applies (const TsScenario *s, const TsLayout *l) { return s->method == TS_METHOD_FULL && s->offload == TS_OFFLOAD_NONE; }
static void     lora_apply (TsScenario *s) { s->method = TS_METHOD_LORA; }
static gboolean lora_applies (const TsScenario *s, const TsLayout *l) { return s->method == TS_METHOD_FULL && s->model.has_architecture; }
static void     qlora_apply (TsScenario *s) { s->method = TS_METHOD_QLORA; }
static gboolean qlora_applies (const TsScenario *s, const TsLayout *l) { return s->method != TS_METHOD_QLORA && s->model.has_architecture; }

/* Ways to make a job fit at the same count, each tried, none guessed; the
 * suggestion lists them in this order. */
static const Remedy remedies[] = {
  /* Translators: a way to make training fit, in a list of them */
  { TS_REMEDY_ZERO3, N_("ZeRO-3 (shard the weights too)"), zero3_apply, zero3_applies },
  { TS_REMEDY_CHECKPOINTING, N_("full activation checkpointing"), ckpt_apply, ckpt_applies },
  { TS_REMEDY_MICRO_BATCH, N_("micro-batch 1"), mb_apply, mb_applies },
  { TS_REMEDY_OFFLOAD, N_("optimizer offload to host RAM"), offload_apply, offload_applies },
  { TS_REMEDY_LORA, N_("LoRA instead of full training"), lora_apply, lora_applies },
  { TS_REMEDY_QLORA, N_("QLoRA (4-bit base)"), qlora_apply, qlora_applies },
};

/* ---- memory at a count -------------------------------------------------- */

/* The scenarios an option's memory is asked at: the plan's own, with FP32
 * gradients (the article's upper bound), and with each remedy applied. */
enum
{
  VARIANT_SCENARIO,
  VARIANT_FP32_GRADIENTS,
  VARIANT_REMEDY,           /* + index into remedies[] */
};

/* Per-GPU memory depends on the scenario and the GPU count, not on the
 * server: a plan's options ask for the same few counts over and over
 * (most servers have 8 GPUs, and the search for each one's count visits
 * the same powers of two), so every answer of a plan is kept, found
 * through a small open-addressed table. A plan that asks for more (a
 * catalog of hundreds of servers) computes the rest each time. */
#define MEMO_ENTRIES 96
#define MEMO_SLOTS   256          /* a power of two, ≥ 2 × MEMO_ENTRIES */
#define MEMO_EMPTY   0xff

#define N_VARIANTS (VARIANT_REMEDY + G_N_ELEMENTS (remedies))

typedef struct
{
  const TsScenario *scenario;
  guint             n;
  guint             made;     /* bit per variant whose scenario and `like` are made */
  guint8            slots[MEMO_SLOTS];       /* index into keys/memories */
  guint32           keys[MEMO_ENTRIES];      /* variant << 24 | GPU count */
  TsMemory          memories[MEMO_ENTRIES];
  TsScenario        variants[N_VARIANTS];    /* shallow copies: only read */
  TsMemory          like[N_VARIANTS];        /* one memory of each variant */
  TsMemory          spare;                   /* an answer not kept (table full) */
} Memo;

G_STATIC_ASSERT (TS_MAX_GPUS < (1u << 24));
G_STATIC_ASSERT (MEMO_ENTRIES < MEMO_EMPTY);

static void
memo_init (Memo             *memo,
           const TsScenario *scenario)
{
  memo->scenario = scenario;
  memo->n = 0;
  memo->made = 0;
  memset (memo->slots, MEMO_EMPTY, sizeof memo->slots);
}

static const TsScenario *
memo_variant (Memo  *memo,
              guint  variant)
{
  TsScenario *s = &memo->variants[variant];

  if (variant == VARIANT_SCENARIO)
    return memo->scenario;
  *s = *memo->scenario;  /* shallow: ts_memory_compute only reads it */
  if (variant == VARIANT_FP32_GRADIENTS)
    s->grad_dtype = TS_GRAD_FP32;
  else
    remedies[variant - VARIANT_REMEDY].apply (s);
  return s;
}

static void
memo_compute (Memo     *memo,
              guint     variant,
              guint     gpus,
              TsMemory *m)
{
  const TsScenario *s = variant == VARIANT_SCENARIO ? memo->scenario : &memo->variants[variant];
  TsLayout layout;

  if (!(memo->made & (1u << variant)))
    {
      s = memo_variant (memo, variant);
      ts_layout_resolve (s, gpus, &layout);
      ts_memory_compute (s, &layout, m);
      memo->like[variant] = *m;
      memo->made |= 1u << variant;
      return;
    }
  ts_layout_resolve (s, gpus, &layout);
  ts_memory_compute_like (s, &layout, &memo->like[variant], m);
}

/* The memory of a variant at a GPU count; the pointer is good until the
 * next call. */
static const TsMemory *
memory_at (Memo  *memo,
           guint  variant,
           guint  gpus)
{
  guint32 key = (guint32) variant << 24 | MIN (gpus, (1u << 24) - 1);
  guint slot = (key * 2654435761u) >> 24 & (MEMO_SLOTS - 1);  /* Knuth's multiplicative hash */
  TsMemory *m;

  for (;; slot = (slot + 1) & (MEMO_SLOTS - 1))
    {
      guint8 i = memo->slots[slot];

      if (i == MEMO_EMPTY)
        break;
      if (memo->keys[i] == key)
        return &memo->memories[i];
    }

  if (memo->n == MEMO_ENTRIES)
    {
      /* full: computed, not kept */
      memo_compute (memo, variant, gpus, &memo->spare);
      return &memo->spare;
    }
  memo->slots[slot] = memo->n;
  memo->keys[memo->n] = key;
  m = &memo->memories[memo->n++];
  memo_compute (memo, variant, gpus, m);
  return m;
}

static double
per_gpu_at (Memo  *memo,
            guint  variant,
            guint  gpus)
{
  return ts_breakdown_sum (&memory_at (memo, variant, gpus)->per_gpu);
}

static gboolean
fits_at (Memo           *memo,
         const TsServer *server,
         guint           servers)
{
  /* fewer GPUs than the fixed tp × pp hold nothing; a larger count only
   * shards more, so the search stays monotonic */
  if ((guint64) servers * server->gpu_count < (guint64) MAX (1u, memo->scenario->tp) * MAX (1u, memo->scenario->pp))
    return FALSE;
  return per_gpu_at (memo, VARIANT_SCENARIO, servers * server->gpu_count) <= server->gpu->memory_bytes;
}

static guint
count_cap (const TsServer *server)
{
  guint cap = MAX (1u, TS_MAX_GPUS / server->gpu_count);

  if (server->max_servers > 0)
    cap = MIN (cap, server->max_servers);
  return cap;
}

/* The smallest count in 1…cap that fits, or 0. Per-GPU memory never grows
 * when data-parallel GPUs are added (sharding divides, the rest stays), so
 * doubling to a fitting count and bisecting back is exact; and when the
 * largest count does not fit, no smaller one does: past SEARCH_CAP_CHECK
 * servers the largest is tried once (a job whose activations alone
 * overflow the GPU is answered in six estimates, not seventeen, and one
 * that fits on a few servers never pays for it). */
#define SEARCH_CAP_CHECK 16

static guint
smallest_fitting (Memo           *memo,
                  const TsServer *server,
                  guint           cap)
{
  guint lo = 1;
  guint hi = 2;

  if (fits_at (memo, server, 1))
    return 1;
  for (;;)
    {
      if (hi == SEARCH_CAP_CHECK && hi < cap && !fits_at (memo, server, cap))
        return 0;
      if (hi >= cap)
        {
          hi = cap;
          if (hi <= lo || !fits_at (memo, server, hi))
            return 0;
          break;
        }
      if (fits_at (memo, server, hi))
        break;
      lo = hi;
      hi *= 2;
    }
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (fits_at (memo, server, mid))
        hi = mid;
      else
        lo = mid;
    }
  return hi;
}

/* ---- time --------------------------------------------------------------- */

static double
flops_per_param_token (const TsScenario *s)
{
  return s->method == TS_METHOD_FULL ? FLOPS_PER_PARAM_TOKEN_FULL : FLOPS_PER_PARAM_TOKEN_ADAPTER;
}

/* Model FLOPs of the whole run: the work the method needs, without
 * recomputation (docs/sizing-model.md §8). */
static double
training_flops (const TsScenario *s)
{
  double n = s->model.active_params > 0 ? s->model.active_params : s->model.params;

  return flops_per_param_token (s) * n * s->tokens;
}

/* The share of the hardware's work that is model work: recomputation
 * spends FLOPs the model FLOPs do not count, so the achieved model-FLOPs
 * utilisation falls by model / (model + recomputed) — 6/8 for full
 * training, 4/6 for LoRA with full recomputation (docs/sizing-model.md §8). */
double
ts_recompute_mfu_factor (const TsScenario *s)
{
  double model = flops_per_param_token (s);

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

/* The GPUs of `gpus` that a layout of the scenario's fixed model-parallel
 * degrees can use: whole tp × pp groups (the rest idle). */
static guint
layout_gpus (const TsScenario *s,
             guint             gpus)
{
  guint group = MAX (1u, s->tp) * MAX (1u, s->pp);

  return gpus / group * group;
}

/* What one GPU of an option achieves: dense peak at the training
 * precision × the family's model-FLOPs utilisation × what recomputation
 * leaves of it × the PCIe penalty for multi-GPU jobs over PCIe only (the
 * article's rule). */
typedef struct
{
  double peak_tflops;
  double mfu_base;
  double recompute_factor;
  double pcie_factor;
  double mfu;            /* effective: the product of the three above */
} GpuRate;

static void
gpu_rate (const TsCatalog  *catalog,
          const TsScenario *s,
          const TsServer   *server,
          guint             gpus,
          GpuRate          *r)
{
  const TsGpu *g = server->gpu;
  const char *key = "bf16";

  r->peak_tflops = g->tflops_bf16;
  if (s->precision == TS_PRECISION_FP8 && g->tflops_fp8 > 0)
    {
      key = "fp8";
      r->peak_tflops = g->tflops_fp8;
    }
  else if (s->precision == TS_PRECISION_FP16 && g->tflops_fp16 > 0)
    r->peak_tflops = g->tflops_fp16;

  r->mfu_base = ts_catalog_get_mfu (catalog, g->family, key);
  if (r->mfu_base <= 0)
    r->mfu_base = ts_catalog_get_mfu (catalog, g->family, "bf16");
  r->recompute_factor = ts_recompute_mfu_factor (s);
  r->pcie_factor = !training_link (server, gpus)
                   ? ts_catalog_get_pcie_mfu_factor (catalog) : 1.0;
  r->mfu = r->mfu_base * r->recompute_factor * r->pcie_factor;
}

/* Model FLOP/s of `gpus` GPUs of the layout, after availability. */
static double
job_rate (const TsCatalog *catalog,
          const GpuRate   *r,
          guint            gpus)
{
  return gpus * r->peak_tflops * 1e12 * r->mfu * ts_catalog_get_availability_factor (catalog);
}

/* The fewest servers whose layout finishes within the deadline, or 0 when
 * there is no deadline; *reachable is FALSE when no count this option
 * comes in does. */
static guint
servers_for_deadline (const TsCatalog  *catalog,
                      const TsScenario *s,
                      const TsServer   *server,
                      guint             cap,
                      double            flops,
                      gboolean         *reachable)
{
  GpuRate r;
  double needed;
  double per_server;
  guint n;

  *reachable = TRUE;
  if (s->deadline_days <= 0 || flops <= 0)
    return 0;
  needed = flops / (s->deadline_days * SECONDS_PER_DAY);
  /* a one-GPU option that needs more than one box runs multi-GPU */
  gpu_rate (catalog, s, server, server->gpu_count > 1 ? server->gpu_count : 2, &r);
  per_server = job_rate (catalog, &r, server->gpu_count);
  if (per_server <= 0 || needed / per_server > cap)
    {
      *reachable = FALSE;
      return 0;
    }
  n = ceil_div (needed, per_server);
  /* whole tp × pp groups only: a count whose GPUs do not divide into them
   * leaves some idle */
  while (n <= cap && job_rate (catalog, &r, layout_gpus (s, n * server->gpu_count)) < needed)
    n++;
  if (n > cap)
    {
      *reachable = FALSE;
      return 0;
    }
  return n;
}

/* ---- the planner (issue 17, docs/sizing-model.md §8.2) -------------------------- */

/* The layouts the search weighs at one count: tensor parallel within the
 * NVLink/HCCS domain, pipeline stages, expert parallel dividing the
 * experts, micro-batch, recomputation and ZeRO stage, each only where the
 * user left it to the planner. Powers of two: what Megatron-LM and
 * DeepSpeed runs use, and few enough that a plan stays instant. */
#define PLAN_MAX_PP            64u
#define PLAN_MAX_MICRO_BATCH   8u
#define PLAN_MAX_EP            64u
#define PLAN_MAX_VIRTUAL       4u

typedef struct
{
  TsScenario s;        /* shallow copy holding the candidate's inputs */
  TsLayout   layout;
  TsStep     step;
  guint      virtual_stages;
  guint      accumulation;
} Candidate;

typedef struct
{
  const TsCatalog  *catalog;
  const TsScenario *s;
  const TsServer   *server;
  guint             gpus;           /* the option's */
  guint             global_batch;
  double            flops_per_token;
  GpuRate           rate;           /* peak, family MFU and PCIe factor: the same for every layout */
  TsStepInput       base;           /* the step's inputs every layout shares */
  guint             evaluated;
  gboolean          have_best;      /* a layout with room was found */
  gboolean          have_bare;      /* a bare fit (tight) was found */
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
  return server->interconnect->bw_gb_s_unidir * TS_BYTES_PER_GB;
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
  in->gpus_per_server = search->server->gpu_count;
  in->intra_bytes_s = intra_bytes_s (search->server);
  in->inter_bytes_s = inter_bytes_s (search->server);
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
             TsStep         *step)
{
  TsStepInput in = search->base;
  double n = search->s->model.active_params > 0 ? search->s->model.active_params : search->s->model.params;
  TsScenario recompute;

  /* only the method and the recomputation matter to the factor */
  recompute.method = search->s->method;
  recompute.checkpointing = checkpointing;
  in.recompute_factor = ts_recompute_mfu_factor (&recompute);
  in.full_recompute = checkpointing == TS_CHECKPOINTING_FULL;
  in.gpus = layout->gpus;
  in.tp = layout->tp;
  in.pp = layout->pp;
  in.dp = layout->dp;
  in.ep = layout->ep;
  in.zero_stage = layout->zero_stage;
  in.virtual_stages = virtual_stages;
  in.micro_batch = micro_batch;
  in.micro_batches = accumulation;
  in.sequence_parallel = sequence_parallel;
  in.model_flops = search->flops_per_token * n * (double) micro_batch * accumulation * layout->dp * in.seq_len;
  ts_step_compute (&in, step);
}

/* The step of a candidate whose scenario and layout are set. */
static void
candidate_step (const Search *search,
                Candidate    *c)
{
  layout_step (search, &c->layout, c->s.micro_batch, c->accumulation, c->virtual_stages,
               c->s.checkpointing, c->s.sequence_parallel, &c->step);
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
      if (layers < c->layout.pp * v)
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
  if (free_share < 0)
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

/* The values of one input: the user's, or the planner's candidates. */
typedef struct
{
  guint values[8];
  guint n;
} Values;

static void
values_add (Values *v,
            guint   value)
{
  if (v->n < G_N_ELEMENTS (v->values))
    v->values[v->n++] = value;
}

static void
powers_of_two (Values *v,
               guint   limit)
{
  for (guint x = 1; x <= limit && v->n < G_N_ELEMENTS (v->values); x *= 2)
    values_add (v, x);
}

static void
tp_values (const Search *search,
           Values       *v)
{
  const TsArchitecture *a = &search->s->model.arch;
  guint limit = MIN (tp_domain (search->server), search->gpus);

  v->n = 0;
  if (!searched (search->s, TS_SEARCH_TP))
    {
      values_add (v, MAX (1u, search->s->tp));
      return;
    }
  for (guint t = 1; t <= limit; t *= 2)
    /* the heads split evenly over the ranks (Megatron-LM's rule) */
    if (search->server->gpu_count % t == 0 && (a->attention_heads == 0 || a->attention_heads % t == 0))
      values_add (v, t);
}

static void
pp_values (const Search *search,
           Values       *v)
{
  guint layers = search->s->model.arch.layers;

  v->n = 0;
  if (!searched (search->s, TS_SEARCH_PP))
    values_add (v, MAX (1u, search->s->pp));
  else
    powers_of_two (v, MIN (MAX (1u, layers), MIN (PLAN_MAX_PP, search->gpus)));
}

static void
micro_batch_values (const Search *search,
                    Values       *v)
{
  v->n = 0;
  if (!searched (search->s, TS_SEARCH_MICRO_BATCH))
    values_add (v, MAX (1u, search->s->micro_batch));
  else
    powers_of_two (v, MIN (PLAN_MAX_MICRO_BATCH, search->global_batch));
}

static void
ep_values (const Search *search,
           guint         dp,
           Values       *v)
{
  guint experts = search->s->model.arch.experts;

  v->n = 0;
  if (!searched (search->s, TS_SEARCH_EP) || experts == 0)
    {
      values_add (v, MAX (1u, search->s->ep));
      return;
    }
  for (guint e = 1; e <= MIN (MIN (experts, dp), PLAN_MAX_EP); e *= 2)
    if (experts % e == 0 && dp % e == 0)
      values_add (v, e);
}

static void
checkpointing_values (const Search *search,
                      Values       *v)
{
  v->n = 0;
  if (!searched (search->s, TS_SEARCH_CHECKPOINTING))
    values_add (v, search->s->checkpointing);
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
static void
zero_values (const Search *search,
             guint         pp,
             guint         dp,
             Values       *v)
{
  v->n = 0;
  if (!searched (search->s, TS_SEARCH_ZERO) && search->s->zero_stage >= 0)
    values_add (v, (guint) search->s->zero_stage);
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

typedef struct
{
  Values tps, pps, mbs, ckpts;
  Values eps[8][8];     /* by tp and mb index (dp depends on both) */
  Values zeros[8][8];
} Grid;

/* One layout of the search, by the indices of its inputs' values and its
 * step time: the first pass times them all (closed formulas), the second
 * sizes the memory of the fastest ones only, in order, until one has
 * room. */
typedef struct
{
  double  seconds;
  guint   ep_value;
  guint8  tp, pp, mb, ep, ckpt, zero;
  guint8  zero_value;
  guint8  virtual_stages;
  guint8  tried;
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


static guint
grid_dp (const Search *search,
         guint         tp,
         guint         pp,
         guint         mb)
{
  guint64 group = (guint64) tp * pp;

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
  c->s.micro_batch = mb;
  c->s.ep = g->eps[e->pp][e->mb].values[e->ep];
  c->s.checkpointing = g->ckpts.values[e->ckpt];
  c->s.zero_stage = (int) g->zeros[e->pp][e->mb].values[e->zero];
  if (searched (s, TS_SEARCH_SEQUENCE_PARALLEL))
    c->s.sequence_parallel = tp > 1;
  ts_layout_resolve (&c->s, tp * pp * dp, &c->layout);
  c->accumulation = (guint) MAX (1.0, ceil ((double) search->global_batch / ((double) mb * dp)));
  c->virtual_stages = MAX (1u, e->virtual_stages);
  candidate_step (search, c);
}

/* The step of an entry with the fastest interleaving (see
 * choose_virtual_stages ()), from the shared inputs: no scenario copied. */
static void
time_entry (Search      *search,
            const Grid  *g,
            guint        dp,
            Entry       *e)
{
  TsLayout l;
  guint mb = g->mbs.values[e->mb];
  guint accumulation;
  TsCheckpointing ckpt = g->ckpts.values[e->ckpt];
  gboolean sp;
  TsStep step;

  l.tp = g->tps.values[e->tp];
  l.pp = g->pps.values[e->pp];
  l.dp = dp;
  l.gpus = l.tp * l.pp * dp;
  l.ep = MAX (1u, MIN (g->eps[e->pp][e->mb].values[e->ep], dp));
  l.zero_stage = (int) g->zeros[e->pp][e->mb].values[e->zero];
  sp = searched (search->s, TS_SEARCH_SEQUENCE_PARALLEL) ? l.tp > 1 : search->s->sequence_parallel;
  accumulation = (guint) MAX (1.0, ceil ((double) search->global_batch / ((double) mb * dp)));

  layout_step (search, &l, mb, accumulation, 1, ckpt, sp, &step);
  search->evaluated++;
  e->virtual_stages = 1;
  e->seconds = step.seconds;
  if (l.pp <= 1 || accumulation % l.pp != 0)
    return;
  /* v chunks: the bubble ÷ v, the sends × v (ts-throughput.c), the rest
   * the same — no step recomputed */
  for (guint v = 2; v <= PLAN_MAX_VIRTUAL; v *= 2)
    {
      double seconds = step.seconds - step.pp_bubble * (1.0 - 1.0 / v) + step.pp_comm * (v - 1);

      if (search->base.layers < l.pp * v)
        continue;
      search->evaluated++;
      if (seconds < e->seconds)
        {
          e->seconds = seconds;
          e->virtual_stages = v;
        }
    }
}

static guint
time_entries (Search *search,
              Grid   *g,
              GArray *entries)
{
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
          ep_values (search, dp, &g->eps[j][k]);
          zero_values (search, g->pps.values[j], dp, &g->zeros[j][k]);
          for (guint e = 0; e < g->eps[j][k].n; e++)
            for (guint c = 0; c < g->ckpts.n; c++)
              for (guint z = 0; z < g->zeros[j][k].n; z++)
                {
                  Entry entry = { 0, g->eps[j][k].values[e], i, j, k, e, c, z,
                                  (guint8) g->zeros[j][k].values[z], 1, FALSE };
                  Entry *previous = entries->len > 0 ? &g_array_index (entries, Entry, entries->len - 1) : NULL;

                  /* ZeRO-1 and 2 take the same step: timed once */
                  if (z > 0 && previous != NULL && g->zeros[j][k].values[z] == 2 && g->zeros[j][k].values[z - 1] == 1)
                    {
                      entry.seconds = previous->seconds;
                      entry.virtual_stages = previous->virtual_stages;
                    }
                  else
                    time_entry (search, g, dp, &entry);
                  g_array_append_val (entries, entry);
                }
        }
  return entries->len;
}

static void
search_layouts (Search *search,
                Chosen *best,
                Chosen *bare)
{
  Grid g;
  g_autoptr(GArray) entries = g_array_sized_new (FALSE, FALSE, sizeof (Entry), 1024);

  tp_values (search, &g.tps);
  pp_values (search, &g.pps);
  micro_batch_values (search, &g.mbs);
  checkpointing_values (search, &g.ckpts);
  /* one tensor degree at a time: its dp (and so its expert and ZeRO
   * choices) differ from another's */
  for (guint i = 0; i < g.tps.n; i++)
    {
      Values all_tps = g.tps;

      g.tps.values[0] = all_tps.values[i];
      g.tps.n = 1;
      g_array_set_size (entries, 0);
      time_entries (search, &g, entries);
      for (;;)
        {
          Entry *fastest = NULL;
          Candidate c;
          TsMemory m;
          double upper;

          for (guint n = 0; n < entries->len; n++)
            {
              Entry *e = &g_array_index (entries, Entry, n);

              if (!e->tried && (fastest == NULL || e->seconds < fastest->seconds))
                fastest = e;
            }
          /* none left, or none faster than the best of another degree */
          if (fastest == NULL || (search->have_best && fastest->seconds >= best->c.step.seconds))
            break;
          fastest->tried = TRUE;
          entry_candidate (search, &g, fastest, &c);
          switch (candidate_room (search, &c, &m, &upper))
            {
            case ROOM_MARGIN:
              best->c = c;
              best->memory = m;
              best->upper = upper;
              search->have_best = TRUE;
              break;
            case ROOM_BARE:
              if (!search->have_bare || c.step.seconds < bare->c.step.seconds)
                {
                  bare->c = c;
                  bare->memory = m;
                  bare->upper = upper;
                  search->have_bare = TRUE;
                }
              drop_hungrier (&g, entries, fastest);
              continue;
            case ROOM_NONE:
            default:
              drop_hungrier (&g, entries, fastest);
              continue;
            }
          break;
        }
      g.tps = all_tps;
    }
}

static void
search_init (Search           *search,
             const TsCatalog  *catalog,
             const TsScenario *s,
             const TsServer   *server,
             guint             gpus)
{
  memset (search, 0, sizeof *search);
  search->catalog = catalog;
  search->s = s;
  search->server = server;
  search->gpus = gpus;
  search->global_batch = ts_scenario_global_batch (s);
  search->flops_per_token = flops_per_param_token (s);
  gpu_rate (catalog, s, server, gpus, &search->rate);
  step_base (search);
}

/* Days of the whole run at a candidate's step, after availability. */
static double
candidate_days (const TsCatalog  *catalog,
                const TsScenario *s,
                const Candidate  *c)
{
  double steps = c->step.tokens > 0 ? s->tokens / c->step.tokens : 0;

  return steps * c->step.seconds / ts_catalog_get_availability_factor (catalog) / SECONDS_PER_DAY;
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
  choose_virtual_stages (search, c);
}

/* The fastest layout at `gpus` GPUs; FALSE when none fits. */
static gboolean
search_at (const TsCatalog  *catalog,
           const TsScenario *s,
           const TsServer   *server,
           guint             gpus,
           guint            *evaluated,
           Chosen           *chosen)
{
  Search search;
  Chosen bare;

  search_init (&search, catalog, s, server, gpus);
  search_layouts (&search, chosen, &bare);
  *evaluated += search.evaluated;
  if (!search.have_best && search.have_bare)
    *chosen = bare;
  return search.have_best || search.have_bare;
}

static gboolean
meets_deadline_at (const TsCatalog  *catalog,
                   const TsScenario *s,
                   const TsServer   *server,
                   guint             servers,
                   guint            *evaluated,
                   Chosen           *chosen)
{
  return search_at (catalog, s, server, servers * server->gpu_count, evaluated, chosen)
         && candidate_days (catalog, s, &chosen->c) <= s->deadline_days;
}

/* The fewest servers in [lo, hi] whose fastest layout meets the deadline
 * (hi known to, lo not), by bisection: more servers never make the
 * fastest layout slower while the global batch feeds them. */
static guint
bisect_deadline (const TsCatalog  *catalog,
                 const TsScenario *s,
                 const TsServer   *server,
                 guint             lo,
                 guint             hi,
                 guint            *evaluated)
{
  Chosen probe;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (meets_deadline_at (catalog, s, server, mid, evaluated, &probe))
        hi = mid;
      else
        lo = mid;
    }
  return hi;
}

/* The count that meets the deadline with the planner's layouts, from the
 * count the fixed layout's estimate gave: fewer when a searched layout
 * is faster, more when communication makes it slower; 0 when no count
 * up to cap does. */
static guint
deadline_count (const TsCatalog  *catalog,
                const TsScenario *s,
                const TsServer   *server,
                guint             floor_count,
                guint             n,
                guint             cap,
                guint            *evaluated)
{
  Chosen probe;
  guint lo;
  guint step = 1;

  if (meets_deadline_at (catalog, s, server, n, evaluated, &probe))
    {
      if (n <= floor_count || meets_deadline_at (catalog, s, server, floor_count, evaluated, &probe))
        return MIN (n, floor_count);
      return bisect_deadline (catalog, s, server, floor_count, n, evaluated);
    }
  for (lo = n; lo < cap; step *= 2)
    {
      guint hi = (guint) MIN ((guint64) lo + step, cap);

      if (meets_deadline_at (catalog, s, server, hi, evaluated, &probe))
        return bisect_deadline (catalog, s, server, lo, hi, evaluated);
      lo = hi;
    }
  return 0;
}

/* Sets the option's layout, memory and step from the planner; returns
 * FALSE (the option untouched) when no layout fits at its count. */
static gboolean
apply_plan (const TsCatalog  *catalog,
            const TsScenario *s,
            const TsServer   *server,
            TsOption         *o,
            TsScenario       *effective)
{
  Chosen chosen;

  if (!search_at (catalog, s, server, o->gpus, &o->layouts_evaluated, &chosen))
    return FALSE;
  o->memory = chosen.memory;
  o->upper_headroom_fraction = chosen.upper;
  o->step = chosen.c.step;
  o->virtual_stages = chosen.c.virtual_stages;
  o->accumulation = chosen.c.accumulation;
  *effective = chosen.c.s;
  return TRUE;
}

/* The step of the scenario's fixed layout, where nothing fits. */
static void
apply_fixed (const TsCatalog  *catalog,
             const TsScenario *s,
             const TsServer   *server,
             TsOption         *o)
{
  Search search;
  Candidate c;

  search_init (&search, catalog, s, server, MAX (1u, o->memory.layout.gpus));
  fixed_candidate (&search, &c);
  o->layouts_evaluated += search.evaluated;
  o->step = c.step;
  o->virtual_stages = c.virtual_stages;
  o->accumulation = c.accumulation;
}

/* ---- verdict, reason, suggestion ---------------------------------------- */

static double
gradient_bytes (const TsScenario *s,
                const TsMemory   *m)
{
  if (s->method != TS_METHOD_FULL)
    return m->trainable_params * GRADIENT_BYTES_16BIT;
  if (s->precision == TS_PRECISION_FP32 || s->grad_dtype == TS_GRAD_FP32)
    return m->trainable_params * GRADIENT_BYTES_32BIT;
  return m->trainable_params * GRADIENT_BYTES_16BIT;
}

/* The tight/fits conflict (issue 4, docs/sizing-model.md §10, the article):
 * the article calls 70B full training on 8 × B200 “впритык” (just
 * barely), and its own figures are 1,120–1,260 GB against 1,440 GB. At
 * the defaults (BF16 gradients, 10% threshold) the detailed estimate
 * leaves about 15% free, which alone would read “fits”. The article's
 * range runs to 18 bytes per parameter (FP32 gradients); a fit that keeps
 * its margin only at the low end of the article's own range is “just
 * barely” in the article's sense. So a full-training fit is “tight” when,
 * with FP32 gradients, less than the tight threshold would stay free —
 * the design's own note (“tight with FP32 gradients”). Both defaults stay
 * as designed (10%, BF16 gradients, whole capacity as usable memory), the
 * verdict says which end of the range made it tight, and a user who has
 * chosen FP32 gradients gets the plain threshold rule. */
static double
upper_bound_headroom (Memo             *memo,
                      const TsScenario *s,
                      const TsServer   *server,
                      guint             servers)
{
  double capacity = server->gpu->memory_bytes;

  if (s->method != TS_METHOD_FULL || s->precision == TS_PRECISION_FP32 || s->grad_dtype == TS_GRAD_FP32)
    return NAN;
  return (capacity - per_gpu_at (memo, VARIANT_FP32_GRADIENTS, servers * server->gpu_count)) / capacity;
}

/* How far past a tight option's count the search for margin looks. */
#define TIGHT_SEARCH_SERVERS 64

/* Whether `servers` leave the tight threshold free, also with FP32
 * gradients where those apply. */
static gboolean
has_room (Memo             *memo,
          const TsScenario *s,
          const TsServer   *server,
          guint             servers)
{
  double capacity = server->gpu->memory_bytes;
  double free = (capacity - per_gpu_at (memo, VARIANT_SCENARIO, servers * server->gpu_count)) / capacity;
  double upper;

  if (free < s->headroom_tight)
    return FALSE;
  upper = upper_bound_headroom (memo, s, server, servers);
  return isnan (upper) || upper >= s->headroom_tight;
}

/* The smallest count above `lo` (known to be short of room) that leaves
 * the tight threshold free, within TIGHT_SEARCH_SERVERS more; 0 = none.
 * The free share only grows with the count (see smallest_fitting ()), so
 * gallop up (+1, +2, +4, …; one server more is the usual answer) and
 * bisect back. */
static guint
smallest_with_room (Memo             *memo,
                    const TsScenario *s,
                    const TsServer   *server,
                    guint             lo,
                    guint             cap)
{
  guint last = MIN (cap, lo + TIGHT_SEARCH_SERVERS);
  guint step = 1;
  guint hi;

  for (;;)
    {
      hi = MIN (lo + step, last);
      if (hi <= lo)
        return 0;
      if (has_room (memo, s, server, hi))
        break;
      if (hi == last)
        return 0;
      lo = hi;
      step *= 2;
    }
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (has_room (memo, s, server, mid))
        hi = mid;
      else
        lo = mid;
    }
  return hi;
}

/* What would make it fit (or, when tight, fit with margin): a larger
 * count, or each remedy tried at this count. Codes and figures only;
 * ts_option_dup_suggestion () puts them in words. */
static void
suggest (Memo             *memo,
         const TsScenario *s,
         const TsServer   *server,
         TsOption         *o)
{
  guint cap = count_cap (server);

  if (o->verdict == TS_VERDICT_TIGHT)
    {
      guint hi = smallest_with_room (memo, s, server, o->servers, cap);

      if (hi > 0)
        {
          o->suggested_servers = hi;
          o->suggested_free_fraction = (server->gpu->memory_bytes - per_gpu_at (memo, VARIANT_SCENARIO, hi * server->gpu_count))
                                       / server->gpu->memory_bytes;
        }
      return;
    }

  if (o->verdict != TS_VERDICT_DOES_NOT_FIT)
    return;

  if (o->servers_for_memory > o->servers)
    o->suggested_servers = o->servers_for_memory;
  for (guint i = 0; i < G_N_ELEMENTS (remedies); i++)
    {
      if (!remedies[i].applies (s, &o->memory.layout))
        continue;
      if (per_gpu_at (memo, VARIANT_REMEDY + i, o->gpus) <= server->gpu->memory_bytes)
        o->remedies |= remedies[i].flag;
    }
}

/* The verdict of the option's memory; its upper_headroom_fraction (FP32
 * gradients) is set before. */
static void
judge (const TsScenario *s,
       const TsServer   *server,
       TsOption         *o)
{
  double per_gpu = ts_breakdown_sum (&o->memory.per_gpu);

  o->headroom_bytes = o->gpu_memory_bytes - per_gpu;
  o->headroom_fraction = o->headroom_bytes / o->gpu_memory_bytes;
  o->tight_threshold = s->headroom_tight;

  if (o->headroom_bytes < 0)
    {
      o->verdict = TS_VERDICT_DOES_NOT_FIT;
      o->reason_code = o->servers_for_memory == 0
                       ? (server->max_servers > 0 ? "does-not-fit-max-servers" : "does-not-fit-any-size")
                       : "does-not-fit";
    }
  else if (o->headroom_fraction < s->headroom_tight)
    {
      o->verdict = TS_VERDICT_TIGHT;
      o->reason_code = "tight-headroom";
    }
  else if (!isnan (o->upper_headroom_fraction) && o->upper_headroom_fraction < s->headroom_tight)
    {
      o->verdict = TS_VERDICT_TIGHT;
      o->reason_code = "tight-fp32-gradients";
    }
  else
    {
      o->verdict = TS_VERDICT_FITS;
      o->reason_code = "fits";
    }
  o->fits = o->verdict != TS_VERDICT_DOES_NOT_FIT;
}

/* ---- network ------------------------------------------------------------ */

/* A rail-optimised two-tier fat tree (NVIDIA HGX RA “2-8-9-400”; DGX
 * SuperPOD: one SU of 32 × 8 GPUs = 8 leaf + 4 spine QM9700, 72 × 8 GPUs
 * = 8 leaf + 4 spine Q3400): with k-port switches, up to k compute ports
 * need one switch tier; beyond that each leaf gives half its ports to GPUs
 * and half to spines, and the spines take every leaf uplink:
 * leaves = ⌈P / (k/2)⌉, spines = ⌈leaves · (k/2) / k⌉. Past k²/2 ports a
 * third tier is needed and the count is a lower bound. */
static void
size_network (const TsScenario *s,
              const TsServer   *server,
              TsOption         *o)
{
  const TsNetwork *net = server->network;
  double k;

  o->gradient_bytes = gradient_bytes (s, &o->memory);
  o->intra_gb_s = server->interconnect->bw_gb_s_unidir;
  if (server->gpu_count > 1)
    o->sync_seconds_intra = 2.0 * (server->gpu_count - 1) / server->gpu_count
                            * o->gradient_bytes / (o->intra_gb_s * TS_BYTES_PER_GB);

  if (o->servers <= 1)
    return;

  o->network = net;
  /* the server's own compute NICs; a record without them is counted at
   * the article's one port per GPU */
  o->compute_ports = o->servers * (server->compute_nic_count > 0 ? server->compute_nic_count : server->gpu_count);
  if (o->compute_ports < o->gpus)
    o->note_flags |= TS_NOTE_FEW_NICS;
  o->port_gbps = server->compute_nic_gbps > 0 ? server->compute_nic_gbps : net->port_gbps;
  /* per GPU: the server's compute bandwidth shared by its GPUs */
  o->network_gb_s = o->port_gbps / BITS_PER_BYTE * o->compute_ports / o->gpus;
  /* A flat ring over every GPU of the job: each step pushes 2(n−1)/n of
   * the gradients through every GPU's slowest link, its network port. */
  o->sync_seconds_network = 2.0 * (o->gpus - 1) / o->gpus
                            * o->gradient_bytes / (o->network_gb_s * TS_BYTES_PER_GB);

  k = net->switch_ports;
  if (o->compute_ports <= k)
    {
      o->leaf_switches = 1;
      o->spine_switches = 0;
    }
  else
    {
      o->leaf_switches = ceil_div (o->compute_ports, k / 2);
      o->spine_switches = ceil_div (o->leaf_switches * (k / 2), k);
      if (o->compute_ports > k * k / 2)
        o->note_flags |= TS_NOTE_THIRD_TIER;
    }

  o->storage_ports = o->servers * server->storage_nic_count;
  if (o->storage_ports > 0)
    o->storage_switches = ceil_div (o->storage_ports, k);

  o->switches_power_kw = (o->leaf_switches + o->spine_switches + o->storage_switches)
                         * net->switch_power_w / WATTS_PER_KW;
  /* management switches are counted per rack in place_racks () */
  o->switches_rack_units = (o->leaf_switches + o->spine_switches + o->storage_switches)
                           * net->switch_rack_units;
}

/* ---- racks -------------------------------------------------------------- */

/* A plan places every option's racks to count them (racks, units, the
 * busiest rack's current, management switches) without keeping their
 * devices: the racks of a few-server option live on the stack, larger
 * clusters grow onto the heap. The devices are kept only when the detail
 * is asked for, and then only for the racks asked for. */
#define PLACER_STACK_RACKS 32

typedef struct
{
  const TsCatalog *catalog;
  const TsServer  *server;
  const TsOption  *option;        /* counts (servers, switches) and site */
  TsRack          *racks;
  guint            n_racks;
  guint            allocated;
  guint            detail;        /* racks below this index keep their devices */
  guint            usable_units;  /* below the management switch */
  TsRack           stack[PLACER_STACK_RACKS];
} Placer;

typedef struct
{
  guint    management_switches;
  guint    rack_units;
  double   feed_amps;
  guint    racks;
  gboolean over_limit;     /* TS_NOTE_RACK_OVER_LIMIT */
  gboolean too_short;      /* TS_NOTE_RACK_TOO_SHORT */
  guint    pdus_per_rack;  /* the busiest rack's */
} RackTotals;

/* Rack PDUs on each of the A and B feeds, each feed able to carry the
 * whole rack (docs/hardware-facts.md §3): as many of the catalog's PDU as its
 * rated current per phase needs, at least the catalog's minimum. A rack's
 * rear takes two vertical 0U strips a side (the two channels of a
 * standard 42U rack); more than that is a rack the PDUs cannot feed. */
#define MAX_PDUS_PER_FEED 2

static guint
pdus_per_feed (const TsPdu *pdu,
               double       amps_per_phase)
{
  if (pdu == NULL || pdu->amps_per_phase <= 0)
    return 1;
  return MAX (1u, (guint) ceil (amps_per_phase / pdu->amps_per_phase - 1e-9));
}

static guint
pdus_for_rack (const TsPdu *pdu,
               double       amps_per_phase)
{
  if (pdu == NULL)
    return 0;
  return MAX (pdu->per_rack, 2 * pdus_per_feed (pdu, amps_per_phase));
}

static void
placer_init (Placer          *p,
             const TsCatalog *catalog,
             const TsServer  *server,
             const TsOption  *option,
             guint            detail)
{
  p->catalog = catalog;
  p->server = server;
  p->option = option;
  p->racks = p->stack;
  p->n_racks = 0;
  p->allocated = PLACER_STACK_RACKS;
  p->detail = detail;
  p->usable_units = 0;
}

/* Frees what the placer holds; the devices of racks handed over with
 * placer_steal () are the caller's. */
static void
placer_clear (Placer *p)
{
  for (guint i = 0; i < p->n_racks; i++)
    g_clear_pointer (&p->racks[i].devices, g_array_unref);
  if (p->racks != p->stack)
    g_free (p->racks);
  p->racks = p->stack;
  p->n_racks = 0;
}

static GArray *
placer_steal (Placer *p)
{
  GArray *racks = g_array_sized_new (FALSE, TRUE, sizeof (TsRack), p->n_racks);

  g_array_append_vals (racks, p->racks, p->n_racks);
  p->n_racks = 0;
  placer_clear (p);
  return racks;
}

static TsRack *
new_rack (Placer *p,
          guint   units)
{
  TsRack *rack;

  if (p->n_racks == p->allocated)
    {
      if (p->racks == p->stack)
        {
          p->racks = g_new (TsRack, p->allocated * 2);
          memcpy (p->racks, p->stack, p->n_racks * sizeof (TsRack));
        }
      else
        p->racks = g_renew (TsRack, p->racks, p->allocated * 2);
      p->allocated *= 2;
    }
  rack = &p->racks[p->n_racks];
  memset (rack, 0, sizeof *rack);
  if (p->n_racks < p->detail)
    rack->devices = g_array_sized_new (FALSE, TRUE, sizeof (TsRackDevice), 8);
  rack->units = units;
  rack->limit_kw = p->option->site_rack_kw;
  p->n_racks++;
  return rack;
}

static void
rack_add (TsRack       *rack,
          TsDeviceRole  role,
          const char   *name,
          guint         u_bottom,
          guint         u_height,
          double        kw,
          double        heat_btu_h,
          double        weight_kg)
{
  if (rack->devices != NULL)
    {
      TsRackDevice d = { role, name, u_bottom, u_height, kw, weight_kg };

      g_array_append_val (rack->devices, d);
    }
  if (role != TS_DEVICE_MANAGEMENT_SWITCH && u_height > 0)
    rack->stack_top = MAX (rack->stack_top, u_bottom + u_height - 1);
  rack->used_units += u_height;
  rack->power_kw += kw;
  rack->heat_btu_h += heat_btu_h;
  rack->weight_kg += weight_kg;
  if (kw > rack->limit_kw)
    rack->over_limit = TRUE;
}

/* The highest unit taken by what is stacked from the bottom (the
 * management switch sits apart at the top). */
static guint
rack_top (const TsRack *rack)
{
  return rack->stack_top;
}

static gboolean
rack_takes (const Placer *p,
            const TsRack *rack,
            guint         u_height,
            double        kw)
{
  return rack_top (rack) + u_height <= p->usable_units
         && (rack->power_kw + kw <= rack->limit_kw + 1e-9 || rack->used_units == 0);
}

static int
compare_devices (gconstpointer a,
                 gconstpointer b)
{
  const TsRackDevice *da = a;
  const TsRackDevice *db = b;

  return (int) da->u_bottom - (int) db->u_bottom;
}

/* Servers bottom up, each rack filled while its height and the site's
 * per-rack power limit allow (a server heavier than the limit gets a rack
 * of its own, flagged); a management switch on top of every server rack;
 * fabric and storage switches first-fit into the space left, else into
 * network racks; two 0U PDUs (A and B) per rack. A rack-scale system
 * (GB200 NVL72) is a rack by itself. */
static void
place_racks (Placer     *p,
             RackTotals *t)
{
  const TsCatalog *catalog = p->catalog;
  const TsServer *server = p->server;
  const TsOption *o = p->option;
  const TsManagementSwitch *mgmt = ts_catalog_get_management_switch (catalog);
  const TsPdu *pdu = ts_catalog_get_pdu (catalog);
  double btu = ts_catalog_get_btu_h_per_kw (catalog);
  double heat = ts_server_heat_btu_h (catalog, server);
  guint site_units = o->site_rack_units;
  gboolean cluster = o->servers > 1;
  gboolean whole_rack = g_strcmp0 (server->kind, "rack") == 0;
  guint mgmt_u = (cluster && mgmt != NULL && !whole_rack) ? mgmt->rack_units : 0;
  TsRack *rack = NULL;
  guint first_network_rack;
  guint cursor = 0;
  struct { TsDeviceRole role; guint count; } fabric[] = {
    { TS_DEVICE_LEAF_SWITCH, o->leaf_switches },
    { TS_DEVICE_SPINE_SWITCH, o->spine_switches },
    { TS_DEVICE_STORAGE_SWITCH, o->storage_switches },
  };

  memset (t, 0, sizeof *t);
  p->usable_units = site_units > mgmt_u ? site_units - mgmt_u : site_units;

  for (guint i = 0; i < o->servers; i++)
    {
      double kw = server->max_power_kw;

      if (whole_rack)
        {
          rack = new_rack (p, MAX (site_units, server->rack_units));
          rack_add (rack, TS_DEVICE_SERVER, server->name, 1, server->rack_units, kw,
                    heat, server->weight_kg);
          continue;
        }
      if (rack == NULL || !rack_takes (p, rack, server->rack_units, kw))
        rack = new_rack (p, site_units);
      rack_add (rack, TS_DEVICE_SERVER, server->name, rack_top (rack) + 1, server->rack_units, kw,
                heat, server->weight_kg);
    }

  if (mgmt_u > 0)
    for (guint r = 0; r < p->n_racks; r++)
      {
        rack = &p->racks[r];
        t->management_switches++;
        rack_add (rack, TS_DEVICE_MANAGEMENT_SWITCH, mgmt->name, rack->units - mgmt_u + 1, mgmt_u,
                  mgmt->power_w / WATTS_PER_KW, mgmt->power_w / WATTS_PER_KW * btu, mgmt->weight_kg);
      }

  first_network_rack = p->n_racks;
  p->usable_units = site_units;
  for (guint f = 0; f < G_N_ELEMENTS (fabric); f++)
    for (guint i = 0; i < fabric[f].count; i++)
      {
        const TsNetwork *net = server->network;
        double kw = net->switch_power_w / WATTS_PER_KW;
        guint u = net->switch_rack_units;

        rack = NULL;
        /* Server racks first (below their management switch), then
         * network racks. Every fabric switch is the same model, so a rack
         * that refused one refuses the next: the cursor never goes back,
         * which keeps a 10,000-rack cluster linear. */
        for (; cursor < p->n_racks && rack == NULL; cursor++)
          {
            TsRack *candidate = &p->racks[cursor];

            p->usable_units = cursor < first_network_rack && mgmt_u > 0 ? candidate->units - mgmt_u : candidate->units;
            if (whole_rack && cursor < first_network_rack)
              continue;
            if (rack_takes (p, candidate, u, kw))
              {
                rack = candidate;
                break;
              }
          }
        if (rack == NULL)
          {
            rack = new_rack (p, site_units);
            p->usable_units = rack->units;
          }
        rack_add (rack, fabric[f].role, net->switch_model, rack_top (rack) + 1, u, kw, kw * btu,
                  net->switch_weight_kg);
      }

  for (guint r = 0; r < p->n_racks; r++)
    {
      guint pdus;

      rack = &p->racks[r];
      rack->amps_per_phase = ts_site_amps (rack->power_kw, o->site_voltage, o->phases);
      pdus = pdus_for_rack (pdu, rack->amps_per_phase);
      for (guint i = 0; i < pdus; i++)
        rack_add (rack, TS_DEVICE_PDU, pdu->name, 0, 0, 0, 0, pdu->weight_kg);
      if (rack->devices != NULL)
        g_array_sort (rack->devices, compare_devices);
      t->rack_units += rack->used_units;
      t->feed_amps = MAX (t->feed_amps, rack->amps_per_phase);
      t->pdus_per_rack = MAX (t->pdus_per_rack, pdus);
      t->over_limit |= rack->over_limit;
    }
  /* a server taller than the site's racks (beside its management switch)
   * stands in a rack of its own that the site does not have */
  t->too_short = whole_rack ? server->rack_units > site_units
                            : server->rack_units > (site_units > mgmt_u ? site_units - mgmt_u : site_units);
  t->racks = p->n_racks;
}

/* The option's racks with the devices of the first `detail` of them. */
static GArray *
build_rack_detail (const TsOption *o,
                   guint           detail)
{
  Placer p;
  RackTotals totals;

  placer_init (&p, o->catalog, o->server, o, detail);
  place_racks (&p, &totals);
  return placer_steal (&p);
}

const GArray *
ts_option_get_rack_detail (const TsOption *option)
{
  /* The cache is the option's own (a plan's options are not shared
   * between threads). */
  TsOption *o = (TsOption *) option;

  g_return_val_if_fail (option != NULL, NULL);

  if (o->rack_detail == NULL && o->catalog != NULL && o->server != NULL && o->servers > 0)
    o->rack_detail = build_rack_detail (o, G_MAXUINT);
  return o->rack_detail;
}

/* ---- the option at its count -------------------------------------------- */

static void
size_power (const TsCatalog  *catalog,
            const TsScenario *s,
            const TsServer   *server,
            TsOption         *o)
{
  double btu = ts_catalog_get_btu_h_per_kw (catalog);
  const TsPdu *pdu = ts_catalog_get_pdu (catalog);
  double mgmt_kw = 0;

  if (ts_catalog_get_management_switch (catalog) != NULL)
    mgmt_kw = o->management_switches * ts_catalog_get_management_switch (catalog)->power_w / WATTS_PER_KW;

  o->power_kw = o->servers * server->max_power_kw + o->switches_power_kw + mgmt_kw;
  /* one electrical figure for everything: heat, current, energy */
  o->heat_btu_h = o->power_kw * btu;
  o->heat_btu_h_electrical = o->heat_btu_h;
  o->cooling_tons = o->heat_btu_h / ts_catalog_get_btu_h_per_ton (catalog);
  o->phases = s->phases;
  o->line_voltage = ts_site_line_voltage (s->voltage, s->phases);
  o->amps_per_phase = ts_site_amps (o->power_kw, s->voltage, s->phases);

  o->psu_active = server->psu_active;
  o->psu_ok = o->psu_active * server->psu_w >= server->max_power_kw * WATTS_PER_KW;
  if (server->psu_count <= 1)
    o->note_flags |= TS_NOTE_ONE_FEED;
  o->pdu_amps = pdu != NULL ? pdu->amps_per_phase : 0;
}

static void
size_storage_and_host (const TsScenario *s,
                       const TsServer   *server,
                       TsOption         *o)
{
  o->checkpoint_bytes = o->memory.checkpoint_bytes;
  o->nvme_bytes = (double) o->servers * server->nvme_data_count * server->nvme_data_tb_each * BYTES_PER_TB;
  if (o->checkpoint_bytes > 0)
    o->checkpoints_on_nvme = o->nvme_bytes / o->checkpoint_bytes;
  /* Every server writes its own shard at once. */
  if (server->nvme_write_gb_s > 0)
    o->checkpoint_write_seconds = o->checkpoint_bytes / (o->servers * server->nvme_write_gb_s * TS_BYTES_PER_GB);
  o->dataset_bytes = s->tokens * DATASET_BYTES_PER_TOKEN;

  o->cpu_cores_per_gpu = (double) server->cpu_sockets * server->cpu_cores_per_socket / server->gpu_count;
  /* RAM per server: its shard of offloaded optimizer state, plus a
   * loading buffer as large as its shard of a checkpoint (a restart reads
   * the checkpoint through host memory). */
  o->host_ram_needed_bytes = (o->memory.host_ram_bytes + o->checkpoint_bytes) / o->servers;
  o->host_ram_bytes = server->ram_gb * TS_BYTES_PER_GB;
  o->host_ram_ok = o->host_ram_needed_bytes <= o->host_ram_bytes;
  if (!o->host_ram_ok)
    o->note_flags |= TS_NOTE_HOST_RAM;
}

/* The network verdict (docs/sizing-model.md §8.3): the per-GPU bandwidth between
 * servers the layout needs for its inter-server communication to take
 * under TS_NETWORK_STEP_SHARE of the step, against the fabric's. */
static void
size_network_verdict (TsOption *o)
{
  o->network_needed_gb_s = ts_step_network_needed (&o->step) / TS_BYTES_PER_GB;
  if (o->servers > 1 && o->network_needed_gb_s > 0 && o->network_needed_gb_s > o->network_gb_s
      && o->step.inter_seconds > TS_NETWORK_STEP_SHARE * o->step.seconds)
    o->note_flags |= TS_NOTE_NETWORK_BOUND;
}

/* Time = model FLOPs / (GPUs of the layout × dense peak × effective MFU ×
 * availability) (docs/sizing-model.md §8): every factor is kept in the option, so
 * its JSON reproduces training_days exactly. */
static void
size_time_and_money (const TsCatalog  *catalog,
                     const TsScenario *s,
                     const TsServer   *server,
                     TsOption         *o)
{
  GpuRate r;
  double rate;

  gpu_rate (catalog, s, server, o->gpus, &r);
  o->training_flops = training_flops (s);
  o->layout_gpus = o->memory.layout.gpus;
  o->peak_tflops = r.peak_tflops;
  o->mfu_base = r.mfu_base;
  o->recompute_factor = r.recompute_factor;
  o->pcie_factor = r.pcie_factor;
  /* what the step's communication and bubble leave of the busy time
   * (docs/sizing-model.md §8.1) */
  o->step_factor = o->step.step_factor;
  o->mfu = r.mfu * o->step_factor;
  o->micro_batch = MAX (1u, s->micro_batch);
  o->checkpointing = s->checkpointing;
  o->sequence_parallel = s->sequence_parallel;
  o->global_batch = o->micro_batch * o->accumulation * o->memory.layout.dp;
  size_network_verdict (o);
  o->availability = ts_catalog_get_availability_factor (catalog);
  r.mfu = o->mfu;
  rate = job_rate (catalog, &r, o->layout_gpus);
  o->training_days = rate > 0 ? o->training_flops / rate / SECONDS_PER_DAY : 0;
  o->meets_deadline = s->deadline_days <= 0 || o->training_days <= s->deadline_days;

  o->energy_kwh = o->power_kw * s->pue * o->training_days * HOURS_PER_DAY;
  o->energy_cost = o->energy_kwh * s->price_kwh;
  o->capex_usd = server->price_usd > 0 ? o->servers * server->price_usd : 0;
}

/* What the site and the supplies cannot take, and whether the whole
 * option works: memory ∧ layout ∧ deadline ∧ site ∧ supplies. */
static void
judge_overall (const TsScenario *s,
               TsOption         *o)
{
  o->failures = 0;
  /* a layout the option cannot hold has no memory answer of its own */
  if (o->layout_min_servers == 0)
    o->failures |= TS_FAILURE_LAYOUT;
  else if (!o->fits)
    o->failures |= TS_FAILURE_MEMORY;
  if (!o->meets_deadline)
    o->failures |= TS_FAILURE_DEADLINE;
  if (o->note_flags & TS_NOTE_RACK_OVER_LIMIT)
    o->failures |= TS_FAILURE_RACK_POWER;
  if (o->note_flags & TS_NOTE_RACK_TOO_SHORT)
    o->failures |= TS_FAILURE_RACK_HEIGHT;
  if (o->pdu_amps > 0 && o->pdus_per_rack / 2 > MAX_PDUS_PER_FEED)
    o->failures |= TS_FAILURE_PDU_CURRENT;
  if (!o->psu_ok)
    o->failures |= TS_FAILURE_PSU;
  if (!o->host_ram_ok)
    o->failures |= TS_FAILURE_HOST_RAM;
  o->ok = o->failures == 0;
}

/* The count an option is sized at: the user's, else the fewest servers
 * that hold the layout, fit the memory with the headroom rule's margin
 * (a bare fit is tight: a salesperson offers the count with room, and the
 * tight minimum stays in servers_for_memory) and meet the deadline. */
static guint
option_count (Memo             *memo,
              const TsScenario *s,
              const TsServer   *server,
              const TsOption   *o,
              guint             cap)
{
  guint n;

  if (s->servers > 0)
    return MAX (s->servers, MAX (1u, o->layout_min_servers));
  if (o->layout_min_servers == 0)
    return 1;
  if (o->servers_for_memory == 0)
    return MAX (o->layout_min_servers, server->max_servers > 0 ? cap : 1);
  /* a deadline no count meets: the fastest this option goes, the
   * closest it comes (its failure says how late) */
  if (s->deadline_days > 0 && !o->deadline_reachable)
    return cap;
  n = MAX (MAX (o->servers_for_memory, o->servers_for_deadline), o->layout_min_servers);
  if (n <= cap && !has_room (memo, s, server, n))
    {
      guint roomy = smallest_with_room (memo, s, server, n, cap);

      if (roomy > 0)
        n = roomy;
    }
  return n;
}

/* With a deadline and no count of the user's, the count is the fewest
 * servers whose fastest layout meets it (the fixed layout's estimate is
 * only where the search starts). */
static void
plan_count (const TsCatalog  *catalog,
            Memo             *memo,
            const TsScenario *s,
            const TsServer   *server,
            guint             cap,
            TsOption         *o)
{
  guint floor_count;
  guint n;

  if (s->deadline_days <= 0 || s->servers > 0 || !o->deadline_reachable || o->servers_for_memory == 0
      || s->tokens <= 0)
    return;
  /* never below the count with the headroom rule's margin */
  floor_count = MAX (MAX (1u, o->servers_for_memory), o->layout_min_servers);
  if (floor_count < cap && !has_room (memo, s, server, floor_count))
    {
      guint roomy = smallest_with_room (memo, s, server, floor_count, cap);

      floor_count = roomy > 0 ? roomy : floor_count;
    }
  if (floor_count > o->servers)
    return;
  n = deadline_count (catalog, s, server, floor_count, o->servers, cap, &o->layouts_evaluated);
  if (n == 0)
    {
      o->deadline_reachable = FALSE;
      o->servers_for_deadline = 0;
      n = cap;
    }
  else
    o->servers_for_deadline = n;
  o->servers = n;
  o->gpus = n * server->gpu_count;
}

static void
evaluate (const TsCatalog  *catalog,
          Memo             *memo,
          const TsScenario *s,
          const TsServer   *server,
          TsOption         *o)
{
  guint cap = count_cap (server);
  guint n;
  Placer placer;
  RackTotals racks;
  TsScenario effective;   /* the scenario with the planner's choices */

  memset (o, 0, sizeof *o);
  o->server = server;
  o->catalog = catalog;
  o->objective = s->objective;
  o->currency = g_strdup (s->currency);
  o->site_rack_units = s->rack_units;
  o->site_rack_kw = s->rack_kw;
  o->site_voltage = s->voltage;
  o->site_deadline_days = s->deadline_days;
  o->phases = s->phases;
  o->gpu_memory_bytes = server->gpu->memory_bytes;
  o->layout_min_servers = layout_min_servers (s, server, cap);
  o->servers_for_memory = o->layout_min_servers > 0 ? smallest_fitting (memo, server, cap) : 0;
  o->training_flops = training_flops (s);
  o->servers_for_deadline = servers_for_deadline (catalog, s, server, cap, o->training_flops,
                                                  &o->deadline_reachable);

  n = option_count (memo, s, server, o, cap);
  if (n > cap)
    {
      o->count_limited = TRUE;
      n = cap;
    }
  o->servers = n;
  o->gpus = n * server->gpu_count;

  effective = *s;
  if (o->layout_min_servers > 0 && layout_gpus (s, o->gpus) > 0)
    {
      plan_count (catalog, memo, s, server, cap, o);
      if (!apply_plan (catalog, s, server, o, &effective))
        {
          o->memory = *memory_at (memo, VARIANT_SCENARIO, o->gpus);
          o->upper_headroom_fraction = upper_bound_headroom (memo, s, server, o->servers);
          apply_fixed (catalog, s, server, o);
        }
      judge (s, server, o);
    }
  else
    {
      /* the layout does not fit in the option at all: its memory is the
       * scenario's on one tp × pp group, never presented as fitting */
      TsLayout layout;

      ts_layout_resolve (s, 0, &layout);
      ts_memory_compute (s, &layout, &o->memory);
      o->upper_headroom_fraction = NAN;
      judge (s, server, o);
      apply_fixed (catalog, s, server, o);
      o->verdict = TS_VERDICT_DOES_NOT_FIT;
      o->fits = FALSE;
      o->reason_code = MAX (1u, s->tp) > tp_domain (server) ? "layout-exceeds-domain" : "layout-exceeds-option";
    }

  o->interconnect_ok = training_link (server, o->gpus);
  if (!o->interconnect_ok)
    o->note_flags |= TS_NOTE_PCIE_ONLY;
  if (o->count_limited && s->servers > server->max_servers && server->max_servers > 0)
    o->note_flags |= TS_NOTE_MAX_SERVERS;

  size_network (s, server, o);

  placer_init (&placer, catalog, server, o, 0);
  place_racks (&placer, &racks);
  placer_clear (&placer);
  o->management_switches = racks.management_switches;
  o->rack_units = racks.rack_units;
  o->feed_amps = racks.feed_amps;
  o->pdus_per_rack = racks.pdus_per_rack;
  o->racks = racks.racks;
  if (racks.over_limit)
    o->note_flags |= TS_NOTE_RACK_OVER_LIMIT;
  if (racks.too_short)
    o->note_flags |= TS_NOTE_RACK_TOO_SHORT;

  size_power (catalog, s, server, o);
  size_storage_and_host (s, server, o);
  size_time_and_money (catalog, &effective, server, o);

  if (!o->meets_deadline)
    o->note_flags |= TS_NOTE_MISSES_DEADLINE;

  judge_overall (s, o);
  if (o->layout_min_servers > 0)
    suggest (memo, s, server, o);
}

/* ---- ranking ------------------------------------------------------------ */

static int
verdict_order (TsVerdict v)
{
  return v == TS_VERDICT_FITS ? 0 : v == TS_VERDICT_TIGHT ? 1 : 2;
}

#define CMP(a, b) do { if ((a) < (b)) return -1; if ((a) > (b)) return 1; } while (0)

/* What the site cannot take as it is: a server drawing more than a rack
 * may, or taller than its racks, or short of host RAM. */
#define SITE_NOTES (TS_NOTE_RACK_OVER_LIMIT | TS_NOTE_RACK_TOO_SHORT | TS_NOTE_HOST_RAM)

/* What works first (memory, layout, deadline, site and supplies: an
 * option that does not work never ranks above one that does); then what
 * fits the memory; then room before a bare fit (a tight option is never
 * starred while one with room works); then training-capable links before
 * PCIe-only multi-GPU (the article's rule); what the site takes as it is
 * before what needs a higher feed or taller racks; within the deadline
 * before late (late ones by time); then the vendor's own line-up (the
 * catalog's “article” servers and cards: the article's vendor offers
 * NVIDIA and Huawei, and a presales catalog marks what it sells) before
 * the rest of the market; then lower power (the smallest hardware that
 * does the job in time: one card for a small LoRA, as the article
 * advises), lower cost, shorter time. */
#define KEY(k, a, b) do { if ((a) < (b)) { *key = (k); return -1; } if ((a) > (b)) { *key = (k); return 1; } } while (0)

/* The objective's figures, in its order (see TsObjective). */
static int
compare_objective (const TsOption *x,
                   const TsOption *y,
                   guint          *key)
{
  switch (x->objective)
    {
    case TS_OBJECTIVE_TIME:
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      KEY (TS_RANK_KEY_ENERGY_COST, x->energy_cost, y->energy_cost);
      KEY (TS_RANK_KEY_CAPEX, x->capex_usd, y->capex_usd);
      break;
    case TS_OBJECTIVE_COST:
      /* a priced option before one whose price is unknown (0) */
      KEY (TS_RANK_KEY_PRICED, x->capex_usd <= 0, y->capex_usd <= 0);
      KEY (TS_RANK_KEY_CAPEX, x->capex_usd, y->capex_usd);
      KEY (TS_RANK_KEY_ENERGY_COST, x->energy_cost, y->energy_cost);
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      break;
    case TS_OBJECTIVE_ENERGY:
      KEY (TS_RANK_KEY_ENERGY, x->energy_kwh, y->energy_kwh);
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      break;
    case TS_OBJECTIVE_SERVERS:
    case TS_N_OBJECTIVES:
    default:
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      KEY (TS_RANK_KEY_ENERGY_COST, x->energy_cost, y->energy_cost);
      KEY (TS_RANK_KEY_CAPEX, x->capex_usd, y->capex_usd);
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      break;
    }
  return 0;
}

/* What works first (memory, layout, deadline, site and supplies: an
 * option that does not work never ranks above one that does); then what
 * fits the memory; then room before a bare fit (a tight option is never
 * starred while one with room works); then training-capable links before
 * PCIe-only multi-GPU (the article's rule); what the site takes as it is
 * before what needs a higher feed or taller racks; within the deadline
 * before late (late ones by time); then the vendor's own line-up (the
 * catalog's “article” servers and cards) before the rest of the market;
 * then the user's objective (TsObjective; by default the smallest
 * hardware that does the job in time: one card for a small LoRA, as the
 * article advises). *key is the comparison that decided. */
static int
compare_with_key (const TsOption *x,
                  const TsOption *y,
                  guint          *key)
{
  int c;

  KEY (TS_RANK_KEY_OK, !x->ok, !y->ok);
  KEY (TS_RANK_KEY_FITS, !x->fits, !y->fits);
  KEY (TS_RANK_KEY_ROOM, verdict_order (x->verdict), verdict_order (y->verdict));
  KEY (TS_RANK_KEY_LINK, !x->interconnect_ok, !y->interconnect_ok);
  KEY (TS_RANK_KEY_SITE, (x->note_flags & SITE_NOTES) != 0, (y->note_flags & SITE_NOTES) != 0);
  KEY (TS_RANK_KEY_DEADLINE, !x->meets_deadline, !y->meets_deadline);
  if (!x->meets_deadline)
    KEY (TS_RANK_KEY_LATE, x->training_days, y->training_days);
  KEY (TS_RANK_KEY_ARTICLE, !x->server->article, !y->server->article);
  if ((c = compare_objective (x, y, key)) != 0)
    return c;
  *key = TS_RANK_KEY_ID;
  return g_strcmp0 (x->server->id, y->server->id);
}

static int
compare_options (gconstpointer a,
                 gconstpointer b)
{
  guint key;

  return compare_with_key (a, b, &key);
}

/* The figure of a key, for the reason's difference. */
static double
key_figure (const TsOption *o,
            guint           key)
{
  switch (key)
    {
    case TS_RANK_KEY_LATE:
    case TS_RANK_KEY_DAYS: return o->training_days;
    case TS_RANK_KEY_POWER: return o->power_kw;
    case TS_RANK_KEY_CAPEX: return o->capex_usd;
    case TS_RANK_KEY_ENERGY_COST: return o->energy_cost;
    case TS_RANK_KEY_ENERGY: return o->energy_kwh;
    default: return 0;
    }
}

/* Each option's reason: the first against the second, every other
 * against the one above it. */
static void
explain_ranks (GArray *options)
{
  for (guint i = 0; i < options->len; i++)
    {
      TsOption *o = &g_array_index (options, TsOption, i);
      const TsOption *other;
      guint key = TS_RANK_KEY_NONE;

      if (options->len < 2)
        {
          o->rank_key = TS_RANK_KEY_NONE;
          continue;
        }
      other = &g_array_index (options, TsOption, i == 0 ? 1 : i - 1);
      if (i == 0)
        compare_with_key (o, other, &key);
      else
        compare_with_key (other, o, &key);
      o->rank_key = key;
      o->rank_versus = other->server;
      o->rank_versus_servers = other->servers;
      o->rank_delta = key_figure (other, key) - key_figure (o, key);
    }
}

static int
compare_option_indices (gconstpointer a,
                        gconstpointer b,
                        gpointer      options)
{
  return compare_options (&g_array_index ((GArray *) options, TsOption, *(const guint *) a),
                          &g_array_index ((GArray *) options, TsOption, *(const guint *) b));
}

/* An option is a large struct: sort their indices (a merge sort, stable
 * like g_array_sort ()), then move each option once along the cycles of
 * the permutation. */
#define SORT_STACK_OPTIONS 64

static void
sort_options (GArray *options)
{
  guint stack[SORT_STACK_OPTIONS];
  g_autofree guint *heap = NULL;
  guint *order = stack;
  guint n = options->len;

  if (n < 2)
    return;
  if (n > SORT_STACK_OPTIONS)
    order = heap = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof *order, compare_option_indices, options);

  /* order[i] is the option that goes to place i */
  for (guint start = 0; start < n; start++)
    {
      TsOption moving;
      guint hole = start;

      if (order[start] == start)
        continue;
      moving = g_array_index (options, TsOption, start);
      while (order[hole] != start)
        {
          guint from = order[hole];

          g_array_index (options, TsOption, hole) = g_array_index (options, TsOption, from);
          order[hole] = hole;
          hole = from;
        }
      g_array_index (options, TsOption, hole) = moving;
      order[hole] = hole;
    }
}

int
ts_recommend (const TsCatalog  *catalog,
              const TsScenario *scenario,
              GArray           *options,
              GPtrArray        *warnings)
{
  Memo memo;

  g_return_val_if_fail (catalog != NULL, -1);
  g_return_val_if_fail (scenario != NULL, -1);
  g_return_val_if_fail (options != NULL, -1);

  memo_init (&memo, scenario);
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *server = ts_catalog_get_server (catalog, i);

      if (scenario->server_id != NULL && g_strcmp0 (scenario->server_id, server->id) != 0)
        continue;
      /* evaluated in place: an option is a large struct */
      g_array_set_size (options, options->len + 1);
      evaluate (catalog, &memo, scenario, server, &g_array_index (options, TsOption, options->len - 1));
    }

  sort_options (options);
  for (guint i = 0; i < options->len; i++)
    g_array_index (options, TsOption, i).rank = i;
  explain_ranks (options);

  if (options->len == 0 || !g_array_index (options, TsOption, 0).ok)
    {
      if (warnings != NULL && options->len > 0)
        g_ptr_array_add (warnings, g_strdup (_("No option of the catalog works for this training job; see what keeps each one from working")));
      return -1;
    }
  g_array_index (options, TsOption, 0).recommended = TRUE;
  return 0;
}

/* ---- texts -------------------------------------------------------------- */

char *
ts_option_dup_reason (const TsOption *o)
{
  const TsServer *server;
  g_autofree char *need = NULL;
  g_autofree char *have = NULL;
  g_autofree char *free_pct = NULL;

  g_return_val_if_fail (o != NULL, NULL);

  /* an option made by hand (tests) may have no reason */
  if (o->reason_code == NULL || o->server == NULL)
    return NULL;

  server = o->server;
  need = ts_format_gb (ts_breakdown_sum (&o->memory.per_gpu));
  have = ts_format_gb (o->gpu_memory_bytes);
  free_pct = ts_format_percent (MAX (0, o->headroom_fraction));

  if (g_strcmp0 (o->reason_code, "layout-exceeds-domain") == 0)
    return g_strdup_printf (/* Translators: tensor parallelism needs the GPUs of one NVLink/HCCS domain */
                            ngettext ("Does not fit the layout: tensor parallel over %u GPUs, but %s links only %u GPU by NVLink or HCCS",
                                      "Does not fit the layout: tensor parallel over %u GPUs, but %s links only %u GPUs by NVLink or HCCS",
                                      tp_domain (server)),
                            o->memory.layout.tp, server->name, tp_domain (server));
  if (g_strcmp0 (o->reason_code, "layout-exceeds-option") == 0)
    return g_strdup_printf (/* Translators: tensor × pipeline parallel needs more GPUs than the option comes with */
                            _("Does not fit the layout: tensor × pipeline parallel needs %u GPUs, and this option comes with at most %u"),
                            o->memory.layout.tp * o->memory.layout.pp, count_cap (server) * server->gpu_count);
  if (o->verdict == TS_VERDICT_DOES_NOT_FIT)
    {
      if (o->servers_for_memory == 0 && server->max_servers > 0 && o->servers >= server->max_servers)
        return g_strdup_printf (ngettext ("Does not fit even at the largest size this option comes in (%u unit): %s per GPU needed, %s available",
                                          "Does not fit even at the largest size this option comes in (%u units): %s per GPU needed, %s available",
                                          server->max_servers),
                                server->max_servers, need, have);
      if (o->servers_for_memory == 0)
        /* Translators: the part of GPU memory that more GPUs cannot shrink (activations, runtime) is too large */
        return g_strdup_printf (_("Does not fit at any size: %s per GPU needed, %s available, and more GPUs do not shrink what is left"),
                                need, have);
      return g_strdup_printf (_("Does not fit: %s per GPU needed, %s available"), need, have);
    }
  if (o->verdict == TS_VERDICT_TIGHT && o->headroom_fraction < o->tight_threshold)
    {
      g_autofree char *limit = ts_format_percent (o->tight_threshold);

      /* Translators: “Tight: 180 GB of 193 GB per GPU, only 7 % free (under 10 %)” */
      return g_strdup_printf (_("Tight: %s of %s per GPU, only %s free (under %s)"),
                              need, have, free_pct, limit);
    }
  if (o->verdict == TS_VERDICT_TIGHT)
    {
      g_autofree char *upper = ts_format_percent (MAX (0, o->upper_headroom_fraction));

      return g_strdup_printf (/* Translators: the article's range is 16–18 bytes per parameter; 18 is with FP32 gradients */
                              _("Tight: %s of %s per GPU (%s free) with BF16 gradients, but only %s free with FP32 gradients, the article's 18 bytes per parameter"),
                              need, have, free_pct, upper);
    }
  return g_strdup_printf (_("Fits: %s of %s per GPU, %s free"), need, have, free_pct);
}

char *
ts_option_dup_suggestion (const TsOption *o)
{
  GString *out;
  gboolean first = TRUE;

  g_return_val_if_fail (o != NULL, NULL);

  if (o->verdict == TS_VERDICT_TIGHT)
    {
      g_autofree char *pct = NULL;

      if (o->suggested_servers == 0)
        return NULL;
      pct = ts_format_percent (o->suggested_free_fraction);
      return g_strdup_printf (/* Translators: “2 servers leave 45 % free” */
                              ngettext ("%u server leaves %s free", "%u servers leave %s free", o->suggested_servers),
                              o->suggested_servers, pct);
    }

  if (o->verdict != TS_VERDICT_DOES_NOT_FIT || (o->suggested_servers == 0 && o->remedies == 0))
    return NULL;

  /* Translators: followed by a list such as “2 servers; QLoRA (4-bit base)” */
  out = g_string_new (_("Would fit with: "));
  if (o->suggested_servers > 0)
    {
      g_string_append_printf (out, ngettext ("%u server", "%u servers", o->suggested_servers),
                              o->suggested_servers);
      first = FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (remedies); i++)
    if (o->remedies & remedies[i].flag)
      {
        if (!first)
          g_string_append (out, "; ");
        g_string_append (out, _(remedies[i].text));
        first = FALSE;
      }
  return g_string_free (out, FALSE);
}

GPtrArray *
ts_option_dup_notes (const TsOption *o)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);
  const TsServer *server;

  g_return_val_if_fail (o != NULL, notes);

  server = o->server;
  if (o->note_flags != 0 && server == NULL)
    return notes;

  if ((o->note_flags & TS_NOTE_PCIE_ONLY) && tp_domain (server) > 1)
    g_ptr_array_add (notes, g_strdup_printf (/* Translators: “NVLink bridge (H200 NVL) joins 4 GPUs at a time; …” */
                                             _("%s joins %u GPUs at a time; between those groups the GPUs talk over PCIe, slower for training"),
                                             server->interconnect->name, tp_domain (server)));
  else if (o->note_flags & TS_NOTE_PCIE_ONLY)
    g_ptr_array_add (notes, g_strdup_printf (/* Translators: %s is a link such as “PCIe 5.0 x16” */
                                             _("For inference and fine-tuning: its GPUs talk over %s only; multi-GPU training needs NVLink or HCCS"),
                                             server->interconnect->name));
  if (o->note_flags & TS_NOTE_MAX_SERVERS)
    g_ptr_array_add (notes, g_strdup_printf (ngettext ("This option comes as at most %u unit", "This option comes as at most %u units",
                                                       server->max_servers), server->max_servers));
  if (o->note_flags & TS_NOTE_THIRD_TIER)
    g_ptr_array_add (notes, g_strdup_printf (_("%u compute ports are more than a two-tier fat tree of %u-port switches carries: a third switch tier is needed, and the switch count is a lower bound"),
                                             o->compute_ports, server->network->switch_ports));
  if (o->note_flags & TS_NOTE_RACK_OVER_LIMIT)
    {
      g_autofree char *kw = ts_format_kw (server->max_power_kw);
      g_autofree char *limit = ts_format_kw (o->site_rack_kw);

      g_ptr_array_add (notes, g_strdup_printf (_("One %s draws %s, more than the rack limit of %s: its rack needs a higher power feed and cooling"),
                                               server->name, kw, limit));
    }
  if (o->note_flags & TS_NOTE_RACK_TOO_SHORT)
    g_ptr_array_add (notes, g_strdup_printf (_("%s needs a %uU rack; the site's racks are %uU"),
                                             server->name, server->rack_units, o->site_rack_units));
  if (o->note_flags & TS_NOTE_HOST_RAM)
    {
      g_autofree char *need = ts_format_gb (o->host_ram_needed_bytes);
      g_autofree char *have = ts_format_gb (o->host_ram_bytes);

      g_ptr_array_add (notes, g_strdup_printf (_("Host RAM: %s per server needed, %s installed"), need, have));
    }
  if (o->note_flags & TS_NOTE_MISSES_DEADLINE)
    {
      g_autofree char *days = ts_format_days (o->training_days);

      g_ptr_array_add (notes, g_strdup_printf (_("Misses the deadline: %s at this size"), days));
    }
  if (o->note_flags & TS_NOTE_FEW_NICS)
    g_ptr_array_add (notes, g_strdup_printf (/* Translators: the article's rule is one 400G port per GPU */
                                             ngettext ("%u compute port for %u GPUs: less than one port per GPU, the usual training design",
                                                       "%u compute ports for %u GPUs: less than one port per GPU, the usual training design",
                                                       o->compute_ports),
                                             o->compute_ports, o->gpus));
  if (o->note_flags & TS_NOTE_ONE_FEED)
    g_ptr_array_add (notes, g_strdup (_("One power supply: one feed from a wall socket or a single PDU, no redundancy")));
  if (o->note_flags & TS_NOTE_NETWORK_BOUND)
    {
      g_autofree char *need = ts_format_gb_s (o->network_needed_gb_s);
      g_autofree char *have = ts_format_gb_s (o->network_gb_s);
      g_autofree char *share = ts_format_percent (TS_NETWORK_STEP_SHARE);

      g_ptr_array_add (notes, g_strdup_printf (/* Translators: “The network, not the GPUs, sets the time: the layout needs 120 GB/s per GPU between servers to keep communication under 10 % of a step; the fabric gives 50 GB/s” */
                                               _("The network, not the GPUs, sets the time: the layout needs %s per GPU between servers to keep communication under %s of a step; the fabric gives %s"),
                                               need, share, have));
    }
  return notes;
}

/* The failures in the order of TsFailureFlags, a sentence each. */
static const char *
checkpointing_words (TsCheckpointing checkpointing)
{
  switch (checkpointing)
    {
    case TS_CHECKPOINTING_NONE: return _("no recomputation");
    case TS_CHECKPOINTING_SELECTIVE: return _("selective recomputation");
    case TS_CHECKPOINTING_FULL:
    case TS_N_CHECKPOINTING:
    default: return _("full recomputation");
    }
}

char *
ts_option_dup_layout_summary (const TsOption *o)
{
  const TsLayout *l;
  GString *text;

  g_return_val_if_fail (o != NULL, NULL);
  l = &o->memory.layout;
  text = g_string_new (NULL);
  /* Translators: tensor × pipeline × data parallel degrees */
  g_string_append_printf (text, _("TP %u × PP %u × DP %u"), l->tp, l->pp, l->dp);
  if (o->virtual_stages > 1)
    /* Translators: interleaved pipeline chunks per GPU */
    g_string_append_printf (text, _(" (%u chunks)"), o->virtual_stages);
  if (l->ep > 1)
    g_string_append_printf (text, _(", EP %u"), l->ep);
  g_string_append_printf (text, _(", ZeRO-%d, micro-batch %u × %u per step, %s"),
                          l->zero_stage, o->micro_batch, MAX (1u, o->accumulation),
                          checkpointing_words (o->checkpointing));
  if (o->sequence_parallel && l->tp > 1)
    g_string_append (text, _(", sequence parallel"));
  return g_string_free (text, FALSE);
}

char *
ts_option_dup_step_summary (const TsOption *o)
{
  g_autofree char *step = NULL;
  g_autofree char *compute = NULL;
  g_autofree char *bubble = NULL;
  g_autofree char *comm = NULL;
  g_autofree char *rate = NULL;

  g_return_val_if_fail (o != NULL, NULL);
  step = ts_format_number_auto (o->step.seconds, 2);
  compute = ts_format_number_auto (o->step.compute, 2);
  bubble = ts_format_number_auto (o->step.pp_bubble, 2);
  comm = ts_format_number_auto (o->step.exposed_comm, 2);
  rate = ts_format_number (o->step.tokens_per_second, 0);
  /* Translators: “Step 9.19 s: compute 8.4 s, pipeline bubble 0 s, communication 0.79 s; 1,825,738 tokens/s” */
  return g_strdup_printf (_("Step %s s: compute %s s, pipeline bubble %s s, communication %s s; %s tokens/s"),
                          step, compute, bubble, comm, rate);
}

/* The difference of a rank key in words (“2.1 days”, “14.3 kW”). */
static char *
rank_delta_text (const TsOption *o)
{
  double d = fabs (o->rank_delta);

  switch (o->rank_key)
    {
    case TS_RANK_KEY_LATE:
    case TS_RANK_KEY_DAYS: return ts_format_days (d);
    case TS_RANK_KEY_POWER: return ts_format_kw (d);
    case TS_RANK_KEY_CAPEX: return ts_format_money (d, "USD");
    case TS_RANK_KEY_ENERGY_COST: return ts_format_money (d, o->currency != NULL ? o->currency : "");
    case TS_RANK_KEY_ENERGY: return ts_format_kwh (d);
    default: return g_strdup ("");
    }
}

char *
ts_option_dup_rank_reason (const TsOption *o)
{
  g_autofree char *delta = NULL;
  g_autofree char *other = NULL;

  g_return_val_if_fail (o != NULL, NULL);
  if (o->rank_key == TS_RANK_KEY_NONE || o->rank_versus == NULL)
    return NULL;
  delta = rank_delta_text (o);
  /* Translators: “2 × NVIDIA DGX H200”, the option compared with */
  other = g_strdup_printf (_("%u × %s"), o->rank_versus_servers, o->rank_versus->name);

  if (o->rank == 0)
    switch (o->rank_key)
      {
      case TS_RANK_KEY_OK:
      case TS_RANK_KEY_FITS:
      case TS_RANK_KEY_ROOM:
      case TS_RANK_KEY_LINK:
      case TS_RANK_KEY_SITE:
      case TS_RANK_KEY_DEADLINE:
        return g_strdup_printf (_("First: it works where %s does not"), other);
      case TS_RANK_KEY_ARTICLE:
        return g_strdup_printf (_("First: the vendor's own line-up, ahead of %s"), other);
      case TS_RANK_KEY_DAYS:
      case TS_RANK_KEY_LATE:
        return g_strdup_printf (_("Fastest: %s sooner than %s"), delta, other);
      case TS_RANK_KEY_POWER:
        return g_strdup_printf (_("Smallest hardware that does the job: %s less power than %s"), delta, other);
      case TS_RANK_KEY_PRICED:
      case TS_RANK_KEY_CAPEX:
      case TS_RANK_KEY_ENERGY_COST:
        return g_strdup_printf (_("Lowest cost: %s less than %s"), delta, other);
      case TS_RANK_KEY_ENERGY:
        return g_strdup_printf (_("Least energy: %s less than %s"), delta, other);
      default:
        return g_strdup_printf (_("First: level with %s on every figure"), other);
      }

  switch (o->rank_key)
    {
    case TS_RANK_KEY_OK:
    case TS_RANK_KEY_FITS:
      return g_strdup_printf (_("Below %s: this one does not work"), other);
    case TS_RANK_KEY_ROOM:
      return g_strdup_printf (_("Below %s: tight on memory"), other);
    case TS_RANK_KEY_LINK:
      return g_strdup_printf (_("Below %s: its GPUs talk over PCIe"), other);
    case TS_RANK_KEY_SITE:
      return g_strdup_printf (_("Below %s: the site needs changes for it"), other);
    case TS_RANK_KEY_DEADLINE:
      return g_strdup_printf (_("Below %s: misses the deadline"), other);
    case TS_RANK_KEY_ARTICLE:
      return g_strdup_printf (_("Below %s: not the vendor's own line-up"), other);
    case TS_RANK_KEY_DAYS:
    case TS_RANK_KEY_LATE:
      return g_strdup_printf (_("Below %s: %s slower"), other, delta);
    case TS_RANK_KEY_POWER:
      return g_strdup_printf (_("Below %s: %s more power"), other, delta);
    case TS_RANK_KEY_PRICED:
      return g_strdup_printf (_("Below %s: no price in the catalog"), other);
    case TS_RANK_KEY_CAPEX:
    case TS_RANK_KEY_ENERGY_COST:
      return g_strdup_printf (_("Below %s: %s more"), other, delta);
    case TS_RANK_KEY_ENERGY:
      return g_strdup_printf (_("Below %s: %s more energy"), other, delta);
    default:
      return g_strdup_printf (_("Below %s: level on every figure"), other);
    }
}

GPtrArray *
ts_option_dup_failures (const TsOption *o)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const TsServer *server;

  g_return_val_if_fail (o != NULL, out);

  server = o->server;
  if (o->failures == 0 || server == NULL)
    return out;

  if (o->failures & TS_FAILURE_LAYOUT)
    g_ptr_array_add (out, ts_option_dup_reason (o));
  else if (o->failures & TS_FAILURE_MEMORY)
    {
      g_autofree char *need = ts_format_gb (ts_breakdown_sum (&o->memory.per_gpu));
      g_autofree char *have = ts_format_gb (o->gpu_memory_bytes);

      g_ptr_array_add (out, g_strdup_printf (_("Memory: %s per GPU needed, %s available"), need, have));
    }
  if (o->failures & TS_FAILURE_DEADLINE)
    {
      g_autofree char *days = ts_format_days (o->training_days);
      g_autofree char *late = ts_format_days (o->training_days - o->site_deadline_days);

      g_ptr_array_add (out, g_strdup_printf (/* Translators: “Deadline: 75.3 d, 30.6 d late” */
                                             _("Deadline: %s, %s late"), days, late));
    }
  if (o->failures & TS_FAILURE_RACK_POWER)
    {
      g_autofree char *kw = ts_format_kw (server->max_power_kw);
      g_autofree char *limit = ts_format_kw (o->site_rack_kw);

      g_ptr_array_add (out, g_strdup_printf (_("Rack power: one server draws %s, the site's racks take %s"), kw, limit));
    }
  if (o->failures & TS_FAILURE_RACK_HEIGHT)
    g_ptr_array_add (out, g_strdup_printf (_("Rack height: one server is %uU, the site's racks are %uU"),
                                           server->rack_units, o->site_rack_units));
  if (o->failures & TS_FAILURE_PDU_CURRENT)
    {
      g_autofree char *need = ts_format_amps (o->feed_amps);
      g_autofree char *have = ts_format_amps (o->pdu_amps * MAX_PDUS_PER_FEED);

      g_ptr_array_add (out, g_strdup_printf (_("Current: a rack draws %s per phase, its PDUs are rated for %s per feed"), need, have));
    }
  if (o->failures & TS_FAILURE_PSU)
    {
      g_autofree char *need = ts_format_kw (server->max_power_kw);
      g_autofree char *have = ts_format_kw (o->psu_active * server->psu_w / WATTS_PER_KW);
      g_autofree char *each = ts_format_number (server->psu_w, 0);

      g_ptr_array_add (out, g_strdup_printf (/* Translators: “Power supplies: 3 × 3,200 W carry 9.6 kW, the server draws up to 10.2 kW (3+3)” */
                                             _("Power supplies: %u × %s W carry %s, the server draws up to %s (%s)"),
                                             o->psu_active, each, have, need,
                                             server->psu_redundancy != NULL ? server->psu_redundancy : "—"));
    }
  if (o->failures & TS_FAILURE_HOST_RAM)
    {
      g_autofree char *need = ts_format_gb (o->host_ram_needed_bytes);
      g_autofree char *have = ts_format_gb (o->host_ram_bytes);

      g_ptr_array_add (out, g_strdup_printf (_("Host RAM: %s per server needed, %s installed"), need, have));
    }
  return out;
}

/* ---- JSON --------------------------------------------------------------- */

/* A 12,500-server cluster has thousands of racks: the JSON lists the
 * first ones (servers fill racks in order, so the rest repeat them) and
 * says when it stopped; “racks” always counts them all. */
#define JSON_RACK_DETAIL_MAX 64

static void
racks_to_json (const TsOption *o,
               JsonBuilder    *b)
{
  /* Devices only for the racks listed: a 12,500-server option's racks are
   * counted, not built. */
  GArray *built = NULL;
  const GArray *racks = o->rack_detail;
  guint shown;

  if (racks == NULL && o->catalog != NULL && o->server != NULL && o->servers > 0)
    racks = built = build_rack_detail (o, JSON_RACK_DETAIL_MAX);
  shown = racks != NULL ? MIN (racks->len, JSON_RACK_DETAIL_MAX) : 0;

  ts_json_add_bool (b, "rack_detail_complete", racks == NULL || shown == racks->len);
  json_builder_set_member_name (b, "rack_detail");
  json_builder_begin_array (b);
  for (guint r = 0; r < shown; r++)
    {
      const TsRack *rack = &g_array_index (racks, TsRack, r);

      json_builder_begin_object (b);
      ts_json_add_int (b, "units", rack->units);
      ts_json_add_int (b, "used_units", rack->used_units);
      ts_json_add_double_valid (b, "power_kw", rack->power_kw);
      ts_json_add_double_valid (b, "limit_kw", rack->limit_kw);
      ts_json_add_double_valid (b, "heat_btu_h", rack->heat_btu_h);
      ts_json_add_double_valid (b, "weight_kg", rack->weight_kg);
      ts_json_add_double_valid (b, "amps_per_phase", rack->amps_per_phase);
      ts_json_add_bool (b, "over_limit", rack->over_limit);
      json_builder_set_member_name (b, "devices");
      json_builder_begin_array (b);
      for (guint i = 0; i < rack->devices->len; i++)
        {
          const TsRackDevice *d = &g_array_index (rack->devices, TsRackDevice, i);

          json_builder_begin_object (b);
          ts_json_add_string (b, "role", ts_device_role_to_string (d->role));
          ts_json_add_string (b, "name", d->name);
          ts_json_add_int (b, "u_bottom", d->u_bottom);
          ts_json_add_int (b, "u_height", d->u_height);
          ts_json_add_double_valid (b, "power_kw", d->power_kw);
          ts_json_add_double_valid (b, "weight_kg", d->weight_kg);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  g_clear_pointer (&built, rack_detail_free);
}

static const struct { guint flag; const char *code; } remedy_codes[] = {
  { TS_REMEDY_ZERO3, "zero3" },
  { TS_REMEDY_CHECKPOINTING, "checkpointing" },
  { TS_REMEDY_MICRO_BATCH, "micro-batch-1" },
  { TS_REMEDY_OFFLOAD, "offload" },
  { TS_REMEDY_LORA, "lora" },
  { TS_REMEDY_QLORA, "qlora" },
};

static const struct { guint flag; const char *code; } note_codes[] = {
  { TS_NOTE_PCIE_ONLY, "pcie-only" },
  { TS_NOTE_MAX_SERVERS, "max-servers" },
  { TS_NOTE_THIRD_TIER, "third-switch-tier" },
  { TS_NOTE_RACK_OVER_LIMIT, "rack-over-limit" },
  { TS_NOTE_RACK_TOO_SHORT, "rack-too-short" },
  { TS_NOTE_HOST_RAM, "host-ram" },
  { TS_NOTE_MISSES_DEADLINE, "misses-deadline" },
  { TS_NOTE_FEW_NICS, "fewer-ports-than-gpus" },
  { TS_NOTE_ONE_FEED, "one-feed" },
  { TS_NOTE_NETWORK_BOUND, "network-bound" },
};

static const struct { guint flag; const char *code; } failure_codes[] = {
  { TS_FAILURE_MEMORY, "memory" },
  { TS_FAILURE_LAYOUT, "layout" },
  { TS_FAILURE_DEADLINE, "deadline" },
  { TS_FAILURE_RACK_POWER, "rack-power" },
  { TS_FAILURE_RACK_HEIGHT, "rack-height" },
  { TS_FAILURE_PDU_CURRENT, "pdu-current" },
  { TS_FAILURE_PSU, "power-supplies" },
  { TS_FAILURE_HOST_RAM, "host-ram" },
};

static const char *
rank_key_code (guint key)
{
  static const char *const codes[] = {
    "alone", "works", "fits", "room", "link", "site", "deadline", "late", "article",
    "power", "time", "priced", "capex", "energy-cost", "energy", "name",
  };

  return key < G_N_ELEMENTS (codes) ? codes[key] : "name";
}

/* The keys are a public interface (the CLI's JSON): add, never rename. */
void
ts_option_to_json (const TsOption *o,
                   JsonBuilder    *b)
{
  const TsLayout *l = &o->memory.layout;

  json_builder_begin_object (b);
  ts_json_add_string (b, "server_id", o->server->id);
  ts_json_add_string (b, "server_name", o->server->name);
  ts_json_add_string (b, "kind", o->server->kind);
  ts_json_add_int (b, "rank", o->rank);
  ts_json_add_bool (b, "recommended", o->recommended);
  ts_json_add_int (b, "servers", o->servers);
  ts_json_add_int (b, "gpus", o->gpus);
  ts_json_add_int (b, "servers_for_memory", o->servers_for_memory);
  if (o->deadline_reachable)
    ts_json_add_int (b, "servers_for_deadline", o->servers_for_deadline);
  else
    {
      /* no count this option comes in meets the deadline: said as such,
       * never as a number */
      json_builder_set_member_name (b, "servers_for_deadline");
      json_builder_add_null_value (b);
    }
  ts_json_add_bool (b, "deadline_reachable", o->deadline_reachable);
  ts_json_add_bool (b, "fits", o->fits);
  ts_json_add_bool (b, "ok", o->ok);
  json_builder_set_member_name (b, "failures");
  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (failure_codes); i++)
    if (o->failures & failure_codes[i].flag)
      json_builder_add_string_value (b, failure_codes[i].code);
  json_builder_end_array (b);
  ts_json_add_string (b, "verdict", ts_verdict_to_string (o->verdict));
  /* Codes, not sentences: the JSON is the same in every language (the
   * sentences are TsOption's reason, suggestion and notes). */
  ts_json_add_string (b, "reason", o->reason_code);
  /* why it stands where it does (issue 17): the deciding comparison
   * against its neighbour, and the difference in that figure */
  ts_json_add_string (b, "objective", ts_objective_to_string (o->objective));
  ts_json_add_string (b, "rank_reason", rank_key_code (o->rank_key));
  ts_json_add_string (b, "rank_versus", o->rank_versus != NULL ? o->rank_versus->id : NULL);
  ts_json_add_double_valid (b, "rank_delta", fabs (o->rank_delta));
  json_builder_set_member_name (b, "suggestion");
  json_builder_begin_array (b);
  if (o->suggested_servers > 0)
    {
      json_builder_begin_object (b);
      ts_json_add_string (b, "kind", "servers");
      ts_json_add_int (b, "servers", o->suggested_servers);
      json_builder_end_object (b);
    }
  for (guint i = 0; i < G_N_ELEMENTS (remedy_codes); i++)
    if (o->remedies & remedy_codes[i].flag)
      {
        json_builder_begin_object (b);
        ts_json_add_string (b, "kind", remedy_codes[i].code);
        json_builder_end_object (b);
      }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (note_codes); i++)
    if (o->note_flags & note_codes[i].flag)
      json_builder_add_string_value (b, note_codes[i].code);
  json_builder_end_array (b);

  ts_json_add_double_valid (b, "per_gpu_bytes", ts_breakdown_sum (&o->memory.per_gpu));
  ts_json_add_double_valid (b, "gpu_memory_bytes", o->gpu_memory_bytes);
  ts_json_add_double_valid (b, "headroom_bytes", o->headroom_bytes);
  ts_json_add_double_valid (b, "headroom_fraction", o->headroom_fraction);
  if (!isnan (o->upper_headroom_fraction))
    ts_json_add_double_valid (b, "headroom_fraction_fp32_gradients", o->upper_headroom_fraction);
  json_builder_set_member_name (b, "per_gpu");
  ts_breakdown_to_json (&o->memory.per_gpu, b);
  json_builder_set_member_name (b, "layout");
  json_builder_begin_object (b);
  ts_json_add_int (b, "gpus", l->gpus);
  ts_json_add_int (b, "tp", l->tp);
  ts_json_add_int (b, "pp", l->pp);
  ts_json_add_int (b, "dp", l->dp);
  ts_json_add_int (b, "ep", l->ep);
  ts_json_add_int (b, "zero_stage", l->zero_stage);
  /* the planner's choices beyond the degrees (issue 17) */
  ts_json_add_int (b, "micro_batch", o->micro_batch);
  ts_json_add_int (b, "gradient_accumulation", o->accumulation);
  ts_json_add_int (b, "global_batch", o->global_batch);
  ts_json_add_int (b, "virtual_stages", o->virtual_stages);
  ts_json_add_string (b, "checkpointing", ts_checkpointing_to_string (o->checkpointing));
  ts_json_add_bool (b, "sequence_parallel", o->sequence_parallel);
  json_builder_end_object (b);

  /* one step's time and its terms, seconds (docs/sizing-model.md §8.1) */
  json_builder_set_member_name (b, "step");
  ts_step_to_json (&o->step, b);
  ts_json_add_int (b, "layouts_evaluated", o->layouts_evaluated);

  ts_json_add_bool (b, "interconnect_ok", o->interconnect_ok);
  ts_json_add_string (b, "interconnect", o->server->interconnect->name);

  json_builder_set_member_name (b, "network");
  json_builder_begin_object (b);
  ts_json_add_string (b, "id", o->network != NULL ? o->network->id : NULL);
  ts_json_add_string (b, "name", o->network != NULL ? o->network->name : NULL);
  ts_json_add_string (b, "family", o->network != NULL ? o->network->family : NULL);
  ts_json_add_bool (b, "gpudirect_rdma", o->network != NULL);
  ts_json_add_int (b, "compute_ports", o->compute_ports);
  ts_json_add_double_valid (b, "port_gbps", o->port_gbps);
  ts_json_add_int (b, "leaf_switches", o->leaf_switches);
  ts_json_add_int (b, "spine_switches", o->spine_switches);
  ts_json_add_int (b, "storage_ports", o->storage_ports);
  ts_json_add_int (b, "storage_switches", o->storage_switches);
  ts_json_add_int (b, "management_switches", o->management_switches);
  ts_json_add_double_valid (b, "gradient_bytes", o->gradient_bytes);
  ts_json_add_double_valid (b, "sync_seconds_network", o->sync_seconds_network);
  ts_json_add_double_valid (b, "sync_seconds_intra", o->sync_seconds_intra);
  ts_json_add_double_valid (b, "network_gb_s", o->network_gb_s);
  ts_json_add_double_valid (b, "intra_gb_s", o->intra_gb_s);
  /* the network verdict (docs/sizing-model.md §8.3) */
  ts_json_add_double_valid (b, "needed_gb_s", o->network_needed_gb_s);
  ts_json_add_double_valid (b, "needed_step_share", TS_NETWORK_STEP_SHARE);
  ts_json_add_bool (b, "network_bound", (o->note_flags & TS_NOTE_NETWORK_BOUND) != 0);
  json_builder_end_object (b);

  ts_json_add_double_valid (b, "checkpoint_bytes", o->checkpoint_bytes);
  json_builder_set_member_name (b, "storage");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "checkpoint_bytes", o->checkpoint_bytes);
  ts_json_add_double_valid (b, "nvme_bytes", o->nvme_bytes);
  ts_json_add_double_valid (b, "checkpoints_on_nvme", o->checkpoints_on_nvme);
  ts_json_add_double_valid (b, "checkpoint_write_seconds", o->checkpoint_write_seconds);
  ts_json_add_double_valid (b, "dataset_bytes", o->dataset_bytes);
  ts_json_add_double_valid (b, "dataset_bytes_per_token", DATASET_BYTES_PER_TOKEN);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "host");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "cpu_cores_per_gpu", o->cpu_cores_per_gpu);
  ts_json_add_double_valid (b, "ram_needed_bytes", o->host_ram_needed_bytes);
  ts_json_add_double_valid (b, "ram_bytes", o->host_ram_bytes);
  ts_json_add_bool (b, "ram_ok", o->host_ram_ok);
  json_builder_end_object (b);

  ts_json_add_double_valid (b, "power_kw", o->power_kw);
  ts_json_add_double_valid (b, "heat_btu_h", o->heat_btu_h);
  ts_json_add_double_valid (b, "heat_btu_per_h", o->heat_btu_h);
  ts_json_add_double_valid (b, "heat_btu_h_electrical", o->heat_btu_h_electrical);
  ts_json_add_double_valid (b, "cooling_tons", o->cooling_tons);
  ts_json_add_double_valid (b, "amps_per_phase", o->amps_per_phase);
  ts_json_add_double_valid (b, "feed_amps", o->feed_amps);
  ts_json_add_double_valid (b, "line_voltage", o->line_voltage);
  ts_json_add_int (b, "phases", o->phases);
  ts_json_add_string (b, "psu_redundancy", o->server->psu_redundancy);
  ts_json_add_int (b, "psu_active", o->psu_active);
  ts_json_add_bool (b, "psu_ok", o->psu_ok);
  ts_json_add_int (b, "pdus_per_rack", o->pdus_per_rack);
  if (o->pdu_amps > 0)
    ts_json_add_double_valid (b, "pdu_amps", o->pdu_amps);
  ts_json_add_int (b, "rack_units", o->rack_units);
  ts_json_add_int (b, "racks", o->racks);
  racks_to_json (o, b);

  /* training_days = training_flops / (layout_gpus × peak_tflops·10¹² ×
   * mfu × availability) / 86,400 exactly */
  ts_json_add_double_valid (b, "training_flops", o->training_flops);
  ts_json_add_int (b, "layout_gpus", o->layout_gpus);
  ts_json_add_double_valid (b, "peak_tflops", o->peak_tflops);
  ts_json_add_double_valid (b, "mfu", o->mfu);
  ts_json_add_double_valid (b, "mfu_base", o->mfu_base);
  ts_json_add_double_valid (b, "recompute_factor", o->recompute_factor);
  ts_json_add_double_valid (b, "pcie_factor", o->pcie_factor);
  ts_json_add_double_valid (b, "step_factor", o->step_factor);
  ts_json_add_double_valid (b, "availability", o->availability);
  ts_json_add_double_valid (b, "training_days", o->training_days);
  ts_json_add_bool (b, "meets_deadline", o->meets_deadline);
  ts_json_add_double_valid (b, "energy_kwh", o->energy_kwh);
  ts_json_add_double_valid (b, "energy_cost", o->energy_cost);
  ts_json_add_double_valid (b, "capex_usd", o->capex_usd);
  json_builder_end_object (b);
}
