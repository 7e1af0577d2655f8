"""Builds: one keyword-only function per command, returning what it wrote.

The CLI parses arguments and calls these; everything a command does is here,
so it can be called from Python just the same.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from cardgen.errors import CardgenError
from cardgen.layout.card import card_back, card_face
from cardgen.layout.shapes import Drawing
from cardgen.options import PrintOptions, print_options
from cardgen.render import render
from cardgen.rules.check import PackSpec as CheckSpec
from cardgen.rules.check import Violation
from cardgen.rules.patterns import Card, Pattern, make_pattern
from cardgen.sheets import SheetPlan, impose, plan_sheet

Progress = Callable[[int, int], None]


class PackSpec(CheckSpec, Protocol):
    """A pack definition a build can write: the linear patterns and the 2D packs."""

    @property
    def slug(self) -> str: ...

    @property
    def size(self) -> int: ...

    def cards(self) -> list[Card]: ...

    def check(self, cards: list[Card]) -> list[Violation]: ...


@dataclass
class BuildResult:
    folder: Path
    files: list[Path]
    cards: int
    plan: SheetPlan
    sheets: int
    notes: list[str] = field(default_factory=list)


def number_width(size: int) -> int:
    return max(3, len(str(size)))


def pack_table(cards: list[Card]) -> bytes:
    """The pack as a ``number,ability`` CSV, the format ``cardgen check`` reads."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["number", "ability"])
    for c in cards:
        w.writerow([c.number, c.ability.code])
    return buf.getvalue().encode("utf-8")


def sheet_setup(
    *, card: str, paper: str, bleed: str, margin: str, gutter: str, title: str
) -> tuple[PrintOptions, SheetPlan]:
    """The validated print options and the sheet layout they give."""
    opts = print_options(card=card, paper=paper, bleed=bleed, margin=margin, gutter=gutter, title=title)
    return opts, plan_sheet(opts.card, opts.paper, margin=opts.margin, bleed=opts.bleed, gutter=opts.gutter)


