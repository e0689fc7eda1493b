/* ts-specsheet-content.c — the spec sheet's sections
 *
 * The document built once, in its own language, as a flow of blocks: the
 * letterhead and title, the scenario, the verdict and the memory, the
 * configuration, network and storage (ts-specsheet-hardware.c), the
 * comparison of options, the site (ts-specsheet-site.c), the training
 * time and the appendix with the launch configuration.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-framework.h"
#include "ts-plan-inputs.h"
#include "ts-specsheet-private.h"
#include "ts-plan-text.h"
#include "ts-validation.h"

/* ---- the document's sections ------------------------------------------- */

/* Whether an address is at a domain reserved for examples (RFC 2606,
 * RFC 6761): the built-in catalog's demo vendor has one, and a customer's
 * sheet must not send anyone there. */
static gboolean
is_placeholder_address (const char *address)
{
  static const char *const reserved[] = { "@example.com", "@example.net", "@example.org", ".example",
                                          ".invalid", ".test", "@localhost" };
  g_autofree char *lower = g_ascii_strdown (address, -1);

  for (guint i = 0; i < G_N_ELEMENTS (reserved); i++)
    if (g_str_has_suffix (lower, reserved[i]))
      return TRUE;
  return FALSE;
}

static const char *
quote_email (TsSpecsheet *self)
{
  const char *address = ts_specsheet_nonempty (self->quote_email) != NULL ? self->quote_email
                                                                          : ts_specsheet_nonempty (ts_catalog_get_quote_email (self->plan->catalog));

  return address != NULL && !is_placeholder_address (address) ? address : NULL;
}

/* Who the sheet is from, above its title: the logo, the vendor's name,
 * how to reach them and where to ask for a quote. */
static void
build_letterhead (TsSpecsheet *self)
{
  const char *vendor = ts_specsheet_vendor_name (self);
  const char *email = quote_email (self);
  g_autoptr(GString) reach = g_string_new (NULL);

  if (self->logo != NULL)
    ts_specsheet_add_block (self, BLOCK_LOGO, NULL);
  if (vendor != NULL)
    ts_specsheet_add_text (self, BLOCK_SUBHEADING, vendor);
  if (ts_specsheet_nonempty (self->contact) != NULL)
    g_string_append (reach, self->contact);
  if (email != NULL)
    {
      if (reach->len > 0)
        g_string_append (reach, " · ");
      /* Translators: on the spec sheet's first page, under the vendor's name: where to ask for a quote */
      g_string_append_printf (reach, _("Quotes: %s"), email);
    }
  if (reach->len > 0)
    {
      Block *b = ts_specsheet_add_block (self, BLOCK_NOTE, g_strdup (reach->str));

      /* a click on the line writes to the vendor */
      if (email != NULL)
        b->uri = g_strconcat ("mailto:", email, NULL);
    }
}

static void
build_title (TsSpecsheet *self)
{
  const TsPlan *plan = self->plan;
  const TsScenario *s = plan->scenario;
  g_autofree char *params = ts_format_params (s->model.params);
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  build_letterhead (self);
  ts_specsheet_add_text (self, BLOCK_TITLE, self->title);
  ts_specsheet_add_printf (self, BLOCK_SUBTITLE, "%s — %s (%s)", s->model.name != NULL ? s->model.name : _("Custom model"),
                           ts_method_label (s->method), params);

  if (ts_specsheet_nonempty (self->customer) != NULL)
    /* Translators: on the spec sheet: whom it is made for */
    ts_specsheet_grid_add (cells, C_("spec sheet", "Customer"), g_strdup (self->customer));
  if (ts_specsheet_nonempty (self->project) != NULL)
    /* Translators: on the spec sheet: the customer's project */
    ts_specsheet_grid_add (cells, C_("spec sheet", "Project"), g_strdup (self->project));
  ts_specsheet_grid_add (cells, _("Date"), g_strdup (self->date_text));
  ts_specsheet_grid_add (cells, _("Document number"), g_strdup (self->number));
  ts_specsheet_grid_add (cells, _("Catalog version"), g_strdup (ts_catalog_get_version (plan->catalog)));
  if (ts_specsheet_vendor_name (self) != NULL)
    ts_specsheet_grid_add (cells, _("Prepared by"), g_strdup (ts_specsheet_vendor_name (self)));
  ts_specsheet_grid_emit (self, cells);
}

/* The answer on the first page (issue 33): the summary drawing the
 * presenter's first slide and `draw --drawing summary` show, the
 * recommendation and the figures a customer remembers, under the title
 * and before the scenario it answers. Nothing when no option was
 * evaluated: the verdict below says so. */
static void
build_summary (TsSpecsheet *self)
{
  if (ts_plan_get_shown_option (self->plan) == NULL)
    return;
  ts_specsheet_add_drawing (self, TS_DRAWING_SUMMARY);
}

/* A choice of the scenario, under the field table's name and in the
 * sheet's fuller words (ts-scenario-fields.c). */
