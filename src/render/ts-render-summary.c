/* ts-render-summary.c — the answer on one slide: the configuration and the
 * few figures a customer remembers
 *
 * The first page of presenter mode and of the spec sheet, and
 * `trainsizer-cli draw --drawing summary`: what is recommended (servers
 * and GPUs), whether it works, and one tile each for memory per GPU,
 * power and racks, training time, energy and price. Every figure is the
 * option's own, formatted as the other drawings format it; nothing here
 * sizes anything.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-render-private.h"
#include "ts-plan-text.h"

typedef enum
{
  TILE_GPUS,
  TILE_MEMORY,
  TILE_POWER,
  TILE_TIME,
  TILE_ENERGY,
  TILE_PRICE,
  N_TILES
} Tile;

/* One tile's words: a caption, the figure, and a line under it. */
typedef struct
{
  char *caption;
  char *value;
  char *detail;
} TileText;

/* A tile is at least this many em wide: “1,030,000 USD” in large type
 * fits, so the grid has as many columns as the width holds, three at
 * most (two rows of three on a slide). */
#define TILE_MIN_EM   17.0
#define MAX_COLUMNS   3
#define VALUE_FACTOR  (TS_TEXT_BIG * 1.25)
#define ANSWER_FACTOR (TS_TEXT_BIG * 1.5)

static const TsTextLook caption_look = { .factor = TS_TEXT_SMALL, .max_lines = 2 };
static const TsTextLook value_look = { .factor = VALUE_FACTOR, .weight = PANGO_WEIGHT_BOLD, .max_lines = 2 };
static const TsTextLook detail_look = { .max_lines = 3 };

/* The answer in bold at the type answer_factor () chose for it. */
static TsTextLook
answer_look (double factor)
{
  return (TsTextLook) { .factor = factor, .weight = PANGO_WEIGHT_BOLD, .max_lines = 3 };
}

static char *
summary_title (const TsPlan *plan)
{
  /* Translators: the summary slide's title: model · method */
  return g_strdup_printf (_("The answer: %s · %s"), plan->scenario->model.name,
                          ts_method_label (plan->scenario->method));
}

/* the answer as the headline says it, no-break spaces and all */
static char *
answer_text (const TsOption *o)
{
  return ts_option_dup_answer (o);
}

static void
tile_text (const TsPlan   *plan,
           const TsOption *o,
           gboolean        gib,
           Tile            tile,
           TileText       *t)
{
  const TsScenario *s = plan->scenario;

  switch (tile)
    {
    case TILE_GPUS:
      t->caption = g_strdup (_("GPUs"));
      t->value = ts_format_number (o->gpus, 0);
      t->detail = o->server->gpu != NULL ? ts_format_name (o->server->gpu->name) : g_strdup ("");
      break;
    case TILE_MEMORY:
      {
        g_autofree char *cap = ts_format_memory (o->gpu_memory_bytes, gib);
        g_autofree char *free_pct = ts_format_percent (MAX (0, o->headroom_fraction));

        t->caption = g_strdup (_("Memory per GPU"));
        t->value = ts_format_memory (ts_breakdown_sum (&o->memory.per_gpu), gib);
        /* the capacity is the usable bytes, labelled as such (the vendor's
         * figure differs: docs/hardware-rules.md §9) */
        /* Translators: under the memory figure of the summary: “of 151 GB usable, 18 % free” */
        t->detail = g_strdup_printf (_("of %s usable, %s free"), cap, free_pct);
      }
      break;
    case TILE_POWER:
      t->caption = g_strdup (_("Power"));
      t->value = ts_format_kw (o->power_kw);
      /* Translators: under the power figure of the summary: racks and rack units */
      t->detail = g_strdup_printf (ngettext ("%u rack, %u U", "%u racks, %u U", o->racks), o->racks, o->rack_units);
      break;
    case TILE_TIME:
      t->caption = g_strdup (_("Training time"));
      t->value = ts_format_days (o->training_days);
      t->detail = ts_render_deadline_verdict (plan, o);
      break;
    case TILE_ENERGY:
      t->caption = g_strdup (_("Energy"));
      t->value = ts_format_kwh (o->energy_kwh);
      t->detail = o->energy_cost > 0 ? ts_format_money (o->energy_cost, s->currency)
                                     : g_strdup (_("Energy cost: no electricity price set"));
      break;
    case TILE_PRICE:
      t->caption = g_strdup (_("Servers’ price"));
      if (o->capex_usd > 0)
        {
          /* in millions from a million: a tile's large figure is short
           * (“≈ 123 600 000 долл. США” was cut) */
          g_autofree char *money = ts_format_money_short (o->capex_usd, "USD");
          gboolean estimate = ts_server_is_estimate (o->server, "price_usd");

          t->value = estimate ? g_strdup_printf ("≈ %s", money) : g_steal_pointer (&money);
          t->detail = g_strdup (estimate ? _("an indicative public price, not a quote") : _("from the catalog"));
        }
      else
        {
          t->value = g_strdup ("—");
          t->detail = g_strdup (_("no price in the catalog"));
        }
      break;
    case N_TILES:
    default:
      g_assert_not_reached ();
    }
}

