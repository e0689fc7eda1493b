/* ts-cli-args.c — the command line of trainsizer-cli
 *
 * The option names are a public interface (scripts use them): add, never
 * rename.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ts-cli-args.h"

typedef gboolean (*ApplyFunc) (TsScenario      *s,
                               const TsCatalog *catalog,
                               const char      *value,
                               GError         **error);

typedef struct
{
  const char *name;
  const char *accepts;     /* what the value may be, for messages and help */
  const char *help;
  ApplyFunc   apply;
} ScenarioOption;

/* ---- value readers ---------------------------------------------------- */

/* A parse error (“1,500” is ambiguous) is passed on; a value out of range
 * leaves error unset, and the caller names the option and its range. */
static gboolean
read_uint (const char *value,
           guint       min,
           guint       max,
           guint      *out,
           GError    **error)
{
  double number;

  if (!ts_parse_whole (value, &number, error) || number < min || number > max)
    return FALSE;
  *out = (guint) number;
  return TRUE;
}

static gboolean
read_double (const char *value,
             double      min,
             double      max,
             double     *out,
             GError    **error)
{
  double number;

  if (!ts_parse_number (value, &number, error) || !(number >= min && number <= max))
    return FALSE;
  *out = number;
  return TRUE;
}

static gboolean
read_on_off (const char *value,
             gboolean   *out)
{
  if (g_strcmp0 (value, "on") == 0 || g_strcmp0 (value, "true") == 0 || g_strcmp0 (value, "yes") == 0)
    *out = TRUE;
  else if (g_strcmp0 (value, "off") == 0 || g_strcmp0 (value, "false") == 0 || g_strcmp0 (value, "no") == 0)
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* ---- scenario options ------------------------------------------------- */

static gboolean
apply_model (TsScenario *s, const TsCatalog *catalog, const char *value, GError **error)
{
  const TsCatalogModel *m = ts_catalog_find_model (catalog, value);

  if (m == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No model with the id “%s” is in the catalog (see “trainsizer-cli list models”)"), value);
      return FALSE;
    }
  ts_scenario_set_model (s, &m->model);
  return TRUE;
}

static gboolean
apply_params (TsScenario *s, const TsCatalog *catalog, const char *value, GError **error)
{
  double params;
  TsModel model;

  if (!ts_parse_count (value, &params, error))
    return FALSE;
  /* checked here so that the message quotes the count as typed (the
   * engine's own would print it as 1.01e+14) */
  if (!(params >= TS_MODEL_MIN_PARAMS && params <= TS_MODEL_MAX_PARAMS))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("a model has from 1M to 100T parameters"));
      return FALSE;
    }
  if (!ts_model_init_from_params (&model, params, error))
    return FALSE;
  ts_scenario_set_model (s, &model);
  ts_model_clear (&model);
  return TRUE;
}

/* --model-file FILE: a custom model's full architecture (ts-model-file.c). */
static gboolean
apply_model_file (TsScenario *s, const TsCatalog *catalog, const char *value, GError **error)
{
  TsModel model;

  if (value == NULL || *value == '\0' || !ts_model_load_file (&model, value, error))
    return FALSE;
  ts_scenario_set_model (s, &model);
  ts_model_clear (&model);
  return TRUE;
}

static gboolean
apply_method (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_method_from_string (v, &s->method);
}

static gboolean
apply_global_batch (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_GLOBAL_BATCH, &s->global_batch, e);
}

static gboolean
apply_objective (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_objective_from_string (v, &s->objective);
}

static gboolean
apply_seq_len (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_SEQ_LEN, &s->seq_len, e);
}

static gboolean
apply_micro_batch (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_MICRO_BATCH, &s->micro_batch, e);
}

static gboolean
apply_checkpointing (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_checkpointing_from_string (v, &s->checkpointing);
}

static gboolean
apply_flash_attention (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_on_off (v, &s->flash_attention);
}

static gboolean
apply_zero3_prefetch (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_on_off (v, &s->zero3_prefetch);
}

static gboolean
apply_sequence_parallel (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_on_off (v, &s->sequence_parallel);
}

static gboolean
apply_zero (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  guint stage;

  if (!read_uint (v, 0, 3, &stage, e))
    return FALSE;
  s->zero_stage = (int) stage;
  return TRUE;
}

static gboolean
apply_tp (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_GPUS, &s->tp, e);
}

static gboolean
apply_pp (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_GPUS, &s->pp, e);
}

static gboolean
apply_ep (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_GPUS, &s->ep, e);
}

static gboolean
apply_gpus (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_GPUS, &s->gpus, e);
}

/* --dp N: the data-parallel degree; the job's GPUs are dp × tp × pp. Only
 * read here: the product is formed and checked against --gpus once all
 * options are read (check_layout ()). */
static gboolean
apply_dp (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  guint dp;

  return read_uint (v, 1, TS_MAX_GPUS, &dp, e);
}

static gboolean
apply_optimizer (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_optimizer_from_string (v, &s->optimizer);
}

static gboolean
apply_precision (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_precision_from_string (v, &s->precision);
}

static gboolean
apply_grad_dtype (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_grad_dtype_from_string (v, &s->grad_dtype);
}

static gboolean
apply_offload (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_offload_from_string (v, &s->offload);
}

static gboolean
apply_lora_rank (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_LORA_RANK, &s->lora_rank, e);
}

static gboolean
apply_lora_targets (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return ts_lora_targets_from_string (v, &s->lora_targets);
}

static gboolean
apply_double_quant (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_on_off (v, &s->double_quant);
}

static gboolean
apply_paged_optimizer (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_on_off (v, &s->paged_optimizer);
}

static gboolean
apply_runtime_overhead (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  double gb;

  if (!read_double (v, 0, 1000, &gb, e))
    return FALSE;
  s->runtime_overhead_bytes = gb * TS_BYTES_PER_GB;
  return TRUE;
}

static gboolean
apply_fragmentation (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_double (v, 0, 1, &s->fragmentation, e);
}

