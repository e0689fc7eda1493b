/* ts-test-support.h — helpers shared by the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-engine.h"

G_BEGIN_DECLS

/* The built-in catalog (fails the test when it does not load). */
TsCatalog  *ts_test_catalog      (void);
/* A scenario for a catalog model id or a parameter count. */
TsScenario *ts_test_scenario     (TsCatalog  *catalog,
                                  const char *model_id,
                                  double      params,
                                  TsMethod    method);
/* Runs trainsizer-cli with argv (NULL-terminated, without the program),
 * returns its exit status, stdout and stderr. */
int         ts_test_run_cli      (const char * const *argv,
                                  char              **out,
                                  char              **err);
/* Runs the CLI and parses its JSON output (fails the test otherwise). */
JsonNode   *ts_test_cli_json     (const char * const *argv);
double      ts_test_json_number  (JsonNode   *root,
                                  const char *path);

/* Relative closeness: |a − b| ≤ tol · |b|. */
#define ts_assert_close(a, b, tol) \
  g_assert_cmpfloat_with_epsilon ((a), (b), (tol) * fabs ((double) (b)) + 1e-9)

G_END_DECLS
