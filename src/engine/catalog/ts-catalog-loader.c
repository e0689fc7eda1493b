/* ts-catalog-loader.c — one catalog file as a whole: its top-level
 * sections and site equipment, the id indexes, the links between
 * records, and a catalog built from a parsed file or the built-in
 * GResource
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-catalog-private.h"
#include "ts-error.h"
#include "ts-json.h"
#include "ts-catalog-resources.h"

#define BUILTIN_CATALOG_PATH "/io/github/trainsizer/TrainSizer/catalog.json"

/* The site equipment's records, in the shape of the sections' tables
 * (ts-catalog-reader.c): a declaration a field, alike on purpose. */
#define SWITCH(m) G_STRUCT_OFFSET (TsManagementSwitch, m)
static const RecordField management_switch_fields[] = {
  { "name", FIELD_STRING, SWITCH (name), FIELD_REQUIRED },
  { "ports", FIELD_UINT, SWITCH (ports), FIELD_REQUIRED, 2, 10000 },
  { "rack_units", FIELD_UINT, SWITCH (rack_units), FIELD_REQUIRED, 1, 50 },
  { "power_w", FIELD_NUMBER, SWITCH (power_w), FIELD_REQUIRED, 0, 1e5 },
  { "weight_kg", FIELD_NUMBER, SWITCH (weight_kg), FIELD_REQUIRED, 0, 1e4 },
};

#define PDU(m) G_STRUCT_OFFSET (TsPdu, m)
static const RecordField pdu_fields[] = {
  { "name", FIELD_STRING, PDU (name), FIELD_REQUIRED },
  { "per_rack", FIELD_UINT, PDU (per_rack), FIELD_REQUIRED, 0, 16 },
  { "weight_kg", FIELD_NUMBER, PDU (weight_kg), FIELD_REQUIRED, 0, 1000 },
  /* the input rating: what the engine divides a rack's power by */
  { "input_voltage_v", FIELD_NUMBER, PDU (input_voltage_v), FIELD_REQUIRED, 100, 1000 },
  { "phases", FIELD_UINT, PDU (phases), FIELD_REQUIRED, 1, 3, "1|3", N_("must be 1 or 3") },
  { "amps_per_phase", FIELD_NUMBER, PDU (amps_per_phase), FIELD_REQUIRED, 1, 1000 },
  { "capacity_kw", FIELD_NUMBER, PDU (capacity_kw), FIELD_REQUIRED, 0.1, 1000 },
  { "rack_units", FIELD_UINT, PDU (rack_units), 0, 0, 4 },
  { "outlets_c13", FIELD_UINT, PDU (outlets_c13), 0, 0, 1000 },
  { "outlets_c19", FIELD_UINT, PDU (outlets_c19), 0, 0, 1000 },
};

/* The capacity may be below the input's rating (a derating) but never
 * above it. */
static void
check_pdu_capacity (Reader *r,
                    TsPdu  *p)
{
  double input_kw;

  if (r->failed)
    return;
  /* single phase: V × A; three phases: √3 × V(line to line) × A */
  input_kw = p->input_voltage_v * p->amps_per_phase * (p->phases == 3 ? sqrt (3) : 1) / 1000;
  if (p->capacity_kw > input_kw * 1.01)
    {
      g_autofree char *problem = g_strdup_printf (_("%g kW is more than the input rating gives (%.1f kW)"),
                                                  p->capacity_kw, input_kw);
      _ts_catalog_reader_fail (r, "capacity_kw", problem);
    }
}

static void
read_site_equipment (Reader     *r,
                     JsonObject *obj,
                     TsCatalog  *self)
{
  JsonObject *o;

  r->section = "site_equipment";
  /* the record's name goes in a refusal's message */
  r->id = "management_switch";
  if ((o = _ts_catalog_object_member (r, obj, "management_switch", FALSE)) != NULL)
    {
      self->has_management_switch = TRUE;
      _ts_catalog_read_fields (r, o, &self->management_switch, management_switch_fields,
                   G_N_ELEMENTS (management_switch_fields));
      _ts_catalog_read_provenance (r, o, &self->management_switch.prov);
    }
  r->id = "pdu";
  if (!r->failed && (o = _ts_catalog_object_member (r, obj, "pdu", FALSE)) != NULL)
    {
      self->has_pdu = TRUE;
      _ts_catalog_read_fields (r, o, &self->pdu, pdu_fields, G_N_ELEMENTS (pdu_fields));
      check_pdu_capacity (r, &self->pdu);
      _ts_catalog_read_provenance (r, o, &self->pdu.prov);
    }
  r->section = NULL;
  r->id = NULL;
}

