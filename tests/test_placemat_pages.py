"""Placemats onto paper (#31): cut only between spaces, the page used, a mat per player.

The PDFs are read back with pdfplumber: each piece is the clip rectangle (``re W``) its part
of the mat is drawn in, each space the tinted outline of a space's size, its name the big pale
letters inside it. Sizes are worked by hand from the mat's measures (a poker card 63.5 ×
88.9 mm in a space 2 mm wider each side, 67.5 × 106.9 mm; spaces 2 mm apart; a 5 mm edge; an
11 mm title band; a 4.5 mm glue tab) and the printer's 5 mm margins.
"""

from __future__ import annotations

import math
import re
import string
from itertools import combinations
from pathlib import Path

import pdfplumber
import pytest
from lxml import etree

from cardgen.check import check_folder
from cardgen.errors import CardgenError
from cardgen.impose.tiling import tile
from cardgen.layout.got.placemat import grid_mat, grid_spaces, linear_mat, linear_spaces
from cardgen.layout.shapes import Drawing, Group, Rect, Text
from cardgen.options import print_options
from cardgen.products.placemat import build_placemat as build
from cardgen.products.placemat import mat_pages, mat_plan, parse_names
from tests.helpers import clip_boxes, typed
from tests.test_placemat import assert_inside_printable, by_role, walk

PT = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
POKER = (63.5, 88.9)
CARDS = {"poker": POKER, "mini": (44.45, 63.5), "tarot": (69.85, 120.65), "bridge": (57.15, 88.9)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SPACE = (67.5, 106.9)  # a poker card's space, mm
TINT = (0xDF / 255, 0xE8 / 255, 0xF2 / 255)  # a space's fill
TAB = 0xEC / 255  # the glue tab's grey
TOL = 0.05  # mm

build_placemat = typed(build)


# --- reading a mat's PDF back ------------------------------------------------------------


def clips(page) -> list[tuple[float, float, float, float]]:  # type: ignore[no-untyped-def]
    """The pieces of a page: its clip rectangles (x0, top, x1, bottom) in mm from the top-left."""
    data = b"".join(c.get_data() for c in page.page_obj.contents)
    return [(x0 / PT, (page.height - y1) / PT, x1 / PT, (page.height - y0) / PT) for x0, y0, x1, y1 in clip_boxes(data)]


def spaces_of(page, size=SPACE):  # type: ignore[no-untyped-def]
    """(name, box mm) of every space outline on the page: a tinted shape of a space's size, named
    by the big letters (over 20 pt) inside it, left to right."""
    out = []
    for o in page.curves + page.rects:
        fill = o.get("non_stroking_color")
        if not fill or len(fill) < 3 or any(abs(a - b) > 0.01 for a, b in zip(fill, TINT)):
            continue
        box = (o["x0"] / PT, o["top"] / PT, o["x1"] / PT, o["bottom"] / PT)
        if abs(box[2] - box[0] - size[0]) > 0.1 or abs(box[3] - box[1] - size[1]) > 0.1:
            continue
        letters = sorted(
            (c for c in page.chars if c["size"] > 20 * PT and box[0] < c["x0"] / PT and c["x1"] / PT < box[2]
             and box[1] < c["top"] / PT and c["bottom"] / PT < box[3]),
            key=lambda c: c["x0"],
        )  # fmt: skip
        out.append(("".join(c["text"] for c in letters), box))
    return out


def within(box, clip, tol=TOL) -> bool:  # type: ignore[no-untyped-def]
    return clip[0] - tol <= box[0] and clip[1] - tol <= box[1] and box[2] <= clip[2] + tol and box[3] <= clip[3] + tol


def meets(box, clip) -> bool:  # type: ignore[no-untyped-def]
    return min(box[2], clip[2]) - max(box[0], clip[0]) > TOL and min(box[3], clip[3]) - max(box[1], clip[1]) > TOL


def whole_spaces(pdf_path: Path, size=SPACE) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """Each space name -> the pages (from 1) it shows whole on, one entry a copy. A space that a
    piece's edge cuts (shown in part) fails the test here."""
    seen: dict[str, list[int]] = {}
    with pdfplumber.open(pdf_path) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            pieces = clips(page)
            for name, box in spaces_of(page, size):
                holding = [c for c in pieces if within(box, c)]
                cut = [c for c in pieces if meets(box, c) and not within(box, c)]
                assert not cut, f"space {name} is cut by a piece's edge on page {n}"
                if holding:
                    seen.setdefault(name, []).append(n)
    return seen


def registration_marks(page):  # type: ignore[no-untyped-def]
    """Centres (mm, page) of crosses: a horizontal and a vertical line of equal length sharing their middles."""
    h = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["x1"] - ln["x0"] > 2]
    v = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["bottom"] - ln["top"] > 2]
    marks = []
    for a in h:
        for b in v:
            mx, my = (a["x0"] + a["x1"]) / 2, a["top"]
            if abs(b["x0"] - mx) < 0.01 and abs((b["top"] + b["bottom"]) / 2 - my) < 0.01:
                if abs((a["x1"] - a["x0"]) - (b["bottom"] - b["top"])) < 0.01:
                    marks.append((mx / PT, my / PT))
    return marks


