/* test-hostile-inputs.c — issue 24, “Reliability, round three”, in the engine
 *
 * One case (or a few) per class of the issue that the engine answers for:
 * class 1 (a member of the wrong type in any file), 2 (one open-for-reading
 * rule), 4 (CSV formula injection), 7 (dots as thousands separators),
 * 9 (temporary files a kill leaves behind) and the smaller ones of class 10.
 * The rules come from their sources, named at each case: OWASP's “CSV
 * Injection” page, RFC 8259, open(2) and linkat(2), the README's grouping
 * rules. The cases of the command line are in tests/engine/test-hostile-cli.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ts-csv.h"
#include "ts-model.h"
#include "ts-test-support.h"

/* ---- class 1: a member of the wrong type -------------------------------- */

#define ARCH_MODEL "{\"schema_version\": 1, \"model\": {\"name\": \"m\", \"architecture\": " \
  "{\"layers\": 32, \"hidden_size\": 4096, \"attention_heads\": 32, \"kv_heads\": 8, \"head_dim\": 128, " \
  "\"ffn_size\": 14336, \"mlp\": \"swiglu\", \"vocab_size\": 128256}, "

/* A scenario file's imported model keeps the import's record (“source”);
 * the exports read its layer class back. A member of another type than
 * the one ts-hf-config.c writes is refused on loading, the field named
 * (json-glib's getter would meet it with a critical, a SIGTRAP under
 * G_DEBUG=fatal-criticals, in `export` and the window's dialog). The same
 * files are seeds of the scenario fuzzer (tests/fuzz/corpus/scenario). */
