/* ts-form-fields.c — the scenario's fields that the form shows as rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-form-fields.h"

#define BILLION 1e9

static const char *const method_choices[] = { N_("Full training"), N_("LoRA"), N_("QLoRA") };
static const int method_values[] = { TS_METHOD_FULL, TS_METHOD_LORA, TS_METHOD_QLORA };
static const char *const checkpointing_choices[] = {
  /* Translators: gradient checkpointing choices */
  N_("None"), N_("Selective"), N_("Full"),
};
static const int checkpointing_values[] = { TS_CHECKPOINTING_NONE, TS_CHECKPOINTING_SELECTIVE, TS_CHECKPOINTING_FULL };
static const char *const precision_choices[] = {
  N_("BF16 mixed precision"), N_("FP16 mixed precision"), N_("FP8 compute"),
  N_("FP32"), N_("Pure BF16, no FP32 master copy"),
};
static const int precision_values[] = {
  TS_PRECISION_BF16, TS_PRECISION_FP16, TS_PRECISION_FP8, TS_PRECISION_FP32, TS_PRECISION_PURE_BF16,
};
static const char *const optimizer_choices[] = {
  N_("AdamW"), N_("8-bit AdamW"), N_("Adafactor"), N_("SGD with momentum"), N_("Lion"),
};
static const int optimizer_values[] = {
  TS_OPTIMIZER_ADAMW, TS_OPTIMIZER_ADAMW_8BIT, TS_OPTIMIZER_ADAFACTOR, TS_OPTIMIZER_SGD, TS_OPTIMIZER_LION,
};
static const char *const grad_choices[] = { N_("BF16"), N_("FP32") };
static const int grad_values[] = { TS_GRAD_BF16, TS_GRAD_FP32 };
static const char *const zero_choices[] = {
  /* Translators: ZeRO stage choices; “Automatic” lets the program decide */
  N_("Automatic"), N_("0 — no sharding"), N_("1 — optimizer states"),
  N_("2 — and gradients"), N_("3 — and weights (FSDP)"),
};
static const int zero_values[] = { -1, 0, 1, 2, 3 };
static const char *const offload_choices[] = { N_("None"), N_("Optimizer states to CPU RAM") };
static const int offload_values[] = { TS_OFFLOAD_NONE, TS_OFFLOAD_OPTIMIZER };
static const char *const targets_choices[] = {
  N_("Query and value projections"), N_("All attention projections"), N_("All linear layers"),
};
static const int targets_values[] = { TS_LORA_TARGETS_QV, TS_LORA_TARGETS_ATTENTION, TS_LORA_TARGETS_ALL_LINEAR };
static const char *const objective_choices[] = {
  /* Translators: what ranks the hardware options */
  N_("Smallest hardware"), N_("Shortest time"), N_("Lowest cost"), N_("Least energy"),
};
static const int objective_values[] = { TS_OBJECTIVE_SERVERS, TS_OBJECTIVE_TIME, TS_OBJECTIVE_COST, TS_OBJECTIVE_ENERGY };
static const char *const phase_choices[] = { N_("Single phase"), N_("Three phases") };
static const int phase_values[] = { TS_PHASES_SINGLE, TS_PHASES_THREE };

#define CHOICES(name) name##_choices, name##_values, G_N_ELEMENTS (name##_values)
#define OFF(field) G_STRUCT_OFFSET (TsScenario, field)

