/* ts-form-fields.h — the scenario's fields that the form shows as rows
 *
 * One table: each field's key (the scenario file's name), its group in
 * the form, the kind of control, where it is in TsScenario, its words and
 * the engine's range. The form makes its rows from it, the tests reach
 * every control through it.
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
  TsFormGroup         group;
  TsFormFieldKind          kind;
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
} TsFormField;

#define TS_FORM_N_FIELDS 27

extern const TsFormField ts_form_fields[TS_FORM_N_FIELDS];

/* The field named key, or NULL. */
const TsFormField *ts_form_field_lookup    (const char        *key);
/* The field's value in s as a double (a choice's or switch's int, a
 * count), in scenario units; and back. */
double             ts_form_field_get_value (const TsFormField *field,
                                            const TsScenario  *s);
void               ts_form_field_set_value (const TsFormField *field,
                                            TsScenario        *s,
                                            double             value);

G_END_DECLS
