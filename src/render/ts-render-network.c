/* ts-render-network.c — the compute fabric to its counts
 *
 * The tiers top down — core, spine, then the scalable units with a leaf
 * per rail over their servers — each with its switch count, and between
 * the tiers the links they carry. Identical SUs are drawn once, with
 * “× 16 SUs” beside them, as the rack elevation draws identical racks
 * once; a partial SU is drawn after them with its own server count. The
 * counts are the engine's (src/engine/fabric, docs/cluster-fabric.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-render-private.h"

/* Switch boxes drawn in a row at most; more stand for themselves. */
#define MAX_BOXES 12

typedef struct
{
  double pad;
  double title_h;
  double lh;
  double box_h;       /* a switch */
  double gap;         /* between tiers: the links and their count */
  double core_y, spine_y, su_y;
  double su_h;        /* one SU: its leaves over its servers */
  guint  full_sus;    /* SUs drawn once with a multiplier */
  guint  partial;     /* servers of the last SU when partial, else 0 */
  double bottom;
} NetGeometry;

static char *
network_title (const TsOption *o)
{
  const TsNetwork *net = o->network;

  /* Translators: title of the network drawing: “Compute fabric: NVIDIA Quantum-2 QM9700, 3 tiers” */
  return g_strdup_printf (ngettext ("Compute fabric: %s, %u tier", "Compute fabric: %s, %u tiers", o->fabric.tiers),
                          net != NULL ? net->switch_model : "", o->fabric.tiers);
}

static void
net_geometry (TsRenderCtx *ctx,
              NetGeometry *g)
{
  const TsOption *o = ctx->option;
  double em = ctx->em;
  g_autofree char *title = network_title (o);
  double y;

  memset (g, 0, sizeof *g);
  g->pad = em * 0.8;
  g->lh = ts_render_line_height (ctx, TS_TEXT_NORMAL);
  g->title_h = ts_render_title_height (ctx, title, ctx->width - 2 * g->pad);
  g->box_h = g->lh * 1.6;
  g->gap = g->lh * 2.6;
  y = g->pad + g->title_h + g->lh;
  if (o->fabric.cores > 0)
    {
      g->core_y = y;
      y += g->box_h + g->gap;
    }
  if (o->fabric.spines > 0)
    {
      g->spine_y = y;
      y += g->box_h + g->gap;
    }
  g->su_y = y;
  /* a label row, the leaves, the servers' row */
  g->su_h = g->lh * 1.2 + g->box_h + g->lh * 0.6 + g->box_h + g->lh * 0.4;
  if (o->fabric.tiers >= 2 && o->fabric.nodes_per_su > 0)
    {
      g->partial = o->servers % o->fabric.nodes_per_su;
      g->full_sus = o->servers / o->fabric.nodes_per_su;
    }
  else
    g->full_sus = 1;
  y += g->su_h * ((g->full_sus > 0) + (g->partial > 0)) + g->lh * 0.6 * ((g->full_sus > 0) + (g->partial > 0));
  g->bottom = y + g->lh * 1.5;
}

double
ts_render_network_height (TsRenderCtx *ctx)
{
  NetGeometry g;

  if (ctx->option == NULL || ctx->option->servers <= 1 || ctx->option->fabric.tiers == 0)
    return ts_render_message_height (ctx);
  net_geometry (ctx, &g);
  return g.bottom + g.pad;
}

/* A row of count switches as up to MAX_BOXES boxes across x … x+w, the
 * label and count at the left; returns the boxes' centres' span. */
static void
draw_tier (TsRenderCtx   *ctx,
           const char    *label,
           guint          count,
           TsDeviceRole   role,
           double         x,
           double         y,
           double         w,
           double         h)
{
  cairo_t *cr = ctx->cr;
  TsColor fill = ts_render_role_color (role);
  TsColor ink = ts_render_contrast_color (&fill);
  g_autofree char *number = ts_format_number (count, 0);
  g_autofree char *text = g_strdup_printf ("%s: %s", label, number);
  double label_w = ctx->em * 9;
  guint shown = MIN (count, (guint) MAX_BOXES);
  double bw = (w - label_w) / MAX (shown, 1u);
  TsTextLook look = { .weight = PANGO_WEIGHT_BOLD, .max_lines = 2 };

  ts_render_text (ctx, text, x, y + (h - ts_render_line_height (ctx, TS_TEXT_NORMAL)) / 2, label_w - ctx->em * 0.5, &look);
  for (guint i = 0; i < shown; i++)
    {
      double bx = x + label_w + i * bw;

      ts_render_set_color (cr, &fill);
      ts_render_rounded_rect (cr, bx + bw * 0.08, y, bw * 0.84, h, ctx->em * 0.2);
      cairo_fill (cr);
      if (i == shown - 1 && count > shown)
        {
          TsTextLook more = { .factor = TS_TEXT_SMALL, .color = &ink, .align = TS_ALIGN_CENTER };

          ts_render_text (ctx, "…", bx, y + (h - ts_render_line_height (ctx, TS_TEXT_SMALL)) / 2, bw, &more);
        }
    }
}

