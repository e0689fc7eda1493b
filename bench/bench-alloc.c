/* bench-alloc.c — counting heap allocations in a benchmark
 *
 * The program's own malloc family interposes glibc's (the executable's
 * symbols come first), forwarding to the __libc_ entry points. Linked only
 * into the benchmarks that report allocations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "bench-util.h"

extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *ptr, size_t size);
extern void  __libc_free (void *ptr);

void *malloc (size_t size);
void *calloc (size_t n, size_t size);
void *realloc (void *ptr, size_t size);
void  free (void *ptr);

static volatile gboolean counting;
static volatile guint64 allocations;

void *
malloc (size_t size)
{
  if (counting)
    allocations++;
  return __libc_malloc (size);
}

void *
calloc (size_t n,
        size_t size)
{
  if (counting)
    allocations++;
  return __libc_calloc (n, size);
}

void *
realloc (void   *ptr,
         size_t  size)
{
  if (counting)
    allocations++;
  return __libc_realloc (ptr, size);
}

void
free (void *ptr)
{
  __libc_free (ptr);
}

void
ts_bench_alloc_start (void)
{
  allocations = 0;
  counting = TRUE;
}

guint64
ts_bench_alloc_stop (void)
{
  counting = FALSE;
  return allocations;
}
