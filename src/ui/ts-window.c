/* ts-window.c — the main window: scenario on the left, answer on the right
 *
 * Every control edits the window's TsScenario and the whole plan is
 * recomputed at once (the engine takes microseconds), so there is no
 * “Calculate” button. When the engine rejects the scenario, the row that
 * was edited shows the reason and the last valid answer stays visible.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-app-state.h"
#include "ts-comparison-dialog.h"
#include "ts-csv.h"
#include "ts-file.h"
#include "ts-drawing-view.h"
#include "ts-export-dialog.h"
#include "ts-model-import.h"
#include "ts-option-item.h"
#include "ts-window.h"
#include "ts-plan-text.h"

#if __has_include ("ts-print.h")
# include "ts-print.h"
# define TS_HAVE_PRINT 1
#else
# define TS_HAVE_PRINT 0
#endif

/* The scenario's spin buttons take exactly the range ts_scenario_validate
 * accepts (the TS_MIN_/TS_MAX_ limits of ts-scenario.h), so whatever a file
 * or the CLI accepts the window can show. The custom architecture's spins
 * go up to this and leave the checks to ts_architecture_validate, whose
 * reason the model row shows. */
#define ARCH_SPIN_MAX 1e9
#define SPIN_WIDTH_CHARS 6
/* Writing the scenario to GSettings on every keystroke would hammer
 * dconf; a short delay still loses nothing a crash could take. */
#define AUTOSAVE_DELAY_MS 500
#define BILLION 1e9

/* The answer's pages by name, in TsDrawing's order (also that of their
 * Alt+1…5 keys). */
static const char *const view_names[TS_N_DRAWINGS] = { "memory", "servers", "rack", "power", "time" };

typedef enum
{
  GROUP_METHOD,
  GROUP_WORKLOAD,
  GROUP_HARDWARE,
  GROUP_ADVANCED,
  GROUP_SITE,
} FieldGroup;

typedef enum
{
  FIELD_UINT,    /* spin button on a guint */
  FIELD_DOUBLE,  /* spin button on a double (shown divided by scale) */
  FIELD_BOOL,    /* switch on a gboolean */
  FIELD_CHOICE,  /* combo row on an int-sized enum or int */
} FieldKind;

typedef struct
{
  const char        *key;       /* the scenario file's name, also for tests */
  FieldGroup         group;
  FieldKind          kind;
  gsize              offset;
  const char        *title;
  const char        *subtitle;
  double             lower;     /* spin buttons: the engine's limits, in */
  double             upper;     /* scenario units (before scale) */
  double             step;
  guint              digits;
  double             scale;     /* spin value × scale = scenario value */
  const char *const *choices;
  const int         *values;
  guint              n_choices;
} FieldSpec;

static const char *const method_choices[] = { N_("Full training"), N_("LoRA"), N_("QLoRA") };
static const int method_values[] = { TS_METHOD_FULL, TS_METHOD_LORA, TS_METHOD_QLORA };
static const char *const checkpointing_choices[] = {
  /* Translators: gradient checkpointing choices */
  N_("None"), N_("Selective"), N_("Full"),
};
static const int checkpointing_values[] = { TS_CHECKPOINTING_NONE, TS_CHECKPOINTING_SELECTIVE, TS_CHECKPOINTING_FULL };
static const char *const precision_choices[] = {
  N_("BF16 mixed precision"), N_("FP16 mixed precision"), N_("FP8 compute"),
  N_("FP32"), N_("Pure BF16, no FP32 master copy"),
};
static const int precision_values[] = {
  TS_PRECISION_BF16, TS_PRECISION_FP16, TS_PRECISION_FP8, TS_PRECISION_FP32, TS_PRECISION_PURE_BF16,
};
static const char *const optimizer_choices[] = {
  N_("AdamW"), N_("8-bit AdamW"), N_("Adafactor"), N_("SGD with momentum"), N_("Lion"),
};
static const int optimizer_values[] = {
  TS_OPTIMIZER_ADAMW, TS_OPTIMIZER_ADAMW_8BIT, TS_OPTIMIZER_ADAFACTOR, TS_OPTIMIZER_SGD, TS_OPTIMIZER_LION,
};
static const char *const grad_choices[] = { N_("BF16"), N_("FP32") };
static const int grad_values[] = { TS_GRAD_BF16, TS_GRAD_FP32 };
static const char *const zero_choices[] = {
  /* Translators: ZeRO stage choices; “Automatic” lets the program decide */
  N_("Automatic"), N_("0 — no sharding"), N_("1 — optimizer states"),
  N_("2 — and gradients"), N_("3 — and weights (FSDP)"),
};
static const int zero_values[] = { -1, 0, 1, 2, 3 };
static const char *const offload_choices[] = { N_("None"), N_("Optimizer states to CPU RAM") };
static const int offload_values[] = { TS_OFFLOAD_NONE, TS_OFFLOAD_OPTIMIZER };
static const char *const targets_choices[] = {
  N_("Query and value projections"), N_("All attention projections"), N_("All linear layers"),
};
static const int targets_values[] = { TS_LORA_TARGETS_QV, TS_LORA_TARGETS_ATTENTION, TS_LORA_TARGETS_ALL_LINEAR };
static const char *const objective_choices[] = {
  /* Translators: what ranks the hardware options */
  N_("Smallest hardware"), N_("Shortest time"), N_("Lowest cost"), N_("Least energy"),
};
static const int objective_values[] = { TS_OBJECTIVE_SERVERS, TS_OBJECTIVE_TIME, TS_OBJECTIVE_COST, TS_OBJECTIVE_ENERGY };
static const char *const phase_choices[] = { N_("Single phase"), N_("Three phases") };
static const int phase_values[] = { TS_PHASES_SINGLE, TS_PHASES_THREE };

#define CHOICES(name) name##_choices, name##_values, G_N_ELEMENTS (name##_values)
#define OFF(field) G_STRUCT_OFFSET (TsScenario, field)

static const FieldSpec fields[] = {
  { "method", GROUP_METHOD, FIELD_CHOICE, OFF (method), N_("Method"), NULL,
    0, 0, 0, 0, 1, CHOICES (method) },

  { "seq_len", GROUP_WORKLOAD, FIELD_UINT, OFF (seq_len), N_("Sequence length"),
    N_("Tokens in one training example; activations grow with it"), TS_MIN_SEQ_LEN, TS_MAX_SEQ_LEN, 512, 0, 1, NULL, NULL, 0 },
  { "micro_batch", GROUP_WORKLOAD, FIELD_UINT, OFF (micro_batch), N_("Micro-batch"),
    N_("Examples each GPU processes at once; activations grow with it"), TS_MIN_MICRO_BATCH, TS_MAX_MICRO_BATCH, 1, 0, 1, NULL, NULL, 0 },
  { "global_batch", GROUP_WORKLOAD, FIELD_UINT, OFF (global_batch), N_("Global batch"),
    N_("Sequences per optimizer step; 0 means 4M tokens for full training, 64 for LoRA"), 0, TS_MAX_GLOBAL_BATCH, 64, 0, 1, NULL, NULL, 0 },
  { "checkpointing", GROUP_WORKLOAD, FIELD_CHOICE, OFF (checkpointing), N_("Gradient checkpointing"),
    N_("Recompute activations instead of storing them: less memory, more compute"), 0, 0, 0, 0, 1, CHOICES (checkpointing) },
  { "flash_attention", GROUP_WORKLOAD, FIELD_BOOL, OFF (flash_attention), N_("FlashAttention"),
    N_("Attention without storing the full score matrix"), 0, 0, 0, 0, 1, NULL, NULL, 0 },
  { "tokens", GROUP_WORKLOAD, FIELD_DOUBLE, OFF (tokens), N_("Dataset, billions of tokens"),
    N_("Tokens processed over the whole run; sets the training time"), 0, TS_MAX_TOKENS, 1, 1, BILLION, NULL, NULL, 0 },
  { "deadline_days", GROUP_WORKLOAD, FIELD_DOUBLE, OFF (deadline_days), N_("Deadline, days"),
    N_("When the training must be done; 0 means no deadline"), 0, TS_MAX_DAYS, 1, 0, 1, NULL, NULL, 0 },

  { "objective", GROUP_HARDWARE, FIELD_CHOICE, OFF (objective), N_("Rank by"),
    N_("What puts one working option ahead of another"), 0, 0, 0, 0, 1, CHOICES (objective) },
  { "servers", GROUP_HARDWARE, FIELD_UINT, OFF (servers), N_("Servers"),
    N_("How many of the chosen server; 0 picks the smallest count that fits"), 0, TS_MAX_SERVERS, 1, 0, 1, NULL, NULL, 0 },

  { "precision", GROUP_ADVANCED, FIELD_CHOICE, OFF (precision), N_("Precision"),
    N_("Number format of weights and arithmetic"), 0, 0, 0, 0, 1, CHOICES (precision) },
  { "optimizer", GROUP_ADVANCED, FIELD_CHOICE, OFF (optimizer), N_("Optimizer"),
    N_("AdamW keeps two FP32 states per parameter: 8 bytes"), 0, 0, 0, 0, 1, CHOICES (optimizer) },
  { "grad_dtype", GROUP_ADVANCED, FIELD_CHOICE, OFF (grad_dtype), N_("Gradient type"),
    N_("Gradients in FP32 take 4 bytes per parameter instead of 2"), 0, 0, 0, 0, 1, CHOICES (grad) },
  { "zero_stage", GROUP_ADVANCED, FIELD_CHOICE, OFF (zero_stage), N_("ZeRO / FSDP stage"),
    N_("Splits optimizer states, gradients and weights across GPUs"), 0, 0, 0, 0, 1, CHOICES (zero) },
  { "zero3_prefetch", GROUP_ADVANCED, FIELD_BOOL, OFF (zero3_prefetch), N_("Prefetch next layer"),
    N_("With ZeRO-3, gather the next layer early: faster, one more layer in memory"), 0, 0, 0, 0, 1, NULL, NULL, 0 },
  { "tp", GROUP_ADVANCED, FIELD_UINT, OFF (tp), N_("Tensor parallel"),
    N_("GPUs that split every layer; needs NVLink or HCCS"), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, 0, 1, NULL, NULL, 0 },
  { "pp", GROUP_ADVANCED, FIELD_UINT, OFF (pp), N_("Pipeline parallel"),
    N_("Groups of layers on different GPUs"), TS_MIN_PARALLEL, TS_MAX_PARALLEL, 1, 0, 1, NULL, NULL, 0 },
  { "offload", GROUP_ADVANCED, FIELD_CHOICE, OFF (offload), N_("CPU offload"),
    N_("Keep optimizer states in server RAM when GPU memory is short"), 0, 0, 0, 0, 1, CHOICES (offload) },
  { "lora_rank", GROUP_ADVANCED, FIELD_UINT, OFF (lora_rank), N_("LoRA rank"),
    N_("Size of the trained adapters; higher is bigger and slower"), TS_MIN_LORA_RANK, TS_MAX_LORA_RANK, 8, 0, 1, NULL, NULL, 0 },
  { "lora_targets", GROUP_ADVANCED, FIELD_CHOICE, OFF (lora_targets), N_("LoRA targets"),
    N_("Which layers get adapters"), 0, 0, 0, 0, 1, CHOICES (targets) },
  { "runtime_overhead", GROUP_ADVANCED, FIELD_DOUBLE, OFF (runtime_overhead_bytes), N_("Memory reserve per GPU, GB"),
    N_("CUDA context, kernels and libraries that take memory before training starts"), 0, TS_MAX_RUNTIME_OVERHEAD, 0.5, 1, BILLION, NULL, NULL, 0 },

  /* A spin, not the two usual heights (42U, 48U): a file may hold any
   * height the engine accepts, and the window must show it. */
  { "rack_units", GROUP_SITE, FIELD_UINT, OFF (rack_units), N_("Rack height, units"),
    N_("Units in each rack of the data centre, usually 42 or 48"), TS_MIN_RACK_UNITS, TS_MAX_RACK_UNITS, 1, 0, 1,
    NULL, NULL, 0 },
  { "rack_kw", GROUP_SITE, FIELD_DOUBLE, OFF (rack_kw), N_("Rack power limit, kW"),
    N_("What one rack’s power feed and cooling can take"), TS_MIN_RACK_KW, TS_MAX_RACK_KW, 1, 1, 1, NULL, NULL, 0 },
  { "voltage", GROUP_SITE, FIELD_DOUBLE, OFF (voltage), N_("Voltage, V"),
    N_("Phase-to-neutral voltage of the feed"), TS_MIN_VOLTAGE, TS_MAX_VOLTAGE, 10, 0, 1, NULL, NULL, 0 },
  { "phases", GROUP_SITE, FIELD_CHOICE, OFF (phases), N_("Phases"),
    N_("Sets the current each phase carries"), 0, 0, 0, 0, 1, CHOICES (phase) },
  { "pue", GROUP_SITE, FIELD_DOUBLE, OFF (pue), N_("PUE"),
    N_("Total facility power divided by IT power; cooling and losses"), TS_MIN_PUE, TS_MAX_PUE, 0.05, 2, 1, NULL, NULL, 0 },
  { "price_kwh", GROUP_SITE, FIELD_DOUBLE, OFF (price_kwh), N_("Electricity price per kWh"),
    N_("For the energy cost of the run; 0 leaves the cost out"), 0, TS_MAX_PRICE_KWH, 0.5, 2, 1, NULL, NULL, 0 },
};

