/* ts-render-text.c — a drawing pass and its text
 *
 * The context of one drawing pass (target, style, scale) and everything
 * it writes with Pango: laid-out lines kept per thread, visible spaces,
 * one line or a few wrapped ones, titles, paragraphs and notices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-render-private.h"

typedef struct
{
  PangoLayout *layout;
  double       width;
  double       height;
  gboolean     wrapped;   /* more than one line, aligned by Pango */
  gboolean     cut;       /* ellipsized: the width given did not hold it */
} CachedText;

static void
cached_text_free (gpointer data)
{
  CachedText *cached = data;

  g_object_unref (cached->layout);
  g_free (cached);
}

/* Laid-out lines are kept from one drawing to the next (per thread, as
 * Pango's font map is): a redraw of the same plan, or a rack cluster that
 * repeats its names, U numbers and totals, lays out nothing again. */
#define TEXT_CACHE_MAX 4096
/* The width given to text measured whole (ts_render_text_size): wider
 * than any drawing, small enough for the cache's integer key. */
#define UNBOUNDED_WIDTH 1e7

typedef struct
{
  PangoContext *context;
  GHashTable   *cache;     /* key → CachedText */
  guint         serial;    /* of context when the cache was filled */
  /* what the context was last updated for */
  gboolean              updated;
  cairo_surface_type_t  surface_type;
  cairo_matrix_t        matrix;
} TextState;

static void
text_state_free (TextState *state)
{
  if (state == NULL)
    return;
  g_hash_table_unref (state->cache);
  g_object_unref (state->context);
  g_free (state);
}

/* A thread's two text states: for the screen and for the page. */
typedef struct
{
  TextState *modes[2];
} TextStates;

static void
text_states_free (gpointer data)
{
  TextStates *states = data;

  text_state_free (states->modes[0]);
  text_state_free (states->modes[1]);
  g_free (states);
}

static GPrivate text_state_key = G_PRIVATE_INIT (text_states_free);

/* Screen text keeps hinted metrics: whole-pixel advances, which keep a
 * space between words at small sizes (unhinted, Cantarell's hinted
 * glyphs eat it: “(MFU)16 GPU”). A page is laid out unhinted, as a PDF
 * draws it, so what is measured for a page fits on it whatever surface
 * measured it (the print preview, the page breaks). The options are set
 * when the context is made: Pango 1.50 keeps an image surface's hinted
 * metrics when they are set after the context first met a surface. */
static TextState *
text_state_new (gboolean print)
{
  TextState *state = g_new0 (TextState, 1);
  cairo_font_options_t *fo = cairo_font_options_create ();

  state->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_set_hint_metrics (fo, print ? CAIRO_HINT_METRICS_OFF : CAIRO_HINT_METRICS_ON);
  pango_cairo_context_set_font_options (state->context, fo);
  cairo_font_options_destroy (fo);
  state->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cached_text_free);
  return state;
}

static TextState *
text_state_for (cairo_t             *cr,
                const TsRenderStyle *style)
{
  TextStates *states = g_private_get (&text_state_key);
  TextState *state;
  guint mode;
  cairo_surface_type_t surface_type;
  cairo_matrix_t matrix;
  guint serial;

  if (states == NULL)
    {
      states = g_new0 (TextStates, 1);
      g_private_set (&text_state_key, states);
    }
  mode = style->print ? 1 : 0;
  if (states->modes[mode] == NULL)
    states->modes[mode] = text_state_new (mode == 1);
  state = states->modes[mode];

  /* Pango's update takes every new cairo_t for a change; what matters is
   * the kind of target and the transformation's linear part. */
  cairo_get_matrix (cr, &matrix);
  matrix.x0 = matrix.y0 = 0;
  surface_type = cairo_surface_get_type (cairo_get_target (cr));
  if (!state->updated || surface_type != state->surface_type
      || memcmp (&matrix, &state->matrix, sizeof matrix) != 0)
    {
      pango_cairo_update_context (cr, state->context);
      state->surface_type = surface_type;
      state->matrix = matrix;
      state->updated = TRUE;
    }
  /* set only on a change: Pango counts every call as one */
  if (pango_cairo_context_get_resolution (state->context) != style->dpi)
    pango_cairo_context_set_resolution (state->context, style->dpi);
  /* another target (a PDF page after the screen) or resolution: lay out anew */
  serial = pango_context_get_serial (state->context);
  if (serial != state->serial || g_hash_table_size (state->cache) > TEXT_CACHE_MAX)
    {
      g_hash_table_remove_all (state->cache);
      state->serial = serial;
    }
  return state;
}

