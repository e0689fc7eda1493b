/* ts-comparison-dialog.c — two hardware options of a plan side by side
 *
 * The servers table ranks every option on a line each; a customer asking
 * “and what if we took the cheaper one?” wants two of them next to each
 * other with what changes marked. The words and figures are the engine's
 * (ts-format.h, ts_verdict_label, ts_option_dup_reason/_failures), copied
 * when the dialog opens so it never holds the window's plan.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-comparison-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-accessible.h"
#include "ts-comparison-dialog.h"
#include "ts-format.h"

struct _TsComparisonDialog
{
  AdwWindow    parent_instance;

  guint        n_options;
  char       **texts;        /* n_options × TS_N_COMPARE_ROWS, owned */
  GtkWidget   *values[TS_N_COMPARE_ROWS][2];
  GtkWidget   *marks[TS_N_COMPARE_ROWS];
  gboolean     differs[TS_N_COMPARE_ROWS];

  /* template children */
  GtkGrid     *grid;
  GtkDropDown *first_dropdown;
  GtkDropDown *second_dropdown;
};

G_DEFINE_FINAL_TYPE (TsComparisonDialog, ts_comparison_dialog, ADW_TYPE_WINDOW)

static const char *const row_titles[TS_N_COMPARE_ROWS] = {
  N_("Verdict"), N_("Memory per GPU"),
  /* Translators: the row of one GPU's memory, as its vendor states it and usable */
  N_("GPU memory"), N_("Servers"),
  /* Translators: the row of the servers' price in the comparison */
  N_("Price"), N_("Racks"), N_("Power"),
  N_("Heat"), N_("Time"), N_("Energy"), N_("Energy cost"), N_("Why"),
};

static char *
dash_unless (gboolean  shown,
             char     *text)
{
  if (shown)
    return text;
  g_free (text);
  return g_strdup ("—");
}