static gboolean
apply_server (TsScenario *s, const TsCatalog *catalog, const char *value, GError **error)
{
  if (ts_catalog_find_server (catalog, value) == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No server or card with the id “%s” is in the catalog (see “trainsizer-cli list servers”)"),
                   value);
      return FALSE;
    }
  ts_scenario_set_server (s, value);
  return TRUE;
}

static gboolean
apply_servers (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, TS_MAX_GPUS, &s->servers, e);
}

static gboolean
apply_tokens (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  double tokens;

  if (!ts_parse_count (v, &tokens, e) || tokens > TS_MAX_TOKENS)
    return FALSE;
  s->tokens = tokens;
  return TRUE;
}

static gboolean
apply_deadline (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_double (v, 0, TS_MAX_DAYS, &s->deadline_days, e);
}

static gboolean
apply_rack_units (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_uint (v, 1, 100, &s->rack_units, e);
}

static gboolean
apply_rack_kw (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_double (v, 0.1, 10000, &s->rack_kw, e);
}

static gboolean
apply_voltage (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_double (v, 90, 1000, &s->voltage, e);
}

static gboolean
apply_phases (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  guint phases;

  if (!read_uint (v, 1, 3, &phases, e) || phases == 2)
    return FALSE;
  s->phases = phases;
  return TRUE;
}

static gboolean
apply_pue (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_double (v, 1, 5, &s->pue, e);
}

static gboolean
apply_price_kwh (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_double (v, 0, 1e6, &s->price_kwh, e);
}

/* A code or a sign (RUB, €, ₽) printed beside every cost: no spaces and
 * nothing that moves the cursor or turns the text around (control and
 * format characters such as U+202E), whatever the file or terminal.
 * The window's ts_scenario_check_currency () is meant to be the same
 * rule; the two are to be joined. */
static gboolean
apply_currency (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  gsize len = strlen (v);

  if (len < 1 || len > 8 || !g_utf8_validate (v, -1, NULL))
    return FALSE;
  for (const char *p = v; *p; p = g_utf8_next_char (p))
    {
      switch (g_unichar_type (g_utf8_get_char (p)))
        {
        case G_UNICODE_CONTROL:
        case G_UNICODE_FORMAT:
        case G_UNICODE_UNASSIGNED:
        case G_UNICODE_PRIVATE_USE:
        case G_UNICODE_SURROGATE:
        case G_UNICODE_LINE_SEPARATOR:
        case G_UNICODE_PARAGRAPH_SEPARATOR:
        case G_UNICODE_SPACE_SEPARATOR:
          return FALSE;
        default:
          break;
        }
    }
  ts_scenario_set_currency (s, v);
  return TRUE;
}

static gboolean
apply_headroom (TsScenario *s, const TsCatalog *c, const char *v, GError **e)
{
  return read_double (v, 0, 0.9, &s->headroom_tight, e);
}

static const ScenarioOption scenario_options[] = {
  { "--model", N_("a catalog model id"), N_("the model to train, from the catalog (see “list models”)"), apply_model },
  { "--params", N_("a parameter count such as 70B, 7.6e9 or 1.5T"), N_("a custom model known by its size only"), apply_params },
  { "--model-file", N_("a JSON model file"), N_("a custom model's architecture from a JSON file (layers, hidden_size, attention_heads, vocab_size, ffn_size, …)"), apply_model_file },
  { "--method", "full|lora|qlora", N_("full training, LoRA or QLoRA (default full)"), apply_method },
  { "--seq-len", N_("a whole number from 1 to 10000000"), N_("tokens per sequence (default 2048)"), apply_seq_len },
  { "--micro-batch", N_("a whole number from 1 to 65536"), N_("sequences per GPU per step (default 1)"), apply_micro_batch },
  { "--objective", "servers|time|cost|energy", N_("what ranks the options that work (default servers: the smallest hardware)"), apply_objective },
  { "--global-batch", N_("a whole number from 1 to 100000000"), N_("sequences per optimizer step (default 4M tokens for full training, 64 for LoRA/QLoRA)"), apply_global_batch },
  { "--checkpointing", "none|selective|full", N_("activation recomputation (default full)"), apply_checkpointing },
  { "--flash-attention", "on|off", N_("FlashAttention: no s² attention scores kept (default on)"), apply_flash_attention },
  { "--sequence-parallel", "on|off", N_("sequence parallelism with tensor parallelism (default off)"), apply_sequence_parallel },
  { "--zero", "0|1|2|3", N_("ZeRO/FSDP sharding stage (default 3 with more than one GPU)"), apply_zero },
  { "--prefetch", "on|off", N_("ZeRO-3/FSDP prefetch: the next layer is gathered early, two layers at once (default off)"), apply_zero3_prefetch },
  { "--tp", N_("a whole number from 1 to 100000"), N_("tensor parallel degree (default 1)"), apply_tp },
  { "--pp", N_("a whole number from 1 to 100000"), N_("pipeline parallel degree (default 1)"), apply_pp },
  { "--ep", N_("a whole number from 1 to 100000"), N_("expert parallel degree for MoE models (default 1)"), apply_ep },
  { "--dp", N_("a whole number from 1 to 100000"), N_("data parallel degree; GPUs = dp × tp × pp"), apply_dp },
  { "--gpus", N_("a whole number from 1 to 100000"), N_("GPUs of the job (default 1)"), apply_gpus },
  { "--optimizer", "adamw|adamw-8bit|adafactor|sgd|lion", N_("optimizer (default adamw)"), apply_optimizer },
  { "--precision", "bf16|fp16|fp8|fp32|pure-bf16", N_("training precision (default bf16 mixed precision)"), apply_precision },
  { "--grad-dtype", "bf16|fp32", N_("gradient data type: the article’s 16 (bf16) or 18 (fp32) bytes per parameter (default bf16)"), apply_grad_dtype },
  { "--offload", "none|optimizer", N_("move optimizer states to host RAM (default none)"), apply_offload },
  { "--lora-rank", N_("a whole number from 1 to 65536"), N_("LoRA rank (default 16)"), apply_lora_rank },
  { "--lora-targets", "qv|attention|all-linear", N_("layers LoRA adapts (default all-linear)"), apply_lora_targets },
  { "--double-quant", "on|off", N_("QLoRA double quantization (default on)"), apply_double_quant },
  { "--paged-optimizer", "on|off", N_("QLoRA paged 8-bit optimizer (default off)"), apply_paged_optimizer },
  { "--runtime-overhead", N_("gigabytes from 0 to 1000"), N_("CUDA/framework context per GPU in GB (default 1.5)"), apply_runtime_overhead },
  { "--fragmentation", N_("a fraction from 0 to 1"), N_("allocator fragmentation (default 0.05)"), apply_fragmentation },
  { "--server", N_("a catalog server id"), N_("evaluate only this server or card (see “list servers”)"), apply_server },
  { "--servers", N_("a whole number from 1 to 100000"), N_("evaluate every option at exactly this many servers"), apply_servers },
  { "--tokens", N_("a token count such as 10B"), N_("dataset tokens for the whole run (default 10B)"), apply_tokens },
  { "--deadline-days", N_("days from 0 to 36500"), N_("training deadline in days (default none)"), apply_deadline },
  { "--rack-units", N_("a whole number from 1 to 100"), N_("rack height in U (default 42)"), apply_rack_units },
  { "--rack-kw", N_("kilowatts from 0.1 to 10000"), N_("power limit per rack in kW (default 30)"), apply_rack_kw },
  { "--voltage", N_("volts from 90 to 1000"), N_("site voltage (default 230): for 1 phase the phase voltage; for 3 phases 230 means a 230/400 V supply, 400 the same"), apply_voltage },
  { "--phases", "1|3", N_("single or three phase supply (default 3)"), apply_phases },
  { "--pue", N_("a number from 1 to 5"), N_("power usage effectiveness of the site (default 1.4)"), apply_pue },
  { "--price-kwh", N_("a price from 0 to 1000000"), N_("electricity price per kWh (default 0: no cost shown)"), apply_price_kwh },
  { "--currency", N_("a currency code such as RUB"), N_("currency of the electricity price (default RUB)"), apply_currency },
  { "--headroom-tight", N_("a fraction from 0 to 0.9"), N_("headroom below which a fit is “tight” (default 0.10)"), apply_headroom },
};