typedef enum
{
  PENDING_NONE,
  PENDING_NEW,
  PENDING_OPEN,
  PENDING_CLOSE,
} PendingAction;

struct _TsWindow
{
  AdwApplicationWindow  parent_instance;

  TsAppState           *state;       /* the application's catalog and settings */
  GSettings            *settings;
  TsScenario           *scenario;
  TsPlan               *plan;
  char                 *shown_server_id;  /* the option chosen in the comparison */
  int                   shown_option;     /* its index in plan->options, or -1 */
  GFile                *file;
  gboolean              dirty;
  gboolean              syncing;          /* widgets are being set from the scenario */
  guint                 autosave_id;
  /* The autosave could not be restored and not be kept aside either: it
   * is never overwritten from this window. */
  gboolean              autosave_blocked;
  char                 *unrestored_message;  /* why, for the Details dialog */
  guint                 navigation_idle_id;
  PendingAction         pending;
  gboolean              gib;
  GtkWidget            *error_row;        /* the row showing the engine's complaint */
  char                 *error_row_subtitle;

  GtkWidget            *field_rows[G_N_ELEMENTS (fields)];
  GtkWidget            *field_widgets[G_N_ELEMENTS (fields)];
  GtkWidget            *hardware_row;
  GtkWidget            *currency_row;
  GtkWidget            *custom_params_row;
  GtkWidget            *custom_params_spin;
  GtkWidget            *custom_arch_row;
  GtkWidget            *arch_spins[8];
  TsArchitecture        custom_arch;
  GtkWidget            *views[TS_N_DRAWINGS];
  GtkWidget            *empty_stacks[TS_N_DRAWINGS];
  GtkWidget            *views_pages[TS_N_DRAWINGS];  /* the view stack's children */
  GtkColumnView        *option_view;
  GtkColumnViewColumn  *option_columns[TS_N_OPTION_COLUMNS];
  GListStore           *option_store;
  GtkSingleSelection   *option_selection;
  gboolean              options_stale;    /* the table waits for its page */
  gboolean              models_stale;     /* the picker's list waits for it to open */
  gboolean              built[GROUP_SITE + 1];  /* a group's rows exist */
  TsRackOptions         rack_options;
  gboolean              presenting;       /* presenter mode */
  gboolean              unfullscreen_on_leave;  /* presenter mode made it fullscreen */

  /* template children */
  AdwToastOverlay      *toast_overlay;
  AdwLeaflet           *leaflet;
  GtkWidget            *back_button;
  GtkWidget            *answer_button;
  AdwViewSwitcherTitle *switcher_title;
  AdwWindowTitle       *file_title;
  GtkWidget            *presenter_button;
  GtkWidget            *large_type_button;
  GtkWidget            *scenario_page;
  GtkWidget            *pane_separator;
  AdwViewSwitcherBar   *switcher_bar;
  AdwPreferencesGroup  *model_group;
  AdwPreferencesGroup  *method_group;
  AdwPreferencesGroup  *workload_group;
  AdwPreferencesGroup  *hardware_group;
  AdwExpanderRow       *advanced_row;
  AdwExpanderRow       *site_row;
  GtkWidget            *customer_row;
  GtkWidget            *project_row;
  AdwActionRow         *model_row;
  GtkMenuButton        *model_button;
  GtkPopover           *model_popover;
  GtkSearchEntry       *model_search;
  GtkListBox           *model_list;
  GtkWidget            *headline_box;
  GtkWidget            *headline_bin;
  GtkWidget            *verdict_box;
  GtkImage             *verdict_icon;
  GtkLabel             *verdict_label;
  GtkLabel             *headline_label;
  AdwViewStack         *view_stack;
};

G_DEFINE_FINAL_TYPE (TsWindow, ts_window, ADW_TYPE_APPLICATION_WINDOW)

static void recompute (TsWindow *self);
static void sync_widgets (TsWindow *self);

static TsCatalog *
get_catalog (TsWindow *self)
{
  return ts_app_state_get_catalog (self->state);
}

/* ---------------------------------------------------------------------- */
/* The headline */

static const char *
method_explanation (TsMethod method)
{
  switch (method)
    {
    case TS_METHOD_FULL:
      return _("Trains every weight: about 16–18 bytes per parameter plus activations");
    case TS_METHOD_LORA:
      return _("Frozen BF16 base, 2 bytes per parameter, plus small trained adapters");
    case TS_METHOD_QLORA:
      return _("Frozen 4-bit base, about half a byte per parameter, plus adapters; often one card");
    case TS_N_METHODS:
    default:
      return "";
    }
}

/* The plan's own sentence (the CLI and the spec sheet say the same), in
 * the unit the user chose. */
static char *
headline_for (TsWindow *self)
{
  return ts_plan_dup_headline (self->plan, self->gib);
}

static void
show_verdict (TsWindow *self)
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

/* ---------------------------------------------------------------------- */
/* The answer pane */

static void
fill_options (TsWindow *self)
{
  guint select = GTK_INVALID_LIST_POSITION;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->plan->options->len; i++)
    g_ptr_array_add (items, ts_option_item_new (&g_array_index (self->plan->options, TsOption, i), i, self->gib));

  self->syncing = TRUE;
  g_list_store_splice (self->option_store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->option_store)),
                       items->pdata, items->len);
  if (self->shown_option >= 0 || self->plan->recommended >= 0)
    {
      guint wanted = self->shown_option >= 0 ? (guint) self->shown_option : (guint) self->plan->recommended;
      GListModel *model = G_LIST_MODEL (self->option_selection);

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(TsOptionItem) item = g_list_model_get_item (model, i);

          if (ts_option_item_get_index (item) == wanted)
            select = i;
        }
    }
  gtk_single_selection_set_selected (self->option_selection, select);
  self->syncing = FALSE;
}

/* Filling the comparison table makes a label per cell, which costs more
 * than the whole plan: on a hidden page it waits until the page is shown. */
static void
refresh_options (TsWindow *self)
{
  self->options_stale = TRUE;
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "servers") != 0)
    return;
  fill_options (self);
  self->options_stale = FALSE;
}

static void ensure_page (TsWindow  *self,
                         TsDrawing  d);

static void
visible_page_changed_cb (TsWindow *self)
{
  const char *visible = adw_view_stack_get_visible_child_name (self->view_stack);

  for (TsDrawing d = 0; d < TS_N_DRAWINGS; d++)
    if (g_strcmp0 (visible, view_names[d]) == 0)
      ensure_page (self, d);
  if (self->options_stale && self->plan != NULL)
    refresh_options (self);
}

static void
update_views (TsWindow *self)
{
  gboolean have_options = self->plan->options->len > 0;

  for (guint d = 0; d < TS_N_DRAWINGS; d++)
    {
      if (self->views[d] == NULL)
        continue;
      ts_drawing_view_set_gib (TS_DRAWING_VIEW (self->views[d]), self->gib);
      ts_drawing_view_set_plan (TS_DRAWING_VIEW (self->views[d]), self->plan, self->shown_option);
      if (self->empty_stacks[d] != NULL)
        gtk_stack_set_visible_child_name (GTK_STACK (self->empty_stacks[d]), have_options ? "view" : "empty");
    }
}

static void
show_plan (TsWindow *self)
{
  g_autofree char *headline = headline_for (self);

  gtk_label_set_label (self->headline_label, headline);
  show_verdict (self);
  update_views (self);
}

static void
find_shown_option (TsWindow *self)
{
  self->shown_option = -1;
  if (self->shown_server_id == NULL)
    return;
  for (guint i = 0; i < self->plan->options->len; i++)
    {
      const TsOption *o = &g_array_index (self->plan->options, TsOption, i);

      if (o->server != NULL && g_strcmp0 (o->server->id, self->shown_server_id) == 0)
        self->shown_option = i;
    }
  /* the plan itself holds the choice: every view reads the same option */
  ts_plan_choose_option (self->plan, self->shown_option);
}

static void
clear_row_error (TsWindow *self)
{
  if (self->error_row == NULL)
    return;
  gtk_widget_remove_css_class (self->error_row, "error");
  gtk_widget_set_tooltip_text (self->error_row, NULL);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->error_row), self->error_row_subtitle);
  g_clear_pointer (&self->error_row_subtitle, g_free);
  self->error_row = NULL;
}

static void
show_row_error (TsWindow   *self,
                GtkWidget  *row,
                const char *message)
{
  if (row == NULL || !ADW_IS_ACTION_ROW (row))
    row = GTK_WIDGET (self->model_row);
  if (self->error_row != row)
    {
      clear_row_error (self);
      self->error_row = row;
      self->error_row_subtitle = g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
    }
  gtk_widget_add_css_class (row, "error");
  gtk_widget_set_tooltip_text (row, message);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), message);
}

/* Writes the scenario for the next start, but only one that start could
 * read back: the same reader with the same catalog, so no reason to
 * refuse it goes unnoticed. */
static void
autosave_now (TsWindow *self)
{
  g_autofree char *json = NULL;
  g_autoptr(TsScenario) back = NULL;

  if (self->autosave_blocked)
    return;
  json = ts_scenario_to_string (self->scenario);
  back = ts_scenario_from_string (json, -1, get_catalog (self), "last-scenario", NULL);
  if (back == NULL)
    return;
  g_settings_set_string (self->settings, "last-scenario", json);
}

static gboolean
autosave_cb (gpointer user_data)
{
  TsWindow *self = user_data;

  self->autosave_id = 0;
  autosave_now (self);
  return G_SOURCE_REMOVE;
}

/* The folder a file is in, for the wide title's second line: “~/Quotes”
 * rather than the whole path when it is under the home folder. */
static char *
folder_for_title (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = NULL;

  if (parent == NULL)
    return g_strdup ("");
  if (g_file_equal (parent, home))
    return g_strdup ("~");
  relative = g_file_get_relative_path (home, parent);
  if (relative != NULL)
    return g_build_filename ("~", relative, NULL);
  return g_file_get_parse_name (parent);
}

/* The file's name and whether it has unsaved changes, in three places: the
 * narrow title's subtitle, the wide header's own title and the window's
 * title (task switcher, screen readers). */
static void
update_title (TsWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *wide_subtitle = NULL;
  g_autofree char *window_title = NULL;
  gboolean changed = self->dirty && self->file != NULL;

  if (self->file != NULL)
    name = g_file_get_basename (self->file);
  else
    /* Translators: the name of a scenario that was never saved to a
     * file; it shows at 360 px, keep it short */
    name = g_strdup (_("New scenario"));
  /* Translators: marks a scenario with changes that are not saved yet;
   * a scenario never saved says so already */
  subtitle = changed ? g_strdup_printf (_("%s (changed)"), name) : g_strdup (name);
  adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);

  if (changed)
    /* Translators: the wide header's second line, under the file's name */
    wide_subtitle = g_strdup (_("Unsaved changes"));
  else if (self->file != NULL)
    wide_subtitle = folder_for_title (self->file);
  else
    wide_subtitle = g_strdup ("");
  adw_window_title_set_title (self->file_title, subtitle);
  adw_window_title_set_subtitle (self->file_title, wide_subtitle);

  /* Translators: the window's title; %s is the scenario's name as in the header */
  window_title = g_strdup_printf (_("%s — Train Sizer"), subtitle);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static void
set_dirty (TsWindow *self,
           gboolean  dirty)
{
  self->dirty = dirty;
  update_title (self);
}

