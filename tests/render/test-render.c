/* test-render.c — the drawings, rendered without a display
 *
 * Expected values come from the article (2 + 2 + 4 + 8 bytes per
 * parameter), from hand calculations written here, or from geometry
 * (nothing outside the bounds); never from the render code's own output.
 * With TS_RENDER_DUMP=DIR every rendering is also written there as PNG
 * for a person to look at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ts-render-private.h"
#include "ts-render-fixture.h"
#include "ts-test-support.h"
#include "../../src/cli/ts-cli-args.h"   /* TS_CLI_DRAWING_NAMES */

typedef enum
{
  PLAN_8B_FULL,      /* 1 × DGX H200 */
  PLAN_70B_QLORA,    /* 1 × workstation with one RTX PRO 6000 */
  PLAN_405B_64,      /* 64 × DGX H200 */
  PLAN_70B_NONE,     /* no hardware option */
  N_PLANS
} PlanId;

static const char *const plan_names[N_PLANS] = { "8b-full", "70b-qlora", "405b-64", "70b-none" };

static TsCatalog *catalog;
static TsPlan *plans[N_PLANS];

static const struct
{
  int width, height;
} sizes[] = { { 320, 240 }, { 800, 600 }, { 1920, 1080 } };

static void
make_plans (void)
{
  catalog = ts_test_catalog ();
  plans[PLAN_8B_FULL] = ts_render_fixture_plan (catalog, "llama-3.1-8b", TS_METHOD_FULL, "dgx-h200", 1);
  plans[PLAN_70B_QLORA] = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_QLORA, "ws-1x-rtx-pro-6000", 1);
  plans[PLAN_405B_64] = ts_render_fixture_plan (catalog, "llama-3.1-405b", TS_METHOD_FULL, "dgx-h200", 64);
  ts_render_fixture_add_option (plans[PLAN_405B_64], "dgx-b200", 48);
  ts_render_fixture_add_option (plans[PLAN_405B_64], "smc-sys-521ge-tnrt-8x-rtx-pro-6000", 64);
  plans[PLAN_70B_NONE] = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, NULL, 0);
}

/* The figures the expectations below are computed from are the catalog's,
 * read through its accessors, so that a test keeps meaning when the
 * catalog's data change; the arithmetic and the way a figure is written
 * are spelled out here. */

/* value written the way the drawings write it: `decimals` places, a
 * trailing zero dropped when `trim` (ts_format_number_auto's rule), digit
 * groups of three joined by `group`, and `point` as the decimal mark. */
static char *
expected_number (double      value,
                 int         decimals,
                 gboolean    trim,
                 const char *group,
                 const char *point)
{
  g_autofree char *plain = g_strdup_printf ("%.*f", decimals, value);
  char *dot = strchr (plain, '.');
  g_autofree char *fraction = NULL;
  GString *out = g_string_new (NULL);
  gsize whole;

  if (dot != NULL)
    {
      *dot = '\0';
      fraction = g_strdup (dot + 1);
      if (trim)
        {
          gsize n = strlen (fraction);

          while (n > 0 && fraction[n - 1] == '0')
            fraction[--n] = '\0';
        }
    }
  whole = strlen (plain);
  for (gsize i = 0; i < whole; i++)
    {
      if (i > 0 && (whole - i) % 3 == 0)
        g_string_append (out, group);
      g_string_append_c (out, plain[i]);
    }
  if (fraction != NULL && *fraction != '\0')
    g_string_append_printf (out, "%s%s", point, fraction);
  return g_string_free (out, FALSE);
}

static char *
expected_english (double value,
                  int    decimals)
{
  return expected_number (value, decimals, TRUE, ",", ".");
}

/* A server of the catalog the fixtures use. */
static const TsServer *
catalog_server (const char *id)
{
  const TsServer *server = ts_catalog_find_server (catalog, id);

  g_assert_nonnull (server);
  return server;
}

/* Servers in a fixture's 42U rack. */
static guint
servers_per_rack (const TsServer *server)
{
  return ts_render_fixture_servers_per_rack (server, 42);
}

static guint
racks_for (const TsServer *server,
           guint           servers)
{
  guint per_rack = servers_per_rack (server);

  return (servers + per_rack - 1) / per_rack;
}

/* A plan of full racks of DGX H200: `racks` of them, every one alike. */
static TsPlan *
plan_in_racks (const char *model_id,
               guint       racks)
{
  return ts_render_fixture_plan (catalog, model_id, TS_METHOD_FULL, "dgx-h200",
                                 racks * servers_per_rack (catalog_server ("dgx-h200")));
}

/* Written over the style's background, so a dark drawing can be seen. */
static void
maybe_dump (cairo_surface_t     *surface,
            const char          *what,
            const TsRenderStyle *style)
{
  const char *dir = g_getenv ("TS_RENDER_DUMP");
  g_autofree char *path = NULL;
  cairo_surface_t *out;
  cairo_t *cr;

  if (dir == NULL)
    return;
  path = g_strdup_printf ("%s/%s.png", dir, what);
  out = cairo_image_surface_create (CAIRO_FORMAT_RGB24, cairo_image_surface_get_width (surface),
                                    cairo_image_surface_get_height (surface));
  cr = cairo_create (out);
  ts_render_set_color (cr, &style->background);
  cairo_paint (cr);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (out, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (out);
}

/* A drawing on the style's background, as a window or a file shows it. */
static cairo_surface_t *
render (TsDrawing            drawing,
        const TsPlan        *plan,
        int                  width,
        int                  height,
        const TsRenderStyle *style)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  ts_render_set_color (cr, &style->background);
  cairo_paint (cr);
  ts_render_drawing (drawing, cr, plan, -1, width, height, style, NULL);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel (cairo_surface_t *s,
       int              x,
       int              y)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);

  return *(const guint32 *) (data + y * stride + x * 4);
}

/* The component whose colour an opaque pixel has, or -1. */
static int
pixel_component (guint32 p)
{
  int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

  for (int c = 0; c < TS_N_COMPONENTS; c++)
    {
      TsColor color = ts_render_component_color (c);

      if (abs (r - (int) round (color.r * 255)) <= 2 && abs (g - (int) round (color.g * 255)) <= 2
          && abs (b - (int) round (color.b * 255)) <= 2)
        return c;
    }
  return -1;
}

typedef struct
{
  int component;
  int start, end;   /* pixels, end exclusive */
} Segment;

/* The segments along row y, runs of one colour merged across the text
 * drawn inside them. */
static GArray *
row_segments (cairo_surface_t *s,
              int              y)
{
  GArray *segs = g_array_new (FALSE, FALSE, sizeof (Segment));
  int w = cairo_image_surface_get_width (s);

  for (int x = 0; x < w; x++)
    {
      int c = pixel_component (pixel (s, x, y));
      Segment *last = segs->len > 0 ? &g_array_index (segs, Segment, segs->len - 1) : NULL;

      if (c < 0)
        continue;
      if (last != NULL && last->component == c)
        last->end = x + 1;
      else
        {
          Segment seg = { c, x, x + 1 };

          g_array_append_val (segs, seg);
        }
    }
  return segs;
}

/* The first bar: the first row with at least `min` components, taken a
 * few pixels below its (antialiased) top edge. */
static GArray *
first_bar (cairo_surface_t *s,
           guint            min,
           int             *bar_y)
{
  int h = cairo_image_surface_get_height (s);

  for (int y = 0; y < h - 3; y++)
    {
      g_autoptr(GArray) segs = row_segments (s, y);

      if (segs->len >= min)
        {
          *bar_y = y + 3;
          return row_segments (s, y + 3);
        }
    }
  g_assert_not_reached ();
}

