/* ts-document.c — the scenario as a file: open, save, autosave, restore,
 * and the question about unsaved changes
 *
 * The window owns the scenario and shows it; this object knows which file
 * it belongs to, whether it changed since, and keeps a copy in GSettings
 * for the next start so that a crash loses nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-document"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-app-state.h"
#include "ts-document.h"
#include "ts-local-file.h"

/* Writing the scenario to GSettings on every keystroke would hammer
 * dconf; a short delay still loses nothing a crash could take. */
#define AUTOSAVE_DELAY_MS 500

typedef enum
{
  PENDING_NONE,
  PENDING_NEW,
  PENDING_OPEN,
  PENDING_RUN,
  PENDING_CLOSE,
} PendingAction;

struct _TsDocument
{
  GObject           parent_instance;

  GtkWindow        *window;        /* not referenced: it owns this */
  GSettings        *settings;
  TsCatalog        *catalog;       /* borrowed from the application */
  const TsScenario *scenario;      /* borrowed from the window */
  GFile            *file;
  gboolean          dirty;
  guint             autosave_id;
  /* The autosave could not be restored and not be kept aside either: it
   * is never overwritten from this window. */
  gboolean          autosave_blocked;
  char             *unrestored_message;  /* why, for the Details dialog */
  PendingAction     pending;
  const TsPublishedRun *pending_run;  /* PENDING_RUN's */
  /* The famous run the scenario was opened from (issue 33 item 7), for
   * the load signal's handler; NULL on any other load. */
  const TsPublishedRun *published_run;
};

G_DEFINE_FINAL_TYPE (TsDocument, ts_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_DIRTY,
  N_PROPS
};

enum
{
  LOAD,
  TOAST,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void continue_pending (TsDocument *self);

AdwToast *
ts_file_toast_new (const char *title,
                   GFile      *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_button_label (toast, _("_Open"));
  adw_toast_set_action_name (toast, "win.open-uri");
  adw_toast_set_action_target_value (toast, g_variant_new_string (uri));
  return toast;
}

GtkFileChooserNative *
ts_file_chooser_new (GtkWindow            *parent,
                     GtkFileChooserAction  action,
                     const char           *title,
                     const char           *accept_label,
                     GtkFileFilter        *filter,
                     const char           *current_name)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, parent, action, accept_label, _("_Cancel"));

  if (filter != NULL)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (current_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), current_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  return chooser;
}

typedef struct
{
  TsFileChosenFunc chosen;
  gpointer         user_data;
  GDestroyNotify   destroy;
} ChooserAnswer;

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     ChooserAnswer   *answer)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  answer->chosen (file, answer->user_data);
  if (answer->destroy != NULL)
    answer->destroy (answer->user_data);
  g_free (answer);
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

void
ts_file_chooser_run (GtkFileChooserNative *chooser,
                     TsFileChosenFunc      chosen,
                     gpointer              user_data,
                     GDestroyNotify        destroy)
{
  ChooserAnswer *answer = g_new (ChooserAnswer, 1);

  *answer = (ChooserAnswer) { chosen, user_data, destroy };
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), answer);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Takes toast: the window adds its own reference. */
static void
show_toast (TsDocument *self,
            AdwToast   *toast)
{
  g_signal_emit (self, signals[TOAST], 0, toast);
  g_object_unref (toast);
}

static void
show_error (TsDocument *self,
            const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 0);
  show_toast (self, toast);
}

/* ---------------------------------------------------------------------- */
/* State */

GFile *
ts_document_get_file (TsDocument *self)
{
  g_return_val_if_fail (TS_IS_DOCUMENT (self), NULL);
  return self->file;
}

void
ts_document_set_file (TsDocument *self,
                      GFile      *file)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

gboolean
ts_document_get_dirty (TsDocument *self)
{
  g_return_val_if_fail (TS_IS_DOCUMENT (self), FALSE);
  return self->dirty;
}

