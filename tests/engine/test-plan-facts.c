/* test-plan-facts.c — a spec-sheet section's figures in one call (issue 25)
 *
 * Expected values: NVIDIA's H200 datasheet (989.5 TFLOPS BF16 and 1,979
 * TFLOPS FP8, dense, per GPU: 8 GPUs make 7,916 and 15,832 TFLOPS, 7.9 and
 * 15.8 PFLOPS at one decimal); hand counts (2 servers of 8 GPUs are 16);
 * the catalog's own estimate marks for the “≈” and its reasons; a plan
 * with no option (a catalog without servers) for the sentences that stand
 * for its sections. Invariants on generated plans: every figure labelled,
 * every table row as wide as its headings, the memory table's sum row
 * last and equal to the memory estimate's sums.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "ts-test-support.h"

#define ESTIMATE_MARK "≈\u00a0"

/* The value of the fact labelled label, or NULL when there is none. */
static const TsPlanFact *
find_fact (const TsPlanFacts *facts,
           const char        *label)
{
  for (guint i = 0; i < ts_plan_facts_get_n (facts); i++)
    if (g_strcmp0 (ts_plan_facts_get (facts, i)->label, label) == 0)
      return ts_plan_facts_get (facts, i);
  return NULL;
}

static void
test_dgx_h200_configuration (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = ts_test_plan_for (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h200", 2);
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_configuration_facts (plan);
  const TsPlanFact *peak = find_fact (facts, "Peak compute per server");
  const TsPlanFact *servers = find_fact (facts, "Servers");
  const TsPlanFact *gpus = find_fact (facts, "GPUs per server");

  g_assert_null (facts->empty);
  g_assert_cmpstr (facts->title, ==, "2 × NVIDIA DGX H200");
  g_assert_nonnull (peak);
  g_assert_cmpstr (peak->value, ==, "7.9 PFLOPS BF16, 15.8 PFLOPS FP8 (dense)");
  g_assert_nonnull (servers);
  g_assert_cmpstr (servers->value, ==, "2 servers, 16 GPUs in total");
  g_assert_nonnull (gpus);
  g_assert_true (g_str_has_prefix (gpus->value, "8 × NVIDIA H200"));
}

/* Every figure the catalog marks as an estimate carries the mark and
 * the catalog's reason; no other does. The DGX B200's price is one of
 * them (the catalog's estimates of dgx-b200 name price_usd). */
static void
test_estimates_marked (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsServer *b200 = ts_catalog_find_server (catalog, "dgx-b200");
  g_autoptr(TsPlan) plan = ts_test_plan_for (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-b200", 2);
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_configuration_facts (plan);
  const TsPlanFact *price = find_fact (facts, "Price per server");

  g_assert_nonnull (b200);
  g_assert_true (ts_provenance_is_estimate (&b200->prov, "price_usd"));
  g_assert_nonnull (price);
  g_assert_true (price->estimate);
  g_assert_cmpstr (price->estimate_reason, ==, ts_provenance_get_estimate_reason (&b200->prov, "price_usd"));
  g_assert_true (g_str_has_prefix (price->value, ESTIMATE_MARK));
  for (guint i = 0; i < ts_plan_facts_get_n (facts); i++)
    {
      const TsPlanFact *fact = ts_plan_facts_get (facts, i);

      g_assert_cmpint (fact->estimate, ==, fact->value != NULL && g_str_has_prefix (fact->value, ESTIMATE_MARK));
    }
}

/* A plan with no option: the sections about the option say so in their
 * sentence and hold no figure; the storage keeps the scenario's own
 * checkpoint; there is no bill and no curve. */
static void
test_no_option (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog_without_servers ();
  g_autoptr(TsPlan) plan = ts_test_plan_for (catalog, "llama-3.1-70b", TS_METHOD_FULL, NULL, 0);
  TsPlanFacts *(*empty_sections[]) (const TsPlan *) = {
    ts_plan_dup_configuration_facts, ts_plan_dup_network_facts, ts_plan_dup_site_facts, ts_plan_dup_comparison_facts,
  };
  g_autoptr(TsPlanFacts) storage = ts_plan_dup_storage_facts (plan);
  g_autoptr(TsPlanFacts) time = ts_plan_dup_time_facts (plan);
  const TsPlanFact *days;

  g_assert_null (ts_plan_get_shown_option (plan));
  for (guint i = 0; i < G_N_ELEMENTS (empty_sections); i++)
    {
      g_autoptr(TsPlanFacts) facts = empty_sections[i] (plan);

      g_assert_nonnull (facts->empty);
      g_assert_cmpuint (ts_plan_facts_get_n (facts), ==, 0);
      g_assert_cmpuint (facts->rows->len, ==, 0);
    }
  g_assert_cmpuint (ts_plan_facts_get_n (storage), ==, 1);
  g_assert_null (ts_plan_dup_bom_facts (plan));
  g_assert_null (ts_plan_dup_scaling_facts (plan));
  days = find_fact (time, "Training time");
  g_assert_nonnull (days);
  g_assert_null (days->value);
}

static void
check_labelled (const TsPlanFacts *facts)
{
  guint n_columns = facts->columns != NULL ? g_strv_length (facts->columns) : 0;

  for (guint i = 0; i < ts_plan_facts_get_n (facts); i++)
    {
      const TsPlanFact *fact = ts_plan_facts_get (facts, i);

      g_assert_nonnull (fact->label);
      g_assert_cmpuint (strlen (fact->label), >, 0);
    }
  /* a table has headings exactly when it has rows */
  g_assert_cmpint (n_columns > 0, ==, facts->rows->len > 0);
  for (guint i = 0; i < facts->rows->len; i++)
    g_assert_cmpuint (g_strv_length (g_array_index (facts->rows, TsPlanRow, i).cells), ==, n_columns);
  for (guint i = 0; i < facts->sentences->len; i++)
    g_assert_cmpuint (strlen (g_ptr_array_index (facts->sentences, i)), >, 0);
}

/* The memory table's sum row is the last and the only one emphasised,
 * and gives the memory estimate's sums as the CLI and the chart do. */
static void
check_memory_table (const TsPlan *plan)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_memory_facts (plan);
  const TsMemory *m = ts_plan_get_memory (plan);
  const TsPlanRow *sum = &g_array_index (facts->rows, TsPlanRow, facts->rows->len - 1);
  g_autofree char *per_gpu = ts_format_gb (ts_breakdown_sum (&m->per_gpu));
  g_autofree char *total = ts_format_gb (ts_breakdown_sum (&m->total));

  check_labelled (facts);
  g_assert_cmpuint (g_strv_length (facts->columns), ==, 4);
  for (guint i = 0; i + 1 < facts->rows->len; i++)
    g_assert_false (g_array_index (facts->rows, TsPlanRow, i).emphasis);
  g_assert_true (sum->emphasis);
  g_assert_cmpstr (sum->cells[1], ==, per_gpu);
  g_assert_cmpstr (sum->cells[2], ==, total);
}

static void
check_sections (const TsPlan *plan)
{
  TsPlanFacts *(*sections[]) (const TsPlan *) = {
    ts_plan_dup_scenario_facts, ts_plan_dup_configuration_facts, ts_plan_dup_network_facts,
    ts_plan_dup_storage_facts, ts_plan_dup_site_facts, ts_plan_dup_time_facts, ts_plan_dup_comparison_facts,
    ts_plan_dup_scaling_facts, ts_plan_dup_bom_facts, ts_plan_dup_assumptions_facts, ts_plan_dup_checklist_facts,
  };

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      g_autoptr(TsPlanFacts) facts = sections[i] (plan);

      if (facts != NULL)
        check_labelled (facts);
    }
  check_memory_table (plan);
}