static int
segment_width (GArray *segs,
               int     component)
{
  for (guint i = 0; i < segs->len; i++)
    if (g_array_index (segs, Segment, i).component == component)
      return g_array_index (segs, Segment, i).end - g_array_index (segs, Segment, i).start;
  return 0;
}

static void
test_memory_component_order (void)
{
  TsRenderStyle style;

  for (int dark = 0; dark <= 1; dark++)
    {
      cairo_surface_t *s;
      g_autoptr(GArray) segs = NULL;
      int y;
      double unit, scale;

      ts_render_style_init (&style, dark);
      s = render (TS_DRAWING_MEMORY, plans[PLAN_8B_FULL], 800, 600, &style);
      maybe_dump (s, dark ? "memory-order-dark" : "memory-order", &style);
      segs = first_bar (s, 4, &y);

      /* Fixed order along the bar: each component at most once, in
       * TsComponent order, none empty. */
      for (guint i = 1; i < segs->len; i++)
        g_assert_cmpint (g_array_index (segs, Segment, i).component, >, g_array_index (segs, Segment, i - 1).component);
      for (guint i = 0; i < segs->len; i++)
        g_assert_cmpint (g_array_index (segs, Segment, i).end, >, g_array_index (segs, Segment, i).start);

      /* The article: BF16 weights 2, gradients 2, FP32 master 4, Adam's
       * two states 4 + 4 bytes per parameter — the widths keep those
       * ratios (one pixel of rounding at each end, and the separator
       * between segments, whose width grows with the drawing's scale
       * when it fills its area). */
      scale = ts_render_drawing_scale (TS_DRAWING_MEMORY, plans[PLAN_8B_FULL], -1, 800, 600, &style);
      unit = segment_width (segs, TS_COMPONENT_WEIGHTS);
      g_assert_cmpfloat (unit, >, 20);
      g_assert_cmpfloat (fabs (segment_width (segs, TS_COMPONENT_GRADIENTS) - unit), <=, 2 * scale);
      g_assert_cmpfloat (fabs (segment_width (segs, TS_COMPONENT_MASTER_WEIGHTS) - 2 * unit), <=, 3 * scale);
      g_assert_cmpfloat (fabs (segment_width (segs, TS_COMPONENT_OPTIMIZER_STATES) - 4 * unit), <=, 5 * scale);
      cairo_surface_destroy (s);
    }
}

static void
test_memory_qlora_components (void)
{
  TsRenderStyle style;
  cairo_surface_t *s;
  g_autoptr(GArray) segs = NULL;
  int y;

  /* QLoRA: a 4-bit base, trained adapters and quantization constants; no
   * gradients, FP32 master or optimizer state for the base. */
  ts_render_style_init (&style, FALSE);
  s = render (TS_DRAWING_MEMORY, plans[PLAN_70B_QLORA], 1920, 1080, &style);
  segs = first_bar (s, 2, &y);
  g_assert_cmpint (segment_width (segs, TS_COMPONENT_WEIGHTS), >, 0);
  g_assert_cmpint (segment_width (segs, TS_COMPONENT_ADAPTERS), >, 0);
  g_assert_cmpint (segment_width (segs, TS_COMPONENT_QUANTIZATION_CONSTANTS), >, 0);
  g_assert_cmpint (segment_width (segs, TS_COMPONENT_MASTER_WEIGHTS), ==, 0);
  for (guint i = 1; i < segs->len; i++)
    g_assert_cmpint (g_array_index (segs, Segment, i).component, >, g_array_index (segs, Segment, i - 1).component);
  cairo_surface_destroy (s);
}

static void
test_memory_hit (void)
{
  TsRenderStyle style;
  cairo_surface_t *s;
  g_autoptr(GArray) segs = NULL;
  TsComponent component;
  gboolean per_gpu = TRUE;
  int y;

  ts_render_style_init (&style, FALSE);
  s = render (TS_DRAWING_MEMORY, plans[PLAN_8B_FULL], 800, 600, &style);
  segs = first_bar (s, 4, &y);
  /* Every segment seen in the first bar (the whole job) is what the hit
   * test reports at its middle. */
  for (guint i = 0; i < segs->len; i++)
    {
      const Segment *seg = &g_array_index (segs, Segment, i);

      g_assert_true (ts_render_memory_hit (plans[PLAN_8B_FULL], -1, 800, 600, &style,
                                           (seg->start + seg->end) / 2.0, y + 0.5, &component, &per_gpu));
      g_assert_cmpint (component, ==, seg->component);
      g_assert_false (per_gpu);
    }
  /* the top-left corner is the title, not a bar */
  g_assert_false (ts_render_memory_hit (plans[PLAN_8B_FULL], -1, 800, 600, &style, 2, 2, &component, &per_gpu));
  cairo_surface_destroy (s);
}

/* Renders into a larger transparent surface at an offset, with no clip
 * of our own: the margin around the drawing must stay untouched. */
static void
test_bounds (void)
{
  const int margin = 40;
  TsRenderStyle style;

  for (int dark = 0; dark <= 1; dark++)
    for (int d = 0; d < TS_N_DRAWINGS; d++)
      for (int p = 0; p < N_PLANS; p++)
        for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
          {
            int w = sizes[z].width, h = sizes[z].height;
            cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w + 2 * margin, h + 2 * margin);
            cairo_t *cr = cairo_create (s);
            g_autofree char *name = g_strdup_printf ("%s-%s-%dx%d%s", ts_drawing_to_string (d), plan_names[p], w, h,
                                                     dark ? "-dark" : "");
            guint inside = 0;

            ts_render_style_init (&style, dark);
            cairo_translate (cr, margin, margin);
            ts_render_drawing (d, cr, plans[p], -1, w, h, &style, NULL);
            g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
            cairo_destroy (cr);
            cairo_surface_flush (s);
            maybe_dump (s, name, &style);

            for (int y = 0; y < h + 2 * margin; y++)
              for (int x = 0; x < w + 2 * margin; x++)
                {
                  gboolean in = x >= margin && x < margin + w && y >= margin && y < margin + h;

                  if (!in && pixel (s, x, y) != 0)
                    g_error ("%s: pixel drawn outside the bounds at %d,%d", name, x - margin, y - margin);
                  if (in && pixel (s, x, y) != 0)
                    inside++;
                }
            /* and something was drawn inside */
            g_assert_cmpuint (inside, >, 100);
            cairo_surface_destroy (s);
          }
}

