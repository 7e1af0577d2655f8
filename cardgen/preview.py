"""``cardgen preview``: a look before printing: one PNG beside a folder cardgen wrote, with
every card or tile small on it, fronts then backs (a folder without cards: each page of its
PDF), so a pack is seen at a glance without opening ninety files.

The sheet goes beside the folder, ``<folder>-preview.png``, not into it: the folder stays
exactly what its build wrote and proved (a folder named ``.`` or ``..`` is named by what it is,
and its preview goes beside it all the same), and never into another folder cardgen wrote.
A folder holding cardgen's folders (``cardgen build``'s ``--out``) gets a preview beside each
of them (``preview_set``). It replaces only a preview cardgen signed and nobody
changed since (``render.contact.is_signed``); any other file of that name is left alone and
named. Only files the folder's marker lists, unchanged, are drawn: a folder changed since
cardgen wrote it is refused (``cardgen check`` names every change). The marker's checksums can
be recomputed by anyone, so a card SVG is drawn only once read back and found to hold nothing
cardgen's writer never writes (``proof.svg.parse_svg``: no picture but one in the file, no
deeper than cardgen writes), and drawn in a child process bounded in time and memory
(``render.png.svgs_apart``); anything else is one line naming the file. Cards are drawn from
their SVGs by resvg with the shipped fonts (and the pack's theme font), pages from the PDF by
PDFium: the same folder gives the same bytes. A pack of more than ``MAX_SHOWN`` components
shows the first ``MAX_SHOWN`` and says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardgen.check import marker_problems, set_items
from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file, show_path
from cardgen.layout.shapes import Typeface
from cardgen.manifest import DECK, MANIFEST, read_manifest, validate
from cardgen.products import PRODUCTS, product
from cardgen.proof.pdfread import page_pictures
from cardgen.proof.sheets import PDF_LIMIT
from cardgen.proof.svg import parse_svg
from cardgen.render.bounded import Failed, TooCostly
from cardgen.render.contact import WIDEST, Group, contact_sheet, is_signed, thumb_width
from cardgen.render.png import svgs_apart, theme_fonts
from cardgen.themes.read import theme_from_manifest
from cardgen.write.marker import REPORT, read_kind, read_marker
from cardgen.write.owned import check_outside_owned, check_own_file
from cardgen.write.staging import write_own_file

MAX_SHOWN = 2000  # components on one sheet: past this a thumbnail would be too small to read
MAX_PAGES = 24  # pages of a document on one sheet (a placemat on small paper has a dozen)
SVG_LIMIT = 64_000_000
BATCH = 16  # thumbnails drawn by one bounded child (a child costs about as much as a thumbnail)


@dataclass
class PreviewResult:
    path: Path  # the PNG written
    shown: int  # pictures on it
    total: int  # components (or pages) in the folder
    what: str  # "84 cards and their back", "2 pages of placemat-census-7.pdf"


def natural(name: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key putting ``2-train`` before ``10-train``, as people count.

    >>> sorted(["10-train.svg", "2-train.svg", "a-train-1.svg"], key=natural)
    ['2-train.svg', '10-train.svg', 'a-train-1.svg']
    """
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name) if part)


PNG_LIMIT = 256_000_000


def preview_path(folder: Path) -> Path:
    """Where a folder's preview goes: beside it, named after it. A folder given as ``.`` or
    ``..`` (or ending so) is named by the folder it is, and the preview goes into the folder
    above it, as the system finds that: ``cardgen preview .`` inside a pack writes
    ``../<pack>-preview.png``.

    >>> preview_path(Path("output/got-pattern-one-census-7")).as_posix()
    'output/got-pattern-one-census-7-preview.png'
    """
    if folder.name not in ("", ".", ".."):
        return folder.parent / f"{folder.name}-preview.png"
    name = folder.resolve().name
    if not name:
        raise CardgenError(f"cannot preview {show_path(folder)}: the top folder has no name to give its preview")
    return folder / ".." / f"{name}-preview.png"


def check_preview_place(folder: Path) -> None:
    """One line when ``folder``'s preview could not be written (a file of the user's where it
    goes, or a place inside a folder cardgen wrote): ``--preview`` asks this before the build,
    so a build it would follow is not written first."""
    path = preview_path(folder)
    check_outside_owned(path, "the preview", "")
    check_own_file(path, is_own=is_signed, what="preview", limit=PNG_LIMIT)


def vetted(folder: Path, name: str, font: Typeface | None) -> tuple[bytes, tuple[float, float]]:
    """A component SVG's bytes and size in mm, once read back and found to hold nothing cardgen's
    writer never writes (``proof.svg.parse_svg``, ``font``: the pack's theme font); else one line."""
    data = read_file(folder / name, limit=SVG_LIMIT, what="SVG")
    doc = parse_svg(data, "it", font)  # (its problems follow its name)
    problem = doc if isinstance(doc, str) else doc.problems[0] if doc.problems else None
    if problem or isinstance(doc, str):
        raise CardgenError(
            f"cannot preview {show_path(folder / name)}: {problem}; a preview draws only what cardgen writes "
            "(cardgen check names every problem)"
        )
    return data, (doc.width, doc.height)


def _drawn(folder: Path, names: list[str], jobs: list[tuple[bytes, tuple[int, int]]], fonts: list[str]) -> list[bytes]:
    """The thumbnails ``jobs`` (an SVG and its size each, of the files ``names``), drawn in a
    bounded child; should that fail, one at a time, to name the file at fault."""
    try:
        return svgs_apart(jobs, fonts)
    except (TooCostly, Failed):
        pass
    out = []
    for name, job in zip(names, jobs):
        try:
            out += svgs_apart([job], fonts)
        except TooCostly as e:
            raise CardgenError(f"cannot preview {show_path(folder / name)}: it {e.what} to draw") from None
        except Failed as e:
            why = " ".join(str(e).split())[:80]
            raise CardgenError(f"cannot preview {show_path(folder / name)}: it cannot be drawn ({why})") from None
    return out


