/* ts-drawing-view.h — one drawing of the plan, on screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ts-render.h"

G_BEGIN_DECLS

#define TS_TYPE_DRAWING_VIEW (ts_drawing_view_get_type ())

G_DECLARE_FINAL_TYPE (TsDrawingView, ts_drawing_view, TS, DRAWING_VIEW, GtkDrawingArea)

GtkWidget  *ts_drawing_view_new            (TsDrawing      drawing);
void        ts_drawing_view_set_drawing    (TsDrawingView *self,
                                            TsDrawing      drawing);
/* The "plan" property: the view takes a reference and draws the option
 * the plan shows. Usually bound, not set (ts-answer-pane.c). */
void        ts_drawing_view_set_plan       (TsDrawingView *self,
                                            TsPlan        *plan);
TsPlan     *ts_drawing_view_get_plan       (TsDrawingView *self);
void        ts_drawing_view_set_gib        (TsDrawingView *self,
                                            gboolean       gib);
/* How large the drawn text is (TsRenderStyle.font_scale): large type, or
 * presenter mode, which sizes it for a projector whatever large type
 * says. */
void        ts_drawing_view_set_text_size  (TsDrawingView *self,
                                            gboolean       large_type,
                                            gboolean       presenting);
/* The style the drawing is rendered with now (for tests). */
void        ts_drawing_view_get_style      (TsDrawingView *self,
                                            TsRenderStyle *style);
void        ts_drawing_view_set_zoom       (TsDrawingView *self,
                                            double         zoom);
double      ts_drawing_view_get_zoom       (TsDrawingView *self);
void        ts_drawing_view_set_rack_options (TsDrawingView       *self,
                                              const TsRackOptions *options);
/* The accessible description currently set (for tests). */
const char *ts_drawing_view_get_description (TsDrawingView *self);
/* Renders the drawing at its current size into a new texture. */
GdkTexture *ts_drawing_view_render_texture (TsDrawingView *self);

G_END_DECLS
