/* test-scenario-file.c — scenarios survive a save and a load; bad files
 * are refused with the field named
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "ts-test-support.h"

static void
test_round_trip (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_QLORA);
  g_autoptr(TsScenario) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ts-test-scenario.json", NULL);

  s->seq_len = 8192;
  s->lora_rank = 64;
  s->pue = 1.25;
  ts_scenario_set_server (s, "dgx-b200");
  s->servers = 3;
  s->zero3_prefetch = TRUE;

  g_assert_true (ts_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  back = ts_scenario_load_file (path, catalog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->model_id, ==, "llama-3.1-70b");
  g_assert_cmpint (back->method, ==, TS_METHOD_QLORA);
  g_assert_cmpuint (back->seq_len, ==, 8192);
  g_assert_cmpuint (back->lora_rank, ==, 64);
  g_assert_cmpfloat (back->pue, ==, 1.25);
  g_assert_cmpstr (back->server_id, ==, "dgx-b200");
  g_assert_cmpuint (back->servers, ==, 3);
  g_assert_true (back->zero3_prefetch);
  g_unlink (path);
}

static void
test_refused (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const struct { const char *json; const char *expect; } bad[] = {
    { "[]", "object" },
    { "{\"schema_version\": 99, \"model\": {\"params\": 7e10}}", "version" },
    { "{\"model\": {\"params\": 7e10}}", "schema_version" },
    { "{\"schema_version\": 1, \"model\": {\"id\": \"nope\"}}", "nope" },
    { "{\"schema_version\": 1, \"model\": {\"params\": -1}}", "params" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"seq_len\": 0}", "seq_len" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"server_id\": \"nope\"}", "nope" },
    /* two defects: the first in the file's order is named, once */
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"seq_len\": 0, \"server_id\": \"nope\"}", "seq_len" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"method\": \"magic\"}", "method" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"pue\": \"high\"}", "pue" },
    { "{\"schema_version\": 1, \"schema_version\": 1, \"model\": {\"params\": 7e10}}", "twice" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"x\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}", "nested" },
    { "{\"schema_version\": 1, \"model\": {\"params\": 7e10}", "JSON" },
    { "\xff\xfe", "UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) s = ts_scenario_from_string (bad[i].json, -1, catalog, "bad.json", &error);

      g_assert_null (s);
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].expect) == NULL)
        g_error ("case %u: “%s” not in “%s”", i, bad[i].expect, error->message);
    }
}

/* ---- one validation: the file reader and ts_scenario_validate ---------- */

/* A scenario field as the file names it, set directly in the struct the way
 * the window and the CLI set it. */
static void
set_field (TsScenario *s,
           const char *key,
           double      v)
{
  if (g_str_equal (key, "seq_len")) s->seq_len = (guint) v;
  else if (g_str_equal (key, "micro_batch")) s->micro_batch = (guint) v;
  else if (g_str_equal (key, "tp")) s->tp = (guint) v;
  else if (g_str_equal (key, "pp")) s->pp = (guint) v;
  else if (g_str_equal (key, "ep")) s->ep = (guint) v;
  else if (g_str_equal (key, "gpus")) s->gpus = (guint) v;
  else if (g_str_equal (key, "servers")) s->servers = (guint) v;
  else if (g_str_equal (key, "lora_rank")) s->lora_rank = (guint) v;
  else if (g_str_equal (key, "rack_units")) s->rack_units = (guint) v;
  else if (g_str_equal (key, "phases")) s->phases = (guint) v;
  else if (g_str_equal (key, "zero_stage")) s->zero_stage = (int) v;
  else if (g_str_equal (key, "tokens")) s->tokens = v;
  else if (g_str_equal (key, "deadline_days")) s->deadline_days = v;
  else if (g_str_equal (key, "runtime_overhead_bytes")) s->runtime_overhead_bytes = v;
  else if (g_str_equal (key, "fragmentation")) s->fragmentation = v;
  else if (g_str_equal (key, "rack_kw")) s->rack_kw = v;
  else if (g_str_equal (key, "voltage")) s->voltage = v;
  else if (g_str_equal (key, "pue")) s->pue = v;
  else if (g_str_equal (key, "price_kwh")) s->price_kwh = v;
  else if (g_str_equal (key, "headroom_tight")) s->headroom_tight = v;
  else if (g_str_equal (key, "min_free")) s->min_free = v;
  else g_assert_not_reached ();
}

/* The ranges the CLI's --help and the README document for each input
 * (one past them refused, the limit itself accepted); phases is 1 or 3,
 * the two supplies there are (a single phase between two lines is a
 * single phase at that voltage). */
