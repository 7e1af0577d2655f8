"""Exports beside a deck's files: a PNG per component (``png/``, ``--png DPI``) and a Tabletop
Simulator deck (``tts/``, ``--tts``), both rasterised from the same drawings as the SVGs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgen.impose.tts import back_cell, readme, sheet_name, tts_sheets
from cardgen.layout.shapes import Drawing
from cardgen.render import render
from cardgen.render.png import drawing_png, rasterise


def write_pngs(
    write: Callable[[str, bytes], None],
    faces: Sequence[tuple[str, Drawing]],
    back: Drawing | None,
    dpi: int,
    step: Callable[[int], None],
    fonts: Sequence[str] = (),
) -> None:
    """``png/<stem>.png`` for every face (with its bleed, at true size), and ``png/back.png``;
    ``fonts``: a theme's font files for resvg (``render.png.theme_fonts``)."""
    for i, (stem, drawing) in enumerate(faces, 1):
        write(f"png/{stem}.png", drawing_png(drawing, dpi, fonts))
        step(i)
    if back is not None:
        write("png/back.png", drawing_png(back, dpi, fonts))


def write_tts(
    write: Callable[[str, bytes], None],
    faces: Sequence[Drawing],
    back: Drawing,
    card: tuple[float, float],
    what: str,
    fonts: Sequence[str] = (),
) -> None:
    """``tts/deck.png`` (``deck-2.png`` …: 69 cards a sheet, the back in the last cell),
    ``tts/back.png`` and ``tts/README.txt``."""
    sheets = tts_sheets(faces, back, card)
    for i, sheet in enumerate(sheets):
        write(f"tts/{sheet_name(i)}", rasterise(render("svg", [sheet.drawing]), sheet.pixels, fonts=fonts))
    cell = sheets[0].cell if sheets else (0, 0)
    write("tts/back.png", rasterise(render("svg", [back_cell(back, card)]), cell, fonts=fonts))
    write("tts/README.txt", readme(sheets, what).encode("utf-8"))
