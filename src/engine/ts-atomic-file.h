/* ts-atomic-file.h — writing a file whole or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Whether path may be written: a new name in an existing folder, or an
 * existing regular file that is writable. Refused, with a TS_ERROR_IO
 * naming the file: a folder, a device, a FIFO or a socket (also through a
 * symbolic link, e.g. to a terminal), and a read-only file. */
gboolean ts_atomic_file_check_target      (const char      *path,
                                    GError         **error);

/* Writes all len bytes of data to an open file, again where a signal
 * cut a write () short. FALSE with errno set when the system refuses. */
gboolean ts_write_all         (int              fd,
                                    const char      *data,
                                    gsize            len);

/* Writes len bytes of data to path after ts_atomic_file_check_target (): into a
 * file with no name (O_TMPFILE) in the same folder where the file system
 * has them, else into a locked temporary with a short name (“.tsXXXXXX”,
 * so a 255-byte name still works), synced, then renamed over path — the
 * old file stays whole if anything fails, and a kill leaves nothing a user
 * sees (a named temporary of a killed writer is swept by the next write to
 * the folder). An existing file keeps its permissions; a symbolic link
 * keeps pointing at the file it named. Errors are TS_ERROR_IO and name the
 * file. */
gboolean ts_atomic_file_write      (const char      *path,
                                    const char      *data,
                                    gsize            len,
                                    GError         **error);

/* For writers that need a file name of their own (cairo's PDF, PNG and
 * SVG writers): write () is called with a name inside a private, locked
 * temporary folder beside path, and what it wrote is renamed over path
 * with the checks above; a folder a killed writer left is swept by the
 * next write. */
typedef gboolean (*TsAtomicFileWriteFunc) (const char  *tmp_path,
                                     gpointer     user_data,
                                     GError     **error);

gboolean ts_atomic_file_write_with (const char      *path,
                                    TsAtomicFileWriteFunc  write,
                                    gpointer         user_data,
                                    GError         **error);

G_END_DECLS
