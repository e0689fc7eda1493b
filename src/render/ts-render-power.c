/* ts-render-power.c — power, heat and feed gauges
 *
 * Arc gauges for the kilowatts against the site's limit (the whole site
 * and the busiest rack), tiles for heat, current per phase, PSU
 * redundancy and the A/B feeds, then one bar per rack (racks in a row
 * that draw alike share one bar, “6–32 … (× 27)”). Every value is also
 * written out as text; colour only repeats what the words say.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-render-private.h"

/* A gauge sweeps three quarters of a circle, open at the bottom. */
#define GAUGE_START   (0.75 * G_PI)
#define GAUGE_SWEEP   (1.5 * G_PI)
#define TILE_MIN_EM   15.0
#define GAUGE_R_EM    4.2
#define RACK_BAR_EM   20.0
/* the gap between tiles on a slide where the usual 1 em leaves the
 * drawing too tall */
#define SLIDE_GAP_EM  0.5

/* Load past the limit: the HIG's red 3. */
static const TsColor over_color = { 0.878, 0.106, 0.141, 1 };

#define MAX_TILES 9

typedef struct
{
  double pad, gap;
  guint  cols, rows, n_tiles;
  double tile_w;
  /* Each row is as tall as its tiles need: a row with a gauge holds the
   * arc, a row of plain figures only the big number. */
  double row_y[MAX_TILES], row_h[MAX_TILES];
  gboolean row_gauge[MAX_TILES];
  double gauge_r;        /* the arcs' radius; 0: the values stand alone */
  /* lines each tile's title and detail need at this width, and the
   * lines each row gives them (titles: one, two on a slide) */
  guint  title_need[MAX_TILES], detail_need[MAX_TILES];
  guint  title_cap;
  guint  row_title_lines[MAX_TILES], row_detail_lines[MAX_TILES];
  double title_h, lh;
  double racks_y;
  guint  rack_cols, rack_rows;
  guint  rack_rows_shown; /* on a slide, the rows that fit */
  double rack_w, rack_row_h;
  double bottom;
} PowerGeometry;

typedef struct
{
  const char *title;
  char       *value;     /* the big number */
  char       *detail;    /* one or two lines under it */
  double      fraction;  /* of the limit; < 0 = no gauge */
} Tile;

/* Racks next to each other with the same load and limit: one bar. */
static gboolean
same_load (const TsRack *a,
           const TsRack *b)
{
  return a->power_kw == b->power_kw && a->limit_kw == b->limit_kw;
}

static const TsRack *
busiest_rack (const TsOption *o)
{
  const GArray *racks = ts_render_option_racks (o);
  const TsRack *best = NULL;

  for (guint i = 0; racks != NULL && i < racks->len; i++)
    {
      const TsRack *r = &g_array_index (racks, TsRack, i);

      if (best == NULL || r->power_kw > best->power_kw)
        best = r;
    }
  return best;
}

/* IEC 60038 nominal three-phase systems, phase-to-neutral / line-to-line
 * (rack-power-and-peers.md §5); other voltages show √3 × V. */
static const struct
{
  double phase, line;
} iec_60038_systems[] = {
  { 120, 208 }, { 230, 400 }, { 277, 480 }, { 347, 600 }, { 400, 690 },
};

static char *
voltage_text (const TsScenario *s)
{
  g_autofree char *v = ts_format_number (s->voltage, 0);

  if (s->phases == 3)
    {
      double line_v = s->voltage * sqrt (3.0);
      g_autofree char *line = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (iec_60038_systems); i++)
        if (fabs (s->voltage - iec_60038_systems[i].phase) < 0.5)
          line_v = iec_60038_systems[i].line;
      line = ts_format_number (round (line_v), 0);
      /* Translators: e.g. “three phases, 230/400 V” */
      return g_strdup_printf (_("three phases, %s/%s\u00a0V"), v, line);
    }
  /* Translators: e.g. “single phase, 230 V” */
  return g_strdup_printf (_("single phase, %s\u00a0V"), v);
}

/* How the heat leaves (docs/facility.md): the cooling and its split
 * between water and air, the flows that carry it, the CDUs and the
 * floor. */
