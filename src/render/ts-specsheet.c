/* ts-specsheet.c — the spec sheet: a plan as A4 pages, on any cairo_t
 *
 * The document is built once, in its own language, as a flow of blocks
 * (title, headings, paragraphs, table rows, drawings, page breaks). Every
 * block is measured with Pango at the page's content width and the flow is
 * cut into pages: headings stay with what follows them, tables repeat their
 * header row on a new page and drawings taller than a page continue on the
 * next one, so nothing is clipped. Drawing a page replays its placements.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ts-render-private.h"
#include "ts-specsheet.h"
#include "ts-plan-text.h"

/* Page geometry in points. 48 pt ≈ 17 mm: inside every office printer's
 * unprintable edge, so the print and the PDF show the same page. */
#define MARGIN_SIDE     48.0
#define MARGIN_TOP      44.0
#define MARGIN_BOTTOM   58.0
#define FOOTER_BASELINE 30.0   /* from the bottom edge to the footer's top */

/* Type sizes in points: body text readable on paper, headings clearly
 * above it, tables and footer a step smaller. */
#define FONT_FAMILY     "Cantarell, DejaVu Sans, sans-serif"
#define SIZE_TITLE      19.0
#define SIZE_SUBTITLE   12.0
#define SIZE_HEADING    13.0
#define SIZE_SUBHEADING 10.5
#define SIZE_BODY       9.0
#define SIZE_TABLE      8.5
#define SIZE_SMALL      7.5

#define CELL_PAD_X      4.0
#define CELL_PAD_Y      2.5
#define BULLET_INDENT   12.0
#define CALLOUT_PAD     8.0
#define MAX_COLUMNS     10
/* A part that ran over onto a page filled less than this share of it is
 * followed on the same page rather than by a page nearly empty. */
#define SOFT_BREAK_FILL 0.5

/* Height given to a drawing that cannot tell its own (placeholder), as a
 * fraction of the content width. */
#define DRAWING_ASPECT  0.45

#define HASH_DIGITS     8

/* The vendor's logo on the first page: at most this tall and wide. */
#define LOGO_MAX_HEIGHT 40.0
#define LOGO_MAX_WIDTH  180.0

/* A drawing taller than a page is cut where its geometry allows (between
 * rows of racks); a cut may leave no less than this share of a page. */
#define BREAK_MIN_SHARE  0.25
/* Lines meet where one ends and the next begins; positions computed two
 * ways agree to far better than this (points). */
#define LINE_EPSILON     0.01

typedef enum
{
  BLOCK_TITLE,
  BLOCK_SUBTITLE,
  BLOCK_HEADING,
  BLOCK_SUBHEADING,
  BLOCK_TEXT,
  BLOCK_NOTE,
  BLOCK_BULLET,
  BLOCK_CHECK,
  BLOCK_CALLOUT,
  BLOCK_ROW,
  BLOCK_DRAWING,
  BLOCK_LOGO,
  BLOCK_PAGE_BREAK,
} BlockKind;

typedef struct
{
  guint    n_columns;
  double   fractions[MAX_COLUMNS];
  gboolean right[MAX_COLUMNS];
  int      header;     /* block index of the header row, or -1 */
  double   size;       /* type size in points */
  double   widths[MAX_COLUMNS];   /* points, at the current pagination */
} Table;

typedef struct
{
  BlockKind  kind;
  char      *text;
  char     **cells;
  guint      table;
  gboolean   header;
  gboolean   bold;
  gboolean   shaded;
  TsDrawing  drawing;
  char      *uri;      /* a link the block is, or NULL */
  double     height;   /* at the content width */
  GArray    *breaks;   /* drawings: where a page may end (double, ascending) */
} Block;

typedef struct
{
  guint  block;
  double y;
  double slice_top;     /* for drawings cut across pages */
  double slice_height;
} Placement;

struct _TsSpecsheet
{
  TsPlan        *own_plan;    /* recomputed in the document's language */
  const TsPlan  *plan;
  char          *lang;        /* NULL = the current language at creation */
  GDateTime     *date;
  char          *number;
  char          *title;
  char          *subject;
  char          *date_text;
  char          *footer_left;
  char          *page_format; /* “Page %u of %u” in the document's language */

  /* branding: NULL when not given (vendor and quote address then come
   * from the catalog) */
  char            *vendor_name;
  char            *contact;
  char            *quote_email;
  char            *customer;
  char            *project;
  char            *logo_path;
  cairo_surface_t *logo;      /* the PNG, or NULL */

  /* the figures of the table being built that are estimates: “label”
   * or “label: the catalog's reason”, for the footnote under it */
  GPtrArray     *estimates;

  GArray        *blocks;      /* Block */
  GArray        *tables;      /* Table */

  PangoContext  *context;
  TsRenderStyle  style;

  double         width;       /* size of the current pagination */
  double         height;
  GPtrArray     *pages;       /* GArray of Placement */
};

/* ---- language --------------------------------------------------------- */

typedef struct
{
  char    *saved;
  gboolean switched;
} LangGuard;

static void
lang_push (LangGuard  *guard,
           const char *lang)
{
  guard->switched = lang != NULL;
  guard->saved = NULL;
  if (!guard->switched)
    return;
  guard->saved = g_strdup (g_getenv ("LANGUAGE"));
  ts_i18n_set_language (lang);
}

static void
lang_pop (LangGuard *guard)
{
  if (!guard->switched)
    return;
  /* NULL restores the desktop's language, which is what an unset
   * LANGUAGE meant before the switch. */
  ts_i18n_set_language (guard->saved);
  g_clear_pointer (&guard->saved, g_free);
}

/* ---- building the flow -------------------------------------------------- */

static void
block_clear (Block *b)
{
  g_clear_pointer (&b->text, g_free);
  g_clear_pointer (&b->cells, g_strfreev);
  g_clear_pointer (&b->breaks, g_array_unref);
  g_clear_pointer (&b->uri, g_free);
}

static Block *
add_block (TsSpecsheet *self,
           BlockKind    kind,
           char        *text)
{
  Block b = { 0 };

  b.kind = kind;
  b.text = text;
  g_array_append_val (self->blocks, b);
  return &g_array_index (self->blocks, Block, self->blocks->len - 1);
}

static void
add_text (TsSpecsheet *self,
          BlockKind    kind,
          const char  *text)
{
  add_block (self, kind, g_strdup (text));
}

G_GNUC_PRINTF (3, 4)
static void
add_printf (TsSpecsheet *self,
            BlockKind    kind,
            const char  *format,
            ...)
{
  va_list args;

  va_start (args, format);
  add_block (self, kind, g_strdup_vprintf (format, args));
  va_end (args);
}

/* fractions: column widths as shares of the content width (they sum to 1);
 * right: which columns hold numbers (right-aligned). */
