/* test-fields.c — the window's door to every scenario field of the table
 * (ts-scenario-fields.c): each field the table puts in the form has a
 * control whose range and choices are the table's, and a non-default
 * value set there gives the same scenario as the same value written into
 * the scenario file; a field the table keeps out of the form has no
 * control. Generated from the table, not from a list of keys. The same
 * for every field of the architecture table (ts_arch_fields ()): a
 * custom model's row edited in the window gives the scenario the file
 * gives with that member of “model.architecture” set.
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
#include "ts-facility.h"
#include "ts-window-private.h"
#include "ui-test-support.h"

static TsApplication *app;

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
  ts_test_settle ();
  return window;
}

static void
close_window (TsWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  ts_test_settle ();
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
      /* the next choice after the one shown: for an automatic input the
       * control shows the planner's choice, not the scenario's (issue 28) */
      guint index = (adw_combo_row_get_selected (ADW_COMBO_ROW (widget)) + 1) % f->n_choices;

      adw_combo_row_set_selected (ADW_COMBO_ROW (widget), index);
      if (f->kind == TS_FIELD_ENUM)
        json_node_init_string (node, f->choices[index].name);
      else
        json_node_init_int (node, f->choices[index].value);
    }
  else if (GTK_IS_SPIN_BUTTON (widget))
    {
      /* one step up (down at the top), at the control's precision */
      double shown = gtk_spin_button_get_value (GTK_SPIN_BUTTON (widget));
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
  ts_test_settle ();
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
  /* a site profile is written alone: the rows it presets come from it
   * (docs/facility.md §6) */
  if (g_str_equal (f->key, "site_profile"))
    {
      static const char *const preset[] = {
        "rack_units", "rack_kw", "site_cooling", "air_rack_kw", "water_c", "floor_kg_m2",
      };

      for (guint i = 0; i < G_N_ELEMENTS (preset); i++)
        {
          g_assert_true (ts_site_profile_sets (preset[i]));
          json_object_remove_member (obj, preset[i]);
        }
    }
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

/* ---- the custom model's architecture ---------------------------------- */

/* A small mixture of experts with latent attention, written out: each
 * count is off its table's ends and one step up stays a valid model (4
 * key/value heads of 16, 2 active experts of 8, 1 dense layer of 12), and
 * the head dimension is its own (96, not 1024 / 16 = 64), so that no row
 * follows another one's edit. */
static const TsArchitecture door_arch = {
  .layers = 12, .hidden_size = 1024, .attention_heads = 16, .kv_heads = 4, .head_dim = 80,
  .ffn_size = 2816, .mlp = TS_MLP_SWIGLU, .vocab_size = 32000,
  .experts = 8, .active_experts = 2, .shared_experts = 1, .expert_ffn_size = 704, .dense_layers = 1,
  .q_lora_rank = 384, .kv_lora_rank = 128, .qk_nope_head_dim = 64, .qk_rope_head_dim = 32, .v_head_dim = 64,
};

/* A window whose model is the custom one of arch, “Full architecture” on. */
static TsWindow *
open_custom_window (const TsArchitecture *arch)
{
  g_autoptr(GError) error = NULL;
  TsWindow *window = open_window ();
  TsModel model = { 0 };

  g_assert_true (ts_model_init_from_architecture (&model, "Door test model", arch, &error));
  g_assert_no_error (error);
  ts_window_set_custom_model (window, &model);
  ts_model_clear (&model);
  ts_test_settle ();
  g_assert_null (ts_window_get_scenario (window)->model_id);
  return window;
}

/* The row shows the table's label and range; the MLP's kinds by the
 * table's names for them (“SwiGLU”, as the literature writes it). */
static void
assert_arch_control_matches (const TsArchField *f,
                             GtkWidget         *widget)
{
  if (f->kind == TS_FIELD_ENUM)
    {
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (widget));

      g_assert_cmpuint (g_list_model_get_n_items (model), ==, f->max - f->min + 1);
      g_assert_cmpuint (f->n_choices, ==, f->max - f->min + 1);
      for (guint c = 0; c < f->n_choices; c++)
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), c), ==,
                         _(f->choices[c].label));
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), TS_MLP_SWIGLU - f->min), ==,
                       "SwiGLU");
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), ==, _(f->label));
    }
  else if (f->kind == TS_FIELD_UINT)
    {
      GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (widget));

      g_assert_cmpfloat (gtk_adjustment_get_lower (adjustment), ==, f->min);
      g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), ==, f->max);
      g_assert_cmpuint (gtk_spin_button_get_digits (GTK_SPIN_BUTTON (widget)), ==, 0);
    }
  else
    g_assert_true (GTK_IS_SWITCH (widget));
  if (!ADW_IS_PREFERENCES_ROW (widget))
    {
      GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW);

      g_assert_nonnull (row);
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, _(f->label));
    }
}

/* Sets the control to another value; returns it as a file writes it. */
static JsonNode *
set_other_arch_value (const TsArchField *f,
                      GtkWidget         *widget,
                      guint              current)
{
  JsonNode *node = json_node_alloc ();

  if (f->kind == TS_FIELD_ENUM)
    {
      guint next = current < f->max ? current + 1 : f->min;

      adw_combo_row_set_selected (ADW_COMBO_ROW (widget), next - f->min);
      json_node_init_string (node, ts_mlp_kind_to_string ((TsMlpKind) next));
    }
  else if (f->kind == TS_FIELD_BOOL)
    {
      gtk_switch_set_active (GTK_SWITCH (widget), current == 0);
      json_node_init_boolean (node, current == 0);
    }
  else
    {
      guint next = current < f->max ? current + 1 : current - 1;

      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), next);
      json_node_init_int (node, next);
    }
  ts_test_settle ();
  return node;
}

