/* ts-print.c — the spec sheet printed through GtkPrintOperation, with an
 * in-app preview, and exported to PDF by the command line's writer
 *
 * GTK pitfalls this follows (verified on GTK 4.8): the default paper comes
 * from LC_PAPER (Letter under en_US), so A4 is set explicitly; the default
 * unit is device pixels and the default origin sits inside the margins, so
 * the unit is points and the page is used in full — the sheet keeps its own
 * margins, the same on paper and in the PDF.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-print"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ts-document.h"
#include "ts-print.h"
#include "ts-specsheet.h"

/* Preview pages are drawn this wide on screen (the page's points at about
 * 1.2 × for readable body text on a laptop). */
#define PREVIEW_PAGE_WIDTH 720
#define PREVIEW_SPACING    18

#define SHEET_KEY "ts-specsheet"
#define BRANDING_KEY "ts-print-branding"
/* The first failure while drawing (a GError), for whoever ran the
 * operation: GtkPrintOperation has no way to report one from draw-page. */
#define ERROR_KEY "ts-error"

const char *
ts_print_lang_from_setting (const char *value)
{
  if (value == NULL || *value == '\0' || g_strcmp0 (value, "ui") == 0)
    return NULL;
  return value;
}

static TsSpecsheet *
operation_sheet (GtkPrintOperation *op)
{
  return g_object_get_data (G_OBJECT (op), SHEET_KEY);
}

static void
on_begin_print (GtkPrintOperation *op,
                GtkPrintContext   *context,
                gpointer           user_data)
{
  TsSpecsheet *sheet = operation_sheet (op);
  guint n_pages;

  /* The chosen paper may differ from A4: lay out for what is printed. */
  n_pages = ts_specsheet_paginate (sheet, gtk_print_context_get_width (context),
                                   gtk_print_context_get_height (context));
  gtk_print_operation_set_n_pages (op, (int) n_pages);
}

/* Keeps the first error and stops the operation: the pages after a
 * failed one would be drawn into a surface that draws nothing. */
static void
fail_operation (GtkPrintOperation *op,
                GError            *error)
{
  if (g_object_get_data (G_OBJECT (op), ERROR_KEY) == NULL)
    g_object_set_data_full (G_OBJECT (op), ERROR_KEY, g_steal_pointer (&error), (GDestroyNotify) g_error_free);
  else
    g_error_free (error);
  gtk_print_operation_cancel (op);
}

static void
on_draw_page (GtkPrintOperation *op,
              GtkPrintContext   *context,
              int                page_nr,
              gpointer           user_data)
{
  TsSpecsheet *sheet = operation_sheet (op);
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  GError *error = NULL;

  if (g_object_get_data (G_OBJECT (op), ERROR_KEY) != NULL)
    return;
  /* On export the target is GTK's PDF surface: give it the same title,
   * author and creator as the command line's PDF. */
  if (page_nr == 0)
    ts_specsheet_set_pdf_metadata (sheet, cairo_get_target (cr));
  if (!ts_specsheet_draw_page (sheet, cr, (guint) page_nr, gtk_print_context_get_width (context),
                               gtk_print_context_get_height (context), &error))
    fail_operation (op, error);
}

static const GError *
operation_error (GtkPrintOperation *op)
{
  return g_object_get_data (G_OBJECT (op), ERROR_KEY);
}

void
ts_print_branding_free (TsPrintBranding *branding)
{
  if (branding == NULL)
    return;
  g_free (branding->vendor_name);
  g_free (branding->vendor_contact);
  g_free (branding->quote_address);
  g_free (branding->logo_file);
  g_free (branding->customer);
  g_free (branding->project);
  g_free (branding);
}

void
ts_print_set_branding (GtkWindow             *parent,
                       const TsPrintBranding *branding)
{
  TsPrintBranding *copy = NULL;

  g_return_if_fail (GTK_IS_WINDOW (parent));

  if (branding != NULL)
    {
      copy = g_new0 (TsPrintBranding, 1);
      copy->vendor_name = g_strdup (branding->vendor_name);
      copy->vendor_contact = g_strdup (branding->vendor_contact);
      copy->quote_address = g_strdup (branding->quote_address);
      copy->logo_file = g_strdup (branding->logo_file);
      copy->customer = g_strdup (branding->customer);
      copy->project = g_strdup (branding->project);
    }
  g_object_set_data_full (G_OBJECT (parent), BRANDING_KEY, copy, (GDestroyNotify) ts_print_branding_free);
}

