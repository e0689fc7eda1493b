/* test-fabric.c — the cluster fabric as the reference architectures build it
 *
 * The expected rows are NVIDIA's own component tables, quoted below
 * (docs/cluster-fabric.md §7); the identities (cables per tier = ports of
 * the tier, leaves = rails × SUs, two transceiver ends per optical link)
 * are checked on generated sizes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-test-support.h"

typedef struct
{
  guint sus, nodes, leaf, spine, core, node_leaf, leaf_spine, spine_core;
} RaRow;

static void
check_rows (const RaRow *rows,
            guint        n_rows,
            guint        switch_ports)
{
  for (guint i = 0; i < n_rows; i++)
    {
      const RaRow *r = &rows[i];
      TsComputeFabric f;

      ts_compute_fabric_size (r->nodes, 8, switch_ports, 1.0, &f);
      g_test_message ("%u SUs, %u nodes: %u/%u/%u", r->sus, r->nodes, f.leaves, f.spines, f.cores);
      g_assert_cmpuint (f.sus, ==, r->sus);
      g_assert_cmpuint (f.leaves, ==, r->leaf);
      g_assert_cmpuint (f.spines, ==, r->spine);
      g_assert_cmpuint (f.cores, ==, r->core);
      g_assert_cmpuint (f.cables_node_leaf, ==, r->node_leaf);
      g_assert_cmpuint (f.cables_leaf_spine, ==, r->leaf_spine);
      g_assert_cmpuint (f.cables_spine_core, ==, r->spine_core);
      g_assert_cmpuint (f.tiers, ==, r->core > 0 ? 3 : 2);
      g_assert_false (f.beyond_three_tiers);
    }
}

/* DGX SuperPOD B200 RA, “Larger SuperPOD component counts”: SU = 32 ×
 * DGX B200 (8 GPUs, 8 × 400G NDR), Quantum-2 QM9700 (64 ports). */
static void
test_ra_b200 (void)
{
  static const RaRow rows[] = {
    {  2,   64,  16,   8,   0,   512,   512,     0 },
    {  4,  128,  32,  16,   0,  1024,  1024,     0 },
    {  8,  256,  64,  32,   0,  2048,  2048,     0 },
    { 16,  512, 128, 128,  64,  4096,  4096,  4096 },
    { 32, 1024, 256, 256, 128,  8192,  8192,  8192 },
    { 64, 2048, 512, 512, 256, 16384, 16384, 16384 },
  };

  check_rows (rows, G_N_ELEMENTS (rows), 64);
}

/* DGX SuperPOD B300 XDR RA, Table 3 “Example Compute Fabric Components”:
 * SU = 72 × DGX B300 (8 × 800G XDR), Quantum-X800 Q3400 (144 ports).
 * The 18-SU row's cables (10,368 = 1,296 nodes × 8) are the RA's; its
 * GPU column says 9,216, which 1,296 × 8 is not. */
static void
test_ra_b300_xdr (void)
{
  static const RaRow rows[] = {
    {  1,   72,   8,  4, 0,   576,   576, 0 },
    {  2,  144,  16,  8, 0,  1152,  1152, 0 },
    {  4,  288,  32, 18, 0,  2304,  2304, 0 },
    {  8,  576,  64, 36, 0,  4608,  4608, 0 },
    { 18, 1296, 144, 72, 0, 10368, 10368, 0 },
  };

  check_rows (rows, G_N_ELEMENTS (rows), 144);
}

/* A partial SU is built whole (the RA: “the fabric should be designed to
 * support the full SU, including leaf switches and leaf-spine cables”):
 * 28 × DGX B200 get one leaf per rail, 8, and the full SU's uplinks. */
static void
test_partial_su (void)
{
  TsComputeFabric f;

  ts_compute_fabric_size (28, 8, 64, 1.0, &f);
  g_assert_cmpuint (f.sus, ==, 1);
  g_assert_cmpuint (f.leaves, ==, 8);
  g_assert_cmpuint (f.cables_node_leaf, ==, 28 * 8);
  g_assert_cmpuint (f.cables_leaf_spine, ==, 8 * 32);
  /* 256 uplinks on 64-port spines, 32 per leaf split evenly: 4 */
  g_assert_cmpuint (f.spines, ==, 4);

  /* 4 × DGX H200: 32 ports on one 64-port switch, one tier */
  ts_compute_fabric_size (4, 8, 64, 1.0, &f);
  g_assert_cmpuint (f.tiers, ==, 1);
  g_assert_cmpuint (f.leaves, ==, 1);
  g_assert_cmpuint (f.spines + f.cores, ==, 0);
  g_assert_cmpuint (f.cables_node_leaf, ==, 32);
}