/* Recomputes the plan; row is what the user edited (for the error). */
static void
recompute_from (TsWindow  *self,
                GtkWidget *row)
{
  g_autoptr(GError) error = NULL;
  TsPlan *plan;
  TsPlan *old;

  plan = ts_plan_compute (get_catalog (self), self->scenario, &error);
  if (plan == NULL)
    {
      /* The last valid answer stays visible; the row says what is wrong. */
      show_row_error (self, row, error->message);
      return;
    }
  clear_row_error (self);

  /* Views borrow the plan: show_plan () hands them the new one, then the
   * old one can go. */
  old = g_steal_pointer (&self->plan);
  self->plan = plan;
  find_shown_option (self);
  refresh_options (self);
  show_plan (self);
  g_clear_pointer (&old, ts_plan_free);
}

static void
recompute (TsWindow *self)
{
  recompute_from (self, NULL);
}

static void
scenario_changed (TsWindow  *self,
                  GtkWidget *row)
{
  if (self->syncing)
    return;
  set_dirty (self, TRUE);
  recompute_from (self, row);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_cb, self);
}

static void
option_selected_cb (TsWindow *self)
{
  TsOptionItem *item = gtk_single_selection_get_selected_item (self->option_selection);

  if (self->syncing || item == NULL)
    return;
  g_free (self->shown_server_id);
  self->shown_server_id = g_strdup (ts_option_item_get_server_id (item));
  self->shown_option = ts_option_item_get_index (item);
  /* a print dialog or export holds this plan: leave it as it is */
  if (ts_plan_is_shared (self->plan))
    {
      recompute (self);
      return;
    }
  ts_plan_choose_option (self->plan, self->shown_option);
  show_plan (self);
}

/* ---------------------------------------------------------------------- */
/* The scenario pane */

static void
set_model_subtitle (TsWindow *self)
{
  const TsModel *m = &self->scenario->model;
  g_autofree char *params = ts_format_params (m->params);
  g_autofree char *subtitle = NULL;

  if (m->has_architecture && ts_architecture_is_moe (&m->arch))
    /* Translators: model row subtitle: name, parameter count, “MoE” = mixture of experts */
    subtitle = g_strdup_printf (_("%s · %s · MoE"), m->name, params);
  else
    /* Translators: model row subtitle: name and parameter count */
    subtitle = g_strdup_printf (_("%s · %s"), m->name, params);
  if (self->error_row == GTK_WIDGET (self->model_row))
    {
      g_free (self->error_row_subtitle);
      self->error_row_subtitle = g_steal_pointer (&subtitle);
    }
  else
    adw_action_row_set_subtitle (self->model_row, subtitle);
  gtk_menu_button_set_label (self->model_button, m->name);
  gtk_widget_set_visible (self->custom_params_row, self->scenario->model_id == NULL);
  gtk_widget_set_visible (self->custom_arch_row, self->scenario->model_id == NULL);
}

/* The name the custom model has that the window did not make up (one from
 * a scenario or model file), or NULL. The made-up names (“Custom model”,
 * “Custom model, 70B parameters”) follow the size and the switch; a given
 * name stays whatever is edited (it was lost when “Full architecture” was
 * turned on). */
static char *
custom_model_given_name (TsWindow *self)
{
  const TsModel *current = &self->scenario->model;
  TsModel generated = { 0 };
  gboolean made_up;

  if (self->scenario->model_id != NULL || current->name == NULL || *current->name == '\0')
    return NULL;
  if (g_str_equal (current->name, _("Custom model")))
    return NULL;
  made_up = ts_model_init_from_params (&generated, current->params, NULL)
            && g_strcmp0 (generated.name, current->name) == 0;
  ts_model_clear (&generated);
  return made_up ? NULL : g_strdup (current->name);
}

static void
apply_custom_model (TsWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *given_name = custom_model_given_name (self);
  TsModel model = { 0 };
  gboolean ok;

  if (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (self->custom_arch_row)))
    ok = ts_model_init_from_architecture (&model, given_name != NULL ? given_name : _("Custom model"),
                                          &self->custom_arch, &error);
  else
    ok = ts_model_init_from_params (&model, gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->custom_params_spin)) * BILLION,
                                    &error);
  if (!ok)
    {
      show_row_error (self, self->custom_arch_row, error->message);
      return;
    }
  if (given_name != NULL)
    {
      g_free (model.name);
      model.name = g_steal_pointer (&given_name);
    }
  ts_scenario_set_model (self->scenario, &model);
  ts_model_clear (&model);
  set_model_subtitle (self);
  scenario_changed (self, self->custom_params_row);
}

static void sync_arch_spins (TsWindow *self);

/* A model read whole from a file (ts-model-import.c): the scenario takes
 * it as it is, with its name, hf_id and source; the custom rows show its
 * layout, so that an edit starts from it (and then makes a model of the
 * window's, which no file describes). */
void
ts_window_set_custom_model (TsWindow      *self,
                            const TsModel *model)
{
  TsModel custom = { 0 };

  g_return_if_fail (TS_IS_WINDOW (self));
  g_return_if_fail (model != NULL);

  ts_model_copy (&custom, model);
  g_clear_pointer (&custom.id, g_free);
  ts_scenario_set_model (self->scenario, &custom);
  ts_model_clear (&custom);
  self->syncing = TRUE;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->custom_params_spin), model->params / BILLION);
  if (model->has_architecture)
    {
      self->custom_arch = model->arch;
      adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self->custom_arch_row), TRUE);
    }
  sync_arch_spins (self);
  self->syncing = FALSE;
  set_model_subtitle (self);
  scenario_changed (self, GTK_WIDGET (self->model_row));
}

static void
model_activated_cb (TsWindow      *self,
                    GtkListBoxRow *row)
{
  TsCatalog *catalog = get_catalog (self);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "model-index"));

  gtk_popover_popdown (self->model_popover);
  if (g_str_has_prefix (gtk_widget_get_name (GTK_WIDGET (row)), "custom-"))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), g_str_equal (gtk_widget_get_name (GTK_WIDGET (row)), "custom-open")
                                  ? "win.import-model-file" : "win.paste-model-config", NULL);
      return;
    }
  if (index == 0)
    {
      /* Already custom: the rows made it, or a file did, whose source
       * and hf_id remaking it from the rows would drop. */
      if (self->scenario->model_id != NULL)
        apply_custom_model (self);
      return;
    }
  ts_scenario_set_model (self->scenario, &ts_catalog_get_model (catalog, index - 1)->model);
  set_model_subtitle (self);
  scenario_changed (self, GTK_WIDGET (self->model_row));
}

static const char *
row_family (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), "family");
}

static void
model_header_cb (GtkListBoxRow *row,
                 GtkListBoxRow *before,
                 gpointer       user_data)
{
  GtkWidget *label;

  if (before != NULL && g_strcmp0 (row_family (row), row_family (before)) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  label = gtk_label_new (row_family (row));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_start (label, 6);
  gtk_list_box_row_set_header (row, label);
}

static gboolean
model_filter_cb (GtkListBoxRow *row,
                 gpointer       user_data)
{
  TsWindow *self = user_data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->model_search));
  const char *haystack = g_object_get_data (G_OBJECT (row), "search");
  g_autofree char *needle = NULL;

  if (text == NULL || *text == '\0')
    return TRUE;
  needle = g_utf8_casefold (text, -1);
  return strstr (haystack, needle) != NULL;
}

static void
model_search_changed_cb (TsWindow *self)
{
  gtk_list_box_invalidate_filter (self->model_list);
  gtk_list_box_invalidate_headers (self->model_list);
}

static void
model_search_activate_cb (TsWindow *self)
{
  /* Enter picks the first model that matches. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->model_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && gtk_widget_get_child_visible (child))
      {
        model_activated_cb (self, GTK_LIST_BOX_ROW (child));
        return;
      }
}

static GtkWidget *
model_list_row (const char *id,
                const char *name,
                const char *family,
                const char *size,
                gboolean    moe,
                guint       index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (name);
  g_autofree char *search = g_strdup_printf ("%s %s %s", name, family, id != NULL ? id : "");

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  if (moe)
    {
      /* Translators: “mixture of experts”, a kind of model; keep it short */
      GtkWidget *tag = gtk_label_new (_("MoE"));

      gtk_widget_add_css_class (tag, "tag");
      gtk_widget_set_tooltip_text (tag, _("Mixture of experts: only some weights work on each token"));
      gtk_box_append (GTK_BOX (box), tag);
    }
  if (size != NULL)
    {
      GtkWidget *size_label = gtk_label_new (size);

      gtk_widget_add_css_class (size_label, "dim-label");
      gtk_widget_add_css_class (size_label, "numeric");
      gtk_box_append (GTK_BOX (box), size_label);
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "model-index", GUINT_TO_POINTER (index));
  g_object_set_data_full (G_OBJECT (row), "family", g_strdup (family), g_free);
  g_object_set_data_full (G_OBJECT (row), "search", g_utf8_casefold (search, -1), g_free);
  if (id != NULL)
    gtk_widget_set_name (row, id);
  return row;
}

static void
fill_model_list (TsWindow *self)
{
  TsCatalog *catalog = get_catalog (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->model_list))) != NULL)
    gtk_list_box_remove (self->model_list, child);

  /* The catalog lists models grouped by family already. */
  for (guint i = 0; i < ts_catalog_get_n_models (catalog); i++)
    {
      const TsModel *m = &ts_catalog_get_model (catalog, i)->model;
      g_autofree char *size = ts_format_params (m->params);

      gtk_list_box_append (self->model_list,
                           model_list_row (m->id, m->name, m->family != NULL ? m->family : "", size,
                                           m->has_architecture && ts_architecture_is_moe (&m->arch), i + 1));
    }
  /* Translators: the last entry of the model list: enter your own model */
  gtk_list_box_append (self->model_list, model_list_row ("custom", _("Custom…"), _("Your own model"), NULL, FALSE, 0));
  /* Custom from a file (ts-model-import.c): rows that run an action. */
  gtk_list_box_append (self->model_list, model_list_row ("custom-open", _("Open a Model File…"), _("Your own model"), NULL, FALSE, 0));
  gtk_list_box_append (self->model_list, model_list_row ("custom-paste", _("Paste config.json…"), _("Your own model"), NULL, FALSE, 0));
}

/* The picker lists every model of the catalog, a row each: made when it
 * first opens, not at start-up. */
static void
ensure_model_list (TsWindow *self)
{
  if (!self->models_stale)
    return;
  self->models_stale = FALSE;
  fill_model_list (self);
}

static void
field_get (const TsScenario *s,
           const FieldSpec  *f,
           double           *value)
{
  const char *base = (const char *) s;
  gint32 i;
  guint32 u;

  switch (f->kind)
    {
    case FIELD_DOUBLE:
      memcpy (value, base + f->offset, sizeof (double));
      break;
    case FIELD_UINT:
      memcpy (&u, base + f->offset, sizeof u);
      *value = u;
      break;
    case FIELD_BOOL:
    case FIELD_CHOICE:
    default:
      memcpy (&i, base + f->offset, sizeof i);
      *value = i;
      break;
    }
}

static void
field_set (TsScenario      *s,
           const FieldSpec *f,
           double           value)
{
  char *base = (char *) s;
  gint32 i = (gint32) value;
  guint32 u = value < 0 ? 0 : (guint32) value;

  switch (f->kind)
    {
    case FIELD_DOUBLE:
      memcpy (base + f->offset, &value, sizeof value);
      break;
    case FIELD_UINT:
      memcpy (base + f->offset, &u, sizeof u);
      break;
    case FIELD_BOOL:
    case FIELD_CHOICE:
    default:
      memcpy (base + f->offset, &i, sizeof i);
      break;
    }
}

static guint
field_index (TsWindow  *self,
             GtkWidget *widget)
{
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (self->field_widgets[i] == widget)
      return i;
  g_assert_not_reached ();
}

static void
update_sensitivity (TsWindow *self)
{
  gboolean lora = self->scenario->method != TS_METHOD_FULL;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      if (self->field_rows[i] == NULL)
        continue;
      if (g_str_has_prefix (fields[i].key, "lora_"))
        gtk_widget_set_sensitive (self->field_rows[i], lora);
      else if (g_str_equal (fields[i].key, "servers"))
        gtk_widget_set_sensitive (self->field_rows[i], self->scenario->server_id != NULL);
      else if (g_str_equal (fields[i].key, "method"))
        adw_action_row_set_subtitle (ADW_ACTION_ROW (self->field_rows[i]),
                                     method_explanation (self->scenario->method));
    }
}

/* A layout control the user set is fixed, the planner keeps it;
 * “Automatic” hands the ZeRO stage back to it (issue 17). */
