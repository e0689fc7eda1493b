/* ts-framework.c — the one table of training frameworks and their rules
 *
 * Each row was read in the framework's own source at the release it
 * names (docs/frameworks.md §1 gives the files and commits; the keys the
 * exports may write are listed in tests/data/framework-keys.json):
 *
 *   Megatron-LM    Megatron-Core 0.15.0 (tag core_v0.15.0),
 *                  megatron/training/arguments.py validate_args ()
 *   DeepSpeed      0.19.6: runtime/config.py (_batch_assertion),
 *                  runtime/engine.py (_do_optimizer_sanity_check)
 *   PyTorch FSDP   through Accelerate 1.15: commands/config/cluster.py
 *   Axolotl        utils/schemas/ (config, model, peft, training, fsdp) at 067b021
 *   LLaMA-Factory  0.9.6: hparams/ (model, data, finetuning, training args), extras/constants.py
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-framework"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-framework.h"

#define METHOD(m)  (1u << TS_METHOD_##m)
#define ALL_METHODS (METHOD (FULL) | METHOD (LORA) | METHOD (QLORA))
#define ZERO(z)    (1u << (z))
#define FORMAT(f)  (1u << TS_EXPORT_##f)
#define ALL_OPTIMIZERS ((1u << TS_N_OPTIMIZERS) - 1)

static const TsFrameworkInfo frameworks[TS_N_FRAMEWORKS] = {
  [TS_FRAMEWORK_AUTOMATIC] = {
    TS_FRAMEWORK_AUTOMATIC, "automatic", "automatic", "", "",
    ALL_METHODS, ZERO (0) | ZERO (1) | ZERO (2) | ZERO (3),
    TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, ALL_OPTIMIZERS,
    TS_LOGITS_FP32, FALSE, TRUE, 0,
    FALSE, TRUE, 0, TRUE, FALSE, FALSE,
    TRUE,
  },
  /* Megatron-LM trains every weight (PEFT is NeMo's / Megatron-Bridge's);
   * its distributed optimizer is ZeRO-1; BF16 forces FP32 gradient
   * accumulation and all-reduce unless --grad-reduce-in-bf16
   * (arguments.py: “bfloat16 requires gradient accumulation and
   * all-reduce to be done in fp32”); its vocab-parallel cross-entropy
   * casts the logits to FP32 and turns that copy into the softmax in
   * place, the one tensor it saves for the backward pass; the model
   * returns the loss, not the 16-bit logits, which are then freed
   * (core/tensor_parallel/cross_entropy.py calculate_logits_max (),
   * calculate_cross_entropy_loss (), save_for_backward). */
  /* ZeRO-3 is PyTorch FSDP2 under Megatron-LM (--use-torch-fsdp2, with
   * tensor parallelism: the 2-D layout torchtitan runs), whose
   * validate_args () asserts no pipeline and no expert parallelism and
   * untied embeddings (runs_layout ()). */
  [TS_FRAMEWORK_MEGATRON] = {
    TS_FRAMEWORK_MEGATRON, "megatron", "Megatron-LM", "Megatron-Core 0.15.0",
    "NVIDIA/Megatron-LM core_v0.15.0 megatron/training/arguments.py",
    METHOD (FULL), ZERO (0) | ZERO (1) | ZERO (3),
    TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, TRUE,
    (1u << TS_OPTIMIZER_ADAMW) | (1u << TS_OPTIMIZER_SGD),
    TS_LOGITS_FP32, FALSE, FALSE, FORMAT (MEGATRON),
    /* its DDP keeps the gradients in one contiguous buffer for the run
     * (core/distributed/param_and_grad_buffer.py), which it reduces in
     * place */
    TRUE, TRUE, ZERO (0) | ZERO (1), FALSE, FALSE, FALSE,
    /* --context-parallel-size (arguments.py) */
    TRUE,
    /* its SwiGLU is fused with the bias (--bias-swiglu-fusion, on by
     * default): core/fusions/fused_bias_swiglu.py saves the input alone
     * for the backward pass; its FP8 runs through Transformer Engine,
     * whose Linear, LayerNormLinear and GroupedLinear save the FP8 copy of
     * their input for the weight gradient */
    TRUE, TRUE,
  },
  /* DeepSpeed from its own JSON (with the Hugging Face Trainer or
   * Accelerate): ZeRO 0–3 and optimizer offload; its tensor (AutoTP),
   * pipeline (PipelineModule), Ulysses and MoE parallelism need the
   * model's code, not a configuration, so no plan uses them. Gradients
   * accumulate in the model's dtype unless data_types.grad_accum_dtype
   * says otherwise (engine.py get_data_types ()). */
  [TS_FRAMEWORK_DEEPSPEED] = {
    TS_FRAMEWORK_DEEPSPEED, "deepspeed", "DeepSpeed", "DeepSpeed 0.19.6",
    "deepspeedai/DeepSpeed edaa722 deepspeed/runtime/config.py, engine.py",
    ALL_METHODS, ZERO (0) | ZERO (1) | ZERO (2) | ZERO (3),
    FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, ALL_OPTIMIZERS,
    TS_LOGITS_FP32, FALSE, TRUE, FORMAT (DEEPSPEED) | FORMAT (ACCELERATE),
    /* ZeRO-3 allocates its gradient partitions once
     * (zero/stage3.py, grad_partitions_flat_buffer); ZeRO-1/2 free them
     * after the step, which first flattens the partition and converts it
     * to FP32 (zero/stage_1_and_2.py step (): single_grad_partition) */
    FALSE, TRUE, ZERO (3), FALSE, TRUE, FALSE,
  },
  /* PyTorch FSDP2 through Accelerate: no sharding (DDP), gradients and
   * optimizer states (reshard_after_forward false, ZeRO-2-like) or
   * everything (ZeRO-3); its CPU offload moves parameters too, so the
   * optimizer alone cannot go to the host; no ZeRO-1. */
  [TS_FRAMEWORK_FSDP] = {
    TS_FRAMEWORK_FSDP, "fsdp", "PyTorch FSDP (Accelerate)", "Accelerate 1.15 (FSDP2)",
    "huggingface/accelerate 16cb6eb src/accelerate/commands/config/cluster.py",
    ALL_METHODS, ZERO (0) | ZERO (2) | ZERO (3),
    FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, ALL_OPTIMIZERS,
    TS_LOGITS_FP32, FALSE, TRUE, FORMAT (ACCELERATE),
    /* FSDP2's sharded gradients are freed by zero_grad (set_to_none);
     * at ZeRO-0 it is DDP, whose reducer buckets hold a second copy of
     * the gradients (gradient_as_bucket_view off, Accelerate's default) */
    FALSE, TRUE, 0, TRUE, FALSE, FALSE,
  },
  /* Axolotl: DeepSpeed or FSDP underneath; its tensor and context
   * parallel keys (tensor_parallel_size, context_parallel_size) are not
   * written: a layout with them is Megatron-LM's. chunked_cross_entropy
   * exists, off by default. */
  [TS_FRAMEWORK_AXOLOTL] = {
    TS_FRAMEWORK_AXOLOTL, "axolotl", "Axolotl", "Axolotl main (067b021)",
    "axolotl-ai-cloud/axolotl 067b021 src/axolotl/utils/schemas/",
    ALL_METHODS, ZERO (0) | ZERO (1) | ZERO (2) | ZERO (3),
    FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, ALL_OPTIMIZERS,
    TS_LOGITS_FP32, FALSE, TRUE, FORMAT (AXOLOTL),
    FALSE, TRUE, ZERO (3), TRUE, TRUE, FALSE,
  },
  /* LLaMA-Factory: DeepSpeed underneath; pure_bf16 trains without FP32
   * master weights. */
  [TS_FRAMEWORK_LLAMAFACTORY] = {
    TS_FRAMEWORK_LLAMAFACTORY, "llamafactory", "LLaMA-Factory", "LLaMA-Factory 0.9.6",
    "hiyouga/LLaMA-Factory ff6d4d1 src/llamafactory/hparams/, extras/constants.py",
    ALL_METHODS, ZERO (0) | ZERO (1) | ZERO (2) | ZERO (3),
    FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, FALSE, ALL_OPTIMIZERS,
    TS_LOGITS_FP32, FALSE, TRUE, FORMAT (LLAMAFACTORY),
    FALSE, TRUE, ZERO (3), TRUE, TRUE, FALSE,
  },
  /* torchtune: one dtype for the whole model (`dtype: bf16`, no FP32
   * master weights, the optimizer's states in the parameters' dtype),
   * FSDP2 over several GPUs, CEWithChunkedOutputLoss (8 chunks: every
   * chunk's FP32 log-softmax saved, the FP32 upcast one chunk at a
   * time), `del logits` before backward, zero_grad (set_to_none) after
   * the step (recipes/lora_finetune_single_device.py,
   * modules/loss/ce_chunked_output_loss.py). No configuration export. */
  [TS_FRAMEWORK_TORCHTUNE] = {
    TS_FRAMEWORK_TORCHTUNE, "torchtune", "torchtune", "torchtune 0.6 (0031bfb)",
    "pytorch/torchtune 0031bfb recipes/, torchtune/modules/loss/ce_chunked_output_loss.py",
    ALL_METHODS, ZERO (0) | ZERO (3),
    FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, ALL_OPTIMIZERS,
    TS_LOGITS_FP32, TRUE, TRUE, 0,
    FALSE, TRUE, 0, FALSE, FALSE, TRUE,
  },
};

