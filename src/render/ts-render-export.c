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

#include "ts-atomic-file.h"
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

typedef struct
{
  TsDrawing            drawing;
  const TsPlan        *plan;
  int                  option_index;
  gboolean             svg;
  double               width;
  double               height;
  const TsRenderStyle *style;
} ExportJob;

/* Paints the drawing into the stream the sink writes to. */
static cairo_status_t
paint_to_sink (const ExportJob *job,
               TsRenderFdSink  *sink)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (job->svg)
    surface = cairo_svg_surface_create_for_stream (ts_render_fd_sink_write, sink, job->width, job->height);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (job->width), (int) ceil (job->height));
  cr = cairo_create (surface);
  paint_drawing (cr, job->drawing, job->plan, job->option_index, job->width, job->height, job->style);
  cairo_destroy (cr);
  if (job->svg)
    cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  if (!job->svg && status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, ts_render_fd_sink_write, sink);
  cairo_surface_destroy (surface);
  return status;
}

/* The writer ts_atomic_file_write_with () calls: the drawing into the
 * private temporary it names, synced; the one atomic writer renames it
 * over the target. */
static gboolean
write_export (const char  *tmp_path,
              gpointer     data,
              GError     **error)
{
  const ExportJob *job = data;
  TsRenderFdSink sink = { -1, 0 };
  cairo_status_t status = CAIRO_STATUS_SUCCESS;

  sink.fd = g_open (tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (sink.fd < 0)
    sink.error = errno;
  else
    {
      status = paint_to_sink (job, &sink);
      if (status == CAIRO_STATUS_SUCCESS && sink.error == 0 && fsync (sink.fd) != 0)
        sink.error = errno;
      if (close (sink.fd) != 0 && sink.error == 0)
        sink.error = errno;
      if (sink.error == 0 && status == CAIRO_STATUS_SUCCESS)
        return TRUE;
    }

  {
    g_autofree char *display = g_filename_display_name (tmp_path);

    /* the system's reason first (a full disk also puts cairo in error) */
    g_set_error (error, G_IO_ERROR,
                 sink.error != 0 ? g_io_error_from_errno (sink.error) : G_IO_ERROR_FAILED,
                 /* Translators: the first %s is a file name, the second the system's reason */
                 _("Could not write the drawing to “%s”: %s"), display,
                 sink.error != 0 ? g_strerror (sink.error) : cairo_status_to_string (status));
  }
  return FALSE;
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
  ExportJob job = { drawing, plan, option_index, svg, width, height, style };

  g_return_val_if_fail (drawing < TS_N_DRAWINGS, FALSE);
  g_return_val_if_fail (plan != NULL && path != NULL && style != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (width <= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The drawing needs a width greater than zero"));
      return FALSE;
    }
  if (height <= 0)
    job.height = ts_render_drawing_height (drawing, plan, option_index, width, style);
  /* cairo's image surfaces stop at 32767 pixels a side. */
  if (!svg && (width > 32767 || job.height > 32767))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A PNG drawing can be at most 32,767 pixels wide or high"));
      return FALSE;
    }
  /* the one atomic writer: the target is whole or untouched, never a
   * FIFO, a device or a folder */
  return ts_atomic_file_write_with (path, write_export, &job, error);
}
