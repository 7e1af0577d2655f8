"""The command line: parse, call one build function, report. No logic of its own.

Every domain error (``CardgenError``) and every usage error becomes one red
line on stderr and exit status 2; ``check`` exits 1 when a pack breaks a rule.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

from cardgen import __version__
from cardgen.errors import CardgenError

app = typer.Typer(
    name="cardgen",
    help="Print-and-play cards, mats and sheets for train-themed games.\n\n"
    "Example: cardgen pack --pattern two --census 7",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
err = Console(stderr=True, highlight=False)
out = Console(highlight=False)

# Shared print options (the same names on every command that prints).
Card = Annotated[
    str, typer.Option(help="Card size: poker (2.5×3.5in), bridge, mini, tarot, or WxH like 63x88mm, 2.5x3.5in.")
]
Paper = Annotated[str, typer.Option(help="Paper: a4, letter, a3 or tabloid.")]
Bleed = Annotated[
    str,
    typer.Option(
        help="Bleed around each card for print shops, e.g. 3mm or 1/8in. 0 = home printing: cards touch and share cut lines."
    ),
]
Margin = Annotated[str, typer.Option(help="Unprintable border of your printer; no ink goes there.")]
Gutter = Annotated[str, typer.Option(help="Space between cards on the sheet.")]
Title = Annotated[str, typer.Option(help="Name printed on every card (plain text).")]
Out = Annotated[Path, typer.Option("--out", "-o", help="Folder to write into; the pack gets its own folder inside.")]


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


def _progress(label: str):  # type: ignore[no-untyped-def]
    """A progress callback drawing a bar on a terminal, and nothing when piped."""
    if not err.is_terminal:
        return None
    from rich.progress import Progress

    bar = Progress(console=err, transient=True)
    task = bar.add_task(label, total=None)
    bar.start()

    def step(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)
        if done >= total:
            bar.stop()

    return step


@app.command(epilog="Example: cardgen pack --pattern two --census 7 --backs --paper letter")
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
    card: Card = "poker",
    paper: Paper = "a4",
    bleed: Bleed = "0",
    margin: Margin = "5mm",
    gutter: Gutter = "0",
    title: Title = "",
    backs: Annotated[
        bool,
        typer.Option(
            help="Add a backs page after each sheet. Print double-sided, flip on the long edge (portrait sheets)."
        ),
    ] = False,
    out_dir: Out = Path("output"),
) -> None:
    """Build a Game of Trains variant pack: one SVG per card and a print-ready PDF with crop marks."""
    from cardgen.build import build_pack

    result = build_pack(
        pattern=pattern,
        census=census,
        copies=copies,
        players=players,
        card=card,
        paper=paper,
        bleed=bleed,
        margin=margin,
        gutter=gutter,
        title=title,
        backs=backs,
        out=out_dir,
        progress=_progress("cards"),
    )
    out.print(f"wrote {result.cards} cards to {result.folder}/")
    for note in result.notes:
        out.print(f"  {note}")


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