/* The identities, on sizes from 2 nodes to past three tiers, for every
 * radix in the catalog and some oversubscriptions. */
static void
test_identities (void)
{
  static const guint radix[] = { 64, 128, 144, 256 };
  static const guint per_node[] = { 1, 2, 4, 8 };
  static const double ratios[] = { 1, 1.5, 2, 3, 8 };
  guint checked = 0;

  for (guint a = 0; a < G_N_ELEMENTS (radix); a++)
    for (guint b = 0; b < G_N_ELEMENTS (per_node); b++)
      for (guint c = 0; c < G_N_ELEMENTS (ratios); c++)
        for (guint nodes = 2; nodes < 40000; nodes = nodes * 3 / 2 + 1)
          {
            guint k = radix[a];
            TsComputeFabric f;

            ts_compute_fabric_size (nodes, per_node[b], k, ratios[c], &f);
            checked++;
            /* node–leaf cables = the nodes' compute ports */
            g_assert_cmpuint (f.cables_node_leaf, ==, nodes * per_node[b]);
            if (f.tiers == 1)
              {
                g_assert_cmpuint (nodes * per_node[b], <=, k);
                continue;
              }
            /* a leaf per rail per SU, partial SUs included */
            g_assert_cmpuint (f.rails, ==, per_node[b]);
            g_assert_cmpuint (f.leaves, ==, f.rails * f.sus);
            g_assert_cmpuint (f.sus, ==, (nodes + f.nodes_per_su - 1) / f.nodes_per_su);
            /* a leaf's ports: its nodes down, its uplinks up, within the radix */
            g_assert_cmpuint (f.nodes_per_su + f.leaf_uplinks, <=, k);
            g_assert_cmpfloat (f.oversubscription, <=, ratios[c] + 1e-9);
            g_assert_cmpfloat (f.oversubscription, >=, 1.0);
            /* leaf–spine cables = the leaves' uplink ports */
            g_assert_cmpuint (f.cables_leaf_spine, ==, f.leaves * f.leaf_uplinks);
            if (f.tiers == 2)
              {
                /* the spines take them, each leaf's spread evenly */
                g_assert_cmpuint (f.leaves, <=, k);
                g_assert_cmpuint ((guint64) f.spines * k, >=, f.cables_leaf_spine);
                g_assert_cmpuint (f.leaf_uplinks % f.spines, ==, 0);
                g_assert_cmpuint (f.cores + f.cables_spine_core, ==, 0);
              }
            else
              {
                /* half a spine down, half up: spine–core = leaf–spine */
                g_assert_cmpuint (f.tiers, ==, 3);
                g_assert_cmpuint (f.leaves, >, k);
                g_assert_cmpuint ((guint64) f.spines * (k / 2), >=, f.cables_leaf_spine);
                g_assert_cmpuint (f.cables_spine_core, ==, f.cables_leaf_spine);
                g_assert_cmpuint ((guint64) f.cores * k, >=, f.cables_spine_core);
                g_assert_cmpuint ((guint64) (f.cores - 1) * k, <, f.cables_spine_core);
                g_assert_true (f.beyond_three_tiers == (f.pods > k));
              }
            g_assert_cmpuint (ts_compute_fabric_links (&f), ==,
                              f.cables_node_leaf + f.cables_leaf_spine + f.cables_spine_core);
          }
  g_assert_cmpuint (checked, >, 1000);
}

static const TsOption *
option_at (TsCatalog  *catalog,
           const char *server_id,
           guint       servers,
           double      oversubscription,
           TsPlan    **plan_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  TsPlan *plan;

  ts_scenario_set_server (s, server_id);
  s->servers = servers;
  s->oversubscription = oversubscription;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->options->len, ==, 1);
  *plan_out = plan;
  return &g_array_index (plan->options, TsOption, 0);
}

/* An option's fabric and its bill of materials agree: the BOM's switches
 * are the fabric's; its cables per tier are the tier's links by length
 * class (fibre one a link, copper splitters of up to a cage's ports, a
 * straight copper cable two links between twin-port cages); its
 * transceivers two ends a fibre link, none on copper (a twin-port module
 * carrying two switch ends). */
