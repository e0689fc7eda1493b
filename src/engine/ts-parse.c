/* ts-parse.c — reading numbers people type
 *
 * People group digits in many ways: “1,000”, “10 000”, “1'000'000”,
 * “8 192” (a narrow no-break space, as the app itself prints), “1’000”.
 * A group separator is read as grouping only where that reading is the
 * only one: a first group of one to three digits, then groups of exactly
 * three, all with the same separator. Anything else with a separator in
 * it is refused, never read as a shorter number (“8,000” used to give 8).
 *
 * The decimal comma. Russian writes “1,5” where English writes “1.5”, so
 * a comma is read as a decimal mark when it cannot be grouping: a single
 * comma followed by other than three digits (“1,5”, “0,25”, “1,4”),
 * after a group of four or more digits or a leading zero (“1000,5”,
 * “0,125”), or after digits grouped by another separator (“1 000,5”).
 * A single comma followed by exactly three digits (“1,500”) means 1500 in
 * English and 1.5 in Russian: for a whole number (ts_parse_whole) only
 * grouping makes sense and it is read as 1500 (there every comma groups:
 * “8,00” is refused, not read as 8); for a count or a number
 * that may have a fraction it is refused as ambiguous, since either
 * guess is wrong by a factor of 1,000 for half the users.
 *
 * The point, by the same rules (issue 24: “8.000” was read as 8 while
 * “16.384” was refused). Many languages (German, Italian, Spanish,
 * Indonesian) group with dots as Russian does with spaces, so a point is
 * grouping where a comma would be: several points that split the digits
 * in threes (“1.000.000”) group; a single point before exactly three
 * digits after a first group of one to three (“8.000”, “16.384”) groups
 * in a whole number and is refused as ambiguous elsewhere, as “1,500” is.
 * An exponent after it (“1.024e3”) makes it a decimal point. A point
 * with another separator stays refused (“1.000,5”) or decimal (“1,000.5”).
 *
 * Only what is written above is a number: no hexadecimal (“0x10”), no
 * “inf” or “nan”, no trailing text. Messages quote the text as typed.
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

typedef enum
{
  PARSE_SUFFIX       = 1 << 0,  /* K, M, B or G, T */
  PARSE_WHOLE_GROUPS = 1 << 1,  /* a lone comma before three digits groups */
  PARSE_EXPONENT     = 1 << 2,  /* the mantissa has an exponent after it */
} ParseFlags;

typedef struct
{
  GString *integer;      /* digits only */
  GString *fraction;     /* digits only */
} Mantissa;

static gboolean
is_space_like (gunichar c)
{
  return c == ' ' || c == '\t' || c == 0x00A0 || c == 0x202F || c == 0x2009;
}

static gboolean
is_group_separator (gunichar c)
{
  return is_space_like (c) || c == ',' || c == '\'' || c == 0x2019;
}

static gboolean
fail_not_a_number (GError    **error,
                   const char *text,
                   ParseFlags  flags)
{
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               (flags & PARSE_SUFFIX) ? _("“%s” is not a number (use digits with an optional K, M, B or T)")
                                      : _("“%s” is not a number"),
               text);
  return FALSE;
}

static gboolean
fail_grouping (GError    **error,
               const char *text)
{
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               _("“%s” is not a number: digits may be grouped only in threes, such as 1 000 000 or 1,000,000"),
               text);
  return FALSE;
}

/* Digits split by separators: “1 000 000” is 1, 000, 000 with ' '. */
static gboolean
read_groups (const char *begin,
             const char *end,
             GPtrArray  *groups,
             gunichar   *separator)
{
  GString *group = g_string_new (NULL);

  *separator = 0;
  for (const char *p = begin; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_ascii_isdigit (c))
        {
          g_string_append_c (group, (char) c);
          continue;
        }
      /* one kind of separator per number: “1,000 000” is not grouping */
      if (*separator != 0 && c != *separator)
        {
          g_string_free (group, TRUE);
          return FALSE;
        }
      *separator = c;
      g_ptr_array_add (groups, g_string_free (group, FALSE));
      group = g_string_new (NULL);
    }
  g_ptr_array_add (groups, g_string_free (group, FALSE));
  return TRUE;
}

/* 1–3 digits not starting with 0, then groups of exactly three. */
static gboolean
groups_are_thousands (GPtrArray *groups)
{
  const char *first = g_ptr_array_index (groups, 0);
  gsize first_len = strlen (first);

  if (first_len < 1 || first_len > 3 || first[0] == '0')
    return FALSE;
  for (guint i = 1; i < groups->len; i++)
    if (strlen (g_ptr_array_index (groups, i)) != 3)
      return FALSE;
  return TRUE;
}

