/* ts-cli-apply.c — trainsizer-cli's scenario options applied to a scenario
 *
 * The values were read and range-checked while parsing (ts-cli-options.c);
 * what needs the catalog (a model or server id, a model file) and what
 * joins several options (dp × tp × cp × pp = GPUs, options of another method)
 * is checked here, on top of the --scenario file if one is named.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-cli-options.h"
#include "ts-facility.h"

static gboolean
apply_model (TsScenario      *s,
             const TsCatalog *catalog,
             const char      *id,
             GError         **error)
{
  const TsCatalogModel *m = ts_catalog_find_model (catalog, id);

  if (m == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No model with the id “%s” is in the catalog (see “trainsizer-cli list models”)"), id);
      return FALSE;
    }
  ts_scenario_set_model (s, &m->model);
  return TRUE;
}

/* --params N (already in range) or --model-file FILE (ts-model-file.c).
 * ts-scenario-file.c hands over the model it reads from JSON the same way. */
static gboolean
apply_custom_model (TsScenario         *s,
                    const TsCliSetting *setting,
                    GError            **error)
{
  TsModel model;

  if (g_str_equal (setting->name, "--params"))
    {
      if (!ts_model_init_from_params (&model, setting->number, error))
        return FALSE;
    }
  else
    {
      g_autoptr(GError) local_error = NULL;

      /* a file that does not read as a model is the engine's refusal
       * (status 1); one that cannot be read at all is a usage error that
       * names the option, as any other bad value */
      if (!ts_model_load_file (&model, setting->value, &local_error))
        {
          if (g_error_matches (local_error, TS_ERROR, TS_ERROR_MODEL_FILE))
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_set_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT, _("Option %s accepts %s, not “%s”%s%s"),
                         setting->name, _("a JSON model file"), setting->value, ": ", local_error->message);
          return FALSE;
        }
    }
  ts_scenario_set_model (s, &model);
  ts_model_clear (&model);
  return TRUE;
}

static gboolean
apply_server (TsScenario      *s,
              const TsCatalog *catalog,
              const char      *id,
              GError         **error)
{
  if (ts_catalog_find_server (catalog, id) == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No server or card with the id “%s” is in the catalog (see “trainsizer-cli list servers”)"), id);
      return FALSE;
    }
  ts_scenario_set_server (s, id);
  return TRUE;
}

/* A field's value, read while parsing; “auto” leaves a layout input to
 * the planner (issue 17), any other value the user gives is kept by it. */
static gboolean
apply_field (TsScenario            *s,
             const TsCatalog       *catalog,
             const TsScenarioField *f,
             const TsCliSetting    *setting,
             GError               **error)
{
  if (f->search_flag != 0 && g_str_equal (setting->value, "auto"))
    {
      s->searched |= f->search_flag;
      return TRUE;
    }
  if (f->flags & TS_FIELD_SERVER_ID)
    {
      if (!apply_server (s, catalog, setting->value, error))
        return FALSE;
    }
  else if (f->kind == TS_FIELD_STRING)
    {
      if (!ts_scenario_field_set_text (f, s, setting->value, error))
        return FALSE;
    }
  else
    ts_scenario_field_set_double (f, s, setting->number);
  s->searched &= ~f->search_flag;
  return TRUE;
}

static gboolean
apply_setting (const TsCliSetting *setting,
               const TsCatalog    *catalog,
               TsScenario         *s,
               GError            **error)
{
  const TsScenarioField *f = ts_scenario_field_find_cli (setting->name);

  if (f != NULL)
    return apply_field (s, catalog, f, setting, error);
  if (g_str_equal (setting->name, "--model"))
    return apply_model (s, catalog, setting->value, error);
  return apply_custom_model (s, setting, error);  /* --params or --model-file */
}

/* The job’s GPUs are dp × tp × cp × pp (docs/sizing-model.md §2): the degrees must
 * multiply to the GPUs given, and their products must stay within
 * TS_MAX_GPUS. The products are formed in 64 bits: each degree is at most
 * 100000, so three of them fit, where 32 bits overflow (“--tp 100000 --pp
 * 100000”). Without --gpus or --dp the GPU count comes from the hardware
 * options, and tp × pp only has to fit. */
static char *
format_product (guint64 product)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, product);
}

