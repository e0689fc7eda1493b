/* bench-ui.c — the window: cold start, input to frame, peak memory
 *
 * Run without arguments (build-aux/bench does, under Xvfb with the cairo
 * renderer), it starts itself again as a fresh process several times and
 * prints medians of
 *   - cold start: from just before the process is spawned to the end of
 *     the window's first painted frame (exec, dynamic linking, GTK and
 *     libadwaita start-up, catalog, first plan, first drawing);
 *   - input to frame: the sequence length changed in its spin button
 *     (plan recomputed, headline, list and visible drawing updated) to the
 *     end of the next painted frame;
 *   - peak RSS (VmHWM) after every view has been shown and painted;
 *   - the floor: the same cold start of an empty AdwApplicationWindow
 *     (--floor), what GTK and libadwaita cost before the app does anything.
 * The child (--child START_US) builds the window as main.c and the
 * application do: TsApplication and ts_window_new ().
 *
 * Nothing here fails on timing. SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ts-application.h"
#include "ts-window-private.h"

/* Issue 10's targets on a 2-core machine. */
#define COLD_TARGET_MS    400.0
#define INPUT_TARGET_MS   16.0
#define RSS_TARGET_MB     80.0

#define COLD_RUNS         7
#define QUICK_COLD_RUNS   1
#define INPUT_CHANGES     30
#define SEQ_LEN_A         2048
#define SEQ_LEN_B         4096
#define TIMEOUT_S         60

static double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* CPU time of the whole process since it started (dynamic linking
 * included), all threads */
static double
cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double
median_of (double *values,
           guint   n)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* VmHWM from /proc/self/status, in MB */
static double
peak_rss_mb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmHWM:");
  return line != NULL ? g_ascii_strtod (line + strlen ("VmHWM:"), NULL) / 1024.0 : -1;
}

/* ---- the child: one window ----------------------------------------------- */

static gboolean painted;
static double painted_at;
static double painted_cpu;

static void
after_paint (GdkFrameClock *clock,
             gpointer       user_data)
{
  painted = TRUE;
  painted_at = now_us ();
  painted_cpu = cpu_us ();
}

/* Spins the main loop until the next frame has been painted. */
static gboolean
time_out (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
wait_for_frame (void)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (TIMEOUT_S, time_out, &timed_out);

  painted = FALSE;
  while (!painted && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout);
  return painted;
}

/* The direct child of the view stack holding drawing's view. */
static GtkWidget *
view_page (GtkWidget *view)
{
  GtkWidget *w = view;

  while (w != NULL && gtk_widget_get_parent (w) != NULL && !ADW_IS_VIEW_STACK (gtk_widget_get_parent (w)))
    w = gtk_widget_get_parent (w);
  return w != NULL && gtk_widget_get_parent (w) != NULL ? w : NULL;
}

/* INPUT_CHANGES changes of the sequence length, each to the end of its
 * next painted frame: wall and CPU milliseconds. */
