#!/usr/bin/env python3
# test-consistency.py — one plan, one truth, on every surface of the CLI
#
# For a set of varied scenarios (dense and MoE, full/LoRA/QLoRA, 1 to
# 2,000 servers, fixed layouts, deadlines, tight sites), the JSON, the text
# output and the spec sheet's text (pdftotext) must describe the same
# configuration, and its derived figures must follow from the others:
# the whole job sums the GPUs' figures (per GPU × GPUs with one
# pipeline stage), heat = 3,412.14 BTU/h per kW of the power,
# time = model FLOPs / (GPUs × peak × effective MFU × availability).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import functools
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tap import Skip, Tap, check  # noqa: E402

tap = Tap()
ARGS = None

BTU_H_PER_KW = 3412.14          # NIST SP 811: 1 kW = 3,412.14 BTU/h
SECONDS_PER_DAY = 86400

SCENARIOS = [
    ("--model", "llama-3.1-70b", "--method", "full"),
    ("--model", "llama-3.1-405b", "--method", "full", "--deadline-days", "45", "--tokens", "2T"),
    ("--model", "llama-3.1-405b", "--method", "full", "--deadline-days", "60", "--tokens", "15T"),
    ("--model", "llama-3.1-70b", "--method", "full", "--tp", "8", "--pp", "2"),
    ("--model", "llama-3.1-70b", "--method", "lora", "--tp", "2"),
    ("--model", "llama-3.1-70b", "--method", "qlora"),
    ("--model", "llama-3.1-8b", "--method", "lora"),
    ("--model", "mixtral-8x7b", "--method", "full", "--server", "dgx-b200"),
    ("--model", "qwen3-235b-a22b", "--method", "qlora", "--rack-kw", "12"),
    ("--model", "llama-3.1-70b", "--method", "full", "--server", "dgx-h200", "--servers", "2000"),
    ("--model", "llama-3.1-8b", "--method", "full", "--rack-units", "4"),
    ("--model", "llama-3.1-70b", "--method", "full", "--seq-len", "1000000", "--checkpointing", "none"),
    ("--model", "qwen3-32b", "--method", "full", "--checkpointing", "selective", "--phases", "1", "--voltage", "230"),
    ("--params", "13B", "--method", "full", "--deadline-days", "1", "--tokens", "100B"),
]


def run(*argv):
    result = subprocess.run([ARGS.cli, *argv], capture_output=True, text=True,
                            env={**os.environ, "LANGUAGE": "en", "LC_ALL": "C.UTF-8"})
    check(result.returncode == 0, f"{argv}: exit {result.returncode}: {result.stderr}")
    return result.stdout


def close(got, want, tol, what):
    check(math.isfinite(got), f"{what}: {got} is not finite")
    check(abs(got - want) <= tol * abs(want) + 1e-9, f"{what}: {got} != {want}")


def shown(plan):
    return plan["options"][plan["shown_option"]]


def number(text):
    """“1,365 GB” → 1.365e12 bytes, “85.3 GB” → 8.53e10, “1.2 TB” → 1.2e12."""
    match = re.match(r"([\d,]+(?:\.\d+)?)\s*(GB|TB|GiB)", text)
    check(match, f"no memory figure in {text!r}")
    value = float(match.group(1).replace(",", ""))
    return value * {"GB": 1e9, "TB": 1e12, "GiB": 2 ** 30}[match.group(2)]


