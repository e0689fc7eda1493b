/* ts-window-actions.h — the main window's actions (win.*) and their keys
 *
 * The application adds them to every TsWindow it makes; they act through
 * the window's public API (ts-window.h), and the window knows nothing of
 * them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-window.h"

G_BEGIN_DECLS

/* Files, export, print, pages, zoom, presenter mode and its keys. */
void ts_window_actions_add        (TsWindow       *window);
/* The actions' accelerators, set once at start-up. */
void ts_window_actions_set_accels (GtkApplication *application);

G_END_DECLS
