/* ts-model-file.c — a custom model's architecture from a JSON file
 *
 * The format (docs/sizing-model.md §2), every field but the first five optional:
 *
 *   {"name": "GPT-3 175B", "layers": 96, "hidden_size": 12288,
 *    "attention_heads": 96, "vocab_size": 51200, "ffn_size": 49152,
 *    "kv_heads": 96, "head_dim": 128, "mlp": "gelu",
 *    "tied_embeddings": true, "dropout": true, "qkv_bias": false,
 *    "experts": 0, "active_experts": 0, "shared_experts": 0,
 *    "expert_ffn_size": 0, "dense_layers": 0,
 *    "q_lora_rank": 0, "kv_lora_rank": 0, "qk_nope_head_dim": 0,
 *    "qk_rope_head_dim": 0, "v_head_dim": 0}
 *
 * Defaults: kv_heads = attention_heads (multi-head attention), head_dim =
 * hidden_size / attention_heads, mlp “swiglu”, booleans false, the rest 0.
 * ffn_size is required unless the model has experts. The file is a user's
 * hand-written input, so it is read strictly: an unknown field (a typo
 * such as “hidden”) is an error, not something silently ignored.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-model"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-error.h"
#include "ts-hf-config.h"
#include "ts-json.h"
#include "ts-model.h"
#include "ts-scenario-fields.h"

typedef struct
{
  const char *name;    /* the file, for messages */
  JsonObject *obj;
  GError    **error;
  gboolean    failed;
} Reader;

typedef enum { FIELD_UINT, FIELD_BOOL, FIELD_MLP, FIELD_NAME } FieldKind;

typedef struct
{
  const char *field;
  FieldKind   kind;
  gboolean    required;
  gsize       offset;  /* into TsArchitecture */
} Field;

#define UINT_FIELD(f, req) { #f, FIELD_UINT, req, G_STRUCT_OFFSET (TsArchitecture, f) }
#define BOOL_FIELD(f) { #f, FIELD_BOOL, FALSE, G_STRUCT_OFFSET (TsArchitecture, f) }

/* Which fields a model file must hold; each range is the architecture
 * table's (ts-scenario-fields.c), and ts_architecture_validate () checks
 * the relations between fields afterwards. */
static const Field fields[] = {
  { "name", FIELD_NAME, FALSE, 0 },
  UINT_FIELD (layers, TRUE),
  UINT_FIELD (hidden_size, TRUE),
  UINT_FIELD (attention_heads, TRUE),
  UINT_FIELD (vocab_size, TRUE),
  UINT_FIELD (ffn_size, FALSE),
  UINT_FIELD (kv_heads, FALSE),
  UINT_FIELD (head_dim, FALSE),
  { "mlp", FIELD_MLP, FALSE, G_STRUCT_OFFSET (TsArchitecture, mlp) },
  BOOL_FIELD (tied_embeddings),
  BOOL_FIELD (dropout),
  BOOL_FIELD (qkv_bias),
  UINT_FIELD (experts, FALSE),
  UINT_FIELD (active_experts, FALSE),
  UINT_FIELD (shared_experts, FALSE),
  UINT_FIELD (expert_ffn_size, FALSE),
  UINT_FIELD (dense_layers, FALSE),
  UINT_FIELD (q_lora_rank, FALSE),
  UINT_FIELD (kv_lora_rank, FALSE),
  UINT_FIELD (qk_nope_head_dim, FALSE),
  UINT_FIELD (qk_rope_head_dim, FALSE),
  UINT_FIELD (v_head_dim, FALSE),
  BOOL_FIELD (qk_norm),
  UINT_FIELD (layer_norms, FALSE),
  BOOL_FIELD (norm_bias),
  UINT_FIELD (shared_expert_ffn_size, FALSE),
  BOOL_FIELD (shared_expert_gate),
  BOOL_FIELD (router_bias),
};

static void
reader_fail (Reader     *r,
             const char *field,
             const char *problem)
{
  if (r->failed)
    return;
  r->failed = TRUE;
  g_set_error (r->error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               /* Translators: “gpt.json: field “layers”: must be a whole number from 1 to 10000” */
               _("%s: field “%s”: %s"), r->name, field, problem);
}

