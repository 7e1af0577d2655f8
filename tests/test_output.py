"""Read the written files back with independent readers and check them card by card."""

from __future__ import annotations

import io
import re

import pikepdf
import pypdfium2 as pdfium
import pytest
from lxml import etree
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from cardgen.layout.got.card import card_face
from cardgen.render import render
from cardgen.rules.got.patterns import PatternOne, PatternThree, PatternTwo
from tests.conftest import svg_png
from tests.helpers import read_pdf

MM = 72 / 25.4
A4 = (595.276, 841.89)
LETTER = (612.0, 792.0)
NS = {"s": "http://www.w3.org/2000/svg"}


def card_rects(page, w_mm, h_mm, tol=0.3):  # type: ignore[no-untyped-def]
    """Filled rectangles of exactly one card's size (in points) on a pdfplumber page."""
    return [r for r in page.rects if abs(r["width"] - w_mm * MM) < tol and abs(r["height"] - h_mm * MM) < tol]


def test_pack_folder_holds_one_svg_per_card_and_a_pdf(built):
    folder = built(pattern="two", census=7)
    assert folder.name == "got-pattern-two-census-7"
    svgs = sorted(p.name for p in (folder / "cards").glob("*.svg"))
    assert svgs == [f"{n:03d}.svg" for n in range(1, 85)]
    assert (folder / "got-pattern-two-census-7.pdf").is_file()
    table = (folder / "pack.csv").read_text().splitlines()
    assert table[0] == "number,ability" and table[12] == "12,BF" and len(table) == 85


def test_each_card_svg_is_standalone_poker_size_and_says_its_card(built):
    folder = built(pattern="two", census=7)
    pack = PatternTwo(7)
    for n in range(1, 85):
        root = etree.parse(str(folder / "cards" / f"{n:03d}.svg")).getroot()
        assert root.get("width") == "63.5mm" and root.get("height") == "88.9mm"
        assert root.get("viewBox") == "0 0 63.5 88.9"
        texts = ["".join(t.itertext()) for t in root.iterfind(".//s:text", NS)]
        assert texts.count(str(n)) == 4  # two large (both ends) and two corner indices
        assert texts.count(pack.card(n).ability.label) == 2
        assert texts.count(pack.card(n).ability.code) == 2


def test_pdf_pages_are_a4_with_nine_cards_of_exact_poker_size(built):
    folder = built(pattern="one", census=7)
    reader = PdfReader(folder / "got-pattern-one-census-7.pdf")
    assert len(reader.pages) == 10  # 84 cards, 9 a sheet
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(A4, abs=0.01)
    with read_pdf(folder / "got-pattern-one-census-7.pdf") as pdf:
        counts = [len(card_rects(p, 63.5, 88.9)) for p in pdf.pages]
    assert counts == [9] * 9 + [3]


