/* ts-option-text.c — an option's sentences: reason, suggestion, notes,
 * layout and step summaries, rank reason, failures
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

/* ---- texts -------------------------------------------------------------- */

char *
ts_option_dup_reason (const TsOption *o)
{
  const TsServer *server;
  g_autofree char *need = NULL;
  g_autofree char *have = NULL;
  g_autofree char *free_pct = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (o != NULL, NULL);

  /* an option made by hand (tests) may have no reason */
  if (o->reason_code == NULL || o->server == NULL)
    return NULL;

  server = o->server;
  need = ts_format_gb (ts_breakdown_sum (&o->memory.per_gpu));
  have = ts_format_gb (o->gpu_memory_bytes);
  free_pct = ts_format_percent (MAX (0, o->headroom_fraction));
  name = ts_format_name (server->name);

  if (g_strcmp0 (o->reason_code, "layout-exceeds-domain") == 0)
    return g_strdup_printf (/* Translators: tensor parallelism needs the GPUs of one NVLink/HCCS domain */
                            ngettext ("Does not fit the layout: tensor parallel over %u GPUs, but %s links only %u GPU by NVLink or HCCS",
                                      "Does not fit the layout: tensor parallel over %u GPUs, but %s links only %u GPUs by NVLink or HCCS",
                                      tp_domain (server)),
                            o->memory.layout.tp, name, tp_domain (server));
  if (g_strcmp0 (o->reason_code, "layout-exceeds-option") == 0)
    return g_strdup_printf (/* Translators: tensor × pipeline parallel needs more GPUs than the option comes with */
                            _("Does not fit the layout: tensor × pipeline parallel needs %u GPUs, and this option comes with at most %u"),
                            o->memory.layout.tp * o->memory.layout.pp, _ts_options_count_cap (server) * server->gpu_count);
  if (o->verdict == TS_VERDICT_DOES_NOT_FIT)
    {
      if (o->servers_for_memory == 0 && server->max_servers > 0 && o->servers >= server->max_servers)
        return g_strdup_printf (ngettext ("Does not fit even at the largest size this option comes in (%u unit): %s per GPU needed, %s available",
                                          "Does not fit even at the largest size this option comes in (%u units): %s per GPU needed, %s available",
                                          server->max_servers),
                                server->max_servers, need, have);
      if (o->servers_for_memory == 0)
        /* Translators: the part of GPU memory that more GPUs cannot shrink (activations, runtime) is too large */
        return g_strdup_printf (_("Does not fit at any size: %s per GPU needed, %s available, and more GPUs do not shrink what is left"),
                                need, have);
      if (g_strcmp0 (o->reason_code, "does-not-fit-margin") == 0)
        {
          g_autofree char *margin = ts_format_percent (o->min_free_fraction);

          /* Translators: “Does not fit: 151 GB of 151 GB per GPU leaves 0.1 % free, under the 3 % a run keeps free” */
          return g_strdup_printf (_("Does not fit: %s of %s per GPU leaves %s free, under the %s a run keeps free"),
                                  need, have, free_pct, margin);
        }
      return g_strdup_printf (_("Does not fit: %s per GPU needed, %s available"), need, have);
    }
  if (o->verdict == TS_VERDICT_TIGHT && o->headroom_fraction < o->tight_threshold)
    {
      g_autofree char *limit = ts_format_percent (o->tight_threshold);

      /* Translators: “Tight: 180 GB of 193 GB per GPU, only 7 % free (under 10 %)” */
      return g_strdup_printf (_("Tight: %s of %s per GPU, only %s free (under %s)"),
                              need, have, free_pct, limit);
    }
  if (o->verdict == TS_VERDICT_TIGHT)
    {
      g_autofree char *upper = ts_format_percent (MAX (0, o->upper_headroom_fraction));

      return g_strdup_printf (/* Translators: the article's range is 16–18 bytes per parameter; 18 is with FP32 gradients */
                              _("Tight: %s of %s per GPU (%s free) with BF16 gradients, but only %s free with FP32 gradients, the article's 18 bytes per parameter"),
                              need, have, free_pct, upper);
    }
  return g_strdup_printf (_("Fits: %s of %s per GPU, %s free"), need, have, free_pct);
}