static const ScenarioOption *
find_scenario_option (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (scenario_options); i++)
    if (g_strcmp0 (scenario_options[i].name, name) == 0)
      return &scenario_options[i];
  return NULL;
}

/* ---- parsing ---------------------------------------------------------- */

static void
setting_clear (gpointer data)
{
  TsCliSetting *setting = data;

  g_free (setting->value);
}

void
ts_cli_args_init (TsCliArgs *args)
{
  memset (args, 0, sizeof *args);
  args->format = TS_CLI_FORMAT_TEXT;
  args->settings = g_array_new (FALSE, TRUE, sizeof (TsCliSetting));
  g_array_set_clear_func (args->settings, setting_clear);
}

void
ts_cli_args_clear (TsCliArgs *args)
{
  g_clear_pointer (&args->lang, g_free);
  g_clear_pointer (&args->catalog_path, g_free);
  g_clear_pointer (&args->list_what, g_free);
  g_clear_pointer (&args->check_path, g_free);
  g_clear_pointer (&args->scenario_path, g_free);
  g_clear_pointer (&args->output_path, g_free);
  g_clear_pointer (&args->png_path, g_free);
  g_clear_pointer (&args->svg_path, g_free);
  g_clear_pointer (&args->drawing, g_free);
  g_clear_pointer (&args->help_topic, g_free);
  g_clear_pointer (&args->settings, g_array_unref);
  g_clear_pointer (&args->customer, g_free);
  g_clear_pointer (&args->project, g_free);
}

static gboolean
usage_error (GError    **error,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static gboolean
usage_error (GError    **error,
             const char *format,
             ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (TS_ERROR, TS_ERROR_INVALID_INPUT, format, ap));
  va_end (ap);
  return FALSE;
}

/* “--name=value” or “--name value”. */
static gboolean
take_value (int          argc,
            char       **argv,
            int         *i,
            const char  *name,
            char       **value,
            GError     **error)
{
  const char *eq = strchr (argv[*i], '=');

  if (eq != NULL)
    {
      *value = g_strdup (eq + 1);
      return TRUE;
    }
  if (*i + 1 >= argc)
    return usage_error (error, _("Option %s needs a value"), name);
  (*i)++;
  *value = g_strdup (argv[*i]);
  return TRUE;
}

/* ---- which option belongs to which command ---------------------------- */

#define COMMAND_BIT(command) (1u << (command))
#define SCENARIO_COMMANDS (COMMAND_BIT (TS_CLI_COMMAND_ESTIMATE) | COMMAND_BIT (TS_CLI_COMMAND_PDF) \
                           | COMMAND_BIT (TS_CLI_COMMAND_DRAW))
#define OPTION_COMMANDS (SCENARIO_COMMANDS | COMMAND_BIT (TS_CLI_COMMAND_LIST) \
                         | COMMAND_BIT (TS_CLI_COMMAND_CATALOG_CHECK) \
                         | COMMAND_BIT (TS_CLI_COMMAND_CATALOG_EXPORT))

/* The options that are not scenario options, and the commands that read
 * them: an option a command would ignore is refused, so that
 * `estimate --output x.pdf` does not look as if it wrote a PDF. */
typedef struct
{
  const char *name;
  guint       commands;
} CommonOption;

