/* ts-catalog-reader.c — the fields and records of one catalog file:
 * strings, numbers and the text checks, provenance and estimates, each
 * kind of record and a section of them; every error names the file, the
 * record and the field
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-catalog-private.h"
#include "ts-error.h"

#define BYTES_PER_GIB        1073741824.0

void
reader_fail (Reader     *r,
             const char *field,
             const char *problem)
{
  if (r->failed)
    return;
  r->failed = TRUE;

  if (r->id != NULL)
    g_set_error (r->error, TS_ERROR, TS_ERROR_CATALOG,
                 /* Translators: “catalog.json: servers “dgx-h200”, field “max_power_kw”: missing” */
                 _("%s: %s “%s”, field “%s”: %s"), r->file, r->section, r->id, field, problem);
  else if (r->section != NULL)
    g_set_error (r->error, TS_ERROR, TS_ERROR_CATALOG,
                 _("%s: %s, field “%s”: %s"), r->file, r->section, field, problem);
  else
    g_set_error (r->error, TS_ERROR, TS_ERROR_CATALOG,
                 _("%s: field “%s”: %s"), r->file, field, problem);
}

JsonNode *
member (Reader     *r,
        JsonObject *obj,
        const char *field,
        gboolean    required)
{
  JsonNode *node = json_object_get_member (obj, field);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        reader_fail (r, field, _("missing"));
      return NULL;
    }
  return node;
}

JsonObject *
object_member (Reader     *r,
               JsonObject *obj,
               const char *field,
               gboolean    required)
{
  JsonNode *node = member (r, obj, field, required);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      reader_fail (r, field, _("must be an object"));
      return NULL;
    }
  return json_node_get_object (node);
}

/* Notes, claims, URLs and the reasons of estimates are prose; every
 * other string is a name or a short label. */
static gsize
max_chars_of (const char *field)
{
  static const char *const prose[] = { "notes", "claims", "url", "estimates" };

  for (guint i = 0; i < G_N_ELEMENTS (prose); i++)
    if (strcmp (field, prose[i]) == 0)
      return TS_CATALOG_MAX_TEXT_CHARS;
  return TS_CATALOG_MAX_NAME_CHARS;
}

/* C0 and C1 controls (ESC can restyle a terminal, a line break can fake
 * a line of output) and the marks that reorder text (U+202E shows
 * “1.2 kW” as “Wk 2.1”) have no place in a name or a note; every one of
 * these strings reaches the window, the spec sheet or a terminal. */
static gboolean
is_hidden_control (gunichar c)
{
  return c < 0x20 || (c >= 0x7f && c <= 0x9f)
         || c == 0x061c                       /* Arabic letter mark */
         || c == 0x200e || c == 0x200f        /* left-to-right, right-to-left marks */
         || (c >= 0x202a && c <= 0x202e)      /* embeddings and overrides */
         || (c >= 0x2066 && c <= 0x2069);     /* isolates */
}

/* Refuses text the reader must not pass on: hidden controls, and more
 * characters than the field's limit. The JSON reader has validated the
 * UTF-8 already. */
gboolean
check_text (Reader     *r,
            const char *field,
            const char *text)
{
  gsize max = max_chars_of (field);
  gsize n = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (is_hidden_control (c))
        {
          /* Translators: “U+202E at character 5”: a character that may not be in catalog text */
          g_autofree char *problem = g_strdup_printf (_("contains the control character or direction mark U+%04X at character %u; remove it"),
                                                      (guint) c, (guint) n + 1);
          reader_fail (r, field, problem);
          return FALSE;
        }
      if (n >= max)
        {
          g_autofree char *problem = g_strdup_printf (_("is longer than %u characters"), (guint) max);
          reader_fail (r, field, problem);
          return FALSE;
        }
    }
  return TRUE;
}

