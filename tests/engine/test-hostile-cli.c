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

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "ts-test-support.h"

typedef struct
{
  const char *what;
  const char *argv[16];
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
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
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
      /* issue 15.4: a catalog the user names and the CLI cannot use is an
       * error, not a quiet fall back to the built-in figures */
      { "catalog with a bad section", { "estimate", "--params", "8B", "--catalog", catalog, NULL }, 1, "gpus" },
      { "catalog check of a bad file", { "catalog", "check", catalog, NULL }, 1, "gpus" },
      { "pdf from a bad scenario", { "pdf", "--scenario", deep, "--output", pdf, NULL }, 1, "nested" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
  /* a refused PDF leaves no file behind */
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));

  ts_test_remove_dir (dir);
}

/* ---- issue 15: numbers as people type them --------------------------- */

/* Each value is written as typed; the expected numbers are what the text
 * means to a reader (digit groups of three; a decimal comma where the
 * comma cannot group), worked out by hand. */
static void
test_number_forms (void)
{
  const struct { const char *text; double value; } counts[] = {
    { "1,000,000", 1e6 }, { "10 000", 10000 }, { "1'000'000", 1e6 }, { "8\u202f192", 8192 },
    { "2\u00a0048", 2048 }, { "4\u2009096", 4096 }, { "1\u2019000", 1000 }, { "12,345,678", 12345678 },
    { "1 000 000 000", 1e9 }, { "1,5", 1.5 }, { "0,125", 0.125 }, { "1000,5", 1000.5 },
    { "1 000,5", 1000.5 }, { "1,00", 1 }, { "2,0000", 2 }, { "1 000,500", 1000.5 }, { "1,000.5", 1000.5 }, { "10 B", 10e9 }, { "7,5B", 7.5e9 },
  };
  /* a comma before exactly three digits, alone: 1500 or 1.5 */
  const char *ambiguous[] = { "1,000", "1,500", "10,000", "999,999", "2,048B", NULL };
  const char *bad[] = {
    "10,00,000", "1 00", "1'0", "1,000 000", "12 34", ",000", "1,", "1 ,000",
    "1.000,5", "1.2.3", "0x10", "0x10B", "inf", "-inf", "nan", "NaN", "Infinity", "1e", "1e+",
    "5Bx", "7e9garbage", "1 000B B", "٣", "1_000", "+-1", NULL,
  };

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
      g_assert_nonnull (strstr (error->message, ambiguous[i]));
      g_clear_error (&error);
      g_assert_false (ts_parse_number (ambiguous[i], &value, &error));
      g_assert_cmpfloat (value, ==, -1);
    }
  /* a whole number cannot mean 1.5: there the comma can only group */
  {
    double value = -1;

    g_assert_true (ts_parse_whole ("1,500", &value, NULL));
    g_assert_cmpfloat (value, ==, 1500);
    g_assert_true (ts_parse_whole ("8,000", &value, NULL));
    g_assert_cmpfloat (value, ==, 8000);
    g_assert_true (ts_parse_whole ("2,048K", &value, NULL));
    g_assert_cmpfloat (value, ==, 2048e3);
    g_assert_false (ts_parse_whole ("1,5", &value, NULL));
    g_assert_false (ts_parse_whole ("2048.5", &value, NULL));
  }
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      double value = -1;

      if (ts_parse_count (bad[i], &value, &error))
        g_error ("“%s” accepted as %g", bad[i], value);
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      /* quoted as typed, not re-formatted */
      g_assert_nonnull (strstr (error->message, bad[i]));
      g_assert_false (ts_parse_whole (bad[i], &value, NULL));
    }
}

/* The same classes through the command line: exit 2, the option named,
 * the value as typed; never a silent factor of 1,000. */
