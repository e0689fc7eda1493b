/* fuzz-catalog.c — the catalog loader on arbitrary bytes
 *
 * A presales engineer edits catalog.json by hand; whatever they save must
 * load or be refused with a message, and a catalog that loads must give a
 * finite plan for a typical scenario.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "ts-fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  TsModel model = { 0 };

  catalog = ts_catalog_new_from_data ((const char *) data, (gssize) size, "fuzz.json", &error);
  ts_fuzz_accepted = catalog != NULL;
  if (catalog == NULL)
    {
      ts_fuzz_check_error (error);
      return 0;
    }

  /* A 70B full-training scenario: every server of the catalog is tried by
   * the recommender, so every record's figures reach the arithmetic. */
  scenario = ts_scenario_new ();
  if (!ts_model_init_from_params (&model, 70e9, NULL))
    abort ();
  ts_scenario_set_model (scenario, &model);
  ts_model_clear (&model);
  ts_fuzz_check_plan (catalog, scenario);
  return 0;
}
