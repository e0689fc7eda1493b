/* test-framework.c — the table of training frameworks and their rules
 * (issue 26, src/engine/framework/ts-framework.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-framework.h"
#include "ts-test-support.h"

static TsPlan *
plan_in (TsCatalog   *catalog,
         const char  *model_id,
         TsMethod     method,
         TsFramework  framework)
{
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, model_id, 0, method);
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  s->framework = framework;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ts_plan_get_shown_option (plan));
  return plan;
}

/* Megatron-LM under BF16 accumulates and reduces gradients in FP32
 * (megatron/training/arguments.py, validate_args (): “bfloat16 requires
 * gradient accumulation and all-reduce to be done in fp32”): 4 bytes of
 * gradient against 2 of BF16 weight, per parameter a GPU holds, so its
 * gradients are twice its weights (the distributed optimizer does not
 * shard the gradient buffer). PyTorch FSDP keeps the scenario's BF16
 * gradients: as many bytes as the weights under the same sharding. */
static void
test_megatron_fp32_gradients (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) megatron = plan_in (catalog, "llama-3.1-70b", TS_METHOD_FULL, TS_FRAMEWORK_MEGATRON);
  g_autoptr(TsPlan) fsdp = plan_in (catalog, "llama-3.1-70b", TS_METHOD_FULL, TS_FRAMEWORK_FSDP);
  const TsOption *m = ts_plan_get_shown_option (megatron);
  const TsOption *f = ts_plan_get_shown_option (fsdp);

  g_assert_cmpint (m->framework, ==, TS_FRAMEWORK_MEGATRON);
  g_assert_true (m->framework_rules & TS_FRAMEWORK_RULE_FP32_GRADIENTS);
  g_assert_cmpfloat_with_epsilon (m->memory.per_gpu.bytes[TS_COMPONENT_GRADIENTS], 2 * m->memory.per_gpu.bytes[TS_COMPONENT_WEIGHTS],
                                  1e-6 * m->memory.per_gpu.bytes[TS_COMPONENT_WEIGHTS]);
  g_assert_cmpint (m->memory.layout.zero_stage, <=, 1);
  g_assert_cmpint (f->framework, ==, TS_FRAMEWORK_FSDP);
  g_assert_false (f->framework_rules & TS_FRAMEWORK_RULE_FP32_GRADIENTS);
  g_assert_cmpuint (f->memory.layout.tp * f->memory.layout.pp, ==, 1);
  g_assert_cmpint (f->memory.layout.zero_stage, !=, 1);
}

/* What the gradient reduction moves (docs/frameworks.md, "Gradients
 * under FSDP2"): Megatron-LM's FP32 buffers under BF16 or FP8, 4 bytes;
 * with --use-torch-fsdp2 (ZeRO-3) the BF16 gradients as they are, 2;
 * the frameworks that keep the scenario's dtype, and adapters, leave it
 * to the scenario (0). */
static void
test_reduce_bytes (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  TsLayout l = { 0 };

  l.tp = 2;
  l.pp = l.ep = l.cp = 1;
  l.dp = 8;
  l.zero_stage = 1;
  g_assert_cmpfloat (ts_framework_reduce_bytes (TS_FRAMEWORK_MEGATRON, s, &l), ==, 4);
  s->precision = TS_PRECISION_FP8;
  g_assert_cmpfloat (ts_framework_reduce_bytes (TS_FRAMEWORK_MEGATRON, s, &l), ==, 4);
  l.zero_stage = 3;
  g_assert_cmpfloat (ts_framework_reduce_bytes (TS_FRAMEWORK_MEGATRON, s, &l), ==, 2);
  s->precision = TS_PRECISION_BF16;
  g_assert_cmpfloat (ts_framework_reduce_bytes (TS_FRAMEWORK_MEGATRON, s, &l), ==, 2);
  l.tp = 1;
  g_assert_cmpfloat (ts_framework_reduce_bytes (TS_FRAMEWORK_FSDP, s, &l), ==, 0);
  g_assert_cmpfloat (ts_framework_reduce_bytes (TS_FRAMEWORK_DEEPSPEED, s, &l), ==, 0);
  s->method = TS_METHOD_LORA;
  g_assert_cmpfloat (ts_framework_reduce_bytes (TS_FRAMEWORK_MEGATRON, s, &l), ==, 0);
}

