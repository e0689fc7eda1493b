/* ts-scenario-form.c — the scenario's rows
 *
 * Every control edits the scenario in place and says so with “changed”;
 * the window recomputes the plan and, when the engine refuses the
 * scenario, hands the reason back to show on the row that was edited.
 * The rows of the scenario's plain fields come from the engine's table
 * (ts-form-fields.h), with their ranges; the model picker, the hardware
 * and the currency are made by hand, and a custom model's rows are their
 * own part (ts-custom-model-rows.c), as is “Automatic” beside the inputs
 * the planner may choose (ts-form-automatic.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-scenario-form"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-accessible.h"
#include "ts-custom-model-rows.h"
#include "ts-form-automatic.h"
#include "ts-form-fields.h"
#include "ts-form-rows.h"
#include "ts-model-picker.h"
#include "ts-scenario-form.h"
#include "ts-facility.h"

/* The spin buttons take exactly the range the engine's tables give, the
 * one ts_scenario_validate and the file readers apply, so whatever a file
 * or the CLI accepts the window can show. What a range cannot say is the
 * engine's validation's, whose reason the edited row shows. */

struct _TsScenarioForm
{
  AdwBin               parent_instance;

  TsCatalog           *catalog;       /* borrowed from the application */
  TsScenario          *scenario;      /* borrowed from the window: edited in place */
  gboolean             syncing;       /* widgets are being set from the scenario */
  GtkWidget           *error_row;     /* the row showing the engine's complaint */
  char                *error_row_subtitle;

  GtkWidget           *field_rows[TS_FORM_MAX_FIELDS];
  GtkWidget           *field_widgets[TS_FORM_MAX_FIELDS];
  /* “Automatic” beside each input the planner may choose (issue 28) */
  GtkWidget           *auto_buttons[TS_FORM_MAX_FIELDS];
  TsPlan              *plan;          /* a reference: the "plan" property, bound to the window's: what the planner chose */
  gboolean             built[TS_FORM_GROUP_SITE + 1];  /* a group's rows exist */
  GtkWidget           *hardware_row;
  GtkWidget           *currency_row;
  TsCustomModelRows   *custom_rows;    /* the custom model's size and architecture */

  /* template children */
  AdwPreferencesGroup *model_group;
  AdwPreferencesGroup *method_group;
  AdwPreferencesGroup *workload_group;
  AdwPreferencesGroup *hardware_group;
  AdwExpanderRow      *advanced_row;
  AdwExpanderRow      *site_row;
  GtkWidget           *customer_row;
  GtkWidget           *project_row;
  AdwActionRow        *model_row;
  GtkMenuButton       *model_button;
  GtkLabel            *model_label;
  GtkPopover          *model_popover;
  TsModelPicker       *model_picker;
};

G_DEFINE_FINAL_TYPE (TsScenarioForm, ts_scenario_form, ADW_TYPE_BIN)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void sync_widgets (TsScenarioForm *self);

static void
emit_changed (TsScenarioForm *self,
              GtkWidget      *row)
{
  if (self->syncing)
    return;
  g_signal_emit (self, signals[CHANGED], 0, row);
}

static const char *
method_explanation (TsMethod method)
{
  switch (method)
    {
    case TS_METHOD_FULL:
      return _("Trains every weight: about 16–18 bytes per parameter plus activations");
    case TS_METHOD_LORA:
      return _("Frozen BF16 base, 2 bytes per parameter, plus small trained adapters");
    case TS_METHOD_QLORA:
      return _("Frozen 4-bit base, about half a byte per parameter, plus adapters; often one card");
    case TS_N_METHODS:
    default:
      return "";
    }
}

/* ---------------------------------------------------------------------- */
/* The engine's complaint */

void
ts_scenario_form_clear_error (TsScenarioForm *self)
{
  g_return_if_fail (TS_IS_SCENARIO_FORM (self));

  if (self->error_row == NULL)
    return;
  gtk_widget_remove_css_class (self->error_row, "error");
  gtk_widget_set_tooltip_text (self->error_row, NULL);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->error_row), self->error_row_subtitle);
  g_clear_pointer (&self->error_row_subtitle, g_free);
  self->error_row = NULL;
}

