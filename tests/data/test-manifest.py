#!/usr/bin/env python3
# test-manifest.py — the Flatpak manifest builds the app from this checkout
# and grants only the four standard permissions
#
# Customers install the Flatpak themselves, so the sandbox is part of what we
# promise: a GTK 4 app needs IPC, a display (Wayland, X11 as fallback) and
# the GPU; printing and file choosing go through portals. Anything more
# (home or host files, the network, devices, D-Bus names) fails here.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Skip, Tap, check  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--manifest", required=True)
parser.add_argument("--app-id", required=True)
args = parser.parse_args()

ALLOWED_FINISH_ARGS = {"--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"}
# GNOME runtimes are supported for about a year; 50 is the stable one as of
# December 2026 (49 still receives fixes). flatpak-builder-lint's
# “eolruntime” check rejects older ones, and “master” is a nightly.
OLDEST_SUPPORTED_GNOME_RUNTIME = 49
# Build-time sandbox options that would let a build step reach the network
# (manifest-toplevel-build-network-access in flatpak-builder-lint).
NETWORK_BUILD_ARG = "--share=network"
# What the test step may add to the build sandbox: the host's X display, so
# the window tests run when a developer builds the Flatpak on a desktop.
# It is not a permission of the installed app.
ALLOWED_TEST_ARGS = {"--socket=x11", "--share=ipc"}


def problems(manifest, app_id):
    """Everything wrong with a parsed manifest, as sentences."""
    found = []
    manifest_id = manifest.get("id", manifest.get("app-id"))
    if manifest_id != app_id:
        found.append(f"id is {manifest_id!r}, not {app_id!r}")
    if manifest.get("command") != "trainsizer":
        found.append(f"command is {manifest.get('command')!r}, not 'trainsizer'")
    if manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk":
        found.append("runtime/sdk are not org.gnome.Platform/org.gnome.Sdk")
    version = str(manifest.get("runtime-version", ""))
    if not version.isdigit() or int(version) < OLDEST_SUPPORTED_GNOME_RUNTIME:
        found.append(f"runtime-version {version!r} is not a stable GNOME ≥ {OLDEST_SUPPORTED_GNOME_RUNTIME}")
    finish_args = manifest.get("finish-args", [])
    extra = [arg for arg in finish_args if arg not in ALLOWED_FINISH_ARGS]
    if extra:
        found.append(f"finish-args grant more than needed: {extra}")
    missing = ALLOWED_FINISH_ARGS - set(finish_args)
    if missing:
        found.append(f"finish-args lack {sorted(missing)}")
    if len(finish_args) != len(set(finish_args)):
        found.append("finish-args repeat an entry")
    # The in-app language switch needs both catalogues in the app itself,
    # not in a Locale extension installed per the user's languages.
    if manifest.get("separate-locales") is not False:
        found.append("separate-locales is not false")
    if not manifest.get("cleanup"):
        found.append("no cleanup list")

    def build_options(holder):
        return holder.get("build-options", {})

    for options_holder in [manifest] + manifest.get("modules", []):
        if not isinstance(options_holder, dict):
            continue
        if NETWORK_BUILD_ARG in build_options(options_holder).get("build-args", []):
            found.append("a build step has network access")
        extra_test_args = set(build_options(options_holder).get("test-args", [])) - ALLOWED_TEST_ARGS
        if extra_test_args:
            found.append(f"the test step gets more than a display: {sorted(extra_test_args)}")
    app_modules = [module for module in manifest.get("modules", [])
                   if isinstance(module, dict) and module.get("name") == "trainsizer"]
    if len(app_modules) != 1:
        found.append("there is not exactly one 'trainsizer' module")
    else:
        module = app_modules[-1]
        if manifest.get("modules", [])[-1] is not module:
            found.append("the app is not the last module")
        if module.get("buildsystem") != "meson":
            found.append("the app is not built with meson")
        if module.get("sources") != [{"type": "dir", "path": ".."}]:
            found.append("the app is not built from this checkout ({'type': 'dir', 'path': '..'})")
        if module.get("run-tests") is not True:
            found.append("the build does not run the tests")
    return found


manifest_text = open(args.manifest, encoding="utf-8").read()
tap = Tap()