static void
read_field (Reader         *r,
            const Field    *f,
            TsArchitecture *arch,
            char          **name)
{
  JsonNode *node = json_object_get_member (r->obj, f->field);
  gpointer slot = G_STRUCT_MEMBER_P (arch, f->offset);

  if (node == NULL)
    {
      if (f->required)
        reader_fail (r, f->field, _("is required"));
      return;
    }

  switch (f->kind)
    {
    case FIELD_UINT:
      {
        double v = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) != G_TYPE_STRING
                   && json_node_get_value_type (node) != G_TYPE_BOOLEAN
                   ? json_node_get_double (node) : NAN;

        g_autoptr(GError) problem = NULL;

        if (!ts_arch_field_check (ts_arch_field_find (f->field), v, &problem))
          {
            reader_fail (r, f->field, problem->message);
            return;
          }
        *(guint *) slot = (guint) v;
      }
      break;

    case FIELD_BOOL:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          reader_fail (r, f->field, _("must be true or false"));
          return;
        }
      *(gboolean *) slot = json_node_get_boolean (node);
      break;

    case FIELD_MLP:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING
          || !ts_mlp_kind_from_string (json_node_get_string (node), (TsMlpKind *) slot))
        reader_fail (r, f->field, _("must be “gelu”, “swiglu” or “geglu”"));
      break;

    case FIELD_NAME:
    default:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING
          || strlen (json_node_get_string (node)) > 200)
        {
          reader_fail (r, f->field, _("must be a text of at most 200 characters"));
          return;
        }
      g_free (*name);
      *name = g_strdup (json_node_get_string (node));
      break;
    }
}

static gboolean
known_field (const char *field)
{
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (strcmp (fields[i].field, field) == 0)
      return TRUE;
  return FALSE;
}

gboolean
ts_model_from_json (TsModel     *model,
                    JsonNode    *root,
                    const char  *name,
                    GError     **error)
{
  Reader r = { name, NULL, error, FALSE };
  TsArchitecture arch = { 0 };
  g_autofree char *model_name = NULL;
  g_autoptr(GList) members = NULL;
  g_autoptr(GError) arch_error = NULL;

  /* A Hugging Face config.json, recognised by keys our format never has */
  if (ts_hf_config_detect (root))
    return ts_hf_config_import (model, root, name, error);

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   /* Translators: %s is a file name */
                   _("%s: a model file must be a JSON object such as {\"layers\": 32, \"hidden_size\": 4096, …}"),
                   name);
      return FALSE;
    }
  r.obj = json_node_get_object (root);

  members = json_object_get_members (r.obj);
  for (GList *l = members; l != NULL; l = l->next)
    if (!known_field (l->data))
      {
        reader_fail (&r, l->data, _("is not a field of a model file"));
        return FALSE;
      }

  arch.mlp = TS_MLP_SWIGLU;
  for (guint i = 0; i < G_N_ELEMENTS (fields) && !r.failed; i++)
    read_field (&r, &fields[i], &arch, &model_name);
  if (r.failed)
    return FALSE;

  if (!json_object_has_member (r.obj, "kv_heads"))
    arch.kv_heads = arch.attention_heads;
  if (!json_object_has_member (r.obj, "head_dim"))
    {
      if (arch.hidden_size % arch.attention_heads != 0)
        {
          reader_fail (&r, "head_dim", _("is required when hidden_size is not a multiple of attention_heads"));
          return FALSE;
        }
      arch.head_dim = arch.hidden_size / arch.attention_heads;
    }
  if (arch.experts == 0 && !json_object_has_member (r.obj, "ffn_size"))
    {
      reader_fail (&r, "ffn_size", _("is required for a model without experts"));
      return FALSE;
    }

  if (!ts_model_init_from_architecture (model, model_name, &arch, &arch_error))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, "%s: %s", name, arch_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ts_model_load_file (TsModel     *model,
                    const char  *path,
                    GError     **error)
{
  g_autoptr(JsonNode) root = ts_json_parse_file (path, error);
  g_autofree char *name = NULL;

  if (root == NULL)
    return FALSE;
  name = g_filename_display_basename (path);
  return ts_model_from_json (model, root, name, error);
}