static void
test_rack_height_grows (void)
{
  g_autoptr(TsPlan) one = ts_render_fixture_plan (catalog, "llama-3.1-8b", TS_METHOD_FULL, "dgx-h200", 1);
  g_autoptr(TsPlan) eight = ts_render_fixture_plan (catalog, "llama-3.1-70b", TS_METHOD_FULL, "dgx-h200", 8);
  TsRenderStyle style;
  double h1, h8, h64, h64_narrow;

  ts_render_style_init (&style, FALSE);
  /* 30 kW racks hold two 10.2 kW DGX H200 each (the catalog's figures at
   * the time of writing): 1, 4 and 32 racks */
  g_assert_cmpuint (g_array_index (eight->options, TsOption, 0).racks, ==, racks_for (catalog_server ("dgx-h200"), 8));
  g_assert_cmpuint (g_array_index (plans[PLAN_405B_64]->options, TsOption, 0).racks, ==,
                    racks_for (catalog_server ("dgx-h200"), 64));
  /* the drawing's claims below need a few racks to a row, and many rows */
  g_assert_cmpuint (racks_for (catalog_server ("dgx-h200"), 64), >=, 8);

  h1 = ts_render_drawing_height (TS_DRAWING_RACK, one, -1, 800, &style);
  h8 = ts_render_drawing_height (TS_DRAWING_RACK, eight, -1, 800, &style);
  h64 = ts_render_drawing_height (TS_DRAWING_RACK, plans[PLAN_405B_64], -1, 800, &style);
  h64_narrow = ts_render_drawing_height (TS_DRAWING_RACK, plans[PLAN_405B_64], -1, 400, &style);
  g_assert_cmpfloat (h1, >, 0);
  g_assert_cmpfloat (h8, >=, h1);
  /* identical racks are drawn once: 32 racks, three a row at 800 px,
   * would take 11 rows; their few kinds (all full, the last one maybe
   * not) take two at most */
  g_assert_cmpfloat (h64, >=, h8);
  g_assert_cmpfloat (h64, <, 2.5 * h1);
  g_assert_cmpfloat (h64_narrow, >=, h64);

  /* a rack unlike its neighbours is drawn apart: racks 1–5, 6 and 7–32
   * are three racks, one per row at 400 px, three in one row at 1200 px */
  {
    g_autoptr(TsPlan) differing = plan_in_racks ("llama-3.1-405b", 32);
    GArray *racks = (GArray *) ts_option_get_rack_detail (&g_array_index (differing->options, TsOption, 0));
    double h_same_narrow = ts_render_drawing_height (TS_DRAWING_RACK, differing, -1, 400, &style);
    double h_wide, h_narrow;

    g_assert_cmpuint (racks->len, ==, 32);
    g_array_index (racks, TsRack, 5).weight_kg += 100;
    h_wide = ts_render_drawing_height (TS_DRAWING_RACK, differing, -1, 1200, &style);
    h_narrow = ts_render_drawing_height (TS_DRAWING_RACK, differing, -1, 400, &style);
    g_assert_cmpfloat (h_narrow, >, 2.5 * h_same_narrow);
    g_assert_cmpfloat (h_wide, <, 1.2 * h_same_narrow);
  }

  /* the comparison grows by a row per option */
  g_assert_cmpfloat (ts_render_drawing_height (TS_DRAWING_COMPARISON, plans[PLAN_405B_64], -1, 1200, &style), >,
                     ts_render_drawing_height (TS_DRAWING_COMPARISON, plans[PLAN_8B_FULL], -1, 1200, &style));
}

/* Russian digit groups are set apart by U+202F (design: “1 128 ГБ”).
 * Cantarell's U+202F is a sixth of an em, too little to see at screen
 * sizes, so the render layer widens it: a group gap of at least a quarter
 * of an em (a word space is wider still: see test-render-text.c).
 * Checked on a lone number and on one inside a sentence (Pango splits
 * runs differently), at 12 pt and 96 dpi: 1 em = 16 px. */
#define GROUP_GAP_MIN_EM 0.25

static void
test_digit_groups_visible (void)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  g_autoptr(GObject) context = G_OBJECT (pango_font_map_create_context (map));
  g_autoptr(GObject) layout_object = G_OBJECT (pango_layout_new (PANGO_CONTEXT (context)));
  PangoLayout *layout = PANGO_LAYOUT (layout_object);
  PangoFontDescription *desc = pango_font_description_from_string ("Cantarell, DejaVu Sans 12");
  const char *const pairs[][2] = {
    { "1275", "1\u202F275" },
    { "Вся задача, 8 GPU: 1275 ГБ", "Вся задача, 8 GPU: 1\u202F275 ГБ" },
  };
  cairo_font_options_t *options = cairo_font_options_create ();
  double em = 12 * 96 / 72.0;

  /* as the render layer measures: unhinted metrics */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (PANGO_CONTEXT (context), options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (PANGO_CONTEXT (context), 96);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      int plain, grouped;

      ts_render_layout_set_text (layout, pairs[i][0]);
      pango_layout_get_size (layout, &plain, NULL);
      ts_render_layout_set_text (layout, pairs[i][1]);
      pango_layout_get_size (layout, &grouped, NULL);
      g_assert_cmpfloat ((double) (grouped - plain) / PANGO_SCALE, >=, GROUP_GAP_MIN_EM * em);
    }
  /* a text without groups carries no spacing over from the last one */
  ts_render_layout_set_text (layout, "1275");
  g_assert_null (pango_layout_get_attributes (layout));
}

/* A title names the server, and a long name wraps the title onto a
 * second line instead of losing its end: at a width where “Power and
 * heat: 1 × NVIDIA DGX H200 at maximum draw” fits one line, the drawing
 * for a 52-character server name is taller by about a line. */
static void
test_long_title_wraps (void)
{
  g_autoptr(TsPlan) short_name = ts_render_fixture_plan (catalog, "llama-3.1-8b", TS_METHOD_LORA, "dgx-h200", 1);
  g_autoptr(TsPlan) long_name = ts_render_fixture_plan (catalog, "llama-3.1-8b", TS_METHOD_LORA,
                                                        "smc-sys-521ge-tnrt-8x-rtx-pro-6000", 1);
  const TsServer *server = g_array_index (long_name->options, TsOption, 0).server;
  TsRenderStyle style;
  double h_short, h_long;

  g_assert_cmpuint (g_utf8_strlen (server->name, -1), >, 40);
  ts_render_style_init (&style, FALSE);
  h_short = ts_render_drawing_height (TS_DRAWING_POWER, short_name, -1, 560, &style);
  h_long = ts_render_drawing_height (TS_DRAWING_POWER, long_name, -1, 560, &style);
  g_assert_cmpfloat (h_long, >, h_short + 0.8 * style.font_size);
  /* the time drawing's “About 12 d on 1 × …” over its bar, at 360 px */
  h_short = ts_render_drawing_height (TS_DRAWING_TIME, short_name, -1, 360, &style);
  h_long = ts_render_drawing_height (TS_DRAWING_TIME, long_name, -1, 360, &style);
  g_assert_cmpfloat (h_long, >, h_short + 0.8 * style.font_size);
}

/* Racks to scale: a 19-inch panel is 482.6 mm wide and 1U is 44.45 mm
 * (EIA-310), so an 8U server is drawn 8 × 44.45 / 482.6 ≈ 0.737 times as
 * tall as it is wide. (The rack's whole height: rack/same-unit-height.) */
static void
test_rack_to_scale (void)
{
  TsRenderStyle style;
  cairo_surface_t *s;
  int w = 800, h = 1400;
  int frame_left = -1, frame_right = -1, y_probe;
  int server_top = -1, server_bottom = -1;
  TsColor slate;
  int sx;

  ts_render_style_init (&style, FALSE);
  s = render (TS_DRAWING_RACK, plans[PLAN_8B_FULL], w, h, &style);
  maybe_dump (s, "rack-scale", &style);
  slate = ts_render_role_color (TS_DEVICE_SERVER);

  /* find the server block: the first row with a long run of the slate
   * colour (the colour key's small swatch is not it) */
  for (int y = 0; y < h && server_top < 0; y++)
    {
      int run = 0;

      for (int x = 0; x < w; x++)
        {
          guint32 p = pixel (s, x, y);

          if (abs ((int) ((p >> 16) & 0xff) - (int) round (slate.r * 255)) <= 1
              && abs ((int) ((p >> 8) & 0xff) - (int) round (slate.g * 255)) <= 1
              && abs ((int) (p & 0xff) - (int) round (slate.b * 255)) <= 1)
            run++;
          else
            run = 0;
          if (run >= 50)
            {
              server_top = y;
              break;
            }
        }
    }
  g_assert_cmpint (server_top, >=, 0);
  y_probe = server_top + 4;
  for (int x = 0; x < w; x++)
    {
      guint32 p = pixel (s, x, y_probe);
      gboolean is_slate = abs ((int) ((p >> 16) & 0xff) - (int) round (slate.r * 255)) <= 1
                          && abs ((int) ((p >> 8) & 0xff) - (int) round (slate.g * 255)) <= 1;

      if (is_slate && frame_left < 0)
        frame_left = x;
      if (is_slate)
        frame_right = x;
    }
  g_assert_cmpint (frame_right - frame_left, >=, 50);
  /* a column near the left edge, clear of the centred name */
  sx = frame_left + 3;
  for (int y = server_top; y < h; y++)
    {
      guint32 p = pixel (s, sx, y);
      gboolean is_slate = abs ((int) ((p >> 16) & 0xff) - (int) round (slate.r * 255)) <= 1
                          && abs ((int) (p & 0xff) - (int) round (slate.b * 255)) <= 1;

      if (is_slate)
        server_bottom = y;
      else if (y > server_top + 20 && server_bottom > 0 && y > server_bottom + 3)
        break;
    }
  /* The DGX H200 is 8U: its height : the panel width = 8 × 44.45 : 482.6
   * (small insets and rounded corners allowed for). */
  {
    double ratio = (double) (server_bottom - server_top + 1) / (frame_right - frame_left + 1);
    double expected = 8 * 44.45 / 482.6;

    g_assert_cmpfloat (fabs (ratio - expected), <, 0.05);
  }
  cairo_surface_destroy (s);
}

