/* ts-export-megatron.c — the shown option as Megatron-LM's arguments
 *
 * One argument per line in shell quoting, with the notes as comments:
 * the file is read by a shell command the first comment gives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-export-private.h"
#include "ts-model.h"
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
    _ts_export_comment (e, "#", _("GeGLU has no Megatron-LM switch: set the gated GELU activation in the model provider."));
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
      /* the MoE path the step time is counted on (docs/sizing-model.md
       * §8.6, §8.8), which Megatron-LM's defaults are not: the
       * all-to-all token dispatcher (its default gathers every token on
       * every rank), Transformer Engine's grouped expert GEMMs (else a
       * loop of one MLP per expert) and the fused permutation (both
       * Transformer Engine's: ≥ 2.1 for the fusion). validate_args ()
       * takes grouped GEMMs in BF16 only (FP8 runs on --bf16 too). */
      arg (e, "--moe-token-dispatcher-type", "alltoall");
      if (_ts_export_is_bf16 (e->s))
        arg (e, "--moe-grouped-gemm", NULL);
      else
        _ts_export_comment (e, "#", _("Megatron-LM runs grouped expert GEMMs in BF16 only: in this precision each expert is its own MLP, slower than sized."));
      arg (e, "--moe-permute-fusion", NULL);
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

/* validate_args () asserts CUDA_DEVICE_MAX_CONNECTIONS != 1 under
 * --use-torch-fsdp2 and, on GPUs before Blackwell (compute capability
 * below 10), warns that tensor or context parallelism beside it wants
 * the variable at 1 (Megatron-Core 0.15, megatron/training/arguments.py):
 * NVIDIA's Ampere, Ada and Hopper families. */
static gboolean
fsdp2_beside_model_parallel_warns (const Export *e)
{
  static const char *const before_blackwell[] = { "ampere", "ada", "hopper" };
  const char *family = e->option != NULL && e->option->server != NULL ? e->option->server->gpu->family : NULL;

  if (e->layout->zero_stage != 3 || (e->layout->tp <= 1 && e->layout->cp <= 1) || family == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (before_blackwell); i++)
    if (g_strcmp0 (family, before_blackwell[i]) == 0)
      return TRUE;
  return FALSE;
}

void
_ts_export_write_megatron (Export *e)
{
  const TsScenario *s = e->s;
  const TsLayout *l = e->layout;
  double reduce_bytes;

  _ts_export_yaml_notes (e);
  /* eval, so the shell removes the quotes of --moe-layer-freq's pattern */
  _ts_export_comment (e, "#", _("One argument per line, in shell quoting. Run: eval \"torchrun --nnodes %u --nproc-per-node %u pretrain_gpt.py $(grep -v '^#' THIS_FILE | tr '\\n' ' ') --data-path … --tokenizer-type …\""),
                      e->nodes, e->per_node);
  /* the gradient reduction the time was sized with (ts_framework_reduce_bytes ()) */
  reduce_bytes = ts_framework_reduce_bytes (TS_FRAMEWORK_MEGATRON, s, l);
  if (reduce_bytes == 2.0)
    _ts_export_comment (e, "#", _("BF16 with --use-torch-fsdp2: the gradients are reduce-scattered in BF16, and the optimizer copies each shard’s to FP32 at the step (4 bytes per parameter), as sized."));
  else if (reduce_bytes == 4.0)
    _ts_export_comment (e, "#", _("BF16: Megatron-LM accumulates and reduces the gradients in FP32 (4 bytes per parameter), as sized."));
  if (fsdp2_beside_model_parallel_warns (e))
    _ts_export_comment (e, "#", _("On this GPU Megatron-LM warns at start-up that tensor or context parallelism beside --use-torch-fsdp2 wants CUDA_DEVICE_MAX_CONNECTIONS=1 for its overlap, which FSDP2 refuses: leave the variable unset. The time was sized with no tensor-parallel overlap."));
  if (!s->model.has_architecture || s->model.architecture_inferred)
    _ts_export_comment (e, "#", _("The model is known by its size only: the architecture below is Train Sizer's estimate, not a published one."));

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
  if (l->zero_stage >= 3)
    {
      /* ZeRO-3 is PyTorch FSDP2, which validate_args () refuses with
       * gradient accumulation fusion (on by default) */
      arg (e, "--use-torch-fsdp2", NULL);
      arg (e, "--no-gradient-accumulation-fusion", NULL);
    }
  else if (l->zero_stage >= 1)
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
  if (_ts_export_is_bf16 (s))
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
