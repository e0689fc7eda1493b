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

void
ts_scenario_init_defaults (TsScenario *s)
{
  memset (s, 0, sizeof *s);
  s->method = TS_METHOD_FULL;
  s->precision = TS_PRECISION_BF16;
  s->grad_dtype = TS_GRAD_BF16;
  s->optimizer = TS_OPTIMIZER_ADAMW;
  s->offload = TS_OFFLOAD_NONE;
  s->seq_len = TS_DEFAULT_SEQ_LEN;
  s->micro_batch = TS_DEFAULT_MICRO_BATCH;
  s->checkpointing = TS_CHECKPOINTING_FULL;
  s->flash_attention = TRUE;
  s->sequence_parallel = FALSE;
  s->zero3_prefetch = FALSE;
  s->tokens = TS_DEFAULT_TOKENS;
  s->deadline_days = 0;
  s->zero_stage = -1;
  s->tp = 1;
  s->pp = 1;
  s->ep = 1;
  s->gpus = 0;
  /* a new scenario leaves the whole layout to the planner; the values
   * above are the old fixed default, which the search includes */
  s->searched = TS_SEARCH_ALL;
  s->global_batch = 0;
  s->lora_rank = TS_DEFAULT_LORA_RANK;
  s->lora_targets = TS_LORA_TARGETS_ALL_LINEAR;
  s->double_quant = TRUE;
  s->paged_optimizer = FALSE;
  s->runtime_overhead_bytes = TS_DEFAULT_RUNTIME_OVERHEAD;
  s->fragmentation = TS_DEFAULT_FRAGMENTATION;
  s->rack_units = TS_DEFAULT_RACK_UNITS;
  s->rack_kw = TS_DEFAULT_RACK_KW;
  s->voltage = TS_DEFAULT_VOLTAGE;
  s->phases = TS_DEFAULT_PHASES;
  s->pue = TS_DEFAULT_PUE;
  s->price_kwh = 0;
  s->currency = g_strdup ("RUB");
  s->headroom_tight = TS_DEFAULT_HEADROOM_TIGHT;
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

static const struct { const char *name; guint flag; } search_names[] = {
  { "tp", TS_SEARCH_TP },
  { "pp", TS_SEARCH_PP },
  { "zero_stage", TS_SEARCH_ZERO },
  { "zero", TS_SEARCH_ZERO },
  { "micro_batch", TS_SEARCH_MICRO_BATCH },
  { "micro-batch", TS_SEARCH_MICRO_BATCH },
  { "checkpointing", TS_SEARCH_CHECKPOINTING },
  { "sequence_parallel", TS_SEARCH_SEQUENCE_PARALLEL },
  { "sequence-parallel", TS_SEARCH_SEQUENCE_PARALLEL },
  { "ep", TS_SEARCH_EP },
};

guint
ts_search_flag_from_name (const char *name)
{
  if (name == NULL)
    return 0;
  while (*name == '-')
    name++;
  for (guint i = 0; i < G_N_ELEMENTS (search_names); i++)
    if (strcmp (search_names[i].name, name) == 0)
      return search_names[i].flag;
  return 0;
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
check_uint (guint        value,
            guint        min,
            guint        max,
            const char  *field,   /* untranslated: translated only for the error */
            GError     **error)
{
  if (value >= min && value <= max)
    return TRUE;

  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               /* Translators: %s is an input such as “sequence length” */
               _("%s is %u; it must be between %u and %u"), _(field), value, min, max);
  return FALSE;
}

static gboolean
check_double (double       value,
              double       min,
              double       max,
              const char  *field,
              GError     **error)
{
  if (isfinite (value) && value >= min && value <= max)
    return TRUE;

  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               /* Translators: %s is an input such as “PUE” */
               _("%s must be a number between %g and %g"), _(field), min, max);
  return FALSE;
}

