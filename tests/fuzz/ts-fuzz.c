/* ts-fuzz.c — what every fuzz target shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ts-fuzz.h"

gboolean ts_fuzz_accepted;

TsCatalog *
ts_fuzz_builtin_catalog (void)
{
  static TsCatalog *catalog;

  if (catalog == NULL)
    {
      g_autoptr(GError) error = NULL;

      catalog = ts_catalog_new_builtin (&error);
      if (catalog == NULL)
        {
          fprintf (stderr, "built-in catalog: %s\n", error->message);
          abort ();
        }
    }
  return catalog;
}

void
ts_fuzz_check_error (const GError *error)
{
  if (error == NULL)
    {
      fprintf (stderr, "refused without an error\n");
      abort ();
    }
  if (error->domain != TS_ERROR || error->message == NULL || error->message[0] == '\0'
      || !g_utf8_validate (error->message, -1, NULL))
    {
      fprintf (stderr, "refused with a bad error: %s\n", error->message ? error->message : "(null)");
      abort ();
    }
}

/* Every number of the plan's public JSON must be finite: that JSON is what
 * the CLI prints and the figures the window and spec sheet show. */
static void
check_finite (JsonNode   *node,
              const char *where)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *member;
        JsonNode *child;

        json_object_iter_init (&iter, json_node_get_object (node));
        while (json_object_iter_next (&iter, &member, &child))
          check_finite (child, member);
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          check_finite (json_array_get_element (array, i), where);
      }
      break;

    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_DOUBLE
          && !isfinite (json_node_get_double (node)))
        {
          fprintf (stderr, "plan: “%s” is not finite\n", where);
          abort ();
        }
      break;

    case JSON_NODE_NULL:
    default:
      break;
    }
}

void
ts_fuzz_check_plan (TsCatalog  *catalog,
                    TsScenario *scenario)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = ts_plan_compute (catalog, scenario, &error);
  g_autofree char *json = NULL;
  g_autoptr(JsonNode) root = NULL;
  const TsMemory *memory;

  if (plan == NULL)
    {
      /* A scenario that loaded may still be refused by the engine (an
       * unknown server, say), but only with a proper error. */
      ts_fuzz_check_error (error);
      return;
    }

  memory = ts_plan_get_memory (plan);
  for (guint i = 0; i < TS_N_COMPONENTS; i++)
    {
      if (!isfinite (memory->total.bytes[i]) || memory->total.bytes[i] < 0
          || !isfinite (memory->per_gpu.bytes[i]) || memory->per_gpu.bytes[i] < 0)
        {
          fprintf (stderr, "plan: memory component %u is %g total, %g per GPU\n",
                   i, memory->total.bytes[i], memory->per_gpu.bytes[i]);
          abort ();
        }
    }

  /* json-glib writes NaN and infinity as bare words, which no JSON reader
   * accepts: parsing the output back catches them too. */
  json = ts_plan_to_json_string (plan, FALSE);
  root = json_from_string (json, &error);
  if (root == NULL)
    {
      fprintf (stderr, "plan JSON does not parse: %s\n", error->message);
      abort ();
    }
  check_finite (root, "plan");
}
