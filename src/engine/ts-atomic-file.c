/* ts-atomic-file.c — writing a file whole or not at all
 *
 * One place for what every saved file needs: scenarios, and the CLI's
 * documents and drawings. A rename over the target is atomic, but it
 * would also silently replace what should never be replaced: a device or
 * a FIFO named by mistake (its special file would become a regular one),
 * a read-only file (a rename needs only the folder to be writable), or a
 * symbolic link (which would become a file). Those are refused before
 * anything is written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-atomic-file"

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
#include "ts-atomic-file.h"

/* Short, so that a file name of up to NAME_MAX bytes still has room. */
#define TEMP_NAME ".tsXXXXXX"
/* A temporary a dead writer left is swept by the next write to its
 * folder once it is this old and no writer holds its lock (the age covers
 * the instant between creating a temporary and locking it). */
#define TEMP_STALE_SECONDS 2

/* Temporary files a kill leaves nothing of (issue 24, class 9). Where
 * the file system has O_TMPFILE (open(2); ext4, XFS, Btrfs, tmpfs since
 * Linux 3.11–3.15) the new file is written with no name at all, and only
 * once whole and synced gets a temporary name (linkat(2) through
 * /proc/self/fd, which needs no privilege) that is at once renamed over
 * the target: a kill while writing leaves nothing, and the name lives for
 * two system calls. Elsewhere the temporary is a named “.tsXXXXXX” in
 * the destination folder, locked (flock(2)) while its writer lives; the
 * next write to that folder sweeps those whose lock is free. The writers
 * that need a name of their own (cairo's) get a private “.tsXXXXXX”
 * folder, locked and swept the same way. */

static gboolean
io_error (GError    **error,
          const char *path,
          int         code)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: “Could not write “/x/plan.json”: Permission denied” */
  g_set_error (error, TS_ERROR, TS_ERROR_IO, _("Could not write “%s”: %s"), display, g_strerror (code));
  return FALSE;
}

static gboolean
refuse (GError    **error,
        const char *path,
        const char *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: “Cannot write “/dev/tty”: it is not a regular file …” */
  g_set_error (error, TS_ERROR, TS_ERROR_IO, _("Cannot write “%s”: %s"), display, reason);
  return FALSE;
}

/* st: the existing file (followed through links), or st_mode 0 when path
 * names nothing yet. */
static gboolean
check_output (const char *path,
              GStatBuf   *st,
              GError    **error)
{
  memset (st, 0, sizeof *st);
  if (path == NULL || *path == '\0')
    return io_error (error, "", ENOENT);
  if (g_stat (path, st) != 0)
    {
      int saved = errno;

      memset (st, 0, sizeof *st);
      /* a new name; the folder is checked by creating the temporary */
      return saved == ENOENT ? TRUE : io_error (error, path, saved);
    }
  if (S_ISDIR (st->st_mode))
    return refuse (error, path, _("it is a folder"));
  if (!S_ISREG (st->st_mode))
    return refuse (error, path, _("it is not a regular file (a device, a pipe or a socket)"));
  /* access () grants root everything: the mode bits say what the owner
   * meant, and a rename would replace the file whatever they say. */
  if ((st->st_mode & 0222) == 0 || access (path, W_OK) != 0)
    return refuse (error, path, _("it is read-only"));
  return TRUE;
}

gboolean
ts_atomic_file_check_target (const char  *path,
                      GError     **error)
{
  GStatBuf st;

  return check_output (path, &st, error);
}

/* The file to rename over: a symbolic link's target, so that the link
 * stays a link. */
static char *
resolve_target (const char *path)
{
  GStatBuf st;
  char *real;

  if (g_lstat (path, &st) != 0 || !S_ISLNK (st.st_mode))
    return g_strdup (path);
  real = realpath (path, NULL);
  if (real == NULL)
    return g_strdup (path);  /* a dangling link: replaced by the new file */
  {
    char *copy = g_strdup (real);

    free (real);
    return copy;
  }
}