/* id → record for every section; the sections' own reading has refused
 * a duplicate id already. */
static GHashTable *
index_by_id (GArray *records)
{
  GHashTable *index = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; records != NULL && i < records->len; i++)
    {
      gpointer record = records->data + (gsize) i * g_array_get_element_size (records);
      const char *id = *(char **) record;  /* every record starts with its id */

      if (id != NULL)
        g_hash_table_insert (index, (gpointer) id, record);
    }
  return index;
}

static void
index_records (Reader    *r,
               TsCatalog *self)
{
  self->models_by_id = index_by_id (self->models);
  self->gpus_by_id = index_by_id (self->gpus);
  self->servers_by_id = index_by_id (self->servers);
  self->interconnects_by_id = index_by_id (self->interconnects);
  self->networks_by_id = index_by_id (self->networks);
  self->storage_systems_by_id = index_by_id (self->storage_systems);
  self->cdus_by_id = index_by_id (self->cdus);
  self->parts_by_id = index_by_id (self->parts);

  self->mfu_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->section = "mfu_defaults";
  for (guint i = 0; i < self->mfu->len && !r->failed; i++)
    {
      TsMfuDefault *m = &g_array_index (self->mfu, TsMfuDefault, i);
      char key[MFU_KEY_SIZE];

      r->id = m->family;
      if (!_ts_catalog_mfu_key (m->family, m->precision, key, sizeof key))
        continue;
      if (!g_hash_table_insert (self->mfu_by_key, g_strdup (key), m))
        _ts_catalog_reader_fail (r, "precision", _("this family has a row for this precision already"));
    }
  r->section = NULL;
  r->id = NULL;
}

/* A GPU sold only inside its server (SXM, OAM, a module, a superchip)
 * cannot be bought as one card, but a customer asks whether a job fits
 * one of them (issue 27 item 4). For each such GPU without a one-GPU
 * record, the catalog derives one from the first server that holds it:
 * one GPU of that server, a one-GPU job on the whole server, whose power,
 * space and price it keeps; at most one server (more GPUs are the
 * server's own record). Its id is “1x-” and the GPU's id; its name the
 * GPU's and, in brackets, the server's. GPUs no server of the catalog
 * holds get none. */
static void
add_one_gpu_servers (TsCatalog *self)
{
  guint n = self->servers->len;

  for (guint g = 0; g < self->gpus->len; g++)
    {
      const TsGpu *gpu = &g_array_index (self->gpus, TsGpu, g);
      const TsServer *host = NULL;
      g_autofree char *id = NULL;
      TsServer one;

      if (gpu->id == NULL || g_strcmp0 (gpu->form_factor, "PCIe") == 0)
        continue;
      id = g_strconcat ("1x-", gpu->id, NULL);
      for (guint i = 0; i < n; i++)
        {
          const TsServer *s = &g_array_index (self->servers, TsServer, i);

          if (g_strcmp0 (s->gpu_id, gpu->id) != 0)
            continue;
          if (s->gpu_count == 1 || g_strcmp0 (s->id, id) == 0)
            {
              host = NULL;
              break;
            }
          if (host == NULL)
            host = s;
        }
      if (host == NULL)
        continue;
      _ts_catalog_record_copy (&_ts_catalog_server_records, &one, host);
      g_free (one.id);
      one.id = g_steal_pointer (&id);
      g_free (one.name);
      one.name = g_strdup_printf ("%s (%s)", gpu->name, host->name);
      g_free (one.one_gpu_of);
      one.one_gpu_of = g_strdup (host->id);
      one.article = FALSE;
      one.gpu_memory_label_gb = host->gpu_memory_label_gb / host->gpu_count;
      one.gpu_count = 1;
      one.nvlink_domain_gpus = 1;
      one.max_servers = 1;
      g_array_append_val (self->servers, one);
    }
}

/* Resolve the ids records use to point at each other. */

/* “5+1”: five PSUs carry the load, one is spare; “none”: all needed.
 * Parsed once here rather than for every option of every plan. */
