/* ts-facts-hardware.c — the hardware sections' figures: the
 * recommended configuration, the network between its servers and the
 * storage its checkpoints and data need (ts-facts.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-plan"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-format.h"
#include "ts-facts-private.h"

/* The mark after a figure whose record is not checked against a vendor's
 * document; the section's note (TsPlanFacts.note) explains it. */
static const char *
mark (const TsProvenance *prov)
{
  return prov != NULL && prov->confidence == TS_CONFIDENCE_UNVERIFIED ? " *" : "";
}

/* The server's count and GPUs, with the GPU's memory and peak. */
static void
add_gpu_rows (TsPlanFacts    *f,
              const TsOption *o)
{
  const TsServer *sv = o->server;
  const TsGpu *gpu = sv->gpu;
  /* the vendor's figure and the usable bytes, each labelled */
  g_autofree char *gpu_mem = ts_server_dup_memory_text (sv);
  g_autofree char *gpu_name = ts_format_name (gpu != NULL ? gpu->name : sv->gpu_id);
  g_autofree char *servers = g_strdup_printf (ngettext ("%u server", "%u servers", o->servers), o->servers);
  g_autofree char *gpus = g_strdup_printf (ngettext ("%u GPU in total", "%u GPUs in total", o->gpus), o->gpus);

  _ts_plan_facts_add (f, _("Servers"), g_strdup_printf ("%s, %s", servers, gpus));
  _ts_plan_facts_add (f, _("GPUs per server"),
                      g_strdup_printf ("%u × %s%s", sv->gpu_count, gpu_name, mark (gpu != NULL ? &gpu->prov : NULL)));
  _ts_plan_facts_add_figure (f, _("GPU memory per server"), g_strdup_printf ("%s%s", gpu_mem, mark (&sv->prov)),
                             gpu != NULL ? &gpu->prov : NULL, "memory_gib");
  if (gpu != NULL && gpu->tflops_bf16 > 0)
    {
      /* the system's dense peak: GPUs × the GPU's dense figure */
      g_autofree char *bf16 = ts_format_number_auto (sv->gpu_count * gpu->tflops_bf16 / 1000, 1);
      g_autofree char *fp8 = gpu->tflops_fp8 > 0
                             ? ts_format_number_auto (sv->gpu_count * gpu->tflops_fp8 / 1000, 1) : NULL;

      _ts_plan_facts_add_figure (f, _("Peak compute per server"),
                                 fp8 != NULL
                                 /* Translators: dense peak of one server: “7.9 PFLOPS BF16, 15.8 PFLOPS FP8” */
                                 ? g_strdup_printf (_("%s PFLOPS BF16, %s PFLOPS FP8 (dense)"), bf16, fp8)
                                 : g_strdup_printf (_("%s PFLOPS BF16 (dense)"), bf16),
                                 &gpu->prov, "tflops_bf16 tflops_fp8");
    }
}

/* The link between a server's GPUs, marked when its figure is unverified. */
static void
add_link_row (TsPlanFacts    *f,
              const TsOption *o)
{
  const TsInterconnect *link = o->server->interconnect;
  g_autofree char *bw = NULL;

  if (link == NULL)
    return;
  if (link->bw_gb_s_unidir <= 0)
    {
      _ts_plan_facts_add (f, _("GPU link"), g_strdup (link->name));
      return;
    }
  bw = ts_format_gb_s (link->bw_gb_s_unidir);
  /* Translators: “NVLink 4, 450 GB/s per GPU each way” */
  _ts_plan_facts_add (f, _("GPU link"), g_strdup_printf (_("%s, %s per GPU each way%s"), link->name, bw, mark (&link->prov)));
}

