/* test-export.c — a plan's shown option as a training framework's configuration
 *
 * The DeepSpeed JSON is parsed with json-glib and the Megatron-LM
 * arguments with GLib's shell parser, and both are checked against the
 * layout of the option they were written for. (The YAML formats are
 * parsed with python3-yaml in tests/cli/test-export.py.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ts-test-support.h"

static TsPlan *
plan_for (TsCatalog  *catalog,
          const char *model_id,
          TsMethod    method,
          guint       tp,
          guint       pp)
{
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, model_id, 0, method);
  g_autoptr(GError) error = NULL;
  TsPlan *plan;

  s->tp = tp;
  s->pp = pp;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ts_plan_get_shown_option (plan));
  return plan;
}

static char *
export (const TsPlan   *plan,
        TsExportFormat  format)
{
  g_autoptr(GError) error = NULL;
  char *text = ts_export_plan (plan, format, &error);

  g_assert_no_error (error);
  g_assert_nonnull (text);
  return text;
}

static void
test_formats_named (void)
{
  static const char *const names[] = { "deepspeed", "accelerate", "axolotl", "llamafactory", "megatron" };
  TsExportFormat format;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (ts_export_format_from_string (names[i], &format));
      g_assert_cmpstr (ts_export_format_to_string (format), ==, names[i]);
    }
  g_assert_false (ts_export_format_from_string ("json", &format));
  g_assert_false (ts_export_format_from_string (NULL, &format));
}

/* 70B full training with optimizer offload, in DeepSpeed: its batch
 * identity train_batch_size = micro-batch × accumulation × data-parallel
 * GPUs (runtime/config.py _batch_assertion ()), the world being every GPU
 * DeepSpeed runs (it runs no model parallelism from its JSON). */
static void
test_deepspeed_json (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  const TsOption *option;
  const TsLayout *l;
  JsonObject *obj, *zero;
  guint accumulation;

  s->micro_batch = 2;
  s->offload = TS_OFFLOAD_OPTIMIZER;
  s->framework = TS_FRAMEWORK_DEEPSPEED;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  option = ts_plan_get_shown_option (plan);
  l = &option->memory.layout;
  g_assert_cmpint (option->framework, ==, TS_FRAMEWORK_DEEPSPEED);
  g_assert_cmpuint (l->tp * l->pp, ==, 1);

  text = export (plan, TS_EXPORT_DEEPSPEED);
  root = json_from_string (text, &error);
  g_assert_no_error (error);
  obj = json_node_get_object (root);
  /* the default global batch of full training: 4,194,304 tokens / 2,048
   * = 2,048 sequences, in micro-batches of 2 over dp ranks */
  accumulation = (2048 + 2 * l->dp - 1) / (2 * l->dp);
  g_assert_cmpint (json_object_get_int_member (obj, "train_micro_batch_size_per_gpu"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (obj, "gradient_accumulation_steps"), ==, accumulation);
  g_assert_cmpint (ts_export_gradient_accumulation (plan), ==, accumulation);
  g_assert_cmpint (json_object_get_int_member (obj, "train_batch_size"), ==, 2 * accumulation * l->dp);
  g_assert_cmpint (json_object_get_int_member (obj, "train_batch_size"), >=, 2048);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (obj, "bf16"), "enabled"));
  g_assert_false (json_object_get_boolean_member (json_object_get_object_member (obj, "fp16"), "enabled"));
  g_assert_cmpfloat (json_object_get_double_member (obj, "gradient_clipping"), ==, 1.0);
  zero = json_object_get_object_member (obj, "zero_optimization");
  g_assert_cmpint (json_object_get_int_member (zero, "stage"), ==, l->zero_stage);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (zero, "offload_optimizer"), "device"),
                   ==, "cpu");
  /* the accumulation note is in the file */
  {
    g_autofree char *note = g_strdup_printf ("Gradient accumulation is %u", accumulation);

    g_assert_nonnull (strstr (text, note));
  }
}

/* Megatron-LM with TP 2 × PP 2: the arguments carry the option's layout,
 * and the model's shape from its architecture (Llama 3.1 70B: 80 layers,
 * 8192 hidden, 64 heads in 8 groups, FFN 28672 — Meta's config.json). */
