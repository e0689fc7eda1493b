/* ts-specsheet-drawing.c — the spec sheet's pages drawn, and the PDF
 *
 * Drawing a page replays its placements: text blocks, table rows, the
 * plan's drawings and the logo, each inside its PDF structure element
 * (and its link), then the footer. The PDF is written to a temporary
 * file beside the target, marked tagged (ts-pdf-tagged.c) and renamed
 * over it only when whole.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ts-atomic-file.h"
#include "ts-specsheet-private.h"
#include "ts-specsheet-logo.h"
#include "ts-pdf-tagged.h"

/* ---- drawing -------------------------------------------------------------- */

static void
set_color (cairo_t       *cr,
           const TsColor *color)
{
  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a);
}

/* The part of a block a placement shows, in points from the block's top;
 * the whole block when it is not cut. */
typedef struct
{
  double from, to;
} Band;

static const Band whole_band = { -G_MAXDOUBLE, G_MAXDOUBLE };

/* Draws layout with its top-left at x, y: only the lines inside band
 * (points from the layout's top), so a slice of a long text puts on its
 * page the lines it shows and no others. */
static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y,
             Band         band)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);

  do
    {
      PangoRectangle logical;
      int y0, y1;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      if ((double) y1 / PANGO_SCALE <= band.from + LINE_EPSILON
          || (double) y0 / PANGO_SCALE >= band.to - LINE_EPSILON)
        continue;
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      cairo_move_to (cr, x + (double) logical.x / PANGO_SCALE,
                     y + (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE);
      pango_cairo_show_layout_line (cr, pango_layout_iter_get_line_readonly (iter));
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

/* band shifted into a part of the block that starts at offset */
static Band
band_from (Band   band,
           double offset)
{
  return (Band) { band.from - offset, band.to - offset };
}

static void
draw_drawing (TsSpecsheet     *self,
              cairo_t         *cr,
              const Block     *b,
              const Placement *p,
              double           x,
              double           width)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, p->y, width, p->slice_height);
  cairo_clip (cr);
  cairo_translate (cr, x, p->y - p->slice_top);
  {
    TsRackOptions rack = { FALSE, FALSE };

    ts_render_drawing (b->drawing, cr, self->plan, -1, width, b->height, &self->style, &rack);
  }
  cairo_restore (cr);
}

static void
draw_row (TsSpecsheet *self,
          cairo_t     *cr,
          const Block *b,
          double       x,
          double       y,
          double       width,
          Band         band)
{
  const Table *t = &g_array_index (self->tables, Table, b->table);
  PangoLayout *layouts[MAX_COLUMNS] = { NULL };
  double h = ts_specsheet_row_layouts (self, b, layouts);

  if (b->header || b->shaded)
    {
      cairo_rectangle (cr, x, y, width, h);
      cairo_set_source_rgba (cr, 0, 0, 0, b->header ? 0.08 : 0.04);
      cairo_fill (cr);
    }
  for (guint c = 0; c < t->n_columns; c++)
    {
      double cx = x + ts_specsheet_column_x (t, c);
      gboolean clip;

      if (layouts[c] == NULL)
        continue;
      /* Only a header word wider than the whole page's share runs past its
       * column: it is cut there rather than drawn over the next one. */
      clip = ts_specsheet_layout_width (layouts[c]) > t->widths[c] - 2 * CELL_PAD_X + 0.5;
      if (clip)
        {
          cairo_save (cr);
          cairo_rectangle (cr, cx, y, t->widths[c], h);
          cairo_clip (cr);
        }
      set_color (cr, b->header ? &self->style.muted : &self->style.foreground);
      show_layout (cr, layouts[c], cx + CELL_PAD_X, y + CELL_PAD_Y, band_from (band, CELL_PAD_Y));
      if (clip)
        cairo_restore (cr);
    }
  ts_specsheet_clear_layouts (layouts);
  /* A hairline under each row guides the eye across wide tables. */
  cairo_move_to (cr, x, y + h);
  cairo_line_to (cr, x + width, y + h);
  set_color (cr, &self->style.grid);
  cairo_set_line_width (cr, b->header ? 0.8 : 0.4);
  cairo_stroke (cr);
}

