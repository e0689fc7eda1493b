/* ts-facts-tables.c — the sections that are tables: the memory per
 * component, the options compared, time against the number of servers,
 * the bill of materials and the published runs the time model is held
 * to (ts-facts.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-format.h"
#include "ts-facts-private.h"
#include "ts-validation.h"
#include "ts-scaling.h"

/* ---- the memory ------------------------------------------------------------ */

/* A row per component present, per GPU and for the whole job, and the
 * sum row. */
static void
add_memory_rows (TsPlanFacts    *f,
                 const TsMemory *m)
{
  double total = ts_breakdown_sum (&m->total);
  char **cells;

  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    {
      if (m->total.bytes[i] <= 0 && m->per_gpu.bytes[i] <= 0)
        continue;
      cells = g_new0 (char *, 5);
      cells[0] = g_strdup (ts_component_label (i));
      cells[1] = ts_format_gb (m->per_gpu.bytes[i]);
      cells[2] = ts_format_gb (m->total.bytes[i]);
      cells[3] = total > 0 ? ts_format_percent (m->total.bytes[i] / total) : g_strdup ("—");
      _ts_plan_facts_add_row (f, cells, FALSE);
    }
  cells = g_new0 (char *, 5);
  /* Translators: the sum row of the memory table */
  cells[0] = g_strdup (_("Total"));
  cells[1] = ts_format_gb (ts_breakdown_sum (&m->per_gpu));
  cells[2] = ts_format_gb (total);
  cells[3] = ts_format_percent (1.0);
  _ts_plan_facts_add_row (f, cells, TRUE);
}

/* How to read the table's two columns: the whole job sums the GPUs'
 * memory, so its weights count every copy the layout keeps. */
static char *
memory_columns_sentence (const TsMemory *m)
{
  g_autofree char *sentence = ts_memory_dup_weights_sentence (m);

  /* Translators: after the memory table; then "Weights of the whole job: …" */
  return g_strdup_printf (_("The whole job sums what each GPU holds, pipeline stage by stage; the per-GPU column "
                            "is the busiest GPU. %s."),
                          sentence);
}

/* The article's rule of thumb beside the detailed estimate, so a reader
 * who knows the article sees where the difference comes from. */
static char *
memory_rule_sentence (const TsMemory *m,
                      TsMethod        method)
{
  g_autofree char *rule = ts_format_gb_range (m->rule.low_bytes, m->rule.high_bytes);
  g_autofree char *lo = ts_format_number_auto (m->rule.bytes_per_param_low, 2);
  g_autofree char *hi = ts_format_number_auto (m->rule.bytes_per_param_high, 2);
  g_autofree char *bpp = g_strcmp0 (lo, hi) == 0 ? g_strdup (lo) : g_strdup_printf ("%s–%s", lo, hi);

  /* Translators: “The article’s rule of thumb: 1,120–1,260 GB (16–18 bytes per parameter) for
   * weights, gradients and optimizer states, activations not included.” */
  return g_strdup_printf (_("The article’s rule of thumb: %s%s (%s bytes per parameter) for weights, gradients and "
                            "optimizer states, activations not included. The table above is the detailed estimate "
                            "with activations and overhead, in decimal gigabytes (1 GB = 10⁹ bytes)."),
                          rule, method == TS_METHOD_FULL ? "" : _(" + adapters"), bpp);
}

TsPlanFacts *
ts_plan_dup_memory_facts (const TsPlan *plan)
{
  const TsMemory *m = ts_plan_get_memory (plan);
  TsPlanFacts *f = _ts_plan_facts_new ();

  _ts_plan_facts_set_columns (f, _("Component"), _("Per GPU"), _("Whole job"), _("Share"), NULL);
  add_memory_rows (f, m);
  _ts_plan_facts_add_sentence (f, memory_columns_sentence (m));
  _ts_plan_facts_add_sentence (f, memory_rule_sentence (m, plan->scenario->method));
  return f;
}

/* ---- the options compared ------------------------------------------------- */

/* One option's row: its name (starred when recommended), GPUs, memory
 * per GPU of its capacity, headroom, verdict, link, time, power, racks
 * and price. */
