/* ts-render-style.c — how every drawing looks
 *
 * The palette of memory components and rack devices, the light and dark
 * styles, presenter mode's type size, text colour on a fill, and shapes
 * with their edges on whole pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <math.h>

#include "ts-render-private.h"

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

/* Rack device roles, also from the HIG palette; servers in a calm slate so
 * the switches (fewer, and what a reviewer looks for) stand out. */
static const TsColor role_colors[TS_N_DEVICE_ROLES] = {
  { 0.239, 0.322, 0.431, 1 },  /* server: slate */
  { 0.129, 0.565, 0.643, 1 },  /* leaf switch: teal */
  { 0.380, 0.208, 0.514, 1 },  /* spine switch: purple 5 */
  { 0.776, 0.275, 0.000, 1 },  /* storage switch: orange 5 */
  { 0.753, 0.749, 0.737, 1 },  /* management switch: light 4 */
  { 0.369, 0.361, 0.392, 1 },  /* PDU: dark 2, visible on light and dark */
  { 0.569, 0.255, 0.675, 1 },  /* core switch: purple 3, the spine's lighter kin */
  { 0.596, 0.416, 0.267, 1 },  /* storage appliance: brown 3, the storage switch's kin */
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
  style->print = FALSE;
  style->gib = FALSE;       /* the article's decimal GB unless the user chose GiB */
  style->presenter = FALSE;
  /* a screen drawing given too little height is clipped (the window
   * scrolls) rather than shrunk past reading: 8 px is Cantarell's
   * smallest size with open counters */
  style->min_text_px = TS_RENDER_MIN_TEXT_PX;
  style->accent = dark ? (TsColor) { 0.471, 0.682, 0.929, 1 } : (TsColor) { 0.110, 0.443, 0.847, 1 };
}

void
ts_render_style_set_presenter (TsRenderStyle *style,
                               gboolean       presenter)
{
  double small_px = style->font_size * style->dpi / 72.0 * TS_TEXT_SMALL;

  style->presenter = presenter;
  style->min_text_px = presenter ? TS_RENDER_PRESENTER_TEXT_PX : TS_RENDER_MIN_TEXT_PX;
  /* the smallest text at the room's size, never smaller than the user's */
  if (presenter && small_px > 0)
    style->font_scale = MAX (style->font_scale, TS_RENDER_PRESENTER_TEXT_PX / small_px);
}

TsColor
ts_render_component_color (TsComponent component)
{
  g_return_val_if_fail (component < TS_N_COMPONENTS, component_colors[0]);
  return component_colors[component];
}

TsColor
ts_render_role_color (TsDeviceRole role)
{
  g_return_val_if_fail (role < TS_N_DEVICE_ROLES, role_colors[0]);
  return role_colors[role];
}

void
ts_render_set_color (cairo_t       *cr,
                     const TsColor *color)
{
  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a);
}

TsColor
ts_render_contrast_color (const TsColor *bg)
{
  /* Relative luminance (ITU-R BT.709 weights on linearised sRGB); dark
   * text above the point where both contrasts are equal (≈ 0.18). */
  double c[3] = { bg->r, bg->g, bg->b };
  double lum;

  for (int i = 0; i < 3; i++)
    c[i] = c[i] <= 0.04045 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);
  lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  if (lum > 0.179)
    return (TsColor) { 0, 0, 0, 0.87 };
  return (TsColor) { 1, 1, 1, 1 };
}

void
ts_render_box (cairo_t *cr,
               double   x,
               double   y,
               double   w,
               double   h)
{
  double x0 = x, y0 = y, x1 = x + w, y1 = y + h;

  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  x0 = round (x0);
  y0 = round (y0);
  x1 = round (x1);
  y1 = round (y1);
  cairo_device_to_user (cr, &x0, &y0);
  cairo_device_to_user (cr, &x1, &y1);
  if (x1 > x0 && y1 > y0)
    cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
}

void
ts_render_bar_marker (TsRenderCtx *ctx,
                      double       x,
                      double       top,
                      double       bottom)
{
  cairo_t *cr = ctx->cr;
  double em = ctx->em;

  ts_render_set_color (cr, &ctx->style->foreground);
  cairo_set_line_width (cr, MAX (1, 0.15 * em));
  cairo_set_dash (cr, (double[]) { 0.4 * em, 0.25 * em }, 2, 0);
  cairo_move_to (cr, x, top - 0.3 * em);
  cairo_line_to (cr, x, bottom + 0.3 * em);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

void
ts_render_rounded_rect (cairo_t *cr,
                        double   x,
                        double   y,
                        double   w,
                        double   h,
                        double   r)
{
  r = MIN (r, MIN (w, h) / 2);
  /* Corners this small do not show, and a plain rectangle is filled far
   * faster (a 64-server rack cluster has hundreds). */
  if (r < 1.5)
    {
      ts_render_box (cr, x, y, w, h);
      return;
    }
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}
