/* ts-specsheet-hardware.c — the spec sheet's hardware sections: the
 * recommended configuration, the network between its servers and the
 * storage its checkpoints and data need
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-specsheet-private.h"

/* The configuration's rows on its GPUs: counts, memory, compute and the link. */
static void
add_compute_rows (TsSpecsheet    *self,
                  guint           t,
                  const TsOption *o,
                  const char     *mark)
{
  const TsServer *sv = o->server;
  const TsGpu *gpu = sv->gpu;
  const char *gpu_mark = gpu != NULL ? ts_specsheet_confidence_mark (gpu->prov.confidence) : "";
  /* the vendor's figure and the usable bytes, each labelled */
  g_autofree char *gpu_mem = ts_server_dup_memory_text (sv);
  g_autofree char *gpu_name = ts_format_name (gpu != NULL ? gpu->name : sv->gpu_id);

  {
    g_autofree char *servers = g_strdup_printf (ngettext ("%u server", "%u servers", o->servers), o->servers);
    g_autofree char *gpus = g_strdup_printf (ngettext ("%u GPU in total", "%u GPUs in total", o->gpus), o->gpus);

    ts_specsheet_add_pair (self, t, _("Servers"), g_strdup_printf ("%s, %s", servers, gpus));
  }
  ts_specsheet_add_pair (self, t, _("GPUs per server"),
                         g_strdup_printf ("%u × %s%s", sv->gpu_count, gpu_name, gpu_mark));
  ts_specsheet_add_figure (self, t, _("GPU memory per server"),
                           g_strdup_printf ("%s%s", gpu_mem, mark),
                           gpu != NULL ? &gpu->prov : NULL, "memory_gib");
  if (gpu != NULL && gpu->tflops_bf16 > 0)
    {
      /* the system's dense peak: GPUs × the GPU's dense figure */
      g_autofree char *bf16 = ts_format_number_auto (sv->gpu_count * gpu->tflops_bf16 / 1000, 1);
      g_autofree char *fp8 = gpu->tflops_fp8 > 0
                             ? ts_format_number_auto (sv->gpu_count * gpu->tflops_fp8 / 1000, 1) : NULL;

      ts_specsheet_add_figure (self, t, _("Peak compute per server"),
                               fp8 != NULL
                               /* Translators: dense peak of one server: “7.9 PFLOPS BF16, 15.8 PFLOPS FP8” */
                               ? g_strdup_printf (_("%s PFLOPS BF16, %s PFLOPS FP8 (dense)"), bf16, fp8)
                               : g_strdup_printf (_("%s PFLOPS BF16 (dense)"), bf16),
                               &gpu->prov, "tflops_bf16 tflops_fp8");
    }
  if (sv->interconnect != NULL)
    {
      g_autofree char *bw = sv->interconnect->bw_gb_s_unidir > 0
                            ? ts_format_gb_s (sv->interconnect->bw_gb_s_unidir) : NULL;

      /* Translators: “NVLink 4, 450 GB/s per GPU each way” */
      ts_specsheet_add_pair (self, t, _("GPU link"), bw != NULL
                             ? g_strdup_printf (_("%s, %s per GPU each way%s"), sv->interconnect->name, bw,
                                                ts_specsheet_confidence_mark (sv->interconnect->prov.confidence))
                             : g_strdup (sv->interconnect->name));
    }
}