gboolean
ts_scenario_validate (const TsScenario *s,
                      GError          **error)
{
  if (s->model.params <= 0)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("No model is chosen"));
      return FALSE;
    }

  if ((guint) s->method >= TS_N_METHODS || (guint) s->precision >= TS_N_PRECISIONS
      || (guint) s->grad_dtype >= TS_N_GRAD_DTYPES || (guint) s->optimizer >= TS_N_OPTIMIZERS
      || (guint) s->checkpointing >= TS_N_CHECKPOINTING || (guint) s->offload >= TS_N_OFFLOADS
      || (guint) s->lora_targets >= TS_N_LORA_TARGETS)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("An option has a value the engine does not know"));
      return FALSE;
    }

  if (s->zero_stage < -1 || s->zero_stage > 3)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("ZeRO stage is %d; it must be 0, 1, 2 or 3"), s->zero_stage);
      return FALSE;
    }

  return check_uint (s->seq_len, 1, TS_MAX_SEQ_LEN, N_("Sequence length"), error)
         && check_uint (s->micro_batch, 1, TS_MAX_MICRO_BATCH, N_("Micro-batch"), error)
         && check_uint (s->tp, 1, TS_MAX_GPUS, N_("Tensor parallel degree"), error)
         && check_uint (s->pp, 1, TS_MAX_GPUS, N_("Pipeline parallel degree"), error)
         && check_uint (s->ep, 1, TS_MAX_GPUS, N_("Expert parallel degree"), error)
         && check_uint (s->gpus, 0, TS_MAX_GPUS, N_("GPU count"), error)
         && check_uint (s->global_batch, 0, TS_MAX_GLOBAL_BATCH, N_("Global batch"), error)
         && check_uint (s->servers, 0, TS_MAX_GPUS, N_("Server count"), error)
         && check_uint (s->lora_rank, 1, TS_MAX_LORA_RANK, N_("LoRA rank"), error)
         && check_uint (s->rack_units, 1, 100, N_("Rack height"), error)
         && check_uint (s->phases, 1, 3, N_("Phases"), error)
         && check_double (s->tokens, 0, TS_MAX_TOKENS, N_("Dataset tokens"), error)
         && check_double (s->deadline_days, 0, TS_MAX_DAYS, N_("Deadline"), error)
         && check_double (s->runtime_overhead_bytes, 0, 1e12, N_("Runtime overhead"), error)
         && check_double (s->fragmentation, 0, 1, N_("Allocator fragmentation"), error)
         && check_double (s->rack_kw, 0.1, 10000, N_("Rack power limit"), error)
         && check_double (s->voltage, 90, 1000, N_("Voltage"), error)
         && check_double (s->pue, 1, 5, N_("PUE"), error)
         && check_double (s->price_kwh, 0, 1e6, N_("Electricity price"), error)
         && check_double (s->headroom_tight, 0, 0.9, N_("Tight headroom threshold"), error);
}

/* Enum ↔ string tables: the names are the CLI's and the scenario file's,
 * a public interface — add, never rename. */
#define ENUM_NAMES(type, prefix, ...)                                          \
  static const char *const prefix##_names[] = { __VA_ARGS__ };                 \
  const char *                                                                 \
  ts_##prefix##_to_string (type value)                                         \
  {                                                                            \
    if ((guint) value >= G_N_ELEMENTS (prefix##_names))                        \
      return NULL;                                                             \
    return prefix##_names[value];                                              \
  }                                                                            \
  gboolean                                                                     \
  ts_##prefix##_from_string (const char *str,                                  \
                             type       *value)                                \
  {                                                                            \
    for (guint i = 0; str != NULL && i < G_N_ELEMENTS (prefix##_names); i++)   \
      if (g_ascii_strcasecmp (str, prefix##_names[i]) == 0)                    \
        {                                                                      \
          *value = (type) i;                                                   \
          return TRUE;                                                         \
        }                                                                      \
    return FALSE;                                                              \
  }

ENUM_NAMES (TsMethod, method, "full", "lora", "qlora")
ENUM_NAMES (TsPrecision, precision, "bf16", "fp16", "fp8", "fp32", "pure-bf16")
ENUM_NAMES (TsGradDtype, grad_dtype, "bf16", "fp32")
ENUM_NAMES (TsOptimizer, optimizer, "adamw", "adamw-8bit", "adafactor", "sgd", "lion")
ENUM_NAMES (TsCheckpointing, checkpointing, "none", "selective", "full")
ENUM_NAMES (TsOffload, offload, "none", "optimizer")
ENUM_NAMES (TsLoraTargets, lora_targets, "qv", "attention", "all-linear")
ENUM_NAMES (TsObjective, objective, "servers", "time", "cost", "energy")

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
