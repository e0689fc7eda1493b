/* ts-racks.c — placing an option's devices in racks
 *
 * Servers, switches and PDUs placed rack by rack within the site's rack
 * height and power, the counts a plan keeps (racks, units, PDUs, the
 * busiest feed's current), the rack detail with every device, and the
 * names of the devices' roles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-options-private.h"

void
_ts_options_rack_detail_free (GArray *racks)
{
  for (guint i = 0; i < racks->len; i++)
    g_clear_pointer (&g_array_index (racks, TsRack, i).devices, g_array_unref);
  g_array_unref (racks);
}

const char *
ts_device_role_to_string (TsDeviceRole role)
{
  switch (role)
    {
    case TS_DEVICE_SERVER: return "server";
    case TS_DEVICE_LEAF_SWITCH: return "leaf-switch";
    case TS_DEVICE_SPINE_SWITCH: return "spine-switch";
    case TS_DEVICE_STORAGE_SWITCH: return "storage-switch";
    case TS_DEVICE_MANAGEMENT_SWITCH: return "management-switch";
    case TS_DEVICE_PDU: return "pdu";
    case TS_DEVICE_CORE_SWITCH: return "core-switch";
    case TS_DEVICE_STORAGE: return "storage";
    case TS_N_DEVICE_ROLES:
    default: return "device";
    }
}

/* ---- racks -------------------------------------------------------------- */

static guint
pdus_per_feed (const TsPdu *pdu,
               double       amps_per_phase)
{
  if (pdu == NULL || pdu->amps_per_phase <= 0)
    return 1;
  return MAX (1u, (guint) ceil (amps_per_phase / pdu->amps_per_phase - 1e-9));
}

static guint
pdus_for_rack (const TsPdu *pdu,
               double       amps_per_phase)
{
  if (pdu == NULL)
    return 0;
  return MAX (pdu->per_rack, 2 * pdus_per_feed (pdu, amps_per_phase));
}

void
_ts_options_placer_init (Placer          *p,
             const TsCatalog *catalog,
             const TsServer  *server,
             const TsOption  *option,
             guint            detail)
{
  p->catalog = catalog;
  p->server = server;
  p->option = option;
  p->racks = p->stack;
  p->n_racks = 0;
  p->allocated = PLACER_STACK_RACKS;
  p->detail = detail;
  p->usable_units = 0;
  memset (p->switch_rack, 0, sizeof p->switch_rack);
}

/* Frees what the placer holds; the devices of racks handed over with
 * placer_steal () are the caller's. */
void
_ts_options_placer_clear (Placer *p)
{
  for (guint i = 0; i < p->n_racks; i++)
    g_clear_pointer (&p->racks[i].devices, g_array_unref);
  if (p->racks != p->stack)
    g_free (p->racks);
  p->racks = p->stack;
  p->n_racks = 0;
  for (guint r = 0; r < G_N_ELEMENTS (p->switch_rack); r++)
    g_clear_pointer (&p->switch_rack[r], g_free);
}

static GArray *
placer_steal (Placer *p)
{
  GArray *racks = g_array_sized_new (FALSE, TRUE, sizeof (TsRack), p->n_racks);

  g_array_append_vals (racks, p->racks, p->n_racks);
  p->n_racks = 0;
  _ts_options_placer_clear (p);
  return racks;
}

static TsRack *
new_rack (Placer *p,
          guint   units)
{
  TsRack *rack;

  if (p->n_racks == p->allocated)
    {
      if (p->racks == p->stack)
        {
          p->racks = g_new (TsRack, p->allocated * 2);
          memcpy (p->racks, p->stack, p->n_racks * sizeof (TsRack));
        }
      else
        p->racks = g_renew (TsRack, p->racks, p->allocated * 2);
      p->allocated *= 2;
    }
  rack = &p->racks[p->n_racks];
  memset (rack, 0, sizeof *rack);
  if (p->n_racks < p->detail)
    rack->devices = g_array_sized_new (FALSE, TRUE, sizeof (TsRackDevice), 8);
  rack->units = units;
  rack->limit_kw = p->option->site_rack_kw;
  p->n_racks++;
  return rack;
}

