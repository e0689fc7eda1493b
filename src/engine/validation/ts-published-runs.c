/* ts-published-runs.c — published training runs the time model is held to
 *
 * Each run is entered as its source states it: model, GPUs, layout,
 * batch, precision, recomputation and the throughput it reached. The
 * step model (docs/sizing-model.md §8.1, §8.6) predicts it at that layout;
 * the calibration runs chose the catalog's per-family efficiencies, the
 * hold-out runs never did (§8.7). The test and the tables of docs/ and
 * the README read this one list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "ts-published-runs"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ts-error.h"
#include "ts-format.h"
#include "ts-options.h"
#include "ts-validation.h"

#define TORCHTITAN_A100 "torchtitan docs/performance.md (2024), Llama 3 on 64 A100 80GB, FSDP2"
#define TORCHTITAN_H100 "torchtitan docs/performance.md (2025), Grand Teton H100 at 500 W, FSDP2"
#define TORCHTITAN_405B "torchtitan docs/performance.md (2024), Llama 3.1 405B on 128 H100, FSDP2 + TP"
#define LLAMA3_TABLE4   "Dubey et al. 2024, The Llama 3 Herd of Models, Table 4"
#define BRIDGE_2511     "Megatron-Bridge performance summary, 25.11 container (dense rows)"
#define AMD_CVS         "AMD Cluster Validation Suite (ROCm CVS), Megatron training configuration mi3xx_singlenode_megatron_llama.json, expected tokens per GPU"
#define TORCHTITAN_DEEPEP "torchtitan torchtitan/distributed/deepep/README.md (2025), Qwen3-30B-A3B with DeepEP on B200, strong scaling"
#define DEEPSEEK_V2     "DeepSeek-AI 2024, DeepSeek-V2 Technical Report (arXiv:2405.04434), §3.1.3 and §3.2.3: 172.8K H800 GPU hours per trillion tokens"
#define DEEPSEEK_V3     "DeepSeek-AI 2024, DeepSeek-V3 Technical Report, §1 and §3.2: 180K H800 GPU hours per trillion tokens"
#define NEMO_2502_B200  "NeMo Framework performance summary, 25.02 container, DGX-B200 (FP8, per-tensor current scaling)"
#define NEMO_2504_GB200 "NeMo Framework performance summary, 25.04 container, DGX-GB200 (FP8, per-tensor current scaling)"
#define AUTOMODEL       "NeMo AutoModel docs/performance-summary.md (revision of April 2026), DGX-H100, BF16"

/* The famous runs' training tokens: Llama 3 405B "on 15.6T tokens"
 * (Dubey et al. 2024, §1); DeepSeek-V3 "on 14.8 trillion" (DeepSeek-AI
 * 2024, abstract). */
#define LLAMA3_TOKENS      15.6e12
#define DEEPSEEK_V3_TOKENS 14.8e12

