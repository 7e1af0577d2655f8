"""PDF writer (ReportLab). Many Drawings, one page each; fonts embedded (subset).

``invariant=1`` keeps ReportLab from stamping dates and random ids, so the same
pages give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen import __version__
from cardgen.layout.shapes import Circle, Drawing, Group, Line, Path, Polygon, Rect, Shape, Text
from cardgen.render import font_path

PT = 72 / 25.4  # points per mm
FONT_NAMES = {False: "DejaVuSansMono", True: "DejaVuSansMono-Bold"}


def _register_fonts() -> None:
    for bold, name in FONT_NAMES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(font_path(bold))))


class _Page:
    """Draws shapes given in mm, y down, onto a ReportLab page (points, y up)."""

    def __init__(self, c: Canvas, drawing: Drawing) -> None:
        self.c = c
        self.ox, self.oy = drawing.origin
        self.h = drawing.height

    def xy(self, x: float, y: float, dx: float, dy: float) -> tuple[float, float]:
        return (x + dx - self.ox) * PT, (self.h - (y + dy - self.oy)) * PT

    def draw(self, shape: Shape, dx: float = 0.0, dy: float = 0.0) -> None:
        c = self.c
        if isinstance(shape, Group):
            if shape.clip:
                c.saveState()
                x, y, w, h = shape.clip
                px, py = self.xy(x, y + h, dx + shape.dx, dy + shape.dy)
                path = c.beginPath()
                path.rect(px, py, w * PT, h * PT)
                c.clipPath(path, stroke=0, fill=0)
            for child in shape.shapes:
                self.draw(child, dx + shape.dx, dy + shape.dy)
            if shape.clip:
                c.restoreState()
        elif isinstance(shape, Rect):
            fill, stroke = self._paint(shape.fill, shape.stroke, shape.stroke_width)
            px, py = self.xy(shape.x, shape.y + shape.h, dx, dy)
            if shape.radius:
                c.roundRect(px, py, shape.w * PT, shape.h * PT, shape.radius * PT, stroke=stroke, fill=fill)
            else:
                c.rect(px, py, shape.w * PT, shape.h * PT, stroke=stroke, fill=fill)
        elif isinstance(shape, Line):
            self._paint(None, shape.stroke, shape.stroke_width)
            c.setDash([v * PT for v in shape.dash] if shape.dash else [])
            c.line(*self.xy(shape.x1, shape.y1, dx, dy), *self.xy(shape.x2, shape.y2, dx, dy))
        elif isinstance(shape, Polygon):
            fill, stroke = self._paint(shape.fill, shape.stroke, shape.stroke_width)
            path = c.beginPath()
            for i, (x, y) in enumerate(shape.points):
                (path.lineTo if i else path.moveTo)(*self.xy(x, y, dx, dy))
            path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif isinstance(shape, Circle):
            fill, stroke = self._paint(shape.fill, shape.stroke, shape.stroke_width)
            c.circle(*self.xy(shape.cx, shape.cy, dx, dy), shape.r * PT, stroke=stroke, fill=fill)
        elif isinstance(shape, Path):
            fill, stroke = self._paint(shape.fill, shape.stroke, shape.stroke_width)
            path = c.beginPath()
            path.moveTo(*self.xy(*shape.start, dx, dy))
            for seg in shape.segments:
                ends = [self.xy(seg[i], seg[i + 1], dx, dy) for i in range(0, len(seg), 2)]
                if len(ends) == 1:
                    path.lineTo(*ends[0])
                else:
                    path.curveTo(*ends[0], *ends[1], *ends[2])
            if shape.closed:
                path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif isinstance(shape, Text):
            c.saveState()
            c.setFillColor(HexColor(shape.fill))
            c.setFont(FONT_NAMES[shape.bold], shape.size * PT)
            c.translate(*self.xy(shape.x, shape.y, dx, dy))
            if shape.rotate:
                c.rotate(-shape.rotate)  # SVG turns clockwise on a y-down page
            draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
            draw[shape.anchor](0, 0, shape.text)
            c.restoreState()
        else:  # pragma: no cover - the Shape union is closed
            raise TypeError(type(shape).__name__)

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        if fill:
            self.c.setFillColor(HexColor(fill))
        if stroke:
            self.c.setStrokeColor(HexColor(stroke))
            self.c.setLineWidth(width * PT)
        return int(bool(fill)), int(bool(stroke))


PAGE_BOXES = ("TrimBox", "BleedBox")


def _page_boxes(c: Canvas, page: Drawing) -> None:
    """The page's TrimBox and BleedBox (given in mm, y down), in points, y up; or none."""
    ox, oy = page.origin
    for name in PAGE_BOXES:
        box = page.boxes.get(name)
        points = None
        if box is not None:
            x0, y0, x1, y1 = box
            points = ((x0 - ox) * PT, (page.height - (y1 - oy)) * PT, (x1 - ox) * PT, (page.height - (y0 - oy)) * PT)
        c.setCropBox(points, name=name[:-3].lower())  # ReportLab keeps boxes from page to page: reset


def write_pdf(pages: Sequence[Drawing], *, title: str = "") -> bytes:
    """A PDF with one page per Drawing, each page exactly the drawing's size."""
    _register_fonts()
    buf = io.BytesIO()
    # The initial font is ours too, or ReportLab lists an unembedded Helvetica on every page.
    c = Canvas(buf, invariant=1, pageCompression=1, initialFontName=FONT_NAMES[False])
    c.setTitle(title or (pages[0].title if pages else ""))
    c.setCreator(f"cardgen {__version__}")
    c.setProducer(f"cardgen {__version__} (ReportLab)")
    c.setAuthor("cardgen")
    for page in pages:
        c.setPageSize((page.width * PT, page.height * PT))
        _page_boxes(c, page)
        p = _Page(c, page)
        for shape in page.shapes:
            p.draw(shape)
        c.showPage()
    c.save()
    return buf.getvalue()
