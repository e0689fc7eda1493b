/* ts-render-fixture.c — plans with hand-made hardware options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-render-fixture.h"

#define SECONDS_PER_DAY  86400.0
#define HOURS_PER_DAY    24.0

static void
add_device (TsRack       *rack,
            TsDeviceRole  role,
            const char   *name,
            guint         u_bottom,
            guint         u_height,
            double        power_kw,
            double        weight_kg)
{
  TsRackDevice d = { role, name, u_bottom, u_height, power_kw, weight_kg };

  g_array_append_val (rack->devices, d);
  if (u_height > 0)
    rack->used_units += u_height;
  rack->power_kw += power_kw;
  rack->weight_kg += weight_kg;
}

guint
ts_render_fixture_servers_per_rack (const TsServer *server,
                                    guint           rack_units)
{
  guint by_power = (guint) MAX (1, floor (FIXTURE_RACK_KW / server->max_power_kw));
  guint by_height = MAX (1, (rack_units - 2) / server->rack_units);

  return MIN (by_power, by_height);
}

static GArray *
place_racks (const TsServer *server,
             guint           servers,
             guint           rack_units,
             double          rack_kw,
             double          btu_h_per_kw)
{
  GArray *racks = g_array_new (FALSE, TRUE, sizeof (TsRack));
  guint per_rack = ts_render_fixture_servers_per_rack (server, rack_units);
  guint left = servers;

  while (left > 0)
    {
      TsRack rack = { 0 };
      guint n = MIN (left, per_rack);

      rack.devices = g_array_new (FALSE, TRUE, sizeof (TsRackDevice));
      rack.units = rack_units;
      rack.limit_kw = rack_kw;
      add_device (&rack, TS_DEVICE_PDU, "PDU A", 0, 0, 0, 10);
      add_device (&rack, TS_DEVICE_PDU, "PDU B", 0, 0, 0, 10);
      for (guint i = 0; i < n; i++)
        add_device (&rack, TS_DEVICE_SERVER, server->name, 1 + i * server->rack_units, server->rack_units,
                    server->max_power_kw, server->weight_kg);
      rack.servers = n;
      if (servers > 1)
        add_device (&rack, TS_DEVICE_LEAF_SWITCH, "Leaf switch", rack_units - 1, 1, 0, 0);
      add_device (&rack, TS_DEVICE_MANAGEMENT_SWITCH, "Management switch", rack_units, 1, 0, 0);
      rack.heat_btu_h = rack.power_kw * btu_h_per_kw;
      g_array_append_val (racks, rack);
      left -= n;
    }
  return racks;
}

/* How the option's heat leaves, from the busiest rack of the fixture's
 * own placement, the cold plates taking the GPUs' heat as the engine
 * counts it (docs/facility.md). */
static void
fill_facility (const TsPlan   *plan,
               TsOption       *o,
               const TsServer *server)
{
  TsFacilityInput in = {
    .server_cooling = server->cooling,
    .server_kw = server->max_power_kw,
    .server_liquid_kw = server->gpu != NULL ? server->gpu_count * server->gpu->tdp_w / 1000.0 : 0,
    .servers = o->servers,
    .total_kw = o->power_kw,
    .site = plan->scenario->site_cooling,
    .air_rack_kw = plan->scenario->air_rack_kw,
  };

  for (guint i = 0; i < o->rack_detail->len; i++)
    {
      const TsRack *r = &g_array_index (o->rack_detail, TsRack, i);
      if (r->power_kw > in.rack_kw)
        {
          in.rack_kw = r->power_kw;
          in.rack_servers = r->servers;
        }
      in.rack_kg = MAX (in.rack_kg, r->weight_kg);
    }
  ts_facility_compute (&in, &o->facility);
  o->site_air_rack_kw = plan->scenario->air_rack_kw;
  ts_option_mark_water_racks (o);
}