static guint
build_facility_tiles (const TsOption *o,
                      const TsRack   *busy,
                      Tile           *tiles)
{
  const TsFacility *f = &o->facility;
  guint n = 0;

  {
    g_autofree char *water = ts_format_kw (f->liquid_kw);
    g_autofree char *air = ts_format_kw (f->air_kw);

    tiles[n].title = _("Cooling");
    switch (f->cooling)
      {
      /* Translators: the cooling of the racks, a tile's big value */
      case TS_COOLING_DIRECT_LIQUID: tiles[n].value = g_strdup (C_("cooling", "Liquid")); break;
      /* Translators: the cooling of the racks, a tile's big value */
      case TS_COOLING_REAR_DOOR: tiles[n].value = g_strdup (C_("cooling", "Rear doors")); break;
      case TS_COOLING_AIR:
      /* Translators: the cooling of the racks, a tile's big value */
      default: tiles[n].value = g_strdup (C_("cooling", "Air")); break;
      }
    if (!f->site_ok)
      /* Translators: e.g. “691 kW to water, which the site does not offer” */
      tiles[n].detail = g_strdup_printf (_("%s to water, which the site does not offer"), water);
    else if (f->cooling == TS_COOLING_REAR_DOOR)
      /* Translators: rear doors: the servers' air gives its heat to water at the rack, e.g. “85.1 kW from air into water at the racks” */
      tiles[n].detail = g_strdup_printf (_("%s from air into water at the racks"), water);
    else
      /* Translators: e.g. “691 kW to water, 317 kW to air” */
      tiles[n].detail = g_strdup_printf (_("%s to water, %s to air"), water, air);
    tiles[n].fraction = -1;
    n++;
  }
  {
    g_autofree char *lpm = ts_format_number (f->coolant_lpm, 0);
    g_autofree char *cfm = ts_format_number (f->air_cfm, 0);
    g_autofree char *dt_k = ts_format_number_auto (f->coolant_delta_t_k, 1);
    g_autofree char *dt_f = ts_format_number_auto (f->air_delta_t_f, 1);

    tiles[n].title = _("Coolant and air flow");
    /* Translators: litres of water per minute, e.g. “495 L/min” */
    tiles[n].value = g_strdup_printf (_("%s\u00a0L/min"), lpm);
    /* Translators: e.g. “water at a 20 K rise; air 50,045 CFM at a 20 °F rise” */
    tiles[n].detail = g_strdup_printf (_("water at a %s\u00a0K rise; air %s\u00a0CFM at a %s\u00a0°F rise"),
                                       dt_k, cfm, dt_f);
    tiles[n].fraction = -1;
    n++;
  }
  {
    g_autofree char *per_m2 = ts_format_number (f->floor_kg_per_m2, 0);
    g_autofree char *kg = ts_render_format_kg (f->rack_kg);
    g_autofree char *peak = ts_format_kw (busy != NULL ? busy->power_kw : f->peak_kw);

    tiles[n].title = _("Floor and CDUs");
    /* Translators: floor load, e.g. “1,889 kg/m²” */
    tiles[n].value = g_strdup_printf (_("%s\u00a0kg/m²"), per_m2);
    if (f->cdus == 0)
      /* Translators: e.g. “heaviest rack 685 kg; peak 52.8 kW per rack” (the drawing's title says “at maximum draw”) */
      tiles[n].detail = g_strdup_printf (_("heaviest rack %s; peak %s per rack"), kg, peak);
    else
      /* Translators: e.g. “heaviest rack 1,360 kg; 4 CDUs (N+1); peak 120 kW per rack” (the title says “at maximum draw”) */
      tiles[n].detail = g_strdup_printf (ngettext ("heaviest rack %s; %u CDU (N+1); peak %s per rack",
                                                   "heaviest rack %s; %u CDUs (N+1); peak %s per rack",
                                                   f->cdus),
                                         kg, f->cdus, peak);
    tiles[n].fraction = -1;
    n++;
  }
  return n;
}

/* The whole site's draw against the sum of its racks' limits. */
static void
fill_total_power_tile (Tile           *tile,
                       const TsOption *o,
                       double          limit)
{
  g_autofree char *lim = ts_format_kw (limit);
  g_autofree char *share = ts_format_percent (limit > 0 ? o->power_kw / limit : 0);

  tile->title = _("Total power");
  tile->value = ts_format_kw (o->power_kw);
  tile->detail = g_strdup_printf (ngettext ("%s of %s for %u rack",
                                            /* Translators: e.g. “34 % of 60 kW for 2 racks” */
                                            "%s of %s for %u racks", MAX (o->racks, 1)),
                                  share, lim, MAX (o->racks, 1));
  tile->fraction = limit > 0 ? o->power_kw / limit : -1;
}

/* The busiest rack against its own limit: the rack that trips first,
 * which the site's total can hide. Without the racks' list, the even
 * share against the scenario's limit. */
static void
fill_busiest_rack_tile (Tile             *tile,
                        const TsScenario *s,
                        const TsOption   *o,
                        const TsRack     *busy)
{
  double kw = busy != NULL ? busy->power_kw : o->power_kw / MAX (o->racks, 1);
  double lim_kw = busy != NULL && busy->limit_kw > 0 ? busy->limit_kw : s->rack_kw;
  g_autofree char *lim = ts_format_kw (lim_kw);
  g_autofree char *share = ts_format_percent (lim_kw > 0 ? kw / lim_kw : 0);

  tile->title = _("Busiest rack");
  tile->value = ts_format_kw (kw);
  if (lim_kw > 0 && kw > lim_kw)
    /* Translators: e.g. “over the 30 kW rack limit (120 %)” */
    tile->detail = g_strdup_printf (_("over the %s rack limit (%s)"), lim, share);
  else
    /* Translators: e.g. “68 % of the 30 kW rack limit” */
    tile->detail = g_strdup_printf (_("%s of the %s rack limit"), share, lim);
  tile->fraction = lim_kw > 0 ? kw / lim_kw : -1;
}

