/* ts-render-drawing.c — one entry per drawing: fit, draw, measure and
 * describe any of them by name
 *
 * The drawings (ts-render-memory.c and its siblings) use the shared
 * helpers of ts-render.c, ts-render-style.c, ts-render-format.c and
 * ts-render-text.c; this file is the only one that knows them all, so the
 * helpers never point back at a drawing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <math.h>

#include "ts-render-private.h"

/* Dispatch */

typedef struct
{
  void   (*draw)     (TsRenderCtx *ctx);
  double (*height)   (TsRenderCtx *ctx);
  char  *(*describe) (const TsPlan *plan, const TsOption *option);
  double   min_scale;
  /* Where a page may end (NULL: nowhere in particular). */
  GArray *(*breaks)  (TsRenderCtx *ctx);
  /* Every text it may cut is decided by its geometry, which its height
   * pass lays out: what growing it would cut is measured without a
   * drawing pass (a table giving up columns). */
  gboolean cuts_in_height;
  /* On a slide it lays its shapes out to the height it is given, its
   * type at the presenter's size (the rack elevation's units shrink to
   * show the whole rack, the power gauges' arcs to show every tile): it
   * is not grown past that size. */
  gboolean fits_slide;
} DrawingClass;

static const DrawingClass drawing_classes[TS_N_DRAWINGS] = {
  { ts_render_memory_draw, ts_render_memory_height, ts_render_memory_describe, TS_MIN_SCALE },
  { ts_render_comparison_draw, ts_render_comparison_height, ts_render_comparison_describe, TS_MIN_SCALE, NULL, TRUE },
  /* A large cluster shrinks further: the racks stay whole and in view,
   * their labels give way first. */
  { ts_render_rack_draw, ts_render_rack_height, ts_render_rack_describe, 0.1, ts_render_rack_breaks, FALSE, TRUE },
  /* On a slide the gauges shrink and the tiles take more columns: no
   * scrolling on a projector. */
  { ts_render_power_draw, ts_render_power_height, ts_render_power_describe, TS_MIN_SCALE, ts_render_power_breaks,
    FALSE, TRUE },
  { ts_render_time_draw, ts_render_time_height, ts_render_time_describe, TS_MIN_SCALE },
  { ts_render_summary_draw, ts_render_summary_height, ts_render_summary_describe, TS_MIN_SCALE },
  { ts_render_network_draw, ts_render_network_height, ts_render_network_describe, TS_MIN_SCALE },
};

#define FIT_STEPS 8

/* A pass that only measures, on a 1 × 1 surface of its own; ended by
 * measure_end (). */
static void
measure_begin (TsRenderCtx         *ctx,
               const TsRenderFrame *frame)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  ts_render_ctx_init (ctx, cr, frame);
}

static void
measure_end (TsRenderCtx *ctx)
{
  cairo_t *cr = ctx->cr;

  ts_render_ctx_clear (ctx);
  cairo_destroy (cr);
}


/* The smallest scale the style allows: in presenter mode the smallest
 * text stays at min_text_px device pixels. */
static double
least_scale (TsRenderCtx        *ctx,
             const DrawingClass *klass)
{
  const TsRenderStyle *st = ctx->style;
  double small_px = st->font_size * st->font_scale * st->dpi / 72.0 * TS_TEXT_SMALL;

  /* a page is laid out at the drawing's natural height: no minimum there
   * unless presenting */
  if (st->min_text_px > 0 && small_px > 0 && (!st->print || st->presenter))
    return MIN (1.0, MAX (klass->min_scale, st->min_text_px / small_px));
  return klass->min_scale;
}

/* The largest a screen drawing grows to fill the area it is given: body
 * text of at most TS_FILL_MAX_TEXT_PX device pixels (a projector's 3 m
 * reading size is about 24 px at 1080 lines, so this stays a comfortable
 * step above it), and never more than TS_FILL_MAX_SCALE times the style's
 * own size.  A page keeps its natural size: its layout places drawings at
 * their natural height. */
#define TS_FILL_MAX_TEXT_PX 40.0
#define TS_FILL_MAX_SCALE    3.0