# A4 holds 3 × 3 poker cards with room for crop marks; US Letter is 9.4 mm shorter, which leaves
# 1.35 mm above and below a 3 × 3 grid: no room for a 3 mm mark, so 4 × 2 on a landscape sheet.
@pytest.mark.parametrize(
    "paper, size, per_sheet, cols",
    [("a4", A4, 9, 3), ("letter", (LETTER[1], LETTER[0]), 8, 4)],
)
def test_poker_cards_a_sheet_on_a4_and_letter_all_ink_inside_the_printable_area(built, paper, size, per_sheet, cols):
    folder = built(pattern="three", census=5, paper=paper)
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        assert len(pdf.pages) == -(-50 // per_sheet)  # 50 cards
        page = pdf.pages[0]
        assert (float(page.width), float(page.height)) == pytest.approx(size, abs=0.01)
        cards = card_rects(page, 63.5, 88.9)
        assert len(cards) == per_sheet
        # cards touch: distinct lefts one card-width apart
        xs = sorted({round(r["x0"], 2) for r in cards})
        assert [round(b - a, 2) for a, b in zip(xs, xs[1:])] == [round(63.5 * MM, 2)] * (cols - 1)
        margin = 5 * MM
        for obj in page.rects + page.lines + page.chars:
            assert obj["x0"] >= margin - 0.01 and obj["x1"] <= page.width - margin + 0.01
            assert obj["top"] >= margin - 0.01 and obj["bottom"] <= page.height - margin + 0.01

        def on_a_card(ln) -> bool:  # type: ignore[no-untyped-def]
            x, y = (ln["x0"] + ln["x1"]) / 2, (ln["top"] + ln["bottom"]) / 2
            return any(r["x0"] + 0.01 < x < r["x1"] - 0.01 and r["top"] + 0.01 < y < r["bottom"] - 0.01 for r in cards)

        # the lines on the cards are their art (the track's sleepers, the wagons); the rest are marks
        marks = [ln for ln in page.lines if not on_a_card(ln)]
        assert marks, "crop marks are drawn"
        for ln in marks:
            assert ln["linewidth"] == pytest.approx(0.25, abs=0.01)  # hairline
        # every cut line has a mark in line with it
        cuts_x = {round(r["x0"], 1) for r in cards} | {round(r["x1"], 1) for r in cards}
        mark_x = {round(ln["x0"], 1) for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01}
        assert cuts_x <= mark_x


def test_bleed_gives_each_card_its_own_bleed_and_marks_at_the_cut(built):
    folder = built(pattern="one", census=7, bleed="3mm")
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        page = pdf.pages[0]
        bled = card_rects(page, 69.5, 94.9)  # the background reaches 3mm past the cut on each side
        assert len(bled) == 8  # landscape A4 fits 4 × 2 bled cards
        assert page.width > page.height
        vertical = {round(ln["x0"], 1) for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01}
        for r in bled:
            assert round(r["x0"] + 3 * MM, 1) in vertical and round(r["x1"] - 3 * MM, 1) in vertical


def test_backs_are_mirrored_for_a_long_edge_flip(built):
    folder = built(pattern="one", census=7, backs=True)
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        assert len(pdf.pages) == 20
        last_front, last_back = pdf.pages[18], pdf.pages[19]  # 3 cards: only the first row, left to right
        fronts = sorted(r["x0"] for r in card_rects(last_front, 63.5, 88.9))
        backs = sorted(r["x0"] for r in card_rects(last_back, 63.5, 88.9))
        width = float(last_front.width)
        assert len(fronts) == len(backs) == 3
        assert sorted(width - x - 63.5 * MM for x in fronts) == pytest.approx(backs, abs=0.05)
        # a page of 3 puts fronts left-aligned in the grid; so their backs are right-aligned
        partial = sorted(card_rects(pdf.pages[0], 63.5, 88.9), key=lambda r: (r["top"], r["x0"]))
        assert partial[0]["x0"] == pytest.approx(fronts[0], abs=0.05)


@pytest.mark.parametrize("card, size", [("bridge", (57.15, 88.9)), ("tarot", (69.85, 120.65)), ("2x3in", (50.8, 76.2))])
def test_card_sizes_are_exact_in_points(built, card, size):
    folder = built(pattern="three", census=5, card=card)
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        assert card_rects(pdf.pages[0], *size, tol=0.05)
    root = etree.parse(str(folder / "cards" / "001.svg")).getroot()
    assert root.get("width") == f"{size[0]:g}mm" and root.get("height") == f"{size[1]:g}mm"


def test_pdf_fonts_are_embedded_and_structure_is_sound(built):
    folder = built(pattern="two", census=7)
    path = next(folder.glob("*.pdf"))
    with pikepdf.open(path) as pdf:
        assert pdf.check_pdf_syntax() == []
        fonts = {}
        for page in pdf.pages:
            for font in page.Resources.Font.values():
                fonts[str(font.get("/BaseFont"))] = font
        assert fonts
        # the shipped families only (numbers and words in Atkinson Hyperlegible, codes in DejaVu Sans Mono): no base-14 stand-ins
        assert all("DejaVuSansMono" in base or "AtkinsonHyperlegible" in base for base in fonts), fonts.keys()
        for base, font in fonts.items():
            descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
            assert "/FontFile2" in descendant.FontDescriptor, base


def test_pdf_text_is_extractable_and_matches_each_card(built):
    """Independent of cardgen's own reader: pypdf's text of each page holds every card's label."""
    folder = built(pattern="two", census=7)
    reader = PdfReader(next(folder.glob("*.pdf")))
    pack = PatternTwo(7)
    for i, page in enumerate(reader.pages):
        text = page.extract_text()
        for n in range(i * 9 + 1, min(84, i * 9 + 9) + 1):
            assert re.search(rf"(?<!\d){n}(?!\d)", text), n
            assert pack.card(n).ability.label in text


def test_builds_are_byte_for_byte_deterministic(tmp_path):
    from cardgen.products.got import build_pack
    from tests.helpers import typed

    a = typed(build_pack)(pattern="two", census=5, out=tmp_path / "a", backs=True, title="Same")
    b = typed(build_pack)(pattern="two", census=5, out=tmp_path / "b", backs=True, title="Same")
    files_a = sorted(p.relative_to(a.folder) for p in a.folder.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b.folder) for p in b.folder.rglob("*") if p.is_file())
    assert files_a == files_b
    for rel in files_a:
        assert (a.folder / rel).read_bytes() == (b.folder / rel).read_bytes(), rel


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("L")


