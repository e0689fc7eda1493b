/* ts-recommend.h — hardware options for a scenario, ranked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-catalog.h"
#include "ts-memory.h"
#include "ts-scenario.h"

G_BEGIN_DECLS

typedef enum
{
  TS_VERDICT_FITS,
  TS_VERDICT_TIGHT,
  TS_VERDICT_DOES_NOT_FIT,
} TsVerdict;

typedef enum
{
  TS_DEVICE_SERVER,
  TS_DEVICE_LEAF_SWITCH,
  TS_DEVICE_SPINE_SWITCH,
  TS_DEVICE_STORAGE_SWITCH,
  TS_DEVICE_MANAGEMENT_SWITCH,
  TS_DEVICE_PDU,                 /* 0U, drawn as a side strip */
  TS_N_DEVICE_ROLES
} TsDeviceRole;

/* One device placed in a rack. */
typedef struct
{
  TsDeviceRole  role;
  const char   *name;       /* catalog-owned or static; never freed here */
  guint         u_bottom;   /* 1-based lowest unit; 0 for a 0U PDU */
  guint         u_height;
  double        power_kw;
  double        weight_kg;
} TsRackDevice;

typedef struct
{
  GArray       *devices;    /* TsRackDevice, bottom to top */
  guint         units;      /* rack height */
  guint         used_units;
  double        power_kw;
  double        limit_kw;
  double        heat_btu_h;
  double        weight_kg;
} TsRack;

typedef struct
{
  const TsServer *server;
  guint           servers;
  guint           gpus;
  TsMemory        memory;            /* at this option's layout */
  TsVerdict       verdict;
  gboolean        fits;
  char           *reason;            /* plain words, current language */
  char           *suggestion;        /* what would make it fit, or NULL */
  double          gpu_memory_bytes;  /* capacity of one GPU */
  double          headroom_bytes;    /* per GPU; negative when it does not fit */
  double          headroom_fraction;
  gboolean        interconnect_ok;   /* NVLink/HCCS-class link, or one GPU */
  gboolean        recommended;
  guint           rank;

  /* network between servers */
  guint           compute_ports;
  double          port_gbps;
  guint           leaf_switches;
  guint           spine_switches;
  double          sync_seconds_network;  /* one step's gradient sync */
  double          sync_seconds_intra;

  /* storage */
  double          checkpoint_bytes;
  double          checkpoints_on_nvme;
  double          checkpoint_write_seconds;
  double          dataset_bytes;

  /* CPU and RAM */
  double          cpu_cores_per_gpu;
  double          host_ram_needed_bytes;  /* per server */

  /* power and heat (all servers and switches) */
  double          power_kw;
  double          heat_btu_h;
  double          cooling_tons;
  double          amps_per_phase;
  double          feed_amps;              /* what each of the A and B feeds must carry */
  guint           rack_units;
  guint           racks;
  GArray         *rack_detail;            /* TsRack */

  /* time and money */
  double          training_flops;
  double          mfu;
  double          training_days;
  guint           servers_for_deadline;   /* 0 = no deadline */
  double          energy_kwh;
  double          energy_cost;
  double          capex_usd;              /* 0 = no prices in the catalog */
} TsOption;

void        ts_option_clear       (TsOption          *option);
const char *ts_verdict_to_string  (TsVerdict          verdict);
const char *ts_verdict_label      (TsVerdict          verdict);

/* Fills options (an array of TsOption with ts_option_clear as its clear
 * function), ranked, and returns the index of the recommended one or -1. */
int         ts_recommend          (const TsCatalog   *catalog,
                                   const TsScenario  *scenario,
                                   GArray            *options,
                                   GPtrArray         *warnings);

void        ts_option_to_json     (const TsOption    *option,
                                   JsonBuilder       *builder);

G_END_DECLS
