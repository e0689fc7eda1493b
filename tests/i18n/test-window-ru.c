/* test-window-ru.c — the window in Russian shows no English, and switching
 * the language rebuilds it in the other language with the same scenario
 *
 * Every text the widget tree holds is read: labels, buttons, row titles and
 * subtitles, combo choices, placeholders, tooltips, menus, stack page titles,
 * window titles, hidden widgets included. A Latin-script word is English
 * unless it is a name Russian keeps as it is (latin-words.txt: GPU, NVLink,
 * LoRA, BTU …) or a word of a catalog name (models, GPUs, servers, links,
 * networks, CPUs), which are product names.
 *
 * Runs under C.UTF-8: messages are chosen with the app's language setting
 * (LANGUAGE), numbers are formatted by the app itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "ts-preferences-window.h"
#include "ts-application.h"
#include "ts-window-private.h"

static TsApplication *app;
static GHashTable *allowed;   /* word → itself */
static GRegex *latin_word;

/* ---- what is allowed ---------------------------------------------------- */

static void
allow_words_of (const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;

  g_regex_match (latin_word, text, 0, &match);
  while (g_match_info_matches (match))
    {
      char *word = g_match_info_fetch (match, 0);

      g_hash_table_add (allowed, word);
      g_match_info_next (match, NULL);
    }
}

static gboolean
is_name_key (const char *key)
{
  static const char *const keys[] = {
    "id", "name", "vendor", "family", "architecture", "memory_type", "form_factor",
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (strcmp (key, keys[i]) == 0)
      return TRUE;
  return g_str_has_suffix (key, "_model");
}

static void
load_allowed (void)
{
  static const char *const sections[] = { "models", "gpus", "interconnects", "networks", "servers" };
  g_autofree char *list_path = g_test_build_filename (G_TEST_DIST, "i18n", "latin-words.txt", NULL);
  g_autofree char *catalog_path = g_build_filename (g_getenv ("TRAINSIZER_SOURCE_ROOT"),
                                                    "data", "catalog.json", NULL);
  g_autofree char *list = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  allowed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  latin_word = g_regex_new ("(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9]*(?:[-./][A-Za-z0-9]+)*", 0, 0, NULL);

  g_assert_true (g_file_get_contents (list_path, &list, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (list, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0' && lines[i][0] != '#')
        g_hash_table_add (allowed, g_strdup (lines[i]));
    }

  json_parser_load_from_file (parser, catalog_path, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      JsonArray *items;

      if (!json_object_has_member (root, sections[s]))
        continue;
      items = json_object_get_array_member (root, sections[s]);
      for (guint i = 0; i < json_array_get_length (items); i++)
        {
          JsonObject *item = json_array_get_object_element (items, i);
          g_autoptr(GList) members = json_object_get_members (item);

          for (GList *m = members; m != NULL; m = m->next)
            {
              JsonNode *node = json_object_get_member (item, m->data);

              if (is_name_key (m->data) && JSON_NODE_HOLDS_VALUE (node)
                  && json_node_get_value_type (node) == G_TYPE_STRING)
                allow_words_of (json_node_get_string (node));
            }
        }
    }
}

/* ---- reading every text a window holds ---------------------------------- */

typedef struct
{
  GString *problems;
  guint    texts;   /* how many texts were read: proves the walk reached them */
} Check;

static void
check_text (Check      *check,
            const char *where,
            const char *text)
{
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GString) english = NULL;

  if (text == NULL || *text == '\0')
    return;
  check->texts++;

  g_regex_match (latin_word, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *word = g_match_info_fetch (match, 0);

      /* A lone capital is a key (“Ctrl+Q”), a feed (A, B) or a unit (U). */
      if (!g_hash_table_contains (allowed, word) && !(word[1] == '\0' && g_ascii_isupper (word[0])))
        {
          if (english == NULL)
            english = g_string_new (NULL);
          g_string_append_printf (english, " “%s”", word);
        }
      g_match_info_next (match, NULL);
    }
  if (english != NULL)
    g_string_append_printf (check->problems, "\n  %s: “%s” has%s", where, text, english->str);
}

static void
check_menu (Check      *check,
            GMenuModel *menu)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;
      const char *name;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        check_text (check, "menu item", label);
      links = g_menu_model_iterate_item_links (menu, i);
      while (g_menu_link_iter_get_next (links, &name, &link))
        {
          check_menu (check, link);
          g_object_unref (link);
        }
    }
}

