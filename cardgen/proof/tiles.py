"""Dominoes read back: what each half of a tile shows, from its SVG (each ``<g class="end">``:
pips counted, numerals and letters read, the Red Train's parts counted by their class and
paint) and from its place on a PDF sheet (pip paths counted per half by position and colour,
text objects read, the Red Train's parts counted by their paint: its red silhouette, wheels and
rail, and its window, hubs and rod in the body's ivory), compared with the tile the set has
there; the sheets' crop marks; and the set's table (``tiles.csv``) row by row.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import is_litter, read_file
from cardgen.impose.sheets import SheetPlan
from cardgen.layout.supertrain.tile import FACE, PIP_COLOURS, TRAIN_PARTS, TRAIN_RED, halves
from cardgen.proof.pages import PageObjects
from cardgen.proof.pdfread import PdfPages
from cardgen.proof.sheets import (
    PDF_LIMIT,
    PT,
    backs_misplaced,
    compare_slot,
    crop_mark_problems,
    sheet_slots,
    turned_doc,
)
from cardgen.proof.svg import SVG_LIMIT, SvgDoc, read_tree
from cardgen.rules.shared import Violation
from cardgen.rules.supertrain.dominoes import LETTER_WORDS, LETTERS, MAX_PIP, TRAIN, End, Tile

SVG = "{http://www.w3.org/2000/svg}"
TABLE = "tiles.csv"


@dataclass
class Seen:
    """What one half of a tile shows, as read from a file."""

    pips: int = 0
    pip_colours: set[str] = field(default_factory=set)
    numerals: list[tuple[str, str]] = field(default_factory=list)  # (text, colour)
    letters: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    loco: Counter[str] = field(default_factory=Counter)  # the Red Train's parts: "body" (red), "ground" (cut out)

    @property
    def train(self) -> bool:
        return self.loco["body"] > 0

    def end(self) -> End | str:
        """The end this half shows, or what is wrong with it (colours aside: see ``colour_problem``)."""
        kinds = [k for k, on in (("a Red Train", self.train), ("a letter", self.letters), ("a numeral", self.numerals), ("pips", self.pips)) if on]  # fmt: skip
        if len(kinds) > 1:
            return f"shows {' and '.join(kinds)} on one half"
        if self.train:
            if self.loco != TRAIN_PARTS:
                return f"shows a Red Train of {_parts(self.loco)}, not the {_parts(TRAIN_PARTS)} it is drawn with"
            return TRAIN
        if self.letters:
            if len(self.letters) != 1 or self.letters[0] not in LETTERS:
                return f"shows the letters {' '.join(self.letters)!r} on one half"
            return self.letters[0]
        if self.numerals:
            text = self.numerals[0][0]
            if len(self.numerals) != 1 or not text.isdigit() or int(text) > MAX_PIP:
                return f"shows the numerals {' '.join(t for t, _ in self.numerals)!r} on one half"
            return int(text)
        if self.pips > MAX_PIP:
            return f"shows {self.pips} pips on one half: at most {MAX_PIP}"
        return self.pips

    def colour_problem(self) -> str:
        """What is wrong with the colour of this half's number ('' when nothing is)."""
        if self.numerals:
            n, colour = int(self.numerals[0][0]), self.numerals[0][1]
            return "" if colour == PIP_COLOURS[n] else f"shows numeral {n} in {colour}, wanted {PIP_COLOURS[n]}"
        if self.pips and self.pip_colours != {PIP_COLOURS[self.pips]}:
            shown = ", ".join(sorted(self.pip_colours))
            return f"shows {self.pips} pips in {shown}, wanted {PIP_COLOURS[self.pips]}"
        return ""

    def shown(self) -> str:
        end = self.end()
        if end == TRAIN:
            return "a Red Train"
        if isinstance(end, str) and end in LETTERS:
            return f"letter {end}"
        if self.numerals:
            return f"numeral {end}"
        return "no pips" if end == 0 else f"{end} pip{'s' if end != 1 else ''}"


