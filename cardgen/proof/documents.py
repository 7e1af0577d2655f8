"""A document (a rules handout) read back from its PDF: every page says "page i of n", every
font is embedded, every page is the paper's size; and how many pages its summary takes. And
the files of any folder with no cards to check, as a printer would meet them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cardgen.files import read_file
from cardgen.proof.audit import pdf_damage
from cardgen.proof.pdfread import read_pages
from cardgen.proof.pdfshape import pdf_outside
from cardgen.proof.sheets import PDF_LIMIT, PT
from cardgen.proof.svg import read_svg
from cardgen.rules.shared import Violation


def check_pdf(
    pdf: bytes, paper: tuple[float, float], summary_ends: str | None = None
) -> tuple[list[Violation], int, int]:
    """Read the written PDF back: (violations, pages, pages the summary takes)."""
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


def check_written_files(folder: Path, names: Sequence[str]) -> list[Violation]:
    """What a printer would trip on in the files of a folder that has no cards to check (a
    placemat, a form, a handout, a test page): each PDF opens strictly, holds only what
    cardgen's writer writes and embeds every font it uses; each SVG reads."""
    out: list[Violation] = []
    for name in names:
        path = folder / name
        if not path.is_file() or path.is_symlink():
            continue  # named by the marker's own check
        if name.endswith(".pdf"):
            data = read_file(path, limit=PDF_LIMIT, what="PDF")
            found = pdf_damage(data) or pdf_outside(data)
            if not found:
                found = [
                    f"page {p.number} uses a font that is not embedded"
                    for p in read_pages(data)
                    if not all(t.embedded for t in p.texts)
                ]
            out += [Violation("files", f"{name}: {phrase}") for phrase in found[:5]]
        elif name.endswith(".svg"):
            doc, _ = read_svg(path)
            if isinstance(doc, str):
                out.append(Violation("files", doc))
    return out
