"""The objects on a written PDF's pages, read with pdfium (an independent engine): every text
object with its font, size, angle and place, and every path's box and paint.

Checkers use this to see what a printed page really shows, whatever order the objects were
drawn in. Coordinates are points from the page's bottom-left, as PDF has them.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from cardgen.errors import CardgenError

Box = tuple[float, float, float, float]  # left, bottom, right, top
Colour = tuple[int, int, int, int]  # r, g, b, a


@dataclass(frozen=True)
class TextObject:
    text: str
    font: str  # base font name, subset prefix removed
    size: float  # effective size in points (font size × scale)
    angle: float  # degrees, counter-clockwise; 180 is upside down
    x: float  # origin of the first glyph
    y: float
    box: Box
    fill: Colour

    @property
    def bold(self) -> bool:
        return "Bold" in self.font


@dataclass(frozen=True)
class PathObject:
    box: Box
    fill: Colour | None  # None when the path is not filled
    stroke: Colour | None


@dataclass(frozen=True)
class PageObjects:
    number: int  # 1-based
    width: float
    height: float
    texts: list[TextObject]
    paths: list[PathObject]


def _colour(getter: object, obj: object) -> Colour:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    getter(obj, r, g, b, a)  # type: ignore[operator]
    return r.value, g.value, b.value, a.value


def _box(obj: pdfium.PdfObject) -> Box:
    left, bottom, right, top = obj.get_bounds()
    return left, bottom, right, top


def _text(obj: pdfium.PdfObject, textpage: pdfium.PdfTextPage) -> TextObject:
    handle = obj.raw
    n = raw.FPDFTextObj_GetText(handle, textpage.raw, None, 0)
    buf = ctypes.create_string_buffer(n)
    raw.FPDFTextObj_GetText(handle, textpage.raw, ctypes.cast(buf, ctypes.POINTER(raw.FPDF_WCHAR)), n)
    text = buf.raw[: max(0, n - 2)].decode("utf-16-le", errors="replace")
    font = raw.FPDFTextObj_GetFont(handle)
    m = raw.FPDFFont_GetBaseFontName(font, None, 0)
    name_buf = ctypes.create_string_buffer(m)
    raw.FPDFFont_GetBaseFontName(font, name_buf, m)
    name = name_buf.value.decode("latin-1").split("+", 1)[-1]
    size = ctypes.c_float()
    raw.FPDFTextObj_GetFontSize(handle, size)
    a, b, _, _, e, f = obj.get_matrix().get()
    scale = math.hypot(a, b)
    return TextObject(
        text=text,
        font=name,
        size=size.value * scale,
        angle=round(math.degrees(math.atan2(b, a)), 3) % 360,
        x=e,
        y=f,
        box=_box(obj),
        fill=_colour(raw.FPDFPageObj_GetFillColor, handle),
    )


def _path(obj: pdfium.PdfObject) -> PathObject:
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj.raw, mode, stroke)
    return PathObject(
        box=_box(obj),
        fill=_colour(raw.FPDFPageObj_GetFillColor, obj.raw) if mode.value else None,
        stroke=_colour(raw.FPDFPageObj_GetStrokeColor, obj.raw) if stroke.value else None,
    )


def read_pages(pdf: Path | bytes, pages: range | None = None) -> list[PageObjects]:
    """The text and path objects of each page (``pages``: 0-based indices, default all).

    Raises CardgenError when pdfium cannot open the file at all."""
    try:
        doc = pdfium.PdfDocument(pdf)
    except (pdfium.PdfiumError, OSError) as e:
        raise CardgenError(f"cannot open the PDF: {e}") from None
    try:
        out: list[PageObjects] = []
        for i in pages if pages is not None else range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            texts: list[TextObject] = []
            paths: list[PathObject] = []
            for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_PATH)):
                if obj.type == raw.FPDF_PAGEOBJ_TEXT:
                    texts.append(_text(obj, textpage))
                else:
                    paths.append(_path(obj))
            width, height = page.get_size()
            out.append(PageObjects(i + 1, width, height, texts, paths))
        return out
    finally:
        doc.close()
