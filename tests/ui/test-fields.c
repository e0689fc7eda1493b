/* test-fields.c — the window's door to every scenario field of the table
 * (ts-scenario-fields.c): each field the table puts in the form has a
 * control whose range and choices are the table's, and a non-default
 * value set there gives the same scenario as the same value written into
 * the scenario file; a field the table keeps out of the form has no
 * control. Generated from the table, not from a list of keys.
 * The CLI's door is tests/cli/test-fields-doors.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-application.h"
#include "ts-json.h"
#include "ts-window-private.h"

static TsApplication *app;

static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static TsWindow *
open_window (void)
{
  g_autoptr(TsScenario) scenario = ts_scenario_new ();
  TsCatalog *catalog = ts_application_get_catalog (app);
  TsWindow *window;

  /* A known starting point, whatever an earlier run autosaved; QLoRA so
   * that the LoRA and QLoRA rows mean something. */
  ts_scenario_set_model (scenario, &ts_catalog_find_model (catalog, "llama-3.1-70b")->model);
  scenario->method = TS_METHOD_QLORA;
  window = ts_window_new_for_scenario (GTK_APPLICATION (app), scenario);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  return window;
}

static void
close_window (TsWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The control of a field, by its key or its older name. */
static GtkWidget *
field_widget (TsWindow              *window,
              const TsScenarioField *f)
{
  GtkWidget *widget = ts_window_get_field_widget (window, f->key);

  if (widget == NULL && f->alias != NULL)
    widget = ts_window_get_field_widget (window, f->alias);
  return widget;
}

static guint
choice_index (const TsScenarioField *f,
              int                    value)
{
  for (guint i = 0; i < f->n_choices; i++)
    if (f->choices[i].value == value)
      return i;
  g_assert_not_reached ();
}

/* The form shows the table's words, range and choices. */
static void
assert_control_matches (const TsScenarioField *f,
                        GtkWidget             *widget)
{
  if (ADW_IS_COMBO_ROW (widget))
    {
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (widget));

      g_assert_cmpuint (g_list_model_get_n_items (model), ==, f->n_choices);
      for (guint i = 0; i < f->n_choices && GTK_IS_STRING_LIST (model); i++)
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), i), ==, _(f->choices[i].label));
    }
  else if (GTK_IS_SPIN_BUTTON (widget))
    {
      GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (widget));

      g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_lower (adjustment), f->min / f->scale, 1e-9);
      g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_upper (adjustment), f->max / f->scale, 1e-9);
    }
  if (ADW_IS_PREFERENCES_ROW (widget))
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), ==, _(f->label));
}

/* Sets the control to a value other than the scenario's; returns that
 * value as the scenario file writes it. */
static JsonNode *
set_other_value (const TsScenarioField *f,
                 GtkWidget             *widget,
                 const TsScenario      *s)
{
  double current = f->kind == TS_FIELD_STRING ? NAN : ts_scenario_field_get_double (f, s);
  JsonNode *node = json_node_alloc ();

  if (ADW_IS_COMBO_ROW (widget))
    {
      guint index = (choice_index (f, (int) current) + 1) % f->n_choices;

      adw_combo_row_set_selected (ADW_COMBO_ROW (widget), index);
      if (f->kind == TS_FIELD_ENUM)
        json_node_init_string (node, f->choices[index].name);
      else
        json_node_init_int (node, f->choices[index].value);
    }
  else if (GTK_IS_SPIN_BUTTON (widget))
    {
      /* one step up (down at the top), at the control's precision */
      double shown = current / f->scale;
      double digits = pow (10, f->digits);
      double next = shown + f->step <= f->max / f->scale ? shown + f->step : shown - f->step;

      next = round (next * digits) / digits;
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), next);
      if (f->kind == TS_FIELD_DOUBLE)
        json_node_init_double (node, next * f->scale);
      else
        json_node_init_int (node, (gint64) (next * f->scale));
    }
  else if (GTK_IS_SWITCH (widget))
    {
      gtk_switch_set_active (GTK_SWITCH (widget), current == 0);
      json_node_init_boolean (node, current == 0);
    }
  else if (GTK_IS_EDITABLE (widget))
    {
      const char *other = g_strcmp0 (G_STRUCT_MEMBER (const char *, s, f->offset), "USD") == 0 ? "EUR" : "USD";

      gtk_editable_set_text (GTK_EDITABLE (widget), other);
      json_node_init_string (node, other);
    }
  else
    g_error ("%s: a control of type %s is not known to this test", f->key, G_OBJECT_TYPE_NAME (widget));
  settle ();
  return node;
}

/* The file door: the scenario before, with the member set as a person
 * would write it, and taken off the planner's “auto” list. */
static char *
scenario_through_file (const char            *before,
                       const TsScenarioField *f,
                       JsonNode              *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = ts_json_parse (before, -1, "window.trainsizer", &error);
  g_autoptr(TsScenario) read = NULL;
  JsonObject *obj;
  JsonNode *list;

  g_assert_no_error (error);
  obj = json_node_get_object (root);
  json_object_set_member (obj, f->key, json_node_copy (value));
  if (f->search_flag != 0 && (list = json_object_get_member (obj, "auto")) != NULL)
    {
      JsonArray *array = json_node_get_array (list);

      for (guint i = json_array_get_length (array); i-- > 0;)
        if (g_str_equal (json_array_get_string_element (array, i), f->key))
          json_array_remove_element (array, i);
    }
  read = ts_scenario_from_json (root, ts_application_get_catalog (app), "window.trainsizer", &error);
  g_assert_no_error (error);
  return ts_scenario_to_string (read);
}

static void
test_window_door (gconstpointer data)
{
  const TsScenarioField *f = data;
  TsWindow *window = open_window ();
  GtkWidget *widget = field_widget (window, f);
  g_autofree char *before = ts_scenario_to_string (ts_window_get_scenario (window));
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(JsonNode) value = NULL;

  g_assert_nonnull (widget);
  assert_control_matches (f, widget);
  value = set_other_value (f, widget, ts_window_get_scenario (window));
  after = ts_scenario_to_string (ts_window_get_scenario (window));
  g_assert_cmpstr (after, !=, before);
  expected = scenario_through_file (before, f, value);
  g_assert_cmpstr (after, ==, expected);
  close_window (window);
}

/* A field the table keeps out of the form has no control: when one is
 * added, the table's group and position say where. */
static void
test_no_control (gconstpointer data)
{
  const TsScenarioField *f = data;
  TsWindow *window = open_window ();

  g_assert_null (field_widget (window, f));
  close_window (window);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ts-fields-data-XXXXXX", NULL);
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);

  /* autosaves of this run go to a folder of its own, never the user's */
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  ts_i18n_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = ts_application_new ();
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  for (guint i = 0; i < n_fields; i++)
    {
      g_autofree char *path = g_strdup_printf ("/fields/window/%s/%s",
                                               fields[i].group != TS_FIELD_GROUP_NONE ? "door" : "no-control",
                                               fields[i].key);

      g_test_add_data_func (path, &fields[i],
                            fields[i].group != TS_FIELD_GROUP_NONE ? test_window_door : test_no_control);
    }
  return g_test_run ();
}