static guint
begin_table (TsSpecsheet    *self,
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
static Block *
add_row_v (TsSpecsheet *self,
           guint        table,
           char       **cells)
{
  Block *b = add_block (self, BLOCK_ROW, NULL);

  b->table = table;
  b->cells = cells;
  return b;
}

static void
add_header (TsSpecsheet *self,
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

  b = add_row_v (self, table, (char **) g_ptr_array_free (cells, FALSE));
  b->header = TRUE;
  g_array_index (self->tables, Table, table).header = self->blocks->len - 1;
}

/* A label and its value; value is taken (NULL or empty shows a dash). */
static void
add_pair (TsSpecsheet *self,
          guint        table,
          const char  *label,
          char        *value)
{
  char **cells = g_new0 (char *, 3);

  cells[0] = g_strdup (label);
  cells[1] = value != NULL && *value != '\0' ? value : (g_free (value), g_strdup ("—"));
  add_row_v (self, table, cells);
}

static double
pair_fractions[] = { 0.36, 0.64 };

static guint
begin_pairs (TsSpecsheet *self)
{
  return begin_table (self, 2, pair_fractions, NULL);
}

/* Short label–value pairs two to a row, so the scenario fits beside the
 * rest of the first page. cells: label, value, label, value… */
static void
grid_add (GPtrArray  *cells,
          const char *label,
          char       *value)
{
  g_ptr_array_add (cells, g_strdup (label));
  g_ptr_array_add (cells, value != NULL && *value != '\0' ? value : (g_free (value), g_strdup ("—")));
}

static void
grid_emit (TsSpecsheet *self,
           GPtrArray   *cells)
{
  static const double fractions[] = { 0.2, 0.3, 0.2, 0.3 };
  guint t = begin_table (self, G_N_ELEMENTS (fractions), fractions, NULL);

  for (guint i = 0; i < cells->len; i += 4)
    {
      char **row = g_new0 (char *, 5);

      for (guint c = 0; c < 4; c++)
        row[c] = g_strdup (i + c < cells->len ? g_ptr_array_index (cells, i + c) : "");
      add_row_v (self, t, row);
    }
  g_ptr_array_unref (cells);
}

static void
add_drawing (TsSpecsheet *self,
             TsDrawing    drawing)
{
  Block *b = add_block (self, BLOCK_DRAWING, NULL);

  b->drawing = drawing;
}

/* ---- labels of the scenario's choices ---------------------------------- */

static const char *
precision_label (TsPrecision precision)
{
  switch (precision)
    {
    /* Translators: training precision */
    case TS_PRECISION_BF16: return _("BF16 mixed precision, FP32 master weights");
    case TS_PRECISION_FP16: return _("FP16 mixed precision, FP32 master weights");
    case TS_PRECISION_FP8: return _("FP8 compute, BF16 weights, FP32 master weights");
    case TS_PRECISION_FP32: return _("FP32");
    case TS_PRECISION_PURE_BF16: return _("Pure BF16, no FP32 master weights");
    case TS_N_PRECISIONS:
    default: return "";
    }
}

static const char *
optimizer_label (TsOptimizer optimizer)
{
  switch (optimizer)
    {
    case TS_OPTIMIZER_ADAMW: return "AdamW";
    /* Translators: the optimizer with 8-bit states (bitsandbytes) */
    case TS_OPTIMIZER_ADAMW_8BIT: return _("AdamW, 8-bit states");
    case TS_OPTIMIZER_ADAFACTOR: return "Adafactor";
    case TS_OPTIMIZER_SGD: return _("SGD with momentum");
    case TS_OPTIMIZER_LION: return "Lion";
    case TS_N_OPTIMIZERS:
    default: return "";
    }
}

static const char *
checkpointing_label (TsCheckpointing checkpointing)
{
  switch (checkpointing)
    {
    /* Translators: gradient checkpointing (activation recomputation) */
    case TS_CHECKPOINTING_NONE: return _("Off");
    case TS_CHECKPOINTING_SELECTIVE: return _("Selective (attention only)");
    case TS_CHECKPOINTING_FULL: return _("Full (every layer)");
    case TS_N_CHECKPOINTING:
    default: return "";
    }
}

static const char *
lora_targets_label (TsLoraTargets targets)
{
  switch (targets)
    {
    /* Translators: which layers LoRA adapts */
    case TS_LORA_TARGETS_QV: return _("Query and value projections");
    case TS_LORA_TARGETS_ATTENTION: return _("All attention projections");
    case TS_LORA_TARGETS_ALL_LINEAR: return _("All linear layers");
    case TS_N_LORA_TARGETS:
    default: return "";
    }
}

static const char *
yes_no (gboolean value)
{
  /* Translators: an option that is on / off */
  return value ? _("On") : _("Off");
}

static const char *
confidence_mark (TsConfidence confidence)
{
  /* Unverified figures carry a mark explained under the table. */
  return confidence == TS_CONFIDENCE_UNVERIFIED ? " *" : "";
}

/* ---- number helpers ----------------------------------------------------- */

static char *
format_count (double value)
{
  return ts_format_number (value, 0);
}

static char *
with_unit (char       *number,
           const char *unit)
{
  char *result = g_strconcat (number, "\u00a0", unit, NULL);

  g_free (number);
  return result;
}

/* An exponent in superscript digits: 21 → ²¹. */
static char *
superscript (int value)
{
  static const char *digits[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  g_autofree char *plain = g_strdup_printf ("%d", value);
  GString *out = g_string_new (NULL);

  for (const char *p = plain; *p != '\0'; p++)
    g_string_append (out, *p == '-' ? "⁻" : digits[*p - '0']);
  return g_string_free (out, FALSE);
}

static char *
format_tokens (double tokens)
{
  /* The same short scale as parameter counts: 10B, 1.5T. */
  return ts_format_params (tokens);
}

/* ---- the document's sections ------------------------------------------- */

static const char *
nonempty (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

/* The vendor named on the sheet: the branding's, else the catalog's. */
static const char *
vendor_name (TsSpecsheet *self)
{
  return nonempty (self->vendor_name) != NULL ? self->vendor_name
                                              : nonempty (ts_catalog_get_vendor_name (self->plan->catalog));
}

/* Whether an address is at a domain reserved for examples (RFC 2606,
 * RFC 6761): the built-in catalog's demo vendor has one, and a customer's
 * sheet must not send anyone there. */
static gboolean
is_placeholder_address (const char *address)
{
  static const char *const reserved[] = { "@example.com", "@example.net", "@example.org", ".example",
                                          ".invalid", ".test", "@localhost" };
  g_autofree char *lower = g_ascii_strdown (address, -1);

  for (guint i = 0; i < G_N_ELEMENTS (reserved); i++)
    if (g_str_has_suffix (lower, reserved[i]))
      return TRUE;
  return FALSE;
}

static const char *
quote_email (TsSpecsheet *self)
{
  const char *address = nonempty (self->quote_email) != NULL ? self->quote_email
                                                             : nonempty (ts_catalog_get_quote_email (self->plan->catalog));

  return address != NULL && !is_placeholder_address (address) ? address : NULL;
}

/* Who the sheet is from, above its title: the logo, the vendor's name,
 * how to reach them and where to ask for a quote. */
static void
build_letterhead (TsSpecsheet *self)
{
  const char *vendor = vendor_name (self);
  const char *email = quote_email (self);
  g_autoptr(GString) reach = g_string_new (NULL);

  if (self->logo != NULL)
    add_block (self, BLOCK_LOGO, NULL);
  if (vendor != NULL)
    add_text (self, BLOCK_SUBHEADING, vendor);
  if (nonempty (self->contact) != NULL)
    g_string_append (reach, self->contact);
  if (email != NULL)
    {
      if (reach->len > 0)
        g_string_append (reach, " · ");
      /* Translators: on the spec sheet's first page, under the vendor's name: where to ask for a quote */
      g_string_append_printf (reach, _("Quotes: %s"), email);
    }
  if (reach->len > 0)
    {
      Block *b = add_block (self, BLOCK_NOTE, g_strdup (reach->str));

      /* a click on the line writes to the vendor */
      if (email != NULL)
        b->uri = g_strconcat ("mailto:", email, NULL);
    }
}

/* The mark before a figure the catalog marks as an estimate. */
#define ESTIMATE_MARK "≈\u00a0"

/* Whether any of fields (JSON names, space-separated) of a record is an
 * estimate; the first one's reason, or NULL. */
static gboolean
any_estimate (const TsProvenance *prov,
              const char         *fields,
              const char        **reason)
{
  g_auto(GStrv) names = g_strsplit (fields, " ", -1);

  for (guint i = 0; prov != NULL && names[i] != NULL; i++)
    if (ts_provenance_is_estimate (prov, names[i]))
      {
        *reason = ts_provenance_get_estimate_reason (prov, names[i]);
        return TRUE;
      }
  return FALSE;
}

/* A table row whose figure is marked “≈” when the catalog says any of
 * fields of prov is an estimate; the footnote under the table then
 * names it (with the catalog's reason in an English sheet: the catalog's
 * notes are English, a Russian sheet names the figure only). */
static void
add_figure (TsSpecsheet        *self,
            guint               table,
            const char         *label,
            char               *value,
            const TsProvenance *prov,
            const char         *fields)
{
  const char *reason = NULL;

  if (value == NULL || *value == '\0' || !any_estimate (prov, fields, &reason))
    {
      add_pair (self, table, label, value);
      return;
    }
  add_pair (self, table, label, g_strconcat (ESTIMATE_MARK, value, NULL));
  g_free (value);
  if (reason != NULL && g_str_has_prefix (self->lang, "en"))
    g_ptr_array_add (self->estimates, g_strdup_printf ("%s: %s", label, reason));
  else
    g_ptr_array_add (self->estimates, g_strdup (label));
}

/* The footnote of the estimates marked in the table just built. */
static void
add_estimates_note (TsSpecsheet *self)
{
  g_autofree char *list = NULL;

  if (self->estimates->len == 0)
    return;
  g_ptr_array_add (self->estimates, NULL);
  list = g_strjoinv ("; ", (char **) self->estimates->pdata);
  g_ptr_array_set_size (self->estimates, 0);
  /* Translators: footnote under a table: which figures are estimates; %s lists them (“Weight; Maximum power”) */
  add_printf (self, BLOCK_NOTE, _("≈ An estimate, not a vendor's published figure: %s."), list);
}

static void
build_title (TsSpecsheet *self)
{
  const TsPlan *plan = self->plan;
  const TsScenario *s = plan->scenario;
  g_autofree char *params = ts_format_params (s->model.params);
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  build_letterhead (self);
  add_text (self, BLOCK_TITLE, self->title);
  add_printf (self, BLOCK_SUBTITLE, "%s — %s (%s)", s->model.name != NULL ? s->model.name : _("Custom model"),
              ts_method_label (s->method), params);

  if (nonempty (self->customer) != NULL)
    /* Translators: on the spec sheet: whom it is made for */
    grid_add (cells, C_("spec sheet", "Customer"), g_strdup (self->customer));
  if (nonempty (self->project) != NULL)
    /* Translators: on the spec sheet: the customer's project */
    grid_add (cells, C_("spec sheet", "Project"), g_strdup (self->project));
  grid_add (cells, _("Date"), g_strdup (self->date_text));
  grid_add (cells, _("Document number"), g_strdup (self->number));
  grid_add (cells, _("Catalog version"), g_strdup (ts_catalog_get_version (plan->catalog)));
  if (vendor_name (self) != NULL)
    grid_add (cells, _("Prepared by"), g_strdup (vendor_name (self)));
  grid_emit (self, cells);
}

static void
build_scenario (TsSpecsheet *self)
{
  const TsScenario *s = self->plan->scenario;
  const TsLayout *l = &self->plan->memory.layout;
  g_autofree char *params = ts_format_params (s->model.params);
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  /* Translators: heading of the spec sheet: every input of the sizing */
  add_text (self, BLOCK_HEADING, _("Scenario"));

  if (ts_architecture_is_moe (&s->model.arch) && s->model.active_params > 0)
    {
      g_autofree char *active = ts_format_params (s->model.active_params);

      /* Translators: “Mixtral 8x7B, 46.7 B parameters (12.9 B active per token, mixture of experts)” */
      grid_add (cells, _("Model"), g_strdup_printf (_("%s, %s parameters (%s active per token, mixture of experts)"),
                                                     s->model.name, params, active));
    }
  else
    grid_add (cells, _("Model"), g_strdup_printf (_("%s, %s parameters"),
                                                   s->model.name != NULL ? s->model.name : _("Custom model"),
                                                   params));
  grid_add (cells, _("Method"), g_strdup (ts_method_label (s->method)));
  grid_add (cells, _("Precision"), g_strdup (precision_label (s->precision)));
  /* Translators: gradient data type; the article's 16 (BF16) or 18 (FP32) bytes per parameter */
  grid_add (cells, _("Gradients"), g_strdup (s->grad_dtype == TS_GRAD_FP32 ? "FP32" : "BF16"));
  grid_add (cells, _("Optimizer"), g_strdup_printf ("%s%s", optimizer_label (s->optimizer),
                                                     s->offload == TS_OFFLOAD_OPTIMIZER
                                                     ? _(", states offloaded to host RAM") : ""));
  grid_add (cells, _("Sequence length"),
            /* Translators: the sequence length's unit, after the count: “8,192 tokens” */
            with_unit (format_count (s->seq_len), ngettext ("token", "tokens", s->seq_len)));
  grid_add (cells, _("Micro-batch per GPU"),
            with_unit (format_count (s->micro_batch), ngettext ("sequence", "sequences", s->micro_batch)));
  grid_add (cells, _("Gradient checkpointing"), g_strdup (checkpointing_label (s->checkpointing)));
  grid_add (cells, _("FlashAttention"), g_strdup (yes_no (s->flash_attention)));
  /* Translators: optimizer-state sharding (DeepSpeed ZeRO / PyTorch FSDP) */
  grid_add (cells, _("ZeRO / FSDP stage"),
            l->zero_stage == 3 && s->zero3_prefetch
            /* Translators: ZeRO stage 3 with the next layer gathered early */
            ? g_strdup_printf (_("%u, next layer prefetched"), (guint) l->zero_stage)
            : format_count (l->zero_stage));
  /* Translators: the parallel layout: “8 GPUs: tensor 1 × pipeline 1 × data 8” */
  {
    g_autofree char *gpus = ts_format_number (l->gpus, 0);
    g_autofree char *dp = ts_format_number (l->dp, 0);

    grid_add (cells, _("Parallel layout"),
              g_strdup_printf (ngettext ("%s GPU: tensor %u × pipeline %u × data %s",
                                         "%s GPUs: tensor %u × pipeline %u × data %s", l->gpus),
                               gpus, l->tp, l->pp, dp));
  }
  if (s->method != TS_METHOD_FULL)
    {
      grid_add (cells, _("LoRA rank"), format_count (s->lora_rank));
      grid_add (cells, _("LoRA targets"), g_strdup (lora_targets_label (s->lora_targets)));
    }
  grid_add (cells, _("Dataset"), with_unit (format_tokens (s->tokens), _("tokens")));
  grid_add (cells, _("Deadline"), s->deadline_days > 0 ? ts_format_days (s->deadline_days)
                                                          : g_strdup (_("None")));
  if (s->server_id != NULL)
    {
      const TsServer *server = ts_catalog_find_server (self->plan->catalog, s->server_id);
      g_autofree char *name = ts_render_name (server ? server->name : s->server_id);

      grid_add (cells, _("Hardware"),
                s->servers > 0 ? g_strdup_printf ("%u × %s", s->servers, name) : g_strdup (name));
    }
  else
    grid_add (cells, _("Hardware"), g_strdup (_("Recommended by Train Sizer")));

  {
    g_autofree char *limit = ts_format_kw (s->rack_kw);
    g_autofree char *volts = ts_format_number_auto (s->voltage, 0);
    g_autofree char *pue = ts_format_number_auto (s->pue, 2);

    /* Translators: “42U racks, up to 30 kW each; 230 V, 3 phases; PUE 1.4” */
    grid_add (cells, _("Site"),
              g_strdup_printf (ngettext ("%uU racks, up to %s each; %s V, %u phase; PUE %s",
                                         "%uU racks, up to %s each; %s V, %u phases; PUE %s", s->phases),
                               s->rack_units, limit, volts, s->phases, pue));
    if (s->price_kwh > 0)
      {
        g_autofree char *price = ts_format_number_auto (s->price_kwh, 2);

        grid_add (cells, _("Electricity price"),
                  g_strdup_printf (_("%s %s per kWh"), price, ts_render_currency_label (s->currency)));
      }
  }
  grid_emit (self, cells);
}

/* The plan's own sentence: the window and the CLI say the same. */
static char *
headline (TsSpecsheet *self)
{
  g_autofree char *text = ts_plan_dup_headline (self->plan, FALSE);

  /* it names the server as the catalog does */
  return ts_render_name (text);
}

static void
build_memory (TsSpecsheet *self)
{
  static const double fractions[] = { 0.40, 0.20, 0.22, 0.18 };
  static const gboolean right[] = { FALSE, TRUE, TRUE, TRUE };
  const TsPlan *plan = self->plan;
  const TsMemory *m = &plan->memory;
  double total = ts_breakdown_sum (&m->total);
  guint t;

  /* Translators: heading: the fit verdict and the one-sentence answer */
  add_text (self, BLOCK_HEADING, _("Verdict"));
  add_block (self, BLOCK_CALLOUT, headline (self));
  {
    const TsOption *o = ts_plan_get_shown_option (plan);
    g_autoptr(GPtrArray) failures = o != NULL ? ts_option_dup_failures (o) : NULL;

    /* every condition that keeps the configuration from working, named */
    for (guint i = 0; failures != NULL && i < failures->len; i++)
      add_text (self, BLOCK_BULLET, g_ptr_array_index (failures, i));
  }

  /* Translators: heading of the memory chart and table */
  add_text (self, BLOCK_HEADING, _("GPU memory"));
  add_drawing (self, TS_DRAWING_MEMORY);

  t = begin_table (self, G_N_ELEMENTS (fractions), fractions, right);
  add_header (self, t, _("Component"), _("Per GPU"), _("Whole job"), _("Share"), NULL);
  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    {
      char **cells;

      if (m->total.bytes[i] <= 0 && m->per_gpu.bytes[i] <= 0)
        continue;
      cells = g_new0 (char *, 5);
      cells[0] = g_strdup (ts_component_label (i));
      cells[1] = ts_format_gb (m->per_gpu.bytes[i]);
      cells[2] = ts_format_gb (m->total.bytes[i]);
      cells[3] = total > 0 ? ts_format_percent (m->total.bytes[i] / total) : g_strdup ("—");
      add_row_v (self, t, cells);
    }
  {
    char **cells = g_new0 (char *, 5);
    Block *b;

    /* Translators: the sum row of the memory table */
    cells[0] = g_strdup (_("Total"));
    cells[1] = ts_format_gb (ts_breakdown_sum (&m->per_gpu));
    cells[2] = ts_format_gb (total);
    cells[3] = ts_format_percent (1.0);
    b = add_row_v (self, t, cells);
    b->bold = TRUE;
    b->shaded = TRUE;
  }

  {
    g_autofree char *rule = ts_format_gb_range (m->rule.low_bytes, m->rule.high_bytes);
    g_autofree char *lo = ts_format_number_auto (m->rule.bytes_per_param_low, 2);
    g_autofree char *hi = ts_format_number_auto (m->rule.bytes_per_param_high, 2);
    g_autofree char *bpp = g_strcmp0 (lo, hi) == 0 ? g_strdup (lo) : g_strdup_printf ("%s–%s", lo, hi);

    /* Translators: “The article’s rule of thumb: 1,120–1,260 GB (16–18 bytes per parameter) for
     * weights, gradients and optimizer states, activations not included.” */
    add_printf (self, BLOCK_TEXT,
                _("The article’s rule of thumb: %s%s (%s bytes per parameter) for weights, gradients and "
                  "optimizer states, activations not included. The table above is the detailed estimate "
                  "with activations and overhead, in decimal gigabytes (1 GB = 10⁹ bytes)."),
                rule, plan->scenario->method == TS_METHOD_FULL ? "" : _(" + adapters"), bpp);
  }

  if (plan->warnings->len > 0)
    {
      /* Translators: heading: things the customer must know */
      add_text (self, BLOCK_SUBHEADING, _("Warnings"));
      for (guint i = 0; i < plan->warnings->len; i++)
        add_text (self, BLOCK_BULLET, g_ptr_array_index (plan->warnings, i));
    }
}

static void
build_configuration (TsSpecsheet *self)
{
  const TsPlan *plan = self->plan;
  const TsOption *o = ts_plan_get_shown_option (plan);
  const TsServer *sv;
  const TsGpu *gpu;
  gboolean unverified = FALSE;
  guint t;

  add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: the server configuration the document proposes */
  add_text (self, BLOCK_HEADING, _("Recommended configuration"));

  if (o == NULL)
    {
      add_text (self, BLOCK_TEXT, _("No server from the catalog was evaluated for this scenario, so there is "
                                    "no configuration to show. Choose a server or let Train Sizer recommend one."));
      return;
    }

  sv = o->server;
  gpu = sv->gpu;
  {
    g_autofree char *name = ts_render_name (sv->name);

    add_printf (self, BLOCK_SUBHEADING, "%u × %s", o->servers, name);
  }

  t = begin_pairs (self);
  {
    const char *mark = confidence_mark (sv->prov.confidence);
    const char *gpu_mark = gpu != NULL ? confidence_mark (gpu->prov.confidence) : "";
    /* per server = GPUs × per GPU, in one unit; the card's own figure beside */
    g_autofree char *per_gpu = gpu != NULL ? ts_format_gib (gpu->memory_bytes) : NULL;
    g_autofree char *total = gpu != NULL ? ts_format_gb (sv->gpu_count * gpu->memory_bytes)
                                         : ts_format_gb (sv->gpu_memory_label_gb * TS_BYTES_PER_GB);
    g_autofree char *gpu_mem = per_gpu != NULL ? g_strdup_printf ("%s (%u × %s)", total, sv->gpu_count, per_gpu)
                                               : g_strdup (total);

    g_autofree char *gpu_name = ts_render_name (gpu != NULL ? gpu->name : sv->gpu_id);

    unverified = *mark != '\0' || *gpu_mark != '\0';
    {
      g_autofree char *servers = g_strdup_printf (ngettext ("%u server", "%u servers", o->servers), o->servers);
      g_autofree char *gpus = g_strdup_printf (ngettext ("%u GPU in total", "%u GPUs in total", o->gpus), o->gpus);

      add_pair (self, t, _("Servers"), g_strdup_printf ("%s, %s", servers, gpus));
    }
    add_pair (self, t, _("GPUs per server"),
              g_strdup_printf ("%u × %s%s", sv->gpu_count, gpu_name, gpu_mark));
    add_figure (self, t, _("GPU memory per server"),
                g_strdup_printf ("%s %s%s", gpu_mem, gpu != NULL && gpu->memory_type ? gpu->memory_type : "", mark),
                gpu != NULL ? &gpu->prov : NULL, "memory_gib");
    if (gpu != NULL && gpu->tflops_bf16 > 0)
      {
        /* the system's dense peak: GPUs × the GPU's dense figure */
        g_autofree char *bf16 = ts_format_number_auto (sv->gpu_count * gpu->tflops_bf16 / 1000, 1);
        g_autofree char *fp8 = gpu->tflops_fp8 > 0
                               ? ts_format_number_auto (sv->gpu_count * gpu->tflops_fp8 / 1000, 1) : NULL;

        add_figure (self, t, _("Peak compute per server"),
                    fp8 != NULL
                    /* Translators: dense peak of one server: “7.9 PFLOPS BF16, 15.8 PFLOPS FP8” */
                    ? g_strdup_printf (_("%s PFLOPS BF16, %s PFLOPS FP8 (dense)"), bf16, fp8)
                    : g_strdup_printf (_("%s PFLOPS BF16 (dense)"), bf16),
                    &gpu->prov, "tflops_bf16 tflops_fp8");
      }
    if (sv->interconnect != NULL)
      {
        g_autofree char *bw = sv->interconnect->bw_gb_s_unidir > 0
                              ? ts_format_gb_s (sv->interconnect->bw_gb_s_unidir) : NULL;

        /* Translators: “NVLink 4, 450 GB/s per GPU each way” */
        add_pair (self, t, _("GPU link"), bw != NULL
                  ? g_strdup_printf (_("%s, %s per GPU each way%s"), sv->interconnect->name, bw,
                                     confidence_mark (sv->interconnect->prov.confidence))
                  : g_strdup (sv->interconnect->name));
      }
    if (sv->cpu_model != NULL)
      add_figure (self, t, _("CPUs"),
                  g_strdup_printf (ngettext ("%u × %s, %u core in total%s", "%u × %s, %u cores in total%s",
                                             sv->cpu_sockets * sv->cpu_cores_per_socket),
                                   sv->cpu_sockets, sv->cpu_model, sv->cpu_sockets * sv->cpu_cores_per_socket, mark),
                  &sv->prov, "cpu_model cpu_cores_per_socket");
    if (sv->ram_gb > 0)
      {
        g_autofree char *ram = ts_format_gb (sv->ram_gb * TS_BYTES_PER_GB);
        g_autofree char *ram_max = ts_format_gb (sv->ram_gb_max * TS_BYTES_PER_GB);

        add_figure (self, t, _("RAM"), sv->ram_gb_max > sv->ram_gb
                    /* Translators: “2,048 GB (up to 4,096 GB)” */
                    ? g_strdup_printf (_("%s (up to %s)%s"), ram, ram_max, mark)
                    : g_strdup_printf ("%s%s", ram, mark),
                    &sv->prov, "ram_gb ram_gb_max");
      }
    if (sv->os_storage != NULL)
      add_pair (self, t, _("System drives"), g_strdup (sv->os_storage));
    if (sv->nvme_data_count > 0)
      {
        g_autofree char *each = with_unit (ts_format_number_auto (sv->nvme_data_tb_each, 2), C_("unit", "TB"));

        add_figure (self, t, _("NVMe data drives"), g_strdup_printf ("%u × %s%s", sv->nvme_data_count, each, mark),
                    &sv->prov, "nvme_data_count nvme_data_tb_each");
      }
    if (sv->compute_nic_count > 0)
      {
        g_autofree char *gbps = ts_format_gbps (sv->compute_nic_gbps);

        add_figure (self, t, _("Compute network ports"),
                    g_strdup_printf ("%u × %s%s%s%s", sv->compute_nic_count, gbps,
                                     sv->compute_nic_model ? " (" : "", sv->compute_nic_model ? sv->compute_nic_model : "",
                                     sv->compute_nic_model ? ")" : ""),
                    &sv->prov, "compute_nic_count");
      }
    if (sv->storage_nic_count > 0)
      {
        g_autofree char *gbps = ts_format_gbps (sv->storage_nic_gbps);

        add_figure (self, t, _("Storage network ports"), g_strdup_printf ("%u × %s", sv->storage_nic_count, gbps),
                    &sv->prov, "storage_nic_count storage_nic_gbps");
      }
    if (sv->psu_count > 0)
      {
        g_autofree char *psu = with_unit (ts_format_number (sv->psu_w, 0), C_("unit", "W"));

        if (!o->psu_ok)
          {
            g_autofree char *need = ts_format_kw (sv->max_power_kw);

            /* Translators: “6 × 3,200 W; the stated 3+3 does not carry 10.2 kW” */
            add_figure (self, t, _("Power supplies"),
                        g_strdup_printf (_("%u × %s; the stated %s does not carry %s%s"), sv->psu_count, psu,
                                         sv->psu_redundancy != NULL ? sv->psu_redundancy : "—", need, mark),
                        &sv->prov, "psu_count psu_w psu_redundancy");
          }
        else
          /* Translators: “6 × 3,300 W, redundancy 4+2” */
          add_figure (self, t, _("Power supplies"),
                      sv->psu_redundancy != NULL
                      ? g_strdup_printf (_("%u × %s, redundancy %s%s"), sv->psu_count, psu, sv->psu_redundancy, mark)
                      : g_strdup_printf ("%u × %s%s", sv->psu_count, psu, mark),
                      &sv->prov, "psu_count psu_w psu_redundancy");
      }
    {
      g_autofree char *mm = sv->height_mm > 0 ? with_unit (ts_format_number (sv->height_mm, 0), C_("unit", "mm")) : NULL;

      /* Translators: rack units, as in “8U” */
      add_figure (self, t, _("Height"), mm != NULL ? g_strdup_printf (_("%uU (%s)"), sv->rack_units, mm)
                                                  : g_strdup_printf (_("%uU"), sv->rack_units),
                  &sv->prov, "rack_units height_mm");
    }
    if (sv->weight_kg > 0)
      {
        g_autofree char *kg = with_unit (ts_format_number_auto (sv->weight_kg, 1), C_("unit", "kg"));

        add_figure (self, t, _("Weight"), g_strdup_printf ("%s%s", kg, mark), &sv->prov, "weight_kg");
      }
    {
      g_autofree char *kw = ts_format_kw (sv->max_power_kw);
      double heat = ts_server_heat_btu_h (plan->catalog, sv);
      g_autofree char *btu = ts_format_btu_h (heat);

      add_figure (self, t, _("Maximum power"), g_strdup_printf ("%s%s", kw, mark), &sv->prov, "max_power_kw");
      add_figure (self, t, _("Heat output"), g_strdup_printf ("%s%s", btu, mark), &sv->prov, "max_power_kw");
    }
    if (sv->cooling != NULL)
      add_pair (self, t, _("Cooling"), g_strdup (g_strcmp0 (sv->cooling, "air") == 0 ? _("Air")
                                                 : g_strcmp0 (sv->cooling, "liquid") == 0 ? _("Liquid")
                                                 : sv->cooling));
    if (o->cpu_cores_per_gpu > 0)
      add_pair (self, t, _("CPU cores per GPU"), ts_format_number_auto (o->cpu_cores_per_gpu, 1));
    if (o->host_ram_needed_bytes > 0)
      add_pair (self, t, _("Host RAM needed per server"), ts_format_gb (o->host_ram_needed_bytes));
  }
  add_estimates_note (self);
  if (unverified)
    add_text (self, BLOCK_NOTE, _("* Not verified against a vendor document; confirm before ordering."));
}

static void
build_network_storage (TsSpecsheet *self)
{
  const TsOption *o = ts_plan_get_shown_option (self->plan);
  guint t;

  /* Translators: heading: the network between servers */
  add_text (self, BLOCK_HEADING, _("Network"));
  if (o != NULL && o->servers > 1 && o->compute_ports > 0)
    {
      g_autofree char *gbps = ts_format_gbps (o->port_gbps);

      t = begin_pairs (self);
      add_pair (self, t, _("Compute fabric"),
                o->server->network != NULL ? g_strdup (o->server->network->name) : NULL);
      add_pair (self, t, _("Compute ports"), g_strdup_printf ("%u × %s", o->compute_ports, gbps));
      add_pair (self, t, _("Leaf switches"), format_count (o->leaf_switches));
      add_pair (self, t, _("Spine switches"), format_count (o->spine_switches));
      if (o->server->network != NULL && o->server->network->switch_model != NULL)
        {
          const TsNetwork *net = o->server->network;
          g_autofree char *ports = g_strdup_printf (ngettext ("%u port", "%u ports", net->switch_ports),
                                                    net->switch_ports);
          g_autofree char *watts = with_unit (ts_format_number (net->switch_power_w, 0), C_("unit", "W"));

          /* Translators: a fabric switch: “NVIDIA Quantum-2 QM9700: 64 ports, 1U, 1,500 W” */
          add_figure (self, t, _("Switch model"),
                      g_strdup_printf (_("%s: %s, %uU, %s"), net->switch_model, ports, net->switch_rack_units, watts),
                      &net->prov, "switch_ports switch_rack_units switch_power_w");
        }
      if (o->server->network != NULL && o->server->network->nic_model != NULL)
        add_pair (self, t, _("Network adapter"), g_strdup (o->server->network->nic_model));
      if (o->sync_seconds_network > 0)
        add_pair (self, t, _("Gradient sync per step over the network"),
                  with_unit (ts_format_number_auto (o->sync_seconds_network, 2), C_("unit", "s")));
      add_estimates_note (self);
    }
  else if (o != NULL)
    add_text (self, BLOCK_TEXT, _("One server: the GPUs exchange over the server’s own link; "
                                  "no compute fabric between servers is needed."));
  else
    add_text (self, BLOCK_TEXT, _("Not evaluated: no hardware option."));
  add_text (self, BLOCK_BULLET, _("One 400 Gb/s port per GPU is the usual design of a training cluster "
                                  "(InfiniBand NDR or Ethernet with RoCE), with GPUDirect RDMA."));
  add_text (self, BLOCK_BULLET, _("Separate storage and management networks, so data loading does not "
                                  "disturb gradient synchronisation."));

  /* Translators: heading: checkpoints and dataset storage */
  add_text (self, BLOCK_HEADING, _("Storage"));
  t = begin_pairs (self);
  add_pair (self, t, _("One checkpoint (weights and optimizer state)"),
            ts_format_gb (o != NULL && o->checkpoint_bytes > 0 ? o->checkpoint_bytes
                                                                : self->plan->memory.checkpoint_bytes));
  if (o != NULL && o->checkpoints_on_nvme > 0)
    add_pair (self, t, _("Checkpoints that fit on local NVMe"), ts_format_number (floor (o->checkpoints_on_nvme), 0));
  if (o != NULL && o->checkpoint_write_seconds > 0)
    add_pair (self, t, _("Time to write one checkpoint"),
              with_unit (ts_format_number_auto (o->checkpoint_write_seconds, 1), C_("unit", "s")));
  if (o != NULL && o->dataset_bytes > 0)
    add_pair (self, t, _("Dataset on disk"), ts_format_gb (o->dataset_bytes));
  add_text (self, BLOCK_BULLET, _("Fast local NVMe for checkpoints; for a cluster, a separate storage system "
                                  "on its own network."));
}

static void
build_comparison (TsSpecsheet *self)
{
  static const double fractions[] = { 0.24, 0.06, 0.16, 0.08, 0.12, 0.08, 0.08, 0.10, 0.08 };
  static const gboolean right[] = { FALSE, TRUE, TRUE, TRUE, FALSE, FALSE, TRUE, TRUE, TRUE };
  const TsPlan *plan = self->plan;
  guint t;

  /* Translators: heading: the other hardware options side by side */
  add_text (self, BLOCK_HEADING, _("Comparison with alternatives"));
  if (plan->options->len == 0)
    {
      add_text (self, BLOCK_TEXT, _("No alternatives were evaluated."));
      return;
    }
  t = begin_table (self, G_N_ELEMENTS (fractions), fractions, right);
  /* Nine columns: a step smaller than the other tables. */
  g_array_index (self->tables, Table, t).size = SIZE_SMALL;
  /* Translators: column headings of the comparison table; keep them short */
  add_header (self, t, _("Option"), _("GPUs"), _("Per GPU"), _("Headroom"), _("Verdict"), _("Link"),
              _("Time"), _("Power"), _("Racks"), NULL);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (plan->options, TsOption, i);
      char **cells = g_new0 (char *, 10);
      g_autofree char *need = ts_format_gb (ts_breakdown_sum (&o->memory.per_gpu));
      g_autofree char *cap = ts_format_gb (o->gpu_memory_bytes);
      Block *b;

      g_autofree char *name = ts_render_name (o->server->name);

      cells[0] = g_strdup_printf ("%s%u × %s", o->recommended ? "★ " : "", o->servers, name);
      cells[1] = format_count (o->gpus);
      /* Translators: memory needed per GPU of its capacity: “141 of 144 GB” */
      cells[2] = g_strdup_printf (_("%s of %s"), need, cap);
      /* What does not fit has no headroom; the memory column shows by how much. */
      cells[3] = o->headroom_fraction >= 0 ? ts_format_percent (o->headroom_fraction) : g_strdup ("—");
      cells[4] = g_strdup (ts_verdict_label (o->verdict));
      /* Translators: whether the GPU link is fit for training (NVLink/HCCS) or PCIe only */
      cells[5] = g_strdup (o->interconnect_ok ? _("Fast") : _("PCIe"));
      cells[6] = o->training_days > 0 ? ts_format_days (o->training_days) : g_strdup ("—");
      cells[7] = ts_format_kw (o->power_kw);
      cells[8] = format_count (o->racks);
      b = add_row_v (self, t, cells);
      b->bold = o->recommended;
    }
  add_text (self, BLOCK_NOTE, _("★ the recommended option. Headroom: GPU memory left free per GPU. "
                                "Fast link: NVLink or HCCS, which multi-GPU training needs; PCIe cards suit "
                                "inference and fine-tuning."));
}

/* The rack PDU the catalog's site equipment names, by its ratings (its
 * name is the catalog's English description of the class). */
static void
add_pdu_row (TsSpecsheet    *self,
             guint           table,
             const TsOption *o)
{
  const TsPdu *pdu = ts_catalog_get_pdu (self->plan->catalog);
  g_autofree char *volts = NULL;
  g_autofree char *amps = NULL;
  g_autofree char *kw = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *per_rack = NULL;

  if (pdu == NULL || pdu->capacity_kw <= 0)
    return;
  volts = ts_format_number_auto (pdu->input_voltage_v, 0);
  amps = ts_format_number_auto (pdu->amps_per_phase, 0);
  kw = ts_format_kw (pdu->capacity_kw);
  /* Translators: a PDU's input: “400 V, 3 phases × 32 A, 22.17 kW” */
  rating = g_strdup_printf (ngettext ("%s V, %u phase × %s A, %s", "%s V, %u phases × %s A, %s", pdu->phases),
                            volts, pdu->phases, amps, kw);
  /* Translators: “2 per rack (A and B feeds)” */
  per_rack = g_strdup_printf (ngettext ("%u per rack (A and B feeds)", "%u per rack (A and B feeds)",
                                        o->pdus_per_rack > 0 ? o->pdus_per_rack : pdu->per_rack),
                              o->pdus_per_rack > 0 ? o->pdus_per_rack : pdu->per_rack);
  add_figure (self, table, _("Rack PDU"), g_strdup_printf ("%s; %s", rating, per_rack), &pdu->prov,
              "input_voltage_v amps_per_phase capacity_kw");
  if (pdu->outlets_c13 + pdu->outlets_c19 > 0)
    /* Translators: a PDU's sockets, by their IEC 60320 names */
    add_figure (self, table, _("PDU outlets"),
                g_strdup_printf (_("%u × C13, %u × C19 each"), pdu->outlets_c13, pdu->outlets_c19),
                &pdu->prov, "outlets_c13 outlets_c19");
}

static void
build_site (TsSpecsheet *self)
{
  const TsPlan *plan = self->plan;
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);
  const TsServer *small = NULL;
  const TsServer *big = NULL;
  guint t;

  add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: the servers drawn in their racks */
  add_text (self, BLOCK_HEADING, _("Rack elevation"));
  if (o != NULL)
    add_drawing (self, TS_DRAWING_RACK);
  else
    add_text (self, BLOCK_TEXT, _("Not evaluated: no hardware option."));

  /* Translators: heading: power, heat and space the data centre must provide */
  add_text (self, BLOCK_HEADING, _("Site requirements"));
  if (o != NULL)
    {
      g_autofree char *kw = ts_format_kw (o->power_kw);
      g_autofree char *btu = ts_format_btu_h (o->heat_btu_h);
      g_autofree char *tons = ts_render_format_cooling (o->cooling_tons);
      g_autofree char *amps = ts_format_amps (o->amps_per_phase);
      g_autofree char *feed = ts_format_amps (o->feed_amps);
      g_autofree char *volts = ts_format_number_auto (s->voltage, 0);
      g_autofree char *limit = ts_format_kw (s->rack_kw);

      add_drawing (self, TS_DRAWING_POWER);
      t = begin_pairs (self);
      add_pair (self, t, _("Maximum power"), g_strdup (kw));
      add_pair (self, t, _("Heat to remove"), g_strdup_printf ("%s (%s)", btu, tons));
      /* Translators: “20.6 A at 400 V, 3 phases” */
      add_pair (self, t, _("Current per phase"),
                g_strdup_printf (ngettext ("%s at %s V, %u phase", "%s at %s V, %u phases", s->phases),
                                 amps, volts, s->phases));
      add_pair (self, t, _("Each of the A and B feeds"), g_strdup_printf (_("%s: each feed must carry the whole "
                                                                          "load alone"), feed));
      add_pair (self, t, _("Rack space"),
                g_strdup_printf (ngettext ("%uU in %u rack of %uU (up to %s per rack)",
                                           "%uU in %u racks of %uU (up to %s per rack)", o->racks),
                                 o->rack_units, o->racks, s->rack_units, limit));
      add_pdu_row (self, t, o);
      add_estimates_note (self);
    }
  else
    add_text (self, BLOCK_TEXT, _("Not evaluated: no hardware option."));

  /* The article names its smallest and largest training servers; take
   * them from the catalog so the sentence follows its figures. */
  for (guint i = 0; i < ts_catalog_get_n_servers (plan->catalog); i++)
    {
      const TsServer *sv = ts_catalog_get_server (plan->catalog, i);

      if (!sv->article || g_strcmp0 (sv->kind, "server") != 0)
        continue;
      if (small == NULL || sv->rack_units < small->rack_units)
        small = sv;
      if (big == NULL || sv->rack_units > big->rack_units)
        big = sv;
    }

  /* Translators: heading: the article's list of checks before the servers arrive */
  add_text (self, BLOCK_SUBHEADING, _("Pre-delivery checklist"));
  {
    g_autofree char *kw = o != NULL ? ts_format_kw (o->power_kw) : NULL;
    g_autofree char *btu = o != NULL ? ts_format_btu_h (o->heat_btu_h) : NULL;

    add_block (self, BLOCK_CHECK, kw != NULL
               ? g_strdup_printf (_("Dedicated power lines and a UPS for the total maximum draw of %s "
                                    "(size for the maximum, not the average)."), kw)
               : g_strdup (_("Dedicated power lines and a UPS for the total maximum draw "
                             "(size for the maximum, not the average).")));
    if (o != NULL && (o->note_flags & TS_NOTE_ONE_FEED))
      add_block (self, BLOCK_CHECK, g_strdup (_("One power supply per machine: one feed from a wall socket "
                                                "or a PDU, no redundancy.")));
    else if (o != NULL && !o->psu_ok)
      add_block (self, BLOCK_CHECK, g_strdup_printf (_("Power supplies: the stated %s does not carry the maximum draw; "
                                                       "ask the vendor for the supply configuration before ordering."),
                                                     o->server->psu_redundancy != NULL ? o->server->psu_redundancy : "—"));
    else
      add_block (self, BLOCK_CHECK, o != NULL && o->server->psu_count > 0 && o->server->psu_redundancy != NULL
                 ? g_strdup_printf (_("Power supply redundancy: %u supplies per server, %s; "
                                      "feeds A and B to separate lines."), o->server->psu_count,
                                    o->server->psu_redundancy)
                 : g_strdup (_("Power supply redundancy; feeds A and B to separate lines.")));
    add_block (self, BLOCK_CHECK, btu != NULL
               ? g_strdup_printf (_("Room cooling capacity: all the power becomes heat, %s."), btu)
               : g_strdup (_("Room cooling capacity: all the power becomes heat.")));
    if (small != NULL && big != NULL)
      add_block (self, BLOCK_CHECK, o != NULL
                 /* Translators: “Rack space: training servers take from 4U (Huawei Atlas 800T A2) to
                  * 10U (NVIDIA DGX B200); this configuration needs 20U.” */
                 ? g_strdup_printf (_("Rack space: training servers take from %uU (%s) to %uU (%s); "
                                      "this configuration needs %uU."),
                                    small->rack_units, small->name, big->rack_units, big->name, o->rack_units)
                 : g_strdup_printf (_("Rack space: training servers take from %uU (%s) to %uU (%s)."),
                                    small->rack_units, small->name, big->rack_units, big->name));
    else
      add_text (self, BLOCK_CHECK, _("Rack space for every server and switch."));
  }
}

static void
build_time (TsSpecsheet *self)
{
  const TsPlan *plan = self->plan;
  const TsScenario *s = plan->scenario;
  const TsOption *o = ts_plan_get_shown_option (plan);
  guint t;

  add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: how long training takes and the energy it uses */
  add_text (self, BLOCK_HEADING, _("Training time and energy"));
  if (o != NULL && o->training_days > 0)
    add_drawing (self, TS_DRAWING_TIME);

  t = begin_pairs (self);
  add_pair (self, t, _("Dataset"), with_unit (format_tokens (s->tokens), _("tokens")));
  if (o != NULL && o->training_flops > 0)
    {
      g_autofree char *mant = NULL;
      int exponent = (int) floor (log10 (o->training_flops));

      g_autofree char *power = superscript (exponent);

      mant = ts_format_number (o->training_flops / pow (10, exponent), 2);
      /* Translators: training compute: “1.23 × 10²¹ FLOPs”; the second %s is the exponent in superscript digits */
      add_pair (self, t, _("Training compute"), g_strdup_printf (_("%s × 10%s FLOPs"), mant, power));
    }
  if (o != NULL && o->mfu > 0)
    add_pair (self, t, _("GPU utilisation (MFU)"), ts_format_percent (o->mfu));
  if (o != NULL && o->training_days > 0)
    {
      g_autofree char *days = ts_format_days (o->training_days);

      {
        g_autofree char *name = ts_render_name (o->server->name);

        add_pair (self, t, _("Training time"), g_strdup_printf ("%s (%u × %s)", days, o->servers, name));
      }
    }
  else
    add_pair (self, t, _("Training time"), NULL);
  /* without a deadline the scenario on the first page and the drawing
   * say so; the table does not say it a third time */
  if (s->deadline_days > 0)
    add_pair (self, t, _("Deadline"), ts_format_days (s->deadline_days));
  if (o != NULL && o->servers_for_deadline > 0)
    add_pair (self, t, _("Servers to meet the deadline"), format_count (o->servers_for_deadline));
  if (o != NULL && o->energy_kwh > 0)
    {
      g_autofree char *pue = ts_format_number_auto (s->pue, 2);
      g_autofree char *kwh = ts_format_kwh (o->energy_kwh);

      /* Translators: “12,345 kWh, including the site’s PUE 1.4” */
      add_pair (self, t, _("Energy"), g_strdup_printf (_("%s, including the site’s PUE %s"), kwh, pue));
    }
  if (o != NULL && o->energy_cost > 0)
    add_pair (self, t, _("Energy cost"), ts_render_format_money (o->energy_cost, s->currency));

  /* Translators: heading: what the figures rest on */
  add_text (self, BLOCK_HEADING, _("Assumptions"));
  {
    g_autofree char *lo = ts_format_number_auto (plan->memory.rule.bytes_per_param_low, 2);
    g_autofree char *hi = ts_format_number_auto (plan->memory.rule.bytes_per_param_high, 2);
    g_autofree char *seq_len = format_count (s->seq_len);

    add_text (self, BLOCK_BULLET, _("Memory in decimal gigabytes (1 GB = 10⁹ bytes), as the article counts."));
    if (s->method == TS_METHOD_FULL)
      add_printf (self, BLOCK_BULLET,
                  _("Full training needs about %s–%s bytes of GPU memory per parameter (BF16 weights 2, gradients "
                    "2 or 4 in FP32, FP32 master weights 4, Adam’s two states 4 + 4), activations on top."), lo, hi);
    else
      add_printf (self, BLOCK_BULLET,
                  _("The frozen base model takes %s bytes per parameter; the small trained adapters, their "
                    "gradients and optimizer states and the activations come on top."), lo);
    add_printf (self, BLOCK_BULLET,
                ngettext ("Activations at %s tokens per sequence and %u sequence per GPU, with gradient "
                          "checkpointing: %s.",
                          "Activations at %s tokens per sequence and %u sequences per GPU, with gradient "
                          "checkpointing: %s.", s->micro_batch),
                seq_len, s->micro_batch, checkpointing_label (s->checkpointing));
    add_text (self, BLOCK_BULLET, _("Power, heat and current at each device’s maximum draw, not its average."));
    add_text (self, BLOCK_BULLET, _("Training time from 6 × parameters × tokens operations (active parameters "
                                    "for mixture-of-experts models, more with recomputation) at the stated "
                                    "GPU utilisation."));
    add_printf (self, BLOCK_BULLET, _("Hardware figures from the catalog, version %s."),
                ts_catalog_get_version (plan->catalog));
  }

  /* Translators: heading: the legal note */
  add_text (self, BLOCK_HEADING, _("Disclaimer"));
  add_text (self, BLOCK_TEXT, _("Every figure in this document is an estimate computed from the scenario and the "
                                "catalog above. It is not an offer, a commitment or a guarantee of fit, "
                                "performance, training time or power use: these depend on the software, the data "
                                "and the settings actually used. Confirm the configuration with the vendor before "
                                "ordering."));
}

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
}

