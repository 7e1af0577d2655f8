"""Paged PDF writer (ReportLab platypus): a ``layout.document.Document`` in, PDF bytes out.

Set like a fan-made rules summary: a coloured title band, headings in the game's colour,
``Columns`` blocks in two balanced columns, a figure ``Beside`` the text it explains, tables
with a coloured header row, zebra rows and numbers flush right, notes with a coloured edge.
Type is the house's (``layout.typescale``): Atkinson Hyperlegible for every word, DejaVu Sans
Mono for codes and for the few characters Atkinson has no glyph for (the arrows of ``A↔B``),
run by run, so nothing ever prints as a missing-glyph box. Both families are embedded
(subset). "page i of n" on every page; table rows never split across pages (the header row
repeats on the next page instead); figures are vectors, drawn by ``render.pdf._Page``, the
same code that draws cards. ``invariant=1``: same document, same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, SimpleDocTemplate, Spacer, TableStyle
from reportlab.platypus import PageBreak as RLPageBreak
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus import Table as RLTable

from cardgen import __version__
from cardgen.layout import typescale
from cardgen.layout.document import (
    Beside,
    Block,
    Bullets,
    Columns,
    Document,
    Figure,
    Heading,
    Note,
    PageBreak,
    Paragraph,
    Rich,
    SmallPrint,
    Steps,
    Table,
    plain,
)
from cardgen.layout.shapes import Drawing, sans_covers
from cardgen.render import font_path, ps_name, subject_of
from cardgen.render.columns import TwoColumns, units_of
from cardgen.render.pdf import PT, _Page, describe

SANS = ps_name("sans", False)
SANS_BOLD = ps_name("sans", True)
MONO = ps_name("mono", False)
MONO_BOLD = ps_name("mono", True)
INK = colors.HexColor("#1a1a1a")
GREY = colors.HexColor("#5a5a5a")
RULE = colors.HexColor("#c8c8c8")
WHITE = colors.white
FOOTER = 6.0  # mm between the text and the bottom margin, where "page i of n" goes
CELL_PAD = 3.2  # points, left and right of a table cell's text
# points more after a column of numbers set flush right when text set flush left follows: "3" and
# "8, 8, 8, 7" never read as one phrase ("3 8, 8, 8, 7")
NUMBER_GAP = 7.0
SHORT_HEADER = 24  # characters: a header this short stays on one line ("how many", "Full-Staff train")
GUTTER = 5.0  # mm between two columns
MONO_SCALE = 0.92  # DejaVu Sans Mono's capitals are taller than Atkinson's: this evens them
# A table's code column (an ability as printed: A↔B) is what people look things up by: set a step
# larger than the cells around it (10.4 pt capitals, against the body's 8.6), never the smallest
# type on the page as the evened 7.9 pt was.
KEY_SCALE = 1.2
LOOKUP = 1.2  # a lookup table's type, a step larger than the body's (``layout.document.Table.lookup``)


def pt(size_mm: float) -> float:
    """A typescale step (mm) in points."""
    return round(size_mm / typescale.PT, 2)


BODY_PT = pt(typescale.BODY)  # 8.6 pt
NOTE_PT = pt(typescale.NOTE)  # 7.2 pt: captions, the footer
LEAD_PT = pt(typescale.LEAD)  # 10.4 pt: a sub-heading
HEAD_PT = pt(typescale.SUBHEAD)  # 12.4 pt: a section's heading
TITLE_PT = pt(typescale.TITLE)  # 17.9 pt


def _register_fonts() -> None:
    known = set(pdfmetrics.getRegisteredFontNames())
    for family in ("sans", "mono"):
        for bold in (False, True):
            name = ps_name(family, bold)
            if name not in known:
                pdfmetrics.registerFont(TTFont(name, str(font_path(bold, family))))
    # so that <b> inside a run of either family picks that family's bold face
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)
    pdfmetrics.registerFontFamily(MONO, normal=MONO, bold=MONO_BOLD, italic=MONO, boldItalic=MONO_BOLD)


def _lighter(colour: colors.Color, amount: float) -> colors.Color:
    """``colour`` mixed with white: ``amount`` 0 is the colour, 1 is white."""
    r, g, b = colour.rgb()
    return colors.Color(r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)


def _styles(accent: colors.Color, air: float = 1.0) -> dict[str, ParagraphStyle]:
    """The handout's styles, every space between blocks and lines times ``air`` (1: the tightest
    setting; ``write_document`` gives a page more when it has room), the type sizes never."""

    def space(points: float) -> float:
        return round(points * air, 2)

    body = ParagraphStyle(
        "body",
        fontName=SANS,
        bulletFontName=SANS_BOLD,
        fontSize=BODY_PT,
        leading=round(BODY_PT * (1.32 + 0.15 * (air - 1)), 2),
        textColor=INK,
        spaceAfter=space(3),
    )
    cell = ParagraphStyle("cell", body, leading=round(BODY_PT * 1.2, 2), spaceAfter=0)
    return {
        # not a text's: the room after a table or a note, after a list, and in a table's cells
        "gap": ParagraphStyle("gap", spaceBefore=space(2), spaceAfter=space(6)),
        "pad": ParagraphStyle("pad", spaceBefore=space(1.6), spaceAfter=space(2.4)),
        "body": body,
        "title": ParagraphStyle(
            "title", body, fontName=SANS_BOLD, fontSize=TITLE_PT, leading=TITLE_PT * 1.15, textColor=WHITE
        ),
        "subtitle": ParagraphStyle("subtitle", body, textColor=_lighter(accent, 0.8), spaceAfter=0),
        "h2": ParagraphStyle(
            "h2",
            body,
            fontName=SANS_BOLD,
            fontSize=HEAD_PT,
            leading=HEAD_PT * 1.2,
            textColor=accent,
            spaceBefore=space(7),
            spaceAfter=space(2.5),
            keepWithNext=1,
        ),
        "h3": ParagraphStyle(
            "h3",
            body,
            fontName=SANS_BOLD,
            fontSize=LEAD_PT,
            leading=LEAD_PT * 1.2,
            spaceBefore=space(4),
            spaceAfter=space(1.5),
            keepWithNext=1,
        ),
        "item": ParagraphStyle("item", body, leftIndent=12, bulletIndent=1, spaceAfter=space(1.8), bulletColor=accent),
        "cell": cell,
        "number": ParagraphStyle("number", cell, alignment=TA_RIGHT),
        "mono": ParagraphStyle(
            "mono",
            cell,
            fontName=MONO_BOLD,
            fontSize=round(BODY_PT * KEY_SCALE * MONO_SCALE, 2),
            leading=round(BODY_PT * KEY_SCALE * 1.2, 2),
            textColor=accent,
        ),
        "head": ParagraphStyle("head", cell, fontName=SANS_BOLD, textColor=WHITE),
        "head-number": ParagraphStyle("head-number", cell, fontName=SANS_BOLD, textColor=WHITE, alignment=TA_RIGHT),
        "caption": ParagraphStyle(
            "caption",
            body,
            fontSize=NOTE_PT,
            leading=NOTE_PT * 1.3,
            textColor=GREY,
            alignment=TA_CENTER,
            spaceBefore=space(1.5),
            spaceAfter=space(6),
        ),
        "tcaption": ParagraphStyle("tcaption", body, fontName=SANS_BOLD, spaceBefore=2, spaceAfter=2, keepWithNext=1),
        "note-title": ParagraphStyle(
            "note-title", body, fontName=SANS_BOLD, fontSize=LEAD_PT, leading=LEAD_PT * 1.2, spaceAfter=2
        ),
        "small": ParagraphStyle(
            "small", body, fontSize=NOTE_PT, leading=round(NOTE_PT * 1.3, 2), textColor=GREY, spaceBefore=2
        ),
    }


def _runs(text: str) -> str:
    """Escaped ``text``, every run of characters Atkinson Hyperlegible has no glyph for (the
    arrows) set in DejaVu Sans Mono, which has them.

    >>> _runs("A↔B & C")
    'A<font face="DejaVuSansMono">↔</font>B &amp; C'
    """
    out: list[str] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or sans_covers(text[i]) != sans_covers(text[start]):
            piece = escape(text[start:i])
            out.append(piece if sans_covers(text[start]) else f'<font face="{MONO}">{piece}</font>')
            start = i
    return "".join(out)


def _markup(spans: Rich, size: float = BODY_PT) -> str:
    """ReportLab paragraph markup for our spans (set at ``size`` points): every text escaped, codes in mono."""
    out = []
    for s in spans:
        if s.style == "code":
            out.append(f'<font face="{MONO}" size="{size * MONO_SCALE:.2f}">{escape(s.text)}</font>')
        elif s.style == "bold":
            out.append(f"<b>{_runs(s.text)}</b>")
        else:
            out.append(_runs(s.text))
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


def _page_numbers(title: str, margin: float, named: str = "", subject: str = "") -> type[Canvas]:
    """A canvas that holds its pages back until the end, so each can say "page i of n" (and
    ``title`` at its foot); its metadata as every PDF of cardgen's has it (``render.pdf.describe``:
    ``named`` and ``subject``)."""

    class Numbered(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._held: list[dict[str, Any]] = []
            describe(self, named or title, subject)

        def showPage(self) -> None:  # noqa: N802 - ReportLab's name
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._held)
            for number, state in enumerate(self._held, 1):
                self.__dict__.update(state)
                width = self._pagesize[0]
                self.setStrokeColor(RULE)
                self.setLineWidth(0.5)
                self.line(margin + 6, margin + 10, width - margin - 6, margin + 10)
                self.setFont(SANS, NOTE_PT)
                self.setFillColor(GREY)
                self.drawRightString(width - margin - 6, margin, f"page {number} of {total}")
                if title:
                    self.drawString(margin + 6, margin, _fitted(title, width / 2))
                super().showPage()
            super().save()

    return Numbered


def _fitted(text: str, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` points of the footer's type."""
    if pdfmetrics.stringWidth(text, SANS, NOTE_PT) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", SANS, NOTE_PT) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _gaps(table: Table) -> list[float]:
    """Each column's right padding (points): the cell's, and ``NUMBER_GAP`` more after a column
    of numbers set flush right when a column of words set flush left follows it."""
    right = set(table.numeric)

    def words_after(i: int) -> bool:  # a column of words (not of one-letter codes: A 2 4 … J K) follows
        return i + 1 < table.columns and i + 1 not in right and any(len(r[i + 1]) > 2 for r in table.rows)

    return [CELL_PAD + (NUMBER_GAP if i in right and words_after(i) else 0.0) for i in range(table.columns)]