static void
tile_text_clear (TileText *t)
{
  g_clear_pointer (&t->caption, g_free);
  g_clear_pointer (&t->value, g_free);
  g_clear_pointer (&t->detail, g_free);
}

typedef struct
{
  double pad, gap;
  double title_h, answer_h, verdict_h;
  guint  columns;
  double tile_w, tile_pad;
  double row_h[N_TILES];   /* per row of tiles */
  guint  rows;
  double bottom;
  double answer_factor;  /* the answer's type: its words whole on a line */
} SummaryGeometry;

static double
tile_height (TsRenderCtx    *ctx,
             const TileText *t,
             double          inner_w,
             double          tile_pad)
{
  return 2 * tile_pad
         + ts_render_text_height (ctx, t->caption, inner_w, &caption_look)
         + 0.2 * ctx->em
         + ts_render_text_height (ctx, t->value, inner_w, &value_look)
         + 0.2 * ctx->em
         + ts_render_text_height (ctx, t->detail, inner_w, &detail_look);
}

/* The answer's type: the largest, from a slide's down to a title's, in
 * which each of its unbreakable runs (“2 × NVIDIA DGX H200” is one, its
 * spaces no-break) fits the width, so a narrow window shrinks the answer
 * rather than break “H200” in two. */
static double
answer_factor (TsRenderCtx *ctx,
               const char  *answer,
               double       span)
{
  static const double factors[] = { ANSWER_FACTOR, VALUE_FACTOR, TS_TEXT_BIG, TS_TEXT_TITLE };
  g_auto(GStrv) words = g_strsplit (answer != NULL ? answer : "", " ", -1);

  for (guint i = 0; i < G_N_ELEMENTS (factors); i++)
    {
      gboolean fits = TRUE;

      for (guint w = 0; words[w] != NULL && fits; w++)
        {
          double width;

          ts_render_text_size (ctx, words[w], &(TsTextLook) { .factor = factors[i], .weight = PANGO_WEIGHT_BOLD },
                               &width, NULL);
          fits = width <= span;
        }
      if (fits)
        return factors[i];
    }
  return TS_TEXT_TITLE;
}

static void
summary_geometry (TsRenderCtx     *ctx,
                  SummaryGeometry *g)
{
  const TsOption *o = ctx->option;
  double em = ctx->em;
  double span;
  TsTextLook look;
  g_autofree char *title = summary_title (ctx->plan);
  g_autofree char *answer = answer_text (o);

  memset (g, 0, sizeof *g);
  g->pad = em;
  g->gap = 0.8 * em;
  span = MAX (1, ctx->width - 2 * g->pad);
  g->title_h = ts_render_title_height (ctx, title, span) + 0.4 * em;
  g->answer_factor = answer_factor (ctx, answer, span);
  look = answer_look (g->answer_factor);
  g->answer_h = ts_render_text_height (ctx, answer, span, &look) + 0.2 * em;
  g->verdict_h = ts_render_line_height (ctx, TS_TEXT_TITLE) + 0.8 * em;
  g->columns = CLAMP ((guint) floor ((span + g->gap) / (TILE_MIN_EM * em + g->gap)), 1, MAX_COLUMNS);
  g->tile_w = (span - (g->columns - 1) * g->gap) / g->columns;
  g->tile_pad = 0.7 * em;
  g->rows = (N_TILES + g->columns - 1) / g->columns;
  for (Tile tile = 0; tile < N_TILES; tile++)
    {
      TileText t = { 0 };
      guint row = tile / g->columns;

      tile_text (ctx->plan, o, ctx->style->gib, tile, &t);
      g->row_h[row] = MAX (g->row_h[row], tile_height (ctx, &t, g->tile_w - 2 * g->tile_pad, g->tile_pad));
      tile_text_clear (&t);
    }
  g->bottom = g->pad + g->title_h + g->answer_h + g->verdict_h;
  for (guint r = 0; r < g->rows; r++)
    g->bottom += g->row_h[r] + (r + 1 < g->rows ? g->gap : 0);
  g->bottom += g->pad;
}

