/* ts-option-json.c — an option as JSON (ts_option_to_json)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <math.h>

#include "ts-framework.h"
#include "ts-json.h"
#include "ts-options-private.h"

/* ---- JSON --------------------------------------------------------------- */

/* A 12,500-server cluster has thousands of racks: the JSON lists the
 * first ones (servers fill racks in order, so the rest repeat them) and
 * says when it stopped; “racks” always counts them all. */
#define JSON_RACK_DETAIL_MAX 64

static void
racks_to_json (const TsOption *o,
               JsonBuilder    *b)
{
  /* Devices only for the racks listed: a 12,500-server option's racks are
   * counted, not built. */
  GArray *built = NULL;
  const GArray *racks = o->rack_detail;
  guint shown;

  if (racks == NULL && o->catalog != NULL && o->server != NULL && o->servers > 0)
    racks = built = _ts_options_build_rack_detail (o, JSON_RACK_DETAIL_MAX);
  shown = racks != NULL ? MIN (racks->len, JSON_RACK_DETAIL_MAX) : 0;

  ts_json_add_bool (b, "rack_detail_complete", racks == NULL || shown == racks->len);
  json_builder_set_member_name (b, "rack_detail");
  json_builder_begin_array (b);
  for (guint r = 0; r < shown; r++)
    {
      const TsRack *rack = &g_array_index (racks, TsRack, r);

      json_builder_begin_object (b);
      ts_json_add_int (b, "units", rack->units);
      ts_json_add_int (b, "used_units", rack->used_units);
      ts_json_add_double_valid (b, "power_kw", rack->power_kw);
      ts_json_add_double_valid (b, "limit_kw", rack->limit_kw);
      ts_json_add_double_valid (b, "heat_btu_h", rack->heat_btu_h);
      ts_json_add_double_valid (b, "weight_kg", rack->weight_kg);
      ts_json_add_double_valid (b, "amps_per_phase", rack->amps_per_phase);
      ts_json_add_bool (b, "over_limit", rack->over_limit);
      json_builder_set_member_name (b, "devices");
      json_builder_begin_array (b);
      for (guint i = 0; i < rack->devices->len; i++)
        {
          const TsRackDevice *d = &g_array_index (rack->devices, TsRackDevice, i);

          json_builder_begin_object (b);
          ts_json_add_string (b, "role", ts_device_role_to_string (d->role));
          ts_json_add_string (b, "name", d->name);
          ts_json_add_int (b, "u_bottom", d->u_bottom);
          ts_json_add_int (b, "u_height", d->u_height);
          ts_json_add_double_valid (b, "power_kw", d->power_kw);
          ts_json_add_double_valid (b, "weight_kg", d->weight_kg);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  g_clear_pointer (&built, _ts_options_rack_detail_free);
}

/* A flag of the option and its code in the JSON. */
typedef struct
{
  guint       flag;
  const char *code;
} FlagCode;

static const FlagCode remedy_codes[] = {
  { TS_REMEDY_ZERO3, "zero3" },
  { TS_REMEDY_CHECKPOINTING, "checkpointing" },
  { TS_REMEDY_MICRO_BATCH, "micro-batch-1" },
  { TS_REMEDY_OFFLOAD, "offload" },
  { TS_REMEDY_LORA, "lora" },
  { TS_REMEDY_QLORA, "qlora" },
};

static const FlagCode note_codes[] = {
  { TS_NOTE_PCIE_ONLY, "pcie-only" },
  { TS_NOTE_MAX_SERVERS, "max-servers" },
  { TS_NOTE_THIRD_TIER, "third-switch-tier" },
  { TS_NOTE_RACK_OVER_LIMIT, "rack-over-limit" },
  { TS_NOTE_RACK_TOO_SHORT, "rack-too-short" },
  { TS_NOTE_HOST_RAM, "host-ram" },
  { TS_NOTE_MISSES_DEADLINE, "misses-deadline" },
  { TS_NOTE_FEW_NICS, "fewer-ports-than-gpus" },
  { TS_NOTE_ONE_FEED, "one-feed" },
  { TS_NOTE_NETWORK_BOUND, "network-bound" },
  { TS_NOTE_BEYOND_THREE_TIERS, "beyond-three-switch-tiers" },
  { TS_NOTE_ONE_GPU_OF_SERVER, "one-gpu-of-server" },
};

static const FlagCode failure_codes[] = {
  { TS_FAILURE_MEMORY, "memory" },
  { TS_FAILURE_LAYOUT, "layout" },
  { TS_FAILURE_DEADLINE, "deadline" },
  { TS_FAILURE_RACK_POWER, "rack-power" },
  { TS_FAILURE_RACK_HEIGHT, "rack-height" },
  { TS_FAILURE_PDU_CURRENT, "pdu-current" },
  { TS_FAILURE_PSU, "power-supplies" },
  { TS_FAILURE_HOST_RAM, "host-ram" },
  { TS_FAILURE_FRAMEWORK, "framework" },
  { TS_FAILURE_FABRIC_BANDWIDTH, "fabric-bandwidth" },
  { TS_FAILURE_COOLING, "cooling" },
  { TS_FAILURE_FLOOR, "floor-load" },
};

/* One failure's JSON code (the CSV's “failures” column lists them too). */
const char *
ts_failure_to_string (TsFailureFlags flag)
{
  for (guint i = 0; i < G_N_ELEMENTS (failure_codes); i++)
    if (failure_codes[i].flag == flag)
      return failure_codes[i].code;
  return NULL;
}

/* The framework that runs the option (issue 26): its id (null when none
 * runs the layout), why it was chosen, the memory rules applied, and what
 * refused the layout. */
static void
add_framework (JsonBuilder    *b,
               const TsOption *o)
{
  const TsFrameworkInfo *f = ts_framework_info (o->framework);

  ts_json_add_string (b, "framework", o->framework != TS_FRAMEWORK_AUTOMATIC ? f->key : NULL);
  ts_json_add_string (b, "framework_release", o->framework != TS_FRAMEWORK_AUTOMATIC ? f->release : NULL);
  ts_json_add_string (b, "framework_reason", o->framework_reason);
  json_builder_set_member_name (b, "framework_rules");
  json_builder_begin_array (b);
  for (guint bit = 0; bit < 32; bit++)
    if (o->framework_rules & (1u << bit))
      json_builder_add_string_value (b, ts_framework_rule_to_string (1u << bit));
  json_builder_end_array (b);
  if (o->framework_why != NULL)
    {
      json_builder_set_member_name (b, "framework_refused");
      json_builder_begin_object (b);
      ts_json_add_string (b, "framework", ts_framework_to_string (o->framework_refused));
      ts_json_add_string (b, "why", o->framework_why);
      json_builder_end_object (b);
    }
}

/* The codes of the flags set in `flags`, in the table's order, as an
 * array member `name`. */
static void
add_flag_codes (JsonBuilder    *b,
                const char     *name,
                const FlagCode *codes,
                guint           n_codes,
                guint           flags)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n_codes; i++)
    if (flags & codes[i].flag)
      json_builder_add_string_value (b, codes[i].code);
  json_builder_end_array (b);
}

