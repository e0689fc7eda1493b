/* ts-export.c — a plan's shown option as a training framework's configuration
 *
 * Each format writes the keys its framework's own sources define, with the
 * value types it expects, at the release the framework table names
 * (ts-framework.c; the keys are listed, with the files and commits read,
 * in tests/data/framework-keys.json).
 *
 * A file is written only for a framework that runs the option's layout
 * with the memory rules the plan was sized by (issue 26): the plan's own
 * framework, or where the scenario leaves it automatic, another that runs
 * the same layout the same way. Otherwise the format is refused with the
 * reason and the formats that can (ts_export_plan ()). What a file leaves
 * to the training script (datasets, LoRA in DeepSpeed's JSON) is said in
 * a comment. DeepSpeed's JSON has no comments: its notes go in a
 * "_comment" list, which DeepSpeed does not read.
 *
 * Every string from outside (model and server names, hub ids, layer
 * classes) is escaped for the format: one line of printable text in a
 * comment, a double-quoted YAML scalar with escapes, JSON by json-glib,
 * shell quoting in Megatron-LM's arguments (issue 24, class 3).
 *
 * This file chooses the framework a format writes and what the file
 * describes (the Export of ts-export-private.h); the writers are one file
 * per format: ts-export-deepspeed.c, ts-export-yaml.c (Accelerate,
 * Axolotl, LLaMA-Factory) and ts-export-megatron.c, with the escaping and
 * notes of ts-export-text.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-error.h"
#include "ts-export-private.h"
#include "ts-model.h"

guint
ts_export_gradient_accumulation (const TsPlan *plan)
{
  const TsOption *option = ts_plan_get_shown_option (plan);

  /* the planner's: ⌈global batch / (micro-batch × data parallel)⌉ */
  return option != NULL ? MAX (1u, option->accumulation) : 1;
}

/* ---- how the layout is sharded ------------------------------------------ */

static Sharding
choose_sharding (const TsLayout   *layout,
                 const TsScenario *s,
                 TsFramework       framework)
{
  if (layout->gpus <= 1)
    return SHARDING_NONE;
  if (framework == TS_FRAMEWORK_DEEPSPEED)
    return SHARDING_DEEPSPEED;
  /* FSDP2's CPU offload moves parameters too; DeepSpeed can move the
   * optimizer state alone, as sized. FSDP has no ZeRO-1. */
  if (s->offload == TS_OFFLOAD_OPTIMIZER || layout->zero_stage == 1)
    return SHARDING_DEEPSPEED;
  if (layout->zero_stage == 0)
    return SHARDING_DDP;
  return SHARDING_FSDP;
}

/* ---- which framework a format writes ------------------------------------ */

/* The frameworks a format writes a run of, in the order tried. */
static guint
format_frameworks (TsExportFormat  format,
                   TsFramework     out[2])
{
  switch (format)
    {
    case TS_EXPORT_MEGATRON: out[0] = TS_FRAMEWORK_MEGATRON; return 1;
    case TS_EXPORT_DEEPSPEED: out[0] = TS_FRAMEWORK_DEEPSPEED; return 1;
    case TS_EXPORT_ACCELERATE: out[0] = TS_FRAMEWORK_FSDP; out[1] = TS_FRAMEWORK_DEEPSPEED; return 2;
    case TS_EXPORT_AXOLOTL: out[0] = TS_FRAMEWORK_AXOLOTL; return 1;
    case TS_EXPORT_LLAMAFACTORY: out[0] = TS_FRAMEWORK_LLAMAFACTORY; return 1;
    case TS_N_EXPORT_FORMATS:
    default:
      return 0;
    }
}

/* Whether `other` sizes the plan the way `framework` did: the memory
 * rules that differ between them are the gradient dtype under BF16 and
 * the logits the loss keeps. NULL when it does, else why not (free it). */
