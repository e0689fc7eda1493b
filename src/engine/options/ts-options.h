/* ts-options.h — hardware options for a scenario, ranked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-catalog.h"
#include "ts-fabric.h"
#include "ts-facility.h"
#include "ts-goodput.h"
#include "ts-storage.h"
#include "ts-memory.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

/* ---- the time of one optimizer step of a layout ---- */

/* The last layout's forward pass per operator class, kept by a caller
 * that times many layouts of one model on one GPU (the planner): the
 * pass depends only on tp, pp, ep, the micro-batch and sequence
 * parallelism, so layouts that differ in recomputation, ZeRO stage,
 * interleaving or accumulation reuse it. Zero-filled = empty. */
typedef struct
{
  gboolean valid;
  guint    tp, pp, ep, micro_batch;
  gboolean sequence_parallel;
  double   gemm, attention, experts, memory;
  guint    cp;
  double   attention_block;   /* one layer's attention projections and core */
} TsStepCache;

/* Everything the step time depends on, in plain figures (sizing-model
 * §8.1): a test can fill it by hand. Bandwidths are per GPU, one
 * direction, in bytes per second. */
typedef struct
{
  /* the work */
  double   model_flops;          /* model FLOPs of one step (6·N·tokens, 4·N for adapters) */
  double   recompute_factor;     /* model / (model + recomputed) FLOPs */
  gboolean full_recompute;       /* the forward is run twice: its collectives too */
  gboolean selective_recompute;  /* the attention core's forward runs twice */
  double   recompute_share;      /* without full_recompute, the share of the layers
                                  * whose forward runs twice (block recomputation);
                                  * 0 for none */
  double   sync_params;          /* parameters whose gradients data parallel reduces */
  double   gradient_bytes;       /* per parameter, 2 or 4 */
  double   weight_bytes;         /* per parameter, as ZeRO-3 gathers them */
  double   activation_bytes;     /* per element of a layer's input, 2 (BF16) */
  double   gemm_operand_bytes;   /* per element a GEMM reads, input and weight: 1
                                  * for FP8 GEMMs; 0 = activation_bytes */
  guint    layers;
  guint    moe_layers;           /* layers with routed experts */
  guint    hidden_size;
  guint    seq_len;
  guint    active_experts;       /* routed experts per token (top-k) */

  /* The operator classes (docs/sizing-model.md §8.6), filled from the
   * model's architecture by ts_step_input_set_model (); all 0 for a
   * model known only by its parameter count, whose compute is then
   * model_flops at kernel_efficiency. Parameters are the whole model's
   * (tensor parallelism divides them here). */
  double   attention_params;     /* one layer's attention projections */
  double   dense_mlp_params;     /* the MLP of one dense layer */
  double   moe_dense_params;     /* one MoE layer's shared experts and router */
  double   expert_params;        /* one routed expert */
  guint    experts;              /* routed experts per MoE layer */
  double   head_params;          /* the output head, vocabulary × hidden */
  double   attention_width;      /* heads × (query-key + value head dims) */
  double   dense_elementwise;    /* elements one token's forward pass reads and
                                  * writes in a dense layer's norms, residuals,
                                  * rotary embedding and activation */
  double   moe_elementwise;      /* the same in a MoE layer, permutation included */
  double   local_sort_elements;  /* elements one token's top-k copies move when a
                                  * rank holds more than one expert: sorted by
                                  * local expert after the dispatch and back
                                  * before the combine, a read and a write each */
  double   expert_sync_params;   /* of sync_params, the routed experts' (EP shards them) */
  double   optimizer_bytes;      /* per trainable parameter, the optimizer step's HBM traffic */
  gboolean frozen_weights;       /* LoRA/QLoRA: the base's GEMMs compute input
                                  * gradients only, no weight gradients */
  double   load_imbalance;       /* the busiest expert's tokens / the mean (≥ 1) */
  TsStepCache *cache;            /* optional (NULL): see TsStepCache; only for
                                  * inputs that differ in the layout alone */
  gboolean zero_bubble;          /* the pipeline runs a zero-bubble schedule (ZB-H1,
                                  * Qi et al. 2024): weight gradients fill the
                                  * bubble (sizing-model §8.1); FALSE = 1F1B */
  gboolean ep_overlap;           /* the framework hides the all-to-alls behind
                                  * another micro-batch (DualPipe); Megatron-Core's
                                  * default does not */
  /* The host's side of a dropless MoE layer (sizing-model §8.8): the
   * kernels the CPU issues for one MoE layer's forward pass, apart from
   * the routed experts' and per local expert, and the CPU time of one;
   * all 0 for a dense model. */
  double   moe_layer_ops;
  double   expert_ops;
  double   host_op_seconds;
  /* Token dropping with the experts' inputs padded to their capacity
   * (Megatron-Core's --moe-expert-capacity-factor with
   * --moe-pad-expert-input-to-capacity): every shape is static, so no
   * MoE layer synchronises with the host and the CPU may run ahead over
   * the whole step (sizing-model §8.8). FALSE: dropless, the planner's. */
  gboolean moe_static_shapes;

  /* the layout */
  guint    gpus;                 /* tp × pp × dp */
  guint    tp;
  guint    pp;
  guint    dp;
  guint    ep;
  guint    cp;                   /* context parallel: ranks that split each sequence
                                  * (ring attention, sizing-model §8.9); 0 or 1 = none;
                                  * gpus = tp × cp × pp × dp */
  double   kv_width;             /* kv heads × head dim (K and V each), for CP */
  guint    virtual_stages;       /* interleaved 1F1B chunks per GPU; 1 = plain 1F1B */
  guint    micro_batch;          /* sequences per GPU per micro-batch */
  guint    micro_batches;        /* per step per pipeline: the gradient accumulation */
  int      zero_stage;
  gboolean sequence_parallel;

  /* the hardware */
  double   peak_flops;           /* per GPU, dense, at the precision */
  double   kernel_efficiency;    /* share of peak large GEMMs and attention reach
                                  * (the catalog's family efficiency × PCIe factor) */
  double   attention_peak_flops; /* the attention core's: BF16 even in FP8 training
                                  * (FP8 recipes quantize the linear layers only);
                                  * 0 = peak_flops */
  double   hbm_bytes_s;          /* the GPU's memory bandwidth */
  guint    gpus_per_server;
  double   intra_bytes_s;        /* NVLink/HCCS (or PCIe) */
  double   inter_bytes_s;        /* the server's compute NICs shared by its GPUs */
} TsStepInput;

