"""The command line: parse, call one build function, report. No logic of its own.

Every domain error (``CardgenError``) and every usage error becomes one red
line on stderr and exit status 2; ``check`` exits 1 when a pack breaks a rule.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any, Optional, TextIO

import typer

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.options import PrintArgs, PrintOptions
from cardgen.units import SHOWN, shown


def command_group(name: str, help: str) -> typer.Typer:
    """A Typer app as every cardgen command group is: help when called bare, plain errors."""
    return typer.Typer(
        name=name,
        help=help,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )


app = command_group(
    "cardgen",
    "Print-and-play cards, mats and sheets for train-themed games.\n\nExample: cardgen pack --pattern two --census 7",
)


class Stream:
    """Plain lines to stdout or stderr, coloured only on a terminal. Rich is imported only to
    draw a progress bar, so start-up does not pay for it. ``print`` takes rich's keywords;
    with ``markup=True`` the only tags understood are ``[red]``, ``[yellow]``, ``[green]``, ``[bold]``."""

    COLOURS = {"red": "31", "yellow": "33", "green": "32", "bold": "1"}
    TAG = re.compile(r"\[(/?)(red|yellow|green|bold)\]")

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def file(self) -> TextIO:
        stream: TextIO = getattr(sys, self.name)
        return stream

    @property
    def is_terminal(self) -> bool:
        return self.file.isatty()

    def print(self, text: object = "", *, style: str | None = None, markup: bool = True, **_: object) -> None:
        line, colour = str(text), self.is_terminal
        if markup:
            line = self.TAG.sub(lambda m: f"\x1b[{'0' if m[1] else self.COLOURS[m[2]]}m" if colour else "", line)
        if style in self.COLOURS and colour:
            line = f"\x1b[{self.COLOURS[style]}m{line}\x1b[0m"
        self.file.write(line + "\n")


err = Stream("stderr")
out = Stream("stdout")

Out = Annotated[Path, typer.Option("--out", "-o", help="Folder to write into; each item gets its own folder inside.")]


def printing(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The command also takes these print options (declared once, in ``options.PrintArgs``)
    and receives them parsed, as one ``PrintOptions`` called ``opts``."""
    optional: dict[str, Any] = {"int | None": Optional[int], "str | None": Optional[str]}

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        sig = inspect.signature(fn, eval_str=True)
        own = [p for p in sig.parameters.values() if p.name != "opts"]
        extra = []
        for f in fields(PrintArgs):
            if f.name in names:
                metavar = f.metadata.get("metavar")
                option = typer.Option(f"--{f.name.replace('_', '-')}", help=f.metadata["help"], metavar=metavar)
                if f.type in (bool, "bool"):
                    option = typer.Option(f"--{f.name}/--no-{f.name}", help=f.metadata["help"])
                # bool: a --x/--no-x flag; "int | None", "str | None": an option that may be left out
                kind = bool if f.type in (bool, "bool") else optional.get(str(f.type), str)
                extra.append(
                    inspect.Parameter(
                        f.name, inspect.Parameter.KEYWORD_ONLY, default=f.default, annotation=Annotated[kind, option]
                    )
                )
        at = next((i for i, p in enumerate(own) if p.name == "out_dir"), len(own))
        params = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[:at] + extra + own[at:]]

        @functools.wraps(fn)
        def command(**kw: Any) -> Any:
            args = PrintArgs(**{n: kw.pop(n) for n in names})
            if args.theme:  # reading a theme reads pictures and fonts: its module only when one is named
                from cardgen.themes.read import parse_print_args

                return fn(opts=parse_print_args(args), **kw)
            return fn(opts=args.parse(), **kw)

        command.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate


PRINT_ALL = ("card", "paper", "bleed", "margin", "gutter", "title", "backs", "back_offset", "png", "tts", "theme")


def _version(value: bool) -> None:
    if value:
        out.print(f"cardgen {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = None,
) -> None:
    """Print-and-play cards, mats and sheets for train-themed games."""


def _report(headline: str, notes: list[str]) -> None:
    out.print(headline, markup=False)
    for note in notes:
        out.print(f"  {note}", markup=False, style="yellow" if note.startswith("warning") else None)