static gboolean
check_layout (const TsCliArgs  *args,
              TsScenario       *s,
              GError          **error)
{
  /* context parallelism splits the sequence over GPUs of its own (the
   * layout's gpus = tp × cp × pp × dp, docs/sizing-model.md §8.9) */
  guint64 model_parallel = (guint64) MAX (1, s->tp) * MAX (1, s->pp) * MAX (1, s->cp);
  /* --gpus 0 is “one GPU, or what the planner recommends”, as not giving it */
  gboolean has_gpus = ts_cli_setting_value (args, "--gpus") != NULL && s->gpus > 0;

  if (model_parallel > TS_MAX_GPUS)
    {
      g_autofree char *product = format_product (model_parallel);

      if (s->cp > 1)
        return ts_cli_usage_error (error, _("--tp %u × --cp %u × --pp %u needs %s GPUs, more than the %u a job may have"),
                                   s->tp, s->cp, s->pp, product, TS_MAX_GPUS);
      return ts_cli_usage_error (error, _("--tp %u × --pp %u needs %s GPUs, more than the %u a job may have"),
                          s->tp, s->pp, product, TS_MAX_GPUS);
    }
  if (has_gpus && (s->gpus < model_parallel || s->gpus % model_parallel != 0))
    {
      if (s->cp > 1)
        return ts_cli_usage_error (error, _("--gpus %u is not a multiple of --tp × --cp × --pp = %u"), s->gpus,
                                   (guint) model_parallel);
      return ts_cli_usage_error (error, _("--gpus %u is not a multiple of --tp × --pp = %u"), s->gpus, (guint) model_parallel);
    }

  /* range-checked while parsing (at most TS_MAX_GPUS) */
  if (args->dp > 0)
    {
      guint dp = args->dp;
      guint64 gpus = dp * model_parallel;
      g_autofree char *product = format_product (gpus);

      if (gpus > TS_MAX_GPUS && s->cp > 1)
        return ts_cli_usage_error (error, _("--dp %u × --tp %u × --cp %u × --pp %u needs %s GPUs, more than the %u a job may have"),
                                   dp, s->tp, s->cp, s->pp, product, TS_MAX_GPUS);
      if (gpus > TS_MAX_GPUS)
        return ts_cli_usage_error (error, _("--dp %u × --tp %u × --pp %u needs %s GPUs, more than the %u a job may have"),
                            dp, s->tp, s->pp, product, TS_MAX_GPUS);
      if (has_gpus && gpus != s->gpus && s->cp > 1)
        return ts_cli_usage_error (error, ngettext ("--dp %u × --tp %u × --cp %u × --pp %u needs %s GPU, but --gpus is %u",
                                                    "--dp %u × --tp %u × --cp %u × --pp %u needs %s GPUs, but --gpus is %u",
                                                    (gulong) gpus),
                                   dp, s->tp, s->cp, s->pp, product, s->gpus);
      if (has_gpus && gpus != s->gpus)
        /* "--dp 1 × --tp 1 × --pp 1 needs 1 GPU" (issue 33) */
        return ts_cli_usage_error (error, ngettext ("--dp %u × --tp %u × --pp %u needs %s GPU, but --gpus is %u",
                                                    "--dp %u × --tp %u × --pp %u needs %s GPUs, but --gpus is %u",
                                                    (gulong) gpus),
                            dp, s->tp, s->pp, product, s->gpus);
      s->gpus = (guint) gpus;
    }

  if (ts_cli_setting_value (args, "--ep") != NULL && (args->dp > 0 || has_gpus))
    {
      guint data_parallel = (guint) (s->gpus / model_parallel);

      /* experts are spread over the data-parallel ranks (Megatron-LM:
       * the data-parallel size is a multiple of the expert-parallel one) */
      if (s->ep > data_parallel || data_parallel % s->ep != 0)
        return ts_cli_usage_error (error, _("--ep %u does not divide the data-parallel degree %u"), s->ep, data_parallel);
    }
  return TRUE;
}

/* LoRA's options mean nothing to full training, QLoRA's nothing to LoRA
 * (the field table's TS_FIELD_ADAPTER and TS_FIELD_QLORA), expert
 * parallelism nothing to a dense model: given there they would be
 * ignored. Checked against the method and model in effect, which may come
 * from --scenario. */
static gboolean
check_ignored_options (const TsCliArgs  *args,
                       const TsScenario *s,
                       GError          **error)
{
  for (guint i = 0; i < args->settings->len; i++)
    {
      const TsCliSetting *setting = &g_array_index (args->settings, TsCliSetting, i);
      const TsScenarioField *f = ts_scenario_field_find_cli (setting->name);

      if (f == NULL)
        continue;
      if ((f->flags & TS_FIELD_ADAPTER) && s->method == TS_METHOD_FULL)
        return ts_cli_usage_error (error, _("Option %s applies to LoRA and QLoRA, not to full training"), setting->name);
      if ((f->flags & TS_FIELD_QLORA) && s->method != TS_METHOD_QLORA)
        return ts_cli_usage_error (error, _("Option %s applies to QLoRA only"), setting->name);
    }
  /* expert parallelism splits the experts: a dense model has none */
  if (ts_cli_setting_value (args, "--ep") != NULL && s->ep > 1 && !ts_architecture_is_moe (&s->model.arch))
    return ts_cli_usage_error (error, _("Option --ep applies to mixture-of-experts models; %s has no experts"),
                               s->model.name != NULL ? s->model.name : "");
  return TRUE;
}

gboolean
ts_cli_args_apply (const TsCliArgs  *args,
                   const TsCatalog  *catalog,
                   TsScenario       *scenario,
                   GError          **error)
{
  gboolean has_model = scenario->model.params > 0;

  /* a site profile first, whatever its place on the line: the site rows
   * given beside it override its values (docs/facility.md §6) */
  for (guint i = 0; i < args->settings->len; i++)
    {
      const TsCliSetting *setting = &g_array_index (args->settings, TsCliSetting, i);
      const TsScenarioField *f = ts_scenario_field_find_cli (setting->name);

      if (f != NULL && f->offset == G_STRUCT_OFFSET (TsScenario, site_profile))
        ts_site_profile_apply (scenario, (TsSiteProfile) setting->number);
    }
  for (guint i = 0; i < args->settings->len; i++)
    {
      const TsCliSetting *setting = &g_array_index (args->settings, TsCliSetting, i);
      const TsScenarioField *f = ts_scenario_field_find_cli (setting->name);

      if (f != NULL && f->offset == G_STRUCT_OFFSET (TsScenario, site_profile))
        continue;
      if (!apply_setting (setting, catalog, scenario, error))
        return FALSE;
      if (scenario->model.params > 0)
        has_model = TRUE;
    }

  if (!check_layout (args, scenario, error) || !check_ignored_options (args, scenario, error))
    return FALSE;
  if (!has_model)
    return ts_cli_usage_error (error, _("Choose a model with --model ID or --params N (or --scenario FILE)"));

  return TRUE;
}
