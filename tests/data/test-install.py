#!/usr/bin/env python3
# test-install.py — `meson install` puts everything in place and the
# installed programs run from the prefix
#
# The build tree is installed with --destdir into a temporary directory, so
# every file lands at <destdir><prefix>/…; the programs are then run from
# there with only what an installed system provides (no build-tree paths).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import configparser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Skip, Tap, check  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--builddir", required=True)
parser.add_argument("--prefix", required=True)
parser.add_argument("--bindir", required=True)
parser.add_argument("--datadir", required=True)
parser.add_argument("--localedir", required=True)
parser.add_argument("--app-id", required=True)
parser.add_argument("--version", required=True)
parser.add_argument("--gui", choices=["true", "false"], required=True)
parser.add_argument("--icons", required=True, help="the source data/icons directory")
args = parser.parse_args()

APP_ID = args.app_id
OBJECT_PATH = "/" + APP_ID.replace(".", "/")
# How long the window may take to appear on a slow, busy CI machine.
START_TIMEOUT_S = 30

tmp = tempfile.mkdtemp(prefix="ts-install-")
destdir = os.path.join(tmp, "destdir")


def staged(path):
    """Where an absolute install path ended up under the destdir."""
    return destdir + path


bindir = staged(args.bindir)
datadir = staged(args.datadir)
localedir = staged(args.localedir)
schemadir = os.path.join(datadir, "glib-2.0", "schemas")

tap = Tap()
state = {}


def installed_env(**extra):
    """The environment of a user of the installed app: the build tree's
    schema, translation and catalog variables removed."""
    env = dict(os.environ)
    for name in ("GSETTINGS_SCHEMA_DIR", "TRAINSIZER_LOCALEDIR", "TRAINSIZER_CLI",
                 "G_TEST_SRCDIR", "G_TEST_BUILDDIR", "TRAINSIZER_SOURCE_ROOT"):
        env.pop(name, None)
    env.update(extra)
    return env


@tap.case("meson install --destdir installs every part")
def install():
    subprocess.run(["meson", "install", "-C", args.builddir, "--destdir", destdir,
                    "--no-rebuild", "--quiet"], check=True, stdout=subprocess.DEVNULL)
    expected = [
        os.path.join(bindir, "trainsizer-cli"),
        os.path.join(schemadir, APP_ID + ".gschema.xml"),
        os.path.join(localedir, "ru", "LC_MESSAGES", "trainsizer.mo"),
    ]
    # The desktop integration describes the window: a CLI-only build
    # (-Dgui=disabled) installs none of it.
    if args.gui == "true":
        expected += [
            os.path.join(bindir, "trainsizer"),
            os.path.join(datadir, "applications", APP_ID + ".desktop"),
            os.path.join(datadir, "metainfo", APP_ID + ".metainfo.xml"),
            os.path.join(datadir, "dbus-1", "services", APP_ID + ".service"),
            os.path.join(datadir, "icons", "hicolor", "scalable", "apps", APP_ID + ".svg"),
            os.path.join(datadir, "icons", "hicolor", "symbolic", "apps", APP_ID + "-symbolic.svg"),
        ]
    missing = [path for path in expected if not os.path.isfile(path)]
    check(not missing, f"not installed: {missing}")
    state["installed"] = True
    # gnome.post_install skips glib-compile-schemas under DESTDIR (a package
    # manager's trigger does it on the target system); do what it would do.
    subprocess.run(["glib-compile-schemas", "--strict", schemadir], check=True)


def need_install():
    if not state.get("installed"):
        raise Skip("the install step failed")


@tap.case("the installed desktop file and metainfo name the app ID and its icon")
def installed_metadata():
    need_install()
    if args.gui != "true":
        raise Skip("built without the window (-Dgui=disabled)")
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(os.path.join(datadir, "applications", APP_ID + ".desktop"), encoding="utf-8")
    entry = desktop["Desktop Entry"]
    check(entry["Icon"] == APP_ID, entry["Icon"])
    icon = os.path.join(datadir, "icons", "hicolor", "scalable", "apps", entry["Icon"] + ".svg")
    check(os.path.isfile(icon), icon)
    component = ET.parse(os.path.join(datadir, "metainfo", APP_ID + ".metainfo.xml")).getroot()
    check(component.findtext("id") == APP_ID)
    check(component.findtext("launchable") == APP_ID + ".desktop")
    versions = [release.get("version") for release in component.iter("release")]
    check(versions[0] == args.version, versions)
    # The scenario file type the desktop file claims is installed with it.
    mime = os.path.join(datadir, "mime", "packages", APP_ID + ".xml")
    check("application/x-trainsizer-scenario" in open(mime, encoding="utf-8").read(), mime)


