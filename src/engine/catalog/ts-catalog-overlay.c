/* ts-catalog-overlay.c — a user catalog over the built-in one: the
 * checks on the user file on its own, then the merge of its records and
 * sections, and ts_catalog_new_with_overlay ()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-catalog-private.h"
#include "ts-error.h"
#include "ts-json.h"

/* What a user record replaces a built-in one by: its id, or for an MFU
 * row its family and precision. NULL when the record has none (the
 * loader then says what is missing). */
static char *
record_key (const char *section,
            JsonNode   *item)
{
  JsonObject *obj = NULL;
  const char *id = NULL;
  const char *family = NULL;
  const char *precision = NULL;

  /* a key of the wrong type is the loader's to name, as a missing one */
  if (ts_json_node_object (item, &obj) != TS_JSON_OK)
    return NULL;
  if (strcmp (section, "mfu_defaults") != 0)
    return ts_json_get_string (obj, "id", 0, &id) == TS_JSON_OK ? g_strdup (id) : NULL;
  if (ts_json_get_string (obj, "family", 0, &family) != TS_JSON_OK
      || ts_json_get_string (obj, "precision", 0, &precision) != TS_JSON_OK)
    return NULL;
  return g_strdup_printf ("%s\x1f%s", family, precision);
}

/* What the user file must pass on its own, before its records mix with
 * the built-in ones (where a duplicate would simply replace, and a
 * misspelt section vanish): known sections, schema version 1, a text
 * catalog_version, record lists, no id twice in one section. The error
 * names the user's file. */
static gboolean
check_overlay (JsonObject  *overlay,
               const char  *path,
               GError     **error)
{
  Reader r = { .file = path, .error = error };
  JsonNode *node;

  _ts_catalog_check_sections (&r, overlay);
  if (!r.failed && (node = json_object_get_member (overlay, "schema_version")) != NULL)
    {
      double schema = _ts_catalog_read_number (&r, overlay, "schema_version", 0, 1e6, TRUE);

      if (!r.failed && schema != TS_CATALOG_SCHEMA_VERSION)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_CATALOG,
                       _("%s: schema version %g is not supported (this version reads %d)"),
                       path, schema, TS_CATALOG_SCHEMA_VERSION);
          return FALSE;
        }
    }
  if (!r.failed)
    g_free (_ts_catalog_read_string (&r, overlay, "catalog_version", FALSE));

  for (guint s = 0; s < G_N_ELEMENTS (record_sections) && !r.failed; s++)
    {
      g_autoptr(GHashTable) seen = NULL;
      JsonArray *array;

      if ((node = json_object_get_member (overlay, record_sections[s])) == NULL)
        continue;
      if (!JSON_NODE_HOLDS_ARRAY (node))
        {
          _ts_catalog_reader_fail (&r, record_sections[s], _("must be a list"));
          break;
        }
      array = json_node_get_array (node);
      seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      r.section = record_sections[s];
      for (guint i = 0; i < json_array_get_length (array) && !r.failed; i++)
        {
          JsonNode *item = json_array_get_element (array, i);
          gboolean mfu = strcmp (record_sections[s], "mfu_defaults") == 0;
          char *key = record_key (record_sections[s], item);
          const char *name = NULL;

          if (key == NULL)
            continue;
          /* an MFU row is named by its family; the name goes into the
           * message, so it is checked like any text first */
          ts_json_get_string (json_node_get_object (item), mfu ? "family" : "id", 0, &name);
          if (!_ts_catalog_check_text (&r, mfu ? "family" : "id", name))
            g_free (key);
          else if (!g_hash_table_add (seen, key))
            {
              r.id = name;
              _ts_catalog_reader_fail (&r, mfu ? "precision" : "id", _("is used twice"));
            }
        }
      r.section = NULL;
      r.id = NULL;
    }
  return !r.failed;
}

/* One section of the merge: built-in records in their order, each
 * replaced by the user's record with the same key, then the user's new
 * records in theirs. Linear: the keys go through a hash table. */
static JsonArray *
merge_records (const char *section,
               JsonArray  *base,
               JsonArray  *user,
               const char *path,
               GHashTable *origins)
{
  g_autoptr(GHashTable) user_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) used = g_hash_table_new (NULL, NULL);
  JsonArray *merged = json_array_sized_new ((base != NULL ? json_array_get_length (base) : 0) + json_array_get_length (user));

  for (guint i = 0; i < json_array_get_length (user); i++)
    {
      JsonNode *item = json_array_get_element (user, i);
      char *key = record_key (section, item);

      if (JSON_NODE_HOLDS_OBJECT (item))
        g_hash_table_insert (origins, json_node_get_object (item), (gpointer) path);
      if (key != NULL)
        g_hash_table_insert (user_by_key, key, item);
    }

  for (guint i = 0; base != NULL && i < json_array_get_length (base); i++)
    {
      JsonNode *item = json_array_get_element (base, i);
      g_autofree char *key = record_key (section, item);
      JsonNode *replacement = key != NULL ? g_hash_table_lookup (user_by_key, key) : NULL;

      if (replacement != NULL)
        g_hash_table_add (used, replacement);
      /* json_node_copy shares the object, so the origin still holds */
      json_array_add_element (merged, json_node_copy (replacement != NULL ? replacement : item));
    }

  for (guint i = 0; i < json_array_get_length (user); i++)
    {
      JsonNode *item = json_array_get_element (user, i);

      if (!g_hash_table_contains (used, item))
        json_array_add_element (merged, json_node_copy (item));
    }
  return merged;
}

