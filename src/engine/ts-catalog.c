/* ts-catalog.c — strict loading of catalog.json
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-catalog.h"
#include "ts-error.h"
#include "ts-json.h"
#include "ts-catalog-resources.h"

#define BUILTIN_CATALOG_PATH "/io/github/trainsizer/TrainSizer/catalog.json"
#define BYTES_PER_GIB        1073741824.0

struct _TsCatalog
{
  gatomicrefcount  ref_count;
  char            *name;
  char            *version;
  char            *base_version;   /* the built-in one under an overlay */
  char            *vendor_name;
  char            *quote_email;
  double           btu_h_per_kw;
  double           btu_h_per_ton;
  double           mm_per_u;
  double           availability_factor;
  double           pcie_mfu_factor;
  GArray          *sources;        /* TsSource */
  GArray          *models;         /* TsCatalogModel */
  GArray          *gpus;           /* TsGpu */
  GArray          *servers;        /* TsServer */
  GArray          *interconnects;  /* TsInterconnect */
  GArray          *networks;       /* TsNetwork */
  GArray          *mfu;            /* TsMfuDefault */
  gboolean         has_management_switch;
  TsManagementSwitch management_switch;
  gboolean         has_pdu;
  TsPdu            pdu;
  /* id → record, so that linking and the finders stay linear in the
   * catalog's size (a user catalog may hold tens of thousands of
   * servers) */
  GHashTable      *models_by_id;
  GHashTable      *gpus_by_id;
  GHashTable      *servers_by_id;
  GHashTable      *interconnects_by_id;
  GHashTable      *networks_by_id;
  GHashTable      *mfu_by_key;     /* "family\x1fprecision" → TsMfuDefault */
};

/* Where a value is read from, so that every error names the file, the
 * record and the field. */
typedef struct
{
  const char  *file;
  const char  *section;
  const char  *id;
  GHashTable  *origins;  /* JsonObject* → file name, for overlays */
  GHashTable  *source_ids;
  GError     **error;
  gboolean     failed;
} Reader;

static void
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

static JsonNode *
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
static gboolean
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

static char *
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

static double
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

static guint
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

static void
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

static void
provenance_clear (TsProvenance *prov)
{
  g_clear_pointer (&prov->sources, g_strfreev);
  g_clear_pointer (&prov->notes, g_free);
  g_clear_pointer (&prov->estimate_fields, g_strfreev);
  g_clear_pointer (&prov->estimates, g_hash_table_unref);
}

/* ---- records ---------------------------------------------------------- */

static void
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

static void
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
  JsonNode *arch_node;
  g_autoptr(GError) arch_error = NULL;

  m->model.id = read_string (r, obj, "id", TRUE);
  r->id = m->model.id;
  m->model.name = read_string (r, obj, "name", TRUE);
  m->model.family = read_string (r, obj, "family", TRUE);
  m->model.vendor = read_string (r, obj, "vendor", TRUE);
  m->model.published_params = read_number (r, obj, "published_params", TS_MODEL_MIN_PARAMS, TS_MODEL_MAX_PARAMS, TRUE);
  m->model.active_params = read_number (r, obj, "published_active_params", 0, TS_MODEL_MAX_PARAMS, FALSE);
  m->model.hf_id = read_string (r, obj, "hf_id", FALSE);  /* the export's base model */

  arch_node = member (r, obj, "architecture", TRUE);
  if (r->failed)
    return;
  if (!JSON_NODE_HOLDS_OBJECT (arch_node))
    {
      reader_fail (r, "architecture", _("must be an object"));
      return;
    }
  read_architecture (r, json_node_get_object (arch_node), &m->model.arch);
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

static void
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

static void
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

static void
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

static void
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

typedef void (*RecordReader) (Reader *r, JsonObject *obj, gpointer record);

static GArray *
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

static void
read_model_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_model (r, obj, record);
}

static void
read_gpu_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_gpu (r, obj, record);
}

