/* ts-deadline.c — the fewest servers whose fastest layout meets the deadline
 *
 * The layout search (ts-layout-search.c) gives the days of the fastest
 * layout at a count; this file finds the count: down from the option's
 * when a searched layout is faster than the fixed one, up by doubling
 * when it is slower, then by bisection (docs/sizing-model.md §8.2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include "ts-options-private.h"

static gboolean
meets_deadline_at (const TsScenario *s,
                   TsOption         *o,
                   guint             servers)
{
  return _ts_options_fastest_days (s, o, servers) <= s->deadline_days;
}

/* The fewest servers in [lo, hi] whose fastest layout meets the deadline
 * (hi known to, lo not), by bisection: more servers never make the
 * fastest layout slower while the global batch feeds them. */
static guint
bisect_deadline (const TsScenario *s,
                 TsOption         *o,
                 guint             lo,
                 guint             hi)
{
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (meets_deadline_at (s, o, mid))
        hi = mid;
      else
        lo = mid;
    }
  return hi;
}

/* The count that meets the deadline with the planner's layouts, from the
 * option's count, which the fixed layout's estimate gave: fewer when a
 * searched layout is faster, more when communication makes it slower; 0
 * when no count up to the server's cap does. */
guint
_ts_options_deadline_count (const TsScenario *s,
                            TsOption         *o,
                            guint             floor_count)
{
  guint cap = _ts_options_count_cap (o->server);
  guint n = o->servers;
  guint lo;
  guint step = 1;

  if (meets_deadline_at (s, o, n))
    {
      if (n <= floor_count || meets_deadline_at (s, o, floor_count))
        return MIN (n, floor_count);
      return bisect_deadline (s, o, floor_count, n);
    }
  for (lo = n; lo < cap; step *= 2)
    {
      guint hi = (guint) MIN ((guint64) lo + step, cap);

      if (meets_deadline_at (s, o, hi))
        return bisect_deadline (s, o, lo, hi);
      lo = hi;
    }
  return 0;
}