static char **
comparison_cells (const TsOption *o)
{
  char **cells = g_new0 (char *, 11);
  g_autofree char *need = ts_format_gb (ts_breakdown_sum (&o->memory.per_gpu));
  g_autofree char *cap = ts_format_gb (o->gpu_memory_bytes);
  g_autofree char *name = ts_format_name (o->server->name);

  cells[0] = g_strdup_printf ("%s%u × %s", o->recommended ? "★ " : "", o->servers, name);
  cells[1] = ts_format_number (o->gpus, 0);
  /* Translators: memory needed per GPU of its capacity: “141 of 144 GB” */
  cells[2] = g_strdup_printf (_("%s of %s"), need, cap);
  /* What does not fit has no headroom; the memory column shows by how much. */
  cells[3] = o->headroom_fraction >= 0 ? ts_format_percent (o->headroom_fraction) : g_strdup ("—");
  /* the option's one verdict (issue 28); the memory columns beside it
   * are its memory fit */
  cells[4] = g_strdup (ts_option_verdict_label (o));
  /* Translators: whether the GPU link is fit for training (NVLink/HCCS) or PCIe only */
  cells[5] = g_strdup (o->interconnect_ok ? _("Fast") : _("PCIe"));
  cells[6] = o->training_days > 0 ? ts_format_days (o->training_days) : g_strdup ("—");
  cells[7] = ts_format_kw (o->power_kw);
  cells[8] = ts_format_number (o->racks, 0);
  /* the currency is the heading's, so the cell stays one line */
  if (o->capex_usd > 0)
    {
      g_autofree char *usd = ts_format_number (o->capex_usd, 0);

      cells[9] = g_strdup_printf ("%s%s", ts_option_price_is_estimate (o) ? "≈ " : "", usd);
    }
  else
    cells[9] = g_strdup ("—");
  return cells;
}

TsPlanFacts *
ts_plan_dup_comparison_facts (const TsPlan *plan)
{
  TsPlanFacts *f = _ts_plan_facts_new ();

  if (plan->options->len == 0)
    {
      f->empty = g_strdup (_("No alternatives were evaluated."));
      return f;
    }
  /* Translators: column headings of the comparison table; keep them short */
  _ts_plan_facts_set_columns (f, _("Option"), _("GPUs"), _("Per GPU"), _("Headroom"), _("Verdict"), _("Link"),
                              _("Time"), _("Power"), _("Racks"),
                              /* Translators: the sheet's price column, its currency in the heading */
                              _("Price, USD"), NULL);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);

      _ts_plan_facts_add_row (f, comparison_cells (o), o->recommended);
    }
  return f;
}

/* ---- time against the number of servers ------------------------------------ */

TsPlanFacts *
ts_plan_dup_scaling_facts (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  g_autoptr(GArray) curve = NULL;
  TsPlanFacts *f;

  if (o == NULL || o->training_days <= 0 || o->server->max_servers == 1)
    return NULL;
  /* the Time drawing shows the same curve: the plan keeps it */
  curve = ts_scaling_curve_for_plan (plan, o->server->id, TS_SCALING_CURVE_POINTS, NULL);
  if (curve == NULL || curve->len < 2)
    return NULL;

  f = _ts_plan_facts_new ();
  /* Translators: heading: training time and energy for more or fewer servers */
  f->title = g_strdup (_("Time against the number of servers"));
  _ts_plan_facts_set_columns (f, _("Servers"), _("GPUs"), _("Training time"), _("Energy"), _("Verdict"), NULL);
  for (guint i = 0; i < curve->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (curve, TsScalingPoint, i);
      char **cells = g_new0 (char *, 6);

      cells[0] = ts_format_number (p->servers, 0);
      cells[1] = ts_format_number (p->gpus, 0);
      cells[2] = p->fits ? ts_format_days (p->training_days) : g_strdup ("—");
      cells[3] = p->fits ? ts_format_kwh (p->energy_kwh) : g_strdup ("—");
      cells[4] = g_strdup (p->ok ? _("Works") : p->fits ? _("Does not work") : ts_verdict_label (TS_VERDICT_DOES_NOT_FIT));
      _ts_plan_facts_add_row (f, cells, FALSE);
    }
  return f;
}

/* ---- the bill of materials ------------------------------------------------- */

/* A line's cells. An estimate carries the “≈”: on the price where the
 * line has one (a published street price), else on the count. */
static char **
bom_cells (const TsBomLine *line)
{
  char **cells = g_new0 (char *, 6);
  g_autofree char *quantity = ts_format_number ((double) line->quantity, 0);

  cells[0] = g_strdup (ts_bom_category_label (line->category));
  cells[1] = ts_bom_line_item (line);
  cells[2] = ts_bom_line_purpose (line);
  if (line->unit_price_usd > 0)
    {
      g_autofree char *price = ts_format_money (line->unit_price_usd, "USD");

      cells[3] = g_steal_pointer (&quantity);
      cells[4] = line->estimate ? g_strdup_printf ("≈ %s", price) : g_steal_pointer (&price);
    }
  else
    {
      cells[3] = line->estimate ? g_strdup_printf ("≈ %s", quantity) : g_steal_pointer (&quantity);
      cells[4] = g_strdup ("—");
    }
  return cells;
}

