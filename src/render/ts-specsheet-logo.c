/* ts-specsheet-logo.c — the vendor's logo read for the spec sheet
 *
 * A logo comes from a file the user (or a catalog someone sent them)
 * names, so it is read defensively: its size is checked before it is
 * read, a PNG's dimensions before it is decoded, and an SVG is first
 * walked with GMarkup so that one pointing at other files or addresses
 * (images, <use>, XInclude, CSS @import, entities) is refused with a
 * reason rather than quietly drawn without them. librsvg then reads it
 * from memory with no base file, so even a reference the walk missed
 * cannot reach the disk or the network. The SVG is replayed onto a
 * recording surface: painted into the PDF, it stays vectors.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>
#include <string.h>

#include "ts-error.h"
#include "ts-local-file.h"
#include "ts-specsheet-logo.h"

/* No logo is near this large; a larger file is a mistake or an attack
 * (an SVG's cost grows with its size, a PNG's with its dimensions). */
#define LOGO_MAX_BYTES  (2 * 1024 * 1024)
#define LOGO_MAX_PIXELS 8192

static const guint8 png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

/* The one rule for input files (ts_local_file_read ()): a FIFO named as
 * the logo no longer hangs the sheet, nor /dev/zero fills the memory. */
static gboolean
read_file (const char  *path,
           const char  *display,
           GBytes     **bytes,
           GError     **error)
{
  char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local = NULL;

  if (!ts_local_file_read (path, LOGO_MAX_BYTES, &data, &length, &local))
    {
      if (g_error_matches (local, TS_ERROR, TS_ERROR_INVALID_INPUT))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     /* Translators: %s is a file name; %d a size in megabytes */
                     _("The logo “%s” is larger than %d MB: it is not read"),
                     display, LOGO_MAX_BYTES / (1024 * 1024));
      else
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                     /* Translators: the first %s is a file name, the second the system's reason */
                     _("Could not read the logo “%s”: %s"), display, local->message);
      return FALSE;
    }
  *bytes = g_bytes_new_take (data, length);
  return TRUE;
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

typedef struct
{
  const guint8 *data;
  gsize         length;
  gsize         offset;
} PngReader;

static cairo_status_t
png_read (void          *closure,
          unsigned char *out,
          unsigned int   length)
{
  PngReader *reader = closure;

  if (reader->length - reader->offset < length)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, reader->data + reader->offset, length);
  reader->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
not_an_image (const char  *display,
              GError     **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: %s is a file name */
               _("The logo “%s” is not a PNG or SVG image"), display);
  return FALSE;
}

static gboolean
load_png (GBytes           *bytes,
          const char       *display,
          cairo_surface_t **logo,
          GError          **error)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  PngReader reader = { data, length, 0 };
  cairo_surface_t *surface;

  /* the IHDR chunk's width and height, read before libpng allocates
   * width × height × 4 bytes for them */
  if (length < 24 || memcmp (data + 12, "IHDR", 4) != 0)
    return not_an_image (display, error);
  if (read_be32 (data + 16) > LOGO_MAX_PIXELS || read_be32 (data + 20) > LOGO_MAX_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a file name, %d a number of pixels */
                   _("The logo “%s” is wider or taller than %d pixels: it is not read"),
                   display, LOGO_MAX_PIXELS);
      return FALSE;
    }
  surface = cairo_image_surface_create_from_png_stream (png_read, &reader);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS
      || cairo_image_surface_get_width (surface) <= 0 || cairo_image_surface_get_height (surface) <= 0)
    {
      cairo_surface_destroy (surface);
      return not_an_image (display, error);
    }
  *logo = surface;
  return TRUE;
}

/* ---- SVG ----------------------------------------------------------------- */

/* The walk over the SVG's markup: the first reference to anything outside
 * the file, or NULL. */
typedef struct
{
  char     *outside;
  gboolean  in_style;
} SvgCheck;

static gboolean
is_local_name (const char *name,
               const char *local)
{
  const char *colon = strrchr (name, ':');

  return g_strcmp0 (colon != NULL ? colon + 1 : name, local) == 0;
}

