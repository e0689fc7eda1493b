/* ts-memory-states.c — the model states on one GPU
 *
 * Weights, gradients, FP32 master weights and optimizer states of full
 * training; the frozen base, its quantization constants and the adapters
 * of LoRA and QLoRA; how tensor, pipeline, expert parallelism and ZeRO
 * divide them; the host RAM ZeRO-Offload needs and the size of a
 * checkpoint.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include "ts-memory-private.h"

/* DeepSpeed's estimators (stage_1_and_2.py, stage3.py; sizing-literature
 * §1.2): host memory is multiplied by additional_buffer_factor = 1.5 “to
 * be conservative”; the ZeRO-3 gather buffer holds the largest layer's
 * 16-bit parameters and 16-bit gradients (4 bytes × its parameters); and
 * at ZeRO ≤ 2 every process first builds the model in FP32 in host RAM
 * (4 bytes × params × GPUs). */
#define HOST_BUFFER_FACTOR    1.5
#define HOST_FP32_INIT_BYTES  BYTES_FP32

/* Bytes of one weight as the GPU holds it for training. */
double
ts_memory_weight_bytes_per_param (const TsScenario *s)
{
  switch (s->precision)
    {
    case TS_PRECISION_FP32: return BYTES_FP32;
    case TS_PRECISION_FP8: return BYTES_BF16 + BYTES_FP8;
    case TS_PRECISION_BF16:
    case TS_PRECISION_FP16:
    case TS_PRECISION_PURE_BF16:
    case TS_N_PRECISIONS:
    default: return BYTES_BF16;
    }
}

double
ts_memory_gradient_bytes_per_param (const TsScenario *s)
{
  if (s->precision == TS_PRECISION_FP32 || s->grad_dtype == TS_GRAD_FP32)
    return BYTES_FP32;
  return BYTES_BF16;
}

double
ts_memory_master_bytes_per_param (const TsScenario *s)
{
  switch (s->precision)
    {
    case TS_PRECISION_FP32:
    case TS_PRECISION_PURE_BF16:
      return 0;
    case TS_PRECISION_BF16:
    case TS_PRECISION_FP16:
    case TS_PRECISION_FP8:
    case TS_N_PRECISIONS:
    default:
      return BYTES_FP32;
    }
}

/* Σ (rows + cols) over a layer's attention matrices. */
static double
attention_matrix_sides (const TsArchitecture *a)
{
  double h = a->hidden_size;
  double heads = a->attention_heads;

  if (ts_architecture_is_mla (a))
    {
      double qk_head = (double) a->qk_nope_head_dim + a->qk_rope_head_dim;
      double q = a->q_lora_rank > 0
                 ? (h + a->q_lora_rank) + (a->q_lora_rank + heads * qk_head)
                 : h + heads * qk_head;

      return q + (h + a->kv_lora_rank + a->qk_rope_head_dim)
             + (a->kv_lora_rank + heads * ((double) a->qk_nope_head_dim + a->v_head_dim))
             + (heads * a->v_head_dim + h);
    }
  {
    double q = heads * a->head_dim;
    double kv = (double) a->kv_heads * a->head_dim;

    return (h + q) + 2 * (h + kv) + (q + h);
  }
}

/* Adafactor's factored states per parameter of the whole model. */
static double
adafactor_bytes_per_param (const TsScenario *s)
{
  const TsArchitecture *a = &s->model.arch;
  double h = a->hidden_size;
  double mats = ts_architecture_mlp_matrices (a);
  double sides;
  double vectors;
  double total;

  if (!s->model.has_architecture || (total = ts_architecture_total_params (a)) <= 0)
    return 0;

  sides = a->layers * attention_matrix_sides (a)
          + ts_memory_dense_layers (a) * mats * (h + a->ffn_size)
          + ts_memory_moe_layers (a) * (((double) a->experts + a->shared_experts) * mats * (h + a->expert_ffn_size)
                                        + (h + a->experts))
          + (a->tied_embeddings ? 1 : 2) * ((double) a->vocab_size + h);
  vectors = a->layers * 2 * h + h;  /* norms */
  if (a->qkv_bias && !ts_architecture_is_mla (a))
    vectors += a->layers * ((double) a->attention_heads + 2.0 * a->kv_heads) * a->head_dim;

  return ADAFACTOR_STATE_BYTES * (sides + vectors) / total;
}

