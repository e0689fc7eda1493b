/* ts-i18n.c — the language of messages and numbers, switchable at run time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-i18n"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "ts-gettext.h"
#include "ts-i18n.h"

/* glibc's counter of loaded catalogs: bumping it makes gettext look the
 * translation up again after LANGUAGE changed (GNU gettext manual, “Being
 * a gettext grok”). */
extern int _nl_msg_cat_cntr;

static char *system_language;
static gboolean system_language_saved;

/* GLib decides once per process whether g_dgettext () translates at all,
 * and C_ (), GtkBuilder templates and GTK's own strings go through it: it
 * refuses when the locale is neither “C” nor “en_*” and the default domain
 * has no catalogue for the language of that first call (gstrfuncs.c,
 * _g_dgettext_should_translate). Under C.UTF-8, or a desktop in a language
 * we do not ship, Russian chosen later in Preferences would leave every
 * template, unit and GTK string in English. So the first call is made here,
 * with a language whose catalogue we ship. */
static void
prime_g_dgettext (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("LANGUAGE"));

  g_setenv ("LANGUAGE", "ru", TRUE);
  ++_nl_msg_cat_cntr;
  (void) g_dgettext (GETTEXT_PACKAGE, "");
  if (saved != NULL)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  ++_nl_msg_cat_cntr;
}

void
ts_i18n_init (void)
{
  const char *localedir = g_getenv ("TRAINSIZER_LOCALEDIR");
  const char *result = setlocale (LC_ALL, "");

  /* LANGUAGE is ignored under the “C” locale but honoured under C.UTF-8,
   * so a machine with no locale set still gets the chosen language. */
  if (result == NULL || g_strcmp0 (result, "C") == 0 || g_strcmp0 (result, "POSIX") == 0)
    setlocale (LC_ALL, "C.UTF-8");

  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  prime_g_dgettext ();

  if (!system_language_saved)
    {
      system_language = g_strdup (g_getenv ("LANGUAGE"));
      system_language_saved = TRUE;
    }
}

void
ts_i18n_set_language (const char *language)
{
  if (!system_language_saved)
    {
      system_language = g_strdup (g_getenv ("LANGUAGE"));
      system_language_saved = TRUE;
    }

  if (language == NULL || *language == '\0' || g_strcmp0 (language, "system") == 0)
    {
      if (system_language != NULL)
        g_setenv ("LANGUAGE", system_language, TRUE);
      else
        g_unsetenv ("LANGUAGE");
    }
  else
    g_setenv ("LANGUAGE", language, TRUE);

  ++_nl_msg_cat_cntr;
}

const char *
ts_i18n_get_code (void)
{
  const char *page = ts_i18n_get_thread_language ();

  if (page != NULL)
    return page;
  /* Translators: the code of the language you translate into, e.g. “ru”.
   * The program uses it to pick number formats (decimal comma, spaces
   * between thousands). */
  return C_("language code", "en");
}

TsLang
ts_i18n_get_lang (void)
{
  TsLang lang = TS_LANG_EN;

  ts_i18n_parse_lang (ts_i18n_get_code (), &lang);
  return lang;
}

gboolean
ts_i18n_parse_lang (const char *text,
                    TsLang     *lang)
{
  if (g_strcmp0 (text, "ru") == 0)
    *lang = TS_LANG_RU;
  else if (g_strcmp0 (text, "en") == 0)
    *lang = TS_LANG_EN;
  else
    return FALSE;
  return TRUE;
}

/* ---- the page language of a thread ------------------------------------ *
 *
 * GLib and glibc translate in the process's language only (LANGUAGE and
 * the locale are process-wide), and switching them for a page changed the
 * window's words too while the page was made. A page's words are instead
 * read from the shipped catalogue of its language: a small reader of the
 * documented .mo format (GNU gettext manual, “The Format of GNU MO
 * Files”), each catalogue read once and kept for the life of the process.
 */

#define MO_MAGIC 0x950412deU

typedef struct
{
  char       *data;       /* the whole file */
  GHashTable *messages;   /* msgid (with context, before any plural) → MoString */
  TsLang      lang;       /* for the plural forms */
} MoCatalogue;

typedef struct
{
  const char *text;       /* the translation; plural forms NUL-separated */
  guint32     length;     /* of all of it */
} MoString;

static GPrivate thread_language;
static GMutex catalogues_lock;
static GHashTable *catalogues;   /* interned code → MoCatalogue*, or a NULL value: none shipped */

static guint32
mo_word (const char *data,
         gsize       offset,
         gboolean    swapped)
{
  guint32 word;

  memcpy (&word, data + offset, sizeof word);
  return swapped ? GUINT32_SWAP_LE_BE (word) : word;
}

/* The string at table entry `index` (length, then offset), or FALSE when
 * the file is too short for it or the string lacks its closing NUL. */
static gboolean
mo_string (const char *data,
           gsize       size,
           guint32     table,
           guint32     index,
           gboolean    swapped,
           MoString   *out)
{
  gsize entry = (gsize) table + (gsize) index * 8;
  guint32 length, offset;

  if (entry + 8 > size)
    return FALSE;
  length = mo_word (data, entry, swapped);
  offset = mo_word (data, entry + 4, swapped);
  if ((gsize) offset + length >= size || data[(gsize) offset + length] != '\0')
    return FALSE;
  out->text = data + offset;
  out->length = length;
  return TRUE;
}