/* The longest vertical run of a colour in column x, bridging breaks of
 * up to 12 px (the feed letter on a PDU strip: small type, some 9 px). */
static int
column_run (cairo_surface_t *s,
            int              x,
            TsColor          color)
{
  int h = cairo_image_surface_get_height (s);
  int start = -1, last = -1, longest = 0;

  for (int y = 0; y < h; y++)
    {
      guint32 p = pixel (s, x, y);

      if (abs ((int) ((p >> 16) & 0xff) - (int) round (color.r * 255)) > 1
          || abs ((int) ((p >> 8) & 0xff) - (int) round (color.g * 255)) > 1
          || abs ((int) (p & 0xff) - (int) round (color.b * 255)) > 1)
        continue;
      if (start < 0 || y - last > 12)
        start = y;
      last = y;
      longest = MAX (longest, last - start + 1);
    }
  return longest;
}

/* One U is the same height in every rack, free units included: each
 * rack's 0U PDU strip runs the rack's whole height, 42 U, and a 42U rack
 * is 42 × 44.45 mm tall for a 482.6 mm panel (EIA-310): 3.869 times the
 * panel's width, whether the rack is full or half empty. Checked on the
 * 1-rack plan and on the 32-rack one (racks of 23, 19 and 17 U used). */
static void
test_rack_same_unit_height (void)
{
  const PlanId ids[] = { PLAN_8B_FULL, PLAN_405B_64 };
  TsColor pdu = ts_render_role_color (TS_DEVICE_PDU);
  TsRenderStyle style;

  ts_render_style_init (&style, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      int w = 1600;
      int h = (int) ts_render_drawing_height (TS_DRAWING_RACK, plans[ids[i]], -1, w, &style);
      cairo_surface_t *s = render (TS_DRAWING_RACK, plans[ids[i]], w, h, &style);
      int tallest = 0, shortest = G_MAXINT, strips = 0, panel = 0, strip_height = 0;

      maybe_dump (s, "rack-unit-height", &style);
      for (int x = 0; x < w; x++)
        tallest = MAX (tallest, column_run (s, x, pdu));
      g_assert_cmpint (tallest, >, 100);
      /* every strip (columns with a tall PDU run; its feed letter cuts
       * some of them) as tall as the tallest */
      for (int x = 0; x <= w; x++)
        {
          int run = x < w ? column_run (s, x, pdu) : 0;

          if (run > tallest / 2)
            strip_height = MAX (strip_height, run);
          else if (strip_height > 0)
            {
              shortest = MIN (shortest, strip_height);
              strips++;
              strip_height = 0;
            }
        }
      /* two strips (feeds A and B) per drawn rack */
      g_assert_cmpint (strips, >=, 2);
      g_assert_cmpint (tallest - shortest, <=, 2);
      /* the panel: the widest row of the server colour */
      for (int y = 0; y < h; y++)
        {
          int run = 0;
          TsColor slate = ts_render_role_color (TS_DEVICE_SERVER);

          for (int x = 0; x < w; x++)
            {
              guint32 p = pixel (s, x, y);

              if (abs ((int) ((p >> 16) & 0xff) - (int) round (slate.r * 255)) <= 1
                  && abs ((int) (p & 0xff) - (int) round (slate.b * 255)) <= 1)
                {
                  run++;
                  panel = MAX (panel, run);
                }
              else
                run = 0;
            }
        }
      g_assert_cmpfloat (fabs ((double) tallest / panel - 42 * 44.45 / 482.6), <, 0.1);
      cairo_surface_destroy (s);
    }
}

/* The comparison marks a figure that rests on a catalog estimate as the
 * spec sheet does: every power cell of an option whose server's maximum
 * power the catalog marks as an estimate reads “≈ … kW”, the others
 * plain. The drawing is written to a PDF and read back with pdftotext. */