static const char *
rank_key_code (guint key)
{
  static const char *const codes[] = {
    "alone", "works", "fits", "room", "link", "site", "deadline", "late", "article",
    "power", "time", "priced", "capex", "energy-cost", "energy", "name",
    "total-cost",
  };

  return key < G_N_ELEMENTS (codes) ? codes[key] : "name";
}

/* The keys are a public interface (the CLI's JSON): add, never rename.
 * Written member by member, like ts-memory-json.c and ts_step_to_json (),
 * on purpose: each key stands where a reader of the JSON looks for it. */
/* options[].facility (docs/facility.md): totals over all racks, and the
 * busiest (peak_kw, rack_*) and heaviest (rack_kg, floor) rack's. */
static void
facility_to_json (const TsFacility *f,
                  JsonBuilder      *b)
{
  json_builder_set_member_name (b, "facility");
  json_builder_begin_object (b);
  ts_json_add_string (b, "cooling", ts_cooling_to_string (f->cooling));
  ts_json_add_bool (b, "site_ok", f->site_ok);
  ts_json_add_double_valid (b, "liquid_kw", f->liquid_kw);
  ts_json_add_double_valid (b, "air_kw", f->air_kw);
  ts_json_add_double_valid (b, "rack_liquid_kw", f->rack_liquid_kw);
  ts_json_add_double_valid (b, "rack_air_kw", f->rack_air_kw);
  ts_json_add_double_valid (b, "coolant_lpm", f->coolant_lpm);
  ts_json_add_double_valid (b, "coolant_delta_t_k", f->coolant_delta_t_k);
  ts_json_add_double_valid (b, "air_cfm", f->air_cfm);
  ts_json_add_double_valid (b, "air_delta_t_f", f->air_delta_t_f);
  ts_json_add_int (b, "cdus", f->cdus);
  /* the racks whose heat leaves in water: the ones the elevation marks */
  ts_json_add_int (b, "water_racks", f->water_racks);
  /* the catalog's CDU the count is of (docs/facility.md §4) */
  if (f->cdu != NULL)
    {
      ts_json_add_string (b, "cdu_id", f->cdu->id);
      ts_json_add_string (b, "cdu_placement", f->cdu->placement);
      ts_json_add_double_valid (b, "cdu_capacity_kw", f->cdu->capacity_kw);
    }
  ts_json_add_double_valid (b, "rack_kg", f->rack_kg);
  ts_json_add_double_valid (b, "floor_kg_per_m2", f->floor_kg_per_m2);
  ts_json_add_double_valid (b, "peak_kw", f->peak_kw);
  /* the site's floor limit (0: none given, not checked) and whether the
   * heaviest rack keeps within it; the facility water the racks take */
  ts_json_add_double_valid (b, "floor_limit_kg_per_m2", f->floor_limit_kg_m2);
  ts_json_add_bool (b, "floor_ok", f->floor_ok);
  ts_json_add_double_valid (b, "water_supply_c", f->water_c);
  json_builder_end_object (b);
}

