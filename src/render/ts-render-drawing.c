/* ts-render-drawing.c — one entry per drawing: fit, draw, measure,
 * describe and export any of them by name
 *
 * The drawings (ts-render-memory.c and its siblings) use the shared
 * helpers of ts-render.c; this file is the only one that knows them all,
 * so the helpers never point back at a drawing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <cairo-svg.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

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
} DrawingClass;

static const DrawingClass drawing_classes[TS_N_DRAWINGS] = {
  { ts_render_memory_draw, ts_render_memory_height, ts_render_memory_describe, TS_MIN_SCALE },
  { ts_render_comparison_draw, ts_render_comparison_height, ts_render_comparison_describe, TS_MIN_SCALE },
  /* A large cluster shrinks further: the racks stay whole and in view,
   * their labels give way first. */
  { ts_render_rack_draw, ts_render_rack_height, ts_render_rack_describe, 0.1, ts_render_rack_breaks },
  { ts_render_power_draw, ts_render_power_height, ts_render_power_describe, TS_MIN_SCALE, ts_render_power_breaks },
  { ts_render_time_draw, ts_render_time_height, ts_render_time_describe, TS_MIN_SCALE },
};

/* Shrinks the drawing until it fits the height it was given: the largest
 * scale that fits, by bisection (a rack cluster's height falls faster
 * than its scale, as more racks fit in a row). */
#define FIT_STEPS 8

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

static void
fit_scale (TsRenderCtx        *ctx,
           const DrawingClass *klass)
{
  double lo = least_scale (ctx, klass);
  double hi = 1.0;

  if (klass->height (ctx) <= ctx->height + 0.5)
    return;
  ts_render_ctx_set_scale (ctx, lo);
  if (klass->height (ctx) > ctx->height + 0.5)
    return;   /* too tall even at the least: drawn at it, clipped */
  for (int i = 0; i < FIT_STEPS; i++)
    {
      double mid = (lo + hi) / 2;

      ts_render_ctx_set_scale (ctx, mid);
      if (klass->height (ctx) <= ctx->height + 0.5)
        lo = mid;
      else
        hi = mid;
    }
  ts_render_ctx_set_scale (ctx, lo);
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
  TsRenderCtx ctx;

  g_return_if_fail (drawing < TS_N_DRAWINGS);
  g_return_if_fail (cr != NULL && plan != NULL && style != NULL);

  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  ts_render_ctx_init (&ctx, cr, plan, option_index, width, height, style, rack_options);
  fit_scale (&ctx, &drawing_classes[drawing]);
  drawing_classes[drawing].draw (&ctx);
  ts_render_ctx_clear (&ctx);
  cairo_restore (cr);
}

/* A context for measuring only. */
static cairo_t *measure_cairo (void);

double
ts_render_drawing_scale (TsDrawing            drawing,
                         const TsPlan        *plan,
                         int                  option_index,
                         double               width,
                         double               height,
                         const TsRenderStyle *style)
{
  TsRenderCtx ctx;
  cairo_t *cr;
  double scale;

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, 1.0);
  g_return_val_if_fail (plan != NULL && style != NULL, 1.0);

  if (width <= 0 || height <= 0)
    return 1.0;
  cr = measure_cairo ();
  ts_render_ctx_init (&ctx, cr, plan, option_index, width, height, style, NULL);
  fit_scale (&ctx, &drawing_classes[drawing]);
  scale = ctx.scale;
  ts_render_ctx_clear (&ctx);
  cairo_destroy (cr);
  return scale;
}

static cairo_t *
measure_cairo (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  return cr;
}

double
ts_render_drawing_height (TsDrawing            drawing,
                          const TsPlan        *plan,
                          int                  option_index,
                          double               width,
                          const TsRenderStyle *style)
{
  TsRenderCtx ctx;
  cairo_t *cr;
  double height;

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, 0);
  g_return_val_if_fail (plan != NULL && style != NULL, 0);

  cr = measure_cairo ();
  ts_render_ctx_init (&ctx, cr, plan, option_index, width, G_MAXDOUBLE, style, NULL);
  height = ceil (drawing_classes[drawing].height (&ctx));
  ts_render_ctx_clear (&ctx);
  cairo_destroy (cr);
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
  cairo_t *cr;

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, NULL);
  g_return_val_if_fail (plan != NULL && style != NULL, NULL);

  if (drawing_classes[drawing].breaks == NULL)
    return NULL;
  cr = measure_cairo ();
  ts_render_ctx_init (&ctx, cr, plan, option_index, width, G_MAXDOUBLE, style, NULL);
  breaks = drawing_classes[drawing].breaks (&ctx);
  ts_render_ctx_clear (&ctx);
  cairo_destroy (cr);
  return breaks;
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
  cairo_t *cr;
  gboolean hit;

  g_return_val_if_fail (plan != NULL && style != NULL, FALSE);

  if (width <= 0 || height <= 0)
    return FALSE;
  cr = measure_cairo ();
  ts_render_ctx_init (&ctx, cr, plan, option_index, width, height, style, NULL);
  fit_scale (&ctx, &drawing_classes[TS_DRAWING_MEMORY]);
  hit = ts_render_memory_hit_ctx (&ctx, x, y, component, per_gpu);
  ts_render_ctx_clear (&ctx);
  cairo_destroy (cr);
  return hit;
}