static void
check_list_model (Check      *check,
                  const char *where,
                  GListModel *model)
{
  if (!GTK_IS_STRING_LIST (model))
    return;
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    check_text (check, where, gtk_string_list_get_string (GTK_STRING_LIST (model), i));
}

static void
check_widget (Check     *check,
              GtkWidget *widget)
{
  const char *type = G_OBJECT_TYPE_NAME (widget);

  check_text (check, type, gtk_widget_get_tooltip_text (widget));

  if (GTK_IS_LABEL (widget))
    check_text (check, type, gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_BUTTON (widget))
    check_text (check, type, gtk_button_get_label (GTK_BUTTON (widget)));
  if (GTK_IS_MENU_BUTTON (widget))
    {
      check_text (check, type, gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)));
      if (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL)
        check_menu (check, gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)));
    }
  if (GTK_IS_POPOVER_MENU (widget) && gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (widget)) != NULL)
    check_menu (check, gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (widget)));
  if (GTK_IS_ENTRY (widget))
    check_text (check, type, gtk_entry_get_placeholder_text (GTK_ENTRY (widget)));
  if (GTK_IS_SEARCH_ENTRY (widget) || GTK_IS_TEXT (widget))
    {
      g_autofree char *placeholder = NULL;

      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      check_text (check, type, placeholder);
    }
  if (GTK_IS_WINDOW (widget))
    check_text (check, type, gtk_window_get_title (GTK_WINDOW (widget)));
  if (ADW_IS_PREFERENCES_ROW (widget))
    check_text (check, type, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  if (ADW_IS_ACTION_ROW (widget))
    check_text (check, type, adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)));
  if (ADW_IS_EXPANDER_ROW (widget))
    check_text (check, type, adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (widget)));
  if (ADW_IS_COMBO_ROW (widget) && adw_combo_row_get_model (ADW_COMBO_ROW (widget)) != NULL)
    check_list_model (check, type, adw_combo_row_get_model (ADW_COMBO_ROW (widget)));
  if (GTK_IS_DROP_DOWN (widget) && gtk_drop_down_get_model (GTK_DROP_DOWN (widget)) != NULL)
    check_list_model (check, type, gtk_drop_down_get_model (GTK_DROP_DOWN (widget)));
  if (ADW_IS_PREFERENCES_GROUP (widget))
    {
      check_text (check, type, adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)));
      check_text (check, type, adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (widget)));
    }
  if (ADW_IS_PREFERENCES_PAGE (widget))
    check_text (check, type, adw_preferences_page_get_title (ADW_PREFERENCES_PAGE (widget)));
  if (ADW_IS_STATUS_PAGE (widget))
    {
      check_text (check, type, adw_status_page_get_title (ADW_STATUS_PAGE (widget)));
      check_text (check, type, adw_status_page_get_description (ADW_STATUS_PAGE (widget)));
    }
  if (ADW_IS_WINDOW_TITLE (widget))
    {
      check_text (check, type, adw_window_title_get_title (ADW_WINDOW_TITLE (widget)));
      check_text (check, type, adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget)));
    }
  if (ADW_IS_VIEW_STACK (widget))
    {
      g_autoptr(GtkSelectionModel) pages = adw_view_stack_get_pages (ADW_VIEW_STACK (widget));

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
        {
          g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);

          check_text (check, "AdwViewStackPage", adw_view_stack_page_get_title (page));
        }
    }
  if (GTK_IS_STACK (widget))
    {
      g_autoptr(GtkSelectionModel) pages = gtk_stack_get_pages (GTK_STACK (widget));

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
        {
          /* GtkStackPage has no autoptr in GTK 4.8. */
          GtkStackPage *page = g_list_model_get_item (G_LIST_MODEL (pages), i);

          check_text (check, "GtkStackPage", gtk_stack_page_get_title (page));
          g_object_unref (page);
        }
    }
  if (GTK_IS_COLUMN_VIEW (widget))
    {
      GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (widget));

      for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
        {
          g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

          check_text (check, "GtkColumnViewColumn", gtk_column_view_column_get_title (column));
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_widget (check, child);
}

