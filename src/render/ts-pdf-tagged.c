/* ts-pdf-tagged.c — the finishing touches cairo cannot put on a tagged PDF
 *
 * cairo 1.16 writes the document's structure (a StructTreeRoot with its
 * ParentTree, marked content with MCIDs on every page, and /MarkInfo
 * << /Marked true >> when the tree has a single root element, which the
 * sheet's Document element is), but it has no way to give the catalog a
 * /Lang, which screen readers need to pick a voice for a Russian sheet,
 * or /ViewerPreferences << /DisplayDocTitle true >> (PDF/UA: the title
 * bar shows the title, not the file name). Here the catalog is written
 * again with what it lacks of these, as an incremental update (ISO
 * 32000-1, 7.5.6) appended to the finished file: the bytes cairo wrote
 * stay as they are. A file this code does not recognise (a cross-
 * reference stream, a catalog with nothing missing) is left alone: the
 * update is an improvement, never a reason to fail a save.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ts-atomic-file.h"
#include "ts-pdf-tagged.h"

/* The end of a cairo PDF: its trailer, “startxref”, the offset, “%%EOF”. */
#define TAIL_BYTES    1024
/* A catalog is a few lines; cairo writes no stream inside it. */
#define CATALOG_BYTES 4096
/* One cross-reference entry: “nnnnnnnnnn ggggg n \n”. */
#define XREF_ENTRY    20

