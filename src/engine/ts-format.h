/* ts-format.h — numbers and units for people, in the current language
 *
 * Russian: decimal comma, U+202F (narrow no-break space) between thousands,
 * translated units (ГБ, кВт, BTU/ч); English: decimal point, comma between
 * thousands. A no-break space joins a number to its unit. Machine-readable
 * output (JSON) never goes through these.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TS_BYTES_PER_GB  1e9
#define TS_BYTES_PER_GIB 1073741824.0

char *ts_format_number       (double value,
                              int    decimals);
/* Up to max_decimals decimals, trailing zeros dropped. */
char *ts_format_number_auto  (double value,
                              int    max_decimals);
char *ts_format_gb           (double bytes);
char *ts_format_gib          (double bytes);
/* Memory in the unit the user chose: decimal GB (the article's) or GiB. */
char *ts_format_memory       (double bytes,
                              gboolean gib);
/* A GPU's capacity, with the product's binary figure beside decimal GB. */
char *ts_format_capacity     (double bytes,
                              gboolean gib);
char *ts_format_memory_range (double low_bytes,
                              double high_bytes,
                              gboolean gib);
char *ts_format_gb_range     (double low_bytes,
                              double high_bytes);
char *ts_format_params       (double params);
char *ts_format_kw           (double kw);
char *ts_format_btu_h        (double btu_h);
char *ts_format_tons         (double tons);
char *ts_format_amps         (double amps);
char *ts_format_days         (double days);
char *ts_format_percent      (double fraction);
char *ts_format_gbps         (double gbps);
char *ts_format_gb_s         (double gb_per_s);
char *ts_format_kwh          (double kwh);
/* An amount with its currency named as running text does in the current
 * language (ts_format_currency_label). */
char *ts_format_money        (double amount,
                              const char *currency);
/* A currency code as running text names it in the current language
 * (“₽” for RUB in Russian); an unknown code as it is. Never NULL. */
const char *ts_format_currency_label (const char *code);
/* A catalog name as people read it: the kind of machine (“Workstation,
 * 2 × …”) and memory sizes (“180 GB”) in the current language, product
 * names as the maker writes them. NULL for NULL. */
char *ts_format_name         (const char *name);

G_END_DECLS