static const TsPublishedRun runs[] = {
  /* A100: torchtitan's Llama 3 runs, local batch 1 at 8,192 tokens */
  { "tt-a100-8b-sac-layer", "llama-3.1-8b", "a100-80gb-sxm", "64 × A100 80GB", 64, 8, 0, 200,
    1, 1, 64, 1, 1, 3, FALSE, FALSE, FALSE, 1, 64, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_SELECTIVE,
    2904, 0, TS_RUN_CALIBRATION, NULL, TORCHTITAN_A100 },
  { "tt-a100-8b-sac-op", "llama-3.1-8b", "a100-80gb-sxm", "64 × A100 80GB", 64, 8, 0, 200,
    1, 1, 64, 1, 1, 3, FALSE, FALSE, FALSE, 1, 64, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_SELECTIVE,
    2973, 0, TS_RUN_HOLD_OUT, NULL, TORCHTITAN_A100 },
  { "tt-a100-70b-full", "llama-3.1-70b", "a100-80gb-sxm", "64 × A100 80GB", 64, 8, 0, 200,
    1, 1, 64, 1, 1, 3, FALSE, FALSE, FALSE, 1, 64, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_FULL,
    331, 0, TS_RUN_CALIBRATION, NULL, TORCHTITAN_A100 },

  /* H100. Llama 3 gives no interleaving degree: v = 8, one of the ⌊126 / 16⌋
   * layers of a stage per chunk, the most its layers allow (§3.3.2: an
   * interleaved schedule with the micro-batches set freely) */
  { "tt-h100-405b", "llama-3.1-405b", "h100-sxm", "128 × H100", 128, 8, 0, 400,
    8, 1, 16, 1, 1, 3, TRUE, FALSE, FALSE, 2, 32, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_FULL,
    109, 0, TS_RUN_CALIBRATION, "dgx-h100", TORCHTITAN_405B },
  { "tt-h100-405b-fp8", "llama-3.1-405b", "h100-sxm", "128 × H100", 128, 8, 0, 400,
    8, 1, 16, 1, 1, 3, TRUE, FALSE, FALSE, 2, 32, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_FULL,
    177, 0, TS_RUN_HOLD_OUT, NULL, TORCHTITAN_405B " (Float8)" },
  { "tt-h100-8b", "llama-3.1-8b", "h100-sxm", "8 × H100 (500 W)", 8, 8, 0, 400,
    1, 1, 8, 1, 1, 3, FALSE, FALSE, FALSE, 2, 16, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_SELECTIVE,
    5762, 0, TS_RUN_HOLD_OUT, "dgx-h100", TORCHTITAN_H100 " (Table 1)" },
  { "tt-h100-8b-compile", "llama-3.1-8b", "h100-sxm", "8 × H100 (500 W)", 8, 8, 0, 400,
    1, 1, 8, 1, 1, 3, FALSE, FALSE, FALSE, 2, 16, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_SELECTIVE,
    6667, 0, TS_RUN_CALIBRATION, NULL, TORCHTITAN_H100 " (Table 1, torch.compile)" },
  { "llama3-405b-8k", "llama-3.1-405b", "h100-sxm", "8,192 × H100", 8192, 8, 0, 400,
    8, 16, 64, 1, 8, 1, TRUE, FALSE, FALSE, 1, 2048, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    0, 430, TS_RUN_CALIBRATION, NULL, LLAMA3_TABLE4, LLAMA3_TOKENS },
  { "llama3-405b-16k", "llama-3.1-405b", "h100-sxm", "16,384 × H100", 16384, 8, 0, 400,
    8, 16, 128, 1, 8, 1, TRUE, FALSE, FALSE, 1, 2048, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    0, 400, TS_RUN_HOLD_OUT, NULL, LLAMA3_TABLE4, LLAMA3_TOKENS },
  /* the long-context stage: 131,072 tokens per sequence, CP 16 (Llama 3
   * §3.3.2: K and V all-gathered within the context-parallel group),
   * 16M tokens per batch = 128 sequences */
  { "llama3-405b-128k-cp", "llama-3.1-405b", "h100-sxm", "16,384 × H100", 16384, 8, 0, 400,
    8, 16, 8, 1, 8, 1, TRUE, FALSE, FALSE, 1, 128, 131072, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    0, 380, TS_RUN_HOLD_OUT, NULL, LLAMA3_TABLE4, 0, 16 },
  { "bridge-h100-8b", "llama-3.1-8b", "h100-sxm", "DGX-H100", 8, 8, 0, 400,
    1, 1, 8, 1, 1, 3, FALSE, FALSE, FALSE, 1, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    14451, 0, TS_RUN_CALIBRATION, "dgx-h100", BRIDGE_2511 },
  { "bridge-h100-70b", "llama-3.1-70b", "h100-sxm", "DGX-H100", 64, 8, 0, 400,
    4, 8, 2, 1, 5, 1, TRUE, FALSE, FALSE, 1, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    1602, 0, TS_RUN_HOLD_OUT, "dgx-h100", BRIDGE_2511 },
  /* H800: H100 compute, NVLink at 400 GB/s both ways; DualPipe hides
   * the all-to-alls; 8 × 400 Gb/s InfiniBand per server */
  { "deepseek-v3", "deepseek-v3", "h100-sxm", "2,048 × H800", 2048, 8, 200, 400,
    1, 16, 128, 64, 1, 1, FALSE, TRUE, FALSE, 1, 15360, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_SELECTIVE,
    1e12 / (180e3 * 3600), 0, TS_RUN_CALIBRATION, NULL, DEEPSEEK_V3, DEEPSEEK_V3_TOKENS },

  /* DeepSeek-V2 on H800 (§3.1.3): 16-way zero-bubble pipeline, 8-way
   * expert parallelism, ZeRO-1 data parallelism, no tensor
   * parallelism, a portion of the operators recomputed; 4,096 tokens,
   * batch 9,216 sequences after the first 225B tokens (§3.2.1); 172.8K
   * GPU hours per trillion tokens (§3.2.3). The GPU count is not stated:
   * entered at 1,024 (DP 64) [U], which changes the tokens per GPU only
   * through the bubble and the gradients' traffic. */
  { "deepseek-v2", "deepseek-v2", "h100-sxm", "H800 (count not stated)", 1024, 8, 200, 400,
    1, 16, 64, 8, 1, 1, FALSE, FALSE, FALSE, 1, 9216, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_SELECTIVE,
    1e12 / (172.8e3 * 3600), 0, TS_RUN_HOLD_OUT, NULL, DEEPSEEK_V2, 0, 0, FALSE, FALSE, TRUE },

  /* Blackwell */
  { "bridge-b200-8b", "llama-3.1-8b", "b200", "DGX-B200", 8, 8, 0, 400,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    30624, 0, TS_RUN_CALIBRATION, "dgx-b200", BRIDGE_2511 },
  { "bridge-gb200-8b", "llama-3.1-8b", "gb200", "DGX-GB200", 8, 72, 0, 400,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    31508, 0, TS_RUN_HOLD_OUT, NULL, BRIDGE_2511 },
  { "bridge-gb200-70b", "llama-3.1-70b", "gb200", "DGX-GB200", 64, 72, 0, 400,
    1, 1, 64, 1, 1, 3, FALSE, FALSE, FALSE, 2, 256, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    4312, 0, TS_RUN_CALIBRATION, NULL, BRIDGE_2511 },
  { "bridge-gb200-405b", "llama-3.1-405b", "gb200", "DGX-GB200", 256, 72, 0, 400,
    4, 16, 4, 1, 4, 1, TRUE, FALSE, FALSE, 1, 1536, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    813, 0, TS_RUN_HOLD_OUT, NULL, BRIDGE_2511 },

  /* Blackwell Ultra: GB300 with the B300's figures */
  { "bridge-gb300-8b", "llama-3.1-8b", "b300", "DGX-GB300", 8, 72, 0, 800,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    37556, 0, TS_RUN_CALIBRATION, NULL, BRIDGE_2511 },
  { "bridge-gb300-8b-mx", "llama-3.1-8b", "b300", "DGX-GB300", 8, 72, 0, 800,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    36108, 0, TS_RUN_HOLD_OUT, NULL, BRIDGE_2511 " (FP8-MX)" },
  { "bridge-gb300-70b", "llama-3.1-70b", "b300", "DGX-GB300", 64, 72, 0, 800,
    1, 1, 64, 1, 1, 3, FALSE, FALSE, FALSE, 2, 256, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    4520, 0, TS_RUN_HOLD_OUT, NULL, BRIDGE_2511 },
  { "tt-h100-405b-fp8-async-tp", "llama-3.1-405b", "h100-sxm", "128 × H100", 128, 8, 0, 400,
    8, 1, 16, 1, 1, 3, TRUE, FALSE, FALSE, 2, 32, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_FULL,
    185, 0, TS_RUN_HOLD_OUT, NULL, TORCHTITAN_405B " (Float8 + async TP)" },

  /* AMD Instinct (CDNA 3): the expected results of AMD's Cluster
   * Validation Suite for Megatron-LM (rocm/megatron-lm v25.5) on one
   * server of 8, FP8 (Transformer Engine), 8,192 tokens, global batch
   * 128, no recomputation, no FSDP. The MI300X rows chose CDNA 3's FP8
   * efficiency; the MI325X rows (the same chips, faster memory) are held
   * out. */
  { "cvs-mi300x-8b", "llama-3.1-8b", "mi300x", "8 × MI300X", 8, 8, 0, 400,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    6500, 0, TS_RUN_CALIBRATION, NULL, AMD_CVS },
  { "cvs-mi300x-70b", "llama-3.1-70b", "mi300x", "8 × MI300X", 8, 8, 0, 400,
    8, 1, 1, 1, 1, 0, TRUE, FALSE, FALSE, 1, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    1000, 0, TS_RUN_CALIBRATION, NULL, AMD_CVS },
  { "cvs-mi325x-8b", "llama-3.1-8b", "mi325x", "8 × MI325X", 8, 8, 0, 400,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    6500, 0, TS_RUN_HOLD_OUT, NULL, AMD_CVS },
  { "cvs-mi325x-70b", "llama-3.1-70b", "mi325x", "8 × MI325X", 8, 8, 0, 400,
    8, 1, 1, 1, 1, 0, TRUE, FALSE, FALSE, 1, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    1100, 0, TS_RUN_HOLD_OUT, NULL, AMD_CVS },

  /* torchtitan with DeepEP on DGX-B200 (B200, CUDA 12.8, PyTorch 2.9):
   * Qwen3-30B-A3B, FSDP over every GPU with EP 8 (expert parallelism
   * within a server), local batch 8 of 4,096 tokens, full activation
   * checkpointing, torch.compile, BF16, an even expert load forced
   * (qwen3_30b_a3b_with_deepep.toml) */
  { "tt-b200-qwen3-30b-deepep", "qwen3-30b-a3b", "b200", "DGX-B200", 8, 8, 0, 400,
    1, 1, 8, 8, 1, 3, FALSE, FALSE, TRUE, 8, 64, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_FULL,
    14796, 0, TS_RUN_HOLD_OUT, "dgx-b200", TORCHTITAN_DEEPEP },
  { "tt-b200-qwen3-30b-deepep-128", "qwen3-30b-a3b", "b200", "16 × DGX-B200", 128, 8, 0, 400,
    1, 1, 128, 8, 1, 3, FALSE, FALSE, TRUE, 8, 1024, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_FULL,
    13856, 0, TS_RUN_HOLD_OUT, NULL, TORCHTITAN_DEEPEP },

  /* Held out by issue 29: Megatron-Bridge 25.11's MoE rows, which force
   * an even load over the experts. Reported, never used to choose a
   * constant. */
#define BRIDGE_MOE BRIDGE_2511 " (MoE rows, held out by issue 29)"
#define BRIDGE_MOE_2604 "Megatron-Bridge performance summary archive, 26.04.01 container (MoE rows, held out by issue 29)"
  { "bridge-h100-qwen3-30b", "qwen3-30b-a3b", "h100-sxm", "DGX-H100", 16, 8, 0, 400,
    1, 2, 8, 8, 24, 1, FALSE, FALSE, TRUE, 2, 512, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    5275, 0, TS_RUN_ISSUE_CHECK, "dgx-h100", BRIDGE_MOE },
  { "bridge-h100-gpt-oss", "gpt-oss-120b", "h100-sxm", "DGX-H100", 64, 8, 0, 400,
    1, 4, 16, 8, 1, 1, FALSE, FALSE, TRUE, 4, 512, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    5630, 0, TS_RUN_ISSUE_CHECK, "dgx-h100", BRIDGE_MOE },
  { "bridge-b200-qwen3-30b", "qwen3-30b-a3b", "b200", "DGX-B200", 8, 8, 0, 400,
    1, 1, 8, 8, 1, 1, FALSE, FALSE, TRUE, 1, 512, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    9299, 0, TS_RUN_ISSUE_CHECK, "dgx-b200", BRIDGE_MOE },
  { "bridge-b200-qwen3-235b", "qwen3-235b-a22b", "b200", "DGX-B200", 64, 8, 0, 400,
    1, 8, 8, 8, 2, 1, FALSE, FALSE, TRUE, 1, 1024, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    3269, 0, TS_RUN_ISSUE_CHECK, "dgx-b200", BRIDGE_MOE },
  { "bridge-b200-gpt-oss", "gpt-oss-120b", "b200", "DGX-B200", 64, 8, 0, 400,
    1, 1, 64, 8, 1, 1, FALSE, FALSE, TRUE, 4, 512, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    8213, 0, TS_RUN_ISSUE_CHECK, "dgx-b200", BRIDGE_MOE },
  /* the same job on the same DGX-B200 as bridge-b200-qwen3-30b (1·1·8·8,
   * GBS 512, 4,096 tokens, MXFP8), the vendor's later recipe at
   * micro-batch 4: 2.9 × the micro-batch 1 figure */
  { "bridge-b200-qwen3-30b-mb4", "qwen3-30b-a3b", "b200", "DGX-B200", 8, 8, 0, 400,
    1, 1, 8, 8, 1, 1, FALSE, FALSE, TRUE, 4, 512, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    27136, 0, TS_RUN_ISSUE_CHECK, "dgx-b200", BRIDGE_MOE_2604 },
  { "bridge-gb200-qwen3-30b", "qwen3-30b-a3b", "gb200", "DGX-GB200", 8, 72, 0, 400,
    1, 1, 8, 8, 1, 1, FALSE, FALSE, TRUE, 4, 512, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    23766, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE },
  { "bridge-gb200-qwen3-235b", "qwen3-235b-a22b", "gb200", "DGX-GB200", 256, 72, 0, 400,
    1, 8, 32, 32, 3, 1, FALSE, FALSE, TRUE, 1, 8192, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    4916, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE },
  { "bridge-gb200-gpt-oss", "gpt-oss-120b", "gb200", "DGX-GB200", 64, 72, 0, 400,
    1, 1, 64, 64, 1, 1, FALSE, FALSE, TRUE, 1, 1280, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    15876, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE },

  /* Held out by issue 29 as well: Megatron-Bridge 25.09's Qwen3 rows,
   * run with token dropping (its performance script's
   * apply_moe_token_drop (): capacity factor 1.0, every expert's input
   * padded to it, so the load is even); on B200 and GB200 with whole
   * layers as CUDA graphs (its perf matrix's cuda_graphs: true, H100's
   * false). Some share a layout with a dropless 25.11
   * row above: reported beside them, never fitted. */
#define BRIDGE_MOE_2509 "Megatron-Bridge performance summary, 25.09 container (MoE rows, token drop, held out by issue 29)"
  { "bridge-2509-h100-qwen3-30b", "qwen3-30b-a3b", "h100-sxm", "DGX-H100", 16, 8, 0, 400,
    1, 2, 8, 8, 24, 1, FALSE, FALSE, TRUE, 2, 512, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    10494, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE_2509, 0, 0, TRUE },
  { "bridge-2509-h100-qwen3-235b", "qwen3-235b-a22b", "h100-sxm", "DGX-H100", 256, 8, 0, 400,
    2, 8, 16, 32, 4, 1, TRUE, FALSE, TRUE, 1, 2048, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    1204, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE_2509, 0, 0, TRUE },
  { "bridge-2509-b200-qwen3-30b", "qwen3-30b-a3b", "b200", "DGX-B200", 8, 8, 0, 400,
    1, 1, 8, 8, 1, 1, FALSE, FALSE, TRUE, 1, 512, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    18066, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE_2509, 0, 0, TRUE, TRUE },
  { "bridge-2509-b200-qwen3-235b", "qwen3-235b-a22b", "b200", "DGX-B200", 64, 8, 0, 400,
    1, 8, 8, 8, 2, 1, FALSE, FALSE, TRUE, 1, 1024, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    4104, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE_2509, 0, 0, TRUE, TRUE },
  { "bridge-2509-gb200-qwen3-30b", "qwen3-30b-a3b", "gb200", "DGX-GB200", 8, 72, 0, 400,
    1, 1, 8, 8, 1, 1, FALSE, FALSE, TRUE, 4, 512, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    22775, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE_2509, 0, 0, TRUE, TRUE },
  { "bridge-2509-gb200-qwen3-235b", "qwen3-235b-a22b", "gb200", "DGX-GB200", 64, 72, 0, 400,
    2, 1, 32, 64, 1, 1, TRUE, FALSE, TRUE, 1, 1024, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    4452, 0, TS_RUN_ISSUE_CHECK, NULL, BRIDGE_MOE_2509, 0, 0, TRUE, TRUE },
  /* NeMo Framework's later summaries, on the Blackwell systems only:
   * issue 29 holds out the 24.12 summary, and the later H100 rows stand
   * closest to it, so none of them is here. Every row whose model is
   * in the catalog: Llama 3 8B, 70B, 405B and Mixtral 8x7B (GPT-3,
   * Nemotron and Mixtral 8x22B at 64K are not). FSDP = ZeRO-3. */
  { "nemo-2502-b200-8b", "llama-3.1-8b", "b200", "DGX-B200", 8, 8, 0, 400,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    26006, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2502_B200 },
  { "nemo-2502-b200-70b", "llama-3.1-70b", "b200", "DGX-B200", 64, 8, 0, 400,
    2, 4, 4, 1, 5, 1, TRUE, FALSE, FALSE, 1, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    3062, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2502_B200, 0, 2 },
  { "nemo-2502-b200-405b", "llama-3.1-405b", "b200", "DGX-B200", 128, 8, 0, 400,
    4, 8, 2, 1, 8, 1, TRUE, FALSE, FALSE, 1, 64, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    625, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2502_B200, 0, 2 },
  { "nemo-2502-b200-mixtral", "mixtral-8x7b", "b200", "DGX-B200", 64, 8, 0, 400,
    1, 1, 64, 8, 1, 1, FALSE, FALSE, FALSE, 2, 256, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    15457, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2502_B200 },
  { "nemo-2504-gb200-8b", "llama-3.1-8b", "gb200", "DGX-GB200", 8, 72, 0, 400,
    1, 1, 8, 1, 1, 1, FALSE, FALSE, FALSE, 2, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    33099, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2504_GB200 },
  { "nemo-2504-gb200-70b", "llama-3.1-70b", "gb200", "DGX-GB200", 64, 72, 0, 400,
    1, 1, 64, 1, 1, 3, FALSE, FALSE, FALSE, 1, 128, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    4035, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2504_GB200 },
  { "nemo-2504-gb200-405b", "llama-3.1-405b", "gb200", "DGX-GB200", 128, 72, 0, 400,
    4, 8, 2, 1, 8, 1, TRUE, FALSE, FALSE, 1, 64, 8192, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    665, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2504_GB200, 0, 2 },
  { "nemo-2504-gb200-mixtral", "mixtral-8x7b", "gb200", "DGX-GB200", 64, 72, 0, 400,
    1, 1, 64, 8, 1, 1, FALSE, FALSE, FALSE, 2, 256, 4096, TS_PRECISION_FP8, TS_CHECKPOINTING_NONE,
    19275, 0, TS_RUN_HOLD_OUT, NULL, NEMO_2504_GB200 },

  /* NeMo AutoModel (PyTorch, FSDP2 = ZeRO-3), every pre-training row
   * whose model is in the catalog and whose layout is stated (the GPT-OSS
   * rows give no EP): dropless through DeepEP, a "fake balanced gate".
   * DeepSeek V3: 61 layers over pp 4 × vp 8 chunks, micro-batch 1, local
   * batch 8. The 70B row, its data-parallel gradients crossing 8 servers
   * with all 8 GPUs of each, is what showed the per-GPU NIC rate too
   * slow for such rings (sizing-model §8.1, §8.7). */
  { "automodel-h100-qwen3-30b", "qwen3-30b-a3b", "h100-sxm", "DGX-H100", 8, 8, 0, 400,
    1, 1, 8, 8, 1, 3, FALSE, FALSE, TRUE, 4, 512, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    12040, 0, TS_RUN_HOLD_OUT, NULL, AUTOMODEL },
  { "automodel-h100-70b", "llama-3.1-70b", "h100-sxm", "DGX-H100", 64, 8, 0, 400,
    1, 1, 32, 1, 1, 3, FALSE, FALSE, FALSE, 1, 128, 8192, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    866.77, 0, TS_RUN_HOLD_OUT, NULL, AUTOMODEL, 0, 2 },
  { "automodel-h100-dsv3-256", "deepseek-v3", "h100-sxm", "DGX-H100", 256, 8, 0, 400,
    1, 4, 64, 64, 8, 3, FALSE, FALSE, TRUE, 1, 512, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    1002, 0, TS_RUN_HOLD_OUT, NULL, AUTOMODEL },
  { "automodel-h100-dsv3-1024", "deepseek-v3", "h100-sxm", "DGX-H100", 1024, 8, 0, 400,
    1, 4, 256, 64, 8, 3, FALSE, FALSE, TRUE, 1, 8192, 4096, TS_PRECISION_BF16, TS_CHECKPOINTING_NONE,
    865, 0, TS_RUN_HOLD_OUT, NULL, AUTOMODEL },
};

