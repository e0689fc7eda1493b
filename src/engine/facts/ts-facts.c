/* ts-facts.c — a section's figures in one call: the list itself and
 * the scenario, site and time sections (ts-facts.h); the hardware
 * sections are in ts-facts-hardware.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-format.h"
#include "ts-framework.h"
#include "ts-facts-private.h"
#include "ts-plan-inputs.h"

/* The mark before a figure the catalog marks as an estimate. */
#define ESTIMATE_MARK "≈\u00a0"

static void
fact_clear (gpointer data)
{
  TsPlanFact *fact = data;

  g_free (fact->label);
  g_free (fact->value);
}

static void
row_clear (gpointer data)
{
  TsPlanRow *row = data;

  g_strfreev (row->cells);
}

TsPlanFacts *
_ts_plan_facts_new (void)
{
  TsPlanFacts *facts = g_new0 (TsPlanFacts, 1);

  facts->facts = g_array_new (FALSE, TRUE, sizeof (TsPlanFact));
  g_array_set_clear_func (facts->facts, fact_clear);
  facts->rows = g_array_new (FALSE, TRUE, sizeof (TsPlanRow));
  g_array_set_clear_func (facts->rows, row_clear);
  facts->sentences = g_ptr_array_new_with_free_func (g_free);
  return facts;
}

void
ts_plan_facts_free (TsPlanFacts *facts)
{
  if (facts == NULL)
    return;
  g_free (facts->title);
  g_free (facts->empty);
  g_free (facts->note);
  g_array_unref (facts->facts);
  g_strfreev (facts->columns);
  g_array_unref (facts->rows);
  g_ptr_array_unref (facts->sentences);
  g_free (facts);
}

void
_ts_plan_facts_add_row (TsPlanFacts  *facts,
                        char        **cells,
                        gboolean      emphasis)
{
  TsPlanRow row = { cells, emphasis };

  g_array_append_val (facts->rows, row);
}

void
_ts_plan_facts_set_columns (TsPlanFacts *facts,
                            ...)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  va_list args;
  const char *heading;

  va_start (args, facts);
  while ((heading = va_arg (args, const char *)) != NULL)
    g_strv_builder_add (builder, heading);
  va_end (args);
  g_strfreev (facts->columns);
  facts->columns = g_strv_builder_end (builder);
}

void
_ts_plan_facts_add_sentence (TsPlanFacts *facts,
                             char        *sentence)
{
  g_ptr_array_add (facts->sentences, sentence);
}

guint
ts_plan_facts_get_n (const TsPlanFacts *facts)
{
  return facts->facts->len;
}

const TsPlanFact *
ts_plan_facts_get (const TsPlanFacts *facts,
                   guint              index)
{
  g_return_val_if_fail (index < facts->facts->len, NULL);
  return &g_array_index (facts->facts, TsPlanFact, index);
}

void
_ts_plan_facts_add (TsPlanFacts *facts,
                    const char  *label,
                    char        *value)
{
  TsPlanFact fact = { g_strdup (label), value, FALSE, NULL };

  g_array_append_val (facts->facts, fact);
}

/* Whether any of fields (JSON names, space-separated) of a record is an
 * estimate; the first one's reason, or NULL. */
static gboolean
any_estimate (const TsProvenance *prov,
              const char         *fields,
              const char        **reason)
{
  g_auto(GStrv) names = g_strsplit (fields, " ", -1);

  for (guint i = 0; prov != NULL && names[i] != NULL; i++)
    if (ts_provenance_is_estimate (prov, names[i]))
      {
        *reason = ts_provenance_get_estimate_reason (prov, names[i]);
        return TRUE;
      }
  return FALSE;
}

void
_ts_plan_facts_add_figure (TsPlanFacts        *facts,
                           const char         *label,
                           char               *value,
                           const TsProvenance *prov,
                           const char         *fields)
{
  TsPlanFact *fact;
  const char *reason = NULL;

  /* a figure not known cannot be an estimate */
  if (value == NULL || *value == '\0' || !any_estimate (prov, fields, &reason))
    {
      _ts_plan_facts_add (facts, label, value);
      return;
    }
  _ts_plan_facts_add (facts, label, g_strconcat (ESTIMATE_MARK, value, NULL));
  g_free (value);
  fact = &g_array_index (facts->facts, TsPlanFact, facts->facts->len - 1);
  fact->estimate = TRUE;
  fact->estimate_reason = reason;
}

