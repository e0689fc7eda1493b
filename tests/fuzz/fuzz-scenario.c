/* fuzz-scenario.c — the scenario-file loader on arbitrary bytes
 *
 * A customer opens a scenario file someone e-mailed them: it loads, or it
 * is refused with a message; a scenario that loads gives a finite plan,
 * survives a save and a reload unchanged, and every training configuration
 * it exports is written or refused with a message, never carrying a raw
 * control or line-break character that would end a comment or a value
 * (issue 24, class 3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ts-fuzz.h"

/* Whether the text holds a character that ends a YAML comment or value
 * where none is written: a control other than the newlines the writer
 * puts, NEL, LS or PS. */
static gboolean
has_raw_break (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\n') || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029)
        return TRUE;
    }
  return FALSE;
}

static void
check_exports (TsCatalog  *catalog,
               TsScenario *scenario)
{
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, scenario, NULL);

  if (plan == NULL)
    return;
  for (guint f = 0; f < TS_N_EXPORT_FORMATS; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = ts_export_plan (plan, f, &error);

      if (text == NULL)
        {
          ts_fuzz_check_error (error);
          continue;
        }
      if (!g_utf8_validate (text, -1, NULL) || has_raw_break (text))
        {
          fprintf (stderr, "an exported %s file carries a raw control or line break:\n%s\n",
                   ts_export_format_to_string (f), text);
          abort ();
        }
    }
}

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
  check_exports (catalog, scenario);
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