guint
ts_published_runs_count (void)
{
  return G_N_ELEMENTS (runs);
}

const TsPublishedRun *
ts_published_run (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (runs), NULL);
  return &runs[index];
}

const TsPublishedRun *
ts_published_run_find (const char *id)
{
  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (runs); i++)
    if (strcmp (runs[i].id, id) == 0)
      return &runs[i];
  return NULL;
}

gboolean
ts_published_run_is_famous (const TsPublishedRun *run)
{
  return run->train_tokens > 0;
}

const char *
ts_published_run_server_id (const TsCatalog      *catalog,
                            const TsPublishedRun *run)
{
  if (run->server_id != NULL && ts_catalog_find_server (catalog, run->server_id) != NULL)
    return run->server_id;
  for (guint i = 0; i < ts_catalog_get_n_servers (catalog); i++)
    {
      const TsServer *server = ts_catalog_get_server (catalog, i);

      if (g_strcmp0 (server->gpu_id, run->gpu_id) == 0 && server->gpu_count == run->gpus_per_server)
        return server->id;
    }
  return NULL;
}

static TsScenario *
run_scenario (const TsCatalog      *catalog,
              const TsPublishedRun *run)
{
  const TsCatalogModel *m = ts_catalog_find_model (catalog, run->model_id);
  TsScenario *s;

  if (m == NULL)
    return NULL;
  s = ts_scenario_new ();
  ts_scenario_set_model (s, &m->model);
  s->method = TS_METHOD_FULL;
  s->precision = run->precision;
  s->seq_len = run->seq_len;
  s->micro_batch = run->micro_batch;
  s->global_batch = run->global_batch;
  s->checkpointing = run->checkpointing;
  s->sequence_parallel = run->sequence_parallel;
  return s;
}

