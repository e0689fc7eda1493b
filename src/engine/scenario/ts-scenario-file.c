/* ts-scenario-file.c — scenarios saved to and read from JSON files
 *
 * Format (schema_version 1):
 *   { "schema_version": 1,
 *     "model": { "id": "llama-3.1-70b" }            — a catalog model, or
 *              { "params": 7e10 }                    — a size only, or
 *              { "name": "…", "architecture": {…} } — a full architecture,
 *     "method": "full", "precision": "bf16", …every input by its CLI name… }
 * Unknown keys are ignored (a newer file opened by an older version still
 * loads what it can); a newer schema_version is refused with the reason.
 * Version 1 is the first format Train Sizer ever wrote, so there is nothing
 * older to migrate: a file without schema_version, or with 0, is not ours
 * and is refused the same way (tests/engine/test-hostile.c). A future
 * version 2 reader migrates 1 → 2 here, before the fields are read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-scenario"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-catalog.h"
#include "ts-error.h"
#include "ts-atomic-file.h"
#include "ts-json.h"
#include "ts-scenario.h"

/* ---- writing ---------------------------------------------------------- */

/* The key of the field the planner may choose under flag. */
static const char *
searchable_key (guint flag)
{
  const TsScenarioField *fields;
  guint n_fields;

  fields = ts_scenario_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    if (fields[i].search_flag == flag)
      return fields[i].key;
  g_return_val_if_reached (NULL);
}

/* The layout inputs the planner chooses, by their scenario keys, in the
 * order of their flags (an array, so a newer file's names are ignored by
 * an older reader). */
static void
write_searched (JsonBuilder *b,
                guint        searched)
{
  json_builder_set_member_name (b, "auto");
  json_builder_begin_array (b);
  for (guint flag = 1; flag & TS_SEARCH_ALL; flag <<= 1)
    if (searched & flag)
      json_builder_add_string_value (b, searchable_key (flag));
  json_builder_end_array (b);
}

/* A field of either table: the scenario's, or the architecture's with a
 * TsArchitecture for record. */
static void
put_field (JsonBuilder           *b,
           const TsScenarioField *f,
           gconstpointer          record)
{
  double value = ts_scenario_field_get_double (f, record);

  switch (f->kind)
    {
    case TS_FIELD_UINT:
    case TS_FIELD_INT:
      ts_json_add_int (b, f->key, (gint64) value);
      break;
    case TS_FIELD_DOUBLE:
      ts_json_add_double (b, f->key, value);
      break;
    case TS_FIELD_BOOL:
      ts_json_add_bool (b, f->key, value != 0);
      break;
    case TS_FIELD_ENUM:
      ts_json_add_string (b, f->key, ts_scenario_field_choice (f, (int) value)->name);
      break;
    case TS_FIELD_STRING:
    default:
      ts_json_add_string (b, f->key, G_STRUCT_MEMBER (const char *, record, f->offset));
      break;
    }
}

static void
put_architecture (JsonBuilder          *b,
                  const TsArchitecture *a)
{
  const TsArchField *fields;
  guint n_fields;

  json_builder_set_member_name (b, "architecture");
  json_builder_begin_object (b);
  fields = ts_arch_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      const TsArchField *f = &fields[i];

      /* latent attention (DeepSeek-V3) and the details of imported
       * families only when used: older files stay as they were */
      if (((f->flags & TS_FIELD_IF_MLA) && !ts_architecture_is_mla (a))
          || ((f->flags & TS_FIELD_IF_SET) && ts_arch_field_get (f, a) == 0))
        continue;
      put_field (b, f, a);
    }
  json_builder_end_object (b);
}

/* Every field in the table's order; the planner's list after the GPU
 * count, where the first files had it. The plan's add_architecture_fields
 * () loops alike over the architecture table, in an order of its own
 * (both are public JSON): kept apart. */
static void
put_fields (JsonBuilder      *b,
            const TsScenario *s)
{
  const TsScenarioField *fields;
  guint n_fields;

  fields = ts_scenario_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    {
      put_field (b, &fields[i], s);
      if (g_str_equal (fields[i].key, "gpus"))
        write_searched (b, s->searched);
    }
}

