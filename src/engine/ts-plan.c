/* ts-plan.c — the engine's whole answer for a scenario
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-error.h"
#include "ts-json.h"
#include "ts-plan.h"

/* The GPU count the scenario's own memory answer is computed for: a
 * chosen server count, else the given GPU count, else one GPU (or the
 * model-parallel product). */
static guint
scenario_gpus (const TsCatalog  *catalog,
               const TsScenario *s)
{
  if (s->server_id != NULL && s->servers > 0)
    {
      const TsServer *server = ts_catalog_find_server (catalog, s->server_id);

      if (server != NULL)
        return server->gpu_count * s->servers;
    }
  return s->gpus;
}

static gboolean
check_scenario (TsCatalog        *catalog,
                const TsScenario *scenario,
                GError          **error)
{
  if (!ts_scenario_validate (scenario, error))
    return FALSE;

  if (scenario->server_id != NULL && ts_catalog_find_server (catalog, scenario->server_id) == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No server or card with the id “%s” is in the catalog"), scenario->server_id);
      return FALSE;
    }
  return TRUE;
}

/* plan->memory is the shown option's: one configuration for every
 * surface. */
static void
follow_shown_option (TsPlan *plan)
{
  const TsOption *shown = ts_plan_get_shown_option (plan);

  plan->memory = shown != NULL ? shown->memory : plan->scenario_memory;
}

/* The plan's answer for its own scenario, into its (empty) arrays. */
static void
compute (TsPlan *plan)
{
  const TsScenario *scenario = plan->scenario;
  TsLayout layout;

  ts_layout_resolve (scenario, scenario_gpus (plan->catalog, scenario), &layout);
  ts_memory_compute (scenario, &layout, &plan->scenario_memory);
  plan->recommended = ts_recommend (plan->catalog, scenario, plan->options, plan->warnings);
  plan->chosen = -1;
  follow_shown_option (plan);
}

TsPlan *
ts_plan_compute (TsCatalog        *catalog,
                 const TsScenario *scenario,
                 GError          **error)
{
  TsPlan *plan;

  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (scenario != NULL, NULL);

  if (!check_scenario (catalog, scenario, error))
    return NULL;

  plan = g_new0 (TsPlan, 1);
  plan->catalog = ts_catalog_ref (catalog);
  plan->scenario = ts_scenario_copy (scenario);
  plan->warnings = g_ptr_array_new_with_free_func (g_free);
  /* one allocation: an option per server of the catalog at most; not
   * cleared, since every option is set in full where it is sized */
  plan->options = g_array_sized_new (FALSE, FALSE, sizeof (TsOption), ts_catalog_get_n_servers (catalog));
  g_array_set_clear_func (plan->options, (GDestroyNotify) ts_option_clear);
  compute (plan);
  return plan;
}

gboolean
ts_plan_update (TsPlan           *plan,
                const TsScenario *scenario,
                GError          **error)
{
  g_return_val_if_fail (plan != NULL, FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);

  if (!check_scenario (plan->catalog, scenario, error))
    return FALSE;

  if (scenario != plan->scenario)
    {
      ts_scenario_free (plan->scenario);
      plan->scenario = ts_scenario_copy (scenario);
    }
  g_array_set_size (plan->options, 0);   /* clears them: rack detail freed */
  g_ptr_array_set_size (plan->warnings, 0);
  compute (plan);
  return TRUE;
}

void
ts_plan_free (TsPlan *plan)
{
  if (plan == NULL)
    return;
  g_clear_pointer (&plan->catalog, ts_catalog_unref);
  g_clear_pointer (&plan->scenario, ts_scenario_free);
  g_clear_pointer (&plan->options, g_array_unref);
  g_clear_pointer (&plan->warnings, g_ptr_array_unref);
  g_free (plan);
}

const TsOption *
ts_plan_get_shown_option (const TsPlan *plan)
{
  if (plan->options->len == 0)
    return NULL;
  if (plan->chosen >= 0 && (guint) plan->chosen < plan->options->len)
    return &g_array_index (plan->options, TsOption, plan->chosen);
  if (plan->recommended >= 0)
    return &g_array_index (plan->options, TsOption, plan->recommended);
  return &g_array_index (plan->options, TsOption, 0);
}

void
ts_plan_choose_option (TsPlan *plan,
                       int     index)
{
  g_return_if_fail (plan != NULL);
  g_return_if_fail (index < (int) plan->options->len);

  plan->chosen = index;
  follow_shown_option (plan);
}

gboolean
ts_plan_is_ok (const TsPlan *plan)
{
  const TsOption *shown = ts_plan_get_shown_option (plan);

  return shown != NULL && shown->ok;
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
  ts_memory_add_json (s, &plan->memory, b);
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

  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < plan->options->len; i++)
    ts_option_to_json (&g_array_index (plan->options, TsOption, i), b);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "warnings");
  json_builder_begin_array (b);
  for (guint i = 0; i < plan->warnings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (plan->warnings, i));
  json_builder_end_array (b);

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