TsScenario *
ts_published_run_dup_scenario (const TsCatalog      *catalog,
                               const TsPublishedRun *run,
                               GError              **error)
{
  const char *server_id = ts_published_run_server_id (catalog, run);
  const TsServer *server = ts_catalog_find_server (catalog, server_id);
  g_autoptr(TsScenario) defaults = ts_scenario_new ();
  TsScenario *s = run_scenario (catalog, run);

  if (s == NULL)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No model with the id “%s” is in the catalog"), run->model_id);
      return NULL;
    }
  if (server == NULL || run->gpus % server->gpu_count != 0)
    {
      g_set_error (error, TS_ERROR, TS_ERROR_UNKNOWN_ID,
                   _("No server of the catalog holds the GPUs of the run “%s”"), run->id);
      ts_scenario_free (s);
      return NULL;
    }
  ts_scenario_set_server (s, server_id);
  s->servers = run->gpus / server->gpu_count;
  s->tokens = run->train_tokens;
  /* the planner chooses the layout, the micro-batch and the
   * recomputation as for any job: the run's own choices are the
   * prediction's (ts_published_run_check ()) */
  s->searched = TS_SEARCH_ALL;
  s->micro_batch = defaults->micro_batch;
  s->checkpointing = defaults->checkpointing;
  s->sequence_parallel = defaults->sequence_parallel;
  return s;
}