static void
note_layout_input (TsWindow        *self,
                   const FieldSpec *spec)
{
  if (g_str_equal (spec->key, "zero_stage") && self->scenario->zero_stage < 0)
    ts_scenario_search_input (self->scenario, spec->key);
  else
    ts_scenario_fix_input (self->scenario, spec->key);
}

static void
spin_changed_cb (GtkSpinButton *spin,
                 TsWindow      *self)
{
  guint i = field_index (self, GTK_WIDGET (spin));

  if (self->syncing)
    return;
  field_set (self->scenario, &fields[i], gtk_spin_button_get_value (spin) * fields[i].scale);
  note_layout_input (self, &fields[i]);
  scenario_changed (self, self->field_rows[i]);
}

static void
switch_changed_cb (GtkSwitch  *sw,
                   GParamSpec *pspec,
                   TsWindow   *self)
{
  guint i = field_index (self, GTK_WIDGET (sw));

  if (self->syncing)
    return;
  field_set (self->scenario, &fields[i], gtk_switch_get_active (sw));
  note_layout_input (self, &fields[i]);
  scenario_changed (self, self->field_rows[i]);
}

static void
choice_changed_cb (AdwComboRow *row,
                   GParamSpec  *pspec,
                   TsWindow    *self)
{
  guint i = field_index (self, GTK_WIDGET (row));
  guint selected = adw_combo_row_get_selected (row);

  if (self->syncing || selected >= fields[i].n_choices)
    return;
  field_set (self->scenario, &fields[i], fields[i].values[selected]);
  note_layout_input (self, &fields[i]);
  update_sensitivity (self);
  scenario_changed (self, GTK_WIDGET (row));
}

static void
hardware_changed_cb (TsWindow *self)
{
  TsCatalog *catalog = get_catalog (self);
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->hardware_row));

  if (self->syncing)
    return;
  if (selected == 0 || selected > ts_catalog_get_n_servers (catalog))
    ts_scenario_set_server (self->scenario, NULL);
  else
    ts_scenario_set_server (self->scenario, ts_catalog_get_server (catalog, selected - 1)->id);
  update_sensitivity (self);
  scenario_changed (self, self->hardware_row);
}

/* The engine's rule, as the file reader and the CLI apply it: a code the
 * file could not hold again stays out of the scenario, and the row says
 * why. */
static void
currency_changed_cb (TsWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->currency_row));
  g_autoptr(GError) error = NULL;

  if (self->syncing)
    return;
  if (!ts_scenario_check_currency (text, &error))
    {
      gtk_widget_add_css_class (self->currency_row, "error");
      gtk_widget_set_tooltip_text (self->currency_row, error->message);
      return;
    }
  gtk_widget_remove_css_class (self->currency_row, "error");
  gtk_widget_set_tooltip_text (self->currency_row, NULL);
  ts_scenario_set_currency (self->scenario, text);
  scenario_changed (self, NULL);
}

/* GtkSpinButton writes its value with the C library's LC_NUMERIC, which the
 * in-app language does not change (and C.UTF-8 has no grouping): show the
 * number the way the rest of the window writes it — «10,5» and «2 048» in
 * Russian, “10.5” and “2,048” in English. */
static gboolean
spin_output_cb (GtkSpinButton *spin,
                gpointer       user_data)
{
  g_autofree char *text = ts_format_number (gtk_spin_button_get_value (spin),
                                            (int) gtk_spin_button_get_digits (spin));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

/* Reads what spin_output_cb writes, and what people type: in English a comma
 * only groups thousands; in Russian it is the decimal separator. */
static int
spin_input_cb (GtkSpinButton *spin,
               double        *new_value,
               gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  g_autofree char *plain = NULL;

  if (ts_i18n_get_lang () == TS_LANG_EN)
    {
      g_auto(GStrv) parts = g_strsplit (text, ",", -1);

      plain = g_strjoinv ("", parts);
    }
  else
    plain = g_strdup (text);

  if (!ts_parse_number (plain, new_value, NULL))
    return GTK_INPUT_ERROR;
  return TRUE;
}

static GtkWidget *
new_spin (double lower,
          double upper,
          double step,
          guint  digits)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);

  g_signal_connect (spin, "output", G_CALLBACK (spin_output_cb), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (spin_input_cb), NULL);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
  /* Wide enough for the values people enter (“16,384”, “1 000”); GTK
   * would size it for the largest value and squeeze the row's title at
   * 360 px. */
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), SPIN_WIDTH_CHARS);
  gtk_widget_add_css_class (spin, "numeric");
  return spin;
}

/* A wrapping label asked how narrow it can be lays its text out a word a
 * line, shaping it again at every break: for the scenario's rows that was a
 * fifth of the start-up. With a line limit GTK takes the ellipsis as the
 * narrowest instead; no title or subtitle comes near this many lines, even
 * in Russian at 360 px. */
#define ROW_MAX_LINES 6

/* Every row of the scenario: a title, a plain-words subtitle (or none),
 * and the name tests and the error display find it by. type is an
 * AdwActionRow or a subclass. */
static GtkWidget *
new_row (GType       type,
         const char *name,
         const char *title,
         const char *subtitle)
{
  GtkWidget *row = g_object_new (type, "title", title, "subtitle", subtitle, NULL);

  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), ROW_MAX_LINES);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), ROW_MAX_LINES);
  if (name != NULL)
    gtk_widget_set_name (row, name);
  return row;
}

/* A row whose control (a spin button, a switch) sits at its end. */
static GtkWidget *
new_control_row (const char *name,
                 const char *title,
                 const char *subtitle,
                 GtkWidget  *control)
{
  GtkWidget *row = new_row (ADW_TYPE_ACTION_ROW, name, title, subtitle);

  adw_action_row_add_suffix (ADW_ACTION_ROW (row), control);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), control);
  gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  return row;
}

static void
add_row (TsWindow   *self,
         FieldGroup  group,
         GtkWidget  *row)
{
  switch (group)
    {
    case GROUP_METHOD:
      adw_preferences_group_add (self->method_group, row);
      break;
    case GROUP_WORKLOAD:
      adw_preferences_group_add (self->workload_group, row);
      break;
    case GROUP_HARDWARE:
      adw_preferences_group_add (self->hardware_group, row);
      break;
    case GROUP_ADVANCED:
      adw_expander_row_add_row (self->advanced_row, row);
      break;
    case GROUP_SITE:
    default:
      adw_expander_row_add_row (self->site_row, row);
      break;
    }
}

static void
fill_hardware_list (TsWindow *self)
{
  TsCatalog *catalog = get_catalog (self);
  g_autoptr(GtkStringList) servers = gtk_string_list_new (NULL);

  /* Translators: the first choice of the hardware row */
  gtk_string_list_append (servers, _("Recommend for me"));
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    gtk_string_list_append (servers, ts_catalog_get_server (catalog, i)->name);
  self->syncing = TRUE;
  adw_combo_row_set_model (ADW_COMBO_ROW (self->hardware_row), G_LIST_MODEL (servers));
  self->syncing = FALSE;
}

/* The rows of one group. Advanced and Site start collapsed: their rows
 * are made when first expanded (or asked for), not at start-up, where GTK
 * would lay out their two dozen labels for nothing. */
static void
build_group_rows (TsWindow   *self,
                  FieldGroup  group)
{
  if (self->built[group])
    return;
  self->built[group] = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const FieldSpec *f = &fields[i];
      const char *subtitle = f->subtitle != NULL ? _(f->subtitle) : NULL;
      GtkWidget *row;
      GtkWidget *widget;

      if (f->group != group)
        continue;
      if (f->kind == FIELD_CHOICE)
        {
          g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);

          for (guint c = 0; c < f->n_choices; c++)
            gtk_string_list_append (choices, _(f->choices[c]));
          row = widget = new_row (ADW_TYPE_COMBO_ROW, f->key, _(f->title), subtitle);
          adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
          gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, _(f->title), -1);
          g_signal_connect (row, "notify::selected", G_CALLBACK (choice_changed_cb), self);
        }
      else
        {
          if (f->kind == FIELD_BOOL)
            {
              widget = gtk_switch_new ();
              gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
              g_signal_connect (widget, "notify::active", G_CALLBACK (switch_changed_cb), self);
            }
          else
            {
              widget = new_spin (f->lower / f->scale, f->upper / f->scale, f->step, f->digits);
              g_signal_connect (widget, "value-changed", G_CALLBACK (spin_changed_cb), self);
            }
          row = new_control_row (f->key, _(f->title), subtitle, widget);
        }
      self->field_rows[i] = row;
      self->field_widgets[i] = widget;
      add_row (self, f->group, row);
    }

  if (group == GROUP_SITE)
    {
      self->currency_row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->currency_row), _("Currency of the price"));
      g_signal_connect_swapped (self->currency_row, "changed", G_CALLBACK (currency_changed_cb), self);
      adw_expander_row_add_row (self->site_row, self->currency_row);
    }
  /* Rows made after start-up (there is a plan then) show the scenario as
   * it is now. */
  if (self->plan != NULL)
    sync_widgets (self);
}

static void
expander_expanded_cb (TsWindow       *self,
                      GParamSpec     *pspec,
                      AdwExpanderRow *expander)
{
  if (adw_expander_row_get_expanded (expander))
    build_group_rows (self, expander == self->advanced_row ? GROUP_ADVANCED : GROUP_SITE);
}

static void
server_item_setup_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* Whole names, wrapped: cut at the popover's width, four Supermicro
   * SYS-521GE-TNRT configurations all read “Supermicro SYS-521G…”; the
   * part that tells them apart comes last. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
server_item_bind_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  user_data)
{
  GtkStringObject *name = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (name));
}

static void
build_field_rows (TsWindow *self)
{
  g_autoptr(GtkListItemFactory) server_factory = gtk_signal_list_item_factory_new ();

  /* Hardware first in its group: “Recommend for me” or a server. */
  self->hardware_row = new_row (ADW_TYPE_COMBO_ROW, "hardware", _("Server or card"), NULL);
  /* Server names are long (“Supermicro AS-8125GS-TNMR2 (8 × MI300X)”):
   * the choice is the row's wrapping subtitle, never cut short at the
   * row's end; the explanation goes to the group. */
  adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (self->hardware_row), TRUE);
  g_signal_connect (server_factory, "setup", G_CALLBACK (server_item_setup_cb), NULL);
  g_signal_connect (server_factory, "bind", G_CALLBACK (server_item_bind_cb), NULL);
  adw_combo_row_set_list_factory (ADW_COMBO_ROW (self->hardware_row), server_factory);
  adw_preferences_group_set_description (self->hardware_group,
                                         _("Let the program pick, or size a server you have in mind"));
  fill_hardware_list (self);
  g_signal_connect_swapped (self->hardware_row, "notify::selected", G_CALLBACK (hardware_changed_cb), self);
  adw_preferences_group_add (self->hardware_group, self->hardware_row);

  build_group_rows (self, GROUP_METHOD);
  build_group_rows (self, GROUP_WORKLOAD);
  build_group_rows (self, GROUP_HARDWARE);
  g_signal_connect_swapped (self->advanced_row, "notify::expanded", G_CALLBACK (expander_expanded_cb), self);
  g_signal_connect_swapped (self->site_row, "notify::expanded", G_CALLBACK (expander_expanded_cb), self);
}

static void
arch_changed_cb (TsWindow *self)
{
  guint *targets[] = {
    &self->custom_arch.layers, &self->custom_arch.hidden_size, &self->custom_arch.attention_heads,
    &self->custom_arch.kv_heads, &self->custom_arch.ffn_size, &self->custom_arch.vocab_size,
    &self->custom_arch.experts, &self->custom_arch.active_experts,
  };

  if (self->syncing)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    *targets[i] = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->arch_spins[i]));
  if (self->custom_arch.attention_heads > 0)
    self->custom_arch.head_dim = self->custom_arch.hidden_size / self->custom_arch.attention_heads;
  if (self->custom_arch.experts > 0 && self->custom_arch.expert_ffn_size == 0)
    self->custom_arch.expert_ffn_size = self->custom_arch.ffn_size;
  apply_custom_model (self);
}

static void
sync_arch_spins (TsWindow *self)
{
  const guint values[] = {
    self->custom_arch.layers, self->custom_arch.hidden_size, self->custom_arch.attention_heads,
    self->custom_arch.kv_heads, self->custom_arch.ffn_size, self->custom_arch.vocab_size,
    self->custom_arch.experts, self->custom_arch.active_experts,
  };
  gboolean was_syncing = self->syncing;

  self->syncing = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->arch_spins[i]), values[i]);
  self->syncing = was_syncing;
}