void
ts_render_ctx_init (TsRenderCtx         *ctx,
                    cairo_t             *cr,
                    const TsRenderFrame *frame)
{
  static const TsRackOptions default_rack = { FALSE, FALSE };
  TextState *state;

  ctx->cr = cr;
  ctx->style = frame->style;
  ctx->plan = frame->plan;
  ctx->option = ts_render_pick_option (frame->plan, frame->option_index);
  ctx->rack = frame->rack_options != NULL ? frame->rack_options : &default_rack;
  ctx->width = frame->width;
  ctx->height = frame->height;
  state = text_state_for (cr, frame->style);
  ctx->text_cache = state->cache;
  ctx->layout = pango_layout_new (state->context);
  pango_layout_set_ellipsize (ctx->layout, PANGO_ELLIPSIZE_END);
  memset (ctx->line_heights, 0, sizeof ctx->line_heights);
  memset (ctx->digit_widths, 0, sizeof ctx->digit_widths);
  ctx->cut_texts = 0;
  ts_render_ctx_set_scale (ctx, 1.0);
}

void
ts_render_ctx_set_scale (TsRenderCtx *ctx,
                         double       scale)
{
  const TsRenderStyle *style = ctx->style;

  ctx->scale = scale;
  /* points → user units at the target's resolution */
  ctx->em = style->font_size * style->font_scale * scale * style->dpi / 72.0;
  ctx->font_factor = -1;
}

void
ts_render_ctx_clear (TsRenderCtx *ctx)
{
  g_clear_object (&ctx->layout);
  ctx->text_cache = NULL;  /* the thread's, kept */
}

static void
set_font (TsRenderCtx *ctx,
          double       factor,
          PangoWeight  weight)
{
  PangoFontDescription *desc;
  double points;

  if (ctx->font_factor == factor && ctx->font_weight == weight)
    return;
  points = ctx->style->font_size * ctx->style->font_scale * ctx->scale * factor;
  desc = pango_font_description_from_string (ctx->style->font_family);
  pango_font_description_set_size (desc, MAX (1, (int) (points * PANGO_SCALE)));
  pango_font_description_set_weight (desc, weight);
  pango_layout_set_font_description (ctx->layout, desc);
  pango_font_description_free (desc);
  ctx->font_factor = factor;
  ctx->font_weight = weight;
}

/* The width every space of drawn text takes, in ems. Cantarell's word
 * space is 0.22 em and its narrow no-break space 0.11 em: with its tight
 * letter fit, hinted at screen sizes, a word gap is hardly wider than the
 * gap between two letters, and text reads “Llama 3.170B”, “17.6 GBper
 * GPU”, “1275”. A word space of a third of an em (DejaVu Sans's own) and a
 * digit-group space of a quarter (narrower than a word gap,
 * so “88 203 BTU/h” stays one number) read as written at any size.
 *
 * The spaces are drawn as empty shapes of that width rather than widened
 * with letter spacing: Pango hands letter spacing to the glyph before the
 * space and moves that glyph half of it away from its neighbour (“8 8 203”
 * for “88 203”), and it rounds hinted advances so the extra comes and goes
 * with the size. A shape has exactly the width it is given, keeps the
 * space's line-break class (a no-break space still does not break) and
 * adds nothing to the line's height. */
#define WORD_SPACE_EM  0.33
#define GROUP_SPACE_EM 0.25

/* The width a space character is drawn with, in ems, or 0 for a
 * character left to the font. */
static double
space_width_em (gunichar c)
{
  switch (c)
    {
    case ' ':
    case 0x00A0:  /* no-break space: between a number and its unit */
      return WORD_SPACE_EM;
    case 0x202F:  /* narrow no-break space: between digit groups */
    case 0x2009:  /* thin space */
      return GROUP_SPACE_EM;
    default:
      return 0;
    }
}

/* The layout's font size in user units (its context's resolution). */
static double
layout_em (PangoLayout *layout)
{
  const PangoFontDescription *desc = pango_layout_get_font_description (layout);
  double size;

  if (desc == NULL)
    return 0;
  size = (double) pango_font_description_get_size (desc);
  if (!pango_font_description_get_size_is_absolute (desc))
    size *= pango_cairo_context_get_resolution (pango_layout_get_context (layout)) / 72.0;
  return size;
}

