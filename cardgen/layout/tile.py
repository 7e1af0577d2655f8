"""SuperTrain tiles (seed 003): the face of each domino and the common back, in mm. Pure.

A face is two halves split by a line across the short side (left and right on a
landscape tile, top and bottom on a portrait one). A number half shows pips in
the usual domino layouts up to 9 and in three columns of up to four for 10 to 12,
each value in its own colour as real double-12 sets have it, so ends match at a
glance (or, with ``numerals``, the value as a large coloured digit; 6 and 9 are
underlined since a tile is seen either way up). A Red Train half is a red steam
locomotive drawn from shapes; a letter half shows the letter large in a red ring
and its word small (A: Anywhere ...), so nobody needs the rules at hand.

Everything but the background sits at least ``SAFE`` inside the cut, and no frame
hugs the trim (a cut a little off would show it). With bleed only the background
runs past the cut. The SVG classes (``end``, ``pip``, ``numeral``, ``letter``,
``word``, ``loco``) let a checker read each half back exactly.

>>> len(pip_spots(12)), pip_spots(1)
(12, [(0.5, 0.5)])
>>> [n for n in range(13) if len(set(pip_spots(n))) != n]
[]
"""

from __future__ import annotations

from cardgen.layout.art import LOCO_RED, locomotive
from cardgen.layout.card import reads_otherwise_turned
from cardgen.layout.shapes import (
    CAP_HEIGHT,
    DESCENT,
    Circle,
    Drawing,
    Group,
    Image,
    Line,
    Polygon,
    Rect,
    Shape,
    Text,
    fit_size,
)
from cardgen.rules.supertrain import LETTER_WORDS, LETTERS, TRAIN, End, Tile

SAFE = 3.0  # nothing but the background comes nearer the cut than this (a print shop's safe zone)
FACE = "#fcf9f0"  # ivory, as real tiles
INK = "#1a1a1a"
DIVIDER = "#5a5a5a"
BACK = "#1f3550"
BACK_INK = "#f6efd9"

# One colour per value, as double-12 sets have it: 13 hues apart from each other and from the
# locomotive's red, dark enough for pale paper and any home printer. 0 shows no pips; its
# colour is for the numeral.
PIP_COLOURS: dict[int, str] = {
    0: "#7f7f7f",  # grey
    1: "#1e8fd6",  # sky blue
    2: "#2c9c3f",  # green
    3: "#7d3cb5",  # purple
    4: "#8b5a2b",  # brown
    5: "#2443c4",  # royal blue
    6: "#d49b00",  # gold
    7: "#d0217f",  # magenta
    8: "#00877a",  # teal
    9: "#ea6a0f",  # orange
    10: "#1a1a1a",  # black
    11: "#7a8f00",  # olive
    12: "#8c1c2c",  # maroon
}

Box = tuple[float, float, float, float]  # x, y, w, h

_GRID3 = (0.0, 0.5, 1.0)
_NINE: dict[int, tuple[tuple[int, int], ...]] = {  # (column, row) on a 3 × 3 grid
    0: (),
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}
# 10 to 12: two full columns of four, and 2, 3 or 4 in the middle column.
_MIDDLE = {10: (1 / 3, 2 / 3), 11: (0.0, 0.5, 1.0), 12: (0.0, 1 / 3, 2 / 3, 1.0)}


def pip_spots(n: int) -> list[tuple[float, float]]:
    """Pip centres for the value ``n`` (0..12) in a unit square, x right, y down."""
    if n in _NINE:
        return [(_GRID3[c], _GRID3[r]) for c, r in _NINE[n]]
    rows = (0.0, 1 / 3, 2 / 3, 1.0)
    return [(0.0, y) for y in rows] + [(0.5, y) for y in _MIDDLE[n]] + [(1.0, y) for y in rows]


def halves(w: float, h: float) -> tuple[Box, Box]:
    """The two half boxes of a w × h tile, split across its long side."""
    if w >= h:
        return (0.0, 0.0, w / 2, h), (w / 2, 0.0, w / 2, h)
    return (0.0, 0.0, w, h / 2), (0.0, h / 2, w, h / 2)


