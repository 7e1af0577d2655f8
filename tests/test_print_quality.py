"""Print quality a hobbyist would show off (issue #13): crop marks, sheet labels, duplex backs,
page boxes, the duplex test page, and how the cards look. Every PDF is read back with
pdfplumber (geometry, text), pikepdf (page boxes) or pypdfium2 (pixels), measured in mm.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from cardgen.cli import run
from cardgen.impose.sheets import plan_sheet
from cardgen.layout.got.back import card_back
from cardgen.layout.got.card import SAFE, card_face
from cardgen.layout.got.card2d import grid_card_face
from cardgen.layout.shapes import Drawing, Rect, Text, walk
from cardgen.products.got import build_pack
from cardgen.render import render
from cardgen.rules.got.grid_packs import GridPack
from cardgen.rules.got.patterns import make_pattern
from tests.helpers import read_pdf, typed
from tests.marks import mark_problems

MM = 72 / 25.4  # points per mm
EPS = 0.02  # points: what "on the line" allows for rounding in the PDF
NS = "{http://www.w3.org/2000/svg}"
CARDS = {"poker": (63.5, 88.9), "bridge": (57.15, 88.9), "mini": (44.45, 63.5), "tarot": (69.85, 120.65)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
ACCENT_TWO = (0x8A, 0x23, 0x23)  # pattern two's colour (its backs), from the design

pack = typed(build_pack)


# --- reading a sheet back -----------------------------------------------------------------------


def card_boxes(page, card: tuple[float, float], bleed: float) -> list[tuple[float, float, float, float]]:  # type: ignore[no-untyped-def]
    """Cut boxes (x0, top, x1, bottom, points, y down) of the cards on a pdfplumber page: each
    card's background is a filled rectangle of its bleed box, exactly the card plus the bleed."""
    w, h = (card[0] + 2 * bleed) * MM, (card[1] + 2 * bleed) * MM
    b = bleed * MM
    found = {
        (round(r["x0"] + b, 2), round(r["top"] + b, 2), round(r["x1"] - b, 2), round(r["bottom"] - b, 2))
        for r in page.rects
        if abs(r["width"] - w) < 0.05 and abs(r["height"] - h) < 0.05 and r["fill"]
    }
    return sorted(found)


def hairlines(page) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    return [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float], slack: float = 0.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def assert_marks_and_label(page, boxes, bleed: float, margin: float, name: str, which: str) -> None:  # type: ignore[no-untyped-def]
    """Every cut of every card has a mark >= 3 mm long at both ends, just past the last card
    along it, and every mark is such a mark (none for a cut that does not exist: on a
    part-filled sheet, none at the foot of the empty grid); every mark lies inside the
    printable area and outside every card's bleed box; and the sheet says what and which it is."""
    assert hairlines(page), "crop marks are drawn"
    assert mark_problems(page, boxes, bleed, margin) == []
    text = " ".join((page.extract_text() or "").split())
    assert name in text and which in text, text[-200:]


def assert_ink_inside(page, margin: float) -> None:  # type: ignore[no-untyped-def]
    m = margin * MM
    for obj in page.rects + page.lines + page.chars + page.curves:
        assert obj["x0"] >= m - EPS and obj["x1"] <= page.width - m + EPS, obj
        assert obj["top"] >= m - EPS and obj["bottom"] <= page.height - m + EPS, obj


# --- crop marks and labels on every card size, paper, bleed, gutter and margin -------------------

MATRIX = list(itertools.product(CARDS, PAPERS, ("0", "3mm"), ("0", "2mm"), ("5mm", "6mm")))
# Eight of the 64 (every card on both papers, each time with a different bleed, gutter and margin
# of the eight): every pair of values of any two of the five options, and every bleed, gutter and
# margin together. A plain `pytest` runs these; the other 56 are marked slow (CI runs them).
PAIRS = {
    (card, paper, *(("0", "3mm")[b], ("0", "2mm")[g], ("5mm", "6mm")[m]))
    for card, a4 in zip(CARDS, [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)], strict=True)
    for paper, (b, g, m) in zip(PAPERS, [a4, tuple(1 - v for v in a4)], strict=True)
}


