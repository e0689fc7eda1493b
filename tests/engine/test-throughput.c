/* test-throughput.c — each term of the step-time model by hand
 *
 * Every expected value is worked out in the comment above it from the
 * formulas of docs/sizing-model.md §8.1 (Megatron-LM's collectives, the 1F1B
 * bubble, ring all-reduce volumes), with round figures: a layer's input
 * of 1 × 2,048 × 8,192 × 2 bytes = 33,554,432 B, NVLink 450 GB/s and a
 * 400 Gb/s NIC per GPU (50 GB/s) per direction.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "ts-test-support.h"
#include "ts-options.h"

#define LAYER_INPUT_BYTES 33554432.0   /* 1 × 2,048 × 8,192 × 2 */

/* 8 GPUs of one server, 10 s of compute: 4e16 FLOPs at 8 × 1e15 × 0.5. */
static void
base_input (TsStepInput *in)
{
  *in = (TsStepInput) { 0 };
  in->model_flops = 4e16;
  in->recompute_factor = 1.0;
  in->sync_params = 1e9;
  in->gradient_bytes = 2;
  in->weight_bytes = 2;
  in->activation_bytes = 2;
  in->layers = 80;
  in->hidden_size = 8192;
  in->seq_len = 2048;
  in->gpus = 8;
  in->tp = 1;
  in->pp = 1;
  in->dp = 8;
  in->ep = 1;
  in->virtual_stages = 1;
  in->micro_batch = 1;
  in->micro_batches = 4;
  in->zero_stage = 1;
  in->peak_flops = 1e15;
  in->kernel_efficiency = 0.5;
  in->gpus_per_server = 8;
  in->intra_bytes_s = 450e9;
  in->inter_bytes_s = 50e9;
}

/* compute = 4e16 / (8 × 1e15 × 0.5) = 10 s; with full recomputation
 * (factor 6/8) 13.33 s. Tokens per step = 1 × 4 × 8 × 2,048 = 65,536. */
static void
test_compute (void)
{
  TsStepInput in;
  TsStep step;

  base_input (&in);
  in.sync_params = 0;
  ts_step_compute (&in, &step);
  ts_assert_close (step.compute, 10.0, 1e-12);
  ts_assert_close (step.seconds, 10.0, 1e-12);
  ts_assert_close (step.step_factor, 1.0, 1e-12);
  ts_assert_close (step.tokens, 65536, 1e-12);
  ts_assert_close (step.tokens_per_second, 6553.6, 1e-12);

  in.recompute_factor = 6.0 / 8.0;
  ts_step_compute (&in, &step);
  ts_assert_close (step.compute, 40.0 / 3.0, 1e-12);
}

/* TP 8 within the server, 80 layers, 4 micro-batches: 4 all-reduces per
 * layer × 80 × 4 = 1,280, each moving 2 × 7/8 × 33,554,432 B =
 * 58,720,256 B per GPU: 75,161,927,680 B / 450e9 B/s = 0.167026506 s.
 * Full recomputation runs the forward pair again: 6 per layer, × 1.5. */
static void
test_tensor_parallel (void)
{
  TsStepInput in;
  TsStep step;

  base_input (&in);
  in.tp = 8;
  in.dp = 1;
  ts_step_compute (&in, &step);
  ts_assert_close (step.tp_comm, 75161927680.0 / 450e9, 1e-12);
  ts_assert_close (step.seconds, step.compute + 75161927680.0 / 450e9, 1e-12);

  in.full_recompute = TRUE;
  ts_step_compute (&in, &step);
  ts_assert_close (step.tp_comm, 1.5 * 75161927680.0 / 450e9, 1e-12);

  /* block recomputation of 3 of 8 layers: 4 + 2 · 3/8 = 4.75 collectives
   * per layer, × 4.75/4 = 1.1875 */
  in.full_recompute = FALSE;
  in.recompute_share = 3.0 / 8.0;
  ts_step_compute (&in, &step);
  ts_assert_close (step.tp_comm, 1.1875 * 75161927680.0 / 450e9, 1e-12);
  in.recompute_share = 0;

  /* no tensor parallelism, no all-reduce */
  in.tp = 1;
  ts_step_compute (&in, &step);
  g_assert_cmpfloat (step.tp_comm, ==, 0);
}

/* PP 4 in one server, 8 micro-batches: bubble = 10 s × 3 / 8 = 3.75 s, a
 * share 3 / (8 + 3) of the step (Narayanan et al. 2021), a third of it
 * with a zero-bubble schedule; interleaved with
 * v = 2: 10 × 3 / 16 = 1.875 s. Sends: 8 micro-batches × v × 2
 * (activation forward, gradient backward) × 33,554,432 B over NVLink:
 * v = 1 → 536,870,912 B / 450e9 = 0.001193046 s. */
