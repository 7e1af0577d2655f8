"""Commands of the Game of Trains and of the whole set: ``pack``, ``pack2d``, ``placemat``,
``tokens``, ``check``, ``preview``, ``seq``, ``handout``, ``testpage`` and ``build``. Each takes the
options ``commands.COMMANDS`` declares for it, calls its product (imported here, when the command
runs: start-up pays for the command given only) and reports.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

import copy
import logging
from pathlib import Path
from typing import Any

import typer

from cardgen.cli.app import Grouped, app, declared, examples, out, progress, report, show_preview
from cardgen.errors import CardgenError
from cardgen.options import PrintOptions


@app.command(
    cls=Grouped,
    epilog=examples(
        "cardgen pack --pattern two --census 7 --backs --paper letter",
        "cardgen pack --numbers --wilds 4",
        "cardgen pack --pattern one --packs 2 --win never-descending --backs",
    ),
    rich_help_panel="Game of Trains",
    short_help="Cards to print for any pattern and census, checked",
)
@declared("pack")
def pack(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build a Game of Trains pack, the optional rules' cards too: an SVG per card and a PDF with
    crop marks."""
    from cardgen.products.got import build_pack

    result = build_pack(**options, opts=opts, out=out_dir, progress=progress("cards"))
    report(f"wrote {result.cards} cards to {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    cls=Grouped,
    epilog=examples(
        "cardgen placemat --census 7 --paper letter",
        "cardgen placemat --grid 3x3",
        "cardgen placemat --names Ann,Bob,Cy",
    ),
    rich_help_panel="Game of Trains",
    short_help="A placemat: a card-size space for each card of a sequence",
)
@declared("placemat")
def placemat(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build a placemat: one card-size space per card. A mat wider than the paper is split
    across pages with glue tabs and alignment marks."""
    from cardgen.products.placemat import build_placemat

    result = build_placemat(**options, opts=opts, out=out_dir)
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    cls=Grouped,
    epilog=examples("cardgen tokens --players 4", "cardgen tokens --players 6 --per-player 5 --paper letter"),
    rich_help_panel="Game of Trains",
    short_help="Freeze tokens to cut or punch, one colour and symbol per player",
)
@declared("tokens")
def tokens(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build a sheet of freeze tokens to cut, or punch with a 1 inch circle punch: one
    colour and symbol per player, so colour-blind players can tell them apart too."""
    from cardgen.products.tokens import build_tokens

    result = build_tokens(**options, opts=opts, out=out_dir, progress=progress("tokens"))
    report(f"wrote {result.cards} tokens to {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    cls=Grouped,
    epilog=examples(
        "cardgen build", "cardgen build --paper letter --out prints", "cardgen build --config cardgen.toml"
    ),
    rich_help_panel="Every game",
    short_help="Everything at once into output/, with an index page",
)
@declared("build")
def build(*, out_dir: Path, paper: str | None, config: Path | None, quiet: bool) -> None:
    """Build the whole set in one go, with an index page: a kit for each game (three players),
    then the three Game of Trains packs, placemats, the 2D pack, SuperTrain tiles and score sheet,
    Amtrak scorecards and every handout."""
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
    cls=Grouped,
    epilog=examples(
        "cardgen pack2d --categories row-swap,col-swap,remove --copies 3",
        "cardgen pack2d --categories row-swap,col-swap,number",
        "cardgen pack2d --list",
    ),
    rich_help_panel="Game of Trains",
    short_help="A pack for the 3×3 game, from its ability categories",
)
@declared("pack2d")
def pack2d(*, opts: PrintOptions, listing: bool, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Build a pack for the two-dimensional 3×3 variant from its ability categories."""
    if listing:
        from cardgen.reports import categories_text

        out.print(categories_text())
        return
    from cardgen.products.got2d import build_pack2d

    result = build_pack2d(**options, opts=opts, out=out_dir, progress=progress("cards"))
    report(f"wrote {result.cards} cards to {result.folder}/", result, preview=preview, open_it=open_it)


@app.command(
    cls=Grouped,
    epilog=examples(
        "cardgen check output/got-pattern-two-census-7",
        "cardgen check output/placemat-census-7",
        "cardgen check my.csv --pattern two --census 7 --json",
    ),
    rich_help_panel="Printing and proof",
    short_help="Prove a folder (or a pack table) right, naming every fault",
)
@declared("check")
def check(*, as_json: bool, **options: Any) -> None:
    """Check a folder cardgen wrote, or a pack table (a CSV with columns number,ability), and
    exit 1 naming every fault: cards read back from SVG and PDF, files against what cardgen wrote.
    A folder `cardgen build` wrote is checked item by item; files an operating system adds
    (.DS_Store, Thumbs.db …) are notes, not faults."""
    from cardgen.check import check_target

    report = check_target(**options)
    if as_json:
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
    cls=Grouped,
    epilog=examples("cardgen preview output/got-pattern-two-census-7", "cardgen preview output/supertrain-wild --open"),
    rich_help_panel="Printing and proof",
    short_help="Every card of a folder small on one picture, to look at before printing",
)
@declared("preview")
def preview(*, folder: Path, open_it: bool) -> None:
    """Write a contact sheet beside FOLDER, <folder>-preview.png: every card or tile small on one
    picture, fronts then backs (a folder without cards: each page of its PDF), and say where it is.

    It replaces only a preview cardgen wrote, unchanged since, and draws only files cardgen wrote."""
    show_preview(folder, open_it=open_it)


@app.command(
    cls=Grouped,
    epilog=examples(
        'cardgen seq "53 7 45 9 50 27 56"',
        "cardgen seq 2-6-14-38-W-56-82 --pack-size 84",
        "cardgen seq 1-2-3-4-4-6-7 --packs 2 --win never-descending",
    ),
    rich_help_panel="Game of Trains",
    short_help="Player aid: is a sequence ascending, which swaps sort it",
)
@declared("seq")
def seq(**options: Any) -> None:
    """Player aid: is a sequence ascending, how disordered is it, which swaps sort it; with
    --win, whether it wins for a pack of --pack-size numbers, --packs times over."""
    from cardgen.reports import seq_text

    out.print(seq_text(**options), markup=False)


@app.command(
    cls=Grouped,
    epilog=examples(
        "cardgen handout train",
        "cardgen handout got --pattern two --census 7 --paper letter",
        "cardgen handout got --simulate 200",
        "cardgen handout --list",
    ),
    rich_help_panel="Every game",
    short_help="A game's rules on two pages: a web page and a PDF",
)
@declared("handout")
def handout(*, opts: PrintOptions, listing: bool, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Write a game's rules handout, a web page and a PDF: the rules on two pages at most,
    tables and diagrams made by the rules engine."""
    if listing:
        from cardgen.reports import handouts_text

        out.print(handouts_text(), markup=False)
        return
    if options["game"] is None:
        raise CardgenError("name a game: got, got2d, supertrain, amtrak or train (see cardgen handout --list)")
    from cardgen.products.handout import build_handout

    result = build_handout(**options, opts=opts, out=out_dir)
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)


