/* ts-memory-explain.c — each memory component in words, with its formula
 *
 * The tooltips' and the spec sheet's sentences: what the component holds
 * and the bytes × parameters ÷ divisors that give its figure.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-format.h"
#include "ts-memory-private.h"

#define TS_BYTES_PER_MB       1e6

/* Small amounts (a layer's activations, Adafactor's states) in decimal
 * megabytes, where “0.03 GB” would say little; the rest in GB. */
static char *
format_bytes (double bytes)
{
  g_autofree char *number = NULL;

  if (bytes == 0 || fabs (bytes) >= TS_BYTES_PER_GB)
    return ts_format_gb (bytes);
  number = ts_format_number_auto (bytes / TS_BYTES_PER_MB, fabs (bytes) >= 100 * TS_BYTES_PER_MB ? 0 : 1);
  /* Translators: megabytes, decimal (10^6 bytes) */
  return g_strconcat (number, "\u00a0", C_("unit", "MB"), NULL);
}

/* “ ÷ 8 GPUs (ZeRO-3)”: what divides a component on this GPU. */
static char *
divisor_text (const TsLayout *l,
              int             min_stage)
{
  GString *text = g_string_new (NULL);

  if (l->tp > 1)
    /* Translators: part of a formula: “÷ 2 (tensor parallel)” */
    g_string_append_printf (text, _(" ÷ %u (tensor parallel)"), l->tp);
  if (l->pp > 1)
    /* Translators: part of a formula: “÷ 4 (pipeline stages)” */
    g_string_append_printf (text, _(" ÷ %u (pipeline stages)"), l->pp);
  /* ZeRO shards over the context-parallel ranks too (sizing-model §8.9) */
  if (min_stage >= 0 && l->zero_stage >= min_stage && l->dp * MAX (1u, l->cp) > 1)
    /* Translators: part of a formula: “÷ 8 GPUs (ZeRO-3)” */
    g_string_append_printf (text, _(" ÷ %u GPUs (ZeRO-%d)"), l->dp * MAX (1u, l->cp), l->zero_stage);
  return g_string_free (text, FALSE);
}

/* “2 bytes × 70.55 B params ÷ 8 GPUs (ZeRO-3) = 17.64 GB” */
static char *
formula (double          bytes_per_param,
         double          params,
         const TsLayout *l,
         int             min_stage,
         double          result)
{
  g_autofree char *bpp = ts_format_number_auto (bytes_per_param, 3);
  g_autofree char *count = ts_format_params (params);
  g_autofree char *divisor = divisor_text (l, min_stage);
  g_autofree char *value = format_bytes (result);

  /* Translators: a formula: “2 bytes × 70.55 B params ÷ 8 GPUs (ZeRO-3) = 17.64 GB” */
  return g_strdup_printf (_("%s bytes × %s params%s = %s"), bpp, count, divisor, value);
}

static const char *
precision_name (const TsScenario *s)
{
  switch (s->precision)
    {
    case TS_PRECISION_FP16: return "FP16";
    case TS_PRECISION_FP8: return _("BF16 plus an FP8 copy");
    case TS_PRECISION_FP32: return "FP32";
    case TS_PRECISION_BF16:
    case TS_PRECISION_PURE_BF16:
    case TS_N_PRECISIONS:
    default: return "BF16";
    }
}

static char *
explain_optimizer (const TsScenario *s,
                   const TsMemory   *m,
                   double            bytes)
{
  g_autofree char *f = formula (ts_memory_optimizer_bytes_per_param (s), m->trainable_params, &m->layout, 1, bytes);

  switch (s->optimizer)
    {
    case TS_OPTIMIZER_ADAMW_8BIT:
      /* Translators: %s is a formula */
      return g_strdup_printf (_("8-bit AdamW keeps two 8-bit moments: %s"), f);
    case TS_OPTIMIZER_ADAFACTOR:
      return g_strdup_printf (_("Adafactor keeps factored second moments, almost nothing per parameter: %s"), f);
    case TS_OPTIMIZER_SGD:
      return g_strdup_printf (_("SGD keeps one FP32 momentum: %s"), f);
    case TS_OPTIMIZER_LION:
      return g_strdup_printf (_("Lion keeps one FP32 momentum: %s"), f);
    case TS_OPTIMIZER_ADAMW:
    case TS_N_OPTIMIZERS:
    default:
      return g_strdup_printf (_("AdamW keeps two FP32 moments: %s"), f);
    }
}