char *
read_string (Reader     *r,
             JsonObject *obj,
             const char *field,
             gboolean    required)
{
  JsonNode *node = member (r, obj, field, required);

  if (node == NULL)
    return NULL;
  if (json_node_get_value_type (node) != G_TYPE_STRING)
    {
      reader_fail (r, field, _("must be a string"));
      return NULL;
    }
  if (required && *json_node_get_string (node) == '\0')
    {
      reader_fail (r, field, _("must not be empty"));
      return NULL;
    }
  if (!check_text (r, field, json_node_get_string (node)))
    return NULL;
  return g_strdup (json_node_get_string (node));
}

double
read_number (Reader     *r,
             JsonObject *obj,
             const char *field,
             double      min,
             double      max,
             gboolean    required)
{
  JsonNode *node = member (r, obj, field, required);
  GType type;
  double value;

  if (node == NULL)
    return 0;
  type = json_node_get_value_type (node);
  if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE
      || (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE))
    {
      reader_fail (r, field, _("must be a number"));
      return 0;
    }
  value = json_node_get_double (node);
  if (!isfinite (value) || value < min || value > max)
    {
      g_autofree char *problem = g_strdup_printf (_("%g is out of range (%g to %g)"), value, min, max);
      reader_fail (r, field, problem);
      return 0;
    }
  return value;
}

guint
read_uint (Reader     *r,
           JsonObject *obj,
           const char *field,
           guint       min,
           guint       max,
           gboolean    required)
{
  double value = read_number (r, obj, field, min, max, required);

  if (!r->failed && value != floor (value))
    reader_fail (r, field, _("must be a whole number"));
  return (guint) value;
}

static gboolean
read_bool (Reader     *r,
           JsonObject *obj,
           const char *field,
           gboolean    required)
{
  JsonNode *node = member (r, obj, field, required);

  if (node == NULL)
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      reader_fail (r, field, _("must be true or false"));
      return FALSE;
    }
  return json_node_get_boolean (node);
}

static char **
read_string_array (Reader     *r,
                   JsonObject *obj,
                   const char *field,
                   gboolean    required)
{
  JsonNode *node = member (r, obj, field, required);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      reader_fail (r, field, _("must be a list of strings"));
      return NULL;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      if (json_node_get_value_type (item) != G_TYPE_STRING)
        {
          reader_fail (r, field, _("must be a list of strings"));
          return NULL;
        }
      if (!check_text (r, field, json_node_get_string (item)))
        return NULL;
      g_strv_builder_add (builder, json_node_get_string (item));
    }
  return g_strv_builder_end (builder);
}

static gboolean
valid_id (const char *id)
{
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-' && *p != '.' && *p != '_')
      return FALSE;
  return *id != '\0';
}

/* Fields that describe the record rather than hold one of its figures:
 * they cannot be estimates. */
static gboolean
is_figure_field (const char *field)
{
  static const char *const not_figures[] = { "id", "confidence", "source", "notes", "estimates" };

  for (guint i = 0; i < G_N_ELEMENTS (not_figures); i++)
    if (strcmp (field, not_figures[i]) == 0)
      return FALSE;
  return TRUE;
}

/* "estimates": {"max_power_kw": "why", …}: which of the record's figures
 * are estimates, so that tables and the spec sheet can mark them. Each
 * must name a figure the record has (a misspelt field would mark
 * nothing), with a reason. */
static void
read_estimates (Reader       *r,
                JsonObject   *obj,
                TsProvenance *prov)
{
  JsonNode *node = member (r, obj, "estimates", FALSE);
  g_autoptr(GStrvBuilder) fields = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *estimates;

  if (node == NULL || r->failed)
    return;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      reader_fail (r, "estimates", _("must be an object of field names and reasons"));
      return;
    }
  estimates = json_node_get_object (node);
  fields = g_strv_builder_new ();
  prov->estimates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  members = json_object_get_members (estimates);  /* in the file's order */
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *field = l->data;
      JsonNode *reason = json_object_get_member (estimates, field);

      if (!check_text (r, "estimates", field))
        return;
      if (!is_figure_field (field) || !json_object_has_member (obj, field))
        {
          g_autofree char *problem = g_strdup_printf (_("names “%s”, which is not a figure of this record"), field);
          reader_fail (r, "estimates", problem);
          return;
        }
      if (json_node_get_value_type (reason) != G_TYPE_STRING || *json_node_get_string (reason) == '\0')
        {
          g_autofree char *problem = g_strdup_printf (_("“%s” must give the reason as text"), field);
          reader_fail (r, "estimates", problem);
          return;
        }
      if (!check_text (r, "estimates", json_node_get_string (reason)))
        return;
      g_strv_builder_add (fields, field);
      g_hash_table_insert (prov->estimates, g_strdup (field), g_strdup (json_node_get_string (reason)));
    }
  prov->estimate_fields = g_strv_builder_end (fields);

  /* “verified” promises every figure comes from a source */
  if (prov->confidence == TS_CONFIDENCE_VERIFIED && prov->estimate_fields[0] != NULL)
    reader_fail (r, "confidence", _("cannot be “verified” for a record with estimates"));
}

