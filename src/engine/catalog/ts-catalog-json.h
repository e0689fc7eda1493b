/* ts-catalog-json.h — the catalog's records as JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "ts-catalog.h"

G_BEGIN_DECLS

/* Each returns a new JSON array, one object per record in the catalog's
 * order; the caller unrefs it. */
JsonNode *ts_catalog_models_to_json  (const TsCatalog *catalog);
JsonNode *ts_catalog_servers_to_json (const TsCatalog *catalog);
JsonNode *ts_catalog_gpus_to_json    (const TsCatalog *catalog);
JsonNode *ts_catalog_storage_to_json (const TsCatalog *catalog);

G_END_DECLS