void
ts_scenario_form_show_error (TsScenarioForm *self,
                             GtkWidget      *row,
                             const char     *message)
{
  g_return_if_fail (TS_IS_SCENARIO_FORM (self));

  if (row == NULL || !ADW_IS_ACTION_ROW (row))
    row = GTK_WIDGET (self->model_row);
  if (self->error_row != row)
    {
      ts_scenario_form_clear_error (self);
      self->error_row = row;
      self->error_row_subtitle = g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
    }
  gtk_widget_add_css_class (row, "error");
  gtk_widget_set_tooltip_text (row, message);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), message);
}

/* ---------------------------------------------------------------------- */
/* The model */

static void
set_model_subtitle (TsScenarioForm *self)
{
  const TsModel *m = &self->scenario->model;
  g_autofree char *params = ts_format_params (m->params);
  g_autofree char *subtitle = NULL;

  if (m->has_architecture && ts_architecture_is_moe (&m->arch))
    /* Translators: model row subtitle: name, parameter count, “MoE” = mixture of experts */
    subtitle = g_strdup_printf (_("%s · %s · MoE"), m->name, params);
  else
    /* Translators: model row subtitle: name and parameter count */
    subtitle = g_strdup_printf (_("%s · %s"), m->name, params);
  if (self->error_row == GTK_WIDGET (self->model_row))
    {
      g_free (self->error_row_subtitle);
      self->error_row_subtitle = g_steal_pointer (&subtitle);
    }
  else
    adw_action_row_set_subtitle (self->model_row, subtitle);
  gtk_label_set_text (self->model_label, m->name);
  ts_custom_model_rows_set_visible (self->custom_rows, self->scenario->model_id == NULL);
}

/* The scenario's model becomes the one the custom rows describe (with the
 * name a file gave it), or the rows say why the engine refuses it. */
static void
apply_custom_model (TsScenarioForm *self)
{
  g_autoptr(GError) error = NULL;
  TsModel model = { 0 };

  if (!ts_custom_model_rows_make_model (self->custom_rows, &self->scenario->model, &model, &error))
    {
      ts_scenario_form_show_error (self, ts_custom_model_rows_get_arch_row (self->custom_rows), error->message);
      return;
    }
  ts_scenario_set_model (self->scenario, &model);
  ts_model_clear (&model);
  set_model_subtitle (self);
  emit_changed (self, ts_custom_model_rows_get_params_row (self->custom_rows));
}

/* A model read whole from a file (ts-model-import.c): the scenario takes
 * it as it is, with its name, hf_id and source; the custom rows show its
 * layout, so that an edit starts from it (and then makes a model of the
 * window's, which no file describes). */
void
ts_scenario_form_set_custom_model (TsScenarioForm *self,
                                   const TsModel  *model)
{
  TsModel custom = { 0 };

  g_return_if_fail (TS_IS_SCENARIO_FORM (self));
  g_return_if_fail (model != NULL);

  ts_model_copy (&custom, model);
  g_clear_pointer (&custom.id, g_free);
  ts_scenario_set_model (self->scenario, &custom);
  ts_model_clear (&custom);
  /* the rows turn “Full architecture” on for a model with its own */
  ts_custom_model_rows_show_model (self->custom_rows, &self->scenario->model);
  set_model_subtitle (self);
  emit_changed (self, GTK_WIDGET (self->model_row));
}

static void
model_chosen_cb (TsScenarioForm *self,
                 guint           index)
{
  if (index == 0)
    {
      /* Already custom: the rows made it, or a file did, whose source
       * and hf_id remaking it from the rows would drop. */
      if (self->scenario->model_id != NULL)
        apply_custom_model (self);
      return;
    }
  ts_scenario_set_model (self->scenario, &ts_catalog_get_model (self->catalog, index - 1)->model);
  set_model_subtitle (self);
  emit_changed (self, GTK_WIDGET (self->model_row));
}

