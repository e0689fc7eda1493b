/* ts-scenario-fields.c — the one table of a scenario's inputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-scenario"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-scenario.h"

#define BILLION 1e9

/* ---- the values of choice fields ---------------------------------------- */

#define CHOICES(name) name##_choices, G_N_ELEMENTS (name##_choices)

static const TsFieldChoice method_choices[] = {
  { TS_METHOD_FULL, "full", N_("Full training") },
  { TS_METHOD_LORA, "lora", N_("LoRA") },
  { TS_METHOD_QLORA, "qlora", N_("QLoRA") },
};
static const TsFieldChoice precision_choices[] = {
  { TS_PRECISION_BF16, "bf16", N_("BF16 mixed precision"), N_("BF16 mixed precision, FP32 master weights") },
  { TS_PRECISION_FP16, "fp16", N_("FP16 mixed precision"), N_("FP16 mixed precision, FP32 master weights") },
  { TS_PRECISION_FP8, "fp8", N_("FP8 compute"), N_("FP8 compute, BF16 weights, FP32 master weights") },
  { TS_PRECISION_FP32, "fp32", N_("FP32") },
  { TS_PRECISION_PURE_BF16, "pure-bf16", N_("Pure BF16, no FP32 master copy"), N_("Pure BF16, no FP32 master weights") },
};
static const TsFieldChoice grad_dtype_choices[] = {
  { TS_GRAD_BF16, "bf16", N_("BF16") },
  { TS_GRAD_FP32, "fp32", N_("FP32") },
};
static const TsFieldChoice optimizer_choices[] = {
  { TS_OPTIMIZER_ADAMW, "adamw", N_("AdamW") },
  /* Translators: the optimizer with 8-bit states (bitsandbytes) */
  { TS_OPTIMIZER_ADAMW_8BIT, "adamw-8bit", N_("8-bit AdamW"), N_("AdamW, 8-bit states") },
  { TS_OPTIMIZER_ADAFACTOR, "adafactor", N_("Adafactor") },
  { TS_OPTIMIZER_SGD, "sgd", N_("SGD with momentum") },
  { TS_OPTIMIZER_LION, "lion", N_("Lion") },
};
static const TsFieldChoice offload_choices[] = {
  { TS_OFFLOAD_NONE, "none", N_("None") },
  { TS_OFFLOAD_OPTIMIZER, "optimizer", N_("Optimizer states to server RAM") },
};
static const TsFieldChoice checkpointing_choices[] = {
  /* Translators: gradient checkpointing choices */
  { TS_CHECKPOINTING_NONE, "none", N_("None"), N_("Off") },
  { TS_CHECKPOINTING_SELECTIVE, "selective", N_("Selective"), N_("Selective (attention only)") },
  { TS_CHECKPOINTING_FULL, "full", N_("Full"), N_("Full (every layer)") },
};
/* -1 is “automatic”: the CLI says “auto”, which also leaves the stage to
 * the planner; the file writes -1. */
