/* ts-specsheet.h — the spec sheet: a plan as A4 pages, on any cairo_t
 *
 * The window's GtkPrintOperation (print, preview, “Export PDF”) and the
 * command line's cairo PDF surface both lay the document out with
 * ts_specsheet_paginate() and draw it with ts_specsheet_draw_page(), so
 * the two PDFs carry the same pages and the same text. No GTK here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "ts-engine.h"

G_BEGIN_DECLS

/* ISO 216 A4 in PostScript points (1/72 inch): 210 × 297 mm. */
#define TS_SPECSHEET_A4_WIDTH_PT   595.276
#define TS_SPECSHEET_A4_HEIGHT_PT  841.89

typedef struct _TsSpecsheet TsSpecsheet;

/* Who the sheet is from and for, shown on its first page and in the PDF's
 * metadata. A NULL or empty field is left out, except vendor_name and
 * quote_email, which then come from the catalog's vendor record. The
 * logo is a PNG or SVG file (an SVG stays vectors in the PDF; one that
 * refers to other files is refused), drawn at most 40 pt tall. */
typedef struct
{
  const char *vendor_name;
  const char *logo_path;     /* PNG or SVG */
  const char *contact;       /* address, telephone, web site: one line */
  const char *quote_email;   /* where a quote is requested */
  const char *customer;      /* whom the sheet is for */
  const char *project;
} TsBranding;

/* Builds the document's text for plan in language lang ("ru", "en", or
 * NULL for the current language), which is the page language of this
 * thread only while the sheet is made or drawn: the rest of the process
 * keeps its language. The sheet holds a reference to plan (never a copy:
 * it shows the caller's figures and option), so the caller may drop its
 * own; the plan must not be changed while the sheet holds it
 * (ts_plan_is_shared ()). date: the document's date, or NULL for now. */
TsSpecsheet *ts_specsheet_new                 (const TsPlan *plan,
                                               const char   *lang,
                                               GDateTime    *date);
void         ts_specsheet_free                (TsSpecsheet  *sheet);

/* Replaces the sheet's branding (copied) and lays the document out anew;
 * branding NULL: the catalog's vendor record alone. FALSE, with error set
 * (G_IO_ERROR, G_FILE_ERROR), when the logo cannot be read as a PNG or SVG; the
 * sheet then keeps its previous branding. */
gboolean     ts_specsheet_set_branding        (TsSpecsheet      *sheet,
                                               const TsBranding *branding,
                                               GError          **error);

/* Lays the document out on pages of width × height points and returns the
 * number of pages (at least 1). Idempotent for the same size. */
guint        ts_specsheet_paginate            (TsSpecsheet  *sheet,
                                               double        width,
                                               double        height);
guint        ts_specsheet_get_n_pages         (TsSpecsheet  *sheet);
/* Draws page (0-based) onto cr, whose user space is points with the page's
 * top-left corner at 0,0. Paginates first when the size changed. FALSE,
 * with error set (G_IO_ERROR), when cr is or falls into an error state
 * (a surface cairo could not make, memory, a failed write): nothing more
 * can be drawn on it, stop and report. */
gboolean     ts_specsheet_draw_page           (TsSpecsheet  *sheet,
                                               cairo_t      *cr,
                                               guint         page,
                                               double        width,
                                               double        height,
                                               GError      **error);

/* The plan the sheet describes: the one it was made from. */
const TsPlan *ts_specsheet_get_plan           (TsSpecsheet  *sheet);
/* “TS-YYYYMMDD-<8 hex digits of the scenario’s SHA-256>” */
const char  *ts_specsheet_get_document_number (TsSpecsheet  *sheet);
/* The title, subject and keywords in the document's language. */
const char  *ts_specsheet_get_title           (TsSpecsheet  *sheet);
const char  *ts_specsheet_get_subject         (TsSpecsheet  *sheet);
const char  *ts_specsheet_get_lang            (TsSpecsheet  *sheet);
GDateTime   *ts_specsheet_get_date            (TsSpecsheet  *sheet);

/* The reason a cairo status stands for, for a message a user reads:
 * the system's translated words where there are some (memory, a write),
 * else cairo's own. */
const char  *ts_specsheet_status_reason       (cairo_status_t status);

/* Title, author, creator, subject and dates, when surface is a PDF surface
 * (a no-op otherwise, e.g. on a printer's surface). */
void         ts_specsheet_set_pdf_metadata    (TsSpecsheet     *sheet,
                                               cairo_surface_t *surface);

/* The whole document as an A4 PDF at path, written atomically: a temporary
 * file in the same folder renamed over path on success, nothing left
 * behind on failure (G_FILE_ERROR, naming the file and the reason: the
 * system's for a failed write, cairo's for a surface in error). */
gboolean     ts_specsheet_write_pdf           (TsSpecsheet  *sheet,
                                               const char   *path,
                                               GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSpecsheet, ts_specsheet_free)

G_END_DECLS