def cut_line(ln) -> bool:  # type: ignore[no-untyped-def]
    """A dashed grey line (the track's sleepers are dashed too, in the mat's blue)."""
    ink = ln.get("stroking_color") or ()
    return bool(ln.get("dash") and ln["dash"][0]) and len(ink) >= 3 and all(abs(v - 0x44 / 255) < 0.01 for v in ink[:3])


def glue_tabs(page) -> list[tuple[float, float, float, float]]:  # type: ignore[no-untyped-def]
    """The grey glue tabs (mm): a grey strip 4.5 mm across and long (not a label's backing)."""
    out = []
    for r in page.rects:
        fill = r.get("non_stroking_color")
        if fill and len(fill) >= 3 and all(abs(v - TAB) < 0.01 for v in fill[:3]):
            w, h = r["width"] / PT, r["height"] / PT
            if abs(min(w, h) - 4.5) < 0.05 and max(w, h) > 30:
                out.append((r["x0"] / PT, r["top"] / PT, r["x1"] / PT, r["bottom"] / PT))
    return out


def svg_big_chars(root):  # type: ignore[no-untyped-def]
    """(letter, its left x, baseline y) of every character of the big space names in the mat's SVG,
    the widths from the shipped bold font."""
    from tests.test_placemat import advance

    out = []
    for e in root.findall(f".//{SVG}text[@class='space-name']"):
        size, x, y, text = float(e.get("font-size")), float(e.get("x")), float(e.get("y")), e.text
        left = x - advance(text, size, bold=True) / 2
        out += [(ch, left + advance(text[:i], size, bold=True), y) for i, ch in enumerate(text)]
    return out


def piece_offset(page, clip, big):  # type: ignore[no-untyped-def]
    """(dx, dy) mm taking a piece's page position to the mat's, from the big letters in its clip."""
    chars = [
        c
        for c in page.chars
        if c["upright"]
        and c["size"] > 20 * PT
        and c["matrix"][0] > 0
        and within((c["x0"] / PT, c["top"] / PT, c["x1"] / PT, c["bottom"] / PT), clip, 0.5)
    ]
    assert chars, "a piece with no space letter on it"
    offsets = []
    for c in chars:
        px, py = c["x0"] / PT, (page.height - c["matrix"][5]) / PT
        offsets += [(sx - px, sy - py) for letter, sx, sy in big if letter == c["text"]]
    hits, (dx, dy) = max((sum(math.dist(o, q) < 0.01 for q in offsets), o) for o in offsets)
    assert hits == len(chars), "the letters of a piece do not share one offset from the mat"
    return dx, dy


# --- the page used: hand-worked counts -------------------------------------------------------


