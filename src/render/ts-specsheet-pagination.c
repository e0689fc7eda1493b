/* ts-specsheet-pagination.c — the spec sheet cut into pages
 *
 * Every block is measured with Pango at the page's content width and the
 * flow is cut into pages: headings stay with what follows them, tables
 * repeat their header row on a new page, and rows, paragraphs and drawings
 * taller than a page continue on the next one where their lines or their
 * geometry allow, so nothing is clipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-specsheet-private.h"
#include "ts-specsheet-logo.h"

/* ---- measuring ----------------------------------------------------------- */

/* A name broken across lines reads as it is written: no hyphen is added
 * where it breaks (part numbers carry hyphens of their own). */
static void
never_insert_hyphens (PangoLayout *layout)
{
  PangoAttrList *current = pango_layout_get_attributes (layout);
  PangoAttrList *attrs = current != NULL ? pango_attr_list_copy (current) : pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
}

PangoLayout *
ts_specsheet_make_layout (TsSpecsheet *self,
                          const char  *text,
                          double       size,
                          gboolean     bold,
                          double       width)
{
  PangoLayout *layout = pango_layout_new (self->context);
  PangoFontDescription *desc = pango_font_description_from_string (FONT_FAMILY);

  pango_font_description_set_size (desc, (int) (size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  /* Long server names and CPU models have few spaces: break inside words
   * when a word alone is wider than its column. */
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (layout, (int) (MAX (width, 1) * PANGO_SCALE));
  ts_render_layout_set_text (layout, text != NULL ? text : "");
  never_insert_hyphens (layout);
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) h / PANGO_SCALE;
}

double
ts_specsheet_layout_width (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) w / PANGO_SCALE;
}

typedef struct
{
  double top, bottom;   /* points from the layout's top */
} LineRange;

/* Where each line of layout lies, top to bottom. */
static GArray *
line_ranges (PangoLayout *layout)
{
  GArray *ranges = g_array_new (FALSE, FALSE, sizeof (LineRange));
  PangoLayoutIter *iter = pango_layout_get_iter (layout);

  do
    {
      int y0, y1;
      LineRange r;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      r.top = (double) y0 / PANGO_SCALE;
      r.bottom = (double) y1 / PANGO_SCALE;
      g_array_append_val (ranges, r);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  return ranges;
}

/* Whether a page may end at y (points from the layout's top) without
 * cutting a line of it in two. */
static gboolean
between_lines (const GArray *ranges,
               double        y)
{
  for (guint i = 0; i < ranges->len; i++)
    {
      const LineRange *r = &g_array_index (ranges, LineRange, i);

      if (r->top + LINE_EPSILON < y && y < r->bottom - LINE_EPSILON)
        return FALSE;
    }
  return TRUE;
}

TextStyle
ts_specsheet_text_style (BlockKind kind)
{
  switch (kind)
    {
    case BLOCK_TITLE: return (TextStyle) { SIZE_TITLE, TRUE, 10, 0 };
    case BLOCK_SUBTITLE: return (TextStyle) { SIZE_SUBTITLE, FALSE, 4, 0 };
    case BLOCK_HEADING: return (TextStyle) { SIZE_HEADING, TRUE, 16, 0 };
    case BLOCK_SUBHEADING: return (TextStyle) { SIZE_SUBHEADING, TRUE, 10, 0 };
    case BLOCK_NOTE: return (TextStyle) { SIZE_SMALL, FALSE, 4, 0 };
    case BLOCK_BULLET:
    case BLOCK_CHECK: return (TextStyle) { SIZE_BODY, FALSE, 3, BULLET_INDENT };
    case BLOCK_CALLOUT: return (TextStyle) { SIZE_BODY + 1, FALSE, 6, CALLOUT_PAD };
    case BLOCK_TEXT: return (TextStyle) { SIZE_BODY, FALSE, 6, 0 };
    case BLOCK_ROW: return (TextStyle) { SIZE_TABLE, FALSE, 0, 0 };
    case BLOCK_DRAWING: return (TextStyle) { SIZE_BODY, FALSE, 8, 0 };
    case BLOCK_PAGE_BREAK:
    default: return (TextStyle) { SIZE_BODY, FALSE, 0, 0 };
    }
}

/* The text of a block that is not a row or a drawing, laid out at the
 * content width; *x and *y: where its top-left sits in the block. */
PangoLayout *
ts_specsheet_block_layout (TsSpecsheet *self,
                           const Block *b,
                           double       width,
                           double      *x,
                           double      *y)
{
  TextStyle ts = ts_specsheet_text_style (b->kind);

  *x = ts.indent;
  *y = b->kind == BLOCK_CALLOUT ? CALLOUT_PAD : 0;
  /* A callout is padded on both sides, a bullet indented on the left. */
  return ts_specsheet_make_layout (self, b->text, ts.size, ts.bold,
                                   width - (b->kind == BLOCK_CALLOUT ? 2 : 1) * ts.indent);
}

double
ts_specsheet_column_x (const Table *t,
                       guint        column)
{
  double x = 0;

  for (guint i = 0; i < column; i++)
    x += t->widths[i];
  return x;
}

/* The widest word of text in bold at size: the least a header cell
 * needs to break only between words. */
static double
widest_word (TsSpecsheet *self,
             const char  *text,
             double       size)
{
  g_auto(GStrv) words = g_strsplit (text != NULL ? text : "", " ", -1);
  double widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(PangoLayout) layout = ts_specsheet_make_layout (self, words[i], size, TRUE, 1);

      pango_layout_set_width (layout, -1);
      widest = MAX (widest, ts_specsheet_layout_width (layout));
    }
  return widest;
}

