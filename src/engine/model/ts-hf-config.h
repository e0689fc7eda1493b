/* ts-hf-config.h — a model's architecture from a Hugging Face config.json
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ts-model.h"

G_BEGIN_DECLS

/* Whether root is a Hugging Face config.json rather than Train Sizer's own
 * model file: it has a key only the former uses (model_type,
 * architectures, num_hidden_layers, n_layer, text_config, llm_config). */
gboolean    ts_hf_config_detect      (JsonNode      *root);

/* Reads the language model of a config.json into model, with the family's
 * class defaults for absent keys; model->source records which key gave
 * which field, and model->hf_id the repository when the file names one.
 * A family it cannot count exactly, or missing or contradictory keys, is
 * a TS_ERROR_MODEL_FILE error naming the key. name names the file in
 * messages. The model is named by the file's "_name_or_path" (its last
 * part), else by place_name (the name the file's place gives, NULL when
 * it has none, as pasted text), else by its family: never by the Python
 * class in "architectures". */
gboolean    ts_hf_config_import      (TsModel       *model,
                                      JsonNode      *root,
                                      const char    *name,
                                      const char    *place_name,
                                      GError       **error);

/* The transformers class of one decoder layer (what FSDP wraps), e.g.
 * “LlamaDecoderLayer”, for an imported or a catalog model; NULL when
 * unknown. */
const char *ts_hf_config_layer_class (const TsModel *model);

G_END_DECLS