static void
test_pipeline (void)
{
  TsStepInput in;
  TsStep step;

  base_input (&in);
  in.sync_params = 0;
  in.pp = 4;
  in.dp = 2;
  in.micro_batches = 8;
  ts_step_compute (&in, &step);
  ts_assert_close (step.pp_bubble, 3.75, 1e-12);
  ts_assert_close (step.pp_bubble / (step.compute + step.pp_bubble), 3.0 / 11.0, 1e-12);
  ts_assert_close (step.pp_comm, 536870912.0 / 450e9, 1e-12);

  /* a zero-bubble schedule (ZB-H1, Qi et al. 2024 §3): (p − 1) × (F + B −
   * W) per micro-batch, the weight gradients W being 2 of the 6 FLOPs
   * per parameter and token: (10 − 2 × 10/3) × 3 / 8 = 1.25 s, a third */
  in.zero_bubble = TRUE;
  ts_step_compute (&in, &step);
  ts_assert_close (step.pp_bubble, 1.25, 1e-12);
  in.zero_bubble = FALSE;

  in.virtual_stages = 2;
  ts_step_compute (&in, &step);
  ts_assert_close (step.pp_bubble, 1.875, 1e-12);
  ts_assert_close (step.pp_comm, 2 * 536870912.0 / 450e9, 1e-12);

  /* stages on different servers (64 GPUs, tp × dp = 16 per stage) send
   * over the NIC: 2 × 536,870,912 B / 50e9 */
  in.gpus = 64;
  in.dp = 16;
  ts_step_compute (&in, &step);
  ts_assert_close (step.pp_comm, 2 * 536870912.0 / 50e9, 1e-12);
}

/* Data parallel over 64 GPUs (8 servers: the group crosses them), 1e9
 * parameters, BF16 gradients, 3.2e17 FLOPs: 10 s of compute again.
 * ZeRO-1 moves 2 × 63/64 × 1e9 × 2 B = 3.9375e9 B through each GPU's
 * ring. With tp 1 the group has all 8 GPUs of every server: NCCL runs a
 * ring per NIC, each NIC carries 1/8 of the traffic (0.4921875e9 B) and
 * the ring moves 8 × 50 = 400 GB/s, under NVLink's 450:
 * 3.9375e9 / 400e9 = 9.84375 ms, hidden by the last micro-batch's
 * backward (2/3 × 10 s / 4 = 1.667 s). With tp 8 the group has one GPU
 * per server (tp × dp = 64 across 64 GPUs): all of its traffic goes
 * through its own NIC, 2 × 7/8 × (1e9 / 8) × 2 B = 0.4375e9 B at 50 GB/s
 * = 8.75 ms. With 1,000 micro-batches the window is 6.667 ms and
 * 8.75 − 6.667 = 2.0833 ms shows. ZeRO-3, tp 1, 4 micro-batches:
 * 4 × 63/64 × 1e9 × (2 × 2 + 2) B = 23.625e9 B at 400 GB/s = 59.0625 ms,
 * hidden by the 10 s of compute (prefetch). Inside one server the
 * ring runs at 450 GB/s. */
static void
test_data_parallel (void)
{
  TsStepInput in;
  TsStep step;

  base_input (&in);
  in.gpus = 64;
  in.dp = 64;
  in.model_flops = 3.2e17;
  ts_step_compute (&in, &step);
  ts_assert_close (step.compute, 10.0, 1e-12);
  ts_assert_close (step.dp_comm, 3.9375e9 / 400e9, 1e-12);
  g_assert_cmpfloat (step.dp_exposed, ==, 0);
  ts_assert_close (step.inter_bytes, 3.9375e9 / 8, 1e-12);

  /* a slower scale-up link than the server's NICs together bounds the
   * ring: 8 × 50 GB/s over a 300 GB/s link */
  in.intra_bytes_s = 300e9;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 3.9375e9 / 300e9, 1e-12);
  in.intra_bytes_s = 450e9;

  in.tp = 8;
  in.dp = 8;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 0.4375e9 / 50e9, 1e-12);
  ts_assert_close (step.inter_bytes, 0.4375e9, 1e-12);

  in.micro_batches = 1000;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_exposed, 0.4375e9 / 50e9 - 10.0 * 2.0 / 3.0 / 1000, 1e-9);
  ts_assert_close (step.inter_seconds, step.dp_exposed, 1e-12);
  /* the network verdict: 0.4375e9 B in 10% of the 10 s busy time */
  ts_assert_close (ts_step_network_needed (&step), 0.4375e9, 1e-12);

  in.tp = 1;
  in.dp = 64;
  in.micro_batches = 4;
  in.zero_stage = 3;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 23.625e9 / 400e9, 1e-12);
  g_assert_cmpfloat (step.dp_exposed, ==, 0);

  in.zero_stage = 1;
  in.gpus = 8;
  in.dp = 8;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 2 * 7.0 / 8 * 1e9 * 2 / 450e9, 1e-12);
  g_assert_cmpfloat (step.inter_bytes, ==, 0);
}

