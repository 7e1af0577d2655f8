"""Placemats (linear and grid) and tiling onto paper, read back with independent readers."""

from __future__ import annotations

import io
import math
import string
from pathlib import Path

import pytest
import resvg_py
from lxml import etree
from PIL import Image, ImageFont
from pypdf import PdfReader

from cardgen.errors import CardgenError
from cardgen.impose.tiling import tile
from cardgen.layout.got.placemat import grid_mat, grid_spaces, linear_mat, linear_spaces
from cardgen.layout.shapes import Circle, Drawing, Group, Line, Polygon, Rect, Text
from cardgen.layout.shapes import Path as Outline
from cardgen.products.placemat import build_placemat as build
from cardgen.write.marker import MARKER
from tests.conftest import FONTS as SHIPPED_FONTS
from tests.helpers import read_pdf, typed

PT = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
FONTS = Path(__file__).resolve().parent.parent / "cardgen" / "fonts"
ADV = 1233 / 2048  # DejaVu Sans Mono advance, em (from the font's hmtx)
CAP = 1493 / 2048
POKER = (63.5, 88.9)
CARDS = {"poker": POKER, "mini": (44.45, 63.5), "tarot": (69.85, 120.65), "bridge": (57.15, 88.9)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
TOL = 0.05  # mm

build_placemat = typed(build)


# --- independent helpers ---------------------------------------------------------------


def advance(text: str, size: float, *, bold: bool = False, family: str = "sans") -> float:
    """Width (mm) of ``text`` at ``size`` mm, from the shipped font files themselves (no kerning, as
    the writers set it)."""
    if family == "mono":
        return len(text) * ADV * size
    name = "AtkinsonHyperlegible-Bold.ttf" if bold else "AtkinsonHyperlegible-Regular.ttf"
    face = ImageFont.truetype(str(FONTS / name), 1000, layout_engine=ImageFont.Layout.BASIC)
    return face.getlength(text) / 1000 * size


def text_ink(t: Text) -> tuple[float, float, float, float]:
    """Ink box of a text: Text.bounds() for upright / turned, our own sums for quarter turns."""
    if t.rotate % 180 == 0:
        return t.bounds()
    w = advance(t.text, t.size, bold=t.bold, family=t.family)
    u0 = {"start": 0.0, "middle": -w / 2, "end": -w}[t.anchor]
    depth = 0.25 * t.size  # below the baseline, for g and p
    if t.rotate % 360 == 90:  # runs downward, glyph tops towards +x
        return t.x - depth, t.y + u0, t.x + CAP * t.size, t.y + u0 + w
    return t.x - CAP * t.size, t.y - u0 - w, t.x + depth, t.y - u0  # 270


def ink_boxes(shapes, dx=0.0, dy=0.0):
    """Every shape's ink box on the page; a clipped group counts as its clip box."""
    for s in shapes:
        if isinstance(s, Group):
            if s.clip:
                x, y, w, h = s.clip
                yield ("clip", (x + s.dx + dx, y + s.dy + dy, x + w + s.dx + dx, y + h + s.dy + dy))
            else:
                yield from ink_boxes(s.shapes, dx + s.dx, dy + s.dy)
        elif isinstance(s, Rect):
            k = s.stroke_width / 2 if s.stroke else 0
            yield (s, (s.x + dx - k, s.y + dy - k, s.x + s.w + dx + k, s.y + s.h + dy + k))
        elif isinstance(s, Line):
            k = s.stroke_width / 2
            yield (
                s,
                (
                    min(s.x1, s.x2) + dx - k,
                    min(s.y1, s.y2) + dy - k,
                    max(s.x1, s.x2) + dx + k,
                    max(s.y1, s.y2) + dy + k,
                ),
            )
        elif isinstance(s, (Polygon, Outline)):  # a path's curves lie inside the hull of its points
            xs, ys = zip(*(s.points if isinstance(s, Polygon) else s.points()))
            k = s.stroke_width / 2 if s.stroke else 0
            yield (s, (min(xs) + dx - k, min(ys) + dy - k, max(xs) + dx + k, max(ys) + dy + k))
        elif isinstance(s, Circle):
            r = s.r + (s.stroke_width / 2 if s.stroke else 0)
            yield (s, (s.cx + dx - r, s.cy + dy - r, s.cx + dx + r, s.cy + dy + r))
        elif isinstance(s, Text):
            x0, y0, x1, y1 = text_ink(s)
            yield (s, (x0 + dx, y0 + dy, x1 + dx, y1 + dy))
        else:
            raise AssertionError(f"unknown shape {s!r}")


def assert_inside_printable(page: Drawing, margin: float) -> None:
    for what, (x0, y0, x1, y1) in ink_boxes(page.shapes):
        assert x0 >= margin - 1e-6 and y0 >= margin - 1e-6, (what, (x0, y0), page.title)
        assert x1 <= page.width - margin + 1e-6 and y1 <= page.height - margin + 1e-6, (what, (x1, y1), page.title)


def walk(shapes):
    for s in shapes:
        if isinstance(s, Group):
            yield from walk(s.shapes)
        else:
            yield s


def by_role(d: Drawing, role: str):
    return [s for s in walk(d.shapes) if s.role == role]


def inside(box, rect) -> bool:
    x0, y0, x1, y1 = box
    return rect[0] - TOL <= x0 and rect[1] - TOL <= y0 and x1 <= rect[2] + TOL and y1 <= rect[3] + TOL


def svg_tree(d: Drawing, tmp_path: Path, name: str = "mat.svg"):
    from cardgen.render import render

    data = render("svg", [d])
    (tmp_path / name).write_bytes(data)
    return etree.fromstring(data), data


def mm(attr: str) -> float:
    return float(attr.removesuffix("mm"))


def spans(census=None, grid=None, card=POKER):
    if grid:
        return [s.span for s in grid_spaces(*grid, card)]
    return [s.span for s in linear_spaces(census, card)]


# --- layout: spaces, letters ------------------------------------------------------------


@pytest.mark.parametrize("card", list(CARDS.values()))
@pytest.mark.parametrize("census", [2, 3, 7, 13, 26])
def test_linear_mat_spaces_hold_a_card_and_are_lettered_left_to_right(census, card):
    d = linear_mat(census, card)
    spaces = sorted(by_role(d, "space"), key=lambda r: r.x)
    slots = sorted(by_role(d, "card-slot"), key=lambda r: r.x)
    assert len(spaces) == len(slots) == census
    for a, b in zip(spaces, spaces[1:]):
        assert a.x + a.w < b.x, "spaces overlap"
    for sp, slot in zip(spaces, slots):
        assert sp.w >= card[0] and sp.h >= card[1]
        assert slot.w == pytest.approx(card[0]) and slot.h == pytest.approx(card[1])
        assert inside((slot.x, slot.y, slot.x + slot.w, slot.y + slot.h), (sp.x, sp.y, sp.x + sp.w, sp.y + sp.h))
    letters = string.ascii_uppercase[:census]
    for role in ("space-letter", "space-letter-turned", "space-name"):
        texts = sorted(by_role(d, role), key=lambda t: t.x)
        assert "".join(t.text for t in texts) == letters, role
        for t, sp in zip(texts, spaces):
            assert inside(t.bounds(), (sp.x, sp.y, sp.x + sp.w, sp.y + sp.h)), (role, t.text)
    turned = by_role(d, "space-letter-turned")
    assert all(t.rotate == 180 for t in turned)
    # the upright letter sits in the top band, the turned one in the bottom band, both outside the slot
    for t, u, slot in zip(
        sorted(by_role(d, "space-letter"), key=lambda t: t.x), sorted(turned, key=lambda t: t.x), slots
    ):
        assert t.bounds()[3] <= slot.y + TOL and u.bounds()[1] >= slot.y + slot.h - TOL
    assert [t.text for t in by_role(d, "mat-caption")] == [f"census {census}"]
    # the whole mat frames its content
    frame = by_role(d, "mat-edge")[0]
    for _, box in ink_boxes(d.shapes):
        assert inside(box, (0, 0, d.width, d.height))
    assert frame.w <= d.width and frame.h <= d.height


def test_linear_mat_header_carries_the_title():
    d = linear_mat(5, POKER, title="Family night")
    assert [t.text for t in by_role(d, "mat-title")] == ["Family night"]
    title, caption = by_role(d, "mat-title")[0], by_role(d, "mat-caption")[0]
    assert title.bounds()[2] < caption.bounds()[0], "title runs into the caption"
    space_top = min(r.y for r in by_role(d, "space"))
    assert title.bounds()[3] < space_top and caption.bounds()[3] < space_top


def test_grid_mat_3x3_names_and_edge_letters():
    d = grid_mat(3, 3, POKER)
    names = by_role(d, "space-letter")
    rows = sorted({round(t.y, 3) for t in names})
    assert len(rows) == 3
    table = [[t.text for t in sorted((t for t in names if round(t.y, 3) == y), key=lambda t: t.x)] for y in rows]
    assert table == [["AD", "AE", "AF"], ["BD", "BE", "BF"], ["CD", "CE", "CF"]]
    spaces = by_role(d, "space")
    assert len(spaces) == 9
    ad = [t for t in by_role(d, "space-name") if t.text == "AD"][0]
    cf = [t for t in by_role(d, "space-name") if t.text == "CF"][0]
    assert ad.x == min(t.x for t in by_role(d, "space-name")) and ad.y == min(t.y for t in by_role(d, "space-name"))
    assert cf.x == max(t.x for t in by_role(d, "space-name")) and cf.y == max(t.y for t in by_role(d, "space-name"))
    for r in spaces:
        assert r.w >= POKER[0] and r.h >= POKER[1]
    left = min(r.x for r in spaces)
    right = max(r.x + r.w for r in spaces)
    top = min(r.y for r in spaces)
    bottom = max(r.y + r.h for r in spaces)
    rows_l = sorted((t for t in by_role(d, "row-letter") if t.bounds()[2] < left), key=lambda t: t.y)
    rows_r = sorted((t for t in by_role(d, "row-letter") if t.bounds()[0] > right), key=lambda t: t.y)
    cols_t = sorted((t for t in by_role(d, "col-letter") if t.bounds()[3] < top), key=lambda t: t.x)
    cols_b = sorted((t for t in by_role(d, "col-letter") if t.bounds()[1] > bottom), key=lambda t: t.x)
    assert [t.text for t in rows_l] == [t.text for t in rows_r] == ["A", "B", "C"]
    assert [t.text for t in cols_t] == [t.text for t in cols_b] == ["D", "E", "F"]
    # each row letter is level with its row of spaces, each column letter with its column
    for _, box in ink_boxes(d.shapes):
        assert inside(box, (0, 0, d.width, d.height))
    for t in rows_l + rows_r:
        row = [s for s in names if s.text.startswith(t.text)]
        band = [r for r in spaces if r.y <= row[0].y <= r.y + r.h][0]
        assert abs((t.bounds()[1] + t.bounds()[3]) / 2 - (band.y + band.h / 2)) < 0.5, (
            "row letter not level with its row"
        )
    for t in cols_t:
        col = [r for r in spaces if r.x <= t.x <= r.x + r.w]
        assert len(col) == 3
    assert "3×3" in by_role(d, "mat-caption")[0].text and "census 9" in by_role(d, "mat-caption")[0].text


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 5), (4, 3), (5, 5), (13, 13)])
def test_grid_mat_generalises(rows, cols):
    d = grid_mat(rows, cols, (44.45, 63.5))
    letters = string.ascii_uppercase
    want = {r + c for r in letters[:rows] for c in letters[rows : rows + cols]}
    assert {t.text for t in by_role(d, "space-letter")} == want
    assert len(by_role(d, "space-letter")) == rows * cols
    assert sorted({t.text for t in by_role(d, "row-letter")}) == list(letters[:rows])
    assert sorted({t.text for t in by_role(d, "col-letter")}) == list(letters[rows : rows + cols])
    assert len(by_role(d, "row-letter")) == 2 * rows and len(by_role(d, "col-letter")) == 2 * cols
    for r in by_role(d, "space"):
        assert r.w >= 44.45 and r.h >= 63.5