/* The host around the GPUs: CPUs, RAM and drives. */
static void
add_host_rows (TsPlanFacts    *f,
               const TsOption *o)
{
  const TsServer *sv = o->server;
  const char *m = mark (&sv->prov);

  if (sv->cpu_model != NULL)
    _ts_plan_facts_add_figure (f, _("CPUs"),
                               g_strdup_printf (ngettext ("%u × %s, %u core in total%s", "%u × %s, %u cores in total%s",
                                                          sv->cpu_sockets * sv->cpu_cores_per_socket),
                                                sv->cpu_sockets, sv->cpu_model, sv->cpu_sockets * sv->cpu_cores_per_socket, m),
                               &sv->prov, "cpu_model cpu_cores_per_socket");
  if (sv->ram_gb > 0)
    {
      g_autofree char *ram = ts_format_gb (sv->ram_gb * TS_BYTES_PER_GB);
      g_autofree char *ram_max = ts_format_gb (sv->ram_gb_max * TS_BYTES_PER_GB);

      _ts_plan_facts_add_figure (f, _("RAM"), sv->ram_gb_max > sv->ram_gb
                                 /* Translators: “2,048 GB (up to 4,096 GB)” */
                                 ? g_strdup_printf (_("%s (up to %s)%s"), ram, ram_max, m)
                                 : g_strdup_printf ("%s%s", ram, m),
                                 &sv->prov, "ram_gb ram_gb_max");
    }
  if (sv->os_storage != NULL)
    _ts_plan_facts_add (f, _("System drives"), g_strdup (sv->os_storage));
  if (sv->nvme_data_count > 0)
    {
      g_autofree char *each = ts_format_with_unit (ts_format_number_auto (sv->nvme_data_tb_each, 2), C_("unit", "TB"));

      _ts_plan_facts_add_figure (f, _("NVMe data drives"), g_strdup_printf ("%u × %s%s", sv->nvme_data_count, each, m),
                                 &sv->prov, "nvme_data_count nvme_data_tb_each");
    }
}

/* The server's network ports: compute and storage. */
static void
add_port_rows (TsPlanFacts    *f,
               const TsOption *o)
{
  const TsServer *sv = o->server;

  if (sv->compute_nic_count > 0)
    {
      g_autofree char *gbps = ts_format_gbps (sv->compute_nic_gbps);

      _ts_plan_facts_add_figure (f, _("Compute network ports"),
                                 g_strdup_printf ("%u × %s%s%s%s", sv->compute_nic_count, gbps,
                                                  sv->compute_nic_model ? " (" : "", sv->compute_nic_model ? sv->compute_nic_model : "",
                                                  sv->compute_nic_model ? ")" : ""),
                                 &sv->prov, "compute_nic_count");
    }
  if (sv->storage_nic_count > 0)
    {
      g_autofree char *gbps = ts_format_gbps (sv->storage_nic_gbps);

      _ts_plan_facts_add_figure (f, _("Storage network ports"), g_strdup_printf ("%u × %s", sv->storage_nic_count, gbps),
                                 &sv->prov, "storage_nic_count storage_nic_gbps");
    }
}

/* The power supplies, and whether the stated ones carry the maximum draw. */
static void
add_psu_row (TsPlanFacts    *f,
             const TsOption *o)
{
  const TsServer *sv = o->server;
  g_autofree char *psu = NULL;
  char *value;

  if (sv->psu_count == 0)
    return;
  psu = ts_format_with_unit (ts_format_number (sv->psu_w, 0), C_("unit", "W"));
  if (!o->psu_ok)
    {
      g_autofree char *need = ts_format_kw (sv->max_power_kw);

      /* Translators: “6 × 3,200 W; the stated 3+3 does not carry 10.2 kW” */
      value = g_strdup_printf (_("%u × %s; the stated %s does not carry %s%s"), sv->psu_count, psu,
                               sv->psu_redundancy != NULL ? sv->psu_redundancy : "—", need, mark (&sv->prov));
    }
  else if (sv->psu_redundancy != NULL)
    /* Translators: “6 × 3,300 W, redundancy 4+2” */
    value = g_strdup_printf (_("%u × %s, redundancy %s%s"), sv->psu_count, psu, sv->psu_redundancy, mark (&sv->prov));
  else
    value = g_strdup_printf ("%u × %s%s", sv->psu_count, psu, mark (&sv->prov));
  _ts_plan_facts_add_figure (f, _("Power supplies"), value, &sv->prov, "psu_count psu_w psu_redundancy");
}

