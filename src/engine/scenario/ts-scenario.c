/* ts-scenario.c — defaults, validation and names of a scenario's inputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-scenario"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-error.h"
#include "ts-scenario.h"

TsScenario *
ts_scenario_new (void)
{
  TsScenario *scenario = g_new0 (TsScenario, 1);

  ts_scenario_init_defaults (scenario);
  return scenario;
}

/* Every input's default is in the field table (ts-scenario-fields.c). */
void
ts_scenario_init_defaults (TsScenario *s)
{
  memset (s, 0, sizeof *s);
  ts_scenario_fields_set_defaults (s);
  /* a new scenario leaves the whole layout to the planner; the defaults
   * are the old fixed layout, which the search includes */
  s->searched = TS_SEARCH_ALL;
  s->framework_memory.logits_kept_bytes = TS_HF_LOGITS_KEPT_BYTES;
  s->framework_memory.loss_copy_bytes = TS_HF_LOSS_COPY_BYTES;
  s->framework_memory.loss_chunks = TS_HF_LOSS_CHUNKS;
  /* the Trainer drops the model's output before backward; PyTorch DDP
   * at ZeRO-0 */
  s->framework_memory.drops_logits = TRUE;
  s->framework_memory.ddp_buckets = TRUE;
}

void
ts_scenario_clear (TsScenario *s)
{
  g_clear_pointer (&s->model_id, g_free);
  ts_model_clear (&s->model);
  g_clear_pointer (&s->server_id, g_free);
  g_clear_pointer (&s->currency, g_free);
}

TsScenario *
ts_scenario_copy (const TsScenario *src)
{
  TsScenario *dest = g_new (TsScenario, 1);

  *dest = *src;
  dest->model_id = g_strdup (src->model_id);
  ts_model_copy (&dest->model, &src->model);
  dest->server_id = g_strdup (src->server_id);
  dest->currency = g_strdup (src->currency);
  return dest;
}

void
ts_scenario_free (TsScenario *s)
{
  if (s == NULL)
    return;
  ts_scenario_clear (s);
  g_free (s);
}

void
ts_scenario_set_model (TsScenario    *s,
                       const TsModel *model)
{
  ts_model_clear (&s->model);
  ts_model_copy (&s->model, model);
  g_free (s->model_id);
  s->model_id = g_strdup (model->id);
}

void
ts_scenario_set_server (TsScenario *s,
                        const char *server_id)
{
  g_free (s->server_id);
  s->server_id = (server_id != NULL && *server_id != '\0') ? g_strdup (server_id) : NULL;
}

guint
ts_scenario_global_batch (const TsScenario *s)
{
  if (s->global_batch > 0)
    return s->global_batch;
  if (s->method != TS_METHOD_FULL)
    return TS_DEFAULT_ADAPTER_GLOBAL_BATCH;
  return (guint) MAX (1.0, round (TS_DEFAULT_GLOBAL_BATCH_TOKENS / MAX (1u, s->seq_len)));
}

double
ts_scenario_tokens (const TsScenario *s)
{
  if (s->tokens > 0)
    return s->tokens;
  if (s->method != TS_METHOD_FULL)
    return TS_DEFAULT_ADAPTER_EXAMPLES * TS_DEFAULT_ADAPTER_EPOCHS * MAX (1u, s->seq_len);
  return TS_DEFAULT_TOKENS;
}

/* A field's key or CLI name, with or without its dashes (“--zero”). */
guint
ts_search_flag_from_name (const char *name)
{
  const TsScenarioField *f;

  if (name == NULL)
    return 0;
  f = ts_scenario_field_find (name);
  if (f == NULL)
    f = ts_scenario_field_find_cli (name);
  return f != NULL ? f->search_flag : 0;
}

