/* ts-ranking.c — ranking the options: compare, sort, why each one ranks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <math.h>

#include "ts-options-private.h"

/* ---- ranking ------------------------------------------------------------ */

static int
verdict_order (TsVerdict v)
{
  return v == TS_VERDICT_FITS ? 0 : v == TS_VERDICT_TIGHT ? 1 : 2;
}

#define CMP(a, b) do { if ((a) < (b)) return -1; if ((a) > (b)) return 1; } while (0)

/* What the site cannot take as it is: a server drawing more than a rack
 * may, or taller than its racks, or short of host RAM. */
#define SITE_NOTES (TS_NOTE_RACK_OVER_LIMIT | TS_NOTE_RACK_TOO_SHORT | TS_NOTE_HOST_RAM)

/* The cost of ownership the cost objective compares: the servers'
 * price and the energy of the training run. Only when the scenario
 * counts energy in US dollars, the currency of the catalog's prices: the
 * program knows no exchange rate, and adding roubles to dollars would
 * rank by a number that means nothing (then capex and energy are
 * compared one after the other). NAN when the two cannot be added. */
static double
total_cost_usd (const TsOption *o)
{
  if (o->currency == NULL || g_ascii_strcasecmp (o->currency, "USD") != 0)
    return NAN;
  return o->capex_usd + o->energy_cost;
}

/* What works first (memory, layout, deadline, site and supplies: an
 * option that does not work never ranks above one that does); then what
 * fits the memory; then room before a bare fit (a tight option is never
 * starred while one with room works); then training-capable links before
 * PCIe-only multi-GPU (the article's rule); what the site takes as it is
 * before what needs a higher feed or taller racks; within the deadline
 * before late (late ones by time); then the vendor's own line-up (the
 * catalog's “article” servers and cards: the article's vendor offers
 * NVIDIA and Huawei, and a presales catalog marks what it sells) before
 * the rest of the market; then lower power (the smallest hardware that
 * does the job in time: one card for a small LoRA, as the article
 * advises), lower cost, shorter time. */
/* A figure the engine could not compute (NAN) ranks after every number:
 * NAN compares neither below nor above, and a key that calls two options
 * equal when one of them is NAN would break the order (a < b and b = c
 * = NAN, c < a). */
static inline double
ordered (double x)
{
  return isnan (x) ? INFINITY : x;
}

#define KEY(k, a, b) do { double ka_ = ordered (a), kb_ = ordered (b); \
                          if (ka_ < kb_) { *key = (k); return -1; } \
                          if (ka_ > kb_) { *key = (k); return 1; } } while (0)
/* Prices: a record the catalog does not price (0) is not free, and must
 * not win on price over one it does; so a priced option comes first, and
 * among priced ones the lower price. Comparing prices only where both
 * are known would not be an order (a priced A before an unpriced B on
 * time, B before a priced C on time, C before A on price). */
#define CAPEX_KEY(x, y) do { KEY (TS_RANK_KEY_PRICED, (x)->capex_usd <= 0, (y)->capex_usd <= 0); \
                             if ((x)->capex_usd > 0) \
                               KEY (TS_RANK_KEY_CAPEX, (x)->capex_usd, (y)->capex_usd); } while (0)

/* The objective's figures, in its order (see TsObjective). */
static int
compare_objective (const TsOption *x,
                   const TsOption *y,
                   guint          *key)
{
  switch (x->objective)
    {
    case TS_OBJECTIVE_TIME:
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      KEY (TS_RANK_KEY_ENERGY_COST, x->energy_cost, y->energy_cost);
      CAPEX_KEY (x, y);
      break;
    case TS_OBJECTIVE_COST:
      /* a priced option before one whose price is unknown (0) */
      KEY (TS_RANK_KEY_PRICED, x->capex_usd <= 0, y->capex_usd <= 0);
      /* the currency is the plan's, the same for every option: either
       * both totals are numbers or neither is */
      if (x->capex_usd > 0 && !isnan (total_cost_usd (x)) && !isnan (total_cost_usd (y)))
        KEY (TS_RANK_KEY_TOTAL_COST, total_cost_usd (x), total_cost_usd (y));
      KEY (TS_RANK_KEY_CAPEX, x->capex_usd, y->capex_usd);
      KEY (TS_RANK_KEY_ENERGY_COST, x->energy_cost, y->energy_cost);
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      break;
    case TS_OBJECTIVE_ENERGY:
      KEY (TS_RANK_KEY_ENERGY, x->energy_kwh, y->energy_kwh);
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      break;
    case TS_OBJECTIVE_SERVERS:
    case TS_N_OBJECTIVES:
    default:
      KEY (TS_RANK_KEY_POWER, x->power_kw, y->power_kw);
      KEY (TS_RANK_KEY_ENERGY_COST, x->energy_cost, y->energy_cost);
      CAPEX_KEY (x, y);
      KEY (TS_RANK_KEY_DAYS, x->training_days, y->training_days);
      break;
    }
  return 0;
}

