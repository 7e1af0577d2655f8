"""Checking the exports of a deck folder: ``png/`` (``--png DPI``) and ``tts/`` (``--tts``).

When ``pack.json`` records ``png_dpi``, ``png/`` must hold one PNG for each component SVG
(``cards/001.svg`` → ``png/001.png``, ``tiles/12-5.svg`` → ``png/12-5.png``) and
``back.png`` when backs are printed, nothing else; each a whole PNG (every chunk's CRC right,
its pixel data inflating to exactly its rows) of the component's size with its bleed at that
dpi, recording that dpi, holding no chunk cardgen does not write. When it records ``tts``, ``tts/`` must hold the sheets
``deck.png``, ``deck-2.png`` … at the sizes ``impose.tts`` gives them, ``back.png`` one cell
in size and ``README.txt`` saying what to type for each sheet, nothing else. Without the
record, neither folder may be there. The PNGs are read with ``zlib`` and ``struct``, within
limits, one chunk of pixel data at a time; their pixels are held to what this version draws
by ``proof.pixels``, a strip at a time.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import is_litter, read_file
from cardgen.impose.tts import COLS, PER_SHEET, back_cell, cell_pixels, rows_for, sheet_name, tts_sheets
from cardgen.layout.shapes import Drawing, Typeface
from cardgen.manifest import MANIFEST
from cardgen.proof.pixels import INFLATE_STEP, MODES, Box, pixels_differ
from cardgen.render import render
from cardgen.render.png import chunks, drawing_png, pixels, rasterise, theme_fonts
from cardgen.rules.shared import Violation, capped
from cardgen.units import shown

PNG_LIMIT = 400_000_000  # bytes: a tarot card at 1200 dpi is a few tens of MB
README_LIMIT = 1_000_000
MAX_REPORTED = 20  # per folder; the rest are summed up in one line
# The chunks cardgen's PNGs hold (resvg's, and the resolution cardgen adds): any other would be
# read by a viewer or a print service's software (a gamma, a colour profile, a rendering
# intent, a transparent colour) and may change how the picture prints, so it is named.
CHUNKS = frozenset({b"IHDR", b"IDAT", b"IEND"})


def png_problem(data: bytes, size: tuple[int, int], dpi: int | None) -> str | None:
    """What is wrong with the PNG ``data`` (to follow its name), or None: it must be whole, its
    pixel data inflating to exactly its rows, ``size`` pixels of 8-bit RGBA (or RGB: the same
    picture, opaque), hold no chunk cardgen does not write (``CHUNKS``, and ``pHYs`` where
    ``dpi`` is given) and record ``dpi`` if given."""
    header: tuple[int, ...] = ()
    phys: bytes | None = None
    allowed = CHUNKS | ({b"pHYs"} if dpi is not None else set())
    inflate = zlib.decompressobj()
    got = 0
    row = want = 0
    try:
        for kind, body in chunks(data):
            if not header:
                if kind != b"IHDR" or len(body) != 13:
                    return "is not a PNG: it does not start with its header"
                header = struct.unpack(">IIBBBBB", body)
                width, height, depth, colour, compression, method, interlace = header
                if (width, height) != size:
                    return f"is {width} × {height} px, wanted {size[0]} × {size[1]}"
                if colour not in MODES or depth != 8 or (compression, method, interlace) != (0, 0, 0):
                    return "is not a PNG cardgen writes (8-bit RGBA or RGB, not interlaced)"
                row = 1 + width * MODES[colour][1]  # a filter byte, then the samples
                want = row * height
            elif kind not in allowed or kind == b"IHDR":
                name = shown(kind.decode("latin-1"), 10)
                return f"holds a {name} chunk, which cardgen never writes (it may change how the picture prints)"
            elif kind == b"pHYs":
                phys = body
            elif kind == b"IDAT":
                rest = body
                while rest:
                    out = inflate.decompress(rest, INFLATE_STEP)
                    rest = inflate.unconsumed_tail
                    first = (-got) % row  # the first filter byte in ``out``
                    if max(out[first::row], default=0) > 4:
                        return "is damaged: a row of its pixel data has no filter PNG knows"
                    got += len(out)
                    if got > want:
                        return "is damaged: it holds more pixel data than its size"
    except ValueError as e:
        return str(e)
    except zlib.error:
        return "is damaged: its pixel data does not inflate"
    if not header:
        return "is not a PNG: it has no header"
    if got != want or not inflate.eof:
        return "is damaged: its pixel data is cut short"
    if dpi is not None:
        ppm = round(dpi / 25.4 * 1000)  # the pHYs chunk counts pixels a metre
        if phys is None or len(phys) != 9:
            return f"records no resolution: wanted {dpi} dpi"
        x, y, unit = struct.unpack(">IIB", phys)
        if (x, y, unit) != (ppm, ppm, 1):
            return f"records {x * 0.0254:.0f} dpi, wanted {dpi}"
    return None


def component_stems(svgs: Path) -> list[str]:
    """The names of the component SVGs in the folder ``svgs`` (``back.svg`` aside)."""
    if not svgs.is_dir():
        return []
    return sorted(p.stem for p in svgs.glob("*.svg") if p.stem != "back" and not is_litter(p.name))


def check_files(
    folder: Path, sub: str, wanted: dict[str, Any], check: Callable[[str, bytes, Any], str | None]
) -> list[Violation]:
    """``folder/sub`` holds exactly the files ``wanted`` names; ``check(name, bytes, value)`` says
    what is wrong with one (None when nothing is)."""
    where = folder / sub
    if not where.is_dir():
        return [Violation("files", f"{sub}: the {sub} folder is missing, but {MANIFEST} records it")]
    out: list[Violation] = []
    there = {p.name for p in where.iterdir() if not (is_litter(p.name) and p.is_file() and not p.is_symlink())}
    for name in sorted(there - set(wanted)):
        out.append(Violation("files", f"{sub}: {sub}/{name} is not a file cardgen writes"))
    for name, value in wanted.items():
        if name not in there:
            out.append(Violation("files", f"{sub}: {sub}/{name} is missing"))
            continue
        try:
            raw = read_file(where / name, limit=README_LIMIT if name.endswith(".txt") else PNG_LIMIT, what=sub)
        except CardgenError as e:
            out.append(Violation("files", f"{sub}: {e}"))
            continue
        problem = check(name, raw, value)
        if problem:
            out.append(Violation("files", f"{sub}: {sub}/{name} {problem}"))
    return out


@dataclass(frozen=True)
class Drawn:
    """What this version draws for a deck, to hold its exports' pixels against: its faces by
    file stem, its back (the printed one, or the one a TTS deck shows), the theme's font."""

    faces: dict[str, Drawing]
    back: Drawing | None
    font: Typeface | None = None


