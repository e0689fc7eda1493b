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
#include "ts-file.h"
#include "ts-json.h"
#include "ts-scenario.h"

/* ---- writing ---------------------------------------------------------- */

static void
put_architecture (JsonBuilder *b, const TsArchitecture *a)
{
  json_builder_set_member_name (b, "architecture");
  json_builder_begin_object (b);
  ts_json_add_int (b, "layers", a->layers);
  ts_json_add_int (b, "hidden_size", a->hidden_size);
  ts_json_add_int (b, "attention_heads", a->attention_heads);
  ts_json_add_int (b, "kv_heads", a->kv_heads);
  ts_json_add_int (b, "head_dim", a->head_dim);
  ts_json_add_int (b, "ffn_size", a->ffn_size);
  ts_json_add_string (b, "mlp", ts_mlp_kind_to_string (a->mlp));
  ts_json_add_int (b, "vocab_size", a->vocab_size);
  ts_json_add_bool (b, "tied_embeddings", a->tied_embeddings);
  ts_json_add_bool (b, "dropout", a->dropout);
  ts_json_add_bool (b, "qkv_bias", a->qkv_bias);
  ts_json_add_int (b, "experts", a->experts);
  ts_json_add_int (b, "active_experts", a->active_experts);
  ts_json_add_int (b, "shared_experts", a->shared_experts);
  ts_json_add_int (b, "expert_ffn_size", a->expert_ffn_size);
  ts_json_add_int (b, "dense_layers", a->dense_layers);
  if (ts_architecture_is_mla (a))
    {
      /* Multi-head latent attention (DeepSeek-V3), only when used. */
      ts_json_add_int (b, "q_lora_rank", a->q_lora_rank);
      ts_json_add_int (b, "kv_lora_rank", a->kv_lora_rank);
      ts_json_add_int (b, "qk_nope_head_dim", a->qk_nope_head_dim);
      ts_json_add_int (b, "qk_rope_head_dim", a->qk_rope_head_dim);
      ts_json_add_int (b, "v_head_dim", a->v_head_dim);
    }
  /* Details of imported families, only when used: older files stay as
   * they were. */
  if (a->qk_norm)
    ts_json_add_bool (b, "qk_norm", TRUE);
  if (a->layer_norms > 0)
    ts_json_add_int (b, "layer_norms", a->layer_norms);
  if (a->norm_bias)
    ts_json_add_bool (b, "norm_bias", TRUE);
  if (a->shared_expert_ffn_size > 0)
    ts_json_add_int (b, "shared_expert_ffn_size", a->shared_expert_ffn_size);
  if (a->shared_expert_gate)
    ts_json_add_bool (b, "shared_expert_gate", TRUE);
  if (a->router_bias)
    ts_json_add_bool (b, "router_bias", TRUE);
  json_builder_end_object (b);
}

/* The layout inputs the planner chooses, by their scenario keys (an
 * array, so a newer file's names are ignored by an older reader). */
static const char *const searchable_keys[] = {
  "tp", "pp", "zero_stage", "micro_batch", "checkpointing", "sequence_parallel", "ep",
};