/* Links between two tiers: a fan of lines and their count. */
static void
draw_links (TsRenderCtx *ctx,
            guint        links,
            double       x,
            double       top,
            double       bottom,
            double       w)
{
  cairo_t *cr = ctx->cr;
  double label_w = ctx->em * 9;
  g_autofree char *number = ts_format_number (links, 0);
  /* Translators: the links between two tiers of the network drawing: “4,096 links” */
  g_autofree char *text = g_strdup_printf (ngettext ("%s link", "%s links", links), number);
  TsTextLook look = { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted };
  const int n = 8;

  ts_render_set_color (cr, &ctx->style->grid);
  cairo_set_line_width (cr, MAX (ctx->em * 0.06, 0.5));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j += 3)
      {
        double x1 = x + label_w + (w - label_w) * (i + 0.5) / n;
        double x2 = x + label_w + (w - label_w) * (j + 0.5) / n;

        cairo_move_to (cr, x1, bottom);
        cairo_line_to (cr, x2, top);
      }
  cairo_stroke (cr);
  ts_render_text (ctx, text, x, (top + bottom - ts_render_line_height (ctx, TS_TEXT_SMALL)) / 2, label_w, &look);
}

/* One SU: its leaves, one per rail, over its servers; the multiplier at
 * the right. Returns nothing: the geometry says where it ends. */
static void
draw_su (TsRenderCtx       *ctx,
         const NetGeometry *g,
         double             y,
         guint              servers,
         guint              times)
{
  const TsOption *o = ctx->option;
  cairo_t *cr = ctx->cr;
  double x = g->pad;
  double w = ctx->width - 2 * g->pad;
  double label_w = ctx->em * 9;
  double mult_w = times > 1 ? ctx->em * 6 : 0;
  double inner = w - label_w - mult_w;
  guint rails = MAX (o->fabric.rails, 1u);
  /* one switch takes every rail in a one-tier fabric */
  guint shown = o->fabric.tiers == 1 ? 1 : MIN (rails, (guint) MAX_BOXES);
  double bw = inner / shown;
  TsColor leaf = ts_render_role_color (TS_DEVICE_LEAF_SWITCH);
  TsColor server = ts_render_role_color (TS_DEVICE_SERVER);
  TsColor ink = ts_render_contrast_color (&server);
  g_autofree char *name = ts_format_name (o->server->name);
  g_autofree char *nodes = servers < o->fabric.nodes_per_su && o->fabric.tiers >= 2
                           /* Translators: a partial scalable unit in the network drawing: “28 × NVIDIA DGX B200, a unit of 32 built whole” */
                           ? g_strdup_printf (_("%u × %s, a unit of %u built whole"), servers, name, o->fabric.nodes_per_su)
                           : g_strdup_printf ("%u × %s", servers, name);
  /* Translators: inside one scalable unit of the network drawing */
  g_autofree char *rails_text = o->fabric.tiers == 1
                               /* Translators: inside the network drawing of a one-switch fabric */
                               ? g_strdup_printf (ngettext ("%u rail, all on one switch", "%u rails, all on one switch", rails), rails)
                               : g_strdup_printf (ngettext ("%u rail, a leaf each", "%u rails, a leaf each", rails), rails);
  g_autofree char *leaves = ts_format_number ((double) o->fabric.leaves, 0);
  TsTextLook bold = { .weight = PANGO_WEIGHT_BOLD, .max_lines = 2 };
  TsTextLook small = { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted };
  TsTextLook on_server = { .factor = TS_TEXT_SMALL, .color = &ink, .align = TS_ALIGN_CENTER };
  double leaf_y = y + g->lh * 1.2;
  double node_y = leaf_y + g->box_h + g->lh * 0.6;
  char *label;

  /* the SU's frame */
  ts_render_set_color (cr, &ctx->style->grid);
  cairo_set_line_width (cr, MAX (ctx->em * 0.08, 0.5));
  ts_render_rounded_rect (cr, x + label_w - ctx->em * 0.3, y, inner + ctx->em * 0.6, g->su_h, ctx->em * 0.3);
  cairo_stroke (cr);
  /* Translators: the leaf tier in the network drawing: all the leaves of every unit */
  label = g_strdup_printf (_("Leaf: %s"), leaves);
  ts_render_text (ctx, label, x, leaf_y + (g->box_h - g->lh) / 2, label_w - ctx->em * 0.5, &bold);
  g_free (label);
  ts_render_text (ctx, rails_text, x + label_w, y + g->lh * 0.1, inner, &small);
  for (guint i = 0; i < shown; i++)
    {
      double bx = x + label_w + i * bw;

      ts_render_set_color (cr, &leaf);
      ts_render_rounded_rect (cr, bx + bw * 0.08, leaf_y, bw * 0.84, g->box_h, ctx->em * 0.2);
      cairo_fill (cr);
      /* the rail: every server's port k to leaf k */
      ts_render_set_color (cr, &ctx->style->grid);
      cairo_move_to (cr, bx + bw / 2, leaf_y + g->box_h);
      cairo_line_to (cr, bx + bw / 2, node_y);
      cairo_stroke (cr);
    }
  ts_render_set_color (cr, &server);
  ts_render_rounded_rect (cr, x + label_w, node_y, inner, g->box_h, ctx->em * 0.2);
  cairo_fill (cr);
  ts_render_text (ctx, nodes, x + label_w, node_y + (g->box_h - ts_render_line_height (ctx, TS_TEXT_SMALL)) / 2,
                  inner, &on_server);
  if (times > 1)
    {
      g_autofree char *mult = g_strdup_printf (ngettext ("× %u unit", "× %u units", times), times);
      TsTextLook big = { .factor = TS_TEXT_TITLE, .weight = PANGO_WEIGHT_BOLD, .align = TS_ALIGN_END, .max_lines = 2 };

      ts_render_text (ctx, mult, x + w - mult_w, y + g->su_h / 2 - ts_render_line_height (ctx, TS_TEXT_TITLE) / 2,
                      mult_w, &big);
    }
}