/* A reference that stays in the file: a fragment (“#id”) or inline data. */
static gboolean
is_inside (const char *reference)
{
  while (g_ascii_isspace (*reference) || *reference == '\'' || *reference == '"')
    reference++;
  return *reference == '#' || g_ascii_strncasecmp (reference, "data:", 5) == 0;
}

/* Every url(…) in a style or presentation attribute must stay inside. */
static const char *
first_outside_url (const char *text)
{
  const char *p = text;

  while ((p = strstr (p, "url(")) != NULL)
    {
      p += strlen ("url(");
      if (!is_inside (p))
        return p;
    }
  return NULL;
}

/* Remembers the first reference, as far as its end (a url()'s closing
 * parenthesis or quote), to name it in the message. */
static void
note_outside (SvgCheck   *check,
              const char *reference)
{
  if (check->outside == NULL)
    check->outside = g_utf8_make_valid (reference, MIN (strcspn (reference, ")'\""), 80));
}

static void
check_text (SvgCheck   *check,
            const char *text)
{
  const char *url = first_outside_url (text);

  if (url != NULL)
    note_outside (check, url);
  else if (strstr (text, "@import") != NULL)
    note_outside (check, "@import");
}

static void
svg_start_element (GMarkupParseContext  *context,
                   const char           *element,
                   const char          **names,
                   const char          **values,
                   gpointer              user_data,
                   GError              **error)
{
  SvgCheck *check = user_data;

  /* XInclude pulls in another file's text */
  if (is_local_name (element, "include"))
    note_outside (check, element);
  check->in_style = is_local_name (element, "style");
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (is_local_name (names[i], "href") && !is_inside (values[i]))
        note_outside (check, values[i]);
      else
        check_text (check, values[i]);
    }
}

static void
svg_end_element (GMarkupParseContext  *context,
                 const char           *element,
                 gpointer              user_data,
                 GError              **error)
{
  SvgCheck *check = user_data;

  check->in_style = FALSE;
}

static void
svg_text (GMarkupParseContext  *context,
          const char           *text,
          gsize                 length,
          gpointer              user_data,
          GError              **error)
{
  SvgCheck *check = user_data;
  g_autofree char *copy = NULL;

  if (!check->in_style)
    return;
  copy = g_strndup (text, length);
  check_text (check, copy);
}

/* The XML declaration, comments and the DOCTYPE pass through here; an
 * entity declared in the DOCTYPE can name a file (SYSTEM) or multiply
 * itself into gigabytes, and a logo needs none. */
static void
svg_passthrough (GMarkupParseContext  *context,
                 const char           *text,
                 gsize                 length,
                 gpointer              user_data,
                 GError              **error)
{
  SvgCheck *check = user_data;

  if (g_strstr_len (text, length, "<!ENTITY") != NULL)
    note_outside (check, "<!ENTITY");
  /* a CDATA section of a <style> is its text */
  else if (check->in_style && length > 9 && g_str_has_prefix (text, "<![CDATA["))
    svg_text (context, text + 9, length - 9, user_data, error);
}

static gboolean
check_self_contained (GBytes      *bytes,
                      const char  *display,
                      GError     **error)
{
  static const GMarkupParser parser = {
    svg_start_element, svg_end_element, svg_text, svg_passthrough, NULL
  };
  SvgCheck check = { NULL, FALSE };
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, &check, NULL);
  g_autoptr(GError) local = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  if (!g_markup_parse_context_parse (context, data, length, &local)
      || !g_markup_parse_context_end_parse (context, &local))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: the first %s is a file name, the second the parser's reason */
                   _("The SVG logo “%s” could not be read: %s"), display, local->message);
      g_free (check.outside);
      return FALSE;
    }
  if (check.outside != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   /* Translators: the first %s is a file name, the second what it refers to */
                   _("The SVG logo “%s” refers to something outside the file (%s): a logo must be self-contained"),
                   display, check.outside);
      g_free (check.outside);
      return FALSE;
    }
  return TRUE;
}

