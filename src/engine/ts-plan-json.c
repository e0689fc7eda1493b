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
    ts_option_to_json_in_plan (&g_array_index (plan->options, TsOption, i), plan, b);
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