char *
ts_published_run_dup_title (const TsCatalog      *catalog,
                            const TsPublishedRun *run)
{
  const TsCatalogModel *m = ts_catalog_find_model (catalog, run->model_id);
  const char *times = strstr (run->system, "× ");
  g_autofree char *count = ts_format_number (run->gpus, 0);

  /* Translators: a published training run: the model, the number of
   * GPUs and the GPU as its source names it ("Llama 3.1 405B on 16,384
   * × H100") */
  return g_strdup_printf (_("%s on %s × %s"), m != NULL ? m->model.name : run->model_id, count,
                          times != NULL ? times + strlen ("× ") : run->system);
}

char *
ts_published_run_dup_comparison (const TsCatalog      *catalog,
                                 const TsPublishedRun *run,
                                 const TsOption       *recommended)
{
  g_autofree char *published = NULL;
  g_autofree char *predicted = NULL;
  g_autofree char *mfu = NULL;
  g_autofree char *ratio = NULL;
  GString *out;
  TsRunCheck c;

  if (!ts_published_run_check (catalog, run, FALSE, &c))
    return NULL;
  published = ts_format_number (c.published, 0);
  predicted = ts_format_number (c.predicted, 0);
  mfu = ts_format_percent (c.mfu);
  ratio = ts_format_number (c.ratio, 2);
  out = g_string_new (NULL);
  if (run->published_tflops > 0)
    {
      g_autofree char *tflops = ts_format_number (run->published_tflops, 0);

      /* Translators: the published figure of a training run, given by
       * its source as model TFLOP/s per GPU */
      g_string_append_printf (out, _("Published: %s TFLOP/s per GPU, %s tokens/s per GPU."), tflops, published);
    }
  else
    g_string_append_printf (out, _("Published: %s tokens/s per GPU."), published);
  g_string_append_c (out, ' ');
  g_string_append_printf (out, _("Predicted at the run’s layout (TP %u · PP %u · DP %u · EP %u): %s tokens/s per GPU, MFU %s; predicted / published %s."),
                          run->tp, run->pp, run->dp, run->ep, predicted, mfu, ratio);
  g_string_append_c (out, ' ');
  g_string_append_printf (out, _("Source: %s."), run->source);
  if (recommended != NULL && recommended->ok && recommended->server != NULL && recommended->layout_gpus > 0)
    {
      g_autofree char *servers = ts_format_number (recommended->servers, 0);
      g_autofree char *rate = ts_format_number (recommended->step.tokens_per_second / recommended->layout_gpus, 0);
      g_autofree char *days = ts_format_days (recommended->training_days);

      g_string_append_c (out, '\n');
      g_string_append_printf (out,
                              _("The same run on this catalog’s hardware: %s × %s, %s tokens/s per GPU, %s to train."),
                              servers, recommended->server->name, rate, days);
    }
  return g_string_free (out, FALSE);
}

