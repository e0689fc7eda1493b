/* main.c — trainsizer, the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ts-application.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(TsApplication) app = NULL;

  ts_i18n_init ();
  app = ts_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
