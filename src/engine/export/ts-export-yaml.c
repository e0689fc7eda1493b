/* ts-export-yaml.c — the shown option as Accelerate, Axolotl or LLaMA-Factory YAML
 *
 * The three YAML formats share the FSDP keys (Accelerate and Axolotl)
 * and transformers' optimizer names (Axolotl and LLaMA-Factory).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-export-private.h"
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
    _ts_export_yaml_int (e, indent, version, 2);
  /* ZeRO-3 shards the weights between uses; ZeRO-2 keeps them whole */
  _ts_export_yaml_bool (e, indent, reshard, e->layout->zero_stage >= 3);
  _ts_export_yaml_word (e, indent, policy, "TRANSFORMER_BASED_WRAP");
  if (e->layer_class != NULL)
    _ts_export_yaml_string (e, indent, cls, e->layer_class);
  else
    _ts_export_comment (e, indent[0] != '\0' ? "  #" : "#",
                        _("The decoder layer's class is unknown: without %s the model's own _no_split_modules are wrapped."), cls);
  _ts_export_yaml_bool (e, indent, offload, FALSE);
  _ts_export_yaml_word (e, indent, state, "SHARDED_STATE_DICT");
}

void
_ts_export_write_accelerate (Export *e)
{
  const TsScenario *s = e->s;
  static const char *const types[] = { "\"NO\"", "MULTI_GPU", "FSDP", "DEEPSPEED" };

  _ts_export_yaml_notes (e);
  _ts_export_note_lora (e, "#", "Accelerate");
  _ts_export_note_selective (e, "#");
  if (s->precision == TS_PRECISION_PURE_BF16)
    _ts_export_comment (e, "#", _("Pure BF16: load the model in bfloat16; Accelerate's mixed precision stays off."));

  _ts_export_yaml_word (e, "", "compute_environment", "LOCAL_MACHINE");
  _ts_export_yaml_word (e, "", "distributed_type", types[e->sharding]);
  _ts_export_yaml_word (e, "", "mixed_precision", accelerate_precision (s));
  _ts_export_yaml_int (e, "", "num_machines", e->nodes);
  _ts_export_yaml_int (e, "", "num_processes", e->layout->gpus);
  _ts_export_yaml_int (e, "", "machine_rank", 0);
  _ts_export_yaml_word (e, "", "main_training_function", "main");
  _ts_export_yaml_word (e, "", "rdzv_backend", "static");
  _ts_export_yaml_bool (e, "", "same_network", TRUE);
  _ts_export_yaml_bool (e, "", "use_cpu", FALSE);

  if (e->sharding == SHARDING_FSDP)
    {
      g_string_append (e->out, "fsdp_config:\n");
      write_fsdp_keys (e, "  ", "fsdp_");
      _ts_export_yaml_bool (e, "  ", "fsdp_activation_checkpointing", s->checkpointing == TS_CHECKPOINTING_FULL);
      _ts_export_yaml_bool (e, "  ", "fsdp_cpu_ram_efficient_loading", TRUE);
    }
  else if (e->sharding == SHARDING_DEEPSPEED)
    {
      g_string_append (e->out, "deepspeed_config:\n");
      _ts_export_yaml_int (e, "  ", "zero_stage", e->layout->zero_stage);
      _ts_export_yaml_int (e, "  ", "gradient_accumulation_steps", e->accumulation);
      g_string_append (e->out, "  gradient_clipping: 1.0\n");
      _ts_export_yaml_word (e, "  ", "offload_optimizer_device", s->offload == TS_OFFLOAD_OPTIMIZER ? "cpu" : "none");
      _ts_export_yaml_word (e, "  ", "offload_param_device", "none");
      _ts_export_yaml_bool (e, "  ", "zero3_init_flag", e->layout->zero_stage == 3);
      _ts_export_yaml_bool (e, "  ", "zero3_save_16bit_model", e->layout->zero_stage == 3);
      if (e->option->servers > 1)
        _ts_export_yaml_word (e, "  ", "deepspeed_multinode_launcher", "standard");
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

void
_ts_export_write_axolotl (Export *e)
{
  const TsScenario *s = e->s;

  _ts_export_yaml_notes (e);
  _ts_export_note_selective (e, "#");
  _ts_export_comment (e, "#", _("Add your datasets (datasets:, with path and type) before training."));

  _ts_export_yaml_string (e, "", "base_model", e->model_id);
  if (s->method == TS_METHOD_FULL)
    _ts_export_comment (e, "#", _("Full training: no adapter."));
  else
    {
      _ts_export_yaml_word (e, "", "adapter", s->method == TS_METHOD_QLORA ? "qlora" : "lora");
      _ts_export_yaml_bool (e, "", "load_in_4bit", s->method == TS_METHOD_QLORA);
      _ts_export_yaml_int (e, "", "lora_r", s->lora_rank);
      /* alpha = 2 × rank, the convention of Axolotl's examples */
      _ts_export_yaml_int (e, "", "lora_alpha", 2 * (gint64) s->lora_rank);
      g_string_append (e->out, "lora_dropout: 0.05\n");
      _ts_export_yaml_bool (e, "", "lora_target_linear", s->lora_targets == TS_LORA_TARGETS_ALL_LINEAR);
      if (s->lora_targets != TS_LORA_TARGETS_ALL_LINEAR)
        write_lora_modules (e, "lora_target_modules");
    }
  _ts_export_yaml_int (e, "", "sequence_len", s->seq_len);
  _ts_export_yaml_int (e, "", "micro_batch_size", s->micro_batch);
  _ts_export_yaml_int (e, "", "gradient_accumulation_steps", e->accumulation);
  _ts_export_yaml_bool (e, "", "gradient_checkpointing", s->checkpointing != TS_CHECKPOINTING_NONE);
  _ts_export_yaml_bool (e, "", "flash_attention", s->flash_attention);
  _ts_export_yaml_bool (e, "", "bf16", _ts_export_is_bf16 (s));
  _ts_export_yaml_bool (e, "", "fp16", s->precision == TS_PRECISION_FP16);
  _ts_export_yaml_word (e, "", "optimizer", optimizer_name (s));
  _ts_export_yaml_string (e, "", "output_dir", "./outputs");

  if (e->sharding == SHARDING_FSDP)
    {
      _ts_export_yaml_int (e, "", "fsdp_version", 2);
      g_string_append (e->out, "fsdp_config:\n");
      write_fsdp_keys (e, "  ", "");
    }
  else if (e->sharding == SHARDING_DEEPSPEED)
    {
      _ts_export_comment (e, "#", _("Write %s with: trainsizer-cli export --format deepspeed (same options) --output %s"),
                          DEEPSPEED_FILE, DEEPSPEED_FILE);
      _ts_export_yaml_string (e, "", "deepspeed", DEEPSPEED_FILE);
    }
}

/* ---- LLaMA-Factory YAML --------------------------------------------------- */

void
_ts_export_write_llamafactory (Export *e)
{
  const TsScenario *s = e->s;
  static const char *const targets[] = { "q_proj,v_proj", "q_proj,k_proj,v_proj,o_proj", "all" };

  _ts_export_yaml_notes (e);
  _ts_export_note_selective (e, "#");
  _ts_export_comment (e, "#", _("Set dataset (names from data/dataset_info.json) and template before training."));

  _ts_export_yaml_string (e, "", "model_name_or_path", e->model_id);
  _ts_export_yaml_word (e, "", "stage", "sft");
  _ts_export_yaml_bool (e, "", "do_train", TRUE);
  _ts_export_yaml_word (e, "", "finetuning_type", s->method == TS_METHOD_FULL ? "full" : "lora");
  if (s->method != TS_METHOD_FULL)
    {
      _ts_export_yaml_int (e, "", "lora_rank", s->lora_rank);
      _ts_export_yaml_word (e, "", "lora_target", targets[MIN (s->lora_targets, G_N_ELEMENTS (targets) - 1)]);
    }
  if (s->method == TS_METHOD_QLORA)
    {
      _ts_export_yaml_int (e, "", "quantization_bit", 4);
      /* QuantizationMethod.BNB (extras/constants.py) */
      _ts_export_yaml_word (e, "", "quantization_method", "bnb");
      _ts_export_yaml_bool (e, "", "double_quantization", s->double_quant);
    }
  if (e->sharding == SHARDING_FSDP || e->sharding == SHARDING_DEEPSPEED)
    {
      _ts_export_comment (e, "#", _("Write %s with: trainsizer-cli export --format deepspeed (same options) --output %s"),
                          DEEPSPEED_FILE, DEEPSPEED_FILE);
      _ts_export_yaml_string (e, "", "deepspeed", DEEPSPEED_FILE);
    }
  _ts_export_yaml_int (e, "", "cutoff_len", s->seq_len);
  _ts_export_yaml_int (e, "", "per_device_train_batch_size", s->micro_batch);
  _ts_export_yaml_int (e, "", "gradient_accumulation_steps", e->accumulation);
  _ts_export_yaml_bool (e, "", "bf16", s->precision == TS_PRECISION_BF16 || s->precision == TS_PRECISION_FP8);
  _ts_export_yaml_bool (e, "", "pure_bf16", s->precision == TS_PRECISION_PURE_BF16);
  _ts_export_yaml_bool (e, "", "fp16", s->precision == TS_PRECISION_FP16);
  _ts_export_yaml_word (e, "", "flash_attn", s->flash_attention ? "fa2" : "disabled");
  /* LLaMA-Factory checkpoints gradients unless told not to */
  _ts_export_yaml_bool (e, "", "disable_gradient_checkpointing", s->checkpointing == TS_CHECKPOINTING_NONE);
  _ts_export_yaml_word (e, "", "optim", optimizer_name (s));
  _ts_export_yaml_string (e, "", "output_dir", "saves/train-sizer");
}
