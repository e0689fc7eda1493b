# tap.py — a minimal TAP producer for the Python tests (meson reads TAP)
#
# Checks are made with check (), never with `assert` statements: Python
# drops those under -O (PYTHONOPTIMIZE), and a test that checks nothing
# then passes against any output. tests/test-python-checks.py keeps it so.
#
# TS_TAP_CASES=1,3 runs only those cases (by number); the others are not
# reported at all, so a partial run can never pass for a whole one.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sys
import traceback


class Skip(Exception):
    """Raised by a check that cannot run here; the reason is reported."""


class CheckFailed(Exception):
    """A check of a test case did not hold."""


def check(condition, message="the condition does not hold"):
    """Fails the running case unless condition is true, under -O too."""
    if not condition:
        raise CheckFailed(message)


def sweep(cases):
    """A generated sweep's cases: all of them, or a tenth (at least one)
    when TS_TEST_TRIM_SWEEPS is set, as ts_test_sweep_size () in the C
    tests. The tenth is taken on a diagonal (case 10k + k mod 10), so a
    sweep whose innermost choice repeats every few cases still meets
    each of its values."""
    cases = list(cases)
    if not os.environ.get("TS_TEST_TRIM_SWEEPS"):
        return cases
    size = max(len(cases) // 10, 1)
    return [cases[min(10 * k + k % 10, len(cases) - 1)] for k in range(size)]


class Tap:
    def __init__(self):
        self.cases = []

    def case(self, name):
        def register(function):
            self.cases.append((name, function))
            return function
        return register

    def selected(self):
        wanted = os.environ.get("TS_TAP_CASES")
        numbered = list(enumerate(self.cases, 1))
        if not wanted:
            return numbered
        numbers = {int(n) for n in wanted.split(",")}
        return [(number, case) for number, case in numbered if number in numbers]

    def run(self):
        cases = self.selected()
        print(f"1..{len(cases)}", flush=True)
        failed = 0
        for index, (_, (name, function)) in enumerate(cases, 1):
            try:
                function()
            except Skip as reason:
                print(f"ok {index} {name} # SKIP {reason}", flush=True)
            except Exception:
                failed += 1
                print(f"not ok {index} {name}", flush=True)
                for line in traceback.format_exc().splitlines():
                    print(f"# {line}", flush=True)
            else:
                print(f"ok {index} {name}", flush=True)
        sys.exit(1 if failed else 0)