void
read_provenance (Reader       *r,
                 JsonObject   *obj,
                 TsProvenance *prov)
{
  g_autofree char *confidence = read_string (r, obj, "confidence", TRUE);

  if (r->failed)
    return;
  if (g_strcmp0 (confidence, "verified") == 0)
    prov->confidence = TS_CONFIDENCE_VERIFIED;
  else if (g_strcmp0 (confidence, "derived") == 0)
    prov->confidence = TS_CONFIDENCE_DERIVED;
  else if (g_strcmp0 (confidence, "unverified") == 0)
    prov->confidence = TS_CONFIDENCE_UNVERIFIED;
  else
    {
      reader_fail (r, "confidence", _("must be “verified”, “derived” or “unverified”"));
      return;
    }

  prov->sources = read_string_array (r, obj, "source", TRUE);
  if (r->failed)
    return;
  if (prov->sources[0] == NULL)
    {
      reader_fail (r, "source", _("must name at least one source"));
      return;
    }
  for (guint i = 0; prov->sources[i]; i++)
    if (!g_hash_table_contains (r->source_ids, prov->sources[i]))
      {
        g_autofree char *problem = g_strdup_printf (_("unknown source “%s”"), prov->sources[i]);
        reader_fail (r, "source", problem);
        return;
      }
  prov->notes = read_string (r, obj, "notes", FALSE);
  read_estimates (r, obj, prov);
}

void
provenance_clear (TsProvenance *prov)
{
  g_clear_pointer (&prov->sources, g_strfreev);
  g_clear_pointer (&prov->notes, g_free);
  g_clear_pointer (&prov->estimate_fields, g_strfreev);
  g_clear_pointer (&prov->estimates, g_hash_table_unref);
}

/* ---- records ---------------------------------------------------------- */

/* Each kind of record has its clear () and its reader, one line a field:
 * the same shape from kind to kind (a duplicate finder pairs them), kept
 * so deliberately — the fields, their ranges and whether they are
 * required are what differs, and a line each reads as the format's
 * specification. */

void
source_clear (gpointer data)
{
  TsSource *s = data;

  g_free (s->id);
  g_free (s->title);
  g_free (s->url);
  g_free (s->kind);
  g_free (s->retrieved);
}

static void
read_source (Reader     *r,
             JsonObject *obj,
             TsSource   *s)
{
  s->id = read_string (r, obj, "id", TRUE);
  r->id = s->id;
  s->title = read_string (r, obj, "title", TRUE);
  s->url = read_string (r, obj, "url", FALSE);
  s->kind = read_string (r, obj, "kind", TRUE);
  s->retrieved = read_string (r, obj, "retrieved", FALSE);
}

void
catalog_model_clear (gpointer data)
{
  TsCatalogModel *m = data;

  ts_model_clear (&m->model);
  provenance_clear (&m->prov);
}

