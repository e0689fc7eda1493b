/* ts-export.c — a plan's shown option as a training framework's configuration
 *
 * Each format writes the keys its framework's own sources define, with the
 * value types it expects, at the release the framework table names
 * (ts-framework.c; the keys are listed, with the files and commits read,
 * in tests/data/framework-keys.json).
 *
 * A file is written only for a framework that runs the option's layout
 * with the memory rules the plan was sized by (issue 26): the plan's own
 * framework, or where the scenario leaves it automatic, another that runs
 * the same layout the same way. Otherwise the format is refused with the
 * reason and the formats that can (ts_export_plan ()). What a file leaves
 * to the training script (datasets, LoRA in DeepSpeed's JSON) is said in
 * a comment. DeepSpeed's JSON has no comments: its notes go in a
 * "_comment" list, which DeepSpeed does not read.
 *
 * Every string from outside (model and server names, hub ids, layer
 * classes) is escaped for the format: one line of printable text in a
 * comment, a double-quoted YAML scalar with escapes, JSON by json-glib,
 * shell quoting in Megatron-LM's arguments (issue 24, class 3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-error.h"
#include "ts-export.h"
#include "ts-framework.h"
#include "ts-model.h"
#include "ts-json.h"

/* What a file names when the model's hub id or layer class is unknown:
 * plainly a blank to fill in, never a plausible-looking guess. */
#define PLACEHOLDER_MODEL "REPLACE-WITH/huggingface-model-id"
#define DEEPSPEED_FILE    "ds_config.json"

guint
ts_export_gradient_accumulation (const TsPlan *plan)
{
  const TsOption *option = ts_plan_get_shown_option (plan);

  /* the planner's: ⌈global batch / (micro-batch × data parallel)⌉ */
  return option != NULL ? MAX (1u, option->accumulation) : 1;
}

/* ---- what every format needs ------------------------------------------ */

typedef enum
{
  SHARDING_NONE,       /* one GPU */
  SHARDING_DDP,        /* ZeRO-0: replicas */
  SHARDING_FSDP,       /* ZeRO-2/3 without offload: FSDP2 */
  SHARDING_DEEPSPEED,  /* ZeRO-1, or optimizer offload: DeepSpeed */
} Sharding;

typedef struct
{
  const TsPlan     *plan;
  const TsScenario *s;
  const TsOption   *option;
  const TsLayout   *layout;
  guint             accumulation;
  guint64           global_batch;
  const char       *model_id;     /* hub id or the placeholder */
  const char       *layer_class;  /* NULL = unknown */
  Sharding          sharding;
  TsFramework       framework;    /* the framework the file runs */
  guint             nodes;        /* servers the run is launched on */
  guint             per_node;     /* processes (GPUs) on each */
  GString          *out;
} Export;

static Sharding
choose_sharding (const TsLayout   *layout,
                 const TsScenario *s,
                 TsFramework       framework)
{
  if (layout->gpus <= 1)
    return SHARDING_NONE;
  if (framework == TS_FRAMEWORK_DEEPSPEED)
    return SHARDING_DEEPSPEED;
  /* FSDP2's CPU offload moves parameters too; DeepSpeed can move the
   * optimizer state alone, as sized. FSDP has no ZeRO-1. */
  if (s->offload == TS_OFFLOAD_OPTIMIZER || layout->zero_stage == 1)
    return SHARDING_DEEPSPEED;
  if (layout->zero_stage == 0)
    return SHARDING_DDP;
  return SHARDING_FSDP;
}

/* Whether YAML 1.1 takes the character as it is inside a double-quoted
 * scalar (its c-printable, without the line breaks NEL, LS and PS that
 * YAML reads as new lines). */
static gboolean
yaml_printable (gunichar c)
{
  if (c == 0x85 || c == 0x2028 || c == 0x2029)
    return FALSE;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff)
         || (c >= 0xe000 && c <= 0xfffd && c != 0xfeff) || (c >= 0x10000 && c <= 0x10ffff);
}

/* Text from outside as one line of printable characters: a control or
 * line-break character becomes a space, so nothing after it can become
 * a key of the file. Invalid UTF-8 becomes U+FFFD. */
static char *
one_line (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (yaml_printable (c))
        g_string_append_unichar (out, c);
      else
        g_string_append_c (out, ' ');
    }
  return g_string_free (out, FALSE);
}

static void
comment (Export     *e,
         const char *prefix,
         const char *format,
         ...) G_GNUC_PRINTF (3, 4);

/* One comment line (“# …” in YAML and argument files). */
static void
comment (Export     *e,
         const char *prefix,
         const char *format,
         ...)
{
  va_list ap;
  g_autofree char *text = NULL;

  g_autofree char *line = NULL;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  line = one_line (text);
  g_string_append_printf (e->out, "%s %s\n", prefix, line);
}

/* The notes every file starts with, as plain sentences; each format puts
 * them in its own comment syntax. */
