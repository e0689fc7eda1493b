/* bench-ui.c — how fast the window answers
 *
 * Not a test (nothing is asserted about the machine's speed): it prints the
 * median over repeated runs of
 *   (a) cold start to first frame: from just before the process is
 *       spawned to the first frame the window paints (the same program run
 *       with --first-frame, so dynamic linking, GTK and libadwaita
 *       start-up, the catalog, the template and the first plan all count);
 *   (b) input change to next frame: a scenario control changes (sequence
 *       length, alternating) and the window recomputes the plan, redraws
 *       the memory chart and paints the next frame;
 *   (c) the window's resident memory (RSS, and its peak) after every view
 *       (Memory, Servers, Rack, Power, Time & cost) has been shown;
 * against the targets of issue 10: 400 ms, 16 ms and 80 MB. Beside the
 * wall-clock time it prints the CPU time the program itself used (user +
 * system): on a shared, busy machine the wall clock also counts waiting
 * for other processes, the CPU time does not.
 *
 * Needs a display: run it under xvfb-run with GSK_RENDERER=cairo (as
 * build-aux/bench does). --quick makes fewer runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "ts-window.h"

/* Issue 10's targets. */
#define TARGET_COLD_MS    400.0
#define TARGET_INPUT_MS   16.0
#define TARGET_RSS_MB     80.0

#define COLD_RUNS         9
#define QUICK_COLD_RUNS   3
#define INPUT_CHANGES     60
#define QUICK_INPUT       15
/* Two sequence lengths to alternate between: both valid, different
 * activations, so every change redraws the chart. */
#define SEQ_LEN_A         2048
#define SEQ_LEN_B         4096
#define WINDOW_WIDTH      1280
#define WINDOW_HEIGHT     800

static gint64 frame_time;
static double frame_cpu_ms;
static gboolean painted;

/* CPU time this process has used so far (user + system), in ms. */
static double
cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (!painted)
    {
      frame_time = g_get_monotonic_time ();
      frame_cpu_ms = cpu_ms ();
    }
  painted = TRUE;
}

static void
wait_for_paint (void)
{
  painted = FALSE;
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
}

static TsApplication *
new_app (void)
{
  TsApplication *app = ts_application_new ();

  /* Several copies run at once (and beside the tests): each must start
   * up itself rather than become a remote instance. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  return app;
}

static TsWindow *
open_window (TsApplication *app)
{
  TsWindow *window = ts_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), WINDOW_WIDTH, WINDOW_HEIGHT);
  gtk_widget_realize (GTK_WIDGET (window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* The child of (a): prints the monotonic time of its first frame. */
static int
first_frame (void)
{
  g_autoptr(TsApplication) app = new_app ();
  TsWindow *window = open_window (app);

  wait_for_paint ();
  printf ("%" G_GINT64_FORMAT " %.3f\n", frame_time, frame_cpu_ms);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static void
report (const char *what,
        double      value,
        double      cpu,
        const char *unit,
        double      target)
{
  char cpu_text[32] = "";

  if (cpu >= 0)
    g_snprintf (cpu_text, sizeof cpu_text, "%10.2f", cpu);
  printf ("  %-34s %10.2f %10s %-3s (target < %g %s)%s\n", what, value, cpu_text, unit, target, unit,
          value < target ? "" : "  MISSED");
}

static double
cold_start (const char *self_path,
            guint       runs,
            double     *cpu)
{
  g_autofree double *times = g_new (double, runs);
  g_autofree double *cpus = g_new (double, runs);

  for (guint i = 0; i < runs; i++)
    {
      const char *argv[] = { self_path, "--first-frame", NULL };
      g_autofree char *out = NULL;
      g_autoptr(GError) error = NULL;
      int status = 0;
      char *end = NULL;
      gint64 start = g_get_monotonic_time ();

      if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error)
          || !g_spawn_check_wait_status (status, &error))
        g_error ("bench-ui --first-frame: %s", error->message);
      /* CLOCK_MONOTONIC is the same clock in both processes. */
      times[i] = (g_ascii_strtoll (out, &end, 10) - start) / 1000.0;
      cpus[i] = g_ascii_strtod (end, NULL);
    }
  *cpu = median (cpus, runs);
  return median (times, runs);
}

static double
input_to_frame (TsWindow *window,
                guint     changes,
                double   *cpu)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (ts_window_get_field_widget (window, "seq_len"));
  g_autofree double *times = g_new (double, changes);
  g_autofree double *cpus = g_new (double, changes);

  for (guint i = 0; i < changes; i++)
    {
      gint64 start;
      double cpu_start;

      painted = FALSE;
      start = g_get_monotonic_time ();
      cpu_start = cpu_ms ();
      gtk_spin_button_set_value (spin, i % 2 ? SEQ_LEN_A : SEQ_LEN_B);
      while (!painted)
        g_main_context_iteration (NULL, TRUE);
      times[i] = (frame_time - start) / 1000.0;
      cpus[i] = frame_cpu_ms - cpu_start;
    }
  *cpu = median (cpus, changes);
  return median (times, changes);
}

/* VmRSS or VmHWM from /proc/self/status, in MB. */
static double
memory_mb (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, field);
  if (line == NULL)
    return 0;
  return g_ascii_strtod (line + strlen (field) + 1, NULL) * 1024 / 1e6;
}

int
main (int    argc,
      char **argv)
{
  static const char *const views[] = { "memory", "servers", "rack", "power", "time" };
  gboolean quick = argc > 1 && g_str_equal (argv[1], "--quick");
  g_autoptr(TsApplication) app = NULL;
  g_autofree char *self_path = NULL;
  TsWindow *window;
  AdwViewStack *stack;
  double wall, cpu;

  /* Settings live in memory, so a benchmark never touches the user's. */
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  g_setenv ("GSETTINGS_SCHEMA_DIR", BENCH_SCHEMA_DIR, FALSE);
  ts_i18n_init ();
  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-ui needs a display (run it under xvfb-run)\n");
      return 77;
    }
  adw_init ();

  if (argc > 1 && g_str_equal (argv[1], "--first-frame"))
    return first_frame ();

  self_path = g_file_read_link ("/proc/self/exe", NULL);
  printf ("  %-34s %10s %10s\n", "", "wall", "CPU");
  wall = cold_start (self_path, quick ? QUICK_COLD_RUNS : COLD_RUNS, &cpu);
  report ("cold start to first frame", wall, cpu, "ms", TARGET_COLD_MS);

  app = new_app ();
  window = open_window (app);
  wait_for_paint ();
  wall = input_to_frame (window, quick ? QUICK_INPUT : INPUT_CHANGES, &cpu);
  report ("input change to next frame", wall, cpu, "ms", TARGET_INPUT_MS);

  stack = ADW_VIEW_STACK (gtk_widget_get_template_child (GTK_WIDGET (window), TS_TYPE_WINDOW, "view_stack"));
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      adw_view_stack_set_visible_child_name (stack, views[i]);
      wait_for_paint ();
    }
  report ("window RSS after every view", memory_mb ("VmRSS:"), -1, "MB", TARGET_RSS_MB);
  report ("window peak RSS", memory_mb ("VmHWM:"), -1, "MB", TARGET_RSS_MB);

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
