/* ts-cli-options.h — trainsizer-cli's options, shared by its parser,
 * its help and the code that applies them (private to src/cli)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-cli-args.h"

G_BEGIN_DECLS

#define COMMAND_BIT(command) (1u << (command))
#define SCENARIO_COMMANDS (COMMAND_BIT (TS_CLI_COMMAND_ESTIMATE) | COMMAND_BIT (TS_CLI_COMMAND_PDF) \
                           | COMMAND_BIT (TS_CLI_COMMAND_DRAW) | COMMAND_BIT (TS_CLI_COMMAND_EXPORT) \
                           | COMMAND_BIT (TS_CLI_COMMAND_BOM))

/* What the option callbacks fill in. */
typedef struct
{
  TsCliArgs   *args;
  GHashTable  *seen;        /* canonical names given so far (interned) */
} TsCliParser;

/* The GOptionContext of command (NONE: every option, for the whole
 * help): a scenario group, the command's group and a hidden group that
 * refuses the options of other commands. The entries' text is appended to
 * owned: free it with g_slist_free_full (owned, ts_cli_entries_free)
 * after the context is used. */
GOptionContext *ts_cli_command_context (TsCliCommand      command,
                                        TsCliParser      *parser,
                                        GSList          **owned);
void            ts_cli_entries_free    (gpointer          entries);
/* Whether arg (“--seq-len”, “-o”) names one of the entries. */
gboolean        ts_cli_entries_name    (gpointer          entries,
                                        const char       *arg);

const char     *ts_cli_command_name    (TsCliCommand      command);
/* The value of an option as given, or NULL. */
const char     *ts_cli_setting_value   (const TsCliArgs  *args,
                                        const char       *name);
/* A usage error (exit status 2) with a formatted, translated message. */
gboolean        ts_cli_usage_error     (GError          **error,
                                        const char       *format,
                                        ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
