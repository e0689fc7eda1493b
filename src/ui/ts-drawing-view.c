/* ts-drawing-view.c — one drawing of the plan, on screen
 *
 * The drawing itself comes from the render layer, the same function that
 * draws it in the PDF and the PNG/SVG export; this widget only supplies a
 * size, a style (dark, large type) and the plan, and adds what a screen
 * needs: tooltips, a context menu, keyboard focus and an accessible
 * summary of the numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-drawing-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ts-document.h"
#include "ts-drawing-view.h"

/* Text and strokes for a projector: half again as large as the desktop's
 * size keeps a chart readable from the back of a meeting room. */
#define TS_LARGE_TYPE_SCALE 1.5
/* Presenter mode, for a projector at 1920×1080: the render engine's
 * smallest text (0.85 of its 10 pt base at 96 dpi, 11.3 px) becomes
 * 11.3 × 2.2 ≈ 25 px, the 24 px a room reads from the back row. */
#define TS_PRESENTER_SCALE 2.2
/* Zoom limits of the rack view: beyond these a 64-server cluster is
 * either unreadably small or one rack fills several screens. */
#define TS_MIN_ZOOM 0.5
#define TS_MAX_ZOOM 4.0
#define TS_ZOOM_STEP 1.25

/* The scale the last draw fitted, with what it was fitted for: a redraw
 * of the same plan at the same size and style (a scroll, a focus ring, a
 * window exposed, the header's animation) draws at it without fitting
 * again (issue 33). A new plan, drawing or unit forgets it. */
typedef struct
{
  gboolean      valid;
  TsDrawing     drawing;
  double        width, height;
  double        font_scale;
  gboolean      presenter, gib, dark;
  TsRackOptions rack;
  double        scale;
} FittedScale;

struct _TsDrawingView
{
  GtkDrawingArea  parent_instance;

  TsDrawing       drawing;
  TsPlan         *plan;          /* a reference: the "plan" property */
  gboolean        large_type;
  gboolean        presenting;
  gboolean        gib;           /* memory in GiB, the user's unit */
  double          zoom;
  TsRackOptions   rack_options;
  char           *description;
  gboolean        description_stale;  /* the plan changed while hidden */
  GtkWidget      *menu;
  FittedScale     fitted;
  guint           height_idle_id;
};

enum {
  PROP_0,
  PROP_DRAWING,
  PROP_PLAN,
  N_PROPS
};

enum {
  SAVED,
  N_SIGNALS
};

/* The view draws the option its plan shows (TsPlan.chosen, else the
 * recommendation): the render layer's "shown option" index. */
#define SHOWN_OPTION (-1)

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TsDrawingView, ts_drawing_view, GTK_TYPE_DRAWING_AREA)

static const char *
drawing_label (TsDrawing drawing)
{
  switch (drawing)
    {
    case TS_DRAWING_MEMORY:
      return _("Memory breakdown chart");
    case TS_DRAWING_COMPARISON:
      return _("Server comparison chart");
    case TS_DRAWING_RACK:
      return _("Rack elevation");
    case TS_DRAWING_POWER:
      return _("Power and heat gauges");
    case TS_DRAWING_TIME:
      return _("Time & Cost chart");
    case TS_DRAWING_SUMMARY:
      return _("Summary of the answer");
    case TS_DRAWING_NETWORK:
      return _("Network diagram");
    case TS_N_DRAWINGS:
    default:
      return "";
    }
}

static const char *
drawing_file_stem (TsDrawing drawing)
{
  switch (drawing)
    {
    /* Translators: file names offered when saving a drawing; keep them short,
     * without spaces. */
    case TS_DRAWING_MEMORY: return C_("file name", "memory");
    case TS_DRAWING_COMPARISON: return C_("file name", "servers");
    case TS_DRAWING_RACK: return C_("file name", "rack");
    case TS_DRAWING_POWER: return C_("file name", "power");
    case TS_DRAWING_TIME: return C_("file name", "time-and-cost");
    case TS_DRAWING_SUMMARY: return C_("file name", "summary");
    case TS_DRAWING_NETWORK: return C_("file name", "network");
    case TS_N_DRAWINGS:
    default: return "drawing";
    }
}