static void
read_server_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_server (r, obj, record);
}

static void
read_interconnect_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_interconnect (r, obj, record);
}

static void
read_network_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_network (r, obj, record);
}

static void
read_source_record (Reader *r, JsonObject *obj, gpointer record)
{
  read_source (r, obj, record);
}

static void
mfu_clear (gpointer data)
{
  TsMfuDefault *m = data;

  g_free (m->family);
  g_free (m->precision);
}

static void
read_mfu_record (Reader *r, JsonObject *obj, gpointer record)
{
  TsMfuDefault *m = record;

  m->family = read_string (r, obj, "family", TRUE);
  r->id = m->family;
  m->precision = read_string (r, obj, "precision", TRUE);
  m->mfu = read_number (r, obj, "mfu", 0.01, 1.0, TRUE);
}

/* The PDU's input rating: what the engine divides a rack's power by. The
 * capacity may be below the input's (a derating) but never above it. */
static void
read_pdu_rating (Reader     *r,
                 JsonObject *o,
                 TsPdu      *p)
{
  double input_kw;

  p->input_voltage_v = read_number (r, o, "input_voltage_v", 100, 1000, TRUE);
  p->phases = read_uint (r, o, "phases", 1, 3, TRUE);
  if (!r->failed && p->phases == 2)
    reader_fail (r, "phases", _("must be 1 or 3"));
  p->amps_per_phase = read_number (r, o, "amps_per_phase", 1, 1000, TRUE);
  p->capacity_kw = read_number (r, o, "capacity_kw", 0.1, 1000, TRUE);
  p->rack_units = read_uint (r, o, "rack_units", 0, 4, FALSE);
  p->outlets_c13 = read_uint (r, o, "outlets_c13", 0, 1000, FALSE);
  p->outlets_c19 = read_uint (r, o, "outlets_c19", 0, 1000, FALSE);
  if (r->failed)
    return;

  /* single phase: V × A; three phases: √3 × V(line to line) × A */
  input_kw = p->input_voltage_v * p->amps_per_phase * (p->phases == 3 ? sqrt (3) : 1) / 1000;
  if (p->capacity_kw > input_kw * 1.01)
    {
      g_autofree char *problem = g_strdup_printf (_("%g kW is more than the input rating gives (%.1f kW)"),
                                                  p->capacity_kw, input_kw);
      reader_fail (r, "capacity_kw", problem);
    }
}

static void
read_site_equipment (Reader     *r,
                     JsonObject *obj,
                     TsCatalog  *self)
{
  JsonNode *node;

  r->section = "site_equipment";
  if ((node = member (r, obj, "management_switch", FALSE)) != NULL)
    {
      TsManagementSwitch *m = &self->management_switch;
      JsonObject *o;

      r->id = "management_switch";
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          reader_fail (r, "management_switch", _("must be an object"));
          return;
        }
      o = json_node_get_object (node);
      self->has_management_switch = TRUE;
      m->name = read_string (r, o, "name", TRUE);
      m->ports = read_uint (r, o, "ports", 2, 10000, TRUE);
      m->rack_units = read_uint (r, o, "rack_units", 1, 50, TRUE);
      m->power_w = read_number (r, o, "power_w", 0, 1e5, TRUE);
      m->weight_kg = read_number (r, o, "weight_kg", 0, 1e4, TRUE);
      read_provenance (r, o, &m->prov);
    }
  if (!r->failed && (node = member (r, obj, "pdu", FALSE)) != NULL)
    {
      TsPdu *p = &self->pdu;
      JsonObject *o;

      r->id = "pdu";
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          reader_fail (r, "pdu", _("must be an object"));
          return;
        }
      o = json_node_get_object (node);
      self->has_pdu = TRUE;
      p->name = read_string (r, o, "name", TRUE);
      p->per_rack = read_uint (r, o, "per_rack", 0, 16, TRUE);
      p->weight_kg = read_number (r, o, "weight_kg", 0, 1000, TRUE);
      read_pdu_rating (r, o, p);
      read_provenance (r, o, &p->prov);
    }
  r->section = NULL;
  r->id = NULL;
}

