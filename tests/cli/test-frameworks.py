#!/usr/bin/env python3
# test-frameworks.py — exported files over generated plans (issues 24 and 26):
# models × methods × servers × frameworks × counts. Every file a format
# writes parses, names only keys and values that exist in its framework's
# release (tests/data/framework-keys.json, taken from the frameworks' own
# source files with build-aux/framework-keys), and passes the framework's
# start-up checks; every format that does not write a plan is refused
# with the reason and the formats that can, which do; every plan that
# works exports to some format. Hostile names (YAML line breaks, control
# characters, YAML syntax) stay inside comments: the files parse to the
# same keys as with a plain name.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import itertools
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Tap, sweep  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--cli", required=True)
parser.add_argument("--keys", required=True, help="tests/data/framework-keys.json")
args = parser.parse_args()

tap = Tap()
with open(args.keys, encoding="utf-8") as f:
    KEYS = json.load(f)

FORMATS = ["deepspeed", "accelerate", "axolotl", "llamafactory", "megatron"]


class Failure(Exception):
    pass


def expect(condition, *what):
    if not condition:
        raise Failure(" ".join(str(w) for w in what))


def run(argv):
    return subprocess.run([args.cli] + argv, capture_output=True, text=True, env=dict(os.environ, LANGUAGE="en"))


def plan_of(argv):
    result = run(["estimate", "--format", "json"] + argv)
    expect(result.returncode == 0, argv, result.stderr)
    plan = json.loads(result.stdout)
    options = plan["options"]
    return plan, next((o for o in options if o["recommended"]), options[0])


# ---- start-up checks and key lists, per format ----------------------------


def check_keys(found, allowed, *where):
    unknown = sorted(set(found) - set(allowed))
    expect(not unknown, *where, "keys not in the framework's release:", unknown)


def check_deepspeed(text, option, plan):
    ds = json.loads(text)
    ref = KEYS["deepspeed"]
    layout = option["layout"]
    check_keys([k for k in ds if k != "_comment"], ref["top_level"], "deepspeed")
    check_keys(ds["zero_optimization"], ref["zero_optimization"], "deepspeed zero_optimization")
    for section in ("offload_optimizer", "offload_param"):
        if section in ds["zero_optimization"]:
            check_keys(ds["zero_optimization"][section], ref["offload"], "deepspeed", section)
    for section in ("bf16", "fp16"):
        check_keys(ds[section], ref["precision"], "deepspeed", section)
    # DeepSpeed runs no model parallelism from this file: its world is
    # every GPU launched, which is the layout's (runtime/config.py
    # _batch_assertion)
    expect(layout["tp"] == 1 and layout["pp"] == 1, "deepspeed file for a model-parallel layout", layout)
    world = layout["gpus"]
    expect(ds["train_batch_size"] == ds["train_micro_batch_size_per_gpu"] * ds["gradient_accumulation_steps"] * world,
          "batch identity", ds, world)
    expect(ds["zero_optimization"]["stage"] in (0, 1, 2, 3))
    expect(ds["zero_optimization"]["stage"] == layout["zero_stage"], "stage", layout)


def check_accelerate(text, option, plan):
    acc = yaml.safe_load(text)
    ref = KEYS["accelerate"]
    layout = option["layout"]
    check_keys(acc, ref["top_level"], "accelerate")
    expect(acc["distributed_type"] in ref["distributed_type"], acc["distributed_type"])
    expect(acc["mixed_precision"] in ref["mixed_precision"], acc["mixed_precision"])
    expect(acc["num_processes"] == layout["gpus"], "processes", acc["num_processes"], layout)
    expect(acc["num_processes"] % acc["num_machines"] == 0, "uneven processes per machine")
    expect(layout["tp"] == 1 and layout["pp"] == 1, "accelerate file for a model-parallel layout", layout)
    if acc["distributed_type"] == "MULTI_GPU":
        # plain DDP: every GPU holds the whole model, which is what the plan sized
        expect(layout["zero_stage"] == 0, "MULTI_GPU for a sharded plan", layout)
    if acc["distributed_type"] == "FSDP":
        check_keys(acc["fsdp_config"], ref["fsdp_config"], "accelerate fsdp_config")
        expect(layout["zero_stage"] in (2, 3), "FSDP for stage", layout)
    if acc["distributed_type"] == "DEEPSPEED":
        check_keys(acc["deepspeed_config"], ref["deepspeed_config"], "accelerate deepspeed_config")
        expect(acc["deepspeed_config"]["zero_stage"] == layout["zero_stage"])