void
ts_render_network_draw (TsRenderCtx *ctx)
{
  const TsOption *o = ctx->option;
  NetGeometry g;
  g_autofree char *title = NULL;
  g_autofree char *note = NULL;
  double x, w, y;

  if (o == NULL)
    {
      ts_render_message (ctx, _("No hardware option"),
                         _("The network is shown once a server is chosen for this scenario."));
      return;
    }
  if (o->servers <= 1 || o->fabric.tiers == 0)
    {
      ts_render_message (ctx, _("One server"),
                         _("The GPUs exchange over the server’s own link; no compute fabric between servers is needed."));
      return;
    }
  net_geometry (ctx, &g);
  x = g.pad;
  w = ctx->width - 2 * g.pad;
  title = network_title (o);
  ts_render_title (ctx, title, g.pad, g.pad, w);

  if (o->fabric.cores > 0)
    {
      draw_tier (ctx, _("Core"), o->fabric.cores, TS_DEVICE_CORE_SWITCH, x, g.core_y, w, g.box_h);
      draw_links (ctx, o->fabric.cables_spine_core, x, g.core_y + g.box_h, g.spine_y, w);
    }
  if (o->fabric.spines > 0)
    {
      draw_tier (ctx, _("Spine"), o->fabric.spines, TS_DEVICE_SPINE_SWITCH, x, g.spine_y, w, g.box_h);
      draw_links (ctx, o->fabric.cables_leaf_spine, x, g.spine_y + g.box_h, g.su_y, w);
    }
  y = g.su_y;
  if (o->fabric.tiers == 1)
    {
      draw_su (ctx, &g, y, o->servers, 1);
      y += g.su_h + g.lh * 0.6;
    }
  else
    {
      if (g.full_sus > 0)
        {
          draw_su (ctx, &g, y, o->fabric.nodes_per_su, g.full_sus);
          y += g.su_h + g.lh * 0.6;
        }
      if (g.partial > 0)
        {
          draw_su (ctx, &g, y, g.partial, 1);
          y += g.su_h + g.lh * 0.6;
        }
    }
  {
    g_autofree char *links = ts_format_number (o->fabric.cables_node_leaf, 0);
    g_autofree char *tx = ts_format_number (o->transceivers, 0);
    TsTextLook small = { .factor = TS_TEXT_SMALL, .color = &ctx->style->muted, .max_lines = 2 };

    /* Translators: under the network drawing: “4,096 server–leaf links; 14,336 transceivers” */
    note = g_strdup_printf (_("%s server–leaf links; %s transceivers"), links, tx);
    ts_render_text (ctx, note, x, y, w, &small);
  }
}

char *
ts_render_network_describe (const TsPlan   *plan,
                            const TsOption *o)
{
  g_autofree char *name = NULL;

  if (o == NULL)
    return g_strdup (_("No hardware option: the network is shown once a server is chosen."));
  if (o->servers <= 1 || o->fabric.tiers == 0)
    return g_strdup (_("One server: no compute fabric between servers."));
  name = ts_format_name (o->server->name);
  /* Translators: accessible description of the network drawing */
  return g_strdup_printf (ngettext ("Compute fabric: %u scalable unit of up to %u × %s, %u rails; "
                                    "%u leaf, %u spine and %u core switches; %u server–leaf, %u leaf–spine "
                                    "and %u spine–core links; %u transceivers.",
                                    "Compute fabric: %u scalable units of up to %u × %s, %u rails; "
                                    "%u leaf, %u spine and %u core switches; %u server–leaf, %u leaf–spine "
                                    "and %u spine–core links; %u transceivers.", o->fabric.sus),
                          o->fabric.sus, o->fabric.nodes_per_su, name, o->fabric.rails,
                          o->fabric.leaves, o->fabric.spines, o->fabric.cores,
                          o->fabric.cables_node_leaf, o->fabric.cables_leaf_spine, o->fabric.cables_spine_core,
                          o->transceivers);
}
