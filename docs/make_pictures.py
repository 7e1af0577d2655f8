"""Make the README's pictures from the project's own output (run: python docs/make_pictures.py).

Needs the test extras (pypdfium2, pillow). The PNGs are made from real PDFs that
`cardgen` writes, so the README shows what users get.
"""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFilter

from cardgen.options import print_options
from cardgen.products.got import build_pack
from cardgen.products.got2d import build_pack2d
from cardgen.products.placemat import build_placemat
from cardgen.products.supertrain import build_tiles

HERE = Path(__file__).parent


def page_png(pdf: Path, index: int, target: Path, dpi: int = 60) -> None:
    doc = pdfium.PdfDocument(pdf)
    doc[index].render(scale=dpi / 72).to_pil().convert("RGB").save(target, optimize=True)


def fanned_hand(cards: list[Path], target: Path, *, width: int = 900) -> None:
    """A hand of cut cards fanned on a table: each card's own PNG (``--png``), corners rounded as
    a corner punch leaves them, turned about a point below the hand, with a soft shadow."""
    faces = [Image.open(p).convert("RGBA") for p in cards]
    cw, ch = faces[0].size
    radius = round(cw * 3.2 / 63.5)  # a 3 mm corner on a poker card
    mask = Image.new("L", (cw, ch), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, cw - 1, ch - 1), radius=radius, fill=255)
    height = round(width * 0.62)
    table = Image.new("RGBA", (width, height))
    top, bottom = (46, 84, 62), (24, 52, 38)  # a green baize, lit from above
    for y in range(height):
        t = y / (height - 1)
        table.paste(tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)) + (255,), (0, y, width, y + 1))
    scale = height * 0.66 / ch
    size = (round(cw * scale), round(ch * scale))
    pivot = (width / 2, height * 1.3)  # the fan turns about a point below the hand
    spread = 9.0  # degrees between neighbouring cards
    for i, face in enumerate(faces):
        angle = (i - (len(faces) - 1) / 2) * spread
        card = face.copy()
        card.putalpha(mask)
        card = card.resize(size, Image.LANCZOS)
        shadow = Image.new("RGBA", size, (0, 0, 0, 0))
        shadow.putalpha(card.getchannel("A").point(lambda a: a * 0.45))
        for layer, offset, blur in ((shadow, (6, 8), 7), (card, (0, 0), 0)):
            turned = layer.rotate(-angle, resample=Image.BICUBIC, expand=True)
            if blur:
                turned = turned.filter(ImageFilter.GaussianBlur(blur))
            # the card's centre, swung about the pivot
            r = pivot[1] - height * 0.47
            cx = pivot[0] + r * math.sin(math.radians(angle)) + offset[0]
            cy = pivot[1] - r * math.cos(math.radians(angle)) + offset[1]
            table.alpha_composite(turned, (round(cx - turned.width / 2), round(cy - turned.height / 2)))
    table.convert("RGB").save(target, optimize=True)


def contact_sheet(pdf: Path, target: Path, *, height: int = 250, per_row: int = 8) -> None:
    """Every page of ``pdf`` side by side, ``height`` pixels tall each, ``per_row`` a row."""
    doc = pdfium.PdfDocument(pdf)
    pages = []
    for page in doc:
        img = page.render(scale=height / page.get_height()).to_pil().convert("RGB")
        pages.append(img)
    gap = 8
    rows = [pages[i : i + per_row] for i in range(0, len(pages), per_row)]
    width = max(sum(p.width for p in row) + gap * (len(row) + 1) for row in rows)
    sheet = Image.new("RGB", (width, len(rows) * (height + gap) + gap), (120, 120, 120))
    for r, row in enumerate(rows):
        x = gap
        for img in row:
            sheet.paste(img, (x, gap + r * (height + gap)))
            x += img.width + gap
    sheet.save(target, optimize=True)


def kit_pictures(out: Path) -> None:
    """docs/look/: each kit's cover (three players), every page of the Game of Trains kit, and
    Train's round-setup card."""
    from cardgen.products.kit import build_kit

    look = HERE / "look"
    for game in ("got", "got2d", "supertrain", "amtrak", "train"):
        kit = build_kit(game=game, players=3, out=out / "kits")
        assert kit.to_print is not None
        page_png(kit.to_print, 0, look / f"kit-cover-{game}.png", dpi=86)
        if game == "got":
            contact_sheet(kit.to_print, look / "kit-pages-got.png")
        if game == "train":
            (card,) = (kit.folder / "train-setup-3-players").glob("*.pdf")
            doc = pdfium.PdfDocument(card)
            page = doc[0].render(scale=300 / 72).to_pil().convert("RGB")
            w, h = page.size  # the card and its crop marks, from the top-left of the sheet
            mm = w / 210.0
            page.crop((0, 0, round(80 * mm), round(105 * mm))).save(look / "train-setup-card.png", optimize=True)


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
        hand = build_pack(pattern="two", census=7, out=Path(tmp) / "hand", opts=print_options(png=150))
        pngs = sorted((hand.folder / "png").glob("[0-9]*.png"))
        fanned_hand([pngs[i] for i in (0, 5, 11, 20, 39, 57, 83)], HERE / "hand.png")
        kit_pictures(Path(tmp))


if __name__ == "__main__":
    main()
