/* ts-json.c — guarded JSON reading shared by every loader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-json"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-error.h"
#include "ts-local-file.h"
#include "ts-json.h"

/* json-glib 1.6 is a lenient reader: it takes comments, single-quoted
 * strings, hexadecimal numbers and raw control characters; it wraps a
 * whole number beyond 64 bits silently (99999999999999999999 reads as −1),
 * reads 1e999 as infinity, keeps the last of duplicate keys and recurses
 * once per nesting level. So every file is read here as strict JSON
 * (RFC 8259) with bounded nesting and no duplicate keys, and the reader
 * builds the json-glib tree itself as it goes: the same nodes json-glib's
 * parser would build from such text (whole numbers as int64, the rest as
 * double, strings decoded), in one pass instead of a check and a second
 * parse (json-glib's scanner took two thirds of the CLI's start-up). The
 * reader recurses at most TS_JSON_MAX_DEPTH levels. */
typedef struct
{
  const char  *start;
  const char  *p;
  const char  *end;
  const char  *name;
  GError     **error;
  GString     *text;     /* the string being decoded */
} Checker;

/* Whole numbers with more digits than this could leave int64's range, where
 * json-glib wraps them; 18 digits always fit, 19 are checked. */
#define TS_JSON_MAX_INT_DIGITS 18

static gboolean
checker_fail (Checker    *c,
              const char *problem)
{
  int line = 1;
  int column = 1;

  for (const char *q = c->start; q < c->p && q < c->end; q = g_utf8_next_char (q))
    {
      if (*q == '\n')
        {
          line++;
          column = 1;
        }
      else
        column++;
    }
  g_set_error (c->error, TS_ERROR, TS_ERROR_INVALID_INPUT,
               /* Translators: “plan.json: not valid JSON at line 3, column 7: expected “,” or “}”” */
               _("%s: not valid JSON at line %d, column %d: %s"), c->name, line, column, problem);
  return FALSE;
}

/* Names the two extensions people most often write by habit, wherever
 * they appear, before the generic problem. */
static gboolean
checker_unexpected (Checker    *c,
                    const char *problem)
{
  if (c->p < c->end && *c->p == '/')
    return checker_fail (c, _("comments are not allowed in JSON"));
  if (c->p < c->end && *c->p == '\'')
    return checker_fail (c, _("strings must be in double quotes"));
  return checker_fail (c, problem);
}

static void
skip_space (Checker *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
    c->p++;
}

static int
hex_value (char ch)
{
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if (ch >= 'a' && ch <= 'f')
    return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F')
    return ch - 'A' + 10;
  return -1;
}

static gboolean
read_hex4 (Checker *c,
           gunichar *out)
{
  gunichar value = 0;

  if (c->end - c->p < 4)
    return checker_fail (c, _("“\\u” must be followed by four hexadecimal digits"));
  for (int i = 0; i < 4; i++)
    {
      int digit = hex_value (c->p[i]);

      if (digit < 0)
        return checker_fail (c, _("“\\u” must be followed by four hexadecimal digits"));
      value = value * 16 + (gunichar) digit;
    }
  c->p += 4;
  *out = value;
  return TRUE;
}

/* Reads a string; when out is not NULL, stores its decoded text (keys are
 * compared decoded, so "a" and "\u0061" are the same key). */
