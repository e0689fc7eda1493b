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

G_END_DECLS