static void
fill_heat_tile (Tile           *tile,
                const TsOption *o)
{
  g_autofree char *tons = ts_render_format_cooling (o->cooling_tons);

  tile->title = _("Heat to remove");
  tile->value = ts_format_btu_h (o->heat_btu_h);
  tile->detail = g_strconcat ("= ", tons, NULL);
  tile->fraction = -1;
}

static void
fill_current_tile (Tile             *tile,
                   const TsScenario *s,
                   const TsOption   *o)
{
  tile->title = s->phases == 3 ? _("Current per phase") : _("Current");
  tile->value = ts_format_amps (o->amps_per_phase);
  tile->detail = voltage_text (s);
  tile->fraction = -1;
}

/* The PSUs' stated redundancy, and when it does not hold, what the
 * active supplies carry against what the server draws. */
static void
fill_psu_tile (Tile           *tile,
               const TsOption *o)
{
  const TsServer *srv = o->server;
  g_autofree char *w = ts_format_number (srv->psu_w, 0);

  tile->title = _("Power supplies per server");
  if (!o->psu_ok)
    /* Translators: the stated redundancy does not hold: the active supplies cannot carry the server */
    tile->value = g_strdup_printf (_("%s — short"), srv->psu_redundancy != NULL ? srv->psu_redundancy : "—");
  else
    tile->value = g_strdup (srv->psu_redundancy != NULL && g_strcmp0 (srv->psu_redundancy, "none") != 0
                            ? srv->psu_redundancy : C_("redundancy", "none"));
  if (!o->psu_ok)
    {
      g_autofree char *carry = ts_format_kw (o->psu_active * srv->psu_w / 1000.0);
      g_autofree char *need = ts_format_kw (srv->max_power_kw);

      /* Translators: “3 × 3,200 W carry 9.6 kW, not 10.2 kW” */
      tile->detail = g_strdup_printf (_("%u × %s\u00a0W carry %s, not %s"), o->psu_active, w, carry, need);
    }
  else if (srv->psu_count > 0)
    /* Translators: e.g. “6 × 5,250 W, redundant” */
    tile->detail = g_strdup_printf (_("%u × %s\u00a0W"), srv->psu_count, w);
  else
    tile->detail = g_strdup (_("not stated in the catalog"));
  tile->fraction = -1;
}

static void
fill_feed_tile (Tile           *tile,
                const TsOption *o)
{
  tile->value = ts_format_amps (o->feed_amps);
  tile->fraction = -1;
  if (o->note_flags & TS_NOTE_ONE_FEED)
    {
      /* a single-PSU machine has no A and B feeds */
      tile->title = _("Power feed");
      /* Translators: a workstation with one power supply */
      tile->detail = g_strdup (_("one feed: a wall socket or one PDU"));
    }
  else
    {
      tile->title = _("Each of feeds A and B");
      /* Translators: the A/B feed rule: either feed alone carries everything */
      tile->detail = g_strdup (_("either feed carries the whole load"));
    }
}

/* The tiles in their reading order: the power, the heat and the
 * electrical supply, then how the heat leaves the room. */
static guint
build_tiles (const TsPlan   *plan,
             const TsOption *o,
             Tile           *tiles)
{
  const TsRack *busy = busiest_rack (o);
  guint n = 0;

  fill_total_power_tile (&tiles[n++], o, ts_option_site_limit_kw (o));
  fill_busiest_rack_tile (&tiles[n++], plan->scenario, o, busy);
  fill_heat_tile (&tiles[n++], o);
  fill_current_tile (&tiles[n++], plan->scenario, o);
  fill_psu_tile (&tiles[n++], o);
  fill_feed_tile (&tiles[n++], o);
  return n + build_facility_tiles (o, busy, tiles + n);
}

#define GAUGE_LINE_EM 0.55

/* The arc's box: its open bottom ends at sin 45° below the centre. */
static double
gauge_area_height (double r,
                   double em)
{
  return (1 + G_SQRT2 / 2) * r + GAUGE_LINE_EM * em;
}

static char *
power_title (const TsOption *o)
{
  if (o == NULL)
    return NULL;
  /* Translators: title of the power drawing, e.g. “Power and heat: 2 × NVIDIA DGX H200 at maximum draw” */
  {
    g_autofree char *name = ts_format_name (o->server->name);

    return g_strdup_printf (_("Power and heat: %u × %s at maximum draw"), o->servers, name);
  }
}

/* On a slide the arcs may shrink to fit the screen's height, as long as
 * each value still fits inside its arc in body type: the radius that
 * leaves the widest value's box clear of the arc's inner edge. */
static double
least_gauge_radius (TsRenderCtx *ctx,
                    const Tile  *tiles,
                    guint        n)
{
  double least = 0;

  for (guint i = 0; i < n; i++)
    if (tiles[i].fraction >= 0)
      {
        double w, h;

        ts_render_text_size (ctx, tiles[i].value, &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD }, &w, &h);
        least = MAX (least, hypot (w / 2, h / 2) + GAUGE_LINE_EM * ctx->em / 2 + 0.1 * ctx->em);
      }
  return least;
}

/* A row's height: its titles, the arc or the big number alone, and the
 * lines of detail under them. */