static void
rack_add (TsRack       *rack,
          TsDeviceRole  role,
          const char   *name,
          guint         u_bottom,
          guint         u_height,
          double        kw,
          double        heat_btu_h,
          double        weight_kg)
{
  if (rack->devices != NULL)
    {
      TsRackDevice d = { role, name, u_bottom, u_height, kw, weight_kg };

      g_array_append_val (rack->devices, d);
    }
  if (role == TS_DEVICE_SERVER)
    rack->servers++;
  if (role != TS_DEVICE_MANAGEMENT_SWITCH && u_height > 0)
    rack->stack_top = MAX (rack->stack_top, u_bottom + u_height - 1);
  rack->used_units += u_height;
  rack->power_kw += kw;
  rack->heat_btu_h += heat_btu_h;
  rack->weight_kg += weight_kg;
  if (kw > rack->limit_kw)
    rack->over_limit = TRUE;
}

/* The highest unit taken by what is stacked from the bottom (the
 * management switch sits apart at the top). */
static guint
rack_top (const TsRack *rack)
{
  return rack->stack_top;
}

static gboolean
rack_takes (const Placer *p,
            const TsRack *rack,
            guint         u_height,
            double        kw)
{
  return rack_top (rack) + u_height <= p->usable_units
         && (rack->power_kw + kw <= rack->limit_kw + 1e-9 || rack->used_units == 0);
}

static int
compare_devices (gconstpointer a,
                 gconstpointer b)
{
  const TsRackDevice *da = a;
  const TsRackDevice *db = b;

  return (int) da->u_bottom - (int) db->u_bottom;
}

/* The storage system's appliances in racks of their own, as the
 * reference architectures keep storage apart from the compute racks
 * (docs/goodput.md §5): filled in turn, a new rack when one is full.
 * Every appliance is the same model, so the cursor never goes back. */
static void
place_storage (Placer *p)
{
  const TsOption *o = p->option;
  const TsStorageSystem *system = o->storage.system;
  double btu = ts_catalog_get_btu_h_per_kw (p->catalog);
  guint cursor = p->n_racks;

  if (system == NULL)
    return;
  for (guint i = 0; i < o->storage.count; i++)
    {
      double kw = system->power_w / WATTS_PER_KW;
      TsRack *rack = NULL;

      for (; cursor < p->n_racks && rack == NULL; cursor++)
        {
          TsRack *candidate = &p->racks[cursor];

          p->usable_units = candidate->units;
          if (rack_takes (p, candidate, system->rack_units, kw))
            {
              rack = candidate;
              break;
            }
        }
      if (rack == NULL)
        {
          rack = new_rack (p, o->site_rack_units);
          p->usable_units = rack->units;
        }
      rack_add (rack, TS_DEVICE_STORAGE, system->name, rack_top (rack) + 1, system->rack_units, kw, kw * btu,
                system->weight_kg);
    }
}

/* The servers, filling each rack up to its power and units before the
 * next (a whole-rack system is a rack of its own). */
static void
place_servers (Placer  *p,
               guint    site_units,
               gboolean whole_rack)
{
  const TsServer *server = p->server;
  double heat = ts_server_heat_btu_h (p->catalog, server);
  TsRack *rack = NULL;

  for (guint i = 0; i < p->option->servers; i++)
    {
      double kw = server->max_power_kw;

      if (whole_rack)
        {
          rack = new_rack (p, MAX (site_units, server->rack_units));
          rack_add (rack, TS_DEVICE_SERVER, server->name, 1, server->rack_units, kw,
                    heat, server->weight_kg);
          continue;
        }
      if (rack == NULL || !rack_takes (p, rack, server->rack_units, kw))
        rack = new_rack (p, site_units);
      rack_add (rack, TS_DEVICE_SERVER, server->name, rack_top (rack) + 1, server->rack_units, kw,
                heat, server->weight_kg);
    }
}

/* A management switch at the top of every server rack, in the units
 * the servers left for it. */
static void
place_management_switches (Placer                   *p,
                           const TsManagementSwitch *mgmt,
                           guint                     mgmt_u,
                           RackTotals               *t)
{
  double btu = ts_catalog_get_btu_h_per_kw (p->catalog);

  for (guint r = 0; r < p->n_racks; r++)
    {
      TsRack *rack = &p->racks[r];

      t->management_switches++;
      rack_add (rack, TS_DEVICE_MANAGEMENT_SWITCH, mgmt->name, rack->units - mgmt_u + 1, mgmt_u,
                mgmt->power_w / WATTS_PER_KW, mgmt->power_w / WATTS_PER_KW * btu, mgmt->weight_kg);
    }
}

