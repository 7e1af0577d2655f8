"""Tiling: a drawing larger than the paper, split into overlapping pages at full size. Pure.

Nothing is ever scaled. The drawing is cut into a grid of pieces, each no
larger than the printable area (``margin`` from every paper edge, less a strip
at the bottom for the page caption); portrait and landscape are both tried and
the fewer pages win (on a tie: the split that cuts no space, then portrait).

Neighbouring pieces share an ``overlap`` strip of the drawing. Each join has a
cut line down the middle of that strip (``c``):

* the earlier page (left, or above) keeps its half beyond the cut as a grey
  hatched glue tab, "glue under page N";
* the later page (right, or below) has a dashed cut line at ``c``, the word
  "cut" at its ends outside the drawing (never on it); trim along it and lay
  that page over the tab;
* registration marks (a cross in a diamond) are centred on ``c`` at the same
  drawing coordinates on both pages, so after trimming half of each mark is on
  the top page and the other half shows beside it on the page below: the
  halves line up when the pieces are aligned.

For mats, pass the spaces as ``spans`` (``(name, x0, x1)`` or ``(name, x0, x1,
y0, y1)`` in drawing coordinates): the caption then names the spaces on each
page, and cuts are put in the gaps between spaces whenever that costs no page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.layout import metrics
from cardgen.layout.shapes import (
    DESCENT,
    HAIRLINE,
    Circle,
    Drawing,
    Family,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Text,
    cap_height,
    drawn_family,
    text_width,
)
from cardgen.layout.typescale import LABEL, NOTE, fit_step, fitting

CAPTION = 6.0  # strip at the foot of the printable area holding "page i of n"
CAPTION_SIZE = LABEL  # captions and the strips' labels: the type scale's 6 pt at least, in the sans family
SANS: Family = "sans"
MARK = 3.0  # registration mark: half the cross's arm span
HATCH = 2.0  # spacing of the glue tab's hatch lines
TAB_FILL = "#ececec"
HATCH_INK = "#b5b5b5"
MARK_INK = "#000000"
CUT_INK = "#444444"
EPS = 1e-6
LABEL_CAP = cap_height("sans")  # the labels and captions are set in the sans family
SANS_DESCENT = metrics.SANS_DESCENT

Span = tuple[str, float, float] | tuple[str, float, float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class TilePlan:
    """How a ``width`` × ``height`` drawing is split: cut positions from its top-left corner."""

    width: float
    height: float
    paper: tuple[float, float]  # as laid out
    orientation: Literal["portrait", "landscape"]
    margin: float
    overlap: float
    xs: tuple[float, ...]  # cut lines (middle of each overlap), along x
    ys: tuple[float, ...]
    keeps_spaces: bool  # no cut runs through a space

    @property
    def cols(self) -> int:
        return len(self.xs) + 1

    @property
    def rows(self) -> int:
        return len(self.ys) + 1

    @property
    def pages(self) -> int:
        return self.cols * self.rows

    @property
    def usable(self) -> tuple[float, float]:
        """Room for a piece: the printable area, less the caption strip when there are several pages."""
        w, h = self.paper[0] - 2 * self.margin, self.paper[1] - 2 * self.margin
        return (w, h - CAPTION) if self.pages > 1 else (w, h)

    def piece(self, row: int, col: int) -> Box:
        """The part of the drawing (x0, y0, x1, y1, from its top-left) printed on page (row, col)."""
        xa, xb = self._range(self.xs, self.width, col)
        ya, yb = self._range(self.ys, self.height, row)
        return xa, ya, xb, yb

    def visible(self, row: int, col: int) -> Box:
        """The part of the drawing page (row, col) shows once the pages are assembled."""
        xc = (0.0, *self.xs, self.width)
        yc = (0.0, *self.ys, self.height)
        return xc[col], yc[row], xc[col + 1], yc[row + 1]

    def _range(self, cuts: tuple[float, ...], length: float, i: int) -> tuple[float, float]:
        a = 0.0 if i == 0 else cuts[i - 1] - self.overlap / 2
        b = length if i == len(cuts) else cuts[i] + self.overlap / 2
        return a, b


# --- splitting ---------------------------------------------------------------------------


def _count(length: float, usable: float, overlap: float) -> int:
    """Fewest pieces covering ``length``: the outer pieces lose half an overlap, the inner ones a whole one."""
    if length <= usable + EPS:
        return 1
    return max(2, math.ceil((length - overlap) / (usable - overlap) - EPS))


def _even_cuts(length: float, overlap: float, n: int) -> tuple[float, ...]:
    """Cuts giving ``n`` pieces of equal width."""
    w = (length + (n - 1) * overlap) / n
    return tuple(k * (w - overlap) + w - overlap / 2 for k in range(n - 1))


def _gap_cuts(length: float, usable: float, overlap: float, n: int, gaps: Sequence[float]) -> tuple[float, ...] | None:
    """``n - 1`` cuts chosen among ``gaps`` with every piece fitting, the widest piece as narrow as can be."""
    cands = tuple(sorted(g for g in gaps if overlap / 2 < g < length - overlap / 2))
    half = overlap / 2

    @cache
    def best(i: int, left: int) -> float:
        """Widest piece from cut ``cands[i]`` to the end, with ``left`` cuts still to place after it."""
        if left == 0:
            return length - cands[i] + half
        out = math.inf
        for j in range(i + 1, len(cands)):
            w = cands[j] - cands[i] + overlap
            if w > usable + EPS:
                break
            out = min(out, max(w, best(j, left - 1)))
        return out

    choice: list[tuple[float, int]] = []
    for i, c in enumerate(cands):
        if c + half <= usable + EPS:
            choice.append((max(c + half, best(i, n - 2)), i))
    if not choice:
        return None
    widest, i = min(choice)
    if widest > usable + EPS:
        return None
    cuts = [cands[i]]
    for left in range(n - 2, 0, -1):  # walk the optimum forward
        target = best(i, left)
        for j in range(i + 1, len(cands)):
            w = cands[j] - cands[i] + overlap
            if w <= usable + EPS and max(w, best(j, left - 1)) <= target + EPS:
                i = j
                break
        cuts.append(cands[i])
    return tuple(cuts)


def _gaps(intervals: Sequence[tuple[float, float]]) -> list[float]:
    """Middles of the empty stretches between the given intervals."""
    merged: list[list[float]] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1] + EPS:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(merged[i][1] + merged[i + 1][0]) / 2 for i in range(len(merged) - 1)]


def _split(
    length: float, usable: float, overlap: float, intervals: Sequence[tuple[float, float]] | None
) -> tuple[tuple[float, ...], bool]:
    n = _count(length, usable, overlap)
    if n == 1:
        return (), True
    if intervals:
        cuts = _gap_cuts(length, usable, overlap, n, _gaps(intervals))
        if cuts is not None:
            return cuts, True
    return _even_cuts(length, overlap, n), not intervals


def plan_tiles(
    width: float,
    height: float,
    paper: tuple[float, float] = (210.0, 297.0),
    *,
    margin: float = 5.0,
    overlap: float = 10.0,
    spans: Sequence[Span] | None = None,
    origin: tuple[float, float] = (0.0, 0.0),
) -> TilePlan:
    """The split of a ``width`` × ``height`` drawing onto ``paper`` (portrait size) with the fewest pages."""
    if overlap < 2 * MARK + 1:
        raise CardgenError(f"overlap {overlap:g}mm is too narrow for the alignment marks: at least {2 * MARK + 1:g}mm")
    ox, oy = origin
    xints = [(s[1] - ox, s[2] - ox) for s in spans or ()]
    yints = [(s[3] - oy, s[4] - oy) for s in spans or () if len(s) == 5]
    options: list[tuple[tuple[int, bool, int], TilePlan]] = []
    for rank, name in enumerate(("portrait", "landscape")):
        pw, ph = paper if name == "portrait" else (paper[1], paper[0])
        uw, uh = pw - 2 * margin, ph - 2 * margin
        if min(uw, uh - CAPTION) <= 2 * overlap:
            raise CardgenError(
                f"{margin:g}mm margins leave too little of {paper[0]:g}×{paper[1]:g}mm paper to tile a mat onto"
            )
        if width <= uw + EPS and height <= uh + EPS:
            xs: tuple[float, ...] = ()
            ys: tuple[float, ...] = ()
            keeps = True
        else:
            xs, kx = _split(width, uw, overlap, xints)
            ys, ky = _split(height, uh - CAPTION, overlap, yints or None)
            keeps = kx and (ky or not ys)
        plan = TilePlan(width, height, (pw, ph), name, margin, overlap, xs, ys, keeps)  # type: ignore[arg-type]
        options.append(((plan.pages, not keeps, rank), plan))
    return min(options, key=lambda o: o[0])[1]


# --- geometry ----------------------------------------------------------------------------


def _descent(t: Text) -> float:
    if t.font is not None:
        return t.font.descent
    return SANS_DESCENT if drawn_family(t.text, t.family) == "sans" else DESCENT


def text_box(t: Text, *, descent: bool = True) -> Box:
    """Ink box of a text at any quarter turn, from its baseline down to the descent and up to cap height."""
    w = text_width(t.text, t.size, t.font, t.bold, t.family)
    u0 = {"start": 0.0, "middle": -w / 2, "end": -w}[t.anchor]
    v0, v1 = -cap_height(t.family, t.font, t.text) * t.size, (_descent(t) * t.size if descent else 0.0)
    a = math.radians(t.rotate)
    cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)
    pts = [(u * cos - v * sin, u * sin + v * cos) for u in (u0, u0 + w) for v in (v0, v1)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return t.x + min(xs), t.y + min(ys), t.x + max(xs), t.y + max(ys)


def ink_bounds(shape: Shape) -> Box | None:
    """Ink box of any shape (strokes included; a group's clip bounds it); None for an empty group."""
    if isinstance(shape, Rect):
        s = shape.stroke_width / 2 if shape.stroke else 0.0
        return shape.x - s, shape.y - s, shape.x + shape.w + s, shape.y + shape.h + s
    if isinstance(shape, Line):
        s = shape.stroke_width / 2
        return (
            min(shape.x1, shape.x2) - s,
            min(shape.y1, shape.y2) - s,
            max(shape.x1, shape.x2) + s,
            max(shape.y1, shape.y2) + s,
        )
    if isinstance(shape, Polygon):
        s = shape.stroke_width / 2 if shape.stroke else 0.0
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        return min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s
    if isinstance(shape, Circle):
        s = shape.r + (shape.stroke_width / 2 if shape.stroke else 0.0)
        return shape.cx - s, shape.cy - s, shape.cx + s, shape.cy + s
    if isinstance(shape, Path):
        s = shape.stroke_width / 2 if shape.stroke else 0.0
        xs, ys = [p[0] for p in shape.points()], [p[1] for p in shape.points()]
        return min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s
    if isinstance(shape, Text):
        return text_box(shape)
    if isinstance(shape, Image):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    boxes = [b for b in (ink_bounds(s) for s in shape.shapes) if b is not None]
    if shape.clip:
        x, y, w, h = shape.clip
        clipped = (_intersect(b, (x, y, x + w, y + h)) for b in boxes)
        boxes = [b for b in clipped if b is not None]
    if not boxes:
        return None
    box = min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)
    return box[0] + shape.dx, box[1] + shape.dy, box[2] + shape.dx, box[3] + shape.dy


