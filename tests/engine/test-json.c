/* test-json.c — the strict JSON reader builds what json-glib would
 *
 * ts_json_parse () builds the json-glib tree itself (issue 10: the CLI
 * read the catalog twice). The independent reference is json-glib's own
 * parser: on text that is strict JSON both must give the same tree, node
 * by node — the same node and value types (a whole number is an int64,
 * any other number a double), the same values bit for bit, strings
 * decoded the same way, members in the same order. The inputs are the
 * built-in catalog's text, every JSON file of the source tree that reads
 * as strict JSON, and hand-written edge cases.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-json.h"
#include "ts-test-support.h"

static void
assert_same_tree (JsonNode   *expected,
                  JsonNode   *actual,
                  const char *path)
{
  g_assert_cmpint (JSON_NODE_TYPE (actual), ==, JSON_NODE_TYPE (expected));

  switch (JSON_NODE_TYPE (expected))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *x = json_node_get_object (expected);
        JsonObject *y = json_node_get_object (actual);
        g_autoptr(GList) xs = json_object_get_members (x);
        g_autoptr(GList) ys = json_object_get_members (y);

        g_assert_cmpuint (g_list_length (ys), ==, g_list_length (xs));
        for (GList *i = xs, *j = ys; i != NULL; i = i->next, j = j->next)
          {
            g_autofree char *sub = g_strdup_printf ("%s.%s", path, (const char *) i->data);

            g_assert_cmpstr (j->data, ==, i->data);
            assert_same_tree (json_object_get_member (x, i->data), json_object_get_member (y, j->data), sub);
          }
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (expected);
        JsonArray *y = json_node_get_array (actual);

        g_assert_cmpuint (json_array_get_length (y), ==, json_array_get_length (x));
        for (guint i = 0; i < json_array_get_length (x); i++)
          {
            g_autofree char *sub = g_strdup_printf ("%s[%u]", path, i);

            assert_same_tree (json_array_get_element (x, i), json_array_get_element (y, i), sub);
          }
      }
      break;

    case JSON_NODE_VALUE:
      if (json_node_get_value_type (actual) != json_node_get_value_type (expected))
        g_error ("%s: %s where json-glib has %s", path, g_type_name (json_node_get_value_type (actual)),
                 g_type_name (json_node_get_value_type (expected)));
      switch (json_node_get_value_type (expected))
        {
        case G_TYPE_INT64:
          g_assert_cmpint (json_node_get_int (actual), ==, json_node_get_int (expected));
          break;
        case G_TYPE_DOUBLE:
          {
            double x = json_node_get_double (expected);
            double y = json_node_get_double (actual);

            /* bit for bit: -0.0 is not 0.0 here */
            if (memcmp (&x, &y, sizeof x) != 0)
              g_error ("%s: %.17g where json-glib has %.17g", path, y, x);
          }
          break;
        case G_TYPE_BOOLEAN:
          g_assert_cmpint (json_node_get_boolean (actual), ==, json_node_get_boolean (expected));
          break;
        case G_TYPE_STRING:
          g_assert_cmpstr (json_node_get_string (actual), ==, json_node_get_string (expected));
          break;
        default:
          g_error ("%s: unexpected value type", path);
        }
      break;

    case JSON_NODE_NULL:
    default:
      break;
    }
}

/* Returns FALSE when the strict reader refuses the text (then json-glib
 * is not asked: it accepts more). */
static gboolean
compare_with_json_glib (const char *data,
                        gsize       length,
                        const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) ours = ts_json_parse (data, length, name, &error);
  g_autoptr(JsonParser) parser = NULL;

  if (ours == NULL)
    return FALSE;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, data, length, NULL));
  assert_same_tree (json_parser_get_root (parser), ours, name);
  return TRUE;
}

static void
test_catalog (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TRAINSIZER_SOURCE_ROOT"), "data", "catalog.json", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_true (compare_with_json_glib (data, length, "catalog.json"));
}

static void
compare_tree (const char *dir,
              guint      *compared)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;

  if (d == NULL)
    return;
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_autofree char *data = NULL;
      gsize length = 0;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          compare_tree (path, compared);
          continue;
        }
      /* the fuzz corpora hold JSON under hash names */
      if (!g_str_has_suffix (entry, ".json") && strstr (path, "/corpus/") == NULL)
        continue;
      if (g_file_get_contents (path, &data, &length, NULL) && compare_with_json_glib (data, length, path))
        (*compared)++;
    }
}

