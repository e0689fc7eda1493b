/* ts-published-peaks.c — published measured memory peaks the memory model is held to
 *
 * Each run is entered as its source states it (model, method, framework,
 * GPUs, batch, sequence, recomputation) with the configuration its
 * source ran; the memory model predicts it at that layout with that
 * framework's rules (docs/sizing-model.md §4.3). No constant of the
 * model was chosen on these rows. The test and the tables of docs/ and
 * the README read this one list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-published-peaks"

#include "config.h"

#include <string.h>

#include "ts-framework.h"
#include "ts-validation.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

/* torchtune's README at 0031bfb, “Memory and training speed”: batch 2
 * without accumulation, a dataset packed to 2,048 tokens, torch.compile
 * on, each row the recipe's config (recipes/configs/llama3_1/ at that
 * commit): 8B_lora_single_device rank 8 on q and v, fused AdamW;
 * 8B_qlora_single_device rank 8 on q, k, v, o and the MLP; 70B_lora rank
 * 16 on q, k and v, FSDP over 8 GPUs; all with activation checkpointing,
 * CEWithChunkedOutputLoss and dtype bf16. */
#define TORCHTUNE_TABLE "pytorch/torchtune README.md (0031bfb), “Memory and training speed”"
/* torchtune's README from 1814feb (#2003), “Optimization flags”: Llama 3.2
 * 3B, full_finetune_single_device, batch 2, sequence 4,096 packed, bf16,
 * A100, “Peak Memory Active”; each technique added to the ones above it
 * (torch AdamW, the step after the backward pass, until later rows). */
#define TORCHTUNE_FLAGS "pytorch/torchtune README.md (1814feb), “Optimization flags”"
/* Unsloth's README, “Context length benchmarks”: the longest sequence
 * Hugging Face + FlashAttention 2 trained with 4-bit QLoRA on all linear
 * layers, rank 32, batch 1, on a card of each memory size (gradient
 * checkpointing on, as the Hugging Face baseline of its notebooks). */
#define UNSLOTH_TABLE   "unslothai/unsloth README.md, “Context length benchmarks” (Hugging Face + FA2 column)"

#define TT TS_FRAMEWORK_TORCHTUNE
#define HF TS_FRAMEWORK_AUTOMATIC
#define PURE TS_PRECISION_PURE_BF16
#define MIXED TS_PRECISION_BF16
#define ADAMW TS_OPTIMIZER_ADAMW
#define ALL TS_LORA_TARGETS_ALL_LINEAR
#define QV TS_LORA_TARGETS_QV
#define ATTN TS_LORA_TARGETS_ATTENTION
#define AC TS_CHECKPOINTING_FULL
#define NO_AC TS_CHECKPOINTING_NONE

