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

from cardgen.errors import CardgenError
from cardgen.layout.card import card_back, card_face
from cardgen.options import PrintOptions, print_options
from cardgen.render import render
from cardgen.rules.patterns import Card, Pattern, make_pattern
from cardgen.sheets import SheetPlan, impose, plan_sheet

Progress = Callable[[int, int], None]


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
    """Write a Game of Trains variant pack: card SVGs, the imposed PDF, the pack table."""
    spec = make_pattern(pattern, census, copies=copies, players=players)
    opts = print_options(card=card, paper=paper, bleed=bleed, margin=margin, gutter=gutter, title=title)
    plan = plan_sheet(opts.card, opts.paper, margin=opts.margin, bleed=opts.bleed, gutter=opts.gutter)
    cards = spec.cards()
    problems = spec.check(cards)
    if problems:  # the engine disagreeing with itself is a bug, never a user error
        raise AssertionError("; ".join(map(str, problems)))
    return write_pack(spec, cards, opts, plan, backs=backs, out=out / spec.slug, progress=progress)


def write_pack(
    spec: Pattern,
    cards: list[Card],
    opts: PrintOptions,
    plan: SheetPlan,
    *,
    backs: bool,
    out: Path,
    progress: Progress | None = None,
) -> BuildResult:
    from cardgen.files import Staging

    width = number_width(spec.size)
    faces = []
    with Staging(out) as stage:
        for i, c in enumerate(cards, 1):
            face = card_face(c, spec, opts.card, title=opts.title, bleed=opts.bleed)
            faces.append(face)
            stage.write(f"cards/{c.number:0{width}d}.svg", render("svg", [face]))
            if progress:
                progress(i, len(cards))
        back = card_back(spec, opts.card, title=opts.title, bleed=opts.bleed) if backs else None
        if back is not None:
            stage.write("cards/back.svg", render("svg", [back]))
        pages = impose(faces, plan, back=back, label=opts.title or spec.slug)
        stage.write(f"{spec.slug}.pdf", render("pdf", pages, title=opts.title or spec.slug))
        stage.write("pack.csv", pack_table(cards))
        stage.write("rules.html", pack_handout(spec, opts.title))
        stage.write("pack.json", pack_manifest(spec, opts, plan, backs))
        from cardgen.readback import check_folder

        violations = check_folder(stage.tmp, spec=spec)
        if violations:
            raise CardgenError(f"the pack failed its own check: {violations[0]}")
        files = stage.commit()
    sheets = plan.pages(len(cards))
    notes = [
        f"{plan.per_page} cards a sheet ({plan.cols} × {plan.rows}, {opts.paper_name} {plan.orientation}), "
        f"{sheets} sheet{'s' if sheets != 1 else ''}"
    ]
    if backs:
        flip = "long" if plan.orientation == "portrait" else "short"
        notes.append(f"backs follow each sheet: print double-sided, flip on the {flip} edge")
    return BuildResult(out, files, len(cards), plan, sheets, notes)


def pack_manifest(spec: Pattern, opts: PrintOptions, plan: SheetPlan, backs: bool) -> bytes:
    """What was asked for, so ``cardgen check FOLDER`` knows what the files must hold."""
    data = {
        "game": "got",
        "pattern": spec.name,
        "census": spec.census,
        "copies": spec.copies,
        "cards": spec.size,
        "card_mm": list(opts.card),
        "bleed_mm": opts.bleed,
        "paper": opts.paper_name,
        "orientation": plan.orientation,
        "per_page": plan.per_page,
        "margin_mm": opts.margin,
        "gutter_mm": opts.gutter,
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
    table = [
        (a.label, span([c.number for c in cards if c.ability == a]).split(" ", 1)[1]) for a in spec.abilities
    ]
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