/* The host around the GPUs: CPUs, RAM, drives and network ports. */
static void
add_host_rows (TsSpecsheet    *self,
               guint           t,
               const TsOption *o,
               const char     *mark)
{
  const TsServer *sv = o->server;

  if (sv->cpu_model != NULL)
    ts_specsheet_add_figure (self, t, _("CPUs"),
                             g_strdup_printf (ngettext ("%u × %s, %u core in total%s", "%u × %s, %u cores in total%s",
                                                        sv->cpu_sockets * sv->cpu_cores_per_socket),
                                              sv->cpu_sockets, sv->cpu_model, sv->cpu_sockets * sv->cpu_cores_per_socket, mark),
                             &sv->prov, "cpu_model cpu_cores_per_socket");
  if (sv->ram_gb > 0)
    {
      g_autofree char *ram = ts_format_gb (sv->ram_gb * TS_BYTES_PER_GB);
      g_autofree char *ram_max = ts_format_gb (sv->ram_gb_max * TS_BYTES_PER_GB);

      ts_specsheet_add_figure (self, t, _("RAM"), sv->ram_gb_max > sv->ram_gb
                               /* Translators: “2,048 GB (up to 4,096 GB)” */
                               ? g_strdup_printf (_("%s (up to %s)%s"), ram, ram_max, mark)
                               : g_strdup_printf ("%s%s", ram, mark),
                               &sv->prov, "ram_gb ram_gb_max");
    }
  if (sv->os_storage != NULL)
    ts_specsheet_add_pair (self, t, _("System drives"), g_strdup (sv->os_storage));
  if (sv->nvme_data_count > 0)
    {
      g_autofree char *each = ts_specsheet_with_unit (ts_format_number_auto (sv->nvme_data_tb_each, 2), C_("unit", "TB"));

      ts_specsheet_add_figure (self, t, _("NVMe data drives"), g_strdup_printf ("%u × %s%s", sv->nvme_data_count, each, mark),
                               &sv->prov, "nvme_data_count nvme_data_tb_each");
    }
  if (sv->compute_nic_count > 0)
    {
      g_autofree char *gbps = ts_format_gbps (sv->compute_nic_gbps);

      ts_specsheet_add_figure (self, t, _("Compute network ports"),
                               g_strdup_printf ("%u × %s%s%s%s", sv->compute_nic_count, gbps,
                                                sv->compute_nic_model ? " (" : "", sv->compute_nic_model ? sv->compute_nic_model : "",
                                                sv->compute_nic_model ? ")" : ""),
                               &sv->prov, "compute_nic_count");
    }
  if (sv->storage_nic_count > 0)
    {
      g_autofree char *gbps = ts_format_gbps (sv->storage_nic_gbps);

      ts_specsheet_add_figure (self, t, _("Storage network ports"), g_strdup_printf ("%u × %s", sv->storage_nic_count, gbps),
                               &sv->prov, "storage_nic_count storage_nic_gbps");
    }
}

/* Power supplies, size, weight, power and heat of one server. */
static void
add_power_rows (TsSpecsheet    *self,
                guint           t,
                const TsOption *o,
                const char     *mark)
{
  const TsServer *sv = o->server;
  const TsPlan *plan = self->plan;

  if (sv->psu_count > 0)
    {
      g_autofree char *psu = ts_specsheet_with_unit (ts_format_number (sv->psu_w, 0), C_("unit", "W"));

      if (!o->psu_ok)
        {
          g_autofree char *need = ts_format_kw (sv->max_power_kw);

          /* Translators: “6 × 3,200 W; the stated 3+3 does not carry 10.2 kW” */
          ts_specsheet_add_figure (self, t, _("Power supplies"),
                                   g_strdup_printf (_("%u × %s; the stated %s does not carry %s%s"), sv->psu_count, psu,
                                                    sv->psu_redundancy != NULL ? sv->psu_redundancy : "—", need, mark),
                                   &sv->prov, "psu_count psu_w psu_redundancy");
        }
      else
        /* Translators: “6 × 3,300 W, redundancy 4+2” */
        ts_specsheet_add_figure (self, t, _("Power supplies"),
                                 sv->psu_redundancy != NULL
                                 ? g_strdup_printf (_("%u × %s, redundancy %s%s"), sv->psu_count, psu, sv->psu_redundancy, mark)
                                 : g_strdup_printf ("%u × %s%s", sv->psu_count, psu, mark),
                                 &sv->prov, "psu_count psu_w psu_redundancy");
    }
  {
    g_autofree char *mm = sv->height_mm > 0 ? ts_specsheet_with_unit (ts_format_number (sv->height_mm, 0), C_("unit", "mm")) : NULL;

    /* Translators: rack units, as in “8U” */
    ts_specsheet_add_figure (self, t, _("Height"), mm != NULL ? g_strdup_printf (_("%uU (%s)"), sv->rack_units, mm)
                                                             : g_strdup_printf (_("%uU"), sv->rack_units),
                             &sv->prov, "rack_units height_mm");
  }
  if (sv->weight_kg > 0)
    {
      g_autofree char *kg = ts_specsheet_with_unit (ts_format_number_auto (sv->weight_kg, 1), C_("unit", "kg"));

      ts_specsheet_add_figure (self, t, _("Weight"), g_strdup_printf ("%s%s", kg, mark), &sv->prov, "weight_kg");
    }
  {
    g_autofree char *kw = ts_format_kw (sv->max_power_kw);
    double heat = ts_server_heat_btu_h (plan->catalog, sv);
    g_autofree char *btu = ts_format_btu_h (heat);

    ts_specsheet_add_figure (self, t, _("Maximum power"), g_strdup_printf ("%s%s", kw, mark), &sv->prov, "max_power_kw");
    ts_specsheet_add_figure (self, t, _("Heat output"), g_strdup_printf ("%s%s", btu, mark), &sv->prov, "max_power_kw");
  }
}