static guint
psu_active (const TsServer *server)
{
  const char *text = server->psu_redundancy != NULL ? server->psu_redundancy : "";
  const char *plus = strchr (text, '+');
  g_autofree char *head = g_strndup (text, plus != NULL ? (gsize) (plus - text) : strlen (text));
  guint64 active = 0;

  if (!g_ascii_string_to_unsigned (head, 10, 1, 1000, &active, NULL))
    return server->psu_count;
  return (guint) active;
}

/* Where tensor parallelism may run: the whole server behind NVSwitch
 * (the default for a training-capable link), one GPU over PCIe, or the
 * cards one NVLink bridge joins (H200 NVL, 2- or 4-way), whose link is
 * then the bridge. */
static void
resolve_nvlink_domain (Reader   *r,
                       TsServer *s)
{
  if (s->nvlink_domain_gpus == 0)
    {
      s->nvlink_domain_gpus = s->interconnect->training_capable ? s->gpu_count : 1;
      return;
    }
  if (s->nvlink_domain_gpus > s->gpu_count || s->gpu_count % s->nvlink_domain_gpus != 0)
    _ts_catalog_reader_fail (r, "nvlink_domain_gpus", _("must divide gpu_count (GPUs in equal domains)"));
  else if (s->nvlink_domain_gpus > 1 && !s->interconnect->training_capable)
    _ts_catalog_reader_fail (r, "nvlink_domain_gpus",
                 _("is more than 1, but interconnect_id names a link that is not training-capable; name the NVLink or HCCS link"));
}

/* A network's part by id, of the kind it must be (NULL id: none). */
static const TsPart *
link_part (Reader          *r,
           const TsCatalog *self,
           const char      *field,
           const char      *id,
           const char      *kind)
{
  const TsPart *part;

  if (id == NULL || r->failed)
    return NULL;
  part = ts_catalog_find_part (self, id);
  if (part == NULL)
    _ts_catalog_reader_fail (r, field, _("names no part in the catalog"));
  else if (g_strcmp0 (part->part, kind) != 0)
    _ts_catalog_reader_fail (r, field, g_strcmp0 (kind, "cable") == 0 ? _("names a part that is not a cable")
                                                                     : _("names a part that is not a transceiver"));
  return part;
}

/* The name fields a network's parts give it: the part records are the
 * one place of their names, ports and prices. */
static void
take_part_name (char       **field,
                const TsPart *part)
{
  if (part == NULL)
    return;
  g_free (*field);
  *field = g_strdup (part->name);
}

static void
link_network_parts (Reader    *r,
                    TsCatalog *self)
{
  r->section = "networks";
  for (guint i = 0; i < self->networks->len && !r->failed; i++)
    {
      TsNetwork *n = &g_array_index (self->networks, TsNetwork, i);

      r->id = n->id;
      n->transceiver = link_part (r, self, "transceiver_id", n->transceiver_id, "transceiver");
      n->node_transceiver = link_part (r, self, "node_transceiver_id", n->node_transceiver_id, "transceiver");
      n->optical_cable = link_part (r, self, "optical_cable_id", n->optical_cable_id, "cable");
      n->copper_cable = link_part (r, self, "copper_cable_id", n->copper_cable_id, "cable");
      n->switch_copper_cable = link_part (r, self, "switch_copper_cable_id", n->switch_copper_cable_id, "cable");
      if (r->failed)
        break;
      take_part_name (&n->transceiver_model, n->transceiver);
      take_part_name (&n->node_transceiver_model, n->node_transceiver);
      take_part_name (&n->optical_cable_model, n->optical_cable);
      take_part_name (&n->copper_cable_model, n->copper_cable);
      if (n->transceiver != NULL)
        {
          n->transceiver_ports = MAX (1u, n->transceiver->ports);
          if (n->transceiver->price_usd > 0)
            n->transceiver_price_usd = n->transceiver->price_usd;
        }
    }
}

