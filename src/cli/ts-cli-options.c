/* ts-cli-options.c — trainsizer-cli's options as GOptionContext entries
 *
 * One GOptionGroup of scenario options, generated from the field table
 * (ts-scenario-fields.c) with the options that choose the model, and one
 * group per command with the other options that command reads. Every
 * value is read and range-checked in its callback, so a message names the
 * option as typed; the values are kept as TsCliSetting for
 * ts_cli_args_apply () (ts-cli-apply.c), which needs the catalog.
 *
 * The option names are a public interface (scripts use them): add, never
 * rename.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-cli-options.h"

gboolean
ts_cli_usage_error (GError    **error,
                    const char *format,
                    ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (TS_ERROR, TS_ERROR_INVALID_INPUT, format, ap));
  va_end (ap);
  return FALSE;
}

/* ---- which option belongs to which command ---------------------------- */

#define CATALOG_COMMANDS (COMMAND_BIT (TS_CLI_COMMAND_CATALOG_CHECK) | COMMAND_BIT (TS_CLI_COMMAND_CATALOG_EXPORT))
#define OPTION_COMMANDS (SCENARIO_COMMANDS | COMMAND_BIT (TS_CLI_COMMAND_LIST) | CATALOG_COMMANDS)
#define ALL_COMMANDS 0xffffffffu

typedef struct _CliOption CliOption;

typedef gboolean (*SetFunc) (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error);

/* The options that are not scenario fields, and the commands that read
 * them: an option a command would ignore is refused, so that
 * `estimate --output x.pdf` does not look as if it wrote a PDF. */
struct _CliOption
{
  const char *name;         /* long name, without “--” */
  char        short_name;
  guint       commands;
  const char *placeholder;  /* N_() where it is a word */
  const char *help;         /* N_() */
  SetFunc     set;
  gsize       slot;         /* where set () keeps the value: G_STRUCT_OFFSET into TsCliArgs */
  guint       max;          /* set_whole (): the largest value */
};

#define ARG(member) G_STRUCT_OFFSET (TsCliArgs, member)

const char *
ts_cli_command_name (TsCliCommand command)
{
  switch (command)
    {
    case TS_CLI_COMMAND_ESTIMATE: return "estimate";
    case TS_CLI_COMMAND_LIST: return "list";
    case TS_CLI_COMMAND_CATALOG_CHECK: return "catalog check";
    case TS_CLI_COMMAND_CATALOG_EXPORT: return "catalog export";
    case TS_CLI_COMMAND_PDF: return "pdf";
    case TS_CLI_COMMAND_DRAW: return "draw";
    case TS_CLI_COMMAND_EXPORT: return "export";
    case TS_CLI_COMMAND_BOM: return "bom";
    case TS_CLI_COMMAND_NONE:
    case TS_CLI_COMMAND_HELP:
    case TS_CLI_COMMAND_VERSION:
    default: return "trainsizer-cli";
    }
}

/* ---- reading values ------------------------------------------------------ */