static GPtrArray *
common_notes (const Export *e)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);
  const TsLayout *l = e->layout;

  const TsFrameworkInfo *f = ts_framework_info (e->framework);

  g_ptr_array_add (notes, g_strdup_printf (_("Written by Train Sizer %s for %s, %s."),
                                           PACKAGE_VERSION, e->s->model.name,
                                           ts_method_label (e->s->method)));
  g_ptr_array_add (notes, g_strdup_printf (/* Translators: “Framework: Megatron-LM, the keys of Megatron-Core 0.15.0.” */
                                           _("Framework: %s, the keys of %s."), f->name, f->release));
  /* every count with its own plural ("1 GPU", issue 33) */
  g_ptr_array_add (notes, g_strdup_printf (ngettext ("Hardware: %u × %s, %u GPU.", "Hardware: %u × %s, %u GPUs.",
                                                     e->option->gpus),
                                           e->option->servers, e->option->server->name, e->option->gpus));
  if (l->gpus < e->option->gpus)
    {
      g_autofree char *uses = g_strdup_printf (/* Translators: first part of “The layout uses 12 of the 16 GPUs: launch 6 processes on each of 2 servers.” */
                                               ngettext ("The layout uses %u of the %u GPU", "The layout uses %u of the %u GPUs",
                                                         e->option->gpus),
                                               l->gpus, e->option->gpus);
      g_autofree char *launch = g_strdup_printf (/* Translators: second part of “The layout uses 12 of the 16 GPUs: launch 6 processes on each of 2 servers.” */
                                                 ngettext ("launch %u process", "launch %u processes", e->per_node),
                                                 e->per_node);
      g_autofree char *servers = g_strdup_printf (/* Translators: last part of “The layout uses 12 of the 16 GPUs: launch 6 processes on each of 2 servers.” */
                                                  ngettext ("on each of %u server", "on each of %u servers", e->nodes),
                                                  e->nodes);

      g_ptr_array_add (notes, g_strdup_printf (/* Translators: “The layout uses 12 of the 16 GPUs” “launch 6 processes” “on each of 2 servers” */
                                               _("%s: %s %s."), uses, launch, servers));
    }
  g_ptr_array_add (notes, g_strdup_printf (_("Layout: tensor parallel %u, pipeline parallel %u, data parallel %u, expert parallel %u, ZeRO stage %d."),
                                           l->tp, l->pp, l->dp, l->ep, l->zero_stage));
  g_ptr_array_add (notes, g_strdup_printf (/* Translators: “Gradient accumulation is 16: a global batch of 2048 sequences = micro-batch 1 × 16 × data parallel 128.” */
                                           ngettext ("Gradient accumulation is %u: a global batch of %u sequence = micro-batch %u × %u × data parallel %u.",
                                                     "Gradient accumulation is %u: a global batch of %u sequences = micro-batch %u × %u × data parallel %u.",
                                                     e->option->global_batch),
                                           e->accumulation, e->option->global_batch, e->s->micro_batch,
                                           e->accumulation, MAX (e->layout->dp, 1)));
  if (g_strcmp0 (e->model_id, PLACEHOLDER_MODEL) == 0)
    g_ptr_array_add (notes, g_strdup (_("The model's Hugging Face id is unknown: replace the placeholder.")));
  return notes;
}

static void
yaml_notes (Export *e)
{
  g_autoptr(GPtrArray) notes = common_notes (e);

  for (guint i = 0; i < notes->len; i++)
    comment (e, "#", "%s", (const char *) g_ptr_array_index (notes, i));
}

/* A YAML scalar in double quotes: \ and " escaped, and every character
 * YAML would not take as it is (controls, NEL, LS, PS, a BOM) written as
 * \uXXXX or \UXXXXXXXX, so the value stays one value. */
static void
yaml_string (Export     *e,
             const char *indent,
             const char *key,
             const char *value)
{
  g_autofree char *valid = g_utf8_make_valid (value, -1);

  g_string_append_printf (e->out, "%s%s: \"", indent, key);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '"' || c == '\\')
        g_string_append_printf (e->out, "\\%c", (char) c);
      else if (yaml_printable (c))
        g_string_append_unichar (e->out, c);
      else if (c <= 0xffff)
        g_string_append_printf (e->out, "\\u%04X", c);
      else
        g_string_append_printf (e->out, "\\U%08X", c);
    }
  g_string_append (e->out, "\"\n");
}

static void
yaml_int (Export     *e,
          const char *indent,
          const char *key,
          gint64      value)
{
  g_string_append_printf (e->out, "%s%s: %" G_GINT64_FORMAT "\n", indent, key, value);
}

static void
yaml_bool (Export     *e,
           const char *indent,
           const char *key,
           gboolean    value)
{
  g_string_append_printf (e->out, "%s%s: %s\n", indent, key, value ? "true" : "false");
}

static void
yaml_word (Export     *e,
           const char *indent,
           const char *key,
           const char *value)
{
  g_string_append_printf (e->out, "%s%s: %s\n", indent, key, value);
}

static gboolean
is_bf16 (const TsScenario *s)
{
  return s->precision == TS_PRECISION_BF16 || s->precision == TS_PRECISION_PURE_BF16
         || s->precision == TS_PRECISION_FP8;
}

static void
note_lora (Export     *e,
           const char *prefix,
           const char *framework)
{
  if (e->s->method != TS_METHOD_FULL)
    comment (e, prefix, _("%s has no LoRA keys: the adapter (rank %u) is set by the training script."),
             framework, e->s->lora_rank);
}

static void
note_selective (Export     *e,
                const char *prefix)
{
  if (e->s->checkpointing == TS_CHECKPOINTING_SELECTIVE)
    comment (e, prefix, _("Selective recomputation (attention only) has no key here: gradient checkpointing recomputes whole layers."));
}

/* ---- DeepSpeed JSON ------------------------------------------------------ */

