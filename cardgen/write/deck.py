"""Writing a deck: any set of same-size components (cards, tiles) imposed on sheets.

A product hands over its faces (a file name and a drawing each), its back, its own
manifest keys and any extra files; ``write_deck`` stages every file, reads the staged
files back with the product's own checker, and only then moves them into place.
With ``--png`` it adds a PNG per card (``png/``), with ``--tts`` a Tabletop Simulator
deck (``tts/``), with ``--preset`` the files a print service asks for (``write.services``), all
drawn from the same drawings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar, overload

from cardgen.errors import CardgenError
from cardgen.files import reason, show_path
from cardgen.impose.printing import Sides, how_to_print
from cardgen.impose.sheets import SheetPlan, impose, plan_sheet
from cardgen.layout.shapes import Drawing
from cardgen.manifest import MANIFEST, deck_record
from cardgen.options import PrintOptions
from cardgen.render import render
from cardgen.render.png import pixels, theme_fonts
from cardgen.rules.shared import Violation
from cardgen.themes.read import picture_files
from cardgen.write.built import Built
from cardgen.write.exports import write_pngs, write_tts
from cardgen.write.marker import Kind
from cardgen.write.services import write_service
from cardgen.write.staging import Staging
from cardgen.write.workers import beside


class Progress(Protocol):
    """How a long build reports: ``progress(done, total)`` as it goes, and ``say(line)`` once,
    up front, when the job is big enough to take a while (the command line prints it)."""

    def __call__(self, done: int, total: int) -> None: ...

    def say(self, line: str) -> None: ...


# What a component costs, measured on the 2-core machine (seconds; bytes on disk), to say up
# front how big a job is: an SVG and its proof; a PNG per million pixels; a TTS sheet's share.
SECONDS_A_CARD = 0.002
SECONDS_A_MEGAPIXEL = 0.085
BIG_JOB_SECONDS = 15.0
# Memory grows little with the job: the faces are drawn, written, read back and proved a sheet
# at a time, and what is held to the end is a few values a component (its name, the face read
# from its SVG and from the PDF for the pack checks, its file's digest, its page's deflated
# content). Measured peaks (the larger of the two processes): 41 MiB at 1,300 cards, 115 MB at
# 32,500 (the largest pack `cardgen pack` takes alone).
BASE_MEMORY = 40_000_000
MEMORY_A_CARD = 2_300


def job_memory(cards: int, card_mm: tuple[float, float], opts: PrintOptions) -> int:
    """About how much memory (bytes) a deck of ``cards`` takes at its peak: what ``write_deck``
    says up front beside the time.

    >>> from cardgen.options import print_options
    >>> round(job_memory(32_500, (63.5, 88.9), print_options()) / 1e9, 2)
    0.11
    """
    canvas = 0
    if opts.png:  # a PNG drawn at a time: its canvas, and the encoder's copies of it
        w, h = pixels((card_mm[0] + 2 * opts.bleed, card_mm[1] + 2 * opts.bleed), opts.png)
        canvas = 3 * 4 * w * h
    if opts.tts:
        canvas = max(canvas, 3 * 4 * 4096 * 4096)  # a sheet of 69 cards
    return BASE_MEMORY + cards * MEMORY_A_CARD + canvas


def job_size(cards: int, card_mm: tuple[float, float], opts: PrintOptions) -> tuple[float, int]:
    """About how long (s) a deck of ``cards`` takes to write and prove, and how much it writes
    (bytes): what ``write_deck`` says up front when that is long.

    >>> from cardgen.options import print_options
    >>> seconds, size = job_size(84, (63.5, 88.9), print_options())
    >>> round(seconds, 2), size // 1000
    (0.17, 1680)
    >>> seconds, size = job_size(100, (63.5, 88.9), print_options(png=1200))  # 3000 × 4200 px each
    >>> round(seconds), round(size / 1e6, 1)
    (107, 14.6)
    """
    megapixels = 0.0
    if opts.png:
        w, h = pixels((card_mm[0] + 2 * opts.bleed, card_mm[1] + 2 * opts.bleed), opts.png)
        megapixels = w * h / 1e6
    if opts.preset is not None and opts.preset.kind.images:
        w, h = pixels((card_mm[0] + 2 * opts.bleed, card_mm[1] + 2 * opts.bleed), opts.preset.dpi)
        megapixels += w * h / 1e6
    tts = 0.25 if opts.tts else 0.0  # a card's cell on a 4096-px sheet: about a quarter megapixel
    seconds = cards * (SECONDS_A_CARD + SECONDS_A_MEGAPIXEL * (megapixels + tts))
    size = cards * (20_000 + int(megapixels * 10_000) + (25_000 if opts.tts else 0))
    return seconds, size


D = TypeVar("D")


class Drawings(Sequence[D]):
    """``draw(item)`` for each of ``items``, drawn when it is asked for and not kept: what a deck's
    faces are handed over as, so that a big pack's drawings (5 KB a card) are never all held at
    once (each pass over them, the SVGs here, the sheets in the worker, draws them again)."""

    def __init__(self, items: Sequence[Any], draw: Callable[[Any], D]) -> None:
        self.items = items
        self.draw = draw

    def __len__(self) -> int:
        return len(self.items)

    @overload
    def __getitem__(self, i: int) -> D: ...

    @overload
    def __getitem__(self, i: slice) -> list[D]: ...

    def __getitem__(self, i: int | slice) -> D | list[D]:
        if isinstance(i, slice):
            return [self.draw(item) for item in self.items[i]]
        return self.draw(self.items[i])

    def __iter__(self) -> Iterator[D]:
        return map(self.draw, self.items)


@dataclass
class BuildResult(Built):
    """What ``write_deck`` wrote: a deck, ``cards`` components imposed on ``sheets`` sheets by ``plan``."""

    plan: SheetPlan


def _amount(size: int) -> str:
    """``0.7 GB``, or under a gigabyte ``46 MB`` (a streamed pack's memory is tens of megabytes).

    >>> _amount(700_000_000), _amount(46_200_000), _amount(1_650_000_000)
    ('700 MB', '46 MB', '1.6 GB')
    """
    return f"{size / 1e9:.1f} GB" if size >= 1e9 else f"{size / 1e6:.0f} MB"


def _duration(seconds: float) -> str:
    """``45 s``, ``3 min``, ``1.5 h``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def sheet_plan(opts: PrintOptions, size: tuple[float, float] | None = None) -> SheetPlan:
    """The sheet layout for components of ``size`` (default: the card size asked for). Fold-over
    sheets take the fold that fits most; when the back is a picture, the one along the component's
    long side (a picture is never turned, and the other fold turns the backs)."""
    if opts.fold:
        card = size or opts.card
        pictured = opts.theme is not None and opts.theme.back_picture is not None
        along: Literal["vertical", "horizontal"] = "horizontal" if card[0] > card[1] else "vertical"
        return plan_sheet(
            card,
            opts.paper,
            margin=opts.margin,
            bleed=opts.bleed,
            gutter=opts.gutter,
            fold=along if pictured else "auto",
        )
    return plan_sheet(
        size or opts.card,
        opts.paper,
        margin=opts.margin,
        bleed=opts.bleed,
        gutter=opts.gutter,
        back_offset=opts.back_offset,
    )


FOLD_STEPS = (
    "print one-sided at 100 % (actual size); fold each sheet on the dashed line, printed side out, so each "
    "back lies behind its front; unfold, glue the blank side, fold again and press flat; "
    "when dry, cut on the crop marks (the strip with the fold is cut away)"
)


def sheet_notes(plan: SheetPlan, count: int, noun: str, opts: PrintOptions, backs: bool) -> list[str]:
    """What a deck's build says about its sheets: how many a sheet, how to print them (``backs``:
    the components have backs)."""
    sheets = plan.pages(count)
    layout = f"{plan.cols} × {plan.rows}" + (" and their backs" if plan.fold else "")
    paper = f"{opts.paper_name} {plan.orientation}" + (f", folded on a {plan.fold} line" if plan.fold else "")
    notes = [
        f"{plan.per_page} {noun} a sheet ({layout}, {paper}), {sheets} sheet{'s' if sheets != 1 else ''}"
        + (f", {opts.bleed:g}mm bleed" if opts.bleed else "")
    ]
    notes += [plan.note] if plan.note else []
    if plan.fold:
        notes.append(f"fold-over sheets: {FOLD_STEPS}")
    elif backs:
        flip = "long" if plan.orientation == "portrait" else "short"
        notes.append(f"backs follow each sheet: print double-sided, flip on the {flip} edge")
    return notes


# Makes a deck's PDF at the path it is given, then yields what the deck's check needs of it a
# piece at a time (its pages as it reads them back); it runs in a worker process, so it must
# pickle (a module-level function and plain values).
SheetsJob = Callable[[Path], Iterable[Any]]


def write_sheets(
    path: Path,
    faces: Sequence[Drawing],
    back: Drawing | Sequence[Drawing] | None,
    plan: SheetPlan,
    *,
    label: str,
    title: str,
    pdf_title: str = "",
    subject: str = "",
) -> None:
    """The components imposed on sheets (a page of backs after each, when there is a back: one
    for all, or one a component), written as one PDF at ``path``, titled ``pdf_title`` (for
    people: "SuperTrain — wild tiles") with ``subject`` in its metadata."""
    pages = impose(list(faces), plan, back=back, label=label, title=title)
    path.write_bytes(render("pdf", pages, title=pdf_title or title or label, subject=subject))


def write_deck(
    *,
    slug: str,
    faces: Sequence[tuple[str, Drawing]],
    back: Drawing | Mapping[str, Drawing] | None,
    sheets: SheetsJob,
    opts: PrintOptions,
    plan: SheetPlan,
    manifest: Mapping[str, object],
    extra: Mapping[str, bytes | Callable[[], bytes]],
    check: Callable[[Path, Callable[[], Iterable[Any]]], list[Violation]],
    out: Path,
    kind: Kind,
    folder_name: str = "cards",
    noun: str = "cards",
    progress: Progress | None = None,
    export_back: Drawing | None = None,
) -> BuildResult:
    """Stage the component SVGs, the imposed PDF, the manifest and ``extra``; check; commit.

    ``faces`` are ``(file stem, drawing)`` (``Drawings``: drawn as they are asked for); the SVGs
    go to ``<folder_name>/<stem>.svg``. ``sheets`` writes the PDF (named as the folder is, with
    ``write_sheets``) on another core while this process writes the rest, and yields what it
    reads back of it a piece at a time (``workers.beside``); ``check`` gets the staged folder and
    a function that gives those pieces as they come (so it can read the other files meanwhile,
    and hold each piece only while it uses it).
    ``manifest``: the product's own keys of ``pack.json`` (``manifest.deck_record`` adds the deck's);
    ``kind``: the product's, recorded in the folder's marker.
    ``extra`` files may be given as functions that make them. ``export_back`` is the back for a
    TTS deck when no backs are printed. ``back`` may be several backs by file stem (``{"back-A":
    …, "back-B": …}``: packs whose backs carry their marks), each written as an SVG; the PNG, TTS
    and print service exports take one back only (a service's back is ``export_back`` when no
    backs are printed).
    """
    folder = out / (slug + opts.suffix)
    backs = {"back": back} if isinstance(back, Drawing) else dict(back or {})
    back = back if isinstance(back, Drawing) else None
    service = opts.preset if opts.preset is not None and opts.preset.files else None
    if backs and back is None and (opts.png or opts.tts or service):
        raise CardgenError(f"these {noun} have backs of several kinds: --png, --tts and --preset export one back only")
    tts_back = back if back is not None else export_back
    if opts.fold and not backs:
        raise CardgenError(f"these {noun} have no backs: --fold folds each back behind its front")
    if opts.tts and tts_back is None:
        raise CardgenError(f"a Tabletop Simulator deck needs the {noun}' back: add --backs")
    if service is not None and tts_back is None:  # (tokens, given a preset in a cardgen.toml)
        raise CardgenError(
            f"--preset {service.name}: {service.service} prints cards with a back, and these {noun} have none"
        )
    if opts.preset is not None:  # the service's safe zone: the build says so before it writes anything
        sides = [*faces, *([("back", tts_back)] if tts_back is not None else [])]
        inside = next((f"{stem}: {why}" for stem, d in sides for why in opts.preset.text_outside(d)), None)
        if inside:
            raise CardgenError(f"--preset {opts.preset.name}: {inside}")
    steps = len(faces) * (1 + bool(opts.png) + bool(service and service.kind.images))  # an SVG a face, PNGs
    seconds, size = job_size(len(faces), plan.card, opts)
    if progress is not None and seconds >= BIG_JOB_SECONDS:
        what = ", a PNG each" if opts.png else ""
        what += " and Tabletop Simulator sheets" if opts.tts else ""
        memory = job_memory(len(faces), plan.card, opts)
        progress.say(
            f"a big job: {len(faces)} {noun}{what}, about {_duration(seconds)}, {_amount(size)} written and "
            f"{_amount(memory)} of memory at its peak; Ctrl-C stops it and writes nothing"
        )
    if progress is not None:
        progress(0, steps)
    with Staging(folder, opts.made_with, kind=kind) as stage, beside(sheets, stage.place(f"{folder.name}.pdf")) as made:

        def read() -> Iterator[Any]:
            try:
                yield from made
            except OSError as e:  # (the worker's, writing the PDF: one line, as the stage says its own)
                raise CardgenError(f"cannot write to {show_path(folder)}: {reason(e)}") from None

        pieces = read()
        for i, (stem, drawing) in enumerate(faces, 1):
            stage.write(f"{folder_name}/{stem}.svg", render("svg", [drawing]))
            if progress:
                progress(i, steps)
        for stem, drawing in backs.items():
            stage.write(f"{folder_name}/{stem}.svg", render("svg", [drawing]))
        stage.write(MANIFEST, deck_record(manifest, folder.name, len(faces), opts, plan, bool(backs)))
        if opts.theme is not None:
            for name, data in picture_files(opts.theme).items():
                stage.write(name, data)  # the pack's own copy, from which `cardgen check` draws again
        for name, made_by in extra.items():
            stage.write(name, made_by if isinstance(made_by, bytes) else made_by())
        if opts.png or opts.tts or service:
            with theme_fonts(opts.theme.font if opts.theme else None) as fonts:
                done = len(faces)
                if opts.png:
                    step = lambda i: progress(len(faces) + i, steps) if progress else None  # noqa: E731
                    write_pngs(stage.write, faces, back, opts.png, step, fonts)
                    done += len(faces)
                if opts.tts and tts_back is not None and faces:
                    what = faces[0][1].meta.get("set", slug) if faces else slug
                    write_tts(stage.write, [d for _, d in faces], tts_back, plan.card, what, fonts)
                if service is not None and tts_back is not None:
                    after = lambda i: progress(done + i, steps) if progress else None  # noqa: E731
                    write_service(stage.write, service, faces, tts_back, folder.name, after, fonts)
        violations = check(stage.tmp, lambda: pieces)
        for _ in pieces:  # the rest of the sheets' work done (a check may stop reading early)
            pass
        if violations:
            raise CardgenError(f"the {noun} failed their own check, so nothing was written: {violations[0]}")
        files = stage.commit()
    count = plan.pages(len(faces))
    notes = sheet_notes(plan, len(faces), noun, opts, bool(backs))
    if opts.png and faces:
        w, h = pixels((faces[0][1].width, faces[0][1].height), opts.png)
        notes.append(
            f"png/: one PNG a {noun[:-1]}, {w} × {h} px at {opts.png} dpi" + (", bleed included" if opts.bleed else "")
        )
    if opts.tts:
        notes.append("tts/: a Tabletop Simulator deck; tts/README.txt says how to import it")
    if service is not None and faces:
        mm = (faces[0][1].width, faces[0][1].height)
        notes.append(service.note(folder.name, noun[:-1], pixels(mm, service.dpi), mm))
    print_sides: Sides = "fold" if opts.fold else "duplex" if backs else "one"
    printing = how_to_print(paper=opts.paper_name, orientation=plan.orientation, sides=print_sides)
    result = BuildResult(
        folder=folder,
        files=files,
        cards=len(faces),
        plan=plan,
        sheets=count,
        notes=notes,
        noun=noun,
        printing=printing,
        to_print=folder / f"{folder.name}.pdf",
    )
    if service is not None and faces:  # the service prints it: the last line names what to send
        result.upload = folder / service.upload(folder.name)
        result.service = service.service
    return result