typedef struct
{
  double compute;           /* busy time of one GPU, recomputation included */
  double gemm;              /* of compute: dense GEMMs (projections, MLPs, head, router) */
  double attention;         /* of compute: the attention core (FlashAttention, causal) */
  double experts;           /* of compute: grouped expert GEMMs, load imbalance included */
  double memory_bound;      /* of compute: norms, element-wise work, permutation, optimizer */
  double flops_compute;     /* the model FLOPs at the large-GEMM efficiency: what compute
                             * would be if every operator ran like a large GEMM */
  double operator_factor;   /* flops_compute / compute */
  double tp_comm;           /* tensor-parallel all-reduces (not overlapped) */
  double pp_bubble;         /* idle stages at fill and drain */
  double pp_comm;           /* stage-to-stage sends */
  double dp_comm;           /* data-parallel transfer time, all of it */
  double dp_exposed;        /* what the backward pass does not hide */
  double ep_comm;           /* expert-parallel all-to-all transfer time, all of it */
  double ep_exposed;        /* what another micro-batch's computation does not hide */
  double exposed_comm;      /* tp + pp sends + dp exposed + ep exposed */
  double cp_comm;           /* context-parallel K/V ring transfers, all of it (§8.9) */
  double cp_exposed;        /* what the attention computation does not hide */
  double host_wait;         /* what the GPUs wait for the host to issue the
                             * MoE layers' kernels (sizing-model §8.8) */
  double weight_gradients;  /* of compute: the backward's weight-gradient GEMMs,
                             * which a zero-bubble schedule moves into the
                             * pipeline's bubble */
  double attention_block;   /* one layer's attention projections and core,
                             * forward, one micro-batch (the GPU work the
                             * host's expert launches hold back, §8.8) */
  double seconds;           /* compute + bubble + exposed communication + host wait */
  double tokens;            /* per step */
  double tokens_per_second; /* before availability */
  double step_factor;       /* compute / seconds: what communication and the bubble leave */
  double inter_seconds;     /* exposed communication that crosses servers */
  double inter_bytes;       /* per GPU per step over its NIC share */
} TsStep;

/* The step (docs/sizing-model.md §8.1). No allocation: the planner calls it for
 * every layout it considers. */
