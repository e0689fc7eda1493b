/* ts-published-runs-ui.c — the famous published runs in the window
 *
 * A famous run (docs/sizing-model.md §8.7) opens from the Main Menu as a
 * ready scenario (win.open-published-run, ts-window-actions.c); while
 * the scenario is still the run's, the answer pane shows what the run
 * published beside what the engine predicts for it. The window keeps
 * which run it was opened as; this file makes the menu's items and
 * decides when the figures still apply.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-window"

#include "config.h"

#include "ts-published-runs-ui.h"

void
ts_published_runs_ui_fill_menu (GMenu           *menu,
                                const TsCatalog *catalog)
{
  for (guint i = 0; i < ts_published_runs_count (); i++)
    {
      const TsPublishedRun *run = ts_published_run (i);
      g_autofree char *title = NULL;
      g_autofree char *action = NULL;

      if (!ts_published_run_is_famous (run))
        continue;
      title = ts_published_run_dup_title (catalog, run);
      action = g_strdup_printf ("win.open-published-run::%s", run->id);
      g_menu_append (menu, title, action);
    }
}

/* Whether s is still the job run_scenario describes: the fields that
 * make the run's published throughput what it is. */
static gboolean
same_job (const TsScenario *s,
          const TsScenario *run_scenario)
{
  return g_strcmp0 (s->model_id, run_scenario->model_id) == 0
         && g_strcmp0 (s->server_id, run_scenario->server_id) == 0 && s->servers == run_scenario->servers
         && s->tokens == run_scenario->tokens && s->seq_len == run_scenario->seq_len
         && s->global_batch == run_scenario->global_batch && s->method == run_scenario->method
         && s->precision == run_scenario->precision;
}

char *
ts_published_runs_ui_dup_comparison (const TsCatalog       *catalog,
                                     const TsPublishedRun **run,
                                     const TsScenario      *scenario,
                                     const TsOption        *option)
{
  g_autoptr(TsScenario) run_scenario = NULL;

  if (*run != NULL)
    run_scenario = ts_published_run_dup_scenario (catalog, *run, NULL);
  if (run_scenario == NULL || !same_job (scenario, run_scenario))
    {
      *run = NULL;
      return NULL;
    }
  return ts_published_run_dup_comparison (catalog, *run, option);
}
