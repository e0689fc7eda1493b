/* ts-catalog-records.c — each kind of catalog record as a table of its
 * fields, read in the file's order, checked, copied and freed by the
 * table; a section of records with unique, well-formed ids. The fields
 * themselves are read by ts-catalog-reader.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-catalog-private.h"
#include "ts-field.h"
#include "ts-json.h"

#define BYTES_PER_GIB        1073741824.0

/* ---- records ---------------------------------------------------------- */

/* A value is one of the words separated by “|” in choices; without
 * splitting them, as a user catalog may hold tens of thousands of
 * records. */
static gboolean
is_one_of (const char *choices,
           const char *value)
{
  gsize len = value != NULL ? strlen (value) : 0;

  for (const char *word = choices; value != NULL; word++)
    {
      const char *end = strchr (word, '|');
      gsize word_len = end != NULL ? (gsize) (end - word) : strlen (word);

      if (word_len == len && strncmp (word, value, len) == 0)
        return TRUE;
      if (end == NULL)
        break;
      word = end;
    }
  return FALSE;
}

/* The choices check of a field just read, before the next field is
 * read, so that the first defect in the file's order is the one named. */
static void
check_choice (Reader            *r,
              const RecordField *f,
              gpointer           record)
{
  g_autofree char *number = NULL;
  const char *value;

  if (f->choices == NULL || r->failed)
    return;
  if (f->kind == FIELD_UINT)
    value = number = g_strdup_printf ("%u", G_STRUCT_MEMBER (guint, record, f->offset));
  else
    value = G_STRUCT_MEMBER (char *, record, f->offset);
  /* an optional text left out has nothing to check */
  if (value == NULL && !(f->flags & FIELD_REQUIRED))
    return;
  if (!is_one_of (f->choices, value))
    _ts_catalog_reader_fail (r, f->key, _(f->refusal));
}

static void
read_field (Reader            *r,
            JsonObject        *obj,
            const RecordField *f,
            gpointer           record)
{
  gpointer slot = G_STRUCT_MEMBER_P (record, f->offset);
  gboolean required = (f->flags & FIELD_REQUIRED) != 0;
  g_autofree char *mlp = NULL;

  switch (f->kind)
    {
    case FIELD_STRING:
      *(char **) slot = _ts_catalog_read_string (r, obj, f->key, required);
      break;
    case FIELD_STRINGS:
      *(char ***) slot = _ts_catalog_read_string_array (r, obj, f->key, required);
      break;
    case FIELD_NUMBER:
      *(double *) slot = _ts_catalog_read_number (r, obj, f->key, f->min, f->max, required);
      break;
    case FIELD_UINT:
      *(guint *) slot = _ts_catalog_read_uint (r, obj, f->key, (guint) f->min, (guint) f->max, required);
      break;
    case FIELD_BOOL:
      *(gboolean *) slot = _ts_catalog_read_bool (r, obj, f->key, required);
      break;
    case FIELD_MLP:
    default:
      mlp = _ts_catalog_read_string (r, obj, f->key, required);
      if (!r->failed && !ts_mlp_kind_from_string (mlp, slot))
        _ts_catalog_reader_fail (r, f->key, _(f->refusal));
      return;
    }
  check_choice (r, f, record);
}

void
_ts_catalog_read_fields (Reader            *r,
             JsonObject        *obj,
             gpointer           record,
             const RecordField *fields,
             guint              n_fields)
{
  for (guint i = 0; i < n_fields && !r->failed; i++)
    {
      read_field (r, obj, &fields[i], record);
      if (fields[i].flags & FIELD_NAMES_RECORD)
        r->id = G_STRUCT_MEMBER (char *, record, fields[i].offset);
    }
}

/* Frees the text a table's fields hold. */
static void
clear_fields (gpointer           record,
              const RecordField *fields,
              guint              n_fields)
{
  for (guint i = 0; i < n_fields; i++)
    if (fields[i].kind == FIELD_STRING)
      g_clear_pointer ((char **) G_STRUCT_MEMBER_P (record, fields[i].offset), g_free);
    else if (fields[i].kind == FIELD_STRINGS)
      g_clear_pointer ((char ***) G_STRUCT_MEMBER_P (record, fields[i].offset), g_strfreev);
}