def _intersect(a: Box, b: Box) -> Box | None:
    box = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return box if box[0] < box[2] and box[1] < box[3] else None


def _prune(shapes: tuple[Shape, ...], box: Box) -> tuple[Shape, ...]:
    """The shapes with ink inside ``box``; a page then carries only the text it shows."""
    kept: list[Shape] = []
    for s in shapes:
        if isinstance(s, Group):
            inner = _prune(s.shapes, (box[0] - s.dx, box[1] - s.dy, box[2] - s.dx, box[3] - s.dy))
            if inner:
                kept.append(Group(inner, s.dx, s.dy, s.clip, s.role))
            continue
        b = ink_bounds(s)
        if b is not None and _intersect(b, box) is not None:
            kept.append(s)
    return tuple(kept)


def _hatch(box: Box) -> list[Shape]:
    """45° hairlines filling ``box`` exactly (no clip needed)."""
    x0, y0, x1, y1 = box
    lines: list[Shape] = []
    step = HATCH * math.sqrt(2)
    t = x0 + y0 + step / 2
    while t < x1 + y1:
        xa, xb = max(x0, t - y1), min(x1, t - y0)
        if xb - xa > 0.05:
            lines.append(Line(xa, t - xa, xb, t - xb, stroke=HATCH_INK, stroke_width=HAIRLINE, role="glue-hatch"))
        t += step
    return lines


