/* ts-cli-export.c — trainsizer-cli export
 *
 *   trainsizer-cli export --format deepspeed|accelerate|axolotl|llamafactory|megatron
 *                         [estimate options…] [--output FILE]
 *
 * The scenario options are exactly estimate's: this command takes out its
 * own two (--format, whose values differ from estimate's, and --output),
 * hands the rest to the estimate parser, and writes ts_export_plan ()'s
 * text for the plan's shown option.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "ts-cli-args.h"
#include "ts-cli-export.h"
#include "ts-engine.h"

#define EXIT_USAGE 2

typedef struct
{
  char      *format;
  char      *output;
  gboolean   help;
  GPtrArray *rest;   /* argv for the estimate parser */
} ExportArgs;

static void
export_args_clear (ExportArgs *a)
{
  g_clear_pointer (&a->format, g_free);
  g_clear_pointer (&a->output, g_free);
  g_clear_pointer (&a->rest, g_ptr_array_unref);
}

static int
report (GError *error,
        int     status)
{
  g_printerr ("trainsizer-cli: %s\n", error->message);
  g_error_free (error);
  return status;
}

/* --name VALUE or --name=VALUE; FALSE with *value NULL when the value is missing. */
static gboolean
take_own_option (char      **argv,
                 int         argc,
                 int        *i,
                 const char *name,
                 char      **value)
{
  gsize len = strlen (name);

  if (strncmp (argv[*i], name, len) != 0)
    return FALSE;
  if (argv[*i][len] == '=')
    *value = g_strdup (argv[*i] + len + 1);
  else if (argv[*i][len] != '\0')
    return FALSE;
  else if (*i + 1 < argc)
    *value = g_strdup (argv[++(*i)]);
  return TRUE;
}

static gboolean
split_arguments (int          argc,
                 char       **argv,
                 ExportArgs  *a,
                 GError     **error)
{
  a->rest = g_ptr_array_new ();
  g_ptr_array_add (a->rest, argv[0]);
  g_ptr_array_add (a->rest, (char *) "estimate");

  /* The values end up in messages and file names: text only, as estimate */
  for (int i = 1; i < argc; i++)
    if (!g_utf8_validate (argv[i], -1, NULL))
      {
        g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("An argument is not valid UTF-8 text"));
        return FALSE;
      }

  for (int i = 2; i < argc; i++)
    {
      char *value = NULL;
      const char *name = NULL;

      if (g_strcmp0 (argv[i], "--help") == 0 || g_strcmp0 (argv[i], "-h") == 0)
        a->help = TRUE;
      else if (take_own_option (argv, argc, &i, "--format", &value))
        name = "--format", g_free (a->format), a->format = value;
      else if (take_own_option (argv, argc, &i, "--output", &value)
               || take_own_option (argv, argc, &i, "-o", &value))
        name = "--output", g_free (a->output), a->output = value;
      else
        g_ptr_array_add (a->rest, argv[i]);

      if (name != NULL && (value == NULL || *value == '\0'))
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("Option %s needs a value"), name);
          return FALSE;
        }
    }
  g_ptr_array_add (a->rest, NULL);
  return TRUE;
}

static void
print_help (void)
{
  g_print ("%s\n", _("Usage:"));
  g_print ("  trainsizer-cli export --format deepspeed|accelerate|axolotl|llamafactory|megatron "
           "(--model ID | --params N | --model-file FILE | --scenario FILE) [OPTION…] [--output FILE]\n\n");
  g_print ("%s\n", _("Writes the training configuration of the recommended option (its parallel layout, servers and GPUs) for the chosen framework, to FILE or to the standard output. Every estimate option applies; see trainsizer-cli estimate --help."));
}

static gboolean
write_text (const char  *text,
            const char  *path,
            GError     **error)
{
  if (path == NULL)
    {
      if (fputs (text, stdout) < 0 || fflush (stdout) != 0)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_IO, _("Could not write the configuration: %s"), g_strerror (errno));
          return FALSE;
        }
      return TRUE;
    }
  /* Atomic: an interrupted export never leaves half a file behind. */
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}

static int
export_plan (const TsCliArgs *args,
             TsExportFormat   format,
             const char      *output)
{
  g_autoptr(TsCatalog) catalog = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *text = NULL;
  GError *error = NULL;

  catalog = ts_catalog_new_with_fallback (args->catalog_path, &warning, &error);
  if (warning != NULL)
    g_printerr ("trainsizer-cli: %s\n", warning);
  if (catalog == NULL)
    return report (error, EXIT_FAILURE);

  scenario = args->scenario_path != NULL ? ts_scenario_load_file (args->scenario_path, catalog, &error)
                                         : ts_scenario_new ();
  if (scenario == NULL)
    return report (error, EXIT_FAILURE);
  if (!ts_cli_args_apply (args, catalog, scenario, &error))
    return report (error, error->code == TS_ERROR_UNKNOWN_ID || error->code == TS_ERROR_MODEL_FILE
                          ? EXIT_FAILURE : EXIT_USAGE);

  plan = ts_plan_compute (catalog, scenario, &error);
  if (plan == NULL || (text = ts_export_plan (plan, format, &error)) == NULL)
    return report (error, EXIT_FAILURE);
  if (!write_text (text, output, &error))
    return report (error, EXIT_FAILURE);
  return EXIT_SUCCESS;
}

int
ts_cli_export_main (int    argc,
                    char **argv)
{
  ExportArgs a = { 0 };
  TsCliArgs args;
  TsExportFormat format;
  GError *error = NULL;
  int status;

  ts_cli_args_init (&args);
  if (!split_arguments (argc, argv, &a, &error))
    status = report (error, EXIT_USAGE);
  else if (a.help)
    {
      print_help ();
      status = EXIT_SUCCESS;
    }
  else if (a.format == NULL || !ts_export_format_from_string (a.format, &format))
    {
      g_printerr ("trainsizer-cli: ");
      if (a.format == NULL)
        g_printerr ("%s\n", _("Command export needs --format deepspeed, accelerate, axolotl, llamafactory or megatron"));
      else
        g_printerr (_("Option --format accepts deepspeed, accelerate, axolotl, llamafactory or megatron, not “%s”\n"), a.format);
      status = EXIT_USAGE;
    }
  else if (!ts_cli_args_parse (&args, (int) a.rest->len - 1, (char **) a.rest->pdata, &error))
    status = report (error, EXIT_USAGE);
  else
    {
      if (args.lang != NULL)
        ts_i18n_set_language (args.lang);
      status = export_plan (&args, format, a.output);
    }

  ts_cli_args_clear (&args);
  export_args_clear (&a);
  return status;
}