static void build_document (TsSpecsheet *self);

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
  g_array_set_clear_func (self->blocks, (GDestroyNotify) block_clear);
  self->tables = g_array_new (FALSE, TRUE, sizeof (Table));
  self->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  self->estimates = g_ptr_array_new_with_free_func (g_free);
  init_style (self);

  lang_push (&guard, self->lang);

  /* The plan's reasons and warnings are in the language it was computed
   * in; compute it again so they match the document. Owning it also lets
   * the sheet outlive the caller's plan (the window replaces its plan on
   * every change while a print dialog is open). */
  self->own_plan = ts_plan_compute (plan->catalog, plan->scenario, NULL);
  /* …describing the same configuration: the option the user picked */
  if (self->own_plan != NULL && plan->chosen >= 0 && (guint) plan->chosen < self->own_plan->options->len)
    ts_plan_choose_option (self->own_plan, plan->chosen);
  self->plan = self->own_plan != NULL ? self->own_plan : plan;

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

  build_document (self);

  lang_pop (&guard);
  return self;
}

/* Builds every part of the document anew, in the current language; the
 * next pagination lays it out again. */
/* The appendix: the configuration as the training frameworks read it
 * (issue 18), from the same option as every page before it, so that a
 * customer can launch what the sheet sizes. DeepSpeed and Megatron-LM
 * are shown; `trainsizer-cli export` writes the other formats. The file
 * text stays as the frameworks spell it (keys are not translated). */
