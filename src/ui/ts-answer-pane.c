/* ts-answer-pane.c — the answer: headline, verdict and the drawings
 *
 * The headline is the plan's own sentence (ts-plan-text.c: the CLI and
 * the spec sheet say the same), with the configuration it names set large;
 * the verdict beside it is an icon, a word and a colour. Below, one page
 * per drawing; the servers page holds the options table above its
 * drawing. Pages are made when first shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-answer-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-accessible.h"
#include "ts-answer-pane.h"
#include "ts-drawing-view.h"
#include "ts-options-table.h"
#include "ts-plan-text.h"

/* The answer's pages by name, in TsDrawing's order (Memory to Time also
 * that of their Alt+1…5 keys, ts-window-actions.c): every drawing but the
 * network, which the Rack page shows in place of the elevation when its
 * toolbar's Network toggle is on (the switcher of a 360 px window holds
 * five pages; the summary is presenter mode's alone). */
static const char *const page_names[] = { "memory", "servers", "rack", "power", "time", "summary" };

#define N_PAGES G_N_ELEMENTS (page_names)
G_STATIC_ASSERT (G_N_ELEMENTS (page_names) == TS_DRAWING_NETWORK);

/* The order of the switcher and of presenter mode's slides: the answer
 * first (what is recommended and the figures a customer remembers), then
 * the pages that explain it. */
static const TsDrawing page_order[N_PAGES] = {
  TS_DRAWING_SUMMARY, TS_DRAWING_MEMORY, TS_DRAWING_COMPARISON, TS_DRAWING_RACK, TS_DRAWING_POWER, TS_DRAWING_TIME,
};

/* The headline is styled as a title (.title-3, which also sets the width
 * it asks for, see headline_measure); all but the configuration it names
 * is set back to about the body text's size and weight. */
#define REST_SCALE "75%"

struct _TsAnswerPane
{
  GtkBox                parent_instance;

  TsPlan               *plan;             /* a reference: the "plan" property, bound to the window's */
  gboolean              gib;
  gboolean              large_type;
  gboolean              presenting;
  gboolean              options_stale;    /* the table waits for its page */
  char                 *headline;         /* the sentence, without markup */
  GtkWidget            *views[N_PAGES];
  GtkWidget            *overview_summary; /* the summary atop the window's first page */
  GtkWidget            *empty_stacks[N_PAGES];
  GtkWidget            *pages[N_PAGES];  /* the view stack's children */
  TsOptionsTable       *options_table;
  TsRackOptions         rack_options;
  gboolean              show_network;     /* the Rack page's Network toggle */
  GtkWidget            *bom_box;          /* the bill of materials under the network */
  GtkWidget            *bom_grid;

  /* template children */
  GtkWidget            *headline_box;
  GtkWidget            *headline_bin;
  GtkWidget            *verdict_box;
  GtkImage             *verdict_icon;
  GtkLabel             *verdict_label;
  GtkLabel             *headline_label;
  GtkLabel             *published_label;
  AdwViewStack         *view_stack;
  AdwViewSwitcherBar   *switcher_bar;
};

G_DEFINE_FINAL_TYPE (TsAnswerPane, ts_answer_pane, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_GIB,
  PROP_LARGE_TYPE,
  PROP_PRESENTING,
  PROP_PLAN,
  N_PROPS
};

