/* ts-option-fabric.c — an option's fabrics: compute, storage, management;
 * its bill of materials; the bandwidth of each tier against the step's
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-fabric"

#include "config.h"

#include "ts-fabric.h"
#include "ts-format.h"
#include "ts-options-private.h"

/* The management servers the DGX SuperPOD H100 RA counts for its 4-SU
 * system (Table 7: 5 × two-socket x86, head nodes and services;
 * docs/cluster-fabric.md §5). The RA gives no smaller figure. */
#define TS_RA_MANAGEMENT_SERVERS 5
/* UFM appliances per InfiniBand fabric: a high-availability pair (the
 * H100 RA's 4 appliances for its compute and storage InfiniBand
 * fabrics; docs/cluster-fabric.md §5). */
#define TS_RA_FABRIC_MANAGERS_PER_FABRIC 2

static double
gradient_bytes (const TsScenario *s,
                const TsMemory   *m)
{
  if (s->method != TS_METHOD_FULL)
    return m->trainable_params * GRADIENT_BYTES_16BIT;
  if (s->precision == TS_PRECISION_FP32 || s->grad_dtype == TS_GRAD_FP32)
    return m->trainable_params * GRADIENT_BYTES_32BIT;
  return m->trainable_params * GRADIENT_BYTES_16BIT;
}

static gboolean
is_infiniband (const TsNetwork *net)
{
  return net != NULL && g_strcmp0 (net->family, "infiniband") == 0;
}

/* The compute fabric by the reference architectures' rules (ts-fabric.c,
 * docs/cluster-fabric.md §1–§4): rail-optimised SUs of one leaf per rail,
 * spine groups every leaf reaches, a core tier where two tiers of the
 * radix cannot join the SUs. Storage keeps the catalog's switch, one
 * port per storage NIC (§5). */
void
_ts_options_size_network (const TsScenario *s,
              TsOption         *o)
{
  const TsServer *server = o->server;
  const TsNetwork *net = server->network;
  guint rails;
  guint switches;

  o->gradient_bytes = gradient_bytes (s, &o->memory);
  o->intra_gb_s = server->interconnect->bw_gb_s_unidir;
  if (server->gpu_count > 1)
    o->sync_seconds_intra = 2.0 * (server->gpu_count - 1) / server->gpu_count
                            * o->gradient_bytes / (o->intra_gb_s * TS_BYTES_PER_GB);

  if (o->servers <= 1)
    return;

  o->network = net;
  /* the server's own compute NICs; a record without them is counted at
   * the article's one port per GPU */
  rails = server->compute_nic_count > 0 ? server->compute_nic_count : server->gpu_count;
  o->compute_ports = o->servers * rails;
  if (o->compute_ports < o->gpus)
    o->note_flags |= TS_NOTE_FEW_NICS;
  o->port_gbps = server->compute_nic_gbps > 0 ? server->compute_nic_gbps : net->port_gbps;
  /* per GPU: the server's compute bandwidth shared by its GPUs */
  o->network_gb_s = o->port_gbps / BITS_PER_BYTE * o->compute_ports / o->gpus;
  /* A flat ring over every GPU of the job: each step pushes 2(n−1)/n of
   * the gradients through every GPU's slowest link, its network port. */
  o->sync_seconds_network = 2.0 * (o->gpus - 1) / o->gpus
                            * o->gradient_bytes / (o->network_gb_s * TS_BYTES_PER_GB);

  ts_compute_fabric_size (o->servers, rails, net->switch_ports, s->oversubscription, &o->fabric);
  o->leaf_switches = o->fabric.leaves;
  o->spine_switches = o->fabric.spines;
  o->core_switches = o->fabric.cores;
  if (o->fabric.beyond_three_tiers)
    o->note_flags |= TS_NOTE_BEYOND_THREE_TIERS;
  /* what each tier gives a GPU: the port, then the port shared by the
   * leaf's oversubscription; the spine and core are non-blocking */
  o->fabric_tier_gb_s[0] = o->network_gb_s;
  o->fabric_tier_gb_s[1] = o->fabric.tiers >= 2 ? o->network_gb_s / o->fabric.oversubscription : 0;
  o->fabric_tier_gb_s[2] = o->fabric.tiers >= 3 ? o->fabric_tier_gb_s[1] : 0;

  o->storage_ports = o->servers * server->storage_nic_count;
  o->storage_cables = o->storage_ports;
  if (o->storage_ports > 0)
    o->storage_switches = ceil_div (o->storage_ports, net->switch_ports);

  /* UFM: a pair for each InfiniBand fabric past one switch (one switch
   * runs its own subnet manager); the storage fabric is on the same
   * switch family here */
  if (is_infiniband (net) && o->fabric.tiers >= 2)
    o->fabric_managers = TS_RA_FABRIC_MANAGERS_PER_FABRIC * (o->storage_switches > 0 ? 2 : 1);
  if (o->fabric.tiers >= 2)
    o->management_servers = TS_RA_MANAGEMENT_SERVERS;

  switches = ts_compute_fabric_switches (&o->fabric) + o->storage_switches;
  o->switches_power_kw = switches * net->switch_power_w / WATTS_PER_KW;
  /* management switches are counted per rack in place_racks () (ts-racks.c) */
  o->switches_rack_units = switches * net->switch_rack_units;
}

