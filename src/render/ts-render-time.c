/* ts-render-time.c — training time against the deadline, energy and cost
 *
 * Everything here is an estimate from the 6·N·D rule at a stated
 * utilisation (sizing-model.md §8); the drawing says so and lists the
 * assumptions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-render-private.h"

typedef struct
{
  double pad;
  double title_h, lh;
  double x0, span;              /* the bar, its verdict and the facts */
  double bar_label_y, bar_y, bar_h;
  double verdict_y;
  double facts_y;
  double curve_x0, curve_span;  /* the scaling curve: under the facts, or
                                 * beside them on a wide canvas */
  double curve_title_y;
  double chart_y, chart_h;      /* axis titles, value labels, plot, and
                                 * the counts under it */
  double legend_y;             /* then the legend and the assumptions,
                                 * paragraphs placed as they are drawn */
} TimeGeometry;

/* A screen this many em wide or wider (a slide, a full-screen window)
 * sets the curve beside the bar and its facts rather than under them:
 * the drawing is then short enough for a 1920 × 1080 slide at the
 * presenter's 24 px, its notes included. The facts take this share. */
#define SIDE_BY_SIDE_EM 56.0
#define FACTS_SHARE     0.42
/* Gridlines of the curve's plot: at most this many steps up its axes. */
#define AXIS_STEPS 4

/* The scaling curve: the fewest servers that hold the job, then
 * doublings, as the spec sheet's table (sizing-model §8.5). */
#define CURVE_POINTS TS_SCALING_CURVE_POINTS
/* The curve's title, measured and drawn alike. */
static const TsTextLook curve_title_look = { .weight = PANGO_WEIGHT_BOLD, .max_lines = 2 };

static char *
curve_title (const TsOption *o)
{
  g_autofree char *name = ts_format_name (o->server->name);

  /* Translators: heading of the scaling curve, e.g. “Time against the number of NVIDIA DGX H200” */
  return g_strdup_printf (_("Time against the number of %s"), name);
}

static const char *
curve_legend (void)
{
  return _("Solid line: training days at each number of servers, with the planner's layout there; "
           "dashed: energy. Ring: the chosen count. Shaded: more servers than pay off, where doubling "
           "them saves less than a quarter of the time.");
}

static char *
assumptions_text (const TsPlan   *plan,
                  const TsOption *o)
{
  const TsScenario *s = plan->scenario;
  g_autofree char *flops = ts_render_format_flops (o->training_flops);
  g_autofree char *tokens = ts_format_params (ts_scenario_tokens (s));
  g_autofree char *params = ts_format_params (s->model.active_params > 0 ? s->model.active_params : s->model.params);
  g_autofree char *mfu = ts_format_percent (o->mfu);
  g_autofree char *pue = ts_format_number_auto (s->pue, 2);
  g_autofree char *tflops = o->server->gpu != NULL ? ts_format_number (o->server->gpu->tflops_bf16, 0) : g_strdup ("—");

  /* Translators: the assumptions under the time drawing; %s are numbers
   * with units; the one before “with PUE” is what the energy is counted at
   * (“at maximum draw”, translated apart) */
  return g_strdup_printf (_("Estimates, not a guarantee. Training compute %s FLOPs from 6 · N · D "
                            "and the attention term (N = %s active parameters, D = %s tokens; more with recomputation), "
                            "at %s utilisation (MFU) of %u GPUs × %s TFLOPS dense BF16; "
                            "energy %s with PUE %s."),
                          flops, params, tokens, mfu, o->gpus, tflops, ts_option_energy_basis (o), pue);
}

/* The line over the bar names the server, and a name can be long: it
 * wraps onto a second line rather than lose its end. */
static const TsTextLook bar_label_look = { .weight = PANGO_WEIGHT_BOLD, .max_lines = 2 };

static char *
bar_label (const TsOption *o)
{
  g_autofree char *days = NULL;

  if (o == NULL)
    return NULL;
  days = ts_format_days (o->training_days);
  /* Translators: e.g. “About 12 d on 2 × NVIDIA DGX H200” */
  {
    g_autofree char *name = ts_format_name (o->server->name);

    return g_strdup_printf (_("About %s on %u × %s"), days, o->servers, name);
  }
}