/* The fabric's leaf, spine, core and storage switches: in the server
 * racks' free units first (below their management switch), then in
 * network racks. */
static void
place_fabric_switches (Placer  *p,
                       guint    site_units,
                       guint    mgmt_u,
                       gboolean whole_rack)
{
  const TsOption *o = p->option;
  const TsNetwork *net = p->server->network;
  double btu = ts_catalog_get_btu_h_per_kw (p->catalog);
  guint first_network_rack = p->n_racks;
  guint cursor = 0;
  struct { TsDeviceRole role; guint count; } fabric[] = {
    { TS_DEVICE_LEAF_SWITCH, o->leaf_switches },
    { TS_DEVICE_SPINE_SWITCH, o->spine_switches },
    { TS_DEVICE_CORE_SWITCH, o->core_switches },
    { TS_DEVICE_STORAGE_SWITCH, o->storage_switches },
  };

  p->usable_units = site_units;
  /* leaves, spines and cores keep their racks for the links' classes */
  for (guint f = 0; f < G_N_ELEMENTS (p->switch_rack); f++)
    {
      g_free (p->switch_rack[f]);
      p->switch_rack[f] = g_new (guint, MAX (1u, fabric[f].count));
    }
  for (guint f = 0; f < G_N_ELEMENTS (fabric); f++)
    for (guint i = 0; i < fabric[f].count; i++)
      {
        double kw = net->switch_power_w / WATTS_PER_KW;
        guint u = net->switch_rack_units;
        TsRack *rack = NULL;

        /* Every fabric switch is the same model, so a rack that refused
         * one refuses the next: the cursor never goes back, which keeps
         * a 10,000-rack cluster linear. */
        for (; cursor < p->n_racks && rack == NULL; cursor++)
          {
            TsRack *candidate = &p->racks[cursor];

            p->usable_units = cursor < first_network_rack && mgmt_u > 0 ? candidate->units - mgmt_u : candidate->units;
            if (whole_rack && cursor < first_network_rack)
              continue;
            if (rack_takes (p, candidate, u, kw))
              {
                rack = candidate;
                break;
              }
          }
        if (rack == NULL)
          {
            rack = new_rack (p, site_units);
            p->usable_units = rack->units;
          }
        rack_add (rack, fabric[f].role, net->switch_model, rack_top (rack) + 1, u, kw, kw * btu,
                  net->switch_weight_kg);
        if (f < G_N_ELEMENTS (p->switch_rack))
          p->switch_rack[f][i] = (guint) (rack - p->racks);
      }
}

/* ---- the links' length classes (docs/cluster-fabric.md §9) ------------- */

static guint
overlap (guint64 a0,
         guint64 a1,
         guint64 b0,
         guint64 b1)
{
  guint64 lo = MAX (a0, b0);
  guint64 hi = MIN (a1, b1);

  return hi > lo ? (guint) (hi - lo) : 0;
}

/* The switches of one tier standing in `rack`: the placer fills racks
 * in order and never goes back, so they are a run [*first, *end). */
static void
switches_in_rack (const guint *racks_of,
                  guint        n,
                  guint        rack,
                  guint       *first,
                  guint       *end)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (racks_of[mid] < rack)
        lo = mid + 1;
      else
        hi = mid;
    }
  *first = lo;
  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (racks_of[mid] <= rack)
        lo = mid + 1;
      else
        hi = mid;
    }
  *end = lo;
}

/* Links spread round robin: `links` from one switch over `n` switches
 * of the tier above give each u / n, and the first links % n one more.
 * Those that reach the switches [a, b) of the n. */
static guint64
spread_into (guint64 links,
             guint   n,
             guint   a,
             guint   b)
{
  if (n == 0 || b <= a)
    return 0;
  return (guint64) (b - a) * (links / n) + overlap (0, links % n, a, b);
}

