/* ts-render-rack-body.c — one rack of the elevation: its frame, its
 * devices, its PDU strips, its free units and its U numbers
 *
 * ts-render-rack.c lays the racks out (scale, rows, names and totals, the
 * colour key); this file draws what is inside one frame at the unit
 * height the layout chose (TsRackGeometry in ts-render-private.h). The
 * conventions are the elevation's (rack-power-and-peers.md §1, §7): every
 * unit at its true height, used or free, each device in its role colour
 * with contrasting text, 0U PDUs as strips along the sides.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-render-private.h"

/* Free runs this long or longer say how many units they are. */
#define FREE_LABEL_MIN_UNITS 3

/* The rails of a rack whose heat leaves in water: the HIG's blue 4,
 * apart from every device role's colour. */
const TsColor ts_render_liquid_color = { 0.110, 0.443, 0.847, 1 };

/* The drawn height of a rack's body: every unit, used or free, at the
 * same height. */
double
ts_render_rack_body_height (const TsRack *rack,
                            double        uh)
{
  return rack->units * uh;
}

/* A U number beside its unit, against the rack's side, in the muted
 * colour of the frame's furniture rather than the devices'. */
static void
draw_unit_label (TsRenderCtx          *ctx,
                 const TsRackGeometry *g,
                 const TsRack         *rack,
                 guint                 unit,
                 double                x,
                 double                y_center)
{
  char text[16];
  guint shown = ctx->rack->descending ? rack->units - unit + 1 : unit;
  double lh = ctx->em * TS_TEXT_SMALL * 1.2;

  g_snprintf (text, sizeof text, "%u", shown);
  ts_render_text (ctx, text, x, y_center - lh / 2, g->legend_w - 0.3 * ctx->em,
                  &(TsTextLook) { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted, .align = TS_ALIGN_END });
}

/* The height a U number needs to stay clear of the next. */
static double
label_need (TsRenderCtx *ctx)
{
  return ctx->em * TS_TEXT_SMALL * 1.25;
}

/* Units labelled every `step`, chosen so the numbers never overlap. */
static guint
label_step (TsRenderCtx          *ctx,
            const TsRackGeometry *g)
{
  static const guint steps[] = { 1, 2, 5, 10, 20 };
  double need = label_need (ctx);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * g->uh >= need)
      return steps[i];
  return 0;
}

/* Free units: ruled at every unit like the rest of the rack, tinted so
 * free space reads as free, and a long run says how many units it is. */
static void
draw_empty_run (TsRenderCtx          *ctx,
                const TsRackGeometry *g,
                guint                 count,
                double                x_body,
                double                y_bottom)
{
  cairo_t *cr = ctx->cr;
  const TsRenderStyle *st = ctx->style;
  double h = count * g->uh;
  double top = y_bottom - h;
  TsColor tint = st->grid;

  tint.a /= 3;
  ts_render_set_color (cr, &tint);
  ts_render_box (cr, x_body, top, g->body_w, h);
  cairo_fill (cr);
  ts_render_set_color (cr, &st->grid);
  cairo_set_line_width (cr, MAX (0.5, 0.05 * ctx->em));
  for (guint i = 0; i < count; i++)
    {
      double yy = y_bottom - (i + 1) * g->uh;

      cairo_move_to (cr, x_body, yy);
      cairo_line_to (cr, x_body + g->body_w, yy);
    }
  cairo_stroke (cr);
  if (count >= FREE_LABEL_MIN_UNITS)
    {
      g_autofree char *units = ts_render_format_units (count);
      /* Translators: a run of empty rack units, e.g. “20 U free” */
      g_autofree char *label = g_strdup_printf (_("%s free"), units);
      /* a narrow rack on paper wraps “свободно 22 U” rather than cut
       * its number off; a short run keeps to one line */
      const TsTextLook look = {
        .factor = TS_TEXT_SMALL, .color = &st->muted, .align = TS_ALIGN_CENTER,
        .max_lines = h >= 3 * ts_render_line_height (ctx, TS_TEXT_SMALL) ? 2 : 1,
      };
      double lh = ts_render_text_height (ctx, label, g->body_w, &look);

      if (lh <= h)
        ts_render_text (ctx, label, x_body, top + (h - lh) / 2, g->body_w, &look);
    }
}