/* The MoE step of the expert-parallel tests: 32 layers, all MoE, top-2,
 * hidden 4,096, 4,096 tokens, one micro-batch, no gradients. */
static void
moe_input (TsStepInput *in)
{
  base_input (in);
  in->sync_params = 0;
  in->layers = 32;
  in->moe_layers = 32;
  in->hidden_size = 4096;
  in->seq_len = 4096;
  in->active_experts = 2;
  in->micro_batches = 1;
}

/* An all-to-all that leaves the server (docs/sizing-model.md §8.1): the
 * layer of test_expert_parallel below (a 33,554,432 B layer input, top-2,
 * 32 layers, 4 all-to-alls each, one micro-batch: a payload of
 * 4 × 32 × 33,554,432 × 2 = 8,589,934,592 B per rank) with EP 32 over
 * 4 servers of 8. Each rank sends 1/32 of it to each other rank: 7/32 to
 * the 7 on its server over NVLink (1,879,048,192 B, 4.18 ms at 450 GB/s)
 * and 24/32 to the 24 elsewhere through its NIC (6,442,450,944 B,
 * 128.85 ms at 50 GB/s), at once: 128.85 ms. With tp 8 the EP ranks are
 * a server apart and all 31/32 go through the NIC: 8,321,499,136 B,
 * 166.43 ms. */
static void
test_expert_parallel_across_servers (void)
{
  TsStepInput in;
  TsStep step;

  moe_input (&in);
  in.experts = 32;
  in.gpus = 32;
  in.dp = 32;
  in.ep = 32;
  ts_step_compute (&in, &step);
  ts_assert_close (step.ep_comm, 6442450944.0 / 50e9, 1e-12);
  ts_assert_close (step.inter_bytes, 6442450944.0, 1e-12);

  in.gpus = 256;
  in.tp = 8;
  ts_step_compute (&in, &step);
  ts_assert_close (step.ep_comm, 8321499136.0 / 50e9, 1e-12);
}

/* MoE, 32 layers all with 8 experts, top-2, EP 8 in one server, hidden
 * 4,096, 4,096 tokens: a layer input of 33,554,432 B. 4 all-to-alls per
 * layer × 32 layers × 33,554,432 B × 2 (top-k) × 7/8 (to other ranks) =
 * 7,516,192,768 B / 450e9 = 0.016702651 s. */
static void
test_expert_parallel (void)
{
  TsStepInput in;
  TsStep step;

  moe_input (&in);
  in.ep = 8;
  ts_step_compute (&in, &step);
  ts_assert_close (step.ep_comm, 7516192768.0 / 450e9, 1e-12);
  ts_assert_close (step.exposed_comm, 7516192768.0 / 450e9, 1e-12);

  /* one micro-batch: no other micro-batch computes while it waits, so
   * nothing hides the all-to-alls */
  ts_assert_close (step.ep_exposed, step.ep_comm, 1e-12);

  /* Four micro-batches, Megatron-Core's default: the dispatch and
   * combine stay on the critical path */
  in.micro_batches = 4;
  ts_step_compute (&in, &step);
  ts_assert_close (step.ep_exposed, step.ep_comm, 1e-12);

  /* Four micro-batches where the framework overlaps them (DualPipe's and
   * Megatron-Core's opt-in pairing of one
   * micro-batch's forward with another's backward): the all-to-alls are
   * 4 × 7,516,192,768 = 30,064,771,072 B, 66.81 ms at 450 GB/s; the
   * window is (m − 1)/m of the compute: of 10 s (4e16 FLOPs at
   * 8 × 1e15 × 0.5) 7.5 s, so all of it is hidden. */
  in.ep_overlap = TRUE;
  ts_step_compute (&in, &step);
  ts_assert_close (step.compute, 10, 1e-12);
  ts_assert_close (step.ep_comm, 30064771072.0 / 450e9, 1e-12);
  g_assert_cmpfloat (step.ep_exposed, ==, 0);
  ts_assert_close (step.exposed_comm, 0, 1e-12);

  /* With 4e13 FLOPs (10 ms of compute, a 7.5 ms window)
   * 66.81 − 7.5 = 59.31 ms stays exposed. */
  in.model_flops = 4e13;
  ts_step_compute (&in, &step);
  ts_assert_close (step.ep_exposed, 30064771072.0 / 450e9 - 0.0075, 1e-12);
  ts_assert_close (step.seconds, 0.01 + 30064771072.0 / 450e9 - 0.0075, 1e-12);

  /* Gradients of 1e9 parameters over the same NVLink (ZeRO-1, dp 8):
   * 2 × 7/8 × 1e9 × 2 B = 3.5e9 B, 7.778 ms, of which the last backward
   * (10 ms × 2/3 / 4 = 1.667 ms) hides 1.667 ms; the all-to-alls' window
   * loses what the gradients already use of the computation:
   * 7.5 − 1.667 = 5.833 ms. */
  in.sync_params = 1e9;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 3.5e9 / 450e9, 1e-12);
  ts_assert_close (step.dp_exposed, 3.5e9 / 450e9 - 0.01 * 2.0 / 3.0 / 4.0, 1e-12);
  ts_assert_close (step.ep_exposed, 30064771072.0 / 450e9 - (0.0075 - 0.01 * 2.0 / 3.0 / 4.0), 1e-12);

  /* a dense model has no all-to-all */
  in.moe_layers = 0;
  ts_step_compute (&in, &step);
  g_assert_cmpfloat (step.ep_comm, ==, 0);
}

