/* ts-accessible.c — the window as a screen reader gets it (issue 33)
 *
 * GTK 4.8's AT-SPI bridge names a widget by its label property joined
 * with the names of the widgets labelling it, falls back to the class
 * name ("GtkImage", "GtkMenuButton") when both are empty, and puts in
 * the tree every visible widget that is not in the state "hidden",
 * the pages of a stack out of sight included. These helpers keep one
 * name per control, no icon named by its class and no page out of sight
 * in the tree. tests/ui/test-accessible.c walks the tree for each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-accessible"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ts-accessible.h"

/* An icon without a name of its own is decoration: the button around it
 * is named, or the text beside it says the same (a view switcher's page
 * title, a status page's title). Out of the tree, a screen reader does
 * not read "GtkImage" for it. The images are made inside libadwaita's
 * widgets too (switcher buttons, rows), so every image is looked at when
 * it is shown, through an emission hook, rather than widget by widget (a
 * switcher kept out of sight: ts_accessible_hide_switcher_icons).
 * (gtk_test_accessible_has_property is GTK 4.8's only way to ask whether
 * a label property is set.) */
static void
hide_if_unnamed (GtkWidget *image)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_STATE_HIDDEN,
                               !gtk_test_accessible_has_property (GTK_ACCESSIBLE (image),
                                                                  GTK_ACCESSIBLE_PROPERTY_LABEL),
                               -1);
}

/* "_All Columns" → "All Columns", "__" → "_". */
static char *
strip_mnemonic (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '\0')
            break;
          p++;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* GTK 4.8 gives a button with a mnemonic its label text, underscore and
 * all, as its label property, and the label inside it labels it too:
 * "_All Columns All Columns". The button keeps only the label inside it;
 * a check button, which nothing labels, gets the text without the
 * underscore. Done again whenever the label changes (a language switch),
 * since GTK sets the property again then. */
static void
drop_mnemonic (GtkWidget *widget)
{
  const char *label = NULL;

  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget)))
    label = gtk_button_get_label (GTK_BUTTON (widget));
  else if (GTK_IS_CHECK_BUTTON (widget) && gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (widget)))
    label = gtk_check_button_get_label (GTK_CHECK_BUTTON (widget));
  if (label == NULL || strchr (label, '_') == NULL)
    return;

  if (GTK_IS_BUTTON (widget))
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
  else
    {
      g_autofree char *name = strip_mnemonic (label);

      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  if (g_object_get_data (G_OBJECT (widget), "ts-accessible-mnemonic") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), "ts-accessible-mnemonic", GINT_TO_POINTER (1));
      g_signal_connect (widget, "notify::label", G_CALLBACK (drop_mnemonic), NULL);
    }
}

static gboolean
map_hook (GSignalInvocationHint *hint,
          guint                  n_values,
          const GValue          *values,
          gpointer               data)
{
  GObject *object = g_value_get_object (&values[0]);

  if (GTK_IS_IMAGE (object))
    hide_if_unnamed (GTK_WIDGET (object));
  else if (GTK_IS_BUTTON (object) || GTK_IS_CHECK_BUTTON (object))
    drop_mnemonic (GTK_WIDGET (object));
  return TRUE;
}

void
ts_accessible_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      /* the signal exists once the class is made */
      g_autoptr(GTypeClass) image_class = g_type_class_ref (GTK_TYPE_IMAGE);
      guint map = g_signal_lookup ("map", GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (map, 0, map_hook, NULL, NULL);
      g_once_init_leave (&done, 1);
    }
}

/* The part of a GtkMenuButton or a GtkDropDown that takes the focus is
 * the toggle button inside it. GTK 4.8 names a menu button's by the menu
 * button's label property only: one named by the row it activates
 * (labelled by the row's title) left it "GtkToggleButton", and a label
 * property on the menu button as well would double its name ("Model
 * Choose a Model"). A drop-down's is not named by the drop-down at all. */
void
ts_accessible_name_inner_toggle (GtkWidget  *button,
                                 const char *name)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button) || GTK_IS_DROP_DOWN (button));

  for (GtkWidget *child = gtk_widget_get_first_child (button); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* The page in sight; NULL when all are (an unfolded leaflet). */
static GtkWidget *
visible_child (GtkWidget *stack)
{
  if (GTK_IS_STACK (stack))
    return gtk_stack_get_visible_child (GTK_STACK (stack));
  if (ADW_IS_LEAFLET (stack))
    return adw_leaflet_get_folded (ADW_LEAFLET (stack)) ? adw_leaflet_get_visible_child (ADW_LEAFLET (stack)) : NULL;
  return adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack));
}

static void
hide_unseen (GtkWidget *stack)
{
  GtkWidget *shown = visible_child (stack);

  for (GtkWidget *child = gtk_widget_get_first_child (stack); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN,
                                 shown != NULL && child != shown, -1);
}

/* The pages of a stack other than the one in sight are out of the tree
 * (a reader found the "No Hardware Options Yet" page behind a drawing),
 * and so is the pane a folded leaflet keeps out of sight. */
void
ts_accessible_hide_unseen_pages (GtkWidget *stack)
{
  g_return_if_fail (GTK_IS_STACK (stack) || ADW_IS_VIEW_STACK (stack) || ADW_IS_LEAFLET (stack));

  g_signal_connect (stack, "notify::visible-child", G_CALLBACK (hide_unseen), NULL);
  if (ADW_IS_LEAFLET (stack))
    g_signal_connect (stack, "notify::folded", G_CALLBACK (hide_unseen), NULL);
  hide_unseen (stack);
}

static void
hide_icons (GtkWidget *root)
{
  if (GTK_IS_IMAGE (root))
    hide_if_unnamed (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    hide_icons (child);
}

/* A view switcher's buttons, made by libadwaita whenever the stack's
 * pages change, each hold an icon beside the page's title. A switcher
 * kept unmapped (the one of a header bar too narrow for it) is in the
 * tree all the same: its icons are hidden here, not when shown. The
 * switcher's own handler of the pages' change runs first, being
 * connected first (its stack is set before this is called). */
void
ts_accessible_hide_switcher_icons (GtkWidget *switcher,
                                   GtkWidget *view_stack)
{
  g_autoptr(GtkSelectionModel) pages = NULL;

  g_return_if_fail (GTK_IS_WIDGET (switcher));
  g_return_if_fail (ADW_IS_VIEW_STACK (view_stack));

  pages = adw_view_stack_get_pages (ADW_VIEW_STACK (view_stack));
  g_signal_connect_object (pages, "items-changed", G_CALLBACK (hide_icons), switcher, G_CONNECT_SWAPPED);
  hide_icons (switcher);
}

/* A window libadwaita builds itself (AdwPreferencesWindow: its pages'
 * stack, its search page, its view switcher) once built: every stack
 * keeps only the page in sight in the tree, every unnamed icon is out of
 * it. */
void
ts_accessible_tidy_built (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_STACK (root) || ADW_IS_VIEW_STACK (root))
    ts_accessible_hide_unseen_pages (root);
  else if (GTK_IS_IMAGE (root))
    hide_if_unnamed (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ts_accessible_tidy_built (child);
}