/* The U numbers beside a rack: every `step` units, the first and the
 * top one, none closer than a line to the next. */
static void
draw_unit_labels (TsRenderCtx          *ctx,
                  const TsRackGeometry *g,
                  const TsRack         *rack,
                  double                x_legend,
                  double                floor_y)
{
  guint step = label_step (ctx, g);
  guint last = 0;

  if (step == 0)
    return;
  for (guint unit = 1; unit <= rack->units; unit++)
    {
      guint shown = ctx->rack->descending ? rack->units - unit + 1 : unit;
      gboolean due = shown == 1 || shown == rack->units || shown % step == 0;

      /* the rack's end label gives way to a step label too close to it */
      if (!due || (last > 0 && (unit - last) * g->uh < label_need (ctx)))
        continue;
      if (unit < rack->units && (shown == 1 || shown == rack->units) && unit > 1
          && (rack->units - unit) * g->uh < label_need (ctx))
        continue;
      draw_unit_label (ctx, g, rack, unit, x_legend, floor_y - (unit - 0.5) * g->uh);
      last = unit;
    }
}

/* A device from unit `from` (its lowest not yet drawn) to its top, in
 * its role's colour; its name, and on a tall device its power, centred
 * on it when a line of small type fits. */
static void
draw_device (TsRenderCtx          *ctx,
             const TsRackGeometry *g,
             const TsRackDevice   *d,
             guint                 from,
             double                x_body,
             double                y_bottom)
{
  cairo_t *cr = ctx->cr;
  TsColor color = ts_render_role_color (d->role);
  TsColor text_color = ts_render_contrast_color (&color);
  guint count = d->u_bottom + d->u_height - from;
  double h = count * g->uh;
  double inset = MAX (0.5, 0.06 * ctx->em);
  double lh = ts_render_line_height (ctx, TS_TEXT_SMALL);

  ts_render_set_color (cr, &color);
  ts_render_rounded_rect (cr, x_body + inset, y_bottom - h + inset, g->body_w - 2 * inset, h - 2 * inset,
                          0.15 * ctx->em);
  cairo_fill (cr);

  if (lh <= h)
    {
      /* Servers by their product name; switches by their translated role:
       * the catalog describes site equipment in English (“1 GbE management
       * switch (out-of-band BMC network, …)”), which a Russian drawing must
       * not show. */
      g_autofree char *name = d->role == TS_DEVICE_SERVER && d->name != NULL
                              ? ts_format_name (d->name) : g_strdup (ts_render_device_role_label (d->role));
      /* a narrow rack on paper keeps less margin, for the name's sake */
      double side = MIN (0.4 * ctx->em, 0.06 * g->body_w);
      double inner = g->body_w - 2 * side;
      /* a tall device takes a long name on two lines (three in a narrow
       * rack, where it would else lose its end), and its power under it */
      gboolean with_kw = d->power_kw > 0 && h >= 2 * lh + 0.2 * ctx->em;
      const TsTextLook name_look = {
        .factor = TS_TEXT_SMALL, .weight = PANGO_WEIGHT_BOLD, .color = &text_color, .align = TS_ALIGN_CENTER,
        .max_lines = h >= 4 * lh + 0.4 * ctx->em ? 3 : h >= 3 * lh + 0.4 * ctx->em ? 2 : 1,
      };
      double name_h = ts_render_text_height (ctx, name, inner, &name_look);
      double block = name_h + (with_kw ? lh : 0);
      double top = y_bottom - (h + block) / 2;

      ts_render_text (ctx, name, x_body + side, top, inner, &name_look);
      if (with_kw)
        {
          g_autofree char *kw = ts_format_kw (d->power_kw);

          ts_render_text (ctx, kw, x_body + side, top + name_h, inner,
                          &(TsTextLook) { .factor = TS_TEXT_SMALL, .color = &text_color, .align = TS_ALIGN_CENTER });
        }
    }
}


/* Frame: rails on both sides and the floor; blue when the rack's heat
 * leaves in water. */
