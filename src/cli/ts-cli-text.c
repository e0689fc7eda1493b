/* ts-cli-text.c — text from files made safe for a terminal
 *
 * A catalog or scenario file comes from anyone; its names are printed by
 * `estimate` and `list`. An ESC in a name would be read by the terminal
 * as the start of a command (colours, cursor moves, a changed window
 * title), and U+202E would show the rest of a line reversed. Names are
 * escaped where they are printed; the program's own text is not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <string.h>

#include "ts-cli-text.h"

/* Characters that change how a terminal shows what follows. Tab and
 * newline too: a name is one field on one line. */
static gboolean
is_unsafe (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:             /* C0, DEL, C1 */
    case G_UNICODE_FORMAT:              /* bidi marks and overrides, zero-width */
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
append_escape (GString  *out,
               gunichar  c)
{
  if (c < 0x80)
    g_string_append_printf (out, "\\x%02x", c);
  else if (c <= 0xffff)
    g_string_append_printf (out, "\\u%04x", c);
  else
    g_string_append_printf (out, "\\U%08x", c);
}

char *
ts_cli_escape_for_terminal (const char *text)
{
  GString *out;
  const char *p;

  if (text == NULL)
    return NULL;
  out = g_string_sized_new (strlen (text));
  for (p = text; *p != '\0';)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }
      if (is_unsafe (c))
        append_escape (out, c);
      else
        g_string_append_unichar (out, c);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

char *
ts_cli_escape_json_text (const char *json)
{
  GString *out;

  if (json == NULL)
    return NULL;
  out = g_string_sized_new (strlen (json));
  /* json-glib's output is valid UTF-8; outside strings JSON has only ASCII
   * punctuation, so a character found here is inside a string, where
   * \uHHHH means the same character. */
  for (const char *p = json; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x7f && c <= 0xffff && is_unsafe (c))
        g_string_append_printf (out, "\\u%04x", c);
      else if (c > 0xffff && is_unsafe (c))  /* a surrogate pair, as JSON writes it */
        g_string_append_printf (out, "\\u%04x\\u%04x", 0xd800 + ((c - 0x10000) >> 10),
                                0xdc00 + ((c - 0x10000) & 0x3ff));
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}