/* Export */

typedef struct
{
  int      fd;
  int      saved_errno;
} WriteTarget;

static cairo_status_t
write_to_fd (void                *closure,
             const unsigned char *data,
             unsigned int         length)
{
  WriteTarget *target = closure;

  while (length > 0)
    {
      ssize_t n = write (target->fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          target->saved_errno = errno;
          return CAIRO_STATUS_WRITE_ERROR;
        }
      data += n;
      length -= (unsigned int) n;
    }
  return CAIRO_STATUS_SUCCESS;
}

static void
paint_drawing (cairo_t             *cr,
               TsDrawing            drawing,
               const TsPlan        *plan,
               int                  option_index,
               double               width,
               double               height,
               const TsRenderStyle *style)
{
  /* A file has no window behind it: give it the style's background. */
  ts_render_set_color (cr, &style->background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  ts_render_drawing (drawing, cr, plan, option_index, width, height, style, NULL);
}

gboolean
ts_render_export (TsDrawing            drawing,
                  const TsPlan        *plan,
                  int                  option_index,
                  const char          *path,
                  gboolean             svg,
                  double               width,
                  double               height,
                  const TsRenderStyle *style,
                  GError             **error)
{
  g_autofree char *tmp_path = NULL;
  g_autofree char *display = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  WriteTarget target = { -1, 0 };
  cairo_t *cr;

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, FALSE);
  g_return_val_if_fail (plan != NULL && path != NULL && style != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_filename_display_name (path);
  if (width <= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The drawing needs a width greater than zero"));
      return FALSE;
    }
  if (height <= 0)
    height = ts_render_drawing_height (drawing, plan, option_index, width, style);
  /* cairo's image surfaces stop at 32767 pixels a side. */
  if (!svg && (width > 32767 || height > 32767))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A PNG drawing can be at most 32,767 pixels wide or high"));
      return FALSE;
    }

  /* A temporary file beside the target, renamed over it when complete:
   * a failed export leaves no partial file behind. */
  tmp_path = g_strconcat (path, ".XXXXXX", NULL);
  target.fd = g_mkstemp_full (tmp_path, O_WRONLY, 0644);
  if (target.fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* Translators: the first %s is a file name, the second the system's reason */
                   _("Could not write the drawing to “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }

  if (svg)
    {
      surface = cairo_svg_surface_create_for_stream (write_to_fd, &target, width, height);
      cr = cairo_create (surface);
      paint_drawing (cr, drawing, plan, option_index, width, height, style);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  else
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width), (int) ceil (height));
      cr = cairo_create (surface);
      paint_drawing (cr, drawing, plan, option_index, width, height, style);
      cairo_destroy (cr);
      status = cairo_surface_status (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_write_to_png_stream (surface, write_to_fd, &target);
    }
  cairo_surface_destroy (surface);

  if (status == CAIRO_STATUS_SUCCESS && fsync (target.fd) != 0)
    {
      target.saved_errno = errno;
      status = CAIRO_STATUS_WRITE_ERROR;
    }
  if (close (target.fd) != 0 && status == CAIRO_STATUS_SUCCESS)
    {
      target.saved_errno = errno;
      status = CAIRO_STATUS_WRITE_ERROR;
    }
  if (status == CAIRO_STATUS_SUCCESS && g_rename (tmp_path, path) != 0)
    {
      target.saved_errno = errno;
      status = CAIRO_STATUS_WRITE_ERROR;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      const char *reason = target.saved_errno != 0 ? g_strerror (target.saved_errno)
                                                   : cairo_status_to_string (status);

      g_unlink (tmp_path);
      g_set_error (error, G_IO_ERROR,
                   target.saved_errno != 0 ? g_io_error_from_errno (target.saved_errno) : G_IO_ERROR_FAILED,
                   _("Could not write the drawing to “%s”: %s"), display, reason);
      return FALSE;
    }
  return TRUE;
}
