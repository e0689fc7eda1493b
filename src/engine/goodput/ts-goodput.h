/* ts-goodput.h — the effective time of a run: interruptions, checkpoints,
 * restarts and the storage they need (docs/goodput.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Unexpected interruptions per GPU-hour of a synchronous training job:
 * Llama 3 405B's 419 in 54 days on 16,384 H100 (Llama 3 report, Table 5):
 * 419 / (16,384 × 54 × 24) (docs/goodput.md §1). */
#define TS_GOODPUT_INTERRUPTIONS_PER_GPU_HOUR (419.0 / (16384.0 * 54.0 * 24.0))

/* Restart after an interruption, before the checkpoint is read: detection,
 * rescheduling and the job's start-up. Daly 2006 checks his interval
 * against simulations with R = 10 min (docs/goodput.md §3). */
#define TS_GOODPUT_RESTART_BASE_SECONDS 600.0

/* What the goodput of a job is computed from: the job's size and the
 * checkpoint's, and the bandwidths the option's servers give. */
typedef struct
{
  double checkpoint_bytes;        /* one whole checkpoint (all shards) */
  guint  gpus_per_server;
  double local_write_bytes_s;     /* one server's local NVMe, 0 = none */
  double storage_net_bytes_s;     /* one server's storage network ports */
  double dataset_bytes;           /* the tokenised dataset */
  guint  checkpoints_kept;
  /* the shared storage system behind the job, all its appliances
   * together (0 = none chosen: the servers' ports alone limit); each
   * server gets its share (docs/goodput.md §5) */
  double storage_write_bytes_s;
  double storage_read_bytes_s;
} TsGoodputInput;

/* The answer (JSON options[].goodput). Fractions are of the wall-clock
 * time and add up to one: compute (= effective_fraction), checkpoint
 * writes, lost work and restarts. */
typedef struct
{
  guint  gpus;
  guint  servers;
  double mtbi_hours;                  /* the job's mean time between interruptions */
  double checkpoint_bytes;
  double checkpoint_shard_bytes;      /* what each server writes */
  double checkpoint_seconds;          /* δ: the time the job stops to write one */
  gboolean two_tier;                  /* written to local NVMe, drained to storage behind the job */
  double drain_seconds;               /* local NVMe → storage, 0 without a local tier */
  double checkpoint_interval_seconds; /* τ: compute between two checkpoints */
  double restart_seconds;             /* R: detection, rescheduling, start-up, checkpoint load */
  double load_seconds;                /* the checkpoint read back at a restart (part of R) */
  double lost_seconds;                /* work redone per interruption, on average */
  double checkpoint_fraction;
  double lost_fraction;
  double restart_fraction;
  double effective_fraction;          /* compute / wall clock */
  double interruptions;               /* expected over the run; 0 until the run's length is known */
  /* storage */
  guint  checkpoints_kept;
  double storage_capacity_bytes;      /* kept checkpoints + dataset */
  double storage_write_bytes_s;       /* one checkpoint within one interval */
  double storage_read_bytes_s;        /* the tokenised data the GPUs read */
} TsGoodput;

double  ts_goodput_mtbi_hours     (guint                 gpus);
/* Young 1974: τ = √(2δM). */
double  ts_goodput_young_interval (double                delta,
                                   double                mtbi);
/* Daly 2006: τ = √(2δM)·[1 + ⅓√(δ/2M) + δ/(18M)] − δ for δ < 2M, else M. */
double  ts_goodput_daly_interval  (double                delta,
                                   double                mtbi);
/* The goodput of a job of `gpus` GPUs whose step takes step_seconds (0 =
 * not known yet): a checkpoint is taken between two steps, so no
 * oftener than every step. */
void    ts_goodput_compute        (const TsGoodputInput *in,
                                   guint                 gpus,
                                   double                step_seconds,
                                   TsGoodput            *out);
/* effective_fraction alone, as ts_goodput_compute () gives it. */
double  ts_goodput_fraction       (const TsGoodputInput *in,
                                   guint                 gpus,
                                   double                step_seconds);
/* What depends on the run's length and speed: the interruptions expected
 * over `days` of wall-clock time and the read bandwidth that feeds the
 * GPUs `read_bytes_s` of tokenised data. */
void    ts_goodput_set_run        (TsGoodput            *goodput,
                                   double                days,
                                   double                read_bytes_s);

/* The goodput in words, in the current language (free them): a duration
 * (“0.17 s”, “10 min”, “3.1 h”), the wall clock's shares, the
 * interruptions and checkpoints, and the storage the run needs. */
char   *ts_goodput_dup_duration   (double                seconds);
char   *ts_goodput_dup_bandwidth  (double                bytes_s);
char   *ts_goodput_dup_summary    (const TsGoodput      *goodput);
char   *ts_goodput_dup_detail     (const TsGoodput      *goodput);
char   *ts_goodput_dup_storage    (const TsGoodput      *goodput);

G_END_DECLS
