/* ts-option-item.c — one hardware option as a row of the server comparison
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-option-item"

#include "config.h"

#include <glib/gi18n.h>

#include "ts-option-item.h"

struct _TsOptionItem
{
  GObject   parent_instance;

  guint     index;
  char     *server_id;
  char     *text[TS_N_OPTION_COLUMNS];
  double    key[TS_N_OPTION_COLUMNS];
};

G_DEFINE_FINAL_TYPE (TsOptionItem, ts_option_item, G_TYPE_OBJECT)

static void
ts_option_item_finalize (GObject *object)
{
  TsOptionItem *self = TS_OPTION_ITEM (object);

  g_free (self->server_id);
  for (guint i = 0; i < TS_N_OPTION_COLUMNS; i++)
    g_free (self->text[i]);

  G_OBJECT_CLASS (ts_option_item_parent_class)->finalize (object);
}

static void
ts_option_item_class_init (TsOptionItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ts_option_item_finalize;
}

static void
ts_option_item_init (TsOptionItem *self)
{
}

static char *
format_memory (double   bytes,
               gboolean gib)
{
  return gib ? ts_format_gib (bytes) : ts_format_gb (bytes);
}

TsOptionItem *
ts_option_item_new (const TsOption *o,
                    guint           index,
                    gboolean        gib)
{
  TsOptionItem *self = g_object_new (TS_TYPE_OPTION_ITEM, NULL);
  /* the catalog's name in the reader's words, as the sheet and the CLI write it */
  g_autofree char *name = o->server != NULL ? ts_format_name (o->server->name) : g_strdup ("");
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  g_autofree char *counted = NULL;
  g_autofree char *headroom = format_memory (o->headroom_bytes, gib);
  g_autofree char *percent = ts_format_percent (o->headroom_fraction);
  const char *link = o->server != NULL && o->server->interconnect != NULL ? o->server->interconnect->name : "";

  self->index = index;
  self->server_id = g_strdup (o->server != NULL ? o->server->id : NULL);

  /* the count beside the name (“6 × NVIDIA DGX B200”), as the headline
   * says it: rows of 6 and of 10 servers are told apart at a glance */
  /* Translators: the server column of the comparison: “6 × NVIDIA DGX B200” */
  counted = g_strdup_printf (_("%u × %s"), o->servers, escaped);
  if (o->recommended)
    /* Translators: the server column of the comparison; the second line marks the recommended option. */
    self->text[TS_OPTION_COLUMN_SERVER] = g_strdup_printf ("<b>%s</b>\n<small>★ %s</small>", counted, _("Recommended"));
  else
    self->text[TS_OPTION_COLUMN_SERVER] = g_steal_pointer (&counted);
  self->key[TS_OPTION_COLUMN_SERVER] = o->rank;

  self->text[TS_OPTION_COLUMN_SERVERS] = ts_format_number (o->servers, 0);
  self->key[TS_OPTION_COLUMN_SERVERS] = o->servers;
  self->text[TS_OPTION_COLUMN_GPUS] = ts_format_number (o->gpus, 0);
  self->key[TS_OPTION_COLUMN_GPUS] = o->gpus;
  self->text[TS_OPTION_COLUMN_GPU_MEMORY] = format_memory (ts_breakdown_sum (&o->memory.per_gpu), gib);
  self->key[TS_OPTION_COLUMN_GPU_MEMORY] = ts_breakdown_sum (&o->memory.per_gpu);
  /* a GPU's memory as the datasheet states it beside the usable bytes the
   * fit is checked against (docs/hardware-rules.md §9), the engine's words */
  self->text[TS_OPTION_COLUMN_GPU_CAPACITY] = ts_option_dup_gpu_memory (o);
  self->key[TS_OPTION_COLUMN_GPU_CAPACITY] = o->gpu_memory_bytes;
  /* Translators: headroom per GPU, e.g. “12 GB (9%)” */
  self->text[TS_OPTION_COLUMN_HEADROOM] = g_strdup_printf (_("%s (%s)"), headroom, percent);
  self->key[TS_OPTION_COLUMN_HEADROOM] = o->headroom_fraction;
  /* the option's one verdict (issue 28): the memory fit is one part */
  self->text[TS_OPTION_COLUMN_VERDICT] = g_strdup (ts_option_verdict_label (o));
  self->key[TS_OPTION_COLUMN_VERDICT] = ts_option_verdict_order (o);
  if (o->interconnect_ok)
    self->text[TS_OPTION_COLUMN_LINK] = g_strdup (link);
  else
    /* Translators: the GPU link of a server is too slow for multi-GPU training (e.g. PCIe) */
    self->text[TS_OPTION_COLUMN_LINK] = g_strdup_printf (_("%s — slow for training"), link);
  self->key[TS_OPTION_COLUMN_LINK] = o->interconnect_ok ? 0 : 1;
  self->text[TS_OPTION_COLUMN_TIME] = o->training_days > 0 ? ts_format_days (o->training_days) : g_strdup ("—");
  self->key[TS_OPTION_COLUMN_TIME] = o->training_days;
  self->text[TS_OPTION_COLUMN_POWER] = ts_format_kw (o->power_kw);
  self->key[TS_OPTION_COLUMN_POWER] = o->power_kw;
  self->text[TS_OPTION_COLUMN_UNITS] = ts_format_number (o->rack_units, 0);
  self->key[TS_OPTION_COLUMN_UNITS] = o->rack_units;
  self->text[TS_OPTION_COLUMN_RACKS] = ts_format_number (o->racks, 0);
  self->key[TS_OPTION_COLUMN_RACKS] = o->racks;
  /* in millions: the column is narrow, and the whole figure is in the
   * CSV, Compare and the sheet */
  self->text[TS_OPTION_COLUMN_PRICE] = ts_option_dup_price_total_short (o);
  if (self->text[TS_OPTION_COLUMN_PRICE] == NULL)
    self->text[TS_OPTION_COLUMN_PRICE] = g_strdup ("—");
  /* an unpriced option sorts last, never as the cheapest */
  self->key[TS_OPTION_COLUMN_PRICE] = o->capex_usd > 0 ? o->capex_usd : G_MAXDOUBLE;

  return self;
}

guint
ts_option_item_get_index (TsOptionItem *self)
{
  g_return_val_if_fail (TS_IS_OPTION_ITEM (self), 0);
  return self->index;
}

const char *
ts_option_item_get_server_id (TsOptionItem *self)
{
  g_return_val_if_fail (TS_IS_OPTION_ITEM (self), NULL);
  return self->server_id;
}

const char *
ts_option_item_get_text (TsOptionItem   *self,
                         TsOptionColumn  column)
{
  g_return_val_if_fail (TS_IS_OPTION_ITEM (self), NULL);
  g_return_val_if_fail (column < TS_N_OPTION_COLUMNS, NULL);
  return self->text[column];
}

int
ts_option_item_compare (TsOptionItem   *a,
                        TsOptionItem   *b,
                        TsOptionColumn  column)
{
  g_return_val_if_fail (column < TS_N_OPTION_COLUMNS, 0);

  if (a->key[column] < b->key[column])
    return -1;
  if (a->key[column] > b->key[column])
    return 1;
  /* Equal values keep the engine's ranking. */
  return (a->index > b->index) - (a->index < b->index);
}