static double
largest_scale (TsRenderCtx        *ctx,
               const DrawingClass *klass)
{
  const TsRenderStyle *st = ctx->style;
  double body_px = st->font_size * st->font_scale * st->dpi / 72.0;

  if (st->print || body_px <= 0 || (st->presenter && klass->fits_slide))
    return 1.0;
  return MAX (1.0, MIN (TS_FILL_MAX_SCALE, TS_FILL_MAX_TEXT_PX / body_px));
}

/* The scale at which the drawing's height is the area's, by bisection
 * between lo (fits) and hi (does not): a rack cluster's height falls
 * faster than its scale, as more racks fit in a row. */
typedef gboolean (*FitsFunc) (TsRenderCtx        *ctx,
                              const DrawingClass *klass,
                              double              scale,
                              gpointer            data);

/* A grown drawing that would cut words is bisected on drawn passes:
 * fewer steps, as each one draws the whole drawing. */
#define GROW_STEPS 4

static double
bisect_scale_steps (TsRenderCtx        *ctx,
                    const DrawingClass *klass,
                    double              lo,
                    double              hi,
                    FitsFunc            fits,
                    gpointer            data,
                    int                 steps)
{
  for (int i = 0; i < steps; i++)
    {
      double mid = (lo + hi) / 2;

      if (fits (ctx, klass, mid, data))
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static double
bisect_scale (TsRenderCtx        *ctx,
              const DrawingClass *klass,
              double              lo,
              double              hi,
              FitsFunc            fits,
              gpointer            data)
{
  return bisect_scale_steps (ctx, klass, lo, hi, fits, data, FIT_STEPS);
}

static gboolean
fits_height (TsRenderCtx        *ctx,
             const DrawingClass *klass,
             double              scale,
             gpointer            data)
{
  ts_render_ctx_set_scale (ctx, scale);
  return klass->height (ctx) <= ctx->height + 0.5;
}

/* How many texts a pass at this scale cuts short (ellipsized). */
static guint
cut_texts_at (const TsRenderFrame *frame,
              const DrawingClass  *klass,
              double               scale)
{
  TsRenderCtx m;
  guint cut;

  measure_begin (&m, frame);
  ts_render_ctx_set_scale (&m, scale);
  m.cut_texts = 0;
  if (klass->cuts_in_height)
    klass->height (&m);
  else
    klass->draw (&m);
  cut = m.cut_texts;
  measure_end (&m);
  return cut;
}

typedef struct
{
  const TsRenderFrame *frame;
  guint                cut_at_one;
} GrowData;

/* A grown drawing fits when it is no taller than its area and cuts no
 * more of its words than at its own size: larger type that ellipsizes a
 * line says less, so the width bounds the growth as the height does. */
static gboolean
fits_grown (TsRenderCtx        *ctx,
            const DrawingClass *klass,
            double              scale,
            gpointer            data)
{
  const GrowData *grow = data;

  return fits_height (ctx, klass, scale, NULL)
         && cut_texts_at (grow->frame, klass, scale) <= grow->cut_at_one;
}

/* The largest scale up to `most` at which the drawing is no taller than
 * its area. A drawing's height grows about in proportion to its scale,
 * so a few secant steps find it where a bisection would lay every text
 * out eight times over (each scale is new text to Pango). */
#define GROW_HEIGHT_STEPS 3
#define GROW_REFINE_STEPS 4

static double
grown_to_height (TsRenderCtx        *ctx,
                 const DrawingClass *klass,
                 double              most)
{
  double fitting = 1.0;         /* the largest scale seen to fit */
  double failing = most + 1;    /* the smallest seen not to */
  double scale = most;

  for (int i = 0; i < GROW_HEIGHT_STEPS; i++)
    {
      double h;

      ts_render_ctx_set_scale (ctx, scale);
      h = klass->height (ctx);
      if (h <= ctx->height + 0.5)
        {
          fitting = MAX (fitting, scale);
          if (scale >= most || h >= 0.97 * ctx->height)
            return fitting;
        }
      else
        failing = MIN (failing, scale);
      if (h <= 0)
        return fitting;
      /* the next guess: the height's share of the area, a hair under */
      scale = MIN (most, MAX (1.0, scale * (ctx->height / h) * 0.995));
      if (scale <= fitting || scale >= failing)
        break;
    }
  /* a drawing that reflows (gauges wrapping to a new row) is not
   * proportional: bisect what the guesses left between fit and not */
  if (failing <= most)
    fitting = bisect_scale_steps (ctx, klass, fitting, failing, fits_height, NULL, GROW_REFINE_STEPS);
  return fitting;
}

/* Shrinks a drawing too tall for its area, and grows one that would leave
 * most of it empty (a window pane, a projector's screen): the drawing
 * fills the space it is given within legible bounds. */
static void
fit_scale (TsRenderCtx         *ctx,
           const DrawingClass  *klass,
           const TsRenderFrame *frame)
{
  double lo = least_scale (ctx, klass);
  double most = largest_scale (ctx, klass);

  if (klass->height (ctx) <= ctx->height + 0.5)
    {
      GrowData grow = { frame, 0 };
      double tallest;
      guint cut;

      if (most <= 1.0 || frame == NULL)
        return;
      /* the height alone first (no drawing pass), then one pass to see
       * that the grown drawing cuts no text: the usual case costs a
       * single pass; only a drawing that would cut words at its grown
       * size bisects on drawn passes */
      tallest = grown_to_height (ctx, klass, most);
      cut = cut_texts_at (frame, klass, tallest);
      if (cut > 0)
        {
          grow.cut_at_one = cut_texts_at (frame, klass, 1.0);
          if (cut > grow.cut_at_one)
            tallest = bisect_scale_steps (ctx, klass, 1.0, tallest, fits_grown, &grow, GROW_STEPS);
        }
      ts_render_ctx_set_scale (ctx, tallest);
      return;
    }
  ts_render_ctx_set_scale (ctx, lo);
  if (klass->height (ctx) > ctx->height + 0.5)
    return;   /* too tall even at the least: drawn at it, clipped */
  ts_render_ctx_set_scale (ctx, bisect_scale (ctx, klass, lo, 1.0, fits_height, NULL));
}

/* Draws at a scale already fitted: the scale fit_scale () chose for the
 * same drawing, plan, size and style. */
static void
draw_at_scale (TsDrawing            drawing,
               cairo_t             *cr,
               const TsRenderFrame *frame,
               double               scale,
               gboolean             fit)
{
  TsRenderCtx ctx;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, frame->width, frame->height);
  cairo_clip (cr);
  ts_render_ctx_init (&ctx, cr, frame);
  if (fit)
    fit_scale (&ctx, &drawing_classes[drawing], frame);
  else
    ts_render_ctx_set_scale (&ctx, scale);
  drawing_classes[drawing].draw (&ctx);
  ts_render_ctx_clear (&ctx);
  cairo_restore (cr);
}

void
ts_render_drawing (TsDrawing            drawing,
                   cairo_t             *cr,
                   const TsPlan        *plan,
                   int                  option_index,
                   double               width,
                   double               height,
                   const TsRenderStyle *style,
                   const TsRackOptions *rack_options)
{
  TsRenderFrame frame = { plan, option_index, width, height, style, rack_options };

  g_return_if_fail (drawing < TS_N_DRAWINGS);
  g_return_if_fail (cr != NULL && plan != NULL && style != NULL);

  if (width <= 0 || height <= 0)
    return;
  draw_at_scale (drawing, cr, &frame, 1.0, TRUE);
}

void
ts_render_drawing_at_scale (TsDrawing            drawing,
                            cairo_t             *cr,
                            const TsPlan        *plan,
                            int                  option_index,
                            double               width,
                            double               height,
                            const TsRenderStyle *style,
                            const TsRackOptions *rack_options,
                            double               scale)
{
  TsRenderFrame frame = { plan, option_index, width, height, style, rack_options };

  g_return_if_fail (drawing < TS_N_DRAWINGS);
  g_return_if_fail (cr != NULL && plan != NULL && style != NULL);
  g_return_if_fail (scale > 0);

  if (width <= 0 || height <= 0)
    return;
  draw_at_scale (drawing, cr, &frame, scale, FALSE);
}

double
ts_render_drawing_fit (TsDrawing            drawing,
                       const TsPlan        *plan,
                       int                  option_index,
                       double               width,
                       double               height,
                       const TsRenderStyle *style,
                       const TsRackOptions *rack_options)
{
  TsRenderCtx ctx;
  double scale;
  TsRenderFrame frame = { plan, option_index, width, height, style, rack_options };

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, 1.0);
  g_return_val_if_fail (plan != NULL && style != NULL, 1.0);

  if (width <= 0 || height <= 0)
    return 1.0;
  measure_begin (&ctx, &frame);
  fit_scale (&ctx, &drawing_classes[drawing], &frame);
  scale = ctx.scale;
  measure_end (&ctx);
  return scale;
}