/* A user catalog holds any of the sections; a record with a built-in id
 * replaces it, a new id is added. Scalars (vendor, constants, training,
 * site equipment, the catalog version) replace the built-in ones whole. */
static void
merge_overlay (JsonObject  *base,
               JsonObject  *overlay,
               const char  *path,
               GHashTable  *origins)
{
  static const char *const scalars[] = { "catalog_version" };

  for (guint s = 0; s < G_N_ELEMENTS (record_sections); s++)
    {
      JsonNode *node = json_object_get_member (overlay, record_sections[s]);
      JsonNode *base_node = json_object_get_member (base, record_sections[s]);
      JsonArray *base_array = base_node != NULL && JSON_NODE_HOLDS_ARRAY (base_node)
                              ? json_node_get_array (base_node) : NULL;

      if (node == NULL)
        continue;
      json_object_set_array_member (base, record_sections[s],
                                    merge_records (record_sections[s], base_array,
                                                   json_node_get_array (node), path, origins));
    }

  for (guint s = 0; s < G_N_ELEMENTS (object_sections); s++)
    {
      JsonNode *node = json_object_get_member (overlay, object_sections[s]);

      if (node != NULL)
        json_object_set_member (base, object_sections[s], json_node_copy (node));
    }
  for (guint s = 0; s < G_N_ELEMENTS (scalars); s++)
    {
      JsonNode *node = json_object_get_member (overlay, scalars[s]);

      if (node != NULL)
        json_object_set_member (base, scalars[s], json_node_copy (node));
    }
}

/* The user's GPU records that set tdp_w (issue 24: changing it changed
 * no figure and said nothing). */
static guint
count_unused (JsonObject *overlay)
{
  JsonArray *gpus = NULL;
  guint n = 0;

  if (ts_json_get_array (overlay, "gpus", &gpus) != TS_JSON_OK)
    return 0;
  for (guint i = 0; i < json_array_get_length (gpus); i++)
    {
      JsonObject *gpu = NULL;

      if (ts_json_node_object (json_array_get_element (gpus, i), &gpu) == TS_JSON_OK
          && ts_json_get_node (gpu, "tdp_w") != NULL)
        n++;
    }
  return n;
}

TsCatalog *
ts_catalog_new_with_overlay (const char  *path,
                             GError     **error)
{
  g_autoptr(JsonNode) base = _ts_catalog_builtin_root (error);
  g_autoptr(JsonNode) overlay = NULL;
  g_autoptr(GHashTable) origins = NULL;
  g_autofree char *name = NULL;
  g_autofree char *base_version = NULL;
  guint unused;
  TsCatalog *catalog;

  if (base == NULL)
    return NULL;
  overlay = ts_json_parse_file (path, error);
  if (overlay == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (overlay))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_CATALOG, _("%s: the catalog must be a JSON object"), path);
      return NULL;
    }
  if (!check_overlay (json_node_get_object (overlay), path, error))
    return NULL;

  {
    const char *version = NULL;

    ts_json_get_string (json_node_get_object (base), "catalog_version", 0, &version);
    base_version = g_strdup (version);
  }
  origins = g_hash_table_new (NULL, NULL);
  merge_overlay (json_node_get_object (base), json_node_get_object (overlay), path, origins);

  unused = count_unused (json_node_get_object (overlay));
  name = g_strdup_printf ("catalog.json + %s", path);
  catalog = _ts_catalog_catalog_from_node (base, name, origins, error);
  if (catalog != NULL)
    {
      catalog->base_version = g_steal_pointer (&base_version);
      if (unused > 0)
        catalog->unused_note =
          g_strdup_printf (ngettext ("%s: field “tdp_w” of %u GPU is kept for reference only: no figure uses it (the power figures use each server's max_power_kw)",
                                     "%s: field “tdp_w” of %u GPUs is kept for reference only: no figure uses it (the power figures use each server's max_power_kw)",
                                     unused),
                           path, unused);
      /* a logo in the user's vendor record sits beside the user's file */
      ts_catalog_resolve_vendor_logo (catalog, path);
    }
  return catalog;
}
