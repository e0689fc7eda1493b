/* ts-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"

G_BEGIN_DECLS

#define TS_TYPE_APPLICATION (ts_application_get_type ())

G_DECLARE_FINAL_TYPE (TsApplication, ts_application, TS, APPLICATION, AdwApplication)

TsApplication *ts_application_new                (void);
TsCatalog     *ts_application_get_catalog        (TsApplication *self);
/* Why the user catalog file was not used (the built-in one is), or NULL. */
const char    *ts_application_get_catalog_error  (TsApplication *self);
GSettings     *ts_application_get_settings       (TsApplication *self);
/* Builds every window again (after a language or catalog change),
 * keeping each one's scenario, file and size. */
void           ts_application_rebuild_windows    (TsApplication *self);

G_END_DECLS