static void
test_comparison_estimates (void)
{
  g_autoptr(TsPlan) plan = ts_render_fixture_plan (catalog, "llama-3.1-405b", TS_METHOD_FULL, "dgx-h200", 64);
  g_autofree char *dir = g_dir_make_tmp ("ts-render-pdf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "comparison.pdf", NULL);
  g_autofree char *out = NULL;
  g_autoptr(GRegex) marked_kw = g_regex_new ("≈\\s+[0-9.,]+\\s+kW", 0, 0, NULL);
  g_autoptr(GRegex) any_kw = g_regex_new ("(?<![0-9.,])[0-9.,]+\\s+kW", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  const char *argv[] = { "pdftotext", "-layout", path, "-", NULL };
  TsRenderStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint estimated = 0, marks = 0, figures = 0;
  int status = 0;

  /* two servers whose power the catalog marks an estimate or not, as the
   * catalog has them */
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *sv = ts_catalog_get_server (catalog, i);

      if (g_strcmp0 (sv->kind, "server") != 0 || sv->gpu == NULL || g_str_equal (sv->id, "dgx-h200"))
        continue;
      if (ts_server_is_estimate (sv, "max_power_kw") ? estimated < 2 : figures < 2)
        {
          ts_render_fixture_add_option (plan, sv->id, 64);
          if (ts_server_is_estimate (sv, "max_power_kw"))
            estimated++;
          else
            figures++;
        }
    }
  g_assert_cmpuint (estimated, >, 0);
  estimated += ts_server_is_estimate (g_array_index (plan->options, TsOption, 0).server, "max_power_kw");

  ts_render_style_init (&style, FALSE);
  style.print = TRUE;
  style.dpi = 72;
  surface = cairo_pdf_surface_create (path, 1400, 800);
  cr = cairo_create (surface);
  ts_render_drawing (TS_DRAWING_COMPARISON, cr, plan, -1, 1400, 800, &style, NULL);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  for (g_regex_match (marked_kw, out, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    marks++;
  g_clear_pointer (&match, g_match_info_unref);
  figures = 0;
  for (g_regex_match (any_kw, out, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    figures++;
  g_assert_cmpuint (figures, ==, plan->options->len);
  g_assert_cmpuint (marks, ==, estimated);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_no_option (void)
{
  TsRenderStyle style;
  g_autofree char *rack = NULL;
  g_autofree char *power = NULL;
  cairo_surface_t *s;
  g_autoptr(GArray) segs = NULL;
  int y;

  ts_render_style_init (&style, FALSE);
  /* the memory chart falls back to the scenario's own answer */
  s = render (TS_DRAWING_MEMORY, plans[PLAN_70B_NONE], 800, 600, &style);
  segs = first_bar (s, 4, &y);
  g_assert_cmpint (segment_width (segs, TS_COMPONENT_OPTIMIZER_STATES), >, 0);
  cairo_surface_destroy (s);

  rack = ts_render_drawing_describe (TS_DRAWING_RACK, plans[PLAN_70B_NONE], -1);
  power = ts_render_drawing_describe (TS_DRAWING_POWER, plans[PLAN_70B_NONE], -1);
  g_assert_nonnull (strstr (rack, "no hardware option"));
  g_assert_nonnull (strstr (power, "no hardware option"));
  for (int d = 0; d < TS_N_DRAWINGS; d++)
    g_assert_cmpfloat (ts_render_drawing_height (d, plans[PLAN_70B_NONE], -1, 800, &style), >, 0);
}

static void
test_describe_numbers (void)
{
  const TsServer *h200 = catalog_server ("dgx-h200");
  const TsModel *model_70b = &plans[PLAN_70B_NONE]->scenario->model;
  double kw_64 = 64 * h200->max_power_kw;
  guint racks_64 = racks_for (h200, 64);
  g_autofree char *memory = NULL;
  g_autofree char *power = NULL;
  g_autofree char *rack = NULL;
  g_autofree char *comparison = NULL;
  g_autofree char *time = NULL;
  g_autofree char *low = expected_english (16 * model_70b->params / 1e9, 0);
  g_autofree char *high = expected_english (18 * model_70b->params / 1e9, 0);
  g_autofree char *range = g_strdup_printf ("%s–%s\u00a0GB", low, high);
  g_autofree char *kw = expected_english (kw_64, 1);
  g_autofree char *kw_text = g_strdup_printf ("%s\u00a0kW", kw);
  g_autofree char *btu = expected_english (kw_64 * ts_catalog_get_btu_h_per_kw (catalog), 0);
  g_autofree char *btu_text = g_strdup_printf ("%s\u00a0BTU/h", btu);
  g_autofree char *amps = expected_number (kw_64 * 1000 / (3 * FIXTURE_VOLTAGE), 1, FALSE, ",", ".");
  g_autofree char *amps_text = g_strdup_printf ("%s\u00a0A", amps);
  g_autofree char *racks_text = g_strdup_printf ("64 × %s in %u racks", h200->name, racks_64);
  g_autofree char *units_text = g_strdup_printf ("%u\u00a0U", 64 * h200->rack_units);
  g_autofree char *busiest = expected_english (servers_per_rack (h200) * h200->max_power_kw, 1);
  g_autofree char *busiest_text = g_strdup_printf ("%s\u00a0kW of its 30\u00a0kW", busiest);
  g_autofree char *recommended_text = g_strdup_printf ("Recommended: 64 × %s", h200->name);
  g_autofree char *one_text = g_strdup_printf ("1 × %s", h200->name);

  ts_i18n_set_language ("en");
  /* Llama 3.1 70B, 70.55 B parameters × 16–18 bytes (the article's
   * rule) = 1,128.8–1,269.9 GB, shown rounded to whole GB:
   * “1,129–1,270 GB” with the catalog's figures at the time of writing. */
  memory = ts_render_drawing_describe (TS_DRAWING_MEMORY, plans[PLAN_70B_NONE], -1);
  g_assert_nonnull (strstr (memory, range));
  g_assert_nonnull (strstr (memory, model_70b->name));

  /* 64 DGX H200 at 10.2 kW = 652.8 kW; × 3,412.14 BTU/h per kW =
   * 2,227,445.0 BTU/h; 652,800 W / (3 × 230 V) = 946.1 A per phase. */
  power = ts_render_drawing_describe (TS_DRAWING_POWER, plans[PLAN_405B_64], -1);
  g_assert_nonnull (strstr (power, kw_text));
  g_assert_nonnull (strstr (power, btu_text));
  g_assert_nonnull (strstr (power, amps_text));
  /* the DGX H200's PSUs: 4+2 in the catalog (six 3.3 kW supplies) */
  g_assert_nonnull (strstr (power, h200->psu_redundancy));

  /* 64 servers of 8U, two per 30 kW rack: 32 racks, 512 U */
  rack = ts_render_drawing_describe (TS_DRAWING_RACK, plans[PLAN_405B_64], -1);
  g_assert_nonnull (strstr (rack, racks_text));
  g_assert_nonnull (strstr (rack, units_text));
  /* busiest rack: 2 × 10.2 = 20.4 kW of 30 kW */
  g_assert_nonnull (strstr (rack, busiest_text));

  comparison = ts_render_drawing_describe (TS_DRAWING_COMPARISON, plans[PLAN_405B_64], -1);
  g_assert_nonnull (strstr (comparison, "3 options"));
  g_assert_nonnull (strstr (comparison, recommended_text));

  time = ts_render_drawing_describe (TS_DRAWING_TIME, plans[PLAN_8B_FULL], -1);
  g_assert_nonnull (strstr (time, one_text));
  g_assert_nonnull (strstr (time, "kWh"));
}

static void
test_describe_russian (void)
{
  const TsModel *model_70b = &plans[PLAN_70B_NONE]->scenario->model;
  double kw_64 = 64 * catalog_server ("dgx-h200")->max_power_kw;
  g_autofree char *memory = NULL;
  g_autofree char *power = NULL;
  g_autofree char *low = expected_number (16 * model_70b->params / 1e9, 0, TRUE, "\u202f", ",");
  g_autofree char *high = expected_number (18 * model_70b->params / 1e9, 0, TRUE, "\u202f", ",");
  g_autofree char *range = g_strdup_printf ("%s–%s\u00a0ГБ", low, high);
  g_autofree char *kw = expected_number (kw_64, 1, TRUE, "\u202f", ",");
  g_autofree char *kw_text = g_strdup_printf ("%s\u00a0кВт", kw);

  ts_i18n_set_language ("ru");
  /* the same figures as above in Russian style: narrow no-break spaces
   * between thousands, decimal comma, translated units (“1 129–1 270 ГБ”,
   * “652,8 кВт” at the time of writing) */
  memory = ts_render_drawing_describe (TS_DRAWING_MEMORY, plans[PLAN_70B_NONE], -1);
  g_assert_nonnull (strstr (memory, range));
  power = ts_render_drawing_describe (TS_DRAWING_POWER, plans[PLAN_405B_64], -1);
  g_assert_nonnull (strstr (power, kw_text));
  ts_i18n_set_language ("en");
}

/* Whether any pixel of the drawing has the colour (r, g, b), within one
 * step of rounding. */
static gboolean
has_color (cairo_surface_t *s,
           int              r,
           int              g,
           int              b)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = pixel (s, x, y);

        if (ABS ((int) ((p >> 16) & 0xff) - r) <= 1 && ABS ((int) ((p >> 8) & 0xff) - g) <= 1
            && ABS ((int) (p & 0xff) - b) <= 1)
          return TRUE;
      }
  return FALSE;
}

/* Issue 32: the Power view states how the heat leaves, and the rack
 * elevation marks the racks cooled by water. Two GB200 NVL72 (liquid
 * cooled; their cold plates take the GPUs' heat) against the 64 DGX
 * H200 of the fixture (air, two per 30 kW rack). */
static void
test_facility_shown (void)
{
  g_autoptr(TsPlan) liquid = ts_render_fixture_plan (catalog, "llama-3.1-405b", TS_METHOD_FULL, "gb200-nvl72", 2);
  const TsServer *gb200 = catalog_server ("gb200-nvl72");
  /* the GPUs' heat goes to water: 2 × gpu_count × TDP */
  g_autofree char *water = expected_english (2 * gb200->gpu_count * gb200->gpu->tdp_w / 1000.0, 1);
  g_autofree char *water_text = g_strdup_printf ("%s\u00a0kW to water", water);
  g_autofree char *power = NULL;
  g_autofree char *rack = NULL;
  g_autofree char *air_rack = NULL;
  TsRenderStyle style;
  cairo_surface_t *drawn;
  int h;

  ts_i18n_set_language ("en");
  power = ts_render_drawing_describe (TS_DRAWING_POWER, liquid, -1);
  g_assert_nonnull (strstr (power, "direct liquid cooling"));
  g_assert_nonnull (strstr (power, water_text));
  rack = ts_render_drawing_describe (TS_DRAWING_RACK, liquid, -1);
  g_assert_nonnull (strstr (rack, "2 racks are liquid cooled"));
  air_rack = ts_render_drawing_describe (TS_DRAWING_RACK, plans[PLAN_405B_64], -1);
  g_assert_null (strstr (air_rack, "liquid cooled"));

  /* the blue rails (HIG blue 4, #1c71d8) on the liquid racks only */
  ts_render_style_init (&style, FALSE);
  h = (int) ts_render_drawing_height (TS_DRAWING_RACK, liquid, -1, 800, &style);
  drawn = render (TS_DRAWING_RACK, liquid, 800, h, &style);
  g_assert_true (has_color (drawn, 0x1c, 0x71, 0xd8));
  cairo_surface_destroy (drawn);
  h = (int) ts_render_drawing_height (TS_DRAWING_RACK, plans[PLAN_8B_FULL], -1, 800, &style);
  drawn = render (TS_DRAWING_RACK, plans[PLAN_8B_FULL], 800, h, &style);
  g_assert_false (has_color (drawn, 0x1c, 0x71, 0xd8));
  cairo_surface_destroy (drawn);
}

static gboolean
dir_has_prefix (const char *dir,
                const char *prefix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix))
      return TRUE;
  return FALSE;
}

static void
test_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "rack.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "power.svg", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  TsRenderStyle style;
  cairo_surface_t *s;
  gsize len;

  ts_render_style_init (&style, FALSE);
  g_assert_true (ts_render_export (TS_DRAWING_RACK, plans[PLAN_405B_64], -1, png, FALSE, 640, 0, &style, &error));
  g_assert_no_error (error);
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 640);
  /* height 0: the drawing's own height at that width */
  g_assert_cmpint (cairo_image_surface_get_height (s), ==,
                   (int) ceil (ts_render_drawing_height (TS_DRAWING_RACK, plans[PLAN_405B_64], -1, 640, &style)));
  cairo_surface_destroy (s);

  g_assert_true (ts_render_export (TS_DRAWING_POWER, plans[PLAN_8B_FULL], -1, svg, TRUE, 800, 600, &style, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, &len, NULL));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "</svg>"));
  g_assert_nonnull (strstr (contents, "width=\"800\""));
  /* no temporary files left beside them */
  g_assert_false (dir_has_prefix (dir, "rack.png."));
  g_assert_false (dir_has_prefix (dir, "power.svg."));

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

