/* ts-storage.h — the shared storage system an option writes its
 * checkpoints to and reads its data from, chosen from the catalog
 * (docs/goodput.md §5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-catalog.h"

G_BEGIN_DECLS

/* What the run needs of its storage: room for the kept checkpoints and
 * the dataset, the read bandwidth that feeds the GPUs, the write
 * bandwidth that takes one checkpoint within one interval. */
typedef struct
{
  double capacity_bytes;
  double read_bytes_s;
  double write_bytes_s;
} TsStorageNeed;

/* Which need sets the count of appliances. */
typedef enum
{
  TS_STORAGE_LIMIT_NONE,       /* the smallest system sold */
  TS_STORAGE_LIMIT_CAPACITY,
  TS_STORAGE_LIMIT_READ,
  TS_STORAGE_LIMIT_WRITE,
} TsStorageLimit;

typedef struct
{
  TsStorageNeed          need;
  const TsStorageSystem *system;      /* NULL: none in the catalog meets the need */
  guint                  count;
  TsStorageLimit         limit;
  double                 capacity_bytes;  /* the count's, all appliances */
  double                 read_bytes_s;
  double                 write_bytes_s;
  guint                  rack_units;
  double                 power_kw;        /* maximum draw; 0 when the catalog states none */
  double                 typical_power_kw; /* typical draw; 0 when not stated */
  double                 weight_kg;       /* one appliance */
} TsStorageChoice;

/* The appliances of `system` that meet `need`: the largest of the counts
 * each figure asks for, at least the system's smallest; 0 when that is
 * past the largest cluster the vendor states. */
guint       ts_storage_count          (const TsStorageSystem *system,
                                       const TsStorageNeed   *need,
                                       TsStorageLimit        *limit);
/* The catalog's storage system that meets `need` in the fewest rack
 * units (then the least maximum draw, then the catalog's order); FALSE,
 * with choice->system NULL and the need kept, when none does. */
gboolean    ts_storage_choose         (const TsCatalog       *catalog,
                                       const TsStorageNeed   *need,
                                       TsStorageChoice       *choice);
const char *ts_storage_limit_to_string (TsStorageLimit        limit);

/* options[].storage_system: the need, and the system with its count
 * (found false when none fits), and the time one checkpoint takes to
 * reach it. */
void        ts_storage_to_json        (const TsStorageChoice *choice,
                                       double                 checkpoint_write_seconds,
                                       JsonBuilder           *builder);
/* One sentence, in the current language (free it): “2 × Huawei
 * OceanStor A310 (10 U, 800 GB/s read, 416 GB/s write, 5.8 PB; set by
 * the write bandwidth)”, or the need when no system fits. */
char       *ts_storage_dup_summary    (const TsStorageChoice *choice);
/* The same without its label, for a table's value cell. */
char       *ts_storage_dup_value      (const TsStorageChoice *choice);
/* One catalog record in a line: “Huawei OceanStor A310: 5 U, 2,880,000
 * GB, 400 GB/s read, 208 GB/s write, draw not stated”. */
char       *ts_storage_dup_record     (const TsStorageSystem *system);

G_END_DECLS