# Poker spaces are 67.5 mm wide, 2 mm apart, in a mat 127.9 mm tall (5 + 11 title + 106.9 + 5).
# A4 landscape prints 287 × 194 mm (a 6 mm caption strip off 200): four spaces across
# (5 + 4 × 67.5 + 3 × 2 + 1 + 4.5 tab = 286.5; five would be 337.5 mm of spaces alone), one
# row of pieces (two mats are 255.8 mm). Portrait prints 200 × 281: two spaces across (three
# are 202.5 mm), two rows of pieces (255.8 + 5 gutter ≤ 281). So at most 4 spaces a page.
# Letter landscape prints 269.4 × 199.9: three across, one row; portrait 205.9 × 263.4: two
# across (202.5 + 4 + edges > 205.9), two rows (260.8 ≤ 263.4): at most 4 spaces a page too.
HAND_PAGES = {4: 1, 5: 2, 7: 2, 9: 3, 12: 3, 26: 7}  # ceil(census / 4): the least there can be
# Before (#31) the same mats took (from the release before, cutting through spaces where it saved a page):
BEFORE_PAGES = {
    "a4": {4: 2, 5: 2, 7: 2, 9: 3, 12: 4, 26: 8},
    "letter": {4: 2, 5: 2, 7: 3, 9: 3, 12: 4, 26: 8},
}


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("census", list(HAND_PAGES))
def test_a_poker_mat_takes_the_fewest_pages_there_can_be(paper, census):
    d = linear_mat(census, POKER)
    pages = tile(d, PAPERS[paper], overlap=9.0, spans=[s.span for s in linear_spaces(census, POKER)])
    assert len(pages) == HAND_PAGES[census] <= BEFORE_PAGES[paper][census]
    for p in pages:
        assert_inside_printable(p, 5.0)


def test_census_7_on_a4_is_4_and_3_spaces_on_two_landscape_pages():
    d = linear_mat(7, POKER)
    pages = tile(d, PAPERS["a4"], overlap=9.0, spans=[s.span for s in linear_spaces(7, POKER)], label="m")
    assert [p.width > p.height for p in pages] == [True, True]
    captions = [by_role(p, "page-caption")[0].text for p in pages]
    assert "spaces A–D" in captions[0] and "spaces E–G" in captions[1]
    # the join: a tab on the first page naming what goes over it, a dashed cut line on the second
    assert {t.text for t in by_role(pages[0], "glue-label") if isinstance(t, Text)} == {"glue under E–G, page 2"}
    assert len(by_role(pages[0], "glue-tab")) == 1 and len(by_role(pages[1], "cut")) == 1
    assert len(by_role(pages[0], "registration")) == len(by_role(pages[1], "registration")) >= 6


def test_census_7_on_letter_is_four_pieces_two_to_a_page():
    d = linear_mat(7, POKER)
    pages = tile(d, PAPERS["letter"], overlap=9.0, spans=[s.span for s in linear_spaces(7, POKER)])
    assert len(pages) == 2 and all(p.height > p.width for p in pages)
    pieces = [[g for g in p.shapes if isinstance(g, Group) and g.role == "piece"] for p in pages]
    assert [len(p) for p in pieces] == [2, 2]
    assert "spaces A–B, C–D" in pages[0].title and "spaces E–F, G" in pages[1].title


def test_a_small_mat_fits_twice_on_a_page_and_a_whole_mat_has_no_tabs():
    d = linear_mat(2, POKER)
    sp = [s.span for s in linear_spaces(2, POKER)]
    (one,) = tile(d, PAPERS["a4"], spans=sp)
    assert not by_role(one, "glue-tab") and not by_role(one, "cut") and not by_role(one, "registration")
    assert "page 1 of 1" in by_role(one, "page-caption")[0].text
    (page,) = tile(d, PAPERS["a4"], spans=sp, copies=2)  # two mats (147 × 127.9 mm) one over the other
    frames = [g for g in page.shapes if isinstance(g, Group)]
    assert len(frames) == 2 and page.height > page.width
    (a, b) = sorted(g.clip[1] + g.dy for g in frames)  # the mats' tops on the page
    assert b - a >= 127.9 + 5 - TOL  # apart by a mat and the gutter
    assert not by_role(page, "glue-tab")
    assert "cut the pieces apart" in by_role(page, "page-caption")[0].text
    assert len(tile(d, PAPERS["a4"], spans=sp, copies=3)) == 2


def test_the_3x3_mat_is_cut_between_its_rows():
    d = grid_mat(3, 3, POKER)
    sp = [s.span for s in grid_spaces(3, 3, POKER)]
    for paper in PAPERS.values():
        pages = tile(d, paper, overlap=9.0, spans=sp)
        assert len(pages) == 3  # a row a page: two rows (2 × 106.9 + 9) do not fit 194 mm, nor 3 columns 200
        rows = []
        for p in pages:
            (g,) = [g for g in p.shapes if isinstance(g, Group)]
            x, y, w, h = g.clip
            held = sorted(n for n, x0, x1, y0, y1 in sp if y <= y0 and y1 <= y + h and x <= x0 and x1 <= x + w)
            assert held, "a page without a whole space"
            rows.append("".join(held))
            for n, _, _, y0, y1 in sp:  # no space crosses the piece's edge
                assert y1 <= y + TOL or y0 >= y + h - TOL or (y <= y0 and y1 <= y + h), n
        assert rows == ["ADAEAF", "BDBEBF", "CDCECF"]


