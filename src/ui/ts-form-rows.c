/* ts-form-rows.c — the scenario form's rows and spin buttons, and
 * each field of the engine's tables as a row with its control
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-engine.h"
#include "ts-form-rows.h"

#define SPIN_WIDTH_CHARS 6

/* GtkSpinButton writes its value with the C library's LC_NUMERIC, which the
 * in-app language does not change (and C.UTF-8 has no grouping): show the
 * number the way the rest of the window writes it — «10,5» and «2 048» in
 * Russian, “10.5” and “2,048” in English. The entry widens for a number
 * longer than it was made for (“15,000.0” billion tokens was cut to its
 * middle at 360 px) and narrows back. */
static gboolean
spin_output_cb (GtkSpinButton *spin,
                gpointer       user_data)
{
  g_autofree char *text = ts_format_number (gtk_spin_button_get_value (spin),
                                            (int) gtk_spin_button_get_digits (spin));
  int width = MAX (SPIN_WIDTH_CHARS, (int) g_utf8_strlen (text, -1));

  if (gtk_editable_get_width_chars (GTK_EDITABLE (spin)) != width)
    gtk_editable_set_width_chars (GTK_EDITABLE (spin), width);
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

/* Reads what spin_output_cb writes, and what people type: in English a comma
 * only groups thousands; in Russian it is the decimal separator. */
static int
spin_input_cb (GtkSpinButton *spin,
               double        *new_value,
               gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  g_autofree char *plain = NULL;

  if (ts_i18n_get_lang () == TS_LANG_EN)
    {
      g_auto(GStrv) parts = g_strsplit (text, ",", -1);

      plain = g_strjoinv ("", parts);
    }
  else
    plain = g_strdup (text);

  if (!ts_parse_number (plain, new_value, NULL))
    return GTK_INPUT_ERROR;
  return TRUE;
}

GtkWidget *
ts_form_spin_new (double lower,
          double upper,
          double step,
          guint  digits)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);

  g_signal_connect (spin, "output", G_CALLBACK (spin_output_cb), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (spin_input_cb), NULL);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
  /* Wide enough for the values people enter (“16,384”, “1 000”); GTK
   * would size it for the largest value and squeeze the row's title at
   * 360 px. A longer value widens it (spin_output_cb). */
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), SPIN_WIDTH_CHARS);
  gtk_widget_add_css_class (spin, "numeric");
  return spin;
}

/* A wrapping label asked how narrow it can be lays its text out a word a
 * line, shaping it again at every break: for the scenario's rows that was a
 * fifth of the start-up. With a line limit GTK takes the ellipsis as the
 * narrowest instead; no title or subtitle comes near this many lines, even
 * in Russian at 360 px. */
#define ROW_MAX_LINES 6

/* Every row of the scenario: a title, a plain-words subtitle (or none),
 * and the name tests and the error display find it by. type is an
 * AdwActionRow or a subclass. */
GtkWidget *
ts_form_row_new (GType       type,
         const char *name,
         const char *title,
         const char *subtitle)
{
  GtkWidget *row = g_object_new (type, "title", title, "subtitle", subtitle, NULL);

  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), ROW_MAX_LINES);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), ROW_MAX_LINES);
  if (name != NULL)
    gtk_widget_set_name (row, name);
  return row;
}

/* A row whose control (a spin button, a switch) sits at its end. */
GtkWidget *
ts_form_control_row_new (const char *name,
                 const char *title,
                 const char *subtitle,
                 GtkWidget  *control)
{
  GtkWidget *row = ts_form_row_new (ADW_TYPE_ACTION_ROW, name, title, subtitle);

  adw_action_row_add_suffix (ADW_ACTION_ROW (row), control);
  /* the control is labelled by the row's title from here: a label
   * property as well would make its name "Servers Servers" (issue 33) */
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), control);
  return row;
}

/* ---------------------------------------------------------------------- */
/* A control of a table's field (a combo row, a switch, a spin button) */
/* Its value in the field's units (a choice's value), or NAN when a combo
 * row has nothing selected. */
double
ts_form_control_get_value (const TsFormField *f,
                           GtkWidget         *control)
{
  guint selected;

  switch (f->kind)
    {
    case TS_FORM_FIELD_CHOICE:
      selected = adw_combo_row_get_selected (ADW_COMBO_ROW (control));
      return selected < f->n_choices ? f->values[selected] : NAN;
    case TS_FORM_FIELD_BOOL:
      return gtk_switch_get_active (GTK_SWITCH (control));
    case TS_FORM_FIELD_UINT:
    case TS_FORM_FIELD_DOUBLE:
    default:
      return gtk_spin_button_get_value (GTK_SPIN_BUTTON (control)) * f->scale;
    }
}

void
ts_form_control_set_value (const TsFormField *f,
                           GtkWidget         *control,
                           double             value)
{
  switch (f->kind)
    {
    case TS_FORM_FIELD_CHOICE:
      for (guint c = 0; c < f->n_choices; c++)
        if (f->values[c] == (int) value)
          adw_combo_row_set_selected (ADW_COMBO_ROW (control), c);
      break;
    case TS_FORM_FIELD_BOOL:
      gtk_switch_set_active (GTK_SWITCH (control), value != 0);
      break;
    case TS_FORM_FIELD_UINT:
    case TS_FORM_FIELD_DOUBLE:
    default:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (control), value / f->scale);
      break;
    }
}

/* The signal the control of a field of kind emits when it is edited: a
 * property's notification for every kind, so that one handler serves
 * them all. */
const char *
ts_form_control_changed_signal (TsFormFieldKind kind)
{
  switch (kind)
    {
    case TS_FORM_FIELD_CHOICE:
      return "notify::selected";
    case TS_FORM_FIELD_BOOL:
      return "notify::active";
    case TS_FORM_FIELD_UINT:
    case TS_FORM_FIELD_DOUBLE:
    default:
      return "notify::value";
    }
}

/* A field's row and control, as its kind asks (the row is the control
 * for a choice). */
GtkWidget *
ts_form_field_row_new (const TsFormField  *f,
                       GtkWidget         **control)
{
  const char *subtitle = f->subtitle != NULL ? _(f->subtitle) : NULL;
  GtkWidget *row;

  if (f->kind == TS_FORM_FIELD_CHOICE)
    {
      g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);

      for (guint c = 0; c < f->n_choices; c++)
        gtk_string_list_append (choices, _(f->choices[c]));
      row = *control = ts_form_row_new (ADW_TYPE_COMBO_ROW, f->key, _(f->title), subtitle);
      /* named by its title, which labels it: no label property too */
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
      return row;
    }
  if (f->kind == TS_FORM_FIELD_BOOL)
    {
      *control = gtk_switch_new ();
      gtk_widget_set_valign (*control, GTK_ALIGN_CENTER);
    }
  else
    *control = ts_form_spin_new (f->lower / f->scale, f->upper / f->scale, f->step, f->digits);
  return ts_form_control_row_new (f->key, _(f->title), subtitle, *control);
}