TsPlanFacts *
ts_plan_dup_bom_facts (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  g_autoptr(TsBom) bom = NULL;
  gboolean complete = FALSE;
  gboolean any_estimate = FALSE;
  TsPlanFacts *f;
  double total;

  if (o == NULL)
    return NULL;
  bom = ts_option_build_bom (o);
  f = _ts_plan_facts_new ();
  /* Translators: column headings of the bill of materials; keep them short */
  _ts_plan_facts_set_columns (f, _("Category"), _("Item"), _("Purpose"), _("Qty"), _("Unit price"), NULL);
  for (guint i = 0; i < ts_bom_get_n_lines (bom); i++)
    {
      const TsBomLine *line = ts_bom_get_line (bom, i);

      _ts_plan_facts_add_row (f, bom_cells (line), FALSE);
      any_estimate |= line->estimate;
    }
  total = ts_bom_priced_total (bom, &complete);
  if (total > 0)
    {
      g_autofree char *money = ts_format_money (total, "USD");

      _ts_plan_facts_add_sentence (f, complete ? g_strdup_printf (_("Total at the catalog's prices: %s."), money)
                                               : g_strdup_printf (_("Priced lines: %s; the lines without a price are "
                                                                    "to be quoted."), money));
    }
  if (any_estimate)
    f->note = g_strdup (_("≈ An estimate: the count or price is not the reference architecture's or the "
                          "catalog's own figure."));
  return f;
}

/* ---- the published runs ------------------------------------------------------ */

/* What each set of runs is, as its table's title. */
static const char *
run_set_title (TsRunSet set)
{
  switch (set)
    {
    case TS_RUN_CALIBRATION:
      return _("Runs the efficiencies were chosen on");
    case TS_RUN_HOLD_OUT:
      return _("Runs held out");
    case TS_RUN_ISSUE_CHECK:
    default:
      return _("Mixture-of-experts runs held out (the model is not yet within a third of them)");
    }
}

/* Each run of the set predicted at its published layout
 * (docs/sizing-model.md §8.7), from the same list as the test and the
 * README's tables. */
static void
add_run_rows (TsPlanFacts     *f,
              const TsCatalog *catalog,
              TsRunSet         set)
{
  for (guint i = 0; i < ts_published_runs_count (); i++)
    {
      const TsPublishedRun *r = ts_published_run (i);
      const TsCatalogModel *m = ts_catalog_find_model (catalog, r->model_id);
      char **cells;
      TsRunCheck c;

      if (r->set != set || m == NULL || !ts_published_run_check (catalog, r, FALSE, &c))
        continue;
      cells = g_new0 (char *, 6);
      cells[0] = g_strdup (m->model.name);
      /* Translators: a published run's system, whose MoE layers drop the
       * tokens over each expert's capacity (a run unlike the dropless
       * one on the same system) */
      cells[1] = r->token_drop ? g_strdup_printf (_("%s, token drop"), r->system) : g_strdup (r->system);
      cells[2] = ts_format_number (c.published, 0);
      cells[3] = ts_format_number (c.predicted, 0);
      cells[4] = ts_format_number (c.ratio, 2);
      _ts_plan_facts_add_row (f, cells, FALSE);
    }
}

TsPlanFacts *
ts_plan_dup_published_runs_facts (const TsPlan *plan,
                                  TsRunSet      set)
{
  g_autofree char *median_text = NULL;
  g_autofree char *worst_text = NULL;
  double median, worst;
  guint count;
  TsPlanFacts *f;

  ts_published_runs_summary (plan->catalog, set, &median, &worst, &count);
  if (count == 0)
    return NULL;
  f = _ts_plan_facts_new ();
  f->title = g_strdup (run_set_title (set));
  /* Translators: column headings of the table of published training runs; keep them short */
  _ts_plan_facts_set_columns (f, _("Model"), _("System"), _("Published, tokens/s per GPU"),
                              _("Estimate"), _("Estimate / published"), NULL);
  add_run_rows (f, plan->catalog, set);
  median_text = ts_format_number (median, 2);
  worst_text = ts_format_number (worst, 2);
  _ts_plan_facts_add_sentence (f, g_strdup_printf (
                                 /* Translators: under a table of published runs: how close the estimates are */
                                 ngettext ("%u run: estimate / published %s at the median, %s at the worst.",
                                           "%u runs: estimate / published %s at the median, %s at the worst.", count),
                                 count, median_text, worst_text));
  return f;
}