/* The option's time against the deadline in a few words: the Time view's
 * verdict line and the summary slide's time tile. */
char *
ts_render_deadline_verdict (const TsPlan   *plan,
                            const TsOption *o)
{
  const TsScenario *s = plan->scenario;

  if (s->deadline_days <= 0)
    return g_strdup (_("No deadline set"));
  if (o->training_days <= s->deadline_days)
    {
      g_autofree char *dl = ts_format_days (s->deadline_days);

      /* Translators: e.g. “✓ Meets the 30 d deadline” */
      return g_strdup_printf (_("✓ Meets the %s deadline"), dl);
    }
  {
    g_autofree char *late = ts_format_days (o->training_days - s->deadline_days);

    /* Translators: e.g. “✗ Misses the deadline by 8 d” */
    return g_strdup_printf (_("✗ Misses the deadline by %s"), late);
  }
}

/* A fact too long for its column (the narrower one beside the curve)
 * takes a second line, or a third (the Russian wall-clock line). */
static const TsTextLook fact_look = { .max_lines = 3 };

/* The lines of facts under the verdict, NULL-terminated. */
static GStrv
fact_texts (const TsPlan   *plan,
            const TsOption *o)
{
  const TsScenario *s = plan->scenario;
  GPtrArray *facts = g_ptr_array_new ();
  gboolean has_deadline = s->deadline_days > 0;
  g_autofree char *kwh = ts_format_kwh (o->energy_kwh);

  if (has_deadline && o->servers_for_deadline > 0)
    {
      g_autofree char *name = ts_format_name (o->server->name);

      /* Translators: e.g. “Servers for the deadline: 3 × NVIDIA DGX H200” */
      g_ptr_array_add (facts, g_strdup_printf (_("Servers for the deadline: %u × %s"), o->servers_for_deadline, name));
    }
  else if (has_deadline)
    g_ptr_array_add (facts, g_strdup (_("Servers for the deadline: no count meets it")));
  g_ptr_array_add (facts, ts_goodput_dup_summary (&o->goodput));
  /* Translators: e.g. “Energy: 12,345 kWh” */
  g_ptr_array_add (facts, g_strdup_printf (_("Energy: %s"), kwh));
  if (s->price_kwh > 0)
    {
      g_autofree char *cost = ts_format_money (o->energy_cost, s->currency);
      g_autofree char *price = ts_format_number_auto (s->price_kwh, 2);

      /* Translators: e.g. “Energy cost: 98,760 RUB at 8 RUB per kWh” */
      g_ptr_array_add (facts, g_strdup_printf (_("Energy cost: %s at %s %s per kWh"), cost, price,
                                                   ts_format_currency_label (s->currency)));
    }
  else
    g_ptr_array_add (facts, g_strdup (_("Energy cost: no electricity price set")));
  g_ptr_array_add (facts, NULL);
  return (GStrv) g_ptr_array_free (facts, FALSE);
}

/* The height of the facts, each with the gap under it. */
static double
facts_height (TsRenderCtx *ctx,
              double       span)
{
  g_auto(GStrv) facts = fact_texts (ctx->plan, ctx->option);
  double h = 0;

  for (guint i = 0; facts[i] != NULL; i++)
    h += ts_render_text_height (ctx, facts[i], span, &fact_look) + 0.3 * ctx->em;
  return h;
}

/* The plot's height besides its label rows: 7 em, or on a wide canvas
 * as tall as the facts beside it. */
#define PLOT_EM 7.0

