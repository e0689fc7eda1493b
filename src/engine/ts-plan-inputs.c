/* ts-plan-inputs.c — each scenario input as planned: set, or automatic
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan-inputs"

#include "config.h"

#include <math.h>

#include "ts-json.h"
#include "ts-plan-inputs.h"

gboolean
ts_scenario_input_is_automatic (const TsScenario      *s,
                                const TsScenarioField *f)
{
  g_return_val_if_fail (s != NULL && f != NULL, FALSE);

  if (f->search_flag != 0)
    return (s->searched & f->search_flag) != 0;
  /* the inputs whose 0 (or none) hands them to the planner */
  if (g_str_equal (f->key, "gpus"))
    return s->gpus == 0;
  if (g_str_equal (f->key, "global_batch"))
    return s->global_batch == 0;
  if (g_str_equal (f->key, "servers"))
    return s->servers == 0;
  if (g_str_equal (f->key, "server_id"))
    return s->server_id == NULL;
  return FALSE;
}

/* What the option's layout holds for an input the planner chooses; NAN
 * for an input it does not choose. */
static double
planned_value (const TsOption        *o,
               const TsScenarioField *f)
{
  const TsLayout *l = &o->memory.layout;

  if (g_str_equal (f->key, "micro_batch"))
    return o->micro_batch;
  if (g_str_equal (f->key, "checkpointing"))
    return o->checkpointing;
  if (g_str_equal (f->key, "sequence_parallel"))
    return o->sequence_parallel;
  if (g_str_equal (f->key, "zero_stage"))
    return l->zero_stage;
  if (g_str_equal (f->key, "tp"))
    return l->tp;
  if (g_str_equal (f->key, "pp"))
    return l->pp;
  if (g_str_equal (f->key, "ep"))
    return l->ep;
  /* the job's GPUs are those its layout uses (tp × pp × dp) */
  if (g_str_equal (f->key, "gpus"))
    return l->gpus;
  if (g_str_equal (f->key, "global_batch"))
    return o->global_batch;
  if (g_str_equal (f->key, "servers"))
    return o->servers;
  return NAN;
}

double
ts_option_input_value (const TsOption        *o,
                       const TsScenario      *s,
                       const TsScenarioField *f)
{
  double planned;

  g_return_val_if_fail (s != NULL && f != NULL, NAN);

  if (f->kind == TS_FIELD_STRING)
    return NAN;
  if (o != NULL && ts_scenario_input_is_automatic (s, f) && !isnan (planned = planned_value (o, f)))
    return planned;
  return ts_scenario_field_get_double (f, s);
}

/* A value as the scenario file writes it: an enum's name, a boolean, a
 * number in scenario units (the ZeRO stage a number). */
static void
add_value (JsonBuilder           *b,
           const TsScenarioField *f,
           double                 value)
{
  const TsFieldChoice *choice;

  json_builder_set_member_name (b, "value");
  if (f->kind == TS_FIELD_BOOL)
    json_builder_add_boolean_value (b, value != 0);
  else if (f->kind == TS_FIELD_ENUM && (choice = ts_scenario_field_choice (f, (int) value)) != NULL)
    json_builder_add_string_value (b, choice->name);
  else if (f->kind == TS_FIELD_DOUBLE)
    json_builder_add_double_value (b, value);
  else
    json_builder_add_int_value (b, (gint64) value);
}

void
ts_plan_add_inputs_json (const TsPlan *plan,
                         JsonBuilder  *b)
{
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);
  const TsScenarioField *fields;
  guint n = 0;

  fields = ts_scenario_fields (&n);
  json_builder_set_member_name (b, "inputs");
  json_builder_begin_object (b);
  for (guint i = 0; i < n; i++)
    {
      const TsScenarioField *f = &fields[i];

      json_builder_set_member_name (b, f->key);
      json_builder_begin_object (b);
      if (f->kind == TS_FIELD_STRING)
        {
          const char *text = G_STRUCT_MEMBER (const char *, s, f->offset);

          /* the server the shown option is, when the planner chose it */
          if (g_str_equal (f->key, "server_id") && text == NULL && o != NULL)
            text = o->server->id;
          ts_json_add_string (b, "value", text);
        }
      else
        add_value (b, f, ts_option_input_value (o, s, f));
      ts_json_add_bool (b, "automatic", ts_scenario_input_is_automatic (s, f));
      json_builder_end_object (b);
    }
  /* data parallelism is no field of its own (GPUs = tp × pp × dp): the
   * degree the layout holds, automatic with the GPUs */
  if (o != NULL)
    {
      json_builder_set_member_name (b, "dp");
      json_builder_begin_object (b);
      ts_json_add_int (b, "value", o->memory.layout.dp);
      ts_json_add_bool (b, "automatic", s->gpus == 0);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}
