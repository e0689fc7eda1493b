/* ts-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ts-error.h"

G_DEFINE_QUARK (ts-error-quark, ts_error)