static const TsFieldChoice zero_choices[] = {
  /* Translators: ZeRO stage choices; “Automatic” lets the program decide */
  { -1, "auto", N_("Automatic") },
  { 0, "0", N_("0 — no sharding") },
  { 1, "1", N_("1 — optimizer states") },
  { 2, "2", N_("2 — and gradients") },
  { 3, "3", N_("3 — and weights (FSDP)") },
};
static const TsFieldChoice site_cooling_choices[] = {
  /* Translators: how a site takes heat away */
  { TS_SITE_COOLING_AIR, "air", N_("Air only") },
  { TS_SITE_COOLING_REAR_DOOR, "rear-door", N_("Air and rear-door heat exchangers") },
  { TS_SITE_COOLING_LIQUID, "liquid", N_("Direct liquid cooling available") },
};
static const TsFieldChoice site_profile_choices[] = {
  /* Translators: presets of the site (docs/facility.md §6) */
  { TS_SITE_PROFILE_CUSTOM, "custom", N_("Custom") },
  { TS_SITE_PROFILE_ENTERPRISE, "enterprise", N_("Enterprise server room"), N_("Enterprise server room: 10 kW racks, air") },
  { TS_SITE_PROFILE_DENSE_AIR, "dense-air", N_("Dense air-cooled hall"), N_("Dense air-cooled hall: 60 kW racks, rear doors") },
  { TS_SITE_PROFILE_LIQUID_AI, "liquid-ai", N_("Liquid-cooled AI hall"), N_("Liquid-cooled AI hall: 140 kW racks, direct liquid") },
};
static const TsFieldChoice objective_choices[] = {
  /* Translators: what ranks the hardware options */
  { TS_OBJECTIVE_SERVERS, "servers", N_("Smallest hardware") },
  { TS_OBJECTIVE_TIME, "time", N_("Shortest time") },
  { TS_OBJECTIVE_COST, "cost", N_("Lowest cost") },
  { TS_OBJECTIVE_ENERGY, "energy", N_("Least energy") },
};
/* Product names stay as they are in every language. */
static const TsFieldChoice framework_choices[] = {
  /* Translators: the training framework, chosen per option by the program */
  { TS_FRAMEWORK_AUTOMATIC, "automatic", N_("Automatic"), N_("Automatic: per option, by method and layout") },
  { TS_FRAMEWORK_MEGATRON, "megatron", "Megatron-LM" },
  { TS_FRAMEWORK_DEEPSPEED, "deepspeed", "DeepSpeed" },
  { TS_FRAMEWORK_FSDP, "fsdp", "PyTorch FSDP (Accelerate)" },
  { TS_FRAMEWORK_AXOLOTL, "axolotl", "Axolotl" },
  { TS_FRAMEWORK_LLAMAFACTORY, "llamafactory", "LLaMA-Factory" },
  { TS_FRAMEWORK_TORCHTUNE, "torchtune", "torchtune" },
};
static const TsFieldChoice lora_targets_choices[] = {
  { TS_LORA_TARGETS_QV, "qv", N_("Query and value projections") },
  { TS_LORA_TARGETS_ATTENTION, "attention", N_("All attention projections") },
  { TS_LORA_TARGETS_ALL_LINEAR, "all-linear", N_("All linear layers") },
};
/* A “two-phase” feed is a single phase between two lines: 2 is refused. */
static const TsFieldChoice phases_choices[] = {
  { TS_PHASES_SINGLE, "1", N_("Single phase") },
  { TS_PHASES_THREE, "3", N_("Three phases") },
};

/* ---- the table ------------------------------------------------------------ */

#define OFF(member) G_STRUCT_OFFSET (TsScenario, member)
#define NO_CHOICES NULL, 0
#define G(group, position) TS_FIELD_GROUP_##group, position

/* In the scenario file's order (its writer follows it: files stay as they
 * were written). The CLI's --help lists the options in the same order.
 * One row a field: the rows are alike because they are the data. */
