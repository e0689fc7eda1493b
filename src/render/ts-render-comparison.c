/* ts-render-comparison.c — every hardware option side by side
 *
 * A ranked table; the recommended option is marked with a star and the
 * word, never by colour alone. When the width is short, the least
 * important columns give way first, then the server name is ellipsized.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-render-private.h"

typedef enum
{
  COL_RANK,
  COL_SERVER,
  COL_GPUS,
  COL_MEMORY,
  COL_CAPACITY,
  COL_HEADROOM,
  COL_VERDICT,
  COL_LINK,
  COL_DAYS,
  COL_POWER,
  COL_UNITS,
  COL_RACKS,
  N_COLS
} Column;

/* Which columns go first when the table is too wide, least important first. */
static const Column drop_order[] = {
  COL_CAPACITY, COL_RACKS, COL_UNITS, COL_GPUS, COL_HEADROOM, COL_MEMORY, COL_POWER, COL_DAYS, COL_LINK,
};

/* No other column takes more than this many em (a long link name is
 * ellipsized before the server's is). */
#define COLUMN_MAX_EM 12.0

/* The GPU's memory is a sentence (“180 GB HBM3e as the vendor states it;
 * usable 193 GB (180 GiB)”): whole where the width holds it, else the
 * first column to give way, never cut to a figure without its label. */
#define CAPACITY_MAX_EM 36.0

/* The server column keeps this many em (or its whole text, if shorter)
 * before lesser columns give way; then it is ellipsized. */
#define SERVER_MIN_EM 16.0

static const char *
column_title (Column col)
{
  switch (col)
    {
    /* Translators: table column: rank of the option */
    case COL_RANK: return C_("column", "#");
    case COL_SERVER: return C_("column", "Servers");
    case COL_GPUS: return C_("column", "GPUs");
    /* Translators: table column: memory used per GPU of its capacity */
    case COL_MEMORY: return C_("column", "Per GPU");
    /* Translators: table column: one GPU's memory as its vendor states it and usable */
    case COL_CAPACITY: return C_("column", "GPU memory");
    case COL_HEADROOM: return C_("column", "Headroom");
    /* Translators: table column: the option's verdict, as the window's table names it */
    case COL_VERDICT: return C_("column", "Verdict");
    /* Translators: table column: the GPU-to-GPU link inside a server */
    case COL_LINK: return C_("column", "GPU link");
    /* Translators: table column: training time */
    case COL_DAYS: return C_("column", "Time");
    case COL_POWER: return C_("column", "Power");
    /* Translators: table column: rack units */
    case COL_UNITS: return C_("column", "Height");
    case COL_RACKS: return C_("column", "Racks");
    case N_COLS:
    default: return "";
    }
}

/* index: the option's place in the plan, which is ranked best first */
/* “≈ ” before a figure resting on a catalog estimate (the spec sheet's
 * mark), else nothing. */
static const char *
estimate_mark (gboolean estimate)
{
  return estimate ? "≈\u00a0" : "";
}

static gboolean
gpu_estimate (const TsOption *o,
              const char     *field)
{
  return o->server->gpu != NULL && ts_gpu_is_estimate (o->server->gpu, field);
}

static char *
marked (gboolean  estimate,
        char     *text)
{
  char *result = g_strconcat (estimate_mark (estimate), text, NULL);

  g_free (text);
  return result;
}

