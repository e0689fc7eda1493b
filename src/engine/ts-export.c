/* ts-export.c — a plan's shown option as a training framework's configuration
 *
 * Each format writes the keys its own documentation gives, with the value
 * types it expects, for these versions:
 *
 *   DeepSpeed 0.16      docs/_pages/config-json.md
 *   Accelerate 1.6      examples/config_yaml_templates/fsdp.yaml, deepspeed.yaml;
 *                       docs/source/concept_guides/fsdp1_vs_fsdp2.md (fsdp_version 2)
 *   Axolotl 0.10        docs/config-reference.qmd, docs/multi-gpu.qmd (fsdp_version 2)
 *   LLaMA-Factory 0.9.3 examples/train_full/llama3_full_sft.yaml,
 *                       examples/train_qlora/llama3_lora_sft_bnb_npu.yaml,
 *                       src/llamafactory/hparams/model_args.py
 *   Megatron-LM core_r0.13  megatron/training/arguments.py
 *
 * What a format cannot express (tensor parallelism in Axolotl, LoRA in
 * Megatron-LM …) is said in a comment of the file, never dropped silently.
 * DeepSpeed's JSON has no comments: its notes go in a "_comment" list,
 * which DeepSpeed does not read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-error.h"
#include "ts-export.h"
#include "ts-hf-config.h"
#include "ts-json.h"

/* What a file names when the model's hub id or layer class is unknown:
 * plainly a blank to fill in, never a plausible-looking guess. */
#define PLACEHOLDER_MODEL "REPLACE-WITH/huggingface-model-id"
#define DEEPSPEED_FILE    "ds_config.json"

static const char *const format_names[TS_N_EXPORT_FORMATS] = {
  "deepspeed", "accelerate", "axolotl", "llamafactory", "megatron",
};

const char *
ts_export_format_to_string (TsExportFormat format)
{
  return format < TS_N_EXPORT_FORMATS ? format_names[format] : "deepspeed";
}

gboolean
ts_export_format_from_string (const char     *str,
                              TsExportFormat *format)
{
  for (guint i = 0; i < TS_N_EXPORT_FORMATS; i++)
    if (g_strcmp0 (str, format_names[i]) == 0)
      {
        *format = i;
        return TRUE;
      }
  return FALSE;
}

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
  GString          *out;
} Export;

static Sharding
choose_sharding (const TsLayout   *layout,
                 const TsScenario *s)
{
  if (layout->gpus <= 1)
    return SHARDING_NONE;
  /* FSDP2's CPU offload moves parameters too; DeepSpeed can move the
   * optimizer state alone, as sized. FSDP has no ZeRO-1. */
  if (s->offload == TS_OFFLOAD_OPTIMIZER || layout->zero_stage == 1)
    return SHARDING_DEEPSPEED;
  if (layout->zero_stage == 0)
    return SHARDING_DDP;
  return SHARDING_FSDP;
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

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_string_append_printf (e->out, "%s %s\n", prefix, text);
}

/* The notes every file starts with, as plain sentences; each format puts
 * them in its own comment syntax. */