static void
test_wrong_type_source (void)
{
  static const struct { const char *member; const char *field; } cases[] = {
    { "\"source\": {\"format\": \"huggingface-config\", \"layer_class\": {\"x\": 1}}", "source.layer_class" },
    { "\"source\": {\"layer_class\": [\"LlamaDecoderLayer\"]}", "source.layer_class" },
    { "\"source\": {\"model_type\": 7}", "source.model_type" },
    { "\"source\": {\"fields\": [\"a\"]}", "source.fields" },
    { "\"source\": {\"fields\": {\"hidden_size\": {\"k\": 1}}}", "source.fields.hidden_size" },
    { "\"source\": {\"config_class\": true, \"layer_class\": \"L\"}", "source.config_class" },
    { "\"source\": []", "“source”" },
    { "\"hf_id\": {\"a\": \"b\"}", "“hf_id”" },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_strconcat (ARCH_MODEL, cases[i].member, "}}", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsScenario) s = ts_scenario_from_string (json, -1, catalog, "bad.trainsizer", &error);

      if (s != NULL)
        {
          /* what the exports do with an accepted file */
          ts_hf_config_layer_class (&s->model);
          g_error ("%s: accepted, but must be refused", cases[i].member);
        }
      g_assert_error (error, TS_ERROR, TS_ERROR_SCENARIO);
      if (strstr (error->message, cases[i].field) == NULL)
        g_error ("%s: “%s” not in “%s”", cases[i].member, cases[i].field, error->message);
    }
  /* the record as the import writes it still loads and is read back */
  {
    g_autofree char *json = g_strconcat (ARCH_MODEL, "\"source\": {\"format\": \"huggingface-config\", "
                                         "\"layer_class\": \"LlamaDecoderLayer\", \"fields\": "
                                         "{\"hidden_size\": \"hidden_size\"}}}}", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(TsScenario) s = ts_scenario_from_string (json, -1, catalog, "good.trainsizer", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (ts_hf_config_layer_class (&s->model), ==, "LlamaDecoderLayer");
  }
}

/* ---- class 4: CSV formula injection ----------------------------------- */

/* The cell of column `col` (0-based) in one CSV line, RFC 4180 quoting
 * undone (the quotes that OWASP's rule adds are part of the text). */
static char *
csv_cell (const char *line,
          guint       col)
{
  GString *cell = g_string_new (NULL);
  gboolean quoted = FALSE;
  guint at = 0;

  for (const char *p = line; *p != '\0'; p++)
    {
      if (quoted && *p == '"' && p[1] == '"')
        {
          if (at == col)
            g_string_append_c (cell, '"');
          p++;
        }
      else if (*p == '"')
        quoted = !quoted;
      else if (*p == ',' && !quoted)
        at++;
      else if (at == col)
        g_string_append_c (cell, *p);
    }
  return g_string_free (cell, FALSE);
}

/* OWASP, “CSV Injection”: a cell that starts with = + - @, a tab or a
 * carriage return is prefixed with a single quote and the cell is quoted,
 * a double quote inside doubled. The servers' names and ids are the
 * catalog's text, which a user's catalog can set to anything. */
static void
test_csv_formula (void)
{
  static const struct { const char *name; const char *cell; } cases[] = {
    { "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" },
    { "+1+cmd|' /C calc'!A0",          "\"'+1+cmd|' /C calc'!A0\"" },
    { "-2+3",                          "\"'-2+3\"" },
    { "@SUM(1,2)",                     "\"'@SUM(1,2)\"" },
    { "\tTAB",                         "\"'\tTAB\"" },
    { "\rCR",                          "\"'\rCR\"" },
    { "Plain, with a comma",           "\"Plain, with a comma\"" },
    { "A=B",                           "A=B" },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, s, &error);

  g_assert_no_error (error);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TsServer *server = (TsServer *) g_array_index (plan->options, TsOption, 0).server;
      g_autofree char *old_name = server->name;
      g_autofree char *csv = NULL;
      g_autofree char *text = NULL;
      const char *row;

      server->name = g_strdup (cases[c].name);
      csv = ts_plan_options_to_csv (plan);
      g_free (server->name);
      server->name = g_steal_pointer (&old_name);

      /* the first option's row, raw: the cell as written */
      row = strstr (csv, "\r\n") + 2;
      g_assert_nonnull (strstr (row, cases[c].cell));
      /* and read back as a spreadsheet would, the name's text whole */
      text = csv_cell (row, 3);
      if (cases[c].cell[0] == '"' && cases[c].cell[1] == '\'')
        {
          g_assert_cmpint (text[0], ==, '\'');
          g_assert_cmpstr (text + 1, ==, cases[c].name);
        }
      else
        g_assert_cmpstr (text, ==, cases[c].name);
    }
}

/* ---- class 7: dots as thousands separators ------------------------------ */

/* The README's grouping rules, applied to the point as to the comma
 * (ts-parse.c): each value below is what the text means to a reader who
 * groups with dots (German, Italian, Indonesian) and to one who writes a
 * decimal point, worked out by hand. Before the fix “8.000” was read as 8
 * and “16.384” refused. */
static void
test_dot_grouping (void)
{
  const struct { const char *text; double value; } whole[] = {
    { "8.000", 8000 }, { "16.384", 16384 }, { "1.000.000", 1e6 }, { "2.048K", 2048e3 }, { "131.072", 131072 },
  };
  const struct { const char *text; double value; } counts[] = {
    { "1.000.000", 1e6 }, { "7.6e9", 7.6e9 }, { "1.024e3", 1024 }, { "1.5", 1.5 }, { "0.125", 0.125 },
    { "1000.5", 1000.5 }, { "1.25B", 1.25e9 }, { "1.2345", 1.2345 }, { "1,000.5", 1000.5 },
  };
  /* a point before exactly three digits, alone: 8000 or 8 */
  const char *ambiguous[] = { "8.000", "16.384", "1.500", "999.999", "2.048B", NULL };
  /* not three digits a group, or mixed with another separator (“8.00” and
   * “1.0000” cannot group: they are 8 and 1, decimals) */
  const char *bad_whole[] = { "1.000.00", "1.00.000", "1.000,5", "1.000 000", "0.100", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (whole); i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      if (!ts_parse_whole (whole[i].text, &value, &error))
        g_error ("“%s” refused: %s", whole[i].text, error->message);
      g_assert_cmpfloat (value, ==, whole[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      if (!ts_parse_count (counts[i].text, &value, &error))
        g_error ("“%s” refused: %s", counts[i].text, error->message);
      ts_assert_close (value, counts[i].value, 1e-12);
    }
  for (guint i = 0; ambiguous[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      g_assert_false (ts_parse_count (ambiguous[i], &value, &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      /* quoted as typed */
      g_assert_nonnull (strstr (error->message, ambiguous[i]));
      g_assert_nonnull (strstr (error->message, "ambiguous"));
      g_clear_error (&error);
      g_assert_false (ts_parse_number (ambiguous[i], &value, &error));
      g_assert_cmpfloat (value, ==, -1);
    }
  for (guint i = 0; bad_whole[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      if (ts_parse_whole (bad_whole[i], &value, &error))
        g_error ("“%s” read as %g, but must be refused", bad_whole[i], value);
      g_assert_nonnull (strstr (error->message, bad_whole[i]));
    }
}

/* ---- class 10: the smaller ones ------------------------------------------- */

/* A config.json (llama's keys) with `extra` members added at its end. */
static gboolean
import_config (const char  *extra,
               TsModel     *model,
               GError     **error)
{
  g_autofree char *json = g_strconcat ("{\"model_type\": \"llama\", \"num_hidden_layers\": 32, \"hidden_size\": 4096, "
                                       "\"num_attention_heads\": 32, \"num_key_value_heads\": 8, "
                                       "\"intermediate_size\": 14336, \"vocab_size\": 128256", extra, "}", NULL);
  g_autoptr(JsonNode) root = ts_json_parse (json, -1, "config.json", error);

  return root != NULL && ts_hf_config_import (model, root, "config.json", NULL, error);
}

static void
test_small_ones (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();

  /* a 10 MB model_type is quoted by a short prefix, not echoed whole */
  {
    GString *json = g_string_new ("{\"model_type\": \"");
    g_autoptr(JsonNode) root = NULL;
    g_autoptr(GError) error = NULL;
    TsModel model = { 0 };

    for (guint i = 0; i < 10 * 1024 * 1024 / 8; i++)
      g_string_append (json, "xxxxxxxx");
    g_string_append (json, "\", \"num_hidden_layers\": 2}");
    root = ts_json_parse (json->str, json->len, "config.json", &error);
    g_assert_no_error (error);
    g_assert_false (ts_hf_config_import (&model, root, "config.json", NULL, &error));
    g_assert_nonnull (strstr (error->message, "xxxxxxxx…"));
    /* the message's own words and a 40-character quote: far below 1 KB */
    g_assert_cmpuint (strlen (error->message), <, 1024);
    g_string_free (json, TRUE);
  }
  /* a valid 19-digit integer (RFC 8259 numbers; int64 holds it) is read;
   * one past int64, which json-glib would wrap, stays refused */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = ts_json_parse ("{\"unused\": 9223372036854775807}", -1, "a.json", &error);

    g_assert_no_error (error);
    g_assert_cmpint (json_node_get_int (json_object_get_member (json_node_get_object (root), "unused")), ==, G_MAXINT64);
    g_clear_pointer (&root, json_node_unref);
    root = ts_json_parse ("{\"unused\": 9223372036854775808}", -1, "a.json", &error);
    g_assert_null (root);
    g_assert_nonnull (strstr (error->message, "too long"));
  }
  /* hidden_act of the wrong type is a defect, not the family's default */
  {
    g_autoptr(GError) error = NULL;
    TsModel model = { 0 };

    g_assert_false (import_config (", \"hidden_act\": 7", &model, &error));
    g_assert_error (error, TS_ERROR, TS_ERROR_MODEL_FILE);
    g_assert_nonnull (strstr (error->message, "hidden_act"));
    g_clear_error (&error);
    g_assert_true (import_config (", \"hidden_act\": \"silu\"", &model, &error));
    g_assert_no_error (error);
    ts_model_clear (&model);
  }
  /* a hub id with “..” (or “--”, huggingface_hub's validate_repo_id) is
   * not taken as a hub id */
  for (const char **id = (const char *[]) { "org/..", "org/a..b", "org/a--b", NULL }; *id != NULL; id++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *extra = g_strdup_printf (", \"_name_or_path\": \"%s\"", *id);
      TsModel model = { 0 };

      g_assert_true (import_config (extra, &model, &error));
      g_assert_no_error (error);
      g_assert_null (model.hf_id);
      ts_model_clear (&model);
    }
  {
    g_autoptr(GError) error = NULL;
    TsModel model = { 0 };

    g_assert_true (import_config (", \"_name_or_path\": \"meta-llama/Llama-3.1-8B\"", &model, &error));
    g_assert_cmpstr (model.hf_id, ==, "meta-llama/Llama-3.1-8B");
    ts_model_clear (&model);
  }
  /* a model name of blanks alone is refused, as an empty one never shows */
  {
    g_autofree char *json = g_strconcat (ARCH_MODEL, "\"name\": \"   \"}}", NULL);
    g_autofree char *fixed = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(TsScenario) s = NULL;

    /* ARCH_MODEL names the model “m”: the case replaces it */
    fixed = g_strdup (json);
    {
      char *at = strstr (fixed, "\"name\": \"m\", ");

      memmove (at, at + strlen ("\"name\": \"m\", "), strlen (at + strlen ("\"name\": \"m\", ")) + 1);
    }
    s = ts_scenario_from_string (fixed, -1, catalog, "blank.trainsizer", &error);
    g_assert_null (s);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "blanks"));
  }
  /* U+2029 (a paragraph break) in a catalog's model name: `catalog check`
   * refuses it as every command does (one list of hidden characters) */
  {
    g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "catalog.json", NULL);
    g_autofree char *text = NULL;
    g_autoptr(GString) bad = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(TsCatalog) c = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    bad = g_string_new (text);
    g_assert_cmpuint (g_string_replace (bad, "\"name\": \"Llama 3.1 70B\"", "\"name\": \"Llama\u2029 3.1 70B\"", 1), ==, 1);
    c = ts_catalog_new_from_data (bad->str, bad->len, "catalog.json", &error);
    g_assert_null (c);
    g_assert_nonnull (strstr (error->message, "U+2029"));
  }
}

/* ---- class 9: what a kill leaves ----------------------------------------- */

#define KILL_ROUNDS 24
#define KILL_FILE_BYTES (4 * 1024 * 1024)

/* Entries of dir other than `keep`; *partial counts those that are not
 * a regular file of `whole` bytes (a temporary caught while written). */
static guint
count_others (const char *dir,
              const char *keep,
              goffset     whole,
              guint      *partial)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      GStatBuf st;

      if (g_str_equal (name, keep))
        continue;
      n++;
      if (partial != NULL && (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size != whole))
        (*partial)++;
    }
  return n;
}

/* Whether this folder's file system makes files without a name
 * (open(2), O_TMPFILE): where it does, a kill leaves nothing at all. */
static gboolean
has_tmpfile (const char *dir)
{
#ifdef O_TMPFILE
  int fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
#else
  return FALSE;
#endif
}

/* The state a killed child was in, in memory the parent shares. */
typedef struct
{
  volatile gint in_write;  /* 1 while a file is being written */
  volatile gint writes;    /* completed */
} Progress;

typedef struct
{
  Progress   *progress;
  const char *text;
} SlowWriter;

/* A writer with a name of its own (as cairo's are): 64 chunks, each
 * synced, so the write lasts long enough for kills to land inside. */
static gboolean
write_slowly (const char  *tmp_path,
              gpointer     user_data,
              GError     **error)
{
  SlowWriter *w = user_data;
  gsize len = strlen (w->text), chunk = len / 64;
  int fd = open (tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  g_assert_cmpint (fd, >=, 0);
  w->progress->in_write = 1;
  for (gsize at = 0; at < len; at += chunk)
    {
      g_assert_true (ts_write_all (fd, w->text + at, MIN (chunk, len - at)));
      fdatasync (fd);
    }
  w->progress->in_write = 0;
  close (fd);
  return TRUE;
}

/* Kills a child that writes `path` again and again (through
 * ts_atomic_file_write () or, named_writer, _with ()), at a random point,
 * KILL_ROUNDS times. Each time the file must be one of the two texts whole
 * (never partial), and, where the kill landed in the middle of a write
 * (the child's shared flag says so), the count goes up: most kills must
 * land there, or the test tested nothing. Returns the entries beside the
 * file that are not a whole copy (a temporary caught while written): a
 * whole one is the anonymous file caught between its link and its
 * rename, two system calls (a loaded machine can stop a process there),
 * which the next write sweeps. */
static guint
kill_writers (const char *dir,
              const char *path,
              gboolean    named_writer,
              const char *a,
              const char *b)
{
  Progress *progress = mmap (NULL, sizeof *progress, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  guint mid_write = 0, partial = 0;

  g_assert_true (progress != MAP_FAILED);
  for (guint round = 0; round < KILL_ROUNDS; round++)
    {
      g_autofree char *back = NULL;
      int status;
      pid_t pid;

      progress->in_write = 0;
      progress->writes = 0;
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          for (guint i = 0;; i++)
            {
              const char *text = i % 2 ? b : a;
              SlowWriter w = { progress, text };

              if (named_writer)
                ts_atomic_file_write_with (path, write_slowly, &w, NULL);
              else
                {
                  progress->in_write = 1;
                  ts_atomic_file_write (path, text, strlen (text), NULL);
                  progress->in_write = 0;
                }
              progress->writes++;
            }
        }
      /* after the first write began, anywhere in the next ones */
      while (progress->in_write == 0 && progress->writes == 0)
        g_usleep (100);
      g_usleep (g_test_rand_int_range (0, 60000));
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
      mid_write += progress->in_write;

      g_assert_true (g_file_get_contents (path, &back, NULL, NULL) || progress->writes == 0);
      if (back != NULL)
        g_assert_true (g_str_equal (back, a) || g_str_equal (back, b));
    }
  g_test_message ("%s: %u of %u kills landed mid-write; %u entries beside the file",
                  named_writer ? "named writer" : "atomic writer", mid_write, KILL_ROUNDS,
                  count_others (dir, "out.txt", KILL_FILE_BYTES, &partial));
  /* a write is most of the loop: at least half the kills land in one */
  g_assert_cmpuint (mid_write, >=, KILL_ROUNDS / 2);
  munmap (progress, sizeof *progress);
  return partial;
}

/* Issue 24, class 9: before the fix a killed write never left a partial
 * destination, but the hidden temporary (a .tsXXXXXX file or folder)
 * stayed. Now a write into a file system with O_TMPFILE leaves nothing a
 * user sees at any kill; a temporary that must have a name (cairo's
 * writers, or a file system without O_TMPFILE) is swept by the next write
 * to the folder once no live writer holds its lock. */
static void
test_killed_writes (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-kill");
  g_autofree char *path = g_build_filename (dir, "out.txt", NULL);
  g_autofree char *a = g_strnfill (KILL_FILE_BYTES, 'a');
  g_autofree char *b = g_strnfill (KILL_FILE_BYTES, 'b');
  guint left;

  /* with O_TMPFILE a temporary has no name while it is written: a kill
   * leaves no partial file (before the fix every kill mid-write left a
   * partial .tsXXXXXX) */
  left = kill_writers (dir, path, FALSE, a, b);
  if (has_tmpfile (dir))
    g_assert_cmpuint (left, ==, 0);
  left = kill_writers (dir, path, TRUE, a, b);
  g_test_message ("the named writer left %u temporaries before the sweep", left);

  /* a writer's lock is free once it is dead; the sweep takes temporaries
   * a few seconds old (TEMP_STALE_SECONDS in ts-atomic-file.c) */
  g_usleep (3 * G_USEC_PER_SEC);
  g_assert_true (ts_atomic_file_write (path, "c", 1, NULL));
  g_assert_cmpuint (count_others (dir, "out.txt", 0, NULL), ==, 0);
  /* a name that only looks like a temporary, and a live writer's, stay */
  {
    g_autofree char *user = g_build_filename (dir, ".tsnotes.txt", NULL);

    g_assert_true (g_file_set_contents (user, "mine", -1, NULL));
    g_usleep (3 * G_USEC_PER_SEC);
    g_assert_true (ts_atomic_file_write (path, "d", 1, NULL));
    g_assert_true (g_file_test (user, G_FILE_TEST_EXISTS));
  }
  ts_test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  ts_test_init (&argc, &argv);
  g_test_add_func ("/hostile-inputs/wrong-type/source", test_wrong_type_source);
  g_test_add_func ("/hostile-inputs/csv/formula", test_csv_formula);
  g_test_add_func ("/hostile-inputs/numbers/dot-grouping", test_dot_grouping);
  g_test_add_func ("/hostile-inputs/small-ones", test_small_ones);
  g_test_add_func ("/hostile-inputs/files/killed-writes", test_killed_writes);
  return g_test_run ();
}