def _parts(parts: Counter[str]) -> str:
    """``6 red and 4 cut-out parts``."""
    names = {"body": "red", "ground": "cut-out"}
    return " and ".join(f"{parts[k]} {names.get(k, k)}" for k in sorted(parts, key=lambda k: k != "body")) + " parts"


def _wanted(end: End) -> str:
    return "a Red Train" if end == TRAIN else f"letter {end}" if isinstance(end, str) else str(end)


def _half_name(tile: Tile, i: int, portrait: bool) -> str:
    def kind(e: End) -> str:
        return "Red Train" if e == TRAIN else "letter" if isinstance(e, str) else "number"

    if kind(tile.a) != kind(tile.b):
        return f"{kind(tile.ends[i])} half"
    return f"{(('left', 'right'), ('top', 'bottom'))[portrait][i]} half"


def read_tile(seen: list[Seen], wanted: Tile, portrait: bool = False) -> tuple[Tile | None, str]:
    """The tile two halves show (None when they show none), and one line saying how they
    differ from ``wanted`` ('' when they do not)."""
    if len(seen) != 2:
        return None, f"shows {len(seen)} halves, wanted 2"
    ends: list[End] = []
    for half in seen:
        end = half.end()
        if isinstance(end, str) and end != TRAIN and end not in LETTERS:
            return None, end
        ends.append(end)
    try:
        got: Tile | None = Tile(ends[0], ends[1])
    except CardgenError:
        got = None
    if got != wanted:
        i = 0 if ends[0] != wanted.ends[0] else 1
        return (
            got,
            f"shows {seen[i].shown()} on its {_half_name(wanted, i, portrait)}, wanted {_wanted(wanted.ends[i])}",
        )
    return got, next((half.colour_problem() for half in seen if half.colour_problem()), "")


def _classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def svg_halves(path: Path) -> tuple[list[Seen], bool] | str:
    """What each half (each ``<g class="end">``, in document order) of a tile SVG shows, and
    whether the tile stands portrait; or what is wrong with the file."""
    try:
        root = read_tree(read_file(path, limit=SVG_LIMIT, what="SVG"), path.name)
    except CardgenError as e:
        return str(e)
    if isinstance(root, str):
        return root
    try:
        _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    except ValueError as e:
        return f"cannot read {path.name}: {e}"
    out: list[Seen] = []
    for group in root.iter(f"{SVG}g"):
        if "end" not in _classes(group):
            continue
        seen = Seen()
        for el in group.iter():
            roles = _classes(el)
            text = "".join(el.itertext()).strip()
            if "pip" in roles:
                seen.pips += 1
                seen.pip_colours.add(el.get("fill", ""))
            elif "numeral" in roles:
                seen.numerals.append((text, el.get("fill", "")))
            elif "letter" in roles:
                seen.letters.append(text)
            elif "word" in roles:
                seen.words.append(text)
            elif "loco" in roles:
                fill = el.get("fill", "")
                seen.loco["body" if fill == TRAIN_RED else "ground" if fill == FACE else f"{fill or 'no'}-filled"] += 1
        out.append(seen)
    return out, width < height