const TsFrameworkInfo *
ts_framework_info (TsFramework framework)
{
  return &frameworks[framework < TS_N_FRAMEWORKS ? framework : TS_FRAMEWORK_AUTOMATIC];
}

const char *
ts_framework_to_string (TsFramework framework)
{
  return ts_framework_info (framework)->key;
}

const char *
ts_framework_name (TsFramework framework)
{
  if (framework == TS_FRAMEWORK_AUTOMATIC)
    return _("Automatic");
  return ts_framework_info (framework)->name;
}

guint
ts_framework_chunk_layers (guint layers,
                           guint pp,
                           guint virtual_stages,
                           guint chunk)
{
  guint n = MAX (1u, pp) * MAX (1u, virtual_stages);

  /* the first layers % n chunks take one more: rank r's chunks are
   * r, r + pp, …, so no rank holds more than ⌈layers / pp⌉ */
  return layers / n + (chunk < layers % n ? 1 : 0);
}

gboolean
ts_framework_uneven (guint layers,
                     guint pp,
                     guint virtual_stages)
{
  return layers % (MAX (1u, pp) * MAX (1u, virtual_stages)) != 0;
}

static gboolean
refuse (const char **why,
        const char  *code)
{
  if (why != NULL)
    *why = code;
  return FALSE;
}

