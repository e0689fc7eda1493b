/* test-scenario-fields.c — the one table of scenario inputs: it covers
 * every input of TsScenario once, its defaults are the documented ones and
 * validate, every range is enforced alike by ts_scenario_validate () and
 * by the scenario file's reader, and every enum name round-trips; the
 * architecture table's ranges hold alike in a catalog, a model file and a
 * scenario file, and 0 is “not given” for kv_heads and head_dim at each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-test-support.h"

/* the built-in catalog, loaded once */
static TsCatalog *catalog;

#define MEMBER(name) { #name, G_STRUCT_OFFSET (TsScenario, name) }

/* Every input member of TsScenario, written out. Not inputs of the table:
 * model_id and model (the model has its own door: --model, --params,
 * --model-file, the picker) and searched (which inputs the planner
 * chooses, derived from the fields a user sets). */
static const struct { const char *member; gsize offset; } input_members[] = {
  MEMBER (method), MEMBER (precision), MEMBER (grad_dtype), MEMBER (optimizer), MEMBER (offload),
  MEMBER (seq_len), MEMBER (micro_batch), MEMBER (checkpointing), MEMBER (flash_attention),
  MEMBER (sequence_parallel), MEMBER (tokens), MEMBER (deadline_days), MEMBER (zero_stage),
  MEMBER (zero3_prefetch), MEMBER (tp), MEMBER (pp), MEMBER (ep), MEMBER (cp), MEMBER (gpus), MEMBER (global_batch),
  MEMBER (objective), MEMBER (framework), MEMBER (lora_rank), MEMBER (lora_targets), MEMBER (double_quant),
  MEMBER (paged_optimizer), MEMBER (runtime_overhead_bytes), MEMBER (fragmentation), MEMBER (server_id),
  MEMBER (servers), MEMBER (rack_units), MEMBER (checkpoints_kept), MEMBER (site_cooling), MEMBER (air_rack_kw), MEMBER (site_profile), MEMBER (water_c), MEMBER (floor_kg_m2), MEMBER (rack_kw), MEMBER (voltage), MEMBER (phases), MEMBER (pue),
  MEMBER (price_kwh), MEMBER (currency), MEMBER (headroom_tight), MEMBER (oversubscription), MEMBER (min_free),
};

static void
test_covers_every_input (void)
{
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < G_N_ELEMENTS (input_members); i++)
    {
      guint found = 0;

      for (guint j = 0; j < n_fields; j++)
        found += fields[j].offset == input_members[i].offset;
      if (found != 1)
        g_error ("TsScenario.%s is in the field table %u times, not once", input_members[i].member, found);
    }
  g_assert_cmpuint (n_fields, ==, G_N_ELEMENTS (input_members));

  /* keys and CLI names are unique, and each finds its own field */
  for (guint j = 0; j < n_fields; j++)
    {
      g_assert_true (ts_scenario_field_find (fields[j].key) == &fields[j]);
      g_assert_true (ts_scenario_field_find_cli (fields[j].cli_name) == &fields[j]);
      {
        g_autofree char *option = g_strconcat ("--", fields[j].cli_name, NULL);

        g_assert_true (ts_scenario_field_find_cli (option) == &fields[j]);
      }
    }
}

/* The defaults the README and `trainsizer-cli --help` document: sequence
 * length 2048, micro-batch 1, full checkpointing, FlashAttention on, BF16
 * mixed precision, BF16 gradients, AdamW, ZeRO chosen by the engine, TP =
 * PP = 1, no offload, LoRA rank 16 on all linear layers, double
 * quantization on, 10B tokens, no deadline, 42U racks of 30 kW, 230 V
 * three-phase, PUE 1.4, prices in RUB. */
