#!/usr/bin/env python3
# test-symbols.py — the engine's, the renderer's and the CLI's edges in the
# object files themselves (issue 25, item 2), and issue 24's class 1 in the
# sources
#
# GLib's rule for a library's symbols (and GNOME Text Editor's): every
# symbol another file can see carries the project's prefix, ts_ / Ts, or
# _ts_ for a helper private to one module but shared by its files; the
# rest are static. Before this check 53 engine symbols (member, judge,
# read_string, …) were global without it. nm(1) lists a static library's
# defined global symbols; any without the prefix fails.
#
# Class 1 of issue 24: json-glib's typed getters
# (json_object_get_string_member () and its kin) meet a member of another
# type with a critical; every reader goes through ts-json.c's typed,
# checked readers instead, so no source outside ts-json.c calls them.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tap import Tap  # noqa: E402

tap = Tap()

ARGS = None
PREFIX = re.compile(r"^(_ts_|ts_|Ts)")
TYPED_GETTER = re.compile(r"\bjson_object_get_(string|int|double|boolean|object|array|null)_member(_with_default)?\s*\(")


class CheckFailed(Exception):
    pass


def global_symbols(library):
    result = subprocess.run([ARGS.nm, "--defined-only", "--extern-only", library],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise CheckFailed(f"{ARGS.nm} {library}: {result.stderr}")
    names = []
    for line in result.stdout.splitlines():
        fields = line.split()
        # “address type name”; object headers (“x.o:”) and blanks skipped
        if len(fields) == 3:
            names.append(fields[2])
    return names


@tap.case("every global symbol of libts-engine.a, libts-render.a and libts-cli.a has the ts_/_ts_/Ts prefix")
def prefixed_symbols():
    bad = []
    counted = 0
    for library in ARGS.libraries:
        for name in global_symbols(library):
            counted += 1
            if not PREFIX.match(name):
                bad.append(f"{os.path.basename(library)}: {name}")
    if counted < 100:
        raise CheckFailed(f"only {counted} global symbols found: nm read nothing useful")
    if bad:
        raise CheckFailed("global symbols without the project's prefix (make them static, or name them "
                          "_ts_module_name when files of one module share them):\n  " + "\n  ".join(bad))


@tap.case("no source outside ts-json.c calls json-glib's typed member getters (issue 24, class 1)")
def no_typed_getters():
    bad = []
    src = os.path.join(ARGS.source_root, "src")
    seen = 0
    for folder, _dirs, files in os.walk(src):
        for name in files:
            if not name.endswith(".c") or name == "ts-json.c":
                continue
            seen += 1
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    if TYPED_GETTER.search(line):
                        bad.append(f"{os.path.relpath(path, ARGS.source_root)}:{number}: {line.strip()}")
    if seen < 50:
        raise CheckFailed(f"only {seen} C files under {src}")
    if bad:
        raise CheckFailed("use ts_json_get_*() (src/engine/ts-json.h) instead:\n  " + "\n  ".join(bad))


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--nm", required=True)
    parser.add_argument("--source-root", required=True)
    parser.add_argument("libraries", nargs="+")
    ARGS = parser.parse_args()
    tap.run()


if __name__ == "__main__":
    main()