double
ts_render_summary_height (TsRenderCtx *ctx)
{
  SummaryGeometry g;

  if (ctx->option == NULL || ctx->option->server == NULL)
    return ts_render_message_height (ctx);
  summary_geometry (ctx, &g);
  return g.bottom;
}

static void
draw_tile (TsRenderCtx    *ctx,
           const TileText *t,
           double          x,
           double          y,
           double          w,
           double          h,
           double          tile_pad)
{
  const TsRenderStyle *st = ctx->style;
  double inner_w = w - 2 * tile_pad;
  double ty = y + tile_pad;

  ts_render_set_color (ctx->cr, &st->grid);
  ts_render_rounded_rect (ctx->cr, x, y, w, h, 0.5 * ctx->em);
  cairo_fill (ctx->cr);
  ty += ts_render_text (ctx, t->caption, x + tile_pad, ty, inner_w,
                        &(TsTextLook) { .factor = TS_TEXT_SMALL, .max_lines = 2, .color = &st->muted });
  ty += 0.2 * ctx->em;
  ty += ts_render_text (ctx, t->value, x + tile_pad, ty, inner_w, &value_look);
  ty += 0.2 * ctx->em;
  ts_render_text (ctx, t->detail, x + tile_pad, ty, inner_w, &detail_look);
}

void
ts_render_summary_draw (TsRenderCtx *ctx)
{
  const TsOption *o = ctx->option;
  const TsRenderStyle *st = ctx->style;
  SummaryGeometry g;
  g_autofree char *title = NULL;
  g_autofree char *answer = NULL;
  g_autofree char *verdict = NULL;
  TsColor verdict_color;
  TsTextLook look;
  double span, y;

  if (o == NULL || o->server == NULL)
    {
      ts_render_message (ctx, _("No Hardware Options Yet"), NULL);
      return;
    }
  summary_geometry (ctx, &g);
  span = MAX (1, ctx->width - 2 * g.pad);
  title = summary_title (ctx->plan);
  answer = answer_text (o);
  y = g.pad;
  ts_render_title (ctx, title, g.pad, y, span);
  y += g.title_h;
  look = answer_look (g.answer_factor);
  ts_render_text (ctx, answer, g.pad, y, span, &look);
  y += g.answer_h;

  /* the option's whole verdict, as every surface names it first */
  verdict_color = o->ok ? (TsColor) { 0.149, 0.635, 0.412, 1 } : (TsColor) { 0.753, 0.110, 0.157, 1 };
  verdict = g_strdup_printf ("%s %s", o->ok ? "✓" : "✗", ts_option_verdict_label (o));
  ts_render_text (ctx, verdict, g.pad, y, span,
                  &(TsTextLook) { .factor = TS_TEXT_TITLE, .weight = PANGO_WEIGHT_BOLD,
                                  .color = st->dark ? NULL : &verdict_color });
  y += g.verdict_h;

  for (guint r = 0; r < g.rows; r++)
    {
      for (guint c = 0; c < g.columns; c++)
        {
          Tile tile = r * g.columns + c;
          TileText t = { 0 };

          if (tile >= N_TILES)
            break;
          tile_text (ctx->plan, o, st->gib, tile, &t);
          draw_tile (ctx, &t, g.pad + c * (g.tile_w + g.gap), y, g.tile_w, g.row_h[r], g.tile_pad);
          tile_text_clear (&t);
        }
      y += g.row_h[r] + g.gap;
    }
}

char *
ts_render_summary_describe (const TsPlan   *plan,
                            const TsOption *o)
{
  GString *text;
  g_autofree char *answer = NULL;

  if (o == NULL || o->server == NULL)
    return g_strdup (_("No Hardware Options Yet"));
  answer = answer_text (o);
  text = g_string_new (NULL);
  /* Translators: accessible description of the summary slide: the configuration and its verdict */
  g_string_append_printf (text, _("Summary: %s. %s."), answer, ts_option_verdict_label (o));
  for (Tile tile = 0; tile < N_TILES; tile++)
    {
      TileText t = { 0 };

      tile_text (plan, o, FALSE, tile, &t);
      g_string_append_printf (text, " %s: %s, %s.", t.caption, t.value, t.detail);
      tile_text_clear (&t);
    }
  return g_string_free (text, FALSE);
}
