"""PDF writer (ReportLab). Many Drawings, one page each; fonts embedded (subset).

``invariant=1`` keeps ReportLab from stamping dates and random ids, so the same
pages give the same bytes.

Speed: a 1300-card pack has over ten thousand texts, and ReportLab's
``saveState``/``setFont``/``translate``/``drawCentredString`` cost far more in Python
than the few bytes they write. ``_Page.text`` writes the very operators those calls
write (``q``, colour, ``cm``, one ``BT … ET`` text object, ``Q``: the same bytes, so
every text stays a text object with its font, size and place), computed the way
ReportLab computes them, with colours and encoded strings looked up once.

A group moved by an offset (a card on a sheet) is drawn in a frame of its own: ``q``, a
``cm`` to its origin, its shapes in its own coordinates, ``Q``. So a shape's operators are
the same wherever its group stands, and the faces of a pack repeat their drawing card after
card (the same frame, track and engine; an ability's wagons on every copy): each shape's
operators are worked out once a canvas, by ReportLab's own calls, and written again as they
were (``_Written.drawn``). Its coordinates are formatted once, and a page's nine cards repeat
the same bytes, which the page's deflate then stores once.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable, Iterable
from functools import lru_cache
from math import cos, pi, sin
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFPage, PDFStream, PDFZCompress
from reportlab.pdfbase.ttfonts import TTFError, TTFont, TTFontFile
from reportlab.pdfgen.canvas import Canvas

from cardgen import __version__
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
from cardgen.render import font_path, ps_name, subject_of
from cardgen.render.bidi import visual
from cardgen.render.renderer import METHODS, Renderer, dash_pattern

PT = 72 / 25.4  # points per mm
FONT_NAMES = {False: "DejaVuSansMono", True: "DejaVuSansMono-Bold"}


@lru_cache(maxsize=256)
def _colour(hex_colour: str) -> Color:
    """ReportLab's colour for ``#rrggbb``, parsed once (a sheet repeats a handful of colours)."""
    return HexColor(hex_colour)


@lru_cache(maxsize=256)
def _fill_op(hex_colour: str) -> str:
    """The operator ``Canvas.setFillColor`` writes for an opaque RGB colour."""
    c = _colour(hex_colour)
    return f"{fp_str((c.red, c.green, c.blue))} rg"


def _text_cm(x: float, y: float, rotate: int) -> str:
    """The ``cm`` operator ``translate(x, y)`` then ``rotate(-rotate)`` leave in the content stream.

    ReportLab folds the second transform into the first by reading the first back from its
    text, so the translation is rounded the way ``fp_str`` rounds it before being combined:
    done here the same way, the bytes are the same.

    >>> _text_cm(10.0, 20.0, 0), _text_cm(10.0, 20.0, 180)
    ('1 0 0 1 10 20 cm', '-1 0 0 -1 10 20 cm')
    """
    if not rotate:
        return f"{fp_str(1, 0, 0, 1, x, y)} cm"
    a0, b0, c0, d0, e0, f0 = map(float, fp_str(1, 0, 0, 1, x, y).split())
    theta = -rotate
    a = cos(theta * pi / 180)
    b = sin(theta * pi / 180)
    c, d, e, f = -b, a, 0, 0
    m = fp_str(
        a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d, a0 * e + c0 * f + e0, b0 * e + d0 * f + f0
    )
    return f"{m} cm"


def _register_fonts() -> None:
    for bold, name in FONT_NAMES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(font_path(bold))))


def _shipped(family: str, bold: bool) -> str:
    """The registered name of a shipped face (its PostScript name), registered on first use:
    a PDF of cards alone never reads the sans family's files."""
    name = ps_name(family, bold)
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(font_path(bold, family))))
    return name


def font_name(t: Text) -> str:
    """The name a text's font is registered under (a theme's registered on first use, by its
    bytes, so two themes never share one)."""
    if t.font is None:
        family = drawn_family(t.text, t.family)
        return FONT_NAMES[t.bold] if family == "mono" else _shipped(family, t.bold)
    data = t.font.files[t.bold]
    name = f"Theme{zlib.crc32(data):08x}{len(data):x}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
    return name