static JsonObject *
read_object_member (Reader     *r,
                    JsonObject *root,
                    const char *field)
{
  JsonNode *node = member (r, root, field, TRUE);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      reader_fail (r, field, _("must be an object"));
      return NULL;
    }
  return json_node_get_object (node);
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

/* The key of an MFU row: family and precision together (the unit
 * separator cannot be in either: check_text () refuses controls). FALSE
 * when they do not fit key. */
static gboolean
mfu_key (const char *family,
         const char *precision,
         char       *key,
         gsize       size)
{
  return family != NULL && precision != NULL
         && (gsize) g_snprintf (key, size, "%s\x1f%s", family, precision) < size;
}

#define MFU_KEY_SIZE (2 * 4 * TS_CATALOG_MAX_NAME_CHARS + 2)  /* 4 bytes per character at most */

static void
index_records (Reader    *r,
               TsCatalog *self)
{
  self->models_by_id = index_by_id (self->models);
  self->gpus_by_id = index_by_id (self->gpus);
  self->servers_by_id = index_by_id (self->servers);
  self->interconnects_by_id = index_by_id (self->interconnects);
  self->networks_by_id = index_by_id (self->networks);

  self->mfu_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->section = "mfu_defaults";
  for (guint i = 0; i < self->mfu->len && !r->failed; i++)
    {
      TsMfuDefault *m = &g_array_index (self->mfu, TsMfuDefault, i);
      char key[MFU_KEY_SIZE];

      r->id = m->family;
      if (!mfu_key (m->family, m->precision, key, sizeof key))
        continue;
      if (!g_hash_table_insert (self->mfu_by_key, g_strdup (key), m))
        reader_fail (r, "precision", _("this family has a row for this precision already"));
    }
  r->section = NULL;
  r->id = NULL;
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
    reader_fail (r, "nvlink_domain_gpus", _("must divide gpu_count (GPUs in equal domains)"));
  else if (s->nvlink_domain_gpus > 1 && !s->interconnect->training_capable)
    reader_fail (r, "nvlink_domain_gpus",
                 _("is more than 1, but interconnect_id names a link that is not training-capable; name the NVLink or HCCS link"));
}

static void
link_records (Reader    *r,
              TsCatalog *self)
{
  r->section = "gpus";
  for (guint i = 0; i < self->gpus->len && !r->failed; i++)
    {
      TsGpu *g = &g_array_index (self->gpus, TsGpu, i);

      r->id = g->id;
      if (ts_catalog_find_interconnect (self, g->interconnect_id) == NULL)
        reader_fail (r, "interconnect_id", _("names no interconnect in the catalog"));
      else if (ts_catalog_get_mfu (self, g->family, "bf16") <= 0)
        reader_fail (r, "family", _("has no BF16 utilisation default in mfu_defaults"));
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
        reader_fail (r, "gpu_id", _("names no GPU in the catalog"));
      else if (s->interconnect == NULL)
        reader_fail (r, "interconnect_id", _("names no interconnect in the catalog"));
      else if (s->network == NULL)
        reader_fail (r, "network_id", _("names no network in the catalog"));
      else
        resolve_nvlink_domain (r, s);
    }
  r->section = NULL;
  r->id = NULL;
}

