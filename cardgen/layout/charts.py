"""Charts of simulated games, as shape trees in mm (y down). Pure.

Why our own shapes and not a plotting library: the three charts a simulation
report needs (a histogram, bars, a heat map) are rectangles, lines and text,
which the shape tree already has; drawn through it they come out of the same
SVG writer as every card and handout (the shipped Atkinson Hyperlegible embedded, the
face of the page's own headings and words; the handouts' colours; the same bytes for
the same figures on any machine), and cardgen gains no dependency (matplotlib alone is larger than cardgen and
all its dependencies together, and its SVGs name fonts the reader may lack).

Every chart is a ``Drawing`` whose shapes stay inside it; numbers on the axes
come from ``ticks`` (steps of 1, 2 or 5 times a power of ten).

>>> d = histogram({10: 5, 11: 9, 12: 4}, title="Game length", x_label="turns each")
>>> round(d.width), sum(1 for s in d.shapes if getattr(s, "role", "") == "bar")
(170, 3)
>>> ticks(0, 0.27)
[0.0, 0.1, 0.2, 0.3]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardgen.layout.shapes import Anchor, Drawing, Line, Rect, Shape, Text, cap_height
from cardgen.layout.shapes import fit_size as _fit_size
from cardgen.layout.shapes import text_width as _text_width

__all__ = ["bars", "heat_map", "histogram", "shade", "signed_shade", "ticks", "value_bars"]

INK = "#1a1a1a"
MUTED = "#5a5a5a"
GRID = "#d8d8d8"
ACCENT = "#1f4e79"  # the handouts' accent
PALE = "#f2f6fb"
BELOW = "#a33a1e"  # a signed map's colour below zero, against the accent above it
ZERO = "#f7f7f7"  # a signed map's zero
MARK = "#8a2323"
UNSURE = "#b4bcc5"  # a bar the games cannot tell from its reference (its 95 % interval holds it)
UNSURE_CELL = "#e2e2e2"  # a heat map's cell the games cannot tell from zero: grey, its value muted
WIDTH = 170.0  # mm: the width of a handout's text column
TITLE, LABEL, SMALL = 4.2, 3.0, 2.6  # text sizes, mm
MAX_BINS = 60
HEADER = 9.8  # the baseline of the line under a title: the y axis's name, a legend


CAP = cap_height("sans")  # every word and number of a chart is in the sans family, as the page around it


def _text(x: float, y: float, text: str, size: float, anchor: Anchor = "middle", **kw: Any) -> Text:
    return Text(x, y, text, size, anchor, family="sans", **kw)


def text_width(text: str, size: float, bold: bool = False) -> float:
    return _text_width(text, size, bold=bold, family="sans")


def fit_size(text: str, size: float, max_width: float, bold: bool = False) -> float:
    return _fit_size(text, size, max_width, bold=bold, family="sans")


def _round(x: float) -> float:
    return float(f"{x:.10g}")  # 0.30000000000000004 → 0.3: tick labels and keys stay clean


def ticks(low: float, high: float, target: int = 6) -> list[float]:
    """Round numbers from at or below ``low`` to at or above ``high``, about ``target`` of them.

    >>> ticks(0, 87), ticks(3, 4)
    ([0.0, 20.0, 40.0, 60.0, 80.0, 100.0], [3.0, 3.2, 3.4, 3.6, 3.8, 4.0])
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, target - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9) * step
    out = []
    k = 0
    while True:
        v = _round(first + k * step)
        out.append(v)
        if v >= high - 1e-9:
            return out
        k += 1


def _label(v: float, percent: bool) -> str:
    if percent:
        return f"{v * 100:g} %"
    return f"{v:g}"


def _title(text: str, width: float) -> Text:
    return _text(
        0, TITLE * CAP + 0.5, text, fit_size(text, TITLE, width, bold=True), anchor="start", bold=True, role="title"
    )


def _bracket(x: float, top: float, bottom: float) -> list[Shape]:
    """A 95 % interval beside a bar: an upright line from ``top`` to ``bottom`` with short ends."""
    return [
        Line(x, top, x, bottom, stroke=INK, stroke_width=0.3, role="interval"),
        Line(x - 0.9, top, x + 0.9, top, stroke=INK, stroke_width=0.3, role="interval"),
        Line(x - 0.9, bottom, x + 0.9, bottom, stroke=INK, stroke_width=0.3, role="interval"),
    ]