static const CommonOption common_options[] = {
  { "--format", COMMAND_BIT (TS_CLI_COMMAND_ESTIMATE) | COMMAND_BIT (TS_CLI_COMMAND_LIST) },
  { "--lang", OPTION_COMMANDS },
  { "--catalog", SCENARIO_COMMANDS | COMMAND_BIT (TS_CLI_COMMAND_LIST) },
  { "--scenario", SCENARIO_COMMANDS },
  { "--output", COMMAND_BIT (TS_CLI_COMMAND_PDF) },
  { "-o", COMMAND_BIT (TS_CLI_COMMAND_PDF) },
  { "--png", COMMAND_BIT (TS_CLI_COMMAND_DRAW) },
  { "--svg", COMMAND_BIT (TS_CLI_COMMAND_DRAW) },
  { "--drawing", COMMAND_BIT (TS_CLI_COMMAND_DRAW) },
  { "--width", COMMAND_BIT (TS_CLI_COMMAND_DRAW) },
  { "--height", COMMAND_BIT (TS_CLI_COMMAND_DRAW) },
  { "--customer", COMMAND_BIT (TS_CLI_COMMAND_PDF) },
  { "--project", COMMAND_BIT (TS_CLI_COMMAND_PDF) },
};

static const CommonOption *
find_common_option (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (common_options); i++)
    if (g_str_equal (common_options[i].name, name))
      return &common_options[i];
  return NULL;
}

static const char *
command_name (TsCliCommand command)
{
  switch (command)
    {
    case TS_CLI_COMMAND_ESTIMATE: return "estimate";
    case TS_CLI_COMMAND_LIST: return "list";
    case TS_CLI_COMMAND_CATALOG_CHECK: return "catalog check";
    case TS_CLI_COMMAND_CATALOG_EXPORT: return "catalog export";
    case TS_CLI_COMMAND_PDF: return "pdf";
    case TS_CLI_COMMAND_DRAW: return "draw";
    case TS_CLI_COMMAND_NONE:
    case TS_CLI_COMMAND_HELP:
    case TS_CLI_COMMAND_VERSION:
    default: return "trainsizer-cli";
    }
}

static gboolean
option_applies (const char   *name,
                TsCliCommand  command)
{
  const CommonOption *common = find_common_option (name);
  guint commands = common != NULL ? common->commands : SCENARIO_COMMANDS;

  return (commands & COMMAND_BIT (command)) != 0;
}

/* ---- reading the options ---------------------------------------------- */

static gboolean
set_path (char      **slot,
          char       *value,
          const char *name,
          GError    **error)
{
  if (value == NULL || *value == '\0')
    {
      g_free (value);
      return usage_error (error, _("Option %s needs a file name"), name);
    }
  g_free (*slot);
  *slot = value;
  return TRUE;
}

static gboolean
set_drawing_size (TsCliArgs   *args,
                  const char  *name,
                  const char  *value,
                  GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  guint size;

  /* the drawing's size in pixels (PNG) or points (SVG) */
  if (!read_uint (value, 1, TS_CLI_MAX_DRAWING_SIDE, &size, &local_error))
    {
      g_autofree char *accepts = g_strdup_printf (_("a whole number from 1 to %u"), TS_CLI_MAX_DRAWING_SIDE);

      return usage_error (error, _("Option %s accepts %s, not “%s”%s%s"), name, accepts, value,
                          local_error != NULL ? ": " : "", local_error != NULL ? local_error->message : "");
    }
  if (g_str_equal (name, "--width"))
    args->width = size;
  else
    args->height = size;
  return TRUE;
}

static gboolean
parse_common_option (TsCliArgs   *args,
                     const char  *name,
                     char        *value,
                     gboolean    *handled,
                     GError     **error)
{
  *handled = TRUE;

  if (g_strcmp0 (name, "--format") == 0)
    {
      g_autofree char *owned = value;

      if (g_strcmp0 (value, "json") == 0)
        args->format = TS_CLI_FORMAT_JSON;
      else if (g_strcmp0 (value, "text") == 0)
        args->format = TS_CLI_FORMAT_TEXT;
      else
        return usage_error (error, _("Option --format accepts json or text, not “%s”"), value);
      return TRUE;
    }
  if (g_strcmp0 (name, "--lang") == 0)
    {
      TsLang lang;

      if (!ts_i18n_parse_lang (value, &lang))
        {
          usage_error (error, _("Option --lang accepts ru or en, not “%s”"), value);
          g_free (value);
          return FALSE;
        }
      g_free (args->lang);
      args->lang = value;
      return TRUE;
    }
  if (g_strcmp0 (name, "--catalog") == 0)
    return set_path (&args->catalog_path, value, name, error);
  if (g_strcmp0 (name, "--scenario") == 0)
    return set_path (&args->scenario_path, value, name, error);
  if (g_strcmp0 (name, "--output") == 0 || g_strcmp0 (name, "-o") == 0)
    return set_path (&args->output_path, value, name, error);
  if (g_strcmp0 (name, "--png") == 0)
    return set_path (&args->png_path, value, name, error);
  if (g_strcmp0 (name, "--customer") == 0 || g_strcmp0 (name, "--project") == 0)
    {
      char **target = g_str_equal (name, "--customer") ? &args->customer : &args->project;

      /* Printed on the spec sheet: the limits of a name in a scenario. */
      if (!ts_scenario_check_text (value, name, TS_MAX_NAME_CHARS, error))
        {
          g_free (value);
          return FALSE;
        }
      g_free (*target);
      *target = value;
      return TRUE;
    }
  if (g_strcmp0 (name, "--svg") == 0)
    return set_path (&args->svg_path, value, name, error);
  if (g_strcmp0 (name, "--width") == 0 || g_strcmp0 (name, "--height") == 0)
    {
      g_autofree char *owned = value;

      return set_drawing_size (args, name, value, error);
    }
  if (g_strcmp0 (name, "--drawing") == 0)
    {
      static const char *const drawings[] = { "memory", "comparison", "rack", "power", "time", NULL };

      if (!g_strv_contains (drawings, value))
        {
          usage_error (error, _("Option --drawing accepts memory, comparison, rack, power or time, not “%s”"), value);
          g_free (value);
          return FALSE;
        }
      g_free (args->drawing);
      args->drawing = value;
      return TRUE;
    }

  *handled = FALSE;
  return TRUE;
}

