#!/usr/bin/env python3
# test-source-map.py — docs/architecture.md's source map names every file
# of src/engine, src/render, src/ui and src/cli at its path inside its
# layer (an engine module's folder included: `options/ts-fit.c`), and
# names no file that is not there (issue 25: the map had drifted).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import Tap, check  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAYERS = ("engine", "render", "ui", "cli")

tap = Tap()


def map_rows():
    """(layer, file) of each table row of the source map's sections."""
    with open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8") as f:
        text = f.read()
    rows = set()
    layer = None
    for line in text.splitlines():
        heading = re.match(r"### src/(\w+)", line)
        if heading:
            layer = heading.group(1)
        elif line.startswith("## "):
            layer = None
        elif layer and line.startswith("| `"):
            name = re.match(r"\| `([\w/.-]+?)\.(c/\.h|c|h)`", line)
            if name:
                for ext in (("c", "h") if name.group(2) == "c/.h" else (name.group(2),)):
                    rows.add((layer, f"{name.group(1)}.{ext}"))
    return rows


@tap.case("every source file is in docs/architecture.md's source map, at its path")
def every_file_mapped():
    rows = map_rows()
    check(len(rows) > 50, f"only {len(rows)} rows read from the map")
    missing = []
    for layer in LAYERS:
        for path in glob.glob(os.path.join(ROOT, "src", layer, "**", "*.[ch]"), recursive=True):
            name = os.path.relpath(path, os.path.join(ROOT, "src", layer))
            if (layer, name) not in rows:
                missing.append(f"src/{layer}/{name}")
    check(not missing, "not in the source map:\n  " + "\n  ".join(sorted(missing)))


@tap.case("every file the source map names exists")
def every_row_exists():
    gone = [f"src/{layer}/{name}" for layer, name in sorted(map_rows())
            if not os.path.exists(os.path.join(ROOT, "src", layer, name))]
    check(not gone, "named in the source map but not in src/:\n  " + "\n  ".join(gone))


tap.run()
