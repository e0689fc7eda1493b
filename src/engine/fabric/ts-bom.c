/* ts-bom.c — a bill of materials
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-bom"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-fabric.h"
#include "ts-format.h"
#include "ts-json.h"

struct _TsBom
{
  GArray *lines;   /* TsBomLine, in the order added */
};

static const char *const category_codes[TS_N_BOM_CATEGORIES] = {
  "server", "switch", "cable", "transceiver", "nic", "pdu", "rack", "appliance", "storage",
};

static const char *const category_labels[TS_N_BOM_CATEGORIES] = {
  N_("Servers"), N_("Switches"), N_("Cables"), N_("Transceivers"),
  N_("Network adapters"), N_("PDUs"), N_("Racks"), N_("Appliances"),
  N_("Storage systems"),
};

/* The roles the engine gives its lines, and their words. */
static const struct { const char *code; const char *label; } roles[] = {
  { "compute-server", N_("GPU servers") },
  { "compute-leaf", N_("Compute fabric, leaf") },
  { "compute-spine", N_("Compute fabric, spine") },
  { "compute-core", N_("Compute fabric, core") },
  { "storage-switch", N_("Storage and in-band fabric") },
  { "oob-switch", N_("Out-of-band management") },
  { "node-leaf", N_("Node to leaf") },
  { "leaf-spine", N_("Leaf to spine") },
  { "spine-core", N_("Spine to core") },
  { "storage-link", N_("Node to storage switch") },
  { "oob-link", N_("Management port to out-of-band switch") },
  { "switch-port", N_("Switch ports") },
  { "node-port", N_("Node ports") },
  { "compute-nic", N_("Compute fabric, one per rail") },
  { "fabric-manager", N_("Fabric manager") },
  { "management-server", N_("Management servers") },
  { "rack-pdu", N_("Rack power, A and B feeds") },
  { "rack", N_("Racks") },
  { "storage-system", N_("Shared storage: checkpoints and data") },
  { "cdu", N_("Coolant distribution units: rack liquid to facility water") },
};

static void
line_clear (gpointer data)
{
  TsBomLine *line = data;

  g_free (line->item);
  g_free (line->role);
  g_free (line->length_class);
}

TsBom *
ts_bom_new (void)
{
  TsBom *self = g_new0 (TsBom, 1);

  self->lines = g_array_new (FALSE, TRUE, sizeof (TsBomLine));
  g_array_set_clear_func (self->lines, line_clear);
  return self;
}

void
ts_bom_free (TsBom *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->lines);
  g_free (self);
}

/* Adds line to its like (the same category, item, role and length
 * class), or as a new line: the strings are copied. */
static void
add_line (TsBom           *self,
          const TsBomLine *line)
{
  TsBomLine copy = *line;

  if (line->quantity == 0)
    return;
  for (guint i = 0; i < self->lines->len; i++)
    {
      TsBomLine *l = &g_array_index (self->lines, TsBomLine, i);

      if (l->category == line->category && g_strcmp0 (l->item, line->item) == 0
          && g_strcmp0 (l->role, line->role) == 0 && g_strcmp0 (l->length_class, line->length_class) == 0)
        {
          l->quantity += line->quantity;
          l->estimate |= line->estimate;
          return;
        }
    }
  copy.item = g_strdup (line->item);
  copy.role = g_strdup (line->role);
  copy.length_class = g_strdup (line->length_class);
  g_array_append_val (self->lines, copy);
}

void
ts_bom_add (TsBom         *self,
            TsBomCategory  category,
            const char    *item,
            const char    *role,
            guint64        quantity,
            double         unit_price_usd,
            gboolean       estimate)
{
  TsBomLine line = { 0 };

  g_return_if_fail (self != NULL);
  g_return_if_fail (category < TS_N_BOM_CATEGORIES);
  g_return_if_fail (item != NULL);

  line.category = category;
  line.item = (char *) item;
  line.role = (char *) role;
  line.quantity = quantity;
  line.unit_price_usd = isfinite (unit_price_usd) && unit_price_usd > 0 ? unit_price_usd : 0;
  line.estimate = estimate;
  add_line (self, &line);
}

void
ts_bom_add_cable (TsBom      *self,
                  const char *item,
                  const char *role,
                  guint64     quantity,
                  gboolean    estimate,
                  const char *length_class)
{
  TsBomLine line = { 0 };

  g_return_if_fail (self != NULL);
  g_return_if_fail (item != NULL);

  line.category = TS_BOM_CABLE;
  line.item = (char *) item;
  line.role = (char *) role;
  line.quantity = quantity;
  line.estimate = estimate;
  line.length_class = (char *) length_class;
  add_line (self, &line);
}

guint
ts_bom_get_n_lines (const TsBom *self)
{
  return self->lines->len;
}

const TsBomLine *
ts_bom_get_line (const TsBom *self,
                 guint        index)
{
  g_return_val_if_fail (index < self->lines->len, NULL);
  return &g_array_index (self->lines, TsBomLine, index);
}

double
ts_bom_priced_total (const TsBom *self,
                     gboolean    *complete)
{
  double total = 0;
  gboolean all = TRUE;

  for (guint i = 0; i < self->lines->len; i++)
    {
      const TsBomLine *l = ts_bom_get_line (self, i);

      if (l->unit_price_usd > 0)
        total += l->unit_price_usd * (double) l->quantity;
      else
        all = FALSE;
    }
  if (complete != NULL)
    *complete = all;
  return total;
}