/* Each kind of record is a table, one line a field in the file's order:
 * the format's specification, which the readers and clear () follow.
 * The tables have the same shape from kind to kind (a duplicate finder
 * pairs them), kept so deliberately: the fields, their ranges and
 * whether they are required are what differs. */

#define NAMES    (FIELD_REQUIRED | FIELD_NAMES_RECORD)
#define REQUIRED FIELD_REQUIRED
#define OPTIONAL 0

#define SOURCE(m) G_STRUCT_OFFSET (TsSource, m)
static const RecordField source_fields[] = {
  { "id", FIELD_STRING, SOURCE (id), NAMES },
  { "title", FIELD_STRING, SOURCE (title), REQUIRED },
  { "url", FIELD_STRING, SOURCE (url), OPTIONAL },
  { "kind", FIELD_STRING, SOURCE (kind), REQUIRED },
  { "retrieved", FIELD_STRING, SOURCE (retrieved), OPTIONAL },
};

#define MODEL(m) G_STRUCT_OFFSET (TsCatalogModel, model.m)
static const RecordField model_fields[] = {
  { "id", FIELD_STRING, MODEL (id), NAMES },
  { "name", FIELD_STRING, MODEL (name), REQUIRED },
  { "family", FIELD_STRING, MODEL (family), REQUIRED },
  { "vendor", FIELD_STRING, MODEL (vendor), REQUIRED },
  { "published_params", FIELD_NUMBER, MODEL (published_params), REQUIRED, TS_MODEL_MIN_PARAMS, TS_MODEL_MAX_PARAMS },
  { "published_active_params", FIELD_NUMBER, MODEL (active_params), OPTIONAL, 0, TS_MODEL_MAX_PARAMS },
  { "hf_id", FIELD_STRING, MODEL (hf_id), OPTIONAL },  /* the export's base model */
};

#define LINK(m) G_STRUCT_OFFSET (TsInterconnect, m)
static const RecordField interconnect_fields[] = {
  { "id", FIELD_STRING, LINK (id), NAMES },
  { "name", FIELD_STRING, LINK (name), REQUIRED },
  { "kind", FIELD_STRING, LINK (kind), REQUIRED },
  { "training_capable", FIELD_BOOL, LINK (training_capable), REQUIRED },
  { "bw_gb_s_per_gpu_bidir", FIELD_NUMBER, LINK (bw_gb_s_bidir), REQUIRED, 0.001, 1e6 },
  { "bw_gb_s_per_gpu_unidir", FIELD_NUMBER, LINK (bw_gb_s_unidir), REQUIRED, 0.001, 1e6 },
};