void ts_step_compute (const TsStepInput *in,
                      TsStep            *step);

/* Memory-bound kernels (norms, element-wise, permutation, the optimizer
 * step) reach this share of the GPU's HBM bandwidth (docs/sizing-model.md
 * §8.6). */
#define TS_MEMORY_BOUND_EFFICIENCY 0.80

/* The share of the scale-up link's line rate (NVLink, HCCS, Infinity
 * Fabric; one direction) that NCCL-class collectives move data at: about
 * 370 of NVLink 4's 450 GB/s, the protocol's overhead (docs/sizing-model.md
 * §8.1). Links between servers are taken at their line rate. */
#define TS_SCALE_UP_COLLECTIVE_SHARE 0.82

/* What a step's collectives move per second over a scale-up link rated
 * gb_s_unidir GB/s each way (TsStepInput.intra_bytes_s). */
static inline double
ts_scale_up_bytes_s (double gb_s_unidir)
{
  return gb_s_unidir * 1e9 * TS_SCALE_UP_COLLECTIVE_SHARE;
}

/* The busiest expert's share of tokens over the mean, the capacity
 * factor a dropless run's slowest expert rank works to (docs/sizing-model.md
 * §8.6). */
#define TS_EXPERT_LOAD_IMBALANCE 1.25

/* CPU time to issue one kernel from an eager PyTorch framework: Python,
 * the dispatcher, autograd and the launch itself, the middle of the
 * 5–25 µs published for the path (docs/sizing-model.md §8.8). */
#define TS_HOST_OP_SECONDS 15e-6

/* The share of a step that communication between servers may take before
 * the network, not the GPUs, sets the time (docs/sizing-model.md §8.3). */
#define TS_NETWORK_STEP_SHARE 0.10

/* Per-GPU bandwidth between servers (bytes/s) at which the step's
 * inter-server communication would take TS_NETWORK_STEP_SHARE of the
 * step; 0 when nothing crosses servers. */
double ts_step_network_needed (const TsStep *step);

/* Model FLOPs of one token (docs/sizing-model.md §8): 6·N (4·N for
 * adapters) plus PaLM's attention term where the architecture is known. */
double ts_model_flops_per_token (const TsScenario *s);

/* Fills the operator classes of `in` from the scenario's model
 * (docs/sizing-model.md §8.6); in->gradient_bytes must be set. */
void   ts_step_input_set_model (TsStepInput      *in,
                                const TsScenario *s);

void ts_step_to_json (const TsStep *step,
                      JsonBuilder  *builder);

/* ---- the options: one server at its count ---- */

typedef enum
{
  TS_VERDICT_FITS,
  TS_VERDICT_TIGHT,
  TS_VERDICT_DOES_NOT_FIT,
} TsVerdict;

typedef enum
{
  TS_DEVICE_SERVER,
  TS_DEVICE_LEAF_SWITCH,
  TS_DEVICE_SPINE_SWITCH,
  TS_DEVICE_STORAGE_SWITCH,
  TS_DEVICE_MANAGEMENT_SWITCH,
  TS_DEVICE_PDU,                 /* 0U, drawn as a side strip */
  TS_DEVICE_CORE_SWITCH,         /* the compute fabric's third tier (docs/cluster-fabric.md §3) */
  TS_DEVICE_STORAGE,             /* a shared storage system's appliance (docs/goodput.md §5) */
  TS_N_DEVICE_ROLES
} TsDeviceRole;

/* Language-independent codes of an option's notes (JSON “notes”). */
typedef enum
{
  TS_NOTE_PCIE_ONLY        = 1 << 0,  /* multi-GPU over PCIe: inference and fine-tuning */
  TS_NOTE_MAX_SERVERS      = 1 << 1,  /* asked for more units than the option comes in */
  TS_NOTE_THIRD_TIER       = 1 << 2,  /* past a two-tier fat tree */
  TS_NOTE_RACK_OVER_LIMIT  = 1 << 3,  /* one server alone exceeds the rack limit */
  TS_NOTE_RACK_TOO_SHORT   = 1 << 4,  /* a rack-scale system taller than the site's racks */
  TS_NOTE_HOST_RAM         = 1 << 5,  /* not enough host RAM */
  TS_NOTE_MISSES_DEADLINE  = 1 << 6,
  TS_NOTE_FEW_NICS         = 1 << 7,  /* fewer compute ports than GPUs (the article: one 400G port per GPU) */
  TS_NOTE_ONE_FEED         = 1 << 8,  /* a single-PSU machine: one feed, a wall socket */
  TS_NOTE_NETWORK_BOUND    = 1 << 9,  /* the network between servers, not the GPUs, sets the time */
  TS_NOTE_BEYOND_THREE_TIERS = 1 << 10, /* more pods than a core switch has ports: counts are a lower bound */
  TS_NOTE_ONE_GPU_OF_SERVER = 1 << 11, /* one GPU of a server (TsServer.one_gpu_of): its power, space and price are the server's */
} TsNoteFlags;