static void
write_searched (JsonBuilder *b,
                guint        searched)
{
  json_builder_set_member_name (b, "auto");
  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (searchable_keys); i++)
    if (searched & ts_search_flag_from_name (searchable_keys[i]))
      json_builder_add_string_value (b, searchable_keys[i]);
  json_builder_end_array (b);
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

  ts_json_add_string (b, "method", ts_method_to_string (s->method));
  ts_json_add_string (b, "precision", ts_precision_to_string (s->precision));
  ts_json_add_string (b, "grad_dtype", ts_grad_dtype_to_string (s->grad_dtype));
  ts_json_add_string (b, "optimizer", ts_optimizer_to_string (s->optimizer));
  ts_json_add_string (b, "offload", ts_offload_to_string (s->offload));
  ts_json_add_int (b, "seq_len", s->seq_len);
  ts_json_add_int (b, "micro_batch", s->micro_batch);
  ts_json_add_string (b, "checkpointing", ts_checkpointing_to_string (s->checkpointing));
  ts_json_add_bool (b, "flash_attention", s->flash_attention);
  ts_json_add_bool (b, "sequence_parallel", s->sequence_parallel);
  ts_json_add_bool (b, "zero3_prefetch", s->zero3_prefetch);
  ts_json_add_double (b, "tokens", s->tokens);
  ts_json_add_double (b, "deadline_days", s->deadline_days);
  ts_json_add_int (b, "zero_stage", s->zero_stage);
  ts_json_add_int (b, "tp", s->tp);
  ts_json_add_int (b, "pp", s->pp);
  ts_json_add_int (b, "ep", s->ep);
  ts_json_add_int (b, "gpus", s->gpus);
  write_searched (b, s->searched);
  ts_json_add_int (b, "global_batch", s->global_batch);
  ts_json_add_string (b, "objective", ts_objective_to_string (s->objective));
  ts_json_add_int (b, "lora_rank", s->lora_rank);
  ts_json_add_string (b, "lora_targets", ts_lora_targets_to_string (s->lora_targets));
  ts_json_add_bool (b, "double_quant", s->double_quant);
  ts_json_add_bool (b, "paged_optimizer", s->paged_optimizer);
  ts_json_add_double (b, "runtime_overhead_bytes", s->runtime_overhead_bytes);
  ts_json_add_double (b, "fragmentation", s->fragmentation);
  ts_json_add_string (b, "server_id", s->server_id);
  ts_json_add_int (b, "servers", s->servers);
  ts_json_add_int (b, "rack_units", s->rack_units);
  ts_json_add_double (b, "rack_kw", s->rack_kw);
  ts_json_add_double (b, "voltage", s->voltage);
  ts_json_add_int (b, "phases", s->phases);
  ts_json_add_double (b, "pue", s->pue);
  ts_json_add_double (b, "price_kwh", s->price_kwh);
  ts_json_add_string (b, "currency", s->currency);
  ts_json_add_double (b, "headroom_tight", s->headroom_tight);
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
  if (c->failed)
    return;
  c->failed = TRUE;
  g_set_error (c->error, TS_ERROR, TS_ERROR_SCENARIO,
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
  if (c->failed)
    return;
  c->failed = TRUE;
  g_set_error (c->error, TS_ERROR, TS_ERROR_SCENARIO,
               /* Translators: “plan.json: field “currency”: Currency must be …” */
               _("%s: field “%s”: %s"), c->name, field, reason->message);
}

static JsonNode *
get (JsonObject *obj, const char *field)
{
  JsonNode *node = json_object_get_member (obj, field);

  return (node == NULL || JSON_NODE_HOLDS_NULL (node)) ? NULL : node;
}

static gboolean
is_number (JsonNode *node)
{
  GType t = json_node_get_value_type (node);

  return JSON_NODE_HOLDS_VALUE (node) && (t == G_TYPE_INT64 || t == G_TYPE_DOUBLE);
}

static void
get_uint (Ctx *c, JsonObject *obj, const char *field, guint min, guint max, guint *out)
{
  JsonNode *node = get (obj, field);
  double v;

  if (node == NULL || c->failed)
    return;
  v = is_number (node) ? json_node_get_double (node) : NAN;
  if (!(v >= min && v <= max) || v != floor (v))
    {
      g_autofree char *allowed = g_strdup_printf (_("a whole number from %u to %u"), min, max);
      ctx_fail (c, field, allowed);
      return;
    }
  *out = (guint) v;
}

static void
get_double (Ctx *c, JsonObject *obj, const char *field, double min, double max, double *out)
{
  JsonNode *node = get (obj, field);
  double v;

  if (node == NULL || c->failed)
    return;
  v = is_number (node) ? json_node_get_double (node) : NAN;
  if (!(v >= min && v <= max))
    {
      g_autofree char *allowed = g_strdup_printf (_("a number from %g to %g"), min, max);
      ctx_fail (c, field, allowed);
      return;
    }
  *out = v;
}

static void
get_bool (Ctx *c, JsonObject *obj, const char *field, gboolean *out)
{
  JsonNode *node = get (obj, field);

  if (node == NULL || c->failed)
    return;
  if (json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      ctx_fail (c, field, _("true or false"));
      return;
    }
  *out = json_node_get_boolean (node);
}

