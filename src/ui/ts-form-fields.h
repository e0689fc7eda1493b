/* ts-form-fields.h — the scenario's fields that the form shows as rows
 *
 * The engine's tables of scenario inputs and of a custom model's
 * architecture (ts-scenario.h) seen as form controls: each field's
 * key, its group in the form, the kind of control, its words and the
 * engine's range. The form makes its rows from them, the tests reach
 * every control through them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-engine.h"

G_BEGIN_DECLS

typedef enum
{
  TS_FORM_GROUP_METHOD,
  TS_FORM_GROUP_WORKLOAD,
  TS_FORM_GROUP_HARDWARE,
  TS_FORM_GROUP_ADVANCED,
  TS_FORM_GROUP_SITE,
} TsFormGroup;

typedef enum
{
  TS_FORM_FIELD_UINT,    /* spin button on a guint */
  TS_FORM_FIELD_DOUBLE,  /* spin button on a double (shown divided by scale) */
  TS_FORM_FIELD_BOOL,    /* switch on a gboolean */
  TS_FORM_FIELD_CHOICE,  /* combo row on an int-sized enum or int */
} TsFormFieldKind;

typedef struct
{
  const char        *key;       /* the scenario file's name, also for tests */
  TsFormGroup        group;     /* a scenario field's (an architecture row is the model's) */
  TsFormFieldKind    kind;
  gsize              offset;
  const char        *title;
  const char        *subtitle;
  double             lower;     /* spin buttons: the engine's limits, in */
  double             upper;     /* scenario units (before scale) */
  double             step;
  guint              digits;
  double             scale;     /* spin value × scale = scenario value */
  const char *const *choices;
  const int         *values;
  guint              n_choices;
  const TsScenarioField *source;       /* the engine's row of a scenario field (its value: ts_scenario_field_get_double ()), or NULL */
  const TsArchField     *arch_source;  /* the engine's row of an architecture field, or NULL */
} TsFormField;

/* More than the engine's table places in a form: room for rows to come. */
#define TS_FORM_MAX_FIELDS 64

guint              ts_form_n_fields        (void);
const TsFormField *ts_form_field_at        (guint              index);
guint              ts_form_field_index     (const TsFormField *field);
/* The field named key (or its older name), or NULL. */
const TsFormField *ts_form_field_lookup    (const char        *key);

/* The custom model's architecture rows: one for each field of the
 * engine's ts_arch_fields (), in its order, with its range and label;
 * the MLP's names are its choices. */
const TsFormField *ts_form_arch_fields     (guint             *n_fields);

G_END_DECLS
