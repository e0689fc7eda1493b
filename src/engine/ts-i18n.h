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
 * every message fetched afterwards (gettext) and to number formatting. */
void        ts_i18n_set_language  (const char *language);
TsLang      ts_i18n_get_lang      (void);
const char *ts_i18n_get_code      (void);
gboolean    ts_i18n_parse_lang    (const char *text,
                                   TsLang     *lang);

G_END_DECLS
