"""SuperTrain tiles (seed 003): the wild tiles or the whole 112-tile set, printed; and a hand's score.

``build_tiles(set="wild")`` writes ``<out>/supertrain-wild/`` (``-full`` for all
112 tiles; ``-numerals`` added when digits replace the pips, the tile size when it is not
2 × 1 in, and the print options as for every deck): ``tiles/<slug>.svg``
(one per tile; the three A-Trains are ``a-train-1`` … ``a-train-3``), the tiles
imposed on sheets with crop marks in ``supertrain-wild.pdf``, ``tiles.csv`` and
``pack.json`` (with ``--png`` and ``--tts``, ``png/`` and ``tts/`` as for packs). Before anything is moved into place the staged files are read back
(``check_tiles_folder``): each SVG's two halves (pips counted, numerals and letters
read, the locomotive found by its class) and each PDF slot (pip paths counted per
half by position, text objects read, the locomotive found by its red paths), and
both lists are checked against the set with ``rules.supertrain.check_set``.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import CardgenError
from cardgen.layout.tile import LOCO_RED, PIP_COLOURS, halves, tile_back, tile_face
from cardgen.options import PrintOptions, print_options
from cardgen.products import FolderCheck, Product
from cardgen.products.deck import BuildResult, Progress, sheet_plan, write_deck
from cardgen.rules.check import Violation
from cardgen.rules.supertrain import CHECKS as SET_CHECKS
from cardgen.rules.supertrain import LETTERS, MAX_PIP, TRAIN, End, HandScore, Tile, parse_hand, tile_set
from cardgen.units import parse_card

if TYPE_CHECKING:
    from cardgen.impose.sheets import SheetPlan
    from cardgen.products.pageobjects import PageObjects

DEFAULT_TILE = "2x1in"  # 50.8 × 25.4 mm, the usual domino
MIN_HALF = 15.0  # mm: a smaller half cannot show twelve pips anyone could count
TABLE = "tiles.csv"
SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4


def parse_tile_size(text: str) -> tuple[float, float]:
    """A tile size WxH, as ``--card`` takes it: ``2x1in``, ``50x25mm``; each half at least 15 mm a side.

    >>> parse_tile_size("2x1in"), parse_tile_size("1x2in")
    ((50.8, 25.4), (25.4, 50.8))
    """
    try:
        w, h = parse_card(text)
    except CardgenError as e:
        if "unknown" in str(e):
            raise CardgenError(f"tile size {text!r} is unknown: write WxH like 2x1in or 50x25mm") from None
        raise CardgenError(str(e).replace("card size", "tile size", 1)) from None
    if min(max(w, h) / 2, min(w, h)) < MIN_HALF:
        raise CardgenError(f"tile size {text!r} is too small: each half needs {MIN_HALF:g}mm a side (2x1in is usual)")
    return w, h


def tile_stems(tiles: list[Tile]) -> list[str]:
    """File stems: the tile's slug, numbered from 1 when the set holds it more than once.

    >>> tile_stems([Tile(12, 5), Tile("A", "Train"), Tile("A", "Train")])
    ['12-5', 'a-train-1', 'a-train-2']
    """
    copies = Counter(tiles)
    seen: Counter[Tile] = Counter()
    stems = []
    for t in tiles:
        seen[t] += 1
        stems.append(t.slug if copies[t] == 1 else f"{t.slug}-{seen[t]}")
    return stems


def tiles_table(tiles: list[Tile], stems: list[str], folder: str = "tiles") -> bytes:
    """The set as a CSV: ``number,tile,points,file``, in the order the PDF lays the tiles."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["number", "tile", "points", "file"])
    for i, (t, stem) in enumerate(zip(tiles, stems), 1):
        w.writerow([i, t.name, t.points, f"{folder}/{stem}.svg"])
    return buf.getvalue().encode("utf-8")


def set_slug(which: str, numerals: bool, size: tuple[float, float] | None = None) -> str:
    """The folder's name: the set, then what differs from the defaults (the print options'
    part is added by ``write_deck``).

    >>> set_slug("Full", True), set_slug("wild", False, (44.0, 22.0))
    ('supertrain-full-numerals', 'supertrain-wild-44x22mm')
    """
    tile_set(which)  # refuses an unknown set
    slug = f"supertrain-{which.strip().lower()}" + ("-numerals" if numerals else "")
    if size is not None and size != parse_tile_size(DEFAULT_TILE):
        slug += f"-{size[0]:g}x{size[1]:g}mm"
    return slug


