"""Rules handouts: one content model (``layout.handouts``) written as a web page and a PDF.

``build_handout(game="train")`` writes ``output/handout-train/`` with
``handout-train.html`` (prints on the chosen paper) and ``handout-train.pdf``
(the same blocks, paged, fonts embedded, "page i of n"). The PDF is read back
with pdfium before anything is moved into place: every page numbered, every font
embedded, every page the paper's size.

``render_handout`` renders any template in ``templates/`` (autoescaped), for
products that write their own pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.layout.document import Document, Heading
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product
from cardgen.rules.check import Violation

MIN_MARGIN = 12.0  # mm: a document wants more white than a card sheet; --margin can only widen it
SUMMARY_PAGES = 2  # the promise: a game's summary on two pages at most


@dataclass
class HandoutResult:
    folder: Path
    files: list[Path]
    pages: int
    summary_pages: int
    notes: list[str] = field(default_factory=list)


def render_handout(name: str, **context: Any) -> bytes:
    """Any jinja2 template in ``templates/`` (autoescape on), as UTF-8 bytes."""
    from cardgen.render.html import render_template

    return render_template(name, **context)


def handout_files(doc: Document, opts: PrintOptions) -> dict[str, bytes]:
    """The page and the PDF of ``doc`` for these print options, by file name."""
    from cardgen.render import writer

    margin = max(opts.margin, MIN_MARGIN)
    html = writer("html")(doc, title=opts.title, paper=opts.paper, margin=margin)
    pdf = writer("document")(doc, title=opts.title, paper=opts.paper, margin=margin)
    files = {f"{doc.slug}.html": html, f"{doc.slug}.pdf": pdf}
    figures = doc.figures()
    if figures:  # the first diagram on its own, as the handout's picture (the build's index shows it)
        files["figure-1.svg"] = writer("svg")([figures[0].drawing], title=figures[0].caption)
    return files


def _summary_ends(doc: Document) -> str | None:
    """The heading that starts what follows the summary (a quick reference, an appendix)."""
    wanted = doc.meta.get("summary_ends")
    return wanted if wanted and any(isinstance(b, Heading) and b.text == wanted for b in doc.blocks) else None


def check_pdf(
    pdf: bytes, paper: tuple[float, float], summary_ends: str | None = None
) -> tuple[list[Violation], int, int]:
    """Read the written PDF back: (violations, pages, pages the summary takes)."""
    from cardgen.products.pdfread import read_pages
    from cardgen.render.pdf import PT

    pages = read_pages(pdf)
    problems: list[Violation] = []
    summary = len(pages)
    for page in pages:
        texts = " ".join(t.text for t in page.texts)
        if f"page {page.number} of {len(pages)}" not in texts:
            problems.append(Violation("files", f"page {page.number} does not say 'page {page.number} of {len(pages)}'"))
        if any(not t.embedded for t in page.texts):
            problems.append(Violation("files", f"page {page.number} uses a font that is not embedded"))
        if abs(page.width - paper[0] * PT) > 0.5 or abs(page.height - paper[1] * PT) > 0.5:
            problems.append(Violation("files", f"page {page.number} is not the paper's size"))
        if summary_ends and summary == len(pages) and any(t.text.strip() == summary_ends for t in page.texts):
            summary = page.number - 1
    return problems, len(pages), summary


def build_handout(
    *,
    game: str,
    pattern: str | None = None,
    census: int | None = None,
    categories: str | None = None,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
) -> HandoutResult:
    """Write one game's rules handout (HTML and PDF) from its rules engine."""
    from cardgen.layout.handouts import build
    from cardgen.products.output import Staging

    opts = opts or print_options()
    doc = build(game, pattern=pattern, census=census, categories=categories)
    files = handout_files(doc, opts)
    problems, pages, summary = check_pdf(files[f"{doc.slug}.pdf"], opts.paper, _summary_ends(doc))
    if problems:
        raise CardgenError(f"the handout failed its own check, so nothing was written: {problems[0]}")
    folder = out / (doc.slug + opts.suffix)  # paper other than A4 is in the name, as for every product
    with Staging(folder) as stage:
        for name, data in files.items():
            stage.write(name, data)
        written = stage.commit()
    rest = pages - summary
    notes = [
        f"{pages} page{'s' if pages != 1 else ''} on {opts.paper_name}"
        + (f" (summary {summary} + {rest})" if rest else "")
    ]
    if summary > SUMMARY_PAGES:
        notes.append(f"warning: the summary takes {summary} pages, more than {SUMMARY_PAGES}")
    return HandoutResult(folder, written, pages, summary, notes)


PRODUCT = Product("handout", "rules handout", build_handout, command="handout")