static void
time_geometry (TsRenderCtx  *ctx,
               TimeGeometry *g)
{
  g_autofree char *label = bar_label (ctx->option);
  g_autofree char *title = curve_title (ctx->option);
  double em = ctx->em;
  double small = ts_render_line_height (ctx, TS_TEXT_SMALL);
  double width;
  gboolean side;
  double y, top;

  g->pad = em;
  width = MAX (1, ctx->width - 2 * g->pad);
  /* a page flows, so the sheet keeps the curve under the facts */
  side = !ctx->style->print && width >= SIDE_BY_SIDE_EM * em;
  g->x0 = g->pad;
  g->span = side ? FACTS_SHARE * width : width;
  g->curve_x0 = side ? g->x0 + g->span + 2 * em : g->x0;
  g->curve_span = side ? MAX (1, g->pad + width - g->curve_x0) : width;
  g->lh = ts_render_line_height (ctx, TS_TEXT_NORMAL);
  g->title_h = ts_render_title_height (ctx, _("Training time and energy (estimates)"), width) + 0.6 * em;
  g->bar_h = 2 * em;
  top = y = g->pad + g->title_h;
  g->bar_label_y = y;
  y += MAX (g->lh, ts_render_text_height (ctx, label, g->span, &bar_label_look))
       + 0.3 * em + 0.3 * em;
  g->bar_y = y;
  y += g->bar_h + 0.3 * em + g->lh + 0.5 * em;
  g->verdict_y = y;
  y += g->lh + 0.8 * em;
  g->facts_y = y;
  y += facts_height (ctx, g->span) + 0.6 * em;
  if (side)
    y = top;
  g->curve_title_y = y;
  y += ts_render_text_height (ctx, title, g->curve_span, &curve_title_look) + 0.3 * em;
  g->chart_y = y;
  /* a row of axis titles, a row of day labels, the plot, a row of
   * counts: readable from a 360 px window to a presenter's screen, the
   * plot scales with em */
  g->chart_h = 3 * small + PLOT_EM * em;
  if (side)
    g->chart_h = MAX (g->chart_h, g->facts_y + facts_height (ctx, g->span) - g->chart_y);
  y += g->chart_h + 0.4 * em;
  g->legend_y = y;
}

/* The two paragraphs under the chart, from g->legend_y: drawn (draw) or
 * only measured; each is placed under the one before, so drawing needs
 * no measuring pass of its own (wrapping a paragraph is most of this
 * drawing's time). A missing curve has no legend to draw, but keeps its
 * room, as the height measured it. Returns the height of both. */
static double
below_chart (TsRenderCtx        *ctx,
             const TimeGeometry *g,
             gboolean            draw,
             gboolean            draw_legend)
{
  const TsTextLook note = { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted };
  g_autofree char *text = assumptions_text (ctx->plan, ctx->option);
  /* the notes run under both columns */
  double span = MAX (1, ctx->width - 2 * g->pad);
  double h;

  g_autofree char *detail = ts_goodput_dup_detail (&ctx->option->goodput);
  g_autofree char *storage = ts_goodput_dup_storage (&ctx->option->goodput);
  g_autofree char *goodput = g_strdup_printf ("%s %s.", detail, storage);

  h = ts_render_paragraph (ctx, curve_legend (), g->pad, g->legend_y, span, &note, draw && draw_legend) + 0.6 * ctx->em;
  h += ts_render_paragraph (ctx, goodput, g->pad, g->legend_y + h, span, &note, draw) + 0.6 * ctx->em;
  h += ts_render_paragraph (ctx, text, g->pad, g->legend_y + h, span, &note, draw);
  return h;
}

/* Like ts_render_power_height () in shape (8 em without an option), kept apart: each measures its own geometry. */
double
ts_render_time_height (TsRenderCtx *ctx)
{
  TimeGeometry g;

  if (ctx->option == NULL)
    return ts_render_message_height (ctx);
  time_geometry (ctx, &g);
  return g.legend_y + below_chart (ctx, &g, FALSE, FALSE) + g.pad;
}

/* ---- the scaling curve --------------------------------------------------- */

typedef struct
{
  double plot_left, plot_right;  /* the axes */
  double left, right;    /* where the first and the last count sit */
  double top, bottom;    /* the plot, without its label rows */
  double log_first, log_span;
  double max_days, max_kwh;      /* the axes' tops: whole steps */
  double day_step, kwh_step;
  guint  steps;
  gboolean energy_axis;  /* room for the energy scale on the right */
} CurveFrame;

/* The axis step for a range split in about n: 1, 2, 2.5 or 5 times a
 * power of ten, the first at least range / n. */
static double
nice_step (double range,
           guint  n)
{
  double raw = range / MAX (n, 1u);
  double p, m;

  if (!(raw > 0) || !isfinite (raw))
    return 1;
  p = pow (10, floor (log10 (raw)));
  m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * p;
}

static double
curve_x (const CurveFrame *f,
         double            servers)
{
  /* counts double from point to point: a log scale spaces them evenly */
  if (f->log_span <= 0)
    return (f->left + f->right) / 2;
  return f->left + (log2 (servers) - f->log_first) / f->log_span * (f->right - f->left);
}