/* What keeps an option from working (JSON “failures”); an option is `ok`
 * when none is set. */
typedef enum
{
  TS_FAILURE_MEMORY        = 1 << 0,  /* per-GPU memory does not fit */
  TS_FAILURE_LAYOUT        = 1 << 1,  /* the fixed tp × pp cannot be held (tensor parallel past the NVLink domain) */
  TS_FAILURE_DEADLINE      = 1 << 2,  /* misses the deadline */
  TS_FAILURE_RACK_POWER    = 1 << 3,  /* one server draws more than a rack may */
  TS_FAILURE_RACK_HEIGHT   = 1 << 4,  /* one server is taller than the site's racks */
  TS_FAILURE_PDU_CURRENT   = 1 << 5,  /* a rack draws more current than its PDUs are rated for */
  TS_FAILURE_PSU           = 1 << 6,  /* the active PSUs do not carry the maximum draw with the stated redundancy */
  TS_FAILURE_HOST_RAM      = 1 << 7,  /* offloaded state does not fit the host RAM */
  TS_FAILURE_FRAMEWORK     = 1 << 8,  /* no training framework runs the layout (the scenario's refuses it) */
  TS_FAILURE_FABRIC_BANDWIDTH = 1 << 9, /* a tier of the compute fabric carries less than the step's traffic needs in its share (docs/cluster-fabric.md §6) */
  TS_FAILURE_COOLING       = 1 << 10,  /* the site cannot cool the racks (liquid servers, or air past its limit) */
  TS_FAILURE_FLOOR         = 1 << 11,  /* the heaviest rack loads its footprint past the site's floor limit */
} TsFailureFlags;

/* Ways to make a job fit, each tried at the option's count. */
typedef enum
{
  TS_REMEDY_ZERO3          = 1 << 0,
  TS_REMEDY_CHECKPOINTING  = 1 << 1,
  TS_REMEDY_MICRO_BATCH    = 1 << 2,
  TS_REMEDY_OFFLOAD        = 1 << 3,
  TS_REMEDY_LORA           = 1 << 4,
  TS_REMEDY_QLORA          = 1 << 5,
} TsRemedyFlags;

/* One device placed in a rack. */
typedef struct
{
  TsDeviceRole  role;
  const char   *name;       /* catalog-owned or static; never freed here */
  guint         u_bottom;   /* 1-based lowest unit; 0 for a 0U PDU */
  guint         u_height;
  double        power_kw;
  double        weight_kg;
} TsRackDevice;

typedef struct
{
  GArray       *devices;    /* TsRackDevice, bottom to top */
  guint         units;      /* rack height */
  guint         used_units;
  double        power_kw;
  double        limit_kw;
  double        heat_btu_h;
  double        weight_kg;
  double        amps_per_phase;   /* this rack's load at the site's supply */
  gboolean      over_limit;       /* one device alone exceeds limit_kw */
  guint         stack_top;        /* highest unit of the bottom-up stack */
  guint         servers;          /* servers placed in it */
  gboolean      water_cooled;     /* its heat leaves in facility water (docs/facility.md §2) */
} TsRack;

