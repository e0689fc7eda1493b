/* ts-specsheet-private.h — what the parts of the spec sheet share
 *
 * The spec sheet (ts-specsheet.h) is built in parts: ts-specsheet.c makes
 * and keeps the document, ts-specsheet-flow.c and ts-specsheet-content.c
 * build its flow of blocks, ts-specsheet-pagination.c measures the blocks
 * and cuts the flow into pages, ts-specsheet-drawing.c draws a page and
 * writes the PDF. Here: the page geometry, the Block and Table types, the
 * document itself and the functions one part lends another.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "ts-render-private.h"
#include "ts-specsheet.h"

G_BEGIN_DECLS

/* Page geometry in points. 48 pt ≈ 17 mm: inside every office printer's
 * unprintable edge, so the print and the PDF show the same page. */
#define MARGIN_SIDE     48.0
#define MARGIN_TOP      44.0
#define MARGIN_BOTTOM   58.0
#define FOOTER_BASELINE 30.0   /* from the bottom edge to the footer's top */

/* Type sizes in points: body text readable on paper, headings clearly
 * above it, tables and footer a step smaller. */
#define FONT_FAMILY     "Cantarell, DejaVu Sans, sans-serif"
#define SIZE_TITLE      19.0
#define SIZE_SUBTITLE   12.0
#define SIZE_HEADING    13.0
#define SIZE_SUBHEADING 10.5
#define SIZE_BODY       9.0
#define SIZE_TABLE      8.5
#define SIZE_SMALL      7.5

#define CELL_PAD_X      4.0
#define CELL_PAD_Y      2.5
#define BULLET_INDENT   12.0
#define CALLOUT_PAD     8.0
#define MAX_COLUMNS     10
/* A part that ran over onto a page filled less than this share of it is
 * followed on the same page rather than by a page nearly empty. */
#define SOFT_BREAK_FILL 0.5

/* Height given to a drawing that cannot tell its own (placeholder), as a
 * fraction of the content width. */
#define DRAWING_ASPECT  0.45

#define HASH_DIGITS     8

/* The vendor's logo on the first page: at most this tall and wide. */
#define LOGO_MAX_HEIGHT 40.0
#define LOGO_MAX_WIDTH  180.0

/* A drawing taller than a page is cut where its geometry allows (between
 * rows of racks); a cut may leave no less than this share of a page. */
#define BREAK_MIN_SHARE  0.25
/* Lines meet where one ends and the next begins; positions computed two
 * ways agree to far better than this (points). */
#define LINE_EPSILON     0.01

typedef enum
{
  BLOCK_TITLE,
  BLOCK_SUBTITLE,
  BLOCK_HEADING,
  BLOCK_SUBHEADING,
  BLOCK_TEXT,
  BLOCK_NOTE,
  BLOCK_BULLET,
  BLOCK_CHECK,
  BLOCK_CALLOUT,
  BLOCK_ROW,
  BLOCK_DRAWING,
  BLOCK_LOGO,
  BLOCK_PAGE_BREAK,
} BlockKind;

typedef struct
{
  guint    n_columns;
  double   fractions[MAX_COLUMNS];
  gboolean right[MAX_COLUMNS];
  int      header;     /* block index of the header row, or -1 */
  double   size;       /* type size in points */
  double   widths[MAX_COLUMNS];   /* points, at the current pagination */
} Table;

typedef struct
{
  BlockKind  kind;
  char      *text;
  char     **cells;
  guint      table;
  gboolean   header;
  gboolean   bold;
  gboolean   shaded;
  TsDrawing  drawing;
  char      *uri;      /* a link the block is, or NULL */
  double     height;   /* at the content width */
  GArray    *breaks;   /* drawings: where a page may end (double, ascending) */
} Block;

typedef struct
{
  guint  block;
  double y;
  double slice_top;     /* for drawings cut across pages */
  double slice_height;
} Placement;

struct _TsSpecsheet
{
  const TsPlan  *plan;        /* a reference (ts_plan_ref ()) */
  char          *lang;        /* NULL = the current language at creation */
  GDateTime     *date;
  char          *number;
  char          *title;
  char          *subject;
  char          *date_text;
  char          *footer_left;
  char          *page_format; /* “Page %u of %u” in the document's language */

  /* branding: NULL when not given (vendor and quote address then come
   * from the catalog) */
  char            *vendor_name;
  char            *contact;
  char            *quote_email;
  char            *customer;
  char            *project;
  char            *logo_path;
  cairo_surface_t *logo;      /* the PNG, or NULL */

