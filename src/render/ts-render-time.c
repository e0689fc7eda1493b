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
  double bar_label_y, bar_y, bar_h;
  double verdict_y;
  double facts_y;
  double assumptions_y, assumptions_h;
  double bottom;
} TimeGeometry;

#define N_FACTS 3

static char *
assumptions_text (const TsPlan   *plan,
                  const TsOption *o)
{
  const TsScenario *s = plan->scenario;
  g_autofree char *flops = ts_render_format_flops (o->training_flops);
  g_autofree char *tokens = ts_format_params (s->tokens);
  g_autofree char *params = ts_format_params (s->model.active_params > 0 ? s->model.active_params : s->model.params);
  g_autofree char *mfu = ts_format_percent (o->mfu);
  g_autofree char *pue = ts_format_number_auto (s->pue, 2);
  g_autofree char *tflops = o->server->gpu != NULL ? ts_format_number (o->server->gpu->tflops_bf16, 0) : g_strdup ("—");

  /* Translators: the assumptions under the time drawing; %s are numbers with units */
  return g_strdup_printf (_("Estimates, not a guarantee. Training compute %s FLOPs from 6 · N · D "
                            "(N = %s active parameters, D = %s tokens; more with recomputation), "
                            "at %s utilisation (MFU) of %u GPUs × %s TFLOPS dense BF16; "
                            "energy at maximum draw with PUE %s."),
                          flops, params, tokens, mfu, o->gpus, tflops, pue);
}

/* The line over the bar names the server, and a name can be long: it
 * wraps onto a second line rather than lose its end. */
#define BAR_LABEL_LINES 2

static char *
bar_label (const TsOption *o)
{
  g_autofree char *days = NULL;

  if (o == NULL)
    return NULL;
  days = ts_format_days (o->training_days);
  /* Translators: e.g. “About 12 d on 2 × NVIDIA DGX H200” */
  {
    g_autofree char *name = ts_render_name (o->server->name);

    return g_strdup_printf (_("About %s on %u × %s"), days, o->servers, name);
  }
}

/* The lines of facts under the verdict: without a deadline the verdict
 * says so, and the servers-for-the-deadline line is left out rather
 * than say it again. */
static guint
n_facts (const TsPlan *plan)
{
  return plan->scenario->deadline_days > 0 ? N_FACTS : N_FACTS - 1;
}

static void
time_geometry (TsRenderCtx  *ctx,
               TimeGeometry *g)
{
  g_autofree char *label = bar_label (ctx->option);
  double em = ctx->em;
  double span;
  double y;

  g->pad = em;
  span = MAX (1, ctx->width - 2 * g->pad);
  g->lh = ts_render_line_height (ctx, TS_TEXT_NORMAL);
  g->title_h = ts_render_title_height (ctx, _("Training time and energy (estimates)"), span) + 0.6 * em;
  g->bar_h = 2 * em;
  y = g->pad + g->title_h;
  g->bar_label_y = y;
  y += MAX (g->lh, ts_render_text_lines_height (ctx, label, span, BAR_LABEL_LINES, TS_ALIGN_START, TS_TEXT_NORMAL,
                                                PANGO_WEIGHT_BOLD))
       + 0.3 * em + 0.3 * em;
  g->bar_y = y;
  y += g->bar_h + 0.3 * em + g->lh + 0.5 * em;
  g->verdict_y = y;
  y += g->lh + 0.8 * em;
  g->facts_y = y;
  y += n_facts (ctx->plan) * (g->lh + 0.3 * em) + 0.6 * em;
  g->assumptions_y = y;
  {
    g_autofree char *text = assumptions_text (ctx->plan, ctx->option);

    g->assumptions_h = ts_render_paragraph (ctx, text, 0, 0, ctx->width - 2 * g->pad, TS_TEXT_SMALL,
                                            PANGO_WEIGHT_NORMAL, &ctx->style->muted, FALSE);
  }
  y += g->assumptions_h;
  g->bottom = y + g->pad;
}

double
ts_render_time_height (TsRenderCtx *ctx)
{
  TimeGeometry g;

  if (ctx->option == NULL)
    return 8 * ctx->em;
  time_geometry (ctx, &g);
  return g.bottom;
}