static void
test_export_unwritable (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-render-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "memory.png", NULL);
  g_autofree char *is_dir = g_build_filename (dir, "sub", NULL);
  g_autoptr(GError) error = NULL;
  TsRenderStyle style;

  ts_render_style_init (&style, FALSE);
  g_assert_false (ts_render_export (TS_DRAWING_MEMORY, plans[PLAN_8B_FULL], -1, missing, FALSE, 800, 600, &style, &error));
  /* the one atomic writer's refusal (ts-atomic-file.c), naming the file */
  g_assert_error (error, TS_ERROR, TS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "memory.png"));
  g_clear_error (&error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  /* the target is a directory: refused before anything is drawn, and no
   * temporary is left beside it */
  g_assert_cmpint (g_mkdir (is_dir, 0755), ==, 0);
  g_assert_false (ts_render_export (TS_DRAWING_MEMORY, plans[PLAN_8B_FULL], -1, is_dir, TRUE, 800, 600, &style, &error));
  g_assert_nonnull (error);
  g_assert_false (dir_has_prefix (dir, "sub."));
  g_assert_true (g_file_test (is_dir, G_FILE_TEST_IS_DIR));

  g_rmdir (is_dir);
  g_rmdir (dir);
}



/* Rows outside the clip are skipped; what is inside must not change. */
/* DGX H200 in 32 full racks where racks 6 and 20 differ from the rest
 * (heavier, and drawing a kilowatt more): five racks to draw (1–5, 6,
 * 7–19, 20, 21–32). */
static TsPlan *
plan_with_differing_racks (void)
{
  TsPlan *plan = plan_in_racks ("llama-3.1-405b", 32);
  GArray *racks = (GArray *) ts_option_get_rack_detail (&g_array_index (plan->options, TsOption, 0));

  g_assert_cmpuint (racks->len, ==, 32);
  g_array_index (racks, TsRack, 5).weight_kg += 100;
  g_array_index (racks, TsRack, 19).weight_kg += 100;
  g_array_index (racks, TsRack, 5).power_kw += 1;
  g_array_index (racks, TsRack, 19).power_kw += 1;
  return plan;
}

/* The power drawing's bars per rack: racks that draw alike share one bar
 * (“6–32 … (× 27)”), so 4 and 32 identical racks take the same height,
 * and racks that differ get bars of their own (a taller drawing). */
static void
test_power_rack_bars_grouped (void)
{
  g_autoptr(TsPlan) four = plan_in_racks ("llama-3.1-70b", 4);
  g_autoptr(TsPlan) thirty_two = plan_in_racks ("llama-3.1-405b", 32);
  g_autoptr(TsPlan) differing = plan_with_differing_racks ();
  TsRenderStyle style;
  double h4, h32, h_differing;

  ts_render_style_init (&style, FALSE);
  g_assert_cmpuint (g_array_index (four->options, TsOption, 0).racks, ==, 4);
  g_assert_cmpuint (g_array_index (thirty_two->options, TsOption, 0).racks, ==, 32);
  h4 = ts_render_drawing_height (TS_DRAWING_POWER, four, -1, 800, &style);
  h32 = ts_render_drawing_height (TS_DRAWING_POWER, thirty_two, -1, 800, &style);
  h_differing = ts_render_drawing_height (TS_DRAWING_POWER, differing, -1, 800, &style);
  g_assert_cmpfloat (h32, ==, h4);
  g_assert_cmpfloat (h_differing, >, h32);
}