static void
get_style (TsDrawingView *self,
           TsRenderStyle *style)
{
  ts_render_style_init (style, adw_style_manager_get_dark (adw_style_manager_get_default ()));
  /* Presenter mode sets the size for the room (no drawn text under 24 px,
   * drawings reflow rather than shrink); large type does not add to it (a
   * chart would no longer fit the screen). */
  if (self->presenting)
    {
      style->font_scale *= TS_PRESENTER_SCALE;
      ts_render_style_set_presenter (style, TRUE);
    }
  else if (self->large_type)
    style->font_scale *= TS_LARGE_TYPE_SCALE;
  style->gib = self->gib;
}

static void
update_accessible (TsDrawingView *self)
{
  self->description_stale = FALSE;
  g_clear_pointer (&self->description, g_free);
  if (self->plan != NULL)
    self->description = ts_render_drawing_describe (self->drawing, self->plan, SHOWN_OPTION);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, drawing_label (self->drawing),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->description != NULL ? self->description : "",
                                  -1);
}

/* The summary of a hidden view (another page of the stack, out of the
 * accessibility tree too) is written when it is shown or asked for: the
 * answer to an input change must not wait for five summaries. */
static void
plan_changed (TsDrawingView *self)
{
  self->fitted.valid = FALSE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update_accessible (self);
  else
    self->description_stale = TRUE;
}

static void
update_height (TsDrawingView *self,
               int            width)
{
  TsRenderStyle style;
  double height;

  /* A hidden view (another page of the stack) measures when it is shown:
   * the answer to an input change must not wait for five layouts. */
  if (self->plan == NULL || width <= 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  get_style (self, &style);
  /* a slide's rack fits the screen, whatever its natural height */
  if (self->presenting && ts_render_drawing_fits_slide (self->drawing))
    height = 0;
  else
    height = ts_render_drawing_height (self->drawing, self->plan, SHOWN_OPTION,
                                       width / self->zoom, &style) * self->zoom;
  if (ABS (height - gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (self))) >= 1)
    gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self), (int) ceil (height));
}

/* After anything that changes what is drawn or how large: the height at
 * the current width, and a redraw. */
