"""Score sheets to print and fill in with a pen. One game so far: SuperTrain (seed 003).

``build_scoresheet(game="supertrain", players=4)`` writes
``<out>/supertrain-scoresheet-4-players/`` with the sheet as one SVG page and as a PDF:
a row per round in the order the engines come (12-12 down to 0-0, then Train-Train),
score and running-total cells per player, a totals row, and the scoring rule at the foot.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.impose.printing import how_to_print
from cardgen.layout.scoresheet import score_sheet
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product, recipe
from cardgen.render import render, subject_of
from cardgen.rules.supertrain.dominoes import ENGINES, bone_pile, hand_size, parse_tile, round_name
from cardgen.write.built import Built
from cardgen.write.staging import Staging

USES = ("paper", "margin", "title")  # the print options it uses: its folder's name carries these alone

GAMES = ("supertrain",)
EXAMPLES = ("12-5", "3-Train", "A-Train", "Train-Train")  # what each counts comes from the rules


@dataclass
class SheetResult(Built):
    orientation: str  # of its page


def build_scoresheet(
    *,
    game: str = "supertrain",
    players: int = 4,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
) -> SheetResult:
    """Write the score sheet of ``game`` for ``players`` players (SVG and PDF, one page).

    Of the print options a sheet uses the paper, the margin and the title."""
    key = game.strip().lower() if isinstance(game, str) else ""
    if key not in GAMES:
        raise CardgenError(
            f"no score sheet for game {game!r}: choose {', '.join(GAMES)} (Amtrak has its own: cardgen scorecard)"
        )
    hand = hand_size(players)  # refuses a player count the seed gives no hand size for
    opts = (opts or print_options()).only(USES)  # (a config's other options are not its)
    rounds = [round_name(r) for r in range(1, len(ENGINES) + 1)]
    slug = f"supertrain-scoresheet-{players}-players"
    drawing = score_sheet(
        players=players,
        rounds=rounds,
        paper=opts.paper,
        margin=opts.margin,
        heading="SuperTrain score sheet" + (f": {opts.title}" if opts.title else ""),
        subtitle=f"{players} players · each draws {hand} tiles · {bone_pile(players)} stay in the bone pile · "
        "each round starts from the engine on its row",
        notes=[
            "After each round write what is left in your hand: every number at face value, every Red Train "
            "and every letter (A D R S T) 10.",
            "Add it to your running total. After Train-Train the lowest total wins.",
        ],
        examples=[(t, parse_tile(t).points) for t in EXAMPLES],
    )
    slug += opts.suffix  # every print option not the default is in the folder's name, and its files'
    folder = out / slug
    built = recipe("supertrain-scoresheet", {"game": game, "players": players}, opts)
    with Staging(folder, opts.made_with, built, kind=PRODUCT.kind) as stage:
        human = f"{opts.title or 'SuperTrain'} — score sheet, {players} players"
        subject = subject_of("A SuperTrain score sheet to fill in with a pen")
        stage.write(f"{slug}.svg", render("svg", [drawing], title=human))
        stage.write(f"{slug}.pdf", render("pdf", [drawing], title=human, subject=subject))
        files = stage.commit()
    orientation = "landscape" if drawing.width > drawing.height else "portrait"
    notes = [f"{len(rounds)} rounds, {players} players, one {opts.paper_name} page ({orientation})"]
    how = how_to_print(paper=opts.paper_name, orientation=orientation, sides="one")
    return SheetResult(
        folder=folder,
        files=files,
        orientation=orientation,
        pages=1,
        notes=notes,
        printing=how,
        to_print=folder / f"{slug}.pdf",
    )


PRODUCT = Product("supertrain-scoresheet", "SuperTrain score sheet", build_scoresheet, command="scoresheet")
