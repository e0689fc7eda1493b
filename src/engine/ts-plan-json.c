/* ts-plan-json.c — a plan as JSON (the CLI's `estimate --format json`)
 *
 * The warnings are composed here, in the current language, from the codes
 * the plan keeps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan"

#include "config.h"

#include "ts-json.h"
#include "ts-plan.h"
#include "ts-plan-inputs.h"
#include "ts-plan-text.h"
#include "ts-scaling.h"

/* The gradient dtype the option's memory and step use (issue 28): the
 * scenario's, or FP32 where the framework's rule keeps BF16 training's
 * gradients in FP32; “gradient_dtype_by_framework” says which.  */
static void
add_gradient_dtype (JsonBuilder    *b,
                    const TsOption *o,
                    const TsPlan   *plan)
{
  TsGradDtype dtype;

  if (plan == NULL)
    return;
  dtype = ts_option_gradient_dtype (o, plan->scenario);
  ts_json_add_string (b, "gradient_dtype", dtype == TS_GRAD_FP32 ? "fp32" : "bf16");
  ts_json_add_bool (b, "gradient_dtype_by_framework", dtype != plan->scenario->grad_dtype);
}

/* The shown option's time against its server's count (docs/sizing-model.md
 * §8.5): the curve the Time view and the spec sheet draw, computed once
 * and kept in the plan (ts_scaling_curve_for_plan ()). Each point is the
 * planner at that count; “pays_off” marks the points up to where a
 * doubling still cuts the time by TS_SCALING_PAYOFF_CUT. Only the shown
 * option's: each point is a whole sizing. */
static void
add_time_by_servers (JsonBuilder    *b,
                     const TsOption *o,
                     const TsPlan   *plan)
{
  g_autoptr(GArray) curve = NULL;
  int payoff_end;

  if (plan == NULL || o != ts_plan_get_shown_option (plan))
    return;
  curve = ts_scaling_curve_for_plan (plan, o->server->id, TS_SCALING_CURVE_POINTS, NULL);
  if (curve == NULL)
    return;
  payoff_end = ts_scaling_curve_payoff_end (curve);
  json_builder_set_member_name (b, "time_by_servers");
  json_builder_begin_array (b);
  for (guint i = 0; i < curve->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (curve, TsScalingPoint, i);

      json_builder_begin_object (b);
      ts_json_add_int (b, "servers", p->servers);
      ts_json_add_int (b, "gpus", p->gpus);
      ts_json_add_bool (b, "fits", p->fits);
      ts_json_add_bool (b, "ok", p->ok);
      ts_json_add_double_valid (b, "training_days", p->training_days);
      ts_json_add_double_valid (b, "mfu", p->mfu);
      ts_json_add_double_valid (b, "energy_kwh", p->energy_kwh);
      ts_json_add_double_valid (b, "energy_cost", p->energy_cost);
      ts_json_add_double_valid (b, "capex_usd", p->capex_usd);
      ts_json_add_int (b, "tp", p->tp);
      ts_json_add_int (b, "pp", p->pp);
      ts_json_add_int (b, "dp", p->dp);
      ts_json_add_bool (b, "pays_off", (int) i <= payoff_end);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* An option as ts_option_to_json () writes it, with what only its plan
 * knows: the gradient dtype it uses against the scenario's, and for the
 * shown option its time against the number of servers. */
static void
option_to_json_in_plan (const TsOption *o,
                        const TsPlan   *plan,
                        JsonBuilder    *b)
{
  json_builder_begin_object (b);
  ts_option_add_json_members (o, b);
  add_gradient_dtype (b, o, plan);
  add_time_by_servers (b, o, plan);
  json_builder_end_object (b);
}

JsonNode *
ts_plan_to_json (const TsPlan *plan)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const TsScenario *s = plan->scenario;

  json_builder_begin_object (b);

  json_builder_set_member_name (b, "model");
  ts_model_to_json (&s->model, b);
  json_builder_set_member_name (b, "method");
  json_builder_add_string_value (b, ts_method_to_string (s->method));
  json_builder_set_member_name (b, "catalog_version");
  json_builder_add_string_value (b, ts_catalog_get_version (plan->catalog));

  /* “memory” is the shown option's, at the layout its GPUs hold; the
   * scenario as typed is “scenario_memory” */
  ts_memory_add_json (s, ts_plan_get_memory (plan), b);
  json_builder_set_member_name (b, "scenario_memory");
  json_builder_begin_object (b);
  ts_memory_add_json (s, &plan->scenario_memory, b);
  json_builder_end_object (b);
  {
    const TsOption *shown = ts_plan_get_shown_option (plan);

    ts_json_add_bool (b, "ok", shown != NULL && shown->ok);
    ts_json_add_string (b, "shown_server_id", shown != NULL ? shown->server->id : NULL);
    json_builder_set_member_name (b, "shown_option");
    json_builder_add_int_value (b, shown != NULL ? (gint64) shown->rank : -1);
  }
  /* every input as the shown option holds it, set or chosen (issue 28) */
  ts_plan_add_inputs_json (plan, b);

  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < plan->options->len; i++)
    option_to_json_in_plan (&g_array_index (plan->options, TsOption, i), plan, b);
  json_builder_end_array (b);

  {
    g_autoptr(GPtrArray) warnings = ts_plan_dup_warnings (plan);

    json_builder_set_member_name (b, "warnings");
    json_builder_begin_array (b);
    for (guint i = 0; i < warnings->len; i++)
      json_builder_add_string_value (b, g_ptr_array_index (warnings, i));
    json_builder_end_array (b);
  }

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
ts_plan_to_json_string (const TsPlan *plan,
                        gboolean      pretty)
{
  g_autoptr(JsonNode) root = ts_plan_to_json (plan);
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_pretty (gen, pretty);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}