def font_problem(data: bytes) -> str | None:
    """What keeps ReportLab from embedding a TrueType font (PostScript outlines, a licence that
    forbids embedding, no Unicode map …), or None."""
    try:
        TTFontFile(io.BytesIO(data), validate=1)
    except (TTFError, ValueError, KeyError, IndexError, struct.error) as e:
        return " ".join(str(e).split())[:120] or type(e).__name__
    return None


class _Written:
    """What one canvas has written already, to look up rather than work out again: texts are
    encoded for the canvas's own font subsets, so this never goes from one canvas to another."""

    def __init__(self) -> None:
        self.shown: dict[
            tuple[bool, float, str, str, Typeface | None, str], str
        ] = {}  # (bold, size, text, anchor, font, family) -> BT … ET
        self.cm: dict[tuple[float, float, int], str] = {}  # (x, y, rotate) in points -> its cm operator
        self.coloured = False  # a text's colour has raised the PDF version, as setFillColor does
        # (a shape, the frame it was drawn in) -> the operators its drawing wrote: written again as
        # they are wherever the shape comes again in that frame (a pack's faces repeat their drawing)
        self.drawn: dict[tuple[Shape, tuple[float, ...]], tuple[str, ...]] = {}

    def forget(self) -> None:
        """Let go of what was looked up, once there is much of it: a big pack's numbers are each
        drawn once, and would otherwise be held to the end (what repeats is worked out again)."""
        for looked_up in (self.shown, self.cm, self.drawn):
            if len(looked_up) > REMEMBERED:
                looked_up.clear()


REMEMBERED = 4096  # of each kind, at most (a pack's faces share a few hundred shapes)


# Drawn through ``_Written.drawn``: shapes whose operators depend on the shape and its frame
# alone. Not a picture (a page lists the pictures it uses) nor a group (drawn shape by shape).
REPEATED = frozenset({Rect, Line, Polygon, Circle, Path, Text})