static void
custom_params_changed_cb (TsWindow *self)
{
  if (self->syncing)
    return;
  ts_architecture_infer (gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->custom_params_spin)) * BILLION,
                         &self->custom_arch);
  sync_arch_spins (self);
  apply_custom_model (self);
}

static void
build_custom_rows (TsWindow *self)
{
  static const char *const arch_titles[] = {
    N_("Layers"), N_("Hidden size"), N_("Attention heads"), N_("Key/value heads"),
    N_("Feed-forward size"), N_("Vocabulary"), N_("Experts"), N_("Experts per token"),
  };

  self->custom_params_spin = new_spin (TS_MODEL_MIN_PARAMS / BILLION, TS_MODEL_MAX_PARAMS / BILLION, 1, 2);
  self->custom_params_row = new_control_row ("custom_params", _("Parameters, billions"),
                                             _("The size of your model; the layout is estimated from it"),
                                             self->custom_params_spin);
  g_signal_connect_swapped (self->custom_params_spin, "value-changed", G_CALLBACK (custom_params_changed_cb), self);
  adw_preferences_group_add (self->model_group, self->custom_params_row);

  self->custom_arch_row = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->custom_arch_row), _("Full architecture"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self->custom_arch_row),
                                 _("Enter the layers and sizes from the model’s configuration"));
  adw_expander_row_set_show_enable_switch (ADW_EXPANDER_ROW (self->custom_arch_row), TRUE);
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self->custom_arch_row), FALSE);
  g_signal_connect_swapped (self->custom_arch_row, "notify::enable-expansion", G_CALLBACK (arch_changed_cb), self);
  for (guint i = 0; i < G_N_ELEMENTS (arch_titles); i++)
    {
      self->arch_spins[i] = new_spin (0, ARCH_SPIN_MAX, 1, 0);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (self->custom_arch_row),
                                new_control_row (NULL, _(arch_titles[i]), NULL, self->arch_spins[i]));
      g_signal_connect_swapped (self->arch_spins[i], "value-changed", G_CALLBACK (arch_changed_cb), self);
    }
  adw_preferences_group_add (self->model_group, self->custom_arch_row);
}

/* Sets every control from the scenario without recomputing for each. */
static void
sync_widgets (TsWindow *self)
{
  TsCatalog *catalog = get_catalog (self);
  guint hardware = 0;

  self->syncing = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const FieldSpec *f = &fields[i];
      double value;

      if (self->field_widgets[i] == NULL)
        continue;
      field_get (self->scenario, f, &value);
      if (f->kind == FIELD_CHOICE)
        {
          for (guint c = 0; c < f->n_choices; c++)
            if (f->values[c] == (int) value)
              adw_combo_row_set_selected (ADW_COMBO_ROW (self->field_widgets[i]), c);
        }
      else if (f->kind == FIELD_BOOL)
        gtk_switch_set_active (GTK_SWITCH (self->field_widgets[i]), value != 0);
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->field_widgets[i]), value / f->scale);
    }
  for (guint i = 0; self->scenario->server_id != NULL && i < ts_catalog_get_n_servers (catalog); i++)
    if (g_strcmp0 (ts_catalog_get_server (catalog, i)->id, self->scenario->server_id) == 0)
      hardware = i + 1;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->hardware_row), hardware);
  if (self->currency_row != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->currency_row),
                           self->scenario->currency != NULL ? self->scenario->currency : "");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->custom_params_spin), self->scenario->model.params / BILLION);
  if (self->scenario->model_id == NULL && self->scenario->model.has_architecture)
    self->custom_arch = self->scenario->model.arch;
  else
    ts_architecture_infer (self->scenario->model.params, &self->custom_arch);
  sync_arch_spins (self);
  self->syncing = FALSE;

  set_model_subtitle (self);
  update_sensitivity (self);
}

/* ---------------------------------------------------------------------- */
/* Answer views */

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
saved_cb (TsWindow   *self,
          GFile      *file,
          const char *error_message,
          gpointer    view);

static GtkWidget *
drawing_page (TsWindow  *self,
              TsDrawing  drawing,
              GtkWidget *above,
              GtkWidget *below)
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
  if (below != NULL)
    gtk_box_append (GTK_BOX (box), below);
  /* The comparison table is wider than a narrow window: it scrolls
   * sideways; the drawings fit any width. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                  drawing == TS_DRAWING_COMPARISON ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
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
  return self->empty_stacks[drawing];
}

static void
column_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_INT (user_data) == TS_OPTION_COLUMN_SERVER ? 0 : 1);
  if (GPOINTER_TO_INT (user_data) == TS_OPTION_COLUMN_SERVER)
    {
      /* Long names wrap, whole, so the essential columns fit beside the
       * scenario on a 1280 px window. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
    }
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
column_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  TsOptionColumn column = GPOINTER_TO_INT (user_data);
  TsOptionItem *option = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));

  if (column == TS_OPTION_COLUMN_SERVER)
    gtk_label_set_markup (label, ts_option_item_get_text (option, column));
  else
    gtk_label_set_label (label, ts_option_item_get_text (option, column));
}

static int
column_compare_cb (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  return ts_option_item_compare (TS_OPTION_ITEM ((gpointer) a), TS_OPTION_ITEM ((gpointer) b),
                                 GPOINTER_TO_INT (user_data));
}

/* What the table shows at first, so it fits a 1280 px window beside the
 * scenario; the others (servers, GPUs, headroom, link, units, racks) are
 * a toggle away, and in the comparison and the CSV. */
static gboolean
is_essential_column (TsOptionColumn column)
{
  return column == TS_OPTION_COLUMN_SERVER || column == TS_OPTION_COLUMN_VERDICT
         || column == TS_OPTION_COLUMN_GPU_MEMORY || column == TS_OPTION_COLUMN_TIME
         || column == TS_OPTION_COLUMN_POWER;
}

static void
all_columns_toggled_cb (GtkToggleButton *button,
                        TsWindow        *self)
{
  gboolean all = gtk_toggle_button_get_active (button);

  for (int c = 0; c < TS_N_OPTION_COLUMNS; c++)
    gtk_column_view_column_set_visible (self->option_columns[c], all || is_essential_column (c));
}

/* The table with its buttons: all columns, compare two, export. */
static GtkWidget *
options_box (TsWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *all = gtk_toggle_button_new_with_mnemonic (_("_All Columns"));
  GtkWidget *compare = gtk_button_new_with_mnemonic (_("_Compare…"));
  GtkWidget *export = gtk_button_new_with_mnemonic (_("Export _CSV…"));

  gtk_widget_set_halign (bar, GTK_ALIGN_END);
  gtk_widget_set_tooltip_text (all, _("Show every column of the table"));
  gtk_widget_set_name (all, "all-columns");
  g_signal_connect (all, "toggled", G_CALLBACK (all_columns_toggled_cb), self);
  gtk_widget_set_tooltip_text (compare, _("Two options side by side, with what differs marked"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (compare), "win.compare");
  gtk_widget_set_tooltip_text (export, _("Save the table as a spreadsheet file"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "win.export-csv");
  gtk_box_append (GTK_BOX (bar), all);
  gtk_box_append (GTK_BOX (bar), compare);
  gtk_box_append (GTK_BOX (bar), export);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->option_view));
  return box;
}

static GtkWidget *
build_option_view (TsWindow *self)
{
  static const char *const titles[TS_N_OPTION_COLUMNS] = {
    N_("Server"), N_("Servers"), N_("GPUs"), N_("Memory per GPU"), N_("Headroom"),
    N_("Verdict"), N_("GPU link"), N_("Time"), N_("Power"), N_("Units"), N_("Racks"),
  };
  GtkSortListModel *sorted;

  self->option_store = g_list_store_new (TS_TYPE_OPTION_ITEM);
  self->option_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->option_view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->option_view), "data-table");
  gtk_widget_add_css_class (GTK_WIDGET (self->option_view), "card");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->option_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Hardware options"), -1);

  for (int c = 0; c < TS_N_OPTION_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (column_compare_cb, GINT_TO_POINTER (c), NULL));

      g_signal_connect (factory, "setup", G_CALLBACK (column_setup_cb), GINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (column_bind_cb), GINT_TO_POINTER (c));
      column = gtk_column_view_column_new (_(titles[c]), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      if (c == TS_OPTION_COLUMN_SERVER)
        gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_column_set_visible (column, is_essential_column (c));
      gtk_column_view_append_column (self->option_view, column);
      self->option_columns[c] = column;
      g_object_unref (column);
      g_object_unref (sorter);
    }

  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->option_store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->option_view)));
  self->option_selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->option_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->option_selection, TRUE);
  gtk_column_view_set_model (self->option_view, GTK_SELECTION_MODEL (self->option_selection));
  g_signal_connect_swapped (self->option_selection, "notify::selected", G_CALLBACK (option_selected_cb), self);

  return options_box (self);
}

static void
rack_toggled_cb (TsWindow *self)
{
  ts_drawing_view_set_rack_options (TS_DRAWING_VIEW (self->views[TS_DRAWING_RACK]), &self->rack_options);
}

static void
descending_toggled_cb (GtkToggleButton *button,
                       TsWindow        *self)
{
  self->rack_options.descending = gtk_toggle_button_get_active (button);
  rack_toggled_cb (self);
}

static void
rear_toggled_cb (GtkToggleButton *button,
                 TsWindow        *self)
{
  self->rack_options.rear = gtk_toggle_button_get_active (button);
  rack_toggled_cb (self);
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
rack_toolbar (TsWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *descending = icon_button (gtk_toggle_button_new (), "view-sort-descending-symbolic",
                                       _("Number the Units from the Top"));
  GtkWidget *rear = icon_button (gtk_toggle_button_new (), "view-mirror-symbolic", _("Rear View"));
  GtkWidget *zoom_out = icon_button (gtk_button_new (), "zoom-out-symbolic", _("Zoom Out"));
  GtkWidget *zoom_in = icon_button (gtk_button_new (), "zoom-in-symbolic", _("Zoom In"));

  gtk_widget_set_halign (box, GTK_ALIGN_END);
  g_signal_connect (descending, "toggled", G_CALLBACK (descending_toggled_cb), self);
  g_signal_connect (rear, "toggled", G_CALLBACK (rear_toggled_cb), self);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (zoom_out), "win.zoom-out");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (zoom_in), "win.zoom-in");
  gtk_box_append (GTK_BOX (box), descending);
  gtk_box_append (GTK_BOX (box), rear);
  gtk_box_append (GTK_BOX (box), zoom_out);
  gtk_box_append (GTK_BOX (box), zoom_in);
  return box;
}

/* The drawing, and what goes with it, on page d of the answer. Pages are
 * made when first shown (or asked for): the view stack measures every
 * page it holds, so four unseen pages cost a tenth of the start-up. */
static void
ensure_page (TsWindow  *self,
             TsDrawing  d)
{
  GtkWidget *above;

  if (self->views[d] != NULL)
    return;
  above = d == TS_DRAWING_COMPARISON ? build_option_view (self)
          : d == TS_DRAWING_RACK ? rack_toolbar (self) : NULL;
  adw_bin_set_child (ADW_BIN (self->views_pages[d]), drawing_page (self, d, above, NULL));
  if (d == TS_DRAWING_COMPARISON)
    gtk_widget_set_vexpand (self->views[d], FALSE);
  if (self->settings != NULL)
    ts_drawing_view_set_large_type (TS_DRAWING_VIEW (self->views[d]), g_settings_get_boolean (self->settings, "large-type"));
  ts_drawing_view_set_presenting (TS_DRAWING_VIEW (self->views[d]), self->presenting);
  if (self->plan != NULL)
    update_views (self);
}

static void
build_views (TsWindow *self)
{
  static const char *const titles[TS_N_DRAWINGS] = {
    N_("Memory"), N_("Servers"), N_("Rack"), N_("Power"), N_("Time & Cost"),
  };
  static const char *const icons[TS_N_DRAWINGS] = {
    "drive-multidisk-symbolic", "network-server-symbolic", "view-continuous-symbolic",
    "power-profile-performance-symbolic", "preferences-system-time-symbolic",
  };

  for (TsDrawing d = 0; d < TS_N_DRAWINGS; d++)
    {
      AdwViewStackPage *page;

      self->views_pages[d] = adw_bin_new ();
      page = adw_view_stack_add_titled (self->view_stack, self->views_pages[d], view_names[d], _(titles[d]));
      adw_view_stack_page_set_icon_name (page, icons[d]);
    }
  /* The first page is in sight at start. */
  ensure_page (self, TS_DRAWING_MEMORY);
}

