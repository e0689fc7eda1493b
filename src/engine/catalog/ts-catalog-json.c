/* ts-catalog-json.c — the catalog's records as JSON: the models, servers
 * GPUs and storage systems that `trainsizer-cli list … --format json`
 * prints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include "ts-catalog.h"
#include "ts-json.h"

JsonNode *
ts_catalog_models_to_json (const TsCatalog *catalog)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < ts_catalog_get_n_models (catalog); i++)
    ts_model_to_json (&ts_catalog_get_model (catalog, i)->model, b);
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

/* What `list servers|gpus --format json` prints of a record: a table a
 * kind, one line a member in the output's order (a public interface:
 * add members, never rename them). Counts are written as numbers, as
 * they always were. */
typedef enum
{
  MEMBER_STRING,
  MEMBER_DOUBLE,
  MEMBER_UINT,
  MEMBER_BOOL,
  MEMBER_DERIVED,     /* a figure computed from the record */
  MEMBER_CONFIDENCE,  /* the record's TsProvenance, by its confidence */
} MemberKind;

typedef double (*DerivedFunc) (const TsCatalog *catalog, gconstpointer record);

typedef struct
{
  const char  *key;
  MemberKind   kind;
  gsize        offset;   /* G_STRUCT_OFFSET into the record */
  DerivedFunc  derived;  /* MEMBER_DERIVED */
} Member;

static void
add_member (JsonBuilder     *b,
            const Member    *m,
            const TsCatalog *catalog,
            gconstpointer    record)
{
  switch (m->kind)
    {
    case MEMBER_STRING:
      ts_json_add_string (b, m->key, G_STRUCT_MEMBER (const char *, record, m->offset));
      break;
    case MEMBER_DOUBLE:
      ts_json_add_double (b, m->key, G_STRUCT_MEMBER (double, record, m->offset));
      break;
    case MEMBER_UINT:
      ts_json_add_double (b, m->key, G_STRUCT_MEMBER (guint, record, m->offset));
      break;
    case MEMBER_BOOL:
      json_builder_set_member_name (b, m->key);
      json_builder_add_boolean_value (b, G_STRUCT_MEMBER (gboolean, record, m->offset));
      break;
    case MEMBER_DERIVED:
      ts_json_add_double (b, m->key, m->derived (catalog, record));
      break;
    case MEMBER_CONFIDENCE:
    default:
      ts_json_add_string (b, m->key,
                          ts_confidence_to_string (((const TsProvenance *) G_STRUCT_MEMBER_P (record, m->offset))->confidence));
      break;
    }
}

static double
server_gpu_memory_bytes (const TsCatalog *catalog, gconstpointer record)
{
  const TsServer *s = record;

  return s->gpu->memory_bytes * s->gpu_count;
}

static double
server_cpu_cores (const TsCatalog *catalog, gconstpointer record)
{
  const TsServer *s = record;

  return (double) s->cpu_sockets * s->cpu_cores_per_socket;
}

static double
server_heat_btu_h (const TsCatalog *catalog, gconstpointer record)
{
  return ts_server_heat_btu_h (catalog, record);
}

/* The two tables have the same shape (a duplicate finder pairs them):
 * declarations, one a member, which differ in what they list. */
#define SERVER(m) G_STRUCT_OFFSET (TsServer, m)
static const Member server_members[] = {
  { "id", MEMBER_STRING, SERVER (id) },
  { "name", MEMBER_STRING, SERVER (name) },
  { "vendor", MEMBER_STRING, SERVER (vendor) },
  { "kind", MEMBER_STRING, SERVER (kind) },
  { "article", MEMBER_BOOL, SERVER (article) },
  { "gpu_id", MEMBER_STRING, SERVER (gpu_id) },
  { "gpu_count", MEMBER_UINT, SERVER (gpu_count) },
  { "gpu_memory_label_gb", MEMBER_DOUBLE, SERVER (gpu_memory_label_gb) },
  { "gpu_memory_bytes", MEMBER_DERIVED, 0, server_gpu_memory_bytes },
  { "interconnect_id", MEMBER_STRING, SERVER (interconnect_id) },
  { "cpu_model", MEMBER_STRING, SERVER (cpu_model) },
  { "cpu_sockets", MEMBER_UINT, SERVER (cpu_sockets) },
  { "cpu_cores", MEMBER_DERIVED, 0, server_cpu_cores },
  { "ram_gb", MEMBER_DOUBLE, SERVER (ram_gb) },
  { "ram_gb_max", MEMBER_DOUBLE, SERVER (ram_gb_max) },
  { "nvme_data_count", MEMBER_UINT, SERVER (nvme_data_count) },
  { "nvme_data_tb_each", MEMBER_DOUBLE, SERVER (nvme_data_tb_each) },
  { "compute_nic_count", MEMBER_UINT, SERVER (compute_nic_count) },
  { "compute_nic_gbps", MEMBER_DOUBLE, SERVER (compute_nic_gbps) },
  { "network_id", MEMBER_STRING, SERVER (network_id) },
  { "psu_count", MEMBER_UINT, SERVER (psu_count) },
  { "psu_w", MEMBER_DOUBLE, SERVER (psu_w) },
  { "psu_redundancy", MEMBER_STRING, SERVER (psu_redundancy) },
  { "max_power_kw", MEMBER_DOUBLE, SERVER (max_power_kw) },
  { "typical_power_kw", MEMBER_DOUBLE, SERVER (typical_power_kw) },
  /* the catalog's figure, or one derived from the power */
  { "heat_btu_h", MEMBER_DERIVED, 0, server_heat_btu_h },
  { "rack_units", MEMBER_UINT, SERVER (rack_units) },
  { "height_mm", MEMBER_DOUBLE, SERVER (height_mm) },
  { "weight_kg", MEMBER_DOUBLE, SERVER (weight_kg) },
  { "cooling", MEMBER_STRING, SERVER (cooling) },
  { "confidence", MEMBER_CONFIDENCE, SERVER (prov) },
  /* issue 27: the server a derived one-GPU record is one GPU of, or null */
  { "one_gpu_of", MEMBER_STRING, SERVER (one_gpu_of) },
};