static double
curve_y (const CurveFrame *f,
         double            value,
         double            max)
{
  return f->bottom - (max > 0 ? value / max : 0) * (f->bottom - f->top);
}

/* The label of the axis' i-th gridline: days on the left, energy on the
 * right, each with its unit. */
static char *
tick_label (const CurveFrame *f,
            guint             i,
            gboolean          energy)
{
  return energy ? ts_format_kwh (i * f->kwh_step) : ts_format_days (i * f->day_step);
}

static double
widest_tick (TsRenderCtx      *ctx,
             const CurveFrame *f,
             gboolean          energy)
{
  double widest = 0;

  for (guint i = 0; i <= f->steps; i++)
    {
      g_autofree char *text = tick_label (f, i, energy);
      double w;

      ts_render_text_size (ctx, text, &(TsTextLook) { .factor = TS_TEXT_SMALL }, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

static void
curve_frame (TsRenderCtx      *ctx,
             const GArray     *points,
             const TimeGeometry *g,
             double            x0,
             double            span,
             CurveFrame       *f)
{
  const TsScalingPoint *first = &g_array_index (points, TsScalingPoint, 0);
  const TsScalingPoint *last = &g_array_index (points, TsScalingPoint, points->len - 1);
  double small = ts_render_line_height (ctx, TS_TEXT_SMALL);
  double gap = 0.4 * ctx->em;
  double most_days = 0, most_kwh = 0;
  double inset;

  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);

      if (isfinite (p->training_days))
        most_days = MAX (most_days, p->training_days);
      if (isfinite (p->energy_kwh))
        most_kwh = MAX (most_kwh, p->energy_kwh);
    }
  /* the days' axis in whole steps, at most AXIS_STEPS of them; energy
   * shares its gridlines, in steps of its own */
  f->day_step = nice_step (most_days, AXIS_STEPS);
  f->steps = (guint) CLAMP (ceil (most_days / f->day_step - 1e-9), 1, AXIS_STEPS);
  f->max_days = f->steps * f->day_step;
  f->kwh_step = nice_step (most_kwh, f->steps);
  f->max_kwh = f->steps * f->kwh_step;

  f->plot_left = x0 + widest_tick (ctx, f, FALSE) + gap;
  /* the energy's scale when it leaves the plot most of the width */
  f->plot_right = x0 + span - widest_tick (ctx, f, TRUE) - gap;
  f->energy_axis = f->plot_right - f->plot_left >= 0.6 * span;
  if (!f->energy_axis)
    f->plot_right = x0 + span;
  /* room for half a count label at either end */
  inset = MIN ((f->plot_right - f->plot_left) / 4, 1.6 * ctx->em);
  f->left = f->plot_left + inset;
  f->right = f->plot_right - inset;
  /* under the axis titles and the day labels */
  f->top = g->chart_y + 2 * small + 0.9 * ctx->em;
  f->bottom = g->chart_y + g->chart_h - small - 0.2 * ctx->em;
  f->log_first = log2 (MAX (1u, first->servers));
  f->log_span = log2 (MAX (1u, last->servers)) - f->log_first;
}

/* The axes' gridlines, their labels and their titles: days on the left,
 * the dashed energy on the right (its title only, when too narrow for
 * its scale). */
static void
draw_axes (TsRenderCtx      *ctx,
           const CurveFrame *f,
           const TimeGeometry *g,
           double            x0,
           double            x1)
{
  const TsRenderStyle *st = ctx->style;
  const TsTextLook muted = { .factor = TS_TEXT_SMALL, .color = &st->muted };
  const TsTextLook muted_end = { .factor = TS_TEXT_SMALL, .color = &st->muted, .align = TS_ALIGN_END };
  double small = ts_render_line_height (ctx, TS_TEXT_SMALL);
  double gap = 0.4 * ctx->em;
  double half = (x1 - x0) / 2 - gap;

  ts_render_set_color (ctx->cr, &st->grid);
  cairo_set_line_width (ctx->cr, MAX (1, 0.06 * ctx->em));
  for (guint i = 0; i <= f->steps; i++)
    {
      double y = curve_y (f, i * f->day_step, f->max_days);

      cairo_move_to (ctx->cr, f->plot_left, y);
      cairo_line_to (ctx->cr, f->plot_right, y);
    }
  cairo_move_to (ctx->cr, f->plot_left, f->top);
  cairo_line_to (ctx->cr, f->plot_left, f->bottom);
  if (f->energy_axis)
    {
      cairo_move_to (ctx->cr, f->plot_right, f->top);
      cairo_line_to (ctx->cr, f->plot_right, f->bottom);
    }
  cairo_stroke (ctx->cr);

  for (guint i = 0; i <= f->steps; i++)
    {
      double y = curve_y (f, i * f->day_step, f->max_days) - small / 2;
      g_autofree char *days = tick_label (f, i, FALSE);

      ts_render_text (ctx, days, x0, y, f->plot_left - gap - x0, &muted_end);
      if (f->energy_axis)
        {
          g_autofree char *kwh = tick_label (f, i, TRUE);

          ts_render_text (ctx, kwh, f->plot_right + gap, y, x1 - f->plot_right - gap, &muted);
        }
    }
  /* Translators: the title of the scaling curve's left axis (its labels say “d”) */
  ts_render_text (ctx, _("Training time (solid)"), x0, g->chart_y, half, &muted);
  /* Translators: the title of the scaling curve's right axis (its labels say “kWh”) */
  ts_render_text (ctx, _("Energy (dashed)"), x1 - half, g->chart_y, half, &muted_end);
}

/* A small label centred on x, unless it would overlap the one drawn
 * before it (at 360 px six counts leave little room): returns the new
 * right edge, or the old one when skipped. */
static double
curve_label (TsRenderCtx   *ctx,
             const char    *text,
             double         x,
             double         y,
             double         after,
             double         x0,
             double         x1,
             const TsColor *color)
{
  const TsTextLook look = { .factor = TS_TEXT_SMALL, .color = color };
  double w;
  double left;

  ts_render_text_size (ctx, text, &look, &w, NULL);
  left = CLAMP (x - w / 2, x0, MAX (x0, x1 - w));
  if (left < after + 0.4 * ctx->em)
    return after;
  ts_render_text (ctx, text, left, y, MIN (w, x1 - x0), &look);
  return left + w;
}

static void
draw_series (cairo_t          *cr,
             const GArray     *points,
             const CurveFrame *f,
             gboolean          energy)
{
  gboolean started = FALSE;

  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);
      double v = energy ? p->energy_kwh : p->training_days;
      double x = curve_x (f, p->servers);
      double y = curve_y (f, v, energy ? f->max_kwh : f->max_days);

      if (!isfinite (v))
        {
          started = FALSE;
          continue;
        }
      if (started)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      started = TRUE;
    }
  cairo_stroke (cr);
}

