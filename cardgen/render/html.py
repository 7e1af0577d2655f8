"""HTML writer: a ``layout.document.Document`` in, one self-contained web page out.

The page comes from the jinja2 templates in ``templates/`` (``handout.html.j2``),
with autoescaping on, so every text is text: a title like ``<script>`` stays
visible. The pieces of markup that are not escaped are each figure's SVG, which
our own SVG writer made from the shape tree (it escapes its texts), and the
``@font-face`` rules that embed the shipped fonts (``page_fonts``), so that the page
looks the same, and like the PDF, on any machine. A print stylesheet sets the paper
(``@page``), keeps table rows and figures whole and starts a new page at each ``PageBreak``.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

import cardgen
from cardgen.layout.document import Document, Figure, Heading, Note, Paragraph, Rich, SmallPrint, Table, plain
from cardgen.layout.shapes import sans_covers
from cardgen.render import render
from cardgen.render.fonts import BLOCKS_OF, font_face, glyph_set

TEMPLATE = "handout.html.j2"
_ID = re.compile(r'\bid="([^"]+)"')
_REF = re.compile(r'(url\(#|href="#)([^)"]+)')


def template_dir() -> Path:
    """Templates ship inside the wheel (cardgen/templates); a source checkout has them at the top."""
    here = Path(cardgen.__file__).parent
    for candidate in (here / "templates", here.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cardgen's templates folder is missing from this installation")


@functools.cache  # one a process: it keeps each template compiled (a compile is about 0.1 s)
def environment(*, trim: bool = False) -> Any:
    """The jinja2 environment cardgen pages are rendered with (autoescape on, strict);
    ``trim`` drops the line a block tag stands on (the handout template is written for it)."""
    return Environment(
        loader=FileSystemLoader(template_dir()),
        autoescape=select_autoescape(["html", "j2"], default_for_string=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=trim,
        lstrip_blocks=trim,
    )


def render_template(name: str, *, trim: bool = False, **context: Any) -> bytes:
    """Any template in ``templates/``, with ``version`` given."""
    page = environment(trim=trim).get_template(name).render(version=cardgen.__version__, **context)
    return str(page).encode("utf-8")


def inline_svg(figure: Figure, n: int) -> str:
    """The figure's SVG for inline use: no XML prolog, ids prefixed ``f<n>-`` so that
    several figures on one page never share an id."""
    svg = render("svg", [figure.drawing], title=figure.caption).decode("utf-8")
    svg = svg[svg.index("<svg") :]
    svg = _ID.sub(lambda m: f'id="f{n}-{m.group(1)}"', svg)
    return _REF.sub(lambda m: f"{m.group(1)}f{n}-{m.group(2)}", svg)


def page_fonts(words: str, codes: str = "") -> Markup:
    """``@font-face`` rules for a page: Atkinson Hyperlegible (regular and bold) for the
    characters of ``words`` it has, DejaVu Sans Mono for ``codes`` and for the characters
    Atkinson lacks (the arrows), which the page's font list falls back to. Each face subset to
    whole blocks, so that most pages embed the ready-made subsets."""
    sans = {c for c in words if sans_covers(c) and c.isprintable()} | set(BLOCKS_OF["sans"][1])
    mono = {c for c in codes + words if c.isprintable() and not (c in words and sans_covers(c))}
    rules = [font_face(bold, glyph_set(sans, "sans"), "sans") for bold in (False, True)]
    if mono:
        rules += [font_face(bold, glyph_set(mono | set(BLOCKS_OF["mono"][0]))) for bold in (False, True)]
    return Markup("\n".join(r for r in rules if r))


def _texts(document: Document, title: str) -> tuple[str, str]:
    """(words, codes): every text the page shows, split by the family it is set in."""
    words: list[str] = [title, document.subtitle, "Made by cardgen page of 0123456789"]
    codes: list[str] = []

    def spans(items: Rich) -> None:
        for s in items:
            (codes if s.style == "code" else words).append(s.text)

    for block in document.flat():
        if isinstance(block, Heading):
            words.append(block.text)
        elif isinstance(block, Paragraph | SmallPrint):
            spans(block.spans)
        elif isinstance(block, Table):
            words += [block.caption, *block.header]
            for row in block.rows:
                for i, cell in enumerate(row):
                    (codes if i in block.mono else words).append(cell)
        elif isinstance(block, Figure):
            words.append(block.caption)
        elif isinstance(block, Note):
            words += [block.title, block.lead]
            for item in block.items:
                spans(item)
        else:
            for item in getattr(block, "items", ()):
                spans(item)
    return "".join(words), "".join(codes)


SHORT_HEADER = 24  # characters: a header this short stays on one line (as in the PDF)


def unbroken(text: str, header: bool) -> bool:
    """Whether a table cell is set on one line: a code of hyphenated parts (``9-7-5-3-1``,
    ``12-5``, ``A-Train``) and, in a header, any short text ("tiles each").

    >>> unbroken("9-7-5-3-1", False), unbroken("never-descending", False), unbroken("how many", True)
    (True, False, True)
    """
    if header and len(text) <= SHORT_HEADER:
        return True
    return " " not in text and "-" in text and any(c.isdigit() or c.isupper() for c in text)


def write_html(
    document: Document,
    *,
    title: str = "",
    paper: tuple[float, float] | None = None,
    margin: float = 14.0,
) -> bytes:
    """The page. ``paper`` (mm) sets ``@page`` size; None leaves it to the browser."""
    heading = title or document.title
    figures = {id(b): Markup(inline_svg(b, i)) for i, b in enumerate(document.figures(), 1)}
    words, codes = _texts(document, heading)
    colours = document.colours()
    return render_template(
        TEMPLATE,
        trim=True,
        doc=document,
        title=heading,
        svg=lambda figure: figures[id(figure)],
        lead_in=lambda p: plain(p.spans).rstrip().endswith(":"),
        whole=unbroken,
        fonts=page_fonts(words, codes),
        stripe=colours["stripe"],
        pale=colours["pale"],
        paper=None if paper is None else f"{paper[0]:g}mm {paper[1]:g}mm",
        margin=f"{margin:g}mm",
    )