def _mark(x: float, y: float) -> list[Shape]:
    d = MARK * 0.6
    return [
        Line(x - MARK, y, x + MARK, y, stroke=MARK_INK, stroke_width=0.18, role="registration"),
        Line(x, y - MARK, x, y + MARK, stroke=MARK_INK, stroke_width=0.18, role="registration"),
        Polygon(
            ((x, y - d), (x + d, y), (x, y + d), (x - d, y)),
            fill=None,
            stroke=MARK_INK,
            stroke_width=0.15,
            role="registration",
        ),
    ]


def _mark_positions(lo: float, hi: float) -> list[float]:
    """Where along a join (from ``lo`` to ``hi``) its marks go: both ends and the middle if long."""
    if hi - lo < 2 * MARK:
        return [(lo + hi) / 2]
    if hi - lo < 60:
        return [lo, hi]
    return [lo, (lo + hi) / 2, hi]


def _strip_labels(
    text: str, strip: Box, vertical: bool, marks: list[float], *, ink: str, backing: str | None, role: str
) -> list[Shape]:
    """``text`` centred across a strip, repeated in the stretches between (and beyond) the marks."""
    x0, y0, x1, y1 = strip
    across = (x1 - x0) if vertical else (y1 - y0)
    room = (across - 1.2) / (LABEL_CAP + SANS_DESCENT)
    if room < LABEL:  # no label smaller than the scale's least step
        return []
    size = fitting(min(NOTE, room))
    length = text_width(text, size, family="sans")
    start, end = (y0, y1) if vertical else (x0, x1)
    stops = [start, *[m for m in marks], end]
    out: list[Shape] = []
    for a, b in zip(stops, stops[1:]):
        a2 = a + (MARK + 1.5 if a != start else across + 1.5)  # clear of the marks and of a crossing strip
        b2 = b - (MARK + 1.5 if b != end else across + 1.5)
        if b2 - a2 < length + 1:
            continue
        mid = (a2 + b2) / 2
        if vertical:  # turned 90°: glyph tops face +x, ink from x - descent to x + cap
            x = (x0 + x1) / 2 - (LABEL_CAP - SANS_DESCENT) * size / 2
            t = Text(x, mid, text, size, "middle", rotate=90, fill=ink, role=role, family="sans")
        else:
            y = (y0 + y1) / 2 + (LABEL_CAP - SANS_DESCENT) * size / 2
            t = Text(mid, y, text, size, "middle", fill=ink, role=role, family="sans")
        if backing:
            bx = text_box(t)
            out.append(
                Rect(bx[0] - 0.4, bx[1] - 0.4, bx[2] - bx[0] + 0.8, bx[3] - bx[1] + 0.8, fill=backing, role=role)
            )
        out.append(t)
    return out