/* ---- the scenario -------------------------------------------------------- */

/* A choice of the scenario, under the field table's name and in the
 * sheet's fuller words (ts-scenario-fields.c). */
static void
add_choice (TsPlanFacts *f,
            const char  *key,
            int          value)
{
  _ts_plan_facts_add (f, ts_scenario_field_title (key), g_strdup (ts_scenario_field_sheet_label (key, value)));
}

/* An input's value on the plan's shown option: the value set, or the
 * planner's choice (ts-plan-inputs.h), in scenario units. */
static double
planned_input (const TsPlan *plan,
               const char   *key)
{
  return ts_option_input_value (ts_plan_get_shown_option (plan), plan->scenario, ts_scenario_field_find (key));
}

static gboolean
input_automatic (const TsPlan *plan,
                 const char   *key)
{
  return ts_scenario_input_is_automatic (plan->scenario, ts_scenario_field_find (key));
}

/* text, marked as the planner's choice when the scenario left the input
 * to it (issue 28); takes text. */
static char *
mark_planned (const TsPlan *plan,
              gboolean      automatic,
              char         *text)
{
  char *marked;

  if (!automatic || ts_plan_get_shown_option (plan) == NULL)
    return text;
  /* Translators: a scenario input on the spec sheet that the planner chose: “2 sequences (chosen by the planner)” */
  marked = g_strdup_printf (_("%s (chosen by the planner)"), text);
  g_free (text);
  return marked;
}

/* The gradient dtype the plan uses (issue 28): the scenario's, or FP32
 * where the shown option's framework keeps BF16 training's gradients in
 * FP32, marked as that framework's rule. */
static char *
gradient_dtype_text (const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsGradDtype dtype = ts_option_gradient_dtype (o, s);
  const char *name = dtype == TS_GRAD_FP32 ? "FP32" : "BF16";

  if (o == NULL || dtype == s->grad_dtype)
    return g_strdup (name);
  /* Translators: the gradient dtype a framework's rule sets: “FP32 (Megatron-LM’s rule for BF16 training)” */
  return g_strdup_printf (_("%s (%s’s rule for BF16 training)"), name, ts_framework_name (o->framework));
}

/* The model's name and size; a mixture of experts also says how many
 * of its parameters one token meets, which its compute rests on. */
static char *
model_text (const TsScenario *s)
{
  g_autofree char *params = ts_format_params (s->model.params);

  if (ts_architecture_is_moe (&s->model.arch) && s->model.active_params > 0)
    {
      g_autofree char *active = ts_format_params (s->model.active_params);

      /* Translators: “Mixtral 8x7B, 46.7 B parameters (12.9 B active per token, mixture of experts)” */
      return g_strdup_printf (_("%s, %s parameters (%s active per token, mixture of experts)"),
                              s->model.name, params, active);
    }
  return g_strdup_printf (_("%s, %s parameters"), s->model.name != NULL ? s->model.name : _("Custom model"), params);
}

/* The dataset in tokens, on the short scale of parameter counts (10B, 1.5T). */
static char *
dataset_text (const TsScenario *s)
{
  return ts_format_with_unit (ts_format_params (ts_scenario_tokens (s)), _("tokens"));
}

/* How the model is trained: the method, the number formats, the
 * optimizer and the sequence. The inputs' names are the field table's
 * (ts-scenario-fields.c). */
static void
add_training_rows (TsPlanFacts  *f,
                   const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;

  _ts_plan_facts_add (f, ts_scenario_field_title ("method"), g_strdup (ts_method_label (s->method)));
  add_choice (f, "precision", s->precision);
  /* Translators: gradient data type; the article's 16 (BF16) or 18 (FP32) bytes per parameter */
  _ts_plan_facts_add (f, _("Gradients"), gradient_dtype_text (plan));
  _ts_plan_facts_add (f, ts_scenario_field_title ("optimizer"),
                      g_strdup_printf ("%s%s", ts_scenario_field_sheet_label ("optimizer", s->optimizer),
                                       s->offload == TS_OFFLOAD_OPTIMIZER ? _(", states offloaded to server RAM") : ""));
  _ts_plan_facts_add (f, ts_scenario_field_title ("seq_len"),
                      /* Translators: the sequence length's unit, after the count: “8,192 tokens” */
                      ts_format_with_unit (ts_format_number (s->seq_len, 0), ngettext ("token", "tokens", s->seq_len)));
}

