/* bench-cli.c — `trainsizer-cli estimate` as a whole process
 *
 * Usage: bench-cli [--quick] PATH-TO-trainsizer-cli
 * Spawns the command line (posix_spawn, output to /dev/null) repeatedly
 * and prints the median wall time from spawn to exit — exec, dynamic
 * linking, locale, catalog, plan, output — and the child's peak RSS from
 * wait4 ()'s rusage. Nothing here fails on timing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <glib.h>

#include "bench-util.h"

extern char **environ;

/* Issue 10's target on a 2-core machine. */
#define CLI_TARGET_MS   20.0

#define RUNS            41
#define QUICK_RUNS      7
#define WARMUP          2

/* One run: wall ms, the child's CPU ms (user + system) through cpu_ms and
 * its peak RSS in MB through rss_mb. */
static double
run_once (char  **argv,
          double *cpu_ms,
          double *rss_mb)
{
  posix_spawn_file_actions_t actions;
  struct rusage usage;
  double start;
  pid_t pid;
  int status;

  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  start = ts_bench_wall_us ();
  if (posix_spawn (&pid, argv[0], &actions, NULL, argv, environ) != 0)
    {
      perror ("bench-cli: posix_spawn");
      exit (EXIT_FAILURE);
    }
  if (wait4 (pid, &status, 0, &usage) < 0 || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      fprintf (stderr, "bench-cli: %s failed\n", argv[0]);
      exit (EXIT_FAILURE);
    }
  posix_spawn_file_actions_destroy (&actions);
  *rss_mb = usage.ru_maxrss / 1024.0;   /* kilobytes on Linux */
  *cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
            + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
  return (ts_bench_wall_us () - start) / 1e3;
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

int
main (int    argc,
      char **argv)
{
  gboolean quick = argc > 2 && strcmp (argv[1], "--quick") == 0;
  const char *cli = argv[argc - 1];
  guint runs = quick ? QUICK_RUNS : RUNS;
  /* the article's example: Llama 3.1 70B, full training, 8 GPUs */
  char *estimate[] = { (char *) cli, (char *) "estimate", (char *) "--model", (char *) "llama-3.1-70b",
                       (char *) "--gpus", (char *) "8", NULL };
  char *json[] = { (char *) cli, (char *) "estimate", (char *) "--model", (char *) "llama-3.1-405b",
                   (char *) "--server", (char *) "dgx-b200", (char *) "--servers", (char *) "64",
                   (char *) "--format", (char *) "json", NULL };
  struct { const char *label; char **argv; } cases[] = {
    { "CLI estimate 70B full 8 GPUs, whole process", estimate },
    { "CLI estimate 405B 64 servers --format json", json },
  };
  double times[RUNS];
  double cpu[RUNS];
  double peak = 0;

  if (argc < 2 || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      fprintf (stderr, "usage: bench-cli [--quick] PATH-TO-trainsizer-cli\n");
      return 2;
    }
  printf ("%-48s %10s %10s %-4s %-12s\n", "benchmark (median)", "CPU", "wall", "unit", "target");

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      double rss;

      for (guint r = 0; r < WARMUP; r++)
        run_once (cases[c].argv, &cpu[0], &rss);
      for (guint r = 0; r < runs; r++)
        {
          times[r] = run_once (cases[c].argv, &cpu[r], &rss);
          peak = MAX (peak, rss);
        }
      qsort (times, runs, sizeof *times, ts_bench_compare_doubles);
      qsort (cpu, runs, sizeof *cpu, ts_bench_compare_doubles);
      /* judged on CPU time: wall time on a loaded machine measures the load */
      row (cases[c].label, cpu[runs / 2], times[runs / 2], "ms", "< 20 ms", cpu[runs / 2] < CLI_TARGET_MS);
    }
  /* no target in the issue for the CLI's memory: reported for comparison */
  row ("CLI estimate: peak RSS", peak, peak, "MB", "", TRUE);
  return EXIT_SUCCESS;
}