const TsPrintBranding *
ts_print_get_branding (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  return parent != NULL ? g_object_get_data (G_OBJECT (parent), BRANDING_KEY) : NULL;
}

/* The one place a spec sheet gets the branding of the window it is made
 * from: the vendor from Preferences (else the catalog's record), the
 * customer and project from the window. A logo that cannot be read leaves
 * the sheet without it (the Preferences row says why when it is chosen). */
static void
apply_branding (TsSpecsheet *sheet,
                GtkWindow   *parent)
{
  const TsPrintBranding *branding = ts_print_get_branding (parent);
  g_autoptr(GError) error = NULL;
  TsBranding fields;

  if (sheet == NULL || branding == NULL)
    return;
  fields = (TsBranding) {
    .vendor_name = branding->vendor_name,
    .logo_path = branding->logo_file,
    .contact = branding->vendor_contact,
    .quote_email = branding->quote_address,
    .customer = branding->customer,
    .project = branding->project,
  };
  if (!ts_specsheet_set_branding (sheet, &fields, &error))
    {
      g_warning ("The spec sheet's logo was left out: %s", error->message);
      fields.logo_path = NULL;
      ts_specsheet_set_branding (sheet, &fields, NULL);
    }
}

GtkPrintOperation *
ts_print_operation_new (const TsPlan *plan,
                        const char   *lang)
{
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  GtkPrintOperation *op;
  TsSpecsheet *sheet;

  g_return_val_if_fail (plan != NULL, NULL);

  sheet = ts_specsheet_new (plan, ts_print_lang_from_setting (lang), NULL);

  op = gtk_print_operation_new ();
  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_job_name (op, ts_specsheet_get_document_number (sheet));
  gtk_print_operation_set_embed_page_setup (op, TRUE);

  g_object_set_data_full (G_OBJECT (op), SHEET_KEY, sheet, (GDestroyNotify) ts_specsheet_free);
  g_signal_connect (op, "begin-print", G_CALLBACK (on_begin_print), NULL);
  g_signal_connect (op, "draw-page", G_CALLBACK (on_draw_page), NULL);
  return op;
}