def content_square(hw: float, hh: float) -> tuple[float, float, float]:
    """(centre x, centre y, side) of the square each half draws in, in the half's own box."""
    short = min(hw, hh)
    pad = max(SAFE + 0.8, 0.11 * short)
    return hw / 2, hh / 2, short - 2 * pad


def pip_radius(side: float) -> float:
    return side * 0.085


def pips(n: int, cx: float, cy: float, side: float) -> list[Shape]:
    r = pip_radius(side)
    span = side - 2 * r
    x0, y0 = cx - span / 2, cy - span / 2
    return [Circle(x0 + u * span, y0 + v * span, r, fill=PIP_COLOURS[n], role="pip") for u, v in pip_spots(n)]


def numeral(n: int, cx: float, cy: float, side: float) -> list[Shape]:
    text = str(n)
    size = fit_size("12", side * 0.78 / CAP_HEIGHT * 0.85, side * 0.92)
    t = Text(cx, cy + CAP_HEIGHT * size / 2, text, size, "middle", fill=PIP_COLOURS[n], bold=True, role="numeral")
    out: list[Shape] = [t]
    if reads_otherwise_turned(text):
        x0, _, x1, y1 = t.bounds()
        out.append(Rect(x0, y1 + size * 0.07, x1 - x0, max(0.3, size * 0.07), fill=PIP_COLOURS[n], role="underline"))
    return out


def letter(code: str, cx: float, cy: float, side: float) -> list[Shape]:
    """The letter large in a red ring, its word small underneath."""
    word = LETTER_WORDS[code]
    word_size = fit_size(word, side * 0.2, side * 1.05)
    ring_r = (side - word_size * (CAP_HEIGHT + DESCENT) - side * 0.08) / 2
    ring_cy = cy - side / 2 + ring_r
    size = ring_r * 1.25 / CAP_HEIGHT
    return [
        Circle(cx, ring_cy, ring_r - 0.3, fill=None, stroke=LOCO_RED, stroke_width=0.6, role="ring"),
        Text(cx, ring_cy + CAP_HEIGHT * size / 2, code, size, "middle", fill=INK, bold=True, role="letter"),
        # (its baseline raised by the descent: "Anywhere"'s y stays inside the square too)
        Text(cx, cy + side / 2 - DESCENT * word_size, word, word_size, "middle", fill=INK, role="word"),
    ]


def end_shapes(end: End, box: Box, *, numerals: bool) -> list[Shape]:
    """What one half shows, in the half's own coordinates."""
    cx, cy, side = content_square(box[2], box[3])
    if end == TRAIN:
        return locomotive(cx, cy, side * 1.05)
    if isinstance(end, str) and end in LETTERS:
        return letter(end, cx, cy, side)
    assert isinstance(end, int)
    return numeral(end, cx, cy, side) if numerals else pips(end, cx, cy, side)


def tile_face(tile: Tile, size: tuple[float, float], *, numerals: bool = False, bleed: float = 0.0) -> Drawing:
    """The face of one tile: ``tile.a`` in the first half (left or top), ``tile.b`` in the second."""
    w, h = size
    shapes: list[Shape] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=FACE, role="background")]
    for end, box in zip(tile.ends, halves(w, h)):
        shapes.append(Group(tuple(end_shapes(end, box, numerals=numerals)), dx=box[0], dy=box[1], role="end"))
    inset = SAFE + 0.6
    split = (w / 2, inset, w / 2, h - inset) if w >= h else (inset, h / 2, w - inset, h / 2)
    shapes.append(Line(*split, stroke=DIVIDER, stroke_width=0.45, role="divider"))
    return Drawing(
        w + 2 * bleed,
        h + 2 * bleed,
        tuple(shapes),
        origin=(-bleed, -bleed),
        title=f"SuperTrain tile {tile.name}",
        meta={"tile": tile.name},
    )


