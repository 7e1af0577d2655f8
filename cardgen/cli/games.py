"""Commands of SuperTrain, Amtrak and Train: ``tiles``, ``scoresheet``, ``supertrain score``,
``scorecard``, ``amtrak score``/``compare`` and ``train can-play``.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

from pathlib import Path
from typing import Annotated, Optional

import typer

from cardgen.cli.app import Open, Out, Preview, app, command_group, out, printing, progress, report
from cardgen.options import PrintOptions

# --- supertrain commands (tiles, supertrain score, scoresheet) ---


@app.command(
    epilog="Example: cardgen tiles --set full --paper letter --numerals",
    rich_help_panel="SuperTrain dominoes",
    short_help="The 21 wild tiles (or all 112) to print and cut",
)
@printing(
    "paper",
    "bleed",
    "margin",
    "gutter",
    "title",
    "backs",
    "back_offset",
    "fold",
    "png",
    "tts",
    "preset",
    noun="tile",
    png_names="png/0-train.png, png/12-5.png … (each tile's own name)",
    size_option="tile",
    help={
        "title": "A name printed on the back of every tile (plain text).",
        "preset": "A print service's preset: its bleed and safe zone, and the files it asks for (the tiles keep "
        "their --tile size): home, makeplayingcards, drivethrucards, thegamecrafter, printerstudio; "
        "--preset list shows each with a tile's figures.",
        "backs": "Add a backs page after each sheet. Print double-sided and flip on the edge the build names: "
        "the short edge of the usual landscape tile sheets.",
    },
)
def tiles(
    set_: Annotated[
        str,
        typer.Option("--set", help="wild: the 21 wild tiles; full: all 112 (91 double-12 number tiles + 21 wilds)."),
    ] = "wild",
    numerals: Annotated[
        bool, typer.Option("--numerals", help="Print each number as a coloured digit instead of pips.")
    ] = False,
    tile: Annotated[str, typer.Option("--tile", help="Tile size WxH, e.g. 2x1in (the default) or 44x22mm.")] = "2x1in",
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build SuperTrain dominoes: one SVG per tile and a print-ready PDF with crop marks."""
    from cardgen.products.supertrain import build_tiles

    result = build_tiles(set=set_, numerals=numerals, tile=tile, opts=opts, out=out_dir, progress=progress("tiles"))
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
    epilog='Example: cardgen supertrain score "12-5 3-Train A-Train" --json',
    short_help="The points a hand left at the end of a round counts",
)
def supertrain_score(
    hand: Annotated[
        str, typer.Argument(help="Tiles left in a hand, separated by spaces or commas: 12-5, 3-Train, A-Train …")
    ],
    json_: Annotated[bool, typer.Option("--json", help="Print JSON (each tile's points and the total).")] = False,
) -> None:
    """The points a hand left at the end of a round counts: numbers at face value, 10 a Red Train or letter."""
    from cardgen.reports import supertrain_score_text

    out.print(supertrain_score_text(hand=hand, as_json=json_), markup=False, soft_wrap=True)


