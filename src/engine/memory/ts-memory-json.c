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
#include "ts-scenario-fields.h"

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

static void
add_architecture_field (JsonBuilder          *b,
                        const TsArchField    *f,
                        const TsArchitecture *a)
{
  guint value = ts_arch_field_get (f, a);

  if (f->kind == TS_FIELD_BOOL)
    {
      json_builder_set_member_name (b, f->key);
      json_builder_add_boolean_value (b, value != 0);
    }
  else if (f->kind == TS_FIELD_ENUM)
    {
      json_builder_set_member_name (b, f->key);
      json_builder_add_string_value (b, ts_mlp_kind_to_string ((TsMlpKind) value));
    }
  else if (g_str_equal (f->key, "layer_norms"))
    /* the count in effect: 0 stands for the usual two */
    ts_json_add_int (b, f->key, value > 0 ? value : 2);
  else
    ts_json_add_int (b, f->key, value);
}

/* Every field of the architecture table, always (a plan states them all).
 * qkv_bias has stood after dense_layers in the plan since it was added,
 * where the scenario file has it after dropout: members keep their place,
 * the JSON is a public interface. */
static void
add_architecture_fields (JsonBuilder          *b,
                         const TsArchitecture *a)
{
  const TsArchField *fields;
  guint n_fields;

  fields = ts_arch_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      if (g_str_equal (fields[i].key, "qkv_bias"))
        continue;
      add_architecture_field (b, &fields[i], a);
      if (g_str_equal (fields[i].key, "dense_layers"))
        add_architecture_field (b, ts_arch_field_find ("qkv_bias"), a);
    }
}

void
ts_model_to_json (const TsModel *model,
                  JsonBuilder   *b)
{
  const TsArchitecture *a = &model->arch;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  if (model->id != NULL)
    json_builder_add_string_value (b, model->id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, model->name != NULL ? model->name : "");
  ts_json_add_double (b, "params", model->params);
  ts_json_add_double (b, "active_params", model->active_params);

  if (model->has_architecture)
    {
      json_builder_set_member_name (b, "architecture");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "inferred");
      json_builder_add_boolean_value (b, model->architecture_inferred);
      add_architecture_fields (b, a);
      ts_json_add_double (b, "largest_layer_params", ts_architecture_largest_layer_params (a));
      ts_json_add_double (b, "computed_params", ts_architecture_total_params (a));
      json_builder_end_object (b);
    }
  /* Where the model came from: its hub id, and for an imported config.json
   * which key gave which field (ts-hf-config.c). */
  ts_json_add_string (b, "hf_id", model->hf_id);
  if (model->source != NULL)
    {
      json_builder_set_member_name (b, "source");
      json_builder_add_value (b, json_node_copy (model->source));
    }
  json_builder_end_object (b);
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