static void
link_records (Reader    *r,
              TsCatalog *self)
{
  link_network_parts (r, self);

  r->section = "gpus";
  for (guint i = 0; i < self->gpus->len && !r->failed; i++)
    {
      TsGpu *g = &g_array_index (self->gpus, TsGpu, i);

      r->id = g->id;
      if (ts_catalog_find_interconnect (self, g->interconnect_id) == NULL)
        _ts_catalog_reader_fail (r, "interconnect_id", _("names no interconnect in the catalog"));
      else if (ts_catalog_get_mfu (self, g->family, "bf16") <= 0)
        _ts_catalog_reader_fail (r, "family", _("has no BF16 utilisation default in mfu_defaults"));
    }

  r->section = "servers";
  for (guint i = 0; i < self->servers->len && !r->failed; i++)
    {
      TsServer *s = &g_array_index (self->servers, TsServer, i);

      r->id = s->id;
      s->psu_active = psu_active (s);
      s->gpu = ts_catalog_find_gpu (self, s->gpu_id);
      s->interconnect = ts_catalog_find_interconnect (self, s->interconnect_id);
      s->network = ts_catalog_find_network (self, s->network_id);
      if (s->gpu == NULL)
        _ts_catalog_reader_fail (r, "gpu_id", _("names no GPU in the catalog"));
      else if (s->interconnect == NULL)
        _ts_catalog_reader_fail (r, "interconnect_id", _("names no interconnect in the catalog"));
      else if (s->network == NULL)
        _ts_catalog_reader_fail (r, "network_id", _("names no network in the catalog"));
      else
        resolve_nvlink_domain (r, s);
    }
  r->section = NULL;
  r->id = NULL;
}

static gboolean
is_known_section (const char *key)
{
  if (strcmp (key, "schema_version") == 0 || strcmp (key, "catalog_version") == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (record_sections); i++)
    if (strcmp (key, record_sections[i]) == 0)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (object_sections); i++)
    if (strcmp (key, object_sections[i]) == 0)
      return TRUE;
  return FALSE;
}

/* A misspelt section (“servrs”) would otherwise be skipped in silence,
 * and with it every record the user meant to add. */
void
_ts_catalog_check_sections (Reader     *r,
                JsonObject *root)
{
  g_autoptr(GList) keys = json_object_get_members (root);

  for (GList *l = keys; l != NULL && !r->failed; l = l->next)
    if (!is_known_section (l->data))
      {
        /* a hostile key must not reach the message either */
        if (_ts_catalog_check_text (r, "(section)", l->data))
          _ts_catalog_reader_fail (r, l->data, _("is not a catalog section"));
      }
}

/* Whose catalog it is: the vendor's name, quote address and logo. */
static void
read_vendor (Reader     *r,
             JsonObject *root,
             TsCatalog  *self)
{
  JsonObject *obj = _ts_catalog_object_member (r, root, "vendor", TRUE);

  if (obj == NULL)
    return;
  r->section = "vendor";
  self->vendor_name = _ts_catalog_read_string (r, obj, "name", TRUE);
  self->quote_email = _ts_catalog_read_string (r, obj, "quote_email", TRUE);
  /* the vendor's logo for its spec sheets: a path relative to the
   * catalog file (resolved by the constructor that knows the file) */
  self->vendor_logo = _ts_catalog_read_string (r, obj, "logo", FALSE);
  r->section = NULL;
}

/* The sources every record names: read first, so that a record naming
 * an unknown one is refused. */
static void
read_sources (Reader     *r,
              JsonObject *root,
              TsCatalog  *self)
{
  self->sources = _ts_catalog_read_section (r, root, &_ts_catalog_source_records);
  r->source_ids = g_hash_table_new (g_str_hash, g_str_equal);
  /* A record that failed to read has no id; the reader has already
   * failed, but the sections below still run (and report nothing new). */
  for (guint i = 0; i < self->sources->len; i++)
    if (g_array_index (self->sources, TsSource, i).id != NULL)
      g_hash_table_add (r->source_ids, g_array_index (self->sources, TsSource, i).id);
}

/* The unit conversions of the site's figures. */
static void
read_constants (Reader     *r,
                JsonObject *root,
                TsCatalog  *self)
{
  JsonObject *obj = _ts_catalog_object_member (r, root, "constants", TRUE);

  if (obj == NULL)
    return;
  r->section = "constants";
  self->btu_h_per_kw = _ts_catalog_read_number (r, obj, "btu_h_per_kw", 3000, 4000, TRUE);
  self->btu_h_per_ton = _ts_catalog_read_number (r, obj, "btu_h_per_ton", 10000, 14000, TRUE);
  self->mm_per_u = _ts_catalog_read_number (r, obj, "mm_per_u", 40, 50, TRUE);
  r->section = NULL;
}