def check_axolotl(text, option, plan):
    ax = yaml.safe_load(text)
    check_keys(ax, KEYS["axolotl"]["keys"], "axolotl")
    expect(ax["optimizer"] in KEYS["transformers"]["optim"], ax["optimizer"])
    expect(ax.get("adapter") in (None, "lora", "qlora"), ax.get("adapter"))
    if "fsdp_config" in ax:
        expect(option["layout"]["zero_stage"] in (2, 3))
    expect(option["layout"]["tp"] == 1 and option["layout"]["pp"] == 1, "axolotl file for a model-parallel layout")


def check_llamafactory(text, option, plan):
    lf = yaml.safe_load(text)
    ref = KEYS["llamafactory"]
    check_keys(lf, ref["keys"] + KEYS["transformers"]["keys"], "llamafactory")
    expect(lf["finetuning_type"] in ref["finetuning_type"], lf["finetuning_type"])
    expect(lf["flash_attn"] in ref["flash_attn"], lf["flash_attn"])
    expect(lf["optim"] in KEYS["transformers"]["optim"], lf["optim"])
    if "quantization_method" in lf:
        expect(lf["quantization_method"] in ref["quantization_method"], lf["quantization_method"])
    expect(option["layout"]["tp"] == 1 and option["layout"]["pp"] == 1, "llamafactory file for a model-parallel layout")


def megatron_words(text):
    return shlex.split(text, comments=True)


def value(words, name):
    return words[words.index(name) + 1] if name in words else None