static MoCatalogue *
mo_catalogue_read (const char *path,
                   TsLang      lang)
{
  g_autofree char *data = NULL;
  g_autoptr(GHashTable) messages = NULL;
  gsize size = 0;
  gboolean swapped;
  guint32 n, originals, translations;
  MoCatalogue *catalogue;

  if (!g_file_get_contents (path, &data, &size, NULL) || size < 28)
    return NULL;
  if (mo_word (data, 0, FALSE) == MO_MAGIC)
    swapped = FALSE;
  else if (mo_word (data, 0, TRUE) == MO_MAGIC)
    swapped = TRUE;
  else
    return NULL;
  n = mo_word (data, 8, swapped);
  originals = mo_word (data, 12, swapped);
  translations = mo_word (data, 16, swapped);

  messages = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint32 i = 0; i < n; i++)
    {
      MoString original, translation;

      if (!mo_string (data, size, originals, i, swapped, &original)
          || !mo_string (data, size, translations, i, swapped, &translation))
        return NULL;
      /* the header (msgid "") and untranslated entries answer nothing */
      if (original.length > 0 && translation.length > 0)
        g_hash_table_insert (messages, (char *) original.text, g_memdup2 (&translation, sizeof translation));
    }

  catalogue = g_new0 (MoCatalogue, 1);
  catalogue->data = g_steal_pointer (&data);
  catalogue->messages = g_steal_pointer (&messages);
  catalogue->lang = lang;
  return catalogue;
}

/* The catalogue of `code`, read the first time it is asked for; NULL for
 * English (the messages are written in it) and for a language not shipped. */
static MoCatalogue *
catalogue_for (const char *code)
{
  MoCatalogue *catalogue = NULL;
  TsLang lang;

  if (!ts_i18n_parse_lang (code, &lang) || lang == TS_LANG_EN)
    return NULL;

  g_mutex_lock (&catalogues_lock);
  if (catalogues == NULL)
    catalogues = g_hash_table_new (NULL, NULL);
  if (!g_hash_table_lookup_extended (catalogues, code, NULL, (gpointer *) &catalogue))
    {
      /* where ts_i18n_init () bound the domain: the build tree's or the
       * installed catalogues, as for the process's own language */
      g_autofree char *path = g_build_filename (bindtextdomain (GETTEXT_PACKAGE, NULL), code,
                                                "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);

      catalogue = mo_catalogue_read (path, lang);
      if (catalogue == NULL)
        g_debug ("No catalogue for the page language “%s” at %s", code, path);
      g_hash_table_insert (catalogues, (gpointer) code, catalogue);
    }
  g_mutex_unlock (&catalogues_lock);
  return catalogue;
}

/* The translation of `msgid` in the thread's page language, or NULL when
 * the catalogue has none. */
static const MoString *
page_lookup (const char *msgid)
{
  MoCatalogue *catalogue = catalogue_for (ts_i18n_get_thread_language ());

  return catalogue != NULL ? g_hash_table_lookup (catalogue->messages, msgid) : NULL;
}

/* The plural form for `n` (the Plural-Forms of po/ru.po for Russian, the
 * English rule otherwise). */
static guint
plural_index (TsLang        lang,
              unsigned long n)
{
  if (lang == TS_LANG_RU)
    return n % 10 == 1 && n % 100 != 11 ? 0
           : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2;
  return n != 1;
}

const char *
ts_i18n_set_thread_language (const char *lang)
{
  const char *previous = g_private_get (&thread_language);

  g_private_set (&thread_language, (gpointer) (lang != NULL && *lang != '\0' ? g_intern_string (lang) : NULL));
  return previous;
}

const char *
ts_i18n_get_thread_language (void)
{
  return g_private_get (&thread_language);
}

const char *
ts_i18n_gettext (const char *msgid)
{
  const MoString *found;

  if (ts_i18n_get_thread_language () == NULL)
    return (gettext) (msgid);
  found = page_lookup (msgid);
  return found != NULL ? found->text : msgid;
}

const char *
ts_i18n_pgettext (const char *msgctxtid,
                  size_t      msgidoffset)
{
  const MoString *found;

  if (ts_i18n_get_thread_language () == NULL)
    return g_dpgettext (NULL, msgctxtid, msgidoffset);
  found = page_lookup (msgctxtid);
  if (found != NULL)
    return found->text;
  /* untranslated: the message without its context, as g_dpgettext () */
  if (msgidoffset > 0)
    return msgctxtid + msgidoffset;
  {
    const char *bar = strchr (msgctxtid, '|');

    return bar != NULL ? bar + 1 : msgctxtid;
  }
}

const char *
ts_i18n_ngettext (const char *msgid,
                  const char *msgid_plural,
                  unsigned long n)
{
  MoCatalogue *catalogue;
  const MoString *found;

  if (ts_i18n_get_thread_language () == NULL)
    return (ngettext) (msgid, msgid_plural, n);
  catalogue = catalogue_for (ts_i18n_get_thread_language ());
  found = catalogue != NULL ? g_hash_table_lookup (catalogue->messages, msgid) : NULL;
  if (found != NULL)
    {
      const char *form = found->text;
      const char *end = found->text + found->length;

      /* the forms are NUL-separated; a missing one falls back to English */
      for (guint i = plural_index (catalogue->lang, n); i > 0 && form < end; i--)
        form += strlen (form) + 1;
      if (form < end)
        return form;
    }
  return n == 1 ? msgid : msgid_plural;
}
