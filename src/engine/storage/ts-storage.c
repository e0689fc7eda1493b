/* ts-storage.c — the storage system an option needs (docs/goodput.md §5)
 *
 * A scale-out storage system grows by appliances (an enclosure, a chassis
 * or a node), and its capacity and bandwidth add up with them: the count
 * is the largest that capacity, read and write ask for. Of the systems
 * that meet the need, the one taking the fewest rack units wins: the
 * catalog holds no storage prices, and space is what a site sells.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-storage"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-format.h"
#include "ts-goodput.h"
#include "ts-json.h"
#include "ts-storage.h"

#define BYTES_PER_TB 1e12
#define BYTES_PER_GB 1e9
#define WATTS_PER_KW 1000.0

/* How many appliances `per_unit` each must hold `needed`; a figure the
 * need does not have asks for none. */
static double
units_for (double needed,
           double per_unit)
{
  if (!(needed > 0) || !(per_unit > 0))
    return 0;
  /* a hair under a whole count is that count (decimal units) */
  return ceil (needed / per_unit - 1e-9);
}

guint
ts_storage_count (const TsStorageSystem *system,
                  const TsStorageNeed   *need,
                  TsStorageLimit        *limit)
{
  struct { double n; TsStorageLimit why; } asks[] = {
    { units_for (need->capacity_bytes, system->usable_tb * BYTES_PER_TB), TS_STORAGE_LIMIT_CAPACITY },
    { units_for (need->read_bytes_s, system->read_gb_s * BYTES_PER_GB), TS_STORAGE_LIMIT_READ },
    { units_for (need->write_bytes_s, system->write_gb_s * BYTES_PER_GB), TS_STORAGE_LIMIT_WRITE },
  };
  double n = MAX (1u, system->min_count);
  TsStorageLimit why = TS_STORAGE_LIMIT_NONE;

  for (guint i = 0; i < G_N_ELEMENTS (asks); i++)
    if (asks[i].n > n)
      {
        n = asks[i].n;
        why = asks[i].why;
      }
  if (limit != NULL)
    *limit = why;
  if (!isfinite (n) || n > G_MAXUINT32 || (system->max_count > 0 && n > system->max_count))
    return 0;
  return (guint) n;
}

static void
fill_choice (const TsStorageSystem *system,
             guint                  count,
             TsStorageLimit         limit,
             TsStorageChoice       *c)
{
  c->system = system;
  c->count = count;
  c->limit = limit;
  c->capacity_bytes = count * system->usable_tb * BYTES_PER_TB;
  c->read_bytes_s = count * system->read_gb_s * BYTES_PER_GB;
  c->write_bytes_s = count * system->write_gb_s * BYTES_PER_GB;
  c->rack_units = count * system->rack_units;
  c->power_kw = count * system->power_w / WATTS_PER_KW;
  c->typical_power_kw = count * system->typical_power_w / WATTS_PER_KW;
  c->weight_kg = system->weight_kg;
}

gboolean
ts_storage_choose (const TsCatalog     *catalog,
                   const TsStorageNeed *need,
                   TsStorageChoice     *choice)
{
  memset (choice, 0, sizeof *choice);
  choice->need = *need;
  for (guint i = 0; i < ts_catalog_get_n_storage_systems (catalog); i++)
    {
      const TsStorageSystem *system = ts_catalog_get_storage_system (catalog, i);
      TsStorageLimit limit;
      guint n = ts_storage_count (system, need, &limit);
      guint64 units = (guint64) n * system->rack_units;
      double kw = (double) n * system->power_w;

      if (n == 0)
        continue;
      if (choice->system == NULL || units < choice->rack_units
          || (units == choice->rack_units && kw < choice->power_kw * WATTS_PER_KW))
        fill_choice (system, n, limit, choice);
    }
  return choice->system != NULL;
}

const char *
ts_storage_limit_to_string (TsStorageLimit limit)
{
  switch (limit)
    {
    case TS_STORAGE_LIMIT_CAPACITY: return "capacity";
    case TS_STORAGE_LIMIT_READ: return "read";
    case TS_STORAGE_LIMIT_WRITE: return "write";
    case TS_STORAGE_LIMIT_NONE:
    default: return "minimum";
    }
}