static void
refit (TsDrawingView *self)
{
  update_height (self, gtk_widget_get_width (GTK_WIDGET (self)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
fitted_for (const FittedScale   *f,
            TsDrawingView       *self,
            const TsRenderStyle *style,
            double               width,
            double               height)
{
  return f->valid && f->drawing == self->drawing && f->width == width && f->height == height
         && f->font_scale == style->font_scale && f->presenter == style->presenter && f->gib == style->gib
         && f->dark == style->dark && f->rack.descending == self->rack_options.descending
         && f->rack.rear == self->rack_options.rear;
}

/* The drawing's scale at this size: kept from the last draw when nothing
 * it depends on changed, else fitted (and kept). */
static double
fitted_scale (TsDrawingView       *self,
              const TsRenderStyle *style,
              double               width,
              double               height)
{
  FittedScale *f = &self->fitted;

  if (fitted_for (f, self, style, width, height))
    return f->scale;
  *f = (FittedScale) {
    .valid = TRUE, .drawing = self->drawing, .width = width, .height = height,
    .font_scale = style->font_scale, .presenter = style->presenter, .gib = style->gib, .dark = style->dark,
    .rack = self->rack_options,
  };
  f->scale = ts_render_drawing_fit (self->drawing, self->plan, SHOWN_OPTION, width, height, style,
                                    &self->rack_options);
  return f->scale;
}

static void
draw_cb (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        user_data)
{
  TsDrawingView *self = TS_DRAWING_VIEW (area);
  TsRenderStyle style;

  if (self->plan == NULL)
    return;

  get_style (self, &style);
  cairo_scale (cr, self->zoom, self->zoom);
  ts_render_drawing_at_scale (self->drawing, cr, self->plan, SHOWN_OPTION,
                              width / self->zoom, height / self->zoom, &style, &self->rack_options,
                              fitted_scale (self, &style, width / self->zoom, height / self->zoom));
}

/* A new width's height is asked for after the allocation that gave the
 * width: a resize queued while the parent allocates is lost, and a view
 * whose height is its content's (the overview's summary, not expanded)
 * kept the height 0 it was first given. */
static gboolean
update_height_idle (gpointer user_data)
{
  TsDrawingView *self = user_data;

  self->height_idle_id = 0;
  update_height (self, gtk_widget_get_width (GTK_WIDGET (self)));
  return G_SOURCE_REMOVE;
}

static void
resize_cb (TsDrawingView *self,
           int            width,
           int            height)
{
  if (self->height_idle_id == 0)
    self->height_idle_id = g_idle_add (update_height_idle, self);
}

static const TsMemory *
shown_memory (TsDrawingView *self)
{
  return ts_plan_get_memory (self->plan);
}

static gboolean
query_tooltip_cb (TsDrawingView *self,
                  int            x,
                  int            y,
                  gboolean       keyboard_mode,
                  GtkTooltip    *tooltip)
{
  TsRenderStyle style;
  TsComponent component;
  gboolean per_gpu = FALSE;
  g_autofree char *text = NULL;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->plan == NULL || self->drawing != TS_DRAWING_MEMORY || keyboard_mode)
    return FALSE;

  get_style (self, &style);
  if (!ts_render_memory_hit (self->plan, SHOWN_OPTION, width / self->zoom, height / self->zoom,
                             &style, x / self->zoom, y / self->zoom, &component, &per_gpu))
    return FALSE;

  text = ts_memory_explain (self->plan->scenario, shown_memory (self), component);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static cairo_surface_t *
render_surface (TsDrawingView *self,
                int           *width_out,
                int           *height_out)
{
  TsRenderStyle style;
  int width = MAX (1, gtk_widget_get_width (GTK_WIDGET (self)));
  int height = MAX (1, gtk_widget_get_height (GTK_WIDGET (self)));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  get_style (self, &style);
  /* A copied image has no window behind it: paint the background. */
  ts_render_set_color (cr, &style.background);
  cairo_paint (cr);
  if (self->plan != NULL)
    ts_render_drawing (self->drawing, cr, self->plan, SHOWN_OPTION,
                       width, height, &style, &self->rack_options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  *width_out = width;
  *height_out = height;
  return surface;
}

GdkTexture *
ts_drawing_view_render_texture (TsDrawingView *self)
{
  cairo_surface_t *surface;
  g_autoptr(GBytes) bytes = NULL;
  int width, height;

  g_return_val_if_fail (TS_IS_DRAWING_VIEW (self), NULL);

  surface = render_surface (self, &width, &height);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * height,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes,
                                 cairo_image_surface_get_stride (surface));
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsDrawingView *self = TS_DRAWING_VIEW (widget);
  g_autoptr(GdkTexture) texture = ts_drawing_view_render_texture (self);

  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
}

static void
save_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  TsDrawingView *self = user_data;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  TsRenderStyle style;
  gboolean svg;

  if (file == NULL || self->plan == NULL)
    return;
  /* a file with no local path (a remote address) is refused with a reason */
  path = ts_local_file_dup_path (file, &error);
  if (path != NULL)
    {
      svg = g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".SVG");
      get_style (self, &style);
      ts_render_export (self->drawing, self->plan, SHOWN_OPTION, path, svg,
                        MAX (1, gtk_widget_get_width (GTK_WIDGET (self))),
                        MAX (1, gtk_widget_get_height (GTK_WIDGET (self))),
                        &style, &error);
    }
  g_signal_emit (self, signals[SAVED], 0, file, error != NULL ? error->message : NULL);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsDrawingView *self = TS_DRAWING_VIEW (widget);
  gboolean svg = g_str_equal (action_name, "drawing.save-svg");
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = g_strdup_printf ("%s.%s", drawing_file_stem (self->drawing), svg ? "svg" : "png");

  gtk_file_filter_set_name (filter, svg ? _("SVG images") : _("PNG images"));
  gtk_file_filter_add_mime_type (filter, svg ? "image/svg+xml" : "image/png");
  dialog = ts_file_chooser_new (GTK_WINDOW (gtk_widget_get_root (widget)), GTK_FILE_CHOOSER_ACTION_SAVE,
                                svg ? _("Save as SVG") : _("Save as PNG"), _("_Save"), filter, name);
  ts_file_chooser_run (dialog, save_chosen_cb, g_object_ref (self), g_object_unref);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TsDrawingView *self = TS_DRAWING_VIEW (widget);

  if (g_str_equal (action_name, "drawing.zoom-in"))
    ts_drawing_view_set_zoom (self, self->zoom * TS_ZOOM_STEP);
  else if (g_str_equal (action_name, "drawing.zoom-out"))
    ts_drawing_view_set_zoom (self, self->zoom / TS_ZOOM_STEP);
  else
    ts_drawing_view_set_zoom (self, 1.0);
}

/* The context menu is made the first time it is asked for: five popovers
 * at start-up for a menu few people open. */
static void
ensure_menu (TsDrawingView *self)
{
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenu) zoom = NULL;

  if (self->menu != NULL)
    return;
  menu = g_menu_new ();
  zoom = g_menu_new ();
  g_menu_append (menu, _("_Copy as Image"), "drawing.copy");
  g_menu_append (menu, _("Save as _PNG…"), "drawing.save-png");
  g_menu_append (menu, _("Save as _SVG…"), "drawing.save-svg");
  g_menu_append (zoom, _("Zoom _In"), "drawing.zoom-in");
  g_menu_append (zoom, _("Zoom _Out"), "drawing.zoom-out");
  g_menu_append (zoom, _("_Original Size"), "drawing.zoom-reset");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (zoom));
  self->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
}