static void
test_option_bom (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  static const struct { const char *server; guint servers; } cases[] = {
    { "dgx-h200", 2 }, { "dgx-h200", 4 }, { "dgx-b200", 64 }, { "dgx-b200", 512 }, { "dgx-b300", 100 },
    { "huawei-atlas-800t-a2", 40 }, { "dgx-h100", 127 }, { "gb200-nvl72", 8 },
  };
  static const char *const roles[] = { "node-leaf", "leaf-spine", "spine-core" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TsPlan *plan = NULL;
      const TsOption *o = option_at (catalog, cases[i].server, cases[i].servers, 1.0, &plan);
      g_autoptr(TsBom) bom = ts_option_build_bom (o);
      const TsNetwork *net = o->server->network;
      guint per = MAX (1u, net->transceiver_ports);
      guint64 switches = 0, node_modules = 0, switch_modules = 0;
      guint64 fibre[3] = { 0 }, copper[3] = { 0 };

      for (guint l = 0; l < ts_bom_get_n_lines (bom); l++)
        {
          const TsBomLine *line = ts_bom_get_line (bom, l);

          if (line->category == TS_BOM_SWITCH && g_strcmp0 (line->role, "oob-switch") != 0)
            switches += line->quantity;
          for (guint t = 0; t < G_N_ELEMENTS (roles); t++)
            if (line->category == TS_BOM_CABLE && g_strcmp0 (line->role, roles[t]) == 0)
              {
                g_assert_nonnull (line->length_class);
                if (g_strcmp0 (line->length_class, "dac") == 0)
                  copper[t] += line->quantity;
                else
                  {
                    g_assert_cmpstr (line->length_class, ==, "fibre");
                    fibre[t] += line->quantity;
                  }
              }
          if (line->category == TS_BOM_TRANSCEIVER && g_strcmp0 (line->role, "node-port") == 0)
            node_modules += line->quantity;
          if (line->category == TS_BOM_TRANSCEIVER && g_strcmp0 (line->role, "switch-port") == 0)
            switch_modules += line->quantity;
        }
      g_test_message ("%u × %s: %u tiers, copper links %u/%u/%u", cases[i].servers, cases[i].server,
                      o->fabric.tiers, o->fabric.dac_links[0], o->fabric.dac_links[1], o->fabric.dac_links[2]);
      g_assert_cmpuint (ts_bom_quantity (bom, TS_BOM_SERVER), >=, o->servers);
      g_assert_cmpuint (switches, ==, o->leaf_switches + o->spine_switches + o->core_switches + o->storage_switches);
      g_assert_cmpuint (o->fabric.cables_node_leaf, ==, o->compute_ports);
      for (guint t = 0; t < 3; t++)
        {
          guint links = ts_compute_fabric_tier_links (&o->fabric, t);
          guint dac = o->fabric.dac_links[t];

          /* the classes split the tier's links */
          g_assert_cmpuint (dac, <=, links);
          g_assert_cmpuint (fibre[t], ==, links - dac);
          if (t == 0)
            {
              /* a splitter joins one cage to up to `per` node ports of one rack */
              g_assert_cmpuint (copper[t], ==, o->fabric.dac_cables_node_leaf);
              g_assert_cmpuint (copper[t] * per, >=, dac);
              g_assert_cmpuint (copper[t], <=, dac);
            }
          else
            g_assert_cmpuint (copper[t], ==, (dac + per - 1) / per);
        }
      /* two ends a fibre link: a node end a module, the switch ends in
       * modules of `per` (the last one possibly half used); none on copper */
      g_assert_cmpuint (o->optical_links, ==, fibre[0] + fibre[1] + fibre[2]);
      g_assert_cmpuint (node_modules, ==, fibre[0]);
      if (o->optical_links > 0)
        {
          g_assert_cmpuint (node_modules + switch_modules * per, >=, 2 * (guint64) o->optical_links);
          g_assert_cmpuint (node_modules + (switch_modules - 1) * per, <, 2 * (guint64) o->optical_links);
        }
      else
        g_assert_cmpuint (switch_modules, ==, 0);
      g_assert_cmpuint (o->transceivers, ==, node_modules + switch_modules);
      ts_plan_free (plan);
    }
}

/* The length class of every link counted one link at a time from the
 * placed racks (node k on rail r to leaf ⌊k / nodes per SU⌋ × rails + r,
 * or the one switch; a leaf's m-th uplink to spine m mod S of its pod; a
 * spine's m-th uplink to core m mod C) equals the option's counts, on
 * generated sizes of every fabric shape. */