static char *
cell_text (const TsOption *o,
           guint           index,
           Column          col,
           gboolean        gib)
{
  switch (col)
    {
    case COL_RANK:
      return o->recommended ? g_strdup ("★") : g_strdup_printf ("%u", index + 1);
    case COL_SERVER:
      {
        g_autofree char *name = ts_format_name (o->server->name);

        return g_strdup_printf ("%u × %s", o->servers, name);
      }
    case COL_GPUS:
      return ts_format_number (o->gpus, 0);
    case COL_MEMORY:
      {
        g_autofree char *used = ts_format_memory (ts_breakdown_sum (&o->memory.per_gpu), gib);
        g_autofree char *cap = ts_format_memory (o->gpu_memory_bytes, gib);

        /* Translators: memory used per GPU of its capacity, e.g. “80 GB of 141 GB” */
        return marked (gpu_estimate (o, "memory_gib"), g_strdup_printf (_("%s of %s"), used, cap));
      }
    case COL_CAPACITY:
      /* the datasheet's figure beside the usable bytes, each labelled
       * (docs/hardware-rules.md §9), the engine's words */
      return ts_option_dup_gpu_memory (o);
    case COL_HEADROOM:
      {
        g_autofree char *room = ts_format_memory (o->headroom_bytes, gib);
        g_autofree char *share = ts_format_percent (o->headroom_fraction);

        return g_strdup_printf ("%s (%s)", room, share);
      }
    case COL_VERDICT:
      /* the option's one verdict (issue 28), not its memory fit alone */
      return g_strdup_printf ("%s %s", ts_option_verdict_mark (o), ts_option_verdict_label (o));
    case COL_LINK:
      {
        const char *name = o->server->interconnect != NULL ? o->server->interconnect->name : "—";

        return g_strdup_printf ("%s %s", o->interconnect_ok ? "✓" : "✗", name);
      }
    case COL_DAYS:
      /* the time rests on the GPU's dense peak */
      return o->training_days > 0 ? marked (gpu_estimate (o, "tflops_bf16"), ts_format_days (o->training_days))
                                  : g_strdup ("—");
    case COL_POWER:
      return marked (ts_server_is_estimate (o->server, "max_power_kw"), ts_format_kw (o->power_kw));
    case COL_UNITS:
      return marked (ts_server_is_estimate (o->server, "rack_units"), ts_render_format_units (o->rack_units));
    case COL_RACKS:
      return ts_format_number (o->racks, 0);
    case N_COLS:
    default:
      return g_strdup ("");
    }
}

static gboolean
column_is_numeric (Column c)
{
  return c == COL_GPUS || c == COL_MEMORY || c == COL_HEADROOM || c == COL_DAYS || c == COL_POWER
         || c == COL_UNITS || c == COL_RACKS;
}

/* numbers line up at their right, words at their left */
static TsAlign
column_align (Column c)
{
  return column_is_numeric (c) ? TS_ALIGN_END : TS_ALIGN_START;
}

/* How a cell is set, measured and drawn alike: the recommended option's
 * row in bold, what rules an option out muted. */
static TsTextLook
cell_look (const TsRenderStyle *st,
           const TsOption      *o,
           Column               c)
{
  gboolean muted = (c == COL_VERDICT && !o->ok) || (c == COL_LINK && !o->interconnect_ok);

  return (TsTextLook) {
    .weight = o->recommended ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL,
    .color = muted ? &st->muted : NULL,
    .align = column_align (c),
  };
}

typedef struct
{
  gboolean shown[N_COLS];
  double   col_w[N_COLS];
  double   pad, row_h, title_h, foot_h, gap;
  double   bottom;
} TableGeometry;