#define NETWORK(m) G_STRUCT_OFFSET (TsNetwork, m)
static const RecordField network_fields[] = {
  { "id", FIELD_STRING, NETWORK (id), NAMES },
  { "name", FIELD_STRING, NETWORK (name), REQUIRED },
  { "family", FIELD_STRING, NETWORK (family), REQUIRED },
  { "port_gbps", FIELD_NUMBER, NETWORK (port_gbps), REQUIRED, 1, 1e5 },
  { "nic_model", FIELD_STRING, NETWORK (nic_model), REQUIRED },
  { "switch_model", FIELD_STRING, NETWORK (switch_model), REQUIRED },
  { "switch_ports", FIELD_UINT, NETWORK (switch_ports), REQUIRED, 2, 10000 },
  { "switch_rack_units", FIELD_UINT, NETWORK (switch_rack_units), REQUIRED, 1, 50 },
  { "switch_power_w", FIELD_NUMBER, NETWORK (switch_power_w), REQUIRED, 0, 1e5 },
  { "switch_weight_kg", FIELD_NUMBER, NETWORK (switch_weight_kg), REQUIRED, 0, 1e4 },
  { "transceiver_model", FIELD_STRING, NETWORK (transceiver_model), OPTIONAL },
  { "transceiver_ports", FIELD_UINT, NETWORK (transceiver_ports), OPTIONAL, 1, 16 },
  { "node_transceiver_model", FIELD_STRING, NETWORK (node_transceiver_model), OPTIONAL },
  { "optical_cable_model", FIELD_STRING, NETWORK (optical_cable_model), OPTIONAL },
  { "copper_cable_model", FIELD_STRING, NETWORK (copper_cable_model), OPTIONAL },
  { "fabric_manager_model", FIELD_STRING, NETWORK (fabric_manager_model), OPTIONAL },
  { "switch_price_usd", FIELD_NUMBER, NETWORK (switch_price_usd), OPTIONAL, 0, 1e8 },
  { "transceiver_price_usd", FIELD_NUMBER, NETWORK (transceiver_price_usd), OPTIONAL, 0, 1e6 },
  { "transceiver_id", FIELD_STRING, NETWORK (transceiver_id), OPTIONAL },
  { "node_transceiver_id", FIELD_STRING, NETWORK (node_transceiver_id), OPTIONAL },
  { "optical_cable_id", FIELD_STRING, NETWORK (optical_cable_id), OPTIONAL },
  { "copper_cable_id", FIELD_STRING, NETWORK (copper_cable_id), OPTIONAL },
  { "switch_copper_cable_id", FIELD_STRING, NETWORK (switch_copper_cable_id), OPTIONAL },
};

/* A transceiver or a cable of the fabric (docs/catalog-format.md) */
#define PART(m) G_STRUCT_OFFSET (TsPart, m)
static const RecordField part_fields[] = {
  { "id", FIELD_STRING, PART (id), NAMES },
  { "name", FIELD_STRING, PART (name), REQUIRED },
  { "vendor", FIELD_STRING, PART (vendor), REQUIRED },
  { "part", FIELD_STRING, PART (part), REQUIRED, 0, 0, "transceiver|cable",
    N_("must be “transceiver” or “cable”") },
  { "length_class", FIELD_STRING, PART (length_class), OPTIONAL, 0, 0, "dac|acc|aoc|fibre",
    N_("must be “dac”, “acc”, “aoc” or “fibre”") },
  { "reach_m", FIELD_NUMBER, PART (reach_m), REQUIRED, 0.1, 1e6 },
  { "ports", FIELD_UINT, PART (ports), OPTIONAL, 1, 16 },
  { "price_usd", FIELD_NUMBER, PART (price_usd), OPTIONAL, 0, 1e7 },
};

/* A storage system's building block (docs/catalog-format.md): capacity
 * and bandwidth per appliance, its height and draw. */
#define STORAGE(m) G_STRUCT_OFFSET (TsStorageSystem, m)
static const RecordField storage_system_fields[] = {
  { "id", FIELD_STRING, STORAGE (id), NAMES },
  { "name", FIELD_STRING, STORAGE (name), REQUIRED },
  { "vendor", FIELD_STRING, STORAGE (vendor), REQUIRED },
  { "usable_tb", FIELD_NUMBER, STORAGE (usable_tb), REQUIRED, 0.001, 1e7 },
  { "read_gb_s", FIELD_NUMBER, STORAGE (read_gb_s), REQUIRED, 0.001, 1e6 },
  { "write_gb_s", FIELD_NUMBER, STORAGE (write_gb_s), REQUIRED, 0.001, 1e6 },
  { "rack_units", FIELD_UINT, STORAGE (rack_units), REQUIRED, 1, 60 },
  { "power_w", FIELD_NUMBER, STORAGE (power_w), OPTIONAL, 0, 1e6 },
  { "typical_power_w", FIELD_NUMBER, STORAGE (typical_power_w), OPTIONAL, 0, 1e6 },
  { "weight_kg", FIELD_NUMBER, STORAGE (weight_kg), OPTIONAL, 0, 1e4 },
  { "min_count", FIELD_UINT, STORAGE (min_count), OPTIONAL, 0, 100000 },
  { "max_count", FIELD_UINT, STORAGE (max_count), OPTIONAL, 0, 1000000 },
};

