#!/usr/bin/env python3
"""Draw the app's icons (the web app manifest's) into ``pwa/icons/``: two fanned cards, the front
one marked with a check, on the site's green.

Drawn here rather than taken from anywhere: shapes as signed distance functions, each pixel's
coverage taken from its distance to the edge (anti-aliasing without supersampling), written as
PNG with zlib from the standard library. The output is deterministic, so running it again
rewrites the same bytes; the PNGs are committed and `make dist` only copies them.

* ``icon-192.png``, ``icon-512.png`` (purpose ``any``): a rounded square, transparent corners.
* ``icon-maskable-512.png`` (purpose ``maskable``): the green fills the square and the drawing
  sits inside the safe zone (the central circle of 80 % diameter that every mask keeps).

Colours come from ui/shell.css's light tokens (``--accent``, ``--page``, ``--line``).

Usage: ``python3 -m tools.draw_icons [--check]`` (``--check``: exit 1 if a committed icon differs).
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "pwa" / "icons"

RGB = tuple[int, int, int]
ACCENT: RGB = (0x1D, 0x6B, 0x45)   # --accent (light), also the manifest's theme_color
PAPER: RGB = (0xFF, 0xFF, 0xFF)    # the front card
BACK: RGB = (0xF4, 0xF1, 0xEA)     # --page (light): the card behind
EDGE: RGB = (0xC9, 0xC2, 0xB0)     # a card's border, as the gallery pictures draw it
INK: RGB = (0x1D, 0x6B, 0x45)      # the check mark

#: Where a point stands relative to a shape: negative inside, in units of the icon's side.
Distance = Callable[[float, float], float]


def rounded_box(cx: float, cy: float, half_w: float, half_h: float, radius: float,
                degrees: float = 0.0) -> Distance:
    """A rounded rectangle centred on (cx, cy), turned by ``degrees`` (clockwise on screen)."""
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    inner_w, inner_h = half_w - radius, half_h - radius

    def distance(x: float, y: float) -> float:
        dx, dy = x - cx, y - cy
        lx, ly = dx * cos + dy * sin, -dx * sin + dy * cos  # into the box's own frame
        qx, qy = abs(lx) - inner_w, abs(ly) - inner_h
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - radius

    return distance


def stroke(points: list[tuple[float, float]], half_width: float) -> Distance:
    """A polyline drawn with a round pen of ``half_width``."""
    segments = list(pairwise(points))

    def distance(x: float, y: float) -> float:
        best = math.inf
        for (ax, ay), (bx, by) in segments:
            vx, vy, wx, wy = bx - ax, by - ay, x - ax, y - ay
            t = max(0.0, min(1.0, (wx * vx + wy * vy) / (vx * vx + vy * vy)))
            best = min(best, math.hypot(wx - vx * t, wy - vy * t))
        return best - half_width

    return distance


def card_layers(scale: float) -> list[tuple[Distance, RGB]]:
    """The drawing, back to front, shrunk by ``scale`` about the centre."""

    def at(x: float, y: float) -> tuple[float, float]:
        return 0.5 + (x - 0.5) * scale, 0.5 + (y - 0.5) * scale

    layers: list[tuple[Distance, RGB]] = []
    border = 0.012 * scale
    for (x, y), degrees, fill in (((0.40, 0.50), -13.0, BACK), ((0.585, 0.52), 9.0, PAPER)):
        cx, cy = at(x, y)
        half_w, half_h, radius = 0.19 * scale, 0.265 * scale, 0.045 * scale
        layers.append((rounded_box(cx, cy, half_w, half_h, radius, degrees), EDGE))
        layers.append((rounded_box(cx, cy, half_w - border, half_h - border, radius - border, degrees), fill))
    # The check, in the front card's frame (turned with it).
    fx, fy = at(0.585, 0.52)
    cos, sin = math.cos(math.radians(9.0)), math.sin(math.radians(9.0))
    mark = [(-0.105, 0.005), (-0.03, 0.085), (0.11, -0.095)]
    points = [(fx + (px * cos - py * sin) * scale, fy + (px * sin + py * cos) * scale) for px, py in mark]
    layers.append((stroke(points, 0.037 * scale), INK))
    return layers


def render(size: int, *, maskable: bool) -> bytes:
    """RGBA pixels, row by row, of one icon."""
    if maskable:
        background: Distance = lambda x, y: -1.0  # noqa: E731 - the whole square
        layers = [(background, ACCENT), *card_layers(0.74)]
    else:
        layers = [(rounded_box(0.5, 0.5, 0.5, 0.5, 0.2), ACCENT), *card_layers(0.92)]
    pixel = 1.0 / size
    rows = bytearray()
    for j in range(size):
        y = (j + 0.5) * pixel
        for i in range(size):
            x = (i + 0.5) * pixel
            r = g = b = a = 0.0  # premultiplied
            for shape, (cr, cg, cb) in layers:
                cover = min(1.0, max(0.0, 0.5 - shape(x, y) / pixel))
                if cover:
                    keep = 1.0 - cover
                    r, g, b = cr * cover + r * keep, cg * cover + g * keep, cb * cover + b * keep
                    a = cover + a * keep
            if a:
                rows += bytes((round(r / a), round(g / a), round(b / a), round(a * 255)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rgba: bytes) -> bytes:
    """A PNG file (8-bit RGBA, filter 0 on every row) of a square image."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    stride = size * 4
    raw = b"".join(b"\0" + rgba[row * stride:(row + 1) * stride] for row in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


#: file name -> (side in pixels, maskable)
ICON_FILES: dict[str, tuple[int, bool]] = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the app icons into pwa/icons/.")
    parser.add_argument("--check", action="store_true", help="exit 1 if a committed icon differs")
    args = parser.parse_args(argv)
    stale = 0
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICON_FILES.items():
        data = png(size, render(size, maskable=maskable))
        path = ICONS / name
        if path.exists() and path.read_bytes() == data:
            continue
        stale += 1
        if args.check:
            print(f"draw_icons: {path.relative_to(ROOT)} differs from the drawing", file=sys.stderr)
        else:
            path.write_bytes(data)
            print(f"draw_icons: wrote {path.relative_to(ROOT)} ({len(data)} bytes)")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
