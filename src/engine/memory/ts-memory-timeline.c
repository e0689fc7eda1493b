/* ts-memory-timeline.c — what is alive at each point of one training step
 *
 * The components of the memory answer are each at their largest; they do
 * not all peak at once. A step runs forward (activations accumulate),
 * the loss (the logits and the loss's tensors), backward (activations
 * freed as gradients fill), the optimizer step (its temporaries); which
 * tensors are alive at each point is the framework's (its allocator, its
 * gradient buffers, its loss), read from the table of frameworks through
 * TsFrameworkMemory. The largest point is the peak the plan sizes
 * (docs/sizing-model.md §4.2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-memory-private.h"

static const char *const phase_keys[TS_N_PHASES] = {
  "forward", "loss", "loss-backward", "backward", "backward-end", "optimizer-step",
};

const char *
ts_phase_key (TsPhase phase)
{
  g_return_val_if_fail (phase < TS_N_PHASES, NULL);
  return phase_keys[phase];
}

const char *
ts_phase_label (TsPhase phase)
{
  switch (phase)
    {
    case TS_PHASE_FORWARD: return _("Forward pass");
    case TS_PHASE_LOSS: return _("Loss");
    case TS_PHASE_LOSS_BACKWARD: return _("Loss gradient");
    case TS_PHASE_BACKWARD: return _("Backward pass");
    case TS_PHASE_BACKWARD_END: return _("End of the backward pass");
    case TS_PHASE_OPTIMIZER: return _("Optimizer step");
    case TS_N_PHASES:
    default: return NULL;
    }
}

/* Bytes per logit element (s·b·V/t) alive at the loss's forward peak
 * and at its backward peak (docs/frameworks.md §3.1). c is the compute
 * dtype's bytes, f the loss's copy (FP32: 4), n the chunks.
 *   Hugging Face: logits c, their FP32 upcast f and the log-softmax f
 *     cross_entropy writes, c + 2f (10); in backward the saved
 *     log-softmax, nll_loss's gradient and log_softmax's input gradient,
 *     3f (12), the logits already dropped by the Trainer.
 *   Megatron-LM: the logits while they are cast, c + f; the softmax made
 *     in place of the copy and its gradient computed in place, then cast
 *     to 16 bits: f + c (6 both).
 *   Chunked (torchtune): the logits and every chunk's saved log-softmax,
 *     with one chunk's upcast, c + f + f/n; in backward the saved
 *     log-softmax and one chunk's two gradients, f + 2f/n. */
static double
loss_forward_bytes (const TsFrameworkMemory *fw,
                    double                   c)
{
  double n = MAX (1u, fw->loss_chunks);

  if (fw->loss_in_place)
    return c + fw->loss_copy_bytes;
  return fw->logits_kept_bytes + fw->loss_copy_bytes + fw->loss_copy_bytes / n;
}

static double
loss_backward_bytes (const TsFrameworkMemory *fw,
                     double                   c)
{
  double n = MAX (1u, fw->loss_chunks);

  if (fw->loss_in_place)
    return fw->loss_copy_bytes + c;
  return (fw->drops_logits ? 0 : fw->logits_kept_bytes) + fw->loss_copy_bytes + 2 * fw->loss_copy_bytes / n;
}

/* Micro-batches per optimizer step on each data-parallel rank. */
static guint
accumulation_steps (const TsScenario *s,
                    const TsLayout   *l)
{
  guint per_step = MAX (1u, s->micro_batch) * MAX (1u, l->dp);
  guint batch = ts_scenario_global_batch (s);

  return MAX (1u, (batch + per_step - 1) / per_step);
}

/* DeepSpeed ZeRO-1/2's step: the gradient partition flattened (its
 * dtype) and converted to FP32, both alive before the 16-bit gradients
 * are freed (stage_1_and_2.py step ()); no conversion when they are FP32
 * already (.to () of the same dtype is the tensor itself). */
static double
step_copy_bytes (const TsScenario *s,
                 const TsLayout   *l,
                 double            gradients)
{
  double grad_bytes = ts_memory_gradient_bytes_per_param (s);
  double partition;

  if (!s->framework_memory.step_grad_copy || (l->zero_stage != 1 && l->zero_stage != 2))
    return 0;
  /* ZeRO-1 keeps the whole gradients, ZeRO-2 its partition only */
  partition = l->zero_stage == 1 ? gradients / MAX (1u, l->dp) : gradients;
  return partition * (1.0 + (grad_bytes < BYTES_FP32 ? BYTES_FP32 / grad_bytes : 0));
}

static void
point (TsPhasePoint *p,
       double        states,
       double        gradients,
       double        activations,
       double        logits,
       double        communication,
       double        temporaries)
{
  p->states = states;
  p->gradients = gradients;
  p->activations = activations;
  p->logits = logits;
  p->communication = communication;
  p->temporaries = temporaries;
  p->bytes = states + gradients + activations + logits + communication + temporaries;
}