/* A coolant distribution unit (docs/catalog-format.md) */
#define CDU(m) G_STRUCT_OFFSET (TsCdu, m)
static const RecordField cdu_fields[] = {
  { "id", FIELD_STRING, CDU (id), NAMES },
  { "name", FIELD_STRING, CDU (name), REQUIRED },
  { "vendor", FIELD_STRING, CDU (vendor), REQUIRED },
  { "placement", FIELD_STRING, CDU (placement), REQUIRED, 0, 0, "in-rack|in-row",
    N_("must be “in-rack” or “in-row”") },
  { "capacity_kw", FIELD_NUMBER, CDU (capacity_kw), REQUIRED, 1, 1e5 },
  { "rack_units", FIELD_UINT, CDU (rack_units), OPTIONAL, 0, 60 },
  { "redundant_pumps", FIELD_BOOL, CDU (redundant_pumps), OPTIONAL },
  { "power_w", FIELD_NUMBER, CDU (power_w), OPTIONAL, 0, 1e6 },
};

#define GPU(m) G_STRUCT_OFFSET (TsGpu, m)
static const RecordField gpu_fields[] = {
  { "id", FIELD_STRING, GPU (id), NAMES },
  { "name", FIELD_STRING, GPU (name), REQUIRED },
  { "vendor", FIELD_STRING, GPU (vendor), REQUIRED },
  { "architecture", FIELD_STRING, GPU (architecture), REQUIRED },
  { "family", FIELD_STRING, GPU (family), REQUIRED },
  { "form_factor", FIELD_STRING, GPU (form_factor), REQUIRED },
  { "memory_gib", FIELD_NUMBER, GPU (memory_gib), REQUIRED, 1, 1e5 },
  { "memory_type", FIELD_STRING, GPU (memory_type), REQUIRED },
  { "memory_bw_tb_s", FIELD_NUMBER, GPU (memory_bw_tb_s), REQUIRED, 0.01, 1000 },
  { "tflops_bf16", FIELD_NUMBER, GPU (tflops_bf16), REQUIRED, 0.1, 1e6 },
  { "tflops_fp16", FIELD_NUMBER, GPU (tflops_fp16), REQUIRED, 0, 1e6 },
  { "tflops_fp8", FIELD_NUMBER, GPU (tflops_fp8), REQUIRED, 0, 1e6 },
  { "tdp_w", FIELD_NUMBER, GPU (tdp_w), REQUIRED, 1, 1e5 },
  { "interconnect_id", FIELD_STRING, GPU (interconnect_id), REQUIRED },
  { "price_usd", FIELD_NUMBER, GPU (price_usd), OPTIONAL, 0, 1e9 },
};