static void
test_documented_defaults (void)
{
  g_autoptr(TsScenario) s = ts_scenario_new ();
  g_autoptr(GError) error = NULL;
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  g_assert_cmpuint (s->seq_len, ==, 2048);
  g_assert_cmpuint (s->micro_batch, ==, 1);
  g_assert_cmpint (s->checkpointing, ==, TS_CHECKPOINTING_FULL);
  g_assert_true (s->flash_attention);
  g_assert_cmpint (s->precision, ==, TS_PRECISION_BF16);
  g_assert_cmpint (s->grad_dtype, ==, TS_GRAD_BF16);
  g_assert_cmpint (s->optimizer, ==, TS_OPTIMIZER_ADAMW);
  g_assert_cmpint (s->zero_stage, ==, -1);
  g_assert_cmpuint (s->tp, ==, 1);
  g_assert_cmpuint (s->pp, ==, 1);
  g_assert_cmpint (s->offload, ==, TS_OFFLOAD_NONE);
  g_assert_cmpuint (s->lora_rank, ==, 16);
  g_assert_cmpint (s->lora_targets, ==, TS_LORA_TARGETS_ALL_LINEAR);
  g_assert_true (s->double_quant);
  /* 0: the method's default (README, --help): 10B for full training */
  g_assert_cmpfloat (s->tokens, ==, 0);
  g_assert_cmpfloat (ts_scenario_tokens (s), ==, 10e9);
  /* LoRA/QLoRA: Llama 2's fine-tuning set (Touvron et al. 2023, §3.1),
   * 27,540 examples × 2 epochs × 2,048 tokens = 112,803,840 */
  s->method = TS_METHOD_QLORA;
  g_assert_cmpfloat (ts_scenario_tokens (s), ==, 112803840.0);
  s->method = TS_METHOD_FULL;
  g_assert_cmpfloat (s->deadline_days, ==, 0);
  g_assert_cmpuint (s->rack_units, ==, 42);
  g_assert_cmpuint (s->checkpoints_kept, ==, 3);
  g_assert_cmpint (s->site_cooling, ==, TS_SITE_COOLING_AIR);
  g_assert_cmpfloat (s->air_rack_kw, ==, 30);
  g_assert_cmpfloat (s->rack_kw, ==, 30);
  g_assert_cmpfloat (s->voltage, ==, 230);
  g_assert_cmpuint (s->phases, ==, 3);
  g_assert_cmpfloat (s->pue, ==, 1.4);
  g_assert_cmpfloat (s->oversubscription, ==, 1.0);   /* docs/cluster-fabric.md §4: non-blocking */
  g_assert_cmpstr (s->currency, ==, "RUB");
  g_assert_null (s->server_id);
  g_assert_cmpuint (s->searched, ==, TS_SEARCH_ALL);

  /* each default is allowed by its own field and the whole validates */
  for (guint i = 0; i < n_fields; i++)
    if (!ts_scenario_field_validate (&fields[i], s, &error))
      g_error ("default of %s refused: %s", fields[i].key, error->message);
  s->model.params = 8e9;
  g_assert_true (ts_scenario_validate (s, &error));
}

/* A scenario file of a 8B model with one member set; NULL value: none. */
static TsScenario *
read_file_with (const char  *key,
                const char  *value,
                GError     **error)
{
  g_autofree char *text = g_strdup_printf ("{ \"schema_version\": 1, \"model\": { \"params\": 8e9 }, \"%s\": %s }",
                                           key, value);

  return ts_scenario_from_string (text, -1, catalog, "test.json", error);
}

static char *
number_text (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value));
}

/* value through ts_scenario_validate () and through the file reader. */
static void
check_value (const TsScenarioField *f,
             double                 value,
             gboolean               allowed)
{
  g_autoptr(TsScenario) s = ts_scenario_new ();
  g_autoptr(TsScenario) read = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = number_text (value);

  g_test_message ("%s = %s: %s", f->key, text, allowed ? "allowed" : "refused");
  s->model.params = 8e9;
  /* a guint cannot hold a negative number, nor an int a fraction: only
   * the file can say those */
  if (!(value < 0 && f->kind == TS_FIELD_UINT) && (f->kind == TS_FIELD_DOUBLE || value == floor (value)))
    {
      ts_scenario_field_set_double (f, s, value);
      if (allowed)
        {
          g_assert_true (ts_scenario_validate (s, &error));
          g_assert_no_error (error);
        }
      else
        {
          g_assert_false (ts_scenario_validate (s, &error));
          g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
          g_assert_nonnull (strstr (error->message, f->name));
          g_clear_error (&error);
        }
    }

  read = read_file_with (f->key, text, &error);
  if (allowed)
    {
      g_assert_no_error (error);
      g_assert_cmpfloat (ts_scenario_field_get_double (f, read), ==, value);
    }
  else
    {
      g_assert_null (read);
      g_assert_error (error, TS_ERROR, TS_ERROR_SCENARIO);
      g_assert_nonnull (strstr (error->message, f->key));
    }
}

