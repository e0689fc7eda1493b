#!/usr/bin/env python3
# test-python-checks.py — the Python tests check with tap.check (), which
# raises under -O too, never with `assert` statements, which Python drops
# under -O (PYTHONOPTIMIZE): a test whose checks are asserts passes against
# any output there (issue 25).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import ast
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import Tap, check  # noqa: E402

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS)

tap = Tap()


def python_files():
    found = sorted(glob.glob(os.path.join(TESTS, "**", "*.py"), recursive=True))
    found += sorted(glob.glob(os.path.join(ROOT, "build-aux", "*.py")))
    return found


@tap.case("no assert statement in the Python tests (they vanish under -O)")
def no_assert_statements():
    files = python_files()
    # this file, tap.py and the consistency test at least
    check(len(files) >= 3, f"only {files} found under {TESTS}")
    found = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        found += [f"{os.path.relpath(path, ROOT)}:{node.lineno}"
                  for node in ast.walk(tree) if isinstance(node, ast.Assert)]
    check(not found, "assert statements (use tap.check ()):\n  " + "\n  ".join(found))


@tap.case("no test defines a name check of its own (it would hide tap.check)")
def check_not_shadowed():
    found = []
    for path in python_files():
        if os.path.basename(path) == "tap.py":
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == "check":
                found.append(f"{os.path.relpath(path, ROOT)}:{node.lineno}")
            elif isinstance(node, ast.Name) and node.id == "check" and isinstance(node.ctx, ast.Store):
                found.append(f"{os.path.relpath(path, ROOT)}:{node.lineno}")
    check(not found, "check redefined:\n  " + "\n  ".join(found))


@tap.case("tap.check raises under -O as without it")
def check_raises():
    try:
        check(False, "wrong")
    except Exception as error:
        check(str(error) == "wrong", f"the message is {error!r}")
    else:
        raise RuntimeError("check (False) did not raise")


tap.run()
