"""The shape tree every component is drawn as, and every renderer draws.

Coordinates are millimetres, y pointing down, origin at the top-left of the
drawing. Text is placed by its baseline; ``anchor`` is SVG's text-anchor and
``rotate`` turns the text about its own anchor point (180 for the upside-down
half of a double-ended card). The font is always the shipped monospace one,
so widths are known without a font file (see ``text_width``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

# DejaVu Sans Mono metrics, in ems (advance 1233/2048, cap height 1493/2048).
ADVANCE = 1233 / 2048
CAP_HEIGHT = 1493 / 2048
DESCENT = 483 / 2048
HAIRLINE = 0.25 * 25.4 / 72  # 0.25 pt, in mm

Anchor = Literal["start", "middle", "end"]


def text_width(text: str, size: float) -> float:
    """Width in mm of ``text`` set at ``size`` mm in the monospace font.

    >>> round(text_width("84", 10), 3)
    12.041
    """
    return len(text) * ADVANCE * size


def fit_size(text: str, size: float, max_width: float) -> float:
    """``size``, shrunk so that ``text`` is no wider than ``max_width``."""
    width = text_width(text, size)
    return size if width <= max_width or not text else max_width / (len(text) * ADVANCE)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = "#ffffff"
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    role: str = ""


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    stroke_width: float = HAIRLINE
    role: str = ""
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 0.0
    role: str = ""


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float
    anchor: Anchor = "middle"
    rotate: int = 0
    fill: str = "#1a1a1a"
    bold: bool = False
    role: str = ""

    def bounds(self) -> tuple[float, float, float, float]:
        """Ink box (x0, y0, x1, y1) from the baseline up to cap height, unrotated or 180°."""
        w = text_width(self.text, self.size)
        x0 = {"start": self.x, "middle": self.x - w / 2, "end": self.x - w}[self.anchor]
        box = (x0, self.y - CAP_HEIGHT * self.size, x0 + w, self.y)
        if self.rotate % 360 == 180:
            box = (2 * self.x - box[2], 2 * self.y - box[3], 2 * self.x - box[0], 2 * self.y - box[1])
        return box


@dataclass(frozen=True)
class Group:
    """Shapes moved by (dx, dy); ``clip`` (x, y, w, h, in the group's own coordinates) hides the rest."""

    shapes: tuple[Shape, ...]
    dx: float = 0.0
    dy: float = 0.0
    clip: tuple[float, float, float, float] | None = None
    role: str = ""


Shape = Union[Rect, Line, Polygon, Text, Group]


@dataclass(frozen=True)
class Drawing:
    """A whole component or page: its size, its view origin (negative for bleed), its shapes."""

    width: float
    height: float
    shapes: tuple[Shape, ...]
    origin: tuple[float, float] = (0.0, 0.0)
    title: str = ""
    meta: dict[str, str] = field(default_factory=dict, compare=False)


def walk(shapes: tuple[Shape, ...], dx: float = 0.0, dy: float = 0.0):  # type: ignore[no-untyped-def]
    """Yield (shape, dx, dy) for every non-group shape, with its group offsets summed."""
    for s in shapes:
        if isinstance(s, Group):
            yield from walk(s.shapes, dx + s.dx, dy + s.dy)
        else:
            yield s, dx, dy