/* The routed experts' gradients are reduced among the ranks that hold
 * the same experts (docs/sizing-model.md §8.1): 10e9 parameters of which
 * 8e9 are routed experts, dp 8, ZeRO-1, BF16 gradients.
 *   ep 1: all 10e9 over 8 ranks: 2 × 7/8 × 10e9 × 2 B = 35e9 B, 77.78 ms
 *         at 450 GB/s;
 *   ep 8: the 2e9 dense ones as before (7e9 B) and 8e9 / 8 = 1e9 expert
 *         parameters per GPU whose group is dp / ep = 1: nothing, so
 *         7e9 B, 15.56 ms;
 *   ep 4: and 8e9 / 4 = 2e9 over dp / ep = 2 ranks: 2 × 1/2 × 2e9 × 2 =
 *         4e9 B more, 11e9 B in all, 24.44 ms. */
static void
test_expert_gradients (void)
{
  TsStepInput in;
  TsStep step;

  base_input (&in);
  in.sync_params = 10e9;
  in.expert_sync_params = 8e9;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 35e9 / 450e9, 1e-12);
  in.ep = 8;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 7e9 / 450e9, 1e-12);
  in.ep = 4;
  ts_step_compute (&in, &step);
  ts_assert_close (step.dp_comm, 11e9 / 450e9, 1e-12);
}

/* One layer on one GPU, one micro-batch of `tokens` tokens, h = hidden,
 * at peak × efficiency and hbm bytes per second; the caller gives the
 * layer its parameters. */
static void
one_layer_input (TsStepInput *in,
                 double       hidden,
                 double       tokens,
                 double       peak,
                 double       efficiency,
                 double       hbm)
{
  *in = (TsStepInput) { 0 };
  in->recompute_factor = 1.0;
  in->activation_bytes = 2;
  in->gradient_bytes = 2;
  in->layers = 1;
  in->hidden_size = hidden;
  in->seq_len = tokens;
  in->gpus = 1;
  in->tp = in->pp = in->dp = in->ep = 1;
  in->micro_batch = 1;
  in->micro_batches = 1;
  in->peak_flops = peak;
  in->kernel_efficiency = efficiency;
  in->hbm_bytes_s = hbm;
}

/* One MoE layer of a 2,048-wide model on one GPU, 4,096 tokens in one
 * micro-batch: 1 PFLOPS peak at half of it, 2 TB/s of HBM. */
static void
one_moe_layer (TsStepInput *in)
{
  one_layer_input (in, 2048, 4096, 1e15, 0.5, 2e12);
  in->moe_layers = 1;
}