typedef struct
{
  const TsServer *server;
  guint           servers;
  guint           gpus;
  TsMemory        memory;            /* at this option's layout */
  TsVerdict       verdict;           /* of memory alone */
  gboolean        fits;              /* memory fits (fits or tight) */
  gboolean        ok;                /* memory ∧ layout ∧ deadline ∧ site ∧ supplies */
  guint           failures;          /* TsFailureFlags; 0 when ok */
  guint           layout_min_servers; /* fewest servers whose GPUs hold the fixed tp × pp */
  /* The reason, suggestion and notes are kept as codes and figures; the
   * sentences are formatted only when shown (ts_option_dup_reason () and
   * friends), in the language current then: a plan costs no gettext or
   * printf, and a sweep of plans none at all. */
  const char     *reason_code;       /* fits, tight-headroom, tight-fp32-gradients, does-not-fit, … */
  double          tight_threshold;   /* the scenario's headroom_tight, which the reason quotes */
  double          min_free_fraction; /* the scenario's min_free: below it nothing fits */
  guint           suggested_servers; /* count that fits (or fits with margin when tight); 0 = none */
  double          suggested_free_fraction; /* free per GPU at suggested_servers (a tight option) */
  guint           remedies;          /* TsRemedyFlags that make it fit at this count */
  guint           note_flags;        /* TsNoteFlags */
  double          gpu_memory_bytes;  /* capacity of one GPU */
  double          headroom_bytes;    /* per GPU; negative when it does not fit */
  double          headroom_fraction;
  /* The least this job needs on one of the option's GPUs: its layout's
   * degrees with full recomputation and micro-batch 1 (what the plan may
   * spend more of for speed: per_gpu of memory). */
  double          minimum_per_gpu_bytes;
  gboolean        interconnect_ok;   /* NVLink/HCCS-class link, or one GPU */
  gboolean        recommended;
  guint           rank;
  guint           servers_for_memory;     /* smallest count that fits; 0 = none */
  double          upper_headroom_fraction; /* with FP32 gradients (the article's 18 B/param); NAN = not applicable */
  gboolean        count_limited;          /* max_servers stopped a larger count */
  /* What keeps the layout from using more GPUs, when the option comes
   * with more than it uses: "global-batch" (data parallelism reached
   * global batch / micro-batch), else NULL. */
  const char     *scale_limit;

  /* network between servers */
  guint           compute_ports;
  double          port_gbps;
  guint           leaf_switches;
  guint           spine_switches;
  double          sync_seconds_network;  /* one step's gradient sync */
  double          sync_seconds_intra;
  const TsNetwork *network;              /* compute fabric; NULL for one server */
  double          gradient_bytes;        /* synchronised every step */
  double          network_gb_s;          /* per GPU, one direction */
  double          intra_gb_s;            /* per GPU, one direction */
  guint           storage_ports;
  guint           storage_switches;
  guint           management_switches;
  guint           switches_rack_units;
  double          switches_power_kw;
  /* the cluster's fabrics as the reference architectures build them
   * (src/engine/fabric, docs/cluster-fabric.md) */
  TsComputeFabric fabric;                /* the compute fabric, tier by tier */
  guint           core_switches;
  guint           optical_links;          /* compute links on fibre: two transceivers each */
  guint           transceivers;           /* compute fabric modules, switch and node side */
  guint           storage_cables;         /* node to storage switch */
  guint           oob_ports;              /* BMCs, PDUs, switch and appliance management ports */
  guint           fabric_managers;        /* UFM appliances */
  guint           management_servers;
  gboolean        fabric_short;           /* a tier above the leaf gives less than network_needed_gb_s (TS_FAILURE_FABRIC_BANDWIDTH) */
  double          fabric_tier_gb_s[3];    /* per GPU, one direction, at leaf–spine and spine–core: what the tier gives each GPU */

  /* storage */
  double          checkpoint_bytes;
  double          checkpoints_on_nvme;
  double          checkpoint_write_seconds;  /* 0 = no local NVMe figure */
  double          dataset_bytes;
  double          nvme_bytes;                /* local data NVMe, all servers */

  /* CPU and RAM */
  double          cpu_cores_per_gpu;
  double          host_ram_needed_bytes;  /* per server */
  double          host_ram_bytes;         /* installed per server */
  gboolean        host_ram_ok;

  /* power and heat (all servers and switches) */
  double          power_kw;
  double          heat_btu_h;             /* power_kw × btu_h_per_kw: all the power becomes heat */
  double          heat_btu_h_electrical;  /* the same figure (kept for the JSON's readers) */
  double          cooling_tons;
  double          amps_per_phase;
  double          feed_amps;              /* what each of the A and B feeds of the busiest rack must carry */
  double          line_voltage;           /* the supply the currents are for */
  guint           phases;
  guint           psu_active;             /* PSUs needed for full load (the N of N+M) */
  guint           pdus_per_rack;          /* A and B feeds, each able to carry the rack */
  double          pdu_amps;               /* rating of one PDU per phase; 0 = no rating in the catalog */
  gboolean        psu_ok;                 /* N PSUs carry the maximum draw */
  guint           rack_units;
  guint           racks;
  /* TsRack, every rack with its devices: built on the first call of
   * ts_option_get_rack_detail () (a plan places its racks only to count
   * them), then kept here and freed by ts_option_clear (). */
  GArray         *rack_detail;
  /* What the rack detail is built from: the catalog (switches, PDUs; not
   * a reference: the plan holding the option holds one) and the site. */
  const TsCatalog *catalog;
  guint           site_rack_units;
  double          site_rack_kw;
  double          site_voltage;
  double          site_air_rack_kw;       /* what air alone takes from one rack */
  double          site_deadline_days;     /* 0 = none */

  /* time and money */
  double          training_flops;
  double          peak_tflops;            /* per GPU, dense, at the training precision */
  double          mfu;                    /* effective: mfu_base × recompute_factor × pcie_factor; before availability */
  double          availability;           /* = goodput.effective_fraction (was a fixed 0.9) */
  double          training_days;          /* effective: wall clock with interruptions, checkpoints, restarts */
  /* interruptions, checkpoints, restarts and storage (docs/goodput.md) */
  TsGoodputInput  goodput_in;
  TsGoodput       goodput;
  /* cooling, coolant, airflow, CDUs, floor load (docs/facility.md) */
  TsFacility      facility;
  guint           servers_for_deadline;   /* 0 = no deadline, or unreachable */
  gboolean        deadline_reachable;     /* FALSE: no count this option comes in meets it */
  guint           layout_gpus;            /* GPUs the layout uses (tp × pp × dp ≤ gpus) */
  double          mfu_base;               /* the family's MFU at the precision */
  double          recompute_factor;       /* what recomputation leaves of it (docs/sizing-model.md §8) */
  double          pcie_factor;            /* the PCIe penalty, 1 on NVLink/HCCS */
  gboolean        meets_deadline;         /* TRUE without a deadline */
  double          energy_kwh;
  double          energy_cost;
  double          capex_usd;              /* 0 = no prices in the catalog */

  /* the planner's layout beyond memory.layout (issue 17, docs/sizing-model.md §8.2) */
  guint           micro_batch;            /* sequences per GPU per micro-batch */
  guint           accumulation;           /* micro-batches per optimizer step */
  guint           global_batch;           /* sequences per step: micro_batch × accumulation × dp */
  guint           virtual_stages;         /* interleaved pipeline chunks per GPU (1 = plain 1F1B) */
  TsCheckpointing checkpointing;
  gboolean        sequence_parallel;
  TsStep          step;                   /* the step time and its terms (docs/sizing-model.md §8.1) */
  double          step_factor;            /* compute / step: mfu = mfu_base × recompute × pcie × operator × this */
  double          operator_factor;        /* the step's model FLOPs at mfu_base / its operator-class
                                           * compute (docs/sizing-model.md §8.6) */
  double          hardware_flops;         /* training_flops and what recomputation runs again */
  double          network_needed_gb_s;    /* per GPU between servers for communication under TS_NETWORK_STEP_SHARE of the step */
  guint           layouts_evaluated;      /* layouts whose step the search computed */

  /* the training framework that runs the layout (issue 26,
   * src/engine/framework/): the scenario's, or the one chosen for the
   * layout where it is automatic; TS_FRAMEWORK_AUTOMATIC when none runs
   * it, framework_refused then saying which refused and framework_why
   * why (ts_framework_runs ()'s code) */
  TsFramework     framework;
  const char     *framework_reason;       /* ts_framework_choose ()'s code; static */
  guint           framework_rules;        /* TsFrameworkRule applied to its memory */
  TsFramework     framework_refused;
  const char     *framework_why;          /* static; NULL when a framework runs it */

  /* the ranking (issue 17): the scenario's objective, and why the option
   * stands where it does against its neighbour in the ranking (the next
   * one for the first, the one above for the rest) */
  TsObjective     objective;
  guint           rank_key;               /* TsRankKey that decided */
  const TsServer *rank_versus;            /* the neighbour's server; NULL = none */
  guint           rank_versus_servers;
  double          rank_delta;             /* the neighbour's figure minus this one's, in the key's unit */
  char           *currency;               /* the scenario's, for the cost in words; owned */

  /* the shared storage system the checkpoints go to (docs/goodput.md §5):
   * chosen from the catalog for a cluster's servers with storage ports;
   * its appliances stand in the racks and draw from the feeds */
  gboolean        storage_applies;        /* the servers have storage ports to reach one */
  TsStorageChoice storage;

  /* typical against maximum draw (docs/facility.md §7): feeds, currents,
   * heat and cooling are sized at the maximum (power_kw); the energy is
   * counted at the vendors' typical draw where they state one, at the
   * maximum elsewhere */
  double          typical_power_kw;
  gboolean        energy_at_typical;      /* some part of it is at a typical figure */
} TsOption;