/* Every key a catalog file may have at its top level. */
static const char *const record_sections[] = {
  "sources", "models", "gpus", "servers", "interconnects", "networks", "mfu_defaults",
};
static const char *const object_sections[] = { "vendor", "constants", "training", "site_equipment" };

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
static void
check_sections (Reader     *r,
                JsonObject *root)
{
  g_autoptr(GList) keys = json_object_get_members (root);

  for (GList *l = keys; l != NULL && !r->failed; l = l->next)
    if (!is_known_section (l->data))
      {
        /* a hostile key must not reach the message either */
        if (check_text (r, "(section)", l->data))
          reader_fail (r, l->data, _("is not a catalog section"));
      }
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
  JsonNode *node;
  double schema;

  if (!JSON_NODE_HOLDS_OBJECT (root_node))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_CATALOG, _("%s: the catalog must be a JSON object"), self->name);
      return FALSE;
    }
  root = json_node_get_object (root_node);

  schema = read_number (&r, root, "schema_version", 0, 1e6, TRUE);
  if (!r.failed && schema != TS_CATALOG_SCHEMA_VERSION)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_CATALOG,
                   _("%s: schema version %g is not supported (this version reads %d)"),
                   self->name, schema, TS_CATALOG_SCHEMA_VERSION);
      return FALSE;
    }
  self->version = read_string (&r, root, "catalog_version", TRUE);

  if ((obj = read_object_member (&r, root, "vendor")) != NULL)
    {
      r.section = "vendor";
      self->vendor_name = read_string (&r, obj, "name", TRUE);
      self->quote_email = read_string (&r, obj, "quote_email", TRUE);
      r.section = NULL;
    }

  self->sources = read_section (&r, root, "sources", sizeof (TsSource), source_clear, read_source_record, TRUE);
  r.source_ids = g_hash_table_new (g_str_hash, g_str_equal);
  /* A record that failed to read has no id; the reader has already
   * failed, but the sections below still run (and report nothing new). */
  for (guint i = 0; i < self->sources->len; i++)
    if (g_array_index (self->sources, TsSource, i).id != NULL)
      g_hash_table_add (r.source_ids, g_array_index (self->sources, TsSource, i).id);

  if ((obj = read_object_member (&r, root, "constants")) != NULL)
    {
      r.section = "constants";
      self->btu_h_per_kw = read_number (&r, obj, "btu_h_per_kw", 3000, 4000, TRUE);
      self->btu_h_per_ton = read_number (&r, obj, "btu_h_per_ton", 10000, 14000, TRUE);
      self->mm_per_u = read_number (&r, obj, "mm_per_u", 40, 50, TRUE);
      r.section = NULL;
    }

  self->models = read_section (&r, root, "models", sizeof (TsCatalogModel), catalog_model_clear, read_model_record, TRUE);
  self->interconnects = read_section (&r, root, "interconnects", sizeof (TsInterconnect), interconnect_clear, read_interconnect_record, TRUE);
  self->networks = read_section (&r, root, "networks", sizeof (TsNetwork), network_clear, read_network_record, TRUE);
  self->gpus = read_section (&r, root, "gpus", sizeof (TsGpu), gpu_clear, read_gpu_record, TRUE);
  self->servers = read_section (&r, root, "servers", sizeof (TsServer), server_clear, read_server_record, TRUE);
  self->mfu = read_section (&r, root, "mfu_defaults", sizeof (TsMfuDefault), mfu_clear, read_mfu_record, FALSE);

  if ((obj = read_object_member (&r, root, "training")) != NULL)
    {
      r.section = "training";
      self->availability_factor = read_number (&r, obj, "availability_factor", 0.1, 1, TRUE);
      self->pcie_mfu_factor = read_number (&r, obj, "pcie_multi_gpu_mfu_factor", 0.05, 1, TRUE);
      r.section = NULL;
    }

  if (!r.failed && (node = member (&r, root, "site_equipment", FALSE)) != NULL)
    {
      if (!JSON_NODE_HOLDS_OBJECT (node))
        reader_fail (&r, "site_equipment", _("must be an object"));
      else
        read_site_equipment (&r, json_node_get_object (node), self);
    }

  /* last, so that a section of the wrong type is named as such */
  if (!r.failed)
    check_sections (&r, root);
  if (!r.failed)
    index_records (&r, self);
  if (!r.failed)
    link_records (&r, self);

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

