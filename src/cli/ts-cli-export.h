/* ts-cli-export.h — trainsizer-cli export: a plan as a training framework's configuration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The whole `export` command (argv[1] is "export"); returns the exit
 * status: 0 written, 1 refused by the engine, 2 a usage error. */
int ts_cli_export_main (int    argc,
                        char **argv);

G_END_DECLS