static double
row_height (TsRenderCtx         *ctx,
            const PowerGeometry *g,
            guint                row)
{
  double em = ctx->em;
  double area = g->row_gauge[row] ? gauge_area_height (g->gauge_r, em)
                                  : ts_render_line_height (ctx, TS_TEXT_BIG) + 0.6 * em;

  return 0.6 * em + g->row_title_lines[row] * g->lh + 0.6 * em + area + g->row_detail_lines[row] * g->lh + 0.6 * em;
}

/* The rows of tiles top down from under the title, each as tall as its
 * tiles need; then where the racks' list begins and the bottom. */
static void
lay_out_rows (TsRenderCtx   *ctx,
              PowerGeometry *g,
              const Tile    *tiles)
{
  double y = g->pad + g->title_h;

  g->rows = (g->n_tiles + g->cols - 1) / g->cols;
  g->tile_w = (ctx->width - 2 * g->pad - (g->cols - 1) * g->gap) / g->cols;
  for (guint row = 0; row < g->rows; row++)
    {
      g->row_gauge[row] = FALSE;
      g->row_title_lines[row] = 1;
      g->row_detail_lines[row] = 2;
      for (guint i = row * g->cols; i < MIN ((row + 1) * g->cols, g->n_tiles); i++)
        {
          g->row_gauge[row] |= g->gauge_r > 0 && tiles[i].fraction >= 0;
          g->row_title_lines[row] = MAX (g->row_title_lines[row], MIN (g->title_need[i], g->title_cap));
          g->row_detail_lines[row] = MAX (g->row_detail_lines[row], g->detail_need[i]);
        }
      g->row_y[row] = y;
      g->row_h[row] = row_height (ctx, g, row);
      y += g->row_h[row] + g->gap;
    }
  g->racks_y = y;
  g->bottom = g->rack_rows > 0 ? y + g->lh + 0.4 * ctx->em + g->rack_rows_shown * g->rack_row_h : y - g->gap;
  g->bottom += g->pad;
}

/* Up to four lines under a value where a narrow tile wraps its detail:
 * a longer one is cut by its tile. */
#define DETAIL_MAX_LINES 4

/* The lines each tile's title and detail take at this inner width. */
static void
measure_tiles (TsRenderCtx   *ctx,
               PowerGeometry *g,
               const Tile    *tiles,
               double         inner)
{
  for (guint i = 0; i < g->n_tiles; i++)
    {
      double title_h = ts_render_paragraph (ctx, tiles[i].title, 0, 0, inner,
                                            &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD,
                                                            .align = TS_ALIGN_CENTER }, FALSE);
      double detail_h = ts_render_paragraph (ctx, tiles[i].detail, 0, 0, inner,
                                             &(TsTextLook) { .align = TS_ALIGN_CENTER }, FALSE);

      g->title_need[i] = (guint) MAX (1, round (title_h / g->lh));
      g->detail_need[i] = (guint) CLAMP (round (detail_h / g->lh), 1, DETAIL_MAX_LINES);
    }
}

/* The arcs' radius at this tile width: as large as the design's, never
 * wider than the tile. */
static void
set_columns (TsRenderCtx   *ctx,
             PowerGeometry *g,
             const Tile    *tiles,
             guint          cols)
{
  double avail = ctx->width - 2 * g->pad;
  double inner;

  g->cols = cols;
  g->tile_w = (avail - (cols - 1) * g->gap) / cols;
  inner = g->tile_w - 1.2 * ctx->em;
  g->gauge_r = MAX (0, MIN (GAUGE_R_EM * ctx->em, (inner - GAUGE_LINE_EM * ctx->em) / 2));
  measure_tiles (ctx, g, tiles, inner);
  lay_out_rows (ctx, g, tiles);
}

/* Shrinks the arcs until the drawing ends at the area's bottom; FALSE
 * when even the least radius that holds the values is too tall. */
static gboolean
shrink_gauges (TsRenderCtx   *ctx,
               PowerGeometry *g,
               const Tile    *tiles,
               double         least_r)
{
  guint gauge_rows = 0;
  double over;

  lay_out_rows (ctx, g, tiles);
  over = g->bottom - ctx->height;
  if (over <= 0.5)
    return TRUE;
  for (guint row = 0; row < g->rows; row++)
    gauge_rows += g->row_gauge[row];
  if (gauge_rows == 0)
    return FALSE;
  g->gauge_r -= over / gauge_rows / (1 + G_SQRT2 / 2);
  if (g->gauge_r < least_r)
    return FALSE;
  lay_out_rows (ctx, g, tiles);
  return TRUE;
}

/* The first layout of the tiles that ends above the slide's bottom. */
static void
choose_slide_layout (TsRenderCtx   *ctx,
                     PowerGeometry *g,
                     const Tile    *tiles)
{
  /* in order of preference: arcs, then the values alone, each at the
   * usual gap and then a tighter one; three columns, then five */
  static const struct { gboolean gauges; double gap_em; } attempts[] = {
    { TRUE, 1.0 }, { FALSE, 1.0 }, { TRUE, SLIDE_GAP_EM }, { FALSE, SLIDE_GAP_EM },
  };
  static const guint slide_cols[] = { 3, 5 };
  double least_r = least_gauge_radius (ctx, tiles, g->n_tiles);

  g->title_cap = 2;
  for (guint a = 0; a < G_N_ELEMENTS (attempts); a++)
    for (guint k = 0; k < G_N_ELEMENTS (slide_cols); k++)
      {
        g->gap = attempts[a].gap_em * ctx->em;
        set_columns (ctx, g, tiles, MIN (slide_cols[k], g->n_tiles));
        if (!attempts[a].gauges)
          g->gauge_r = 0;
        /* the last attempt stands, fitting or not (then clipped) */
        if (shrink_gauges (ctx, g, tiles, least_r))
          return;
      }
}