static void
grid_add_choice (GPtrArray  *cells,
                 const char *key,
                 int         value)
{
  ts_specsheet_grid_add (cells, ts_scenario_field_title (key), g_strdup (ts_scenario_field_sheet_label (key, value)));
}

/* An input's value on the plan's shown option: the value set, or the
 * planner's choice (ts-plan-inputs.h), in scenario units. */
static double
planned_input (TsSpecsheet *self,
               const char  *key)
{
  return ts_option_input_value (ts_plan_get_shown_option (self->plan), self->plan->scenario,
                                ts_scenario_field_find (key));
}

/* text, marked as the planner's choice when the scenario left the input
 * to it (issue 28); takes text. */
static char *
mark_planned (TsSpecsheet *self,
              gboolean     automatic,
              char        *text)
{
  char *marked;

  if (!automatic || ts_plan_get_shown_option (self->plan) == NULL)
    return text;
  /* Translators: a scenario input on the spec sheet that the planner chose: “2 sequences (chosen by the planner)” */
  marked = g_strdup_printf (_("%s (chosen by the planner)"), text);
  g_free (text);
  return marked;
}

static gboolean
input_automatic (TsSpecsheet *self,
                 const char  *key)
{
  return ts_scenario_input_is_automatic (self->plan->scenario, ts_scenario_field_find (key));
}

/* The gradient dtype the plan uses (issue 28): the scenario's, or FP32
 * where the shown option's framework keeps BF16 training's gradients in
 * FP32, marked as that framework's rule. */
