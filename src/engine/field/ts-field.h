/* ts-field.h — the record of one input: of a scenario's table
 * (ts_scenario_fields ()) or of a custom model's architecture
 * (ts_arch_fields ()); reading, writing and checking a field of the
 * record its table describes; the text checks every text input uses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The layout inputs the engine chooses per option (issue 17): a flag set
 * means the field's value is only the old fixed default, one candidate of
 * the search; a flag clear means the user fixed the value. */
typedef enum
{
  TS_SEARCH_TP                = 1 << 0,
  TS_SEARCH_PP                = 1 << 1,
  TS_SEARCH_ZERO              = 1 << 2,
  TS_SEARCH_MICRO_BATCH       = 1 << 3,
  TS_SEARCH_CHECKPOINTING     = 1 << 4,
  TS_SEARCH_SEQUENCE_PARALLEL = 1 << 5,
  TS_SEARCH_EP                = 1 << 6,
  TS_SEARCH_CP                = 1 << 7,   /* context parallelism (sizing-model §8.9) */
} TsSearchFlags;

#define TS_SEARCH_ALL 0xffu

/* Text: a model name as long as a model file allows; ids and currency
 * codes shorter (an id is looked up and echoed in messages). */
#define TS_MAX_NAME_CHARS     200u
#define TS_MAX_ID_CHARS       200u
#define TS_MAX_CURRENCY_CHARS 8u

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

/* The field of key (or of its older key, alias) in table; NULL if none
 * or key is NULL. One find for both tables. */
const TsScenarioField *ts_field_table_find         (const TsScenarioField *table,
                                                    guint                  n_fields,
                                                    const char            *key);
/* Every field of table set to its default in record (the struct the
 * table describes); a STRING field's old text is freed. One loop for
 * both tables, so that they cannot drift in how a default is set. */
void                   ts_field_table_set_defaults (const TsScenarioField *table,
                                                    guint                  n_fields,
                                                    gpointer               record);

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
/* An ENUM or choice field from its name, or a STRING field from its text;
 * refused with a GError naming the field and what it takes. */
gboolean     ts_scenario_field_set_text    (const TsScenarioField *field,
                                            gpointer               record,
                                            const char            *text,
                                            GError               **error);
/* The choice holding value, or NULL. */
const TsFieldChoice *ts_scenario_field_choice (const TsScenarioField *field,
                                               int                    value);
/* Whether value (scenario units) is allowed: in range, whole for whole
 * kinds, one of the choices where there are choices. The message names
 * the field and the reason. */
gboolean     ts_scenario_field_check       (const TsScenarioField *field,
                                            double                 value,
                                            GError               **error);
/* Whether text is allowed in the STRING field: a currency code
 * (TS_FIELD_CURRENCY), else text of at most the field's max characters. */
gboolean     ts_scenario_field_check_text  (const TsScenarioField *field,
                                            const char            *text,
                                            GError               **error);
/* What the field accepts in words, in display units (“a whole number from
 * 1 to 10000000”, “full, lora, qlora”); translated. g_free () it. */
char        *ts_scenario_field_describe    (const TsScenarioField *field);

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