/* A slide is not scrolled: the tiles take three columns, or five in two
 * rows (titles on two lines where they need them), with the arcs shrunk
 * to the screen's height; where no arc fits, the values stand alone;
 * the racks' list keeps the rows that fit. */
static void
fit_slide (TsRenderCtx   *ctx,
           PowerGeometry *g,
           const Tile    *tiles)
{
  double room;

  /* the tiles leave room for the racks' heading and one row of bars */
  g->rack_rows_shown = MIN (g->rack_rows, 1);
  choose_slide_layout (ctx, g, tiles);
  if (g->rack_rows == 0)
    return;
  /* the list's heading and one row at least; the rest as room allows,
   * the last row shown saying how many more there are */
  room = ctx->height - g->pad - (g->racks_y + g->lh + 0.4 * ctx->em);
  g->rack_rows_shown = (guint) CLAMP (floor (room / g->rack_row_h), 1, g->rack_rows);
  lay_out_rows (ctx, g, tiles);
}

static void
power_geometry (TsRenderCtx   *ctx,
                PowerGeometry *g,
                const Tile    *tiles,
                guint          n)
{
  const GArray *racks = ts_render_option_racks (ctx->option);
  double em = ctx->em;
  double avail;

  g->pad = em;
  g->gap = em;
  g->lh = ts_render_line_height (ctx, TS_TEXT_NORMAL);
  avail = ctx->width - 2 * g->pad;
  {
    g_autofree char *title = power_title (ctx->option);

    g->title_h = ts_render_title_height (ctx, title, avail) + 0.6 * em;
  }
  g->n_tiles = n;
  g->title_cap = 1;
  g->rack_rows = g->rack_rows_shown = 0;
  if (racks != NULL && racks->len > 1)
    {
      g_autoptr(GArray) groups = ts_render_rack_groups (racks, same_load);

      g->rack_w = RACK_BAR_EM * em;
      g->rack_cols = (guint) MAX (1, floor ((avail + g->gap) / (g->rack_w + g->gap)));
      g->rack_w = (avail - (g->rack_cols - 1) * g->gap) / g->rack_cols;
      g->rack_rows = g->rack_rows_shown = (groups->len + g->rack_cols - 1) / g->rack_cols;
      g->rack_row_h = g->lh + 0.5 * em;
    }
  /* 9 tiles: 3 × 3 rather than a ragged 4 + 4 + 1 */
  set_columns (ctx, g, tiles,
               (guint) CLAMP (floor ((avail + g->gap) / (TILE_MIN_EM * em + g->gap)), 1, MIN (3, MAX (n, 1))));
  if (ctx->style->presenter && !ctx->style->print && ctx->height < G_MAXDOUBLE / 2 && g->bottom > ctx->height + 0.5)
    fit_slide (ctx, g, tiles);
}

/* The tiles' texts, built for a pass and freed after it. */
static void
clear_tiles (Tile  *tiles,
             guint  n)
{
  for (guint i = 0; i < n; i++)
    {
      g_clear_pointer (&tiles[i].value, g_free);
      g_clear_pointer (&tiles[i].detail, g_free);
    }
}

double
ts_render_power_height (TsRenderCtx *ctx)
{
  PowerGeometry g;
  Tile tiles[MAX_TILES] = { { 0 } };
  guint n;

  if (ctx->option == NULL)
    return ts_render_message_height (ctx);
  n = build_tiles (ctx->plan, ctx->option, tiles);
  power_geometry (ctx, &g, tiles, n);
  clear_tiles (tiles, n);
  return g.bottom;
}

/* Between the rows of tiles, before the racks' heading and between rows
 * of rack bars: a page may end there without cutting a gauge or a bar
 * from its number. Computed from the geometry, never from a raster: a
 * cluster of thousands of racks is taller than any image cairo makes. */
GArray *
ts_render_power_breaks (TsRenderCtx *ctx)
{
  GArray *breaks = g_array_new (FALSE, FALSE, sizeof (double));
  PowerGeometry g;
  Tile tiles[MAX_TILES] = { { 0 } };
  guint n;
  double at;

  if (ctx->option == NULL)
    return breaks;
  n = build_tiles (ctx->plan, ctx->option, tiles);
  power_geometry (ctx, &g, tiles, n);
  clear_tiles (tiles, n);
  for (guint row = 1; row < g.rows; row++)
    {
      at = g.row_y[row] - g.gap / 2;
      g_array_append_val (breaks, at);
    }
  if (g.rack_rows == 0)
    return breaks;
  at = g.racks_y - g.gap / 2;
  g_array_append_val (breaks, at);
  /* A bar row is a line of text with 0.5 em under it: end a page in that
   * space, after the heading line has been followed by one row. */
  for (guint row = 1; row < g.rack_rows_shown; row++)
    {
      at = g.racks_y + g.lh + 0.4 * ctx->em + row * g.rack_row_h - 0.25 * ctx->em;
      g_array_append_val (breaks, at);
    }
  return breaks;
}

