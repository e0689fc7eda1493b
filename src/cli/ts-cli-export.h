/* ts-cli-export.h — trainsizer-cli export: a plan as a training framework's configuration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-cli-args.h"

G_BEGIN_DECLS

/* Writes the configuration of args->export_format for the plan's shown
 * option to args->output_path (atomically), or to the standard output. */
gboolean ts_cli_write_export (const TsPlan     *plan,
                              const TsCliArgs  *args,
                              GError          **error);

G_END_DECLS
