/* ts-cli-args.c — the command line of trainsizer-cli
 *
 * The command comes first (and the positional argument of list and
 * catalog check); then the command's GOptionContext (ts-cli-options.c)
 * parses the rest: every command, export too, has its group there. An
 * option of another command would be “unknown” to a context: those sit
 * in a hidden group that refuses them with the reason.
 *
 * Two things are still read by hand before GOptionContext, because it
 * cannot do them:
 * - --help: GOptionContext prints its help and exits the process, and
 *   this parser has no side effects (it is tested and fuzzed); and --help
 *   anywhere wins over a bad value before or after it, where a parse stops
 *   at the first error. So --help is looked for first (skipping option
 *   values: “--customer -h” names a customer), and the help text is asked
 *   of the contexts (ts_cli_help_text ()).
 * - an option last on the line without its value: GOptionContext would
 *   say “Missing argument for --seq-len” in its own words, not in this
 *   program's (“Option --seq-len needs a value”).
 * (main () also looks for --lang before parsing, so that the messages of
 * the parse are in that language.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ts-cli-options.h"

static gboolean
is_help_option (const char *arg)
{
  return g_strcmp0 (arg, "--help") == 0 || g_strcmp0 (arg, "-h") == 0;
}

/* Every option of trainsizer-cli takes a value. */
static gboolean
option_is_known (const char *arg)
{
  GSList *owned = NULL;
  g_autoptr(GOptionContext) context = ts_cli_command_context (TS_CLI_COMMAND_NONE, NULL, &owned);
  gboolean known = FALSE;

  for (GSList *l = owned; l != NULL && !known; l = l->next)
    known = ts_cli_entries_name (l->data, arg);
  g_clear_pointer (&context, g_option_context_free);
  g_slist_free_full (owned, ts_cli_entries_free);
  return known;
}

/* The options from argv[first] on, for args->command; --help anywhere
 * among them asks for the help of help_topic instead. */
static gboolean
parse_options (TsCliArgs   *args,
               int          argc,
               char       **argv,
               int          first,
               const char  *help_topic,
               GError     **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  TsCliParser parser = { args, seen };
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) rest = g_new0 (char *, argc - first + 2);
  GSList *owned = NULL;
  gboolean ok;

  /* an option's value is skipped: “--customer -h” names a customer */
  for (int i = first; i < argc; i++)
    if (option_is_known (argv[i]) && strchr (argv[i], '=') == NULL)
      i++;
    else if (is_help_option (argv[i]))
      {
        g_free (args->help_topic);
        args->help_topic = g_strdup (help_topic);
        args->command = TS_CLI_COMMAND_HELP;
        return TRUE;
      }

  /* GOption would say “Missing argument for --seq-len” in its own words */
  if (argc > first && g_str_has_prefix (argv[argc - 1], "-") && strchr (argv[argc - 1], '=') == NULL
      && option_is_known (argv[argc - 1]))
    return ts_cli_usage_error (error, _("Option %s needs a value"), argv[argc - 1]);

  rest[0] = g_strdup ("trainsizer-cli");
  for (int i = first; i < argc; i++)
    rest[i - first + 1] = g_strdup (argv[i]);

  context = ts_cli_command_context (args->command, &parser, &owned);
  ok = g_option_context_parse_strv (context, &rest, error);
  /* the context points at the entries' text: it goes first */
  g_clear_pointer (&context, g_option_context_free);
  g_slist_free_full (owned, ts_cli_entries_free);
  if (!ok)
    {
      /* GOption's own errors (a value missing at the end) are usage errors too */
      if (error != NULL && *error != NULL && (*error)->domain != TS_ERROR)
        {
          (*error)->domain = TS_ERROR;
          (*error)->code = TS_ERROR_INVALID_INPUT;
        }
      return FALSE;
    }
  /* what GOption left: an option no command has, or a stray argument */
  if (rest[1] != NULL && rest[1][0] == '-' && rest[1][1] != '\0')
    {
      g_autofree char *name = g_strndup (rest[1], strcspn (rest[1], "="));

      return ts_cli_usage_error (error, _("Unknown option %s (see --help)"), name);
    }
  if (rest[1] != NULL)
    return ts_cli_usage_error (error, _("Unexpected argument “%s”"), rest[1]);
  return TRUE;
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
    { "--model-file", ts_cli_setting_value (args, "--model-file") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      for (guint j = i + 1; j < G_N_ELEMENTS (outputs); j++)
        if (same_file (outputs[i].path, outputs[j].path))
          return ts_cli_usage_error (error, _("Options %s and %s name the same file “%s”: give each its own"),
                              outputs[i].option, outputs[j].option, outputs[j].path);
      for (guint j = 0; j < G_N_ELEMENTS (inputs); j++)
        if (same_file (outputs[i].path, inputs[j].path))
          return ts_cli_usage_error (error, _("Option %s would overwrite the file of %s, “%s”"),
                              outputs[i].option, inputs[j].option, outputs[i].path);
    }
  return TRUE;
}