/* The next value past a limit: a whole number away for whole kinds, the
 * next representable double otherwise. */
static double
next_past (const TsScenarioField *f,
           double                 limit,
           double                 direction)
{
  if (f->kind == TS_FIELD_DOUBLE)
    return nextafter (limit, direction * INFINITY);
  return limit + direction;
}

static void
test_ranges (void)
{
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      const TsScenarioField *f = &fields[i];

      if (f->kind != TS_FIELD_UINT && f->kind != TS_FIELD_INT && f->kind != TS_FIELD_DOUBLE)
        continue;
      if (f->n_choices > 0)
        {
          /* every choice, and the numbers around and between them */
          for (guint c = 0; c < f->n_choices; c++)
            check_value (f, f->choices[c].value, TRUE);
          for (double v = f->min - 1; v <= f->max + 1; v++)
            if (ts_scenario_field_choice (f, (int) v) == NULL)
              check_value (f, v, FALSE);
          continue;
        }
      check_value (f, f->min, TRUE);
      check_value (f, f->max, TRUE);
      check_value (f, next_past (f, f->min, -1), FALSE);
      check_value (f, next_past (f, f->max, +1), FALSE);
      if (f->kind != TS_FIELD_DOUBLE)
        check_value (f, f->min + 0.5, FALSE);  /* whole numbers only */
    }
}

/* Phases: 2 is refused because a “two-phase” feed is a single phase
 * between two lines (ts-scenario.h); the reason names both choices. */
static void
test_phases_message (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) read = read_file_with ("phases", "2", &error);

  g_assert_null (read);
  g_assert_nonnull (strstr (error->message, "1 (single phase) or 3 (three phases)"));
}

static void
test_enum_names_round_trip (void)
{
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      const TsScenarioField *f = &fields[i];

      for (guint c = 0; f->kind == TS_FIELD_ENUM && c < f->n_choices; c++)
        {
          g_autoptr(TsScenario) s = ts_scenario_new ();
          g_autoptr(TsScenario) read = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *text = NULL;
          g_autofree char *quoted = g_strdup_printf ("\"%s\"", f->choices[c].name);
          g_autofree char *upper = g_ascii_strup (f->choices[c].name, -1);

          g_assert_true (ts_scenario_field_set_text (f, s, f->choices[c].name, &error));
          g_assert_cmpint (ts_scenario_field_get_double (f, s), ==, f->choices[c].value);
          text = ts_scenario_field_get_text (f, s);
          g_assert_cmpstr (text, ==, f->choices[c].name);

          read = read_file_with (f->key, quoted, &error);
          g_assert_no_error (error);
          g_assert_cmpint (ts_scenario_field_get_double (f, read), ==, f->choices[c].value);

          /* names are read in any case, as they always were */
          g_assert_true (ts_scenario_field_set_text (f, s, upper, &error));
          g_assert_cmpint (ts_scenario_field_get_double (f, s), ==, f->choices[c].value);
        }
      if (f->kind == TS_FIELD_ENUM)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(TsScenario) read = read_file_with (f->key, "\"no-such-name\"", &error);

          g_assert_null (read);
          g_assert_error (error, TS_ERROR, TS_ERROR_SCENARIO);
        }
    }

  /* the engine's own name functions read the same table */
  g_assert_cmpstr (ts_method_to_string (TS_METHOD_QLORA), ==, "qlora");
  g_assert_cmpstr (ts_checkpointing_to_string (TS_CHECKPOINTING_SELECTIVE), ==, "selective");
  g_assert_cmpstr (ts_objective_to_string (TS_OBJECTIVE_ENERGY), ==, "energy");
  g_assert_cmpstr (ts_scenario_field_choice (ts_scenario_field_find ("precision"), TS_PRECISION_PURE_BF16)->name,
                   ==, "pure-bf16");
  g_assert_cmpstr (ts_scenario_field_choice (ts_scenario_field_find ("optimizer"), TS_OPTIMIZER_ADAMW_8BIT)->name,
                   ==, "adamw-8bit");
  g_assert_null (ts_method_to_string (TS_N_METHODS));
}

/* A form builds its rows group by group in display order: every field with
 * a group is in exactly one list, positions rising from 0 without gaps. */
