"""Imposition: cards onto sheets of paper, with crop marks, a label and duplex backs. Pure.

Home printing (no bleed, no gutter): cards touch and share cut lines. With bleed,
every card carries its own bleed box and the boxes touch; with a gutter, the
cuts of neighbouring cards are separate cuts. Every cut gets a crop mark at both
ends: a 0.25 pt hairline at least ``MIN_MARK`` long, ``MARK_GAP`` past the last card
along it, outside every card (bleed included) and inside the printable area
(``margin`` from each paper edge). Only the cuts that exist are marked, where they
end: a part-filled sheet's marks stand at the foot of its last row and of the columns
that row lacks (``cuts``). The plan keeps room for the marks and for the sheet's label
("pattern two, census 7 · sheet 3 of 10 · fronts", in the sans family at 6 pt); when
the paper leaves no room it takes the layout that does (landscape, or a row or column
fewer) and says why.

Duplex backs: after a long-edge flip of a portrait sheet (a short-edge flip of
a landscape one, i.e. a flip about the sheet's vertical axis as you look at it)
the back's columns come out reversed, so each back is laid at the mirrored
position ``x' = paper width - x - card width``. The back's background runs
``BACK_BLEED`` past the grid's outer cuts (and across gutters), so a printer's
duplex shift shows no white sliver; a measured shift is undone with
``back_offset`` (mm, x to the right and y up, as the backs page shows on screen).
Backs pages carry no crop marks: one cuts from the fronts, and marks on the back
would be off by the very shift being forgiven.

Fold-over sheets (``fold``), for one-sided printing: the fronts fill one half of the sheet and
their backs the other, mirrored across a dashed fold line at the middle of the paper, so that
folding the sheet on the line, printed side out, puts each back behind its front. Folding is a
turn of one half about the fold line: a point at ``x`` goes to ``2F - x``, which for the middle
``F = width / 2`` is the very place a duplex back takes. A finished card is turned over about
its long side (a portrait card about an upright line, a landscape tile about a level one). When
the fold line runs along that side (a portrait card across a vertical fold, fronts on the left;
a landscape tile across a horizontal one, fronts above), turning the card over undoes the fold
and the back is drawn as it is; across the other line the two turns add up to a half turn in the
page, so the back is drawn turned 180° (``SheetPlan.turns_backs``). The fronts are laid out as on any sheet, in their
half (``SheetPlan.frame``: up to ``FOLD_GAP`` short of the fold line), with crop marks on every
side of them, those on the fold side in the gutter; the backs carry no marks (one cuts the
folded sheet from the fronts) and run ``BACK_BLEED`` past their outer cuts, so a fold a little
off the line shows no white sliver. The plan takes the fold and orientation that fit most cards.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.layout.shapes import HAIRLINE, Drawing, Family, Group, Line, Rect, Shape, Text, text_width, turned
from cardgen.layout.typescale import LABEL

MARK_GAP = 1.0  # mm between the grid's ink (its bleed, if any) and a crop mark
MIN_MARK = 3.0  # shorter marks are hard to lay a ruler on
MARK_LENGTH = 5.0
EDGE = 0.05  # marks stop this far inside the printable area
BACK_BLEED = 2.0  # backs run this far past the outer cuts, bleed or not
# The sheet's label: the type scale's smallest step, in the sans family, never smaller.
LABEL_SIZE = LABEL  # 6 pt
LABEL_FAMILY: Family = "sans"
# Atkinson Hyperlegible's tallest letter (j, 0.715 em) over the baseline and its descent (0.29 em)
# under it, as PDF readers box each letter: a label fits where that box does.
LABEL_ASCENT, LABEL_DESCENT = 0.715, 0.29
LABEL_INK = (LABEL_ASCENT + LABEL_DESCENT) * LABEL_SIZE  # 2.13 mm: the height a label needs
LABEL_CLEAR = 0.6  # mm between the label and other ink
LABEL_LINE = 2.2  # mm: the line a label takes in a band of its own, 0.4 mm over the margin
LABEL_BAND = LABEL_LINE + 1.6  # a band of its own, under the bottom marks
LABEL_FILL = "#555555"
FOLD_GAP = 1.0  # mm between the fronts' marks (and label) and the fold line
FOLD_DASH = (3.0, 2.0)  # mm: the fold line's dashes and gaps
FOLD_WIDTH = 2 * HAIRLINE  # 0.5 pt: seen at once, and told apart from a crop mark
Fold = Literal["", "vertical", "horizontal"]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, y down


def _fit(avail: float, size: float, gutter: float, room: float) -> int:
    """How many ``size`` items with ``gutter`` between them fit in ``avail`` beside ``room`` on each side."""
    eps = 1e-6
    if avail - 2 * room < size - eps:
        return 0
    return int((avail - 2 * room + gutter + eps) // (size + gutter))


def mark_room(bleed: float) -> tuple[float, float]:
    """Least room (across, along) the sides of the grid's ink, for marks and an in-band label.

    Across (left and right): a gap and a mark. Along (top and bottom): also a
    label clear of the backs' extension past the cut.

    >>> [round(v, 2) for v in mark_room(0.0)], [round(v, 2) for v in mark_room(3.0)]
    ([4.05, 4.73], [4.05, 4.05])
    """
    marks = MARK_GAP + MIN_MARK + EDGE
    label = _label_clear(bleed) + LABEL_INK
    return marks, max(marks, label)


def _label_clear(bleed: float) -> float:
    """Room between the grid's ink and a label in a mark band: clear of the backs' extension."""
    return max(MARK_GAP, BACK_BLEED - bleed + LABEL_CLEAR)


@dataclass(frozen=True)
class SheetPlan:
    """Where cards go on a sheet; lengths in mm, positions are cut-box top-left corners."""

    paper: tuple[float, float]  # as laid out (landscape swaps the sides)
    orientation: Literal["portrait", "landscape"]
    card: tuple[float, float]
    cols: int
    rows: int
    margin: float
    bleed: float
    gutter: float
    note: str = field(default="", compare=False)  # why fewer cards than would fit, if so
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, x right and y up: moves the backs pages
    fold: Fold = ""  # a fold-over sheet: the fold line's direction ("vertical", "horizontal")

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        w, h = self.card
        return w + 2 * self.bleed + self.gutter, h + 2 * self.bleed + self.gutter

    @property
    def grid(self) -> tuple[float, float]:
        """Width and height of the whole grid's ink, bleed included."""
        px, py = self.pitch
        return self.cols * px - self.gutter, self.rows * py - self.gutter

    @property
    def frame(self) -> tuple[float, float]:
        """The paper the fronts are laid out on, its margins, marks and label included: the sheet;
        on a fold-over sheet, its fronts' half (left, or top), reaching ``FOLD_GAP`` short of the
        fold line plus a margin (the margin's room is then the gap to the fold line)."""
        pw, ph = self.paper
        if self.fold == "vertical":
            return pw / 2 - FOLD_GAP + self.margin, ph
        if self.fold == "horizontal":
            return pw, ph / 2 - FOLD_GAP + self.margin
        return self.paper

    @property
    def slack(self) -> float:
        """Height left over once the grid and its least mark room are placed."""
        return self.frame[1] - 2 * self.margin - self.grid[1] - 2 * mark_room(self.bleed)[1]

    @property
    def label_band(self) -> bool:
        """True when the label has a band of its own under the bottom marks."""
        return self.slack >= LABEL_BAND - 1e-9

    @cached_property  # (every slot's place starts from it: a big pack asks thousands of times)
    def block(self) -> Box:
        """The grid's ink box (x0, y0, x1, y1), bleed included: centred across; along, centred
        with the label's band below it when there is one."""
        bw, bh = self.grid
        x0 = (self.frame[0] - bw) / 2
        spare = self.slack - (LABEL_BAND if self.label_band else 0.0)
        y0 = self.margin + mark_room(self.bleed)[1] + spare / 2
        return x0, y0, x0 + bw, y0 + bh

    @property
    def marks(self) -> tuple[float, float]:
        """Lengths of the crop marks (left/right, top/bottom), at least ``MIN_MARK``."""
        x0, y0, _, _ = self.block
        across = x0 - self.margin - MARK_GAP - EDGE
        along = y0 - self.margin - MARK_GAP - EDGE
        return min(MARK_LENGTH, across), min(MARK_LENGTH, along)

    def slot(self, i: int, *, back: bool = False) -> tuple[float, float]:
        """Cut-box top-left of slot ``i`` (row-major); backs mirror the column (the row, across a
        horizontal fold) and move by ``back_offset``."""
        row, col = divmod(i, self.cols)
        px, py = self.pitch
        x0, y0, _, _ = self.block
        x = x0 + col * px + self.bleed
        y = y0 + row * py + self.bleed
        if back and self.fold == "horizontal":
            x, y = x + self.back_offset[0], self.paper[1] - y - self.card[1] - self.back_offset[1]
        elif back:
            x = self.paper[0] - x - self.card[0] + self.back_offset[0]
            y -= self.back_offset[1]
        return x, y

    def front_point(self, x: float, y: float) -> tuple[float, float]:
        """Where a point of a back's place (mm from the paper's top-left) lies in its front's:
        the mirroring of ``slot(back=True)`` undone."""
        ox, oy = self.back_offset
        if self.fold == "horizontal":
            return x - ox, self.paper[1] - y - oy
        return self.paper[0] - x + ox, y + oy

    @property
    def turns_backs(self) -> bool:
        """Whether each back is drawn turned 180°: when the fold line is across the component's
        long side (a portrait card across a horizontal fold, a landscape tile across a vertical
        one), so that the finished component, turned over about its long side, shows its back
        upright.

        >>> [plan_sheet(size, (210, 297), fold=f).turns_backs for size in ((63.5, 88.9), (50.8, 25.4))
        ...  for f in ("vertical", "horizontal")]
        [False, True, True, False]
        """
        landscape = self.card[0] > self.card[1]
        return bool(self.fold) and (self.fold == "horizontal") != landscape

    def pages(self, count: int) -> int:
        return max(1, math.ceil(count / self.per_page))

    def trim(self, count: int, *, back: bool = False) -> Box:
        """The cut area of the first ``count`` cards of a page: from the first cut to the last."""
        corners = [self.slot(i, back=back) for i in (0, min(count, self.cols) - 1, count - 1)]
        xs = [x for x, _ in corners] + [x + self.card[0] for x, _ in corners]
        ys = [y for _, y in corners] + [y + self.card[1] for _, y in corners]
        return min(xs), min(ys), max(xs), max(ys)


