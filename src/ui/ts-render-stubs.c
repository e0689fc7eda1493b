/* ts-render-stubs.c — TEMPORARY stand-ins for the render layer's drawings
 *
 * The render developer implements these in src/render; until their first
 * version lands on main, weak definitions keep the window linking. A strong
 * definition from src/render replaces each one. Delete this file when the
 * real functions are on main.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>

#include "ts-render.h"

#define TS_WEAK __attribute__ ((weak))

TS_WEAK void
ts_render_drawing (TsDrawing            drawing,
                   cairo_t             *cr,
                   const TsPlan        *plan,
                   int                  option_index,
                   double               width,
                   double               height,
                   const TsRenderStyle *style,
                   const TsRackOptions *rack_options)
{
  ts_render_set_color (cr, &style->background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

TS_WEAK double
ts_render_drawing_height (TsDrawing            drawing,
                          const TsPlan        *plan,
                          int                  option_index,
                          double               width,
                          const TsRenderStyle *style)
{
  return width * 0.5;
}

TS_WEAK char *
ts_render_drawing_describe (TsDrawing     drawing,
                            const TsPlan *plan,
                            int           option_index)
{
  g_autofree char *total = ts_format_gb (ts_breakdown_sum (&plan->memory.total));

  return g_strdup (total);
}

TS_WEAK gboolean
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
  return FALSE;
}

TS_WEAK gboolean
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
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  ts_render_drawing (drawing, cr, plan, option_index, width, height, style, NULL);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