static gboolean
join_groups (const char *begin,
             const char *end,
             GString    *digits,
             const char *text,
             GError    **error)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_free);
  gunichar separator;

  if (!read_groups (begin, end, groups, &separator))
    return fail_grouping (error, text);
  if (groups->len > 1 && !groups_are_thousands (groups))
    return fail_grouping (error, text);
  for (guint i = 0; i < groups->len; i++)
    g_string_append (digits, g_ptr_array_index (groups, i));
  return TRUE;
}

/* Where the decimal comma is, or NULL if the body's commas group digits
 * (see the top of the file). Sets *ambiguous for “1,500”. */
static const char *
find_decimal_comma (const char *body,
                    const char *end,
                    ParseFlags  flags,
                    gboolean   *ambiguous)
{
  const char *comma = NULL;
  gboolean other_separator = FALSE;
  guint n_commas = 0;
  gsize before, after;

  *ambiguous = FALSE;
  /* a whole number has no decimals: its commas group, or are refused
   * (“8,00” is a mistyped 8,000 more likely than 8) */
  if (flags & PARSE_WHOLE_GROUPS)
    return NULL;
  for (const char *p = body; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == ',')
        {
          comma = p;
          n_commas++;
        }
      else if (is_group_separator (c) && n_commas == 0)
        other_separator = TRUE;
      else if (is_group_separator (c))
        return NULL;  /* a separator after the comma: grouping, or refused there */
    }
  if (n_commas != 1)
    return NULL;
  before = comma - body;
  after = end - comma - 1;
  /* a decimal mark has digits on both sides: “1,” and “,5” are refused */
  if (before == 0 || after == 0)
    return NULL;
  if (other_separator)
    return comma;  /* “1 000,5” */

  if (after != 3 || before < 1 || before > 3 || body[0] == '0')
    return comma;  /* “1,5”, “0,125”, “1000,5” cannot be grouping */
  *ambiguous = TRUE;
  return NULL;
}

/* The body with points and no other separator: TRUE when they group
 * (see the top of the file), the digits appended; *ambiguous for a
 * single point that may group or mark decimals. */
static gboolean
points_group (const char *body,
              const char *end,
              ParseFlags  flags,
              GString    *digits,
              gboolean   *ambiguous)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_free);
  gunichar separator;

  *ambiguous = FALSE;
  for (const char *p = body; p < end; p++)
    if (*p != '.' && !g_ascii_isdigit (*p))
      return FALSE;
  if (!read_groups (body, end, groups, &separator) || separator != '.' || !groups_are_thousands (groups))
    return FALSE;
  if (groups->len == 2 && !(flags & PARSE_WHOLE_GROUPS))
    {
      *ambiguous = !(flags & PARSE_EXPONENT);
      return FALSE;
    }
  for (guint i = 0; i < groups->len; i++)
    g_string_append (digits, g_ptr_array_index (groups, i));
  return TRUE;
}

static gboolean
read_mantissa (const char *body,
               const char *end,
               const char *text,
               ParseFlags  flags,
               Mantissa   *m,
               GError    **error)
{
  const char *point = NULL;
  const char *fraction_end = end;
  gboolean ambiguous;

  if (points_group (body, end, flags, m->integer, &ambiguous))
    return TRUE;
  if (ambiguous)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("“%s” is ambiguous: the point may separate thousands or mark decimals; "
                     "write the number without it, or with more or fewer decimals"), text);
      return FALSE;
    }
  for (const char *p = body; p < end; p++)
    if (*p == '.')
      {
        if (point != NULL)
          return fail_not_a_number (error, text, flags);  /* “1.2.3” */
        point = p;
      }

  if (point == NULL)
    {
      point = find_decimal_comma (body, end, flags, &ambiguous);
      if (ambiguous)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       _("“%s” is ambiguous: the comma may separate thousands or mark decimals; "
                         "write the number without it, or with a decimal point"), text);
          return FALSE;
        }
    }
  if (point == NULL)
    point = end;

  if (!join_groups (body, point, m->integer, text, error))
    return FALSE;
  for (const char *p = point < end ? point + 1 : end; p < fraction_end; p++)
    {
      if (!g_ascii_isdigit (*p))
        return fail_grouping (error, text);  /* “1.000 5”, “1.000,5” */
      g_string_append_c (m->fraction, *p);
    }
  if (m->integer->len == 0 && m->fraction->len == 0)
    return fail_not_a_number (error, text, flags);
  return TRUE;
}