/* The option's name as the tables hold it (it outlives the argument
 * being parsed); --output and -o are one option. */
static const char *
canonical_option_name (const char *name)
{
  const ScenarioOption *scenario = find_scenario_option (name);

  if (g_str_equal (name, "-o"))
    return find_common_option ("--output")->name;
  return scenario != NULL ? scenario->name : find_common_option (name)->name;
}

/* Given twice, the first would be ignored; --model, --params and
 * --model-file each choose the model, so only one of them may be given. */
static gboolean
check_repeated (GHashTable  *seen,
                const char  *name,
                GError     **error)
{
  static const char *const model_options[] = { "--model", "--params", "--model-file", NULL };
  const char *canonical = canonical_option_name (name);

  if (g_hash_table_contains (seen, canonical))
    return usage_error (error, _("Option %s is given twice"), canonical);
  if (g_strv_contains (model_options, canonical))
    for (guint i = 0; model_options[i] != NULL; i++)
      if (g_hash_table_contains (seen, model_options[i]))
        return usage_error (error, _("Options %s and %s both choose the model: give one of them"),
                            model_options[i], canonical);
  g_hash_table_add (seen, (gpointer) canonical);
  return TRUE;
}

static gboolean
is_help_option (const char *arg)
{
  return g_strcmp0 (arg, "--help") == 0 || g_strcmp0 (arg, "-h") == 0;
}

static gboolean
parse_one_option (TsCliArgs   *args,
                  int          argc,
                  char       **argv,
                  int         *i,
                  GHashTable  *seen,
                  GError     **error)
{
  g_autofree char *name = NULL;
  const char *eq;
  char *value = NULL;
  gboolean handled;

  if (!g_str_has_prefix (argv[*i], "-"))
    return usage_error (error, _("Unexpected argument “%s”"), argv[*i]);

  eq = strchr (argv[*i], '=');
  name = eq ? g_strndup (argv[*i], eq - argv[*i]) : g_strdup (argv[*i]);
  if (find_scenario_option (name) == NULL && find_common_option (name) == NULL)
    return usage_error (error, _("Unknown option %s (see --help)"), name);
  if (!option_applies (name, args->command))
    /* Translators: “Option --output does not apply to the command estimate” */
    return usage_error (error, _("Option %s does not apply to the command %s"), name, command_name (args->command));
  if (!check_repeated (seen, name, error))
    return FALSE;
  if (!take_value (argc, argv, i, name, &value, error))
    return FALSE;

  if (!parse_common_option (args, name, value, &handled, error))
    return FALSE;
  if (!handled)
    {
      TsCliSetting setting = { find_scenario_option (name)->name, value };

      g_array_append_val (args->settings, setting);
    }
  return TRUE;
}

static gboolean
parse_options (TsCliArgs   *args,
               int          argc,
               char       **argv,
               int          first,
               const char  *help_topic,
               GError     **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (int i = first; i < argc; i++)
    {
      if (is_help_option (argv[i]))
        {
          g_free (args->help_topic);
          args->help_topic = g_strdup (help_topic);
          args->command = TS_CLI_COMMAND_HELP;
          return TRUE;
        }
      if (!parse_one_option (args, argc, argv, &i, seen, error))
        return FALSE;
    }
  return TRUE;
}

static const char *
setting_value (const TsCliArgs *args,
               const char      *name)
{
  for (guint i = 0; i < args->settings->len; i++)
    if (g_str_equal (g_array_index (args->settings, TsCliSetting, i).name, name))
      return g_array_index (args->settings, TsCliSetting, i).value;
  return NULL;
}

/* The same file named twice as an output, or an output that is one of the
 * inputs: the second write would destroy the first, or the input. The
 * names are compared made absolute and, where both exist, as files (a
 * symbolic or hard link to the same file is the same file). */