static void
test_rack_clip (void)
{
  g_autoptr(TsPlan) plan = plan_with_differing_racks ();
  TsRenderStyle style;
  int w = 800, h;
  cairo_surface_t *full, *part;
  cairo_t *cr;

  ts_render_style_init (&style, FALSE);
  h = (int) ts_render_drawing_height (TS_DRAWING_RACK, plan, -1, w, &style);
  g_assert_cmpint (h, >, 1000);
  full = render (TS_DRAWING_RACK, plan, w, h, &style);
  part = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (part);
  ts_render_set_color (cr, &style.background);
  cairo_paint (cr);
  cairo_rectangle (cr, 0, h / 2, w, h / 4);
  cairo_clip (cr);
  ts_render_drawing (TS_DRAWING_RACK, cr, plan, -1, w, h, &style, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (part);
  for (int y = h / 2; y < h / 2 + h / 4; y++)
    for (int x = 0; x < w; x++)
      if (pixel (full, x, y) != pixel (part, x, y))
        g_error ("clipped rack drawing differs at %d,%d", x, y);
  cairo_surface_destroy (full);
  cairo_surface_destroy (part);
}

/* The rack options change the labels, never where a device sits. */
static void
test_rack_options (void)
{
  TsRenderStyle style;
  TsRackOptions options[] = { { FALSE, FALSE }, { TRUE, FALSE }, { FALSE, TRUE } };
  cairo_surface_t *s[G_N_ELEMENTS (options)];
  TsColor slate;
  int w = 800, h = 1000;

  ts_render_style_init (&style, FALSE);
  slate = ts_render_role_color (TS_DEVICE_SERVER);
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      cairo_t *cr;

      s[i] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cr = cairo_create (s[i]);
      ts_render_set_color (cr, &style.background);
      cairo_paint (cr);
      ts_render_drawing (TS_DRAWING_RACK, cr, plans[PLAN_8B_FULL], -1, w, h, &style, &options[i]);
      cairo_destroy (cr);
      cairo_surface_flush (s[i]);
    }
  for (guint i = 1; i < G_N_ELEMENTS (options); i++)
    {
      gboolean differs = FALSE;

      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            guint32 a = pixel (s[0], x, y), b = pixel (s[i], x, y);
            gboolean slate_a = abs ((int) ((a >> 16) & 0xff) - (int) round (slate.r * 255)) <= 1
                               && abs ((int) (a & 0xff) - (int) round (slate.b * 255)) <= 1;
            gboolean slate_b = abs ((int) ((b >> 16) & 0xff) - (int) round (slate.r * 255)) <= 1
                               && abs ((int) (b & 0xff) - (int) round (slate.b * 255)) <= 1;

            /* the server's own (slate) pixels are where they were */
            g_assert_cmpint (slate_a, ==, slate_b);
            differs |= a != b;
          }
      /* descending: other U numbers; rear: the PDUs swap sides */
      g_assert_true (differs);
    }
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    cairo_surface_destroy (s[i]);
}

static void
test_option_index (void)
{
  const char *h200_gpu = catalog_server ("dgx-h200")->gpu->name;
  const char *b200_gpu = catalog_server ("dgx-b200")->gpu->name;
  g_autofree char *shown = NULL;
  g_autofree char *second = NULL;
  g_autofree char *outside = NULL;

  ts_i18n_set_language ("en");
  shown = ts_render_drawing_describe (TS_DRAWING_MEMORY, plans[PLAN_405B_64], -1);
  second = ts_render_drawing_describe (TS_DRAWING_MEMORY, plans[PLAN_405B_64], 1);
  outside = ts_render_drawing_describe (TS_DRAWING_MEMORY, plans[PLAN_405B_64], 99);
  /* -1 and an index out of range: the recommended option (DGX H200);
   * 1: the second (48 × DGX B200); the memory drawing names their GPUs */
  g_assert_cmpstr (h200_gpu, !=, b200_gpu);
  g_assert_nonnull (strstr (shown, h200_gpu));
  g_assert_nonnull (strstr (second, b200_gpu));
  g_assert_null (strstr (second, h200_gpu));
  g_assert_cmpstr (outside, ==, shown);
}

/* trainsizer-cli draw: the command of issue 6 */
static void
test_cli_draw (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-render-cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "memory.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "rack.svg", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "memory.png", NULL);
  g_autofree char *contents = NULL;
  cairo_surface_t *s;

  {
    const char *argv[] = { "draw", "--model", "llama-3.1-70b", "--drawing", "memory", "--png", png, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 0);
    s = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (s), >, 0);
    g_assert_cmpint (cairo_image_surface_get_height (s), >, 0);
    cairo_surface_destroy (s);
  }
  {
    /* --width and --height: exactly that size */
    const char *argv[] = { "draw", "--model", "llama-3.1-70b", "--drawing", "time", "--png", png,
                           "--width", "640", "--height", "300", NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 0);
    s = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_image_surface_get_width (s), ==, 640);
    g_assert_cmpint (cairo_image_surface_get_height (s), ==, 300);
    cairo_surface_destroy (s);
  }
  {
    const char *argv[] = { "draw", "--model", "llama-3.1-70b", "--drawing", "time", "--png", png, "--width", "0", NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    /* a usage error */
    g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--width"));
  }
  {
    const char *argv[] = { "draw", "--model", "llama-3.1-8b", "--drawing", "rack", "--svg", svg, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 0);
    g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
    g_assert_nonnull (strstr (contents, "<svg"));
  }
  {
    const char *argv[] = { "draw", "--model", "llama-3.1-70b", "--drawing", "memory", "--png", missing, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    /* a clear error naming the file, status 1, nothing written */
    g_assert_cmpint (ts_test_run_cli (argv, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "memory.png"));
    g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  }

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

/* The text a drawing shows, through a PDF surface and pdftotext. */
static char *
drawn_text (TsDrawing            drawing,
            const TsPlan        *plan,
            const TsRenderStyle *style)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-render-text-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "drawing.pdf", NULL);
  g_autofree char *out = NULL;
  const char *argv[] = { "pdftotext", pdf, "-", NULL };
  cairo_surface_t *surface = cairo_pdf_surface_create (pdf, 800, 900);
  cairo_t *cr = cairo_create (surface);
  int status = 0;

  ts_render_drawing (drawing, cr, plan, -1, 800, 900, style, NULL);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  g_unlink (pdf);
  g_rmdir (dir);
  return g_steal_pointer (&out);
}

/* The user's memory unit reaches the drawings (issue 14): with GiB
 * chosen, the memory chart and the comparison table say GiB and no
 * decimal GB; with GB, the other way round. */
static void
test_memory_units (void)
{
  static const TsDrawing drawings[] = { TS_DRAWING_MEMORY, TS_DRAWING_COMPARISON };
  TsRenderStyle style;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");

  if (pdftotext == NULL)
    {
      g_test_fail_printf ("pdftotext (poppler-utils) is needed to read drawn text");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (drawings); i++)
    {
      g_autofree char *gb = NULL;
      g_autofree char *gib = NULL;

      ts_render_style_init (&style, FALSE);
      gb = drawn_text (drawings[i], plans[PLAN_405B_64], &style);
      style.gib = TRUE;
      gib = drawn_text (drawings[i], plans[PLAN_405B_64], &style);
      /* pdftotext gives the no-break space before a unit as a space; in
       * GB a card's capacity names the product's GiB in parentheses
       * (“151 GB (141 GiB)”), and nothing else is in GiB */
      {
        g_autoptr(GRegex) capacity = g_regex_new ("\\([0-9][0-9,.]* GiB\\)", 0, 0, NULL);
        g_autofree char *stripped = g_regex_replace (capacity, gb, -1, 0, "", 0, NULL);

        g_assert_nonnull (strstr (gb, " GB"));
        g_assert_null (strstr (stripped, " GiB"));
      }
      g_assert_nonnull (strstr (gib, " GiB"));
      g_assert_null (strstr (gib, " GB"));
    }
}

/* The ink's extent: the rows and columns holding anything but the
 * background, as fractions of the canvas. */
static void
ink_extent (cairo_surface_t *s,
            double          *width_share,
            double          *height_share)
{
  int w = cairo_image_surface_get_width (s);
  int h = cairo_image_surface_get_height (s);
  guint32 bg = pixel (s, 0, 0);
  int top = h, bottom = -1, left = w, right = -1;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (pixel (s, x, y) != bg)
        {
          top = MIN (top, y);
          bottom = MAX (bottom, y);
          left = MIN (left, x);
          right = MAX (right, x);
        }
  *width_share = right >= left ? (double) (right - left + 1) / w : 0;
  *height_share = bottom >= top ? (double) (bottom - top + 1) / h : 0;
}

/* Issue 33: a drawing lays itself out for the canvas it gets. At a
 * projector's 16:9 canvas_sizes (1280 × 720, 1600 × 900, 1920 × 1080) every
 * chart's ink spans most of the canvas's height (it was 27 % for the
 * memory chart at 1600 × 900) or, for the rack elevation that its
 * height bounds, most of it; nothing is cut to fill it: the grown chart
 * ellipsizes no more text and drops no more columns than at its own
 * size, and its title reads back whole (pdftotext). */
