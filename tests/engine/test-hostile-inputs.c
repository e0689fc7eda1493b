/* test-hostile-inputs.c — issue 24, “Reliability, round three”, in the engine
 *
 * One case (or a few) per class of the issue that the engine answers for:
 * class 1 (a member of the wrong type in any file), 2 (one open-for-reading
 * rule), 4 (CSV formula injection), 7 (dots as thousands separators),
 * 9 (temporary files a kill leaves behind) and the smaller ones of class 10.
 * The rules come from their sources, named at each case: OWASP's “CSV
 * Injection” page, RFC 8259, open(2) and linkat(2), the README's grouping
 * rules. The cases of the command line are in tests/engine/test-hostile-cli.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-csv.h"
#include "ts-hf-config.h"
#include "ts-test-support.h"

/* ---- class 1: a member of the wrong type -------------------------------- */

#define ARCH_MODEL "{\"schema_version\": 1, \"model\": {\"name\": \"m\", \"architecture\": " \
  "{\"layers\": 32, \"hidden_size\": 4096, \"attention_heads\": 32, \"kv_heads\": 8, \"head_dim\": 128, " \
  "\"ffn_size\": 14336, \"mlp\": \"swiglu\", \"vocab_size\": 128256}, "

/* A scenario file's imported model keeps the import's record (“source”);
 * the exports read its layer class back. A member of another type than
 * the one ts-hf-config.c writes is refused on loading, the field named
 * (json-glib's getter would meet it with a critical, a SIGTRAP under
 * G_DEBUG=fatal-criticals, in `export` and the window's dialog). The same
 * files are seeds of the scenario fuzzer (tests/fuzz/corpus/scenario). */
