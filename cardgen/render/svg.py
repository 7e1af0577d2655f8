"""SVG writer. One Drawing per file, physical size in mm, viewBox in mm.

Ids are explicit and counted per document, so the output never depends on what ran before.

Every SVG carries the glyphs its texts use: the shipped families (DejaVu Sans Mono, Atkinson
Hyperlegible), subset (``render/fonts.py``) and embedded as ``@font-face`` data in
``<defs><style>``, so a viewer without the fonts shows the same letters at the same widths as
the PDF. The texts stay real
``<text>`` elements (selectable, and read back by class by ``cardgen check``).

The markup is written directly, in the form svgwrite (which earlier versions used) gives
it: attributes sorted, empty ones left out, ElementTree's escaping, a ``<defs>`` always
there. The files are the same bytes; an element object per shape cost more than everything
else the writer does, and importing svgwrite alone took 65 ms of every run.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from cardgen.layout.shapes import (
    Circle,
    Drawing,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Text,
    Typeface,
    drawn_family,
)
from cardgen.render.fonts import SVG_FAMILIES, SVG_THEME_FAMILY, font_faces
from cardgen.render.renderer import Renderer, dash_pattern

PROLOG = '<?xml version="1.0" encoding="utf-8"?>\n'
SVG_NS = "http://www.w3.org/2000/svg"
EV_NS = "http://www.w3.org/2001/xml-events"
XLINK_NS = "http://www.w3.org/1999/xlink"
MIME = {"png": "image/png", "jpeg": "image/jpeg"}  # the pictures an Image holds


def _n(v: float) -> str:
    """Numbers short and stable: at most 3 decimals, no trailing zeros."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


@lru_cache(maxsize=1024)  # (a pack's faces share their drawings: the same engine card after card)
def path_data(path: Path) -> str:
    """SVG path data: M, then L for a line and C for a cubic segment, Z when closed."""
    parts = [f"M{_n(path.start[0])} {_n(path.start[1])}"]
    for seg in path.segments:
        parts.append(("L" if len(seg) == 2 else "C") + " ".join(_n(v) for v in seg))
    if path.closed:
        parts.append("Z")
    return "".join(parts)


# ---------------------------------------------------------------- shapes as markup

_SPECIAL = re.compile('[&<>"\r\n\t]')


def _attr(value: str) -> str:
    """An attribute value escaped as ElementTree escapes it (so as svgwrite writes it)."""
    if not _SPECIAL.search(value):
        return value
    for raw, escaped in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
        value = value.replace(raw, escaped)
    return value.replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;")