def _diff(a: Image.Image, b: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


@pytest.mark.parametrize("pattern, number", [(PatternTwo(7), 12), (PatternOne(7), 66), (PatternThree(5), 9)])
def test_cards_look_the_same_turned_180_degrees(pattern, number):
    face = card_face(pattern.card(number), pattern, (63.5, 88.9), title="Round trip")
    png = _png(svg_png(render("svg", [face])))
    turned = png.rotate(180)
    assert _diff(png, turned) < 0.5
    # the test can fail: a face without its turned half is not symmetric
    half = type(face)(face.width, face.height, tuple(s for s in face.shapes if getattr(s, "rotate", 0) != 180))
    lopsided = _png(svg_png(render("svg", [half])))
    assert _diff(lopsided, lopsided.rotate(180)) > 2.0


def test_svg_and_pdf_of_a_card_render_alike():
    pack = PatternTwo(7)
    face = card_face(pack.card(40), pack, (63.5, 88.9), title="Twins")
    from_svg = _png(svg_png(render("svg", [face]), dpi=150))
    pdf = pdfium.PdfDocument(render("pdf", [face]))
    from_pdf = pdf[0].render(scale=150 / 72).to_pil().convert("L")
    assert from_svg.size == from_pdf.size
    assert _diff(from_svg, from_pdf) < 1.5
    other = _png(svg_png(render("svg", [card_face(pack.card(41), pack, (63.5, 88.9), title="Twins")])))
    assert _diff(other, from_pdf) > _diff(from_svg, from_pdf) + 0.5  # a different card does differ


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("bleed", ["0", "3mm"])
def test_all_ink_inside_the_printable_area_on_every_paper(built, paper, bleed):
    folder = built(pattern="one", census=4, copies=2, paper=paper, bleed=bleed, backs=True)
    margin = 5 * MM
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        for page in pdf.pages:
            objects = page.rects + page.lines + page.chars + page.curves
            assert objects
            for obj in objects:
                assert obj["x0"] >= margin - 0.01 and obj["x1"] <= page.width - margin + 0.01, (paper, obj)
                assert obj["top"] >= margin - 0.01 and obj["bottom"] <= page.height - margin + 0.01, (paper, obj)


def _curvy(shift: float = 0.0):  # type: ignore[no-untyped-def]
    """Pips and curved outlines, a poker card's size (whole pixels at 150 dpi in both renderers)."""
    from cardgen.layout.shapes import Circle, Drawing, Path, Rect, turned

    top = [
        Circle(12 + shift, 10, 3, fill="#c0392b"),
        Circle(30, 10, 3, fill=None, stroke="#1f4e79", stroke_width=0.8),
        Path((40, 4), ((48, 4), (56, 4, 58, 10, 54, 16), (40, 16)), fill="#1e6b3e"),
        Path((8, 20), ((20, 14, 30, 26, 42, 20),), closed=False, fill=None, stroke="#000000", stroke_width=0.6),
    ]
    return Drawing(63.5, 88.9, (Rect(0, 0, 63.5, 88.9), *top, *turned(top, 63.5, 88.9)))


def test_circles_and_paths_render_alike_in_svg_and_pdf():
    face = _curvy()
    from_svg = _png(svg_png(render("svg", [face]), dpi=150))
    from_pdf = pdfium.PdfDocument(render("pdf", [face]))[0].render(scale=150 / 72).to_pil().convert("L")
    assert from_svg.size == from_pdf.size
    assert _diff(from_svg, from_pdf) < 1.0
    assert _diff(from_svg, from_svg.rotate(180)) < 0.5  # the turned half is a true 180° copy
    moved = _png(svg_png(render("svg", [_curvy(shift=8.0)]), dpi=150))
    assert _diff(moved, from_pdf) > _diff(from_svg, from_pdf) + 0.3  # a moved pip does differ