def _dashed(x1: float, y1: float, x2: float, y2: float, role: str) -> Line:
    return Line(x1, y1, x2, y2, stroke=MARK, stroke_width=0.35, dash=(1.2, 0.8), role=role)


def shade(t: float) -> str:
    """A colour from pale (0) to the accent (1), for heat maps.

    >>> shade(0), shade(1), shade(0.5)
    ('#f2f6fb', '#1f4e79', '#88a2ba')
    """
    t = min(1.0, max(0.0, t))
    a = [int(PALE[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(ACCENT[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def _blend(a: str, b: str, t: float) -> str:
    ca, cb = ([int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in (a, b))
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def signed_shade(t: float) -> str:
    """A colour for a signed value, ``t`` from -1 to 1: the accent above zero, a red below, near
    white at zero (a diverging scale: a sign reads at a glance, and zero looks the same everywhere).

    >>> signed_shade(0), signed_shade(1), signed_shade(-1)
    ('#f7f7f7', '#1f4e79', '#a33a1e')
    """
    t = min(1.0, max(-1.0, t))
    return _blend(ZERO, ACCENT, t) if t >= 0 else _blend(ZERO, BELOW, -t)


class _Axes:
    """A plot area with a y axis of shares or numbers: maps values to mm and draws its grid."""

    def __init__(self, left: float, top: float, right: float, bottom: float, y_ticks: list[float], percent: bool):
        self.left, self.top, self.right, self.bottom = left, top, right, bottom
        self.y_ticks, self.percent = y_ticks, percent

    def y(self, v: float) -> float:
        lo, hi = self.y_ticks[0], self.y_ticks[-1]
        return self.bottom - (v - lo) / (hi - lo) * (self.bottom - self.top)

    def grid(self, y_label: str) -> list[Shape]:
        out: list[Shape] = []
        for v in self.y_ticks:
            y = self.y(v)
            out.append(Line(self.left, y, self.right, y, stroke=GRID, stroke_width=0.2, role="grid"))
            out.append(
                _text(
                    self.left - 1.5,
                    y + SMALL * CAP / 2,
                    _label(v, self.percent),
                    SMALL,
                    anchor="end",
                    fill=MUTED,
                    role="tick",
                )
            )
        out.append(Line(self.left, self.bottom, self.right, self.bottom, stroke=INK, stroke_width=0.3, role="axis"))
        out.append(_text(self.left - 1.5, HEADER, y_label, SMALL, anchor="start", fill=MUTED, role="axis-label"))
        return out


def histogram(
    counts: Mapping[int, int],
    *,
    title: str,
    x_label: str,
    y_label: str = "share of games",
    marks: Sequence[tuple[float, str]] = (),
    continuous: bool = False,
    width: float = WIDTH,
    height: float = 76.0,
) -> Drawing:
    """Bars of how many values fell on each whole number (shown as shares of all of them),
    neighbouring numbers grouped when there are more than ``MAX_BINS``; ``marks`` are
    (value, label) dashed lines, such as the median, labelled above the plot. A whole number
    ``k`` stands for itself (a mark at ``k`` is drawn mid-bar), or with ``continuous`` for the
    values from ``k`` up to ``k + 1`` (rounded down to it: a mark at ``k`` is the bar's left edge)."""
    total = sum(counts.values())
    shapes: list[Shape] = [_title(title, width)]
    if not total:
        shapes.append(_text(width / 2, height / 2, "no games to show", LABEL, fill=MUTED, role="empty"))
        return Drawing(width, height, tuple(shapes), title=title)
    lo, hi = min(counts), max(counts)
    size = max(1, math.ceil((hi - lo + 1) / MAX_BINS))
    bins: dict[int, int] = {}
    for v, n in counts.items():
        start = lo + (v - lo) // size * size
        bins[start] = bins.get(start, 0) + n
    starts = list(range(lo, hi + 1, size))
    axes = _Axes(16.0, 22.0, width - 3.0, height - 11.0, ticks(0, max(bins.values()) / total, 5), True)
    shapes += axes.grid(y_label)
    slot = (axes.right - axes.left) / len(starts)
    gap = min(0.6, slot * 0.15)
    for i, start in enumerate(starts):
        n = bins.get(start, 0)
        if n:
            y = axes.y(n / total)
            shapes.append(Rect(axes.left + i * slot + gap / 2, y, slot - gap, axes.bottom - y, fill=ACCENT, role="bar"))
    labels = [str(start) if size == 1 else f"{start}-{start + size - 1}" for start in starts]
    room = max(text_width(label, SMALL) for label in labels) + 2.0  # a label's width and a gap
    every = max(1, math.ceil(room / slot))
    for i, label in enumerate(labels):
        if i % every == 0:
            half = text_width(label, SMALL) / 2
            x = min(width - half, axes.left + (i + 0.5) * slot)  # the last label kept inside the drawing
            shapes.append(_text(x, axes.bottom + 4.0, label, SMALL, fill=MUTED, role="tick"))
    shapes.append(_text((axes.left + axes.right) / 2, height - 1.5, x_label, LABEL, fill=INK, role="axis-label"))
    placed: list[tuple[float, float, int]] = []  # (centre, width, row) of each mark's label
    for value, label in marks:
        offset = 0.0 if continuous else 0.5
        x = min(axes.right, max(axes.left, axes.left + (value - lo + offset) / size * slot))
        shapes.append(_dashed(x, axes.top - 1.0, x, axes.bottom, "mark"))
        w = text_width(label, SMALL)
        cx = min(axes.right - w / 2, max(axes.left + w / 2, x))
        row = 0
        while any(r == row and abs(cx - px) < (w + pw) / 2 + 1.0 for px, pw, r in placed):
            row += 1
        placed.append((cx, w, row))
        shapes.append(_text(cx, axes.top - 1.8 - row * 3.2, label, SMALL, fill=MARK, role="mark-label"))
    return Drawing(width, height, tuple(shapes), title=title)


def bars(
    labels: Sequence[str],
    shares: Sequence[float],
    *,
    title: str,
    reference: float | None = None,
    reference_label: str = "",
    y_label: str = "share of games",
    intervals: Sequence[tuple[float, float]] | None = None,
    value_fmt: Callable[[float], str] | None = None,
    width: float = WIDTH,
    height: float = 64.0,
) -> Drawing:
    """One bar per label, its share (0 to 1) written above it (``value_fmt``, one decimal by
    default); ``reference`` a dashed line across (an even share), labelled ``reference_label``
    at its right end. ``intervals``: each share's 95 % interval (low, high), drawn as a bracket
    beside its bar; a bar whose interval holds the reference is grey (``UNSURE``): the games
    cannot tell it from the reference."""
    shapes: list[Shape] = [_title(title, width)]
    top = max([*shares, *(hi for _, hi in intervals or ()), reference or 0.0, 0.01])
    axes = _Axes(16.0, 16.0, width - 3.0, height - 11.0, ticks(0, top * 1.12, 5), True)
    shapes += axes.grid(y_label)
    slot = (axes.right - axes.left) / max(1, len(labels))
    bar = min(slot * 0.6, 22.0)
    if reference is not None:  # first, so the bars hide it: it shows between them, never across a value
        y = axes.y(reference)
        shapes.append(_dashed(axes.left, y, axes.right, y, "reference"))
        if reference_label:  # a legend above the plot, clear of the bars
            w = text_width(reference_label, SMALL)
            x = axes.right - w
            shapes.append(_dashed(x - 8.0, HEADER - 0.9, x - 1.5, HEADER - 0.9, "reference-key"))
            shapes.append(
                _text(axes.right, HEADER, reference_label, SMALL, anchor="end", fill=MARK, role="reference-label")
            )
    for i, (label, share) in enumerate(zip(labels, shares)):
        cx = axes.left + (i + 0.5) * slot
        y = axes.y(share)
        sure = True
        if intervals is not None:
            lo, hi = intervals[i]
            sure = reference is None or not lo <= reference <= hi
            shapes += _bracket(cx + bar / 2 + 1.6, axes.y(hi), axes.y(lo))
        shapes.append(Rect(cx - bar / 2, y, bar, axes.bottom - y, fill=ACCENT if sure else UNSURE, role="bar"))
        value = value_fmt(share) if value_fmt is not None else f"{share * 100:.1f} %"
        size = fit_size(value, LABEL, bar - 1.5, bold=True)
        inside = axes.bottom - y > size * CAP + 3.0  # white inside the bar's top, else above it
        ty = y + 1.2 + size * CAP if inside else y - 1.2
        shapes.append(_text(cx, ty, value, size, fill="#ffffff" if inside else INK, bold=True, role="value"))
        shapes.append(_text(cx, axes.bottom + 4.0, label, fit_size(label, LABEL, slot - 1), fill=INK, role="tick"))
    return Drawing(width, height, tuple(shapes), title=title)


def heat_map(
    rows: Sequence[str],
    cols: Sequence[str],
    values: Sequence[Sequence[float | None]],
    *,
    title: str,
    row_name: str,
    col_name: str,
    fmt: Callable[[float], str],
    scale: tuple[float, float] | None = None,
    signed: bool = False,
    unsure: Sequence[Sequence[bool]] | None = None,
    unsure_label: str = "grey: the games cannot tell it from chance",
    width: float = WIDTH,
) -> Drawing:
    """A table of coloured cells: row ``i``, column ``j`` shows ``values[i][j]`` (``fmt``-ed), darker
    for larger; None is a grey cell with a dash. A legend gives the colours' two ends.

    ``scale`` (lowest, highest) colours the cells by a range shared with other maps (default: this
    map's own values), so that maps of one quantity can be compared by colour. ``signed`` draws a
    diverging scale centred on zero (``signed_shade``), symmetric about it: zero is the same near
    white in every map, above it the accent, below it a red. ``unsure[i][j]``: a value the games
    cannot tell from chance (its 95 % interval holds the reference), drawn grey with its value
    muted, never in a colour that reads as an effect; the key says so (``unsure_label``)."""
    shapes: list[Shape] = [_title(title, width)]
    known = [v for row in values for v in row if v is not None]
    lo, hi = scale if scale is not None else (min(known), max(known)) if known else (0.0, 1.0)
    if signed:
        hi = max(abs(lo), abs(hi)) or 1.0
        lo = -hi
    head_w = max(text_width(r, LABEL, bold=True) for r in [*rows, row_name]) + 4.0
    left, top = head_w, 16.0
    cell_w = min(24.0, (width - left - 2.0) / max(1, len(cols)))
    cell_h = 7.0 if len(rows) <= 12 else 5.5
    size = LABEL if cell_h >= 7 else SMALL
    shapes.append(_text(left + cell_w * len(cols) / 2, 9.0, col_name, LABEL, fill=MUTED, role="axis-label"))
    shapes.append(_text(left - 2.0, top - 1.5, row_name, SMALL, anchor="end", fill=MUTED, role="axis-label"))
    for j, col in enumerate(cols):
        shapes.append(
            _text(
                left + (j + 0.5) * cell_w,
                top - 1.5,
                col,
                fit_size(col, size, cell_w - 1, bold=True),
                fill=INK,
                bold=True,
                role="col",
            )
        )
    for i, row in enumerate(rows):
        y = top + i * cell_h
        shapes.append(
            _text(
                left - 2.0,
                y + cell_h / 2 + size * CAP / 2,
                row,
                size,
                anchor="end",
                fill=INK,
                bold=True,
                role="row",
            )
        )
        for j in range(len(cols)):
            v = values[i][j]
            x = left + j * cell_w
            if v is None:
                fill, ink, text = "#eeeeee", MUTED, "-"
            elif unsure is not None and unsure[i][j]:
                fill, ink, text = UNSURE_CELL, MUTED, fmt(v)
            elif signed:
                t = v / hi
                fill, ink, text = signed_shade(t), "#ffffff" if abs(t) > 0.55 else INK, fmt(v)
            else:
                t = (v - lo) / (hi - lo) if hi > lo else 0.5
                fill, ink, text = shade(t), "#ffffff" if t > 0.55 else INK, fmt(v)
            shapes.append(Rect(x, y, cell_w, cell_h, fill=fill, stroke="#ffffff", stroke_width=0.4, role="cell"))
            ts = fit_size(text, size, cell_w - 1.5)
            shapes.append(_text(x + cell_w / 2, y + cell_h / 2 + ts * CAP / 2, text, ts, fill=ink, role="cell-value"))
    bottom = top + len(rows) * cell_h
    key_y = bottom + 5.0
    steps = 8
    key_w = min(60.0, width - left - 2.0)
    steps = 9 if signed else steps  # a signed key has a middle step: zero
    for k in range(steps):
        fill = signed_shade(2 * k / (steps - 1) - 1) if signed else shade(k / (steps - 1))
        shapes.append(Rect(left + k * key_w / steps, key_y, key_w / steps, 3.0, fill=fill, role="key"))
    ends = (fmt(lo), fmt(hi)) if signed else (f"{fmt(lo)} (lowest)", f"(highest) {fmt(hi)}")
    shapes.append(_text(left, key_y + 7.0, ends[0], SMALL, anchor="start", fill=MUTED, role="key-label"))
    shapes.append(_text(left + key_w, key_y + 7.0, ends[1], SMALL, anchor="end", fill=MUTED, role="key-label"))
    if signed:
        shapes.append(_text(left + key_w / 2, key_y + 7.0, "0", SMALL, fill=MUTED, role="key-label"))
    used = max(left + cell_w * len(cols), left + key_w, text_width(title, TITLE, bold=True)) + 2.0
    if unsure is not None and any(any(row) for row in unsure):  # the grey's meaning, right of the key
        x = left + key_w + 6.0
        shapes.append(Rect(x, key_y, 5.0, 3.0, fill=UNSURE_CELL, role="key-unsure"))
        label = _text(x + 6.5, key_y + 2.6, unsure_label, SMALL, anchor="start", fill=MUTED, role="key-label")
        shapes.append(label)
        used = max(used, x + 6.5 + text_width(unsure_label, SMALL) + 2.0)
    return Drawing(min(width, used), key_y + 9.0, tuple(shapes), title=title)


def value_bars(
    labels: Sequence[str],
    values: Sequence[float | None],
    *,
    title: str,
    x_label: str,
    fmt: Callable[[float], str],
    y_label: str = "",
    percent: bool = False,
    intervals: Sequence[tuple[float, float] | None] | None = None,
    reference: float | None = None,
    width: float = WIDTH,
    height: float = 70.0,
) -> Drawing:
    """One bar per label from zero to its value (``fmt``-ed at the bar's end): a sweep of one
    option. A negative value hangs below zero, in the red of a signed map; None is a dash.
    ``intervals``: each value's 95 % interval, a bracket beside its bar; a bar whose interval
    holds ``reference`` (zero, for the first seat's edge) is grey: the games cannot tell it
    from chance."""
    shapes: list[Shape] = [_title(title, width)]
    known = [v for v in values if v is not None]
    known += [end for iv in intervals or () if iv is not None for end in iv]
    lo, hi = min([0.0, *known]), max([0.0, *known])
    pad = (hi - lo) * 0.15 or 1.0
    axes = _Axes(16.0, 16.0, width - 3.0, height - 15.0, ticks(lo - pad if lo < 0 else 0.0, hi + pad, 5), percent)
    shapes += axes.grid(y_label)
    zero = axes.y(0.0)
    if lo < 0:
        shapes.append(Line(axes.left, zero, axes.right, zero, stroke=INK, stroke_width=0.3, role="zero"))
    slot = (axes.right - axes.left) / max(1, len(labels))
    bar = min(slot * 0.6, 22.0)
    for i, (label, v) in enumerate(zip(labels, values)):
        cx = axes.left + (i + 0.5) * slot
        shapes.append(_text(cx, axes.bottom + 4.0, label, fit_size(label, LABEL, slot - 1), fill=INK, role="tick"))
        if v is None:
            shapes.append(_text(cx, zero - 1.2, "-", LABEL, fill=MUTED, role="value"))
            continue
        y = axes.y(v)
        interval = intervals[i] if intervals is not None else None
        fill = BELOW if v < 0 else ACCENT
        if interval is not None:
            shapes += _bracket(cx + bar / 2 + 1.6, axes.y(interval[1]), axes.y(interval[0]))
            if reference is not None and interval[0] <= reference <= interval[1]:
                fill = UNSURE
        shapes.append(Rect(cx - bar / 2, min(y, zero), bar, abs(zero - y), fill=fill, role="bar"))
        text = fmt(v)
        size = fit_size(text, LABEL, slot - 1, bold=True)
        ty = y - 1.2 if v >= 0 else y + 1.2 + size * CAP
        shapes.append(_text(cx, ty, text, size, fill=INK, bold=True, role="value"))
    shapes.append(_text((axes.left + axes.right) / 2, height - 1.5, x_label, LABEL, fill=INK, role="axis-label"))
    return Drawing(width, height, tuple(shapes), title=title)