/* The activations' inputs. The ones the planner chooses show what the
 * shown option holds, marked as chosen unless they were set (issue 28). */
static void
add_activation_rows (TsPlanFacts  *f,
                     const TsPlan *plan)
{
  guint micro_batch = (guint) planned_input (plan, "micro_batch");
  int checkpointing = (int) planned_input (plan, "checkpointing");

  _ts_plan_facts_add (f, _("Micro-batch per GPU"),
                      mark_planned (plan, input_automatic (plan, "micro_batch"),
                                    ts_format_with_unit (ts_format_number (micro_batch, 0),
                                                         ngettext ("sequence", "sequences", micro_batch))));
  _ts_plan_facts_add (f, ts_scenario_field_title ("checkpointing"),
                      mark_planned (plan, input_automatic (plan, "checkpointing"),
                                    g_strdup (ts_scenario_field_sheet_label ("checkpointing", checkpointing))));
  /* Translators: an option that is on / off */
  _ts_plan_facts_add (f, ts_scenario_field_title ("flash_attention"),
                      g_strdup (plan->scenario->flash_attention ? _("On") : _("Off")));
}

/* The parallel layout, with context parallelism when it is used
 * (sizing-model §8.9). */
static char *
layout_text (const TsLayout *l)
{
  g_autofree char *gpus = ts_format_number (l->gpus, 0);
  g_autofree char *dp = ts_format_number (l->dp, 0);

  if (l->cp > 1)
    /* Translators: the parallel layout with context parallelism:
     * “64 GPUs: tensor 8 × context 2 × pipeline 2 × data 2” */
    return g_strdup_printf (ngettext ("%s GPU: tensor %u × context %u × pipeline %u × data %s",
                                      "%s GPUs: tensor %u × context %u × pipeline %u × data %s", l->gpus),
                            gpus, l->tp, l->cp, l->pp, dp);
  /* Translators: the parallel layout: “8 GPUs: tensor 1 × pipeline 1 × data 8” */
  return g_strdup_printf (ngettext ("%s GPU: tensor %u × pipeline %u × data %s",
                                    "%s GPUs: tensor %u × pipeline %u × data %s", l->gpus),
                          gpus, l->tp, l->pp, dp);
}

/* How the job is spread over the GPUs: the sharding stage and the
 * parallel layout, as the plan's memory estimate uses them. */
static void
add_layout_rows (TsPlanFacts  *f,
                 const TsPlan *plan)
{
  const TsLayout *l = &ts_plan_get_memory (plan)->layout;
  gboolean planned = input_automatic (plan, "tp") || input_automatic (plan, "pp") || input_automatic (plan, "gpus");

  /* Translators: optimizer-state sharding (DeepSpeed ZeRO / PyTorch FSDP) */
  _ts_plan_facts_add (f, _("ZeRO / FSDP stage"),
                      mark_planned (plan, input_automatic (plan, "zero_stage"),
                                    l->zero_stage == 3 && plan->scenario->zero3_prefetch
                                    /* Translators: ZeRO stage 3 with the next layer gathered early */
                                    ? g_strdup_printf (_("%u, next layer prefetched"), (guint) l->zero_stage)
                                    : ts_format_number (l->zero_stage, 0)));
  _ts_plan_facts_add (f, _("Parallel layout"),
                      mark_planned (plan, planned || (l->cp > 1 && input_automatic (plan, "cp")), layout_text (l)));
}

/* The adapters (LoRA and QLoRA only), the data and the deadline. */
static void
add_data_rows (TsPlanFacts      *f,
               const TsScenario *s)
{
  if (s->method != TS_METHOD_FULL)
    {
      _ts_plan_facts_add (f, ts_scenario_field_title ("lora_rank"), ts_format_number (s->lora_rank, 0));
      add_choice (f, "lora_targets", s->lora_targets);
    }
  _ts_plan_facts_add (f, _("Dataset"), dataset_text (s));
  _ts_plan_facts_add (f, ts_scenario_field_title ("deadline_days"),
                      s->deadline_days > 0 ? ts_format_days (s->deadline_days) : g_strdup (_("None")));
}

/* The hardware: the server the scenario names, else the one the plan
 * describes (marked as the planner's), else the promise of one. */