static char *
other_memory (TsFramework       framework,
              TsFramework       other,
              const TsScenario *s,
              const TsLayout   *l)
{
  TsScenario a = *s, b = *s;   /* shallow: only their dtypes are read */

  ts_framework_apply_rules (framework, &a, l);
  ts_framework_apply_rules (other, &b, l);
  if (a.grad_dtype != b.grad_dtype)
    return g_strdup_printf (_("%s keeps the gradients in another type than the plan was sized with (%s)"),
                            ts_framework_name (other), ts_framework_name (framework));
  if (a.framework_memory.logits_kept_bytes != b.framework_memory.logits_kept_bytes
      || a.framework_memory.loss_copy_bytes != b.framework_memory.loss_copy_bytes
      || a.framework_memory.loss_chunks != b.framework_memory.loss_chunks)
    return g_strdup_printf (_("%s keeps other copies of the logits for the loss than the plan was sized with (%s)"),
                            ts_framework_name (other), ts_framework_name (framework));
  return NULL;
}

/* The framework the format writes the option in, or AUTOMATIC with
 * *why set (free it). */
static TsFramework
format_framework (const TsOption   *o,
                  const TsScenario *planned,
                  const TsScenario *asked,
                  TsExportFormat    format,
                  char            **why)
{
  TsFramework candidates[2];
  guint n = format_frameworks (format, candidates);
  const TsLayout *l = &o->memory.layout;
  guint v = MAX (1u, o->virtual_stages);

  *why = NULL;
  if (o->framework == TS_FRAMEWORK_AUTOMATIC)
    {
      *why = o->framework_why != NULL ? ts_framework_dup_why (o->framework_refused, o->framework_why)
                                      : g_strdup (_("no training framework runs the option's layout"));
      return TS_FRAMEWORK_AUTOMATIC;
    }
  for (guint i = 0; i < n; i++)
    if (candidates[i] == o->framework)
      return o->framework;
  /* the file Axolotl and LLaMA-Factory name for their DeepSpeed
   * sharding is the plan's own */
  if (format == TS_EXPORT_DEEPSPEED
      && (o->framework == TS_FRAMEWORK_AXOLOTL || o->framework == TS_FRAMEWORK_LLAMAFACTORY)
      && ts_framework_runs (TS_FRAMEWORK_DEEPSPEED, planned, l, v, NULL) && l->gpus > 1
      && choose_sharding (l, planned, o->framework) != SHARDING_DDP)
    return TS_FRAMEWORK_DEEPSPEED;
  if (asked->framework != TS_FRAMEWORK_AUTOMATIC)
    {
      *why = g_strdup_printf (_("the plan is for %s, as asked"), ts_framework_name (o->framework));
      return TS_FRAMEWORK_AUTOMATIC;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *code = NULL;
      g_autofree char *differs = NULL;

      if (!ts_framework_runs (candidates[i], planned, l, v, &code))
        {
          if (*why == NULL)
            *why = ts_framework_dup_why (candidates[i], code);
          continue;
        }
      differs = other_memory (o->framework, candidates[i], planned, l);
      if (differs != NULL)
        {
          if (*why == NULL)
            *why = g_steal_pointer (&differs);
          continue;
        }
      g_clear_pointer (why, g_free);
      return candidates[i];
    }
  return TS_FRAMEWORK_AUTOMATIC;
}

/* The fewest servers the layout's GPUs spread over evenly (torchrun and
 * Accelerate start the same count on each): FALSE when none does. */
static gboolean
launch_shape (const TsOption *o,
              guint           gpus,
              guint          *nodes,
              guint          *per_node)
{
  guint per_server = MAX (1u, o->server->gpu_count);

  for (guint n = (gpus + per_server - 1) / per_server; n <= MAX (1u, o->servers); n++)
    if (n > 0 && gpus % n == 0 && gpus / n <= per_server)
      {
        *nodes = n;
        *per_node = gpus / n;
        return TRUE;
      }
  return FALSE;
}

/* The scenario the file is written from: the user's, with the option's
 * planned micro-batch, recomputation, sharding and the framework's
 * rules. */
static void
planned_scenario (const TsPlan     *plan,
                  const TsOption   *o,
                  TsScenario       *planned)
{
  /* shallow: only read while the file is written */
  *planned = *plan->scenario;
  planned->micro_batch = MAX (1u, o->micro_batch);
  planned->checkpointing = o->checkpointing;
  planned->sequence_parallel = o->sequence_parallel;
  planned->zero_stage = o->memory.layout.zero_stage;
  planned->tp = o->memory.layout.tp;
  planned->pp = o->memory.layout.pp;
  planned->ep = o->memory.layout.ep;
  if (o->framework != TS_FRAMEWORK_AUTOMATIC)
    ts_framework_apply_rules (o->framework, planned, &o->memory.layout);
}

