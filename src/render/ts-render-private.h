/* ts-render-private.h — what the drawings share inside the render layer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ts-render.h"

G_BEGIN_DECLS

typedef enum
{
  TS_ALIGN_START,
  TS_ALIGN_CENTER,
  TS_ALIGN_END,
} TsAlign;

/* One drawing pass: the target, the type and the current text size. All
 * geometry is in multiples of em so that the same drawing keeps its
 * proportions on screen (96 dpi, pixels) and on a PDF page (points). */
typedef struct
{
  cairo_t             *cr;
  const TsRenderStyle *style;
  const TsPlan        *plan;
  const TsOption      *option;   /* NULL when the plan has none */
  const TsRackOptions *rack;
  PangoLayout         *layout;
  double               width;
  double               height;
  double               em;       /* base text size in user units */
  double               scale;    /* em relative to the style's own size */
  /* the font currently set on layout */
  double               font_factor;
  PangoWeight          font_weight;
  /* lines of text already laid out in this pass: a rack cluster repeats
   * the same names, U numbers and totals hundreds of times */
  GHashTable          *text_cache;
  /* line heights at scale 1 by text size, measured once per pass: with
   * unhinted metrics they scale linearly */
  double               line_heights[4];
  double               digit_widths[4];
  /* texts drawn ellipsized in this pass: a drawing grown to fill its
   * area must not cut more of its words than at its own size */
  guint                cut_texts;
} TsRenderCtx;

/* Text sizes relative to em. */
#define TS_TEXT_SMALL  0.85
#define TS_TEXT_NORMAL 1.0
#define TS_TEXT_TITLE  1.2
#define TS_TEXT_BIG    1.6

/* Smaller text is not drawn at all: it could not be read. */
#define TS_MIN_TEXT_POINTS 4.0

/* Titles and keys do not shrink below this, whatever the drawing does. */
#define TS_LEGIBLE_SCALE 0.6

/* The smallest text a drawing shrinks to before it clips instead. */
#define TS_MIN_SCALE   0.45

/* ---- ts-render-text.c: the drawing pass and its text ---------------- */

/* What a pass draws or measures: the public entry points' arguments. */
typedef struct
{
  const TsPlan        *plan;
  int                  option_index;   /* -1: the shown option */
  double               width;
  double               height;
  const TsRenderStyle *style;
  const TsRackOptions *rack_options;   /* NULL: front view, U numbers from the bottom */
} TsRenderFrame;

void     ts_render_ctx_init         (TsRenderCtx         *ctx,
                                     cairo_t             *cr,
                                     const TsRenderFrame *frame);
void     ts_render_ctx_set_scale    (TsRenderCtx         *ctx,
                                     double               scale);
void     ts_render_ctx_clear        (TsRenderCtx         *ctx);

/* How a piece of text is set. A zero field is the usual value, so a look
 * names only what differs (NULL: all usual); a drawing that measures and
 * then draws a text passes both the same look. */
typedef struct
{
  double         factor;     /* size, TS_TEXT_*; 0: TS_TEXT_NORMAL */
  PangoWeight    weight;     /* 0: PANGO_WEIGHT_NORMAL */
  const TsColor *color;      /* NULL: the style's foreground */
  TsAlign        align;      /* 0: TS_ALIGN_START */
  int            max_lines;  /* wrapped at words, the last ellipsized; 0: one */
} TsTextLook;

/* Draws text with its top at y inside the box x … x+max_width, aligned,
 * in up to look->max_lines lines, the last one ellipsized when the text is
 * longer. Returns the drawn height; _height only measures it. */
double   ts_render_text             (TsRenderCtx         *ctx,
                                     const char          *text,
                                     double               x,
                                     double               y,
                                     double               max_width,
                                     const TsTextLook    *look);
double   ts_render_text_height      (TsRenderCtx         *ctx,
                                     const char          *text,
                                     double               max_width,
                                     const TsTextLook    *look);
/* The size of text on one line, however long, in look's size and weight;
 * width and height may be NULL. */
void     ts_render_text_size        (TsRenderCtx         *ctx,
                                     const char          *text,
                                     const TsTextLook    *look,
                                     double              *width,
                                     double              *height);
