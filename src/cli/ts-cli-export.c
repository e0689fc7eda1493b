/* ts-cli-export.c — trainsizer-cli export
 *
 *   trainsizer-cli export --format deepspeed|accelerate|axolotl|llamafactory|megatron
 *                         [estimate options…] [--output FILE]
 *
 * The command line is parsed as every other command's (ts-cli-args.c),
 * and the plan computed as estimate's (ts-cli.c); this writes
 * ts_export_plan ()'s text for the plan's shown option.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ts-cli-export.h"
#include "ts-engine.h"

gboolean
ts_cli_write_export (const TsPlan     *plan,
                     const TsCliArgs  *args,
                     GError          **error)
{
  g_autofree char *text = ts_export_plan (plan, args->export_format, error);

  if (text == NULL)
    return FALSE;
  /* an interrupted export never leaves half a file behind */
  if (args->output_path != NULL)
    return ts_atomic_file_write (args->output_path, text, strlen (text), error);
  /* a short write is reported by main ()'s finish_stdout () */
  fputs (text, stdout);
  return TRUE;
}