char *
ts_option_dup_suggestion (const TsOption *o)
{
  GString *out;
  gboolean first = TRUE;

  g_return_val_if_fail (o != NULL, NULL);

  if (o->verdict == TS_VERDICT_TIGHT)
    {
      g_autofree char *pct = NULL;

      if (o->suggested_servers == 0)
        return NULL;
      pct = ts_format_percent (o->suggested_free_fraction);
      return g_strdup_printf (/* Translators: “2 servers leave 45 % free” */
                              ngettext ("%u server leaves %s free", "%u servers leave %s free", o->suggested_servers),
                              o->suggested_servers, pct);
    }

  if (o->verdict != TS_VERDICT_DOES_NOT_FIT || (o->suggested_servers == 0 && o->remedies == 0))
    return NULL;

  /* Translators: followed by a list such as “2 servers; QLoRA (4-bit base)” */
  out = g_string_new (_("Would fit with: "));
  if (o->suggested_servers > 0)
    {
      g_string_append_printf (out, ngettext ("%u server", "%u servers", o->suggested_servers),
                              o->suggested_servers);
      first = FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (_ts_options_remedies); i++)
    if (o->remedies & _ts_options_remedies[i].flag)
      {
        if (!first)
          g_string_append (out, "; ");
        g_string_append (out, _(_ts_options_remedies[i].text));
        first = FALSE;
      }
  return g_string_free (out, FALSE);
}

/* The notes on how far the option joins: its GPUs' links, the units it
 * comes in, the fabric's tiers. Each group adds in the order the notes
 * are shown. */
static void
add_scale_notes (GPtrArray      *notes,
                 const TsOption *o)
{
  const TsServer *server = o->server;

  if ((o->note_flags & TS_NOTE_PCIE_ONLY) && tp_domain (server) > 1)
    g_ptr_array_add (notes, g_strdup_printf (/* Translators: “NVLink bridge (H200 NVL) joins 4 GPUs at a time; …” */
                                             _("%s joins %u GPUs at a time; between those groups the GPUs talk over PCIe, slower for training"),
                                             server->interconnect->name, tp_domain (server)));
  else if (o->note_flags & TS_NOTE_PCIE_ONLY)
    g_ptr_array_add (notes, g_strdup_printf (/* Translators: %s is a link such as “PCIe 5.0 x16” */
                                             _("For inference and fine-tuning: its GPUs talk over %s only; multi-GPU training needs NVLink or HCCS"),
                                             server->interconnect->name));
  if (o->note_flags & TS_NOTE_MAX_SERVERS)
    g_ptr_array_add (notes, g_strdup_printf (ngettext ("This option comes as at most %u unit", "This option comes as at most %u units",
                                                       server->max_servers), server->max_servers));
  if (o->note_flags & TS_NOTE_BEYOND_THREE_TIERS)
    g_ptr_array_add (notes, g_strdup_printf (_("%u compute ports are more than three tiers of %u-port switches join: a fourth tier is needed, and the switch count is a lower bound"),
                                             o->compute_ports, server->network->switch_ports));
}

/* What the option overruns while it still fits: the rack's power and
 * height, the server's RAM, the deadline. */
static void
add_overrun_notes (GPtrArray      *notes,
                   const TsOption *o)
{
  const TsServer *server = o->server;

  if (o->note_flags & TS_NOTE_RACK_OVER_LIMIT)
    {
      g_autofree char *kw = ts_format_kw (server->max_power_kw);
      g_autofree char *limit = ts_format_kw (o->site_rack_kw);
      g_autofree char *name = ts_format_name (server->name);

      g_ptr_array_add (notes, g_strdup_printf (_("One %s draws %s, more than the rack limit of %s: its rack needs a higher power feed and cooling"),
                                               name, kw, limit));
    }
  if (o->note_flags & TS_NOTE_RACK_TOO_SHORT)
    {
      g_autofree char *name = ts_format_name (server->name);

      g_ptr_array_add (notes, g_strdup_printf (_("%s needs a %uU rack; the site's racks are %uU"),
                                               name, server->rack_units, o->site_rack_units));
    }
  if (o->note_flags & TS_NOTE_HOST_RAM)
    {
      g_autofree char *need = ts_format_gb (o->host_ram_needed_bytes);
      g_autofree char *have = ts_format_gb (o->host_ram_bytes);

      g_ptr_array_add (notes, g_strdup_printf (_("Server RAM: %s needed, %s installed"), need, have));
    }
  if (o->note_flags & TS_NOTE_MISSES_DEADLINE)
    {
      g_autofree char *days = ts_format_days (o->training_days);

      g_ptr_array_add (notes, g_strdup_printf (_("Misses the deadline: %s at this size"), days));
    }
}

/* How the option is sold, fed and networked: ports per GPU, a GPU of
 * a bigger server, one power feed, a network that sets the time. */