def test_svg_is_physical_size_and_rects_hold_cards(tmp_path):
    card = CARDS["tarot"]
    d = linear_mat(5, card)
    root, _ = svg_tree(d, tmp_path)
    assert mm(root.get("width")) == pytest.approx(d.width, abs=0.001)
    assert mm(root.get("height")) == pytest.approx(d.height, abs=0.001)
    assert root.get("viewBox").split() == ["0", "0", f"{d.width:g}", f"{d.height:g}"]  # viewBox units are mm
    spaces = root.findall(f".//{SVG}rect[@class='space']")
    slots = root.findall(f".//{SVG}rect[@class='card-slot']")
    assert len(spaces) == len(slots) == 5
    for r in spaces:
        assert float(r.get("width")) >= card[0] and float(r.get("height")) >= card[1]
    for r in slots:
        assert float(r.get("width")) == pytest.approx(card[0], abs=0.001)
        assert float(r.get("height")) == pytest.approx(card[1], abs=0.001)
    # the big letter of each space lies inside that space's rect (SVG coordinates)
    boxes = sorted(
        (
            float(r.get("x")),
            float(r.get("y")),
            float(r.get("x")) + float(r.get("width")),
            float(r.get("y")) + float(r.get("height")),
        )
        for r in spaces
    )
    texts = sorted(root.findall(f".//{SVG}text[@class='space-name']"), key=lambda e: float(e.get("x")))
    assert "".join(e.text for e in texts) == "ABCDE"
    for e, b in zip(texts, boxes):
        assert b[0] < float(e.get("x")) < b[2] and b[1] < float(e.get("y")) < b[3]


