/* ts-local-file.h — the files a user names: read with bounds, and the
 * local path of a file a dialog chose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Reads the whole of an input file a user named (a scenario, a catalog,
 * a model file, a config.json, a vendor's logo): the one rule for every
 * file the app reads. The file is opened without waiting (a FIFO never
 * blocks on a writer) and checked through the open descriptor, so a name
 * that changes meanwhile cannot slip past: a regular file only (no
 * folder, device such as /dev/zero, FIFO or socket, also through a
 * link), of at most max_bytes, and never more than max_bytes read (a file
 * that grows while read is refused, not read without end). Errors:
 * TS_ERROR_IO when it cannot be opened or is not a regular file,
 * TS_ERROR_INVALID_INPUT when too large; the message is the reason alone,
 * for the caller to put the file's name in front. *contents is
 * NUL-terminated. */
gboolean  ts_local_file_read          (const char   *path,
                                       gsize         max_bytes,
                                       char        **contents,
                                       gsize        *length,
                                       GError      **error);

/* The local path of a file a dialog chose, or NULL with an error saying
 * the file is not local (an sftp:// address, say): the app reads and
 * writes through paths, atomically. */
char     *ts_local_file_dup_path      (GFile        *file,
                                       GError      **error);

G_END_DECLS