static char *
gradient_dtype_text (TsSpecsheet *self)
{
  const TsScenario *s = self->plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (self->plan);
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
scenario_model_text (TsSpecsheet *self)
{
  const TsScenario *s = self->plan->scenario;
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

/* How the model is trained: the method, the number formats, the
 * optimizer and the sequence. The inputs' names are the field table's
 * (ts-scenario-fields.c). */
static void
add_scenario_training_rows (TsSpecsheet *self,
                            GPtrArray   *cells)
{
  const TsScenario *s = self->plan->scenario;

  ts_specsheet_grid_add (cells, ts_scenario_field_title ("method"), g_strdup (ts_method_label (s->method)));
  grid_add_choice (cells, "precision", s->precision);
  /* Translators: gradient data type; the article's 16 (BF16) or 18 (FP32) bytes per parameter */
  ts_specsheet_grid_add (cells, _("Gradients"), gradient_dtype_text (self));
  ts_specsheet_grid_add (cells, ts_scenario_field_title ("optimizer"), g_strdup_printf ("%s%s", ts_scenario_field_sheet_label ("optimizer", s->optimizer),
                                                                  s->offload == TS_OFFLOAD_OPTIMIZER
                                                                  ? _(", states offloaded to server RAM") : ""));
  ts_specsheet_grid_add (cells, ts_scenario_field_title ("seq_len"),
                         /* Translators: the sequence length's unit, after the count: “8,192 tokens” */
                         ts_specsheet_with_unit (ts_specsheet_format_count (s->seq_len), ngettext ("token", "tokens", s->seq_len)));
}

/* The activations' inputs. The ones the planner chooses show what the
 * shown option holds, marked as chosen unless they were set (issue 28). */
static void
add_scenario_activation_rows (TsSpecsheet *self,
                              GPtrArray   *cells)
{
  guint micro_batch = (guint) planned_input (self, "micro_batch");
  int checkpointing = (int) planned_input (self, "checkpointing");

  ts_specsheet_grid_add (cells, _("Micro-batch per GPU"),
                         mark_planned (self, input_automatic (self, "micro_batch"),
                                       ts_specsheet_with_unit (ts_specsheet_format_count (micro_batch),
                                                               ngettext ("sequence", "sequences", micro_batch))));
  ts_specsheet_grid_add (cells, ts_scenario_field_title ("checkpointing"),
                         mark_planned (self, input_automatic (self, "checkpointing"),
                                       g_strdup (ts_scenario_field_sheet_label ("checkpointing", checkpointing))));
  ts_specsheet_grid_add (cells, ts_scenario_field_title ("flash_attention"),
                         g_strdup (ts_specsheet_yes_no (self->plan->scenario->flash_attention)));
}

/* How the job is spread over the GPUs: the sharding stage and the
 * parallel layout, as the plan's memory estimate uses them. */
static void
add_scenario_layout_rows (TsSpecsheet *self,
                          GPtrArray   *cells)
{
  const TsLayout *l = &ts_plan_get_memory (self->plan)->layout;
  g_autofree char *gpus = ts_format_number (l->gpus, 0);
  g_autofree char *dp = ts_format_number (l->dp, 0);
  gboolean planned = input_automatic (self, "tp") || input_automatic (self, "pp") || input_automatic (self, "gpus");

  /* Translators: optimizer-state sharding (DeepSpeed ZeRO / PyTorch FSDP) */
  ts_specsheet_grid_add (cells, _("ZeRO / FSDP stage"),
                         mark_planned (self, input_automatic (self, "zero_stage"),
                                       l->zero_stage == 3 && self->plan->scenario->zero3_prefetch
                                       /* Translators: ZeRO stage 3 with the next layer gathered early */
                                       ? g_strdup_printf (_("%u, next layer prefetched"), (guint) l->zero_stage)
                                       : ts_specsheet_format_count (l->zero_stage)));
  if (l->cp > 1)
    /* context parallelism (sizing-model §8.9) */
    ts_specsheet_grid_add (cells, _("Parallel layout"),
                           mark_planned (self, planned || input_automatic (self, "cp"),
                                         /* Translators: the parallel layout with context parallelism:
                                          * “64 GPUs: tensor 8 × context 2 × pipeline 2 × data 2” */
                                         g_strdup_printf (ngettext ("%s GPU: tensor %u × context %u × pipeline %u × data %s",
                                                                    "%s GPUs: tensor %u × context %u × pipeline %u × data %s",
                                                                    l->gpus),
                                                          gpus, l->tp, l->cp, l->pp, dp)));
  else
    /* Translators: the parallel layout: “8 GPUs: tensor 1 × pipeline 1 × data 8” */
    ts_specsheet_grid_add (cells, _("Parallel layout"),
                           mark_planned (self, planned,
                                         g_strdup_printf (ngettext ("%s GPU: tensor %u × pipeline %u × data %s",
                                                                    "%s GPUs: tensor %u × pipeline %u × data %s", l->gpus),
                                                          gpus, l->tp, l->pp, dp)));
}

/* The adapters (LoRA and QLoRA only), the data and the deadline. */
static void
add_scenario_data_rows (TsSpecsheet *self,
                        GPtrArray   *cells)
{
  const TsScenario *s = self->plan->scenario;

  if (s->method != TS_METHOD_FULL)
    {
      ts_specsheet_grid_add (cells, ts_scenario_field_title ("lora_rank"), ts_specsheet_format_count (s->lora_rank));
      grid_add_choice (cells, "lora_targets", s->lora_targets);
    }
  ts_specsheet_grid_add (cells, _("Dataset"), ts_specsheet_with_unit (ts_specsheet_format_tokens (ts_scenario_tokens (s)), _("tokens")));
  ts_specsheet_grid_add (cells, ts_scenario_field_title ("deadline_days"), s->deadline_days > 0 ? ts_format_days (s->deadline_days)
                                                                       : g_strdup (_("None")));
}

/* The hardware: the server the scenario names, else the one the plan
 * describes (marked as the planner's), else the promise of one. */
static char *
scenario_hardware_text (TsSpecsheet *self)
{
  const TsScenario *s = self->plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (self->plan);

  if (s->server_id != NULL)
    {
      const TsServer *server = ts_catalog_find_server (self->plan->catalog, s->server_id);
      g_autofree char *name = ts_format_name (server ? server->name : s->server_id);

      return s->servers > 0 ? g_strdup_printf ("%u × %s", s->servers, name) : g_strdup (name);
    }
  if (o != NULL)
    {
      g_autofree char *name = ts_format_name (o->server->name);

      /* the server the plan describes, not only that one was chosen */
      return mark_planned (self, TRUE, g_strdup_printf ("%u × %s", o->servers, name));
    }
  return g_strdup (_("Recommended by Train Sizer"));
}

/* The site's racks and supply in one row, and the price of energy when
 * one is set. */
static void
add_scenario_site_rows (TsSpecsheet *self,
                        GPtrArray   *cells)
{
  const TsScenario *s = self->plan->scenario;
  g_autofree char *limit = ts_format_kw (s->rack_kw);
  g_autofree char *volts = ts_format_number_auto (s->voltage, 0);
  g_autofree char *pue = ts_format_number_auto (s->pue, 2);

  /* Translators: “42U racks, up to 30 kW each; 230 V, 3 phases; PUE 1.4” */
  ts_specsheet_grid_add (cells, _("Site"),
                         g_strdup_printf (ngettext ("%uU racks, up to %s each; %s V, %u phase; PUE %s",
                                                    "%uU racks, up to %s each; %s V, %u phases; PUE %s", s->phases),
                                          s->rack_units, limit, volts, s->phases, pue));
  if (s->price_kwh > 0)
    {
      g_autofree char *price = ts_format_number_auto (s->price_kwh, 2);

      ts_specsheet_grid_add (cells, ts_scenario_field_title ("price_kwh"),
                             g_strdup_printf (_("%s %s per kWh"), price, ts_format_currency_label (s->currency)));
    }
}

/* Every input of the sizing in one grid, in the order of the window's
 * the model, how it is trained and spread over the GPUs, the data, the
 * hardware and the site. */
static void
build_scenario (TsSpecsheet *self)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  /* Translators: heading of the spec sheet: every input of the sizing */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Scenario"));
  ts_specsheet_grid_add (cells, _("Model"), scenario_model_text (self));
  add_scenario_training_rows (self, cells);
  add_scenario_activation_rows (self, cells);
  add_scenario_layout_rows (self, cells);
  add_scenario_data_rows (self, cells);
  ts_specsheet_grid_add (cells, _("Hardware"), scenario_hardware_text (self));
  add_scenario_site_rows (self, cells);
  ts_specsheet_grid_emit (self, cells);
}

/* The plan's own sentence: the window and the CLI say the same. */
static char *
headline (TsSpecsheet *self)
{
  g_autofree char *text = ts_plan_dup_headline (self->plan, FALSE);

  /* it names the server as the catalog does */
  return ts_format_name (text);
}

/* The verdict: the plan's sentence, then every condition that keeps the
 * configuration from working, named. */
static void
build_verdict (TsSpecsheet *self)
{
  const TsOption *o = ts_plan_get_shown_option (self->plan);
  g_autoptr(GPtrArray) failures = o != NULL ? ts_option_dup_failures (o) : NULL;

  /* Translators: heading: the fit verdict and the one-sentence answer */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Verdict"));
  ts_specsheet_add_block (self, BLOCK_CALLOUT, headline (self));
  for (guint i = 0; failures != NULL && i < failures->len; i++)
    ts_specsheet_add_text (self, BLOCK_BULLET, g_ptr_array_index (failures, i));
}

/* The memory table: a row per component present, per GPU and for the
 * whole job, and the sum row in bold. */
static void
add_memory_table (TsSpecsheet    *self,
                  const TsMemory *m)
{
  static const double fractions[] = { 0.40, 0.20, 0.22, 0.18 };
  static const gboolean right[] = { FALSE, TRUE, TRUE, TRUE };
  double total = ts_breakdown_sum (&m->total);
  char **cells;
  Block *b;
  guint t;

  t = ts_specsheet_begin_table (self, G_N_ELEMENTS (fractions), fractions, right);
  ts_specsheet_add_header (self, t, _("Component"), _("Per GPU"), _("Whole job"), _("Share"), NULL);
  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    {
      if (m->total.bytes[i] <= 0 && m->per_gpu.bytes[i] <= 0)
        continue;
      cells = g_new0 (char *, 5);
      cells[0] = g_strdup (ts_component_label (i));
      cells[1] = ts_format_gb (m->per_gpu.bytes[i]);
      cells[2] = ts_format_gb (m->total.bytes[i]);
      cells[3] = total > 0 ? ts_format_percent (m->total.bytes[i] / total) : g_strdup ("—");
      ts_specsheet_add_row_v (self, t, cells);
    }
  cells = g_new0 (char *, 5);
  /* Translators: the sum row of the memory table */
  cells[0] = g_strdup (_("Total"));
  cells[1] = ts_format_gb (ts_breakdown_sum (&m->per_gpu));
  cells[2] = ts_format_gb (total);
  cells[3] = ts_format_percent (1.0);
  b = ts_specsheet_add_row_v (self, t, cells);
  b->bold = TRUE;
  b->shaded = TRUE;
}

/* Under the table, how to read its two columns: the whole job sums the
 * GPUs' memory, so its weights count every copy the layout keeps. */
static void
add_memory_columns_note (TsSpecsheet    *self,
                         const TsMemory *m)
{
  g_autofree char *copies = ts_memory_weights_copies_text (m, FALSE);
  g_autofree char *weights = ts_format_gb (m->total.bytes[TS_COMPONENT_WEIGHTS]);
  g_autofree char *sentence = g_strdup_printf (_("Weights of the whole job: %s: %s"), weights, copies);

  /* Translators: after the memory table; then "Weights of the whole job: …" */
  ts_specsheet_add_printf (self, BLOCK_TEXT,
                           _("The whole job sums what each GPU holds, pipeline stage by stage; the per-GPU column "
                             "is the busiest GPU. %s."),
                           sentence);
}

/* The article's rule of thumb beside the detailed estimate, so a reader
 * who knows the article sees where the difference comes from. */
static void
add_memory_rule_note (TsSpecsheet    *self,
                      const TsMemory *m)
{
  g_autofree char *rule = ts_format_gb_range (m->rule.low_bytes, m->rule.high_bytes);
  g_autofree char *lo = ts_format_number_auto (m->rule.bytes_per_param_low, 2);
  g_autofree char *hi = ts_format_number_auto (m->rule.bytes_per_param_high, 2);
  g_autofree char *bpp = g_strcmp0 (lo, hi) == 0 ? g_strdup (lo) : g_strdup_printf ("%s–%s", lo, hi);

  /* Translators: “The article’s rule of thumb: 1,120–1,260 GB (16–18 bytes per parameter) for
   * weights, gradients and optimizer states, activations not included.” */
  ts_specsheet_add_printf (self, BLOCK_TEXT,
                           _("The article’s rule of thumb: %s%s (%s bytes per parameter) for weights, gradients and "
                             "optimizer states, activations not included. The table above is the detailed estimate "
                             "with activations and overhead, in decimal gigabytes (1 GB = 10⁹ bytes)."),
                           rule, self->plan->scenario->method == TS_METHOD_FULL ? "" : _(" + adapters"), bpp);
}

/* The plan's warnings: things the customer must know. */
static void
add_plan_warnings (TsSpecsheet *self)
{
  g_autoptr(GPtrArray) warnings = NULL;

  if (self->plan->warnings->len == 0)
    return;
  warnings = ts_plan_dup_warnings (self->plan);
  /* Translators: heading: things the customer must know */
  ts_specsheet_add_text (self, BLOCK_SUBHEADING, _("Warnings"));
  for (guint i = 0; i < warnings->len; i++)
    ts_specsheet_add_text (self, BLOCK_BULLET, g_ptr_array_index (warnings, i));
}

/* The verdict, then the memory: the chart, the table and how to read it,
 * and the plan's warnings. */
static void
build_memory (TsSpecsheet *self)
{
  const TsMemory *m = ts_plan_get_memory (self->plan);

  build_verdict (self);
  /* Translators: heading of the memory chart and table */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("GPU memory"));
  ts_specsheet_add_drawing (self, TS_DRAWING_MEMORY);
  add_memory_table (self, m);
  add_memory_columns_note (self, m);
  add_memory_rule_note (self, m);
  add_plan_warnings (self);
}

