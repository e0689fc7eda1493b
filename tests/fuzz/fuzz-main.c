/* fuzz-main.c — replays files through a fuzz target without libFuzzer
 *
 * Usage: fuzz-TARGET FILE-OR-DIRECTORY…
 * Every regular file (directories are read one level deep) is passed to
 * LLVMFuzzerTestOneInput (). A file named valid-* must be accepted and one
 * named bad-* refused; other names (inputs libFuzzer found) need only not
 * crash. Exit status 1 on a wrong verdict; a crash aborts, as in libFuzzer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "ts-fuzz.h"

static guint n_inputs, n_wrong;

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static void
replay (const char *path)
{
  g_autofree char *data = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      n_wrong++;
      return;
    }

  ts_fuzz_accepted = FALSE;
  LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
  n_inputs++;

  if (g_str_has_prefix (base, "valid-") && !ts_fuzz_accepted)
    {
      fprintf (stderr, "%s: refused, but its name says it is valid\n", path);
      n_wrong++;
    }
  else if (g_str_has_prefix (base, "bad-") && ts_fuzz_accepted)
    {
      fprintf (stderr, "%s: accepted, but its name says it must be refused\n", path);
      n_wrong++;
    }
}

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
          g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
          const char *name;

          while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
            g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
          /* a stable order, so a failure names the same file every run */
          g_ptr_array_sort (names, compare_paths);
          for (guint j = 0; j < names->len; j++)
            if (g_file_test (names->pdata[j], G_FILE_TEST_IS_REGULAR))
              replay (names->pdata[j]);
        }
      else
        replay (argv[i]);
    }

  printf ("%u inputs replayed, %u with the wrong verdict\n", n_inputs, n_wrong);
  return n_inputs > 0 && n_wrong == 0 ? 0 : 1;
}