/* options[].storage_system (docs/goodput.md §5): what the run needs of
 * its storage and the catalog's system that meets it; null for servers
 * without storage ports. */
static void
storage_system_to_json (const TsOption *o,
                        JsonBuilder    *b)
{
  if (!o->storage_applies)
    {
      json_builder_set_member_name (b, "storage_system");
      json_builder_add_null_value (b);
      return;
    }
  ts_storage_to_json (&o->storage, o->goodput.two_tier ? o->goodput.drain_seconds : o->goodput.checkpoint_seconds, b);
}

/* options[].typical_power_kw and energy_power_basis (docs/facility.md
 * §7): the energy at the typical draw where the vendors state one, the
 * feeds and power_kw at the maximum. */
static void
energy_basis_to_json (const TsOption *o,
                      JsonBuilder    *b)
{
  ts_json_add_double_valid (b, "typical_power_kw", o->typical_power_kw);
  ts_json_add_string (b, "energy_power_basis", o->energy_at_typical ? "typical-where-stated" : "maximum");
}

/* options[].goodput (docs/goodput.md): the interruptions, the checkpoint
 * and its interval, the restart, the shares of the wall clock, and the
 * storage the run needs. */
static void
goodput_to_json (const TsGoodput *g,
                 JsonBuilder     *b)
{
  json_builder_set_member_name (b, "goodput");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "interruptions_per_gpu_hour", TS_GOODPUT_INTERRUPTIONS_PER_GPU_HOUR);
  ts_json_add_double_valid (b, "mtbi_hours", g->mtbi_hours);
  ts_json_add_double_valid (b, "interruptions", g->interruptions);
  ts_json_add_double_valid (b, "checkpoint_bytes", g->checkpoint_bytes);
  ts_json_add_double_valid (b, "checkpoint_shard_bytes", g->checkpoint_shard_bytes);
  ts_json_add_bool (b, "two_tier", g->two_tier);
  ts_json_add_double_valid (b, "checkpoint_seconds", g->checkpoint_seconds);
  ts_json_add_double_valid (b, "drain_seconds", g->drain_seconds);
  ts_json_add_double_valid (b, "checkpoint_interval_seconds", g->checkpoint_interval_seconds);
  ts_json_add_double_valid (b, "restart_seconds", g->restart_seconds);
  ts_json_add_double_valid (b, "load_seconds", g->load_seconds);
  ts_json_add_double_valid (b, "lost_seconds", g->lost_seconds);
  ts_json_add_double_valid (b, "compute_fraction", g->effective_fraction);
  ts_json_add_double_valid (b, "checkpoint_fraction", g->checkpoint_fraction);
  ts_json_add_double_valid (b, "lost_fraction", g->lost_fraction);
  ts_json_add_double_valid (b, "restart_fraction", g->restart_fraction);
  ts_json_add_double_valid (b, "effective_fraction", g->effective_fraction);
  json_builder_set_member_name (b, "storage");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "capacity_bytes", g->storage_capacity_bytes);
  ts_json_add_double_valid (b, "write_bytes_per_second", g->storage_write_bytes_s);
  ts_json_add_double_valid (b, "read_bytes_per_second", g->storage_read_bytes_s);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