/* Automatic: a layout that splits the model is Megatron-LM's, adapters go
 * to a fine-tuning tool, and the one chosen runs the layout. */
static void
test_automatic_choice (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) full = plan_in (catalog, "llama-3.1-70b", TS_METHOD_FULL, TS_FRAMEWORK_AUTOMATIC);
  g_autoptr(TsPlan) qlora = plan_in (catalog, "llama-3.1-8b", TS_METHOD_QLORA, TS_FRAMEWORK_AUTOMATIC);
  const TsOption *o = ts_plan_get_shown_option (full);
  const TsOption *q = ts_plan_get_shown_option (qlora);

  for (guint i = 0; i < full->options->len; i++)
    {
      const TsOption *x = &g_array_index (full->options, TsOption, i);
      const TsLayout *l = &x->memory.layout;

      if (x->framework == TS_FRAMEWORK_AUTOMATIC)
        continue;
      g_assert_true (ts_framework_runs (x->framework, full->scenario, l, x->virtual_stages, NULL));
      if (l->tp > 1 || l->pp > 1)
        {
          g_assert_cmpint (x->framework, ==, TS_FRAMEWORK_MEGATRON);
          g_assert_cmpstr (x->framework_reason, ==, "model-parallel");
        }
    }
  g_assert_cmpint (o->framework, !=, TS_FRAMEWORK_AUTOMATIC);
  g_assert_cmpint (q->framework, ==, TS_FRAMEWORK_AXOLOTL);
  g_assert_cmpstr (q->framework_reason, ==, "fine-tuning");
}

/* The loss's memory knobs follow the framework's row (issue 27): a
 * Hugging Face model returns its BF16 logits and its loss saves the FP32
 * log-softmax (2 + 4 bytes a logit: ForCausalLMLoss upcasts with
 * logits.float ()); Megatron-LM's vocab-parallel cross-entropy keeps only
 * the FP32 softmax it made in place of its FP32 copy (0 + 4); none chunks
 * by default. So at one layout Megatron-LM's activations are the Hugging
 * Face stack's less 2 × s·b·V / t bytes; for Llama 3.1 8B at s = 2048,
 * b = 1, t = 1: 2 × 2048 × 128,256 = 525,336,576; and, its SwiGLU being
 * fused (it keeps its input alone: three tensors of the MLP's width, not
 * four, docs/sizing-model.md §4), less one 16-bit tensor of the width in
 * the one layer the backward pass rebuilds at a time: 2 × 2048 × 14,336 =
 * 58,720,256, 584,056,832 in all. */