def plan_sheet(
    card: tuple[float, float],
    paper: tuple[float, float],
    *,
    margin: float = 5.0,
    bleed: float = 0.0,
    gutter: float = 0.0,
    orientation: Literal["auto", "portrait", "landscape"] = "auto",
    back_offset: tuple[float, float] = (0.0, 0.0),
    fold: Literal["", "auto", "vertical", "horizontal"] = "",
) -> SheetPlan:
    """The grid that fits most cards inside the printable area with room for crop marks and
    the sheet's label; portrait on a tie. ``note`` says so when the marks cost cards.
    ``fold``: a fold-over sheet, folded on that line (``"auto"``: the fold that fits most cards,
    a vertical one on a tie, since it leaves the backs upright).

    >>> [(p.fold, p.orientation, p.cols, p.rows) for p in (
    ...     plan_sheet((63.5, 88.9), (210, 297), fold="auto"), plan_sheet((63.5, 88.9), (215.9, 279.4), fold="auto"))]
    [('vertical', 'landscape', 2, 2), ('horizontal', 'landscape', 4, 1)]
    """
    w, h = card[0] + 2 * bleed, card[1] + 2 * bleed
    across, along = mark_room(bleed)
    options: list[SheetPlan] = []
    naive = 0  # what would fit with no room for marks, to say what the marks cost
    folds: tuple[Fold, ...] = ("vertical", "horizontal") if fold == "auto" else (fold,)
    for axis in folds:
        for name in ("portrait", "landscape"):
            if orientation not in ("auto", name):
                continue
            pw, ph = paper if name == "portrait" else (paper[1], paper[0])
            plan = SheetPlan((pw, ph), name, card, 0, 0, margin, bleed, gutter, "", back_offset, axis)
            fw, fh = plan.frame
            uw, uh = fw - 2 * margin, fh - 2 * margin
            cols, rows = _fit(uw, w, gutter, across), _fit(uh, h, gutter, along)
            options.append(replace(plan, cols=cols, rows=rows))
            naive = max(naive, _fit(uw, w, gutter, 0.0) * _fit(uh, h, gutter, 0.0))
    best = max(options, key=lambda p: p.per_page)  # max keeps the first (portrait) on a tie
    if best.per_page == 0:
        where = "half the printable area" if fold else "the printable area"
        raise CardgenError(
            f"a {card[0]:g}×{card[1]:g}mm card with {bleed:g}mm bleed does not fit inside {where} "
            f"of {paper[0]:g}×{paper[1]:g}mm paper with {margin:g}mm margins and room for crop marks"
            + (" and a fold" if fold else "")
        )
    if naive > best.per_page:
        best = replace(best, note=f"{naive} a sheet would leave no room for crop marks")
    return best


