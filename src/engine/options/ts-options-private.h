/* ts-options-private.h — what the parts of ts_recommend () share
 *
 * The constants, small helpers and types the parts of the option's
 * sizing use: fit (ts-fit.c), time (ts-training-time.c), the planner
 * (ts-layout-search.c), fabrics (ts-option-fabric.c), racks (ts-racks.c), site power
 * (ts-site-power.c), ranking (ts-ranking.c), texts (ts-option-text.c) and
 * JSON (ts-option-json.c); ts-options.c calls them for each option.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "ts-options.h"

G_BEGIN_DECLS

/* Model FLOPs per parameter and token (Kaplan et al. 2020, "Scaling
 * Laws"; PaLM's MFU definition; docs/sizing-model.md §8): forward 2 + backward 4.
 * LoRA/QLoRA compute no weight gradients for the frozen base: forward 2 +
 * input gradients 2. Recomputation is not model work: it lowers the
 * utilisation instead (ts_recompute_mfu_factor () in ts-training-time.c). */
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

/* ---- small helpers ------------------------------------------------------ */

static inline guint
ceil_div (double a,
          double b)
{
  double q = ceil (a / b - 1e-9);

  return q < 1 ? 1 : (q > G_MAXUINT ? G_MAXUINT : (guint) q);
}

/* GPUs that share one NVLink/HCCS domain, where tensor parallelism may
 * run (the catalog's nvlink_domain_gpus: the whole server on NVLink or
 * HCCS, the bridged cards of an H200 NVL, one on PCIe alone). */
static inline guint
tp_domain (const TsServer *server)
{
  return MAX (1u, server->nvlink_domain_gpus);
}

/* Whether a job of `gpus` GPUs talks over a training-class link inside
 * its servers: one GPU, or GPUs that all share an NVLink/HCCS domain (a
 * server of two 4-card NVLink bridges crosses PCIe between them). */
static inline gboolean
training_link (const TsServer *server,
               guint           gpus)
{
  if (gpus <= 1)
    return TRUE;
  return ts_server_tp_is_training_capable (server, MIN (gpus, server->gpu_count));
}

/* ---- remedies (ts-fit.c) ------------------------------------------------ */

typedef struct
{
  TsRemedyFlags flag;
  const char *text;
  void      (*apply) (TsScenario *s);
  gboolean  (*applies) (const TsScenario *s, const TsLayout *l);
} Remedy;

/* The length of remedies[] (ts-fit.c): a definition of another length
 * does not compile. */
#define N_REMEDIES 6
extern const Remedy _ts_options_remedies[N_REMEDIES];

/* ---- memory at a count (ts-fit.c) --------------------------------------- */

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

#define N_VARIANTS (VARIANT_REMEDY + N_REMEDIES)

typedef struct
{
  const TsScenario *scenario;   /* the plan's: what the fit's functions size */
  guint             n;
  guint             made;     /* bit per variant whose scenario and `like` are made */
  guint8            slots[MEMO_SLOTS];       /* index into keys/memories */
  guint32           keys[MEMO_ENTRIES];      /* variant << 24 | GPU count */
  TsMemory          memories[MEMO_ENTRIES];
  TsScenario        variants[N_VARIANTS];    /* shallow copies: only read */
  TsMemory          like[N_VARIANTS];        /* one memory of each variant */
  TsMemory          spare;                   /* an answer not kept (table full) */
} Memo;

/* ---- time (ts-training-time.c) ------------------------------------------ */

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

/* ---- racks (ts-racks.c) ------------------------------------------------- */

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
  /* the rack each leaf, spine and core switch stands in, by index
   * (ts-racks.c: where its links' two ends meet) */
  guint           *switch_rack[3];
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
  double   rack_kw;        /* the busiest rack's draw */
  guint    rack_servers;   /* servers in it */
  double   rack_kg;        /* the heaviest rack */
  /* the racks of servers past the site's air limit, and their draw: what
   * rear doors take into water (ts_facility_rack_past_air (), the rule the
   * elevation's marks follow too) */
  guint    past_air_racks;
  double   past_air_kw;
  guint    server_racks;   /* racks holding servers */
  /* the compute links whose two ends share a rack, per tier, and the
   * copper splitters of the node–leaf ones (docs/cluster-fabric.md §9) */
  guint    dac_links[3];
  guint    dac_cables_node_leaf;
} RackTotals;

/* Rack PDUs on each of the A and B feeds, each feed able to carry the
 * whole rack (docs/hardware-facts.md §3): as many of the catalog's PDU as its
 * rated current per phase needs, at least the catalog's minimum. A rack's
 * rear takes two vertical 0U strips a side (the two channels of a
 * standard 42U rack); more than that is a rack the PDUs cannot feed. */
#define MAX_PDUS_PER_FEED 2

