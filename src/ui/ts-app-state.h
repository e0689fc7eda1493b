/* ts-app-state.h — what every window of the application shares: the
 * settings and the hardware catalog in use
 *
 * The application owns one and hands it to the windows it makes, so a
 * window reads the catalog and settings without knowing the application
 * class (which knows the windows: no circle between them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "ts-engine.h"

G_BEGIN_DECLS

#define TS_TYPE_APP_STATE (ts_app_state_get_type ())

G_DECLARE_FINAL_TYPE (TsAppState, ts_app_state, TS, APP_STATE, GObject)

TsAppState *ts_app_state_new               (GSettings    *settings);
/* The state an application was given with ts_app_state_attach (), or
 * NULL. */
TsAppState *ts_app_state_get_for          (GApplication *application);
void        ts_app_state_attach           (TsAppState   *self,
                                           GApplication *application);

GSettings  *ts_app_state_get_settings     (TsAppState   *self);
/* The user catalog of the settings overlaid on the built-in one, or the
 * built-in one alone when the user file cannot be used (then
 * ts_app_state_get_catalog_error () says why). */
TsCatalog  *ts_app_state_get_catalog      (TsAppState   *self);
const char *ts_app_state_get_catalog_error (TsAppState  *self);
/* Reads the catalog again (the setting changed). */
void        ts_app_state_reload_catalog   (TsAppState   *self);

G_END_DECLS