void
ts_memory_compute_timeline (const TsScenario *s,
                            const TsLayout   *l,
                            double            gather,
                            TsMemory         *m)
{
  const TsFrameworkMemory *fw = &s->framework_memory;
  const TsActivationsDetail *d = &m->activations;
  TsTimeline *t = &m->timeline;
  double c = ts_memory_compute_bytes (s);
  double states = m->per_gpu.bytes[TS_COMPONENT_WEIGHTS] + m->per_gpu.bytes[TS_COMPONENT_MASTER_WEIGHTS]
                  + m->per_gpu.bytes[TS_COMPONENT_OPTIMIZER_STATES] + m->per_gpu.bytes[TS_COMPONENT_ADAPTERS]
                  + m->per_gpu.bytes[TS_COMPONENT_QUANTIZATION_CONSTANTS];
  double grads = m->per_gpu.bytes[TS_COMPONENT_GRADIENTS];
  double kept = d->per_layer * d->layers;
  double n = d->logit_elements;
  /* the gradients are alive through the forward pass when the framework
   * keeps them in a buffer for the run, when they accumulate over
   * micro-batches, and with a pipeline (backward passes run between
   * forward passes) */
  gboolean buffer = (fw->grad_buffer_stages & (1u << CLAMP (l->zero_stage, 0, 3))) != 0;
  double grads_forward;
  /* PyTorch DDP's reducer buckets are allocated when the model is
   * wrapped: a second copy of the gradients for the whole run */
  double ddp = fw->ddp_buckets && l->zero_stage == 0 && l->dp > 1 ? grads : 0;
  double outside;
  double head_forward, head_backward;

  t->accumulation = accumulation_steps (s, l);
  grads_forward = buffer || t->accumulation > 1 || l->pp > 1 ? grads : 0;

  /* outside the layers: with a pipeline the busiest GPU holds the larger
   * of the first stage's embeddings and the last stage's head
   * (ts-memory-activations.c) */
  outside = l->pp > 1 ? 0 : d->embedding + d->head_inputs;
  if (l->pp > 1)
    {
      head_forward = MAX (d->embedding, d->head_inputs + loss_forward_bytes (fw, c) * n);
      head_backward = MAX (d->embedding, d->head_inputs + loss_backward_bytes (fw, c) * n);
    }
  else
    {
      head_forward = loss_forward_bytes (fw, c) * n;
      head_backward = loss_backward_bytes (fw, c) * n;
    }

  point (&t->phases[TS_PHASE_FORWARD], states, grads_forward, kept + d->embedding, 0, gather + ddp, 0);
  point (&t->phases[TS_PHASE_LOSS], states, grads_forward, kept + outside, head_forward, gather + ddp, 0);
  point (&t->phases[TS_PHASE_LOSS_BACKWARD], states, grads_forward, kept + outside, head_backward, gather + ddp, 0);
  /* one recomputed layer rebuilt at a time, at the start and at the end
   * of the layers' backward; between them activations free as gradients
   * fill, both linear in the layers done, so the ends bound it */
  point (&t->phases[TS_PHASE_BACKWARD], states, grads_forward,
         kept + (l->pp > 1 ? MAX (d->embedding, d->head_inputs) : outside) + d->recompute_peak, 0, gather + ddp, 0);
  point (&t->phases[TS_PHASE_BACKWARD_END], states, grads, d->embedding + d->recompute_peak, 0, gather + ddp, 0);
  point (&t->phases[TS_PHASE_OPTIMIZER], states, grads, 0, 0, ddp, step_copy_bytes (s, l, grads));

  t->peak = TS_PHASE_FORWARD;
  for (guint i = 1; i < TS_N_PHASES; i++)
    if (t->phases[i].bytes > t->phases[t->peak].bytes)
      t->peak = i;
  t->peak_bytes = t->phases[t->peak].bytes;

  /* the per-GPU figures are the peak's: its gradients, its activations
   * with the loss's tensors (a model without an architecture has none) */
  m->per_gpu.bytes[TS_COMPONENT_GRADIENTS] = t->phases[t->peak].gradients;
  m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS] = t->phases[t->peak].activations + t->phases[t->peak].logits;
  /* The whole job at the same point of the step: without a pipeline
   * every GPU is the busiest's twin; with one the gradients are alive
   * throughout and each stage keeps its own activations (§6.1) */
  if (l->pp <= 1)
    {
      m->total.bytes[TS_COMPONENT_GRADIENTS] = m->per_gpu.bytes[TS_COMPONENT_GRADIENTS] * l->gpus;
      m->total.bytes[TS_COMPONENT_ACTIVATIONS] = m->per_gpu.bytes[TS_COMPONENT_ACTIVATIONS] * l->gpus;
    }
}
