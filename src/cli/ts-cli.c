/* ts-cli.c — trainsizer-cli: the headless front end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ts-cli-args.h"
#include "ts-cli-export.h"
#include "ts-cli-output.h"
#include "ts-cli-text.h"
#include "ts-engine.h"

#define EXIT_USAGE 2

/* A catalog named with --catalog is the one the user means: one that
 * cannot be read is an error (status 1, nothing written), not a quiet
 * fall back to the built-in catalog, whose figures would then be printed
 * as if they were the user's. (The window keeps its fallback: there the
 * user sees the warning.) */
static TsCatalog *
load_catalog (const TsCliArgs *args,
              GError         **error)
{
  if (args->catalog_path != NULL)
    return ts_catalog_new_with_overlay (args->catalog_path, error);
  return ts_catalog_new_builtin (error);
}

/* Messages may quote a file's contents (a catalog id): escaped like any
 * text from a file (ts-cli-text.c). */
static int
fail (GError *error,
      int     status)
{
  g_autofree char *message = ts_cli_escape_for_terminal (error->message);

  g_printerr ("trainsizer-cli: %s\n", message);
  g_error_free (error);
  return status;
}

/* What was printed must have reached stdout: a full disk or a closed
 * pipe (`> /dev/full`) is an error, not a success with lost output.
 * stdio only reports it when the buffer is flushed, so this is checked
 * once at the end, for every command. */
static int
finish_stdout (int status)
{
  gboolean failed = fflush (stdout) != 0 || ferror (stdout);
  int saved = errno;

  if (fclose (stdout) != 0 && !failed)
    {
      failed = TRUE;
      saved = errno;
    }
  if (!failed)
    return status;
  g_printerr ("trainsizer-cli: ");
  /* Translators: %s is the system's reason, e.g. “No space left on device” */
  g_printerr (_("Could not write the output: %s"), g_strerror (saved));
  g_printerr ("\n");
  return status == EXIT_SUCCESS ? EXIT_FAILURE : status;
}

#ifndef TS_CLI_WITH_RENDER
/* The drawing half of the command line: `pdf` and `draw` need cairo and
 * Pango, and linking them (with fontconfig, freetype, harfbuzz, pixman,
 * png, X libraries: 26 shared libraries) made every `estimate` and `list`
 * pay for loading them — a third of the process's start-up. So
 * trainsizer-cli links the engine only, and hands `pdf` and `draw` to
 * trainsizer-cli-render, the same program with the drawings, with the
 * same arguments. It is looked for beside this program (the build tree),
 * then at the libexec directory relative to it (a relocated or staged
 * install), then where it was installed. */
#define RENDER_HELPER "trainsizer-cli-render"

static int
run_render_helper (char **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self != NULL ? g_path_get_dirname (self) : NULL;
  g_autofree char *beside = dir != NULL ? g_build_filename (dir, RENDER_HELPER, NULL) : NULL;
  g_autofree char *relative = dir != NULL && !g_path_is_absolute (TS_CLI_LIBEXECDIR_RELATIVE)
                              ? g_build_filename (dir, "..", TS_CLI_LIBEXECDIR_RELATIVE, RENDER_HELPER, NULL)
                              : NULL;
  g_autofree char *installed = g_build_filename (TS_CLI_LIBEXECDIR, RENDER_HELPER, NULL);
  const char *candidates[] = { beside, relative, installed };
  int saved_errno = ENOENT;

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      if (candidates[i] == NULL || !g_file_test (candidates[i], G_FILE_TEST_IS_EXECUTABLE))
        continue;
      execv (candidates[i], argv);
      saved_errno = errno;  /* only reached when exec failed */
    }
  g_printerr ("trainsizer-cli: ");
  /* Translators: %s is a program name, then the system's reason */
  g_printerr (_("cannot run %s, the part that writes documents and drawings: %s"),
              RENDER_HELPER, g_strerror (saved_errno));
  g_printerr ("\n");
  return EXIT_FAILURE;
}
#endif

/* The scenario the command line names: a published run, a scenario file
 * or the defaults, with the command line's inputs applied. On failure,
 * returns NULL with *status the exit status (usage errors are 2). */