/* The layout's own rules, as the framework checks them at start-up. */
static gboolean
runs_layout (const TsFrameworkInfo *f,
             const TsScenario      *s,
             const TsLayout        *l,
             guint                  virtual_stages,
             const char           **why)
{
  const TsArchitecture *a = &s->model.arch;

  if (l->tp > 1 && !f->tensor_parallel)
    return refuse (why, "tensor-parallel");
  if (l->pp > 1 && !f->pipeline_parallel)
    return refuse (why, "pipeline-parallel");
  if (l->ep > 1 && !f->expert_parallel)
    return refuse (why, "expert-parallel");
  if (l->cp > 1 && !f->context_parallel)
    return refuse (why, "context-parallel");
  if (l->zero_stage < 0 || l->zero_stage > 3 || (f->zero_stages & ZERO (l->zero_stage)) == 0)
    return refuse (why, "zero-stage");
  if (f->id != TS_FRAMEWORK_MEGATRON)
    return TRUE;
  /* validate_args () and TransformerConfig's checks */
  if (a->attention_heads > 0 && a->attention_heads % l->tp != 0)
    return refuse (why, "heads");
  if (!ts_architecture_is_mla (a) && a->kv_heads > 0 && a->kv_heads % l->tp != 0)
    return refuse (why, "query-groups");
  if (l->ep > 1 && (a->experts % l->ep != 0 || l->dp % l->ep != 0))
    return refuse (why, "experts");
  /* Transformer Engine's load-balanced context parallelism cuts each
   * sequence into 2·cp chunks */
  if (l->cp > 1 && s->seq_len % (2 * l->cp) != 0)
    return refuse (why, "context-parallel");
  /* --pipeline-model-parallel-layout places any number of layers in each
   * chunk (core/transformer/pipeline_parallel_layer_layout.py): every
   * chunk needs one; interleaving needs two stages or more */
  if (l->pp > a->layers)
    return refuse (why, "uneven-stages");
  if (virtual_stages > 1 && (l->pp < 2 || (guint64) l->pp * virtual_stages > a->layers))
    return refuse (why, "interleaving");
  if (s->offload == TS_OFFLOAD_OPTIMIZER && l->zero_stage != 1)
    return refuse (why, "offload");
  /* --use-torch-fsdp2: "not supported with pipeline parallelism", "not
   * supported with expert parallelism", "requires
   * --untie-embeddings-and-output-weights" (validate_args ()) */
  if (l->zero_stage == 3 && (l->pp > 1 || l->ep > 1))
    return refuse (why, "fsdp2-parallel");
  if (l->zero_stage == 3 && a->tied_embeddings)
    return refuse (why, "fsdp2-tied");
  return TRUE;
}

