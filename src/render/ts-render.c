/* ts-render.c — what every drawing starts from: the drawings' names,
 * the option of the plan a drawing shows, its racks and its memory
 *
 * How drawings look is in ts-render-style.c, their words and numbers in
 * ts-render-format.c, the drawing pass and its text in ts-render-text.c,
 * one entry per drawing in ts-render-drawing.c and files in
 * ts-render-export.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-render"

#include "config.h"

#include "ts-render-private.h"

const char *
ts_drawing_to_string (TsDrawing drawing)
{
  switch (drawing)
    {
    case TS_DRAWING_MEMORY: return "memory";
    case TS_DRAWING_COMPARISON: return "comparison";
    case TS_DRAWING_RACK: return "rack";
    case TS_DRAWING_POWER: return "power";
    case TS_DRAWING_TIME: return "time";
    case TS_DRAWING_SUMMARY: return "summary";
    case TS_DRAWING_NETWORK: return "network";
    case TS_N_DRAWINGS:
    default: return NULL;
    }
}

/* Every drawing's name, joined: the CLI's --drawing values and messages
 * list them from here, so a new drawing is offered everywhere at once. */
char *
ts_drawing_dup_names (const char *separator)
{
  GString *names = g_string_new (NULL);

  for (int i = 0; i < TS_N_DRAWINGS; i++)
    {
      if (i > 0)
        g_string_append (names, separator);
      g_string_append (names, ts_drawing_to_string (i));
    }
  return g_string_free (names, FALSE);
}

gboolean
ts_drawing_from_string (const char *text,
                        TsDrawing  *drawing)
{
  for (int i = 0; i < TS_N_DRAWINGS; i++)
    if (g_strcmp0 (text, ts_drawing_to_string (i)) == 0)
      {
        *drawing = i;
        return TRUE;
      }
  return FALSE;
}

const TsOption *
ts_render_pick_option (const TsPlan *plan,
                       int           option_index)
{
  if (plan == NULL || plan->options == NULL || plan->options->len == 0)
    return NULL;
  if (option_index >= 0 && (guint) option_index < plan->options->len)
    return &g_array_index (plan->options, TsOption, option_index);
  return ts_plan_get_shown_option (plan);
}

const GArray *
ts_render_option_racks (const TsOption *option)
{
  const GArray *racks = option != NULL ? ts_option_get_rack_detail (option) : NULL;

  if (racks == NULL || racks->len == 0)
    return NULL;
  return racks;
}

GArray *
ts_render_rack_groups (const GArray *racks,
                       gboolean    (*same) (const TsRack *a,
                                            const TsRack *b))
{
  GArray *groups = g_array_new (FALSE, FALSE, sizeof (TsRackGroup));

  for (guint i = 0; racks != NULL && i < racks->len; i++)
    {
      TsRackGroup *last = groups->len > 0 ? &g_array_index (groups, TsRackGroup, groups->len - 1) : NULL;

      if (last != NULL && same (&g_array_index (racks, TsRack, last->first), &g_array_index (racks, TsRack, i)))
        last->count++;
      else
        {
          TsRackGroup group = { i, 1 };

          g_array_append_val (groups, group);
        }
    }
  return groups;
}

gboolean
ts_render_rack_groups_any (const GArray *groups)
{
  for (guint i = 0; i < groups->len; i++)
    if (g_array_index (groups, TsRackGroup, i).count > 1)
      return TRUE;
  return FALSE;
}

const TsMemory *
ts_render_pick_memory (const TsPlan   *plan,
                       const TsOption *option)
{
  if (option != NULL && option->memory.layout.gpus > 0)
    return &option->memory;
  return ts_plan_get_memory (plan);
}