class KitHelp(Grouped):
    """``cardgen kit GAME --help`` lists GAME's options only, each with its own help and
    default (``commands.KITS``); ``cardgen kit --help`` lists every game's."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from cardgen.commands import KITS

        ctx.meta["kit_game"] = next((a.lower() for a in args if a.lower() in KITS), None)  # (before --help runs)
        return list(super().parse_args(ctx, args))

    def get_params(self, ctx: Any) -> list[Any]:
        from cardgen.commands import KIT, KITS

        params: list[Any] = super().get_params(ctx)
        game = ctx.meta.get("kit_game")
        if game is None or not ctx.meta.get("kit_help"):
            return params
        takes, shown = KITS[game], []
        for param in params:
            if param.name in KIT and param.name != "game" and param.name not in takes:
                continue  # another game's option
            if param.name in takes:  # its own words and default
                own = takes[param.name]
                param = copy.copy(param)
                param.help = own.help + (f", {own.low} to {own.high}" if param.name == "players" else "")
                plain = own.kind == "bool" or own.default in (None, "")
                param.show_default = False if plain else str(own.default)
            shown.append(param)
        return shown

    def format_options(self, ctx: Any, formatter: Any) -> None:
        ctx.meta["kit_help"] = True
        try:
            super().format_options(ctx, formatter)
        finally:
            ctx.meta["kit_help"] = False


@app.command(
    cls=KitHelp,
    epilog=examples(
        "cardgen kit got --names Ann,Bob,Cy,Dee --pattern one --freeze 7",
        "cardgen kit amtrak --players 1 --backs --paper letter",
    ),
    rich_help_panel="Every game",
    short_help="Everything to play a game with N players, in one PDF to print",
)
@declared("kit")
def kit(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool, **options: Any) -> None:
    """Everything to play GAME with N players, in one PDF to print in order."""
    from cardgen.products.kit import build_kit

    result = build_kit(**options, opts=opts, out=out_dir, progress=progress("kit"))
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)


# --- print-quality commands (testpage) ---


@app.command(
    cls=Grouped,
    epilog=examples(
        "cardgen testpage --paper letter",
        "cardgen pack --backs --back-offset 0.5,-1",
        "cardgen testpage --fold",
    ),
    rich_help_panel="Printing and proof",
    short_help="A duplex (or --fold) test sheet: measure how far your printer shifts backs",
)
@declared("testpage")
def testpage(*, opts: PrintOptions, out_dir: Path, preview: bool, open_it: bool) -> None:
    """Build a one-sheet duplex alignment test: print it double-sided, hold it to the light and
    read how far your printer shifts the backs, for --back-offset. With --fold, the fold-over
    test: print it one-sided, fold it on its line and see whether the halves line up."""
    from cardgen.products.testpage import build_testpage

    result = build_testpage(opts=opts, out=out_dir)
    report(f"wrote {result.folder}/", result, preview=preview, open_it=open_it)