static gboolean
check_string (Checker *c,
              GString *out)
{
  c->p++;  /* the opening quote */
  while (c->p < c->end && *c->p != '"')
    {
      guchar ch = (guchar) *c->p;

      if (ch < 0x20)
        return checker_fail (c, _("a control character (such as a line break) inside a string must be written as an escape"));
      if (ch != '\\')
        {
          /* a run of plain bytes: UTF-8 continuation bytes are never a
           * quote, a backslash or a control character */
          const char *run = c->p;

          while (c->p < c->end && *c->p != '"' && *c->p != '\\' && (guchar) *c->p >= 0x20)
            c->p++;
          if (out)
            g_string_append_len (out, run, c->p - run);
          continue;
        }

      c->p++;
      if (c->p >= c->end)
        break;
      switch (*c->p)
        {
        case '"': case '\\': case '/':
          if (out)
            g_string_append_c (out, *c->p);
          c->p++;
          break;
        case 'b': case 'f': case 'n': case 'r': case 't':
          if (out)
            g_string_append_c (out, "\b\f\n\r\t"[strchr ("bfnrt", *c->p) - "bfnrt"]);
          c->p++;
          break;
        case 'u':
          {
            gunichar u, low;

            c->p++;
            if (!read_hex4 (c, &u))
              return FALSE;
            if (u == 0)
              return checker_fail (c, _("a NUL character (\\u0000) is not allowed in text"));
            if (u >= 0xDC00 && u <= 0xDFFF)
              return checker_fail (c, _("a lone low surrogate (\\uDC00–\\uDFFF) is not a character"));
            if (u >= 0xD800 && u <= 0xDBFF)
              {
                if (c->end - c->p < 2 || c->p[0] != '\\' || c->p[1] != 'u')
                  return checker_fail (c, _("a high surrogate (\\uD800–\\uDBFF) must be followed by a low one"));
                c->p += 2;
                if (!read_hex4 (c, &low))
                  return FALSE;
                if (low < 0xDC00 || low > 0xDFFF)
                  return checker_fail (c, _("a high surrogate (\\uD800–\\uDBFF) must be followed by a low one"));
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
              }
            if (out)
              g_string_append_unichar (out, u);
          }
          break;
        default:
          return checker_fail (c, _("unknown escape in a string (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"));
        }
    }
  if (c->p >= c->end)
    return checker_fail (c, _("a string is not closed with “\"”"));
  c->p++;  /* the closing quote */
  return TRUE;
}

/* The number's text, NUL-terminated for g_ascii_strto* (the data need
 * not be): in `buffer` when it fits, else in *heap. */
static const char *
number_text (const char *begin,
             const char *end,
             char       *buffer,
             gsize       size,
             char      **heap)
{
  gsize n = end - begin;

  if (n < size)
    {
      memcpy (buffer, begin, n);
      buffer[n] = '\0';
      return buffer;
    }
  return *heap = g_strndup (begin, n);
}

static gboolean
check_number (Checker   *c,
              JsonNode **out)
{
  const char *begin = c->p;
  char buffer[64];
  g_autofree char *heap = NULL;
  const char *text;
  gboolean whole = TRUE;
  int digits = 0;

  if (c->p < c->end && *c->p == '-')
    c->p++;
  if (c->p < c->end && *c->p == '0')
    {
      c->p++;
      digits = 1;
      if (c->p < c->end && g_ascii_isdigit (*c->p))
        return checker_fail (c, _("a number may not start with 0 (except 0 itself)"));
    }
  else
    {
      while (c->p < c->end && g_ascii_isdigit (*c->p))
        {
          c->p++;
          digits++;
        }
    }
  if (digits == 0)
    return checker_fail (c, _("expected a value (a number, a string, true, false, null, an object or a list)"));

  if (c->p < c->end && *c->p == '.')
    {
      whole = FALSE;
      c->p++;
      if (c->p >= c->end || !g_ascii_isdigit (*c->p))
        return checker_fail (c, _("a decimal point must be followed by digits"));
      while (c->p < c->end && g_ascii_isdigit (*c->p))
        c->p++;
    }
  if (c->p < c->end && (*c->p == 'e' || *c->p == 'E'))
    {
      whole = FALSE;
      c->p++;
      if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
        c->p++;
      if (c->p >= c->end || !g_ascii_isdigit (*c->p))
        return checker_fail (c, _("an exponent must have digits"));
      while (c->p < c->end && g_ascii_isdigit (*c->p))
        c->p++;
    }

  text = number_text (begin, c->p, buffer, sizeof buffer, &heap);
  if (whole)
    {
      gint64 value;

      /* 19 digits may still fit (9223372036854775807 does): only a value
       * beyond int64, which json-glib would wrap, is refused */
      errno = 0;
      value = g_ascii_strtoll (text, NULL, 10);
      if (digits > TS_JSON_MAX_INT_DIGITS && errno == ERANGE)
        {
          c->p = begin;
          return checker_fail (c, _("a whole number is too long; write a large number with an exponent, such as 1e20"));
        }
      /* json-glib: a whole number is an int64 */
      *out = json_node_init_int (json_node_alloc (), value);
      return TRUE;
    }
  {
    double value = g_ascii_strtod (text, NULL);

    if (!isfinite (value))
      {
        c->p = begin;
        return checker_fail (c, _("a number is too large"));
      }
    *out = json_node_init_double (json_node_alloc (), value);
  }
  return TRUE;
}