def tile_back(size: tuple[float, float], *, title: str = "", bleed: float = 0.0) -> Drawing:
    """The common back: a small locomotive and the game's name on a dark ground carried into the bleed."""
    w, h = size
    name = "SuperTrain"
    inner_w, inner_h = w - 2 * (SAFE + 1.5), h - 2 * (SAFE + 1.5)
    gap = inner_w * 0.05
    if w >= h:  # locomotive beside the name
        loco_w = min(inner_h * 0.9 / 0.65, inner_w * 0.34)
        text_w = inner_w - loco_w - gap
    else:  # locomotive above the name
        loco_w = min(inner_w * 0.8, inner_h * 0.45 / 0.65)
        text_w = inner_w
    size1 = fit_size(name, inner_h * (0.3 if w >= h else 0.2), text_w)
    size2 = fit_size(title, size1 * 0.5, text_w) if title else 0.0
    text_h = CAP_HEIGHT * size1 + 1.5 * size2  # the name, and the title's baseline under it
    if w >= h:
        text_x = w / 2 + (loco_w + gap) / 2
        loco_c = (text_x - text_w / 2 - gap - loco_w / 2, h / 2)
        baseline = h / 2 - text_h / 2 + CAP_HEIGHT * size1
    else:
        block = 0.65 * loco_w + gap + text_h
        text_x = w / 2
        loco_c = (w / 2, h / 2 - block / 2 + 0.325 * loco_w)
        baseline = h / 2 - block / 2 + 0.65 * loco_w + gap + CAP_HEIGHT * size1
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=BACK, role="background"),
        *locomotive(*loco_c, loco_w, body=LOCO_RED, dark=BACK_INK, light=BACK),
        Text(text_x, baseline, name, size1, "middle", fill=BACK_INK, bold=True, role="back-title"),
    ]
    if title:
        shapes.append(Text(text_x, baseline + 1.5 * size2, title, size2, "middle", fill=BACK_INK, role="back-line"))
    return Drawing(
        w + 2 * bleed,
        h + 2 * bleed,
        tuple(shapes),
        origin=(-bleed, -bleed),
        title=f"SuperTrain tile back {title}".strip(),
    )


def ink_box(shape: Shape, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a shape inks, strokes included, moved by (dx, dy).

    >>> ink_box(Circle(5, 5, 1, stroke="#000", stroke_width=0.5), 10, 0)
    (13.75, 3.75, 16.25, 6.25)
    """
    if isinstance(shape, Group):
        boxes = [ink_box(s, dx + shape.dx, dy + shape.dy) for s in shape.shapes]
        return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)
    if isinstance(shape, Text):
        x0, y0, x1, y1 = shape.bounds()
        return x0 + dx, y0 + dy, x1 + dx, y1 + dy
    if isinstance(shape, Circle):
        r = shape.r + (shape.stroke_width / 2 if shape.stroke else 0.0)
        return shape.cx - r + dx, shape.cy - r + dy, shape.cx + r + dx, shape.cy + r + dy
    if isinstance(shape, Line):
        s = shape.stroke_width / 2
        x0, x1, y0, y1 = (
            min(shape.x1, shape.x2),
            max(shape.x1, shape.x2),
            min(shape.y1, shape.y2),
            max(shape.y1, shape.y2),
        )
        return x0 - s + dx, y0 - s + dy, x1 + s + dx, y1 + s + dy
    if isinstance(shape, Rect):
        s = shape.stroke_width / 2 if shape.stroke else 0.0
        return shape.x - s + dx, shape.y - s + dy, shape.x + shape.w + s + dx, shape.y + shape.h + s + dy
    if isinstance(shape, Image):
        return shape.x + dx, shape.y + dy, shape.x + shape.w + dx, shape.y + shape.h + dy
    points = list(shape.points) if isinstance(shape, Polygon) else shape.points()
    s = shape.stroke_width / 2 if shape.stroke else 0.0
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs) - s + dx, min(ys) - s + dy, max(xs) + s + dx, max(ys) + s + dy
