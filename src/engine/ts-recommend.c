/* ts-recommend.c — hardware options for a scenario, ranked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-recommend"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-recommend.h"

void
ts_option_clear (TsOption *option)
{
  g_clear_pointer (&option->reason, g_free);
  g_clear_pointer (&option->suggestion, g_free);
  if (option->rack_detail != NULL)
    {
      for (guint i = 0; i < option->rack_detail->len; i++)
        g_clear_pointer (&g_array_index (option->rack_detail, TsRack, i).devices, g_array_unref);
      g_clear_pointer (&option->rack_detail, g_array_unref);
    }
}

const char *
ts_verdict_to_string (TsVerdict verdict)
{
  switch (verdict)
    {
    case TS_VERDICT_FITS: return "fits";
    case TS_VERDICT_TIGHT: return "tight";
    case TS_VERDICT_DOES_NOT_FIT:
    default: return "does-not-fit";
    }
}

const char *
ts_verdict_label (TsVerdict verdict)
{
  switch (verdict)
    {
    case TS_VERDICT_FITS: return _("Fits");
    case TS_VERDICT_TIGHT: return _("Tight");
    case TS_VERDICT_DOES_NOT_FIT:
    default: return _("Does not fit");
    }
}

int
ts_recommend (const TsCatalog  *catalog,
              const TsScenario *scenario,
              GArray           *options,
              GPtrArray        *warnings)
{
  /* The hardware work fills this in. */
  return -1;
}

void
ts_option_to_json (const TsOption *o,
                   JsonBuilder    *b)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "server_id");
  json_builder_add_string_value (b, o->server->id);
  json_builder_set_member_name (b, "servers");
  json_builder_add_int_value (b, o->servers);
  json_builder_set_member_name (b, "gpus");
  json_builder_add_int_value (b, o->gpus);
  json_builder_set_member_name (b, "fits");
  json_builder_add_boolean_value (b, o->fits);
  json_builder_set_member_name (b, "verdict");
  json_builder_add_string_value (b, ts_verdict_to_string (o->verdict));
  json_builder_set_member_name (b, "recommended");
  json_builder_add_boolean_value (b, o->recommended);
  json_builder_end_object (b);
}
