/* ts-form-automatic.c — “Automatic” beside an input the planner may choose
 *
 * An input left automatic is the planner's to choose per option (issue
 * 28); its row then says what was chosen for the option on show
 * (“Automatic — 2 on this plan”) and its control shows that value, so
 * turning “Automatic” off starts from what the planner had. The form
 * (ts-scenario-form.c) keeps the rows and their toggles; this file says
 * what a toggle means and what its row shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-scenario-form"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ts-form-automatic.h"
#include "ts-form-rows.h"

gboolean
ts_form_automatic_applies (const TsFormField *f)
{
  if (f->source == NULL || g_str_equal (f->key, "zero_stage"))
    return FALSE;
  return f->source->search_flag != 0 || g_str_equal (f->key, "global_batch");
}

GtkWidget *
ts_form_automatic_button_new (AdwActionRow *row)
{
  /* an icon, so a 360 px window keeps room for the row's title; the
   * subtitle says “Automatic — … on this plan” in words */
  GtkWidget *button = gtk_toggle_button_new ();

  gtk_button_set_icon_name (GTK_BUTTON (button), "emblem-system-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Let the planner choose this for each option"));
  /* Translators: beside an input the planner may choose: on, the planner chooses it for each option */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Automatic"), -1);
  adw_action_row_add_suffix (row, button);
  return button;
}

void
ts_form_automatic_apply (const TsFormField *f,
                         TsScenario        *scenario,
                         gboolean           automatic,
                         GtkWidget         *control)
{
  if (automatic)
    {
      /* the global batch has no search flag: 0 is its “automatic” */
      if (f->source->search_flag != 0)
        ts_scenario_search_input (scenario, f->key);
      else
        ts_scenario_field_set_double (f->source, scenario, 0);
    }
  else
    {
      double value = ts_form_control_get_value (f, control);

      if (!isnan (value) && value > 0)
        ts_scenario_field_set_double (f->source, scenario, value);
      if (f->source->search_flag != 0)
        ts_scenario_fix_input (scenario, f->key);
    }
}

/* The planned value in words: a choice's label, or the number. */
static char *
planned_text (const TsFormField *f,
              double             value)
{
  for (guint i = 0; i < f->n_choices; i++)
    if (f->values[i] == (int) value)
      {
        /* inside a sentence: the first letter in lower case, the rest as
         * it is (“FSDP” stays) */
        const char *label = _(f->choices[i]);
        g_autofree char *first = g_utf8_strdown (label, g_utf8_next_char (label) - label);

        return g_strconcat (first, g_utf8_next_char (label), NULL);
      }
  return ts_format_number (value / f->scale, f->digits);
}

void
ts_form_automatic_show (const TsFormField *f,
                        AdwActionRow      *row,
                        GtkWidget         *control,
                        GtkWidget         *button,
                        const TsScenario  *scenario,
                        const TsOption    *o)
{
  gboolean automatic = f->source != NULL && ts_scenario_input_is_automatic (scenario, f->source);
  double value;
  g_autofree char *text = NULL;
  g_autofree char *subtitle = NULL;

  if (button != NULL)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), automatic);
  if (!automatic || o == NULL || (button == NULL && !g_str_equal (f->key, "zero_stage")))
    {
      adw_action_row_set_subtitle (row, f->subtitle != NULL ? _(f->subtitle) : "");
      return;
    }
  value = ts_option_input_value (o, scenario, f->source);
  text = planned_text (f, value);
  /* Translators: the subtitle of an input the planner chose: “Automatic — none on this plan”, “Automatic — 2 on this plan” */
  subtitle = g_strdup_printf (_("Automatic — %s on this plan"), text);
  adw_action_row_set_subtitle (row, subtitle);
  /* the ZeRO stage's choice keeps “Automatic” selected */
  if (button != NULL)
    ts_form_control_set_value (f, control, value);
}