gboolean
ts_framework_runs (TsFramework        framework,
                   const TsScenario  *s,
                   const TsLayout    *l,
                   guint              virtual_stages,
                   const char       **why)
{
  const TsFrameworkInfo *f = ts_framework_info (framework);

  if (framework == TS_FRAMEWORK_AUTOMATIC)
    return TRUE;
  if ((f->methods & (1u << s->method)) == 0)
    return refuse (why, "method");
  if (s->precision == TS_PRECISION_PURE_BF16 && !f->pure_bf16)
    return refuse (why, "precision");
  /* Megatron-LM's FP16 keeps FP32 copies of the gradients too (20 bytes
   * per parameter, its distrib_optimizer.md): not what the plan sizes */
  if (framework == TS_FRAMEWORK_MEGATRON && s->precision == TS_PRECISION_FP16)
    return refuse (why, "precision");
  if (f->whole_dtype_only && s->precision != TS_PRECISION_PURE_BF16 && s->precision != TS_PRECISION_FP32)
    return refuse (why, "precision");
  if ((f->optimizers & (1u << s->optimizer)) == 0)
    return refuse (why, "optimizer");
  if (s->offload == TS_OFFLOAD_OPTIMIZER && !f->optimizer_offload)
    return refuse (why, "offload");
  return runs_layout (f, s, l, virtual_stages, why);
}

void
ts_framework_memory (TsFramework        framework,
                     const TsScenario  *s,
                     TsFrameworkMemory *memory)
{
  const TsFrameworkInfo *f = ts_framework_info (framework);
  double compute = s->precision == TS_PRECISION_FP32 ? 4.0 : 2.0;

  if (framework == TS_FRAMEWORK_AUTOMATIC)
    return;
  /* Hugging Face models return the logits (CausalLMOutputWithPast) and
   * their loss upcasts them (loss_utils.py ForCausalLMLoss: logits.float ()),
   * cross_entropy saving the FP32 log-softmax; Megatron-LM keeps only its
   * FP32 softmax */
  memory->logits_kept_bytes = f->keeps_logits ? compute : 0;
  memory->loss_copy_bytes = f->logits == TS_LOGITS_FP32 ? 4.0 : compute;
  memory->loss_chunks = f->chunked_cross_entropy ? TS_FRAMEWORK_LOSS_CHUNKS : 1;
  memory->loss_in_place = f->loss_in_place;
  memory->drops_logits = f->drops_logits;
  memory->grad_buffer_stages = f->grad_buffer_stages;
  memory->ddp_buckets = f->ddp_buckets;
  memory->step_grad_copy = f->step_grad_copy;
  memory->fused_glu = f->fused_glu;
  memory->fp8_gemm_inputs = f->fp8_gemm_inputs;
}

void
ts_framework_memory_compiled_loss (TsFrameworkMemory *memory)
{
  memory->loss_copy_bytes = 0;
}

/* The order a user would try them in: model parallelism is Megatron-LM's;
 * plain data parallelism is FSDP's (ZeRO-0 is DDP), unless it needs ZeRO-1
 * or the optimizer alone on the host (DeepSpeed); adapters are trained
 * with the fine-tuning tools. */
