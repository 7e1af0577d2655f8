"""Rules handouts: one content model (``layout.handouts``) written as a web page and a PDF.

``build_handout(game="train")`` writes ``output/handout-train/`` with
``handout-train.html`` (prints on the chosen paper) and ``handout-train.pdf``
(the same blocks, paged, fonts embedded, "page i of n"). The PDF is read back
with pdfium before anything is moved into place: every page numbered, every font
embedded, every page the paper's size.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.impose.printing import how_to_print
from cardgen.layout.document import Document, Heading
from cardgen.layout.handouts import build
from cardgen.options import DEFAULT_MARGIN, PrintOptions, print_options
from cardgen.products import Product, recipe
from cardgen.proof.documents import check_pdf
from cardgen.render import writer
from cardgen.write.built import Built
from cardgen.write.staging import Staging

USES = ("paper", "margin", "title")  # the print options it uses: its folder's name carries these alone

MIN_MARGIN = 12.0  # mm: a document wants more white than a card sheet; --margin can only widen it
SUMMARY_PAGES = 2  # the promise: a game's summary on two pages at most


@dataclass
class HandoutResult(Built):
    summary_pages: int  # the summary's pages (at most ``SUMMARY_PAGES``), before any others


def named(opts: PrintOptions) -> PrintOptions:
    """The options as a handout's name spells them: a margin up to its 12 mm is its default."""
    return replace(opts, margin=DEFAULT_MARGIN) if opts.margin <= MIN_MARGIN else opts


def handout_files(doc: Document, opts: PrintOptions) -> dict[str, bytes]:
    """The page and the PDF of ``doc`` for these print options, by file name."""
    margin = max(opts.margin, MIN_MARGIN)
    html = writer("html")(doc, title=opts.title, paper=opts.paper, margin=margin)
    pdf = writer("document")(doc, title=opts.title, paper=opts.paper, margin=margin)
    name = doc.slug + named(opts).suffix  # the folder's name, and its files': two handouts never share one
    files = {f"{name}.html": html, f"{name}.pdf": pdf}
    figures = doc.figures()
    if figures:  # the first diagram on its own, as the handout's picture (the build's index shows it)
        files["figure-1.svg"] = writer("svg")([figures[0].drawing], title=figures[0].caption)
    return files


def _summary_ends(doc: Document) -> str | None:
    """The heading that starts what follows the summary (a quick reference, an appendix)."""
    wanted = doc.meta.get("summary_ends")
    return wanted if wanted and any(isinstance(b, Heading) and b.text == wanted for b in doc.blocks) else None


def build_handout(
    *,
    game: str,
    pattern: str | None = None,
    census: int | None = None,
    copies: int | None = None,
    categories: str | None = None,
    numbers: bool = False,
    packs: int | None = None,
    wilds: int | None = None,
    win: str | None = None,
    simulate: int | None = None,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
) -> HandoutResult:
    """Write one game's rules handout (HTML and PDF) from its rules engine; ``got`` takes the
    blocks of its pack (``copies``: a kit's, sized for its players), the optional rules its pack
    prints (``numbers``, ``packs``, ``wilds``, ``win``) too, and
    ``simulate``: the figures of that many seeded games of the pack for 2, 3 and 4 players."""
    opts = (opts or print_options()).only(USES)  # (a config's other options are not its)
    extras = {"numbers": numbers or None, "packs": packs, "wilds": wilds, "win": win, "simulate": simulate}
    doc = build(game, pattern=pattern, census=census, copies=copies, categories=categories, **extras)
    files = handout_files(doc, opts)
    problems, pages, summary = check_pdf(files[f"{doc.slug + named(opts).suffix}.pdf"], opts.paper, _summary_ends(doc))
    if problems:
        raise CardgenError(f"the handout failed its own check, so nothing was written: {problems[0]}")
    folder = out / (doc.slug + named(opts).suffix)  # every print option not the default is in the name
    given = {"game": game, "pattern": pattern, "census": census, "categories": categories, **extras}
    given |= {"copies": copies} if copies is not None else {}  # (recorded only when given: older folders hold none)
    with Staging(folder, opts.made_with, recipe("handout", given, opts), kind=PRODUCT.kind) as stage:
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
    how = how_to_print(paper=opts.paper_name, orientation="portrait", sides="either")
    return HandoutResult(
        folder=folder,
        files=written,
        pages=pages,
        summary_pages=summary,
        notes=notes,
        printing=how,
        to_print=folder / f"{folder.name}.pdf",
        title=doc.title,  # the handout's own ("Amtrak"), as the build's index names it
    )


PRODUCT = Product("handout", "rules handout", build_handout, command="handout")