class _Page(Renderer):
    """Draws shapes given in mm, y down, onto a ReportLab page (points, y up)."""

    def __init__(self, c: Canvas, drawing: Drawing, written: _Written | None = None) -> None:
        self.c = c
        self.ox, self.oy = drawing.origin
        self.h = drawing.height
        self.written = written if written is not None else _Written()

    def xy(self, x: float, y: float, dx: float, dy: float) -> tuple[float, float]:
        return (x + dx - self.ox) * PT, (self.h - (y + dy - self.oy)) * PT

    def plain(self) -> bool:
        """Whether the canvas draws as ``write_pdf`` sets it up (y up, RGB, opaque): what the
        operators written directly (``text_directly``) and written again (``draw``) assume."""
        c = self.c
        return bool(c.bottomup and not c._enforceColorSpace and c._extgstate.getValue("ca") == 1)

    def draw(self, shapes: Iterable[Shape], dx: float = 0.0, dy: float = 0.0) -> None:
        """Each shape as ``Renderer.draw`` draws it; on a plain canvas, the operators of a shape
        drawn before in the same frame are written again as they were (see the module's docstring)."""
        if not self.plain():
            super().draw(shapes, dx, dy)
            return
        code, drawn = self.c._code, self.written.drawn
        frame = (self.ox, self.oy, self.h, dx, dy)
        for shape in shapes:
            kind = type(shape)
            method: Callable[[Any, float, float], None] = getattr(self, METHODS[kind])
            if kind not in REPEATED:
                method(shape, dx, dy)
                continue
            key = (shape, frame)
            ops = drawn.get(key)
            if ops is None:
                start = len(code)
                method(shape, dx, dy)
                drawn[key] = tuple(code[start:])
            else:
                code.extend(ops)

    def group(self, g: Group, dx: float, dy: float) -> None:
        """A group; moved by an offset, in a frame of its own at its origin (``q``, ``cm``, ``Q``),
        where its shapes' operators do not depend on where the group stands."""
        c = self.c
        x, y = dx + g.dx, dy + g.dy
        moved = bool(g.dx or g.dy)
        if not (moved or g.clip):
            self.draw(g.shapes, x, y)
            return
        c.saveState()
        frame = self.ox, self.oy, self.h
        if moved:
            c.translate(*self.xy(0.0, 0.0, x, y))
            self.ox = self.oy = self.h = 0.0  # (x, y) in the group now lands at (x, -y) points from its origin
            x = y = 0.0
        if g.clip:
            cx, cy, w, h = g.clip
            px, py = self.xy(cx, cy + h, x, y)
            path = c.beginPath()
            path.rect(px, py, w * PT, h * PT)
            c.clipPath(path, stroke=0, fill=0)
        self.draw(g.shapes, x, y)
        self.ox, self.oy, self.h = frame
        c.restoreState()

    def rect(self, r: Rect, dx: float, dy: float) -> None:
        fill, stroke = self._paint(r.fill, r.stroke, r.stroke_width)
        px, py = self.xy(r.x, r.y + r.h, dx, dy)
        if r.radius:
            self.c.roundRect(px, py, r.w * PT, r.h * PT, r.radius * PT, stroke=stroke, fill=fill)
        else:
            self.c.rect(px, py, r.w * PT, r.h * PT, stroke=stroke, fill=fill)

    def line(self, ln: Line, dx: float, dy: float) -> None:
        self._paint(None, ln.stroke, ln.stroke_width)
        dash = dash_pattern(ln.dash)
        self.c.setDash([v * PT for v in dash])
        self.c.line(*self.xy(ln.x1, ln.y1, dx, dy), *self.xy(ln.x2, ln.y2, dx, dy))
        if dash:  # solid again: a stroked rectangle or path drawn next would be dashed too
            self.c.setDash([])

    def polygon(self, p: Polygon, dx: float, dy: float) -> None:
        fill, stroke = self._paint(p.fill, p.stroke, p.stroke_width)
        path = self.c.beginPath()
        for i, (x, y) in enumerate(p.points):
            (path.lineTo if i else path.moveTo)(*self.xy(x, y, dx, dy))
        path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill)

    def circle(self, ci: Circle, dx: float, dy: float) -> None:
        fill, stroke = self._paint(ci.fill, ci.stroke, ci.stroke_width)
        path = self.c.beginPath()
        path.circle(*self.xy(ci.cx, ci.cy, dx, dy), ci.r * PT)
        path.close()  # (ReportLab leaves a circle open: a stroked ring would show a notch where it starts)
        self.c.drawPath(path, stroke=stroke, fill=fill)

    def path(self, p: Path, dx: float, dy: float) -> None:
        fill, stroke = self._paint(p.fill, p.stroke, p.stroke_width)
        path = self.c.beginPath()
        path.moveTo(*self.xy(*p.start, dx, dy))
        for seg in p.segments:
            ends = [self.xy(seg[i], seg[i + 1], dx, dy) for i in range(0, len(seg), 2)]
            if len(ends) == 1:
                path.lineTo(*ends[0])
            else:
                path.curveTo(*ends[0], *ends[1], *ends[2])
        if p.closed:
            path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill)

    def image(self, im: Image, dx: float, dy: float) -> None:
        px, py = self.xy(im.x, im.y + im.h, dx, dy)
        # ReportLab embeds a picture once a PDF, however often it is drawn (by its digest)
        self.c.drawImage(ImageReader(io.BytesIO(im.data)), px, py, im.w * PT, im.h * PT, mask="auto")

    def text(self, t: Text, dx: float, dy: float) -> None:
        if self.plain():
            self.text_directly(t, dx, dy)
        else:  # a canvas set up otherwise: let ReportLab work it out
            self.text_by_canvas(t, dx, dy)

    def text_directly(self, t: Text, dx: float, dy: float) -> None:
        """What ``text_by_canvas`` writes, written directly (see the module's docstring)."""
        c, w = self.c, self.written
        key = (t.bold, t.size, t.text, t.anchor, t.font, t.family)
        shown = w.shown.get(key)
        if shown is None:
            shown = w.shown[key] = self._text_object(t)
        at = (*self.xy(t.x, t.y, dx, dy), t.rotate)
        cm = w.cm.get(at)
        if cm is None:
            cm = w.cm[at] = _text_cm(*at)
        if not w.coloured:
            c._doc.ensureMinPdfVersion("transparency")  # as setFillColor does for a colour with alpha
            w.coloured = True
        c._code += ("q", _fill_op(t.fill), cm, shown, "Q")

    def _text_object(self, t: Text) -> str:
        """The text object ``drawString`` (or its centred and right-aligned kin) writes at the
        origin: the start point, then ``PDFTextObject._formatText``'s operators for a TrueType font."""
        c = self.c
        name, size = font_name(t), t.size * PT
        font = pdfmetrics.getFont(name)
        drawn = visual(t.text)  # (a right-to-left text in the order and letter forms to draw)
        width = pdfmetrics.stringWidth(drawn, name, size)
        x0 = 0 - 0.5 * width if t.anchor == "middle" else 0 - width if t.anchor == "end" else 0
        tf = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
        ops: list[str] = []
        current = -1
        for subset, chunk in font.splitString(drawn, c._doc):
            if subset != current:
                ops.append(f"{font.getSubsetInternalName(subset, c._doc)} {tf}")
                current = subset
            ops.append(f"({c._escape(chunk)}) Tj")
        return f"BT 1 0 0 1 {fp_str(x0, 0)} Tm {' '.join(ops)} T* ET"

    def text_by_canvas(self, t: Text, dx: float, dy: float) -> None:
        c = self.c
        c.saveState()
        c.setFillColor(_colour(t.fill))
        c.setFont(font_name(t), t.size * PT)
        c.translate(*self.xy(t.x, t.y, dx, dy))
        if t.rotate:
            c.rotate(-t.rotate)  # SVG turns clockwise on a y-down page
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
        draw[t.anchor](0, 0, visual(t.text))
        c.restoreState()

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        if fill:
            self.c.setFillColor(_colour(fill))
        if stroke:
            self.c.setStrokeColor(_colour(stroke))
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