static gboolean check_value (Checker *c, int depth, JsonNode **out);

/* What follows a member of an object or an element of an array. */
typedef enum
{
  AFTER_ITEM_MORE,    /* a “,”: another item */
  AFTER_ITEM_CLOSED,  /* the closing bracket */
  AFTER_ITEM_ERROR,   /* anything else, reported */
} AfterItem;

static AfterItem
check_after_item (Checker *c,
                  char     closing)
{
  skip_space (c);
  if (c->p < c->end && *c->p == ',')
    {
      c->p++;
      return AFTER_ITEM_MORE;
    }
  if (c->p < c->end && *c->p == closing)
    {
      c->p++;
      return AFTER_ITEM_CLOSED;
    }
  /* translated only here: a large catalog has thousands of items */
  checker_unexpected (c, closing == '}' ? _("expected “,” or “}”") : _("expected “,” or “]”"));
  return AFTER_ITEM_ERROR;
}

static gboolean
check_object_members (Checker    *c,
                      int         depth,
                      JsonObject *object)
{
  c->p++;  /* { */
  skip_space (c);
  if (c->p < c->end && *c->p == '}')
    {
      c->p++;
      return TRUE;
    }
  for (;;)
    {
      g_autofree char *key = NULL;
      const char *key_start;
      JsonNode *member = NULL;

      skip_space (c);
      if (c->p >= c->end || *c->p != '"')
        return checker_unexpected (c, _("expected a key in double quotes"));
      key_start = c->p;
      g_string_truncate (c->text, 0);
      if (!check_string (c, c->text))
        return FALSE;
      if (json_object_has_member (object, c->text->str))
        {
          g_set_error (c->error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       _("%s: the key “%s” appears twice in one object"), c->name, c->text->str);
          c->p = key_start;
          return FALSE;
        }
      key = g_strndup (c->text->str, c->text->len);

      skip_space (c);
      if (c->p >= c->end || *c->p != ':')
        return checker_unexpected (c, _("expected “:” after a key"));
      c->p++;
      if (!check_value (c, depth, &member))
        return FALSE;
      json_object_set_member (object, key, member);
      switch (check_after_item (c, '}'))
        {
        case AFTER_ITEM_MORE: continue;
        case AFTER_ITEM_CLOSED: return TRUE;
        case AFTER_ITEM_ERROR:
        default: return FALSE;
        }
    }
}

/* check_object () and check_array () (and their _members/_elements) have
 * the same shape over json-glib's two container types, kept apart
 * deliberately: one function for both would ask which type at every
 * step. What follows an item is shared (check_after_item ()). */
static gboolean
check_object (Checker   *c,
              int        depth,
              JsonNode **out)
{
  JsonObject *object = json_object_new ();
  gboolean ok = check_object_members (c, depth, object);

  if (ok)
    *out = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return ok;
}

static gboolean
check_array_elements (Checker   *c,
                      int        depth,
                      JsonArray *array)
{
  c->p++;  /* [ */
  skip_space (c);
  if (c->p < c->end && *c->p == ']')
    {
      c->p++;
      return TRUE;
    }
  for (;;)
    {
      JsonNode *element = NULL;

      if (!check_value (c, depth, &element))
        return FALSE;
      json_array_add_element (array, element);
      switch (check_after_item (c, ']'))
        {
        case AFTER_ITEM_MORE: continue;
        case AFTER_ITEM_CLOSED: return TRUE;
        case AFTER_ITEM_ERROR:
        default: return FALSE;
        }
    }
}

static gboolean
check_array (Checker   *c,
             int        depth,
             JsonNode **out)
{
  JsonArray *array = json_array_new ();
  gboolean ok = check_array_elements (c, depth, array);

  if (ok)
    *out = json_node_init_array (json_node_alloc (), array);
  json_array_unref (array);
  return ok;
}