static TsCatalog *
catalog_from_node (JsonNode   *root,
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

TsCatalog *
ts_catalog_new_from_data (const char  *data,
                          gssize       length,
                          const char  *name,
                          GError     **error)
{
  g_autoptr(JsonNode) root = ts_json_parse (data, length, name, error);

  if (root == NULL)
    return NULL;
  return catalog_from_node (root, name, NULL, error);
}

TsCatalog *
ts_catalog_new_from_file (const char  *path,
                          GError     **error)
{
  g_autoptr(JsonNode) root = ts_json_parse_file (path, error);

  if (root == NULL)
    return NULL;
  return catalog_from_node (root, path, NULL, error);
}

/* Through the resource itself, so static linking keeps it. */
static GBytes *
lookup_builtin (GError **error)
{
  return g_resource_lookup_data (ts_catalog_get_resource (), BUILTIN_CATALOG_PATH,
                                 G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

static JsonNode *
builtin_root (GError **error)
{
  g_autoptr(GBytes) bytes = lookup_builtin (error);
  gsize size = 0;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  return ts_json_parse (data, size, "catalog.json", error);
}

GBytes *
ts_catalog_get_builtin_bytes (void)
{
  /* compiled in: a lookup that fails is a build error, not a user's */
  return lookup_builtin (NULL);
}

TsCatalog *
ts_catalog_new_builtin (GError **error)
{
  g_autoptr(JsonNode) root = builtin_root (error);

  if (root == NULL)
    return NULL;
  return catalog_from_node (root, "catalog.json", NULL, error);
}

/* What a user record replaces a built-in one by: its id, or for an MFU
 * row its family and precision. NULL when the record has none (the
 * loader then says what is missing). */
static char *
record_key (const char *section,
            JsonNode   *item)
{
  JsonObject *obj;
  const char *family;
  const char *precision;

  if (!JSON_NODE_HOLDS_OBJECT (item))
    return NULL;
  obj = json_node_get_object (item);
  if (strcmp (section, "mfu_defaults") != 0)
    return g_strdup (json_object_get_string_member_with_default (obj, "id", NULL));
  family = json_object_get_string_member_with_default (obj, "family", NULL);
  precision = json_object_get_string_member_with_default (obj, "precision", NULL);
  if (family == NULL || precision == NULL)
    return NULL;
  return g_strdup_printf ("%s\x1f%s", family, precision);
}

/* What the user file must pass on its own, before its records mix with
 * the built-in ones (where a duplicate would simply replace, and a
 * misspelt section vanish): known sections, schema version 1, a text
 * catalog_version, record lists, no id twice in one section. The error
 * names the user's file. */
static gboolean
check_overlay (JsonObject  *overlay,
               const char  *path,
               GError     **error)
{
  Reader r = { .file = path, .error = error };
  JsonNode *node;

  check_sections (&r, overlay);
  if (!r.failed && (node = json_object_get_member (overlay, "schema_version")) != NULL)
    {
      double schema = read_number (&r, overlay, "schema_version", 0, 1e6, TRUE);

      if (!r.failed && schema != TS_CATALOG_SCHEMA_VERSION)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_CATALOG,
                       _("%s: schema version %g is not supported (this version reads %d)"),
                       path, schema, TS_CATALOG_SCHEMA_VERSION);
          return FALSE;
        }
    }
  if (!r.failed)
    g_free (read_string (&r, overlay, "catalog_version", FALSE));

  for (guint s = 0; s < G_N_ELEMENTS (record_sections) && !r.failed; s++)
    {
      g_autoptr(GHashTable) seen = NULL;
      JsonArray *array;

      if ((node = json_object_get_member (overlay, record_sections[s])) == NULL)
        continue;
      if (!JSON_NODE_HOLDS_ARRAY (node))
        {
          reader_fail (&r, record_sections[s], _("must be a list"));
          break;
        }
      array = json_node_get_array (node);
      seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      r.section = record_sections[s];
      for (guint i = 0; i < json_array_get_length (array) && !r.failed; i++)
        {
          JsonNode *item = json_array_get_element (array, i);
          gboolean mfu = strcmp (record_sections[s], "mfu_defaults") == 0;
          char *key = record_key (record_sections[s], item);
          const char *name;

          if (key == NULL)
            continue;
          /* an MFU row is named by its family; the name goes into the
           * message, so it is checked like any text first */
          name = json_object_get_string_member (json_node_get_object (item), mfu ? "family" : "id");
          if (!check_text (&r, mfu ? "family" : "id", name))
            g_free (key);
          else if (!g_hash_table_add (seen, key))
            {
              r.id = name;
              reader_fail (&r, mfu ? "precision" : "id", _("is used twice"));
            }
        }
      r.section = NULL;
      r.id = NULL;
    }
  return !r.failed;
}

/* One section of the merge: built-in records in their order, each
 * replaced by the user's record with the same key, then the user's new
 * records in theirs. Linear: the keys go through a hash table. */
static JsonArray *
merge_records (const char *section,
               JsonArray  *base,
               JsonArray  *user,
               const char *path,
               GHashTable *origins)
{
  g_autoptr(GHashTable) user_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) used = g_hash_table_new (NULL, NULL);
  JsonArray *merged = json_array_sized_new (json_array_get_length (base) + json_array_get_length (user));

  for (guint i = 0; i < json_array_get_length (user); i++)
    {
      JsonNode *item = json_array_get_element (user, i);
      char *key = record_key (section, item);

      if (JSON_NODE_HOLDS_OBJECT (item))
        g_hash_table_insert (origins, json_node_get_object (item), (gpointer) path);
      if (key != NULL)
        g_hash_table_insert (user_by_key, key, item);
    }

  for (guint i = 0; base != NULL && i < json_array_get_length (base); i++)
    {
      JsonNode *item = json_array_get_element (base, i);
      g_autofree char *key = record_key (section, item);
      JsonNode *replacement = key != NULL ? g_hash_table_lookup (user_by_key, key) : NULL;

      if (replacement != NULL)
        g_hash_table_add (used, replacement);
      /* json_node_copy shares the object, so the origin still holds */
      json_array_add_element (merged, json_node_copy (replacement != NULL ? replacement : item));
    }

  for (guint i = 0; i < json_array_get_length (user); i++)
    {
      JsonNode *item = json_array_get_element (user, i);

      if (!g_hash_table_contains (used, item))
        json_array_add_element (merged, json_node_copy (item));
    }
  return merged;
}

