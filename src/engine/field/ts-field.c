/* ts-field.c — one input's record, read, written and checked in the
 * struct its table describes: the scenario's table (ts-scenario-fields.c)
 * and a custom model's architecture (ts-arch-fields.c) are tables of
 * this record, read by these accessors, so that the two cannot drift in
 * how a key is found, a value checked or a default set
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* the domain these functions' messages had in the scenario's files */
#define G_LOG_DOMAIN "ts-scenario"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-error.h"
#include "ts-field.h"

/* One find for both tables: the scenario's and the architecture's. */
const TsScenarioField *
ts_field_table_find (const TsScenarioField *table,
                     guint                  n_fields,
                     const char            *key)
{
  for (guint i = 0; key != NULL && i < n_fields; i++)
    if (g_str_equal (table[i].key, key) || g_strcmp0 (table[i].alias, key) == 0)
      return &table[i];
  return NULL;
}

/* ---- values --------------------------------------------------------------- */

double
ts_scenario_field_get_double (const TsScenarioField *f,
                              gconstpointer          record)
{
  gconstpointer slot = G_STRUCT_MEMBER_P (record, f->offset);

  switch (f->kind)
    {
    case TS_FIELD_UINT: return *(const guint *) slot;
    case TS_FIELD_INT: return *(const int *) slot;
    case TS_FIELD_DOUBLE: return *(const double *) slot;
    case TS_FIELD_BOOL: return *(const gboolean *) slot ? 1 : 0;
    case TS_FIELD_ENUM: return *(const int *) slot;
    case TS_FIELD_STRING:
    default: return NAN;
    }
}

void
ts_scenario_field_set_double (const TsScenarioField *f,
                              gpointer               record,
                              double                 value)
{
  gpointer slot = G_STRUCT_MEMBER_P (record, f->offset);

  /* a whole number is checked (ts_scenario_field_check ()) before it is
   * set: a cast out of range is undefined, not a wrong value */
  g_return_if_fail (f->kind == TS_FIELD_DOUBLE || f->kind == TS_FIELD_BOOL
                    || (isfinite (value) && value >= G_MININT && value <= G_MAXUINT));
  switch (f->kind)
    {
    case TS_FIELD_UINT: *(guint *) slot = (guint) value; break;
    case TS_FIELD_INT: *(int *) slot = (int) value; break;
    case TS_FIELD_DOUBLE: *(double *) slot = value; break;
    case TS_FIELD_BOOL: *(gboolean *) slot = value != 0; break;
    case TS_FIELD_ENUM: *(int *) slot = (int) value; break;
    case TS_FIELD_STRING:
    default: g_return_if_reached ();
    }
}

const TsFieldChoice *
ts_scenario_field_choice (const TsScenarioField *f,
                          int                    value)
{
  for (guint i = 0; i < f->n_choices; i++)
    if (f->choices[i].value == value)
      return &f->choices[i];
  return NULL;
}

static char *
choice_names (const TsScenarioField *f)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;

  for (guint i = 0; i < f->n_choices; i++)
    g_strv_builder_add (names, f->choices[i].name);
  list = g_strv_builder_end (names);
  return g_strjoinv (", ", list);
}

char *
ts_scenario_field_describe (const TsScenarioField *f)
{
  if (f->accepts != NULL)
    return g_strdup (_(f->accepts));
  switch (f->kind)
    {
    case TS_FIELD_ENUM:
      return choice_names (f);
    case TS_FIELD_BOOL:
      return g_strdup (_("true or false"));
    case TS_FIELD_STRING:
      /* Translators: what a text field takes; %u a number */
      return g_strdup_printf (_("text of at most %u characters"), (guint) f->max);
    case TS_FIELD_UINT:
    case TS_FIELD_INT:
      return g_strdup_printf (_("a whole number from %u to %u"), (guint) (f->min / f->scale),
                              (guint) (f->max / f->scale));
    case TS_FIELD_DOUBLE:
    default:
      return g_strdup_printf (_("a number from %g to %g"), f->min / f->scale, f->max / f->scale);
    }
}

gboolean
ts_scenario_field_check (const TsScenarioField  *f,
                         double                  value,
                         GError                **error)
{
  gboolean whole = f->kind != TS_FIELD_DOUBLE;

  if (f->n_choices > 0)
    {
      /* in int's range before the cast: “3T” phases is 3e12 (and a cast
       * of it undefined behaviour) */
      if (value == floor (value) && value >= G_MININT && value <= G_MAXINT
          && ts_scenario_field_choice (f, (int) value) != NULL)
        return TRUE;
      if (f->kind == TS_FIELD_ENUM)
        g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("An option has a value the engine does not know"));
      else
        g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                     /* Translators: “Phases is 2; it must be 1 (single phase) or 3 (three phases)” */
                     _("%s is %g; it must be %s"), _(f->name), value, _(f->accepts));
      return FALSE;
    }
  if (isfinite (value) && value >= f->min && value <= f->max && (!whole || value == floor (value)))
    return TRUE;
  if (whole && isfinite (value) && value >= 0 && value <= G_MAXUINT)
    g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                 /* Translators: %s is an input such as “sequence length” */
                 _("%s is %u; it must be between %u and %u"), _(f->name), (guint) value,
                 (guint) f->min, (guint) f->max);
  else
    g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                 /* Translators: %s is an input such as “PUE” */
                 _("%s must be a number between %g and %g"), _(f->name), f->min, f->max);
  return FALSE;
}