static gboolean
same_file (const char *a,
           const char *b)
{
  g_autofree char *ca = NULL;
  g_autofree char *cb = NULL;
  GStatBuf sa, sb;

  if (a == NULL || b == NULL)
    return FALSE;
  ca = g_canonicalize_filename (a, NULL);
  cb = g_canonicalize_filename (b, NULL);
  if (g_str_equal (ca, cb))
    return TRUE;
  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static gboolean
check_outputs_distinct (const TsCliArgs  *args,
                        GError          **error)
{
  const struct { const char *option; const char *path; } outputs[] = {
    { "--output", args->output_path }, { "--png", args->png_path }, { "--svg", args->svg_path },
  };
  const struct { const char *option; const char *path; } inputs[] = {
    { "--scenario", args->scenario_path }, { "--catalog", args->catalog_path },
    { "--model-file", setting_value (args, "--model-file") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      for (guint j = i + 1; j < G_N_ELEMENTS (outputs); j++)
        if (same_file (outputs[i].path, outputs[j].path))
          return usage_error (error, _("Options %s and %s name the same file “%s”: give each its own"),
                              outputs[i].option, outputs[j].option, outputs[j].path);
      for (guint j = 0; j < G_N_ELEMENTS (inputs); j++)
        if (same_file (outputs[i].path, inputs[j].path))
          return usage_error (error, _("Option %s would overwrite the file of %s, “%s”"),
                              outputs[i].option, inputs[j].option, outputs[i].path);
    }
  return TRUE;
}

static gboolean
parse_pdf (TsCliArgs  *args,
           int         argc,
           char      **argv,
           GError    **error)
{
  args->command = TS_CLI_COMMAND_PDF;
  if (!parse_options (args, argc, argv, 2, "pdf", error))
    return FALSE;
  if (args->command == TS_CLI_COMMAND_PDF && args->output_path == NULL)
    return usage_error (error, _("Command pdf needs --output FILE"));
  return args->command != TS_CLI_COMMAND_PDF || check_outputs_distinct (args, error);
}

static gboolean
parse_draw (TsCliArgs  *args,
            int         argc,
            char      **argv,
            GError    **error)
{
  args->command = TS_CLI_COMMAND_DRAW;
  if (!parse_options (args, argc, argv, 2, "draw", error))
    return FALSE;
  if (args->command != TS_CLI_COMMAND_DRAW)
    return TRUE;
  if (args->png_path == NULL && args->svg_path == NULL)
    return usage_error (error, _("Command draw needs --png FILE or --svg FILE"));
  if ((guint64) args->width * args->height > TS_CLI_MAX_DRAWING_PIXELS)
    return usage_error (error, _("A drawing of %u × %u pixels is too large: at most %u pixels in all"),
                        args->width, args->height, TS_CLI_MAX_DRAWING_PIXELS);
  return check_outputs_distinct (args, error);
}

static gboolean
parse_list (TsCliArgs  *args,
            int         argc,
            char      **argv,
            GError    **error)
{
  static const char *const what[] = { "models", "servers", "gpus", NULL };

  args->command = TS_CLI_COMMAND_LIST;
  if (argc >= 3 && is_help_option (argv[2]))
    {
      args->command = TS_CLI_COMMAND_HELP;
      args->help_topic = g_strdup ("list");
      return TRUE;
    }
  if (argc < 3 || !g_strv_contains (what, argv[2]))
    return usage_error (error, _("Command list accepts models, servers or gpus"));
  args->list_what = g_strdup (argv[2]);
  return parse_options (args, argc, argv, 3, "list", error);
}

/* catalog check FILE | catalog export; `catalog --help`, `catalog check
 * --help` and `catalog export --help` print the help of catalog. */
static gboolean
parse_catalog (TsCliArgs  *args,
               int         argc,
               char      **argv,
               GError    **error)
{
  if ((argc >= 3 && is_help_option (argv[2])) || (argc >= 4 && is_help_option (argv[3])))
    {
      args->command = TS_CLI_COMMAND_HELP;
      args->help_topic = g_strdup ("catalog");
      return TRUE;
    }
  if (argc >= 3 && g_strcmp0 (argv[2], "export") == 0)
    {
      args->command = TS_CLI_COMMAND_CATALOG_EXPORT;
      return parse_options (args, argc, argv, 3, "catalog", error);
    }
  args->command = TS_CLI_COMMAND_CATALOG_CHECK;
  if (argc < 4 || g_strcmp0 (argv[2], "check") != 0)
    return usage_error (error, _("Usage: trainsizer-cli catalog check FILE"));
  args->check_path = g_strdup (argv[3]);
  return parse_options (args, argc, argv, 4, "catalog", error);
}

gboolean
ts_cli_args_parse (TsCliArgs  *args,
                   int         argc,
                   char      **argv,
                   GError    **error)
{
  const char *command;

  /* Every argument ends up in a message or a scenario string; checking them
   * all here keeps invalid UTF-8 out of both (an option's value is a
   * separate argument that parse_options () would not see on its own). */
  for (int i = 1; i < argc; i++)
    if (!g_utf8_validate (argv[i], -1, NULL))
      return usage_error (error, _("An argument is not valid UTF-8 text"));

  if (argc < 2)
    {
      args->command = TS_CLI_COMMAND_HELP;
      return TRUE;
    }

  command = argv[1];
  if (is_help_option (command) || g_strcmp0 (command, "help") == 0)
    {
      args->command = TS_CLI_COMMAND_HELP;
      if (argc > 2)
        args->help_topic = g_strdup (argv[2]);
      return TRUE;
    }
  if (g_strcmp0 (command, "--version") == 0 || g_strcmp0 (command, "-V") == 0)
    {
      args->command = TS_CLI_COMMAND_VERSION;
      if (argc > 2)
        return usage_error (error, _("Unexpected argument “%s”"), argv[2]);
      return TRUE;
    }

  if (g_strcmp0 (command, "estimate") == 0)
    {
      args->command = TS_CLI_COMMAND_ESTIMATE;
      return parse_options (args, argc, argv, 2, "estimate", error);
    }
  if (g_strcmp0 (command, "pdf") == 0)
    return parse_pdf (args, argc, argv, error);
  if (g_strcmp0 (command, "draw") == 0)
    return parse_draw (args, argc, argv, error);
  if (g_strcmp0 (command, "list") == 0)
    return parse_list (args, argc, argv, error);
  if (g_strcmp0 (command, "catalog") == 0)
    return parse_catalog (args, argc, argv, error);

  return usage_error (error, _("Unknown command “%s”: use estimate, list, catalog check, pdf or draw (see --help)"),
                      command);
}

/* ---- applying the options ---------------------------------------------- */

/* The job's GPUs are dp × tp × pp (docs/sizing-model.md §2): the degrees must
 * multiply to the GPUs given, and their products must stay within
 * TS_MAX_GPUS. The products are formed in 64 bits: each degree is at most
 * 100000, so three of them fit, where 32 bits overflow (“--tp 100000 --pp
 * 100000”). Without --gpus or --dp the GPU count comes from the hardware
 * options, and tp × pp only has to fit. */
static char *
format_product (guint64 product)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, product);
}

