"""Imposition: cards onto sheets of paper, with crop marks and duplex backs. Pure.

Home printing (no bleed, no gutter): cards touch and share cut lines, so a
poker card grid of 3 × 3 fits both A4 and US Letter. With bleed, every card
carries its own bleed box and the boxes touch. Crop marks are hairlines in the
margin, outside every card, a little off the cut; all ink stays inside the
printable area (``margin`` from each paper edge).

Duplex backs: after a long-edge flip of a portrait sheet (a short-edge flip of
a landscape one, i.e. a flip about the sheet's vertical axis as you look at it)
the back's columns come out reversed, so each back is laid at the mirrored
position ``x' = paper width - x - card width``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.layout.shapes import HAIRLINE, Drawing, Group, Line, Shape, Text, fit_size

MARK_GAP = 2.0  # mm between a cut's end and its crop mark
MARK_LENGTH = 5.0
LABEL_SIZE = 2.4
MIN_MARK = 0.6  # shorter than this is not worth drawing


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

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        w, h = self.card
        return w + 2 * self.bleed + self.gutter, h + 2 * self.bleed + self.gutter

    @property
    def block(self) -> tuple[float, float, float, float]:
        """The grid's ink box (x0, y0, x1, y1), bleed included, centred on the paper."""
        px, py = self.pitch
        bw, bh = self.cols * px - self.gutter, self.rows * py - self.gutter
        x0, y0 = (self.paper[0] - bw) / 2, (self.paper[1] - bh) / 2
        return x0, y0, x0 + bw, y0 + bh

    def slot(self, i: int, *, back: bool = False) -> tuple[float, float]:
        """Cut-box top-left of slot ``i`` (row-major); backs mirror the column."""
        row, col = divmod(i, self.cols)
        px, py = self.pitch
        x0, y0, _, _ = self.block
        x = x0 + col * px + self.bleed
        y = y0 + row * py + self.bleed
        if back:
            x = self.paper[0] - x - self.card[0]
        return x, y

    def pages(self, count: int) -> int:
        return max(1, math.ceil(count / self.per_page))


def plan_sheet(
    card: tuple[float, float],
    paper: tuple[float, float],
    *,
    margin: float = 5.0,
    bleed: float = 0.0,
    gutter: float = 0.0,
    orientation: Literal["auto", "portrait", "landscape"] = "auto",
) -> SheetPlan:
    """The grid that fits most cards inside the printable area; portrait on a tie."""
    w, h = card
    options = []
    for name in ("portrait", "landscape"):
        if orientation not in ("auto", name):
            continue
        pw, ph = paper if name == "portrait" else (paper[1], paper[0])
        usable_w, usable_h = pw - 2 * margin, ph - 2 * margin
        eps = 1e-6
        cols = int((usable_w + gutter + eps) // (w + 2 * bleed + gutter)) if usable_w > 0 else 0
        rows = int((usable_h + gutter + eps) // (h + 2 * bleed + gutter)) if usable_h > 0 else 0
        options.append(SheetPlan((pw, ph), name, card, cols, rows, margin, bleed, gutter))
    best = max(options, key=lambda p: p.per_page)  # max keeps the first (portrait) on a tie
    if best.per_page == 0:
        raise CardgenError(
            f"a {w:g}×{h:g}mm card with {bleed:g}mm bleed does not fit inside the printable area "
            f"of {paper[0]:g}×{paper[1]:g}mm paper with {margin:g}mm margins"
        )
    return best


def crop_marks(plan: SheetPlan, count: int) -> list[Line]:
    """Hairline marks in the margin, in line with every cut of the ``count`` cards on a page."""
    cols_used = min(count, plan.cols)
    rows_used = math.ceil(count / plan.cols)
    px, py = plan.pitch
    x0, y0, _, _ = plan.block
    w, h = plan.card
    xs = sorted({x0 + c * px + plan.bleed + d for c in range(cols_used) for d in (0.0, w)})
    ys = sorted({y0 + r * py + plan.bleed + d for r in range(rows_used) for d in (0.0, h)})
    top, bottom = y0, y0 + rows_used * py - plan.gutter
    left, right = x0, x0 + cols_used * px - plan.gutter
    pw, ph = plan.paper
    m = plan.margin
    marks: list[Line] = []
    # (room outside the grid on one side, direction, cut positions, where the grid edge is)
    for room, sign, cuts, edge, vertical in (
        (top - m, -1, xs, top, True),
        (ph - m - bottom, 1, xs, bottom, True),
        (left - m, -1, ys, left, False),
        (pw - m - right, 1, ys, right, False),
    ):
        gap = min(MARK_GAP, room * 0.35)
        length = min(MARK_LENGTH, room - gap - 0.05)
        if length < MIN_MARK:
            continue
        a, b = edge + sign * gap, edge + sign * (gap + length)
        for c in cuts:
            ends = (c, a, c, b) if vertical else (a, c, b, c)
            marks.append(Line(*ends, stroke_width=HAIRLINE, role="crop"))
    return marks


def impose(
    faces: list[Drawing],
    plan: SheetPlan,
    *,
    back: Drawing | None = None,
    label: str = "",
) -> list[Drawing]:
    """Sheet pages for ``faces``; with ``back``, each front page is followed by its backs page."""
    pages: list[Drawing] = []
    total = plan.pages(len(faces))
    for p in range(total):
        chunk = faces[p * plan.per_page : (p + 1) * plan.per_page]
        sides: list[tuple[str, list[Drawing], bool]] = [("fronts", chunk, False)]
        if back is not None:
            sides.append(("backs", [back] * len(chunk), True))
        for side, drawings, mirrored in sides:
            shapes: list[Shape] = []
            for i, d in enumerate(drawings):
                x, y = plan.slot(i, back=mirrored)
                shapes.append(Group(d.shapes, dx=x, dy=y, role="card"))
            shapes += (
                crop_marks(plan, len(drawings)) if not mirrored else _mirror(crop_marks(plan, len(drawings)), plan)
            )
            text = f"{label} · sheet {p + 1} of {total}" + (f" · {side}" if back is not None else "")
            shapes += _label(plan, len(drawings), text.strip(" ·"))
            pages.append(Drawing(plan.paper[0], plan.paper[1], tuple(shapes), title=text))
    return pages


def _mirror(lines: list[Line], plan: SheetPlan) -> list[Line]:
    pw = plan.paper[0]
    return [Line(pw - ln.x1, ln.y1, pw - ln.x2, ln.y2, ln.stroke, ln.stroke_width, ln.role) for ln in lines]


def _label(plan: SheetPlan, count: int, text: str) -> list[Shape]:
    """A small caption under the grid, if the margin has room for it beside the marks."""
    rows_used = math.ceil(count / plan.cols)
    _, y0, _, _ = plan.block
    bottom = y0 + rows_used * plan.pitch[1] - plan.gutter
    baseline = plan.paper[1] - plan.margin - 0.6
    room = baseline - bottom - MARK_GAP - MARK_LENGTH
    if room < LABEL_SIZE or not text:
        return []
    size = fit_size(text, LABEL_SIZE, plan.paper[0] - 2 * plan.margin - 2)
    return [Text(plan.paper[0] / 2, baseline, text, size, "middle", fill="#555555", role="sheet-label")]
