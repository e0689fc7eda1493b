/* ts-form-fields.c — the scenario's fields that the form shows as rows
 *
 * The rows are not written here: they are the engine's table of scenario
 * inputs (ts-scenario-fields.c), the fields it places in a form group, in
 * its order, and its table of architecture fields for a custom model.
 * This file only turns each into the control a GTK form needs (a spin
 * button, a switch or a combo row), once per process.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ts-form-fields.h"

static TsFormField form_fields[TS_FORM_MAX_FIELDS];
static guint n_form_fields;
static TsFormField *arch_form_fields;
static guint n_arch_form_fields;

static TsFormFieldKind
control_kind (const TsScenarioField *f)
{
  /* a number with named values (phases: 1 or 3) is a choice too */
  if (f->n_choices > 0)
    return TS_FORM_FIELD_CHOICE;
  switch (f->kind)
    {
    case TS_FIELD_UINT:
      return TS_FORM_FIELD_UINT;
    case TS_FIELD_DOUBLE:
      return TS_FORM_FIELD_DOUBLE;
    case TS_FIELD_BOOL:
      return TS_FORM_FIELD_BOOL;
    case TS_FIELD_INT:
    case TS_FIELD_ENUM:
    case TS_FIELD_STRING:
    default:
      return TS_FORM_FIELD_CHOICE;
    }
}

/* A field of either engine table as a row: its control, label, range and
 * named values (translated where shown). */
static TsFormField
form_field_of (const TsScenarioField *f)
{
  const char **labels = g_new0 (const char *, f->n_choices + 1);
  int *values = g_new0 (int, f->n_choices + 1);

  for (guint i = 0; i < f->n_choices; i++)
    {
      labels[i] = f->choices[i].label;
      values[i] = f->choices[i].value;
    }
  return (TsFormField) {
    .key = f->key,
    .kind = control_kind (f),
    .offset = f->offset,
    .title = f->label,
    .subtitle = f->subtitle,
    .lower = f->min,
    .upper = f->max,
    .step = f->step,
    .digits = f->digits,
    .scale = f->scale,
    .choices = labels,
    .values = values,
    .n_choices = f->n_choices,
  };
}

static void
add_form_field (const TsScenarioField *f)
{
  TsFormField *row = &form_fields[n_form_fields++];

  *row = form_field_of (f);
  row->group = (TsFormGroup) (f->group - TS_FIELD_GROUP_METHOD);
  row->source = f;
}

/* Once: the table is constant, and the choice arrays live as long as the
 * process (a form may be made and destroyed many times). */
static void
ensure_form_fields (void)
{
  static gsize done;

  if (!g_once_init_enter (&done))
    return;
  for (TsFieldGroup group = TS_FIELD_GROUP_METHOD; group < TS_N_FIELD_GROUPS; group++)
    {
      guint n = 0;
      g_autofree const TsScenarioField **fields = ts_scenario_fields_in_group (group, &n);

      for (guint i = 0; i < n; i++)
        {
          /* text inputs (the currency) have a row of their own */
          if (fields[i]->kind == TS_FIELD_STRING)
            continue;
          g_assert (n_form_fields < TS_FORM_MAX_FIELDS);
          add_form_field (fields[i]);
        }
    }
  g_once_init_leave (&done, 1);
}

guint
ts_form_n_fields (void)
{
  ensure_form_fields ();
  return n_form_fields;
}

const TsFormField *
ts_form_field_at (guint index)
{
  ensure_form_fields ();
  g_return_val_if_fail (index < n_form_fields, NULL);
  return &form_fields[index];
}

guint
ts_form_field_index (const TsFormField *field)
{
  return (guint) (field - form_fields);
}

const TsFormField *
ts_form_field_lookup (const char *key)
{
  const TsScenarioField *f = ts_scenario_field_find (key);

  ensure_form_fields ();
  for (guint i = 0; f != NULL && i < n_form_fields; i++)
    if (form_fields[i].source == f)
      return &form_fields[i];
  return NULL;
}

/* One architecture field as a row (whole counts, steps and scale as the
 * table gives them; the MLP's kinds by their names, “SwiGLU”). */
static TsFormField
arch_form_field (const TsArchField *f)
{
  TsFormField row = form_field_of (f);

  row.arch_source = f;
  return row;
}

static void
ensure_arch_form_fields (void)
{
  static gsize done;
  const TsArchField *fields;
  guint n;

  if (!g_once_init_enter (&done))
    return;
  fields = ts_arch_fields (&n);
  arch_form_fields = g_new0 (TsFormField, n);
  for (guint i = 0; i < n; i++)
    arch_form_fields[i] = arch_form_field (&fields[i]);
  n_arch_form_fields = n;
  g_once_init_leave (&done, 1);
}

const TsFormField *
ts_form_arch_fields (guint *n_fields)
{
  ensure_arch_form_fields ();
  *n_fields = n_arch_form_fields;
  return arch_form_fields;
}