/* Operator classes on the roofline (docs/sizing-model.md §8.6), one layer,
 * one micro-batch of 4,096 tokens, peak 1e15 FLOP/s at 0.5, HBM 2e12 B/s
 * at 0.8 (1.6e12 B/s), BF16.
 *
 * A dense projection of h = 4,096 and 4 × 4,096² = 67,108,864 parameters:
 *   FLOPs 2 × 4,096 × 67,108,864 = 5.4976e11, at 5e14 FLOP/s 1.0995 ms;
 *   bytes 2 × (4,096 × 4,096 + 67,108,864 + 4,096 × 67,108,864 / 4,096)
 *   = 301,989,888 B, 0.1887 ms: compute-bound, 1.0995 ms forward, three
 *   times that with the backward's two GEMMs: 3.2985 ms.
 *
 * 128 experts of 3 × 2,048 × 768 = 4,718,592 parameters, top-8, h = 2,048,
 * ep 1: each expert gets 4,096 × 8 / 128 = 256 tokens:
 *   FLOPs 2 × 256 × 4,718,592 = 2.416e9, 4.832 µs;
 *   bytes 2 × (256 × 2,048 + 4,718,592 + 256 × 4,718,592 / 2,048)
 *   = 11,665,408 B, 7.291 µs: bound by the weights' bytes. × 128 experts
 *   × 1.25 imbalance × 3 = 3.4995 ms, where the FLOPs alone at the
 *   GEMM efficiency would take 128 × 4.832 µs × 3 = 1.855 ms. */
static void
test_operator_classes (void)
{
  TsStepInput in;
  TsStep step;

  one_layer_input (&in, 4096, 4096, 1e15, 0.5, 2e12);
  in.attention_params = 4.0 * 4096 * 4096;
  in.model_flops = 6.0 * in.attention_params * 4096;
  ts_step_compute (&in, &step);
  ts_assert_close (step.gemm, 3 * 5.49755813888e11 / 5e14, 1e-9);
  ts_assert_close (step.compute, step.gemm, 1e-12);
  /* all of it a large GEMM: the FLOPs view agrees */
  ts_assert_close (step.operator_factor, 1.0, 1e-9);

  in = (TsStepInput) { 0 };
  one_moe_layer (&in);
  in.experts = 128;
  in.active_experts = 8;
  in.expert_params = 3.0 * 2048 * 768;
  in.load_imbalance = 1.25;
  ts_step_compute (&in, &step);
  ts_assert_close (step.experts, 128 * 1.25 * 3 * 11665408.0 / 1.6e12, 1e-9);
  g_assert_cmpfloat (step.experts, >, 128 * 3 * 2 * 256 * in.expert_params / 5e14);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* One GEMM of m tokens, k = hidden and n outputs as a one-layer step:
 * the attention projections' slot, nothing else; its forward time is
 * a third of the step's GEMM class (a forward and two backward). */
static double
one_gemm_tflops (double m,
                 double n,
                 double k,
                 double peak,
                 double efficiency,
                 double hbm)
{
  TsStepInput in;
  TsStep step;

  one_layer_input (&in, k, m, peak, efficiency, hbm);
  in.gemm_operand_bytes = 1;
  in.attention_params = n * k;
  in.model_flops = 6.0 * n * k * m;
  ts_step_compute (&in, &step);
  return 2.0 * m * n * k / (step.gemm / 3.0) / 1e12;
}

/* The GEMM roofline in FP8 against measured kernels: DeepGEMM's README
 * (deepseek-ai/DeepGEMM, 2025-02-25, "Normal GEMMs for dense models",
 * H800 with NVCC 12.8, FP8 inputs, BF16 output), 18 shapes from a
 * weight-bound M = 64 to M = 4,096, at the H800's datasheet FP8 peak
 * (1,979 TFLOPS dense, the H100 SXM's), 3.35 TB/s of HBM and the
 * catalog's Hopper FP8 efficiency. An FP8 GEMM reads one-byte operands:
 * counted as two bytes, the weight-bound small-M shapes come out too
 * slow and the median at 0.73 (docs/sizing-model.md §8.6). */
static void
test_gemm_roofline_fp8 (void)
{
  static const double shapes[][4] = {  /* M, N, K, measured TFLOPS */
    { 64, 2112, 7168, 206 }, { 64, 24576, 1536, 289 }, { 64, 32768, 512, 219 },
    { 64, 7168, 16384, 336 }, { 64, 4096, 7168, 287 }, { 64, 7168, 2048, 295 },
    { 128, 2112, 7168, 352 }, { 128, 24576, 1536, 535 }, { 128, 32768, 512, 358 },
    { 128, 7168, 16384, 645 }, { 128, 4096, 7168, 533 }, { 128, 7168, 2048, 510 },
    { 4096, 2112, 7168, 1058 }, { 4096, 24576, 1536, 990 }, { 4096, 32768, 512, 590 },
    { 4096, 7168, 16384, 1358 }, { 4096, 4096, 7168, 1304 }, { 4096, 7168, 2048, 1025 },
  };
  g_autoptr(TsCatalog) catalog = ts_test_catalog ();
  double efficiency = ts_catalog_get_mfu (catalog, "hopper", "fp8");
  double ratios[G_N_ELEMENTS (shapes)];
  guint within = 0;

  g_assert_cmpfloat (efficiency, >, 0);
  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      ratios[i] = one_gemm_tflops (shapes[i][0], shapes[i][1], shapes[i][2], 1979e12, efficiency, 3.35e12)
                  / shapes[i][3];
      g_test_message ("M %g N %g K %g: predicted / measured %.2f", shapes[i][0], shapes[i][1], shapes[i][2],
                      ratios[i]);
      within += ratios[i] >= 0.75 && ratios[i] <= 1.33;
    }
  qsort (ratios, G_N_ELEMENTS (ratios), sizeof ratios[0], compare_doubles);
  /* the median of 18, and two thirds of the shapes in the band the
   * published runs are held to */
  g_assert_cmpfloat ((ratios[8] + ratios[9]) / 2, >=, 0.9);
  g_assert_cmpfloat ((ratios[8] + ratios[9]) / 2, <=, 1.25);
  g_assert_cmpuint (within, >=, 12);
}