/* “ At the step’s peak (loss gradient): 4.2 GB.” after a component whose
 * bytes at the peak of the step's timeline differ from its own largest;
 * NULL when they are the same. */
static char *
peak_sentence (const TsMemory *m,
               double          at_peak,
               double          largest)
{
  g_autofree char *value = NULL;

  if (fabs (at_peak - largest) <= 0.5)
    return NULL;
  value = format_bytes (at_peak);
  /* Translators: appended to a component's explanation: the phase of the
   * training step where memory peaks (“Loss gradient”) and what the
   * component holds then */
  return g_strdup_printf (_(" At the step’s peak (%s): %s."), ts_phase_label (m->timeline.peak), value);
}

static char *
explain_activations (const TsScenario *s,
                     const TsMemory   *m)
{
  const TsActivationsDetail *d = &m->activations;
  g_autofree char *per_layer = format_bytes (d->per_layer);
  g_autofree char *layers = ts_format_number_auto (d->layers, 0);
  g_autofree char *extra = format_bytes (d->extra);
  g_autofree char *peak = format_bytes (d->recompute_peak);
  g_autofree char *total = format_bytes (d->held);
  g_autofree char *at_peak = peak_sentence (m, m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS], d->held);
  g_autofree char *block = NULL;
  const char *how;

  /* the memory's own recomputation: an option's layout may recompute
   * otherwise than the scenario says */
  switch (d->checkpointing)
    {
    case TS_CHECKPOINTING_FULL:
      if (m->layout.recompute_layers < d->stage_layers)
        {
          g_autofree char *input = format_bytes (d->input_layer);
          g_autofree char *full = format_bytes (d->full_layer);

          /* Translators: “with block recomputation 5 of each stage’s 8
           * layers keep only their 33.6 MB input, the other 3 all
           * their 642 MB” (per layer, the mean is given next) */
          block = g_strdup_printf (_("with block recomputation %u of each stage’s %u layers keep only their %s input, "
                                     "the other %u all their %s"),
                                   m->layout.recompute_layers, d->stage_layers, input,
                                   d->stage_layers - m->layout.recompute_layers, full);
          how = block;
        }
      else
        how = _("with full recomputation only each layer’s input is kept");
      break;
    case TS_CHECKPOINTING_SELECTIVE:
      how = _("with selective recomputation the attention scores are rebuilt");
      break;
    case TS_CHECKPOINTING_NONE:
    case TS_N_CHECKPOINTING:
    default:
      how = _("without recomputation every layer keeps all its tensors");
      break;
    }

  /* Translators: “Tensors kept for the backward pass (sequence 2048,
   * micro-batch 1; with full recomputation only each layer’s input is
   * kept): 33.6 MB per layer × 80 layers + 1.61 GB embeddings and logits +
   * 690 MB recompute peak = 4.99 GB” */
  {
    g_autofree char *text = g_strdup_printf (_("Tensors kept for the backward pass (sequence %u, micro-batch %u; %s): "
                                               "%s per layer × %s layers + %s embeddings and logits + %s recompute peak = %s"),
                                             s->seq_len, s->micro_batch, how, per_layer, layers, extra, peak, total);

    return at_peak != NULL ? g_strconcat (text, at_peak, NULL) : g_steal_pointer (&text);
  }
}