static void
build_comparison (TsSpecsheet *self)
{
  static const double fractions[] = { 0.24, 0.05, 0.14, 0.07, 0.12, 0.05, 0.07, 0.08, 0.05, 0.13 };
  static const gboolean right[] = { FALSE, TRUE, TRUE, TRUE, FALSE, FALSE, TRUE, TRUE, TRUE, TRUE };
  const TsPlan *plan = self->plan;
  guint t;

  /* Translators: heading: the other hardware options side by side */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Comparison with alternatives"));
  if (plan->options->len == 0)
    {
      ts_specsheet_add_text (self, BLOCK_TEXT, _("No alternatives were evaluated."));
      return;
    }
  t = ts_specsheet_begin_table (self, G_N_ELEMENTS (fractions), fractions, right);
  /* Ten columns: a step smaller than the other tables. */
  g_array_index (self->tables, Table, t).size = SIZE_SMALL;
  /* Translators: column headings of the comparison table; keep them short */
  ts_specsheet_add_header (self, t, _("Option"), _("GPUs"), _("Per GPU"), _("Headroom"), _("Verdict"), _("Link"),
                           _("Time"), _("Power"), _("Racks"),
                           /* Translators: the sheet's price column, its currency in the heading */
                           _("Price, USD"), NULL);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);
      char **cells = g_new0 (char *, 11);
      g_autofree char *need = ts_format_gb (ts_breakdown_sum (&o->memory.per_gpu));
      g_autofree char *cap = ts_format_gb (o->gpu_memory_bytes);
      Block *b;

      g_autofree char *name = ts_format_name (o->server->name);

      cells[0] = g_strdup_printf ("%s%u × %s", o->recommended ? "★ " : "", o->servers, name);
      cells[1] = ts_specsheet_format_count (o->gpus);
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
      cells[8] = ts_specsheet_format_count (o->racks);
      /* the currency is the heading's, so the cell stays one line */
      if (o->capex_usd > 0)
        {
          g_autofree char *usd = ts_format_number (o->capex_usd, 0);

          cells[9] = g_strdup_printf ("%s%s", ts_option_price_is_estimate (o) ? "≈ " : "", usd);
        }
      else
        cells[9] = g_strdup ("—");
      b = ts_specsheet_add_row_v (self, t, cells);
      b->bold = o->recommended;
    }
  ts_specsheet_add_text (self, BLOCK_NOTE, _("★ the recommended option. Headroom: GPU memory left free per GPU. "
                                             "Fast link: NVLink or HCCS, which multi-GPU training needs; PCIe cards suit "
                                             "inference and fine-tuning."));
  /* Translators: note under the comparison table of the spec sheet */
  ts_specsheet_add_text (self, BLOCK_NOTE, _("Verdict: whether the option works as a whole (memory, deadline, site "
                                             "and power supplies), the first thing that keeps it from working otherwise. "
                                             "Price: all the option's servers at the catalog's price; ≈ marks an "
                                             "indicative public price, not a quote."));
}

