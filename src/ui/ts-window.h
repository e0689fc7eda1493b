/* ts-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-application.h"

G_BEGIN_DECLS

#define TS_TYPE_WINDOW (ts_window_get_type ())

G_DECLARE_FINAL_TYPE (TsWindow, ts_window, TS, WINDOW, AdwApplicationWindow)

TsWindow         *ts_window_new          (TsApplication *application);
const TsScenario *ts_window_get_scenario (TsWindow      *self);
const TsPlan     *ts_window_get_plan     (TsWindow      *self);
/* The one-sentence answer shown at the top (for tests and a11y). */
const char       *ts_window_get_headline (TsWindow      *self);

G_END_DECLS