static gboolean
check_layout (const TsCliArgs  *args,
              TsScenario       *s,
              GError          **error)
{
  guint64 model_parallel = (guint64) MAX (1, s->tp) * MAX (1, s->pp);
  const char *dp_text = setting_value (args, "--dp");
  gboolean has_gpus = setting_value (args, "--gpus") != NULL;
  double dp_value = 0;

  if (model_parallel > TS_MAX_GPUS)
    {
      g_autofree char *product = format_product (model_parallel);

      return usage_error (error, _("--tp %u × --pp %u needs %s GPUs, more than the %u a job may have"),
                          s->tp, s->pp, product, TS_MAX_GPUS);
    }
  if (has_gpus && (s->gpus < model_parallel || s->gpus % model_parallel != 0))
    return usage_error (error, _("--gpus %u is not a multiple of --tp × --pp = %u"), s->gpus, (guint) model_parallel);

  /* apply_dp () has read it already (at most TS_MAX_GPUS): this cannot fail */
  if (dp_text != NULL && ts_parse_whole (dp_text, &dp_value, NULL))
    {
      guint dp = (guint) dp_value;
      guint64 gpus = dp * model_parallel;
      g_autofree char *product = format_product (gpus);

      if (gpus > TS_MAX_GPUS)
        return usage_error (error, _("--dp %u × --tp %u × --pp %u needs %s GPUs, more than the %u a job may have"),
                            dp, s->tp, s->pp, product, TS_MAX_GPUS);
      if (has_gpus && gpus != s->gpus)
        return usage_error (error, _("--dp %u × --tp %u × --pp %u needs %s GPUs, but --gpus is %u"),
                            dp, s->tp, s->pp, product, s->gpus);
      s->gpus = (guint) gpus;
    }

  if (setting_value (args, "--ep") != NULL && (dp_text != NULL || has_gpus))
    {
      guint data_parallel = (guint) (s->gpus / model_parallel);

      /* experts are spread over the data-parallel ranks (Megatron-LM:
       * the data-parallel size is a multiple of the expert-parallel one) */
      if (s->ep > data_parallel || data_parallel % s->ep != 0)
        return usage_error (error, _("--ep %u does not divide the data-parallel degree %u"), s->ep, data_parallel);
    }
  return TRUE;
}

/* LoRA's options mean nothing to full training, QLoRA's nothing to LoRA,
 * expert parallelism nothing to a dense model: given there they would be
 * ignored. Checked against the method and model in effect, which may come
 * from --scenario. */
static gboolean
check_ignored_options (const TsCliArgs  *args,
                      const TsScenario *s,
                      GError          **error)
{
  static const char *const adapter_options[] = { "--lora-rank", "--lora-targets", NULL };
  static const char *const qlora_options[] = { "--double-quant", "--paged-optimizer", NULL };

  for (guint i = 0; adapter_options[i] != NULL; i++)
    if (s->method == TS_METHOD_FULL && setting_value (args, adapter_options[i]) != NULL)
      return usage_error (error, _("Option %s applies to LoRA and QLoRA, not to full training"), adapter_options[i]);
  for (guint i = 0; qlora_options[i] != NULL; i++)
    if (s->method != TS_METHOD_QLORA && setting_value (args, qlora_options[i]) != NULL)
      return usage_error (error, _("Option %s applies to QLoRA only"), qlora_options[i]);
  /* expert parallelism splits the experts: a dense model has none */
  if (setting_value (args, "--ep") != NULL && s->ep > 1 && !ts_architecture_is_moe (&s->model.arch))
    return usage_error (error, _("Option --ep applies to mixture-of-experts models; %s has no experts"),
                        s->model.name != NULL ? s->model.name : "");
  return TRUE;
}

static gboolean
apply_setting (const TsCliSetting *setting,
               const TsCatalog    *catalog,
               TsScenario         *scenario,
               GError            **error)
{
  const ScenarioOption *option = find_scenario_option (setting->name);
  g_autoptr(GError) local_error = NULL;

  /* “auto” leaves a layout input to the planner (issue 17) */
  if (ts_search_flag_from_name (option->name) != 0 && g_strcmp0 (setting->value, "auto") == 0)
    {
      ts_scenario_search_input (scenario, option->name);
      return TRUE;
    }
  if (option->apply (scenario, catalog, setting->value, &local_error))
    {
      /* a value the user gives is kept by the planner */
      ts_scenario_fix_input (scenario, option->name);
      return TRUE;
    }
  if (local_error != NULL && (local_error->code == TS_ERROR_UNKNOWN_ID
                              || local_error->code == TS_ERROR_MODEL_FILE))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* Translators: “Option --seq-len accepts a whole number from 1 to
   * 10000000, not “abc”” */
  g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               _("Option %s accepts %s, not “%s”%s%s"), option->name,
               g_str_has_prefix (option->accepts, "a") || strchr (option->accepts, '|') == NULL
               ? _(option->accepts) : option->accepts,
               setting->value,
               local_error != NULL ? ": " : "",
               local_error != NULL ? local_error->message : "");
  return FALSE;
}

gboolean
ts_cli_args_apply (const TsCliArgs  *args,
                   const TsCatalog  *catalog,
                   TsScenario       *scenario,
                   GError          **error)
{
  gboolean has_model = scenario->model.params > 0;

  for (guint i = 0; i < args->settings->len; i++)
    {
      const TsCliSetting *setting = &g_array_index (args->settings, TsCliSetting, i);

      if (g_strcmp0 (setting->name, "--model") == 0 || g_strcmp0 (setting->name, "--params") == 0
          || g_strcmp0 (setting->name, "--model-file") == 0)
        has_model = TRUE;
      if (!apply_setting (setting, catalog, scenario, error))
        return FALSE;
    }

  if (!check_layout (args, scenario, error) || !check_ignored_options (args, scenario, error))
    return FALSE;
  if (!has_model && scenario->model.params <= 0)
    return usage_error (error, _("Choose a model with --model ID or --params N (or --scenario FILE)"));

  return TRUE;
}

/* “  --catalog FILE   a user catalog …”: padded by characters, not bytes,
 * so a translated placeholder (ФАЙЛ) keeps the column. */
static void
append_option_help (GString    *help,
                    const char *option,
                    const char *text)
{
  g_string_append_printf (help, "  %s", option);
  for (glong i = g_utf8_strlen (option, -1); i < 33; i++)
    g_string_append_c (help, ' ');
  g_string_append_printf (help, " %s\n", text);
}

/* What the help shows after an option that takes a free value. */
static const char *
option_placeholder (const char *name)
{
  /* Translators: placeholder for a file name in the option list of --help */
  if (g_str_has_suffix (name, "-file"))
    return _("FILE");
  if (g_str_equal (name, "--model") || g_str_equal (name, "--server"))
    return "ID";
  /* Translators: placeholder for a currency code in the option list of --help */
  if (g_str_equal (name, "--currency"))
    return _("CODE");
  return "N";
}