static void
test_form_groups (void)
{
  guint n_fields, seen = 0;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  for (TsFieldGroup g = TS_FIELD_GROUP_METHOD; g < TS_N_FIELD_GROUPS; g++)
    {
      guint n = 0;
      g_autofree const TsScenarioField **list = ts_scenario_fields_in_group (g, &n);

      g_assert_cmpuint (n, >, 0);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (list[i]->group, ==, g);
          g_assert_cmpuint (list[i]->position, ==, i);
          g_assert_nonnull (list[i]->label);
        }
      seen += n;
    }
  for (guint i = 0; i < n_fields; i++)
    seen += fields[i].group == TS_FIELD_GROUP_NONE;
  g_assert_cmpuint (seen, ==, n_fields);
}

/* One range per architecture field, the same in the model file and the
 * scenario file: layers from 1 to 10,000 (the largest published model has
 * 126), hidden size to 2^20, vocabulary to 2^24. */
static void
test_architecture_ranges (void)
{
  static const char *const model_file =
    "{ \"layers\": %s, \"hidden_size\": 4096, \"attention_heads\": 32, \"vocab_size\": 32000, \"ffn_size\": 11008 }";
  static const char *const scenario_file =
    "{ \"schema_version\": 1, \"model\": { \"name\": \"m\", \"architecture\": "
    "{ \"layers\": %s, \"hidden_size\": 4096, \"attention_heads\": 32, \"vocab_size\": 32000, \"ffn_size\": 11008, \"kv_heads\": 32, \"head_dim\": 128 } } }";
  static const struct { const char *layers; gboolean ok; } cases[] = {
    { "0", FALSE }, { "1", TRUE }, { "10000", TRUE }, { "10001", FALSE }, { "2.5", FALSE },
  };
  const TsArchField *layers = ts_arch_field_find ("layers");

  g_assert_cmpuint (layers->min, ==, 1);
  g_assert_cmpuint (layers->max, ==, 10000);
  g_assert_cmpuint (ts_arch_field_find ("hidden_size")->max, ==, 1048576);
  g_assert_cmpuint (ts_arch_field_find ("vocab_size")->max, ==, 16777216);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *m = g_strdup_printf (model_file, cases[i].layers);
      g_autofree char *s = g_strdup_printf (scenario_file, cases[i].layers);
      g_autoptr(JsonNode) root = ts_json_parse (m, -1, "m.json", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) scenario = NULL;
      TsModel model = { 0 };
      gboolean model_ok = ts_model_from_json (&model, root, "m.json", &error);

      g_test_message ("layers %s", cases[i].layers);
      g_assert_cmpint (model_ok, ==, cases[i].ok);
      if (!model_ok)
        g_assert_nonnull (strstr (error->message, "layers"));
      g_clear_error (&error);
      ts_model_clear (&model);
      scenario = ts_scenario_from_string (s, -1, catalog, "s.json", &error);
      g_assert_cmpint (scenario != NULL, ==, cases[i].ok);
      if (scenario == NULL)
        g_assert_nonnull (strstr (error->message, "layers"));
    }
}

/* ---- every architecture field's range, at every door ---- */

/* The three readers of an architecture: a catalog's model record, a
 * custom model file and a scenario file's model. Each takes the field key
 * set to value (JSON text: “17”, “true”, “"gelu"”) in a valid
 * architecture and says whether it loaded; a refusal's message is
 * returned in problem. */
typedef gboolean (*ArchDoor) (const char *key, const char *value, char **problem);

static void
set_member (JsonObject *obj,
            const char *key,
            const char *value)
{
  json_object_set_member (obj, key, json_from_string (value, NULL));
}

/* The built-in catalog with Llama 3.1 8B's architecture changed. */
static gboolean
catalog_door (const char  *key,
              const char  *value,
              char       **problem)
{
  g_autoptr(GBytes) bytes = ts_catalog_get_builtin_bytes ();
  g_autoptr(JsonNode) root = json_from_string (g_bytes_get_data (bytes, NULL), NULL);
  JsonArray *models = json_object_get_array_member (json_node_get_object (root), "models");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) spoiled = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < json_array_get_length (models); i++)
    {
      JsonObject *model = json_array_get_object_element (models, i);

      if (g_str_equal (json_object_get_string_member (model, "id"), "llama-3.1-8b"))
        set_member (json_object_get_object_member (model, "architecture"), key, value);
    }
  text = json_to_string (root, FALSE);
  spoiled = ts_catalog_new_from_data (text, -1, "spoiled.json", &error);
  *problem = error != NULL ? g_strdup (error->message) : NULL;
  return spoiled != NULL;
}