double
ts_render_drawing_scale (TsDrawing            drawing,
                         const TsPlan        *plan,
                         int                  option_index,
                         double               width,
                         double               height,
                         const TsRenderStyle *style)
{
  return ts_render_drawing_fit (drawing, plan, option_index, width, height, style, NULL);
}

/* The same measuring pass as ts_render_drawing_scale (), kept apart: that one fits a box, this one reads a height. */
double
ts_render_drawing_height (TsDrawing            drawing,
                          const TsPlan        *plan,
                          int                  option_index,
                          double               width,
                          const TsRenderStyle *style)
{
  TsRenderCtx ctx;
  double height;

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, 0);
  g_return_val_if_fail (plan != NULL && style != NULL, 0);

  measure_begin (&ctx, &(TsRenderFrame) { plan, option_index, width, G_MAXDOUBLE, style });
  height = ceil (drawing_classes[drawing].height (&ctx));
  measure_end (&ctx);
  return height;
}

GArray *
ts_render_drawing_breaks (TsDrawing            drawing,
                          const TsPlan        *plan,
                          int                  option_index,
                          double               width,
                          const TsRenderStyle *style)
{
  TsRenderCtx ctx;
  GArray *breaks;

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, NULL);
  g_return_val_if_fail (plan != NULL && style != NULL, NULL);

  if (drawing_classes[drawing].breaks == NULL)
    return NULL;
  measure_begin (&ctx, &(TsRenderFrame) { plan, option_index, width, G_MAXDOUBLE, style });
  breaks = drawing_classes[drawing].breaks (&ctx);
  measure_end (&ctx);
  return breaks;
}

