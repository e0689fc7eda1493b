/* test-fields-doors.c — every scenario field through the CLI: its range
 * is the one the engine enforces (min and max accepted, the next value
 * refused with the option named), and a non-default value typed as an
 * option gives the same scenario as the same value in a scenario file.
 * The window's door is tests/ui/test-fields.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-cli-args.h"
#include "ts-test-support.h"

/* the built-in catalog, loaded once */
static TsCatalog *catalog;

/* A MoE model, so that --ep means something, and QLoRA, so that the
 * LoRA and QLoRA options do (each refused otherwise). */
#define MODEL_ID "mixtral-8x7b"

static const char *
method_for (const TsScenarioField *f)
{
  return g_str_equal (f->key, "method") ? NULL : "qlora";
}

/* Parses and applies `estimate --model mixtral-8x7b [--method qlora]
 * --OPTION value` as trainsizer-cli does; NULL with error when refused. */
static TsScenario *
scenario_from_cli (const TsScenarioField  *f,
                   const char             *value,
                   GError                **error)
{
  g_autofree char *option = g_strconcat ("--", f->cli_name, NULL);
  const char *method = method_for (f);
  const char *argv[] = { "trainsizer-cli", "estimate", "--model", MODEL_ID, option, value,
                         method != NULL ? "--method" : NULL, method, NULL };
  int argc = method != NULL ? 8 : 6;
  g_autoptr(TsScenario) s = ts_scenario_new ();
  TsCliArgs args;
  gboolean ok;

  ts_cli_args_init (&args);
  ok = ts_cli_args_parse (&args, argc, (char **) argv, error)
       && ts_cli_args_apply (&args, catalog, s, error);
  ts_cli_args_clear (&args);
  return ok ? g_steal_pointer (&s) : NULL;
}

static TsScenario *
scenario_from_file (const TsScenarioField  *f,
                    const char             *json_value,
                    GError                **error)
{
  const char *method = method_for (f);
  g_autofree char *method_member = method != NULL ? g_strdup_printf ("\"method\": \"%s\", ", method) : g_strdup ("");
  g_autofree char *text = g_strdup_printf ("{ \"schema_version\": 1, \"model\": { \"id\": \"%s\" }, %s\"%s\": %s }",
                                           MODEL_ID, method_member, f->key, json_value);

  return ts_scenario_from_string (text, -1, catalog, "doors.json", error);
}

/* A number as typed on the command line: in the option's units (tokens
 * as a count, the memory reserve in GB), exactly. */
static char *
cli_number (const TsScenarioField *f,
            double                 value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!(f->flags & TS_FIELD_CLI_COUNT))
    value /= f->scale;
  return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value));
}

static void
expect_cli (const TsScenarioField *f,
            const char            *value,
            gboolean               allowed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) s = scenario_from_cli (f, value, &error);

  g_test_message ("--%s %s: %s", f->cli_name, value, allowed ? "allowed" : "refused");
  if (allowed)
    {
      g_assert_no_error (error);
      g_assert_nonnull (s);
      return;
    }
  g_assert_null (s);
  g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, f->cli_name));
}

/* The limits of every number, and a step past each: for a typed decimal
 * the next value is one part in a billion past the limit. */
static void
test_cli_ranges (void)
{
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      const TsScenarioField *f = &fields[i];
      double below, above;

      if (f->kind != TS_FIELD_UINT && f->kind != TS_FIELD_INT && f->kind != TS_FIELD_DOUBLE)
        continue;
      if (f->n_choices > 0)
        {
          for (guint c = 0; c < f->n_choices; c++)
            expect_cli (f, f->choices[c].name, TRUE);
          for (double v = MAX (0, f->min - 1); v <= f->max + 1; v++)
            if (ts_scenario_field_choice (f, (int) v) == NULL)
              {
                g_autofree char *text = cli_number (f, v);

                expect_cli (f, text, FALSE);
              }
          continue;
        }
      {
        g_autofree char *min = cli_number (f, f->min);
        g_autofree char *max = cli_number (f, f->max);

        expect_cli (f, min, TRUE);
        expect_cli (f, max, TRUE);
      }
      below = f->kind == TS_FIELD_DOUBLE ? f->min - MAX (1.0, f->max) * 1e-9 : f->min - 1;
      above = f->kind == TS_FIELD_DOUBLE ? f->max * (1 + 1e-9) : f->max + 1;
      {
        g_autofree char *text_below = cli_number (f, below);
        g_autofree char *text_above = cli_number (f, above);

        expect_cli (f, text_below, FALSE);
        expect_cli (f, text_above, FALSE);
      }
    }
}

/* Every enum name typed as an option sets its value; another name is
 * refused naming the option. */
static void
test_cli_enum_names (void)
{
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      const TsScenarioField *f = &fields[i];

      if (f->kind != TS_FIELD_ENUM)
        continue;
      for (guint c = 0; c < f->n_choices; c++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(TsScenario) s = scenario_from_cli (f, f->choices[c].name, &error);

          g_assert_no_error (error);
          g_assert_cmpint (ts_scenario_field_get_double (f, s), ==, f->choices[c].value);
        }
      expect_cli (f, "no-such-name", FALSE);
    }
}

/* The first catalog server, for --server. */
static const char *
some_server_id (void)
{
  return ts_catalog_get_server (catalog, 0)->id;
}

/* A value other than the default, in range: another choice, the other
 * truth value, one step up (or down at the top), a third of the way up. */