/* Node k of the cluster (placed in order, servers first) is cabled to
 * leaf (k / nodes_per_su) × rails + r on rail r; a leaf's uplinks go
 * round robin over its pod's spines, a spine's over every core. A link
 * whose two ends share a rack is on copper (DAC, within its reach of a
 * rack); every other one runs between racks on fibre. */
static void
count_link_classes (Placer     *p,
                    RackTotals *t)
{
  const TsComputeFabric *f = &p->option->fabric;
  const TsNetwork *net = p->server->network;
  guint per_cable = net->copper_cable != NULL && net->copper_cable->ports > 0
                    ? net->copper_cable->ports : MAX (1u, net->transceiver_ports);
  g_autofree guint64 *first_node = g_new0 (guint64, p->n_racks + 1);
  guint64 dac_ls = 0, dac_sc = 0, dac_nl = 0, splitters = 0;

  if (f->tiers == 0 || p->switch_rack[0] == NULL)
    return;
  for (guint r = 0; r < p->n_racks; r++)
    first_node[r + 1] = first_node[r] + p->racks[r].servers;

  for (guint i = 0; i < f->leaves; i++)
    {
      guint rack = p->switch_rack[0][i];
      guint64 su = i / MAX (1u, f->rails);
      /* a leaf takes one rail of its SU; a lone switch takes every rail */
      guint64 n = (guint64) overlap (su * f->nodes_per_su,
                                     MIN ((su + 1) * f->nodes_per_su, (guint64) p->option->servers),
                                     first_node[rack], first_node[rack + 1])
                  * (f->tiers == 1 ? f->rails : 1);

      dac_nl += n;
      splitters += (n + per_cable - 1) / per_cable;
      if (f->tiers >= 2)
        {
          guint s0, ns, a, b, lo, hi;

          /* the leaf's pod's spines that share its rack */
          ts_compute_fabric_pod_spines (f, i / MAX (1u, f->leaves_per_pod), &s0, &ns);
          switches_in_rack (p->switch_rack[1], f->spines, rack, &a, &b);
          lo = MAX (a, s0);
          hi = MIN (b, s0 + ns);
          if (hi > lo)
            dac_ls += spread_into (f->leaf_uplinks, ns, lo - s0, hi - s0);
        }
    }

  for (guint j = 0; f->tiers >= 3 && j < f->spines; j++)
    {
      guint pod = j / MAX (1u, f->spines_per_pod);
      guint s0, ns, a, b;
      guint pod_leaves = MIN (f->leaves_per_pod, f->leaves - MIN (f->leaves, pod * f->leaves_per_pod));
      guint64 uplinks;

      ts_compute_fabric_pod_spines (f, pod, &s0, &ns);
      /* what the pod's leaves send it: its uplinks are as many */
      uplinks = spread_into (f->leaf_uplinks, ns, j - s0, j - s0 + 1) * pod_leaves;
      switches_in_rack (p->switch_rack[2], f->cores, p->switch_rack[1][j], &a, &b);
      dac_sc += spread_into (uplinks, f->cores, a, b);
    }

  t->dac_links[0] = (guint) MIN (dac_nl, (guint64) G_MAXUINT);
  t->dac_links[1] = (guint) MIN (dac_ls, (guint64) G_MAXUINT);
  t->dac_links[2] = (guint) MIN (dac_sc, (guint64) G_MAXUINT);
  t->dac_cables_node_leaf = (guint) MIN (splitters, (guint64) G_MAXUINT);
}

/* A rack once everything is in it: its feed's current and PDUs, its
 * devices in order, and its share of the totals. */
static void
finish_rack (Placer     *p,
             TsRack     *rack,
             RackTotals *t)
{
  const TsOption *o = p->option;
  const TsPdu *pdu = ts_catalog_get_pdu (p->catalog);
  guint pdus;

  rack->amps_per_phase = ts_site_amps (rack->power_kw, o->site_voltage, o->phases);
  pdus = pdus_for_rack (pdu, rack->amps_per_phase);
  for (guint i = 0; i < pdus; i++)
    rack_add (rack, TS_DEVICE_PDU, pdu->name, 0, 0, 0, 0, pdu->weight_kg);
  if (rack->devices != NULL)
    g_array_sort (rack->devices, compare_devices);
  t->rack_units += rack->used_units;
  t->feed_amps = MAX (t->feed_amps, rack->amps_per_phase);
  t->pdus_per_rack = MAX (t->pdus_per_rack, pdus);
  t->over_limit |= rack->over_limit;
  if (rack->power_kw > t->rack_kw)
    {
      t->rack_kw = rack->power_kw;
      t->rack_servers = rack->servers;
    }
  t->rack_kg = MAX (t->rack_kg, rack->weight_kg);
  if (rack->servers > 0)
    {
      t->server_racks++;
      if (ts_facility_rack_past_air (rack->power_kw, o->site_air_rack_kw))
        {
          t->past_air_racks++;
          t->past_air_kw += rack->power_kw;
        }
    }
}

