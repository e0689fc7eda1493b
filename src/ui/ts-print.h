/* ts-print.h — the spec sheet through GtkPrintOperation: export to PDF,
 * print, and an in-app preview
 *
 * Every function draws with ts_specsheet_draw_page(), the same pages the
 * command line writes. lang is the document's language, chosen apart from
 * the interface's (GSettings pdf-language): "ru", "en", or NULL / "ui" for
 * the interface's current language; the pages are drawn in it while the
 * window keeps its own. Each call holds a reference to plan (the window's
 * own, never recomputed: the same figures and picked option), so the
 * window may replace its plan while a dialog is open; it must not change
 * a plan that is held (ts_plan_is_shared ()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ts-engine.h"

G_BEGIN_DECLS

/* Called when an interactive export ends: path is the saved file, or NULL
 * with error set when it failed; both NULL when the user cancelled. */
/* Who offers the hardware and to whom, for the spec sheet: vendor,
 * contact, quote address and logo from Preferences; customer and project
 * from the window (they belong to the document, not to the sizing). Any
 * field may be NULL or empty. */
typedef struct
{
  char *vendor_name;
  char *vendor_contact;
  char *quote_address;
  char *logo_file;
  char *customer;
  char *project;
} TsPrintBranding;

void               ts_print_branding_free      (TsPrintBranding     *branding);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsPrintBranding, ts_print_branding_free)

/* The branding the spec sheets printed or exported for parent carry
 * (copied; NULL clears it). */
void               ts_print_set_branding       (GtkWindow             *parent,
                                                const TsPrintBranding *branding);
const TsPrintBranding *ts_print_get_branding   (GtkWindow             *parent);

typedef void (*TsPrintExportedFunc) (const char   *path,
                                     const GError *error,
                                     gpointer      user_data);

/* A GtkPrintOperation set up for the spec sheet: A4 portrait by default,
 * points, the full page, the document number as the job name. */
GtkPrintOperation *ts_print_operation_new      (const TsPlan        *plan,
                                                const char          *lang);

/* Writes the spec sheet to path with ts_specsheet_write_pdf, the command
 * line's writer (tagged, /Lang, the plan's shown option; no dialog, works
 * with no display), atomically: a temporary file in the same folder renamed
 * over path, nothing left behind on failure. */
gboolean           ts_print_export_pdf         (GtkWindow           *parent,
                                                const TsPlan        *plan,
                                                const char          *path,
                                                const char          *lang,
                                                GError             **error);

/* “Export PDF…”: asks for a file (native chooser, the portal in Flatpak),
 * then exports as above and calls done (may be NULL). */
void               ts_print_export_pdf_dialog  (GtkWindow           *parent,
                                                const TsPlan        *plan,
                                                const char          *lang,
                                                TsPrintExportedFunc  done,
                                                gpointer             user_data);

/* “Print…” (preview FALSE): the print dialog, asynchronously; its Preview
 * button opens the in-app preview. “Print Preview” (preview TRUE): the same
 * operation run with ACTION_PREVIEW, answered by the in-app preview window
 * below (never an external viewer). Errors are shown in a dialog on
 * parent. */
void               ts_print_run                (GtkWindow           *parent,
                                                const TsPlan        *plan,
                                                const char          *lang,
                                                gboolean             preview);

/* A window with every page as it will print, and a Print button. */
GtkWindow         *ts_print_show_preview       (GtkWindow           *parent,
                                                const TsPlan        *plan,
                                                const char          *lang);

/* The document language for a GSettings pdf-language value ("ui", "ru",
 * "en"): NULL for "ui", else the value. */
const char        *ts_print_lang_from_setting  (const char          *value);

G_END_DECLS