def _cdata(text: str) -> str:
    """Character data escaped as ElementTree escapes it."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _open(tag: str, attrs: dict[str, str]) -> str:
    """``<tag a="…" …`` with svgwrite's attribute order (sorted) and rule (empty values left out).
    Values are escaped by the caller: numbers need none."""
    return f"<{tag}" + "".join([f' {k}="{v}"' for k, v in sorted(attrs.items()) if v])


def _paint(attrs: dict[str, str], fill: str | None, stroke: str | None, width: float) -> dict[str, str]:
    attrs["fill"] = _attr(fill or "none")
    if stroke:
        attrs["stroke"] = _attr(stroke)
        attrs["stroke-width"] = _n(width)
    return attrs


_FAMILIES = {family: _attr(name) for family, name in SVG_FAMILIES.items()}  # a text's font-family
_THEME_FAMILY = _attr(SVG_THEME_FAMILY)


# The markup of a shape depends on the shape alone (SVG has groups: its coordinates are written
# as they are), and a pack's faces repeat most of their drawing card after card: each shape is
# written once and its markup looked up after that (bounded: a shape that stops coming is let go).
@lru_cache(maxsize=4096)
def _markup(shape: Shape) -> str:
    return _MARKUP[type(shape)](shape)


def _text(t: Text) -> str:
    # The attributes in svgwrite's order (sorted by name, empty ones left out) as they come,
    # with no dict to sort: a big pack has ten thousand texts.
    x, y = _n(t.x), _n(t.y)
    family = drawn_family(t.text, t.family) if t.font is None else ""
    head = ["<text"]
    if t.role:
        head.append(f' class="{_attr(t.role)}"')
    if t.fill:
        head.append(f' fill="{_attr(t.fill)}"')
    head.append(f' font-family="{_FAMILIES[family] if family else _THEME_FAMILY}" font-size="{_n(t.size)}"')
    if t.bold:
        head.append(' font-weight="bold"')
    if t.anchor:
        head.append(f' text-anchor="{_attr(t.anchor)}"')
    if t.rotate:
        head.append(f' transform="rotate({t.rotate} {x} {y})"')
    head.append(f' x="{x}" y="{y}"')
    text = str(t.text)
    head.append(f">{_cdata(text)}</text>" if text else " />")
    return "".join(head)


def _attrs(shape: Shape) -> dict[str, str]:
    return {"class": _attr(shape.role)} if shape.role else {}


def _rect(r: Rect) -> str:
    # (in svgwrite's order, as ``_text`` is: every card has a few)
    head = ["<rect"]
    if r.role:
        head.append(f' class="{_attr(r.role)}"')
    head.append(f' fill="{_attr(r.fill or "none")}" height="{_n(r.h)}"')
    if r.radius:
        radius = _n(r.radius)
        head.append(f' rx="{radius}" ry="{radius}"')
    if r.stroke:
        head.append(f' stroke="{_attr(r.stroke)}" stroke-width="{_n(r.stroke_width)}"')
    head.append(f' width="{_n(r.w)}" x="{_n(r.x)}" y="{_n(r.y)}" />')
    return "".join(head)


def _line(ln: Line) -> str:
    attrs = _attrs(ln)
    attrs.update(x1=_n(ln.x1), y1=_n(ln.y1), x2=_n(ln.x2), y2=_n(ln.y2))
    _paint(attrs, None, ln.stroke, ln.stroke_width)
    dash = dash_pattern(ln.dash)
    if dash:
        attrs["stroke-dasharray"] = " ".join(_n(v) for v in dash)
    return _open("line", attrs) + " />"


def _polygon(p: Polygon) -> str:
    attrs = _attrs(p)
    # svgwrite writes each point as "%s,%s" of floats (3 -> "3.0")
    attrs["points"] = " ".join(f"{float(_n(x))},{float(_n(y))}" for x, y in p.points)
    return _open("polygon", _paint(attrs, p.fill, p.stroke, p.stroke_width)) + " />"


def _circle(c: Circle) -> str:
    attrs = _attrs(c)
    attrs.update(cx=_n(c.cx), cy=_n(c.cy), r=_n(c.r))
    return _open("circle", _paint(attrs, c.fill, c.stroke, c.stroke_width)) + " />"


def _path(p: Path) -> str:
    attrs = _attrs(p)
    attrs["d"] = path_data(p)
    return _open("path", _paint(attrs, p.fill, p.stroke, p.stroke_width)) + " />"


_MARKUP: dict[type, Callable[[Any], str]] = {
    Text: _text,
    Rect: _rect,
    Line: _line,
    Polygon: _polygon,
    Circle: _circle,
    Path: _path,
}


class _Writer(Renderer):
    """The shapes of one drawing as markup, with the clip paths and characters they need.
    SVG has groups of its own, so a shape's coordinates are written as they are, relative to
    the ``<g>`` it is in (the offsets ``draw`` passes are always 0 here)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.clips: list[tuple[float, float, float, float]] = []
        self.chars: dict[bool, set[str]] = {False: set(), True: set()}  # the monospace family's
        self.sans_chars: dict[bool, set[str]] = {False: set(), True: set()}
        self.theme_chars: dict[tuple[Typeface, bool], set[str]] = {}  # a theme's font: its own @font-face

    def text(self, t: Text, dx: float, dy: float) -> None:
        if t.font is not None:
            self.theme_chars.setdefault((t.font, t.bold), set()).update(t.text)
        elif drawn_family(t.text, t.family) == "sans":
            self.sans_chars[t.bold].update(t.text)
        else:
            self.chars[t.bold].update(t.text)
        self.parts.append(_markup(t))

    def rect(self, r: Rect, dx: float, dy: float) -> None:
        self.parts.append(_markup(r))

    def line(self, ln: Line, dx: float, dy: float) -> None:
        self.parts.append(_markup(ln))

    def polygon(self, p: Polygon, dx: float, dy: float) -> None:
        self.parts.append(_markup(p))

    def circle(self, c: Circle, dx: float, dy: float) -> None:
        self.parts.append(_markup(c))

    def path(self, p: Path, dx: float, dy: float) -> None:
        self.parts.append(_markup(p))

    def image(self, im: Image, dx: float, dy: float) -> None:
        attrs = _attrs(im)
        attrs.update(x=_n(im.x), y=_n(im.y), width=_n(im.w), height=_n(im.h))
        attrs["preserveAspectRatio"] = "none"  # the layout has fitted the box to the picture
        attrs["xlink:href"] = f"data:{MIME[im.kind]};base64,{base64.b64encode(im.data).decode('ascii')}"
        self.parts.append(_open("image", attrs) + " />")

    def group(self, g: Group, dx: float, dy: float) -> None:
        attrs = _attrs(g)
        if g.dx or g.dy:
            attrs["transform"] = f"translate({_n(g.dx)} {_n(g.dy)})"
        close = "</g>"
        self.parts.append(_open("g", attrs))
        if g.clip:
            self.clips.append(g.clip)
            self.parts.append(f'><g clip-path="url(#clip{len(self.clips)})"')
            close = "</g></g>"
        if not g.shapes:
            self.parts.append(" />" + close[4:])
            return
        self.parts.append(">")
        self.draw(g.shapes)
        self.parts.append(close)


def write_svg(pages: Sequence[Drawing], *, title: str = "") -> bytes:
    """One standalone SVG document of the single drawing in ``pages``."""
    if len(pages) != 1:
        raise ValueError("an SVG file holds one drawing")
    drawing = pages[0]
    shapes = _Writer()
    shapes.draw(drawing.shapes)
    ox, oy = drawing.origin
    w, h = _n(drawing.width), _n(drawing.height)
    head = [f'<svg baseProfile="full" height="{h}mm" version="1.1" viewBox="{_n(ox)} {_n(oy)} {w} {h}" width="{w}mm"']
    head.append(f' xmlns="{SVG_NS}" xmlns:ev="{EV_NS}" xmlns:xlink="{XLINK_NS}">')
    if title or drawing.title:
        head.append(f"<title>{_cdata(title or drawing.title)}</title>")
    defs = []
    style = font_faces(shapes.chars[False], shapes.chars[True], shapes.theme_chars, shapes.sans_chars)
    if style:
        defs.append(f'<style type="text/css"><![CDATA[{style}]]></style>')
    for i, (x, y, cw, ch) in enumerate(shapes.clips, 1):
        rect = _open("rect", {"height": _n(ch), "width": _n(cw), "x": _n(x), "y": _n(y)})
        defs.append(f'<clipPath id="clip{i}">{rect} /></clipPath>')
    head.append(f"<defs>{''.join(defs)}</defs>" if defs else "<defs />")
    return (PROLOG + "".join(head) + "".join(shapes.parts) + "</svg>\n").encode("utf-8")