/* ---------------------------------------------------------------------- */
/* Files */

/* The file's name for a message; valid until the next call. */
static const char *
file_name (GFile *file)
{
  static char *name;

  g_free (name);
  name = g_file_get_basename (file);
  return name;
}

static void
show_toast_for_file (TsWindow   *self,
                     char       *title,
                     GFile      *file)
{
  g_autofree char *owned_title = title;
  g_autofree char *uri = g_file_get_uri (file);
  AdwToast *toast = adw_toast_new (owned_title);

  adw_toast_set_button_label (toast, _("_Open"));
  adw_toast_set_action_name (toast, "win.open-uri");
  adw_toast_set_action_target_value (toast, g_variant_new_string (uri));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_error_toast (TsWindow   *self,
                  const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
saved_cb (TsWindow   *self,
          GFile      *file,
          const char *error_message,
          gpointer    view)
{
  if (error_message != NULL)
    show_error_toast (self, error_message);
  else
    /* Translators: a toast; %s is a file name */
    show_toast_for_file (self, g_strdup_printf (_("Saved “%s”"), file_name (file)), file);
}

static void continue_pending (TsWindow *self);

static gboolean
save_to (TsWindow *self,
         GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *uri = g_file_get_uri (file);

  if (!ts_scenario_save_file (self->scenario, path, &error))
    {
      show_error_toast (self, error->message);
      return FALSE;
    }
  g_set_object (&self->file, file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  set_dirty (self, FALSE);
  /* Translators: a toast; %s is a file name */
  show_toast_for_file (self, g_strdup_printf (_("Scenario saved as “%s”"), file_name (file)), file);
  return TRUE;
}

static void
save_as_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     TsWindow        *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (save_to (self, file))
        continue_pending (self);
      else
        self->pending = PENDING_NONE;
    }
  else
    self->pending = PENDING_NONE;
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static GtkFileFilter *
scenario_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Train Sizer scenarios"));
  gtk_file_filter_add_pattern (filter, "*.trainsizer");
  gtk_file_filter_add_mime_type (filter, "application/x-trainsizer-scenario");
  /* Scenarios saved before the type existed are plain .json files. */
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  return filter;
}

static void
save_as (TsWindow *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = scenario_filter ();

  dialog = gtk_file_chooser_native_new (_("Save Scenario"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    {
      /* The extension is not translated: it is what the file type is
       * recognised by (the MIME type in data/). */
      g_autofree char *name = g_strdup_printf ("%s.trainsizer", self->scenario->model.name);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (save_as_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save (TsWindow *self)
{
  if (self->file == NULL)
    save_as (self);
  else if (save_to (self, self->file))
    continue_pending (self);
  else
    self->pending = PENDING_NONE;
}

static void
set_scenario (TsWindow         *self,
              const TsScenario *scenario,
              GFile            *file)
{
  g_clear_pointer (&self->scenario, ts_scenario_free);
  self->scenario = ts_scenario_copy (scenario);
  g_set_object (&self->file, file);
  g_clear_pointer (&self->shown_server_id, g_free);
  sync_widgets (self);
  set_dirty (self, FALSE);
  recompute (self);
  autosave_now (self);
}

static void
new_scenario (TsWindow *self)
{
  g_autoptr(TsScenario) scenario = ts_scenario_new ();
  TsCatalog *catalog = get_catalog (self);

  if (ts_catalog_get_n_models (catalog) > 0)
    ts_scenario_set_model (scenario, &ts_catalog_get_model (catalog, 0)->model);
  set_scenario (self, scenario, NULL);
}

gboolean
ts_window_open_file (TsWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *path = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(TsScenario) scenario = NULL;

  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = ts_file_dup_local_path (file, error);
  if (path == NULL)
    return FALSE;
  scenario = ts_scenario_load_file (path, get_catalog (self), error);
  if (scenario == NULL)
    return FALSE;
  set_scenario (self, scenario, file);
  uri = g_file_get_uri (file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  return TRUE;
}

void
ts_window_show_error (TsWindow   *self,
                      const char *message)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  show_error_toast (self, message);
}

gboolean
ts_window_save_file (TsWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (!ts_scenario_save_file (self->scenario, path, error))
    return FALSE;
  g_set_object (&self->file, file);
  set_dirty (self, FALSE);
  return TRUE;
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  TsWindow        *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (!ts_window_open_file (self, file, &error))
        show_error_toast (self, error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
open_dialog (TsWindow *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = scenario_filter ();

  dialog = gtk_file_chooser_native_new (_("Open Scenario"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
continue_pending (TsWindow *self)
{
  PendingAction pending = self->pending;

  self->pending = PENDING_NONE;
  switch (pending)
    {
    case PENDING_NEW:
      new_scenario (self);
      break;
    case PENDING_OPEN:
      open_dialog (self);
      break;
    case PENDING_CLOSE:
      self->dirty = FALSE;
      gtk_window_close (GTK_WINDOW (self));
      break;
    case PENDING_NONE:
    default:
      break;
    }
}

static void
unsaved_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     TsWindow         *self)
{
  if (g_str_equal (response, "save"))
    save (self);
  else if (g_str_equal (response, "discard"))
    continue_pending (self);
  else
    self->pending = PENDING_NONE;
}

/* Runs pending now, or after asking what to do with unsaved changes. */
static void
maybe_ask_to_save (TsWindow      *self,
                   PendingAction  pending)
{
  GtkWidget *dialog;

  self->pending = pending;
  if (!self->dirty)
    {
      continue_pending (self);
      return;
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"),
                                   _("The scenario has changes that are not saved to a file. Changes you do not save are lost."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---------------------------------------------------------------------- */
/* Actions */

static void
new_activated (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  maybe_ask_to_save (TS_WINDOW (user_data), PENDING_NEW);
}

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  maybe_ask_to_save (TS_WINDOW (user_data), PENDING_OPEN);
}

static void
save_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  save (TS_WINDOW (user_data));
}

static void
save_as_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  save_as (TS_WINDOW (user_data));
}

#if TS_HAVE_PRINT
static const char *
pdf_language (TsWindow *self)
{
  g_autofree char *value = g_settings_get_string (self->settings, "pdf-language");

  return ts_print_lang_from_setting (value);
}

static void
exported_cb (const char   *path,
             const GError *error,
             gpointer      user_data)
{
  TsWindow *self = user_data;
  g_autoptr(GFile) file = NULL;

  if (error != NULL)
    show_error_toast (self, error->message);
  else if (path != NULL)
    {
      file = g_file_new_for_path (path);
      /* Translators: a toast; %s is a file name */
      show_toast_for_file (self, g_strdup_printf (_("Spec sheet saved as “%s”"), file_name (file)), file);
    }
  g_object_unref (self);
}
#endif

/* ---------------------------------------------------------------------- */
/* The servers table: compare two options, export as CSV */

static void
compare_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  guint first, second;
  TsComparisonDialog *dialog;

  if (self->plan == NULL || self->plan->options->len == 0)
    return;
  /* The option on show beside the next one in rank (or the first). */
  first = self->shown_option >= 0 ? (guint) self->shown_option
          : self->plan->recommended >= 0 ? (guint) self->plan->recommended : 0;
  second = first + 1 < self->plan->options->len ? first + 1 : 0;
  dialog = ts_comparison_dialog_new (GTK_WINDOW (self), self->plan, self->gib, first, second);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
ts_window_export_csv (TsWindow  *self,
                      GFile     *file,
                      GError   **error)
{
  g_autofree char *path = NULL;
  g_autofree char *csv = NULL;

  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = ts_file_dup_local_path (file, error);
  if (path == NULL)
    return FALSE;
  csv = ts_plan_options_to_csv (self->plan);
  return ts_file_write_atomic (path, csv, strlen (csv), error);
}

static void
export_csv_response_cb (GtkNativeDialog *dialog,
                        int              response,
                        TsWindow        *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (!ts_window_export_csv (self, file, &error))
        show_error_toast (self, error->message);
      else
        /* Translators: a toast; %s is a file name */
        show_toast_for_file (self, g_strdup_printf (_("Servers saved as “%s”"), file_name (file)), file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
export_csv_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  /* Translators: the file name offered for the servers table; keep .csv */
  g_autofree char *name = g_strdup_printf (_("%s servers.csv"), self->scenario->model.name);

  if (self->plan == NULL)
    return;
  gtk_file_filter_set_name (filter, _("CSV spreadsheets"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_mime_type (filter, "text/csv");
  dialog = gtk_file_chooser_native_new (_("Export Servers as CSV"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (export_csv_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---------------------------------------------------------------------- */
/* Branding: who offers the hardware (Preferences) and to whom (the window) */

/* A document field's text, or NULL (and the row marked) when it is one
 * the spec sheet must not print: the scenario's limits for a name. */
static char *
document_text (GtkWidget  *row,
               const char *field)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  if (!ts_scenario_check_text (text, field, TS_MAX_NAME_CHARS, &error))
    {
      gtk_widget_add_css_class (row, "error");
      gtk_widget_set_tooltip_text (row, error->message);
      return NULL;
    }
  gtk_widget_remove_css_class (row, "error");
  gtk_widget_set_tooltip_text (row, NULL);
  return *text != '\0' ? g_strdup (text) : NULL;
}

static void
document_changed_cb (GtkWidget *row)
{
  g_autofree char *text = document_text (row, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
}

/* Hands the spec sheet module what it prints about the vendor and the
 * customer; called before every print, preview and export. */
static void
pass_branding (TsWindow *self)
{
#if TS_HAVE_PRINT
  g_autoptr(TsPrintBranding) branding = g_new0 (TsPrintBranding, 1);

  branding->vendor_name = g_settings_get_string (self->settings, "vendor-name");
  branding->vendor_contact = g_settings_get_string (self->settings, "vendor-contact");
  branding->quote_address = g_settings_get_string (self->settings, "quote-address");
  branding->logo_file = g_settings_get_string (self->settings, "logo-file");
  branding->customer = document_text (self->customer_row,
                                      adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->customer_row)));
  branding->project = document_text (self->project_row,
                                     adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->project_row)));
  ts_print_set_branding (GTK_WINDOW (self), branding);
#endif
}

const char *
ts_window_get_customer (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->customer_row));
}

void
ts_window_set_document (TsWindow   *self,
                        const char *customer,
                        const char *project)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  gtk_editable_set_text (GTK_EDITABLE (self->customer_row), customer != NULL ? customer : "");
  gtk_editable_set_text (GTK_EDITABLE (self->project_row), project != NULL ? project : "");
  pass_branding (self);
}

static void
export_pdf_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
#if TS_HAVE_PRINT
  TsWindow *self = TS_WINDOW (user_data);

  pass_branding (self);
  ts_print_export_pdf_dialog (GTK_WINDOW (self), self->plan, pdf_language (self), exported_cb, g_object_ref (self));
#endif
}

static void
print_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
#if TS_HAVE_PRINT
  TsWindow *self = TS_WINDOW (user_data);

  pass_branding (self);
  ts_print_run_dialog (GTK_WINDOW (self), self->plan, pdf_language (self));
#endif
}

static void
print_preview_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
#if TS_HAVE_PRINT
  TsWindow *self = TS_WINDOW (user_data);

  pass_branding (self);
  ts_print_run_preview (GTK_WINDOW (self), self->plan, pdf_language (self));
#endif
}

static void
request_quote_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  g_autofree char *own_address = g_settings_get_string (self->settings, "quote-address");
  /* The vendor's own address (Preferences) before the catalog's. */
  const char *email = *own_address != '\0' ? own_address : ts_catalog_get_quote_email (get_catalog (self));
  g_autofree char *subject = NULL;
  g_autofree char *body = NULL;
  g_autofree char *subject_escaped = NULL;
  g_autofree char *body_escaped = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *json = ts_scenario_to_string (self->scenario);
  AdwToast *toast;

  /* Translators: subject of the quote request e-mail; %s is the model */
  subject = g_strdup_printf (_("Quote request: training %s"), self->scenario->model.name);
  /* Translators: body of the quote request e-mail: the headline, then the
   * scenario as a file the vendor can open in Train Sizer */
  body = g_strdup_printf (_("Hello,\n\nplease quote the hardware for this training job.\n\n%s\n\nThe scenario (Train Sizer file):\n\n%s\n"),
                          gtk_label_get_label (self->headline_label), json);
  subject_escaped = g_uri_escape_string (subject, NULL, FALSE);
  body_escaped = g_uri_escape_string (body, NULL, FALSE);
  uri = g_strdup_printf ("mailto:%s?subject=%s&body=%s", email != NULL ? email : "", subject_escaped, body_escaped);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);

  /* Translators: a toast after the e-mail opened */
  toast = adw_toast_new (_("Attach the spec sheet to the e-mail"));
  adw_toast_set_button_label (toast, _("Export _PDF…"));
  adw_toast_set_action_name (toast, "win.export-pdf");
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
open_uri_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  gtk_show_uri (GTK_WINDOW (user_data), g_variant_get_string (parameter, NULL), GDK_CURRENT_TIME);
}

static void
fullscreen_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  GtkWindow *window = GTK_WINDOW (user_data);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

/* The drawing on the visible page of the answer. */
static GtkWidget *
visible_view (TsWindow *self)
{
  const char *visible = adw_view_stack_get_visible_child_name (self->view_stack);

  for (TsDrawing d = 0; d < TS_N_DRAWINGS; d++)
    if (g_strcmp0 (visible, view_names[d]) == 0)
      {
        ensure_page (self, d);
        return self->views[d];
      }
  return self->views[TS_DRAWING_MEMORY];
}

static void
show_answer_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);

  adw_leaflet_set_visible_child_name (self->leaflet, "answer");
  /* Focus the drawing, not the first focusable widget of the page: that
   * is the selectable headline, which would show all its text selected. */
  gtk_widget_grab_focus (visible_view (self));
}

static void
show_scenario_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);

  adw_leaflet_set_visible_child_name (self->leaflet, "scenario");
}

static void
show_view_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action)) + strlen ("show-");

  /* On a narrow window the answer is a page of its own: go there too. */
  adw_leaflet_set_visible_child_name (self->leaflet, "answer");
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