/* One server's price and the option's whole price. */
static void
add_price_rows (TsSpecsheet    *self,
                guint           t,
                const TsOption *o,
                const char     *mark)
{
  const TsServer *sv = o->server;

  if (sv->price_usd > 0)
    {
      g_autofree char *usd = ts_format_money (sv->price_usd, "USD");

      /* “≈” and the footnote come from the catalog's estimate mark */
      ts_specsheet_add_figure (self, t, _("Price per server"), g_strdup_printf ("%s%s", usd, mark), &sv->prov, "price_usd");
      /* the option's whole price, as the CLI, the window and the CSV give it (issue 28) */
      if (o->capex_usd > 0)
        {
          g_autofree char *count = ts_format_number (o->servers, 0);
          g_autofree char *all = ts_format_money (o->capex_usd, "USD");
          /* Translators: the price of all the option's servers on the sheet: “Price of 6 servers” */
          g_autofree char *label = g_strdup_printf (ngettext ("Price of %s server", "Price of %s servers", o->servers),
                                                    count);

          ts_specsheet_add_figure (self, t, label, g_strdup_printf ("%s%s", all, mark), &sv->prov, "price_usd");
        }
    }
}

/* Cooling, and what the plan asks of each server's host. */
static void
add_site_rows (TsSpecsheet    *self,
               guint           t,
               const TsOption *o)
{
  const TsServer *sv = o->server;

  if (sv->cooling != NULL)
    ts_specsheet_add_pair (self, t, _("Cooling"), g_strdup (g_strcmp0 (sv->cooling, "air") == 0 ? _("Air")
                                                            : g_strcmp0 (sv->cooling, "liquid") == 0 ? _("Liquid")
                                                            /* Translators: a server cooled by cold plates on
                                                             * its chips and by air for the rest (GB200 NVL72) */
                                                            : g_strcmp0 (sv->cooling, "hybrid") == 0 ? _("Hybrid: cold plates and air")
                                                            : sv->cooling));
  if (o->cpu_cores_per_gpu > 0)
    ts_specsheet_add_pair (self, t, _("CPU cores per GPU"), ts_format_number_auto (o->cpu_cores_per_gpu, 1));
  if (o->host_ram_needed_bytes > 0)
    ts_specsheet_add_pair (self, t, _("Server RAM needed"), ts_format_gb (o->host_ram_needed_bytes));
}

void
ts_specsheet_build_configuration (TsSpecsheet *self)
{
  const TsOption *o = ts_plan_get_shown_option (self->plan);
  const char *mark, *gpu_mark;
  guint t;

  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: the server configuration the document proposes */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Recommended configuration"));

  if (o == NULL)
    {
      ts_specsheet_add_text (self, BLOCK_TEXT, _("No server from the catalog was evaluated for this scenario, so there is "
                                                 "no configuration to show. Choose a server or let Train Sizer recommend one."));
      return;
    }

  {
    g_autofree char *name = ts_format_name (o->server->name);

    ts_specsheet_add_printf (self, BLOCK_SUBHEADING, "%u × %s", o->servers, name);
  }

  mark = ts_specsheet_confidence_mark (o->server->prov.confidence);
  gpu_mark = o->server->gpu != NULL ? ts_specsheet_confidence_mark (o->server->gpu->prov.confidence) : "";
  t = ts_specsheet_begin_pairs (self);
  add_compute_rows (self, t, o, mark);
  add_host_rows (self, t, o, mark);
  add_power_rows (self, t, o, mark);
  add_price_rows (self, t, o, mark);
  add_site_rows (self, t, o);
  ts_specsheet_add_estimates_note (self);
  if (*mark != '\0' || *gpu_mark != '\0')
    ts_specsheet_add_text (self, BLOCK_NOTE, _("* Not verified against a vendor document; confirm before ordering."));
}

/* The gradient synchronisation as the step model times it (docs/sizing-
 * model.md §8.1): what the backward pass does not hide, the figure the
 * step's communication holds, beside the whole transfer, labelled as
 * such; and the step it is part of. Nothing when data parallelism keeps
 * one copy: no gradients are synchronised. */
