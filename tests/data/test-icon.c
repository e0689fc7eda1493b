/* test-icon.c — the running app finds its own icon without being installed
 *
 * The About window shows the icon named by the app ID, and an app run from
 * the build tree (build-aux/run) or a bundle has no icon theme entry of its
 * own, so the icons are also compiled into the resources where
 * GtkApplication adds them to the icon theme.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ts-application.h"

static void
test_app_icon_in_theme (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autofree char *symbolic = g_strconcat (APP_ID, "-symbolic", NULL);
  g_autoptr(GtkIconPaintable) icon = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *uri = NULL;

  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  g_assert_true (gtk_icon_theme_has_icon (theme, symbolic));

  /* The one from the resources, not a stray one from an installed copy. */
  icon = gtk_icon_theme_lookup_icon (theme, APP_ID, NULL, 128, 1, GTK_TEXT_DIR_NONE, 0);
  file = gtk_icon_paintable_get_file (icon);
  g_assert_nonnull (file);
  uri = g_file_get_uri (file);
  g_assert_true (g_str_has_prefix (uri, "resource://" RESOURCE_PATH "/icons/"));
  g_assert_true (g_str_has_suffix (uri, "/" APP_ID ".svg"));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(TsApplication) app = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (build-aux/test runs the tests under xvfb-run)");
      return g_test_run ();
    }
  adw_init ();

  /* Registering runs startup, where GtkApplication adds <base path>/icons
   * to the icon theme. */
  app = ts_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  g_test_add_func ("/data/icon/in-theme", test_app_icon_in_theme);
  status = g_test_run ();
  return status;
}