/* Servers bottom up, each rack filled while its height and the site's
 * per-rack power limit allow (a server heavier than the limit gets a rack
 * of its own, flagged); a management switch on top of every server rack;
 * fabric and storage switches first-fit into the space left, else into
 * network racks; two 0U PDUs (A and B) per rack. A rack-scale system
 * (GB200 NVL72) is a rack by itself. */
void
_ts_options_place_racks (Placer     *p,
                         RackTotals *t)
{
  const TsServer *server = p->server;
  const TsOption *o = p->option;
  const TsManagementSwitch *mgmt = ts_catalog_get_management_switch (p->catalog);
  guint site_units = o->site_rack_units;
  gboolean cluster = o->servers > 1;
  gboolean whole_rack = g_strcmp0 (server->kind, "rack") == 0;
  guint mgmt_u = (cluster && mgmt != NULL && !whole_rack) ? mgmt->rack_units : 0;

  memset (t, 0, sizeof *t);
  p->usable_units = site_units > mgmt_u ? site_units - mgmt_u : site_units;
  place_servers (p, site_units, whole_rack);
  if (mgmt_u > 0)
    place_management_switches (p, mgmt, mgmt_u, t);
  place_fabric_switches (p, site_units, mgmt_u, whole_rack);
  count_link_classes (p, t);
  place_storage (p);
  for (guint r = 0; r < p->n_racks; r++)
    finish_rack (p, &p->racks[r], t);
  /* a server taller than the site's racks (beside its management switch)
   * stands in a rack of its own that the site does not have */
  t->too_short = whole_rack ? server->rack_units > site_units
                            : server->rack_units > (site_units > mgmt_u ? site_units - mgmt_u : site_units);
  t->racks = p->n_racks;
}

/* The option's racks with the devices of the first `detail` of them. */
GArray *
_ts_options_build_rack_detail (const TsOption *o,
                   guint           detail)
{
  Placer p;
  RackTotals totals;

  _ts_options_placer_init (&p, o->catalog, o->server, o, detail);
  _ts_options_place_racks (&p, &totals);
  return placer_steal (&p);
}

/* Which racks give their heat to facility water (docs/facility.md §2):
 * every rack of liquid-cooled servers; of air-cooled ones, those past
 * the site's air limit, behind rear-door heat exchangers. */
void
ts_option_mark_water_racks (TsOption *o)
{
  g_return_if_fail (o != NULL);

  for (guint i = 0; o->rack_detail != NULL && i < o->rack_detail->len; i++)
    {
      TsRack *r = &g_array_index (o->rack_detail, TsRack, i);

      r->water_cooled = r->servers > 0
                        && ts_facility_rack_takes_water (o->facility.cooling, r->power_kw, o->site_air_rack_kw);
    }
}

/* What the option's racks may draw together: each rack is placed to the
 * site's limit per rack (docs/hardware-rules.md §5), and an option
 * always takes one rack at least. */
double
ts_option_site_limit_kw (const TsOption *option)
{
  g_return_val_if_fail (option != NULL, 0);

  return MAX (option->racks, 1u) * option->site_rack_kw;
}

const GArray *
ts_option_get_rack_detail (const TsOption *option)
{
  /* The cache is the option's own (a plan's options are not shared
   * between threads). */
  TsOption *o = (TsOption *) option;

  g_return_val_if_fail (option != NULL, NULL);

  if (o->rack_detail == NULL && o->catalog != NULL && o->server != NULL && o->servers > 0)
    {
      o->rack_detail = _ts_options_build_rack_detail (o, G_MAXUINT);
      ts_option_mark_water_racks (o);
    }
  return o->rack_detail;
}