def build_pack(
    *,
    pattern: str = "one",
    census: int = 7,
    copies: int | None = None,
    players: int | None = None,
    card: str = "poker",
    paper: str = "a4",
    bleed: str = "0",
    margin: str = "5mm",
    gutter: str = "0",
    title: str = "",
    backs: bool = False,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write a Game of Trains variant pack: card SVGs, the imposed PDF, the pack table, the rules."""
    spec = make_pattern(pattern, census, copies=copies, players=players)
    opts, plan = sheet_setup(card=card, paper=paper, bleed=bleed, margin=margin, gutter=gutter, title=title)
    manifest = {"game": "got", "pattern": spec.name, "census": spec.census, "copies": spec.copies}
    return write_pack(
        spec,
        opts,
        plan,
        face=lambda c: card_face(c, spec, opts.card, title=opts.title, bleed=opts.bleed),
        back=card_back(spec, opts.card, title=opts.title, bleed=opts.bleed) if backs else None,
        manifest=manifest,
        extra={"rules.html": pack_handout(spec, opts.title)},
        out=out,
        progress=progress,
    )


def build_pack2d(
    *,
    categories: str | None = None,
    copies: int | None = None,
    card: str = "poker",
    paper: str = "a4",
    bleed: str = "0",
    margin: str = "5mm",
    gutter: str = "0",
    title: str = "",
    backs: bool = False,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write a pack for the 3×3 two-dimensional variant from a selection of §8's categories."""
    from cardgen.layout.card2d import grid_card_back, grid_card_face
    from cardgen.rules.grid import DEFAULT_CATEGORIES, GridPack

    spec = GridPack(categories if categories else DEFAULT_CATEGORIES, copies)
    opts, plan = sheet_setup(card=card, paper=paper, bleed=bleed, margin=margin, gutter=gutter, title=title)
    manifest = {"game": "got2d", "categories": list(spec.categories), "copies": spec.copies}
    result = write_pack(
        spec,
        opts,
        plan,
        face=lambda c: grid_card_face(c, spec, opts.card, title=opts.title, bleed=opts.bleed),
        back=grid_card_back(spec, opts.card, title=opts.title, bleed=opts.bleed) if backs else None,
        manifest=manifest,
        extra={},
        out=out,
        progress=progress,
    )
    result.notes += [f"warning: {w}" for w in spec.warnings()]
    return result


def write_pack(
    spec: PackSpec,
    opts: PrintOptions,
    plan: SheetPlan,
    *,
    face: Callable[[Card], Drawing],
    back: Drawing | None,
    manifest: dict[str, object],
    extra: dict[str, bytes],
    out: Path,
    progress: Progress | None = None,
) -> BuildResult:
    """Stage every file, read the staged files back and check them, then move them into place."""
    from cardgen.files import Staging
    from cardgen.readback import check_folder

    cards = spec.cards()
    problems = spec.check(cards)
    if problems:  # the engine disagreeing with itself is a bug, never a user error
        raise AssertionError("; ".join(map(str, problems)))
    folder = out / spec.slug
    width = number_width(spec.size)
    faces = []
    with Staging(folder) as stage:
        for i, c in enumerate(cards, 1):
            drawing = face(c)
            faces.append(drawing)
            stage.write(f"cards/{c.number:0{width}d}.svg", render("svg", [drawing]))
            if progress:
                progress(i, len(cards))
        if back is not None:
            stage.write("cards/back.svg", render("svg", [back]))
        pages = impose(faces, plan, back=back, label=opts.title or spec.slug)
        stage.write(f"{spec.slug}.pdf", render("pdf", pages, title=opts.title or spec.slug))
        stage.write("pack.csv", pack_table(cards))
        stage.write("pack.json", pack_manifest(manifest, spec, opts, plan, back is not None))
        for name, data in extra.items():
            stage.write(name, data)
        violations = check_folder(stage.tmp)
        if violations:
            raise CardgenError(f"the pack failed its own check, so nothing was written: {violations[0]}")
        files = stage.commit()
    sheets = plan.pages(len(cards))
    notes = [
        f"{plan.per_page} cards a sheet ({plan.cols} × {plan.rows}, {opts.paper_name} {plan.orientation}), "
        f"{sheets} sheet{'s' if sheets != 1 else ''}" + (f", {opts.bleed:g}mm bleed" if opts.bleed else "")
    ]
    if back is not None:
        flip = "long" if plan.orientation == "portrait" else "short"
        notes.append(f"backs follow each sheet: print double-sided, flip on the {flip} edge")
    return BuildResult(folder, files, len(cards), plan, sheets, notes)


def pack_manifest(
    manifest: dict[str, object], spec: PackSpec, opts: PrintOptions, plan: SheetPlan, backs: bool
) -> bytes:
    """What was asked for, so ``cardgen check FOLDER`` knows what the files must hold."""
    data = {
        **manifest,
        "cards": spec.size,
        "card_mm": list(opts.card),
        "bleed_mm": opts.bleed,
        "margin_mm": opts.margin,
        "gutter_mm": opts.gutter,
        "paper": opts.paper_name,
        "orientation": plan.orientation,
        "per_page": plan.per_page,
        "backs": backs,
        "title": opts.title,
    }
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def pack_handout(spec: Pattern, title: str) -> bytes:
    """The rules sheet for the pack, with the decisions this tool made written down."""
    from cardgen.handout import render_handout
    from cardgen.layout.card import ACCENTS
    from cardgen.rules.abilities import LETTERS
    from cardgen.rules.check import span

    cards = spec.cards()
    table = [(a.label, span([c.number for c in cards if c.ability == a]).split(" ", 1)[1]) for a in spec.abilities]
    return render_handout(
        "got-pack.html.j2",
        title=title or f"Game of Trains, pattern {spec.name}, census {spec.census}",
        pattern=spec.name,
        blurb=spec.blurb,
        census=spec.census,
        copies=spec.copies,
        block=spec.block,
        size=spec.size,
        letters=f"{LETTERS[0]} to {LETTERS[spec.census - 1]}",
        last_letter=LETTERS[spec.census - 1],
        cross_players=spec.cross_players,
        has_removals=spec.has_removals,
        accent=ACCENTS.get(spec.name, "#000"),
        blocks=list(range(1, spec.copies + 1)),
        table=table,
    )
