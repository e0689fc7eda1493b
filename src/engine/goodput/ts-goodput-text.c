/* ts-goodput-text.c — the goodput in words, for every surface
 *
 * The Time view, the spec sheet and the CLI show the same sentences,
 * made here from the figures in the current language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-goodput"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-format.h"
#include "ts-goodput.h"

char *
ts_goodput_dup_duration (double seconds)
{
  g_autofree char *n = NULL;

  if (!isfinite (seconds))
    return g_strdup ("∞");
  if (seconds < 100)
    {
      n = ts_format_number_auto (seconds, seconds < 10 ? 2 : 0);
      /* Translators: a duration in seconds, e.g. “0.17 s” */
      return g_strdup_printf (C_("duration", "%s s"), n);
    }
  if (seconds < 100 * 60)
    {
      n = ts_format_number_auto (seconds / 60, seconds < 10 * 60 ? 1 : 0);
      /* Translators: a duration in minutes, e.g. “10 min” */
      return g_strdup_printf (C_("duration", "%s min"), n);
    }
  n = ts_format_number_auto (seconds / 3600, seconds < 10 * 3600 ? 1 : 0);
  /* Translators: a duration in hours, e.g. “3.1 h” */
  return g_strdup_printf (C_("duration", "%s h"), n);
}

/* A bandwidth in GB/s, or in MB/s below one GB/s (the data a run reads
 * is often a few MB/s). */
char *
ts_goodput_dup_bandwidth (double bytes_s)
{
  g_autofree char *n = NULL;

  if (bytes_s >= 1e9)
    return ts_format_gb_s (bytes_s / 1e9);
  n = ts_format_number_auto (bytes_s / 1e6, bytes_s < 10e6 ? 1 : 0);
  /* Translators: megabytes per second, e.g. “9.2 MB/s” */
  return g_strdup_printf (C_("bandwidth", "%s MB/s"), n);
}

char *
ts_goodput_dup_summary (const TsGoodput *g)
{
  g_autofree char *compute = NULL;
  g_autofree char *ckpt = NULL;
  g_autofree char *lost = NULL;
  g_autofree char *restart = NULL;

  g_return_val_if_fail (g != NULL, NULL);
  compute = ts_format_percent (g->effective_fraction);
  ckpt = ts_format_percent (g->checkpoint_fraction);
  lost = ts_format_percent (g->lost_fraction);
  restart = ts_format_percent (g->restart_fraction);
  /* Translators: the shares of the run's wall-clock time, e.g. “Wall clock:
   * compute 94.1 %, checkpoint writes 0.3 %, lost work 0.3 %, restarts 5.4 %” */
  return g_strdup_printf (_("Wall clock: compute %s, checkpoint writes %s, lost work %s, restarts %s"),
                          compute, ckpt, lost, restart);
}

char *
ts_goodput_dup_detail (const TsGoodput *g)
{
  g_autofree char *mtbi = NULL;
  g_autofree char *size = NULL;
  g_autofree char *shard = NULL;
  g_autofree char *write = NULL;
  g_autofree char *interval = NULL;
  g_autofree char *restart = NULL;
  g_autofree char *count = NULL;
  g_autofree char *where = NULL;

  g_return_val_if_fail (g != NULL, NULL);
  mtbi = ts_goodput_dup_duration (g->mtbi_hours * 3600);
  size = ts_format_gb (g->checkpoint_bytes);
  shard = ts_format_gb (g->checkpoint_shard_bytes);
  write = ts_goodput_dup_duration (g->checkpoint_seconds);
  interval = ts_goodput_dup_duration (g->checkpoint_interval_seconds);
  restart = ts_goodput_dup_duration (g->restart_seconds);
  count = ts_format_number (g->interruptions, 0);
  if (g->two_tier)
    {
      g_autofree char *drain = ts_goodput_dup_duration (g->drain_seconds);

      /* Translators: where a checkpoint is written, e.g. “to local NVMe in 0.17 s, drained to storage in 0.03 s” */
      where = g_strdup_printf (_("to local NVMe in %s, drained to storage in %s"), write, drain);
    }
  else
    /* Translators: where a checkpoint is written, e.g. “to storage in 2.8 s” */
    where = g_strdup_printf (_("to storage in %s"), write);
  /* Translators: e.g. “An interruption every 3.1 h (about 647 over the run); a 5,682 GB
   * checkpoint (2.77 GB per server) written to local NVMe in 0.17 s, drained to storage
   * in 0.03 s, every 62 s (Daly); a restart takes 10 min.” */
  return g_strdup_printf (_("An interruption every %s (about %s over the run); a %s checkpoint (%s per server) "
                            "written %s, every %s (Daly); a restart takes %s."),
                          mtbi, count, size, shard, where, interval, restart);
}

char *
ts_goodput_dup_storage (const TsGoodput *g)
{
  g_autofree char *capacity = NULL;
  g_autofree char *write = NULL;
  g_autofree char *read = NULL;

  g_return_val_if_fail (g != NULL, NULL);
  capacity = ts_format_gb (g->storage_capacity_bytes);
  write = ts_goodput_dup_bandwidth (g->storage_write_bytes_s);
  read = ts_goodput_dup_bandwidth (g->storage_read_bytes_s);
  /* Translators: the storage system a run needs, e.g. “Storage: 79,446 GB for 3
   * checkpoints and the tokenised data; writes 91.6 GB/s, reads 0 GB/s” */
  return g_strdup_printf (ngettext ("Storage: %s for %u checkpoint and the tokenised data; "
                                    "writes %s, reads %s",
                                    "Storage: %s for %u checkpoints and the tokenised data; "
                                    "writes %s, reads %s", g->checkpoints_kept),
                          capacity, g->checkpoints_kept, write, read);
}
