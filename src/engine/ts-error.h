/* ts-error.h — the engine's error domain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TS_ERROR (ts_error_quark ())

typedef enum
{
  TS_ERROR_INVALID_INPUT,  /* a value out of range, NaN, wrong unit… */
  TS_ERROR_UNKNOWN_ID,     /* no model, server or GPU with that id */
  TS_ERROR_CATALOG,        /* a catalog file that fails validation */
  TS_ERROR_SCENARIO,       /* a scenario file that fails validation */
  TS_ERROR_IO,             /* reading or writing a file failed */
  TS_ERROR_MODEL_FILE,     /* a Hugging Face config.json that cannot be counted */
} TsErrorCode;

GQuark ts_error_quark (void);

/* Sets `error` to the message only for the first defect a reader meets
 * (`*failed` says whether one was met already): every reader of a user's
 * file reads on to its end but names the first defect in the file's
 * order, each in its own words and error code. */
void   ts_error_set_first (gboolean    *failed,
                           GError     **error,
                           TsErrorCode  code,
                           const char  *format,
                           ...) G_GNUC_PRINTF (4, 5);

G_END_DECLS
