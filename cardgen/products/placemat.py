"""Placemats (seed 002, §2 and §8): the whole mat as one SVG at full size, and the PDF tiled onto paper.

``build_placemat(census=7)`` writes ``output/placemat-census-7/`` with
``placemat-census-7.svg`` and ``placemat-census-7.pdf``;
``build_placemat(grid="3x3")`` writes ``output/placemat-grid-3x3/`` likewise.
When ``grid`` is given it decides the spaces, and ``census`` may only be left
at its default (7), None, or equal rows × columns.

A mat for each player: ``players=4`` puts four mats in the one PDF (their pieces
packed together: two small mats share a page where they fit), ``names="Ann,Bob"``
one mat a name, each name printed on its own mat (and one SVG a mat). A kit that
prints the mats inside its own PDF calls ``mat_plan`` (how many pages) and
``mat_pages`` (the pages, numbered as its own) instead.
The PDF is cut only between spaces (``impose.tileplan``): a space never spans
two pages, and a space too big for the printable area is refused in one line.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cardgen.commands import read_names
from cardgen.errors import CardgenError
from cardgen.impose.printing import how_to_print
from cardgen.impose.tiling import TilePlan, plan_tiles, tile_copies
from cardgen.layout.got.placemat import check_census, grid_mat, grid_spaces, linear_mat, linear_spaces
from cardgen.layout.shapes import Drawing
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product, recipe
from cardgen.render import render, subject_of
from cardgen.rules.got.abilities import MAX_CENSUS
from cardgen.rules.got.variant import MAX_PLAYERS
from cardgen.units import PAPER_NAMES
from cardgen.write.built import Built
from cardgen.write.staging import Staging

USES = ("card", "paper", "margin", "title")  # the print options it uses: its folder's name carries these alone

DEFAULT_CENSUS = 7
# the smallest card a mat's spaces hold legibly: narrower, the header of a census-2 mat (whose
# title ends within its first space, so that no cut between pages runs through it) cuts "Game of
# Trains" short
MIN_CARD = (27.0, 10.0)
OVERLAP = 9.0  # a 4.5 mm glue tab: with it, four poker-card spaces fit across A4 landscape
_GRID = re.compile(r"\s*([0-9]{1,2})\s*[x×*]\s*([0-9]{1,2})\s*", re.IGNORECASE | re.ASCII)  # ASCII digits only


@dataclass
class MatResult(Built):
    orientation: str  # of its pages
    size: tuple[float, float]  # the whole mat, mm
    players: int = 1  # mats in the PDF, one a player


@dataclass(frozen=True)
class MatPages:
    """Placemats for several players, ready to write: what ``mat_pages`` returns."""

    mats: list[Drawing]  # each player's whole mat at full size (the SVGs)
    pages: list[Drawing]  # the pages every mat's pieces are packed on (the PDF)
    plan: TilePlan  # how they were split and packed (orientation, pages, pieces, joins)
    slug: str  # the folder's and the PDF's name
    what: str  # "census-7 mat", "3×3 mat"
    names: list[str]  # the players' names ([] when none were given)


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


def parse_names(names: str | Sequence[str] | None, players: int | None) -> tuple[int, list[str]]:
    """(players, names): ``names`` as ``"Ann,Bob"`` or a list, read as every command reads
    players' names (``commands.read_names``), at most ``MAX_PLAYERS`` of them; ``players`` 1 to
    ``MAX_PLAYERS``, and the count of the names when both are given.

    >>> parse_names("Ann, Bob ,Cy", None)
    (3, ['Ann', 'Bob', 'Cy'])
    >>> parse_names(None, 4)
    (4, [])
    """
    if players is not None and (
        isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS
    ):
        raise CardgenError(f"players {players!r} is not allowed: a mat each for 1 to {MAX_PLAYERS} players")
    if names is None:
        return players or 1, []
    if isinstance(names, str):
        text = names
    elif isinstance(names, Sequence) and all(isinstance(n, str) and "," not in n for n in names):
        text = ",".join(names)
    else:
        raise CardgenError(f"names {names!r} are not names: write them like Ann,Bob,Cy")
    found = read_names(text).split(",")  # (as every command reads players' names)
    if len(found) > MAX_PLAYERS:
        raise CardgenError(f"names {text!r}: {len(found)} names, but placemats are for 1 to {MAX_PLAYERS} players")
    if players is not None and players != len(found):
        raise CardgenError(f"players {players} does not match the {len(found)} names: give one or the other")
    return len(found), found


def _names_slug(names: list[str]) -> str:
    """The names as a folder's name spells them: ``ann-bob-cy``, or a digest when they have
    hardly a letter in the Latin alphabet."""
    plain = unicodedata.normalize("NFKD", " ".join(names)).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:30].strip("-")
    if sum(c.isalnum() for c in slug) >= 2:
        return slug
    return "names-" + hashlib.sha256("\n".join(names).encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True)
class _Mats:
    mats: list[Drawing]
    spans: list[tuple[str, float, float, float, float]]
    base: str  # "placemat-census-7"
    slug: str
    what: str
    names: list[str]


def _mats(
    census: int | None, grid: str | None, players: int | None, names: str | Sequence[str] | None, opts: PrintOptions
) -> _Mats:
    """Each player's whole mat and the spaces the pages are cut between."""
    count, listed = parse_names(names, players)
    if grid is not None:
        rows, cols = parse_grid(grid)
        if census is not None and census not in (DEFAULT_CENSUS, rows * cols):
            raise CardgenError(
                f"census {census!r} does not match grid {grid!r} ({rows * cols} spaces): give one or the other"
            )
        base = f"placemat-grid-{rows}x{cols}"
        mats = [grid_mat(rows, cols, opts.card, title=opts.title, name=n) for n in listed or [""]]
        spaces = grid_spaces(rows, cols, opts.card)
        what = f"{rows}×{cols} mat"
    else:
        if census is None:
            raise CardgenError("give a census (2 to 26) or a grid like 3x3")
        n = check_census(census)
        base = f"placemat-census-{n}"
        mats = [linear_mat(n, opts.card, title=opts.title, name=name) for name in listed or [""]]
        spaces = linear_spaces(n, opts.card)
        what = f"census-{n} mat"
    if not listed:
        mats = mats * count
    players_part = (f"-players{count}" if count > 1 or listed else "") + (f"-{_names_slug(listed)}" if listed else "")
    return _Mats(mats, [s.span for s in spaces], base, f"{base}{players_part}{opts.suffix}", what, listed)


