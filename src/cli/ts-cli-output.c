/* ts-cli-output.c — what trainsizer-cli prints and writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "ts-cli-output.h"
#include "ts-cli-text.h"
#include "ts-csv.h"
#include "ts-plan-text.h"
#include "ts-validation.h"
#include "ts-json.h"
#ifdef TS_CLI_WITH_RENDER
#include "ts-render.h"
#include "ts-specsheet.h"
#endif

static void
print_json (JsonNode *root)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;
  g_autofree char *safe = NULL;

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  safe = ts_cli_escape_json_text (text);
  fputs (safe, stdout);
  fputc ('\n', stdout);
}


/* Width of the component column in the text output, in characters. */
#define COMPONENT_COLUMN 28

/* printf pads by bytes, and a Cyrillic letter takes two, so the Russian
 * column came out ragged: pad by characters instead. */
static void
print_padded (const char *text,
              glong       width)
{
  glong length = g_utf8_strlen (text, -1);

  g_print ("  %s", text);
  for (glong i = length; i < width; i++)
    g_print (" ");
}

/* Width of a value column of the memory table, in characters. */
#define VALUE_COLUMN 14

static void
print_right (const char *text,
             glong       width)
{
  for (glong i = g_utf8_strlen (text, -1); i < width; i++)
    g_print (" ");
  g_print ("%s", text);
}

/* One line of text that may quote a file's strings; nothing for NULL. */
static void
print_escaped_line (const char *indent,
                    const char *text)
{
  g_autofree char *safe = ts_cli_escape_for_terminal (text);

  if (safe != NULL)
    g_print ("%s%s\n", indent, safe);
}

/* A deadline no number of these servers meets: said in words, never as a
 * count. */
static void
print_deadline (const TsScenario *s,
                const TsOption   *o)
{
  g_autofree char *days = NULL;

  if (s->deadline_days <= 0 || o->training_flops <= 0 || o->deadline_reachable)
    return;
  days = ts_format_days (s->deadline_days);
  g_print ("      ! ");
  /* Translators: %s is a duration such as “3 d” */
  g_print (_("The deadline of %s cannot be met with this server, at any number of them"), days);
  g_print ("\n");
}

/* The option's first lines: its count, server and verdict, then why
 * it fails, what fails and what to change. */
static void
print_option_head (const TsOption *o)
{
  g_autofree char *reason = ts_option_dup_reason (o);
  g_autofree char *suggestion = ts_option_dup_suggestion (o);
  g_autoptr(GPtrArray) failures = ts_option_dup_failures (o);
  /* the same words as the spec sheet's (“Рабочая станция”, not “Workstation”) */
  g_autofree char *shown_name = ts_format_name (o->server->name);
  g_autofree char *server_name = ts_cli_escape_for_terminal (shown_name);

  /* Three spaces: the component table above owns the two-space rows. */
  g_print ("   %s %u × %s — %s\n", o->recommended ? "★" : " ", o->servers, server_name,
           /* the option's one verdict, as every surface shows it (issue 28) */
           ts_option_verdict_label (o));
  /* the engine's sentences quote catalog names: escaped as a whole */
  print_escaped_line ("      ", reason);
  for (guint i = 0; i < failures->len; i++)
    print_escaped_line ("      ✗ ", g_ptr_array_index (failures, i));
  print_escaped_line ("      ", suggestion);
}

/* Power, heat, cooling and current, then racks, on one line. */
static void
print_power_line (const TsOption *o)
{
  g_autofree char *kw = ts_format_kw (o->power_kw);
  g_autofree char *btu = ts_format_btu_h (o->heat_btu_h);
  g_autofree char *tons = ts_format_tons (o->cooling_tons);
  g_autofree char *amps = ts_format_amps (o->amps_per_phase);
  g_autofree char *volts = ts_format_number_auto (o->line_voltage, 0);

  g_print ("      ");
  /* Translators: “14.3 kW, 48,794 BTU/h (4.07 t); 20.6 A per phase at 400 V, 3 phases” */
  g_print (ngettext ("%s, %s (%s); %s per phase at %s V, %u phase", "%s, %s (%s); %s per phase at %s V, %u phases",
                     o->phases),
           kw, btu, tons, amps, volts, o->phases);
  g_print ("; ");
  /* Translators: “2 racks, 43U” */
  g_print (ngettext ("%u rack, %uU", "%u racks, %uU", o->racks), o->racks, o->rack_units);
  g_print ("\n");
}