/* Beyond the last count that pays off (sizing-model §8.5), shaded: a
 * doubling there cuts the time by less than a quarter, so it costs more
 * GPU-hours than it saves. */
static void
draw_payoff_shade (TsRenderCtx      *ctx,
                   const GArray     *points,
                   const CurveFrame *f)
{
  int payoff_end = ts_scaling_curve_payoff_end (points);
  double xs;
  TsColor shade = ctx->style->grid;

  if (payoff_end < 0 || (guint) payoff_end + 1 >= points->len)
    return;
  xs = curve_x (f, g_array_index (points, TsScalingPoint, payoff_end).servers);
  shade.a *= 0.6;
  ts_render_set_color (ctx->cr, &shade);
  cairo_rectangle (ctx->cr, xs, f->top, f->plot_right - xs, f->bottom - f->top);
  cairo_fill (ctx->cr);
}

/* The counts' axis: heavier than the gridlines, as the baseline the
 * counts hang from. */
static void
draw_count_axis (TsRenderCtx      *ctx,
                 const CurveFrame *f)
{
  cairo_t *cr = ctx->cr;

  ts_render_set_color (cr, &ctx->style->grid);
  cairo_set_line_width (cr, MAX (1, 0.1 * ctx->em));
  cairo_move_to (cr, f->plot_left, f->bottom);
  cairo_line_to (cr, f->plot_right, f->bottom);
  cairo_stroke (cr);
}