static void
build_launch_kit (TsSpecsheet *self)
{
  static const struct { TsExportFormat format; const char *name; } formats[] = {
    { TS_EXPORT_DEEPSPEED, "DeepSpeed (JSON)" },
    { TS_EXPORT_MEGATRON, "Megatron-LM" },
  };

  if (ts_plan_get_shown_option (self->plan) == NULL)
    return;
  add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading of the spec sheet's appendix: configuration files for training frameworks */
  add_text (self, BLOCK_HEADING, _("Appendix: launch configuration"));
  add_text (self, BLOCK_TEXT, _("The configuration above as the training frameworks read it: a starting point "
                                "for the run. “trainsizer-cli export” also writes Accelerate, Axolotl and "
                                "LLaMA-Factory files."));
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *text = ts_export_plan (self->plan, formats[i].format, NULL);
      const char *server = ts_plan_get_shown_option (self->plan)->server->name;
      g_autofree char *shown_name = ts_render_name (server);
      g_auto(GStrv) parts = NULL;

      if (text == NULL)
        continue;
      /* the files' comments name the server as every page does */
      parts = g_strsplit (text, server, -1);
      add_text (self, BLOCK_SUBHEADING, formats[i].name);
      add_block (self, BLOCK_NOTE, g_strchomp (g_strjoinv (shown_name, parts)));
    }
}