static const TsPublishedPeak peaks[] = {
  { "tt-8b-lora-4090", "llama-3.1-8b", TS_METHOD_LORA, TT, PURE, ADAMW, 8, QV,
    1, 2, 2048, AC, TRUE, 16.2 * GIB, TS_PEAK_ALLOCATED, "1 × RTX 4090", TORCHTUNE_TABLE },
  { "tt-8b-qlora-4090", "llama-3.1-8b", TS_METHOD_QLORA, TT, PURE, ADAMW, 8, ALL,
    1, 2, 2048, AC, TRUE, 7.4 * GIB, TS_PEAK_ALLOCATED, "1 × RTX 4090", TORCHTUNE_TABLE },
  /* q, k and v adapted; the nearest targets, all four attention
   * projections, add 0.05 % to the weights */
  { "tt-70b-lora-8xa100", "llama-3.1-70b", TS_METHOD_LORA, TT, PURE, ADAMW, 16, ATTN,
    8, 2, 2048, AC, TRUE, 27.6 * GIB, TS_PEAK_ALLOCATED, "8 × A100 80GB (FSDP)", TORCHTUNE_TABLE },
  { "tt-3b-full-chunked", "llama-3.2-3b", TS_METHOD_FULL, TT, PURE, ADAMW, 0, ALL,
    1, 2, 4096, NO_AC, TRUE, 42.9 * GIB, TS_PEAK_ALLOCATED, "1 × A100 80GB", TORCHTUNE_FLAGS " (+ Chunked Cross Entropy)" },
  { "tt-3b-full-ac", "llama-3.2-3b", TS_METHOD_FULL, TT, PURE, ADAMW, 0, ALL,
    1, 2, 4096, AC, TRUE, 24.9 * GIB, TS_PEAK_ALLOCATED, "1 × A100 80GB", TORCHTUNE_FLAGS " (+ Activation Checkpointing)" },
  { "hf-8b-qlora-12gb", "llama-3.1-8b", TS_METHOD_QLORA, HF, MIXED, ADAMW, 32, ALL,
    1, 1, 932, AC, FALSE, 12 * GIB, TS_PEAK_OOM_BOUNDARY, "12 GB card", UNSLOTH_TABLE },
  { "hf-8b-qlora-16gb", "llama-3.1-8b", TS_METHOD_QLORA, HF, MIXED, ADAMW, 32, ALL,
    1, 1, 2551, AC, FALSE, 16 * GIB, TS_PEAK_OOM_BOUNDARY, "16 GB card", UNSLOTH_TABLE },
  { "hf-8b-qlora-24gb", "llama-3.1-8b", TS_METHOD_QLORA, HF, MIXED, ADAMW, 32, ALL,
    1, 1, 5789, AC, FALSE, 24 * GIB, TS_PEAK_OOM_BOUNDARY, "24 GB card", UNSLOTH_TABLE },
  { "hf-8b-qlora-40gb", "llama-3.1-8b", TS_METHOD_QLORA, HF, MIXED, ADAMW, 32, ALL,
    1, 1, 12264, AC, FALSE, 40 * GIB, TS_PEAK_OOM_BOUNDARY, "40 GB card", UNSLOTH_TABLE },
  { "hf-8b-qlora-48gb", "llama-3.1-8b", TS_METHOD_QLORA, HF, MIXED, ADAMW, 32, ALL,
    1, 1, 15502, AC, FALSE, 48 * GIB, TS_PEAK_OOM_BOUNDARY, "48 GB card", UNSLOTH_TABLE },
  { "hf-8b-qlora-80gb", "llama-3.1-8b", TS_METHOD_QLORA, HF, MIXED, ADAMW, 32, ALL,
    1, 1, 28454, AC, FALSE, 80 * GIB, TS_PEAK_OOM_BOUNDARY, "80 GB card", UNSLOTH_TABLE },
  /* Llama 3.3 70B has Llama 3.1 70B's architecture */
  { "hf-70b-qlora-80gb", "llama-3.1-70b", TS_METHOD_QLORA, HF, MIXED, ADAMW, 32, ALL,
    1, 1, 6916, AC, FALSE, 80 * GIB, TS_PEAK_OOM_BOUNDARY, "A100 80GB", UNSLOTH_TABLE " (Llama 3.3 70B)" },
};

guint
ts_published_peaks_count (void)
{
  return G_N_ELEMENTS (peaks);
}

const TsPublishedPeak *
ts_published_peak (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (peaks), NULL);
  return &peaks[index];
}

/* Llama 3.2 3B from its config.json (meta-llama/Llama-3.2-3B): 28
 * layers, hidden 3,072, 24 heads and 8 key/value heads of 128, SwiGLU
 * 8,192, vocabulary 128,256, tied embeddings. Not a catalog model. */
static gboolean
llama_3_2_3b (TsModel *model)
{
  TsArchitecture a = { 0 };

  a.layers = 28;
  a.hidden_size = 3072;
  a.attention_heads = 24;
  a.kv_heads = 8;
  a.head_dim = 128;
  a.ffn_size = 8192;
  a.mlp = TS_MLP_SWIGLU;
  a.vocab_size = 128256;
  a.tied_embeddings = TRUE;
  return ts_model_init_from_architecture (model, "Llama 3.2 3B", &a, NULL);
}