gboolean
ts_print_export_pdf (GtkWindow     *parent,
                     const TsPlan  *plan,
                     const char    *path,
                     const char    *lang,
                     GError       **error)
{
  g_autoptr(TsSpecsheet) sheet = NULL;

  g_return_val_if_fail (plan != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* The command line's writer, not GtkPrintOperation's export: the same
   * tagged structure, /Lang and atomic write as trainsizer-cli pdf, which
   * GTK's export surface cannot give. The plan keeps the option picked in
   * the window; only printing goes through GTK. */
  sheet = ts_specsheet_new (plan, ts_print_lang_from_setting (lang), NULL);
  apply_branding (sheet, parent);
  return ts_specsheet_write_pdf (sheet, path, error);
}

/* ---- Export PDF… with a file chooser ------------------------------------ */

typedef struct
{
  TsPlan              *plan;     /* a reference to the window's */
  char                *lang;
  TsPrintExportedFunc  done;
  gpointer             user_data;
  GtkWindow           *parent;
} ExportData;

static void
export_data_free (gpointer user_data)
{
  ExportData *data = user_data;

  g_clear_pointer (&data->plan, ts_plan_unref);
  g_clear_weak_pointer (&data->parent);
  g_free (data->lang);
  g_free (data);
}

static void
export_chosen_cb (GFile    *file,
                  gpointer  user_data)
{
  ExportData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  gboolean exported = FALSE;

  if (file != NULL)
    {
      /* a file with no local path (a remote address) is refused with a reason */
      path = ts_local_file_dup_path (file, &error);
      exported = path != NULL && ts_print_export_pdf (data->parent, data->plan, path, data->lang, &error);
    }
  /* cancelled: neither a path nor an error */
  if (data->done != NULL)
    data->done (exported ? path : NULL, error, data->user_data);
}

/* The name Export PDF proposes: “customer – model – date.pdf” (the
 * customer left out when there is none), as a salesperson files a sheet;
 * a character a file name cannot hold becomes a hyphen. */
static char *
suggested_pdf_name (GtkWindow    *parent,
                    const TsPlan *plan)
{
  const TsPrintBranding *branding = parent != NULL ? ts_print_get_branding (parent) : NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  GString *name = g_string_new (NULL);
  g_autofree char *customer = g_strdup (branding != NULL && branding->customer != NULL ? branding->customer : "");

  if (*g_strstrip (customer) != '\0')
    g_string_append_printf (name, "%s – ", customer);
  if (plan->scenario->model.name != NULL && *plan->scenario->model.name != '\0')
    g_string_append_printf (name, "%s – ", plan->scenario->model.name);
  g_string_append_printf (name, "%s.pdf", date);
  for (char *p = name->str; *p != '\0'; p++)
    if (*p == '/' || *p == '\\' || (guchar) *p < 0x20)
      *p = '-';
  return g_string_free (name, FALSE);
}

void
ts_print_export_pdf_dialog (GtkWindow           *parent,
                            const TsPlan        *plan,
                            const char          *lang,
                            TsPrintExportedFunc  done,
                            gpointer             user_data)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;
  GtkFileChooserNative *chooser;
  ExportData *data;

  g_return_if_fail (plan != NULL);

  data = g_new0 (ExportData, 1);
  /* The window may replace its plan while the chooser is open: the
   * reference keeps this one, with the option picked there. The sheet
   * only reads it. */
  data->plan = ts_plan_ref ((TsPlan *) plan);
  data->lang = g_strdup (lang);
  data->done = done;
  data->user_data = user_data;
  g_set_weak_pointer (&data->parent, parent);

  name = suggested_pdf_name (parent, data->plan);

  /* Translators: file type in the file chooser */
  gtk_file_filter_set_name (filter, _("PDF documents"));
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_filter_add_suffix (filter, "pdf");
  /* Translators: title of the file chooser that saves the spec sheet */
  chooser = ts_file_chooser_new (parent, GTK_FILE_CHOOSER_ACTION_SAVE, _("Export Spec Sheet"),
                                 /* Translators: button of the file chooser */
                                 _("_Export"), filter, name);
  ts_file_chooser_run (chooser, export_chosen_cb, data, export_data_free);
}

/* ---- Print… -------------------------------------------------------------- */

static void
show_error (GtkWindow    *parent,
            const GError *error)
{
  AdwMessageDialog *dialog;

  /* Translators: heading of the dialog when printing failed */
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Could Not Print the Spec Sheet"), error->message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_print_done (GtkPrintOperation       *op,
               GtkPrintOperationResult  result,
               gpointer                 user_data)
{
  GtkWindow *parent = g_object_get_data (G_OBJECT (op), "ts-parent");

  if (operation_error (op) != NULL)
    show_error (parent, operation_error (op));
  else if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      gtk_print_operation_get_error (op, &error);
      if (error != NULL)
        show_error (parent, error);
    }
  /* The reference taken when the dialog opened (allow-async). */
  g_object_unref (op);
}

typedef struct
{
  GtkPrintOperationPreview *preview;
  cairo_t                  *cr;
} DialogPreview;

static void
dialog_preview_end (gpointer user_data)
{
  DialogPreview *p = user_data;

  gtk_print_operation_preview_end_preview (p->preview);
  g_object_unref (p->preview);
  cairo_destroy (p->cr);
  g_free (p);
}

static GtkWindow *show_preview_for (GtkWindow   *parent,
                                    TsSpecsheet *sheet,
                                    const char  *lang);

/* The print dialog's Preview button: GTK's default runs an external
 * viewer (evince), often missing and never in Flatpak; show ours, and end
 * GTK's preview when our window closes. */
