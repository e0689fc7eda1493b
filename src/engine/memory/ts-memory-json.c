/* ts-memory-json.c — the memory answer as JSON (a public interface: keys
 * are added, never renamed)
 *
 * Written member by member on purpose, like ts_option_to_json (): each
 * key stands where a reader of the JSON looks for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include "ts-json.h"
#include "ts-memory.h"
#include "ts-scenario.h"

void
ts_breakdown_to_json (const TsBreakdown *breakdown,
                      JsonBuilder       *b)
{
  json_builder_begin_object (b);
  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    ts_json_add_double (b, ts_component_key (i), breakdown->bytes[i]);
  ts_json_add_double (b, "sum", ts_breakdown_sum (breakdown));
  json_builder_end_object (b);
}

void
ts_layout_add_degrees_json (const TsLayout *layout,
                            JsonBuilder    *b)
{
  ts_json_add_int (b, "gpus", layout->gpus);
  ts_json_add_int (b, "tp", layout->tp);
  ts_json_add_int (b, "pp", layout->pp);
  ts_json_add_int (b, "dp", layout->dp);
  ts_json_add_int (b, "ep", layout->ep);
  ts_json_add_int (b, "zero_stage", layout->zero_stage);
}

void
ts_timeline_add_json (const TsTimeline *t,
                      JsonBuilder      *b)
{
  json_builder_begin_object (b);
  ts_json_add_string (b, "peak_phase", ts_phase_key (t->peak));
  ts_json_add_double (b, "peak_bytes", t->peak_bytes);
  ts_json_add_int (b, "gradient_accumulation", t->accumulation);
  json_builder_set_member_name (b, "phases");
  json_builder_begin_array (b);
  for (guint i = 0; i < TS_N_PHASES; i++)
    {
      const TsPhasePoint *p = &t->phases[i];

      json_builder_begin_object (b);
      ts_json_add_string (b, "phase", ts_phase_key (i));
      ts_json_add_double (b, "bytes", p->bytes);
      ts_json_add_double (b, "states", p->states);
      ts_json_add_double (b, "gradients", p->gradients);
      ts_json_add_double (b, "activations", p->activations);
      ts_json_add_double (b, "logits", p->logits);
      ts_json_add_double (b, "communication", p->communication);
      ts_json_add_double (b, "temporaries", p->temporaries);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
ts_memory_add_json (const TsScenario *s,
                    const TsMemory   *m,
                    JsonBuilder      *b)
{
  json_builder_set_member_name (b, "rule_of_thumb");
  json_builder_begin_object (b);
  ts_json_add_double (b, "bytes_per_param_low", m->rule.bytes_per_param_low);
  ts_json_add_double (b, "bytes_per_param_high", m->rule.bytes_per_param_high);
  ts_json_add_double (b, "low_bytes", m->rule.low_bytes);
  ts_json_add_double (b, "high_bytes", m->rule.high_bytes);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "memory");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "total");
  ts_breakdown_to_json (&m->total, b);
  json_builder_set_member_name (b, "per_gpu");
  ts_breakdown_to_json (&m->per_gpu, b);
  /* `total` sums each GPU's own figures (docs/sizing-model.md §6.1); the
   * copies of the weights data parallelism keeps, and one copy's bytes,
   * label its weights ("846 GB: 6 copies of 141 GB"). */
  ts_json_add_int (b, "weight_copies", m->weight_copies);
  ts_json_add_double (b, "weight_copy_bytes", ts_memory_weight_copy_bytes (m));

  json_builder_set_member_name (b, "layout");
  json_builder_begin_object (b);
  ts_layout_add_degrees_json (&m->layout, b);
  /* block recomputation: the layers of a stage recomputed (issue 17) */
  ts_json_add_int (b, "recompute_layers", m->layout.recompute_layers);
  ts_json_add_int (b, "virtual_stages", MAX (1u, m->layout.virtual_stages));
  json_builder_end_object (b);

  json_builder_set_member_name (b, "activations_detail");
  json_builder_begin_object (b);
  ts_json_add_double (b, "per_layer", m->activations.per_layer);
  ts_json_add_double (b, "layers", m->activations.layers);
  ts_json_add_double (b, "extra", m->activations.extra);
  ts_json_add_double (b, "recompute_peak", m->activations.recompute_peak);
  ts_json_add_double (b, "full_layer", m->activations.full_layer);
  ts_json_add_double (b, "input_layer", m->activations.input_layer);
  /* every activation at its largest, as if at once (per_gpu's
   * activations are the step's peak's: `timeline`) */
  ts_json_add_double (b, "held", m->activations.held);
  ts_json_add_double (b, "logit_elements", m->activations.logit_elements);
  json_builder_end_object (b);

  /* the training step as the framework's allocator sees it
   * (docs/sizing-model.md §4.2, issue 27) */
  json_builder_set_member_name (b, "timeline");
  ts_timeline_add_json (&m->timeline, b);

  json_builder_set_member_name (b, "overhead_detail");
  json_builder_begin_object (b);
  ts_json_add_double (b, "runtime_context", m->overhead.runtime_context);
  ts_json_add_double (b, "fragmentation", m->overhead.fragmentation);
  ts_json_add_double (b, "zero3_gather", m->overhead.zero3_gather);
  ts_json_add_double (b, "step_buffers", m->overhead.step_buffers);
  json_builder_end_object (b);

  ts_json_add_double (b, "trainable_params", m->trainable_params);
  ts_json_add_double (b, "adapter_params", m->adapter_params);
  ts_json_add_double (b, "host_ram_bytes", m->host_ram_bytes);
  ts_json_add_double (b, "checkpoint_bytes", m->checkpoint_bytes);

  json_builder_set_member_name (b, "explain");
  json_builder_begin_object (b);
  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    {
      g_autofree char *text = ts_memory_explain (s, m, i);

      json_builder_set_member_name (b, ts_component_key (i));
      json_builder_add_string_value (b, text);
    }
  json_builder_end_object (b);

  json_builder_end_object (b);
}