/* The reason, then what keeps the option from working, a line each. */
static char *
why_text (const TsOption *o)
{
  g_autoptr(GPtrArray) failures = ts_option_dup_failures (o);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *reason = ts_option_dup_reason (o);

  g_string_append (text, reason);
  for (guint i = 0; failures != NULL && i < failures->len; i++)
    g_string_append_printf (text, "\n%s", (const char *) failures->pdata[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
fill_texts (char           **texts,
            const TsOption  *o,
            const char      *currency,
            gboolean         gib)
{
  g_autofree char *used = ts_format_memory (ts_breakdown_sum (&o->memory.per_gpu), gib);
  g_autofree char *capacity = ts_format_capacity (o->gpu_memory_bytes, gib);
  g_autofree char *count = ts_format_number (o->servers, 0);
  g_autofree char *server_name = ts_format_name (o->server->name);
  g_autofree char *racks = ts_format_number (o->racks, 0);
  g_autofree char *units = ts_format_number (o->rack_units, 0);
  g_autofree char *btu = ts_format_btu_h (o->heat_btu_h);
  g_autofree char *tons = ts_format_tons (o->cooling_tons);

  /* the option's one verdict (issue 28); the memory fit is the memory
   * row's part of it */
  texts[TS_COMPARE_VERDICT] = g_strdup (ts_option_verdict_label (o));
  /* Translators: memory per GPU in the comparison and its fit, e.g. “85.3 GB of 151 GB — Fits” */
  texts[TS_COMPARE_MEMORY] = g_strdup_printf (_("%s of %s — %s"), used, capacity, ts_verdict_label (o->verdict));
  /* the datasheet's figure beside the usable one the memory row's “of”
   * is (docs/hardware-rules.md §9), the engine's words */
  texts[TS_COMPARE_GPU_MEMORY] = ts_option_dup_gpu_memory (o);
  /* Translators: server count and model, e.g. “2 × NVIDIA DGX H200” */
  texts[TS_COMPARE_SERVERS] = g_strdup_printf (_("%s × %s"), count, server_name);
  /* Translators: racks and the rack units the servers and switches take, e.g. “1 (14 U)” */
  texts[TS_COMPARE_PRICE] = ts_option_dup_price_total (o);
  if (texts[TS_COMPARE_PRICE] == NULL)
    texts[TS_COMPARE_PRICE] = g_strdup ("—");
  texts[TS_COMPARE_RACKS] = g_strdup_printf (_("%s (%s U)"), racks, units);
  texts[TS_COMPARE_POWER] = ts_format_kw (o->power_kw);
  /* Translators: heat in BTU/h and cooling, e.g. “47,000 BTU/h, 3.9 t” */
  texts[TS_COMPARE_HEAT] = g_strdup_printf (_("%s, %s"), btu, tons);
  texts[TS_COMPARE_TIME] = dash_unless (o->training_days > 0, ts_format_days (o->training_days));
  texts[TS_COMPARE_ENERGY] = dash_unless (o->energy_kwh > 0, ts_format_kwh (o->energy_kwh));
  texts[TS_COMPARE_COST] = dash_unless (o->energy_cost > 0, ts_format_money (o->energy_cost, currency));
  texts[TS_COMPARE_WHY] = why_text (o);
}

static const char *
text_of (TsComparisonDialog *self,
         guint               option,
         TsCompareRow        row)
{
  return self->texts[option * TS_N_COMPARE_ROWS + row];
}

static void
show_selected (TsComparisonDialog *self)
{
  guint chosen[2] = {
    gtk_drop_down_get_selected (self->first_dropdown),
    gtk_drop_down_get_selected (self->second_dropdown),
  };

  if (chosen[0] >= self->n_options || chosen[1] >= self->n_options)
    return;
  for (TsCompareRow r = 0; r < TS_N_COMPARE_ROWS; r++)
    {
      self->differs[r] = g_strcmp0 (text_of (self, chosen[0], r), text_of (self, chosen[1], r)) != 0;
      for (guint side = 0; side < 2; side++)
        {
          gtk_label_set_label (GTK_LABEL (self->values[r][side]), text_of (self, chosen[side], r));
          /* Marked in type and by the ≠ beside it, never by colour alone. */
          if (self->differs[r])
            gtk_widget_add_css_class (self->values[r][side], "differs");
          else
            gtk_widget_remove_css_class (self->values[r][side], "differs");
        }
      gtk_widget_set_visible (self->marks[r], self->differs[r]);
    }
}

static GtkWidget *
value_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
build_rows (TsComparisonDialog *self)
{
  for (TsCompareRow r = 0; r < TS_N_COMPARE_ROWS; r++)
    {
      GtkWidget *title = gtk_label_new (_(row_titles[r]));

      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_label_set_yalign (GTK_LABEL (title), 0);
      gtk_widget_add_css_class (title, "heading");
      gtk_grid_attach (self->grid, title, 0, r + 1, 1, 1);
      for (guint side = 0; side < 2; side++)
        {
          self->values[r][side] = value_label ();
          gtk_grid_attach (self->grid, self->values[r][side], side + 1, r + 1, 1, 1);
        }
      self->marks[r] = gtk_label_new ("≠");
      gtk_widget_set_valign (self->marks[r], GTK_ALIGN_START);
      gtk_widget_set_tooltip_text (self->marks[r], _("Differs"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->marks[r]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Differs"), -1);
      gtk_widget_add_css_class (self->marks[r], "differs");
      gtk_grid_attach (self->grid, self->marks[r], 3, r + 1, 1, 1);
    }
}

static void
ts_comparison_dialog_finalize (GObject *object)
{
  TsComparisonDialog *self = TS_COMPARISON_DIALOG (object);

  for (guint i = 0; i < self->n_options * TS_N_COMPARE_ROWS; i++)
    g_free (self->texts[i]);
  g_free (self->texts);

  G_OBJECT_CLASS (ts_comparison_dialog_parent_class)->finalize (object);
}

static void
ts_comparison_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_COMPARISON_DIALOG);
  G_OBJECT_CLASS (ts_comparison_dialog_parent_class)->dispose (object);
}

static void
ts_comparison_dialog_class_init (TsComparisonDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_comparison_dialog_dispose;
  object_class->finalize = ts_comparison_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-comparison-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsComparisonDialog, grid);
  gtk_widget_class_bind_template_child (widget_class, TsComparisonDialog, first_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsComparisonDialog, second_dropdown);
  /* Esc closes it, as it closes a dialog. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ts_comparison_dialog_init (TsComparisonDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_rows (self);
  g_signal_connect_swapped (self->first_dropdown, "notify::selected", G_CALLBACK (show_selected), self);
  g_signal_connect_swapped (self->second_dropdown, "notify::selected", G_CALLBACK (show_selected), self);
}

TsComparisonDialog *
ts_comparison_dialog_new (GtkWindow    *parent,
                          const TsPlan *plan,
                          gboolean      gib,
                          guint         first,
                          guint         second)
{
  TsComparisonDialog *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_return_val_if_fail (plan != NULL, NULL);

  self = g_object_new (TS_TYPE_COMPARISON_DIALOG, "transient-for", parent, NULL);
  self->n_options = plan->options->len;
  self->texts = g_new0 (char *, self->n_options * TS_N_COMPARE_ROWS);
  for (guint i = 0; i < self->n_options; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);
      g_autofree char *count = ts_format_number (o->servers, 0);
      g_autofree char *server_name = ts_format_name (o->server->name);
      g_autofree char *name = g_strdup_printf (_("%s × %s"), count, server_name);

      fill_texts (self->texts + i * TS_N_COMPARE_ROWS, o, plan->scenario->currency, gib);
      gtk_string_list_append (names, name);
    }
  gtk_drop_down_set_model (self->first_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_model (self->second_dropdown, G_LIST_MODEL (names));
  ts_comparison_dialog_set_options (self, first, second);
  ts_accessible_name_inner_toggle (GTK_WIDGET (self->first_dropdown), _("First option"));
  ts_accessible_name_inner_toggle (GTK_WIDGET (self->second_dropdown), _("Second option"));
  ts_accessible_tidy_built (GTK_WIDGET (self));
  return self;
}

void
ts_comparison_dialog_set_options (TsComparisonDialog *self,
                                  guint               first,
                                  guint               second)
{
  g_return_if_fail (TS_IS_COMPARISON_DIALOG (self));

  gtk_drop_down_set_selected (self->first_dropdown, MIN (first, self->n_options - 1));
  gtk_drop_down_set_selected (self->second_dropdown, MIN (second, self->n_options - 1));
  show_selected (self);
}

const char *
ts_comparison_dialog_get_value (TsComparisonDialog *self,
                                TsCompareRow        row,
                                guint               side)
{
  g_return_val_if_fail (TS_IS_COMPARISON_DIALOG (self), NULL);
  g_return_val_if_fail (row < TS_N_COMPARE_ROWS && side < 2, NULL);
  return gtk_label_get_label (GTK_LABEL (self->values[row][side]));
}

gboolean
ts_comparison_dialog_get_differs (TsComparisonDialog *self,
                                  TsCompareRow        row)
{
  g_return_val_if_fail (TS_IS_COMPARISON_DIALOG (self), FALSE);
  g_return_val_if_fail (row < TS_N_COMPARE_ROWS, FALSE);
  return self->differs[row];
}
