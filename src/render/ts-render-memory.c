/* ts-render-memory.c — the memory breakdown chart
 *
 * Two stacked bars in the components' fixed order: the whole job (with the
 * article's bytes-per-parameter range as a bracket under it) and one GPU
 * (against the capacity of the shown option's GPU), then a legend with
 * the values.
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
  double x0, x1;         /* the bars' extent */
  double bar_h;
  double title_y;
  double job_label_y, job_bar_y, job_max;
  double bracket_y, bracket_label_y;
  double gpu_label_y, gpu_bar_y, gpu_max;
  double rule_label_h;   /* the article's line: one line at its bracket's end, or wrapped */
  gboolean rule_wrapped;
  double capacity_y, capacity_h;
  double legend_y;
  guint  legend_rows, legend_cols;
  double legend_col_w;
  double legend_row_y[TS_N_COMPONENTS + 1];  /* each row's top, and the legend's end */
  double bottom;
} MemoryGeometry;


static char *
ts_format_memory_ctx (TsRenderCtx *ctx,
                      double       bytes)
{
  return ts_format_memory (bytes, ctx->style->gib);
}

static char *
legend_entry (const TsMemory *m,
              TsComponent     c,
              gboolean        gib)
{
  g_autofree char *job = ts_format_memory (m->total.bytes[c], gib);
  g_autofree char *gpu = ts_format_memory (m->per_gpu.bytes[c], gib);

  if (c == TS_COMPONENT_WEIGHTS && m->layout.gpus > 1)
    {
      /* the whole job's weights are a sum: say how many copies it holds */
      g_autofree char *copies = ts_memory_weights_copies_text (m, gib);

      /* Translators: legend entry, e.g. “Weights: 846 GB: 6 copies of 141 GB across 48 GPUs (17.6 GB per GPU)” */
      return g_strdup_printf (_("%s: %s: %s (%s per GPU)"), ts_component_label (c), job, copies, gpu);
    }
  if (m->layout.gpus <= 1)
    return g_strdup_printf ("%s: %s", ts_component_label (c), job);
  /* Translators: legend entry: component, whole job, per GPU, e.g. “Weights: 141 GB (8.8 GB per GPU)” */
  return g_strdup_printf (_("%s: %s (%s per GPU)"), ts_component_label (c), job, gpu);
}

static char *
memory_title (const TsPlan *plan)
{
  /* Translators: chart title: model name and training method */
  return g_strdup_printf (_("GPU memory: %s · %s"), plan->scenario->model.name,
                          ts_method_label (plan->scenario->method));
}

/* Texts that a narrow canvas (a 360 px window, in Russian) wraps onto a
 * second or third line rather than cut: the article's line, the verdict
 * under the GPU's bar, the legend's entries. */
#define WRAPPED_LINES 3

static const TsTextLook wrapped_look = { .max_lines = WRAPPED_LINES };
static const TsTextLook rule_look = { .factor = TS_TEXT_SMALL, .max_lines = WRAPPED_LINES };

static char *rule_label (TsRenderCtx    *ctx,
                         const TsMemory *m);

/* The verdict's line under the GPU's bar, with the headroom or the
 * shortfall; NULL without an option's capacity. */
static char *
capacity_text (TsRenderCtx *ctx)
{
  const TsOption *o = ctx->option;
  g_autofree char *cap = NULL;
  g_autofree char *room = NULL;
  g_autofree char *share = NULL;
  const char *mark;

  if (o == NULL || o->gpu_memory_bytes <= 0)
    return NULL;
  cap = ts_format_capacity (o->gpu_memory_bytes, ctx->style->gib);
  room = ts_format_memory (fabs (o->headroom_bytes), ctx->style->gib);
  share = ts_format_percent (fabs (o->headroom_fraction));
  mark = o->verdict == TS_VERDICT_FITS ? "✓" : o->verdict == TS_VERDICT_TIGHT ? "!" : "✗";
  if (o->headroom_bytes >= 0)
    /* Translators: e.g. “✓ Fits: capacity 141 GB per GPU, headroom 61 GB (43 %)” */
    return g_strdup_printf (_("%s %s: capacity %s per GPU, headroom %s (%s)"), mark,
                            ts_verdict_label (o->verdict), cap, room, share);
  /* Translators: e.g. “✗ Does not fit: capacity 141 GB per GPU, short by 20 GB (14 %)” */
  return g_strdup_printf (_("%s %s: capacity %s per GPU, short by %s (%s)"), mark,
                          ts_verdict_label (o->verdict), cap, room, share);
}

/* The article's line: under its bracket's high end on one line where
 * it fits, else from the chart's left edge over as many lines as it
 * takes. */