static void
build_gradient_sync (TsSpecsheet    *self,
                     guint           t,
                     const TsOption *o)
{
  if (o->step.seconds <= 0)
    return;
  if (o->memory.layout.dp > 1 && o->step.dp_comm > 0)
    {
      ts_specsheet_add_pair (self, t, _("Gradient sync per step, not hidden by the backward pass"),
                             ts_specsheet_with_unit (ts_format_number_auto (o->step.dp_exposed, 2), C_("unit", "s")));
      ts_specsheet_add_pair (self, t, _("Gradient transfer per step, overlapped with the backward pass"),
                             ts_specsheet_with_unit (ts_format_number_auto (o->step.dp_comm, 2), C_("unit", "s")));
    }
  else
    ts_specsheet_add_pair (self, t, _("Gradient sync per step"),
                           g_strdup (_("None: one copy of the model (data parallel 1)")));
  /* Translators: the row of the step summary: “Step 9.19 s: compute 8.4 s, …” */
  ts_specsheet_add_pair (self, t, _("One training step"), ts_option_dup_step_summary (o));
}

/* The compute fabric's tiers as the reference architectures build them:
 * scalable units, cables per tier, transceivers (docs/cluster-fabric.md). */
static void
add_fabric_rows (TsSpecsheet    *self,
                 guint           t,
                 const TsOption *o)
{
  g_autofree char *node_leaf = ts_format_number (o->fabric.cables_node_leaf, 0);
  g_autofree char *leaf_spine = ts_format_number (o->fabric.cables_leaf_spine, 0);
  g_autofree char *spine_core = ts_format_number (o->fabric.cables_spine_core, 0);
  char *cables;

  /* Translators: the compute fabric's scalable units: “16 units of 32 servers, 8 rails” */
  ts_specsheet_add_pair (self, t, _("Scalable units"),
                         g_strdup_printf (ngettext ("%u unit of %u servers, %u rails", "%u units of %u servers, %u rails",
                                                    o->fabric.sus),
                                          o->fabric.sus, o->fabric.nodes_per_su, o->fabric.rails));
  if (o->fabric.cables_spine_core > 0)
    /* Translators: cables per tier of the compute fabric */
    cables = g_strdup_printf (_("%s node–leaf, %s leaf–spine, %s spine–core"), node_leaf, leaf_spine, spine_core);
  else
    /* Translators: cables per tier of the compute fabric */
    cables = g_strdup_printf (_("%s node–leaf, %s leaf–spine"), node_leaf, leaf_spine);
  ts_specsheet_add_pair (self, t, _("Cables"), cables);
  ts_specsheet_add_pair (self, t, _("Transceivers"), ts_specsheet_format_count (o->transceivers));
}

/* The fabric's switch as its catalog record describes it. */
static void
add_switch_row (TsSpecsheet     *self,
                guint            t,
                const TsNetwork *net)
{
  g_autofree char *ports = g_strdup_printf (ngettext ("%u port", "%u ports", net->switch_ports),
                                            net->switch_ports);
  g_autofree char *watts = ts_specsheet_with_unit (ts_format_number (net->switch_power_w, 0), C_("unit", "W"));

  /* Translators: a fabric switch: “NVIDIA Quantum-2 QM9700: 64 ports, 1U, 1,500 W” */
  ts_specsheet_add_figure (self, t, _("Switch model"),
                           g_strdup_printf (_("%s: %s, %uU, %s"), net->switch_model, ports, net->switch_rack_units, watts),
                           &net->prov, "switch_ports switch_rack_units switch_power_w");
}

static void
build_network (TsSpecsheet    *self,
               const TsOption *o)
{
  guint t;

  /* Translators: heading: the network between servers */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Network"));
  if (o != NULL && o->servers > 1 && o->compute_ports > 0)
    {
      g_autofree char *gbps = ts_format_gbps (o->port_gbps);

      t = ts_specsheet_begin_pairs (self);
      ts_specsheet_add_pair (self, t, _("Compute fabric"),
                             o->server->network != NULL ? g_strdup (o->server->network->name) : NULL);
      ts_specsheet_add_pair (self, t, _("Compute ports"), g_strdup_printf ("%u × %s", o->compute_ports, gbps));
      ts_specsheet_add_pair (self, t, _("Leaf switches"), ts_specsheet_format_count (o->leaf_switches));
      ts_specsheet_add_pair (self, t, _("Spine switches"), ts_specsheet_format_count (o->spine_switches));
      if (o->core_switches > 0)
        ts_specsheet_add_pair (self, t, _("Core switches"), ts_specsheet_format_count (o->core_switches));
      if (o->fabric.tiers >= 2)
        add_fabric_rows (self, t, o);
      if (o->server->network != NULL && o->server->network->switch_model != NULL)
        add_switch_row (self, t, o->server->network);
      if (o->server->network != NULL && o->server->network->nic_model != NULL)
        ts_specsheet_add_pair (self, t, _("Network adapter"), g_strdup (o->server->network->nic_model));
      build_gradient_sync (self, t, o);
      ts_specsheet_add_estimates_note (self);
    }
  else if (o != NULL)
    ts_specsheet_add_text (self, BLOCK_TEXT, _("One server: the GPUs exchange over the server’s own link; "
                                               "no compute fabric between servers is needed."));
  else
    ts_specsheet_add_text (self, BLOCK_TEXT, _("Not evaluated: no hardware option."));
  ts_specsheet_add_text (self, BLOCK_BULLET, _("One 400 Gb/s port per GPU is the usual design of a training cluster "
                                               "(InfiniBand NDR or Ethernet with RoCE), with GPUDirect RDMA."));
  ts_specsheet_add_text (self, BLOCK_BULLET, _("Separate storage and management networks, so data loading does not "
                                               "disturb gradient synchronisation."));
}