static void
test_megatron_arguments (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) plan = plan_for (catalog, "llama-3.1-70b", TS_METHOD_FULL, 2, 2);
  g_autofree char *text = export (plan, TS_EXPORT_MEGATRON);
  g_autofree char *deepspeed_why = NULL;
  g_autoptr(GString) words = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_auto(GStrv) argv = NULL;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const TsOption *option = ts_plan_get_shown_option (plan);
  const TsLayout *l = &option->memory.layout;
  /* micro-batch × ⌈2,048 / (micro-batch × dp)⌉ × dp: the default global
   * batch of 2,048 sequences rounded up to whole micro-batches */
  guint mb = option->micro_batch;
  g_autofree char *micro = g_strdup_printf ("%u", mb);
  g_autofree char *global = g_strdup_printf ("%u", mb * ((2048 + mb * l->dp - 1) / (mb * l->dp)) * l->dp);
  int argc;

  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '#')
      g_string_append_printf (words, "%s ", lines[i]);
  g_assert_true (g_shell_parse_argv (words->str, &argc, &argv, &error));
  g_assert_no_error (error);
  for (int i = 0; i < argc; i++)
    g_hash_table_insert (args, argv[i], i + 1 < argc && argv[i + 1][0] != '-' ? argv[i + 1] : (char *) "");

  g_assert_cmpuint (l->tp, ==, 2);
  g_assert_cmpuint (l->pp, ==, 2);
  g_assert_cmpstr (g_hash_table_lookup (args, "--tensor-model-parallel-size"), ==, "2");
  g_assert_cmpstr (g_hash_table_lookup (args, "--pipeline-model-parallel-size"), ==, "2");
  g_assert_cmpstr (g_hash_table_lookup (args, "--num-layers"), ==, "80");
  g_assert_cmpstr (g_hash_table_lookup (args, "--hidden-size"), ==, "8192");
  g_assert_cmpstr (g_hash_table_lookup (args, "--num-attention-heads"), ==, "64");
  g_assert_true (g_hash_table_contains (args, "--group-query-attention"));
  g_assert_cmpstr (g_hash_table_lookup (args, "--num-query-groups"), ==, "8");
  g_assert_cmpstr (g_hash_table_lookup (args, "--ffn-hidden-size"), ==, "28672");
  g_assert_cmpstr (g_hash_table_lookup (args, "--seq-length"), ==, "2048");
  g_assert_cmpstr (g_hash_table_lookup (args, "--micro-batch-size"), ==, micro);
  g_assert_cmpstr (g_hash_table_lookup (args, "--global-batch-size"), ==, global);
  g_assert_true (g_hash_table_contains (args, "--bf16"));
  /* the planner's recomputation */
  if (option->checkpointing == TS_CHECKPOINTING_FULL)
    g_assert_cmpstr (g_hash_table_lookup (args, "--recompute-granularity"), ==, "full");
  else if (option->checkpointing == TS_CHECKPOINTING_SELECTIVE)
    g_assert_cmpstr (g_hash_table_lookup (args, "--recompute-granularity"), ==, "selective");
  else
    g_assert_false (g_hash_table_contains (args, "--recompute-granularity"));
  g_assert_true (g_hash_table_contains (args, "--use-distributed-optimizer") == (l->zero_stage >= 1));
  /* Megatron-LM, and only it, runs TP 2 × PP 2 */
  g_assert_cmpint (option->framework, ==, TS_FRAMEWORK_MEGATRON);
  g_assert_false (ts_export_can_write (plan, TS_EXPORT_DEEPSPEED, &deepspeed_why));
  g_assert_nonnull (strstr (deepspeed_why, "tensor parallelism"));
}

/* The arguments of a Megatron-LM file as a table (value "" for a switch). */
static GHashTable *
megatron_args (const char *text,
               GStrv      *argv)
{
  g_autoptr(GString) words = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GError) error = NULL;
  GHashTable *args = g_hash_table_new (g_str_hash, g_str_equal);
  int argc;

  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '#')
      g_string_append_printf (words, "%s ", lines[i]);
  g_assert_true (g_shell_parse_argv (words->str, &argc, argv, &error));
  g_assert_no_error (error);
  for (int i = 0; i < argc; i++)
    g_hash_table_insert (args, (*argv)[i], i + 1 < argc && (*argv)[i + 1][0] != '-' ? (*argv)[i + 1] : (char *) "");
  return args;
}

/* Llama 3 405B at TP8 PP16 on 1,024 DGX H100, s = 8,192: the planner
 * recomputes only some of each stage's 8 layers (docs/sizing-model.md
 * §8.2), which Megatron-LM says as --recompute-method block with that
 * many layers, counted per model chunk (Megatron-LM's block method counts
 * a chunk's layers), rounded up; 126 layers do not split into 16 × v
 * whole chunks, so the stages are placed with
 * --pipeline-model-parallel-layout (issue 26). Every layer
 * recomputed, as the user may fix it, is the uniform method, one layer
 * per checkpoint. */
