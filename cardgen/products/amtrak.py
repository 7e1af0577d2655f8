"""Amtrak the Game (seed 004): the printable scorecard, and the text reports of ``cardgen amtrak``.

``build_scorecard(players=2)`` writes ``output/amtrak-scorecard-2-players/``:
one SVG per page (``amtrak-scorecard-2-players-page-1.svg`` …) and
``amtrak-scorecard-2-players.pdf`` with every page. ``score_text`` and
``compare_text`` are what ``cardgen amtrak score`` and ``compare`` print: the
scoring itself is ``cardgen.rules.amtrak``'s; this module only lays it out.

>>> print(score_text(train="K/7 9/9"))
car  type   fleet         value
K/7  Crew   Single-Level     11
9/9  Coach  Bi-Level         18
cars                         29
bonus  none: not a Full-Staff train
total                        29
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product
from cardgen.rules.amtrak import Ranked, compare, parse_train, score_train

PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}


# ------------------------------------------------------------------ text reports


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def score_text(*, train: str, as_json: bool = False) -> str:
    """One train's cars (type, fleet, value), its bonus and total, in aligned columns or as JSON."""
    score = score_train(parse_train(train))
    if as_json:
        return json.dumps(score.to_dict(), indent=2, ensure_ascii=False)
    cw = max(len("car"), *(len(c.car) for c in score.cars))
    tw = max(len("type"), *(len(c.kind) for c in score.cars))
    fw = max(len("fleet"), *(len(c.fleet) for c in score.cars))
    vw = max(len("value"), len(str(score.total)))
    width = cw + 2 + tw + 2 + fw + 2 + vw  # the value column's right edge
    lines = [f"{'car':<{cw}}  {'type':<{tw}}  {'fleet':<{fw}}  {'value':>{vw}}"]
    lines += [f"{c.car:<{cw}}  {c.kind:<{tw}}  {c.fleet:<{fw}}  {c.value:>{vw}}" for c in score.cars]
    cars_total = sum(c.value for c in score.cars)

    def row(label: str, value: int) -> str:
        return f"{label}{value:>{max(width - len(label), len(str(value)) + 1)}}"

    lines.append(row("cars", cars_total))
    won = score.bonus
    if won is None:
        lines.append("bonus  none: not a Full-Staff train")
    else:
        lines.append(row(f"bonus  {won.name}", won.points) + f"  ({won.reason})")
    lines.append(row("total", score.total))
    return "\n".join(lines)


def _shared(ranked: Sequence[Ranked]) -> set[int]:
    places = [r.place for r in ranked]
    return {r.train for r in ranked if places.count(r.place) > 1}


def _notes(ranked: Sequence[Ranked]) -> list[str]:
    """What decided each tie: the Rails, or nothing (a shared place); then the winner."""
    notes: list[str] = []
    for total in sorted({r.total for r in ranked}, reverse=True):
        tied = [r for r in ranked if r.total == total]
        if len(tied) < 2:
            continue
        names = [str(r.train + 1) for r in tied]
        rails = ", ".join(f"train {r.train + 1}: {r.tie_break}" for r in tied)
        notes.append(f"trains {_and(names)} tie on {total} points, so the Rails decide ({rails})")
        for value in sorted({r.tie_break for r in tied if r.tie_break is not None}, reverse=True):
            same = [r for r in tied if r.tie_break == value]
            if len(same) > 1:
                who = _and([str(r.train + 1) for r in same])
                notes.append(f"trains {who} are equal on the Rails too ({value}): they share place {same[0].place}")
    first = [r for r in ranked if r.place == 1]
    decided = " after the tie-break" if first[0].tie_break is not None and len(first) == 1 else ""
    if len(first) == 1:
        notes.append(f"winner: train {first[0].train + 1} with {first[0].total} points{decided}")
    else:
        notes.append(f"shared first place: trains {_and([str(r.train + 1) for r in first])}")
    return notes


def compare_text(*, trains: Sequence[str], as_json: bool = False) -> str:
    """Trains ranked by total, equal totals by the Rails; shared places where even those are equal."""
    if len(trains) < 2:
        raise CardgenError(f"compare needs at least two trains, got {len(trains)}: e.g. 'K/7 Q/2' '9/9 J/3'")
    parsed = [parse_train(t) for t in trains]
    ranked = compare(parsed)
    shared = _shared(ranked)
    notes = _notes(ranked)
    if as_json:
        rows = [
            {
                "train": r.train + 1,
                "cars": " ".join(c.car for c in r.score.cars),
                "place": r.place,
                "shared": r.train in shared,
                "total": r.total,
                "tie_break": r.tie_break,
                "score": r.score.to_dict(),
            }
            for r in ranked
        ]
        return json.dumps({"trains": rows, "notes": notes}, indent=2, ensure_ascii=False)
    order = sorted(ranked, key=lambda r: (r.place, r.train))
    table = [["place", "train", "total", "rails", "bonus", "cars"]]
    for r in order:
        table.append(
            [
                f"{r.place}{'=' if r.train in shared else ''}",
                str(r.train + 1),
                str(r.total),
                "" if r.tie_break is None else str(r.tie_break),
                r.score.bonus.name if r.score.bonus else "-",
                " ".join(c.car for c in r.score.cars),
            ]
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    right = {1, 2, 3}  # numbers line up on the right
    lines = [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in table
    ]
    return "\n".join(lines + notes)


# ------------------------------------------------------------------ the scorecard


@dataclass
class ScorecardResult:
    folder: Path
    files: list[Path]
    pages: int
    notes: list[str] = field(default_factory=list)


def build_scorecard(
    *,
    players: int = 2,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
) -> ScorecardResult:
    """Write the scorecard for ``players`` (1 = solo): one SVG per page and one PDF.

    Of the print options a scorecard uses the paper, the margin and the title."""
    from cardgen.layout.scorecard import ROW_H, ROWS, scorecard_pages
    from cardgen.products.output import Staging
    from cardgen.render import render

    opts = opts or print_options()
    pages = scorecard_pages(players, opts.paper, opts.margin, title=opts.title)
    slug = "amtrak-scorecard-" + ("solo" if players == 1 else f"{players}-players")
    title = opts.title or f"Amtrak scorecard, {players} player{'s' if players > 1 else ''}"
    folder = out / (slug + opts.suffix)  # paper other than A4 is in the name, as for every product
    with Staging(folder) as stage:
        for i, page in enumerate(pages, 1):
            stage.write(f"{slug}-page-{i}.svg", render("svg", [page], title=title))
        stage.write(f"{slug}.pdf", render("pdf", pages, title=title))
        files = stage.commit()
    paper = PAPER_NAMES.get(opts.paper_name, opts.paper_name)
    counts = [len(p.meta["players"].split()) for p in pages]
    where = f"{len(pages)} page{'s' if len(pages) > 1 else ''} ({paper} portrait)"
    if players == 1:
        notes = [f"solo: {where}, with the face-down pile tally and the goal"]
    elif len(pages) == 1:
        notes = [f"{players} players on {where}"]
    else:
        split = " + ".join(str(c) for c in counts)
        notes = [
            f"{players} players on {where}, {split} a page: every page carries the rules panel, "
            f"and rows stay {ROW_H:g} mm tall (landscape would shrink them)"
        ]
    notes.append(f"each player: {ROWS} rows for Cars, the bonus boxes, the sums; print at 100 % (actual size)")
    return ScorecardResult(folder, files, len(pages), notes)


PRODUCT = Product("amtrak-scorecard", "Amtrak scorecard", build_scorecard, command="scorecard")
