/* ts-options.c — hardware options for a scenario, ranked
 *
 * For every server (or card) of the catalog: the smallest count whose
 * per-GPU memory fits, the verdict and why, and what that count takes:
 * network, storage, CPU/RAM, power, heat, current, racks, time, energy
 * and cost. The memory itself is ts-memory.c's: this file only asks it
 * at each option's layout.
 *
 * This file sizes one option (evaluate ()) and ranks them all
 * (ts_recommend ()); the parts it calls are in their own files (see
 * ts-options-private.h): ts-fit.c, ts-training-time.c, ts-layout-search.c,
 * ts-network.c, ts-racks.c, ts-site-power.c and ts-ranking.c; an option's
 * texts are in ts-option-text.c and its JSON in ts-option-json.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-format.h"
#include "ts-framework.h"
#include "ts-options-private.h"

void
ts_option_clear (TsOption *option)
{
  g_clear_pointer (&option->currency, g_free);
  g_clear_pointer (&option->rack_detail, _ts_options_rack_detail_free);
}

/* ---- the option at its count -------------------------------------------- */

static void
size_storage_and_host (const TsScenario *s,
                       const TsServer   *server,
                       TsOption         *o)
{
  o->checkpoint_bytes = o->memory.checkpoint_bytes;
  o->nvme_bytes = (double) o->servers * server->nvme_data_count * server->nvme_data_tb_each * BYTES_PER_TB;
  if (o->checkpoint_bytes > 0)
    o->checkpoints_on_nvme = o->nvme_bytes / o->checkpoint_bytes;
  /* Every server writes its own shard at once. */
  if (server->nvme_write_gb_s > 0)
    o->checkpoint_write_seconds = o->checkpoint_bytes / (o->servers * server->nvme_write_gb_s * TS_BYTES_PER_GB);
  o->dataset_bytes = ts_scenario_tokens (s) * DATASET_BYTES_PER_TOKEN;

  o->cpu_cores_per_gpu = (double) server->cpu_sockets * server->cpu_cores_per_socket / server->gpu_count;
  /* RAM per server: its shard of offloaded optimizer state, plus a
   * loading buffer as large as its shard of a checkpoint (a restart reads
   * the checkpoint through host memory). */
  o->host_ram_needed_bytes = (o->memory.host_ram_bytes + o->checkpoint_bytes) / o->servers;
  o->host_ram_bytes = server->ram_gb * TS_BYTES_PER_GB;
  o->host_ram_ok = o->host_ram_needed_bytes <= o->host_ram_bytes;
  if (!o->host_ram_ok)
    o->note_flags |= TS_NOTE_HOST_RAM;
}

/* What the goodput of the option's jobs is computed from: the checkpoint
 * (the method's states, docs/sizing-model.md §3 and §5; the same at any
 * layout), the dataset, and what one server writes to its local NVMe and
 * over its storage ports (docs/goodput.md §2). */
static void
goodput_input (const TsScenario *s,
               const TsServer   *server,
               TsOption         *o)
{
  TsGoodputInput *in = &o->goodput_in;
  TsLayout layout;
  TsMemory memory;

  ts_layout_resolve (s, 0, &layout);
  ts_memory_compute (s, &layout, &memory);
  in->checkpoint_bytes = memory.checkpoint_bytes;
  in->gpus_per_server = MAX (1u, server->gpu_count);
  in->local_write_bytes_s = server->nvme_data_count > 0 ? server->nvme_write_gb_s * TS_BYTES_PER_GB : 0;
  in->storage_net_bytes_s = server->storage_nic_count * server->storage_nic_gbps * 1e9 / BITS_PER_BYTE;
  in->dataset_bytes = ts_scenario_tokens (s) * DATASET_BYTES_PER_TOKEN;
  in->checkpoints_kept = s->checkpoints_kept;
}

/* The storage system the option's checkpoints and data need
 * (docs/goodput.md §5), from the catalog, sized before the racks so its
 * appliances stand in them and draw from the feeds. The need comes from
 * the goodput with the servers' ports alone; the chosen system then
 * limits each server's share, so the goodput computed later writes at
 * what the system sustains. A cluster has one, on its own network, as
 * the article asks; one server keeps its checkpoints on its local NVMe
 * (and its storage ports reach whatever the site has), and a server
 * without storage ports (a workstation) has none. */
