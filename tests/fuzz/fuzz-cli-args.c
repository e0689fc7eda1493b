/* fuzz-cli-args.c — the CLI's argument parser on arbitrary command lines
 *
 * The input is split at newlines into argv (after the program name), parsed
 * and applied to a scenario with the built-in catalog, as trainsizer-cli
 * does; a command line that is accepted must give a finite plan.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "ts-cli-args.h"
#include "ts-fuzz.h"

/* A shell passes at most a few thousand arguments; more only slows the
 * fuzzer down without reaching new code. */
#define MAX_ARGS 256

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TsCatalog *catalog = ts_fuzz_builtin_catalog ();
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  TsCliArgs args;

  /* A command line cannot hold a NUL byte: g_strndup stops at the first,
   * as the kernel would. */
  lines = g_strsplit (text, "\n", MAX_ARGS);
  g_ptr_array_add (argv, (gpointer) "trainsizer-cli");
  for (guint i = 0; lines[i] != NULL; i++)
    g_ptr_array_add (argv, lines[i]);
  g_ptr_array_add (argv, NULL);

  ts_cli_args_init (&args);
  ts_fuzz_accepted = ts_cli_args_parse (&args, (int) argv->len - 1, (char **) argv->pdata, &error);
  if (!ts_fuzz_accepted)
    {
      ts_fuzz_check_error (error);
      ts_cli_args_clear (&args);
      return 0;
    }

  /* trainsizer-cli applies scenario options only for the commands that
   * compute a plan, on top of the --scenario file if one is named (the
   * fuzzer cannot name a real one, so that case stops here). */
  if ((args.command != TS_CLI_COMMAND_ESTIMATE && args.command != TS_CLI_COMMAND_PDF
       && args.command != TS_CLI_COMMAND_DRAW && args.command != TS_CLI_COMMAND_EXPORT)
      || args.scenario_path != NULL)
    {
      ts_cli_args_clear (&args);
      return 0;
    }

  scenario = ts_scenario_new ();
  ts_fuzz_accepted = ts_cli_args_apply (&args, catalog, scenario, &error);
  if (!ts_fuzz_accepted)
    ts_fuzz_check_error (error);
  else
    ts_fuzz_check_plan (catalog, scenario);

  ts_cli_args_clear (&args);
  return 0;
}