/* Llama 2 7B's architecture as a model file: what every field is set in */
static JsonNode *
llama_2_7b (const char *key,
            const char *value)
{
  JsonNode *node = json_from_string ("{ \"layers\": 32, \"hidden_size\": 4096, \"attention_heads\": 32,"
                                     " \"vocab_size\": 32000, \"ffn_size\": 11008 }", NULL);

  set_member (json_node_get_object (node), key, value);
  return node;
}

static gboolean
model_file_door (const char  *key,
                 const char  *value,
                 char       **problem)
{
  g_autoptr(JsonNode) root = llama_2_7b (key, value);
  g_autoptr(GError) error = NULL;
  TsModel model = { 0 };
  gboolean ok = ts_model_from_json (&model, root, "m.json", &error);

  *problem = error != NULL ? g_strdup (error->message) : NULL;
  ts_model_clear (&model);
  return ok;
}

static gboolean
scenario_file_door (const char  *key,
                    const char  *value,
                    char       **problem)
{
  g_autoptr(JsonNode) root = json_from_string ("{ \"schema_version\": 1, \"model\": {} }", NULL);
  JsonObject *model = json_object_get_object_member (json_node_get_object (root), "model");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  g_autofree char *text = NULL;

  json_object_set_member (model, "architecture", llama_2_7b (key, value));
  text = json_to_string (root, FALSE);
  scenario = ts_scenario_from_string (text, -1, catalog, "s.json", &error);
  *problem = error != NULL ? g_strdup (error->message) : NULL;
  return scenario != NULL;
}

/* Whether problem is the reader refusing key's own value (“…, field
 * “layers”: must be …”), not a relation between fields that a value at
 * the end of its range can break (“Architecture field “kv_heads” (65536)
 * cannot exceed “attention_heads””, a head_dim that cannot be derived). */
static gboolean
refuses_field (const char *problem,
               const char *key)
{
  g_autofree char *named = g_strdup_printf ("field “%s”:", key);

  return problem != NULL && strstr (problem, named) != NULL;
}

/* What a field's range refuses and what it takes, as JSON: a count just
 * below (where there is room) and just above its range, and the two ends;
 * a number for a switch, and true and false; an unknown MLP kind, and
 * every known one. */
static void
values_of (const TsArchField *f,
           GPtrArray         *refused,
           GPtrArray         *taken)
{
  switch (f->kind)
    {
    case TS_FIELD_BOOL:
      g_ptr_array_add (refused, g_strdup ("2"));
      g_ptr_array_add (taken, g_strdup ("true"));
      g_ptr_array_add (taken, g_strdup ("false"));
      break;
    case TS_FIELD_ENUM:
      g_ptr_array_add (refused, g_strdup ("\"relu\""));
      for (guint i = 0; i < f->n_choices; i++)
        g_ptr_array_add (taken, g_strdup_printf ("\"%s\"", f->choices[i].name));
      break;
    default:
      if (f->min > 0)
        g_ptr_array_add (refused, g_strdup_printf ("%u", (guint) f->min - 1));
      g_ptr_array_add (refused, g_strdup_printf ("%u", (guint) f->max + 1));
      g_ptr_array_add (taken, g_strdup_printf ("%u", (guint) f->min));
      g_ptr_array_add (taken, g_strdup_printf ("%u", (guint) f->max));
      break;
    }
}

/* For every field of the architecture table: what its range refuses is
 * refused, naming the field; what it takes is not refused for the field. */
static void
test_architecture_table_ranges (gconstpointer data)
{
  ArchDoor door = (ArchDoor) data;
  const TsArchField *fields;
  guint n_fields;

  fields = ts_arch_fields (&n_fields);
  g_assert_cmpuint (n_fields, ==, 27);
  /* every field; every 13th under valgrind (the catalog door reads the
   * whole catalog for each value: minutes there, for the same code) */
  for (guint i = 0; i < n_fields; i += n_fields / ts_test_sweep_size (n_fields))
    {
      g_autoptr(GPtrArray) refused = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);

      values_of (&fields[i], refused, taken);
      for (guint j = 0; j < refused->len; j++)
        {
          g_autofree char *problem = NULL;

          g_test_message ("%s = %s: refused", fields[i].key, (char *) refused->pdata[j]);
          g_assert_false (door (fields[i].key, refused->pdata[j], &problem));
          g_assert_true (refuses_field (problem, fields[i].key));
        }
      for (guint j = 0; j < taken->len; j++)
        {
          g_autofree char *problem = NULL;

          g_test_message ("%s = %s: taken", fields[i].key, (char *) taken->pdata[j]);
          door (fields[i].key, taken->pdata[j], &problem);
          g_assert_false (refuses_field (problem, fields[i].key));
        }
    }
}