static void
read_architecture (Reader         *r,
                   JsonObject     *obj,
                   TsArchitecture *a)
{
  g_autofree char *mlp = NULL;

  a->layers = read_uint (r, obj, "layers", 1, 10000, TRUE);
  a->hidden_size = read_uint (r, obj, "hidden_size", 1, 1048576, TRUE);
  a->attention_heads = read_uint (r, obj, "attention_heads", 1, 65536, TRUE);
  a->kv_heads = read_uint (r, obj, "kv_heads", 1, 65536, TRUE);
  a->head_dim = read_uint (r, obj, "head_dim", 0, 65536, TRUE);
  a->ffn_size = read_uint (r, obj, "ffn_size", 0, 1048576, TRUE);
  mlp = read_string (r, obj, "mlp", TRUE);
  if (!r->failed && !ts_mlp_kind_from_string (mlp, &a->mlp))
    reader_fail (r, "mlp", _("must be “gelu”, “swiglu” or “geglu”"));
  a->vocab_size = read_uint (r, obj, "vocab_size", 1, 16777216, TRUE);
  a->tied_embeddings = read_bool (r, obj, "tied_embeddings", TRUE);
  a->dropout = read_bool (r, obj, "dropout", TRUE);
  a->qkv_bias = read_bool (r, obj, "qkv_bias", FALSE);
  a->experts = read_uint (r, obj, "experts", 0, 65536, TRUE);
  a->active_experts = read_uint (r, obj, "active_experts", 0, 65536, TRUE);
  a->shared_experts = read_uint (r, obj, "shared_experts", 0, 65536, TRUE);
  a->expert_ffn_size = read_uint (r, obj, "expert_ffn_size", 0, 1048576, TRUE);
  a->dense_layers = read_uint (r, obj, "dense_layers", 0, 10000, TRUE);
  a->q_lora_rank = read_uint (r, obj, "q_lora_rank", 0, 1048576, FALSE);
  a->kv_lora_rank = read_uint (r, obj, "kv_lora_rank", 0, 1048576, FALSE);
  a->qk_nope_head_dim = read_uint (r, obj, "qk_nope_head_dim", 0, 65536, FALSE);
  a->qk_rope_head_dim = read_uint (r, obj, "qk_rope_head_dim", 0, 65536, FALSE);
  a->v_head_dim = read_uint (r, obj, "v_head_dim", 0, 65536, FALSE);

  /* MLA models have no single head_dim: size activations by the query/key
   * head width instead. */
  if (!r->failed && a->head_dim == 0)
    a->head_dim = a->qk_nope_head_dim + a->qk_rope_head_dim;
}

static void
read_model (Reader         *r,
            JsonObject     *obj,
            TsCatalogModel *m)
{
  JsonObject *arch;
  g_autoptr(GError) arch_error = NULL;

  m->model.id = read_string (r, obj, "id", TRUE);
  r->id = m->model.id;
  m->model.name = read_string (r, obj, "name", TRUE);
  m->model.family = read_string (r, obj, "family", TRUE);
  m->model.vendor = read_string (r, obj, "vendor", TRUE);
  m->model.published_params = read_number (r, obj, "published_params", TS_MODEL_MIN_PARAMS, TS_MODEL_MAX_PARAMS, TRUE);
  m->model.active_params = read_number (r, obj, "published_active_params", 0, TS_MODEL_MAX_PARAMS, FALSE);
  m->model.hf_id = read_string (r, obj, "hf_id", FALSE);  /* the export's base model */

  arch = object_member (r, obj, "architecture", TRUE);
  if (r->failed)
    return;
  read_architecture (r, arch, &m->model.arch);
  if (r->failed)
    return;
  if (!ts_architecture_validate (&m->model.arch, &arch_error))
    {
      reader_fail (r, "architecture", arch_error->message);
      return;
    }

  m->model.has_architecture = TRUE;
  /* Size by the published count (what the vendor states and the article
   * uses); the architecture drives activations and LoRA. */
  m->model.params = m->model.published_params;
  if (m->model.active_params <= 0)
    m->model.active_params = ts_architecture_is_moe (&m->model.arch)
                             ? ts_architecture_active_params (&m->model.arch)
                             : m->model.params;

  read_provenance (r, obj, &m->prov);
}

void
interconnect_clear (gpointer data)
{
  TsInterconnect *l = data;

  g_free (l->id);
  g_free (l->name);
  g_free (l->kind);
  provenance_clear (&l->prov);
}