/* Pure BF16 keeps the optimizer's FP32 states in BF16 as well:
 * LLaMA-Factory's “Full (pure_bf16)” row is 8 bytes/param = weights 2 +
 * gradients 2 + Adam 2 + 2 (docs/sizing-literature.md §0). */
static double
optimizer_precision_scale (const TsScenario *s)
{
  return s->precision == TS_PRECISION_PURE_BF16 ? BYTES_BF16 / BYTES_FP32 : 1.0;
}

double
ts_memory_optimizer_bytes_per_param (const TsScenario *s)
{
  double bytes;

  switch (s->optimizer)
    {
    case TS_OPTIMIZER_ADAMW_8BIT: return ADAM_8BIT_STATE_BYTES;
    case TS_OPTIMIZER_ADAFACTOR: bytes = adafactor_bytes_per_param (s); break;
    case TS_OPTIMIZER_SGD:
    case TS_OPTIMIZER_LION: bytes = MOMENTUM_STATE_BYTES; break;
    case TS_OPTIMIZER_ADAMW:
    case TS_N_OPTIMIZERS:
    default: bytes = ADAM_STATE_BYTES; break;
    }
  return bytes * optimizer_precision_scale (s);
}

/* The adapters' optimizer: QLoRA's paged optimizer is bitsandbytes'
 * paged 8-bit AdamW (QLoRA paper §3). */
double
ts_memory_adapter_optimizer_bytes (const TsScenario *s)
{
  if (s->method == TS_METHOD_QLORA && s->paged_optimizer)
    return ADAM_8BIT_STATE_BYTES;
  /* An adapter pair is two thin matrices, d × r and r × d': factored,
   * 4(d + r) + 4(r + d') bytes for r(d + d') parameters, about 4/r each. */
  if (s->optimizer == TS_OPTIMIZER_ADAFACTOR)
    return ADAFACTOR_STATE_BYTES / MAX (1u, s->lora_rank) * optimizer_precision_scale (s);
  return ts_memory_optimizer_bytes_per_param (s);
}

/* Parameters of the routed experts (what expert parallelism divides);
 * shared experts and routers are replicated like dense layers. */
static double
routed_expert_params (const TsArchitecture *a)
{
  return ts_memory_moe_layers (a) * a->experts
         * ts_architecture_mlp_matrices (a) * (double) a->hidden_size * a->expert_ffn_size;
}

/* The parameters one GPU holds before ZeRO sharding, split into those
 * sharded over the whole data-parallel group and routed-expert ones,
 * whose data-parallel group is dp / ep. Tensor parallelism divides
 * everything; pipeline parallelism divides the transformer blocks, but a
 * stage at either end holds a whole (TP-sharded) embedding table or
 * output head, so the worst stage is counted. */
typedef struct
{
  double dense;
  double expert;
} Share;

static void
param_share (const TsScenario *s,
             const TsLayout   *l,
             Share            *share)
{
  const TsArchitecture *a = &s->model.arch;
  double params = s->model.params;
  double t = l->tp;
  double pp = l->pp;
  double total;
  double embedding;
  double one_table;
  double experts;
  double blocks;
  double scale;

  if (!s->model.has_architecture)
    {
      share->dense = params / (t * pp);
      share->expert = 0;
      return;
    }

  experts = routed_expert_params (a);
  if (experts == 0 && l->tp == 1 && l->pp == 1)
    {
      /* Exactly the model's parameters (the article's figures). */
      share->dense = params;
      share->expert = 0;
      return;
    }

  /* The architecture's proportions applied to the sizing count (the
   * published one for catalog models). */
  total = ts_architecture_total_params (a);
  scale = total > 0 ? params / total : 1.0;
  embedding = ts_architecture_embedding_params (a);
  one_table = (double) a->vocab_size * a->hidden_size;
  blocks = total - embedding - experts;

  share->dense = (blocks / pp + (l->pp > 1 ? one_table : embedding)) / t * scale;
  share->expert = experts / (pp * t * l->ep) * scale;
}

