/* ts-format.c — numbers and units for people, in the current language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-format"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-format.h"
#include "ts-i18n.h"

#define NARROW_NBSP "\u202f"
#define NBSP        "\u00a0"
#define EN_DASH     "\u2013"

char *
ts_format_number (double value,
                  int    decimals)
{
  TsLang lang = ts_i18n_get_lang ();
  const char *group = lang == TS_LANG_RU ? NARROW_NBSP : ",";
  const char *point = lang == TS_LANG_RU ? "," : ".";
  g_autofree char *plain = NULL;
  GString *out;
  const char *digits;
  const char *dot;
  gsize int_len;

  if (!isfinite (value))
    return g_strdup ("—");

  decimals = CLAMP (decimals, 0, 9);
  /* Locale-independent digits first, then our own separators. */
  plain = g_strdup_printf ("%.*f", decimals, fabs (value));
  g_strdelimit (plain, ",", '.');
  digits = plain;
  dot = strchr (digits, '.');
  int_len = dot ? (gsize) (dot - digits) : strlen (digits);

  out = g_string_new (NULL);
  if (value < 0 && g_strtod (plain, NULL) != 0)
    g_string_append (out, "−");
  for (gsize i = 0; i < int_len; i++)
    {
      if (i > 0 && (int_len - i) % 3 == 0)
        g_string_append (out, group);
      g_string_append_c (out, digits[i]);
    }
  if (dot)
    {
      g_string_append (out, point);
      g_string_append (out, dot + 1);
    }
  return g_string_free (out, FALSE);
}

char *
ts_format_number_auto (double value,
                       int    max_decimals)
{
  int decimals = max_decimals;

  /* Drop trailing zeros: 16.0 → 16, 14.30 → 14.3. */
  while (decimals > 0)
    {
      double scale = pow (10, decimals - 1);

      if (fabs (round (value * scale) - value * scale) > 1e-9 * MAX (1.0, fabs (value * scale)))
        break;
      decimals--;
    }
  return ts_format_number (value, decimals);
}

static int
decimals_for (double value)
{
  double a = fabs (value);

  if (a >= 100)
    return 0;
  if (a >= 10)
    return 1;
  return 2;
}

char *
ts_format_with_unit (char       *number,
                     const char *unit)
{
  char *result = g_strconcat (number, NBSP, unit, NULL);

  g_free (number);
  return result;
}

char *
ts_format_gb (double bytes)
{
  double gb = bytes / TS_BYTES_PER_GB;

  if (fabs (gb) >= 100000)
    /* Translators: terabytes, decimal (10^12 bytes) */
    return ts_format_with_unit (ts_format_number_auto (gb / 1000, decimals_for (gb / 1000)), C_("unit", "TB"));
  /* Translators: gigabytes, decimal (10^9 bytes) */
  return ts_format_with_unit (ts_format_number_auto (gb, decimals_for (gb)), C_("unit", "GB"));
}

char *
ts_format_gib (double bytes)
{
  double gib = bytes / TS_BYTES_PER_GIB;

  /* Translators: gibibytes, binary (2^30 bytes) */
  return ts_format_with_unit (ts_format_number_auto (gib, decimals_for (gib)), C_("unit", "GiB"));
}

char *
ts_format_memory (double   bytes,
                  gboolean gib)
{
  return gib ? ts_format_gib (bytes) : ts_format_gb (bytes);
}

/* A GPU's capacity as the product names it: vendors' HBM “GB” are
 * binary (an H200's “141GB” is 141 GiB = 151 GB), so in decimal GB the
 * product's own figure follows in parentheses. */
char *
ts_format_capacity (double   bytes,
                    gboolean gib)
{
  g_autofree char *decimal = NULL;
  g_autofree char *binary = ts_format_gib (bytes);

  if (gib)
    return g_steal_pointer (&binary);
  decimal = ts_format_gb (bytes);
  return g_strdup_printf ("%s (%s)", decimal, binary);
}