/* The compute network, where the option has more than one server. */
static void
print_network_line (const TsOption *o)
{
  g_autofree char *network_name = NULL;

  if (o->servers <= 1 || o->network == NULL)
    return;
  network_name = ts_cli_escape_for_terminal (o->network->name);
  g_print ("      ");
  /* Translators: “40 × 400 Gb/s InfiniBand NDR 400G ports, 1 leaf and 0 spine switches” */
  g_print (_("%u compute ports on %s, %u leaf and %u spine switches, separate storage and management networks"),
           o->compute_ports, network_name, o->leaf_switches, o->spine_switches);
  g_print ("\n");
}

/* The training's days, energy and its cost (the scenario gives the
 * tokens). */
static void
print_training_line (const TsScenario *s,
                     const TsOption   *o)
{
  g_autofree char *days = ts_format_days (o->training_days);
  g_autofree char *tokens = ts_format_params (ts_scenario_tokens (s));

  g_print ("      ");
  /* Translators: “Training 10B tokens: about 10.1 days” */
  g_print (_("Training %s tokens: about %s"), tokens, days);
  if (o->energy_kwh > 0)
    {
      g_autofree char *kwh = ts_format_kwh (o->energy_kwh);

      g_print ("; %s", kwh);
      if (o->energy_cost > 0)
        {
          g_autofree char *cost = ts_format_money (o->energy_cost, s->currency);
          g_autofree char *safe_cost = ts_cli_escape_for_terminal (cost);

          g_print (", %s", safe_cost);
        }
      /* and the draw it is counted at (docs/facility.md §7) */
      g_print (" %s", ts_option_energy_basis (o));
    }
  g_print ("\n");
}

/* The planner's layout, its step and its place (issue 17): the engine's
 * one-line summaries, each escaped. */
static void
print_plan_lines (const TsOption *o)
{
  g_autofree char *layout = ts_option_dup_layout_summary (o);
  g_autofree char *step = ts_option_dup_step_summary (o);
  g_autofree char *rank = ts_option_dup_rank_reason (o);
  g_autofree char *price = ts_option_dup_price_summary (o);
  g_autofree char *wall = ts_goodput_dup_summary (&o->goodput);
  g_autofree char *goodput = ts_goodput_dup_detail (&o->goodput);
  g_autofree char *storage = ts_goodput_dup_storage (&o->goodput);
  g_autofree char *system = o->storage_applies ? ts_storage_dup_summary (&o->storage) : NULL;

  print_escaped_line ("      ", layout);
  print_escaped_line ("      ", step);
  print_escaped_line ("      ", wall);
  print_escaped_line ("      ", goodput);
  print_escaped_line ("      ", storage);
  if (system != NULL)
    print_escaped_line ("      ", system);
  print_escaped_line ("      ", price);
  print_escaped_line ("      ", rank);
}

static void
print_option_text (const TsPlan   *plan,
                   const TsOption *o)
{
  g_autoptr(GPtrArray) notes = ts_option_dup_notes (o);

  print_option_head (o);
  print_power_line (o);
  print_network_line (o);
  if (ts_scenario_tokens (plan->scenario) > 0)
    print_training_line (plan->scenario, o);
  print_deadline (plan->scenario, o);
  print_plan_lines (o);
  for (guint i = 0; i < notes->len; i++)
    print_escaped_line ("      ! ", g_ptr_array_index (notes, i));
}

/* The memory per component, per GPU and for the whole job: the spec
 * sheet's table (ts_plan_dup_memory_facts ()) without its share column
 * and sum row, which the line above it gives. */
static void
print_memory_table (const TsPlan *plan)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_memory_facts (plan);

  print_padded ("", COMPONENT_COLUMN);
  print_right (facts->columns[1], VALUE_COLUMN);
  print_right (facts->columns[2], VALUE_COLUMN);
  g_print ("\n");
  for (guint i = 0; i < facts->rows->len; i++)
    {
      const TsPlanRow *row = &g_array_index (facts->rows, TsPlanRow, i);

      if (row->emphasis)
        continue;
      print_padded (row->cells[0], COMPONENT_COLUMN);
      print_right (row->cells[1], VALUE_COLUMN);
      print_right (row->cells[2], VALUE_COLUMN);
      g_print ("\n");
    }
}

