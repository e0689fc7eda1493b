/* ts-render.c — shared drawing helpers (palette, text)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include "ts-render.h"

/* GNOME HIG palette, chosen to stay distinct for common colour-vision
 * deficiencies and legible with both light and dark text. */
static const TsColor component_colors[TS_N_COMPONENTS] = {
  { 0.208, 0.518, 0.894, 1 },  /* weights: blue 3 */
  { 0.902, 0.380, 0.000, 1 },  /* gradients: orange 4 */
  { 0.569, 0.255, 0.675, 1 },  /* master weights: purple 3 */
  { 0.180, 0.761, 0.494, 1 },  /* optimizer states: green 4 */
  { 0.965, 0.827, 0.176, 1 },  /* activations: yellow 3 */
  { 0.867, 0.133, 0.200, 1 },  /* adapters: red 3 */
  { 0.596, 0.416, 0.267, 1 },  /* quantization constants: brown 3 */
  { 0.604, 0.600, 0.588, 1 },  /* overhead: light 5 */
};

void
ts_render_style_init (TsRenderStyle *style,
                      gboolean       dark)
{
  style->dark = dark;
  style->foreground = dark ? (TsColor) { 1, 1, 1, 1 } : (TsColor) { 0, 0, 0, 0.8 };
  style->background = dark ? (TsColor) { 0.141, 0.141, 0.141, 1 } : (TsColor) { 1, 1, 1, 1 };
  style->muted = dark ? (TsColor) { 1, 1, 1, 0.55 } : (TsColor) { 0, 0, 0, 0.55 };
  style->grid = dark ? (TsColor) { 1, 1, 1, 0.15 } : (TsColor) { 0, 0, 0, 0.12 };
  style->font_scale = 1.0;
  style->font_family = "Cantarell, DejaVu Sans, sans-serif";
  style->font_size = 10;
  style->dpi = 96;
  style->accent = (TsColor) { 0.208, 0.518, 0.894, 1 };
}

TsColor
ts_render_component_color (TsComponent component)
{
  g_return_val_if_fail (component < TS_N_COMPONENTS, component_colors[0]);
  return component_colors[component];
}

void
ts_render_set_color (cairo_t       *cr,
                     const TsColor *color)
{
  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a);
}
