"""One traversal of the shape tree, shared by every writer (as ``reportlab.graphics``'s renderers
share ``renderbase``): ``Renderer.draw`` visits the shapes in order and calls the method for
each kind (``rect``, ``line``, ``polygon``, ``circle``, ``path``, ``text``, ``image``), with the
offset of the groups around it; a writer implements those methods and nothing else. A group
is drawn by ``group``, which by default moves its children by its offset; a writer whose
format has groups of its own (SVG's ``<g>``) draws them itself.

>>> from cardgen.layout.shapes import Group, Rect, Text
>>> class Names(Renderer):
...     def __init__(self):
...         self.seen = []
...     def rect(self, s, dx, dy):
...         self.seen.append(("rect", s.x + dx, s.y + dy))
...     def text(self, s, dx, dy):
...         self.seen.append(("text", s.x + dx, s.y + dy))
>>> r = Names()
>>> r.draw((Rect(1, 1, 2, 2), Group((Text(1, 1, "A", 3),), dx=10, dy=20)))
>>> r.seen
[('rect', 1.0, 1.0), ('text', 11.0, 21.0)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardgen.layout.shapes import Circle, Group, Image, Line, Path, Polygon, Rect, Shape, Text

# the method each kind of shape is drawn by: the shape union is closed, so this is every kind
METHODS: dict[type, str] = {
    Rect: "rect",
    Line: "line",
    Polygon: "polygon",
    Circle: "circle",
    Path: "path",
    Text: "text",
    Image: "image",
    Group: "group",
}


def dash_pattern(dash: tuple[float, ...]) -> tuple[float, ...]:
    """A line's dashes as every format takes them, so that no drawing can make a writer fail:
    a negative length (dashes that overlap, as a wagon's outline on a very small face) is 0,
    and a pattern of no length at all is a solid line (ReportLab refuses either, as PDF does;
    SVG draws both solid).

    >>> dash_pattern((2.7, -0.08)), dash_pattern((0.0, -1.0)), dash_pattern((3.0, 2.0))
    ((2.7, 0.0), (), (3.0, 2.0))
    """
    out = tuple(v if v > 0 else 0.0 for v in dash)  # (NaN too: it is not > 0)
    return out if sum(out) > 0 else ()


class Renderer:
    """Walks a shape tree; a subclass draws each kind of shape in its own format."""

    def draw(self, shapes: Iterable[Shape], dx: float = 0.0, dy: float = 0.0) -> None:
        """Draw ``shapes`` in order, each moved by (``dx``, ``dy``), the offset of its groups."""
        for shape in shapes:
            method: Callable[[Any, float, float], None] = getattr(self, METHODS[type(shape)])
            method(shape, dx, dy)

    def group(self, g: Group, dx: float, dy: float) -> None:
        """A group: its shapes, moved by its offset. (A clip needs the writer's own handling.)"""
        self.draw(g.shapes, dx + g.dx, dy + g.dy)

    def rect(self, r: Rect, dx: float, dy: float) -> None:
        raise NotImplementedError

    def line(self, ln: Line, dx: float, dy: float) -> None:
        raise NotImplementedError

    def polygon(self, p: Polygon, dx: float, dy: float) -> None:
        raise NotImplementedError

    def circle(self, c: Circle, dx: float, dy: float) -> None:
        raise NotImplementedError

    def path(self, p: Path, dx: float, dy: float) -> None:
        raise NotImplementedError

    def text(self, t: Text, dx: float, dy: float) -> None:
        raise NotImplementedError

    def image(self, im: Image, dx: float, dy: float) -> None:
        raise NotImplementedError