/* The widest piece of text between break opportunities (spaces and
 * hyphens: part numbers break after theirs) in column c of table t's
 * rows, in bold (a row may be). A figure (“22 528”, its digit groups
 * joined by no-break spaces) or a word (“Быстрая”) is one piece, and a
 * column narrower than it would cut it across lines. */
static double
widest_piece (TsSpecsheet *self,
              const Table *t,
              guint        c)
{
  guint index = (guint) (t - &g_array_index (self->tables, Table, 0));
  double widest = 0;

  for (guint i = 0; i < self->blocks->len; i++)
    {
      const Block *b = &g_array_index (self->blocks, Block, i);
      g_auto(GStrv) pieces = NULL;

      if (b->kind != BLOCK_ROW || b->header || b->table != index || b->cells[c] == NULL)
        continue;
      pieces = g_strsplit_set (b->cells[c], " -", -1);
      for (guint j = 0; pieces[j] != NULL; j++)
        widest = MAX (widest, widest_word (self, pieces[j], t->size));
    }
  return widest;
}

/* Column widths for a table at width: its shares, widened where a word
 * of its header would not fit (“Headroom” in a narrow numeric column), or
 * a figure or word of its rows would be cut, by taking room from columns
 * with more than they need. When all the words
 * together are wider than the page, each column gets the share of the
 * page its widest word asks for. */
static void
fit_columns (TsSpecsheet *self,
             Table       *t,
             double       width)
{
  const Block *header = t->header >= 0 ? &g_array_index (self->blocks, Block, t->header) : NULL;
  double need[MAX_COLUMNS] = { 0 };
  double deficit = 0, slack = 0, total_need = 0;

  for (guint c = 0; c < t->n_columns; c++)
    t->widths[c] = t->fractions[c] * width;
  if (header == NULL)
    return;
  for (guint c = 0; c < t->n_columns && header->cells[c] != NULL; c++)
    {
      double word = widest_word (self, header->cells[c], t->size);

      word = MAX (word, widest_piece (self, t, c));
      /* Half a point over the text's own width: a line exactly as wide as
       * its box may still wrap after rounding to Pango units. */
      need[c] = word + 2 * CELL_PAD_X + 0.5;
      deficit += MAX (0, need[c] - t->widths[c]);
      slack += MAX (0, t->widths[c] - need[c]);
      total_need += need[c];
    }
  if (deficit <= 0)
    return;
  for (guint c = 0; c < t->n_columns; c++)
    {
      if (deficit > slack)
        t->widths[c] = need[c] * width / total_need;
      else if (need[c] > t->widths[c])
        t->widths[c] = need[c];
      else
        t->widths[c] -= deficit * (t->widths[c] - need[c]) / slack;
    }
}