@tap.case("the installed app icon is the profile's own")
def installed_icon():
    need_install()
    if args.gui != "true":
        raise Skip("built without the window (-Dgui=disabled)")
    # The development profile (app ID ….Devel) has a distinct icon.
    source_name = ("io.github.trainsizer.TrainSizer.Devel.svg" if APP_ID.endswith(".Devel")
                   else "io.github.trainsizer.TrainSizer.svg")
    with open(os.path.join(args.icons, source_name), "rb") as source, \
         open(os.path.join(datadir, "icons", "hicolor", "scalable", "apps", APP_ID + ".svg"), "rb") as icon:
        check(icon.read() == source.read(), f"the installed icon is not {source_name}")


@tap.case("the D-Bus service starts the installed binary as a GApplication service")
def dbus_service():
    need_install()
    if args.gui != "true":
        raise Skip("built without the window (-Dgui=disabled)")
    service = configparser.ConfigParser(interpolation=None)
    service.optionxform = str
    service.read(os.path.join(datadir, "dbus-1", "services", APP_ID + ".service"))
    check(service["D-BUS Service"]["Name"] == APP_ID)
    # An absolute path into the prefix: the bus does not search PATH.
    check(service["D-BUS Service"]["Exec"] == os.path.join(args.bindir, "trainsizer") + " --gapplication-service")


@tap.case("the installed CLI estimates 70B full training at the article's 1,120–1,260 GB")
def cli_estimate():
    need_install()
    result = subprocess.run([os.path.join(bindir, "trainsizer-cli"), "estimate", "--params", "70B",
                             "--method", "full", "--format", "json"],
                            env=installed_env(), capture_output=True, text=True, check=True)
    plan = json.loads(result.stdout)
    # Article: 16–18 bytes per parameter → 70e9 × 16 = 1.12e12 B and 70e9 × 18 = 1.26e12 B.
    check(plan["rule_of_thumb"]["low_bytes"] == 70e9 * 16)
    check(plan["rule_of_thumb"]["high_bytes"] == 70e9 * 18)


@tap.case("the installed CLI reports the meson project version")
def cli_version():
    need_install()
    result = subprocess.run([os.path.join(bindir, "trainsizer-cli"), "--version"],
                            env=installed_env(), capture_output=True, text=True, check=True)
    check(args.version in result.stdout.split(), result.stdout)


@tap.case("the installed CLI speaks Russian from the installed catalogue")
def cli_russian():
    need_install()
    # The installed binary looks for translations in LOCALEDIR from config.h,
    # which is <prefix>/share/locale; with --destdir they sit at
    # <destdir><prefix>/share/locale instead, so point the app's override
    # there. It proves the installed .mo file is complete and loadable; the
    # compiled-in path is checked below.
    result = subprocess.run([os.path.join(bindir, "trainsizer-cli"), "estimate", "--params", "70B",
                             "--method", "full", "--lang", "ru"],
                            env=installed_env(TRAINSIZER_LOCALEDIR=localedir, LC_ALL="C.UTF-8"),
                            capture_output=True, text=True, check=True)
    # “ГБ” is the Russian for GB: 1,120–1,260 GB becomes “1 120–1 260 ГБ”.
    check("ГБ" in result.stdout, result.stdout)
    english = subprocess.run([os.path.join(bindir, "trainsizer-cli"), "estimate", "--params", "70B",
                              "--method", "full", "--lang", "en"],
                             env=installed_env(TRAINSIZER_LOCALEDIR=localedir, LC_ALL="C.UTF-8"),
                             capture_output=True, text=True, check=True)
    check("ГБ" not in english.stdout and "GB" in english.stdout, english.stdout)


@tap.case("the installed programs look for translations in the prefix")
def compiled_localedir():
    need_install()
    programs = ["trainsizer-cli"] + (["trainsizer"] if args.gui == "true" else [])
    for program in programs:
        with open(os.path.join(bindir, program), "rb") as binary:
            check(args.localedir.encode() + b"\0" in binary.read(), program)