/* The comparison that set an option's place (JSON “rank_reason”). */
typedef enum
{
  TS_RANK_KEY_NONE,       /* alone in the plan */
  TS_RANK_KEY_OK,
  TS_RANK_KEY_FITS,
  TS_RANK_KEY_ROOM,
  TS_RANK_KEY_LINK,
  TS_RANK_KEY_SITE,
  TS_RANK_KEY_DEADLINE,
  TS_RANK_KEY_LATE,
  TS_RANK_KEY_ARTICLE,
  TS_RANK_KEY_POWER,
  TS_RANK_KEY_DAYS,
  TS_RANK_KEY_PRICED,
  TS_RANK_KEY_CAPEX,
  TS_RANK_KEY_ENERGY_COST,
  TS_RANK_KEY_ENERGY,
  TS_RANK_KEY_ID,
  TS_RANK_KEY_TOTAL_COST, /* servers' price plus energy, both in USD */
} TsRankKey;

void        ts_option_clear       (TsOption          *option);

/* The option's texts in plain words, in the current language, formatted
 * on each call (free them). The suggestion is NULL when there is none;
 * the notes (char*) come in TsNoteFlags order and may be empty. */
char       *ts_option_dup_reason  (const TsOption    *option);
char       *ts_option_dup_suggestion (const TsOption *option);
GPtrArray  *ts_option_dup_notes   (const TsOption    *option);
/* Why the option stands where it does, one line (“fastest: 2.1 days
 * sooner than 2 × NVIDIA DGX H200”); NULL when it is alone. */