static void
size_storage_system (const TsScenario *s,
                     const TsServer   *server,
                     TsOption         *o)
{
  TsGoodput g;
  TsStorageNeed need;
  guint gpus = o->memory.layout.gpus > 0 ? o->memory.layout.gpus : o->gpus;

  (void) s;
  o->storage_applies = o->servers > 1 && server->storage_nic_count > 0 && server->storage_nic_gbps > 0;
  o->goodput_in.storage_write_bytes_s = 0;
  o->goodput_in.storage_read_bytes_s = 0;
  ts_goodput_compute (&o->goodput_in, gpus, o->step.seconds, &g);
  need.capacity_bytes = g.storage_capacity_bytes;
  need.read_bytes_s = o->step.tokens_per_second * DATASET_BYTES_PER_TOKEN;
  need.write_bytes_s = g.storage_write_bytes_s;
  if (!o->storage_applies)
    {
      memset (&o->storage, 0, sizeof o->storage);
      o->storage.need = need;
      return;
    }
  if (ts_storage_choose (o->catalog, &need, &o->storage))
    {
      o->goodput_in.storage_write_bytes_s = o->storage.write_bytes_s;
      o->goodput_in.storage_read_bytes_s = o->storage.read_bytes_s;
    }
}

/* How the option's heat leaves the site (docs/facility.md): cold plates
 * take at least the GPUs' heat of a liquid or hybrid server (the
 * catalog's TDP; the rest is counted as air, which errs on the air side). */
static void
size_facility (const TsScenario *s,
               const TsServer   *server,
               const RackTotals *racks,
               TsOption         *o)
{
  TsFacilityInput in = {
    .server_cooling = server->cooling,
    .server_kw = server->max_power_kw,
    .server_liquid_kw = server->gpu != NULL ? server->gpu_count * server->gpu->tdp_w / WATTS_PER_KW : 0,
    .servers = o->servers,
    .total_kw = o->power_kw,
    .rack_kw = racks->rack_kw,
    .rack_kg = racks->rack_kg,
    .rack_servers = racks->rack_servers,
    .site = s->site_cooling,
    .air_rack_kw = s->air_rack_kw,
    .floor_limit_kg_m2 = s->floor_kg_m2,
    .water_c = s->water_c,
    .past_air_racks = racks->past_air_racks,
    .past_air_kw = racks->past_air_kw,
    .server_racks = racks->server_racks,
    .catalog = o->catalog,
  };

  ts_facility_compute (&in, &o->facility);
}

/* What the site and the supplies cannot take, and whether the whole
 * option works: memory ∧ layout ∧ deadline ∧ site ∧ supplies. */
static void
judge_overall (const TsScenario *s,
               TsOption         *o)
{
  o->failures = 0;
  /* a layout the option cannot hold has no memory answer of its own */
  if (o->layout_min_servers == 0)
    o->failures |= TS_FAILURE_LAYOUT;
  else if (!o->fits)
    o->failures |= TS_FAILURE_MEMORY;
  if (!o->meets_deadline)
    o->failures |= TS_FAILURE_DEADLINE;
  if (o->framework == TS_FRAMEWORK_AUTOMATIC && o->framework_why != NULL)
    o->failures |= TS_FAILURE_FRAMEWORK;
  if (o->note_flags & TS_NOTE_RACK_OVER_LIMIT)
    o->failures |= TS_FAILURE_RACK_POWER;
  if (o->note_flags & TS_NOTE_RACK_TOO_SHORT)
    o->failures |= TS_FAILURE_RACK_HEIGHT;
  if (o->pdu_amps > 0 && o->pdus_per_rack / 2 > MAX_PDUS_PER_FEED)
    o->failures |= TS_FAILURE_PDU_CURRENT;
  if (!o->psu_ok)
    o->failures |= TS_FAILURE_PSU;
  if (!o->host_ram_ok)
    o->failures |= TS_FAILURE_HOST_RAM;
  if (o->fabric_short)
    o->failures |= TS_FAILURE_FABRIC_BANDWIDTH;
  if (!o->facility.site_ok)
    o->failures |= TS_FAILURE_COOLING;
  if (!o->facility.floor_ok)
    o->failures |= TS_FAILURE_FLOOR;
  o->ok = o->failures == 0;
}