/* 0 is “not given” for kv_heads and head_dim at every door, derived one
 * way: Llama 3.1 8B has 32 attention heads of 4096 / 32 = 128
 * (config.json: num_attention_heads 32, hidden_size 4096); DeepSeek-V3's
 * latent attention has query-key heads of qk_nope_head_dim 128 +
 * qk_rope_head_dim 64 = 192 (config.json). */
static void
test_architecture_zero_derived (void)
{
  static const char *const deepseek_v3 =
    "{ \"layers\": 61, \"hidden_size\": 7168, \"attention_heads\": 128, \"kv_heads\": 128,"
    " \"vocab_size\": 129280, \"ffn_size\": 18432, \"experts\": 256, \"active_experts\": 8,"
    " \"shared_experts\": 1, \"expert_ffn_size\": 2048, \"dense_layers\": 3, \"q_lora_rank\": 1536,"
    " \"kv_lora_rank\": 512, \"qk_nope_head_dim\": 128, \"qk_rope_head_dim\": 64, \"v_head_dim\": 128 }";
  g_autoptr(JsonNode) root = json_from_string (deepseek_v3, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = NULL;
  TsModel model = { 0 };

  g_assert_true (ts_model_from_json (&model, root, "v3.json", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (model.arch.head_dim, ==, 128 + 64);
  ts_model_clear (&model);

  g_assert_true (model_file_door ("head_dim", "0", &problem));
  g_assert_true (model_file_door ("kv_heads", "0", &problem));
  g_assert_true (scenario_file_door ("head_dim", "0", &problem));
  g_assert_true (catalog_door ("head_dim", "0", &problem));
  g_assert_true (catalog_door ("kv_heads", "0", &problem));
  g_assert_null (problem);
  {
    TsArchitecture a = { .layers = 32, .hidden_size = 4096, .attention_heads = 32, .ffn_size = 14336,
                         .vocab_size = 128256 };

    g_assert_true (ts_architecture_derive (&a));
    g_assert_cmpuint (a.kv_heads, ==, 32);
    g_assert_cmpuint (a.head_dim, ==, 128);
  }
  {
    TsArchitecture a = { .hidden_size = 7168, .attention_heads = 128, .kv_lora_rank = 512,
                         .qk_nope_head_dim = 128, .qk_rope_head_dim = 64 };

    g_assert_true (ts_architecture_derive (&a));
    g_assert_cmpuint (a.head_dim, ==, 192);
  }
  {
    /* 4100 / 32 is not whole: nothing to derive head_dim from */
    TsArchitecture a = { .hidden_size = 4100, .attention_heads = 32 };

    g_assert_false (ts_architecture_derive (&a));
    g_assert_cmpuint (a.head_dim, ==, 0);
  }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = ts_test_catalog ();
  g_test_add_func ("/fields/covers-every-input", test_covers_every_input);
  g_test_add_func ("/fields/documented-defaults", test_documented_defaults);
  g_test_add_func ("/fields/ranges", test_ranges);
  g_test_add_func ("/fields/phases-message", test_phases_message);
  g_test_add_func ("/fields/enum-names-round-trip", test_enum_names_round_trip);
  g_test_add_func ("/fields/form-groups", test_form_groups);
  g_test_add_func ("/fields/architecture-ranges", test_architecture_ranges);
  g_test_add_data_func ("/fields/architecture-table/catalog", catalog_door, test_architecture_table_ranges);
  g_test_add_data_func ("/fields/architecture-table/model-file", model_file_door, test_architecture_table_ranges);
  g_test_add_data_func ("/fields/architecture-table/scenario-file", scenario_file_door,
                        test_architecture_table_ranges);
  g_test_add_func ("/fields/architecture-zero-derived", test_architecture_zero_derived);
  status = g_test_run ();
  ts_catalog_unref (catalog);
  return status;
}
