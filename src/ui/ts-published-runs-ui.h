/* ts-published-runs-ui.h — the famous published runs in the window: the
 * Main Menu's list, and a run's figures beside the prediction while the
 * scenario is still that run's job
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "ts-engine.h"

G_BEGIN_DECLS

/* Appends each famous run of the engine's table to menu, named by the
 * engine, as win.open-published-run::ID. */
void  ts_published_runs_ui_fill_menu      (GMenu                 *menu,
                                           const TsCatalog       *catalog);
/* The published figures of *run beside the prediction for option, or
 * NULL. When scenario is no longer *run's job (an edit of its model,
 * tokens, batch, sequence, method, precision, server or count made it
 * another) *run is set to NULL: the window shows the figures no more,
 * even if the edit is undone. */
char *ts_published_runs_ui_dup_comparison (const TsCatalog       *catalog,
                                           const TsPublishedRun **run,
                                           const TsScenario      *scenario,
                                           const TsOption        *option);

G_END_DECLS
