#!/usr/bin/env python3
# wrong-cli.py — trainsizer-cli with inconsistent JSON, for
# test-checks-catch.py: it runs the real CLI ($TRAINSIZER_CLI) and, for `estimate … --format
# json`, makes every option's heat output 1 % off its power and the
# whole-job memory 1 % off the sum the CLI gives. Everything else passes through.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import subprocess
import sys

cli = os.environ["TRAINSIZER_CLI"]
argv = sys.argv[1:]
result = subprocess.run([cli, *argv], capture_output=True, text=True)
sys.stderr.write(result.stderr)
if result.returncode == 0 and argv[:1] == ["estimate"] and "json" in argv:
    plan = json.loads(result.stdout)
    for option in plan["options"]:
        option["heat_btu_h"] *= 1.01
    for key in plan["memory"]["total"]:
        plan["memory"]["total"][key] *= 1.01
    sys.stdout.write(json.dumps(plan, indent=2) + "\n")
else:
    sys.stdout.write(result.stdout)
sys.exit(result.returncode)
