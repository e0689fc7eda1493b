/* pdf-support.c — reading a PDF back with poppler-utils, for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "pdf-support.h"

char *
ts_pdf_tool (const char *tool,
             const char *path)
{
  const char *argv[] = { tool, path, "-", NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  /* pdfinfo takes one file argument, pdftotext a file and "-" for stdout. */
  if (g_strcmp0 (tool, "pdfinfo") == 0)
    argv[2] = NULL;
  /* "pdftotext -layout": text placed by its position on the page, so two
   * PDFs with the same pages compare equal whatever order their drawing
   * operations came in. */
  if (g_strcmp0 (tool, "pdftotext -layout") == 0)
    {
      argv[0] = "pdftotext";
      argv[1] = "-layout";
      argv[2] = path;
      argv[3] = "-";
    }
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_printerr ("%s: %s\n", tool, err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* pdftotext gives U+202F and U+00A0 as such or as spaces, and breaks
 * lines where the page does: compare with single plain spaces. */
char *
ts_pdf_normalise (const char *text)
{
  GString *s = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x202F || c == 0x00A0)
        {
          space = TRUE;
          continue;
        }
      if (space && s->len > 0)
        g_string_append_c (s, ' ');
      space = FALSE;
      g_string_append_unichar (s, c);
    }
  return g_string_free (s, FALSE);
}

char *
ts_pdf_info_field (const char *info,
                   const char *field)
{
  g_auto(GStrv) lines = g_strsplit (info, "\n", -1);
  g_autofree char *prefix = g_strconcat (field, ":", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strstrip (g_strdup (lines[i] + strlen (prefix)));
  return NULL;
}

void
ts_pdf_remove_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}