def check_option(o, scenario):
    layout = o["layout"]
    where = f"{scenario}: {o['servers']} × {o['server_id']}"
    if "layout" not in o["failures"]:
        check(layout["tp"] * layout["cp"] * layout["pp"] * layout["dp"] == layout["gpus"] <= o["gpus"], where)
        check(o["layout_gpus"] == layout["gpus"], where)
    # heat, cooling, time, energy from the same figures
    close(o["heat_btu_h"], o["power_kw"] * BTU_H_PER_KW, 1e-9, f"{where} heat")
    close(o["cooling_tons"], o["heat_btu_h"] / 12000, 1e-9, f"{where} cooling")
    if o["training_flops"] > 0 and "layout" not in o["failures"]:
        rate = o["layout_gpus"] * o["peak_tflops"] * 1e12 * o["mfu"] * o["availability"]
        close(o["training_days"], o["training_flops"] / rate / SECONDS_PER_DAY, 1e-9, f"{where} days")
    # the step's busy share (docs/sizing-model.md §8.1) is the fourth factor, and
    # the step's terms add up to its time
    step = o["step"]
    close(step["step_seconds"], step["compute"] + step["pp_bubble"] + step["tp_comm"] + step["pp_comm"]
          + step["dp_exposed"] + step["ep_exposed"] + step["cp_exposed"] + step["host_wait"], 1e-9, f"{where} step")
    check(step["host_wait"] >= 0, f"{where}: a negative host wait")
    check(step["ep_exposed"] <= step["ep_comm"], f"{where}: more all-to-all exposed than sent")
    close(o["step_factor"], step["compute"] / step["step_seconds"], 1e-9, f"{where} step factor")
    close(o["mfu"], o["mfu_base"] * o["recompute_factor"] * o["pcie_factor"] * o["operator_factor"]
          * o["step_factor"], 1e-9, f"{where} mfu")
    close(step["compute"], step["compute_gemm"] + step["compute_attention"] + step["compute_experts"]
          + step["compute_memory_bound"], 1e-9, f"{where} operator classes")
    if "layout" not in o["failures"]:
        check(layout["global_batch"] == layout["micro_batch"] * layout["gradient_accumulation"] * layout["dp"], where)
    check(o["ok"] == (not o["failures"]), where)
    check(("memory" in o["failures"]) == (not o["fits"] and "layout" not in o["failures"]), where)
    check(("deadline" in o["failures"]) == (not o["meets_deadline"]), where)
    check(("power-supplies" in o["failures"]) == (not o["psu_ok"]), where)
    check(o["servers_for_deadline"] is None or o["servers_for_deadline"] < 2 ** 31, where)


# Each scenario's plan and spec sheet are made once for the whole program
# and read by every case that needs them.
@functools.cache
def plan_of(scenario):
    return json.loads(run("estimate", *scenario, "--format", "json"))


def plans():
    for scenario in SCENARIOS:
        yield scenario, plan_of(scenario)


@functools.cache
def sheet_text(scenario):
    """The spec sheet of scenario as pdftotext -layout reads it."""
    with tempfile.TemporaryDirectory() as tmp:
        pdf = os.path.join(tmp, "sheet.pdf")
        run("pdf", *scenario, "--output", pdf)
        return subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, check=True,
                              text=True).stdout


@tap.case("JSON: every option's figures follow from each other (layout, heat, time, verdict)")
def json_options():
    for scenario, plan in plans():
        for o in plan["options"]:
            check_option(o, scenario)


@tap.case("JSON: the top-level memory is the shown option's, and ok is its verdict")
def json_top_level():
    for scenario, plan in plans():
        o = shown(plan)
        # every degree of the memory's layout is the option's (the option's
        # layout also carries the planner's micro-batch, accumulation, …)
        check(plan["memory"]["layout"] == {k: o["layout"][k] for k in plan["memory"]["layout"]}, scenario)
        check(plan["memory"]["per_gpu"] == o["per_gpu"], scenario)
        check(plan["ok"] == o["ok"], scenario)
        check(plan["shown_server_id"] == o["server_id"], scenario)
        # the whole job sums each GPU's own figures: per GPU × GPUs with
        # one pipeline stage, never more than the busiest GPU × GPUs
        layout = plan["memory"]["layout"]
        for key, value in plan["memory"]["per_gpu"].items():
            whole = plan["memory"]["total"][key]
            if layout["pp"] == 1:
                close(whole, value * layout["gpus"], 1e-9, f"{scenario} whole-job {key}")
            else:
                check(whole <= value * layout["gpus"] * (1 + 1e-9), f"{scenario} whole-job {key}: {whole}")
        close(plan["memory"]["weight_copies"] * plan["memory"]["weight_copy_bytes"],
              plan["memory"]["total"]["weights"], 1e-9, f"{scenario} whole-job weights vs copies × one copy")
        # an option that does not work never ranks above one that does
        oks = [option["ok"] for option in plan["options"]]
        check(oks == sorted(oks, reverse=True), scenario)
        if any(oks):
            check(o["recommended"] and o["ok"], scenario)
        else:
            check(not any(option["recommended"] for option in plan["options"]), scenario)


