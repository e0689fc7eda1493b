/* ts-screenshot.c — renders the window into PNGs for the README and the
 * metainfo: light and dark, English and Russian, wide and narrow
 *
 *   ts-screenshot OUTPUT-DIR [SCENARIO.json] [VIEW]
 *
 * VIEW is a page of the answer (memory, servers, rack, power, time),
 * “shortcuts” for the keyboard shortcuts window, “architecture” for a
 * custom model's architecture rows opened (give a scenario with one),
 * “presenter” for presenter mode on a 1920 × 1080 projector
 * (“presenter-rack”: on that page of the answer), or “comparison” for the
 * dialog comparing the first two options (these two: one size, no
 * narrow one).
 *
 * Writes wide-light-en.png, wide-dark-en.png, … narrow-dark-ru.png
 * (rack-wide-light-en.png … for a page of the answer; presenter-light-
 * en.png …, comparison-light-en.png … for those). TS_SCREENSHOT_ALL_COLUMNS=1
 * shows every column of the Servers table. TS_SCREENSHOT_FULL_HD=1
 * takes the wide window at 1920 × 1080; TS_SCREENSHOT_PUBLISHED_RUN=ID
 * opens that famous run (Main Menu ▸ Published Runs); TS_SCREENSHOT_NETWORK=1 turns the Rack
 * page's Network toggle on and scrolls to its bill of materials; TS_SCREENSHOT_ZOOM=0.6 zooms a
 * page's drawing out; TS_SCREENSHOT_ALL_COLUMNS=1 shows the Servers table's every column. Run
 * under Xvfb with GSK_RENDERER=cairo (as the tests do) for stable output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ts-comparison-dialog.h"
#include "ui-test-support.h"
#include "ts-application.h"
#include "ts-drawing-view.h"
#include "ts-window-private.h"

/* The sizes the README shows: a laptop screen and the narrowest window
 * (360 px, a phone; the metainfo's display_length). */
#define WIDE_WIDTH    1280
#define WIDE_HEIGHT   800
#define NARROW_WIDTH  360
#define NARROW_HEIGHT 800
/* A projector's usual resolution. */
#define PRESENTER_WIDTH  1920
#define PRESENTER_HEIGHT 1080
/* Longer than libadwaita's transitions (250 ms). */
#define ANIMATION_WAIT_US 600000

static void
wait_for_frames (GtkWidget *widget)
{
  /* Let layout, the leaflet's fold and the deferred header update settle. */
  for (guint i = 0; i < 5; i++)
    {
      gtk_test_widget_wait_for_draw (widget);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

/* Lets animations (the leaflet's slide, 250 ms) finish. */
static void
wait_for_animations (GtkWidget *widget)
{
  gint64 until = g_get_monotonic_time () + ANIMATION_WAIT_US;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  wait_for_frames (widget);
}

static gboolean
save_png (GtkWidget  *widget,
          const char *path)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return FALSE;
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  return gdk_texture_save_to_png (texture, path);
}


/* The drawing on the page shown, or NULL. */
/* TS_SCREENSHOT_NETWORK=1: the Rack page's network and its bill of
 * materials, scrolled to the list */
static void
show_network (TsWindow *window)
{
  GtkWidget *toggle = ts_test_find_named (GTK_WIDGET (window), "network-toggle");
  GtkWidget *bom = ts_test_find_named (GTK_WIDGET (window), "bill-of-materials");
  GtkWidget *scrolled;

  if (g_getenv ("TS_SCREENSHOT_NETWORK") == NULL)
    return;
  if (toggle != NULL)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  wait_for_frames (GTK_WIDGET (window));
  scrolled = bom != NULL ? gtk_widget_get_ancestor (bom, GTK_TYPE_SCROLLED_WINDOW) : NULL;
  if (scrolled != NULL)
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
      wait_for_frames (GTK_WIDGET (window));
    }
}

