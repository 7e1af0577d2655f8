"""Tiling: drawings larger than the paper, split into overlapping pieces at full size and
put onto pages, several to a page where they fit. Pure.

``tileplan`` decides the cuts and where each piece goes (a mat is cut only between its
spaces); this module draws the pages. Each join has a cut line ``c`` down the middle of
the ``overlap`` strip the two pieces share:

* the earlier piece (left, or above) has its half beyond the cut as a grey hatched glue
  tab, "glue under E–G, page 2" (the spaces of the piece that goes over it; "glue under
  page 2" for a drawing without spaces), the drawing never printed under it;
* the later piece (right, or below) ends at ``c`` with a dashed cut line, the word "cut"
  at its ends outside the drawing (never on it, nor on another piece): trim along it and
  lay that piece over the tab;
* registration marks (a cross in a diamond) are centred on ``c`` at the same drawing
  coordinates on both pieces, so after trimming half of each mark is on the top piece and
  the other half shows beside it on the piece below: the halves line up when the pieces
  are aligned.

Each page's caption says "page i of n" and, for mats, the spaces of each piece on it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.impose.tileplan import CAPTION, MARK, Box, Placed, Span, TilePlan, plan_tiles
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

__all__ = ["TilePlan", "plan_tiles", "spaces_on", "tile", "tile_copies"]

CAPTION_SIZE = LABEL  # captions and the strips' labels: the type scale's 6 pt at least, in the sans family
SANS: Family = "sans"
HATCH = 2.0  # spacing of the glue tab's hatch lines
TAB_FILL = "#ececec"
HATCH_INK = "#b5b5b5"
MARK_INK = "#000000"
CUT_INK = "#444444"
LABEL_CAP = cap_height("sans")  # the labels and captions are set in the sans family
SANS_DESCENT = metrics.SANS_DESCENT

Anchor = Literal["start", "middle", "end"]


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
    others: Sequence[Box] = (),
) -> list[Shape]:
    """ "cut" at both ends of a cut line, just outside the piece, in the page's printable room:
    never on the drawing, whose words it would sit on, nor on another piece of the page. None
    where there is no such room (the caption still says to trim on the dashed lines)."""
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
        box = text_box(t)
        if any(_intersect((box[0] - 0.5, box[1] - 0.5, box[2] + 0.5, box[3] + 0.5), o) for o in others):
            continue  # another piece of the page is there
        out.append(t)
    return out


# --- pages -------------------------------------------------------------------------------


def _runs(spans: Sequence[Span], on_page: list[bool]) -> str:
    """``A–C, F``: the spaces on a piece, consecutive ones (in one row) as a range."""
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
    """The names of the spaces any part of which piece (row, col) shows once assembled."""
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
    copies: int = 1,
) -> list[Drawing]:
    """Pages of ``paper`` size (given portrait) that reassemble into ``copies`` of ``drawing`` at full size."""
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise CardgenError(f"copies {copies!r} is not a count: at least 1")
    return tile_copies([drawing] * copies, paper, margin=margin, overlap=overlap, label=label, spans=spans)


def tile_copies(
    drawings: Sequence[Drawing],
    paper: tuple[float, float] = (210.0, 297.0),
    *,
    margin: float = 5.0,
    overlap: float = 10.0,
    label: str = "",
    spans: Sequence[Span] | None = None,
    names: Sequence[str] = (),
    numbering: tuple[int, int] | None = None,
    plan: TilePlan | None = None,
) -> list[Drawing]:
    """Pages of ``paper`` size that reassemble into each of ``drawings`` (all of one size and
    one set of spaces, e.g. a mat per player), their pieces packed together. ``names`` (one a
    drawing) tell the pieces apart in the captions; by default "mat 1", "mat 2" … when there
    are several. ``numbering`` (first, total): the pages are numbered from ``first`` of
    ``total`` (in the captions and on the tabs), for a document they are part of. ``plan``:
    ``plan_tiles``'s for these drawings, if already made."""
    if not drawings:
        raise CardgenError("nothing to tile: no drawings")
    first = drawings[0]
    if any((d.width, d.height, d.origin) != (first.width, first.height, first.origin) for d in drawings):
        raise CardgenError("drawings tiled together must all be one size")
    if names and len(names) != len(drawings):
        raise CardgenError(f"{len(names)} names for {len(drawings)} drawings: give one name a drawing")
    plan = plan or plan_tiles(
        first.width,
        first.height,
        paper,
        margin=margin,
        overlap=overlap,
        spans=spans,
        origin=first.origin,
        copies=len(drawings),
    )
    if plan.copies != len(drawings) or (plan.width, plan.height) != (first.width, first.height):
        raise CardgenError("the plan given is not these drawings'")
    tags = list(names) or ([f"mat {i + 1}" for i in range(len(drawings))] if len(drawings) > 1 else [""])
    pw, ph = plan.paper
    uw = pw - 2 * plan.margin
    first_number, n = numbering or (1, plan.pages)
    if not 1 <= first_number <= n - plan.pages + 1:
        raise CardgenError(f"pages {first_number} to {first_number + plan.pages - 1} cannot be numbered of {n}")
    number = {(p.copy, p.row, p.col): p.page + first_number for p in plan.placed}
    pages: list[Drawing] = []
    for page in range(plan.pages):
        here = plan.on_page(page)
        boxes = [_page_box(plan, p) for p in here]
        shapes: list[Shape] = []
        said: list[str] = []
        for i, p in enumerate(here):
            others = boxes[:i] + boxes[i + 1 :]
            shapes += _piece(plan, drawings[p.copy], p, number, spans, others)
            if spans:
                names_here = spaces_on(plan, spans, p.row, p.col, first.origin)
                said.append(f"{names_here} ({tags[p.copy]})" if tags[p.copy] else names_here)
        one = here[0]
        where = (
            f" (row {one.row + 1}, column {one.col + 1})" if len(here) == 1 and plan.rows > 1 and plan.cols > 1 else ""
        )
        parts = [label, f"page {page + first_number} of {n}{where}"]
        if said:
            parts.append("spaces " + ", ".join(said))
        caption = " · ".join(p for p in parts if p)
        if plan.joins:
            caption += " · trim on the dashed lines, glue over the grey tabs"
        elif len(here) > 1:
            caption += " · cut the pieces apart on their edges"
        if plan.captioned:
            size = fit_step(caption, CAPTION_SIZE, uw - 2)
            shapes.append(
                Text(
                    pw / 2,
                    ph - plan.margin - 1.6,
                    caption,
                    size,
                    "middle",
                    fill="#555555",
                    role="page-caption",
                    family=SANS,
                )
            )
        meta = {
            "page": str(page + first_number),
            "pages": str(n),
            "orientation": plan.orientation,
            "spaces": "; ".join(said),
        }
        pages.append(Drawing(pw, ph, tuple(shapes), title=caption, meta=meta))
    return pages


