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
/* Quantities in one unit, by a table of digits and symbols */
typedef enum
{
  TS_UNIT_KW,
  TS_UNIT_BTU_H,
  TS_UNIT_TONS,          /* of refrigeration */
  TS_UNIT_AMPS,
  TS_UNIT_DAYS,
  TS_UNIT_PERCENT,       /* the value a fraction: 0.5 is “50 %” */
  TS_UNIT_GBPS,          /* gigabits per second */
  TS_UNIT_GB_S,          /* gigabytes per second */
  TS_UNIT_KWH,
  TS_N_UNITS
} TsUnit;

char *ts_format_quantity     (TsUnit unit,
                              double value);
#define ts_format_kw(kw)           ts_format_quantity (TS_UNIT_KW, (kw))
#define ts_format_btu_h(btu_h)     ts_format_quantity (TS_UNIT_BTU_H, (btu_h))
#define ts_format_tons(tons)       ts_format_quantity (TS_UNIT_TONS, (tons))
#define ts_format_amps(amps)       ts_format_quantity (TS_UNIT_AMPS, (amps))
#define ts_format_days(days)       ts_format_quantity (TS_UNIT_DAYS, (days))
#define ts_format_percent(fraction) ts_format_quantity (TS_UNIT_PERCENT, (fraction))
#define ts_format_gbps(gbps)       ts_format_quantity (TS_UNIT_GBPS, (gbps))
#define ts_format_gb_s(gb_per_s)   ts_format_quantity (TS_UNIT_GB_S, (gb_per_s))
#define ts_format_kwh(kwh)         ts_format_quantity (TS_UNIT_KWH, (kwh))
/* An amount with its currency named as running text does in the current
 * language (ts_format_currency_label). */
char *ts_format_money        (double amount,
                              const char *currency);
/* The same in millions from a million up, three significant digits (a
 * narrow table column). */
char *ts_format_money_short  (double      amount,
                              const char *currency);
/* A currency code as running text names it in the current language
 * (“₽” for RUB in Russian); an unknown code as it is. Never NULL. */
const char *ts_format_currency_label (const char *code);
/* A catalog name as people read it: the kind of machine (“Workstation,
 * 2 × …”) and memory sizes (“180 GB”) in the current language, product
 * names as the maker writes them. NULL for NULL. */
char *ts_format_name         (const char *name);

/* A formatted number and its unit joined by a no-break space (“8,192
 * tokens”); takes number. */
char *ts_format_with_unit    (char       *number,
                              const char *unit);

G_END_DECLS