static char *
explain_overhead (const TsScenario *s,
                  const TsMemory   *m)
{
  g_autofree char *context = format_bytes (m->overhead.runtime_context);
  g_autofree char *percent = ts_format_percent (s->fragmentation);
  g_autofree char *fragmentation = format_bytes (m->overhead.fragmentation);
  g_autofree char *total = format_bytes (m->per_gpu.bytes[TS_COMPONENT_OVERHEAD]);

  if (m->overhead.step_buffers != m->overhead.zero3_gather)
    {
      g_autofree char *buffers = format_bytes (m->overhead.step_buffers);

      /* Translators: “CUDA context and communication buffers 1.5 GB +
       * allocator fragmentation 5% of the rest, 7.5 GB + at the step's
       * peak, its gathered layers, DDP buckets and optimizer-step copies
       * 16 GB = 25 GB” */
      return g_strdup_printf (_("CUDA context and communication buffers %s + allocator fragmentation %s of the rest, %s "
                                "+ at the step’s peak, its gathered layers, DDP buckets and optimizer-step copies %s = %s"),
                              context, percent, fragmentation, buffers, total);
    }
  if (m->overhead.zero3_gather > 0)
    {
      g_autofree char *gather = format_bytes (m->overhead.zero3_gather);
      g_autofree char *largest = ts_format_params (ts_architecture_largest_layer_params (&s->model.arch)
                                                   / m->layout.tp);
      g_autofree char *bpp = ts_format_number_auto (m->overhead.zero3_gather
                                                    / (ts_architecture_largest_layer_params (&s->model.arch)
                                                       / m->layout.tp), 2);

      /* Translators: “CUDA context and communication buffers 1.5 GB +
       * allocator fragmentation 5% of the rest, 7.5 GB + ZeRO-3 gather
       * buffer 4 bytes × 1.05 B params of the largest layer, 4.2 GB = 13.2 GB” */
      return g_strdup_printf (_("CUDA context and communication buffers %s + allocator fragmentation %s of the rest, %s "
                                "+ ZeRO-3 gather buffer %s bytes × %s params of the largest layer, %s = %s"),
                              context, percent, fragmentation, bpp, largest, gather, total);
    }
  /* Translators: “CUDA context and communication buffers 1.5 GB +
   * allocator fragmentation 5% of the rest, 7.5 GB = 9 GB” */
  return g_strdup_printf (_("CUDA context and communication buffers %s + allocator fragmentation %s of the rest, %s = %s"),
                          context, percent, fragmentation, total);
}

static char *
explain_weights (const TsScenario *s,
                 const TsMemory   *m)
{
  double bytes = m->per_gpu.bytes[TS_COMPONENT_WEIGHTS];

  if (s->method == TS_METHOD_FULL)
    {
      g_autofree char *f = formula (ts_memory_weight_bytes_per_param (s), s->model.params, &m->layout, 3, bytes);

      /* Translators: the first %s is a precision such as “BF16”, the second a formula */
      return g_strdup_printf (_("The weights the GPU computes with, in %s: %s"), precision_name (s), f);
    }
  if (s->method == TS_METHOD_LORA)
    {
      g_autofree char *f = formula (BYTES_BF16, s->model.params, &m->layout, 3, bytes);

      return g_strdup_printf (_("The frozen base model in BF16: %s"), f);
    }
  {
    g_autofree char *f = formula (bytes / MAX (1.0, s->model.params) * m->layout.tp * m->layout.pp
                                  * (m->layout.zero_stage >= 3 ? m->layout.dp : 1),
                                  s->model.params, &m->layout, 3, bytes);

    /* Translators: %s is a formula whose bytes per parameter are an average */
    return g_strdup_printf (_("The frozen base model in 4-bit NF4 (0.5 bytes per parameter), its embeddings, "
                              "output head and norms in BF16 (2 bytes), on average: %s"), f);
  }
}

/* The gradients: none for a frozen base or where ZeRO-Offload moves
 * them, else a formula at their largest, with the share alive at the
 * step's peak. */
static char *
explain_gradients (const TsScenario *s,
                   const TsMemory   *m,
                   double            bytes)
{
  /* the gradients at their largest (the end of the backward pass);
   * at the step's peak they may not exist yet */
  double largest = m->timeline.phases[TS_PHASE_BACKWARD_END].gradients;
  g_autofree char *f = NULL;
  g_autofree char *at_peak = NULL;
  g_autofree char *text = NULL;

  if (s->method != TS_METHOD_FULL)
    return g_strdup (_("None for the frozen base: only the adapters are trained (their gradients are under Adapters)"));
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    return g_strdup (_("None on the GPU: ZeRO-Offload moves the gradients to server RAM for the optimizer step"));
  f = formula (ts_memory_gradient_bytes_per_param (s), m->trainable_params, &m->layout, 2, largest);
  at_peak = peak_sentence (m, bytes, largest);
  /* Translators: %s is a formula */
  text = g_strdup_printf (ts_memory_gradient_bytes_per_param (s) == BYTES_FP32
                          ? _("A gradient per trained parameter, in FP32: %s")
                          : _("A gradient per trained parameter, in BF16: %s"), f);
  return at_peak != NULL ? g_strconcat (text, at_peak, NULL) : g_steal_pointer (&text);
}

/* The FP32 master copy: none for a frozen base, for pure BF16 or FP32
 * training, or where ZeRO-Offload keeps it in server RAM. */
