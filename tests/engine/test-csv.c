/* test-csv.c — the hardware options as CSV: one header and a line per
 * option, every line with the header's number of fields, names with
 * commas quoted (RFC 4180), figures the plan's own in C-locale digits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "ts-csv.h"
#include "ts-test-support.h"

/* Splits one CSV line into fields, undoing RFC 4180 quoting. */
static GPtrArray *
split_line (const char *line)
{
  GPtrArray *fields = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  gboolean quoted = FALSE;

  for (const char *p = line;; p++)
    {
      if (quoted && *p == '"' && p[1] == '"')
        {
          g_string_append_c (field, '"');
          p++;
        }
      else if (*p == '"')
        quoted = !quoted;
      else if (*p == '\0' || (*p == ',' && !quoted))
        {
          g_ptr_array_add (fields, g_strdup (field->str));
          g_string_truncate (field, 0);
          if (*p == '\0')
            break;
        }
      else
        g_string_append_c (field, *p);
    }
  g_string_free (field, TRUE);
  return fields;
}

static int
column (GPtrArray  *header,
        const char *name)
{
  for (guint i = 0; i < header->len; i++)
    if (g_str_equal (header->pdata[i], name))
      return i;
  g_assert_not_reached ();
}

static void
test_csv_lines (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, s, &error);
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) header = NULL;
  gboolean saw_comma_name = FALSE;
  guint n_lines;

  g_assert_no_error (error);
  csv = ts_plan_options_to_csv (plan);
  g_assert_true (g_str_has_suffix (csv, "\r\n"));
  lines = g_strsplit (csv, "\r\n", -1);
  n_lines = g_strv_length (lines) - 1;  /* after the last CRLF: "" */
  g_assert_cmpstr (lines[n_lines], ==, "");
  g_assert_cmpuint (plan->options->len, >=, 2);
  g_assert_cmpuint (n_lines, ==, plan->options->len + 1);

  header = split_line (lines[0]);
  g_assert_cmpstr (header->pdata[0], ==, "rank");
  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);
      g_autoptr(GPtrArray) fields = split_line (lines[i + 1]);

      g_assert_cmpuint (fields->len, ==, header->len);
      g_assert_cmpstr (fields->pdata[column (header, "server_id")], ==, o->server->id);
      /* “Workstation, 1 × …”: the comma stays inside the field. */
      g_assert_cmpstr (fields->pdata[column (header, "server")], ==, o->server->name);
      saw_comma_name |= strchr (o->server->name, ',') != NULL;
      g_assert_cmpstr (fields->pdata[column (header, "verdict")], ==, ts_verdict_to_string (o->verdict));
      g_assert_cmpuint (g_ascii_strtoull (fields->pdata[column (header, "servers")], NULL, 10), ==, o->servers);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (fields->pdata[column (header, "power_kw")], NULL),
                                      o->power_kw, 1e-6 * o->power_kw);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (fields->pdata[column (header, "memory_per_gpu_gb")], NULL),
                                      ts_breakdown_sum (&o->memory.per_gpu) / 1e9, 1e-6);
      g_assert_cmpstr (fields->pdata[column (header, "recommended")], ==, o->recommended ? "true" : "false");
      /* No electricity price in the scenario: no cost, not a cost of 0. */
      if (s->price_kwh == 0)
        g_assert_cmpstr (fields->pdata[column (header, "energy_cost")], ==, "");
    }
  g_assert_true (saw_comma_name);
}

int
main (int    argc,
      char **argv)
{
  ts_i18n_init ();
  ts_i18n_set_language ("en");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/csv/lines", test_csv_lines);
  return g_test_run ();
}
