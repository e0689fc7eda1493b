/* ts-gettext.h — _(), C_() and ngettext () for the engine and the drawings
 *
 * Forced before every source file of the engine and render libraries (the
 * compiler's -include, set in their meson.build), so a file added later
 * cannot miss it. It stands in for <glib/gi18n.h> (whose guard it defines,
 * so a file's own #include of it adds nothing) with the same macro names
 * xgettext looks for, sent through ts-i18n.c: in the page language of the
 * calling thread when one is set (a spec sheet made or drawn, see
 * ts_i18n_set_thread_language ()), through gettext in the process's
 * language otherwise.
 *
 * It comes before every other header, and before a file's G_LOG_DOMAIN,
 * so it includes no GLib header: only the C library's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libintl.h>
#include <string.h>

const char *ts_i18n_gettext  (const char    *msgid) __attribute__ ((format_arg (1)));
const char *ts_i18n_pgettext (const char    *msgctxtid,
                              size_t         msgidoffset) __attribute__ ((format_arg (1)));
const char *ts_i18n_ngettext (const char    *msgid,
                              const char    *msgid_plural,
                              unsigned long  n) __attribute__ ((format_arg (1))) __attribute__ ((format_arg (2)));

#define __G_I18N_H__

#define _(String) ts_i18n_gettext (String)
#define Q_(String) ts_i18n_pgettext (String, 0)
#define N_(String) (String)
#define C_(Context, String) ts_i18n_pgettext (Context "\004" String, strlen (Context) + 1)
#define NC_(Context, String) (String)
#undef ngettext
#define ngettext(Msgid, Plural, N) ts_i18n_ngettext (Msgid, Plural, N)