static TsScenario *
peak_scenario (const TsCatalog       *catalog,
               const TsPublishedPeak *p)
{
  TsScenario *s;

  if (strcmp (p->model_id, "llama-3.2-3b") == 0)
    {
      TsModel model = { 0 };

      if (!llama_3_2_3b (&model))
        return NULL;
      s = ts_scenario_new ();
      ts_scenario_set_model (s, &model);
      ts_model_clear (&model);
    }
  else
    {
      const TsCatalogModel *m = ts_catalog_find_model (catalog, p->model_id);

      if (m == NULL)
        return NULL;
      s = ts_scenario_new ();
      ts_scenario_set_model (s, &m->model);
    }
  s->method = p->method;
  s->framework = p->framework;
  s->precision = p->precision;
  s->optimizer = p->optimizer;
  s->paged_optimizer = FALSE;
  s->lora_rank = MAX (1u, p->lora_rank);
  s->lora_targets = p->lora_targets;
  s->micro_batch = p->micro_batch;
  s->seq_len = p->seq_len;
  s->checkpointing = p->checkpointing;
  s->flash_attention = TRUE;
  s->gpus = p->gpus;
  s->zero_stage = p->gpus > 1 ? 3 : 0;
  s->tp = s->pp = s->ep = 1;
  /* no accumulation: one micro-batch a GPU per step */
  s->global_batch = p->micro_batch * p->gpus;
  return s;
}

gboolean
ts_published_peak_check (const TsCatalog       *catalog,
                         const TsPublishedPeak *p,
                         TsPeakCheck           *check)
{
  g_autoptr(TsScenario) s = peak_scenario (catalog, p);
  const TsTimeline *t;
  TsLayout layout;
  TsMemory m;
  double parts;

  memset (check, 0, sizeof *check);
  if (s == NULL)
    return FALSE;
  ts_layout_resolve (s, p->gpus, &layout);
  ts_framework_apply_rules (p->framework, s, &layout);
  if (p->compiled_loss)
    ts_framework_memory_compiled_loss (&s->framework_memory);
  ts_memory_compute (s, &layout, &m);
  t = &m.timeline;
  /* before the timeline, every component at its largest was summed */
  parts = t->phases[TS_PHASE_OPTIMIZER].states + t->phases[TS_PHASE_OPTIMIZER].gradients + m.activations.held
          + m.overhead.zero3_gather;
  if (p->kind == TS_PEAK_ALLOCATED)
    {
      check->predicted = t->peak_bytes;
      check->sum_of_parts = parts;
    }
  else
    {
      check->predicted = ts_breakdown_sum (&m.per_gpu);
      check->sum_of_parts = parts * (1 + s->fragmentation) + s->runtime_overhead_bytes;
    }
  check->peak_phase = t->peak;
  check->ratio = check->predicted / p->measured_bytes;
  return TRUE;
}

static const char *
method_name (TsMethod method)
{
  switch (method)
    {
    case TS_METHOD_FULL: return "full";
    case TS_METHOD_LORA: return "LoRA";
    case TS_METHOD_QLORA:
    case TS_N_METHODS:
    default: return "QLoRA";
    }
}

char *
ts_published_peaks_markdown (const TsCatalog *catalog)
{
  GString *out = g_string_new (NULL);

  g_string_append (out, "| run | model | method | framework | system | batch × sequence | recomputation | measured | predicted | predicted / measured | peak phase | sum of parts / measured | source |\n"
                        "|---|---|---|---|---|---|---|---:|---:|---:|---|---:|---|\n");
  for (guint i = 0; i < G_N_ELEMENTS (peaks); i++)
    {
      const TsPublishedPeak *p = &peaks[i];
      TsPeakCheck c;

      if (!ts_published_peak_check (catalog, p, &c))
        continue;
      g_string_append_printf (out, "| %s | %s | %s | %s | %s | %u × %u | %s | %.1f GiB%s | %.1f GiB | %.2f | %s | %.2f | %s |\n",
                              p->id, p->model_id, method_name (p->method),
                              p->framework == TS_FRAMEWORK_AUTOMATIC ? "Hugging Face" : ts_framework_info (p->framework)->name,
                              p->system, p->micro_batch, p->seq_len,
                              p->checkpointing == TS_CHECKPOINTING_FULL ? "full" : "none",
                              p->measured_bytes / GIB, p->kind == TS_PEAK_OOM_BOUNDARY ? " (card, longest sequence)" : "",
                              c.predicted / GIB, c.ratio, ts_phase_key (c.peak_phase), c.sum_of_parts / p->measured_bytes,
                              p->source);
    }
  return g_string_free (out, FALSE);
}