static void
read_interconnect (Reader         *r,
                   JsonObject     *obj,
                   TsInterconnect *l)
{
  l->id = read_string (r, obj, "id", TRUE);
  r->id = l->id;
  l->name = read_string (r, obj, "name", TRUE);
  l->kind = read_string (r, obj, "kind", TRUE);
  l->training_capable = read_bool (r, obj, "training_capable", TRUE);
  l->bw_gb_s_bidir = read_number (r, obj, "bw_gb_s_per_gpu_bidir", 0.001, 1e6, TRUE);
  l->bw_gb_s_unidir = read_number (r, obj, "bw_gb_s_per_gpu_unidir", 0.001, 1e6, TRUE);
  read_provenance (r, obj, &l->prov);
}

void
network_clear (gpointer data)
{
  TsNetwork *n = data;

  g_free (n->id);
  g_free (n->name);
  g_free (n->family);
  g_free (n->nic_model);
  g_free (n->switch_model);
  provenance_clear (&n->prov);
}

static void
read_network (Reader     *r,
              JsonObject *obj,
              TsNetwork  *n)
{
  n->id = read_string (r, obj, "id", TRUE);
  r->id = n->id;
  n->name = read_string (r, obj, "name", TRUE);
  n->family = read_string (r, obj, "family", TRUE);
  n->port_gbps = read_number (r, obj, "port_gbps", 1, 1e5, TRUE);
  n->nic_model = read_string (r, obj, "nic_model", TRUE);
  n->switch_model = read_string (r, obj, "switch_model", TRUE);
  n->switch_ports = read_uint (r, obj, "switch_ports", 2, 10000, TRUE);
  n->switch_rack_units = read_uint (r, obj, "switch_rack_units", 1, 50, TRUE);
  n->switch_power_w = read_number (r, obj, "switch_power_w", 0, 1e5, TRUE);
  n->switch_weight_kg = read_number (r, obj, "switch_weight_kg", 0, 1e4, TRUE);
  read_provenance (r, obj, &n->prov);
}

void
gpu_clear (gpointer data)
{
  TsGpu *g = data;

  g_free (g->id);
  g_free (g->name);
  g_free (g->vendor);
  g_free (g->architecture);
  g_free (g->family);
  g_free (g->form_factor);
  g_free (g->memory_type);
  g_free (g->interconnect_id);
  provenance_clear (&g->prov);
}

static void
read_gpu (Reader     *r,
          JsonObject *obj,
          TsGpu      *g)
{
  g->id = read_string (r, obj, "id", TRUE);
  r->id = g->id;
  g->name = read_string (r, obj, "name", TRUE);
  g->vendor = read_string (r, obj, "vendor", TRUE);
  g->architecture = read_string (r, obj, "architecture", TRUE);
  g->family = read_string (r, obj, "family", TRUE);
  g->form_factor = read_string (r, obj, "form_factor", TRUE);
  g->memory_gib = read_number (r, obj, "memory_gib", 1, 1e5, TRUE);
  g->memory_bytes = g->memory_gib * BYTES_PER_GIB;
  g->memory_type = read_string (r, obj, "memory_type", TRUE);
  g->memory_bw_tb_s = read_number (r, obj, "memory_bw_tb_s", 0.01, 1000, TRUE);
  g->tflops_bf16 = read_number (r, obj, "tflops_bf16", 0.1, 1e6, TRUE);
  g->tflops_fp16 = read_number (r, obj, "tflops_fp16", 0, 1e6, TRUE);
  g->tflops_fp8 = read_number (r, obj, "tflops_fp8", 0, 1e6, TRUE);
  g->tdp_w = read_number (r, obj, "tdp_w", 1, 1e5, TRUE);
  g->interconnect_id = read_string (r, obj, "interconnect_id", TRUE);
  g->price_usd = read_number (r, obj, "price_usd", 0, 1e9, FALSE);
  read_provenance (r, obj, &g->prov);
}

