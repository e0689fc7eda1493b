/* ts-cli-text.h — text from files made safe for a terminal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A copy of text (a model, server or vendor name from a catalog or a
 * scenario) that cannot drive a terminal: control characters (C0, DEL,
 * C1), invisible format characters such as the bidirectional overrides
 * (U+202A–U+202E, U+2066–U+2069) and line separators are written as
 * \xHH or \uHHHH. Invalid UTF-8 is escaped byte by byte. */
char *ts_cli_escape_for_terminal (const char *text);

/* JSON text as json-glib wrote it (control characters already escaped
 * per RFC 8259) with the characters above that JSON allows raw written
 * as \uHHHH too: the same JSON value, but safe to print. */
char *ts_cli_escape_json_text    (const char *json);

G_END_DECLS