static void
build_document (TsSpecsheet *self)
{
  g_array_set_size (self->blocks, 0);
  g_array_set_size (self->tables, 0);
  g_ptr_array_set_size (self->pages, 0);
  g_ptr_array_set_size (self->estimates, 0);
  self->width = self->height = 0;

  build_title (self);
  build_scenario (self);
  build_memory (self);
  build_configuration (self);
  build_network_storage (self);
  build_comparison (self);
  build_site (self);
  build_time (self);
  build_launch_kit (self);
}

static gboolean
load_logo (const char       *path,
           cairo_surface_t **logo,
           GError          **error)
{
  g_autofree char *display = g_filename_display_name (path);
  cairo_surface_t *surface;
  cairo_status_t status;

  /* cairo says only “file not found” or “invalid format”: check the
   * file first for the system's own reason */
  if (g_access (path, R_OK) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   /* Translators: the first %s is a file name, the second the system's reason */
                   _("Could not read the logo “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  surface = cairo_image_surface_create_from_png (path);
  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS || cairo_image_surface_get_width (surface) <= 0
      || cairo_image_surface_get_height (surface) <= 0)
    {
      cairo_surface_destroy (surface);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a file name */
                   _("The logo “%s” is not a PNG image"), display);
      return FALSE;
    }
  *logo = surface;
  return TRUE;
}

static void
replace_string (char       **field,
                const char  *value)
{
  g_free (*field);
  *field = g_strdup (nonempty (value));
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
  if (nonempty (branding->logo_path) != NULL && !load_logo (branding->logo_path, &logo, error))
    return FALSE;

  replace_string (&self->vendor_name, branding->vendor_name);
  replace_string (&self->contact, branding->contact);
  replace_string (&self->quote_email, branding->quote_email);
  replace_string (&self->customer, branding->customer);
  replace_string (&self->project, branding->project);
  replace_string (&self->logo_path, branding->logo_path);
  g_clear_pointer (&self->logo, cairo_surface_destroy);
  self->logo = logo;

  lang_push (&guard, self->lang);
  build_document (self);
  lang_pop (&guard);
  return TRUE;
}

void
ts_specsheet_free (TsSpecsheet *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->own_plan, ts_plan_free);
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
  g_clear_pointer (&self->estimates, g_ptr_array_unref);
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

/* ---- measuring ----------------------------------------------------------- */

/* A name broken across lines reads as it is written: no hyphen is added
 * where it breaks (part numbers carry hyphens of their own). */
static void
never_insert_hyphens (PangoLayout *layout)
{
  PangoAttrList *current = pango_layout_get_attributes (layout);
  PangoAttrList *attrs = current != NULL ? pango_attr_list_copy (current) : pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
}