static void
model_popover_show_cb (TsScenarioForm *self)
{
  ts_model_picker_refresh (self->model_picker);
}

gboolean
ts_scenario_form_select_model (TsScenarioForm *self,
                               const char     *id)
{
  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), FALSE);
  return ts_model_picker_select (self->model_picker, id);
}

/* ---------------------------------------------------------------------- */
/* The table's fields */

static guint
field_index (TsScenarioForm *self,
             GtkWidget      *widget)
{
  for (guint i = 0; i < ts_form_n_fields (); i++)
    if (self->field_widgets[i] == widget)
      return i;
  g_assert_not_reached ();
}

/* A row of an automatic input says what the planner chose for the option
 * on show (ts-form-automatic.c); the row showing the engine's complaint
 * keeps it. */
static void
show_planned (TsScenarioForm *self,
              guint           i)
{
  const TsFormField *f = ts_form_field_at (i);
  const TsOption *o = self->plan != NULL ? ts_plan_get_shown_option (self->plan) : NULL;

  if (self->field_rows[i] == NULL || f->source == NULL || !ADW_IS_ACTION_ROW (self->field_rows[i])
      || self->field_rows[i] == self->error_row)
    return;
  ts_form_automatic_show (f, ADW_ACTION_ROW (self->field_rows[i]), self->field_widgets[i], self->auto_buttons[i],
                          self->scenario, o);
}

/* Every row at once, without a “changed” from the toggles and controls
 * it sets. */
static void
show_all_planned (TsScenarioForm *self)
{
  gboolean was = self->syncing;

  self->syncing = TRUE;
  for (guint i = 0; i < ts_form_n_fields (); i++)
    show_planned (self, i);
  self->syncing = was;
}

/* “Automatic” toggled by the user (ts_form_automatic_apply ()). */
static void
automatic_toggled_cb (GtkToggleButton *button,
                      TsScenarioForm  *self)
{
  guint i;

  if (self->syncing)
    return;
  for (i = 0; i < ts_form_n_fields (); i++)
    if (self->auto_buttons[i] == GTK_WIDGET (button))
      break;
  g_return_if_fail (i < ts_form_n_fields ());
  ts_form_automatic_apply (ts_form_field_at (i), self->scenario, gtk_toggle_button_get_active (button),
                           self->field_widgets[i]);
  emit_changed (self, self->field_rows[i]);
}

enum {
  PROP_0,
  PROP_PLAN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
ts_scenario_form_show_plan (TsScenarioForm *self,
                            TsPlan         *plan)
{
  g_return_if_fail (TS_IS_SCENARIO_FORM (self));

  if (!ts_plan_set (&self->plan, plan))
    return;
  show_all_planned (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAN]);
}

static void
update_sensitivity (TsScenarioForm *self)
{
  gboolean lora = self->scenario->method != TS_METHOD_FULL;

  for (guint i = 0; i < ts_form_n_fields (); i++)
    {
      if (self->field_rows[i] == NULL)
        continue;
      if (g_str_has_prefix (ts_form_field_at (i)->key, "lora_"))
        gtk_widget_set_sensitive (self->field_rows[i], lora);
      else if (g_str_equal (ts_form_field_at (i)->key, "servers"))
        gtk_widget_set_sensitive (self->field_rows[i], self->scenario->server_id != NULL);
      else if (g_str_equal (ts_form_field_at (i)->key, "method"))
        adw_action_row_set_subtitle (ADW_ACTION_ROW (self->field_rows[i]),
                                     method_explanation (self->scenario->method));
    }
}

/* A layout control the user set is fixed, the planner keeps it;
 * “Automatic” hands the ZeRO stage back to it (issue 17). */
static void
note_layout_input (TsScenarioForm  *self,
                   const TsFormField *spec)
{
  if (g_str_equal (spec->key, "zero_stage") && self->scenario->zero_stage < 0)
    ts_scenario_search_input (self->scenario, spec->key);
  else
    ts_scenario_fix_input (self->scenario, spec->key);
}

