"""Make the README's pictures from the project's own output (run: python docs/make_pictures.py).

Needs the test extras (pypdfium2, pillow). The PNGs are made from real PDFs that
`cardgen` writes, so the README shows what users get.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pypdfium2 as pdfium

from cardgen.options import print_options
from cardgen.products.got import build_pack
from cardgen.products.got2d import build_pack2d
from cardgen.products.placemat import build_placemat
from cardgen.products.supertrain import build_tiles

HERE = Path(__file__).parent


def page_png(pdf: Path, index: int, target: Path, dpi: int = 60) -> None:
    doc = pdfium.PdfDocument(pdf)
    doc[index].render(scale=dpi / 72).to_pil().convert("RGB").save(target, optimize=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pack = build_pack(pattern="two", census=7, out=Path(tmp), opts=print_options(paper="letter"))
        page_png(next(pack.folder.glob("*.pdf")), 1, HERE / "sheet-pattern-two.png")
        grid = build_pack2d(out=Path(tmp))
        page_png(next(grid.folder.glob("*.pdf")), 3, HERE / "sheet-2d.png")
        mat = build_placemat(census=7, out=Path(tmp))
        page_png(next(mat.folder.glob("*.pdf")), 0, HERE / "placemat-census-7.png", dpi=40)
        tiles = build_tiles(out=Path(tmp))
        page_png(next(tiles.folder.glob("*.pdf")), 0, HERE / "supertrain-wild.png", dpi=45)


if __name__ == "__main__":
    main()
