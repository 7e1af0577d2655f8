"""Where a tiled drawing's pieces go: the cuts, then the pieces packed onto pages. Pure.

Nothing is ever scaled. A drawing larger than the paper is cut into a grid of
pieces (cut lines ``xs`` across it, ``ys`` down it), each piece no larger than
the printable area (``margin`` from every paper edge, less a strip at the foot
for the page caption). Beyond each cut the earlier piece (left, or above) has
half an ``overlap`` as its glue tab, and the later piece ``LEAD`` of blank paper
holding its halves of the alignment marks, trimmed away.

A mat (its spaces given as ``spans``) is cut only in the gaps between its
spaces, never through one: a space, its letters and its card slot are whole
on one page. A mat whose single space cannot fit the printable area (with the
mat's edge and a glue tab) is refused in one line, as a card too big for the
sheet is (``impose.sheets``); nothing is scaled to make it fit.

The pieces (of one drawing or of several ``copies``: a mat per player) are then
packed onto pages, several to a page where they fit: on shelves, first fit, in
the order of reading, ``GUTTER`` apart so that each can be cut out. Portrait and
landscape are both tried, with each count of pieces along each side from the
fewest that fit to ``SPLITS`` more (as even a count of spaces a piece as can be,
the fuller first; the widest piece as narrow as can be; each as full as can be
from the left), and the cheapest wins: a page costs 1 and a join to cut and glue
``JOIN_COST`` of a page, so a split with more joins wins only where it saves
paper at that rate (six census-7 mats on A4: twelve pages with six joins, not
eleven with eighteen). On a tie: fewer pieces, then portrait, then the even split.
So a census-7 mat of poker cards on A4 is 4 + 3 spaces on two landscape pages,
a census-2 mat fits twice on a portrait page, and the 3 × 3 mat is cut between
its rows, never through row B.

A plain drawing (no spans) is cut evenly into the fewest pieces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from cardgen.errors import CardgenError

CAPTION = 6.0  # strip at the foot of the printable area holding "page i of n"
MARK = 3.0  # registration mark: half the cross's arm span
LEAD = MARK + 0.5  # a later piece's paper before its cut: its halves of the marks
GUTTER = 5.0  # between two pieces sharing a page: room to cut each out
JOIN_COST = 0.25  # a join to cut and glue is worth a quarter of a sheet of paper
SPLITS = 3  # counts of pieces tried along a side: the fewest that fit, and this many more at most
EPS = 1e-6

Span = tuple[str, float, float] | tuple[str, float, float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Orientation = Literal["portrait", "landscape"]


@dataclass(frozen=True)
class Placed:
    """One piece on a page: piece (``row``, ``col``) of drawing ``copy``, its top-left corner
    (of ``TilePlan.piece``, the overlaps included) at (``x``, ``y``) mm on page ``page`` (from 0)."""

    copy: int
    row: int
    col: int
    page: int
    x: float
    y: float


@dataclass(frozen=True)
class TilePlan:
    """How ``copies`` of a ``width`` × ``height`` drawing are split and where each piece goes."""

    width: float
    height: float
    paper: tuple[float, float]  # as laid out
    orientation: Orientation
    margin: float
    overlap: float
    xs: tuple[float, ...]  # cut lines (middle of each overlap), along x
    ys: tuple[float, ...]
    placed: tuple[Placed, ...]
    copies: int = 1
    captioned: bool = True  # the pages keep a strip for their caption (a lone page may not need it)

    @property
    def cols(self) -> int:
        return len(self.xs) + 1

    @property
    def rows(self) -> int:
        return len(self.ys) + 1

    @property
    def pages(self) -> int:
        return 1 + max(p.page for p in self.placed)

    @property
    def pieces(self) -> int:
        return len(self.placed)

    @property
    def joins(self) -> int:
        """Joins to cut and glue, over every copy."""
        return self.copies * (self.rows * (self.cols - 1) + self.cols * (self.rows - 1))

    @property
    def usable(self) -> tuple[float, float]:
        """Room for the pieces: the printable area, less the caption strip."""
        w, h = self.paper[0] - 2 * self.margin, self.paper[1] - 2 * self.margin
        return (w, h - CAPTION) if self.captioned else (w, h)

    def on_page(self, page: int) -> list[Placed]:
        return [p for p in self.placed if p.page == page]

    def piece(self, row: int, col: int) -> Box:
        """The part of the drawing (x0, y0, x1, y1, from its top-left) a piece takes on its page:
        what it shows once assembled, its tabs and its lead before each cut."""
        xa, xb = self._range(self.xs, self.width, col)
        ya, yb = self._range(self.ys, self.height, row)
        return xa, ya, xb, yb

    def visible(self, row: int, col: int) -> Box:
        """The part of the drawing piece (row, col) shows once the pieces are assembled."""
        xc = (0.0, *self.xs, self.width)
        yc = (0.0, *self.ys, self.height)
        return xc[col], yc[row], xc[col + 1], yc[row + 1]

    def _range(self, cuts: tuple[float, ...], length: float, i: int) -> tuple[float, float]:
        a = 0.0 if i == 0 else cuts[i - 1] - LEAD
        b = length if i == len(cuts) else cuts[i] + self.overlap / 2
        return a, b


# --- cuts along one side -----------------------------------------------------------------


def _count(length: float, usable: float, tab: float) -> int:
    """Fewest pieces covering ``length``: the first loses a tab, the last a lead, the others both."""
    if length <= usable + EPS:
        return 1
    return max(2, math.ceil((length - tab - LEAD) / (usable - tab - LEAD) - EPS))


def _even_cuts(length: float, tab: float, n: int) -> tuple[float, ...]:
    """Cuts giving ``n`` pieces of equal width."""
    s = tab + LEAD
    w = (length + (n - 1) * s) / n
    return tuple((k + 1) * w - k * s - tab for k in range(n - 1))


def _gap_cuts(length: float, usable: float, tab: float, n: int, cands: tuple[float, ...]) -> tuple[float, ...] | None:
    """``n - 1`` cuts chosen among ``cands`` with every piece fitting, the widest piece as narrow as can be."""
    both = tab + LEAD

    @cache
    def best(i: int, left: int) -> float:
        """Widest piece from cut ``cands[i]`` to the end, with ``left`` cuts still to place after it."""
        if left == 0:
            return length - cands[i] + LEAD
        out = math.inf
        for j in range(i + 1, len(cands)):
            w = cands[j] - cands[i] + both
            if w > usable + EPS:
                break
            out = min(out, max(w, best(j, left - 1)))
        return out

    choice = [(max(c + tab, best(i, n - 2)), i) for i, c in enumerate(cands) if c + tab <= usable + EPS]
    if not choice:
        return None
    widest, i = min(choice)
    if widest > usable + EPS:
        return None
    cuts = [cands[i]]
    for left in range(n - 2, 0, -1):  # walk the optimum forward
        target = best(i, left)
        for j in range(i + 1, len(cands)):
            w = cands[j] - cands[i] + both
            if w <= usable + EPS and max(w, best(j, left - 1)) <= target + EPS:
                i = j
                break
        cuts.append(cands[i])
    return tuple(cuts)


def _full_cuts(length: float, usable: float, tab: float, cands: tuple[float, ...]) -> tuple[float, ...] | None:
    """Cuts among ``cands`` making each piece as full as it can be, from the left (4 + 4 + 1)."""
    cuts: list[float] = []
    start = 0.0  # where the current piece begins, its lead included
    while length - start > usable + EPS:
        fits = [c for c in cands if c > (cuts[-1] if cuts else 0.0) and c + tab - start <= usable + EPS]
        if not fits:
            return None
        cuts.append(fits[-1])
        start = fits[-1] - LEAD
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


def _counted_cuts(
    length: float, usable: float, tab: float, n: int, cands: tuple[float, ...]
) -> tuple[float, ...] | None:
    """The ``len(cands) + 1`` columns of spaces in ``n`` pieces of as even a count as can be, the
    fuller ones first (7 spaces: 4 + 3; 9: 3 + 3 + 3), if each piece fits."""
    q, r = divmod(len(cands) + 1, n)
    ends = [sum(q + (1 if i < r else 0) for i in range(k + 1)) for k in range(n - 1)]
    cuts = tuple(cands[e - 1] for e in ends)
    edges = [0.0, *cuts, length]
    widths = [edges[i + 1] - edges[i] + (LEAD if i else 0.0) + (tab if i < n - 1 else 0.0) for i in range(n)]
    return cuts if max(widths) <= usable + EPS else None


def splits(
    length: float, usable: float, tab: float, intervals: Sequence[tuple[float, float]] | None
) -> list[tuple[tuple[float, ...], int]]:
    """The ways worth trying to cut ``length`` into pieces no longer than ``usable``: (cuts, kind),
    kind 0 for as even a count of spaces a piece as can be, the fuller pieces first; 1 for the
    widest piece as narrow as can be; 2 for each piece as full as can be. Spaces (``intervals``)
    are never cut: none when a space cannot fit. Without spaces, the even cut into the fewest pieces."""
    if not intervals:
        return [(_even_cuts(length, tab, _count(length, usable, tab)), 0)]
    cands = tuple(sorted(g for g in _gaps(intervals) if LEAD < g < length - tab))
    found: list[tuple[tuple[float, ...], int]] = []
    least = None
    for n in range(1, len(cands) + 2):
        if least is not None and n > least + SPLITS:
            break
        ways: list[tuple[float, ...] | None]
        if n == 1:
            ways = [() if length <= usable + EPS else None]
        else:
            ways = [_counted_cuts(length, usable, tab, n, cands), _gap_cuts(length, usable, tab, n, cands)]
        for kind, cuts in enumerate(ways):
            if cuts is not None and all(cuts != f for f, _ in found):
                least = n if least is None else least
                found.append((cuts, kind))
    full = _full_cuts(length, usable, tab, cands)
    if full is not None and all(full != f for f, _ in found):
        found.append((full, 2))
    return found


# --- packing ------------------------------------------------------------------------------


def pack(sizes: Sequence[tuple[float, float]], room: tuple[float, float]) -> list[tuple[int, float, float]]:
    """Pages for pieces of the given sizes, in order: (page, x, y) from the room's top-left.
    Shelves, first fit: a piece goes on the first shelf with room beside its pieces (the last
    shelf of a page may grow taller), else on a new shelf under them, else on a new page. Each
    page's shelves are then centred down the room, each shelf's pieces across it."""
    uw, uh = room
    pages: list[list[list[float]]] = []  # a page: its shelves [top, height, width used]
    where: list[tuple[int, int, float]] = []  # (page, shelf, x from the shelf's left)
    for w, h in sizes:
        spot = None
        for p, shelves in enumerate(pages):
            for s, (top, height, used) in enumerate(shelves):
                last = s == len(shelves) - 1
                if used + GUTTER + w <= uw + EPS and (h <= height + EPS or (last and top + h <= uh + EPS)):
                    spot = (p, s, used + GUTTER)
                    break
            if spot is None and shelves[-1][0] + shelves[-1][1] + GUTTER + h <= uh + EPS:
                shelves.append([shelves[-1][0] + shelves[-1][1] + GUTTER, 0.0, -GUTTER])
                spot = (p, len(shelves) - 1, 0.0)
            if spot is not None:
                break
        if spot is None:
            pages.append([[0.0, 0.0, -GUTTER]])
            spot = (len(pages) - 1, 0, 0.0)
        shelf = pages[spot[0]][spot[1]]
        shelf[1] = max(shelf[1], h)
        shelf[2] = spot[2] + w
        where.append(spot)
    out = []
    for page, s, x in where:
        shelves = pages[page]
        top, _, used = shelves[s]
        block = shelves[-1][0] + shelves[-1][1]
        out.append((page, (uw - used) / 2 + x, (uh - block) / 2 + top))
    return out


def plan_tiles(
    width: float,
    height: float,
    paper: tuple[float, float] = (210.0, 297.0),
    *,
    margin: float = 5.0,
    overlap: float = 10.0,
    spans: Sequence[Span] | None = None,
    origin: tuple[float, float] = (0.0, 0.0),
    copies: int = 1,
) -> TilePlan:
    """The cheapest split of ``copies`` of a ``width`` × ``height`` drawing onto ``paper`` (its
    portrait size), and where each piece goes."""
    if overlap < 2 * MARK + 1:
        raise CardgenError(f"overlap {overlap:g}mm is too narrow for the alignment marks: at least {2 * MARK + 1:g}mm")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise CardgenError(f"copies {copies!r} is not a count: at least 1")
    ox, oy = origin
    xints = [(s[1] - ox, s[2] - ox) for s in spans or ()]
    yints = [(s[3] - oy, s[4] - oy) for s in spans or () if len(s) == 5]
    options: list[tuple[tuple[float, int, int, int], TilePlan]] = []
    for rank, name in enumerate(("portrait", "landscape")):
        pw, ph = paper if name == "portrait" else (paper[1], paper[0])
        uw, uh = pw - 2 * margin, ph - 2 * margin
        if min(uw, uh - CAPTION) <= 2 * overlap:
            raise CardgenError(
                f"{margin:g}mm margins leave too little of {paper[0]:g}×{paper[1]:g}mm paper to tile a mat onto"
            )
        orientation: Orientation = "portrait" if name == "portrait" else "landscape"
        if copies == 1 and width <= uw + EPS and uh - CAPTION + EPS < height <= uh + EPS:
            # one drawing that fits the page only without the caption's strip: whole, uncaptioned
            lone = Placed(0, 0, 0, 0, margin + (uw - width) / 2, margin + (uh - height) / 2)
            plan = TilePlan(width, height, (pw, ph), orientation, margin, overlap, (), (), (lone,), 1, False)
            options.append(((1.0, 1, rank, 0), plan))
            continue
        room = (uw, uh - CAPTION)
        for xs, xkind in splits(width, room[0], overlap / 2, xints if spans else None):
            for ys, ykind in splits(height, room[1], overlap / 2, yints if spans else None):
                shape = TilePlan(width, height, (pw, ph), orientation, margin, overlap, xs, ys, (), copies)
                order = [(c, r, k) for c in range(copies) for r in range(shape.rows) for k in range(shape.cols)]
                sizes = [_size(shape.piece(r, k)) for _, r, k in order]
                if any(w > room[0] + EPS or h > room[1] + EPS for w, h in sizes):
                    continue  # (a drawing without spans too tall or wide once cut evenly: never here)
                spots = pack(sizes, room)
                placed = tuple(
                    Placed(c, r, k, page, margin + x, margin + y) for (c, r, k), (page, x, y) in zip(order, spots)
                )
                plan = TilePlan(width, height, (pw, ph), orientation, margin, overlap, xs, ys, placed, copies)
                cost = plan.pages + JOIN_COST * plan.joins
                options.append(((cost, plan.pieces, rank, xkind + ykind), plan))
    if not options:
        raise CardgenError(_too_big(spans or (), paper, margin, overlap))
    return min(options, key=lambda o: o[0])[1]


def _size(box: Box) -> tuple[float, float]:
    return box[2] - box[0], box[3] - box[1]


def _too_big(spans: Sequence[Span], paper: tuple[float, float], margin: float, overlap: float) -> str:
    w = max(s[2] - s[1] for s in spans)
    h = max((s[4] - s[3] for s in spans if len(s) == 5), default=0.0)
    long_, short = max(paper) - 2 * margin, min(paper) - 2 * margin
    size = f"{w:g}×{h:g}mm" if h else f"{w:g}mm wide"
    return (
        f"a space of this mat ({size}, a card and its room) does not fit, with the mat's edge and a "
        f"{overlap / 2:g}mm glue tab, inside the {long_:g}×{short:g}mm printable area of "
        f"{paper[0]:g}×{paper[1]:g}mm paper with {margin:g}mm margins: choose larger paper, a smaller card "
        "or narrower margins"
    )