/* The box of a checklist item or the dot of a bullet, on its first line. */
static void
draw_mark (const Block *b,
           cairo_t     *cr,
           PangoLayout *layout,
           double       x,
           double       y)
{
  TextStyle ts = ts_specsheet_text_style (b->kind);
  double baseline = y + pango_layout_get_baseline (layout) / (double) PANGO_SCALE;

  cairo_new_path (cr);
  if (b->kind == BLOCK_CHECK)
    {
      /* An empty box to tick on paper. */
      double side = ts.size * 0.8;

      cairo_set_line_width (cr, 0.7);
      cairo_rectangle (cr, x + 1, baseline - side, side, side);
      cairo_stroke (cr);
    }
  else
    {
      cairo_arc (cr, x + 4, baseline - ts.size * 0.3, 1.4, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static const TsColor *
text_color (TsSpecsheet *self,
            BlockKind    kind)
{
  if (kind == BLOCK_HEADING)
    return &self->style.accent;
  if (kind == BLOCK_NOTE || kind == BLOCK_SUBTITLE)
    return &self->style.muted;
  return &self->style.foreground;
}

static void
draw_text_block (TsSpecsheet *self,
                 cairo_t     *cr,
                 const Block *b,
                 double       x,
                 double       y,
                 double       width,
                 Band         band)
{
  double lx, ly;
  g_autoptr(PangoLayout) layout = ts_specsheet_block_layout (self, b, width, &lx, &ly);

  if (b->kind == BLOCK_CALLOUT)
    {
      cairo_rectangle (cr, x, y, width, b->height);
      cairo_set_source_rgba (cr, self->style.accent.r, self->style.accent.g, self->style.accent.b, 0.08);
      cairo_fill (cr);
      cairo_rectangle (cr, x, y, 3, b->height);
      set_color (cr, &self->style.accent);
      cairo_fill (cr);
    }
  set_color (cr, text_color (self, b->kind));
  show_layout (cr, layout, x + lx, y + ly, band_from (band, ly));
  if (b->kind == BLOCK_BULLET || b->kind == BLOCK_CHECK)
    draw_mark (b, cr, layout, x, y);
}

static void
draw_logo (TsSpecsheet *self,
           cairo_t     *cr,
           double       x,
           double       y,
           double       width)
{
  double scale = ts_specsheet_logo_scale (self, width);
  double w, h;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  ts_specsheet_logo_get_size (self->logo, &w, &h);
  cairo_set_source_surface (cr, self->logo, 0, 0);
  /* a smooth scale-down; a PDF keeps the image and its scale, or an
   * SVG's vectors */
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The PDF structure element a block is (a tagged PDF: screen readers
 * and reflow read the sheet in order, headings as headings). Rows are
 * paragraphs: cairo 1.16 has no way to close a table across pages. */
static const char *
structure_tag (BlockKind kind)
{
  switch (kind)
    {
    case BLOCK_TITLE: return "H1";
    case BLOCK_HEADING: return "H2";
    case BLOCK_SUBHEADING: return "H3";
    case BLOCK_DRAWING:
    case BLOCK_LOGO: return "Figure";
    case BLOCK_SUBTITLE:
    case BLOCK_TEXT:
    case BLOCK_NOTE:
    case BLOCK_BULLET:
    case BLOCK_CHECK:
    case BLOCK_CALLOUT:
    case BLOCK_ROW:
    case BLOCK_PAGE_BREAK:
    default: return "P";
    }
}

/* A link's attributes for cairo_tag_begin (): quotes and backslashes in
 * the address escaped. */
static char *
link_attributes (const char *uri)
{
  GString *out = g_string_new ("uri='");

  for (const char *p = uri; *p; p++)
    {
      if (*p == '\'' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

/* One placement: a whole block, or the slice of one taller than a page,
 * clipped to the slice so nothing of the rest shows on this page. */
static void
draw_placement_content (TsSpecsheet     *self,
                        cairo_t         *cr,
                        const Placement *p,
                        double           page_width)
{
  const Block *b = &g_array_index (self->blocks, Block, p->block);
  double content_w = page_width - 2 * MARGIN_SIDE;
  gboolean sliced = p->slice_top > 0 || p->slice_height < b->height;
  Band band = sliced ? (Band) { p->slice_top, p->slice_top + p->slice_height } : whole_band;
  double top = p->y - p->slice_top;

  if (b->kind == BLOCK_DRAWING)
    {
      draw_drawing (self, cr, b, p, MARGIN_SIDE, content_w);
      return;
    }
  if (b->kind == BLOCK_LOGO)
    {
      draw_logo (self, cr, MARGIN_SIDE, p->y, content_w);
      return;
    }
  if (sliced)
    {
      /* The last slice keeps the hairline under its row. */
      cairo_save (cr);
      cairo_rectangle (cr, 0, p->y, page_width, p->slice_height + (band.to >= b->height ? 1 : 0));
      cairo_clip (cr);
    }
  if (b->kind == BLOCK_ROW)
    draw_row (self, cr, b, MARGIN_SIDE, top, content_w, band);
  else
    draw_text_block (self, cr, b, MARGIN_SIDE, top, content_w, band);
  if (sliced)
    cairo_restore (cr);
}

/* One placement inside its structure element (and its link). Tags mean
 * something only on a PDF surface; cairo ignores them elsewhere. Apart
 * from the content so that none of its returns skips a closing tag. */
static void
draw_placement (TsSpecsheet     *self,
                cairo_t         *cr,
                const Placement *p,
                double           page_width)
{
  const Block *b = &g_array_index (self->blocks, Block, p->block);
  const char *tag = structure_tag (b->kind);
  g_autofree char *link = b->uri != NULL ? link_attributes (b->uri) : NULL;

  cairo_tag_begin (cr, tag, NULL);
  if (link != NULL)
    cairo_tag_begin (cr, CAIRO_TAG_LINK, link);
  draw_placement_content (self, cr, p, page_width);
  if (link != NULL)
    cairo_tag_end (cr, CAIRO_TAG_LINK);
  cairo_tag_end (cr, tag);
}

static void
draw_footer (TsSpecsheet *self,
             cairo_t     *cr,
             guint        page,
             double       width,
             double       height)
{
  double content_w = width - 2 * MARGIN_SIDE;
  double y = height - FOOTER_BASELINE;
  g_autofree char *page_text = NULL;
  g_autoptr(PangoLayout) left = NULL;
  g_autoptr(PangoLayout) right = NULL;

  /* page_format was translated when the document was built. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  page_text = g_strdup_printf (self->page_format, page + 1, self->pages->len);
#pragma GCC diagnostic pop

  cairo_move_to (cr, MARGIN_SIDE, y - 4);
  cairo_line_to (cr, width - MARGIN_SIDE, y - 4);
  set_color (cr, &self->style.grid);
  cairo_set_line_width (cr, 0.5);
  cairo_stroke (cr);

  right = ts_specsheet_make_layout (self, page_text, SIZE_SMALL, FALSE, content_w * 0.3);
  pango_layout_set_alignment (right, PANGO_ALIGN_RIGHT);
  left = ts_specsheet_make_layout (self, self->footer_left, SIZE_SMALL, FALSE, content_w * 0.7);
  set_color (cr, &self->style.muted);
  show_layout (cr, left, MARGIN_SIDE, y, whole_band);
  show_layout (cr, right, MARGIN_SIDE + content_w * 0.7, y, whole_band);
}

const char *
ts_specsheet_status_reason (cairo_status_t status)
{
  switch (status)
    {
    case CAIRO_STATUS_NO_MEMORY:
      return g_strerror (ENOMEM);
    case CAIRO_STATUS_WRITE_ERROR:
      return g_strerror (EIO);
    default:
      return cairo_status_to_string (status);
    }
}

/* A context in error draws nothing and says so only through its status:
 * name the page, so a truncated document never passes for a whole one. */
static gboolean
check_cairo (cairo_t  *cr,
             guint     page,
             GError  **error)
{
  cairo_status_t status = cairo_status (cr);

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  /* Translators: “Could not draw page 3 of the spec sheet: out of memory” */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not draw page %u of the spec sheet: %s"),
               page + 1, ts_specsheet_status_reason (status));
  return FALSE;
}

gboolean
ts_specsheet_draw_page (TsSpecsheet *self,
                        cairo_t     *cr,
                        guint        page,
                        double       width,
                        double       height,
                        GError     **error)
{
  GArray *placements;
  LangGuard guard;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_cairo (cr, page, error))
    return FALSE;
  ts_specsheet_paginate (self, width, height);
  g_return_val_if_fail (page < self->pages->len, FALSE);
  placements = g_ptr_array_index (self->pages, page);

  /* The drawings format their labels while drawing. */
  lang_push (&guard, self->lang);

  cairo_save (cr);
  pango_cairo_update_context (cr, self->context);

  cairo_rectangle (cr, 0, 0, width, height);
  set_color (cr, &self->style.background);
  cairo_fill (cr);

  for (guint i = 0; i < placements->len; i++)
    draw_placement (self, cr, &g_array_index (placements, Placement, i), width);

  draw_footer (self, cr, page, width, height);
  cairo_restore (cr);

  lang_pop (&guard);
  return check_cairo (cr, page, error);
}

/* ---- PDF ------------------------------------------------------------------- */

void
ts_specsheet_set_pdf_metadata (TsSpecsheet     *self,
                               cairo_surface_t *surface)
{
  const char *author;
  g_autofree char *date = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subject = NULL;

  if (cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_PDF)
    return;

  author = ts_specsheet_vendor_name (self);
  date = g_date_time_format (self->date, "%Y-%m-%dT%H:%M:%S%:z");
  /* the project and customer, when given, make the document findable */
  title = self->project != NULL ? g_strdup_printf ("%s — %s", self->title, self->project) : g_strdup (self->title);
  subject = self->customer != NULL ? g_strdup_printf ("%s · %s", self->subject, self->customer)
                                   : g_strdup (self->subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_AUTHOR, author != NULL ? author : "Train Sizer");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Train Sizer " PACKAGE_VERSION);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_KEYWORDS, self->number);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_MOD_DATE, date);
}

static gboolean
write_failed (GError    **error,
              const char *path,
              int         code,
              const char *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: “Could not save the spec sheet to “/x/y.pdf”: Permission denied” */
  g_set_error (error, G_FILE_ERROR, code != 0 ? g_file_error_from_errno (code) : G_FILE_ERROR_FAILED,
               _("Could not save the spec sheet to “%s”: %s"), display,
               reason != NULL ? reason : g_strerror (code));
  return FALSE;
}

/* Every page onto cr, stopping at the first that fails: a surface in
 * error draws nothing more, and a thousand pages of nothing take time. */
static gboolean
draw_all_pages (TsSpecsheet  *self,
                cairo_t      *cr,
                GError      **error)
{
  guint n_pages = ts_specsheet_paginate (self, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT);
  gboolean drawn = TRUE;

  /* One Document element holds the whole structure: a tagged PDF's
   * structure tree has a single root element (readers warn otherwise). */
  cairo_tag_begin (cr, "Document", NULL);
  for (guint i = 0; i < n_pages && drawn; i++)
    {
      drawn = ts_specsheet_draw_page (self, cr, i, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT, error);
      if (drawn)
        cairo_show_page (cr);
    }
  cairo_tag_end (cr, "Document");
  return drawn;
}

/* The writer ts_atomic_file_write_with () calls: the sheet into the
 * private temporary it names, tagged and synced; the one atomic writer
 * renames it over the target. */
static gboolean
write_pdf (const char  *tmp_path,
           gpointer     data,
           GError     **error)
{
  TsSpecsheet *self = data;
  g_autoptr(GError) draw_error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  TsRenderFdSink sink = { -1, 0 };

  /* read back too: the catalog is marked tagged after cairo is done */
  sink.fd = g_open (tmp_path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (sink.fd < 0)
    return write_failed (error, tmp_path, errno, NULL);

  surface = cairo_pdf_surface_create_for_stream (ts_render_fd_sink_write, &sink, TS_SPECSHEET_A4_WIDTH_PT,
                                                 TS_SPECSHEET_A4_HEIGHT_PT);
  ts_specsheet_set_pdf_metadata (self, surface);
  cr = cairo_create (surface);
  draw_all_pages (self, cr, &draw_error);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (sink.error == 0 && status == CAIRO_STATUS_SUCCESS && draw_error == NULL)
    {
      ts_pdf_mark_tagged (sink.fd, self->lang, &sink.error);
      if (sink.error == 0 && fsync (sink.fd) != 0)
        sink.error = errno;
    }
  if (close (sink.fd) != 0 && sink.error == 0)
    sink.error = errno;

  /* The system's reason first (a full disk also puts cairo in error),
   * then cairo's, then the page that could not be drawn. */
  if (sink.error != 0)
    return write_failed (error, tmp_path, sink.error, NULL);
  if (status != CAIRO_STATUS_SUCCESS || draw_error != NULL)
    return write_failed (error, tmp_path, 0, status != CAIRO_STATUS_SUCCESS ? ts_specsheet_status_reason (status)
                                                                          : draw_error->message);
  return TRUE;
}

gboolean
ts_specsheet_write_pdf (TsSpecsheet  *self,
                        const char   *path,
                        GError      **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* the one atomic writer: the target is whole or untouched, never a
   * FIFO, a device or a folder */
  return ts_atomic_file_write_with (path, write_pdf, self, error);
}