/* Time and energy against the number of servers of the configuration
 * (the planner at each count, docs/sizing-model.md §8.5): where adding
 * servers stops paying off is visible. */
static void
build_scaling (TsSpecsheet    *self,
               const TsOption *o)
{
  static const double fractions[] = { 0.16, 0.16, 0.24, 0.24, 0.20 };
  static const gboolean right[] = { TRUE, TRUE, TRUE, TRUE, FALSE };
  g_autoptr(GArray) curve = NULL;
  guint t;

  if (o == NULL || o->training_days <= 0 || o->server->max_servers == 1)
    return;
  /* the Time drawing on the sheet shows the same curve: computed once */
  curve = ts_scaling_curve_for_plan (self->plan, o->server->id, TS_SCALING_CURVE_POINTS, NULL);
  if (curve == NULL || curve->len < 2)
    return;

  /* Translators: heading: training time and energy for more or fewer servers */
  ts_specsheet_add_text (self, BLOCK_SUBHEADING, _("Time against the number of servers"));
  t = ts_specsheet_begin_table (self, G_N_ELEMENTS (fractions), fractions, right);
  ts_specsheet_add_header (self, t, _("Servers"), _("GPUs"), _("Training time"), _("Energy"), _("Verdict"), NULL);
  for (guint i = 0; i < curve->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (curve, TsScalingPoint, i);
      char **cells = g_new0 (char *, 6);

      cells[0] = ts_format_number (p->servers, 0);
      cells[1] = ts_format_number (p->gpus, 0);
      cells[2] = p->fits ? ts_format_days (p->training_days) : g_strdup ("—");
      cells[3] = p->fits ? ts_format_kwh (p->energy_kwh) : g_strdup ("—");
      cells[4] = g_strdup (p->ok ? _("Works") : p->fits ? _("Does not work") : ts_verdict_label (TS_VERDICT_DOES_NOT_FIT));
      ts_specsheet_add_row_v (self, t, cells);
    }
}

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

