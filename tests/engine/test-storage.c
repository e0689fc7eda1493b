/* test-storage.c — the shared storage system an option needs (issue 31)
 *
 * Expected values: hand calculations written out here (the counts each
 * need asks for, the rule that picks the fewest rack units, what a
 * server's share of the system does to the checkpoint's drain), and
 * invariants on generated plans: the chosen system meets the need the
 * plan states, its units stand in the racks, its draw is in the power and
 * its appliances in the bill of materials.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "ts-test-support.h"

#define TB 1e12
#define GB 1e9

/* An appliance of 100 TB, 40 GB/s read, 20 GB/s write, 2U, sold from 2
 * to 10. 250 TB asks for ⌈2.5⌉ = 3, 100 GB/s of reads for ⌈2.5⌉ = 3, 90
 * GB/s of writes for ⌈4.5⌉ = 5: five, set by the write. A small need
 * takes the smallest system sold (2); 300 GB/s of writes would take 15,
 * past the largest cluster: none. */
static void
test_count_by_hand (void)
{
  TsStorageSystem box = {
    .id = (char *) "box", .name = (char *) "Box", .usable_tb = 100, .read_gb_s = 40, .write_gb_s = 20,
    .rack_units = 2, .power_w = 1000, .min_count = 2, .max_count = 10,
  };
  TsStorageNeed need = { 250 * TB, 100 * GB, 90 * GB };
  TsStorageLimit limit;

  g_assert_cmpuint (ts_storage_count (&box, &need, &limit), ==, 5);
  g_assert_cmpint (limit, ==, TS_STORAGE_LIMIT_WRITE);
  need = (TsStorageNeed) { 350 * TB, 1 * GB, 1 * GB };
  g_assert_cmpuint (ts_storage_count (&box, &need, &limit), ==, 4);
  g_assert_cmpint (limit, ==, TS_STORAGE_LIMIT_CAPACITY);
  need = (TsStorageNeed) { 1 * TB, 1 * GB, 1 * GB };
  g_assert_cmpuint (ts_storage_count (&box, &need, &limit), ==, 2);
  g_assert_cmpint (limit, ==, TS_STORAGE_LIMIT_NONE);
  /* exactly 200 TB is two appliances, not three */
  need = (TsStorageNeed) { 200 * TB, 0, 0 };
  g_assert_cmpuint (ts_storage_count (&box, &need, NULL), ==, 2);
  need = (TsStorageNeed) { 1 * TB, 1 * GB, 300 * GB };
  g_assert_cmpuint (ts_storage_count (&box, &need, NULL), ==, 0);
}

/* The built-in catalog (docs/goodput.md §5): a Qumulo node (1U, 245.76
 * TB, 50 GB/s) and an OceanStor A310 enclosure (5U, 2,880 TB, 400 GB/s
 * read, 208 GB/s write).
 * - Llama 3.1 405B on 2,048 DGX H100: 79.45 TB and 91.6 GB/s of writes:
 *   Qumulo ⌈91.6 / 50⌉ = 2 nodes (2U) against one A310 (5U): 2 Qumulo.
 * - 1 TB/s of writes: Qumulo 20 (20U), A310 ⌈1,000 / 208⌉ = 5 (25U): Qumulo.
 * - 10 PB: Qumulo ⌈10,000 / 245.76⌉ = 41 (41U), A310 ⌈10,000 / 2,880⌉ = 4
 *   (20U): the A310. */