/* The count an option is sized at: the user's, else the fewest servers
 * that hold the layout, fit the memory with the headroom rule's margin
 * (a bare fit is tight: a salesperson offers the count with room, and the
 * tight minimum stays in servers_for_memory) and meet the deadline. */
static guint
option_count (Memo           *memo,
              const TsOption *o)
{
  const TsScenario *s = memo->scenario;
  const TsServer *server = o->server;
  guint cap = _ts_options_count_cap (server);
  guint n;

  if (s->servers > 0)
    return MAX (s->servers, MAX (1u, o->layout_min_servers));
  /* the GPUs the user set: the fewest servers that hold them, kept
   * whether the memory fits or not (a failure says so, never more GPUs) */
  if (s->gpus > 0)
    return MAX ((s->gpus + server->gpu_count - 1) / server->gpu_count, MAX (1u, o->layout_min_servers));
  if (o->layout_min_servers == 0)
    return 1;
  if (o->servers_for_memory == 0)
    return MAX (o->layout_min_servers, server->max_servers > 0 ? cap : 1);
  /* a deadline no count meets: the fastest this option goes, the
   * closest it comes (its failure says how late) */
  if (s->deadline_days > 0 && !o->deadline_reachable)
    return cap;
  n = MAX (MAX (o->servers_for_memory, o->servers_for_deadline), o->layout_min_servers);
  if (n <= cap && !_ts_options_has_room (memo, server, n))
    {
      guint roomy = _ts_options_smallest_with_room (memo, server, n);

      if (roomy > 0)
        n = roomy;
    }
  return n;
}

/* With a deadline and no count of the user's, the count is the fewest
 * servers whose fastest layout meets it (the fixed layout's estimate is
 * only where the search starts). */
static void
plan_count (Memo     *memo,
            TsOption *o)
{
  const TsScenario *s = memo->scenario;
  const TsServer *server = o->server;
  guint cap = _ts_options_count_cap (server);
  guint floor_count;
  guint n;

  if (s->deadline_days <= 0 || s->servers > 0 || s->gpus > 0 || !o->deadline_reachable || o->servers_for_memory == 0
      || ts_scenario_tokens (s) <= 0)
    return;
  /* never below the count with the headroom rule's margin */
  floor_count = MAX (MAX (1u, o->servers_for_memory), o->layout_min_servers);
  if (floor_count < cap && !_ts_options_has_room (memo, server, floor_count))
    {
      guint roomy = _ts_options_smallest_with_room (memo, server, floor_count);

      floor_count = roomy > 0 ? roomy : floor_count;
    }
  if (floor_count > o->servers)
    return;
  n = _ts_options_deadline_count (s, o, floor_count);
  if (n == 0)
    {
      o->deadline_reachable = FALSE;
      o->servers_for_deadline = 0;
      n = cap;
    }
  else
    o->servers_for_deadline = n;
  o->servers = n;
  o->gpus = n * server->gpu_count;
}

/* Never more servers than the layout fills (issue 27): a count the
 * planner chose (a deadline no count meets sizes at the largest) keeps
 * only the servers the chosen layout's GPUs need, and says what stopped
 * the layout from using more. A count the user gave stays as given. */
static void
fit_count_to_layout (const TsScenario *s,
                     TsOption         *o)
{
  const TsLayout *l = &o->memory.layout;
  guint gpu_count = o->server->gpu_count;
  guint needed;

  if (l->gpus >= o->gpus || l->gpus == 0)
    return;
  if (o->accumulation <= 1)
    o->scale_limit = "global-batch";
  if (s->servers > 0 || s->gpus > 0)
    return;
  needed = MAX ((l->gpus + gpu_count - 1) / gpu_count, MAX (1u, o->layout_min_servers));
  if (needed < o->servers)
    {
      o->servers = needed;
      o->gpus = needed * gpu_count;
    }
}

