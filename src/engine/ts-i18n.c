/* ts-i18n.c — the language of messages and numbers, switchable at run time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-i18n"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

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