static TsScenario *
load_scenario (const TsCliArgs       *args,
               TsCatalog             *catalog,
               const TsPublishedRun **run,
               GError               **error,
               int                   *status)
{
  g_autoptr(TsScenario) scenario = NULL;

  *status = EXIT_FAILURE;
  *run = NULL;
  if (args->published_run != NULL)
    {
      *run = ts_published_run_find (args->published_run);
      if (*run == NULL || !ts_published_run_is_famous (*run))
        {
          g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                       _("No published run with the id “%s” (see “trainsizer-cli list runs”)"), args->published_run);
          return NULL;
        }
      if (args->scenario_path != NULL)
        {
          g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, "%s",
                       _("Give either --scenario or --published-run, not both"));
          *status = EXIT_USAGE;
          return NULL;
        }
      scenario = ts_published_run_dup_scenario (catalog, *run, error);
    }
  else if (args->scenario_path != NULL)
    scenario = ts_scenario_load_file (args->scenario_path, catalog, error);
  else
    scenario = ts_scenario_new ();
  if (scenario == NULL)
    return NULL;

  if (!ts_cli_args_apply (args, catalog, scenario, error))
    {
      int code = (*error)->code;

      *status = code == TS_ERROR_UNKNOWN_ID || code == TS_ERROR_SCENARIO
                || code == TS_ERROR_MODEL_FILE ? EXIT_FAILURE : EXIT_USAGE;
      return NULL;
    }
  return g_steal_pointer (&scenario);
}

/* `estimate`: the plan, and a published run's figures beside its
 * prediction in the text */
static void
print_estimate (const TsCliArgs      *args,
                TsCatalog            *catalog,
                const TsPlan         *plan,
                const TsPublishedRun *run)
{
  ts_cli_print_plan (plan, args->format);
  if (run != NULL && args->format == TS_CLI_FORMAT_TEXT)
    {
      g_autofree char *comparison = ts_published_run_dup_comparison (catalog, run, ts_plan_get_shown_option (plan));

      if (comparison != NULL)
        g_print ("\n%s\n", comparison);
    }
}

/* `bom`: the parts of the option every surface shows, as CSV
 * (docs/cluster-fabric.md §8) */
static gboolean
print_bom (const TsPlan *plan,
           GError      **error)
{
  const TsOption *shown = ts_plan_get_shown_option (plan);
  g_autoptr(TsBom) bom = NULL;
  g_autofree char *csv = NULL;

  if (shown == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, "%s", _("No option to list the parts of"));
      return FALSE;
    }
  bom = ts_option_build_bom (shown);
  csv = ts_bom_to_csv (bom);
  /* a short write is reported by finish_stdout () */
  fputs (csv, stdout);
  return TRUE;
}

static int
run_estimate_like (const TsCliArgs *args,
                   TsCatalog       *catalog)
{
  g_autoptr(TsScenario) scenario = NULL;
  g_autoptr(TsPlan) plan = NULL;
  const TsPublishedRun *run = NULL;
  GError *error = NULL;
  gboolean done = FALSE;
  int status;

  if (!ts_cli_check_outputs_read (args, catalog, &error))
    return fail (error, EXIT_USAGE);
  scenario = load_scenario (args, catalog, &run, &error, &status);
  if (scenario == NULL)
    return fail (error, status);

  plan = ts_plan_compute (catalog, scenario, &error);
  if (plan == NULL)
    return fail (error, EXIT_FAILURE);

  switch (args->command)
    {
    case TS_CLI_COMMAND_ESTIMATE:
      print_estimate (args, catalog, plan, run);
      return EXIT_SUCCESS;
    case TS_CLI_COMMAND_EXPORT:
      done = ts_cli_write_export (plan, args, &error);
      break;
    case TS_CLI_COMMAND_BOM:
      done = print_bom (plan, &error);
      break;
#ifdef TS_CLI_WITH_RENDER
    case TS_CLI_COMMAND_PDF:
      done = ts_cli_write_pdf (plan, args, &error);
      break;
    case TS_CLI_COMMAND_DRAW:
      done = ts_cli_write_drawing (plan, args, &error);
      break;
#else
    case TS_CLI_COMMAND_PDF:   /* handed to trainsizer-cli-render in main () */
    case TS_CLI_COMMAND_DRAW:
#endif
    case TS_CLI_COMMAND_NONE:
    case TS_CLI_COMMAND_HELP:
    case TS_CLI_COMMAND_VERSION:
    case TS_CLI_COMMAND_LIST:
    case TS_CLI_COMMAND_CATALOG_CHECK:
    case TS_CLI_COMMAND_CATALOG_EXPORT:
    default:
      g_assert_not_reached ();
    }
  return done ? EXIT_SUCCESS : fail (error, EXIT_FAILURE);
}


/* The servers a catalog file holds, without the one-GPU records the
 * catalog derives from them. */
static guint
count_products (const TsCatalog *catalog)
{
  guint n = 0;

  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    n += ts_catalog_get_server (catalog, i)->one_gpu_of == NULL;
  return n;
}