def _progress(label: str):  # type: ignore[no-untyped-def]
    """A progress callback drawing a bar on a terminal, and nothing when piped. The bar (and
    rich, and its refresh thread) starts at the first step: a command that is done before it
    has anything to show never draws one."""
    if not err.is_terminal:
        return None
    bar: Any = None
    task: Any = None

    def step(done: int, total: int) -> None:
        nonlocal bar, task
        if bar is None:
            from rich.console import Console
            from rich.progress import Progress

            bar = Progress(console=Console(stderr=True), transient=True)
            task = bar.add_task(label, total=total)
            bar.start()
        bar.update(task, completed=done, total=total)
        if done >= total:
            bar.stop()

    return step


@app.command(epilog="Example: cardgen pack --pattern two --census 7 --backs --paper letter")
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
    out_dir: Out = Path("output"),
    *,
    opts: PrintOptions,
) -> None:
    """Build a Game of Trains variant pack: one SVG per card and a print-ready PDF with crop marks."""
    from cardgen.products.got import build_pack

    result = build_pack(
        pattern=pattern,
        census=census,
        copies=copies,
        players=players,
        opts=opts,
        out=out_dir,
        progress=_progress("cards"),
    )
    _report(f"wrote {result.cards} cards to {result.folder}/", result.notes)


@app.command(epilog="Examples: cardgen placemat --census 7 --paper letter ; cardgen placemat --grid 3x3")
@printing("card", "paper", "margin", "title")
def placemat(
    census: Annotated[int, typer.Option("--census", "-n", help="Spaces in the row, lettered A, B, C …")] = 7,
    grid: Annotated[
        Optional[str], typer.Option(help="Build the two-dimensional mat instead, e.g. 3x3 (rows A B C, columns D E F).")
    ] = None,
    out_dir: Out = Path("output"),
    *,
    opts: PrintOptions,
) -> None:
    """Build a placemat: one card-size space per card. A mat wider than the paper is split
    across pages with glue tabs and alignment marks."""
    from cardgen.products.placemat import build_placemat

    result = build_placemat(census=census, grid=grid, opts=opts, out=out_dir)
    _report(f"wrote {result.folder}/", result.notes)