static void
rule_label_geometry (TsRenderCtx    *ctx,
                     const TsMemory *m,
                     MemoryGeometry *g)
{
  g_autofree char *label = rule_label (ctx, m);
  double lw;

  ts_render_text_size (ctx, label, &rule_look, &lw, NULL);
  g->rule_wrapped = lw > g->x1 - g->x0;
  g->rule_label_h = g->rule_wrapped ? ts_render_text_height (ctx, label, g->x1 - g->x0, &rule_look)
                                    : ts_render_line_height (ctx, TS_TEXT_NORMAL);
}

/* The legend's rows: as tall as the tallest entry at the column's width
 * (an entry wraps where the canvas is narrower than its line). */
static void
legend_geometry (TsRenderCtx    *ctx,
                 const TsMemory *m,
                 MemoryGeometry *g)
{
  double em = ctx->em;
  double widest = 0, line_h = ts_render_line_height (ctx, TS_TEXT_NORMAL);
  double row_h[TS_N_COMPONENTS] = { 0 };
  char *entries[TS_N_COMPONENTS];
  guint n = 0;

  /* the entries shown, in the order they are drawn */
  for (guint c = 0; c < TS_N_COMPONENTS; c++)
    {
      double w;

      if (m->total.bytes[c] <= 0)
        continue;
      entries[n] = legend_entry (m, c, ctx->style->gib);
      ts_render_text_size (ctx, entries[n], NULL, &w, NULL);
      widest = MAX (widest, w);
      n++;
    }
  g->legend_col_w = em + 0.5 * em + widest + 1.5 * em;
  g->legend_cols = (guint) CLAMP (floor ((g->x1 - g->x0 + 1.5 * em) / g->legend_col_w), 1, MAX (n, 1));
  g->legend_rows = n == 0 ? 0 : (n + g->legend_cols - 1) / g->legend_cols;
  /* each row as tall as its tallest entry at the column's width */
  for (guint i = 0; i < n; i++)
    {
      guint row = i % g->legend_rows;

      row_h[row] = MAX (MAX (row_h[row], line_h),
                        ts_render_text_height (ctx, entries[i], MIN (g->legend_col_w, g->x1 - g->x0) - 1.5 * em,
                                               &wrapped_look));
      g_free (entries[i]);
    }
  g->legend_row_y[0] = g->legend_y;
  for (guint row = 0; row < g->legend_rows; row++)
    g->legend_row_y[row + 1] = g->legend_row_y[row] + row_h[row] + 0.3 * em;
}

static void
memory_geometry (TsRenderCtx    *ctx,
                 MemoryGeometry *g)
{
  g_autofree char *title = memory_title (ctx->plan);
  const TsMemory *m = ts_render_pick_memory (ctx->plan, ctx->option);
  double em = ctx->em;
  double lh = ts_render_line_height (ctx, TS_TEXT_NORMAL);
  double y;

  g->pad = em;
  g->x0 = g->pad;
  g->x1 = MAX (g->x0 + 1, ctx->width - g->pad);
  g->bar_h = 2.2 * em;

  y = g->pad;
  g->title_y = y;
  y += ts_render_title_height (ctx, title, g->x1 - g->x0) + 0.6 * em;

  g->job_label_y = y;
  y += lh + 0.25 * em;
  g->job_bar_y = y;
  y += g->bar_h;
  g->bracket_y = y + 0.35 * em;
  g->bracket_label_y = g->bracket_y + 0.6 * em;
  rule_label_geometry (ctx, m, g);
  y = g->bracket_label_y + g->rule_label_h + 0.9 * em;
  g->job_max = MAX (ts_breakdown_sum (&m->total), m->rule.high_bytes) * 1.04;

  g->gpu_label_y = y;
  y += lh + 0.25 * em + 0.3 * em;
  g->gpu_bar_y = y;
  y += g->bar_h + 0.3 * em + 0.25 * em;
  g->gpu_max = ts_breakdown_sum (&m->per_gpu);
  if (ctx->option != NULL)
    g->gpu_max = MAX (g->gpu_max, ctx->option->gpu_memory_bytes);
  g->gpu_max *= 1.04;
  g->capacity_y = y;
  {
    g_autofree char *capacity = capacity_text (ctx);

    g->capacity_h = capacity != NULL ? ts_render_text_height (ctx, capacity, g->x1 - g->x0, &wrapped_look) : lh;
  }
  y += g->capacity_h + 0.9 * em;

  g->legend_y = y;
  legend_geometry (ctx, m, g);
  y = g->legend_row_y[g->legend_rows];
  g->bottom = y + g->pad;
}