static gboolean
read_at (int     fd,
         goffset offset,
         char   *buffer,
         gsize   size,
         gsize  *got)
{
  gsize done = 0;

  while (done < size)
    {
      ssize_t n = pread (fd, buffer + done, size - done, offset + done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      if (n == 0)
        break;
      done += n;
    }
  buffer[done] = '\0';
  *got = done;
  return TRUE;
}

/* The integer after key in text (“/Size 219” → 219), or -1. */
static gint64
number_after (const char *text,
              const char *key)
{
  const char *p = strstr (text, key);
  char *end;
  gint64 value;

  if (p == NULL)
    return -1;
  p += strlen (key);
  value = g_ascii_strtoll (p, &end, 10);
  return end != p && value >= 0 ? value : -1;
}

typedef struct
{
  gint64 xref;      /* offset of the last cross-reference section */
  gint64 size;      /* /Size: objects in the file */
  gint64 root;      /* the catalog's object number */
  gint64 info;      /* the Info dictionary's, or -1 */
} Trailer;

static gboolean
read_trailer (int      fd,
              goffset  length,
              Trailer *t)
{
  char tail[TAIL_BYTES + 1];
  goffset start = MAX (0, length - TAIL_BYTES);
  const char *trailer;
  const char *startxref;
  gsize got;

  if (!read_at (fd, start, tail, length - start, &got) || strlen (tail) != got)
    return FALSE;
  trailer = g_strrstr (tail, "trailer");
  startxref = g_strrstr (tail, "startxref");
  if (trailer == NULL || startxref == NULL || startxref < trailer)
    return FALSE;
  t->xref = number_after (startxref, "startxref");
  t->size = number_after (trailer, "/Size");
  t->root = number_after (trailer, "/Root");
  t->info = number_after (trailer, "/Info");
  return t->xref > 0 && t->size > 0 && t->root > 0 && t->root < t->size;
}

/* The catalog's dictionary, from the classic cross-reference table at
 * t->xref (“xref\n0 N\n” then one entry per object). */
static char *
read_catalog (int            fd,
              const Trailer *t)
{
  char head[64];
  char entry[XREF_ENTRY + 1];
  char object[CATALOG_BYTES + 1];
  g_autofree char *header = g_strdup_printf ("xref\n0 %" G_GINT64_FORMAT "\n", t->size);
  g_autofree char *opening = g_strdup_printf ("%" G_GINT64_FORMAT " 0 obj", t->root);
  const char *dict;
  const char *end;
  gint64 offset;
  gsize got;

  if (!read_at (fd, t->xref, head, strlen (header), &got) || strcmp (head, header) != 0)
    return NULL;
  if (!read_at (fd, t->xref + strlen (header) + t->root * XREF_ENTRY, entry, XREF_ENTRY, &got)
      || got != XREF_ENTRY || entry[17] != 'n')
    return NULL;
  offset = g_ascii_strtoll (entry, NULL, 10);
  if (!read_at (fd, offset, object, CATALOG_BYTES, &got) || !g_str_has_prefix (object, opening))
    return NULL;
  dict = strstr (object, "<<");
  end = strstr (object, "endobj");
  if (dict == NULL || end == NULL || dict > end)
    return NULL;
  /* the dictionary's closing “>>”: the last before endobj */
  while (end > dict && !(end[-1] == '>' && end[-2] == '>'))
    end--;
  if (end - dict < 4 || strstr (object, "/Type /Catalog") == NULL)
    return NULL;
  return g_strndup (dict, end - dict);
}

/* A language tag is letters, digits and hyphens (BCP 47); anything else
 * would break the PDF string it goes in. */
static gboolean
is_language_tag (const char *lang)
{
  if (lang == NULL || *lang == '\0' || strlen (lang) > 35)
    return FALSE;
  for (const char *p = lang; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

static GString *
catalog_update (const Trailer *t,
                const char    *catalog,
                const char    *lang,
                goffset        length)
{
  GString *update = g_string_new ("\n");
  goffset object_offset = length + 1;
  goffset xref_offset;

  /* the old dictionary without its “>>”, then what it lacks */
  g_string_append_printf (update, "%" G_GINT64_FORMAT " 0 obj\n", t->root);
  g_string_append_len (update, catalog, strlen (catalog) - 2);
  if (strstr (catalog, "/MarkInfo") == NULL)
    g_string_append (update, "   /MarkInfo << /Marked true >>\n");
  if (strstr (catalog, "/Lang") == NULL && is_language_tag (lang))
    g_string_append_printf (update, "   /Lang (%s)\n", lang);
  if (strstr (catalog, "/ViewerPreferences") == NULL)
    g_string_append (update, "   /ViewerPreferences << /DisplayDocTitle true >>\n");
  g_string_append (update, ">>\nendobj\n");

  xref_offset = length + update->len;
  g_string_append_printf (update, "xref\n0 1\n0000000000 65535 f \n%" G_GINT64_FORMAT " 1\n%010" G_GINT64_FORMAT " 00000 n \n",
                          t->root, (gint64) object_offset);
  g_string_append_printf (update, "trailer\n<< /Size %" G_GINT64_FORMAT "\n   /Root %" G_GINT64_FORMAT " 0 R\n",
                          t->size, t->root);
  if (t->info > 0)
    g_string_append_printf (update, "   /Info %" G_GINT64_FORMAT " 0 R\n", t->info);
  g_string_append_printf (update, "   /Prev %" G_GINT64_FORMAT "\n>>\nstartxref\n%" G_GINT64_FORMAT "\n%%%%EOF\n",
                          t->xref, (gint64) xref_offset);
  return update;
}

gboolean
ts_pdf_mark_tagged (int          fd,
                    const char  *lang,
                    int         *write_errno)
{
  g_autofree char *catalog = NULL;
  g_autoptr(GString) update = NULL;
  Trailer t = { -1, -1, -1, -1 };
  goffset length;

  *write_errno = 0;
  length = lseek (fd, 0, SEEK_END);
  if (length <= 0 || !read_trailer (fd, length, &t))
    return FALSE;
  catalog = read_catalog (fd, &t);
  if (catalog == NULL || strstr (catalog, "/StructTreeRoot") == NULL
      || (strstr (catalog, "/MarkInfo") != NULL && strstr (catalog, "/Lang") != NULL
          && strstr (catalog, "/ViewerPreferences") != NULL))
    return FALSE;
  update = catalog_update (&t, catalog, lang, length);
  if (!ts_write_all (fd, update->str, update->len))
    {
      *write_errno = errno != 0 ? errno : EIO;
      return FALSE;
    }
  return TRUE;
}
