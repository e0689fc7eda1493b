/* ts-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ts-error.h"

G_DEFINE_QUARK (ts-error-quark, ts_error)

void
ts_error_set_first (gboolean    *failed,
                    GError     **error,
                    TsErrorCode  code,
                    const char  *format,
                    ...)
{
  va_list args;

  if (*failed)
    return;
  *failed = TRUE;
  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (TS_ERROR, code, format, args));
  va_end (args);
}