static gboolean
on_preview (GtkPrintOperation        *op,
            GtkPrintOperationPreview *preview,
            GtkPrintContext          *context,
            GtkWindow                *parent,
            gpointer                  user_data)
{
  TsSpecsheet *sheet = operation_sheet (op);
  DialogPreview *p;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  GtkWindow *window;

  cairo_surface_destroy (surface);
  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      /* Translators: the reason printing failed, e.g. “The preview could not be opened: out of memory” */
      g_autoptr(GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_FAILED, _("The preview could not be opened: %s"),
                                             ts_specsheet_status_reason (cairo_status (cr)));

      cairo_destroy (cr);
      show_error (parent != NULL ? parent : g_object_get_data (G_OBJECT (op), "ts-parent"), error);
      gtk_print_operation_preview_end_preview (preview);
      return TRUE;
    }

  /* GTK insists on a cairo context for a handled preview; nothing is drawn
   * on it, our window draws the pages itself. */
  p = g_new0 (DialogPreview, 1);
  p->cr = cr;
  gtk_print_context_set_cairo_context (context, p->cr, 72, 72);
  p->preview = g_object_ref (preview);

  window = show_preview_for (parent != NULL ? parent : g_object_get_data (G_OBJECT (op), "ts-parent"),
                             sheet, g_object_get_data (G_OBJECT (op), "ts-lang"));
  g_object_set_data_full (G_OBJECT (window), "ts-dialog-preview", p, dialog_preview_end);
  return TRUE;
}

static void
run_operation (GtkWindow               *parent,
               const TsPlan            *plan,
               const char              *lang,
               GtkPrintOperationAction  action)
{
  GtkPrintOperation *op;
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  op = ts_print_operation_new (plan, lang);
  apply_branding (operation_sheet (op), parent);
  gtk_print_operation_set_allow_async (op, TRUE);
  g_object_set_data (G_OBJECT (op), "ts-parent", parent);
  g_object_set_data_full (G_OBJECT (op), "ts-lang", g_strdup (lang), g_free);
  g_signal_connect (op, "done", G_CALLBACK (on_print_done), NULL);
  g_signal_connect (op, "preview", G_CALLBACK (on_preview), NULL);

  result = gtk_print_operation_run (op, action, parent, &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && error != NULL)
    show_error (parent, error);
  else if (result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS && operation_error (op) != NULL)
    show_error (parent, operation_error (op));
  /* With allow-async the operation reports through "done", which drops
   * this reference; without it (some platforms) it finished already. */
  if (result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS)
    {
      g_signal_handlers_disconnect_by_func (op, on_print_done, NULL);
      g_object_unref (op);
    }
}

void
ts_print_run (GtkWindow    *parent,
              const TsPlan *plan,
              const char   *lang,
              gboolean      preview)
{
  g_return_if_fail (plan != NULL);

  /* ACTION_PREVIEW emits “preview”, which on_preview answers with the
   * in-app preview window. */
  run_operation (parent, plan, lang,
                 preview ? GTK_PRINT_OPERATION_ACTION_PREVIEW : GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG);
}

/* ---- the in-app preview ----------------------------------------------------- */

typedef struct
{
  TsSpecsheet *sheet;
  guint        page;
} PreviewPage;

static void
draw_preview_page (GtkDrawingArea *area,
                   cairo_t        *cr,
                   int             width,
                   int             height,
                   gpointer        user_data)
{
  PreviewPage *pp = user_data;
  double scale = width / TS_SPECSHEET_A4_WIDTH_PT;
  g_autoptr(GError) error = NULL;

  cairo_scale (cr, scale, scale);
  /* GTK's context only fails when GTK itself is out of memory: a page
   * left blank, said once in the log, is all that can be done. */
  if (!ts_specsheet_draw_page (pp->sheet, cr, pp->page, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT, &error))
    g_warning ("%s", error->message);
}

