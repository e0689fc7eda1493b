/* ts-fabric.h — the cluster's fabrics as the vendors' reference
 * architectures build them (docs/cluster-fabric.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The compute (east-west) fabric: rail-optimised scalable units on a
 * fat tree of one switch model (docs/cluster-fabric.md §1–§3). */
typedef struct
{
  guint    tiers;              /* 0 = no fabric (one node), 1 = one switch, 2 = leaf–spine, 3 = leaf–spine–core */
  guint    rails;              /* leaves per SU: the compute ports of a node */
  guint    nodes_per_su;       /* one leaf downlink per node per rail */
  guint    leaf_uplinks;       /* per leaf */
  guint    sus;                /* scalable units, the last one possibly partial */
  guint    pods;               /* three tiers: groups of SUs under one spine group */
  guint    leaves;
  guint    spines;
  guint    cores;
  guint    cables_node_leaf;   /* = compute ports */
  guint    cables_leaf_spine;  /* = leaf uplink ports = spine downlink ports */
  guint    cables_spine_core;  /* = spine uplink ports = core ports used */
  double   oversubscription;   /* leaf downlinks : uplinks, as built */
  gboolean beyond_three_tiers; /* more than three tiers of the radix join: counts are a lower bound */
} TsComputeFabric;

/* Sizes the compute fabric of `nodes` nodes of `ports_per_node` compute
 * ports each (one per rail) on switches of `switch_ports` ports, with
 * `oversubscription` (≥ 1) downlinks per uplink at the leaf. */
void  ts_compute_fabric_size (guint            nodes,
                              guint            ports_per_node,
                              guint            switch_ports,
                              double           oversubscription,
                              TsComputeFabric *fabric);

/* Switches of every tier. */
guint ts_compute_fabric_switches (const TsComputeFabric *fabric);
/* Links of every tier. */
guint ts_compute_fabric_links (const TsComputeFabric *fabric);

G_END_DECLS