@tap.case("the manifest is named after the app ID")
def file_name():
    # flatpak-builder-lint: appid-filename-mismatch
    check(os.path.basename(args.manifest) == args.app_id + ".json", args.manifest)


@tap.case("the manifest parses as JSON and has no problems")
def real_manifest():
    manifest = json.loads(manifest_text)
    found = problems(manifest, args.app_id)
    check(not found, found)


def mutated(change):
    manifest = copy.deepcopy(json.loads(manifest_text))
    change(manifest)
    return problems(manifest, args.app_id)


# The checker itself must reject what it exists to reject; each case below
# is a manifest one step broader than ours.
BROADER = [
    ("home files", lambda m: m["finish-args"].append("--filesystem=home")),
    ("host files", lambda m: m["finish-args"].append("--filesystem=host")),
    ("network", lambda m: m["finish-args"].append("--share=network")),
    ("all devices", lambda m: m["finish-args"].append("--device=all")),
    ("CUPS socket", lambda m: m["finish-args"].append("--socket=cups")),
    ("plain X11", lambda m: m["finish-args"].__setitem__(1, "--socket=x11")),
    ("portal talk-name", lambda m: m["finish-args"].append("--talk-name=org.freedesktop.portal.Desktop")),
    ("session bus", lambda m: m["finish-args"].append("--socket=session-bus")),
    ("the test step on the network",
     lambda m: m["modules"][-1].setdefault("build-options", {}).setdefault("test-args", []).append("--share=network")),
    ("a build step on the network",
     lambda m: m["modules"][-1].setdefault("build-options", {}).setdefault("build-args", []).append("--share=network")),
]

for label, change in BROADER:
    def rejected(change=change):
        check(mutated(change), "accepted")
    tap.case(f"a manifest granting {label} is rejected")(rejected)


@tap.case("a manifest on a nightly or end-of-life runtime is rejected")
def old_runtime():
    check(mutated(lambda m: m.__setitem__("runtime-version", "master")))
    check(mutated(lambda m: m.__setitem__("runtime-version", "47")))


@tap.case("a manifest that splits the translations off is rejected")
def split_locales():
    check(mutated(lambda m: m.pop("separate-locales")))


def show_manifest(path):
    """flatpak-builder's own reading of a manifest: (accepted, JSON out,
    messages). It only warns about properties it does not know (a misspelt
    “finish-args” would silently grant nothing), so a warning rejects."""
    program = shutil.which("flatpak-builder")
    if program is None:
        raise Skip("flatpak-builder is not installed (build-aux/deps installs it)")
    with tempfile.TemporaryDirectory(prefix="ts-flatpak-") as state:
        # It leaves a .flatpak-builder state directory in the working
        # directory, so work in a temporary one.
        result = subprocess.run([program, "--show-manifest", os.path.abspath(path)],
                                cwd=state, capture_output=True, text=True)
    accepted = result.returncode == 0 and "WARNING" not in result.stderr
    return accepted, result.stdout, result.stderr


@tap.case("the build's test step runs the tests, all but the window's (no display in the sandbox)")
def test_step():
    module = json.loads(manifest_text)["modules"][-1]
    check(module.get("run-tests") is True, module)
    commands = " ".join(module.get("test-commands", []))
    check("meson test" in commands, commands)
    check("--no-suite ui" in commands, commands)
    # nothing else is left out
    check(commands.count("--no-suite") == 1 and "--suite " not in commands, commands)


@tap.case("flatpak-builder --show-manifest accepts the manifest")
def flatpak_builder():
    accepted, shown, messages = show_manifest(args.manifest)
    check(accepted, messages)
    shown = json.loads(shown)
    check(shown["id"] == args.app_id)
    check(sorted(shown["finish-args"]) == sorted(ALLOWED_FINISH_ARGS))


@tap.case("flatpak-builder --show-manifest rejects a misspelt property")
def flatpak_builder_misspelt():
    manifest = json.loads(manifest_text)
    manifest["finish-argz"] = manifest.pop("finish-args")
    with tempfile.TemporaryDirectory(prefix="ts-manifest-") as directory:
        path = os.path.join(directory, args.app_id + ".json")
        with open(path, "w", encoding="utf-8") as out:
            json.dump(manifest, out)
        accepted, _, messages = show_manifest(path)
    check(not accepted, messages)


tap.run()