def _cut_labels(
    c: float,
    vertical: bool,
    at: Callable[[float, float], tuple[float, float]],
    piece: Box,
    plan: TilePlan,
) -> list[Shape]:
    """ "cut" at both ends of a cut line, just outside the piece, in the page's printable room:
    never on the drawing, whose words it would sit on. None where the piece fills the page that
    way (the caption still says to trim on the dashed lines)."""
    xa, ya, xb, yb = piece
    pw, ph = plan.paper
    m = plan.margin
    low, high = m, (ph - m - CAPTION if vertical else pw - m)  # (a tiled page's caption: in the strip below)
    size = NOTE
    length = text_width("cut", size, family=SANS)
    out: list[Shape] = []
    if vertical:
        x, y0 = at(c, ya)
        _, y1 = at(c, yb)
        x -= (LABEL_CAP - SANS_DESCENT) * size / 2  # turned 90°: the ink centred on the line
        ends: tuple[tuple[float, Anchor], ...] = ((y0 - 1.0, "end"), (y1 + 1.0, "start"))
    else:
        x0, y = at(xa, c)
        x1, _ = at(xb, c)
        y += (LABEL_CAP - SANS_DESCENT) * size / 2
        ends = ((x0 - 1.0, "end"), (x1 + 1.0, "start"))
    for pos, anchor in ends:
        far = pos - length if anchor == "end" else pos + length
        if min(pos, far) < low + 0.5 or max(pos, far) > high - 0.5:
            continue  # no room outside the piece on this side
        if vertical:
            t = Text(x, pos, "cut", size, anchor, rotate=90, fill=CUT_INK, role="cut-label", family=SANS)
        else:
            t = Text(pos, y, "cut", size, anchor, fill=CUT_INK, role="cut-label", family=SANS)
        out.append(t)
    return out


