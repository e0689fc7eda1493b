#!/usr/bin/env python3
# test-engine-layers.py — the engine's modules stand on floors: a file
# includes headers of its own room and of the floors below it, never of
# its own floor's other rooms or of a floor above (issue 25: the modules
# had includes that ran back up, model <-> scenario, facility <->
# scenario, the export writers below the plan they take). Each module
# folder has one public header named for it and at most one -private.h,
# which no file outside the folder includes; ts-engine.h includes every
# public header. docs/architecture.md §4 draws these floors.
#
# A room is a module's folder (src/engine/options/) or one flat file with
# its header (src/engine/ts-plan.c/.h). A new module or flat file gets its
# floor in FLOORS below, where its includes put it.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import contextlib
import glob
import io
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import Tap, check  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "src", "engine")

# From the ground up; a folder's name ends in "/", a flat file is named
# without its extension.
FLOORS = [
    ["ts-error", "ts-gettext"],
    ["field/", "ts-atomic-file", "ts-local-file", "ts-parse", "ts-i18n"],
    ["ts-json", "ts-format"],
    ["model/", "fabric/", "goodput/"],
    ["catalog/"],
    ["scenario/", "storage/"],
    ["memory/", "facility/"],
    ["framework/"],
    ["options/"],
    ["ts-scaling", "validation/"],
    ["ts-plan"],
    ["ts-plan-inputs", "ts-plan-text", "ts-csv", "export/"],
    ["facts/"],
    ["ts-plan-json", "ts-engine"],
]
FLOOR = {room: level for level, rooms in enumerate(FLOORS) for room in rooms}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)

tap = Tap()


def engine_files():
    """Every .c and .h of the engine, as paths relative to src/engine."""
    return sorted(os.path.relpath(p, ENGINE)
                  for p in glob.glob(os.path.join(ENGINE, "**", "*.[ch]"), recursive=True))


def room_of(path):
    """The room of an engine file: its folder, or its flat name."""
    folder = os.path.dirname(path)
    if folder:
        return folder + "/"
    return os.path.splitext(path)[0]


def includes(path):
    with open(os.path.join(ENGINE, path), encoding="utf-8") as f:
        return INCLUDE.findall(f.read())


def headers_by_name():
    """Each engine header's file name to its path (names are unique)."""
    return {os.path.basename(p): p for p in engine_files() if p.endswith(".h")}


@tap.case("every engine file stands in a room of FLOORS")
def every_room_placed():
    unplaced = sorted({room_of(p) for p in engine_files()} - set(FLOOR))
    check(not unplaced, "rooms without a floor in tests/test-engine-layers.py:\n  " + "\n  ".join(unplaced))
    gone = sorted(r for r in FLOOR if not os.path.exists(os.path.join(ENGINE, r.rstrip("/")))
                  and not glob.glob(os.path.join(ENGINE, r + ".[ch]")))
    check(not gone, "FLOORS names rooms that are not there:\n  " + "\n  ".join(gone))


@tap.case("engine header names are unique (a header is included by name alone)")
def header_names_unique():
    names = [os.path.basename(p) for p in engine_files() if p.endswith(".h")]
    twice = sorted({n for n in names if names.count(n) > 1})
    check(not twice, "headers of the same name: " + ", ".join(twice))


@tap.case("no include runs back up: each names its own room or a lower floor")
def no_arrow_back_up():
    headers = headers_by_name()
    up = []
    for path in engine_files():
        room = room_of(path)
        if room not in FLOOR:
            continue
        for name in includes(path):
            target = headers.get(os.path.basename(name))
            if target is None:
                continue   # config.h, a system header
            to = room_of(target)
            if to != room and to in FLOOR and FLOOR[to] >= FLOOR[room]:
                up.append(f"{path} (floor {FLOOR[room] + 1}) includes {target} (floor {FLOOR[to] + 1})")
    check(not up, "includes that are not of a lower floor:\n  " + "\n  ".join(up))


@tap.case("each module folder: one public header named for it, at most one -private.h")
def one_header_each():
    wrong = []
    for folder in sorted(r for r in FLOOR if r.endswith("/")):
        name = folder.rstrip("/")
        found = sorted(os.path.basename(p) for p in glob.glob(os.path.join(ENGINE, name, "*.h")))
        public = [h for h in found if not h.endswith("-private.h")]
        private = [h for h in found if h.endswith("-private.h")]
        if public != [f"ts-{name}.h"]:
            wrong.append(f"{folder}: public headers {public}, expected ['ts-{name}.h']")
        if len(private) > 1 or any(h != f"ts-{name}-private.h" for h in private):
            wrong.append(f"{folder}: private headers {private}, expected at most ['ts-{name}-private.h']")
    check(not wrong, "\n  ".join(wrong))


@tap.case("a module's -private.h is included only inside its folder")
def private_stays_inside():
    private = {os.path.basename(p): os.path.dirname(p)
               for p in engine_files() if p.endswith("-private.h") and os.path.dirname(p)}
    leaks = []
    for path in glob.glob(os.path.join(ROOT, "src", "**", "*.[ch]"), recursive=True) \
            + glob.glob(os.path.join(ROOT, "tests", "**", "*.[ch]"), recursive=True) \
            + glob.glob(os.path.join(ROOT, "bench", "**", "*.[ch]"), recursive=True):
        with open(path, encoding="utf-8") as f:
            names = INCLUDE.findall(f.read())
        inside = os.path.relpath(os.path.dirname(path), ENGINE)
        for name in names:
            folder = private.get(os.path.basename(name))
            if folder is not None and inside != folder:
                leaks.append(f"{os.path.relpath(path, ROOT)} includes {folder}/{name}")
    check(not leaks, "private headers included from outside their module:\n  " + "\n  ".join(leaks))


@tap.case("ts-engine.h includes every module's public header")
def engine_header_complete():
    listed = {os.path.basename(n) for n in includes("ts-engine.h")}
    missing = sorted(f"ts-{r.rstrip('/')}.h" for r in FLOOR
                     if r.endswith("/") and f"ts-{r.rstrip('/')}.h" not in listed)
    check(not missing, "not in ts-engine.h: " + ", ".join(missing))



def run_at_build(stamp):
    """At build time (src/engine/meson.build): the TAP lines go to the
    stamp file, and into the build's output when a case fails."""
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            tap.run()
    except SystemExit as done:
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(out.getvalue())
        if done.code:
            sys.stderr.write(out.getvalue())
        raise


if len(sys.argv) == 3 and sys.argv[1] == "--stamp":
    run_at_build(sys.argv[2])
else:
    tap.run()