static gboolean
read_on_off (const char *value,
             gboolean   *out)
{
  static const char *const on[] = { "on", "true", "yes", NULL };
  static const char *const off[] = { "off", "false", "no", NULL };

  if (g_strv_contains (on, value))
    *out = TRUE;
  else if (g_strv_contains (off, value))
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* “Option --seq-len accepts a whole number from 1 to 10000000, not “0””,
 * with the parser's reason after a colon where there is one. */
static gboolean
refuse_value (GError    **error,
              const char *option,
              const char *accepts,
              const char *value,
              GError     *reason)
{
  /* Translators: “Option --seq-len accepts a whole number from 1 to
   * 10000000, not “abc”” */
  return ts_cli_usage_error (error, _("Option %s accepts %s, not “%s”%s%s"), option, accepts, value,
                      reason != NULL ? ": " : "", reason != NULL ? reason->message : "");
}

/* What a field's option takes, as --help and messages show it. */
static char *
field_accepts (const TsScenarioField *f)
{
  g_autoptr(GStrvBuilder) names = NULL;
  g_auto(GStrv) list = NULL;

  if (f->kind == TS_FIELD_BOOL)
    return g_strdup ("on|off");
  if (f->n_choices > 0)
    {
      names = g_strv_builder_new ();
      for (guint i = 0; i < f->n_choices; i++)
        if (f->kind == TS_FIELD_ENUM || f->choices[i].value >= 0)
          g_strv_builder_add (names, f->choices[i].name);
      list = g_strv_builder_end (names);
      return g_strjoinv ("|", list);
    }
  if (f->flags & TS_FIELD_CLI_COUNT)
    return g_strdup_printf (_("a count such as 10B, at most %g"), f->max);
  if (f->flags & TS_FIELD_CURRENCY)
    return g_strdup (_("a currency code such as RUB"));
  if (f->flags & TS_FIELD_SERVER_ID)
    return g_strdup (_("a catalog server id"));
  return ts_scenario_field_describe (f);
}

/* A number typed for a field, in the field's CLI units, to scenario units. */
static gboolean
read_field_number (const TsScenarioField  *f,
                   const char             *value,
                   double                 *number,
                   GError                **error)
{
  if (f->flags & TS_FIELD_CLI_COUNT)
    return ts_parse_count (value, number, error);
  if (f->kind == TS_FIELD_DOUBLE && !ts_parse_number (value, number, error))
    return FALSE;
  if (f->kind != TS_FIELD_DOUBLE && !ts_parse_whole (value, number, error))
    return FALSE;
  *number *= f->scale;
  return TRUE;
}

/* The value of a field's option read as the field takes it: NAN in
 * number for text and for “auto”. A parse error (“1,500” is ambiguous)
 * is the reason; a value out of range has none. */
static gboolean
read_field_value (const TsScenarioField  *f,
                  const char             *value,
                  double                 *number,
                  GError                **reason)
{
  gboolean on;

  *number = NAN;
  if (f->search_flag != 0 && g_str_equal (value, "auto"))
    return TRUE;
  switch (f->kind)
    {
    case TS_FIELD_STRING:
      if (f->flags & TS_FIELD_CURRENCY)
        return ts_scenario_check_currency (value, reason);
      return *value != '\0' && ts_scenario_check_text (value, _(f->name), (guint) f->max, reason);
    case TS_FIELD_BOOL:
      if (!read_on_off (value, &on))
        return FALSE;
      *number = on;
      return TRUE;
    case TS_FIELD_ENUM:
      for (guint i = 0; i < f->n_choices; i++)
        if (g_ascii_strcasecmp (value, f->choices[i].name) == 0)
          {
            *number = f->choices[i].value;
            return TRUE;
          }
      return FALSE;
    case TS_FIELD_UINT:
    case TS_FIELD_INT:
    case TS_FIELD_DOUBLE:
    default:
      return read_field_number (f, value, number, reason) && ts_scenario_field_check (f, *number, NULL);
    }
}

/* ---- the options given so far ---------------------------------------------- */

static void
add_setting (TsCliParser     *p,
             const char *name,
             const char *value,
             double      number)
{
  TsCliSetting setting = { g_intern_string (name), g_strdup (value), number };

  g_array_append_val (p->args->settings, setting);
}

const char *
ts_cli_setting_value (const TsCliArgs *args,
               const char      *name)
{
  for (guint i = 0; i < args->settings->len; i++)
    if (g_str_equal (g_array_index (args->settings, TsCliSetting, i).name, name))
      return g_array_index (args->settings, TsCliSetting, i).value;
  return NULL;
}

/* Given twice, the first would be ignored; --model, --params and
 * --model-file each choose the model, so only one of them may be given. */
static gboolean
check_repeated (TsCliParser      *p,
                const char  *name,
                GError     **error)
{
  static const char *const model_options[] = { "--model", "--params", "--model-file", NULL };
  const char *canonical = g_intern_string (g_str_equal (name, "-o") ? "--output" : name);

  if (g_hash_table_contains (p->seen, canonical))
    return ts_cli_usage_error (error, _("Option %s is given twice"), canonical);
  if (g_strv_contains (model_options, canonical))
    for (guint i = 0; model_options[i] != NULL; i++)
      if (g_hash_table_contains (p->seen, g_intern_string (model_options[i])))
        return ts_cli_usage_error (error, _("Options %s and %s both choose the model: give one of them"),
                            model_options[i], canonical);
  g_hash_table_add (p->seen, (gpointer) canonical);
  return TRUE;
}

/* ---- callbacks of the scenario options -------------------------------------- */

/* A scenario field's option: read as the field takes it, kept with the
 * text as typed. */
static gboolean
set_field (TsCliParser            *p,
           const TsScenarioField  *f,
           const char             *name,
           const char             *value,
           GError                **error)
{
  g_autoptr(GError) reason = NULL;
  double number;

  if (!read_field_value (f, value, &number, &reason))
    {
      g_autofree char *accepts = field_accepts (f);

      return refuse_value (error, name, accepts, value, reason);
    }
  add_setting (p, name, value, number);
  return TRUE;
}

/* --model ID: looked up once the catalog is loaded (ts_cli_args_apply). */
static gboolean
set_model (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  if (*value == '\0' || !ts_scenario_check_text (value, name, TS_MAX_ID_CHARS, NULL))
    return refuse_value (error, name, _("a catalog model id"), value, NULL);
  add_setting (p, name, value, NAN);
  return TRUE;
}

static gboolean
set_params (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  g_autoptr(GError) reason = NULL;
  double params;

  if (!ts_parse_count (value, &params, &reason))
    return refuse_value (error, name, _("a parameter count such as 70B, 7.6e9 or 1.5T"), value, reason);
  /* checked here so that the message quotes the count as typed (the
   * engine's own would print it as 1.01e+14) */
  if (!(params >= TS_MODEL_MIN_PARAMS && params <= TS_MODEL_MAX_PARAMS))
    {
      g_autoptr(GError) range = g_error_new_literal (TS_ERROR, TS_ERROR_INVALID_INPUT,
                                                      _("a model has from 1M to 100T parameters"));

      return refuse_value (error, name, _("a parameter count such as 70B, 7.6e9 or 1.5T"), value, range);
    }
  add_setting (p, name, value, params);
  return TRUE;
}

/* --model-file FILE: read when applied (ts-model-file.c). */
static gboolean
set_model_file (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  if (*value == '\0')
    return ts_cli_usage_error (error, _("Option %s needs a file name"), name);
  add_setting (p, name, value, NAN);
  return TRUE;
}

/* A whole number from 1 to the option's max, kept in its slot (a guint). */
static gboolean
set_whole (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  g_autoptr(GError) reason = NULL;
  g_autofree char *accepts = NULL;
  double number;

  if (ts_parse_whole (value, &number, &reason) && number >= 1 && number <= o->max)
    {
      G_STRUCT_MEMBER (guint, p->args, o->slot) = (guint) number;
      return TRUE;
    }
  accepts = g_strdup_printf (_("a whole number from 1 to %u"), o->max);
  return refuse_value (error, name, accepts, value, reason);
}

/* The scenario options that are not fields: what model is trained, and
 * the data-parallel degree (a product, not an input of its own). */
static const CliOption model_options[] = {
  { "model", 0, SCENARIO_COMMANDS, "ID", N_("the model to train, from the catalog (see “list models”)"), set_model },
  { "params", 0, SCENARIO_COMMANDS, "N", N_("a custom model known by its size only"), set_params },
  { "model-file", 0, SCENARIO_COMMANDS, N_("FILE"),
    N_("a custom model's architecture from a JSON file (layers, hidden_size, attention_heads, vocab_size, ffn_size, …)"),
    set_model_file },
  /* the job's GPUs are dp × tp × cp × pp, formed and checked against --gpus
   * once all options are read (check_layout ()) */
  { "dp", 0, SCENARIO_COMMANDS, "N", N_("data parallel degree; GPUs = dp × tp × cp × pp (default: automatic)"), set_whole, ARG (dp), TS_MAX_GPUS },
};

/* ---- callbacks of the other options ----------------------------------------- */

/* The text of an option, kept in its slot (a string of TsCliArgs). */
static gboolean
keep_text (TsCliParser     *p,
           const CliOption *o,
           const char      *value)
{
  char **slot = G_STRUCT_MEMBER_P (p->args, o->slot);

  g_free (*slot);
  *slot = g_strdup (value);
  return TRUE;
}

static gboolean
set_path (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  if (*value == '\0')
    return ts_cli_usage_error (error, _("Option %s needs a file name"), name);
  return keep_text (p, o, value);
}

static gboolean
set_run_id (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  if (*value == '\0')
    return ts_cli_usage_error (error, _("Option %s needs a run's id"), name);
  return keep_text (p, o, value);
}

static gboolean
set_format (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  if (g_str_equal (value, "json"))
    p->args->format = TS_CLI_FORMAT_JSON;
  else if (g_str_equal (value, "text"))
    p->args->format = TS_CLI_FORMAT_TEXT;
  /* the options table, for a spreadsheet or a batch (issue 28) */
  else if (g_str_equal (value, "csv") && p->args->command == TS_CLI_COMMAND_ESTIMATE)
    p->args->format = TS_CLI_FORMAT_CSV;
  else if (p->args->command == TS_CLI_COMMAND_ESTIMATE)
    return ts_cli_usage_error (error, _("Option --format accepts json, text or csv, not “%s”"), value);
  else
    return ts_cli_usage_error (error, _("Option --format accepts json or text, not “%s”"), value);
  return TRUE;
}

/* export's --format: the framework whose configuration is written */
static gboolean
set_export_format (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  if (!ts_export_format_from_string (value, &p->args->export_format))
    return ts_cli_usage_error (error, _("Option --format accepts deepspeed, accelerate, axolotl, llamafactory or megatron, not “%s”"),
                               value);
  p->args->has_export_format = TRUE;
  return TRUE;
}

static gboolean
set_lang (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  TsLang lang;

  if (!ts_i18n_parse_lang (value, &lang))
    return ts_cli_usage_error (error, _("Option --lang accepts ru or en, not “%s”"), value);
  return keep_text (p, o, value);
}

/* Printed on the spec sheet: the limits of a name in a scenario. */
static gboolean
set_document_name (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  return ts_scenario_check_text (value, name, TS_MAX_NAME_CHARS, error) && keep_text (p, o, value);
}

static gboolean
set_drawing (TsCliParser *p, const CliOption *o, const char *name, const char *value, GError **error)
{
  /* ts_drawing_to_string ()'s names: the option parser does not link the
   * drawings; test-render checks the two lists agree */
  static const char *const drawings[] = { TS_CLI_DRAWING_NAMES, NULL };

  if (!g_strv_contains (drawings, value))
    {
      g_autofree char *names = g_strjoinv (", ", (char **) drawings);

      /* Translators: “Option --drawing accepts memory, comparison, …; not “chart”” */
      return ts_cli_usage_error (error, _("Option --drawing accepts %s; not “%s”"), names, value);
    }
  return keep_text (p, o, value);
}

/* An option may stand twice for different commands (--format is json or
 * text for estimate, a framework for export): a command's context holds
 * the row that applies to it (option_row_shown ()). */
static const CliOption other_options[] = {
  { "format", 0, COMMAND_BIT (TS_CLI_COMMAND_ESTIMATE) | COMMAND_BIT (TS_CLI_COMMAND_LIST), "json|text|csv",
    N_("output format (default text; csv, estimate only: the servers table as the window exports it)"), set_format },
  /* Translators: placeholder for a training framework's name in the option list of --help */
  { "format", 0, COMMAND_BIT (TS_CLI_COMMAND_EXPORT), N_("FRAMEWORK"),
    N_("the framework to write the training configuration for: deepspeed, accelerate, axolotl, llamafactory or megatron (the recommended option's parallel layout, servers and GPUs)"),
    set_export_format },
  { "lang", 0, OPTION_COMMANDS, "ru|en", N_("language of text output and documents"), set_lang, ARG (lang) },
  { "catalog", 0, SCENARIO_COMMANDS | COMMAND_BIT (TS_CLI_COMMAND_LIST), N_("FILE"),
    N_("a user catalog that overrides or extends the built-in one"), set_path, ARG (catalog_path) },
  { "scenario", 0, SCENARIO_COMMANDS, N_("FILE"), N_("read the scenario from a file saved by the window"), set_path,
    ARG (scenario_path) },
  { "published-run", 0, SCENARIO_COMMANDS, "ID",
    N_("start from a published training run (see “list runs”); estimate's text shows its published figures beside the prediction"),
    set_run_id, ARG (published_run) },
  { "output", 'o', COMMAND_BIT (TS_CLI_COMMAND_PDF), N_("FILE"), N_("the PDF file to write"), set_path, ARG (output_path) },
  { "output", 'o', COMMAND_BIT (TS_CLI_COMMAND_EXPORT), N_("FILE"),
    N_("the file to write the configuration to (default: the standard output)"), set_path, ARG (output_path) },
  { "customer", 0, COMMAND_BIT (TS_CLI_COMMAND_PDF), N_("NAME"), N_("the customer named on the spec sheet (pdf)"),
    set_document_name, ARG (customer) },
  { "project", 0, COMMAND_BIT (TS_CLI_COMMAND_PDF), N_("NAME"), N_("the project named on the spec sheet (pdf)"),
    set_document_name, ARG (project) },
  { "drawing", 0, COMMAND_BIT (TS_CLI_COMMAND_DRAW), "memory|comparison|rack|power|time|summary|network",
    N_("the drawing to write"), set_drawing, ARG (drawing) },
  { "png", 0, COMMAND_BIT (TS_CLI_COMMAND_DRAW), N_("FILE"), N_("write the drawing as PNG"), set_path, ARG (png_path) },
  { "svg", 0, COMMAND_BIT (TS_CLI_COMMAND_DRAW), N_("FILE"), N_("write the drawing as SVG"), set_path, ARG (svg_path) },
  /* the drawing's size in pixels (PNG) or points (SVG) */
  { "width", 0, COMMAND_BIT (TS_CLI_COMMAND_DRAW), "N", NULL, set_whole, ARG (width), TS_CLI_MAX_DRAWING_SIDE },
  { "height", 0, COMMAND_BIT (TS_CLI_COMMAND_DRAW), "N", NULL, set_whole, ARG (height), TS_CLI_MAX_DRAWING_SIDE },
};

/* The option typed as name (“--output” or “-o”) that command reads, in
 * either table. */
static const CliOption *
find_option (const char   *name,
             TsCliCommand  command)
{
  static const struct { const CliOption *options; guint n; } tables[] = {
    { model_options, G_N_ELEMENTS (model_options) },
    { other_options, G_N_ELEMENTS (other_options) },
  };
  gboolean is_short = name[1] != '-';

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    for (guint i = 0; i < tables[t].n; i++)
      {
        const CliOption *o = &tables[t].options[i];

        if ((o->commands & COMMAND_BIT (command)) != 0
            && (is_short ? o->short_name == name[1] : g_str_equal (o->name, name + 2)))
          return o;
      }
  return NULL;
}

/* Every option a command reads: a scenario field's or one of the tables'. */
static gboolean
on_option (const char  *name,
           const char  *value,
           gpointer     data,
           GError     **error)
{
  TsCliParser *p = data;
  const TsScenarioField *f = g_str_has_prefix (name, "--") ? ts_scenario_field_find_cli (name) : NULL;
  const CliOption *o = f == NULL ? find_option (name, p->args->command) : NULL;

  if (!check_repeated (p, name, error))
    return FALSE;
  return f != NULL ? set_field (p, f, name, value, error) : o->set (p, o, name, value, error);
}

/* An option another command reads: refused, not ignored. (GLib's
 * GOptionArgFunc, as on_option ().) */
static gboolean
on_elsewhere (const char  *name,
              const char  *value,
              gpointer     data,
              GError     **error)
{
  TsCliParser *p = data;

  /* Translators: “Option --output does not apply to the command estimate” */
  return ts_cli_usage_error (error, _("Option %s does not apply to the command %s"), name, ts_cli_command_name (p->args->command));
}

/* ---- the GOptionContext of a command ----------------------------------------- */

/* The entries of a group and the text they point to, freed together. */
typedef struct
{
  GArray    *entries;   /* GOptionEntry, ending with an empty one */
  GPtrArray *strings;
} Entries;

static void
entries_add (Entries        *e,
             const char     *long_name,
             char            short_name,
             gboolean        hidden,
             GOptionArgFunc  callback,
             const char     *help,
             char           *placeholder)  /* taken */
{
  GOptionEntry entry = {
    .long_name = long_name,
    .short_name = short_name,
    /* FILENAME: the value reaches the callback as typed (checked to be
     * UTF-8 already), not converted to the locale's charset */
    .flags = G_OPTION_FLAG_FILENAME | (hidden ? G_OPTION_FLAG_HIDDEN : 0),
    .arg = G_OPTION_ARG_CALLBACK,
    .arg_data = (gpointer) callback,
    .description = help,
    .arg_description = placeholder,
  };

  g_ptr_array_add (e->strings, placeholder);
  g_array_append_val (e->entries, entry);
}

/* What --help shows after a field's option. */
static char *
field_placeholder (const TsScenarioField *f)
{
  /* an input the planner chooses takes “auto” back (issue 28) */
  if (f->search_flag != 0)
    {
      g_autofree char *accepts = f->kind == TS_FIELD_BOOL || f->n_choices > 0 ? field_accepts (f) : g_strdup ("N");

      return g_strconcat (accepts, "|auto", NULL);
    }
  if (f->kind == TS_FIELD_BOOL || f->n_choices > 0)
    return field_accepts (f);
  if (f->flags & TS_FIELD_SERVER_ID)
    return g_strdup ("ID");
  /* Translators: placeholder for a currency code in the option list of --help */
  if (f->flags & TS_FIELD_CURRENCY)
    return g_strdup (_("CODE"));
  return g_strdup ("N");
}

/* The scenario's options, read by the commands that compute a plan and
 * refused by name by the others (hidden from their --help). */
static void
add_scenario_entries (Entries *e,
                      gboolean hidden)
{
  GOptionArgFunc callback = hidden ? on_elsewhere : on_option;
  const TsScenarioField *fields;
  guint n_fields;

  for (guint i = 0; i < G_N_ELEMENTS (model_options); i++)
    entries_add (e, model_options[i].name, 0, hidden, callback,
                 _(model_options[i].help), g_strdup (_(model_options[i].placeholder)));
  fields = ts_scenario_fields (&n_fields);
  for (guint i = 0; i < n_fields; i++)
    entries_add (e, fields[i].cli_name, 0, hidden, callback, _(fields[i].cli_help), field_placeholder (&fields[i]));
}

/* The one help text that holds numbers is made here, kept with the
 * entries (the others are the catalog's translations). */
static const char *
other_option_help (Entries         *e,
                   const CliOption *o)
{
  char *size_help;

  if (o->help != NULL)
    return _(o->help);
  size_help = g_strdup_printf (_("size of the drawing in pixels: at most %u a side and %u pixels in all"),
                               TS_CLI_MAX_DRAWING_SIDE, TS_CLI_MAX_DRAWING_PIXELS);
  g_ptr_array_add (e->strings, size_help);
  return size_help;
}

static gboolean
option_applies (const CliOption *o,
                guint            commands)
{
  return (o->commands & commands) != 0;
}

/* A context has one entry per name: of the rows with the same name, the
 * one that applies to the command (or the first, where all or none do). */
static gboolean
option_row_shown (guint index,
                  guint commands)
{
  const CliOption *o = &other_options[index];

  for (guint i = 0; i < G_N_ELEMENTS (other_options); i++)
    {
      const CliOption *other = &other_options[i];

      if (i == index || !g_str_equal (other->name, o->name))
        continue;
      if (option_applies (other, commands) && !option_applies (o, commands))
        return FALSE;
      if (option_applies (other, commands) == option_applies (o, commands) && i < index)
        return FALSE;
    }
  return TRUE;
}

static void
add_other_entries (Entries *e,
                   guint    commands,
                   gboolean applies)
{
  for (guint i = 0; i < G_N_ELEMENTS (other_options); i++)
    {
      const CliOption *o = &other_options[i];

      if (option_applies (o, commands) == applies && option_row_shown (i, commands))
        entries_add (e, o->name, o->short_name, !applies, applies ? on_option : on_elsewhere,
                     other_option_help (e, o), g_strdup (_(o->placeholder)));
    }
}

gboolean
ts_cli_entries_name (gpointer    data,
                     const char *arg)
{
  Entries *e = data;

  for (guint i = 0; i < e->entries->len; i++)
    {
      const GOptionEntry *entry = &g_array_index (e->entries, GOptionEntry, i);

      if ((g_str_has_prefix (arg, "--") && g_str_equal (entry->long_name, arg + 2))
          || (entry->short_name != 0 && arg[0] == '-' && arg[1] == entry->short_name && arg[2] == '\0'))
        return TRUE;
    }
  return FALSE;
}

void
ts_cli_entries_free (gpointer data)
{
  Entries *e = data;

  g_array_unref (e->entries);
  g_ptr_array_unref (e->strings);
  g_free (e);
}

static Entries *
entries_new (GSList **owned)
{
  Entries *e = g_new0 (Entries, 1);

  e->entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  e->strings = g_ptr_array_new_with_free_func (g_free);
  *owned = g_slist_prepend (*owned, e);
  return e;
}

static void
add_group (GOptionContext *context,
           const char     *name,
           const char     *description,
           TsCliParser         *parser,
           Entries        *e)
{
  GOptionGroup *group = g_option_group_new (name, description, description, parser, NULL);

  g_option_group_add_entries (group, (const GOptionEntry *) (gpointer) e->entries->data);
  g_option_context_add_group (context, group);
}

/* The context of a command: the scenario group where the command reads
 * a scenario, the command's own group, and a hidden group of every other
 * option (refused with the reason). NONE: every option, for the whole
 * help. owned gets what the entries point to. */
GOptionContext *
ts_cli_command_context (TsCliCommand  command,
                        TsCliParser  *parser,
                        GSList      **owned)
{
  GOptionContext *context = g_option_context_new (NULL);
  guint commands = command == TS_CLI_COMMAND_NONE ? ALL_COMMANDS : COMMAND_BIT (command);
  Entries *e;

  /* --help is this parser's (see the top of the file) */
  g_option_context_set_help_enabled (context, FALSE);
  /* left in argv and refused by name, with this program's words */
  g_option_context_set_ignore_unknown_options (context, TRUE);

  e = entries_new (owned);
  add_scenario_entries (e, (commands & SCENARIO_COMMANDS) == 0);
  add_group (context, "scenario", _("Scenario options (estimate, pdf, draw, export):"), parser, e);

  e = entries_new (owned);
  add_other_entries (e, commands, TRUE);
  add_group (context, command == TS_CLI_COMMAND_NONE ? "other" : ts_cli_command_name (command),
             _("Other options:"), parser, e);

  e = entries_new (owned);
  add_other_entries (e, commands, FALSE);
  add_group (context, "elsewhere", "", parser, e);

  return context;
}