void
ts_render_time_draw (TsRenderCtx *ctx)
{
  const TsRenderStyle *st = ctx->style;
  const TsOption *o = ctx->option;
  const TsScenario *s = ctx->plan->scenario;
  cairo_t *cr = ctx->cr;
  TimeGeometry g;
  double em = ctx->em;
  double x0, x1, span, max_days;
  gboolean has_deadline = s->deadline_days > 0;
  g_autofree char *label = NULL;
  g_autofree char *verdict = NULL;
  g_autofree char *text = NULL;

  if (o == NULL)
    {
      ts_render_message (ctx, _("No hardware option"),
                         _("Training time is estimated once a server is chosen for this scenario."));
      return;
    }

  time_geometry (ctx, &g);
  x0 = g.pad;
  x1 = ctx->width - g.pad;
  span = MAX (1, x1 - x0);

  ts_render_title (ctx, _("Training time and energy (estimates)"), g.pad, g.pad, span);

  label = bar_label (o);
  ts_render_text_lines (ctx, label, x0, g.bar_label_y, span, BAR_LABEL_LINES, TS_ALIGN_START, TS_TEXT_NORMAL,
                        PANGO_WEIGHT_BOLD, &st->foreground);

  max_days = MAX (o->training_days, has_deadline ? s->deadline_days : 0) * 1.1;
  ts_render_set_color (cr, &st->grid);
  cairo_rectangle (cr, x0, g.bar_y, span, g.bar_h);
  cairo_fill (cr);
  if (max_days > 0)
    {
      gboolean late = has_deadline && o->training_days > s->deadline_days;
      TsColor late_color = { 0.878, 0.106, 0.141, 1 };

      ts_render_set_color (cr, late ? &late_color : &st->accent);
      cairo_rectangle (cr, x0, g.bar_y, MAX (1, span * o->training_days / max_days), g.bar_h);
      cairo_fill (cr);
    }
  if (has_deadline && max_days > 0)
    {
      double xd = x0 + span * s->deadline_days / max_days;
      g_autofree char *dl = ts_format_days (s->deadline_days);
      g_autofree char *dl_label = NULL;
      double w;

      ts_render_set_color (cr, &st->foreground);
      cairo_set_line_width (cr, MAX (1, 0.15 * em));
      cairo_set_dash (cr, (double[]) { 0.4 * em, 0.25 * em }, 2, 0);
      cairo_move_to (cr, xd, g.bar_y - 0.3 * em);
      cairo_line_to (cr, xd, g.bar_y + g.bar_h + 0.3 * em);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      /* Translators: the deadline marker on the time bar, e.g. “deadline 30 d” */
      dl_label = g_strdup_printf (_("deadline %s"), dl);
      ts_render_text_size (ctx, dl_label, TS_TEXT_SMALL, PANGO_WEIGHT_NORMAL, &w, NULL);
      ts_render_text (ctx, dl_label, CLAMP (xd - w / 2, x0, MAX (x0, x1 - w)), g.bar_y + g.bar_h + 0.35 * em,
                      MIN (w, span), TS_ALIGN_START, TS_TEXT_SMALL, PANGO_WEIGHT_NORMAL, &st->foreground);
    }

  if (!has_deadline)
    verdict = g_strdup (_("No deadline set"));
  else if (o->training_days <= s->deadline_days)
    {
      g_autofree char *dl = ts_format_days (s->deadline_days);

      /* Translators: e.g. “✓ Meets the 30 d deadline” */
      verdict = g_strdup_printf (_("✓ Meets the %s deadline"), dl);
    }
  else
    {
      g_autofree char *late = ts_format_days (o->training_days - s->deadline_days);

      /* Translators: e.g. “✗ Misses the deadline by 8 d” */
      verdict = g_strdup_printf (_("✗ Misses the deadline by %s"), late);
    }
  ts_render_text (ctx, verdict, x0, g.verdict_y, span, TS_ALIGN_START, TS_TEXT_NORMAL, PANGO_WEIGHT_BOLD,
                  &st->foreground);

  /* facts */
  {
    g_autofree char *f0 = NULL;
    g_autofree char *f1 = NULL;
    g_autofree char *f2 = NULL;
    g_autofree char *kwh = ts_format_kwh (o->energy_kwh);
    const char *facts[N_FACTS];

    if (has_deadline && o->servers_for_deadline > 0)
      /* Translators: e.g. “Servers for the deadline: 3 × NVIDIA DGX H200” */
      {
        g_autofree char *name = ts_render_name (o->server->name);

        f0 = g_strdup_printf (_("Servers for the deadline: %u × %s"), o->servers_for_deadline, name);
      }
    else if (has_deadline)
      f0 = g_strdup (_("Servers for the deadline: no count meets it"));
    /* Translators: e.g. “Energy: 12,345 kWh” */
    f1 = g_strdup_printf (_("Energy: %s"), kwh);
    if (s->price_kwh > 0)
      {
        g_autofree char *cost = ts_render_format_money (o->energy_cost, s->currency);
        g_autofree char *price = ts_format_number_auto (s->price_kwh, 2);

        /* Translators: e.g. “Energy cost: 98,760 RUB at 8 RUB per kWh” */
        f2 = g_strdup_printf (_("Energy cost: %s at %s %s per kWh"), cost, price, ts_render_currency_label (s->currency));
      }
    else
      f2 = g_strdup (_("Energy cost: no electricity price set"));
    {
      guint n = 0;

      if (f0 != NULL)
        facts[n++] = f0;
      facts[n++] = f1;
      facts[n++] = f2;
      g_assert (n == n_facts (ctx->plan));
      for (guint i = 0; i < n; i++)
        ts_render_text (ctx, facts[i], x0, g.facts_y + i * (g.lh + 0.3 * em), span, TS_ALIGN_START,
                        TS_TEXT_NORMAL, PANGO_WEIGHT_NORMAL, &st->foreground);
    }
  }

  text = assumptions_text (ctx->plan, o);
  ts_render_paragraph (ctx, text, x0, g.assumptions_y, span, TS_TEXT_SMALL, PANGO_WEIGHT_NORMAL, &st->muted, TRUE);
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
      g_autofree char *cost = ts_render_format_money (o->energy_cost, s->currency);

      g_string_append_c (text, ' ');
      g_string_append_printf (text, _("Energy cost %s."), cost);
    }
  return g_string_free (text, FALSE);
}