def cuts(plan: SheetPlan, count: int) -> tuple[dict[float, tuple[float, float]], dict[float, tuple[float, float]]]:
    """The cuts of the first ``count`` cards of a page, and where each ends: the vertical cuts as
    ``{x: (top, bottom)}`` and the horizontal ones as ``{y: (left, right)}``, each end the outer
    edge of the ink (bleed included) of the last card along that cut. Neighbours without bleed or
    gutter share a cut, which then runs along both. A part-filled sheet's cuts end where its
    cards do: a column missing from the last row is cut down to the row above it, and the last
    row's bottom cut runs only under its own cards.

    >>> plan = plan_sheet((63.5, 88.9), (210, 297))
    >>> down, across = cuts(plan, 4)
    >>> [round(x, 2) for x in down], [round(b - t, 2) for t, b in down.values()]
    ([9.75, 73.25, 136.75, 200.25], [177.8, 177.8, 88.9, 88.9])
    >>> [round(r - l, 2) for l, r in across.values()]
    [190.5, 190.5, 63.5]
    """
    w, h = plan.card
    b = plan.bleed
    down: dict[float, tuple[float, float]] = {}
    across: dict[float, tuple[float, float]] = {}
    for i in range(min(count, plan.per_page)):
        x, y = plan.slot(i)
        for cx in (x, x + w):
            k = round(cx, 6)  # a shared cut, however the sums round
            t, bt = down.get(k, (math.inf, -math.inf))
            down[k] = (min(t, y - b), max(bt, y + h + b))
        for cy in (y, y + h):
            k = round(cy, 6)
            left, right = across.get(k, (math.inf, -math.inf))
            across[k] = (min(left, x - b), max(right, x + w + b))
    return dict(sorted(down.items())), dict(sorted(across.items()))


