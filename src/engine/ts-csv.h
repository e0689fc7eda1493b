/* ts-csv.h — the plan's hardware options as CSV, for spreadsheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-plan.h"

G_BEGIN_DECLS

/* One header line and a line per option in the plan's order (RFC 4180:
 * comma-separated, CRLF line ends, fields with commas, quotes or line
 * breaks quoted). Headers are stable keys (“server_id”, “power_kw”, …),
 * numbers are plain C-locale numbers in the units the keys name, so a
 * spreadsheet in any language reads them; the verdict is its JSON word.
 * Free with g_free (). */
char *ts_plan_options_to_csv (const TsPlan *plan);

G_END_DECLS
