"""The shape tree every component is drawn as, and every renderer draws.

Coordinates are millimetres, y pointing down, origin at the top-left of the
drawing. Text is placed by its baseline; ``anchor`` is SVG's text-anchor and
``rotate`` turns the text about its own anchor point (180 for the upside-down
half of a double-ended card). A text is set in one of the two shipped families
(``family``): ``"mono"``, DejaVu Sans Mono, for the numbers, indices and ability codes a
checker reads (every digit one width, arrows included), and ``"sans"``, Atkinson
Hyperlegible, for titles, words, forms and labels; or in a ``Typeface`` of the user's, which
carries its own widths. Widths are known without a font file (see ``text_width``): the
monospace advance is one number, the sans advances are in ``layout/metrics.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Union

from cardgen.layout import metrics

# DejaVu Sans Mono metrics, in ems (advance 1233/2048, cap height 1493/2048).
ADVANCE = 1233 / 2048
CAP_HEIGHT = 1493 / 2048
DESCENT = 483 / 2048
HAIRLINE = 0.25 * 25.4 / 72  # 0.25 pt, in mm

Anchor = Literal["start", "middle", "end"]
Family = Literal["mono", "sans"]  # the shipped families: DejaVu Sans Mono, Atkinson Hyperlegible


def sans_covers(text: str) -> bool:
    """Whether Atkinson Hyperlegible draws every character of ``text`` (both weights do).

    >>> sans_covers("Game of Trains · sheet 2 of 10"), sans_covers("A↔B"), sans_covers("ابحرم")
    (True, False, False)
    """
    return all(c in metrics.SANS_REGULAR for c in text)


def drawn_family(text: str, family: Family) -> Family:
    """The family ``text`` is drawn in when asked for ``family``: the sans family only where it
    has every letter (an arrow, a check mark, Arabic or CJK in a title are drawn in the monospace
    family, which has them), so no text ever shows a missing-glyph box. Layout measures and
    every writer draws by this one rule.

    >>> drawn_family("Skip", "sans"), drawn_family("A→X", "sans"), drawn_family("Skip", "mono")
    ('sans', 'mono', 'mono')
    """
    return "mono" if family == "mono" or not sans_covers(text) else "sans"


@dataclass(frozen=True, eq=False)  # (compared and hashed by identity: one per theme read)
class Typeface:
    """A font of the user's (a theme's ``font = "x.ttf"``), read by ``themes/typeface.py``:
    its TrueType files (regular, bold) and what layout needs of them, in ems.

    >>> face = Typeface(({"A": 0.5, "W": 1.0}, {"A": 0.6, "W": 1.1}), 0.6, 0.7, ("Mine", "Mine-Bold"), (b"", b""))
    >>> face.width("AW", 10), face.width("AW", 10, bold=True), face.covers("AWA"), face.covers("A?")
    (15.0, 17.0, True, False)
    """

    advances: tuple[dict[str, float], dict[str, float]] = field(repr=False)  # regular, bold: per character
    cap_height: float
    descent: float
    ps_names: tuple[str, str]  # regular and bold, as the PDF names them
    files: tuple[bytes, bytes] = field(repr=False)  # regular and bold TrueType data (the same twice if no bold)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        get = self.advances[bold].get
        return sum(get(c, 1.0) for c in text) * size

    def covers(self, text: str) -> bool:
        """Whether both faces draw every character of ``text``."""
        return all(c in self.advances[0] and c in self.advances[1] for c in text)


def text_width(
    text: str, size: float, font: Typeface | None = None, bold: bool = False, family: Family = "mono"
) -> float:
    """Width in mm of ``text`` set at ``size`` mm in ``family`` (or ``font``).

    >>> round(text_width("84", 10), 3), round(text_width("84", 10, family="sans"), 3)
    (12.041, 12.29)
    """
    if font is not None:
        return font.width(text, size, bold)
    if drawn_family(text, family) == "sans":
        advances = metrics.SANS_BOLD if bold else metrics.SANS_REGULAR
        return sum(advances[c] for c in text) * size / metrics.SANS_UNITS
    return len(text) * ADVANCE * size


def cap_height(family: Family = "mono", font: Typeface | None = None, text: str = "") -> float:
    """Cap height, in ems, of the face ``text`` is drawn in."""
    if font is not None:
        return font.cap_height
    return metrics.SANS_CAP_HEIGHT if drawn_family(text, family) == "sans" else CAP_HEIGHT


def fit_size(
    text: str,
    size: float,
    max_width: float,
    font: Typeface | None = None,
    bold: bool = False,
    family: Family = "mono",
) -> float:
    """``size``, shrunk so that ``text`` is no wider than ``max_width``."""
    width = text_width(text, size, font, bold, family)
    return size if width <= max_width or not text else size * max_width / width


# slots: a big pack's faces are tens of thousands of shapes
@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    stroke_width: float = HAIRLINE
    role: str = ""
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 0.0
    role: str = ""


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 0.0
    role: str = ""


Point = tuple[float, float]
# A segment is a line to a point (x, y), or a cubic Bézier (x1, y1, x2, y2, x, y): two control points, then the end.
Segment = tuple[float, float] | tuple[float, float, float, float, float, float]


@dataclass(frozen=True, slots=True)
class Path:
    """One outline from ``start`` through straight and cubic segments; ``closed`` joins the end to the start."""

    start: Point
    segments: tuple[Segment, ...]
    closed: bool = True
    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 0.0
    role: str = ""

    def points(self) -> list[Point]:
        """Every point and control point (the curve lies inside their hull)."""
        out = [self.start]
        for seg in self.segments:
            out += [(seg[i], seg[i + 1]) for i in range(0, len(seg), 2)]
        return out


@dataclass(frozen=True, slots=True)
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
    font: Typeface | None = None  # None: a shipped family
    family: Family = "mono"  # the shipped family asked for (``drawn_family`` says which draws it)

    def bounds(self) -> tuple[float, float, float, float]:
        """Ink box (x0, y0, x1, y1) from the baseline up to cap height, unrotated or 180°."""
        w = text_width(self.text, self.size, self.font, self.bold, self.family)
        x0 = {"start": self.x, "middle": self.x - w / 2, "end": self.x - w}[self.anchor]
        cap = cap_height(self.family, self.font, self.text)
        box = (x0, self.y - cap * self.size, x0 + w, self.y)
        if self.rotate % 360 == 180:
            box = (2 * self.x - box[2], 2 * self.y - box[3], 2 * self.x - box[0], 2 * self.y - box[1])
        return box


@dataclass(frozen=True, slots=True)
class Image:
    """A picture (``kind`` "png" or "jpeg": the file's bytes as they are) stretched over the box
    x, y, w, h; ``layout.theme.Picture`` fits one to a box keeping its proportions."""

    x: float
    y: float
    w: float
    h: float
    data: bytes = field(repr=False)
    kind: str = "png"
    role: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes moved by (dx, dy); ``clip`` (x, y, w, h, in the group's own coordinates) hides the rest."""

    shapes: tuple[Shape, ...]
    dx: float = 0.0
    dy: float = 0.0
    clip: tuple[float, float, float, float] | None = None
    role: str = ""


Shape = Union[Rect, Line, Polygon, Circle, Path, Text, Image, Group]


@dataclass(frozen=True)
class Drawing:
    """A whole component or page: its size, its view origin (negative for bleed), its shapes.

    ``boxes`` names page boxes for print shops (``TrimBox``, ``BleedBox``) as (x0, y0, x1, y1)
    in the drawing's mm, y down; the PDF writer records them, the SVG writer has no such thing.
    """

    width: float
    height: float
    shapes: tuple[Shape, ...]
    origin: tuple[float, float] = (0.0, 0.0)
    title: str = ""
    meta: dict[str, str] = field(default_factory=dict, compare=False)
    boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict, compare=False)