/* A user catalog holds any of the sections; a record with a built-in id
 * replaces it, a new id is added. Scalars (vendor, constants, training,
 * site equipment, the catalog version) replace the built-in ones whole. */
static void
merge_overlay (JsonObject  *base,
               JsonObject  *overlay,
               const char  *path,
               GHashTable  *origins)
{
  static const char *const scalars[] = { "catalog_version" };

  for (guint s = 0; s < G_N_ELEMENTS (record_sections); s++)
    {
      JsonNode *node = json_object_get_member (overlay, record_sections[s]);
      JsonNode *base_node = json_object_get_member (base, record_sections[s]);
      JsonArray *base_array = base_node != NULL && JSON_NODE_HOLDS_ARRAY (base_node)
                              ? json_node_get_array (base_node) : NULL;

      if (node == NULL)
        continue;
      json_object_set_array_member (base, record_sections[s],
                                    merge_records (record_sections[s], base_array,
                                                   json_node_get_array (node), path, origins));
    }

  for (guint s = 0; s < G_N_ELEMENTS (object_sections); s++)
    {
      JsonNode *node = json_object_get_member (overlay, object_sections[s]);

      if (node != NULL)
        json_object_set_member (base, object_sections[s], json_node_copy (node));
    }
  for (guint s = 0; s < G_N_ELEMENTS (scalars); s++)
    {
      JsonNode *node = json_object_get_member (overlay, scalars[s]);

      if (node != NULL)
        json_object_set_member (base, scalars[s], json_node_copy (node));
    }
}

