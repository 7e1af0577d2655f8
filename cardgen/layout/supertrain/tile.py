"""SuperTrain tiles (seed 003): the face of each domino and the common back, in mm. Pure.

A face is drawn as a real domino is made: an ivory body with a rounded outline, split across
its short side by a raised centre line (a dark groove and its shadow) with a brass spinner
in the middle, the two halves left and right on a landscape tile, top and bottom on a portrait
one. A number half shows pips in the usual domino layouts up to 9 and in three columns of up
to four for 10 to 12, each value in its own colour as real double-12 sets have it, so ends
match at a glance (or, with ``numerals``, the value as a large coloured figure in the sans
family; 6 and 9 are underlined since a tile is seen either way up). A Red Train half is the
project's own railway pictogram (``red_train``): a red locomotive on its rail, one silhouette,
its window, wheel hubs and the gaps over its wheels cut out in the ground's colour. A letter
half shows the letter large in a red ring and its word under it (A: Anywhere ...), so nobody
needs the rules at hand; letters and words are in the sans family, every word at one size of
the type scale.

The outline and everything inside it sit at least ``SAFE`` inside the cut: a cut a little off
shows an even ivory border, never a frame cut through. Outside the outline the ground (a shade
darker, so neighbouring tiles on a sheet never run together) runs to the cut, and with bleed
past it. The SVG classes (``end``, ``pip``, ``numeral``, ``letter``, ``word``, ``loco``) let a
checker read each half back exactly; ``TRAIN_PARTS`` says what the pictogram is made of.

>>> len(pip_spots(12)), pip_spots(1)
(12, [(0.5, 0.5)])
>>> [n for n in range(13) if len(set(pip_spots(n))) != n]
[]
"""

from __future__ import annotations

import math
from collections import Counter

from cardgen.layout.metrics import SANS_DESCENT
from cardgen.layout.shapes import (
    Circle,
    Drawing,
    Family,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Rect,
    Segment,
    Shape,
    Text,
    cap_height,
    text_width,
)
from cardgen.layout.typescale import BODY, SCALE, fit_step, reads_otherwise_turned
from cardgen.rules.supertrain.dominoes import LETTER_WORDS, LETTERS, TRAIN, End, Tile

SAFE = 3.0  # nothing but the ground comes nearer the cut than this (a print shop's safe zone)
SANS: Family = "sans"
GROUND = "#efe8d8"  # round the tile's body, to the cut: a shade darker than the body
FACE = "#fffbf1"  # the body: ivory, as real tiles
EDGE = "#403a33"  # the body's outline and the centre line's groove
EDGE_WIDTH = 0.35
RADIUS = 2.5  # the body's corners
SHADE = "#d9d0be"  # the shadow along the raised centre line
BRASS, BRASS_DARK = "#b8923a", "#6e5420"  # the spinner
INK = "#1a1a1a"
TRAIN_RED = "#c8161d"  # the Red Train: a signal red, apart from every pip colour
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


def content_square(box: Box, w: float, h: float) -> tuple[float, float, float]:
    """(centre x, centre y, side) of the square a half draws in, in the half's own box: centred
    in what the half shows of the body (inside the outline, up to the centre line), clear of
    both by a pip's width at least."""
    x, y, hw, hh = box
    x0, y0 = max(x, SAFE + EDGE_WIDTH), max(y, SAFE + EDGE_WIDTH)
    x1, y1 = min(x + hw, w - SAFE - EDGE_WIDTH), min(y + hh, h - SAFE - EDGE_WIDTH)
    short = min(x1 - x0, y1 - y0)
    pad = max(1.8, 0.09 * short)
    return (x0 + x1) / 2 - x, (y0 + y1) / 2 - y, short - 2 * pad


def pip_radius(side: float) -> float:
    return side * 0.085


def pips(n: int, cx: float, cy: float, side: float) -> list[Shape]:
    r = pip_radius(side)
    span = side - 2 * r
    x0, y0 = cx - span / 2, cy - span / 2
    return [Circle(x0 + u * span, y0 + v * span, r, fill=PIP_COLOURS[n], role="pip") for u, v in pip_spots(n)]


def _largest(text: str, cap: float, width: float) -> float:
    """The largest size of the type scale at which ``text`` (bold sans) is no taller than ``cap``
    (its capitals) and no wider than ``width``; the smallest step if none is."""
    fits = [s for s in SCALE if s * cap_height(SANS) <= cap and text_width(text, s, bold=True, family=SANS) <= width]
    return fits[-1] if fits else SCALE[0]