static void
show_menu (TsDrawingView *self,
           double         x,
           double         y)
{
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  ensure_menu (self);

  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
menu_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  show_menu (TS_DRAWING_VIEW (widget), gtk_widget_get_width (widget) / 2.0,
             gtk_widget_get_height (widget) / 2.0);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            TsDrawingView   *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (gdk_event_triggers_context_menu (gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (gesture))))
    {
      show_menu (self, x, y);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           TsDrawingView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  /* Ctrl + wheel zooms, as in image viewers; a plain wheel scrolls. */
  if ((state & GDK_CONTROL_MASK) == 0 || self->drawing != TS_DRAWING_RACK)
    return FALSE;
  ts_drawing_view_set_zoom (self, dy < 0 ? self->zoom * TS_ZOOM_STEP : self->zoom / TS_ZOOM_STEP);
  return TRUE;
}

static void
dark_changed_cb (TsDrawingView *self)
{
  refit (self);
}

static void
ts_drawing_view_map (GtkWidget *widget)
{
  TsDrawingView *self = TS_DRAWING_VIEW (widget);

  GTK_WIDGET_CLASS (ts_drawing_view_parent_class)->map (widget);
  if (self->description_stale)
    update_accessible (self);
  update_height (self, gtk_widget_get_width (widget));
}

static void
ts_drawing_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  TsDrawingView *self = TS_DRAWING_VIEW (widget);

  GTK_WIDGET_CLASS (ts_drawing_view_parent_class)->size_allocate (widget, width, height, baseline);
  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

static void
ts_drawing_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TsDrawingView *self = TS_DRAWING_VIEW (object);

  switch (prop_id)
    {
    case PROP_DRAWING:
      g_value_set_int (value, self->drawing);
      break;
    case PROP_PLAN:
      g_value_set_boxed (value, self->plan);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_drawing_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TsDrawingView *self = TS_DRAWING_VIEW (object);

  switch (prop_id)
    {
    case PROP_DRAWING:
      ts_drawing_view_set_drawing (self, g_value_get_int (value));
      break;
    case PROP_PLAN:
      ts_drawing_view_set_plan (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_drawing_view_dispose (GObject *object)
{
  TsDrawingView *self = TS_DRAWING_VIEW (object);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_handle_id (&self->height_idle_id, g_source_remove);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->plan, ts_plan_unref);

  G_OBJECT_CLASS (ts_drawing_view_parent_class)->dispose (object);
}

static void
ts_drawing_view_finalize (GObject *object)
{
  TsDrawingView *self = TS_DRAWING_VIEW (object);

  g_free (self->description);

  G_OBJECT_CLASS (ts_drawing_view_parent_class)->finalize (object);
}

static void
ts_drawing_view_class_init (TsDrawingViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ts_drawing_view_get_property;
  object_class->set_property = ts_drawing_view_set_property;
  object_class->dispose = ts_drawing_view_dispose;
  object_class->finalize = ts_drawing_view_finalize;
  widget_class->size_allocate = ts_drawing_view_size_allocate;
  widget_class->map = ts_drawing_view_map;

  /* An int rather than an enum type: the render layer has no GType. */
  properties[PROP_DRAWING] =
    g_param_spec_int ("drawing", NULL, NULL, 0, TS_N_DRAWINGS - 1, TS_DRAWING_MEMORY,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The plan drawn, bound to the answer pane's (and so the window's):
   * the view keeps a reference while it shows it. */
  properties[PROP_PLAN] =
    g_param_spec_boxed ("plan", NULL, NULL, TS_TYPE_PLAN,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted after “Save as PNG/SVG…”: the file, and an error message or NULL. */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "drawing.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "drawing.save-png", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "drawing.save-svg", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "drawing.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "drawing.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "drawing.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "drawing.menu", NULL, menu_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "drawing.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "drawing.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "drawing.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "drawing.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "drawing.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "drawing.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "drawing.zoom-reset", NULL);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "tsdrawing");
}

static void
ts_drawing_view_init (TsDrawingView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  self->zoom = 1.0;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw_cb, NULL, NULL);
  g_signal_connect (self, "resize", G_CALLBACK (resize_cb), NULL);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (dark_changed_cb), self);
  update_accessible (self);
}