/* The command a help topic names (“estimate”, “catalog”, “catalog check”),
 * or NONE for the whole help. Both catalog commands share one topic. */
static TsCliCommand
command_from_topic (const char *topic)
{
  static const struct { const char *topic; TsCliCommand command; } topics[] = {
    { "estimate", TS_CLI_COMMAND_ESTIMATE }, { "list", TS_CLI_COMMAND_LIST },
    { "catalog", TS_CLI_COMMAND_CATALOG_CHECK }, { "pdf", TS_CLI_COMMAND_PDF },
    { "draw", TS_CLI_COMMAND_DRAW },
  };

  for (guint i = 0; topic != NULL && i < G_N_ELEMENTS (topics); i++)
    if (g_str_has_prefix (topic, topics[i].topic))
      return topics[i].command;
  return TS_CLI_COMMAND_NONE;
}

static gboolean
topic_shows (TsCliCommand only,
             guint        commands)
{
  if (only == TS_CLI_COMMAND_NONE)
    return TRUE;
  if (only == TS_CLI_COMMAND_CATALOG_CHECK)
    commands |= (commands & COMMAND_BIT (TS_CLI_COMMAND_CATALOG_EXPORT)) ? COMMAND_BIT (only) : 0;
  return (commands & COMMAND_BIT (only)) != 0;
}

static void
append_usage (GString      *help,
              TsCliCommand  only)
{
  g_string_append_printf (help, "%s\n", _("Usage:"));
  /* Translators: the usage lines: translate only the placeholders (FILE,
   * OPTION, “estimate options”); commands, options and their values are
   * typed as they are. */
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_ESTIMATE)))
    g_string_append (help, _("  trainsizer-cli estimate (--model ID | --params N | --model-file FILE | --scenario FILE) [--method full|lora|qlora] [OPTION…] [--format json|text] [--lang ru|en]\n"));
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_LIST)))
    g_string_append (help, "  trainsizer-cli list models|servers|gpus [--format json|text]\n");
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_CATALOG_CHECK)))
    {
      g_string_append (help, _("  trainsizer-cli catalog check FILE\n"));
      g_string_append (help, "  trainsizer-cli catalog export\n");
    }
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_PDF)))
    g_string_append (help, _("  trainsizer-cli pdf (--scenario FILE | estimate options…) --output FILE [--lang ru|en] [--customer NAME] [--project NAME]\n"));
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_DRAW)))
    g_string_append (help, _("  trainsizer-cli draw (--scenario FILE | estimate options…) --drawing memory|comparison|rack|power|time (--png FILE | --svg FILE) [--width N] [--height N]\n"));
  if (only == TS_CLI_COMMAND_NONE)
    g_string_append (help, "  trainsizer-cli --help | --version\n");
  g_string_append (help, "\n");
}

static void
append_scenario_options (GString *help)
{
  g_string_append_printf (help, "%s\n", _("Scenario options (estimate, pdf, draw):"));
  for (guint i = 0; i < G_N_ELEMENTS (scenario_options); i++)
    {
      const ScenarioOption *o = &scenario_options[i];
      const char *accepts = strchr (o->accepts, '|') ? o->accepts : option_placeholder (o->name);

      /* padded by characters, not bytes: ФАЙЛ is four wide */
      g_string_append_printf (help, "  %-22s %s%*s %s\n", o->name, accepts,
                              (int) MAX (0, 10 - g_utf8_strlen (accepts, -1)), "", _(o->help));
    }
  g_string_append (help, "\n");
}

static void
append_other_options (GString      *help,
                      TsCliCommand  only)
{
  g_string_append_printf (help, "%s\n", _("Other options:"));
  if (topic_shows (only, find_common_option ("--format")->commands))
    g_string_append_printf (help, "  %-33s %s\n", "--format json|text", _("output format (default text)"));
  g_string_append_printf (help, "  %-33s %s\n", "--lang ru|en", _("language of text output and documents"));
  /* Translators: translate only the placeholder FILE */
  if (topic_shows (only, find_common_option ("--catalog")->commands))
    append_option_help (help, _("--catalog FILE"), _("a user catalog that overrides or extends the built-in one"));
  /* Translators: translate only the placeholder FILE */
  if (topic_shows (only, find_common_option ("--scenario")->commands))
    append_option_help (help, _("--scenario FILE"), _("read the scenario from a file saved by the window"));
  if (topic_shows (only, find_common_option ("--customer")->commands))
    {
      /* Translators: translate only the placeholder NAME */
      append_option_help (help, _("--customer NAME"), _("the customer named on the spec sheet (pdf)"));
      /* Translators: translate only the placeholder NAME */
      append_option_help (help, _("--project NAME"), _("the project named on the spec sheet (pdf)"));
    }
  if (topic_shows (only, find_common_option ("--width")->commands))
    {
      g_autofree char *size = g_strdup_printf (_("size of the drawing in pixels: at most %u a side and %u pixels in all"),
                                               TS_CLI_MAX_DRAWING_SIDE, TS_CLI_MAX_DRAWING_PIXELS);

      append_option_help (help, "--width N, --height N", size);
    }
  g_string_append (help, "\n");
}

char *
ts_cli_help_text (const char *topic)
{
  GString *help = g_string_new (NULL);
  TsCliCommand only = command_from_topic (topic);

  g_string_append_printf (help, "%s\n\n", _("trainsizer-cli — size hardware for training neural networks"));
  append_usage (help, only);
  if (topic_shows (only, SCENARIO_COMMANDS))
    append_scenario_options (help);
  append_other_options (help, only);
  g_string_append_printf (help, "%s\n", _("Exit status: 0 on success, 1 when the engine refuses the input, 2 on a usage error."));

  return g_string_free (help, FALSE);
}
