"""A document (a rules handout) read back from its PDF: every page says "page i of n", every
font is embedded, every page is the paper's size; and how many pages its summary takes.
"""

from __future__ import annotations

from cardgen.proof.pdfread import read_pages
from cardgen.proof.sheets import PT
from cardgen.rules.check import Violation


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