static int
run_catalog_check (const TsCliArgs *args)
{
  g_autoptr(TsCatalog) catalog = NULL;
  GError *error = NULL;

  catalog = ts_catalog_new_with_overlay (args->check_path, &error);
  if (catalog == NULL)
    return fail (error, EXIT_FAILURE);

  {
    guint n_models = ts_catalog_get_n_models (catalog);
    /* the file's servers: not the one-GPU records the catalog derives */
    guint n_servers = count_products (catalog);
    guint n_gpus = ts_catalog_get_n_gpus (catalog);
    /* Each count with its own plural: Russian has three forms per noun. */
    g_autofree char *models = g_strdup_printf (ngettext ("%u model", "%u models", n_models), n_models);
    g_autofree char *servers = g_strdup_printf (ngettext ("%u server", "%u servers", n_servers), n_servers);
    g_autofree char *gpus = g_strdup_printf (ngettext ("%u GPU", "%u GPUs", n_gpus), n_gpus);
    g_autofree char *path = ts_cli_escape_for_terminal (args->check_path);

    /* Translators: “catalog.json: valid; 14 models, 20 servers, 14 GPUs” */
    g_print (_("%s: valid; %s, %s, %s\n"), path, models, servers, gpus);
    if (ts_catalog_get_unused_note (catalog) != NULL)
      {
        g_autofree char *note = ts_cli_escape_for_terminal (ts_catalog_get_unused_note (catalog));

        g_print ("%s\n", note);
      }
  }
  return EXIT_SUCCESS;
}

/* Errors found while parsing (an unknown option, a missing value) and
 * --help must already speak the chosen language, so --lang is looked up
 * before the rest of the command line is parsed. */
static void
apply_lang_early (int    argc,
                  char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      const char *value = NULL;
      TsLang lang;

      if (g_strcmp0 (argv[i], "--lang") == 0 && i + 1 < argc)
        value = argv[i + 1];
      else if (g_str_has_prefix (argv[i], "--lang="))
        value = argv[i] + strlen ("--lang=");

      if (value != NULL && ts_i18n_parse_lang (value, &lang))
        ts_i18n_set_language (value);
    }
}

/* One command, once the command line is parsed: returns the exit status. */
static int
run_command (TsCliArgs *args)
{
  g_autoptr(TsCatalog) catalog = NULL;
  GError *error = NULL;
  int status = EXIT_SUCCESS;

  switch (args->command)
    {
    case TS_CLI_COMMAND_HELP:
    case TS_CLI_COMMAND_NONE:
      {
        g_autofree char *help = ts_cli_help_text (args->help_topic);

        fputs (help, stdout);
      }
      break;

    case TS_CLI_COMMAND_VERSION:
      g_print ("trainsizer-cli %s\n", PACKAGE_VERSION);
      break;

    case TS_CLI_COMMAND_CATALOG_CHECK:
      status = run_catalog_check (args);
      break;

    case TS_CLI_COMMAND_CATALOG_EXPORT:
      {
        g_autoptr(GBytes) bytes = ts_catalog_get_builtin_bytes ();
        gsize size = 0;
        const char *data = g_bytes_get_data (bytes, &size);

        /* a short write is reported by finish_stdout () */
        fwrite (data, 1, size, stdout);
      }
      break;

    case TS_CLI_COMMAND_LIST:
    case TS_CLI_COMMAND_ESTIMATE:
    case TS_CLI_COMMAND_PDF:
    case TS_CLI_COMMAND_DRAW:
    case TS_CLI_COMMAND_EXPORT:
    case TS_CLI_COMMAND_BOM:
      catalog = load_catalog (args, &error);
      if (catalog == NULL)
        return fail (error, EXIT_FAILURE);
      if (args->command == TS_CLI_COMMAND_LIST)
        ts_cli_print_list (catalog, args->list_what, args->format);
      else
        status = run_estimate_like (args, catalog);
      break;

    default:
      g_assert_not_reached ();
    }

  return status;
}

int
main (int    argc,
      char **argv)
{
  TsCliArgs args;
  GError *error = NULL;
  int status = EXIT_SUCCESS;

  ts_i18n_init ();
  apply_lang_early (argc, argv);
  ts_cli_args_init (&args);

  if (!ts_cli_args_parse (&args, argc, argv, &error))
    {
      status = fail (error, EXIT_USAGE);
      goto out;
    }

  if (args.lang != NULL)
    ts_i18n_set_language (args.lang);

#ifndef TS_CLI_WITH_RENDER
  if (args.command == TS_CLI_COMMAND_PDF || args.command == TS_CLI_COMMAND_DRAW)
    {
      status = run_render_helper (argv);
      goto out;
    }
#endif

  status = run_command (&args);

out:
  ts_cli_args_clear (&args);
  return finish_stdout (status);
}