def private_bus(activatable):
    """A session bus of the test's own. When activatable, it can start only
    the installed app: its service file is copied with Exec pointing into
    the destdir (the installed file names <bindir>, where nothing is
    installed during the test). Otherwise it starts nothing, so a launch
    from the command line is what owns the name."""
    services = os.path.join(tmp, "services-activatable" if activatable else "services-none")
    os.makedirs(services, exist_ok=True)
    if activatable:
        with open(os.path.join(datadir, "dbus-1", "services", APP_ID + ".service")) as source:
            text = source.read().replace("Exec=" + args.bindir + "/", "Exec=" + bindir + "/")
        with open(os.path.join(services, APP_ID + ".service"), "w") as copy:
            copy.write(text)
    config = os.path.join(tmp, "bus.conf")
    with open(config, "w") as conf:
        conf.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir={tmp}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>{services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
""")
    log = open(os.path.join(tmp, "bus.log"), "w+")
    env = installed_env(GSETTINGS_SCHEMA_DIR=schemadir, GSETTINGS_BACKEND="memory",
                        G_DEBUG="fatal-criticals", GSK_RENDERER="cairo", GTK_A11Y="none",
                        NO_AT_BRIDGE="1", XDG_DATA_DIRS=datadir + ":/usr/local/share:/usr/share")
    daemon = subprocess.Popen(["dbus-daemon", "--config-file", config, "--nofork",
                               "--print-address=1"], stdout=subprocess.PIPE, stderr=log,
                              env=env, text=True)
    address = daemon.stdout.readline().strip()
    env["DBUS_SESSION_BUS_ADDRESS"] = address
    return daemon, env, log


def gdbus(env, *call):
    return subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID,
                           "--object-path", OBJECT_PATH] + list(call),
                          env=env, capture_output=True, text=True, timeout=START_TIMEOUT_S)


def wait_for_window(env, process=None):
    """True once the app exports its first window's actions on the bus."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            return False
        # Introspecting an unowned name would start the app through the bus.
        if not name_has_owner(env):
            time.sleep(0.2)
            continue
        result = subprocess.run(["gdbus", "introspect", "--session", "--dest", APP_ID,
                                 "--object-path", OBJECT_PATH + "/window/1"],
                                env=env, capture_output=True, text=True)
        if result.returncode == 0 and "org.gtk.Actions" in result.stdout:
            return True
        time.sleep(0.2)
    return False


def name_has_owner(env):
    result = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus",
                             "--object-path", "/org/freedesktop/DBus", "--method",
                             "org.freedesktop.DBus.NameHasOwner", APP_ID],
                            env=env, capture_output=True, text=True, check=True)
    return "true" in result.stdout


def problems(text):
    """Criticals and warnings GLib printed (G_DEBUG makes criticals fatal)."""
    return [line for line in text.splitlines()
            if "-CRITICAL **" in line or "-WARNING **" in line or "-ERROR **" in line]


def need_display():
    need_install()
    if args.gui != "true":
        raise Skip("built without the window (-Dgui=disabled)")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise Skip("no display (build-aux/test runs the tests under xvfb-run)")
    if shutil.which("dbus-daemon") is None or shutil.which("gdbus") is None:
        raise Skip("dbus-daemon or gdbus is missing")


@tap.case("the installed window starts from the prefix and quits cleanly")
def window_starts():
    need_display()
    daemon, env, log = private_bus(activatable=False)
    try:
        app = subprocess.Popen([os.path.join(bindir, "trainsizer")], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            shown = wait_for_window(env, app)
            if shown:
                quit_call = gdbus(env, "--method", "org.freedesktop.Application.ActivateAction",
                                  "quit", "[]", "{}")
                check(quit_call.returncode == 0, quit_call.stderr)
            out, err = app.communicate(timeout=START_TIMEOUT_S)
        finally:
            if app.poll() is None:
                app.kill()
                app.wait()
        check(shown, f"no window appeared; exit status {app.returncode}; stderr:\n{err}")
        check(app.returncode == 0, f"exit status {app.returncode}; stderr:\n{err}")
        check(not problems(err), err)
    finally:
        daemon.terminate()
        daemon.wait()
        log.close()


@tap.case("the session bus activates the installed app through its service file")
def dbus_activation():
    need_display()
    daemon, env, log = private_bus(activatable=True)
    try:
        # org.freedesktop.Application.Activate is what a launcher calls for a
        # DBusActivatable desktop file.
        activate = gdbus(env, "--method", "org.freedesktop.Application.Activate", "{}")
        check(activate.returncode == 0, activate.stderr)
        check(wait_for_window(env), "activation started no window")
        quit_call = gdbus(env, "--method", "org.freedesktop.Application.ActivateAction",
                          "quit", "[]", "{}")
        check(quit_call.returncode == 0, quit_call.stderr)
        deadline = time.monotonic() + START_TIMEOUT_S
        while name_has_owner(env) and time.monotonic() < deadline:
            time.sleep(0.2)
        check(not name_has_owner(env), "the app did not quit")
        log.seek(0)
        output = log.read()
        check(not problems(output), output)
    finally:
        daemon.terminate()
        daemon.wait()
        log.close()


try:
    tap.run()
finally:
    shutil.rmtree(tmp, ignore_errors=True)