def _shortened(text: str, size: float, width: float) -> str:
    """``text``, cut with "…" where it is wider than ``width`` at ``size`` (sans)."""
    if text_width(text, size, family=SANS) <= width:
        return text
    while len(text) > 1 and text_width(text.rstrip() + "…", size, family=SANS) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def numeral_size(side: float) -> float:
    """One size for every numeral of a set (from the type scale): the widest, 12, fits the square."""
    return _largest("12", side * 0.64, side * 0.95)


def numeral(n: int, cx: float, cy: float, side: float) -> list[Shape]:
    text = str(n)
    size = numeral_size(side)
    cap = cap_height(SANS) * size
    t = Text(cx, cy + cap / 2, text, size, "middle", fill=PIP_COLOURS[n], bold=True, role="numeral", family=SANS)
    out: list[Shape] = [t]
    if reads_otherwise_turned(text):
        x0, _, x1, y1 = t.bounds()
        out.append(Rect(x0, y1 + size * 0.09, x1 - x0, max(0.3, size * 0.07), fill=PIP_COLOURS[n], role="underline"))
    return out


def word_size(side: float) -> float:
    """One size for the five words (from the type scale): the widest word fits the square."""
    widest = max(LETTER_WORDS.values(), key=lambda w: text_width(w, BODY, family=SANS))
    return fit_step(widest, BODY, side * 1.08, family=SANS)


def letter(code: str, cx: float, cy: float, side: float) -> list[Shape]:
    """The letter large in a red ring, its word under it."""
    word = LETTER_WORDS[code]
    small = word_size(side)
    below = small * (cap_height(SANS) + SANS_DESCENT)  # the word's ink, capitals to descenders
    ring_d = side - below - side * 0.07
    ring_r = ring_d / 2
    ring_cy = cy - side / 2 + ring_r
    stroke = max(0.45, ring_d * 0.055)
    size = _largest(code, ring_d * 0.5, ring_d * 0.62)
    return [
        Circle(cx, ring_cy, ring_r - stroke / 2, fill=None, stroke=TRAIN_RED, stroke_width=stroke, role="ring"),
        Text(
            cx,
            ring_cy + cap_height(SANS) * size / 2,
            code,
            size,
            "middle",
            fill=INK,
            bold=True,
            role="letter",
            family=SANS,
        ),  # fmt: skip
        # (its baseline raised by the descent: "Anywhere"'s y stays inside the square too)
        Text(cx, cy + side / 2 - SANS_DESCENT * small, word, small, "middle", fill=INK, role="word", family=SANS),
    ]


# --- The Red Train pictogram ------------------------------------------------------------------

# Drawn on a grid of 100 × 66 units (the rail from x 0 to 100, the chimney's top at y 4, the rail's
# foot at 66), facing left. Drivers: centre x and radius, on one axle line; the body's underside
# is arched over each, leaving a gap as wide as a hub's rim.
_DRIVERS = ((51.0, 10.0), (77.0, 10.0))
_AXLE = 54.0
_PONY = (27.0, 57.0, 7.0)  # the small front wheel
_GAP = 1.8
_DECK = 47.0  # the underside of the footplate


def _arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[Segment]:
    """Cubic segments along the circle (cx, cy, r) from angle ``a0`` to ``a1`` (degrees, y down)."""
    parts = max(1, math.ceil(abs(a1 - a0) / 90))
    step = math.radians(a1 - a0) / parts
    k = 4 / 3 * math.tan(step / 4) * r
    out: list[Segment] = []
    a = math.radians(a0)
    for _ in range(parts):
        b = a + step
        p0 = (cx + r * math.cos(a), cy + r * math.sin(a))
        p3 = (cx + r * math.cos(b), cy + r * math.sin(b))
        out.append((
            p0[0] - k * math.sin(a), p0[1] + k * math.cos(a),
            p3[0] + k * math.sin(b), p3[1] - k * math.cos(b),
            *p3,
        ))  # fmt: skip
        a = b
    return out