gboolean
ts_render_drawing_fits_slide (TsDrawing drawing)
{
  g_return_val_if_fail (drawing < TS_N_DRAWINGS, FALSE);

  return drawing_classes[drawing].fits_slide;
}

char *
ts_render_drawing_describe (TsDrawing     drawing,
                            const TsPlan *plan,
                            int           option_index)
{
  g_return_val_if_fail (drawing < TS_N_DRAWINGS, NULL);
  g_return_val_if_fail (plan != NULL, NULL);

  return drawing_classes[drawing].describe (plan, ts_render_pick_option (plan, option_index));
}

gboolean
ts_render_memory_hit (const TsPlan        *plan,
                      int                  option_index,
                      double               width,
                      double               height,
                      const TsRenderStyle *style,
                      double               x,
                      double               y,
                      TsComponent         *component,
                      gboolean            *per_gpu)
{
  TsRenderCtx ctx;
  TsRenderFrame frame = { plan, option_index, width, height, style, NULL };
  gboolean hit;

  g_return_val_if_fail (plan != NULL && style != NULL, FALSE);

  if (width <= 0 || height <= 0)
    return FALSE;
  /* the same scale as the drawing shown, grown or shrunk */
  measure_begin (&ctx, &frame);
  fit_scale (&ctx, &drawing_classes[TS_DRAWING_MEMORY], &frame);
  hit = ts_render_memory_hit_ctx (&ctx, x, y, component, per_gpu);
  measure_end (&ctx);
  return hit;
}