static void
non_default (const TsScenarioField  *f,
             char                  **cli_text,
             char                  **json_text)
{
  switch (f->kind)
    {
    case TS_FIELD_ENUM:
    case TS_FIELD_INT:
    case TS_FIELD_UINT:
      if (f->n_choices > 0)
        {
          const TsFieldChoice *other = &f->choices[f->choices[0].value == f->default_value ? 1 : 0];

          *cli_text = g_strdup (other->name);
          *json_text = f->kind == TS_FIELD_ENUM ? g_strdup_printf ("\"%s\"", other->name)
                                                : g_strdup_printf ("%d", other->value);
          return;
        }
      {
        double v = f->default_value + 1 <= f->max ? f->default_value + 1 : f->default_value - 1;

        *cli_text = cli_number (f, v);
        *json_text = g_strdup_printf ("%.0f", v);
      }
      return;
    case TS_FIELD_BOOL:
      *cli_text = g_strdup (f->default_value != 0 ? "off" : "on");
      *json_text = g_strdup (f->default_value != 0 ? "false" : "true");
      return;
    case TS_FIELD_DOUBLE:
      {
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];
        double v = f->min + (f->max - f->min) / 3;

        *cli_text = cli_number (f, v);
        *json_text = g_strdup (g_ascii_dtostr (buffer, sizeof buffer, v));
      }
      return;
    case TS_FIELD_STRING:
    default:
      *cli_text = g_strdup (f->flags & TS_FIELD_SERVER_ID ? some_server_id () : "USD");
      *json_text = g_strdup_printf ("\"%s\"", *cli_text);
      return;
    }
}

/* Two doors, one scenario: the files each would save are the same. */
static void
test_cli_and_file_agree (void)
{
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      const TsScenarioField *f = &fields[i];
      g_autofree char *cli_text = NULL;
      g_autofree char *json_text = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) from_cli = NULL;
      g_autoptr(TsScenario) from_file = NULL;
      g_autoptr(TsScenario) defaults = ts_scenario_new ();
      g_autofree char *cli_saved = NULL;
      g_autofree char *file_saved = NULL;

      non_default (f, &cli_text, &json_text);
      g_test_message ("%s: --%s %s, \"%s\": %s", f->key, f->cli_name, cli_text, f->key, json_text);
      from_cli = scenario_from_cli (f, cli_text, &error);
      g_assert_no_error (error);
      from_file = scenario_from_file (f, json_text, &error);
      g_assert_no_error (error);

      /* the value is not the default, and both doors hold it */
      if (f->kind == TS_FIELD_STRING)
        g_assert_cmpstr (G_STRUCT_MEMBER (char *, from_cli, f->offset), !=,
                         G_STRUCT_MEMBER (char *, defaults, f->offset));
      else
        g_assert_cmpfloat (ts_scenario_field_get_double (f, from_cli), !=, f->default_value);
      cli_saved = ts_scenario_to_string (from_cli);
      file_saved = ts_scenario_to_string (from_file);
      g_assert_cmpstr (cli_saved, ==, file_saved);
    }
}

/* “auto” leaves a layout input to the planner, as a file's “auto” list. */
static void
test_auto (void)
{
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) s = NULL;

      if (fields[i].search_flag == 0)
        continue;
      s = scenario_from_cli (&fields[i], "auto", &error);
      g_assert_no_error (error);
      g_assert_true (s->searched & fields[i].search_flag);
    }
}

/* Every option the hand-written parser had (written out from its tables
 * before GOptionContext took over) is still read, and `--help` lists it
 * with every field of the table. */
static void
test_no_option_lost (void)
{
  static const char *const options[] = {
    "--model", "--params", "--model-file", "--method", "--seq-len", "--micro-batch", "--objective",
    "--global-batch", "--checkpointing", "--flash-attention", "--sequence-parallel", "--zero", "--prefetch",
    "--tp", "--pp", "--ep", "--dp", "--gpus", "--optimizer", "--precision", "--grad-dtype", "--offload",
    "--lora-rank", "--lora-targets", "--double-quant", "--paged-optimizer", "--runtime-overhead",
    "--fragmentation", "--server", "--servers", "--tokens", "--deadline-days", "--rack-units", "--rack-kw",
    "--voltage", "--phases", "--pue", "--price-kwh", "--currency", "--headroom-tight",
    "--format", "--lang", "--catalog", "--scenario", "--output", "-o", "--png", "--svg", "--drawing",
    "--width", "--height", "--customer", "--project",
  };
  g_autofree char *help = ts_cli_help_text (NULL);
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      g_autofree char *listed = g_strdup_printf ("%s%s", options[i], options[i][1] == '-' ? "=" : ", --");
      const char *argv[] = { "trainsizer-cli", "estimate", options[i], NULL };
      g_autoptr(GError) error = NULL;
      TsCliArgs args;

      if (strstr (help, listed) == NULL)
        g_error ("“%s” is not in the help:\n%s", listed, help);
      /* known to the parser: refused for its missing value, not unknown */
      ts_cli_args_init (&args);
      g_assert_false (ts_cli_args_parse (&args, 3, (char **) argv, &error));
      g_assert_nonnull (strstr (error->message, "needs a value"));
      ts_cli_args_clear (&args);
    }
  for (guint i = 0; i < n_fields; i++)
    {
      g_autofree char *listed = g_strdup_printf ("  --%s=", fields[i].cli_name);

      g_assert_nonnull (strstr (help, listed));
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = ts_test_catalog ();
  g_test_add_func ("/doors/cli-ranges", test_cli_ranges);
  g_test_add_func ("/doors/cli-and-file-agree", test_cli_and_file_agree);
  g_test_add_func ("/doors/cli-enum-names", test_cli_enum_names);
  g_test_add_func ("/doors/auto", test_auto);
  g_test_add_func ("/doors/no-option-lost", test_no_option_lost);
  status = g_test_run ();
  ts_catalog_unref (catalog);
  return status;
}