enum
{
  OPTION_CHOSEN,
  SAVED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void ensure_page (TsAnswerPane *self,
                         TsDrawing     d);

/* ---------------------------------------------------------------------- */
/* Headline and verdict */

/* The sentence as markup: the configuration it names (“2 × NVIDIA DGX
 * H200”) keeps the title's size and weight, the rest of the sentence
 * (what the job needs, how it fits) is smaller and plain. The answer reads
 * at a glance; the sentence explains it. */
static char *
headline_markup (const TsPlan *plan,
                 const char   *sentence)
{
  const TsOption *o = ts_plan_get_shown_option (plan);
  g_autofree char *answer = NULL;
  g_autofree char *before = NULL;
  g_autofree char *answer_escaped = NULL;
  g_autofree char *after = NULL;
  const char *found = NULL;

  /* the engine's answer, as the headline itself holds it
   * (ts_option_dup_answer (), with its no-break spaces) */
  if (o != NULL && o->server != NULL)
    {
      answer = ts_option_dup_answer (o);
      found = strstr (sentence, answer);
    }
  if (found == NULL)
    {
      /* No configuration named (nothing was evaluated): all of it is the rest. */
      g_free (answer);
      answer = g_strdup ("");
      found = sentence + strlen (sentence);
    }

  before = g_markup_escape_text (sentence, found - sentence);
  answer_escaped = g_markup_escape_text (answer, -1);
  after = g_markup_escape_text (found + strlen (answer), -1);
  /* a word is never cut with a hyphen (“Рекомендуетс-я”): lines break
   * between words only */
  return g_strconcat ("<span insert_hyphens=\"false\">",
                      "<span size=\"" REST_SCALE "\" weight=\"normal\">", before, "</span>",
                      answer_escaped,
                      "<span size=\"" REST_SCALE "\" weight=\"normal\">", after, "</span>",
                      "</span>", NULL);
}

static void
show_headline (TsAnswerPane *self)
{
  g_autofree char *markup = NULL;

  g_free (self->headline);
  self->headline = ts_plan_dup_headline (self->plan, self->gib);
  markup = headline_markup (self->plan, self->headline);
  gtk_label_set_markup (self->headline_label, markup);
}

static void
show_verdict (TsAnswerPane *self)
{
  static const char *const icons[] = { "emblem-ok-symbolic", "dialog-warning-symbolic", "dialog-error-symbolic" };
  static const char *const classes[] = { "success", "warning", "error" };
  TsPlanVerdict verdict = ts_plan_get_verdict (self->plan);

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (self->verdict_box, classes[i]);
  gtk_widget_set_visible (self->verdict_box, ts_plan_get_shown_option (self->plan) != NULL);

  /* Icon, word and colour together: never colour alone. The verdict is
   * the whole configuration's: memory, deadline, site and supplies. */
  gtk_image_set_from_icon_name (self->verdict_icon, icons[verdict]);
  gtk_label_set_label (self->verdict_label, ts_plan_verdict_label (self->plan));
  gtk_widget_add_css_class (self->verdict_box, classes[verdict]);
}

/* The headline is a long wrapping label. Asked how narrow it can be, a
 * wrapping GtkLabel lays its text out at width 0, a line per word, shaping
 * the text again at every break; asked how wide it must be at a height, it
 * lays it out a dozen times (a binary search). On every input change that
 * cost more than the plan and the drawing together (13 of 20 ms). The
 * headline takes the width the pane gives it, so only its height for that
 * width is asked, which is one layout. */
static GtkSizeRequestMode
headline_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
headline_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL)
    return;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  else
    {
      /* The width it would like: its max-width-chars in its font's
       * average characters (metrics pango keeps), so the answer pane
       * still asks for its share of a wide window. */
      PangoFontMetrics *metrics = pango_context_get_metrics (gtk_widget_get_pango_context (child), NULL, NULL);

      *natural = PANGO_PIXELS (pango_font_metrics_get_approximate_char_width (metrics)
                               * gtk_label_get_max_width_chars (GTK_LABEL (child)));
      pango_font_metrics_unref (metrics);
    }
}