/* Context parallelism (issue 29, sizing-model §8.9): the layout's
 * degree; layout.gpus = tp × cp × pp × dp. */
static void
layout_context_json (const TsLayout *l,
                     JsonBuilder    *b)
{
  ts_json_add_int (b, "cp", MAX (1u, l->cp));
}

/* The step's timeline whose peak per_gpu_bytes is, before the reserve
 * (issue 27; docs/sizing-model.md §4.2). */
static void
add_memory_timeline (const TsOption *o,
                     JsonBuilder    *b)
{
  json_builder_set_member_name (b, "memory_timeline");
  ts_timeline_add_json (&o->memory.timeline, b);
  ts_json_add_double_valid (b, "memory_reserve_bytes",
                            o->memory.overhead.runtime_context + o->memory.overhead.fragmentation);
}

/* The option's hardware, its counts, and its verdicts with the reason
 * for its place. */
static void
add_identity (const TsOption *o,
              JsonBuilder    *b)
{
  ts_json_add_string (b, "server_id", o->server->id);
  ts_json_add_string (b, "server_name", o->server->name);
  ts_json_add_string (b, "kind", o->server->kind);
  ts_json_add_int (b, "rank", o->rank);
  ts_json_add_bool (b, "recommended", o->recommended);
  ts_json_add_int (b, "servers", o->servers);
  ts_json_add_int (b, "gpus", o->gpus);
  ts_json_add_int (b, "servers_for_memory", o->servers_for_memory);
  if (o->deadline_reachable)
    ts_json_add_int (b, "servers_for_deadline", o->servers_for_deadline);
  else
    {
      /* no count this option comes in meets the deadline: said as such,
       * never as a number */
      json_builder_set_member_name (b, "servers_for_deadline");
      json_builder_add_null_value (b);
    }
  ts_json_add_bool (b, "deadline_reachable", o->deadline_reachable);
  ts_json_add_bool (b, "fits", o->fits);
  ts_json_add_bool (b, "ok", o->ok);
  add_flag_codes (b, "failures", failure_codes, G_N_ELEMENTS (failure_codes), o->failures);
  ts_json_add_string (b, "verdict", ts_verdict_to_string (o->verdict));
  /* the one verdict every surface shows (issue 28); “verdict” is the
   * memory fit, one of its parts */
  ts_json_add_string (b, "overall_verdict", ts_option_verdict_code (o));
  /* Codes, not sentences: the JSON is the same in every language (the
   * sentences are TsOption's reason, suggestion and notes). */
  ts_json_add_string (b, "reason", o->reason_code);
  /* why it stands where it does (issue 17): the deciding comparison
   * against its neighbour, and the difference in that figure */
  ts_json_add_string (b, "objective", ts_objective_to_string (o->objective));
  add_framework (b, o);
  ts_json_add_string (b, "rank_reason", rank_key_code (o->rank_key));
  ts_json_add_string (b, "rank_versus", o->rank_versus != NULL ? o->rank_versus->id : NULL);
  ts_json_add_double_valid (b, "rank_delta", fabs (o->rank_delta));
}

