/* ts-specsheet-logo.h — the vendor's logo read for the spec sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Reads the PNG or SVG file at path into *logo: an image surface for a
 * PNG, a recording surface for an SVG (so a PDF keeps its vectors). An
 * SVG is read on its own: one that refers to another file or address, that
 * declares entities, or a file larger than a logo ever is, is refused.
 * FALSE, with error set (G_FILE_ERROR, G_IO_ERROR) naming the file,
 * when it cannot be read; *logo is then left as it was. */
gboolean ts_specsheet_logo_load      (const char       *path,
                                      cairo_surface_t **logo,
                                      GError          **error);

/* The logo's natural size: pixels for a PNG, CSS pixels for an SVG. */
void     ts_specsheet_logo_get_size  (cairo_surface_t  *logo,
                                      double           *width,
                                      double           *height);

/* TRUE for a logo drawn as vectors: it may be enlarged without blurring. */
gboolean ts_specsheet_logo_is_vector (cairo_surface_t  *logo);

G_END_DECLS