#define SERVER(m) G_STRUCT_OFFSET (TsServer, m)
static const RecordField server_fields[] = {
  { "id", FIELD_STRING, SERVER (id), NAMES },
  { "name", FIELD_STRING, SERVER (name), REQUIRED },
  { "vendor", FIELD_STRING, SERVER (vendor), REQUIRED },
  { "kind", FIELD_STRING, SERVER (kind), REQUIRED, 0, 0, "server|rack|workstation",
    N_("must be “server”, “rack” or “workstation”") },
  { "article", FIELD_BOOL, SERVER (article), REQUIRED },
  { "gpu_id", FIELD_STRING, SERVER (gpu_id), REQUIRED },
  { "gpu_count", FIELD_UINT, SERVER (gpu_count), REQUIRED, 1, 1024 },
  { "gpu_memory_label_gb", FIELD_NUMBER, SERVER (gpu_memory_label_gb), REQUIRED, 1, 1e7 },
  { "interconnect_id", FIELD_STRING, SERVER (interconnect_id), REQUIRED },
  { "cpu_model", FIELD_STRING, SERVER (cpu_model), REQUIRED },
  { "cpu_sockets", FIELD_UINT, SERVER (cpu_sockets), REQUIRED, 1, 256 },
  { "cpu_cores_per_socket", FIELD_UINT, SERVER (cpu_cores_per_socket), REQUIRED, 1, 1024 },
  { "ram_gb", FIELD_NUMBER, SERVER (ram_gb), REQUIRED, 1, 1e6 },
  { "ram_gb_max", FIELD_NUMBER, SERVER (ram_gb_max), REQUIRED, 1, 1e6 },
  { "os_storage", FIELD_STRING, SERVER (os_storage), REQUIRED },
  { "nvme_data_count", FIELD_UINT, SERVER (nvme_data_count), REQUIRED, 0, 1024 },
  { "nvme_data_tb_each", FIELD_NUMBER, SERVER (nvme_data_tb_each), REQUIRED, 0, 1e4 },
  { "nvme_write_gb_s", FIELD_NUMBER, SERVER (nvme_write_gb_s), REQUIRED, 0, 1e5 },
  { "compute_nic_count", FIELD_UINT, SERVER (compute_nic_count), REQUIRED, 0, 1024 },
  { "compute_nic_gbps", FIELD_NUMBER, SERVER (compute_nic_gbps), REQUIRED, 0, 1e5 },
  { "compute_nic_model", FIELD_STRING, SERVER (compute_nic_model), REQUIRED },
  { "network_id", FIELD_STRING, SERVER (network_id), REQUIRED },
  { "storage_nic_count", FIELD_UINT, SERVER (storage_nic_count), REQUIRED, 0, 1024 },
  { "storage_nic_gbps", FIELD_NUMBER, SERVER (storage_nic_gbps), REQUIRED, 0, 1e5 },
  { "psu_count", FIELD_UINT, SERVER (psu_count), REQUIRED, 1, 1024 },
  { "psu_w", FIELD_NUMBER, SERVER (psu_w), REQUIRED, 1, 1e6 },
  { "psu_redundancy", FIELD_STRING, SERVER (psu_redundancy), REQUIRED },
  { "max_power_kw", FIELD_NUMBER, SERVER (max_power_kw), REQUIRED, 0.01, 1e4 },
  { "heat_btu_h", FIELD_NUMBER, SERVER (heat_btu_h), OPTIONAL, 0, 1e8 },
  { "typical_power_kw", FIELD_NUMBER, SERVER (typical_power_kw), OPTIONAL, 0, 1e4 },
  { "rack_units", FIELD_UINT, SERVER (rack_units), REQUIRED, 1, 60 },
  { "height_mm", FIELD_NUMBER, SERVER (height_mm), REQUIRED, 1, 3000 },
  { "weight_kg", FIELD_NUMBER, SERVER (weight_kg), REQUIRED, 0.1, 1e5 },
  { "cooling", FIELD_STRING, SERVER (cooling), REQUIRED, 0, 0, "air|liquid|hybrid",
    N_("must be “air”, “liquid” or “hybrid”") },
  { "max_servers", FIELD_UINT, SERVER (max_servers), REQUIRED, 0, 1000000 },
  { "price_usd", FIELD_NUMBER, SERVER (price_usd), OPTIONAL, 0, 1e10 },
  { "claims", FIELD_STRINGS, SERVER (claims), OPTIONAL },
  /* 0 until link_records () knows the interconnect: then the default */
  { "nvlink_domain_gpus", FIELD_UINT, SERVER (nvlink_domain_gpus), OPTIONAL, 1, 1024 },
  /* derived by the loader (ts-catalog-loader.c add_one_gpu_servers ());
   * in a file it names the server the record is one GPU of */
  { "one_gpu_of", FIELD_STRING, SERVER (one_gpu_of), OPTIONAL },
};

#define MFU(m) G_STRUCT_OFFSET (TsMfuDefault, m)
static const RecordField mfu_fields[] = {
  { "family", FIELD_STRING, MFU (family), NAMES },
  { "precision", FIELD_STRING, MFU (precision), REQUIRED },
  { "mfu", FIELD_NUMBER, MFU (mfu), REQUIRED, 0.01, 1.0 },
};

