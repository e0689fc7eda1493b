#!/usr/bin/env python3
# test-export.py — trainsizer-cli export, parsed back the way each framework
# reads its file (JSON, YAML with python3-yaml, shell words with shlex) and
# checked against the layout of the option `estimate` shows for the same
# scenario; and config.json import through --model-file, with refusals.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Tap, check  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--cli", required=True)
parser.add_argument("--hf", required=True, help="directory of the config.json fixtures")
args = parser.parse_args()

tap = Tap()

SCENARIOS = {
    "70b-full": ["--model", "llama-3.1-70b", "--method", "full"],
    "70b-tp2-pp2": ["--model", "llama-3.1-70b", "--method", "full", "--tp", "2", "--pp", "2", "--micro-batch", "2"],
    "70b-offload": ["--model", "llama-3.1-70b", "--method", "full", "--offload", "optimizer"],
    "8b-qlora": ["--model", "llama-3.1-8b", "--method", "qlora", "--lora-rank", "32", "--seq-len", "4096"],
    "deepseek-v3": ["--model", "deepseek-v3", "--method", "full"],
    "qwen3-30b-a3b": ["--model", "qwen3-30b-a3b", "--method", "full"],
}
HF_IDS = {"llama-3.1-70b": "meta-llama/Llama-3.1-70B", "llama-3.1-8b": "meta-llama/Llama-3.1-8B",
          "deepseek-v3": "deepseek-ai/DeepSeek-V3", "qwen3-30b-a3b": "Qwen/Qwen3-30B-A3B"}


def run(argv, expect=0):
    result = subprocess.run([args.cli] + argv, capture_output=True, text=True,
                            env=dict(os.environ, LANGUAGE="en"))
    check(result.returncode == expect, (argv, result.returncode, result.stderr))
    return result


def shown_option(scenario):
    plan = json.loads(run(["estimate", "--format", "json"] + SCENARIOS[scenario]).stdout)
    options = plan["options"]
    shown = next((o for o in options if o["recommended"]), options[0])
    return plan, shown


def option_value(argv, name):
    return argv[argv.index(name) + 1]


def export(scenario, fmt):
    """The file, or None when the format cannot write the plan: refused
    with exit 1, the reason and the formats that can (issue 26)."""
    result = subprocess.run([args.cli, "export", "--format", fmt] + SCENARIOS[scenario], capture_output=True,
                            text=True, env=dict(os.environ, LANGUAGE="en"))
    if result.returncode == 1 and "Cannot export to " + fmt in result.stderr:
        if "Formats that can: " not in result.stderr:
            raise AssertionError(result.stderr)
        return None
    if result.returncode != 0:
        raise AssertionError((fmt, scenario, result.returncode, result.stderr))
    return result.stdout


def sharding(layout, offload):
    """Which distributed backend the layout needs (ts-export.c, choose_sharding)."""
    if layout["gpus"] <= 1:
        return "NO"
    if offload or layout["zero_stage"] == 1:
        return "DEEPSPEED"
    if layout["zero_stage"] == 0:
        return "MULTI_GPU"
    return "FSDP"