static void
test_number_options (void)
{
  const CliCase cases[] = {
    { "seq-len bad groups", { "estimate", "--params", "8B", "--seq-len", "8,00", NULL }, 2, "8,00" },
    { "servers bad groups", { "estimate", "--params", "8B", "--servers", "1 0000", NULL }, 2, "1 0000" },
    { "tokens ambiguous", { "estimate", "--params", "8B", "--tokens", "10,000B", NULL }, 2, "10,000B" },
    { "deadline ambiguous", { "estimate", "--params", "8B", "--deadline-days", "1,000", NULL }, 2, "--deadline-days" },
    { "price ambiguous", { "estimate", "--params", "8B", "--price-kwh", "2,500", NULL }, 2, "2,500" },
    { "pue mixed separators", { "estimate", "--params", "8B", "--pue", "1.000,4", NULL }, 2, "1.000,4" },
    { "rack-kw apostrophe not in threes", { "estimate", "--params", "8B", "--rack-kw", "1'0", NULL }, 2, "1'0" },
    { "tokens hex", { "estimate", "--params", "8B", "--tokens", "0x10B", NULL }, 2, "0x10B" },
    { "params hex float", { "estimate", "--params", "0x1p36", NULL }, 2, "0x1p36" },
    { "voltage inf", { "estimate", "--params", "8B", "--voltage", "inf", NULL }, 2, "--voltage" },
    { "deadline nan", { "estimate", "--params", "8B", "--deadline-days", "nan", NULL }, 2, "nan" },
    { "tokens trailing garbage", { "estimate", "--params", "8B", "--tokens", "5Bx", NULL }, 2, "5Bx" },
    { "price trailing garbage", { "estimate", "--params", "8B", "--price-kwh", "7.5 RUB", NULL }, 2, "7.5 RUB" },
    { "gpus with a decimal comma", { "estimate", "--params", "8B", "--gpus", "8,5", NULL }, 2, "8,5" },
    { "width bad groups", { "draw", "--params", "8B", "--png", "x.png", "--width", "1,00", NULL }, 2, "1,00" },
    /* a choice given as a huge number: past int, a cast would be undefined
     * (found by the fuzzer with UBSan on the table-driven parser) */
    { "phases past int", { "estimate", "--params", "8B", "--phases", "3T", NULL }, 2, "3T" },
    { "zero stage past int", { "estimate", "--params", "8B", "--zero", "5e12", NULL }, 2, "5e12" },
  };
  /* out of range: quoted as typed, never as 1.01e+14 */
  const char *out_of_range[] = { "101T", "0,5", "1e15", "1 000 000 000 000 000", NULL };

  run_cli_cases (cases, G_N_ELEMENTS (cases));
  for (guint i = 0; out_of_range[i] != NULL; i++)
    {
      const char *argv[] = { "estimate", "--params", out_of_range[i], NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 2);
      g_assert_nonnull (strstr (err, out_of_range[i]));
      if (strstr (err, "e+") != NULL || strstr (err, "e-") != NULL)
        g_error ("--params %s: the message re-formats the value: %s", out_of_range[i], err);
    }
}

/* ---- issue 15: options that conflict or would be ignored ------------- */

static void
test_conflicting_options (void)
{
  const CliCase cases[] = {
    /* dp × tp × pp is the job's GPUs (docs/sizing-model.md §2) */
    { "dp against gpus", { "estimate", "--params", "8B", "--dp", "4", "--gpus", "64", NULL }, 2, "--gpus" },
    { "dp × tp against gpus", { "estimate", "--params", "8B", "--dp", "2", "--tp", "8", "--gpus", "8", NULL }, 2, "16" },
    { "gpus not a multiple of tp", { "estimate", "--params", "8B", "--gpus", "12", "--tp", "8", NULL }, 2, "--tp" },
    { "gpus below pp", { "estimate", "--params", "8B", "--gpus", "4", "--pp", "8", NULL }, 2, "--gpus" },
    { "ep above dp", { "estimate", "--params", "8B", "--gpus", "8", "--ep", "16", NULL }, 2, "--ep" },
    { "ep not dividing dp", { "estimate", "--params", "8B", "--dp", "8", "--ep", "3", NULL }, 2, "--ep" },
    /* products of degrees are formed before they overflow 32 bits */
    { "tp × pp past 32 bits", { "estimate", "--params", "8B", "--tp", "100000", "--pp", "100000", NULL }, 2, "10000000000" },
    { "dp × tp past the limit", { "estimate", "--params", "8B", "--dp", "100000", "--tp", "8", NULL }, 2, "800000" },
    { "dp × pp past the limit", { "estimate", "--params", "8B", "--dp", "50000", "--pp", "3", NULL }, 2, "150000" },
    { "tp × pp past the limit", { "estimate", "--params", "8B", "--tp", "400", "--pp", "300", NULL }, 2, "120000" },
    /* options the command does not read */
    { "estimate --output", { "estimate", "--params", "8B", "--output", "x.pdf", NULL }, 2, "--output" },
    { "estimate --png", { "estimate", "--params", "8B", "--png", "x.png", NULL }, 2, "--png" },
    { "estimate --width", { "estimate", "--params", "8B", "--width", "100", NULL }, 2, "--width" },
    { "pdf --format", { "pdf", "--params", "8B", "--output", "x.pdf", "--format", "json", NULL }, 2, "--format" },
    { "pdf --svg", { "pdf", "--params", "8B", "--output", "x.pdf", "--svg", "x.svg", NULL }, 2, "--svg" },
    { "draw -o", { "draw", "--params", "8B", "--png", "x.png", "-o", "x.pdf", NULL }, 2, "-o" },
    { "draw --format", { "draw", "--params", "8B", "--png", "x.png", "--format", "text", NULL }, 2, "--format" },
    { "list --scenario", { "list", "models", "--scenario", "s.json", NULL }, 2, "--scenario" },
    { "list --drawing", { "list", "gpus", "--drawing", "rack", NULL }, 2, "--drawing" },
    { "catalog export --catalog", { "catalog", "export", "--catalog", "my.json", NULL }, 2, "--catalog" },
    { "catalog check --format", { "catalog", "check", "my.json", "--format", "json", NULL }, 2, "--format" },
    { "catalog check --catalog", { "catalog", "check", "my.json", "--catalog", "other.json", NULL }, 2, "--catalog" },
    { "version with arguments", { "--version", "--format", "json", NULL }, 2, "--format" },
    /* given twice, the first would be ignored */
    { "png twice", { "draw", "--params", "8B", "--png", "a.png", "--png", "b.png", NULL }, 2, "--png" },
    { "output and -o", { "pdf", "--params", "8B", "-o", "a.pdf", "--output", "b.pdf", NULL }, 2, "--output" },
    { "seq-len twice", { "estimate", "--params", "8B", "--seq-len", "1", "--seq-len", "2", NULL }, 2, "--seq-len" },
    { "model and params", { "estimate", "--model", "llama-3.1-8b", "--params", "8B", NULL }, 2, "--params" },
    { "params and model-file", { "estimate", "--params", "8B", "--model-file", "m.json", NULL }, 2, "--model-file" },
    /* options of a method that is not in use */
    { "lora-rank with full", { "estimate", "--params", "8B", "--lora-rank", "8", NULL }, 2, "--lora-rank" },
    { "lora-targets with full", { "estimate", "--params", "8B", "--method", "full", "--lora-targets", "qv", NULL }, 2, "--lora-targets" },
    { "double-quant with lora", { "estimate", "--params", "8B", "--method", "lora", "--double-quant", "off", NULL }, 2, "--double-quant" },
    { "paged-optimizer with full", { "estimate", "--params", "8B", "--paged-optimizer", "on", NULL }, 2, "--paged-optimizer" },
    { "ep with a dense model", { "estimate", "--model", "llama-3.1-70b", "--ep", "4", NULL }, 2, "--ep" },
    /* a drawing's size */
    { "width 32767", { "draw", "--params", "8B", "--png", "x.png", "--width", "32767", NULL }, 2, "8192" },
    { "height 8193", { "draw", "--params", "8B", "--svg", "x.svg", "--height", "8193", NULL }, 2, "--height" },
    { "8192 × 8192 pixels", { "draw", "--params", "8B", "--png", "x.png", "--width", "8192", "--height", "8192", NULL }, 2, "33554432" },
  };

  run_cli_cases (cases, G_N_ELEMENTS (cases));
}

