#!/usr/bin/env python3
# test-po.py — every string the product can show has a Russian translation,
# every file with translatable strings is listed in POTFILES.in, and Russian
# plural forms come out right («1 сервер», «2 сервера», «5 серверов»)
#
# The template is extracted here with the same xgettext options as meson's
# “trainsizer-pot” target (i18n.gettext preset “glib”), so a string added to
# a C file, a .ui template, the desktop file, the metainfo or the schema
# without a translation fails this test even when nobody regenerated the
# template.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Skip, Tap, check  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--source-root", required=True)
parser.add_argument("--po-dir", required=True, help="the source po/ directory")
parser.add_argument("--mo", required=True, help="the built ru .mo file")
parser.add_argument("--package", required=True)
parser.add_argument("--desktop", required=True, help="the built desktop file")
parser.add_argument("--metainfo", required=True, help="the built metainfo file")
args = parser.parse_args()

RU_PO = os.path.join(args.po_dir, "ru.po")
POTFILES = os.path.join(args.po_dir, "POTFILES.in")

# The glib preset of meson's i18n module (mesonbuild/modules/i18n.py) plus
# xgettext's built-in C keywords (ngettext:1,2 among them).
XGETTEXT_ARGS = [
    "--from-code=UTF-8", "--add-comments",
    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
]