static const struct { const char *key; double bad; double limit; } ranges[] = {
  { "seq_len", 0, 1 }, { "seq_len", 10000001, 10000000 },
  { "micro_batch", 0, 1 }, { "micro_batch", 65537, 65536 },
  { "tp", 0, 1 }, { "tp", 100001, 100000 },
  { "pp", 0, 1 }, { "pp", 100001, 100000 },
  { "ep", 0, 1 }, { "ep", 100001, 100000 },
  { "gpus", 100001, 100000 },
  { "servers", 100001, 100000 },
  { "lora_rank", 0, 1 }, { "lora_rank", 65537, 65536 },
  { "rack_units", 0, 1 }, { "rack_units", 101, 100 },
  { "phases", 2, 3 }, { "phases", 0, 1 }, { "phases", 4, 3 },
  { "zero_stage", 4, 3 },
  { "tokens", -1, 0 }, { "tokens", 1.001e15, 1e15 },
  { "deadline_days", -1, 0 }, { "deadline_days", 36501, 36500 },
  { "runtime_overhead_bytes", -1, 0 }, { "runtime_overhead_bytes", 1.001e12, 1e12 },
  { "fragmentation", -0.01, 0 }, { "fragmentation", 1.01, 1 },
  { "rack_kw", 0.09, 0.1 }, { "rack_kw", 10001, 10000 },
  { "voltage", 89, 90 }, { "voltage", 1001, 1000 },
  { "pue", 0.99, 1 }, { "pue", 5.01, 5 },
  { "price_kwh", -1, 0 }, { "price_kwh", 1.001e6, 1e6 },
  { "headroom_tight", -0.01, 0 }, { "headroom_tight", 0.91, 0.9 },
  { "min_free", -0.01, 0 }, { "min_free", 0.51, 0.5 },
};

static TsScenario *
read_with (TsCatalog   *catalog,
           const char  *key,
           double       value,
           GError     **error)
{
  g_autofree char *json = g_strdup_printf ("{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"%s\": %.17g}",
                                           key, value);

  return ts_scenario_from_string (json, -1, catalog, "same.json", error);
}

/* What the file reader refuses, ts_scenario_validate (which the window and
 * the CLI go through) refuses too, and the other way round; the limits
 * themselves pass both. “phases”: 2 was read from a file and refused by
 * the CLI. */
static void
test_same_refusal (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      g_autoptr(GError) file_error = NULL;
      g_autoptr(GError) validate_error = NULL;
      g_autoptr(TsScenario) read = read_with (catalog, ranges[i].key, ranges[i].bad, &file_error);
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 7e10, TS_METHOD_FULL);
      g_autoptr(TsScenario) at_limit = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s = %g", ranges[i].key, ranges[i].bad);
      g_assert_null (read);
      g_assert_error (file_error, TS_ERROR, TS_ERROR_SCENARIO);
      g_assert_nonnull (strstr (file_error->message, ranges[i].key));

      set_field (s, ranges[i].key, ranges[i].bad);
      g_assert_false (ts_scenario_validate (s, &validate_error));
      g_assert_error (validate_error, TS_ERROR, TS_ERROR_INVALID_INPUT);

      at_limit = read_with (catalog, ranges[i].key, ranges[i].limit, &error);
      g_assert_no_error (error);
      g_assert_nonnull (at_limit);
      set_field (s, ranges[i].key, ranges[i].limit);
      g_assert_true (ts_scenario_validate (s, &error));
      g_assert_no_error (error);
    }
}

/* ts_scenario_check_currency is the CLI's --currency rule: a code of 1 to
 * 8 characters, no white space, nothing invisible. */
