"""``cardgen build``: the whole set in one go, described by a list of items, with an index page.

An item is a command's name and its options, in the words the commands use; a user's own
set is a ``cardgen.toml`` of such items, print options at the top applying to every item::

    paper = "letter"

    [[pack]]
    pattern = "two"
    census = 7
    bleed = "3mm"

    [[placemat]]
    census = 6

Every item is checked (its keys, their types, its print options) before anything is
built, so a bad config writes nothing. Items are built on every core; the results do
not depend on the order they finish in, so two builds give the same bytes.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.commands import COMMANDS
from cardgen.errors import CardgenError
from cardgen.files import read_file, reason
from cardgen.impose.printing import SIDES
from cardgen.options import PRINT, PRINT_FIELDS, PrintArgs, PrintOptions
from cardgen.products import DEFAULT_SET as DEFAULT_ITEMS
from cardgen.products import Product, by_command
from cardgen.render.html import page_fonts, render_template
from cardgen.themes.read import parse_print_args
from cardgen.write.built import Built
from cardgen.write.marker import SET
from cardgen.write.owned import check_outside_owned
from cardgen.write.staging import INDEX, Staging, check_set_place, swap_set
from cardgen.write.workers import available_cores, worker_pool

MAX_CONFIG_BYTES = 1_000_000
MAX_ITEMS = 200
# keywords a product's build takes that an item may not set: cardgen fills them in
RESERVED = ("opts", "out", "progress")


@dataclass(frozen=True)
class Item:
    command: str
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """``pack: pattern two, census 7``: how the item is named in messages and the index."""
        words = ", ".join(k if v is True else f"{k} {v}" for k, v in self.options.items())
        return f"{self.command}: {words}" if words else self.command


DEFAULT_SET: tuple[Item, ...] = tuple(Item(command, dict(options)) for command, options in DEFAULT_ITEMS)


@dataclass(frozen=True)
class Job:
    """An item checked and ready: which product, its own keywords, its print options."""

    item: Item
    product: Product
    kwargs: dict[str, Any]
    opts: PrintOptions


def _check_value(where: str, key: str, value: Any, allowed: tuple[type, ...]) -> None:
    ok = any(isinstance(value, t) and not (t is int and isinstance(value, bool)) for t in allowed)
    if not ok:
        wanted = " or ".join(t.__name__ for t in allowed)
        raise CardgenError(f"{where}: key {key!r} is {value!r}: wanted {wanted}")


def prepare(items: Sequence[Item], defaults: dict[str, Any] | None = None) -> list[Job]:
    """Check every item before anything is built: its keys are its command's options
    (``commands.COMMANDS``: its own and the print options it takes), each value of the
    option's type and read by its declaration, as the command line reads it."""
    commands = by_command()
    jobs: list[Job] = []
    for n, item in enumerate(items, 1):
        where = f"item {n} ({item.command})"
        found = commands.get(item.command)
        if found is None:
            raise CardgenError(f"{where}: unknown item {item.command!r}: choose from {', '.join(sorted(commands))}")
        spec = COMMANDS[item.command]
        printing = dict(defaults or {})
        kwargs: dict[str, Any] = {}
        for key, value in item.options.items():
            if key in spec.own:
                _check_value(where, key, value, spec.own[key].types)
                try:
                    kwargs[key] = spec.own[key].parse(value)
                except CardgenError as e:
                    raise CardgenError(f"{where}: {e}") from None
            elif key in PRINT:  # every print option: one the command does not use is ignored, as at the top
                _check_value(where, key, value, PRINT[key].types)
                printing[key] = value
            else:
                allowed = ", ".join([*spec.own.names, *PRINT_FIELDS])
                raise CardgenError(f"{where}: unknown key {key!r} (allowed: {allowed})")
        try:
            opts = parse_print_args(PrintArgs(**printing))
        except CardgenError as e:
            raise CardgenError(f"{where}: {e}") from None
        same = next(
            (k for k, j in enumerate(jobs, 1) if j.product is found and j.kwargs == kwargs and j.opts == opts), None
        )
        if same is not None:
            raise CardgenError(f"{where}: the same as item {same} ({jobs[same - 1].item.name}): name each item once")
        jobs.append(Job(item, found, kwargs, opts))
    return jobs


