#!/usr/bin/env python3
# test-cli-lang.py — the command-line tool speaks Russian and English:
# the article's figures in each language's number style, Russian text with
# no English left in it, the language chosen by --lang or by LANGUAGE, and
# JSON that stays the same whatever the language
#
# Runs under C.UTF-8 only (the tests' environment): the tool formats numbers
# itself and picks messages with LANGUAGE, so no ru_RU locale is needed.
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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Skip, Tap, check  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--cli", required=True)
parser.add_argument("--catalog", required=True, help="the source data/catalog.json")
parser.add_argument("--allowed", required=True, help="latin-words.txt")
args = parser.parse_args()

NNBSP = "\u202f"  # narrow no-break space: Russian thousands separator
NBSP = "\u00a0"   # no-break space: between a number and its unit

# The article's memory table for full training (weights, gradients and
# optimizer, no activations), as its Russian and English versions print it
# (seed/000_d6cdf6721e30d622.txt and seed/README.md).
ARTICLE_FULL = {
    "8B": ("128–144 ГБ", "128–144 GB"),
    "32B": ("512–576 ГБ", "512–576 GB"),
    "70B": ("1 120–1 260 ГБ", "1,120–1,260 GB"),
    "235B": ("3 760–4 230 ГБ", "3,760–4,230 GB"),
}
# The article's LoRA column (BF16 base): 70B → 140 GB + adapters.
ARTICLE_LORA_70B = ("140 ГБ + адаптеры", "140 GB + adapters")

LATIN_WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9]*(?:[-./][A-Za-z0-9]+)*")


def environment(language=None):
    env = dict(os.environ)
    env["LC_ALL"] = "C.UTF-8"
    env.pop("LANGUAGE", None)
    if language is not None:
        env["LANGUAGE"] = language
    return env


def run(*argv, language=None, status=0):
    result = subprocess.run([args.cli, *argv], capture_output=True, env=environment(language))
    out = result.stdout.decode("utf-8")
    err = result.stderr.decode("utf-8")
    # status None: any failure (1 refused input, 2 usage error).
    check((result.returncode != 0) if status is None else (result.returncode == status),
        f"{' '.join(argv)}: exit {result.returncode}, wanted {status}\n{out}\n{err}")
    return out, err


def normalise(text):
    return text.replace(NNBSP, " ").replace(NBSP, " ")