static gboolean
time_inputs (GtkSpinButton *seq_len,
             double        *inputs,
             double        *inputs_cpu)
{
  for (guint i = 0; i < INPUT_CHANGES; i++)
    {
      double start = now_us ();
      double start_cpu = cpu_us ();

      gtk_spin_button_set_value (seq_len, i % 2 ? SEQ_LEN_A : SEQ_LEN_B);
      if (!wait_for_frame ())
        {
          fprintf (stderr, "bench-ui: no frame after an input change\n");
          return FALSE;
        }
      inputs[i] = (painted_at - start) / 1e3;
      inputs_cpu[i] = (painted_cpu - start_cpu) / 1e3;
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  return TRUE;
}

static int
run_child (double start_us)
{
  g_autoptr(TsApplication) app = NULL;
  TsWindow *window;
  GdkFrameClock *clock;
  GtkSpinButton *seq_len;
  double inputs[INPUT_CHANGES];
  double inputs_cpu[INPUT_CHANGES];

  ts_i18n_init ();
  gtk_init ();
  adw_init ();
  app = ts_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  window = ts_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_widget_realize (GTK_WIDGET (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
  painted = FALSE;
  gtk_window_present (GTK_WINDOW (window));
  if (!wait_for_frame ())
    {
      fprintf (stderr, "bench-ui: the window never painted\n");
      return EXIT_FAILURE;
    }
  printf ("cold %.3f\ncoldcpu %.3f\n", (painted_at - start_us) / 1e3, painted_cpu / 1e3);

  /* let the start settle (idle work, a second frame) before timing input */
  while (g_main_context_iteration (NULL, FALSE))
    ;

  seq_len = GTK_SPIN_BUTTON (ts_window_get_field_widget (window, "seq_len"));
  if (!time_inputs (seq_len, inputs, inputs_cpu))
    return EXIT_FAILURE;
  printf ("input %.3f\ninputcpu %.3f\n", median_of (inputs, INPUT_CHANGES),
          median_of (inputs_cpu, INPUT_CHANGES));

  /* the same with the Time view shown: every new plan's scaling curve is
   * computed for its first frame (the planner at each server count) */
  {
    GtkWidget *page = view_page (ts_window_get_view (window, TS_DRAWING_TIME));

    if (page != NULL)
      {
        adw_view_stack_set_visible_child (ADW_VIEW_STACK (gtk_widget_get_parent (page)), page);
        wait_for_frame ();
        while (g_main_context_iteration (NULL, FALSE))
          ;
        if (!time_inputs (seq_len, inputs, inputs_cpu))
          return EXIT_FAILURE;
        printf ("inputtime %.3f\ninputtimecpu %.3f\n", median_of (inputs, INPUT_CHANGES),
                median_of (inputs_cpu, INPUT_CHANGES));
      }
  }

  /* every view shown and painted once, then the peak */
  for (TsDrawing d = 0; d < TS_N_DRAWINGS; d++)
    {
      GtkWidget *page = view_page (ts_window_get_view (window, d));

      if (page == NULL)
        continue;
      adw_view_stack_set_visible_child (ADW_VIEW_STACK (gtk_widget_get_parent (page)), page);
      wait_for_frame ();
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  printf ("rss %.1f\n", peak_rss_mb ());

  gtk_window_destroy (GTK_WINDOW (window));
  return EXIT_SUCCESS;
}

/* The floor: an empty AdwApplicationWindow in a fresh AdwApplication, the
 * same start-up without anything of Train Sizer's. */
static int
run_floor (double start_us)
{
  g_autoptr(AdwApplication) app = NULL;
  GtkWidget *window;

  gtk_init ();
  adw_init ();
  app = adw_application_new ("io.github.trainsizer.BenchFloor", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_widget_realize (window);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint), NULL);
  gtk_window_present (GTK_WINDOW (window));
  if (!wait_for_frame ())
    return EXIT_FAILURE;
  printf ("cold %.3f\ncoldcpu %.3f\n", (painted_at - start_us) / 1e3, painted_cpu / 1e3);
  gtk_window_destroy (GTK_WINDOW (window));
  return EXIT_SUCCESS;
}

/* ---- the parent: fresh processes ------------------------------------------ */

/* Starts argv0 with mode and the time as fresh processes, runs times, and
 * returns each run's output; NULL when one failed. */
static char **
spawn_runs (const char *argv0,
            const char *mode,
            guint       runs)
{
  g_auto(GStrv) outputs = g_new0 (char *, runs + 1);

  for (guint r = 0; r < runs; r++)
    {
      g_autofree char *start = g_strdup_printf ("%.0f", now_us ());
      char *child_argv[] = { (char *) argv0, (char *) mode, start, NULL };
      g_autoptr(GError) error = NULL;
      int status;

      if (!g_spawn_sync (NULL, child_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &outputs[r], NULL, &status, &error)
          || !g_spawn_check_wait_status (status, &error))
        {
          fprintf (stderr, "bench-ui: %s\n", error != NULL ? error->message : "no frame");
          return NULL;
        }
    }
  return g_steal_pointer (&outputs);
}

static void
row (const char *what,
     double      cpu,
     double      wall,
     const char *unit,
     const char *target,
     gboolean    met)
{
  printf ("%-48s %10.2f %10.2f %-4s %-12s %s\n", what, cpu, wall, unit, target, met ? "met" : "MISSED");
}

static double
value_of (const char *out,
          const char *key)
{
  g_autofree char *needle = g_strdup_printf ("\n%s ", key);
  g_autofree char *text = g_strconcat ("\n", out, NULL);
  const char *line = strstr (text, needle);

  return line != NULL ? g_ascii_strtod (line + strlen (needle), NULL) : -1;
}

int
main (int    argc,
      char **argv)
{
  gboolean quick = argc > 1 && strcmp (argv[1], "--quick") == 0;
  guint runs = quick ? QUICK_COLD_RUNS : COLD_RUNS;
  double cold[COLD_RUNS], cold_cpu[COLD_RUNS], input[COLD_RUNS], input_cpu[COLD_RUNS], rss[COLD_RUNS];
  double input_time[COLD_RUNS], input_time_cpu[COLD_RUNS];
  g_auto(GStrv) outputs = NULL;
  g_auto(GStrv) floors = NULL;
  double floor_cold[COLD_RUNS], floor_cpu[COLD_RUNS];

  if (argc > 2 && strcmp (argv[1], "--child") == 0)
    return run_child (g_ascii_strtod (argv[2], NULL));
  if (argc > 2 && strcmp (argv[1], "--floor") == 0)
    return run_floor (g_ascii_strtod (argv[2], NULL));

  floors = spawn_runs (argv[0], "--floor", runs);
  outputs = spawn_runs (argv[0], "--child", runs);
  if (floors == NULL || outputs == NULL)
    return EXIT_FAILURE;
  for (guint r = 0; r < runs; r++)
    {
      if ((cold[r] = value_of (outputs[r], "cold")) < 0 || (floor_cold[r] = value_of (floors[r], "cold")) < 0)
        {
          fprintf (stderr, "bench-ui: no frame\n");
          return EXIT_FAILURE;
        }
      cold_cpu[r] = value_of (outputs[r], "coldcpu");
      input[r] = value_of (outputs[r], "input");
      input_cpu[r] = value_of (outputs[r], "inputcpu");
      input_time[r] = value_of (outputs[r], "inputtime");
      input_time_cpu[r] = value_of (outputs[r], "inputtimecpu");
      rss[r] = value_of (outputs[r], "rss");
      floor_cpu[r] = value_of (floors[r], "coldcpu");
    }

  {
    double c = median_of (cold, runs), i = median_of (input, runs), m = median_of (rss, runs);
    double cc = median_of (cold_cpu, runs), ic = median_of (input_cpu, runs);
    double it = median_of (input_time, runs), itc = median_of (input_time_cpu, runs);
    g_autofree char *cold_label = g_strdup_printf ("window: cold start to first frame (%u starts)", runs);
    g_autofree char *input_label = g_strdup_printf ("window: input change to next frame (%u each)", INPUT_CHANGES);

    /* judged on CPU time: wall time on a loaded machine measures the load */
    printf ("%-48s %10s %10s %-4s %-12s\n", "benchmark (median)", "CPU", "wall", "unit", "target");
    /* What GTK and libadwaita cost before any of the app's own work. */
    printf ("%-48s %10.2f %10.2f %-4s %-12s\n", "window: empty AdwApplicationWindow (the floor)",
            median_of (floor_cpu, runs), median_of (floor_cold, runs), "ms", "-");
    row (cold_label, cc, c, "ms", "< 400 ms", cc < COLD_TARGET_MS);
    row (input_label, ic, i, "ms", "< 16 ms", ic < INPUT_TARGET_MS);
    row ("window: the same, Time view shown", itc, it, "ms", "< 16 ms", itc < INPUT_TARGET_MS);
    row ("window: peak RSS, every view shown", m, m, "MB", "< 80 MB", m < RSS_TARGET_MB);
  }
  return EXIT_SUCCESS;
}