static char *
scenario_through_file_arch (const char        *before,
                            const TsArchField *f,
                            JsonNode          *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = ts_json_parse (before, -1, "window.trainsizer", &error);
  g_autoptr(TsScenario) read = NULL;
  JsonObject *model;

  g_assert_no_error (error);
  model = json_object_get_object_member (json_node_get_object (root), "model");
  json_object_set_member (json_object_get_object_member (model, "architecture"), f->key, json_node_copy (value));
  read = ts_scenario_from_json (root, ts_application_get_catalog (app), "window.trainsizer", &error);
  g_assert_no_error (error);
  return ts_scenario_to_string (read);
}

static void
test_arch_door (gconstpointer data)
{
  const TsArchField *f = data;
  TsWindow *window = open_custom_window (&door_arch);
  GtkWidget *widget = ts_window_get_arch_widget (window, f->key);
  g_autofree char *before = ts_scenario_to_string (ts_window_get_scenario (window));
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(JsonNode) value = NULL;

  g_assert_nonnull (widget);
  assert_arch_control_matches (f, widget);
  value = set_other_arch_value (f, widget, ts_arch_field_get (f, &door_arch));
  after = ts_scenario_to_string (ts_window_get_scenario (window));
  g_assert_cmpstr (after, !=, before);
  expected = scenario_through_file_arch (before, f, value);
  g_assert_cmpstr (after, ==, expected);
  close_window (window);
}

/* What the rows work out themselves. A head dimension that was the hidden
 * size over the heads stays so: 5120 / 40 = 128, then 5120 / 20 = 256.
 * One of an MLA model that was its query-key head, the part without RoPE
 * and the part with it, stays so (DeepSeek-V3's config.json: 128 + 64 =
 * 192; with 64 + 64, 128). One of its own stays: 80 with 16 heads or 8
 * (neither 1024 / 16 = 64 nor 64 + 32 = 96). A dense model made MoE gets
 * experts as wide as its FFN (13,824). */
static void
test_arch_rows_follow (void)
{
  TsArchitecture dense = {
    .layers = 40, .hidden_size = 5120, .attention_heads = 40, .kv_heads = 8, .head_dim = 128,
    .ffn_size = 13824, .mlp = TS_MLP_SWIGLU, .vocab_size = 32000,
  };
  /* DeepSeek-V3's attention (config.json), on a small model */
  TsArchitecture mla = {
    .layers = 4, .hidden_size = 7168, .attention_heads = 128, .kv_heads = 128, .head_dim = 192,
    .ffn_size = 18432, .mlp = TS_MLP_SWIGLU, .vocab_size = 129280,
    .q_lora_rank = 1536, .kv_lora_rank = 512, .qk_nope_head_dim = 128, .qk_rope_head_dim = 64,
    .v_head_dim = 128,
  };
  TsWindow *window = open_custom_window (&dense);
  const TsArchitecture *arch = &ts_window_get_scenario (window)->model.arch;

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ts_window_get_arch_widget (window, "attention_heads")), 20);
  ts_test_settle ();
  g_assert_cmpuint (arch->attention_heads, ==, 20);
  g_assert_cmpuint (arch->head_dim, ==, 256);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (ts_window_get_arch_widget (window, "head_dim"))), ==, 256);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ts_window_get_arch_widget (window, "active_experts")), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ts_window_get_arch_widget (window, "experts")), 8);
  ts_test_settle ();
  g_assert_cmpuint (arch->experts, ==, 8);
  g_assert_cmpuint (arch->expert_ffn_size, ==, 13824);
  close_window (window);

  window = open_custom_window (&mla);
  arch = &ts_window_get_scenario (window)->model.arch;
  g_assert_cmpuint (arch->head_dim, ==, 192);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ts_window_get_arch_widget (window, "qk_nope_head_dim")), 64);
  ts_test_settle ();
  g_assert_cmpuint (arch->head_dim, ==, 128);
  close_window (window);

  window = open_custom_window (&door_arch);
  arch = &ts_window_get_scenario (window)->model.arch;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ts_window_get_arch_widget (window, "attention_heads")), 8);
  ts_test_settle ();
  g_assert_cmpuint (arch->attention_heads, ==, 8);
  g_assert_cmpuint (arch->head_dim, ==, 80);
  close_window (window);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ts-fields-data-XXXXXX", NULL);
  guint n_fields;
  const TsScenarioField *fields = ts_scenario_fields (&n_fields);
  guint n_arch_fields;
  const TsArchField *arch_fields = ts_arch_fields (&n_arch_fields);

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
  for (guint i = 0; i < n_arch_fields; i++)
    {
      g_autofree char *path = g_strdup_printf ("/fields/window/architecture/%s", arch_fields[i].key);

      g_test_add_data_func (path, &arch_fields[i], test_arch_door);
    }
  g_test_add_func ("/fields/window/architecture-rows-follow", test_arch_rows_follow);
  return g_test_run ();
}
