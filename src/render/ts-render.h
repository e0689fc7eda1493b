/* ts-render.h — shared drawing helpers (palette, text)
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

/* Colours of a drawing: foreground/background follow light or dark
 * style; the component colours are fixed and legible on both. */
typedef struct
{
  TsColor  foreground;
  TsColor  background;
  TsColor  muted;
  TsColor  grid;
  gboolean dark;
  double   font_scale;   /* 1.0, larger for presentations */
  const char *font_family;
} TsRenderStyle;

void     ts_render_style_init   (TsRenderStyle *style,
                                 gboolean       dark);
TsColor  ts_render_component_color (TsComponent  component);
void     ts_render_set_color    (cairo_t       *cr,
                                 const TsColor *color);

G_END_DECLS