static void
test_wrong_type_source (void)
{
  static const struct { const char *member; const char *field; } cases[] = {
    { "\"source\": {\"format\": \"huggingface-config\", \"layer_class\": {\"x\": 1}}", "source.layer_class" },
    { "\"source\": {\"layer_class\": [\"LlamaDecoderLayer\"]}", "source.layer_class" },
    { "\"source\": {\"model_type\": 7}", "source.model_type" },
    { "\"source\": {\"fields\": [\"a\"]}", "source.fields" },
    { "\"source\": {\"fields\": {\"hidden_size\": {\"k\": 1}}}", "source.fields.hidden_size" },
    { "\"source\": {\"config_class\": true, \"layer_class\": \"L\"}", "source.config_class" },
    { "\"source\": []", "“source”" },
    { "\"hf_id\": {\"a\": \"b\"}", "“hf_id”" },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_strconcat (ARCH_MODEL, cases[i].member, "}}", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) s = ts_scenario_from_string (json, -1, catalog, "bad.trainsizer", &error);

      if (s != NULL)
        {
          /* what the exports do with an accepted file */
          ts_hf_config_layer_class (&s->model);
          g_error ("%s: accepted, but must be refused", cases[i].member);
        }
      g_assert_error (error, TS_ERROR, TS_ERROR_SCENARIO);
      if (strstr (error->message, cases[i].field) == NULL)
        g_error ("%s: “%s” not in “%s”", cases[i].member, cases[i].field, error->message);
    }
  /* the record as the import writes it still loads and is read back */
  {
    g_autofree char *json = g_strconcat (ARCH_MODEL, "\"source\": {\"format\": \"huggingface-config\", "
                                         "\"layer_class\": \"LlamaDecoderLayer\", \"fields\": "
                                         "{\"hidden_size\": \"hidden_size\"}}}}", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(TsScenario) s = ts_scenario_from_string (json, -1, catalog, "good.trainsizer", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (ts_hf_config_layer_class (&s->model), ==, "LlamaDecoderLayer");
  }
}

/* ---- class 4: CSV formula injection ----------------------------------- */

/* The cell of column `col` (0-based) in one CSV line, RFC 4180 quoting
 * undone (the quotes that OWASP's rule adds are part of the text). */
static char *
csv_cell (const char *line,
          guint       col)
{
  GString *cell = g_string_new (NULL);
  gboolean quoted = FALSE;
  guint at = 0;

  for (const char *p = line; *p != '\0'; p++)
    {
      if (quoted && *p == '"' && p[1] == '"')
        {
          if (at == col)
            g_string_append_c (cell, '"');
          p++;
        }
      else if (*p == '"')
        quoted = !quoted;
      else if (*p == ',' && !quoted)
        at++;
      else if (at == col)
        g_string_append_c (cell, *p);
    }
  return g_string_free (cell, FALSE);
}

/* OWASP, “CSV Injection”: a cell that starts with = + - @, a tab or a
 * carriage return is prefixed with a single quote and the cell is quoted,
 * a double quote inside doubled. The servers' names and ids are the
 * catalog's text, which a user's catalog can set to anything. */
static void
test_csv_formula (void)
{
  static const struct { const char *name; const char *cell; } cases[] = {
    { "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" },
    { "+1+cmd|' /C calc'!A0",          "\"'+1+cmd|' /C calc'!A0\"" },
    { "-2+3",                          "\"'-2+3\"" },
    { "@SUM(1,2)",                     "\"'@SUM(1,2)\"" },
    { "\tTAB",                         "\"'\tTAB\"" },
    { "\rCR",                          "\"'\rCR\"" },
    { "Plain, with a comma",           "\"Plain, with a comma\"" },
    { "A=B",                           "A=B" },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, s, &error);

  g_assert_no_error (error);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TsServer *server = (TsServer *) g_array_index (plan->options, TsOption, 0).server;
      g_autofree char *old_name = server->name;
      g_autofree char *csv = NULL;
      g_autofree char *text = NULL;
      const char *row;

      server->name = g_strdup (cases[c].name);
      csv = ts_plan_options_to_csv (plan);
      g_free (server->name);
      server->name = g_steal_pointer (&old_name);

      /* the first option's row, raw: the cell as written */
      row = strstr (csv, "\r\n") + 2;
      g_assert_nonnull (strstr (row, cases[c].cell));
      /* and read back as a spreadsheet would, the name's text whole */
      text = csv_cell (row, 3);
      if (cases[c].cell[0] == '"' && cases[c].cell[1] == '\'')
        {
          g_assert_cmpint (text[0], ==, '\'');
          g_assert_cmpstr (text + 1, ==, cases[c].name);
        }
      else
        g_assert_cmpstr (text, ==, cases[c].name);
    }
}

/* ---- class 7: dots as thousands separators ------------------------------ */

/* The README's grouping rules, applied to the point as to the comma
 * (ts-parse.c): each value below is what the text means to a reader who
 * groups with dots (German, Italian, Indonesian) and to one who writes a
 * decimal point, worked out by hand. Before the fix “8.000” was read as 8
 * and “16.384” refused. */
static void
test_dot_grouping (void)
{
  const struct { const char *text; double value; } whole[] = {
    { "8.000", 8000 }, { "16.384", 16384 }, { "1.000.000", 1e6 }, { "2.048K", 2048e3 }, { "131.072", 131072 },
  };
  const struct { const char *text; double value; } counts[] = {
    { "1.000.000", 1e6 }, { "7.6e9", 7.6e9 }, { "1.024e3", 1024 }, { "1.5", 1.5 }, { "0.125", 0.125 },
    { "1000.5", 1000.5 }, { "1.25B", 1.25e9 }, { "1.2345", 1.2345 }, { "1,000.5", 1000.5 },
  };
  /* a point before exactly three digits, alone: 8000 or 8 */
  const char *ambiguous[] = { "8.000", "16.384", "1.500", "999.999", "2.048B", NULL };
  /* not three digits a group, or mixed with another separator (“8.00” and
   * “1.0000” cannot group: they are 8 and 1, decimals) */
  const char *bad_whole[] = { "1.000.00", "1.00.000", "1.000,5", "1.000 000", "0.100", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (whole); i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      if (!ts_parse_whole (whole[i].text, &value, &error))
        g_error ("“%s” refused: %s", whole[i].text, error->message);
      g_assert_cmpfloat (value, ==, whole[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      if (!ts_parse_count (counts[i].text, &value, &error))
        g_error ("“%s” refused: %s", counts[i].text, error->message);
      ts_assert_close (value, counts[i].value, 1e-12);
    }
  for (guint i = 0; ambiguous[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      g_assert_false (ts_parse_count (ambiguous[i], &value, &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      /* quoted as typed */
      g_assert_nonnull (strstr (error->message, ambiguous[i]));
      g_assert_nonnull (strstr (error->message, "ambiguous"));
      g_clear_error (&error);
      g_assert_false (ts_parse_number (ambiguous[i], &value, &error));
      g_assert_cmpfloat (value, ==, -1);
    }
  for (guint i = 0; bad_whole[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      if (ts_parse_whole (bad_whole[i], &value, &error))
        g_error ("“%s” read as %g, but must be refused", bad_whole[i], value);
      g_assert_nonnull (strstr (error->message, bad_whole[i]));
    }
}

int
main (int    argc,
      char **argv)
{
  ts_test_init (&argc, &argv);
  g_test_add_func ("/hostile-inputs/wrong-type/source", test_wrong_type_source);
  g_test_add_func ("/hostile-inputs/csv/formula", test_csv_formula);
  g_test_add_func ("/hostile-inputs/numbers/dot-grouping", test_dot_grouping);
  return g_test_run ();
}