/* Energy, dashed and muted on its own scale, then days, solid, with a
 * dot per count: the days are what the curve is read for, so they are
 * drawn last, over the energy. */
static void
draw_both_series (TsRenderCtx      *ctx,
                  const GArray     *points,
                  const CurveFrame *f)
{
  const TsRenderStyle *st = ctx->style;
  cairo_t *cr = ctx->cr;
  double em = ctx->em;

  ts_render_set_color (cr, &st->muted);
  cairo_set_line_width (cr, MAX (1, 0.12 * em));
  cairo_set_dash (cr, (double[]) { 0.5 * em, 0.3 * em }, 2, 0);
  draw_series (cr, points, f, TRUE);
  cairo_set_dash (cr, NULL, 0, 0);

  ts_render_set_color (cr, &st->accent);
  cairo_set_line_width (cr, MAX (1.5, 0.18 * em));
  draw_series (cr, points, f, FALSE);
  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);

      if (!isfinite (p->training_days))
        continue;
      cairo_arc (cr, curve_x (f, p->servers), curve_y (f, p->training_days, f->max_days), 0.28 * em, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* The chosen count: a ring where its time lies, when the curve's counts
 * reach it (a fixed count may lie outside the doublings drawn). */
static void
draw_chosen_ring (TsRenderCtx      *ctx,
                  const GArray     *points,
                  const CurveFrame *f)
{
  const TsOption *o = ctx->option;
  cairo_t *cr = ctx->cr;
  double lo, hi;

  if (!(o->servers > 0 && isfinite (o->training_days)))
    return;
  lo = g_array_index (points, TsScalingPoint, 0).servers;
  hi = g_array_index (points, TsScalingPoint, points->len - 1).servers;
  if (o->servers < lo || o->servers > hi)
    return;
  ts_render_set_color (cr, &ctx->style->foreground);
  cairo_set_line_width (cr, MAX (1, 0.14 * ctx->em));
  cairo_arc (cr, curve_x (f, o->servers), curve_y (f, MIN (o->training_days, f->max_days), f->max_days),
             0.55 * ctx->em, 0, 2 * G_PI);
  cairo_stroke (cr);
}

/* Days over the dots, counts under the axis; each row skips a label
 * that would overlap the one before it (curve_label ()). */
static void
draw_point_labels (TsRenderCtx        *ctx,
                   const GArray       *points,
                   const TimeGeometry *g,
                   const CurveFrame   *f)
{
  const TsColor *fg = &ctx->style->foreground;
  double after = -G_MAXDOUBLE;

  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);
      g_autofree char *days = ts_format_days (p->training_days);

      after = curve_label (ctx, days, curve_x (f, p->servers), g->chart_y + ts_render_line_height (ctx, TS_TEXT_SMALL),
                           after, f->plot_left, f->plot_right, fg);
    }
  after = -G_MAXDOUBLE;
  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);
      /* Translators: a count of servers under the scaling curve, e.g. “16 ×” */
      g_autofree char *count = g_strdup_printf (_("%u ×"), p->servers);

      after = curve_label (ctx, count, curve_x (f, p->servers), f->bottom + 0.2 * ctx->em, after, f->plot_left,
                           f->plot_right, fg);
    }
}

/* The curve under its title; FALSE when there is none to draw. Drawn
 * back to front: the shade, the grid, the lines, the ring, the labels. */
static gboolean
draw_curve (TsRenderCtx        *ctx,
            const TimeGeometry *g,
            double              x0,
            double              span)
{
  /* kept in the plan: every redraw (resize, scroll) of one plan is the
   * same curve */
  g_autoptr(GArray) points = ts_scaling_curve_for_plan (ctx->plan, ctx->option->server->id, CURVE_POINTS, NULL);
  g_autofree char *title = curve_title (ctx->option);
  CurveFrame f;

  ts_render_text (ctx, title, x0, g->curve_title_y, span, &curve_title_look);
  if (points == NULL || points->len == 0)
    {
      ts_render_paragraph (ctx, _("No count of this server holds the job: there is no curve to draw."), x0, g->chart_y,
                           span, &(TsTextLook) { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted }, TRUE);
      return FALSE;
    }
  curve_frame (ctx, points, g, x0, span, &f);
  draw_payoff_shade (ctx, points, &f);
  draw_axes (ctx, &f, g, x0, x0 + span);
  draw_count_axis (ctx, &f);
  draw_both_series (ctx, points, &f);
  draw_chosen_ring (ctx, points, &f);
  draw_point_labels (ctx, points, g, &f);
  return TRUE;
}