def test_svg_renders_with_ink_in_every_letter_band(tmp_path):
    d = linear_mat(4, POKER)
    _, data = svg_tree(d, tmp_path)
    png = resvg_py.svg_to_bytes(
        svg_string=data.decode(),
        dpi=96,
        font_files=SHIPPED_FONTS,
        skip_system_fonts=True,
    )
    img = Image.open(io.BytesIO(bytes(png))).convert("L")
    px = 96 / 25.4
    assert img.size == (round(d.width * px), round(d.height * px))
    for t in by_role(d, "space-letter") + by_role(d, "space-letter-turned"):
        x0, y0, x1, y1 = t.bounds()
        crop = img.crop((int(x0 * px), int(y0 * px), math.ceil(x1 * px), math.ceil(y1 * px)))
        assert crop.getextrema()[0] < 120, f"no ink where {t.text} should be"
    # and nothing dark between two spaces
    a, b = sorted(by_role(d, "space"), key=lambda r: r.x)[:2]
    gap = img.crop((int((a.x + a.w + 0.6) * px), int(a.y * px), int((b.x - 0.6) * px), int((a.y + a.h) * px)))
    assert gap.getextrema()[0] > 200


def test_never_scaled_and_single_page_position_is_exact(tmp_path):
    """Census 3 on one page: every letter in the PDF lies inside its own space, at full size."""
    d = linear_mat(3, POKER)
    root, _ = svg_tree(d, tmp_path)
    r = build_placemat(census=3, paper="a4", out=tmp_path)
    with read_pdf(r.folder / "placemat-census-3.pdf") as pdf:
        (page,) = pdf.pages
        frame = root.find(f".//{SVG}rect[@class='mat-edge']")
        fw, fh = float(frame.get("width")), float(frame.get("height"))
        found = [q for q in page.rects if abs(q["width"] - fw * PT) < 0.1 and abs(q["height"] - fh * PT) < 0.1]
        assert len(found) == 1, "the mat's frame is not on the page at full size"
        ox = found[0]["x0"] / PT - float(frame.get("x"))
        oy = found[0]["top"] / PT - float(frame.get("y"))
        spaces = sorted(
            (float(e.get("x")), float(e.get("y")), float(e.get("width")), float(e.get("height")))
            for e in root.findall(f".//{SVG}rect[@class='space']")
        )
        big = float(root.find(f".//{SVG}text[@class='space-name']").get("font-size"))
        seen = {}
        for ch in page.chars:
            if ch["text"] not in "ABC" or ch["size"] < 5 * PT:
                continue
            i = "ABC".index(ch["text"])
            x, y, w, h = spaces[i]
            cx = (ch["x0"] + ch["x1"]) / 2 / PT - ox
            cy = (ch["top"] + ch["bottom"]) / 2 / PT - oy
            assert x < cx < x + w and y < cy < y + h, f"{ch['text']} is not in its space"
            seen.setdefault(ch["text"], []).append(ch["size"] / PT)
        assert sorted(seen) == ["A", "B", "C"]
        assert all(len(v) == 3 for v in seen.values())  # big, band, turned band
        assert max(max(v) for v in seen.values()) == pytest.approx(big, abs=0.01)  # not scaled