static void
put_deepspeed_body (Export      *e,
                    JsonBuilder *b)
{
  const TsScenario *s = e->s;

  ts_json_add_int (b, "train_micro_batch_size_per_gpu", s->micro_batch);
  ts_json_add_int (b, "gradient_accumulation_steps", e->accumulation);
  /* micro-batch × accumulation × data-parallel GPUs, which DeepSpeed checks */
  ts_json_add_int (b, "train_batch_size", e->global_batch);
  ts_json_add_double (b, "gradient_clipping", 1.0);

  json_builder_set_member_name (b, "bf16");
  json_builder_begin_object (b);
  ts_json_add_bool (b, "enabled", is_bf16 (s));
  json_builder_end_object (b);
  json_builder_set_member_name (b, "fp16");
  json_builder_begin_object (b);
  ts_json_add_bool (b, "enabled", s->precision == TS_PRECISION_FP16);
  json_builder_end_object (b);

  /* gradients accumulate in the model's dtype unless this says FP32
   * (engine.py get_data_types ()): the plan's gradient dtype */
  if (s->grad_dtype == TS_GRAD_FP32 && s->precision != TS_PRECISION_FP32 && s->method == TS_METHOD_FULL)
    {
      json_builder_set_member_name (b, "data_types");
      json_builder_begin_object (b);
      ts_json_add_string (b, "grad_accum_dtype", "fp32");
      json_builder_end_object (b);
    }

  json_builder_set_member_name (b, "zero_optimization");
  json_builder_begin_object (b);
  ts_json_add_int (b, "stage", e->layout->zero_stage);
  ts_json_add_bool (b, "overlap_comm", TRUE);
  ts_json_add_bool (b, "contiguous_gradients", TRUE);
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    {
      json_builder_set_member_name (b, "offload_optimizer");
      json_builder_begin_object (b);
      ts_json_add_string (b, "device", "cpu");
      ts_json_add_bool (b, "pin_memory", TRUE);
      json_builder_end_object (b);
    }
  if (e->layout->zero_stage == 3)
    ts_json_add_bool (b, "stage3_gather_16bit_weights_on_model_save", TRUE);
  json_builder_end_object (b);
}

static void
write_deepspeed (Export *e)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) notes = common_notes (e);
  g_autoptr(GString) saved = e->out;
  g_autofree char *text = NULL;

  /* The notes that only comment () formats are collected here too. */
  e->out = g_string_new (NULL);
  if (e->layout->gpus > 1)
    {
      g_autofree char *each = g_strdup_printf (/* Translators: “2 on each of 1 server”, inside the DeepSpeed note’s brackets */
                                               ngettext ("%u on each of %u server", "%u on each of %u servers", e->nodes),
                                               e->per_node, e->nodes);

      comment (e, "", _("DeepSpeed's data-parallel world is every GPU launched: start it on %u GPUs (%s), which the batch identity below counts."),
               e->layout->gpus, each);
    }
  note_lora (e, "", "DeepSpeed");
  if (e->s->precision == TS_PRECISION_FP8)
    comment (e, "", _("FP8 compute needs Transformer Engine in the training script; this file keeps BF16."));
  if (e->s->precision == TS_PRECISION_PURE_BF16)
    comment (e, "", _("Pure BF16 (no FP32 master weights) is not a DeepSpeed option: DeepSpeed's BF16 keeps FP32 master weights."));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "_comment");
  json_builder_begin_array (b);
  for (guint i = 0; i < notes->len; i++)
    {
      g_autofree char *line = one_line (g_ptr_array_index (notes, i));

      json_builder_add_string_value (b, line);
    }
  {
    g_auto(GStrv) lines = g_strsplit (e->out->str, "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
      if (*g_strstrip (lines[i]) != '\0')
        json_builder_add_string_value (b, lines[i]);
  }
  json_builder_end_array (b);
  put_deepspeed_body (e, b);
  json_builder_end_object (b);

  g_string_free (e->out, TRUE);
  e->out = g_steal_pointer (&saved);

  root = json_builder_get_root (b);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  g_string_append (e->out, text);
  g_string_append_c (e->out, '\n');
}

/* ---- Accelerate YAML ------------------------------------------------------ */

static const char *
accelerate_precision (const TsScenario *s)
{
  switch (s->precision)
    {
    case TS_PRECISION_BF16: return "bf16";
    case TS_PRECISION_FP16: return "fp16";
    case TS_PRECISION_FP8: return "fp8";
    case TS_PRECISION_FP32:
    case TS_PRECISION_PURE_BF16:
    case TS_N_PRECISIONS:
    default:
      return "\"no\"";  /* quoted: a bare no is YAML 1.1's false */
    }
}

static void
write_fsdp_keys (Export     *e,
                 const char *indent,
                 const char *prefix)
{
  g_autofree char *version = g_strconcat (prefix, "version", NULL);
  g_autofree char *reshard = g_strconcat (prefix, "reshard_after_forward", NULL);
  g_autofree char *policy = g_strconcat (prefix, "auto_wrap_policy", NULL);
  g_autofree char *cls = g_strconcat (prefix, "transformer_layer_cls_to_wrap", NULL);
  g_autofree char *offload = g_strconcat (prefix, "offload_params", NULL);
  g_autofree char *state = g_strconcat (prefix, "state_dict_type", NULL);

  if (*prefix != '\0')
    yaml_int (e, indent, version, 2);
  /* ZeRO-3 shards the weights between uses; ZeRO-2 keeps them whole */
  yaml_bool (e, indent, reshard, e->layout->zero_stage >= 3);
  yaml_word (e, indent, policy, "TRANSFORMER_BASED_WRAP");
  if (e->layer_class != NULL)
    yaml_string (e, indent, cls, e->layer_class);
  else
    comment (e, indent[0] != '\0' ? "  #" : "#",
             _("The decoder layer's class is unknown: without %s the model's own _no_split_modules are wrapped."), cls);
  yaml_bool (e, indent, offload, FALSE);
  yaml_word (e, indent, state, "SHARDED_STATE_DICT");
}