/* Size, weight, power and heat of one server. */
static void
add_power_rows (TsPlanFacts    *f,
                const TsPlan   *plan,
                const TsOption *o)
{
  const TsServer *sv = o->server;
  const char *m = mark (&sv->prov);
  g_autofree char *kg = ts_format_with_unit (ts_format_number_auto (sv->weight_kg, 1), C_("unit", "kg"));
  g_autofree char *mm = sv->height_mm > 0 ? ts_format_with_unit (ts_format_number (sv->height_mm, 0), C_("unit", "mm")) : NULL;
  g_autofree char *kw = ts_format_kw (sv->max_power_kw);
  g_autofree char *btu = ts_format_btu_h (ts_server_heat_btu_h (plan->catalog, sv));

  add_psu_row (f, o);
  /* Translators: rack units, as in “8U” */
  _ts_plan_facts_add_figure (f, _("Height"), mm != NULL ? g_strdup_printf (_("%uU (%s)"), sv->rack_units, mm)
                                                       : g_strdup_printf (_("%uU"), sv->rack_units),
                             &sv->prov, "rack_units height_mm");
  if (sv->weight_kg > 0)
    _ts_plan_facts_add_figure (f, _("Weight"), g_strdup_printf ("%s%s", kg, m), &sv->prov, "weight_kg");
  _ts_plan_facts_add_figure (f, _("Maximum power"), g_strdup_printf ("%s%s", kw, m), &sv->prov, "max_power_kw");
  _ts_plan_facts_add_figure (f, _("Heat output"), g_strdup_printf ("%s%s", btu, m), &sv->prov, "max_power_kw");
}

/* One server's price and the option's whole price. */
static void
add_price_rows (TsPlanFacts    *f,
                const TsOption *o)
{
  const TsServer *sv = o->server;
  const char *m = mark (&sv->prov);
  g_autofree char *usd = NULL;
  g_autofree char *all = NULL;

  if (sv->price_usd <= 0)
    return;
  usd = ts_format_money (sv->price_usd, "USD");
  /* “≈” and the footnote come from the catalog's estimate mark */
  _ts_plan_facts_add_figure (f, _("Price per server"), g_strdup_printf ("%s%s", usd, m), &sv->prov, "price_usd");
  /* the option's whole price, as the CLI, the window and the CSV give it (issue 28) */
  if (o->capex_usd > 0)
    {
      g_autofree char *count = ts_format_number (o->servers, 0);
      /* Translators: the price of all the option's servers on the sheet: “Price of 6 servers” */
      g_autofree char *label = g_strdup_printf (ngettext ("Price of %s server", "Price of %s servers", o->servers),
                                                count);

      all = ts_format_money (o->capex_usd, "USD");
      _ts_plan_facts_add_figure (f, label, g_strdup_printf ("%s%s", all, m), &sv->prov, "price_usd");
    }
}

/* Cooling, and what the plan asks of each server's host. */
static void
add_host_need_rows (TsPlanFacts    *f,
                    const TsOption *o)
{
  const TsServer *sv = o->server;

  if (sv->cooling != NULL)
    _ts_plan_facts_add (f, _("Cooling"), g_strdup (g_strcmp0 (sv->cooling, "air") == 0 ? _("Air")
                                                   : g_strcmp0 (sv->cooling, "liquid") == 0 ? _("Liquid")
                                                   /* Translators: a server cooled by cold plates on
                                                    * its chips and by air for the rest (GB200 NVL72) */
                                                   : g_strcmp0 (sv->cooling, "hybrid") == 0 ? _("Hybrid: cold plates and air")
                                                   : sv->cooling));
  if (o->cpu_cores_per_gpu > 0)
    _ts_plan_facts_add (f, _("CPU cores per GPU"), ts_format_number_auto (o->cpu_cores_per_gpu, 1));
  if (o->host_ram_needed_bytes > 0)
    _ts_plan_facts_add (f, _("Server RAM needed"), ts_format_gb (o->host_ram_needed_bytes));
}

TsPlanFacts *
ts_plan_dup_configuration_facts (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsPlanFacts *f = _ts_plan_facts_new ();
  g_autofree char *name = NULL;

  if (o == NULL)
    {
      f->empty = g_strdup (_("No server from the catalog was evaluated for this scenario, so there is "
                             "no configuration to show. Choose a server or let Train Sizer recommend one."));
      return f;
    }
  name = ts_format_name (o->server->name);
  f->title = g_strdup_printf ("%u × %s", o->servers, name);
  if (*mark (&o->server->prov) != '\0' || *mark (o->server->gpu != NULL ? &o->server->gpu->prov : NULL) != '\0')
    f->note = g_strdup (_("* Not verified against a vendor document; confirm before ordering."));
  add_gpu_rows (f, o);
  add_link_row (f, o);
  add_host_rows (f, o);
  add_port_rows (f, o);
  add_power_rows (f, plan, o);
  add_price_rows (f, o);
  add_host_need_rows (f, o);
  return f;
}

