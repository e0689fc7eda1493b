# tap.py — a minimal TAP producer for the Python tests (meson reads TAP)
#
# SPDX-License-Identifier: GPL-3.0-or-later

import sys
import traceback


class Skip(Exception):
    """Raised by a check that cannot run here; the reason is reported."""


class Tap:
    def __init__(self):
        self.cases = []

    def case(self, name):
        def register(function):
            self.cases.append((name, function))
            return function
        return register

    def run(self):
        print(f"1..{len(self.cases)}", flush=True)
        failed = 0
        for number, (name, function) in enumerate(self.cases, 1):
            try:
                function()
            except Skip as reason:
                print(f"ok {number} {name} # SKIP {reason}", flush=True)
            except Exception:
                failed += 1
                print(f"not ok {number} {name}", flush=True)
                for line in traceback.format_exc().splitlines():
                    print(f"# {line}", flush=True)
            else:
                print(f"ok {number} {name}", flush=True)
        sys.exit(1 if failed else 0)
