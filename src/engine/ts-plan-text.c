/* ts-plan-text.c — the plan's words, written once for every surface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan-text"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-format.h"
#include "ts-plan-text.h"

TsPlanVerdict
ts_plan_get_verdict (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);

  if (o == NULL || !o->ok)
    return TS_PLAN_FAILS;
  return o->verdict == TS_VERDICT_FITS ? TS_PLAN_WORKS : TS_PLAN_TIGHT;
}

const char *
ts_plan_verdict_label (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);

  if (o == NULL)
    return ts_verdict_label (TS_VERDICT_DOES_NOT_FIT);
  /* the option's one verdict: the first thing that keeps it from working
   * names the badge, as on every other surface */
  return ts_option_verdict_label (o);
}

/* “Full training of Llama 3.1 70B needs 1,129–1,270 GB for weights,
 * gradients and optimizer states” and what the configuration adds. */
static void
append_need (GString      *text,
             const TsPlan *plan,
             gboolean      gib)
{
  const TsScenario *s = plan->scenario;
  const TsMemory *m = ts_plan_get_memory (plan);
  const char *model = s->model.name != NULL ? s->model.name : _("the model");
  g_autofree char *rule = ts_format_memory_range (m->rule.low_bytes, m->rule.high_bytes, gib);
  g_autofree char *act = ts_format_memory (m->total.bytes[TS_COMPONENT_ACTIVATIONS], gib);
  g_autofree char *gpus = ts_format_number (m->layout.gpus, 0);

  /* Whole sentences per method, alike on purpose: a translation orders its own words. */
  switch (s->method)
    {
    case TS_METHOD_LORA:
      /* Translators: “LoRA of Llama 3.1 70B needs 141 GB for the frozen BF16 base plus adapters, and 12 GB of activations across 8 GPUs.” */
      g_string_append_printf (text, ngettext ("LoRA of %s needs %s for the frozen BF16 base plus adapters, and %s of activations on %s GPU.",
                                              "LoRA of %s needs %s for the frozen BF16 base plus adapters, and %s of activations across %s GPUs.",
                                              m->layout.gpus),
                              model, rule, act, gpus);
      break;
    case TS_METHOD_QLORA:
      /* Translators: “QLoRA of Llama 3.1 70B needs 35 GB for the 4-bit base plus adapters, and 12 GB of activations on 1 GPU.” */
      g_string_append_printf (text, ngettext ("QLoRA of %s needs %s for the 4-bit base plus adapters, and %s of activations on %s GPU.",
                                              "QLoRA of %s needs %s for the 4-bit base plus adapters, and %s of activations across %s GPUs.",
                                              m->layout.gpus),
                              model, rule, act, gpus);
      break;
    case TS_METHOD_FULL:
    case TS_N_METHODS:
    default:
      /* Translators: “Full training of Llama 3.1 70B needs 1,129–1,270 GB for weights, gradients and optimizer states, and 50 GB of activations across 16 GPUs.” */
      g_string_append_printf (text, ngettext ("Full training of %s needs %s for weights, gradients and optimizer states, and %s of activations on %s GPU.",
                                              "Full training of %s needs %s for weights, gradients and optimizer states, and %s of activations across %s GPUs.",
                                              m->layout.gpus),
                              model, rule, act, gpus);
      break;
    }
}

/* “78.9 GB of 151 GB per GPU, 48 % free” */
static char *
dup_fit (const TsOption *o,
         gboolean        gib)
{
  g_autofree char *need = ts_format_memory (ts_breakdown_sum (&o->memory.per_gpu), gib);
  g_autofree char *have = ts_format_memory (o->gpu_memory_bytes, gib);
  g_autofree char *free_pct = ts_format_percent (MAX (0, o->headroom_fraction));
  g_autofree char *least = ts_format_memory (o->minimum_per_gpu_bytes, gib);

  /* two figures where they differ: what the job needs at the least, and
   * what the plan spends for speed */
  if (o->minimum_per_gpu_bytes > 0 && g_strcmp0 (least, need) != 0)
    /* Translators: “needs 51.0 GB per GPU; the plan uses 105 GB of 151 GB to run faster, 30 % free” */
    return g_strdup_printf (_("needs %s per GPU; the plan uses %s of %s to run faster, %s free"),
                            least, need, have, free_pct);
  /* Translators: “78.9 GB of 151 GB per GPU, 48 % free” */
  return g_strdup_printf (_("%s of %s per GPU, %s free"), need, have, free_pct);
}

static void
append_failures (GString        *text,
                 const TsOption *o)
{
  g_autoptr(GPtrArray) failures = ts_option_dup_failures (o);

  for (guint i = 0; i < failures->len; i++)
    g_string_append_printf (text, "%s%s", i == 0 ? " " : "; ", (const char *) g_ptr_array_index (failures, i));
  if (failures->len > 0)
    g_string_append_c (text, '.');
}

char *
ts_plan_dup_subject (const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;
  g_autofree char *params = ts_format_params (s->model.params);

  return g_strdup_printf ("%s — %s (%s)", s->model.name != NULL ? s->model.name : _("Custom model"),
                          ts_method_label (s->method), params);
}

char *
ts_plan_dup_headline (const TsPlan *plan,
                      gboolean      gib)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  GString *text = g_string_new (NULL);
  g_autofree char *fit = NULL;
  g_autofree char *answer = NULL;

  append_need (text, plan, gib);
  if (o == NULL)
    {
      g_string_append_printf (text, " %s", _("No hardware option was evaluated for this scenario."));
      return g_string_free (text, FALSE);
    }

  fit = dup_fit (o, gib);
  /* the answer as every surface says it (ts_option_dup_answer ()) */
  answer = ts_option_dup_answer (o);
  g_string_append_c (text, ' ');
  if (o->ok)
    /* Translators: “Recommended: 2 × NVIDIA DGX H200, 78.9 GB of 151 GB per GPU, 48 % free.”; the first %s is the answer, “2 × NVIDIA DGX H200” */
    g_string_append_printf (text, o->recommended ? _("Recommended: %s, %s.") : _("Chosen: %s, %s."), answer, fit);
  else if (plan->recommended < 0)
    {
      /* Translators: nothing in the catalog works; the closest option (“2 × NVIDIA DGX H200”) and what keeps it from working follow */
      g_string_append_printf (text, _("Nothing in the catalog works for this job. The closest, %s:"), answer);
      append_failures (text, o);
    }
  else
    {
      /* Translators: the user picked an option (“2 × NVIDIA DGX H200”) that does not work; what keeps it from working follows */
      g_string_append_printf (text, _("Chosen: %s does not work:"), answer);
      append_failures (text, o);
    }
  return g_string_free (text, FALSE);
}

const char *
ts_plan_warning_text (TsPlanWarning warning)
{
  switch (warning)
    {
    case TS_PLAN_WARNING_NOTHING_WORKS:
      return _("No option of the catalog works for this training job; see what keeps each one from working");
    default:
      g_return_val_if_reached (NULL);
    }
}

GPtrArray *
ts_plan_dup_warnings (const TsPlan *plan)
{
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < plan->warnings->len; i++)
    g_ptr_array_add (warnings, g_strdup (ts_plan_warning_text (g_array_index (plan->warnings, TsPlanWarning, i))));
  return warnings;
}