/* Zoom and copy act on the drawing in sight, focused or not (a focused
 * drawing takes Ctrl+C, Ctrl+plus… itself). */
static void
view_action_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));
  g_autofree char *drawing_action = g_strconcat ("drawing.", g_str_equal (name, "copy-image") ? "copy" : name, NULL);

  gtk_widget_activate_action (visible_view (self), drawing_action, NULL);
}

/* ---------------------------------------------------------------------- */
/* Presenter mode: the answer alone, full screen, sized for a projector */

static void leaflet_changed_cb (TsWindow *self);

static void
set_action_enabled (TsWindow   *self,
                    const char *name,
                    gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
set_presenting (TsWindow *self,
                gboolean  presenting)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "presenter");

  if (self->presenting == presenting)
    return;
  self->presenting = presenting;
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (presenting));
  /* The stepping keys and Esc mean something only while presenting; a
   * disabled action lets the key go on to the focused widget. */
  set_action_enabled (self, "presenter-next", presenting);
  set_action_enabled (self, "presenter-previous", presenting);
  set_action_enabled (self, "presenter-leave", presenting);

  /* The leaflet lays out visible children only: without the scenario
   * pane the answer takes the whole width. */
  gtk_widget_set_visible (self->scenario_page, !presenting);
  gtk_widget_set_visible (self->pane_separator, !presenting);
  if (presenting)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "presenter");
      adw_leaflet_set_visible_child_name (self->leaflet, "answer");
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "presenter");
  for (TsDrawing d = 0; d < TS_N_DRAWINGS; d++)
    if (self->views[d] != NULL)
      ts_drawing_view_set_presenting (TS_DRAWING_VIEW (self->views[d]), presenting);

  if (presenting && !gtk_window_is_fullscreen (GTK_WINDOW (self)))
    {
      self->unfullscreen_on_leave = TRUE;
      gtk_window_fullscreen (GTK_WINDOW (self));
    }
  else if (!presenting && self->unfullscreen_on_leave)
    {
      self->unfullscreen_on_leave = FALSE;
      gtk_window_unfullscreen (GTK_WINDOW (self));
    }
  if (presenting)
    gtk_widget_grab_focus (visible_view (self));
  leaflet_changed_cb (self);
}

static void
presenter_change_state (GSimpleAction *action,
                        GVariant      *state,
                        gpointer       user_data)
{
  set_presenting (TS_WINDOW (user_data), g_variant_get_boolean (state));
}

static void
presenter_leave_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  set_presenting (TS_WINDOW (user_data), FALSE);
}

/* Left/Right and Page Up/Down (what a presentation clicker sends) step
 * through the pages in the switcher's order, stopping at either end as
 * slides do. */
static void
presenter_step_activated (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  int step = g_str_equal (g_action_get_name (G_ACTION (action)), "presenter-next") ? 1 : -1;
  const char *visible = adw_view_stack_get_visible_child_name (self->view_stack);
  int current = 0;

  for (int d = 0; d < TS_N_DRAWINGS; d++)
    if (g_strcmp0 (visible, view_names[d]) == 0)
      current = d;
  current = CLAMP (current + step, 0, TS_N_DRAWINGS - 1);
  adw_view_stack_set_visible_child_name (self->view_stack, view_names[current]);
  gtk_widget_grab_focus (visible_view (self));
}

static void
add_presenter_keys (TsWindow *self)
{
  static const struct {
    guint            keyval;
    const char      *action;
    GtkPropagationPhase phase;
  } keys[] = {
    /* Captured: while presenting nothing else on screen needs them, and a
     * focused button would otherwise take them to move the focus. */
    { GDK_KEY_Right, "win.presenter-next", GTK_PHASE_CAPTURE },
    { GDK_KEY_Page_Down, "win.presenter-next", GTK_PHASE_CAPTURE },
    { GDK_KEY_Left, "win.presenter-previous", GTK_PHASE_CAPTURE },
    { GDK_KEY_Page_Up, "win.presenter-previous", GTK_PHASE_CAPTURE },
    /* Bubbled: an open menu closes on Esc first. */
    { GDK_KEY_Escape, "win.presenter-leave", GTK_PHASE_BUBBLE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkEventController *controller = gtk_shortcut_controller_new ();

      gtk_event_controller_set_propagation_phase (controller, keys[i].phase);
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                            gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                                                              gtk_named_action_new (keys[i].action)));
      gtk_widget_add_controller (GTK_WIDGET (self), controller);
    }
}

static void unrestored_details_activated (GSimpleAction *action,
                                          GVariant      *parameter,
                                          gpointer       user_data);

static const GActionEntry win_actions[] = {
  { "new", new_activated, NULL, NULL, NULL },
  { "open", open_activated, NULL, NULL, NULL },
  { "save", save_activated, NULL, NULL, NULL },
  { "save-as", save_as_activated, NULL, NULL, NULL },
  { "export-pdf", export_pdf_activated, NULL, NULL, NULL },
  { "print", print_activated, NULL, NULL, NULL },
  { "request-quote", request_quote_activated, NULL, NULL, NULL },
  { "open-uri", open_uri_activated, "s", NULL, NULL },
  { "fullscreen", fullscreen_activated, NULL, NULL, NULL },
  { "show-answer", show_answer_activated, NULL, NULL, NULL },
  { "show-scenario", show_scenario_activated, NULL, NULL, NULL },
  { "show-memory", show_view_activated, NULL, NULL, NULL },
  { "show-servers", show_view_activated, NULL, NULL, NULL },
  { "show-rack", show_view_activated, NULL, NULL, NULL },
  { "show-power", show_view_activated, NULL, NULL, NULL },
  { "show-time", show_view_activated, NULL, NULL, NULL },
  { "zoom-in", view_action_activated, NULL, NULL, NULL },
  { "zoom-out", view_action_activated, NULL, NULL, NULL },
  { "zoom-reset", view_action_activated, NULL, NULL, NULL },
  { "copy-image", view_action_activated, NULL, NULL, NULL },
  { "print-preview", print_preview_activated, NULL, NULL, NULL },
  { "unrestored-details", unrestored_details_activated, NULL, NULL, NULL },
  { "presenter", NULL, NULL, "false", presenter_change_state },
  { "compare", compare_activated, NULL, NULL, NULL },
  { "export-csv", export_csv_activated, NULL, NULL, NULL },
  { "export-config", ts_export_dialog_activated, NULL, NULL, NULL },
  { "import-model-file", ts_model_import_file_activated, NULL, NULL, NULL },
  { "paste-model-config", ts_model_import_paste_activated, NULL, NULL, NULL },
  { "presenter-next", presenter_step_activated, NULL, NULL, NULL },
  { "presenter-previous", presenter_step_activated, NULL, NULL, NULL },
  { "presenter-leave", presenter_leave_activated, NULL, NULL, NULL },
};

/* ---------------------------------------------------------------------- */
/* Layout, settings, lifecycle */

/* One pane at a time (360 px up to about 800): the verdict goes above the
 * headline, its icon beside its word, so the headline keeps the width;
 * and the switcher bar's narrow buttons get a page title short enough
 * for a fifth of a phone's width (“Time & Cost” was cut to “Time & C…”). */
static void
update_narrow_layout (TsWindow *self,
                      gboolean  folded)
{
  AdwViewStackPage *time = adw_view_stack_get_page (self->view_stack, self->views_pages[TS_DRAWING_TIME]);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->headline_box),
                                  folded ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->verdict_box),
                                  folded ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_halign (self->verdict_box, folded ? GTK_ALIGN_START : GTK_ALIGN_FILL);
  adw_view_stack_page_set_title (time, folded
                                 /* Translators: the Time & Cost page's title on a narrow
                                  * window, under a clock icon; at most about 8 characters */
                                 ? C_("narrow page title", "Cost")
                                 : _("Time & Cost"));
}

static gboolean
update_navigation_cb (gpointer user_data)
{
  TsWindow *self = user_data;
  gboolean folded = adw_leaflet_get_folded (self->leaflet);
  const char *visible = adw_leaflet_get_visible_child_name (self->leaflet);
  gboolean answer = g_strcmp0 (visible, "answer") == 0;

  gtk_widget_set_visible (self->back_button, folded && answer);
  gtk_widget_set_visible (self->answer_button, folded && !answer);
  /* A narrow header has no room for them; the main menu has both. */
  gtk_widget_set_visible (self->presenter_button, !folded || self->presenting);
  gtk_widget_set_visible (self->large_type_button, !folded && !self->presenting);
  /* The narrow title shows the file's name itself. */
  gtk_widget_set_visible (GTK_WIDGET (self->file_title),
                          !adw_view_switcher_title_get_title_visible (self->switcher_title));
  update_narrow_layout (self, folded);
  self->navigation_idle_id = 0;
  return G_SOURCE_REMOVE;
}

static void
leaflet_changed_cb (TsWindow *self)
{
  /* The leaflet folds while it is being allocated: changing the header
   * bar's buttons then would leave it without an allocation. */
  if (self->navigation_idle_id == 0)
    self->navigation_idle_id = g_idle_add (update_navigation_cb, self);
}

/* The bottom switcher is only revealed when the title has no room for
 * one; its buttons (an icon and two labels a page) are made then, not at
 * every start on a wide screen. */
static void
title_visible_cb (TsWindow *self)
{
  gboolean narrow = adw_view_switcher_title_get_title_visible (self->switcher_title);

  if (narrow && adw_view_switcher_bar_get_stack (self->switcher_bar) == NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, self->view_stack);
  /* The file's title follows in update_navigation_cb: title-visible
   * changes while the header bar is being allocated. */
  leaflet_changed_cb (self);
}

static void
large_type_changed_cb (TsWindow *self)
{
  gboolean large = g_settings_get_boolean (self->settings, "large-type");

  for (guint d = 0; d < TS_N_DRAWINGS; d++)
    if (self->views[d] != NULL)
      ts_drawing_view_set_large_type (TS_DRAWING_VIEW (self->views[d]), large);
  if (large)
    gtk_widget_add_css_class (GTK_WIDGET (self), "large-type");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "large-type");
}

static void
units_changed_cb (TsWindow *self)
{
  g_autofree char *units = g_settings_get_string (self->settings, "memory-units");

  self->gib = g_str_equal (units, "gib");
  if (self->plan != NULL)
    {
      refresh_options (self);
      show_plan (self);
    }
}

static gboolean
ts_window_close_request (GtkWindow *window)
{
  TsWindow *self = TS_WINDOW (window);
  int width, height;

  if (self->dirty && self->file != NULL)
    {
      maybe_ask_to_save (self, PENDING_CLOSE);
      return TRUE;
    }

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  autosave_now (self);

  return GTK_WINDOW_CLASS (ts_window_parent_class)->close_request (window);
}