static gboolean
check_literal (Checker    *c,
               const char *word)
{
  gsize n = strlen (word);

  if ((gsize) (c->end - c->p) < n || strncmp (c->p, word, n) != 0)
    return checker_fail (c, _("expected a value (a number, a string, true, false, null, an object or a list)"));
  c->p += n;
  return TRUE;
}

static gboolean
check_string_value (Checker   *c,
                    JsonNode **out)
{
  g_string_truncate (c->text, 0);
  if (!check_string (c, c->text))
    return FALSE;
  *out = json_node_init_string (json_node_alloc (), c->text->str);
  return TRUE;
}

static gboolean
check_boolean (Checker    *c,
               const char *word,
               JsonNode  **out)
{
  if (!check_literal (c, word))
    return FALSE;
  *out = json_node_init_boolean (json_node_alloc (), *word == 't');
  return TRUE;
}

static gboolean
check_null (Checker   *c,
            JsonNode **out)
{
  if (!check_literal (c, "null"))
    return FALSE;
  *out = json_node_init_null (json_node_alloc ());
  return TRUE;
}

/* Reads a value into *out (a new node) or fails with *out untouched. */
static gboolean
check_value (Checker   *c,
             int        depth,
             JsonNode **out)
{
  skip_space (c);
  if (c->p >= c->end)
    return checker_fail (c, _("the text ends where a value is expected"));

  switch (*c->p)
    {
    case '{':
    case '[':
      if (depth >= TS_JSON_MAX_DEPTH)
        {
          g_set_error (c->error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                       _("%s: nested more than %d levels deep"), c->name, TS_JSON_MAX_DEPTH);
          return FALSE;
        }
      return *c->p == '{' ? check_object (c, depth + 1, out) : check_array (c, depth + 1, out);
    case '"':
      return check_string_value (c, out);
    case 't':
      return check_boolean (c, "true", out);
    case 'f':
      return check_boolean (c, "false", out);
    case 'n':
      return check_null (c, out);
    case '/':
      return checker_fail (c, _("comments are not allowed in JSON"));
    case '\'':
      return checker_fail (c, _("strings must be in double quotes"));
    default:
      return check_number (c, out);
    }
}

static JsonNode *
read_strict (const char  *data,
             gsize        length,
             const char  *name,
             GError     **error)
{
  g_autoptr(GString) text = g_string_sized_new (256);
  Checker c = { data, data, data + length, name, error, text };
  g_autoptr(JsonNode) root = NULL;

  if (!check_value (&c, 0, &root))
    return NULL;
  skip_space (&c);
  if (c.p < c.end)
    {
      checker_unexpected (&c, _("unexpected text after the end of the JSON value"));
      return NULL;
    }
  return g_steal_pointer (&root);
}

static gboolean
is_blank (const char *data,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r' && data[i] != '\n')
      return FALSE;
  return TRUE;
}

JsonNode *
ts_json_parse (const char  *data,
               gssize       length,
               const char  *name,
               GError     **error)
{
  gsize len = length < 0 ? strlen (data) : (gsize) length;

  if (len > TS_JSON_MAX_BYTES)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("%s: the file is larger than %d MiB"), name, TS_JSON_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_utf8_validate_len (data, len, NULL))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT,
                   _("%s: the file is not valid UTF-8 text"), name);
      return NULL;
    }
  /* Editors on Windows start UTF-8 files with a byte-order mark; it is
   * not part of the JSON text. */
  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      len -= 3;
    }
  if (is_blank (data, len))
    {
      g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("%s: the file is empty"), name);
      return NULL;
    }
  return read_strict (data, len, name, error);
}

JsonNode *
ts_json_parse_file (const char  *path,
                    GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  /* the one rule for input files (ts-local-file.c): a 10 GB file, /dev/zero or
   * a FIFO is refused before anything is read, or waited for */
  if (!ts_local_file_read (path, TS_JSON_MAX_BYTES, &data, &length, error))
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  return ts_json_parse (data, length, path, error);
}

/* ---- reading a member ---------------------------------------------------- */

JsonNode *
ts_json_get_node (JsonObject *obj,
                  const char *key)
{
  JsonNode *node = obj != NULL ? json_object_get_member (obj, key) : NULL;

  return node != NULL && !JSON_NODE_HOLDS_NULL (node) ? node : NULL;
}