static void
add_supply_notes (GPtrArray      *notes,
                  const TsOption *o)
{
  if (o->note_flags & TS_NOTE_FEW_NICS)
    g_ptr_array_add (notes, g_strdup_printf (/* Translators: the article's rule is one 400G port per GPU */
                                             ngettext ("%u compute port for %u GPUs: less than one port per GPU, the usual training design",
                                                       "%u compute ports for %u GPUs: less than one port per GPU, the usual training design",
                                                       o->compute_ports),
                                             o->compute_ports, o->gpus));
  if (o->note_flags & TS_NOTE_ONE_GPU_OF_SERVER)
    {
      const TsServer *host = ts_catalog_find_server (o->catalog, o->server->one_gpu_of);

      /* Translators: %s is a server's name (“NVIDIA DGX H100”) */
      g_ptr_array_add (notes, g_strdup_printf (_("One GPU of %s: the module is sold only in its server, "
                                                 "so the power, space and price are the whole server’s"),
                                               host != NULL ? host->name : o->server->one_gpu_of));
    }
  if (o->note_flags & TS_NOTE_ONE_FEED)
    g_ptr_array_add (notes, g_strdup (_("One power supply: one feed from a wall socket or a single PDU, no redundancy")));
  if (o->note_flags & TS_NOTE_NETWORK_BOUND)
    {
      g_autofree char *need = ts_format_gb_s (o->network_needed_gb_s);
      g_autofree char *have = ts_format_gb_s (o->network_gb_s);
      g_autofree char *share = ts_format_percent (TS_NETWORK_STEP_SHARE);

      g_ptr_array_add (notes, g_strdup_printf (/* Translators: “The network, not the GPUs, sets the time: the layout needs 120 GB/s per GPU between servers to keep communication under 10 % of a step; the fabric gives 50 GB/s” */
                                               _("The network, not the GPUs, sets the time: the layout needs %s per GPU between servers to keep communication under %s of a step; the fabric gives %s"),
                                               need, share, have));
    }
}

GPtrArray *
ts_option_dup_notes (const TsOption *o)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (o != NULL, notes);

  if (o->note_flags != 0 && o->server == NULL)
    return notes;
  add_scale_notes (notes, o);
  add_overrun_notes (notes, o);
  add_supply_notes (notes, o);
  return notes;
}

/* The failures in the order of TsFailureFlags, a sentence each. */
static const char *
checkpointing_words (TsCheckpointing checkpointing)
{
  switch (checkpointing)
    {
    case TS_CHECKPOINTING_NONE: return _("no recomputation");
    case TS_CHECKPOINTING_SELECTIVE: return _("selective recomputation");
    case TS_CHECKPOINTING_FULL:
    case TS_N_CHECKPOINTING:
    default: return _("full recomputation");
    }
}

/* Full recomputation of only some of a stage's layers (the planner's
 * block recomputation), said as such rather than as “full”. */
static gboolean
is_block_recomputation (const TsOption *o)
{
  return o->checkpointing == TS_CHECKPOINTING_FULL
         && o->memory.layout.recompute_layers < o->memory.activations.stage_layers;
}

char *
ts_option_dup_layout_summary (const TsOption *o)
{
  const TsLayout *l;
  GString *text;

  g_return_val_if_fail (o != NULL, NULL);
  l = &o->memory.layout;
  text = g_string_new (NULL);
  /* Translators: tensor × pipeline × data parallel degrees */
  g_string_append_printf (text, _("TP %u × PP %u × DP %u"), l->tp, l->pp, l->dp);
  if (o->virtual_stages > 1)
    /* Translators: interleaved pipeline chunks per GPU */
    g_string_append_printf (text, _(" (%u chunks)"), o->virtual_stages);
  if (l->ep > 1)
    g_string_append_printf (text, _(", EP %u"), l->ep);
  if (l->cp > 1)
    /* Translators: context parallel degree: GPUs that split each sequence */
    g_string_append_printf (text, _(", CP %u"), l->cp);
  if (is_block_recomputation (o))
    /* Translators: “…, ZeRO-1, micro-batch 1 × 32 per step, recomputation of 5 of each stage’s 8 layers” */
    g_string_append_printf (text, _(", ZeRO-%d, micro-batch %u × %u per step, recomputation of %u of each stage’s %u layers"),
                            l->zero_stage, o->micro_batch, MAX (1u, o->accumulation),
                            l->recompute_layers, o->memory.activations.stage_layers);
  else
    g_string_append_printf (text, _(", ZeRO-%d, micro-batch %u × %u per step, %s"),
                            l->zero_stage, o->micro_batch, MAX (1u, o->accumulation),
                            checkpointing_words (o->checkpointing));
  if (o->sequence_parallel && l->tp > 1)
    g_string_append (text, _(", sequence parallel"));
  /* the framework that runs it, and why (issue 26) */
  if (o->framework != TS_FRAMEWORK_AUTOMATIC)
    {
      g_autofree char *framework = ts_framework_dup_reason (o->framework, o->framework_reason);

      g_string_append_printf (text, "; %s", framework);
    }
  return g_string_free (text, FALSE);
}

