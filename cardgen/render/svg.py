"""SVG writer (svgwrite). One Drawing per file, physical size in mm, viewBox in mm.

Ids are explicit and counted per document (svgwrite's automatic ids count
across the whole process, which would make output depend on what ran before).

Every SVG carries the glyphs its texts use: the shipped DejaVu Sans Mono, subset
(``render/fonts.py``) and embedded as ``@font-face`` data in ``<defs><style>``, so a viewer without
the font shows the same letters at the same widths as the PDF. The texts stay real
``<text>`` elements (selectable, and read back by class by ``cardgen check``).

svgwrite makes the document (its root, title and defs, escaped by ElementTree); the
shapes, the bulk of every file, are written as markup here, exactly as svgwrite would
write them (attributes sorted, empty ones left out, ElementTree's escaping), because one
svgwrite element object per shape cost more than everything else the writer does.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence

import svgwrite

from cardgen.layout.shapes import Circle, Drawing, Group, Image, Line, Path, Polygon, Rect, Shape, Text, Typeface
from cardgen.render.fonts import SVG_FAMILY, SVG_THEME_FAMILY, font_faces

PROLOG = '<?xml version="1.0" encoding="utf-8"?>\n'
MIME = {"png": "image/png", "jpeg": "image/jpeg"}  # the pictures an Image holds


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


class _Writer:
    """The shapes of one drawing as markup, with the clip paths and characters they need."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.clips: list[tuple[float, float, float, float]] = []
        self.chars: dict[bool, set[str]] = {False: set(), True: set()}
        self.theme_chars: dict[tuple[Typeface, bool], set[str]] = {}  # a theme's font: its own @font-face

    def add(self, shape: Shape) -> None:
        out = self.parts
        attrs: dict[str, str] = {"class": _attr(shape.role)} if shape.role else {}
        if isinstance(shape, Text):
            attrs["x"], attrs["y"] = _n(shape.x), _n(shape.y)
            attrs["font-family"] = _attr(SVG_FAMILY if shape.font is None else SVG_THEME_FAMILY)
            attrs["font-size"] = _n(shape.size)
            attrs["text-anchor"] = _attr(shape.anchor)
            attrs["fill"] = _attr(shape.fill)
            if shape.bold:
                attrs["font-weight"] = "bold"
            if shape.rotate:
                attrs["transform"] = f"rotate({shape.rotate} {_n(shape.x)} {_n(shape.y)})"
            if shape.font is None:
                self.chars[shape.bold].update(shape.text)
            else:
                self.theme_chars.setdefault((shape.font, shape.bold), set()).update(shape.text)
            text = str(shape.text)
            out.append(_open("text", attrs) + (f">{_cdata(text)}</text>" if text else " />"))
        elif isinstance(shape, Rect):
            attrs.update(x=_n(shape.x), y=_n(shape.y), width=_n(shape.w), height=_n(shape.h))
            if shape.radius:
                attrs["rx"] = attrs["ry"] = _n(shape.radius)
            out.append(_open("rect", _paint(attrs, shape.fill, shape.stroke, shape.stroke_width)) + " />")
        elif isinstance(shape, Line):
            attrs.update(x1=_n(shape.x1), y1=_n(shape.y1), x2=_n(shape.x2), y2=_n(shape.y2))
            _paint(attrs, None, shape.stroke, shape.stroke_width)
            if shape.dash:
                attrs["stroke-dasharray"] = " ".join(_n(v) for v in shape.dash)
            out.append(_open("line", attrs) + " />")
        elif isinstance(shape, Polygon):
            # svgwrite writes each point as "%s,%s" of floats (3 -> "3.0")
            attrs["points"] = " ".join(f"{float(_n(x))},{float(_n(y))}" for x, y in shape.points)
            out.append(_open("polygon", _paint(attrs, shape.fill, shape.stroke, shape.stroke_width)) + " />")
        elif isinstance(shape, Circle):
            attrs.update(cx=_n(shape.cx), cy=_n(shape.cy), r=_n(shape.r))
            out.append(_open("circle", _paint(attrs, shape.fill, shape.stroke, shape.stroke_width)) + " />")
        elif isinstance(shape, Path):
            attrs["d"] = path_data(shape)
            out.append(_open("path", _paint(attrs, shape.fill, shape.stroke, shape.stroke_width)) + " />")
        elif isinstance(shape, Image):
            attrs.update(x=_n(shape.x), y=_n(shape.y), width=_n(shape.w), height=_n(shape.h))
            attrs["preserveAspectRatio"] = "none"  # the layout has fitted the box to the picture
            attrs["xlink:href"] = f"data:{MIME[shape.kind]};base64,{base64.b64encode(shape.data).decode('ascii')}"
            out.append(_open("image", attrs) + " />")
        elif isinstance(shape, Group):
            if shape.dx or shape.dy:
                attrs["transform"] = f"translate({_n(shape.dx)} {_n(shape.dy)})"
            close = "</g>"
            out.append(_open("g", attrs))
            if shape.clip:
                self.clips.append(shape.clip)
                out.append(f'><g clip-path="url(#clip{len(self.clips)})"')
                close = "</g></g>"
            if not shape.shapes:
                out.append(" />" + close[4:])
                return
            out.append(">")
            for child in shape.shapes:
                self.add(child)
            out.append(close)
        else:  # pragma: no cover - the Shape union is closed
            raise TypeError(type(shape).__name__)


def write_svg(pages: Sequence[Drawing], *, title: str = "") -> bytes:
    """One standalone SVG document of the single drawing in ``pages``."""
    if len(pages) != 1:
        raise ValueError("an SVG file holds one drawing")
    drawing = pages[0]
    shapes = _Writer()
    for shape in drawing.shapes:
        shapes.add(shape)
    ox, oy = drawing.origin
    dwg = svgwrite.Drawing(
        size=(f"{_n(drawing.width)}mm", f"{_n(drawing.height)}mm"),
        viewBox=f"{_n(ox)} {_n(oy)} {_n(drawing.width)} {_n(drawing.height)}",
        profile="full",
        debug=False,
    )
    if title or drawing.title:
        dwg.set_desc(title=title or drawing.title)
    style = font_faces(shapes.chars[False], shapes.chars[True], shapes.theme_chars)
    if style:
        dwg.defs.add(dwg.style(style))
    for i, (x, y, w, h) in enumerate(shapes.clips, 1):
        clip = dwg.defs.add(dwg.clipPath(id=f"clip{i}"))
        clip.add(dwg.rect(insert=(_n(x), _n(y)), size=(_n(w), _n(h))))
    document: str = dwg.tostring()
    end = "</svg>"  # the root always has children (its <defs>): the shapes go after them
    assert document.endswith(end)
    return (PROLOG + document[: -len(end)] + "".join(shapes.parts) + end + "\n").encode("utf-8")