static void
test_megatron_block_recompute (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-405b", 0, TS_METHOD_FULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(TsPlan) full = NULL;
  g_autofree char *text = NULL;
  g_autofree char *full_text = NULL;
  g_auto(GStrv) argv = NULL;
  g_auto(GStrv) full_argv = NULL;
  g_autoptr(GHashTable) args = NULL;
  g_autoptr(GHashTable) full_args = NULL;
  g_autofree char *k = NULL;
  const TsOption *o;

  s->seq_len = 8192;
  s->global_batch = 2048;
  s->tp = 8;
  s->pp = 16;
  ts_scenario_set_server (s, "dgx-h100");
  s->servers = 1024;
  /* Llama 3's 8,192-token layout: no context parallelism (Table 4) */
  s->searched = TS_SEARCH_ALL & ~(TS_SEARCH_TP | TS_SEARCH_PP | TS_SEARCH_CP);
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  o = ts_plan_get_shown_option (plan);
  g_assert_cmpint (o->checkpointing, ==, TS_CHECKPOINTING_FULL);
  g_assert_cmpuint (o->memory.layout.recompute_layers, <, 8);
  text = export (plan, TS_EXPORT_MEGATRON);
  args = megatron_args (text, &argv);
  k = g_strdup_printf ("%u", (o->memory.layout.recompute_layers + MAX (1u, o->virtual_stages) - 1)
                            / MAX (1u, o->virtual_stages));
  g_assert_false (g_hash_table_contains (args, "--num-layers-per-virtual-pipeline-stage"));
  g_assert_true (g_hash_table_contains (args, "--pipeline-model-parallel-layout"));
  g_assert_cmpstr (g_hash_table_lookup (args, "--recompute-granularity"), ==, "full");
  g_assert_cmpstr (g_hash_table_lookup (args, "--recompute-method"), ==, "block");
  g_assert_cmpstr (g_hash_table_lookup (args, "--recompute-num-layers"), ==, k);

  s->checkpointing = TS_CHECKPOINTING_FULL;
  s->searched &= ~TS_SEARCH_CHECKPOINTING;
  full = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  full_text = export (full, TS_EXPORT_MEGATRON);
  full_args = megatron_args (full_text, &full_argv);
  g_assert_cmpstr (g_hash_table_lookup (full_args, "--recompute-method"), ==, "uniform");
  g_assert_cmpstr (g_hash_table_lookup (full_args, "--recompute-num-layers"), ==, "1");
}

/* The Megatron-LM export of a scenario planned for Megatron-LM. */
static char *
megatron_export_planned (TsCatalog  *catalog,
                         TsScenario *s)
{
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;

  s->framework = TS_FRAMEWORK_MEGATRON;
  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  return export (plan, TS_EXPORT_MEGATRON);
}

/* The Megatron-LM export of a model's full training at a precision. */
static char *
megatron_export_of (const char  *model_id,
                    TsPrecision  precision)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, model_id, 0, TS_METHOD_FULL);

  s->precision = precision;
  return megatron_export_planned (catalog, s);
}

/* Llama 3.1 70B at TP 2 × ZeRO-3 (--use-torch-fsdp2) on a server. */
static char *
megatron_fsdp2_export_on (const char *server_id)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, "llama-3.1-70b", 0, TS_METHOD_FULL);

  s->zero_stage = 3;
  s->tp = 2;
  ts_scenario_set_server (s, server_id);
  return megatron_export_planned (catalog, s);
}

/* ZeRO-3 under Megatron-LM is --use-torch-fsdp2, whose gradients are
 * reduce-scattered in BF16: the header says that, not the FP32
 * all-reduce of Megatron-LM's own buffers, and the file meets FSDP2's
 * start-up checks (no distributed optimizer, no gradient accumulation
 * fusion, untied embeddings, CUDA_DEVICE_MAX_CONNECTIONS not set to 1).
 * Before Blackwell, validate_args () warns about tensor parallelism
 * beside FSDP2: the header says what the warning means for the run. */