static void
on_preview_print (GtkButton *button,
                  gpointer   user_data)
{
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button)));
  TsSpecsheet *sheet = g_object_get_data (G_OBJECT (window), SHEET_KEY);
  const char *lang = g_object_get_data (G_OBJECT (window), "ts-lang");
  GtkWindow *parent = gtk_window_get_transient_for (window);

  ts_print_run (parent != NULL ? parent : window, ts_specsheet_get_plan (sheet), lang, FALSE);
}

static GtkWindow *
show_preview_for (GtkWindow   *parent,
                  TsSpecsheet *source,
                  const char  *lang)
{
  /* A sheet of its own: the window outlives the print operation. */
  TsSpecsheet *sheet = ts_specsheet_new (ts_specsheet_get_plan (source), ts_specsheet_get_lang (source),
                                         ts_specsheet_get_date (source));
  GtkWidget *window = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *title;
  GtkWidget *print;
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *pages = gtk_box_new (GTK_ORIENTATION_VERTICAL, PREVIEW_SPACING);
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  guint n_pages;
  g_autofree char *subtitle = NULL;

  /* Branded before it is laid out: a logo and names change the pages. */
  apply_branding (sheet, parent);
  n_pages = ts_specsheet_paginate (sheet, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT);
  g_object_set_data_full (G_OBJECT (window), SHEET_KEY, sheet, (GDestroyNotify) ts_specsheet_free);
  g_object_set_data_full (G_OBJECT (window), "ts-lang", g_strdup (lang), g_free);

  /* Translators: “TS-20261202-1a2b3c4d · 4 pages” */
  subtitle = g_strdup_printf (ngettext ("%s · %u page", "%s · %u pages", n_pages),
                              ts_specsheet_get_document_number (sheet), n_pages);
  /* Translators: title of the print preview window */
  title = adw_window_title_new (_("Print Preview"), subtitle);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  /* Translators: button of the print preview */
  print = gtk_button_new_with_mnemonic (_("_Print…"));
  gtk_widget_add_css_class (print, "suggested-action");
  g_signal_connect (print, "clicked", G_CALLBACK (on_preview_print), NULL);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), print);
  gtk_box_append (GTK_BOX (box), header);

  gtk_widget_set_margin_top (pages, PREVIEW_SPACING);
  gtk_widget_set_margin_bottom (pages, PREVIEW_SPACING);
  gtk_widget_set_margin_start (pages, PREVIEW_SPACING);
  gtk_widget_set_margin_end (pages, PREVIEW_SPACING);
  gtk_widget_set_halign (pages, GTK_ALIGN_CENTER);
  for (guint i = 0; i < n_pages; i++)
    {
      GtkWidget *area = gtk_drawing_area_new ();
      PreviewPage *pp = g_new0 (PreviewPage, 1);
      g_autofree char *label = NULL;

      pp->sheet = sheet;
      pp->page = i;
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), PREVIEW_PAGE_WIDTH);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area),
                                           (int) (PREVIEW_PAGE_WIDTH * TS_SPECSHEET_A4_HEIGHT_PT
                                                  / TS_SPECSHEET_A4_WIDTH_PT));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_preview_page, pp, g_free);
      gtk_widget_add_css_class (area, "card");
      /* Translators: accessible name of a page in the print preview, “Page 1 of 4” */
      label = g_strdup_printf (_("Page %u of %u"), i + 1, n_pages);
      gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_box_append (GTK_BOX (pages), area);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), pages);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (window), box);

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Escape"),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, shortcuts);

  gtk_window_set_title (GTK_WINDOW (window), _("Print Preview"));
  gtk_window_set_default_size (GTK_WINDOW (window), PREVIEW_PAGE_WIDTH + 4 * PREVIEW_SPACING, 900);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (window), parent);
      gtk_window_set_modal (GTK_WINDOW (window), TRUE);
    }
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

GtkWindow *
ts_print_show_preview (GtkWindow    *parent,
                       const TsPlan *plan,
                       const char   *lang)
{
  g_autoptr(TsSpecsheet) source = NULL;

  g_return_val_if_fail (plan != NULL, NULL);

  source = ts_specsheet_new (plan, ts_print_lang_from_setting (lang), NULL);
  return show_preview_for (parent, source, lang);
}
