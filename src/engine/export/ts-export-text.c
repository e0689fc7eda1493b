/* ts-export-text.c — what every exported file needs
 *
 * Escaping of text from outside (one printable line in a comment, a
 * double-quoted YAML scalar), comment lines, the notes every file starts
 * with, and the YAML scalar writers the YAML formats and Megatron-LM's
 * argument file share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ts-export-private.h"
/* Whether YAML 1.1 takes the character as it is inside a double-quoted
 * scalar (its c-printable, without the line breaks NEL, LS and PS that
 * YAML reads as new lines). */
static gboolean
yaml_printable (gunichar c)
{
  if (c == 0x85 || c == 0x2028 || c == 0x2029)
    return FALSE;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff)
         || (c >= 0xe000 && c <= 0xfffd && c != 0xfeff) || (c >= 0x10000 && c <= 0x10ffff);
}

/* Text from outside as one line of printable characters: a control or
 * line-break character becomes a space, so nothing after it can become
 * a key of the file. Invalid UTF-8 becomes U+FFFD. */
char *
_ts_export_one_line (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (yaml_printable (c))
        g_string_append_unichar (out, c);
      else
        g_string_append_c (out, ' ');
    }
  return g_string_free (out, FALSE);
}

void
_ts_export_comment (Export     *e,
                    const char *prefix,
                    const char *format,
                    ...)
{
  va_list ap;
  g_autofree char *text = NULL;

  g_autofree char *line = NULL;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  line = _ts_export_one_line (text);
  g_string_append_printf (e->out, "%s %s\n", prefix, line);
}

/* The notes every file starts with, as plain sentences; each format puts
 * them in its own comment syntax. */
GPtrArray *
_ts_export_common_notes (const Export *e)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);
  const TsLayout *l = e->layout;

  const TsFrameworkInfo *f = ts_framework_info (e->framework);

  g_ptr_array_add (notes, g_strdup_printf (_("Written by Train Sizer %s for %s, %s."),
                                           PACKAGE_VERSION, e->s->model.name,
                                           ts_method_label (e->s->method)));
  g_ptr_array_add (notes, g_strdup_printf (/* Translators: “Framework: Megatron-LM, the keys of Megatron-Core 0.15.0.” */
                                           _("Framework: %s, the keys of %s."), f->name, f->release));
  /* every count with its own plural ("1 GPU", issue 33) */
  g_ptr_array_add (notes, g_strdup_printf (ngettext ("Hardware: %u × %s, %u GPU.", "Hardware: %u × %s, %u GPUs.",
                                                     e->option->gpus),
                                           e->option->servers, e->option->server->name, e->option->gpus));
  if (l->gpus < e->option->gpus)
    {
      g_autofree char *uses = g_strdup_printf (/* Translators: first part of “The layout uses 12 of the 16 GPUs: launch 6 processes on each of 2 servers.” */
                                               ngettext ("The layout uses %u of the %u GPU", "The layout uses %u of the %u GPUs",
                                                         e->option->gpus),
                                               l->gpus, e->option->gpus);
      g_autofree char *launch = g_strdup_printf (/* Translators: second part of “The layout uses 12 of the 16 GPUs: launch 6 processes on each of 2 servers.” */
                                                 ngettext ("launch %u process", "launch %u processes", e->per_node),
                                                 e->per_node);
      g_autofree char *servers = g_strdup_printf (/* Translators: last part of “The layout uses 12 of the 16 GPUs: launch 6 processes on each of 2 servers.” */
                                                  ngettext ("on each of %u server", "on each of %u servers", e->nodes),
                                                  e->nodes);

      g_ptr_array_add (notes, g_strdup_printf (/* Translators: “The layout uses 12 of the 16 GPUs” “launch 6 processes” “on each of 2 servers” */
                                               _("%s: %s %s."), uses, launch, servers));
    }
  g_ptr_array_add (notes, g_strdup_printf (_("Layout: tensor parallel %u, pipeline parallel %u, data parallel %u, expert parallel %u, ZeRO stage %d."),
                                           l->tp, l->pp, l->dp, l->ep, l->zero_stage));
  g_ptr_array_add (notes, g_strdup_printf (/* Translators: “Gradient accumulation is 16: a global batch of 2048 sequences = micro-batch 1 × 16 × data parallel 128.” */
                                           ngettext ("Gradient accumulation is %u: a global batch of %u sequence = micro-batch %u × %u × data parallel %u.",
                                                     "Gradient accumulation is %u: a global batch of %u sequences = micro-batch %u × %u × data parallel %u.",
                                                     e->option->global_batch),
                                           e->accumulation, e->option->global_batch, e->s->micro_batch,
                                           e->accumulation, MAX (e->layout->dp, 1)));
  if (g_strcmp0 (e->model_id, PLACEHOLDER_MODEL) == 0)
    g_ptr_array_add (notes, g_strdup (_("The model's Hugging Face id is unknown: replace the placeholder.")));
  return notes;
}

void
_ts_export_yaml_notes (Export *e)
{
  g_autoptr(GPtrArray) notes = _ts_export_common_notes (e);

  for (guint i = 0; i < notes->len; i++)
    _ts_export_comment (e, "#", "%s", (const char *) g_ptr_array_index (notes, i));
}

/* A YAML scalar in double quotes: \ and " escaped, and every character
 * YAML would not take as it is (controls, NEL, LS, PS, a BOM) written as
 * \uXXXX or \UXXXXXXXX, so the value stays one value. */
void
_ts_export_yaml_string (Export     *e,
                        const char *indent,
                        const char *key,
                        const char *value)
{
  g_autofree char *valid = g_utf8_make_valid (value, -1);

  g_string_append_printf (e->out, "%s%s: \"", indent, key);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '"' || c == '\\')
        g_string_append_printf (e->out, "\\%c", (char) c);
      else if (yaml_printable (c))
        g_string_append_unichar (e->out, c);
      else if (c <= 0xffff)
        g_string_append_printf (e->out, "\\u%04X", c);
      else
        g_string_append_printf (e->out, "\\U%08X", c);
    }
  g_string_append (e->out, "\"\n");
}

void
_ts_export_yaml_int (Export     *e,
                     const char *indent,
                     const char *key,
                     gint64      value)
{
  g_string_append_printf (e->out, "%s%s: %" G_GINT64_FORMAT "\n", indent, key, value);
}

void
_ts_export_yaml_bool (Export     *e,
                      const char *indent,
                      const char *key,
                      gboolean    value)
{
  g_string_append_printf (e->out, "%s%s: %s\n", indent, key, value ? "true" : "false");
}

void
_ts_export_yaml_word (Export     *e,
                      const char *indent,
                      const char *key,
                      const char *value)
{
  g_string_append_printf (e->out, "%s%s: %s\n", indent, key, value);
}

gboolean
_ts_export_is_bf16 (const TsScenario *s)
{
  return s->precision == TS_PRECISION_BF16 || s->precision == TS_PRECISION_PURE_BF16
         || s->precision == TS_PRECISION_FP8;
}

void
_ts_export_note_lora (Export     *e,
                      const char *prefix,
                      const char *framework)
{
  if (e->s->method != TS_METHOD_FULL)
    _ts_export_comment (e, prefix, _("%s has no LoRA keys: the adapter (rank %u) is set by the training script."),
                        framework, e->s->lora_rank);
}

void
_ts_export_note_selective (Export     *e,
                           const char *prefix)
{
  if (e->s->checkpointing == TS_CHECKPOINTING_SELECTIVE)
    _ts_export_comment (e, prefix, _("Selective recomputation (attention only) has no key here: gradient checkpointing recomputes whole layers."));
}