static double
peak_tflops (const TsGpu *g,
             TsPrecision  precision)
{
  return precision == TS_PRECISION_FP8 && g->tflops_fp8 > 0 ? g->tflops_fp8 : g->tflops_bf16;
}

static double
efficiency (const TsCatalog *catalog,
            const TsGpu     *g,
            TsPrecision      precision)
{
  double e = 0;

  if (precision == TS_PRECISION_FP8 && g->tflops_fp8 > 0)
    e = ts_catalog_get_mfu (catalog, g->family, "fp8");
  return e > 0 ? e : ts_catalog_get_mfu (catalog, g->family, "bf16");
}

/* The planner's own layout for the run's model, batch and precision on
 * a catalog server at the run's GPU count. */
static double
free_layout_tokens (const TsCatalog      *catalog,
                    const TsPublishedRun *run,
                    TsScenario           *s)
{
  g_autoptr(GArray) options = g_array_new (FALSE, TRUE, sizeof (TsOption));
  const TsServer *server = ts_catalog_find_server (catalog, run->server_id);
  const TsOption *o;

  if (server == NULL || run->gpus % server->gpu_count != 0)
    return 0;
  g_autoptr(TsScenario) defaults = ts_scenario_new ();

  g_array_set_clear_func (options, (GDestroyNotify) ts_option_clear);
  ts_scenario_set_server (s, run->server_id);
  s->servers = run->gpus / server->gpu_count;
  s->searched = TS_SEARCH_ALL;
  s->tokens = 1e9;
  /* free: a micro-batch above 1, sequence parallelism or a
   * recomputation other than full, set by a program, would be kept as
   * the user's (sizing-model §8.2), and the planner would search the
   * rest around the recipe's own choices (as ts_published_run_dup_scenario ()) */
  s->micro_batch = defaults->micro_batch;
  s->checkpointing = defaults->checkpointing;
  s->sequence_parallel = defaults->sequence_parallel;
  ts_recommend (catalog, s, options);
  if (options->len != 1)
    return 0;
  o = &g_array_index (options, TsOption, 0);
  return o->layout_gpus > 0 ? o->step.tokens_per_second / o->layout_gpus : 0;
}