/* A name the writers give their temporaries: “.ts” and six characters. */
static gboolean
is_temp_name (const char *name)
{
  if (strlen (name) != strlen (TEMP_NAME) || !g_str_has_prefix (name, ".ts"))
    return FALSE;
  for (const char *p = name + 3; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

static void remove_temp_dir (const char *tmp_dir);

/* Removes what killed writers left in dir: temporaries that are old
 * enough and whose lock no live writer holds. Best effort: a temporary
 * that cannot be opened or locked stays. */
static void
sweep_temps (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat st;
      int fd;

      if (!is_temp_name (name))
        continue;
      path = g_build_filename (dir, name, NULL);
      fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
      if (fd < 0)
        continue;
      if (fstat (fd, &st) == 0 && (S_ISREG (st.st_mode) || S_ISDIR (st.st_mode))
          && st.st_uid == getuid () && now - (gint64) st.st_mtime >= TEMP_STALE_SECONDS
          && flock (fd, LOCK_EX | LOCK_NB) == 0)
        {
          if (S_ISDIR (st.st_mode))
            remove_temp_dir (path);
          else
            g_unlink (path);
        }
      close (fd);
    }
}

/* An anonymous file in dir (O_TMPFILE), locked; -1 where the file system
 * or the kernel has none. */
static int
open_anonymous (const char *dir)
{
#ifdef O_TMPFILE
  int fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);

  if (fd >= 0 && flock (fd, LOCK_EX) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
#else
  return -1;
#endif
}

/* The temporary, anonymous or named: -1 with errno set on failure. */
static int
open_temp (const char *dir,
           char      **tmp_name)
{
  int fd = open_anonymous (dir);

  *tmp_name = NULL;
  if (fd >= 0)
    return fd;
  *tmp_name = g_build_filename (dir, TEMP_NAME, NULL);
  fd = g_mkstemp_full (*tmp_name, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      g_clear_pointer (tmp_name, g_free);
      return -1;
    }
  flock (fd, LOCK_EX);
  return fd;
}

/* Gives the anonymous file fd a temporary name in dir, returned; NULL
 * with errno set on failure. */
static char *
link_anonymous (int         fd,
                const char *dir)
{
  g_autofree char *proc = g_strdup_printf ("/proc/self/fd/%d", fd);

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".ts%06x", g_random_int_range (0, 0xffffff));
      char *path = g_build_filename (dir, name, NULL);

      if (linkat (AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0)
        return path;
      g_free (path);
      if (errno != EEXIST)
        return NULL;
    }
  errno = EEXIST;
  return NULL;
}

/* Puts the whole, synced temporary in place of target: a named one is
 * renamed, an anonymous one linked under a temporary name first. */
static int
publish_temp (int         fd,
              const char *tmp_name,
              const char *dir,
              const char *target)
{
  g_autofree char *linked = NULL;

  if (tmp_name != NULL)
    return g_rename (tmp_name, target) == 0 ? 0 : errno;
  linked = link_anonymous (fd, dir);
  if (linked == NULL)
    return errno;
  if (g_rename (linked, target) != 0)
    {
      int saved = errno;

      g_unlink (linked);
      return saved;
    }
  return 0;
}

