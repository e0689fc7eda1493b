#!/usr/bin/env python3
# test-data-files.py — the desktop file, AppStream metainfo, D-Bus service
# and icons are valid and say what the platform needs to know
#
# The validators are run strictly: desktop-file-validate exits 0 even on
# some errors (“will be fatal in the future”) and on hints, and appstreamcli
# passes with infos, so any output line fails here except the infos listed
# in ALLOWED_APPSTREAM_INFOS with their reason.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import configparser
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tap import Skip, Tap, check  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--desktop", required=True)
parser.add_argument("--metainfo", required=True)
parser.add_argument("--service")
parser.add_argument("--mime", required=True, help="the built shared-mime-info package")
parser.add_argument("--icons", required=True, help="the source data/icons directory")
parser.add_argument("--screenshots", required=True, help="the source data/screenshots directory")
parser.add_argument("--app-id", required=True)
parser.add_argument("--version", required=True)
parser.add_argument("--gettext-package", required=True)
parser.add_argument("--linguas", required=True, help="po/LINGUAS")
args = parser.parse_args()

# appstreamcli 0.16.1 (Debian 12) predates AppStream 1.0's <developer>
# element and reports it as an unknown tag at info level; AppStream 1.x and
# Flathub require it (<developer_name> is deprecated there), so we keep it.
ALLOWED_APPSTREAM_INFOS = {"unknown-tag developer"}
# AppStream: the first description paragraph should say what the app is in
# at least this many characters (description-first-para-too-short).
FIRST_PARAGRAPH_MIN_CHARS = 80
# freedesktop.org menu specification, “Main Categories”.
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
                   "Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}
SCREENSHOT_URL = "https://raw.githubusercontent.com/trainsizer/trainsizer/main/data/screenshots/"
SVG = "{http://www.w3.org/2000/svg}"
MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"
SCENARIO_TYPE = "application/x-trainsizer-scenario"

tap = Tap()