/* The SVG's size in CSS pixels: its width and height, or its viewBox. */
static gboolean
svg_size (RsvgHandle *handle,
          double     *width,
          double     *height)
{
  gboolean has_viewbox = FALSE;
  RsvgRectangle viewbox;

  if (rsvg_handle_get_intrinsic_size_in_pixels (handle, width, height))
    return *width > 0 && *height > 0;
  rsvg_handle_get_intrinsic_dimensions (handle, NULL, NULL, NULL, NULL, &has_viewbox, &viewbox);
  *width = viewbox.width;
  *height = viewbox.height;
  return has_viewbox && viewbox.width > 0 && viewbox.height > 0;
}

/* The SVG drawn once onto a recording surface of its own size. */
static gboolean
record_svg (RsvgHandle       *handle,
            const char       *display,
            cairo_surface_t **logo,
            GError          **error)
{
  g_autoptr(GError) local = NULL;
  cairo_rectangle_t extents = { 0, 0, 0, 0 };
  RsvgRectangle viewport;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean drawn;

  if (!svg_size (handle, &extents.width, &extents.height)
      || extents.width > LOGO_MAX_PIXELS || extents.height > LOGO_MAX_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a file name, %d a number of pixels */
                   _("The SVG logo “%s” needs a width and height (or a viewBox) of at most %d pixels"),
                   display, LOGO_MAX_PIXELS);
      return FALSE;
    }

  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cr = cairo_create (surface);
  viewport = (RsvgRectangle) { 0, 0, extents.width, extents.height };
  drawn = rsvg_handle_render_document (handle, cr, &viewport, &local);
  cairo_destroy (cr);
  if (!drawn || cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The SVG logo “%s” could not be read: %s"), display,
                   local != NULL ? local->message : cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return FALSE;
    }
  *logo = surface;
  return TRUE;
}

/* load_png ()'s arguments and contract, for an SVG: each format has its
 * own reader and its own messages. */
static gboolean
load_svg (GBytes           *bytes,
          const char       *display,
          cairo_surface_t **logo,
          GError          **error)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) local = NULL;
  RsvgHandle *handle;
  gboolean recorded;

  if (!check_self_contained (bytes, display, error))
    return FALSE;
  stream = g_memory_input_stream_new_from_bytes (bytes);
  /* no base file: librsvg then resolves no reference to another file */
  handle = rsvg_handle_new_from_stream_sync (stream, NULL, RSVG_HANDLE_FLAGS_NONE, NULL, &local);
  if (handle == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: the first %s is a file name, the second the reason */
                   _("The SVG logo “%s” could not be read: %s"), display, local->message);
      return FALSE;
    }
  recorded = record_svg (handle, display, logo, error);
  g_object_unref (handle);
  return recorded;
}

/* An SVG by its content, whatever the file is called. */
static gboolean
looks_like_svg (const char *path,
                GBytes     *bytes)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  g_autofree char *type = g_content_type_guess (path, data, length, NULL);

  return g_content_type_is_a (type, "image/svg+xml")
         || g_strstr_len ((const char *) data, MIN (length, 4096), "<svg") != NULL;
}

gboolean
ts_specsheet_logo_load (const char       *path,
                        cairo_surface_t **logo,
                        GError          **error)
{
  g_autofree char *display = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  const guint8 *data;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (logo != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_filename_display_name (path);
  if (!read_file (path, display, &bytes, error))
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  if (length >= sizeof png_signature && memcmp (data, png_signature, sizeof png_signature) == 0)
    return load_png (bytes, display, logo, error);
  if (looks_like_svg (path, bytes))
    return load_svg (bytes, display, logo, error);
  return not_an_image (display, error);
}

void
ts_specsheet_logo_get_size (cairo_surface_t *logo,
                            double          *width,
                            double          *height)
{
  cairo_rectangle_t extents;

  if (cairo_surface_get_type (logo) == CAIRO_SURFACE_TYPE_RECORDING
      && cairo_recording_surface_get_extents (logo, &extents))
    {
      *width = extents.width;
      *height = extents.height;
      return;
    }
  *width = cairo_image_surface_get_width (logo);
  *height = cairo_image_surface_get_height (logo);
}

gboolean
ts_specsheet_logo_is_vector (cairo_surface_t *logo)
{
  return cairo_surface_get_type (logo) == CAIRO_SURFACE_TYPE_RECORDING;
}
