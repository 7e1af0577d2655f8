"""A print service's PDF (``--preset drivethrucards``): one page a Drawing, exactly its size,
every colour in CMYK, fonts embedded, each page's TrimBox and BleedBox, and an OutputIntent
naming the printing condition the colours are meant for.

It is PDF 1.3 with no transparency (colours carry no alpha, so no graphics state is set).
What it is not: certified PDF/X-1a. Colours are cardgen's RGB turned into CMYK by the plain
formula (no colour profile: K = 1 − max(R, G, B), greys in black ink alone), and the file does
not claim conformance (no ``GTS_PDFXVersion``): no PDF/X validator could be run here. The
OutputIntent names the registered condition "CGATS TR 001" (SWOP, which US print-on-demand
shops print to) by reference, with no profile embedded.

It draws with ``render.pdf``'s page painter, its colours given in CMYK, on a canvas that
refuses any other colour (ReportLab's ``enforceColorSpace``). Same inputs, same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, HexColor, rgb2cmyk
from reportlab.pdfbase.pdfdoc import PDFArray, PDFCatalog, PDFDictionary, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.shapes import Drawing, Image, Text
from cardgen.presets import OUTPUT_CONDITION
from cardgen.render.bidi import visual
from cardgen.render.pdf import FONT_NAMES, PT, _Page, _page_boxes, _register_fonts, _Written, describe, font_name

REGISTRY = "http://www.color.org"
OUTPUT_INFO = "U.S. Web Coated (SWOP); colours converted by formula, not by profile"


@lru_cache(maxsize=256)
def cmyk(hex_colour: str) -> CMYKColor:
    """``#rrggbb`` in CMYK by the plain formula; greys are black ink alone.

    >>> cmyk("#000000").cmyk(), cmyk("#ffffff").cmyk(), cmyk("#ff0000").cmyk()
    ((0, 0, 0, 1), (0, 0, 0, 0), (0, 1, 1, 0))
    """
    c = HexColor(hex_colour)
    return CMYKColor(*rgb2cmyk(c.red, c.green, c.blue), alpha=None)  # opaque, and no alpha state (PDF 1.3)


class _CmykPage(_Page):
    """``render.pdf``'s page painter with every colour given in CMYK."""

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        if fill:
            self.c.setFillColor(cmyk(fill))
        if stroke:
            self.c.setStrokeColor(cmyk(stroke))
            self.c.setLineWidth(width * PT)
        return int(bool(fill)), int(bool(stroke))

    def text(self, t: Text, dx: float, dy: float) -> None:
        c = self.c
        c.saveState()
        c.setFillColor(cmyk(t.fill))
        c.setFont(font_name(t), t.size * PT)
        c.translate(*self.xy(t.x, t.y, dx, dy))
        if t.rotate:
            c.rotate(-t.rotate)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
        draw[t.anchor](0, 0, visual(t.text))
        c.restoreState()

    def image(self, im: Image, dx: float, dy: float) -> None:
        raise ValueError("a picture is RGB: the CMYK writer draws none (options refuse a theme's pictures)")


def output_intent() -> PDFDictionary:
    """The OutputIntent: the printing condition, by its registered name."""
    return PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION),
            "RegistryName": PDFString(REGISTRY),
            "Info": PDFString(OUTPUT_INFO),
        }
    )


def write_pdfx(pages: Sequence[Drawing], *, title: str = "", subject: str = "") -> bytes:
    """A PDF with one page per Drawing (each with its ``boxes``), in CMYK only."""
    _register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=1, initialFontName=FONT_NAMES[False], enforceColorSpace="cmyk")
    describe(c, title or (pages[0].title if pages else ""), subject)
    catalog = c._doc.Catalog
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([output_intent()])
    written = _Written()
    for page in pages:
        c.setPageSize((page.width * PT, page.height * PT))
        _page_boxes(c, page)
        _CmykPage(c, page, written).draw(page.shapes)
        c.showPage()
    a85, rl_config.useA85 = rl_config.useA85, 0  # (as render.pdf: streams deflated only)
    try:
        c.save()
    finally:
        rl_config.useA85 = a85
    return buf.getvalue()
