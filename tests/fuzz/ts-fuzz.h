/* ts-fuzz.h — what every fuzz target shares
 *
 * Each target defines LLVMFuzzerTestOneInput (). Built with clang and
 * -Dfuzzing=true it links against libFuzzer; otherwise fuzz-main.c gives it
 * a main () that replays files, so the seed corpus runs as an ordinary test
 * and any crash libFuzzer finds can be reproduced with gcc and a debugger.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

#include "ts-engine.h"

G_BEGIN_DECLS

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* Set by the target on every input: TRUE when the loader accepted it. The
 * replayer checks it against the corpus file's name (valid-* must be
 * accepted, bad-* refused), so the seed corpus also tests the verdicts. */
extern gboolean ts_fuzz_accepted;

/* The built-in catalog, loaded once per process. */
TsCatalog *ts_fuzz_builtin_catalog (void);

/* Checks the invariants of a refused input: an error in TS_ERROR with a
 * non-empty, valid UTF-8 message. Aborts otherwise, which the fuzzer
 * reports as a crash. */
void       ts_fuzz_check_error     (const GError *error);

/* Computes a plan for an accepted scenario and aborts if any figure a user
 * would see is not finite or negative. */
void       ts_fuzz_check_plan      (TsCatalog    *catalog,
                                    TsScenario   *scenario);

G_END_DECLS