static GPtrArray *
common_notes (const Export *e)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);
  const TsLayout *l = e->layout;

  g_ptr_array_add (notes, g_strdup_printf (_("Written by Train Sizer %s for %s, %s."),
                                           PACKAGE_VERSION, e->s->model.name,
                                           ts_method_label (e->s->method)));
  g_ptr_array_add (notes, g_strdup_printf (_("Hardware: %u × %s, %u GPUs."),
                                           e->option->servers, e->option->server->name, e->option->gpus));
  g_ptr_array_add (notes, g_strdup_printf (_("Layout: tensor parallel %u, pipeline parallel %u, data parallel %u, expert parallel %u, ZeRO stage %d."),
                                           l->tp, l->pp, l->dp, l->ep, l->zero_stage));
  g_ptr_array_add (notes, g_strdup_printf (/* Translators: “Gradient accumulation is 16: a global batch of 2048 sequences = micro-batch 1 × 16 × data parallel 128.” */
                                           _("Gradient accumulation is %u: a global batch of %u sequences = micro-batch %u × %u × data parallel %u."),
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

/* A YAML scalar in double quotes: only \ and " need escaping in the
 * names we write (hub ids, class names, file names). */
static void
yaml_string (Export     *e,
             const char *indent,
             const char *key,
             const char *value)
{
  g_string_append_printf (e->out, "%s%s: \"", indent, key);
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (e->out, '\\');
      g_string_append_c (e->out, *p);
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

/* Model parallelism that only Megatron-LM expresses. */
static void
note_model_parallel (Export     *e,
                     const char *prefix,
                     const char *framework)
{
  if (e->layout->tp > 1 || e->layout->pp > 1 || e->layout->ep > 1)
    comment (e, prefix,
             /* Translators: %s is a framework such as “Axolotl” */
             _("%s cannot express tensor parallel %u, pipeline parallel %u or expert parallel %u: this file runs data parallel only, which needs more memory per GPU than sized. Use Megatron-LM for this layout."),
             framework, e->layout->tp, e->layout->pp, e->layout->ep);
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
  note_model_parallel (e, "", "DeepSpeed");
  note_lora (e, "", "DeepSpeed");
  if (e->s->precision == TS_PRECISION_FP8)
    comment (e, "", _("FP8 compute needs Transformer Engine in the training script; this file keeps BF16."));
  if (e->s->precision == TS_PRECISION_PURE_BF16)
    comment (e, "", _("Pure BF16 (no FP32 master weights) is not a DeepSpeed option: DeepSpeed's BF16 keeps FP32 master weights."));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "_comment");
  json_builder_begin_array (b);
  for (guint i = 0; i < notes->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (notes, i));
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
  note_model_parallel (e, "#", "Accelerate");
  note_lora (e, "#", "Accelerate");
  note_selective (e, "#");
  if (s->precision == TS_PRECISION_PURE_BF16)
    comment (e, "#", _("Pure BF16: load the model in bfloat16; Accelerate's mixed precision stays off."));

  yaml_word (e, "", "compute_environment", "LOCAL_MACHINE");
  yaml_word (e, "", "distributed_type", types[e->sharding]);
  yaml_word (e, "", "mixed_precision", accelerate_precision (s));
  yaml_int (e, "", "num_machines", e->option->servers);
  yaml_int (e, "", "num_processes", e->option->gpus);
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
  note_model_parallel (e, "#", "Axolotl");
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
  note_model_parallel (e, "#", "LLaMA-Factory");
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
      yaml_word (e, "", "quantization_method", "bitsandbytes");
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

      g_string_append_printf (e->out, "%s %s\n", name, strpbrk (value, " ()*[]'\"$") ? quoted : value);
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

/* The interleaved chunks the arguments can express: Megatron-LM takes
 * a whole number of layers per virtual stage, so an uneven split (Llama
 * 3's 126 over 16 × 4) is written without interleaving. */
static guint
megatron_virtual_stages (const Export *e)
{
  guint v = e->option->virtual_stages;

  if (v > 1 && e->s->model.arch.layers % (e->layout->pp * v) == 0)
    return v;
  return 1;
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
           e->option->servers, e->option->server->gpu_count);
  if (s->method != TS_METHOD_FULL)
    comment (e, "#", _("Megatron-LM trains every weight: LoRA and QLoRA cannot be expressed; these arguments train the full model."));
  if (l->zero_stage >= 2)
    comment (e, "#", _("ZeRO stage %d: Megatron-LM's distributed optimizer shards the optimizer state only (ZeRO-1), so gradients and weights take more memory per GPU than sized."),
             l->zero_stage);
  if (!s->model.has_architecture || s->model.architecture_inferred)
    comment (e, "#", _("The model is known by its size only: the architecture below is Train Sizer's estimate, not a published one."));

  arg_uint (e, "--tensor-model-parallel-size", l->tp);
  arg_uint (e, "--pipeline-model-parallel-size", l->pp);
  /* the planner's interleaved schedule: v chunks of layers / (pp × v) */
  if (megatron_virtual_stages (e) > 1)
    arg_uint (e, "--num-layers-per-virtual-pipeline-stage",
              e->s->model.arch.layers / (l->pp * e->option->virtual_stages));
  if (s->sequence_parallel && l->tp > 1)
    arg (e, "--sequence-parallel", NULL);
  if (ts_architecture_is_moe (&s->model.arch))
    arg_uint (e, "--expert-model-parallel-size", l->ep);
  if (l->zero_stage >= 1)
    arg (e, "--use-distributed-optimizer", NULL);
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    arg (e, "--optimizer-cpu-offload", NULL);

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
  if (s->optimizer == TS_OPTIMIZER_SGD)
    arg (e, "--optimizer", "sgd");
  else
    {
      arg (e, "--optimizer", "adam");
      if (s->optimizer != TS_OPTIMIZER_ADAMW)
        comment (e, "#", _("Megatron-LM offers Adam and SGD: the scenario's optimizer is replaced by Adam, whose state is larger than sized."));
    }
}

/* ---- the entry point ------------------------------------------------------ */

char *
ts_export_plan (const TsPlan    *plan,
                TsExportFormat   format,
                GError         **error)
{
  Export e = { 0 };
  TsScenario planned;   /* the scenario with the option's planned batch and recomputation */

  e.plan = plan;
  e.option = ts_plan_get_shown_option (plan);
  if (e.option == NULL || e.option->server == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The plan has no hardware option to export"));
      return NULL;
    }
  /* shallow: only read while the file is written */
  planned = *plan->scenario;
  planned.micro_batch = MAX (1u, e.option->micro_batch);
  planned.checkpointing = e.option->checkpointing;
  planned.sequence_parallel = e.option->sequence_parallel;
  e.s = &planned;
  e.layout = &e.option->memory.layout;
  /* A file for a layout the option's GPUs do not hold would launch the
   * wrong number of processes: refuse rather than write it. */
  if ((guint64) e.layout->tp * e.layout->pp * e.layout->dp != e.option->gpus)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The option's layout (tensor %u × pipeline %u × data %u) does not match its %u GPUs; choose a parallel layout its servers hold"),
                   e.layout->tp, e.layout->pp, e.layout->dp, e.option->gpus);
      return NULL;
    }
  e.accumulation = ts_export_gradient_accumulation (plan);
  e.global_batch = (guint64) e.s->micro_batch * e.accumulation * MAX (e.layout->dp, 1);
  e.model_id = e.s->model.hf_id != NULL ? e.s->model.hf_id : PLACEHOLDER_MODEL;
  e.layer_class = ts_hf_config_layer_class (&e.s->model);
  e.sharding = choose_sharding (e.layout, e.s);
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
      g_string_free (e.out, TRUE);
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("Unknown export format"));
      return NULL;
    }
  return g_string_free (e.out, FALSE);
}