static void
check_classes_by_enumeration (const TsOption *o)
{
  const TsComputeFabric *f = &o->fabric;
  const GArray *racks = ts_option_get_rack_detail (o);
  g_autoptr(GArray) node_rack = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) leaves = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) spines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) cores = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *switch_rack[3] = { leaves, spines, cores };
  guint64 dac[3] = { 0 };

  for (guint r = 0; r < racks->len; r++)
    {
      const TsRack *rack = &g_array_index (racks, TsRack, r);

      for (guint d = 0; d < rack->devices->len; d++)
        {
          TsDeviceRole role = g_array_index (rack->devices, TsRackDevice, d).role;

          if (role == TS_DEVICE_SERVER)
            g_array_append_val (node_rack, r);
          else if (role == TS_DEVICE_LEAF_SWITCH)
            g_array_append_val (switch_rack[0], r);
          else if (role == TS_DEVICE_SPINE_SWITCH)
            g_array_append_val (switch_rack[1], r);
          else if (role == TS_DEVICE_CORE_SWITCH)
            g_array_append_val (switch_rack[2], r);
        }
    }
  g_assert_cmpuint (node_rack->len, ==, o->servers);
  g_assert_cmpuint (switch_rack[0]->len, ==, f->leaves);
  g_assert_cmpuint (switch_rack[1]->len, ==, f->spines);
  g_assert_cmpuint (switch_rack[2]->len, ==, f->cores);

  for (guint k = 0; k < o->servers; k++)
    for (guint r = 0; r < f->rails; r++)
      {
        guint leaf = f->tiers == 1 ? 0 : (k / f->nodes_per_su) * f->rails + r;

        dac[0] += g_array_index (node_rack, guint, k) == g_array_index (switch_rack[0], guint, leaf);
      }
  for (guint i = 0; f->tiers >= 2 && i < f->leaves; i++)
    {
      guint s0, ns;

      ts_compute_fabric_pod_spines (f, i / f->leaves_per_pod, &s0, &ns);
      for (guint m = 0; m < f->leaf_uplinks; m++)
        dac[1] += g_array_index (switch_rack[0], guint, i) == g_array_index (switch_rack[1], guint, s0 + m % ns);
    }
  if (f->tiers >= 3)
    {
      /* a spine sends up what its pod's leaves send it */
      g_autofree guint *uplinks = g_new0 (guint, f->spines);

      for (guint i = 0; i < f->leaves; i++)
        {
          guint s0, ns;

          ts_compute_fabric_pod_spines (f, i / f->leaves_per_pod, &s0, &ns);
          for (guint m = 0; m < f->leaf_uplinks; m++)
            uplinks[s0 + m % ns]++;
        }
      for (guint j = 0; j < f->spines; j++)
        for (guint m = 0; m < uplinks[j]; m++)
          dac[2] += g_array_index (switch_rack[1], guint, j) == g_array_index (switch_rack[2], guint, m % f->cores);
    }
  for (guint t = 0; t < 3; t++)
    g_assert_cmpuint (dac[t], ==, f->dac_links[t]);
}

static void
test_length_classes (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  static const char *const servers[] = { "dgx-h200", "dgx-b200", "huawei-atlas-800t-a2", "dgx-b300", "gb200-nvl72" };
  static const guint counts[] = { 2, 3, 4, 5, 8, 17, 33, 64, 100, 257, 512 };
  guint n = ts_test_sweep_size (G_N_ELEMENTS (counts));
  guint some_copper = 0, some_fibre = 0;

  for (guint a = 0; a < G_N_ELEMENTS (servers); a++)
    for (guint c = 0; c < n; c++)
      {
        TsPlan *plan = NULL;
        const TsOption *o = option_at (catalog, servers[a], counts[c * G_N_ELEMENTS (counts) / n], 1.0, &plan);

        check_classes_by_enumeration (o);
        some_copper += o->fabric.dac_links[0] > 0;
        some_fibre += ts_compute_fabric_fibre_links (&o->fabric, 0) > 0;
        ts_plan_free (plan);
      }
  /* the sweep met both classes */
  g_assert_cmpuint (some_copper, >, 0);
  g_assert_cmpuint (some_fibre, >, 0);
}

