"""Paged PDF writer (ReportLab platypus): a ``layout.document.Document`` in, PDF bytes out.

Real text in the shipped DejaVu fonts (embedded, subset), "page i of n" on every
page, tables whose rows never split across pages (the header row repeats on the
next page instead), and figures drawn as vectors by ``render.pdf._Page``, the same
code that draws cards, inside a flowable. ``invariant=1``: same document, same bytes.
"""

from __future__ import annotations

import io
from importlib.resources import files
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate, Spacer, TableStyle
from reportlab.platypus import PageBreak as RLPageBreak
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus import Table as RLTable

from cardgen import __version__
from cardgen.layout.document import (
    Bullets,
    Document,
    Figure,
    Heading,
    Note,
    PageBreak,
    Paragraph,
    Rich,
    Steps,
    Table,
)
from cardgen.layout.shapes import Drawing
from cardgen.render import font_path
from cardgen.render.pdf import FONT_NAMES as MONO_NAMES
from cardgen.render.pdf import PT, _Page

BODY = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
MONO = MONO_NAMES[False]
BODY_FILES = {BODY: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
INK = colors.HexColor("#1a1a1a")
GREY = colors.HexColor("#555555")
RULE = colors.HexColor("#999999")
FOOTER = 6.0  # mm between the text and the bottom margin, where "page i of n" goes
CELL_PAD = 3.0  # points, left and right of a table cell's text


def _register_fonts() -> None:
    known = set(pdfmetrics.getRegisteredFontNames())
    for name, file in BODY_FILES.items():
        if name not in known:
            pdfmetrics.registerFont(TTFont(name, str(Path(str(files("cardgen") / "fonts" / file)))))
    for bold, name in MONO_NAMES.items():
        if name not in known:
            pdfmetrics.registerFont(TTFont(name, str(font_path(bold))))
    pdfmetrics.registerFontFamily(BODY, normal=BODY, bold=BOLD, italic=BODY, boldItalic=BOLD)


def _styles(accent: colors.Color) -> dict[str, ParagraphStyle]:
    body = ParagraphStyle(
        "body", fontName=BODY, bulletFontName=BODY, fontSize=9, leading=11.6, textColor=INK, spaceAfter=2.5
    )
    return {
        "body": body,
        "title": ParagraphStyle("title", body, fontName=BOLD, fontSize=16, leading=19, textColor=accent),
        "subtitle": ParagraphStyle("subtitle", body, textColor=GREY, spaceAfter=6),
        "h2": ParagraphStyle(
            "h2", body, fontName=BOLD, fontSize=11, leading=13.5, textColor=accent, spaceBefore=6, keepWithNext=1
        ),
        "h3": ParagraphStyle("h3", body, fontName=BOLD, fontSize=9.5, leading=12, spaceBefore=3, keepWithNext=1),
        "item": ParagraphStyle("item", body, leftIndent=13, bulletIndent=2, spaceAfter=1.2),
        "cell": ParagraphStyle("cell", body, fontSize=8.3, leading=10, spaceAfter=0),
        "mono": ParagraphStyle(
            "mono", body, fontName=MONO_NAMES[True], fontSize=9, leading=10, spaceAfter=0, textColor=accent
        ),
        "head": ParagraphStyle("head", body, fontName=BOLD, fontSize=8.3, leading=10, spaceAfter=0),
        "caption": ParagraphStyle(
            "caption", body, fontSize=7.8, leading=9.5, textColor=GREY, alignment=TA_CENTER, spaceBefore=1, spaceAfter=5
        ),
        "tcaption": ParagraphStyle("tcaption", body, fontName=BOLD, fontSize=8.5, leading=10.5, keepWithNext=1),
    }


def _markup(spans: Rich) -> str:
    """ReportLab paragraph markup for our spans; every text escaped."""
    out = []
    for s in spans:
        text = escape(s.text)
        out.append(
            f"<b>{text}</b>"
            if s.style == "bold"
            else f'<font face="{MONO}">{text}</font>'
            if s.style == "code"
            else text
        )
    return "".join(out)


class _Art(Flowable):  # type: ignore[misc]
    """A Drawing as vector art, ``width`` points wide (narrower if the frame is)."""

    def __init__(self, drawing: Drawing, width: float) -> None:
        super().__init__()
        self.drawing = drawing
        self.want = width
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = min(self.want, avail_width)
        self.height = self.drawing.height * self.width / self.drawing.width
        return self.width, self.height

    def draw(self) -> None:
        scale = self.width / (self.drawing.width * PT)
        self.canv.saveState()
        self.canv.scale(scale, scale)
        _Page(self.canv, self.drawing).draw(self.drawing.shapes)
        self.canv.restoreState()


def _page_numbers(title: str, margin: float) -> type[Canvas]:
    """A canvas that holds its pages back until the end, so each can say "page i of n"."""

    class Numbered(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._held: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 - ReportLab's name
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._held)
            for number, state in enumerate(self._held, 1):
                self.__dict__.update(state)
                width = self._pagesize[0]
                self.setFont(BODY, 7.5)
                self.setFillColor(GREY)
                self.drawCentredString(width / 2, margin, f"page {number} of {total}")
                if title:
                    self.drawString(margin, margin, title[:60])
                super().showPage()
            super().save()

    return Numbered


def _natural_widths(table: Table, styles: dict[str, ParagraphStyle]) -> list[float]:
    """Each column's width with no line broken (points)."""
    widths = []
    for i, head in enumerate(table.header):
        font = MONO_NAMES[True] if i in table.mono else BODY
        cells = [(head, BOLD)] + [(row[i], font) for row in table.rows]
        size = styles["cell"].fontSize
        widths.append(max(pdfmetrics.stringWidth(text, font, size) for text, font in cells) + 2 * CELL_PAD + 1)
    return widths


def _table(table: Table, styles: dict[str, ParagraphStyle], avail: float, tint: colors.Color) -> list[Flowable]:
    natural = _natural_widths(table, styles)
    if table.widths is not None:
        total = sum(table.widths)
        widths = [avail * w / total for w in table.widths]
    elif sum(natural) <= avail:
        widths = natural
    else:  # share out what is left after the narrow columns, in proportion
        widths = [w * avail / sum(natural) for w in natural]
    data = [[RLParagraph(escape(h), styles["head"]) for h in table.header]]
    data += [
        [RLParagraph(escape(c), styles["mono" if i in table.mono else "cell"]) for i, c in enumerate(row)]
        for row in table.rows
    ]
    rl = RLTable(data, colWidths=widths, repeatRows=1, splitByRow=1, hAlign="LEFT")
    rl.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), BODY, 8.3),  # ReportLab sets a cell's font even for a Paragraph
                ("GRID", (0, 0), (-1, -1), 0.5, RULE),
                ("BACKGROUND", (0, 0), (-1, 0), tint),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
                ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
            ]
        )
    )
    out: list[Flowable] = []
    if table.caption:
        out.append(RLParagraph(escape(table.caption), styles["tcaption"]))
    out += [rl, Spacer(1, 5)]
    return out