/* The gradient synchronisation as the step model times it (docs/sizing-
 * model.md §8.1): what the backward pass does not hide, the figure the
 * step's communication holds, beside the whole transfer, labelled as
 * such; and the step it is part of. Nothing when data parallelism keeps
 * one copy: no gradients are synchronised. */
static void
add_gradient_sync_rows (TsPlanFacts    *f,
                        const TsOption *o)
{
  if (o->step.seconds <= 0)
    return;
  if (o->memory.layout.dp > 1 && o->step.dp_comm > 0)
    {
      _ts_plan_facts_add (f, _("Gradient sync per step, not hidden by the backward pass"),
                          ts_format_with_unit (ts_format_number_auto (o->step.dp_exposed, 2), C_("unit", "s")));
      _ts_plan_facts_add (f, _("Gradient transfer per step, overlapped with the backward pass"),
                          ts_format_with_unit (ts_format_number_auto (o->step.dp_comm, 2), C_("unit", "s")));
    }
  else
    _ts_plan_facts_add (f, _("Gradient sync per step"), g_strdup (_("None: one copy of the model (data parallel 1)")));
  /* Translators: the row of the step summary: “Step 9.19 s: compute 8.4 s, …” */
  _ts_plan_facts_add (f, _("One training step"), ts_option_dup_step_summary (o));
}

/* The compute fabric's tiers as the reference architectures build them:
 * scalable units, cables per tier, transceivers (docs/cluster-fabric.md). */
static void
add_fabric_rows (TsPlanFacts    *f,
                 const TsOption *o)
{
  g_autofree char *node_leaf = ts_format_number (o->fabric.cables_node_leaf, 0);
  g_autofree char *leaf_spine = ts_format_number (o->fabric.cables_leaf_spine, 0);
  g_autofree char *spine_core = ts_format_number (o->fabric.cables_spine_core, 0);
  char *cables;

  /* Translators: the compute fabric's scalable units: “16 units of 32 servers, 8 rails” */
  _ts_plan_facts_add (f, _("Scalable units"),
                      g_strdup_printf (ngettext ("%u unit of %u servers, %u rails", "%u units of %u servers, %u rails",
                                                 o->fabric.sus),
                                       o->fabric.sus, o->fabric.nodes_per_su, o->fabric.rails));
  if (o->fabric.cables_spine_core > 0)
    /* Translators: cables per tier of the compute fabric */
    cables = g_strdup_printf (_("%s node–leaf, %s leaf–spine, %s spine–core"), node_leaf, leaf_spine, spine_core);
  else
    /* Translators: cables per tier of the compute fabric */
    cables = g_strdup_printf (_("%s node–leaf, %s leaf–spine"), node_leaf, leaf_spine);
  _ts_plan_facts_add (f, _("Cables"), cables);
  _ts_plan_facts_add (f, _("Transceivers"), ts_format_number (o->transceivers, 0));
}

/* The fabric's switch as its catalog record describes it. */
static void
add_switch_row (TsPlanFacts     *f,
                const TsNetwork *net)
{
  g_autofree char *ports = g_strdup_printf (ngettext ("%u port", "%u ports", net->switch_ports),
                                            net->switch_ports);
  g_autofree char *watts = ts_format_with_unit (ts_format_number (net->switch_power_w, 0), C_("unit", "W"));

  /* Translators: a fabric switch: “NVIDIA Quantum-2 QM9700: 64 ports, 1U, 1,500 W” */
  _ts_plan_facts_add_figure (f, _("Switch model"),
                             g_strdup_printf (_("%s: %s, %uU, %s"), net->switch_model, ports, net->switch_rack_units, watts),
                             &net->prov, "switch_ports switch_rack_units switch_power_w");
}

