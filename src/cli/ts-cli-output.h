/* ts-cli-output.h — what trainsizer-cli prints and writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-cli-args.h"
#include "ts-engine.h"

G_BEGIN_DECLS

void     ts_cli_print_plan     (const TsPlan    *plan,
                                TsCliFormat      format);
void     ts_cli_print_list     (const TsCatalog *catalog,
                                const char      *what,
                                TsCliFormat      format);
/* only in trainsizer-cli-render (TS_CLI_WITH_RENDER) */
gboolean ts_cli_write_pdf      (const TsPlan    *plan,
                                const TsCliArgs *args,
                                GError         **error);
gboolean ts_cli_write_drawing  (const TsPlan    *plan,
                                const TsCliArgs *args,
                                GError         **error);

G_END_DECLS