static void
test_choose_by_hand (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  TsStorageNeed need = { 79.4458e12, 7.13e6, 91.605e9 };
  TsStorageChoice c;

  g_assert_true (ts_storage_choose (catalog, &need, &c));
  g_assert_cmpstr (c.system->id, ==, "qumulo-quiver-1u-nvme-245");
  g_assert_cmpuint (c.count, ==, 2);
  g_assert_cmpuint (c.rack_units, ==, 2);
  g_assert_cmpint (c.limit, ==, TS_STORAGE_LIMIT_WRITE);
  ts_assert_close (c.write_bytes_s, 100e9, 1e-12);
  ts_assert_close (c.power_kw, 1.21, 1e-12);
  ts_assert_close (c.typical_power_kw, 0.8, 1e-12);

  need = (TsStorageNeed) { 1 * TB, 1 * GB, 1000 * GB };
  g_assert_true (ts_storage_choose (catalog, &need, &c));
  g_assert_cmpstr (c.system->id, ==, "qumulo-quiver-1u-nvme-245");
  g_assert_cmpuint (c.count, ==, 20);

  need = (TsStorageNeed) { 10000 * TB, 1 * GB, 1 * GB };
  g_assert_true (ts_storage_choose (catalog, &need, &c));
  g_assert_cmpstr (c.system->id, ==, "huawei-oceanstor-a310");
  g_assert_cmpuint (c.count, ==, 4);
  g_assert_cmpint (c.limit, ==, TS_STORAGE_LIMIT_CAPACITY);
  /* the A310's draw is not stated: not counted, and said so */
  g_assert_cmpfloat (c.power_kw, ==, 0);
}

/* A catalog without the section (older files, a user's) loads, and then
 * no system meets any need: the need is kept and stated. */
static void
test_none_fits (void)
{
  GBytes *bytes = ts_catalog_get_builtin_bytes ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TsCatalog) catalog = NULL;
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  TsStorageNeed need = { 5 * TB, 1 * GB, 2 * GB };
  TsStorageChoice c;

  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error));
  g_assert_no_error (error);
  json_object_remove_member (json_node_get_object (json_parser_get_root (parser)), "storage_systems");
  json_generator_set_root (gen, json_parser_get_root (parser));
  text = json_generator_to_data (gen, NULL);
  catalog = ts_catalog_new_from_data (text, -1, "no-storage.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_catalog_get_n_storage_systems (catalog), ==, 0);
  g_assert_false (ts_storage_choose (catalog, &need, &c));
  g_assert_null (c.system);
  ts_assert_close (c.need.write_bytes_s, 2 * GB, 1e-12);
  summary = ts_storage_dup_summary (&c);
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "5,000"));
  g_bytes_unref (bytes);
}

/* test-goodput's job by hand (128 servers, a 10 GB shard each, 10 GB/s
 * local NVMe, 50 GB/s of storage ports), behind a system that sustains
 * 640 GB/s of writes and 1,280 GB/s of reads: each server's share is 5
 * and 10 GB/s, under its ports, so the shard drains in 10 / 5 = 2 s and
 * loads in 10 / 10 = 1 s, R = 601 s; τ stays Daly's 596.26 s (> 2 s);
 * lost = (596.26 + 1)/2 + 2 = 300.63 s. Without local NVMe the job waits
 * the 2 s itself. A system faster than the ports changes nothing. */
static void
test_goodput_at_the_system (void)
{
  TsGoodputInput in = {
    .checkpoint_bytes = 1.28e12, .gpus_per_server = 8,
    .local_write_bytes_s = 10e9, .storage_net_bytes_s = 50e9,
    .dataset_bytes = 1e12, .checkpoints_kept = 3,
    .storage_write_bytes_s = 640e9, .storage_read_bytes_s = 1280e9,
  };
  TsGoodput g;

  ts_goodput_compute (&in, 1024, 2.0, &g);
  ts_assert_close (g.drain_seconds, 2.0, 1e-12);
  ts_assert_close (g.load_seconds, 1.0, 1e-12);
  ts_assert_close (g.restart_seconds, 601.0, 1e-12);
  ts_assert_close (g.checkpoint_interval_seconds, 596.26, 1e-4);
  ts_assert_close (g.lost_seconds, 300.63, 1e-4);
  g_assert_cmpfloat (g.storage_write_bytes_s, <=, in.storage_write_bytes_s);

  in.local_write_bytes_s = 0;
  ts_goodput_compute (&in, 1024, 2.0, &g);
  ts_assert_close (g.checkpoint_seconds, 2.0, 1e-12);

  in.local_write_bytes_s = 10e9;
  in.storage_write_bytes_s = in.storage_read_bytes_s = 1e15;
  ts_goodput_compute (&in, 1024, 2.0, &g);
  ts_assert_close (g.drain_seconds, 0.2, 1e-12);
  ts_assert_close (g.restart_seconds, 600.2, 1e-12);
}