char *
ts_option_dup_step_summary (const TsOption *o)
{
  g_autofree char *step = NULL;
  g_autofree char *compute = NULL;
  g_autofree char *bubble = NULL;
  g_autofree char *comm = NULL;
  g_autofree char *rate = NULL;

  g_return_val_if_fail (o != NULL, NULL);
  step = ts_format_number_auto (o->step.seconds, 2);
  compute = ts_format_number_auto (o->step.compute, 2);
  bubble = ts_format_number_auto (o->step.pp_bubble, 2);
  comm = ts_format_number_auto (o->step.exposed_comm, 2);
  rate = ts_format_number (o->step.tokens_per_second, 0);
  /* Translators: “Step 9.19 s: compute 8.4 s, pipeline bubble 0 s, communication 0.79 s; 1,825,738 tokens/s” */
  return g_strdup_printf (_("Step %s s: compute %s s, pipeline bubble %s s, communication %s s; %s tokens/s"),
                          step, compute, bubble, comm, rate);
}

/* The difference of a rank key in words (“2.1 days”, “14.3 kW”). */
static char *
rank_delta_text (const TsOption *o)
{
  double d = fabs (o->rank_delta);

  switch (o->rank_key)
    {
    case TS_RANK_KEY_LATE:
    case TS_RANK_KEY_DAYS: return ts_format_days (d);
    case TS_RANK_KEY_POWER: return ts_format_kw (d);
    case TS_RANK_KEY_CAPEX:
    case TS_RANK_KEY_TOTAL_COST: return ts_format_money (d, "USD");
    case TS_RANK_KEY_ENERGY_COST: return ts_format_money (d, o->currency != NULL ? o->currency : "");
    case TS_RANK_KEY_ENERGY: return ts_format_kwh (d);
    default: return g_strdup ("");
    }
}

