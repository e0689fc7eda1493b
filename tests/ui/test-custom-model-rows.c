/* test-custom-model-rows.c — the custom model's rows on their own, without
 * a window: the model they make (from the size, or from the architecture
 * rows when “Full architecture” is on), the name a file gave a model kept
 * across edits, “edited” for a person's edits only, and rows that outlive
 * the object no longer reaching it.
 *
 * Expected parameter counts are Llama 2 7B's, worked out by hand below
 * from its published configuration (Touvron et al. 2023; the Hugging
 * Face config of meta-llama/Llama-2-7b-hf): 32 layers, hidden 4096, 32
 * heads of 128 with as many key/value heads, SwiGLU FFN 11008, vocabulary
 * 32000, input and output embeddings not tied.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "ts-custom-model-rows.h"

/*   embeddings, in and out:      2 × 32000 × 4096        =   262 144 000
 *   attention, Q K V O per layer: 4 × 4096 × 4096        =    67 108 864
 *   SwiGLU per layer:             3 × 4096 × 11008       =   135 266 304
 *   two RMSNorms per layer:       2 × 4096               =         8 192
 *   one layer                                            =   202 383 360
 *   32 layers                                            = 6 476 267 520
 *   + embeddings + the final norm (4096)                 = 6 738 415 616
 * which is the count the Hugging Face checkpoint reports. */
#define LLAMA2_7B_PARAMS       6738415616.0
#define LLAMA2_7B_LAYER_PARAMS 202383360.0

static const TsArchitecture llama2_7b = {
  .layers = 32, .hidden_size = 4096, .attention_heads = 32, .kv_heads = 32, .head_dim = 128,
  .ffn_size = 11008, .mlp = TS_MLP_SWIGLU, .vocab_size = 32000,
};

static void
count_edited_cb (TsCustomModelRows *rows,
                 guint             *count)
{
  (*count)++;
}

/* A custom model of llama2_7b with a name of its own, as a file gives it. */
static void
init_named_model (TsModel    *model,
                  const char *name)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ts_model_init_from_architecture (model, name, &llama2_7b, &error));
  g_assert_no_error (error);
  g_assert_null (model->id);
}