JsonNode *
ts_scenario_to_json (const TsScenario *s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  ts_json_add_int (b, "schema_version", TS_SCENARIO_SCHEMA_VERSION);

  json_builder_set_member_name (b, "model");
  json_builder_begin_object (b);
  if (s->model_id != NULL)
    ts_json_add_string (b, "id", s->model_id);
  else if (s->model.architecture_inferred || !s->model.has_architecture)
    ts_json_add_double (b, "params", s->model.params);
  else
    {
      ts_json_add_string (b, "name", s->model.name);
      put_architecture (b, &s->model.arch);
      /* where an imported model came from, so a reopened plan still says */
      if (s->model.hf_id != NULL)
        ts_json_add_string (b, "hf_id", s->model.hf_id);
      if (s->model.source != NULL)
        {
          json_builder_set_member_name (b, "source");
          json_builder_add_value (b, json_node_copy (s->model.source));
        }
    }
  json_builder_end_object (b);

  put_fields (b, s);
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

char *
ts_scenario_to_string (const TsScenario *s)
{
  g_autoptr(JsonNode) root = ts_scenario_to_json (s);
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

/* ---- reading ---------------------------------------------------------- */

typedef struct
{
  const char  *name;
  GError     **error;
  gboolean     failed;
} Ctx;

static void
ctx_fail (Ctx        *c,
          const char *field,
          const char *allowed)
{
  ts_error_set_first (&c->failed, c->error, TS_ERROR_SCENARIO,
                      /* Translators: “plan.json: field “seq_len”: must be a whole number from 1 to 10000000” */
                      _("%s: field “%s”: must be %s"), c->name, field, allowed);
}

/* A refusal whose reason comes from the engine's checks (the same words
 * the window and the CLI show), with the file and the field in front. */
static void
ctx_fail_with (Ctx        *c,
               const char *field,
               GError     *reason)
{
  ts_error_set_first (&c->failed, c->error, TS_ERROR_SCENARIO,
                      /* Translators: “plan.json: field “currency”: Currency must be …” */
                      _("%s: field “%s”: %s"), c->name, field, reason->message);
}

static JsonNode *
get (JsonObject *obj, const char *field)
{
  return ts_json_get_node (obj, field);
}

/* A number member within [min, max] (not one of a table's fields: the
 * schema version, a model's size): TRUE with it in out; FALSE when it is
 * absent or refused. */
static gboolean
get_number (Ctx *c, JsonObject *obj, const char *field, double min, double max, double *out)
{
  double v = NAN;
  TsJsonMember m = ts_json_get_number (obj, field, &v);

  if (m == TS_JSON_ABSENT || c->failed)
    return FALSE;
  if (!(v >= min && v <= max))
    {
      g_autofree char *allowed = g_strdup_printf (_("a number from %g to %g"), min, max);

      ctx_fail (c, field, allowed);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

static void
get_bool (Ctx *c, JsonObject *obj, const char *field, gboolean *out)
{
  TsJsonMember m = ts_json_get_bool (obj, field, out);

  if (m == TS_JSON_WRONG_TYPE)
    ctx_fail (c, field, _("true or false"));
}

static const char *
get_string (Ctx *c, JsonObject *obj, const char *field)
{
  const char *str = NULL;

  if (c->failed)
    return NULL;
  if (ts_json_get_string (obj, field, 0, &str) == TS_JSON_WRONG_TYPE)
    ctx_fail (c, field, _("a string"));
  return str;
}

/* A string that is shown or echoed in messages: refused, with the field
 * named, when ts_scenario_check_text would refuse it (NULL then). */
static const char *
get_text (Ctx *c, JsonObject *obj, const char *field, guint max_chars)
{
  const char *str = get_string (c, obj, field);
  g_autoptr(GError) reason = NULL;

  /* Translators: what a scenario file's field holds, as in
   * “plan.json: field “id”: the value is longer than 200 characters” */
  if (str != NULL && !ts_scenario_check_text (str, _("the value"), max_chars, &reason))
    {
      ctx_fail_with (c, field, reason);
      return NULL;
    }
  return str;
}

/* A number field: its range, whole for whole kinds, one of its choices
 * where it has them (phases 1 or 3, ZeRO -1 to 3). */
static void
read_number (Ctx                   *c,
             JsonObject            *obj,
             const TsScenarioField *f,
             gpointer               record)
{
  double v = NAN;

  if (ts_json_get_number (obj, f->key, &v) == TS_JSON_ABSENT || c->failed)
    return;
  if (!ts_scenario_field_check (f, v, NULL))
    {
      g_autofree char *allowed = NULL;

      if (f->accepts != NULL)
        allowed = g_strdup (_(f->accepts));
      else if (f->kind == TS_FIELD_DOUBLE)
        allowed = g_strdup_printf (_("a number from %g to %g"), f->min, f->max);
      else
        allowed = g_strdup_printf (_("a whole number from %u to %u"), (guint) f->min, (guint) f->max);
      ctx_fail (c, f->key, allowed);
      return;
    }
  ts_scenario_field_set_double (f, record, v);
}

static void
read_choice (Ctx                   *c,
             JsonObject            *obj,
             const TsScenarioField *f,
             gpointer               record)
{
  const char *name = get_string (c, obj, f->key);

  if (name != NULL && !ts_scenario_field_set_text (f, record, name, NULL))
    {
      g_autofree char *allowed = ts_scenario_field_describe (f);

      ctx_fail (c, f->key, allowed);
    }
}

static void
read_server (Ctx                   *c,
             JsonObject            *obj,
             const TsScenarioField *f,
             const TsCatalog       *catalog,
             TsScenario            *s)
{
  const char *id = get_text (c, obj, f->key, (guint) f->max);

  if (id == NULL)
    return;
  if (ts_catalog_find_server (catalog, id) == NULL)
    {
      ts_error_set_first (&c->failed, c->error, TS_ERROR_UNKNOWN_ID,
                          _("%s: the server “%s” is not in the catalog"), c->name, id);
      return;
    }
  ts_scenario_set_server (s, id);
}

static void
read_string (Ctx                   *c,
             JsonObject            *obj,
             const TsScenarioField *f,
             gpointer               record)
{
  const char *text = get_string (c, obj, f->key);
  g_autoptr(GError) reason = NULL;

  if (text != NULL && !ts_scenario_field_set_text (f, record, text, &reason))
    ctx_fail_with (c, f->key, reason);
}

/* Every field of a table, each with its one range, into record: the
 * scenario's fields into the TsScenario, the architecture's into a
 * TsArchitecture (which has no text, so no catalog is needed). */
static void
read_fields (Ctx                   *c,
             JsonObject            *obj,
             const TsScenarioField *fields,
             guint                  n_fields,
             const TsCatalog       *catalog,
             gpointer               record)
{
  for (guint i = 0; i < n_fields && !c->failed; i++)
    {
      const TsScenarioField *f = &fields[i];

      switch (f->kind)
        {
        case TS_FIELD_BOOL:
          get_bool (c, obj, f->key, G_STRUCT_MEMBER_P (record, f->offset));
          break;
        case TS_FIELD_ENUM:
          read_choice (c, obj, f, record);
          break;
        case TS_FIELD_STRING:
          if (f->flags & TS_FIELD_SERVER_ID)
            read_server (c, obj, f, catalog, record);
          else
            read_string (c, obj, f, record);
          break;
        case TS_FIELD_UINT:
        case TS_FIELD_INT:
        case TS_FIELD_DOUBLE:
        default:
          read_number (c, obj, f, record);
          break;
        }
    }
}

static void
read_architecture (Ctx            *c,
                   JsonObject     *obj,
                   TsArchitecture *arch)
{
  const TsArchField *fields;
  guint n_fields;

  ts_arch_fields_set_defaults (arch);
  fields = ts_arch_fields (&n_fields);
  read_fields (c, obj, fields, n_fields, NULL, arch);
}

static void
read_scenario_fields (Ctx             *c,
                      JsonObject      *obj,
                      const TsCatalog *catalog,
                      TsScenario      *s)
{
  const TsScenarioField *fields;
  guint n_fields;

  fields = ts_scenario_fields (&n_fields);
  /* a site profile first, then the rows the file gives over it: a file
   * with the profile alone gets the preset, as on the command line
   * (docs/facility.md §6) */
  {
    const TsScenarioField *profile = ts_scenario_field_find ("site_profile");

    read_fields (c, obj, profile, 1, catalog, s);
    if (!c->failed)
      ts_site_profile_apply (s, s->site_profile);
  }
  read_fields (c, obj, fields, n_fields, catalog, s);
}

/* The import's record (ts-hf-config.c writes it): its names are strings
 * that the exports and the window read back, so each is checked here as
 * text, the mapping of fields as an object of strings. */
static void
check_source (Ctx        *c,
              JsonObject *source)
{
  static const char *const names[] = {
    "format", "file", "model_type", "config_class", "layer_class", "language_model",
  };
  JsonObject *fields = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names) && !c->failed; i++)
    {
      g_autofree char *field = g_strconcat ("source.", names[i], NULL);
      const char *text = NULL;
      g_autoptr(GError) reason = NULL;

      if (ts_json_get_string (source, names[i], 0, &text) == TS_JSON_WRONG_TYPE)
        ctx_fail (c, field, _("a string"));
      else if (text != NULL && !ts_scenario_check_text (text, _("the value"), TS_MAX_NAME_CHARS, &reason))
        ctx_fail_with (c, field, reason);
    }
  if (c->failed)
    return;
  if (ts_json_get_object (source, "fields", &fields) == TS_JSON_WRONG_TYPE)
    ctx_fail (c, "source.fields", _("an object"));
  if (fields == NULL)
    return;
  {
    g_autoptr(GList) keys = json_object_get_members (fields);

    for (GList *k = keys; k != NULL && !c->failed; k = k->next)
      {
        g_autofree char *field = g_strconcat ("source.fields.", (const char *) k->data, NULL);
        const char *text = NULL;

        if (ts_json_get_string (fields, k->data, TS_MAX_NAME_CHARS, &text) != TS_JSON_OK)
          ctx_fail (c, field, _("a string"));
      }
  }
}

/* An imported model's hub id and key mapping, kept as they were saved. */
static gboolean
read_model_origin (Ctx        *c,
                   JsonObject *obj,
                   TsModel    *model)
{
  const char *hf_id = get_string (c, obj, "hf_id");
  JsonNode *source = get (obj, "source");
  JsonObject *source_obj = NULL;

  if (hf_id != NULL && (strlen (hf_id) > 200 || *hf_id == '\0'))
    ctx_fail (c, "hf_id", _("a Hugging Face id of at most 200 characters"));
  if (ts_json_node_object (source, &source_obj) == TS_JSON_WRONG_TYPE)
    ctx_fail (c, "source", _("an object"));
  if (source_obj != NULL)
    check_source (c, source_obj);
  if (c->failed)
    return FALSE;
  model->hf_id = g_strdup (hf_id);
  if (source != NULL)
    {
      model->source = json_node_copy (source);
      json_node_seal (model->source);
    }
  return TRUE;
}

/* A model from the catalog, by its id. */
static gboolean
read_catalog_model (Ctx             *c,
                    const char      *id,
                    const TsCatalog *catalog,
                    TsScenario      *s)
{
  const TsCatalogModel *m = ts_catalog_find_model (catalog, id);

  if (m == NULL)
    {
      ts_error_set_first (&c->failed, c->error, TS_ERROR_UNKNOWN_ID,
                          _("%s: the model “%s” is not in the catalog"), c->name, id);
      return FALSE;
    }
  ts_scenario_set_model (s, &m->model);
  return TRUE;
}

/* A custom model by its architecture, its name and where it came from:
 * every member checked before the model is derived from them. */
static gboolean
read_model_architecture (Ctx        *c,
                         JsonObject *obj,
                         JsonNode   *arch_node,
                         TsModel    *model)
{
  TsArchitecture arch = { 0 };
  const char *name;
  JsonObject *a = NULL;
  g_autoptr(GError) reason = NULL;
  g_autoptr(GError) error = NULL;

  if (ts_json_node_object (arch_node, &a) != TS_JSON_OK)
    {
      ctx_fail (c, "architecture", _("an object"));
      return FALSE;
    }
  read_architecture (c, a, &arch);
  name = get_text (c, obj, "name", TS_MAX_NAME_CHARS);
  if (name != NULL && !ts_scenario_check_name (name, &reason))
    ctx_fail_with (c, "name", reason);
  if (c->failed)
    return FALSE;
  if (!ts_model_init_from_architecture (model, name, &arch, &error))
    {
      ts_error_set_first (&c->failed, c->error, TS_ERROR_SCENARIO, "%s: %s", c->name, error->message);
      return FALSE;
    }
  if (!read_model_origin (c, obj, model))
    {
      ts_model_clear (model);
      return FALSE;
    }
  return TRUE;
}

/* A custom model known by its size only. */
static gboolean
read_model_params (Ctx        *c,
                   JsonObject *obj,
                   TsModel    *model)
{
  double params = 0;
  g_autoptr(GError) error = NULL;

  get_number (c, obj, "params", TS_MODEL_MIN_PARAMS, TS_MODEL_MAX_PARAMS, &params);
  if (c->failed)
    return FALSE;
  if (!ts_model_init_from_params (model, params, &error))
    {
      ts_error_set_first (&c->failed, c->error, TS_ERROR_SCENARIO, "%s: %s", c->name, error->message);
      return FALSE;
    }
  return TRUE;
}

/* The model: a catalog id, else an architecture, else a size, in that
 * order of precedence. */
static gboolean
read_model (Ctx             *c,
            JsonObject      *root,
            const TsCatalog *catalog,
            TsScenario      *s)
{
  JsonNode *node = get (root, "model");
  JsonObject *obj = NULL;
  const char *id;
  JsonNode *arch_node;
  TsModel model = { 0 };

  if (ts_json_node_object (node, &obj) != TS_JSON_OK)
    {
      ctx_fail (c, "model", _("an object with “id”, “params” or “architecture”"));
      return FALSE;
    }

  /* Checked before the catalog is asked: an unknown id is echoed. */
  id = get_text (c, obj, "id", TS_MAX_ID_CHARS);
  if (c->failed)
    return FALSE;
  if (id != NULL)
    return read_catalog_model (c, id, catalog, s);

  if ((arch_node = get (obj, "architecture")) != NULL)
    {
      if (!read_model_architecture (c, obj, arch_node, &model))
        return FALSE;
    }
  else if (get (obj, "params") != NULL)
    {
      if (!read_model_params (c, obj, &model))
        return FALSE;
    }
  else
    {
      ctx_fail (c, "model", _("an object with “id”, “params” or “architecture”"));
      return FALSE;
    }

  ts_scenario_set_model (s, &model);
  ts_model_clear (&model);
  return TRUE;
}

/* What the planner chooses: the file's “auto” list; a file written before
 * it (no list) keeps every layout input it states, as it always did, and
 * leaves the rest to the planner (a ZeRO stage of -1 always meant “the
 * engine decides”). */
static void
read_searched (Ctx        *c,
               JsonObject *obj,
               TsScenario *s)
{
  JsonNode *list = get (obj, "auto");
  JsonArray *array = NULL;

  if (list == NULL)
    {
      s->searched = TS_SEARCH_ALL;
      for (guint flag = 1; flag & TS_SEARCH_ALL; flag <<= 1)
        if (get (obj, searchable_key (flag)) != NULL)
          s->searched &= ~flag;
      if (s->zero_stage < 0)
        ts_scenario_search_input (s, "zero_stage");
      return;
    }
  if (ts_json_node_array (list, &array) != TS_JSON_OK)
    {
      ctx_fail (c, "auto", _("a list of layout keys (tp, pp, zero_stage, micro_batch, checkpointing, sequence_parallel, ep)"));
      return;
    }
  s->searched = 0;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *key = NULL;

      /* a name this version does not know is a newer file's: ignored */
      if (ts_json_node_string (json_array_get_element (array, i), 0, &key) == TS_JSON_OK)
        ts_scenario_search_input (s, key);
    }
}

TsScenario *
ts_scenario_from_json (JsonNode         *root,
                       const TsCatalog  *catalog,
                       const char       *name,
                       GError          **error)
{
  g_autoptr(TsScenario) s = ts_scenario_new ();
  Ctx c = { name, error, FALSE };
  JsonObject *obj = NULL;
  double version = 0;

  if (ts_json_node_object (root, &obj) != TS_JSON_OK)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_SCENARIO, _("%s: a scenario must be a JSON object"), name);
      return NULL;
    }

  get_number (&c, obj, "schema_version", 0, 1e9, &version);
  if (c.failed)
    return NULL;
  if (get (obj, "schema_version") == NULL)
    {
      ctx_fail (&c, "schema_version", _("present"));
      return NULL;
    }
  if (version < 1 || version > TS_SCENARIO_SCHEMA_VERSION || version != floor (version))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_SCENARIO,
                   _("%s: scenario format version %g is not supported; this version of Train Sizer reads version %d"),
                   name, version, TS_SCENARIO_SCHEMA_VERSION);
      return NULL;
    }

  if (!read_model (&c, obj, catalog, s))
    return NULL;

  read_scenario_fields (&c, obj, catalog, s);
  read_searched (&c, obj, s);
  if (c.failed)
    return NULL;

  if (!ts_scenario_validate (s, error))
    return NULL;

  return g_steal_pointer (&s);
}

TsScenario *
ts_scenario_from_string (const char       *data,
                         gssize            length,
                         const TsCatalog  *catalog,
                         const char       *name,
                         GError          **error)
{
  g_autoptr(JsonNode) root = ts_json_parse (data, length, name, error);

  if (root == NULL)
    return NULL;
  return ts_scenario_from_json (root, catalog, name, error);
}

TsScenario *
ts_scenario_load_file (const char       *path,
                       const TsCatalog  *catalog,
                       GError          **error)
{
  g_autoptr(JsonNode) root = ts_json_parse_file (path, error);

  if (root == NULL)
    return NULL;
  return ts_scenario_from_json (root, catalog, path, error);
}

gboolean
ts_scenario_save_file (const TsScenario *s,
                       const char       *path,
                       GError          **error)
{
  g_autofree char *data = ts_scenario_to_string (s);

  /* a temporary file renamed over the target: the old file stays whole if
   * anything fails; devices, folders and read-only files are refused */
  return ts_atomic_file_write (path, data, strlen (data), error);
}
