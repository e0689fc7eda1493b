/* ts-specsheet-flow.c — the spec sheet's flow: its pieces and their words
 *
 * What the document's sections are built from: blocks (headings,
 * paragraphs, drawings), tables with their header rows, label–value
 * pairs and grids; a section's facts from the engine (ts-facts.h)
 * laid out as pairs, a grid or a table, with the footnote naming the
 * figures the catalog marks as estimates; the vendor the sheet names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-specsheet-private.h"

/* ---- building the flow -------------------------------------------------- */

void
ts_specsheet_block_clear (Block *b)
{
  g_clear_pointer (&b->text, g_free);
  g_clear_pointer (&b->cells, g_strfreev);
  g_clear_pointer (&b->breaks, g_array_unref);
  g_clear_pointer (&b->uri, g_free);
}

Block *
ts_specsheet_add_block (TsSpecsheet *self,
                        BlockKind    kind,
                        char        *text)
{
  Block b = { 0 };

  b.kind = kind;
  b.text = text;
  g_array_append_val (self->blocks, b);
  return &g_array_index (self->blocks, Block, self->blocks->len - 1);
}

void
ts_specsheet_add_text (TsSpecsheet *self,
                       BlockKind    kind,
                       const char  *text)
{
  ts_specsheet_add_block (self, kind, g_strdup (text));
}

G_GNUC_PRINTF (3, 4)
void
ts_specsheet_add_printf (TsSpecsheet *self,
                         BlockKind    kind,
                         const char  *format,
                         ...)
{
  va_list args;

  va_start (args, format);
  ts_specsheet_add_block (self, kind, g_strdup_vprintf (format, args));
  va_end (args);
}

/* fractions: column widths as shares of the content width (they sum to 1);
 * right: which columns hold numbers (right-aligned). */
guint
ts_specsheet_begin_table (TsSpecsheet    *self,
                          guint           n_columns,
                          const double   *fractions,
                          const gboolean *right)
{
  Table t = { 0 };

  g_assert (n_columns <= MAX_COLUMNS);
  t.n_columns = n_columns;
  t.header = -1;
  t.size = SIZE_TABLE;
  for (guint i = 0; i < n_columns; i++)
    {
      t.fractions[i] = fractions[i];
      t.right[i] = right != NULL && right[i];
    }
  g_array_append_val (self->tables, t);
  return self->tables->len - 1;
}

/* Takes the cells (NULL-terminated, n_columns of them). */
Block *
ts_specsheet_add_row_v (TsSpecsheet *self,
                        guint        table,
                        char       **cells)
{
  Block *b = ts_specsheet_add_block (self, BLOCK_ROW, NULL);

  b->table = table;
  b->cells = cells;
  return b;
}