static void
test_currency (void)
{
  const char *accepted[] = { "RUB", "USD", "\u20bd" /* ₽ */, "руб.", "12345678", "€", "\U0001F600" };
  const char *refused[] = {
    "", "US D", " RUB", "RUB\t", "123456789", "\x1b[31mRUB", "\u202eBUR", "R\u200eUB", "\u2066RUB\u2069",
    "RUB\n", "\xff", "рублей-ру",
  };

  for (guint i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (ts_scenario_check_currency (accepted[i], &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("currency %u", i);
      g_assert_false (ts_scenario_check_currency (refused[i], &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      g_assert_nonnull (strstr (error->message, "Currency"));
    }
  g_assert_false (ts_scenario_check_currency (NULL, NULL));
}

/* Strings of a scenario file, as JSON escapes, that would hide or reorder
 * what is shown: ESC (terminal escapes), C1 CSI, the right-to-left
 * override, left-to-right and right-to-left marks, the isolates, a line
 * separator. */
static const char *const hidden[] = {
  "\\u001b[2J", "\\u009b", "\\u202e", "\\u200e", "\\u200f", "\\u2066", "\\u2067", "\\u2068", "\\u2069",
  "\\u2028",
};

/* The UTF-8 of those characters: none may reach a message. */
static const char *const hidden_utf8[] = {
  "\x1b", "\xc2\x9b", "\u202e", "\u200e", "\u200f", "\u2066", "\u2067", "\u2068", "\u2069", "\u2028",
};

static void
assert_refused_naming (const char *json,
                       const char *field)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) s = ts_scenario_from_string (json, -1, catalog, "text.json", &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  if (strstr (error->message, field) == NULL)
    g_error ("“%s” not in “%s”", field, error->message);
  for (guint k = 0; k < G_N_ELEMENTS (hidden_utf8); k++)
    g_assert_null (strstr (error->message, hidden_utf8[k]));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

#define ARCH "\"architecture\": {\"layers\": 32, \"hidden_size\": 4096, \"attention_heads\": 32, " \
             "\"kv_heads\": 32, \"head_dim\": 128, \"vocab_size\": 32000, \"ffn_size\": 11008}"

/* Every string of a scenario (model name, currency, model and server
 * ids) is refused with its field named when it carries a control
 * character or a direction mark; the message never repeats it. */
static void
test_hidden_characters (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hidden); i++)
    {
      g_autofree char *name = g_strdup_printf ("{\"schema_version\": 1, \"model\": {\"name\": \"My%sModel\", " ARCH "}}",
                                               hidden[i]);
      g_autofree char *currency = g_strdup_printf ("{\"schema_version\": 1, \"model\": {\"params\": 7e10}, "
                                                   "\"currency\": \"%sRUB\"}", hidden[i]);
      g_autofree char *model_id = g_strdup_printf ("{\"schema_version\": 1, \"model\": {\"id\": \"llama-3.1-70b%s\"}}",
                                                   hidden[i]);
      g_autofree char *server_id = g_strdup_printf ("{\"schema_version\": 1, \"model\": {\"params\": 7e10}, "
                                                    "\"server_id\": \"dgx%s-b200\"}", hidden[i]);

      g_test_message ("%s", hidden[i]);
      assert_refused_naming (name, "name");
      assert_refused_naming (currency, "currency");
      assert_refused_naming (model_id, "id");
      assert_refused_naming (server_id, "server_id");
    }
}

/* A model file allows a name of 200 characters; a scenario carries the
 * same model, so 200 pass and 201 or 100,000 are refused, by the reader
 * and by ts_scenario_validate. */
static void
test_long_name (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const guint lengths[] = { 200, 201, 100000 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autofree char *name = g_strnfill (lengths[i], 'n');
      g_autofree char *json = g_strdup_printf ("{\"schema_version\": 1, \"model\": {\"name\": \"%s\", " ARCH "}}", name);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) read = ts_scenario_from_string (json, -1, catalog, "long.json", &error);
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 7e10, TS_METHOD_FULL);
      g_autoptr(GError) validate_error = NULL;

      g_free (s->model.name);
      s->model.name = g_strdup (name);
      if (lengths[i] <= 200)
        {
          g_assert_no_error (error);
          g_assert_cmpstr (read->model.name, ==, name);
          g_assert_true (ts_scenario_validate (s, &validate_error));
          continue;
        }
      g_assert_null (read);
      g_assert_nonnull (strstr (error->message, "field “name”"));
      g_assert_nonnull (strstr (error->message, "longer than 200 characters"));
      /* the 100,000 characters are not echoed */
      g_assert_cmpuint (strlen (error->message), <, 1000);
      g_assert_false (ts_scenario_validate (s, &validate_error));
      g_assert_nonnull (strstr (validate_error->message, "Model name"));
    }
}

/* ts_scenario_validate refuses the same characters in a scenario built in
 * memory (the window's and the CLI's way), naming the field. */
static void
test_validate_text (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  static const struct { const char *field; const char *value; } cases[] = {
    { "Model name", "Evil\u202etxt.exe" }, { "Model id", "llama\x1b[0m" },
    { "Server id", "dgx\u2067" }, { "Currency", "R\u200fUB" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 7e10, TS_METHOD_FULL);
      g_autoptr(GError) error = NULL;

      if (g_str_equal (cases[i].field, "Model name"))
        {
          g_free (s->model.name);
          s->model.name = g_strdup (cases[i].value);
        }
      else if (g_str_equal (cases[i].field, "Model id"))
        s->model_id = g_strdup (cases[i].value);
      else if (g_str_equal (cases[i].field, "Server id"))
        ts_scenario_set_server (s, cases[i].value);
      else
        ts_scenario_set_currency (s, cases[i].value);
      g_assert_false (ts_scenario_validate (s, &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      g_assert_nonnull (strstr (error->message, cases[i].field));
      g_assert_null (strstr (error->message, cases[i].value));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario-file/round-trip", test_round_trip);
  g_test_add_func ("/scenario-file/refused", test_refused);
  g_test_add_func ("/scenario-file/same-refusal-as-validate", test_same_refusal);
  g_test_add_func ("/scenario-file/currency", test_currency);
  g_test_add_func ("/scenario-file/hidden-characters", test_hidden_characters);
  g_test_add_func ("/scenario-file/long-name", test_long_name);
  g_test_add_func ("/scenario-file/validate-text", test_validate_text);
  return g_test_run ();
}