static PangoLayout *
make_layout (TsSpecsheet *self,
             const char  *text,
             double       size,
             gboolean     bold,
             double       width)
{
  PangoLayout *layout = pango_layout_new (self->context);
  PangoFontDescription *desc = pango_font_description_from_string (FONT_FAMILY);

  pango_font_description_set_size (desc, (int) (size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  /* Long server names and CPU models have few spaces: break inside words
   * when a word alone is wider than its column. */
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (layout, (int) (MAX (width, 1) * PANGO_SCALE));
  ts_render_layout_set_text (layout, text != NULL ? text : "");
  never_insert_hyphens (layout);
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) h / PANGO_SCALE;
}

static double
layout_width (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) w / PANGO_SCALE;
}

typedef struct
{
  double top, bottom;   /* points from the layout's top */
} LineRange;

/* Where each line of layout lies, top to bottom. */
static GArray *
line_ranges (PangoLayout *layout)
{
  GArray *ranges = g_array_new (FALSE, FALSE, sizeof (LineRange));
  PangoLayoutIter *iter = pango_layout_get_iter (layout);

  do
    {
      int y0, y1;
      LineRange r;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      r.top = (double) y0 / PANGO_SCALE;
      r.bottom = (double) y1 / PANGO_SCALE;
      g_array_append_val (ranges, r);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  return ranges;
}

/* Whether a page may end at y (points from the layout's top) without
 * cutting a line of it in two. */
static gboolean
between_lines (const GArray *ranges,
               double        y)
{
  for (guint i = 0; i < ranges->len; i++)
    {
      const LineRange *r = &g_array_index (ranges, LineRange, i);

      if (r->top + LINE_EPSILON < y && y < r->bottom - LINE_EPSILON)
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  double size;
  gboolean bold;
  double before;   /* space above */
  double indent;
} TextStyle;

static TextStyle
text_style (BlockKind kind)
{
  switch (kind)
    {
    case BLOCK_TITLE: return (TextStyle) { SIZE_TITLE, TRUE, 10, 0 };
    case BLOCK_SUBTITLE: return (TextStyle) { SIZE_SUBTITLE, FALSE, 4, 0 };
    case BLOCK_HEADING: return (TextStyle) { SIZE_HEADING, TRUE, 16, 0 };
    case BLOCK_SUBHEADING: return (TextStyle) { SIZE_SUBHEADING, TRUE, 10, 0 };
    case BLOCK_NOTE: return (TextStyle) { SIZE_SMALL, FALSE, 4, 0 };
    case BLOCK_BULLET:
    case BLOCK_CHECK: return (TextStyle) { SIZE_BODY, FALSE, 3, BULLET_INDENT };
    case BLOCK_CALLOUT: return (TextStyle) { SIZE_BODY + 1, FALSE, 6, CALLOUT_PAD };
    case BLOCK_TEXT: return (TextStyle) { SIZE_BODY, FALSE, 6, 0 };
    case BLOCK_ROW: return (TextStyle) { SIZE_TABLE, FALSE, 0, 0 };
    case BLOCK_DRAWING: return (TextStyle) { SIZE_BODY, FALSE, 8, 0 };
    case BLOCK_PAGE_BREAK:
    default: return (TextStyle) { SIZE_BODY, FALSE, 0, 0 };
    }
}

/* The text of a block that is not a row or a drawing, laid out at the
 * content width; *x and *y: where its top-left sits in the block. */
static PangoLayout *
block_layout (TsSpecsheet *self,
              const Block *b,
              double       width,
              double      *x,
              double      *y)
{
  TextStyle ts = text_style (b->kind);

  *x = ts.indent;
  *y = b->kind == BLOCK_CALLOUT ? CALLOUT_PAD : 0;
  /* A callout is padded on both sides, a bullet indented on the left. */
  return make_layout (self, b->text, ts.size, ts.bold,
                      width - (b->kind == BLOCK_CALLOUT ? 2 : 1) * ts.indent);
}

static double
column_x (const Table *t,
          guint        column)
{
  double x = 0;

  for (guint i = 0; i < column; i++)
    x += t->widths[i];
  return x;
}

/* The widest word of text in bold at size: the least a header cell
 * needs to break only between words. */
static double
widest_word (TsSpecsheet *self,
             const char  *text,
             double       size)
{
  g_auto(GStrv) words = g_strsplit (text != NULL ? text : "", " ", -1);
  double widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(PangoLayout) layout = make_layout (self, words[i], size, TRUE, 1);

      pango_layout_set_width (layout, -1);
      widest = MAX (widest, layout_width (layout));
    }
  return widest;
}

/* Column widths for a table at width: its shares, widened where a word
 * of its header would not fit (“Headroom” in a narrow numeric column) by
 * taking room from columns with more than their header needs. When all
 * the header words together are wider than the page, each column gets
 * the share of the page its header word asks for. */
static void
fit_columns (TsSpecsheet *self,
             Table       *t,
             double       width)
{
  const Block *header = t->header >= 0 ? &g_array_index (self->blocks, Block, t->header) : NULL;
  double need[MAX_COLUMNS] = { 0 };
  double deficit = 0, slack = 0, total_need = 0;

  for (guint c = 0; c < t->n_columns; c++)
    t->widths[c] = t->fractions[c] * width;
  if (header == NULL)
    return;
  for (guint c = 0; c < t->n_columns && header->cells[c] != NULL; c++)
    {
      /* Half a point over the text's own width: a line exactly as wide as
       * its box may still wrap after rounding to Pango units. */
      need[c] = widest_word (self, header->cells[c], t->size) + 2 * CELL_PAD_X + 0.5;
      deficit += MAX (0, need[c] - t->widths[c]);
      slack += MAX (0, t->widths[c] - need[c]);
      total_need += need[c];
    }
  if (deficit <= 0)
    return;
  for (guint c = 0; c < t->n_columns; c++)
    {
      if (deficit > slack)
        t->widths[c] = need[c] * width / total_need;
      else if (need[c] > t->widths[c])
        t->widths[c] = need[c];
      else
        t->widths[c] -= deficit * (t->widths[c] - need[c]) / slack;
    }
}

/* Lays out every cell of a row (layouts: MAX_COLUMNS, filled); returns
 * the row height. */
static double
row_layouts (TsSpecsheet *self,
             const Block *b,
             PangoLayout **layouts)
{
  const Table *t = &g_array_index (self->tables, Table, b->table);
  double height = 0;

  for (guint c = 0; c < t->n_columns && b->cells[c] != NULL; c++)
    {
      double cw = t->widths[c] - 2 * CELL_PAD_X;

      layouts[c] = make_layout (self, b->cells[c], t->size, b->header || b->bold, cw);
      /* A heading never breaks inside a word (“Headro-om”): its column
       * was widened for its longest word. */
      if (b->header)
        pango_layout_set_wrap (layouts[c], PANGO_WRAP_WORD);
      if (t->right[c])
        pango_layout_set_alignment (layouts[c], PANGO_ALIGN_RIGHT);
      height = MAX (height, layout_height (layouts[c]));
    }
  return height + 2 * CELL_PAD_Y;
}

static void
clear_layouts (PangoLayout **layouts)
{
  for (guint i = 0; i < MAX_COLUMNS; i++)
    g_clear_object (&layouts[i]);
}

static double
drawing_height (TsSpecsheet *self,
                TsDrawing    drawing,
                double       width)
{
  double h = ts_render_drawing_height (drawing, self->plan, -1, width, &self->style);

  return h > 0 ? h : width * DRAWING_ASPECT;
}

/* The logo's scale: as large as fits LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH and
 * the content width, never enlarged past its pixels at 150 dpi. */
static double
logo_scale (TsSpecsheet *self,
            double       width)
{
  double w = cairo_image_surface_get_width (self->logo);
  double h = cairo_image_surface_get_height (self->logo);

  return MIN (MIN (LOGO_MAX_HEIGHT / h, MIN (LOGO_MAX_WIDTH, width) / w), 72.0 / 150.0);
}

static double
block_height (TsSpecsheet *self,
              Block       *b,
              double       width)
{
  switch (b->kind)
    {
    case BLOCK_ROW:
      {
        PangoLayout *layouts[MAX_COLUMNS] = { NULL };
        double h = row_layouts (self, b, layouts);

        clear_layouts (layouts);
        return h;
      }
    case BLOCK_DRAWING:
      return drawing_height (self, b->drawing, width);
    case BLOCK_LOGO:
      return logo_scale (self, width) * cairo_image_surface_get_height (self->logo);
    case BLOCK_PAGE_BREAK:
      return 0;
    case BLOCK_TITLE:
    case BLOCK_SUBTITLE:
    case BLOCK_HEADING:
    case BLOCK_SUBHEADING:
    case BLOCK_TEXT:
    case BLOCK_NOTE:
    case BLOCK_BULLET:
    case BLOCK_CHECK:
    case BLOCK_CALLOUT:
    default:
      {
        double x, y;
        g_autoptr(PangoLayout) layout = block_layout (self, b, width, &x, &y);

        return layout_height (layout) + 2 * y;
      }
    }
}

/* Where a page may end inside a drawing: the places its own geometry
 * names (the gaps between rows of racks or of power bars). A drawing
 * naming none is cut at the page's end. Never found on a raster of the
 * drawing: a cluster of thousands of racks is taller than any image
 * cairo can make (32,767 pixels), and rasterising it is unbounded work. */
static GArray *
drawing_breaks (TsSpecsheet *self,
                const Block *b,
                double       width)
{
  GArray *breaks = ts_render_drawing_breaks (b->drawing, self->plan, -1, width, &self->style);

  return breaks != NULL ? breaks : g_array_new (FALSE, FALSE, sizeof (double));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Where a page may end inside a row taller than a page: under a line of
 * one cell where no other cell has a line cut in two. */
static GArray *
row_breaks (TsSpecsheet *self,
            const Block *b)
{
  GArray *breaks = g_array_new (FALSE, FALSE, sizeof (double));
  PangoLayout *layouts[MAX_COLUMNS] = { NULL };
  GArray *ranges[MAX_COLUMNS] = { NULL };
  guint n = 0;

  row_layouts (self, b, layouts);
  for (; n < MAX_COLUMNS && layouts[n] != NULL; n++)
    ranges[n] = line_ranges (layouts[n]);
  for (guint c = 0; c < n; c++)
    for (guint l = 0; l < ranges[c]->len; l++)
      {
        double at = g_array_index (ranges[c], LineRange, l).bottom;
        gboolean clean = TRUE;

        for (guint other = 0; other < n && clean; other++)
          clean = between_lines (ranges[other], at);
        if (clean)
          {
            at += CELL_PAD_Y;
            g_array_append_val (breaks, at);
          }
      }
  for (guint c = 0; c < n; c++)
    g_array_unref (ranges[c]);
  clear_layouts (layouts);
  g_array_sort (breaks, compare_doubles);
  return breaks;
}

/* Where a page may end inside a paragraph taller than a page: under any
 * of its lines. */
static GArray *
text_breaks (TsSpecsheet *self,
             const Block *b,
             double       width)
{
  GArray *breaks = g_array_new (FALSE, FALSE, sizeof (double));
  double x, y;
  g_autoptr(PangoLayout) layout = block_layout (self, b, width, &x, &y);
  g_autoptr(GArray) ranges = line_ranges (layout);

  for (guint l = 0; l < ranges->len; l++)
    {
      double at = y + g_array_index (ranges, LineRange, l).bottom;

      g_array_append_val (breaks, at);
    }
  return breaks;
}

/* Fills b->breaks, the places a page may end inside b, on first need:
 * only blocks taller than a page ask. */
static const GArray *
block_breaks (TsSpecsheet *self,
              Block       *b)
{
  double width = self->width - 2 * MARGIN_SIDE;

  if (b->breaks != NULL)
    return b->breaks;
  if (b->kind == BLOCK_DRAWING)
    b->breaks = drawing_breaks (self, b, width);
  else if (b->kind == BLOCK_ROW)
    b->breaks = row_breaks (self, b);
  else if (b->kind == BLOCK_PAGE_BREAK)
    b->breaks = g_array_new (FALSE, FALSE, sizeof (double));
  else
    b->breaks = text_breaks (self, b, width);
  return b->breaks;
}

/* How much of the block from done goes into room: up to the last place
 * it may end. 0 when that would leave less than a share of a page that
 * is not fresh (the block then starts on the next one); a whole fresh
 * page when there is no such place at all. */
static double
slice_length (const Block *b,
              double       done,
              double       room,
              double       page_body)
{
  double best = 0;

  if (b->height - done <= room)
    return b->height - done;
  for (guint i = 0; b->breaks != NULL && i < b->breaks->len; i++)
    {
      double at = g_array_index (b->breaks, double, i);

      if (at <= done + LINE_EPSILON)
        continue;
      if (at > done + room)
        break;
      best = at - done;
    }
  if (room >= page_body - LINE_EPSILON)
    return best > 0 ? best : room;
  return best >= BREAK_MIN_SHARE * page_body ? best : 0;
}

/* ---- pagination --------------------------------------------------------- */

static GArray *
new_page (TsSpecsheet *self)
{
  GArray *page = g_array_new (FALSE, FALSE, sizeof (Placement));

  g_ptr_array_add (self->pages, page);
  return page;
}

static void
place (GArray *page,
       guint   block,
       double  y,
       double  slice_top,
       double  slice_height)
{
  Placement p = { block, y, slice_top, slice_height };

  g_array_append_val (page, p);
}

/* Headings and a table's header row never end a page, and a checklist
 * stays on one page. */
/* Whether block i of the same table as row b is a row of it. */
static gboolean
same_table_row (TsSpecsheet *self,
                const Block *b,
                guint        i)
{
  const Block *other;

  if (i >= self->blocks->len)
    return FALSE;
  other = &g_array_index (self->blocks, Block, i);
  return other->kind == BLOCK_ROW && !other->header && other->table == b->table;
}

/* Whether block i must stay on the page of the block after it: headings
 * with what they head, and no row of a table left alone at a page's foot
 * or top (its first row stays with its second, its last but one with the
 * last). */
static gboolean
keeps_with_next (TsSpecsheet *self,
                 guint        i)
{
  const Block *b = &g_array_index (self->blocks, Block, i);

  if (b->kind == BLOCK_ROW && !b->header && same_table_row (self, b, i + 1)
      && (i == 0 || !same_table_row (self, b, i - 1) || !same_table_row (self, b, i + 2)))
    return TRUE;
  return b->kind == BLOCK_HEADING || b->kind == BLOCK_SUBHEADING || b->kind == BLOCK_TITLE
         || b->kind == BLOCK_SUBTITLE || b->kind == BLOCK_CHECK || (b->kind == BLOCK_ROW && b->header);
}

/* The block index of the header row repeated above b when a page starts
 * with it, or -1. */
static int
repeated_header (TsSpecsheet *self,
                 const Block *b)
{
  if (b->kind != BLOCK_ROW || b->header)
    return -1;
  return g_array_index (self->tables, Table, b->table).header;
}

/* A table continued on a new page repeats its header row. */
static void
place_repeated_header (TsSpecsheet *self,
                       GArray      *page,
                       double      *y,
                       const Block *b)
{
  int header = repeated_header (self, b);
  double height;

  if (header < 0)
    return;
  height = g_array_index (self->blocks, Block, header).height;
  place (page, (guint) header, *y, 0, height);
  *y += height;
}

/* The room for b on a page of its own: the page's body less the header
 * row it brings along. */
static double
fresh_room (TsSpecsheet *self,
            const Block *b,
            double       top,
            double       bottom)
{
  int header = repeated_header (self, b);

  return bottom - top - (header >= 0 ? g_array_index (self->blocks, Block, header).height : 0);
}

/* How much of b must follow a heading on the same page: all of it, or
 * for one taller than a page its first slice. */
static double
block_lead (TsSpecsheet *self,
            Block       *b,
            double       top,
            double       bottom)
{
  double room = fresh_room (self, b, top, bottom);
  const GArray *breaks;

  if (b->height <= room)
    return b->height;
  breaks = block_breaks (self, b);
  for (guint i = 0; i < breaks->len; i++)
    {
      double at = g_array_index (breaks, double, i);

      if (at >= BREAK_MIN_SHARE * room && at <= room)
        return at;
    }
  return room;
}

/* Places a block taller than a page (a cluster's drawing, a row or a
 * paragraph with a name thousands of characters long) in slices that end
 * only where it may end, from *y on *page onwards: nothing runs over the
 * footer. */
static void
place_in_slices (TsSpecsheet *self,
                 guint        index,
                 GArray     **page,
                 double      *y,
                 double       before,
                 double       top,
                 double       bottom)
{
  Block *b = &g_array_index (self->blocks, Block, index);
  double room = fresh_room (self, b, top, bottom);
  double done = 0;

  block_breaks (self, b);
  *y += before;
  while (done < b->height)
    {
      double slice = slice_length (b, done, bottom - *y, room);

      /* Only a header row as tall as the page leaves no room on a fresh
       * one; place the rest rather than loop. */
      if (slice <= 0 && room <= 0)
        slice = b->height - done;
      if (slice > 0)
        {
          place (*page, index, *y, done, slice);
          done += slice;
          *y += slice;
        }
      if (done < b->height)
        {
          *page = new_page (self);
          *y = top;
          place_repeated_header (self, *page, y, b);
        }
    }
}

guint
ts_specsheet_paginate (TsSpecsheet *self,
                       double       width,
                       double       height)
{
  double content_w = width - 2 * MARGIN_SIDE;
  double top = MARGIN_TOP;
  double bottom = height - MARGIN_BOTTOM;
  double y = top;
  gboolean overflowed = FALSE;   /* the current page began where a part ran over */
  GArray *page;

  g_return_val_if_fail (self != NULL, 0);

  if (self->pages->len > 0 && self->width == width && self->height == height)
    return self->pages->len;

  self->width = width;
  self->height = height;
  g_ptr_array_set_size (self->pages, 0);

  for (guint i = 0; i < self->tables->len; i++)
    fit_columns (self, &g_array_index (self->tables, Table, i), content_w);
  for (guint i = 0; i < self->blocks->len; i++)
    {
      Block *b = &g_array_index (self->blocks, Block, i);

      b->height = block_height (self, b, content_w);
      g_clear_pointer (&b->breaks, g_array_unref);
    }

  page = new_page (self);
  for (guint i = 0; i < self->blocks->len; i++)
    {
      Block *b = &g_array_index (self->blocks, Block, i);
      double before = page->len == 0 ? 0 : text_style (b->kind).before;
      double need = before + b->height;

      if (b->kind == BLOCK_PAGE_BREAK)
        {
          /* A part starts a page, unless the last part ran over onto this
           * one and left most of it empty: then it follows on. */
          if (page->len > 0 && !(overflowed && y - top < (bottom - top) * SOFT_BREAK_FILL))
            {
              page = new_page (self);
              y = top;
            }
          overflowed = FALSE;
          continue;
        }

      /* A heading stays with the start of what follows it. */
      for (guint j = i + 1; keeps_with_next (self, i) && j < self->blocks->len; j++)
        {
          Block *next = &g_array_index (self->blocks, Block, j);

          if (next->kind == BLOCK_PAGE_BREAK)
            break;
          need += text_style (next->kind).before + block_lead (self, next, top, bottom);
          if (!keeps_with_next (self, j))
            break;
        }

      /* A block taller than a page starts where it is and runs on over
       * as many pages as it needs. */
      if (b->height > fresh_room (self, b, top, bottom))
        {
          place_in_slices (self, i, &page, &y, before, top, bottom);
          overflowed = TRUE;
          continue;
        }

      if (y + need > bottom && page->len > 0)
        {
          overflowed = TRUE;
          page = new_page (self);
          y = top;
          before = 0;
          place_repeated_header (self, page, &y, b);
        }

      y += before;
      place (page, i, y, 0, b->height);
      y += b->height;
    }

  return self->pages->len;
}

guint
ts_specsheet_get_n_pages (TsSpecsheet *self)
{
  return self->pages->len;
}

/* ---- drawing -------------------------------------------------------------- */

static void
set_color (cairo_t       *cr,
           const TsColor *color)
{
  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a);
}

/* The part of a block a placement shows, in points from the block's top;
 * the whole block when it is not cut. */
typedef struct
{
  double from, to;
} Band;

static const Band whole_band = { -G_MAXDOUBLE, G_MAXDOUBLE };

/* Draws layout with its top-left at x, y: only the lines inside band
 * (points from the layout's top), so a slice of a long text puts on its
 * page the lines it shows and no others. */
static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y,
             Band         band)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);

  do
    {
      PangoRectangle logical;
      int y0, y1;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      if ((double) y1 / PANGO_SCALE <= band.from + LINE_EPSILON
          || (double) y0 / PANGO_SCALE >= band.to - LINE_EPSILON)
        continue;
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      cairo_move_to (cr, x + (double) logical.x / PANGO_SCALE,
                     y + (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE);
      pango_cairo_show_layout_line (cr, pango_layout_iter_get_line_readonly (iter));
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

/* band shifted into a part of the block that starts at offset */
static Band
band_from (Band   band,
           double offset)
{
  return (Band) { band.from - offset, band.to - offset };
}

static void
draw_drawing (TsSpecsheet     *self,
              cairo_t         *cr,
              const Block     *b,
              const Placement *p,
              double           x,
              double           width)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, p->y, width, p->slice_height);
  cairo_clip (cr);
  cairo_translate (cr, x, p->y - p->slice_top);
  {
    TsRackOptions rack = { FALSE, FALSE };

    ts_render_drawing (b->drawing, cr, self->plan, -1, width, b->height, &self->style, &rack);
  }
  cairo_restore (cr);
}