def crop_marks(plan: SheetPlan, count: int) -> list[Line]:
    """Hairline marks at both ends of every cut of the ``count`` cards on a page (``cuts``), in
    line with it, ``MARK_GAP`` past the last card's ink: above and below for the vertical cuts,
    left and right for the horizontal ones. Only cuts that exist are marked, where they end: on
    a part-filled sheet the marks stand at the foot of the last row and of the columns it lacks,
    in the sheet's empty part, never at the foot of the empty grid. (Where a separate cut of the
    last row and one of a column it lacks meet, past the last card, their marks cross at the
    point both cuts pass through.)"""
    down, level = cuts(plan, count)
    across, along = plan.marks
    marks: list[Line] = []
    for end, sign in ((0, -1), (1, 1)):  # above, then below
        for x, ink in down.items():
            a = ink[end] + sign * MARK_GAP
            marks.append(Line(x, a, x, a + sign * along, stroke_width=HAIRLINE, role="crop"))
    for end, sign in ((0, -1), (1, 1)):  # left, then right
        for y, ink in level.items():
            a = ink[end] + sign * MARK_GAP
            marks.append(Line(a, y, a + sign * across, y, stroke_width=HAIRLINE, role="crop"))
    return marks


def _background(drawing: Drawing) -> str | None:
    """The fill of a drawing's ``background`` rectangle: what a back carries past its cut."""
    for s in drawing.shapes:
        if isinstance(s, Rect) and s.role == "background" and s.fill:
            return s.fill
    return None


