/* ts-goodput.c — the effective time of a run (docs/goodput.md)
 *
 * A synchronous job stops whenever one of its GPUs, hosts or links fails;
 * it restarts from its last checkpoint. Of the wall-clock time, some goes
 * to writing checkpoints, some to redoing the work since the last one and
 * some to restarting; what is left is the compute the step time counts.
 * The rate of interruptions comes from a published large run, the
 * interval between checkpoints from Young and Daly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-goodput"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-goodput.h"

#define SECONDS_PER_HOUR 3600.0
#define SECONDS_PER_DAY  86400.0

double
ts_goodput_mtbi_hours (guint gpus)
{
  return gpus > 0 ? 1.0 / (gpus * TS_GOODPUT_INTERRUPTIONS_PER_GPU_HOUR) : INFINITY;
}

double
ts_goodput_young_interval (double delta,
                           double mtbi)
{
  return sqrt (2.0 * delta * mtbi);
}

/* Daly's higher-order estimate (2006, eq. 37): past δ = 2M a checkpoint
 * costs more than the work it saves, and the interval is M itself. */
double
ts_goodput_daly_interval (double delta,
                          double mtbi)
{
  double xi;

  if (delta >= 2.0 * mtbi)
    return mtbi;
  xi = delta / (2.0 * mtbi);
  return sqrt (2.0 * delta * mtbi) * (1.0 + sqrt (xi) / 3.0 + xi / 9.0) - delta;
}

/* How long the job stops for one checkpoint. With local NVMe the
 * framework writes each server's shard there and drains it to the
 * storage system behind the job (PyTorch's asynchronous distributed
 * checkpoint, Nebula, two-tier checkpointing): the job waits for the
 * local write only. Without it, the shards go straight over the storage
 * network (docs/goodput.md §2), at what the storage system sustains. */
/* What one server writes to (or reads from) the storage system: its
 * storage ports, or its share of the system's sustained bandwidth when
 * that is less (every server writes its shard at once). */
static double
server_share (double port_bytes_s,
              double system_bytes_s,
              guint  servers)
{
  if (system_bytes_s > 0 && port_bytes_s > 0)
    return MIN (port_bytes_s, system_bytes_s / servers);
  return port_bytes_s;
}

static void
checkpoint_times (const TsGoodputInput *in,
                  TsGoodput            *g)
{
  double write_s = server_share (in->storage_net_bytes_s, in->storage_write_bytes_s, g->servers);
  double read_s = server_share (in->storage_net_bytes_s, in->storage_read_bytes_s, g->servers);

  g->checkpoint_shard_bytes = g->checkpoint_bytes / g->servers;
  g->two_tier = in->local_write_bytes_s > 0;
  if (write_s > 0)
    g->drain_seconds = g->checkpoint_shard_bytes / write_s;
  if (g->two_tier)
    g->checkpoint_seconds = g->checkpoint_shard_bytes / in->local_write_bytes_s;
  else
    {
      g->checkpoint_seconds = g->drain_seconds;
      g->drain_seconds = 0;
    }
  /* a restart reads every shard back over the storage network */
  g->load_seconds = read_s > 0 ? g->checkpoint_shard_bytes / read_s : 0;
}

void
ts_goodput_compute (const TsGoodputInput *in,
                    guint                 gpus,
                    double                step_seconds,
                    TsGoodput            *g)
{
  double m;
  double segment;
  double failed;

  memset (g, 0, sizeof *g);
  g->gpus = MAX (1u, gpus);
  g->servers = MAX (1u, (g->gpus + MAX (1u, in->gpus_per_server) - 1) / MAX (1u, in->gpus_per_server));
  g->mtbi_hours = ts_goodput_mtbi_hours (g->gpus);
  g->checkpoint_bytes = MAX (0.0, in->checkpoint_bytes);
  checkpoint_times (in, g);
  g->restart_seconds = TS_GOODPUT_RESTART_BASE_SECONDS + g->load_seconds;

  m = g->mtbi_hours * SECONDS_PER_HOUR;
  /* a checkpoint is taken between steps, and not before the last one has
   * left the local tier */
  g->checkpoint_interval_seconds = MAX (ts_goodput_daly_interval (g->checkpoint_seconds, m),
                                        MAX (step_seconds, g->drain_seconds));
  segment = g->checkpoint_interval_seconds + g->checkpoint_seconds;
  /* an interruption falls on average half-way through a segment; with two
   * tiers the last checkpoint is safe only once drained */
  g->lost_seconds = segment / 2.0 + g->drain_seconds;

  /* Of each second of wall clock, 1/M of an interruption: its restart and
   * its lost work; the rest runs segments of τ compute and δ writing
   * (docs/goodput.md §4). */
  g->restart_fraction = g->restart_seconds / m;
  g->lost_fraction = g->lost_seconds / m;
  failed = g->restart_fraction + g->lost_fraction;
  g->checkpoints_kept = in->checkpoints_kept;
  g->storage_capacity_bytes = in->checkpoints_kept * g->checkpoint_bytes + in->dataset_bytes;
  g->storage_write_bytes_s = g->checkpoint_interval_seconds > 0 ? g->checkpoint_bytes / g->checkpoint_interval_seconds : 0;
  if (failed >= 1.0)
    {
      /* the job never gets past its first interval: no progress */
      g->restart_fraction /= failed;
      g->lost_fraction /= failed;
      g->checkpoint_fraction = 0;
      g->effective_fraction = 0;
      return;
    }
  g->checkpoint_fraction = (1.0 - failed) * g->checkpoint_seconds / segment;
  g->effective_fraction = (1.0 - failed) * g->checkpoint_interval_seconds / segment;
}

double
ts_goodput_fraction (const TsGoodputInput *in,
                     guint                 gpus,
                     double                step_seconds)
{
  TsGoodput g;

  ts_goodput_compute (in, gpus, step_seconds, &g);
  return g.effective_fraction;
}

void
ts_goodput_set_run (TsGoodput *g,
                    double     days,
                    double     read_bytes_s)
{
  g->interruptions = days > 0 ? days * SECONDS_PER_DAY / (g->mtbi_hours * SECONDS_PER_HOUR) : 0;
  g->storage_read_bytes_s = read_bytes_s;
}
