"""Amtrak the Game (seed 004): the printable scorecard.

``build_scorecard(players=2)`` writes ``output/amtrak-scorecard-2-players/``:
one SVG per page (``amtrak-scorecard-2-players-page-1.svg`` …) and
``amtrak-scorecard-2-players.pdf`` with every page.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.impose.printing import how_to_print
from cardgen.layout.amtrak.scorecard import MIN_ROW, ROWS, scorecard_pages
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product, recipe
from cardgen.render import render, subject_of
from cardgen.units import PAPER_NAMES
from cardgen.write.built import Built
from cardgen.write.staging import Staging

USES = ("paper", "margin", "title")  # the print options it uses: its folder's name carries these alone


def build_scorecard(
    *,
    players: int = 2,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
) -> Built:
    """Write the scorecard for ``players`` (1 = solo): one SVG per page and one PDF.

    Of the print options a scorecard uses the paper, the margin and the title."""
    opts = (opts or print_options()).only(USES)  # (a config's other options are not its)
    pages = scorecard_pages(players, opts.paper, opts.margin, title=opts.title)
    slug = "amtrak-scorecard-" + ("solo" if players == 1 else f"{players}-players")
    title = opts.title or f"Amtrak scorecard, {players} player{'s' if players > 1 else ''}"
    slug += opts.suffix  # every print option not the default is in the folder's name, and its files'
    folder = out / slug
    with Staging(
        folder, opts.made_with, recipe("amtrak-scorecard", {"players": players}, opts), kind=PRODUCT.kind
    ) as stage:
        for i, page in enumerate(pages, 1):
            stage.write(f"{slug}-page-{i}.svg", render("svg", [page], title=title))
        subject = subject_of("An Amtrak scorecard to fill in with a pen")
        stage.write(f"{slug}.pdf", render("pdf", pages, title=title, subject=subject))
        files = stage.commit()
    paper = PAPER_NAMES.get(opts.paper_name, opts.paper_name)
    counts = [len(p.meta["players"].split()) for p in pages]
    rows = sorted({p.meta["row"] for p in pages}, key=float)
    where = f"{len(pages)} page{'s' if len(pages) > 1 else ''} ({paper} portrait)"
    if players == 1:
        notes = [f"solo: {where}, with the face-down pile tally and the goal"]
    elif len(pages) == 1:
        notes = [f"{players} players on {where}"]
    else:
        split = " + ".join(str(c) for c in counts)
        notes = [
            f"{players} players on {where}, {split} a page: every page carries the rules panel, "
            f"and rows stay at least {MIN_ROW:g} mm tall (landscape would shrink them)"
        ]
    notes.append(f"each player: {ROWS} rows for Cars ({' and '.join(rows)} mm tall), the bonus boxes, the sums")
    how = how_to_print(paper=opts.paper_name, orientation="portrait", sides="one")
    return Built(
        folder=folder, files=files, pages=len(pages), notes=notes, printing=how, to_print=folder / f"{slug}.pdf"
    )


PRODUCT = Product("amtrak-scorecard", "Amtrak scorecard", build_scorecard, command="scorecard")
