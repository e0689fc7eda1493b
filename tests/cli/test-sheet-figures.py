#!/usr/bin/env python3
# test-sheet-figures.py — every figure of the spec sheet is one the plan computed
#
# Issue 28, part 8: each number with a unit that the spec sheet's text
# (pdftotext) prints must be found in the plan's JSON (`estimate --format
# json`) or in the catalog records the sheet describes (`list servers|gpus
# --format json`), to the precision printed: half a unit of its last digit.
# Two derivations are allowed, each the documented rule of the figure: heat
# in BTU/h is kW × 3,412.14 (docs/hardware-rules.md §6), and a server's
# figure is its GPU count × one GPU's (the "8 × 141 GB" the sheet prints);
# a PDU's rating is √3 × volts × amps; a GPU's datasheet memory is its
# server's total ÷ its GPUs. A figure the catalog's own text holds (a
# product's name, "H100 SXM 80GB"; an estimate's reason, "an assumed 500 W
# host") is the catalog's words, quoted.
# Units are converted by their definitions (GB 10⁹ B, TB 10¹² B, GiB 2³⁰ B,
# MW 10³ kW, MWh 10³ kWh, W 10⁻³ kW, h = d/24 = s·3600). Rates (GB/s …) and
# figures of the published runs the sheet quotes are out of scope: they are
# not the plan's. The scaling table (time against the number of servers) is
# the shown option's "time_by_servers", read back row by row.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
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

BTU_H_PER_KW = 3412.14
# what one printed unit is in the JSON's units (bytes, kW, kWh, days)
SCALES = {
    "GB": (1e9,), "TB": (1e12,), "GiB": (2 ** 30,),
    "kW": (1.0, 1e-3), "MW": (1e3,), "W": (1e-3, 1.0),
    "kWh": (1.0,), "MWh": (1e3,),
    "BTU/h": (1.0,),
    "d": (1.0, 86400.0), "h": (1 / 24, 3600.0, 1.0),
    "GPUs": (1.0,), "GPU": (1.0,), "servers": (1.0,), "server": (1.0,),
}
FIGURE = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s?"
                    r"(GB|TB|GiB|kWh|MWh|kW|MW|W|BTU/h|GPUs?|servers?|d|h)(?![\w/])")

# the plans: dense and MoE, full/LoRA/QLoRA, a deadline, a tight site
SCENARIOS = (
    ("--model", "llama-3.1-70b", "--method", "full"),
    ("--model", "llama-3.1-8b", "--method", "lora", "--rack-kw", "12"),
    ("--model", "mixtral-8x7b", "--method", "qlora"),
    ("--model", "qwen3-32b", "--method", "full", "--deadline-days", "2", "--tokens", "10B"),
)


def run(*argv):
    result = subprocess.run([ARGS.cli, *argv], capture_output=True, text=True,
                            env={**os.environ, "LANGUAGE": "en", "LC_ALL": "C.UTF-8"})
    check(result.returncode == 0, f"{argv}: exit {result.returncode}: {result.stderr}")
    return result.stdout


# a catalog record's figures in GB, TB or W, made bytes and kW by the key's unit
KEY_SCALES = (("_gb", 1e9), ("_tb", 1e12), ("_w", 1e-3))


def numbers(node, out, scale=1.0, path=""):
    """(value, path) of every number under node, the path's keys joined by dots."""
    if isinstance(node, bool):
        return out
    if isinstance(node, (int, float)):
        out.append((float(node) * scale, path))
    elif isinstance(node, dict):
        for key, value in node.items():
            numbers(value, out, next((s for suffix, s in KEY_SCALES if key.endswith(suffix)), 1.0),
                    f"{path}.{key}")
    elif isinstance(node, list):
        for value in node:
            numbers(value, out, scale, path)
    return out


# a figure in bytes is looked for among the JSON's byte figures only: the
# keys that hold bytes (a component of a breakdown, *_bytes, *_gb, *_tb)
BYTE_PATH = re.compile(r"bytes|_gb\b|_tb\b|\.(per_gpu|total|memory)\.|sum$")
BYTE_UNITS = {"GB", "TB", "GiB"}


def strings(node, out):
    if isinstance(node, str):
        out.append(node)
    elif isinstance(node, dict):
        for value in node.values():
            strings(value, out)
    elif isinstance(node, list):
        for value in node:
            strings(value, out)
    return out