/* A drawing's title, bold, wrapped onto up to three lines when long; returns its
 * height (at least one line). The _height variant only measures. */
double   ts_render_title            (TsRenderCtx         *ctx,
                                     const char          *title,
                                     double               x,
                                     double               y,
                                     double               max_width);
double   ts_render_title_height     (TsRenderCtx         *ctx,
                                     const char          *title,
                                     double               max_width);
/* Wrapped text in a column of max_width, every line of it (look's
 * max_lines does not apply); returns its height. With draw FALSE it only
 * measures. */
double   ts_render_paragraph        (TsRenderCtx         *ctx,
                                     const char          *text,
                                     double               x,
                                     double               y,
                                     double               max_width,
                                     const TsTextLook    *look,
                                     gboolean             draw);
/* Line height of text at a size factor. */
double   ts_render_line_height      (TsRenderCtx         *ctx,
                                     double               factor);
/* The width of a digit (tabular in the UI fonts) at a size factor. */
double   ts_render_digit_width      (TsRenderCtx         *ctx,
                                     double               factor);
/* A centred notice, e.g. when the plan has no hardware option. */
void     ts_render_message          (TsRenderCtx         *ctx,
                                     const char          *title,
                                     const char          *detail);
/* The height a drawing that shows only such a notice asks for. */
double   ts_render_message_height   (TsRenderCtx         *ctx);

/* ---- ts-render-style.c: colours and crisp shapes --------------------- */

/* Black or white, whichever reads better on background. */
TsColor  ts_render_contrast_color   (const TsColor       *background);
/* A rectangle with its edges on whole device pixels: crisp, and filled by
 * pixman's fast path instead of the antialiasing rasteriser. */
void     ts_render_box              (cairo_t             *cr,
                                     double               x,
                                     double               y,
                                     double               width,
                                     double               height);
void     ts_render_rounded_rect     (cairo_t             *cr,
                                     double               x,
                                     double               y,
                                     double               width,
                                     double               height,
                                     double               radius);
/* A dashed vertical line across a bar from top to bottom, reaching em×0.3
 * past both ends, in the foreground: where a value falls on the bar (the
 * memory's capacity, the time's deadline). */
void     ts_render_bar_marker       (TsRenderCtx         *ctx,
                                     double               x,
                                     double               top,
                                     double               bottom);

/* ---- ts-render.c: what a drawing shows of the plan ------------------ */

/* Shared by the drawings and the describe text. */
const TsOption *ts_render_pick_option (const TsPlan      *plan,
                                       int                option_index);
/* The option's racks, or NULL when it has none. */
const GArray   *ts_render_option_racks (const TsOption    *option);

/* Neighbouring racks that a drawing shows once (the elevation draws
 * identical racks once, the power bars racks of the same load once). */
typedef struct
{
  guint first;   /* 0-based index of the first rack */
  guint count;
} TsRackGroup;

/* The racks (NULL: none) as runs of neighbours alike by same. */
GArray         *ts_render_rack_groups (const GArray      *racks,
                                       gboolean         (*same) (const TsRack *a,
                                                                 const TsRack *b));
/* Whether any group holds more than one rack. */
gboolean        ts_render_rack_groups_any (const GArray  *groups);

const TsMemory *ts_render_pick_memory (const TsPlan      *plan,
                                       const TsOption    *option);

/* ---- ts-render-format.c: words and numbers --------------------------- */

char           *ts_render_format_units (guint             units);
char           *ts_render_format_kg    (double            kg);
char           *ts_render_format_flops (double            flops);
const char     *ts_render_device_role_label (TsDeviceRole role);
/* Tons of refrigeration in words: “5.80 tons of refrigeration”. */
char           *ts_render_format_cooling (double           tons);

/* ---- ts-render-export.c: files -------------------------------------- */

/* A cairo stream into a file descriptor (a PNG, SVG or PDF being
 * written): write () again after EINTR, and after a failure nothing more,
 * its errno kept for the message. */
typedef struct
{
  int fd;
  int error;   /* errno of the first failed write, or 0 */
} TsRenderFdSink;

cairo_status_t ts_render_fd_sink_write (void                *closure,
                                        const unsigned char *data,
                                        unsigned int         length);