TsFramework
ts_framework_choose (const TsScenario  *s,
                     const TsLayout    *l,
                     guint              virtual_stages,
                     const char       **reason)
{
  static const TsFramework full[] = { TS_FRAMEWORK_FSDP, TS_FRAMEWORK_DEEPSPEED, TS_FRAMEWORK_MEGATRON };
  static const TsFramework adapters[] = { TS_FRAMEWORK_AXOLOTL, TS_FRAMEWORK_LLAMAFACTORY,
                                          TS_FRAMEWORK_DEEPSPEED, TS_FRAMEWORK_FSDP };
  const TsFramework *order = s->method == TS_METHOD_FULL ? full : adapters;
  guint n = s->method == TS_METHOD_FULL ? G_N_ELEMENTS (full) : G_N_ELEMENTS (adapters);
  const char *code;

  if (s->framework != TS_FRAMEWORK_AUTOMATIC)
    {
      *reason = "given";
      return ts_framework_runs (s->framework, s, l, virtual_stages, NULL) ? s->framework : TS_FRAMEWORK_AUTOMATIC;
    }
  if (s->method != TS_METHOD_FULL)
    code = "fine-tuning";
  else if (l->tp > 1 || l->pp > 1 || l->ep > 1)
    code = "model-parallel";
  else if (s->offload == TS_OFFLOAD_OPTIMIZER || l->zero_stage == 1)
    code = "data-parallel-offload";
  else if (l->zero_stage >= 2)
    code = "data-parallel-sharded";
  else
    code = "data-parallel";
  *reason = code;
  for (guint i = 0; i < n; i++)
    if (ts_framework_runs (order[i], s, l, virtual_stages, NULL))
      return order[i];
  return TS_FRAMEWORK_AUTOMATIC;
}

/* Mixed precision with BF16 weights: BF16 itself, and FP8, whose
 * weights are BF16 outside the GEMMs. */
static gboolean
bf16_weights (const TsScenario *s)
{
  return s->precision == TS_PRECISION_BF16 || s->precision == TS_PRECISION_FP8;
}

guint
ts_framework_apply_rules (TsFramework  framework,
                          TsScenario  *s,
                          const TsLayout *l)
{
  const TsFrameworkInfo *f = ts_framework_info (framework);
  guint rules = 0;
  gboolean bf16 = bf16_weights (s);

  if (framework == TS_FRAMEWORK_AUTOMATIC)
    return 0;
  ts_framework_memory (framework, s, &s->framework_memory);
  if (f->fp32_gradients_bf16 && bf16 && s->method == TS_METHOD_FULL)
    {
      s->grad_dtype = TS_GRAD_FP32;
      rules |= TS_FRAMEWORK_RULE_FP32_GRADIENTS;
    }
  if (framework == TS_FRAMEWORK_MEGATRON && l->zero_stage == 1)
    rules |= TS_FRAMEWORK_RULE_DISTRIBUTED_OPTIMIZER;
  else if (l->zero_stage >= 1)
    rules |= TS_FRAMEWORK_RULE_ZERO_SHARDING;
  if (l->pp > 1 && ts_framework_uneven (s->model.arch.layers, l->pp, MAX (1u, l->virtual_stages)))
    rules |= TS_FRAMEWORK_RULE_UNEVEN_STAGES;
  if (s->method == TS_METHOD_FULL && s->precision != TS_PRECISION_FP32 && s->precision != TS_PRECISION_PURE_BF16)
    rules |= TS_FRAMEWORK_RULE_MASTER_WEIGHTS_FP32;
  return rules;
}

double
ts_framework_reduce_bytes (TsFramework        framework,
                           const TsScenario  *s,
                           const TsLayout    *l)
{
  if (framework == TS_FRAMEWORK_AUTOMATIC || s->method != TS_METHOD_FULL || !bf16_weights (s))
    return 0;
  /* --use-torch-fsdp2 wraps the BF16 model (Float16Module) with
   * fully_shard () and no mixed-precision policy, so the gradients are
   * reduce-scattered in BF16; the optimizer copies each shard's to FP32
   * at the step (Megatron-Core 0.15: torch_fully_sharded_data_parallel.py,
   * Float16OptimizerWithFloat16Params._copy_model_grads_to_main_grads ()),
   * which the memory's FP32 gradients stand for */
  if (framework == TS_FRAMEWORK_MEGATRON && l->zero_stage == 3)
    return 2.0;
  return ts_framework_info (framework)->fp32_gradients_bf16 ? 4.0 : 0;
}

const char *
ts_framework_rule_to_string (TsFrameworkRule rule)
{
  switch (rule)
    {
    case TS_FRAMEWORK_RULE_FP32_GRADIENTS: return "fp32-gradients";
    case TS_FRAMEWORK_RULE_DISTRIBUTED_OPTIMIZER: return "distributed-optimizer";
    case TS_FRAMEWORK_RULE_UNEVEN_STAGES: return "uneven-stages";
    case TS_FRAMEWORK_RULE_ZERO_SHARDING: return "zero-sharding";
    case TS_FRAMEWORK_RULE_MASTER_WEIGHTS_FP32: return "fp32-master-weights";
    default: return "";
    }
}