def _thumbs(
    folder: Path, names: list[str], font: Typeface | None, fonts: list[str], width: int, step: Callable[[], None]
) -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    for start in range(0, len(names), BATCH):
        batch = names[start : start + BATCH]
        jobs = []
        for name in batch:
            data, (w, h) = vetted(folder, name, font)
            jobs.append((data, (width, max(1, round(width * h / w)))))
        out += zip((Path(n).stem for n in batch), _drawn(folder, batch, jobs, fonts))
        for _ in batch:
            step()
    return out


def _card_groups(
    folder: Path, own: dict[str, str | None], step: Callable[[int, int], None]
) -> tuple[list[Group], tuple[int, int], int, str]:
    data = read_manifest(folder)
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in PRODUCTS:
        raise CardgenError(f"{show_path(folder / MANIFEST)} does not describe anything cardgen can preview")
    found = product(game)
    data = validate(data, {**DECK, **found.keys})
    sub = f"{found.folder}/"
    svgs = sorted(
        (n for n in own if n.startswith(sub) and n.endswith(".svg") and "/" not in n[len(sub) :]), key=natural
    )
    backs = [n for n in svgs if Path(n).stem == "back" or Path(n).stem.startswith("back-")]
    fronts = [n for n in svgs if n not in backs]
    if not fronts:
        raise CardgenError(f"{show_path(folder)} holds no {found.folder} to preview")
    shown = fronts[:MAX_SHOWN]
    theme = theme_from_manifest(data, folder)
    font = theme.font if theme else None
    _, (w, h) = vetted(folder, shown[0], font)
    width = thumb_width(len(shown) + len(backs), h / w)
    done, total = 0, len(shown) + len(backs)

    def tick() -> None:
        nonlocal done
        done += 1
        step(done, total)

    with theme_fonts(font) as fonts:
        groups: list[Group] = [("fronts", _thumbs(folder, shown, font, fonts, width, tick))]
        if backs:
            groups.append(("backs", _thumbs(folder, backs, font, fonts, width, tick)))
    noun = found.folder
    what = f"{len(fronts)} {noun}" + (f" and {'their back' if len(backs) == 1 else 'their backs'}" if backs else "")
    return groups, (width, round(width * h / w)), len(fronts), what


def _page_groups(
    folder: Path, own: dict[str, str | None], step: Callable[[int, int], None]
) -> tuple[list[Group], tuple[int, int], int, str]:
    pdfs = sorted(n for n in own if n.endswith(".pdf") and "/" not in n)
    if not pdfs:
        raise CardgenError(f"{show_path(folder)} holds no PDF to preview")
    name = pdfs[0]
    data = read_file(folder / name, limit=PDF_LIMIT, what="PDF")
    width = 2 * WIDEST  # a page holds more than a card: drawn larger (a preview of a few pages)
    pictures, total, aspect = page_pictures(data, width, MAX_PAGES)
    step(len(pictures), len(pictures))
    cells = [(f"page {i}", png) for i, png in enumerate(pictures, 1)]
    return (
        [("pages", cells)],
        (width, round(width * aspect)),
        total,
        f"{total} page{'s' if total != 1 else ''} of {name}",
    )


def preview_folder(*, folder: Path, progress: Callable[[int, int], None] | None = None) -> PreviewResult:
    """Write ``<folder>-preview.png`` beside ``folder`` (a folder cardgen wrote, unchanged since)."""
    kind = path_kind(folder, doing="preview")
    if kind != "folder":
        raise CardgenError(
            f"cannot preview {show_path(folder)}: {'no such folder' if kind == 'missing' else 'not a folder'}"
        )
    own = read_marker(folder)
    if own is None:
        raise CardgenError(f"cannot preview {show_path(folder)}: it is not a folder cardgen wrote (no .cardgen.json)")
    holds = read_kind(folder)
    if holds is not None and holds.name == REPORT.name:
        raise CardgenError(
            f"cannot preview {show_path(folder)}: it holds a simulation report, which prints nothing; "
            f"open {show_path(folder / 'index.html')} to see it"
        )
    changed = marker_problems(folder)
    if changed:
        raise CardgenError(
            f"cannot preview {show_path(folder)}: {changed[0].message}; a preview shows only what cardgen wrote "
            "(cardgen check names every change)"
        )
    step = progress or (lambda done, total: None)
    has_cards = path_kind(folder / MANIFEST) != "missing"
    groups, thumb, total, what = (_card_groups if has_cards else _page_groups)(folder, own, step)
    shown = sum(len(cells) for _, cells in groups)
    more = f" (the first {shown} shown)" if total > shown else ""
    path = preview_path(folder)
    title = path.name.removesuffix("-preview.png")  # (the folder's own name, where it was given as '.')
    png = contact_sheet(title, f"{what}{more} · cardgen preview, not for printing: print the PDF", groups, thumb)
    write_own_file(path, png, is_own=is_signed, what="preview", limit=PNG_LIMIT)
    return PreviewResult(path, shown, total, what + more)


def preview_items(folder: Path) -> list[Path] | None:
    """The folders to preview, one by one, when ``folder`` holds cardgen's folders rather than
    being one (``check.set_items``), simulation reports aside (they print nothing); else None."""
    items = set_items(folder)
    if items is None:
        return None
    return [p for p in items if getattr(read_kind(p), "name", None) != REPORT.name]