def check_scenario(scenario):
    plan, option = shown_option(scenario)
    layout = option["layout"]
    argv = SCENARIOS[scenario]
    # the planner's micro-batch, the user's where given
    micro = layout["micro_batch"]
    if "--micro-batch" in argv:
        check(micro == int(option_value(argv, "--micro-batch")))
    seq = int(option_value(argv, "--seq-len")) if "--seq-len" in argv else 2048
    method = option_value(argv, "--method")
    # the default global batch (docs/sizing-model.md §8.2): 4,194,304 tokens for
    # full training, 64 sequences for LoRA/QLoRA, in whole micro-batches
    batch = round(4194304 / seq) if method == "full" else 64
    accumulation = -(-batch // (micro * layout["dp"]))
    check(layout["gradient_accumulation"] == accumulation, layout)
    checkpointing = layout["checkpointing"]
    offload = "--offload" in argv
    model_id = option_value(argv, "--model")
    check(layout["tp"] * layout["cp"] * layout["pp"] * layout["dp"] == option["gpus"], layout)

    texts = {fmt: export(scenario, fmt) for fmt in ("deepspeed", "accelerate", "axolotl", "llamafactory", "megatron")}
    if not any(t is not None for t in texts.values()):
        raise AssertionError(("no format writes", scenario))
    if texts["deepspeed"] is not None:
        check_deepspeed(texts["deepspeed"], micro, accumulation, batch, layout, offload)
    if texts["accelerate"] is not None:
        check_accelerate(texts["accelerate"], option, layout, offload, checkpointing)
    if texts["axolotl"] is not None:
        check_axolotl(texts["axolotl"], model_id, seq, micro, accumulation, checkpointing, method, argv, layout, offload)
    if texts["llamafactory"] is not None:
        check_llamafactory(texts["llamafactory"], model_id, method, seq, micro, accumulation, layout)
    if texts["megatron"] is not None:
        check_megatron(texts["megatron"], plan, layout, micro, accumulation, seq, checkpointing)


def check_deepspeed(text, micro, accumulation, batch, layout, offload):
    ds = json.loads(text)
    check(ds["train_micro_batch_size_per_gpu"] == micro)
    check(ds["gradient_accumulation_steps"] == accumulation)
    check(ds["train_batch_size"] == micro * accumulation * layout["dp"] >= batch)
    check(ds["zero_optimization"]["stage"] == layout["zero_stage"])
    check(("offload_optimizer" in ds["zero_optimization"]) == offload)
    check(ds["bf16"] == {"enabled": True} and ds["fp16"] == {"enabled": False})
    check(isinstance(ds["gradient_clipping"], float))


def check_accelerate(text, option, layout, offload, checkpointing):
    acc = yaml.safe_load(text)
    check(acc["num_machines"] == option["servers"])
    check(acc["num_processes"] == option["gpus"])
    check(acc["mixed_precision"] == "bf16")
    check(acc["distributed_type"] == sharding(layout, offload), (acc["distributed_type"], layout))
    if acc["distributed_type"] == "FSDP":
        fsdp = acc["fsdp_config"]
        check(fsdp["fsdp_version"] == 2)
        check(fsdp["fsdp_reshard_after_forward"] is (layout["zero_stage"] == 3))
        check(fsdp["fsdp_activation_checkpointing"] is (checkpointing == "full"))
        check(isinstance(fsdp["fsdp_transformer_layer_cls_to_wrap"], str))
    if acc["distributed_type"] == "DEEPSPEED":
        check(acc["deepspeed_config"]["zero_stage"] == layout["zero_stage"])
        check(acc["deepspeed_config"]["offload_optimizer_device"] == ("cpu" if offload else "none"))


def check_axolotl(text, model_id, seq, micro, accumulation, checkpointing, method, argv, layout, offload):
    ax = yaml.safe_load(text)
    check(ax["base_model"] == HF_IDS[model_id])
    check(ax["sequence_len"] == seq)
    check(ax["micro_batch_size"] == micro)
    check(ax["gradient_accumulation_steps"] == accumulation)
    check(ax["gradient_checkpointing"] is (checkpointing != "none"))
    check(ax["flash_attention"] is True and ax["bf16"] is True)
    if method == "full":
        check("adapter" not in ax)
    else:
        check(ax["adapter"] == method)
        check(ax["load_in_4bit"] is (method == "qlora"))
        check(ax["lora_r"] == int(option_value(argv, "--lora-rank")))
        check(ax["lora_target_linear"] is True)
    if sharding(layout, offload) == "FSDP":
        check(ax["fsdp_version"] == 2 and ax["fsdp_config"]["reshard_after_forward"] is (layout["zero_stage"] == 3))
    elif sharding(layout, offload) == "DEEPSPEED":
        check(ax["deepspeed"] == "ds_config.json")


def check_llamafactory(text, model_id, method, seq, micro, accumulation, layout):
    lf = yaml.safe_load(text)
    check(lf["model_name_or_path"] == HF_IDS[model_id])
    check(lf["finetuning_type"] == ("full" if method == "full" else "lora"))
    check(lf["cutoff_len"] == seq)
    check(lf["per_device_train_batch_size"] == micro)
    check(lf["gradient_accumulation_steps"] == accumulation)
    check(lf["bf16"] is True and lf["flash_attn"] == "fa2")
    check((lf.get("quantization_bit") == 4) == (method == "qlora"))
    check(("deepspeed" in lf) == (layout["gpus"] > 1 and layout["zero_stage"] > 0))


def check_megatron(text, plan, layout, micro, accumulation, seq, checkpointing):
    words = shlex.split(text, comments=True)
    check(int(option_value(words, "--tensor-model-parallel-size")) == layout["tp"])
    check(int(option_value(words, "--pipeline-model-parallel-size")) == layout["pp"])
    cp = int(option_value(words, "--context-parallel-size")) if "--context-parallel-size" in words else 1
    check(cp == layout["cp"])
    check(int(option_value(words, "--micro-batch-size")) == micro)
    check(int(option_value(words, "--global-batch-size")) == micro * accumulation * layout["dp"])
    check(int(option_value(words, "--seq-length")) == seq)
    arch = plan["model"]["architecture"]
    check(int(option_value(words, "--num-layers")) == arch["layers"])
    check(int(option_value(words, "--hidden-size")) == arch["hidden_size"])
    check(int(option_value(words, "--num-attention-heads")) == arch["attention_heads"])
    # the model built is the model sized: Qwen3's per-head query and key norms
    check(("--qk-layernorm" in words) == arch["qk_norm"])
    check("--bf16" in words)
    if checkpointing == "none":
        check("--recompute-granularity" not in words)
    else:
        check(option_value(words, "--recompute-granularity") == checkpointing)
    if arch["experts"] > 0:
        check(int(option_value(words, "--expert-model-parallel-size")) == layout["ep"])
        check(int(option_value(words, "--num-experts")) == arch["experts"])
        # the MoE path the time model counts (Megatron-LM defaults to the
        # allgather dispatcher and one MLP per expert)
        check(option_value(words, "--moe-token-dispatcher-type") == "alltoall")
        check("--moe-grouped-gemm" in words and "--moe-permute-fusion" in words)
    else:
        check("--moe-grouped-gemm" not in words)
    # The usage line's eval gives bash the same words as shlex.
    with tempfile.NamedTemporaryFile("w", suffix=".args") as f:
        f.write(text)
        f.flush()
        shell = subprocess.run(["bash", "-c", 'eval "set -- $(grep -v \'^#\' "$1" | tr \'\\n\' \' \')"; '
                                'printf "%s\\n" "$@"', "bash", f.name],
                               capture_output=True, text=True, check=True)
        check(shell.stdout.splitlines() == words)


for name in SCENARIOS:
    tap.case(f"export/{name}")(lambda name=name: check_scenario(name))


@tap.case("export/output-file")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ds.json")
        run(["export", "--format", "deepspeed", "--model", "llama-3.1-8b", "--output", path])
        with open(path, encoding="utf-8") as f:
            written = f.read()
        check(written == run(["export", "--format", "deepspeed", "--model", "llama-3.1-8b"]).stdout)
        json.loads(written)


@tap.case("export/usage-errors")
def _():
    check("--format" in run(["export", "--model", "llama-3.1-8b"], expect=2).stderr)
    check("yaml" in run(["export", "--format", "yaml", "--model", "llama-3.1-8b"], expect=2).stderr)
    run(["export", "--format", "deepspeed", "--model", "no-such-model"], expect=1)
    run(["export", "--format", "deepspeed", "--model", "llama-3.1-8b", "--tp", "x"], expect=2)
    run(["export", "--help"])


FORMATS = ["deepspeed", "accelerate", "axolotl", "llamafactory", "megatron"]


@tap.case("export/unknown-format")
def _():
    # the documented refusal: a usage error (status 2) that names the option
    # and the value, with nothing written; the five frameworks of --help
    for bad in ["yaml", "json", "DeepSpeed", ""]:
        result = run(["export", "--format", bad, "--model", "llama-3.1-8b"], expect=2)
        check(result.stdout == "", result.stdout)
        check("--format" in result.stderr and f"“{bad}”" in result.stderr, result.stderr)
        for name in FORMATS:
            check(name in result.stderr, result.stderr)
    # given on the command line before or after the model, with or without “=”
    for argv in (["--format=yaml", "--model", "llama-3.1-8b"], ["--model", "llama-3.1-8b", "--format", "yaml"]):
        check("“yaml”" in run(["export"] + argv, expect=2).stderr)
    # --format is given once, like every option
    check("twice" in run(["export", "--format", "megatron", "--format", "deepspeed", "--params", "7B"],
                          expect=2).stderr)


@tap.case("export/options-of-other-commands")
def _():
    # each is refused as not export's, not taken for estimate's
    for argv in (["--png", "x.png"], ["--customer", "Acme"], ["--drawing", "rack"], ["--width", "100"]):
        stderr = run(["export", "--format", "deepspeed", "--params", "7B"] + argv, expect=2).stderr
        check(argv[0] in stderr and "command export" in stderr, stderr)


@tap.case("export/output-atomic")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ds.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write("the old file\n")
        os.chmod(path, 0o600)
        before = os.stat(path)
        expected = run(["export", "--format", "deepspeed", "--model", "llama-3.1-8b"]).stdout
        # -o is --output's short name; --output=FILE the same
        for argv in (["-o", path], [f"--output={path}"], ["--output", path]):
            result = run(["export", "--format", "deepspeed", "--model", "llama-3.1-8b"] + argv)
            check(result.stdout == "", result.stdout)
            with open(path, encoding="utf-8") as f:
                check(f.read() == expected)
            after = os.stat(path)
            # a new file renamed over the old one (so a reader sees the old
            # file or the new one, never half of it), keeping its mode, and
            # no temporary file left beside it
            check(after.st_ino != before.st_ino)
            check(after.st_mode & 0o777 == 0o600, oct(after.st_mode))
            check(os.listdir(tmp) == ["ds.json"], os.listdir(tmp))
            before = after
        # a folder where the file should be: refused with the name given,
        # the folder left as it was
        folder = os.path.join(tmp, "folder")
        os.mkdir(folder)
        stderr = run(["export", "--format", "deepspeed", "--model", "llama-3.1-8b", "--output", folder],
                     expect=1).stderr
        check(f"“{folder}”" in stderr, stderr)
        check(os.listdir(folder) == [], os.listdir(folder))


@tap.case("export/output-not-an-input")
def _():
    # the output must not overwrite the file the model is read from
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "config.json")
        with open(os.path.join(args.hf, "llama-3.1-8b.json"), encoding="utf-8") as f:
            original = f.read()
        with open(model, "w", encoding="utf-8") as f:
            f.write(original)
        stderr = run(["export", "--format", "deepspeed", "--model-file", model, "--output", model], expect=2).stderr
        check("--output" in stderr and "--model-file" in stderr, stderr)
        with open(model, encoding="utf-8") as f:
            check(f.read() == original)