static void
test_loss_knobs (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-8b", 0, TS_METHOD_FULL);
  TsLayout layout = { .gpus = 1, .tp = 1, .pp = 1, .dp = 1, .ep = 1, .zero_stage = 0, .virtual_stages = 1 };
  TsScenario megatron = *s, fsdp = *s;   /* shallow: only read */
  TsMemory m, f;

  layout.recompute_layers = s->checkpointing == TS_CHECKPOINTING_FULL ? s->model.arch.layers : 0;
  for (TsFramework fw = TS_FRAMEWORK_AUTOMATIC + 1; fw < TS_N_FRAMEWORKS; fw++)
    {
      TsFrameworkMemory knobs = s->framework_memory;

      ts_framework_memory (fw, s, &knobs);
      g_assert_cmpfloat (knobs.logits_kept_bytes, ==, fw == TS_FRAMEWORK_MEGATRON ? 0 : 2);
      g_assert_cmpfloat (knobs.loss_copy_bytes, ==, 4);
      /* torchtune's CEWithChunkedOutputLoss: 8 chunks */
      g_assert_cmpuint (knobs.loss_chunks, ==, fw == TS_FRAMEWORK_TORCHTUNE ? 8 : 1);
    }
  ts_framework_apply_rules (TS_FRAMEWORK_MEGATRON, &megatron, &layout);
  ts_framework_apply_rules (TS_FRAMEWORK_FSDP, &fsdp, &layout);
  ts_memory_compute (&megatron, &layout, &m);
  ts_memory_compute (&fsdp, &layout, &f);
  /* kept at the end of the forward pass: the 16-bit logits, 2 N */
  g_assert_cmpfloat_with_epsilon (f.activations.held - m.activations.held, 525336576.0 + 58720256.0, 1.0);
  /* at the step's peak, the loss's gradient: the Hugging Face loss 12 N
   * (the saved log-softmax and two FP32 gradients), Megatron-LM's 6 N
   * (its softmax and, cast from it, the 16-bit gradient): 6 N =
   * 1,576,009,728 bytes (docs/sizing-model.md §4.2) */
  g_assert_cmpfloat_with_epsilon (f.per_gpu.bytes[TS_COMPONENT_ACTIVATIONS] - m.per_gpu.bytes[TS_COMPONENT_ACTIVATIONS],
                                  1576009728.0, 1.0);
}

/* In FP8, Transformer Engine's GEMMs keep the FP8 copy of their input
 * (1 byte) instead of the 16-bit tensor, and the output projection's
 * copy sits beside FlashAttention's 16-bit output (docs/sizing-model.md
 * §4). Qwen3-30B-A3B (h 2,048, 32 query heads of 128, 8 of 128 experts
 * of 768) under Megatron-LM, s = 4,096, b = 1, t = 1, per MoE layer:
 * the QKV input h, the tokens dispatched to the experts 8h and the
 * experts' second input 8 × 768 each lose a byte an element (the MLP's
 * LayerNorm output stays 16-bit: the router's GEMM keeps it); the output
 * projection's FP8 copy adds 4,096:
 * 4,096 × (2,048 + 16,384 + 6,144 − 4,096) = 83,886,080 bytes fewer
 * than in BF16. The Hugging Face stack keeps them all in 16 bits. */
static void
test_fp8_gemm_inputs (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "qwen3-30b-a3b", 0, TS_METHOD_FULL);
  TsLayout layout = { .gpus = 1, .tp = 1, .pp = 1, .dp = 1, .ep = 1, .zero_stage = 0, .virtual_stages = 1 };
  TsScenario bf16, fp8, hf;   /* shallow copies: only read */
  TsMemory b, f, h;

  s->seq_len = 4096;
  s->micro_batch = 1;
  s->checkpointing = TS_CHECKPOINTING_NONE;
  bf16 = *s;
  fp8 = *s;
  fp8.precision = TS_PRECISION_FP8;
  hf = fp8;
  ts_framework_apply_rules (TS_FRAMEWORK_MEGATRON, &bf16, &layout);
  ts_framework_apply_rules (TS_FRAMEWORK_MEGATRON, &fp8, &layout);
  ts_framework_apply_rules (TS_FRAMEWORK_FSDP, &hf, &layout);
  ts_memory_compute (&bf16, &layout, &b);
  ts_memory_compute (&fp8, &layout, &f);
  ts_memory_compute (&hf, &layout, &h);
  g_assert_cmpfloat_with_epsilon (b.activations.full_layer - f.activations.full_layer, 83886080.0, 1.0);
  g_assert_cmpfloat (h.activations.full_layer, >, b.activations.full_layer);
}

/* Every option of a plan is sized with its own framework's knobs: an
 * option Megatron-LM runs without a pipeline keeps 2 × s·b·V / t bytes
 * less at the end of the forward pass than the same option sized for the
 * Hugging Face stack. */