/* FP8 training keeps the output head a 16-bit GEMM (Megatron-LM's
 * output layer is no Transformer Engine module; torchtitan's Float8
 * conversion leaves "output" out). One layer whose projections are
 * 4,096 × 4,096 and a head of 128,256 × 4,096, on 8,192 tokens: the
 * projections' 2 × 8,192 × 16,777,216 = 2.749e11 FLOPs at the FP8 peak,
 * 2e15 × 0.5: 0.275 ms; the head's 2 × 8,192 × 525,336,576 = 8.607e12
 * FLOPs at the 16-bit peak, 1e15 × 0.5: 17.21 ms (at the FP8 peak it
 * would take half). Both are compute-bound: their operands and results,
 * 117 MB and 3.2 GB, take 0.07 and 2.0 ms at 1.6 TB/s. × 3 with the
 * backward. */
static void
test_head_in_fp8 (void)
{
  TsStepInput in;
  TsStep step;

  one_layer_input (&in, 4096, 8192, 2e15, 0.5, 2e12);
  in.gemm_operand_bytes = 1;
  in.attention_peak_flops = 1e15;
  in.attention_params = 4096.0 * 4096;
  in.head_params = 128256.0 * 4096;
  in.model_flops = 6.0 * (in.attention_params + in.head_params) * 8192;
  ts_step_compute (&in, &step);
  ts_assert_close (step.gemm, 3 * (2 * 8192 * 16777216.0 / 1e15 + 2 * 8192 * 525336576.0 / 5e14), 1e-9);
}

/* The host's wait (docs/sizing-model.md §8.8), by hand: one MoE layer
 * of 128 experts on one GPU (ep 1), 38 kernels of its own and 2 per
 * expert forward, 15 µs each, forward plus backward (× 3), one
 * micro-batch: (38 + 2 × 128) × 3 × 15 µs = 13.23 ms of issuing. The
 * GPU side is the operator-class example above (experts only: 128 ×
 * 1.25 × 3 × 11,665,408 / 1.6e12 = 3.50 ms), so the GPUs wait
 * 13.23 − 3.50 ms; with ep 8 (16 local experts) the host issues
 * (38 + 32) × 3 × 15 µs = 3.15 ms. */
static void
test_host_wait (void)
{
  TsStepInput in = { 0 };
  TsStep step;
  double issue;

  one_moe_layer (&in);
  in.experts = 128;
  in.active_experts = 8;
  in.expert_params = 3.0 * 2048 * 768;
  in.load_imbalance = 1.25;
  in.moe_layer_ops = 38;
  in.expert_ops = 2;
  in.host_op_seconds = 15e-6;
  ts_step_compute (&in, &step);
  issue = (38 + 2 * 128) * 3 * 15e-6;
  ts_assert_close (step.host_wait, issue - step.compute, 1e-12);
  ts_assert_close (step.seconds, issue, 1e-12);

  /* two micro-batches: twice the issuing, twice the GPU work */
  in.micro_batches = 2;
  ts_step_compute (&in, &step);
  ts_assert_close (step.host_wait, 2 * issue - step.compute, 1e-12);

  /* a dense model waits for nothing */
  in.moe_layers = 0;
  ts_step_compute (&in, &step);
  g_assert_cmpfloat (step.host_wait, ==, 0);

  /* enough GPU work per kernel hides the host: 1e18 FLOPs of a model
   * known only by its size make the compute far longer than 13 ms */
  in.moe_layers = 1;
  in.micro_batches = 1;
  in.expert_params = 3.0 * 2048 * 768 * 1000;
  ts_step_compute (&in, &step);
  g_assert_cmpfloat (step.compute, >, issue);
  g_assert_cmpfloat (step.host_wait, ==, 0);
}

