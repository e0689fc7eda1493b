/* ts-scenario-fields.h — the one table of a scenario's inputs
 *
 * Every input a user can set (except the model, which has a door of its
 * own) is one row here: its scenario-file key, its CLI option, its kind and
 * place in TsScenario, its range and default, the names of its values, and
 * the words and hints a form shows. Defaults, validation, the scenario
 * file, the CLI's options and --help read this table; a form builds its
 * rows from it. Adding an input is one row here and the struct member.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-scenario-types.h"

G_BEGIN_DECLS

typedef enum
{
  TS_FIELD_UINT,    /* guint */
  TS_FIELD_INT,     /* int whose choices name every value (ZeRO stage: -1 = automatic) */
  TS_FIELD_DOUBLE,  /* double */
  TS_FIELD_BOOL,    /* gboolean */
  TS_FIELD_ENUM,    /* an int-sized C enum, written by its choices' names */
  TS_FIELD_STRING,  /* char *, owned by the scenario */
} TsFieldKind;

/* Where a form shows the field; NONE: no form row (yet). */
typedef enum
{
  TS_FIELD_GROUP_NONE,
  TS_FIELD_GROUP_METHOD,
  TS_FIELD_GROUP_WORKLOAD,
  TS_FIELD_GROUP_HARDWARE,
  TS_FIELD_GROUP_ADVANCED,
  TS_FIELD_GROUP_SITE,
  TS_N_FIELD_GROUPS
} TsFieldGroup;

typedef enum
{
  /* the CLI reads a count with a K/M/B/T suffix in scenario units (“10B”
   * tokens) instead of a number in display units */
  TS_FIELD_CLI_COUNT   = 1 << 0,
  /* means nothing to full training: the CLI refuses it there */
  TS_FIELD_ADAPTER     = 1 << 1,
  /* means something to QLoRA only */
  TS_FIELD_QLORA       = 1 << 2,
  /* a catalog id: the CLI checks it against the catalog when applied */
  TS_FIELD_SERVER_ID   = 1 << 3,
  /* a currency code (ts_scenario_check_currency ()) */
  TS_FIELD_CURRENCY    = 1 << 4,
  /* An architecture field (ts_arch_fields ()) that 0 leaves “not given”:
   * ts_architecture_derive () fills it from the others, so every reader
   * (catalog, model file, scenario file) takes 0 for it */
  TS_FIELD_ZERO_DERIVED = 1 << 5,
  /* written to a scenario file only when the model uses latent attention;
   * a catalog may leave it out */
  TS_FIELD_IF_MLA      = 1 << 6,
  /* written only when not 0/false; a catalog may leave it out (newer
   * details of imported families) */
  TS_FIELD_IF_SET      = 1 << 7,
  /* always written, but a catalog may leave it out (false): it came after
   * the first catalogs */
  TS_FIELD_LATE        = 1 << 8,
} TsFieldFlags;

/* One allowed value of an ENUM field, or of a UINT/INT field that takes
 * only some values (phases 1 or 3; ZeRO -1…3). name is the file's and the
 * CLI's (a public interface: add, never rename); label is for people
 * (marked for translation: show it translated). */
typedef struct
{
  int         value;
  const char *name;
  const char *label;
  const char *sheet_label;  /* the fuller words of a printed document; NULL = label */
} TsFieldChoice;

/* One input: of a TsScenario (ts_scenario_fields ()), or of the
 * TsArchitecture of a custom model (ts_arch_fields (), whose records use
 * only key, kind, offset, range, default, choices, name, label and
 * flags). The accessors below read and write a field in the struct its
 * table describes, by kind and offset. */
typedef struct
{
  const char          *key;          /* the scenario file's member */
  const char          *cli_name;     /* the CLI's long option, without “--” */
  TsFieldKind          kind;
  gsize                offset;       /* G_STRUCT_OFFSET into TsScenario (TsArchitecture) */
  double               min;          /* in scenario units; for STRING, 0 … max characters */
  double               max;
  double               default_value;
  const char          *default_text; /* STRING only */
  double               scale;        /* a form and the CLI show value / scale (tokens in billions) */
  TsFieldGroup         group;
  guint                position;     /* order within the group, from 0 */
  double               step;         /* form hints, in display units */
  guint                digits;
  const TsFieldChoice *choices;
  guint                n_choices;
  const char          *name;         /* translatable: the input in messages (“Sequence length”) */
  const char          *label;        /* translatable: a form row's title */
  const char          *subtitle;     /* translatable: a form row's subtitle, or NULL */
  const char          *cli_help;     /* translatable: the line of --help */
  const char          *accepts;      /* translatable: what a choice-valued number takes, or NULL */
  TsSearchFlags        search_flag;  /* what setting it fixes; 0 = none */
  guint                flags;        /* TsFieldFlags */
  const char          *alias;        /* an older key (the window's “runtime_overhead”), or NULL */
} TsScenarioField;

/* Every field, in the scenario file's order. */
const TsScenarioField *ts_scenario_fields                (guint                 *n_fields);
/* By file key (or alias), or by CLI name (with or without “--”). NULL if none. */
const TsScenarioField *ts_scenario_field_find            (const char            *key);
const TsScenarioField *ts_scenario_field_find_cli        (const char            *cli_name);
/* A form's rows: the fields of group in display order (free the array
 * with g_free; the fields are static). */