def load_config(path: Path) -> tuple[dict[str, Any], list[Item]]:
    """(print defaults, items) from a cardgen.toml; every problem is one line naming the item and key."""
    raw = read_file(path, limit=MAX_CONFIG_BYTES, what="config")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise CardgenError(f"{path}: not a TOML file ({e})") from None
    except RecursionError:
        raise CardgenError(f"{path}: not a TOML file cardgen reads (nested too deeply)") from None
    defaults: dict[str, Any] = {}
    items: list[Item] = []
    commands = set(by_command())
    for key, value in data.items():
        if key in PRINT:
            _check_value(f"{path}", key, value, PRINT[key].types)
            defaults[key] = value
        elif key in commands:
            tables = value if isinstance(value, list) else None
            if tables is None or not all(isinstance(t, dict) for t in tables):
                raise CardgenError(f"{path}: {key!r} must be a list of tables, written [[{key}]]")
            items += [Item(key, dict(t)) for t in tables]
        else:
            raise CardgenError(
                f"{path}: unknown key {key!r}: use print options ({', '.join(PRINT_FIELDS)}) "
                f"or items ({', '.join(sorted(commands))})"
            )
    for key, value in defaults.items():  # each in the file's order: the first bad one is named
        if key != "theme":
            try:
                parse_print_args(PrintArgs(**{key: value}))
            except CardgenError as e:
                raise CardgenError(f"{path}: {key}: {e}") from None
    # a theme file is named from where the config is, not from where cardgen runs
    for options in (defaults, *(item.options for item in items)):
        if isinstance(options.get("theme"), str) and options["theme"].strip():
            options["theme"] = str(path.parent / options["theme"])
    if not items:
        raise CardgenError(f'{path} names no items: add e.g. [[pack]] with pattern = "two"')
    if len(items) > MAX_ITEMS:
        raise CardgenError(f"{path} names {len(items)} items: at most {MAX_ITEMS}")
    return defaults, items


def run_job(job: Job, out: Path) -> Built:
    return job.product.build(**job.kwargs, opts=job.opts, out=out)


@dataclass
class Outcome:
    """What became of each job: its result, or why it was not written."""

    job: Job
    result: Built | None = None
    error: str = ""

    @property
    def built(self) -> Built:
        """What the job wrote (asked only of a job that did not fail)."""
        assert self.result is not None, self.error
        return self.result