/* What the option takes from the scenario and its server before any
 * count: the site's limits, the smallest counts for memory and the
 * deadline, the run's goodput inputs. */
static void
option_init (const TsCatalog *catalog,
             Memo            *memo,
             const TsServer  *server,
             TsOption        *o)
{
  const TsScenario *s = memo->scenario;

  memset (o, 0, sizeof *o);
  o->server = server;
  o->catalog = catalog;
  o->objective = s->objective;
  o->currency = g_strdup (s->currency);
  o->site_rack_units = s->rack_units;
  o->site_rack_kw = s->rack_kw;
  o->site_voltage = s->voltage;
  o->site_air_rack_kw = s->air_rack_kw;
  o->site_deadline_days = s->deadline_days;
  o->phases = s->phases;
  o->gpu_memory_bytes = server->gpu->memory_bytes;
  if (server->one_gpu_of != NULL)
    o->note_flags |= TS_NOTE_ONE_GPU_OF_SERVER;
  o->layout_min_servers = _ts_options_layout_min_servers (s, server);
  o->servers_for_memory = o->layout_min_servers > 0 ? _ts_options_smallest_fitting (memo, server) : 0;
  o->training_flops = _ts_options_training_flops (s);
  goodput_input (s, server, o);
  o->servers_for_deadline = _ts_options_servers_for_deadline (s, o, &o->deadline_reachable);
}

/* The option's count, within the server's cap (flagged when the cap
 * cut it). */
static void
choose_count (Memo     *memo,
              TsOption *o)
{
  guint cap = _ts_options_count_cap (o->server);
  guint n = option_count (memo, o);

  if (n > cap)
    {
      o->count_limited = TRUE;
      n = cap;
    }
  o->servers = n;
  o->gpus = n * o->server->gpu_count;
}

/* The layout, memory and verdict at the count: the planner's where the
 * layout fits the option, else the fixed layout's, refused; `effective`
 * becomes the scenario with the planner's choices. */
static void
size_layout (Memo       *memo,
             TsOption   *o,
             TsScenario *effective)
{
  const TsScenario *s = memo->scenario;
  const TsServer *server = o->server;

  *effective = *s;
  if (o->layout_min_servers > 0 && _ts_options_layout_gpus (s, o->gpus) > 0)
    {
      plan_count (memo, o);
      if (!_ts_options_apply_plan (s, o, effective))
        {
          /* the user's GPU count where set, as the search had it */
          o->memory = *_ts_options_memory_at (memo, VARIANT_SCENARIO,
                                              s->gpus > 0 && s->servers == 0 ? MIN (s->gpus, o->gpus) : o->gpus);
          o->upper_headroom_fraction = _ts_options_upper_bound_headroom (memo, server, o->servers);
          _ts_options_apply_fixed (s, o);
        }
      fit_count_to_layout (s, o);
      _ts_options_judge (s, o);
    }
  else
    {
      /* the layout does not fit in the option at all: its memory is the
       * scenario's on one tp × pp group, never presented as fitting */
      TsLayout layout;

      ts_layout_resolve (s, 0, &layout);
      ts_memory_compute (s, &layout, &o->memory);
      o->upper_headroom_fraction = NAN;
      _ts_options_judge (s, o);
      _ts_options_apply_fixed (s, o);
      o->verdict = TS_VERDICT_DOES_NOT_FIT;
      o->fits = FALSE;
      o->reason_code = MAX (1u, s->tp) > tp_domain (server) ? "layout-exceeds-domain" : "layout-exceeds-option";
    }
}

/* The racks: servers, switches and PDUs placed, their counts and the
 * notes on a rack over the power limit or too short for the server. */