static void
draw_gauge (TsRenderCtx *ctx,
            double       cx,
            double       cy,
            double       r,
            double       fraction)
{
  cairo_t *cr = ctx->cr;
  double lw = GAUGE_LINE_EM * ctx->em;
  double f = CLAMP (fraction, 0, 1);

  /* no line from wherever the last text left the current point */
  cairo_new_path (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width (cr, lw);
  ts_render_set_color (cr, &ctx->style->grid);
  cairo_arc (cr, cx, cy, r, GAUGE_START, GAUGE_START + GAUGE_SWEEP);
  cairo_stroke (cr);
  if (f > 0)
    {
      ts_render_set_color (cr, fraction > 1 ? &over_color : &ctx->style->accent);
      cairo_arc (cr, cx, cy, r, GAUGE_START, GAUGE_START + GAUGE_SWEEP * f);
      cairo_stroke (cr);
    }
  /* the limit's tick at the end of the scale */
  ts_render_set_color (cr, &ctx->style->foreground);
  cairo_set_line_width (cr, MAX (1, 0.12 * ctx->em));
  cairo_move_to (cr, cx + (r - lw) * cos (GAUGE_START + GAUGE_SWEEP), cy + (r - lw) * sin (GAUGE_START + GAUGE_SWEEP));
  cairo_line_to (cr, cx + (r + lw) * cos (GAUGE_START + GAUGE_SWEEP), cy + (r + lw) * sin (GAUGE_START + GAUGE_SWEEP));
  cairo_stroke (cr);
}

/* The largest of big type, a title's or body type in which the value
 * fits: inside the arc of radius r (its box's corners clear of the arc's
 * inner edge), or, with r 0, across the tile; 0 if none. */
static double
value_factor_for (TsRenderCtx *ctx,
                  const Tile  *t,
                  double       r,
                  double       inner)
{
  static const double value_factors[] = { TS_TEXT_BIG, TS_TEXT_TITLE, TS_TEXT_NORMAL };
  double lw = GAUGE_LINE_EM * ctx->em;

  for (guint i = 0; i < G_N_ELEMENTS (value_factors); i++)
    {
      double w, h;

      ts_render_text_size (ctx, t->value, &(TsTextLook) { .factor = value_factors[i], .weight = PANGO_WEIGHT_BOLD },
                           &w, &h);
      if (r > 0 ? hypot (w / 2, h / 2) <= r - lw / 2 - 0.1 * ctx->em : w <= inner)
        return value_factors[i];
    }
  return 0;
}

/* The value in its arc (the gauge drawn round it) where the row has arcs
 * and it fits; else the value alone, centred on the area's middle, in
 * the largest type that fits the tile (body type cut short at worst). */
static void
draw_value (TsRenderCtx *ctx,
            const Tile  *t,
            double       r,
            double       cx,
            double       cy,
            double       inner,
            double       middle)
{
  double factor = t->fraction >= 0 && r > 0 ? value_factor_for (ctx, t, r, inner) : 0;
  const TsColor *color = t->fraction > 1 ? &over_color : NULL;

  if (factor > 0)
    draw_gauge (ctx, cx, cy, r, t->fraction);
  else
    {
      factor = value_factor_for (ctx, t, 0, inner);
      factor = factor > 0 ? factor : TS_TEXT_NORMAL;
      cy = middle;
    }
  ts_render_text (ctx, t->value, cx - inner / 2, cy - ts_render_line_height (ctx, factor) / 2, inner,
                  &(TsTextLook) { .factor = factor, .weight = PANGO_WEIGHT_BOLD, .color = color,
                                  .align = TS_ALIGN_CENTER });
}

static void
draw_tile (TsRenderCtx         *ctx,
           const PowerGeometry *g,
           const Tile          *t,
           guint                row,
           double               x)
{
  const TsRenderStyle *st = ctx->style;
  cairo_t *cr = ctx->cr;
  double em = ctx->em;
  double y = g->row_y[row];
  double inner = g->tile_w - 1.2 * em;
  double lw = GAUGE_LINE_EM * em;
  double r = g->gauge_r;
  double area_top = y + 0.6 * em + g->row_title_lines[row] * g->lh + 0.6 * em;
  double area_h = g->row_h[row] - (area_top - y) - g->row_detail_lines[row] * g->lh - 0.6 * em;
  double cy = area_top + lw / 2 + r;

  ts_render_set_color (cr, &st->grid);
  ts_render_rounded_rect (cr, x, y, g->tile_w, g->row_h[row], 0.5 * em);
  cairo_set_line_width (cr, MAX (1, 0.08 * em));
  cairo_stroke (cr);

  ts_render_text (ctx, t->title, x + 0.6 * em, y + 0.6 * em, inner,
                  &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD, .align = TS_ALIGN_CENTER,
                                  .max_lines = (int) g->row_title_lines[row] });
  draw_value (ctx, t, g->row_gauge[row] ? r : 0, x + g->tile_w / 2, cy, inner,
              area_top + area_h / 2);

  /* its lines at most; a longer text is cut by the tile, not spilled */
  cairo_save (cr);
  cairo_rectangle (cr, x, area_top + area_h, g->tile_w, g->row_detail_lines[row] * g->lh + 0.3 * em);
  cairo_clip (cr);
  ts_render_paragraph (ctx, t->detail, x + 0.6 * em, area_top + area_h, inner,
                       &(TsTextLook) { .color = &st->muted, .align = TS_ALIGN_CENTER }, TRUE);
  cairo_restore (cr);
}