char *
ts_option_dup_rank_reason (const TsOption *o)
{
  g_autofree char *delta = NULL;
  g_autofree char *other = NULL;
  g_autofree char *versus_name = NULL;

  g_return_val_if_fail (o != NULL, NULL);
  if (o->rank_key == TS_RANK_KEY_NONE || o->rank_versus == NULL)
    return NULL;
  delta = rank_delta_text (o);
  versus_name = ts_format_name (o->rank_versus->name);
  /* Translators: “2 × NVIDIA DGX H200”, the option compared with */
  other = g_strdup_printf (_("%u × %s"), o->rank_versus_servers, versus_name);

  /* Whole sentences per key, first and below, alike on purpose: a
   * translation orders its own words. */
  if (o->rank == 0)
    switch (o->rank_key)
      {
      case TS_RANK_KEY_OK:
      case TS_RANK_KEY_FITS:
      case TS_RANK_KEY_ROOM:
      case TS_RANK_KEY_LINK:
      case TS_RANK_KEY_SITE:
      case TS_RANK_KEY_DEADLINE:
        return g_strdup_printf (_("First: it works where %s does not"), other);
      case TS_RANK_KEY_ARTICLE:
        return g_strdup_printf (_("First: the vendor's own line-up, ahead of %s"), other);
      case TS_RANK_KEY_DAYS:
      case TS_RANK_KEY_LATE:
        return g_strdup_printf (_("Fastest: %s sooner than %s"), delta, other);
      case TS_RANK_KEY_POWER:
        return g_strdup_printf (_("Smallest hardware that does the job: %s less power than %s"), delta, other);
      case TS_RANK_KEY_PRICED:
        return g_strdup_printf (_("Lowest cost: %s has no price in the catalog"), other);
      case TS_RANK_KEY_TOTAL_COST:
        /* Translators: “Lowest cost of servers and energy: 120,000 USD less than 2 × NVIDIA DGX H200” */
        return g_strdup_printf (_("Lowest cost of servers and energy: %s less than %s"), delta, other);
      case TS_RANK_KEY_CAPEX:
      case TS_RANK_KEY_ENERGY_COST:
        return g_strdup_printf (_("Lowest cost: %s less than %s"), delta, other);
      case TS_RANK_KEY_ENERGY:
        return g_strdup_printf (_("Least energy: %s less than %s"), delta, other);
      default:
        return g_strdup_printf (_("First: level with %s on every figure"), other);
      }

  switch (o->rank_key)
    {
    case TS_RANK_KEY_OK:
    case TS_RANK_KEY_FITS:
      return g_strdup_printf (_("Below %s: this one does not work"), other);
    case TS_RANK_KEY_ROOM:
      return g_strdup_printf (_("Below %s: tight on memory"), other);
    case TS_RANK_KEY_LINK:
      return g_strdup_printf (_("Below %s: its GPUs talk over PCIe"), other);
    case TS_RANK_KEY_SITE:
      return g_strdup_printf (_("Below %s: the site needs changes for it"), other);
    case TS_RANK_KEY_DEADLINE:
      return g_strdup_printf (_("Below %s: misses the deadline"), other);
    case TS_RANK_KEY_ARTICLE:
      return g_strdup_printf (_("Below %s: not the vendor's own line-up"), other);
    case TS_RANK_KEY_DAYS:
    case TS_RANK_KEY_LATE:
      return g_strdup_printf (_("Below %s: %s slower"), other, delta);
    case TS_RANK_KEY_POWER:
      return g_strdup_printf (_("Below %s: %s more power"), other, delta);
    case TS_RANK_KEY_PRICED:
      return g_strdup_printf (_("Below %s: no price in the catalog"), other);
    case TS_RANK_KEY_TOTAL_COST:
      return g_strdup_printf (_("Below %s: servers and energy cost %s more"), other, delta);
    case TS_RANK_KEY_CAPEX:
    case TS_RANK_KEY_ENERGY_COST:
      return g_strdup_printf (_("Below %s: %s more"), other, delta);
    case TS_RANK_KEY_ENERGY:
      return g_strdup_printf (_("Below %s: %s more energy"), other, delta);
    default:
      return g_strdup_printf (_("Below %s: level on every figure"), other);
    }
}

/* Why the plan cannot run on the option: its layout or memory, the
 * framework, the deadline. Each group adds in the order the failures
 * are shown. */
static void
add_run_failures (GPtrArray      *out,
                  const TsOption *o)
{
  if (o->failures & TS_FAILURE_LAYOUT)
    g_ptr_array_add (out, ts_option_dup_reason (o));
  else if (o->failures & TS_FAILURE_MEMORY)
    {
      g_autofree char *need = ts_format_gb (ts_breakdown_sum (&o->memory.per_gpu));
      g_autofree char *have = ts_format_gb (o->gpu_memory_bytes);

      g_autofree char *margin = ts_format_percent (o->min_free_fraction);

      if (g_strcmp0 (o->reason_code, "does-not-fit-margin") == 0)
        /* Translators: “Memory: 151 GB per GPU needed, 151 GB available, less than 3 % left free” */
        g_ptr_array_add (out, g_strdup_printf (_("Memory: %s per GPU needed, %s available, less than %s left free"),
                                               need, have, margin));
      else
        g_ptr_array_add (out, g_strdup_printf (_("Memory: %s per GPU needed, %s available"), need, have));
    }
  if (o->failures & TS_FAILURE_FRAMEWORK)
    g_ptr_array_add (out, ts_framework_dup_why (o->framework_refused, o->framework_why));
  if (o->failures & TS_FAILURE_DEADLINE)
    {
      g_autofree char *days = ts_format_days (o->training_days);
      g_autofree char *late = ts_format_days (o->training_days - o->site_deadline_days);

      if (g_strcmp0 (o->scale_limit, "global-batch") == 0)
        g_ptr_array_add (out, g_strdup_printf (/* Translators: “Deadline: 0.5 d, 0.4 d late: the global batch of 64 sequences limits …”; why more GPUs are not faster */
                                               ngettext ("Deadline: %s, %s late: the global batch of %u sequence limits data parallelism to %u ranks, so more GPUs are not faster",
                                                         "Deadline: %s, %s late: the global batch of %u sequences limits data parallelism to %u ranks, so more GPUs are not faster",
                                                         o->global_batch),
                                               days, late, o->global_batch, o->memory.layout.dp));
      else
        g_ptr_array_add (out, g_strdup_printf (/* Translators: “Deadline: 75.3 d, 30.6 d late” */
                                               _("Deadline: %s, %s late"), days, late));
    }
}

