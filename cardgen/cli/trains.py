"""Commands of the Game of Trains and of the whole set: ``pack``, ``pack2d``, ``placemat``,
``tokens``, ``check``, ``preview``, ``seq``, ``handout``, ``testpage`` and ``build``. Each parses, calls its product
(imported here, when the command runs: start-up pays for the command given only) and reports.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

import logging
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from cardgen.cli.app import PRINT_ALL, Open, Out, Preview, app, out, printing, progress, report, show_preview
from cardgen.errors import CardgenError
from cardgen.options import PrintOptions


@app.command(
    epilog="Examples: cardgen pack --pattern two --census 7 --backs --paper letter ; "
    "cardgen pack --pattern two --numbers --wilds 4 ; cardgen pack --packs 2 --win never-descending --backs",
    rich_help_panel="Game of Trains",
    short_help="Cards to print for any pattern and census, checked",
)
@printing(*PRINT_ALL)
def pack(
    pattern: Annotated[
        str,
        typer.Option("--pattern", "-p", help="one (swaps), two (swaps + removals) or three (swaps across players)."),
    ] = "one",
    census: Annotated[
        int, typer.Option("--census", "-n", help="Spaces on the mat, 2 to 26 (two: at most 23, X marks a removal).")
    ] = 7,
    copies: Annotated[
        Optional[int],
        typer.Option(help="Blocks of the pack; each ability once per block. Default: one 4, two 3, three 5."),
    ] = None,
    players: Annotated[
        Optional[int],
        typer.Option(help="Size the pack for this many players instead of --copies (one: 2 → 42 cards at census 7)."),
    ] = None,
    numbers: Annotated[
        bool,
        typer.Option(
            "--numbers",
            help="Add the number abilities to every block (cardgen's own: the rules suggest the idea, not a list): HI→X, LO→X, LO EV→X, "
            "HI OD→X, HI↔LO.",
        ),
    ] = False,
    packs: Annotated[
        int,
        typer.Option(help="Print this many copies of the pack to combine: numbers repeat, each card marked A, B …"),
    ] = 1,
    wilds: Annotated[
        int, typer.Option(help="Add this many wild cards: no number, no ability, W01 … after the numbered cards.")
    ] = 0,
    win: Annotated[
        str,
        typer.Option(
            help="The winning definition the table plays: ascending or never-descending (repeats allowed; "
            "needs --packs or --wilds)."
        ),
    ] = "ascending",
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build a Game of Trains variant pack: one SVG per card and a print-ready PDF with crop marks;
    with the optional rules: number abilities, combined packs, wild cards."""
    from cardgen.products.got import build_pack

    result = build_pack(
        pattern=pattern,
        census=census,
        copies=copies,
        players=players,
        numbers=numbers,
        packs=packs,
        wilds=wilds,
        win=win,
        opts=opts,
        out=out_dir,
        progress=progress("cards"),
    )
    report(f"wrote {result.cards} cards to {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    epilog="Examples: cardgen placemat --census 7 --paper letter ; cardgen placemat --grid 3x3",
    rich_help_panel="Game of Trains",
    short_help="A placemat: a card-size space for each card of a sequence",
)
@printing(
    "card",
    "paper",
    "margin",
    "title",
    help={
        "card": "The cards the mat's spaces hold: poker (2.5×3.5in), bridge, mini, tarot, or WxH like 63x88mm.",
        "title": "A name printed on the mat, e.g. its player's (plain text).",
    },
)
def placemat(
    census: Annotated[int, typer.Option("--census", "-n", help="Spaces in the row, lettered A, B, C …")] = 7,
    grid: Annotated[
        Optional[str], typer.Option(help="Build the two-dimensional mat instead, e.g. 3x3 (rows A B C, columns D E F).")
    ] = None,
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build a placemat: one card-size space per card. A mat wider than the paper is split
    across pages with glue tabs and alignment marks."""
    from cardgen.products.placemat import build_placemat

    result = build_placemat(census=census, grid=grid, opts=opts, out=out_dir)
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    epilog="Examples: cardgen tokens --players 4 ; cardgen tokens --players 6 --per-player 5 --paper letter",
    rich_help_panel="Game of Trains",
    short_help="Freeze tokens to cut or punch, one colour and symbol per player",
)
@printing(
    "paper", "margin", "gutter", "title", noun="token", help={"title": "A name printed on the sheet (plain text)."}
)
def tokens(
    players: Annotated[int, typer.Option(help="Players, 2 to 8: each gets a colour, a symbol and a number.")] = 4,
    per_player: Annotated[
        int, typer.Option(help="Tokens each (one a space: a frozen card never thaws; 7 for census 7).")
    ] = 7,
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build a sheet of freeze tokens to cut, or punch with a 1 inch circle punch: one
    colour and symbol per player, so colour-blind players can tell them apart too."""
    from cardgen.products.tokens import build_tokens

    result = build_tokens(players=players, per_player=per_player, opts=opts, out=out_dir, progress=progress("tokens"))
    report(f"wrote {result.cards} tokens to {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    epilog="Examples: cardgen build ; cardgen build --paper letter --out prints ; cardgen build --config cardgen.toml",
    rich_help_panel="Every game",
    short_help="Everything at once into output/, with an index page",
)
def build(
    out_dir: Out = Path("output"),
    paper: Annotated[
        Optional[str],
        typer.Option(help="Paper for every item: a4, letter, a3 or tabloid (default: a4, or the config's)."),
    ] = None,
    config: Annotated[
        Optional[Path],
        typer.Option(help="A cardgen.toml naming your own set of items (default: ./cardgen.toml if there is one)."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
) -> None:
    """Build the whole set in one go, with an index page: the three Game of Trains packs,
    placemats, the 2D pack, SuperTrain tiles and score sheet, Amtrak scorecards and every handout."""
    from cardgen.build import DEFAULT_SET, build_set

    if config is None and Path("cardgen.toml").is_file():
        config = Path("cardgen.toml")
    bar = progress("items") if not quiet else None
    if quiet:  # (what it replaced is left out too; what it could not clear is still said)
        logging.getLogger("cardgen").setLevel(logging.WARNING)
    total = len(DEFAULT_SET) if config is None else 0
    done = 0

    def step(outcome: Any) -> None:
        nonlocal done
        done += 1
        if bar:
            bar(done, max(total, done))

    built = build_set(config=config, paper=paper, out=out_dir, step=step)
    if bar:
        bar(1, 1)
    if built.failed:
        raise CardgenError(built.failure())
    if not quiet:
        for line in built.summary():
            out.print(line, markup=False)


@app.command(
    epilog="Examples: cardgen pack2d --categories row-swap,col-swap,remove --copies 3 ; "
    "cardgen pack2d --categories row-swap,col-swap,number",
    rich_help_panel="Game of Trains",
    short_help="A pack for the 3×3 game, from its ability categories",
)
@printing(*PRINT_ALL)
def pack2d(
    categories: Annotated[
        Optional[str],
        typer.Option(
            help="Comma-separated 2D ability categories (see --list; number: cardgen's number abilities). "
            "Default: row-swap,col-swap,row-rotate,col-rotate,remove (78 cards)."
        ),
    ] = None,
    copies: Annotated[Optional[int], typer.Option(help="Blocks of the pack; default: about 80 cards in all.")] = None,
    list_: Annotated[
        bool,
        typer.Option(
            "--list", help="List the ability categories of the 3×3 game (the seed's 16, and number) and exit."
        ),
    ] = False,
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build a pack for the two-dimensional 3×3 variant from its ability categories."""
    if list_:
        from cardgen.reports import categories_text

        out.print(categories_text())
        return
    from cardgen.products.got2d import build_pack2d

    result = build_pack2d(categories=categories, copies=copies, opts=opts, out=out_dir, progress=progress("cards"))
    report(f"wrote {result.cards} cards to {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    epilog="Examples: cardgen check output/got-pattern-two-census-7 ; cardgen check output/placemat-census-7 ; "
    "cardgen check my.csv --pattern two --census 7 --json",
    rich_help_panel="Printing and proof",
    short_help="Prove a folder (or a pack table) right, naming every fault",
)
def check(
    target: Annotated[
        Path,
        typer.Argument(
            help="A folder cardgen wrote (cards are checked card by card; a placemat, form or handout file by "
            "file), or a pack table: a CSV with columns number,ability."
        ),
    ],
    pattern: Annotated[Optional[str], typer.Option("--pattern", "-p", help="For a table: one, two or three.")] = None,
    census: Annotated[Optional[int], typer.Option("--census", "-n", help="For a table: spaces on the mat.")] = None,
    copies: Annotated[
        Optional[int], typer.Option(help="For a table: blocks in the pack (default: the pattern's).")
    ] = None,
    categories: Annotated[
        Optional[str], typer.Option(help="For a table of a 2D pack: its categories, as for pack2d.")
    ] = None,
    json_: Annotated[bool, typer.Option("--json", help="Print a JSON report instead of lines.")] = False,
) -> None:
    """Check a folder cardgen wrote, or a pack table, and exit 1 naming every fault.

    A pack's cards are read back from its SVGs and PDF and checked against every distribution
    rule, by card number; its files against what cardgen wrote. A folder without cards (a
    placemat, score sheet, scorecard, handout, test page) is checked file by file: each one
    there and unchanged since cardgen wrote it, nothing else in the folder, each PDF whole with
    its fonts embedded. A folder holding cardgen's folders (what cardgen build wrote) is
    checked item by item, a line each, then the set. Files an operating system adds to folders
    (.DS_Store, Thumbs.db …) are named in notes: they change nothing that prints."""
    from cardgen.check import check_target

    report = check_target(target=target, pattern=pattern, census=census, copies=copies, categories=categories)
    if json_:
        out.print(report.to_json(), markup=False, soft_wrap=True)
    else:
        for item in report.items:  # a set of folders: each item's faults, then its line
            for v in item.violations:
                out.print(f"{item.target}: {v.message}", markup=False, soft_wrap=True)
            for note in item.notes:
                out.print(f"{item.target}: note: {note}", markup=False, soft_wrap=True)
            out.print(item.line(), markup=False, soft_wrap=True)
        for v in report.violations:
            out.print(v.message, markup=False, soft_wrap=True)
        for note in report.notes:
            out.print(f"note: {note}", markup=False, soft_wrap=True)
        out.print(report.line(), markup=False, soft_wrap=True)
    if not report.ok:
        raise typer.Exit(1)


@app.command(
    epilog="Examples: cardgen preview output/got-pattern-two-census-7 ; cardgen preview output/supertrain-wild --open",
    rich_help_panel="Printing and proof",
    short_help="Every card of a folder small on one picture, to look at before printing",
)
def preview(
    folder: Annotated[Path, typer.Argument(help="A folder cardgen wrote: a pack, tiles, tokens, a mat, a form …")],
    open_it: Annotated[bool, typer.Option("--open", help="Open the picture in the system's image viewer.")] = False,
) -> None:
    """Write a contact sheet beside FOLDER, <folder>-preview.png: every card or tile small on one
    picture, fronts then backs (a folder without cards: each page of its PDF), and say where it is.

    It replaces only a preview cardgen wrote, unchanged since, and draws only files cardgen wrote."""
    show_preview(folder, open_it=open_it)


@app.command(
    epilog='Examples: cardgen seq "53 7 45 9 50 27 56" ; cardgen seq 2-6-14-38-W-56-82 --pack-size 84 ; '
    "cardgen seq 1-2-3-4-4-6-7 --packs 2 --win never-descending",
    rich_help_panel="Game of Trains",
    short_help="Player aid: is a sequence ascending, which swaps sort it",
)
def seq(
    sequence: Annotated[
        str,
        typer.Argument(
            help="Card numbers from space A on, separated by spaces, commas or hyphens; W or ? for a wild card."
        ),
    ],
    pack_size: Annotated[
        int, typer.Option(help="Numbers in the pack (1..N): every card must be one, and a wild stands for one.")
    ] = 84,
    packs: Annotated[int, typer.Option(help="Packs combined: each number is printed this many times.")] = 1,
    wilds: Annotated[
        Optional[int],
        typer.Option(help='Wild cards in the pack (its pack.json\'s "wilds"; 0 for none): more W is named.'),
    ] = None,
    win: Annotated[
        Optional[str],
        typer.Option(
            help="Also say whether the sequence wins under this definition: ascending or never-descending "
            "(with --packs, ascending unless given)."
        ),
    ] = None,
) -> None:
    """Player aid: is a sequence ascending, how disordered is it, which swaps sort it; with
    --win, whether it wins for a pack of --pack-size numbers, --packs times over."""
    from cardgen.reports import seq_text

    out.print(seq_text(sequence=sequence, pack_size=pack_size, packs=packs, win=win, wilds=wilds), markup=False)


@app.command(
    epilog="Examples: cardgen handout train ; cardgen handout got --pattern two --census 7 --paper letter ; "
    "cardgen handout got --simulate 200 ; cardgen handout --list",
    rich_help_panel="Every game",
    short_help="A game's rules on two pages: a web page and a PDF",
)
@printing(
    "paper",
    "margin",
    "title",
    help={
        "title": "The handout's title, instead of the game's (plain text).",
        "margin": "White border round every page (a handout keeps at least 12mm, more than a card sheet).",
    },
    defaults={"margin": "12mm"},
)
def handout(
    game: Annotated[
        Optional[str], typer.Argument(help="got, got2d, supertrain, amtrak or train (see --list).", show_default=False)
    ] = None,
    pattern: Annotated[
        Optional[str], typer.Option("--pattern", "-p", help="got: one, two or three (default one).")
    ] = None,
    census: Annotated[Optional[int], typer.Option("--census", "-n", help="got: spaces on the mat (default 7).")] = None,
    categories: Annotated[
        Optional[str], typer.Option(help="got2d: comma-separated ability categories (see cardgen pack2d --list).")
    ] = None,
    numbers: Annotated[bool, typer.Option("--numbers", help="got: the pack has the number abilities.")] = False,
    packs: Annotated[Optional[int], typer.Option(help="got: packs combined.")] = None,
    wilds: Annotated[Optional[int], typer.Option(help="got: wild cards in the pack.")] = None,
    win: Annotated[Optional[str], typer.Option(help="got: ascending or never-descending.")] = None,
    simulate: Annotated[
        Optional[int],
        typer.Option(
            "--simulate",
            metavar="N",
            help="got: also print how long a game lasts and how often the first seat wins, from N seeded games "
            "of this pack by cardgen's good bot for 2, 3 and 4 players (seed 1; 1 to 100,000).",
            show_default=False,
        ),
    ] = None,
    list_: Annotated[bool, typer.Option("--list", help="List the games and their options, and exit.")] = False,
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Write a game's rules handout, a web page and a PDF from the same content: the rules
    summarised on two pages at most, tables and diagrams made by the rules engine."""
    if list_:
        from cardgen.reports import handouts_text

        out.print(handouts_text(), markup=False)
        return
    if game is None:
        raise CardgenError("name a game: got, got2d, supertrain, amtrak or train (see cardgen handout --list)")
    from cardgen.products.handout import build_handout

    result = build_handout(
        game=game,
        pattern=pattern,
        census=census,
        categories=categories,
        numbers=numbers,
        packs=packs,
        wilds=wilds,
        win=win,
        simulate=simulate,
        opts=opts,
        out=out_dir,
    )
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)


# --- print-quality commands (testpage) ---


@app.command(
    epilog="Examples: cardgen testpage --paper letter ; then cardgen pack --backs --back-offset 0.5,-1 ; "
    "cardgen testpage --fold",
    rich_help_panel="Printing and proof",
    short_help="A duplex (or --fold) test sheet: measure how far your printer shifts backs",
)
@printing(
    "paper",
    "margin",
    "back_offset",
    "fold",
    help={
        "back_offset": "Move the back page X,Y mm (X right, Y up, as on screen): print it again with the offset you "
        "read, and the two crosses should meet, e.g. 0.5,-1.",
        "fold": "The fold-over test instead: one page to print one-sided and fold on its dashed line, to see how "
        "well your folds line up a --fold sheet's backs.",
    },
)
def testpage(
    out_dir: Out = Path("output"),
    preview: Preview = False,
    open_it: Open = False,
    *,
    opts: PrintOptions,
) -> None:
    """Build a one-sheet duplex alignment test: print it double-sided, hold it to the light and
    read how far your printer shifts the backs, for --back-offset. With --fold, the fold-over
    test: print it one-sided, fold it on its line and see whether the halves line up."""
    from cardgen.products.testpage import build_testpage

    result = build_testpage(opts=opts, out=out_dir)
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)