@tap.case("text: the headline names the JSON's configuration and its GPU count")
def text_headline():
    for scenario, plan in plans():
        o = shown(plan)
        text = run("estimate", *scenario)
        lines = text.splitlines()
        # the answer keeps no-break spaces (ts_option_dup_answer ()); read as words
        check(f"{o['servers']:,} × {o['server_name']}" in lines[1].replace("\u00a0", " "), f"{scenario}: {lines[1]}")
        gpus = plan["memory"]["layout"]["gpus"]
        check(re.search(rf"Detailed estimate on {gpus:,} GPUs?:", text), f"{scenario}:\n{text[:600]}")
        if plan["ok"]:
            check("Recommended" in lines[1] and "Nothing in the catalog" not in lines[1], scenario)
        else:
            check("Nothing in the catalog works" in lines[1], f"{scenario}: {lines[1]}")


@tap.case("PDF: scenario block, verdict, memory table and chart name the same GPUs; the whole job is the JSON's sum")
def pdf_pages():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    for number_, (scenario, plan) in enumerate(plans()):
        if number_ % 2:
            continue   # half of them: a spec sheet takes longer than an estimate
        o = shown(plan)
        gpus = plan["memory"]["layout"]["gpus"]
        text = sheet_text(scenario)
        flat = " ".join(text.split())
        check(f"Parallel layout {gpus:,} GPU" in flat, f"{scenario}: layout not {gpus} GPUs")
        check(f"{o['servers']:,} × {o['server_name']}" in flat, scenario)
        check(f"Whole job, {gpus:,} GPU" in flat, f"{scenario}: chart not on {gpus} GPUs")
        total = re.search(r"\n Total\s+([\d.,]+ [GT]B)\s+([\d.,]+ [GT]B)", text)
        check(total, f"{scenario}: no Total row")
        per_gpu, whole = number(total.group(1)), number(total.group(2))
        # three significant digits each side; the whole job is the
        # JSON's sum, per GPU × GPUs only with one pipeline stage
        close(whole, plan["memory"]["total"]["sum"], 0.01, f"{scenario}: whole job vs JSON")
        if plan["memory"]["layout"]["pp"] == 1:
            close(per_gpu * gpus, whole, 0.01, f"{scenario}: per GPU × GPUs vs whole job")
        else:
            check(whole <= per_gpu * gpus * 1.01, f"{scenario}: whole job past the busiest GPU × GPUs")
        if plan["ok"]:
            check("Nothing in the catalog works" not in flat, scenario)
        else:
            check("Nothing in the catalog works" in flat or "does not work" in flat, scenario)


@tap.case("PDF: a server's heat output is its maximum power × 3,412.14")
def pdf_server_heat():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    with tempfile.TemporaryDirectory() as tmp:
        for server in ("dgx-h200", "dgx-b200", "dell-xe9680-h200"):
            pdf = os.path.join(tmp, f"{server}.pdf")
            plan = json.loads(run("estimate", "--model", "llama-3.1-8b", "--server", server, "--servers", "1",
                                  "--format", "json"))
            run("pdf", "--model", "llama-3.1-8b", "--server", server, "--servers", "1", "--output", pdf)
            text = " ".join(subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, check=True,
                                           text=True).stdout.split())
            # an estimated figure is marked “≈” before it
            kw = re.search(r"Maximum power (?:≈ )?([\d.,]+) kW", text)
            heat = re.search(r"Heat output (?:≈ )?([\d,]+) BTU/h", text)
            check(kw and heat, f"{server}: no power or heat row")
            close(float(heat.group(1).replace(",", "")), float(kw.group(1)) * BTU_H_PER_KW, 0.005,
                  f"{server} heat output")
            check(plan["options"][0]["server_id"] == server)