/* Time and energy as a table, for a plan without the time drawing (no
 * option, or one whose training time is not known). */
static void
build_time_table (TsSpecsheet    *self,
                  const TsOption *o)
{
  const TsScenario *s = self->plan->scenario;
  guint t;

  t = ts_specsheet_begin_pairs (self);
  ts_specsheet_add_pair (self, t, _("Dataset"), ts_specsheet_with_unit (ts_specsheet_format_tokens (ts_scenario_tokens (s)), _("tokens")));
  if (o != NULL && o->training_flops > 0)
    {
      g_autofree char *mant = NULL;
      int exponent = (int) floor (log10 (o->training_flops));

      g_autofree char *power = ts_specsheet_superscript (exponent);

      mant = ts_format_number (o->training_flops / pow (10, exponent), 2);
      /* Translators: training compute: “1.23 × 10²¹ FLOPs”; the second %s is the exponent in superscript digits */
      ts_specsheet_add_pair (self, t, _("Training compute"), g_strdup_printf (_("%s × 10%s FLOPs"), mant, power));
    }
  if (o != NULL && o->mfu > 0)
    ts_specsheet_add_pair (self, t, _("GPU utilisation (MFU)"), ts_format_percent (o->mfu));
  if (o != NULL && o->training_days > 0)
    {
      g_autofree char *days = ts_format_days (o->training_days);

      {
        g_autofree char *name = ts_format_name (o->server->name);

        ts_specsheet_add_pair (self, t, _("Training time"), g_strdup_printf ("%s (%u × %s)", days, o->servers, name));
      }
    }
  else
    ts_specsheet_add_pair (self, t, _("Training time"), NULL);
  /* without a deadline the scenario on the first page and the drawing
   * say so; the table does not say it a third time */
  if (s->deadline_days > 0)
    ts_specsheet_add_pair (self, t, ts_scenario_field_title ("deadline_days"), ts_format_days (s->deadline_days));
  if (o != NULL && o->servers_for_deadline > 0)
    ts_specsheet_add_pair (self, t, _("Servers to meet the deadline"), ts_specsheet_format_count (o->servers_for_deadline));
  if (o != NULL && o->energy_kwh > 0)
    {
      g_autofree char *pue = ts_format_number_auto (s->pue, 2);
      g_autofree char *kwh = ts_format_kwh (o->energy_kwh);

      /* Translators: “12,345 kWh, including the site’s PUE 1.4” */
      ts_specsheet_add_pair (self, t, _("Energy"), g_strdup_printf (_("%s, including the site’s PUE %s"), kwh, pue));
      /* the draw it is counted at: typical where the vendors state one;
       * the site page's feeds are at the maximum (docs/facility.md §7) */
      ts_specsheet_add_pair (self, t, _("Energy counted"), g_strdup (ts_option_energy_basis (o)));
    }
  if (o != NULL && o->energy_cost > 0)
    ts_specsheet_add_pair (self, t, _("Energy cost"), ts_format_money (o->energy_cost, s->currency));
}