def _natural_widths(table: Table, size: float) -> list[float]:
    """Each column's width with no line broken (points)."""
    widths = []
    for i, (head, gap) in enumerate(zip(table.header, _gaps(table))):
        font = MONO_BOLD if i in table.mono else SANS
        cells = [(head, SANS_BOLD)] + [(row[i], font) for row in table.rows]
        widths.append(
            max(
                pdfmetrics.stringWidth(text, f, size * (KEY_SCALE * MONO_SCALE if f == MONO_BOLD else 1))
                for text, f in cells
            )
            + CELL_PAD
            + gap
            + 0.5
        )
    return widths


def _least_widths(table: Table, size: float, *, headers: bool) -> list[float]:
    """Each column's narrowest width (points): its longest word (ReportLab would cut a word:
    "Substitut/e") and, with ``headers``, a short header whole ("how many" on one line)."""
    least = []
    for i, (head, gap) in enumerate(zip(table.header, _gaps(table))):
        font = MONO_BOLD if i in table.mono else SANS
        words = [(w, SANS_BOLD) for w in head.split()] + [(w, font) for row in table.rows for w in row[i].split()]
        if headers and len(head) <= SHORT_HEADER:
            words.append((head, SANS_BOLD))
        scale = KEY_SCALE * MONO_SCALE if font == MONO_BOLD else 1
        least.append(
            max((pdfmetrics.stringWidth(w, f, size * scale) for w, f in words), default=0) + CELL_PAD + gap + 0.5
        )
    return least