char *
ts_format_memory_range (double   low_bytes,
                        double   high_bytes,
                        gboolean gib)
{
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  if (!gib)
    return ts_format_gb_range (low_bytes, high_bytes);
  if (fabs (high_bytes - low_bytes) < 1e-9 * MAX (1.0, fabs (high_bytes)))
    return ts_format_gib (low_bytes);
  low = ts_format_number_auto (low_bytes / TS_BYTES_PER_GIB, decimals_for (high_bytes / TS_BYTES_PER_GIB));
  high = ts_format_gib (high_bytes);
  return g_strconcat (low, EN_DASH, high, NULL);
}

char *
ts_format_gb_range (double low_bytes,
                    double high_bytes)
{
  double lo = low_bytes / TS_BYTES_PER_GB;
  double hi = high_bytes / TS_BYTES_PER_GB;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  const char *unit = C_("unit", "GB");

  if (fabs (hi - lo) < 1e-9 * MAX (1.0, fabs (hi)))
    return ts_format_gb (low_bytes);

  if (hi >= 100000)
    {
      lo /= 1000;
      hi /= 1000;
      unit = C_("unit", "TB");
    }
  a = ts_format_number_auto (lo, decimals_for (hi));
  b = ts_format_number_auto (hi, decimals_for (hi));
  return g_strconcat (a, EN_DASH, b, NBSP, unit, NULL);
}

char *
ts_format_params (double params)
{
  if (params >= 1e12)
    /* Translators: trillions of parameters, as in “1.5T” */
    return ts_format_with_unit (ts_format_number_auto (params / 1e12, 2), C_("count", "T"));
  if (params >= 1e9)
    /* Translators: billions of parameters, as in “70B” */
    return ts_format_with_unit (ts_format_number_auto (params / 1e9, params >= 1e11 ? 0 : 2), C_("count", "B"));
  /* Translators: millions of parameters, as in “350M” */
  return ts_format_with_unit (ts_format_number_auto (params / 1e6, 1), C_("count", "M"));
}

/* The symbol of a one-unit quantity, in the page's language. A switch
 * rather than a column of the table below: C_ () needs its words as
 * literals to look them up in the page's catalogue. */
static const char *
unit_symbol (TsUnit unit)
{
  switch (unit)
    {
    /* Translators: kilowatts */
    case TS_UNIT_KW: return C_("unit", "kW");
    /* Translators: British thermal units per hour */
    case TS_UNIT_BTU_H: return C_("unit", "BTU/h");
    /* Translators: tons of refrigeration (12,000 BTU/h each) */
    case TS_UNIT_TONS: return C_("unit", "t");
    /* Translators: amperes */
    case TS_UNIT_AMPS: return C_("unit", "A");
    /* Translators: days, abbreviated */
    case TS_UNIT_DAYS: return C_("unit", "d");
    /* Translators: gigabits per second */
    case TS_UNIT_GBPS: return C_("unit", "Gb/s");
    /* Translators: gigabytes per second */
    case TS_UNIT_GB_S: return C_("unit", "GB/s");
    /* Translators: kilowatt-hours */
    case TS_UNIT_KWH: return C_("unit", "kWh");
    /* the same sign in every language */
    case TS_UNIT_PERCENT:
    case TS_N_UNITS:
    default: return "%";
    }
}

/* How many digits a one-unit quantity shows. A value at or above
 * wide_from (in magnitude; power, heat and days are never negative) takes
 * wide_digits instead of digits; auto_digits drops the zeros a fixed
 * count would show. */
typedef struct
{
  double   scale;
  gboolean auto_digits;
  int      digits;
  double   wide_from;
  int      wide_digits;
} UnitDigits;

static const UnitDigits unit_digits[TS_N_UNITS] = {
  [TS_UNIT_KW] = { 1, TRUE, 1, 1000, 0 },
  [TS_UNIT_BTU_H] = { 1, FALSE, 0, INFINITY, 0 },
  [TS_UNIT_TONS] = { 1, FALSE, 2, INFINITY, 2 },
  [TS_UNIT_AMPS] = { 1, FALSE, 1, INFINITY, 1 },
  [TS_UNIT_DAYS] = { 1, TRUE, 1, 100, 0 },
  [TS_UNIT_PERCENT] = { 100, TRUE, 1, 0.1, 0 },
  [TS_UNIT_GBPS] = { 1, TRUE, 0, INFINITY, 0 },
  [TS_UNIT_GB_S] = { 1, TRUE, 1, INFINITY, 1 },
  [TS_UNIT_KWH] = { 1, FALSE, 0, INFINITY, 0 },
};