static void
test_source_files (void)
{
  g_autofree char *tests = g_build_filename (g_getenv ("TRAINSIZER_SOURCE_ROOT"), "tests", NULL);
  guint compared = 0;

  compare_tree (tests, &compared);
  /* the scenario and model files of the tests and the corpora's valid
   * seeds; a vanished tree would make this test vacuous */
  g_assert_cmpuint (compared, >=, 20);
}

static void
test_edge_cases (void)
{
  static const char *const cases[] = {
    "{\"a\": -0, \"b\": -0.0, \"c\": 1e5, \"d\": 1E-5, \"e\": -1.5E+3, \"f\": 0.1}",
    "{\"big\": 123456789012345678, \"small\": -123456789012345678}",
    "{\"tiny\": 2.5e-308, \"huge\": 1.7976931348623157e308, \"third\": 0.3333333333333333}",
    "{\"s\": \"\\u00e9\\ud83d\\ude00\\n\\t\\\"\\\\\\/\\b\\f\\r\", \"u\": \"caf\\u00E9 кот 😀\"}",
    "[true, false, null, [], {}, [[[1]]], {\"x\": {\"y\": [2.0]}}]",
    "\xef\xbb\xbf{\"with\": \"a byte-order mark\"}",
    "  \"just a string\"  ",
    "42",
    "{\"z\": 1, \"a\": 2, \"m\": 3}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_true (compare_with_json_glib (cases[i], strlen (cases[i]), cases[i]));
}

/* What may follow a member or an element: a “,” or the closing bracket;
 * anything else is named with its place (columns counted by hand, from
 * 1, at the character that is wrong). */
static void
test_after_an_item (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "{\"a\": 1 \"b\": 2}", "t.json: not valid JSON at line 1, column 9: expected “,” or “}”" },
    { "{\"a\": [1 2]}", "t.json: not valid JSON at line 1, column 10: expected “,” or “]”" },
    { "[1,\n 2;]", "t.json: not valid JSON at line 2, column 3: expected “,” or “]”" },
    { "{\"a\": 1]", "t.json: not valid JSON at line 1, column 8: expected “,” or “}”" },
    { "[1, 2} ", "t.json: not valid JSON at line 1, column 6: expected “,” or “]”" },
    { "{\"a\": 1 // note\n}", "t.json: not valid JSON at line 1, column 9: comments are not allowed in JSON" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) root = ts_json_parse (cases[i].text, -1, "t.json", &error);

      g_assert_null (root);
      g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
  /* and what closes or continues is read as such */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = ts_json_parse ("{\"a\": [1, 2], \"b\": {}}", -1, "t.json", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (root), "a")), ==, 2);
  }
}

/* Issue 15.15: a figure that is not finite is an engine error — a
 * critical (fatal in tests and fuzzing) and a JSON null — never a
 * plausible 0 that the "every number finite" checks cannot see. */
static void
test_non_finite_is_an_error (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      ts_json_add_double_valid (b, "power_kw", NAN);
      json_builder_end_object (b);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*not finite*power_kw*");

  {
    g_autoptr(JsonBuilder) b = json_builder_new ();
    g_autoptr(JsonNode) root = NULL;
    JsonObject *obj;

    /* with criticals not fatal, the value is written as null, not 0 */
    g_test_expect_message ("ts-json", G_LOG_LEVEL_CRITICAL, "*not finite*");
    json_builder_begin_object (b);
    ts_json_add_double_valid (b, "heat_btu_h", INFINITY);
    json_builder_end_object (b);
    g_test_assert_expected_messages ();
    root = json_builder_get_root (b);
    obj = json_node_get_object (root);
    g_assert_true (json_object_has_member (obj, "heat_btu_h"));
    g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (obj, "heat_btu_h")));
  }
}

int
main (int argc, char **argv)
{
  ts_i18n_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json/catalog-as-json-glib-reads-it", test_catalog);
  g_test_add_func ("/json/source-files-as-json-glib-reads-them", test_source_files);
  g_test_add_func ("/json/edge-cases-as-json-glib-reads-them", test_edge_cases);
  g_test_add_func ("/json/non-finite-is-an-error", test_non_finite_is_an_error);
  g_test_add_func ("/json/after-an-item", test_after_an_item);
  return g_test_run ();
}