/* draw --png f --svg f, and an output that is an input */
static void
test_same_file_twice (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *f = g_build_filename (dir, "f", NULL);
  g_autofree char *dot_f = g_build_filename (dir, ".", "f", NULL);
  g_autofree char *scenario = g_build_filename (dir, "plan.json", NULL);
  g_autofree char *link = g_build_filename (dir, "link.json", NULL);

  g_assert_true (g_file_set_contents (scenario, "{\"schema_version\": 1, \"model\": {\"params\": 8e9}}", -1, NULL));
  g_assert_cmpint (symlink ("plan.json", link), ==, 0);
  {
    const CliCase cases[] = {
      { "png and svg the same", { "draw", "--params", "8B", "--png", f, "--svg", f, NULL }, 2, "--svg" },
      { "png and svg the same, spelt apart", { "draw", "--params", "8B", "--png", f, "--svg", dot_f, NULL }, 2, "--svg" },
      { "pdf over its scenario", { "pdf", "--scenario", scenario, "--output", scenario, NULL }, 2, "--scenario" },
      { "drawing over its scenario through a link", { "draw", "--scenario", scenario, "--png", link, NULL }, 2, "--scenario" },
      { "pdf over its model file", { "pdf", "--model-file", scenario, "--output", scenario, NULL }, 2, "--model-file" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
  g_assert_false (g_file_test (f, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (ts_test_count_entries (dir), ==, 2);
  ts_test_remove_dir (dir);
}

/* `catalog check --help` and the other commands' --help print that
 * command's help: its usage line and only the options it reads. */
static void
test_command_help (void)
{
  const struct { const char *argv[5]; const char *has; const char *lacks; } cases[] = {
    { { "catalog", "check", "--help", NULL }, "catalog check FILE", "--seq-len" },
    { { "catalog", "export", "--help", NULL }, "catalog export", "--png" },
    { { "catalog", "--help", NULL }, "catalog check FILE", "--output" },
    { { "list", "--help", NULL }, "list models", "--seq-len" },
    { { "list", "servers", "--help", NULL }, "list models", "--drawing" },
    { { "estimate", "--help", NULL }, "--seq-len", "--width" },
    { { "pdf", "--params", "8B", "--help", NULL }, "--output FILE", "--width" },
    { { "draw", "--help", NULL }, "--width", "trainsizer-cli catalog" },
    { { "help", "draw", NULL }, "--height", "trainsizer-cli list" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (ts_test_run_cli (cases[i].argv, &out, &err), ==, 0);
      if (strstr (out, cases[i].has) == NULL || strstr (out, cases[i].lacks) != NULL)
        g_error ("help of %s %s: “%s” should be there and “%s” not:\n%s", cases[i].argv[0],
                 cases[i].argv[1], cases[i].has, cases[i].lacks, out);
    }
}

/* The height in a PNG's header (IHDR: bytes 20–23, big-endian). */
static guint32
png_height (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  return (guint32) (guchar) data[20] << 24 | (guint32) (guchar) data[21] << 16
         | (guint32) (guchar) data[22] << 8 | (guchar) data[23];
}

/* A drawing's own height is bounded: 2000 DGX H100 (10.2 kW each; three
 * would pass the default 30 kW a rack) fill 1000 identical racks of two,
 * which the elevation draws once with “× N” — its own height stays inside
 * the 8192-pixel limit. A height asked past the limit is refused, and
 * nothing is written. */
static void
test_drawing_own_height (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *png = g_build_filename (dir, "rack.png", NULL);
  const CliCase refused[] = {
    { "the same rack 9000 pixels high", { "draw", "--params", "8B", "--server", "dgx-h100", "--servers",
      "2000", "--drawing", "rack", "--png", png, "--height", "9000", NULL }, 2, "--height" },
  };
  const CliCase own_height[] = {
    { "rack of 2000 servers at its own height", { "draw", "--params", "8B", "--server", "dgx-h100", "--servers",
      "2000", "--drawing", "rack", "--png", png, NULL }, 0, "" },
  };

  run_cli_cases (refused, G_N_ELEMENTS (refused));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  run_cli_cases (own_height, G_N_ELEMENTS (own_height));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (png_height (png), <=, 8192);
  ts_test_remove_dir (dir);
}

/* ---- issue 15: a named catalog that cannot be read ------------------- */

static void
test_unreadable_catalog (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *truncated = g_build_filename (dir, "truncated.json", NULL);
  g_autofree char *binary = g_build_filename (dir, "binary.json", NULL);
  g_autofree char *invalid = g_build_filename (dir, "invalid.json", NULL);
  g_autofree char *pdf = g_build_filename (dir, "out.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "out.png", NULL);
  g_autofree char *whole = ts_test_cli_catalog_export ();
  const char binary_bytes[] = { 0x7f, 'E', 'L', 'F', 0, 1, 2, (char) 0xff, '{', 0 };
  const char *catalogs[] = { missing, truncated, binary, invalid };

  /* the built-in catalog cut in the middle of its records */
  g_assert_true (g_file_set_contents (truncated, whole, strlen (whole) / 2, NULL));
  g_assert_true (g_file_set_contents (binary, binary_bytes, sizeof binary_bytes, NULL));
  g_assert_true (g_file_set_contents (invalid, "{\"schema_version\": 1, \"servers\": \"none\"}", -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (catalogs); i++)
    {
      g_autofree char *name = g_path_get_basename (catalogs[i]);
      const CliCase cases[] = {
        { "estimate", { "estimate", "--params", "8B", "--catalog", catalogs[i], NULL }, 1, name },
        { "estimate json", { "estimate", "--params", "8B", "--catalog", catalogs[i], "--format", "json", NULL }, 1, name },
        { "list", { "list", "servers", "--catalog", catalogs[i], NULL }, 1, name },
        { "pdf", { "pdf", "--params", "8B", "--catalog", catalogs[i], "--output", pdf, NULL }, 1, name },
        { "draw", { "draw", "--params", "8B", "--catalog", catalogs[i], "--png", png, NULL }, 1, name },
      };

      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        {
          g_autofree char *out = NULL;
          g_autofree char *e = NULL;

          run_cli_cases (&cases[j], 1);
          ts_test_run_cli (cases[j].argv, &out, &e);
          g_assert_cmpstr (out, ==, "");  /* no spec sheet from the built-in catalog */
        }
      g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
    }
  g_assert_cmpuint (ts_test_count_entries (dir), ==, 3);
  ts_test_remove_dir (dir);
}

/* ---- issue 15: stdout that cannot be written ------------------------- */

static int
run_cli_to_full_disk (const char * const *argv,
                      char              **err)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (args, (gpointer) g_getenv ("TRAINSIZER_CLI"));
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) argv[i]);
  g_ptr_array_add (args, NULL);
  /* /dev/full: every write fails with ENOSPC, as on a full disk */
  g_subprocess_launcher_set_stdout_file_path (launcher, "/dev/full");
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) args->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, err, &error);
  g_assert_no_error (error);
  return g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
}

static void
test_stdout_full (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *catalog = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *whole = ts_test_cli_catalog_export ();

  g_assert_true (g_file_set_contents (catalog, whole, -1, NULL));
  {
    const char *const commands[][8] = {
      { "--help", NULL }, { "--version", NULL }, { "help", "estimate", NULL },
      { "estimate", "--params", "8B", NULL }, { "estimate", "--params", "70B", "--format", "json", NULL },
      { "list", "models", NULL }, { "list", "servers", "--format", "json", NULL }, { "list", "gpus", NULL },
      { "catalog", "export", NULL }, { "catalog", "check", catalog, NULL },
      { "export", "--format", "deepspeed", "--params", "8B", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      {
        g_autofree char *err = NULL;
        int status = run_cli_to_full_disk (commands[i], &err);

        if (status != 1 || strstr (err, g_strerror (ENOSPC)) == NULL)
          g_error ("%s %s > /dev/full: exit %d, stderr “%s”", commands[i][0], commands[i][1] ? commands[i][1] : "",
                   status, err);
      }
  }
  ts_test_remove_dir (dir);
}

/* ---- issue 15: where outputs may be written -------------------------- */

/* A character device to be written by mistake. Not /dev/null itself when
 * running as root: there a CLI that wrongly renamed over its target (the
 * bug these tests catch) would replace the system's /dev/null with a
 * file, so root gets a private node (the same device, 1:3) in the test's
 * folder. NULL when root cannot make one (a container without mknod):
 * the FIFO cases still cover the class then. */
static char *
make_device_node (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "device", NULL);

  if (geteuid () != 0)
    return g_strdup ("/dev/null");  /* a rename in /dev fails: harmless */
  if (mknod (path, S_IFCHR | 0666, makedev (1, 3)) == 0)
    return g_steal_pointer (&path);
  g_test_message ("no private device node (mknod: %s): device cases left out", g_strerror (errno));
  return NULL;
}

static gboolean
is_char_device (const char *path)
{
  GStatBuf st;

  return g_lstat (path, &st) == 0 && S_ISCHR (st.st_mode);
}

static void
test_special_outputs (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *device = make_device_node (dir);
  g_autofree char *fifo = g_build_filename (dir, "fifo.pdf", NULL);
  g_autofree char *fifo_link = g_build_filename (dir, "fifo-link.png", NULL);
  g_autofree char *device_link = g_build_filename (dir, "device-link.pdf", NULL);
  g_autofree char *read_only = g_build_filename (dir, "read-only.pdf", NULL);
  g_autofree char *read_only_svg = g_build_filename (dir, "read-only.svg", NULL);
  g_autofree char *contents = NULL;
  guint n_entries = 4;  /* the FIFO, its link, the two read-only files */

  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  g_assert_cmpint (symlink ("fifo.pdf", fifo_link), ==, 0);
  g_assert_true (g_file_set_contents (read_only, "keep me", -1, NULL));
  g_assert_cmpint (g_chmod (read_only, 0444), ==, 0);
  g_assert_true (g_file_set_contents (read_only_svg, "keep me", -1, NULL));
  g_assert_cmpint (g_chmod (read_only_svg, 0444), ==, 0);
  {
    const CliCase cases[] = {
      { "pdf to a FIFO", { "pdf", "--params", "8B", "--output", fifo, NULL }, 1, "regular file" },
      { "png to a link to a FIFO", { "draw", "--params", "8B", "--png", fifo_link, NULL }, 1, "regular file" },
      { "pdf to a folder", { "pdf", "--params", "8B", "--output", dir, NULL }, 1, "folder" },
      { "pdf over a read-only file", { "pdf", "--params", "8B", "--output", read_only, NULL }, 1, "read-only" },
      { "svg to a folder", { "draw", "--params", "8B", "--svg", dir, NULL }, 1, "folder" },
      { "svg over a read-only file", { "draw", "--params", "8B", "--svg", read_only_svg, NULL }, 1, "read-only" },
      { "pdf into a missing folder", { "pdf", "--params", "8B", "--output", "/nonexistent-ts/x.pdf", NULL }, 1, "x.pdf" },
      { "export to a FIFO", { "export", "--format", "deepspeed", "--params", "8B", "--output", fifo, NULL }, 1, "regular file" },
      { "export over a read-only file", { "export", "--format", "axolotl", "--params", "8B", "-o", read_only, NULL }, 1, "read-only" },
      { "export into a missing folder", { "export", "--format", "deepspeed", "--params", "8B", "--output", "/nonexistent-ts/x.json", NULL }, 1, "“/nonexistent-ts/x.json”" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
  if (device != NULL)
    {
      /* a terminal is a character device too: the link stands for
       * `--output` naming /dev/tty through a link */
      g_assert_cmpint (symlink (device, device_link), ==, 0);
      {
        const CliCase cases[] = {
          { "pdf to a device", { "pdf", "--params", "8B", "--output", device, NULL }, 1, "regular file" },
          { "png to a device", { "draw", "--params", "8B", "--png", device, NULL }, 1, "regular file" },
          { "pdf to a link to a device", { "pdf", "--params", "8B", "--output", device_link, NULL }, 1, "regular file" },
          { "svg to a link to a device", { "draw", "--params", "8B", "--svg", device_link, NULL }, 1, "regular file" },
        };

        run_cli_cases (cases, G_N_ELEMENTS (cases));
      }
      g_assert_true (is_char_device (device));
      g_assert_true (g_file_test (device_link, G_FILE_TEST_IS_SYMLINK));
      n_entries += g_str_has_prefix (device, dir) ? 2 : 1;
    }
  /* the special files are still what they were, and nothing was added */
  g_assert_true (g_file_get_contents (read_only, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "keep me");
  g_assert_true (g_file_test (fifo, G_FILE_TEST_EXISTS) && !g_file_test (fifo, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (fifo_link, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpuint (ts_test_count_entries (dir), ==, n_entries);
  ts_test_remove_dir (dir);
}

/* A name of 250 bytes (NAME_MAX is 255) is written: the temporary file's
 * name must not be the target's name plus a suffix. A link to a regular
 * file is written through and stays a link. */
static void
test_long_names_and_links (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *stem = g_strnfill (246, 'n');
  g_autofree char *pdf_name = g_strconcat (stem, ".pdf", NULL);
  g_autofree char *png_name = g_strconcat (stem, ".png", NULL);
  g_autofree char *svg_name = g_strconcat (stem, ".svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, pdf_name, NULL);
  g_autofree char *png = g_build_filename (dir, png_name, NULL);
  g_autofree char *svg = g_build_filename (dir, svg_name, NULL);
  g_autofree char *real = g_build_filename (dir, "real.pdf", NULL);
  g_autofree char *link = g_build_filename (dir, "link.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  GStatBuf st;

  g_assert_cmpuint (strlen (pdf_name), ==, 250);
  {
    const CliCase cases[] = {
      { "pdf with a 250-byte name", { "pdf", "--params", "8B", "--output", pdf, NULL }, 0, "" },
      { "png and svg with 250-byte names", { "draw", "--params", "8B", "--png", png, "--svg", svg, NULL }, 0, "" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  g_assert_true (length > 8 && memcmp (contents, "\x89PNG\r\n\x1a\n", 8) == 0);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_test (svg, G_FILE_TEST_IS_REGULAR));

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (g_chmod (real, 0640), ==, 0);
  g_assert_cmpint (symlink ("real.pdf", link), ==, 0);
  {
    const CliCase cases[] = {
      { "pdf through a link", { "pdf", "--params", "8B", "--output", link, NULL }, 0, "" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  /* the file replaced keeps its permissions */
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  /* no temporary file or folder left: 3 outputs, the file and its link */
  g_assert_cmpuint (ts_test_count_entries (dir), ==, 5);
  ts_test_remove_dir (dir);
}

/* ts_atomic_file_write () itself, as the scenario save uses it. */
static void
test_atomic_writer (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *stem = g_strnfill (250, 's');
  g_autofree char *long_path = g_build_filename (dir, stem, NULL);
  g_autofree char *read_only = g_build_filename (dir, "read-only.json", NULL);
  g_autofree char *device = make_device_node (dir);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (ts_atomic_file_write (long_path, "{}", 2, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (long_path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "{}");

  g_assert_true (g_file_set_contents (read_only, "keep", -1, NULL));
  g_assert_cmpint (g_chmod (read_only, 0444), ==, 0);
  g_assert_false (ts_atomic_file_write (read_only, "x", 1, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_clear_error (&error);
  if (device != NULL)
    {
      g_assert_false (ts_atomic_file_write (device, "x", 1, &error));
      g_assert_error (error, TS_ERROR, TS_ERROR_IO);
      g_assert_true (is_char_device (device));
      g_clear_error (&error);
    }
  g_assert_false (ts_atomic_file_write (dir, "x", 1, &error));
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_assert_cmpuint (ts_test_count_entries (dir), ==, device != NULL && g_str_has_prefix (device, dir) ? 3 : 2);
  ts_test_remove_dir (dir);
}

/* ---- issue 15: strings from files on the terminal --------------------- */

#define HOSTILE_MODEL_NAME "Evil \x1b[31mRED\x1b]0;title\x07 \u202egnp.exe"
#define HOSTILE_SERVER_NAME "DGX \x1b[2J\u2066x\u2069\u2028y\x7f\xc2\x9b"

static gboolean
has_raw_control (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\n') || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e)
          || (c >= 0x2066 && c <= 0x2069) || c == 0x2028)
        return TRUE;
    }
  return FALSE;
}

static char *
write_hostile_catalog (const char *dir)
{
  g_autofree char *whole = ts_test_cli_catalog_export ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  char *path = g_build_filename (dir, "hostile.json", NULL);
  JsonObject *root;
  JsonArray *models, *servers;

  g_assert_true (json_parser_load_from_data (parser, whole, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  models = json_object_get_array_member (root, "models");
  servers = json_object_get_array_member (root, "servers");
  for (guint i = 0; i < json_array_get_length (models); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (models, i), "id"), "llama-3.1-8b"))
      json_object_set_string_member (json_array_get_object_element (models, i), "name", HOSTILE_MODEL_NAME);
  for (guint i = 0; i < json_array_get_length (servers); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (servers, i), "id"), "dgx-h200"))
      json_object_set_string_member (json_array_get_object_element (servers, i), "name", HOSTILE_SERVER_NAME);
  json_generator_set_root (generator, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (generator, path, NULL));
  return path;
}

static void
test_terminal_escapes (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-cli");
  g_autofree char *catalog = write_hostile_catalog (dir);
  const char *const text[] = { "estimate", "--catalog", catalog, "--model", "llama-3.1-8b", "--server", "dgx-h200",
                               "--servers", "2", NULL };
  const char *const json[] = { "estimate", "--catalog", catalog, "--model", "llama-3.1-8b", "--server", "dgx-h200",
                               "--servers", "2", "--format", "json", NULL };
  const char *const list[] = { "list", "servers", "--catalog", catalog, NULL };
  const char *const list_json[] = { "list", "models", "--catalog", catalog, "--format", "json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  /* The catalog loader refuses hidden controls and direction marks in
   * names (issue 15.13), so every command refuses the file, exit 1, and
   * neither its output nor its message carries a raw control character
   * to the terminal. */
  {
    const char *const *commands[] = { text, json, list, list_json };

    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      {
        g_assert_cmpint (ts_test_run_cli (commands[i], &out, &err), ==, 1);
        g_assert_cmpstr (out, ==, "");
        g_assert_false (has_raw_control (err));
        g_assert_nonnull (strstr (err, "hostile.json"));
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
      }
  }
  ts_test_remove_dir (dir);

  /* the currency is typed, not read from a file: refused, not escaped */
  {
    const CliCase cases[] = {
    { "currency with ESC", { "estimate", "--params", "8B", "--currency", "\x1b[2J", NULL }, 2, "--currency" },
    { "currency with U+202E", { "estimate", "--params", "8B", "--currency", "\u202eBUR", NULL }, 2, "--currency" },
    { "currency with a no-break space", { "estimate", "--params", "8B", "--currency", "R\u00a0B", NULL }, 2, "--currency" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
}

/* A deadline no number of servers meets: said in words, never the
 * 4294967295 the engine used for it. 1e15 tokens of an 8B model in a
 * millionth of a day need about 6 × 8e9 × 1e15 / 0.0864 s ≈ 5.6e29
 * FLOP/s, some 1e14 DGX H100 at ~8e15 FLOP/s each: past any count. */
static void
test_unreachable_deadline (void)
{
  const char *const argv[] = { "estimate", "--params", "8B", "--tokens", "1e15", "--deadline-days", "0.000001",
                               "--server", "dgx-h100", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 0);
  g_assert_null (strstr (out, "4294967295"));
  g_assert_null (strstr (out, "4,294,967,295"));
  g_assert_nonnull (strstr (out, "cannot be met with this server"));
}

/* ---- issue 24: the logo as an input like any other ------------------- */

#define LOGO_SVG "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>"

/* A user catalog naming `logo` (beside it) as the vendor's logo. */
static char *
catalog_with_logo (const char *dir,
                   const char *logo)
{
  g_autofree char *json = g_strdup_printf ("{\"schema_version\": 1, \"catalog_version\": \"logo-1\", "
                                           "\"vendor\": {\"name\": \"Logo Systems\", "
                                           "\"quote_email\": \"quote@logo.test\", \"logo\": \"%s\"}}", logo);
  char *path = g_build_filename (dir, "vendor.json", NULL);

  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  return path;
}

/* Class 2: the logo is opened by the rule every input file follows
 * (ts_local_file_read ()): a FIFO hung `pdf` forever (no writer ever
 * comes), a link to /dev/zero or /dev/urandom read without end. Each is
 * refused at once, exit 1, the logo named, no sheet written. */
static void
test_logo_special_files (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-logo");
  g_autofree char *fifo = g_build_filename (dir, "fifo.svg", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.svg", NULL);
  g_autofree char *urandom = g_build_filename (dir, "urandom.png", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  const char *logos[] = { "fifo.svg", "zero.svg", "urandom.png", "folder.svg" };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_cmpint (symlink ("/dev/urandom", urandom), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (logos); i++)
    {
      g_autofree char *catalog = catalog_with_logo (dir, logos[i]);
      const char *argv[] = { "pdf", "--catalog", catalog, "--model", "llama-3.1-8b", "--output", pdf, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      gint64 start = g_get_monotonic_time ();
      int status = ts_test_run_cli (argv, &out, &err);

      if (status != 1 || strstr (err, logos[i]) == NULL || strstr (err, "not a regular file") == NULL)
        g_error ("logo %s: exit %d, stderr “%s”", logos[i], status, err);
      /* refused before reading: no read of a device, no wait on a FIFO */
      g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
      g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
    }
  ts_test_remove_dir (dir);
}

/* Class 8: no output replaces a file the command read; the logo the
 * catalog names is read by `pdf` (and named by the catalog every command
 * loads). Before the fix `pdf --output LOGO` replaced the logo with the
 * sheet. A usage error (2), as for --output naming --scenario; the logo
 * stays byte for byte, also when the output names it through a link. */
static void
test_output_over_logo (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-logo-out");
  g_autofree char *logo = g_build_filename (dir, "logo.svg", NULL);
  g_autofree char *link = g_build_filename (dir, "link.svg", NULL);
  g_autofree char *catalog = NULL;

  g_assert_true (g_file_set_contents (logo, LOGO_SVG, -1, NULL));
  g_assert_cmpint (symlink ("logo.svg", link), ==, 0);
  catalog = catalog_with_logo (dir, "logo.svg");
  {
    const CliCase cases[] = {
      { "pdf over the logo", { "pdf", "--catalog", catalog, "--model", "llama-3.1-8b", "--output", logo, NULL },
        2, "logo" },
      { "pdf over a link to the logo", { "pdf", "--catalog", catalog, "--model", "llama-3.1-8b", "--output", link, NULL },
        2, "logo" },
      { "draw --png over the logo", { "draw", "--catalog", catalog, "--model", "llama-3.1-8b", "--png", logo, NULL },
        2, "logo" },
      { "draw --svg over the logo", { "draw", "--catalog", catalog, "--model", "llama-3.1-8b", "--svg", logo, NULL },
        2, "logo" },
    };

    run_cli_cases (cases, G_N_ELEMENTS (cases));
  }
  {
    g_autofree char *back = NULL;

    g_assert_true (g_file_get_contents (logo, &back, NULL, NULL));
    g_assert_cmpstr (back, ==, LOGO_SVG);
  }
  /* the same catalog writes a sheet elsewhere: the logo itself is good */
  {
    g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
    const char *argv[] = { "pdf", "--catalog", catalog, "--model", "llama-3.1-8b", "--output", pdf, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    if (ts_test_run_cli (argv, &out, &err) != 0)
      g_error ("a good logo: %s", err);
    g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  }
  ts_test_remove_dir (dir);
}

/* Class 10: a user catalog that changes a GPU's tdp_w changed no figure
 * and said nothing. The sizing takes a server's power from its
 * max_power_kw (GPUs, CPUs, fans and losses together), so tdp_w is kept
 * for reference: `catalog check` now says so, naming the field and the
 * figure that is used instead. The record is the built-in H100's, tdp_w
 * changed. */
static void
test_unused_field_named (void)
{
  g_autofree char *dir = ts_test_make_dir ("ts-hostile-tdp");
  g_autofree char *builtin = g_test_build_filename (G_TEST_DIST, "..", "data", "catalog.json", NULL);
  g_autofree char *user = g_build_filename (dir, "tdp.json", NULL);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) overlay = NULL;
  g_autofree char *text = NULL;
  JsonObject *gpu;

  {
    g_autofree char *data = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (g_file_get_contents (builtin, &data, NULL, NULL));
    root = ts_json_parse (data, -1, builtin, &error);
    g_assert_no_error (error);
  }
  gpu = json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "gpus"), 0);
  json_object_set_double_member (gpu, "tdp_w", 1);
  json_builder_begin_object (b);
  ts_json_add_int (b, "schema_version", 1);
  ts_json_add_string (b, "catalog_version", "tdp-1");
  json_builder_set_member_name (b, "gpus");
  json_builder_begin_array (b);
  json_builder_add_value (b, json_node_copy (json_array_get_element (json_object_get_array_member (json_node_get_object (root), "gpus"), 0)));
  json_builder_end_array (b);
  json_builder_end_object (b);
  overlay = json_builder_get_root (b);
  text = json_to_string (overlay, TRUE);
  g_assert_true (g_file_set_contents (user, text, -1, NULL));
  {
    const char *argv[] = { "catalog", "check", user, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "valid"));
    g_assert_nonnull (strstr (out, "“tdp_w” of 1 GPU is kept for reference only"));
    g_assert_nonnull (strstr (out, "max_power_kw"));
  }
  ts_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/cli/options", test_options);
  g_test_add_func ("/hostile/cli/files", test_files);
  g_test_add_func ("/hostile/cli/number-forms", test_number_forms);
  g_test_add_func ("/hostile/cli/number-options", test_number_options);
  g_test_add_func ("/hostile/cli/conflicting-options", test_conflicting_options);
  g_test_add_func ("/hostile/cli/same-file-twice", test_same_file_twice);
  g_test_add_func ("/hostile/cli/command-help", test_command_help);
  g_test_add_func ("/hostile/cli/drawing-own-height", test_drawing_own_height);
  g_test_add_func ("/hostile/cli/unreadable-catalog", test_unreadable_catalog);
  g_test_add_func ("/hostile/cli/stdout-full", test_stdout_full);
  g_test_add_func ("/hostile/cli/special-outputs", test_special_outputs);
  g_test_add_func ("/hostile/cli/long-names-and-links", test_long_names_and_links);
  g_test_add_func ("/hostile/cli/atomic-writer", test_atomic_writer);
  g_test_add_func ("/hostile/cli/terminal-escapes", test_terminal_escapes);
  g_test_add_func ("/hostile/cli/unreachable-deadline", test_unreachable_deadline);
  g_test_add_func ("/hostile/cli/logo-special-files", test_logo_special_files);
  g_test_add_func ("/hostile/cli/output-over-logo", test_output_over_logo);
  g_test_add_func ("/hostile/cli/unused-field-named", test_unused_field_named);
  return g_test_run ();
}