static const TsScenarioField fields[] = {
  { "method", "method", TS_FIELD_ENUM, OFF (method), 0, TS_N_METHODS - 1, TS_METHOD_FULL, NULL, 1,
    G (METHOD, 0), 0, 0, CHOICES (method), N_("Method"), N_("Method"), NULL,
    N_("full training, LoRA or QLoRA (default full)"), NULL, 0, 0, NULL },
  { "framework", "framework", TS_FIELD_ENUM, OFF (framework), 0, TS_N_FRAMEWORKS - 1, TS_FRAMEWORK_AUTOMATIC, NULL, 1,
    G (METHOD, 1), 0, 0, CHOICES (framework), N_("Training framework"), N_("Training framework"),
    N_("Its layouts and memory rules shape the plan; its file is the export"),
    N_("training framework: automatic, megatron, deepspeed, fsdp, axolotl or llamafactory (default automatic: chosen per option)"),
    NULL, 0, 0, NULL },
  { "precision", "precision", TS_FIELD_ENUM, OFF (precision), 0, TS_N_PRECISIONS - 1, TS_PRECISION_BF16, NULL, 1,
    G (ADVANCED, 0), 0, 0, CHOICES (precision), N_("Precision"), N_("Precision"),
    N_("Number format of weights and arithmetic"),
    N_("training precision (default bf16 mixed precision)"), NULL, 0, 0, NULL },
  { "grad_dtype", "grad-dtype", TS_FIELD_ENUM, OFF (grad_dtype), 0, TS_N_GRAD_DTYPES - 1, TS_GRAD_BF16, NULL, 1,
    G (ADVANCED, 2), 0, 0, CHOICES (grad_dtype), N_("Gradient type"), N_("Gradient type"),
    N_("Gradients in FP32 take 4 bytes per parameter instead of 2"),
    N_("gradient data type: the article’s 16 (bf16) or 18 (fp32) bytes per parameter (default bf16)"), NULL, 0, 0, NULL },
  { "optimizer", "optimizer", TS_FIELD_ENUM, OFF (optimizer), 0, TS_N_OPTIMIZERS - 1, TS_OPTIMIZER_ADAMW, NULL, 1,
    G (ADVANCED, 1), 0, 0, CHOICES (optimizer), N_("Optimizer"), N_("Optimizer"),
    N_("AdamW keeps two FP32 states per parameter: 8 bytes"),
    N_("optimizer (default adamw)"), NULL, 0, 0, NULL },
  { "offload", "offload", TS_FIELD_ENUM, OFF (offload), 0, TS_N_OFFLOADS - 1, TS_OFFLOAD_NONE, NULL, 1,
    G (ADVANCED, 7), 0, 0, CHOICES (offload), N_("CPU offload"), N_("CPU offload"),
    N_("Keep optimizer states in server RAM when GPU memory is short"),
    N_("move optimizer states to server RAM (default none)"), NULL, 0, 0, NULL },
  { "seq_len", "seq-len", TS_FIELD_UINT, OFF (seq_len), TS_MIN_SEQ_LEN, TS_MAX_SEQ_LEN, TS_DEFAULT_SEQ_LEN, NULL, 1,
    G (WORKLOAD, 0), 512, 0, NO_CHOICES, N_("Sequence length"), N_("Sequence length"),
    N_("Tokens in one training example; activations grow with it"),
    N_("tokens per sequence (default 2048)"), NULL, 0, 0, NULL },
  { "micro_batch", "micro-batch", TS_FIELD_UINT, OFF (micro_batch), TS_MIN_MICRO_BATCH, TS_MAX_MICRO_BATCH,
    TS_DEFAULT_MICRO_BATCH, NULL, 1, G (WORKLOAD, 1), 1, 0, NO_CHOICES, N_("Micro-batch"), N_("Micro-batch"),
    N_("Examples each GPU processes at once; activations grow with it"),
    N_("sequences per GPU per micro-batch (default: automatic, the planner chooses per option)"), NULL, TS_SEARCH_MICRO_BATCH, 0, NULL },
  { "checkpointing", "checkpointing", TS_FIELD_ENUM, OFF (checkpointing), 0, TS_N_CHECKPOINTING - 1,
    TS_CHECKPOINTING_FULL, NULL, 1, G (WORKLOAD, 3), 0, 0, CHOICES (checkpointing),
    N_("Gradient checkpointing"), N_("Gradient checkpointing"),
    N_("Recompute activations instead of storing them: less memory, more compute"),
    N_("activation recomputation (default: automatic, the planner chooses per option)"), NULL, TS_SEARCH_CHECKPOINTING, 0, NULL },
  { "flash_attention", "flash-attention", TS_FIELD_BOOL, OFF (flash_attention), 0, 1, TRUE, NULL, 1,
    G (WORKLOAD, 4), 0, 0, NO_CHOICES, N_("FlashAttention"), N_("FlashAttention"),
    N_("Attention without storing the full score matrix"),
    N_("FlashAttention: no s² attention scores kept (default on)"), NULL, 0, 0, NULL },
  { "sequence_parallel", "sequence-parallel", TS_FIELD_BOOL, OFF (sequence_parallel), 0, 1, FALSE, NULL, 1,
    G (NONE, 0), 0, 0, NO_CHOICES, N_("Sequence parallelism"), N_("Sequence parallelism"), NULL,
    N_("sequence parallelism with tensor parallelism (default: automatic)"), NULL, TS_SEARCH_SEQUENCE_PARALLEL, 0, NULL },
  { "zero3_prefetch", "prefetch", TS_FIELD_BOOL, OFF (zero3_prefetch), 0, 1, FALSE, NULL, 1,
    G (ADVANCED, 4), 0, 0, NO_CHOICES, N_("Prefetch next layer"), N_("Prefetch next layer"),
    N_("With ZeRO-3, gather the next layer early: faster, one more layer in memory"),
    N_("ZeRO-3/FSDP prefetch: the next layer is gathered early, two layers at once (default off)"), NULL, 0, 0, NULL },
  /* 0: the method's default, ts_scenario_tokens () */
  { "tokens", "tokens", TS_FIELD_DOUBLE, OFF (tokens), 0, TS_MAX_TOKENS, 0, NULL, BILLION,
    G (WORKLOAD, 5), 1, 1, NO_CHOICES, N_("Dataset tokens"), N_("Dataset, billions of tokens"),
    N_("Tokens processed over the whole run; 0: 10B for full training, for LoRA and QLoRA Llama 2’s fine-tuning set (27,540 examples, 2 epochs)"),
    N_("dataset tokens for the whole run (default: 10B for full training; for LoRA/QLoRA 27,540 examples × 2 epochs × the sequence length, Llama 2’s fine-tuning set: 0.11B at 2048)"), NULL, 0, TS_FIELD_CLI_COUNT, NULL },
  { "deadline_days", "deadline-days", TS_FIELD_DOUBLE, OFF (deadline_days), 0, TS_MAX_DAYS, 0, NULL, 1,
    G (WORKLOAD, 6), 1, 0, NO_CHOICES, N_("Deadline"), N_("Deadline, days"),
    N_("When the training must be done; 0 means no deadline"),
    N_("training deadline in days (default none)"), NULL, 0, 0, NULL },
  { "zero_stage", "zero", TS_FIELD_INT, OFF (zero_stage), -1, 3, -1, NULL, 1,
    G (ADVANCED, 3), 0, 0, CHOICES (zero), N_("ZeRO stage"), N_("ZeRO / FSDP stage"),
    N_("Splits optimizer states, gradients and weights across GPUs"),
    N_("ZeRO/FSDP sharding stage (default: automatic)"), N_("0, 1, 2 or 3"), TS_SEARCH_ZERO, 0, NULL },
  { "tp", "tp", TS_FIELD_UINT, OFF (tp), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, NULL, 1,
    G (ADVANCED, 5), 1, 0, NO_CHOICES, N_("Tensor parallel degree"), N_("Tensor parallel"),
    N_("GPUs that split every layer; needs NVLink or HCCS"),
    N_("tensor parallel degree (default: automatic)"), NULL, TS_SEARCH_TP, 0, NULL },
  { "pp", "pp", TS_FIELD_UINT, OFF (pp), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, NULL, 1,
    G (ADVANCED, 6), 1, 0, NO_CHOICES, N_("Pipeline parallel degree"), N_("Pipeline parallel"),
    N_("Groups of layers on different GPUs"),
    N_("pipeline parallel degree (default: automatic)"), NULL, TS_SEARCH_PP, 0, NULL },
  { "ep", "ep", TS_FIELD_UINT, OFF (ep), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, NULL, 1,
    G (NONE, 0), 1, 0, NO_CHOICES, N_("Expert parallel degree"), N_("Expert parallel degree"), NULL,
    N_("expert parallel degree for MoE models (default: automatic)"), NULL, TS_SEARCH_EP, 0, NULL },
  { "cp", "cp", TS_FIELD_UINT, OFF (cp), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, NULL, 1,
    G (NONE, 0), 1, 0, NO_CHOICES, N_("Context parallel degree"), N_("Context parallel degree"), NULL,
    N_("context parallel degree: GPUs that split each sequence (default: automatic)"), NULL, TS_SEARCH_CP, 0, NULL },
  /* 0: one GPU, or the count the planner recommends */
  { "gpus", "gpus", TS_FIELD_UINT, OFF (gpus), 0, TS_MAX_GPUS, 0, NULL, 1,
    G (NONE, 0), 1, 0, NO_CHOICES, N_("GPU count"), N_("GPU count"), NULL,
    N_("GPUs of the job (default: automatic; 0 is automatic too)"), NULL, 0, 0, NULL },
  /* 0: the default, ts_scenario_global_batch () */
  { "global_batch", "global-batch", TS_FIELD_UINT, OFF (global_batch), 0, TS_MAX_GLOBAL_BATCH, 0, NULL, 1,
    G (WORKLOAD, 2), 64, 0, NO_CHOICES, N_("Global batch"), N_("Global batch"),
    N_("Sequences per optimizer step; 0: about 4M tokens’ worth for full training, 64 for LoRA"),
    N_("sequences per optimizer step (default: automatic, about 4M tokens’ worth for full training, 64 for LoRA/QLoRA)"), NULL, 0, 0, NULL },
  { "objective", "objective", TS_FIELD_ENUM, OFF (objective), 0, TS_N_OBJECTIVES - 1, TS_OBJECTIVE_SERVERS, NULL, 1,
    G (HARDWARE, 0), 0, 0, CHOICES (objective), N_("Rank by"), N_("Rank by"),
    N_("What puts one working option ahead of another"),
    N_("what ranks the options that work (default servers: the smallest hardware)"), NULL, 0, 0, NULL },
  { "lora_rank", "lora-rank", TS_FIELD_UINT, OFF (lora_rank), TS_MIN_LORA_RANK, TS_MAX_LORA_RANK,
    TS_DEFAULT_LORA_RANK, NULL, 1, G (ADVANCED, 8), 8, 0, NO_CHOICES, N_("LoRA rank"), N_("LoRA rank"),
    N_("Size of the trained adapters; higher is bigger and slower"),
    N_("LoRA rank (default 16)"), NULL, 0, TS_FIELD_ADAPTER, NULL },
  { "lora_targets", "lora-targets", TS_FIELD_ENUM, OFF (lora_targets), 0, TS_N_LORA_TARGETS - 1,
    TS_LORA_TARGETS_ALL_LINEAR, NULL, 1, G (ADVANCED, 9), 0, 0, CHOICES (lora_targets),
    N_("LoRA targets"), N_("LoRA targets"), N_("Which layers get adapters"),
    N_("layers LoRA adapts (default all-linear)"), NULL, 0, TS_FIELD_ADAPTER, NULL },
  { "double_quant", "double-quant", TS_FIELD_BOOL, OFF (double_quant), 0, 1, TRUE, NULL, 1,
    G (NONE, 0), 0, 0, NO_CHOICES, N_("Double quantization"), N_("Double quantization"), NULL,
    N_("QLoRA double quantization (default on)"), NULL, 0, TS_FIELD_QLORA, NULL },
  { "paged_optimizer", "paged-optimizer", TS_FIELD_BOOL, OFF (paged_optimizer), 0, 1, FALSE, NULL, 1,
    G (NONE, 0), 0, 0, NO_CHOICES, N_("Paged optimizer"), N_("Paged optimizer"), NULL,
    N_("QLoRA paged 8-bit optimizer (default off)"), NULL, 0, TS_FIELD_QLORA, NULL },
  /* bytes in the file, gigabytes on the command line and in a form */
  { "runtime_overhead_bytes", "runtime-overhead", TS_FIELD_DOUBLE, OFF (runtime_overhead_bytes), 0,
    TS_MAX_RUNTIME_OVERHEAD, TS_DEFAULT_RUNTIME_OVERHEAD, NULL, BILLION, G (ADVANCED, 10), 0.5, 1, NO_CHOICES,
    N_("Runtime overhead per GPU"), N_("Runtime overhead per GPU, GB"),
    N_("Memory the CUDA context, kernels and libraries take before training starts"),
    N_("runtime overhead per GPU in GB: CUDA context, kernels and libraries (default 1.5)"), NULL, 0, 0, "runtime_overhead" },
  { "fragmentation", "fragmentation", TS_FIELD_DOUBLE, OFF (fragmentation), 0, TS_MAX_FRAGMENTATION,
    TS_DEFAULT_FRAGMENTATION, NULL, 1, G (NONE, 0), 0.01, 2, NO_CHOICES,
    N_("Allocator fragmentation"), N_("Allocator fragmentation"), NULL,
    N_("allocator fragmentation (default 0.05)"), NULL, 0, 0, NULL },
  /* NULL: every server of the catalog is evaluated */
  { "server_id", "server", TS_FIELD_STRING, OFF (server_id), 0, TS_MAX_ID_CHARS, 0, NULL, 1,
    G (NONE, 0), 0, 0, NO_CHOICES, N_("Server id"), N_("Server id"), NULL,
    N_("evaluate only this server or card (see “list servers”)"), NULL, 0, TS_FIELD_SERVER_ID, NULL },
  /* 0: the smallest count that fits */
  { "servers", "servers", TS_FIELD_UINT, OFF (servers), 0, TS_MAX_SERVERS, 0, NULL, 1,
    G (HARDWARE, 1), 1, 0, NO_CHOICES, N_("Server count"), N_("Servers"),
    N_("How many of the chosen server; 0 picks the smallest count that fits"),
    N_("evaluate every option at exactly this many servers (default: automatic, the fewest that work)"), NULL, 0, 0, NULL },
  { "rack_units", "rack-units", TS_FIELD_UINT, OFF (rack_units), TS_MIN_RACK_UNITS, TS_MAX_RACK_UNITS,
    TS_DEFAULT_RACK_UNITS, NULL, 1, G (SITE, 1), 1, 0, NO_CHOICES, N_("Rack height"), N_("Rack height, units"),
    N_("Units in each rack of the data centre, usually 42 or 48"),
    N_("rack height in U (default 42)"), NULL, 0, 0, NULL },
  { "rack_kw", "rack-kw", TS_FIELD_DOUBLE, OFF (rack_kw), TS_MIN_RACK_KW, TS_MAX_RACK_KW, TS_DEFAULT_RACK_KW, NULL, 1,
    G (SITE, 2), 1, 1, NO_CHOICES, N_("Rack power limit"), N_("Rack power limit, kW"),
    N_("What one rack’s power feed and cooling can take"),
    N_("power limit per rack in kW (default 30)"), NULL, 0, 0, NULL },
  { "voltage", "voltage", TS_FIELD_DOUBLE, OFF (voltage), TS_MIN_VOLTAGE, TS_MAX_VOLTAGE, TS_DEFAULT_VOLTAGE, NULL, 1,
    G (SITE, 3), 10, 0, NO_CHOICES, N_("Voltage"), N_("Voltage, V"), N_("Phase-to-neutral voltage of the feed"),
    N_("site voltage (default 230): for 1 phase the phase voltage; for 3 phases 230 means a 230/400 V supply, 400 the same"),
    NULL, 0, 0, NULL },
  { "phases", "phases", TS_FIELD_UINT, OFF (phases), TS_PHASES_SINGLE, TS_PHASES_THREE, TS_DEFAULT_PHASES, NULL, 1,
    G (SITE, 4), 0, 0, CHOICES (phases), N_("Phases"), N_("Phases"), N_("Sets the current each phase carries"),
    N_("single or three phase supply (default 3)"), N_("1 (single phase) or 3 (three phases)"), 0, 0, NULL },
  { "pue", "pue", TS_FIELD_DOUBLE, OFF (pue), TS_MIN_PUE, TS_MAX_PUE, TS_DEFAULT_PUE, NULL, 1,
    G (SITE, 5), 0.05, 2, NO_CHOICES, N_("PUE"), N_("PUE"),
    N_("Total facility power divided by IT power; cooling and losses"),
    N_("power usage effectiveness of the site (default 1.4)"), NULL, 0, 0, NULL },
  { "price_kwh", "price-kwh", TS_FIELD_DOUBLE, OFF (price_kwh), 0, TS_MAX_PRICE_KWH, 0, NULL, 1,
    G (SITE, 6), 0.5, 2, NO_CHOICES, N_("Electricity price"), N_("Electricity price per kWh"),
    N_("For the energy cost of the run; 0 leaves the cost out"),
    N_("electricity price per kWh (default 0: no cost shown)"), NULL, 0, 0, NULL },
  { "currency", "currency", TS_FIELD_STRING, OFF (currency), 1, TS_MAX_CURRENCY_CHARS, 0, "RUB", 1,
    G (SITE, 7), 0, 0, NO_CHOICES, N_("Currency"), N_("Currency of the price"), NULL,
    N_("currency of the electricity price (default RUB)"), NULL, 0, TS_FIELD_CURRENCY, NULL },
  { "headroom_tight", "headroom-tight", TS_FIELD_DOUBLE, OFF (headroom_tight), 0, TS_MAX_HEADROOM_TIGHT,
    TS_DEFAULT_HEADROOM_TIGHT, NULL, 1, G (NONE, 0), 0.01, 2, NO_CHOICES,
    N_("Tight headroom threshold"), N_("Tight headroom threshold"), NULL,
    N_("headroom below which a fit is “tight” (default 0.10)"), NULL, 0, 0, NULL },
  { "oversubscription", "oversubscription", TS_FIELD_DOUBLE, OFF (oversubscription), TS_MIN_OVERSUBSCRIPTION,
    TS_MAX_OVERSUBSCRIPTION, TS_DEFAULT_OVERSUBSCRIPTION, NULL, 1, G (HARDWARE, 2), 0.5, 1, NO_CHOICES,
    N_("Oversubscription"), N_("Fabric oversubscription"),
    N_("Leaf downlinks per uplink in the compute fabric; 1 is non-blocking"),
    N_("compute fabric oversubscription at the leaf, downlinks per uplink (default 1: non-blocking)"),
    NULL, 0, 0, NULL },
  { "min_free", "min-free", TS_FIELD_DOUBLE, OFF (min_free), 0, TS_MAX_MIN_FREE,
    TS_DEFAULT_MIN_FREE, NULL, 1, G (NONE, 0), 0.01, 2, NO_CHOICES,
    N_("Minimum free memory"), N_("Minimum free memory"), NULL,
    N_("share of GPU memory a fit always leaves free; less does not fit (default 0.03)"), NULL, 0, 0, NULL },
  { "site_cooling", "site-cooling", TS_FIELD_ENUM, OFF (site_cooling), 0, TS_N_SITE_COOLINGS - 1,
    TS_SITE_COOLING_AIR, NULL, 1, G (SITE, 8), 0, 0, CHOICES (site_cooling), N_("Cooling"), N_("Site cooling"),
    N_("How the site takes heat away: air, rear-door heat exchangers or facility water for liquid cooling"),
    N_("cooling the site offers: air, rear-door or liquid (default air)"), N_("air, rear-door or liquid"), 0, 0, NULL },
  { "air_rack_kw", "air-rack-kw", TS_FIELD_DOUBLE, OFF (air_rack_kw), TS_MIN_RACK_KW, TS_MAX_RACK_KW,
    TS_DEFAULT_AIR_RACK_KW, NULL, 1, G (SITE, 9), 1, 1, NO_CHOICES, N_("Air cooling limit"),
    N_("Air cooling limit per rack, kW"), N_("The most heat air alone takes from one rack"),
    N_("heat air alone takes from one rack, kW (default 30)"), NULL, 0, 0, NULL },
  /* the file records the preset; the rows it set are read as the file
   * gives them, with whatever the user changed after */
  { "site_profile", "site-profile", TS_FIELD_ENUM, OFF (site_profile), 0, TS_N_SITE_PROFILES - 1,
    TS_SITE_PROFILE_CUSTOM, NULL, 1, G (SITE, 0), 0, 0, CHOICES (site_profile), N_("Site profile"), N_("Site profile"),
    N_("A preset of the rack height and power limit, cooling, air limit, facility water and floor load"),
    N_("preset of the site rows: enterprise, dense-air or liquid-ai (default custom: the rows as given); the rows given "
       "on the command line win"),
    N_("custom, enterprise, dense-air or liquid-ai"), 0, 0, NULL },
  { "water_c", "water-c", TS_FIELD_DOUBLE, OFF (water_c), TS_MIN_WATER_C, TS_MAX_WATER_C,
    TS_DEFAULT_WATER_C, NULL, 1, G (SITE, 10), 1, 0, NO_CHOICES, N_("Facility water"),
    N_("Facility water supply, °C"), N_("Water the site brings to the racks, for rear doors or CDUs"),
    N_("facility water supply temperature, °C (default 25)"), NULL, 0, 0, NULL },
  { "floor_kg_m2", "floor-kg-m2", TS_FIELD_DOUBLE, OFF (floor_kg_m2), 0, TS_MAX_FLOOR_KG_M2,
    0, NULL, 1, G (SITE, 11), 100, 0, NO_CHOICES, N_("Floor load limit"),
    N_("Floor load limit, kg/m²"), N_("What the floor bears under a rack; 0 leaves the floor unchecked"),
    N_("floor load limit under a rack, kg/m² (default 0: not checked)"), NULL, 0, 0, NULL },
  { "checkpoints_kept", "checkpoints-kept", TS_FIELD_UINT, OFF (checkpoints_kept), 1, TS_MAX_CHECKPOINTS_KEPT,
    TS_DEFAULT_CHECKPOINTS_KEPT, NULL, 1, G (NONE, 0), 1, 0, NO_CHOICES,
    N_("Checkpoints kept"), N_("Checkpoints kept on storage"), NULL,
    N_("checkpoints the storage system keeps, for its capacity (default 3)"), NULL, 0, 0, NULL },
};

