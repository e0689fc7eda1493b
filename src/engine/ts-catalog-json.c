/* ts-catalog-json.c — the catalog's records as JSON: the models, servers
 * and GPUs that `trainsizer-cli list … --format json` prints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-catalog"

#include "config.h"

#include "ts-catalog-json.h"
#include "ts-json.h"
#include "ts-memory.h"
#include "ts-recommend.h"

JsonNode *
ts_catalog_models_to_json (const TsCatalog *catalog)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < ts_catalog_get_n_models (catalog); i++)
    ts_model_to_json (&ts_catalog_get_model (catalog, i)->model, b);
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

JsonNode *
ts_catalog_servers_to_json (const TsCatalog *catalog)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *s = ts_catalog_get_server (catalog, i);

      json_builder_begin_object (b);
      ts_json_add_string (b, "id", s->id);
      ts_json_add_string (b, "name", s->name);
      ts_json_add_string (b, "vendor", s->vendor);
      ts_json_add_string (b, "kind", s->kind);
      json_builder_set_member_name (b, "article");
      json_builder_add_boolean_value (b, s->article);
      ts_json_add_string (b, "gpu_id", s->gpu_id);
      ts_json_add_double (b, "gpu_count", s->gpu_count);
      ts_json_add_double (b, "gpu_memory_label_gb", s->gpu_memory_label_gb);
      ts_json_add_double (b, "gpu_memory_bytes", s->gpu->memory_bytes * s->gpu_count);
      ts_json_add_string (b, "interconnect_id", s->interconnect_id);
      ts_json_add_string (b, "cpu_model", s->cpu_model);
      ts_json_add_double (b, "cpu_sockets", s->cpu_sockets);
      ts_json_add_double (b, "cpu_cores", (double) s->cpu_sockets * s->cpu_cores_per_socket);
      ts_json_add_double (b, "ram_gb", s->ram_gb);
      ts_json_add_double (b, "ram_gb_max", s->ram_gb_max);
      ts_json_add_double (b, "nvme_data_count", s->nvme_data_count);
      ts_json_add_double (b, "nvme_data_tb_each", s->nvme_data_tb_each);
      ts_json_add_double (b, "compute_nic_count", s->compute_nic_count);
      ts_json_add_double (b, "compute_nic_gbps", s->compute_nic_gbps);
      ts_json_add_string (b, "network_id", s->network_id);
      ts_json_add_double (b, "psu_count", s->psu_count);
      ts_json_add_double (b, "psu_w", s->psu_w);
      ts_json_add_string (b, "psu_redundancy", s->psu_redundancy);
      ts_json_add_double (b, "max_power_kw", s->max_power_kw);
      ts_json_add_double (b, "heat_btu_h", ts_server_heat_btu_h (catalog, s));
      ts_json_add_double (b, "rack_units", s->rack_units);
      ts_json_add_double (b, "height_mm", s->height_mm);
      ts_json_add_double (b, "weight_kg", s->weight_kg);
      ts_json_add_string (b, "cooling", s->cooling);
      ts_json_add_string (b, "confidence", ts_confidence_to_string (s->prov.confidence));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

JsonNode *
ts_catalog_gpus_to_json (const TsCatalog *catalog)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < ts_catalog_get_n_gpus (catalog); i++)
    {
      const TsGpu *g = ts_catalog_get_gpu (catalog, i);

      json_builder_begin_object (b);
      ts_json_add_string (b, "id", g->id);
      ts_json_add_string (b, "name", g->name);
      ts_json_add_string (b, "vendor", g->vendor);
      ts_json_add_string (b, "architecture", g->architecture);
      ts_json_add_string (b, "form_factor", g->form_factor);
      ts_json_add_double (b, "memory_gib", g->memory_gib);
      ts_json_add_double (b, "memory_bytes", g->memory_bytes);
      ts_json_add_string (b, "memory_type", g->memory_type);
      ts_json_add_double (b, "memory_bw_tb_s", g->memory_bw_tb_s);
      ts_json_add_double (b, "tflops_bf16", g->tflops_bf16);
      ts_json_add_double (b, "tflops_fp8", g->tflops_fp8);
      ts_json_add_double (b, "tdp_w", g->tdp_w);
      ts_json_add_string (b, "interconnect_id", g->interconnect_id);
      ts_json_add_string (b, "confidence", ts_confidence_to_string (g->prov.confidence));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}