/* ---- the entry point ------------------------------------------------------ */

gboolean
ts_export_can_write (const TsPlan    *plan,
                     TsExportFormat   format,
                     char           **why)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsScenario planned;
  g_autofree char *reason = NULL;
  guint nodes, per_node;

  if (why != NULL)
    *why = NULL;
  if (o == NULL || o->server == NULL)
    {
      if (why != NULL)
        *why = g_strdup (_("The plan has no hardware option to export"));
      return FALSE;
    }
  planned_scenario (plan, o, &planned);
  if (format_framework (o, &planned, plan->scenario, format, &reason) == TS_FRAMEWORK_AUTOMATIC)
    {
      if (why != NULL)
        *why = g_steal_pointer (&reason);
      return FALSE;
    }
  if (!launch_shape (o, o->memory.layout.gpus, &nodes, &per_node))
    {
      if (why != NULL)
        *why = g_strdup_printf (ngettext ("the layout's %u GPUs do not spread evenly over %u server of %u GPUs",
                                          "the layout's %u GPUs do not spread evenly over %u servers of %u GPUs",
                                          o->servers),
                                o->memory.layout.gpus, o->servers, o->server->gpu_count);
      return FALSE;
    }
  return TRUE;
}

char *
ts_export_dup_formats_that_can (const TsPlan *plan)
{
  GString *out = g_string_new (NULL);

  for (guint f = 0; f < TS_N_EXPORT_FORMATS; f++)
    if (ts_export_can_write (plan, f, NULL))
      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", ts_export_format_to_string (f));
  return g_string_free (out, out->len == 0);
}

char *
ts_export_plan (const TsPlan    *plan,
                TsExportFormat   format,
                GError         **error)
{
  Export e = { 0 };
  TsScenario planned;   /* the scenario with the option's planned batch and recomputation */
  g_autofree char *why = NULL;

  if (format >= TS_N_EXPORT_FORMATS)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("Unknown export format"));
      return NULL;
    }
  e.plan = plan;
  e.option = ts_plan_get_shown_option (plan);
  if (e.option == NULL || e.option->server == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("The plan has no hardware option to export"));
      return NULL;
    }
  /* a file the framework would refuse, or that would run another plan,
   * is never written: the reason and the formats that can instead */
  if (!ts_export_can_write (plan, format, &why))
    {
      g_autofree char *can = ts_export_dup_formats_that_can (plan);

      if (can != NULL)
        g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                     /* Translators: “Cannot export to deepspeed: DeepSpeed cannot run tensor parallelism … Formats that can: megatron” */
                     _("Cannot export to %s: %s. Formats that can: %s"), ts_export_format_to_string (format), why, can);
      else
        g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                     _("Cannot export to %s: %s. No format can write this plan"), ts_export_format_to_string (format), why);
      return NULL;
    }
  planned_scenario (plan, e.option, &planned);
  e.s = &planned;
  e.layout = &e.option->memory.layout;
  e.framework = format_framework (e.option, &planned, plan->scenario, format, &why);
  launch_shape (e.option, e.layout->gpus, &e.nodes, &e.per_node);
  e.accumulation = ts_export_gradient_accumulation (plan);
  e.global_batch = (guint64) e.s->micro_batch * e.accumulation * MAX (e.layout->dp, 1);
  e.model_id = e.s->model.hf_id != NULL ? e.s->model.hf_id : PLACEHOLDER_MODEL;
  e.layer_class = ts_hf_config_layer_class (&e.s->model);
  e.sharding = choose_sharding (e.layout, e.s, e.framework);
  e.out = g_string_new (NULL);

  switch (format)
    {
    case TS_EXPORT_DEEPSPEED: _ts_export_write_deepspeed (&e); break;
    case TS_EXPORT_ACCELERATE: _ts_export_write_accelerate (&e); break;
    case TS_EXPORT_AXOLOTL: _ts_export_write_axolotl (&e); break;
    case TS_EXPORT_LLAMAFACTORY: _ts_export_write_llamafactory (&e); break;
    case TS_EXPORT_MEGATRON: _ts_export_write_megatron (&e); break;
    case TS_N_EXPORT_FORMATS:
    default:
      g_assert_not_reached ();
    }
  return g_string_free (e.out, FALSE);
}
