/* ts-export-dialog.h — Export → Training Configuration…
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-export.h"
#include "ts-plan.h"

G_BEGIN_DECLS

#define TS_TYPE_EXPORT_DIALOG (ts_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TsExportDialog, ts_export_dialog, TS, EXPORT_DIALOG, AdwWindow)

/* A dialog showing the configuration text of plan's shown option in each
 * format; the texts are made here, so the plan need not outlive it. */
TsExportDialog *ts_export_dialog_new        (GtkWindow       *parent,
                                             const TsPlan    *plan);
TsExportFormat  ts_export_dialog_get_format (TsExportDialog  *self);
/* The preview's text (what Copy and Save… write). */
char           *ts_export_dialog_get_text   (TsExportDialog  *self);
/* Save…'s writer: the shown format's text into file, whole or not at all. */
gboolean        ts_export_dialog_save       (TsExportDialog  *self,
                                             GFile           *file,
                                             GError         **error);
/* The file name Save… proposes for a format (“ds_config.json” …). */
const char     *ts_export_format_file_name  (TsExportFormat   format);

G_END_DECLS