def walk(shapes: tuple[Shape, ...], dx: float = 0.0, dy: float = 0.0):  # type: ignore[no-untyped-def]
    """Yield (shape, dx, dy) for every non-group shape, with its group offsets summed."""
    for s in shapes:
        if isinstance(s, Group):
            yield from walk(s.shapes, dx + s.dx, dy + s.dy)
        else:
            yield s, dx, dy


def turned(shapes: Sequence[Shape], w: float, h: float) -> list[Shape]:
    """The same shapes turned 180° about the centre of a w × h box (a double-ended card's other half)."""
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Text):
            # Turning a text about the centre moves its anchor point and turns the glyphs;
            # the anchor keyword stays, since it is measured along the (turned) baseline.
            out.append(replace(s, x=w - s.x, y=h - s.y, rotate=(s.rotate + 180) % 360))
        elif isinstance(s, Rect):
            out.append(replace(s, x=w - s.x - s.w, y=h - s.y - s.h))
        elif isinstance(s, Group):
            clip = s.clip and (-s.clip[0] - s.clip[2], -s.clip[1] - s.clip[3], s.clip[2], s.clip[3])
            out.append(
                replace(s, shapes=tuple(turned(s.shapes, 0.0, 0.0)), dx=w - s.dx, dy=h - s.dy, clip=clip or None)
            )
        elif isinstance(s, Line):
            out.append(replace(s, x1=w - s.x1, y1=h - s.y1, x2=w - s.x2, y2=h - s.y2))
        elif isinstance(s, Polygon):
            out.append(replace(s, points=tuple((w - x, h - y) for x, y in s.points)))
        elif isinstance(s, Circle):
            out.append(replace(s, cx=w - s.cx, cy=h - s.cy))
        elif isinstance(s, Path):
            flip = [tuple(w - v if i % 2 == 0 else h - v for i, v in enumerate(seg)) for seg in s.segments]
            out.append(replace(s, start=(w - s.start[0], h - s.start[1]), segments=tuple(flip)))  # type: ignore[arg-type]
        else:  # an Image: a picture upside down is not what its owner drew
            raise TypeError(f"a {type(s).__name__} is not turned")
    return out