guint64
ts_bom_quantity (const TsBom   *self,
                 TsBomCategory  category)
{
  guint64 n = 0;

  for (guint i = 0; i < self->lines->len; i++)
    if (ts_bom_get_line (self, i)->category == category)
      n += ts_bom_get_line (self, i)->quantity;
  return n;
}

const char *
ts_bom_category_to_string (TsBomCategory category)
{
  g_return_val_if_fail (category < TS_N_BOM_CATEGORIES, NULL);
  return category_codes[category];
}

const char *
ts_bom_category_label (TsBomCategory category)
{
  g_return_val_if_fail (category < TS_N_BOM_CATEGORIES, NULL);
  return _(category_labels[category]);
}

const char *
ts_bom_item_label (const char *item)
{
  static const char *const ours[] = {
    TS_BOM_ITEM_MANAGEMENT_SERVER, TS_BOM_ITEM_OOB_CABLE, TS_BOM_ITEM_RACK,
  };

  for (guint i = 0; i < G_N_ELEMENTS (ours); i++)
    if (g_strcmp0 (item, ours[i]) == 0)
      return _(ours[i]);
  return item != NULL ? item : "";
}

const char *
ts_bom_role_label (const char *role)
{
  for (guint i = 0; i < G_N_ELEMENTS (roles); i++)
    if (g_strcmp0 (roles[i].code, role) == 0)
      return _(roles[i].label);
  return role != NULL ? role : "";
}

char *
ts_bom_line_item (const TsBomLine *line)
{
  const char *paren;

  g_return_val_if_fail (line != NULL, NULL);

  /* a server as every page names it (a workstation the Russian way) */
  if (g_strcmp0 (line->role, "compute-server") == 0)
    return ts_format_name (line->item);
  if (line->category == TS_BOM_PDU)
    return g_strdup (_("Rack PDU"));
  if (g_strcmp0 (line->role, "oob-switch") == 0)
    return g_strdup (_("Management switch"));
  paren = strstr (line->item, " (");
  if (paren != NULL)
    return g_strndup (line->item, paren - line->item);
  return g_strdup (ts_bom_item_label (line->item));
}

char *
ts_bom_line_purpose (const TsBomLine *line)
{
  const char *where = NULL;

  g_return_val_if_fail (line != NULL, NULL);

  if (g_strcmp0 (line->length_class, "dac") == 0 || g_strcmp0 (line->length_class, "acc") == 0)
    /* Translators: where a cable of the bill of materials runs: copper, its two ends in one rack */
    where = _("within a rack");
  else if (line->length_class != NULL)
    /* Translators: where a cable of the bill of materials runs: fibre from one rack to another */
    where = _("between racks");
  if (where == NULL)
    return g_strdup (ts_bom_role_label (line->role));
  /* Translators: a cable's purpose in the bill of materials: “Leaf to spine, within a rack” */
  return g_strdup_printf (_("%s, %s"), ts_bom_role_label (line->role), where);
}

void
ts_bom_to_json (const TsBom *self,
                JsonBuilder *b)
{
  json_builder_begin_array (b);
  for (guint i = 0; i < self->lines->len; i++)
    {
      const TsBomLine *l = ts_bom_get_line (self, i);

      json_builder_begin_object (b);
      ts_json_add_string (b, "category", category_codes[l->category]);
      ts_json_add_string (b, "item", l->item);
      ts_json_add_string (b, "role", l->role);
      ts_json_add_int (b, "quantity", (gint64) MIN (l->quantity, (guint64) G_MAXINT64));
      if (l->unit_price_usd > 0)
        ts_json_add_double_valid (b, "unit_price_usd", l->unit_price_usd);
      if (l->estimate)
        ts_json_add_bool (b, "estimate", TRUE);
      if (l->length_class != NULL)
        ts_json_add_string (b, "length_class", l->length_class);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* A field quoted when it holds what would end it (RFC 4180 §2). */
static void
append_text (GString    *out,
             const char *text)
{
  if (text == NULL)
    text = "";
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

char *
ts_bom_to_csv (const TsBom *self)
{
  /* length_class, added last: the columns before it keep their places */
  GString *out = g_string_new ("category,item,role,quantity,unit_price_usd,estimate,length_class\r\n");

  for (guint i = 0; i < self->lines->len; i++)
    {
      const TsBomLine *l = ts_bom_get_line (self, i);
      char price[G_ASCII_DTOSTR_BUF_SIZE] = "";

      if (l->unit_price_usd > 0)
        g_ascii_formatd (price, sizeof price, "%.10g", l->unit_price_usd);
      g_string_append_printf (out, "%s,", category_codes[l->category]);
      append_text (out, l->item);
      g_string_append_c (out, ',');
      append_text (out, l->role);
      g_string_append_printf (out, ",%" G_GUINT64_FORMAT ",%s,%s,%s\r\n", l->quantity, price,
                              l->estimate ? "true" : "false", l->length_class != NULL ? l->length_class : "");
    }
  return g_string_free (out, FALSE);
}