static void
headline_allocate (GtkWidget *widget,
                   int        width,
                   int        height,
                   int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

/* ---------------------------------------------------------------------- */
/* The plan */

static void
update_views (TsAnswerPane *self)
{
  gboolean have_options = self->plan->options->len > 0;

  for (guint d = 0; d < N_PAGES; d++)
    {
      if (self->views[d] == NULL)
        continue;
      ts_drawing_view_set_gib (TS_DRAWING_VIEW (self->views[d]), self->gib);
      if (self->empty_stacks[d] != NULL)
        gtk_stack_set_visible_child_name (GTK_STACK (self->empty_stacks[d]), have_options ? "view" : "empty");
    }
  if (self->overview_summary != NULL)
    ts_drawing_view_set_gib (TS_DRAWING_VIEW (self->overview_summary), self->gib);
}

/* The bill of materials under the network drawing (issue 30): the
 * engine's list (ts_option_build_bom ()), as the spec sheet's page and
 * `trainsizer-cli bom` have it — item, purpose and quantity, an
 * estimated count marked “≈”. Shown while the Rack page shows the
 * network of a cluster, but not in presenter mode: its slide is the
 * drawing, sized for the room, and a parts list is small print for the
 * desk (the spec sheet has it). */
static void
update_bom (TsAnswerPane *self)
{
  const TsOption *o = self->plan != NULL ? ts_plan_get_shown_option (self->plan) : NULL;
  g_autoptr(TsBom) bom = NULL;
  GtkWidget *child;
  gboolean shown = self->show_network && !self->presenting && o != NULL && o->servers > 1;

  if (self->bom_box == NULL)
    return;
  gtk_widget_set_visible (self->bom_box, shown);
  while ((child = gtk_widget_get_first_child (self->bom_grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->bom_grid), child);
  if (!shown)
    return;
  bom = ts_option_build_bom (o);
  for (guint i = 0; i < ts_bom_get_n_lines (bom); i++)
    {
      const TsBomLine *line = ts_bom_get_line (bom, i);
      g_autofree char *item = ts_bom_line_item (line);
      g_autofree char *purpose = ts_bom_line_purpose (line);
      g_autofree char *quantity = ts_format_number ((double) line->quantity, 0);
      /* the sheet's rule: a priced line's estimate is its price, not shown here */
      g_autofree char *count = line->estimate && line->unit_price_usd <= 0 ? g_strdup_printf ("≈\u00a0%s", quantity)
                                                                             : g_strdup (quantity);
      const char *cells[] = { item, purpose, count };

      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        {
          GtkWidget *label = gtk_label_new (cells[c]);

          /* the words wrap; a count stays on one line */
          gtk_label_set_wrap (GTK_LABEL (label), c < 2);
          gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_WORD);
          gtk_label_set_xalign (GTK_LABEL (label), c == 2 ? 1 : 0);
          gtk_widget_set_hexpand (label, c < 2);
          if (c == 2)
            gtk_widget_add_css_class (label, "numeric");
          gtk_grid_attach (GTK_GRID (self->bom_grid), label, (int) c, (int) i, 1, 1);
        }
    }
}

static GtkWidget *
bom_section (TsAnswerPane *self)
{
  /* Translators: heading of the list of every part to order, under the network drawing */
  GtkWidget *heading = gtk_label_new (_("Bill of materials"));

  self->bom_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->bom_grid = gtk_grid_new ();
  gtk_widget_set_name (self->bom_box, "bill-of-materials");
  gtk_grid_set_column_spacing (GTK_GRID (self->bom_grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (self->bom_grid), 4);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->bom_grid), GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading,
                                  NULL, -1);
  gtk_box_append (GTK_BOX (self->bom_box), heading);
  gtk_box_append (GTK_BOX (self->bom_box), self->bom_grid);
  gtk_widget_set_visible (self->bom_box, FALSE);
  return self->bom_box;
}

static void
show_plan (TsAnswerPane *self)
{
  show_headline (self);
  show_verdict (self);
  update_views (self);
  update_bom (self);
}

/* Filling the comparison table makes a label per cell, which costs more
 * than the whole plan: on a hidden page it waits until the page is shown. */
static void
refresh_options (TsAnswerPane *self)
{
  self->options_stale = TRUE;
  if (self->options_table == NULL
      || g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "servers") != 0)
    return;
  ts_options_table_fill (self->options_table, self->plan, self->gib);
  self->options_stale = FALSE;
}

/* A new plan (an edit, or another option chosen, which is a new plan
 * too): the table, the headline and the verdict follow here, the views
 * through their binding to this property. */
static void
set_plan (TsAnswerPane *self,
          TsPlan       *plan)
{
  if (!ts_plan_set (&self->plan, plan))
    return;
  if (self->plan != NULL)
    {
      refresh_options (self);
      show_plan (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAN]);
}

void
ts_answer_pane_set_published (TsAnswerPane *self,
                              const char   *text)
{
  g_return_if_fail (TS_IS_ANSWER_PANE (self));

  gtk_label_set_text (self->published_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->published_label), text != NULL);
}

