/* ts-render-format.c — numbers and names as a drawing writes them
 *
 * Units, amounts and catalog names in the current language, for the
 * drawings and the spec sheet: what ts-format.h does not have.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-render-private.h"

char *
ts_render_format_units (guint units)
{
  g_autofree char *n = ts_format_number (units, 0);

  /* Translators: rack units, as in “8 U” */
  return g_strconcat (n, "\u00a0", C_("unit", "U"), NULL);
}

char *
ts_render_format_kg (double kg)
{
  g_autofree char *n = ts_format_number (kg, 0);

  /* Translators: kilograms */
  return g_strconcat (n, "\u00a0", C_("unit", "kg"), NULL);
}

char *
ts_render_format_flops (double flops)
{
  static const char *const superscript[] = {
    "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹",
  };
  g_autofree char *mantissa = NULL;
  GString *out;
  g_autofree char *exp_digits = NULL;
  int exponent;

  if (!(flops > 0) || !isfinite (flops))
    return g_strdup ("—");
  exponent = (int) floor (log10 (flops));
  mantissa = ts_format_number (flops / pow (10, exponent), 1);
  out = g_string_new (mantissa);
  g_string_append (out, " × 10");
  exp_digits = g_strdup_printf ("%d", exponent);
  for (const char *p = exp_digits; *p; p++)
    g_string_append (out, *p == '-' ? "⁻" : superscript[*p - '0']);
  return g_string_free (out, FALSE);
}

char *
ts_render_name (const char *name)
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
  unit = g_strconcat ("\\1\u00a0", C_("unit", "GB"), NULL);
  return g_regex_replace (gigabytes, with_words, -1, 0, unit, 0, NULL);
}

const char *
ts_render_currency_label (const char *code)
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
ts_render_format_money (double      amount,
                        const char *code)
{
  g_autofree char *n = ts_format_number (amount, 0);

  return g_strconcat (n, "\u00a0", ts_render_currency_label (code), NULL);
}

char *
ts_render_format_cooling (double tons)
{
  g_autofree char *n = ts_format_number (tons, 2);
  /* a fraction takes the form of 2–4 in Russian (“5,80 тонны”), so any
   * figure that is not whole counts as 2 */
  gulong count = tons == floor (tons) ? (gulong) tons : 2;

  /* Translators: tons of refrigeration (12,000 BTU/h each); %s is the number */
  return g_strdup_printf (ngettext ("%s ton of refrigeration", "%s tons of refrigeration", count), n);
}

const char *
ts_render_device_role_label (TsDeviceRole role)
{
  switch (role)
    {
    case TS_DEVICE_SERVER: return _("Server");
    case TS_DEVICE_LEAF_SWITCH: return _("Leaf switch");
    case TS_DEVICE_SPINE_SWITCH: return _("Spine switch");
    case TS_DEVICE_STORAGE_SWITCH: return _("Storage switch");
    case TS_DEVICE_MANAGEMENT_SWITCH: return _("Management switch");
    /* Translators: power distribution unit (a 0U strip in the rack) */
    case TS_DEVICE_PDU: return _("PDU");
    case TS_N_DEVICE_ROLES:
    default: return "";
    }
}