gboolean
ts_cli_check_outputs_read (const TsCliArgs  *args,
                           const TsCatalog  *catalog,
                           GError          **error)
{
  const struct { const char *option; const char *path; } outputs[] = {
    { "--output", args->output_path }, { "--png", args->png_path }, { "--svg", args->svg_path },
  };
  const char *logo = catalog != NULL ? ts_catalog_get_vendor_logo (catalog) : NULL;

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    if (same_file (outputs[i].path, logo))
      return ts_cli_usage_error (error, _("Option %s would overwrite the catalog's vendor logo, “%s”"),
                                 outputs[i].option, outputs[i].path);
  return TRUE;
}

/* What a command cannot do without, once its options are read: a file
 * to write, a framework to write for, a drawing of a size that fits; and
 * no file written twice or over an input. */
static gboolean
check_required (const TsCliArgs  *args,
                GError          **error)
{
  TsCliCommand command = args->command;

  if (command == TS_CLI_COMMAND_PDF && args->output_path == NULL)
    return ts_cli_usage_error (error, _("Command pdf needs --output FILE"));
  if (command == TS_CLI_COMMAND_DRAW && args->png_path == NULL && args->svg_path == NULL)
    return ts_cli_usage_error (error, _("Command draw needs --png FILE or --svg FILE"));
  if (command == TS_CLI_COMMAND_DRAW && (guint64) args->width * args->height > TS_CLI_MAX_DRAWING_PIXELS)
    return ts_cli_usage_error (error, _("A drawing of %u × %u pixels is too large: at most %u pixels in all"),
                               args->width, args->height, TS_CLI_MAX_DRAWING_PIXELS);
  if (command == TS_CLI_COMMAND_EXPORT && !args->has_export_format)
    return ts_cli_usage_error (error, _("Command export needs --format deepspeed, accelerate, axolotl, llamafactory or megatron"));
  return check_outputs_distinct (args, error);
}

/* estimate, pdf, draw and export: a scenario's options and the
 * command's own, all after the command's name. */
static gboolean
parse_scenario_command (TsCliArgs     *args,
                        TsCliCommand   command,
                        int            argc,
                        char         **argv,
                        GError       **error)
{
  args->command = command;
  if (!parse_options (args, argc, argv, 2, ts_cli_command_name (command), error))
    return FALSE;
  /* --help was asked for: nothing else is checked */
  return args->command != command || check_required (args, error);
}

static gboolean
parse_list (TsCliArgs  *args,
            int         argc,
            char      **argv,
            GError    **error)
{
  static const char *const what[] = { "models", "servers", "gpus", "runs", "storage", NULL };

  args->command = TS_CLI_COMMAND_LIST;
  if (argc >= 3 && is_help_option (argv[2]))
    {
      args->command = TS_CLI_COMMAND_HELP;
      args->help_topic = g_strdup ("list");
      return TRUE;
    }
  if (argc < 3 || !g_strv_contains (what, argv[2]))
    return ts_cli_usage_error (error, _("Command list accepts models, servers, gpus, runs or storage"));
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
    return ts_cli_usage_error (error, _("Usage: trainsizer-cli catalog check FILE"));
  args->check_path = g_strdup (argv[3]);
  return parse_options (args, argc, argv, 4, "catalog", error);
}

gboolean
ts_cli_args_parse (TsCliArgs  *args,
                   int         argc,
                   char      **argv,
                   GError    **error)
{
  static const TsCliCommand scenario_commands[] = {
    TS_CLI_COMMAND_ESTIMATE, TS_CLI_COMMAND_PDF, TS_CLI_COMMAND_DRAW, TS_CLI_COMMAND_EXPORT,
    TS_CLI_COMMAND_BOM,
  };
  const char *command;

  /* Every argument ends up in a message or a scenario string; checking them
   * all here keeps invalid UTF-8 out of both (an option's value is a
   * separate argument that parse_options () would not see on its own). */
  for (int i = 1; i < argc; i++)
    if (!g_utf8_validate (argv[i], -1, NULL))
      return ts_cli_usage_error (error, _("An argument is not valid UTF-8 text"));

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
        return ts_cli_usage_error (error, _("Unexpected argument “%s”"), argv[2]);
      return TRUE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (scenario_commands); i++)
    if (g_strcmp0 (command, ts_cli_command_name (scenario_commands[i])) == 0)
      return parse_scenario_command (args, scenario_commands[i], argc, argv, error);
  if (g_strcmp0 (command, "list") == 0)
    return parse_list (args, argc, argv, error);
  if (g_strcmp0 (command, "catalog") == 0)
    return parse_catalog (args, argc, argv, error);

  return ts_cli_usage_error (error, _("Unknown command “%s”: use estimate, export, bom, list, catalog check, pdf or draw (see --help)"),
                      command);
}

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
  g_clear_pointer (&args->published_run, g_free);
  g_clear_pointer (&args->output_path, g_free);
  g_clear_pointer (&args->png_path, g_free);
  g_clear_pointer (&args->svg_path, g_free);
  g_clear_pointer (&args->drawing, g_free);
  g_clear_pointer (&args->help_topic, g_free);
  g_clear_pointer (&args->settings, g_array_unref);
  g_clear_pointer (&args->customer, g_free);
  g_clear_pointer (&args->project, g_free);
}


