"""A deck's PDF sheets read back: which objects pdfium finds in each component's place
(``sheet_slots``), held against the texts and shapes of that component's SVG
(``compare_slot``); the pages the plan needs, their paper, and where the backs are.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardgen.impose.sheets import SheetPlan, crop_marks
from cardgen.layout.shapes import HAIRLINE, Line, Typeface, text_width
from cardgen.manifest import MANIFEST
from cardgen.proof.pages import FILL, PageObjects, PathObject, TextObject
from cardgen.proof.svg import SvgDoc, SvgText
from cardgen.render import ps_name
from cardgen.render.bidi import drawn_form, is_rtl, visual
from cardgen.rules.shared import Violation
from cardgen.units import shown

PT = 72 / 25.4
PDF_LIMIT = 1_000_000_000
BOLD_FONT, REGULAR_FONT = ps_name("mono", True), ps_name("mono", False)  # the shipped fonts, as the PDF names them


def single_pdf(folder: Path) -> Path | Violation:
    """The folder's one PDF; with several, a violation naming the extra ones."""
    pdfs = sorted(p for p in folder.glob("*.pdf") if not p.name.startswith("."))
    if len(pdfs) == 1:
        return pdfs[0]
    if not pdfs:
        return Violation("files", f"no PDF in {folder.name}")
    # the folder is named after the pack, and may carry a suffix for its print options
    own = [p for p in pdfs if folder.name == p.stem or folder.name.startswith(p.stem + "-")]
    own.sort(key=lambda p: -len(p.stem))
    extra = [p.name for p in pdfs if p not in own[:1]]
    if own:
        return Violation("files", f"extra PDF in {folder.name}: {', '.join(extra)} (cardgen wrote only {own[0].name})")
    return Violation("files", f"wanted one PDF in {folder.name}, found {len(pdfs)}: {', '.join(p.name for p in pdfs)}")


@dataclass
class Slot:
    """The objects pdfium found in one component's place on a sheet (its bleed box)."""

    page: int  # 1-based
    index: int  # 0-based, row-major as ``SheetPlan.slot`` counts
    back: bool
    origin: tuple[float, float]  # cut-box top-left, mm from the paper's top-left
    texts: list[TextObject] = field(default_factory=list)
    paths: list[PathObject] = field(default_factory=list)


def sheet_slots(page: PageObjects, plan: SheetPlan, *, back: bool = False) -> tuple[list[Slot], list[TextObject]]:
    """Each slot of ``page`` with the objects whose box centre lies in its bleed box; and the
    texts that lie in no slot (the sheet's caption)."""
    slots = [Slot(page.number, i, back, plan.slot(i, back=back)) for i in range(plan.per_page)]
    px, py = plan.pitch
    x0, y0, _, _ = plan.block
    ph = plan.paper[1]
    w, h = plan.card
    b = plan.bleed

    def where(box: tuple[float, float, float, float]) -> Slot | None:
        x = (box[0] + box[2]) / 2 / PT
        y = ph - (box[1] + box[3]) / 2 / PT
        if back:  # backs are laid mirrored and moved by the back offset: undo both, count as on the fronts
            x, y = plan.front_point(x, y)
        col, row = math.floor((x - x0) / px), math.floor((y - y0) / py)
        if not (0 <= col < plan.cols and 0 <= row < plan.rows):
            return None
        sx, sy = x0 + col * px + b, y0 + row * py + b
        if sx - b <= x <= sx + w + b and sy - b <= y <= sy + h + b:
            return slots[row * plan.cols + col]
        return None

    loose: list[TextObject] = []
    for t in page.texts:
        s = where(t.box)
        if s is None:
            loose.append(t)
        else:
            s.texts.append(t)
    for p in page.paths:
        s = where(p.box)
        if s is not None:
            s.paths.append(p)
    return slots, loose


ROLE_NAMES = {
    "number": "large number",
    "index-number": "corner index number",
    "ability": "ability",
    "index-ability": "corner index ability",
}


def role_name(t: SvgText) -> str:
    name = ROLE_NAMES.get(t.role, t.role.replace("-", " ") or "text")
    return f"{name} (turned)" if t.turned else name if t.rotate == 0 else f"{name} (turned {t.rotate}°)"