/* Generated plans: every cluster option with storage ports has a system
 * that meets the need its goodput states (capacity, the interval's
 * writes, the data's reads), its units and draw are counted in the racks
 * and the power, and the BOM lists its appliances; one server has none. */
static void
test_generated_plans (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  static const char *models[] = { "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b" };
  static const guint counts[] = { 1, 2, 16, 128, 1024 };
  /* trimmed under valgrind, still the first two: one server (no storage
   * system) and two (a cluster with one) */
  guint n = MAX (ts_test_sweep_size (G_N_ELEMENTS (models) * G_N_ELEMENTS (counts)), 2);
  guint with = 0;
  guint without = 0;

  for (guint k = 0; k < n; k++)
    {
      guint m = k % G_N_ELEMENTS (models);
      guint c = (k / G_N_ELEMENTS (models) + k) % G_N_ELEMENTS (counts);
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, models[m], 0, TS_METHOD_FULL);
      g_autoptr(TsPlan) plan = NULL;
      g_autoptr(GError) error = NULL;

      s->servers = counts[c];
      plan = ts_plan_compute (catalog, s, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < plan->options->len; i++)
        {
          const TsOption *o = &g_array_index (plan->options, TsOption, i);
          g_autoptr(TsBom) bom = ts_option_build_bom (o);
          guint placed = 0;
          const GArray *racks;

          if (!o->storage_applies)
            {
              g_assert_true (o->servers <= 1 || o->server->storage_nic_count == 0);
              g_assert_cmpuint (ts_bom_quantity (bom, TS_BOM_STORAGE), ==, 0);
              without++;
              continue;
            }
          with++;
          g_assert_nonnull (o->storage.system);
          g_assert_cmpfloat (o->storage.capacity_bytes, >=, o->goodput.storage_capacity_bytes * (1 - 1e-9));
          g_assert_cmpfloat (o->storage.write_bytes_s, >=, o->goodput.storage_write_bytes_s * (1 - 1e-9));
          g_assert_cmpfloat (o->storage.read_bytes_s, >=, o->goodput.storage_read_bytes_s * (1 - 1e-9));
          g_assert_cmpuint (ts_bom_quantity (bom, TS_BOM_STORAGE), ==, o->storage.count);
          g_assert_cmpfloat (o->power_kw, >=, o->servers * o->server->max_power_kw + o->storage.power_kw - 1e-9);
          /* the energy counts the storage at its typical draw where the
           * vendor states one (Qumulo: 400 W of its 605 W maximum); no
           * built-in server states a typical draw */
          if (o->server->typical_power_kw <= 0)
            ts_assert_close (o->typical_power_kw,
                             o->power_kw - o->storage.power_kw
                             + (o->storage.typical_power_kw > 0 ? o->storage.typical_power_kw : o->storage.power_kw), 1e-9);
          g_assert_cmpint (o->energy_at_typical, ==, o->storage.typical_power_kw > 0);
          racks = ts_option_get_rack_detail (o);
          for (guint r = 0; racks != NULL && r < racks->len; r++)
            {
              const TsRack *rack = &g_array_index (racks, TsRack, r);

              for (guint d = 0; rack->devices != NULL && d < rack->devices->len; d++)
                if (g_array_index (rack->devices, TsRackDevice, d).role == TS_DEVICE_STORAGE)
                  placed++;
            }
          g_assert_cmpuint (placed, ==, o->storage.count);
        }
    }
  g_assert_cmpuint (with, >, 0);
  g_assert_cmpuint (without, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/storage/count-by-hand", test_count_by_hand);
  g_test_add_func ("/storage/choose-by-hand", test_choose_by_hand);
  g_test_add_func ("/storage/none-fits", test_none_fits);
  g_test_add_func ("/storage/goodput-at-the-system", test_goodput_at_the_system);
  g_test_add_func ("/storage/generated-plans", test_generated_plans);
  return g_test_run ();
}