void
ts_document_set_dirty (TsDocument *self,
                       gboolean    dirty)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));

  self->dirty = dirty;
  /* Notified even unchanged: a save names the file anew. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
}

void
ts_document_set_scenario (TsDocument       *self,
                          TsCatalog        *catalog,
                          const TsScenario *scenario)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));

  self->catalog = catalog;
  self->scenario = scenario;
}

void
ts_document_take_state (TsDocument *self,
                        TsDocument *old)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));
  g_return_if_fail (TS_IS_DOCUMENT (old));

  ts_document_set_file (self, old->file);
  self->autosave_blocked = old->autosave_blocked;
  ts_document_set_dirty (self, old->dirty);
}

/* ---------------------------------------------------------------------- */
/* Autosave */

/* Writes the scenario for the next start, but only one that start could
 * read back: the same reader with the same catalog, so no reason to
 * refuse it goes unnoticed. */
void
ts_document_autosave_now (TsDocument *self)
{
  g_autofree char *json = NULL;
  g_autoptr(TsScenario) back = NULL;

  g_return_if_fail (TS_IS_DOCUMENT (self));

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (self->autosave_blocked || self->scenario == NULL)
    return;
  json = ts_scenario_to_string (self->scenario);
  back = ts_scenario_from_string (json, -1, self->catalog, "last-scenario", NULL);
  if (back == NULL)
    return;
  g_settings_set_string (self->settings, "last-scenario", json);
}

static gboolean
autosave_cb (gpointer user_data)
{
  TsDocument *self = user_data;

  self->autosave_id = 0;
  ts_document_autosave_now (self);
  return G_SOURCE_REMOVE;
}

void
ts_document_changed (TsDocument *self)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));

  ts_document_set_dirty (self, TRUE);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_cb, self);
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

/* Says why the last scenario is not shown, what became of it, and (the
 * likeliest cause) why the user catalog was not used. */
static void
report_unrestored (TsDocument   *self,
                   const GError *reason,
                   const char   *kept_path,
                   const GError *keep_error)
{
  TsAppState *state = ts_app_state_get_for (G_APPLICATION (gtk_window_get_application (self->window)));
  const char *catalog_error = ts_app_state_get_catalog_error (state);
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
  show_toast (self, toast);
}

TsScenario *
ts_document_restore_last (TsDocument *self)
{
  g_autofree char *last = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) keep_error = NULL;
  g_autofree char *kept_path = NULL;
  TsScenario *restored;

  g_return_val_if_fail (TS_IS_DOCUMENT (self), NULL);

  last = g_settings_get_string (self->settings, "last-scenario");
  if (last == NULL || *last == '\0')
    return NULL;
  /* Translators: names the autosaved scenario in a message such as
   * “The last scenario: the server “x” is not in the catalog” */
  restored = ts_scenario_from_string (last, -1, self->catalog, _("The last scenario"), &error);
  if (restored != NULL)
    return restored;

  kept_path = keep_unrestored (last, &keep_error);
  self->autosave_blocked = kept_path == NULL;
  report_unrestored (self, error, kept_path, keep_error);
  return NULL;
}

const char *
ts_document_get_unrestored_message (TsDocument *self)
{
  g_return_val_if_fail (TS_IS_DOCUMENT (self), NULL);
  return self->unrestored_message;
}

/* ---------------------------------------------------------------------- */
/* Saving */

