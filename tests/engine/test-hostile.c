/* test-hostile.c — hostile files never crash the loaders or lose work
 *
 * Every row of the table in tests/README.md (“JSON reader”, “scenario
 * file”, “saving”) is one case here. The expectations come from RFC 8259
 * (what JSON is) and from the requirement that a failed or
 * interrupted save leaves the previous file whole.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ts-json.h"
#include "ts-test-support.h"

/* A scenario file that is valid except for what each case changes. */
#define HEAD "{\"schema_version\": 1, \"model\": {\"params\": 7e10}"

typedef struct
{
  const char *what;
  const char *json;
  gssize      length;  /* -1 = up to the NUL */
  const char *expect;  /* a substring of the message; NULL = must load */
} Case;

static void
run_cases (const Case *cases,
           guint       n)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) s = ts_scenario_from_string (cases[i].json, cases[i].length,
                                                         catalog, "bad.json", &error);

      if (cases[i].expect == NULL)
        {
          if (s == NULL)
            g_error ("%s: refused: %s", cases[i].what, error->message);
          continue;
        }
      if (s != NULL)
        g_error ("%s: accepted, but must be refused", cases[i].what);
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      if (strstr (error->message, cases[i].expect) == NULL)
        g_error ("%s: “%s” not in “%s”", cases[i].what, cases[i].expect, error->message);
      /* every message names the file it is about */
      g_assert_nonnull (strstr (error->message, "bad.json"));
    }
}

/* RFC 8259 is the format; json-glib's extensions are refused so that what
 * loads here loads in every other JSON tool the customer might use. */
static void
test_strict_json (void)
{
  const Case cases[] = {
    { "empty", "", -1, "empty" },
    { "only spaces", " \n\t\r ", -1, "empty" },
    { "byte-order mark", "\xef\xbb\xbf" HEAD "}", -1, NULL },
    { "comment", HEAD ", /* note */ \"seq_len\": 8}", -1, "comments" },
    { "line comment", HEAD ", // note\n \"seq_len\": 8}", -1, "comments" },
    /* the old pre-scan took the quote in the comment for a string and
     * lost count of the brackets after it */
    { "quote in a comment", HEAD ", /* \" */ \"x\": [[[[]]]]}", -1, "comments" },
    { "single quotes", "{'schema_version': 1}", -1, "double quotes" },
    { "hexadecimal", HEAD ", \"seq_len\": 0x10}", -1, "line 1, column" },
    { "leading zero", HEAD ", \"seq_len\": 010}", -1, "start with 0" },
    { "trailing comma", HEAD ", \"seq_len\": 8,}", -1, "key in double quotes" },
    { "missing comma", HEAD " \"seq_len\": 8}", -1, "“,” or “}”" },
    { "bare word", HEAD ", \"method\": full}", -1, "expected a value" },
    { "raw line break in a string", HEAD ", \"currency\": \"a\nb\"}", -1, "control character" },
    { "unknown escape", HEAD ", \"currency\": \"\\q\"}", -1, "escape" },
    { "escaped NUL", HEAD ", \"method\": \"fu\\u0000ll\"}", -1, "NUL" },
    { "NUL byte", HEAD ", \"method\": \"fu\0ll\"}", sizeof (HEAD ", \"method\": \"fu\0ll\"}") - 1, "UTF-8" },
    { "lone high surrogate", HEAD ", \"currency\": \"\\ud800\"}", -1, "surrogate" },
    { "lone low surrogate", HEAD ", \"currency\": \"\\udc00\"}", -1, "surrogate" },
    { "surrogate pair", HEAD ", \"currency\": \"\\ud83d\\ude00\"}", -1, NULL },
    { "invalid UTF-8", HEAD ", \"currency\": \"\xff\"}", -1, "UTF-8" },
    { "overlong UTF-8", HEAD ", \"currency\": \"\xc0\xaf\"}", -1, "UTF-8" },
    { "truncated", HEAD ", \"seq_len\": 8", -1, "“,” or “}”" },
    { "unterminated string", HEAD ", \"currency\": \"US", -1, "not closed" },
    { "text after the value", HEAD "} {}", -1, "after the end" },
    /* json-glib reads this as −1 (64-bit wrap): it must not load as a
     * small number */
    { "whole number beyond 64 bits", HEAD ", \"seq_len\": 18446744073709551617}", -1, "too long" },
    { "1e999", HEAD ", \"tokens\": 1e999}", -1, "too large" },
    { "NaN", HEAD ", \"tokens\": NaN}", -1, "expected a value" },
    { "Infinity", HEAD ", \"tokens\": Infinity}", -1, "expected a value" },
    { "-0 is a number", HEAD ", \"tokens\": -0}", -1, NULL },
    { "tiny exponent is zero", HEAD ", \"tokens\": 1e-400}", -1, NULL },
  };

  run_cases (cases, G_N_ELEMENTS (cases));
}