def _silhouette() -> tuple[tuple[float, float], tuple[Segment, ...]]:
    """The locomotive's one outline (chimney, boiler, dome, cab and roof, footplate with its arches,
    the pilot), in grid units, clockwise from the chimney's top left."""
    segs: list[Segment] = [
        (33.0, 4.0), (30.0, 10.0), (30.0, 20.0), (38.0, 20.0),  # chimney, boiler top
        (38.0, 14.0, 41.0, 12.0, 45.0, 12.0), (49.0, 12.0, 52.0, 14.0, 52.0, 20.0),  # steam dome
        (62.0, 20.0), (62.0, 12.0), (58.0, 12.0), (58.0, 7.0), (96.0, 7.0), (96.0, 12.0), (92.0, 12.0),  # cab, roof
        (92.0, 42.0), (97.0, 42.0), (97.0, _DECK),  # cab's back, footplate's end
    ]  # fmt: skip
    for x, r in reversed(_DRIVERS):  # the underside, arched over each driver
        arch = r + _GAP
        half = math.degrees(math.acos((_AXLE - _DECK) / arch))
        segs.append((x + arch * math.sin(math.radians(half)), _DECK))
        segs += _arc(x, _AXLE, arch, -90 + half, -90 - half)
    segs += [(17.0, _DECK), (17.0, 60.0), (3.0, 60.0), (7.0, _DECK), (7.0, 42.0), (10.0, 42.0), (10.0, 26.0)]  # pilot
    segs += [(10.0, 22.7, 12.7, 20.0, 16.0, 20.0), (20.0, 20.0), (20.0, 10.0)]  # smokebox, chimney
    return (17.0, 4.0), tuple(segs)


_OUTLINE = _silhouette()


def red_train(cx: float, cy: float, width: float, *, body: str = TRAIN_RED, ground: str = FACE) -> list[Shape]:
    """The Red Train pictogram, ``width`` wide and 0.62 × width tall, centred on (cx, cy): the
    locomotive's silhouette, wheels and rail in ``body``; its window, wheel hubs and coupling
    rod cut out in ``ground``. Ten shapes, every one of class ``loco``."""
    k = width / 100
    ox, oy = cx - 50 * k, cy - 35 * k

    def p(x: float, y: float) -> tuple[float, float]:
        return ox + x * k, oy + y * k

    start, segs = _OUTLINE
    moved = tuple(tuple(v * k + (ox if i % 2 == 0 else oy) for i, v in enumerate(seg)) for seg in segs)
    wheels = [(x, _AXLE, r) for x, r in _DRIVERS] + [_PONY]
    (x1, _), (x2, _) = _DRIVERS
    return [
        Path(p(*start), moved, fill=body, role="loco"),  # type: ignore[arg-type]
        Rect(*p(67.0, 15.0), 19.0 * k, 12.0 * k, fill=ground, radius=2.0 * k, role="loco"),  # the cab's window
        *[Circle(*p(x, y), r * k, fill=body, role="loco") for x, y, r in wheels],
        *[Circle(*p(x, y), 2.6 * k, fill=ground, role="loco") for x, y, _ in wheels],  # hubs
        Rect(*p(x1, _AXLE - 1.1), (x2 - x1) * k, 2.2 * k, fill=ground, radius=1.1 * k, role="loco"),  # coupling rod
        Rect(*p(2.0, 65.0), 96.0 * k, 1.5 * k, fill=body, role="loco"),  # the rail
    ]


# What the pictogram is made of, by paint: a checker finds exactly these in a Red Train half.
TRAIN_PARTS = Counter("body" if getattr(s, "fill", None) == TRAIN_RED else "ground" for s in red_train(0, 0, 10))


def end_shapes(end: End, box: Box, size: tuple[float, float], *, numerals: bool) -> list[Shape]:
    """What the half ``box`` of a tile of ``size`` shows, in the half's own coordinates."""
    cx, cy, side = content_square(box, *size)
    if end == TRAIN:
        return red_train(cx, cy, side * 1.1)
    if isinstance(end, str) and end in LETTERS:
        return letter(end, cx, cy, side)
    assert isinstance(end, int)
    return numeral(end, cx, cy, side) if numerals else pips(end, cx, cy, side)


def body(w: float, h: float) -> Rect:
    """The tile's body: ivory with a rounded outline, its stroke's outer edge ``SAFE`` inside the cut."""
    e = EDGE_WIDTH
    return Rect(SAFE + e / 2, SAFE + e / 2, w - 2 * SAFE - e, h - 2 * SAFE - e, fill=FACE, stroke=EDGE, stroke_width=e, radius=RADIUS, role="outline")  # fmt: skip