def build_tiles(
    *,
    set: str = "wild",  # the option's own word: --set, and the key of a cardgen.toml item
    numerals: bool = False,
    tile: str = DEFAULT_TILE,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write SuperTrain tiles: one SVG per tile, the imposed PDF, the table and the manifest."""
    which = set
    tiles = tile_set(which)
    size = parse_tile_size(tile)
    opts = opts or print_options()
    slug = set_slug(which, numerals, size)
    stems = tile_stems(tiles)
    faces = [(s, tile_face(t, size, numerals=numerals, bleed=opts.bleed)) for s, t in zip(stems, tiles)]
    back = tile_back(size, title=opts.title, bleed=opts.bleed)
    return write_deck(
        slug=slug,
        faces=faces,
        back=back if opts.backs else None,
        export_back=back if opts.tts else None,  # TTS shows a back even when none is printed
        opts=opts,
        plan=sheet_plan(opts, size=size),
        manifest={"game": "supertrain", "set": which.strip().lower(), "numerals": numerals},
        extra={TABLE: tiles_table(tiles, stems)},
        check=lambda folder: check_tiles_folder(folder).violations,
        out=out,
        folder_name="tiles",
        noun="tiles",
        progress=progress,
    )


# --- Reading a written set back -------------------------------------------------------------


@dataclass
class Seen:
    """What one half of a tile shows, as read from a file."""

    pips: int = 0
    pip_colours: set[str] = field(default_factory=set)
    numerals: list[tuple[str, str]] = field(default_factory=list)  # (text, colour)
    letters: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    train: bool = False

    def end(self) -> End | str:
        """The end this half shows, or what is wrong with it (colours aside: see ``colour_problem``)."""
        kinds = [k for k, on in (("a Red Train", self.train), ("a letter", self.letters), ("a numeral", self.numerals), ("pips", self.pips)) if on]  # fmt: skip
        if len(kinds) > 1:
            return f"shows {' and '.join(kinds)} on one half"
        if self.train:
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
        root = ET.parse(path).getroot()
        _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    except (ET.ParseError, OSError, ValueError) as e:
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
                seen.train = True
        out.append(seen)
    return out, width < height


def read_svg_tiles(folder: Path, wanted: dict[str, Tile]) -> tuple[list[Tile], list[Violation]]:
    """Every tile SVG, read and compared with the tile its name says."""
    from cardgen.rules.supertrain import LETTER_WORDS

    tiles: list[Tile] = []
    problems: list[Violation] = []
    for path in sorted((folder / "tiles").glob("*.svg")):
        if path.stem == "back":
            continue
        if path.stem not in wanted:
            problems.append(Violation("files", f"svg: tiles/{path.name} is not a tile of this set"))
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
    seen = [Seen(), Seen()]
    tile = False
    for path in page.paths:
        x, y = (path.box[0] + path.box[2]) / 2, (path.box[1] + path.box[3]) / 2
        if not _inside(x, y, cut):
            continue
        if (
            path.fill is not None
            and path.box[2] - path.box[0] >= 0.95 * w * PT
            and path.box[3] - path.box[1] >= 0.95 * h * PT
        ):
            tile = True  # the tile's ground: crop marks and captions may stray into an empty slot, never this
        for half, box in zip(seen, boxes):
            if not _inside(x, y, box):
                continue
            size_x, size_y = path.box[2] - path.box[0], path.box[3] - path.box[1]
            if _match(path.fill, {LOCO_RED: _rgb(LOCO_RED)}) == LOCO_RED:
                half.train = True
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
    return [s if not s.train else Seen(train=True) for s in seen]  # a locomotive's wheels are no pips


def read_pdf_tiles(pdf: Path, plan: SheetPlan, backs: bool, order: list[Tile]) -> tuple[list[Tile], list[Violation]]:
    """Every tile on the PDF's front pages, slot by slot, compared with the set's order."""
    from cardgen.products.output import read_file
    from cardgen.products.pageobjects import open_pages
    from cardgen.products.readback import PDF_LIMIT

    try:
        with open_pages(read_file(pdf, limit=PDF_LIMIT, what="PDF")) as doc:
            pages = [doc.read(i) for i in range(len(doc))]
    except CardgenError as e:
        return [], [Violation("files", f"pdf: {e}")]
    want_pages = plan.pages(len(order)) * (2 if backs else 1)
    problems: list[Violation] = []
    if len(pages) != want_pages:
        problems.append(Violation("files", f"pdf: {pdf.name} has {len(pages)} pages, wanted {want_pages}"))
    tiles: list[Tile] = []
    portrait = plan.card[0] < plan.card[1]
    for sheet, page in enumerate(pages[:: 2 if backs else 1]):
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
    if backs:  # the backs are all alike: only their place is checked, moved as pack.json records
        from cardgen.products.numbered import backs_misplaced

        for sheet, page in enumerate(pages[1::2]):
            moved = backs_misplaced(page, plan, min(plan.per_page, len(order) - sheet * plan.per_page))
            if moved:
                problems.append(Violation("files", f"pdf page {page.number}: {moved}"))
    return tiles, problems


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


def spec_from_manifest(data: dict[str, Any]) -> tuple[str, bool]:
    which, numerals = data.get("set"), data.get("numerals")
    if which not in ("wild", "full") or not isinstance(numerals, bool):
        raise CardgenError("pack.json is incomplete or malformed: a SuperTrain set needs 'set' and 'numerals'")
    return str(which), numerals


def check_tiles_folder(folder: Path, data: dict[str, Any] | None = None) -> FolderCheck:
    """Every way the tiles written in ``folder`` differ from their set, read from the SVGs and the PDF."""
    from cardgen.products.readback import load_manifest, plan_from_manifest, single_pdf
    from cardgen.rules.supertrain import check_set

    data = data if data is not None else load_manifest(folder)
    which, numerals = spec_from_manifest(data)
    order = tile_set(which)
    stems = tile_stems(order)
    out: list[Violation] = []
    svg_tiles, problems = read_svg_tiles(folder, dict(zip(stems, order)))
    out += problems
    out += [Violation(v.check, f"svg: {v.message}", v.cards) for v in check_set(svg_tiles, which)]
    pdf = single_pdf(folder)
    if isinstance(pdf, Violation):
        out.append(pdf)
    else:
        pdf_tiles, problems = read_pdf_tiles(pdf, plan_from_manifest(data), bool(data.get("backs")), order)
        out += problems
        out += [Violation(v.check, f"pdf: {v.message}", v.cards) for v in check_set(pdf_tiles, which)]
    out += read_table(folder, order)
    count = sum(1 for p in (folder / "tiles").glob("*.svg") if p.stem != "back")
    what = f"the SuperTrain {which} set ({len(order)} tiles{', numerals' if numerals else ''})"
    return FolderCheck(what, count, out, noun="tiles", checks=(*SET_CHECKS, "files"))


# --- Scoring a hand ---------------------------------------------------------------------------


def score(*, hand: str) -> HandScore:
    """The points a hand left at the end of a round counts (``12-5 3-Train A-Train``: 50)."""
    return HandScore(tuple(parse_hand(hand)))


def score_lines(result: HandScore) -> list[str]:
    """One line per tile with its points worked out, then the total.

    >>> score_lines(score(hand="12-5 A-Train"))
    ['12-5      17  (12 + 5)', 'A-Train   20  (10 + 10)', 'total     37']
    """
    width = max([len(t.name) for t in result.tiles] + [len("total")]) + 2
    lines = []
    for t in result.tiles:
        parts = " + ".join(str(e if isinstance(e, int) else 10) for e in t.ends)
        lines.append(f"{t.name:<{width}}{t.points:>3}  ({parts})")
    lines.append(f"{'total':<{width}}{result.total:>3}")
    return lines


def score_text(*, hand: str, as_json: bool = False) -> str:
    """What ``cardgen supertrain score`` prints: the lines above, or ``HandScore.to_dict()`` as JSON."""
    import json

    result = score(hand=hand)
    return json.dumps(result.to_dict(), indent=2) if as_json else "\n".join(score_lines(result))


PRODUCT = Product("supertrain", "SuperTrain tiles", build_tiles, check_tiles_folder, command="tiles")