/* The layer of the ordered queue's example below. */
static void
ordered_queue_layer (TsStepInput *in)
{
  one_moe_layer (in);
  in->attention_params = 4.0 * 2048 * 2048;
  in->attention_width = 4096;
  in->experts = 16;
  in->active_experts = 8;
  in->expert_params = 3.0 * 2048 * 64;
  in->load_imbalance = 1.25;
  in->moe_layer_ops = 4;
  in->expert_ops = 2;
  in->host_op_seconds = 15e-6;
}

/* The ordered queue (docs/sizing-model.md §8.8): between two syncs the
 * CPU issues the routed experts' kernels before the next attention
 * block, whose GPU work cannot hide them. One MoE layer, 16 experts on
 * one GPU, 4 kernels of the layer's own and 2 per expert at 15 µs: the
 * layer issues (4 + 32) × 15 µs = 0.54 ms forward, 1.62 ms with the
 * backward, of which the experts' 32 × 15 µs = 0.48 ms. The attention
 * block, 4,096 tokens through 4 × 2,048² projection weights at 1e15 ×
 * 0.5: 2 × 4,096 × 16,777,216 / 5e14 = 0.275 ms (compute-bound: its
 * bytes take (8.4M + 16.8M + 33.6M) × 2 / 1.6e12 = 0.073 ms), and its
 * core, 2 × 4,096² × 4,096 wide × ½ / 5e14 = 0.137 ms: 0.412 ms. With
 * GPU work of the layer (compute / 3) above 0.54 ms the totals hide the
 * host (the old rule: no wait), but each forward takes at least
 * 0.48 + 0.412 ms: the wait is that less the larger of the layer's host
 * and GPU time. */
static void
test_host_wait_ordered (void)
{
  TsStepInput in = { 0 };
  TsStep step;
  double attention_block = 2.0 * 4096 * 16777216.0 / 5e14 + 2.0 * 4096 * 4096 * 4096 * 0.5 / 5e14;
  double gpu_layer;

  ordered_queue_layer (&in);
  ts_step_compute (&in, &step);
  ts_assert_close (step.attention_block, attention_block, 1e-12);
  gpu_layer = step.compute / 3;
  g_assert_cmpfloat (gpu_layer, >, 0.54e-3);
  g_assert_cmpfloat (step.compute, >, 1.62e-3);
  ts_assert_close (step.host_wait, 0.48e-3 + attention_block - gpu_layer, 1e-12);
  ts_assert_close (step.seconds, step.compute + step.host_wait, 1e-12);
}

/* The sort by local expert (docs/sizing-model.md §8.6): a rank holding
 * more than one expert moves every top-k copy it receives twice more,
 * a read and a write each way. One MoE layer, 4,096 tokens, top-8,
 * hidden 2,048, 2-byte elements at 1.6e12 B/s (2e12 × 0.8): 4,096 × 4 ×
 * 8 × 2,048 × 2 / 1.6e12 = 0.671 ms forward, × 3 with the backward. With
 * 16 experts over 16 ranks (one each) there is no sort. */
static void
test_local_sort (void)
{
  TsStepInput in = { 0 };
  TsStep with_sort, without, one_each;

  one_moe_layer (&in);
  in.experts = 16;
  in.active_experts = 8;
  in.expert_params = 3.0 * 2048 * 64;
  in.load_imbalance = 1.0;
  in.local_sort_elements = 4.0 * 8 * 2048;
  in.ep = 16;
  in.dp = 16;
  in.gpus = 16;
  in.gpus_per_server = 16;
  in.ep = 8;
  ts_step_compute (&in, &with_sort);
  in.local_sort_elements = 0;
  ts_step_compute (&in, &without);
  ts_assert_close (with_sort.memory_bound - without.memory_bound, 3 * 4096.0 * 4 * 8 * 2048 * 2 / 1.6e12, 1e-12);
  /* one expert per GPU: nothing to sort */
  in.local_sort_elements = 4.0 * 8 * 2048;
  in.ep = 16;
  ts_step_compute (&in, &one_each);
  ts_assert_close (one_each.memory_bound, without.memory_bound, 1e-15);
}