/* By hand, from the racks the placement gives (docs/cluster-fabric.md §9):
 * 2 × DGX H200 (8U, 10.2 kW each) stand in one rack with their switch: 16
 * links on 8 MCP7Y00 splitters, no transceiver. 4 × DGX H200: the site's
 * rack power takes two servers and the switch in the first rack, the
 * other two in the next: 16 links on copper, 16 on fibre with 16 node
 * modules and 16 / 2 = 8 twin-port switch modules. 64 × DGX B200 (two a
 * rack) put their leaves in network racks: every node–leaf link on fibre. */
static void
test_length_classes_by_hand (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  TsPlan *plan = NULL;
  const TsOption *o;

  o = option_at (catalog, "dgx-h200", 2, 1.0, &plan);
  g_assert_cmpuint (o->fabric.tiers, ==, 1);
  g_assert_cmpuint (o->fabric.dac_links[0], ==, 16);
  g_assert_cmpuint (o->fabric.dac_cables_node_leaf, ==, 8);
  g_assert_cmpuint (o->optical_links + o->transceivers, ==, 0);
  ts_plan_free (plan);

  o = option_at (catalog, "dgx-h200", 4, 1.0, &plan);
  g_assert_cmpuint (o->fabric.tiers, ==, 1);
  g_assert_cmpuint (o->fabric.dac_links[0], ==, 16);
  g_assert_cmpuint (o->optical_links, ==, 16);
  g_assert_cmpuint (o->transceivers, ==, 16 + 8);
  ts_plan_free (plan);

  o = option_at (catalog, "dgx-b200", 64, 1.0, &plan);
  g_assert_cmpuint (o->fabric.tiers, ==, 2);
  g_assert_cmpuint (o->fabric.dac_links[0], ==, 0);
  g_assert_cmpuint (ts_compute_fabric_fibre_links (&o->fabric, 0), ==, 512);
  ts_plan_free (plan);
}

/* The leaf uplinks an oversubscribed fabric shares are judged against
 * the step's traffic (docs/cluster-fabric.md §6): on 1:1 never a failure
 * of their own; at 8:1 a large cluster whose step needs more than an
 * eighth of the port between SUs fails, and says so. */
static void
test_tier_verdict (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  TsPlan *plan = NULL;
  const TsOption *o;

  o = option_at (catalog, "dgx-b200", 256, 1.0, &plan);
  g_assert_false (o->failures & TS_FAILURE_FABRIC_BANDWIDTH);
  g_assert_cmpfloat (o->fabric_tier_gb_s[1], ==, o->network_gb_s);
  ts_plan_free (plan);

  o = option_at (catalog, "dgx-b200", 256, 8.0, &plan);
  g_assert_cmpfloat (o->fabric.oversubscription, >, 1);
  ts_assert_close (o->fabric_tier_gb_s[1], o->network_gb_s / o->fabric.oversubscription, 1e-12);
  g_assert_true (((o->failures & TS_FAILURE_FABRIC_BANDWIDTH) != 0)
                 == (o->network_needed_gb_s > o->fabric_tier_gb_s[1]));
  if (o->failures & TS_FAILURE_FABRIC_BANDWIDTH)
    {
      g_autoptr(GPtrArray) failures = ts_option_dup_failures (o);

      g_assert_false (o->ok);
      g_assert_cmpuint (failures->len, >, 0);
    }
  ts_plan_free (plan);
}

/* `trainsizer-cli bom` writes the JSON's options[].bom of the shown
 * option as CSV, line for line: 4 × DGX H200 and 64 × DGX B200, the
 * sizes the spec sheets show. */