def back_extension(plan: SheetPlan, count: int, fill: str) -> list[Shape]:
    """Strips of the back's background around the backs of ``count`` cards: past every outer
    cut to ``max(bleed, BACK_BLEED)``, and across the gutters between neighbours, so a duplex
    shift of up to that much shows no white sliver. Each strip lies outside every card's
    bleed box (its middle does too), so the cards' own places hold only the cards."""
    reach = max(plan.bleed, BACK_BLEED)
    meet = plan.bleed + plan.gutter / 2
    w, h = plan.card
    b = plan.bleed
    out: list[Shape] = []
    for i in range(count):
        row, col = divmod(i, plan.cols)
        near = {
            "left": col > 0,
            "right": col + 1 < plan.cols and i + 1 < count,
            "top": row > 0,
            "bottom": i + plan.cols < count,
        }
        e = {side: meet if n else reach for side, n in near.items()}
        x, y = plan.slot(i, back=True)
        if plan.fold == "horizontal":  # mirrored top to bottom: the front's upper neighbour is below
            left, right, top, bottom = e["left"], e["right"], e["bottom"], e["top"]
        else:  # mirrored: the front's left neighbour is on the back's right
            left, right, top, bottom = e["right"], e["left"], e["top"], e["bottom"]
        x0, x1, y0, y1 = x - left, x + w + right, y - top, y + h + bottom
        strips = [
            (x0, y0, x1, y - b) if top > b else None,
            (x0, y + h + b, x1, y1) if bottom > b else None,
            (x0, y0, x - b, y1) if left > b else None,
            (x + w + b, y0, x1, y1) if right > b else None,
        ]
        out += [Rect(a, c, r - a, d - c, fill=fill, role="back-bleed") for a, c, r, d in filter(None, strips)]
    return out


def _line(text: str, box: Box) -> Text | None:
    """``text`` centred in ``box`` at the label's size, or None when its letters do not fit."""
    x0, y0, x1, y1 = box
    if not text or y1 - y0 < LABEL_INK - 1e-9 or text_width(text, LABEL_SIZE, family=LABEL_FAMILY) > x1 - x0:
        return None
    # the letters' ink (ascent over the baseline, descent under it) centred in the box
    baseline = (y0 + y1) / 2 + (LABEL_ASCENT - LABEL_DESCENT) * LABEL_SIZE / 2
    return Text(
        (x0 + x1) / 2, baseline, text, LABEL_SIZE, "middle", fill=LABEL_FILL, role="sheet-label", family=LABEL_FAMILY
    )


def _shorten(text: str, box: Box) -> str:
    """``text`` cut with "…" to fit ``box`` at the label's size."""
    room = box[2] - box[0]
    keep = len(text)
    while keep > 1 and text_width(text[:keep].rstrip(" ·,") + "…", LABEL_SIZE, family=LABEL_FAMILY) > room:
        keep -= 1
    return text if text_width(text, LABEL_SIZE, family=LABEL_FAMILY) <= room else text[:keep].rstrip(" ·,") + "…"


