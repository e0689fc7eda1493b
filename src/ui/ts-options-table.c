/* ts-options-table.c — the hardware options side by side, one row each
 *
 * Sortable by any column; the essential columns fit beside the scenario
 * on a 1280 px window, the others are a toggle away. Selecting a row
 * shows that option in every view (the window does, on “option-chosen”).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-options-table"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-option-item.h"
#include "ts-options-table.h"

/* What each column's factory binds with: the table and the column. */
typedef struct
{
  TsOptionsTable *table;
  TsOptionColumn  column;
} ColumnData;

struct _TsOptionsTable
{
  GtkBox               parent_instance;

  GtkColumnViewColumn *columns[TS_N_OPTION_COLUMNS];
  ColumnData           column_data[TS_N_OPTION_COLUMNS];
  GListStore          *store;
  gboolean             presenting;  /* a projector's wide screen */
  GtkSingleSelection  *selection;
  gboolean             filling;     /* the selection is being set from the plan */

  /* template children */
  GtkColumnView       *option_view;
};

G_DEFINE_FINAL_TYPE (TsOptionsTable, ts_options_table, GTK_TYPE_BOX)

enum
{
  OPTION_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_PRESENTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The widest a wrapping cell's line is, in characters. GTK 4.8's column
 * view makes a row as tall as its cells' labels at their least width (a
 * wrapping label's longest word), not at their column's: names and
 * verdicts that fit one line of presenter mode's wide columns left two
 * or three blank lines under them. On a projector the wrapping cells are
 * as wide at least as at most, so a row is as tall as what it shows; a
 * 1280 px window keeps the narrow columns that fit beside the scenario. */
#define NAME_MIN_CHARS        11
#define NAME_MAX_CHARS        14
#define SHORT_MAX_CHARS       10
#define PRESENTER_MAX_CHARS   40

static int
max_width_chars (TsOptionColumn column,
                 gboolean       presenting)
{
  switch (column)
    {
    case TS_OPTION_COLUMN_SERVER:
      return presenting ? PRESENTER_MAX_CHARS : NAME_MAX_CHARS;
    case TS_OPTION_COLUMN_VERDICT:
    case TS_OPTION_COLUMN_PRICE:
      return presenting ? PRESENTER_MAX_CHARS / 2 : SHORT_MAX_CHARS;
    default:
      return -1;
    }
}

static void
column_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_INT (user_data) == TS_OPTION_COLUMN_SERVER ? 0 : 1);
  if (GPOINTER_TO_INT (user_data) == TS_OPTION_COLUMN_SERVER)
    {
      /* Long names wrap, whole, so the essential columns fit beside the
       * scenario on a 1280 px window. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      /* at words and after hyphens only: the column is at least as wide
       * as its longest word (“Рекомендуется” was cut to “Рекомендуетс” and
       * “я”) */
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
      /* at least a vendor's name whole (“Supermicro”): a narrow window
       * scrolls the table sideways rather than cut words in two */
      gtk_label_set_width_chars (GTK_LABEL (label), NAME_MIN_CHARS);
      gtk_label_set_max_width_chars (GTK_LABEL (label), NAME_MAX_CHARS);
    }
  else if (GPOINTER_TO_INT (user_data) == TS_OPTION_COLUMN_GPU_CAPACITY)
    {
      /* “180 GB HBM3e as the vendor states it; usable 193 GB (180 GiB)”:
       * a sentence read from its start, on two lines at most like every
       * cell of All Columns (the only view that shows it; the table
       * scrolls sideways for it) */
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
      gtk_label_set_width_chars (GTK_LABEL (label), 40);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 44);
    }
  else if (GPOINTER_TO_INT (user_data) == TS_OPTION_COLUMN_VERDICT
           || GPOINTER_TO_INT (user_data) == TS_OPTION_COLUMN_PRICE)
    {
      /* “Power supplies short”, “≈ 2,500,000 USD”: on two lines, so the
       * default columns still fit beside the scenario */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
      gtk_label_set_max_width_chars (GTK_LABEL (label), SHORT_MAX_CHARS);
    }
  /* a word cut to fit is cut without a hyphen (“Рекомендуетс-я”) */
  {
    PangoAttrList *attrs = pango_attr_list_new ();

    pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
    gtk_label_set_attributes (GTK_LABEL (label), attrs);
    pango_attr_list_unref (attrs);
  }
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
column_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  const ColumnData *data = user_data;
  TsOptionColumn column = data->column;
  TsOptionItem *option = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  int max_chars = max_width_chars (column, data->table->presenting);

  if (max_chars > 0)
    {
      gtk_label_set_max_width_chars (label, max_chars);
      gtk_label_set_width_chars (label, data->table->presenting ? max_chars
                                        : column == TS_OPTION_COLUMN_SERVER ? NAME_MIN_CHARS : -1);
    }

  if (column == TS_OPTION_COLUMN_SERVER)
    gtk_label_set_markup (label, ts_option_item_get_text (option, column));
  else
    gtk_label_set_label (label, ts_option_item_get_text (option, column));
}