/* What the site or the server's own supply cannot take: rack power and
 * height, PDU current, power supplies, RAM. */
static void
add_rack_failures (GPtrArray      *out,
                   const TsOption *o)
{
  const TsServer *server = o->server;

  if (o->failures & TS_FAILURE_RACK_POWER)
    {
      g_autofree char *kw = ts_format_kw (server->max_power_kw);
      g_autofree char *limit = ts_format_kw (o->site_rack_kw);

      g_ptr_array_add (out, g_strdup_printf (_("Rack power: one server draws %s, the site's racks take %s"), kw, limit));
    }
  if (o->failures & TS_FAILURE_RACK_HEIGHT)
    g_ptr_array_add (out, g_strdup_printf (_("Rack height: one server is %uU, the site's racks are %uU"),
                                           server->rack_units, o->site_rack_units));
  if (o->failures & TS_FAILURE_PDU_CURRENT)
    {
      g_autofree char *need = ts_format_amps (o->feed_amps);
      g_autofree char *have = ts_format_amps (o->pdu_amps * MAX_PDUS_PER_FEED);

      g_ptr_array_add (out, g_strdup_printf (_("Current: a rack draws %s per phase, its PDUs are rated for %s per feed"), need, have));
    }
  if (o->failures & TS_FAILURE_PSU)
    {
      g_autofree char *need = ts_format_kw (server->max_power_kw);
      g_autofree char *have = ts_format_kw (o->psu_active * server->psu_w / WATTS_PER_KW);
      g_autofree char *each = ts_format_number (server->psu_w, 0);

      g_ptr_array_add (out, g_strdup_printf (/* Translators: “Power supplies: 3 × 3,200 W carry 9.6 kW, the server draws up to 10.2 kW (3+3)” */
                                             _("Power supplies: %u × %s W carry %s, the server draws up to %s (%s)"),
                                             o->psu_active, each, have, need,
                                             server->psu_redundancy != NULL ? server->psu_redundancy : "—"));
    }
  if (o->failures & TS_FAILURE_HOST_RAM)
    {
      g_autofree char *need = ts_format_gb (o->host_ram_needed_bytes);
      g_autofree char *have = ts_format_gb (o->host_ram_bytes);

      g_ptr_array_add (out, g_strdup_printf (_("Server RAM: %s needed, %s installed"), need, have));
    }
}

/* The fabric's bandwidth, the site's cooling and floor. */
static void
add_plant_failures (GPtrArray      *out,
                    const TsOption *o)
{
  if (o->failures & TS_FAILURE_FABRIC_BANDWIDTH)
    {
      g_autofree char *need = ts_format_number (o->network_needed_gb_s, 1);
      g_autofree char *have = ts_format_number (o->fabric_tier_gb_s[1], 1);
      g_autofree char *ratio = ts_format_number (o->fabric.oversubscription, 2);

      g_ptr_array_add (out, g_strdup_printf (/* Translators: “Fabric: 25.0 GB/s per GPU needed between scalable units, the leaf uplinks give 16.7 at 3:1 oversubscription” */
                                             _("Fabric: %s GB/s per GPU needed between scalable units, the leaf uplinks give %s at %s:1 oversubscription"),
                                             need, have, ratio));
    }
  if ((o->failures & TS_FAILURE_COOLING) && o->facility.cooling == TS_COOLING_DIRECT_LIQUID)
    g_ptr_array_add (out, g_strdup (_("Cooling: the server is liquid cooled and the site offers air only")));
  else if (o->failures & TS_FAILURE_COOLING)
    {
      g_autofree char *rack = ts_format_kw (o->facility.peak_kw);
      g_autofree char *limit = ts_format_kw (o->site_air_rack_kw);

      /* Translators: “Cooling: a rack of 44 kW is past the site's 30 kW of air cooling per rack” */
      g_ptr_array_add (out, g_strdup_printf (_("Cooling: a rack of %s is past the site’s %s of air cooling per rack"),
                                             rack, limit));
    }
  if (o->failures & TS_FAILURE_FLOOR)
    {
      g_autofree char *load = ts_format_number (o->facility.floor_kg_per_m2, 0);
      g_autofree char *limit = ts_format_number (o->facility.floor_limit_kg_m2, 0);

      /* Translators: “Floor: the heaviest rack puts 1,889 kg/m² on its footprint, the site’s floor takes 1,224 kg/m²” */
      g_ptr_array_add (out, g_strdup_printf (_("Floor: the heaviest rack puts %s kg/m² on its footprint, the site’s floor takes %s kg/m²"),
                                             load, limit));
    }
}