/* The deadline's marker on the bar, its label centred under it but kept
 * inside the bar's span. */
static void
draw_deadline_marker (TsRenderCtx        *ctx,
                      const TimeGeometry *g,
                      double              max_days)
{
  double deadline = ctx->plan->scenario->deadline_days;
  double x1 = g->x0 + g->span;
  double xd = g->x0 + g->span * deadline / max_days;
  g_autofree char *dl = ts_format_days (deadline);
  g_autofree char *dl_label = NULL;
  const TsTextLook small = { .factor = TS_TEXT_SMALL };
  double w;

  ts_render_bar_marker (ctx, xd, g->bar_y, g->bar_y + g->bar_h);
  /* Translators: the deadline marker on the time bar, e.g. “deadline 30 d” */
  dl_label = g_strdup_printf (_("deadline %s"), dl);
  ts_render_text_size (ctx, dl_label, &small, &w, NULL);
  ts_render_text (ctx, dl_label, CLAMP (xd - w / 2, g->x0, MAX (g->x0, x1 - w)), g->bar_y + g->bar_h + 0.35 * ctx->em,
                  MIN (w, g->span), &small);
}

/* The time bar: the run against the longer of itself and the deadline
 * (a tenth more, so neither end touches the frame), red when late, and
 * the deadline's marker. */
static void
draw_time_bar (TsRenderCtx        *ctx,
               const TimeGeometry *g)
{
  const TsRenderStyle *st = ctx->style;
  const TsOption *o = ctx->option;
  const TsScenario *s = ctx->plan->scenario;
  cairo_t *cr = ctx->cr;
  double x0 = g->x0, span = g->span;
  gboolean has_deadline = s->deadline_days > 0;
  double max_days = MAX (o->training_days, has_deadline ? s->deadline_days : 0) * 1.1;

  ts_render_set_color (cr, &st->grid);
  cairo_rectangle (cr, x0, g->bar_y, span, g->bar_h);
  cairo_fill (cr);
  if (max_days > 0)
    {
      gboolean late = has_deadline && o->training_days > s->deadline_days;
      TsColor late_color = { 0.878, 0.106, 0.141, 1 };

      double w = MAX (1, span * o->training_days / max_days);
      /* the part of the run that is not compute (checkpoint writes, lost
       * work, restarts: the goodput's loss) at the bar's end, paler */
      double lost = w * CLAMP (1 - o->goodput.effective_fraction, 0, 1);
      TsColor pale = late ? late_color : st->accent;

      ts_render_set_color (cr, late ? &late_color : &st->accent);
      cairo_rectangle (cr, x0, g->bar_y, w - lost, g->bar_h);
      cairo_fill (cr);
      pale.a *= 0.45;
      ts_render_set_color (cr, &pale);
      cairo_rectangle (cr, x0 + w - lost, g->bar_y, lost, g->bar_h);
      cairo_fill (cr);
    }
  if (has_deadline && max_days > 0)
    draw_deadline_marker (ctx, g, max_days);
}

/* The facts, each wrapped onto more lines rather than cut, as
 * facts_height () measured them. */
static void
draw_facts (TsRenderCtx        *ctx,
            const TimeGeometry *g)
{
  g_auto(GStrv) facts = fact_texts (ctx->plan, ctx->option);
  double y = g->facts_y;

  for (guint i = 0; facts[i] != NULL; i++)
    y += ts_render_text (ctx, facts[i], g->x0, y, g->span, &fact_look) + 0.3 * ctx->em;
}