/* The out-of-band network's ports, once the racks are placed: a BMC a
 * server, a management port a switch, PDU and appliance (the RAs' OOB
 * fabric “connects the management ports of all devices”; §5). */
/* The transceivers, once the racks say which links stay within a rack
 * (ts-racks.c, §9): a link between racks runs on fibre with a
 * transceiver at both ends, one within a rack on copper with none. The
 * switch ends go in modules of transceiver_ports links each (a twin-port
 * OSFP carries two), the node ends one each. */
static guint
switch_modules (const TsOption *o)
{
  const TsComputeFabric *f = &o->fabric;
  guint per_module = MAX (1u, o->server->network->transceiver_ports);
  guint64 ends = ts_compute_fabric_fibre_links (f, TS_FABRIC_TIER_NODE_LEAF)
                 + 2 * ((guint64) ts_compute_fabric_fibre_links (f, TS_FABRIC_TIER_LEAF_SPINE)
                        + ts_compute_fabric_fibre_links (f, TS_FABRIC_TIER_SPINE_CORE));

  return (guint) MIN ((ends + per_module - 1) / per_module, (guint64) G_MAXUINT);
}

static void
size_transceivers (TsOption *o)
{
  o->optical_links = 0;
  for (guint t = 0; t < TS_FABRIC_N_TIERS; t++)
    o->optical_links += ts_compute_fabric_fibre_links (&o->fabric, t);
  o->transceivers = o->optical_links > 0
                    ? ts_compute_fabric_fibre_links (&o->fabric, TS_FABRIC_TIER_NODE_LEAF) + switch_modules (o)
                    : 0;
}

void
_ts_options_size_fabric_management (TsOption *o)
{
  if (o->servers <= 1)
    return;
  size_transceivers (o);
  o->oob_ports = o->servers
                 + ts_compute_fabric_switches (&o->fabric) + o->storage_switches
                 + o->racks * o->pdus_per_rack
                 + o->fabric_managers + o->management_servers;
}

/* The network verdict (docs/sizing-model.md §8.3): the per-GPU bandwidth between
 * servers the layout needs for its inter-server communication to take
 * under TS_NETWORK_STEP_SHARE of the step, against the fabric's; and
 * tier by tier (docs/cluster-fabric.md §6): traffic that leaves an SU
 * crosses the leaf's uplinks, which an oversubscribed leaf shares. */
void
_ts_options_size_network_verdict (TsOption *o)
{
  o->network_needed_gb_s = ts_step_network_needed (&o->step) / TS_BYTES_PER_GB;
  if (o->servers > 1 && o->network_needed_gb_s > 0 && o->network_needed_gb_s > o->network_gb_s
      && o->step.inter_seconds > TS_NETWORK_STEP_SHARE * o->step.seconds)
    o->note_flags |= TS_NOTE_NETWORK_BOUND;
  if (o->fabric.tiers >= 2 && o->fabric.sus > 1 && o->fabric.oversubscription > 1
      && o->network_needed_gb_s > o->fabric_tier_gb_s[1])
    o->fabric_short = TRUE;
}

/* ---- the bill of materials ---------------------------------------------- */

/* The compute fabric's switches, and its cables per tier and length
 * class (§9): copper within a rack — a splitter from a switch cage to
 * the nodes' ports, a straight cable between switches — fibre between
 * racks. A network that names no part gets its own name, marked an
 * estimate. */
static void
add_fabric_switches_and_cables (TsBom           *bom,
                                const TsOption  *o,
                                const TsNetwork *net)
{
  static const char *const roles[TS_FABRIC_N_TIERS] = { "node-leaf", "leaf-spine", "spine-core" };
  const TsComputeFabric *f = &o->fabric;
  const char *fibre = net->optical_cable_model != NULL ? net->optical_cable_model : net->name;
  const char *fibre_class = net->optical_cable != NULL && net->optical_cable->length_class != NULL
                            ? net->optical_cable->length_class : "fibre";

  ts_bom_add (bom, TS_BOM_SWITCH, net->switch_model, "compute-leaf", f->leaves, net->switch_price_usd, FALSE);
  ts_bom_add (bom, TS_BOM_SWITCH, net->switch_model, "compute-spine", f->spines, net->switch_price_usd, FALSE);
  ts_bom_add (bom, TS_BOM_SWITCH, net->switch_model, "compute-core", f->cores, net->switch_price_usd, FALSE);
  ts_bom_add (bom, TS_BOM_SWITCH, net->switch_model, "storage-switch", o->storage_switches, net->switch_price_usd, FALSE);
  for (guint t = 0; t < TS_FABRIC_N_TIERS; t++)
    {
      /* node to leaf: the splitters; switch to switch: one cable a link */
      const TsPart *copper = t == TS_FABRIC_TIER_NODE_LEAF ? net->copper_cable : net->switch_copper_cable;
      const char *copper_name = copper != NULL ? copper->name : net->name;
      /* between two twin-port cages a straight cable carries two links */
      guint per_cage = MAX (1u, net->transceiver_ports);
      guint64 copper_cables = t == TS_FABRIC_TIER_NODE_LEAF ? f->dac_cables_node_leaf
                                                            : ((guint64) f->dac_links[t] + per_cage - 1) / per_cage;

      ts_bom_add_cable (bom, copper_name, roles[t], copper_cables, copper == NULL,
                        copper != NULL && copper->length_class != NULL ? copper->length_class : "dac");
      ts_bom_add_cable (bom, fibre, roles[t], ts_compute_fabric_fibre_links (f, t), net->optical_cable_model == NULL,
                        fibre_class);
    }
  /* storage links: the fibre or copper depends on where the storage
   * sits, which the plan does not know */
  ts_bom_add (bom, TS_BOM_CABLE, fibre, "storage-link", o->storage_cables, 0, TRUE);
}