def _page_box(plan: TilePlan, p: Placed) -> Box:
    xa, ya, xb, yb = plan.piece(p.row, p.col)
    return p.x, p.y, p.x + xb - xa, p.y + yb - ya


def _piece(
    plan: TilePlan,
    drawing: Drawing,
    p: Placed,
    number: dict[tuple[int, int, int], int],
    spans: Sequence[Span] | None,
    others: Sequence[Box],
) -> list[Shape]:
    """One piece on its page: the drawing as much as it shows once assembled, its glue tabs,
    cut lines and alignment marks."""
    ox, oy = drawing.origin
    row, col = p.row, p.col
    overlap = plan.overlap
    xa, ya, xb, yb = plan.piece(row, col)
    vx0, vy0, vx1, vy1 = plan.visible(row, col)

    def at(x: float, y: float) -> tuple[float, float]:
        return p.x + x - xa, p.y + y - ya

    # the drawing only as far as the cuts: nothing of it under a tab, nor beyond a cut line
    clip = (ox + vx0, oy + vy0, vx1 - vx0, vy1 - vy0)
    content = _prune(drawing.shapes, (clip[0], clip[1], clip[0] + clip[2], clip[1] + clip[3]))
    shapes: list[Shape] = [Group(content, p.x - (ox + xa), p.y - (oy + ya), clip, role="piece")]
    tabs: list[Shape] = []
    cuts: list[Shape] = []
    marks: list[Shape] = []
    # the marks of a join depend only on the join, so both of its pieces compute the same
    ylo = vy0 + (overlap if row > 0 else 0) + MARK + 1
    yhi = vy1 - (overlap if row < plan.rows - 1 else 0) - MARK - 1
    xlo = vx0 + (overlap if col > 0 else 0) + MARK + 1
    xhi = vx1 - (overlap if col < plan.cols - 1 else 0) - MARK - 1
    vmarks = _mark_positions(ylo, yhi)  # along a vertical join in this row
    hmarks = _mark_positions(xlo, xhi)  # along a horizontal join in this column
    for side in ("right", "bottom", "left", "top"):
        if side == "right" and col < plan.cols - 1:
            c, later, vertical, nxt = plan.xs[col], False, True, (row, col + 1)
        elif side == "bottom" and row < plan.rows - 1:
            c, later, vertical, nxt = plan.ys[row], False, False, (row + 1, col)
        elif side == "left" and col > 0:
            c, later, vertical, nxt = plan.xs[col - 1], True, True, (row, col)
        elif side == "top" and row > 0:
            c, later, vertical, nxt = plan.ys[row - 1], True, False, (row, col)
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
        if not later:  # this piece's half beyond the cut goes under the next piece
            other = number[(p.copy, *nxt)]
            what = spaces_on(plan, spans, *nxt, drawing.origin) if spans else ""
            words = f"glue under {what}, page {other}" if what else f"glue under page {other}"
            tabs.append(Rect(tab[0], tab[1], tab[2] - tab[0], tab[3] - tab[1], fill=TAB_FILL, role="glue-tab"))
            tabs += _hatch(tab)
            tabs += _strip_labels(
                words,
                tab,
                vertical,
                page_marks,
                ink="#555555",
                backing=TAB_FILL,  # the hatching stops round the words, which read clear
                role="glue-label",
            )
        else:  # this piece is trimmed at the cut and laid over the previous one
            if vertical:
                x, _ = at(c, 0)
                cuts.append(Line(x, tab[1], x, tab[3], stroke=CUT_INK, stroke_width=0.25, dash=(2.0, 1.2), role="cut"))
            else:
                _, y = at(0, c)
                cuts.append(Line(tab[0], y, tab[2], y, stroke=CUT_INK, stroke_width=0.25, dash=(2.0, 1.2), role="cut"))
            cuts += _cut_labels(c, vertical, at, (xa, ya, xb, yb), plan, others)
    return shapes + tabs + cuts + marks
