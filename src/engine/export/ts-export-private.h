/* ts-export-private.h — what the files of the export share
 *
 * ts-export.c chooses the framework a format writes and fills an Export;
 * one file per format (ts-export-deepspeed.c, ts-export-yaml.c,
 * ts-export-megatron.c) writes it, with the escaping, comments and notes
 * of ts-export-text.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "ts-export.h"
#include "ts-framework.h"
#include "ts-plan.h"

G_BEGIN_DECLS

/* What a file names when the model's hub id or layer class is unknown:
 * plainly a blank to fill in, never a plausible-looking guess. */
#define PLACEHOLDER_MODEL "REPLACE-WITH/huggingface-model-id"
#define DEEPSPEED_FILE    "ds_config.json"

typedef enum
{
  SHARDING_NONE,       /* one GPU */
  SHARDING_DDP,        /* ZeRO-0: replicas */
  SHARDING_FSDP,       /* ZeRO-2/3 without offload: FSDP2 */
  SHARDING_DEEPSPEED,  /* ZeRO-1, or optimizer offload: DeepSpeed */
} Sharding;

typedef struct
{
  const TsPlan     *plan;
  const TsScenario *s;
  const TsOption   *option;
  const TsLayout   *layout;
  guint             accumulation;
  guint64           global_batch;
  const char       *model_id;     /* hub id or the placeholder */
  const char       *layer_class;  /* NULL = unknown */
  Sharding          sharding;
  TsFramework       framework;    /* the framework the file runs */
  guint             nodes;        /* servers the run is launched on */
  guint             per_node;     /* processes (GPUs) on each */
  GString          *out;
} Export;

/* ts-export-text.c */
char      *_ts_export_one_line         (const char *text);
void       _ts_export_comment          (Export     *e,
                                        const char *prefix,
                                        const char *format,
                                        ...) G_GNUC_PRINTF (3, 4);
GPtrArray *_ts_export_common_notes     (const Export *e);
void       _ts_export_yaml_notes       (Export     *e);
void       _ts_export_yaml_string      (Export     *e,
                                        const char *indent,
                                        const char *key,
                                        const char *value);
void       _ts_export_yaml_int         (Export     *e,
                                        const char *indent,
                                        const char *key,
                                        gint64      value);
void       _ts_export_yaml_bool        (Export     *e,
                                        const char *indent,
                                        const char *key,
                                        gboolean    value);
void       _ts_export_yaml_word        (Export     *e,
                                        const char *indent,
                                        const char *key,
                                        const char *value);
gboolean   _ts_export_is_bf16          (const TsScenario *s);
void       _ts_export_note_lora        (Export     *e,
                                        const char *prefix,
                                        const char *framework);
void       _ts_export_note_selective   (Export     *e,
                                        const char *prefix);

/* one writer per format */
void       _ts_export_write_deepspeed    (Export *e);
void       _ts_export_write_accelerate   (Export *e);
void       _ts_export_write_axolotl      (Export *e);
void       _ts_export_write_llamafactory (Export *e);
void       _ts_export_write_megatron     (Export *e);

G_END_DECLS