static int
column_compare_cb (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  return ts_option_item_compare (TS_OPTION_ITEM ((gpointer) a), TS_OPTION_ITEM ((gpointer) b),
                                 GPOINTER_TO_INT (user_data));
}

/* What the table shows at first, so it fits a 1280 px window beside the
 * scenario (the server column names the count: “6 × …”); the others
 * (servers, GPUs, GPU memory, headroom, link, units, racks) are
 * a toggle away, and in the comparison and the CSV. */
static gboolean
is_essential_column (TsOptionColumn column)
{
  return column == TS_OPTION_COLUMN_SERVER || column == TS_OPTION_COLUMN_VERDICT
         || column == TS_OPTION_COLUMN_GPU_MEMORY || column == TS_OPTION_COLUMN_TIME
         || column == TS_OPTION_COLUMN_POWER || column == TS_OPTION_COLUMN_PRICE;
}

/* The flow box around the buttons takes the keyboard focus one box at a
 * time: Enter or Space on a box presses its button. */
static void
button_box_activated_cb (GtkFlowBox      *buttons,
                         GtkFlowBoxChild *box)
{
  gtk_widget_activate (gtk_flow_box_child_get_child (box));
}

/* With every column shown the table scrolls sideways anyway: the server
 * column is then as wide as this many characters of the table's type,
 * so the catalog's longest names (some 55 characters with the count)
 * keep to two lines (at its 11 they took three or four). */
#define ALL_COLUMNS_SERVER_CHARS 36

static int
server_width_all_columns (TsOptionsTable *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self->option_view));
  PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
  int per_char = pango_font_metrics_get_approximate_char_width (metrics);

  pango_font_metrics_unref (metrics);
  return PANGO_PIXELS_CEIL (per_char * ALL_COLUMNS_SERVER_CHARS);
}

static void
all_columns_toggled_cb (TsOptionsTable  *self,
                        GtkToggleButton *button)
{
  gboolean all = gtk_toggle_button_get_active (button);

  for (int c = 0; c < TS_N_OPTION_COLUMNS; c++)
    gtk_column_view_column_set_visible (self->columns[c], all || is_essential_column (c));
  gtk_column_view_column_set_fixed_width (self->columns[TS_OPTION_COLUMN_SERVER],
                                          all ? server_width_all_columns (self) : -1);
}

static void
selected_cb (TsOptionsTable *self)
{
  TsOptionItem *item = gtk_single_selection_get_selected_item (self->selection);

  if (self->filling || item == NULL)
    return;
  g_signal_emit (self, signals[OPTION_CHOSEN], 0, ts_option_item_get_index (item),
                 ts_option_item_get_server_id (item));
}