def test_a_space_too_big_for_the_paper_is_refused_in_one_line(tmp_path):
    with pytest.raises(CardgenError) as e:
        build_placemat(census=3, card="200x280mm", out=tmp_path / "out")  # a 204 × 298 mm space
    assert "does not fit" in str(e.value) and "choose larger paper" in str(e.value) and "\n" not in str(e.value)
    assert not (tmp_path / "out").exists()
    assert build_placemat(census=2, card="200x280mm", paper="a3", out=tmp_path).pages == 2  # A3 holds one


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_mat_shape_keeps_every_space_whole_inside_the_printable_area(paper):
    """Every census and grid, every card: no piece's clip cuts a space, each space is held by
    exactly one piece, and all ink is inside the margins."""
    cases = [(linear_mat(n, c), [s.span for s in linear_spaces(n, c)]) for n in range(2, 27) for c in CARDS.values()]
    cases += [
        (grid_mat(r, k, c), [s.span for s in grid_spaces(r, k, c)])
        for r, k in [(2, 2), (3, 3), (4, 4), (2, 6)]
        for c in CARDS.values()
    ]
    for d, sp in cases:
        pages = tile(d, PAPERS[paper], overlap=9.0, spans=sp)
        held = {n: 0 for n, *_ in sp}
        for p in pages:
            assert_inside_printable(p, 5.0)
            for g in (g for g in p.shapes if isinstance(g, Group)):
                x, y, w, h = g.clip
                for n, x0, x1, y0, y1 in sp:
                    inside = x - TOL <= x0 and x1 <= x + w + TOL and y - TOL <= y0 and y1 <= y + h + TOL
                    apart = x1 <= x + TOL or x0 >= x + w - TOL or y1 <= y + TOL or y0 >= y + h - TOL
                    assert inside or apart, (d.title, n, "cut by a piece's edge")
                    held[n] += inside
        assert set(held.values()) == {1}, d.title


def test_tiling_a_plain_drawing_with_an_origin():
    shapes = (Rect(-20, -10, 600, 400, fill="#eeeeee"), Text(280, 190, "middle", 20.0))
    d = Drawing(600, 400, shapes, origin=(-20, -10))
    pages = tile(d, (210, 297), margin=8, overlap=12, label="poster")
    # by hand: k pieces along a side cover k × usable - (k - 1) × (6 mm tab + 3.5 mm lead).
    # Portrait prints 194 × 275 mm (281 less the caption strip): 600 mm takes 4 across
    # (3 cover 563), 400 mm 2 down (540.5): 8 pages. Landscape 281 × 188: 3 across, 3 down: 9.
    assert len(pages) == 8
    for p in pages:
        assert_inside_printable(p, 8)
    holding = [p for p in pages if any(isinstance(s, Text) and s.text == "middle" for s in walk(p.shapes))]
    assert 1 <= len(holding) <= 4
    assert all(by_role(p, "page-caption")[0].text.startswith("poster · page") for p in pages)


# --- read back from the PDF ---------------------------------------------------------------


MATS = [(f"census-{n}", dict(census=n)) for n in HAND_PAGES] + [("grid-3x3", dict(grid="3x3"))]


@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_space_and_its_letter_on_exactly_one_page_of_the_pdf(tmp_path, paper):
    for name, kw in MATS:
        r = build_placemat(**kw, paper=paper, out=tmp_path)
        seen = whole_spaces(r.to_print)
        if "grid" in kw:
            want = [a + b for a in "ABC" for b in "DEF"]
        else:
            want = list(string.ascii_uppercase[: kw["census"]])
        assert sorted(seen) == sorted(want), name
        assert all(len(v) == 1 for v in seen.values()), (name, seen)
        if "grid" in kw:  # a row a page: row A on page 1, B on 2, C on 3
            assert {n: v[0] for n, v in seen.items()} == {n: "ABC".index(n[0]) + 1 for n in want}


