/* ts-catalog-reader.c — the fields and records of one catalog file:
 * strings, numbers, lists and the text checks, provenance and estimates;
 * every error names the file, the record and the field (the kinds of
 * record and their sections are ts-catalog-records.c's)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-catalog-private.h"
#include "ts-error.h"
#include "ts-field.h"
#include "ts-json.h"

/* A catalog names the place of a defect by file, section, record and
 * field (the other readers by their own keys, through the same
 * ts_error_set_first ()). */
void
_ts_catalog_reader_fail (Reader     *r,
             const char *field,
             const char *problem)
{
  if (r->id != NULL)
    ts_error_set_first (&r->failed, r->error, TS_ERROR_CATALOG,
                        /* Translators: “catalog.json: servers “dgx-h200”, field “max_power_kw”: missing” */
                        _("%s: %s “%s”, field “%s”: %s"), r->file, r->section, r->id, field, problem);
  else if (r->section != NULL)
    ts_error_set_first (&r->failed, r->error, TS_ERROR_CATALOG,
                        _("%s: %s, field “%s”: %s"), r->file, r->section, field, problem);
  else
    ts_error_set_first (&r->failed, r->error, TS_ERROR_CATALOG,
                        _("%s: field “%s”: %s"), r->file, field, problem);
}

JsonNode *
_ts_catalog_member (Reader     *r,
        JsonObject *obj,
        const char *field,
        gboolean    required)
{
  JsonNode *node = ts_json_get_node (obj, field);

  if (node == NULL)
    {
      if (required)
        _ts_catalog_reader_fail (r, field, _("missing"));
      return NULL;
    }
  return node;
}

JsonObject *
_ts_catalog_object_member (Reader     *r,
               JsonObject *obj,
               const char *field,
               gboolean    required)
{
  JsonNode *node = _ts_catalog_member (r, obj, field, required);
  JsonObject *value = NULL;

  if (ts_json_node_object (node, &value) == TS_JSON_WRONG_TYPE)
    _ts_catalog_reader_fail (r, field, _("must be an object"));
  return value;
}

/* Notes, claims, URLs and the reasons of estimates are prose; every
 * other string is a name or a short label. */
static gsize
max_chars_of (const char *field)
{
  static const char *const prose[] = { "notes", "claims", "url", "estimates" };

  for (guint i = 0; i < G_N_ELEMENTS (prose); i++)
    if (strcmp (field, prose[i]) == 0)
      return TS_CATALOG_MAX_TEXT_CHARS;
  return TS_CATALOG_MAX_NAME_CHARS;
}

/* The characters refused are the scenario's one list
 * (ts_scenario_char_is_hidden ()): U+2028 passed `catalog check` and was
 * refused by every command. C0 and C1 controls (ESC can restyle a terminal, a line break can fake
 * a line of output) and the marks that reorder text (U+202E shows
 * “1.2 kW” as “Wk 2.1”) have no place in a name or a note; every one of
 * these strings reaches the window, the spec sheet or a terminal. */

/* Refuses text the reader must not pass on: hidden controls, and more
 * characters than the field's limit. The JSON reader has validated the
 * UTF-8 already. */
gboolean
_ts_catalog_check_text (Reader     *r,
            const char *field,
            const char *text)
{
  gsize max = max_chars_of (field);
  gsize n = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (ts_scenario_char_is_hidden (c))
        {
          /* Translators: “U+202E at character 5”: a character that may not be in catalog text */
          g_autofree char *problem = g_strdup_printf (_("contains the control character or direction mark U+%04X at character %u; remove it"),
                                                      (guint) c, (guint) n + 1);
          _ts_catalog_reader_fail (r, field, problem);
          return FALSE;
        }
      if (n >= max)
        {
          g_autofree char *problem = g_strdup_printf (_("is longer than %u characters"), (guint) max);
          _ts_catalog_reader_fail (r, field, problem);
          return FALSE;
        }
    }
  return TRUE;
}