@lru_cache(maxsize=256)  # (a sheet repeats a handful of colours)
def _rgb(hex_colour: str | None) -> tuple[int, int, int, int] | None:
    if not hex_colour:
        return None
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16), 255


def expected_origin(t: SvgText, slot: Slot, paper_height: float, theme: Typeface | None = None) -> tuple[float, float]:
    """Where the PDF must start ``t``'s baseline (points from the page's bottom-left); ``theme``:
    the font a text set in the theme's font has (its own widths)."""
    sx, sy = _shift(t.text, t.size, t.bold, t.family, t.anchor, t.rotate, theme if t.theme else None)
    return (slot.origin[0] + t.x - sx) * PT, (paper_height - slot.origin[1] - t.y + sy) * PT


@lru_cache(maxsize=1024)  # (a pack's labels and codes repeat card after card)
def _shift(
    text: str, size: float, bold: bool, family: str, anchor: str, rotate: int, theme: Typeface | None
) -> tuple[float, float]:
    """How far (mm) a text's baseline starts before its anchor: the width it is drawn at (whole,
    half or none), along its turn."""
    drawn = visual(text)  # as the PDF draws it: a right-to-left text reordered and its letters joined
    if theme is not None:
        width = theme.width(drawn, size, bold)
    else:
        width = text_width(drawn, size, bold=bold, family=family)  # type: ignore[arg-type]
    shift = {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    a = math.radians(rotate)
    return shift * math.cos(a), shift * math.sin(a)


def compare_slot(
    slot: Slot, doc: SvgDoc, paper_height: float, *, placed: bool = True
) -> tuple[list[str], dict[str, list[TextObject]]]:
    """What differs between a slot of the PDF and the component SVG meant to be there: every
    text of the SVG must be in the PDF at its place, with its words, font, size, colour and
    turn, and nothing else; the shapes must match in number and paint, rectangles in place.
    ``placed=False`` (a backs page, which the imposition may shift and extend): the texts are
    matched by their words wherever they are in the slot, and shapes are not compared.
    Returns the problems and the PDF texts found for each role."""
    problems: list[str] = []
    found: dict[str, list[TextObject]] = defaultdict(list)
    left = list(slot.texts)
    tol = 0.5 * PT  # half a millimetre
    for t in doc.texts:
        angle = (-t.rotate) % 360
        ex, ey = expected_origin(t, slot, paper_height, doc.theme)
        best: TextObject | None = None
        best_d = tol
        for p in left:
            turn = abs(p.angle - angle)
            if turn > 1 and 360 - turn > 1:
                continue
            if not placed:
                text = " ".join(p.text.split())
                if text == t.text or (t.role not in ROLE_NAMES and _lacks_glyphs(text, t.text)):
                    best = p
                    break
                continue
            d = math.hypot(p.x - ex, p.y - ey)
            if d <= best_d:
                best, best_d = p, d
        if best is None:
            problems.append(f"its {role_name(t)} {shown(t.text, 30)} is missing")
            continue
        del left[next(i for i, p in enumerate(left) if p is best)]  # by identity: no field-by-field ==
        found[t.role].append(best)
        got = " ".join(best.text.split())
        font = doc.theme.ps_names[t.bold] if t.theme and doc.theme else ps_name(t.family, t.bold)
        if (
            got != t.text
            and not (best.drawn and drawn_form(best.drawn) == drawn_form(visual(t.text)))  # right to left: as drawn
            and not (t.role not in ROLE_NAMES and _lacks_glyphs(got, t.text))
        ):
            problems.append(f"its {role_name(t)} reads {shown(got, 30)}, not {shown(t.text, 30)}")
        if best.font != font or not best.embedded:
            problems.append(
                f"its {role_name(t)} is set in {best.font or 'an unnamed font'}{'' if best.embedded else ' (not embedded)'}, not {font}"
            )
        if abs(best.size - t.size * PT) > 0.02 * t.size * PT + 0.05:
            problems.append(f"its {role_name(t)} is {best.size / PT:.2f}mm tall type, not {t.size:g}mm")
        if best.fill != _rgb(t.fill):
            problems.append(f"its {role_name(t)} is coloured {_hex(best.fill)}, not {t.fill}")
        if best.mode != FILL:
            problems.append(f"its {role_name(t)} is drawn in text mode {best.mode} (3 is invisible), not filled")
    for p in left:
        problems.append(f"it shows {shown(' '.join(p.text.split()), 30)}, which its SVG does not")
    if placed:
        problems += _compare_shapes(slot, doc, paper_height)
    return problems, found


def turned_doc(doc: SvgDoc, card: tuple[float, float]) -> SvgDoc:
    """``doc`` turned 180° about the middle of its ``card`` (the cut box), as a horizontal fold
    draws each back: every text's anchor and box moved, every text turned."""
    w, h = card

    def box(b: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        return w - b[2], h - b[3], w - b[0], h - b[1]

    return replace(
        doc,
        texts=[replace(t, x=w - t.x, y=h - t.y, rotate=(t.rotate + 180) % 360) for t in doc.texts],
        shapes=[replace(s, box=None if s.box is None else box(s.box)) for s in doc.shapes],
        images=[replace(i, box=box(i.box)) for i in doc.images],
    )


def _lacks_glyphs(got: str, want: str) -> bool:
    """True when ``got`` is ``want`` without some non-ASCII characters: what the PDF shows of a
    title with characters the shipped font has no glyph for (they print as empty boxes).

    >>> _lacks_glyphs("Zug ✓", "Zug 漢字 ✓"), _lacks_glyphs("Zug", "Zag")
    (True, False)
    >>> _lacks_glyphs("abc 123", "שלום 123 abc"), _lacks_glyphs("abc 124", "שלום 123 abc")
    (True, False)
    """
    if is_rtl(want) and not is_rtl(got):  # every right-to-left letter lacking: pdfium orders the rest its way
        kept = "".join(c for c in want if c.isascii())
        return sorted(got.split()) == sorted(kept.split())
    it = iter(want)
    dropped = []
    for ch in got:
        for w in it:
            if w == ch:
                break
            dropped.append(w)
        else:
            return False
    dropped += list(it)
    return all(not ch.isascii() or ch.isspace() for ch in dropped)


def _hex(c: tuple[int, int, int, int] | None) -> str:
    if c is None:
        return "nothing"
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}" + (f" at alpha {c[3]}" if c[3] != 255 else "")


def _compare_shapes(slot: Slot, doc: SvgDoc, paper_height: float) -> list[str]:
    problems: list[str] = []
    if len(slot.paths) != len(doc.shapes):
        problems.append(f"it holds {len(slot.paths)} shapes, not the {len(doc.shapes)} of its SVG")
    want = Counter(_rgb(s.fill) for s in doc.shapes)
    got = Counter(p.fill for p in slot.paths)
    for colour in sorted(set(want) | set(got), key=lambda c: (c is None, c or ())):
        if want[colour] != got[colour]:
            problems.append(f"it holds {got[colour]} shapes filled with {_hex(colour)}, not {want[colour]}")
    ox, oy = slot.origin
    boxes = [p.box for p in slot.paths]
    for s in doc.shapes:
        if s.box is None:
            continue
        x0, y0, x1, y1 = s.box
        left, right = (ox + x0) * PT, (ox + x1) * PT
        bottom, top = (paper_height - oy - y1) * PT, (paper_height - oy - y0) * PT
        tol = s.stroke_width * PT + 0.5
        if not any(
            abs(a - left) <= tol and abs(b - bottom) <= tol and abs(c - right) <= tol and abs(d - top) <= tol
            for a, b, c, d in boxes
        ):
            what = f"its {s.role.replace('-', ' ')} box" if s.role else "a rectangle of its SVG"
            problems.append(f"{what} ({x1 - x0:g}×{y1 - y0:g}mm) is not where its SVG has it")
    return problems


def has_pictures(data: dict[str, Any]) -> bool:
    """Whether a manifest's theme has pictures of its own (a logo or back from a file)."""
    theme = data.get("theme")
    return isinstance(theme, dict) and any("." in str(theme.get(k, "")) for k in ("logo", "back"))


def page_problems(
    pages: list[PageObjects], plan: SheetPlan, count: int, backs: bool, pictures: bool = False
) -> tuple[list[str], bool]:
    """The pages the PDF must have for ``count`` components: their number and size; and
    whether the paper is right (if not, no component can be where the plan puts it).
    ``pictures``: the theme has pictures of its own, so pages may hold images."""
    want = plan.pages(count) * (2 if backs and not plan.fold else 1)  # a fold-over sheet holds its backs
    out: list[str] = []
    if len(pages) != want:
        out.append(f"it has {len(pages)} pages, not the {want} that {count} cards on {plan.per_page} a sheet need")
    paper_ok = True
    for p in pages:
        if paper_ok and not paper_fits(p, plan):
            out.append(
                f"page {p.number} is {p.width / PT:.1f}×{p.height / PT:.1f}mm, "
                f"not the {plan.paper[0]:g}×{plan.paper[1]:g}mm {plan.orientation} sheet {MANIFEST} records"
            )
            paper_ok = False
        others = set(p.others) - ({"image"} if pictures else set())
        if others:
            out.append(f"page {p.number} holds {', '.join(sorted(others))} objects, which cardgen never draws")
    return out, paper_ok


def paper_fits(page: PageObjects, plan: SheetPlan) -> bool:
    """Whether ``page`` is the plan's paper, to a point."""
    return abs(page.width - plan.paper[0] * PT) <= 1 and abs(page.height - plan.paper[1] * PT) <= 1


def card_box_problem(page: PageObjects, plan: SheetPlan, doc: SvgDoc) -> str | None:
    """Whether the first card on ``page`` fills the box the plan gives it (card and bleed), when
    its SVG has a full-size rectangle (a background) to look for; if not, says what size the
    PDF's card boxes are."""
    if not any(s.box is not None and _same_box(s.box, _view_box(doc), 0.01) for s in doc.shapes):
        return None
    (ox, oy), b, (w, h), ph = plan.slot(0), plan.bleed, plan.card, plan.paper[1]
    want = ((ox - b) * PT, (ph - oy - h - b) * PT, (ox + w + b) * PT, (ph - oy + b) * PT)
    if any(_same_box(p.box, want, 0.5) for p in page.paths):
        return None
    bw, bh = w + 2 * b, h + 2 * b
    sizes = Counter(
        (round((p.box[2] - p.box[0]) / PT, 2), round((p.box[3] - p.box[1]) / PT, 2))
        for p in page.paths
        if p.fill is not None and (p.box[2] - p.box[0]) * (p.box[3] - p.box[1]) > 0.25 * bw * bh * PT * PT
    )
    seen = (
        f"; its card boxes are {sizes.most_common(1)[0][0][0]:g}×{sizes.most_common(1)[0][0][1]:g}mm" if sizes else ""
    )
    return (
        f"page {page.number} has no {bw:g}×{bh:g}mm card (bleed included) where {MANIFEST}'s sizes put "
        f"the first card{seen}, so its cards were not compared one by one"
    )


def _view_box(doc: SvgDoc) -> tuple[float, float, float, float]:
    x, y, w, h = doc.view
    return x, y, x + w, y + h


def _same_box(a: tuple[float, ...], b: tuple[float, ...], tol: float) -> bool:
    return all(abs(u - v) <= tol for u, v in zip(a, b))


BACK_TOLERANCE = 0.1  # mm: what rounding in the PDF leaves; a duplex offset worth setting is more


def backs_misplaced(page: PageObjects, plan: SheetPlan, count: int) -> str | None:
    """Why the first ``count`` backs on a backs page (or a fold-over sheet) are not where ``plan``
    puts them (mirrored and moved by its ``back_offset``, as ``pack.json`` records it; behind
    their fronts across the fold), or None. A back is found by its ground: a filled box the size
    of the component and its bleed."""
    b = plan.bleed
    w, h = plan.card[0] + 2 * b, plan.card[1] + 2 * b
    grounds = [
        (p.box[0] / PT, plan.paper[1] - p.box[3] / PT)  # left, top in mm from the paper's top-left
        for p in page.paths
        if p.fill is not None
        and abs((p.box[2] - p.box[0]) / PT - w) <= BACK_TOLERANCE
        and abs((p.box[3] - p.box[1]) / PT - h) <= BACK_TOLERANCE
    ]
    ox, oy = plan.back_offset
    for i in range(count):
        x, y = plan.slot(i, back=True)
        want = (x - b, y - b)
        if not grounds:
            return f"no back ({w:g}×{h:g}mm) where {MANIFEST} puts back {i + 1}"
        got = min(grounds, key=lambda g: abs(g[0] - want[0]) + abs(g[1] - want[1]))
        dx, dy = got[0] - want[0], want[1] - got[1]  # right, up: as --back-offset counts
        if max(abs(dx), abs(dy)) > BACK_TOLERANCE:
            way = " and ".join(
                f"{abs(d):.2f}".rstrip("0").rstrip(".") + f"mm {name[d > 0]}"
                for d, name in ((dx, ("left", "right")), (dy, ("down", "up")))
                if abs(d) > BACK_TOLERANCE
            )
            if plan.fold:  # one back moved: the others' places do not move with it
                return f"back {i + 1} is {way} of where {MANIFEST} puts it (behind its front, across the fold)"
            return f"the backs are {way} of where {MANIFEST} puts them (its back offset: {ox:g},{oy:g})"
    return None


MARK_TOLERANCE = 0.1  # mm: where a crop mark may be, and how long, for rounding in the PDF
MARK_INK = (0, 0, 0, 255)


def crop_mark_problems(page: PageObjects, plan: SheetPlan, count: int, *, fronts: bool = True) -> list[str]:
    """The crop marks of a sheet against the cuts of its ``count`` components: a fronts page (or
    a fold-over sheet) has exactly the marks ``impose.sheets.crop_marks`` puts at the ends of the
    cuts that exist, and a backs page none. A mark is a black 0.25 pt straight line outside every
    component's place (within a place, a line is the component's own drawing, compared with its
    SVG); any other there, or one missing, is named."""
    want = _marks(plan, count) if fronts else ()
    b = plan.bleed
    w, h = plan.card
    sides = ([False] if fronts else []) + ([True] if plan.fold or not fronts else [])
    places = [plan.slot(i, back=back) for back in sides for i in range(count)]
    ph = plan.paper[1]
    thin = 2 * HAIRLINE + MARK_TOLERANCE  # a hairline's box: its width each side of the line, as pdfium bounds it
    found: list[tuple[float, float, float, float]] = []  # x0, y0, x1, y1 in mm from the top-left
    for p in page.paths:
        if p.fill is not None or p.stroke != MARK_INK:
            continue
        x0, y0, x1, y1 = p.box[0] / PT, ph - p.box[3] / PT, p.box[2] / PT, ph - p.box[1] / PT
        if min(x1 - x0, y1 - y0) > thin:
            continue
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if any(x - b <= cx <= x + w + b and y - b <= cy <= y + h + b for x, y in places):
            continue
        found.append((x0, y0, x1, y1))
    missing: list[str] = []
    for m in want:
        box = (min(m.x1, m.x2), min(m.y1, m.y2), max(m.x1, m.x2), max(m.y1, m.y2))
        hit = next((f for f in found if _mark_at(f, box)), None)
        if hit is None:
            missing.append(f"the cut at {'x' if m.x1 == m.x2 else 'y'} {m.x1 if m.x1 == m.x2 else m.y1:.1f} mm ({box[0]:.1f}, {box[1]:.1f} mm)")  # fmt: skip
        else:
            found.remove(hit)
    out: list[str] = []
    if missing:
        more = f", and {len(missing) - 1} more" if len(missing) > 1 else ""
        out.append(f"no crop mark at the end of {missing[0]}{more}")
    if found:
        more = f", and {len(found) - 1} more" if len(found) > 1 else ""
        x0, y0, x1, y1 = found[0]
        out.append(f"a crop mark at ({(x0 + x1) / 2:.1f}, {(y0 + y1) / 2:.1f} mm) marks no cut{more}")
    return out


@lru_cache(maxsize=64)  # (every full sheet of a pack has the same marks)
def _marks(plan: SheetPlan, count: int) -> tuple[Line, ...]:
    return tuple(crop_marks(plan, count))


def _mark_at(found: tuple[float, float, float, float], line: tuple[float, float, float, float]) -> bool:
    """Whether a path's box is the box pdfium gives the hairline ``line`` (x0, y0, x1, y1, mm):
    the line grown by the hairline's width all round."""
    return all(abs(a - (c + d * HAIRLINE)) <= MARK_TOLERANCE for a, c, d in zip(found, line, (-1, -1, 1, 1)))
