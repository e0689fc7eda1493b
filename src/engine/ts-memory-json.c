/* ts-memory-json.c — the memory answer as JSON (a public interface: keys
 * are added, never renamed)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-memory"

#include "config.h"

#include "ts-json.h"
#include "ts-memory.h"

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
      ts_json_add_int (b, "layers", a->layers);
      ts_json_add_int (b, "hidden_size", a->hidden_size);
      ts_json_add_int (b, "attention_heads", a->attention_heads);
      ts_json_add_int (b, "kv_heads", a->kv_heads);
      ts_json_add_int (b, "head_dim", a->head_dim);
      ts_json_add_int (b, "ffn_size", a->ffn_size);
      json_builder_set_member_name (b, "mlp");
      json_builder_add_string_value (b, ts_mlp_kind_to_string (a->mlp));
      ts_json_add_int (b, "vocab_size", a->vocab_size);
      json_builder_set_member_name (b, "tied_embeddings");
      json_builder_add_boolean_value (b, a->tied_embeddings);
      json_builder_set_member_name (b, "dropout");
      json_builder_add_boolean_value (b, a->dropout);
      ts_json_add_int (b, "experts", a->experts);
      ts_json_add_int (b, "active_experts", a->active_experts);
      ts_json_add_int (b, "shared_experts", a->shared_experts);
      ts_json_add_int (b, "expert_ffn_size", a->expert_ffn_size);
      ts_json_add_int (b, "dense_layers", a->dense_layers);
      json_builder_set_member_name (b, "qkv_bias");
      json_builder_add_boolean_value (b, a->qkv_bias);
      ts_json_add_int (b, "q_lora_rank", a->q_lora_rank);
      ts_json_add_int (b, "kv_lora_rank", a->kv_lora_rank);
      ts_json_add_int (b, "qk_nope_head_dim", a->qk_nope_head_dim);
      ts_json_add_int (b, "qk_rope_head_dim", a->qk_rope_head_dim);
      ts_json_add_int (b, "v_head_dim", a->v_head_dim);
      json_builder_set_member_name (b, "qk_norm");
      json_builder_add_boolean_value (b, a->qk_norm);
      ts_json_add_int (b, "layer_norms", a->layer_norms > 0 ? a->layer_norms : 2);
      json_builder_set_member_name (b, "norm_bias");
      json_builder_add_boolean_value (b, a->norm_bias);
      ts_json_add_int (b, "shared_expert_ffn_size", a->shared_expert_ffn_size);
      json_builder_set_member_name (b, "shared_expert_gate");
      json_builder_add_boolean_value (b, a->shared_expert_gate);
      json_builder_set_member_name (b, "router_bias");
      json_builder_add_boolean_value (b, a->router_bias);
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

  json_builder_set_member_name (b, "layout");
  json_builder_begin_object (b);
  ts_json_add_int (b, "gpus", m->layout.gpus);
  ts_json_add_int (b, "tp", m->layout.tp);
  ts_json_add_int (b, "pp", m->layout.pp);
  ts_json_add_int (b, "dp", m->layout.dp);
  ts_json_add_int (b, "ep", m->layout.ep);
  ts_json_add_int (b, "zero_stage", m->layout.zero_stage);
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
  json_builder_end_object (b);

  json_builder_set_member_name (b, "overhead_detail");
  json_builder_begin_object (b);
  ts_json_add_double (b, "runtime_context", m->overhead.runtime_context);
  ts_json_add_double (b, "fragmentation", m->overhead.fragmentation);
  ts_json_add_double (b, "zero3_gather", m->overhead.zero3_gather);
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