def _no_split_words(table: Table, widths: list[float], size: float) -> list[float]:
    """``widths`` widened where a column is narrower than its longest word or its short header,
    the room taken from the columns that have some to spare (if the room is not there for the
    headers, for the words alone)."""
    for headers in (True, False):
        least = _least_widths(table, size, headers=headers)
        short = sum(max(0.0, m - w) for m, w in zip(least, widths))
        spare = sum(max(0.0, w - m) for m, w in zip(least, widths))
        if not short:
            return widths
        if spare >= short:
            return [m if w < m else w - (w - m) * short / spare for m, w in zip(least, widths)]
    return widths


def _larger(styles: dict[str, ParagraphStyle]) -> dict[str, ParagraphStyle]:
    """A lookup table's styles: its cells ``LOOKUP`` times larger (a step of the scale), its rows
    roomier by as much."""
    out = dict(styles)
    for name in ("cell", "number", "mono", "head", "head-number"):
        base = styles[name]
        out[name] = ParagraphStyle(
            f"{name}-lookup", base, fontSize=round(base.fontSize * LOOKUP, 2), leading=round(base.leading * LOOKUP, 2)
        )
    pad = styles["pad"]
    out["pad"] = ParagraphStyle(
        "pad-lookup", pad, spaceBefore=round(pad.spaceBefore * LOOKUP, 2), spaceAfter=round(pad.spaceAfter * LOOKUP, 2)
    )
    return out


