/* ts-render-rack.c — rack elevations, to scale
 *
 * Conventions (rack-power-and-peers.md §1, §7): a 19-inch rack with 1U =
 * the catalog's mm_per_u, so units are about 10:1 wide to tall; U numbers
 * beside the rack ascending from the bottom (or descending on request);
 * each device at its true height in its role colour with contrasting
 * text; 0U PDUs as strips along the sides; free units drawn at their
 * true height too (one U is the same height everywhere, so a half-empty
 * rack looks half empty), a long free run labelled “n U free”; the
 * rack's totals under it. Identical racks in a row of the plan are drawn
 * once, named “Racks 6–32” and marked “× 27”. Racks wrap in rows within
 * the width.
 *
 * This file lays the racks out and writes their names, totals and colour
 * key; ts-render-rack-body.c draws what is inside each frame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-render-private.h"

/* EIA-310: a 19-inch rack's panel width is 19 × 25.4 mm. */
#define RACK_PANEL_WIDTH_MM 482.6
/* One U is drawn this many em tall at full scale: a 1U device's name in
 * small type just fits. */
#define UNIT_HEIGHT_EM      1.35
/* A rail and a 0U PDU strip beside the panel, in em at full scale. */
#define RAIL_EM             0.35
#define PDU_EM              0.6
/* Lines of totals under each rack. */
#define TOTAL_LINES          4
/* On paper the racks are drawn at this share of full scale, the type
 * keeping its size: one U about 1.5 mm on A4, the same on every sheet.
 * A 42U rack is then some 6 cm tall, so a row of racks takes a third of
 * a page and the site requirements (power gauges, per-rack bars, the
 * table) follow on the same page, where at 2 mm a row of five kinds of
 * rack pushed them to a page of their own. Devices of 4U and more keep
 * their names. */
#define PRINT_UNIT_SCALE 0.36
/* A sheet's racks go down to this share of full scale (one U about
 * 1.2 mm on A4) when that puts every kind of rack in one row: a cluster
 * of seven kinds then takes a third of a page instead of two rows of
 * most of one. */
#define PRINT_UNIT_SCALE_ONE_ROW 0.3
/* Between the names (or totals) of two racks side by side, in em. */
#define LABEL_MARGIN_EM 0.5

/* The panel beside a lone rack needs this many em. */
#define SIDE_PANEL_MIN_EM 16.0

static gboolean
same_device (const TsRackDevice *a,
             const TsRackDevice *b)
{
  return a->role == b->role && a->u_bottom == b->u_bottom && a->u_height == b->u_height
         && a->power_kw == b->power_kw && a->weight_kg == b->weight_kg && g_strcmp0 (a->name, b->name) == 0;
}