char       *ts_option_dup_rank_reason (const TsOption *option);
/* What the option's servers cost at the catalog's price, marked “≈”
 * when the catalog marks the price as an estimate; NULL when the
 * catalog has no price for the server. */
char       *ts_option_dup_price_summary (const TsOption *option);
/* What the energy is counted at, in words: “at maximum draw”, or “at the
 * vendors' typical draw where they state one (maximum elsewhere)”. */
const char *ts_option_energy_basis     (const TsOption *option);
/* The servers' price alone, “≈ 3,090,000 USD” (“≈” for an estimate);
 * NULL when the catalog has no price for the server. */
char       *ts_option_dup_price_total   (const TsOption *option);
/* The same in millions for a narrow column (ts_format_money_short ()). */
char       *ts_option_dup_price_total_short (const TsOption *option);
gboolean    ts_option_price_is_estimate (const TsOption *option);
/* The planner's layout in one line (“TP 8 × PP 16 (4 chunks) × DP 128,
 * ZeRO-1, micro-batch 1 × 16 per step, full recomputation”) and the
 * step in one line (“Step 9.19 s: compute 8.40 s, pipeline bubble
 * 0.00 s, communication 0.79 s; 1,825,738 tokens/s”), for the Time view,
 * the CLI and the PDF. */
char       *ts_option_dup_layout_summary (const TsOption *option);
char       *ts_option_dup_step_summary   (const TsOption *option);
/* The option's one verdict (issue 28), which every surface shows first:
 * its code (“fits”, “tight” when it works; else the first failure's:
 * “does-not-fit”, “misses-deadline”, “site”, “power-supplies”,
 * “does-not-work”; JSON “overall_verdict”), its badge in the current
 * language, its mark (✓ ! ✗) and its place when sorting by verdict. The
 * memory fit (TsOption.verdict) is one part of it, shown as such by
 * ts_option_dup_memory_fit () (“Memory: Fits”). */
const char *ts_option_verdict_code  (const TsOption   *option);
const char *ts_option_verdict_label (const TsOption   *option);
const char *ts_option_verdict_mark  (const TsOption   *option);
guint       ts_option_verdict_order (const TsOption   *option);
char       *ts_option_dup_memory_fit (const TsOption  *option);
/* What keeps the option from working, a sentence each (empty when ok). */
GPtrArray  *ts_option_dup_failures (const TsOption   *option);
/* The share of a GPU's work that is model work under the scenario's
 * recomputation (docs/sizing-model.md §8): 6/8, 4/6, 1/1.03 or 1. */
