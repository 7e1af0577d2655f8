"""The lean ReportLab script that cardgen's pack command is measured against: the floor of its stack.

What a user would write by hand for the pack ``pack --pattern P --census N``: one ReportLab
canvas, the cards drawn straight onto A4 sheets (3 x 3 poker cards, 63.5 x 88.9 mm, portrait,
centred, inside a 5 mm margin) with 0.25 pt crop marks in the margin at both ends of every cut,
in the shipped DejaVu Sans Mono (registered as TrueType, so ReportLab embeds a subset). Each
card: a white background, a rounded frame 3.175 mm inside the cut, the number large and the
ability label (``A↔B``) in the upper half, both again turned 180° in the lower half, and a small
corner index (number over ability code) top-left, turned bottom-right. No SVGs, no CSV or
manifest, no read-back, no checks.

    python bench/lean.py --pattern one --census 12 OUTDIR

The last line printed is a JSON report: cards, pages, bytes of the PDF.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen.rules.got.patterns import make_pattern

FONTS = Path(__file__).resolve().parent.parent / "cardgen" / "fonts"
W, H = 63.5 * mm, 88.9 * mm  # poker card
COLS, ROWS = 3, 3
MARGIN = 5 * mm  # printable area: nothing closer to the paper's edge
SAFE = 3.175 * mm  # frame inside the cut
GAP, MARK = 1 * mm, 5 * mm  # crop marks: this far off the cards, at most this long
ACCENT = (0.54, 0.14, 0.14)


def half(c: Canvas, number: str, code: str, label: str) -> None:
    """The upper half of a card (origin at the card's bottom-left): big number and label, corner index."""
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont("Mono-Bold", 44)
    c.drawCentredString(W / 2, H / 2 + 18 * mm, number)
    c.setFont("Mono", 13)
    c.drawString(SAFE + 1.4 * mm, H - SAFE - 5 * mm, number)
    c.setFillColorRGB(*ACCENT)
    c.setFont("Mono-Bold", 30)
    c.drawCentredString(W / 2, H / 2 + 4 * mm, label)
    c.setFont("Mono-Bold", 11)
    c.drawString(SAFE + 1.4 * mm, H - SAFE - 9.5 * mm, code)


def card(c: Canvas, x: float, y: float, number: str, code: str, label: str) -> None:
    c.saveState()
    c.translate(x, y)
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setStrokeColorRGB(*ACCENT)
    c.setLineWidth(1)
    c.roundRect(SAFE, SAFE, W - 2 * SAFE, H - 2 * SAFE, 2.54 * mm, stroke=1, fill=0)
    half(c, number, code, label)
    c.translate(W, H)
    c.rotate(180)
    half(c, number, code, label)
    c.restoreState()


def crop_marks(c: Canvas, x0: float, y0: float, cols: int, rows: int) -> None:
    """Hairlines in the margin, in line with each cut, at both ends (grid's bottom-left at x0, y0)."""
    top = y0 + ROWS * H
    across = min(MARK, x0 - GAP - MARGIN)  # left and right of the grid
    along = min(MARK, y0 - GAP - MARGIN)  # above and below it
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.25)
    for i in range(cols + 1):
        x = x0 + i * W
        c.line(x, top + GAP, x, top + GAP + along)
        c.line(x, y0 - GAP, x, y0 - GAP - along)
    for j in range(ROWS - rows, ROWS + 1):
        y = y0 + j * H
        c.line(x0 - GAP, y, x0 - GAP - across, y)
        c.line(x0 + COLS * W + GAP, y, x0 + COLS * W + GAP + across, y)


def run(pattern: str, census: int, out: Path) -> dict[str, object]:
    pdfmetrics.registerFont(TTFont("Mono", str(FONTS / "DejaVuSansMono.ttf")))
    pdfmetrics.registerFont(TTFont("Mono-Bold", str(FONTS / "DejaVuSansMono-Bold.ttf")))
    cards = make_pattern(pattern, census).cards()
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"lean-pattern-{pattern}-census-{census}.pdf"
    c = Canvas(str(target), pagesize=A4, invariant=1, pageCompression=1)
    x0, y0 = (A4[0] - COLS * W) / 2, (A4[1] - ROWS * H) / 2
    per_page = COLS * ROWS
    for start in range(0, len(cards), per_page):
        page = cards[start : start + per_page]
        for i, cd in enumerate(page):
            row, col = divmod(i, COLS)
            card(c, x0 + col * W, y0 + (ROWS - 1 - row) * H, str(cd.number), cd.ability.code, cd.ability.label)
        rows = -(-len(page) // COLS)
        crop_marks(c, x0, y0, min(len(page), COLS), rows)
        c.showPage()
    pages = c.getPageNumber() - 1
    c.save()
    return {"cards": len(cards), "pages": pages, "bytes": target.stat().st_size}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pattern", default="one")
    ap.add_argument("--census", type=int, default=12)
    ap.add_argument("out", type=Path, metavar="OUTDIR")
    args = ap.parse_args(argv)
    print(json.dumps(run(args.pattern, args.census, args.out)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