static TsDrawingView *
find_drawing_view (GtkWidget *widget)
{
  if (TS_IS_DRAWING_VIEW (widget) && gtk_widget_get_mapped (widget))
    return TS_DRAWING_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      TsDrawingView *found = find_drawing_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static TsWindow *
shoot (TsApplication    *app,
       const TsScenario *scenario,
       const char       *dir,
       const char       *name,
       int               width,
       int               height,
       const char       *view)
{
  TsWindow *window = ts_window_new_for_scenario (GTK_APPLICATION (app), scenario);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  AdwViewStack *stack;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_frames (GTK_WIDGET (window));
  if (g_getenv ("TS_SCREENSHOT_PUBLISHED_RUN") != NULL)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-published-run", "s",
                                  g_getenv ("TS_SCREENSHOT_PUBLISHED_RUN"));
      wait_for_frames (GTK_WIDGET (window));
    }
  if (g_strcmp0 (view, "comparison") == 0)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      gtk_widget_activate_action (GTK_WIDGET (window), "win.compare", NULL);
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) dialog = g_list_model_get_item (toplevels, i);

          if (!TS_IS_COMPARISON_DIALOG (dialog))
            continue;
          ts_comparison_dialog_set_options (TS_COMPARISON_DIALOG (dialog), 0, 1);
          wait_for_animations (GTK_WIDGET (dialog));
          if (!save_png (GTK_WIDGET (dialog), path))
            g_printerr ("Could not write %s\n", path);
          else
            g_print ("%s\n", path);
          gtk_window_destroy (dialog);
          break;
        }
      return window;
    }
  if (g_strcmp0 (view, "shortcuts") == 0)
    {
      /* The keyboard shortcuts window instead of the main one. */
      GtkWidget *overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));

      gtk_window_present (GTK_WINDOW (overlay));
      wait_for_animations (overlay);
      if (!save_png (overlay, path))
        g_printerr ("Could not write %s\n", path);
      else
        g_print ("%s\n", path);
      gtk_widget_set_visible (overlay, FALSE);
      return window;
    }
  if (g_strcmp0 (view, "architecture") == 0)
    {
      /* A custom model's “Full architecture” rows, opened and in view */
      GtkWidget *layers = ts_window_get_arch_widget (window, "layers");
      GtkWidget *expander = gtk_widget_get_ancestor (layers, ADW_TYPE_EXPANDER_ROW);

      adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (expander), TRUE);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
      wait_for_animations (GTK_WIDGET (window));
      gtk_widget_grab_focus (layers);
      wait_for_animations (GTK_WIDGET (window));
    }
  else if (g_str_has_prefix (view != NULL ? view : "", "presenter"))
    {
      /* “presenter-rack”: presenter mode on that page of the answer
       * (presenter mode opens on the summary: the page is chosen after) */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.presenter", NULL);
      wait_for_animations (GTK_WIDGET (window));
      if (view[strlen ("presenter")] == '-')
        {
          stack = ADW_VIEW_STACK (ts_window_get_template_widget (window, "view_stack"));
          adw_view_stack_set_visible_child_name (stack, view + strlen ("presenter-"));
          wait_for_animations (GTK_WIDGET (window));
          show_network (window);
        }
    }
  else if (view != NULL)
    {
      TsDrawingView *drawing;

      stack = ADW_VIEW_STACK (ts_window_get_template_widget (window, "view_stack"));
      adw_view_stack_set_visible_child_name (stack, view);
      /* A narrow window shows one pane: the answer's, for a view. */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-answer", NULL);
      wait_for_animations (GTK_WIDGET (window));
      /* TS_SCREENSHOT_ALL_COLUMNS=1: the Servers table with every column */
      if (g_getenv ("TS_SCREENSHOT_ALL_COLUMNS") != NULL)
        {
          GtkWidget *all = ts_test_find_named (GTK_WIDGET (stack), "all-columns");

          if (all != NULL)
            gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (all), TRUE);
          wait_for_frames (GTK_WIDGET (window));
        }
      /* TS_SCREENSHOT_ZOOM=0.6: the drawing zoomed out, to show more of
       * a tall one (a cluster's racks) */
      /* TS_SCREENSHOT_ALL_COLUMNS=1: the Servers table with every column */
      if (g_getenv ("TS_SCREENSHOT_ALL_COLUMNS") != NULL)
        {
          GtkWidget *all = ts_test_find_named (GTK_WIDGET (stack), "all-columns");

          if (all != NULL)
            gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (all), TRUE);
          wait_for_frames (GTK_WIDGET (window));
        }
      show_network (window);
      drawing = find_drawing_view (GTK_WIDGET (stack));
      if (drawing != NULL && g_getenv ("TS_SCREENSHOT_ZOOM") != NULL)
        {
          ts_drawing_view_set_zoom (drawing, g_ascii_strtod (g_getenv ("TS_SCREENSHOT_ZOOM"), NULL));
          wait_for_frames (GTK_WIDGET (window));
        }
    }
  if (!save_png (GTK_WIDGET (window), path))
    g_printerr ("Could not write %s\n", path);
  else
    g_print ("%s\n", path);
  return window;
}