static void
write_accelerate (Export *e)
{
  const TsScenario *s = e->s;
  static const char *const types[] = { "\"NO\"", "MULTI_GPU", "FSDP", "DEEPSPEED" };

  yaml_notes (e);
  note_lora (e, "#", "Accelerate");
  note_selective (e, "#");
  if (s->precision == TS_PRECISION_PURE_BF16)
    comment (e, "#", _("Pure BF16: load the model in bfloat16; Accelerate's mixed precision stays off."));

  yaml_word (e, "", "compute_environment", "LOCAL_MACHINE");
  yaml_word (e, "", "distributed_type", types[e->sharding]);
  yaml_word (e, "", "mixed_precision", accelerate_precision (s));
  yaml_int (e, "", "num_machines", e->nodes);
  yaml_int (e, "", "num_processes", e->layout->gpus);
  yaml_int (e, "", "machine_rank", 0);
  yaml_word (e, "", "main_training_function", "main");
  yaml_word (e, "", "rdzv_backend", "static");
  yaml_bool (e, "", "same_network", TRUE);
  yaml_bool (e, "", "use_cpu", FALSE);

  if (e->sharding == SHARDING_FSDP)
    {
      g_string_append (e->out, "fsdp_config:\n");
      write_fsdp_keys (e, "  ", "fsdp_");
      yaml_bool (e, "  ", "fsdp_activation_checkpointing", s->checkpointing == TS_CHECKPOINTING_FULL);
      yaml_bool (e, "  ", "fsdp_cpu_ram_efficient_loading", TRUE);
    }
  else if (e->sharding == SHARDING_DEEPSPEED)
    {
      g_string_append (e->out, "deepspeed_config:\n");
      yaml_int (e, "  ", "zero_stage", e->layout->zero_stage);
      yaml_int (e, "  ", "gradient_accumulation_steps", e->accumulation);
      g_string_append (e->out, "  gradient_clipping: 1.0\n");
      yaml_word (e, "  ", "offload_optimizer_device", s->offload == TS_OFFLOAD_OPTIMIZER ? "cpu" : "none");
      yaml_word (e, "  ", "offload_param_device", "none");
      yaml_bool (e, "  ", "zero3_init_flag", e->layout->zero_stage == 3);
      yaml_bool (e, "  ", "zero3_save_16bit_model", e->layout->zero_stage == 3);
      if (e->option->servers > 1)
        yaml_word (e, "  ", "deepspeed_multinode_launcher", "standard");
    }
}

/* ---- Axolotl YAML --------------------------------------------------------- */

static const char *
optimizer_name (const TsScenario *s)
{
  /* transformers' OptimizerNames, which Axolotl and LLaMA-Factory take */
  switch (s->optimizer)
    {
    case TS_OPTIMIZER_ADAMW_8BIT: return s->paged_optimizer ? "paged_adamw_8bit" : "adamw_bnb_8bit";
    case TS_OPTIMIZER_ADAFACTOR: return "adafactor";
    case TS_OPTIMIZER_SGD: return "sgd";
    case TS_OPTIMIZER_LION: return s->paged_optimizer ? "paged_lion_32bit" : "lion_32bit";
    case TS_OPTIMIZER_ADAMW:
    case TS_N_OPTIMIZERS:
    default:
      return s->paged_optimizer ? "paged_adamw_32bit" : "adamw_torch_fused";
    }
}

static void
write_lora_modules (Export     *e,
                    const char *key)
{
  static const char *const qv[] = { "q_proj", "v_proj", NULL };
  static const char *const attention[] = { "q_proj", "k_proj", "v_proj", "o_proj", NULL };
  const char *const *modules = e->s->lora_targets == TS_LORA_TARGETS_QV ? qv : attention;

  g_string_append_printf (e->out, "%s:\n", key);
  for (guint i = 0; modules[i] != NULL; i++)
    g_string_append_printf (e->out, "  - %s\n", modules[i]);
}

static void
write_axolotl (Export *e)
{
  const TsScenario *s = e->s;

  yaml_notes (e);
  note_selective (e, "#");
  comment (e, "#", _("Add your datasets (datasets:, with path and type) before training."));

  yaml_string (e, "", "base_model", e->model_id);
  if (s->method == TS_METHOD_FULL)
    comment (e, "#", _("Full training: no adapter."));
  else
    {
      yaml_word (e, "", "adapter", s->method == TS_METHOD_QLORA ? "qlora" : "lora");
      yaml_bool (e, "", "load_in_4bit", s->method == TS_METHOD_QLORA);
      yaml_int (e, "", "lora_r", s->lora_rank);
      /* alpha = 2 × rank, the convention of Axolotl's examples */
      yaml_int (e, "", "lora_alpha", 2 * (gint64) s->lora_rank);
      g_string_append (e->out, "lora_dropout: 0.05\n");
      yaml_bool (e, "", "lora_target_linear", s->lora_targets == TS_LORA_TARGETS_ALL_LINEAR);
      if (s->lora_targets != TS_LORA_TARGETS_ALL_LINEAR)
        write_lora_modules (e, "lora_target_modules");
    }
  yaml_int (e, "", "sequence_len", s->seq_len);
  yaml_int (e, "", "micro_batch_size", s->micro_batch);
  yaml_int (e, "", "gradient_accumulation_steps", e->accumulation);
  yaml_bool (e, "", "gradient_checkpointing", s->checkpointing != TS_CHECKPOINTING_NONE);
  yaml_bool (e, "", "flash_attention", s->flash_attention);
  yaml_bool (e, "", "bf16", is_bf16 (s));
  yaml_bool (e, "", "fp16", s->precision == TS_PRECISION_FP16);
  yaml_word (e, "", "optimizer", optimizer_name (s));
  yaml_string (e, "", "output_dir", "./outputs");

  if (e->sharding == SHARDING_FSDP)
    {
      yaml_int (e, "", "fsdp_version", 2);
      g_string_append (e->out, "fsdp_config:\n");
      write_fsdp_keys (e, "  ", "");
    }
  else if (e->sharding == SHARDING_DEEPSPEED)
    {
      comment (e, "#", _("Write %s with: trainsizer-cli export --format deepspeed (same options) --output %s"),
               DEEPSPEED_FILE, DEEPSPEED_FILE);
      yaml_string (e, "", "deepspeed", DEEPSPEED_FILE);
    }
}