GtkWidget *
ts_drawing_view_new (TsDrawing drawing)
{
  return g_object_new (TS_TYPE_DRAWING_VIEW, "drawing", drawing, NULL);
}

void
ts_drawing_view_set_drawing (TsDrawingView *self,
                             TsDrawing      drawing)
{
  g_return_if_fail (TS_IS_DRAWING_VIEW (self));
  g_return_if_fail (drawing < TS_N_DRAWINGS);

  if (self->drawing == drawing)
    return;
  self->drawing = drawing;
  plan_changed (self);
  refit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAWING]);
}

void
ts_drawing_view_set_plan (TsDrawingView *self,
                          TsPlan        *plan)
{
  g_return_if_fail (TS_IS_DRAWING_VIEW (self));

  if (!ts_plan_set (&self->plan, plan))
    return;
  plan_changed (self);
  refit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAN]);
}

TsPlan *
ts_drawing_view_get_plan (TsDrawingView *self)
{
  g_return_val_if_fail (TS_IS_DRAWING_VIEW (self), NULL);

  return self->plan;
}

/* The memory unit the user chose reaches the drawings too. */
void
ts_drawing_view_set_gib (TsDrawingView *self,
                         gboolean       gib)
{
  g_return_if_fail (TS_IS_DRAWING_VIEW (self));

  if (self->gib == !!gib)
    return;
  self->gib = !!gib;
  plan_changed (self);
  refit (self);
}

void
ts_drawing_view_set_text_size (TsDrawingView *self,
                               gboolean       large_type,
                               gboolean       presenting)
{
  g_return_if_fail (TS_IS_DRAWING_VIEW (self));

  self->large_type = !!large_type;
  self->presenting = !!presenting;
  refit (self);
}

void
ts_drawing_view_get_style (TsDrawingView *self,
                           TsRenderStyle *style)
{
  g_return_if_fail (TS_IS_DRAWING_VIEW (self));
  get_style (self, style);
}

void
ts_drawing_view_set_zoom (TsDrawingView *self,
                          double         zoom)
{
  g_return_if_fail (TS_IS_DRAWING_VIEW (self));

  self->zoom = CLAMP (zoom, TS_MIN_ZOOM, TS_MAX_ZOOM);
  refit (self);
}

double
ts_drawing_view_get_zoom (TsDrawingView *self)
{
  g_return_val_if_fail (TS_IS_DRAWING_VIEW (self), 1.0);
  return self->zoom;
}

void
ts_drawing_view_set_rack_options (TsDrawingView       *self,
                                  const TsRackOptions *options)
{
  g_return_if_fail (TS_IS_DRAWING_VIEW (self));

  self->rack_options = *options;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
ts_drawing_view_get_description (TsDrawingView *self)
{
  g_return_val_if_fail (TS_IS_DRAWING_VIEW (self), NULL);

  if (self->description_stale)
    update_accessible (self);
  return self->description;
}