/* Lays out every cell of a row (layouts: MAX_COLUMNS, filled); returns
 * the row height. */
double
ts_specsheet_row_layouts (TsSpecsheet *self,
                          const Block *b,
                          PangoLayout **layouts)
{
  const Table *t = &g_array_index (self->tables, Table, b->table);
  double height = 0;

  for (guint c = 0; c < t->n_columns && b->cells[c] != NULL; c++)
    {
      double cw = t->widths[c] - 2 * CELL_PAD_X;

      layouts[c] = ts_specsheet_make_layout (self, b->cells[c], t->size, b->header || b->bold, cw);
      /* A heading never breaks inside a word (“Headro-om”): its column
       * was widened for its longest word. */
      if (b->header)
        pango_layout_set_wrap (layouts[c], PANGO_WRAP_WORD);
      if (t->right[c])
        pango_layout_set_alignment (layouts[c], PANGO_ALIGN_RIGHT);
      height = MAX (height, layout_height (layouts[c]));
    }
  return height + 2 * CELL_PAD_Y;
}

void
ts_specsheet_clear_layouts (PangoLayout **layouts)
{
  for (guint i = 0; i < MAX_COLUMNS; i++)
    g_clear_object (&layouts[i]);
}

static double
drawing_height (TsSpecsheet *self,
                TsDrawing    drawing,
                double       width)
{
  double h = ts_render_drawing_height (drawing, self->plan, -1, width, &self->style);

  return h > 0 ? h : width * DRAWING_ASPECT;
}

/* The logo's scale: as large as fits LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH and
 * the content width; a PNG never enlarged past its pixels at 150 dpi (an
 * SVG's vectors are sharp at any size). */
double
ts_specsheet_logo_scale (TsSpecsheet *self,
                         double       width)
{
  double w, h;
  double scale;

  ts_specsheet_logo_get_size (self->logo, &w, &h);
  scale = MIN (LOGO_MAX_HEIGHT / h, MIN (LOGO_MAX_WIDTH, width) / w);
  return ts_specsheet_logo_is_vector (self->logo) ? scale : MIN (scale, 72.0 / 150.0);
}

static double
logo_height (TsSpecsheet *self,
             double       width)
{
  double w, h;

  ts_specsheet_logo_get_size (self->logo, &w, &h);
  return ts_specsheet_logo_scale (self, width) * h;
}

static double
block_height (TsSpecsheet *self,
              Block       *b,
              double       width)
{
  switch (b->kind)
    {
    case BLOCK_ROW:
      {
        PangoLayout *layouts[MAX_COLUMNS] = { NULL };
        double h = ts_specsheet_row_layouts (self, b, layouts);

        ts_specsheet_clear_layouts (layouts);
        return h;
      }
    case BLOCK_DRAWING:
      return drawing_height (self, b->drawing, width);
    case BLOCK_LOGO:
      return logo_height (self, width);
    case BLOCK_PAGE_BREAK:
      return 0;
    case BLOCK_TITLE:
    case BLOCK_SUBTITLE:
    case BLOCK_HEADING:
    case BLOCK_SUBHEADING:
    case BLOCK_TEXT:
    case BLOCK_NOTE:
    case BLOCK_BULLET:
    case BLOCK_CHECK:
    case BLOCK_CALLOUT:
    default:
      {
        double x, y;
        g_autoptr(PangoLayout) layout = ts_specsheet_block_layout (self, b, width, &x, &y);

        return layout_height (layout) + 2 * y;
      }
    }
}

