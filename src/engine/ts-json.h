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