/* What the tables cannot say (relations between fields, derived
 * figures), checked once a record's fields are read. */

/* A model's architecture: the fields of the architecture table, with its
 * ranges. A catalog states every field a scenario file always writes,
 * except one that came after the first catalogs; the others (latent
 * attention, the details of imported families) only where the model has
 * them. */
static void
read_architecture (Reader         *r,
                   JsonObject     *obj,
                   TsArchitecture *arch)
{
  const TsArchField *fields;
  guint n_fields;

  fields = ts_arch_fields (&n_fields);
  for (guint i = 0; i < n_fields && !r->failed; i++)
    {
      const TsArchField *f = &fields[i];
      RecordField field = {
        .key = f->key,
        .kind = f->kind == TS_FIELD_BOOL ? FIELD_BOOL : f->kind == TS_FIELD_ENUM ? FIELD_MLP : FIELD_UINT,
        .offset = f->offset,
        .flags = (f->flags & (TS_FIELD_LATE | TS_FIELD_IF_MLA | TS_FIELD_IF_SET)) ? OPTIONAL : REQUIRED,
        .min = f->min,
        .max = f->max,
        .refusal = N_("must be “gelu”, “swiglu” or “geglu”"),
      };

      _ts_catalog_read_fields (r, obj, arch, &field, 1);
    }
}

static void
finish_model (Reader     *r,
              JsonObject *obj,
              gpointer    record)
{
  TsCatalogModel *m = record;
  TsArchitecture *a = &m->model.arch;
  g_autoptr(GError) arch_error = NULL;
  JsonObject *arch = _ts_catalog_object_member (r, obj, "architecture", TRUE);

  if (r->failed)
    return;
  read_architecture (r, arch, a);
  if (r->failed)
    return;
  if (!ts_architecture_derive (a))
    {
      _ts_catalog_reader_fail (r, "head_dim", _("is required when hidden_size is not a multiple of attention_heads"));
      return;
    }
  if (!ts_architecture_validate (a, &arch_error))
    {
      _ts_catalog_reader_fail (r, "architecture", arch_error->message);
      return;
    }

  m->model.has_architecture = TRUE;
  /* Size by the published count (what the vendor states and the article
   * uses); the architecture drives activations and LoRA. */
  m->model.params = m->model.published_params;
  if (m->model.active_params <= 0)
    m->model.active_params = ts_architecture_is_moe (a) ? ts_architecture_active_params (a) : m->model.params;
}

static void
finish_gpu (Reader     *r,
            JsonObject *obj,
            gpointer    record)
{
  TsGpu *g = record;

  g->memory_bytes = g->memory_gib * BYTES_PER_GIB;
}

static gboolean
parse_redundancy (const char *text,
                  guint      *active,
                  guint      *spare)
{
  g_auto(GStrv) parts = NULL;
  guint64 a;
  guint64 b;

  if (text == NULL)
    return FALSE;
  if (g_strcmp0 (text, "none") == 0)
    {
      *spare = 0;
      return TRUE;
    }
  parts = g_strsplit (text, "+", 2);
  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 1, 1000, &a, NULL))
    return FALSE;
  *active = (guint) a;
  if (g_strcmp0 (parts[1], "1") != 0 && g_strcmp0 (parts[1], "N") != 0
      && !g_ascii_string_to_unsigned (parts[1], 10, 0, 1000, &b, NULL))
    return FALSE;
  *spare = g_strcmp0 (parts[1], "N") == 0 ? (guint) a
           : (guint) g_ascii_strtoull (parts[1], NULL, 10);
  return TRUE;
}