void
ts_render_layout_set_text (PangoLayout *layout,
                           const char  *text)
{
  PangoAttrList *attrs = NULL;
  double em;

  pango_layout_set_text (layout, text, -1);
  em = layout_em (layout);
  for (const char *p = text; em > 0 && *p != '\0'; p = g_utf8_next_char (p))
    {
      double width_em = space_width_em (g_utf8_get_char (p));
      PangoRectangle ink = { 0, 0, 0, 0 };
      PangoRectangle logical = { 0, 0, 0, 0 };
      PangoAttribute *shape;

      if (width_em <= 0)
        continue;
      logical.width = (int) round (width_em * em);
      shape = pango_attr_shape_new (&ink, &logical);
      shape->start_index = (guint) (p - text);
      shape->end_index = (guint) (g_utf8_next_char (p) - text);
      if (attrs == NULL)
        attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, shape);
    }
  /* a text without spaces carries nothing over from the last one */
  pango_layout_set_attributes (layout, attrs);
  if (attrs != NULL)
    pango_attr_list_unref (attrs);
}

static const double text_factors[4] = {
  TS_TEXT_SMALL, TS_TEXT_NORMAL, TS_TEXT_TITLE, TS_TEXT_BIG,
};

/* Measures sample at scale 1 once per pass and scales it: with unhinted
 * metrics text grows linearly, and a drawing that is fitted to its height
 * asks for these at many scales. */
static double
scaled_measure (TsRenderCtx *ctx,
                double      *cache,
                const char  *sample,
                gboolean     width,
                double       factor)
{
  double w, h;

  for (guint i = 0; i < G_N_ELEMENTS (text_factors); i++)
    if (text_factors[i] == factor)
      {
        if (cache[i] <= 0)
          {
            double scale = ctx->scale;

            ts_render_ctx_set_scale (ctx, 1.0);
            ts_render_text_size (ctx, sample, &(TsTextLook) { .factor = factor }, &w, &h);
            cache[i] = width ? w : h;
            ts_render_ctx_set_scale (ctx, scale);
          }
        return cache[i] * ctx->scale;
      }
  ts_render_text_size (ctx, sample, &(TsTextLook) { .factor = factor }, &w, &h);
  return width ? w : h;
}

double
ts_render_line_height (TsRenderCtx *ctx,
                       double       factor)
{
  return scaled_measure (ctx, ctx->line_heights, "Ag", FALSE, factor);
}

double
ts_render_digit_width (TsRenderCtx *ctx,
                       double       factor)
{
  return scaled_measure (ctx, ctx->digit_widths, "0", TRUE, factor);
}

/* look with its zero fields made the usual values */
static TsTextLook
settle_look (TsRenderCtx      *ctx,
             const TsTextLook *look)
{
  TsTextLook settled = look != NULL ? *look : (TsTextLook) { 0 };

  if (settled.factor == 0)
    settled.factor = TS_TEXT_NORMAL;
  if (settled.weight == 0)
    settled.weight = PANGO_WEIGHT_NORMAL;
  if (settled.color == NULL)
    settled.color = &ctx->style->foreground;
  if (settled.max_lines < 1)
    settled.max_lines = 1;
  return settled;
}

static PangoAlignment
pango_alignment (TsAlign align)
{
  return align == TS_ALIGN_CENTER ? PANGO_ALIGN_CENTER : align == TS_ALIGN_END ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
}

/* A layout of text in the look's font, for the cache: the lines of text
 * and the paragraphs differ only in how they are cut or wrapped. */
static CachedText *
new_cached_text (TsRenderCtx      *ctx,
                 const char       *text,
                 const TsTextLook *look)
{
  CachedText *cached = g_new0 (CachedText, 1);

  set_font (ctx, look->factor, look->weight);
  cached->layout = pango_layout_new (pango_layout_get_context (ctx->layout));
  pango_layout_set_font_description (cached->layout, pango_layout_get_font_description (ctx->layout));
  ts_render_layout_set_text (cached->layout, text);
  return cached;
}

/* Text laid out in a settled look and a width (wrapped at words, the last
 * line ellipsized), from the thread's cache. */