/* As many eights as the largest rack number has digits (twice, with a
 * dash, when racks are grouped): room for every label in the column, so
 * “1024” is not cut to “10…”. */
static const char *
widest_number (guint     largest,
               gboolean  range,
               char     *buffer)
{
  guint digits = 1;

  for (guint n = largest; n >= 10; n /= 10)
    digits++;
  memset (buffer, '8', digits);
  buffer[digits] = '\0';
  if (range)
    {
      strcat (buffer, "–");
      memset (buffer + strlen (buffer), '8', digits);
      buffer[digits + strlen ("–") + digits] = '\0';
    }
  return buffer;
}

/* The tiles row by row; each tile's strings are freed once drawn. */
static void
draw_tiles (TsRenderCtx         *ctx,
            const PowerGeometry *g,
            Tile                *tiles,
            guint                n)
{
  for (guint i = 0; i < n; i++)
    {
      double x = g->pad + (i % g->cols) * (g->tile_w + g->gap);

      draw_tile (ctx, g, &tiles[i], i / g->cols, x);
    }
}

/* One bar of the racks' list: the rack's number (or a group's range),
 * its load as a share of its limit, and the load in words. */
static void
draw_rack_bar (TsRenderCtx         *ctx,
               const PowerGeometry *g,
               const TsRackGroup   *group,
               const TsRack        *r,
               double               x,
               double               y,
               double               label_w,
               gboolean             any_group)
{
  const TsRenderStyle *st = ctx->style;
  cairo_t *cr = ctx->cr;
  double em = ctx->em;
  double f = r->limit_kw > 0 ? r->power_kw / r->limit_kw : 0;
  double bar_x = x + label_w;
  /* a group's “(× 27)” needs a little more room */
  double text_w = (any_group ? 0.55 : 0.45) * (g->rack_w - label_w);
  double bar_w = g->rack_w - label_w - text_w - 0.4 * em;
  double bar_h = 0.6 * g->lh;
  char number[48];
  g_autofree char *kw = ts_format_kw (r->power_kw);
  g_autofree char *lim = ts_format_kw (r->limit_kw);
  g_autofree char *load = r->limit_kw > 0 ? g_strdup_printf (_("%s of %s"), kw, lim) : g_strdup (kw);
  g_autofree char *text = group->count > 1 ? g_strdup_printf ("%s (× %u)", load, group->count)
                                           : g_strdup (load);

  if (group->count > 1)
    g_snprintf (number, sizeof number, "%u–%u", group->first + 1, group->first + group->count);
  else
    g_snprintf (number, sizeof number, "%u", group->first + 1);
  ts_render_text (ctx, number, x, y, label_w - 0.3 * em,
                  &(TsTextLook) { .factor = TS_TEXT_SMALL, .color = &st->muted, .align = TS_ALIGN_END });
  ts_render_set_color (cr, &st->grid);
  cairo_rectangle (cr, bar_x, y + (g->lh - bar_h) / 2, bar_w, bar_h);
  cairo_fill (cr);
  ts_render_set_color (cr, f > 1 ? &over_color : &st->accent);
  cairo_rectangle (cr, bar_x, y + (g->lh - bar_h) / 2, bar_w * CLAMP (f, 0, 1), bar_h);
  cairo_fill (cr);
  ts_render_text (ctx, text, bar_x + bar_w + 0.4 * em, y, text_w,
                  &(TsTextLook) { .factor = TS_TEXT_SMALL, .weight = f > 1 ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL });
}

/* A slide's racks' list cut to the rows that fit ends in a line that
 * says how many racks it leaves out. */
static void
draw_more_racks (TsRenderCtx         *ctx,
                 const PowerGeometry *g,
                 guint                left_out,
                 double               y)
{
  /* Translators: the last line of the per-rack power list on a slide, where the rest does not fit */
  g_autofree char *more = g_strdup_printf (ngettext ("… and %u more rack: the Rack page shows each",
                                                     "… and %u more racks: the Rack page shows each", left_out),
                                           left_out);

  ts_render_text (ctx, more, g->pad, y, ctx->width - 2 * g->pad,
                  &(TsTextLook) { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted });
}

/* The racks' list under its heading, one bar per group of racks that
 * draw alike, with the numbers' column as wide as the widest number. */
