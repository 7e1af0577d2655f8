"""SVG writer (svgwrite). One Drawing per file, physical size in mm, viewBox in mm.

Ids are explicit and counted per document (svgwrite's automatic ids count
across the whole process, which would make output depend on what ran before).
"""

from __future__ import annotations

from collections.abc import Sequence

import svgwrite
from svgwrite.container import Group as SvgGroup

from cardgen.layout.shapes import Circle, Drawing, Group, Line, Path, Polygon, Rect, Shape, Text
from cardgen.render import FONT_FAMILY

FAMILY = f"'{FONT_FAMILY}', monospace"


def _n(v: float) -> str:
    """Numbers short and stable: at most 3 decimals, no trailing zeros."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def path_data(path: Path) -> str:
    """SVG path data: M, then L for a line and C for a cubic segment, Z when closed."""
    parts = [f"M{_n(path.start[0])} {_n(path.start[1])}"]
    for seg in path.segments:
        parts.append(("L" if len(seg) == 2 else "C") + " ".join(_n(v) for v in seg))
    if path.closed:
        parts.append("Z")
    return "".join(parts)


class _Writer:
    def __init__(self, drawing: Drawing, title: str) -> None:
        ox, oy = drawing.origin
        self.dwg = svgwrite.Drawing(
            size=(f"{_n(drawing.width)}mm", f"{_n(drawing.height)}mm"),
            viewBox=f"{_n(ox)} {_n(oy)} {_n(drawing.width)} {_n(drawing.height)}",
            profile="full",
            debug=False,
        )
        self.clips = 0
        if title or drawing.title:
            self.dwg.set_desc(title=title or drawing.title)

    def add(self, parent: svgwrite.base.BaseElement, shape: Shape) -> None:
        d = self.dwg
        attrs: dict[str, str] = {}
        if shape.role:
            attrs["class_"] = shape.role
        if isinstance(shape, Rect):
            el = d.rect(insert=(_n(shape.x), _n(shape.y)), size=(_n(shape.w), _n(shape.h)), **attrs)
            if shape.radius:
                el["rx"] = el["ry"] = _n(shape.radius)
            self._paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, Line):
            el = d.line(start=(_n(shape.x1), _n(shape.y1)), end=(_n(shape.x2), _n(shape.y2)), **attrs)
            self._paint(el, None, shape.stroke, shape.stroke_width)
            if shape.dash:
                el["stroke-dasharray"] = " ".join(_n(v) for v in shape.dash)
        elif isinstance(shape, Polygon):
            el = d.polygon(points=[(float(_n(x)), float(_n(y))) for x, y in shape.points], **attrs)
            self._paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, Circle):
            el = d.circle(center=(_n(shape.cx), _n(shape.cy)), r=_n(shape.r), **attrs)
            self._paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, Path):
            el = d.path(d=path_data(shape), **attrs)
            self._paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, Text):
            el = d.text(shape.text, insert=(_n(shape.x), _n(shape.y)), **attrs)
            el["font-family"] = FAMILY
            el["font-size"] = _n(shape.size)
            el["text-anchor"] = shape.anchor
            el["fill"] = shape.fill
            if shape.bold:
                el["font-weight"] = "bold"
            if shape.rotate:
                el["transform"] = f"rotate({shape.rotate} {_n(shape.x)} {_n(shape.y)})"
        elif isinstance(shape, Group):
            el = d.g(**attrs)
            if shape.dx or shape.dy:
                el["transform"] = f"translate({_n(shape.dx)} {_n(shape.dy)})"
            inner: SvgGroup = el
            if shape.clip:
                self.clips += 1
                clip = d.defs.add(d.clipPath(id=f"clip{self.clips}"))
                x, y, w, h = shape.clip
                clip.add(d.rect(insert=(_n(x), _n(y)), size=(_n(w), _n(h))))
                inner = el.add(d.g(clip_path=f"url(#clip{self.clips})"))
            for child in shape.shapes:
                self.add(inner, child)
        else:  # pragma: no cover - the Shape union is closed
            raise TypeError(type(shape).__name__)
        parent.add(el)

    @staticmethod
    def _paint(el: svgwrite.base.BaseElement, fill: str | None, stroke: str | None, width: float) -> None:
        el["fill"] = fill or "none"
        if stroke:
            el["stroke"] = stroke
            el["stroke-width"] = _n(width)


def write_svg(pages: Sequence[Drawing], *, title: str = "") -> bytes:
    """One standalone SVG document of the single drawing in ``pages``."""
    if len(pages) != 1:
        raise ValueError("an SVG file holds one drawing")
    w = _Writer(pages[0], title)
    for shape in pages[0].shapes:
        w.add(w.dwg, shape)
    body: str = w.dwg.tostring()
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + body + "\n").encode("utf-8")