static void
assert_no_english (GtkWidget *root,
                   guint      min_texts)
{
  Check check = { g_string_new (NULL), 0 };

  check_widget (&check, root);
  if (GTK_IS_APPLICATION_WINDOW (root) && gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (root)))
    check_widget (&check, GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (root))));

  g_test_message ("%u texts read", check.texts);
  /* A walk that reads only a handful of texts missed the window. */
  g_assert_cmpuint (check.texts, >=, min_texts);
  if (check.problems->len > 0)
    g_error ("English words in the Russian window:%s", check.problems->str);
  g_string_free (check.problems, TRUE);
}

/* ---- the window ----------------------------------------------------------- */

static void
settle (void)
{
  /* The language change rebuilds the windows from an idle. */
  for (int i = 0; i < 5; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static void
set_language (const char *language)
{
  g_settings_set_string (ts_application_get_settings (app), "language", language);
  settle ();
}

static TsWindow *
the_window (void)
{
  TsWindow *found = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (TS_IS_WINDOW (l->data))
      {
        g_assert_null (found);   /* exactly one main window */
        found = l->data;
      }
  g_assert_nonnull (found);
  return found;
}

static TsWindow *
open_window (void)
{
  TsWindow *window = ts_window_new (GTK_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  settle ();
  g_assert_true (ts_window_select_model (window, "llama-3.1-70b"));
  settle ();
  return window;
}

static void
close_windows (void)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (GTK_WINDOW (l->data));
  g_list_free (windows);
  settle ();
}

static void
test_russian_window_has_no_english (void)
{
  TsWindow *window;
  AdwComboRow *method;

  set_language ("ru");
  window = open_window ();
  method = ADW_COMBO_ROW (ts_window_get_field_widget (window, "method"));
  /* The window makes the collapsed groups' rows and the unseen pages when
   * first needed: asking for them makes them, so they are checked too. */
  ts_window_get_field_widget (window, "precision");
  ts_window_get_field_widget (window, "rack_units");
  ts_window_get_arch_widget (window, "layers");
  for (TsDrawing d = 0; d < TS_N_DRAWINGS; d++)
    ts_window_get_view (window, d);
  ts_window_get_option_view (window);

  /* Each method writes its own headline and hides or shows its own rows. */
  for (guint i = 0; i < 3; i++)
    {
      adw_combo_row_set_selected (method, i);
      settle ();
      g_assert_true (g_regex_match_simple ("[а-яё]", ts_window_get_headline (window), 0, 0));
      assert_no_english (GTK_WIDGET (window), 100);
    }
  close_windows ();
}

static void
test_russian_numbers_in_spin_buttons (void)
{
  TsWindow *window;
  GtkWidget *seq_len;
  GtkWidget *tokens;

  set_language ("ru");
  window = open_window ();
  seq_len = ts_window_get_field_widget (window, "seq_len");
  tokens = ts_window_get_field_widget (window, "tokens");
  g_assert_true (GTK_IS_SPIN_BUTTON (seq_len) && GTK_IS_SPIN_BUTTON (tokens));

  /* Written as the rest of the Russian window writes numbers: grouped
   * thousands with U+202F, a decimal comma (“2048” and “10.0” before). */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (seq_len), 4096);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seq_len)), ==, "4\u202f096");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tokens), 12.5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tokens)), ==, "12,5");

  /* And read back as typed: «7,5» billion tokens is 7.5e9. */
  gtk_editable_set_text (GTK_EDITABLE (tokens), "7,5");
  gtk_spin_button_update (GTK_SPIN_BUTTON (tokens));
  settle ();
  g_assert_cmpfloat_with_epsilon (ts_window_get_scenario (window)->tokens, 7.5e9, 1);
  gtk_editable_set_text (GTK_EDITABLE (seq_len), "8 192");
  gtk_spin_button_update (GTK_SPIN_BUTTON (seq_len));
  settle ();
  g_assert_cmpuint (ts_window_get_scenario (window)->seq_len, ==, 8192);
  close_windows ();
}

