"""Writers: a Drawing (or a list of pages) in, file bytes out. They know no game.

Picked from a dict by format name, as segno does, and imported lazily so that
start-up does not pay for ReportLab or jinja2 until a file is written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from importlib.resources import files
from pathlib import Path

from cardgen.layout.shapes import Drawing

FONT_FAMILY = "DejaVu Sans Mono"
# The shipped families (``layout.shapes.Family``): the name a file's text gives each, and the
# file of each face (regular, bold). Their PostScript names are their files' stems.
FAMILY_NAMES = {"mono": FONT_FAMILY, "sans": "Atkinson Hyperlegible"}
FAMILY_FILES = {
    "mono": {False: "DejaVuSansMono.ttf", True: "DejaVuSansMono-Bold.ttf"},
    "sans": {False: "AtkinsonHyperlegible-Regular.ttf", True: "AtkinsonHyperlegible-Bold.ttf"},
}
FONTS = FAMILY_FILES["mono"]


def font_path(bold: bool = False, family: str = "mono") -> Path:
    """A shipped font file, so output never depends on the user's machine."""
    return Path(str(files("cardgen") / "fonts" / FAMILY_FILES[family][bold]))


def ps_name(family: str, bold: bool) -> str:
    """The PostScript name of a shipped face, as a PDF names it: its file's stem.

    >>> ps_name("mono", True), ps_name("sans", False)
    ('DejaVuSansMono-Bold', 'AtkinsonHyperlegible-Regular')
    """
    return FAMILY_FILES[family][bold].rsplit(".", 1)[0]


# format -> (module, function); every function takes (pages, *, title) and returns bytes; the PDF
# writers (pdf, pdfx, document) take a ``subject`` too: what the PDF holds, for its metadata.
WRITERS: dict[str, tuple[str, str]] = {
    "svg": ("cardgen.render.svg", "write_svg"),
    "pdf": ("cardgen.render.pdf", "write_pdf"),
    "pdfx": ("cardgen.render.pdfx", "write_pdfx"),  # a print service's: CMYK, an OutputIntent
    # handouts: these two take a layout.document.Document (not pages), plus paper= and margin=
    "html": ("cardgen.render.html", "write_html"),
    "document": ("cardgen.render.document", "write_document"),
}


def writer(fmt: str) -> Callable[..., bytes]:
    module, name = WRITERS[fmt]
    fn: Callable[..., bytes] = getattr(import_module(module), name)
    return fn


def subject_of(what: str) -> str:
    """A PDF's subject: ``what`` it holds, and what every PDF cardgen writes asks of its printer.

    >>> subject_of("84 cards on 10 sheets")
    "84 cards on 10 sheets — print at 100 % (actual size), never 'fit to page'"
    """
    return f"{what} — print at 100 % (actual size), never 'fit to page'"


def render(fmt: str, pages: Sequence[Drawing], *, title: str = "", subject: str = "") -> bytes:
    """``pages`` written as ``fmt``; ``subject`` only a PDF writer takes (an SVG has none)."""
    return writer(fmt)(pages, title=title, **({"subject": subject} if subject else {}))


def font_problem(data: bytes) -> str | None:
    """What keeps the PDF writer from embedding the TrueType font ``data`` (``render.pdf``'s
    ``font_problem``), or None; looked up by name as a writer is, so that reading a theme (which
    every command may do) does not import ReportLab (35 ms) in a process that draws no PDF."""
    check: Callable[[bytes], str | None] = import_module("cardgen.render.pdf").font_problem
    return check(data)