static void
test_plan_follows_framework (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  guint compared = 0;

  /* tensor parallel, no pipeline: Megatron-LM's layout */
  s->tp = 8;
  s->pp = 1;
  s->searched &= ~(guint) (TS_SEARCH_TP | TS_SEARCH_PP);
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);
      const TsLayout *l = &o->memory.layout;
      TsScenario hf = *plan->scenario;   /* shallow: only read */
      TsMemory m;
      double vocab = plan->scenario->model.arch.vocab_size;

      if (o->framework != TS_FRAMEWORK_MEGATRON || l->pp > 1 || !o->fits)
        continue;
      hf.micro_batch = MAX (1u, o->micro_batch);
      hf.checkpointing = o->checkpointing;
      hf.sequence_parallel = o->sequence_parallel;
      hf.grad_dtype = TS_GRAD_FP32;
      /* Megatron-LM's layer tensors (its fused SwiGLU, test_loss_knobs ()),
       * so that the loss's knobs alone differ */
      hf.framework_memory.fused_glu = TRUE;
      ts_memory_compute (&hf, l, &m);
      g_assert_cmpfloat_with_epsilon (m.activations.held - o->memory.activations.held,
                                      2.0 * hf.seq_len * hf.micro_batch * vocab / l->tp, 1.0);
      /* and at the step's peak never less (12 against 6 bytes a logit
       * at the loss's gradient) */
      g_assert_cmpfloat (m.per_gpu.bytes[TS_COMPONENT_ACTIVATIONS], >=,
                         o->memory.per_gpu.bytes[TS_COMPONENT_ACTIVATIONS]);
      compared++;
    }
  g_assert_cmpuint (compared, >, 0);
}

/* Megatron-LM's pipeline layout: the chunks of pp × v add up to the
 * layers, differ by one layer at most, and no rank holds more than
 * ⌈L / pp⌉ (the stage the memory is sized for). By hand: 61 layers
 * (DeepSeek-V3) over 8 stages are 5 stages of 8 and 3 of 7. */