const char *
ts_answer_pane_get_published (TsAnswerPane *self)
{
  g_return_val_if_fail (TS_IS_ANSWER_PANE (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->published_label)))
    return NULL;
  return gtk_label_get_text (self->published_label);
}

const char *
ts_answer_pane_get_headline (TsAnswerPane *self)
{
  g_return_val_if_fail (TS_IS_ANSWER_PANE (self), NULL);
  return self->headline != NULL ? self->headline : "";
}

static void
set_gib (TsAnswerPane *self,
         gboolean      gib)
{
  if (self->gib == gib)
    return;
  self->gib = gib;
  if (self->plan != NULL)
    {
      refresh_options (self);
      show_plan (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GIB]);
}

static int visible_page (TsAnswerPane *self);

/* The summary slide is presenter mode's first page. The header's
 * switcher has room for five pages beside the file's name at 1280 px. */
static void
update_summary_page (TsAnswerPane *self)
{
  AdwViewStackPage *summary = adw_view_stack_get_page (self->view_stack, self->pages[TS_DRAWING_SUMMARY]);
  AdwViewStackPage *first = adw_view_stack_get_page (self->view_stack, self->pages[TS_DRAWING_MEMORY]);

  /* In the window the summary heads the first page, the overview: the
   * answer's few figures, then the memory chart that explains them (a
   * sixth page would not fit the switcher of a 360 px window, and the
   * HIG keeps a view switcher to five). On the slides it has its own. */
  if (self->overview_summary != NULL)
    gtk_widget_set_visible (self->overview_summary, !self->presenting);
  adw_view_stack_page_set_title (first, self->presenting ? _("Memory")
                                 /* Translators: the window's first page: the answer's summary and the memory chart */
                                 : _("Overview"));

  if (adw_view_stack_page_get_visible (summary) == self->presenting)
    return;
  /* leaving the slides on the summary: back to the first of the window's pages */
  if (!self->presenting && visible_page (self) == TS_DRAWING_SUMMARY)
    adw_view_stack_set_visible_child_name (self->view_stack, page_names[TS_DRAWING_MEMORY]);
  adw_view_stack_page_set_visible (summary, self->presenting);
}

/* Large type and presenter mode (flag, the property prop_id) both size
 * the drawings' text; a view made later takes both from the pane. */
static void
set_text_size_flag (TsAnswerPane *self,
                    gboolean     *flag,
                    gboolean      value,
                    guint         prop_id)
{
  if (*flag == value)
    return;
  *flag = value;
  for (TsDrawing d = 0; d < N_PAGES; d++)
    if (self->views[d] != NULL)
      ts_drawing_view_set_text_size (TS_DRAWING_VIEW (self->views[d]), self->large_type, self->presenting);
  if (self->overview_summary != NULL)
    ts_drawing_view_set_text_size (TS_DRAWING_VIEW (self->overview_summary), self->large_type, self->presenting);
  update_summary_page (self);
  update_bom (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* ---------------------------------------------------------------------- */
/* Pages */

static GtkWidget *
empty_page (void)
{
  GtkWidget *page = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), "network-server-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (page), _("No Hardware Options Yet"));
  adw_status_page_set_description (ADW_STATUS_PAGE (page),
                                   _("The catalog has no server that can run this scenario, or the hardware comparison is not available."));
  return page;
}

static void
saved_cb (TsAnswerPane *self,
          GFile        *file,
          const char   *error_message)
{
  g_signal_emit (self, signals[SAVED], 0, file, error_message);
}

/* Under the Time view: the spec sheet's appendix that holds the time
 * model to published runs (docs/sizing-model.md §8.7), opened in the
 * print preview. */
static GtkWidget *
validation_link (void)
{
  /* Translators: a link under the Time view to the spec sheet's appendix of published training runs */
  GtkWidget *button = gtk_button_new_with_label (_("How this estimate compares with published runs"));

  gtk_widget_add_css_class (button, "link");
  gtk_widget_add_css_class (button, "validation-link");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.print-preview");
  gtk_widget_set_tooltip_text (button, _("Opens the spec sheet: its last appendix sets this model's estimates beside "
                                         "published training runs"));
  return button;
}

static GtkWidget *
drawing_page (TsAnswerPane *self,
              TsDrawing     drawing,
              GtkWidget    *above)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *view = ts_drawing_view_new (drawing);

  gtk_widget_set_vexpand (view, TRUE);
  gtk_widget_set_hexpand (view, TRUE);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  if (above != NULL)
    gtk_box_append (GTK_BOX (box), above);
  gtk_box_append (GTK_BOX (box), view);
  if (drawing == TS_DRAWING_TIME)
    gtk_box_append (GTK_BOX (box), validation_link ());
  if (drawing == TS_DRAWING_RACK)
    gtk_box_append (GTK_BOX (box), bom_section (self));
  /* The drawings fit any width; the servers table, wider than a narrow
   * window, scrolls sideways in its own frame (ts-options-table.ui), so
   * the page and the buttons above the table keep the window's width. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  g_signal_connect_swapped (view, "saved", G_CALLBACK (saved_cb), self);
  self->views[drawing] = view;

  if (drawing == TS_DRAWING_MEMORY)
    return scrolled;

  self->empty_stacks[drawing] = gtk_stack_new ();
  /* Only the page in sight is measured: the other one's wrapping text
   * costs a layout at every change otherwise. */
  gtk_stack_set_hhomogeneous (GTK_STACK (self->empty_stacks[drawing]), FALSE);
  gtk_stack_set_vhomogeneous (GTK_STACK (self->empty_stacks[drawing]), FALSE);
  gtk_stack_add_named (GTK_STACK (self->empty_stacks[drawing]), empty_page (), "empty");
  gtk_stack_add_named (GTK_STACK (self->empty_stacks[drawing]), scrolled, "view");
  ts_accessible_hide_unseen_pages (self->empty_stacks[drawing]);
  return self->empty_stacks[drawing];
}

