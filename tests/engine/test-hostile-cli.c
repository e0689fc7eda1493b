/* test-hostile-cli.c — trainsizer-cli on hostile command lines and files
 *
 * The exit statuses are the CLI's documented contract (--help): 0 success,
 * 1 the engine refuses the input, 2 a usage error. Whatever the input, the
 * CLI exits with one of them (never a signal), prints one message on
 * stderr that names the option or file, and writes no output file when it
 * refuses. Rows of tests/README.md's “CLI” table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "ts-test-support.h"

typedef struct
{
  const char *what;
  const char *argv[12];
  int         status;
  const char *expect;   /* in stderr */
} CliCase;

static void
run_cli_cases (const CliCase *cases,
               guint          n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = ts_test_run_cli (cases[i].argv, &out, &err);

      if (status != cases[i].status || strstr (err, cases[i].expect) == NULL)
        g_error ("%s: exit %d (want %d), stderr “%s” (want “%s”)",
                 cases[i].what, status, cases[i].status, err, cases[i].expect);
      g_assert_true (g_utf8_validate (err, -1, NULL));
    }
}

static void
test_options (void)
{
  const CliCase cases[] = {
    { "no model", { "estimate", NULL }, 2, "--model" },
    { "unknown command", { "frobnicate", NULL }, 2, "frobnicate" },
    { "unknown option", { "estimate", "--params", "8B", "--turbo", NULL }, 2, "--turbo" },
    { "missing value", { "estimate", "--params", NULL }, 2, "--params" },
    { "empty value", { "estimate", "--params", "", NULL }, 2, "--params" },
    { "negative params", { "estimate", "--params=-70B", NULL }, 2, "--params" },
    { "params NaN", { "estimate", "--params", "nan", NULL }, 2, "--params" },
    { "params infinite", { "estimate", "--params", "inf", NULL }, 2, "--params" },
    { "params 1e999", { "estimate", "--params", "1e999", NULL }, 2, "--params" },
    { "params above 100T", { "estimate", "--params", "101T", NULL }, 2, "100" },
    { "params wrong unit", { "estimate", "--params", "70GB", NULL }, 2, "--params" },
    { "seq-len 0", { "estimate", "--params", "8B", "--seq-len", "0", NULL }, 2, "--seq-len" },
    { "seq-len above 10M", { "estimate", "--params", "8B", "--seq-len", "10000001", NULL }, 2, "--seq-len" },
    { "seq-len fraction", { "estimate", "--params", "8B", "--seq-len", "2048.5", NULL }, 2, "--seq-len" },
    { "gpus above 100k", { "estimate", "--params", "8B", "--gpus", "100001", NULL }, 2, "--gpus" },
    { "pue NaN", { "estimate", "--params", "8B", "--pue", "NaN", NULL }, 2, "--pue" },
    { "format unknown", { "estimate", "--params", "8B", "--format", "xml", NULL }, 2, "--format" },
    { "lang unknown", { "estimate", "--params", "8B", "--lang", "de", NULL }, 2, "--lang" },
    { "unknown model id", { "estimate", "--model", "gpt-9", NULL }, 1, "gpt-9" },
    { "unknown server id", { "estimate", "--params", "8B", "--server", "cray-1", NULL }, 1, "cray-1" },
    /* the value after an option is checked too, not only the option */
    { "non-UTF-8 value", { "estimate", "--model", "llama\xff", NULL }, 2, "UTF-8" },
    { "non-UTF-8 command", { "\xc0\xaf", NULL }, 2, "UTF-8" },
    { "pdf without output", { "pdf", "--params", "8B", NULL }, 2, "--output" },
  };

  run_cli_cases (cases, G_N_ELEMENTS (cases));
}

static void
test_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-hostile-cli-XXXXXX", NULL);
  g_autofree char *bad_utf8 = g_build_filename (dir, "latin1.json", NULL);
  g_autofree char *deep = g_build_filename (dir, "deep.json", NULL);
  g_autofree char *dup = g_build_filename (dir, "dup.json", NULL);
  g_autofree char *newer = g_build_filename (dir, "newer.json", NULL);
  g_autofree char *big = g_build_filename (dir, "big.json", NULL);
  g_autofree char *catalog = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *pdf = g_build_filename (dir, "out.pdf", NULL);
  g_autofree char *deep_text = NULL;
  GString *s = g_string_new ("{\"schema_version\": 1, \"model\": {\"params\": 7e10}, \"x\": ");
  FILE *f;

  for (int i = 0; i < 100000; i++)
    g_string_append_c (s, '[');
  deep_text = g_string_free (s, FALSE);

  g_assert_true (g_file_set_contents (bad_utf8, "{\"schema_version\": 1, \"currency\": \"\xa4\"}", -1, NULL));
  g_assert_true (g_file_set_contents (deep, deep_text, -1, NULL));
  g_assert_true (g_file_set_contents (dup, "{\"schema_version\": 1, \"model\": {\"params\": 7e10}, "
                                           "\"seq_len\": 1, \"seq_len\": 2}", -1, NULL));
  g_assert_true (g_file_set_contents (newer, "{\"schema_version\": 7, \"model\": {\"params\": 7e10}}", -1, NULL));
  g_assert_true (g_file_set_contents (catalog, "{\"schema_version\": 1, \"gpus\": 5}", -1, NULL));
  f = g_fopen (big, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (fseeko (f, (off_t) 1 << 30, SEEK_SET), ==, 0);
  fputc ('}', f);
  fclose (f);

  {
    const CliCase cases[] = {
      { "scenario not UTF-8", { "estimate", "--scenario", bad_utf8, NULL }, 1, "UTF-8" },
      { "scenario nested 100000 deep", { "estimate", "--scenario", deep, NULL }, 1, "nested" },
      { "scenario with a duplicate key", { "estimate", "--scenario", dup, NULL }, 1, "seq_len" },
      { "scenario from a newer version", { "estimate", "--scenario", newer, NULL }, 1, "version 7" },
      { "scenario of 1 GiB", { "estimate", "--scenario", big, NULL }, 1, "16 MiB" },
      { "scenario is /dev/zero", { "estimate", "--scenario", "/dev/zero", NULL }, 1, "regular file" },
      { "scenario is a directory", { "estimate", "--scenario", dir, NULL }, 1, "regular file" },
      { "scenario missing", { "estimate", "--scenario", missing, NULL }, 1, "missing.json" },
      /* issue 4: an invalid user catalog leaves the built-in one in use
       * and says why — the estimate still runs */
      { "catalog with a bad section", { "estimate", "--params", "8B", "--catalog", catalog, NULL }, 0, "gpus" },
      { "catalog check of a bad file", { "catalog", "check", catalog, NULL }, 1, "gpus" },
      { "pdf from a bad scenario", { "pdf", "--scenario", deep, "--output", pdf, NULL }, 1, "nested" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
  /* a refused PDF leaves no file behind */
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));

  g_unlink (bad_utf8);
  g_unlink (deep);
  g_unlink (dup);
  g_unlink (newer);
  g_unlink (big);
  g_unlink (catalog);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/cli/options", test_options);
  g_test_add_func ("/hostile/cli/files", test_files);
  return g_test_run ();
}
