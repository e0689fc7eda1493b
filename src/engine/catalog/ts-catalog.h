/* ts-catalog.h — models and hardware, loaded from catalog.json
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-model.h"
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TS_CATALOG_SCHEMA_VERSION 1

/* Longest text a catalog string may hold, in characters: names, models,
 * vendors and every other short field; notes, claims, URLs and the
 * reasons of estimates. Longer text is refused, as are control
 * characters and bidirectional marks (data/CATALOG.md). */
#define TS_CATALOG_MAX_NAME_CHARS 200
#define TS_CATALOG_MAX_TEXT_CHARS 4000

typedef enum
{
  TS_CONFIDENCE_VERIFIED,
  TS_CONFIDENCE_DERIVED,
  TS_CONFIDENCE_UNVERIFIED,
} TsConfidence;

typedef struct
{
  char *id;
  char *title;
  char *url;
  char *kind;
  char *retrieved;
} TsSource;

/* What every record carries besides its figures. */
typedef struct
{
  TsConfidence   confidence;
  char         **sources;   /* source ids */
  char          *notes;
  /* The record's optional “estimates” object: the fields whose figure
   * is an estimate, in the file's order (NULL-terminated; NULL when
   * none), and field → reason. Read them with ts_provenance_is_estimate
   * () and ts_provenance_get_estimate_reason (). */
  char         **estimate_fields;
  GHashTable    *estimates;
} TsProvenance;

typedef struct
{
  char          *id;
  char          *name;
  char          *kind;        /* nvlink, hccs, infinity-fabric, pcie, ethernet */
  gboolean       training_capable;
  double         bw_gb_s_bidir;
  double         bw_gb_s_unidir;
  TsProvenance   prov;
} TsInterconnect;

/* A fabric part of the bill of materials (catalog “parts”, optional): a
 * transceiver or a cable, with its reach and, for a cable, its length
 * class (docs/cluster-fabric.md §9). */
typedef struct
{
  char          *id;
  char          *name;
  char          *vendor;
  char          *part;           /* transceiver, cable */
  char          *length_class;   /* cables: dac, acc, aoc, fibre */
  double         reach_m;        /* the longest link it makes */
  guint          ports;          /* transceiver: links one module carries; cable: node ends (2 for a splitter) */
  double         price_usd;      /* 0 = no source gives one */
  TsProvenance   prov;
} TsPart;

typedef struct
{
  char          *id;
  char          *name;
  char          *family;      /* infiniband, ethernet */
  double         port_gbps;
  char          *nic_model;
  char          *switch_model;
  guint          switch_ports;
  guint          switch_rack_units;
  double         switch_power_w;
  double         switch_weight_kg;
  /* The bill of materials' parts (optional; NULL or 0 = not stated):
   * the switch-side transceiver and the logical ports it carries (2 for
   * a twin-port OSFP), the node-side one, the fibre and the copper
   * cable, the fabric manager; prices in USD where a source gives one. */
  char          *transceiver_model;
  guint          transceiver_ports;
  char          *node_transceiver_model;
  char          *optical_cable_model;
  char          *copper_cable_model;
  char          *fabric_manager_model;
  double         switch_price_usd;
  double         transceiver_price_usd;
  TsProvenance   prov;
  /* The parts as records of their own (optional ids into “parts”); a
   * part named here gives the name fields above, which a record that
   * names no part still sets by hand. Resolved on loading. */
  char          *transceiver_id;
  char          *node_transceiver_id;
  char          *optical_cable_id;
  char          *copper_cable_id;
  char          *switch_copper_cable_id;  /* switch to switch within a rack */
  const TsPart  *transceiver;
  const TsPart  *node_transceiver;
  const TsPart  *optical_cable;
  const TsPart  *copper_cable;
  const TsPart  *switch_copper_cable;
} TsNetwork;

typedef struct
{
  char          *id;
  char          *name;
  char          *vendor;
  char          *architecture;
  char          *family;      /* hopper, blackwell, … (MFU defaults) */
  char          *form_factor;
  double         memory_gib;  /* vendor's nominal figure, binary */
  double         memory_bytes;
  char          *memory_type;
  double         memory_bw_tb_s;
  double         tflops_bf16; /* dense */
  double         tflops_fp16;
  double         tflops_fp8;  /* 0 = unsupported */
  double         tdp_w;
  char          *interconnect_id;
  double         price_usd;   /* 0 = unknown */
  TsProvenance   prov;
} TsGpu;