def mat_plan(
    *,
    census: int | None = DEFAULT_CENSUS,
    grid: str | None = None,
    players: int | None = None,
    names: str | Sequence[str] | None = None,
    opts: PrintOptions | None = None,
) -> TilePlan:
    """How ``mat_pages`` will split and pack the mats, without drawing a page: ``.pages`` is how
    many pages they take, ``.orientation`` theirs."""
    opts = opts or print_options()
    made = _mats(census, grid, players, names, opts)
    first = made.mats[0]
    return plan_tiles(
        first.width,
        first.height,
        opts.paper,
        margin=opts.margin,
        overlap=OVERLAP,
        spans=made.spans,
        copies=len(made.mats),
    )


def mat_pages(
    *,
    census: int | None = DEFAULT_CENSUS,
    grid: str | None = None,
    players: int | None = None,
    names: str | Sequence[str] | None = None,
    opts: PrintOptions | None = None,
    numbering: tuple[int, int] | None = None,
) -> MatPages:
    """One placemat a player, ready to print: each whole mat, and the pages of ``opts.paper``
    their pieces are packed on (cut only between spaces). For a kit: ``mat_pages(census=7,
    names=["Ann", "Bob"], opts=opts).pages`` are the mats' pages of its PDF, in order;
    ``numbering=(first, total)`` numbers them as pages ``first`` … of the kit's ``total``
    (``mat_plan`` with the same arguments says how many pages they take)."""
    opts = opts or print_options()
    made = _mats(census, grid, players, names, opts)
    plan = mat_plan(census=census, grid=grid, players=players, names=names, opts=opts)
    pages = tile_copies(
        made.mats,
        opts.paper,
        margin=opts.margin,
        overlap=OVERLAP,
        label=opts.title or made.base,
        spans=made.spans,
        names=made.names,
        numbering=numbering,
        plan=plan,
    )
    return MatPages(made.mats, pages, plan, made.slug, made.what, made.names)


def build_placemat(
    *,
    census: int | None = DEFAULT_CENSUS,
    grid: str | None = None,
    players: int | None = None,
    names: str | None = None,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
) -> MatResult:
    """Write placemats: ``<slug>.svg`` (the whole mat, true size; ``<slug>-1.svg`` … one a name
    when ``names`` are given) and ``<slug>.pdf`` (every mat's pieces on pages).

    Of the print options a mat uses the card size (its spaces), paper, margin and title."""
    opts = (opts or print_options()).only(USES)  # (a config's other options are not its)
    PRODUCT.check_card(opts.card)
    made = mat_pages(census=census, grid=grid, players=players, names=names, opts=opts)
    plan, first = made.plan, made.mats[0]
    folder = out / made.slug
    given = {"census": census, "grid": grid}
    given |= {k: v for k, v in (("players", players), ("names", names)) if v is not None}
    built = recipe("placemat", given, opts)
    title = f"{opts.title or 'Game of Trains'} — {made.what.replace(' mat', ' placemat')}"
    mats = f"{plan.copies} Game of Trains placemats, one a player," if plan.copies > 1 else "A Game of Trains placemat"
    subject = subject_of(f"{mats} in {plan.pages} page{'s' if plan.pages != 1 else ''}")
    with Staging(folder, opts.made_with, built, kind=PRODUCT.kind) as stage:
        if made.names:
            for i, mat in enumerate(made.mats, 1):
                stage.write(f"{made.slug}-{i}.svg", render("svg", [mat], title=f"{title}, {made.names[i - 1]}"))
        else:
            stage.write(f"{made.slug}.svg", render("svg", [first], title=title))
        stage.write(f"{made.slug}.pdf", render("pdf", made.pages, title=title, subject=subject))
        files = stage.commit()
    paper_name = PAPER_NAMES.get(opts.paper_name, opts.paper_name)
    count = f"{plan.pages} page{'s' if plan.pages != 1 else ''} ({paper_name} {plan.orientation})"
    mats = f"{plan.copies} {made.what}s" if plan.copies > 1 else made.what
    notes = [f"{mats}, {first.width:.0f} × {first.height:.0f} mm at full size"]
    if plan.joins:
        joins = f"{plan.joins} join{'s' if plan.joins != 1 else ''}"
        notes.append(f"{count}, {joins}: trim on the dashed lines and glue over the tabs, lining up the marks")
    elif plan.pieces > plan.pages:
        notes.append(f"{count}, no assembly needed: cut the mats apart on their edges")
    else:
        notes.append(f"{count}, no assembly needed")
    how = how_to_print(paper=opts.paper_name, orientation=plan.orientation, sides="one")
    return MatResult(
        folder=folder,
        files=files,
        pages=plan.pages,
        orientation=plan.orientation,
        size=(first.width, first.height),
        players=plan.copies,
        notes=notes,
        printing=how,
        to_print=folder / f"{made.slug}.pdf",
    )


PRODUCT = Product("placemat", "placemat", build_placemat, command="placemat", min_card=MIN_CARD)