static gboolean
save_to (TsDocument *self,
         GFile      *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *title = NULL;

  if (!ts_document_save_file (self, file, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  /* Translators: a toast; %s is a file name */
  title = g_strdup_printf (_("Scenario saved as “%s”"), name);
  show_toast (self, ts_file_toast_new (title, file));
  return TRUE;
}

gboolean
ts_document_save_file (TsDocument  *self,
                       GFile       *file,
                       GError     **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (TS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* a file with no local path (a remote address) is refused, as Open
   * refuses one */
  path = ts_local_file_dup_path (file, error);
  if (path == NULL || !ts_scenario_save_file (self->scenario, path, error))
    return FALSE;
  ts_document_set_file (self, file);
  ts_document_set_dirty (self, FALSE);
  return TRUE;
}

static void
save_as_chosen_cb (GFile    *file,
                   gpointer  user_data)
{
  TsDocument *self = user_data;

  if (file != NULL && save_to (self, file))
    continue_pending (self);
  else
    self->pending = PENDING_NONE;
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

void
ts_document_save_as (TsDocument *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = scenario_filter ();

  g_return_if_fail (TS_IS_DOCUMENT (self));

  dialog = ts_file_chooser_new (self->window, GTK_FILE_CHOOSER_ACTION_SAVE, _("Save Scenario"), _("_Save"),
                                filter, NULL);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    {
      /* The extension is not translated: it is what the file type is
       * recognised by (the MIME type in data/). */
      g_autofree char *name = g_strdup_printf ("%s.trainsizer", self->scenario->model.name);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }
  ts_file_chooser_run (dialog, save_as_chosen_cb, self, NULL);
}

void
ts_document_save (TsDocument *self)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));

  if (self->file == NULL)
    ts_document_save_as (self);
  else if (save_to (self, self->file))
    continue_pending (self);
  else
    self->pending = PENDING_NONE;
}

/* ---------------------------------------------------------------------- */
/* Opening */

static void
load_run (TsDocument           *self,
          TsScenario           *scenario,
          const TsPublishedRun *run)
{
  self->published_run = run;
  ts_document_set_file (self, NULL);
  g_signal_emit (self, signals[LOAD], 0, scenario, NULL);
  self->published_run = NULL;
  ts_document_set_dirty (self, FALSE);
  ts_document_autosave_now (self);
}

static void
load (TsDocument *self,
      TsScenario *scenario,
      GFile      *file)
{
  ts_document_set_file (self, file);
  g_signal_emit (self, signals[LOAD], 0, scenario, file);
  ts_document_set_dirty (self, FALSE);
  ts_document_autosave_now (self);
}

gboolean
ts_document_open_file (TsDocument  *self,
                       GFile       *file,
                       GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(TsScenario) scenario = NULL;

  g_return_val_if_fail (TS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = ts_local_file_dup_path (file, error);
  if (path == NULL)
    return FALSE;
  scenario = ts_scenario_load_file (path, self->catalog, error);
  if (scenario == NULL)
    return FALSE;
  load (self, scenario, file);
  uri = g_file_get_uri (file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  return TRUE;
}

static void
open_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  TsDocument *self = user_data;
  g_autoptr(GError) error = NULL;

  if (file != NULL && !ts_document_open_file (self, file, &error))
    show_error (self, error->message);
}

static void
open_dialog (TsDocument *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = scenario_filter ();

  dialog = ts_file_chooser_new (self->window, GTK_FILE_CHOOSER_ACTION_OPEN, _("Open Scenario"), _("_Open"),
                                filter, NULL);
  ts_file_chooser_run (dialog, open_chosen_cb, self, NULL);
}

static void
open_run (TsDocument           *self,
          const TsPublishedRun *run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsScenario) scenario = ts_published_run_dup_scenario (self->catalog, run, &error);

  if (scenario == NULL)
    {
      show_toast (self, adw_toast_new (error->message));
      return;
    }
  load_run (self, scenario, run);
}

static void
new_scenario (TsDocument *self)
{
  g_autoptr(TsScenario) scenario = ts_scenario_new ();

  if (ts_catalog_get_n_models (self->catalog) > 0)
    ts_scenario_set_model (scenario, &ts_catalog_get_model (self->catalog, 0)->model);
  load (self, scenario, NULL);
}

/* ---------------------------------------------------------------------- */
/* Unsaved changes */

static void
continue_pending (TsDocument *self)
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
    case PENDING_RUN:
      open_run (self, self->pending_run);
      break;
    case PENDING_CLOSE:
      self->dirty = FALSE;
      gtk_window_close (self->window);
      break;
    case PENDING_NONE:
    default:
      break;
    }
}