static void
test_cli_bom (void)
{
  static const char *const servers[][2] = { { "dgx-h200", "4" }, { "dgx-b200", "64" } };

  for (guint i = 0; i < G_N_ELEMENTS (servers); i++)
    {
      const char *bom_argv[] = { "bom", "--model", "llama-3.1-70b", "--method", "full", "--server", servers[i][0],
                                 "--servers", servers[i][1], NULL };
      const char *json_argv[] = { "estimate", "--model", "llama-3.1-70b", "--method", "full", "--server", servers[i][0],
                                  "--servers", servers[i][1], "--format", "json", NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr(JsonNode) root = ts_test_cli_json (json_argv);
      JsonArray *bom;
      g_auto(GStrv) lines = NULL;

      g_assert_cmpint (ts_test_run_cli (bom_argv, &out, &err), ==, 0);
      lines = g_strsplit (out, "\r\n", -1);
      g_assert_cmpstr (lines[0], ==, "category,item,role,quantity,unit_price_usd,estimate,length_class");
      bom = json_object_get_array_member (json_array_get_object_element (
                json_object_get_array_member (json_node_get_object (root), "options"), 0), "bom");
      g_assert_cmpuint (g_strv_length (lines), ==, json_array_get_length (bom) + 2);   /* header, lines, "" after the last CRLF */
      for (guint l = 0; l < json_array_get_length (bom); l++)
        {
          JsonObject *line = json_array_get_object_element (bom, l);
          g_autofree char *head = g_strdup_printf ("%s,", json_object_get_string_member (line, "category"));
          g_autofree char *quantity = g_strdup_printf (",%" G_GINT64_FORMAT ",",
                                                       json_object_get_int_member (line, "quantity"));

          g_assert_true (g_str_has_prefix (lines[l + 1], head));
          g_assert_nonnull (strstr (lines[l + 1], json_object_get_string_member (line, "role")));
          g_assert_nonnull (strstr (lines[l + 1], quantity));
          /* the length class last, empty where the JSON has none */
          g_assert_true (g_str_has_suffix (lines[l + 1], json_object_has_member (line, "length_class")
                                                         ? json_object_get_string_member (line, "length_class")
                                                         : ","));
        }
    }
}

/* options[].network carries the fabric the issue asks for — core_switches,
 * cables {node_leaf, leaf_spine, spine_core}, transceivers — and the
 * cables by length class, through the CLI's JSON: the B200 RA's 16-SU
 * row (512 nodes: 128 leaf, 128 spine, 64 core, 4,096 cables a tier)
 * and its 2-SU row (64 nodes: 16 leaf, 8 spine, no core, 512 a tier). */
static void
test_cli_network_json (void)
{
  static const struct { const char *servers; gint64 leaf, spine, core, cables, spine_core; } rows[] = {
    { "512", 128, 128, 64, 4096, 4096 },
    { "64", 16, 8, 0, 512, 0 },
  };
  static const char *const tiers[] = { "node_leaf", "leaf_spine", "spine_core" };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const char *argv[] = { "estimate", "--model", "llama-3.1-70b", "--method", "full", "--server", "dgx-b200",
                             "--servers", rows[i].servers, "--format", "json", NULL };
      g_autoptr(JsonNode) root = ts_test_cli_json (argv);
      JsonObject *option = json_array_get_object_element (
          json_object_get_array_member (json_node_get_object (root), "options"), 0);
      JsonObject *net = json_object_get_object_member (option, "network");
      JsonObject *cables = json_object_get_object_member (net, "cables");
      JsonObject *by_class = json_object_get_object_member (net, "cables_by_class");
      gint64 fibre = 0, node_fibre = 0;

      g_assert_cmpint (json_object_get_int_member (net, "leaf_switches"), ==, rows[i].leaf);
      g_assert_cmpint (json_object_get_int_member (net, "spine_switches"), ==, rows[i].spine);
      g_assert_cmpint (json_object_get_int_member (net, "core_switches"), ==, rows[i].core);
      g_assert_cmpint (json_object_get_int_member (cables, "node_leaf"), ==, rows[i].cables);
      g_assert_cmpint (json_object_get_int_member (cables, "leaf_spine"), ==, rows[i].cables);
      g_assert_cmpint (json_object_get_int_member (cables, "spine_core"), ==, rows[i].spine_core);
      for (guint t = 0; t < G_N_ELEMENTS (tiers); t++)
        {
          JsonObject *tier = json_object_get_object_member (by_class, tiers[t]);

          /* the classes split the tier's cables */
          g_assert_cmpint (json_object_get_int_member (tier, "dac") + json_object_get_int_member (tier, "fibre"), ==,
                           json_object_get_int_member (cables, tiers[t]));
          fibre += json_object_get_int_member (tier, "fibre");
          if (t == 0)
            node_fibre = json_object_get_int_member (tier, "fibre");
        }
      g_assert_cmpint (json_object_get_int_member (net, "optical_links"), ==, fibre);
      /* two ends a fibre link: the node ends one a module, the switch ends two */
      g_assert_cmpint (json_object_get_int_member (net, "transceivers"), ==, node_fibre + (node_fibre + 2 * (fibre - node_fibre) + 1) / 2);
    }
}