def _table(table: Table, styles: dict[str, ParagraphStyle], avail: float, accent: colors.Color) -> list[Flowable]:
    styles = _larger(styles) if table.lookup else styles
    natural = _natural_widths(table, styles["cell"].fontSize)
    if table.widths is not None:
        total = sum(table.widths)
        widths = [avail * w / total for w in table.widths]
    elif sum(natural) <= avail:
        widths = natural
    else:  # columns of single words keep their width; the others share what is left, in proportion
        whole = [i for i in range(table.columns) if not any(" " in r[i] for r in (table.header, *table.rows))]
        rest = avail - sum(natural[i] for i in whole)
        wraps = sum(w for i, w in enumerate(natural) if i not in whole)
        if whole and wraps and rest > 0.3 * wraps:
            widths = [w if i in whole else w * rest / wraps for i, w in enumerate(natural)]
        else:
            widths = [w * avail / sum(natural) for w in natural]
    widths = _no_split_words(table, widths, styles["cell"].fontSize)
    right = set(table.numeric)
    data = [
        [RLParagraph(_runs(h), styles["head-number" if i in right else "head"]) for i, h in enumerate(table.header)]
    ]
    for row in table.rows:
        cells = []
        for i, c in enumerate(row):
            style = "mono" if i in table.mono else "number" if i in right else "cell"
            cells.append(RLParagraph(escape(c) if i in table.mono else _runs(c), styles[style]))
        data.append(cells)
    rl = RLTable(data, colWidths=widths, repeatRows=1, splitByRow=1, hAlign="LEFT")
    stripe = _lighter(accent, 0.9)
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), SANS, BODY_PT),  # ReportLab sets a cell's font even for a Paragraph
        ("BACKGROUND", (0, 0), (-1, 0), accent),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        *(("RIGHTPADDING", (i, 0), (i, -1), gap) for i, gap in enumerate(_gaps(table))),
        ("TOPPADDING", (0, 0), (-1, -1), styles["pad"].spaceBefore),
        ("BOTTOMPADDING", (0, 0), (-1, -1), styles["pad"].spaceAfter),
        # white rules between the cells: invisible on white rows, a gutter on the striped ones
        ("GRID", (0, 0), (-1, -1), 0.8, WHITE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, accent),
    ]
    commands += [("BACKGROUND", (0, r), (-1, r), stripe) for r in range(2, len(data), 2)]
    rl.setStyle(TableStyle(commands))
    out: list[Flowable] = []
    if table.caption:
        out.append(RLParagraph(_runs(table.caption), styles["tcaption"]))
    out += [rl, Spacer(1, styles["gap"].spaceAfter)]
    return out


def _note(note: Note, styles: dict[str, ParagraphStyle], avail: float) -> list[Flowable]:
    decision = note.tone == "decision"
    edge = colors.HexColor("#a07a12" if decision else "#1f4e79")
    fill = colors.HexColor("#fbf5e2" if decision else "#f1f5fa")
    title = _runs(note.title)
    if note.lead:  # on the title's line, in the body's type: what the items are
        grey = GREY.hexval().replace("0x", "#")
        title += f'<font name="{SANS}" size="{BODY_PT}" color="{grey}">\xa0\xa0{_runs(note.lead)}</font>'
    rows = [[RLParagraph(title, styles["note-title"])]]
    many = len(note.items) > 1
    for item in note.items:
        rows.append(
            [RLParagraph(_markup(item), styles["item"] if many else styles["body"], bulletText="•" if many else None)]
        )
    box = RLTable(rows, colWidths=[avail], splitByRow=1)
    box.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), SANS, BODY_PT),
                ("LINEBEFORE", (0, 0), (0, -1), 2.5, edge),
                ("BACKGROUND", (0, 0), (-1, -1), fill),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 0.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
                ("TOPPADDING", (0, 0), (-1, 0), 4),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 4),
            ]
        )
    )
    return [box, Spacer(1, styles["gap"].spaceAfter)]


