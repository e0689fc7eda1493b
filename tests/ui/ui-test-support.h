/* ui-test-support.h — what the window's tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Runs the main loop until nothing is left to do (idles, frames,
 * pending answers). */
void ts_test_settle          (void);
/* Destroys a window and checks that nothing keeps it alive: a reference
 * the window or its parts leak (a signal handler, a source, a cycle)
 * fails the test here, whatever LeakSanitizer makes of it. */
void ts_test_destroy_window  (gpointer window);

/* The widget named name (gtk_widget_set_name) under widget, or NULL. */
GtkWidget *ts_test_find_named (GtkWidget  *widget,
                               const char *name);

G_END_DECLS