static void
option_chosen_cb (TsAnswerPane *self,
                  guint         index,
                  const char   *server_id)
{
  g_signal_emit (self, signals[OPTION_CHOSEN], 0, index, server_id);
}

static GtkWidget *
options_table (TsAnswerPane *self)
{
  self->options_table = g_object_new (TS_TYPE_OPTIONS_TABLE, NULL);
  g_object_bind_property (self, "presenting", self->options_table, "presenting", G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->options_table, "option-chosen", G_CALLBACK (option_chosen_cb), self);
  return GTK_WIDGET (self->options_table);
}

static void
rack_toggled_cb (TsAnswerPane *self)
{
  ts_drawing_view_set_rack_options (TS_DRAWING_VIEW (self->views[TS_DRAWING_RACK]), &self->rack_options);
}

static void
descending_toggled_cb (GtkToggleButton *button,
                       TsAnswerPane    *self)
{
  self->rack_options.descending = gtk_toggle_button_get_active (button);
  rack_toggled_cb (self);
}

static void
rear_toggled_cb (GtkToggleButton *button,
                 TsAnswerPane    *self)
{
  self->rack_options.rear = gtk_toggle_button_get_active (button);
  rack_toggled_cb (self);
}

/* The Rack page's view draws the network instead of the elevation. */
static void
network_toggled_cb (GtkToggleButton *button,
                    TsAnswerPane    *self)
{
  self->show_network = gtk_toggle_button_get_active (button);
  ts_drawing_view_set_drawing (TS_DRAWING_VIEW (self->views[TS_DRAWING_RACK]),
                               self->show_network ? TS_DRAWING_NETWORK : TS_DRAWING_RACK);
  update_bom (self);
}

static GtkWidget *
icon_button (GtkWidget  *button,
             const char *icon,
             const char *label)
{
  gtk_button_set_icon_name (GTK_BUTTON (button), icon);
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return button;
}