# --- pages -------------------------------------------------------------------------------


def _fitted(text: str, width: float) -> str:
    """``text``, cut with "…" where it is wider than ``width`` at the caption's size."""
    if text_width(text, CAPTION_SIZE, family=SANS) <= width:
        return text
    while len(text) > 1 and text_width(text.rstrip(" ·,") + "…", CAPTION_SIZE, family=SANS) > width:
        text = text[:-1]
    return text.rstrip(" ·,") + "…"


def _runs(spans: Sequence[Span], on_page: list[bool]) -> str:
    """``A–C, F``: the spaces on a page, consecutive ones (in one row) as a range."""
    runs: list[list[str]] = []
    prev_row: float | None = None
    prev_in = False
    for s, inside in zip(spans, on_page):
        row = s[3] if len(s) == 5 else None
        if inside and prev_in and row == prev_row:
            runs[-1].append(s[0])
        elif inside:
            runs.append([s[0]])
        prev_in, prev_row = inside, row
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def spaces_on(plan: TilePlan, spans: Sequence[Span], row: int, col: int, origin: tuple[float, float] = (0, 0)) -> str:
    """The names of the spaces any part of which page (row, col) shows once assembled."""
    vx0, vy0, vx1, vy1 = plan.visible(row, col)
    ox, oy = origin
    inside = []
    for s in spans:
        ok = min(s[2] - ox, vx1) - max(s[1] - ox, vx0) > 0.5
        if len(s) == 5:
            ok = ok and min(s[4] - oy, vy1) - max(s[3] - oy, vy0) > 0.5
        inside.append(ok)
    return _runs(spans, inside)


