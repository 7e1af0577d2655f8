"""The command line: parse, call one build function, report. No logic of its own.

Every domain error (``CardgenError``) and every usage error becomes one red
line on stderr and exit status 2; ``check`` exits 1 when a pack breaks a rule.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any, Optional, TextIO

import typer

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.options import PrintArgs, PrintOptions

app = typer.Typer(
    name="cardgen",
    help="Print-and-play cards, mats and sheets for train-themed games.\n\n"
    "Example: cardgen pack --pattern two --census 7",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
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
            line = self.TAG.sub(lambda m: (f"\x1b[{'0' if m[1] else self.COLOURS[m[2]]}m" if colour else ""), line)
        if style in self.COLOURS and colour:
            line = f"\x1b[{self.COLOURS[style]}m{line}\x1b[0m"
        self.file.write(line + "\n")


err = Stream("stderr")
out = Stream("stdout")

Out = Annotated[Path, typer.Option("--out", "-o", help="Folder to write into; each item gets its own folder inside.")]


def printing(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The command also takes these print options (declared once, in ``options.PrintArgs``)
    and receives them parsed, as one ``PrintOptions`` called ``opts``."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        sig = inspect.signature(fn, eval_str=True)
        own = [p for p in sig.parameters.values() if p.name != "opts"]
        extra = []
        for f in fields(PrintArgs):
            if f.name in names:
                option = typer.Option(f"--{f.name}", help=f.metadata["help"])
                if f.type in (bool, "bool"):
                    option = typer.Option(f"--{f.name}/--no-{f.name}", help=f.metadata["help"])
                kind = bool if f.type in (bool, "bool") else str
                extra.append(
                    inspect.Parameter(
                        f.name, inspect.Parameter.KEYWORD_ONLY, default=f.default, annotation=Annotated[kind, option]
                    )
                )
        at = next((i for i, p in enumerate(own) if p.name == "out_dir"), len(own))
        params = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[:at] + extra + own[at:]]

        @functools.wraps(fn)
        def command(**kw: Any) -> Any:
            opts = PrintArgs(**{n: kw.pop(n) for n in names}).parse()
            return fn(opts=opts, **kw)

        command.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate


PRINT_ALL = ("card", "paper", "bleed", "margin", "gutter", "title", "backs")


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
    """A progress callback drawing a bar on a terminal, and nothing when piped."""
    if not err.is_terminal:
        return None
    from rich.console import Console
    from rich.progress import Progress

    bar = Progress(console=Console(stderr=True), transient=True)
    task = bar.add_task(label, total=None)
    bar.start()

    def step(done: int, total: int) -> None:
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


@app.command(name="all", epilog="Example: cardgen all --paper letter")
@printing("paper")
def all_(
    out_dir: Out = Path("output"),
    *,
    opts: PrintOptions,
) -> None:
    """Build the default set: packs of patterns one, two and three, the default 2D pack,
    and the census-7 and 3×3 placemats."""
    from cardgen.products.got import build_pack
    from cardgen.products.got2d import build_pack2d
    from cardgen.products.placemat import build_placemat

    steps: list[tuple[str, Callable[[], Any]]] = [
        ("pattern one, census 7", lambda: build_pack(pattern="one", census=7, opts=opts, out=out_dir)),
        ("pattern two, census 7", lambda: build_pack(pattern="two", census=7, opts=opts, out=out_dir)),
        ("pattern three, census 5", lambda: build_pack(pattern="three", census=5, opts=opts, out=out_dir)),
        ("2D pack", lambda: build_pack2d(opts=opts, out=out_dir)),
        ("placemat, census 7", lambda: build_placemat(census=7, opts=opts, out=out_dir)),
        ("placemat, census 5", lambda: build_placemat(census=5, opts=opts, out=out_dir)),
        ("placemat, 3×3", lambda: build_placemat(grid="3x3", opts=opts, out=out_dir)),
    ]
    for i, (name, step) in enumerate(steps, 1):
        result = step()
        out.print(f"[{i}/{len(steps)}] {name}: {result.folder}/", markup=False)


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
        from cardgen.rules.grid import CATEGORIES

        for cat in CATEGORIES.values():
            kind = "specific" if cat.specific else "discretionary"
            out.print(f"{cat.name:18} {cat.size:2} {kind:13} {cat.description}  e.g. {cat.abilities[0].label}")
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
    from cardgen.products.check import check_target

    report = check_target(target=target, pattern=pattern, census=census, copies=copies, categories=categories)
    if json_:
        out.print(report.to_json(), markup=False, soft_wrap=True)
    else:
        for v in report.violations:
            out.print(v.message, markup=False, soft_wrap=True)
        verdict = "OK" if report.ok else f"FAILED: {len(report.violations)} violations"
        out.print(
            f"{report.target}: {report.cards} cards checked as {report.pack}: {verdict}", markup=False, soft_wrap=True
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
    from cardgen.rules.sequences import report

    r = report(sequence, pack_size=pack_size)

    def yn(v: bool | None) -> str:
        return "yes" if v else "no"

    out.print(
        f"sequence      {r.text}  ({r.length} cards, {'clean' if r.clean else 'dirty: has a wild card'})", markup=False
    )
    if r.clean:
        out.print(f"ascending     {yn(r.ascending)}   never-descending {yn(r.never_descending)}", markup=False)
        out.print(f"descending    {yn(r.descending)}   never-ascending  {yn(r.never_ascending)}", markup=False)
        out.print(f"inversions    {r.inversions} of at most {r.max_inversions}", markup=False)
        swaps = ", ".join(r.swaps or ()) or "none"
        out.print(f"min swaps     {r.min_swaps}: {swaps}", markup=False)
    else:
        out.print(f"can be ascending with numbers 1..{r.pack_size}: {yn(r.can_be_ascending)}", markup=False)
        out.print(f"can be never-descending: {yn(r.can_be_never_descending)}", markup=False)


# --- supertrain commands (tiles, supertrain score, scoresheet) ---

# --- amtrak commands (amtrak score/compare, scorecard) ---

# --- train referee and handouts ---

# --- print-quality commands (testpage) ---


def run(argv: list[str] | None = None) -> int:
    """Entry point: run the app and turn every expected failure into one line and a status."""
    command = typer.main.get_command(app)
    try:
        rv = command.main(args=argv, prog_name="cardgen", standalone_mode=False)
    except CardgenError as e:
        err.print(f"[red]error:[/red] {e}", markup=True, soft_wrap=True)
        return 2
    except (typer.Exit, typer.Abort) as e:
        return getattr(e, "exit_code", 1)
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
        err.print(f"error: {' '.join(str(fmt()).split())}{where}", markup=False, soft_wrap=True, style="red")
        return 2 if code == 2 else code
    return rv if isinstance(rv, int) else 0


def entry() -> None:
    sys.exit(run())
