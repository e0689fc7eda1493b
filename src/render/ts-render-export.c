/* ts-render-export.c — one drawing written to a PNG or SVG file
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
#include <unistd.h>

#include "ts-render-private.h"

cairo_status_t
ts_render_fd_sink_write (void                *closure,
                         const unsigned char *data,
                         unsigned int         length)
{
  TsRenderFdSink *sink = closure;

  while (length > 0 && sink->error == 0)
    {
      ssize_t n = write (sink->fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          sink->error = errno;
          break;
        }
      data += n;
      length -= (unsigned int) n;
    }
  return sink->error == 0 ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
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
  TsRenderFdSink sink = { -1, 0 };
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
  sink.fd = g_mkstemp_full (tmp_path, O_WRONLY, 0644);
  if (sink.fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* Translators: the first %s is a file name, the second the system's reason */
                   _("Could not write the drawing to “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }

  if (svg)
    {
      surface = cairo_svg_surface_create_for_stream (ts_render_fd_sink_write, &sink, width, height);
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
        status = cairo_surface_write_to_png_stream (surface, ts_render_fd_sink_write, &sink);
    }
  cairo_surface_destroy (surface);

  if (status == CAIRO_STATUS_SUCCESS && fsync (sink.fd) != 0)
    {
      sink.error = errno;
      status = CAIRO_STATUS_WRITE_ERROR;
    }
  if (close (sink.fd) != 0 && status == CAIRO_STATUS_SUCCESS)
    {
      sink.error = errno;
      status = CAIRO_STATUS_WRITE_ERROR;
    }
  if (status == CAIRO_STATUS_SUCCESS && g_rename (tmp_path, path) != 0)
    {
      sink.error = errno;
      status = CAIRO_STATUS_WRITE_ERROR;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      const char *reason = sink.error != 0 ? g_strerror (sink.error)
                                                   : cairo_status_to_string (status);

      g_unlink (tmp_path);
      g_set_error (error, G_IO_ERROR,
                   sink.error != 0 ? g_io_error_from_errno (sink.error) : G_IO_ERROR_FAILED,
                   _("Could not write the drawing to “%s”: %s"), display, reason);
      return FALSE;
    }
  return TRUE;
}
