#!/usr/bin/env python3
# test-logo.py — an SVG logo on a spec sheet made by the CLI
#
# A user catalog's vendor record names an SVG beside the file. The sheet
# shows it as vectors (pdfimages lists no image, yet the pixels of the
# logo's box on page 1 have the logo's colour), and an SVG that is broken
# or reaches outside itself fails the command (exit 1) with the file named.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tap import Skip, Tap, check  # noqa: E402

tap = Tap()
ARGS = None

# The logo: 300 × 100 CSS px, one colour (#d81b60 = 216, 27, 96).
LOGO_RGB = (216, 27, 96)
LOGO_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
  <rect width="300" height="100" fill="#d81b60"/>
</svg>
"""

# Where it lands, by hand from the sheet's geometry (src/render/
# ts-specsheet-private.h): the first block of page 1 at the top-left margin
# (48 pt, 44 pt), scaled to fit 40 pt tall and 180 pt wide: 300 × 100 at
# min (40 / 100, 180 / 300) = 0.4 → 120 × 40 pt. At 72 dpi a point is a
# pixel: the box is x 48…168, y 44…84.
BOX = (48, 44, 168, 84)


def run_cli(*argv):
    return subprocess.run([ARGS.cli, *argv], capture_output=True, text=True,
                          env={**os.environ, "LANGUAGE": "en", "LC_ALL": "C.UTF-8"})


def write_catalog(tmp, logo_name, logo_text):
    with open(os.path.join(tmp, logo_name), "w", encoding="utf-8") as f:
        f.write(logo_text)
    catalog = os.path.join(tmp, "vendor.json")
    with open(catalog, "w", encoding="utf-8") as f:
        json.dump({"schema_version": 1, "catalog_version": "svg-1",
                   "vendor": {"name": "Vector Systems", "quote_email": "quote@vector.test",
                              "logo": logo_name}}, f)
    return catalog


def read_ppm(path):
    """A binary PPM (P6) as (width, height, bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    fields = []
    pos = 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    check(fields[0] == b"P6", fields)
    width, height, maxval = int(fields[1]), int(fields[2]), int(fields[3])
    check(maxval == 255)
    return width, height, data[pos + 1:]


def pixel(image, x, y):
    width, _, data = image
    i = (y * width + x) * 3
    return tuple(data[i:i + 3])


def near(rgb, want, tol=12):
    return all(abs(a - b) <= tol for a, b in zip(rgb, want))


def need_poppler():
    for tool in ("pdftoppm", "pdfimages"):
        if shutil.which(tool) is None:
            raise Skip(f"{tool} is missing (poppler-utils)")


@tap.case("an SVG logo from a user catalog is drawn in its box on page 1, as vectors")
def svg_logo_drawn():
    need_poppler()
    with tempfile.TemporaryDirectory() as tmp:
        catalog = write_catalog(tmp, "logo.svg", LOGO_SVG)
        pdf = os.path.join(tmp, "sheet.pdf")
        result = run_cli("pdf", "--catalog", catalog, "--model", "llama-3.1-70b", "--output", pdf)
        check(result.returncode == 0, result.stderr)
        subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", pdf, os.path.join(tmp, "p")],
                       check=True)
        # pdftoppm pads the page number to the count's digits (p-01.ppm
        # from 10 pages on): the one page asked for is the one file
        pages = [name for name in os.listdir(tmp) if name.startswith("p-") and name.endswith(".ppm")]
        check(len(pages) == 1, f"pdftoppm wrote {pages}")
        image = read_ppm(os.path.join(tmp, pages[0]))
        x0, y0, x1, y1 = BOX
        # inside the box, a pixel from the box's edge: the logo's colour
        inside = [(x, y) for x in range(x0 + 3, x1 - 3, 10) for y in range(y0 + 3, y1 - 3, 8)]
        wrong = [(x, y, pixel(image, x, y)) for x, y in inside if not near(pixel(image, x, y), LOGO_RGB)]
        check(not wrong, f"not the logo's colour in its box: {wrong[:5]}")
        # just right of the box and just below it: the page, not the logo
        for x, y in ((x1 + 6, (y0 + y1) // 2), ((x0 + x1) // 2, y1 + 4)):
            check(not near(pixel(image, x, y), LOGO_RGB), f"logo colour outside its box at {x},{y}")
        # vectors: the page holds no raster image for it
        images = subprocess.run(["pdfimages", "-f", "1", "-l", "1", "-list", pdf], capture_output=True,
                                check=True, text=True).stdout
        check(len(images.strip().splitlines()) == 2, f"the SVG became an image:\n{images}")


BAD_SVGS = {
    "broken (cut short)": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect',
    "not SVG": "this is not an image\n",
    "an image from another file": (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="10" height="10"><image xlink:href="file:///etc/hostname" width="10" height="10"/></svg>'),
    "a stylesheet from the network": (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<style>@import url(http://example.invalid/a.css);</style></svg>'),
    "an XInclude": (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" '
        'width="10" height="10"><text><xi:include href="/etc/hostname" parse="text"/></text></svg>'),
    "entities (billion laughs)": (
        '<?xml version="1.0"?>\n<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>'),
    "a page a million pixels wide": (
        '<svg xmlns="http://www.w3.org/2000/svg" width="1000000" height="10"><rect width="10" height="10"/></svg>'),
    "larger than any logo (3 MB)": (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' + " " * 3_000_000 + "</svg>"),
}


@tap.case("a broken or hostile SVG logo fails the command (exit 1) with the file named, and no sheet")
def svg_logo_refused():
    with tempfile.TemporaryDirectory() as tmp:
        for what, text in BAD_SVGS.items():
            catalog = write_catalog(tmp, "bad-logo.svg", text)
            pdf = os.path.join(tmp, "sheet.pdf")
            result = run_cli("pdf", "--catalog", catalog, "--model", "llama-3.1-70b", "--output", pdf)
            check(result.returncode == 1, f"{what}: exit {result.returncode}: {result.stderr}")
            check("bad-logo.svg" in result.stderr, f"{what}: file not named: {result.stderr}")
            check("Traceback" not in result.stderr and "CRITICAL" not in result.stderr, result.stderr)
            check(not os.path.exists(pdf), f"{what}: a sheet was written")


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    ARGS = parser.parse_args()
    tap.run()


if __name__ == "__main__":
    main()