def allowed_words():
    words = set()
    with open(args.allowed, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                words.add(line)
    with open(args.catalog, encoding="utf-8") as f:
        catalog = json.load(f)
    # The vendor's own name, printed on spec sheets (“Prepared by”).
    words.update(LATIN_WORD.findall(catalog.get("vendor", {}).get("name", "")))
    for section in ("models", "gpus", "interconnects", "networks", "servers", "storage_systems", "cdus", "parts"):
        for item in catalog.get(section, []):
            for key, value in item.items():
                if isinstance(value, str) and (key in ("id", "name", "vendor", "family", "architecture",
                                                       "memory_type", "form_factor")
                                               or key.endswith("_model")):
                    # Names: product words have a capital or a digit
                    # (“ConnectX-7”, “SuperNIC”); an all-lowercase word
                    # in a name (“ports”, “sourced”) is English prose
                    # that a Russian page must not show.
                    names = [w for w in LATIN_WORD.findall(value) if key == "id" or w != w.lower()]
                    words.update(names)
                    # A table cell may wrap a name at its hyphen
                    # (“AS-8125GS-” / “TNMR2”): allow the parts too.
                    for word in names:
                        parts = word.split("-")
                        words.update("-".join(parts[:i]) for i in range(1, len(parts)))
                        words.update("-".join(parts[i:]) for i in range(1, len(parts)))
                        words.update(parts)
    return words


def english_words(text, allowed):
    # A lone capital is a feed (A, B), a unit (U) or a size suffix.
    return sorted({w for w in LATIN_WORD.findall(text)
                   if w not in allowed and not (len(w) == 1 and w.isupper())})


tap = Tap()


@tap.case("--lang ru: the article's full-training figures, «1 120–1 260 ГБ» for 70B")
def russian_figures():
    for params, (ru, _en) in ARTICLE_FULL.items():
        out, _ = run("estimate", "--params", params, "--method", "full", "--lang", "ru")
        check(ru in normalise(out), f"{params}: «{ru}» not in:\n{out}")


@tap.case("--lang ru: thousands split by U+202F, the unit after U+00A0 (no line break inside)")
def russian_separators():
    out, _ = run("estimate", "--params", "70B", "--method", "full", "--lang", "ru")
    check(f"1{NNBSP}120–1{NNBSP}260{NBSP}ГБ" in out, out)


@tap.case("--lang en: the article's English figures, “1,120–1,260 GB” for 70B")
def english_figures():
    for params, (_ru, en) in ARTICLE_FULL.items():
        out, _ = run("estimate", "--params", params, "--method", "full", "--lang", "en")
        check(en in normalise(out), f"{params}: “{en}” not in:\n{out}")


@tap.case("LoRA of 70B: «140 ГБ + адаптеры» / “140 GB + adapters”")
def lora_figures():
    for lang, expected in zip(("ru", "en"), ARTICLE_LORA_70B):
        out, _ = run("estimate", "--params", "70B", "--method", "lora", "--lang", lang)
        check(expected in normalise(out), f"{lang}: “{expected}” not in:\n{out}")


@tap.case("LANGUAGE=ru chooses Russian without --lang; --lang en overrides it")
def language_variable():
    out, _ = run("estimate", "--params", "70B", "--method", "full", language="ru")
    check("1 120–1 260 ГБ" in normalise(out), out)
    out, _ = run("estimate", "--params", "70B", "--method", "full", "--lang", "en", language="ru")
    check("1,120–1,260 GB" in normalise(out), out)


@tap.case("--lang ru: no English words in the text output (catalog models and methods)")
def russian_text_has_no_english():
    allowed = allowed_words()
    problems = []
    outputs = []
    for model in ("llama-3.1-8b", "llama-3.1-70b"):
        for method in ("full", "lora", "qlora"):
            outputs.append(run("estimate", "--model", model, "--method", method, "--lang", "ru")[0])
    outputs.append(run("estimate", "--params", "70B", "--gpus", "16", "--lang", "ru")[0])
    outputs.append(run("list", "servers", "--lang", "ru")[0])
    outputs.append(run("list", "storage", "--lang", "ru")[0])
    for out in outputs:
        words = english_words(out, allowed)
        if words:
            problems.append(f"{words} in:\n{out}")
    check(not problems, "\n".join(problems))


@tap.case("--lang ru: error messages are Russian")
def russian_errors():
    allowed = allowed_words()
    for argv in (("estimate", "--params", "abc"),
                 ("estimate", "--params", "70B", "--seq-len", "0"),
                 ("estimate", "--model", "no-such-model"),
                 ("estimate", "--params", "70B", "--no-such-option", "1")):
        _, err = run(*argv, "--lang", "ru", status=None)
        # The tool's own name, option names and the rejected value are
        # the user's words, not English text.
        text = re.sub(r"--[a-z-]+|«[^»]*»|trainsizer-cli", "", err)
        check(re.search("[а-яё]", text), f"{argv}: not Russian: {err}")
        words = english_words(text, allowed)
        check(not words, f"{argv}: English words {words} in: {err}")


@tap.case("LANGUAGE=ru and --help --lang ru: the help is Russian")
def russian_help():
    out, _ = run("--help", "--lang", "ru")
    check("Использование:" in out, out)
    out, _ = run("--help", language="ru")
    check("Использование:" in out, out)
    # Every option's description, not only the headings.
    lines = [line for line in out.splitlines() if line.startswith("  --")]
    check(lines, out)
    untranslated = [line for line in lines if not re.search("[а-яё]", line)]
    check(not untranslated, "\n".join(untranslated))
    # The usage lines' placeholders are Russian too; commands and option
    # names (typed as they are) are the only Latin left.
    for placeholder in ("FILE", "OPTION", "options"):
        check(placeholder not in out, f"“{placeholder}” left in the Russian help:\n{out}")


def russian_plural(n, one, few, many):
    """Russian grammar, written out: 1, 21, 101 → one; 2–4, 22–24 → few;
    0, 5–20, 25–30, 111–114 → many."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


@tap.case("catalog check in Russian: «17 моделей», «18 серверов» — plural forms that agree with the counts")
def russian_catalog_counts():
    with open(args.catalog, encoding="utf-8") as f:
        catalog = json.load(f)
    models = len(catalog["models"])
    servers = len(catalog["servers"])
    out, _ = run("catalog", "check", args.catalog, "--lang", "ru")
    expected = (f"{models} {russian_plural(models, 'модель', 'модели', 'моделей')}, "
                f"{servers} {russian_plural(servers, 'сервер', 'сервера', 'серверов')}")
    check(expected in out, f"«{expected}» not in: {out}")


@tap.case("--lang ru: the component column lines up (padding counts characters, not bytes)")
def russian_columns_align():
    out, _ = run("estimate", "--model", "llama-3.1-70b", "--lang", "ru")
    rows = [line for line in out.splitlines() if line.startswith("  ") and not line.startswith("   ")]
    check(len(rows) >= 4, out)
    # the per-GPU and whole-job columns are right-aligned: in characters,
    # every row ends at the same column, and its per-GPU value too
    ends = {len(line.rstrip()) for line in rows}
    check(len(ends) == 1, f"rows end at columns {sorted(ends)}:\n{out}")
    middles = {re.search(r"\S+\s+\S+$", line.replace(NBSP, "_").replace(NNBSP, "_")).start()
               + len(re.search(r"\S+\s+\S+$", line.replace(NBSP, "_").replace(NNBSP, "_")).group().split()[0])
               for line in rows}
    check(len(middles) == 1, f"per-GPU values end at columns {sorted(middles)}:\n{out}")


@tap.case("--lang ru: the spec sheet PDF has no English words and shows «1 120–1 260 ГБ»")
def russian_pdf():
    if shutil.which("pdftotext") is None:
        raise Skip("pdftotext is missing (poppler-utils)")
    allowed = allowed_words()
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for number, argv in enumerate((
                ("--params", "70B", "--method", "full"),
                ("--model", "llama-3.1-70b", "--method", "full", "--deadline-days", "30", "--price-kwh", "8"),
                ("--model", "llama-3.1-8b", "--method", "qlora", "--server", "dgx-h200"),
                ("--params", "70B", "--method", "lora", "--gpus", "16"),
                # A cluster: leaf and spine switches, several racks.
                ("--model", "llama-3.1-70b", "--server", "dgx-h200", "--servers", "4"),
                # The catalog's other kinds: Huawei on RoCE, AMD, a workstation.
                ("--model", "llama-3.1-8b", "--server", "huawei-atlas-800t-a2", "--servers", "2"),
                ("--model", "llama-3.1-70b", "--server", "smc-as-8125gs-tnmr2", "--servers", "2"),
                ("--model", "llama-3.1-405b", "--server", "gb200-nvl72", "--servers", "2", "--site-cooling", "liquid"),
                ("--model", "llama-3.1-8b", "--method", "lora", "--server", "ws-1x-rtx-pro-6000"))):
            pdf = os.path.join(tmp, f"{number}.pdf")
            run("pdf", *argv, "--lang", "ru", "--output", pdf)
            text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True,
                                  check=True).stdout.decode("utf-8")
            if number == 0:
                check("1 120–1 260 ГБ" in normalise(text), text)
            # The appendix holds configuration files as the frameworks spell
            # them (keys are code, not prose): its Russian heading is there,
            # and only the document before it is read for English words.
            check("Приложение: конфигурация запуска" in text, "no launch-configuration appendix")
            text = text.split("Приложение: конфигурация запуска")[0]
            # The document number (TS-YYYYMMDD-hash) is an identifier.
            words = english_words(re.sub(r"TS-\d{8}-[0-9a-f]+", "", text), allowed)
            if words:
                problems.append(f"{' '.join(argv)}: {words}")
    check(not problems, "English words in the Russian spec sheet:\n" + "\n".join(problems))


@tap.case("JSON output is the same in Russian and English (numbers and keys)")
def json_locale_independent():
    def numbers_and_keys(node, path=""):
        if isinstance(node, dict):
            for key, value in node.items():
                yield from numbers_and_keys(value, f"{path}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                yield from numbers_and_keys(value, f"{path}/{index}")
        elif not isinstance(node, str):
            yield path, node

    for argv in (("--params", "70B", "--method", "full"), ("--model", "llama-3.1-70b", "--gpus", "16")):
        ru = json.loads(run("estimate", *argv, "--format", "json", "--lang", "ru")[0])
        en = json.loads(run("estimate", *argv, "--format", "json", "--lang", "en")[0])
        check(dict(numbers_and_keys(ru)) == dict(numbers_and_keys(en)))
        text = run("estimate", *argv, "--format", "json", "--lang", "ru")[0]
        # A decimal comma in a number would not even parse; check no number
        # was written as a string with Russian separators either.
        check(NNBSP not in text, "a Russian-formatted number in JSON")


tap.run()