static void sync_widgets (TsScenarioForm *self);

/* A control's value changed (ts_form_control_changed_signal ()). */
static void
field_edited_cb (GtkWidget      *control,
                 GParamSpec     *pspec,
                 TsScenarioForm *self)
{
  guint i = field_index (self, control);
  const TsFormField *f = ts_form_field_at (i);
  double value = ts_form_control_get_value (f, control);

  if (self->syncing || isnan (value))
    return;
  ts_scenario_field_set_double (f->source, self->scenario, value);
  note_layout_input (self, f);
  /* a site profile sets the site's rows; a row edited by hand makes the
   * site custom (docs/facility.md §6) */
  if (g_str_equal (f->key, "site_profile"))
    {
      ts_site_profile_apply (self->scenario, (TsSiteProfile) value);
      sync_widgets (self);
    }
  else if (ts_site_profile_sets (f->key) && self->scenario->site_profile != TS_SITE_PROFILE_CUSTOM)
    {
      self->scenario->site_profile = TS_SITE_PROFILE_CUSTOM;
      sync_widgets (self);
    }
  /* a method or a server makes other rows mean something, or nothing */
  if (f->kind == TS_FORM_FIELD_CHOICE)
    update_sensitivity (self);
  emit_changed (self, self->field_rows[i]);
}

static void
hardware_changed_cb (TsScenarioForm *self)
{
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->hardware_row));

  if (self->syncing)
    return;
  if (selected == 0 || selected > ts_catalog_get_n_servers (self->catalog))
    ts_scenario_set_server (self->scenario, NULL);
  else
    ts_scenario_set_server (self->scenario, ts_catalog_get_server (self->catalog, selected - 1)->id);
  update_sensitivity (self);
  emit_changed (self, self->hardware_row);
}

/* The engine's rule, as the file reader and the CLI apply it: a code the
 * file could not hold again stays out of the scenario, and the row says
 * why. */
static void
currency_changed_cb (TsScenarioForm *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->currency_row));
  g_autoptr(GError) error = NULL;

  if (self->syncing)
    return;
  if (!ts_scenario_check_currency (text, &error))
    {
      gtk_widget_add_css_class (self->currency_row, "error");
      gtk_widget_set_tooltip_text (self->currency_row, error->message);
      return;
    }
  gtk_widget_remove_css_class (self->currency_row, "error");
  gtk_widget_set_tooltip_text (self->currency_row, NULL);
  ts_scenario_set_currency (self->scenario, text);
  emit_changed (self, NULL);
}

static void
add_row (TsScenarioForm *self,
         TsFormGroup      group,
         GtkWidget      *row)
{
  switch (group)
    {
    case TS_FORM_GROUP_METHOD:
      adw_preferences_group_add (self->method_group, row);
      break;
    case TS_FORM_GROUP_WORKLOAD:
      adw_preferences_group_add (self->workload_group, row);
      break;
    case TS_FORM_GROUP_HARDWARE:
      adw_preferences_group_add (self->hardware_group, row);
      break;
    case TS_FORM_GROUP_ADVANCED:
      adw_expander_row_add_row (self->advanced_row, row);
      break;
    case TS_FORM_GROUP_SITE:
    default:
      adw_expander_row_add_row (self->site_row, row);
      break;
    }
}

/* A scenario field's row, its control telling the form of each edit. */
static GtkWidget *
new_field_row (TsScenarioForm     *self,
               const TsFormField  *f,
               GtkWidget         **control)
{
  GtkWidget *row = ts_form_field_row_new (f, control);

  g_signal_connect (*control, ts_form_control_changed_signal (f->kind), G_CALLBACK (field_edited_cb), self);
  if (ts_form_automatic_applies (f) && ADW_IS_ACTION_ROW (row))
    {
      GtkWidget *button = ts_form_automatic_button_new (ADW_ACTION_ROW (row));

      g_signal_connect (button, "toggled", G_CALLBACK (automatic_toggled_cb), self);
      self->auto_buttons[ts_form_field_index (f)] = button;
    }
  return row;
}