def tts_cells(first: int, on: int, rows: int, cell: tuple[int, int], noun: str) -> list[tuple[str, Box]]:
    """What each cell of a TTS sheet holds (its first component ``first``, 0-based; ``on`` of them;
    the back in the last cell; the others empty), and its box in pixels.

    >>> [name for name, _ in tts_cells(69, 3, 1, (409, 573), "card")][:4] + [tts_cells(69, 3, 1, (409, 573), "card")[-1][0]]
    ["card 70's cell", "card 71's cell", "card 72's cell", 'an empty cell (4)', "the back's cell"]
    """
    w, h = cell
    out = []
    for k in range(COLS * rows):
        last = k == COLS * rows - 1
        name = "the back's cell" if last else f"{noun} {first + k + 1}'s cell" if k < on else f"an empty cell ({k + 1})"
        col, row = k % COLS, k // COLS
        out.append((name, (col * w, row * h, (col + 1) * w, (row + 1) * h)))
    return out


def check_pngs(folder: Path, data: dict[str, Any], svgs: str = "cards", drawn: Drawn | None = None) -> list[Violation]:
    """``png/``: one PNG a component (and the back), each of the component's size with its bleed,
    and (``drawn``) showing what this version draws for it."""
    dpi = data["png_dpi"]
    bleed = data["bleed_mm"]
    size = pixels((data["card_mm"][0] + 2 * bleed, data["card_mm"][1] + 2 * bleed), dpi)
    names = [*component_stems(folder / svgs), *(["back"] if data["backs"] else [])]
    with theme_fonts(drawn.font if drawn else None) as fonts:

        def check(name: str, raw: bytes, want: tuple[int, int]) -> str | None:
            problem = png_problem(raw, want, dpi)
            stem = name.removesuffix(".png")
            drawing = None if drawn is None else drawn.back if stem == "back" else drawn.faces.get(stem)
            if problem or drawing is None:
                return problem
            return pixels_differ(raw, drawing_png(drawing, dpi, fonts))

        return check_files(folder, "png", {f"{n}.png": size for n in names}, check)


