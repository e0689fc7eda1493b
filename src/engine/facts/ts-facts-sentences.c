/* ts-facts-sentences.c — the sections that are sentences with the
 * plan's figures in them: the assumptions and the article's pre-delivery
 * checklist (ts-facts.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-format.h"
#include "ts-facts-private.h"
#include "ts-plan-inputs.h"

/* ---- the assumptions ------------------------------------------------------- */

/* text with its first letter in lower case (UTF-8: “Полный” → “полный”) */
static char *
lower_first (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char buf[8];
  int n;

  if (*text == '\0')
    return g_strdup (text);
  n = g_unichar_to_utf8 (g_unichar_tolower (first), buf);
  buf[n] = '\0';
  return g_strconcat (buf, g_utf8_next_char (text), NULL);
}

/* The memory per parameter the article's rule counts. */
static char *
bytes_per_parameter_sentence (const TsPlan *plan)
{
  const TsRuleOfThumb *rule = &ts_plan_get_memory (plan)->rule;
  g_autofree char *lo = ts_format_number_auto (rule->bytes_per_param_low, 2);
  g_autofree char *hi = ts_format_number_auto (rule->bytes_per_param_high, 2);

  if (plan->scenario->method == TS_METHOD_FULL)
    return g_strdup_printf (_("Full training needs about %s–%s bytes of GPU memory per parameter (BF16 weights 2, "
                              "gradients 2 or 4 in FP32, FP32 master weights 4, Adam’s two states 4 + 4), activations "
                              "on top."), lo, hi);
  return g_strdup_printf (_("The frozen base model takes %s bytes per parameter; the small trained adapters, their "
                            "gradients and optimizer states and the activations come on top."), lo);
}

/* The activations' inputs the plan runs: the recomputation and the
 * micro-batch, set or chosen (ts-plan-inputs.h). */
static char *
activations_sentence (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  const TsScenario *s = plan->scenario;
  guint micro_batch = (guint) ts_option_input_value (o, s, ts_scenario_field_find ("micro_batch"));
  int checkpointing = (int) ts_option_input_value (o, s, ts_scenario_field_find ("checkpointing"));
  g_autofree char *seq_len = ts_format_number (s->seq_len, 0);
  /* a label (“Full (every layer)”) inside a sentence starts in lower case */
  g_autofree char *recompute = lower_first (ts_scenario_field_sheet_label ("checkpointing", checkpointing));

  return g_strdup_printf (ngettext ("Activations at %s tokens per sequence and %u sequence per GPU, with gradient "
                                    "checkpointing: %s.",
                                    "Activations at %s tokens per sequence and %u sequences per GPU, with gradient "
                                    "checkpointing: %s.", micro_batch),
                          seq_len, micro_batch, recompute);
}

TsPlanFacts *
ts_plan_dup_assumptions_facts (const TsPlan *plan)
{
  TsPlanFacts *f = _ts_plan_facts_new ();

  _ts_plan_facts_add_sentence (f, g_strdup (_("Memory in decimal gigabytes (1 GB = 10⁹ bytes), as the article counts.")));
  _ts_plan_facts_add_sentence (f, bytes_per_parameter_sentence (plan));
  _ts_plan_facts_add_sentence (f, activations_sentence (plan));
  _ts_plan_facts_add_sentence (f, g_strdup (_("Power, heat and current at each device’s maximum draw, not its average.")));
  _ts_plan_facts_add_sentence (f, g_strdup (_("Training time from 6 × parameters × tokens operations (active parameters "
                                              "for mixture-of-experts models, more with recomputation) at the stated "
                                              "GPU utilisation.")));
  _ts_plan_facts_add_sentence (f, g_strdup_printf (_("Hardware figures from the catalog, version %s."),
                                                   ts_catalog_get_version (plan->catalog)));
  return f;
}

/* ---- the pre-delivery checklist --------------------------------------------- */

/* The article names its smallest and largest training servers; take
 * them from the catalog so the sentence follows its figures. Both stay
 * NULL when the catalog marks none. */