/* Token dropping with padded expert inputs (docs/sizing-model.md §8.8):
 * static shapes, no sync, the CPU runs ahead over the whole step. The
 * ordered queue's example above then waits for nothing (its host, 1.62
 * ms, is below the GPU's compute); and the host-bound example of
 * /throughput/host-wait still waits, for 13.23 ms of issuing less the
 * whole step's GPU work. */
static void
test_host_wait_static_shapes (void)
{
  TsStepInput in = { 0 };
  TsStep step;
  double issue = (38 + 2 * 128) * 3 * 15e-6;

  ordered_queue_layer (&in);
  in.moe_static_shapes = TRUE;
  ts_step_compute (&in, &step);
  g_assert_cmpfloat (step.compute, >, 1.62e-3);
  g_assert_cmpfloat (step.host_wait, ==, 0);
  ts_assert_close (step.seconds, step.compute, 1e-12);

  in.experts = 128;
  in.attention_params = 0;
  in.attention_width = 0;
  in.expert_params = 3.0 * 2048 * 768;
  in.moe_layer_ops = 38;
  ts_step_compute (&in, &step);
  g_assert_cmpfloat (step.compute, <, issue);
  ts_assert_close (step.host_wait, issue - step.compute, 1e-12);
  ts_assert_close (step.seconds, issue, 1e-12);
}

/* Context parallelism (docs/sizing-model.md §8.9), by hand: 80 layers,
 * s = 131,072, b = 1, cp 16, tp 8, K and V of 8 heads × 128 = 1,024
 * each: a chunk is 131,072 / 16 × 2 × 1,024 × 2 B / 8 = 4,194,304 B;
 * each layer passes 15 of them forward and twice backward: 80 × 15 × 3 ×
 * 4,194,304 B = 15,099,494,400 B, 33.55 ms at 450 GB/s (cp × tp = 128
 * GPUs: past one server, 50 GB/s: 302 ms). Its tokens per GPU are
 * 1/16 of the sequence's: the step's tokens do not change. */
static void
test_context_parallel (void)
{
  TsStepInput in;
  TsStep step, alone;

  base_input (&in);
  in.seq_len = 131072;
  in.tp = 8;
  in.dp = 1;
  in.micro_batches = 1;
  in.gpus = 8;
  in.kv_width = 1024;
  in.sync_params = 0;
  ts_step_compute (&in, &alone);
  g_assert_cmpfloat (alone.cp_comm, ==, 0);
  in.cp = 16;
  in.gpus = 128;
  in.gpus_per_server = 128;
  ts_step_compute (&in, &step);
  ts_assert_close (step.cp_comm, 15099494400.0 / 450e9, 1e-12);
  ts_assert_close (step.tokens, alone.tokens, 1e-12);
  /* a model known only by its size has no attention core to hide it */
  ts_assert_close (step.cp_exposed, step.cp_comm, 1e-12);
  in.gpus_per_server = 8;
  ts_step_compute (&in, &step);
  ts_assert_close (step.cp_comm, 15099494400.0 / 50e9, 1e-12);
  /* the attention core hides it: 1e16 FLOPs of attention width */
  in.attention_width = 2.0 * 2 * 8192;
  in.attention_params = 4.0 * 8192 * 8192;
  in.hbm_bytes_s = 3e12;
  ts_step_compute (&in, &step);
  g_assert_cmpfloat (step.attention, >, step.cp_comm);
  g_assert_cmpfloat (step.cp_exposed, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/throughput/compute", test_compute);
  g_test_add_func ("/throughput/tensor-parallel", test_tensor_parallel);
  g_test_add_func ("/throughput/pipeline", test_pipeline);
  g_test_add_func ("/throughput/data-parallel", test_data_parallel);
  g_test_add_func ("/throughput/expert-parallel", test_expert_parallel);
  g_test_add_func ("/throughput/expert-parallel-across-servers", test_expert_parallel_across_servers);
  g_test_add_func ("/throughput/expert-gradients", test_expert_gradients);
  g_test_add_func ("/throughput/operator-classes", test_operator_classes);
  g_test_add_func ("/throughput/gemm-roofline-fp8", test_gemm_roofline_fp8);
  g_test_add_func ("/throughput/head-in-fp8", test_head_in_fp8);
  g_test_add_func ("/throughput/host-wait", test_host_wait);
  g_test_add_func ("/throughput/host-wait-ordered", test_host_wait_ordered);
  g_test_add_func ("/throughput/host-wait-static-shapes", test_host_wait_static_shapes);
  g_test_add_func ("/throughput/local-sort", test_local_sort);
  g_test_add_func ("/throughput/context-parallel", test_context_parallel);
  return g_test_run ();
}