def check_tts(folder: Path, data: dict[str, Any], drawn: Drawn | None = None, noun: str = "card") -> list[Violation]:
    """``tts/``: the sheets, 69 components and the back a sheet, at their promised sizes; the back
    one cell; the README saying what to type for each sheet; and (``drawn``) each sheet and the
    back showing what this version draws, cell by cell (a card swapped or blanked is named)."""
    count = data["cards"]
    cell = cell_pixels((data["card_mm"][0], data["card_mm"][1]))
    wanted: dict[str, Any] = {}
    cells: dict[str, list[tuple[str, Box]]] = {}
    say: list[str] = []  # what the README must say for each sheet
    for i, first in enumerate(range(0, count, PER_SHEET)):
        on = min(PER_SHEET, count - first)
        rows = rows_for(on)
        wanted[sheet_name(i)] = (COLS * cell[0], rows * cell[1])
        cells[sheet_name(i)] = tts_cells(first, on, rows, cell, noun)
        say.append(
            f"  Face: the address of {sheet_name(i)}\n  Back: the address of back.png\n"
            f"  Width: {COLS}\n  Height: {rows}\n  Number: {on}\n"
        )
    wanted["back.png"] = cell
    wanted["README.txt"] = say

    card = (float(data["card_mm"][0]), float(data["card_mm"][1]))
    pictures: dict[str, Callable[[list[str]], bytes]] = {}
    if drawn is not None and drawn.back is not None:
        back = drawn.back
        for i, sheet in enumerate(tts_sheets(list(drawn.faces.values()), back, card)):
            pictures[sheet_name(i)] = partial(_raster, render("svg", [sheet.drawing]), sheet.pixels)
        pictures["back.png"] = partial(_raster, render("svg", [back_cell(back, card)]), cell)

    def check(name: str, raw: bytes, value: Any) -> str | None:
        if name != "README.txt":
            problem = png_problem(raw, value, None)
            if problem or name not in pictures:
                return problem
            with theme_fonts(drawn.font if drawn else None) as fonts:
                return pixels_differ(raw, pictures[name](fonts), cells.get(name, ()))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return "is not UTF-8 text"
        missing = [sheet_name(i) for i, lines in enumerate(value) if lines not in text]
        return f"does not say what to type for {', '.join(missing)}" if missing else None

    return check_files(folder, "tts", wanted, check)


def _raster(svg: bytes, size: tuple[int, int], fonts: list[str]) -> bytes:
    return rasterise(svg, size, fonts=fonts)


def check_exports(
    folder: Path, data: dict[str, Any], svgs: str = "cards", drawn: Drawn | None = None
) -> list[Violation]:
    """Every problem with ``png/`` and ``tts/`` in a deck folder, as its ``pack.json`` (``data``,
    validated) records them; ``svgs``: the folder of its component SVGs, which the PNGs are
    named after; ``drawn``: what this version draws for the deck, which their pixels must show."""
    out: list[Violation] = []
    exports: tuple[tuple[str, str, Callable[[], list[Violation]]], ...] = (
        ("png", "png_dpi", lambda: check_pngs(folder, data, svgs, drawn)),
        ("tts", "tts", lambda: check_tts(folder, data, drawn, svgs.removesuffix("s"))),
    )
    for sub, key, check in exports:
        if data.get(key):
            out += check()
        elif (folder / sub).exists() or (folder / sub).is_symlink():
            out.append(Violation("files", f"{sub}: {sub}/ is there, but {MANIFEST} records no {key}"))
    return capped(out, MAX_REPORTED, lambda k, _: Violation("files", f"and {k} more problems in png/ and tts/"))
