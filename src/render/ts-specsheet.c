/* ts-specsheet.c — the spec sheet: a plan as A4 pages, on any cairo_t
 *
 * The document is built once, in its own language, as a flow of blocks
 * (title, headings, paragraphs, table rows, drawings, page breaks). Every
 * block is measured with Pango at the page's content width and the flow is
 * cut into pages: headings stay with what follows them, tables repeat their
 * header row on a new page and drawings taller than a page continue on the
 * next one, so nothing is clipped. Drawing a page replays its placements.
 *
 * This file makes the document (a reference to its plan, its language,
 * number, date and branding) and keeps it; the flow is built in
 * ts-specsheet-flow.c and ts-specsheet-content.c, cut into pages in
 * ts-specsheet-pagination.c and drawn in ts-specsheet-drawing.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "ts-specsheet-private.h"
#include "ts-specsheet-logo.h"

/* ---- construction ------------------------------------------------------ */

static char *
document_number (const TsPlan *plan,
                 GDateTime    *date)
{
  g_autofree char *json = ts_scenario_to_string (plan->scenario);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, json, -1);
  g_autofree char *day = g_date_time_format (date, "%Y%m%d");

  hash[HASH_DIGITS] = '\0';
  return g_strdup_printf ("TS-%s-%s", day, hash);
}

static void
init_style (TsSpecsheet *self)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  ts_render_style_init (&self->style, FALSE);
  /* Black on white for paper, whatever the window's style. */
  self->style.foreground = (TsColor) { 0, 0, 0, 1 };
  self->style.muted = (TsColor) { 0.33, 0.33, 0.33, 1 };
  self->style.font_family = FONT_FAMILY;
  self->style.font_size = SIZE_TABLE;
  self->style.dpi = 72;
  self->style.print = TRUE;

  /* Layout in points, independent of the device: no hinted metrics, so
   * the PDF surface, the print context and the preview break lines at the
   * same places. */
  self->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_context_set_resolution (self->context, 72);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->context, options);
  cairo_font_options_destroy (options);
  /* Fonts are chosen for the page's language, not the process's: Pango
   * otherwise takes it from the environment, and a Russian page made in
   * an English window would fall back to other faces (other widths, other
   * line breaks) than the same page made by `trainsizer-cli --lang ru`. */
  pango_context_set_language (self->context, pango_language_from_string (self->lang));
}


static gboolean load_logo (const char *path, cairo_surface_t **logo, GError **error);

/* The catalog vendor record's logo, where the branding names none. A
 * logo that cannot be read is left out: the sheet is still the vendor's
 * (`trainsizer-cli catalog check` is where a broken path shows). */
static void
catalog_logo (TsSpecsheet *self)
{
  const char *path = ts_catalog_get_vendor_logo (self->plan->catalog);
  g_autoptr(GError) error = NULL;

  if (path == NULL || *path == '\0')
    return;
  if (!load_logo (path, &self->logo, &error))
    {
      g_debug ("The catalog's logo was left out: %s", error->message);
      return;
    }
  g_free (self->logo_path);
  self->logo_path = g_strdup (path);
}