double
ts_render_memory_height (TsRenderCtx *ctx)
{
  MemoryGeometry g;

  memory_geometry (ctx, &g);
  return g.bottom;
}

/* One stacked bar; segment labels where they fit. */
static void
draw_bar (TsRenderCtx       *ctx,
          const TsBreakdown *b,
          double             x0,
          double             x1,
          double             y,
          double             h,
          double             max_bytes)
{
  cairo_t *cr = ctx->cr;
  double x = x0;
  double scale = (x1 - x0) / MAX (max_bytes, 1);

  /* the empty track, so a small bar still reads as a fraction */
  ts_render_set_color (cr, &ctx->style->grid);
  cairo_rectangle (cr, x0, y, x1 - x0, h);
  cairo_fill (cr);

  for (guint c = 0; c < TS_N_COMPONENTS; c++)
    {
      TsColor color = ts_render_component_color (c);
      double w = b->bytes[c] * scale;

      if (b->bytes[c] <= 0)
        continue;
      /* at least a hairline, so no component present is invisible */
      w = MAX (w, 1.0);
      w = MIN (w, x1 - x);
      if (w <= 0)
        break;
      ts_render_set_color (cr, &color);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);

      if (w > 3 * ctx->em)
        {
          g_autofree char *value = ts_format_memory_ctx (ctx, b->bytes[c]);
          TsColor text_color = ts_render_contrast_color (&color);
          const TsTextLook look = { .factor = TS_TEXT_SMALL, .color = &text_color, .align = TS_ALIGN_CENTER };
          double tw, th;

          ts_render_text_size (ctx, value, &look, &tw, &th);
          if (tw + 0.6 * ctx->em <= w)
            ts_render_text (ctx, value, x, y + (h - th) / 2, w, &look);
        }
      x += w;
    }
}

/* The whole job's bar, labelled with its GPUs and its sum. */
static void
draw_job_bar (TsRenderCtx          *ctx,
              const TsMemory       *m,
              const MemoryGeometry *g)
{
  g_autofree char *job_total = ts_format_memory_ctx (ctx, ts_breakdown_sum (&m->total));
  g_autofree char *gpus = ts_format_number (MAX (m->layout.gpus, 1), 0);
  g_autofree char *job_label = g_strdup_printf (ngettext ("Whole job, %s GPU: %s", "Whole job, %s GPUs: %s",
                                                          MAX (m->layout.gpus, 1)),
                                                gpus, job_total);

  ts_render_text (ctx, job_label, g->x0, g->job_label_y, g->x1 - g->x0, &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD });
  draw_bar (ctx, &m->total, g->x0, g->x1, g->job_bar_y, g->bar_h, g->job_max);
}

/* The article's rule of thumb in words, under its bracket: one figure of
 * bytes per parameter or a range of them. */
static char *
rule_label (TsRenderCtx    *ctx,
            const TsMemory *m)
{
  g_autofree char *lo = ts_format_number_auto (m->rule.bytes_per_param_low, 1);
  g_autofree char *hi = ts_format_number_auto (m->rule.bytes_per_param_high, 1);
  g_autofree char *range = ts_format_memory_range (m->rule.low_bytes, m->rule.high_bytes, ctx->style->gib);

  if (m->rule.bytes_per_param_low == m->rule.bytes_per_param_high)
    /* Translators: the article's rule of thumb, e.g. “Article: 2 bytes per parameter = 16 GB (no activations)” */
    return g_strdup_printf (_("Article: %s bytes per parameter = %s (no activations)"), lo, range);
  /* Translators: the article's rule of thumb, e.g. “Article: 16–18 bytes per parameter = 1,120–1,260 GB (no activations)” */
  return g_strdup_printf (_("Article: %s–%s bytes per parameter = %s (no activations)"), lo, hi, range);
}

/* The article's range: a bracket from zero to the high end with the
 * low–high band marked, under the detailed bar on the same scale, so the
 * reader sees how far the rule of thumb falls from the detailed sum. */