/* What would make the option work, and the notes beside it. */
static void
add_suggestion (const TsOption *o,
                JsonBuilder    *b)
{
  json_builder_set_member_name (b, "suggestion");
  json_builder_begin_array (b);
  if (o->suggested_servers > 0)
    {
      json_builder_begin_object (b);
      ts_json_add_string (b, "kind", "servers");
      ts_json_add_int (b, "servers", o->suggested_servers);
      json_builder_end_object (b);
    }
  for (guint i = 0; i < G_N_ELEMENTS (remedy_codes); i++)
    if (o->remedies & remedy_codes[i].flag)
      {
        json_builder_begin_object (b);
        ts_json_add_string (b, "kind", remedy_codes[i].code);
        json_builder_end_object (b);
      }
  json_builder_end_array (b);
  add_flag_codes (b, "notes", note_codes, G_N_ELEMENTS (note_codes), o->note_flags);
}

/* Memory per GPU and the layout that holds it. */
static void
add_memory_and_layout (const TsOption *o,
                       JsonBuilder    *b)
{
  const TsLayout *l = &o->memory.layout;

  ts_json_add_double_valid (b, "per_gpu_bytes", ts_breakdown_sum (&o->memory.per_gpu));
  ts_json_add_double_valid (b, "minimum_per_gpu_bytes", o->minimum_per_gpu_bytes);
  add_memory_timeline (o, b);
  ts_json_add_double_valid (b, "gpu_memory_bytes", o->gpu_memory_bytes);
  ts_json_add_double_valid (b, "headroom_bytes", o->headroom_bytes);
  ts_json_add_double_valid (b, "headroom_fraction", o->headroom_fraction);
  ts_json_add_double_valid (b, "min_free_fraction", o->min_free_fraction);
  if (!isnan (o->upper_headroom_fraction))
    ts_json_add_double_valid (b, "headroom_fraction_fp32_gradients", o->upper_headroom_fraction);
  json_builder_set_member_name (b, "per_gpu");
  ts_breakdown_to_json (&o->memory.per_gpu, b);
  json_builder_set_member_name (b, "layout");
  json_builder_begin_object (b);
  ts_layout_add_degrees_json (l, b);
  /* the planner's choices beyond the degrees (issue 17) */
  ts_json_add_int (b, "micro_batch", o->micro_batch);
  ts_json_add_int (b, "gradient_accumulation", o->accumulation);
  ts_json_add_int (b, "global_batch", o->global_batch);
  ts_json_add_int (b, "virtual_stages", o->virtual_stages);
  ts_json_add_string (b, "checkpointing", ts_checkpointing_to_string (o->checkpointing));
  /* with full recomputation, the layers of each stage recomputed: fewer
   * than the stage's when the planner recomputes only what memory needs */
  ts_json_add_int (b, "recompute_layers", l->recompute_layers);
  ts_json_add_bool (b, "sequence_parallel", o->sequence_parallel);
  layout_context_json (l, b);
  json_builder_end_object (b);
}

