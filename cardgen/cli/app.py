"""The Typer app every command hangs on, and what commands share: plain output lines, the
options declared once (``commands``) made into Typer's (``declared``), help grouped as a person
thinks (``Grouped``), the report of what a build wrote, a progress bar.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

import contextlib
import functools
import inspect
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, Optional, TextIO

import typer

from cardgen import __version__
from cardgen.commands import COMMANDS
from cardgen.options import PrintArgs
from cardgen.params import GROUPS, Param
from cardgen.write.built import Built

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

OPEN_WAIT = 3.0  # seconds an opener may take to say it failed; one still running has started a viewer


NAMES = 22  # characters of an option's names in --help: a longer one has its help on the next line
DEFAULT_SAID = re.compile(r"\[default: \((.*)\)\]")


class Grouped(typer.core.TyperCommand):
    """A command whose help lists its options under their groups (``params.GROUPS``: the game,
    the players, the look …), one heading a group, and its examples one a line."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """The usage line names arguments as their help does: ``TARGET``, not Typer's ``{TARGET}``."""
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        rows: dict[str, list[tuple[str, str]]] = {}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None:  # (Click brackets a default said in words: "[default: (two)]")
                name, text = record[0], DEFAULT_SAID.sub(r"[default: \1]", record[1])
                rows.setdefault(getattr(param, "rich_help_panel", None) or "", []).append((name, text))
        helps = rows.pop("", [])  # --help: with the last group
        order = [title for title in GROUPS.values() if title in rows]
        if order:
            rows[order[-1]] += helps
        else:
            rows["Options"], order = helps, ["Options"]
        width = min(max(len(name) for recs in rows.values() for name, _ in recs), NAMES)  # one column for all
        formatter.write_paragraph()
        for title in order:
            formatter.write_heading(title)
            with formatter.indentation():
                formatter.write_dl([(name.ljust(width), text) for name, text in rows[title]], col_max=width)


def examples(*lines: str) -> str:
    """A command's examples as its help ends with them: one a line, never wrapped."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def _parameter(p: Param) -> inspect.Parameter:
    """The Typer parameter the declaration ``p`` makes: an option (or argument) of its kind,
    in its group, with its help, metavariable and default."""
    kinds: dict[str, Any] = {"int": int, "float": float, "bool": bool, "path": Path, "list": list[str]}
    kind = kinds.get(p.kind, str)
    if p.default is None and not p.required:
        kind = Optional[kind]
    # a default shown: a value (not an empty text, not a flag's off), or in words when decided later
    shown: bool | str = p.placeholder or (p.default is not None and p.default != "" and not isinstance(p.default, bool))
    metavar = p.shown_metavar or None
    panel = GROUPS[p.group]
    if p.argument:
        info: Any = typer.Argument(help=p.help, metavar=metavar, show_default=False, rich_help_panel=panel)
    else:
        names = [f"{p.option}/--no-{p.option[2:]}" if p.negatable else p.option, *([p.short] if p.short else [])]
        info = typer.Option(*names, help=p.help, metavar=metavar, show_default=shown, rich_help_panel=panel)
    default = inspect.Parameter.empty if p.required else p.default
    return inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[kind, info])


def declared(name: str, *, size_option: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The command takes the options ``commands.COMMANDS[name]`` declares, each read by its
    declaration (``Param.parse``: the messages a form would show too) and handed to it by name;
    the print options it takes arrive parsed, as one ``PrintOptions`` called ``opts``.
    ``size_option``: the option giving its components' size, when not ``--card`` (``--tile``),
    for ``--preset list``."""
    spec = COMMANDS[name]
    params = spec.params
    printing = spec.printing.names
    own = [p for p in params if p.name not in printing]

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def command(**kw: Any) -> Any:
            values = {p.name: p.parse(kw[p.name]) for p in own}
            if not printing:
                return fn(**values)
            args = PrintArgs(**{n: kw[n] for n in printing})
            if (args.preset or "").strip().lower() == "list":  # the presets, and nothing built
                from cardgen.reports import presets_text
                from cardgen.units import parse_card

                size = parse_card(kw[size_option]) if size_option else None
                out.print(presets_text(size, spec.noun), markup=False)
                return None
            with _preview_first(bool(kw.get("preview"))):
                if args.theme:  # reading a theme reads pictures and fonts: its module only when one is named
                    from cardgen.themes.read import parse_print_args

                    return fn(opts=parse_print_args(args), **values)
                return fn(opts=args.parse(), **values)

        made = [_parameter(p) for p in params]
        command.__signature__ = inspect.Signature(made)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in made}
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


def report(headline: str, result: Built, *, preview: bool = False, open_it: bool = False) -> None:
    """What a build wrote: the headline, its notes, the preview asked for, and last the file
    to print and how; ``open_it``: the file to print (and the preview) opened in a viewer."""
    out.print(headline, markup=False)
    for note in result.notes:
        out.print(f"  {note}", markup=False, style="yellow" if note.startswith("warning") else None)
    if preview:
        show_preview(result.folder, open_it=open_it)
    if result.upload is not None:  # a print service's preset: what to send it
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
