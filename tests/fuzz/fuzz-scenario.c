/* fuzz-scenario.c — the scenario-file loader on arbitrary bytes
 *
 * A customer opens a scenario file someone e-mailed them: it loads, or it
 * is refused with a message; a scenario that loads gives a finite plan and
 * survives a save and a reload unchanged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ts-fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TsCatalog *catalog = ts_fuzz_builtin_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  g_autoptr(TsScenario) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;

  scenario = ts_scenario_from_string ((const char *) data, (gssize) size, catalog, "fuzz.json", &error);
  ts_fuzz_accepted = scenario != NULL;
  if (scenario == NULL)
    {
      ts_fuzz_check_error (error);
      return 0;
    }

  ts_fuzz_check_plan (catalog, scenario);
  /* the exports read the import's record back (issue 24, class 1: a
   * layer class of the wrong type reached json-glib's getter unchecked) */
  ts_hf_config_layer_class (&scenario->model);

  /* What we write we must read back, and it must mean the same. */
  saved = ts_scenario_to_string (scenario);
  again = ts_scenario_from_string (saved, -1, catalog, "saved.json", &error);
  if (again == NULL)
    {
      fprintf (stderr, "a loaded scenario does not reload after saving: %s\n%s\n", error->message, saved);
      abort ();
    }
  saved_again = ts_scenario_to_string (again);
  if (g_strcmp0 (saved, saved_again) != 0)
    {
      fprintf (stderr, "save → load → save changed the file:\n%s\n---\n%s\n", saved, saved_again);
      abort ();
    }
  return 0;
}