static void
print_plan_text (const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;
  const TsMemory *m = ts_plan_get_memory (plan);
  g_autofree char *rule = ts_format_gb_range (m->rule.low_bytes, m->rule.high_bytes);
  g_autofree char *headline = ts_plan_dup_headline (plan, FALSE);
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *total = ts_format_gb (ts_breakdown_sum (&m->total));
  g_autofree char *per_gpu = ts_format_gb (ts_breakdown_sum (&m->per_gpu));
  g_autofree char *gpus = ts_format_number (m->layout.gpus, 0);

  g_autofree char *subject = ts_plan_dup_subject (plan);
  g_autofree char *safe_subject = ts_cli_escape_for_terminal (subject);
  g_autofree char *safe_headline = ts_cli_escape_for_terminal (headline);

  g_print ("%s\n", safe_subject);
  /* The headline is whole sentences, each starting with a capital: the
   * verdict ends a sentence of its own before it (“Fits: For…” read as a
   * capital after a colon in Russian). */
  /* Translators: the plan's verdict (“Fits”), then the headline's sentences */
  g_print (_("%s. %s"), ts_plan_verdict_label (plan), safe_headline);
  g_print ("\n");
  /* Translators: the article's rule of thumb: weights, gradients and optimizer states, no activations */
  g_print ("%s: %s%s\n", _("Weights, gradients and optimizer (rule of thumb)"), rule,
           s->method == TS_METHOD_FULL ? "" : _(" + adapters"));
  /* the shown configuration's memory: per GPU (the busiest) and the
   * whole job (the sum over its GPUs, each stage its own share) */
  g_print (ngettext ("Detailed estimate on %s GPU: %s per GPU, %s whole job\n",
                     "Detailed estimate on %s GPUs: %s per GPU, %s whole job\n", m->layout.gpus),
           gpus, per_gpu, total);

  print_memory_table (plan);
  {
    /* the whole job's weights with the copies data parallelism keeps */
    g_autofree char *weights = ts_memory_dup_weights_sentence (m);

    g_print ("%s\n", weights);
  }

  if (plan->options->len > 0)
    {
      g_print ("\n%s\n", _("Hardware options:"));
      for (guint i = 0; i < plan->options->len; i++)
        print_option_text (plan, &g_array_index (plan->options, TsOption, i));
    }

  warnings = ts_plan_dup_warnings (plan);
  for (guint i = 0; i < warnings->len; i++)
    print_escaped_line ("! ", g_ptr_array_index (warnings, i));
}

void
ts_cli_print_plan (const TsPlan *plan,
                   TsCliFormat   format)
{
  if (format == TS_CLI_FORMAT_JSON)
    {
      g_autoptr(JsonNode) root = ts_plan_to_json (plan);

      print_json (root);
    }
  else if (format == TS_CLI_FORMAT_CSV)
    {
      /* the window's Export CSV writer, so a batch gets the same table */
      g_autofree char *csv = ts_plan_options_to_csv (plan);

      fputs (csv, stdout);
    }
  else
    print_plan_text (plan);
}

/* The vendor's per-GPU memory figure: that of a server of the catalog
 * holding the GPU (its datasheet's total ÷ its GPUs), 0 when none does. */
static double
gpu_vendor_gb (const TsCatalog *catalog,
               const TsGpu     *gpu)
{
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *s = ts_catalog_get_server (catalog, i);

      if (s->gpu == gpu && s->gpu_count > 0)
        return s->gpu_memory_label_gb / s->gpu_count;
    }
  return 0;
}

static void
list_models (const TsCatalog *catalog)
{
  for (guint i = 0; i < ts_catalog_get_n_models (catalog); i++)
    {
      const TsCatalogModel *m = ts_catalog_get_model (catalog, i);
      g_autofree char *params = ts_format_params (m->model.params);
      g_autofree char *id = ts_cli_escape_for_terminal (m->model.id);
      g_autofree char *name = ts_cli_escape_for_terminal (m->model.name);

      g_print ("%-24s %-28s %s%s\n", id, name, params,
               ts_architecture_is_moe (&m->model.arch) ? " MoE" : "");
    }
}