static void
add_columns (TsOptionsTable *self)
{
  static const char *const titles[TS_N_OPTION_COLUMNS] = {
    /* “Per GPU”, as the spec sheet heads the column: the default columns
     * fit beside the scenario with the price among them */
    N_("Server"), N_("Servers"), N_("GPUs"), N_("Per GPU"),
    /* Translators: the column of one GPU's memory, as its vendor states it and usable */
    N_("GPU memory"), N_("Headroom"),
    N_("Verdict"), N_("GPU link"), N_("Time"), N_("Power"), N_("Units"), N_("Racks"),
    /* Translators: the column of the servers' price (“≈ 3,090,000 USD”) */
    N_("Price"),
  };

  for (int c = 0; c < TS_N_OPTION_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (column_compare_cb, GINT_TO_POINTER (c), NULL));

      g_signal_connect (factory, "setup", G_CALLBACK (column_setup_cb), GINT_TO_POINTER (c));
      self->column_data[c].table = self;
      self->column_data[c].column = c;
      g_signal_connect (factory, "bind", G_CALLBACK (column_bind_cb), &self->column_data[c]);
      column = gtk_column_view_column_new (_(titles[c]), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      if (c == TS_OPTION_COLUMN_SERVER)
        gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_column_set_visible (column, is_essential_column (c));
      gtk_column_view_append_column (self->option_view, column);
      self->columns[c] = column;
      g_object_unref (column);
      g_object_unref (sorter);
    }
}

void
ts_options_table_fill (TsOptionsTable *self,
                       const TsPlan   *plan,
                       gboolean        gib)
{
  int shown_option = plan->chosen;

  guint select = GTK_INVALID_LIST_POSITION;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (TS_IS_OPTIONS_TABLE (self));

  for (guint i = 0; i < plan->options->len; i++)
    g_ptr_array_add (items, ts_option_item_new (&g_array_index (plan->options, TsOption, i), i, gib));

  self->filling = TRUE;
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  if (shown_option >= 0 || plan->recommended >= 0)
    {
      guint wanted = shown_option >= 0 ? (guint) shown_option : (guint) plan->recommended;
      GListModel *model = G_LIST_MODEL (self->selection);

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(TsOptionItem) item = g_list_model_get_item (model, i);

          if (ts_option_item_get_index (item) == wanted)
            select = i;
        }
    }
  gtk_single_selection_set_selected (self->selection, select);
  self->filling = FALSE;
}

GtkColumnView *
ts_options_table_get_view (TsOptionsTable *self)
{
  g_return_val_if_fail (TS_IS_OPTIONS_TABLE (self), NULL);
  return self->option_view;
}

static void
ts_options_table_dispose (GObject *object)
{
  TsOptionsTable *self = TS_OPTIONS_TABLE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_OPTIONS_TABLE);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (ts_options_table_parent_class)->dispose (object);
}

/* Presenter mode: the wrapping cells get a projector's line length. The
 * rows are bound again (the store says every item changed, which it did
 * for the cells), as a bound cell is not measured anew otherwise. */
static void
set_presenting (TsOptionsTable *self,
                gboolean        presenting)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  if (self->presenting == presenting)
    return;
  self->presenting = presenting;
  g_list_model_items_changed (G_LIST_MODEL (self->store), 0, n, n);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTING]);
}

static void
ts_options_table_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TsOptionsTable *self = TS_OPTIONS_TABLE (object);

  switch (prop_id)
    {
    case PROP_PRESENTING:
      g_value_set_boolean (value, self->presenting);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_options_table_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TsOptionsTable *self = TS_OPTIONS_TABLE (object);

  switch (prop_id)
    {
    case PROP_PRESENTING:
      set_presenting (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_options_table_class_init (TsOptionsTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_options_table_dispose;
  object_class->get_property = ts_options_table_get_property;
  object_class->set_property = ts_options_table_set_property;

  properties[PROP_PRESENTING] =
    g_param_spec_boolean ("presenting", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[OPTION_CHOSEN] = g_signal_new ("option-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-options-table.ui");
  gtk_widget_class_bind_template_child (widget_class, TsOptionsTable, option_view);
  gtk_widget_class_bind_template_callback (widget_class, all_columns_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, button_box_activated_cb);
}

static void
ts_options_table_init (TsOptionsTable *self)
{
  GtkSortListModel *sorted;

  gtk_widget_init_template (GTK_WIDGET (self));
  add_columns (self);

  self->store = g_list_store_new (TS_TYPE_OPTION_ITEM);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->option_view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->option_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (selected_cb), self);
}