/* Every catalog model with each method, the planner's choice of server. */
static void
test_generated_plans (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint n = ts_catalog_get_n_models (catalog);
  guint stride = MAX (1u, n / ts_test_sweep_size (n));

  for (guint i = 0; i < n; i += stride)
    for (TsMethod method = 0; method < TS_N_METHODS; method++)
      {
        g_autoptr(TsPlan) plan = ts_test_plan_for (catalog, ts_catalog_get_model (catalog, i)->model.id, method, NULL, 0);

        check_sections (plan);
      }
}

/* Each set's table has a row per run the summary counts, and says how
 * close the estimates are in one sentence. */
static void
test_published_runs (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = ts_test_plan_for (catalog, "llama-3.1-8b", TS_METHOD_FULL, NULL, 0);
  guint tables = 0;

  for (TsRunSet set = TS_RUN_CALIBRATION; set <= TS_RUN_ISSUE_CHECK; set++)
    {
      g_autoptr(TsPlanFacts) facts = ts_plan_dup_published_runs_facts (plan, set);
      double median, worst;
      guint count;

      ts_published_runs_summary (catalog, set, &median, &worst, &count);
      g_assert_cmpint (facts != NULL, ==, count > 0);
      if (facts == NULL)
        continue;
      tables++;
      check_labelled (facts);
      g_assert_nonnull (facts->title);
      g_assert_cmpuint (facts->rows->len, ==, count);
      g_assert_cmpuint (facts->sentences->len, ==, 1);
    }
  /* the built-in catalog holds the models of the calibration set */
  g_assert_cmpuint (tables, >, 0);
}

int
main (int argc, char **argv)
{
  ts_test_init (&argc, &argv);
  g_test_add_func ("/plan-facts/dgx-h200-configuration", test_dgx_h200_configuration);
  g_test_add_func ("/plan-facts/estimates-marked", test_estimates_marked);
  g_test_add_func ("/plan-facts/no-option", test_no_option);
  g_test_add_func ("/plan-facts/generated-plans", test_generated_plans);
  g_test_add_func ("/plan-facts/published-runs", test_published_runs);
  return g_test_run ();
}