/* ---- LLaMA-Factory YAML --------------------------------------------------- */

static void
write_llamafactory (Export *e)
{
  const TsScenario *s = e->s;
  static const char *const targets[] = { "q_proj,v_proj", "q_proj,k_proj,v_proj,o_proj", "all" };

  yaml_notes (e);
  note_selective (e, "#");
  comment (e, "#", _("Set dataset (names from data/dataset_info.json) and template before training."));

  yaml_string (e, "", "model_name_or_path", e->model_id);
  yaml_word (e, "", "stage", "sft");
  yaml_bool (e, "", "do_train", TRUE);
  yaml_word (e, "", "finetuning_type", s->method == TS_METHOD_FULL ? "full" : "lora");
  if (s->method != TS_METHOD_FULL)
    {
      yaml_int (e, "", "lora_rank", s->lora_rank);
      yaml_word (e, "", "lora_target", targets[MIN (s->lora_targets, G_N_ELEMENTS (targets) - 1)]);
    }
  if (s->method == TS_METHOD_QLORA)
    {
      yaml_int (e, "", "quantization_bit", 4);
      /* QuantizationMethod.BNB (extras/constants.py) */
      yaml_word (e, "", "quantization_method", "bnb");
      yaml_bool (e, "", "double_quantization", s->double_quant);
    }
  if (e->sharding == SHARDING_FSDP || e->sharding == SHARDING_DEEPSPEED)
    {
      comment (e, "#", _("Write %s with: trainsizer-cli export --format deepspeed (same options) --output %s"),
               DEEPSPEED_FILE, DEEPSPEED_FILE);
      yaml_string (e, "", "deepspeed", DEEPSPEED_FILE);
    }
  yaml_int (e, "", "cutoff_len", s->seq_len);
  yaml_int (e, "", "per_device_train_batch_size", s->micro_batch);
  yaml_int (e, "", "gradient_accumulation_steps", e->accumulation);
  yaml_bool (e, "", "bf16", s->precision == TS_PRECISION_BF16 || s->precision == TS_PRECISION_FP8);
  yaml_bool (e, "", "pure_bf16", s->precision == TS_PRECISION_PURE_BF16);
  yaml_bool (e, "", "fp16", s->precision == TS_PRECISION_FP16);
  yaml_word (e, "", "flash_attn", s->flash_attention ? "fa2" : "disabled");
  /* LLaMA-Factory checkpoints gradients unless told not to */
  yaml_bool (e, "", "disable_gradient_checkpointing", s->checkpointing == TS_CHECKPOINTING_NONE);
  yaml_word (e, "", "optim", optimizer_name (s));
  yaml_string (e, "", "output_dir", "saves/train-sizer");
}

/* ---- Megatron-LM arguments ---------------------------------------------- */

static void
arg (Export     *e,
     const char *name,
     const char *value)
{
  if (value == NULL)
    g_string_append_printf (e->out, "%s\n", name);
  else
    {
      g_autofree char *quoted = g_shell_quote (value);

      gboolean plain = *value != '\0';

      /* quoted unless every character is one the shell takes as it is */
      for (const char *p = value; *p != '\0'; p++)
        if (!g_ascii_isalnum (*p) && strchr ("._/:=+,-", *p) == NULL)
          plain = FALSE;
      g_string_append_printf (e->out, "%s %s\n", name, plain ? value : quoted);
    }
}

static void
arg_uint (Export     *e,
          const char *name,
          guint64     value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  arg (e, name, text);
}

static void
write_megatron_model (Export *e)
{
  const TsArchitecture *a = &e->s->model.arch;

  arg_uint (e, "--num-layers", a->layers);
  arg_uint (e, "--hidden-size", a->hidden_size);
  arg_uint (e, "--num-attention-heads", a->attention_heads);
  if (!ts_architecture_is_mla (a) && a->kv_heads < a->attention_heads)
    {
      arg (e, "--group-query-attention", NULL);
      arg_uint (e, "--num-query-groups", a->kv_heads);
    }
  if (!ts_architecture_is_mla (a) && (guint64) a->head_dim * a->attention_heads != a->hidden_size)
    arg_uint (e, "--kv-channels", a->head_dim);
  if (a->ffn_size > 0)
    arg_uint (e, "--ffn-hidden-size", a->ffn_size);
  if (a->mlp == TS_MLP_SWIGLU)
    arg (e, "--swiglu", NULL);
  else if (a->mlp == TS_MLP_GEGLU)
    comment (e, "#", _("GeGLU has no Megatron-LM switch: set the gated GELU activation in the model provider."));
  arg (e, "--normalization", a->norm_bias ? "LayerNorm" : "RMSNorm");
  if (!a->tied_embeddings)
    arg (e, "--untie-embeddings-and-output-weights", NULL);
  arg (e, "--disable-bias-linear", NULL);
  if (a->qkv_bias)
    arg (e, "--add-qkv-bias", NULL);
  if (a->qk_norm)
    arg (e, "--qk-layernorm", NULL);
  arg (e, "--position-embedding-type", "rope");

  if (ts_architecture_is_moe (a))
    {
      arg_uint (e, "--num-experts", a->experts);
      arg_uint (e, "--moe-router-topk", a->active_experts);
      arg_uint (e, "--moe-ffn-hidden-size", a->expert_ffn_size);
      if (a->shared_experts > 0)
        arg_uint (e, "--moe-shared-expert-intermediate-size",
                  a->shared_expert_ffn_size > 0 ? a->shared_expert_ffn_size
                                                : (guint64) a->shared_experts * a->expert_ffn_size);
      if (a->dense_layers > 0)
        {
          /* Megatron-LM's pattern: the leading layers dense, the rest MoE */
          g_autofree char *pattern = g_strdup_printf ("([0]*%u+[1]*%u)", a->dense_layers, a->layers - a->dense_layers);

          arg (e, "--moe-layer-freq", pattern);
        }
    }
  if (ts_architecture_is_mla (a))
    {
      arg (e, "--multi-latent-attention", NULL);
      if (a->q_lora_rank > 0)
        arg_uint (e, "--q-lora-rank", a->q_lora_rank);
      arg_uint (e, "--kv-lora-rank", a->kv_lora_rank);
      arg_uint (e, "--qk-head-dim", a->qk_nope_head_dim);
      arg_uint (e, "--qk-pos-emb-head-dim", a->qk_rope_head_dim);
      arg_uint (e, "--v-head-dim", a->v_head_dim);
    }
}