static void
draw_row (TsSpecsheet *self,
          cairo_t     *cr,
          const Block *b,
          double       x,
          double       y,
          double       width,
          Band         band)
{
  const Table *t = &g_array_index (self->tables, Table, b->table);
  PangoLayout *layouts[MAX_COLUMNS] = { NULL };
  double h = row_layouts (self, b, layouts);

  if (b->header || b->shaded)
    {
      cairo_rectangle (cr, x, y, width, h);
      cairo_set_source_rgba (cr, 0, 0, 0, b->header ? 0.08 : 0.04);
      cairo_fill (cr);
    }
  for (guint c = 0; c < t->n_columns; c++)
    {
      double cx = x + column_x (t, c);
      gboolean clip;

      if (layouts[c] == NULL)
        continue;
      /* Only a header word wider than the whole page's share runs past its
       * column: it is cut there rather than drawn over the next one. */
      clip = layout_width (layouts[c]) > t->widths[c] - 2 * CELL_PAD_X + 0.5;
      if (clip)
        {
          cairo_save (cr);
          cairo_rectangle (cr, cx, y, t->widths[c], h);
          cairo_clip (cr);
        }
      set_color (cr, b->header ? &self->style.muted : &self->style.foreground);
      show_layout (cr, layouts[c], cx + CELL_PAD_X, y + CELL_PAD_Y, band_from (band, CELL_PAD_Y));
      if (clip)
        cairo_restore (cr);
    }
  clear_layouts (layouts);
  /* A hairline under each row guides the eye across wide tables. */
  cairo_move_to (cr, x, y + h);
  cairo_line_to (cr, x + width, y + h);
  set_color (cr, &self->style.grid);
  cairo_set_line_width (cr, b->header ? 0.8 : 0.4);
  cairo_stroke (cr);
}

