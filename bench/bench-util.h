/* bench-util.h — clocks, medians and allocation counts for the benchmarks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Monotonic wall time, in microseconds. */
double  ts_bench_wall_us        (void);
/* This thread's CPU time, in microseconds: on a loaded machine (CI, other
 * builds) wall time mostly measures the other processes. */
double  ts_bench_thread_cpu_us  (void);

/* qsort () order of doubles. */
int     ts_bench_compare_doubles (const void *a,
                                  const void *b);
/* Sorts values and returns their median. */
double  ts_bench_median         (double     *values,
                                 guint       n);

/* Heap allocations (malloc, calloc, realloc) counted between start and
 * stop; only in the programs that link bench-alloc.c, whose malloc family
 * interposes glibc's. */
void    ts_bench_alloc_start    (void);
guint64 ts_bench_alloc_stop     (void);

G_END_DECLS
