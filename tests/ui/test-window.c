/* test-window.c — the window opens, reacts to the method picker and shows
 * the article's numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "ts-test-support.h"
#include "ts-window.h"

static TsApplication *app;

static TsWindow *
open_window (void)
{
  TsWindow *window = ts_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return window;
}

static void
select_model (TsWindow   *window,
              const char *id)
{
  g_assert_true (ts_window_select_model (window, id));
}

static void
test_method_switch_updates_answer (void)
{
  TsWindow *window = open_window ();
  AdwComboRow *method_row = ADW_COMBO_ROW (ts_window_get_field_widget (window, "method"));
  g_autofree char *full_headline = NULL;

  select_model (window, "llama-3.1-70b");
  g_assert_cmpstr (ts_window_get_scenario (window)->model_id, ==, "llama-3.1-70b");
  g_assert_cmpint (ts_window_get_plan (window)->scenario->method, ==, TS_METHOD_FULL);
  full_headline = g_strdup (ts_window_get_headline (window));
  /* Llama 3.1 70B has 70.55B parameters: 16–18 bytes each. */
  g_assert_nonnull (strstr (full_headline, "Full training"));

  adw_combo_row_set_selected (method_row, 1);  /* LoRA */
  g_assert_cmpint (ts_window_get_plan (window)->scenario->method, ==, TS_METHOD_LORA);
  g_assert_nonnull (strstr (ts_window_get_headline (window), "LoRA"));
  g_assert_cmpstr (ts_window_get_headline (window), !=, full_headline);
  /* LoRA base: 2 bytes × 70.55e9 = 141 GB */
  g_assert_cmpfloat (ts_window_get_plan (window)->memory.rule.low_bytes, ==,
                     2 * ts_window_get_scenario (window)->model.params);
  g_assert_nonnull (strstr (ts_window_get_headline (window), "141"));

  adw_combo_row_set_selected (method_row, 2);  /* QLoRA */
  g_assert_cmpint (ts_window_get_plan (window)->scenario->method, ==, TS_METHOD_QLORA);
  g_assert_nonnull (strstr (ts_window_get_headline (window), "QLoRA"));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  int status;

  ts_i18n_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = ts_application_new ();
  g_application_register (G_APPLICATION (app), NULL, NULL);

  g_test_add_func ("/window/method-switch", test_method_switch_updates_answer);
  status = g_test_run ();
  g_object_unref (app);
  return status;
}