void
ts_specsheet_add_header (TsSpecsheet *self,
                         guint        table,
                         ...)
{
  GPtrArray *cells = g_ptr_array_new ();
  Block *b;
  va_list args;
  const char *cell;

  va_start (args, table);
  while ((cell = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (cells, g_strdup (cell));
  va_end (args);
  g_ptr_array_add (cells, NULL);

  b = ts_specsheet_add_row_v (self, table, (char **) g_ptr_array_free (cells, FALSE));
  b->header = TRUE;
  g_array_index (self->tables, Table, table).header = self->blocks->len - 1;
}

/* A label and its value; value is taken (NULL or empty shows a dash). */
void
ts_specsheet_add_pair (TsSpecsheet *self,
                       guint        table,
                       const char  *label,
                       char        *value)
{
  char **cells = g_new0 (char *, 3);

  cells[0] = g_strdup (label);
  cells[1] = value != NULL && *value != '\0' ? value : (g_free (value), g_strdup ("—"));
  ts_specsheet_add_row_v (self, table, cells);
}

static double
pair_fractions[] = { 0.36, 0.64 };

guint
ts_specsheet_begin_pairs (TsSpecsheet *self)
{
  return ts_specsheet_begin_table (self, 2, pair_fractions, NULL);
}

/* Short label–value pairs two to a row, so the scenario fits beside the
 * rest of the first page. cells: label, value, label, value… */
void
ts_specsheet_grid_add (GPtrArray  *cells,
                       const char *label,
                       char       *value)
{
  g_ptr_array_add (cells, g_strdup (label));
  g_ptr_array_add (cells, value != NULL && *value != '\0' ? value : (g_free (value), g_strdup ("—")));
}

void
ts_specsheet_grid_emit (TsSpecsheet *self,
                        GPtrArray   *cells)
{
  static const double fractions[] = { 0.2, 0.3, 0.2, 0.3 };
  guint t = ts_specsheet_begin_table (self, G_N_ELEMENTS (fractions), fractions, NULL);

  for (guint i = 0; i < cells->len; i += 4)
    {
      char **row = g_new0 (char *, 5);

      for (guint c = 0; c < 4; c++)
        row[c] = g_strdup (i + c < cells->len ? g_ptr_array_index (cells, i + c) : "");
      ts_specsheet_add_row_v (self, t, row);
    }
  g_ptr_array_unref (cells);
}

void
ts_specsheet_add_drawing (TsSpecsheet *self,
                          TsDrawing    drawing)
{
  Block *b = ts_specsheet_add_block (self, BLOCK_DRAWING, NULL);

  b->drawing = drawing;
}

const char *
ts_specsheet_nonempty (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

/* ---- who the sheet is from --------------------------------------------- */

/* The vendor named on the sheet: the branding's, else the catalog's. */
const char *
ts_specsheet_vendor_name (TsSpecsheet *self)
{
  return ts_specsheet_nonempty (self->vendor_name) != NULL ? self->vendor_name
                                                           : ts_specsheet_nonempty (ts_catalog_get_vendor_name (self->plan->catalog));
}

/* ---- a section's figures (ts-facts.h) -------------------------------- */

/* The footnote of the figures of a table that are estimates: each named
 * by its label, with the catalog's reason in an English sheet (the
 * catalog's notes are English; a Russian sheet names the figure only). */
static void
add_estimates_note (TsSpecsheet       *self,
                    const TsPlanFacts *facts)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  for (guint i = 0; i < ts_plan_facts_get_n (facts); i++)
    {
      const TsPlanFact *fact = ts_plan_facts_get (facts, i);

      if (!fact->estimate)
        continue;
      if (fact->estimate_reason != NULL && g_str_has_prefix (self->lang, "en"))
        g_ptr_array_add (names, g_strdup_printf ("%s: %s", fact->label, fact->estimate_reason));
      else
        g_ptr_array_add (names, g_strdup (fact->label));
    }
  if (names->len == 0)
    return;
  g_ptr_array_add (names, NULL);
  list = g_strjoinv ("; ", (char **) names->pdata);
  /* Translators: footnote under a table: which figures are estimates; %s lists them (“Weight; Maximum power”) */
  ts_specsheet_add_printf (self, BLOCK_NOTE, _("≈ An estimate, not a vendor's published figure: %s."), list);
}

/* A section's figures as a table of label–value pairs, the footnote of
 * its estimates and the section's note under it. */
void
ts_specsheet_add_facts (TsSpecsheet       *self,
                        const TsPlanFacts *facts)
{
  guint t = ts_specsheet_begin_pairs (self);

  for (guint i = 0; i < ts_plan_facts_get_n (facts); i++)
    {
      const TsPlanFact *fact = ts_plan_facts_get (facts, i);

      ts_specsheet_add_pair (self, t, fact->label, g_strdup (fact->value));
    }
  add_estimates_note (self, facts);
  if (facts->note != NULL)
    ts_specsheet_add_text (self, BLOCK_NOTE, facts->note);
}

/* A section's figures two pairs to a row (the scenario on the first page). */
void
ts_specsheet_add_facts_grid (TsSpecsheet       *self,
                             const TsPlanFacts *facts)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < ts_plan_facts_get_n (facts); i++)
    {
      const TsPlanFact *fact = ts_plan_facts_get (facts, i);

      ts_specsheet_grid_add (cells, fact->label, g_strdup (fact->value));
    }
  ts_specsheet_grid_emit (self, cells);
}

/* A section's table: its headings, then its rows, the emphasised ones
 * in bold (and shaded, for a sum row). fractions and right as in
 * ts_specsheet_begin_table (), one per column. Returns the table. */
guint
ts_specsheet_add_facts_table (TsSpecsheet       *self,
                              const TsPlanFacts *facts,
                              const double      *fractions,
                              const gboolean    *right,
                              gboolean           shade_emphasis)
{
  guint n_columns = g_strv_length (facts->columns);
  guint t = ts_specsheet_begin_table (self, n_columns, fractions, right);
  Block *b;

  b = ts_specsheet_add_row_v (self, t, g_strdupv (facts->columns));
  b->header = TRUE;
  g_array_index (self->tables, Table, t).header = self->blocks->len - 1;
  for (guint i = 0; i < facts->rows->len; i++)
    {
      const TsPlanRow *row = &g_array_index (facts->rows, TsPlanRow, i);

      g_assert (g_strv_length (row->cells) == n_columns);
      b = ts_specsheet_add_row_v (self, t, g_strdupv (row->cells));
      b->bold = row->emphasis;
      b->shaded = row->emphasis && shade_emphasis;
    }
  return t;
}