static char *
explain_master_weights (const TsScenario *s,
                        const TsMemory   *m,
                        double            bytes)
{
  g_autofree char *f = NULL;

  if (s->method != TS_METHOD_FULL)
    return g_strdup (_("None for the frozen base (the adapters’ FP32 copy is under Adapters)"));
  if (ts_memory_master_bytes_per_param (s) == 0)
    return g_strdup (_("None: pure BF16 or FP32 training updates the weights directly"));
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    return g_strdup (_("None on the GPU: ZeRO-Offload keeps the FP32 master weights in server RAM"));
  f = formula (ts_memory_master_bytes_per_param (s), m->trainable_params, &m->layout, 1, bytes);

  /* Translators: %s is a formula */
  return g_strdup_printf (_("An FP32 copy of the weights for the optimizer step: %s"), f);
}

/* LoRA's adapters: their weights, gradients, master copy and optimizer
 * states per adapter parameter. */
static char *
explain_adapters (const TsScenario *s,
                  const TsMemory   *m,
                  double            bytes)
{
  g_autofree char *count = NULL;
  g_autofree char *bpp = NULL;
  g_autofree char *value = NULL;

  if (s->method == TS_METHOD_FULL)
    return g_strdup (_("None: full training has no adapters"));
  count = ts_format_params (m->adapter_params);
  bpp = ts_format_number_auto (BYTES_BF16 + BYTES_BF16 + ts_memory_master_bytes_per_param (s)
                               + ts_memory_adapter_optimizer_bytes (s), 2);
  value = format_bytes (bytes);

  /* Translators: “LoRA adapters of rank 16: 207.09 M params × 16 bytes
   * (BF16 weight and gradient, FP32 master, optimizer) = 3.31 GB” */
  return g_strdup_printf (_("LoRA adapters of rank %u: %s params × %s bytes "
                            "(BF16 weight and gradient, FP32 master, optimizer) = %s"),
                          s->lora_rank, count, bpp, value);
}

/* QLoRA's block scales, plain or themselves quantized. */
static char *
explain_quantization_constants (const TsScenario *s,
                                double            bytes)
{
  g_autofree char *bits = NULL;
  g_autofree char *value = NULL;

  if (s->method != TS_METHOD_QLORA)
    return g_strdup (_("None: only QLoRA stores quantization constants"));
  bits = ts_format_number_auto (s->double_quant ? QUANT_BITS_DOUBLE : QUANT_BITS_PLAIN, 3);
  value = format_bytes (bytes);

  return g_strdup_printf (s->double_quant
                          /* Translators: “0.127 bits per quantized parameter … = 1.09 GB” */
                          ? _("One scale per block of 64 weights, itself quantized (double quantization): "
                              "%s bits per quantized parameter = %s")
                          : _("One FP32 scale per block of 64 weights: %s bits per quantized parameter = %s"),
                          bits, value);
}

char *
ts_memory_explain (const TsScenario *s,
                   const TsMemory   *m,
                   TsComponent       component)
{
  double bytes;
  gboolean full = s->method == TS_METHOD_FULL;
  gboolean offloaded = s->offload == TS_OFFLOAD_OPTIMIZER;

  g_return_val_if_fail (component < TS_N_COMPONENTS, NULL);
  bytes = m->per_gpu.bytes[component];

  switch (component)
    {
    case TS_COMPONENT_WEIGHTS:
      return explain_weights (s, m);
    case TS_COMPONENT_GRADIENTS:
      return explain_gradients (s, m, bytes);
    case TS_COMPONENT_MASTER_WEIGHTS:
      return explain_master_weights (s, m, bytes);
    case TS_COMPONENT_OPTIMIZER_STATES:
      if (!full)
        return g_strdup (_("None for the frozen base (the adapters’ optimizer states are under Adapters)"));
      if (offloaded)
        return g_strdup (_("None on the GPU: ZeRO-Offload keeps the optimizer states in server RAM"));
      return explain_optimizer (s, m, bytes);
    case TS_COMPONENT_ACTIVATIONS:
      return explain_activations (s, m);
    case TS_COMPONENT_ADAPTERS:
      return explain_adapters (s, m, bytes);
    case TS_COMPONENT_QUANTIZATION_CONSTANTS:
      return explain_quantization_constants (s, bytes);
    case TS_COMPONENT_OVERHEAD:
      return explain_overhead (s, m);
    case TS_N_COMPONENTS:
    default:
      return NULL;
    }
}