static void
finish_server (Reader     *r,
               JsonObject *obj,
               gpointer    record)
{
  TsServer *s = record;
  guint active = 0;
  guint spare = 0;

  if (!parse_redundancy (s->psu_redundancy, &active, &spare))
    _ts_catalog_reader_fail (r, "psu_redundancy", _("must look like “5+1”, “N+1”, “3+3” or “none”"));
  else if (active + spare != s->psu_count && g_strcmp0 (s->psu_redundancy, "none") != 0
           && !g_str_has_prefix (s->psu_redundancy, "N+"))
    _ts_catalog_reader_fail (r, "psu_redundancy", _("does not add up to psu_count"));
  if (!r->failed && s->ram_gb > s->ram_gb_max)
    _ts_catalog_reader_fail (r, "ram_gb", _("is larger than ram_gb_max"));
  if (!r->failed && s->typical_power_kw > s->max_power_kw)
    _ts_catalog_reader_fail (r, "typical_power_kw", _("is larger than max_power_kw"));
}

/* A deep copy of a record: its table's text and its provenance. */
void
_ts_catalog_record_copy (const RecordKind *kind,
                         gpointer          dest,
                         gconstpointer     src)
{
  memcpy (dest, src, kind->size);
  for (guint i = 0; i < kind->n_fields; i++)
    {
      gpointer field = G_STRUCT_MEMBER_P (dest, kind->fields[i].offset);

      if (kind->fields[i].kind == FIELD_STRING)
        *(char **) field = g_strdup (*(char **) field);
      else if (kind->fields[i].kind == FIELD_STRINGS)
        *(char ***) field = g_strdupv (*(char ***) field);
    }
  if (kind->provenance_offset >= 0)
    {
      TsProvenance *prov = G_STRUCT_MEMBER_P (dest, kind->provenance_offset);

      prov->sources = g_strdupv (prov->sources);
      prov->notes = g_strdup (prov->notes);
      prov->estimate_fields = g_strdupv (prov->estimate_fields);
      if (prov->estimates != NULL)
        g_hash_table_ref (prov->estimates);
    }
}

/* What a record owns: the text its table's fields hold (a model's too:
 * its architecture holds none) and its provenance. */
static void
record_clear (const RecordKind *kind,
              gpointer          record)
{
  clear_fields (record, kind->fields, kind->n_fields);
  if (kind->provenance_offset >= 0)
    _ts_catalog_provenance_clear (G_STRUCT_MEMBER_P (record, kind->provenance_offset));
}

#define NO_PROVENANCE (-1)
#define PROVENANCE(type) G_STRUCT_OFFSET (type, prov)

/* A kind of record and its clear (): GArray's clear func is given only
 * the record, so each kind has one that names its kind, in the manner of
 * G_DEFINE_*. */
#define DEFINE_RECORD_KIND(name, section, type, table, provenance, finish, check_ids)     \
  static void name##_clear (gpointer record);                                           \
  const RecordKind _ts_catalog_##name##_records = {                                                   \
    section, sizeof (type), table, G_N_ELEMENTS (table), provenance, finish,            \
    name##_clear, check_ids, FALSE,                                                     \
  };                                                                                    \
  static void name##_clear (gpointer record) { record_clear (&_ts_catalog_##name##_records, record); }

DEFINE_RECORD_KIND (source, "sources", TsSource, source_fields, NO_PROVENANCE, NULL, TRUE)
DEFINE_RECORD_KIND (model, "models", TsCatalogModel, model_fields, PROVENANCE (TsCatalogModel), finish_model, TRUE)
DEFINE_RECORD_KIND (interconnect, "interconnects", TsInterconnect, interconnect_fields,
                    PROVENANCE (TsInterconnect), NULL, TRUE)