/* One step's time and its terms, and the interconnect it runs on. */
static void
add_step (const TsOption *o,
          JsonBuilder    *b)
{
  /* one step's time and its terms, seconds (docs/sizing-model.md §8.1) */
  json_builder_set_member_name (b, "step");
  ts_step_to_json (&o->step, b);
  ts_json_add_int (b, "layouts_evaluated", o->layouts_evaluated);

  ts_json_add_bool (b, "interconnect_ok", o->interconnect_ok);
  ts_json_add_string (b, "interconnect", o->server->interconnect->name);
}

/* The fabrics as the reference architectures build them, and the
 * gradient traffic they carry. */
static void
add_network (const TsOption *o,
             JsonBuilder    *b)
{
  json_builder_set_member_name (b, "network");
  json_builder_begin_object (b);
  ts_json_add_string (b, "id", o->network != NULL ? o->network->id : NULL);
  ts_json_add_string (b, "name", o->network != NULL ? o->network->name : NULL);
  ts_json_add_string (b, "family", o->network != NULL ? o->network->family : NULL);
  ts_json_add_bool (b, "gpudirect_rdma", o->network != NULL);
  ts_json_add_int (b, "compute_ports", o->compute_ports);
  ts_json_add_double_valid (b, "port_gbps", o->port_gbps);
  ts_json_add_int (b, "leaf_switches", o->leaf_switches);
  ts_json_add_int (b, "spine_switches", o->spine_switches);
  ts_json_add_int (b, "storage_ports", o->storage_ports);
  ts_json_add_int (b, "storage_switches", o->storage_switches);
  ts_json_add_int (b, "management_switches", o->management_switches);
  ts_json_add_double_valid (b, "gradient_bytes", o->gradient_bytes);
  ts_json_add_double_valid (b, "sync_seconds_network", o->sync_seconds_network);
  ts_json_add_double_valid (b, "sync_seconds_intra", o->sync_seconds_intra);
  ts_json_add_double_valid (b, "network_gb_s", o->network_gb_s);
  ts_json_add_double_valid (b, "intra_gb_s", o->intra_gb_s);
  /* the network verdict (docs/sizing-model.md §8.3) */
  ts_json_add_double_valid (b, "needed_gb_s", o->network_needed_gb_s);
  ts_json_add_double_valid (b, "needed_step_share", TS_NETWORK_STEP_SHARE);
  ts_json_add_bool (b, "network_bound", (o->note_flags & TS_NOTE_NETWORK_BOUND) != 0);
  /* the fabrics as the reference architectures build them
   * (docs/cluster-fabric.md) */
  ts_json_add_int (b, "core_switches", o->core_switches);
  ts_json_add_int (b, "tiers", o->fabric.tiers);
  ts_json_add_int (b, "rails", o->fabric.rails);
  ts_json_add_int (b, "scalable_units", o->fabric.sus);
  ts_json_add_int (b, "nodes_per_scalable_unit", o->fabric.nodes_per_su);
  ts_json_add_int (b, "leaf_uplinks", o->fabric.leaf_uplinks);
  ts_json_add_double_valid (b, "oversubscription", o->fabric.tiers >= 2 ? o->fabric.oversubscription : 1);
  json_builder_set_member_name (b, "cables");
  json_builder_begin_object (b);
  ts_json_add_int (b, "node_leaf", o->fabric.cables_node_leaf);
  ts_json_add_int (b, "leaf_spine", o->fabric.cables_leaf_spine);
  ts_json_add_int (b, "spine_core", o->fabric.cables_spine_core);
  ts_json_add_int (b, "storage", o->storage_cables);
  ts_json_add_int (b, "out_of_band", o->oob_ports);
  json_builder_end_object (b);
  /* each tier's links by length class, from the racks their ends stand
   * in (docs/cluster-fabric.md §9): dac + fibre = the tier's cables */
  json_builder_set_member_name (b, "cables_by_class");
  json_builder_begin_object (b);
  {
    static const char *const tiers[TS_FABRIC_N_TIERS] = { "node_leaf", "leaf_spine", "spine_core" };

    for (guint t = 0; t < TS_FABRIC_N_TIERS; t++)
      {
        json_builder_set_member_name (b, tiers[t]);
        json_builder_begin_object (b);
        ts_json_add_int (b, "dac", o->fabric.dac_links[t]);
        ts_json_add_int (b, "fibre", ts_compute_fabric_fibre_links (&o->fabric, t));
        json_builder_end_object (b);
      }
  }
  json_builder_end_object (b);
  ts_json_add_int (b, "optical_links", o->optical_links);
  ts_json_add_int (b, "transceivers", o->transceivers);
  ts_json_add_int (b, "out_of_band_ports", o->oob_ports);
  ts_json_add_int (b, "fabric_managers", o->fabric_managers);
  ts_json_add_int (b, "management_servers", o->management_servers);
  /* per GPU, one direction, at each tier (docs/cluster-fabric.md §6) */
  json_builder_set_member_name (b, "tier_gb_s");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "node_leaf", o->fabric_tier_gb_s[0]);
  ts_json_add_double_valid (b, "leaf_spine", o->fabric_tier_gb_s[1]);
  ts_json_add_double_valid (b, "spine_core", o->fabric_tier_gb_s[2]);
  json_builder_end_object (b);
  ts_json_add_bool (b, "fabric_bandwidth_ok", !o->fabric_short);
  json_builder_end_object (b);
}