TsCatalog *
ts_catalog_new_with_overlay (const char  *path,
                             GError     **error)
{
  g_autoptr(JsonNode) base = builtin_root (error);
  g_autoptr(JsonNode) overlay = NULL;
  g_autoptr(GHashTable) origins = NULL;
  g_autofree char *name = NULL;
  g_autofree char *base_version = NULL;
  TsCatalog *catalog;

  if (base == NULL)
    return NULL;
  overlay = ts_json_parse_file (path, error);
  if (overlay == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (overlay))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_CATALOG, _("%s: the catalog must be a JSON object"), path);
      return NULL;
    }
  if (!check_overlay (json_node_get_object (overlay), path, error))
    return NULL;

  base_version = g_strdup (json_object_get_string_member_with_default (json_node_get_object (base),
                                                                       "catalog_version", NULL));
  origins = g_hash_table_new (NULL, NULL);
  merge_overlay (json_node_get_object (base), json_node_get_object (overlay), path, origins);

  name = g_strdup_printf ("catalog.json + %s", path);
  catalog = catalog_from_node (base, name, origins, error);
  if (catalog != NULL)
    catalog->base_version = g_steal_pointer (&base_version);
  return catalog;
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
  g_free (self->vendor_name);
  g_free (self->quote_email);
  g_clear_pointer (&self->sources, g_array_unref);
  g_clear_pointer (&self->models, g_array_unref);
  g_clear_pointer (&self->gpus, g_array_unref);
  g_clear_pointer (&self->servers, g_array_unref);
  g_clear_pointer (&self->interconnects, g_array_unref);
  g_clear_pointer (&self->networks, g_array_unref);
  g_clear_pointer (&self->models_by_id, g_hash_table_unref);
  g_clear_pointer (&self->gpus_by_id, g_hash_table_unref);
  g_clear_pointer (&self->servers_by_id, g_hash_table_unref);
  g_clear_pointer (&self->interconnects_by_id, g_hash_table_unref);
  g_clear_pointer (&self->networks_by_id, g_hash_table_unref);
  g_clear_pointer (&self->mfu_by_key, g_hash_table_unref);
  g_clear_pointer (&self->mfu, g_array_unref);
  g_free (self->management_switch.name);
  provenance_clear (&self->management_switch.prov);
  g_free (self->pdu.name);
  provenance_clear (&self->pdu.prov);
  g_free (self);
}

const char *
ts_catalog_get_version (const TsCatalog *self)
{
  return self->version;
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
ts_catalog_get_quote_email (const TsCatalog *self)
{
  return self->quote_email;
}

double
ts_catalog_get_btu_h_per_kw (const TsCatalog *self)
{
  return self->btu_h_per_kw;
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
  if (mfu_key (family, precision, key, sizeof key))
    m = g_hash_table_lookup (self->mfu_by_key, key);
  if (m == NULL && mfu_key ("default", precision, key, sizeof key))
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

/* The indexes are NULL only while a catalog is being loaded. */
static gconstpointer
lookup (GHashTable *index,
        const char *id)
{
  return index != NULL && id != NULL ? g_hash_table_lookup (index, id) : NULL;
}

const TsCatalogModel *
ts_catalog_find_model (const TsCatalog *self,
                       const char      *id)
{
  return lookup (self->models_by_id, id);
}

const TsGpu *
ts_catalog_find_gpu (const TsCatalog *self,
                     const char      *id)
{
  return lookup (self->gpus_by_id, id);
}

const TsServer *
ts_catalog_find_server (const TsCatalog *self,
                        const char      *id)
{
  return lookup (self->servers_by_id, id);
}

const TsInterconnect *
ts_catalog_find_interconnect (const TsCatalog *self,
                              const char      *id)
{
  return lookup (self->interconnects_by_id, id);
}

const TsNetwork *
ts_catalog_find_network (const TsCatalog *self,
                         const char      *id)
{
  return lookup (self->networks_by_id, id);
}

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