char *
_ts_catalog_read_string (Reader     *r,
             JsonObject *obj,
             const char *field,
             gboolean    required)
{
  JsonNode *node = _ts_catalog_member (r, obj, field, required);
  const char *text = NULL;

  switch (ts_json_node_string (node, 0, &text))
    {
    case TS_JSON_OK:
      break;
    case TS_JSON_WRONG_TYPE:
    case TS_JSON_TOO_LONG:  /* no bound asked: check_text () gives it */
      _ts_catalog_reader_fail (r, field, _("must be a string"));
      return NULL;
    case TS_JSON_ABSENT:
    default:
      return NULL;
    }
  if (required && *text == '\0')
    {
      _ts_catalog_reader_fail (r, field, _("must not be empty"));
      return NULL;
    }
  if (!_ts_catalog_check_text (r, field, text))
    return NULL;
  return g_strdup (text);
}

double
_ts_catalog_read_number (Reader     *r,
             JsonObject *obj,
             const char *field,
             double      min,
             double      max,
             gboolean    required)
{
  JsonNode *node = _ts_catalog_member (r, obj, field, required);
  double value = 0;

  switch (ts_json_node_number (node, &value))
    {
    case TS_JSON_OK:
      break;
    case TS_JSON_ABSENT:
      return 0;
    default:
      _ts_catalog_reader_fail (r, field, _("must be a number"));
      return 0;
    }
  if (!isfinite (value) || value < min || value > max)
    {
      g_autofree char *problem = g_strdup_printf (_("%g is out of range (%g to %g)"), value, min, max);
      _ts_catalog_reader_fail (r, field, problem);
      return 0;
    }
  return value;
}

guint
_ts_catalog_read_uint (Reader     *r,
           JsonObject *obj,
           const char *field,
           guint       min,
           guint       max,
           gboolean    required)
{
  double value = _ts_catalog_read_number (r, obj, field, min, max, required);

  if (!r->failed && value != floor (value))
    _ts_catalog_reader_fail (r, field, _("must be a whole number"));
  return (guint) value;
}

gboolean
_ts_catalog_read_bool (Reader     *r,
                       JsonObject *obj,
                       const char *field,
                       gboolean    required)
{
  JsonNode *node = _ts_catalog_member (r, obj, field, required);
  gboolean value = FALSE;

  if (ts_json_node_bool (node, &value) == TS_JSON_WRONG_TYPE)
    _ts_catalog_reader_fail (r, field, _("must be true or false"));
  return value;
}

char **
_ts_catalog_read_string_array (Reader     *r,
                               JsonObject *obj,
                               const char *field,
                               gboolean    required)
{
  JsonNode *node = _ts_catalog_member (r, obj, field, required);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array = NULL;

  if (node == NULL)
    return NULL;
  if (ts_json_node_array (node, &array) != TS_JSON_OK)
    {
      _ts_catalog_reader_fail (r, field, _("must be a list of strings"));
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *text = NULL;

      if (ts_json_node_string (json_array_get_element (array, i), 0, &text) != TS_JSON_OK)
        {
          _ts_catalog_reader_fail (r, field, _("must be a list of strings"));
          return NULL;
        }
      if (!_ts_catalog_check_text (r, field, text))
        return NULL;
      g_strv_builder_add (builder, text);
    }
  return g_strv_builder_end (builder);
}

/* Fields that describe the record rather than hold one of its figures:
 * they cannot be estimates. */
static gboolean
is_figure_field (const char *field)
{
  static const char *const not_figures[] = { "id", "confidence", "source", "notes", "estimates" };

  for (guint i = 0; i < G_N_ELEMENTS (not_figures); i++)
    if (strcmp (field, not_figures[i]) == 0)
      return FALSE;
  return TRUE;
}

