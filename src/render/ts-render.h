/* ts-render.h — the drawings of a plan, on any cairo_t
 *
 * One function per drawing serves the window (GtkDrawingArea / snapshot),
 * the printed page, the PDF and PNG/SVG export. No GTK here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "ts-engine.h"

G_BEGIN_DECLS

typedef struct
{
  double r, g, b, a;
} TsColor;

/* Colours and type of a drawing: foreground/background follow light or
 * dark style; the component colours are fixed and legible on both. */
typedef struct
{
  TsColor     foreground;
  TsColor     background;
  TsColor     muted;
  TsColor     grid;
  TsColor     accent;
  gboolean    dark;
  double      font_scale;   /* 1.0; larger for presentations */
  double      font_size;    /* base size in points of the target */
  const char *font_family;
  double      dpi;          /* resolution Pango assumes for cr (96 screen, 72 PDF points) */
  gboolean    print;        /* laid out for a page: unhinted text metrics */
  gboolean    gib;          /* memory in GiB (the user's unit) instead of decimal GB */
  /* Presenting to a room: no text smaller than min_text_px device pixels
   * (the drawing reflows and grows taller instead of shrinking; what does
   * not fit the height given is clipped: scroll). See
   * ts_render_style_set_presenter (). */
  gboolean    presenter;
  double      min_text_px;
} TsRenderStyle;

/* The size of text a room reads on a 1920 × 1080 projector: 24 px. */
#define TS_RENDER_PRESENTER_TEXT_PX 24.0
/* The smallest text a screen drawing shrinks to when fitted to a height. */
#define TS_RENDER_MIN_TEXT_PX 8.0

typedef enum
{
  TS_DRAWING_MEMORY,
  TS_DRAWING_COMPARISON,
  TS_DRAWING_RACK,
  TS_DRAWING_POWER,
  TS_DRAWING_TIME,
  TS_DRAWING_SUMMARY,     /* the answer on one slide */
  TS_DRAWING_NETWORK,   /* the compute fabric (ts-render-network.c) */
  TS_N_DRAWINGS
} TsDrawing;

typedef struct
{
  gboolean descending;   /* U numbers from the top */
  gboolean rear;         /* rear view */
} TsRackOptions;

void        ts_render_style_init        (TsRenderStyle   *style,
                                         gboolean         dark);
/* Presenter mode on or off: on, the smallest text of every drawing is at
 * least TS_RENDER_PRESENTER_TEXT_PX pixels (at the style's dpi). */
void        ts_render_style_set_presenter (TsRenderStyle *style,
                                           gboolean       presenter);
TsColor     ts_render_component_color   (TsComponent      component);
/* The colour of a rack device's role (elevation, legends). */
TsColor     ts_render_role_color        (TsDeviceRole     role);
void        ts_render_set_color         (cairo_t         *cr,
                                         const TsColor   *color);

const char *ts_drawing_to_string        (TsDrawing        drawing);
char       *ts_drawing_dup_names        (const char      *separator);
gboolean    ts_drawing_from_string      (const char      *text,
                                         TsDrawing       *drawing);

/* Sets a layout's text with the digit groups of numbers (U+202F) kept
 * visibly apart whatever the font. */
void        ts_render_layout_set_text   (PangoLayout         *layout,
                                         const char          *text);

/* option_index: an index into plan->options, or -1 for the shown option
 * (the recommended one, else the first). Everything is drawn inside
 * 0,0–width,height and nothing outside it. */
void        ts_render_drawing           (TsDrawing            drawing,
                                         cairo_t             *cr,
                                         const TsPlan        *plan,
                                         int                  option_index,
                                         double               width,
                                         double               height,
                                         const TsRenderStyle *style,
                                         const TsRackOptions *rack_options);
/* The text scale a drawing is drawn at in width × height (1.0: the
 * style's own size; smaller when it is shrunk to fit). */
double      ts_render_drawing_scale     (TsDrawing            drawing,
                                         const TsPlan        *plan,
                                         int                  option_index,
                                         double               width,
                                         double               height,
                                         const TsRenderStyle *style);
/* The same, with the rack's options: what ts_render_drawing () fits. A
 * window that redraws one plan at one size (a scroll, a focus ring, an
 * expose) keeps it and draws with ts_render_drawing_at_scale (). */
double      ts_render_drawing_fit       (TsDrawing            drawing,
                                         const TsPlan        *plan,
                                         int                  option_index,
                                         double               width,
                                         double               height,
                                         const TsRenderStyle *style,
                                         const TsRackOptions *rack_options);
/* Draws as ts_render_drawing () does, at a scale ts_render_drawing_fit ()
 * returned for the same arguments, without fitting again. */
void        ts_render_drawing_at_scale  (TsDrawing            drawing,
                                         cairo_t             *cr,
                                         const TsPlan        *plan,
                                         int                  option_index,
                                         double               width,
                                         double               height,
                                         const TsRenderStyle *style,
                                         const TsRackOptions *rack_options,
                                         double               scale);
/* Whether, in presenter mode, the drawing lays itself out to the height
 * it is given (the rack elevation: the whole rack on the screen), so a
 * slide gives it the screen's height rather than its natural one. */
gboolean    ts_render_drawing_fits_slide (TsDrawing           drawing);
/* The height a drawing wants at a given width (the rack and comparison
 * grow with the plan). */
double      ts_render_drawing_height    (TsDrawing            drawing,
                                         const TsPlan        *plan,
                                         int                  option_index,
                                         double               width,
                                         const TsRenderStyle *style);
/* Where a page may end inside the drawing at its natural height for this
 * width (y offsets, ascending; between rows of racks, say), or NULL when
 * the drawing has no such places of its own. */
GArray     *ts_render_drawing_breaks    (TsDrawing            drawing,
                                         const TsPlan        *plan,
                                         int                  option_index,
                                         double               width,
                                         const TsRenderStyle *style);
/* A sentence or two summarising the drawing's numbers, for screen
 * readers (accessible description) — in the current language. */
char       *ts_render_drawing_describe  (TsDrawing            drawing,
                                         const TsPlan        *plan,
                                         int                  option_index);
/* The memory component under x, y (for tooltips); FALSE if none. */
gboolean    ts_render_memory_hit        (const TsPlan        *plan,
                                         int                  option_index,
                                         double               width,
                                         double               height,
                                         const TsRenderStyle *style,
                                         double               x,
                                         double               y,
                                         TsComponent         *component,
                                         gboolean            *per_gpu);
/* PNG or SVG of one drawing, written atomically. */
gboolean    ts_render_export            (TsDrawing            drawing,
                                         const TsPlan        *plan,
                                         int                  option_index,
                                         const char          *path,
                                         gboolean             svg,
                                         double               width,
                                         double               height,
                                         const TsRenderStyle *style,
                                         GError             **error);

G_END_DECLS