def _kept(flowables: Sequence[Flowable]) -> list[Flowable]:
    """Each run of keep-with-next flowables (a heading, a table's caption, a line ending in a
    colon, a figure's art) joined with the flowable after it, so that none is left alone at
    the foot of a page; and each table kept whole."""
    # a table stays whole too, header and rows on one page, unless it is taller than a page
    return [
        KeepTogether(unit) if len(unit) > 1 or isinstance(unit[0], RLTable) else unit[0] for unit in units_of(flowables)
    ]


def _flowables(
    blocks: Sequence[Block], styles: dict[str, ParagraphStyle], avail: float, accent: colors.Color, keep: bool = True
) -> list[Flowable]:
    """The flowables of ``blocks`` in ``avail`` points; ``keep``: runs kept together (not in
    columns, which keep their own units, nor in a table's cell, where a KeepTogether cannot
    measure itself)."""
    out: list[Flowable] = []
    for n, block in enumerate(blocks):
        following = blocks[n + 1] if n + 1 < len(blocks) else None
        if isinstance(block, Heading):
            out.append(RLParagraph(_runs(block.text), styles["h2" if block.level <= 2 else "h3"]))
        elif isinstance(block, Paragraph):
            para = RLParagraph(_markup(block.spans), styles["body"])
            if plain(block.spans).rstrip().endswith(":") and following is not None:
                para.keepWithNext = 1  # "… repeat numbers:" goes where its table goes
            out.append(para)
        elif isinstance(block, Steps | Bullets):
            numbered = isinstance(block, Steps)
            for i, item in enumerate(block.items, 1):
                para = RLParagraph(_markup(item), styles["item"], bulletText=f"{i}" if numbered else "•")
                para.keepWithNext = 1  # a list stays in one piece: in one column, on one page
                out.append(para)
            out.append(Spacer(1, styles["gap"].spaceBefore))
        elif isinstance(block, Table):
            out += _table(block, styles, avail, accent)
        elif isinstance(block, Figure):
            art = _Art(block.drawing, min(block.width_mm * PT, avail))
            art.keepWithNext = 1
            out += [art, RLParagraph(_runs(block.caption), styles["caption"])]
        elif isinstance(block, Note):
            out += _note(block, styles, avail)
        elif isinstance(block, SmallPrint):
            out.append(RLParagraph(_markup(block.spans, NOTE_PT), styles["small"]))
        elif isinstance(block, Columns):
            out.append(_columns(block, styles, avail, accent))
        elif isinstance(block, Beside):
            out.append(_beside(block, styles, avail, accent))
        elif isinstance(block, PageBreak):
            out.append(RLPageBreak())
    return _kept(out) if keep else out


def _columns(block: Columns, styles: dict[str, ParagraphStyle], avail: float, accent: colors.Color) -> Flowable:
    gutter = GUTTER * PT
    inner = _flowables(block.blocks, styles, (avail - gutter) / 2, accent, keep=False)
    return TwoColumns(units_of(inner), gutter, RULE)


def _beside(block: Beside, styles: dict[str, ParagraphStyle], avail: float, accent: colors.Color) -> Flowable:
    gutter = GUTTER * PT
    left = avail * block.share
    right = avail - left - gutter
    figure = block.figure
    art = _Art(figure.drawing, min(figure.width_mm * PT, left))
    picture = [art, RLParagraph(_runs(figure.caption), styles["caption"])]
    words = _flowables(block.blocks, styles, right, accent, keep=False)
    grid = RLTable([[picture, words]], colWidths=[left + gutter, right], hAlign="LEFT")
    grid.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), SANS, BODY_PT),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), gutter),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return grid