def check_pipeline_layout(layout_text, layers, pp):
    unrolled = re.sub(r"(.)\*(\d+)", lambda m: m.group(1) * int(m.group(2)), layout_text)
    chunks = unrolled.split("|")
    expect(len(chunks) % pp == 0, "layout chunks", len(chunks), pp)
    expect(unrolled.startswith("E") and unrolled.endswith("L"), "layout ends", layout_text)
    expect(unrolled.count("t") == layers, "layout layers", layout_text, layers)
    expect(set(unrolled) <= set("EtL|"), layout_text)
    per_rank = [sum(chunks[c].count("t") for c in range(r, len(chunks), pp)) for r in range(pp)]
    expect(max(per_rank) <= -(-layers // pp), "a stage holds more than sized", per_rank)


def check_megatron(text, option, plan):
    words = megatron_words(text)
    flags = [w for w in words if w.startswith("--")]
    check_keys(flags, KEYS["megatron"]["arguments"], "megatron")
    layout = option["layout"]
    arch = plan["model"]["architecture"]
    tp = int(value(words, "--tensor-model-parallel-size"))
    pp = int(value(words, "--pipeline-model-parallel-size"))
    expect(tp == layout["tp"] and pp == layout["pp"], "layout", tp, pp, layout)
    layers = int(value(words, "--num-layers"))
    # validate_args (): layers divisible by the stages unless placed
    if value(words, "--pipeline-model-parallel-layout") is not None:
        check_pipeline_layout(value(words, "--pipeline-model-parallel-layout"), layers, pp)
    else:
        expect(layers % pp == 0, "layers not divisible by the pipeline without a layout", layers, pp)
        per_virtual = value(words, "--num-layers-per-virtual-pipeline-stage")
        if per_virtual is not None:
            expect((layers // pp) % int(per_virtual) == 0, "virtual stage layers", per_virtual)
    heads = int(value(words, "--num-attention-heads"))
    expect(heads % tp == 0, "heads", heads, tp)
    groups = value(words, "--num-query-groups")
    if groups is not None:
        expect(int(groups) % tp == 0, "query groups", groups, tp)
    dp = layout["gpus"] // (tp * pp)
    micro = int(value(words, "--micro-batch-size"))
    expect(int(value(words, "--global-batch-size")) % (micro * dp) == 0, "global batch", micro, dp)
    if value(words, "--expert-model-parallel-size") is not None:
        ep = int(value(words, "--expert-model-parallel-size"))
        expect(arch["experts"] % ep == 0 and dp % ep == 0, "expert parallel", ep, dp)
    if "--optimizer-cpu-offload" in words:
        expect("--use-precision-aware-optimizer" in words, "offload without the precision-aware optimizer")


CHECKS = {"deepspeed": check_deepspeed, "accelerate": check_accelerate, "axolotl": check_axolotl,
          "llamafactory": check_llamafactory, "megatron": check_megatron}


def exports(argv):
    """Each format's text, or None with the refusal; refusals checked."""
    plan, option = plan_of(argv)
    texts = {}
    for fmt in FORMATS:
        result = run(["export", "--format", fmt] + argv)
        if result.returncode == 0:
            texts[fmt] = result.stdout
            continue
        expect(result.returncode == 1, fmt, argv, result.returncode, result.stderr)
        expect("Cannot export to " + fmt in result.stderr, result.stderr)
        match = re.search(r"Formats that can: ([a-z, ]+)", result.stderr)
        expect(match is not None or "No format can" in result.stderr, result.stderr)
        texts[fmt] = None
        if match:
            for other in match.group(1).split(", "):
                expect(other in FORMATS and other != fmt, other)
                expect(run(["export", "--format", other] + argv).returncode == 0, "named but refused", other, argv)
    return plan, option, texts


def check_plan(argv):
    plan, option, texts = exports(argv)
    for fmt, text in texts.items():
        if text is not None:
            try:
                CHECKS[fmt](text, option, plan)
            except Failure as e:
                raise Failure(f"{fmt} {' '.join(argv)}: {e}") from None
    # class 6: an option that works exports to some format
    if option["ok"]:
        expect(any(t is not None for t in texts.values()), "a working plan exports to no format", argv)
    # the plan's own framework writes it
    own = {"megatron": "megatron", "deepspeed": "deepspeed", "fsdp": "accelerate", "axolotl": "axolotl",
           "llamafactory": "llamafactory"}.get(option["framework"])
    if own is not None:
        expect(texts[own] is not None, "the plan's framework does not write it", option["framework"], argv)
    return plan, option, texts


MODELS = ["llama-3.1-8b", "llama-3.1-70b", "qwen3-30b-a3b", "gemma-2-27b"]
METHODS = ["full", "lora", "qlora"]
SERVERS = [["--server", "dgx-h200"], ["--server", "ws-1x-h200-nvl"], ["--server", "dgx-b200", "--servers", "3"]]
# the servers at their own count, and a fixed count; a QLoRA plan on the
# workstation and the full plans on DGX cover every framework
FRAMEWORKS = ["automatic", "megatron", "deepspeed", "fsdp", "axolotl", "llamafactory"]


def generated():
    for model, method, server, framework in itertools.product(MODELS, METHODS, SERVERS, FRAMEWORKS):
        # Megatron-LM trains every weight: its adapters' plans are the
        # refusal tests below, once per method
        if framework == "megatron" and method != "full" and model != "llama-3.1-8b":
            continue
        # adapters: every framework once per model on one server
        if method == "lora" and server[1] != "dgx-h200":
            continue
        yield ["--model", model, "--method", method, "--framework", framework] + server


for argv in sweep(generated()):
    tap.case("frameworks/" + "/".join(a.lstrip("-") for a in argv))(lambda argv=argv: check_plan(argv))

# layouts a user gives: uneven stages (61 layers over 8, DeepSeek-V3's
# count, as a custom model), a 35-stage pipeline, an offload in
# Megatron-LM
UNEVEN = {"name": "Uneven 61", "layers": 61, "hidden_size": 4096, "attention_heads": 32, "kv_heads": 8,
          "vocab_size": 32000, "ffn_size": 11008}


@tap.case("frameworks/uneven-stages-given")
def _():
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(UNEVEN, f)
        f.flush()
        for pp in ("8", "7", "35"):
            argv = ["--model-file", f.name, "--method", "full", "--framework", "megatron", "--server", "dgx-h200",
                    "--servers", "5", "--pp", pp, "--tp", "1"]
            plan, option, texts = check_plan(argv)
            expect(option["layout"]["pp"] == int(pp), "the given pipeline changed", option["layout"])
            expect(texts["megatron"] is not None, "megatron refused a layout it runs", pp)
            words = megatron_words(texts["megatron"])
            expect(value(words, "--pipeline-model-parallel-layout") is not None, "no layout flag for 61 layers", pp)


@tap.case("frameworks/70b-every-format")
def _():
    """The 70B full default plan: each format runs its layout or is refused."""
    plan, option, texts = check_plan(["--model", "llama-3.1-70b", "--method", "full"])
    layout = option["layout"]
    for fmt, text in texts.items():
        if text is None:
            continue
        if layout["tp"] > 1 or layout["pp"] > 1:
            expect(fmt == "megatron", fmt, "written for a model-parallel layout")


@tap.case("frameworks/megatron-fp32-gradients")
def _():
    """--framework megatron: FP32 gradients, twice the BF16 weights per GPU."""
    plan, option = plan_of(["--model", "llama-3.1-70b", "--method", "full", "--framework", "megatron"])
    per_gpu = plan["memory"]["per_gpu"]
    expect(abs(per_gpu["gradients"] - 2 * per_gpu["weights"]) < 1e-6 * per_gpu["weights"], per_gpu)
    expect("fp32-gradients" in option["framework_rules"], option["framework_rules"])
    expect(option["framework"] == "megatron", option["framework"])


# Names a file carries into comments: YAML line breaks and control
# characters (refused on input, issue 24 class 10, or else harmless) and
# YAML/JSON/shell syntax, which must stay text.
HOSTILE = ["Evil\u2028learning_rate: 1\u2029trust_remote_code: true\x07\x1b[31m\u0085 lr: 2",
           "Evil: #x \"q\" 'single' \\ lr: 2 {a: [b]} & *anchor !!python/object $(rm -rf x) `id` | > trust_remote_code: true",
           "Evil\ttab\u00a0nbsp \ufeffbom"]
HOSTILE_PLANS = (("full", "deepspeed"), ("full", "megatron"), ("qlora", "axolotl"), ("lora", "llamafactory"),
                 ("full", "fsdp"))


def parsed_exports(model):
    out = {}
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as f:
        json.dump(model, f)
        f.flush()
        for method, framework in HOSTILE_PLANS:
            argv = ["--model-file", f.name, "--method", method, "--framework", framework,
                    "--server", "dgx-h200", "--servers", "1"]
            for fmt in FORMATS:
                result = run(["export", "--format", fmt] + argv)
                if result.returncode != 0:
                    # refused: by the engine (1) or, for a model file the
                    # reader refuses, as the option's value (2)
                    expect(result.returncode in (1, 2), fmt, result.stderr)
                    out[(method, framework, fmt)] = ("refused", result.stderr)
                    continue
                text = result.stdout
                for raw in ("\u2028", "\u2029", "\x07", "\x1b", "\u0085"):
                    expect(raw not in text, "a raw control or line-break character in", fmt, repr(raw))
                if fmt == "deepspeed":
                    value_ = json.loads(text)
                    value_.pop("_comment")
                elif fmt == "megatron":
                    value_ = megatron_words(text)
                else:
                    value_ = yaml.safe_load(text)
                out[(method, framework, fmt)] = ("file", value_)
    return out


@tap.case("frameworks/hostile-name-stays-a-comment")
def _():
    """Issue 24, class 3: a name with YAML line breaks, control characters
    or YAML syntax is refused on input, or changes no key or value of any
    file (it only appears in comments)."""
    clean = dict(UNEVEN, layers=32, name="Plain")
    plain = parsed_exports(clean)
    for name in HOSTILE:
        evil = parsed_exports(dict(clean, name=name))
        for key, (kind, value_) in evil.items():
            if kind == "refused" and plain[key][0] == "file":
                # refused on input, by every format alike
                expect(all(k == "refused" for k, _ in evil.values()), "refused by some formats only", repr(name))
                expect("model name" in value_.lower(), value_)
                continue
            expect(kind == plain[key][0], key, repr(name))
            if kind == "file":
                expect(value_ == plain[key][1], "the name changed the file's keys or values", key, repr(name))


tap.run()
