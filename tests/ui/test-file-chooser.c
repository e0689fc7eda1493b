/* test-file-chooser.c — every file chooser's answer goes through
 * ts_file_chooser_run (): the chosen file (NULL for Cancel) reaches the
 * callback once, the data is released once after it, and the chooser
 * goes. GTK's real chooser is made here (its places sidebar's cloud
 * providers leak inside their library: build-aux/lsan.supp).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "ts-document.h"
#include "ui-test-support.h"

/* What the chooser's callbacks saw. */
typedef struct
{
  guint  n_answers;
  GFile *file;
  guint  n_released;
} ChooserRecord;

static void
record_answer (GFile    *file,
               gpointer  user_data)
{
  ChooserRecord *record = user_data;

  record->n_answers++;
  g_set_object (&record->file, file);
}

static void
record_release (gpointer user_data)
{
  ChooserRecord *record = user_data;

  /* released after the answer, never before */
  g_assert_cmpuint (record->n_answers, ==, 1);
  record->n_released++;
}

static void
test_file_chooser_answer (void)
{
  static const int responses[] = { GTK_RESPONSE_CANCEL, GTK_RESPONSE_ACCEPT };
  g_autofree char *dir = g_dir_make_tmp ("ts-chooser-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkWindow *parent = GTK_WINDOW (gtk_window_new ());
  for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
    {
      ChooserRecord record = { 0 };
      GtkFileChooserNative *chooser = ts_file_chooser_new (parent, GTK_FILE_CHOOSER_ACTION_SAVE, "Save", "_Save",
                                                           NULL, "servers.csv");
      g_autoptr(GFile) expected = g_file_get_child (folder, "servers.csv");

      g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
      g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
      ts_file_chooser_run (chooser, record_answer, &record, record_release);
      ts_test_settle ();
      g_assert_cmpuint (record.n_answers, ==, 0);
      g_signal_emit_by_name (chooser, "response", responses[i]);
      ts_test_settle ();
      g_assert_cmpuint (record.n_answers, ==, 1);
      g_assert_cmpuint (record.n_released, ==, 1);
      g_assert_null (chooser);
      if (responses[i] == GTK_RESPONSE_ACCEPT)
        g_assert_true (record.file != NULL && g_file_equal (record.file, expected));
      else
        g_assert_null (record.file);
      g_clear_object (&record.file);
    }
  ts_test_destroy_window (parent);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/file-chooser/answer", test_file_chooser_answer);
  return g_test_run ();
}