static void
draw_frame (TsRenderCtx          *ctx,
            const TsRackGeometry *g,
            const TsRack         *rack,
            double                x_frame,
            double                floor_y)
{
  cairo_t *cr = ctx->cr;
  double body_h = ts_render_rack_body_height (rack, g->uh);
  double top = floor_y - body_h;

  ts_render_set_color (cr, rack->water_cooled ? &ts_render_liquid_color : &ctx->style->muted);
  ts_render_box (cr, x_frame, top - g->rail_w, g->frame_w, g->rail_w);
  ts_render_box (cr, x_frame, top, g->rail_w, body_h);
  ts_render_box (cr, x_frame + g->frame_w - g->rail_w, top, g->rail_w, body_h);
  ts_render_box (cr, x_frame, floor_y, g->frame_w, g->rail_w);
  cairo_fill (cr);
}

/* A 0U PDU, the nth of the rack: a strip along a side, the body's whole
 * height; the first on the left (right when seen from the rear), the
 * second opposite, each lettered with its feed when the strip is wide
 * enough for a letter. */
static void
draw_pdu_strip (TsRenderCtx          *ctx,
                const TsRackGeometry *g,
                const TsRackDevice   *d,
                guint                 nth,
                double                x_frame,
                double                top,
                double                body_h)
{
  cairo_t *cr = ctx->cr;
  double em = ctx->em;
  TsColor color = ts_render_role_color (d->role);
  gboolean left = (nth % 2 == 0) != (ctx->rack->rear != FALSE);
  double x_body = x_frame + g->rail_w + g->pdu_w;
  double sx = left ? x_frame + g->rail_w : x_body + g->body_w;
  double inset = 0.1 * g->pdu_w;

  ts_render_set_color (cr, &color);
  ts_render_box (cr, sx + inset, top + inset, g->pdu_w - 2 * inset, body_h - 2 * inset);
  cairo_fill (cr);
  if (g->pdu_w >= 0.5 * em)
    {
      TsColor text_color = ts_render_contrast_color (&color);
      /* Translators: the letters of the two PDU feeds */
      const char *letter = nth % 2 == 0 ? C_("feed", "A") : C_("feed", "B");

      ts_render_text (ctx, letter, sx, top + 0.2 * em, g->pdu_w,
                      &(TsTextLook) { .factor = TS_TEXT_SMALL, .weight = PANGO_WEIGHT_BOLD,
                                      .color = &text_color, .align = TS_ALIGN_CENTER });
    }
}

/* The devices from the bottom up, with the free runs between and above
 * them; PDUs as strips. The catalog's layout is trusted to be in order:
 * a device overlapping one already drawn is skipped rather than drawn
 * over it. */
static void
draw_contents (TsRenderCtx          *ctx,
               const TsRackGeometry *g,
               const TsRack         *rack,
               double                x_frame,
               double                floor_y)
{
  double body_h = ts_render_rack_body_height (rack, g->uh);
  double x_body = x_frame + g->rail_w + g->pdu_w;
  double y = floor_y;
  guint next = 1;
  guint pdus = 0;

  for (guint i = 0; rack->devices != NULL && i < rack->devices->len; i++)
    {
      const TsRackDevice *d = &g_array_index (rack->devices, TsRackDevice, i);

      if (d->u_height == 0)
        {
          draw_pdu_strip (ctx, g, d, pdus++, x_frame, floor_y - body_h, body_h);
          continue;
        }
      if (d->u_bottom + d->u_height <= next)
        continue;  /* overlaps what is drawn already */
      if (d->u_bottom > next)
        {
          draw_empty_run (ctx, g, d->u_bottom - next, x_body, y);
          y -= (d->u_bottom - next) * g->uh;
          next = d->u_bottom;
        }
      draw_device (ctx, g, d, next, x_body, y);
      y -= (d->u_bottom + d->u_height - next) * g->uh;
      next = d->u_bottom + d->u_height;
    }
  if (next <= rack->units)
    draw_empty_run (ctx, g, rack->units - next + 1, x_body, y);
}

void
ts_render_rack_body_draw (TsRenderCtx          *ctx,
                          const TsRackGeometry *g,
                          const TsRack         *rack,
                          double                x,
                          double                floor_y)
{
  double x_frame = x + g->legend_w;

  draw_frame (ctx, g, rack, x_frame, floor_y);
  draw_contents (ctx, g, rack, x_frame, floor_y);
  draw_unit_labels (ctx, g, rack, x, floor_y);
}