/* The bill of materials. */
static void
add_bom (const TsOption *o,
         JsonBuilder    *b)
{
  g_autoptr(TsBom) bom = ts_option_build_bom (o);

  json_builder_set_member_name (b, "bom");
  ts_bom_to_json (bom, b);
}

/* Checkpoints, the dataset and the host. */
static void
add_storage_and_host (const TsOption *o,
                      JsonBuilder    *b)
{
  ts_json_add_double_valid (b, "checkpoint_bytes", o->checkpoint_bytes);
  json_builder_set_member_name (b, "storage");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "checkpoint_bytes", o->checkpoint_bytes);
  ts_json_add_double_valid (b, "nvme_bytes", o->nvme_bytes);
  ts_json_add_double_valid (b, "checkpoints_on_nvme", o->checkpoints_on_nvme);
  ts_json_add_double_valid (b, "checkpoint_write_seconds", o->checkpoint_write_seconds);
  ts_json_add_double_valid (b, "dataset_bytes", o->dataset_bytes);
  ts_json_add_double_valid (b, "dataset_bytes_per_token", DATASET_BYTES_PER_TOKEN);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "host");
  json_builder_begin_object (b);
  ts_json_add_double_valid (b, "cpu_cores_per_gpu", o->cpu_cores_per_gpu);
  ts_json_add_double_valid (b, "ram_needed_bytes", o->host_ram_needed_bytes);
  ts_json_add_double_valid (b, "ram_bytes", o->host_ram_bytes);
  ts_json_add_bool (b, "ram_ok", o->host_ram_ok);
  json_builder_end_object (b);
}