#define GPU(m) G_STRUCT_OFFSET (TsGpu, m)
static const Member gpu_members[] = {
  { "id", MEMBER_STRING, GPU (id) },
  { "name", MEMBER_STRING, GPU (name) },
  { "vendor", MEMBER_STRING, GPU (vendor) },
  { "architecture", MEMBER_STRING, GPU (architecture) },
  { "form_factor", MEMBER_STRING, GPU (form_factor) },
  { "memory_gib", MEMBER_DOUBLE, GPU (memory_gib) },
  { "memory_bytes", MEMBER_DOUBLE, GPU (memory_bytes) },
  { "memory_type", MEMBER_STRING, GPU (memory_type) },
  { "memory_bw_tb_s", MEMBER_DOUBLE, GPU (memory_bw_tb_s) },
  { "tflops_bf16", MEMBER_DOUBLE, GPU (tflops_bf16) },
  { "tflops_fp8", MEMBER_DOUBLE, GPU (tflops_fp8) },
  { "tdp_w", MEMBER_DOUBLE, GPU (tdp_w) },
  { "interconnect_id", MEMBER_STRING, GPU (interconnect_id) },
  { "confidence", MEMBER_CONFIDENCE, GPU (prov) },
};

/* `list storage --format json`: a storage system's building block */
#define STORAGE(m) G_STRUCT_OFFSET (TsStorageSystem, m)
static const Member storage_members[] = {
  { "id", MEMBER_STRING, STORAGE (id) },
  { "name", MEMBER_STRING, STORAGE (name) },
  { "vendor", MEMBER_STRING, STORAGE (vendor) },
  { "usable_tb", MEMBER_DOUBLE, STORAGE (usable_tb) },
  { "read_gb_s", MEMBER_DOUBLE, STORAGE (read_gb_s) },
  { "write_gb_s", MEMBER_DOUBLE, STORAGE (write_gb_s) },
  { "rack_units", MEMBER_UINT, STORAGE (rack_units) },
  { "power_w", MEMBER_DOUBLE, STORAGE (power_w) },
  { "typical_power_w", MEMBER_DOUBLE, STORAGE (typical_power_w) },
  { "max_count", MEMBER_UINT, STORAGE (max_count) },
  { "confidence", MEMBER_CONFIDENCE, STORAGE (prov) },
};

typedef gconstpointer (*RecordAt) (const TsCatalog *catalog, guint index);

/* An array of the records as objects of the members. */
static JsonNode *
records_to_json (const TsCatalog *catalog,
                 guint            n_records,
                 RecordAt         record_at,
                 const Member    *members,
                 guint            n_members)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < n_records; i++)
    {
      gconstpointer record = record_at (catalog, i);

      json_builder_begin_object (b);
      for (guint j = 0; j < n_members; j++)
        add_member (b, &members[j], catalog, record);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

static gconstpointer
server_at (const TsCatalog *catalog, guint index)
{
  return ts_catalog_get_server (catalog, index);
}

static gconstpointer
gpu_at (const TsCatalog *catalog, guint index)
{
  return ts_catalog_get_gpu (catalog, index);
}

JsonNode *
ts_catalog_servers_to_json (const TsCatalog *catalog)
{
  return records_to_json (catalog, ts_catalog_get_n_servers (catalog), server_at,
                          server_members, G_N_ELEMENTS (server_members));
}

static gconstpointer
storage_at (const TsCatalog *catalog, guint index)
{
  return ts_catalog_get_storage_system (catalog, index);
}

JsonNode *
ts_catalog_storage_to_json (const TsCatalog *catalog)
{
  return records_to_json (catalog, ts_catalog_get_n_storage_systems (catalog), storage_at,
                          storage_members, G_N_ELEMENTS (storage_members));
}

JsonNode *
ts_catalog_gpus_to_json (const TsCatalog *catalog)
{
  return records_to_json (catalog, ts_catalog_get_n_gpus (catalog), gpu_at,
                          gpu_members, G_N_ELEMENTS (gpu_members));
}