const TsScenarioField *
ts_scenario_fields (guint *n_fields)
{
  *n_fields = G_N_ELEMENTS (fields);
  return fields;
}

const TsScenarioField *
ts_scenario_field_find (const char *key)
{
  return ts_field_table_find (fields, G_N_ELEMENTS (fields), key);
}

const TsScenarioField *
ts_scenario_field_find_cli (const char *cli_name)
{
  if (cli_name == NULL)
    return NULL;
  if (g_str_has_prefix (cli_name, "--"))
    cli_name += 2;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].cli_name, cli_name))
      return &fields[i];
  return NULL;
}

static int
compare_position (gconstpointer a,
                  gconstpointer b)
{
  const TsScenarioField *fa = *(const TsScenarioField *const *) a;
  const TsScenarioField *fb = *(const TsScenarioField *const *) b;

  return (int) fa->position - (int) fb->position;
}

const TsScenarioField **
ts_scenario_fields_in_group (TsFieldGroup  group,
                             guint        *n_fields)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].group == group)
      g_ptr_array_add (list, (gpointer) &fields[i]);
  g_ptr_array_sort (list, compare_position);
  *n_fields = list->len;
  return (const TsScenarioField **) g_ptr_array_free (g_steal_pointer (&list), FALSE);
}

const char *
ts_scenario_field_title (const char *key)
{
  const TsScenarioField *f = ts_scenario_field_find (key);

  return f != NULL ? _(f->name) : "";
}