def pool(plan, servers, gpus):
    """The plan's numbers and those of the catalog records it names, with
    the two derivations the sheet's figures follow."""
    values = numbers(plan, [])
    # the PDU's rating: √3 × line voltage × amps on three phases, V × A on
    # one (docs/hardware-rules.md §6)
    for o in plan["options"]:
        volts, amps = o.get("line_voltage", 0), o.get("pdu_amps", 0)
        values.append((volts * amps * (3 ** 0.5 if o.get("phases") == 3 else 1) / 1000, "pdu_kw"))
    named = {o["server_id"] for o in plan["options"]}
    for server in servers:
        if server["id"] not in named:
            continue
        values += numbers(server, [])
        # the vendor's per-GPU figure: the server's datasheet total ÷ its
        # GPUs (docs/hardware-rules.md §9)
        values.append((server["gpu_memory_label_gb"] * 1e9 / server["gpu_count"], "gpu_memory_label_bytes"))
        for gpu in gpus:
            if gpu["id"] == server["gpu_id"]:
                own = numbers(gpu, [])
                values += own
                values += [(server["gpu_count"] * v, p) for v, p in own]
    values += [(v * BTU_H_PER_KW, p) for v, p in list(values)]
    return values


def found(value, decimals, unit, values):
    tolerance = 0.5 * 10 ** -decimals
    for scale in SCALES[unit]:
        for v, path in values:
            if unit in BYTE_UNITS and not BYTE_PATH.search(path):
                continue
            if abs(v / scale - value) <= tolerance * (1 + 1e-9):
                return True
    return False


def sheet_text(scenario, tmp):
    pdf = os.path.join(tmp, "sheet.pdf")
    run("pdf", *scenario, "--output", pdf)
    return subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True, check=True).stdout


@tap.case("the search finds a wrong figure: the first sheet's GB figures × 1.19 … 1.71 are not in its plan")
def planted_error():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    servers = json.loads(run("list", "servers", "--format", "json"))
    gpus = json.loads(run("list", "gpus", "--format", "json"))
    plan = json.loads(run("estimate", *SCENARIOS[0], "--format", "json"))
    values = pool(plan, servers, gpus)
    with tempfile.TemporaryDirectory() as tmp:
        text = sheet_text(SCENARIOS[0], tmp)
    tried = caught = 0
    # several wrong factors: one alone can land on the plan's round
    # figures (× 1.37 takes 58.4 GB to a GPU's 80 GB) more often than
    # chance says
    for factor in (1.19, 1.37, 1.53, 1.71):
        for match in FIGURE.finditer(text):
            whole, fraction, unit = match.groups()
            if unit != "GB":
                continue
            value = float(whole.replace(",", "") + (fraction or "")) * factor
            decimals = len(fraction) - 1 if fraction else 0
            tried += 1
            caught += not found(round(value, decimals), decimals, unit, values)
    check(tried >= 80, f"only {tried // 4} GB figures")
    # the plan holds hundreds of byte figures (every option's breakdowns),
    # so a wrong figure printed to three digits meets another by chance
    # now and then: 401 of 480 were caught when this was written. The
    # case guards the search against matching anything (a tolerance or a
    # unit scale gone wrong catches none).
    check(caught >= 0.75 * tried, f"only {caught} of {tried} wrong figures caught")


@tap.case("every figure of the spec sheet's text is in the plan's JSON or its catalog records")
def sheet_figures():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    servers = json.loads(run("list", "servers", "--format", "json"))
    gpus = json.loads(run("list", "gpus", "--format", "json"))
    with open(ARGS.catalog, encoding="utf-8") as f:
        catalog = json.load(f)
    missing = []
    counted = 0
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in SCENARIOS:
            plan = json.loads(run("estimate", *scenario, "--format", "json"))
            text = sheet_text(scenario, tmp)
            # the published runs are the papers' figures, not the plan's
            text = text.split("Appendix: How this estimate compares with published runs")[0]
            # the Time drawing's curve: its axes' gridline labels (“8,000 kWh”)
            # are whole steps of a scale, not figures; from its title to its
            # legend (issue 33). The scaling table is read (time_by_servers).
            text = re.sub(r"Time against the number of (?!servers).*?(?=Solid line:)", "", text, flags=re.S)
            values = pool(plan, servers, gpus)
            names = " ".join(strings(catalog, []))
            for match in FIGURE.finditer(text):
                whole, fraction, unit = match.groups()
                value = float(whole.replace(",", "") + (fraction or ""))
                counted += 1
                if match.group(0) in names:
                    continue   # the catalog's words: a name ("H200 SXM 141GB"), an estimate's reason
                if not found(value, len(fraction) - 1 if fraction else 0, unit, values):
                    missing.append(f"{scenario}: {match.group(0)!r}")
    check(counted >= 200, f"only {counted} figures read: is the sheet's text readable?")
    check(not missing, f"{len(missing)} of {counted} figures not in the plan:\n" + "\n".join(missing))


SCALING_ROW = re.compile(r"^([\d,]+)\n+([\d,]+)\n+(?:([\d.,]+) (d|h)|—)\n+(?:([\d.,]+) (kWh|MWh)|—) "
                         r"(Works|Does not work|Does not fit)$", re.M)