static void
test_drawings_fill_the_canvas (void)
{
  static const TsDrawing drawings[] = {
    TS_DRAWING_MEMORY, TS_DRAWING_POWER, TS_DRAWING_TIME, TS_DRAWING_COMPARISON, TS_DRAWING_SUMMARY,
    TS_DRAWING_RACK,
  };
  static const int canvas_sizes[][2] = { { 1280, 720 }, { 1600, 900 }, { 1920, 1080 } };
  TsRenderStyle style;

  ts_render_style_init (&style, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (drawings); i++)
    for (guint k = 0; k < G_N_ELEMENTS (canvas_sizes); k++)
      {
        cairo_surface_t *s = render (drawings[i], plans[PLAN_8B_FULL], canvas_sizes[k][0], canvas_sizes[k][1], &style);
        double ws, hs;

        ink_extent (s, &ws, &hs);
        g_test_message ("%s at %d × %d: ink %.0f %% wide, %.0f %% high", ts_drawing_to_string (drawings[i]),
                        canvas_sizes[k][0], canvas_sizes[k][1], 100 * ws, 100 * hs);
        /* two thirds of the height: the canvas is filled, not a strip of
         * it — or the text has reached the largest a drawing grows to
         * (body text of 40 px or three times its size: a table of three
         * rows is not stretched past that) */
        if (drawings[i] == TS_DRAWING_COMPARISON)
          {
            /* a table grows only while no column gives way and no name
             * is cut: a few rows stay a few rows, at least at their size */
            g_assert_cmpfloat (ts_render_drawing_scale (drawings[i], plans[PLAN_8B_FULL], -1, canvas_sizes[k][0],
                                                        canvas_sizes[k][1], &style), >=, 1.0);
          }
        else if (hs < 0.66)
          {
            double scale = ts_render_drawing_scale (drawings[i], plans[PLAN_8B_FULL], -1, canvas_sizes[k][0], canvas_sizes[k][1],
                                                    &style);
            double body_px = style.font_size * style.font_scale * scale * style.dpi / 72.0;

            g_assert_true (body_px >= 40.0 - 0.5 || scale >= 3.0 - 0.01);
          }
        cairo_surface_destroy (s);
      }
  /* grown, not cut: the memory chart's words are all there at the size a
   * projector gives, as at its own */
  {
    g_autofree char *text = drawn_text (TS_DRAWING_MEMORY, plans[PLAN_8B_FULL], &style);

    g_assert_nonnull (strstr (text, "GPU memory: Llama 3.1 8B"));
    g_assert_nonnull (strstr (text, "Article: 16–18 bytes per parameter"));
    g_assert_null (strstr (text, "…"));
  }
}

static void
test_drawing_names (void)
{
  /* the CLI's own list (its parser does not link the drawings) */
  static const char *const names[] = { TS_CLI_DRAWING_NAMES };

  g_assert_cmpint (G_N_ELEMENTS (names), ==, TS_N_DRAWINGS);

  /* the CLI's --drawing values are a public interface */
  for (int d = 0; d < TS_N_DRAWINGS; d++)
    {
      TsDrawing parsed;

      g_assert_cmpstr (ts_drawing_to_string (d), ==, names[d]);
      g_assert_true (ts_drawing_from_string (names[d], &parsed));
      g_assert_cmpint (parsed, ==, d);
    }
}

static gboolean
same_power (const TsRack *a,
            const TsRack *b)
{
  return a->power_kw == b->power_kw;
}

/* Runs of neighbouring racks that are alike become one group each, as the
 * elevation and the power bars draw them; racks alike but apart stay
 * apart. Racks of 10, 10, 12, 10, 10, 10 kW by hand: three groups, 0–1,
 * 2 and 3–5. */
static void
test_rack_groups (void)
{
  static const double kw[] = { 10, 10, 12, 10, 10, 10 };
  static const TsRackGroup expected[] = { { 0, 2 }, { 2, 1 }, { 3, 3 } };
  g_autoptr(GArray) racks = g_array_new (FALSE, TRUE, sizeof (TsRack));
  g_autoptr(GArray) groups = NULL;
  g_autoptr(GArray) none = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (kw); i++)
    {
      TsRack rack = { 0 };

      rack.power_kw = kw[i];
      g_array_append_val (racks, rack);
    }
  groups = ts_render_rack_groups (racks, same_power);
  g_assert_cmpuint (groups->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < groups->len; i++)
    {
      g_assert_cmpuint (g_array_index (groups, TsRackGroup, i).first, ==, expected[i].first);
      g_assert_cmpuint (g_array_index (groups, TsRackGroup, i).count, ==, expected[i].count);
    }
  g_assert_true (ts_render_rack_groups_any (groups));

  /* 10 then 12 kW: a group each, none of them grouped */
  g_array_remove_index (racks, 0);
  g_array_set_size (racks, 2);
  none = ts_render_rack_groups (racks, same_power);
  g_assert_cmpuint (none->len, ==, 2);
  g_assert_false (ts_render_rack_groups_any (none));
  g_clear_pointer (&none, g_array_unref);

  /* no racks at all */
  none = ts_render_rack_groups (NULL, same_power);
  g_assert_cmpuint (none->len, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  ts_i18n_init ();
  /* TS_RENDER_LANG=ru with TS_RENDER_DUMP: Russian drawings to look at */
  ts_i18n_set_language (g_getenv ("TS_RENDER_LANG") != NULL ? g_getenv ("TS_RENDER_LANG") : "en");
  make_plans ();

  g_test_add_func ("/render/drawing-names", test_drawing_names);
  g_test_add_func ("/render/memory-units", test_memory_units);
  g_test_add_func ("/render/memory/component-order", test_memory_component_order);
  g_test_add_func ("/render/memory/qlora-components", test_memory_qlora_components);
  g_test_add_func ("/render/memory/hit", test_memory_hit);
  g_test_add_func ("/render/bounds", test_bounds);
  g_test_add_func ("/render/rack/height-grows", test_rack_height_grows);
  g_test_add_func ("/render/long-title-wraps", test_long_title_wraps);
  g_test_add_func ("/render/digit-groups-visible", test_digit_groups_visible);
  g_test_add_func ("/render/rack/to-scale", test_rack_to_scale);
  g_test_add_func ("/render/rack/same-unit-height", test_rack_same_unit_height);
  g_test_add_func ("/render/comparison/estimates", test_comparison_estimates);
  g_test_add_func ("/render/no-option", test_no_option);
  g_test_add_func ("/render/describe/numbers", test_describe_numbers);
  g_test_add_func ("/render/describe/russian", test_describe_russian);
  g_test_add_func ("/render/facility-shown", test_facility_shown);
  g_test_add_func ("/render/export", test_export);
  g_test_add_func ("/render/export/unwritable", test_export_unwritable);
  g_test_add_func ("/render/rack/options", test_rack_options);
  g_test_add_func ("/render/rack/clip", test_rack_clip);
  g_test_add_func ("/render/power/rack-bars-grouped", test_power_rack_bars_grouped);
  g_test_add_func ("/render/rack/groups", test_rack_groups);
  g_test_add_func ("/render/option-index", test_option_index);
  g_test_add_func ("/render/cli-draw", test_cli_draw);
  g_test_add_func ("/render/fill-the-canvas", test_drawings_fill_the_canvas);

  status = g_test_run ();
  for (int p = 0; p < N_PLANS; p++)
    ts_plan_free (plans[p]);
  ts_catalog_unref (catalog);
  return status;
}