/* The rows of one group. Advanced and Site start collapsed: their rows
 * are made when first expanded (or asked for), not at start-up, where GTK
 * would lay out their two dozen labels for nothing. */
static void
build_group_rows (TsScenarioForm *self,
                  TsFormGroup      group)
{
  if (self->built[group])
    return;
  self->built[group] = TRUE;

  for (guint i = 0; i < ts_form_n_fields (); i++)
    if (ts_form_field_at (i)->group == group)
      {
        self->field_rows[i] = new_field_row (self, ts_form_field_at (i), &self->field_widgets[i]);
        add_row (self, group, self->field_rows[i]);
      }

  if (group == TS_FORM_GROUP_SITE)
    {
      self->currency_row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->currency_row), _("Currency of the price"));
      g_signal_connect_swapped (self->currency_row, "changed", G_CALLBACK (currency_changed_cb), self);
      adw_expander_row_add_row (self->site_row, self->currency_row);
    }
  /* Rows made later show the scenario as it is now. */
  if (self->scenario != NULL)
    sync_widgets (self);
}

static void
expander_expanded_cb (TsScenarioForm *self,
                      GParamSpec     *pspec,
                      AdwExpanderRow *expander)
{
  if (adw_expander_row_get_expanded (expander))
    build_group_rows (self, expander == self->advanced_row ? TS_FORM_GROUP_ADVANCED : TS_FORM_GROUP_SITE);
}

static void
server_item_setup_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* Whole names, wrapped: cut at the popover's width, four Supermicro
   * SYS-521GE-TNRT configurations all read “Supermicro SYS-521G…”; the
   * part that tells them apart comes last. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
server_item_bind_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  user_data)
{
  GtkStringObject *name = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (name));
}

static void
fill_hardware_list (TsScenarioForm *self)
{
  g_autoptr(GtkStringList) servers = gtk_string_list_new (NULL);

  /* Translators: the first choice of the hardware row */
  gtk_string_list_append (servers, _("Recommend for me"));
  for (guint i = 0; self->catalog != NULL && i < ts_catalog_get_n_servers (self->catalog); i++)
    {
      g_autofree char *name = ts_format_name (ts_catalog_get_server (self->catalog, i)->name);

      gtk_string_list_append (servers, name);
    }
  self->syncing = TRUE;
  adw_combo_row_set_model (ADW_COMBO_ROW (self->hardware_row), G_LIST_MODEL (servers));
  self->syncing = FALSE;
}

static void
build_hardware_row (TsScenarioForm *self)
{
  g_autoptr(GtkListItemFactory) server_factory = gtk_signal_list_item_factory_new ();

  /* Hardware first in its group: “Recommend for me” or a server. */
  self->hardware_row = ts_form_row_new (ADW_TYPE_COMBO_ROW, "hardware", _("Server or card"), NULL);
  /* Server names are long (“Supermicro AS-8125GS-TNMR2 (8 × MI300X)”):
   * the choice is the row's wrapping subtitle, never cut short at the
   * row's end; the explanation goes to the group. */
  adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (self->hardware_row), TRUE);
  g_signal_connect (server_factory, "setup", G_CALLBACK (server_item_setup_cb), NULL);
  g_signal_connect (server_factory, "bind", G_CALLBACK (server_item_bind_cb), NULL);
  adw_combo_row_set_list_factory (ADW_COMBO_ROW (self->hardware_row), server_factory);
  adw_preferences_group_set_description (self->hardware_group,
                                         _("Let the program pick, or size a server you have in mind"));
  g_signal_connect_swapped (self->hardware_row, "notify::selected", G_CALLBACK (hardware_changed_cb), self);
  adw_preferences_group_add (self->hardware_group, self->hardware_row);
}

/* The model group's rows below the model row: the custom model's. */
static void
build_custom_rows (TsScenarioForm *self)
{
  self->custom_rows = ts_custom_model_rows_new ();
  g_signal_connect_swapped (self->custom_rows, "edited", G_CALLBACK (apply_custom_model), self);
  adw_preferences_group_add (self->model_group, ts_custom_model_rows_get_params_row (self->custom_rows));
  adw_preferences_group_add (self->model_group, ts_custom_model_rows_get_arch_row (self->custom_rows));
}

