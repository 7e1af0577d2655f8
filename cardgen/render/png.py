"""PNG writer: our own SVG, rasterised by resvg with the shipped fonts only (and a theme's own).

The pixel size is set exactly (``pixels``: mm / 25.4 × dpi, a half rounded up), not
left to the renderer's rounding: the SVG's root is given that size in pixels (its viewBox,
in mm, stays), so a poker card with 1/8 in bleed at 300 dpi is 825 × 1125 px, as
print-on-demand services ask. The PNG records its resolution (a ``pHYs`` chunk), so it opens at its true size.
No system font is looked at, so the same SVG gives the same bytes on any machine.
"""

from __future__ import annotations

import io
import math
import re
import struct
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.resources import files
from pathlib import Path

import resvg_py

from cardgen.layout.shapes import Drawing, Typeface
from cardgen.render import render
from cardgen.render.bounded import Failed, run_bounded
from cardgen.render.fonts import THEME_FONT_FAMILY

MM_PER_INCH = 25.4
SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ROOT = re.compile(rb"<svg\b[^>]*>")
_SIZE = re.compile(rb'\s(width|height)="[^"]*"')


def pixels(size_mm: tuple[float, float], dpi: float) -> tuple[int, int]:
    """Pixels for ``size_mm`` at ``dpi``: each side mm / 25.4 × dpi, a half rounded up.

    >>> pixels((63.5 + 6.35, 88.9 + 6.35), 300)  # poker with 1/8 in bleed
    (825, 1125)
    >>> pixels((63.5 + 6.35, 88.9 + 6.35), 150)  # 412.5 × 562.5
    (413, 563)
    """

    def side(mm: float) -> int:
        # to 6 places first, so that 412.49999999 (float noise for 412.5) rounds up as well
        return math.floor(round(mm / MM_PER_INCH * dpi, 6) + 0.5)

    return side(size_mm[0]), side(size_mm[1])


def _fonts() -> list[str]:
    """Every font shipped with cardgen, in a fixed order."""
    folder = files("cardgen") / "fonts"
    return sorted(str(folder / p.name) for p in folder.iterdir() if p.name.endswith((".ttf", ".otf")))


def sized(svg: bytes, size: tuple[int, int]) -> bytes:
    """``svg`` with its root's width and height set to ``size`` pixels, stretched to fill it
    exactly (the viewBox keeps the drawing's mm).

    >>> sized(b'<svg height="88.9mm" viewBox="0 0 63.5 88.9" width="63.5mm"><rect/></svg>', (750, 1050))
    b'<svg height="1050" viewBox="0 0 63.5 88.9" width="750" preserveAspectRatio="none"><rect/></svg>'
    """
    m = _ROOT.search(svg)
    if m is None or b"viewBox=" not in m.group(0):
        raise ValueError("not an SVG with a viewBox")
    size_of = {b"width": size[0], b"height": size[1]}
    root = _SIZE.sub(lambda s: b' %s="%d"' % (s.group(1), size_of[s.group(1)]), m.group(0))
    root = root[:-1].rstrip(b"/").rstrip() + b' preserveAspectRatio="none"' + (b"/>" if root.endswith(b"/>") else b">")
    return svg[: m.start()] + root + svg[m.end() :]


def chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """Each chunk of a PNG as (type, data), its CRC checked; a ValueError saying what is wrong.

    >>> body = b"IEND"
    >>> [t for t, _ in chunks(SIGNATURE + bytes(4) + body + struct.pack(">I", zlib.crc32(body)))]
    [b'IEND']
    """
    if data[:8] != SIGNATURE:
        raise ValueError("is not a PNG")
    pos = 8
    while pos < len(data):
        if pos + 12 > len(data):
            raise ValueError("is cut short")
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        end = pos + 8 + length
        if end + 4 > len(data):
            raise ValueError("is cut short")
        (crc,) = struct.unpack(">I", data[end : end + 4])
        if zlib.crc32(data[pos + 4 : end]) != crc:
            raise ValueError(f"is damaged (its {kind.decode('latin-1')!r} chunk fails its CRC)")
        yield kind, data[pos + 8 : end]
        pos = end + 4
        if kind == b"IEND":
            if pos != len(data):
                raise ValueError("holds bytes after its end")
            return
    raise ValueError("is cut short")


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's header.

    >>> png_size(b"\\x89PNG\\r\\n\\x1a\\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 825, 1125) + bytes(9))
    (825, 1125)
    """
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    w, h = struct.unpack(">II", data[16:24])
    return int(w), int(h)


def rgb_png(width: int, height: int, pixels: bytes, stride: int) -> bytes:
    """A PNG of ``height`` rows of ``width`` RGB pixels, each row ``stride`` bytes into ``pixels``.

    >>> png_size(rgb_png(2, 1, bytes([255, 0, 0, 0, 0, 255, 9, 9]), 8))
    (2, 1)
    """
    rows = b"".join(b"\0" + pixels[y * stride : y * stride + 3 * width] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


def with_dpi(data: bytes, dpi: float) -> bytes:
    """The PNG with a ``pHYs`` chunk saying ``dpi`` (in pixels per metre), right after its header."""
    ppm = round(dpi / MM_PER_INCH * 1000)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    end = 8 + 8 + 13 + 4  # signature, IHDR's length and type, its data, its CRC
    return data[:end] + chunk + data[end:]


@contextmanager
def theme_fonts(font: Typeface | None) -> Iterator[list[str]]:
    """Font files resvg can draw a theme's font from, while the block runs: resvg reads no
    ``@font-face`` data, and finds a font by the family its file names, so each face is
    written (to a temporary folder) under the family the SVGs call it by."""
    if font is None:
        yield []
        return
    # (fontTools only for a theme's own font: 35 ms a run)
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    with tempfile.TemporaryDirectory(prefix="cardgen-fonts-") as folder:
        paths = []
        for i, data in enumerate(dict.fromkeys(font.files)):  # (the regular face twice when there is no bold)
            face = TTFont(io.BytesIO(data))
            for record in face["name"].names:
                if record.nameID in (1, 16):
                    record.string = THEME_FONT_FAMILY
            path = Path(folder) / f"theme-{i}.ttf"
            face.save(str(path))
            paths.append(str(path))
        yield paths


def rasterise(
    svg: bytes,
    size: tuple[int, int],
    *,
    dpi: float | None = None,
    background: str = "#ffffff",
    fonts: Sequence[str] = (),
) -> bytes:
    """A PNG of exactly ``size`` pixels of ``svg`` (one of ours: sized in mm, with a viewBox),
    on an opaque ``background``; ``dpi`` is recorded in the file. ``fonts``: a theme's font
    files (``theme_fonts``), beside the shipped ones."""
    data = bytes(
        resvg_py.svg_to_bytes(
            svg_string=sized(svg, size).decode("utf-8"),
            font_files=[*_fonts(), *fonts],
            skip_system_fonts=True,
            background=background,
        )
    )
    got = png_size(data)
    if got != size:  # pragma: no cover - resvg draws the size it is given
        raise RuntimeError(f"resvg drew {got[0]} × {got[1]} px, not {size[0]} × {size[1]}")
    return with_dpi(data, dpi) if dpi else data


PICTURE_SECONDS = 20.0  # a logo or a back draws in well under a second; a costly one is stopped
PICTURE_MEMORY = 768 << 20  # bytes: a back's canvas is 32 MB, a few layers of it are plenty


def picture_png(svg: str, longest: int, natural: tuple[float, float]) -> bytes:
    """Someone else's SVG (a theme's picture, read and found sound: ``themes.svgrules.read_svg``
    gives its ``natural`` size) as a PNG ``longest`` pixels on its long side, transparent where
    it draws nothing; its fonts are the machine's. The long side is given to resvg, never left
    to the SVG: the canvas is never larger than ``longest`` a side. Drawn in a child process
    bounded in time and memory (``bounded.run_bounded``: ``TooCostly`` past either), since
    what an SVG costs to draw is not known before it is drawn (thousands of see-through
    layers, each blended over the whole canvas)."""
    wide = natural[0] >= natural[1]

    def draw() -> bytes:
        if wide:
            return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=longest))
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, height=longest))

    try:
        data = run_bounded(draw, seconds=PICTURE_SECONDS, memory=PICTURE_MEMORY)
    except Failed as e:
        raise ValueError(str(e)) from None
    if max(png_size(data)) > longest:  # pragma: no cover - resvg fits the side it is given
        raise ValueError("resvg drew it larger than asked")
    return data


def svgs_apart(svgs: Sequence[tuple[bytes, tuple[int, int]]], fonts: Sequence[str] = ()) -> list[bytes]:
    """SVGs read from a folder (someone else's copies of cardgen's, found to hold only what its
    writer writes: ``proof.svg.parse_svg``), each as a PNG of its size, drawn together in one
    child process bounded as ``picture_png``'s (``TooCostly`` past its time or memory, ``Failed``
    when resvg fails): a few thumbnails take a fraction of a second, and a child for each
    would cost more than the drawing."""

    def draw() -> bytes:
        drawn = (rasterise(svg, size, fonts=fonts) for svg, size in svgs)
        return b"".join(struct.pack(">I", len(png)) + png for png in drawn)

    data = run_bounded(draw, seconds=PICTURE_SECONDS, memory=PICTURE_MEMORY)
    out, pos = [], 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        out.append(data[pos + 4 : pos + 4 + length])
        pos += 4 + length
    return out


def drawing_png(drawing: Drawing, dpi: float, fonts: Sequence[str] = ()) -> bytes:
    """One Drawing (a card with its bleed) as a PNG at ``dpi``, at its true size."""
    size = pixels((drawing.width, drawing.height), dpi)
    return rasterise(render("svg", [drawing]), size, dpi=dpi, fonts=fonts)
