/* ts-i18n.h — the language of messages and numbers, switchable at run time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  TS_LANG_EN,
  TS_LANG_RU,
} TsLang;

void        ts_i18n_init          (void);
/* "ru", "en", or NULL / "system" for the desktop's language. Applies to
 * every message fetched afterwards (gettext) and to number formatting.
 * Only for choosing the process's language at start or from the
 * Preferences: a page in another language uses
 * ts_i18n_set_thread_language (). */
void        ts_i18n_set_language  (const char *language);
TsLang      ts_i18n_get_lang      (void);
const char *ts_i18n_get_code      (void);
gboolean    ts_i18n_parse_lang    (const char *text,
                                   TsLang     *lang);

/* The page language of the calling thread: "ru", "en", or NULL for the
 * process's own. While it is set, the engine's and the drawings' words
 * (the gettext macros of ts-gettext.h) and number formats
 * (ts_i18n_get_lang ()) are in it, read from the shipped catalogue of
 * that language, and nothing else of the process changes: the window
 * keeps its language, LANGUAGE is not touched. Returns the previous one,
 * to be set back when the page is done. */
const char *ts_i18n_set_thread_language (const char *lang);
const char *ts_i18n_get_thread_language (void);

/* What the translation macros of the engine and render libraries call
 * (ts-gettext.h, which declares them too, in types that need no GLib):
 * the arguments of GLib's and libintl's functions of the same role. */
const char *ts_i18n_gettext       (const char    *msgid);
const char *ts_i18n_pgettext      (const char    *msgctxtid,
                                   size_t         msgidoffset);
const char *ts_i18n_ngettext      (const char    *msgid,
                                   const char    *msgid_plural,
                                   unsigned long  n);

G_END_DECLS
