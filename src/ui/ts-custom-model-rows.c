/* ts-custom-model-rows.c — the custom model's rows of the scenario form
 *
 * A size, from which the engine infers a layout, and the “Full
 * architecture” expander with a row for every field of the engine's
 * architecture table (ts_form_arch_fields ()), in its order and with its
 * range. The rows keep the layout being edited; an edit of a few rows
 * carries the others along the way a person means it (a head dimension
 * that was derived stays derived), and the engine makes the model from
 * the whole. What a range cannot say (fewer key/value heads than heads…)
 * is ts_architecture_validate's, whose reason the form shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-custom-model-rows"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-custom-model-rows.h"
#include "ts-form-fields.h"
#include "ts-form-rows.h"

/* The size row is in billions; the engine counts parameters. */
#define BILLION 1e9

struct _TsCustomModelRows
{
  GObject            parent_instance;

  gboolean           syncing;       /* controls are being set, not edited */
  GtkWidget         *params_row;    /* owned */
  GtkWidget         *params_spin;
  GtkWidget         *arch_row;      /* owned */
  const TsFormField *arch_fields;   /* ts_form_arch_fields () */
  guint              n_arch_fields;
  GtkWidget        **arch_controls; /* one per arch_fields[], each its row's;
                                     * NULL until the expander first opens */
  TsArchitecture     arch;          /* the layout the rows show */
};

G_DEFINE_FINAL_TYPE (TsCustomModelRows, ts_custom_model_rows, G_TYPE_OBJECT)

enum
{
  EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
emit_edited (TsCustomModelRows *self)
{
  if (!self->syncing)
    g_signal_emit (self, signals[EDITED], 0);
}

/* ---------------------------------------------------------------------- */
/* The layout */

static void
sync_arch_controls (TsCustomModelRows *self)
{
  gboolean was_syncing = self->syncing;

  self->syncing = TRUE;
  for (guint i = 0; self->arch_controls != NULL && i < self->n_arch_fields; i++)
    {
      const TsFormField *f = &self->arch_fields[i];

      ts_form_control_set_value (f, self->arch_controls[i], ts_arch_field_get (f->arch_source, &self->arch));
    }
  self->syncing = was_syncing;
}

/* The head dimension the engine derives for `arch` when none is given
 * (hidden size over heads; the query-key head of an MLA model). */
static guint
derived_head_dim (const TsArchitecture *arch)
{
  TsArchitecture copy = *arch;

  copy.head_dim = 0;
  ts_architecture_derive (&copy);
  return copy.head_dim;
}

/* What a person editing a few rows means for the others: a head
 * dimension that was the derived one stays derived (one a model file
 * gave, or the person typed, is kept), and a model made MoE gets
 * experts as wide as its FFN until told otherwise. */
static void
follow_arch_edit (const TsArchitecture *before,
                  TsArchitecture       *arch)
{
  gboolean head_dim_followed = before->head_dim == derived_head_dim (before);

  if (head_dim_followed && arch->head_dim == before->head_dim)
    arch->head_dim = derived_head_dim (arch);
  if (arch->experts > 0 && arch->expert_ffn_size == 0)
    arch->expert_ffn_size = arch->ffn_size;
}

/* A layout row, or the “Full architecture” switch, was edited. */
static void
arch_edited_cb (TsCustomModelRows *self)
{
  TsArchitecture before = self->arch;

  if (self->syncing)
    return;
  for (guint i = 0; self->arch_controls != NULL && i < self->n_arch_fields; i++)
    {
      const TsFormField *f = &self->arch_fields[i];
      double value = ts_form_control_get_value (f, self->arch_controls[i]);

      if (!isnan (value))
        ts_scenario_field_set_double (f->arch_source, &self->arch, value);
    }
  follow_arch_edit (&before, &self->arch);
  sync_arch_controls (self);
  emit_edited (self);
}

/* A new size is a new model: the layout is the one inferred from it. */
static void
params_edited_cb (TsCustomModelRows *self)
{
  if (self->syncing)
    return;
  ts_architecture_infer (gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->params_spin)) * BILLION, &self->arch);
  sync_arch_controls (self);
  emit_edited (self);
}

