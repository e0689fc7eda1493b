/* ts-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include <adwaita.h>

G_BEGIN_DECLS

#define TS_TYPE_PREFERENCES_WINDOW (ts_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (TsPreferencesWindow, ts_preferences_window, TS, PREFERENCES_WINDOW, AdwPreferencesWindow)

TsPreferencesWindow *ts_preferences_window_new (GtkApplication *application);

G_END_DECLS