/* ---- help ------------------------------------------------------------------ */

/* The command a help topic names (“estimate”, “catalog”, “catalog check”),
 * or NONE for the whole help. Both catalog commands share one topic. */
static TsCliCommand
command_from_topic (const char *topic)
{
  static const struct { const char *topic; TsCliCommand command; } topics[] = {
    { "estimate", TS_CLI_COMMAND_ESTIMATE }, { "list", TS_CLI_COMMAND_LIST },
    { "catalog", TS_CLI_COMMAND_CATALOG_CHECK }, { "pdf", TS_CLI_COMMAND_PDF },
    { "draw", TS_CLI_COMMAND_DRAW }, { "export", TS_CLI_COMMAND_EXPORT },
    { "bom", TS_CLI_COMMAND_BOM },
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
    g_string_append (help, _("  trainsizer-cli estimate (--model ID | --params N | --model-file FILE | --scenario FILE) [--method full|lora|qlora] [OPTION…] [--format json|text|csv] [--lang ru|en]\n"));
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_EXPORT)))
    g_string_append (help, _("  trainsizer-cli export --format deepspeed|accelerate|axolotl|llamafactory|megatron (--model ID | --params N | --model-file FILE | --scenario FILE) [OPTION…] [--output FILE]\n"));
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_BOM)))
    g_string_append (help, _("  trainsizer-cli bom (--model ID | --params N | --model-file FILE | --scenario FILE) [OPTION…]: the shown option's bill of materials as CSV\n"));
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_LIST)))
    g_string_append (help, "  trainsizer-cli list models|servers|gpus|runs|storage [--format json|text]\n");
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_CATALOG_CHECK)))
    {
      g_string_append (help, _("  trainsizer-cli catalog check FILE\n"));
      g_string_append (help, "  trainsizer-cli catalog export\n");
    }
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_PDF)))
    g_string_append (help, _("  trainsizer-cli pdf (--scenario FILE | estimate options…) --output FILE [--lang ru|en] [--customer NAME] [--project NAME]\n"));
  if (topic_shows (only, COMMAND_BIT (TS_CLI_COMMAND_DRAW)))
    g_string_append (help, _("  trainsizer-cli draw (--scenario FILE | estimate options…) --drawing memory|comparison|rack|power|time|summary|network (--png FILE | --svg FILE) [--width N] [--height N]\n"));
  if (only == TS_CLI_COMMAND_NONE)
    g_string_append (help, "  trainsizer-cli --help | --version\n");
  g_string_append (help, "\n");
}

/* The option list of GOptionContext, without the usage line it always
 * starts with: that line reads “trainsizer-cli [OPTION…]”, where a command's
 * usage is “trainsizer-cli COMMAND [OPTION…]”, so the usage lines above
 * stand in its place. */
static void
append_options (GString      *help,
                TsCliCommand  only)
{
  GSList *owned = NULL;
  g_autoptr(GOptionContext) context = ts_cli_command_context (only, NULL, &owned);
  g_autofree char *text = g_option_context_get_help (context, FALSE, NULL);
  const char *list = strstr (text, "\n\n");

  g_string_append (help, list != NULL ? list + 2 : text);
  g_clear_pointer (&context, g_option_context_free);
  g_slist_free_full (owned, ts_cli_entries_free);
}

char *
ts_cli_help_text (const char *topic)
{
  GString *help = g_string_new (NULL);
  TsCliCommand only = command_from_topic (topic);

  g_string_append_printf (help, "%s\n\n", _("trainsizer-cli — size hardware for training neural networks"));
  append_usage (help, only);
  append_options (help, only);
  g_string_append_printf (help, "%s\n", _("Exit status: 0 on success, 1 when the engine refuses the input, 2 on a usage error."));

  return g_string_free (help, FALSE);
}