def read_svg_tiles(svgs: Path, wanted: dict[str, Tile]) -> tuple[list[Tile], list[Violation]]:
    """Every tile SVG in the folder ``svgs``, read and compared with the tile its name says."""
    tiles: list[Tile] = []
    problems: list[Violation] = []
    for path in sorted(p for p in svgs.glob("*.svg") if not is_litter(p.name)):
        if path.stem == "back":
            continue
        if path.stem not in wanted:
            problems.append(Violation("files", f"svg: {svgs.name}/{path.name} is not a tile of this set"))
            continue
        read = svg_halves(path)
        if isinstance(read, str):
            problems.append(Violation("files", f"svg: tile {path.stem}: {read}"))
            continue
        halves_seen, portrait = read
        got, problem = read_tile(halves_seen, wanted[path.stem], portrait)
        if problem:
            problems.append(Violation("files", f"svg: tile {path.stem} {problem}"))
        if got is None:
            continue
        words = [w for s in halves_seen for w in s.words]
        letters = [e for e in got.ends if isinstance(e, str) and e in LETTERS]
        if words != [LETTER_WORDS[x] for x in letters]:
            problems.append(Violation("files", f"svg: tile {path.stem} says {' '.join(words) or 'no word'} beside its letter"))  # fmt: skip
        tiles.append(got)
    return tiles, problems


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _match(rgba: tuple[int, int, int, int] | None, colours: dict[str, tuple[int, int, int]]) -> str | None:
    """The named colour ``rgba`` is (within rounding), if any."""
    if rgba is None:
        return None
    for name, rgb in colours.items():
        if all(abs(a - b) <= 2 for a, b in zip(rgba, rgb)):
            return name
    return "#{:02x}{:02x}{:02x}".format(*rgba[:3])