const char *
ts_scenario_field_sheet_label (const char *key,
                               int         value)
{
  const TsScenarioField *f = ts_scenario_field_find (key);
  const TsFieldChoice *choice = f != NULL ? ts_scenario_field_choice (f, value) : NULL;

  if (choice == NULL)
    return "";
  return _(choice->sheet_label != NULL ? choice->sheet_label : choice->label);
}

char *
ts_scenario_field_get_text (const TsScenarioField *f,
                            const TsScenario      *s)
{
  double value = ts_scenario_field_get_double (f, s);
  const TsFieldChoice *choice;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (f->kind == TS_FIELD_STRING)
    return g_strdup (G_STRUCT_MEMBER (const char *, s, f->offset));
  if (f->kind == TS_FIELD_BOOL)
    return g_strdup (value != 0 ? "on" : "off");
  if (f->n_choices > 0 && (choice = ts_scenario_field_choice (f, (int) value)) != NULL)
    return g_strdup (choice->name);
  /* a count (“10B” tokens) is typed in scenario units; the shortest text
   * that reads back exactly, never in the locale's format */
  if (!(f->flags & TS_FIELD_CLI_COUNT))
    value /= f->scale;
  return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value));
}

gboolean
ts_scenario_field_validate (const TsScenarioField  *f,
                            const TsScenario       *s,
                            GError                **error)
{
  if (f->kind == TS_FIELD_STRING)
    return ts_scenario_field_check_text (f, G_STRUCT_MEMBER (const char *, s, f->offset), error);
  return ts_scenario_field_check (f, ts_scenario_field_get_double (f, s), error);
}

void
ts_scenario_fields_set_defaults (TsScenario *s)
{
  ts_field_table_set_defaults (fields, G_N_ELEMENTS (fields), s);
}