/* Huawei's 200GE RoCE for Atlas (docs/cluster-fabric.md §9): the
 * parameter-plane switch of DaoCloud's Atlas 800T A2 report, the XH9210,
 * 32 × 400GE each split into two 200GE node ports = 64 ports, built by
 * the same rules. By hand: 40 Atlas 800T A2 × 8 ports; an SU of 64 / 2
 * = 32 nodes, so 2 SUs (the second partial, built whole) × 8 rails = 16
 * leaves, 16 × 32 = 512 uplinks on 64-port spines = 8, a divisor of 32. */
static void
test_atlas_200ge (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsNetwork *net = ts_catalog_find_network (catalog, "roce-200ge");
  TsPlan *plan = NULL;
  const TsOption *o;

  g_assert_cmpuint (net->port_gbps, ==, 200);
  g_assert_cmpuint (net->switch_ports, ==, 32 * 2);
  g_assert_nonnull (strstr (net->switch_model, "XH9210"));
  o = option_at (catalog, "huawei-atlas-800t-a2", 40, 1.0, &plan);
  g_assert_true (o->server->network == net);
  g_assert_cmpuint (o->fabric.rails, ==, 8);
  g_assert_cmpuint (o->fabric.nodes_per_su, ==, 32);
  g_assert_cmpuint (o->fabric.sus, ==, 2);
  g_assert_cmpuint (o->leaf_switches, ==, 16);
  g_assert_cmpuint (o->spine_switches, ==, 8);
  g_assert_cmpuint (o->core_switches, ==, 0);
  g_assert_cmpuint (o->fabric.cables_node_leaf, ==, 320);
  g_assert_cmpuint (o->fabric.cables_leaf_spine, ==, 512);
  ts_plan_free (plan);
}

/* The other fabrics as the H100 RA counts them for its 4-SU system of
 * 127 DGX H100 (Table 7): 4 UFM appliances (a pair for the compute and
 * the storage InfiniBand fabric) and 5 management servers; a storage
 * port per storage NIC on ⌈ports / 64⌉ switches, a cable each; an
 * out-of-band port a BMC, a switch, a PDU, an appliance and a management
 * server — each line in the bill of materials. */
static void
test_other_fabrics (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  TsPlan *plan = NULL;
  const TsOption *o = option_at (catalog, "dgx-h100", 127, 1.0, &plan);
  g_autoptr(TsBom) bom = ts_option_build_bom (o);
  guint64 fm = 0, ms = 0, oob = 0, storage = 0;

  g_assert_cmpuint (o->fabric_managers, ==, 4);
  g_assert_cmpuint (o->management_servers, ==, 5);
  g_assert_cmpuint (o->storage_ports, ==, 127 * o->server->storage_nic_count);
  g_assert_cmpuint (o->storage_switches, ==, (o->storage_ports + 63) / 64);
  g_assert_cmpuint (o->storage_cables, ==, o->storage_ports);
  g_assert_cmpuint (o->oob_ports, ==, 127 + o->leaf_switches + o->spine_switches + o->core_switches
                                      + o->storage_switches + o->racks * o->pdus_per_rack + 4 + 5);
  for (guint i = 0; i < ts_bom_get_n_lines (bom); i++)
    {
      const TsBomLine *l = ts_bom_get_line (bom, i);

      if (g_strcmp0 (l->role, "fabric-manager") == 0)
        fm += l->quantity;
      if (g_strcmp0 (l->role, "management-server") == 0)
        ms += l->quantity;
      if (g_strcmp0 (l->role, "oob-link") == 0)
        oob += l->quantity;
      if (g_strcmp0 (l->role, "storage-link") == 0)
        storage += l->quantity;
    }
  g_assert_cmpuint (fm, ==, 4);
  g_assert_cmpuint (ms, ==, 5);
  g_assert_cmpuint (oob, ==, o->oob_ports);
  g_assert_cmpuint (storage, ==, o->storage_ports);
  ts_plan_free (plan);
}

/* The parts as records of their own (docs/cluster-fabric.md §9): the
 * NDR network names its transceivers and cables by id, and takes their
 * names and the twin-port module's two links from them; the BOM says
 * each cable line's length class (the MCP7Y00 splitter, 1–3 m, within a
 * rack; the MFP7E10 fibre between racks). */
