"""Train's round-setup card (seeds 000, 001), for the table: ``build_setup_card(players=3)`` writes
``<out>/train-setup-3-players/`` with the card as an SVG (``train-setup-3-players.svg``) and on a
sheet with crop marks (``train-setup-3-players.pdf``), to cut out and keep with the deck.

It has no command of its own: ``cardgen kit train`` prints it beside the deck. Its folder records
what built it, and ``cardgen check`` builds it again and compares the bytes, as for a mat.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.impose.printing import how_to_print
from cardgen.impose.sheets import impose, plan_sheet
from cardgen.layout.train.setup_card import SIZE, setup_card
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product, recipe
from cardgen.render import render
from cardgen.write.built import Built
from cardgen.write.staging import Staging

PLAYERS = (2, 4)  # the deal's: 3 or 4 at the table, 2 in a tie-breaker (``rules.train.referee``)


def build_setup_card(*, players: int = 3, opts: PrintOptions | None = None, out: Path = Path("output")) -> Built:
    """Write the round-setup card for ``players`` players: its SVG and a sheet with crop marks.

    Of the print options it uses the paper, the margin and the title (printed at its foot)."""
    if isinstance(players, bool) or not isinstance(players, int) or not PLAYERS[0] <= players <= PLAYERS[1]:
        raise CardgenError(f"players {players!r} is out of range: Train is dealt to {PLAYERS[0]} to {PLAYERS[1]}")
    opts = opts or print_options()
    card = setup_card(players, title=opts.title)
    slug = f"train-setup-{players}-players" + opts.suffix
    plan = plan_sheet(SIZE, opts.paper, margin=opts.margin)
    sheet = impose([card], plan, label=f"Train round set-up, {players} players", title=opts.title)
    folder = out / slug
    with Staging(folder, opts.made_with, recipe("train-setup", {"players": players}, opts), kind=PRODUCT.kind) as stage:
        stage.write(f"{slug}.svg", render("svg", [card], title=card.title))
        stage.write(f"{slug}.pdf", render("pdf", sheet, title=opts.title or card.title))
        files = stage.commit()
    notes = [f"one card ({SIZE[0]:g} × {SIZE[1]:g} mm, a poker card) on a {opts.paper_name} sheet: cut on the marks"]
    how = how_to_print(paper=opts.paper_name, orientation=plan.orientation, sides="one")
    return Built(
        folder=folder,
        files=files,
        notes=notes,
        printing=how,
        to_print=folder / f"{slug}.pdf",
        cards=1,
        noun="cards",
        sheets=1,
        title=f"Train round set-up, {players} players",
    )


PRODUCT = Product("train-setup", "Train round-setup card", build_setup_card)