def desktop_file_problems(path):
    program = shutil.which("desktop-file-validate")
    if program is None:
        raise Skip("desktop-file-validate is missing (desktop-file-utils)")
    result = subprocess.run([program, path], capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    return [line for line in output.splitlines() if line] + (
        [f"exit status {result.returncode}"] if result.returncode else [])


def metainfo_problems(path):
    program = shutil.which("appstreamcli")
    if program is None:
        raise Skip("appstreamcli is missing (appstream)")
    result = subprocess.run([program, "validate", "--no-net", "--explain", path],
                            capture_output=True, text=True)
    found = [] if result.returncode == 0 else [f"exit status {result.returncode}"]
    for line in result.stdout.splitlines():
        if not re.match(r"^[EWIP]: ", line):
            continue  # --explain text and the summary line
        # “I: <component>:<line>: <tag> [detail]”; the location is one word.
        issue = re.match(r"^I: \S+ (\S+)(?: (.*))?$", line)
        if issue is not None and " ".join(filter(None, issue.groups())) in ALLOWED_APPSTREAM_INFOS:
            continue
        found.append(line)
    return found


def read_desktop(path):
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(path, encoding="utf-8")
    return desktop["Desktop Entry"]


@tap.case("desktop-file-validate reports nothing at all")
def desktop_valid():
    found = desktop_file_problems(args.desktop)
    check(not found, found)


@tap.case("the strict desktop check rejects an icon name with an extension")
def desktop_strict():
    # desktop-file-validate exits 0 on this one; our check must not.
    with tempfile.TemporaryDirectory() as directory:
        broken = os.path.join(directory, os.path.basename(args.desktop))
        with open(args.desktop, encoding="utf-8") as source, open(broken, "w", encoding="utf-8") as out:
            out.write(re.sub(r"^Icon=.*$", f"Icon={args.app_id}.svg", source.read(), flags=re.M))
        check(desktop_file_problems(broken))


@tap.case("the desktop file names, describes and launches the app")
def desktop_content():
    entry = read_desktop(args.desktop)
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        check(entry.get(key), f"{key} is empty")
    check(entry["Keywords"].endswith(";"))
    check(entry["Icon"] == args.app_id)
    check(entry["Exec"].split()[0] == "trainsizer")
    check(entry["Type"] == "Application")
    check(entry["StartupNotify"] == "true")
    main = [c for c in entry["Categories"].split(";") if c in MAIN_CATEGORIES]
    # One main category: with more, menus list the app more than once.
    check(len(main) == 1, entry["Categories"])


@tap.case("a D-Bus activatable desktop file has a matching D-Bus service")
def dbus_activatable():
    entry = read_desktop(args.desktop)
    if entry.get("DBusActivatable") != "true":
        raise Skip("the desktop file is not D-Bus activatable")
    # The desktop entry spec: the file name must be the bus name + .desktop.
    check(os.path.basename(args.desktop) == args.app_id + ".desktop")
    check(args.service, "DBusActivatable=true but no D-Bus service is built")
    service = configparser.ConfigParser(interpolation=None)
    service.optionxform = str
    service.read(args.service)
    check(service["D-BUS Service"]["Name"] == args.app_id)
    check(service["D-BUS Service"]["Exec"].endswith("/trainsizer --gapplication-service"))


@tap.case("appstreamcli validate --no-net reports no errors, warnings or unexplained infos")
def metainfo_valid():
    found = metainfo_problems(args.metainfo)
    check(not found, found)


@tap.case("the strict metainfo check rejects an info appstreamcli would pass")
def metainfo_strict():
    with tempfile.TemporaryDirectory() as directory:
        broken = os.path.join(directory, os.path.basename(args.metainfo))
        with open(args.metainfo, encoding="utf-8") as source, open(broken, "w", encoding="utf-8") as out:
            # A summary ending in a full stop: “I: summary-has-dot-suffix”.
            out.write(re.sub(r"(<summary>[^<]*)</summary>", r"\1.</summary>", source.read(), count=1))
        check(metainfo_problems(broken))


component = ET.parse(args.metainfo).getroot()


def english(element_name, parent=None):
    """The untranslated text of the first matching element."""
    for element in (parent if parent is not None else component).findall(element_name):
        if element.get("{http://www.w3.org/XML/1998/namespace}lang") is None:
            return "".join(element.itertext()).strip()
    return None


@tap.case("the metainfo identifies the app, its licences and developer")
def metainfo_identity():
    check(component.get("type") == "desktop-application")
    check(component.findtext("id") == args.app_id)
    check(component.findtext("metadata_license") == "CC0-1.0")
    check(component.findtext("project_license") == "GPL-3.0-or-later")
    check(english("name") == "Train Sizer")
    check(english("summary"))
    developer = component.find("developer")
    check(developer is not None and developer.get("id") and english("name", developer))
    launchable = component.find("launchable")
    check(launchable.get("type") == "desktop-id" and launchable.text == args.app_id + ".desktop")
    urls = {url.get("type"): url.text for url in component.findall("url")}
    for kind in ("homepage", "bugtracker", "vcs-browser"):
        check(urls.get(kind, "").startswith("https://"), f"url {kind}: {urls.get(kind)}")


@tap.case("the description says what the app does and for whom")
def metainfo_description():
    description = [p for p in component.find("description")
                   if p.get("{http://www.w3.org/XML/1998/namespace}lang") is None]
    first = " ".join("".join(description[0].itertext()).split())
    check(description[0].tag == "p" and len(first) >= FIRST_PARAGRAPH_MIN_CHARS, first)
    text = " ".join(" ".join(p.itertext()) for p in description)
    # The three audiences of the design (architecture.md).
    for audience in ("salespeople", "customers", "presales engineers"):
        check(audience in text, audience)


@tap.case("the newest release is the meson project version, with notes")
def metainfo_release():
    releases = component.find("releases").findall("release")
    check(releases[0].get("version") == args.version, releases[0].get("version"))
    check(re.fullmatch(r"\d{4}-\d{2}-\d{2}", releases[0].get("date") or ""))
    check(releases[0].find("description") is not None)


@tap.case("the metainfo lists captioned screenshots from the repository")
def metainfo_screenshots():
    screenshots = component.find("screenshots").findall("screenshot")
    check(screenshots, "no screenshots")
    check(sum(1 for s in screenshots if s.get("type") == "default") == 1)
    names = []
    for screenshot in screenshots:
        image = screenshot.find("image").text.strip()
        check(image.startswith(SCREENSHOT_URL) and image.endswith(".png"), image)
        check(english("caption", screenshot), f"{image} has no caption")
        names.append(image[len(SCREENSHOT_URL):])
    if not os.path.isdir(args.screenshots):
        raise Skip("data/screenshots/ is not in the repository yet")
    missing = [name for name in names if not os.path.isfile(os.path.join(args.screenshots, name))]
    check(not missing, f"not in data/screenshots/: {missing}")


@tap.case("the metainfo has rating, translation, branding, devices and binaries")
def metainfo_platform():
    check(component.find("content_rating").get("type") == "oars-1.1")
    translation = component.find("translation")
    check(translation.get("type") == "gettext" and translation.text == args.gettext_package)
    colours = {c.get("scheme_preference"): c.text for c in component.find("branding").findall("color")}
    check(set(colours) == {"light", "dark"} and colours["light"] != colours["dark"], colours)
    for colour in colours.values():
        check(re.fullmatch(r"#[0-9a-fA-F]{6}", colour), colour)
    check(component.find("requires").findtext("display_length"))
    controls = {c.text for c in component.find("supports").findall("control")}
    check(controls == {"keyboard", "pointing", "touch"}, controls)
    binaries = {b.text for b in component.find("provides").findall("binary")}
    check(binaries == {"trainsizer", "trainsizer-cli"}, binaries)


def languages():
    with open(args.linguas, encoding="utf-8") as linguas:
        return [line.strip() for line in linguas
                if line.strip() and not line.startswith("#")]


@tap.case("the desktop file is translated into every language in po/LINGUAS")
def desktop_translated():
    entry = read_desktop(args.desktop)
    for lang in languages():
        for key in ("GenericName", "Comment", "Keywords"):
            translated = entry.get(f"{key}[{lang}]")
            check(translated and translated != entry[key], f"{key}[{lang}] is missing")
        # Launchers split keywords on “;”: a missing final one drops a word
        # in some of them.
        check(entry[f"Keywords[{lang}]"].endswith(";"), entry[f"Keywords[{lang}]"])


@tap.case("the metainfo is translated into every language in po/LINGUAS")
def metainfo_translated():
    lang_attr = "{http://www.w3.org/XML/1998/namespace}lang"
    for lang in languages():
        summaries = [e for e in component.findall("summary") if e.get(lang_attr) == lang]
        check(summaries, f"no {lang} summary")
        description = component.find("description")
        english_paragraphs = [e for e in description if e.tag == "p" and e.get(lang_attr) is None]
        translated = [e for e in description if e.tag == "p" and e.get(lang_attr) == lang]
        check(len(translated) == len(english_paragraphs),
            f"{len(translated)} of {len(english_paragraphs)} paragraphs in {lang}")
        captions = [c for c in component.iter("caption") if c.get(lang_attr) == lang]
        check(len(captions) == len(component.find("screenshots")), f"captions in {lang}")


def svg_size(path):
    root = ET.parse(path).getroot()
    check(root.tag == SVG + "svg", path)
    return root.get("width"), root.get("height"), root.get("viewBox")


@tap.case("the icons are a 128 px app icon, a distinct development icon and a 16 px symbolic")
def icons():
    app = os.path.join(args.icons, "io.github.trainsizer.TrainSizer.svg")
    devel = os.path.join(args.icons, "io.github.trainsizer.TrainSizer.Devel.svg")
    symbolic = os.path.join(args.icons, "io.github.trainsizer.TrainSizer-symbolic.svg")
    check(svg_size(app) == ("128", "128", "0 0 128 128"))
    check(svg_size(devel) == ("128", "128", "0 0 128 128"))
    check(svg_size(symbolic) == ("16", "16", "0 0 16 16"))
    with open(app, "rb") as a, open(devel, "rb") as d:
        check(a.read() != d.read(), "the development icon is the release icon")
    # GTK recolours symbolic icons: one colour, no gradients or images.
    text = open(symbolic, encoding="utf-8").read()
    colours = set(re.findall(r"#[0-9a-fA-F]{3,6}\b", text))
    check(len(colours) <= 1 and "Gradient" not in text and "<image" not in text, colours)


def scenario_mime_type():
    root = ET.parse(args.mime).getroot()
    check(root.tag == MIME + "mime-info", root.tag)
    types = root.findall(MIME + "mime-type")
    check([t.get("type") for t in types] == [SCENARIO_TYPE], [t.get("type") for t in types])
    return types[0]


@tap.case("the scenario MIME type is well-formed, globs *.trainsizer and is JSON inside")
def mime_type():
    mime = scenario_mime_type()
    check([g.get("pattern") for g in mime.findall(MIME + "glob")] == ["*.trainsizer"])
    check([s.get("type") for s in mime.findall(MIME + "sub-class-of")] == ["application/json"])
    lang_attr = "{http://www.w3.org/XML/1998/namespace}lang"
    comments = {c.get(lang_attr): c.text for c in mime.findall(MIME + "comment")}
    check(comments.get(None), "no English comment")
    for lang in languages():
        check(comments.get(lang) and comments[lang] != comments[None], f"comment[{lang}] is missing")


@tap.case("update-mime-database accepts the scenario type and maps a .trainsizer file to it")
def mime_database():
    program = shutil.which("update-mime-database")
    if program is None:
        raise Skip("update-mime-database is missing (shared-mime-info)")
    with tempfile.TemporaryDirectory() as directory:
        packages = os.path.join(directory, "packages")
        os.makedirs(packages)
        shutil.copy(args.mime, packages)
        done = subprocess.run([program, "-V", directory], capture_output=True, text=True)
        check(done.returncode == 0, done.stderr)
        with open(os.path.join(directory, "globs2"), encoding="utf-8") as globs:
            check(re.search(r"^\d+:" + re.escape(SCENARIO_TYPE) + r":\*\.trainsizer$", globs.read(), re.M))


@tap.case("the desktop file claims the scenario type and takes files to open")
def desktop_mime_type():
    entry = read_desktop(args.desktop)
    check(SCENARIO_TYPE in entry.get("MimeType", "").split(";"), entry.get("MimeType"))
    check(entry["Exec"].split()[1:] in (["%U"], ["%F"]), entry["Exec"])


tap.run()