@app.command(
    epilog="Examples: cardgen build ; cardgen build --paper letter --out prints ; cardgen build --config cardgen.toml"
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
    bar = _progress("items") if not quiet else None
    total = len(DEFAULT_SET) if config is None else 0
    done = 0

    def step(outcome: Any) -> None:
        nonlocal done
        done += 1
        if bar:
            bar(done, max(total, done))

    report = build_set(config=config, paper=paper, out=out_dir, step=step)
    if bar:
        bar(1, 1)
    if report.failed:
        if len(report.failed) > 1:
            for o in report.failed:
                err.print(f"failed: {o.job.item.name}: {o.error}", markup=False, style="red")
        raise CardgenError(report.failure())
    if not quiet:
        for line in report.summary():
            out.print(line, markup=False)


@app.command(epilog="Example: cardgen pack2d --categories row-swap,col-swap,remove --copies 3")
@printing(*PRINT_ALL)
def pack2d(
    categories: Annotated[
        Optional[str],
        typer.Option(
            help="Comma-separated 2D ability categories (see --list). Default: row-swap,col-swap,row-rotate,col-rotate,remove (78 cards)."
        ),
    ] = None,
    copies: Annotated[Optional[int], typer.Option(help="Blocks of the pack; default: about 80 cards in all.")] = None,
    list_: Annotated[
        bool, typer.Option("--list", help="List the 16 ability categories of the 3×3 game and exit.")
    ] = False,
    out_dir: Out = Path("output"),
    *,
    opts: PrintOptions,
) -> None:
    """Build a pack for the two-dimensional 3×3 variant from its ability categories."""
    if list_:
        from cardgen.reports import categories_text

        out.print(categories_text())
        return
    from cardgen.products.got2d import build_pack2d

    result = build_pack2d(categories=categories, copies=copies, opts=opts, out=out_dir, progress=_progress("cards"))
    _report(f"wrote {result.cards} cards to {result.folder}/", result.notes)


@app.command(
    epilog="Examples: cardgen check output/got-pattern-two-census-7 ; cardgen check my.csv --pattern two --census 7 --json"
)
def check(
    target: Annotated[
        Path, typer.Argument(help="A pack table (CSV with columns number,ability) or a folder written by cardgen pack.")
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
    """Check a pack against every distribution rule; exit 1 naming each violation by card number."""
    from cardgen.check import check_target

    report = check_target(target=target, pattern=pattern, census=census, copies=copies, categories=categories)
    if json_:
        out.print(report.to_json(), markup=False, soft_wrap=True)
    else:
        for v in report.violations:
            out.print(v.message, markup=False, soft_wrap=True)
        verdict = "OK" if report.ok else f"FAILED: {len(report.violations)} violations"
        out.print(
            f"{report.target}: {report.cards} {report.noun} checked as {report.pack}: {verdict}",
            markup=False,
            soft_wrap=True,
        )
    if not report.ok:
        raise typer.Exit(1)


@app.command(epilog='Examples: cardgen seq "53 7 45 9 50 27 56" ; cardgen seq 2-6-14-38-W-56-82 --pack-size 84')
def seq(
    sequence: Annotated[
        str,
        typer.Argument(
            help="Card numbers from space A on, separated by spaces, commas or hyphens; W or ? for a wild card."
        ),
    ],
    pack_size: Annotated[
        int, typer.Option(help="Numbers in the pack (1..N), to judge what a wild card may stand for.")
    ] = 84,
) -> None:
    """Player aid: is a sequence ascending, how disordered is it, which swaps sort it."""
    from cardgen.reports import seq_text

    out.print(seq_text(sequence=sequence, pack_size=pack_size), markup=False)


# --- supertrain commands (tiles, supertrain score, scoresheet) ---


@app.command(epilog="Example: cardgen tiles --set full --paper letter --numerals")
@printing("paper", "bleed", "margin", "gutter", "title", "backs", "back_offset", "png", "tts")
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
    *,
    opts: PrintOptions,
) -> None:
    """Build SuperTrain dominoes: one SVG per tile and a print-ready PDF with crop marks."""
    from cardgen.products.supertrain import build_tiles

    result = build_tiles(set=set_, numerals=numerals, tile=tile, opts=opts, out=out_dir, progress=_progress("tiles"))
    _report(f"wrote {result.cards} tiles to {result.folder}/", result.notes)


supertrain = command_group(
    "supertrain",
    "SuperTrain (double-12 dominoes with 21 wild tiles): count what a hand scores.\n\n"
    'Example: cardgen supertrain score "12-5 3-Train A-Train"',
)
app.add_typer(supertrain, name="supertrain")


@supertrain.command("score", epilog='Example: cardgen supertrain score "12-5 3-Train A-Train" --json')
def supertrain_score(
    hand: Annotated[
        str, typer.Argument(help="Tiles left in a hand, separated by spaces or commas: 12-5, 3-Train, A-Train …")
    ],
    json_: Annotated[bool, typer.Option("--json", help="Print JSON (each tile's points and the total).")] = False,
) -> None:
    """The points a hand left at the end of a round counts: numbers at face value, 10 a Red Train or letter."""
    from cardgen.reports import supertrain_score_text

    out.print(supertrain_score_text(hand=hand, as_json=json_), markup=False, soft_wrap=True)


@app.command(epilog="Example: cardgen scoresheet supertrain --players 4 --paper letter")
@printing("paper", "margin", "title")
def scoresheet(
    game: Annotated[str, typer.Argument(help="The game: supertrain.")],
    players: Annotated[int, typer.Option("--players", help="Players, 2 to 8: one score and total column each.")] = 4,
    out_dir: Out = Path("output"),
    *,
    opts: PrintOptions,
) -> None:
    """Build a score sheet to fill in with a pen: a row per round, score and running total per player."""
    from cardgen.products.scoresheet import build_scoresheet

    result = build_scoresheet(game=game, players=players, opts=opts, out=out_dir)
    _report(f"wrote {result.folder}/", result.notes)


# --- amtrak commands (amtrak score/compare, scorecard) ---

amtrak = command_group(
    "amtrak",
    "Amtrak the Game: score a train, rank trains. A car is TIE/RAIL (K/7, 9/9, JK/4).\n\n"
    'Example: cardgen amtrak score "K/7 Q/2 J/5 9/3"',
)
app.add_typer(amtrak, name="amtrak")
AmtrakJson = Annotated[bool, typer.Option("--json", help="Print JSON instead of aligned columns.")]


@amtrak.command("score", epilog='Example: cardgen amtrak score "K/7 Q/2 J/5 9/3" --json')
def amtrak_score(
    train: Annotated[
        str, typer.Argument(help="The cars as TIE/RAIL, separated by spaces or commas: A 2 … 10 J Q K, JK a Joker.")
    ],
    json_: AmtrakJson = False,
) -> None:
    """Score one train: each car's Type, Fleet and value, the Full-Staff bonus and the total."""
    from cardgen.reports import amtrak_score_text

    out.print(amtrak_score_text(train=train, as_json=json_), markup=False, soft_wrap=True)


@amtrak.command("compare", epilog='Example: cardgen amtrak compare "K/7 Q/2 J/5 9/3" "7/7 K/2 Q/3 J/4"')
def amtrak_compare(
    trains: Annotated[list[str], typer.Argument(help="Two or more trains, each one quoted argument.")],
    json_: AmtrakJson = False,
) -> None:
    """Rank trains: highest total first; equal totals go to the Rails; still equal share a place."""
    from cardgen.reports import amtrak_compare_text

    out.print(amtrak_compare_text(trains=trains, as_json=json_), markup=False, soft_wrap=True)


@app.command(epilog="Example: cardgen scorecard --players 2 --paper letter")
@printing("paper", "margin", "title")
def scorecard(
    players: Annotated[int, typer.Option(help="1 to 4; 1 is the solo game (with the face-down pile tally).")] = 2,
    out_dir: Out = Path("output"),
    *,
    opts: PrintOptions,
) -> None:
    """Build an Amtrak scorecard to fill in with a pen: SVG per page and a PDF."""
    from cardgen.products.amtrak import build_scorecard

    result = build_scorecard(players=players, opts=opts, out=out_dir)
    _report(f"wrote {result.pages} page{'s' if result.pages > 1 else ''} to {result.folder}/", result.notes)


# --- train referee and handouts ---

train = command_group(
    "train",
    "Train, the 52-card game: ask the referee whether a play is legal.\n\nExample: cardgen train can-play 7 --on 5",
)
app.add_typer(train, name="train")


@train.command(
    "can-play",
    epilog="Examples: cardgen train can-play J,8,J --on 10 ; cardgen train can-play 2,3,4,5,6 --on A --where closed "
    "--hand 2,3,4,5,6",
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


@app.command(
    epilog="Examples: cardgen handout train ; cardgen handout got --pattern two --census 7 --paper letter ; "
    "cardgen handout --list"
)
@printing("paper", "margin", "title")
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
    list_: Annotated[bool, typer.Option("--list", help="List the games and their options, and exit.")] = False,
    out_dir: Out = Path("output"),
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

    result = build_handout(game=game, pattern=pattern, census=census, categories=categories, opts=opts, out=out_dir)
    _report(f"wrote {result.folder}/", result.notes)


# --- print-quality commands (testpage) ---


@app.command(epilog="Example: cardgen testpage --paper letter ; then cardgen pack --backs --back-offset 0.5,-1")
@printing("paper", "margin", "back_offset")
def testpage(
    out_dir: Out = Path("output"),
    *,
    opts: PrintOptions,
) -> None:
    """Build a one-sheet duplex alignment test: print it double-sided, hold it to the light and
    read how far your printer shifts the backs, for --back-offset."""
    from cardgen.products.testpage import build_testpage

    result = build_testpage(opts=opts, out=out_dir)
    _report(f"wrote {result.folder}/", result.notes)


def run(argv: list[str] | None = None) -> int:
    """Entry point: run the app and turn every expected failure into one line and a status.

    Also: SIGTERM and SIGHUP end a build the way Ctrl-C does (its staging folder is removed;
    the destination keeps its previous build), and output that cannot be written (a full
    disk behind ``> file``, a pipe closed by ``| head``) ends the run without a traceback."""
    with _signals_stop_the_run():
        status = _status(argv)
        try:
            sys.stdout.flush()  # what a command printed is written here at the latest
        except OSError as e:
            return _output_failed(e) or status
        except _Stopped as e:
            return _fail(f"stopped by {e.name}", 128 + e.signum)
    return status


def _status(argv: list[str] | None) -> int:
    """Run the command; every expected failure becomes one line on stderr and a status."""
    from cardgen.files import reason, show_path

    command = typer.main.get_command(app)
    try:
        rv = command.main(args=argv, prog_name="cardgen", standalone_mode=False)
    except CardgenError as e:
        return _fail(str(e))
    except _Stopped as e:
        return _fail(f"stopped by {e.name}", 128 + e.signum)
    except (typer.Exit, typer.Abort) as e:
        return getattr(e, "exit_code", 1)
    except SystemExit as e:  # Click's own exit after a closed pipe
        return e.code if isinstance(e.code, int) else 1
    except OSError as e:
        if e.filename:  # an OS call on a file that the command did not turn into a CardgenError
            return _fail(f"{show_path(e.filename)}: {reason(e)}")
        return _output_failed(e) or 1
    except Exception as e:
        # Typer ships its own copy of Click, so its usage errors are matched by
        # shape (Click's exit_code and format_message), not by a private class.
        code, fmt = getattr(e, "exit_code", None), getattr(e, "format_message", None)
        if not isinstance(code, int) or not callable(fmt):
            raise
        ctx = getattr(e, "ctx", None)
        if type(e).__name__ == "NoArgsIsHelpError" and ctx is not None:
            out.print(ctx.get_help(), markup=False)
            return 0
        where = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        # Click quotes the value it could not read, however long: cut it as cardgen's own messages do
        message = LONG_QUOTED.sub(lambda m: shown(m[1]), " ".join(str(fmt()).split()))
        return _fail(f"{message}{where}", code)
    return rv if isinstance(rv, int) else 0


LONG_QUOTED = re.compile(f"'([^']{{{SHOWN + 1},}})'")


def _output_failed(e: OSError) -> int:
    """A write to an open stream failed (stdout behind ``> /dev/full``, or ``| head`` gone):
    one line, or none for a closed pipe (0: keep the command's own status)."""
    import errno

    from cardgen.files import reason

    _settle_stdout()
    if e.errno == errno.EPIPE:
        return 0  # the reader went away: nothing to say, and nowhere to say it
    return _fail(f"cannot write the output: {reason(e)}")


def _fail(message: str, status: int = 2) -> int:
    """One red line on stderr (whatever the message holds), and the exit status."""
    line = " ".join(message.splitlines())
    try:
        err.print(f"error: {line}", markup=False, soft_wrap=True, style="red")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # stderr is gone too: the status says it
    return status


def _settle_stdout() -> None:
    """After a failed write: if stdout still cannot take what is pending, point it at the null
    device, so that Python's final flush at exit does not fail again with a traceback of its own."""
    try:
        sys.stdout.flush()
        return
    except (OSError, ValueError):
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's capture): nothing is flushed at exit


class _Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like Ctrl-C, so staging folders are cleaned up."""

    def __init__(self, signum: int) -> None:
        import signal

        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


@contextlib.contextmanager
def _signals_stop_the_run() -> Iterator[None]:
    """SIGTERM and SIGHUP raise ``_Stopped`` while the run lasts (main thread, and only where
    they would otherwise kill: a SIGHUP ignored by ``nohup`` stays ignored)."""
    import signal
    import threading

    def stop(signum: int, frame: object) -> None:
        raise _Stopped(signum)

    kept: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)
            if signum is not None and signal.getsignal(signum) == signal.SIG_DFL:
                kept[signum] = signal.signal(signum, stop)
    try:
        yield
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


def entry() -> None:
    sys.exit(run())
