/* ts-csv.c — the plan's hardware options as CSV
 *
 * The window's Export → Servers as CSV writes this text; it lives in the
 * engine so the command line can write the same file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-csv.h"
#include "ts-format.h"
#include "ts-options.h"

static const char *const headers[] = {
  "rank", "recommended", "server_id", "server", "servers", "gpus",
  /* the option's one verdict first, what keeps it from working, then the
   * memory fit (“verdict”, a part of it) and “ok” (issue 28) */
  "overall_verdict", "failures", "verdict", "ok",
  "gpu_memory_gb", "memory_per_gpu_gb", "headroom_percent", "racks", "rack_units",
  "power_kw", "heat_btu_h", "cooling_tons", "training_days", "energy_kwh", "energy_cost",
  /* the servers' price, and whether the catalog marks it an estimate */
  "capex_usd", "capex_estimated",
};

/* The failures' JSON codes joined by “;” (one field, never quoted). */
static void
append_failures (GString *out,
                 guint    failures)
{
  gboolean first = TRUE;

  for (guint flag = 1; flag != 0 && flag <= failures; flag <<= 1)
    if ((failures & flag) && ts_failure_to_string (flag) != NULL)
      {
        g_string_append_printf (out, "%s%s", first ? "" : ";", ts_failure_to_string (flag));
        first = FALSE;
      }
}

/* A cell a spreadsheet would run as a formula: one that starts with
 * = + - @, a tab, a carriage return or a line feed (OWASP, “CSV
 * Injection”: a server name “=HYPERLINK(…)” from a user's catalog must
 * stay text). Only the text cells are checked: the numbers are ours. */
static gboolean
is_formula_start (const char *text)
{
  return *text != '\0' && strchr ("=+-@\t\r\n", *text) != NULL;
}

/* A field quoted when it holds what would end it (RFC 4180 §2); a
 * formula start gets a single quote before it and the field is quoted,
 * as OWASP advises, so the quote is read as part of the text. */
static void
append_text (GString    *out,
             const char *text)
{
  gboolean formula;

  if (text == NULL)
    text = "";
  formula = is_formula_start (text);
  if (!formula && strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  if (formula)
    g_string_append_c (out, '\'');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* C-locale digits whatever the user's locale (a decimal comma would
 * split the field); an empty field for a figure the plan does not have. */
static void
append_number (GString *out,
               double   value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    return;
  /* Rounded to what any reader needs: sums of doubles otherwise show as
   * 85.30000000000001. */
  g_ascii_formatd (text, sizeof text, "%.10g", value);
  g_string_append (out, text);
}

static void
append_option (GString        *out,
               const TsOption *o)
{
  double per_gpu = ts_breakdown_sum (&o->memory.per_gpu);

  g_string_append_printf (out, "%u,%s,", o->rank, o->recommended ? "true" : "false");
  append_text (out, o->server->id);
  g_string_append_c (out, ',');
  append_text (out, o->server->name);
  g_string_append_printf (out, ",%u,%u,%s,", o->servers, o->gpus, ts_option_verdict_code (o));
  append_failures (out, o->failures);
  g_string_append_printf (out, ",%s,%s,", ts_verdict_to_string (o->verdict), o->ok ? "true" : "false");
  append_number (out, o->gpu_memory_bytes / TS_BYTES_PER_GB);
  g_string_append_c (out, ',');
  append_number (out, per_gpu / TS_BYTES_PER_GB);
  g_string_append_c (out, ',');
  append_number (out, o->headroom_fraction * 100);
  g_string_append_printf (out, ",%u,%u,", o->racks, o->rack_units);
  append_number (out, o->power_kw);
  g_string_append_c (out, ',');
  append_number (out, o->heat_btu_h);
  g_string_append_c (out, ',');
  append_number (out, o->cooling_tons);
  g_string_append_c (out, ',');
  append_number (out, o->training_days);
  g_string_append_c (out, ',');
  append_number (out, o->energy_kwh);
  g_string_append_c (out, ',');
  /* No electricity price: no cost, rather than a cost of 0. */
  if (o->energy_cost > 0)
    append_number (out, o->energy_cost);
  g_string_append_c (out, ',');
  /* no price in the catalog: an empty field, never a price of 0 */
  if (o->capex_usd > 0)
    append_number (out, o->capex_usd);
  g_string_append_printf (out, ",%s\r\n", ts_option_price_is_estimate (o) ? "true" : "false");
}

char *
ts_plan_options_to_csv (const TsPlan *plan)
{
  GString *out;

  g_return_val_if_fail (plan != NULL, NULL);

  out = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (headers); i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "," : "", headers[i]);
  g_string_append (out, "\r\n");
  for (guint i = 0; i < plan->options->len; i++)
    append_option (out, &g_array_index (plan->options, TsOption, i));
  return g_string_free (out, FALSE);
}