gboolean
ts_published_run_check (const TsCatalog      *catalog,
                        const TsPublishedRun *run,
                        gboolean              free_layout,
                        TsRunCheck           *check)
{
  g_autoptr(TsScenario) s = run_scenario (catalog, run);
  const TsGpu *g = ts_catalog_find_gpu (catalog, run->gpu_id);
  const TsInterconnect *link;
  TsStepInput in = { 0 };
  guint accumulation;
  double per_token;

  memset (check, 0, sizeof *check);
  if (s == NULL || g == NULL)
    return FALSE;
  link = ts_catalog_find_interconnect (catalog, g->interconnect_id);

  in.gradient_bytes = 2;
  in.weight_bytes = 2;
  in.activation_bytes = 2;
  in.sync_params = s->model.params;
  in.layers = s->model.arch.layers;
  in.moe_layers = s->model.arch.experts > 0 ? s->model.arch.layers - s->model.arch.dense_layers : 0;
  in.hidden_size = s->model.arch.hidden_size;
  in.seq_len = run->seq_len;
  in.active_experts = s->model.arch.active_experts;
  ts_step_input_set_model (&in, s);
  in.ep_overlap = run->ep_overlap;
  in.moe_static_shapes = run->token_drop;
  in.zero_bubble = run->zero_bubble;
  if (run->cuda_graphs)
    in.host_op_seconds = 0;
  if (run->balanced)
    in.load_imbalance = 1.0;
  in.recompute_factor = ts_recompute_mfu_factor (s);
  in.full_recompute = run->checkpointing == TS_CHECKPOINTING_FULL;
  in.selective_recompute = run->checkpointing == TS_CHECKPOINTING_SELECTIVE;
  in.gpus = run->gpus;
  in.tp = run->tp;
  in.pp = run->pp;
  in.dp = run->dp;
  in.ep = run->ep;
  in.cp = MAX (1u, run->cp);
  in.zero_stage = run->zero_stage;
  in.virtual_stages = run->vp;
  in.micro_batch = run->micro_batch;
  accumulation = MAX (1u, run->global_batch / (run->micro_batch * run->dp));
  in.micro_batches = accumulation;
  in.sequence_parallel = run->sequence_parallel;
  in.peak_flops = peak_tflops (g, run->precision) * 1e12;
  in.attention_peak_flops = g->tflops_bf16 * 1e12;
  in.kernel_efficiency = efficiency (catalog, g, run->precision);
  in.hbm_bytes_s = g->memory_bw_tb_s * 1e12;
  in.gpus_per_server = run->gpus_per_server;
  in.intra_bytes_s = ts_scale_up_bytes_s (run->intra_gb_s > 0 ? run->intra_gb_s : link != NULL ? link->bw_gb_s_unidir : 0);
  in.inter_bytes_s = run->nic_gbps / 8 * 1e9;
  per_token = ts_model_flops_per_token (s);
  in.model_flops = per_token * (double) run->micro_batch * accumulation * run->dp * run->seq_len;
  ts_step_compute (&in, &check->step);

  check->predicted = check->step.tokens_per_second / run->gpus;
  check->published = run->published_tokens > 0 ? run->published_tokens : run->published_tflops * 1e12 / per_token;
  check->ratio = check->published > 0 ? check->predicted / check->published : 0;
  check->mfu = check->predicted * per_token / (peak_tflops (g, run->precision) * 1e12);
  if (free_layout && run->server_id != NULL)
    check->free_layout = free_layout_tokens (catalog, run, s);
  check->recipe = check->predicted;
  for (guint i = 0; free_layout && i < G_N_ELEMENTS (runs); i++)
    {
      TsRunCheck other;

      if (&runs[i] != run && ts_published_runs_same_job (run, &runs[i])
          && ts_published_run_check (catalog, &runs[i], FALSE, &other))
        check->recipe = MAX (check->recipe, other.predicted);
    }
  return TRUE;
}