# --- the build ---------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_build_writes_svg_and_pdf_for_every_census(tmp_path, paper):
    for census in range(3, 27):
        r = build_placemat(census=census, paper=paper, out=tmp_path)
        slug = f"placemat-census-{census}" + ("-letter" if paper == "letter" else "")  # a4 is the default
        # and the marker that says the folder is cardgen's (so a rebuild may replace it whole)
        assert sorted(p.name for p in r.folder.iterdir()) == [MARKER, f"{slug}.pdf", f"{slug}.svg"]
        reader = PdfReader(r.folder / f"{slug}.pdf")
        assert len(reader.pages) == r.pages
        for pg in reader.pages:
            box = sorted((round(float(pg.mediabox.width), 2), round(float(pg.mediabox.height), 2)))
            assert box == sorted(PAPER_PT[paper])
        assert any(str(r.pages) in n and ("A4" in n or "Letter" in n) for n in r.notes)
        if census in (3, 11, 26):  # reading text back is slower: a sample
            with read_pdf(r.folder / f"{slug}.pdf") as pdf:
                letters = {c["text"] for page in pdf.pages for c in page.chars if c["size"] > 20 * PT}
            assert letters == set(string.ascii_uppercase[:census])
    assert not list(tmp_path.glob(".cardgen-*")), "a staging folder was left behind"


