/* ts-render-format.c — units and amounts as a drawing writes them
 *
 * Units and amounts in the current language, for the drawings and the
 * spec sheet: what ts-format.h does not have (catalog names and currencies
 * are there: ts_format_name, ts_format_currency_label).
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
    case TS_DEVICE_CORE_SWITCH: return _("Core switch");
    /* Translators: an appliance of the shared storage system in a rack */
    case TS_DEVICE_STORAGE: return _("Storage system");
    case TS_N_DEVICE_ROLES:
    default: return "";
    }
}