  GArray        *blocks;      /* Block */
  GArray        *tables;      /* Table */

  PangoContext  *context;
  TsRenderStyle  style;

  double         width;       /* size of the current pagination */
  double         height;
  GPtrArray     *pages;       /* GArray of Placement */
};

/* ---- language --------------------------------------------------------- */

/* The sheet's words and numbers are in its own language while it is made
 * or drawn: a page language for this thread only (ts-i18n.h), so the
 * window around it keeps its language and LANGUAGE is never touched. */
typedef struct
{
  const char *saved;
} LangGuard;

static inline void
lang_push (LangGuard  *guard,
           const char *lang)
{
  guard->saved = ts_i18n_set_thread_language (lang);
}

static inline void
lang_pop (LangGuard *guard)
{
  ts_i18n_set_thread_language (guard->saved);
}

/* ---- ts-specsheet-flow.c: the flow's pieces, the words and numbers in them */

void
ts_specsheet_block_clear (Block *b);

Block *
ts_specsheet_add_block (TsSpecsheet *self,
                        BlockKind    kind,
                        char        *text);

void
ts_specsheet_add_text (TsSpecsheet *self,
                       BlockKind    kind,
                       const char  *text);

G_GNUC_PRINTF (3, 4)
void
ts_specsheet_add_printf (TsSpecsheet *self,
                         BlockKind    kind,
                         const char  *format,
                         ...);

guint
ts_specsheet_begin_table (TsSpecsheet    *self,
                          guint           n_columns,
                          const double   *fractions,
                          const gboolean *right);

Block *
ts_specsheet_add_row_v (TsSpecsheet *self,
                        guint        table,
                        char       **cells);

void
ts_specsheet_add_header (TsSpecsheet *self,
                         guint        table,
                         ...);

void
ts_specsheet_add_pair (TsSpecsheet *self,
                       guint        table,
                       const char  *label,
                       char        *value);

guint
ts_specsheet_begin_pairs (TsSpecsheet *self);

void
ts_specsheet_grid_add (GPtrArray  *cells,
                       const char *label,
                       char       *value);

void
ts_specsheet_grid_emit (TsSpecsheet *self,
                        GPtrArray   *cells);

void
ts_specsheet_add_drawing (TsSpecsheet *self,
                          TsDrawing    drawing);

const char *
ts_specsheet_nonempty (const char *text);

const char *
ts_specsheet_vendor_name (TsSpecsheet *self);

void
ts_specsheet_add_facts (TsSpecsheet       *self,
                        const TsPlanFacts *facts);

void
ts_specsheet_add_facts_grid (TsSpecsheet       *self,
                             const TsPlanFacts *facts);

guint
ts_specsheet_add_facts_table (TsSpecsheet       *self,
                              const TsPlanFacts *facts,
                              const double      *fractions,
                              const gboolean    *right,
                              gboolean           shade_emphasis);

/* ---- ts-specsheet-content.c: the document's sections ---------------------- */

void
ts_specsheet_build_document (TsSpecsheet *self);

/* ---- ts-specsheet-hardware.c: the configuration, network and storage ---- */

void
ts_specsheet_build_configuration (TsSpecsheet *self);
void
ts_specsheet_build_network_storage (TsSpecsheet *self);

/* ---- ts-specsheet-site.c: the rack elevation, site requirements, checklist */

void
ts_specsheet_build_site (TsSpecsheet *self);

/* ts-specsheet-bom.c: the shown option's bill of materials, a page of its own */
void
ts_specsheet_build_bom (TsSpecsheet *self);

/* ---- ts-specsheet-pagination.c: measuring the blocks ---------------------- */

typedef struct
{
  double size;
  gboolean bold;
  double before;   /* space above */
  double indent;
} TextStyle;

PangoLayout *
ts_specsheet_make_layout (TsSpecsheet *self,
                          const char  *text,
                          double       size,
                          gboolean     bold,
                          double       width);

double
ts_specsheet_layout_width (PangoLayout *layout);

TextStyle
ts_specsheet_text_style (BlockKind kind);

PangoLayout *
ts_specsheet_block_layout (TsSpecsheet *self,
                           const Block *b,
                           double       width,
                           double      *x,
                           double      *y);

double
ts_specsheet_column_x (const Table *t,
                       guint        column);

double
ts_specsheet_row_layouts (TsSpecsheet *self,
                          const Block *b,
                          PangoLayout **layouts);

void
ts_specsheet_clear_layouts (PangoLayout **layouts);

double
ts_specsheet_logo_scale (TsSpecsheet *self,
                         double       width);

G_END_DECLS