/* "estimates": {"max_power_kw": "why", …}: which of the record's figures
 * are estimates, so that tables and the spec sheet can mark them. Each
 * must name a figure the record has (a misspelt field would mark
 * nothing), with a reason. */
static void
read_estimates (Reader       *r,
                JsonObject   *obj,
                TsProvenance *prov)
{
  JsonNode *node = _ts_catalog_member (r, obj, "estimates", FALSE);
  g_autoptr(GStrvBuilder) fields = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *estimates = NULL;

  if (node == NULL || r->failed)
    return;
  if (ts_json_node_object (node, &estimates) != TS_JSON_OK)
    {
      _ts_catalog_reader_fail (r, "estimates", _("must be an object of field names and reasons"));
      return;
    }
  fields = g_strv_builder_new ();
  prov->estimates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  members = json_object_get_members (estimates);  /* in the file's order */
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *field = l->data;
      const char *reason = NULL;

      if (!_ts_catalog_check_text (r, "estimates", field))
        return;
      if (!is_figure_field (field) || !json_object_has_member (obj, field))
        {
          g_autofree char *problem = g_strdup_printf (_("names “%s”, which is not a figure of this record"), field);
          _ts_catalog_reader_fail (r, "estimates", problem);
          return;
        }
      if (ts_json_get_string (estimates, field, 0, &reason) != TS_JSON_OK || *reason == '\0')
        {
          g_autofree char *problem = g_strdup_printf (_("“%s” must give the reason as text"), field);
          _ts_catalog_reader_fail (r, "estimates", problem);
          return;
        }
      if (!_ts_catalog_check_text (r, "estimates", reason))
        return;
      g_strv_builder_add (fields, field);
      g_hash_table_insert (prov->estimates, g_strdup (field), g_strdup (reason));
    }
  prov->estimate_fields = g_strv_builder_end (fields);

  /* “verified” promises every figure comes from a source */
  if (prov->confidence == TS_CONFIDENCE_VERIFIED && prov->estimate_fields[0] != NULL)
    _ts_catalog_reader_fail (r, "confidence", _("cannot be “verified” for a record with estimates"));
}

void
_ts_catalog_read_provenance (Reader       *r,
                 JsonObject   *obj,
                 TsProvenance *prov)
{
  g_autofree char *confidence = _ts_catalog_read_string (r, obj, "confidence", TRUE);

  if (r->failed)
    return;
  if (g_strcmp0 (confidence, "verified") == 0)
    prov->confidence = TS_CONFIDENCE_VERIFIED;
  else if (g_strcmp0 (confidence, "derived") == 0)
    prov->confidence = TS_CONFIDENCE_DERIVED;
  else if (g_strcmp0 (confidence, "unverified") == 0)
    prov->confidence = TS_CONFIDENCE_UNVERIFIED;
  else
    {
      _ts_catalog_reader_fail (r, "confidence", _("must be “verified”, “derived” or “unverified”"));
      return;
    }

  prov->sources = _ts_catalog_read_string_array (r, obj, "source", TRUE);
  if (r->failed)
    return;
  if (prov->sources[0] == NULL)
    {
      _ts_catalog_reader_fail (r, "source", _("must name at least one source"));
      return;
    }
  for (guint i = 0; prov->sources[i]; i++)
    if (!g_hash_table_contains (r->source_ids, prov->sources[i]))
      {
        g_autofree char *problem = g_strdup_printf (_("unknown source “%s”"), prov->sources[i]);
        _ts_catalog_reader_fail (r, "source", problem);
        return;
      }
  prov->notes = _ts_catalog_read_string (r, obj, "notes", FALSE);
  read_estimates (r, obj, prov);
}

void
_ts_catalog_provenance_clear (TsProvenance *prov)
{
  g_clear_pointer (&prov->sources, g_strfreev);
  g_clear_pointer (&prov->notes, g_free);
  g_clear_pointer (&prov->estimate_fields, g_strfreev);
  g_clear_pointer (&prov->estimates, g_hash_table_unref);
}