typedef struct
{
  char          *id;
  char          *name;
  char          *vendor;
  char          *kind;        /* server, rack, workstation */
  gboolean       article;
  char          *gpu_id;
  guint          gpu_count;
  double         gpu_memory_label_gb;
  char          *interconnect_id;
  char          *cpu_model;
  guint          cpu_sockets;
  guint          cpu_cores_per_socket;
  double         ram_gb;
  double         ram_gb_max;
  char          *os_storage;
  guint          nvme_data_count;
  double         nvme_data_tb_each;
  double         nvme_write_gb_s;
  guint          compute_nic_count;
  double         compute_nic_gbps;
  char          *compute_nic_model;
  char          *network_id;
  guint          storage_nic_count;
  double         storage_nic_gbps;
  guint          psu_count;
  double         psu_w;
  char          *psu_redundancy;
  guint          psu_active;  /* derived: the N of “N+M”, else psu_count */
  double         max_power_kw;
  double         heat_btu_h;  /* 0 = not stated: derived from max_power_kw */
  double         typical_power_kw; /* the vendor's typical draw; 0 = not stated (energy uses it, feeds never) */
  guint          rack_units;
  double         height_mm;
  double         weight_kg;
  char          *cooling;
  guint          max_servers; /* 0 = no limit */
  double         price_usd;
  char         **claims;
  TsProvenance   prov;
  /* resolved references */
  const TsGpu          *gpu;
  const TsInterconnect *interconnect;
  const TsNetwork      *network;
  /* GPUs that share one NVLink/HCCS domain, where tensor parallelism may
   * run over interconnect: gpu_count for an NVSwitch server, 72 for
   * GB200 NVL72, 4 for eight H200 NVL cards in 4-way bridges (two
   * domains), 1 when the GPUs share only PCIe. Divides gpu_count. */
  guint          nvlink_domain_gpus;
  /* A one-GPU record the catalog derives for a GPU sold only in its
   * server (SXM, OAM, a module, a superchip): the id of that server, whose
   * power, space and price it keeps — one GPU of it, a one-GPU job on the
   * whole server (docs/catalog-format.md §6). NULL for a real product. */
  char          *one_gpu_of;
} TsServer;

typedef struct
{
  char          *family;
  char          *precision;
  double         mfu;
} TsMfuDefault;

/* Rack equipment that is not a server or a fabric switch
 * (catalog “site_equipment”, optional). */
typedef struct
{
  char          *name;
  guint          ports;
  guint          rack_units;
  double         power_w;
  double         weight_kg;
  TsProvenance   prov;
} TsManagementSwitch;

typedef struct
{
  char          *name;
  guint          per_rack;    /* 2: one on the A feed, one on the B feed */
  double         weight_kg;
  TsProvenance   prov;
  /* The rack PDU model's input rating and outlets. A rack on A/B feeds
   * needs 2 × ⌈rack kW ÷ capacity_kw⌉ of them. */
  double         input_voltage_v;  /* line to line for three phases */
  guint          phases;           /* 1 or 3 */
  double         amps_per_phase;
  double         capacity_kw;
  guint          rack_units;       /* 0: a vertical strip */
  guint          outlets_c13;
  guint          outlets_c19;
} TsPdu;

typedef struct
{
  TsModel        model;
  TsProvenance   prov;
} TsCatalogModel;

/* A shared storage system's building block (catalog “storage_systems”,
 * optional): one appliance, chassis or node of a scale-out system, with
 * the figures a cluster of them adds up (docs/goodput.md §5). */
typedef struct
{
  char          *id;
  char          *name;
  char          *vendor;
  double         usable_tb;        /* per appliance, decimal TB */
  double         read_gb_s;        /* sustained, per appliance, decimal GB/s */
  double         write_gb_s;
  guint          rack_units;
  double         power_w;          /* maximum draw; 0 = not stated */
  double         typical_power_w;  /* typical draw; 0 = not stated */
  double         weight_kg;        /* 0 = not stated */
  guint          min_count;        /* smallest system sold; 0 = 1 */
  guint          max_count;        /* largest cluster; 0 = no limit stated */
  TsProvenance   prov;
} TsStorageSystem;

/* A coolant distribution unit (catalog “cdus”, optional): what takes
 * the racks' heat from their liquid loop into facility water
 * (docs/facility.md §4). */