GPtrArray *
ts_option_dup_failures (const TsOption *o)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (o != NULL, out);

  if (o->failures == 0 || o->server == NULL)
    return out;
  add_run_failures (out, o);
  add_rack_failures (out, o);
  add_plant_failures (out, o);
  return out;
}

char *
ts_option_dup_price_summary (const TsOption *o)
{
  const TsServer *server;
  g_autofree char *total = NULL;
  g_autofree char *each = NULL;
  g_autofree char *count = NULL;

  g_return_val_if_fail (o != NULL, NULL);
  server = o->server;
  if (server == NULL || server->price_usd <= 0 || o->capex_usd <= 0)
    return NULL;
  total = ts_format_money (o->capex_usd, "USD");
  each = ts_format_money (server->price_usd, "USD");
  /* grouped as every other count (“2,816 ×”, not “2816 ×”) */
  count = ts_format_number (o->servers, 0);
  /* a price the catalog marks as an estimate (a published street price,
   * not a quote) carries the same “≈” as every other estimated figure */
  if (ts_server_is_estimate (server, "price_usd"))
    /* Translators: “Servers: ≈ 1,030,000 USD (2 × 515,000 USD), an indicative public price, not a quote” */
    return g_strdup_printf (_("Servers: ≈ %s (%s × %s), an indicative public price, not a quote"),
                            total, count, each);
  /* Translators: “Servers: 1,030,000 USD (2 × 515,000 USD)” */
  return g_strdup_printf (_("Servers: %s (%s × %s)"), total, count, each);
}

/* ---- the one verdict of an option (issue 28) ---------------------------- */

/* The overall verdict, worst first: memory (or the layout) before the
 * deadline, the site and the supplies, as ts_option_dup_failures () lists
 * them. Every surface that shows an option shows this, and the memory
 * fit (TsOption.verdict) only as one of its parts. */
const char *
ts_option_verdict_code (const TsOption *o)
{
  g_return_val_if_fail (o != NULL, NULL);

  if (o->ok)
    return ts_verdict_to_string (o->verdict);
  if (o->failures & (TS_FAILURE_MEMORY | TS_FAILURE_LAYOUT))
    return "does-not-fit";
  if (o->failures & TS_FAILURE_DEADLINE)
    return "misses-deadline";
  if (o->failures & (TS_FAILURE_RACK_POWER | TS_FAILURE_RACK_HEIGHT | TS_FAILURE_PDU_CURRENT))
    return "site";
  if (o->failures & TS_FAILURE_PSU)
    return "power-supplies";
  return "does-not-work";
}

const char *
ts_option_verdict_label (const TsOption *o)
{
  const char *code;

  g_return_val_if_fail (o != NULL, NULL);
  code = ts_option_verdict_code (o);
  if (g_str_equal (code, "fits"))
    return ts_verdict_label (TS_VERDICT_FITS);
  if (g_str_equal (code, "tight"))
    return ts_verdict_label (TS_VERDICT_TIGHT);
  if (g_str_equal (code, "does-not-fit"))
    return ts_verdict_label (TS_VERDICT_DOES_NOT_FIT);
  if (g_str_equal (code, "misses-deadline"))
    /* Translators: the verdict badge of a configuration that is too slow */
    return _("Misses the deadline");
  if (g_str_equal (code, "site"))
    /* Translators: the verdict badge: the data centre cannot host it as it is */
    return _("Site cannot take it");
  if (g_str_equal (code, "power-supplies"))
    /* Translators: the verdict badge: the power supplies cannot carry the server */
    return _("Power supplies short");
  /* Translators: the verdict badge of a configuration that does not work */
  return _("Does not work");
}

const char *
ts_option_verdict_mark (const TsOption *o)
{
  g_return_val_if_fail (o != NULL, "✗");
  if (!o->ok)
    return "✗";
  return o->verdict == TS_VERDICT_FITS ? "✓" : "!";
}

/* Sorts the options' verdicts: works with room, tight, then each way of
 * failing in the order above. */
guint
ts_option_verdict_order (const TsOption *o)
{
  static const char *const order[] = {
    "fits", "tight", "misses-deadline", "site", "power-supplies", "does-not-work", "does-not-fit",
  };
  const char *code = ts_option_verdict_code (o);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (g_str_equal (order[i], code))
      return i;
  return G_N_ELEMENTS (order);
}