@tap.case("export/catalog-refused")
def _():
    # a catalog named with --catalog that cannot be read fails the command,
    # as for estimate: no configuration from the built-in catalog instead
    with tempfile.TemporaryDirectory() as tmp:
        missing = os.path.join(tmp, "missing.json")
        result = run(["export", "--format", "deepspeed", "--params", "7B", "--catalog", missing], expect=1)
        check(result.stdout == "" and "missing.json" in result.stderr, result)


@tap.case("export/help")
def _():
    for argv in (["export", "--help"], ["export", "-h"], ["help", "export"],
                 # --help wins over a bad value or a missing --format
                 ["export", "--tp", "x", "--help"], ["export", "--format", "yaml", "-h"]):
        result = run(argv)
        out = result.stdout
        check(result.stderr == "", result.stderr)
        check("trainsizer-cli export --format deepspeed|accelerate|axolotl|llamafactory|megatron" in out, out)
        # its own options, the scenario's, and not those of other commands
        check("--format=" in out and "-o, --output=" in out, out)
        check("--seq-len=" in out and "--model=" in out, out)
        for other in ("--png", "--customer", "--drawing", "json|text"):
            check(other not in out, (other, out))
    # the whole help names the command too
    check("trainsizer-cli export --format" in run(["--help"]).stdout)