void
ts_storage_to_json (const TsStorageChoice *c,
                    double                 checkpoint_write_seconds,
                    JsonBuilder           *b)
{
  json_builder_set_member_name (b, "storage_system");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "need_capacity_bytes", c->need.capacity_bytes);
  ts_json_add_double_valid (b, "need_read_bytes_per_second", c->need.read_bytes_s);
  ts_json_add_double_valid (b, "need_write_bytes_per_second", c->need.write_bytes_s);
  ts_json_add_bool (b, "found", c->system != NULL);
  if (c->system != NULL)
    {
      ts_json_add_string (b, "id", c->system->id);
      ts_json_add_string (b, "name", c->system->name);
      ts_json_add_int (b, "count", c->count);
      ts_json_add_string (b, "set_by", ts_storage_limit_to_string (c->limit));
      ts_json_add_double_valid (b, "capacity_bytes", c->capacity_bytes);
      ts_json_add_double_valid (b, "read_bytes_per_second", c->read_bytes_s);
      ts_json_add_double_valid (b, "write_bytes_per_second", c->write_bytes_s);
      ts_json_add_int (b, "rack_units", c->rack_units);
      /* maximum draw, counted in the option's power; absent when the
       * catalog states none */
      if (c->power_kw > 0)
        ts_json_add_double_valid (b, "power_kw", c->power_kw);
      if (c->typical_power_kw > 0)
        ts_json_add_double_valid (b, "typical_power_kw", c->typical_power_kw);
      /* one checkpoint, all shards at once, at the system's sustained
       * write or the servers' ports, whichever is less (the drain with a
       * local tier) */
      ts_json_add_double_valid (b, "checkpoint_write_seconds", checkpoint_write_seconds);
    }
  json_builder_end_object (b);
}

static const char *
limit_words (TsStorageLimit limit)
{
  switch (limit)
    {
    case TS_STORAGE_LIMIT_CAPACITY: return _("set by the capacity");
    case TS_STORAGE_LIMIT_READ: return _("set by the read bandwidth");
    case TS_STORAGE_LIMIT_WRITE: return _("set by the checkpoints’ write bandwidth");
    case TS_STORAGE_LIMIT_NONE:
    default: return _("the smallest system sold");
    }
}

/* The count, the system and its figures, without a label. */
char *
ts_storage_dup_value (const TsStorageChoice *c)
{
  g_autofree char *capacity = NULL;
  g_autofree char *read = NULL;
  g_autofree char *write = NULL;
  g_autofree char *power = NULL;

  if (c->system == NULL)
    {
      capacity = ts_format_gb (c->need.capacity_bytes);
      read = ts_goodput_dup_bandwidth (c->need.read_bytes_s);
      write = ts_goodput_dup_bandwidth (c->need.write_bytes_s);
      /* Translators: no storage system of the catalog is large enough; the
       * need follows (capacity, read and write bandwidth) */
      return g_strdup_printf (_("none in the catalog meets the need: %s, %s read, %s write"),
                              capacity, read, write);
    }
  capacity = ts_format_gb (c->capacity_bytes);
  read = ts_goodput_dup_bandwidth (c->read_bytes_s);
  write = ts_goodput_dup_bandwidth (c->write_bytes_s);
  if (c->power_kw > 0 && c->typical_power_kw > 0)
    {
      g_autofree char *kw = ts_format_kw (c->power_kw);
      g_autofree char *typical = ts_format_kw (c->typical_power_kw);

      /* Translators: the storage system's power: the typical draw (the
       * energy's) and the maximum (the feeds'), e.g. “0.8 kW typical, 1.2 kW
       * maximum draw” */
      power = g_strdup_printf (_("%s typical, %s maximum draw"), typical, kw);
    }
  else if (c->power_kw > 0)
    {
      g_autofree char *kw = ts_format_kw (c->power_kw);

      /* Translators: the storage system's power, e.g. “1.21 kW maximum draw” */
      power = g_strdup_printf (_("%s maximum draw"), kw);
    }
  else
    power = g_strdup (_("draw not stated, not counted"));
  /* Translators: count × system (rack units, read, write, capacity; power;
   * what sets the count), e.g. “2 × Huawei OceanStor A310 (10 U, 800 GB/s
   * read, 416 GB/s write, 5,760,000 GB; draw not stated, not counted; set
   * by the capacity)” */
  return g_strdup_printf (_("%u × %s (%u U, %s read, %s write, %s; %s; %s)"),
                          c->count, c->system->name, c->rack_units, read, write, capacity, power,
                          limit_words (c->limit));
}

char *
ts_storage_dup_summary (const TsStorageChoice *c)
{
  g_autofree char *value = ts_storage_dup_value (c);

  /* Translators: the storage system an option needs, e.g. “Storage system:
   * 2 × Huawei OceanStor A310 (…)” */
  return g_strdup_printf (_("Storage system: %s"), value);
}

char *
ts_storage_dup_record (const TsStorageSystem *st)
{
  g_autofree char *capacity = ts_format_gb (st->usable_tb * BYTES_PER_TB);
  g_autofree char *read = ts_goodput_dup_bandwidth (st->read_gb_s * BYTES_PER_GB);
  g_autofree char *write = ts_goodput_dup_bandwidth (st->write_gb_s * BYTES_PER_GB);
  g_autofree char *power = st->power_w > 0 ? ts_format_kw (st->power_w / WATTS_PER_KW)
                                           : g_strdup (_("draw not stated"));

  /* Translators: one storage appliance of the catalog: name, rack units,
   * capacity, read, write, maximum draw */
  return g_strdup_printf (_("%s: %u U, %s, %s read, %s write, %s"),
                          st->name, st->rack_units, capacity, read, write, power);
}