char *
ts_option_dup_memory_fit (const TsOption *o)
{
  g_return_val_if_fail (o != NULL, NULL);
  /* Translators: the memory fit as one part of an option's verdict: “Memory: Fits” */
  return g_strdup_printf (_("Memory: %s"), ts_verdict_label (o->verdict));
}

/* The option's servers' price as one figure, “≈ 3,090,000 USD” where the
 * catalog marks the price as an estimate: a table's cell, Compare's row,
 * the sheet's column. NULL when the catalog has no price. */
static char *
dup_price_total (const TsOption *o,
                 gboolean        short_form)
{
  g_autofree char *total = NULL;

  g_return_val_if_fail (o != NULL, NULL);
  if (o->server == NULL || o->server->price_usd <= 0 || o->capex_usd <= 0)
    return NULL;
  total = short_form ? ts_format_money_short (o->capex_usd, "USD") : ts_format_money (o->capex_usd, "USD");
  if (ts_server_is_estimate (o->server, "price_usd"))
    /* a no-break space: the mark never ends a line alone */
    return g_strdup_printf ("≈\u00a0%s", total);
  return g_steal_pointer (&total);
}

char *
ts_option_dup_price_total (const TsOption *o)
{
  return dup_price_total (o, FALSE);
}

char *
ts_option_dup_price_total_short (const TsOption *o)
{
  return dup_price_total (o, TRUE);
}

/* Whether the price above is an estimate (JSON “capex_estimated”). */
gboolean
ts_option_price_is_estimate (const TsOption *o)
{
  g_return_val_if_fail (o != NULL, FALSE);
  return o->server != NULL && o->capex_usd > 0 && ts_server_is_estimate (o->server, "price_usd");
}

/* ---- the answer and the option's GPU memory (issue 28, issue 33) ------- */

/* An answer longer than this keeps only its count, sign and first word
 * together: a line must still be able to break inside a long name. */
#define ANSWER_UNBREAKABLE_CHARS 32

char *
ts_option_dup_answer (const TsOption *o)
{
  g_autofree char *servers = NULL;
  g_autofree char *name = NULL;
  g_autofree char *plain = NULL;
  GString *out;
  gboolean all;
  guint spaces = 0;

  g_return_val_if_fail (o != NULL && o->server != NULL, NULL);
  servers = ts_format_number (o->servers, 0);
  /* the catalog's name in the reader's words */
  name = ts_format_name (o->server->name);
  /* Translators: server count and model, e.g. “2 × NVIDIA DGX H200” */
  plain = g_strdup_printf (_("%s × %s"), servers, name);
  /* no-break spaces: “6” is never parted from “× NVIDIA DGX B200” */
  all = g_utf8_strlen (plain, -1) <= ANSWER_UNBREAKABLE_CHARS;
  out = g_string_sized_new (strlen (plain) + 8);
  for (const char *p = plain; *p != '\0'; p++)
    {
      if (*p == ' ' && (all || ++spaces <= 3))
        g_string_append (out, "\u00a0");
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* The vendor's figure per GPU is its server's datasheet total ÷ its GPUs
 * (docs/hardware-rules.md §9); the sentence is the catalog's, the one
 * `trainsizer-cli list gpus` prints. */
char *
ts_option_dup_gpu_memory (const TsOption *o)
{
  const TsServer *server;

  g_return_val_if_fail (o != NULL && o->server != NULL, NULL);
  server = o->server;
  if (server->gpu == NULL)
    return g_strdup ("");
  return ts_gpu_dup_memory_text (server->gpu, server->gpu_count > 0
                                              ? server->gpu_memory_label_gb / server->gpu_count : 0);
}

TsGradDtype
ts_option_gradient_dtype (const TsOption   *o,
                          const TsScenario *s)
{
  g_return_val_if_fail (s != NULL, TS_GRAD_BF16);
  /* the framework's rule overrides the scenario's dtype (ts_framework_apply_rules ()) */
  if (o != NULL && (o->framework_rules & TS_FRAMEWORK_RULE_FP32_GRADIENTS) != 0)
    return TS_GRAD_FP32;
  return s->grad_dtype;
}

const char *
ts_option_energy_basis (const TsOption *o)
{
  g_return_val_if_fail (o != NULL, NULL);
  if (o->energy_at_typical)
    /* Translators: what an option's energy is counted at */
    return _("at the vendors’ typical draw where they state one (maximum elsewhere)");
  /* Translators: what an option's energy is counted at */
  return _("at maximum draw");
}