def run_jobs(jobs: Sequence[Job], out: Path, *, step: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Build every job into a folder of its own in ``out`` (``out/1``, ``out/2`` …, so that two
    items cannot meet there), on every core when there are several; outcomes in job order.

    Each item writes its own folder whole or not at all, so one failing item does not stop
    the others."""

    def outcome(job: Job, run: Callable[[], Built]) -> Outcome:
        try:
            done = Outcome(job, run())
        except CardgenError as e:
            done = Outcome(job, error=str(e))
        except OSError as e:
            done = Outcome(job, error=reason(e))
        if step:
            step(done)
        return done

    workers = min(len(jobs), available_cores())
    if workers <= 1:
        return [outcome(job, functools.partial(run_job, job, out / str(i))) for i, job in enumerate(jobs, 1)]
    with worker_pool(workers) as pool:
        futures = {pool.submit(run_job, job, out / str(i + 1)): i for i, job in enumerate(jobs)}
        done: dict[int, Outcome] = {}
        for future in as_completed(futures):
            i = futures[future]
            done[i] = outcome(jobs[i], future.result)
        return [done[i] for i in range(len(jobs))]


def _items(n: int, one: str, many: str) -> str:
    """``1 item has backs``, ``3 items have backs``: the count and its verb agree.

    >>> _items(1, "has backs", "have backs"), _items(2, "has backs", "have backs")
    ('1 item has backs', '2 items have backs')
    """
    return f"1 item {one}" if n == 1 else f"{n} items {many}"


def _notes(n: int) -> str:
    return "its notes say" if n == 1 else "their notes say"


@dataclass
class BuildReport:
    out: Path
    outcomes: list[Outcome]
    index: Path | None

    @property
    def written(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.error]

    @property
    def failed(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.error]

    def failure(self) -> str:
        """One line for what failed ('' when nothing did): nothing is written then."""
        failed = self.failed
        if not failed:
            return ""
        first = failed[0]
        n = self.outcomes.index(first) + 1
        more = f" (and {len(failed) - 1} more item{'s' if len(failed) > 2 else ''} failed)" if len(failed) > 1 else ""
        return f"item {n} ({first.job.item.name}): {first.error}{more}; nothing was written"

    def summary(self) -> list[str]:
        """Where each item went, then what was built and how to print it."""
        lines = [f"{o.job.item.name:40} → {o.built.folder}/" for o in self.written]
        cards = sum(o.built.cards for o in self.written)
        sheets = sum(o.built.sheets or o.built.pages for o in self.written)
        files = sum(len(o.built.files) for o in self.written)
        lines.append(
            f"built {len(self.written)} item{'s' if len(self.written) != 1 else ''}: {cards} cards and tiles "
            f"on {sheets} sheets and pages, "
            f"{files} files in {self.out}/"
        )
        duplex = [o for o in self.written if o.job.opts.backs and not o.job.opts.fold]
        folded = [o for o in self.written if o.job.opts.fold]
        lines.append("print every PDF at 100 % (actual size), never 'fit to page'")
        if duplex:
            lines.append(
                _items(len(duplex), "has backs", "have backs") + ": print double-sided as " + _notes(len(duplex))
            )
        if folded:
            lines.append(
                _items(len(folded), "is a fold-over sheet", "are fold-over sheets")
                + ": print one-sided, fold as "
                + _notes(len(folded))
            )
        if self.index:
            lines.append(f"open {self.index} to see everything")
        return lines


def build_set(
    *,
    config: Path | None = None,
    paper: str | None = None,
    out: Path = Path("output"),
    step: Callable[[Outcome], None] | None = None,
) -> BuildReport:
    """Build the default set (or ``config``'s items) into ``out`` and write ``out/index.html``.

    All or nothing: every item is built into one staging folder beside its destination, and
    only when every item succeeded is each swapped into ``out`` (the old one whole until then).
    ``paper`` given here wins over the config's own top-level paper, not over an item's."""
    defaults, items = load_config(config) if config is not None else ({}, list(DEFAULT_SET))
    if paper is not None:
        defaults["paper"] = paper
    jobs = prepare(items, defaults)
    check_outside_owned(out, SET.holds, "--out")  # (before the staging folder is named after it)
    check_set_place(out)  # before anything is built: a killed set completed; the index page the user's, or cardgen's
    # only the staging folder is used: beside the items, swept if killed
    with Staging(out / "cardgen-build", kind=SET) as stage:
        root = stage.tmp
        outcomes = run_jobs(jobs, root, step=step)
        if any(o.error for o in outcomes):
            return BuildReport(out, outcomes, None)
        folders: dict[str, Path] = {}
        for o in outcomes:
            made = o.built.folder
            if made.name in folders:
                first = next(p for p in outcomes if p.built.folder.name == made.name)
                o.error = f"it makes {made.name}/, as {first.job.item.name!r} does: name each item once"
                return BuildReport(out, outcomes, None)
            folders[made.name] = made
        for o in outcomes:  # where each item is once the set is in, for the index and the report
            o.result = o.built.moved(o.built.folder.parent, out)
        page = index_page([entry(o.job, o.built, out) for o in outcomes])
        try:
            swap_set(root, out, folders, page)
        except CardgenError as e:
            failed = next((o for o in outcomes if str(out / o.built.folder.name) in str(e)), outcomes[0])
            failed.error = str(e)
            return BuildReport(out, outcomes, None)
    return BuildReport(out, outcomes, out / INDEX)


@dataclass(frozen=True)
class Entry:
    """One built item as the index shows it: paths are relative to the index page."""

    name: str  # the item as a command names it: "pack: pattern one, census 7"
    title: str  # what it is, by name: "Game of Trains: pattern one, census 7", "Amtrak scorecard"
    kind: str  # the product: "rules handout", "Game of Trains variant pack"
    folder: str
    picture: str | None
    pdfs: list[str]
    pages: list[str]  # HTML pages (handouts, rules)
    svgs: int
    svg_folder: str  # the folder that holds the SVG files
    svg_label: str  # what the SVG files are: "84 card SVG files", "1 page SVG"
    count: str  # "84 cards · 10 sheets"
    notes: list[str]
    printing: str
    first: bool = False  # printed before anything else (the test page)
    backs: str = ""  # how its backs print: "duplex" (double-sided), "fold" (fold-over sheets), or "" (none)
    parts: list[tuple[str, str]] = field(default_factory=list)  # a kit's parts: what each is, its PDF


def _svg_label(result: Built, n: int, first: str) -> str:
    """What the item's SVG files are: one per card or tile, a picture of a page, a diagram."""
    if not n:
        return ""
    if Path(first).stem.startswith("figure"):
        return "the diagram as SVG" if n == 1 else f"{n} diagram SVG files"
    noun = result.noun.rstrip("s") if result.cards else "page"
    if noun == "page" and n == 1:
        return "the page as SVG"
    return f"{n} {noun} SVG file{'s' if n != 1 else ''}"


def _titled(item: Item, kind: str) -> str:
    """An item's title when its result names none: its options in words ("Pattern one, census 7",
    "4 players"), or what it is."""
    words = ", ".join(
        f"{v} player{'s' if v != 1 else ''}"
        if k == "players" and isinstance(v, int)
        else k
        if v is True
        else f"{k} {v}"
        for k, v in item.options.items()
        if k != "game"
    )
    text = words or kind
    return text[:1].upper() + text[1:]


def entry(job: Job, result: Built, out: Path) -> Entry:
    """What the index says about one built item, from the files it wrote."""
    files = sorted(result.files)
    rel = [f.relative_to(out).as_posix() for f in files]
    svgs = [r for r, f in zip(rel, files) if f.suffix == ".svg" and f.stem != "back"]
    if result.parts:  # a kit: its own PDF, its parts' below it; its picture a component's
        pictured = next((p for p in result.parts if p.cards), result.parts[0])
        named = getattr(result, "picture", "")  # (a kit names the file that pictures it best, if any)
        shown = [result.folder / named] if named else []
        shown += sorted(f for f in pictured.files if f.suffix == ".svg" and f.stem != "back")
        return Entry(
            name=job.item.name,
            title=result.title or _titled(job.item, job.product.title),
            kind=job.product.title,
            folder=result.folder.relative_to(out).as_posix(),
            picture=shown[0].relative_to(out).as_posix() if shown else None,
            pdfs=[result.to_print.relative_to(out).as_posix()] if result.to_print is not None else [],
            pages=[],
            svgs=0,
            svg_folder="",
            svg_label="",
            count=f"{result.pages} pages in one PDF, {len(result.parts)} parts",
            notes=list(result.notes),
            printing=result.printing,
            parts=[
                (p.title or p.folder.name, p.to_print.relative_to(out).as_posix())
                for p in result.parts
                if p.to_print is not None
            ],
        )
    parts = []
    if result.cards:
        parts.append(f"{result.cards} {result.noun}")
    sheets = result.sheets or result.pages
    if sheets:
        parts.append(f"{sheets} {'sheet' if result.sheets else 'page'}{'s' if sheets != 1 else ''}")
    folder = result.folder.relative_to(out).as_posix()
    svg_folder = Path(svgs[0]).parent.as_posix() if len(svgs) > 1 else svgs[0] if svgs else folder
    return Entry(
        name=job.item.name,
        title=result.title or _titled(job.item, job.product.title),
        kind=job.product.title,
        folder=folder,
        picture=svgs[0] if svgs else None,
        pdfs=[r for r in rel if r.endswith(".pdf")],
        pages=[r for r in rel if r.endswith(".html")],
        svgs=len(svgs),
        svg_folder=svg_folder + ("/" if len(svgs) > 1 else ""),
        svg_label=_svg_label(result, len(svgs), svgs[0] if svgs else ""),
        count=" · ".join(parts),
        notes=list(result.notes),
        printing=result.printing,
        first=job.product.first,
        backs=_backs(job, result),
    )


def _backs(job: Job, result: Any) -> str:
    """How an item's backs print: ``duplex``, ``fold`` or "" (none). The test page is what its
    own kind of backs needs: the duplex test, or with ``--fold`` the fold test."""
    if job.product.first:
        return "fold" if job.opts.fold else "duplex"
    printing = str(result.printing)
    return "fold" if SIDES["fold"] in printing else "duplex" if "double-sided, flipping" in printing else ""


SET_TITLE = "Train games: your print-and-play set"
INTRO = "Cards, tiles, placemats, score sheets and rules summaries"


def index_page(entries: Sequence[Entry], *, title: str = SET_TITLE) -> bytes:
    """The build's index: the items to print first (the test page) in a banner, then a card for
    every other item: its picture, its name, what it holds and how to print it, its files. It
    speaks to whoever prints the set: titled by the set, folders only as a small link each.

    The kits open it (a card a game: "print this", its parts below). The test page leads the
    rest ("Start here") only where some item prints backs the way it tests them (double-sided,
    or fold-over sheets); in a set that prints every item one-sided it is listed last, quietly,
    for the day backs are printed."""
    kits = [e for e in entries if e.parts]
    needed = {e.backs for e in entries if not e.first and e.backs}
    first = [e for e in entries if e.first and e.backs in needed]
    later = [e for e in entries if e.first and e.backs not in needed]
    rest = [e for e in entries if not e.first and not e.parts]
    words = " ".join(
        [
            title,
            *(f"{e.name} {e.title} {e.kind} {e.count} {e.printing} {e.svg_label} {' '.join(e.notes)}" for e in entries),
        ]
    )
    return render_template(
        "index.html.j2",
        title=title,
        intro=INTRO,
        entries=list(entries),
        kits=kits,
        first=first,
        later=later,
        rest=rest,
        fonts=page_fonts(f"{words} {INTRO} PDF rules SVG Print first Start here folder", ""),
    )