/* Model states of trainable parameters on one GPU (the four components
 * of the article's 16–18 bytes). ZeRO stage 1 divides master weights and
 * optimizer states over the data-parallel group, stage 2 also gradients,
 * stage 3 also weights (ZeRO paper §5; docs/sizing-model.md §3). */
typedef struct
{
  double weights;
  double gradients;
  double master;
  double optimizer;
} States;

/* The ranks ZeRO shards over: the data-parallel ones and, with context
 * parallelism, the context-parallel ranks that hold the same weights
 * (Megatron-Core's distributed optimizer over its data-parallel group
 * with context parallelism; sizing-model §8.9). */
static double
sharding_ranks (const TsLayout *l)
{
  return (double) l->dp * MAX (1u, l->cp);
}

static void
trainable_states (const TsScenario *s,
                  const TsLayout   *l,
                  const Share      *share,
                  double            weight_bytes,
                  double            optimizer_bytes,
                  States           *out)
{
  double dp = sharding_ranks (l);
  double dp_expert = MAX (1.0, sharding_ranks (l) / l->ep);
  int z = l->zero_stage;
  double w3 = share->dense / (z >= 3 ? dp : 1) + share->expert / (z >= 3 ? dp_expert : 1);
  double w2 = share->dense / (z >= 2 ? dp : 1) + share->expert / (z >= 2 ? dp_expert : 1);
  double w1 = share->dense / (z >= 1 ? dp : 1) + share->expert / (z >= 1 ? dp_expert : 1);

  out->weights = weight_bytes * w3;
  out->gradients = ts_memory_gradient_bytes_per_param (s) * w2;
  out->master = ts_memory_master_bytes_per_param (s) * w1;
  out->optimizer = optimizer_bytes * w1;

  /* ZeRO-Offload (DeepSpeed offload_optimizer=cpu): the optimizer step
   * runs on the CPU, so the gradient partitions, the FP32 master weights
   * and the optimizer states live in host RAM; the GPU keeps the 16-bit
   * weights (DeepSpeed's “2 * params” per GPU). */
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    {
      out->gradients = 0;
      out->master = 0;
      out->optimizer = 0;
    }
}

/* Host RAM for the offloaded states of trainable parameters, the whole
 * job: DeepSpeed's estimate_zero3_model_states_mem_needs (zero_init) is
 * params × 16 × 1.5 over all nodes — FP32 gradients 4 + FP32 master 4 +
 * Adam 8; estimate_zero2_… is params × max(4 × GPUs, 16) × 1.5, the 4 ×
 * GPUs being each process's FP32 copy of the model at start-up (exact for
 * one server; DeepSpeed counts that per node). */
static double
offload_host_bytes (const TsScenario *s,
                    const TsLayout   *l,
                    double            trainable,
                    double            optimizer_bytes)
{
  double per_param = BYTES_FP32 + ts_memory_master_bytes_per_param (s) + optimizer_bytes;

  if (s->offload != TS_OFFLOAD_OPTIMIZER)
    return 0;
  if (l->zero_stage < 3)
    per_param = MAX (per_param, HOST_FP32_INIT_BYTES * l->gpus);
  return trainable * per_param * HOST_BUFFER_FACTOR;
}

/* LoRA adds r·(d_in + d_out) parameters per targeted matrix (PEFT's
 * lora_A: d_in → r, lora_B: r → d_out; docs/sizing-literature.md §1.10). With
 * all-linear on a MoE model every expert's matrices get adapters. */