def test_the_page_used_against_before(tmp_path):
    """The part of the printable area the mat covers: every poker mat of the issue takes no more
    pages than before, and the ones that took more than the least now fill more of each page."""
    for paper, size in PAPERS.items():
        printable = (size[0] - 10) * (size[1] - 10)
        for census in HAND_PAGES:
            r = build_placemat(census=census, paper=paper, out=tmp_path)
            w, h = r.size
            assert (w, h) == pytest.approx((10 + census * 67.5 + (census - 1) * 2, 127.9))
            fill = w * h / (r.pages * printable)
            old_w = 10 + census * 71.5 + (census - 1) * 4  # 4 mm room and gaps before
            old_fill = old_w * 127.9 / (BEFORE_PAGES[paper][census] * printable)
            if r.pages < BEFORE_PAGES[paper][census]:
                assert fill > old_fill, (paper, census, fill, old_fill)


@pytest.mark.parametrize(
    "kw,paper,pieces",
    [
        (dict(census=7), "a4", 2),
        (dict(census=7), "letter", 4),
        (dict(census=12), "a4", 3),
        (dict(grid="3x3"), "a4", 3),
        (dict(grid="4x4"), "a4", 4),  # 2 × 2 pieces: joins both ways
    ],
)
def test_split_mats_reassemble_from_their_tabs_and_marks(tmp_path, kw, paper, pieces):
    r = build_placemat(**kw, paper=paper, out=tmp_path)
    root = etree.parse(str(r.folder / f"{r.folder.name}.svg")).getroot()
    big = svg_big_chars(root)
    found = []  # (page index, clip, offset, marks in mat mm)
    with pdfplumber.open(r.to_print) as pdf:
        for n, page in enumerate(pdf.pages):
            text = "".join(c["text"] for c in page.chars)
            assert f"page {n + 1} of {len(pdf.pages)}" in text
            marks = registration_marks(page)
            for clip in clips(page):
                dx, dy = piece_offset(page, clip, big)
                mine = [
                    (x + dx, y + dy)
                    for x, y in marks
                    if (min(abs(x - clip[0]), abs(x - clip[2])) < 0.05 and clip[1] - 0.05 <= y <= clip[3] + 0.05)
                    or (min(abs(y - clip[1]), abs(y - clip[3])) < 0.05 and clip[0] - 0.05 <= x <= clip[2] + 0.05)
                ]
                found.append((n, clip, (dx, dy), mine))
        assert len(found) == pieces
        joins = {}
        for a, b in combinations(range(len(found)), 2):
            shared = [m for m in found[a][3] if any(math.dist(m, o) < TOL for o in found[b][3])]
            if shared:
                joins[(a, b)] = shared
        assert all(len(s) >= 2 for s in joins.values()), "a join with fewer than two marks cannot be aligned"
        for i, (_, _, _, marks) in enumerate(found):  # every mark has its twin on the next piece
            for m in marks:
                twins = [o for (a, b), s in joins.items() if i in (a, b) for o in s if math.dist(m, o) < TOL]
                assert twins, f"mark {m} of piece {i} has no twin on another piece"
        seen, todo = {0}, [0]  # the joins connect every piece: they go back together as one mat
        while todo:
            p = todo.pop()
            for a, b in joins:
                q = b if a == p else a if b == p else None
                if q is not None and q not in seen:
                    seen.add(q)
                    todo.append(q)
        assert seen == set(range(pieces))
        # a glue tab for each join, on one of its two pieces' pages, and a dashed cut line along the other
        tabs = sum(len(glue_tabs(p)) for p in pdf.pages)
        cuts = sum(1 for p in pdf.pages for ln in p.lines if cut_line(ln))
        assert tabs == len(joins) == cuts
        words = " ".join("".join(c["text"] for c in p.chars) for p in pdf.pages)
        assert words.count("glue under ") >= len(joins)