static void
test_russian_preferences_have_no_english (void)
{
  GtkWidget *preferences;

  set_language ("ru");
  preferences = GTK_WIDGET (ts_preferences_window_new (GTK_APPLICATION (app)));
  gtk_window_present (GTK_WINDOW (preferences));
  settle ();
  assert_no_english (preferences, 10);
  close_windows ();
}

static void
test_switch_keeps_scenario (void)
{
  TsWindow *window;
  AdwComboRow *method;
  guint seq_len;

  set_language ("ru");
  window = open_window ();
  method = ADW_COMBO_ROW (ts_window_get_field_widget (window, "method"));
  adw_combo_row_set_selected (method, 1);   /* LoRA */
  settle ();
  seq_len = ts_window_get_scenario (window)->seq_len;
  g_assert_cmpint (ts_window_get_scenario (window)->method, ==, TS_METHOD_LORA);
  /* «Для LoRA Llama 3.1 70B нужно 141 ГБ …» */
  g_assert_nonnull (strstr (ts_window_get_headline (window), "Для LoRA"));

  set_language ("en");
  window = the_window ();
  g_assert_cmpstr (ts_window_get_scenario (window)->model_id, ==, "llama-3.1-70b");
  g_assert_cmpint (ts_window_get_scenario (window)->method, ==, TS_METHOD_LORA);
  g_assert_cmpuint (ts_window_get_scenario (window)->seq_len, ==, seq_len);
  g_assert_true (g_str_has_prefix (ts_window_get_headline (window), "LoRA of Llama 3.1 70B needs"));
  g_assert_false (g_regex_match_simple ("[а-яё]", ts_window_get_headline (window), G_REGEX_CASELESS, 0));

  set_language ("ru");
  window = the_window ();
  g_assert_cmpstr (ts_window_get_scenario (window)->model_id, ==, "llama-3.1-70b");
  g_assert_cmpint (ts_window_get_scenario (window)->method, ==, TS_METHOD_LORA);
  g_assert_cmpuint (ts_window_get_scenario (window)->seq_len, ==, seq_len);
  g_assert_nonnull (strstr (ts_window_get_headline (window), "Для LoRA"));
  assert_no_english (GTK_WIDGET (window), 100);
  close_windows ();
}

int
main (int argc, char **argv)
{
  int status;

  ts_i18n_init ();
  /* gtk_test_init () aborts without a display; gtk_init_check () cannot
   * be asked first because it must come after gtk_test_init (). */
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      /* TAP: a plan of none, skipped, so a machine without a display passes. */
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  load_allowed ();
  app = ts_application_new ();
  g_application_register (G_APPLICATION (app), NULL, NULL);

  g_test_add_func ("/i18n/window/russian-has-no-english", test_russian_window_has_no_english);
  g_test_add_func ("/i18n/window/russian-numbers-in-spin-buttons", test_russian_numbers_in_spin_buttons);
  g_test_add_func ("/i18n/window/russian-preferences-have-no-english", test_russian_preferences_have_no_english);
  g_test_add_func ("/i18n/window/switch-keeps-scenario", test_switch_keeps_scenario);
  status = g_test_run ();
  g_object_unref (app);
  g_hash_table_unref (allowed);
  g_regex_unref (latin_word);
  return status;
}