double      ts_recompute_mfu_factor (const TsScenario *scenario);
/* The same at a layout: with full recomputation, only the layout's
 * recompute_layers of each stage's layers are recomputed:
 * 6 / (6 + 2·k/n) for full training. */
double      ts_recompute_mfu_factor_layout (const TsScenario *scenario,
                                            const TsLayout   *layout);
/* The racks (TsRack) with every device placed, built on first use and
 * kept in the option; NULL when the option has no racks. Not thread-safe:
 * call it where the plan lives (it fills a cache in the option). */
const GArray *ts_option_get_rack_detail (const TsOption *option);
/* The sum of the option's racks' power limits, kW. */
double        ts_option_site_limit_kw   (const TsOption *option);
/* Sets each placed rack's water_cooled from the option's facility (done
 * by ts_option_get_rack_detail (); for a rack detail placed by hand). */
void          ts_option_mark_water_racks (TsOption     *option);
/* A TsFailureFlags bit's code, as JSON “failures” lists it; NULL if none. */
const char *ts_failure_to_string  (TsFailureFlags     flag);
const char *ts_verdict_to_string  (TsVerdict          verdict);
const char *ts_verdict_label      (TsVerdict          verdict);
const char *ts_device_role_to_string (TsDeviceRole    role);


/* The line voltage of the site's supply: the voltage itself for one
 * phase; for three phases a phase-to-neutral figure of an IEC 60038
 * system (230 → 400 V, 120 → 208 V) or else the line voltage given. */
double      ts_site_line_voltage  (double             voltage,
                                   guint              phases);
/* Amperes per phase for kw at PF 1: P / V (1 phase), P / (√3 · V_LL) (3). */
double      ts_site_amps          (double             kw,
                                   double             voltage,
                                   guint              phases);

/* Fills options (an array of TsOption with ts_option_clear as its clear
 * function), ranked, and returns the index of the recommended one or -1. */
/* The ranking's comparison (ts-ranking.c): negative when a ranks above b.
 * A total order on options of one plan (one objective, one currency). */
int         ts_option_compare     (const TsOption    *a,
                                   const TsOption    *b);
int         ts_recommend          (const TsCatalog   *catalog,
                                   const TsScenario  *scenario,
                                   GArray            *options);

void        ts_option_to_json     (const TsOption    *option,
                                   JsonBuilder       *builder);
/* The same members without the object around them, for a writer that
 * adds its own after them (ts-plan-json.c: what only the plan knows). */
void        ts_option_add_json_members (const TsOption *option,
                                        JsonBuilder    *builder);

/* The option's bill of materials (src/engine/fabric): servers, the
 * fabrics' switches, cables, transceivers and NICs, fabric managers,
 * management servers, PDUs and racks. Built on each call; free it with
 * ts_bom_free (). */
TsBom      *ts_option_build_bom   (const TsOption    *option);

/* The answer, “6 × NVIDIA DGX B200”: the option's count and server in
 * the reader's words, with no-break spaces (a name too long for a line
 * keeps its count, sign and first words together). The one composition
 * of it: the headline (ts_plan_dup_headline ()), the summary drawing and
 * the window's answer pane, which finds it in the headline to embolden
 * it. */
char       *ts_option_dup_answer      (const TsOption   *option);
/* One GPU's memory as the vendor states it and the usable bytes, each
 * labelled (docs/hardware-rules.md §9): “180 GB HBM3e as the vendor
 * states it; usable 193 GB (180 GiB)”; the catalog's sentence
 * (ts_gpu_dup_memory_text ()) with the option's server's figure. For the
 * window's table, Compare and the comparison drawing. */
char       *ts_option_dup_gpu_memory  (const TsOption   *option);
/* The gradient dtype the option's memory and step use: the scenario's,
 * or FP32 where its framework's rule keeps BF16 training's gradients in
 * FP32 (TS_FRAMEWORK_RULE_FP32_GRADIENTS; JSON “gradient_dtype”). */
TsGradDtype ts_option_gradient_dtype  (const TsOption   *option,
                                       const TsScenario *scenario);

G_END_DECLS
