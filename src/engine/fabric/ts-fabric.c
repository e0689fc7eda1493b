/* ts-fabric.c — the compute fabric by the reference architectures' rules
 *
 * NVIDIA's DGX SuperPOD reference architectures (B200, B300 XDR, H100;
 * docs/cluster-fabric.md §1–§3) build the compute fabric from scalable
 * units (SUs): GPU k of every node of an SU goes to leaf k of that SU
 * (rail k), a leaf gives as many ports up as down, every leaf reaches
 * every spine of its group, and a core tier joins the spine groups when
 * two tiers of the switch's radix cannot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-fabric"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-fabric.h"

static guint
div_up (guint64 a,
        guint64 b)
{
  guint64 q = (a + b - 1) / b;

  return q > G_MAXUINT ? G_MAXUINT : (guint) q;
}

/* The fewest spines that take `uplinks` leaf uplinks on `ports` ports
 * each while every leaf spreads its `per_leaf` uplinks evenly over all of
 * them (the RA's spine groups: B300 XDR, 4 SUs of 72 uplinks per leaf on
 * 144-port switches, needs 2,304 / 144 = 16 spines but builds 18, the
 * smallest count that divides 72). */
static guint
spines_for (guint64 uplinks,
            guint   per_leaf,
            guint   ports)
{
  guint least = div_up (uplinks, ports);

  for (guint s = MAX (least, 1u); s <= per_leaf; s++)
    if (per_leaf % s == 0)
      return s;
  return MAX (least, 1u);
}

/* The leaf's split of its radix at the chosen oversubscription r: the
 * most downlinks d with d + ⌈d / r⌉ ≤ ports (r = 1: half and half). */
static void
leaf_split (guint   ports,
            double  r,
            guint  *down,
            guint  *up)
{
  guint d = ports / 2;

  while (d + 1 + (guint) ceil ((d + 1) / r - 1e-9) <= ports)
    d++;
  *down = d;
  *up = (guint) ceil (d / r - 1e-9);
}

void
ts_compute_fabric_size (guint            nodes,
                        guint            ports_per_node,
                        guint            switch_ports,
                        double           oversubscription,
                        TsComputeFabric *f)
{
  guint64 ports = (guint64) nodes * ports_per_node;
  guint k = switch_ports;
  double r = isfinite (oversubscription) && oversubscription >= 1 ? oversubscription : 1;

  memset (f, 0, sizeof *f);
  f->oversubscription = 1;
  if (nodes <= 1 || ports_per_node == 0 || k < 2)
    return;

  f->rails = ports_per_node;
  f->cables_node_leaf = ports > G_MAXUINT ? G_MAXUINT : (guint) ports;

  /* every port on one switch: one tier, non-blocking by construction */
  if (ports <= k)
    {
      f->tiers = 1;
      f->leaves = 1;
      f->sus = 1;
      f->nodes_per_su = nodes;
      return;
    }

  leaf_split (k, r, &f->nodes_per_su, &f->leaf_uplinks);
  f->oversubscription = (double) f->nodes_per_su / f->leaf_uplinks;
  /* a partial SU is built whole: its leaves and their uplinks (the RA:
   * “the fabric should be designed to support the full SU”) */
  f->sus = div_up (nodes, f->nodes_per_su);
  f->leaves = f->rails * f->sus;
  f->cables_leaf_spine = f->leaves * f->leaf_uplinks;

  if (f->leaves <= k)
    {
      /* two tiers: a spine takes one group of links from every leaf */
      f->tiers = 2;
      f->pods = 1;
      f->spines = spines_for (f->cables_leaf_spine, f->leaf_uplinks, k);
      f->leaves_per_pod = f->leaves;
      f->spines_per_pod = f->spines;
      return;
    }

  /* Three tiers: spines give half their ports down and half up (the RA's
   * 16-SU B200: 4,096 leaf uplinks / 32 = 128 spines, 4,096 spine
   * uplinks / 64 = 64 cores). Leaves are grouped in pods of whole SUs
   * that one spine group can take (k/2 leaves); the last pod may be
   * smaller. */
  {
    guint half = k / 2;
    guint leaves_per_pod = f->rails <= half ? (half / f->rails) * f->rails : half;
    guint left = f->leaves;

    f->tiers = 3;
    f->leaves_per_pod = leaves_per_pod;
    f->spines_per_pod = spines_for ((guint64) leaves_per_pod * f->leaf_uplinks, f->leaf_uplinks, half);
    while (left > 0)
      {
        guint pod_leaves = MIN (left, leaves_per_pod);

        f->spines += spines_for ((guint64) pod_leaves * f->leaf_uplinks, f->leaf_uplinks, half);
        f->pods++;
        left -= pod_leaves;
      }
    f->cables_spine_core = f->cables_leaf_spine;
    f->cores = div_up (f->cables_spine_core, k);
    /* a core switch needs a port for every pod */
    f->beyond_three_tiers = f->pods > k;
  }
}

guint
ts_compute_fabric_switches (const TsComputeFabric *f)
{
  return f->leaves + f->spines + f->cores;
}

guint
ts_compute_fabric_links (const TsComputeFabric *f)
{
  return f->cables_node_leaf + f->cables_leaf_spine + f->cables_spine_core;
}

guint
ts_compute_fabric_tier_links (const TsComputeFabric *f,
                              guint                  tier)
{
  switch (tier)
    {
    case TS_FABRIC_TIER_NODE_LEAF: return f->cables_node_leaf;
    case TS_FABRIC_TIER_LEAF_SPINE: return f->cables_leaf_spine;
    case TS_FABRIC_TIER_SPINE_CORE: return f->cables_spine_core;
    default: return 0;
    }
}

guint
ts_compute_fabric_fibre_links (const TsComputeFabric *f,
                               guint                  tier)
{
  guint links = ts_compute_fabric_tier_links (f, tier);

  g_return_val_if_fail (tier < TS_FABRIC_N_TIERS, 0);
  return links - MIN (links, f->dac_links[tier]);
}

void
ts_compute_fabric_pod_spines (const TsComputeFabric *f,
                              guint                  pod,
                              guint                 *first,
                              guint                 *count)
{
  guint64 start = (guint64) pod * f->spines_per_pod;

  *first = (guint) MIN (start, (guint64) f->spines);
  *count = MIN (f->spines_per_pod, f->spines - *first);
}
