"""Freeze tokens to cut or punch (seed 002, §11): a coloured disc per token, with its player's
symbol and number. Pure.

A token is drawn in a square cell (``CELL``) that the sheet's crop marks cut apart: 27.4 mm, so
seven go across A4 as across Letter with room for the marks, and the default seven tokens of a
player fill a row of their own. Its disc is ``DISC`` across, a little more than the ``CUT``
circle of a 1 inch craft punch (25.4 mm), so a punch a little off centre still cuts a disc
coloured to its edge; scissors follow the colour's edge. No line is drawn on the punch's circle
(a white one there left a white arc wherever a punch was off centre). Inside it a rim (``RIM``,
a broader line of the disc's colour halfway to the ink, its outer edge ``RIM_CLEAR`` inside the
punch's circle) makes the disc a coin, and within the rim the token says what it is for
(``FROZEN``), whose it is (the player's symbol, large) and the player's number, in the sans
family at sizes of the type scale. Colours are the Okabe–Ito
palette, chosen to stay apart for the common kinds of colour blindness; each player also has a
symbol of a shape no other player's is, in any turn (a token may lie any way round), and their
number.

>>> [s.symbol for s in STYLES]
['triangle', 'square', 'star', 'cross', 'ring', 'hexagon', 'heart', 'dot']
>>> face = token_face(3)
>>> face.width == face.height == CELL, face.meta["player"]
(True, '3')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.layout.art import mix
from cardgen.layout.shapes import Circle, Drawing, Family, Path, Polygon, Rect, Shape, Text, cap_height
from cardgen.layout.typescale import LEAD, NOTE

CUT = 25.4  # mm: a 1 inch circle punch
DISC = CUT + 1.6  # the colour runs 0.8 mm past the cut all round
CELL = 27.4  # the square each token is cut from: the disc and 0.2 mm round it; 7 across A4 and Letter
RIM_WIDTH = 0.7
RIM_CLEAR = 2.0  # the rim's outer edge this far inside the punch's circle: a punch off centre misses it
RIM = CUT / 2 - RIM_CLEAR - RIM_WIDTH / 2  # the rim's radius (the middle of its line)
WORD = "FROZEN"  # what a token on a card says (§11: a frozen card is never taken from its space)
SANS: Family = "sans"
INK = "#1a1a1a"
PAPER = "#ffffff"


@dataclass(frozen=True)
class Style:
    colour: str
    name: str  # the colour's name, for people
    symbol: str


STYLES: tuple[Style, ...] = (
    Style("#0072b2", "blue", "triangle"),
    Style("#d55e00", "vermilion", "square"),
    Style("#009e73", "green", "star"),
    Style("#f0e442", "yellow", "cross"),
    Style("#56b4e9", "sky blue", "ring"),
    Style("#cc79a7", "pink", "hexagon"),
    Style("#e69f00", "orange", "heart"),
    Style("#555555", "grey", "dot"),
)


def style(player: int) -> Style:
    """Player ``player``'s (1-based) colour and symbol."""
    return STYLES[player - 1]


def ink_on(colour: str) -> str:
    """White or near-black, whichever reads better on ``colour`` (by its luminance).

    >>> ink_on("#0072b2"), ink_on("#f0e442")
    ('#ffffff', '#1a1a1a')
    """
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 else PAPER


def _polygon(cx: float, cy: float, radius: float, corners: int, turn: float = -90.0) -> tuple[tuple[float, float], ...]:
    return tuple(
        (
            cx + radius * math.cos(math.radians(turn + 360 * k / corners)),
            cy + radius * math.sin(math.radians(turn + 360 * k / corners)),
        )
        for k in range(corners)
    )


def symbol(name: str, cx: float, cy: float, radius: float, fill: str) -> list[Shape]:
    """Symbol ``name`` centred on (cx, cy), ``radius`` to its furthest point, in ``fill``."""
    role = f"symbol-{name}"
    if name == "triangle":
        return [Polygon(_polygon(cx, cy + radius * 0.15, radius * 1.1, 3), fill=fill, role=role)]
    if name == "square":
        side = radius * 1.45
        return [Rect(cx - side / 2, cy - side / 2, side, side, fill=fill, role=role)]
    if name == "star":
        points = [
            (cx + r * math.cos(math.radians(-90 + 36 * k)), cy + r * math.sin(math.radians(-90 + 36 * k)))
            for k, r in enumerate([radius, radius * 0.42] * 5)
        ]
        return [Polygon(tuple(points), fill=fill, role=role)]
    if name == "cross":
        a, b = radius * 0.95, radius * 0.34
        pts = (
            (-b, -a),
            (b, -a),
            (b, -b),
            (a, -b),
            (a, b),
            (b, b),
            (b, a),
            (-b, a),
            (-b, b),
            (-a, b),
            (-a, -b),
            (-b, -b),
        )
        return [Polygon(tuple((cx + x, cy + y) for x, y in pts), fill=fill, role=role)]
    if name == "ring":
        return [Circle(cx, cy, radius * 0.78, fill=None, stroke=fill, stroke_width=radius * 0.36, role=role)]
    if name == "hexagon":
        return [Polygon(_polygon(cx, cy, radius, 6, 0.0), fill=fill, role=role)]
    if name == "heart":
        r = radius
        top = cy - r * 0.45
        return [
            Path(
                (cx, cy + r * 0.95),
                (
                    (cx - r * 0.55, cy + r * 0.45, cx - r * 1.05, cy + r * 0.05, cx - r * 1.0, top),
                    (cx - r * 0.95, cy - r * 1.05, cx - r * 0.15, cy - r * 1.1, cx, top),
                    (cx + r * 0.15, cy - r * 1.1, cx + r * 0.95, cy - r * 1.05, cx + r * 1.0, top),
                    (cx + r * 1.05, cy + r * 0.05, cx + r * 0.55, cy + r * 0.45, cx, cy + r * 0.95),
                ),
                fill=fill,
                role=role,
            )
        ]
    if name == "dot":
        return [Circle(cx, cy, radius * 0.72, fill=fill, role=role)]
    raise ValueError(f"no symbol {name!r}")


def token_face(player: int, *, set_name: str = "") -> Drawing:
    """One token of player ``player`` (1-based): disc, rim, word, symbol and number."""
    look = style(player)
    ink = ink_on(look.colour)
    c = CELL / 2
    cap = cap_height(SANS)
    shapes: list[Shape] = [
        Rect(0.0, 0.0, CELL, CELL, fill=PAPER, role="background"),
        Circle(c, c, DISC / 2, fill=look.colour, role="token-disc"),
        Circle(c, c, RIM, fill=None, stroke=mix(look.colour, ink, 0.45), stroke_width=RIM_WIDTH, role="token-rim"),
        Text(c, c - 6.0, WORD, NOTE, "middle", fill=ink, bold=True, role="token-word", family=SANS),
        *symbol(look.symbol, c, c - 0.2, 4.6, ink),
        Text(
            c, c + 5.0 + cap * LEAD, str(player), LEAD, "middle", fill=ink, bold=True, role="token-player", family=SANS
        ),
    ]
    meta = {"player": str(player), "symbol": look.symbol}
    if set_name:
        meta["set"] = set_name
    return Drawing(
        CELL, CELL, tuple(shapes), title=f"freeze token: player {player}, {look.name} {look.symbol}", meta=meta
    )
