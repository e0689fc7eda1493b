/* ts-document.h — the scenario as a file: open, save, autosave, restore,
 * and the question about unsaved changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ts-engine.h"

G_BEGIN_DECLS

#define TS_TYPE_DOCUMENT (ts_document_get_type ())

G_DECLARE_FINAL_TYPE (TsDocument, ts_document, TS, DOCUMENT, GObject)

/* window: the parent of its dialogs and what closes after “Save Changes?”
 * (not referenced). settings: where the autosave goes. */
TsDocument *ts_document_new                (GtkWindow        *window,
                                            GSettings        *settings);
/* The scenario being edited (borrowed: the window's) and the catalog that
 * reads files and the autosave back (borrowed: the application's). */
void        ts_document_set_scenario       (TsDocument       *self,
                                            TsCatalog        *catalog,
                                            const TsScenario *scenario);
GFile      *ts_document_get_file           (TsDocument       *self);
void        ts_document_set_file           (TsDocument       *self,
                                            GFile            *file);
gboolean    ts_document_get_dirty          (TsDocument       *self);
void        ts_document_set_dirty          (TsDocument       *self,
                                            gboolean          dirty);
/* The scenario was edited: unsaved, and autosaved in a moment. */
void        ts_document_changed            (TsDocument       *self);
void        ts_document_autosave_now       (TsDocument       *self);
/* The scenario autosaved last time, or NULL. One that cannot be read
 * back is kept aside in a file and reported (a toast with Details). */
TsScenario *ts_document_restore_last       (TsDocument       *self);
/* Why the last scenario was not restored, or NULL. */
const char *ts_document_get_unrestored_message (TsDocument   *self);
/* A window rebuilt (language) goes on where old left off. */
void        ts_document_take_state         (TsDocument       *self,
                                            TsDocument       *old);

/* Reads file and emits “load”. */
gboolean    ts_document_open_file          (TsDocument       *self,
                                            GFile            *file,
                                            GError          **error);
gboolean    ts_document_save_file          (TsDocument       *self,
                                            GFile            *file,
                                            GError          **error);
/* The menu's New, Open…, Save and Save As…: each asks first what to do
 * with unsaved changes where it would lose them. */
void        ts_document_new_scenario       (TsDocument       *self);
void        ts_document_open               (TsDocument       *self);
/* A famous published run as a new, unsaved scenario (asks to save the
 * current one first, as New does). */
void        ts_document_open_published_run (TsDocument           *self,
                                            const TsPublishedRun *run);
/* While the load signal of such a run is emitted: the run; else NULL. */
const TsPublishedRun *ts_document_get_published_run (TsDocument *self);
void        ts_document_save               (TsDocument       *self);
void        ts_document_save_as            (TsDocument       *self);
/* TRUE when the window must not close yet: the user is asked about
 * unsaved changes first, and the window is closed after. */
gboolean    ts_document_hold_close         (TsDocument       *self);

/* The name to show (“New scenario” or the file's, with “(changed)”) and the
 * second line of the wide title (the folder, or “Unsaved changes”). */
char       *ts_document_dup_title          (TsDocument       *self);
char       *ts_document_dup_location       (TsDocument       *self);

/* A toast naming a file, with a button that opens it (win.open-uri). */
AdwToast   *ts_file_toast_new              (const char       *title,
                                            GFile            *file);

/* Every file chooser of the app: modal over parent, with filter (may be
 * NULL) and a suggested current_name (may be NULL); not yet shown, so the
 * caller connects “response” first. */
GtkFileChooserNative *ts_file_chooser_new (GtkWindow            *parent,
                                           GtkFileChooserAction  action,
                                           const char           *title,
                                           const char           *accept_label,
                                           GtkFileFilter        *filter,
                                           const char           *current_name);

/* What a chooser's answer is given to: the file chosen, or NULL when the
 * user cancelled. */
typedef void (*TsFileChosenFunc) (GFile    *file,
                                  gpointer  user_data);

/* Shows chooser (from ts_file_chooser_new ()) and takes it: when the user
 * answers, calls chosen once, then destroy (may be NULL) on user_data, and
 * the chooser goes. */
void        ts_file_chooser_run            (GtkFileChooserNative *chooser,
                                            TsFileChosenFunc      chosen,
                                            gpointer              user_data,
                                            GDestroyNotify        destroy);

/* Properties “file” and “dirty” (notified). Signals: “load” (TsScenario
 * *scenario, GFile *file or NULL): the window shows a copy of scenario;
 * “toast” (AdwToast *toast): a message for the window to show. */

G_END_DECLS
