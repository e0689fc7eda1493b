/* ts-facts.h — a section's figures, labelled and formatted, in one call
 *
 * The spec sheet's sections are lists of labelled figures: the scenario,
 * the recommended configuration, the network, the storage, the site
 * requirements, the training time. Each is filled here by ONE call into
 * the engine, in the current language, every number through ts-format
 * (the one place units are written), so the drawing side only lays the
 * list out: it asks nothing of the catalog, the options or the formats.
 *
 * Flat beside ts-plan-text.c rather than inside options/: a section reads
 * the whole plan (the scenario, the memory estimate, the catalog and the
 * shown option), as the plan's sentences do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-plan.h"
#include "ts-validation.h"

G_BEGIN_DECLS

/* One labelled figure. */
typedef struct
{
  char       *label;
  char       *value;            /* NULL: not known (a sheet shows a dash) */
  /* the catalog marks a figure the value rests on as an estimate: the
   * value then starts with “≈ ”, and a list of the section's estimates
   * names the label (with the reason, in the catalog's English, or NULL) */
  gboolean    estimate;
  const char *estimate_reason;  /* the catalog's, valid while the plan is */
} TsPlanFact;

/* One row of a section's table: a cell per column. */
typedef struct
{
  char    **cells;     /* NULL-terminated, one per column */
  gboolean  emphasis;  /* the sum row; the recommended option */
} TsPlanRow;

/* A section's figures, owned by the caller (ts_plan_facts_free ()):
 * labelled figures (facts), or a table (columns and rows), with the
 * sentences that go with them. */
typedef struct
{
  char      *title;      /* the section's subheading, or NULL */
  /* the sentence that stands for the figures when the plan has none
   * (no option, one server, no alternative), or NULL */
  char      *empty;
  GArray    *facts;      /* TsPlanFact, in the order a reader takes them */
  char     **columns;    /* a table's headings (NULL-terminated), or NULL */
  GArray    *rows;       /* TsPlanRow: the table's rows, in order */
  /* what the section says of its figures in sentences, under them */
  GPtrArray *sentences;  /* char * */
  /* a footnote under the figures, or NULL: what the “*” after a figure
   * from a record not checked against a vendor's document means, what
   * “≈” in the bill of materials means */
  char      *note;
} TsPlanFacts;

void         ts_plan_facts_free                  (TsPlanFacts  *facts);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsPlanFacts, ts_plan_facts_free)

guint        ts_plan_facts_get_n                 (const TsPlanFacts *facts);
const TsPlanFact *ts_plan_facts_get              (const TsPlanFacts *facts,
                                                  guint              index);

/* Every input of the sizing: the model, how it is trained and spread
 * over the GPUs, the data, the hardware and the site; the inputs the
 * planner chose marked so (ts-facts.c). */
TsPlanFacts *ts_plan_dup_scenario_facts          (const TsPlan *plan);
/* The shown option's server: compute, host, power, price and what the
 * plan asks of it; title “6 × server” (ts-facts-hardware.c). */
TsPlanFacts *ts_plan_dup_configuration_facts     (const TsPlan *plan);
/* The compute fabric between the servers and the gradient sync; empty
 * (with its sentence) for one server or none. */
TsPlanFacts *ts_plan_dup_network_facts           (const TsPlan *plan);
/* Checkpoints, the data, the interruptions and the storage system. */
TsPlanFacts *ts_plan_dup_storage_facts           (const TsPlan *plan);
/* What the power gauges do not show: rack space, PDUs, cooling, CDUs. */
TsPlanFacts *ts_plan_dup_site_facts              (const TsPlan *plan);
/* Time and energy for a plan whose training time is not drawn. */
TsPlanFacts *ts_plan_dup_time_facts              (const TsPlan *plan);

/* Sentences with the plan's figures in them (ts-facts-sentences.c). */

/* What the figures rest on: memory units, bytes per parameter, the
 * activations' inputs the plan runs, the draw, the time model, the
 * catalog's version. */
TsPlanFacts *ts_plan_dup_assumptions_facts       (const TsPlan *plan);
/* The article's pre-delivery checklist with the shown option's figures
 * where there is one: power lines and UPS, supplies, cooling, space. */
TsPlanFacts *ts_plan_dup_checklist_facts         (const TsPlan *plan);

/* Tables (ts-facts-tables.c). */

/* The memory per component, per GPU and for the whole job, the sum row
 * emphasised; the sentences say how to read the columns and where the
 * article's rule of thumb stands. */
TsPlanFacts *ts_plan_dup_memory_facts            (const TsPlan *plan);
/* Every option side by side, the recommended one emphasised; empty
 * (with its sentence) when none was evaluated. */
TsPlanFacts *ts_plan_dup_comparison_facts        (const TsPlan *plan);
/* Time and energy against the number of servers of the shown option
 * (docs/sizing-model.md §8.5), with its title; NULL when there is no
 * such curve (no option, no training time, a one-server machine). */
TsPlanFacts *ts_plan_dup_scaling_facts           (const TsPlan *plan);
/* The shown option's bill of materials (docs/cluster-fabric.md §8), its
 * total in a sentence and the note on its estimates; NULL without an
 * option. */
TsPlanFacts *ts_plan_dup_bom_facts               (const TsPlan *plan);
/* The published runs of one set against the time model's estimates at
 * their layouts (docs/sizing-model.md §8.7), the set's title and how
 * close the estimates are; NULL when the catalog holds none of them. */
TsPlanFacts *ts_plan_dup_published_runs_facts    (const TsPlan *plan,
                                                  TsRunSet      set);

G_END_DECLS
