"""Placemats (seed 002, §2 and §8): the whole mat as one SVG at full size, and the PDF tiled onto paper.

``build_placemat(census=7)`` writes ``output/placemat-census-7/`` with
``placemat-census-7.svg`` and ``placemat-census-7.pdf``;
``build_placemat(grid="3x3")`` writes ``output/placemat-grid-3x3/`` likewise.
When ``grid`` is given it decides the spaces, and ``census`` may only be left
at its default (7), None, or equal rows × columns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.impose.printing import how_to_print
from cardgen.impose.tiling import plan_tiles, tile
from cardgen.layout.got.placemat import check_census, grid_mat, grid_spaces, linear_mat, linear_spaces
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product, recipe
from cardgen.render import render, subject_of
from cardgen.rules.got.abilities import MAX_CENSUS
from cardgen.units import PAPER_NAMES, PAPERS
from cardgen.write.built import Built
from cardgen.write.staging import Staging

USES = ("card", "paper", "margin", "title")  # the print options it uses: its folder's name carries these alone

DEFAULT_CENSUS = 7
# the smallest card a mat's spaces hold legibly: narrower, the header of a census-2 mat (its two
# spaces are all its width) cuts "Game of Trains" short to clear its caption
MIN_CARD = (15.0, 10.0)
OVERLAP = 10.0
_GRID = re.compile(r"\s*([0-9]{1,2})\s*[x×*]\s*([0-9]{1,2})\s*", re.IGNORECASE | re.ASCII)  # ASCII digits only


@dataclass
class MatResult(Built):
    orientation: str  # of its pages
    size: tuple[float, float]  # the whole mat, mm


def parse_grid(grid: str) -> tuple[int, int]:
    """``"3x3"`` → (3, 3); rows and columns at least 2 each, rows + columns at most 26."""
    m = _GRID.fullmatch(grid) if isinstance(grid, str) else None
    rows, cols = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    if not m or rows < 2 or cols < 2 or rows + cols > MAX_CENSUS:
        raise CardgenError(
            f"grid {grid!r} is not allowed: write ROWSxCOLS like 3x3 (digits 0-9), rows and columns at least 2 each "
            f"and rows + columns at most {MAX_CENSUS} (one letter each)"
        )
    return rows, cols


def build_placemat(
    *,
    census: int | None = DEFAULT_CENSUS,
    grid: str | None = None,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
) -> MatResult:
    """Write a placemat: ``<slug>.svg`` (the whole mat, true size) and ``<slug>.pdf`` (tiled pages).

    Of the print options a mat uses the card size (its spaces), paper, margin and title."""
    opts = (opts or print_options()).only(USES)  # (a config's other options are not its)
    PRODUCT.check_card(opts.card)
    if grid is not None:
        rows, cols = parse_grid(grid)
        if census is not None and census not in (DEFAULT_CENSUS, rows * cols):
            raise CardgenError(
                f"census {census!r} does not match grid {grid!r} ({rows * cols} spaces): give one or the other"
            )
        slug = f"placemat-grid-{rows}x{cols}{opts.suffix}"
        drawing = grid_mat(rows, cols, opts.card, title=opts.title)
        spaces = grid_spaces(rows, cols, opts.card)
        what = f"{rows}×{cols} mat"
        named = f"{rows}×{cols} placemat"
    else:
        if census is None:
            raise CardgenError("give a census (2 to 26) or a grid like 3x3")
        n = check_census(census)
        slug = f"placemat-census-{n}{opts.suffix}"
        drawing = linear_mat(n, opts.card, title=opts.title)
        spaces = linear_spaces(n, opts.card)
        what = f"census-{n} mat"
        named = f"placemat, census {n}"
    spans = [s.span for s in spaces]
    plan = plan_tiles(drawing.width, drawing.height, opts.paper, margin=opts.margin, overlap=OVERLAP, spans=spans)
    pages = tile(drawing, opts.paper, margin=opts.margin, overlap=OVERLAP, label=opts.title or slug, spans=spans)
    folder = out / slug
    built = recipe("placemat", {"census": census, "grid": grid}, opts)
    with Staging(folder, opts.made_with, built, kind=PRODUCT.kind) as stage:
        human = f"{opts.title or 'Game of Trains'} — {named}"
        subject = subject_of(f"A Game of Trains placemat in {plan.pages} page{'s' if plan.pages != 1 else ''} to join")
        stage.write(f"{slug}.svg", render("svg", [drawing], title=human))
        stage.write(f"{slug}.pdf", render("pdf", pages, title=human, subject=subject))
        files = stage.commit()
    paper_name = PAPER_NAMES.get(opts.paper_name, opts.paper_name)
    count = f"{plan.pages} page{'s' if plan.pages != 1 else ''} ({paper_name} {plan.orientation})"
    notes = [f"{what}, {drawing.width:.0f} × {drawing.height:.0f} mm at full size"]
    if plan.pages == 1:
        notes.append(f"{count}, no assembly needed")
    else:
        notes.append(f"{count}, trim on the dashed lines and glue the overlaps, lining up the marks")
        if not plan.keeps_spaces:
            notes.append("a join runs through a space: line up its marks with care")
            notes += _bigger_paper(drawing.width, drawing.height, opts, spans)
    how = how_to_print(paper=opts.paper_name, orientation=plan.orientation, sides="one")
    return MatResult(
        folder=folder,
        files=files,
        pages=plan.pages,
        orientation=plan.orientation,
        size=(drawing.width, drawing.height),
        notes=notes,
        printing=how,
        to_print=folder / f"{slug}.pdf",
    )


def _bigger_paper(
    width: float, height: float, opts: PrintOptions, spans: list[tuple[str, float, float, float, float]]
) -> list[str]:
    """A note when A3 would keep every space whole (the paper a split mat most often needs)."""
    if opts.paper[0] * opts.paper[1] >= PAPERS["a3"][0] * PAPERS["a3"][1]:
        return []
    a3 = plan_tiles(width, height, PAPERS["a3"], margin=opts.margin, overlap=OVERLAP, spans=spans)
    if not a3.keeps_spaces:
        return []
    count = f"{a3.pages} page{'s' if a3.pages != 1 else ''}"
    return [f"on A3 paper (--paper a3) no join would run through a space: {count}"]


PRODUCT = Product("placemat", "placemat", build_placemat, command="placemat", min_card=MIN_CARD)
