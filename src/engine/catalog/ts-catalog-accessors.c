/* ts-catalog-accessors.c — what a loaded catalog holds: its lifetime
 * (ref, unref), the getters, the finders over the id indexes, the MFU
 * table, and the estimate marks of records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-catalog-private.h"
#include "ts-format.h"

/* The key of an MFU row: family and precision together (the unit
 * separator cannot be in either: check_text () refuses controls). FALSE
 * when they do not fit key. */
gboolean
_ts_catalog_mfu_key (const char *family,
         const char *precision,
         char       *key,
         gsize       size)
{
  return family != NULL && precision != NULL
         && (gsize) g_snprintf (key, size, "%s\x1f%s", family, precision) < size;
}

const TsManagementSwitch *
ts_catalog_get_management_switch (const TsCatalog *self)
{
  return self->has_management_switch ? &self->management_switch : NULL;
}

const TsPdu *
ts_catalog_get_pdu (const TsCatalog *self)
{
  return self->has_pdu ? &self->pdu : NULL;
}

TsCatalog *
ts_catalog_ref (TsCatalog *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
ts_catalog_unref (TsCatalog *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_free (self->name);
  g_free (self->version);
  g_free (self->base_version);
  g_free (self->unused_note);
  g_free (self->vendor_name);
  g_free (self->quote_email);
  g_free (self->vendor_logo);
  g_clear_pointer (&self->sources, g_array_unref);
  g_clear_pointer (&self->models, g_array_unref);
  g_clear_pointer (&self->gpus, g_array_unref);
  g_clear_pointer (&self->servers, g_array_unref);
  g_clear_pointer (&self->interconnects, g_array_unref);
  g_clear_pointer (&self->networks, g_array_unref);
  g_clear_pointer (&self->storage_systems, g_array_unref);
  g_clear_pointer (&self->storage_systems_by_id, g_hash_table_unref);
  g_clear_pointer (&self->cdus, g_array_unref);
  g_clear_pointer (&self->parts, g_array_unref);
  g_clear_pointer (&self->parts_by_id, g_hash_table_unref);
  g_clear_pointer (&self->cdus_by_id, g_hash_table_unref);
  g_clear_pointer (&self->models_by_id, g_hash_table_unref);
  g_clear_pointer (&self->gpus_by_id, g_hash_table_unref);
  g_clear_pointer (&self->servers_by_id, g_hash_table_unref);
  g_clear_pointer (&self->interconnects_by_id, g_hash_table_unref);
  g_clear_pointer (&self->networks_by_id, g_hash_table_unref);
  g_clear_pointer (&self->mfu_by_key, g_hash_table_unref);
  g_clear_pointer (&self->mfu, g_array_unref);
  g_free (self->management_switch.name);
  _ts_catalog_provenance_clear (&self->management_switch.prov);
  g_free (self->pdu.name);
  _ts_catalog_provenance_clear (&self->pdu.prov);
  g_free (self);
}

const char *
ts_catalog_get_version (const TsCatalog *self)
{
  return self->version;
}

const char *
ts_catalog_get_unused_note (const TsCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->unused_note;
}

const char *
ts_catalog_get_base_version (const TsCatalog *self)
{
  return self->base_version != NULL ? self->base_version : self->version;
}

const char *
ts_catalog_get_name (const TsCatalog *self)
{
  return self->name;
}

const char *
ts_catalog_get_vendor_name (const TsCatalog *self)
{
  return self->vendor_name;
}

const char *
ts_catalog_get_vendor_logo (const TsCatalog *self)
{
  return self->vendor_logo;
}

/* A relative logo path names a file beside the catalog that gives it. */
void
ts_catalog_resolve_vendor_logo (TsCatalog  *self,
                                const char *catalog_path)
{
  g_autofree char *dir = NULL;
  char *resolved;

  if (self->vendor_logo == NULL || *self->vendor_logo == '\0' || g_path_is_absolute (self->vendor_logo)
      || catalog_path == NULL)
    return;
  dir = g_path_get_dirname (catalog_path);
  resolved = g_build_filename (dir, self->vendor_logo, NULL);
  g_free (self->vendor_logo);
  self->vendor_logo = resolved;
}

const char *
ts_catalog_get_quote_email (const TsCatalog *self)
{
  return self->quote_email;
}

double
ts_catalog_get_btu_h_per_kw (const TsCatalog *self)
{
  return self->btu_h_per_kw;
}

/* Heat a server gives off: all the electrical power it draws, at the
 * same figure that sizes current, supplies and energy (a vendor's heat
 * figure that disagrees is not used for cooling; the catalog's notes say
 * which figure each record's power is). */
double
ts_server_heat_btu_h (const TsCatalog *catalog,
                      const TsServer  *server)
{
  return server->max_power_kw * ts_catalog_get_btu_h_per_kw (catalog);
}

double
ts_catalog_get_btu_h_per_ton (const TsCatalog *self)
{
  return self->btu_h_per_ton;
}

double
ts_catalog_get_mm_per_u (const TsCatalog *self)
{
  return self->mm_per_u;
}

double
ts_catalog_get_availability_factor (const TsCatalog *self)
{
  return self->availability_factor;
}

double
ts_catalog_get_pcie_mfu_factor (const TsCatalog *self)
{
  return self->pcie_mfu_factor;
}

double
ts_catalog_get_mfu (const TsCatalog *self,
                    const char      *family,
                    const char      *precision)
{
  char key[MFU_KEY_SIZE];
  const TsMfuDefault *m = NULL;

  if (self->mfu_by_key == NULL)
    return 0;
  if (_ts_catalog_mfu_key (family, precision, key, sizeof key))
    m = g_hash_table_lookup (self->mfu_by_key, key);
  if (m == NULL && _ts_catalog_mfu_key ("default", precision, key, sizeof key))
    m = g_hash_table_lookup (self->mfu_by_key, key);
  return m != NULL ? m->mfu : 0;
}

#define ACCESSORS(Type, type, array)                                           \
  guint                                                                        \
  ts_catalog_get_n_##array (const TsCatalog *self)                            \
  {                                                                            \
    return self->array->len;                                                   \
  }                                                                            \
  const Type *                                                                 \
  ts_catalog_get_##type (const TsCatalog *self,                               \
                         guint            index)                               \
  {                                                                            \
    g_return_val_if_fail (index < self->array->len, NULL);                     \
    return &g_array_index (self->array, Type, index);                          \
  }