def sheet_label(plan: SheetPlan, head: str, which: str, dy: float = 0.0) -> list[Text]:
    """The sheet's label, e.g. "pattern two, census 7" (``head``) "· sheet 3 of 10 · fronts"
    (``which``): in its own band under the bottom marks when the plan has one, else in the
    mark bands between the marks of the middle column (split over the top and bottom bands,
    then without the title, then shortened, only if it must be). ``dy``: how far down a backs
    page's backs are moved (its back offset): the label keeps clear of them."""
    text = " · ".join(p for p in (head, which) if p)
    pw, ph = plan.frame  # the paper, or a fold-over sheet's fronts' half
    m = plan.margin
    x0, y0, x1, y1 = plan.block
    y0, y1 = y0 + min(0.0, dy), y1 + max(0.0, dy)  # the ink's extent, the backs where they are
    if plan.label_band:
        band = (m + 1.0, ph - m - 0.4 - LABEL_LINE, pw - m - 1.0, ph - m - 0.4)
        if band[1] < y1 + BACK_BLEED - plan.bleed + LABEL_CLEAR:  # moved backs reach the band: over them
            band = (m + 1.0, m, pw - m - 1.0, y0 - _label_clear(plan.bleed))
        line = _line(text, band)
        if line is not None:
            return [line]
        return [t for t in [_line(_shorten(text, (m, 0, pw - m, 0)), (m, y1, pw - m, ph - m))] if t]
    # In the mark bands: between the two cuts of the middle column, clear of the backs' extension.
    sx = plan.slot(plan.cols // 2)[0]
    clear = _label_clear(plan.bleed)
    span = (sx + 2.0, sx + plan.card[0] - 2.0)
    below = (span[0], y1 + clear, span[1], ph - m)
    above = (span[0], m, span[1], y0 - clear)
    one = _line(text, below)
    if one is not None:
        return [one]
    lower = _line(which, below)
    # above: the whole head, else what the sheets hold without the title (every card shows
    # the title anyway), else the head cut short
    what = head.rsplit(" · ", 1)[-1]
    upper = _line(head, above) or _line(what, above) or _line(_shorten(what, above), above)
    return [t for t in (upper, lower) if t is not None]


def impose(
    faces: Sequence[Drawing],
    plan: SheetPlan,
    *,
    back: Drawing | Sequence[Drawing] | None = None,
    label: str = "",
    title: str = "",
) -> list[Drawing]:
    """Sheet pages for ``faces``, as ``sheets`` lays them out, all at once."""
    return list(sheets(faces, plan, back=back, label=label, title=title))


def sheets(
    faces: Sequence[Drawing],
    plan: SheetPlan,
    *,
    back: Drawing | Sequence[Drawing] | None = None,
    label: str = "",
    title: str = "",
) -> Iterator[Drawing]:
    """Sheet pages for ``faces``, a page at a time (a sheet's faces are asked for, by a slice, only
    when its pages are made: a big pack's drawings need never all be held at once); with
    ``back``, each front page is followed by its backs page.
    ``back`` is one drawing for every card, or one a card (packs whose backs differ: their
    marks), all with the same background.

    Every page is labelled ``title · what · sheet i of n`` (``· fronts``/``· backs`` with
    backs, ``· fold`` on a fold-over sheet, which holds the backs beside the fronts), where ``what`` is the faces' own ``meta["set"]`` ("pattern two, census 7") or
    else ``label``. Backs sit where ``plan.slot(i, back=True)`` says (mirrored, moved by the
    plan's ``back_offset``); what an offset pushes past the printable area is clipped.
    With bleed, each page names its TrimBox and BleedBox (``Drawing.boxes``).
    """
    total = plan.pages(len(faces))
    what = (faces[0].meta.get("set", "") if faces else "") or label
    head = " · ".join(p for p in (title, what) if p)
    backs = None if back is None else [back] * len(faces) if isinstance(back, Drawing) else list(back)
    fill = _background(backs[0]) if backs else None
    if plan.fold and backs is None:
        raise CardgenError("a fold-over sheet folds each back behind its front: these have no back")
    for p in range(total):
        chunk = faces[p * plan.per_page : (p + 1) * plan.per_page]
        if plan.fold and backs is not None:
            which = f"sheet {p + 1} of {total} · fold"
            yield fold_page(plan, chunk, backs[p * plan.per_page : (p + 1) * plan.per_page], head, which, fill)
            continue
        sides: list[tuple[str, Sequence[Drawing], bool]] = [("fronts", chunk, False)]
        if backs is not None:
            sides.append(("backs", backs[p * plan.per_page : (p + 1) * plan.per_page], True))
        for side, drawings, mirrored in sides:
            shapes: list[Shape] = []
            if mirrored and fill:
                shapes += back_extension(plan, len(drawings), fill)
            for i, d in enumerate(drawings):
                x, y = plan.slot(i, back=mirrored)
                shapes.append(Group(d.shapes, dx=x, dy=y, role="card"))
            if mirrored and plan.back_offset != (0.0, 0.0):
                m = plan.margin
                clip = (m, m, plan.paper[0] - 2 * m, plan.paper[1] - 2 * m)
                shapes = [Group(tuple(shapes), clip=clip, role="backs")]
            if not mirrored:
                shapes += crop_marks(plan, len(drawings))
            which = f"sheet {p + 1} of {total}" + (f" · {side}" if back is not None else "")
            shapes += sheet_label(plan, head, which, -plan.back_offset[1] if mirrored else 0.0)
            text = " · ".join(t for t in (head, which) if t)
            boxes = _boxes(plan, len(drawings), mirrored)
            yield Drawing(plan.paper[0], plan.paper[1], tuple(shapes), title=text, boxes=boxes)


def fold_page(
    plan: SheetPlan, fronts: Sequence[Drawing], backs: Sequence[Drawing], head: str, which: str, fill: str | None
) -> Drawing:
    """One fold-over sheet: the fronts with their crop marks, each back at its front's mirrored
    place (turned across a horizontal fold), the backs' ground past their outer cuts, the fold
    line and the label."""
    shapes: list[Shape] = []
    for i, d in enumerate(fronts):
        x, y = plan.slot(i)
        shapes.append(Group(d.shapes, dx=x, dy=y, role="card"))
    if fill:
        shapes += back_extension(plan, len(backs), fill)
    for i, d in enumerate(backs):
        x, y = plan.slot(i, back=True)
        try:
            drawn = tuple(turned(d.shapes, *plan.card)) if plan.turns_backs else d.shapes
        except TypeError:  # a picture is never turned
            raise CardgenError("a back with a picture cannot be turned for a horizontal fold") from None
        shapes.append(Group(drawn, dx=x, dy=y, role="card"))
    shapes += crop_marks(plan, len(fronts))
    shapes.append(fold_line(plan))
    shapes += sheet_label(plan, head, which)
    boxes = _boxes(plan, len(fronts), False)
    if boxes:  # both halves' cuts
        backs_boxes = _boxes(plan, len(backs), True)
        boxes = {k: _union(v, backs_boxes[k]) for k, v in boxes.items()}
    text = " · ".join(t for t in (head, which) if t)
    return Drawing(plan.paper[0], plan.paper[1], tuple(shapes), title=text, boxes=boxes)


def fold_line(plan: SheetPlan) -> Line:
    """The dashed fold line of a fold-over sheet, across the middle of the paper from margin to margin."""
    pw, ph = plan.paper
    m = plan.margin
    if plan.fold == "horizontal":
        return Line(m, ph / 2, pw - m, ph / 2, stroke_width=FOLD_WIDTH, role="fold", dash=FOLD_DASH)
    return Line(pw / 2, m, pw / 2, ph - m, stroke_width=FOLD_WIDTH, role="fold", dash=FOLD_DASH)


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _boxes(plan: SheetPlan, count: int, back: bool) -> dict[str, Box]:
    """TrimBox (the cards' cut area) and BleedBox (that plus the bleed), for print shops; only
    with bleed. Both stay inside the paper (the MediaBox), however far a back offset moves them."""
    if plan.bleed <= 0:
        return {}
    x0, y0, x1, y1 = plan.trim(count, back=back)
    b = plan.bleed
    pw, ph = plan.paper
    boxes = {"TrimBox": (x0, y0, x1, y1), "BleedBox": (x0 - b, y0 - b, x1 + b, y1 + b)}
    return {k: (max(0.0, a), max(0.0, c), min(pw, r), min(ph, d)) for k, (a, c, r, d) in boxes.items()}