static void
set_spin (GtkWidget *spin,
          double     value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

/* With “Full architecture” on, the model is the rows' layout, whatever
 * the size row says; an edited layer count changes it by whole layers. */
static void
test_model_from_architecture (void)
{
  g_autoptr(TsCustomModelRows) rows = ts_custom_model_rows_new ();
  g_autoptr(GError) error = NULL;
  TsModel shown = { 0 };
  TsModel made = { 0 };

  init_named_model (&shown, "Door test model");
  ts_custom_model_rows_show_model (rows, &shown);
  ts_custom_model_rows_set_arch_enabled (rows, TRUE);

  g_assert_true (ts_custom_model_rows_make_model (rows, NULL, &made, &error));
  g_assert_no_error (error);
  g_assert_true (made.has_architecture);
  g_assert_cmpuint (made.arch.layers, ==, 32);
  g_assert_cmpuint (made.arch.ffn_size, ==, 11008);
  g_assert_cmpfloat_with_epsilon (made.params, LLAMA2_7B_PARAMS, 0.5);
  ts_model_clear (&made);

  set_spin (ts_custom_model_rows_get_arch_widget (rows, "layers"), 40);
  g_assert_true (ts_custom_model_rows_make_model (rows, NULL, &made, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (made.arch.layers, ==, 40);
  g_assert_cmpfloat_with_epsilon (made.params, LLAMA2_7B_PARAMS + 8 * LLAMA2_7B_LAYER_PARAMS, 0.5);
  ts_model_clear (&made);
  ts_model_clear (&shown);
}

/* With it off, the model is the size: 13 billion parameters is 13e9. */
static void
test_model_from_size (void)
{
  g_autoptr(TsCustomModelRows) rows = ts_custom_model_rows_new ();
  g_autoptr(GError) error = NULL;
  TsModel made = { 0 };

  set_spin (ts_custom_model_rows_get_params_spin (rows), 13);
  g_assert_false (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (ts_custom_model_rows_get_arch_row (rows))));
  g_assert_true (ts_custom_model_rows_make_model (rows, NULL, &made, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (made.params, 13e9, 0.5);
  g_assert_null (made.id);
  ts_model_clear (&made);
}

/* A name a file gave the model stays through edits of either kind; a
 * catalog model's name (it has an id) is not the custom model's. */
static void
test_given_name_kept (void)
{
  g_autoptr(TsCustomModelRows) rows = ts_custom_model_rows_new ();
  g_autoptr(GError) error = NULL;
  TsModel current = { 0 };
  TsModel made = { 0 };

  init_named_model (&current, "Acme Chat 7B");
  ts_custom_model_rows_show_model (rows, &current);

  set_spin (ts_custom_model_rows_get_params_spin (rows), 14);
  g_assert_true (ts_custom_model_rows_make_model (rows, &current, &made, &error));
  g_assert_cmpstr (made.name, ==, "Acme Chat 7B");
  ts_model_clear (&made);

  ts_custom_model_rows_set_arch_enabled (rows, TRUE);
  g_assert_true (ts_custom_model_rows_make_model (rows, &current, &made, &error));
  g_assert_cmpstr (made.name, ==, "Acme Chat 7B");
  ts_model_clear (&made);

  current.id = g_strdup ("acme-chat-7b");
  g_assert_true (ts_custom_model_rows_make_model (rows, &current, &made, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (made.name, !=, "Acme Chat 7B");
  ts_model_clear (&made);
  ts_model_clear (&current);
}

/* “edited” says a person changed a row, so that the form remakes the
 * model; what the form itself sets must not, or showing a scenario would
 * replace its model with the rows' one. */
static void
test_edited_only_for_edits (void)
{
  g_autoptr(TsCustomModelRows) rows = ts_custom_model_rows_new ();
  TsModel shown = { 0 };
  guint edited = 0;

  g_signal_connect (rows, "edited", G_CALLBACK (count_edited_cb), &edited);
  init_named_model (&shown, "Door test model");
  ts_custom_model_rows_show_model (rows, &shown);
  ts_custom_model_rows_set_arch_enabled (rows, TRUE);
  ts_custom_model_rows_set_arch_enabled (rows, FALSE);
  g_assert_cmpuint (edited, ==, 0);
  /* the layout shown is the model's own, not one inferred from its size */
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (ts_custom_model_rows_get_arch_widget (rows, "ffn_size"))),
                     ==, 11008);

  set_spin (ts_custom_model_rows_get_params_spin (rows), 20);
  g_assert_cmpuint (edited, ==, 1);
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (ts_custom_model_rows_get_arch_row (rows)), TRUE);
  g_assert_cmpuint (edited, ==, 2);
  set_spin (ts_custom_model_rows_get_arch_widget (rows, "layers"), 48);
  g_assert_cmpuint (edited, ==, 3);
  ts_model_clear (&shown);
}

/* The caller's rows stay in their group after the object is gone: an edit
 * then must not reach the freed object (ASan and valgrind see it if it
 * does). */
static void
test_rows_outlive_object (void)
{
  TsCustomModelRows *rows = ts_custom_model_rows_new ();
  g_autoptr(GtkWidget) params_row = g_object_ref (ts_custom_model_rows_get_params_row (rows));
  g_autoptr(GtkWidget) arch_row = g_object_ref (ts_custom_model_rows_get_arch_row (rows));
  GtkWidget *spin = ts_custom_model_rows_get_params_spin (rows);
  GtkWidget *layers = ts_custom_model_rows_get_arch_widget (rows, "layers");
  guint edited = 0;

  g_signal_connect (rows, "edited", G_CALLBACK (count_edited_cb), &edited);
  g_object_unref (rows);
  set_spin (spin, 30);
  set_spin (layers, 12);
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (arch_row), TRUE);
  g_assert_cmpuint (edited, ==, 0);
}

static void
test_visible (void)
{
  g_autoptr(TsCustomModelRows) rows = ts_custom_model_rows_new ();

  ts_custom_model_rows_set_visible (rows, FALSE);
  g_assert_false (gtk_widget_get_visible (ts_custom_model_rows_get_params_row (rows)));
  g_assert_false (gtk_widget_get_visible (ts_custom_model_rows_get_arch_row (rows)));
  ts_custom_model_rows_set_visible (rows, TRUE);
  g_assert_true (gtk_widget_get_visible (ts_custom_model_rows_get_params_row (rows)));
  g_assert_true (gtk_widget_get_visible (ts_custom_model_rows_get_arch_row (rows)));
  g_assert_null (ts_custom_model_rows_get_arch_widget (rows, "no-such-field"));
}

/* A model shown from a file with its own architecture turns “Full
 * architecture” on, so the next edit keeps that architecture: with it
 * on, the model made is Llama 2 7B's count, not one estimated from the
 * size row. A model known only by its size turns it off. */
static void
test_switch_follows_model (void)
{
  g_autoptr(TsCustomModelRows) rows = ts_custom_model_rows_new ();
  g_autoptr(GError) error = NULL;
  AdwExpanderRow *expander = ADW_EXPANDER_ROW (ts_custom_model_rows_get_arch_row (rows));
  TsModel given = { 0 };
  TsModel sized = { 0 };
  TsModel made = { 0 };

  init_named_model (&given, "Llama 2 7B");
  ts_custom_model_rows_show_model (rows, &given);
  g_assert_true (adw_expander_row_get_enable_expansion (expander));
  g_assert_true (ts_custom_model_rows_make_model (rows, &given, &made, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (made.params, ==, LLAMA2_7B_PARAMS);
  ts_model_clear (&made);

  g_assert_true (ts_model_init_from_params (&sized, 13e9, &error));
  g_assert_no_error (error);
  ts_custom_model_rows_show_model (rows, &sized);
  g_assert_false (adw_expander_row_get_enable_expansion (expander));

  ts_model_clear (&given);
  ts_model_clear (&sized);
}

int
main (int argc, char **argv)
{
  ts_i18n_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/custom-model-rows/model-from-architecture", test_model_from_architecture);
  g_test_add_func ("/custom-model-rows/model-from-size", test_model_from_size);
  g_test_add_func ("/custom-model-rows/given-name-kept", test_given_name_kept);
  g_test_add_func ("/custom-model-rows/edited-only-for-edits", test_edited_only_for_edits);
  g_test_add_func ("/custom-model-rows/rows-outlive-object", test_rows_outlive_object);
  g_test_add_func ("/custom-model-rows/visible", test_visible);
  g_test_add_func ("/custom-model-rows/switch-follows-model", test_switch_follows_model);
  return g_test_run ();
}