static void
test_duplicate_keys (void)
{
  const Case cases[] = {
    { "top level", HEAD ", \"method\": \"full\", \"method\": \"lora\"}", -1, "twice" },
    { "nested", "{\"schema_version\": 1, \"model\": {\"params\": 7e10, \"params\": 8e9}}", -1, "twice" },
    /* the same key written two ways is still the same key */
    { "escaped", HEAD ", \"method\": \"full\", \"meth\\u006fd\": \"lora\"}", -1, "twice" },
    { "escaped quote", HEAD ", \"a\\\"\": 1, \"a\\\"\": 2}", -1, "twice" },
    /* the same key in sibling objects is fine */
    { "siblings", HEAD ", \"x\": [{\"a\": 1}, {\"a\": 2}]}", -1, NULL },
  };

  run_cases (cases, G_N_ELEMENTS (cases));
}

static char *
nested (int levels)
{
  GString *s = g_string_new (HEAD ", \"x\": ");

  for (int i = 0; i < levels; i++)
    g_string_append_c (s, '[');
  for (int i = 0; i < levels; i++)
    g_string_append_c (s, ']');
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

static void
test_depth (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  /* The root object is level 1, so the list may nest one level less. */
  g_autofree char *deepest = nested (TS_JSON_MAX_DEPTH - 1);
  g_autofree char *too_deep = nested (TS_JSON_MAX_DEPTH);
  /* A million levels would overflow the stack of a recursive parser. */
  g_autofree char *million = nested (1000000);
  g_autoptr(TsScenario) ok = NULL;
  g_autoptr(GError) error = NULL;

  ok = ts_scenario_from_string (deepest, -1, catalog, "deep.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (ok);

  g_assert_null (ts_scenario_from_string (too_deep, -1, catalog, "deep.json", &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "nested"));
  g_clear_error (&error);

  g_assert_null (ts_scenario_from_string (million, -1, catalog, "deep.json", &error));
  g_assert_nonnull (strstr (error->message, "nested"));
}

static void
test_size (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(GError) error = NULL;
  g_autofree char *big = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ts-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  FILE *f;

  /* in memory: one byte over the limit, all spaces inside a valid file */
  big = g_malloc (TS_JSON_MAX_BYTES + 2);
  memset (big, ' ', TS_JSON_MAX_BYTES + 1);
  memcpy (big, "{}", 2);
  big[TS_JSON_MAX_BYTES + 1] = '\0';
  g_assert_null (ts_scenario_from_string (big, -1, catalog, "big.json", &error));
  g_assert_nonnull (strstr (error->message, "larger than 16 MiB"));
  g_clear_error (&error);

  /* on disk: a sparse 4 GiB file is refused from its size, before reading */
  f = g_fopen (path, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (fseeko (f, (off_t) 4 << 30, SEEK_SET), ==, 0);
  fputc ('}', f);
  fclose (f);
  g_assert_null (ts_scenario_load_file (path, catalog, &error));
  g_assert_nonnull (strstr (error->message, "larger than 16 MiB"));
  g_clear_error (&error);
  g_unlink (path);

  /* an endless device and a directory are not files to read */
  g_assert_null (ts_scenario_load_file ("/dev/zero", catalog, &error));
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);
  g_assert_null (ts_scenario_load_file (dir, catalog, &error));
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);

  /* a missing file is an I/O error naming the file */
  g_assert_null (ts_scenario_load_file (path, catalog, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "big.json"));

  g_rmdir (dir);
}

/* Version 1 is the first scenario format Train Sizer wrote: there is no
 * older layout to migrate. A file without a version, with version 0 or
 * with a newer one is refused and the message says which version this
 * build reads. A version written as 1.0 is version 1. */
static void
test_versions (void)
{
  const Case cases[] = {
    { "no version", "{\"model\": {\"params\": 7e10}}", -1, "schema_version" },
    { "version 0", "{\"schema_version\": 0, \"model\": {\"params\": 7e10}}", -1, "reads version 1" },
    { "version 2", "{\"schema_version\": 2, \"model\": {\"params\": 7e10}}", -1, "reads version 1" },
    { "version 1.5", "{\"schema_version\": 1.5, \"model\": {\"params\": 7e10}}", -1, "reads version 1" },
    { "version -1", "{\"schema_version\": -1, \"model\": {\"params\": 7e10}}", -1, "schema_version" },
    { "version as text", "{\"schema_version\": \"1\", \"model\": {\"params\": 7e10}}", -1, "schema_version" },
    { "version 1.0", "{\"schema_version\": 1.0, \"model\": {\"params\": 7e10}}", -1, NULL },
    /* a newer file's extra keys are ignored when the version is ours */
    { "unknown keys", HEAD ", \"future\": {\"a\": [1]}}", -1, NULL },
  };

  run_cases (cases, G_N_ELEMENTS (cases));
}

/* Each scenario field refuses the wrong type, NaN-like and out-of-range
 * values and names itself and what is allowed. */
static void
test_fields (void)
{
  const Case cases[] = {
    { "params negative", "{\"schema_version\": 1, \"model\": {\"params\": -7e10}}", -1, "params" },
    { "params 1e300", "{\"schema_version\": 1, \"model\": {\"params\": 1e300}}", -1, "params" },
    { "params as text with units", "{\"schema_version\": 1, \"model\": {\"params\": \"70B\"}}", -1, "params" },
    { "model empty", "{\"schema_version\": 1, \"model\": {}}", -1, "model" },
    { "model a list", "{\"schema_version\": 1, \"model\": []}", -1, "model" },
    { "seq_len 0", HEAD ", \"seq_len\": 0}", -1, "“seq_len”: must be a whole number from 1 to 10000000" },
    { "seq_len above 10M", HEAD ", \"seq_len\": 10000001}", -1, "seq_len" },
    { "seq_len fraction", HEAD ", \"seq_len\": 4096.5}", -1, "seq_len" },
    { "seq_len as text", HEAD ", \"seq_len\": \"4096\"}", -1, "seq_len" },
    { "gpus above 100k", HEAD ", \"gpus\": 100001}", -1, "gpus" },
    { "tokens negative", HEAD ", \"tokens\": -1}", -1, "tokens" },
    { "pue below 1", HEAD ", \"pue\": 0.5}", -1, "pue" },
    { "voltage with units", HEAD ", \"voltage\": \"230 V\"}", -1, "voltage" },
    { "flash_attention as text", HEAD ", \"flash_attention\": \"yes\"}", -1, "true or false" },
    { "method unknown", HEAD ", \"method\": \"magic\"}", -1, "full, lora, qlora" },
    { "server unknown", HEAD ", \"server_id\": \"cray-1\"}", -1, "cray-1" },
    { "currency too long", HEAD ", \"currency\": \"DOLLARSXYZ\"}", -1, "currency" },
    { "currency empty", HEAD ", \"currency\": \"\"}", -1, "currency" },
    { "architecture zero layers",
      "{\"schema_version\": 1, \"model\": {\"architecture\": {\"layers\": 0, \"hidden_size\": 4096, "
      "\"attention_heads\": 32, \"kv_heads\": 8, \"head_dim\": 128, \"vocab_size\": 32000}}}", -1, "layers" },
  };

  run_cases (cases, G_N_ELEMENTS (cases));
}

/* ---- saving ----------------------------------------------------------- */

static TsScenario *
scenario_with_seq_len (TsCatalog *catalog,
                       guint      seq_len)
{
  TsScenario *s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);

  s->seq_len = seq_len;
  return s;
}