static gboolean
holds_value (JsonNode *node,
             GType     type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

TsJsonMember
ts_json_node_string (JsonNode    *node,
                     guint        max_chars,
                     const char **out)
{
  const char *text;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TS_JSON_ABSENT;
  if (!holds_value (node, G_TYPE_STRING))
    return TS_JSON_WRONG_TYPE;
  text = json_node_get_string (node);
  /* the reader validated the file as UTF-8; the bytes bound the count */
  if (max_chars > 0 && strlen (text) > max_chars && g_utf8_strlen (text, -1) > max_chars)
    return TS_JSON_TOO_LONG;
  *out = text;
  return TS_JSON_OK;
}

TsJsonMember
ts_json_node_number (JsonNode *node,
                     double   *out)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TS_JSON_ABSENT;
  if (!holds_value (node, G_TYPE_INT64) && !holds_value (node, G_TYPE_DOUBLE))
    return TS_JSON_WRONG_TYPE;
  *out = json_node_get_double (node);
  return TS_JSON_OK;
}

TsJsonMember
ts_json_node_bool (JsonNode *node,
                   gboolean *out)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TS_JSON_ABSENT;
  if (!holds_value (node, G_TYPE_BOOLEAN))
    return TS_JSON_WRONG_TYPE;
  *out = json_node_get_boolean (node);
  return TS_JSON_OK;
}

TsJsonMember
ts_json_node_object (JsonNode    *node,
                     JsonObject **out)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TS_JSON_ABSENT;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return TS_JSON_WRONG_TYPE;
  *out = json_node_get_object (node);
  return TS_JSON_OK;
}

TsJsonMember
ts_json_node_array (JsonNode   *node,
                    JsonArray **out)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TS_JSON_ABSENT;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return TS_JSON_WRONG_TYPE;
  *out = json_node_get_array (node);
  return TS_JSON_OK;
}

TsJsonMember
ts_json_get_string (JsonObject  *obj,
                    const char  *key,
                    guint        max_chars,
                    const char **out)
{
  return ts_json_node_string (ts_json_get_node (obj, key), max_chars, out);
}

TsJsonMember
ts_json_get_number (JsonObject *obj,
                    const char *key,
                    double     *out)
{
  return ts_json_node_number (ts_json_get_node (obj, key), out);
}

TsJsonMember
ts_json_get_bool (JsonObject *obj,
                  const char *key,
                  gboolean   *out)
{
  return ts_json_node_bool (ts_json_get_node (obj, key), out);
}

TsJsonMember
ts_json_get_object (JsonObject  *obj,
                    const char  *key,
                    JsonObject **out)
{
  return ts_json_node_object (ts_json_get_node (obj, key), out);
}

TsJsonMember
ts_json_get_array (JsonObject *obj,
                   const char *key,
                   JsonArray **out)
{
  return ts_json_node_array (ts_json_get_node (obj, key), out);
}

/* ---- writing ------------------------------------------------------------ */

void
ts_json_add_string (JsonBuilder *b,
                    const char  *name,
                    const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
ts_json_add_int (JsonBuilder *b,
                 const char  *name,
                 gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

void
ts_json_add_bool (JsonBuilder *b,
                  const char  *name,
                  gboolean     value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

void
ts_json_add_double (JsonBuilder *b,
                    const char  *name,
                    double       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

/* json-glib 1.6 appends “.0” to any double printed without a point, so
 * 8e18 comes out as “8e+18.0”, which no JSON reader accepts: such a value
 * moves by one ulp to a neighbour that prints with its point. A figure
 * that is not finite is an engine error, never a plausible 0: it is
 * reported as a critical (fatal in every test and fuzz run) and written
 * as null, which no reader mistakes for a number. */
void
ts_json_add_double_valid (JsonBuilder *b,
                          const char  *name,
                          double       value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_critical ("the engine computed a figure that is not finite: %s = %g", name, value);
      json_builder_set_member_name (b, name);
      json_builder_add_null_value (b);
      return;
    }
  g_ascii_dtostr (text, sizeof text, value);
  if (strchr (text, 'e') != NULL && strchr (text, '.') == NULL)
    value = nextafter (value, 0);
  ts_json_add_double (b, name, value);
}