/* The storage systems the plans choose from (docs/goodput.md §5): one
 * appliance's capacity, bandwidth, height and draw. */
static void
list_storage (const TsCatalog *catalog)
{
  for (guint i = 0; i < ts_catalog_get_n_storage_systems (catalog); i++)
    {
      const TsStorageSystem *st = ts_catalog_get_storage_system (catalog, i);
      g_autofree char *id = ts_cli_escape_for_terminal (st->id);
      g_autofree char *line = ts_storage_dup_record (st);
      g_autofree char *text = ts_cli_escape_for_terminal (line);

      g_print ("%-28s %s\n", id, text);
    }
}

/* The famous published runs (issue 33 item 7): what --published-run
 * accepts. */
static JsonNode *
runs_to_json (const TsCatalog *catalog)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < ts_published_runs_count (); i++)
    {
      const TsPublishedRun *r = ts_published_run (i);
      g_autofree char *title = NULL;
      TsRunCheck c;

      if (!ts_published_run_is_famous (r) || !ts_published_run_check (catalog, r, FALSE, &c))
        continue;
      title = ts_published_run_dup_title (catalog, r);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, r->id);
      json_builder_set_member_name (b, "title");
      json_builder_add_string_value (b, title);
      json_builder_set_member_name (b, "model");
      json_builder_add_string_value (b, r->model_id);
      json_builder_set_member_name (b, "gpus");
      json_builder_add_int_value (b, r->gpus);
      json_builder_set_member_name (b, "train_tokens");
      json_builder_add_double_value (b, r->train_tokens);
      json_builder_set_member_name (b, "published_tokens_per_gpu");
      json_builder_add_double_value (b, c.published);
      json_builder_set_member_name (b, "predicted_tokens_per_gpu");
      json_builder_add_double_value (b, c.predicted);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, r->source);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

static void
list_runs (const TsCatalog *catalog)
{
  for (guint i = 0; i < ts_published_runs_count (); i++)
    {
      const TsPublishedRun *r = ts_published_run (i);
      g_autofree char *title = NULL;

      if (!ts_published_run_is_famous (r))
        continue;
      title = ts_published_run_dup_title (catalog, r);
      g_print ("%-22s %s\n", r->id, title);
    }
}

void
ts_cli_print_list (const TsCatalog *catalog,
                   const char      *what,
                   TsCliFormat      format)
{
  if (format == TS_CLI_FORMAT_JSON)
    {
      g_autoptr(JsonNode) root = NULL;

      if (g_strcmp0 (what, "runs") == 0)
        root = runs_to_json (catalog);
      else if (g_strcmp0 (what, "models") == 0)
        root = ts_catalog_models_to_json (catalog);
      else if (g_strcmp0 (what, "servers") == 0)
        root = ts_catalog_servers_to_json (catalog);
      else if (g_strcmp0 (what, "storage") == 0)
        root = ts_catalog_storage_to_json (catalog);
      else
        root = ts_catalog_gpus_to_json (catalog);
      print_json (root);
      return;
    }

  if (g_strcmp0 (what, "runs") == 0)
    list_runs (catalog);
  else if (g_strcmp0 (what, "models") == 0)
    list_models (catalog);
  else if (g_strcmp0 (what, "storage") == 0)
    list_storage (catalog);
  else if (g_strcmp0 (what, "servers") == 0)
    for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
      {
        const TsServer *s = ts_catalog_get_server (catalog, i);
        g_autofree char *power = ts_format_kw (s->max_power_kw);
        g_autofree char *id = ts_cli_escape_for_terminal (s->id);
        g_autofree char *name = ts_cli_escape_for_terminal (s->name);
        g_autofree char *gpu_name = ts_cli_escape_for_terminal (s->gpu->name);
        g_autofree char *memory = ts_server_dup_memory_text (s);

        g_print ("%-28s %-36s %u × %-22s %4uU %s; %s\n", id, name, s->gpu_count, gpu_name, s->rack_units, power,
                 memory);
      }
  else
    for (guint i = 0; i < ts_catalog_get_n_gpus (catalog); i++)
      {
        const TsGpu *g = ts_catalog_get_gpu (catalog, i);
        g_autofree char *memory = ts_gpu_dup_memory_text (g, gpu_vendor_gb (catalog, g));
        g_autofree char *id = ts_cli_escape_for_terminal (g->id);
        g_autofree char *name = ts_cli_escape_for_terminal (g->name);

        g_print ("%-22s %-36s %s\n", id, name, memory);
      }
}