static void
build_time (TsSpecsheet *self)
{
  const TsPlan *plan = self->plan;
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);

  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: how long training takes and the energy it uses */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Training time and energy"));
  if (o != NULL && o->training_days > 0)
    {
      /* The drawing writes out the time, the deadline's verdict, the
       * servers for the deadline, the energy and its cost, and under it
       * the compute, the utilisation and the PUE they come from: a table
       * of the same figures would only repeat them. */
      ts_specsheet_add_drawing (self, TS_DRAWING_TIME);
      build_scaling (self, o);
    }
  else
    build_time_table (self, o);

  /* Translators: heading: what the figures rest on */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Assumptions"));
  {
    g_autofree char *lo = ts_format_number_auto (ts_plan_get_memory (plan)->rule.bytes_per_param_low, 2);
    g_autofree char *hi = ts_format_number_auto (ts_plan_get_memory (plan)->rule.bytes_per_param_high, 2);
    g_autofree char *seq_len = ts_specsheet_format_count (s->seq_len);
    /* a label (“Full (every layer)”) inside a sentence starts in lower case */
    /* the recomputation and micro-batch the plan runs, set or chosen */
    guint micro_batch = (guint) planned_input (self, "micro_batch");
    g_autofree char *recompute = lower_first (ts_scenario_field_sheet_label ("checkpointing",
                                                                            (int) planned_input (self, "checkpointing")));

    ts_specsheet_add_text (self, BLOCK_BULLET, _("Memory in decimal gigabytes (1 GB = 10⁹ bytes), as the article counts."));
    if (s->method == TS_METHOD_FULL)
      ts_specsheet_add_printf (self, BLOCK_BULLET,
                               _("Full training needs about %s–%s bytes of GPU memory per parameter (BF16 weights 2, gradients "
                                 "2 or 4 in FP32, FP32 master weights 4, Adam’s two states 4 + 4), activations on top."), lo, hi);
    else
      ts_specsheet_add_printf (self, BLOCK_BULLET,
                               _("The frozen base model takes %s bytes per parameter; the small trained adapters, their "
                                 "gradients and optimizer states and the activations come on top."), lo);
    ts_specsheet_add_printf (self, BLOCK_BULLET,
                             ngettext ("Activations at %s tokens per sequence and %u sequence per GPU, with gradient "
                                       "checkpointing: %s.",
                                       "Activations at %s tokens per sequence and %u sequences per GPU, with gradient "
                                       "checkpointing: %s.", micro_batch),
                             seq_len, micro_batch, recompute);
    ts_specsheet_add_text (self, BLOCK_BULLET, _("Power, heat and current at each device’s maximum draw, not its average."));
    ts_specsheet_add_text (self, BLOCK_BULLET, _("Training time from 6 × parameters × tokens operations (active parameters "
                                                 "for mixture-of-experts models, more with recomputation) at the stated "
                                                 "GPU utilisation."));
    ts_specsheet_add_printf (self, BLOCK_BULLET, _("Hardware figures from the catalog, version %s."),
                             ts_catalog_get_version (plan->catalog));
  }

  /* Translators: heading: the legal note */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Disclaimer"));
  ts_specsheet_add_text (self, BLOCK_TEXT, _("Every figure in this document is an estimate computed from the scenario and the "
                                             "catalog above. It is not an offer, a commitment or a guarantee of fit, "
                                             "performance, training time or power use: these depend on the software, the data "
                                             "and the settings actually used. Confirm the configuration with the vendor before "
                                             "ordering."));
}

/* The appendix: the configuration as the training frameworks read it
 * (issue 18), from the same option as every page before it, so that a
 * customer can launch what the sheet sizes. The first two formats that
 * write the plan exactly are shown (a file its framework would refuse,
 * or that runs another layout, never: issue 26); `trainsizer-cli
 * export` writes the others. The file text stays as the frameworks spell
 * it (keys are not translated). */
#define LAUNCH_KIT_FILES 2
static void
build_launch_kit (TsSpecsheet *self)
{
  static const struct { TsExportFormat format; const char *name; } formats[] = {
    { TS_EXPORT_MEGATRON, "Megatron-LM" },
    { TS_EXPORT_DEEPSPEED, "DeepSpeed (JSON)" },
    { TS_EXPORT_ACCELERATE, "Accelerate (YAML)" },
    { TS_EXPORT_AXOLOTL, "Axolotl (YAML)" },
    { TS_EXPORT_LLAMAFACTORY, "LLaMA-Factory (YAML)" },
  };
  guint shown = 0;

  if (ts_plan_get_shown_option (self->plan) == NULL)
    return;
  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading of the spec sheet's appendix: configuration files for training frameworks */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Appendix: launch configuration"));
  ts_specsheet_add_text (self, BLOCK_TEXT, _("The configuration above as the training frameworks read it: a starting point "
                                             "for the run. Only files that run this plan as sized are printed; "
                                             "“trainsizer-cli export” names every format that can write it."));
  for (guint i = 0; i < G_N_ELEMENTS (formats) && shown < LAUNCH_KIT_FILES; i++)
    {
      g_autofree char *text = ts_export_plan (self->plan, formats[i].format, NULL);
      const char *server = ts_plan_get_shown_option (self->plan)->server->name;
      g_autofree char *shown_name = ts_format_name (server);
      g_auto(GStrv) parts = NULL;

      if (text == NULL)
        continue;
      shown++;
      /* the files' comments name the server as every page does */
      parts = g_strsplit (text, server, -1);
      ts_specsheet_add_text (self, BLOCK_SUBHEADING, formats[i].name);
      ts_specsheet_add_block (self, BLOCK_NOTE, g_strchomp (g_strjoinv (shown_name, parts)));
    }
}