/* Icons, not words: the toolbar must fit a 360 px window. */
static GtkWidget *
rack_toolbar (TsAnswerPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *descending = icon_button (gtk_toggle_button_new (), "view-sort-descending-symbolic",
                                       _("Number the Units from the Top"));
  GtkWidget *rear = icon_button (gtk_toggle_button_new (), "view-mirror-symbolic", _("Rear View"));
  GtkWidget *zoom_out = icon_button (gtk_button_new (), "zoom-out-symbolic", _("Zoom Out"));
  GtkWidget *zoom_in = icon_button (gtk_button_new (), "zoom-in-symbolic", _("Zoom In"));
  GtkWidget *network = icon_button (gtk_toggle_button_new (), "network-wired-symbolic", _("Show the Network"));

  gtk_widget_set_halign (box, GTK_ALIGN_END);
  g_signal_connect (descending, "toggled", G_CALLBACK (descending_toggled_cb), self);
  g_signal_connect (rear, "toggled", G_CALLBACK (rear_toggled_cb), self);
  g_signal_connect (network, "toggled", G_CALLBACK (network_toggled_cb), self);
  gtk_widget_set_name (network, "network-toggle");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (zoom_out), "win.zoom-out");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (zoom_in), "win.zoom-in");
  gtk_box_append (GTK_BOX (box), network);
  gtk_box_append (GTK_BOX (box), descending);
  gtk_box_append (GTK_BOX (box), rear);
  gtk_box_append (GTK_BOX (box), zoom_out);
  gtk_box_append (GTK_BOX (box), zoom_in);
  return box;
}

/* The summary drawing atop the window's first page. */
static GtkWidget *
overview_summary (TsAnswerPane *self)
{
  self->overview_summary = ts_drawing_view_new (TS_DRAWING_SUMMARY);
  gtk_widget_set_hexpand (self->overview_summary, TRUE);
  gtk_widget_set_visible (self->overview_summary, !self->presenting);
  ts_drawing_view_set_text_size (TS_DRAWING_VIEW (self->overview_summary), self->large_type, self->presenting);
  g_signal_connect_swapped (self->overview_summary, "saved", G_CALLBACK (saved_cb), self);
  g_object_bind_property (self, "plan", self->overview_summary, "plan", G_BINDING_SYNC_CREATE);
  return self->overview_summary;
}

/* The drawing, and what goes with it, on page d. Pages are made when
 * first shown (or asked for): the view stack measures every page it
 * holds, so four unseen pages cost a tenth of the start-up. */
static void
ensure_page (TsAnswerPane *self,
             TsDrawing     d)
{
  GtkWidget *above;

  if (self->views[d] != NULL)
    return;
  above = d == TS_DRAWING_COMPARISON ? options_table (self)
          : d == TS_DRAWING_RACK ? rack_toolbar (self)
          : d == TS_DRAWING_MEMORY ? overview_summary (self) : NULL;
  adw_bin_set_child (ADW_BIN (self->pages[d]), drawing_page (self, d, above));
  g_object_bind_property (self, "plan", self->views[d], "plan", G_BINDING_SYNC_CREATE);
  if (d == TS_DRAWING_COMPARISON)
    gtk_widget_set_vexpand (self->views[d], FALSE);
  ts_drawing_view_set_text_size (TS_DRAWING_VIEW (self->views[d]), self->large_type, self->presenting);
  if (self->plan != NULL)
    update_views (self);
}

static int
visible_page (TsAnswerPane *self)
{
  const char *visible = adw_view_stack_get_visible_child_name (self->view_stack);

  for (int d = 0; d < (int) N_PAGES; d++)
    if (g_strcmp0 (visible, page_names[d]) == 0)
      return d;
  return -1;
}

static void
visible_page_changed_cb (TsAnswerPane *self)
{
  int d = visible_page (self);

  if (d >= 0)
    ensure_page (self, d);
  if (self->options_stale && self->plan != NULL)
    refresh_options (self);
}

static void
add_pages (TsAnswerPane *self)
{
  static const char *const titles[N_PAGES] = {
    N_("Memory"), N_("Servers"), N_("Rack"), N_("Power"), N_("Time & Cost"),
    /* Translators: the page with the answer on one slide */
    N_("Summary"),
  };
  static const char *const icons[N_PAGES] = {
    "drive-multidisk-symbolic", "network-server-symbolic", "view-continuous-symbolic",
    "power-profile-performance-symbolic", "preferences-system-time-symbolic", "emblem-ok-symbolic",
  };

  for (guint i = 0; i < N_PAGES; i++)
    {
      TsDrawing d = page_order[i];
      AdwViewStackPage *page;

      self->pages[d] = adw_bin_new ();
      page = adw_view_stack_add_titled (self->view_stack, self->pages[d], page_names[d], _(titles[d]));
      adw_view_stack_page_set_icon_name (page, icons[d]);
    }
  /* The memory chart is in sight at start, as the form beside it is
   * edited; presenter mode opens on the summary, its first slide. */
  ensure_page (self, TS_DRAWING_MEMORY);
  adw_view_stack_set_visible_child_name (self->view_stack, page_names[TS_DRAWING_MEMORY]);
  ts_accessible_hide_unseen_pages (GTK_WIDGET (self->view_stack));
  update_summary_page (self);
}

