#!/usr/bin/env python3
# test-checks-catch.py — the consistency test fails against a CLI whose
# JSON is inconsistent, also under PYTHONOPTIMIZE=1 (where `assert`
# statements vanish: with them, its two JSON cases passed against this
# CLI; issue 25). wrong-cli.py makes heat 1 % off power and the whole-job
# memory 1 % off per GPU × GPUs.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Tap, check  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--consistency", required=True, help="test-consistency.py")
parser.add_argument("--wrong-cli", required=True, help="wrong-cli.py")
args = parser.parse_args()

tap = Tap()


def run_consistency(cases):
    env = {**os.environ, "PYTHONOPTIMIZE": "1", "TS_TAP_CASES": cases}
    return subprocess.run([sys.executable, args.consistency, "--cli", args.wrong_cli],
                          capture_output=True, text=True, env=env)


@tap.case("under -O, the JSON cases of test-consistency.py fail on heat ≠ power × 3,412.14 and on a wrong total")
def json_cases_fail():
    result = run_consistency("1,2")
    out = result.stdout
    check(result.returncode == 1, f"exit {result.returncode}:\n{out}\n{result.stderr}")
    check(out.startswith("1..2\n"), out)
    check("not ok 1 " in out and "not ok 2 " in out, out)
    # failed for the reason planted, not for another
    check(" heat: " in out, f"no heat check failed:\n{out}")
    check("whole-job" in out, f"no whole-job check failed:\n{out}")


tap.run()