const TsScenarioField **ts_scenario_fields_in_group      (TsFieldGroup           group,
                                                          guint                 *n_fields);

/* The value in record (the TsScenario, or the TsArchitecture of an
 * architecture field) as a double (UINT, INT, DOUBLE, BOOL 0/1, ENUM's
 * int) in scenario units; NAN for a STRING. */
double       ts_scenario_field_get_double  (const TsScenarioField *field,
                                            gconstpointer          record);
/* Sets a non-STRING field (a double is truncated toward zero for whole
 * kinds); the caller validates first. Does not touch scenario->searched. */
void         ts_scenario_field_set_double  (const TsScenarioField *field,
                                            gpointer               record,
                                            double                 value);
/* The value as the CLI takes it: an enum's or choice's name, “on” or
 * “off”, a number in display units (value / scale, exact; a
 * TS_FIELD_CLI_COUNT field in scenario units), the string.
 * Free with g_free (). */
char        *ts_scenario_field_get_text    (const TsScenarioField *field,
                                            const TsScenario      *scenario);
/* An ENUM or choice field from its name, or a STRING field from its text;
 * refused with a GError naming the field and what it takes. */
gboolean     ts_scenario_field_set_text    (const TsScenarioField *field,
                                            gpointer               record,
                                            const char            *text,
                                            GError               **error);
/* The input of key in words, translated (its name: “Sequence length”),
 * as a document's row names it; "" for an unknown key. */
const char  *ts_scenario_field_title       (const char            *key);
/* The label of the choice value of the field key as a printed document
 * shows it (its sheet_label, else its label), translated; "" if none. */
const char  *ts_scenario_field_sheet_label (const char            *key,
                                            int                    value);
/* The choice holding value, or NULL. */
const TsFieldChoice *ts_scenario_field_choice (const TsScenarioField *field,
                                               int                    value);
/* Whether value (scenario units) is allowed: in range, whole for whole
 * kinds, one of the choices where there are choices. The message names
 * the field and the reason. */
gboolean     ts_scenario_field_check       (const TsScenarioField *field,
                                            double                 value,
                                            GError               **error);
/* The same for a field's value in scenario. */
gboolean     ts_scenario_field_validate    (const TsScenarioField *field,
                                            const TsScenario      *scenario,
                                            GError               **error);
/* What the field accepts in words, in display units (“a whole number from
 * 1 to 10000000”, “full, lora, qlora”); translated. g_free () it. */
char        *ts_scenario_field_describe    (const TsScenarioField *field);
/* Every field set to its default (ts_scenario_init_defaults). */
void         ts_scenario_fields_set_defaults (TsScenario          *scenario);

/* ---- the architecture of a custom model (ts-arch-fields.c) ---- */

/* The architecture's fields are records of the same kind as the
 * scenario's: counts (TS_FIELD_UINT), switches (TS_FIELD_BOOL) and the
 * MLP's kind by name (TS_FIELD_ENUM of TsMlpKind), by these names where
 * the plan's JSON writes them. */
typedef TsScenarioField TsArchField;

/* In the scenario file's order: the one place of each field's name,
 * range and default; the catalog, the model file, the scenario file, an
 * imported config and ts_architecture_validate () read them here. */
const TsArchField *ts_arch_fields              (guint                  *n_fields);
const TsArchField *ts_arch_field_find          (const char             *key);
/* The value as a whole number (a switch 0/1, the MLP's TsMlpKind). */
guint              ts_arch_field_get           (const TsArchField      *field,
                                                const TsArchitecture   *arch);
/* Whether a file's value is in the field's range and whole; the message
 * says what the field takes (“must be a whole number from 1 to 10000”),
 * for the reader to put after the file and the field. */
gboolean           ts_arch_field_check         (const TsArchField      *field,
                                                double                  value,
                                                GError                **error);
/* Every field at its default (MLP SwiGLU, the rest 0: not given). */
void               ts_arch_fields_set_defaults (TsArchitecture         *arch);

/* A currency code: 1 to TS_MAX_CURRENCY_CHARS characters of UTF-8, no
 * white space, no control characters or direction marks (“RUB”, “₽”). */
gboolean    ts_scenario_check_currency   (const char       *currency,
                                          GError          **error);
/* Text a user typed or a file carried, shown on screen and in documents:
 * valid UTF-8, at most max_chars characters, none of the C0/C1 controls
 * (ESC…), line separators or bidirectional marks and overrides (U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069, U+061C) that would hide or
 * reorder what is shown. field names it in the message (translated). */
gboolean    ts_scenario_check_text       (const char       *text,
                                          const char       *field,
                                          guint             max_chars,
                                          GError          **error);
/* A model's name, from any door (a scenario file, a model file, the
 * window, the catalog's check): text as above of at most
 * TS_MAX_NAME_CHARS, and not blanks alone, which would show as nothing. */
gboolean    ts_scenario_check_name       (const char       *name,
                                          GError          **error);
/* The characters ts_scenario_check_text () refuses: the one list for
 * every reader (the catalog's too). */
gboolean    ts_scenario_char_is_hidden   (gunichar          c);

G_END_DECLS