double
ts_memory_lora_adapter_params (const TsArchitecture *a,
                               TsLoraTargets         targets,
                               guint                 rank)
{
  double r = rank;
  double h = a->hidden_size;
  double per_layer = 0;
  double mlp = 0;
  double matrices = ts_architecture_mlp_matrices (a);

  if (ts_architecture_is_mla (a))
    {
      double heads = a->attention_heads;
      double qk_head = (double) a->qk_nope_head_dim + a->qk_rope_head_dim;
      double q_in = a->q_lora_rank > 0 ? a->q_lora_rank : h;
      double q = r * (q_in + heads * qk_head);                 /* q_b (or q) */
      double kv_b = r * (a->kv_lora_rank + heads * ((double) a->qk_nope_head_dim + a->v_head_dim));

      if (a->q_lora_rank > 0)
        q += r * (h + a->q_lora_rank);                         /* q_a */
      per_layer += q + kv_b;                                   /* “q, v” */
      if (targets != TS_LORA_TARGETS_QV)
        per_layer += r * (h + a->kv_lora_rank + a->qk_rope_head_dim)  /* kv_a */
                     + r * (heads * a->v_head_dim + h);               /* o */
    }
  else
    {
      double q = (double) a->attention_heads * a->head_dim;
      double kv = (double) a->kv_heads * a->head_dim;

      per_layer += r * (h + q) + r * (h + kv);                 /* q, v */
      if (targets != TS_LORA_TARGETS_QV)
        per_layer += r * (h + kv) + r * (q + h);               /* k, o */
    }

  if (targets == TS_LORA_TARGETS_ALL_LINEAR)
    {
      double experts_per_layer = (double) a->experts + a->shared_experts;

      mlp = ts_memory_dense_layers (a) * matrices * r * (h + a->ffn_size)
            + ts_memory_moe_layers (a) * experts_per_layer * matrices * r * (h + a->expert_ffn_size);
    }

  return per_layer * a->layers + mlp;
}

/* The parameters the whole job holds in one data-parallel copy: every
 * pipeline stage's share summed, every tensor rank's (the sum over the GPUs
 * of one copy, where param_share () gives the busiest GPU's). The blocks
 * are held once; with a pipeline the first stage holds the input
 * embedding and the last the output head, a tied table thus twice
 * (Megatron-LM keeps a copy on the last stage to compute the logits).
 * Routed experts are split over the expert-parallel group inside the
 * data-parallel one: one copy holds 1/ep of them per data-parallel rank,
 * so that dp ranks hold dp/ep copies — the `expert` share here is per
 * data-parallel rank, like `dense`. */
static void
job_param_share (const TsScenario *s,
                 const TsLayout   *l,
                 Share            *share)
{
  const TsArchitecture *a = &s->model.arch;
  double params = s->model.params;
  double total;
  double embedding;
  double experts;
  double blocks;
  double scale;

  if (!s->model.has_architecture)
    {
      share->dense = params;
      share->expert = 0;
      return;
    }
  experts = routed_expert_params (a);
  if (experts == 0 && l->tp == 1 && l->pp == 1)
    {
      share->dense = params;
      share->expert = 0;
      return;
    }
  total = ts_architecture_total_params (a);
  scale = total > 0 ? params / total : 1.0;
  embedding = ts_architecture_embedding_params (a);
  blocks = total - embedding - experts;
  share->dense = (blocks + (l->pp > 1 ? 2.0 * a->vocab_size * (double) a->hidden_size : embedding)) * scale;
  share->expert = experts / l->ep * scale;
}

/* The model-state components of one share: a GPU's (param_share ()) or
 * one data-parallel rank's column of the job (job_param_share ()).
 * `tp_pp` is 1 for a GPU's share and tp × pp for a column, the GPUs the
 * adapters are split over. */