/* ---------------------------------------------------------------------- */
/* From the scenario to the rows */

/* Sets every control from the scenario without a “changed” for each. */
static void
sync_widgets (TsScenarioForm *self)
{
  guint hardware = 0;

  self->syncing = TRUE;
  for (guint i = 0; i < ts_form_n_fields (); i++)
    if (self->field_widgets[i] != NULL)
      ts_form_control_set_value (ts_form_field_at (i), self->field_widgets[i],
                         ts_scenario_field_get_double (ts_form_field_at (i)->source, self->scenario));
  for (guint i = 0; self->scenario->server_id != NULL && i < ts_catalog_get_n_servers (self->catalog); i++)
    if (g_strcmp0 (ts_catalog_get_server (self->catalog, i)->id, self->scenario->server_id) == 0)
      hardware = i + 1;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->hardware_row), hardware);
  if (self->currency_row != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->currency_row),
                           self->scenario->currency != NULL ? self->scenario->currency : "");
  self->syncing = FALSE;
  ts_custom_model_rows_show_model (self->custom_rows, &self->scenario->model);

  set_model_subtitle (self);
  update_sensitivity (self);
  show_all_planned (self);
}

void
ts_scenario_form_set_scenario (TsScenarioForm *self,
                               TsCatalog      *catalog,
                               TsScenario     *scenario)
{
  g_return_if_fail (TS_IS_SCENARIO_FORM (self));
  g_return_if_fail (scenario != NULL);

  /* The scenario first: a new catalog's lists are synced with it. */
  self->scenario = scenario;
  if (self->catalog != catalog)
    ts_scenario_form_set_catalog (self, catalog);
  else
    sync_widgets (self);
}

void
ts_scenario_form_set_catalog (TsScenarioForm *self,
                              TsCatalog      *catalog)
{
  g_return_if_fail (TS_IS_SCENARIO_FORM (self));

  self->catalog = catalog;
  ts_model_picker_set_catalog (self->model_picker, catalog);
  fill_hardware_list (self);
  if (self->scenario != NULL)
    sync_widgets (self);
}

/* ---------------------------------------------------------------------- */
/* The spec sheet's customer and project */

/* A document field's text, or NULL (and the row marked) when it is one
 * the spec sheet must not print: the scenario's limits for a name. */
static char *
document_text (GtkWidget *row)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  const char *field = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));

  if (!ts_scenario_check_text (text, field, TS_MAX_NAME_CHARS, &error))
    {
      gtk_widget_add_css_class (row, "error");
      gtk_widget_set_tooltip_text (row, error->message);
      return NULL;
    }
  gtk_widget_remove_css_class (row, "error");
  gtk_widget_set_tooltip_text (row, NULL);
  return *text != '\0' ? g_strdup (text) : NULL;
}

static void
document_changed_cb (GtkWidget *row)
{
  g_autofree char *text = document_text (row);
}

const char *
ts_scenario_form_get_customer (TsScenarioForm *self)
{
  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->customer_row));
}

const char *
ts_scenario_form_get_project (TsScenarioForm *self)
{
  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->project_row));
}

void
ts_scenario_form_set_document (TsScenarioForm *self,
                               const char     *customer,
                               const char     *project)
{
  g_return_if_fail (TS_IS_SCENARIO_FORM (self));
  gtk_editable_set_text (GTK_EDITABLE (self->customer_row), customer != NULL ? customer : "");
  gtk_editable_set_text (GTK_EDITABLE (self->project_row), project != NULL ? project : "");
}

char *
ts_scenario_form_dup_customer (TsScenarioForm *self)
{
  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), NULL);
  return document_text (self->customer_row);
}

char *
ts_scenario_form_dup_project (TsScenarioForm *self)
{
  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), NULL);
  return document_text (self->project_row);
}

/* ---------------------------------------------------------------------- */
/* For tests */

