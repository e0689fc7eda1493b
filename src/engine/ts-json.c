/* ts-json.c — guarded JSON reading shared by every loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-json"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-error.h"
#include "ts-json.h"

/* json-glib parses recursively and keeps the last of duplicate keys
 * silently; scan the text first so neither a deep nesting nor a duplicate
 * key gets through. The scan tracks, for each open object, the keys seen. */
typedef struct
{
  gboolean    is_object;
  GHashTable *keys;
} Frame;

static gboolean
scan_string (const char  *p,
             const char  *end,
             const char **after,
             char       **value)
{
  GString *s = value ? g_string_new (NULL) : NULL;

  g_assert (*p == '"');
  p++;
  while (p < end && *p != '"')
    {
      if (*p == '\\' && p + 1 < end)
        {
          if (s)
            g_string_append_len (s, p, 2);
          p += 2;
          continue;
        }
      if (s)
        g_string_append_c (s, *p);
      p++;
    }
  if (p >= end)
    {
      if (s)
        g_string_free (s, TRUE);
      return FALSE;
    }
  *after = p + 1;
  if (value)
    *value = g_string_free (s, FALSE);
  return TRUE;
}

static gboolean
scan_structure (const char  *data,
                gsize        length,
                const char  *name,
                GError     **error)
{
  const char *p = data;
  const char *end = data + length;
  Frame stack[TS_JSON_MAX_DEPTH + 1];
  int depth = 0;
  gboolean expect_key = FALSE;
  gboolean ok = TRUE;

  while (p < end && ok)
    {
      switch (*p)
        {
        case '{':
        case '[':
          if (depth >= TS_JSON_MAX_DEPTH)
            {
              g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                           _("%s: nested more than %d levels deep"), name, TS_JSON_MAX_DEPTH);
              ok = FALSE;
              break;
            }
          stack[depth].is_object = (*p == '{');
          stack[depth].keys = stack[depth].is_object
                              ? g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL)
                              : NULL;
          depth++;
          expect_key = (*p == '{');
          p++;
          break;

        case '}':
        case ']':
          if (depth > 0)
            {
              depth--;
              g_clear_pointer (&stack[depth].keys, g_hash_table_unref);
            }
          expect_key = FALSE;
          p++;
          break;

        case ',':
          expect_key = depth > 0 && stack[depth - 1].is_object;
          p++;
          break;

        case '"':
          {
            char *key = NULL;
            const char *after;

            if (!scan_string (p, end, &after, expect_key ? &key : NULL))
              {
                /* an unterminated string: let the parser report it */
                p = end;
                break;
              }
            if (expect_key && depth > 0)
              {
                if (g_hash_table_contains (stack[depth - 1].keys, key))
                  {
                    g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                                 _("%s: the key “%s” appears twice in one object"), name, key);
                    g_free (key);
                    ok = FALSE;
                    break;
                  }
                g_hash_table_add (stack[depth - 1].keys, key);
              }
            expect_key = FALSE;
            p = after;
          }
          break;

        default:
          p++;
          break;
        }
    }

  while (depth > 0)
    {
      depth--;
      g_clear_pointer (&stack[depth].keys, g_hash_table_unref);
    }

  return ok;
}

JsonNode *
ts_json_parse (const char  *data,
               gssize       length,
               const char  *name,
               GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize len = length < 0 ? strlen (data) : (gsize) length;
  JsonNode *root;

  if (len > TS_JSON_MAX_BYTES)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("%s: the file is larger than %d MiB"), name, TS_JSON_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_utf8_validate_len (data, len, NULL))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("%s: the file is not valid UTF-8 text"), name);
      return NULL;
    }
  if (!scan_structure (data, len, name, error))
    return NULL;

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, data, len, &local_error))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("%s: not valid JSON: %s"), name, local_error->message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("%s: the file is empty"), name);
      return NULL;
    }

  return json_node_ref (root);
}

JsonNode *
ts_json_parse_file (const char  *path,
                    GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_IO, "%s", local_error->message);
      return NULL;
    }

  return ts_json_parse (data, length, path, error);
}