gboolean
ts_write_all (int         fd,
                   const char *data,
                   gsize       len)
{
  while (len > 0)
    {
      gssize n = write (fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      len -= (gsize) n;
    }
  return TRUE;
}

/* The new file takes the old one's permissions; a new name gets the
 * usual 0666 less the umask, which open () applied already. */
static gboolean
keep_mode (int             fd,
           const GStatBuf *old)
{
  return old->st_mode == 0 || fchmod (fd, old->st_mode & 07777) == 0;
}

gboolean
ts_atomic_file_write (const char  *path,
                      const char  *data,
                      gsize        len,
                      GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *tmp = NULL;
  GStatBuf old;
  int fd, saved = 0;

  if (!check_output (path, &old, error))
    return FALSE;
  target = resolve_target (path);
  dir = g_path_get_dirname (target);
  sweep_temps (dir);
  fd = open_temp (dir, &tmp);
  if (fd < 0)
    return io_error (error, path, errno);

  errno = 0;
  if (!ts_write_all (fd, data, len) || !keep_mode (fd, &old) || fsync (fd) != 0)
    saved = errno != 0 ? errno : EIO;
  /* checked again: the name may have become something else meanwhile */
  if (saved == 0 && !check_output (path, &old, error))
    saved = -1;
  if (saved == 0)
    saved = publish_temp (fd, tmp, dir, target);
  /* closed last: the lock keeps a sweep off the named temporary */
  if (close (fd) != 0 && saved == 0)
    saved = errno;
  if (saved != 0)
    {
      if (tmp != NULL)
        g_unlink (tmp);
      return saved < 0 ? FALSE : io_error (error, path, saved);
    }
  return TRUE;
}

/* A writer's message names the temporary file; the user knows the target. */
static void
rename_in_message (GError     *error,
                   const char *tmp_path,
                   const char *path)
{
  g_autofree char *tmp_display = g_filename_display_name (tmp_path);
  g_autofree char *display = g_filename_display_name (path);
  GString *message;

  if (error == NULL)
    return;
  message = g_string_new (error->message);
  g_string_replace (message, tmp_display, display, 0);
  g_free (error->message);
  error->message = g_string_free (message, FALSE);
}

static void
remove_temp_dir (const char *tmp_dir)
{
  g_autoptr(GDir) d = g_dir_open (tmp_dir, 0, NULL);
  const char *name;

  /* only what a failed writer left behind: the folder is ours alone */
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *leftover = g_build_filename (tmp_dir, name, NULL);

      g_unlink (leftover);
    }
  g_rmdir (tmp_dir);
}

/* Where the file system has no O_TMPFILE: write () writes into a private
 * folder beside the target, locked while it lives. */
static gboolean
write_in_temp_dir (const char      *path,
                   const char      *target,
                   const char      *dir,
                   const GStatBuf  *old,
                   TsAtomicFileWriteFunc  write,
                   gpointer         user_data,
                   GError         **error)
{
  g_autofree char *tmp_dir = g_build_filename (dir, TEMP_NAME, NULL);
  g_autofree char *tmp_path = NULL;
  GStatBuf now;
  gboolean ok;
  int lock;

  if (g_mkdtemp_full (tmp_dir, 0700) == NULL)
    return io_error (error, path, errno);
  lock = open (tmp_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (lock >= 0)
    flock (lock, LOCK_EX);
  tmp_path = g_build_filename (tmp_dir, "out", NULL);

  ok = write (tmp_path, user_data, error);
  if (!ok && error != NULL)
    rename_in_message (*error, tmp_path, path);
  if (ok && old->st_mode != 0 && g_chmod (tmp_path, old->st_mode & 07777) != 0)
    ok = io_error (error, path, errno);
  if (ok)
    ok = check_output (path, &now, error);
  if (ok && g_rename (tmp_path, target) != 0)
    ok = io_error (error, path, errno);

  remove_temp_dir (tmp_dir);
  if (lock >= 0)
    close (lock);
  return ok;
}

gboolean
ts_atomic_file_write_with (const char       *path,
                           TsAtomicFileWriteFunc   write,
                           gpointer          user_data,
                           GError          **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  GStatBuf old;

  if (!check_output (path, &old, error))
    return FALSE;
  target = resolve_target (path);
  dir = g_path_get_dirname (target);
  sweep_temps (dir);

  /* cairo's writers (and the renderer's own temporary beside the name
   * they are given) need a name in a folder: no anonymous file here, but
   * a private folder, locked while it lives and swept by the next write
   * when a kill left it */
  return write_in_temp_dir (path, target, dir, &old, write, user_data, error);
}