/* ---- ts-render-rack-body.c: one rack of the elevation -------------- */

/* The rack elevation's layout (ts-render-rack.c computes it), which
 * ts-render-rack-body.c draws one rack's frame and contents to. */
typedef struct
{
  double pad;
  double uh;          /* one unit */
  double body_w;      /* 19-inch panel */
  double rail_w, pdu_w;
  double legend_w;
  double frame_w;     /* rails, PDUs and body */
  double cell_w, gap;
  double label_w;     /* a rack's name and totals, centred on its frame */
  double header_factor; /* the size of its name */
  double header_h, totals_h, title_h;
  double count_h;        /* the “× 27” line, when some racks are grouped */
  double title_scale;
  double title_text_h;   /* the title's own lines, at title_scale */
  guint  cols;
  double bottom;
  /* one kind of rack with room beside it: its colour key and its totals
   * are set in a panel to its right, in body text, and the rack takes
   * the height they left (a wide screen showed a narrow rack in a fifth
   * of its width, its figures in small type under it) */
  gboolean side;
  double   side_x;
} TsRackGeometry;

/* The rails of a rack cooled by facility water, and their key. */
extern const TsColor ts_render_liquid_color;

/* The drawn height of a rack's body at unit height uh. */
double   ts_render_rack_body_height (const TsRack         *rack,
                                     double                uh);
/* One rack in its cell at x (its U numbers first, then the frame), its
 * floor at floor_y: the frame, the devices, the PDU strips, the free
 * runs and the U numbers; not its name or totals. */
void     ts_render_rack_body_draw   (TsRenderCtx          *ctx,
                                     const TsRackGeometry *g,
                                     const TsRack         *rack,
                                     double                x,
                                     double                floor_y);

/* ---- one file each: the drawings ------------------------------------ */

/* Each drawing: draw, natural height at the context's scale, describe.
 * Every _height has the same few lines (no option: the notice's height;
 * else the bottom of the drawing's layout) over a geometry structure of
 * its own type, which is why they are not one function. */
void     ts_render_memory_draw      (TsRenderCtx         *ctx);
double   ts_render_memory_height    (TsRenderCtx         *ctx);
char    *ts_render_memory_describe  (const TsPlan        *plan,
                                     const TsOption      *option);
gboolean ts_render_memory_hit_ctx   (TsRenderCtx         *ctx,
                                     double               x,
                                     double               y,
                                     TsComponent         *component,
                                     gboolean            *per_gpu);

void     ts_render_comparison_draw     (TsRenderCtx      *ctx);
double   ts_render_comparison_height   (TsRenderCtx      *ctx);
char    *ts_render_comparison_describe (const TsPlan     *plan,
                                        const TsOption   *option);

void     ts_render_rack_draw        (TsRenderCtx         *ctx);
double   ts_render_rack_height      (TsRenderCtx         *ctx);
GArray  *ts_render_rack_breaks      (TsRenderCtx         *ctx);
char    *ts_render_rack_describe    (const TsPlan        *plan,
                                     const TsOption      *option);

void     ts_render_power_draw       (TsRenderCtx         *ctx);
double   ts_render_power_height     (TsRenderCtx         *ctx);
GArray  *ts_render_power_breaks     (TsRenderCtx         *ctx);
char    *ts_render_power_describe   (const TsPlan        *plan,
                                     const TsOption      *option);

void     ts_render_network_draw     (TsRenderCtx         *ctx);
double   ts_render_network_height   (TsRenderCtx         *ctx);
char    *ts_render_network_describe (const TsPlan        *plan,
                                     const TsOption      *option);

void     ts_render_time_draw        (TsRenderCtx         *ctx);
double   ts_render_time_height      (TsRenderCtx         *ctx);
void     ts_render_summary_draw     (TsRenderCtx         *ctx);
double   ts_render_summary_height   (TsRenderCtx         *ctx);
char    *ts_render_summary_describe (const TsPlan        *plan,
                                     const TsOption      *option);
char    *ts_render_deadline_verdict (const TsPlan        *plan,
                                     const TsOption      *option);
char    *ts_render_time_describe    (const TsPlan        *plan,
                                     const TsOption      *option);

G_END_DECLS