char *
ts_format_quantity (TsUnit unit,
                    double value)
{
  const UnitDigits *f;
  int digits;
  double scaled;

  g_return_val_if_fail (unit < TS_N_UNITS, NULL);

  f = &unit_digits[unit];
  digits = fabs (value) >= f->wide_from ? f->wide_digits : f->digits;
  scaled = value * f->scale;
  return ts_format_with_unit (f->auto_digits ? ts_format_number_auto (scaled, digits) : ts_format_number (scaled, digits),
                    unit_symbol (unit));
}

const char *
ts_format_currency_label (const char *code)
{
  /* Common codes get the words a reader of the language uses; another
   * code is shown as it is (it is what the user typed). */
  if (code == NULL || *code == '\0')
    return "";
  /* Translators: the rouble in running text, after an amount: “8 RUB per kWh” (Russian: ₽) */
  if (g_ascii_strcasecmp (code, "RUB") == 0) return C_("currency", "RUB");
  /* Translators: the US dollar after an amount (Russian: долл. США) */
  if (g_ascii_strcasecmp (code, "USD") == 0) return C_("currency", "USD");
  /* Translators: the euro after an amount (Russian: евро) */
  if (g_ascii_strcasecmp (code, "EUR") == 0) return C_("currency", "EUR");
  /* Translators: the Chinese yuan after an amount (Russian: юаней) */
  if (g_ascii_strcasecmp (code, "CNY") == 0) return C_("currency", "CNY");
  return code;
}

char *
ts_format_money (double      amount,
                 const char *currency)
{
  return ts_format_with_unit (ts_format_number (amount, 0), ts_format_currency_label (currency));
}

/* A million or more in millions, to three significant digits, for a
 * narrow table column (the Servers table's price: “≈ 1,030,000 USD” made
 * the Russian table wider than its pane). */
char *
ts_format_money_short (double      amount,
                       const char *currency)
{
  g_autofree char *millions = NULL;

  if (!(amount >= 1e6))
    return ts_format_money (amount, currency);
  millions = ts_format_number_auto (amount / 1e6, amount < 1e7 ? 2 : amount < 1e8 ? 1 : 0);
  /* Translators: an amount in millions in a narrow table column, the
   * number then the currency: “1.03 M USD” (Russian: “1,03 млн долл. США”) */
  return g_strdup_printf (C_("money", "%s M %s"), millions, ts_format_currency_label (currency));
}

char *
ts_format_name (const char *name)
{
  g_autoptr(GRegex) workstation = NULL;
  g_autoptr(GRegex) gigabytes = NULL;
  g_autofree char *words = NULL;
  g_autofree char *with_words = NULL;
  g_autofree char *unit = NULL;

  if (name == NULL)
    return NULL;
  /* The catalog names its machines in English. Its one English word,
   * the kind of machine (“Workstation, 2 × …”), and its memory sizes
   * (“180 GB”) are written the reader's way; product names (“RTX PRO 6000
   * Blackwell Workstation Edition”) stay as the maker writes them. */
  workstation = g_regex_new ("\\bWorkstation,", 0, 0, NULL);
  /* Translators: the kind of machine at the start of a catalog name: “Workstation, 1 × RTX PRO 6000” */
  words = g_strconcat (C_("machine", "Workstation"), ",", NULL);
  with_words = g_regex_replace_literal (workstation, name, -1, 0, words, 0, NULL);
  gigabytes = g_regex_new ("([0-9]) GB\\b", 0, 0, NULL);
  unit = g_strconcat ("\\1" NBSP, C_("unit", "GB"), NULL);
  return g_regex_replace (gigabytes, with_words, -1, 0, unit, 0, NULL);
}