def tile(
    drawing: Drawing,
    paper: tuple[float, float] = (210.0, 297.0),
    *,
    margin: float = 5.0,
    overlap: float = 10.0,
    label: str = "",
    spans: Sequence[Span] | None = None,
) -> list[Drawing]:
    """Pages of ``paper`` size (given portrait) that reassemble into ``drawing`` at full size."""
    ox, oy = drawing.origin
    plan = plan_tiles(
        drawing.width, drawing.height, paper, margin=margin, overlap=overlap, spans=spans, origin=(ox, oy)
    )
    pw, ph = plan.paper
    uw, uh = plan.usable
    full_h = ph - 2 * margin
    n = plan.pages
    pages: list[Drawing] = []
    for row in range(plan.rows):
        for col in range(plan.cols):
            number = row * plan.cols + col + 1
            xa, ya, xb, yb = plan.piece(row, col)
            room_h = uh
            if n == 1 and (yb - ya) <= full_h - CAPTION + EPS:
                room_h = full_h - CAPTION  # leave the caption its strip when the mat allows
            px, py = margin + (uw - (xb - xa)) / 2, margin + (room_h - (yb - ya)) / 2

            def at(
                x: float, y: float, px: float = px, py: float = py, xa: float = xa, ya: float = ya
            ) -> tuple[float, float]:
                return px + x - xa, py + y - ya

            clip = (ox + xa, oy + ya, xb - xa, yb - ya)
            content = _prune(drawing.shapes, (clip[0], clip[1], clip[0] + clip[2], clip[1] + clip[3]))
            shapes: list[Shape] = [Group(content, px - (ox + xa), py - (oy + ya), clip, role="piece")]
            tabs: list[Shape] = []
            cuts: list[Shape] = []
            marks: list[Shape] = []
            vx0, vy0, vx1, vy1 = plan.visible(row, col)
            # the marks of a join depend only on the join, so both of its pages compute the same
            ylo = vy0 + (overlap if row > 0 else 0) + MARK + 1
            yhi = vy1 - (overlap if row < plan.rows - 1 else 0) - MARK - 1
            xlo = vx0 + (overlap if col > 0 else 0) + MARK + 1
            xhi = vx1 - (overlap if col < plan.cols - 1 else 0) - MARK - 1
            vmarks = _mark_positions(ylo, yhi)  # along a vertical join in this row
            hmarks = _mark_positions(xlo, xhi)  # along a horizontal join in this column
            for side in ("right", "bottom", "left", "top"):
                if side == "right" and col < plan.cols - 1:
                    c, later, vertical = plan.xs[col], False, True
                elif side == "bottom" and row < plan.rows - 1:
                    c, later, vertical = plan.ys[row], False, False
                elif side == "left" and col > 0:
                    c, later, vertical = plan.xs[col - 1], True, True
                elif side == "top" and row > 0:
                    c, later, vertical = plan.ys[row - 1], True, False
                else:
                    continue
                along = vmarks if vertical else hmarks
                if vertical:
                    (x0, y0), (x1, y1) = at(c, ya), at(xb if not later else xa, yb)
                    tab = (x0, y0, x1, y1) if not later else (x1, y0, x0, y1)
                    page_marks = [at(c, m)[1] for m in along]
                    for m in along:
                        marks += _mark(*at(c, m))
                else:
                    (x0, y0), (x1, y1) = at(xa, c), at(xb, yb if not later else ya)
                    tab = (x0, y0, x1, y1) if not later else (x0, y1, x1, y0)
                    page_marks = [at(m, c)[0] for m in along]
                    for m in along:
                        marks += _mark(*at(m, c))
                if not later:  # this page's half beyond the cut goes under the next page
                    other = number + (1 if vertical else plan.cols)
                    tabs.append(Rect(tab[0], tab[1], tab[2] - tab[0], tab[3] - tab[1], fill=TAB_FILL, role="glue-tab"))
                    tabs += _hatch(tab)
                    tabs += _strip_labels(
                        f"glue under page {other}",
                        tab,
                        vertical,
                        page_marks,
                        ink="#555555",
                        backing=TAB_FILL,  # the hatching stops round the words, which read clear
                        role="glue-label",
                    )
                else:  # this page is trimmed at the cut and laid over the previous one
                    if vertical:
                        x, _ = at(c, 0)
                        cuts.append(
                            Line(x, tab[1], x, tab[3], stroke=CUT_INK, stroke_width=0.25, dash=(2.0, 1.2), role="cut")
                        )
                    else:
                        _, y = at(0, c)
                        cuts.append(
                            Line(tab[0], y, tab[2], y, stroke=CUT_INK, stroke_width=0.25, dash=(2.0, 1.2), role="cut")
                        )
                    cuts += _cut_labels(c, vertical, at, (xa, ya, xb, yb), plan)
            shapes += tabs + cuts + marks
            names = spaces_on(plan, spans, row, col, (ox, oy)) if spans else ""
            where = f" (row {row + 1}, column {col + 1})" if plan.rows > 1 and plan.cols > 1 else ""
            parts = [label, f"page {number} of {n}{where}"]
            if names:
                parts.append(f"spaces {names}")
            caption = " · ".join(p for p in parts if p)
            if n > 1:
                caption += " · trim on the dashed lines, glue over the grey tabs"
            below = ph - margin - (py + (yb - ya))
            if below >= CAPTION - EPS:
                size = fit_step(caption, CAPTION_SIZE, uw - 2)
                shapes.append(
                    Text(
                        pw / 2,
                        ph - margin - 1.6,
                        caption,
                        size,
                        "middle",
                        fill="#555555",
                        role="page-caption",
                        family="sans",
                    )
                )
            pages.append(
                Drawing(
                    pw,
                    ph,
                    tuple(shapes),
                    title=caption,
                    meta={
                        "page": str(number),
                        "pages": str(n),
                        "orientation": plan.orientation,
                        "row": str(row + 1),
                        "col": str(col + 1),
                        "spaces": names,
                    },
                )
            )
    return pages
