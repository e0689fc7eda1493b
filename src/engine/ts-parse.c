/* ts-parse.c — reading numbers people type
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-parse"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-error.h"
#include "ts-parse.h"

#define MAX_INPUT_LENGTH 64

/* Strip spaces (ASCII, no-break, narrow no-break, thin) used as thousands
 * separators, and turn a lone decimal comma into a point. */
static char *
normalize (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean has_point = strchr (text, '.') != NULL;

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x00A0 || c == 0x202F || c == 0x2009)
        continue;
      if (c == ',' && !has_point)
        c = '.';
      else if (c == ',')
        continue;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static gboolean
parse_with_suffix (const char  *text,
                   gboolean     allow_suffix,
                   double      *value,
                   GError     **error)
{
  g_autofree char *clean = NULL;
  char *end = NULL;
  double number;
  double scale = 1;

  if (text == NULL || *text == '\0' || strlen (text) > MAX_INPUT_LENGTH
      || !g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("Enter a number"));
      return FALSE;
    }

  clean = normalize (text);
  if (*clean == '\0' || !(g_ascii_isdigit (*clean) || *clean == '.' || *clean == '-' || *clean == '+'))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("“%s” is not a number"), text);
      return FALSE;
    }

  number = g_ascii_strtod (clean, &end);
  if (end == clean)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("“%s” is not a number"), text);
      return FALSE;
    }

  if (allow_suffix && *end != '\0' && end[1] == '\0')
    {
      switch (g_ascii_toupper (*end))
        {
        case 'K': scale = 1e3; end++; break;
        case 'M': scale = 1e6; end++; break;
        case 'B':
        case 'G': scale = 1e9; end++; break;
        case 'T': scale = 1e12; end++; break;
        default: break;
        }
    }

  if (*end != '\0')
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   allow_suffix ? _("“%s” is not a number (use digits with an optional K, M, B or T)")
                                : _("“%s” is not a number"),
                   text);
      return FALSE;
    }

  number *= scale;
  if (!isfinite (number))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("“%s” is not a finite number"), text);
      return FALSE;
    }

  *value = number;
  return TRUE;
}

gboolean
ts_parse_count (const char  *text,
                double      *value,
                GError     **error)
{
  if (!parse_with_suffix (text, TRUE, value, error))
    return FALSE;
  if (*value < 0)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("“%s” is negative"), text);
      return FALSE;
    }
  return TRUE;
}

gboolean
ts_parse_number (const char  *text,
                 double      *value,
                 GError     **error)
{
  return parse_with_suffix (text, FALSE, value, error);
}