ACCESSORS (TsCatalogModel, model, models)
ACCESSORS (TsGpu, gpu, gpus)
ACCESSORS (TsServer, server, servers)
ACCESSORS (TsInterconnect, interconnect, interconnects)
ACCESSORS (TsNetwork, network, networks)
ACCESSORS (TsSource, source, sources)
ACCESSORS (TsStorageSystem, storage_system, storage_systems)
ACCESSORS (TsCdu, cdu, cdus)
ACCESSORS (TsPart, part, parts)

/* The indexes are NULL only while a catalog is being loaded. */
static gconstpointer
lookup (GHashTable *index,
        const char *id)
{
  return index != NULL && id != NULL ? g_hash_table_lookup (index, id) : NULL;
}

#define FIND_BY_ID(Type, type, array)                                          \
  const Type *                                                                 \
  ts_catalog_find_##type (const TsCatalog *self,                              \
                          const char      *id)                                 \
  {                                                                            \
    return lookup (self->array##_by_id, id);                                   \
  }

FIND_BY_ID (TsCatalogModel, model, models)
FIND_BY_ID (TsGpu, gpu, gpus)
FIND_BY_ID (TsServer, server, servers)
FIND_BY_ID (TsInterconnect, interconnect, interconnects)
FIND_BY_ID (TsNetwork, network, networks)
FIND_BY_ID (TsStorageSystem, storage_system, storage_systems)
FIND_BY_ID (TsCdu, cdu, cdus)
FIND_BY_ID (TsPart, part, parts)

const char *
ts_confidence_to_string (TsConfidence confidence)
{
  switch (confidence)
    {
    case TS_CONFIDENCE_VERIFIED: return "verified";
    case TS_CONFIDENCE_DERIVED: return "derived";
    case TS_CONFIDENCE_UNVERIFIED: return "unverified";
    default: return "unverified";
    }
}

gboolean
ts_provenance_is_estimate (const TsProvenance *prov,
                           const char         *field)
{
  return ts_provenance_get_estimate_reason (prov, field) != NULL;
}

const char *
ts_provenance_get_estimate_reason (const TsProvenance *prov,
                                   const char         *field)
{
  g_return_val_if_fail (prov != NULL, NULL);

  if (prov->estimates == NULL || field == NULL)
    return NULL;
  return g_hash_table_lookup (prov->estimates, field);
}

gboolean
ts_server_is_estimate (const TsServer *server,
                       const char     *field)
{
  g_return_val_if_fail (server != NULL, FALSE);

  return ts_provenance_is_estimate (&server->prov, field);
}

gboolean
ts_gpu_is_estimate (const TsGpu *gpu,
                    const char  *field)
{
  g_return_val_if_fail (gpu != NULL, FALSE);

  return ts_provenance_is_estimate (&gpu->prov, field);
}

gboolean
ts_server_tp_is_training_capable (const TsServer *server,
                                  guint           tp_gpus)
{
  g_return_val_if_fail (server != NULL, FALSE);

  if (tp_gpus <= 1)
    return TRUE;
  return server->interconnect != NULL && server->interconnect->training_capable
         && tp_gpus <= server->nvlink_domain_gpus;
}

/* The vendor's figure is decimal gigabytes as printed on its datasheet
 * (DGX B200 "1,440 GB"); the usable bytes are the catalog's memory_gib,
 * binary (the figure nvidia-smi and the frameworks count in). Both are
 * said, each with its label, never one for the other. */
char *
ts_server_dup_memory_text (const TsServer *server)
{
  const TsGpu *gpu = server->gpu;
  g_autofree char *stated = ts_format_gb (server->gpu_memory_label_gb * TS_BYTES_PER_GB);
  g_autofree char *stated_one = NULL;
  g_autofree char *usable = NULL;
  g_autofree char *usable_one = NULL;
  const char *type = gpu != NULL && gpu->memory_type != NULL ? gpu->memory_type : "";

  if (gpu == NULL || server->gpu_count == 0)
    /* Translators: a server's GPU memory, e.g. "1,440 GB as the vendor states it" */
    return g_strdup_printf (_("%s as the vendor states it"), stated);
  stated_one = ts_format_gb (server->gpu_memory_label_gb * TS_BYTES_PER_GB / server->gpu_count);
  usable = ts_format_gb (server->gpu_count * gpu->memory_bytes);
  usable_one = ts_format_gib (gpu->memory_bytes);
  /* Translators: a server's GPU memory, e.g. "1,440 GB HBM3e as the vendor
   * states it (8 × 180 GB); usable 1,546 GB (8 × 180 GiB)" */
  return g_strdup_printf (_("%s %s as the vendor states it (%u × %s); usable %s (%u × %s)"),
                          stated, type, server->gpu_count, stated_one, usable, server->gpu_count, usable_one);
}

char *
ts_gpu_dup_memory_text (const TsGpu *gpu,
                        double       vendor_gb)
{
  g_autofree char *usable = ts_format_gb (gpu->memory_bytes);
  g_autofree char *usable_gib = ts_format_gib (gpu->memory_bytes);
  g_autofree char *stated = NULL;
  const char *type = gpu->memory_type != NULL ? gpu->memory_type : "";

  if (vendor_gb <= 0)
    /* Translators: one GPU's memory, e.g. "usable 151 GB (141 GiB) HBM3e" */
    return g_strdup_printf (_("usable %s (%s) %s"), usable, usable_gib, type);
  stated = ts_format_gb (vendor_gb * TS_BYTES_PER_GB);
  /* Translators: one GPU's memory, e.g. "141 GB HBM3e as the vendor states
   * it; usable 151 GB (141 GiB)" */
  return g_strdup_printf (_("%s %s as the vendor states it; usable %s (%s)"), stated, type, usable, usable_gib);
}
