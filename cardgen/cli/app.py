"""The Typer app every command hangs on, and what commands share: plain output lines, the
print options declared once (``printing``), the report of what a build wrote, a progress bar.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

import contextlib
import functools
import inspect
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any, Optional, TextIO

import typer

from cardgen import __version__
from cardgen.options import PrintArgs

# The panels ``cardgen --help`` lists its commands in, in this order: by game, then what
# serves every game (each command names its panel: ``@app.command(rich_help_panel=...)``).
PANELS = ("Game of Trains", "SuperTrain dominoes", "Amtrak", "Train (52 cards)", "Every game", "Printing and proof")


# Words a newcomer types for what cardgen does under other names. cardgen prints nothing itself: it
# writes the files to print, so "print" (and its kin) is answered with the commands that write them,
# not with the command whose spelling is nearest ("train", a referee).
MAKERS = frozenset({"print", "printing", "pdf", "make", "generate", "render", "create", "export", "all"})
TO_PRINT = (
    "cardgen writes the files you print: cardgen build makes everything (with an index page), "
    "cardgen pack, tiles, placemat … one thing each; then print their PDFs at 100 % (actual size)"
)
CLOSE = 0.75  # how alike a mistyped command and a command must be to be suggested ("pakc": "pack")


def suggestion(word: str, commands: list[str]) -> str:
    """What to say after "No such command": the commands that write files to print for a word
    such as ``print``; else the commands spelled nearly alike; else nothing.

    >>> suggestion("pakc", ["pack", "train", "tiles"])
    "Did you mean 'pack'?"
    >>> suggestion("print", ["pack", "train", "build"])[:50]
    'cardgen writes the files you print: cardgen build '
    >>> suggestion("frobnicate", ["pack", "train"])
    ''
    """
    import difflib

    if word.strip().lower() in MAKERS:
        return TO_PRINT
    near = difflib.get_close_matches(word, commands, cutoff=CLOSE)
    return f"Did you mean {', '.join(repr(m) for m in near)}?" if near else ""


class PanelGroup(typer.core.TyperGroup):
    """A command group whose help lists its commands under their panels, each on one line
    (a command's ``short_help``), rather than one long list cut with "..."; an unknown
    command is answered by ``suggestion``."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        self.suggest_commands = False  # (Typer's own: the nearest spelling, "train" for "print")
        try:
            return super().resolve_command(ctx, args)
        except Exception as e:  # Typer's copy of Click's usage error, matched by shape
            message = getattr(e, "message", None)
            if not args or not isinstance(message, str) or not message.startswith("No such command"):
                raise
            more = suggestion(args[0], list(self.commands))
            setattr(e, "message", f"{message.rstrip('.')}. {more}" if more else message)  # noqa: B010
            raise

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows: dict[str, list[tuple[str, str]]] = {}
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            panel = getattr(cmd, "rich_help_panel", None) or "Commands"
            rows.setdefault(panel, []).append((name, cmd.get_short_help_str(limit=200)))
        for panel in [*PANELS, *sorted(set(rows) - set(PANELS))]:
            if panel in rows:
                with formatter.section(panel):
                    formatter.write_dl(rows[panel])


def command_group(name: str, help: str, *, panels: bool = False) -> typer.Typer:
    """A Typer app as every cardgen command group is: help when called bare, plain errors."""
    return typer.Typer(
        name=name,
        help=help,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        cls=PanelGroup if panels else None,
    )


app = command_group(
    "cardgen",
    "Print-and-play cards, tiles, mats, forms and rules for train-themed games.\n\n"
    "Example: cardgen pack --pattern two --census 7",
    panels=True,
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
Preview = Annotated[
    bool,
    typer.Option(
        "--preview",
        help="Also write a contact sheet beside the folder (<folder>-preview.png): everything small on one "
        "picture, to look at before printing.",
    ),
]
Open = Annotated[
    bool,
    typer.Option(
        "--open",
        help="Open the file to print in the system's viewer when done (and the contact sheet, with --preview).",
    ),
]
OPEN_WAIT = 3.0  # seconds an opener may take to say it failed; one still running has started a viewer


def printing(
    *names: str,
    noun: str = "card",
    png_names: str = "png/001.png, png/002.png …",
    help: dict[str, str] | None = None,
    defaults: dict[str, Any] | None = None,
    size_option: str = "",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The command also takes these print options (declared once, in ``options.PrintArgs``)
    and receives them parsed, as one ``PrintOptions`` called ``opts``. Each option's help speaks
    of what the command makes (``noun``: "card", "tile" …; ``png_names``: its PNGs' names);
    ``help`` replaces an option's help where the command uses it otherwise (a tile's title goes
    on its back), ``defaults`` an option's default (a handout's margin); ``size_option``: the
    command's own option giving its components' size, when not ``--card`` (``--tile``)."""
    optional: dict[str, Any] = {"int | None": Optional[int], "str | None": Optional[str]}
    words = {"card": noun, "cards": noun + "s", "png_names": png_names}

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        sig = inspect.signature(fn, eval_str=True)
        own = [p for p in sig.parameters.values() if p.name != "opts"]
        extra = []
        for f in fields(PrintArgs):
            if f.name in names:
                metavar = f.metadata.get("metavar")
                text = (help or {}).get(f.name) or f.metadata["help"].format(**words)
                option = typer.Option(f"--{f.name.replace('_', '-')}", help=text, metavar=metavar)
                if f.type in (bool, "bool"):
                    option = typer.Option(f"--{f.name}/--no-{f.name}", help=text)
                # bool: a --x/--no-x flag; "int | None", "str | None": an option that may be left out
                kind = bool if f.type in (bool, "bool") else optional.get(str(f.type), str)
                extra.append(
                    inspect.Parameter(
                        f.name,
                        inspect.Parameter.KEYWORD_ONLY,
                        default=(defaults or {}).get(f.name, f.default),
                        annotation=Annotated[kind, option],
                    )
                )
        at = next((i for i, p in enumerate(own) if p.name == "out_dir"), len(own))
        params = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[:at] + extra + own[at:]]

        @functools.wraps(fn)
        def command(**kw: Any) -> Any:
            args = PrintArgs(**{n: kw.pop(n) for n in names})
            if (args.preset or "").strip().lower() == "list":  # the presets, and nothing built
                from cardgen.reports import presets_text
                from cardgen.units import parse_card

                size = parse_card(kw[size_option]) if size_option else None
                out.print(presets_text(size, noun), markup=False)
                return None
            with _preview_first(bool(kw.get("preview"))):
                if args.theme:  # reading a theme reads pictures and fonts: its module only when one is named
                    from cardgen.themes.read import parse_print_args

                    return fn(opts=parse_print_args(args), **kw)
                return fn(opts=args.parse(), **kw)

        command.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate


@contextlib.contextmanager
def _preview_first(preview: bool) -> Iterator[None]:
    """With ``--preview``: whether the preview can be written beside the folder is asked before
    the build (``write.staging.writing_beside``), so a refusal comes before anything is written."""
    if not preview:
        yield
        return
    from cardgen.preview import check_preview_place
    from cardgen.write.staging import writing_beside

    with writing_beside(check_preview_place):
        yield


PRINT_ALL = (
    "card",
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
    "theme",
    "preset",
    "back",
)


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


def report(headline: str, result: Any, *, preview: bool = False, open_it: bool = False) -> None:
    """What a build wrote: the headline, its notes, the preview asked for, and last the file
    to print and how; ``open_it``: the file to print (and the preview) opened in a viewer."""
    out.print(headline, markup=False)
    for note in result.notes:
        out.print(f"  {note}", markup=False, style="yellow" if note.startswith("warning") else None)
    if preview:
        show_preview(result.folder, open_it=open_it)
    if getattr(result, "upload", None) is not None:  # a print service's preset: what to send it
        out.print(
            f"upload {result.upload}{'/' if result.upload.is_dir() else ''} to {result.service}",
            markup=False,
            style="bold",
        )
    elif result.to_print is not None:
        out.print(f"print {result.to_print} {result.printing}", markup=False, style="bold")
        if open_it:
            open_in_viewer(result.to_print)


def show_preview(folder: Path, *, open_it: bool = False) -> None:
    """Write the folder's preview (``cardgen.preview``), say where it is, and open it if asked.
    A folder holding cardgen's folders (what ``cardgen build`` wrote): a preview beside each,
    a line each (one that could not be written on stderr), then how many were written."""
    from cardgen.errors import CardgenError
    from cardgen.preview import preview_folder, preview_items

    items = preview_items(folder)
    if items is None:
        made = preview_folder(folder=folder, progress=progress("preview"))
        out.print(f"preview: {made.path} ({made.what})", markup=False)
        if open_it:
            open_in_viewer(made.path)
        return
    failed = 0
    for item in items:
        try:
            made = preview_folder(folder=item, progress=progress(item.name))
        except CardgenError as e:
            failed += 1
            err.print(f"{e}", markup=False, style="yellow")
            continue
        out.print(f"preview: {made.path} ({made.what})", markup=False)
    written = len(items) - failed
    if failed:
        raise CardgenError(
            f"{failed} of the {len(items)} folders in {folder} could not be previewed (said above); "
            f"{written} preview{'s' if written != 1 else ''} written"
        )
    out.print(f"wrote {written} preview{'s' if written != 1 else ''}, one beside each folder in {folder}", markup=False)


def shown_line(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def open_in_viewer(path: Path) -> None:
    """Open ``path`` in the system's viewer for its kind (``open`` on macOS, the file's
    association on Windows, ``xdg-open`` elsewhere), or say in one line on stderr that none
    could: the opener's own chatter never reaches the terminal, and the build it follows has
    succeeded whatever happens here (exit 0)."""
    import os
    import subprocess
    import tempfile

    if sys.platform == "win32":  # pragma: no cover - not this machine
        try:
            os.startfile(str(path))  # type: ignore[attr-defined,unused-ignore]
            return
        except OSError as e:
            err.print(f"could not open {path}: {e.strerror or e}; open it yourself", markup=False, style="yellow")
            return
    import shutil

    opener = "open" if sys.platform == "darwin" else "xdg-open"
    if shutil.which(opener) is None:
        err.print(f"no viewer to open {path} with here ({opener} is missing): open it yourself", markup=False)
        return
    with tempfile.TemporaryFile() as chatter:
        child = subprocess.Popen(
            [opener, str(path)], stdin=subprocess.DEVNULL, stdout=chatter, stderr=chatter, start_new_session=True
        )
        try:
            code = child.wait(OPEN_WAIT)
        except subprocess.TimeoutExpired:
            return  # still running: a viewer it started in the foreground
        if code != 0:
            chatter.seek(0)
            said = [ln.strip() for ln in chatter.read().decode("utf-8", "replace").splitlines() if ln.strip()]
            last = said[-1].replace(f"'{path}'", "it").replace(str(path), "it") if said else ""
            why = f" ({shown_line(last)})" if last else ""
            err.print(f"no viewer could open {path} here{why}: open it yourself", markup=False, style="yellow")


class progress:  # noqa: N801 - called like the function it stands for
    """How a build reports (``write.deck.Progress``): a bar on a terminal, nothing when piped;
    and a line up front for a big job (on stderr, terminal or not). The bar (and rich, and its
    refresh thread) starts at the first step that has done something."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.bar: Any = None
        self.task: Any = None

    def say(self, line: str) -> None:
        err.print(line, markup=False, style="yellow")

    def __call__(self, done: int, total: int) -> None:
        if not err.is_terminal or (self.bar is None and done == 0):
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.task = self.bar.add_task(self.label, total=total)
            self.bar.start()
        self.bar.update(self.task, completed=done, total=total)
        if done >= total:
            self.bar.stop()