/* The records, section by section in the order they name one another. */
static void
read_record_sections (Reader     *r,
                      JsonObject *root,
                      TsCatalog  *self)
{
  self->models = _ts_catalog_read_section (r, root, &_ts_catalog_model_records);
  self->interconnects = _ts_catalog_read_section (r, root, &_ts_catalog_interconnect_records);
  self->networks = _ts_catalog_read_section (r, root, &_ts_catalog_network_records);
  self->gpus = _ts_catalog_read_section (r, root, &_ts_catalog_gpu_records);
  self->servers = _ts_catalog_read_section (r, root, &_ts_catalog_server_records);
  self->mfu = _ts_catalog_read_section (r, root, &_ts_catalog_mfu_records);
  self->storage_systems = _ts_catalog_read_section (r, root, &_ts_catalog_storage_system_records);
  self->cdus = _ts_catalog_read_section (r, root, &_ts_catalog_cdu_records);
  self->parts = _ts_catalog_read_section (r, root, &_ts_catalog_part_records);
}

/* The training rules the catalog sets for every plan. */
static void
read_training (Reader     *r,
               JsonObject *root,
               TsCatalog  *self)
{
  JsonObject *obj = _ts_catalog_object_member (r, root, "training", TRUE);

  if (obj == NULL)
    return;
  r->section = "training";
  self->availability_factor = _ts_catalog_read_number (r, obj, "availability_factor", 0.1, 1, TRUE);
  self->pcie_mfu_factor = _ts_catalog_read_number (r, obj, "pcie_multi_gpu_mfu_factor", 0.05, 1, TRUE);
  r->section = NULL;
}

/* What only the whole file can check: the sections' types, the one-GPU
 * servers derived from others, the id indexes and the links between
 * records; each only while nothing has failed. */
static void
finish_catalog (Reader     *r,
                JsonObject *root,
                TsCatalog  *self)
{
  /* last, so that a section of the wrong type is named as such */
  if (!r->failed)
    _ts_catalog_check_sections (r, root);
  if (!r->failed)
    add_one_gpu_servers (self);
  if (!r->failed)
    index_records (r, self);
  if (!r->failed)
    link_records (r, self);
}

static gboolean
load_root (TsCatalog  *self,
           JsonNode   *root_node,
           GHashTable *origins,
           GError    **error)
{
  Reader r = { .file = self->name, .origins = origins, .error = error };
  JsonObject *root;
  JsonObject *obj;
  double schema;

  if (!JSON_NODE_HOLDS_OBJECT (root_node))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_CATALOG, _("%s: the catalog must be a JSON object"), self->name);
      return FALSE;
    }
  root = json_node_get_object (root_node);

  schema = _ts_catalog_read_number (&r, root, "schema_version", 0, 1e6, TRUE);
  if (!r.failed && schema != TS_CATALOG_SCHEMA_VERSION)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_CATALOG,
                   _("%s: schema version %g is not supported (this version reads %d)"),
                   self->name, schema, TS_CATALOG_SCHEMA_VERSION);
      return FALSE;
    }
  self->version = _ts_catalog_read_string (&r, root, "catalog_version", TRUE);
  read_vendor (&r, root, self);
  read_sources (&r, root, self);
  read_constants (&r, root, self);
  read_record_sections (&r, root, self);
  read_training (&r, root, self);
  if (!r.failed && (obj = _ts_catalog_object_member (&r, root, "site_equipment", FALSE)) != NULL)
    read_site_equipment (&r, obj, self);
  finish_catalog (&r, root, self);

  g_hash_table_unref (r.source_ids);
  return !r.failed;
}

static TsCatalog *
catalog_alloc (const char *name)
{
  TsCatalog *self = g_new0 (TsCatalog, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->name = g_strdup (name);
  return self;
}

TsCatalog *
_ts_catalog_catalog_from_node (JsonNode   *root,
                   const char *name,
                   GHashTable *origins,
                   GError    **error)
{
  TsCatalog *self = catalog_alloc (name);

  if (!load_root (self, root, origins, error))
    {
      ts_catalog_unref (self);
      return NULL;
    }
  return self;
}

/* Through the resource itself, so static linking keeps it. */
GBytes *
_ts_catalog_lookup_builtin (GError **error)
{
  return g_resource_lookup_data (ts_catalog_get_resource (), BUILTIN_CATALOG_PATH,
                                 G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

JsonNode *
_ts_catalog_builtin_root (GError **error)
{
  g_autoptr(GBytes) bytes = _ts_catalog_lookup_builtin (error);
  gsize size = 0;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  return ts_json_parse (data, size, "catalog.json", error);
}
