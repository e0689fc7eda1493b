/* ts-accessible.h — the window as a screen reader gets it (issue 33)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ts_accessible_init             (void);
void ts_accessible_name_inner_toggle (GtkWidget  *button,
                                      const char *name);
void ts_accessible_hide_unseen_pages (GtkWidget *stack);
void ts_accessible_hide_switcher_icons (GtkWidget *switcher,
                                        GtkWidget *view_stack);
void ts_accessible_tidy_built (GtkWidget *root);

G_END_DECLS
