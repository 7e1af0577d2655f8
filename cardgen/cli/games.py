"""Commands of SuperTrain, Amtrak and Train: ``tiles``, ``scoresheet``, ``supertrain score``,
``deck``, ``scorecard``, ``amtrak score``/``compare`` and ``train can-play``; each takes the options
``commands.COMMANDS`` declares for it.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

from pathlib import Path
from typing import Any

import typer

from cardgen.cli.app import Grouped, app, command_group, declared, examples, out, progress, report
from cardgen.options import PrintOptions

# --- supertrain commands (tiles, supertrain score, scoresheet) ---


@app.command(
    cls=Grouped,
    epilog=examples("cardgen tiles --set full --paper letter --numerals", "cardgen tiles --preset list"),
    rich_help_panel="SuperTrain dominoes",
    short_help="The 21 wild tiles (or all 112) to print and cut",
)
@declared("tiles", size_option="tile")
def tiles(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build SuperTrain dominoes: one SVG per tile and a print-ready PDF with crop marks."""
    from cardgen.products.supertrain import build_tiles

    result = build_tiles(**options, opts=opts, out=out_dir, progress=progress("tiles"))
    report(f"wrote {result.cards} tiles to {result.folder}/", result, preview=preview, open_it=open_it)


supertrain = command_group(
    "supertrain",
    "SuperTrain (double-12 dominoes with 21 wild tiles): count what a hand scores.\n\n"
    'Example: cardgen supertrain score "12-5 3-Train A-Train"',
)
app.add_typer(
    supertrain, name="supertrain", rich_help_panel="SuperTrain dominoes", short_help="Count what a hand left scores"
)


@supertrain.command(
    "score",
    cls=Grouped,
    epilog=examples('cardgen supertrain score "12-5 3-Train A-Train" --json'),
    short_help="The points a hand left at the end of a round counts",
)
@declared("supertrain score")
def supertrain_score(*, hand: str, as_json: bool) -> None:
    """The points a hand left at the end of a round counts: numbers at face value, 10 a Red Train or letter."""
    from cardgen.reports import supertrain_score_text

    out.print(supertrain_score_text(hand=hand, as_json=as_json), markup=False, soft_wrap=True)


@app.command(
    cls=Grouped,
    epilog=examples("cardgen scoresheet supertrain --players 4 --paper letter"),
    rich_help_panel="SuperTrain dominoes",
    short_help="A SuperTrain score sheet to fill in with a pen",
)
@declared("scoresheet")
def scoresheet(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build a score sheet to fill in with a pen: a row per round, score and running total per player."""
    from cardgen.products.scoresheet import build_scoresheet

    result = build_scoresheet(**options, opts=opts, out=out_dir)
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)


# --- amtrak commands (amtrak score/compare, scorecard) ---

amtrak = command_group(
    "amtrak",
    "Amtrak the Game: score a train, rank trains. A car is TIE/RAIL (K/7, 9/9, JK/4).\n\n"
    'Example: cardgen amtrak score "K/7 Q/2 J/5 9/3"',
)
app.add_typer(amtrak, name="amtrak", rich_help_panel="Amtrak", short_help="Score a train, rank trains")


@amtrak.command(
    "score",
    cls=Grouped,
    epilog=examples('cardgen amtrak score "K/7 Q/2 J/5 9/3" --json'),
    short_help="Score one train: each car's Type, Fleet and value, the bonus",
)
@declared("amtrak score")
def amtrak_score(*, train: str, as_json: bool) -> None:
    """Score one train: each car's Type, Fleet and value, the Full-Staff bonus and the total."""
    from cardgen.reports import amtrak_score_text

    out.print(amtrak_score_text(train=train, as_json=as_json), markup=False, soft_wrap=True)


@amtrak.command(
    "compare",
    cls=Grouped,
    epilog=examples('cardgen amtrak compare "K/7 Q/2 J/5 9/3" "7/7 K/2 Q/3 J/4"'),
    short_help="Rank trains, highest total first, with the tie-break",
)
@declared("amtrak compare")
def amtrak_compare(*, trains: list[str], as_json: bool) -> None:
    """Rank trains: highest total first; equal totals go to the Rails; still equal share a place."""
    from cardgen.reports import amtrak_compare_text

    out.print(amtrak_compare_text(trains=trains, as_json=as_json), markup=False, soft_wrap=True)


@app.command(
    cls=Grouped,
    epilog=examples(
        "cardgen deck --paper letter --backs",
        "cardgen deck --jokers 0 --four-colour",
        "cardgen deck --preset makeplayingcards --backs",
    ),
    rich_help_panel="Amtrak",
    short_help="The deck: 52 cards and 2 Jokers, each naming its Amtrak role",
)
@declared("deck")
def deck(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build a deck of playing cards for Amtrak (52 and 2 Jokers) or Train (--jokers 0): an SVG
    per card and a PDF with crop marks. Each card shows its Amtrak role and values too."""
    from cardgen.products.deck import build_deck

    result = build_deck(**options, opts=opts, out=out_dir, progress=progress("cards"))
    report(f"wrote {result.cards} cards to {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    cls=Grouped,
    epilog=examples("cardgen scorecard --players 2 --paper letter"),
    rich_help_panel="Amtrak",
    short_help="An Amtrak scorecard to fill in with a pen (1 to 4 players)",
)
@declared("scorecard")
def scorecard(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build an Amtrak scorecard to fill in with a pen: SVG per page and a PDF."""
    from cardgen.products.amtrak import build_scorecard

    result = build_scorecard(**options, opts=opts, out=out_dir)
    pages = f"{result.pages} page{'s' if result.pages > 1 else ''}"
    report(f"wrote {pages} to {result.folder}/", result, preview=preview, open_it=open_it)


# --- train referee and handouts ---

train = command_group(
    "train",
    "Train, the 52-card game: ask the referee whether a play is legal.\n\nExample: cardgen train can-play 7 --on 5",
)
app.add_typer(
    train, name="train", rich_help_panel="Train (52 cards)", short_help="Ask the referee whether a play is legal"
)


@train.command(
    "can-play",
    cls=Grouped,
    epilog=examples(
        "cardgen train can-play J,8,J --on 10",
        "cardgen train can-play 2,3,4,5,6 --on A --where closed --hand 2,3,4,5,6",
    ),
    short_help="Whether a play is legal on a card, and why (exit 0 legal, 1 not)",
)
@declared("train can-play")
def train_can_play(**options: Any) -> None:
    """Exit 0 with the reason when the play is legal, 1 with the reason when it is not."""
    from cardgen.reports import train_verdict

    legal, text = train_verdict(**options)
    out.print(text, markup=False, soft_wrap=True)
    if not legal:
        raise typer.Exit(1)