TsPlanFacts *
ts_plan_dup_network_facts (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsPlanFacts *f = _ts_plan_facts_new ();
  const TsNetwork *net;
  g_autofree char *gbps = NULL;

  if (o == NULL)
    {
      f->empty = g_strdup (_("Not evaluated: no hardware option."));
      return f;
    }
  if (o->servers <= 1 || o->compute_ports == 0)
    {
      f->empty = g_strdup (_("One server: the GPUs exchange over the server’s own link; "
                             "no compute fabric between servers is needed."));
      return f;
    }
  net = o->server->network;
  gbps = ts_format_gbps (o->port_gbps);
  _ts_plan_facts_add (f, _("Compute fabric"), net != NULL ? g_strdup (net->name) : NULL);
  _ts_plan_facts_add (f, _("Compute ports"), g_strdup_printf ("%u × %s", o->compute_ports, gbps));
  _ts_plan_facts_add (f, _("Leaf switches"), ts_format_number (o->leaf_switches, 0));
  _ts_plan_facts_add (f, _("Spine switches"), ts_format_number (o->spine_switches, 0));
  if (o->core_switches > 0)
    _ts_plan_facts_add (f, _("Core switches"), ts_format_number (o->core_switches, 0));
  if (o->fabric.tiers >= 2)
    add_fabric_rows (f, o);
  if (net != NULL && net->switch_model != NULL)
    add_switch_row (f, net);
  if (net != NULL && net->nic_model != NULL)
    _ts_plan_facts_add (f, _("Network adapter"), g_strdup (net->nic_model));
  add_gradient_sync_rows (f, o);
  return f;
}

/* What the run's checkpoints ask of the storage: the interval, the
 * interruptions, capacity and bandwidth, and the system that meets them
 * (docs/goodput.md). */
static void
add_goodput_rows (TsPlanFacts    *f,
                  const TsOption *o)
{
  const TsGoodput *g = &o->goodput;
  g_autofree char *capacity = g_strdup_printf (ngettext ("Storage capacity (%u checkpoint and the data)",
                                                         "Storage capacity (%u checkpoints and the data)",
                                                         g->checkpoints_kept), g->checkpoints_kept);

  _ts_plan_facts_add (f, _("Mean time between interruptions"), ts_goodput_dup_duration (g->mtbi_hours * 3600));
  _ts_plan_facts_add (f, _("Checkpoint interval (Young/Daly)"), ts_goodput_dup_duration (g->checkpoint_interval_seconds));
  _ts_plan_facts_add (f, _("Restart after an interruption"), ts_goodput_dup_duration (g->restart_seconds));
  _ts_plan_facts_add (f, capacity, ts_format_gb (g->storage_capacity_bytes));
  _ts_plan_facts_add (f, _("Storage write bandwidth for the interval"), ts_goodput_dup_bandwidth (g->storage_write_bytes_s));
  _ts_plan_facts_add (f, _("Storage read bandwidth for the data"), ts_goodput_dup_bandwidth (g->storage_read_bytes_s));
  /* the catalog's system that meets it, or the need restated
   * (docs/goodput.md §5); its draw is counted in the site's power */
  if (o->storage_applies)
    {
      _ts_plan_facts_add (f, _("Storage system"), ts_storage_dup_value (&o->storage));
      if (o->storage.system != NULL)
        _ts_plan_facts_add (f, _("Checkpoint written to the storage system"),
                            ts_goodput_dup_duration (g->two_tier ? g->drain_seconds : g->checkpoint_seconds));
    }
}

TsPlanFacts *
ts_plan_dup_storage_facts (const TsPlan *plan)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  TsPlanFacts *f = _ts_plan_facts_new ();

  _ts_plan_facts_add (f, _("One checkpoint (weights and optimizer state)"),
                      ts_format_gb (o != NULL && o->checkpoint_bytes > 0 ? o->checkpoint_bytes
                                                                          : ts_plan_get_memory (plan)->checkpoint_bytes));
  if (o == NULL)
    return f;
  if (o->checkpoints_on_nvme > 0)
    _ts_plan_facts_add (f, _("Checkpoints that fit on local NVMe"), ts_format_number (floor (o->checkpoints_on_nvme), 0));
  if (o->checkpoint_write_seconds > 0)
    _ts_plan_facts_add (f, _("Time to write one checkpoint"),
                        ts_format_with_unit (ts_format_number_auto (o->checkpoint_write_seconds, 1), C_("unit", "s")));
  if (o->dataset_bytes > 0)
    _ts_plan_facts_add (f, _("Dataset on disk"), ts_format_gb (o->dataset_bytes));
  if (o->training_days > 0)
    add_goodput_rows (f, o);
  return f;
}