gboolean
ts_published_runs_same_job (const TsPublishedRun *a,
                            const TsPublishedRun *b)
{
  return g_strcmp0 (a->model_id, b->model_id) == 0 && g_strcmp0 (a->gpu_id, b->gpu_id) == 0
         && a->gpus == b->gpus && a->precision == b->precision && a->seq_len == b->seq_len
         && a->global_batch == b->global_batch && a->token_drop == b->token_drop;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

void
ts_published_runs_summary (const TsCatalog *catalog,
                           TsRunSet         set,
                           double          *median,
                           double          *worst,
                           guint           *count)
{
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));

  *median = *worst = 0;
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      TsRunCheck c;

      if (runs[i].set != set || !ts_published_run_check (catalog, &runs[i], FALSE, &c))
        continue;
      g_array_append_val (ratios, c.ratio);
      /* the worst is the farthest from 1 either way: 0.5 and 2 alike */
      if (*worst == 0 || fabs (log (c.ratio)) > fabs (log (*worst)))
        *worst = c.ratio;
    }
  *count = ratios->len;
  if (ratios->len == 0)
    return;
  g_array_sort (ratios, compare_double);
  *median = ratios->len % 2 == 1 ? g_array_index (ratios, double, ratios->len / 2)
            : (g_array_index (ratios, double, ratios->len / 2 - 1) + g_array_index (ratios, double, ratios->len / 2)) / 2;
}

static const char *
family_name (const TsCatalog *catalog,
             const char      *gpu_id)
{
  const TsGpu *g = ts_catalog_find_gpu (catalog, gpu_id);

  return g != NULL ? g->name : gpu_id;
}

static void
markdown_set (const TsCatalog *catalog,
              GString         *out,
              TsRunSet         set)
{
  double median, worst;
  guint count;

  g_string_append (out, "| run | model | system | layout (tp·pp·dp·ep, vp, mb × gbs) | precision | published tok/s/GPU | predicted | predicted/published | planner's layout / published | planner's layout / recipe, predicted | source |\n"
                        "|---|---|---|---|---|---:|---:|---:|---:|---:|---|\n");
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      const TsPublishedRun *r = &runs[i];
      g_autofree char *free_ratio = NULL;
      g_autofree char *recipe_ratio = NULL;
      g_autofree char *cp_degree = NULL;
      g_autofree char *cp = NULL;
      TsRunCheck c;

      if (r->set != set || !ts_published_run_check (catalog, r, TRUE, &c))
        continue;
      free_ratio = c.free_layout > 0 ? g_strdup_printf ("%.2f", c.free_layout / c.published) : g_strdup ("–");
      recipe_ratio = c.free_layout > 0 ? g_strdup_printf ("%.2f", c.free_layout / c.recipe) : g_strdup ("–");
      /* after the degrees: context parallelism, token dropping */
      cp_degree = r->cp > 1 ? g_strdup_printf (" · cp %u", r->cp) : g_strdup ("");
      cp = g_strconcat (cp_degree, r->token_drop ? " · token drop" : "", NULL);
      g_string_append_printf (out, "| %s | %s | %s (%s) | %u·%u·%u·%u%s, %u, %u × %u | %s | %.0f%s | %.0f | %.2f | %s | %s | %s |\n",
                              r->id, r->model_id, r->system, family_name (catalog, r->gpu_id),
                              r->tp, r->pp, r->dp, r->ep, cp, r->vp, r->micro_batch, r->global_batch,
                              r->precision == TS_PRECISION_FP8 ? "FP8" : "BF16",
                              c.published, r->published_tflops > 0 ? " (from TFLOP/s)" : "",
                              c.predicted, c.ratio, free_ratio, recipe_ratio, r->source);
    }
  ts_published_runs_summary (catalog, set, &median, &worst, &count);
  g_string_append_printf (out, "\n%u runs: median %.2f, worst %.2f.\n", count, median, worst);
}

char *
ts_published_runs_markdown (const TsCatalog *catalog)
{
  GString *out = g_string_new (NULL);

  g_string_append (out, "#### Calibration set (the family efficiencies were chosen on these)\n\n");
  markdown_set (catalog, out, TS_RUN_CALIBRATION);
  g_string_append (out, "\n#### Hold-out set (never used to choose a constant)\n\n");
  markdown_set (catalog, out, TS_RUN_HOLD_OUT);
  g_string_append (out, "\n#### Held out by issue 29 (reported, never fitted)\n\n");
  markdown_set (catalog, out, TS_RUN_ISSUE_CHECK);
  return g_string_free (out, FALSE);
}