/* What works first (memory, layout, deadline, site and supplies: an
 * option that does not work never ranks above one that does); then what
 * fits the memory; then room before a bare fit (a tight option is never
 * starred while one with room works); then training-capable links before
 * PCIe-only multi-GPU (the article's rule); what the site takes as it is
 * before what needs a higher feed or taller racks; within the deadline
 * before late (late ones by time); then the vendor's own line-up (the
 * catalog's “article” servers and cards) before the rest of the market;
 * then the user's objective (TsObjective; by default the smallest
 * hardware that does the job in time: one card for a small LoRA, as the
 * article advises). *key is the comparison that decided. */
static int
compare_with_key (const TsOption *x,
                  const TsOption *y,
                  guint          *key)
{
  int c;

  KEY (TS_RANK_KEY_OK, !x->ok, !y->ok);
  KEY (TS_RANK_KEY_FITS, !x->fits, !y->fits);
  KEY (TS_RANK_KEY_ROOM, verdict_order (x->verdict), verdict_order (y->verdict));
  KEY (TS_RANK_KEY_LINK, !x->interconnect_ok, !y->interconnect_ok);
  KEY (TS_RANK_KEY_SITE, (x->note_flags & SITE_NOTES) != 0, (y->note_flags & SITE_NOTES) != 0);
  KEY (TS_RANK_KEY_DEADLINE, !x->meets_deadline, !y->meets_deadline);
  if (!x->meets_deadline)
    KEY (TS_RANK_KEY_LATE, x->training_days, y->training_days);
  /* asked for the lowest cost, the price orders the options before the
   * vendor's line-up does (priced ascending, unpriced after them); every
   * other objective keeps the line-up first */
  if (x->objective == TS_OBJECTIVE_COST && (c = compare_objective (x, y, key)) != 0)
    return c;
  KEY (TS_RANK_KEY_ARTICLE, !x->server->article, !y->server->article);
  if (x->objective != TS_OBJECTIVE_COST && (c = compare_objective (x, y, key)) != 0)
    return c;
  *key = TS_RANK_KEY_ID;
  return g_strcmp0 (x->server->id, y->server->id);
}

int
ts_option_compare (const TsOption *a,
                   const TsOption *b)
{
  guint key;

  return compare_with_key (a, b, &key);
}

static int
compare_options (gconstpointer a,
                 gconstpointer b)
{
  return ts_option_compare (a, b);
}

/* The figure of a key, for the reason's difference. */
static double
key_figure (const TsOption *o,
            guint           key)
{
  switch (key)
    {
    case TS_RANK_KEY_LATE:
    case TS_RANK_KEY_DAYS: return o->training_days;
    case TS_RANK_KEY_POWER: return o->power_kw;
    case TS_RANK_KEY_CAPEX: return o->capex_usd;
    case TS_RANK_KEY_TOTAL_COST: return total_cost_usd (o);
    case TS_RANK_KEY_ENERGY_COST: return o->energy_cost;
    case TS_RANK_KEY_ENERGY: return o->energy_kwh;
    default: return 0;
    }
}

/* Each option's reason: the first against the second, every other
 * against the one above it. */
void
_ts_options_explain_ranks (GArray *options)
{
  for (guint i = 0; i < options->len; i++)
    {
      TsOption *o = &g_array_index (options, TsOption, i);
      const TsOption *other;
      guint key = TS_RANK_KEY_NONE;

      if (options->len < 2)
        {
          o->rank_key = TS_RANK_KEY_NONE;
          continue;
        }
      other = &g_array_index (options, TsOption, i == 0 ? 1 : i - 1);
      if (i == 0)
        compare_with_key (o, other, &key);
      else
        compare_with_key (other, o, &key);
      o->rank_key = key;
      o->rank_versus = other->server;
      o->rank_versus_servers = other->servers;
      o->rank_delta = key_figure (other, key) - key_figure (o, key);
    }
}

static int
compare_option_indices (gconstpointer a,
                        gconstpointer b,
                        gpointer      options)
{
  return compare_options (&g_array_index ((GArray *) options, TsOption, *(const guint *) a),
                          &g_array_index ((GArray *) options, TsOption, *(const guint *) b));
}

/* An option is a large struct: sort their indices (a merge sort, stable
 * like g_array_sort ()), then move each option once along the cycles of
 * the permutation. */
#define SORT_STACK_OPTIONS 64

void
_ts_options_sort_options (GArray *options)
{
  guint stack[SORT_STACK_OPTIONS];
  g_autofree guint *heap = NULL;
  guint *order = stack;
  guint n = options->len;

  if (n < 2)
    return;
  if (n > SORT_STACK_OPTIONS)
    order = heap = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof *order, compare_option_indices, options);

  /* order[i] is the option that goes to place i */
  for (guint start = 0; start < n; start++)
    {
      TsOption moving;
      guint hole = start;

      if (order[start] == start)
        continue;
      moving = g_array_index (options, TsOption, start);
      while (order[hole] != start)
        {
          guint from = order[hole];

          g_array_index (options, TsOption, hole) = g_array_index (options, TsOption, from);
          order[hole] = hole;
          hole = from;
        }
      g_array_index (options, TsOption, hole) = moving;
      order[hole] = hole;
    }
}