/* Whether two racks would be drawn alike, totals included. */
static gboolean
same_rack (const TsRack *a,
           const TsRack *b)
{
  guint na = a->devices != NULL ? a->devices->len : 0;
  guint nb = b->devices != NULL ? b->devices->len : 0;

  if (a->units != b->units || a->used_units != b->used_units || a->power_kw != b->power_kw
      || a->limit_kw != b->limit_kw || a->heat_btu_h != b->heat_btu_h || a->weight_kg != b->weight_kg
      || na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (!same_device (&g_array_index (a->devices, TsRackDevice, i), &g_array_index (b->devices, TsRackDevice, i)))
      return FALSE;
  return TRUE;
}

/* The colour of each role present, so the colours need no guessing;
 * wrapped onto more lines when narrow. Returns its height; with draw
 * FALSE it only measures. */
/* The racks whose heat leaves in water, as the engine marks them
 * (docs/facility.md §2). */
static guint
count_liquid (const GArray *racks)
{
  guint n = 0;

  for (guint i = 0; racks != NULL && i < racks->len; i++)
    n += g_array_index (racks, TsRack, i).water_cooled != FALSE;
  return n;
}

static double
role_key (TsRenderCtx  *ctx,
          const GArray *racks,
          double        x0,
          double        y,
          double        x_end,
          gboolean      draw)
{
  gboolean present[TS_N_DEVICE_ROLES] = { FALSE };
  double lh = ts_render_line_height (ctx, TS_TEXT_NORMAL);
  double sw = 0.8 * ctx->em;
  double x = x0;
  double top = y;

  for (guint i = 0; racks != NULL && i < racks->len; i++)
    {
      const TsRack *rack = &g_array_index (racks, TsRack, i);

      for (guint j = 0; rack->devices != NULL && j < rack->devices->len; j++)
        {
          TsDeviceRole role = g_array_index (rack->devices, TsRackDevice, j).role;

          if (role < TS_N_DEVICE_ROLES)
            present[role] = TRUE;
        }
    }
  for (guint r = 0; r < TS_N_DEVICE_ROLES; r++)
    {
      const char *label = ts_render_device_role_label (r);
      TsColor color = ts_render_role_color (r);
      double w;

      if (!present[r])
        continue;
      ts_render_text_size (ctx, label, NULL, &w, NULL);
      w = MIN (w, x_end - x0 - sw - 0.4 * ctx->em);
      if (x > x0 && x + sw + 0.4 * ctx->em + w > x_end)
        {
          x = x0;
          y += lh + 0.2 * ctx->em;
        }
      if (draw)
        {
          ts_render_set_color (ctx->cr, &color);
          ts_render_box (ctx->cr, x, y + (lh - sw) / 2, sw, sw);
          cairo_fill (ctx->cr);
          ts_render_text (ctx, label, x + sw + 0.4 * ctx->em, y, w + 1, NULL);
        }
      x += sw + 0.4 * ctx->em + w + 1.2 * ctx->em;
    }
  if (count_liquid (racks) > 0)
    {
      /* Translators: the legend of the blue rails of a rack cooled by water */
      const char *label = ctx->option->facility.cooling == TS_COOLING_REAR_DOOR
                          ? _("blue rails: rear-door heat exchanger (facility water)")
                          : _("blue rails: liquid-cooled rack (facility water)");
      double w;

      ts_render_text_size (ctx, label, NULL, &w, NULL);
      w = MIN (w, x_end - x0 - sw - 0.4 * ctx->em);
      if (x > x0 && x + sw + 0.4 * ctx->em + w > x_end)
        {
          x = x0;
          y += lh + 0.2 * ctx->em;
        }
      if (draw)
        {
          ts_render_set_color (ctx->cr, &ts_render_liquid_color);
          ts_render_box (ctx->cr, x, y + (lh - sw) / 2, 0.35 * sw, sw);
          ts_render_box (ctx->cr, x + 0.65 * sw, y + (lh - sw) / 2, 0.35 * sw, sw);
          cairo_fill (ctx->cr);
          ts_render_text (ctx, label, x + sw + 0.4 * ctx->em, y, w + 1, NULL);
        }
    }
  return y - top + lh;
}

static char *
rack_title (TsRenderCtx *ctx)
{
  const GArray *racks = ts_render_option_racks (ctx->option);
  g_autofree char *name = NULL;

  if (racks == NULL)
    return NULL;
  name = ts_format_name (ctx->option->server->name);

  /* Translators: title of the rack drawing, e.g. “2 × NVIDIA DGX H200 in 1 rack, front view” */
  return g_strdup_printf (ngettext ("%u × %s in %u rack, %s", "%u × %s in %u racks, %s", racks->len),
                          ctx->option->servers, name, racks->len,
                          ctx->rack->rear ? _("rear view") : _("front view"));
}

/* On paper, the share of full scale (at most PRINT_UNIT_SCALE, at least
 * PRINT_UNIT_SCALE_ONE_ROW) that fits all n_groups racks in one row with
 * their names and totals whole, or 0 when none does. frame_em is a
 * rack's width at full scale in em, fixed_w what each takes besides (its
 * U numbers), gap the space between two, label_w the widest name or
 * total. */
static double
one_row_scale (TsRenderCtx *ctx,
               guint        n_groups,
               double       frame_em,
               double       fixed_w,
               double       gap,
               double       label_w)
{
  double pitch = (ctx->width - 2 * ctx->em + gap) / MAX (n_groups, 1);
  double s = (pitch - gap - fixed_w) / (frame_em * ctx->em);

  if (s < PRINT_UNIT_SCALE_ONE_ROW || pitch < label_w + LABEL_MARGIN_EM * ctx->em)
    return 0;
  return MIN (s, PRINT_UNIT_SCALE);
}

/* “Rack 2”, or “Racks 6–32” for a group drawn once. */
static char *
rack_header (TsRenderCtx       *ctx,
             const TsRackGroup *group)
{
  guint first = group->first + 1, last = group->first + group->count;

  if (group->count == 1)
    /* Translators: the label above a rack, e.g. “Rack 2” */
    return g_strdup_printf (ctx->rack->rear ? _("Rack %u, rear") : _("Rack %u"), first);
  /* Translators: the label above identical racks drawn once, e.g. “Racks 6–32” */
  return g_strdup_printf (ctx->rack->rear ? _("Racks %u–%u, rear") : _("Racks %u–%u"), first, last);
}

/* The words drawn with a rack: its name above, and under it how many
 * racks it stands for (NULL for one) and its totals. */
typedef struct
{
  char *header;
  char *count;
  char *totals[TOTAL_LINES];
} RackLabels;

static void
rack_labels_init (TsRenderCtx       *ctx,
                  const TsRack      *rack,
                  const TsRackGroup *group,
                  RackLabels        *labels)
{
  g_autofree char *used = ts_render_format_units (rack->used_units);
  g_autofree char *all = ts_render_format_units (rack->units);
  g_autofree char *kw = ts_format_kw (rack->power_kw);
  g_autofree char *limit = ts_format_kw (rack->limit_kw);

  labels->header = rack_header (ctx, group);
  /* Translators: under identical racks drawn once: how many there are, e.g. “× 27” */
  labels->count = group->count > 1 ? g_strdup_printf (_("× %u"), group->count) : NULL;
  /* Translators: rack totals, e.g. “16 U of 42 U” */
  labels->totals[0] = g_strdup_printf (_("%s of %s"), used, all);
  labels->totals[1] = rack->limit_kw > 0 ? g_strdup_printf (_("%s of %s"), kw, limit) : g_strdup (kw);
  labels->totals[2] = ts_format_btu_h (rack->heat_btu_h);
  labels->totals[3] = ts_render_format_kg (rack->weight_kg);
}

static void
rack_labels_clear (RackLabels *labels)
{
  g_free (labels->header);
  g_free (labels->count);
  for (guint i = 0; i < TOTAL_LINES; i++)
    g_free (labels->totals[i]);
}

/* The widest name or total of any drawn rack (in bold, as an
 * overloaded rack's power is drawn). */
static double
widest_label (TsRenderCtx  *ctx,
              const GArray *racks,
              const GArray *groups,
              double        header_factor)
{
  double widest = 0;

  for (guint i = 0; i < groups->len; i++)
    {
      const TsRackGroup *group = &g_array_index (groups, TsRackGroup, i);
      RackLabels labels;
      double w;

      rack_labels_init (ctx, &g_array_index (racks, TsRack, group->first), group, &labels);
      ts_render_text_size (ctx, labels.header, &(TsTextLook) { .factor = header_factor, .weight = PANGO_WEIGHT_BOLD },
                           &w, NULL);
      widest = MAX (widest, w);
      for (guint j = 0; j < TOTAL_LINES; j++)
        {
          ts_render_text_size (ctx, labels.totals[j],
                               &(TsTextLook) { .factor = TS_TEXT_SMALL, .weight = PANGO_WEIGHT_BOLD }, &w, NULL);
          widest = MAX (widest, w);
        }
      rack_labels_clear (&labels);
    }
  return widest;
}

/* The racks' own scale (their type keeps its size), the size of their
 * names and the room for their labels: full scale on screen; on paper
 * one row when some scale from PRINT_UNIT_SCALE down to
 * PRINT_UNIT_SCALE_ONE_ROW fits it (the names a step smaller if that is
 * what it takes), else PRINT_UNIT_SCALE in as many rows as needed. */
static double
unit_scale (TsRenderCtx    *ctx,
            const GArray   *groups,
            double          frame_em,
            TsRackGeometry *g)
{
  const GArray *racks = ts_render_option_racks (ctx->option);
  double small_w;
  double s;

  g->header_factor = TS_TEXT_NORMAL;
  g->label_w = widest_label (ctx, racks, groups, TS_TEXT_NORMAL);
  if (!ctx->style->print)
    return 1.0;
  s = one_row_scale (ctx, groups->len, frame_em, g->legend_w, g->gap, g->label_w);
  if (s > 0)
    return s;
  small_w = widest_label (ctx, racks, groups, TS_TEXT_SMALL);
  s = one_row_scale (ctx, groups->len, frame_em, g->legend_w, g->gap, small_w);
  if (s > 0)
    {
      g->header_factor = TS_TEXT_SMALL;
      g->label_w = small_w;
      return s;
    }
  return PRINT_UNIT_SCALE;
}

/* The racks' shapes at unit scale s (their type keeps its size). */
static void
set_unit_scale (TsRenderCtx    *ctx,
                TsRackGeometry *g,
                double          s,
                double          units_to_width,
                double          text_w)
{
  double em = ctx->em;

  g->uh = UNIT_HEIGHT_EM * em * s;
  g->body_w = g->uh * units_to_width;
  g->rail_w = RAIL_EM * em * s;
  g->pdu_w = PDU_EM * em * s;
  g->frame_w = g->body_w + 2 * g->rail_w + 2 * g->pdu_w;
  g->cell_w = g->legend_w + g->frame_w;
  /* a rack's labels may reach over its U numbers and the gap, not over
   * its neighbour's: the cell widens when they would */
  g->cell_w = MAX (g->cell_w, text_w + LABEL_MARGIN_EM * em - g->gap);
  g->label_w = MAX (g->frame_w, text_w);
  g->cols = (guint) MAX (1, floor ((ctx->width - 2 * g->pad + g->gap) / (g->cell_w + g->gap)));
}

/* The tallest rack of the plan, in units. */
static guint
tallest_rack (const GArray *racks)
{
  guint units = 1;

  for (guint i = 0; racks != NULL && i < racks->len; i++)
    units = MAX (units, g_array_index (racks, TsRack, i).units);
  return units;
}

/* On a slide (presenter mode) the racks are laid out to the screen's
 * height: their units shrink, their type stays at the presenter's size
 * (no label under 24 px; a device too short for its name shows its
 * colour, which the key names). The fewest rows whose racks fit. */
static void
fit_units_to_height (TsRenderCtx    *ctx,
                     const GArray   *groups,
                     TsRackGeometry *g,
                     double          units_to_width,
                     double          text_w)
{
  double tallest = tallest_rack (ts_render_option_racks (ctx->option)) * UNIT_HEIGHT_EM * ctx->em;

  for (guint rows = 1; rows <= MAX (groups->len, 1u); rows++)
    {
      double room = ctx->height - 2 * g->pad - g->title_h - (rows - 1) * g->gap
                    - rows * (g->header_h + g->totals_h + 2 * RAIL_EM * ctx->em);
      double s = CLAMP (room / rows / tallest, 0.05, 1.0);

      set_unit_scale (ctx, g, s, units_to_width, text_w);
      if ((groups->len + g->cols - 1) / g->cols <= rows)
        return;
    }
}

static void
rack_geometry (TsRenderCtx    *ctx,
               const GArray   *groups,
               TsRackGeometry *g)
{
  double em = ctx->em;
  double mm_per_u = ts_catalog_get_mm_per_u (ctx->plan->catalog);
  double units_to_width = RACK_PANEL_WIDTH_MM / (mm_per_u > 0 ? mm_per_u : 44.45);
  double w;
  double s;
  double text_w;

  g->pad = em;
  /* two digits: racks are at most 99 U high */
  w = 2 * ts_render_digit_width (ctx, TS_TEXT_SMALL);
  g->legend_w = w + 0.4 * em;
  g->gap = 1.5 * em;
  s = unit_scale (ctx, groups, UNIT_HEIGHT_EM * units_to_width + 2 * RAIL_EM + 2 * PDU_EM, g);
  text_w = g->label_w;
  set_unit_scale (ctx, g, s, units_to_width, text_w);
  g->side = !ctx->style->print && groups->len == 1
            && ctx->width - 2 * g->pad - g->cell_w - 2 * em >= SIDE_PANEL_MIN_EM * em;
  g->side_x = g->pad + g->cell_w + 2 * em;
  g->header_h = ts_render_line_height (ctx, g->header_factor) + 0.3 * em;
  g->count_h = ts_render_rack_groups_any (groups) ? ts_render_line_height (ctx, TS_TEXT_NORMAL) : 0;
  g->totals_h = g->side ? 0.4 * em : 0.4 * em + g->count_h + TOTAL_LINES * ts_render_line_height (ctx, TS_TEXT_SMALL);
  /* the title stays legible however small the racks get */
  g->title_scale = MAX (ctx->scale, TS_LEGIBLE_SCALE);
  /* the title and the colour key under it, at the title's scale */
  {
    g_autofree char *title = rack_title (ctx);
    double scale = ctx->scale;

    ts_render_ctx_set_scale (ctx, g->title_scale);
    g->title_text_h = ts_render_title_height (ctx, title, ctx->width - 2 * g->pad);
    g->title_h = g->title_text_h + 0.4 * ctx->em
                 + (g->side ? 0 : role_key (ctx, ts_render_option_racks (ctx->option), g->pad, 0, ctx->width - g->pad, FALSE))
                 + 0.6 * ctx->em;
    ts_render_ctx_set_scale (ctx, scale);
  }
  if (ctx->style->presenter && !ctx->style->print && ctx->height < G_MAXDOUBLE / 2)
    fit_units_to_height (ctx, groups, g, units_to_width, text_w);
}

/* The panel beside a lone rack: the colour key, then the rack's totals
 * in body text (and how many racks it stands for). Returns its height. */
static double
side_panel (TsRenderCtx          *ctx,
            const TsRackGeometry *g,
            const TsRack         *rack,
            const TsRackGroup    *group,
            double                y,
            gboolean              draw)
{
  double x_end = ctx->width - g->pad;
  /* the figures a customer reads off the slide, a step over body text */
  const TsTextLook look = { .factor = TS_TEXT_TITLE };
  const TsTextLook bold = { .factor = TS_TEXT_TITLE, .weight = PANGO_WEIGHT_BOLD };
  double lh = ts_render_line_height (ctx, TS_TEXT_TITLE);
  double top = y;
  RackLabels labels;

  y += role_key (ctx, ts_render_option_racks (ctx->option), g->side_x, y, x_end, draw) + ctx->em;
  rack_labels_init (ctx, rack, group, &labels);
  if (labels.count != NULL)
    {
      if (draw)
        ts_render_text (ctx, labels.count, g->side_x, y, x_end - g->side_x, &bold);
      y += lh;
    }
  for (guint i = 0; i < TOTAL_LINES; i++)
    {
      gboolean over = i == 1 && rack->limit_kw > 0 && rack->power_kw > rack->limit_kw;

      if (draw)
        ts_render_text (ctx, labels.totals[i], g->side_x, y, x_end - g->side_x, over ? &bold : &look);
      y += lh;
    }
  rack_labels_clear (&labels);
  return y - top;
}

/* The tallest rack body in a row of drawn racks. */
static double
row_ts_render_rack_body_height (const GArray         *racks,
                                const GArray         *groups,
                                guint                 first,
                                guint                 cols,
                                const TsRackGeometry *g)
{
  double h = 0;

  for (guint i = first; i < groups->len && i < first + cols; i++)
    h = MAX (h, ts_render_rack_body_height (&g_array_index (racks, TsRack, g_array_index (groups, TsRackGroup, i).first), g->uh));
  return h;
}

/* Lays the rows of racks out from the top: the drawing's height, and
 * (when breaks is not NULL) the middle of each gap between two rows,
 * where a page may end without cutting a rack or parting it from its
 * name and totals. */
static double
rack_rows (TsRenderCtx *ctx,
           GArray      *breaks)
{
  const GArray *racks = ts_render_option_racks (ctx->option);
  g_autoptr(GArray) groups = NULL;
  TsRackGeometry g;
  double y;

  if (racks == NULL)
    return ts_render_message_height (ctx);
  groups = ts_render_rack_groups (racks, same_rack);
  rack_geometry (ctx, groups, &g);
  y = g.pad + g.title_h;
  for (guint first = 0; first < groups->len; first += g.cols)
    {
      if (first > 0)
        {
          double at = y + g.gap / 2;

          if (breaks != NULL)
            g_array_append_val (breaks, at);
          y += g.gap;
        }
      y += g.header_h + row_ts_render_rack_body_height (racks, groups, first, g.cols, &g) + g.totals_h;
    }
  if (g.side)
    y = MAX (y, g.pad + g.title_h
                + side_panel (ctx, &g, &g_array_index (racks, TsRack, 0), &g_array_index (groups, TsRackGroup, 0),
                              0, FALSE));
  return y + g.pad;
}

double
ts_render_rack_height (TsRenderCtx *ctx)
{
  return rack_rows (ctx, NULL);
}

GArray *
ts_render_rack_breaks (TsRenderCtx *ctx)
{
  GArray *breaks = g_array_new (FALSE, FALSE, sizeof (double));

  rack_rows (ctx, breaks);
  return breaks;
}

/* A rack's name above it and, unless the side panel shows them, how many
 * racks it stands for and its totals under it: centred on the frame, as
 * wide as the widest rack's (they may reach over the U numbers and the
 * gap). */
static void
draw_rack_labels (TsRenderCtx          *ctx,
                  const TsRackGeometry *g,
                  const TsRack         *rack,
                  const TsRackGroup    *group,
                  double                x,
                  double                floor_y,
                  double                header_y)
{
  RackLabels labels;
  double lh = ts_render_line_height (ctx, TS_TEXT_SMALL);
  double ty = floor_y + g->rail_w + 0.4 * ctx->em;
  double x_label = x + g->legend_w + (g->frame_w - g->label_w) / 2;

  rack_labels_init (ctx, rack, group, &labels);
  ts_render_text (ctx, labels.header, x_label, header_y, g->label_w,
                  &(TsTextLook) { .factor = g->header_factor, .weight = PANGO_WEIGHT_BOLD, .align = TS_ALIGN_CENTER });
  if (!g->side)
    {
      if (labels.count != NULL)
        ts_render_text (ctx, labels.count, x_label, ty, g->label_w,
                        &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD, .align = TS_ALIGN_CENTER });
      ty += g->count_h;
      for (guint i = 0; i < TOTAL_LINES; i++)
        {
          /* the power line in bold when the rack is over its limit */
          gboolean over = i == 1 && rack->limit_kw > 0 && rack->power_kw > rack->limit_kw;

          ts_render_text (ctx, labels.totals[i], x_label, ty + i * lh, g->label_w,
                          &(TsTextLook) { .factor = TS_TEXT_SMALL,
                                          .weight = over ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL,
                                          .align = TS_ALIGN_CENTER });
        }
    }
  rack_labels_clear (&labels);
}