gboolean
ts_scenario_field_check_text (const TsScenarioField  *f,
                              const char             *text,
                              GError                **error)
{
  if (f->flags & TS_FIELD_CURRENCY)
    return ts_scenario_check_currency (text, error);
  return ts_scenario_check_text (text, _(f->name), (guint) f->max, error);
}

gboolean
ts_scenario_field_set_text (const TsScenarioField  *f,
                            gpointer                record,
                            const char             *text,
                            GError                **error)
{
  g_autofree char *allowed = NULL;

  if (f->kind == TS_FIELD_STRING)
    {
      char **slot = G_STRUCT_MEMBER_P (record, f->offset);

      if (!ts_scenario_field_check_text (f, text, error))
        return FALSE;
      g_free (*slot);
      *slot = g_strdup (text);
      return TRUE;
    }
  for (guint i = 0; text != NULL && i < f->n_choices; i++)
    if (g_ascii_strcasecmp (text, f->choices[i].name) == 0)
      {
        ts_scenario_field_set_double (f, record, f->choices[i].value);
        return TRUE;
      }
  allowed = ts_scenario_field_describe (f);
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               /* Translators: “Method: “foo” is not one of full, lora, qlora” */
               _("%s: “%s” is not one of %s"), _(f->name), text != NULL ? text : "", allowed);
  return FALSE;
}

/* One loop for both tables: the scenario's and the architecture's. */
void
ts_field_table_set_defaults (const TsScenarioField *table,
                             guint                  n_fields,
                             gpointer               record)
{
  for (guint i = 0; i < n_fields; i++)
    {
      const TsScenarioField *f = &table[i];

      if (f->kind == TS_FIELD_STRING)
        {
          char **slot = G_STRUCT_MEMBER_P (record, f->offset);

          g_free (*slot);
          *slot = g_strdup (f->default_text);
        }
      else
        ts_scenario_field_set_double (f, record, f->default_value);
    }
}

/* ---- text inputs: the checks every text field of the table uses ---- */

/* Characters that change how the text around them is shown instead of
 * showing themselves: C0 and C1 controls (ESC starts terminal escapes),
 * line and paragraph separators, and the bidirectional marks, embeddings,
 * overrides and isolates that make “plan<U+202E>nosj.exe” show as “planexe.json”
 * (“Trojan Source”, CVE-2021-42574). Letters, symbols and joiners of any
 * script stay allowed. */
gboolean
ts_scenario_char_is_hidden (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return TRUE;
    default:
      break;
    }
  return c == 0x061C                       /* Arabic letter mark */
         || c == 0x200E || c == 0x200F     /* left-to-right, right-to-left mark */
         || (c >= 0x202A && c <= 0x202E)   /* embeddings and overrides */
         || (c >= 0x2066 && c <= 0x2069);  /* isolates */
}

gboolean
ts_scenario_check_text (const char  *text,
                        const char  *field,
                        guint        max_chars,
                        GError     **error)
{
  if (text == NULL)
    return TRUE;

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   /* Translators: %s is a field such as “Model name” */
                   _("%s must be valid UTF-8 text"), field);
      return FALSE;
    }
  if (g_utf8_strlen (text, -1) > (glong) max_chars)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   /* Translators: %s is a field such as “Model name”, %u a number */
                   _("%s is longer than %u characters"), field, max_chars);
      return FALSE;
    }
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* The character is named by its code, never shown: shown, it would
       * do to the message what it was refused for. */
      if (ts_scenario_char_is_hidden (c))
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       /* Translators: %s is a field such as “Model name”; U+%04X a character's code */
                       _("%s contains the control character or direction mark U+%04X"), field, c);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
ts_scenario_check_name (const char  *name,
                        GError     **error)
{
  gboolean blank = TRUE;

  if (!ts_scenario_check_text (name, _("The model name"), TS_MAX_NAME_CHARS, error))
    return FALSE;
  for (const char *p = name; p != NULL && *p != '\0' && blank; p = g_utf8_next_char (p))
    blank = g_unichar_isspace (g_utf8_get_char (p));
  if (name != NULL && *name != '\0' && blank)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("The model name is only blanks"));
      return FALSE;
    }
  return TRUE;
}

gboolean
ts_scenario_check_currency (const char  *currency,
                            GError     **error)
{
  if (currency == NULL || *currency == '\0' || !ts_scenario_check_text (currency, _("Currency"), TS_MAX_CURRENCY_CHARS, NULL))
    goto refused;
  for (const char *p = currency; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isspace (g_utf8_get_char (p)))
      goto refused;
  return TRUE;

refused:
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               _("Currency must be a code of 1 to %u characters without spaces or control characters, such as RUB or USD"),
               TS_MAX_CURRENCY_CHARS);
  return FALSE;
}
