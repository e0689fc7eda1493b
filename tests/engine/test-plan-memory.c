/* test-plan-memory.c — the memory a plan shows is its shown option's
 *
 * A plan describes one configuration: the option it shows (the one the
 * user chose, else the recommended one, else the best of the rest). The
 * memory every surface shows must be that option's, at the layout its
 * GPUs hold, and must follow a new choice at once; a copy kept beside the
 * options could drift from them. Checked here for every catalog model ×
 * every method × a handful of layouts and server counts, through the
 * plan's accessor and the JSON the CLI prints (its top-level “memory”
 * and “rule_of_thumb”, set against the option's own figures and against
 * the option's entry in the same JSON), before and after choosing each
 * option in turn. A plan with no option at all shows the scenario's own
 * memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "ts-test-support.h"

typedef struct
{
  guint servers;   /* 0: the engine picks the count */
  guint tp;
  guint pp;
  guint zero_stage;
} Layout;

/* Plain data parallelism, a fixed count, tensor and pipeline parallelism
 * the servers must hold, ZeRO-3: each moves the layout the shown
 * option's GPUs hold away from the scenario's own. */
static const Layout layouts[] = {
  { 0, 1, 1, 2 },
  { 1, 1, 1, 2 },
  { 4, 2, 2, 1 },
  { 0, 8, 4, 3 },
};

static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_object_member (object, name);
}

static void
assert_breakdown_json (JsonObject        *json,
                       const TsBreakdown *breakdown,
                       const char        *context)
{
  for (guint c = 0; c < TS_N_COMPONENTS; c++)
    if (json_object_get_double_member (json, ts_component_key (c)) != breakdown->bytes[c])
      g_error ("%s: %s is %.17g in the JSON, %.17g in the option", context, ts_component_key (c),
               json_object_get_double_member (json, ts_component_key (c)), breakdown->bytes[c]);
}

static void
assert_layout_json (JsonObject     *json,
                    const TsLayout *layout,
                    const char     *context)
{
  const struct { const char *key; guint value; } degrees[] = {
    { "gpus", layout->gpus }, { "tp", layout->tp }, { "pp", layout->pp },
    { "dp", layout->dp }, { "ep", layout->ep }, { "zero_stage", layout->zero_stage },
  };

  for (guint i = 0; i < G_N_ELEMENTS (degrees); i++)
    if (json_object_get_int_member (json, degrees[i].key) != degrees[i].value)
      g_error ("%s: layout %s is %" G_GINT64_FORMAT " in the JSON, %u in the option", context,
               degrees[i].key, json_object_get_int_member (json, degrees[i].key), degrees[i].value);
}

/* The JSON's “memory” block and rule of thumb are `m`, field by field,
 * and agree with the entry of the option the JSON says it shows. */
static void
assert_json_shows (const TsPlan   *plan,
                   const TsMemory *m,
                   const char     *context)
{
  g_autoptr(JsonNode) root = ts_plan_to_json (plan);
  JsonObject *top = json_node_get_object (root);
  JsonObject *memory = member_object (top, "memory");
  JsonObject *rule = member_object (top, "rule_of_thumb");
  gint64 shown = json_object_get_int_member (top, "shown_option");

  assert_breakdown_json (member_object (memory, "total"), &m->total, context);
  assert_breakdown_json (member_object (memory, "per_gpu"), &m->per_gpu, context);
  assert_layout_json (member_object (memory, "layout"), &m->layout, context);
  g_assert_cmpfloat (json_object_get_double_member (memory, "checkpoint_bytes"), ==, m->checkpoint_bytes);
  g_assert_cmpfloat (json_object_get_double_member (memory, "host_ram_bytes"), ==, m->host_ram_bytes);
  g_assert_cmpfloat (json_object_get_double_member (memory, "trainable_params"), ==, m->trainable_params);
  g_assert_cmpfloat (json_object_get_double_member (rule, "low_bytes"), ==, m->rule.low_bytes);
  g_assert_cmpfloat (json_object_get_double_member (rule, "high_bytes"), ==, m->rule.high_bytes);

  if (shown >= 0)
    {
      JsonArray *options = json_object_get_array_member (top, "options");
      JsonObject *option = json_array_get_object_element (options, shown);

      /* the same figures in the option's own entry */
      assert_breakdown_json (member_object (option, "per_gpu"), &m->per_gpu, context);
      assert_layout_json (member_object (option, "layout"), &m->layout, context);
    }
}

/* The accessor hands out the shown option's own memory (not an equal
 * copy); with_json, the JSON shows the same figures (the slow part, so
 * not for every choice). */
