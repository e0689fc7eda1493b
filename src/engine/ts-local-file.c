/* ts-local-file.c — the files a user names: read with bounds, and the
 * local path of a file a dialog chose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-local-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ts-error.h"
#include "ts-local-file.h"

static gboolean
input_too_large (GError **error,
                 gsize    max_bytes)
{
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               /* Translators: %d is a size in mebibytes */
               _("the file is larger than %d MiB"), (int) (max_bytes / (1024 * 1024)));
  return FALSE;
}

/* Reads at most max_bytes + 1 from fd into a new buffer. */
static gboolean
read_bounded (int       fd,
              gsize     max_bytes,
              GString  *out,
              GError  **error)
{
  char buffer[65536];

  for (;;)
    {
      gssize n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error_literal (error, TS_ERROR, TS_ERROR_IO, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        return TRUE;
      if (out->len + (gsize) n > max_bytes)
        return input_too_large (error, max_bytes);
      g_string_append_len (out, buffer, n);
    }
}

gboolean
ts_local_file_read (const char  *path,
                    gsize        max_bytes,
                    char       **contents,
                    gsize       *length,
                    GError     **error)
{
  g_autoptr(GString) out = NULL;
  struct stat st;
  gboolean ok;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (contents != NULL, FALSE);

  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, TS_ERROR, TS_ERROR_IO, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error_literal (error, TS_ERROR, TS_ERROR_IO, _("not a regular file"));
      return FALSE;
    }
  if ((guint64) st.st_size > max_bytes)
    {
      close (fd);
      return input_too_large (error, max_bytes);
    }
  out = g_string_sized_new ((gsize) st.st_size + 1);
  ok = read_bounded (fd, max_bytes, out, error);
  close (fd);
  if (!ok)
    return FALSE;
  if (length != NULL)
    *length = out->len;
  *contents = g_string_free (g_steal_pointer (&out), FALSE);
  return TRUE;
}

char *
ts_local_file_dup_path (GFile   *file,
                        GError **error)
{
  char *path;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      /* Translators: %s is a file's address, e.g. an sftp:// one */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("“%s” is not a local file"), name);
    }
  return path;
}