/* The second appendix: the published runs the time model is held to
 * (docs/sizing-model.md §8.7), from the same list as the test and the
 * README's tables, each predicted at its published layout. */
static void
validation_set (TsSpecsheet *self,
                TsRunSet     set,
                const char  *heading)
{
  static const double fractions[] = { 0.30, 0.26, 0.16, 0.14, 0.14 };
  static const gboolean right[] = { FALSE, FALSE, TRUE, TRUE, TRUE };
  g_autofree char *median_text = NULL;
  g_autofree char *worst_text = NULL;
  double median, worst;
  guint count;
  guint t;

  ts_published_runs_summary (self->plan->catalog, set, &median, &worst, &count);
  if (count == 0)
    return;
  ts_specsheet_add_text (self, BLOCK_SUBHEADING, heading);
  t = ts_specsheet_begin_table (self, G_N_ELEMENTS (fractions), fractions, right);
  g_array_index (self->tables, Table, t).size = SIZE_SMALL;
  /* Translators: column headings of the table of published training runs; keep them short */
  ts_specsheet_add_header (self, t, _("Model"), _("System"), _("Published, tokens/s per GPU"),
                           _("Estimate"), _("Estimate / published"), NULL);
  for (guint i = 0; i < ts_published_runs_count (); i++)
    {
      const TsPublishedRun *r = ts_published_run (i);
      const TsCatalogModel *m = ts_catalog_find_model (self->plan->catalog, r->model_id);
      char **cells;
      TsRunCheck c;

      if (r->set != set || m == NULL || !ts_published_run_check (self->plan->catalog, r, FALSE, &c))
        continue;
      cells = g_new0 (char *, 6);
      cells[0] = g_strdup (m->model.name);
      cells[1] = g_strdup (r->system);
      cells[2] = ts_format_number (c.published, 0);
      cells[3] = ts_format_number (c.predicted, 0);
      cells[4] = ts_format_number (c.ratio, 2);
      ts_specsheet_add_row_v (self, t, cells);
    }
  median_text = ts_format_number (median, 2);
  worst_text = ts_format_number (worst, 2);
  ts_specsheet_add_printf (self, BLOCK_NOTE,
                           /* Translators: under a table of published runs: how close the estimates are */
                           ngettext ("%u run: estimate / published %s at the median, %s at the worst.",
                                     "%u runs: estimate / published %s at the median, %s at the worst.", count),
                           count, median_text, worst_text);
}

static void
build_validation (TsSpecsheet *self)
{
  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading of the spec sheet's appendix comparing the time estimate with published training runs */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Appendix: How this estimate compares with published runs"));
  ts_specsheet_add_text (self, BLOCK_TEXT, _("The training time above comes from a step model: each operator at the "
                                             "speed its size allows, the communication each layout needs, and one "
                                             "efficiency per GPU family. Here the same model estimates published "
                                             "training runs at their published layouts. The efficiencies were chosen "
                                             "on the first set; the second set was never used to choose anything."));
  validation_set (self, TS_RUN_CALIBRATION, _("Runs the efficiencies were chosen on"));
  validation_set (self, TS_RUN_HOLD_OUT, _("Runs held out"));
  validation_set (self, TS_RUN_ISSUE_CHECK, _("Mixture-of-experts runs held out (the model is not yet within a third of them)"));
  ts_specsheet_add_text (self, BLOCK_NOTE, _("Sources: the torchtitan performance notes, the Llama 3 paper (Table 4), "
                                             "the Megatron-Bridge performance summary (25.11) and the DeepSeek-V3 report. "
                                             "AMD Instinct and Huawei Ascend have no published run with its layout in the "
                                             "list: their efficiency is a datasheet-based default."));
}

/* Builds every part of the document anew, in the current language; the
 * next pagination lays it out again. */
void
ts_specsheet_build_document (TsSpecsheet *self)
{
  g_array_set_size (self->blocks, 0);
  g_array_set_size (self->tables, 0);
  g_ptr_array_set_size (self->pages, 0);
  g_ptr_array_set_size (self->estimates, 0);
  self->width = self->height = 0;

  build_title (self);
  build_summary (self);
  build_scenario (self);
  build_memory (self);
  ts_specsheet_build_configuration (self);
  ts_specsheet_build_network_storage (self);
  build_comparison (self);
  ts_specsheet_build_site (self);
  build_time (self);
  ts_specsheet_build_bom (self);
  build_launch_kit (self);
  build_validation (self);
}