void
server_clear (gpointer data)
{
  TsServer *s = data;

  g_free (s->id);
  g_free (s->name);
  g_free (s->vendor);
  g_free (s->kind);
  g_free (s->gpu_id);
  g_free (s->interconnect_id);
  g_free (s->cpu_model);
  g_free (s->os_storage);
  g_free (s->compute_nic_model);
  g_free (s->network_id);
  g_free (s->psu_redundancy);
  g_free (s->cooling);
  g_strfreev (s->claims);
  provenance_clear (&s->prov);
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
read_server (Reader     *r,
             JsonObject *obj,
             TsServer   *s)
{
  guint active = 0;
  guint spare = 0;

  s->id = read_string (r, obj, "id", TRUE);
  r->id = s->id;
  s->name = read_string (r, obj, "name", TRUE);
  s->vendor = read_string (r, obj, "vendor", TRUE);
  s->kind = read_string (r, obj, "kind", TRUE);
  if (!r->failed && g_strcmp0 (s->kind, "server") != 0 && g_strcmp0 (s->kind, "rack") != 0
      && g_strcmp0 (s->kind, "workstation") != 0)
    reader_fail (r, "kind", _("must be “server”, “rack” or “workstation”"));
  s->article = read_bool (r, obj, "article", TRUE);
  s->gpu_id = read_string (r, obj, "gpu_id", TRUE);
  s->gpu_count = read_uint (r, obj, "gpu_count", 1, 1024, TRUE);
  s->gpu_memory_label_gb = read_number (r, obj, "gpu_memory_label_gb", 1, 1e7, TRUE);
  s->interconnect_id = read_string (r, obj, "interconnect_id", TRUE);
  s->cpu_model = read_string (r, obj, "cpu_model", TRUE);
  s->cpu_sockets = read_uint (r, obj, "cpu_sockets", 1, 256, TRUE);
  s->cpu_cores_per_socket = read_uint (r, obj, "cpu_cores_per_socket", 1, 1024, TRUE);
  s->ram_gb = read_number (r, obj, "ram_gb", 1, 1e6, TRUE);
  s->ram_gb_max = read_number (r, obj, "ram_gb_max", 1, 1e6, TRUE);
  s->os_storage = read_string (r, obj, "os_storage", TRUE);
  s->nvme_data_count = read_uint (r, obj, "nvme_data_count", 0, 1024, TRUE);
  s->nvme_data_tb_each = read_number (r, obj, "nvme_data_tb_each", 0, 1e4, TRUE);
  s->nvme_write_gb_s = read_number (r, obj, "nvme_write_gb_s", 0, 1e5, TRUE);
  s->compute_nic_count = read_uint (r, obj, "compute_nic_count", 0, 1024, TRUE);
  s->compute_nic_gbps = read_number (r, obj, "compute_nic_gbps", 0, 1e5, TRUE);
  s->compute_nic_model = read_string (r, obj, "compute_nic_model", TRUE);
  s->network_id = read_string (r, obj, "network_id", TRUE);
  s->storage_nic_count = read_uint (r, obj, "storage_nic_count", 0, 1024, TRUE);
  s->storage_nic_gbps = read_number (r, obj, "storage_nic_gbps", 0, 1e5, TRUE);
  s->psu_count = read_uint (r, obj, "psu_count", 1, 1024, TRUE);
  s->psu_w = read_number (r, obj, "psu_w", 1, 1e6, TRUE);
  s->psu_redundancy = read_string (r, obj, "psu_redundancy", TRUE);
  s->max_power_kw = read_number (r, obj, "max_power_kw", 0.01, 1e4, TRUE);
  s->heat_btu_h = read_number (r, obj, "heat_btu_h", 0, 1e8, FALSE);
  s->rack_units = read_uint (r, obj, "rack_units", 1, 60, TRUE);
  s->height_mm = read_number (r, obj, "height_mm", 1, 3000, TRUE);
  s->weight_kg = read_number (r, obj, "weight_kg", 0.1, 1e5, TRUE);
  s->cooling = read_string (r, obj, "cooling", TRUE);
  if (!r->failed && g_strcmp0 (s->cooling, "air") != 0 && g_strcmp0 (s->cooling, "liquid") != 0
      && g_strcmp0 (s->cooling, "hybrid") != 0)
    reader_fail (r, "cooling", _("must be “air”, “liquid” or “hybrid”"));
  s->max_servers = read_uint (r, obj, "max_servers", 0, 1000000, TRUE);
  s->price_usd = read_number (r, obj, "price_usd", 0, 1e10, FALSE);
  s->claims = read_string_array (r, obj, "claims", FALSE);
  /* 0 until link_records () knows the interconnect: then the default */
  s->nvlink_domain_gpus = read_uint (r, obj, "nvlink_domain_gpus", 1, 1024, FALSE);

  if (!r->failed && !parse_redundancy (s->psu_redundancy, &active, &spare))
    reader_fail (r, "psu_redundancy", _("must look like “5+1”, “N+1”, “3+3” or “none”"));
  else if (!r->failed && active + spare != s->psu_count && g_strcmp0 (s->psu_redundancy, "none") != 0
           && !g_str_has_prefix (s->psu_redundancy, "N+"))
    reader_fail (r, "psu_redundancy", _("does not add up to psu_count"));
  if (!r->failed && s->ram_gb > s->ram_gb_max)
    reader_fail (r, "ram_gb", _("is larger than ram_gb_max"));

  read_provenance (r, obj, &s->prov);
}

/* ---- sections --------------------------------------------------------- */

GArray *
read_section (Reader         *r,
              JsonObject     *root,
              const char     *section,
              gsize           record_size,
              GDestroyNotify  clear,
              RecordReader    read_record,
              gboolean        check_ids)
{
  JsonNode *node = member (r, root, section, TRUE);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *records = g_array_new (FALSE, TRUE, record_size);
  JsonArray *array;
  const char *file = r->file;

  g_array_set_clear_func (records, clear);
  if (node == NULL)
    return records;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      reader_fail (r, section, _("must be a list"));
      return records;
    }

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array) && !r->failed; i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      gpointer record;
      JsonObject *obj;

      r->section = section;
      r->id = NULL;
      if (!JSON_NODE_HOLDS_OBJECT (item))
        {
          g_autofree char *index = g_strdup_printf ("%u", i);
          reader_fail (r, index, _("must be an object"));
          break;
        }
      obj = json_node_get_object (item);
      if (r->origins != NULL && g_hash_table_contains (r->origins, obj))
        r->file = g_hash_table_lookup (r->origins, obj);
      else
        r->file = file;

      g_array_set_size (records, records->len + 1);
      record = records->data + (records->len - 1) * record_size;
      read_record (r, obj, record);

      if (!r->failed && check_ids)
        {
          const char *id = *(char **) record;  /* every record starts with its id */

          if (g_strcmp0 (section, "sources") != 0 && !valid_id (id))
            reader_fail (r, "id", _("may hold only lowercase letters, digits, “-”, “_” and “.”"));
          else if (!g_hash_table_add (seen, (gpointer) id))
            reader_fail (r, "id", _("is used twice"));
        }
    }

  r->file = file;
  r->section = NULL;
  r->id = NULL;
  return records;
}

void
read_model_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_model (r, obj, record);
}

void
read_gpu_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_gpu (r, obj, record);
}

void
read_server_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_server (r, obj, record);
}

void
read_interconnect_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_interconnect (r, obj, record);
}

void
read_network_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_network (r, obj, record);
}

void
read_source_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_source (r, obj, record);
}

void
mfu_clear (gpointer data)
{
  TsMfuDefault *m = data;

  g_free (m->family);
  g_free (m->precision);
}

void
read_mfu_record (Reader *r, JsonObject *obj, gpointer record)
{
  TsMfuDefault *m = record;

  m->family = read_string (r, obj, "family", TRUE);
  r->id = m->family;
  m->precision = read_string (r, obj, "precision", TRUE);
  m->mfu = read_number (r, obj, "mfu", 0.01, 1.0, TRUE);
}
