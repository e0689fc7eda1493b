/* ts-window.c — the main window: scenario on the left, answer on the right
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-window.h"

struct _TsWindow
{
  AdwApplicationWindow  parent_instance;

  TsApplication        *application;
  TsScenario           *scenario;
  TsPlan               *plan;

  /* template children */
  AdwComboRow          *model_row;
  AdwComboRow          *method_row;
  GtkLabel             *headline_label;
  GtkLabel             *rule_label;
  GtkLabel             *detail_label;
  GtkLabel             *per_gpu_label;
};

G_DEFINE_FINAL_TYPE (TsWindow, ts_window, ADW_TYPE_APPLICATION_WINDOW)

static const TsMethod methods[] = { TS_METHOD_FULL, TS_METHOD_LORA, TS_METHOD_QLORA };

static const char *
method_name (TsMethod method)
{
  switch (method)
    {
    case TS_METHOD_FULL: return _("Full training");
    case TS_METHOD_LORA: return _("LoRA");
    case TS_METHOD_QLORA: return _("QLoRA");
    case TS_N_METHODS:
    default: return "";
    }
}

static char *
headline_for (const TsPlan *plan)
{
  const TsScenario *s = plan->scenario;
  g_autofree char *rule = ts_format_gb_range (plan->memory.rule.low_bytes, plan->memory.rule.high_bytes);

  if (s->method == TS_METHOD_FULL)
    /* Translators: “Full training of Llama 3.1 70B needs 1,120–1,260 GB for weights, gradients and optimizer states.” */
    return g_strdup_printf (_("Full training of %s needs %s for weights, gradients and optimizer states."),
                            s->model.name, rule);
  if (s->method == TS_METHOD_LORA)
    /* Translators: “LoRA of Llama 3.1 70B needs 140 GB for the frozen BF16 base plus adapters.” */
    return g_strdup_printf (_("LoRA of %s needs %s for the frozen BF16 base plus adapters."),
                            s->model.name, rule);
  /* Translators: “QLoRA of Llama 3.1 70B needs 35 GB for the 4-bit base plus adapters.” */
  return g_strdup_printf (_("QLoRA of %s needs %s for the 4-bit base plus adapters."),
                          s->model.name, rule);
}

static void
show_plan (TsWindow *self)
{
  const TsMemory *m = &self->plan->memory;
  g_autofree char *headline = headline_for (self->plan);
  g_autofree char *rule = ts_format_gb_range (m->rule.low_bytes, m->rule.high_bytes);
  g_autofree char *total = ts_format_gb (ts_breakdown_sum (&m->total));
  g_autofree char *per_gpu = ts_format_gb (ts_breakdown_sum (&m->per_gpu));

  gtk_label_set_label (self->headline_label, headline);
  gtk_label_set_label (self->rule_label, rule);
  gtk_label_set_label (self->detail_label, total);
  gtk_label_set_label (self->per_gpu_label, per_gpu);
}

static void
recompute (TsWindow *self)
{
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  plan = ts_plan_compute (ts_application_get_catalog (self->application), self->scenario, &error);
  if (plan == NULL)
    {
      /* The last valid answer stays visible. */
      g_message ("No plan: %s", error->message);
      return;
    }
  g_clear_pointer (&self->plan, ts_plan_free);
  self->plan = plan;
  show_plan (self);
}

static void
model_selected_cb (TsWindow *self)
{
  TsCatalog *catalog = ts_application_get_catalog (self->application);
  guint index = adw_combo_row_get_selected (self->model_row);

  if (index == GTK_INVALID_LIST_POSITION || index >= ts_catalog_get_n_models (catalog))
    return;
  ts_scenario_set_model (self->scenario, &ts_catalog_get_model (catalog, index)->model);
  recompute (self);
}

static void
method_selected_cb (TsWindow *self)
{
  guint index = adw_combo_row_get_selected (self->method_row);

  if (index >= G_N_ELEMENTS (methods))
    return;
  self->scenario->method = methods[index];
  recompute (self);
}

static void
fill_pickers (TsWindow *self)
{
  TsCatalog *catalog = ts_application_get_catalog (self->application);
  g_autoptr(GtkStringList) models = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) method_names = gtk_string_list_new (NULL);

  for (guint i = 0; i < ts_catalog_get_n_models (catalog); i++)
    gtk_string_list_append (models, ts_catalog_get_model (catalog, i)->model.name);
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    gtk_string_list_append (method_names, method_name (methods[i]));

  adw_combo_row_set_model (self->model_row, G_LIST_MODEL (models));
  adw_combo_row_set_model (self->method_row, G_LIST_MODEL (method_names));
}

static void
setup (TsWindow      *self,
       TsApplication *application)
{
  TsCatalog *catalog;

  self->application = application;
  catalog = ts_application_get_catalog (self->application);

  self->scenario = ts_scenario_new ();
  if (ts_catalog_get_n_models (catalog) > 0)
    ts_scenario_set_model (self->scenario, &ts_catalog_get_model (catalog, 0)->model);

  fill_pickers (self);
  g_signal_connect_swapped (self->model_row, "notify::selected", G_CALLBACK (model_selected_cb), self);
  g_signal_connect_swapped (self->method_row, "notify::selected", G_CALLBACK (method_selected_cb), self);
  recompute (self);
}

static void
ts_window_dispose (GObject *object)
{
  TsWindow *self = TS_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_WINDOW);
  g_clear_pointer (&self->plan, ts_plan_free);
  g_clear_pointer (&self->scenario, ts_scenario_free);

  G_OBJECT_CLASS (ts_window_parent_class)->dispose (object);
}

static void
ts_window_class_init (TsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsWindow, model_row);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, method_row);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, headline_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, rule_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, detail_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, per_gpu_label);
}

static void
ts_window_init (TsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TsWindow *
ts_window_new (TsApplication *application)
{
  TsWindow *self = g_object_new (TS_TYPE_WINDOW, "application", application, NULL);

  setup (self, application);
  return self;
}

const TsScenario *
ts_window_get_scenario (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->scenario;
}

const TsPlan *
ts_window_get_plan (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->plan;
}

const char *
ts_window_get_headline (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->headline_label);
}
