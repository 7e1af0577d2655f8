"""The objects on a written PDF's pages, read with pdfium (an independent engine): every text
object with its font, size, angle and place, and every path's box and paint.

Checkers use this to see what a printed page really shows, whatever order the objects were
drawn in. Coordinates are points from the page's bottom-left, as PDF has them.

Objects are read through pdfium's C API directly (one call per property, fonts looked up once
each): the Python wrappers cost more than the reading itself on a 1300-card pack.
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

FILL = 0  # text render mode cardgen writes: glyphs filled (3 would be invisible)
OTHER_KINDS = {
    raw.FPDF_PAGEOBJ_IMAGE: "image",
    raw.FPDF_PAGEOBJ_SHADING: "shading",
    raw.FPDF_PAGEOBJ_FORM: "form",
}


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
    mode: int = FILL  # text render mode (0 fill, 1 stroke, 3 invisible, ...)
    embedded: bool = True  # the font program is in the file

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
    others: tuple[str, ...] = ()  # kinds of any other objects on the page (image, form, ...)


class _Reader:
    """Reads page objects with reusable ctypes buffers; fonts are named once per handle."""

    def __init__(self) -> None:
        self.floats = [ctypes.c_float() for _ in range(4)]
        self.uints = [ctypes.c_uint() for _ in range(4)]
        self.ints = [ctypes.c_int(), ctypes.c_int()]
        self.matrix = raw.FS_MATRIX()
        self._text_buffer(512)
        self.fonts: dict[int, tuple[str, bool]] = {}

    def _text_buffer(self, n: int) -> None:
        self.text_buf = ctypes.create_string_buffer(n)
        self.text_ptr = ctypes.cast(self.text_buf, ctypes.POINTER(raw.FPDF_WCHAR))

    def box(self, obj: raw.FPDF_PAGEOBJECT) -> Box:
        left, bottom, right, top = self.floats
        raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
        return left.value, bottom.value, right.value, top.value

    def colour(self, getter: object, obj: raw.FPDF_PAGEOBJECT) -> Colour:
        r, g, b, a = self.uints
        getter(obj, r, g, b, a)  # type: ignore[operator]
        return r.value, g.value, b.value, a.value

    def font(self, obj: raw.FPDF_PAGEOBJECT) -> tuple[str, bool]:
        handle = raw.FPDFTextObj_GetFont(obj)
        key = ctypes.cast(handle, ctypes.c_void_p).value or 0
        if key not in self.fonts:
            m = raw.FPDFFont_GetBaseFontName(handle, None, 0)
            buf = ctypes.create_string_buffer(max(1, m))
            raw.FPDFFont_GetBaseFontName(handle, buf, m)
            name = buf.value.decode("latin-1").split("+", 1)[-1]
            self.fonts[key] = (name, bool(raw.FPDFFont_GetIsEmbedded(handle)))
        return self.fonts[key]

    def text(self, obj: raw.FPDF_PAGEOBJECT, textpage: raw.FPDF_TEXTPAGE) -> TextObject:
        n = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
        if n > len(self.text_buf):
            self._text_buffer(n)
        raw.FPDFTextObj_GetText(obj, textpage, self.text_ptr, n)
        text = ctypes.string_at(self.text_buf, max(0, n - 2)).decode("utf-16-le", errors="replace")
        name, embedded = self.font(obj)
        size = self.floats[0]
        raw.FPDFTextObj_GetFontSize(obj, size)
        m = self.matrix
        raw.FPDFPageObj_GetMatrix(obj, m)
        return TextObject(
            text=text,
            font=name,
            size=size.value * math.hypot(m.a, m.b),
            angle=round(math.degrees(math.atan2(m.b, m.a)), 3) % 360,
            x=m.e,
            y=m.f,
            box=self.box(obj),
            fill=self.colour(raw.FPDFPageObj_GetFillColor, obj),
            mode=int(raw.FPDFTextObj_GetTextRenderMode(obj)),
            embedded=embedded,
        )

    def path(self, obj: raw.FPDF_PAGEOBJECT) -> PathObject:
        mode, stroke = self.ints
        raw.FPDFPath_GetDrawMode(obj, mode, stroke)
        return PathObject(
            box=self.box(obj),
            fill=self.colour(raw.FPDFPageObj_GetFillColor, obj) if mode.value else None,
            stroke=self.colour(raw.FPDFPageObj_GetStrokeColor, obj) if stroke.value else None,
        )


def read_pages(pdf: Path | bytes, pages: range | None = None) -> list[PageObjects]:
    """The text and path objects of each page (``pages``: 0-based indices, default all).

    Objects inside form XObjects are not opened: a page holding one says so in ``others``.
    Raises CardgenError when pdfium cannot open the file at all."""
    try:
        doc = pdfium.PdfDocument(pdf)
    except (pdfium.PdfiumError, OSError) as e:
        raise CardgenError(f"cannot open the PDF: {e}") from None
    reader = _Reader()
    try:
        out: list[PageObjects] = []
        for i in pages if pages is not None else range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            texts: list[TextObject] = []
            paths: list[PathObject] = []
            others: list[str] = []
            for k in range(raw.FPDFPage_CountObjects(page.raw)):
                obj = raw.FPDFPage_GetObject(page.raw, k)
                kind = raw.FPDFPageObj_GetType(obj)
                if kind == raw.FPDF_PAGEOBJ_TEXT:
                    texts.append(reader.text(obj, textpage.raw))
                elif kind == raw.FPDF_PAGEOBJ_PATH:
                    paths.append(reader.path(obj))
                else:
                    others.append(OTHER_KINDS.get(kind, "unknown"))
            width, height = page.get_size()
            textpage.close()
            page.close()
            out.append(PageObjects(i + 1, width, height, texts, paths, tuple(others)))
        return out
    finally:
        doc.close()