static char *
hardware_text (const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);

  if (s->server_id != NULL)
    {
      const TsServer *server = ts_catalog_find_server (plan->catalog, s->server_id);
      g_autofree char *name = ts_format_name (server ? server->name : s->server_id);

      return s->servers > 0 ? g_strdup_printf ("%u × %s", s->servers, name) : g_strdup (name);
    }
  if (o != NULL)
    {
      g_autofree char *name = ts_format_name (o->server->name);

      /* the server the plan describes, not only that one was chosen */
      return mark_planned (plan, TRUE, g_strdup_printf ("%u × %s", o->servers, name));
    }
  return g_strdup (_("Recommended by Train Sizer"));
}

/* The site's racks and supply in one row, and the price of energy when
 * one is set. */
static void
add_site_rows (TsPlanFacts      *f,
               const TsScenario *s)
{
  g_autofree char *limit = ts_format_kw (s->rack_kw);
  g_autofree char *volts = ts_format_number_auto (s->voltage, 0);
  g_autofree char *pue = ts_format_number_auto (s->pue, 2);

  /* Translators: “42U racks, up to 30 kW each; 230 V, 3 phases; PUE 1.4” */
  _ts_plan_facts_add (f, _("Site"),
                      g_strdup_printf (ngettext ("%uU racks, up to %s each; %s V, %u phase; PUE %s",
                                                 "%uU racks, up to %s each; %s V, %u phases; PUE %s", s->phases),
                                       s->rack_units, limit, volts, s->phases, pue));
  if (s->price_kwh > 0)
    {
      g_autofree char *price = ts_format_number_auto (s->price_kwh, 2);

      _ts_plan_facts_add (f, ts_scenario_field_title ("price_kwh"),
                          g_strdup_printf (_("%s %s per kWh"), price, ts_format_currency_label (s->currency)));
    }
}

TsPlanFacts *
ts_plan_dup_scenario_facts (const TsPlan *plan)
{
  TsPlanFacts *f = _ts_plan_facts_new ();

  _ts_plan_facts_add (f, _("Model"), model_text (plan->scenario));
  add_training_rows (f, plan);
  add_activation_rows (f, plan);
  add_layout_rows (f, plan);
  add_data_rows (f, plan->scenario);
  _ts_plan_facts_add (f, _("Hardware"), hardware_text (plan));
  add_site_rows (f, plan->scenario);
  return f;
}

/* ---- the site ------------------------------------------------------------- */

/* The rack PDU the catalog's site equipment names, by its ratings (its
 * name is the catalog's English description of the class). */
static void
add_pdu_rows (TsPlanFacts    *f,
              const TsPlan   *plan,
              const TsOption *o)
{
  const TsPdu *pdu = ts_catalog_get_pdu (plan->catalog);
  guint per_rack;
  g_autofree char *volts = NULL;
  g_autofree char *amps = NULL;
  g_autofree char *kw = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *feeds = NULL;

  if (pdu == NULL || pdu->capacity_kw <= 0)
    return;
  per_rack = o->pdus_per_rack > 0 ? o->pdus_per_rack : pdu->per_rack;
  volts = ts_format_number_auto (pdu->input_voltage_v, 0);
  amps = ts_format_number_auto (pdu->amps_per_phase, 0);
  kw = ts_format_kw (pdu->capacity_kw);
  /* Translators: a PDU's input: “400 V, 3 phases × 32 A, 22.17 kW” */
  rating = g_strdup_printf (ngettext ("%s V, %u phase × %s A, %s", "%s V, %u phases × %s A, %s", pdu->phases),
                            volts, pdu->phases, amps, kw);
  /* Translators: “2 per rack (A and B feeds)” */
  feeds = g_strdup_printf (ngettext ("%u per rack (A and B feeds)", "%u per rack (A and B feeds)", per_rack), per_rack);
  _ts_plan_facts_add_figure (f, _("Rack PDU"), g_strdup_printf ("%s; %s", rating, feeds), &pdu->prov,
                             "input_voltage_v amps_per_phase capacity_kw");
  if (pdu->outlets_c13 + pdu->outlets_c19 > 0)
    /* Translators: a PDU's sockets, by their IEC 60320 names */
    _ts_plan_facts_add_figure (f, _("PDU outlets"),
                               g_strdup_printf (_("%u × C13, %u × C19 each"), pdu->outlets_c13, pdu->outlets_c19),
                               &pdu->prov, "outlets_c13 outlets_c19");
}