static void
table_geometry (TsRenderCtx   *ctx,
                TableGeometry *g)
{
  const GArray *options = ctx->plan->options;
  double em = ctx->em;
  double avail;
  double total = 0;

  g->pad = em;
  g->gap = 1.2 * em;
  g->row_h = ts_render_line_height (ctx, TS_TEXT_NORMAL) + 0.6 * em;
  g->title_h = ts_render_line_height (ctx, TS_TEXT_TITLE) + 0.6 * em;
  g->foot_h = ts_render_line_height (ctx, TS_TEXT_SMALL) + 0.6 * em;
  avail = ctx->width - 2 * g->pad;

  for (int c = 0; c < N_COLS; c++)
    {
      double w;

      g->shown[c] = TRUE;
      ts_render_text_size (ctx, column_title (c), &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD }, &g->col_w[c], NULL);
      for (guint i = 0; options != NULL && i < options->len; i++)
        {
          const TsOption *o = &g_array_index (options, TsOption, i);
          g_autofree char *text = cell_text (o, i, c, ctx->style->gib);
          TsTextLook look = cell_look (ctx->style, o, c);

          ts_render_text_size (ctx, text, &look, &w, NULL);
          g->col_w[c] = MAX (g->col_w[c], w);
        }
      if (c != COL_SERVER)
        g->col_w[c] = MIN (g->col_w[c], (c == COL_CAPACITY ? CAPACITY_MAX_EM : COLUMN_MAX_EM) * em);
      /* each column carries half a gap on either side */
      total += g->col_w[c] + g->gap;
    }

  /* Narrow: drop columns until the server column has its minimum. */
  for (guint d = 0;
       d < G_N_ELEMENTS (drop_order) && total - g->col_w[COL_SERVER] + MIN (g->col_w[COL_SERVER], SERVER_MIN_EM * em) > avail;
       d++)
    {
      Column c = drop_order[d];

      g->shown[c] = FALSE;
      total -= g->col_w[c] + g->gap;
      ctx->cut_texts++;   /* a column given up says less, as a cut text does */
    }
  if (total > avail)
    {
      g->col_w[COL_SERVER] = MAX (2 * em, g->col_w[COL_SERVER] - (total - avail));
      ctx->cut_texts++;   /* some server name is cut */
    }

  g->bottom = g->pad + g->title_h + g->row_h * (1 + (options != NULL ? options->len : 0)) + 0.3 * em
              + g->foot_h + g->pad;
}

double
ts_render_comparison_height (TsRenderCtx *ctx)
{
  TableGeometry g;

  if (ctx->plan->options == NULL || ctx->plan->options->len == 0)
    return ts_render_message_height (ctx);
  table_geometry (ctx, &g);
  return g.bottom;
}

/* The shown columns' width with their gaps, never wider than the page:
 * the bands and the header's fill span the table, not the page. */
static double
table_width (TsRenderCtx         *ctx,
             const TableGeometry *g)
{
  double table_w = 0;

  for (int c = 0; c < N_COLS; c++)
    if (g->shown[c])
      table_w += g->col_w[c] + g->gap;
  return MIN (table_w, ctx->width - 2 * g->pad);
}

/* The columns' titles on a shaded row. */
static void
draw_header_row (TsRenderCtx         *ctx,
                 const TableGeometry *g,
                 double               y,
                 double               table_w)
{
  cairo_t *cr = ctx->cr;
  double x = g->pad + g->gap / 2;

  ts_render_set_color (cr, &ctx->style->grid);
  cairo_rectangle (cr, g->pad, y, table_w, g->row_h);
  cairo_fill (cr);
  for (int c = 0; c < N_COLS; c++)
    {
      if (!g->shown[c])
        continue;
      ts_render_text (ctx, column_title (c), x, y + 0.3 * ctx->em, g->col_w[c],
                      &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD, .align = column_align (c) });
      x += g->col_w[c] + g->gap;
    }
}

/* Under a row's cells: the recommended option's accent band with a
 * frame (the star and the bold type say it too), else every other row
 * lightly shaded so a long row is followed by the eye. */
static void
draw_row_band (TsRenderCtx         *ctx,
               const TableGeometry *g,
               const TsOption      *o,
               guint                index,
               double               y,
               double               table_w)
{
  const TsRenderStyle *st = ctx->style;
  cairo_t *cr = ctx->cr;

  if (o->recommended)
    {
      TsColor band = st->accent;

      band.a = 0.18;
      ts_render_set_color (cr, &band);
      cairo_rectangle (cr, g->pad, y, table_w, g->row_h);
      cairo_fill (cr);
      ts_render_set_color (cr, &st->accent);
      cairo_set_line_width (cr, MAX (1, 0.12 * ctx->em));
      cairo_rectangle (cr, g->pad, y, table_w, g->row_h);
      cairo_stroke (cr);
    }
  else if (index % 2 == 1)
    {
      TsColor band = st->grid;

      band.a /= 2;
      ts_render_set_color (cr, &band);
      cairo_rectangle (cr, g->pad, y, table_w, g->row_h);
      cairo_fill (cr);
    }
}

