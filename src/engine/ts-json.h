/* ts-json.h — guarded JSON reading shared by every loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Files a user can hand us (catalog, scenario, model) are small; these
 * bounds keep a hostile file from exhausting memory or the stack. */
#define TS_JSON_MAX_BYTES  (16 * 1024 * 1024)
#define TS_JSON_MAX_DEPTH  32

JsonNode *ts_json_parse      (const char  *data,
                              gssize       length,
                              const char  *name,
                              GError     **error);
JsonNode *ts_json_parse_file (const char  *path,
                              GError     **error);

/* ---- reading a member: the one typed, bounded reader ----------------
 *
 * Every member any file reader takes from a JSON object (catalog,
 * scenario file, model file, Hugging Face config.json) goes through these
 * functions, never json_object_get_*_member () or json_node_get_*()
 * directly: json-glib's getters meet a member of another type with a
 * critical (a SIGTRAP under G_DEBUG=fatal-criticals) and a default.
 * Each says what the member held; the reader turns a defect into its own
 * message through ts_error_set_first () (the first defect wins). */
typedef enum
{
  TS_JSON_ABSENT,      /* no such member, or null: the default applies */
  TS_JSON_OK,          /* of the type asked, stored in *out */
  TS_JSON_WRONG_TYPE,  /* another type; *out untouched */
  TS_JSON_TOO_LONG,    /* a string longer than the bound; *out untouched */
} TsJsonMember;

/* The member as a node (NULL when absent or null), any type. */
JsonNode     *ts_json_get_node   (JsonObject  *obj,
                                  const char  *key);
/* A string of at most max_chars characters (0: no bound). */
TsJsonMember  ts_json_get_string (JsonObject  *obj,
                                  const char  *key,
                                  guint        max_chars,
                                  const char **out);
/* A number, whole or not. */
TsJsonMember  ts_json_get_number (JsonObject  *obj,
                                  const char  *key,
                                  double      *out);
TsJsonMember  ts_json_get_bool   (JsonObject  *obj,
                                  const char  *key,
                                  gboolean    *out);
TsJsonMember  ts_json_get_object (JsonObject  *obj,
                                  const char  *key,
                                  JsonObject **out);
TsJsonMember  ts_json_get_array  (JsonObject  *obj,
                                  const char  *key,
                                  JsonArray  **out);
/* The same for a node already in hand (an array's element): absent is
 * NULL or null. */
TsJsonMember  ts_json_node_string (JsonNode    *node,
                                   guint        max_chars,
                                   const char **out);
TsJsonMember  ts_json_node_number (JsonNode    *node,
                                   double      *out);
TsJsonMember  ts_json_node_bool   (JsonNode    *node,
                                   gboolean    *out);
TsJsonMember  ts_json_node_object (JsonNode    *node,
                                   JsonObject **out);
TsJsonMember  ts_json_node_array  (JsonNode    *node,
                                   JsonArray  **out);

/* Members of the object being built, one call each: the writer every
 * JSON output of the engine and the CLI shares. A NULL string is null.
 * One function a JSON type, as json-glib's json_builder_add_*_value (). */
void      ts_json_add_string (JsonBuilder *builder,
                              const char  *name,
                              const char  *value);
void      ts_json_add_int    (JsonBuilder *builder,
                              const char  *name,
                              gint64       value);
void      ts_json_add_bool   (JsonBuilder *builder,
                              const char  *name,
                              gboolean     value);
/* json-glib's own double */
void      ts_json_add_double (JsonBuilder *builder,
                              const char  *name,
                              double       value);
/* a double that json-glib 1.6 is sure to write as valid JSON (the plan's
 * figures, which can reach 8e18 and more) */
void      ts_json_add_double_valid (JsonBuilder *builder,
                                    const char  *name,
                                    double       value);

G_END_DECLS