static void
draw_rule_bracket (TsRenderCtx          *ctx,
                   const TsMemory       *m,
                   const MemoryGeometry *g)
{
  cairo_t *cr = ctx->cr;
  double em = ctx->em;
  double scale = (g->x1 - g->x0) / g->job_max;
  double xl = g->x0 + m->rule.low_bytes * scale;
  double xh = g->x0 + m->rule.high_bytes * scale;
  double by = g->bracket_y;
  double tick = 0.45 * em;
  g_autofree char *label = NULL;
  double lw;

  if (m->rule.high_bytes <= 0)
    return;
  ts_render_set_color (cr, &ctx->style->accent);
  cairo_set_line_width (cr, MAX (1, 0.12 * em));
  cairo_move_to (cr, g->x0, by);
  cairo_line_to (cr, g->x0, by + tick);
  cairo_line_to (cr, xh, by + tick);
  cairo_line_to (cr, xh, by);
  cairo_stroke (cr);
  cairo_rectangle (cr, xl, by, MAX (xh - xl, 1), tick);
  cairo_fill (cr);

  /* the label ends at the bracket's high end, kept inside the chart */
  label = rule_label (ctx, m);
  if (g->rule_wrapped)
    {
      ts_render_text (ctx, label, g->x0, g->bracket_label_y + 0.15 * em, g->x1 - g->x0, &rule_look);
      return;
    }
  ts_render_text_size (ctx, label, &rule_look, &lw, NULL);
  ts_render_text (ctx, label, CLAMP (xh - lw, g->x0, g->x1), g->bracket_label_y + 0.15 * em,
                  g->x1 - CLAMP (xh - lw, g->x0, g->x1), &rule_look);
}

/* One GPU's bar, labelled with the GPU's name when there is an option. */
static void
draw_gpu_bar (TsRenderCtx          *ctx,
              const TsMemory       *m,
              const MemoryGeometry *g)
{
  const TsOption *o = ctx->option;
  g_autofree char *gpu_total = ts_format_memory_ctx (ctx, ts_breakdown_sum (&m->per_gpu));
  g_autofree char *gpu_label = NULL;

  if (o != NULL)
    {
      g_autofree char *name = ts_format_name (o->server->gpu != NULL ? o->server->gpu->name : o->server->name);

      /* Translators: e.g. “Per GPU (NVIDIA H200 SXM 141GB): 80 GB” */
      gpu_label = g_strdup_printf (_("Per GPU (%s): %s"), name, gpu_total);
    }
  else
    gpu_label = g_strdup_printf (_("Per GPU: %s"), gpu_total);
  ts_render_text (ctx, gpu_label, g->x0, g->gpu_label_y, g->x1 - g->x0, &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD });
  draw_bar (ctx, &m->per_gpu, g->x0, g->x1, g->gpu_bar_y, g->bar_h, g->gpu_max);
}

/* The GPU's capacity: a marker on the GPU bar and the verdict's line
 * under it with the headroom or the shortfall; without an option, a
 * muted line saying why no capacity is drawn. */
static void
draw_capacity (TsRenderCtx          *ctx,
               const MemoryGeometry *g)
{
  const TsOption *o = ctx->option;
  double span = g->x1 - g->x0;
  g_autofree char *text = capacity_text (ctx);

  if (text == NULL)
    {
      ts_render_text (ctx, _("No hardware option: GPU capacity not shown"), g->x0, g->capacity_y, span,
                      &(TsTextLook) { .color = &ctx->style->muted });
      return;
    }
  ts_render_bar_marker (ctx, g->x0 + o->gpu_memory_bytes * span / g->gpu_max, g->gpu_bar_y, g->gpu_bar_y + g->bar_h);
  ts_render_text (ctx, text, g->x0, g->capacity_y, span, &wrapped_look);
}

/* Legend, column by column in the fixed order: the columns and rows
 * memory_geometry() sized, one swatch and entry per component present. */
static void
draw_legend (TsRenderCtx          *ctx,
             const TsMemory       *m,
             const MemoryGeometry *g)
{
  cairo_t *cr = ctx->cr;
  double em = ctx->em;
  guint i = 0;
  double lh = ts_render_line_height (ctx, TS_TEXT_NORMAL);

  for (guint c = 0; c < TS_N_COMPONENTS; c++)
    {
      g_autofree char *entry = NULL;
      TsColor color = ts_render_component_color (c);
      guint col, row;
      double x, y, sw = em;

      if (m->total.bytes[c] <= 0)
        continue;
      col = i / g->legend_rows;
      row = i % g->legend_rows;
      i++;
      x = g->x0 + col * g->legend_col_w;
      y = g->legend_row_y[row];
      ts_render_set_color (cr, &color);
      ts_render_rounded_rect (cr, x, y + (lh - sw) / 2, sw, sw, 0.2 * em);
      cairo_fill (cr);
      entry = legend_entry (m, c, ctx->style->gib);
      ts_render_text (ctx, entry, x + sw + 0.5 * em, y, MIN (g->legend_col_w, g->x1 - x) - sw - 0.5 * em,
                      &wrapped_look);
    }
}