/* Where a page may end inside a drawing: the places its own geometry
 * names (the gaps between rows of racks or of power bars). A drawing
 * naming none is cut at the page's end. Never found on a raster of the
 * drawing: a cluster of thousands of racks is taller than any image
 * cairo can make (32,767 pixels), and rasterising it is unbounded work. */
static GArray *
drawing_breaks (TsSpecsheet *self,
                const Block *b,
                double       width)
{
  GArray *breaks = ts_render_drawing_breaks (b->drawing, self->plan, -1, width, &self->style);

  return breaks != NULL ? breaks : g_array_new (FALSE, FALSE, sizeof (double));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Where a page may end inside a row taller than a page: under a line of
 * one cell where no other cell has a line cut in two. */
static GArray *
row_breaks (TsSpecsheet *self,
            const Block *b)
{
  GArray *breaks = g_array_new (FALSE, FALSE, sizeof (double));
  PangoLayout *layouts[MAX_COLUMNS] = { NULL };
  GArray *ranges[MAX_COLUMNS] = { NULL };
  guint n = 0;

  ts_specsheet_row_layouts (self, b, layouts);
  for (; n < MAX_COLUMNS && layouts[n] != NULL; n++)
    ranges[n] = line_ranges (layouts[n]);
  for (guint c = 0; c < n; c++)
    for (guint l = 0; l < ranges[c]->len; l++)
      {
        double at = g_array_index (ranges[c], LineRange, l).bottom;
        gboolean clean = TRUE;

        for (guint other = 0; other < n && clean; other++)
          clean = between_lines (ranges[other], at);
        if (clean)
          {
            at += CELL_PAD_Y;
            g_array_append_val (breaks, at);
          }
      }
  for (guint c = 0; c < n; c++)
    g_array_unref (ranges[c]);
  ts_specsheet_clear_layouts (layouts);
  g_array_sort (breaks, compare_doubles);
  return breaks;
}

/* Where a page may end inside a paragraph taller than a page: under any
 * of its lines. */
static GArray *
text_breaks (TsSpecsheet *self,
             const Block *b,
             double       width)
{
  GArray *breaks = g_array_new (FALSE, FALSE, sizeof (double));
  double x, y;
  g_autoptr(PangoLayout) layout = ts_specsheet_block_layout (self, b, width, &x, &y);
  g_autoptr(GArray) ranges = line_ranges (layout);

  for (guint l = 0; l < ranges->len; l++)
    {
      double at = y + g_array_index (ranges, LineRange, l).bottom;

      g_array_append_val (breaks, at);
    }
  return breaks;
}

/* Fills b->breaks, the places a page may end inside b, on first need:
 * only blocks taller than a page ask. */
static const GArray *
block_breaks (TsSpecsheet *self,
              Block       *b)
{
  double width = self->width - 2 * MARGIN_SIDE;

  if (b->breaks != NULL)
    return b->breaks;
  if (b->kind == BLOCK_DRAWING)
    b->breaks = drawing_breaks (self, b, width);
  else if (b->kind == BLOCK_ROW)
    b->breaks = row_breaks (self, b);
  else if (b->kind == BLOCK_PAGE_BREAK)
    b->breaks = g_array_new (FALSE, FALSE, sizeof (double));
  else
    b->breaks = text_breaks (self, b, width);
  return b->breaks;
}

/* How much of the block from done goes into room: up to the last place
 * it may end. 0 when that would leave less than a share of a page that
 * is not fresh (the block then starts on the next one); a whole fresh
 * page when there is no such place at all. */
static double
slice_length (const Block *b,
              double       done,
              double       room,
              double       page_body)
{
  double best = 0;

  if (b->height - done <= room)
    return b->height - done;
  for (guint i = 0; b->breaks != NULL && i < b->breaks->len; i++)
    {
      double at = g_array_index (b->breaks, double, i);

      if (at <= done + LINE_EPSILON)
        continue;
      if (at > done + room)
        break;
      best = at - done;
    }
  if (room >= page_body - LINE_EPSILON)
    return best > 0 ? best : room;
  return best >= BREAK_MIN_SHARE * page_body ? best : 0;
}

/* ---- pagination --------------------------------------------------------- */

static GArray *
new_page (TsSpecsheet *self)
{
  GArray *page = g_array_new (FALSE, FALSE, sizeof (Placement));

  g_ptr_array_add (self->pages, page);
  return page;
}

static void
place (GArray *page,
       guint   block,
       double  y,
       double  slice_top,
       double  slice_height)
{
  Placement p = { block, y, slice_top, slice_height };

  g_array_append_val (page, p);
}

/* Headings and a table's header row never end a page, and a checklist
 * stays on one page. */
/* Whether block i of the same table as row b is a row of it. */
static gboolean
same_table_row (TsSpecsheet *self,
                const Block *b,
                guint        i)
{
  const Block *other;

  if (i >= self->blocks->len)
    return FALSE;
  other = &g_array_index (self->blocks, Block, i);
  return other->kind == BLOCK_ROW && !other->header && other->table == b->table;
}

/* Whether block i must stay on the page of the block after it: headings
 * with what they head, and no row of a table left alone at a page's foot
 * or top (its first row stays with its second, its last but one with the
 * last). */
static gboolean
keeps_with_next (TsSpecsheet *self,
                 guint        i)
{
  const Block *b = &g_array_index (self->blocks, Block, i);

  if (b->kind == BLOCK_ROW && !b->header && same_table_row (self, b, i + 1)
      && (i == 0 || !same_table_row (self, b, i - 1) || !same_table_row (self, b, i + 2)))
    return TRUE;
  return b->kind == BLOCK_HEADING || b->kind == BLOCK_SUBHEADING || b->kind == BLOCK_TITLE
         || b->kind == BLOCK_SUBTITLE || b->kind == BLOCK_CHECK || (b->kind == BLOCK_ROW && b->header);
}

/* The block index of the header row repeated above b when a page starts
 * with it, or -1. */
static int
repeated_header (TsSpecsheet *self,
                 const Block *b)
{
  if (b->kind != BLOCK_ROW || b->header)
    return -1;
  return g_array_index (self->tables, Table, b->table).header;
}

/* A table continued on a new page repeats its header row. */
static void
place_repeated_header (TsSpecsheet *self,
                       GArray      *page,
                       double      *y,
                       const Block *b)
{
  int header = repeated_header (self, b);
  double height;

  if (header < 0)
    return;
  height = g_array_index (self->blocks, Block, header).height;
  place (page, (guint) header, *y, 0, height);
  *y += height;
}

/* The room for b on a page of its own: the page's body less the header
 * row it brings along. */
static double
fresh_room (TsSpecsheet *self,
            const Block *b,
            double       top,
            double       bottom)
{
  int header = repeated_header (self, b);

  return bottom - top - (header >= 0 ? g_array_index (self->blocks, Block, header).height : 0);
}

/* A page filled less than this share when a drawing does not fit under
 * what is on it: rather than move the drawing whole to the next page and
 * leave this one mostly empty, it is cut at a break between its rows. */
#define SPARSE_FILL (1.0 / 3.0)

/* How much of drawing b fits in space when cut between its rows, or 0
 * (b is not a drawing, or has no break that leaves a fair share here). */
static double
drawing_cut (TsSpecsheet *self,
             Block       *b,
             double       space,
             double       page_body)
{
  if (b->kind != BLOCK_DRAWING || space <= 0)
    return 0;
  block_breaks (self, b);
  return slice_length (b, 0, space, page_body);
}

/* How much of b must follow a heading on the same page: all of it, or
 * for one taller than a page its first slice, or for a drawing that
 * does not fit the space left on a sparse page its first rows. */
static double
block_lead (TsSpecsheet *self,
            Block       *b,
            double       top,
            double       bottom,
            double       space,
            gboolean     sparse)
{
  double room = fresh_room (self, b, top, bottom);
  const GArray *breaks;

  if (b->height <= room)
    {
      double cut = b->height > space && sparse ? drawing_cut (self, b, space, room) : 0;

      return cut > 0 ? cut : b->height;
    }
  breaks = block_breaks (self, b);
  for (guint i = 0; i < breaks->len; i++)
    {
      double at = g_array_index (breaks, double, i);

      if (at >= BREAK_MIN_SHARE * room && at <= room)
        return at;
    }
  return room;
}

/* Whether the block placed last on page is a heading that keeps with
 * what follows (so a drawing after it was counted on, cut, here). */
static gboolean
follows_heading (TsSpecsheet  *self,
                 const GArray *page)
{
  const Placement *last;

  if (page->len == 0)
    return FALSE;
  last = &g_array_index (page, Placement, page->len - 1);
  return keeps_with_next (self, last->block);
}

/* Places a block taller than a page (a cluster's drawing, a row or a
 * paragraph with a name thousands of characters long) in slices that end
 * only where it may end, from *y on *page onwards: nothing runs over the
 * footer. */
static void
place_in_slices (TsSpecsheet *self,
                 guint        index,
                 GArray     **page,
                 double      *y,
                 double       before,
                 double       top,
                 double       bottom)
{
  Block *b = &g_array_index (self->blocks, Block, index);
  double room = fresh_room (self, b, top, bottom);
  double done = 0;

  block_breaks (self, b);
  *y += before;
  while (done < b->height)
    {
      double slice = slice_length (b, done, bottom - *y, room);

      /* Only a header row as tall as the page leaves no room on a fresh
       * one; place the rest rather than loop. */
      if (slice <= 0 && room <= 0)
        slice = b->height - done;
      if (slice > 0)
        {
          place (*page, index, *y, done, slice);
          done += slice;
          *y += slice;
        }
      if (done < b->height)
        {
          *page = new_page (self);
          *y = top;
          place_repeated_header (self, *page, y, b);
        }
    }
}

/* The height of the part that a page break at index i begins: its
 * blocks up to the next break, with the space above each. */
static double
part_height (TsSpecsheet *self,
             guint        i)
{
  double h = 0;

  for (guint j = i + 1; j < self->blocks->len; j++)
    {
      const Block *b = &g_array_index (self->blocks, Block, j);

      if (b->kind == BLOCK_PAGE_BREAK)
        break;
      h += ts_specsheet_text_style (b->kind).before + b->height;
    }
  return h;
}

/* A part starts a new page (the design's page per part) unless that
 * would leave the page before it less than SOFT_BREAK_FILL full, or the
 * whole part fits in what is left of it: a short part (a few lines of
 * appendix) then follows on rather than stand alone, and no page but the
 * last is left mostly empty. */
static gboolean
part_starts_page (TsSpecsheet *self,
                  guint        i,
                  double       y,
                  double       top,
                  double       bottom)
{
  return y - top >= (bottom - top) * SOFT_BREAK_FILL && y + part_height (self, i) > bottom;
}

static guint paginate (TsSpecsheet *self, double width, double height);

/* Measuring is laying out: a drawing's height comes from its words, so
 * they are measured in the page's language, not the process's (a Russian
 * sheet measured in an English window had English heights and one page
 * fewer than the same sheet from `trainsizer-cli --lang ru`). */
guint
ts_specsheet_paginate (TsSpecsheet *self,
                       double       width,
                       double       height)
{
  LangGuard guard;
  guint n_pages;

  g_return_val_if_fail (self != NULL, 0);

  lang_push (&guard, self->lang);
  n_pages = paginate (self, width, height);
  lang_pop (&guard);
  return n_pages;
}

/* Lays every table's columns and every block out at the content width:
 * the heights pagination adds up, and the breaks found again on need
 * (the old ones were for another width). */
static void
measure_blocks (TsSpecsheet *self,
                double       content_w)
{
  for (guint i = 0; i < self->tables->len; i++)
    fit_columns (self, &g_array_index (self->tables, Table, i), content_w);
  for (guint i = 0; i < self->blocks->len; i++)
    {
      Block *b = &g_array_index (self->blocks, Block, i);

      b->height = block_height (self, b, content_w);
      g_clear_pointer (&b->breaks, g_array_unref);
    }
}

/* The room block i needs at y: need (its own height and the space above
 * it) plus, for a heading, the start of what it heads, so that a heading
 * stays with the start of what follows it. */
static double
need_with_followers (TsSpecsheet *self,
                     guint        i,
                     double       need,
                     double       y,
                     double       top,
                     double       bottom)
{
  for (guint j = i + 1; keeps_with_next (self, i) && j < self->blocks->len; j++)
    {
      Block *next = &g_array_index (self->blocks, Block, j);
      double next_before = ts_specsheet_text_style (next->kind).before;

      if (next->kind == BLOCK_PAGE_BREAK)
        break;
      need += next_before + block_lead (self, next, top, bottom, bottom - y - need - next_before,
                                        y - top < (bottom - top) * SPARSE_FILL);
      if (!keeps_with_next (self, j))
        break;
    }
  return need;
}

/* Places block i (not a page break) at *y on *page, or in slices, or on
 * a new page when it and what keeps with it do not fit. */
static void
place_block (TsSpecsheet *self,
             guint        i,
             GArray     **page,
             double      *y,
             double       top,
             double       bottom)
{
  Block *b = &g_array_index (self->blocks, Block, i);
  double before = (*page)->len == 0 ? 0 : ts_specsheet_text_style (b->kind).before;
  double need = need_with_followers (self, i, before + b->height, *y, top, bottom);

  /* A drawing that does not fit under a heading counting on its first
   * rows, or on a page still mostly empty, is cut between its rows. */
  if (*y + need > bottom && (*page)->len > 0
      && (follows_heading (self, *page) || *y - top < (bottom - top) * SPARSE_FILL)
      && drawing_cut (self, b, bottom - *y - before, fresh_room (self, b, top, bottom)) > 0)
    {
      place_in_slices (self, i, page, y, before, top, bottom);
      return;
    }

  /* A block taller than a page starts where it is and runs on over
   * as many pages as it needs. */
  if (b->height > fresh_room (self, b, top, bottom))
    {
      place_in_slices (self, i, page, y, before, top, bottom);
      return;
    }

  if (*y + need > bottom && (*page)->len > 0)
    {
      *page = new_page (self);
      *y = top;
      before = 0;
      place_repeated_header (self, *page, y, b);
    }

  *y += before;
  place (*page, i, *y, 0, b->height);
  *y += b->height;
}

static guint
paginate (TsSpecsheet *self,
          double       width,
          double       height)
{
  double top = MARGIN_TOP;
  double bottom = height - MARGIN_BOTTOM;
  double y = top;
  GArray *page;

  if (self->pages->len > 0 && self->width == width && self->height == height)
    return self->pages->len;

  self->width = width;
  self->height = height;
  g_ptr_array_set_size (self->pages, 0);
  measure_blocks (self, width - 2 * MARGIN_SIDE);

  page = new_page (self);
  for (guint i = 0; i < self->blocks->len; i++)
    {
      if (g_array_index (self->blocks, Block, i).kind != BLOCK_PAGE_BREAK)
        place_block (self, i, &page, &y, top, bottom);
      else if (page->len > 0 && part_starts_page (self, i, y, top, bottom))
        {
          page = new_page (self);
          y = top;
        }
    }

  return self->pages->len;
}

guint
ts_specsheet_get_n_pages (TsSpecsheet *self)
{
  return self->pages->len;
}