GtkWidget *
ts_answer_pane_get_view (TsAnswerPane *self,
                         TsDrawing     drawing)
{
  g_return_val_if_fail (TS_IS_ANSWER_PANE (self), NULL);
  g_return_val_if_fail (drawing < TS_N_DRAWINGS, NULL);

  /* the network is drawn by the Rack page's view */
  if (drawing == TS_DRAWING_NETWORK)
    drawing = TS_DRAWING_RACK;
  ensure_page (self, drawing);
  return self->views[drawing];
}

/* The drawing on the visible page. */
GtkWidget *
ts_answer_pane_get_visible_view (TsAnswerPane *self)
{
  int d;

  g_return_val_if_fail (TS_IS_ANSWER_PANE (self), NULL);

  d = visible_page (self);
  /* the overview's first drawing is its summary: focused there, the
   * page is not scrolled past it to the memory chart */
  if ((d < 0 || d == TS_DRAWING_MEMORY) && self->overview_summary != NULL
      && gtk_widget_get_visible (self->overview_summary))
    return self->overview_summary;
  return ts_answer_pane_get_view (self, d >= 0 ? (TsDrawing) d : TS_DRAWING_MEMORY);
}

AdwViewStack *
ts_answer_pane_get_stack (TsAnswerPane *self)
{
  g_return_val_if_fail (TS_IS_ANSWER_PANE (self), NULL);
  return self->view_stack;
}

gboolean
ts_answer_pane_show_page (TsAnswerPane *self,
                          const char   *name)
{
  g_return_val_if_fail (TS_IS_ANSWER_PANE (self), FALSE);

  for (guint d = 0; d < N_PAGES; d++)
    if (g_strcmp0 (name, page_names[d]) == 0)
      {
        adw_view_stack_set_visible_child_name (self->view_stack, name);
        return TRUE;
      }
  return FALSE;
}

/* Left/Right and Page Up/Down (what a presentation clicker sends) step
 * through the pages in the switcher's order, stopping at either end as
 * slides do. */
void
ts_answer_pane_step_page (TsAnswerPane *self,
                          int           step)
{
  int visible;
  int current = 0;

  g_return_if_fail (TS_IS_ANSWER_PANE (self));

  visible = visible_page (self);
  for (int i = 0; i < (int) N_PAGES; i++)
    if ((int) page_order[i] == visible)
      current = i;
  current = CLAMP (current + step, 0, (int) N_PAGES - 1);
  adw_view_stack_set_visible_child_name (self->view_stack, page_names[page_order[current]]);
}

/* One pane at a time (360 px up to about 800): the verdict goes above the
 * headline, its icon beside its word, so the headline keeps the width;
 * and the switcher bar's narrow buttons get a page title short enough
 * for a fifth of a phone's width (“Time & Cost” was cut to “Time & C…”):
 * the name's first word, the page's main content (“Cost” left it out). */
void
ts_answer_pane_set_folded (TsAnswerPane *self,
                           gboolean      folded)
{
  AdwViewStackPage *time;

  g_return_if_fail (TS_IS_ANSWER_PANE (self));

  time = adw_view_stack_get_page (self->view_stack, self->pages[TS_DRAWING_TIME]);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->headline_box),
                                  folded ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->verdict_box),
                                  folded ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_halign (self->verdict_box, folded ? GTK_ALIGN_START : GTK_ALIGN_FILL);
  adw_view_stack_page_set_title (time, folded
                                 /* Translators: the Time & Cost page's title on a narrow
                                  * window, under a clock icon: the first word of “Time & Cost”
                                  * as translated there; at most about 8 characters */
                                 ? C_("narrow page title", "Time")
                                 : _("Time & Cost"));
}