TsPlanFacts *
ts_plan_dup_site_facts (const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsPlanFacts *f = _ts_plan_facts_new ();
  g_autofree char *limit = NULL;

  if (o == NULL)
    {
      f->empty = g_strdup (_("Not evaluated: no hardware option."));
      return f;
    }
  limit = ts_format_kw (s->rack_kw);
  _ts_plan_facts_add (f, _("Rack space"),
                      g_strdup_printf (ngettext ("%uU in %u rack of %uU (up to %s per rack)",
                                                 "%uU in %u racks of %uU (up to %s per rack)", o->racks),
                                       o->rack_units, o->racks, s->rack_units, limit));
  add_pdu_rows (f, plan, o);
  /* how the heat leaves (docs/facility.md): the figures are at the
   * catalog's maximum draw, as the feeds are */
  _ts_plan_facts_add (f, _("Cooling"), ts_facility_dup_summary (&o->facility));
  /* which CDU the count is of, from the catalog (docs/facility.md §4) */
  _ts_plan_facts_add (f, _("Coolant distribution units"), ts_facility_dup_cdus (&o->facility));
  return f;
}

/* ---- the training time ------------------------------------------------------ */

/* An exponent in superscript digits: 21 → ²¹. */
static char *
superscript (int value)
{
  static const char *digits[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  g_autofree char *plain = g_strdup_printf ("%d", value);
  GString *out = g_string_new (NULL);

  for (const char *p = plain; *p != '\0'; p++)
    g_string_append (out, *p == '-' ? "⁻" : digits[*p - '0']);
  return g_string_free (out, FALSE);
}

/* The training's operations in scientific notation: “1.23 × 10²¹ FLOPs”. */
static char *
flops_text (double flops)
{
  int exponent = (int) floor (log10 (flops));
  g_autofree char *power = superscript (exponent);
  g_autofree char *mant = ts_format_number (flops / pow (10, exponent), 2);

  /* Translators: training compute: “1.23 × 10²¹ FLOPs”; the second %s is the exponent in superscript digits */
  return g_strdup_printf (_("%s × 10%s FLOPs"), mant, power);
}

/* The energy, what it is counted at, and its cost. */
static void
add_energy_rows (TsPlanFacts      *f,
                 const TsScenario *s,
                 const TsOption   *o)
{
  if (o->energy_kwh > 0)
    {
      g_autofree char *pue = ts_format_number_auto (s->pue, 2);
      g_autofree char *kwh = ts_format_kwh (o->energy_kwh);

      /* Translators: “12,345 kWh, including the site’s PUE 1.4” */
      _ts_plan_facts_add (f, _("Energy"), g_strdup_printf (_("%s, including the site’s PUE %s"), kwh, pue));
      /* the draw it is counted at: typical where the vendors state one;
       * the site page's feeds are at the maximum (docs/facility.md §7) */
      _ts_plan_facts_add (f, _("Energy counted"), g_strdup (ts_option_energy_basis (o)));
    }
  if (o->energy_cost > 0)
    _ts_plan_facts_add (f, _("Energy cost"), ts_format_money (o->energy_cost, s->currency));
}

TsPlanFacts *
ts_plan_dup_time_facts (const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsPlanFacts *f = _ts_plan_facts_new ();

  _ts_plan_facts_add (f, _("Dataset"), dataset_text (s));
  if (o != NULL && o->training_flops > 0)
    _ts_plan_facts_add (f, _("Training compute"), flops_text (o->training_flops));
  if (o != NULL && o->mfu > 0)
    _ts_plan_facts_add (f, _("GPU utilisation (MFU)"), ts_format_percent (o->mfu));
  if (o != NULL && o->training_days > 0)
    {
      g_autofree char *days = ts_format_days (o->training_days);
      g_autofree char *name = ts_format_name (o->server->name);

      _ts_plan_facts_add (f, _("Training time"), g_strdup_printf ("%s (%u × %s)", days, o->servers, name));
    }
  else
    _ts_plan_facts_add (f, _("Training time"), NULL);
  /* without a deadline the scenario on the first page and the drawing
   * say so; the table does not say it a third time */
  if (s->deadline_days > 0)
    _ts_plan_facts_add (f, ts_scenario_field_title ("deadline_days"), ts_format_days (s->deadline_days));
  if (o != NULL && o->servers_for_deadline > 0)
    _ts_plan_facts_add (f, _("Servers to meet the deadline"), ts_format_number (o->servers_for_deadline, 0));
  if (o != NULL)
    add_energy_rows (f, s, o);
  return f;
}