/* ---------------------------------------------------------------------- */
/* The model they describe */

void
ts_custom_model_rows_show_model (TsCustomModelRows *self,
                                 const TsModel     *model)
{
  g_return_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self));
  g_return_if_fail (model != NULL);

  self->syncing = TRUE;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->params_spin), model->params / BILLION);
  if (model->id == NULL && model->has_architecture)
    self->arch = model->arch;
  else
    ts_architecture_infer (model->params, &self->arch);
  /* “Full architecture” is on for a model made from its architecture (a
   * scenario or model file, or these rows), so that an edit of any row
   * keeps that architecture instead of estimating one from the size. */
  if (model->id == NULL)
    adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self->arch_row),
                                           model->has_architecture && !model->architecture_inferred);
  sync_arch_controls (self);
  self->syncing = FALSE;
}

void
ts_custom_model_rows_set_arch_enabled (TsCustomModelRows *self,
                                       gboolean           enabled)
{
  g_return_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self));

  self->syncing = TRUE;
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self->arch_row), enabled);
  self->syncing = FALSE;
}

/* The name current has that the rows did not make up (one from a
 * scenario or model file), or NULL. The made-up names (“Custom model”,
 * “Custom model, 70B parameters”) follow the size and the switch; a given
 * name stays whatever is edited (it was lost when “Full architecture” was
 * turned on). */
static char *
given_name (const TsModel *current)
{
  TsModel generated = { 0 };
  gboolean made_up;

  if (current == NULL || current->id != NULL || current->name == NULL || *current->name == '\0')
    return NULL;
  if (g_str_equal (current->name, _("Custom model")))
    return NULL;
  made_up = ts_model_init_from_params (&generated, current->params, NULL)
            && g_strcmp0 (generated.name, current->name) == 0;
  ts_model_clear (&generated);
  return made_up ? NULL : g_strdup (current->name);
}

gboolean
ts_custom_model_rows_make_model (TsCustomModelRows  *self,
                                 const TsModel      *current,
                                 TsModel            *model,
                                 GError            **error)
{
  g_autofree char *name = NULL;
  gboolean ok;

  g_return_val_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self), FALSE);
  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = given_name (current);
  if (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (self->arch_row)))
    ok = ts_model_init_from_architecture (model, name != NULL ? name : _("Custom model"), &self->arch, error);
  else
    ok = ts_model_init_from_params (model, gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->params_spin)) * BILLION,
                                    error);
  if (ok && name != NULL)
    {
      g_free (model->name);
      model->name = g_steal_pointer (&name);
    }
  return ok;
}

/* ---------------------------------------------------------------------- */
/* The rows */

static void
build_params_row (TsCustomModelRows *self)
{
  self->params_spin = ts_form_spin_new (TS_MODEL_MIN_PARAMS / BILLION, TS_MODEL_MAX_PARAMS / BILLION, 1, 2);
  self->params_row = g_object_ref_sink (ts_form_control_row_new ("custom_params", _("Parameters, billions"),
                                                                 _("The size of your model; the layout is estimated from it"),
                                                                 self->params_spin));
  g_signal_connect_swapped (self->params_spin, "value-changed", G_CALLBACK (params_edited_cb), self);
}

/* A row for every field of the engine's architecture table, in its
 * order. Made when first needed (the expander opened, a test looking
 * for one): a window starts with the expander closed, and the table's
 * two dozen spin buttons made up a tenth of its start-up. */
static void
ensure_arch_controls (TsCustomModelRows *self)
{
  if (self->arch_controls != NULL)
    return;
  self->arch_controls = g_new0 (GtkWidget *, self->n_arch_fields);
  for (guint i = 0; i < self->n_arch_fields; i++)
    {
      const TsFormField *f = &self->arch_fields[i];

      adw_expander_row_add_row (ADW_EXPANDER_ROW (self->arch_row),
                                ts_form_field_row_new (f, &self->arch_controls[i]));
      g_signal_connect_swapped (self->arch_controls[i], ts_form_control_changed_signal (f->kind),
                                G_CALLBACK (arch_edited_cb), self);
    }
  sync_arch_controls (self);
}