static void
test_megatron_fsdp2 (void)
{
  g_autofree char *text = megatron_fsdp2_export_on ("dgx-h100");
  g_autofree char *blackwell = megatron_fsdp2_export_on ("dgx-b200");

  g_assert_nonnull (strstr (text, "--use-torch-fsdp2\n"));
  g_assert_nonnull (strstr (text, "--no-gradient-accumulation-fusion\n"));
  g_assert_nonnull (strstr (text, "--untie-embeddings-and-output-weights\n"));
  g_assert_null (strstr (text, "--use-distributed-optimizer"));
  /* no argument or setting line sets the variable; only the header speaks of it */
  {
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
      if (lines[i][0] != '#')
        g_assert_null (strstr (lines[i], "CUDA_DEVICE_MAX_CONNECTIONS"));
  }
  g_assert_nonnull (strstr (text, "reduce-scattered in BF16"));
  g_assert_null (strstr (text, "accumulates and reduces the gradients in FP32"));
  g_assert_nonnull (strstr (text, "warns at start-up that tensor or context parallelism beside --use-torch-fsdp2"));
  g_assert_nonnull (strstr (blackwell, "--use-torch-fsdp2\n"));
  g_assert_null (strstr (blackwell, "warns at start-up"));
}

/* DeepSeek-V3: the leading dense layers become Megatron-LM's layer
 * pattern, which needs shell quoting; MLA and MoE switches come along. */
static void
test_megatron_moe_mla (void)
{
  g_autofree char *text = megatron_export_of ("deepseek-v3", TS_PRECISION_BF16);

  g_assert_nonnull (strstr (text, "--moe-layer-freq '([0]*3+[1]*58)'\n"));
  g_assert_nonnull (strstr (text, "--num-experts 256\n"));
  g_assert_nonnull (strstr (text, "--moe-router-topk 8\n"));
  g_assert_nonnull (strstr (text, "--moe-shared-expert-intermediate-size 2048\n"));
  /* the dispatcher and expert GEMMs the step time counts, not
   * Megatron-LM's defaults (allgather, one MLP per expert) */
  g_assert_nonnull (strstr (text, "--moe-token-dispatcher-type alltoall\n"));
  g_assert_nonnull (strstr (text, "--moe-grouped-gemm\n"));
  g_assert_nonnull (strstr (text, "--moe-permute-fusion\n"));
  g_assert_nonnull (strstr (text, "--multi-latent-attention\n"));
  g_assert_nonnull (strstr (text, "--q-lora-rank 1536\n"));
  g_assert_nonnull (strstr (text, "--kv-lora-rank 512\n"));
}

/* Megatron-LM's validate_args () takes grouped expert GEMMs in BF16
 * only: an FP32 MoE plan's export leaves the switch out and says why,
 * never writes a run that stops at start-up. */
static void
test_megatron_moe_fp32 (void)
{
  g_autofree char *text = megatron_export_of ("qwen3-30b-a3b", TS_PRECISION_FP32);

  g_assert_null (strstr (text, "--bf16"));
  g_assert_nonnull (strstr (text, "--moe-token-dispatcher-type alltoall\n"));
  g_assert_null (strstr (text, "--moe-grouped-gemm"));
  g_assert_nonnull (strstr (text, "grouped expert GEMMs in BF16 only"));
}

/* A format whose framework cannot run the plan is refused with the
 * reason and the formats that can (issue 26), never written as another
 * plan; what a file leaves to the script is said in it. */
static void
test_unexpressible_is_refused (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsPlan) tp_plan = plan_for (catalog, "llama-3.1-70b", TS_METHOD_FULL, 2, 1);
  g_autoptr(TsPlan) lora_plan = plan_for (catalog, "llama-3.1-8b", TS_METHOD_LORA, 1, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *axolotl = ts_export_plan (tp_plan, TS_EXPORT_AXOLOTL, &error);
  g_autofree char *megatron = NULL;
  g_autofree char *deepspeed = export (lora_plan, TS_EXPORT_DEEPSPEED);
  g_autofree char *can = ts_export_dup_formats_that_can (tp_plan);

  g_assert_null (axolotl);
  g_assert_error (error, TS_ERROR, TS_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "Axolotl cannot run tensor parallelism"));
  g_assert_nonnull (strstr (error->message, "Formats that can: megatron"));
  g_assert_cmpstr (can, ==, "megatron");
  g_clear_error (&error);
  megatron = ts_export_plan (lora_plan, TS_EXPORT_MEGATRON, &error);
  g_assert_null (megatron);
  g_assert_nonnull (strstr (error->message, "Megatron-LM trains every weight"));
  g_assert_nonnull (strstr (deepspeed, "DeepSpeed has no LoRA keys"));
}