#ifdef TS_CLI_WITH_RENDER
gboolean
ts_cli_write_pdf (const TsPlan    *plan,
                  const TsCliArgs *args,
                  GError         **error)
{
  /* the page in --lang (main () chose it for the process too; NULL: the
   * process's language) */
  g_autoptr(TsSpecsheet) sheet = NULL;

  /* checked before the work of a document, and again before the rename */
  if (!ts_atomic_file_check_target (args->output_path, error))
    return FALSE;
  sheet = ts_specsheet_new (plan, args->lang, NULL);
  {
    /* the vendor comes from the catalog's record; the customer and the
     * project are the document's. The record's logo is named here again
     * so that one which cannot be read (a broken or hostile SVG) fails
     * the command with its reason instead of leaving the sheet without
     * it unnoticed. */
    TsBranding branding = {
      .customer = args->customer,
      .project = args->project,
      .logo_path = ts_catalog_get_vendor_logo (plan->catalog),
    };

    if (!ts_specsheet_set_branding (sheet, &branding, error))
      return FALSE;
  }
  return ts_specsheet_write_pdf (sheet, args->output_path, error);
}

/* The width of a drawing written by `draw` when none is asked for: a
 * full-HD screen's width, wide enough for the comparison's every column. */
#define TS_CLI_DRAWING_WIDTH 1280

typedef struct
{
  TsDrawing      drawing;
  const TsPlan  *plan;
  gboolean       svg;
  double         width;
  double         height;
  TsRenderStyle  style;
} DrawingJob;

/* A drawing's own height grows with the plan (a rack of 12,500 servers):
 * bounded like a height that is asked for. */
static gboolean
check_drawing_size (double   width,
                    double   height,
                    GError **error)
{
  if (height > TS_CLI_MAX_DRAWING_SIDE || width * height > TS_CLI_MAX_DRAWING_PIXELS)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   /* Translators: “The drawing would be 1280 × 90000 pixels: at most 8192 a side and 33554432 in all; give --height” */
                   _("The drawing would be %.0f × %.0f pixels: at most %u a side and %u in all; give --height"),
                   width, ceil (height), TS_CLI_MAX_DRAWING_SIDE, TS_CLI_MAX_DRAWING_PIXELS);
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_one_drawing (DrawingJob  *job,
                   const char  *path,
                   gboolean     svg,
                   GError     **error)
{
  if (path == NULL)
    return TRUE;
  job->svg = svg;
  return ts_render_export (job->drawing, job->plan, -1, path, svg, job->width, job->height, &job->style, error);
}

gboolean
ts_cli_write_drawing (const TsPlan    *plan,
                      const TsCliArgs *args,
                      GError         **error)
{
  DrawingJob job = { TS_DRAWING_MEMORY, plan, FALSE, 0, 0 };

  job.width = args->width > 0 ? args->width : TS_CLI_DRAWING_WIDTH;
  if (args->drawing != NULL && !ts_drawing_from_string (args->drawing, &job.drawing))
    {
      g_autofree char *names = ts_drawing_dup_names (", ");

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Option --drawing accepts %s; not “%s”"), names, args->drawing);
      return FALSE;
    }
  ts_render_style_init (&job.style, FALSE);
  /* 0: the drawing's own height at that width, fixed here for both files */
  job.height = args->height > 0 ? args->height
                                : ts_render_drawing_height (job.drawing, plan, -1, job.width, &job.style);

  if (!check_drawing_size (job.width, job.height, error)
      || !ts_atomic_file_check_target (args->png_path != NULL ? args->png_path : args->svg_path, error)
      || (args->png_path != NULL && args->svg_path != NULL && !ts_atomic_file_check_target (args->svg_path, error)))
    return FALSE;
  return write_one_drawing (&job, args->png_path, FALSE, error)
         && write_one_drawing (&job, args->svg_path, TRUE, error);
}
#endif