def centre_line(w: float, h: float) -> list[Shape]:
    """The raised centre line across the body, outline to outline: a dark groove with its shadow
    along the lower (right) side, and the brass spinner at its middle."""
    inset = SAFE + EDGE_WIDTH
    off = 0.42  # the shadow's middle, this far past the groove's
    if w >= h:
        shade = Line(w / 2 + off, inset, w / 2 + off, h - inset, stroke=SHADE, stroke_width=0.4, role="divider-shade")
        groove = Line(w / 2, inset, w / 2, h - inset, stroke=EDGE, stroke_width=0.45, role="divider")
    else:
        shade = Line(inset, h / 2 + off, w - inset, h / 2 + off, stroke=SHADE, stroke_width=0.4, role="divider-shade")
        groove = Line(inset, h / 2, w - inset, h / 2, stroke=EDGE, stroke_width=0.45, role="divider")
    r = min(1.1, min(w, h) * 0.045)
    spinner = Circle(w / 2, h / 2, r, fill=BRASS, stroke=BRASS_DARK, stroke_width=0.25, role="spinner")
    return [shade, groove, spinner]


def tile_face(tile: Tile, size: tuple[float, float], *, numerals: bool = False, bleed: float = 0.0) -> Drawing:
    """The face of one tile: ``tile.a`` in the first half (left or top), ``tile.b`` in the second."""
    w, h = size
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=GROUND, role="background"),
        body(w, h),
    ]
    for end, box in zip(tile.ends, halves(w, h)):
        shapes.append(Group(tuple(end_shapes(end, box, size, numerals=numerals)), dx=box[0], dy=box[1], role="end"))
    shapes += centre_line(w, h)
    return Drawing(
        w + 2 * bleed,
        h + 2 * bleed,
        tuple(shapes),
        origin=(-bleed, -bleed),
        title=f"SuperTrain tile {tile.name}",
        meta={"tile": tile.name},
    )


def tile_back(size: tuple[float, float], *, title: str = "", bleed: float = 0.0) -> Drawing:
    """The common back: the Red Train as a badge (the pictogram in ivory on a red disc) and the
    game's name, on a dark ground carried into the bleed."""
    w, h = size
    name = "SuperTrain"
    inner_w, inner_h = w - 2 * (SAFE + 1.0), h - 2 * (SAFE + 1.0)
    gap = inner_w * 0.06
    if w >= h:  # the badge beside the name
        badge = min(inner_h, inner_w * 0.34)
        text_w = inner_w - badge - gap
    else:  # the badge above the name
        badge = min(inner_w * 0.8, inner_h * 0.5)
        text_w = inner_w
    cap = cap_height(SANS)
    size1 = _largest(name, inner_h * (0.3 if w >= h else 0.16), text_w)
    if title:  # under the name, a step or more smaller; shortened if even 6 pt is too wide
        size2 = fit_step(title, max(SCALE[0], size1 * 0.55), text_w, family=SANS)
        title = _shortened(title, size2, text_w)
    else:
        size2 = 0.0
    text_h = cap * size1 + (size2 * 1.6 if title else 0.0)  # the name, and the title's baseline under it
    if w >= h:
        used = max(text_width(name, size1, bold=True, family=SANS), text_width(title, size2, family=SANS))
        left = w / 2 - (badge + gap + used) / 2  # badge and words centred together
        centre = (left + badge / 2, h / 2)
        text_x = left + badge + gap + used / 2
        baseline = h / 2 - text_h / 2 + cap * size1
    else:
        block = badge + gap + text_h
        text_x = w / 2
        centre = (w / 2, h / 2 - block / 2 + badge / 2)
        baseline = h / 2 - block / 2 + badge + gap + cap * size1
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=BACK, role="background"),
        Circle(*centre, badge / 2, fill=TRAIN_RED, role="badge"),
        *red_train(centre[0], centre[1] + badge * 0.02, badge * 0.66, body=BACK_INK, ground=TRAIN_RED),
        Text(text_x, baseline, name, size1, "middle", fill=BACK_INK, bold=True, role="back-title", family=SANS),
    ]
    if title:
        shapes.append(Text(text_x, baseline + 1.6 * size2, title, size2, "middle", fill=BACK_INK, role="back-line", family=SANS))  # fmt: skip
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
