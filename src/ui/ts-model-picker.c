/* ts-model-picker.c — the list of models to train, with its search
 *
 * Every model of the catalog, grouped under its family, then the three
 * ways to a model of one's own: the custom rows, a model file and a
 * pasted config.json. Searching filters by name, family and id; Enter
 * takes the first match.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-model-picker"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-model-picker.h"

struct _TsModelPicker
{
  GtkBox          parent_instance;

  TsCatalog      *catalog;         /* borrowed from the application */
  gboolean        stale;           /* the rows wait for the list to be shown */

  GtkSearchEntry *model_search;
  GtkListBox     *model_list;
};

G_DEFINE_FINAL_TYPE (TsModelPicker, ts_model_picker, GTK_TYPE_BOX)

enum
{
  MODEL_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
row_family (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), "family");
}

static void
header_cb (GtkListBoxRow *row,
           GtkListBoxRow *before,
           gpointer       user_data)
{
  GtkWidget *label;

  if (before != NULL && g_strcmp0 (row_family (row), row_family (before)) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  label = gtk_label_new (row_family (row));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_start (label, 6);
  gtk_list_box_row_set_header (row, label);
}

static gboolean
filter_cb (GtkListBoxRow *row,
           gpointer       user_data)
{
  TsModelPicker *self = user_data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->model_search));
  const char *haystack = g_object_get_data (G_OBJECT (row), "search");
  g_autofree char *needle = NULL;

  if (text == NULL || *text == '\0')
    return TRUE;
  needle = g_utf8_casefold (text, -1);
  return strstr (haystack, needle) != NULL;
}

static void
row_activated_cb (TsModelPicker *self,
                  GtkListBoxRow *row)
{
  const char *name = gtk_widget_get_name (GTK_WIDGET (row));
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  if (g_str_has_prefix (name, "custom-"))
    {
      /* The window's actions: they read the model and hand it back. */
      gtk_widget_activate_action (GTK_WIDGET (self), g_str_equal (name, "custom-open")
                                  ? "win.import-model-file" : "win.paste-model-config", NULL);
      return;
    }
  g_signal_emit (self, signals[MODEL_CHOSEN], 0,
                 GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "model-index")));
}

static void
search_changed_cb (TsModelPicker *self)
{
  gtk_list_box_invalidate_filter (self->model_list);
  gtk_list_box_invalidate_headers (self->model_list);
}

static void
search_activate_cb (TsModelPicker *self)
{
  /* Enter picks the first model that matches. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->model_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && gtk_widget_get_child_visible (child))
      {
        row_activated_cb (self, GTK_LIST_BOX_ROW (child));
        return;
      }
}

static GtkWidget *
model_row (const char *id,
           const char *name,
           const char *family,
           const char *size,
           gboolean    moe,
           guint       index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (name);
  g_autofree char *search = g_strdup_printf ("%s %s %s", name, family, id != NULL ? id : "");

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  if (moe)
    {
      /* Translators: “mixture of experts”, a kind of model; keep it short */
      GtkWidget *tag = gtk_label_new (_("MoE"));

      gtk_widget_add_css_class (tag, "tag");
      gtk_widget_set_tooltip_text (tag, _("Mixture of experts: only some weights work on each token"));
      gtk_box_append (GTK_BOX (box), tag);
    }
  if (size != NULL)
    {
      GtkWidget *size_label = gtk_label_new (size);

      gtk_widget_add_css_class (size_label, "dim-label");
      gtk_widget_add_css_class (size_label, "numeric");
      gtk_box_append (GTK_BOX (box), size_label);
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "model-index", GUINT_TO_POINTER (index));
  g_object_set_data_full (G_OBJECT (row), "family", g_strdup (family), g_free);
  g_object_set_data_full (G_OBJECT (row), "search", g_utf8_casefold (search, -1), g_free);
  if (id != NULL)
    gtk_widget_set_name (row, id);
  return row;
}

static void
fill_list (TsModelPicker *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->model_list))) != NULL)
    gtk_list_box_remove (self->model_list, child);

  /* The catalog lists models grouped by family already. */
  for (guint i = 0; self->catalog != NULL && i < ts_catalog_get_n_models (self->catalog); i++)
    {
      const TsModel *m = &ts_catalog_get_model (self->catalog, i)->model;
      g_autofree char *size = ts_format_params (m->params);

      gtk_list_box_append (self->model_list,
                           model_row (m->id, m->name, m->family != NULL ? m->family : "", size,
                                      m->has_architecture && ts_architecture_is_moe (&m->arch), i + 1));
    }
  /* Translators: the last entry of the model list: enter your own model */
  gtk_list_box_append (self->model_list, model_row ("custom", _("Custom…"), _("Your own model"), NULL, FALSE, 0));
  /* Custom from a file (ts-model-import.c): rows that run an action. */
  gtk_list_box_append (self->model_list, model_row ("custom-open", _("Open a Model File…"), _("Your own model"), NULL, FALSE, 0));
  gtk_list_box_append (self->model_list, model_row ("custom-paste", _("Paste config.json…"), _("Your own model"), NULL, FALSE, 0));
}

void
ts_model_picker_set_catalog (TsModelPicker *self,
                             TsCatalog     *catalog)
{
  g_return_if_fail (TS_IS_MODEL_PICKER (self));

  self->catalog = catalog;
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    ts_model_picker_refresh (self);
}

/* A row for every model of the catalog: made when the list is first shown,
 * not at start-up. */
void
ts_model_picker_refresh (TsModelPicker *self)
{
  g_return_if_fail (TS_IS_MODEL_PICKER (self));

  if (!self->stale)
    return;
  self->stale = FALSE;
  fill_list (self);
}

gboolean
ts_model_picker_select (TsModelPicker *self,
                        const char    *id)
{
  g_return_val_if_fail (TS_IS_MODEL_PICKER (self), FALSE);

  ts_model_picker_refresh (self);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->model_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && g_strcmp0 (gtk_widget_get_name (child), id) == 0)
      {
        g_signal_emit_by_name (self->model_list, "row-activated", child);
        return TRUE;
      }
  return FALSE;
}

static void
ts_model_picker_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_MODEL_PICKER);

  G_OBJECT_CLASS (ts_model_picker_parent_class)->dispose (object);
}

static void
ts_model_picker_class_init (TsModelPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_model_picker_dispose;

  signals[MODEL_CHOSEN] = g_signal_new ("model-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-model-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, TsModelPicker, model_search);
  gtk_widget_class_bind_template_child (widget_class, TsModelPicker, model_list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
}

static void
ts_model_picker_init (TsModelPicker *self)
{
  self->stale = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_header_func (self->model_list, header_cb, NULL, NULL);
  gtk_list_box_set_filter_func (self->model_list, filter_cb, self, NULL);
}