DEFINE_RECORD_KIND (network, "networks", TsNetwork, network_fields, PROVENANCE (TsNetwork), NULL, TRUE)
DEFINE_RECORD_KIND (gpu, "gpus", TsGpu, gpu_fields, PROVENANCE (TsGpu), finish_gpu, TRUE)
DEFINE_RECORD_KIND (server, "servers", TsServer, server_fields, PROVENANCE (TsServer), finish_server, TRUE)
/* a section older catalogs do not have */
static void storage_system_clear (gpointer record);
const RecordKind _ts_catalog_storage_system_records = {
  "storage_systems", sizeof (TsStorageSystem), storage_system_fields, G_N_ELEMENTS (storage_system_fields),
  PROVENANCE (TsStorageSystem), NULL, storage_system_clear, TRUE, TRUE,
};
static void storage_system_clear (gpointer record) { record_clear (&_ts_catalog_storage_system_records, record); }
static void cdu_clear (gpointer record);
const RecordKind _ts_catalog_cdu_records = {
  "cdus", sizeof (TsCdu), cdu_fields, G_N_ELEMENTS (cdu_fields),
  PROVENANCE (TsCdu), NULL, cdu_clear, TRUE, TRUE,
};
static void cdu_clear (gpointer record) { record_clear (&_ts_catalog_cdu_records, record); }
static void part_clear (gpointer record);
const RecordKind _ts_catalog_part_records = {
  "parts", sizeof (TsPart), part_fields, G_N_ELEMENTS (part_fields),
  PROVENANCE (TsPart), NULL, part_clear, TRUE, TRUE,
};
static void part_clear (gpointer record) { record_clear (&_ts_catalog_part_records, record); }
/* keyed by family and precision, not by an id */
DEFINE_RECORD_KIND (mfu, "mfu_defaults", TsMfuDefault, mfu_fields, NO_PROVENANCE, NULL, FALSE)

/* The table, what it cannot say, then where the figures come from. */
static void
read_record (Reader           *r,
             JsonObject       *obj,
             const RecordKind *kind,
             gpointer          record)
{
  _ts_catalog_read_fields (r, obj, record, kind->fields, kind->n_fields);
  if (!r->failed && kind->finish != NULL)
    kind->finish (r, obj, record);
  if (kind->provenance_offset >= 0)
    _ts_catalog_read_provenance (r, obj, G_STRUCT_MEMBER_P (record, kind->provenance_offset));
}

/* ---- sections --------------------------------------------------------- */

static gboolean
valid_id (const char *id)
{
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-' && *p != '.' && *p != '_')
      return FALSE;
  return *id != '\0';
}

GArray *
_ts_catalog_read_section (Reader           *r,
              JsonObject       *root,
              const RecordKind *kind)
{
  const char *section = kind->section;
  gsize record_size = kind->size;
  JsonNode *node = _ts_catalog_member (r, root, section, !kind->optional);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *records = g_array_new (FALSE, TRUE, record_size);
  JsonArray *array = NULL;
  const char *file = r->file;

  g_array_set_clear_func (records, kind->clear);
  if (node == NULL)
    return records;
  if (ts_json_node_array (node, &array) != TS_JSON_OK)
    {
      _ts_catalog_reader_fail (r, section, _("must be a list"));
      return records;
    }

  for (guint i = 0; i < json_array_get_length (array) && !r->failed; i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      gpointer record;
      JsonObject *obj = NULL;

      r->section = section;
      r->id = NULL;
      if (ts_json_node_object (item, &obj) != TS_JSON_OK)
        {
          g_autofree char *index = g_strdup_printf ("%u", i);
          _ts_catalog_reader_fail (r, index, _("must be an object"));
          break;
        }
      if (r->origins != NULL && g_hash_table_contains (r->origins, obj))
        r->file = g_hash_table_lookup (r->origins, obj);
      else
        r->file = file;

      g_array_set_size (records, records->len + 1);
      record = records->data + (records->len - 1) * record_size;
      read_record (r, obj, kind, record);

      if (!r->failed && kind->check_ids)
        {
          const char *id = *(char **) record;  /* every record starts with its id */

          if (g_strcmp0 (section, "sources") != 0 && !valid_id (id))
            _ts_catalog_reader_fail (r, "id", _("may hold only lowercase letters, digits, “-”, “_” and “.”"));
          else if (!g_hash_table_add (seen, (gpointer) id))
            _ts_catalog_reader_fail (r, "id", _("is used twice"));
        }
    }

  r->file = file;
  r->section = NULL;
  r->id = NULL;
  return records;
}