/* The planner's interleaved chunks, which the layout search gave only
 * where Megatron-LM runs them (ts_framework_runs ()). */
static guint
megatron_virtual_stages (const Export *e)
{
  return MAX (1u, e->option->virtual_stages);
}

/* Stages or chunks that do not divide the layers: Megatron-LM's
 * --pipeline-model-parallel-layout, chunk by chunk in its order (virtual
 * rank × pp + pipeline rank), the embedding first and the loss last
 * (core/transformer/pipeline_parallel_layer_layout.py). */
static char *
megatron_pipeline_layout (const Export *e)
{
  guint layers = e->s->model.arch.layers;
  guint pp = e->layout->pp;
  guint v = megatron_virtual_stages (e);
  GString *out = g_string_new ("E");

  for (guint c = 0; c < pp * v; c++)
    {
      guint n = ts_framework_chunk_layers (layers, pp, v, c);

      if (c > 0)
        g_string_append_c (out, '|');
      if (n > 0)
        g_string_append_printf (out, "t*%u", n);
    }
  g_string_append_c (out, 'L');
  return g_string_free (out, FALSE);
}

/* Full recomputation: every layer (uniform, one layer per checkpoint), or
 * the planner's block recomputation of k of each stage's layers.
 * Megatron-LM's block method counts the layers of each model chunk
 * (TransformerBlock of one virtual stage), so with v chunks written k is
 * spread over them, rounded up: never less recomputed than sized. */
static void
write_megatron_recompute (Export *e)
{
  const TsLayout *l = e->layout;
  guint stage = e->option->memory.activations.stage_layers;
  guint chunks = megatron_virtual_stages (e);

  arg (e, "--recompute-granularity", "full");
  if (stage == 0 || l->recompute_layers >= stage)
    {
      arg (e, "--recompute-method", "uniform");
      arg_uint (e, "--recompute-num-layers", 1);
      return;
    }
  arg (e, "--recompute-method", "block");
  arg_uint (e, "--recompute-num-layers", (l->recompute_layers + chunks - 1) / chunks);
}

static void
write_megatron (Export *e)
{
  const TsScenario *s = e->s;
  const TsLayout *l = e->layout;

  yaml_notes (e);
  /* eval, so the shell removes the quotes of --moe-layer-freq's pattern */
  comment (e, "#", _("One argument per line, in shell quoting. Run: eval \"torchrun --nnodes %u --nproc-per-node %u pretrain_gpt.py $(grep -v '^#' THIS_FILE | tr '\\n' ' ') --data-path … --tokenizer-type …\""),
           e->nodes, e->per_node);
  if (is_bf16 (s) && s->method == TS_METHOD_FULL)
    comment (e, "#", _("BF16: Megatron-LM accumulates and reduces the gradients in FP32 (4 bytes per parameter), as sized."));
  if (!s->model.has_architecture || s->model.architecture_inferred)
    comment (e, "#", _("The model is known by its size only: the architecture below is Train Sizer's estimate, not a published one."));

  arg_uint (e, "--tensor-model-parallel-size", l->tp);
  arg_uint (e, "--pipeline-model-parallel-size", l->pp);
  /* context parallelism (docs/sizing-model.md §8.9) */
  if (l->cp > 1)
    arg_uint (e, "--context-parallel-size", l->cp);
  /* the planner's stages: even chunks by count, uneven ones placed */
  if (l->pp > 1 && ts_framework_uneven (s->model.arch.layers, l->pp, megatron_virtual_stages (e)))
    {
      g_autofree char *layout = megatron_pipeline_layout (e);

      arg (e, "--pipeline-model-parallel-layout", layout);
    }
  else if (megatron_virtual_stages (e) > 1)
    arg_uint (e, "--num-layers-per-virtual-pipeline-stage",
              s->model.arch.layers / (l->pp * megatron_virtual_stages (e)));
  if (s->sequence_parallel && l->tp > 1)
    arg (e, "--sequence-parallel", NULL);
  if (ts_architecture_is_moe (&s->model.arch))
    arg_uint (e, "--expert-model-parallel-size", l->ep);
  if (l->zero_stage >= 1)
    arg (e, "--use-distributed-optimizer", NULL);
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    {
      /* validate_args (): the offload runs through the precision-aware
       * optimizer's code path; its moments stay FP32 by default */
      arg (e, "--optimizer-cpu-offload", NULL);
      arg (e, "--use-precision-aware-optimizer", NULL);
    }

  write_megatron_model (e);

  arg_uint (e, "--seq-length", s->seq_len);
  arg_uint (e, "--max-position-embeddings", s->seq_len);
  arg_uint (e, "--micro-batch-size", s->micro_batch);
  arg_uint (e, "--global-batch-size", e->global_batch);
  if (is_bf16 (s))
    arg (e, "--bf16", NULL);
  else if (s->precision == TS_PRECISION_FP16)
    arg (e, "--fp16", NULL);
  if (s->precision == TS_PRECISION_FP8)
    arg (e, "--fp8-format", "hybrid");
  if (s->checkpointing == TS_CHECKPOINTING_FULL)
    write_megatron_recompute (e);
  else if (s->checkpointing == TS_CHECKPOINTING_SELECTIVE)
    arg (e, "--recompute-granularity", "selective");
  arg (e, "--optimizer", s->optimizer == TS_OPTIMIZER_SGD ? "sgd" : "adam");
}

