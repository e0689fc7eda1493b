/* test-errors.c — bad input becomes a GError, never a crash
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-test-support.h"

static void
test_bad_param_counts (void)
{
  const double bad[] = { 0, -1, -70e9, NAN, INFINITY, -INFINITY, 1e5, 100.1e12, 1e15, 1e300 };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      TsModel model = { 0 };

      g_assert_false (ts_model_init_from_params (&model, bad[i], &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      g_assert_nonnull (strstr (error->message, "parameter"));
    }
}

static void
test_limits_accepted (void)
{
  const double good[] = { 1e6, 100e12 };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      TsModel model = { 0 };

      g_assert_true (ts_model_init_from_params (&model, good[i], &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (model.params, ==, good[i]);
      ts_model_clear (&model);
    }
}

static void
test_parse_count (void)
{
  const struct { const char *text; double value; } good[] = {
    { "70B", 70e9 }, { "70b", 70e9 }, { "7.6e9", 7.6e9 }, { "1.5T", 1.5e12 },
    { "350M", 350e6 }, { "128K", 128e3 }, { "8000000000", 8e9 }, { "8 000 000 000", 8e9 },
    { "8\u202f000", 8000 }, { "1,5T", 1.5e12 }, { "0", 0 },
  };
  const char *bad[] = { "", "abc", "70X", "B", "--1", "1e999", "70BB", "1.2.3", "nan", "inf", "-5B", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      g_assert_true (ts_parse_count (good[i].text, &value, &error));
      g_assert_no_error (error);
      ts_assert_close (value, good[i].value, 1e-12);
    }
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      g_assert_false (ts_parse_count (bad[i], &value, &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
    }
}

static void
test_unknown_ids (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 8e9, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = NULL;

  g_assert_null (ts_catalog_find_model (catalog, "no-such-model"));
  g_assert_null (ts_catalog_find_server (catalog, "no-such-server"));

  ts_scenario_set_server (s, "no-such-server");
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_null (plan);
  g_assert_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID);
  g_assert_nonnull (strstr (error->message, "no-such-server"));
}

static void
test_scenario_out_of_range (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 8e9, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = NULL;

  s->seq_len = 0;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_null (plan);
  g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  s->seq_len = 2048;
  s->pue = NAN;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_null (plan);
  g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  s->pue = 1.4;
  s->gpus = TS_MAX_GPUS + 1;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_null (plan);
  g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
}

/* The largest accepted inputs give finite answers. */
static void
test_extremes_finite (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (TsMethod method = 0; method < TS_N_METHODS; method++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 100e12, method);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsPlan) plan = NULL;
      const TsMemory *memory;

      s->seq_len = TS_MAX_SEQ_LEN;
      s->micro_batch = TS_MAX_MICRO_BATCH;
      s->gpus = TS_MAX_GPUS;
      s->tokens = TS_MAX_TOKENS;
      plan = ts_plan_compute (catalog, s, &error);
      g_assert_no_error (error);
      memory = ts_plan_get_memory (plan);
      for (guint i = 0; i < TS_N_COMPONENTS; i++)
        {
          g_assert_true (isfinite (memory->total.bytes[i]));
          g_assert_true (isfinite (memory->per_gpu.bytes[i]));
          g_assert_cmpfloat (memory->per_gpu.bytes[i], >=, 0);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/errors/params/bad", test_bad_param_counts);
  g_test_add_func ("/errors/params/limits", test_limits_accepted);
  g_test_add_func ("/errors/parse-count", test_parse_count);
  g_test_add_func ("/errors/unknown-ids", test_unknown_ids);
  g_test_add_func ("/errors/scenario-out-of-range", test_scenario_out_of_range);
  g_test_add_func ("/errors/extremes-finite", test_extremes_finite);
  return g_test_run ();
}