TsSpecsheet *
ts_specsheet_new (const TsPlan *plan,
                  const char   *lang,
                  GDateTime    *date)
{
  TsSpecsheet *self;
  LangGuard guard;

  g_return_val_if_fail (plan != NULL, NULL);

  self = g_new0 (TsSpecsheet, 1);
  /* Remember the language even when it is the current one, so drawing a
   * page later (an asynchronous print, a preview) uses the same words
   * after the window's language changed. */
  self->lang = g_strdup (lang != NULL && *lang != '\0' ? lang : ts_i18n_get_code ());
  self->date = date != NULL ? g_date_time_ref (date) : g_date_time_new_now_local ();
  self->blocks = g_array_new (FALSE, TRUE, sizeof (Block));
  g_array_set_clear_func (self->blocks, (GDestroyNotify) ts_specsheet_block_clear);
  self->tables = g_array_new (FALSE, TRUE, sizeof (Table));
  self->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  init_style (self);

  lang_push (&guard, self->lang);

  /* The plan holds no words, so the caller's own serves a page in any
   * language; the reference lets the sheet outlive the caller's hold on
   * it (the window replaces its plan on every change while a print dialog
   * is open). The sheet only reads it. */
  self->plan = ts_plan_ref ((TsPlan *) plan);

  self->number = document_number (self->plan, self->date);
  /* Translators: the date on the spec sheet, strftime format; e.g. “%d.%m.%Y” */
  self->date_text = g_date_time_format (self->date, _("%Y-%m-%d"));
  /* Translators: title of the spec sheet */
  self->title = g_strdup (_("Training hardware specification"));
  self->subject = g_strdup_printf ("%s — %s", self->plan->scenario->model.name != NULL
                                   ? self->plan->scenario->model.name : _("Custom model"),
                                   ts_method_label (self->plan->scenario->method));
  /* Translators: the spec sheet's footer: app name and version */
  self->footer_left = g_strdup_printf ("%s · %s · %s", self->number, self->date_text, "Train Sizer " PACKAGE_VERSION);
  /* Translators: the spec sheet's footer: “Page 1 of 4” */
  self->page_format = g_strdup (_("Page %u of %u"));
  catalog_logo (self);

  ts_specsheet_build_document (self);

  lang_pop (&guard);
  return self;
}

/* A PNG or an SVG: ts-specsheet-logo.c reads it defensively */
static gboolean
load_logo (const char       *path,
           cairo_surface_t **logo,
           GError          **error)
{
  return ts_specsheet_logo_load (path, logo, error);
}

static void
replace_string (char       **field,
                const char  *value)
{
  g_free (*field);
  *field = g_strdup (ts_specsheet_nonempty (value));
}

gboolean
ts_specsheet_set_branding (TsSpecsheet      *self,
                           const TsBranding *branding,
                           GError          **error)
{
  static const TsBranding none = { NULL };
  cairo_surface_t *logo = NULL;
  LangGuard guard;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (branding == NULL)
    branding = &none;
  if (ts_specsheet_nonempty (branding->logo_path) != NULL && !load_logo (branding->logo_path, &logo, error))
    return FALSE;

  replace_string (&self->vendor_name, branding->vendor_name);
  replace_string (&self->contact, branding->contact);
  replace_string (&self->quote_email, branding->quote_email);
  replace_string (&self->customer, branding->customer);
  replace_string (&self->project, branding->project);
  replace_string (&self->logo_path, branding->logo_path);
  g_clear_pointer (&self->logo, cairo_surface_destroy);
  self->logo = logo;
  if (self->logo == NULL)
    catalog_logo (self);

  lang_push (&guard, self->lang);
  ts_specsheet_build_document (self);
  lang_pop (&guard);
  return TRUE;
}

void
ts_specsheet_free (TsSpecsheet *self)
{
  if (self == NULL)
    return;
  g_clear_pointer ((TsPlan **) &self->plan, ts_plan_unref);
  g_clear_pointer (&self->date, g_date_time_unref);
  g_clear_pointer (&self->blocks, g_array_unref);
  g_clear_pointer (&self->tables, g_array_unref);
  g_clear_pointer (&self->pages, g_ptr_array_unref);
  g_clear_object (&self->context);
  g_free (self->lang);
  g_free (self->number);
  g_free (self->title);
  g_free (self->subject);
  g_free (self->date_text);
  g_free (self->footer_left);
  g_free (self->page_format);
  g_free (self->vendor_name);
  g_free (self->contact);
  g_free (self->quote_email);
  g_free (self->customer);
  g_free (self->project);
  g_free (self->logo_path);
  g_clear_pointer (&self->logo, cairo_surface_destroy);
  g_free (self);
}

const TsPlan *
ts_specsheet_get_plan (TsSpecsheet *self)
{
  return self->plan;
}

const char *
ts_specsheet_get_document_number (TsSpecsheet *self)
{
  return self->number;
}

const char *
ts_specsheet_get_title (TsSpecsheet *self)
{
  return self->title;
}

const char *
ts_specsheet_get_subject (TsSpecsheet *self)
{
  return self->subject;
}

const char *
ts_specsheet_get_lang (TsSpecsheet *self)
{
  return self->lang;
}

GDateTime *
ts_specsheet_get_date (TsSpecsheet *self)
{
  return self->date;
}