SUBJECT = subject_of("Made by cardgen")  # a PDF's subject when its writer is given none


def describe(c: Canvas, title: str, subject: str = "") -> None:
    """A PDF's metadata, as every PDF cardgen writes has it: a title for people, a subject,
    cardgen as its author, and the viewer preferences that ask for actual size (``/PrintScaling
    /None``: a print dialog starts at 100 %, not "fit to page") and show the title, not the
    file's name (``/DisplayDocTitle``). ``proof.pdfshape`` allows these and nothing else."""
    c.setTitle(title)
    c.setSubject(subject or SUBJECT)
    c.setCreator(f"cardgen {__version__}")
    c.setProducer(f"cardgen {__version__} (ReportLab)")
    c.setAuthor("cardgen")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("DisplayDocTitle", "true")


def _deflated(page: PDFPage) -> None:
    """A page's content stream deflated as soon as the page is done, as ReportLab deflates it
    when it saves (the same bytes), so that a big pack's pages are held as a few kilobytes each
    until then, not as their text (32 KB a sheet of cards)."""
    if page.stream:
        stream = PDFStream(content=zlib.compress(page.stream.encode("utf-8")))
        stream.dictionary["Filter"] = PDFArray([PDFName(PDFZCompress.pdfname)])
        stream.__Comment__ = "page stream"
        page.Contents, page.stream = stream, None


def write_pdf(pages: Iterable[Drawing], *, title: str = "", subject: str = "") -> bytes:
    """A PDF with one page per Drawing, each page exactly the drawing's size. ``pages`` may come
    one at a time (``impose.sheets.sheets``): each is drawn and let go before the next is asked
    for. Untitled, the PDF takes the first page's title."""
    _register_fonts()
    buf = io.BytesIO()
    # The initial font is ours too, or ReportLab lists an unembedded Helvetica on every page.
    c = Canvas(buf, invariant=1, pageCompression=1, initialFontName=FONT_NAMES[False])
    describe(c, title, subject)
    written = _Written()
    for n, page in enumerate(pages):
        if n == 0 and not title:
            c.setTitle(page.title)
        c.setPageSize((page.width * PT, page.height * PT))
        _page_boxes(c, page)
        _Page(c, page, written).draw(page.shapes)
        c.showPage()
        _deflated(c._doc.Pages.pages[-1])
        written.forget()
    # Page streams deflated only, not also ASCII85-encoded (ReportLab's default, which makes them
    # a quarter larger). ReportLab reads the setting while saving; it is put back for other
    # writers (a global, so not for threads: ``cardgen build`` runs its items in processes).
    a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        c.save()
    finally:
        rl_config.useA85 = a85
    return buf.getvalue()