@tap.case("export/russian-comments")
def _():
    text = run(["export", "--format", "axolotl", "--model", "llama-3.1-8b", "--lang", "ru"]).stdout
    comments = [line for line in text.splitlines() if line.startswith("#")]
    check(any("Градиент" in line or "градиент" in line for line in comments), comments)
    yaml.safe_load(text)


@tap.case("import/model-source")
def _():
    plan = json.loads(run(["estimate", "--format", "json", "--model-file",
                           os.path.join(args.hf, "llama-3.1-8b.json")]).stdout)
    model = plan["model"]
    check(model["params"] == 8030261248)  # 8.03 B, derived in tests/engine/test-hf-config.c
    source = model["source"]
    check(source["format"] == "huggingface-config")
    check(source["fields"]["layers"] == "num_hidden_layers")
    check(source["fields"]["kv_heads"] == "num_key_value_heads")
    check(source["layer_class"] == "LlamaDecoderLayer")


BAD_CONFIGS = {
    # heads do not divide hidden and head_dim is absent
    "num_attention_heads": {"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 4100,
                            "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 1024},
    # more experts per token than experts
    "num_experts_per_tok": {"model_type": "mixtral", "num_hidden_layers": 2, "hidden_size": 4096,
                            "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 1024,
                            "num_local_experts": 8, "num_experts_per_tok": 9},
    # KV heads do not divide the heads
    "num_key_value_heads": {"model_type": "qwen2", "num_hidden_layers": 2, "hidden_size": 4096,
                            "num_attention_heads": 32, "num_key_value_heads": 6, "vocab_size": 32000,
                            "intermediate_size": 1024},
    # a missing key
    "hidden_size": {"model_type": "mistral", "num_hidden_layers": 2, "num_attention_heads": 32,
                    "vocab_size": 32000, "intermediate_size": 1024},
}


@tap.case("import/refused")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        for key, config in BAD_CONFIGS.items():
            path = os.path.join(tmp, "config.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(config, f)
            for command in (["estimate"], ["export", "--format", "megatron"]):
                stderr = run(command + ["--model-file", path], expect=1).stderr
                check(f"“{key}”" in stderr and "config.json" in stderr, (key, stderr))


tap.run()