static void
test_part_records (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  const TsNetwork *ndr = ts_catalog_find_network (catalog, "ib-ndr");
  static const guint counts[] = { 2, 64 };

  g_assert_nonnull (ndr->transceiver);
  g_assert_cmpstr (ndr->transceiver->id, ==, "nvidia-mma4z00-ns");
  g_assert_cmpstr (ndr->transceiver_model, ==, ndr->transceiver->name);
  g_assert_cmpuint (ndr->transceiver_ports, ==, 2);
  g_assert_cmpstr (ndr->copper_cable->length_class, ==, "dac");
  ts_assert_close (ndr->copper_cable->reach_m, 3, 1e-12);
  g_assert_cmpstr (ndr->optical_cable->length_class, ==, "fibre");
  g_assert_cmpuint (ndr->node_transceiver->ports, ==, 1);

  for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
      g_autoptr(TsPlan) plan = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(TsBom) bom = NULL;
      const TsOption *o;
      guint seen = 0;

      ts_scenario_set_server (s, "dgx-h200");
      s->servers = counts[c];
      plan = ts_plan_compute (catalog, s, &error);
      g_assert_no_error (error);
      o = &g_array_index (plan->options, TsOption, 0);
      bom = ts_option_build_bom (o);
      for (guint i = 0; i < ts_bom_get_n_lines (bom); i++)
        {
          const TsBomLine *l = ts_bom_get_line (bom, i);

          if (l->category != TS_BOM_CABLE || g_strcmp0 (l->role, "node-leaf") != 0)
            continue;
          seen++;
          /* each class its part: the splitter within a rack, the fibre between */
          if (g_strcmp0 (l->length_class, "dac") == 0)
            g_assert_cmpstr (l->item, ==, ndr->copper_cable->name);
          else
            {
              g_assert_cmpstr (l->length_class, ==, "fibre");
              g_assert_cmpstr (l->item, ==, ndr->optical_cable->name);
            }
        }
      /* 2 × DGX H200 in one rack with their switch: copper only */
      g_assert_cmpuint (seen, >=, 1);
      if (c == 0)
        g_assert_cmpuint (seen, ==, 1);
      g_assert_cmpuint (o->fabric.tiers, ==, c == 0 ? 1 : 2);
    }
}

/* A network that names a part the catalog lacks, or a cable where a
 * transceiver belongs, is refused with the field named. */
static void
test_part_references_checked (void)
{
  static const struct { const char *field; const char *id; const char *why; } cases[] = {
    { "transceiver_id", "no-such-part", "names no part in the catalog" },
    { "transceiver_id", "nvidia-mcp7y00", "names a part that is not a transceiver" },
    { "copper_cable_id", "nvidia-mma4z00-ns400", "names a part that is not a cable" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(GBytes) bytes = ts_catalog_get_builtin_bytes ();
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(TsCatalog) catalog = NULL;
      g_autofree char *text = NULL;
      JsonArray *networks;

      g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
      networks = json_node_get_array (json_object_get_member (json_node_get_object (json_parser_get_root (parser)),
                                                              "networks"));
      json_object_set_string_member (json_array_get_object_element (networks, 0), cases[k].field, cases[k].id);
      json_generator_set_root (gen, json_parser_get_root (parser));
      text = json_generator_to_data (gen, NULL);
      catalog = ts_catalog_new_from_data (text, -1, "parts.json", &error);
      g_assert_null (catalog);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, cases[k].field));
      g_assert_nonnull (strstr (error->message, cases[k].why));
    }
}

int
main (int    argc,
      char **argv)
{
  ts_test_init (&argc, &argv);
  g_test_add_func ("/fabric/reference/b200", test_ra_b200);
  g_test_add_func ("/fabric/reference/b300-xdr", test_ra_b300_xdr);
  g_test_add_func ("/fabric/partial-su", test_partial_su);
  g_test_add_func ("/fabric/identities", test_identities);
  g_test_add_func ("/fabric/option-bom", test_option_bom);
  g_test_add_func ("/fabric/length-classes", test_length_classes);
  g_test_add_func ("/fabric/length-classes-by-hand", test_length_classes_by_hand);
  g_test_add_func ("/fabric/tier-verdict", test_tier_verdict);
  g_test_add_func ("/fabric/cli-bom", test_cli_bom);
  g_test_add_func ("/fabric/cli-network-json", test_cli_network_json);
  g_test_add_func ("/fabric/other-fabrics", test_other_fabrics);
  g_test_add_func ("/fabric/atlas-200ge", test_atlas_200ge);
  g_test_add_func ("/fabric/part-records", test_part_records);
  g_test_add_func ("/fabric/part-references-checked", test_part_references_checked);
  return g_test_run ();
}
