/* ts-network.c — an option's fabric: switches, ports and network verdict
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include "ts-format.h"
#include "ts-options-private.h"

/* ---- network ------------------------------------------------------------ */

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

/* A rail-optimised two-tier fat tree (NVIDIA HGX RA “2-8-9-400”; DGX
 * SuperPOD: one SU of 32 × 8 GPUs = 8 leaf + 4 spine QM9700, 72 × 8 GPUs
 * = 8 leaf + 4 spine Q3400): with k-port switches, up to k compute ports
 * need one switch tier; beyond that each leaf gives half its ports to GPUs
 * and half to spines, and the spines take every leaf uplink:
 * leaves = ⌈P / (k/2)⌉, spines = ⌈leaves · (k/2) / k⌉. Past k²/2 ports a
 * third tier is needed and the count is a lower bound. */
void
_ts_options_size_network (const TsScenario *s,
              TsOption         *o)
{
  const TsServer *server = o->server;
  const TsNetwork *net = server->network;
  double k;

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
  o->compute_ports = o->servers * (server->compute_nic_count > 0 ? server->compute_nic_count : server->gpu_count);
  if (o->compute_ports < o->gpus)
    o->note_flags |= TS_NOTE_FEW_NICS;
  o->port_gbps = server->compute_nic_gbps > 0 ? server->compute_nic_gbps : net->port_gbps;
  /* per GPU: the server's compute bandwidth shared by its GPUs */
  o->network_gb_s = o->port_gbps / BITS_PER_BYTE * o->compute_ports / o->gpus;
  /* A flat ring over every GPU of the job: each step pushes 2(n−1)/n of
   * the gradients through every GPU's slowest link, its network port. */
  o->sync_seconds_network = 2.0 * (o->gpus - 1) / o->gpus
                            * o->gradient_bytes / (o->network_gb_s * TS_BYTES_PER_GB);

  k = net->switch_ports;
  if (o->compute_ports <= k)
    {
      o->leaf_switches = 1;
      o->spine_switches = 0;
    }
  else
    {
      o->leaf_switches = ceil_div (o->compute_ports, k / 2);
      o->spine_switches = ceil_div (o->leaf_switches * (k / 2), k);
      if (o->compute_ports > k * k / 2)
        o->note_flags |= TS_NOTE_THIRD_TIER;
    }

  o->storage_ports = o->servers * server->storage_nic_count;
  if (o->storage_ports > 0)
    o->storage_switches = ceil_div (o->storage_ports, k);

  o->switches_power_kw = (o->leaf_switches + o->spine_switches + o->storage_switches)
                         * net->switch_power_w / WATTS_PER_KW;
  /* management switches are counted per rack in place_racks () (ts-racks.c) */
  o->switches_rack_units = (o->leaf_switches + o->spine_switches + o->storage_switches)
                           * net->switch_rack_units;
}

/* The network verdict (docs/sizing-model.md §8.3): the per-GPU bandwidth between
 * servers the layout needs for its inter-server communication to take
 * under TS_NETWORK_STEP_SHARE of the step, against the fabric's. */
void
_ts_options_size_network_verdict (TsOption *o)
{
  o->network_needed_gb_s = ts_step_network_needed (&o->step) / TS_BYTES_PER_GB;
  if (o->servers > 1 && o->network_needed_gb_s > 0 && o->network_needed_gb_s > o->network_gb_s
      && o->step.inter_seconds > TS_NETWORK_STEP_SHARE * o->step.seconds)
    o->note_flags |= TS_NOTE_NETWORK_BOUND;
}