static void
build_arch_row (TsCustomModelRows *self)
{
  AdwExpanderRow *expander;

  self->arch_row = g_object_ref_sink (adw_expander_row_new ());
  expander = ADW_EXPANDER_ROW (self->arch_row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), _("Full architecture"));
  adw_expander_row_set_subtitle (expander, _("Enter the layers and sizes from the model’s configuration"));
  adw_expander_row_set_show_enable_switch (expander, TRUE);
  adw_expander_row_set_enable_expansion (expander, FALSE);
  g_signal_connect_swapped (expander, "notify::enable-expansion", G_CALLBACK (arch_edited_cb), self);
  g_signal_connect_swapped (expander, "notify::expanded", G_CALLBACK (ensure_arch_controls), self);
  self->arch_fields = ts_form_arch_fields (&self->n_arch_fields);
}

TsCustomModelRows *
ts_custom_model_rows_new (void)
{
  return g_object_new (TS_TYPE_CUSTOM_MODEL_ROWS, NULL);
}

GtkWidget *
ts_custom_model_rows_get_params_row (TsCustomModelRows *self)
{
  g_return_val_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self), NULL);
  return self->params_row;
}

GtkWidget *
ts_custom_model_rows_get_arch_row (TsCustomModelRows *self)
{
  g_return_val_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self), NULL);
  return self->arch_row;
}

void
ts_custom_model_rows_set_visible (TsCustomModelRows *self,
                                  gboolean           visible)
{
  g_return_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self));
  gtk_widget_set_visible (self->params_row, visible);
  gtk_widget_set_visible (self->arch_row, visible);
}

GtkWidget *
ts_custom_model_rows_get_params_spin (TsCustomModelRows *self)
{
  g_return_val_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self), NULL);
  return self->params_spin;
}

GtkWidget *
ts_custom_model_rows_get_arch_widget (TsCustomModelRows *self,
                                      const char        *key)
{
  g_return_val_if_fail (TS_IS_CUSTOM_MODEL_ROWS (self), NULL);

  ensure_arch_controls (self);
  for (guint i = 0; i < self->n_arch_fields; i++)
    if (g_strcmp0 (self->arch_fields[i].key, key) == 0)
      return self->arch_controls[i];
  return NULL;
}

/* ---------------------------------------------------------------------- */

/* The rows may outlive the object (their group holds them too): no edit
 * of theirs may reach it once it is gone. */
static void
disconnect_rows (TsCustomModelRows *self)
{
  if (self->params_spin != NULL)
    g_signal_handlers_disconnect_by_data (self->params_spin, self);
  if (self->arch_row != NULL)
    g_signal_handlers_disconnect_by_data (self->arch_row, self);
  for (guint i = 0; self->arch_controls != NULL && i < self->n_arch_fields; i++)
    g_signal_handlers_disconnect_by_data (self->arch_controls[i], self);
}

static void
ts_custom_model_rows_dispose (GObject *object)
{
  TsCustomModelRows *self = TS_CUSTOM_MODEL_ROWS (object);

  disconnect_rows (self);
  /* the controls themselves belong to their rows */
  g_clear_pointer (&self->arch_controls, g_free);
  self->n_arch_fields = 0;
  self->params_spin = NULL;
  g_clear_object (&self->params_row);
  g_clear_object (&self->arch_row);

  G_OBJECT_CLASS (ts_custom_model_rows_parent_class)->dispose (object);
}

static void
ts_custom_model_rows_class_init (TsCustomModelRowsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ts_custom_model_rows_dispose;

  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ts_custom_model_rows_init (TsCustomModelRows *self)
{
  build_params_row (self);
  build_arch_row (self);
}