void
ts_render_memory_draw (TsRenderCtx *ctx)
{
  const TsMemory *m = ts_render_pick_memory (ctx->plan, ctx->option);
  g_autofree char *title = memory_title (ctx->plan);
  MemoryGeometry g;

  memory_geometry (ctx, &g);
  ts_render_title (ctx, title, g.x0, g.title_y, g.x1 - g.x0);
  draw_job_bar (ctx, m, &g);
  draw_rule_bracket (ctx, m, &g);
  draw_gpu_bar (ctx, m, &g);
  draw_capacity (ctx, &g);
  draw_legend (ctx, m, &g);
}

static gboolean
hit_bar (const TsBreakdown *b,
         double             x0,
         double             x1,
         double             max_bytes,
         double             x,
         TsComponent       *component)
{
  double scale = (x1 - x0) / MAX (max_bytes, 1);
  double left = x0;

  for (guint c = 0; c < TS_N_COMPONENTS; c++)
    {
      double w;

      if (b->bytes[c] <= 0)
        continue;
      w = MIN (MAX (b->bytes[c] * scale, 1.0), x1 - left);
      if (x >= left && x < left + w)
        {
          *component = c;
          return TRUE;
        }
      left += w;
    }
  return FALSE;
}

gboolean
ts_render_memory_hit_ctx (TsRenderCtx *ctx,
                          double       x,
                          double       y,
                          TsComponent *component,
                          gboolean    *per_gpu)
{
  const TsMemory *m = ts_render_pick_memory (ctx->plan, ctx->option);
  MemoryGeometry g;
  TsComponent c;

  memory_geometry (ctx, &g);
  if (y >= g.job_bar_y && y < g.job_bar_y + g.bar_h
      && hit_bar (&m->total, g.x0, g.x1, g.job_max, x, &c))
    {
      if (component != NULL)
        *component = c;
      if (per_gpu != NULL)
        *per_gpu = FALSE;
      return TRUE;
    }
  if (y >= g.gpu_bar_y && y < g.gpu_bar_y + g.bar_h
      && hit_bar (&m->per_gpu, g.x0, g.x1, g.gpu_max, x, &c))
    {
      if (component != NULL)
        *component = c;
      if (per_gpu != NULL)
        *per_gpu = TRUE;
      return TRUE;
    }
  return FALSE;
}

char *
ts_render_memory_describe (const TsPlan   *plan,
                           const TsOption *o)
{
  const TsMemory *m = ts_render_pick_memory (plan, o);
  g_autofree char *job = ts_format_gb (ts_breakdown_sum (&m->total));
  g_autofree char *gpu = ts_format_gb (ts_breakdown_sum (&m->per_gpu));
  g_autofree char *rule = ts_format_gb_range (m->rule.low_bytes, m->rule.high_bytes);
  GString *text = g_string_new (NULL);
  TsComponent largest = TS_COMPONENT_WEIGHTS;

  for (guint c = 0; c < TS_N_COMPONENTS; c++)
    if (m->total.bytes[c] > m->total.bytes[largest])
      largest = c;

  g_string_append_printf (text,
                          /* Translators: accessible description of the memory chart */
                          ngettext ("Memory chart for %s, %s: %s for the whole job on %u GPU, %s per GPU.",
                                    "Memory chart for %s, %s: %s for the whole job on %u GPUs, %s per GPU.",
                                    MAX (m->layout.gpus, 1)),
                          plan->scenario->model.name, ts_method_label (plan->scenario->method), job,
                          MAX (m->layout.gpus, 1), gpu);
  g_string_append_c (text, ' ');
  /* Translators: accessible description; the article's rule of thumb */
  g_string_append_printf (text, _("The article’s rule of thumb without activations: %s."), rule);
  if (o != NULL && o->gpu_memory_bytes > 0)
    {
      g_autofree char *cap = ts_format_gb (o->gpu_memory_bytes);
      g_autofree char *room = ts_format_gb (o->headroom_bytes);

      g_string_append_c (text, ' ');
      /* Translators: accessible description: verdict, GPU capacity and headroom */
      g_string_append_printf (text, _("%s: %s per GPU of %s, headroom %s."),
                              ts_verdict_label (o->verdict), cap,
                              o->server->gpu != NULL ? o->server->gpu->name : o->server->name, room);
    }
  if (m->total.bytes[largest] > 0)
    {
      g_autofree char *big = ts_format_gb (m->total.bytes[largest]);

      g_string_append_c (text, ' ');
      /* Translators: accessible description: the largest memory component */
      g_string_append_printf (text, _("Largest part: %s, %s."), ts_component_label (largest), big);
    }
  return g_string_free (text, FALSE);
}