const TsFormField ts_form_fields[] = {
  { "method", TS_FORM_GROUP_METHOD, TS_FORM_FIELD_CHOICE, OFF (method), N_("Method"), NULL,
    0, 0, 0, 0, 1, CHOICES (method) },

  { "seq_len", TS_FORM_GROUP_WORKLOAD, TS_FORM_FIELD_UINT, OFF (seq_len), N_("Sequence length"),
    N_("Tokens in one training example; activations grow with it"), TS_MIN_SEQ_LEN, TS_MAX_SEQ_LEN, 512, 0, 1, NULL, NULL, 0 },
  { "micro_batch", TS_FORM_GROUP_WORKLOAD, TS_FORM_FIELD_UINT, OFF (micro_batch), N_("Micro-batch"),
    N_("Examples each GPU processes at once; activations grow with it"), TS_MIN_MICRO_BATCH, TS_MAX_MICRO_BATCH, 1, 0, 1, NULL, NULL, 0 },
  { "global_batch", TS_FORM_GROUP_WORKLOAD, TS_FORM_FIELD_UINT, OFF (global_batch), N_("Global batch"),
    N_("Sequences per optimizer step; 0 means 4M tokens for full training, 64 for LoRA"), 0, TS_MAX_GLOBAL_BATCH, 64, 0, 1, NULL, NULL, 0 },
  { "checkpointing", TS_FORM_GROUP_WORKLOAD, TS_FORM_FIELD_CHOICE, OFF (checkpointing), N_("Gradient checkpointing"),
    N_("Recompute activations instead of storing them: less memory, more compute"), 0, 0, 0, 0, 1, CHOICES (checkpointing) },
  { "flash_attention", TS_FORM_GROUP_WORKLOAD, TS_FORM_FIELD_BOOL, OFF (flash_attention), N_("FlashAttention"),
    N_("Attention without storing the full score matrix"), 0, 0, 0, 0, 1, NULL, NULL, 0 },
  { "tokens", TS_FORM_GROUP_WORKLOAD, TS_FORM_FIELD_DOUBLE, OFF (tokens), N_("Dataset, billions of tokens"),
    N_("Tokens processed over the whole run; sets the training time"), 0, TS_MAX_TOKENS, 1, 1, BILLION, NULL, NULL, 0 },
  { "deadline_days", TS_FORM_GROUP_WORKLOAD, TS_FORM_FIELD_DOUBLE, OFF (deadline_days), N_("Deadline, days"),
    N_("When the training must be done; 0 means no deadline"), 0, TS_MAX_DAYS, 1, 0, 1, NULL, NULL, 0 },

  { "objective", TS_FORM_GROUP_HARDWARE, TS_FORM_FIELD_CHOICE, OFF (objective), N_("Rank by"),
    N_("What puts one working option ahead of another"), 0, 0, 0, 0, 1, CHOICES (objective) },
  { "servers", TS_FORM_GROUP_HARDWARE, TS_FORM_FIELD_UINT, OFF (servers), N_("Servers"),
    N_("How many of the chosen server; 0 picks the smallest count that fits"), 0, TS_MAX_SERVERS, 1, 0, 1, NULL, NULL, 0 },

  { "precision", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_CHOICE, OFF (precision), N_("Precision"),
    N_("Number format of weights and arithmetic"), 0, 0, 0, 0, 1, CHOICES (precision) },
  { "optimizer", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_CHOICE, OFF (optimizer), N_("Optimizer"),
    N_("AdamW keeps two FP32 states per parameter: 8 bytes"), 0, 0, 0, 0, 1, CHOICES (optimizer) },
  { "grad_dtype", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_CHOICE, OFF (grad_dtype), N_("Gradient type"),
    N_("Gradients in FP32 take 4 bytes per parameter instead of 2"), 0, 0, 0, 0, 1, CHOICES (grad) },
  { "zero_stage", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_CHOICE, OFF (zero_stage), N_("ZeRO / FSDP stage"),
    N_("Splits optimizer states, gradients and weights across GPUs"), 0, 0, 0, 0, 1, CHOICES (zero) },
  { "zero3_prefetch", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_BOOL, OFF (zero3_prefetch), N_("Prefetch next layer"),
    N_("With ZeRO-3, gather the next layer early: faster, one more layer in memory"), 0, 0, 0, 0, 1, NULL, NULL, 0 },
  { "tp", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_UINT, OFF (tp), N_("Tensor parallel"),
    N_("GPUs that split every layer; needs NVLink or HCCS"), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, 0, 1, NULL, NULL, 0 },
  { "pp", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_UINT, OFF (pp), N_("Pipeline parallel"),
    N_("Groups of layers on different GPUs"), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, 0, 1, NULL, NULL, 0 },
  { "offload", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_CHOICE, OFF (offload), N_("CPU offload"),
    N_("Keep optimizer states in server RAM when GPU memory is short"), 0, 0, 0, 0, 1, CHOICES (offload) },
  { "lora_rank", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_UINT, OFF (lora_rank), N_("LoRA rank"),
    N_("Size of the trained adapters; higher is bigger and slower"), TS_MIN_LORA_RANK, TS_MAX_LORA_RANK, 8, 0, 1, NULL, NULL, 0 },
  { "lora_targets", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_CHOICE, OFF (lora_targets), N_("LoRA targets"),
    N_("Which layers get adapters"), 0, 0, 0, 0, 1, CHOICES (targets) },
  { "runtime_overhead", TS_FORM_GROUP_ADVANCED, TS_FORM_FIELD_DOUBLE, OFF (runtime_overhead_bytes), N_("Memory reserve per GPU, GB"),
    N_("CUDA context, kernels and libraries that take memory before training starts"), 0, TS_MAX_RUNTIME_OVERHEAD, 0.5, 1, BILLION, NULL, NULL, 0 },

  /* A spin, not the two usual heights (42U, 48U): a file may hold any
   * height the engine accepts, and the window must show it. */
  { "rack_units", TS_FORM_GROUP_SITE, TS_FORM_FIELD_UINT, OFF (rack_units), N_("Rack height, units"),
    N_("Units in each rack of the data centre, usually 42 or 48"), TS_MIN_RACK_UNITS, TS_MAX_RACK_UNITS, 1, 0, 1,
    NULL, NULL, 0 },
  { "rack_kw", TS_FORM_GROUP_SITE, TS_FORM_FIELD_DOUBLE, OFF (rack_kw), N_("Rack power limit, kW"),
    N_("What one rack’s power feed and cooling can take"), TS_MIN_RACK_KW, TS_MAX_RACK_KW, 1, 1, 1, NULL, NULL, 0 },
  { "voltage", TS_FORM_GROUP_SITE, TS_FORM_FIELD_DOUBLE, OFF (voltage), N_("Voltage, V"),
    N_("Phase-to-neutral voltage of the feed"), TS_MIN_VOLTAGE, TS_MAX_VOLTAGE, 10, 0, 1, NULL, NULL, 0 },
  { "phases", TS_FORM_GROUP_SITE, TS_FORM_FIELD_CHOICE, OFF (phases), N_("Phases"),
    N_("Sets the current each phase carries"), 0, 0, 0, 0, 1, CHOICES (phase) },
  { "pue", TS_FORM_GROUP_SITE, TS_FORM_FIELD_DOUBLE, OFF (pue), N_("PUE"),
    N_("Total facility power divided by IT power; cooling and losses"), TS_MIN_PUE, TS_MAX_PUE, 0.05, 2, 1, NULL, NULL, 0 },
  { "price_kwh", TS_FORM_GROUP_SITE, TS_FORM_FIELD_DOUBLE, OFF (price_kwh), N_("Electricity price per kWh"),
    N_("For the energy cost of the run; 0 leaves the cost out"), 0, TS_MAX_PRICE_KWH, 0.5, 2, 1, NULL, NULL, 0 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (ts_form_fields) == TS_FORM_N_FIELDS);

const TsFormField *
ts_form_field_lookup (const char *key)
{
  for (guint i = 0; i < TS_FORM_N_FIELDS; i++)
    if (g_str_equal (ts_form_fields[i].key, key))
      return &ts_form_fields[i];
  return NULL;
}

/* The scenario's fields are guint, double or an int-sized enum, gboolean
 * or int: copied by size, so no field needs a cast of its own. */
double
ts_form_field_get_value (const TsFormField *field,
                         const TsScenario  *s)
{
  const char *base = (const char *) s;
  double value;
  gint32 i;
  guint32 u;

  switch (field->kind)
    {
    case TS_FORM_FIELD_DOUBLE:
      memcpy (&value, base + field->offset, sizeof value);
      return value;
    case TS_FORM_FIELD_UINT:
      memcpy (&u, base + field->offset, sizeof u);
      return u;
    case TS_FORM_FIELD_BOOL:
    case TS_FORM_FIELD_CHOICE:
    default:
      memcpy (&i, base + field->offset, sizeof i);
      return i;
    }
}

void
ts_form_field_set_value (const TsFormField *field,
                         TsScenario        *s,
                         double             value)
{
  char *base = (char *) s;
  gint32 i = (gint32) value;
  guint32 u = value < 0 ? 0 : (guint32) value;

  switch (field->kind)
    {
    case TS_FORM_FIELD_DOUBLE:
      memcpy (base + field->offset, &value, sizeof value);
      break;
    case TS_FORM_FIELD_UINT:
      memcpy (base + field->offset, &u, sizeof u);
      break;
    case TS_FORM_FIELD_BOOL:
    case TS_FORM_FIELD_CHOICE:
    default:
      memcpy (base + field->offset, &i, sizeof i);
      break;
    }
}