static void
article_server_range (const TsCatalog  *catalog,
                      const TsServer  **small,
                      const TsServer  **big)
{
  *small = *big = NULL;
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *sv = ts_catalog_get_server (catalog, i);

      if (!sv->article || g_strcmp0 (sv->kind, "server") != 0)
        continue;
      if (*small == NULL || sv->rack_units < (*small)->rack_units)
        *small = sv;
      if (*big == NULL || sv->rack_units > (*big)->rack_units)
        *big = sv;
    }
}

/* The power supply line: one feed for a machine with one supply, a
 * warning when the stated supplies do not carry the maximum draw, else
 * their redundancy and the two feeds. */
static char *
supply_check (const TsOption *o)
{
  if (o != NULL && (o->note_flags & TS_NOTE_ONE_FEED))
    return g_strdup (_("One power supply per machine: one feed from a wall socket or a PDU, no redundancy."));
  if (o != NULL && !o->psu_ok)
    return g_strdup_printf (_("Power supplies: the stated %s does not carry the maximum draw; "
                              "ask the vendor for the supply configuration before ordering."),
                            o->server->psu_redundancy != NULL ? o->server->psu_redundancy : "—");
  if (o != NULL && o->server->psu_count > 0 && o->server->psu_redundancy != NULL)
    return g_strdup_printf (ngettext ("Power supply redundancy: %u supply per server, %s; "
                                      "feeds A and B to separate lines.",
                                      "Power supply redundancy: %u supplies per server, %s; "
                                      "feeds A and B to separate lines.", o->server->psu_count),
                            o->server->psu_count, o->server->psu_redundancy);
  return g_strdup (_("Power supply redundancy; feeds A and B to separate lines."));
}

/* The rack space line: the article's range of training servers, from
 * the catalog, and what this configuration needs. */
static char *
rack_space_check (const TsPlan   *plan,
                  const TsOption *o)
{
  const TsServer *small, *big;

  article_server_range (plan->catalog, &small, &big);
  if (small == NULL || big == NULL)
    return g_strdup (_("Rack space for every server and switch."));
  if (o != NULL)
    /* Translators: “Rack space: training servers take from 4U (Huawei Atlas 800T A2) to
     * 10U (NVIDIA DGX B200); this configuration needs 20U.” */
    return g_strdup_printf (_("Rack space: training servers take from %uU (%s) to %uU (%s); "
                              "this configuration needs %uU."),
                            small->rack_units, small->name, big->rack_units, big->name, o->rack_units);
  return g_strdup_printf (_("Rack space: training servers take from %uU (%s) to %uU (%s)."),
                          small->rack_units, small->name, big->rack_units, big->name);
}

TsPlanFacts *
ts_plan_dup_checklist_facts (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  g_autofree char *kw = o != NULL ? ts_format_kw (o->power_kw) : NULL;
  g_autofree char *btu = o != NULL ? ts_format_btu_h (o->heat_btu_h) : NULL;
  TsPlanFacts *f = _ts_plan_facts_new ();

  /* Translators: heading: the article's list of checks before the servers arrive */
  f->title = g_strdup (_("Pre-delivery checklist"));
  _ts_plan_facts_add_sentence (f, kw != NULL
                               ? g_strdup_printf (_("Dedicated power lines and a UPS for the total maximum draw of %s "
                                                    "(size for the maximum, not the average)."), kw)
                               : g_strdup (_("Dedicated power lines and a UPS for the total maximum draw "
                                             "(size for the maximum, not the average).")));
  _ts_plan_facts_add_sentence (f, supply_check (o));
  _ts_plan_facts_add_sentence (f, btu != NULL
                               ? g_strdup_printf (_("Room cooling capacity: all the power becomes heat, %s."), btu)
                               : g_strdup (_("Room cooling capacity: all the power becomes heat.")));
  _ts_plan_facts_add_sentence (f, rack_space_check (plan, o));
  return f;
}