/* The transceivers at the switches' and nodes' ports, and the fabric's
 * management appliances. */
static void
add_fabric_ports (TsBom           *bom,
                  const TsOption  *o,
                  const TsNetwork *net)
{
  if (o->transceivers > 0)
    {
      ts_bom_add (bom, TS_BOM_TRANSCEIVER, net->transceiver_model != NULL ? net->transceiver_model : net->name,
                  "switch-port", switch_modules (o), net->transceiver_price_usd,
                  net->transceiver_model == NULL);
      ts_bom_add (bom, TS_BOM_TRANSCEIVER,
                  net->node_transceiver_model != NULL ? net->node_transceiver_model : net->name,
                  "node-port", ts_compute_fabric_fibre_links (&o->fabric, TS_FABRIC_TIER_NODE_LEAF), 0,
                  net->node_transceiver_model == NULL);
    }
  if (o->fabric_managers > 0)
    ts_bom_add (bom, TS_BOM_APPLIANCE,
                net->fabric_manager_model != NULL ? net->fabric_manager_model : net->name,
                "fabric-manager", o->fabric_managers, 0, FALSE);
}

/* What the site adds around the servers: coolant units, storage,
 * management servers and switches, PDUs and the racks. */
static void
add_site_items (TsBom          *bom,
                const TsOption *o)
{
  const TsCatalog *catalog = o->catalog;

  if (o->facility.cdu != NULL)
    ts_bom_add (bom, TS_BOM_APPLIANCE, o->facility.cdu->name, "cdu", o->facility.cdus, 0,
                o->facility.cdu->prov.estimate_fields != NULL);
  if (o->storage.system != NULL)
    ts_bom_add (bom, TS_BOM_STORAGE, o->storage.system->name, "storage-system", o->storage.count, 0,
                o->storage.system->prov.estimate_fields != NULL);
  if (o->management_servers > 0)
    /* the item is the untranslated name, as the catalog's are; a page
     * shows it through gettext */
    ts_bom_add (bom, TS_BOM_SERVER, TS_BOM_ITEM_MANAGEMENT_SERVER, "management-server",
                o->management_servers, 0, TRUE);
  if (o->management_switches > 0 && ts_catalog_get_management_switch (catalog) != NULL)
    {
      ts_bom_add (bom, TS_BOM_SWITCH, ts_catalog_get_management_switch (catalog)->name, "oob-switch",
                  o->management_switches, 0, TRUE);
      ts_bom_add (bom, TS_BOM_CABLE, TS_BOM_ITEM_OOB_CABLE, "oob-link", o->oob_ports, 0, TRUE);
    }
  if (o->racks > 0 && ts_catalog_get_pdu (catalog) != NULL && o->pdus_per_rack > 0)
    /* the busiest rack's count in every rack: an upper bound */
    ts_bom_add (bom, TS_BOM_PDU, ts_catalog_get_pdu (catalog)->name, "rack-pdu",
                (guint64) o->racks * o->pdus_per_rack, 0, o->racks > 1);
  if (o->racks > 0)
    ts_bom_add (bom, TS_BOM_RACK, TS_BOM_ITEM_RACK, "rack", o->racks, 0, FALSE);
}

TsBom *
ts_option_build_bom (const TsOption *o)
{
  const TsServer *server = o->server;
  const TsNetwork *net = server->network;
  TsBom *bom = ts_bom_new ();
  guint rails = server->compute_nic_count;

  ts_bom_add (bom, TS_BOM_SERVER, server->name, "compute-server", o->servers, server->price_usd,
              ts_server_is_estimate (server, "price_usd"));
  if (rails > 0 && server->compute_nic_model != NULL)
    ts_bom_add (bom, TS_BOM_NIC, server->compute_nic_model, "compute-nic", (guint64) o->servers * rails, 0, FALSE);

  if (o->servers > 1 && net != NULL)
    {
      add_fabric_switches_and_cables (bom, o, net);
      add_fabric_ports (bom, o, net);
    }
  add_site_items (bom, o);
  return bom;
}