def _inside(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    left, bottom, right, top = box
    return left <= x <= right and bottom <= y <= top


def pdf_slot_halves(page: PageObjects, plan: SheetPlan, slot: int) -> list[Seen] | None:
    """What each half of the tile in ``slot`` shows on a PDF page, or None for an empty slot."""
    sx, sy = plan.slot(slot)
    w, h = plan.card
    cut = (sx * PT, (plan.paper[1] - sy - h) * PT, (sx + w) * PT, (plan.paper[1] - sy) * PT)
    boxes = []
    for hx, hy, hw, hh in halves(w, h):
        left, top = sx + hx, sy + hy
        boxes.append((left * PT, (plan.paper[1] - top - hh) * PT, (left + hw) * PT, (plan.paper[1] - top) * PT))
    short = min(halves(w, h)[0][2:]) * PT
    pip_rgb = {colour: _rgb(colour) for colour in PIP_COLOURS.values()}
    loco_rgb = {"body": _rgb(TRAIN_RED), "ground": _rgb(FACE)}
    seen = [Seen(), Seen()]
    tile = False
    for path in page.paths:
        x, y = (path.box[0] + path.box[2]) / 2, (path.box[1] + path.box[3]) / 2
        if not _inside(x, y, cut):
            continue
        size_x, size_y = path.box[2] - path.box[0], path.box[3] - path.box[1]
        if path.fill is not None and size_x >= 0.95 * w * PT and size_y >= 0.95 * h * PT:
            tile = True  # the tile's ground: crop marks and captions may stray into an empty slot, never this
        if max(size_x, size_y) >= short:
            continue  # the ground and the body: longer than a half is wide, no part of one
        for half, box in zip(seen, boxes):
            if not _inside(x, y, box):
                continue
            part = _match(path.fill, loco_rgb)
            if part in loco_rgb:
                half.loco[part] += 1
            colour = _match(path.fill, pip_rgb)
            round_ = abs(size_x - size_y) < 0.15 * max(size_x, size_y, 1e-6) and size_x < short / 4
            if colour in pip_rgb and round_:
                half.pips += 1
                half.pip_colours.add(colour)
    for text in page.texts:
        x, y = (text.box[0] + text.box[2]) / 2, (text.box[1] + text.box[3]) / 2
        for half, box in zip(seen, boxes):
            if _inside(x, y, box) and text.text.strip():
                value = text.text.strip()
                if not text.bold:
                    half.words.append(value)
                elif value.isdigit():
                    half.numerals.append((value, _match(text.fill, pip_rgb) or ""))
                else:
                    half.letters.append(value)
    if not tile:
        return None
    for half in seen:
        if not half.train:
            half.loco.clear()  # ivory shapes without the red ones: no train (nothing else is drawn ivory)
    return seen


def read_pdf_tiles(
    pdf: Path,
    plan: SheetPlan,
    backs: bool,
    order: list[Tile],
    pages: Sequence[PageObjects] | None = None,
    back: SvgDoc | None = None,
) -> tuple[list[Tile], list[Violation]]:
    """Every tile on the PDF's front pages, slot by slot, compared with the set's order.
    ``pages``: as the process that wrote the PDF read them back; None: read them here. The
    backs (on backs pages, or beside the fronts on fold-over sheets) must be where the plan puts
    them; on a fold-over sheet each must also show ``back`` (the back's SVG), as the fold turns it."""
    if pages is None:
        try:
            with PdfPages(read_file(pdf, limit=PDF_LIMIT, what="PDF")) as doc:
                pages = [doc.read(i) for i in range(len(doc))]
        except CardgenError as e:
            return [], [Violation("files", f"pdf: {e}")]
    step = 2 if backs and not plan.fold else 1  # a fold-over sheet holds its backs
    want_pages = plan.pages(len(order)) * step
    problems: list[Violation] = []
    if len(pages) != want_pages:
        problems.append(Violation("files", f"pdf: {pdf.name} has {len(pages)} pages, wanted {want_pages}"))
    tiles: list[Tile] = []
    portrait = plan.card[0] < plan.card[1]
    for sheet, page in enumerate(pages[::step]):
        count = min(plan.per_page, max(0, len(order) - sheet * plan.per_page))
        problems += [Violation("files", f"pdf page {page.number}: {p}") for p in crop_mark_problems(page, plan, count)]
        for slot in range(plan.per_page):
            seen = pdf_slot_halves(page, plan, slot)
            if seen is None:
                continue
            k = sheet * plan.per_page + slot
            where = f"pdf page {page.number}, slot {slot + 1}"
            if k >= len(order):
                problems.append(Violation("files", f"{where}: a tile where the set has none"))
                continue
            got, problem = read_tile(seen, order[k], portrait)
            if problem:
                problems.append(Violation("files", f"{where}: tile {order[k].name} {problem}"))
            if got is not None:
                tiles.append(got)
    if backs:  # the backs are all alike: their place is checked, moved as pack.json records
        for sheet, page in enumerate(pages[1::2] if step == 2 else pages):
            count = min(plan.per_page, len(order) - sheet * plan.per_page)
            if step == 2:  # a backs page: no marks (one cuts from the fronts)
                problems += [
                    Violation("files", f"pdf page {page.number}: {p}")
                    for p in crop_mark_problems(page, plan, count, fronts=False)
                ]
            moved = backs_misplaced(page, plan, count)
            if moved:
                problems.append(Violation("files", f"pdf page {page.number}: {moved}"))
            if plan.fold and back is not None:
                problems += _fold_backs(page, plan, count, back)
    return tiles, problems


def _fold_backs(page: PageObjects, plan: SheetPlan, count: int, back: SvgDoc) -> list[Violation]:
    """Each back on a fold-over sheet against the back's SVG, in place (turned across a horizontal fold)."""
    doc = turned_doc(back, plan.card) if plan.turns_backs else back
    out: list[Violation] = []
    for slot in sheet_slots(page, plan, back=True)[0][:count]:
        found, _ = compare_slot(slot, doc, plan.paper[1])
        if found:
            out.append(
                Violation("files", f"pdf page {page.number}, slot {slot.index + 1} (back): {'; '.join(found[:4])}")
            )
    return out


def read_table(folder: Path, order: list[Tile]) -> list[Violation]:
    """``tiles.csv`` must list the set in order, with each tile's points."""
    try:
        rows = list(csv.DictReader(io.StringIO((folder / TABLE).read_text("utf-8"))))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        return [Violation("files", f"cannot read {TABLE}: {e}")]
    out: list[Violation] = []
    if len(rows) != len(order):
        out.append(Violation("files", f"{TABLE} lists {len(rows)} tiles, wanted {len(order)}"))
    for i, (row, want) in enumerate(zip(rows, order), 1):
        if (row.get("tile"), row.get("points")) != (want.name, str(want.points)):
            out.append(Violation("files", f"{TABLE} row {i} says {row.get('tile')} ({row.get('points')} points), wanted {want.name} ({want.points})"))  # fmt: skip
    return out