static void
ts_window_dispose (GObject *object)
{
  TsWindow *self = TS_WINDOW (object);

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_handle_id (&self->navigation_idle_id, g_source_remove);
  for (guint d = 0; d < TS_N_DRAWINGS; d++)
    if (self->views[d] != NULL)
      ts_drawing_view_set_plan (TS_DRAWING_VIEW (self->views[d]), NULL, -1);
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_WINDOW);
  g_clear_object (&self->option_selection);
  g_clear_object (&self->option_store);
  g_clear_pointer (&self->plan, ts_plan_free);
  g_clear_pointer (&self->scenario, ts_scenario_free);
  g_clear_pointer (&self->shown_server_id, g_free);
  g_clear_pointer (&self->error_row_subtitle, g_free);
  g_clear_pointer (&self->unrestored_message, g_free);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ts_window_parent_class)->dispose (object);
}

static void
ts_window_class_init (TsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ts_window_dispose;
  window_class->close_request = ts_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/ts-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, answer_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, file_title);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, presenter_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, large_type_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, scenario_page);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, pane_separator);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, model_group);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, method_group);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, workload_group);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, hardware_group);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, advanced_row);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, site_row);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, customer_row);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, project_row);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, model_row);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, model_button);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, model_popover);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, model_search);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, model_list);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, headline_box);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, headline_bin);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, headline_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, view_stack);

  g_type_ensure (TS_TYPE_DRAWING_VIEW);
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

static void
ts_window_init (TsWindow *self)
{
  self->shown_option = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (self->headline_bin,
                                 gtk_custom_layout_new (headline_request_mode, headline_measure, headline_allocate));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  set_action_enabled (self, "presenter-next", FALSE);
  set_action_enabled (self, "presenter-previous", FALSE);
  set_action_enabled (self, "presenter-leave", FALSE);
  add_presenter_keys (self);
#if !TS_HAVE_PRINT
  /* Export and print come with the spec-sheet module. */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "export-pdf")), FALSE);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "print")), FALSE);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "print-preview")), FALSE);
#endif
}

/* ---------------------------------------------------------------------- */
/* The last scenario, restored at start */

/* Puts the text of an autosave that could not be read back in a file of
 * its own, never over another: the reason may go away (a user catalog
 * back in place) and Open… then reads it. Returns the file's path. */
static char *
keep_unrestored (const char  *text,
                 GError     **error)
{
  g_autofree char *dir_path = g_build_filename (g_get_user_data_dir (), APP_ID, NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (dir_path);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autoptr(GError) local_error = NULL;

  if (!g_file_make_directory_with_parents (dir, NULL, &local_error)
      && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  g_clear_error (&local_error);

  for (guint n = 1;; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("unrestored-scenario-%s.json", stamp)
                                     : g_strdup_printf ("unrestored-scenario-%s-%u.json", stamp, n);
      g_autoptr(GFile) file = g_file_get_child (dir, name);
      g_autoptr(GFileOutputStream) out = g_file_create (file, G_FILE_CREATE_PRIVATE, NULL, &local_error);

      if (out == NULL)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS) && n < 100)
            {
              g_clear_error (&local_error);
              continue;
            }
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (!g_output_stream_write_all (G_OUTPUT_STREAM (out), text, strlen (text), NULL, NULL, error)
          || !g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error))
        {
          g_file_delete (file, NULL, NULL);
          return NULL;
        }
      return g_file_get_path (file);
    }
}

static void
unrestored_details_activated (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  GtkWidget *dialog;

  if (self->unrestored_message == NULL)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Last Scenario Could Not Be Restored"),
                                   self->unrestored_message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Says why the last scenario is not shown, what became of it, and (the
 * likeliest cause) why the user catalog was not used. */
static void
report_unrestored (TsWindow     *self,
                   const GError *reason,
                   const char   *kept_path,
                   const GError *keep_error)
{
  const char *catalog_error = ts_app_state_get_catalog_error (self->state);
  g_autoptr(GString) message = g_string_new (reason->message);
  AdwToast *toast;

  g_string_append (message, "\n\n");
  if (catalog_error != NULL)
    {
      /* Translators: %s says why, e.g. “my-catalog.json: No such file or directory” */
      g_string_append_printf (message, _("The catalog file could not be used: %s"), catalog_error);
      g_string_append (message, "\n\n");
    }
  if (kept_path != NULL)
    /* Translators: %s is a file's path */
    g_string_append_printf (message, _("Its text is kept in “%s”; open it with Open… once the cause is fixed."),
                            kept_path);
  else
    /* Translators: %s says why the copy could not be written */
    g_string_append_printf (message, _("It could not be kept in a file either (%s), so it is left as it was: "
                                       "changes in this window are not saved automatically."),
                            keep_error->message);
  g_free (self->unrestored_message);
  self->unrestored_message = g_string_free (g_steal_pointer (&message), FALSE);

  toast = adw_toast_new (_("The last scenario could not be restored"));
  adw_toast_set_button_label (toast, _("_Details"));
  adw_toast_set_action_name (toast, "win.unrestored-details");
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The scenario autosaved last time, or NULL. One that cannot be read
 * back (a user catalog missing, a corrupt text, a model no longer in the
 * catalog) is kept aside and reported, never silently replaced. */
static TsScenario *
restore_last_scenario (TsWindow *self)
{
  g_autofree char *last = g_settings_get_string (self->settings, "last-scenario");
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) keep_error = NULL;
  g_autofree char *kept_path = NULL;
  TsScenario *restored;

  if (last == NULL || *last == '\0')
    return NULL;
  /* Translators: names the autosaved scenario in a message such as
   * “The last scenario: the server “x” is not in the catalog” */
  restored = ts_scenario_from_string (last, -1, get_catalog (self), _("The last scenario"), &error);
  if (restored != NULL)
    return restored;

  kept_path = keep_unrestored (last, &keep_error);
  self->autosave_blocked = kept_path == NULL;
  report_unrestored (self, error, kept_path, keep_error);
  return NULL;
}

static void
setup (TsWindow         *self,
       GtkApplication   *application,
       const TsScenario *scenario)
{
  TsCatalog *catalog;
  g_autoptr(TsScenario) restored = NULL;

  self->state = ts_app_state_get_for (G_APPLICATION (application));
  self->settings = g_object_ref (ts_app_state_get_settings (self->state));
  catalog = get_catalog (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  if (scenario == NULL)
    {
      /* Restore what was open last time: a crash loses nothing. */
      restored = restore_last_scenario (self);
      scenario = restored;
    }
  if (scenario != NULL)
    self->scenario = ts_scenario_copy (scenario);
  else
    {
      self->scenario = ts_scenario_new ();
      if (ts_catalog_get_n_models (catalog) > 0)
        ts_scenario_set_model (self->scenario, &ts_catalog_get_model (catalog, 0)->model);
    }

  self->models_stale = TRUE;
  g_signal_connect_swapped (self->model_popover, "show", G_CALLBACK (ensure_model_list), self);
  gtk_list_box_set_header_func (self->model_list, model_header_cb, NULL, NULL);
  gtk_list_box_set_filter_func (self->model_list, model_filter_cb, self, NULL);
  g_signal_connect_swapped (self->model_list, "row-activated", G_CALLBACK (model_activated_cb), self);
  g_signal_connect_swapped (self->model_search, "search-changed", G_CALLBACK (model_search_changed_cb), self);
  g_signal_connect_swapped (self->model_search, "activate", G_CALLBACK (model_search_activate_cb), self);
  build_custom_rows (self);
  build_field_rows (self);
  build_views (self);

  g_signal_connect_swapped (self->view_stack, "notify::visible-child", G_CALLBACK (visible_page_changed_cb), self);
  g_signal_connect_swapped (self->switcher_title, "notify::title-visible", G_CALLBACK (title_visible_cb), self);
  title_visible_cb (self);
  g_signal_connect_swapped (self->leaflet, "notify::folded", G_CALLBACK (leaflet_changed_cb), self);
  g_signal_connect_swapped (self->leaflet, "notify::visible-child", G_CALLBACK (leaflet_changed_cb), self);
  g_signal_connect_object (self->settings, "changed::large-type", G_CALLBACK (large_type_changed_cb), self,
                           G_CONNECT_SWAPPED);
  {
    /* The header's toggle and the Preferences switch are one setting. */
    g_autoptr(GAction) large_type = g_settings_create_action (self->settings, "large-type");

    g_action_map_add_action (G_ACTION_MAP (self), large_type);
  }
  g_signal_connect_object (self->settings, "changed::memory-units", G_CALLBACK (units_changed_cb), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect (self->customer_row, "changed", G_CALLBACK (document_changed_cb), NULL);
  g_signal_connect (self->project_row, "changed", G_CALLBACK (document_changed_cb), NULL);

  sync_widgets (self);
  units_changed_cb (self);
  large_type_changed_cb (self);
  recompute (self);
  update_title (self);
  leaflet_changed_cb (self);
}

TsWindow *
ts_window_new (GtkApplication *application)
{
  return ts_window_new_for_scenario (application, NULL);
}

TsWindow *
ts_window_new_for_scenario (GtkApplication   *application,
                            const TsScenario *scenario)
{
  TsWindow *self = g_object_new (TS_TYPE_WINDOW, "application", application, NULL);

  setup (self, application, scenario);
  return self;
}

const TsScenario *
ts_window_get_scenario (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->scenario;
}

const TsPlan *
ts_window_get_plan (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->plan;
}

const char *
ts_window_get_headline (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->headline_label);
}

GFile *
ts_window_get_file (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->file;
}

gboolean
ts_window_get_dirty (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  return self->dirty;
}

/* Carries the unsaved state over when the window is rebuilt (language). */
void
ts_window_take_state (TsWindow *self,
                      TsWindow *old)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  g_return_if_fail (TS_IS_WINDOW (old));

  g_set_object (&self->file, old->file);
  ts_window_set_document (self, gtk_editable_get_text (GTK_EDITABLE (old->customer_row)),
                          gtk_editable_get_text (GTK_EDITABLE (old->project_row)));
  self->dirty = old->dirty;
  self->autosave_blocked = old->autosave_blocked;
  g_free (self->shown_server_id);
  self->shown_server_id = g_strdup (old->shown_server_id);
  recompute (self);
  update_title (self);
  adw_view_stack_set_visible_child_name (self->view_stack, adw_view_stack_get_visible_child_name (old->view_stack));
}

/* The catalog was replaced (Preferences): new lists, same scenario. */
void
ts_window_catalog_changed (TsWindow *self)
{
  g_return_if_fail (TS_IS_WINDOW (self));

  self->models_stale = TRUE;
  if (gtk_widget_get_visible (GTK_WIDGET (self->model_popover)))
    ensure_model_list (self);
  fill_hardware_list (self);
  sync_widgets (self);
  recompute (self);
}

GtkWidget *
ts_window_get_field_widget (TsWindow   *self,
                            const char *key)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].key, key))
      {
        build_group_rows (self, fields[i].group);
        return self->field_widgets[i];
      }
  if (g_str_equal (key, "hardware"))
    return self->hardware_row;
  if (g_str_equal (key, "currency"))
    {
      build_group_rows (self, GROUP_SITE);
      return self->currency_row;
    }
  if (g_str_equal (key, "custom_params"))
    return self->custom_params_spin;
  return NULL;
}

GtkWidget *
ts_window_get_field_row (TsWindow   *self,
                         const char *key)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].key, key))
      {
        build_group_rows (self, fields[i].group);
        return self->field_rows[i];
      }
  return NULL;
}

GtkWidget *
ts_window_get_view (TsWindow  *self,
                    TsDrawing  drawing)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  g_return_val_if_fail (drawing < TS_N_DRAWINGS, NULL);

  ensure_page (self, drawing);
  return self->views[drawing];
}

gboolean
ts_window_select_model (TsWindow   *self,
                        const char *id)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);

  ensure_model_list (self);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->model_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && g_strcmp0 (gtk_widget_get_name (child), id) == 0)
      {
        g_signal_emit_by_name (self->model_list, "row-activated", child);
        return TRUE;
      }
  return FALSE;
}

GtkColumnView *
ts_window_get_option_view (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);

  /* Whoever looks at the table gets it made and filled. */
  ensure_page (self, TS_DRAWING_COMPARISON);
  if (self->options_stale && self->plan != NULL)
    {
      fill_options (self);
      self->options_stale = FALSE;
    }
  return self->option_view;
}

int
ts_window_get_shown_option (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), -1);
  return self->shown_option;
}