@app.command(
    epilog="Example: cardgen scoresheet supertrain --players 4 --paper letter",
    rich_help_panel="SuperTrain dominoes",
    short_help="A SuperTrain score sheet to fill in with a pen",
)
@printing("paper", "margin", "title", help={"title": "A name printed at the top of the sheet (plain text)."})
def scoresheet(
    game: Annotated[str, typer.Argument(help="The game: supertrain.")],
    players: Annotated[int, typer.Option("--players", help="Players, 2 to 8: one score and total column each.")] = 4,
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build a score sheet to fill in with a pen: a row per round, score and running total per player."""
    from cardgen.products.scoresheet import build_scoresheet

    result = build_scoresheet(game=game, players=players, opts=opts, out=out_dir)
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)


# --- amtrak commands (amtrak score/compare, scorecard) ---

amtrak = command_group(
    "amtrak",
    "Amtrak the Game: score a train, rank trains. A car is TIE/RAIL (K/7, 9/9, JK/4).\n\n"
    'Example: cardgen amtrak score "K/7 Q/2 J/5 9/3"',
)
app.add_typer(amtrak, name="amtrak", rich_help_panel="Amtrak", short_help="Score a train, rank trains")
AmtrakJson = Annotated[bool, typer.Option("--json", help="Print JSON instead of aligned columns.")]


@amtrak.command(
    "score",
    epilog='Example: cardgen amtrak score "K/7 Q/2 J/5 9/3" --json',
    short_help="Score one train: each car's Type, Fleet and value, the bonus",
)
def amtrak_score(
    train: Annotated[
        str, typer.Argument(help="The cars as TIE/RAIL, separated by spaces or commas: A 2 … 10 J Q K, JK a Joker.")
    ],
    json_: AmtrakJson = False,
) -> None:
    """Score one train: each car's Type, Fleet and value, the Full-Staff bonus and the total."""
    from cardgen.reports import amtrak_score_text

    out.print(amtrak_score_text(train=train, as_json=json_), markup=False, soft_wrap=True)


@amtrak.command(
    "compare",
    epilog='Example: cardgen amtrak compare "K/7 Q/2 J/5 9/3" "7/7 K/2 Q/3 J/4"',
    short_help="Rank trains, highest total first, with the tie-break",
)
def amtrak_compare(
    trains: Annotated[list[str], typer.Argument(help="Two or more trains, each one quoted argument.")],
    json_: AmtrakJson = False,
) -> None:
    """Rank trains: highest total first; equal totals go to the Rails; still equal share a place."""
    from cardgen.reports import amtrak_compare_text

    out.print(amtrak_compare_text(trains=trains, as_json=json_), markup=False, soft_wrap=True)


@app.command(
    epilog="Example: cardgen scorecard --players 2 --paper letter",
    rich_help_panel="Amtrak",
    short_help="An Amtrak scorecard to fill in with a pen (1 to 4 players)",
)
@printing("paper", "margin", "title", help={"title": "A name printed at the top of every page (plain text)."})
def scorecard(
    players: Annotated[int, typer.Option(help="1 to 4; 1 is the solo game (with the face-down pile tally).")] = 2,
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build an Amtrak scorecard to fill in with a pen: SVG per page and a PDF."""
    from cardgen.products.amtrak import build_scorecard

    result = build_scorecard(players=players, opts=opts, out=out_dir)
    report(f"wrote {result.pages} page{'s' if result.pages > 1 else ''} to {result.folder}/", result, preview=preview, open_it=open_it)


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
    epilog="Examples: cardgen train can-play J,8,J --on 10 ; cardgen train can-play 2,3,4,5,6 --on A --where closed "
    "--hand 2,3,4,5,6",
    short_help="Whether a play is legal on a card, and why (exit 0 legal, 1 not)",
)
def train_can_play(
    play: Annotated[str, typer.Argument(help="The cards laid at once, first laid first: 7, J,8,J, K,K, 2,3,4,5,6.")],
    on: Annotated[
        str, typer.Option("--on", help="The top card it goes on; start for an empty central area or face-down pile.")
    ],
    where: Annotated[
        str, typer.Option(help="central (the middle), pile (a pile in play) or closed (a closed pile, reopening).")
    ] = "central",
    hand: Annotated[
        Optional[str], typer.Option(help="The player's whole hand: a Train must use all of it, a play come from it.")
    ] = None,
    open_piles: Annotated[
        Optional[int], typer.Option(help="Piles open now, this one included (1 refuses a closing Ace).")
    ] = None,
) -> None:
    """Exit 0 with the reason when the play is legal, 1 with the reason when it is not."""
    from cardgen.reports import train_verdict

    legal, text = train_verdict(play=play, on=on, where=where, hand=hand, open_piles=open_piles)
    out.print(text, markup=False, soft_wrap=True)
    if not legal:
        raise typer.Exit(1)
