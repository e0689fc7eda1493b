/* ts-option-item.h — one hardware option as a row of the server comparison
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "ts-engine.h"

G_BEGIN_DECLS

typedef enum
{
  TS_OPTION_COLUMN_SERVER,
  TS_OPTION_COLUMN_SERVERS,
  TS_OPTION_COLUMN_GPUS,
  TS_OPTION_COLUMN_GPU_MEMORY,
  TS_OPTION_COLUMN_GPU_CAPACITY,  /* the vendor's figure and the usable bytes, each labelled */
  TS_OPTION_COLUMN_HEADROOM,
  TS_OPTION_COLUMN_VERDICT,
  TS_OPTION_COLUMN_LINK,
  TS_OPTION_COLUMN_TIME,
  TS_OPTION_COLUMN_POWER,
  TS_OPTION_COLUMN_UNITS,
  TS_OPTION_COLUMN_RACKS,
  TS_OPTION_COLUMN_PRICE,   /* the servers' price, “≈” for an estimate */
  TS_N_OPTION_COLUMNS
} TsOptionColumn;

#define TS_TYPE_OPTION_ITEM (ts_option_item_get_type ())

G_DECLARE_FINAL_TYPE (TsOptionItem, ts_option_item, TS, OPTION_ITEM, GObject)

/* The item copies what it shows: it stays valid after the plan is freed. */
TsOptionItem *ts_option_item_new        (const TsOption *option,
                                         guint           index,
                                         gboolean        gib);
guint         ts_option_item_get_index  (TsOptionItem   *self);
const char   *ts_option_item_get_server_id (TsOptionItem *self);
/* Text of a cell (Pango markup for the server column). */
const char   *ts_option_item_get_text   (TsOptionItem   *self,
                                         TsOptionColumn  column);
int           ts_option_item_compare    (TsOptionItem   *a,
                                         TsOptionItem   *b,
                                         TsOptionColumn  column);

G_END_DECLS
