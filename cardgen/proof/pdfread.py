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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.proof.pages import FILL, Box, Colour, PageObjects, PathObject, TextObject, packed
from cardgen.render.bidi import is_rtl
from cardgen.render.png import rgb_png

__all__ = ["FILL", "Box", "Colour", "PageObjects", "PathObject", "PdfPages", "TextObject", "read_packed", "read_pages"]


class _Reader:
    """Reads page objects with reusable ctypes buffers; fonts are named once per handle.

    Speed: a 1300-card pack has over ten thousand text objects. pdfium's functions are bound
    once (``raw``: pypdfium2's ctypes bindings), their out-parameters are reused, and a text is
    fetched in one call when it fits the buffer (pdfium says how long it is either way)."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.text_kind, self.path_kind = raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_PATH
        self.other_kinds = {
            raw.FPDF_PAGEOBJ_IMAGE: "image",
            raw.FPDF_PAGEOBJ_SHADING: "shading",
            raw.FPDF_PAGEOBJ_FORM: "form",
        }
        self._get_bounds = raw.FPDFPageObj_GetBounds
        self._get_font = raw.FPDFTextObj_GetFont
        self._get_text = raw.FPDFTextObj_GetText
        self._get_font_size = raw.FPDFTextObj_GetFontSize
        self._get_matrix = raw.FPDFPageObj_GetMatrix
        self._get_fill = raw.FPDFPageObj_GetFillColor
        self._get_stroke = raw.FPDFPageObj_GetStrokeColor
        self._get_render_mode = raw.FPDFTextObj_GetTextRenderMode
        self._get_draw_mode = raw.FPDFPath_GetDrawMode
        self.floats = [ctypes.c_float() for _ in range(4)]
        self.uints = [ctypes.c_uint() for _ in range(4)]
        self.ints = [ctypes.c_int(), ctypes.c_int()]
        self.matrix = raw.FS_MATRIX()
        self._text_buffer(512)
        self.fonts: dict[int, tuple[str, bool]] = {}

    def _text_buffer(self, n: int) -> None:
        self.text_buf = ctypes.create_string_buffer(n)
        self.text_ptr = ctypes.cast(self.text_buf, ctypes.POINTER(self.raw.FPDF_WCHAR))

    def box(self, obj: Any) -> Box:
        self._get_bounds(obj, *self.floats)
        left, bottom, right, top = self.floats
        return left.value, bottom.value, right.value, top.value

    def colour(self, getter: object, obj: Any) -> Colour:
        getter(obj, *self.uints)  # type: ignore[operator]
        r, g, b, a = self.uints
        return r.value, g.value, b.value, a.value

    def font(self, obj: Any) -> tuple[str, bool]:
        raw = self.raw
        handle = self._get_font(obj)
        key = ctypes.cast(handle, ctypes.c_void_p).value or 0
        if key not in self.fonts:
            m = raw.FPDFFont_GetBaseFontName(handle, None, 0)
            buf = ctypes.create_string_buffer(max(1, m))
            raw.FPDFFont_GetBaseFontName(handle, buf, m)
            name = buf.value.decode("latin-1").split("+", 1)[-1]
            self.fonts[key] = (name, bool(raw.FPDFFont_GetIsEmbedded(handle)))
        return self.fonts[key]

    def text(self, obj: Any, textpage: Any) -> TextObject:
        n = self._get_text(obj, textpage, self.text_ptr, len(self.text_buf))
        if n > len(self.text_buf):  # did not fit: nothing was written; again with room for it
            self._text_buffer(n)
            n = self._get_text(obj, textpage, self.text_ptr, n)
        text = ctypes.string_at(self.text_buf, max(0, n - 2)).decode("utf-16-le", errors="replace")
        # pdfium reads a hyphen ending a text (a title broken at "Trans-") as 0x02, its mark of a
        # word broken over two lines; cardgen draws no control character, so it is the hyphen
        text = text.replace("\x02", "-")
        name, embedded = self.font(obj)
        size = self.floats[0]
        self._get_font_size(obj, size)
        m = self.matrix
        self._get_matrix(obj, m)
        a, b = m.a, m.b
        # (positional: a big pack reads ten thousand of these)
        return TextObject(
            text,
            name,
            size.value * math.hypot(a, b),
            round(math.degrees(math.atan2(b, a)), 3) % 360,
            m.e,
            m.f,
            self.box(obj),
            self.colour(self._get_fill, obj),
            int(self._get_render_mode(obj)),
            embedded,
        )

    def path(self, obj: Any) -> PathObject:
        mode, stroke = self.ints
        self._get_draw_mode(obj, mode, stroke)
        return PathObject(
            self.box(obj),
            self.colour(self._get_fill, obj) if mode.value else None,
            self.colour(self._get_stroke, obj) if stroke.value else None,
        )


def _drawn_orders(raw: Any, tp: Any, wanted: dict[int, int], texts: list[TextObject]) -> dict[int, str]:
    """The letters of each right-to-left text object (``wanted``: its address -> its index in
    ``texts``) in the order they stand along its baseline, as drawn: pdfium reads such a text
    back in an order of its own guessing (right-to-left runs turned, left-to-right ones not, a
    number now one, now the other), which cannot be compared with the text as typed; the order
    on the page can (``render.bidi.drawn_form``)."""
    found: dict[int, list[tuple[float, int, str]]] = {index: [] for index in wanted.values()}
    x, y = ctypes.c_double(), ctypes.c_double()
    for i in range(raw.FPDFText_CountChars(tp)):
        if raw.FPDFText_IsGenerated(tp, i) == 1:
            continue  # a space or a line break pdfium adds between objects
        owner = ctypes.cast(raw.FPDFText_GetTextObject(tp, i), ctypes.c_void_p).value or 0
        index = wanted.get(owner)
        if index is None:
            continue
        raw.FPDFText_GetCharOrigin(tp, i, x, y)
        a = math.radians(texts[index].angle)
        found[index].append(
            (round(x.value * math.cos(a) + y.value * math.sin(a), 2), i, chr(raw.FPDFText_GetUnicode(tp, i)))
        )
    return {index: "".join(c for _, _, c in sorted(chars)) for index, chars in found.items()}


def read_pages(pdf: Path | bytes, pages: range | None = None) -> list[PageObjects]:
    """The text and path objects of each page (``pages``: 0-based indices, default all).

    Objects inside form XObjects are not opened: a page holding one says so in ``others``.
    Raises CardgenError when pdfium cannot open the file at all."""
    with PdfPages(pdf) as doc:
        return [doc.read(i) for i in (pages if pages is not None else range(len(doc)))]


def read_packed(pdf: Path | bytes) -> Iterator[bytes]:
    """Every page, as ``read_pages`` reads it, one at a time, each ``pages.packed`` as soon as it
    is read: what a worker hands over for ``pages.unpacked``."""
    with PdfPages(pdf) as doc:
        for i in range(len(doc)):
            yield packed(doc.read(i))


class PdfPages:
    """A PDF opened once, its pages read one at a time, as ``read_pages`` reads them: a checker
    that is done with a page before it reads the next need not hold a big pack's every object
    at once. ``with PdfPages(data) as doc: doc.read(0)``. Raises CardgenError when pdfium cannot
    open the file at all."""

    def __init__(self, pdf: Path | bytes) -> None:
        # pdfium is imported where a PDF is opened (13 ms): a build reads its PDF in the worker
        # process only, so the process that writes and checks the SVGs never loads it
        import pypdfium2 as pdfium
        import pypdfium2.raw as raw

        try:
            self.doc = pdfium.PdfDocument(pdf)
        except (pdfium.PdfiumError, OSError) as e:
            raise CardgenError(f"cannot open the PDF: {e}") from None
        self.reader = _Reader(raw)

    def __len__(self) -> int:
        return len(self.doc)

    def __enter__(self) -> PdfPages:
        return self

    def __exit__(self, *exc: object) -> None:
        self.doc.close()

    def read(self, i: int) -> PageObjects:
        """The objects of page ``i`` (0-based)."""
        page = self.doc[i]
        textpage = page.get_textpage()
        texts: list[TextObject] = []
        paths: list[PathObject] = []
        others: list[str] = []
        reader = self.reader
        handle, tp = page.raw, textpage.raw
        get_object, get_type, text, path = (
            reader.raw.FPDFPage_GetObject,
            reader.raw.FPDFPageObj_GetType,
            reader.text,
            reader.path,
        )
        rtl: dict[int, int] = {}  # a right-to-left text object's address -> its index in ``texts``
        for k in range(reader.raw.FPDFPage_CountObjects(handle)):
            obj = get_object(handle, k)
            kind = get_type(obj)
            if kind == reader.text_kind:
                texts.append(text(obj, tp))
                if is_rtl(texts[-1].text):
                    rtl[ctypes.cast(obj, ctypes.c_void_p).value or 0] = len(texts) - 1
            elif kind == reader.path_kind:
                paths.append(path(obj))
            else:
                others.append(reader.other_kinds.get(kind, "unknown"))
        if rtl:
            for index, drawn in _drawn_orders(reader.raw, tp, rtl, texts).items():
                texts[index] = texts[index]._replace(drawn=drawn)
        width, height = page.get_size()
        textpage.close()
        page.close()
        return PageObjects(i + 1, width, height, texts, paths, tuple(others))


def page_pictures(pdf: bytes, width: int, most: int) -> tuple[list[bytes], int, float]:
    """The first ``most`` pages of ``pdf`` drawn by pdfium, each ``width`` px wide, as PNGs;
    with the page count and the tallest page's height over its width (for a preview)."""
    with PdfPages(pdf) as pages:
        doc = pages.doc
        sizes = [doc[i].get_size() for i in range(min(len(doc), most))]
        out = []
        for i, (w, _) in enumerate(sizes):
            bitmap = doc[i].render(scale=width / w, rev_byteorder=True)  # RGB, as a PNG has it
            out.append(rgb_png(bitmap.width, bitmap.height, bytes(bitmap.buffer), bitmap.stride))
        return out, len(doc), max((h / w for w, h in sizes), default=1.0)