static void
assert_no_temporaries (const char *dir,
                       guint       expected_files)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  g_assert_cmpuint (n, ==, expected_files);
}

/* A save into a place that cannot be written fails with a message naming
 * the file; the scenario in memory is untouched. */
static void
test_save_unwritable (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = scenario_with_seq_len (catalog, 8192);
  g_autofree char *before = ts_scenario_to_string (s);
  g_autofree char *after = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ts-hostile-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "a-file", NULL);
  g_autofree char *under_file = g_build_filename (file, "plan.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "plan.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (file, "x", -1, NULL));

  g_assert_false (ts_scenario_save_file (s, under_file, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, under_file));
  g_clear_error (&error);

  g_assert_false (ts_scenario_save_file (s, missing, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_clear_error (&error);

  /* the target is a directory */
  g_assert_false (ts_scenario_save_file (s, dir, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_clear_error (&error);

  after = ts_scenario_to_string (s);
  g_assert_cmpstr (before, ==, after);
  assert_no_temporaries (dir, 1);

  g_unlink (file);
  g_rmdir (dir);
}

/* Whom root becomes to meet directory permissions: nobody. */
#define UNPRIVILEGED_ID 65534

/* A read-only directory: saving into it fails, and the old file stays. */
static void
save_into_read_only_dir (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) old = scenario_with_seq_len (catalog, 1024);
  g_autoptr(TsScenario) s = scenario_with_seq_len (catalog, 8192);
  g_autofree char *dir = g_dir_make_tmp ("ts-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "plan.json", NULL);
  g_autofree char *old_text = NULL;
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (dir);
  g_assert_true (ts_scenario_save_file (old, path, NULL));
  g_assert_true (g_file_get_contents (path, &old_text, NULL, NULL));
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);

  g_assert_false (ts_scenario_save_file (s, path, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "plan.json"));

  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, old_text);
  g_assert_cmpuint (s->seq_len, ==, 8192);

  g_chmod (dir, 0755);
  g_unlink (path);
  g_rmdir (dir);
}

/* Root writes into any directory, so as root the check runs in a child
 * that has become an ordinary user. */
static void
test_save_read_only_dir (void)
{
  if (geteuid () != 0)
    {
      save_into_read_only_dir ();
      return;
    }
  if (g_test_subprocess ())
    {
      g_assert_cmpint (setgid (UNPRIVILEGED_ID), ==, 0);
      g_assert_cmpint (setuid (UNPRIVILEGED_ID), ==, 0);
      save_into_read_only_dir ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* The disk fills up in the middle of a save (a file-size limit makes the
 * write fail even for root): the previous file stays byte for byte, no
 * temporary file is left behind, and the scenario is still in memory to
 * be saved elsewhere. */
static void
test_save_disk_full (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) old = scenario_with_seq_len (catalog, 1024);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *elsewhere = NULL;
  g_autofree char *old_text = NULL;
  g_autofree char *now = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(TsScenario) s = scenario_with_seq_len (catalog, 8192);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) back = NULL;
      struct rlimit limit;

      /* the parent's directory, passed down in the environment */
      dir = g_strdup (g_getenv ("TS_HOSTILE_DIR"));
      path = g_build_filename (dir, "plan.json", NULL);
      elsewhere = g_build_filename (dir, "plan-copy.json", NULL);

      /* only the soft limit, so that it can be lifted again below */
      g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      limit.rlim_cur = 64;  /* bytes: far less than a scenario */
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (ts_scenario_save_file (s, path, &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "plan.json"));
      /* the scenario is still whole and can be written once there is room */
      limit.rlim_cur = limit.rlim_max;
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_true (ts_scenario_save_file (s, elsewhere, NULL));
      back = ts_scenario_load_file (elsewhere, catalog, NULL);
      g_assert_nonnull (back);
      g_assert_cmpuint (back->seq_len, ==, 8192);
      return;
    }

  dir = g_dir_make_tmp ("ts-hostile-XXXXXX", NULL);
  path = g_build_filename (dir, "plan.json", NULL);
  elsewhere = g_build_filename (dir, "plan-copy.json", NULL);
  g_assert_true (ts_scenario_save_file (old, path, NULL));
  g_assert_true (g_file_get_contents (path, &old_text, NULL, NULL));

  g_setenv ("TS_HOSTILE_DIR", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  /* the old file byte for byte, the copy, and nothing else */
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, old_text);
  g_assert_true (g_file_test (elsewhere, G_FILE_TEST_IS_REGULAR));
  assert_no_temporaries (dir, 2);

  g_unlink (path);
  g_unlink (elsewhere);
  g_rmdir (dir);
}

