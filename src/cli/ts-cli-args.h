/* ts-cli-args.h — the command line of trainsizer-cli, parsed without side
 * effects (so it can be tested and fuzzed)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-engine.h"

G_BEGIN_DECLS

typedef enum
{
  TS_CLI_COMMAND_NONE,
  TS_CLI_COMMAND_HELP,
  TS_CLI_COMMAND_VERSION,
  TS_CLI_COMMAND_ESTIMATE,
  TS_CLI_COMMAND_LIST,
  TS_CLI_COMMAND_CATALOG_CHECK,
  TS_CLI_COMMAND_CATALOG_EXPORT,
  TS_CLI_COMMAND_PDF,
  TS_CLI_COMMAND_DRAW,
  TS_CLI_COMMAND_EXPORT,
  TS_CLI_COMMAND_BOM,
} TsCliCommand;

/* The largest drawing `draw` writes: 8192 pixels (PNG) or points (SVG) a
 * side, and 32 megapixels in all (128 MiB as 32-bit pixels), which a
 * drawing renders in about a second. 32767 × 32767, cairo's own limit,
 * took 30 s and 4.2 GB. */
#define TS_CLI_MAX_DRAWING_SIDE    8192u
#define TS_CLI_MAX_DRAWING_PIXELS  (8192u * 4096u)
/* The values of --drawing: ts_drawing_to_string ()'s names, in its order
 * (the option parser does not link the drawings; test-render checks them). */
#define TS_CLI_DRAWING_NAMES "memory", "comparison", "rack", "power", "time", "summary", "network"

typedef enum
{
  TS_CLI_FORMAT_TEXT,
  TS_CLI_FORMAT_JSON,
  TS_CLI_FORMAT_CSV,    /* estimate only: the options table, as the window's Export CSV */
} TsCliFormat;

/* An option as given, applied to a scenario once the catalog is loaded.
 * Its value was read and range-checked while parsing: number holds it in
 * scenario units (NAN for text, names and “auto”). */
typedef struct
{
  const char *name;    /* “--seq-len” */
  char       *value;   /* as typed */
  double      number;
} TsCliSetting;

typedef struct
{
  TsCliCommand  command;
  TsCliFormat   format;
  char         *lang;          /* NULL = the environment's */
  char         *catalog_path;
  char         *list_what;     /* models, servers, gpus */
  char         *check_path;
  char         *scenario_path;
  char         *published_run; /* a famous run's id (ts-validation.h) */
  char         *output_path;
  char         *png_path;
  char         *svg_path;
  char         *drawing;       /* memory, comparison, rack, power, time */
  guint         width;         /* of a drawing; 0 = the default */
  guint         height;        /* of a drawing; 0 = the drawing's own */
  char         *help_topic;
  GArray       *settings;      /* TsCliSetting, in order */
  char         *customer;      /* pdf: the document's, not the scenario's; NULL = none */
  char         *project;
  guint         dp;            /* --dp, the data-parallel degree; 0 = not given */
  gboolean      has_export_format;
  TsExportFormat export_format; /* export: the framework, once has_export_format */
} TsCliArgs;

void      ts_cli_args_init   (TsCliArgs        *args);
void      ts_cli_args_clear  (TsCliArgs        *args);
/* Errors here are usage errors: the caller exits with status 2. */
gboolean  ts_cli_args_parse  (TsCliArgs        *args,
                              int               argc,
                              char            **argv,
                              GError          **error);
/* Applies the scenario options to scenario; errors are usage errors too,
 * unless they are TS_ERROR_UNKNOWN_ID or TS_ERROR_MODEL_FILE (engine
 * errors, status 1). */
gboolean  ts_cli_args_apply  (const TsCliArgs  *args,
                              const TsCatalog  *catalog,
                              TsScenario       *scenario,
                              GError          **error);
/* No output over a file the catalog names and the command reads (the
 * vendor's logo): checked once the catalog is loaded, as the options'
 * own inputs are by ts_cli_args_parse (). A usage error. */
gboolean  ts_cli_check_outputs_read (const TsCliArgs  *args,
                                     const TsCatalog  *catalog,
                                     GError          **error);
char     *ts_cli_help_text   (const char       *topic);

G_END_DECLS
