/* ts-catalog.c — strict loading of catalog.json: the public constructors
 * (a file, data in memory, the built-in catalog, a user file with the
 * built-in one to fall back on). The work is done by the parts that
 * ts-catalog-private.h lists: the reader, the loader, the overlay and the
 * accessors.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-catalog-private.h"
#include "ts-json.h"

TsCatalog *
ts_catalog_new_from_data (const char  *data,
                          gssize       length,
                          const char  *name,
                          GError     **error)
{
  g_autoptr(JsonNode) root = ts_json_parse (data, length, name, error);

  if (root == NULL)
    return NULL;
  return _ts_catalog_catalog_from_node (root, name, NULL, error);
}

TsCatalog *
ts_catalog_new_from_file (const char  *path,
                          GError     **error)
{
  g_autoptr(JsonNode) root = ts_json_parse_file (path, error);
  TsCatalog *catalog;

  if (root == NULL)
    return NULL;
  catalog = _ts_catalog_catalog_from_node (root, path, NULL, error);
  if (catalog != NULL)
    ts_catalog_resolve_vendor_logo (catalog, path);
  return catalog;
}

GBytes *
ts_catalog_get_builtin_bytes (void)
{
  /* compiled in: a lookup that fails is a build error, not a user's */
  return _ts_catalog_lookup_builtin (NULL);
}

TsCatalog *
ts_catalog_new_builtin (GError **error)
{
  g_autoptr(JsonNode) root = _ts_catalog_builtin_root (error);

  if (root == NULL)
    return NULL;
  return _ts_catalog_catalog_from_node (root, "catalog.json", NULL, error);
}

TsCatalog *
ts_catalog_new_with_fallback (const char  *path,
                              char       **warning,
                              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  TsCatalog *catalog;

  if (warning != NULL)
    *warning = NULL;
  if (path == NULL)
    return ts_catalog_new_builtin (error);

  catalog = ts_catalog_new_with_overlay (path, &local_error);
  if (catalog != NULL)
    return catalog;

  /* A broken user file must not leave the user without an answer: keep
   * the built-in figures and say why the file was not used. */
  catalog = ts_catalog_new_builtin (error);
  if (catalog != NULL && warning != NULL)
    /* Translators: %s is the loader's reason, which names the file, record and field */
    *warning = g_strdup_printf (_("The user catalog was not used, the built-in one is: %s"),
                                local_error->message);
  return catalog;
}
