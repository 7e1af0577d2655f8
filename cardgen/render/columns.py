"""Two balanced columns for the handout PDF (``render.document``): a platypus flowable.

ReportLab's own ``BalancedColumns`` neither keeps a heading with what follows it nor
splits a kept group sensibly, so this one works on *units*: each a run of flowables that
must stay together in one column (a heading and its first paragraph, a line ending in a
colon and its table, a figure and its caption). Units fill the left column, then the
right, so that both end as level as the units allow; when they do not fit on what is left
of the page, the columns fill it and the rest goes on, in two columns again, on the next
page. Only a unit taller than a whole column is ever split (between its flowables, or by
the flowable's own split: a table's rows, a note's items).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.platypus import Flowable

BIG = 1e6  # points: "as tall as it likes", to measure a flowable


def units_of(flowables: Sequence[Flowable]) -> list[list[Flowable]]:
    """Each run of keep-with-next flowables joined with the flowable after it."""
    out: list[list[Flowable]] = []
    run: list[Flowable] = []
    for f in flowables:
        run.append(f)
        if not f.getKeepWithNext():
            out.append(run)
            run = []
    if run:
        out.append(run)
    return out


def _height(f: Flowable, width: float, first: bool) -> float:
    """A flowable's height in a column ``width`` wide, with the space after it and, unless it
    starts the column, the space before it."""
    _, h = f.wrap(width, BIG)
    return float(h + f.getSpaceAfter() + (0 if first else f.getSpaceBefore()))


def column_height(flowables: Sequence[Flowable], width: float) -> float:
    return sum(_height(f, width, i == 0) for i, f in enumerate(flowables))


class TwoColumns(Flowable):  # type: ignore[misc]
    """``units`` set in two columns ``gap`` points apart, a hairline ``rule`` between them."""

    def __init__(
        self,
        units: list[list[Flowable]],
        gap: float,
        rule: colors.Color,
        space_after: float = 4,
        fixed: tuple[list[Flowable], list[Flowable]] | None = None,
    ) -> None:
        super().__init__()
        self.units = units
        self.gap = gap
        self.rule = rule
        self.spaceAfter = space_after
        self.fixed = fixed  # the columns already chosen (by ``split``): not balanced again
        self._placed: tuple[list[Flowable], list[Flowable]] = fixed or ([], [])

    def _full(self, avail_height: float) -> float:
        """A whole column's height: the frame's (ReportLab sets ``_frame`` before it splits us)."""
        frame = getattr(self, "_frame", None)
        if frame is None:
            return avail_height
        return float(frame._height - frame._topPadding - frame._bottomPadding)

    def _col(self, avail_width: float) -> float:
        return (avail_width - self.gap) / 2

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Balanced: the split of units into left and right whose taller column is shortest
        (ties: the left one longer, as a reader expects)."""
        width = self._col(avail_width)
        self.width = avail_width
        if self.fixed is not None:
            self.height = max(column_height(c, width) for c in self.fixed)
            return avail_width, self.height
        flat = [f for u in self.units for f in u]
        tall = [f.wrap(width, BIG)[1] + f.getSpaceAfter() for f in flat]  # each measured once
        before = [f.getSpaceBefore() for f in flat]

        def height(a: int, b: int) -> float:
            return sum(tall[a:b]) + sum(before[a + 1 : b]) if b > a else 0.0

        best, best_k = BIG, 0
        at = 0  # flowables in the units before the k-th
        for k in range(len(self.units) + 1):
            tallest = max(height(0, at), height(at, len(flat)))
            if tallest < best - 0.01:
                best, best_k = tallest, at
            if k < len(self.units):
                at += len(self.units[k])
        self._placed = (flat[:best_k], flat[best_k:])
        self.height = best
        return avail_width, best

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Fill both columns of what is left of the page; the rest goes on in a new TwoColumns."""
        width = self._col(avail_width)
        columns: list[list[Flowable]] = [[], []]
        units = [list(u) for u in self.units]
        for column in columns:
            used = 0.0
            while units:
                unit = units[0]
                need = sum(_height(f, width, used == 0 and i == 0) for i, f in enumerate(unit))
                if used + need <= avail_height:
                    column += unit
                    used += need
                    units.pop(0)
                    continue
                if column or need <= self._full(avail_height):  # the unit goes whole to the next column
                    break
                # a unit taller than a whole column: as much of it as fits, the rest after
                while unit:
                    f = unit[0]
                    h = _height(f, width, used == 0)
                    if used + h <= avail_height:
                        column.append(unit.pop(0))
                        used += h
                        continue
                    parts = f.split(width, avail_height - used - (0 if used == 0 else f.getSpaceBefore()))
                    if len(parts) > 1:
                        column.append(parts[0])
                        unit[0:1] = parts[1:]
                    break
                if not unit:
                    units.pop(0)
                break
        if not columns[0]:
            return []  # nothing fits here: the whole goes to the next page
        here = TwoColumns([], self.gap, self.rule, 0, fixed=(columns[0], columns[1]))
        rest = [TwoColumns(units, self.gap, self.rule, self.spaceAfter)] if units else []
        return [here, *rest]

    def draw(self) -> None:
        placed = self._placed
        width = self._col(self.width)
        bottom = self.height
        for n, column in enumerate(placed):
            x = n * (width + self.gap)
            y = self.height
            for i, f in enumerate(column):
                w, h = f.wrap(width, BIG)
                if i:
                    y -= f.getSpaceBefore()
                y -= h
                align = getattr(f, "hAlign", "LEFT")
                dx = (width - w) / 2 if align == "CENTER" else (width - w) if align == "RIGHT" else 0
                f.drawOn(self.canv, x + dx, y)
                y -= f.getSpaceAfter()
            bottom = min(bottom, y)
        if placed[0] and placed[1]:
            self.canv.saveState()
            self.canv.setStrokeColor(self.rule)
            self.canv.setLineWidth(0.4)
            mid = width + self.gap / 2
            self.canv.line(mid, max(bottom, 0), mid, self.height)
            self.canv.restoreState()