def near(printed, unit_scale, value):
    """printed (a figure's text) is value in the unit, to half its last digit."""
    whole, _, fraction = printed.replace(",", "").partition(".")
    return abs(float(printed.replace(",", "")) - value / unit_scale) <= 0.5 * 10 ** -len(fraction) * (1 + 1e-9)


@tap.case("the sheet's time against the number of servers is the JSON's time_by_servers, row by row")
def scaling_table():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    tables = 0
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in SCENARIOS:
            plan = json.loads(run("estimate", *scenario, "--format", "json"))
            shown = plan["options"][plan["shown_option"]]
            points = shown.get("time_by_servers")
            check(points, f"{scenario}: the shown option has no time_by_servers")
            # the JSON's curve at the shown count is the option itself
            # (the planner at that count, docs/sizing-model.md §8.5)
            at = [p for p in points if p["servers"] == shown["servers"]]
            if at:
                check(abs(at[0]["training_days"] - shown["training_days"]) <= 1e-9 * shown["training_days"],
                      f"{scenario}: the curve at {shown['servers']} servers is not the option's time")
            text = sheet_text(scenario, tmp)
            part = re.search(r"Time against the number of servers\n(.*?)\nAssumptions", text, flags=re.S)
            if part is None:
                continue   # one point, no deadline … the sheet shows no table
            rows = SCALING_ROW.findall(part.group(1))
            check(len(rows) == len(points), f"{scenario}: {len(rows)} rows, {len(points)} points:\n{part.group(1)}")
            for row, point in zip(rows, points):
                servers, gpus, days, day_unit, energy, energy_unit, verdict = row
                where = f"{scenario}: row {row} against {point}"
                check(int(servers.replace(",", "")) == point["servers"], where)
                check(int(gpus.replace(",", "")) == point["gpus"], where)
                expected = "Works" if point["ok"] else "Does not work" if point["fits"] else "Does not fit"
                check(verdict == expected, where)
                if point["fits"]:
                    check(near(days, 1.0 if day_unit == "d" else 1 / 24, point["training_days"]), where)
                    check(near(energy, 1.0 if energy_unit == "kWh" else 1e3, point["energy_kwh"]), where)
                else:
                    check(days == "" and energy == "", where)
            tables += 1
    # the two full-training sheets; the fine-tuning plans run on a
    # workstation, which comes in one count: no table
    check(tables >= 2, f"only {tables} scaling tables read")


@tap.case("the sheet says the gradient dtype and the gradient sync the plan uses, not the scenario's or a flat ring's")
def plan_not_scenario():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    by_rule = synced = 0
    scenarios = SCENARIOS + (("--model", "llama-3.1-70b", "--method", "full", "--server", "dgx-h100", "--servers", "8"),)
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in scenarios:
            plan = json.loads(run("estimate", *scenario, "--format", "json"))
            o = plan["options"][plan["shown_option"]]
            flat = " ".join(sheet_text(scenario, tmp).split())
            # Megatron-LM keeps BF16 training's gradients in FP32 (its
            # arguments.py: "bfloat16 requires gradient accumulation and
            # all-reduce to be done in fp32"; docs/frameworks.md, the
            # fp32-gradients rule): the rule, not the scenario's BF16
            rule = (o["framework"] == "megatron" and plan["method"] == "full"
                    and plan["inputs"]["precision"]["value"] in ("bf16", "fp8")
                    and plan["inputs"]["grad_dtype"]["value"] == "bf16")
            check(o["gradient_dtype_by_framework"] == rule, f"{scenario}: {o['framework']}, {o['gradient_dtype']}")
            if rule:
                by_rule += 1
                check(o["gradient_dtype"] == "fp32", scenario)
                check("Gradients FP32 (Megatron-LM’s rule for BF16 training)" in flat, f"{scenario}: {flat[:1500]}")
            else:
                check(f"Gradients {o['gradient_dtype'].upper()} " in flat and "rule for BF16 training" not in flat,
                      f"{scenario}: {flat[:1500]}")
            if o["servers"] < 2:
                continue
            step = o["step"]
            communication = re.search(r"communication ([\d.,]+) s", flat)
            check(communication, f"{scenario}: no step summary")
            if o["layout"]["dp"] > 1 and step["dp_comm"] > 0:
                synced += 1
                exposed = re.search(r"Gradient sync per step, not hidden by the backward pass ([\d.,]+) ?s\b", flat)
                transfer = re.search(r"Gradient transfer per step, overlapped with the backward pass ([\d.,]+) ?s\b", flat)
                check(exposed and transfer, f"{scenario}: no gradient sync rows")
                check(near(exposed.group(1), 1.0, step["dp_exposed"]), f"{scenario}: {exposed.group(0)} against {step}")
                check(near(transfer.group(1), 1.0, step["dp_comm"]), f"{scenario}: {transfer.group(0)} against {step}")
                # what is not hidden is part of the step's communication
                check(float(exposed.group(1)) <= float(communication.group(1).replace(",", "")) + 0.01, scenario)
            else:
                check("Gradient sync per step None: one copy of the model (data parallel 1)" in flat, scenario)
    check(by_rule >= 2 and synced >= 1, f"{by_rule} sheets with the framework's rule, {synced} with a gradient sync")


