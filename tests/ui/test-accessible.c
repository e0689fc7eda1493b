/* test-accessible.c — the window as a screen reader gets it (issue 33).
 *
 * Walks the widget tree as GTK 4.8's AT-SPI bridge does (a widget that is
 * not visible, has the role "none" or the state "hidden" is left out with
 * everything inside it) and fails on each defect the issue lists:
 * - a control or an image without a name: the bridge then names it by
 *   its class ("GtkMenuButton", "GtkImage");
 * - a doubled name: GTK 4.8 joins a widget's label property and the names
 *   of the widgets it is labelled by ("Method Method");
 * - a mnemonic underscore in a name ("_All Columns");
 * - a page out of sight in the tree (the hidden "No Hardware Options Yet"
 *   status page of a stack, the pane a folded leaflet hides);
 * - the comparison drawing's description without every option and its
 *   verdict.
 * Only GTK 4.8's test API is used: gtk_test_accessible_has_property and
 * gtk_test_accessible_check_property (which gives the actual value as
 * text when it differs from the one asked), the same for relations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ts-answer-pane.h"
#include "ts-application.h"
#include "ts-comparison-dialog.h"
#include "ts-export-dialog.h"
#include "ts-format.h"
#include "ts-i18n.h"
#include "ts-options.h"
#include "ts-preferences-window.h"
#include "ts-window-private.h"
#include "ui-test-support.h"

static TsApplication *app;

/* Never an accessible label: asking for it yields the actual one. */
#define NO_LABEL "\x01"

static char *
label_property (GtkWidget *widget)
{
  GtkAccessible *a = GTK_ACCESSIBLE (widget);

  if (!gtk_test_accessible_has_property (a, GTK_ACCESSIBLE_PROPERTY_LABEL))
    return NULL;
  return gtk_test_accessible_check_property (a, GTK_ACCESSIBLE_PROPERTY_LABEL, NO_LABEL);
}

static gboolean
is_hidden_state (GtkWidget *widget)
{
  GtkAccessible *a = GTK_ACCESSIBLE (widget);
  g_autofree char *differs = NULL;

  if (!gtk_test_accessible_has_state (a, GTK_ACCESSIBLE_STATE_HIDDEN))
    return FALSE;
  differs = gtk_test_accessible_check_state (a, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE);
  return differs == NULL;
}

/* What GTK 4.8 puts in the accessibility tree. */
static gboolean
is_presented (GtkWidget *widget)
{
  return gtk_widget_get_visible (widget)
         && gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != GTK_ACCESSIBLE_ROLE_NONE
         && !is_hidden_state (widget);
}

/* The widgets a widget is labelled by: the relation's text is
 * "Type<0xADDRESS> Type<0xADDRESS>…" in GTK 4.8. */
static GPtrArray *
labelled_by (GtkWidget *widget)
{
  GPtrArray *out = g_ptr_array_new ();
  GtkAccessible *a = GTK_ACCESSIBLE (widget);
  g_autofree char *text = NULL;
  const char *p;

  if (!gtk_test_accessible_has_relation (a, GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return out;
  text = gtk_test_accessible_check_relation (a, GTK_ACCESSIBLE_RELATION_LABELLED_BY, NULL);
  for (p = text != NULL ? strchr (text, '<') : NULL; p != NULL; p = strchr (p + 1, '<'))
    {
      void *target = NULL;

      if (sscanf (p + 1, "%p", &target) == 1 && target != NULL)
        g_ptr_array_add (out, target);
    }
  return out;
}

static gboolean
is_control (GtkAccessibleRole role)
{
  switch (role)
    {
    case GTK_ACCESSIBLE_ROLE_BUTTON:
    case GTK_ACCESSIBLE_ROLE_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_COMBO_BOX:
    case GTK_ACCESSIBLE_ROLE_IMG:
    case GTK_ACCESSIBLE_ROLE_LINK:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM_RADIO:
    case GTK_ACCESSIBLE_ROLE_RADIO:
    case GTK_ACCESSIBLE_ROLE_SEARCH_BOX:
    case GTK_ACCESSIBLE_ROLE_SLIDER:
    case GTK_ACCESSIBLE_ROLE_SPIN_BUTTON:
    case GTK_ACCESSIBLE_ROLE_SWITCH:
    case GTK_ACCESSIBLE_ROLE_TAB:
    case GTK_ACCESSIBLE_ROLE_TEXT_BOX:
      return TRUE;
    default:
      return FALSE;
    }
}

/* A mnemonic underscore: "_" starting a word. */
static gboolean
has_mnemonic (const char *name)
{
  for (const char *p = strchr (name, '_'); p != NULL; p = strchr (p + 1, '_'))
    if ((p == name || g_ascii_isspace (p[-1])) && p[1] != '\0' && p[1] != '_' && !g_ascii_isspace (p[1]))
      return TRUE;
  return FALSE;
}

static void
describe (GString    *out,
          GtkWidget  *widget,
          const char *defect,
          const char *name)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  g_string_append_printf (out, "%s %s in %s, tooltip «%s» (%s%s%s): %s\n", G_OBJECT_TYPE_NAME (widget),
                          gtk_widget_get_name (widget), parent != NULL ? gtk_widget_get_name (parent) : "-",
                          tooltip != NULL ? tooltip : "", name != NULL ? "«" : "",
                          name != NULL ? name : "no name", name != NULL ? "»" : "", defect);
}

static void
check_widget (GtkWidget *widget,
              GString   *defects)
{
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));
  g_autofree char *label = label_property (widget);
  g_autoptr(GPtrArray) by = labelled_by (widget);
  g_autoptr(GString) name = g_string_new (label);
  guint n_parts = 0;

  /* GTK 4.8's name: the label, then each labelling widget's label */
  for (guint i = 0; i < by->len; i++)
    {
      g_autofree char *part = label_property (g_ptr_array_index (by, i));

      if (part == NULL || *part == '\0')
        continue;
      if (name->len > 0)
        g_string_append_c (name, ' ');
      g_string_append (name, part);
      n_parts++;
    }

  if (is_control (role) && name->len == 0)
    describe (defects, widget, "no name: a screen reader says its class", NULL);
  if (label != NULL && *label != '\0' && n_parts > 0)
    describe (defects, widget, "named twice (its label and the widgets labelling it)", name->str);
  if (has_mnemonic (name->str))
    describe (defects, widget, "a mnemonic underscore in its name", name->str);
}

