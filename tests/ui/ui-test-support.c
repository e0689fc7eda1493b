/* ui-test-support.c — what the window's tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ui-test-support.h"

void
ts_test_settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
ts_test_destroy_window (gpointer window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  ts_test_settle ();
  g_assert_finalize_object (window);
}