/* ---- which framework a format writes ------------------------------------ */

/* The frameworks a format writes a run of, in the order tried. */
static guint
format_frameworks (TsExportFormat  format,
                   TsFramework     out[2])
{
  switch (format)
    {
    case TS_EXPORT_MEGATRON: out[0] = TS_FRAMEWORK_MEGATRON; return 1;
    case TS_EXPORT_DEEPSPEED: out[0] = TS_FRAMEWORK_DEEPSPEED; return 1;
    case TS_EXPORT_ACCELERATE: out[0] = TS_FRAMEWORK_FSDP; out[1] = TS_FRAMEWORK_DEEPSPEED; return 2;
    case TS_EXPORT_AXOLOTL: out[0] = TS_FRAMEWORK_AXOLOTL; return 1;
    case TS_EXPORT_LLAMAFACTORY: out[0] = TS_FRAMEWORK_LLAMAFACTORY; return 1;
    case TS_N_EXPORT_FORMATS:
    default:
      return 0;
    }
}

/* Whether `other` sizes the plan the way `framework` did: the memory
 * rules that differ between them are the gradient dtype under BF16 and
 * the logits the loss keeps. NULL when it does, else why not (free it). */
static char *
other_memory (TsFramework       framework,
              TsFramework       other,
              const TsScenario *s,
              const TsLayout   *l)
{
  TsScenario a = *s, b = *s;   /* shallow: only their dtypes are read */

  ts_framework_apply_rules (framework, &a, l);
  ts_framework_apply_rules (other, &b, l);
  if (a.grad_dtype != b.grad_dtype)
    return g_strdup_printf (_("%s keeps the gradients in another type than the plan was sized with (%s)"),
                            ts_framework_name (other), ts_framework_name (framework));
  if (a.framework_memory.logits_kept_bytes != b.framework_memory.logits_kept_bytes
      || a.framework_memory.loss_copy_bytes != b.framework_memory.loss_copy_bytes
      || a.framework_memory.loss_chunks != b.framework_memory.loss_chunks)
    return g_strdup_printf (_("%s keeps other copies of the logits for the loss than the plan was sized with (%s)"),
                            ts_framework_name (other), ts_framework_name (framework));
  return NULL;
}

/* The framework the format writes the option in, or AUTOMATIC with
 * *why set (free it). */
static TsFramework
format_framework (const TsOption   *o,
                  const TsScenario *planned,
                  const TsScenario *asked,
                  TsExportFormat    format,
                  char            **why)
{
  TsFramework candidates[2];
  guint n = format_frameworks (format, candidates);
  const TsLayout *l = &o->memory.layout;
  guint v = MAX (1u, o->virtual_stages);

  *why = NULL;
  if (o->framework == TS_FRAMEWORK_AUTOMATIC)
    {
      *why = o->framework_why != NULL ? ts_framework_dup_why (o->framework_refused, o->framework_why)
                                      : g_strdup (_("no training framework runs the option's layout"));
      return TS_FRAMEWORK_AUTOMATIC;
    }
  for (guint i = 0; i < n; i++)
    if (candidates[i] == o->framework)
      return o->framework;
  /* the file Axolotl and LLaMA-Factory name for their DeepSpeed
   * sharding is the plan's own */
  if (format == TS_EXPORT_DEEPSPEED
      && (o->framework == TS_FRAMEWORK_AXOLOTL || o->framework == TS_FRAMEWORK_LLAMAFACTORY)
      && ts_framework_runs (TS_FRAMEWORK_DEEPSPEED, planned, l, v, NULL) && l->gpus > 1
      && choose_sharding (l, planned, o->framework) != SHARDING_DDP)
    return TS_FRAMEWORK_DEEPSPEED;
  if (asked->framework != TS_FRAMEWORK_AUTOMATIC)
    {
      *why = g_strdup_printf (_("the plan is for %s, as asked"), ts_framework_name (o->framework));
      return TS_FRAMEWORK_AUTOMATIC;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *code = NULL;
      g_autofree char *differs = NULL;

      if (!ts_framework_runs (candidates[i], planned, l, v, &code))
        {
          if (*why == NULL)
            *why = ts_framework_dup_why (candidates[i], code);
          continue;
        }
      differs = other_memory (o->framework, candidates[i], planned, l);
      if (differs != NULL)
        {
          if (*why == NULL)
            *why = g_steal_pointer (&differs);
          continue;
        }
      g_clear_pointer (why, g_free);
      return candidates[i];
    }
  return TS_FRAMEWORK_AUTOMATIC;
}