/* A model without a hub id gets a placeholder nobody can mistake for one. */
static void
test_placeholder_model (void)
{
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  g_autoptr(TsScenario) s = ts_test_scenario (catalog, NULL, 7e9, TS_METHOD_QLORA);
  g_autoptr(TsPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  plan = ts_plan_compute (catalog, s, &error);
  g_assert_no_error (error);
  text = export (plan, TS_EXPORT_AXOLOTL);
  g_assert_nonnull (strstr (text, "base_model: \"REPLACE-WITH/huggingface-model-id\"\n"));
  g_assert_nonnull (strstr (text, "replace the placeholder"));
  g_assert_nonnull (strstr (text, "adapter: qlora\n"));
  g_assert_nonnull (strstr (text, "load_in_4bit: true\n"));
}

/* "1 GPU", never "1 GPUs" (issue 33: an Axolotl comment said so): every
 * option of a few plans, in every format that writes it, counts its
 * GPUs, servers and processes with the noun's number. The plans reach
 * one-GPU options (an 8B LoRA fits one 80 GB card), checked below. */
static gboolean
has_plural_after_one (const char *text)
{
  static const char *const nouns[] = { "GPUs", "servers", "processes", "sequences", "nodes" };

  for (guint i = 0; i < G_N_ELEMENTS (nouns); i++)
    {
      g_autofree char *one = g_strdup_printf ("1 %s", nouns[i]);

      for (const char *p = strstr (text, one); p != NULL; p = strstr (p + 1, one))
        if (p == text || !g_ascii_isdigit (p[-1]))
          return TRUE;
    }
  return FALSE;
}

static void
test_plurals (void)
{
  static const struct { const char *model; TsMethod method; guint global_batch; } cases[] = {
    { "llama-3.1-8b", TS_METHOD_LORA, 0 },
    { "llama-3.1-8b", TS_METHOD_FULL, 0 },
    { "llama-3.1-70b", TS_METHOD_QLORA, 0 },
    /* one sequence a step: "a global batch of 1 sequence" */
    { "llama-3.1-8b", TS_METHOD_LORA, 1 },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  guint one_gpu = 0, written = 0;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(TsScenario) s = ts_test_scenario (catalog, cases[c].model, 0, cases[c].method);
      g_autoptr(GError) error = NULL;
      g_autoptr(TsPlan) plan = NULL;

      s->global_batch = cases[c].global_batch;
      plan = ts_plan_compute (catalog, s, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < plan->options->len; i++)
        {
          ts_plan_choose_option (plan, (int) i);
          for (TsExportFormat f = TS_EXPORT_DEEPSPEED; f <= TS_EXPORT_MEGATRON; f++)
            {
              g_autofree char *text = NULL;

              if (!ts_export_can_write (plan, f, NULL))
                continue;
              text = export (plan, f);
              written++;
              if (ts_plan_get_shown_option (plan)->gpus == 1)
                {
                  one_gpu++;
                  g_assert_nonnull (strstr (text, "1 GPU."));
                }
              if (cases[c].global_batch == 1 && ts_plan_get_shown_option (plan)->global_batch == 1)
                g_assert_nonnull (strstr (text, "a global batch of 1 sequence ="));
              if (has_plural_after_one (text))
                g_error ("%s, option %u, %s: a plural after 1:\n%s", cases[c].model, i,
                         ts_export_format_to_string (f), text);
            }
        }
    }
  g_assert_cmpuint (written, >, 10);
  g_assert_cmpuint (one_gpu, >, 0);
}

int
main (int    argc,
      char **argv)
{
  ts_i18n_init ();
  ts_i18n_set_language ("en");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export/format-names", test_formats_named);
  g_test_add_func ("/export/deepspeed", test_deepspeed_json);
  g_test_add_func ("/export/megatron", test_megatron_arguments);
  g_test_add_func ("/export/megatron-block-recompute", test_megatron_block_recompute);
  g_test_add_func ("/export/megatron-moe-mla", test_megatron_moe_mla);
  g_test_add_func ("/export/megatron-moe-fp32", test_megatron_moe_fp32);
  g_test_add_func ("/export/megatron-fsdp2", test_megatron_fsdp2);
  g_test_add_func ("/export/unexpressible", test_unexpressible_is_refused);
  g_test_add_func ("/export/placeholder", test_placeholder_model);
  g_test_add_func ("/export/plurals", test_plurals);

  return g_test_run ();
}