static void
place_option_racks (const TsCatalog *catalog,
                    TsOption        *o,
                    RackTotals      *racks)
{
  Placer placer;

  _ts_options_placer_init (&placer, catalog, o->server, o, 0);
  _ts_options_place_racks (&placer, racks);
  _ts_options_placer_clear (&placer);
  o->management_switches = racks->management_switches;
  o->rack_units = racks->rack_units;
  o->feed_amps = racks->feed_amps;
  o->pdus_per_rack = racks->pdus_per_rack;
  o->racks = racks->racks;
  memcpy (o->fabric.dac_links, racks->dac_links, sizeof o->fabric.dac_links);
  o->fabric.dac_cables_node_leaf = racks->dac_cables_node_leaf;
  if (racks->over_limit)
    o->note_flags |= TS_NOTE_RACK_OVER_LIMIT;
  if (racks->too_short)
    o->note_flags |= TS_NOTE_RACK_TOO_SHORT;
}

/* The option of `server` for the memo's scenario, sized in place. */
static void
evaluate (const TsCatalog *catalog,
          Memo            *memo,
          const TsServer  *server,
          TsOption        *o)
{
  const TsScenario *s = memo->scenario;
  RackTotals racks;
  TsScenario effective;   /* the scenario with the planner's choices */

  option_init (catalog, memo, server, o);
  choose_count (memo, o);
  size_layout (memo, o, &effective);
  _ts_options_measure_minimum (&effective, o);

  o->interconnect_ok = training_link (server, o->gpus);
  if (!o->interconnect_ok)
    o->note_flags |= TS_NOTE_PCIE_ONLY;
  if (o->count_limited && server->max_servers > 0
      && (s->servers > server->max_servers || (guint64) s->gpus > (guint64) server->max_servers * server->gpu_count))
    o->note_flags |= TS_NOTE_MAX_SERVERS;

  _ts_options_size_network (s, o);
  size_storage_system (s, server, o);

  place_option_racks (catalog, o, &racks);
  _ts_options_size_fabric_management (o);

  _ts_options_size_power (s, o);
  size_facility (s, server, &racks, o);
  size_storage_and_host (s, server, o);
  _ts_options_size_time_and_money (&effective, o);
  /* the run's interruptions, and the data its GPUs read (docs/goodput.md §5) */
  ts_goodput_set_run (&o->goodput, o->training_days,
                      o->step.tokens_per_second * DATASET_BYTES_PER_TOKEN);

  if (!o->meets_deadline)
    o->note_flags |= TS_NOTE_MISSES_DEADLINE;

  judge_overall (s, o);
  if (o->layout_min_servers > 0)
    _ts_options_suggest (memo, o);
}

int
ts_recommend (const TsCatalog  *catalog,
              const TsScenario *scenario,
              GArray           *options)
{
  Memo memo;
  TsScenario framed;   /* shallow: the scenario with its framework's rules */

  g_return_val_if_fail (catalog != NULL, -1);
  g_return_val_if_fail (scenario != NULL, -1);
  g_return_val_if_fail (options != NULL, -1);

  /* a framework the user names applies its memory rules to every count
   * and variant (the search applies the chosen one's per layout) */
  framed = *scenario;
  if (scenario->framework != TS_FRAMEWORK_AUTOMATIC)
    {
      TsLayout any = { .tp = 1, .pp = 1, .dp = 1, .ep = 1 };

      ts_framework_apply_rules (scenario->framework, &framed, &any);
    }
  scenario = &framed;
  _ts_options_memo_init (&memo, scenario);
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *server = ts_catalog_get_server (catalog, i);

      if (scenario->server_id != NULL && g_strcmp0 (scenario->server_id, server->id) != 0)
        continue;
      /* one GPU of a server is asked for by name (--server, the picker):
       * its server's own record is the option a recommendation weighs */
      if (scenario->server_id == NULL && server->one_gpu_of != NULL)
        continue;
      /* evaluated in place: an option is a large struct */
      g_array_set_size (options, options->len + 1);
      evaluate (catalog, &memo, server, &g_array_index (options, TsOption, options->len - 1));
    }

  _ts_options_sort_options (options);
  for (guint i = 0; i < options->len; i++)
    g_array_index (options, TsOption, i).rank = i;
  _ts_options_explain_ranks (options);

  /* when nothing works the plan says so (ts_plan_warning_text ()) */
  if (options->len == 0 || !g_array_index (options, TsOption, 0).ok)
    return -1;
  g_array_index (options, TsOption, 0).recommended = TRUE;
  return 0;
}