@tap.case("PDF: --customer and --project are on the first page and in the document's metadata")
def pdf_customer_project():
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        raise Skip("pdftotext or pdfinfo is missing (poppler-utils)")
    with tempfile.TemporaryDirectory() as tmp:
        pdf = os.path.join(tmp, "branded.pdf")
        run("pdf", "--model", "llama-3.1-8b", "--customer", "Acme Research Lab", "--project", "Pilot cluster",
            "--output", pdf)
        first = subprocess.run(["pdftotext", "-l", "1", pdf, "-"], capture_output=True, check=True,
                               text=True).stdout
        info = subprocess.run(["pdfinfo", pdf], capture_output=True, check=True, text=True).stdout
        check("Acme Research Lab" in first and "Pilot cluster" in first, first[:400])
        check("Pilot cluster" in info and "Acme Research Lab" in info, info)


@tap.case("PDF: the launch-configuration appendix carries the shown option's layout and batch")
def pdf_launch_appendix():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    # the sheets pdf_pages read (even numbers) and three more
    for scenario in SCENARIOS[:6]:
        o = shown(plan_of(scenario))
        layout = o["layout"]
        text = sheet_text(scenario)
        appendix = text.split("Appendix: launch configuration")[-1]
        check(appendix != text, f"{scenario}: no appendix")

        def key(name):
            match = re.search(rf'"{name}"\s*:\s*(\d+)', appendix)
            check(match, f"{scenario}: no {name} in the appendix")
            return int(match.group(1))

        def arg(name):
            match = re.search(rf"--{name} (\d+)", appendix)
            check(match, f"{scenario}: no --{name} in the appendix")
            return int(match.group(1))

            # the files that run the plan (issue 26): Megatron-LM's for a
            # model-parallel layout, DeepSpeed's for a data-parallel one
            printed = 0
            if "train_micro_batch_size_per_gpu" in appendix:
                micro = key("train_micro_batch_size_per_gpu")
                accumulation = key("gradient_accumulation_steps")
                check(micro == layout.get("micro_batch", micro), scenario)
                check(key("train_batch_size") == micro * accumulation * layout["dp"], scenario)
                check(layout["tp"] == 1 and layout["pp"] == 1, scenario)
                printed += 1
            if "--tensor-model-parallel-size" in appendix:
                check(arg("tensor-model-parallel-size") == layout["tp"], scenario)
                check(arg("pipeline-model-parallel-size") == layout["pp"], scenario)
                check(arg("micro-batch-size") == layout["micro_batch"], scenario)
                printed += 1
            if o["framework"] == "megatron":
                check("--tensor-model-parallel-size" in appendix, f"{scenario}: no Megatron-LM file")
            if o["framework"] is None:
                # no framework runs the layout given (LoRA with TP 2): no file
                check(printed == 0 and "(YAML)" not in appendix, f"{scenario}: a file no framework runs")
            else:
                check(printed > 0 or "(YAML)" in appendix, f"{scenario}: no file in the appendix")


def write_png(path, width=8, height=8):
    """A small opaque PNG (RGB, one colour), written by hand: IHDR, IDAT, IEND."""
    import struct
    import zlib

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))

    raw = b"".join(b"\x00" + b"\x1c\x71\xd8" * width for _ in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw)))
        f.write(chunk(b"IEND", b""))


def spaced(text):
    """pdftotext and the terminal write the no-break spaces differently."""
    return re.sub(r"[\u00a0\u202f ]+", " ", text)