SUMMARY = re.compile(r"GPUs Memory per GPU Power ([\d,]+) ([\d.,]+) (GB|TB) ([\d.,]+) (kW|MW) .*?"
                     r"of ([\d.,]+) (GB|TB) usable, ([\d.,]+) % free ([\d,]+) racks?, ([\d,]+) U "
                     r"Training time Energy Servers’ price ([\d.,]+) (d|h) ([\d.,]+) (kWh|MWh) (≈ [\d.,]+ M USD|[\d.,]+ M USD|≈ [\d,]+ USD|[\d,]+ USD|—)")


def first_page(scenario, tmp, lang="en"):
    pdf = os.path.join(tmp, f"sheet-{lang}.pdf")
    run("pdf", *scenario, "--lang", lang, "--output", pdf)
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", pdf, "-"], capture_output=True, text=True,
                          check=True).stdout
    return " ".join(text.split())   # no-break spaces read as spaces


@tap.case("the first page's summary is the shown option's answer and figures, in English and Russian")
def first_page_summary():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    units = {"GB": 1e9, "TB": 1e12, "kW": 1.0, "MW": 1e3, "d": 1.0, "h": 1 / 24, "kWh": 1.0, "MWh": 1e3}
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in SCENARIOS:
            plan = json.loads(run("estimate", *scenario, "--format", "json"))
            o = plan["options"][plan["shown_option"]]
            flat = first_page(scenario, tmp)
            summary = flat.split("The answer: ", 1)
            check(len(summary) == 2, f"{scenario}: no summary on the first page: {flat[:800]}")
            # before the scenario it answers
            summary = summary[1].split(" Scenario ", 1)[0]
            answer = f"{o['servers']:,} × {o['server_name']}"
            check(summary.startswith(f"{plan['model']['name']} · "), f"{scenario}: {summary[:200]}")
            check(answer in summary, f"{scenario}: {answer!r} not in {summary!r}")
            check(("✓ " if o["ok"] else "✗ ") in summary, f"{scenario}: the verdict's mark: {summary!r}")
            m = SUMMARY.search(summary)
            check(m, f"{scenario}: the tiles do not read as expected: {summary!r}")
            (gpus, memory, memory_unit, power, power_unit, capacity, capacity_unit, free, racks, rack_units,
             days, day_unit, energy, energy_unit, price) = m.groups()
            where = f"{scenario}: {m.group(0)}"
            check(int(gpus.replace(",", "")) == o["gpus"], where)
            check(near(memory, units[memory_unit], o["per_gpu_bytes"]), where)
            check(near(power, units[power_unit], o["power_kw"]), where)
            check(near(capacity, units[capacity_unit], o["gpu_memory_bytes"]), where)
            check(near(free, 0.01, max(0.0, o["headroom_fraction"])), where)
            check(int(racks.replace(",", "")) == o["racks"] and int(rack_units.replace(",", "")) == o["rack_units"], where)
            check(near(days, units[day_unit], o["training_days"]), where)
            check(near(energy, units[energy_unit], o["energy_kwh"]), where)
            if o["capex_usd"] > 0:
                # a million and more in millions (ts_format_money_short)
                millions = " M " in price
                check(near(price.strip("≈ USD").removesuffix(" M"), 1e6 if millions else 1.0, o["capex_usd"]), where)
                check(millions == (o["capex_usd"] >= 1e6), where)
                check(price.startswith("≈") == o["capex_estimated"], where)
            else:
                check(price == "—", where)
            # the Russian sheet: the same answer and count, in its words
            ru = first_page(scenario, tmp, "ru")
            check(f"Ответ: {plan['model']['name']} · " in ru, f"{scenario}: {ru[:800]}")
            # (a workstation's kind is said in Russian: its model's words after it)
            check(f"{o['servers']} × " in ru and o["server_name"].split(", ")[-1] in ru, f"{scenario}: {ru[:800]}")
            check(re.search(rf"Память на GPU .*?{o['gpus']}\b", ru), f"{scenario}: {ru[:800]}")


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--catalog", required=True, help="data/catalog.json: the catalog's own text")
    ARGS = parser.parse_args()
    tap.run()


if __name__ == "__main__":
    main()