char *
ts_framework_dup_why (TsFramework  framework,
                      const char  *why)
{
  const char *name = ts_framework_name (framework);

  if (g_strcmp0 (why, "method") == 0)
    return g_strdup_printf (_("%s trains every weight: it has no LoRA or QLoRA"), name);
  if (g_strcmp0 (why, "precision") == 0)
    return g_strdup_printf (_("%s does not train at this precision as sized"), name);
  if (g_strcmp0 (why, "optimizer") == 0)
    return g_strdup_printf (_("%s does not offer this optimizer"), name);
  if (g_strcmp0 (why, "offload") == 0)
    return g_strdup_printf (_("%s cannot move the optimizer states alone to server RAM at this layout"), name);
  if (g_strcmp0 (why, "tensor-parallel") == 0)
    return g_strdup_printf (_("%s cannot run tensor parallelism from a configuration file"), name);
  if (g_strcmp0 (why, "pipeline-parallel") == 0)
    return g_strdup_printf (_("%s cannot run pipeline parallelism from a configuration file"), name);
  if (g_strcmp0 (why, "expert-parallel") == 0)
    return g_strdup_printf (_("%s cannot run expert parallelism from a configuration file"), name);
  if (g_strcmp0 (why, "context-parallel") == 0)
    return g_strdup_printf (_("%s cannot split the sequence over this many GPUs (context parallelism; the sequence must split into twice as many equal chunks)"), name);
  if (g_strcmp0 (why, "zero-stage") == 0)
    return g_strdup_printf (_("%s has no such ZeRO/FSDP stage"), name);
  if (g_strcmp0 (why, "fsdp2-parallel") == 0)
    return g_strdup_printf (_("%s runs ZeRO-3 (PyTorch FSDP2) only without pipeline or expert parallelism"), name);
  if (g_strcmp0 (why, "fsdp2-tied") == 0)
    return g_strdup_printf (_("%s runs ZeRO-3 (PyTorch FSDP2) only with untied embeddings"), name);
  if (g_strcmp0 (why, "heads") == 0)
    return g_strdup_printf (_("%s needs the attention heads divisible by the tensor parallel degree"), name);
  if (g_strcmp0 (why, "query-groups") == 0)
    return g_strdup_printf (_("%s needs the key/value heads (query groups) divisible by the tensor parallel degree"), name);
  if (g_strcmp0 (why, "experts") == 0)
    return g_strdup_printf (_("%s needs the experts and the data-parallel degree divisible by the expert parallel degree"), name);
  if (g_strcmp0 (why, "uneven-stages") == 0)
    return g_strdup_printf (_("%s cannot split the layers over these pipeline stages"), name);
  if (g_strcmp0 (why, "interleaving") == 0)
    return g_strdup_printf (_("%s needs a whole number of layers in every interleaved chunk"), name);
  return g_strdup_printf (_("%s cannot run this layout"), name);
}

char *
ts_framework_dup_reason (TsFramework  framework,
                         const char  *reason)
{
  const char *name = ts_framework_name (framework);

  if (g_strcmp0 (reason, "given") == 0)
    return g_strdup_printf (_("%s, as asked"), name);
  if (g_strcmp0 (reason, "model-parallel") == 0)
    return g_strdup_printf (_("%s: the layout splits the model over GPUs (tensor, pipeline or expert parallel)"), name);
  if (g_strcmp0 (reason, "data-parallel-offload") == 0)
    return g_strdup_printf (_("%s: ZeRO-1 or the optimizer states in server RAM"), name);
  if (g_strcmp0 (reason, "data-parallel-sharded") == 0)
    return g_strdup_printf (_("%s: data parallel with sharded states"), name);
  if (g_strcmp0 (reason, "data-parallel") == 0)
    return g_strdup_printf (_("%s: every GPU holds the whole model"), name);
  if (g_strcmp0 (reason, "fine-tuning") == 0)
    return g_strdup_printf (_("%s: adapters (LoRA, QLoRA) from one configuration file"), name);
  return g_strdup (name);
}

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
