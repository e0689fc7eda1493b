/* ts-fabric.h — the cluster's fabrics as the vendors' reference
 * architectures build them (docs/cluster-fabric.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

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
  guint    leaves_per_pod;     /* leaves under one spine group (two tiers: all of them) */
  guint    spines_per_pod;     /* spines of a full pod (the last may have fewer) */
  /* Once the racks are placed (ts-racks.c, docs/cluster-fabric.md §9):
   * the links of each tier whose two ends stand in one rack, on copper;
   * the rest run between racks on fibre. dac_cables_node_leaf counts the
   * copper splitters that carry them (one per switch cage). */
  guint    dac_links[3];       /* node–leaf, leaf–spine, spine–core */
  guint    dac_cables_node_leaf;
} TsComputeFabric;

/* The tiers of the compute fabric, as indices into dac_links. */
enum
{
  TS_FABRIC_TIER_NODE_LEAF,
  TS_FABRIC_TIER_LEAF_SPINE,
  TS_FABRIC_TIER_SPINE_CORE,
  TS_FABRIC_N_TIERS
};

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
/* The links of one tier (TS_FABRIC_TIER_*), and of them those on fibre
 * (between racks): the tier's links less its copper ones. */
guint ts_compute_fabric_tier_links (const TsComputeFabric *fabric,
                                    guint                  tier);
guint ts_compute_fabric_fibre_links (const TsComputeFabric *fabric,
                                     guint                  tier);
/* The spines of pod `pod`: the first one's index and their count. */
void  ts_compute_fabric_pod_spines (const TsComputeFabric *fabric,
                                    guint                  pod,
                                    guint                 *first,
                                    guint                 *count);

/* ---- a bill of materials: an open list any part of the engine adds to ---- */

typedef enum
{
  TS_BOM_SERVER,
  TS_BOM_SWITCH,
  TS_BOM_CABLE,
  TS_BOM_TRANSCEIVER,
  TS_BOM_NIC,
  TS_BOM_PDU,
  TS_BOM_RACK,
  TS_BOM_APPLIANCE,
  TS_BOM_STORAGE,     /* the shared storage system's appliances (docs/goodput.md §5) */
  TS_N_BOM_CATEGORIES
} TsBomCategory;

typedef struct
{
  TsBomCategory  category;
  char          *item;            /* the part's name, as the catalog gives it */
  char          *role;            /* what it is for (“compute leaf”, “leaf–spine link”); language-independent code */
  guint64        quantity;
  double         unit_price_usd;  /* 0 = no price in the catalog */
  gboolean       estimate;        /* the count or the price is an estimate */
  char          *length_class;    /* cables: dac, acc, aoc or fibre; NULL when not known */
} TsBomLine;

typedef struct _TsBom TsBom;

/* Items the catalog has no record for: their names are msgids, kept
 * untranslated in the JSON and the CSV; a page shows ts_bom_item_label (). */
#define TS_BOM_ITEM_MANAGEMENT_SERVER N_("Two-socket x86 management server")
#define TS_BOM_ITEM_OOB_CABLE         N_("Cat 6 patch cable, 1 GbE")
#define TS_BOM_ITEM_RACK              N_("Rack cabinet")

TsBom           *ts_bom_new           (void);
void             ts_bom_free          (TsBom         *bom);
/* Adds a line; a line with the same category, item and role adds its
 * quantity to the one there. A quantity of 0 adds nothing. */
void             ts_bom_add           (TsBom         *bom,
                                       TsBomCategory  category,
                                       const char    *item,
                                       const char    *role,
                                       guint64        quantity,
                                       double         unit_price_usd,
                                       gboolean       estimate);
/* Adds a cable line of one length class (dac, acc, aoc, fibre): lines
 * of the same item, role and class add up. */
void             ts_bom_add_cable     (TsBom         *bom,
                                       const char    *item,
                                       const char    *role,
                                       guint64        quantity,
                                       gboolean       estimate,
                                       const char    *length_class);
guint            ts_bom_get_n_lines   (const TsBom   *bom);
const TsBomLine *ts_bom_get_line      (const TsBom   *bom,
                                       guint          index);
/* Sum of quantity × price over the priced lines; *complete is FALSE
 * when a line has no price. */
double           ts_bom_priced_total  (const TsBom   *bom,
                                       gboolean      *complete);
guint64          ts_bom_quantity      (const TsBom   *bom,
                                       TsBomCategory  category);

const char      *ts_bom_category_to_string (TsBomCategory category);
/* The category's word in the current language. */
const char      *ts_bom_category_label     (TsBomCategory category);
/* The item's name in the current language (a catalog name unchanged). */
const char      *ts_bom_item_label         (const char   *item);
/* The role's words in the current language (“Compute fabric, leaf”). */
const char      *ts_bom_role_label         (const char   *role);
/* What a page shows as the line's item: the part's name and number as
 * the catalog gives them, without the English description in brackets
 * after it (“NVIDIA MFP7E10 (MPO-12/APC crossover multimode fibre)” →
 * “NVIDIA MFP7E10”); a server as every page names it; the rack PDU and
 * the management switch, whose catalog names are English descriptions
 * of a class, by the pages' own words for them. */
char            *ts_bom_line_item          (const TsBomLine *line);
/* What a line is for in the current language: its role's words, and for
 * a cable of a known length class where it runs (“Leaf to spine,
 * within a rack”). */
char            *ts_bom_line_purpose       (const TsBomLine *line);

/* [{category, item, role, quantity, unit_price_usd?, estimate?,
 * length_class?}, …] */
void             ts_bom_to_json       (const TsBom   *bom,
                                       JsonBuilder   *builder);
/* A CSV table as ts-csv.c writes one (RFC 4180, CRLF, stable keys in
 * the header, the JSON's codes, C-locale numbers): a header line, then a
 * line a part. */
char            *ts_bom_to_csv        (const TsBom   *bom);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsBom, ts_bom_free)

G_END_DECLS