static void
test_chunk_layers (void)
{
  static const struct { guint layers, pp, v; } cases[] = {
    { 61, 8, 1 }, { 36, 8, 1 }, { 80, 6, 1 }, { 126, 16, 4 }, { 126, 16, 1 }, { 105, 35, 1 }, { 10, 8, 1 },
    { 95, 8, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint layers = cases[i].layers, pp = cases[i].pp, v = cases[i].v;
      guint most = (layers + pp - 1) / pp;
      guint sum = 0;

      for (guint r = 0; r < pp; r++)
        {
          guint rank = 0;

          for (guint c = 0; c < v; c++)
            {
              guint n = ts_framework_chunk_layers (layers, pp, v, c * pp + r);

              g_assert_cmpuint (n, >=, layers / (pp * v));
              g_assert_cmpuint (n, <=, layers / (pp * v) + 1);
              rank += n;
            }
          g_assert_cmpuint (rank, <=, most);
          sum += rank;
        }
      g_assert_cmpuint (sum, ==, layers);
      g_assert_true (ts_framework_uneven (layers, pp, v) == (layers % (pp * v) != 0));
    }
  /* 61 over 8: 8, 8, 8, 8, 8, 7, 7, 7 */
  g_assert_cmpuint (ts_framework_chunk_layers (61, 8, 1, 0), ==, 8);
  g_assert_cmpuint (ts_framework_chunk_layers (61, 8, 1, 4), ==, 8);
  g_assert_cmpuint (ts_framework_chunk_layers (61, 8, 1, 5), ==, 7);
}

/* Start-up checks of Megatron-LM (validate_args (), TransformerConfig):
 * query groups divisible by TP — Llama 3.1 70B has 8, so TP 16 is
 * refused even though 64 heads divide; experts and DP divisible by EP;
 * LoRA and FP16 (20 bytes per parameter, not sized) are refused; the
 * data-parallel frameworks refuse TP and PP. */
static void
test_startup_checks (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  TsLayout l = { .gpus = 16, .tp = 16, .pp = 1, .dp = 1, .ep = 1, .zero_stage = 0 };
  const char *why = NULL;

  g_assert_false (ts_framework_runs (TS_FRAMEWORK_MEGATRON, s, &l, 1, &why));
  g_assert_cmpstr (why, ==, "query-groups");
  l.tp = 8;
  l.dp = 2;
  g_assert_true (ts_framework_runs (TS_FRAMEWORK_MEGATRON, s, &l, 1, &why));
  g_assert_false (ts_framework_runs (TS_FRAMEWORK_DEEPSPEED, s, &l, 1, &why));
  g_assert_cmpstr (why, ==, "tensor-parallel");
  l.tp = 1;
  l.dp = 16;
  l.zero_stage = 2;
  g_assert_false (ts_framework_runs (TS_FRAMEWORK_MEGATRON, s, &l, 1, &why));
  g_assert_cmpstr (why, ==, "zero-stage");
  /* ZeRO-3 is --use-torch-fsdp2: with tensor parallelism, never with a
   * pipeline or expert parallelism (validate_args ()'s asserts) */
  l.zero_stage = 3;
  l.tp = 8;
  l.dp = 2;
  g_assert_true (ts_framework_runs (TS_FRAMEWORK_MEGATRON, s, &l, 1, &why));
  l.pp = 2;
  l.dp = 1;
  g_assert_false (ts_framework_runs (TS_FRAMEWORK_MEGATRON, s, &l, 1, &why));
  g_assert_cmpstr (why, ==, "fsdp2-parallel");
  l.pp = 1;
  l.tp = 1;
  l.dp = 16;
  l.zero_stage = 3;
  g_assert_false (ts_framework_runs (TS_FRAMEWORK_FSDP, s, &(TsLayout) { .gpus = 16, .tp = 1, .pp = 1, .dp = 16, .ep = 1, .zero_stage = 1 }, 1, &why));
  g_assert_cmpstr (why, ==, "zero-stage");
  s->precision = TS_PRECISION_FP16;
  l.zero_stage = 1;
  g_assert_false (ts_framework_runs (TS_FRAMEWORK_MEGATRON, s, &l, 1, &why));
  g_assert_cmpstr (why, ==, "precision");
  s->precision = TS_PRECISION_BF16;
  s->method = TS_METHOD_LORA;
  g_assert_false (ts_framework_runs (TS_FRAMEWORK_MEGATRON, s, &l, 1, &why));
  g_assert_cmpstr (why, ==, "method");
}

/* A user's expert degree that the data-parallel GPUs do not divide is
 * refused with the reason, never made another (issue 29: EP 32 → 16). */
static void
test_given_ep_refused (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "deepseek-v3", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  const TsOption *o;

  s->ep = 32;
  s->searched &= ~TS_SEARCH_EP;
  ts_scenario_set_server (s, "dgx-h200");
  s->servers = 2;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  o = ts_plan_get_shown_option (plan);
  g_assert_true (o->failures & TS_FAILURE_FRAMEWORK);
  g_assert_false (o->ok);
  g_assert_cmpstr (o->framework_why, ==, "experts");
}

int
main (int    argc,
      char **argv)
{
  ts_i18n_init ();
  ts_i18n_set_language ("en");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/framework/megatron-fp32-gradients", test_megatron_fp32_gradients);
  g_test_add_func ("/framework/reduce-bytes", test_reduce_bytes);
  g_test_add_func ("/framework/automatic", test_automatic_choice);
  g_test_add_func ("/framework/loss-knobs", test_loss_knobs);
  g_test_add_func ("/framework/fp8-gemm-inputs", test_fp8_gemm_inputs);
  g_test_add_func ("/framework/plan-follows-framework", test_plan_follows_framework);
  g_test_add_func ("/framework/chunk-layers", test_chunk_layers);
  g_test_add_func ("/framework/startup-checks", test_startup_checks);
  g_test_add_func ("/framework/given-ep-refused", test_given_ep_refused);
  return g_test_run ();
}