void
ts_render_rack_draw (TsRenderCtx *ctx)
{
  const GArray *racks = ts_render_option_racks (ctx->option);
  g_autoptr(GArray) groups = NULL;
  TsRackGeometry g;
  g_autofree char *title = NULL;
  double clip_x0, clip_y0, clip_x1, clip_y1;
  double y;

  if (ctx->option == NULL)
    {
      ts_render_message (ctx, _("No hardware option"),
                         _("There is no server to place in a rack for this scenario."));
      return;
    }
  if (racks == NULL)
    {
      ts_render_message (ctx, _("No rack layout"),
                         _("The engine placed no rack for this option."));
      return;
    }

  groups = ts_render_rack_groups (racks, same_rack);
  rack_geometry (ctx, groups, &g);
  title = rack_title (ctx);
  {
    double scale = ctx->scale;

    ts_render_ctx_set_scale (ctx, g.title_scale);
    ts_render_title (ctx, title, g.pad, g.pad, ctx->width - 2 * g.pad);
    if (!g.side)
      role_key (ctx, racks, g.pad, g.pad + g.title_text_h + 0.4 * ctx->em, ctx->width - g.pad, TRUE);
    ts_render_ctx_set_scale (ctx, scale);
  }
  y = g.pad + g.title_h;
  if (g.side)
    side_panel (ctx, &g, &g_array_index (racks, TsRack, 0), &g_array_index (groups, TsRackGroup, 0), y, TRUE);

  /* Only the rows in view: a scrolled window shows a slice of a tall
   * cluster, and redraws it on every scroll step. */
  cairo_clip_extents (ctx->cr, &clip_x0, &clip_y0, &clip_x1, &clip_y1);
  for (guint first = 0; first < groups->len; first += g.cols)
    {
      double body = row_ts_render_rack_body_height (racks, groups, first, g.cols, &g);
      double floor_y = y + g.header_h + body;
      double row_bottom = floor_y + g.totals_h;

      if (y > MIN (ctx->height, clip_y1))
        break;
      if (row_bottom < clip_y0)
        {
          y = row_bottom + g.gap;
          continue;
        }
      for (guint i = first; i < groups->len && i < first + g.cols; i++)
        {
          const TsRackGroup *group = &g_array_index (groups, TsRackGroup, i);
          const TsRack *rack = &g_array_index (racks, TsRack, group->first);
          double x = g.pad + (i - first) * (g.cell_w + g.gap);

          ts_render_rack_body_draw (ctx, &g, rack, x, floor_y);
          draw_rack_labels (ctx, &g, rack, group, x, floor_y,
                            floor_y - ts_render_rack_body_height (rack, g.uh) - g.header_h - g.rail_w);
        }
      y = floor_y + g.totals_h + g.gap;
    }
}