/* The box of a checklist item or the dot of a bullet, on its first line. */
static void
draw_mark (const Block *b,
           cairo_t     *cr,
           PangoLayout *layout,
           double       x,
           double       y)
{
  TextStyle ts = text_style (b->kind);
  double baseline = y + pango_layout_get_baseline (layout) / (double) PANGO_SCALE;

  cairo_new_path (cr);
  if (b->kind == BLOCK_CHECK)
    {
      /* An empty box to tick on paper. */
      double side = ts.size * 0.8;

      cairo_set_line_width (cr, 0.7);
      cairo_rectangle (cr, x + 1, baseline - side, side, side);
      cairo_stroke (cr);
    }
  else
    {
      cairo_arc (cr, x + 4, baseline - ts.size * 0.3, 1.4, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static const TsColor *
text_color (TsSpecsheet *self,
            BlockKind    kind)
{
  if (kind == BLOCK_HEADING)
    return &self->style.accent;
  if (kind == BLOCK_NOTE || kind == BLOCK_SUBTITLE)
    return &self->style.muted;
  return &self->style.foreground;
}

static void
draw_text_block (TsSpecsheet *self,
                 cairo_t     *cr,
                 const Block *b,
                 double       x,
                 double       y,
                 double       width,
                 Band         band)
{
  double lx, ly;
  g_autoptr(PangoLayout) layout = block_layout (self, b, width, &lx, &ly);

  if (b->kind == BLOCK_CALLOUT)
    {
      cairo_rectangle (cr, x, y, width, b->height);
      cairo_set_source_rgba (cr, self->style.accent.r, self->style.accent.g, self->style.accent.b, 0.08);
      cairo_fill (cr);
      cairo_rectangle (cr, x, y, 3, b->height);
      set_color (cr, &self->style.accent);
      cairo_fill (cr);
    }
  set_color (cr, text_color (self, b->kind));
  show_layout (cr, layout, x + lx, y + ly, band_from (band, ly));
  if (b->kind == BLOCK_BULLET || b->kind == BLOCK_CHECK)
    draw_mark (b, cr, layout, x, y);
}

static void
draw_logo (TsSpecsheet *self,
           cairo_t     *cr,
           double       x,
           double       y,
           double       width)
{
  double scale = logo_scale (self, width);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, self->logo, 0, 0);
  /* a smooth scale-down; a PDF keeps the image and its scale */
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_rectangle (cr, 0, 0, cairo_image_surface_get_width (self->logo),
                   cairo_image_surface_get_height (self->logo));
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The PDF structure element a block is (a tagged PDF: screen readers
 * and reflow read the sheet in order, headings as headings). Rows are
 * paragraphs: cairo 1.16 has no way to close a table across pages. */
static const char *
structure_tag (BlockKind kind)
{
  switch (kind)
    {
    case BLOCK_TITLE: return "H1";
    case BLOCK_HEADING: return "H2";
    case BLOCK_SUBHEADING: return "H3";
    case BLOCK_DRAWING:
    case BLOCK_LOGO: return "Figure";
    case BLOCK_SUBTITLE:
    case BLOCK_TEXT:
    case BLOCK_NOTE:
    case BLOCK_BULLET:
    case BLOCK_CHECK:
    case BLOCK_CALLOUT:
    case BLOCK_ROW:
    case BLOCK_PAGE_BREAK:
    default: return "P";
    }
}

/* A link's attributes for cairo_tag_begin (): quotes and backslashes in
 * the address escaped. */
static char *
link_attributes (const char *uri)
{
  GString *out = g_string_new ("uri='");

  for (const char *p = uri; *p; p++)
    {
      if (*p == '\'' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

static void draw_placement_content (TsSpecsheet     *self,
                                    cairo_t         *cr,
                                    const Placement *p,
                                    double           page_width);

/* One placement inside its structure element (and its link). Tags mean
 * something only on a PDF surface; cairo ignores them elsewhere. */
static void
draw_placement (TsSpecsheet     *self,
                cairo_t         *cr,
                const Placement *p,
                double           page_width)
{
  const Block *b = &g_array_index (self->blocks, Block, p->block);
  const char *tag = structure_tag (b->kind);
  g_autofree char *link = b->uri != NULL ? link_attributes (b->uri) : NULL;

  cairo_tag_begin (cr, tag, NULL);
  if (link != NULL)
    cairo_tag_begin (cr, CAIRO_TAG_LINK, link);
  draw_placement_content (self, cr, p, page_width);
  if (link != NULL)
    cairo_tag_end (cr, CAIRO_TAG_LINK);
  cairo_tag_end (cr, tag);
}

/* One placement: a whole block, or the slice of one taller than a page,
 * clipped to the slice so nothing of the rest shows on this page. */
static void
draw_placement_content (TsSpecsheet     *self,
                        cairo_t         *cr,
                        const Placement *p,
                        double           page_width)
{
  const Block *b = &g_array_index (self->blocks, Block, p->block);
  double content_w = page_width - 2 * MARGIN_SIDE;
  gboolean sliced = p->slice_top > 0 || p->slice_height < b->height;
  Band band = sliced ? (Band) { p->slice_top, p->slice_top + p->slice_height } : whole_band;
  double top = p->y - p->slice_top;

  if (b->kind == BLOCK_DRAWING)
    {
      draw_drawing (self, cr, b, p, MARGIN_SIDE, content_w);
      return;
    }
  if (b->kind == BLOCK_LOGO)
    {
      draw_logo (self, cr, MARGIN_SIDE, p->y, content_w);
      return;
    }
  if (sliced)
    {
      /* The last slice keeps the hairline under its row. */
      cairo_save (cr);
      cairo_rectangle (cr, 0, p->y, page_width, p->slice_height + (band.to >= b->height ? 1 : 0));
      cairo_clip (cr);
    }
  if (b->kind == BLOCK_ROW)
    draw_row (self, cr, b, MARGIN_SIDE, top, content_w, band);
  else
    draw_text_block (self, cr, b, MARGIN_SIDE, top, content_w, band);
  if (sliced)
    cairo_restore (cr);
}

static void
draw_footer (TsSpecsheet *self,
             cairo_t     *cr,
             guint        page,
             double       width,
             double       height)
{
  double content_w = width - 2 * MARGIN_SIDE;
  double y = height - FOOTER_BASELINE;
  g_autofree char *page_text = NULL;
  g_autoptr(PangoLayout) left = NULL;
  g_autoptr(PangoLayout) right = NULL;

  /* page_format was translated when the document was built. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  page_text = g_strdup_printf (self->page_format, page + 1, self->pages->len);
#pragma GCC diagnostic pop

  cairo_move_to (cr, MARGIN_SIDE, y - 4);
  cairo_line_to (cr, width - MARGIN_SIDE, y - 4);
  set_color (cr, &self->style.grid);
  cairo_set_line_width (cr, 0.5);
  cairo_stroke (cr);

  right = make_layout (self, page_text, SIZE_SMALL, FALSE, content_w * 0.3);
  pango_layout_set_alignment (right, PANGO_ALIGN_RIGHT);
  left = make_layout (self, self->footer_left, SIZE_SMALL, FALSE, content_w * 0.7);
  set_color (cr, &self->style.muted);
  show_layout (cr, left, MARGIN_SIDE, y, whole_band);
  show_layout (cr, right, MARGIN_SIDE + content_w * 0.7, y, whole_band);
}

const char *
ts_specsheet_status_reason (cairo_status_t status)
{
  switch (status)
    {
    case CAIRO_STATUS_NO_MEMORY:
      return g_strerror (ENOMEM);
    case CAIRO_STATUS_WRITE_ERROR:
      return g_strerror (EIO);
    default:
      return cairo_status_to_string (status);
    }
}

/* A context in error draws nothing and says so only through its status:
 * name the page, so a truncated document never passes for a whole one. */
static gboolean
check_cairo (cairo_t  *cr,
             guint     page,
             GError  **error)
{
  cairo_status_t status = cairo_status (cr);

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  /* Translators: “Could not draw page 3 of the spec sheet: out of memory” */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not draw page %u of the spec sheet: %s"),
               page + 1, ts_specsheet_status_reason (status));
  return FALSE;
}

gboolean
ts_specsheet_draw_page (TsSpecsheet *self,
                        cairo_t     *cr,
                        guint        page,
                        double       width,
                        double       height,
                        GError     **error)
{
  GArray *placements;
  LangGuard guard;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_cairo (cr, page, error))
    return FALSE;
  ts_specsheet_paginate (self, width, height);
  g_return_val_if_fail (page < self->pages->len, FALSE);
  placements = g_ptr_array_index (self->pages, page);

  /* The drawings format their labels while drawing. */
  lang_push (&guard, self->lang);

  cairo_save (cr);
  pango_cairo_update_context (cr, self->context);

  cairo_rectangle (cr, 0, 0, width, height);
  set_color (cr, &self->style.background);
  cairo_fill (cr);

  for (guint i = 0; i < placements->len; i++)
    draw_placement (self, cr, &g_array_index (placements, Placement, i), width);

  draw_footer (self, cr, page, width, height);
  cairo_restore (cr);

  lang_pop (&guard);
  return check_cairo (cr, page, error);
}

/* ---- PDF ------------------------------------------------------------------- */

void
ts_specsheet_set_pdf_metadata (TsSpecsheet     *self,
                               cairo_surface_t *surface)
{
  const char *author;
  g_autofree char *date = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subject = NULL;

  if (cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_PDF)
    return;

  author = vendor_name (self);
  date = g_date_time_format (self->date, "%Y-%m-%dT%H:%M:%S%:z");
  /* the project and customer, when given, make the document findable */
  title = self->project != NULL ? g_strdup_printf ("%s — %s", self->title, self->project) : g_strdup (self->title);
  subject = self->customer != NULL ? g_strdup_printf ("%s · %s", self->subject, self->customer)
                                   : g_strdup (self->subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_AUTHOR, author != NULL ? author : "Train Sizer");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Train Sizer " PACKAGE_VERSION);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_KEYWORDS, self->number);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_MOD_DATE, date);
}

typedef struct
{
  int fd;
  int error;   /* errno of the first failed write */
} Sink;

static cairo_status_t
sink_write (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  Sink *sink = closure;

  while (length > 0 && sink->error == 0)
    {
      ssize_t n = write (sink->fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          sink->error = errno;
          break;
        }
      data += n;
      length -= (unsigned int) n;
    }
  return sink->error == 0 ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static gboolean
write_failed (GError    **error,
              const char *path,
              int         code,
              const char *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: “Could not save the spec sheet to “/x/y.pdf”: Permission denied” */
  g_set_error (error, G_FILE_ERROR, code != 0 ? g_file_error_from_errno (code) : G_FILE_ERROR_FAILED,
               _("Could not save the spec sheet to “%s”: %s"), display,
               reason != NULL ? reason : g_strerror (code));
  return FALSE;
}

/* Every page onto cr, stopping at the first that fails: a surface in
 * error draws nothing more, and a thousand pages of nothing take time. */
static gboolean
draw_all_pages (TsSpecsheet  *self,
                cairo_t      *cr,
                GError      **error)
{
  guint n_pages = ts_specsheet_paginate (self, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT);

  for (guint i = 0; i < n_pages; i++)
    {
      if (!ts_specsheet_draw_page (self, cr, i, TS_SPECSHEET_A4_WIDTH_PT, TS_SPECSHEET_A4_HEIGHT_PT, error))
        return FALSE;
      cairo_show_page (cr);
    }
  return TRUE;
}

gboolean
ts_specsheet_write_pdf (TsSpecsheet  *self,
                        const char   *path,
                        GError      **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  g_autoptr(GError) draw_error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  Sink sink = { -1, 0 };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  tmp = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  sink.fd = g_mkstemp_full (tmp, O_WRONLY, 0666);
  if (sink.fd < 0)
    return write_failed (error, path, errno, NULL);

  surface = cairo_pdf_surface_create_for_stream (sink_write, &sink, TS_SPECSHEET_A4_WIDTH_PT,
                                                 TS_SPECSHEET_A4_HEIGHT_PT);
  ts_specsheet_set_pdf_metadata (self, surface);
  cr = cairo_create (surface);
  draw_all_pages (self, cr, &draw_error);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  /* mkstemp makes the file 0600; a document is as readable as any file
   * the user saves. */
  if (sink.error == 0 && status == CAIRO_STATUS_SUCCESS && draw_error == NULL)
    {
      mode_t mask = umask (0);

      umask (mask);
      if (fchmod (sink.fd, 0666 & ~mask) != 0 || fsync (sink.fd) != 0)
        sink.error = errno;
    }
  if (close (sink.fd) != 0 && sink.error == 0)
    sink.error = errno;

  /* The system's reason first (a full disk also puts cairo in error),
   * then cairo's, then the page that could not be drawn. */
  if (sink.error == 0 && status == CAIRO_STATUS_SUCCESS && draw_error == NULL && g_rename (tmp, path) != 0)
    sink.error = errno;
  if (sink.error != 0 || status != CAIRO_STATUS_SUCCESS || draw_error != NULL)
    {
      g_unlink (tmp);
      if (sink.error != 0)
        return write_failed (error, path, sink.error, NULL);
      return write_failed (error, path, 0, status != CAIRO_STATUS_SUCCESS ? ts_specsheet_status_reason (status)
                                                                         : draw_error->message);
    }
  return TRUE;
}