/* A page of one of the window's stacks or leaflets (not the stacks inside
 * libadwaita's view switcher buttons, which GTK 4.8 shows as they are). */
static gboolean
is_stack_page (GtkWidget *widget)
{
  GtkWidget *stack = gtk_widget_get_parent (widget);

  if (stack == NULL || !(GTK_IS_STACK (stack) || ADW_IS_VIEW_STACK (stack) || ADW_IS_LEAFLET (stack)))
    return FALSE;
  /* a leaflet's own parts (its shadow), drawn only while it moves */
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "AdwGizmo") == 0)
    return FALSE;
  return gtk_widget_get_ancestor (stack, ADW_TYPE_VIEW_SWITCHER) == NULL
         && gtk_widget_get_ancestor (stack, ADW_TYPE_VIEW_SWITCHER_BAR) == NULL
         && gtk_widget_get_ancestor (stack, ADW_TYPE_VIEW_SWITCHER_TITLE) == NULL;
}

static void
walk (GtkWidget *widget,
      GString   *defects,
      guint     *n_checked)
{
  if (!is_presented (widget))
    return;
  /* the page out of sight is reported once, not each part of it */
  if (is_stack_page (widget) && !(gtk_widget_get_child_visible (widget) && gtk_widget_get_mapped (widget)))
    {
      g_autofree char *label = label_property (widget);

      describe (defects, widget, "a page out of sight in the accessibility tree", label);
      return;
    }
  check_widget (widget, defects);
  (*n_checked)++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk (child, defects, n_checked);
}

static TsWindow *
open_window (int width)
{
  g_autoptr(TsScenario) scenario = ts_scenario_new ();
  TsCatalog *catalog = ts_application_get_catalog (app);
  TsWindow *window;

  ts_scenario_set_model (scenario, &ts_catalog_find_model (catalog, "llama-3.1-70b")->model);
  window = ts_window_new_for_scenario (GTK_APPLICATION (app), scenario);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 900);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  ts_test_settle ();
  return window;
}

static void
assert_tree_clean_min (GtkWidget  *root,
                       const char *where,
                       guint       min_checked)
{
  g_autoptr(GString) defects = g_string_new (NULL);
  guint n_checked = 0;

  walk (root, defects, &n_checked);
  /* the walk saw the window's controls, not an empty tree */
  g_assert_cmpuint (n_checked, >, min_checked);
  if (defects->len > 0)
    g_error ("%s: the accessibility tree has defects:\n%s", where, defects->str);
}

static void
assert_tree_clean (GtkWidget  *root,
                   const char *where)
{
  assert_tree_clean_min (root, where, 50);
}

typedef struct
{
  int         width;
  const char *lang;
} TreeCase;