# Where translatable strings can live, and what marks them.
SCANNED_DIRS = ("src", "resources", "data")
MARKERS = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_)\s*\(|(?<![A-Za-z0-9_])(?:g_d?n?gettext|ngettext|g_dpgettext2)\s*\(|translatable="yes"')
# Data files merged through msgfmt --desktop / --xml or compiled with their
# gettext-domain: listed whatever they contain.
ALWAYS_LISTED = re.compile(r"\.(desktop\.in|metainfo\.xml\.in|gschema\.xml\.in)(\.in)?$")
SCANNED_SUFFIXES = (".c", ".h", ".ui", ".in")


tap = Tap()


def need(program):
    path = shutil.which(program)
    if path is None:
        raise Skip(f"{program} is missing (Debian package gettext)")
    return path


def potfiles():
    with open(POTFILES, encoding="utf-8") as f:
        return [line.strip() for line in f
                if line.strip() and not line.lstrip().startswith("#")]


def extract_template(directory):
    """xgettext over POTFILES.in, as the -pot target does."""
    pot = os.path.join(directory, "extracted.pot")
    result = subprocess.run(
        [need("xgettext"), "--package-name=" + args.package, "-D", args.source_root,
         "-f", POTFILES, "-o", pot] + XGETTEXT_ARGS,
        capture_output=True, text=True)
    check(result.returncode == 0, f"xgettext failed:\n{result.stderr}")
    return pot


def entries_missing_translation(pot):
    """msgids (with context) of the template that ru.po does not translate."""
    with tempfile.TemporaryDirectory() as tmp:
        merged = os.path.join(tmp, "merged.po")
        subprocess.run([need("msgmerge"), "--quiet", "--no-fuzzy-matching", "-o", merged, RU_PO, pot],
                       check=True, capture_output=True)
        missing = []
        for option in ("--untranslated", "--only-fuzzy"):
            out = subprocess.run([need("msgattrib"), option, "--no-wrap", "--no-obsolete", merged],
                                 check=True, capture_output=True, text=True).stdout
            for block in out.split("\n\n"):
                ids = re.findall(r'^(msgctxt|msgid) "(.*)"$', block, re.M)
                label = " | ".join(f"{kind} “{text}”" for kind, text in ids)
                if label and 'msgid “”' != label:
                    refs = " ".join(re.findall(r"^#: (.*)$", block, re.M))
                    missing.append(f"{label} ({refs})")
        return missing


@tap.case("msgfmt --check --statistics: no untranslated and no fuzzy message")
def msgfmt_statistics():
    result = subprocess.run([need("msgfmt"), "--check", "--statistics", "-o", os.devnull, RU_PO],
                            capture_output=True, text=True)
    check(result.returncode == 0, f"msgfmt --check failed:\n{result.stderr}")
    stats = result.stderr.strip()
    check(re.match(r"^\d+ translated messages?\.$", stats),
        f"ru.po is not complete: {stats}")


@tap.case("ru.po header: Russian three-form plural rule")
def plural_header():
    with open(RU_PO, encoding="utf-8") as f:
        # msgmerge wraps long header lines: join the continuations.
        text = re.sub(r'"\n"', "", f.read())
    check("Language: ru\\n" in text)
    # GNOME's ru.po rule (gtk-platform-notes §6).
    check(("Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
            "n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);") in text)


@tap.case("every string in the sources (C, .ui, desktop, metainfo, schema) is translated")
def every_string_translated():
    with tempfile.TemporaryDirectory() as tmp:
        pot = extract_template(tmp)
        with open(pot, encoding="utf-8") as f:
            count = len(re.findall(r"^msgid ", f.read(), re.M)) - 1
        # A template with a handful of strings means extraction broke (a
        # wrong keyword or a missing ITS rule), not that all is well.
        check(count > 100, f"only {count} strings were extracted")
        missing = entries_missing_translation(pot)
        check(not missing, "strings without a Russian translation in po/ru.po "
                             "(run “meson compile -C build trainsizer-update-po”, then translate):\n  "
                             + "\n  ".join(missing))


@tap.case("ru.po has no entry that no source uses (a renamed string leaves no stale translation)")
def no_unused_entries():
    with tempfile.TemporaryDirectory() as tmp:
        pot = extract_template(tmp)
        result = subprocess.run([need("msgcmp"), "--use-untranslated", RU_PO, pot],
                                capture_output=True, text=True)
        unused = [line for line in result.stderr.splitlines() if "this message is not used" in line]
        check(not unused, "entries of po/ru.po that no source uses (delete them):\n  "
                            + "\n  ".join(unused))


@tap.case("the data files' strings reach the template (ITS rules work)")
def data_files_extracted():
    with tempfile.TemporaryDirectory() as tmp:
        with open(extract_template(tmp), encoding="utf-8") as f:
            pot = f.read()
    for suffix in (".desktop.in", ".metainfo.xml.in", ".gschema.xml.in", ".ui"):
        listed = [p for p in potfiles() if p.endswith(suffix)]
        for path in listed:
            check(f"#: {path}:" in pot or f" {path}:" in pot,
                f"{path} is in POTFILES.in but xgettext found no string in it")


@tap.case("POTFILES.in lists every file with translatable strings")
def potfiles_complete():
    listed = set(potfiles())
    needed = []
    for top in SCANNED_DIRS:
        for root, dirs, files in os.walk(os.path.join(args.source_root, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                path = os.path.join(root, name)
                rel = os.path.relpath(path, args.source_root)
                if ALWAYS_LISTED.search(name):
                    needed.append(rel)
                    continue
                if not name.endswith(SCANNED_SUFFIXES):
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    if MARKERS.search(f.read()):
                        needed.append(rel)
    # Headers only declare; a header that marks a string would need listing.
    missing = [p for p in needed if p not in listed]
    check(not missing, "add to po/POTFILES.in:\n  " + "\n  ".join(missing))


@tap.case("POTFILES.in: every listed file exists; sorted; no duplicates")
def potfiles_exist_sorted():
    listed = potfiles()
    absent = [p for p in listed if not os.path.isfile(os.path.join(args.source_root, p))]
    check(not absent, "listed but missing:\n  " + "\n  ".join(absent))
    check(listed == sorted(listed), "POTFILES.in is not sorted")
    check(len(listed) == len(set(listed)), "POTFILES.in lists a file twice")


def russian():
    if not os.path.isfile(args.mo):
        raise Skip(f"{args.mo} was not built")
    with open(args.mo, "rb") as f:
        return gettext.GNUTranslations(f)


@tap.case("Russian plural forms: 1 страница, 2 страницы, 5 страниц, 11 страниц, 21 страница")
def plural_forms():
    ru = russian()
    # Hand-written from Russian grammar: one for 1, 21, 101 (not 11);
    # few for 2–4, 22–24 (not 12–14); many for the rest.
    expected = {1: "страница", 2: "страницы", 4: "страницы", 5: "страниц", 11: "страниц",
                12: "страниц", 14: "страниц", 21: "страница", 22: "страницы", 25: "страниц",
                101: "страница", 111: "страниц"}
    for n, word in expected.items():
        text = ru.ngettext("%s · %u page", "%s · %u pages", n) % ("TS", n)
        check(text == f"TS · {n} {word}", f"n={n}: {text!r}")


@tap.case("every plural message has all three Russian forms with the same placeholders")
def plural_entries_complete():
    with open(RU_PO, encoding="utf-8") as f:
        blocks = f.read().split("\n\n")
    problems = []
    for block in blocks:
        if "msgid_plural" not in block or block.lstrip().startswith("#~"):
            continue
        joined = re.sub(r'"\n"', "", block)
        msgid = re.search(r'^msgid "(.*)"$', joined, re.M).group(1)
        forms = dict(re.findall(r'^msgstr\[(\d)\] "(.*)"$', joined, re.M))
        if sorted(forms) != ["0", "1", "2"] or not all(forms.values()):
            problems.append(f"“{msgid}”: forms {sorted(forms)}")
            continue
        wanted = re.findall(r"%[-0-9.]*[a-z]+", msgid)
        for index, form in forms.items():
            if re.findall(r"%[-0-9.]*[a-z]+", form) != wanted:
                problems.append(f"“{msgid}”, form {index}: placeholders differ")
    check(not problems, "\n  ".join(problems))


@tap.case("the built desktop file and metainfo carry the current Russian translations")
def data_files_merged():
    ru = russian()
    with open(args.desktop, encoding="utf-8") as f:
        desktop = dict(line.split("=", 1) for line in f.read().splitlines()
                       if "=" in line and not line.startswith("#"))
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        english = desktop[key]
        check(desktop.get(f"{key}[ru]") == ru.gettext(english),
            f"{key}[ru] is {desktop.get(f'{key}[ru]')!r}, ru.po says {ru.gettext(english)!r}")
    with open(args.metainfo, encoding="utf-8") as f:
        metainfo = f.read()
    summary = re.search(r"<summary>(.*?)</summary>", metainfo).group(1)
    check(f'<summary xml:lang="ru">{ru.gettext(summary)}</summary>' in metainfo)
    paragraphs = re.findall(r"<p>(.*?)</p>", metainfo, re.S)
    check(paragraphs)
    for p in paragraphs:
        text = " ".join(p.split())
        check(ru.gettext(text) != text, f"no translation for “{text}”")
        check(f'<p xml:lang="ru">{ru.gettext(text)}</p>' in metainfo, f"metainfo lacks the Russian of “{text}”")


tap.run()