gboolean
ts_scenario_searches (const TsScenario *s,
                      TsSearchFlags     flag)
{
  if ((s->searched & flag) == 0)
    return FALSE;
  switch (flag)
    {
    case TS_SEARCH_TP: return s->tp <= 1;
    case TS_SEARCH_PP: return s->pp <= 1;
    case TS_SEARCH_EP: return s->ep <= 1;
    case TS_SEARCH_CP: return s->cp <= 1;
    case TS_SEARCH_ZERO: return s->zero_stage < 0;
    case TS_SEARCH_MICRO_BATCH: return s->micro_batch <= TS_DEFAULT_MICRO_BATCH;
    case TS_SEARCH_CHECKPOINTING: return s->checkpointing == TS_CHECKPOINTING_FULL;
    case TS_SEARCH_SEQUENCE_PARALLEL: return !s->sequence_parallel;
    default: return FALSE;
    }
}

void
ts_scenario_fix_input (TsScenario *s,
                       const char *name)
{
  s->searched &= ~ts_search_flag_from_name (name);
}

void
ts_scenario_search_input (TsScenario *s,
                          const char *name)
{
  s->searched |= ts_search_flag_from_name (name);
}

void
ts_scenario_set_currency (TsScenario *s,
                          const char *currency)
{
  g_free (s->currency);
  s->currency = g_strdup (currency);
}

static gboolean
check_model (const TsModel  *model,
             GError        **error)
{
  if (model->params == 0)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("No model is chosen"));
      return FALSE;
    }
  if (!(model->params >= TS_MODEL_MIN_PARAMS && model->params <= TS_MODEL_MAX_PARAMS))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The parameter count must be between 1M and 100T (got %.4g)"), model->params);
      return FALSE;
    }
  return ts_scenario_check_text (model->name, _("Model name"), TS_MAX_NAME_CHARS, error);
}

/* tp × pp GPUs hold one copy of the model: a job has at most
 * TS_MAX_GPUS, and the product is taken in 64 bits before anything
 * multiplies it in 32 (100,000 × 100,000 would wrap to 1,410,065,408). */
static gboolean
check_model_parallel (const TsScenario *s,
                      GError          **error)
{
  guint64 product = (guint64) s->tp * s->pp;
  g_autofree char *text = NULL;

  if (product <= TS_MAX_GPUS)
    return TRUE;
  text = g_strdup_printf ("%" G_GUINT64_FORMAT, product);
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               _("Tensor parallel × pipeline parallel is %s GPUs, more than the %u a job may have"),
               text, TS_MAX_GPUS);
  return FALSE;
}

/* Each field's range and allowed values come from the field table; what
 * is checked here besides is what no single field holds. */
gboolean
ts_scenario_validate (const TsScenario *s,
                      GError          **error)
{
  const TsScenarioField *fields;
  guint n_fields;

  if (!check_model (&s->model, error))
    return FALSE;

  fields = ts_scenario_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    if (!ts_scenario_field_validate (&fields[i], s, error))
      return FALSE;

  return check_model_parallel (s, error)
         && ts_scenario_check_text (s->model_id, _("Model id"), TS_MAX_ID_CHARS, error);
}

/* The names are the field table's choices (ts-scenario-fields.c), a
 * public interface: add, never rename. */
static const char *
choice_name (const char *key,
             int         value)
{
  const TsFieldChoice *choice = ts_scenario_field_choice (ts_scenario_field_find (key), value);

  return choice != NULL ? choice->name : NULL;
}

#define ENUM_NAME(type, prefix, key)                                           \
  const char *                                                                 \
  ts_##prefix##_to_string (type value)                                         \
  {                                                                            \
    return choice_name (key, (int) value);                                     \
  }

ENUM_NAME (TsMethod, method, "method")
ENUM_NAME (TsCheckpointing, checkpointing, "checkpointing")
ENUM_NAME (TsObjective, objective, "objective")

/* The method as people read it, in the current language. */
const char *
ts_method_label (TsMethod method)
{
  switch (method)
    {
    case TS_METHOD_FULL: return _("Full training");
    case TS_METHOD_LORA: return _("LoRA");
    case TS_METHOD_QLORA: return _("QLoRA");
    case TS_N_METHODS:
    default: return "";
    }
}