/* The bottom switcher's buttons (an icon and two labels a page) are made
 * when it is first revealed, not at every start on a wide screen. */
void
ts_answer_pane_reveal_switcher (TsAnswerPane *self,
                                gboolean      reveal)
{
  g_return_if_fail (TS_IS_ANSWER_PANE (self));

  if (reveal && adw_view_switcher_bar_get_stack (self->switcher_bar) == NULL)
    {
      adw_view_switcher_bar_set_stack (self->switcher_bar, self->view_stack);
      ts_accessible_hide_switcher_icons (GTK_WIDGET (self->switcher_bar), GTK_WIDGET (self->view_stack));
    }
  adw_view_switcher_bar_set_reveal (self->switcher_bar, reveal);
}

GtkColumnView *
ts_answer_pane_get_option_view (TsAnswerPane *self)
{
  g_return_val_if_fail (TS_IS_ANSWER_PANE (self), NULL);

  /* Whoever looks at the table gets it made and filled. */
  ensure_page (self, TS_DRAWING_COMPARISON);
  if (self->options_stale && self->plan != NULL)
    {
      ts_options_table_fill (self->options_table, self->plan, self->gib);
      self->options_stale = FALSE;
    }
  return ts_options_table_get_view (self->options_table);
}

/* ---------------------------------------------------------------------- */

static void
ts_answer_pane_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TsAnswerPane *self = TS_ANSWER_PANE (object);

  switch (prop_id)
    {
    case PROP_GIB:
      g_value_set_boolean (value, self->gib);
      break;
    case PROP_LARGE_TYPE:
      g_value_set_boolean (value, self->large_type);
      break;
    case PROP_PRESENTING:
      g_value_set_boolean (value, self->presenting);
      break;
    case PROP_PLAN:
      g_value_set_boxed (value, self->plan);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_answer_pane_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TsAnswerPane *self = TS_ANSWER_PANE (object);

  switch (prop_id)
    {
    case PROP_GIB:
      set_gib (self, g_value_get_boolean (value));
      break;
    case PROP_LARGE_TYPE:
      set_text_size_flag (self, &self->large_type, g_value_get_boolean (value), prop_id);
      break;
    case PROP_PRESENTING:
      set_text_size_flag (self, &self->presenting, g_value_get_boolean (value), prop_id);
      break;
    case PROP_PLAN:
      set_plan (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_answer_pane_dispose (GObject *object)
{
  TsAnswerPane *self = TS_ANSWER_PANE (object);

  g_clear_pointer (&self->plan, ts_plan_unref);
  self->overview_summary = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_ANSWER_PANE);
  memset (self->views, 0, sizeof self->views);
  self->options_table = NULL;
  g_clear_pointer (&self->headline, g_free);

  G_OBJECT_CLASS (ts_answer_pane_parent_class)->dispose (object);
}

static void
ts_answer_pane_class_init (TsAnswerPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_answer_pane_dispose;
  object_class->get_property = ts_answer_pane_get_property;
  object_class->set_property = ts_answer_pane_set_property;

  properties[PROP_GIB] = g_param_spec_boolean ("gib", NULL, NULL, FALSE,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LARGE_TYPE] = g_param_spec_boolean ("large-type", NULL, NULL, FALSE,
                                                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PRESENTING] = g_param_spec_boolean ("presenting", NULL, NULL, FALSE,
                                                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The plan shown, bound to the window's; the pane and its views each
   * keep a reference while they show it. */
  properties[PROP_PLAN] = g_param_spec_boxed ("plan", NULL, NULL, TS_TYPE_PLAN,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[OPTION_CHOSEN] = g_signal_new ("option-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-answer-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, headline_box);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, headline_bin);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, headline_label);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, published_label);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, view_stack);
  gtk_widget_class_bind_template_child (widget_class, TsAnswerPane, switcher_bar);
  gtk_widget_class_bind_template_callback (widget_class, visible_page_changed_cb);

  g_type_ensure (TS_TYPE_DRAWING_VIEW);
}

static void
ts_answer_pane_init (TsAnswerPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (self->headline_bin,
                                 gtk_custom_layout_new (headline_request_mode, headline_measure, headline_allocate));
  add_pages (self);
}