def _title_band(
    heading: str, subtitle: str, styles: dict[str, ParagraphStyle], avail: float, accent: colors.Color
) -> list[Flowable]:
    rows = [[RLParagraph(_runs(heading), styles["title"])]]
    if subtitle:
        rows.append([RLParagraph(_runs(subtitle), styles["subtitle"])])
    band = RLTable(rows, colWidths=[avail], hAlign="LEFT")
    band.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), SANS, BODY_PT),  # (else a cell sets Helvetica, unembedded)
                ("BACKGROUND", (0, 0), (-1, -1), accent),
                ("LEFTPADDING", (0, 0), (-1, -1), 9),
                ("RIGHTPADDING", (0, 0), (-1, -1), 9),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, 0), 7),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 7),
                ("ROUNDEDCORNERS", [3, 3, 3, 3]),
            ]
        )
    )
    return [band, Spacer(1, 4)]


# How much more room between blocks and lines a handout may take: the loosest setting that keeps
# the handout to the pages the tightest takes, without leaving any page emptier than the tightest
# does. No first page crammed while the second is half empty, no page left with a gap.
AIR = (1.15, 1.3, 1.45, 1.6, 1.8, 2.0)


def write_document(
    document: Document,
    *,
    title: str = "",
    subject: str = "",
    paper: tuple[float, float] = (210.0, 297.0),
    margin: float = 14.0,
) -> bytes:
    """The handout as a PDF on ``paper`` (mm) with ``margin`` (mm) on every side, its pages
    balanced (``AIR``).

    More air never takes fewer pages, so the loosest setting that keeps them is found by halving
    the settings, the loosest tried first (most handouts take it): two to four settings of the
    five, each a whole ReportLab layout."""
    _register_fonts()
    best, pages, white = _set(document, title, paper, margin, 1.0, subject)
    fits, over = -1, len(AIR)  # AIR[fits] keeps the pages (-1: the tightest), AIR[over] does not
    probe = over - 1
    while over - fits > 1:
        pdf, more, empty = _set(document, title, paper, margin, AIR[probe], subject)
        if more == pages and empty <= white + 1.0:
            best, fits = pdf, probe
        else:
            over = probe
        probe = (fits + over) // 2
    return best


class _Measured(SimpleDocTemplate):  # type: ignore[misc]
    """A document that notes how far down each page its content reaches."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reach: dict[int, float] = {}

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - ReportLab's name
        frame = getattr(self, "frame", None)
        if frame is not None:  # (none once a page is finished)
            self.reach[self.page] = min(self.reach.get(self.page, frame._y), frame._y)

    def emptiest(self) -> float:
        """The most white (points) any page leaves under its content."""
        bottom = self.bottomMargin
        return max((y - bottom for y in self.reach.values()), default=0.0)


def _set(
    document: Document, title: str, paper: tuple[float, float], margin: float, air: float, subject: str = ""
) -> tuple[bytes, int, float]:
    """The PDF with every space times ``air``, its pages and the most white a page leaves."""
    heading = title or document.title
    subject = subject or subject_of(f"The rules of {document.title}, summed up")
    named = f"{heading} — rules summary"  # the PDF's title (a viewer's window, a print queue)
    accent = colors.HexColor(document.meta.get("accent", "#1f4e79"))
    styles = _styles(accent, air)
    buf = io.BytesIO()
    page_w, page_h = paper[0] * PT, paper[1] * PT
    m = margin * PT
    pdf = _Measured(
        buf,
        pagesize=(page_w, page_h),
        leftMargin=m,
        rightMargin=m,
        topMargin=m,
        bottomMargin=m + FOOTER * PT,
        title=named,
        subject=subject,
        author="cardgen",
        creator=f"cardgen {__version__}",
        producer=f"cardgen {__version__} (ReportLab)",
        invariant=1,
        pageCompression=1,
        initialFontName=SANS,
    )
    avail = page_w - 2 * m - 12  # (a frame keeps 6 pt of padding on each side)
    story = _title_band(heading, document.subtitle, styles, avail, accent)
    story += _flowables(document.blocks, styles, avail, accent)
    pdf.build(story, canvasmaker=_page_numbers(heading, m, named, subject))
    return buf.getvalue(), int(pdf.page), pdf.emptiest()