/* What the run's checkpoints ask of the storage: the interval, the
 * interruptions, capacity and bandwidth, and the system that meets them. */
static void
add_goodput_rows (TsSpecsheet    *self,
                  guint           t,
                  const TsOption *o)
{
  const TsGoodput *g = &o->goodput;

  /* docs/goodput.md: the interval, the interruptions and the storage
   * the run's checkpoints need */
  ts_specsheet_add_pair (self, t, _("Mean time between interruptions"), ts_goodput_dup_duration (g->mtbi_hours * 3600));
  ts_specsheet_add_pair (self, t, _("Checkpoint interval (Young/Daly)"), ts_goodput_dup_duration (g->checkpoint_interval_seconds));
  ts_specsheet_add_pair (self, t, _("Restart after an interruption"), ts_goodput_dup_duration (g->restart_seconds));
  {
    g_autofree char *label = g_strdup_printf (ngettext ("Storage capacity (%u checkpoint and the data)",
                                                        "Storage capacity (%u checkpoints and the data)",
                                                        g->checkpoints_kept), g->checkpoints_kept);

    ts_specsheet_add_pair (self, t, label, ts_format_gb (g->storage_capacity_bytes));
  }
  ts_specsheet_add_pair (self, t, _("Storage write bandwidth for the interval"),
                         ts_goodput_dup_bandwidth (g->storage_write_bytes_s));
  ts_specsheet_add_pair (self, t, _("Storage read bandwidth for the data"),
                         ts_goodput_dup_bandwidth (g->storage_read_bytes_s));
  /* the catalog's system that meets it, or the need restated
   * (docs/goodput.md §5); its draw is counted in the site's power */
  if (o->storage_applies)
    {
      ts_specsheet_add_pair (self, t, _("Storage system"), ts_storage_dup_value (&o->storage));
      if (o->storage.system != NULL)
        ts_specsheet_add_pair (self, t, _("Checkpoint written to the storage system"),
                               ts_goodput_dup_duration (g->two_tier ? g->drain_seconds : g->checkpoint_seconds));
    }
}

static void
build_storage (TsSpecsheet    *self,
               const TsOption *o)
{
  guint t;

  /* Translators: heading: checkpoints and dataset storage */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Storage"));
  t = ts_specsheet_begin_pairs (self);
  ts_specsheet_add_pair (self, t, _("One checkpoint (weights and optimizer state)"),
                         ts_format_gb (o != NULL && o->checkpoint_bytes > 0 ? o->checkpoint_bytes
                                                                             : ts_plan_get_memory (self->plan)->checkpoint_bytes));
  if (o != NULL && o->checkpoints_on_nvme > 0)
    ts_specsheet_add_pair (self, t, _("Checkpoints that fit on local NVMe"), ts_format_number (floor (o->checkpoints_on_nvme), 0));
  if (o != NULL && o->checkpoint_write_seconds > 0)
    ts_specsheet_add_pair (self, t, _("Time to write one checkpoint"),
                           ts_specsheet_with_unit (ts_format_number_auto (o->checkpoint_write_seconds, 1), C_("unit", "s")));
  if (o != NULL && o->dataset_bytes > 0)
    ts_specsheet_add_pair (self, t, _("Dataset on disk"), ts_format_gb (o->dataset_bytes));
  if (o != NULL && o->training_days > 0)
    add_goodput_rows (self, t, o);
  ts_specsheet_add_text (self, BLOCK_BULLET, _("Fast local NVMe for checkpoints; for a cluster, a separate storage system "
                                               "on its own network."));
}

void
ts_specsheet_build_network_storage (TsSpecsheet *self)
{
  const TsOption *o = ts_plan_get_shown_option (self->plan);

  build_network (self, o);
  build_storage (self, o);
}
