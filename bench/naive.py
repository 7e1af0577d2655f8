"""The naive pipeline that cardgen's pack command is measured against.

For every card of the pack ``pack --pattern P --census N``: write one SVG file with svgwrite
(a poker card, 63.5 x 88.9 mm: frame, big number, ability label, two corner indices), convert
each SVG file to a one-page PDF with cairosvg, then merge all the PDFs into one with pypdf.
Without cairosvg it falls back to svglib (and says so in its report).

    python bench/naive.py --pattern one --census 12 OUTDIR

The last line printed is a JSON report: cards, pages, bytes of the merged PDF, converter.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import svgwrite
from pypdf import PdfWriter

from cardgen.rules.got.patterns import make_pattern

W, H = 63.5, 88.9  # poker card, mm
FONT = "DejaVu Sans Mono, monospace"


def card_svg(path: Path, number: int, label: str) -> None:
    """One standalone card: frame, big number and ability, small indices in two corners."""
    dwg = svgwrite.Drawing(str(path), size=(f"{W}mm", f"{H}mm"), viewBox=f"0 0 {W} {H}")
    dwg.add(dwg.rect((0, 0), (W, H), fill="white"))
    dwg.add(dwg.rect((3, 3), (W - 6, H - 6), rx=3, ry=3, fill="none", stroke="black", stroke_width=0.5))
    text = {"font_family": FONT, "text_anchor": "middle"}
    dwg.add(dwg.text(str(number), insert=(W / 2, H / 2), font_size=22, font_weight="bold", **text))
    dwg.add(dwg.text(label, insert=(W / 2, H / 2 + 12), font_size=10, **text))
    for transform in ("", f"rotate(180 {W / 2} {H / 2})"):
        corner = dwg.g(transform=transform) if transform else dwg.g()
        corner.add(dwg.text(str(number), insert=(9, 11), font_size=5, font_weight="bold", **text))
        corner.add(dwg.text(label, insert=(9, 16), font_size=3.5, **text))
        dwg.add(corner)
    dwg.save()


def converter() -> tuple[str, Callable[[Path, Path], None]]:
    """cairosvg if installed, else svglib with ReportLab."""
    try:
        import cairosvg
    except ImportError:
        from reportlab.graphics import renderPDF
        from svglib.svglib import svg2rlg

        return "svglib", lambda svg, pdf: renderPDF.drawToFile(svg2rlg(str(svg)), str(pdf))
    return "cairosvg", lambda svg, pdf: cairosvg.svg2pdf(url=str(svg), write_to=str(pdf))


def run(pattern: str, census: int, out: Path) -> dict[str, object]:
    name, to_pdf = converter()
    cards = make_pattern(pattern, census).cards()
    svg_dir, pdf_dir = out / "svg", out / "pdf"
    svg_dir.mkdir(parents=True, exist_ok=True)
    pdf_dir.mkdir(parents=True, exist_ok=True)
    pdfs = []
    for card in cards:
        svg, pdf = svg_dir / f"{card.number:04d}.svg", pdf_dir / f"{card.number:04d}.pdf"
        card_svg(svg, card.number, card.ability.label)
        to_pdf(svg, pdf)
        pdfs.append(pdf)
    merged = PdfWriter()
    for pdf in pdfs:
        merged.append(str(pdf))
    target = out / f"naive-pattern-{pattern}-census-{census}.pdf"
    with target.open("wb") as fh:
        merged.write(fh)
    return {"cards": len(cards), "pages": len(merged.pages), "bytes": target.stat().st_size, "converter": name}


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