static const char *
skip_spaces (const char *p,
             const char *end)
{
  while (p < end && is_space_like (g_utf8_get_char (p)))
    p = g_utf8_next_char (p);
  return p;
}

/* The end of the text without trailing spaces. */
static const char *
trim_end (const char *begin,
          const char *end)
{
  while (end > begin)
    {
      const char *prev = g_utf8_prev_char (end);

      if (!is_space_like (g_utf8_get_char (prev)))
        break;
      end = prev;
    }
  return end;
}

/* “e9”, “E-3”: appended to clean. */
static const char *
read_exponent (const char *p,
               const char *end,
               GString    *clean)
{
  const char *start = p;

  if (p >= end || (*p != 'e' && *p != 'E'))
    return p;
  g_string_append_c (clean, 'e');
  p++;
  if (p < end && (*p == '+' || *p == '-'))
    g_string_append_c (clean, *p++);
  if (p >= end || !g_ascii_isdigit (*p))
    {
      g_string_truncate (clean, clean->len - (p - start));
      return start;
    }
  while (p < end && g_ascii_isdigit (*p))
    g_string_append_c (clean, *p++);
  return p;
}

static double
suffix_scale (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'K': return 1e3;
    case 'M': return 1e6;
    case 'B':
    case 'G': return 1e9;
    case 'T': return 1e12;
    default: return 0;
    }
}

static gboolean
parse_text (const char  *text,
            ParseFlags   flags,
            double      *value,
            GError     **error)
{
  g_autoptr(GString) clean = g_string_new (NULL);
  g_autoptr(GString) integer = g_string_new (NULL);
  g_autoptr(GString) fraction = g_string_new (NULL);
  Mantissa m = { integer, fraction };
  const char *p, *end, *body, *body_end;
  double number, scale = 1;
  char *parsed_end = NULL;

  if (text == NULL || *text == '\0' || strlen (text) > MAX_INPUT_LENGTH || !g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("Enter a number"));
      return FALSE;
    }

  end = trim_end (text, text + strlen (text));
  p = skip_spaces (text, end);
  if (p < end && (*p == '-' || *p == '+'))
    g_string_append_c (clean, *p++);

  body = p;
  while (p < end && (g_ascii_isdigit (*p) || *p == '.' || is_group_separator (g_utf8_get_char (p))))
    p = g_utf8_next_char (p);
  body_end = trim_end (body, p);  /* “10 B”: the space belongs to no group */
  if (p < end && (*p == 'e' || *p == 'E'))
    flags |= PARSE_EXPONENT;
  if (!read_mantissa (body, body_end, text, flags, &m, error))
    return FALSE;

  g_string_append_len (clean, integer->str, integer->len);
  if (fraction->len > 0)
    g_string_append_printf (clean, ".%s", fraction->str);
  p = read_exponent (p, end, clean);
  if ((flags & PARSE_SUFFIX) && p + 1 == end && suffix_scale (*p) > 0)
    scale = suffix_scale (*p++);
  if (p != end)
    return fail_not_a_number (error, text, flags);

  number = g_ascii_strtod (clean->str, &parsed_end);
  if (parsed_end == clean->str || *parsed_end != '\0')
    return fail_not_a_number (error, text, flags);

  number *= scale;
  if (!isfinite (number))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("“%s” is not a finite number"), text);
      return FALSE;
    }

  *value = number;
  return TRUE;
}

/* A count or a whole count: never below zero; *value is left as it was
 * on failure. */
static gboolean
parse_amount (const char  *text,
              ParseFlags   flags,
              gboolean     whole,
              double      *value,
              GError     **error)
{
  double number;

  if (!parse_text (text, flags, &number, error))
    return FALSE;
  if (number < 0)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("“%s” is negative"), text);
      return FALSE;
    }
  if (whole && number != floor (number))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("“%s” is not a whole number"), text);
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
  return parse_amount (text, PARSE_SUFFIX, FALSE, value, error);
}

gboolean
ts_parse_whole (const char  *text,
                double      *value,
                GError     **error)
{
  return parse_amount (text, PARSE_SUFFIX | PARSE_WHOLE_GROUPS, TRUE, value, error);
}

gboolean
ts_parse_number (const char  *text,
                 double      *value,
                 GError     **error)
{
  return parse_text (text, 0, value, error);
}