static const CachedText *
lay_out_text (TsRenderCtx      *ctx,
              const char       *text,
              double            max_width,
              const TsTextLook *look)
{
  double points = ctx->style->font_size * ctx->style->font_scale * ctx->scale * look->factor;
  /* integers: formatting doubles costs more than the lookup saves */
  g_autofree char *key = g_strdup_printf ("%d %d %d %d %d %s\n%s", (int) (points * 1000), (int) look->weight,
                                          (int) (max_width * 10), look->max_lines,
                                          look->max_lines > 1 ? (int) look->align : 0, ctx->style->font_family, text);
  CachedText *cached;
  PangoRectangle logical;

  cached = g_hash_table_lookup (ctx->text_cache, key);
  if (cached != NULL)
    return cached;

  cached = new_cached_text (ctx, text, look);
  pango_layout_set_ellipsize (cached->layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_extents (cached->layout, NULL, &logical);
  cached->width = (double) logical.width / PANGO_SCALE;
  if (cached->width > max_width)
    {
      pango_layout_set_width (cached->layout, (int) (max_width * PANGO_SCALE));
      if (look->max_lines > 1)
        {
          pango_layout_set_wrap (cached->layout, PANGO_WRAP_WORD_CHAR);
          pango_layout_set_height (cached->layout, -look->max_lines);
          pango_layout_set_alignment (cached->layout, pango_alignment (look->align));
          cached->wrapped = pango_layout_get_line_count (cached->layout) > 1;
        }
      /* Pango gives the ellipsis the attributes of the first character it
       * replaces: after a space drawn as an empty shape, the ellipsis would
       * be empty too. Cut text keeps the font's own spaces and shows “…”. */
      cached->cut = pango_layout_is_ellipsized (cached->layout);
      if (cached->cut)
        pango_layout_set_attributes (cached->layout, NULL);
      pango_layout_get_extents (cached->layout, NULL, &logical);
      cached->width = cached->wrapped ? max_width : MIN ((double) logical.width / PANGO_SCALE, max_width);
    }
  cached->height = (double) logical.height / PANGO_SCALE;
  g_hash_table_insert (ctx->text_cache, g_steal_pointer (&key), cached);
  return cached;
}

/* A paragraph wrapped at words within max_width, every line of it, from
 * the same cache as lines of text (its key's line count 0, which no line
 * of text has): the notes under a drawing are measured at each scale its
 * fit tries and wrapped again at each redraw otherwise. */
static const CachedText *
lay_out_paragraph (TsRenderCtx      *ctx,
                   const char       *text,
                   double            max_width,
                   const TsTextLook *look)
{
  double points = ctx->style->font_size * ctx->style->font_scale * ctx->scale * look->factor;
  g_autofree char *key = g_strdup_printf ("%d %d %d 0 %d %s\n%s", (int) (points * 1000), (int) look->weight,
                                          (int) (max_width * 10), (int) look->align, ctx->style->font_family, text);
  CachedText *cached;
  PangoRectangle logical;

  cached = g_hash_table_lookup (ctx->text_cache, key);
  if (cached != NULL)
    return cached;

  cached = new_cached_text (ctx, text, look);
  pango_layout_set_width (cached->layout, (int) (max_width * PANGO_SCALE));
  pango_layout_set_wrap (cached->layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (cached->layout, pango_alignment (look->align));
  pango_layout_get_extents (cached->layout, NULL, &logical);
  cached->width = MIN ((double) logical.width / PANGO_SCALE, max_width);
  cached->height = (double) logical.height / PANGO_SCALE;
  cached->wrapped = pango_layout_get_line_count (cached->layout) > 1;
  g_hash_table_insert (ctx->text_cache, g_steal_pointer (&key), cached);
  return cached;
}

double
ts_render_text (TsRenderCtx      *ctx,
                const char       *text,
                double            x,
                double            y,
                double            max_width,
                const TsTextLook *look)
{
  TsTextLook settled = settle_look (ctx, look);
  const CachedText *laid;
  double dx = 0;

  if (text == NULL || *text == '\0' || max_width <= 0)
    return 0;
  /* Text too small to read is left out rather than drawn as a smudge. */
  if (ctx->style->font_size * ctx->style->font_scale * ctx->scale * settled.factor < TS_MIN_TEXT_POINTS)
    return 0;
  laid = lay_out_text (ctx, text, max_width, &settled);
  if (laid->cut)
    ctx->cut_texts++;
  /* An ellipsized line keeps its text at the left of its width whatever
   * the alignment, so it is positioned here (wrapped text by Pango). */
  if (!laid->wrapped && settled.align == TS_ALIGN_CENTER)
    dx = (max_width - laid->width) / 2;
  else if (!laid->wrapped && settled.align == TS_ALIGN_END)
    dx = max_width - laid->width;
  ts_render_set_color (ctx->cr, settled.color);
  cairo_move_to (ctx->cr, x + dx, y);
  pango_cairo_show_layout (ctx->cr, laid->layout);
  /* leave no current point for the next shape to join */
  cairo_new_path (ctx->cr);
  return laid->height;
}

double
ts_render_text_height (TsRenderCtx      *ctx,
                       const char       *text,
                       double            max_width,
                       const TsTextLook *look)
{
  TsTextLook settled = settle_look (ctx, look);

  if (text == NULL || *text == '\0' || max_width <= 0)
    return 0;
  return lay_out_text (ctx, text, max_width, &settled)->height;
}

void
ts_render_text_size (TsRenderCtx      *ctx,
                     const char       *text,
                     const TsTextLook *look,
                     double           *width,
                     double           *height)
{
  TsTextLook settled = settle_look (ctx, look);
  const CachedText *laid;

  /* one line of any length, from the same cache as drawn text: a table
   * measures every cell at each scale its fit tries, and again at each
   * redraw (issue 33: the comparison's fit was most of its time) */
  settled.max_lines = 1;
  settled.align = TS_ALIGN_START;
  laid = lay_out_text (ctx, text != NULL ? text : "", UNBOUNDED_WIDTH, &settled);
  if (width != NULL)
    *width = laid->width;
  if (height != NULL)
    *height = laid->height;
}

/* A drawing's title names a model or a server, and their names can be
 * long: it wraps onto a second line, or a third (the Russian power
 * title, “… при максимальном потреблении”, in a 360 px window), rather
 * than lose its end. */
static const TsTextLook title_look = {
  .factor = TS_TEXT_TITLE, .weight = PANGO_WEIGHT_BOLD, .max_lines = 3,
};

/* A drawing of an option that does not work is never presented as the
 * answer: its title says so first (a plan where nothing works shows the
 * closest option). */
static char *
title_text (TsRenderCtx *ctx,
            const char  *title)
{
  if (title == NULL || ctx->option == NULL || ctx->option->ok)
    return g_strdup (title);
  /* Translators: a drawing's title prefix when the drawn configuration fails memory, deadline, site or supplies */
  return g_strdup_printf (_("Does not work · %s"), title);
}

double
ts_render_title_height (TsRenderCtx *ctx,
                        const char  *title,
                        double       max_width)
{
  g_autofree char *text = title_text (ctx, title);
  double h = ts_render_text_height (ctx, text, max_width, &title_look);

  return MAX (h, ts_render_line_height (ctx, TS_TEXT_TITLE));
}

double
ts_render_title (TsRenderCtx *ctx,
                 const char  *title,
                 double       x,
                 double       y,
                 double       max_width)
{
  g_autofree char *text = title_text (ctx, title);

  ts_render_text (ctx, text, x, y, max_width, &title_look);
  return ts_render_title_height (ctx, title, max_width);
}

double
ts_render_paragraph (TsRenderCtx      *ctx,
                     const char       *text,
                     double            x,
                     double            y,
                     double            max_width,
                     const TsTextLook *look,
                     gboolean          draw)
{
  TsTextLook settled = settle_look (ctx, look);
  const CachedText *laid;

  if (text == NULL || *text == '\0' || max_width <= 0)
    return 0;
  laid = lay_out_paragraph (ctx, text, max_width, &settled);
  if (draw)
    {
      ts_render_set_color (ctx->cr, settled.color);
      cairo_move_to (ctx->cr, x, y);
      pango_cairo_show_layout (ctx->cr, laid->layout);
      cairo_new_path (ctx->cr);
    }
  return laid->height;
}

void
ts_render_message (TsRenderCtx *ctx,
                   const char  *title,
                   const char  *detail)
{
  const TsTextLook notice_title = { .factor = TS_TEXT_TITLE, .weight = PANGO_WEIGHT_BOLD, .align = TS_ALIGN_CENTER };
  const TsTextLook notice_detail = { .color = &ctx->style->muted, .align = TS_ALIGN_CENTER };
  double pad = ctx->em;
  double w = ctx->width - 2 * pad;
  double th = ts_render_line_height (ctx, TS_TEXT_TITLE);
  double dh = detail != NULL ? ts_render_paragraph (ctx, detail, 0, 0, w, &notice_detail, FALSE) : 0;
  double y = MAX (pad, (ctx->height - th - dh - pad / 2) / 2);

  ts_render_text (ctx, title, pad, y, w, &notice_title);
  if (detail != NULL)
    ts_render_paragraph (ctx, detail, pad, y + th + pad / 2, w, &notice_detail, TRUE);
}

double
ts_render_message_height (TsRenderCtx *ctx)
{
  return 8 * ctx->em;
}
