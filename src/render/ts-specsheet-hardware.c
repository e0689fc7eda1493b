/* ts-specsheet-hardware.c — the spec sheet's hardware sections: the
 * recommended configuration, the network between its servers and the
 * storage its checkpoints and data need
 *
 * Each section's figures come from one call into the engine
 * (ts-facts.h), labelled and formatted; here they are only laid out,
 * with the sheet's headings and its general advice around them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-specsheet"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-specsheet-private.h"

void
ts_specsheet_build_configuration (TsSpecsheet *self)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_configuration_facts (self->plan);

  ts_specsheet_add_block (self, BLOCK_PAGE_BREAK, NULL);
  /* Translators: heading: the server configuration the document proposes */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Recommended configuration"));
  if (facts->empty != NULL)
    {
      ts_specsheet_add_text (self, BLOCK_TEXT, facts->empty);
      return;
    }
  ts_specsheet_add_text (self, BLOCK_SUBHEADING, facts->title);
  ts_specsheet_add_facts (self, facts);
}

static void
build_network (TsSpecsheet *self)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_network_facts (self->plan);

  /* Translators: heading: the network between servers */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Network"));
  if (facts->empty != NULL)
    ts_specsheet_add_text (self, BLOCK_TEXT, facts->empty);
  else
    ts_specsheet_add_facts (self, facts);
  ts_specsheet_add_text (self, BLOCK_BULLET, _("One 400 Gb/s port per GPU is the usual design of a training cluster "
                                               "(InfiniBand NDR or Ethernet with RoCE), with GPUDirect RDMA."));
  ts_specsheet_add_text (self, BLOCK_BULLET, _("Separate storage and management networks, so data loading does not "
                                               "disturb gradient synchronisation."));
}

static void
build_storage (TsSpecsheet *self)
{
  g_autoptr(TsPlanFacts) facts = ts_plan_dup_storage_facts (self->plan);

  /* Translators: heading: checkpoints and dataset storage */
  ts_specsheet_add_text (self, BLOCK_HEADING, _("Storage"));
  ts_specsheet_add_facts (self, facts);
  ts_specsheet_add_text (self, BLOCK_BULLET, _("Fast local NVMe for checkpoints; for a cluster, a separate storage system "
                                               "on its own network."));
}

void
ts_specsheet_build_network_storage (TsSpecsheet *self)
{
  build_network (self);
  build_storage (self);
}
