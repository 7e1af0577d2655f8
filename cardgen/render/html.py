"""HTML writer: a ``layout.document.Document`` in, one self-contained web page out.

The page comes from the jinja2 templates in ``templates/`` (``handout.html.j2``),
with autoescaping on, so every text is text: a title like ``<script>`` stays
visible. The one piece of markup that is not escaped is each figure's SVG, which
our own SVG writer made from the shape tree (it escapes its texts). A print
stylesheet sets the paper (``@page``), keeps table rows and figures whole and
starts a new page at each ``PageBreak``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

import cardgen
from cardgen.layout.document import Document, Figure
from cardgen.render import render

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


def write_html(
    document: Document,
    *,
    title: str = "",
    paper: tuple[float, float] | None = None,
    margin: float = 14.0,
) -> bytes:
    """The page. ``paper`` (mm) sets ``@page`` size; None leaves it to the browser."""
    figures = [Markup(inline_svg(b, i)) if isinstance(b, Figure) else None for i, b in enumerate(document.blocks, 1)]
    return render_template(
        TEMPLATE,
        trim=True,
        doc=document,
        title=title or document.title,
        blocks=list(zip(document.blocks, figures)),
        paper=None if paper is None else f"{paper[0]:g}mm {paper[1]:g}mm",
        margin=f"{margin:g}mm",
    )
