/* ts-test-support.h — helpers shared by the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-engine.h"

G_BEGIN_DECLS

/* The start of a test program: the translations of the build tree
 * (TRAINSIZER_LOCALEDIR; the process's language from the environment),
 * then GTest. */
void        ts_test_init         (int         *argc,
                                  char      ***argv);

/* How many of a sweep's n generated cases to run: all of them, or a
 * tenth (at least one) when TS_TEST_TRIM_SWEEPS is set. build-aux/ci-extras
 * sets it under valgrind and ASan: the whole sweep runs natively, where
 * its figures are checked, and the sanitizers look for uninitialised
 * reads, bad addresses and leaks, which a tenth of the cases reach
 * through the same code at a tenth of the time. */
guint       ts_test_sweep_size   (guint        n);

/* The built-in catalog (fails the test when it does not load). */
TsCatalog  *ts_test_catalog      (void);
/* The built-in catalog with no servers: every model, no hardware. */
TsCatalog  *ts_test_catalog_without_servers (void);
/* A scenario for a catalog model id or a parameter count; catalog NULL:
 * the built-in one, loaded once for the program. */
TsScenario *ts_test_scenario     (TsCatalog  *catalog,
                                  const char *model_id,
                                  double      params,
                                  TsMethod    method);

/* The plan of a catalog model's scenario by one method on server_id (NULL:
 * every catalog server) at a count of servers (0: the least that holds
 * it); fails the test on an error. */
TsPlan     *ts_test_plan_for     (TsCatalog  *catalog,
                                  const char *model_id,
                                  TsMethod    method,
                                  const char *server_id,
                                  guint       servers);

/* A new folder for a test's files, “PREFIX-XXXXXX” in the temporary
 * folder (fails the test when it cannot be made). */
char       *ts_test_make_dir     (const char *prefix);
/* Removes dir and what a test left in it (one level): read-only files
 * too, and links themselves, never what they point at (it may be a
 * device). */
void        ts_test_remove_dir   (const char *dir);
/* The entries of dir: what a test wrote, or left behind. */
guint       ts_test_count_entries (const char *dir);
/* g_test_run () for a program whose cases share one folder (made with
 * ts_test_make_dir ()), then the folder removed and freed. */
int         ts_test_run_in_dir   (char       *dir);
/* A new temporary file holding contents; name_template as for
 * g_file_open_tmp () (“ts-model-XXXXXX.json”). */
char       *ts_test_write_temp_file (const char *name_template,
                                     const char *contents);
/* Runs trainsizer-cli with argv (NULL-terminated, without the program),
 * returns its exit status, stdout and stderr. */
int         ts_test_run_cli      (const char * const *argv,
                                  char              **out,
                                  char              **err);
/* Runs the CLI and parses its JSON output (fails the test otherwise). */
JsonNode   *ts_test_cli_json     (const char * const *argv);
/* The built-in catalog's file, as `trainsizer-cli catalog export` writes it. */
char       *ts_test_cli_catalog_export (void);
double      ts_test_json_number  (JsonNode   *root,
                                  const char *path);

/* Relative closeness: |a − b| ≤ tol · |b|. */
#define ts_assert_close(a, b, tol) \
  g_assert_cmpfloat_with_epsilon ((a), (b), (tol) * fabs ((double) (b)) + 1e-9)

G_END_DECLS