static void
draw_rack_bars (TsRenderCtx         *ctx,
                const PowerGeometry *g,
                const GArray        *racks)
{
  double em = ctx->em;
  double y0 = g->racks_y;
  double label_w;
  double clip_x0, clip_y0, clip_x1, clip_y1;
  char widest[48];
  guint first = 0;
  g_autoptr(GArray) groups = ts_render_rack_groups (racks, same_load);
  gboolean any_group = ts_render_rack_groups_any (groups);
  /* on a slide, the rows that fit; the last of them says what is left */
  guint shown = g->rack_rows_shown < g->rack_rows ? (g->rack_rows_shown - 1) * g->rack_cols : groups->len;

  ts_render_text (ctx, _("Per rack, of its limit"), g->pad, y0, ctx->width - 2 * g->pad,
                  &(TsTextLook) { .weight = PANGO_WEIGHT_BOLD });
  y0 += g->lh + 0.4 * em;
  ts_render_text_size (ctx, widest_number (racks->len, any_group, widest),
                       &(TsTextLook) { .factor = TS_TEXT_SMALL }, &label_w, NULL);
  label_w += 0.5 * em;
  /* Only the rows in view: a page of a long cluster shows a slice of
   * thousands of bars, and is drawn once per page. */
  cairo_clip_extents (ctx->cr, &clip_x0, &clip_y0, &clip_x1, &clip_y1);
  if (clip_y0 > y0 + g->rack_row_h)
    first = (guint) MIN (floor ((clip_y0 - y0) / g->rack_row_h) - 1, (double) g->rack_rows) * g->rack_cols;
  for (guint i = first; i < shown; i++)
    {
      const TsRackGroup *group = &g_array_index (groups, TsRackGroup, i);
      double x = g->pad + (i % g->rack_cols) * (g->rack_w + g->gap);
      double y = y0 + (i / g->rack_cols) * g->rack_row_h;

      if (y > MIN (ctx->height, clip_y1))
        break;
      draw_rack_bar (ctx, g, group, &g_array_index (racks, TsRack, group->first), x, y, label_w, any_group);
    }
  if (shown < groups->len)
    draw_more_racks (ctx, g, racks->len - g_array_index (groups, TsRackGroup, shown).first,
                     y0 + (g->rack_rows_shown - 1) * g->rack_row_h);
}

void
ts_render_power_draw (TsRenderCtx *ctx)
{
  const TsOption *o = ctx->option;
  PowerGeometry g;
  Tile tiles[MAX_TILES] = { { 0 } };
  g_autofree char *title = NULL;
  guint n;

  if (o == NULL)
    {
      ts_render_message (ctx, _("No hardware option"),
                         _("Power and heat are shown once a server is chosen for this scenario."));
      return;
    }

  n = build_tiles (ctx->plan, o, tiles);
  power_geometry (ctx, &g, tiles, n);
  title = power_title (o);
  ts_render_title (ctx, title, g.pad, g.pad, ctx->width - 2 * g.pad);
  draw_tiles (ctx, &g, tiles, n);
  clear_tiles (tiles, n);
  if (g.rack_rows > 0)
    draw_rack_bars (ctx, &g, ts_render_option_racks (o));
}

char *
ts_render_power_describe (const TsPlan   *plan,
                          const TsOption *o)
{
  g_autofree char *kw = NULL;
  g_autofree char *limit = NULL;
  g_autofree char *btu = NULL;
  g_autofree char *tons = NULL;
  g_autofree char *amps = NULL;
  g_autofree char *feed = NULL;
  g_autofree char *volts = NULL;
  g_autofree char *power = NULL;
  g_autofree char *facility = NULL;

  if (o == NULL)
    return g_strdup (_("Power and heat: no hardware option for this scenario."));

  kw = ts_format_kw (o->power_kw);
  limit = ts_format_kw (ts_option_site_limit_kw (o));
  btu = ts_format_btu_h (o->heat_btu_h);
  tons = ts_format_tons (o->cooling_tons);
  amps = ts_format_amps (o->amps_per_phase);
  feed = ts_format_amps (o->feed_amps);
  volts = voltage_text (plan->scenario);
  if (o->note_flags & TS_NOTE_ONE_FEED)
    /* Translators: accessible description of the power gauges of a one-PSU workstation */
    power = g_strdup_printf (_("Power and heat: %s at maximum draw of a %s site limit; heat %s, %s of cooling; "
                               "%s per phase (%s); one power supply on one feed carrying %s."),
                             kw, limit, btu, tons, amps, volts, feed);
  else
    /* Translators: accessible description of the power gauges */
    power = g_strdup_printf (_("Power and heat: %s at maximum draw of a %s site limit; heat %s, %s of cooling; "
                            "%s per phase (%s); PSU redundancy %s%s; each of feeds A and B carries %s."),
                          kw, limit, btu, tons, amps, volts,
                          o->server->psu_redundancy != NULL ? o->server->psu_redundancy : C_("redundancy", "none"),
                          o->psu_ok ? "" : _(" (the active supplies cannot carry the server)"),
                          feed);
  /* the facility's own sentence, as on the sheet's site page */
  facility = ts_facility_dup_summary (&o->facility);
  return g_strconcat (power, " ", facility, ".", NULL);
}
