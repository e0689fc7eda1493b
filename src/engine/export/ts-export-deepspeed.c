/* ts-export-deepspeed.c — the shown option as DeepSpeed's JSON configuration
 *
 * JSON has no comments: the notes go in a "_comment" list, which
 * DeepSpeed does not read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-export-private.h"
#include "ts-json.h"
/* ---- DeepSpeed JSON ------------------------------------------------------ */

static void
put_deepspeed_body (Export      *e,
                    JsonBuilder *b)
{
  const TsScenario *s = e->s;

  ts_json_add_int (b, "train_micro_batch_size_per_gpu", s->micro_batch);
  ts_json_add_int (b, "gradient_accumulation_steps", e->accumulation);
  /* micro-batch × accumulation × data-parallel GPUs, which DeepSpeed checks */
  ts_json_add_int (b, "train_batch_size", e->global_batch);
  ts_json_add_double (b, "gradient_clipping", 1.0);

  json_builder_set_member_name (b, "bf16");
  json_builder_begin_object (b);
  ts_json_add_bool (b, "enabled", _ts_export_is_bf16 (s));
  json_builder_end_object (b);
  json_builder_set_member_name (b, "fp16");
  json_builder_begin_object (b);
  ts_json_add_bool (b, "enabled", s->precision == TS_PRECISION_FP16);
  json_builder_end_object (b);

  /* gradients accumulate in the model's dtype unless this says FP32
   * (engine.py get_data_types ()): the plan's gradient dtype */
  if (s->grad_dtype == TS_GRAD_FP32 && s->precision != TS_PRECISION_FP32 && s->method == TS_METHOD_FULL)
    {
      json_builder_set_member_name (b, "data_types");
      json_builder_begin_object (b);
      ts_json_add_string (b, "grad_accum_dtype", "fp32");
      json_builder_end_object (b);
    }

  json_builder_set_member_name (b, "zero_optimization");
  json_builder_begin_object (b);
  ts_json_add_int (b, "stage", e->layout->zero_stage);
  ts_json_add_bool (b, "overlap_comm", TRUE);
  ts_json_add_bool (b, "contiguous_gradients", TRUE);
  if (s->offload == TS_OFFLOAD_OPTIMIZER)
    {
      json_builder_set_member_name (b, "offload_optimizer");
      json_builder_begin_object (b);
      ts_json_add_string (b, "device", "cpu");
      ts_json_add_bool (b, "pin_memory", TRUE);
      json_builder_end_object (b);
    }
  if (e->layout->zero_stage == 3)
    ts_json_add_bool (b, "stage3_gather_16bit_weights_on_model_save", TRUE);
  json_builder_end_object (b);
}

void
_ts_export_write_deepspeed (Export *e)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) notes = _ts_export_common_notes (e);
  g_autoptr(GString) saved = e->out;
  g_autofree char *text = NULL;

  /* The notes that only _ts_export_comment () formats are collected here too. */
  e->out = g_string_new (NULL);
  if (e->layout->gpus > 1)
    {
      g_autofree char *each = g_strdup_printf (/* Translators: “2 on each of 1 server”, inside the DeepSpeed note’s brackets */
                                               ngettext ("%u on each of %u server", "%u on each of %u servers", e->nodes),
                                               e->per_node, e->nodes);

      _ts_export_comment (e, "", _("DeepSpeed's data-parallel world is every GPU launched: start it on %u GPUs (%s), which the batch identity below counts."),
                          e->layout->gpus, each);
    }
  _ts_export_note_lora (e, "", "DeepSpeed");
  if (e->s->precision == TS_PRECISION_FP8)
    _ts_export_comment (e, "", _("FP8 compute needs Transformer Engine in the training script; this file keeps BF16."));
  if (e->s->precision == TS_PRECISION_PURE_BF16)
    _ts_export_comment (e, "", _("Pure BF16 (no FP32 master weights) is not a DeepSpeed option: DeepSpeed's BF16 keeps FP32 master weights."));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "_comment");
  json_builder_begin_array (b);
  for (guint i = 0; i < notes->len; i++)
    {
      g_autofree char *line = _ts_export_one_line (g_ptr_array_index (notes, i));

      json_builder_add_string_value (b, line);
    }
  {
    g_auto(GStrv) lines = g_strsplit (e->out->str, "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
      if (*g_strstrip (lines[i]) != '\0')
        json_builder_add_string_value (b, lines[i]);
  }
  json_builder_end_array (b);
  put_deepspeed_body (e, b);
  json_builder_end_object (b);

  g_string_free (e->out, TRUE);
  e->out = g_steal_pointer (&saved);

  root = json_builder_get_root (b);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  g_string_append (e->out, text);
  g_string_append_c (e->out, '\n');
}
