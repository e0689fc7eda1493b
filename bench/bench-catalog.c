/* bench-catalog.c — how long a catalog at the size limit takes to load
 *
 * Not a test (nothing is asserted about the machine's speed): it builds
 * a catalog just under the loader's 16 MiB limit — the built-in one plus
 * copies of its servers under new ids — and prints the median time of
 *   (a) loading it as one file (ts_catalog_new_from_data), and
 *   (b) loading the generated servers as a user file over the built-in
 *       catalog (ts_catalog_new_with_overlay: parse, check, merge, link),
 * against the target of one second. Loading was quadratic once (a
 * linear search per record: 19,164 servers took 22 s).
 *
 * Run it with build-aux/bench (an optimised build); --quick for a short
 * run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "bench-util.h"
#include "ts-engine.h"

#define TARGET_S    1.0
#define RUNS        5
#define QUICK_RUNS  2
/* Room left under the limit for the closing brackets of the text. */
#define MAX_BYTES   (16 * 1024 * 1024 - 4096)

/* Each built-in server as compact JSON without its leading {"id":"…",
 * so that a copy under a new id is one string concatenation. */
static GPtrArray *
server_tails (JsonArray *servers)
{
  GPtrArray *tails = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonNode *node = json_array_get_element (servers, i);
      const char *id = json_object_get_string_member (json_node_get_object (node), "id");
      g_autofree char *text = json_to_string (node, FALSE);
      g_autofree char *head = g_strdup_printf ("{\"id\":\"%s\"", id);

      g_assert (g_str_has_prefix (text, head));  /* the id is the first member */
      g_ptr_array_add (tails, g_strdup (text + strlen (head)));
    }
  return tails;
}

/* The built-in servers again and again under ids gen-000000…, appended to
 * generated (the inside of a JSON array) while the whole text, fixed_bytes
 * around it, stays under max_bytes; returns how many were written. */
static guint
append_generated_servers (GPtrArray *tails,
                          GString   *generated,
                          gsize      fixed_bytes,
                          gsize      max_bytes)
{
  for (guint n = 0;; n++)
    {
      const char *tail = g_ptr_array_index (tails, n % tails->len);

      if (fixed_bytes + generated->len + strlen (tail) + 32 > max_bytes)
        return n;
      g_string_append_printf (generated, "%s{\"id\":\"gen-%06u\"%s", n > 0 ? "," : "", n, tail);
    }
}

static double
median_seconds (double *values,
                guint   n)
{
  return ts_bench_median (values, n) / 1e6;
}

int
main (int    argc,
      char **argv)
{
  gboolean quick = argc > 1 && strcmp (argv[1], "--quick") == 0;
  guint runs = quick ? QUICK_RUNS : RUNS;
  g_autoptr(GBytes) builtin = ts_catalog_get_builtin_bytes ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = json_from_string (g_bytes_get_data (builtin, NULL), &error);
  g_autoptr(GString) generated = g_string_new (NULL);
  g_autoptr(GString) whole = g_string_new (NULL);
  g_autoptr(GPtrArray) tails = NULL;
  g_autofree char *builtin_text = NULL;
  g_autofree char *overlay_text = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *overlay_path = NULL;
  g_autofree double *whole_us = g_new (double, runs);
  g_autofree double *overlay_us = g_new (double, runs);
  g_autofree double *whole_cpu_us = g_new (double, runs);
  g_autofree double *overlay_cpu_us = g_new (double, runs);
  const char *last_bracket;
  guint n_builtin;
  guint n;
  double whole_s;
  double overlay_s;
  double whole_cpu_s;
  double overlay_cpu_s;

  if (root == NULL)
    {
      fprintf (stderr, "bench-catalog: %s\n", error->message);
      return 1;
    }
  tails = server_tails (json_object_get_array_member (json_node_get_object (root), "servers"));
  n_builtin = tails->len;

  /* (a) the whole file: the built-in catalog, compact, its server list
   * (the last array closed before "mfu_defaults") grown to the limit */
  builtin_text = json_to_string (root, FALSE);
  last_bracket = strstr (builtin_text, "],\"mfu_defaults\"");
  g_assert (last_bracket != NULL && strstr (builtin_text, "\"servers\":[") < last_bracket);
  n = append_generated_servers (tails, generated, strlen (builtin_text), MAX_BYTES);
  g_string_append_len (whole, builtin_text, last_bracket - builtin_text);
  g_string_append_c (whole, ',');
  g_string_append_len (whole, generated->str, generated->len);
  g_string_append (whole, last_bracket);

  /* (b) the user file: only the generated servers */
  overlay_text = g_strdup_printf ("{\"schema_version\":1,\"catalog_version\":\"bench\",\"servers\":[%s]}", generated->str);
  dir = g_dir_make_tmp ("ts-bench-catalog-XXXXXX", &error);
  if (dir != NULL)
    {
      overlay_path = g_build_filename (dir, "user.json", NULL);
      g_file_set_contents (overlay_path, overlay_text, -1, &error);
    }
  if (error != NULL)
    {
      fprintf (stderr, "bench-catalog: cannot write the user file: %s\n", error->message);
      return 1;
    }

  for (guint r = 0; r < runs && error == NULL; r++)
    {
      double start = ts_bench_wall_us ();
      double start_cpu = ts_bench_thread_cpu_us ();
      g_autoptr(TsCatalog) a = ts_catalog_new_from_data (whole->str, whole->len, "bench.json", &error);
      double middle = ts_bench_wall_us ();
      double middle_cpu = ts_bench_thread_cpu_us ();
      g_autoptr(TsCatalog) b = a != NULL ? ts_catalog_new_with_overlay (overlay_path, &error) : NULL;

      whole_us[r] = middle - start;
      overlay_us[r] = ts_bench_wall_us () - middle;
      whole_cpu_us[r] = middle_cpu - start_cpu;
      overlay_cpu_us[r] = ts_bench_thread_cpu_us () - middle_cpu;
    }
  g_unlink (overlay_path);
  g_rmdir (dir);
  if (error != NULL)
    {
      fprintf (stderr, "bench-catalog: the generated catalog did not load: %s\n", error->message);
      return 1;
    }

  whole_s = median_seconds (whole_us, runs);
  overlay_s = median_seconds (overlay_us, runs);
  whole_cpu_s = median_seconds (whole_cpu_us, runs);
  overlay_cpu_s = median_seconds (overlay_cpu_us, runs);
  /* judged on CPU time as the other rows: the wall clock of a loaded
   * machine measures the other processes */
  printf ("%-52s %5s %10s %10s\n", "benchmark", "runs", "CPU s", "wall s");
  {
    g_autofree char *a = g_strdup_printf ("(a) one file, %.1f MiB, %u servers", whole->len / 1048576.0, n + n_builtin);
    g_autofree char *b = g_strdup_printf ("(b) user file over the built-in, %.1f MiB, %u servers",
                                          strlen (overlay_text) / 1048576.0, n);

    printf ("%-52s %5u %10.3f %10.3f\n", a, runs, whole_cpu_s, whole_s);
    printf ("%-52s %5u %10.3f %10.3f\n", b, runs, overlay_cpu_s, overlay_s);
  }
  printf ("catalog load at the 16 MiB limit; target < %.0f s of CPU: %s\n",
          TARGET_S, MAX (whole_cpu_s, overlay_cpu_s) < TARGET_S ? "met" : "NOT met");
  return 0;
}