/* The fewest servers the layout's GPUs spread over evenly (torchrun and
 * Accelerate start the same count on each): FALSE when none does. */
static gboolean
launch_shape (const TsOption *o,
              guint           gpus,
              guint          *nodes,
              guint          *per_node)
{
  guint per_server = MAX (1u, o->server->gpu_count);

  for (guint n = (gpus + per_server - 1) / per_server; n <= MAX (1u, o->servers); n++)
    if (n > 0 && gpus % n == 0 && gpus / n <= per_server)
      {
        *nodes = n;
        *per_node = gpus / n;
        return TRUE;
      }
  return FALSE;
}

/* The scenario the file is written from: the user's, with the option's
 * planned micro-batch, recomputation, sharding and the framework's
 * rules. */
static void
planned_scenario (const TsPlan     *plan,
                  const TsOption   *o,
                  TsScenario       *planned)
{
  /* shallow: only read while the file is written */
  *planned = *plan->scenario;
  planned->micro_batch = MAX (1u, o->micro_batch);
  planned->checkpointing = o->checkpointing;
  planned->sequence_parallel = o->sequence_parallel;
  planned->zero_stage = o->memory.layout.zero_stage;
  planned->tp = o->memory.layout.tp;
  planned->pp = o->memory.layout.pp;
  planned->ep = o->memory.layout.ep;
  if (o->framework != TS_FRAMEWORK_AUTOMATIC)
    ts_framework_apply_rules (o->framework, planned, &o->memory.layout);
}

/* ---- the entry point ------------------------------------------------------ */

gboolean
ts_export_can_write (const TsPlan    *plan,
                     TsExportFormat   format,
                     char           **why)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsScenario planned;
  g_autofree char *reason = NULL;
  guint nodes, per_node;

  if (why != NULL)
    *why = NULL;
  if (o == NULL || o->server == NULL)
    {
      if (why != NULL)
        *why = g_strdup (_("The plan has no hardware option to export"));
      return FALSE;
    }
  planned_scenario (plan, o, &planned);
  if (format_framework (o, &planned, plan->scenario, format, &reason) == TS_FRAMEWORK_AUTOMATIC)
    {
      if (why != NULL)
        *why = g_steal_pointer (&reason);
      return FALSE;
    }
  if (!launch_shape (o, o->memory.layout.gpus, &nodes, &per_node))
    {
      if (why != NULL)
        *why = g_strdup_printf (ngettext ("the layout's %u GPUs do not spread evenly over %u server of %u GPUs",
                                          "the layout's %u GPUs do not spread evenly over %u servers of %u GPUs",
                                          o->servers),
                                o->memory.layout.gpus, o->servers, o->server->gpu_count);
      return FALSE;
    }
  return TRUE;
}

char *
ts_export_dup_formats_that_can (const TsPlan *plan)
{
  GString *out = g_string_new (NULL);

  for (guint f = 0; f < TS_N_EXPORT_FORMATS; f++)
    if (ts_export_can_write (plan, f, NULL))
      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", ts_export_format_to_string (f));
  return g_string_free (out, out->len == 0);
}

char *
ts_export_plan (const TsPlan    *plan,
                TsExportFormat   format,
                GError         **error)
{
  Export e = { 0 };
  TsScenario planned;   /* the scenario with the option's planned batch and recomputation */
  g_autofree char *why = NULL;

  if (format >= TS_N_EXPORT_FORMATS)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("Unknown export format"));
      return NULL;
    }
  e.plan = plan;
  e.option = ts_plan_get_shown_option (plan);
  if (e.option == NULL || e.option->server == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The plan has no hardware option to export"));
      return NULL;
    }
  /* a file the framework would refuse, or that would run another plan,
   * is never written: the reason and the formats that can instead */
  if (!ts_export_can_write (plan, format, &why))
    {
      g_autofree char *can = ts_export_dup_formats_that_can (plan);

      if (can != NULL)
        g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                     /* Translators: “Cannot export to deepspeed: DeepSpeed cannot run tensor parallelism … Formats that can: megatron” */
                     _("Cannot export to %s: %s. Formats that can: %s"), ts_export_format_to_string (format), why, can);
      else
        g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                     _("Cannot export to %s: %s. No format can write this plan"), ts_export_format_to_string (format), why);
      return NULL;
    }
  planned_scenario (plan, e.option, &planned);
  e.s = &planned;
  e.layout = &e.option->memory.layout;
  e.framework = format_framework (e.option, &planned, plan->scenario, format, &why);
  launch_shape (e.option, e.layout->gpus, &e.nodes, &e.per_node);
  e.accumulation = ts_export_gradient_accumulation (plan);
  e.global_batch = (guint64) e.s->micro_batch * e.accumulation * MAX (e.layout->dp, 1);
  e.model_id = e.s->model.hf_id != NULL ? e.s->model.hf_id : PLACEHOLDER_MODEL;
  e.layer_class = ts_hf_config_layer_class (&e.s->model);
  e.sharding = choose_sharding (e.layout, e.s, e.framework);
  e.out = g_string_new (NULL);

  switch (format)
    {
    case TS_EXPORT_DEEPSPEED: write_deepspeed (&e); break;
    case TS_EXPORT_ACCELERATE: write_accelerate (&e); break;
    case TS_EXPORT_AXOLOTL: write_axolotl (&e); break;
    case TS_EXPORT_LLAMAFACTORY: write_llamafactory (&e); break;
    case TS_EXPORT_MEGATRON: write_megatron (&e); break;
    case TS_N_EXPORT_FORMATS:
    default:
      g_assert_not_reached ();
    }
  return g_string_free (e.out, FALSE);
}