typedef struct
{
  char          *id;
  char          *name;
  char          *vendor;
  char          *placement;        /* in-rack (serves its own rack) or in-row (serves many) */
  double         capacity_kw;      /* heat to water one unit takes */
  guint          rack_units;       /* 0 for a unit standing on the floor */
  gboolean       redundant_pumps;  /* N+1 pumps inside: no spare unit needed */
  double         power_w;          /* 0 = not stated */
  TsProvenance   prov;
} TsCdu;

typedef struct _TsCatalog TsCatalog;

TsCatalog            *ts_catalog_new_builtin        (GError         **error);
/* The built-in catalog's JSON text, as shipped (a user catalog starts
 * from a copy of its records). */
GBytes               *ts_catalog_get_builtin_bytes  (void);
TsCatalog            *ts_catalog_new_from_file      (const char      *path,
                                                     GError         **error);
TsCatalog            *ts_catalog_new_from_data      (const char      *data,
                                                     gssize           length,
                                                     const char      *name,
                                                     GError         **error);
/* The built-in catalog with a user file's records replacing (same id) or
 * extending it. */
TsCatalog            *ts_catalog_new_with_overlay   (const char      *path,
                                                     GError         **error);
/* For the window and the CLI: the built-in catalog with path's records
 * over it; when path is unusable, the built-in catalog alone and, in
 * warning, why (current language). NULL only when the built-in catalog
 * itself fails (error set). path may be NULL. */
TsCatalog            *ts_catalog_new_with_fallback  (const char      *path,
                                                     char           **warning,
                                                     GError         **error);
TsCatalog            *ts_catalog_ref                (TsCatalog       *catalog);
void                  ts_catalog_unref              (TsCatalog       *catalog);

/* The user catalog's catalog_version when an overlay gives one, else
 * the built-in one. */
const char           *ts_catalog_get_version        (const TsCatalog *catalog);
/* The built-in catalog's version under an overlay; for a catalog loaded
 * from one file, that file's (the same as ts_catalog_get_version ()). */
const char           *ts_catalog_get_base_version   (const TsCatalog *catalog);
/* A user's file that sets a figure the sizing never reads (a GPU's
 * tdp_w: power comes from each server's max_power_kw, which holds the
 * GPUs, CPUs, fans and losses together): the sentence `catalog check`
 * prints, or NULL. A figure that is read must count, or be named here. */
const char           *ts_catalog_get_unused_note    (const TsCatalog *catalog);
const char           *ts_catalog_get_name           (const TsCatalog *catalog);
const char           *ts_catalog_get_vendor_name    (const TsCatalog *catalog);
const char           *ts_catalog_get_quote_email    (const TsCatalog *catalog);
/* The vendor record's "logo" (a PNG for the spec sheet), its path made
 * absolute against the catalog file that gave it; NULL when none. */
const char           *ts_catalog_get_vendor_logo    (const TsCatalog *catalog);
double                ts_catalog_get_btu_h_per_kw   (const TsCatalog *catalog);
double                ts_catalog_get_btu_h_per_ton  (const TsCatalog *catalog);
/* A server's heat: all the electrical power it draws, at the figure that
 * sizes current, supplies and energy (max_power_kw × BTU/h per kW). */
double                ts_server_heat_btu_h          (const TsCatalog *catalog,
                                                     const TsServer  *server);
double                ts_catalog_get_mm_per_u       (const TsCatalog *catalog);
double                ts_catalog_get_availability_factor (const TsCatalog *catalog);
double                ts_catalog_get_pcie_mfu_factor (const TsCatalog *catalog);
double                ts_catalog_get_mfu            (const TsCatalog *catalog,
                                                     const char      *family,
                                                     const char      *precision);

/* NULL when the catalog has no site_equipment. */
const TsManagementSwitch *ts_catalog_get_management_switch (const TsCatalog *catalog);
const TsPdu          *ts_catalog_get_pdu            (const TsCatalog *catalog);

/* Each kind of record by index and by id: typed, so declared kind by kind
 * (defined by one macro each in ts-catalog-accessors.c). */
guint                 ts_catalog_get_n_models       (const TsCatalog *catalog);
const TsCatalogModel *ts_catalog_get_model          (const TsCatalog *catalog,
                                                     guint            index);
const TsCatalogModel *ts_catalog_find_model         (const TsCatalog *catalog,
                                                     const char      *id);

guint                 ts_catalog_get_n_gpus         (const TsCatalog *catalog);
const TsGpu          *ts_catalog_get_gpu            (const TsCatalog *catalog,
                                                     guint            index);