int
main (int    argc,
      char **argv)
{
  static const char *const languages[] = { "en", "ru" };
  g_autoptr(TsApplication) app = NULL;
  g_autoptr(TsScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  const char *dir;
  const char *view;

  ts_i18n_init ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  if (argc < 2)
    {
      g_printerr ("Usage: %s OUTPUT-DIR [SCENARIO.json] [VIEW]\n", argv[0]);
      return 2;
    }
  dir = argv[1];
  view = argc > 3 ? argv[3] : NULL;
  g_mkdir_with_parents (dir, 0755);

  app = ts_application_new ();
  /* Other test programs register the same ID on the same session bus at
   * the same time: without this one of them becomes a remote instance
   * whose startup never runs. */
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  if (argc > 2 && *argv[2] != '\0')
    {
      scenario = ts_scenario_load_file (argv[2], ts_application_get_catalog (app), &error);
      if (scenario == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  else
    {
      TsCatalog *catalog = ts_application_get_catalog (app);

      /* The article's central example: full training of a 70B model. */
      scenario = ts_scenario_new ();
      ts_scenario_set_model (scenario, &ts_catalog_find_model (catalog, "llama-3.1-70b")->model);
    }

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint dark = 0; dark < 2; dark++)
      {
        /* a page of the answer names its files after it: rack-wide-dark-ru.png */
        g_autofree char *prefix = view != NULL ? g_strconcat (view, "-", NULL) : g_strdup ("");
        g_autofree char *wide = g_strdup_printf ("%swide-%s-%s.png", prefix, dark ? "dark" : "light", languages[l]);
        g_autofree char *narrow = g_strdup_printf ("%snarrow-%s-%s.png", prefix, dark ? "dark" : "light", languages[l]);
        TsWindow *window;

        ts_i18n_set_language (languages[l]);
        adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                            dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
        if (g_str_has_prefix (view != NULL ? view : "", "presenter") || g_strcmp0 (view, "comparison") == 0)
          {
            g_autofree char *name = g_strdup_printf ("%s-%s-%s.png", view, dark ? "dark" : "light", languages[l]);

            window = shoot (app, scenario, dir, name, PRESENTER_WIDTH, PRESENTER_HEIGHT, view);
            gtk_window_destroy (GTK_WINDOW (window));
            continue;
          }
        /* TS_SCREENSHOT_FULL_HD: the wide window at 1920 × 1080 */
        window = shoot (app, scenario, dir, wide, g_getenv ("TS_SCREENSHOT_FULL_HD") ? PRESENTER_WIDTH : WIDE_WIDTH,
                        g_getenv ("TS_SCREENSHOT_FULL_HD") ? PRESENTER_HEIGHT : WIDE_HEIGHT, view);
        gtk_window_destroy (GTK_WINDOW (window));
        window = shoot (app, scenario, dir, narrow, NARROW_WIDTH, NARROW_HEIGHT, view);
        gtk_window_destroy (GTK_WINDOW (window));
      }
  return 0;
}