static void
share_states (const TsScenario *s,
              const TsLayout   *l,
              const Share      *share,
              double            adapter_params,
              double            tp_pp,
              double           *bytes)
{
  States states;

  if (s->method == TS_METHOD_FULL)
    {
      trainable_states (s, l, share, ts_memory_weight_bytes_per_param (s),
                        ts_memory_optimizer_bytes_per_param (s), &states);
      bytes[TS_COMPONENT_WEIGHTS] = states.weights;
      bytes[TS_COMPONENT_GRADIENTS] = states.gradients;
      bytes[TS_COMPONENT_MASTER_WEIGHTS] = states.master;
      bytes[TS_COMPONENT_OPTIMIZER_STATES] = states.optimizer;
      return;
    }

  {
    double dp = l->zero_stage >= 3 ? sharding_ranks (l) : 1;
    double dp_expert = l->zero_stage >= 3 ? MAX (1.0, sharding_ranks (l) / l->ep) : 1;
    double held = share->dense / dp + share->expert / dp_expert;

    if (s->method == TS_METHOD_LORA)
      bytes[TS_COMPONENT_WEIGHTS] = BYTES_BF16 * held;
    else
      {
        /* QLoRA quantizes the linear layers of the blocks to NF4; the
         * embeddings, the output head and the norms stay in BF16. */
        double total = s->model.params;
        double linear = total;
        double quant_bits = s->double_quant ? QUANT_BITS_DOUBLE : QUANT_BITS_PLAIN;
        double fraction = total > 0 ? held / total : 0;

        if (s->model.has_architecture)
          {
            const TsArchitecture *a = &s->model.arch;
            double arch_total = ts_architecture_total_params (a);

            linear = arch_total > 0 ? total * ts_architecture_block_linear_params (a) / arch_total : total;
          }
        bytes[TS_COMPONENT_WEIGHTS] = (BYTES_NF4 * linear + BYTES_BF16 * (total - linear)) * fraction;
        bytes[TS_COMPONENT_QUANTIZATION_CONSTANTS] = quant_bits / BITS_PER_BYTE * linear * fraction;
      }
  }

  {
    Share adapters = { adapter_params * tp_pp / ((double) l->tp * l->pp), 0 };

    trainable_states (s, l, &adapters, BYTES_BF16, ts_memory_adapter_optimizer_bytes (s), &states);
    bytes[TS_COMPONENT_ADAPTERS] = states.weights + states.gradients + states.master + states.optimizer;
  }
}

void
ts_memory_compute_model_states (const TsScenario *s,
                                const TsLayout   *l,
                                TsMemory         *m)
{
  Share share;
  Share job;
  double column[TS_N_COMPONENTS] = { 0 };

  if (s->method == TS_METHOD_FULL)
    m->trainable_params = s->model.params;
  else
    {
      /* LoRA / QLoRA: the base is frozen and carries only its weights;
       * the adapters are trainable: BF16 weight 2 + gradient 2 + FP32
       * master 4 + AdamW 8 = 16 bytes each (docs/sizing-model.md §5),
       * shown as one component. */
      m->adapter_params = s->model.has_architecture
                          ? ts_memory_lora_adapter_params (&s->model.arch, s->lora_targets, s->lora_rank)
                          : 0;
      m->trainable_params = m->adapter_params;
    }

  param_share (s, l, &share);
  share_states (s, l, &share, m->adapter_params, 1, m->per_gpu.bytes);

  /* The whole job: one data-parallel rank's column summed over its
   * stages and tensor ranks, times the data-parallel degree (every
   * rank holds the same; ZeRO's shards are already divided by it). */
  job_param_share (s, l, &job);
  share_states (s, l, &job, m->adapter_params, (double) l->tp * l->pp, column);
  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    m->total.bytes[i] = column[i] * sharding_ranks (l);

  /* The copies of the weights the job keeps: one a data-parallel rank,
   * one in all with ZeRO-3 (whose shards together make one). */
  m->weight_copies = l->zero_stage >= 3 ? 1 : sharding_ranks (l);

  if (s->method == TS_METHOD_FULL)
    {
      m->host_ram_bytes = offload_host_bytes (s, l, m->trainable_params,
                                              ts_memory_optimizer_bytes_per_param (s));
      /* A checkpoint saves the weights in the precision the forward pass
       * computes with: FP8 training's FP8 copies are rebuilt, not saved. */
      m->checkpoint_bytes = s->model.params * (ts_memory_compute_bytes (s)
                                               + ts_memory_master_bytes_per_param (s)
                                               + ts_memory_optimizer_bytes_per_param (s));
      return;
    }
  m->host_ram_bytes = offload_host_bytes (s, l, m->adapter_params, ts_memory_adapter_optimizer_bytes (s));
  m->checkpoint_bytes = m->adapter_params * (BYTES_BF16 + ts_memory_master_bytes_per_param (s)
                                             + ts_memory_adapter_optimizer_bytes (s));
}