const TsGpu          *ts_catalog_find_gpu           (const TsCatalog *catalog,
                                                     const char      *id);

guint                 ts_catalog_get_n_servers      (const TsCatalog *catalog);
const TsServer       *ts_catalog_get_server         (const TsCatalog *catalog,
                                                     guint            index);
const TsServer       *ts_catalog_find_server        (const TsCatalog *catalog,
                                                     const char      *id);

guint                 ts_catalog_get_n_interconnects (const TsCatalog *catalog);
const TsInterconnect *ts_catalog_get_interconnect   (const TsCatalog *catalog,
                                                     guint            index);
const TsInterconnect *ts_catalog_find_interconnect  (const TsCatalog *catalog,
                                                     const char      *id);

guint                 ts_catalog_get_n_networks     (const TsCatalog *catalog);
const TsNetwork      *ts_catalog_get_network        (const TsCatalog *catalog,
                                                     guint            index);
const TsNetwork      *ts_catalog_find_network       (const TsCatalog *catalog,
                                                     const char      *id);

guint                 ts_catalog_get_n_storage_systems (const TsCatalog *catalog);
const TsStorageSystem *ts_catalog_get_storage_system (const TsCatalog *catalog,
                                                      guint            index);
const TsStorageSystem *ts_catalog_find_storage_system (const TsCatalog *catalog,
                                                       const char      *id);

guint                 ts_catalog_get_n_parts        (const TsCatalog *catalog);
const TsPart         *ts_catalog_get_part           (const TsCatalog *catalog,
                                                     guint            index);
const TsPart         *ts_catalog_find_part          (const TsCatalog *catalog,
                                                     const char      *id);

guint                 ts_catalog_get_n_cdus         (const TsCatalog *catalog);
const TsCdu          *ts_catalog_get_cdu            (const TsCatalog *catalog,
                                                     guint            index);
const TsCdu          *ts_catalog_find_cdu           (const TsCatalog *catalog,
                                                     const char      *id);

guint                 ts_catalog_get_n_sources      (const TsCatalog *catalog);
const TsSource       *ts_catalog_get_source         (const TsCatalog *catalog,
                                                     guint            index);

const char           *ts_confidence_to_string       (TsConfidence     confidence);

/* Whether the record's figure in field (its JSON name, e.g.
 * "max_power_kw") is an estimate, and why (NULL when it is not). */
gboolean              ts_provenance_is_estimate     (const TsProvenance *prov,
                                                     const char         *field);
const char           *ts_provenance_get_estimate_reason (const TsProvenance *prov,
                                                         const char         *field);
gboolean              ts_server_is_estimate         (const TsServer  *server,
                                                     const char      *field);
gboolean              ts_gpu_is_estimate            (const TsGpu     *gpu,
                                                     const char      *field);

/* Whether a tensor-parallel group of tp_gpus GPUs of this server runs
 * over a training-capable link: TRUE for one GPU, else when the group
 * fits one NVLink/HCCS domain (nvlink_domain_gpus) and that link is
 * training-capable. */
gboolean              ts_server_tp_is_training_capable (const TsServer *server,
                                                        guint           tp_gpus);

/* A server's GPU memory as the vendor states it and as the estimate
 * counts it, each labelled (docs/hardware-rules.md §GPU memory units):
 * "1,440 GB HBM3e as the vendor states it (8 × 180 GB); usable 1,546 GB
 * (8 × 180 GiB)". */
char                 *ts_server_dup_memory_text     (const TsServer  *server);
/* One GPU's: "141 GB HBM3e as the vendor states it; usable 151 GB
 * (141 GiB)"; the vendor's figure is that of a server holding the GPU
 * (vendor_gb > 0), else the usable figure alone is said. */
char                 *ts_gpu_dup_memory_text        (const TsGpu     *gpu,
                                                     double           vendor_gb);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsCatalog, ts_catalog_unref)

/* ---- the catalog's records as JSON ---- */

/* Each returns a new JSON array, one object per record in the catalog's
 * order; the caller unrefs it. */
JsonNode *ts_catalog_models_to_json  (const TsCatalog *catalog);
JsonNode *ts_catalog_servers_to_json (const TsCatalog *catalog);
JsonNode *ts_catalog_gpus_to_json    (const TsCatalog *catalog);
JsonNode *ts_catalog_storage_to_json (const TsCatalog *catalog);

G_END_DECLS