static const char *
get_string (Ctx *c, JsonObject *obj, const char *field)
{
  JsonNode *node = get (obj, field);

  if (node == NULL || c->failed)
    return NULL;
  if (json_node_get_value_type (node) != G_TYPE_STRING)
    {
      ctx_fail (c, field, _("a string"));
      return NULL;
    }
  return json_node_get_string (node);
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

#define GET_ENUM(c, obj, field, parse, out, allowed)                \
  G_STMT_START {                                                    \
    const char *str_ = get_string (c, obj, field);                  \
    if (str_ != NULL && !parse (str_, out))                         \
      ctx_fail (c, field, allowed);                                 \
  } G_STMT_END

/* An imported model's hub id and key mapping, kept as they were saved. */
static gboolean
read_model_origin (Ctx        *c,
                   JsonObject *obj,
                   TsModel    *model)
{
  const char *hf_id = get_string (c, obj, "hf_id");
  JsonNode *source = get (obj, "source");

  if (hf_id != NULL && (strlen (hf_id) > 200 || *hf_id == '\0'))
    ctx_fail (c, "hf_id", _("a Hugging Face id of at most 200 characters"));
  if (source != NULL && !JSON_NODE_HOLDS_OBJECT (source))
    ctx_fail (c, "source", _("an object"));
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

static gboolean
read_model (Ctx             *c,
            JsonObject      *root,
            const TsCatalog *catalog,
            TsScenario      *s)
{
  JsonNode *node = get (root, "model");
  JsonObject *obj;
  const char *id;
  JsonNode *arch_node;
  g_autoptr(GError) error = NULL;
  TsModel model = { 0 };

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      ctx_fail (c, "model", _("an object with “id”, “params” or “architecture”"));
      return FALSE;
    }
  obj = json_node_get_object (node);

  /* Checked before the catalog is asked: an unknown id is echoed. */
  id = get_text (c, obj, "id", TS_MAX_ID_CHARS);
  if (c->failed)
    return FALSE;
  if (id != NULL)
    {
      const TsCatalogModel *m = ts_catalog_find_model (catalog, id);

      if (m == NULL)
        {
          g_set_error (c->error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                       _("%s: the model “%s” is not in the catalog"), c->name, id);
          c->failed = TRUE;
          return FALSE;
        }
      ts_scenario_set_model (s, &m->model);
      return TRUE;
    }

  if ((arch_node = get (obj, "architecture")) != NULL)
    {
      TsArchitecture arch = { 0 };
      const char *mlp;
      const char *name;
      JsonObject *a;

      if (!JSON_NODE_HOLDS_OBJECT (arch_node))
        {
          ctx_fail (c, "architecture", _("an object"));
          return FALSE;
        }
      a = json_node_get_object (arch_node);
      get_uint (c, a, "layers", 1, 10000, &arch.layers);
      get_uint (c, a, "hidden_size", 1, 1048576, &arch.hidden_size);
      get_uint (c, a, "attention_heads", 1, 65536, &arch.attention_heads);
      get_uint (c, a, "kv_heads", 1, 65536, &arch.kv_heads);
      get_uint (c, a, "head_dim", 1, 65536, &arch.head_dim);
      get_uint (c, a, "ffn_size", 0, 1048576, &arch.ffn_size);
      arch.mlp = TS_MLP_SWIGLU;
      mlp = get_string (c, a, "mlp");
      if (mlp != NULL && !ts_mlp_kind_from_string (mlp, &arch.mlp))
        ctx_fail (c, "mlp", "gelu, swiglu, geglu");
      get_uint (c, a, "vocab_size", 1, 16777216, &arch.vocab_size);
      get_bool (c, a, "tied_embeddings", &arch.tied_embeddings);
      get_bool (c, a, "dropout", &arch.dropout);
      get_bool (c, a, "qkv_bias", &arch.qkv_bias);
      get_uint (c, a, "experts", 0, 65536, &arch.experts);
      get_uint (c, a, "active_experts", 0, 65536, &arch.active_experts);
      get_uint (c, a, "shared_experts", 0, 65536, &arch.shared_experts);
      get_uint (c, a, "expert_ffn_size", 0, 1048576, &arch.expert_ffn_size);
      get_uint (c, a, "dense_layers", 0, 10000, &arch.dense_layers);
      get_uint (c, a, "q_lora_rank", 0, 1048576, &arch.q_lora_rank);
      get_uint (c, a, "kv_lora_rank", 0, 1048576, &arch.kv_lora_rank);
      get_uint (c, a, "qk_nope_head_dim", 0, 65536, &arch.qk_nope_head_dim);
      get_uint (c, a, "qk_rope_head_dim", 0, 65536, &arch.qk_rope_head_dim);
      get_uint (c, a, "v_head_dim", 0, 65536, &arch.v_head_dim);
      get_bool (c, a, "qk_norm", &arch.qk_norm);
      get_uint (c, a, "layer_norms", 0, 16, &arch.layer_norms);
      get_bool (c, a, "norm_bias", &arch.norm_bias);
      get_uint (c, a, "shared_expert_ffn_size", 0, 1048576, &arch.shared_expert_ffn_size);
      get_bool (c, a, "shared_expert_gate", &arch.shared_expert_gate);
      get_bool (c, a, "router_bias", &arch.router_bias);
      name = get_text (c, obj, "name", TS_MAX_NAME_CHARS);
      if (c->failed)
        return FALSE;
      if (!ts_model_init_from_architecture (&model, name, &arch, &error))
        {
          g_set_error (c->error, TS_ERROR, TS_ERROR_SCENARIO, "%s: %s", c->name, error->message);
          c->failed = TRUE;
          return FALSE;
        }
      if (!read_model_origin (c, obj, &model))
        {
          ts_model_clear (&model);
          return FALSE;
        }
    }
  else if (get (obj, "params") != NULL)
    {
      double params = 0;

      get_double (c, obj, "params", TS_MODEL_MIN_PARAMS, TS_MODEL_MAX_PARAMS, &params);
      if (c->failed)
        return FALSE;
      if (!ts_model_init_from_params (&model, params, &error))
        {
          g_set_error (c->error, TS_ERROR, TS_ERROR_SCENARIO, "%s: %s", c->name, error->message);
          c->failed = TRUE;
          return FALSE;
        }
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

/* Not a range: 2 is refused as the CLI and ts_scenario_validate do. */
static void
read_phases (Ctx *c, JsonObject *obj, guint *phases)
{
  JsonNode *node = get (obj, "phases");
  double v;

  if (node == NULL || c->failed)
    return;
  v = is_number (node) ? json_node_get_double (node) : NAN;
  if (v != TS_PHASES_SINGLE && v != TS_PHASES_THREE)
    {
      ctx_fail (c, "phases", _("1 (single phase) or 3 (three phases)"));
      return;
    }
  *phases = (guint) v;
}

static void
read_currency (Ctx *c, JsonObject *obj, TsScenario *s)
{
  const char *currency = get_string (c, obj, "currency");
  g_autoptr(GError) reason = NULL;

  if (currency == NULL)
    return;
  if (!ts_scenario_check_currency (currency, &reason))
    {
      ctx_fail_with (c, "currency", reason);
      return;
    }
  ts_scenario_set_currency (s, currency);
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

  if (list == NULL)
    {
      s->searched = TS_SEARCH_ALL;
      for (guint i = 0; i < G_N_ELEMENTS (searchable_keys); i++)
        if (get (obj, searchable_keys[i]) != NULL)
          ts_scenario_fix_input (s, searchable_keys[i]);
      if (s->zero_stage < 0)
        ts_scenario_search_input (s, "zero_stage");
      return;
    }
  if (!JSON_NODE_HOLDS_ARRAY (list))
    {
      ctx_fail (c, "auto", _("a list of layout keys (tp, pp, zero_stage, micro_batch, checkpointing, sequence_parallel, ep)"));
      return;
    }
  s->searched = 0;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
    {
      JsonNode *item = json_array_get_element (json_node_get_array (list), i);

      /* a name this version does not know is a newer file's: ignored */
      if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
        ts_scenario_search_input (s, json_node_get_string (item));
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
  JsonObject *obj;
  double version = 0;
  guint zero = 0;
  const char *str;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_SCENARIO, _("%s: a scenario must be a JSON object"), name);
      return NULL;
    }
  obj = json_node_get_object (root);

  get_double (&c, obj, "schema_version", 0, 1e9, &version);
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

  GET_ENUM (&c, obj, "method", ts_method_from_string, &s->method, "full, lora, qlora");
  GET_ENUM (&c, obj, "precision", ts_precision_from_string, &s->precision, "bf16, fp16, fp8, fp32, pure-bf16");
  GET_ENUM (&c, obj, "grad_dtype", ts_grad_dtype_from_string, &s->grad_dtype, "bf16, fp32");
  GET_ENUM (&c, obj, "optimizer", ts_optimizer_from_string, &s->optimizer, "adamw, adamw-8bit, adafactor, sgd, lion");
  GET_ENUM (&c, obj, "offload", ts_offload_from_string, &s->offload, "none, optimizer");
  GET_ENUM (&c, obj, "checkpointing", ts_checkpointing_from_string, &s->checkpointing, "none, selective, full");
  GET_ENUM (&c, obj, "lora_targets", ts_lora_targets_from_string, &s->lora_targets, "qv, attention, all-linear");
  GET_ENUM (&c, obj, "objective", ts_objective_from_string, &s->objective, "servers, time, cost, energy");
  get_uint (&c, obj, "seq_len", TS_MIN_SEQ_LEN, TS_MAX_SEQ_LEN, &s->seq_len);
  get_uint (&c, obj, "micro_batch", TS_MIN_MICRO_BATCH, TS_MAX_MICRO_BATCH, &s->micro_batch);
  get_bool (&c, obj, "flash_attention", &s->flash_attention);
  get_bool (&c, obj, "sequence_parallel", &s->sequence_parallel);
  get_bool (&c, obj, "zero3_prefetch", &s->zero3_prefetch);
  get_double (&c, obj, "tokens", 0, TS_MAX_TOKENS, &s->tokens);
  get_double (&c, obj, "deadline_days", 0, TS_MAX_DAYS, &s->deadline_days);
  if (get (obj, "zero_stage") != NULL && is_number (get (obj, "zero_stage"))
      && json_node_get_double (get (obj, "zero_stage")) == -1)
    s->zero_stage = -1;
  else if (get (obj, "zero_stage") != NULL)
    {
      get_uint (&c, obj, "zero_stage", 0, 3, &zero);
      s->zero_stage = (int) zero;
    }
  get_uint (&c, obj, "tp", TS_MIN_PARALLEL, TS_MAX_PARALLEL, &s->tp);
  get_uint (&c, obj, "pp", TS_MIN_PARALLEL, TS_MAX_PARALLEL, &s->pp);
  get_uint (&c, obj, "ep", TS_MIN_PARALLEL, TS_MAX_PARALLEL, &s->ep);
  get_uint (&c, obj, "gpus", 0, TS_MAX_GPUS, &s->gpus);
  get_uint (&c, obj, "global_batch", 0, TS_MAX_GLOBAL_BATCH, &s->global_batch);
  read_searched (&c, obj, s);
  get_uint (&c, obj, "lora_rank", TS_MIN_LORA_RANK, TS_MAX_LORA_RANK, &s->lora_rank);
  get_bool (&c, obj, "double_quant", &s->double_quant);
  get_bool (&c, obj, "paged_optimizer", &s->paged_optimizer);
  get_double (&c, obj, "runtime_overhead_bytes", 0, TS_MAX_RUNTIME_OVERHEAD, &s->runtime_overhead_bytes);
  get_double (&c, obj, "fragmentation", 0, TS_MAX_FRAGMENTATION, &s->fragmentation);
  if ((str = get_text (&c, obj, "server_id", TS_MAX_ID_CHARS)) != NULL)
    {
      if (ts_catalog_find_server (catalog, str) == NULL)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                       _("%s: the server “%s” is not in the catalog"), name, str);
          return NULL;
        }
      ts_scenario_set_server (s, str);
    }
  get_uint (&c, obj, "servers", 0, TS_MAX_SERVERS, &s->servers);
  get_uint (&c, obj, "rack_units", TS_MIN_RACK_UNITS, TS_MAX_RACK_UNITS, &s->rack_units);
  get_double (&c, obj, "rack_kw", TS_MIN_RACK_KW, TS_MAX_RACK_KW, &s->rack_kw);
  get_double (&c, obj, "voltage", TS_MIN_VOLTAGE, TS_MAX_VOLTAGE, &s->voltage);
  read_phases (&c, obj, &s->phases);
  get_double (&c, obj, "pue", TS_MIN_PUE, TS_MAX_PUE, &s->pue);
  get_double (&c, obj, "price_kwh", 0, TS_MAX_PRICE_KWH, &s->price_kwh);
  read_currency (&c, obj, s);
  get_double (&c, obj, "headroom_tight", 0, TS_MAX_HEADROOM_TIGHT, &s->headroom_tight);

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
  return ts_file_write_atomic (path, data, strlen (data), error);
}