static void
assert_shows_option (const TsPlan   *plan,
                     const TsOption *expected,
                     gboolean        with_json,
                     const char     *context)
{
  g_assert_true (ts_plan_get_shown_option (plan) == expected);
  g_assert_true (ts_plan_get_memory (plan) == &expected->memory);
  if (with_json)
    assert_json_shows (plan, &expected->memory, context);
}

static void
check_every_choice (TsPlan     *plan,
                    const char *context)
{
  const TsOption *first = ts_plan_get_shown_option (plan);
  guint last = plan->options->len - 1;

  g_assert_nonnull (first);
  /* unchosen: the recommendation, or the first option when none works */
  g_assert_true (first == &g_array_index (plan->options, TsOption, MAX (plan->recommended, 0)));
  assert_shows_option (plan, first, TRUE, context);

  /* the memory follows each choice, whichever option was shown before;
   * the JSON is checked on the last one, the farthest from the first */
  for (guint i = 0; i < plan->options->len; i++)
    {
      g_autofree char *where = g_strdup_printf ("%s, option %u chosen", context, i);

      ts_plan_choose_option (plan, i);
      assert_shows_option (plan, &g_array_index (plan->options, TsOption, i), i == last, where);
    }

  ts_plan_choose_option (plan, -1);
  assert_shows_option (plan, first, TRUE, context);
}

static void
test_generated_scenarios (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint n_models = ts_catalog_get_n_models (catalog);
  /* every model; a tenth of them under valgrind (ts_test_sweep_size) */
  guint stride = n_models / ts_test_sweep_size (n_models);
  guint models = 0;
  guint plans = 0;

  for (guint m = 0; m < n_models; m += stride, models++)
    for (TsMethod method = 0; method < TS_N_METHODS; method++)
      for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
        {
          const TsCatalogModel *model = ts_catalog_get_model (catalog, m);
          g_autoptr(TsScenario) s = ts_test_scenario (catalog, model->model.id, 0, method);
          g_autoptr(TsPlan) plan = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *context = NULL;

          s->servers = layouts[l].servers;
          s->tp = layouts[l].tp;
          s->pp = layouts[l].pp;
          s->zero_stage = layouts[l].zero_stage;
          context = g_strdup_printf ("%s, %s, layout %u", model->model.id, ts_method_to_string (method), l);

          plan = ts_plan_compute (catalog, s, &error);
          if (plan == NULL)
            {
              /* a layout the model cannot take (more pipeline stages than
               * layers) is refused as a whole, never half planned */
              g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
              continue;
            }
          check_every_choice (plan, context);
          plans++;
        }

  /* the refusals above must stay the exception */
  g_assert_cmpuint (plans, >=, models * TS_N_METHODS * 3);
}

/* ts_plan_update () recomputes the options in place: the memory shown is
 * the new plan's option, and a choice made before does not survive. */
static void
test_follows_update (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-8b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, s, NULL);
  double per_gpu_before;

  g_assert_nonnull (plan);
  g_assert_cmpuint (plan->options->len, >, 1);
  ts_plan_choose_option (plan, plan->options->len - 1);
  per_gpu_before = ts_breakdown_sum (&ts_plan_get_memory (plan)->per_gpu);

  s->seq_len *= 4;
  g_assert_true (ts_plan_update (plan, s, NULL));
  g_assert_cmpint (plan->chosen, ==, -1);
  assert_shows_option (plan, ts_plan_get_shown_option (plan), TRUE, "after an update");
  g_assert_cmpfloat (ts_breakdown_sum (&ts_plan_get_memory (plan)->per_gpu), !=, per_gpu_before);
}

static void
test_no_option (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog_without_servers ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;

  s->gpus = 16;
  s->tp = 2;
  plan = ts_plan_compute (catalog, s, NULL);
  g_assert_nonnull (plan);
  g_assert_cmpuint (plan->options->len, ==, 0);
  g_assert_null (ts_plan_get_shown_option (plan));
  g_assert_true (ts_plan_get_memory (plan) == &plan->scenario_memory);
  /* the scenario's own count and layout: 16 GPUs, tp 2 → dp 8 */
  g_assert_cmpuint (ts_plan_get_memory (plan)->layout.gpus, ==, 16);
  g_assert_cmpuint (ts_plan_get_memory (plan)->layout.tp, ==, 2);
  g_assert_cmpuint (ts_plan_get_memory (plan)->layout.dp, ==, 8);
  assert_json_shows (plan, &plan->scenario_memory, "no option");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plan-memory/generated-scenarios", test_generated_scenarios);
  g_test_add_func ("/plan-memory/follows-update", test_follows_update);
  g_test_add_func ("/plan-memory/no-option", test_no_option);
  return g_test_run ();
}