static void
fill_option (const TsPlan   *plan,
             TsOption       *o,
             const TsServer *server,
             guint           servers)
{
  const TsScenario *s = plan->scenario;
  double btu_per_kw = ts_catalog_get_btu_h_per_kw (plan->catalog);
  double per_gpu;
  TsLayout layout;

  memset (o, 0, sizeof *o);
  o->server = server;
  o->servers = servers;
  o->gpus = servers * server->gpu_count;
  ts_layout_resolve (s, o->gpus, &layout);
  ts_memory_compute (s, &layout, &o->memory);
  o->gpu_memory_bytes = server->gpu->memory_bytes;
  per_gpu = ts_breakdown_sum (&o->memory.per_gpu);
  o->headroom_bytes = o->gpu_memory_bytes - per_gpu;
  o->headroom_fraction = o->headroom_bytes / o->gpu_memory_bytes;
  o->verdict = o->headroom_fraction >= s->headroom_tight ? TS_VERDICT_FITS
               : o->headroom_fraction >= 0 ? TS_VERDICT_TIGHT : TS_VERDICT_DOES_NOT_FIT;
  o->fits = o->verdict != TS_VERDICT_DOES_NOT_FIT;
  /* a hand-made option is judged on memory alone: it works when it fits */
  o->ok = o->fits;
  o->failures = o->fits ? 0 : TS_FAILURE_MEMORY;
  o->interconnect_ok = server->interconnect != NULL && server->interconnect->training_capable;

  o->power_kw = servers * server->max_power_kw;
  o->heat_btu_h = o->power_kw * btu_per_kw;
  o->cooling_tons = o->heat_btu_h / ts_catalog_get_btu_h_per_ton (plan->catalog);
  /* balanced three phases, power factor 1: I = P / (3 × V_phase) */
  o->amps_per_phase = o->power_kw * 1000 / (3 * FIXTURE_VOLTAGE);
  o->feed_amps = o->amps_per_phase;
  o->rack_detail = place_racks (server, servers, s->rack_units, FIXTURE_RACK_KW, btu_per_kw);
  o->racks = o->rack_detail->len;
  o->rack_units = servers * server->rack_units;
  fill_facility (plan, o, server);

  o->training_flops = 6 * s->model.params * s->tokens;
  o->mfu = FIXTURE_MFU;
  o->training_days = o->training_flops / (o->gpus * server->gpu->tflops_bf16 * 1e12 * o->mfu) / SECONDS_PER_DAY;
  o->energy_kwh = o->power_kw * s->pue * o->training_days * HOURS_PER_DAY;
  o->energy_cost = o->energy_kwh * s->price_kwh;
  if (s->deadline_days > 0)
    o->servers_for_deadline = (guint) ceil (servers * o->training_days / s->deadline_days);
}

TsPlan *
ts_render_fixture_plan (TsCatalog  *catalog,
                        const char *model_id,
                        TsMethod    method,
                        const char *server_id,
                        guint       servers)
{
  g_autoptr(TsScenario) s = ts_scenario_new ();
  const TsCatalogModel *m = ts_catalog_find_model (catalog, model_id);
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  g_assert_nonnull (m);
  ts_scenario_set_model (s, &m->model);
  s->method = method;
  s->rack_kw = FIXTURE_RACK_KW;
  s->voltage = FIXTURE_VOLTAGE;
  s->phases = 3;
  s->price_kwh = FIXTURE_PRICE_KWH;
  ts_scenario_set_currency (s, "USD");
  s->deadline_days = 30;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);

  /* Whatever the engine recommends, the drawings get exactly these. */
  g_array_set_size (plan->options, 0);
  plan->recommended = -1;
  if (server_id != NULL)
    {
      ts_render_fixture_add_option (plan, server_id, servers);
      g_array_index (plan->options, TsOption, 0).recommended = TRUE;
      g_array_index (plan->options, TsOption, 0).rank = 1;
      plan->recommended = 0;
    }
  /* the plan's memory follows its shown option */
  ts_plan_choose_option (plan, -1);
  return plan;
}

void
ts_render_fixture_add_option (TsPlan     *plan,
                              const char *server_id,
                              guint       servers)
{
  const TsServer *server = ts_catalog_find_server (plan->catalog, server_id);
  TsOption o;

  g_assert_nonnull (server);
  fill_option (plan, &o, server, servers);
  o.rank = plan->options->len + 1;
  g_array_append_val (plan->options, o);
}