/* Power, heat, current and racks. */
static void
add_power_and_racks (const TsOption *o,
                     JsonBuilder    *b)
{
  ts_json_add_double_valid (b, "power_kw", o->power_kw);
  ts_json_add_double_valid (b, "heat_btu_h", o->heat_btu_h);
  ts_json_add_double_valid (b, "heat_btu_per_h", o->heat_btu_h);
  ts_json_add_double_valid (b, "heat_btu_h_electrical", o->heat_btu_h_electrical);
  ts_json_add_double_valid (b, "cooling_tons", o->cooling_tons);
  ts_json_add_double_valid (b, "amps_per_phase", o->amps_per_phase);
  ts_json_add_double_valid (b, "feed_amps", o->feed_amps);
  ts_json_add_double_valid (b, "line_voltage", o->line_voltage);
  ts_json_add_int (b, "phases", o->phases);
  ts_json_add_string (b, "psu_redundancy", o->server->psu_redundancy);
  ts_json_add_int (b, "psu_active", o->psu_active);
  ts_json_add_bool (b, "psu_ok", o->psu_ok);
  ts_json_add_int (b, "pdus_per_rack", o->pdus_per_rack);
  if (o->pdu_amps > 0)
    ts_json_add_double_valid (b, "pdu_amps", o->pdu_amps);
  ts_json_add_int (b, "rack_units", o->rack_units);
  ts_json_add_int (b, "racks", o->racks);
  ts_json_add_double_valid (b, "site_limit_kw", ts_option_site_limit_kw (o));
  racks_to_json (o, b);
}

/* Training time with its goodput, the facility, energy and price. */
static void
add_time_and_cost (const TsOption *o,
                   JsonBuilder    *b)
{
  /* training_days = training_flops / (layout_gpus × peak_tflops·10¹² ×
   * mfu × availability) / 86,400 exactly */
  ts_json_add_double_valid (b, "training_flops", o->training_flops);
  ts_json_add_int (b, "layout_gpus", o->layout_gpus);
  json_builder_set_member_name (b, "scale_limit");
  if (o->scale_limit != NULL)
    json_builder_add_string_value (b, o->scale_limit);
  else
    json_builder_add_null_value (b);
  ts_json_add_double_valid (b, "peak_tflops", o->peak_tflops);
  ts_json_add_double_valid (b, "mfu", o->mfu);
  ts_json_add_double_valid (b, "mfu_base", o->mfu_base);
  ts_json_add_double_valid (b, "recompute_factor", o->recompute_factor);
  ts_json_add_double_valid (b, "pcie_factor", o->pcie_factor);
  ts_json_add_double_valid (b, "step_factor", o->step_factor);
  ts_json_add_double_valid (b, "operator_factor", o->operator_factor);
  ts_json_add_double_valid (b, "hardware_flops", o->hardware_flops);
  /* availability is now the goodput's effective fraction (it was a
   * fixed 0.9) and training_days the effective time (docs/goodput.md) */
  ts_json_add_double_valid (b, "availability", o->availability);
  ts_json_add_double_valid (b, "training_days", o->training_days);
  goodput_to_json (&o->goodput, b);
  facility_to_json (&o->facility, b);
  storage_system_to_json (o, b);
  energy_basis_to_json (o, b);
  ts_json_add_bool (b, "meets_deadline", o->meets_deadline);
  ts_json_add_double_valid (b, "energy_kwh", o->energy_kwh);
  ts_json_add_double_valid (b, "energy_cost", o->energy_cost);
  ts_json_add_double_valid (b, "capex_usd", o->capex_usd);
  /* the catalog's price is a published street price, not a quote */
  ts_json_add_bool (b, "capex_estimated", o->capex_usd > 0 && ts_server_is_estimate (o->server, "price_usd"));
}

/* Sections in the order the JSON has always had: the keys and their order
 * are public (README, “JSON output”). */
void
ts_option_add_json_members (const TsOption *o,
                            JsonBuilder    *b)
{
  add_identity (o, b);
  add_suggestion (o, b);
  add_memory_and_layout (o, b);
  add_step (o, b);
  add_network (o, b);
  add_bom (o, b);
  add_storage_and_host (o, b);
  add_power_and_racks (o, b);
  add_time_and_cost (o, b);
}

void
ts_option_to_json (const TsOption *o,
                   JsonBuilder    *b)
{
  json_builder_begin_object (b);
  ts_option_add_json_members (o, b);
  json_builder_end_object (b);
}