char *
ts_render_rack_describe (const TsPlan   *plan,
                         const TsOption *o)
{
  const GArray *racks = ts_render_option_racks (o);
  g_autofree char *kw = NULL;
  g_autofree char *units = NULL;
  g_autofree char *text = NULL;
  g_autofree char *liquid_text = NULL;
  guint liquid;
  double max_kw = 0;
  double limit = 0;

  if (o == NULL)
    return g_strdup (_("Rack elevation: no hardware option for this scenario."));
  if (racks == NULL)
    return g_strdup_printf (_("Rack elevation: no rack layout for %u × %s."), o->servers, o->server->name);

  for (guint i = 0; i < racks->len; i++)
    {
      const TsRack *r = &g_array_index (racks, TsRack, i);

      max_kw = MAX (max_kw, r->power_kw);
      limit = MAX (limit, r->limit_kw);
    }
  kw = ts_format_kw (max_kw);
  units = ts_render_format_units (o->rack_units);
  liquid = count_liquid (racks);
  if (liquid > 0)
    liquid_text = g_strdup_printf (o->facility.cooling == TS_COOLING_REAR_DOOR
                                   /* Translators: appended to the rack drawing's description */
                                   ? ngettext (" %u rack is cooled by a rear-door heat exchanger on facility water.",
                                               " %u racks are cooled by rear-door heat exchangers on facility water.", liquid)
                                   /* Translators: appended to the rack drawing's description */
                                   : ngettext (" %u rack is liquid cooled (facility water, drawn with blue rails).",
                                               " %u racks are liquid cooled (facility water, drawn with blue rails).", liquid),
                                   liquid);
  if (limit > 0)
    {
      g_autofree char *lim = ts_format_kw (limit);

      text = g_strdup_printf (ngettext (
                                /* Translators: accessible description of the rack drawing */
                                "Rack elevation: %u × %s in %u rack, %s in total; the busiest rack draws %s of its %s limit.",
                                "Rack elevation: %u × %s in %u racks, %s in total; the busiest rack draws %s of its %s limit.",
                                racks->len),
                              o->servers, o->server->name, racks->len, units, kw, lim);
    }
  else
    text = g_strdup_printf (ngettext ("Rack elevation: %u × %s in %u rack, %s in total; the busiest rack draws %s.",
                                      "Rack elevation: %u × %s in %u racks, %s in total; the busiest rack draws %s.",
                                      racks->len),
                            o->servers, o->server->name, racks->len, units, kw);
  return liquid_text != NULL ? g_strconcat (text, liquid_text, NULL) : g_steal_pointer (&text);
}