def _note(note: Note, styles: dict[str, ParagraphStyle], avail: float) -> list[Flowable]:
    decision = note.tone == "decision"
    edge = colors.HexColor("#8a6d1f" if decision else "#1f4e79")
    fill = colors.HexColor("#fbf6e6" if decision else "#f7f9fc")
    rows = [[RLParagraph(escape(note.title), styles["h3"])]]
    many = len(note.items) > 1
    for item in note.items:
        rows.append(
            [RLParagraph(_markup(item), styles["item"] if many else styles["body"], bulletText="•" if many else None)]
        )
    box = RLTable(rows, colWidths=[avail], splitByRow=1)
    box.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), BODY, 9),
                ("BOX", (0, 0), (-1, -1), 0.75, edge),
                ("BACKGROUND", (0, 0), (-1, -1), fill),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 0.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
                ("TOPPADDING", (0, 0), (-1, 0), 3),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 3),
            ]
        )
    )
    return [box, Spacer(1, 5)]


def _flowables(doc: Document, styles: dict[str, ParagraphStyle], avail: float) -> list[Flowable]:
    tint = colors.HexColor(doc.meta.get("tint", "#e8eef5"))
    out: list[Flowable] = []
    for block in doc.blocks:
        if isinstance(block, Heading):
            out.append(RLParagraph(escape(block.text), styles["h2" if block.level <= 2 else "h3"]))
        elif isinstance(block, Paragraph):
            out.append(RLParagraph(_markup(block.spans), styles["body"]))
        elif isinstance(block, Steps | Bullets):
            numbered = isinstance(block, Steps)
            for i, item in enumerate(block.items, 1):
                out.append(RLParagraph(_markup(item), styles["item"], bulletText=f"{i}." if numbered else "•"))
            out.append(Spacer(1, 2))
        elif isinstance(block, Table):
            out += _table(block, styles, avail, tint)
        elif isinstance(block, Figure):
            # keepWithNext, not a KeepTogether: ReportLab joins a run of keepWithNext flowables (a heading,
            # the art) with the next one (the caption), but never a heading with a KeepTogether.
            art = _Art(block.drawing, min(block.width_mm * PT, avail))
            art.keepWithNext = 1
            out += [art, RLParagraph(escape(block.caption), styles["caption"])]
        elif isinstance(block, Note):
            out += _note(block, styles, avail)
        elif isinstance(block, PageBreak):
            out.append(RLPageBreak())
    return out


def write_document(
    document: Document,
    *,
    title: str = "",
    paper: tuple[float, float] = (210.0, 297.0),
    margin: float = 14.0,
) -> bytes:
    """The handout as a PDF on ``paper`` (mm) with ``margin`` (mm) on every side."""
    _register_fonts()
    heading = title or document.title
    accent = colors.HexColor(document.meta.get("accent", "#1f4e79"))
    styles = _styles(accent)
    buf = io.BytesIO()
    page_w, page_h = paper[0] * PT, paper[1] * PT
    m = margin * PT
    pdf = SimpleDocTemplate(
        buf,
        pagesize=(page_w, page_h),
        leftMargin=m,
        rightMargin=m,
        topMargin=m,
        bottomMargin=m + FOOTER * PT,
        title=heading,
        author="cardgen",
        creator=f"cardgen {__version__}",
        producer=f"cardgen {__version__} (ReportLab)",
        invariant=1,
        pageCompression=1,
        initialFontName=BODY,
    )
    avail = page_w - 2 * m
    story: list[Flowable] = [RLParagraph(escape(heading), styles["title"])]
    if document.subtitle:
        story.append(RLParagraph(escape(document.subtitle), styles["subtitle"]))
    story += _flowables(document, styles, avail)
    pdf.build(story, canvasmaker=_page_numbers(heading, m))
    return buf.getvalue()