/* The parts of an option's sizing take the option they size: it holds
 * its catalog and server. The fit's functions take the memo, which holds
 * the plan's scenario. */

/* ts-fit.c */
/* The most servers of a kind an option may count: the catalog's limit,
 * and no more GPUs than TS_MAX_GPUS. Every search stops there. */
guint _ts_options_count_cap (const TsServer *server);
void _ts_options_measure_minimum (const TsScenario *effective,
                      TsOption         *o);
/* The bytes of one GPU a plan may use: its capacity less the scenario's
 * minimum free share (docs/sizing-model.md §7.1). No plan, remedy or
 * count is ever sized into that share. */
static inline double
usable_bytes (const TsScenario *s,
              const TsServer   *server)
{
  return server->gpu->memory_bytes * (1.0 - s->min_free);
}
gboolean _ts_options_has_room (Memo           *memo,
                   const TsServer *server,
                   guint           servers);
void _ts_options_judge (const TsScenario *s,
            TsOption         *o);
guint _ts_options_layout_min_servers (const TsScenario *s,
                          const TsServer   *server);
void _ts_options_memo_init (Memo             *memo,
                const TsScenario *scenario);
const TsMemory *_ts_options_memory_at (Memo  *memo,
                           guint  variant,
                           guint  gpus);
guint _ts_options_smallest_fitting (Memo           *memo,
                        const TsServer *server);
guint _ts_options_smallest_with_room (Memo           *memo,
                          const TsServer *server,
                          guint           lo);
void _ts_options_suggest (Memo     *memo,
              TsOption *o);
double _ts_options_upper_bound_headroom (Memo           *memo,
                             const TsServer *server,
                             guint           servers);

/* ts-training-time.c */
guint _ts_options_layout_gpus (const TsScenario *s,
                   guint             gpus);
guint _ts_options_servers_for_deadline (const TsScenario *s,
                            const TsOption   *o,
                            gboolean         *reachable);
void _ts_options_size_time_and_money (const TsScenario *s,
                          TsOption         *o);
double _ts_options_training_flops (const TsScenario *s);
double _ts_options_flops_per_param_token (const TsScenario *s);
void _ts_options_gpu_rate (const TsScenario *s,
               const TsOption   *o,
               guint             gpus,
               GpuRate          *r);

/* ts-layout-search.c */
void _ts_options_apply_fixed (const TsScenario *s,
                  TsOption         *o);
gboolean _ts_options_apply_plan (const TsScenario *s,
                     TsOption         *o,
                     TsScenario       *effective);
double _ts_options_fastest_days (const TsScenario *s,
                                 TsOption         *o,
                                 guint             servers);

/* ts-deadline.c */
guint _ts_options_deadline_count (const TsScenario *s,
                                  TsOption         *o,
                                  guint             floor_count);

/* ts-option-fabric.c */
void _ts_options_size_network (const TsScenario *s,
                   TsOption         *o);
void _ts_options_size_fabric_management (TsOption *o);
void _ts_options_size_network_verdict (TsOption *o);

/* ts-racks.c */
void _ts_options_place_racks (Placer     *p,
                  RackTotals *t);
void _ts_options_placer_clear (Placer *p);
void _ts_options_placer_init (Placer          *p,
                  const TsCatalog *catalog,
                  const TsServer  *server,
                  const TsOption  *option,
                  guint            detail);
void _ts_options_rack_detail_free (GArray *racks);
GArray *_ts_options_build_rack_detail (const TsOption *o,
                           guint           detail);

/* ts-site-power.c */
void _ts_options_size_power (const TsScenario *s,
                 TsOption         *o);

/* ts-ranking.c */
void _ts_options_explain_ranks (GArray *options);
void _ts_options_sort_options (GArray *options);

/* ts-layout-values.c: the values the layout search weighs for one
 * input, the user's alone where the user set it. */
typedef struct
{
  guint values[8];
  guint n;
} TsLayoutValues;

void _ts_options_tp_values            (const TsScenario *s,
                                       const TsServer   *server,
                                       guint             gpus,
                                       TsLayoutValues   *v);
void _ts_options_pp_values            (const TsScenario *s,
                                       guint             gpus,
                                       TsLayoutValues   *v);
void _ts_options_micro_batch_values   (const TsScenario *s,
                                       guint             global_batch,
                                       TsLayoutValues   *v);
void _ts_options_ep_values            (const TsScenario *s,
                                       guint             dp,
                                       TsLayoutValues   *v);
void _ts_options_cp_values            (const TsScenario *s,
                                       guint             gpus,
                                       TsLayoutValues   *v);
void _ts_options_checkpointing_values (const TsScenario *s,
                                       TsLayoutValues   *v);
void _ts_options_zero_values          (const TsScenario *s,
                                       guint             pp,
                                       guint             dp,
                                       TsLayoutValues   *v);

G_END_DECLS