@pytest.mark.parametrize(
    "card, paper, bleed, gutter, margin",
    [pytest.param(*m, id="-".join(m), marks=() if m in PAIRS else pytest.mark.slow) for m in MATRIX],
)
def test_every_cut_has_marks_at_both_ends_and_every_sheet_its_label(tmp_path, card, paper, bleed, gutter, margin):
    # census 4, 3 copies: 18 cards, a full sheet and a part-filled one for every card size
    result = pack(
        pattern="one",
        census=4,
        copies=3,
        card=card,
        paper=paper,
        bleed=bleed,
        gutter=gutter,
        margin=margin,
        out=tmp_path,
    )
    b, m = float(bleed.rstrip("m")), float(margin.rstrip("m"))
    with read_pdf(next(result.folder.glob("*.pdf"))) as pdf:
        n = len(pdf.pages)
        assert n == -(-18 // result.plan.per_page)
        for i, page in enumerate(pdf.pages, 1):
            boxes = card_boxes(page, CARDS[card], b)
            assert len(boxes) == min(result.plan.per_page, 18 - (i - 1) * result.plan.per_page)
            for x0, t, x1, bt in boxes:  # exactly the card's size
                assert (x1 - x0, bt - t) == pytest.approx((CARDS[card][0] * MM, CARDS[card][1] * MM), abs=0.05)
            assert_marks_and_label(page, boxes, b, m, "pattern one, census 4", f"sheet {i} of {n}")
            assert_ink_inside(page, m)


@pytest.mark.parametrize(
    "card, paper, margin, gutter, was",
    [
        ("poker", "letter", "5mm", "0", 9),  # 1.35 mm above and below three rows: landscape, 4 × 2
        ("bridge", "a4", "5mm", "0", 10),  # 5 × 2 landscape left 0.6 mm beside the grid
        ("poker", "a4", "6mm", "2mm", 9),  # docs/commands/pack.md's --margin 6mm --gutter 2mm
    ],
)
def test_a_layout_with_no_room_for_marks_gives_way_and_the_build_says_so(tmp_path, card, paper, margin, gutter, was):
    result = pack(pattern="one", census=3, card=card, paper=paper, margin=margin, gutter=gutter, out=tmp_path)
    assert result.plan.per_page < was
    assert any(f"{was} a sheet would leave no room for crop marks" in note for note in result.notes), result.notes


@pytest.mark.parametrize(
    "card, title, whole",
    [
        ("poker", "Family night", True),
        ("mini", "Family night", True),
        ("mini", "Family night at the lake house", False),
    ],
)
def test_a_title_joins_the_sheet_label_where_there_is_room(tmp_path, card, title, whole):
    """Poker on A4 leaves the label a band of its own; mini cards fill the sheet, so the label
    goes between the marks, split over the top and bottom bands, and a title too long for the
    band (on every card anyway) is left out rather than the pack's name."""
    result = pack(pattern="two", census=5, card=card, title=title, out=tmp_path)
    with read_pdf(next(result.folder.glob("*.pdf"))) as pdf:
        n = len(pdf.pages)
        for i, page in enumerate(pdf.pages, 1):
            label = [
                w
                for w in page.extract_words(keep_blank_chars=True)
                if w["top"] < 12 * MM or w["bottom"] > page.height - 12 * MM
            ]
            text = " ".join(w["text"] for w in label)
            assert "pattern two, census 5" in text and f"sheet {i} of {n}" in text
            assert (title in text) == whole, text


def test_poker_on_letter_is_eight_a_landscape_sheet():
    plan = plan_sheet(CARDS["poker"], PAPERS["letter"])
    assert (plan.per_page, plan.cols, plan.rows, plan.orientation) == (8, 4, 2, "landscape")
    assert plan_sheet(CARDS["poker"], PAPERS["a4"]).per_page == 9


# --- duplex backs -----------------------------------------------------------------------------


def page_pixels(pdf_path: Path, index: int, scale: float = 4.0):  # type: ignore[no-untyped-def]
    img = pdfium.PdfDocument(pdf_path)[index].render(scale=scale).to_pil().convert("RGB")
    return img, scale * MM  # image, pixels per mm


def near(colour: tuple[int, int, int], want: tuple[int, int, int], tol: int = 12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(colour, want))


@pytest.mark.parametrize("paper, bleed", [("a4", "0"), ("letter", "0"), ("a4", "3mm"), ("letter", "3mm")])
def test_backs_run_2mm_past_the_outer_cuts_and_marks_stay_clear_of_ink(tmp_path, paper, bleed):
    result = pack(pattern="two", census=5, copies=1, paper=paper, bleed=bleed, backs=True, out=tmp_path)
    pdf_path = next(result.folder.glob("*.pdf"))
    b = float(bleed.rstrip("m"))
    with read_pdf(pdf_path) as pdf:
        fronts, backs = pdf.pages[0], pdf.pages[1]
        boxes = card_boxes(backs, CARDS["poker"], b)
        assert len(boxes) == len(card_boxes(fronts, CARDS["poker"], b)) > 1
        assert not hairlines(backs)  # one cuts from the fronts: no marks on the backs
        n = len(pdf.pages) // 2
        for side, page in (("fronts", fronts), ("backs", backs)):
            assert f"pattern two, census 5 · sheet 1 of {n} · {side}" in " ".join(page.extract_text().split())
        marks = [(ln["x0"], ln["top"], ln["x1"], ln["bottom"]) for ln in hairlines(fronts)]
        for obj in fronts.rects + fronts.chars + fronts.curves:  # the marks touch no ink
            for mark in marks:
                assert not overlaps((obj["x0"], obj["top"], obj["x1"], obj["bottom"]), mark, slack=-EPS)
    img, px = page_pixels(pdf_path, 1)
    left, top = min(x for x, *_ in boxes) / MM, min(t for _, t, _, _ in boxes) / MM
    right, bottom = max(x for _, _, x, _ in boxes) / MM, max(bt for *_, bt in boxes) / MM
    for x0, t, x1, bt in boxes:  # 1.8 mm past each outer cut, beside the middle of each outer side
        cx, cy = (x0 + x1) / 2 / MM, (t + bt) / 2 / MM
        probes = []
        if abs(t / MM - top) < 0.1:
            probes.append((cx, top - 1.8))
        if abs(bt / MM - bottom) < 0.1:
            probes.append((cx, bottom + 1.8))
        if abs(x0 / MM - left) < 0.1:
            probes.append((left - 1.8, cy))
        if abs(x1 / MM - right) < 0.1:
            probes.append((right + 1.8, cy))
        for x, y in probes:
            assert near(img.getpixel((round(x * px), round(y * px))), ACCENT_TWO), (x, y)
    # and the corners of the grid, 1.8 mm out both ways
    for x, y in ((left - 1.8, top - 1.8), (right + 1.8, bottom + 1.8)):
        assert near(img.getpixel((round(x * px), round(y * px))), ACCENT_TWO), (x, y)


def test_backs_cover_the_gutters_too(tmp_path):
    result = pack(pattern="two", census=5, copies=1, gutter="2mm", backs=True, out=tmp_path)
    pdf_path = next(result.folder.glob("*.pdf"))
    with read_pdf(pdf_path) as pdf:
        boxes = card_boxes(pdf.pages[1], CARDS["poker"], 0)
    a, b = sorted(boxes, key=lambda r: (r[1], r[0]))[:2]  # two neighbours in the top row
    assert b[0] - a[2] == pytest.approx(2 * MM, abs=0.05)
    img, px = page_pixels(pdf_path, 1)
    gutter_x = (a[2] + b[0]) / 2 / MM
    assert near(img.getpixel((round(gutter_x * px), round((a[1] + a[3]) / 2 / MM * px))), ACCENT_TWO)


def test_back_offset_moves_every_backs_page_by_exactly_that(tmp_path):
    args = ["pack", "--pattern", "two", "--census", "5", "--copies", "2", "--backs"]
    assert run([*args, "--out", str(tmp_path / "plain")]) == 0
    assert run([*args, "--back-offset", "1,-0.5", "--out", str(tmp_path / "moved")]) == 0
    name = "got-pattern-two-census-5-copies-2-backs"
    plain = tmp_path / "plain" / name / f"{name}.pdf"
    moved = next((tmp_path / "moved").glob("*/*.pdf"))  # (its name says its offset)
    with read_pdf(plain) as a, read_pdf(moved) as b:
        assert len(a.pages) == len(b.pages) == 8  # 30 cards, 9 a sheet, each sheet and its backs
        for pa, pb in zip(a.pages, b.pages):
            ba, bb = card_boxes(pa, CARDS["poker"], 0), card_boxes(pb, CARDS["poker"], 0)
            assert len(ba) == len(bb) > 0
            backs = pa.page_number % 2 == 0
            dx, dy = (1.0, 0.5) if backs else (0.0, 0.0)  # 1 mm right; 0.5 mm down is -0.5 mm up
            for (x0, t, _, _), (y0, u, _, _) in zip(ba, bb):
                assert ((y0 - x0) / MM, (u - t) / MM) == pytest.approx((dx, dy), abs=0.01)
            assert_ink_inside(pb, 5.0)  # what the offset pushes into the margin is clipped


@pytest.mark.parametrize("text", ["1,2,3", "one,two", "11,0", "0,-10.5", ""])
def test_a_bad_back_offset_is_one_line_and_exit_2(tmp_path, capsys, text):
    code = run(["pack", "--census", "3", "--back-offset", text, "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "back offset" in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


@settings(max_examples=60, deadline=None)
@given(
    st.floats(-3, 3).map(lambda v: round(v, 1)),
    st.floats(-3, 3).map(lambda v: round(v, 1)),
    st.sampled_from(sorted(PAPERS)),
)
def test_the_test_page_reading_undoes_the_printer_shift(ex, ey, paper):
    """Hand-worked: a printer that lands the back (ex, ey) mm off (right, down on the back page)
    shows the back's cross, seen through the front after a flip about the vertical axis, at
    (-ex, +ey) from the front's centre (right, down): what the X and Y rulers read. Building
    with --back-offset X,Y equal to that reading, the same printer puts each back right
    behind its front."""
    from cardgen.layout.testpage import duplex_test

    pw, ph = PAPERS[paper]
    _, back = duplex_test(PAPERS[paper])
    upright = next(
        s for s in back.shapes if getattr(s, "role", "") == "back-cross" and getattr(s, "x1", 0) == getattr(s, "x2", 1)
    )
    seen_x = pw - (upright.x1 + ex)  # where the printer put it, mirrored by the flip
    level = next(
        s for s in back.shapes if getattr(s, "role", "") == "back-cross" and getattr(s, "y1", 0) == getattr(s, "y2", 1)
    )
    seen_y = level.y1 + ey
    reading = (round(seen_x - pw / 2, 6), round(seen_y - ph / 2, 6))  # X counts right, Y counts down
    plan = plan_sheet(CARDS["mini"], PAPERS[paper], back_offset=reading, orientation="portrait")  # the page's frame
    for i in range(plan.per_page):
        fx, fy = plan.slot(i)
        bx, by = plan.slot(i, back=True)
        printed_x, printed_y = bx + ex, by + ey  # the printer's shift
        assert (pw - printed_x - CARDS["mini"][0], printed_y) == pytest.approx((fx, fy), abs=1e-6)


def _read(front, back, pw: float, ex: float, ey: float) -> tuple[float, float]:
    """What a person reads off the test page, printed with the back (ex, ey) mm off (right, down
    on the back page) and held to the light: on each ruler the whole mm nearest the red line, plus
    the number of the tenths mark that lies on a red line. Worked from the drawn shapes alone."""
    from cardgen.layout.shapes import Line, Text

    def seen(x: float, y: float) -> tuple[float, float]:  # a back point, as seen through the front
        return pw - (x + ex), y + ey

    lines = [s for s in front.shapes if isinstance(s, Line)]
    texts = [s for s in front.shapes if isinstance(s, Text)]
    back_lines = [s for s in back.shapes if isinstance(s, Line)]
    (upright,) = [s for s in back_lines if s.role == "back-cross" and s.x1 == s.x2]
    (level,) = [s for s in back_lines if s.role == "back-cross" and s.y1 == s.y2]
    red_x, red_y = seen(upright.x1, 0)[0], seen(0, level.y1)[1]
    (cross_x,) = [s.x1 for s in lines if s.role == "cross" and s.x1 == s.x2]
    (cross_y,) = [s.y1 for s in lines if s.role == "cross" and s.y1 == s.y2]
    zeros = [t for t in texts if t.role == "ruler-label" and t.text == "0"]
    x_zero = next(t.x for t in zeros if t.y > cross_y + 5)  # under the X ruler
    y_zero = next(t for t in zeros if t.x > cross_x + 5)  # beside the Y ruler: its middle on the 0
    long_level = [s for s in lines if s.role == "ruler" and s.y1 == s.y2 and abs(s.x2 - s.x1) > 3.5]  # every 5 mm
    y_zero_y = min((s.y1 for s in long_level), key=lambda y: abs(y - y_zero.y))  # the one the "0" stands by
    whole = (round(red_x - x_zero), round(red_y - y_zero_y))

    def tenths(horizontal: bool) -> float:
        """The number of the one mark of a tenths scale that lies on a red line (its label the
        nearest along the scale: under an upright mark, beside a level one)."""
        marks = [s for s in lines if s.role == "vernier" and (s.x1 == s.x2) == horizontal]
        names = [
            t for t in texts if t.role == "vernier-label" and (t.y > cross_y + 20 if horizontal else t.x > cross_x + 20)
        ]
        comb = [seen(s.x1, s.y1) for s in back_lines if s.role == "vernier-back" and (s.x1 == s.x2) == horizontal]
        hits = []
        for m in marks:
            at = m.x1 if horizontal else m.y1
            if any(abs(at - (c[0] if horizontal else c[1])) < 0.01 for c in comb):
                label = min(names, key=lambda t: abs((t.x if horizontal else t.y) - at))
                hits.append(float(label.text))
        assert len(hits) == 1, hits  # one mark, and only one, meets a red line
        return hits[0]

    return whole[0] + tenths(True), whole[1] + tenths(False)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-70, 70).filter(lambda k: k % 10 not in (5, -5)),
    st.integers(-70, 70).filter(lambda k: k % 10 not in (5, -5)),
    st.sampled_from(sorted(PAPERS)),
)
def test_reading_the_rulers_and_tenths_gives_the_offset_to_type(kx, ky, paper):
    """#33: "reading it (step 4) is hard". The reading the page asks for, done as it says (the
    nearest whole mm on each ruler plus the tenths mark that meets a red line, its sign printed),
    is exactly the printer's shift as --back-offset takes it, to the tenth, for shifts up to 7 mm."""
    from cardgen.layout.testpage import duplex_test

    pw, _ = PAPERS[paper]
    ex, ey = kx / 10, ky / 10  # the printer puts the back this far right and down on the back page
    front, back = duplex_test(PAPERS[paper])
    x, y = _read(front, back, pw, ex, ey)
    assert (round(x, 6), round(y, 6)) == (round(-ex, 6), round(ey, 6))  # X right, Y down as seen from the front


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_test_page_uses_its_page(tmp_path, paper):
    """#33: "rulers about 30 mm long and verniers about 1 cm on a page 60 % empty". No band across
    the front as tall as a seventh of the page is left without ink (there were two, of 55 and
    65 mm), and the instruments' panel spans most of the page's width."""
    assert run(["testpage", "--paper", paper, "--out", str(tmp_path)]) == 0
    pdf_path = next(next(tmp_path.iterdir()).glob("*.pdf"))
    with pdfplumber.open(pdf_path) as pdf:
        front = pdf.pages[0]
        spans = sorted((o["top"], o["bottom"]) for o in front.chars + front.lines + front.rects + front.curves)
        gaps, reach = [], spans[0][1]
        for top, bottom in spans:
            if top > reach:
                gaps.append(top - reach)
            reach = max(reach, bottom)
        assert max(gaps) / front.height < 1 / 7, [round(g / MM, 1) for g in gaps]
        panel = max(front.rects + front.curves, key=lambda r: r["width"] * r["height"])  # (rounded: a curve)
        assert panel["width"] / front.width > 0.6 and panel["height"] / MM > 110


# --- page boxes for print shops ------------------------------------------------------------------


@pytest.mark.parametrize("paper, backs", [("a4", False), ("letter", True)])
def test_bleed_pages_carry_trimbox_and_bleedbox(tmp_path, paper, backs):
    result = pack(pattern="one", census=4, copies=3, paper=paper, bleed="3mm", backs=backs, out=tmp_path)
    pdf_path = next(result.folder.glob("*.pdf"))
    with read_pdf(pdf_path) as plumb, pikepdf.open(pdf_path) as pdf:
        assert len(pdf.pages) == len(plumb.pages) > 2
        for page, seen in zip(pdf.pages, plumb.pages):
            media = [float(v) for v in page.MediaBox]
            trim = [float(v) for v in page.obj["/TrimBox"]]
            bleed = [float(v) for v in page.obj["/BleedBox"]]
            boxes = card_boxes(seen, CARDS["poker"], 3.0)
            h = float(seen.height)
            # the cards' cut area, in PDF points (y up)
            want = [
                min(b[0] for b in boxes),
                h - max(b[3] for b in boxes),
                max(b[2] for b in boxes),
                h - min(b[1] for b in boxes),
            ]
            assert trim == pytest.approx(want, abs=0.05)
            assert bleed == pytest.approx(
                [want[0] - 3 * MM, want[1] - 3 * MM, want[2] + 3 * MM, want[3] + 3 * MM], abs=0.05
            )
            assert media[0] <= bleed[0] and media[1] <= bleed[1] and bleed[2] <= media[2] and bleed[3] <= media[3]


def test_home_printing_pages_name_no_trimbox(tmp_path):
    result = pack(pattern="one", census=3, out=tmp_path)
    with pikepdf.open(next(result.folder.glob("*.pdf"))) as pdf:
        assert all("/TrimBox" not in p.obj and "/BleedBox" not in p.obj for p in pdf.pages)


# --- folders -------------------------------------------------------------------------------------


def test_builds_with_other_print_options_land_in_their_own_folders(tmp_path):
    folders = {
        kw: pack(pattern="two", census=3, copies=1, out=tmp_path, **dict(kw)).folder.name
        for kw in [
            (),
            (("card", "bridge"), ("paper", "letter"), ("bleed", "3mm"), ("backs", True)),
            (("card", "2.5x3.5in"),),
        ]
    }
    assert list(folders.values()) == [
        "got-pattern-two-census-3-copies-1",
        "got-pattern-two-census-3-copies-1-bridge-letter-bleed3mm-backs",
        "got-pattern-two-census-3-copies-1",  # 2.5 × 3.5 in is the poker size: the default
    ]
    assert run(["placemat", "--census", "4", "--card", "mini", "--paper", "letter", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "placemat-census-4-mini-letter" / "placemat-census-4-mini-letter.pdf").is_file()


def test_a_split_mat_says_its_pages_and_joins(tmp_path):
    """A mat is cut only between spaces (#31), and its notes say how many joins to glue. By hand:
    four poker spaces of a census-7 mat fit across A4 landscape (287 mm), so 4 + 3 on two
    pages; A3 portrait (287 × 404 mm) holds both pieces one over the other."""
    from cardgen.products.placemat import build_placemat

    notes = typed(build_placemat)(census=7, out=tmp_path).notes
    assert any(n.startswith("2 pages (A4 landscape), 1 join: trim on the dashed lines") for n in notes), notes
    a3 = typed(build_placemat)(census=7, paper="a3", out=tmp_path).notes
    assert any(n.startswith("1 page (A3 portrait), 1 join") for n in a3), a3


# --- how the cards look ----------------------------------------------------------------------------


def face_png(face: Drawing, scale: float = 6.0):  # type: ignore[no-untyped-def]
    img = pdfium.PdfDocument(render("pdf", [face]))[0].render(scale=scale).to_pil().convert("RGB")
    return img, scale * MM


def luminance(c: tuple[int, int, int]) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


@pytest.mark.parametrize("kind", ["pattern two", "2D"])
def test_removal_cards_look_different_from_swaps_at_a_glance(kind):
    if kind == "pattern two":
        spec = make_pattern("two", 7)
        removal, swap = card_face(spec.card(1), spec, CARDS["poker"]), card_face(spec.card(2), spec, CARDS["poker"])
        assert (spec.card(1).ability.label, spec.card(2).ability.label) == ("A→X", "A↔B")
    else:
        grid = GridPack("row-swap,remove")
        rm = next(c for c in grid.cards() if c.ability.action == "remove")
        sw = next(c for c in grid.cards() if c.ability.action == "swap")
        removal, swap = grid_card_face(rm, grid, CARDS["poker"]), grid_card_face(sw, grid, CARDS["poker"])
    a, px = face_png(removal)
    b, _ = face_png(swap)
    # the panel's open ground, between the large type and the train (upper half) and beside the
    # turned type (lower half): clear of all text and art on both cards
    for x, y in ((6.0, 30.0), (10.0, 34.0), (57.5, 60.0)):
        on_swap, on_removal = b.getpixel((round(x * px), round(y * px))), a.getpixel((round(x * px), round(y * px)))
        assert luminance(on_swap) > 250  # a swap's panel is white
        assert luminance(on_removal) < 236  # a removal's is tinted: 20 levels darker, plainly seen
        assert max(on_removal) - min(on_removal) >= 8  # in the pack's own colour (reddish, purplish), not grey
    # the texts keep their roles: the checker reads them by class
    roles = {s.role for s, _, _ in walk(removal.shapes) if isinstance(s, Text)}
    assert {"number", "index-number", "ability", "index-ability"} <= roles


def test_2d_corner_indices_show_the_arrows_of_their_faces_and_check_still_passes(tmp_path, capsys):
    assert run(["pack2d", "--out", str(tmp_path)]) == 0
    folder = tmp_path / "got-2d-rs-cs-rr-cr-rm"
    for svg in sorted((folder / "cards").glob("0*.svg")):
        root = etree.parse(str(svg)).getroot()
        index = ["".join(t.itertext()) for t in root.iter(f"{NS}text") if t.get("class") == "index-ability"]
        ability = {"".join(t.itertext()) for t in root.iter(f"{NS}text") if t.get("class") == "ability"}
        assert len(index) == 2 and set(index) == ability, svg.name  # the face's own words, arrows and all
        assert re.search("[↔→←↑↓]", index[0]), index
        assert not re.search(r"[<>^]|\w-\w", index[0]), index  # no ASCII codes (AD-AE, F^)
    capsys.readouterr()
    assert run(["check", str(folder)]) == 0, capsys.readouterr().out


TITLE = "The Grand Trans-Continental Express Society of Upper Wessex!"


def test_a_60_character_title_is_on_two_lines_at_6pt_or_more():
    assert len(TITLE) == 60
    spec = make_pattern("one", 7)
    face = card_face(spec.card(12), spec, CARDS["poker"], title=TITLE)
    with pdfplumber.open(__import__("io").BytesIO(render("pdf", [face]))) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if "Bold" not in c["fontname"] and c["top"] < page.height / 2]
        lines: dict[float, list] = {}  # type: ignore[type-arg]
        for c in chars:
            lines.setdefault(round(c["bottom"], 1), []).append(c)
        assert len(lines) == 2
        text = ["".join(c["text"] for c in sorted(cs, key=lambda c: c["x0"])) for _, cs in sorted(lines.items())]
        assert " ".join(text) == TITLE  # whole words, nothing cut
        assert min(c["size"] for c in chars) >= 6.0 - 0.01
        for c in chars:  # and inside the safe zone
            assert c["x0"] >= SAFE * MM - 0.05 and c["x1"] <= (CARDS["poker"][0] - SAFE) * MM + 0.05


@pytest.mark.parametrize("size", sorted(CARDS.values()))
def test_no_frame_hugs_the_cut(size):
    """Every outlined shape on a face or back stays at least 3 mm (SAFE) inside the cut."""
    spec = make_pattern("two", 7)
    grid = GridPack()
    for drawing in (
        card_face(spec.card(1), spec, size),
        card_face(spec.card(2), spec, size, title="Family night"),
        grid_card_face(grid.card(1), grid, size),
        card_back(spec, size),
    ):
        w, h = size
        for s, dx, dy in walk(drawing.shapes):
            if isinstance(s, Rect) and s.stroke:
                x0, y0, x1, y1 = s.x + dx, s.y + dy, s.x + s.w + dx, s.y + s.h + dy
                assert min(x0, y0, w - x1, h - y1) >= 3.0, (drawing.title, s.role, (x0, y0, x1, y1))


# --- the duplex test page ------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_testpage_is_one_sheet_with_crosses_rulers_and_instructions(tmp_path, paper):
    assert run(["testpage", "--paper", paper, "--back-offset", "1,-0.5", "--out", str(tmp_path)]) == 0
    # (the folder names its back offset: two test pages of other offsets never share one)
    folder = tmp_path / ("testpage-offset1,-0.5" if paper == "a4" else "testpage-letter-offset1,-0.5")
    pdf_path = next(folder.glob("*.pdf"))
    pw, ph = PAPERS[paper]
    with read_pdf(pdf_path) as pdf:
        assert len(pdf.pages) == 2
        front, back = pdf.pages
        assert (float(front.width), float(front.height)) == pytest.approx((pw * MM, ph * MM), abs=0.01)
        text = " ".join((front.extract_text() or "").split())
        for words in ("double-sided", "long edge", "light", "--back-offset X,Y", "100 mm"):
            assert words in text
        # the front's cross across the sheet's middle, under the steps
        cross = [ln for ln in front.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["bottom"] - ln["top"] > 30 * MM]
        assert [round(ln["x0"] / MM, 2) for ln in cross] == [round(pw / 2, 2)]
        (level,) = [
            ln
            for ln in front.lines
            if abs(ln["top"] - ln["bottom"]) < 0.01 and abs((ln["x1"] - ln["x0"]) / MM - 40) < 0.01
        ]
        cy = level["top"] / MM
        # the back's long upright red line: at the centre, mirrored (still the centre), moved 1 mm right
        red = [ln for ln in back.lines if ln["bottom"] - ln["top"] > 50 * MM]
        assert len(red) == 1 and red[0]["x0"] / MM == pytest.approx(pw / 2 + 1.0, abs=0.01)
        red_level = [ln for ln in back.lines if ln["x1"] - ln["x0"] > 50 * MM]
        assert len(red_level) == 1 and red_level[0]["top"] / MM == pytest.approx(cy + 0.5, abs=0.01)  # 0.5 mm down
        # the X ruler counts to the right, the Y ruler downwards: the numbers to type
        words = front.extract_words()
        x_ruler = sorted(
            (w for w in words if w["text"] in ("-5", "+5") and cy + 30 < w["top"] / MM < cy + 40), key=lambda w: w["x0"]
        )
        assert [w["text"] for w in x_ruler] == ["-5", "+5"]
        y_ruler = sorted(
            (w for w in words if w["text"] in ("-5", "+5") and pw / 2 + 30 < w["x0"] / MM < pw / 2 + 40),
            key=lambda w: w["top"],
        )
        assert [w["text"] for w in y_ruler] == ["-5", "+5"]
        # #33: long rulers: ticks every 0.5 mm over 50 mm (they were 30), read back from the PDF in mm
        baseline = max(
            ln["bottom"]
            for ln in front.lines
            if abs(ln["x0"] - ln["x1"]) < 0.01 and cy + 28 < ln["bottom"] / MM < cy + 34
        )
        ticks = sorted(
            {
                round(ln["x0"] / MM, 2)
                for ln in front.lines
                if abs(ln["x0"] - ln["x1"]) < 0.01 and abs(ln["bottom"] - baseline) < 0.01
            }
        )
        assert len(ticks) == 101 and ticks[1] - ticks[0] == pytest.approx(0.5, abs=0.01)
        assert ticks[-1] - ticks[0] == pytest.approx(50.0, abs=0.01)
        # #33: large tenths scales: eleven marks -0.5 to +0.5 over 71 mm (the verniers were 1 cm)
        labels = [w for w in words if re.fullmatch(r"[-+]0\.[1-5]|0", w["text"]) and w["top"] / MM > cy + 50]
        assert len(labels) == 11
        span = (max(w["x1"] for w in labels) - min(w["x0"] for w in labels)) / MM
        assert span > 70.0, span
        for page in pdf.pages:
            assert_ink_inside(page, 5.0)