def test_a_mat_per_player_with_names(tmp_path):
    r = build_placemat(census=2, names="Ann,Bob", out=tmp_path)
    assert r.folder.name == "placemat-census-2-players2-ann-bob" and r.pages == 1 and r.players == 2
    svgs = sorted(p.name for p in r.folder.glob("*.svg"))
    assert svgs == ["placemat-census-2-players2-ann-bob-1.svg", "placemat-census-2-players2-ann-bob-2.svg"]
    for svg, who in zip(svgs, ["Ann", "Bob"]):
        root = etree.parse(str(r.folder / svg)).getroot()
        assert [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "mat-name"] == [who]
    seen = whole_spaces(r.to_print)
    assert seen == {"A": [1, 1], "B": [1, 1]}  # two whole mats on the one page
    with pdfplumber.open(r.to_print) as pdf:
        words = pdf.pages[0].extract_text()
    assert "Ann" in words and "Bob" in words
    assert check_folder(r.folder) == []  # cardgen check builds it again from its marker: same bytes
    many = build_placemat(census=7, players=3, paper="letter", out=tmp_path)
    assert many.folder.name == "placemat-census-7-players3-letter"
    assert {k: len(v) for k, v in whole_spaces(many.to_print).items()} == dict.fromkeys("ABCDEFG", 3)


def test_the_name_stays_on_the_piece_holding_space_a():
    """The left words of a mat's header end inside its first space's width and the right ones
    start inside its last: a cut (always between spaces) never runs through them."""
    for census in (2, 3, 7):
        for name in ("Ann", "Cyrille-Alexandre Dupont"):
            d = linear_mat(census, POKER, name=name, title="A long family title for the night")
            spaces = sorted(by_role(d, "space"), key=lambda s: s.x)
            (who,) = by_role(d, "mat-name")
            assert who.text.rstrip("…") and who.bounds()[2] <= spaces[0].x + spaces[0].w
            (cap,) = by_role(d, "mat-caption")
            assert cap.bounds()[0] >= spaces[-1].x and "A long family" in cap.text
    g = grid_mat(3, 3, POKER, name="Ann")
    (who,) = by_role(g, "mat-name")
    first = min(by_role(g, "space"), key=lambda s: (s.y, s.x))
    assert who.bounds()[2] <= first.x + first.w


def test_mat_pages_for_a_kit():
    """A kit asks how many pages the mats take, then has them numbered as pages of its own PDF
    (its pages 3 to 6 of 7, say), the tabs naming those numbers too."""
    opts = print_options(paper="letter")
    plan = mat_plan(census=7, names="Ann,Bob", opts=opts)
    # by hand: a census-7 mat on Letter is pieces A–B, C–D, E–F, G, two rows of them a portrait
    # page; two Gs (78 mm each) share a row: seven rows for two mats, four pages
    assert plan.pages == 4
    made = mat_pages(census=7, names=["Ann", "Bob"], opts=opts, numbering=(3, 7))
    assert len(made.mats) == 2 and made.names == ["Ann", "Bob"] and made.plan.copies == 2
    assert len(made.pages) == 4 and all((p.width, p.height) == (215.9, 279.4) for p in made.pages)
    captions = [by_role(p, "page-caption")[0].text for p in made.pages]
    assert [c.split(" · ")[1] for c in captions] == [f"page {n} of 7" for n in (3, 4, 5, 6)]
    assert "(Ann)" in captions[0] and "(Bob)" in " ".join(captions)
    tabs = {t.text for p in made.pages for t in by_role(p, "glue-label") if isinstance(t, Text)}
    assert tabs and all(re.fullmatch(r"glue under [A-G–, ]+, page [3-6]", t) for t in tabs), tabs
    with pytest.raises(CardgenError):
        mat_pages(census=7, names=["Ann", "Bob"], opts=opts, numbering=(5, 7))  # pages 5 to 8 of 7


@pytest.mark.parametrize(
    "names,players,needle",
    [
        ("Ann,,Bob", None, "names 'Ann,,Bob'"),
        ("Ann,ann", None, "'ann' is given twice"),
        (",".join("ABCDEFG"), None, "7 names, but placemats are for 1 to 6 players"),
        ("x" * 25, None, "25 characters long: at most 24"),
        ("Ann,Bob", 3, "players 3 does not match"),
        (None, 0, "players 0"),
        (None, 7, "players 7"),
        (None, True, "players True"),
        ("A\tB", None, "control"),
        (["Ann", 3], None, "are not names"),
    ],
)
def test_bad_names_and_players_are_one_line_errors(names, players, needle):
    with pytest.raises(CardgenError) as e:
        parse_names(names, players)
    assert needle in str(e.value) and "\n" not in str(e.value)