@tap.case("Russian text: machine kinds and currencies in the spec sheet's words; no capital after the verdict")
def russian_text_words():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    # the catalog's workstations fail 70B full training, so they are listed
    # among the options; servers have list prices in USD; energy in roubles
    scenario = ("--model", "llama-3.1-70b", "--method", "full", "--tokens", "10B",
                "--price-kwh", "8", "--currency", "RUB", "--lang", "ru")
    text = spaced(run("estimate", *scenario, "--format", "text"))
    with tempfile.TemporaryDirectory() as tmp:
        pdf = os.path.join(tmp, "ru.pdf")
        run("pdf", *scenario, "--output", pdf)
        sheet = spaced(subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, check=True,
                                      text=True).stdout)
    # the Russian words a reader expects (the translation review of issue 16):
    # “Рабочая станция”, the rouble sign after an amount, “долл. США”
    for where, body in (("text", text), ("sheet", sheet)):
        latin = re.findall(r"\b(?:Workstation|RUB|USD|EUR)\b", body)
        check(not latin, f"{where}: Latin words in the Russian output: {sorted(set(latin))}")
        check("Рабочая станция" in body, f"{where}: no workstation named in Russian")
    check("долл. США" in text, "the servers' list prices are not in Russian words")
    # the recommended option's energy cost is the same words in both
    starred = text[text.index("★"):]
    cost = re.search(r"кВт·ч, ([\d ]+ ₽)", starred)
    check(cost, f"no energy cost in roubles for the recommended option:\n{starred[:800]}")
    check(cost.group(1) in sheet, f"the sheet does not name the cost {cost.group(1)!r} the same way")
    # “Помещается. Для полного…”: the headline's sentences never follow a colon
    verdict_line = text.splitlines()[1]
    check(not re.match(r"[^:]*: [А-ЯЁ][а-яё]", verdict_line), verdict_line)
    check(re.match(r"Помещается\. Для полного обучения", verdict_line), verdict_line)


@tap.case("PDF: a branded Russian sheet from a user catalog with a logo (vendor record's logo beside the file)")
def pdf_branded_user_catalog():
    for tool in ("pdftotext", "pdfinfo", "pdfimages"):
        if shutil.which(tool) is None:
            raise Skip(f"{tool} is missing (poppler-utils)")
    with tempfile.TemporaryDirectory() as tmp:
        write_png(os.path.join(tmp, "logo.png"))
        catalog = os.path.join(tmp, "vendor.json")
        with open(catalog, "w", encoding="utf-8") as f:
            json.dump({"schema_version": 1, "catalog_version": "vychislitel-7",
                       "vendor": {"name": "ООО Вычислитель", "quote_email": "sales@vychislitel.ru",
                                  "logo": "logo.png"}}, f, ensure_ascii=False)
        pdf = os.path.join(tmp, "branded.pdf")
        run("pdf", "--catalog", catalog, "--model", "llama-3.1-70b", "--lang", "ru",
            "--customer", "АО Заказчик", "--project", "Пилот", "--output", pdf)
        first = subprocess.run(["pdftotext", "-l", "1", pdf, "-"], capture_output=True, check=True,
                               text=True).stdout
        info = subprocess.run(["pdfinfo", pdf], capture_output=True, check=True, text=True).stdout
        images = subprocess.run(["pdfimages", "-f", "1", "-l", "1", "-list", pdf], capture_output=True,
                                check=True, text=True).stdout
        check("ООО Вычислитель" in first and "АО Заказчик" in first and "Пилот" in first, first[:500])
        check("Спецификация" in first, first[:300])
        check("vychislitel-7" in first, "the user's catalog version is not on the sheet")
        check("demo vendor" not in first and "example.com" not in first, first[:500])
        check("ООО Вычислитель" in info, info)
        # pdfimages lists a header, a rule, then one row per image
        check(len(images.strip().splitlines()) >= 3, f"no logo on page 1:\n{images}")


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    ARGS = parser.parse_args()
    tap.run()


if __name__ == "__main__":
    main()
