/* ts-specsheet-content.c — the spec sheet's sections
 *
 * The document built once, in its own language, as a flow of blocks: the
 * letterhead and title, the scenario, the verdict and the memory, the
 * configuration, network and storage (ts-specsheet-hardware.c), the
 * comparison of options, the site (ts-specsheet-site.c), the training
 * time and the appendix with the launch configuration.
 * A section's figures, words and sentences come from one engine call
 * each (ts-facts.h); here they are laid out.
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
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  build_letterhead (self);
  ts_specsheet_add_text (self, BLOCK_TITLE, self->title);
  ts_specsheet_add_block (self, BLOCK_SUBTITLE, ts_plan_dup_subject (plan));

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

/* Every input of the sizing in one grid, in the order of the window's
 * the model, how it is trained and spread over the GPUs, the data, the
 * hardware and the site (ts_plan_dup_scenario_facts ()). */
static void
build_scenario (TsSpecsheet *self)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_scenario_facts (self->plan);

  /* Translators: heading of the spec sheet: every input of the sizing */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Scenario"));
  ts_specsheet_add_facts_grid (self, facts);
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

/* The verdict, then the memory: the chart, the table and how to read it
 * (ts_plan_dup_memory_facts ()), and the plan's warnings. */
static void
build_memory (TsSpecsheet *self)
{
  static const double fractions[] = { 0.40, 0.20, 0.22, 0.18 };
  static const gboolean right[] = { FALSE, TRUE, TRUE, TRUE };
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_memory_facts (self->plan);

  build_verdict (self);
  /* Translators: heading of the memory chart and table */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("GPU memory"));
  ts_specsheet_add_drawing (self, TS_DRAWING_MEMORY);
  ts_specsheet_add_facts_table (self, facts, fractions, right, TRUE);
  for (guint i = 0; i < facts->sentences->len; i++)
    ts_specsheet_add_text (self, BLOCK_TEXT, g_ptr_array_index (facts->sentences, i));
  add_plan_warnings (self);
}

/* Every option side by side (ts_plan_dup_comparison_facts ()), and how
 * to read the table. */
static void
build_comparison (TsSpecsheet *self)
{
  static const double fractions[] = { 0.24, 0.05, 0.14, 0.07, 0.12, 0.05, 0.07, 0.08, 0.05, 0.13 };
  static const gboolean right[] = { FALSE, TRUE, TRUE, TRUE, FALSE, FALSE, TRUE, TRUE, TRUE, TRUE };
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_comparison_facts (self->plan);
  guint t;

  /* Translators: heading: the other hardware options side by side */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Comparison with alternatives"));
  if (facts->empty != NULL)
    {
      ts_specsheet_add_text (self, BLOCK_TEXT, facts->empty);
      return;
    }
  t = ts_specsheet_add_facts_table (self, facts, fractions, right, FALSE);
  /* Ten columns: a step smaller than the other tables. */
  g_array_index (self->tables, Table, t).size = SIZE_SMALL;
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
 * (ts_plan_dup_scaling_facts (): the planner at each count, docs/sizing-
 * model.md §8.5): where adding servers stops paying off is visible. */
static void
build_scaling (TsSpecsheet *self)
{
  static const double fractions[] = { 0.16, 0.16, 0.24, 0.24, 0.20 };
  static const gboolean right[] = { TRUE, TRUE, TRUE, TRUE, FALSE };
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_scaling_facts (self->plan);

  if (facts == NULL)
    return;
  ts_specsheet_add_text (self, BLOCK_SUBHEADING, facts->title);
  ts_specsheet_add_facts_table (self, facts, fractions, right, FALSE);
}

static void
build_time (TsSpecsheet *self)
{
  const TsPlan *plan = self->plan;
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
      build_scaling (self);
    }
  else
    {
      /* no drawing: time and energy as a table */
      g_autoptr(TsPlanFacts) facts = ts_plan_dup_time_facts (plan);

      ts_specsheet_add_facts (self, facts);
    }

  /* Translators: heading: what the figures rest on */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Assumptions"));
  {
    g_autoptr(TsPlanFacts) assumptions = ts_plan_dup_assumptions_facts (plan);

    for (guint i = 0; i < assumptions->sentences->len; i++)
      ts_specsheet_add_text (self, BLOCK_BULLET, g_ptr_array_index (assumptions->sentences, i));
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
 * (ts_plan_dup_published_runs_facts (), docs/sizing-model.md §8.7), each
 * predicted at its published layout. */
static void
validation_set (TsSpecsheet *self,
                TsRunSet     set)
{
  static const double fractions[] = { 0.30, 0.26, 0.16, 0.14, 0.14 };
  static const gboolean right[] = { FALSE, FALSE, TRUE, TRUE, TRUE };
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_published_runs_facts (self->plan, set);
  guint t;

  if (facts == NULL)
    return;
  ts_specsheet_add_text (self, BLOCK_SUBHEADING, facts->title);
  t = ts_specsheet_add_facts_table (self, facts, fractions, right, FALSE);
  g_array_index (self->tables, Table, t).size = SIZE_SMALL;
  for (guint i = 0; i < facts->sentences->len; i++)
    ts_specsheet_add_text (self, BLOCK_NOTE, g_ptr_array_index (facts->sentences, i));
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
  validation_set (self, TS_RUN_CALIBRATION);
  validation_set (self, TS_RUN_HOLD_OUT);
  validation_set (self, TS_RUN_ISSUE_CHECK);
  ts_specsheet_add_text (self, BLOCK_NOTE, _("Sources: the torchtitan performance notes and DeepEP README, the Llama 3 "
                                             "paper (Table 4), the Megatron-Bridge performance summaries (25.09, 25.11 "
                                             "and 26.04.01), the NeMo Framework performance summaries (25.02 and 25.04), "
                                             "NeMo AutoModel’s performance summary, AMD’s Cluster Validation Suite and the "
                                             "DeepSeek-V2 and DeepSeek-V3 reports. AMD Instinct in BF16 and Huawei Ascend have no published run with "
                                             "its layout in the list: their efficiency is a datasheet-based default."));
}

/* Builds every part of the document anew, in the current language; the
 * next pagination lays it out again. */
void
ts_specsheet_build_document (TsSpecsheet *self)
{
  g_array_set_size (self->blocks, 0);
  g_array_set_size (self->tables, 0);
  g_ptr_array_set_size (self->pages, 0);
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