void
ts_render_time_draw (TsRenderCtx *ctx)
{
  TimeGeometry g;
  g_autofree char *label = NULL;
  g_autofree char *verdict = NULL;

  if (ctx->option == NULL)
    {
      ts_render_message (ctx, _("No hardware option"),
                         _("Training time is estimated once a server is chosen for this scenario."));
      return;
    }

  time_geometry (ctx, &g);
  ts_render_title (ctx, _("Training time and energy (estimates)"), g.pad, g.pad, MAX (1, ctx->width - 2 * g.pad));

  label = bar_label (ctx->option);
  ts_render_text (ctx, label, g.x0, g.bar_label_y, g.span, &bar_label_look);
  draw_time_bar (ctx, &g);

  verdict = ts_render_deadline_verdict (ctx->plan, ctx->option);
  ts_render_text (ctx, verdict, g.x0, g.verdict_y, g.span, &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD });
  draw_facts (ctx, &g);

  below_chart (ctx, &g, TRUE, draw_curve (ctx, &g, g.curve_x0, g.curve_span));
}

/* The curve in words, every point, for a screen reader: what the
 * drawing shows as a line. */
static void
describe_curve (const TsPlan   *plan,
                const TsOption *o,
                GString        *text)
{
  g_autoptr(GArray) points = ts_scaling_curve_for_plan (plan, o->server->id, CURVE_POINTS, NULL);
  int payoff_end;

  if (points == NULL || points->len == 0)
    return;
  g_string_append_c (text, ' ');
  /* Translators: accessible description of the scaling curve; followed by its points */
  g_string_append_printf (text, _("Against the number of %s:"), o->server->name);
  for (guint i = 0; i < points->len; i++)
    {
      const TsScalingPoint *p = &g_array_index (points, TsScalingPoint, i);
      g_autofree char *days = ts_format_days (p->training_days);
      g_autofree char *kwh = ts_format_kwh (p->energy_kwh);

      g_string_append (text, i == 0 ? " " : "; ");
      /* Translators: one point of the scaling curve, e.g. “2 servers, 12.3 d, 4,567 kWh” */
      g_string_append_printf (text, ngettext ("%u server, %s, %s", "%u servers, %s, %s", p->servers),
                              p->servers, days, kwh);
    }
  g_string_append_c (text, '.');
  payoff_end = ts_scaling_curve_payoff_end (points);
  g_string_append_c (text, ' ');
  if ((guint) payoff_end + 1 < points->len)
    g_string_append_printf (text, ngettext ("Adding servers stops paying off after %u server: doubling them saves less than a quarter of the time.",
                                            "Adding servers stops paying off after %u servers: doubling them saves less than a quarter of the time.",
                                            g_array_index (points, TsScalingPoint, payoff_end).servers),
                            g_array_index (points, TsScalingPoint, payoff_end).servers);
  else
    g_string_append (text, _("Every doubling shown saves at least a quarter of the time."));
  g_string_append_c (text, ' ');
  g_string_append_printf (text, ngettext ("The chosen count is %u server.", "The chosen count is %u servers.", o->servers),
                          o->servers);
}

char *
ts_render_time_describe (const TsPlan   *plan,
                         const TsOption *o)
{
  const TsScenario *s = plan->scenario;
  g_autofree char *days = NULL;
  g_autofree char *kwh = NULL;
  GString *text;

  if (o == NULL)
    return g_strdup (_("Training time: no hardware option for this scenario."));

  days = ts_format_days (o->training_days);
  kwh = ts_format_kwh (o->energy_kwh);
  text = g_string_new (NULL);
  /* Translators: accessible description of the time drawing */
  g_string_append_printf (text, _("Training time estimate: %s on %u × %s, energy %s."), days, o->servers,
                          o->server->name, kwh);
  {
    g_autofree char *wall = ts_goodput_dup_summary (&o->goodput);

    g_string_append_printf (text, " %s.", wall);
  }
  if (s->deadline_days > 0)
    {
      g_autofree char *dl = ts_format_days (s->deadline_days);

      g_string_append_c (text, ' ');
      if (o->training_days <= s->deadline_days)
        g_string_append_printf (text, _("Meets the %s deadline."), dl);
      else
        g_string_append_printf (text, ngettext ("Misses the %s deadline; %u server would meet it.",
                                                "Misses the %s deadline; %u servers would meet it.",
                                                o->servers_for_deadline),
                                dl, o->servers_for_deadline);
    }
  if (s->price_kwh > 0)
    {
      g_autofree char *cost = ts_format_money (o->energy_cost, s->currency);

      g_string_append_c (text, ' ');
      g_string_append_printf (text, _("Energy cost %s."), cost);
    }
  describe_curve (plan, o, text);
  return g_string_free (text, FALSE);
}