static void
test_tree (gconstpointer data)
{
  const TreeCase *tc = data;
  int width = tc->width;
  g_autofree char *previous = g_strdup (ts_i18n_get_code ());
  TsWindow *window;
  TsAnswerPane *pane;

  /* Russian labels carry their own mnemonics and lengths */
  ts_i18n_set_language (tc->lang);
  /* the walk reads the language it names */
  if (g_str_equal (tc->lang, "ru"))
    g_assert_cmpstr (_("Method"), !=, "Method");
  window = open_window (width);
  pane = ts_window_get_answer_pane (window);

  /* the scenario's form (alone in sight on a narrow window)… */
  ts_window_show_scenario (window);
  ts_test_settle ();
  assert_tree_clean (GTK_WIDGET (window), "the scenario");
  /* …then every page of the answer, from the first to the last */
  ts_window_show_answer (window);
  ts_answer_pane_step_page (pane, -100);
  for (guint page = 0; page < 8; page++)
    {
      g_autofree char *where = g_strdup_printf ("window %d px wide (%s), page %u", width, tc->lang, page + 1);

      ts_test_settle ();
      assert_tree_clean (GTK_WIDGET (window), where);
      ts_answer_pane_step_page (pane, 1);
    }
  ts_test_destroy_window (window);
  ts_i18n_set_language (previous);
}

/* The comparison drawing's description carries every option and its
 * verdict, as the table shows them (ts-render-comparison.c). */
static void
test_comparison_description (void)
{
  TsWindow *window = open_window (1280);
  GtkWidget *view = ts_window_get_view (window, TS_DRAWING_COMPARISON);
  const TsPlan *plan = ts_window_get_plan (window);
  TsAnswerPane *pane = ts_window_get_answer_pane (window);
  g_autofree char *description = NULL;

  /* the page with the comparison in sight, as a reader would reach it */
  ts_answer_pane_step_page (pane, -100);
  for (guint page = 0; page < 8 && !gtk_widget_get_mapped (view); page++)
    {
      ts_answer_pane_step_page (pane, 1);
      ts_test_settle ();
    }
  g_assert_true (gtk_widget_get_mapped (view));
  g_assert_nonnull (plan->options);
  g_assert_cmpuint (plan->options->len, >, 1);
  description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                    NO_LABEL);
  g_assert_nonnull (description);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);
      g_autofree char *name = ts_format_name (o->server->name);

      if (strstr (description, name) == NULL || strstr (description, ts_option_verdict_label (o)) == NULL)
        g_error ("the comparison's description lacks option %u (%s, %s): %s", i + 1, name,
                 ts_option_verdict_label (o), description);
    }
  ts_test_destroy_window (window);
}

/* The dialogs a salesperson opens: Preferences, Compare, Export. */
static void
test_dialogs (void)
{
  TsWindow *window = open_window (1280);
  const TsPlan *plan = ts_window_get_plan (window);
  GtkWidget *dialogs[3];

  dialogs[0] = GTK_WIDGET (ts_preferences_window_new (GTK_APPLICATION (app)));
  dialogs[1] = GTK_WIDGET (ts_comparison_dialog_new (GTK_WINDOW (window), plan, FALSE, 0, 1));
  dialogs[2] = GTK_WIDGET (ts_export_dialog_new (GTK_WINDOW (window), plan));
  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    {
      g_autofree char *where = g_strdup_printf ("dialog %s", G_OBJECT_TYPE_NAME (dialogs[i]));

      gtk_window_present (GTK_WINDOW (dialogs[i]));
      gtk_test_widget_wait_for_draw (dialogs[i]);
      ts_test_settle ();
      assert_tree_clean_min (dialogs[i], where, 5);
      gtk_window_destroy (GTK_WINDOW (dialogs[i]));
      ts_test_settle ();
    }
  ts_test_destroy_window (window);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ts-a11y-data-XXXXXX", NULL);
  int status;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  ts_i18n_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = ts_application_new ();
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  static const TreeCase wide = { 1600, "en" }, narrow = { 360, "en" }, wide_ru = { 1600, "ru" }, narrow_ru = { 360, "ru" };

  g_test_add_data_func ("/accessible/tree/wide/en", &wide, test_tree);
  g_test_add_data_func ("/accessible/tree/narrow/en", &narrow, test_tree);
  g_test_add_data_func ("/accessible/tree/wide/ru", &wide_ru, test_tree);
  g_test_add_data_func ("/accessible/tree/narrow/ru", &narrow_ru, test_tree);
  g_test_add_func ("/accessible/comparison-description", test_comparison_description);
  g_test_add_func ("/accessible/dialogs", test_dialogs);
  status = g_test_run ();
  g_object_unref (app);
  g_rmdir (data_home);
  return status;
}