static void
unsaved_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     TsDocument       *self)
{
  if (g_str_equal (response, "save"))
    ts_document_save (self);
  else if (g_str_equal (response, "discard"))
    continue_pending (self);
  else
    self->pending = PENDING_NONE;
}

/* Runs pending now, or after asking what to do with unsaved changes. */
static void
maybe_ask_to_save (TsDocument    *self,
                   PendingAction  pending)
{
  GtkWidget *dialog;

  self->pending = pending;
  if (!self->dirty)
    {
      continue_pending (self);
      return;
    }

  dialog = adw_message_dialog_new (self->window, _("Save Changes?"),
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
  g_signal_connect_object (dialog, "response", G_CALLBACK (unsaved_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
ts_document_new_scenario (TsDocument *self)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));
  maybe_ask_to_save (self, PENDING_NEW);
}

void
ts_document_open_published_run (TsDocument           *self,
                                const TsPublishedRun *run)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));
  g_return_if_fail (run != NULL);
  self->pending_run = run;
  maybe_ask_to_save (self, PENDING_RUN);
}

const TsPublishedRun *
ts_document_get_published_run (TsDocument *self)
{
  g_return_val_if_fail (TS_IS_DOCUMENT (self), NULL);
  return self->published_run;
}

void
ts_document_open (TsDocument *self)
{
  g_return_if_fail (TS_IS_DOCUMENT (self));
  maybe_ask_to_save (self, PENDING_OPEN);
}

gboolean
ts_document_hold_close (TsDocument *self)
{
  g_return_val_if_fail (TS_IS_DOCUMENT (self), FALSE);

  /* A scenario never saved is autosaved: closing loses nothing. */
  if (!self->dirty || self->file == NULL)
    return FALSE;
  maybe_ask_to_save (self, PENDING_CLOSE);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* The title */

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

char *
ts_document_dup_title (TsDocument *self)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (TS_IS_DOCUMENT (self), NULL);

  if (self->file != NULL)
    name = g_file_get_basename (self->file);
  else
    /* Translators: the name of a scenario that was never saved to a
     * file; it shows at 360 px, keep it short */
    name = g_strdup (_("New scenario"));
  if (!self->dirty || self->file == NULL)
    return g_steal_pointer (&name);
  /* Translators: marks a scenario with changes that are not saved yet;
   * a scenario never saved says so already */
  return g_strdup_printf (_("%s (changed)"), name);
}

char *
ts_document_dup_location (TsDocument *self)
{
  g_return_val_if_fail (TS_IS_DOCUMENT (self), NULL);

  if (self->dirty && self->file != NULL)
    /* Translators: the wide header's second line, under the file's name */
    return g_strdup (_("Unsaved changes"));
  if (self->file != NULL)
    return folder_for_title (self->file);
  return g_strdup ("");
}

/* ---------------------------------------------------------------------- */

static void
ts_document_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TsDocument *self = TS_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, self->dirty);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_document_dispose (GObject *object)
{
  TsDocument *self = TS_DOCUMENT (object);

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->unrestored_message, g_free);
  self->scenario = NULL;

  G_OBJECT_CLASS (ts_document_parent_class)->dispose (object);
}

static void
ts_document_class_init (TsDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ts_document_dispose;
  object_class->get_property = ts_document_get_property;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRTY] = g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[LOAD] = g_signal_new ("load", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_FILE);
  signals[TOAST] = g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 1, ADW_TYPE_TOAST);
}

static void
ts_document_init (TsDocument *self)
{
}

TsDocument *
ts_document_new (GtkWindow *window,
                 GSettings *settings)
{
  TsDocument *self = g_object_new (TS_TYPE_DOCUMENT, NULL);

  self->window = window;
  self->settings = g_object_ref (settings);
  return self;
}