def test_build_grid_and_notes(tmp_path):
    r = build_placemat(grid="3x3", census=None, out=tmp_path, title="Trains 2D")
    assert r.folder.name == "placemat-grid-3x3-trains-2d"  # the title is in the name: another mat's folder
    root = etree.parse(str(r.folder / "placemat-grid-3x3-trains-2d.svg")).getroot()
    assert {e.text for e in root.findall(f".//{SVG}text[@class='space-name']")} == {
        r_ + c for r_ in "ABC" for c in "DEF"
    }
    assert root.find(f".//{SVG}text[@class='mat-title']").text == "Trains 2D"
    assert any("glue" in n for n in r.notes) and r.pages > 1
    assert build_placemat(grid="3 x 3", out=tmp_path).folder.name == "placemat-grid-3x3"  # default census ignored
    assert build_placemat(grid="2x2", census=4, out=tmp_path).pages == 1


@pytest.mark.parametrize(
    "kw,needle",
    [
        (dict(census=1), "census 1"),
        (dict(census=27), "census 27"),
        (dict(census=0), "census 0"),
        (dict(census=-3), "census -3"),
        (dict(census=True), "census True"),
        (dict(census="7"), "census '7'"),
        (dict(census=None), "census"),
        (dict(grid="3"), "grid '3'"),
        (dict(grid="3x"), "grid '3x'"),
        (dict(grid="1x3"), "grid '1x3'"),
        (dict(grid="3x1"), "grid '3x1'"),
        (dict(grid="20x7"), "grid '20x7'"),
        (dict(grid="3x3x3"), "grid '3x3x3'"),
        (dict(grid=""), "grid ''"),
        (dict(grid="axb"), "grid 'axb'"),
        (dict(grid="3x3", census=5), "census 5"),
        (dict(card="huge"), "card size 'huge'"),
        (dict(paper="a5"), "paper 'a5'"),
        (dict(margin="150mm"), "margin '150mm'"),
        (dict(margin="-1mm"), "margin '-1mm'"),
        (dict(title="a\nb"), "title"),
    ],
)
def test_bad_inputs_are_one_line_errors(tmp_path, kw, needle):
    with pytest.raises(CardgenError) as e:
        build_placemat(out=tmp_path / "out", **kw)
    message = str(e.value)
    assert needle in message and "\n" not in message
    assert not (tmp_path / "out").exists(), "a failed build left files"


def test_pure_functions_refuse_bad_shapes():
    with pytest.raises(CardgenError):
        linear_mat(27, POKER)
    with pytest.raises(CardgenError):
        linear_mat(1, POKER)
    with pytest.raises(CardgenError):
        grid_mat(1, 3, POKER)
    with pytest.raises(CardgenError):
        grid_mat(14, 13, POKER)
    with pytest.raises(CardgenError):
        tile(linear_mat(7, POKER), (210, 297), margin=95)