/* The index of the table's field key with its row made, or -1. */
static int
made_field_index (TsScenarioForm *self,
                  const char     *key)
{
  const TsFormField *field = ts_form_field_lookup (key);

  if (field == NULL)
    return -1;
  build_group_rows (self, field->group);
  return (int) ts_form_field_index (field);
}

GtkWidget *
ts_scenario_form_get_field_widget (TsScenarioForm *self,
                                   const char     *key)
{
  int i;

  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), NULL);

  if ((i = made_field_index (self, key)) >= 0)
    return self->field_widgets[i];
  if (g_str_equal (key, "hardware"))
    return self->hardware_row;
  if (g_str_equal (key, "currency"))
    {
      build_group_rows (self, TS_FORM_GROUP_SITE);
      return self->currency_row;
    }
  if (g_str_equal (key, "custom_params"))
    return ts_custom_model_rows_get_params_spin (self->custom_rows);
  return NULL;
}

GtkWidget *
ts_scenario_form_get_field_row (TsScenarioForm *self,
                                const char     *key)
{
  int i;

  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), NULL);

  i = made_field_index (self, key);
  return i >= 0 ? self->field_rows[i] : NULL;
}

GtkWidget *
ts_scenario_form_get_arch_widget (TsScenarioForm *self,
                                  const char     *key)
{
  g_return_val_if_fail (TS_IS_SCENARIO_FORM (self), NULL);
  return ts_custom_model_rows_get_arch_widget (self->custom_rows, key);
}

/* ---------------------------------------------------------------------- */

static void
ts_scenario_form_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TsScenarioForm *self = TS_SCENARIO_FORM (object);

  switch (prop_id)
    {
    case PROP_PLAN:
      g_value_set_boxed (value, self->plan);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_scenario_form_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TsScenarioForm *self = TS_SCENARIO_FORM (object);

  switch (prop_id)
    {
    case PROP_PLAN:
      ts_scenario_form_show_plan (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_scenario_form_dispose (GObject *object)
{
  TsScenarioForm *self = TS_SCENARIO_FORM (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_SCENARIO_FORM);
  g_clear_pointer (&self->error_row_subtitle, g_free);
  g_clear_object (&self->custom_rows);
  self->scenario = NULL;
  g_clear_pointer (&self->plan, ts_plan_unref);

  G_OBJECT_CLASS (ts_scenario_form_parent_class)->dispose (object);
}

static void
ts_scenario_form_class_init (TsScenarioFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_scenario_form_dispose;
  object_class->get_property = ts_scenario_form_get_property;
  object_class->set_property = ts_scenario_form_set_property;

  /* The plan whose choices the automatic inputs show, bound to the
   * window's. */
  properties[PROP_PLAN] = g_param_spec_boxed ("plan", NULL, NULL, TS_TYPE_PLAN,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, GTK_TYPE_WIDGET);

  g_type_ensure (TS_TYPE_MODEL_PICKER);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-scenario-form.ui");
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, model_group);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, method_group);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, workload_group);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, hardware_group);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, advanced_row);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, site_row);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, customer_row);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, project_row);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, model_row);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, model_button);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, model_label);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, model_popover);
  gtk_widget_class_bind_template_child (widget_class, TsScenarioForm, model_picker);
  gtk_widget_class_bind_template_callback (widget_class, model_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, model_popover_show_cb);
  gtk_widget_class_bind_template_callback (widget_class, expander_expanded_cb);
  gtk_widget_class_bind_template_callback (widget_class, document_changed_cb);
}

static void
ts_scenario_form_init (TsScenarioForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the menu button is labelled by its row's title, "Model" */
  ts_accessible_name_inner_toggle (GTK_WIDGET (self->model_button), _("Choose a Model"));
  build_custom_rows (self);
  build_hardware_row (self);
  build_group_rows (self, TS_FORM_GROUP_METHOD);
  build_group_rows (self, TS_FORM_GROUP_WORKLOAD);
  build_group_rows (self, TS_FORM_GROUP_HARDWARE);
}