/* One option's row: its band, then its shown cells. */
static void
draw_option_row (TsRenderCtx         *ctx,
                 const TableGeometry *g,
                 const TsOption      *o,
                 guint                index,
                 double               y,
                 double               table_w)
{
  double x = g->pad + g->gap / 2;

  draw_row_band (ctx, g, o, index, y, table_w);
  for (int c = 0; c < N_COLS; c++)
    {
      g_autofree char *text = NULL;
      TsTextLook look = cell_look (ctx->style, o, c);

      if (!g->shown[c])
        continue;
      text = cell_text (o, index, c, ctx->style->gib);
      ts_render_text (ctx, text, x, y + 0.3 * ctx->em, g->col_w[c], &look);
      x += g->col_w[c] + g->gap;
    }
}

void
ts_render_comparison_draw (TsRenderCtx *ctx)
{
  const GArray *options = ctx->plan->options;
  TableGeometry g;
  double em = ctx->em;
  double y;
  double table_w;

  if (options == NULL || options->len == 0)
    {
      ts_render_message (ctx, _("No hardware option"),
                         _("No server in the catalog was evaluated for this scenario."));
      return;
    }

  table_geometry (ctx, &g);
  table_w = table_width (ctx, &g);

  y = g.pad;
  ts_render_text (ctx, _("Hardware options, best first"), g.pad, y, ctx->width - 2 * g.pad,
                  &(TsTextLook) { .factor = TS_TEXT_TITLE, .weight = PANGO_WEIGHT_BOLD });
  y += g.title_h;
  draw_header_row (ctx, &g, y, table_w);
  y += g.row_h;
  for (guint i = 0; i < options->len; i++)
    {
      draw_option_row (ctx, &g, &g_array_index (options, TsOption, i), i, y, table_w);
      y += g.row_h;
    }

  y += 0.3 * em;
  ts_render_text (ctx,
                  /* Translators: footnote of the comparison table */
                  _("★ recommended · ✓ NVLink/HCCS-class link for training · ✗ PCIe only: inference and fine-tuning"),
                  g.pad, y + 0.3 * em, ctx->width - 2 * g.pad,
                  &(TsTextLook) { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted });
}

char *
ts_render_comparison_describe (const TsPlan   *plan,
                               const TsOption *shown)
{
  const GArray *options = plan->options;
  GString *text;

  if (options == NULL || options->len == 0)
    return g_strdup (_("Server comparison: no hardware option for this scenario."));

  text = g_string_new (NULL);
  g_string_append_printf (text,
                          /* Translators: accessible description of the comparison table */
                          ngettext ("Server comparison of %u option.", "Server comparison of %u options.",
                                    options->len),
                          options->len);
  for (guint i = 0; i < options->len; i++)
    {
      const TsOption *o = &g_array_index (options, TsOption, i);
      g_autofree char *name = ts_format_name (o->server->name);

      /* every row's verdict, as the table shows it (issue 28) */
      g_string_append_c (text, ' ');
      /* Translators: accessible description: one row of the comparison, e.g. “2. 6 × NVIDIA DGX B200: Power supplies short.” */
      g_string_append_printf (text, _("%u. %u × %s: %s."), i + 1, o->servers, name, ts_option_verdict_label (o));
      if (o->recommended)
        {
          g_autofree char *days = ts_format_days (o->training_days);
          g_autofree char *kw = ts_format_kw (o->power_kw);

          g_string_append_c (text, ' ');
          /* Translators: accessible description: the recommended option, e.g. “Recommended: 2 × NVIDIA DGX H200, fits, 12 d, 20.4 kW.” */
          g_string_append_printf (text, _("Recommended: %u × %s, %s, %s, %s."), o->servers, o->server->name,
                                  ts_option_verdict_label (o), days, kw);
        }
    }
  return g_string_free (text, FALSE);
}