/* A process saving over and over is killed at random moments (power loss
 * or a crash mid-save). Whenever it dies, the file on disk is one of the
 * two complete scenarios it was alternating between, never a mix or a
 * truncated one. */
#define KILL_ROUNDS 40

static void
test_save_killed (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) a = scenario_with_seq_len (catalog, 1024);
  g_autoptr(TsScenario) b = scenario_with_seq_len (catalog, 8192);
  g_autofree char *dir = g_dir_make_tmp ("ts-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "plan.json", NULL);
  GString *name = g_string_new (NULL);
  g_autofree char *text_a = NULL;
  g_autofree char *text_b = NULL;
  guint seen_a = 0, seen_b = 0;

  /* A long model name makes each file large (≈ 1 MB), so a kill is likely
   * to land inside a write rather than between saves. Such a name is
   * refused on loading (200 characters at most), so the file is compared
   * byte for byte with the two texts save writes, not loaded. */
  for (guint i = 0; i < 1000000 / 16; i++)
    g_string_append (name, "0123456789abcdef");
  for (TsScenario **s = (TsScenario *[]) { a, b, NULL }; *s != NULL; s++)
    {
      g_autoptr(GError) error = NULL;
      TsArchitecture arch = { .layers = 32, .hidden_size = 4096, .attention_heads = 32, .kv_heads = 8,
                              .head_dim = 128, .ffn_size = 14336, .mlp = TS_MLP_SWIGLU, .vocab_size = 128256 };
      TsModel model = { 0 };

      g_assert_true (ts_model_init_from_architecture (&model, name->str, &arch, &error));
      g_assert_no_error (error);
      ts_scenario_set_model (*s, &model);
      ts_model_clear (&model);
    }
  g_string_free (name, TRUE);
  text_a = ts_scenario_to_string (a);
  text_b = ts_scenario_to_string (b);

  g_assert_true (ts_scenario_save_file (a, path, NULL));

  for (guint round = 0; round < KILL_ROUNDS; round++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *back = NULL;
      int status;
      pid_t pid = fork ();

      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          for (guint i = 0;; i++)
            ts_scenario_save_file (i % 2 ? b : a, path, NULL);
        }

      /* 0–200 ms: a durable save of this size takes tens of ms here, so
       * the kill lands before the first, inside, or between saves */
      g_usleep (g_test_rand_int_range (0, 200000));
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));

      g_assert_true (g_file_get_contents (path, &back, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_str_equal (back, text_a) || g_str_equal (back, text_b));
      if (g_str_equal (back, text_a))
        seen_a++;
      else
        seen_b++;
    }
  g_test_message ("file held A %u times, B %u times", seen_a, seen_b);

  /* temporary files of killed saves may remain (ts_atomic_file_write ()
   * names them .tsXXXXXX); they never replace the real one */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *entry;

    while ((entry = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (dir, entry, NULL);

        g_assert_true (g_str_equal (entry, "plan.json") || g_str_has_prefix (entry, ".ts"));
        g_unlink (p);
      }
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/json/strict", test_strict_json);
  g_test_add_func ("/hostile/json/duplicate-keys", test_duplicate_keys);
  g_test_add_func ("/hostile/json/depth", test_depth);
  g_test_add_func ("/hostile/json/size", test_size);
  g_test_add_func ("/hostile/scenario/versions", test_versions);
  g_test_add_func ("/hostile/scenario/fields", test_fields);
  g_test_add_func ("/hostile/save/unwritable", test_save_unwritable);
  g_test_add_func ("/hostile/save/read-only-dir", test_save_read_only_dir);
  g_test_add_func ("/hostile/save/disk-full", test_save_disk_full);
  g_test_add_func ("/hostile/save/killed", test_save_killed);
  return g_test_run ();
}
