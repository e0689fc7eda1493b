/* ts-specsheet-site.c — the spec sheet's site pages
 *
 * What the data centre must provide for the shown option: the rack
 * elevation, the site requirements under the power gauges (rack space
 * and the rack PDUs the catalog names) and the article's pre-delivery
 * checklist.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-specsheet-private.h"

/* The rack elevation on a page of its own: it is the page a site
 * engineer takes to the hall. */
static void
add_rack_elevation (TsSpecsheet    *self,
                    const TsOption *o)
{
  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: the servers drawn in their racks */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Rack elevation"));
  if (o != NULL)
    ts_specsheet_add_drawing (self, TS_DRAWING_RACK);
  else
    ts_specsheet_add_text (self, BLOCK_TEXT, _("Not evaluated: no hardware option."));
}

/* The power gauges and, under them, the table of what they do not show
 * (ts_plan_dup_site_facts ()): rack space, the PDUs, the cooling and
 * the CDUs. The drawing's gauges give the total power, the heat (and
 * tons of refrigeration), the current per phase and each feed's
 * current, with what they are of; the table adds only what they do not
 * show, not a second copy of the same four figures. */
static void
add_site_requirements (TsSpecsheet *self)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_site_facts (self->plan);

  /* Translators: heading: power, heat and space the data centre must provide */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Site requirements"));
  if (facts->empty != NULL)
    {
      ts_specsheet_add_text (self, BLOCK_TEXT, facts->empty);
      return;
    }
  ts_specsheet_add_drawing (self, TS_DRAWING_POWER);
  ts_specsheet_add_facts (self, facts);
}

/* The article's pre-delivery checklist, with this option's figures
 * where there is one (ts_plan_dup_checklist_facts ()). */
static void
add_checklist (TsSpecsheet *self)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_checklist_facts (self->plan);

  ts_specsheet_add_text (self, BLOCK_SUBHEADING, facts->title);
  for (guint i = 0; i < facts->sentences->len; i++)
    ts_specsheet_add_text (self, BLOCK_CHECK, g_ptr_array_index (facts->sentences, i));
}

void
ts_specsheet_build_site (TsSpecsheet *self)
{
  const TsOption *o = ts_plan_get_shown_option (self->plan);

  add_rack_elevation (self, o);
  add_site_requirements (self);
  add_checklist (self);
}
