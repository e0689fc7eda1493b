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

TsApplication *ts_application_new          (void);
TsCatalog     *ts_application_get_catalog  (TsApplication *self);
GSettings     *ts_application_get_settings (TsApplication *self);

G_END_DECLS
