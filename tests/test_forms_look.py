"""The forms, mats and test pages as a player meets them (#23): read back from the written PDFs
with pdfplumber and measured in mm; sizes and families from the fonts the PDF names.

A form uses its page (no blank band, ink down to the foot), its words are set in the sans
family at sizes of the type scale (the monospace family only for codes), no ruled line
crosses a letter, and nothing is inked in the printer's margin.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.check import check_folder
from cardgen.cli import run
from tests.helpers import clip_boxes, crossed, read_pdf

PT = 72 / 25.4  # points per mm
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SCALE_PT = [6.0 * 1.2**k for k in range(20)]  # the type scale, by hand: 6 pt and up by a minor third
SANS = {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}
MONO = {"DejaVuSansMono", "DejaVuSansMono-Bold"}


def boxes(page):  # type: ignore[no-untyped-def]
    """Every inked object's box (x0, top, x1, bottom) in points, strokes widened by half their width."""
    out = []
    for c in page.chars:
        if c["text"].strip():
            out.append((c["x0"], c["top"], c["x1"], c["bottom"]))
    for o in page.lines + page.rects + page.curves:
        half = (o.get("linewidth") or 0) / 2 if o.get("stroke") else 0
        out.append((o["x0"] - half, o["top"] - half, o["x1"] + half, o["bottom"] + half))
    return out


def blank_bands(page, margin: float = 5 * PT) -> list[float]:  # type: ignore[no-untyped-def]
    """Heights (mm) of the horizontal bands with no ink at all, top margin to bottom margin; the
    last is the room left under the lowest ink."""
    bands, reach = [], margin
    for _, top, _, bottom in sorted(boxes(page), key=lambda b: b[1]):
        if top > reach:
            bands.append((top - reach) / PT)
        reach = max(reach, bottom)
    bands.append((page.height - margin - reach) / PT)
    return bands


def fonts(page) -> set[str]:  # type: ignore[no-untyped-def]
    return {c["fontname"].split("+")[-1] for c in page.chars if c["text"].strip()}


def off_scale(page) -> list[float]:  # type: ignore[no-untyped-def]
    """Upright text sizes (pt) that are no step of the scale."""
    sizes = {round(c["size"], 2) for c in page.chars if c["upright"] and c["text"].strip()}
    return sorted(s for s in sizes if min(abs(s - k) for k in SCALE_PT) > 0.05)


def outside(page, margin_mm: float = 5.0) -> list[tuple[float, ...]]:  # type: ignore[no-untyped-def]
    m = margin_mm * PT - 0.01
    return [b for b in boxes(page) if b[0] < m or b[1] < m or b[2] > page.width - m or b[3] > page.height - m]


def margin_inked(pdf: Path, margin_mm: float = 5.0) -> list[int]:
    """Pages (from 1) with a pixel not white in the printer's margin, as pdfium renders them
    (clipping applied: a tiled mat's piece is clipped to its page), 0.2 mm of anti-aliasing allowed."""
    import pypdfium2

    scale = 4  # 288 dpi: 0.09 mm a pixel
    inked = []
    doc = pypdfium2.PdfDocument(str(pdf))
    for n in range(len(doc)):
        img = doc[n].render(scale=scale).to_pil().convert("L")
        w, h = img.size
        k = int((margin_mm - 0.2) * PT * scale)
        strips = [(0, 0, w, k), (0, h - k, w, h), (0, 0, k, h), (w - k, 0, w, h)]
        if any(img.crop(box).getextrema()[0] < 250 for box in strips):
            inked.append(n + 1)
    return inked


def pdf_in(folder: Path) -> Path:
    (pdf,) = folder.glob("*.pdf")
    return pdf


# ---------------------------------------------------------------- the SuperTrain score sheet


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("sheets")
    made = {}
    for paper in PAPERS:
        for players in range(2, 9):
            dest = out / paper
            assert run(["scoresheet", "supertrain", "--players", str(players), "--paper", paper, "-o", str(dest)]) == 0
            suffix = "" if paper == "a4" else f"-{paper}"
            made[players, paper] = dest / f"supertrain-scoresheet-{players}-players{suffix}"
    return made


SHEETS = [(n, p) for p in PAPERS for n in range(2, 9)]


@pytest.mark.parametrize(("players", "paper"), SHEETS, ids=[f"{n}p-{p}" for n, p in SHEETS])
def test_the_score_sheet_uses_its_page(sheets, players, paper):
    folder = sheets[players, paper]
    assert check_folder(folder) == []
    with read_pdf(pdf_in(folder)) as pdf:
        (page,) = pdf.pages
        bands = blank_bands(page)
        assert bands[-1] <= 15.0 and max(bands) <= 12.0, bands  # it was a quarter of the page
        # rows: the level lines running the table's width, at least 8 mm apart, all alike
        level = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01]
        x0, x1 = min(ln["x0"] for ln in level), max(ln["x1"] for ln in level)
        across = sorted(ln["top"] for ln in level if ln["x0"] < x0 + 0.5 and ln["x1"] > x1 - 0.5)
        rows = [(b - a) / PT for a, b in zip(across, across[1:])]
        assert len(rows) == 14 and min(rows) >= 8.0 and max(rows) - min(rows) < 0.1, rows
        assert fonts(page) == SANS  # the examples' tiles are drawn, not typed as codes ("12-5" read as a subtraction)
        assert off_scale(page) == []
        assert crossed(page) == []
        assert outside(page) == []
        text = " ".join(page.extract_text().split())
        assert "12 5 = 17 points" in text and "A = 20 points" in text and "Winner" in text
        assert "12-5" not in text
        # the names: "Player n" at the 8.6 pt body size at least, in black, over its name line
        names = [c for c in page.chars if c["text"] == "P" and c["top"] < across[0]]
        assert len(names) == players and all(c["size"] >= 8.6 - 0.05 for c in names)
        assert all(max(c["non_stroking_color"][:3]) < 0.2 for c in names)
        # the totals row is one cell a player: no upright rule inside a player's block below the rounds
        upright = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01]
        last = across[-1]  # the totals row's top (the table's foot is its frame, a rectangle)
        inner = [ln for ln in upright if ln["top"] < last + 1 < ln["bottom"] and ln["linewidth"] < 0.5 * PT]
        assert inner == [], inner
        # the round's number and its engine stand in columns of their own, a rule between them
        rule = [ln for ln in upright if ln["linewidth"] < 0.5 * PT and ln["x0"] < x0 + 20 * PT]
        assert len(rule) == 1
        left_of = {c["text"] for c in page.chars if x0 < c["x1"] < rule[0]["x0"] and across[0] < c["top"] < last}
        right_of = [c for c in page.chars if rule[0]["x0"] < c["x0"] and c["x1"] < x0 + 45 * PT and across[0] < c["top"] < last]  # fmt: skip
        assert left_of <= set("0123456789") and all("Bold" in c["fontname"] for c in right_of)
        # each example tile: a rounded outline split by a centre line
        tiles = [r for r in page.curves + page.rects if r["top"] > across[-1] and 5.5 * PT < r["height"] < 7.5 * PT]
        assert len(tiles) == 4, len(tiles)


# ---------------------------------------------------------------- placemats


MATS = {
    "census-2": ["placemat", "--census", "2"],
    "census-7": ["placemat", "--census", "7"],
    "grid-3x3": ["placemat", "--grid", "3x3"],
}
# Each mat's size (mm), by hand: 5 mm pads, an 11 mm title band, spaces of a poker card
# (63.5 × 88.9) plus 2 mm each side and 9 mm bands above and below, 2 mm apart side by side
# (#31: so that four fit across A4 landscape); a grid adds an 11 mm strip of letters on every
# side, its rows 9 mm apart (the track under a row, then room for a cut).
MAT_SIZES = {
    "census-2": (2 * 5 + 2 * 67.5 + 2, 2 * 5 + 11 + 106.9),
    "census-7": (2 * 5 + 7 * 67.5 + 6 * 2, 2 * 5 + 11 + 106.9),
    "grid-3x3": (2 * 5 + 2 * 11 + 3 * 67.5 + 2 * 2, 2 * 5 + 11 + 2 * 11 + 3 * 106.9 + 2 * 9),
}
SVG_NS = {"s": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def mats(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("mats")
    made = {}
    for paper in PAPERS:
        for name, args in MATS.items():
            assert run([*args, "--paper", paper, "-o", str(out / paper)]) == 0
            made[name, paper] = out / paper / f"placemat-{name}{'' if paper == 'a4' else '-' + paper}"
    return made


MAT_CASES = [(n, p) for p in PAPERS for n in MATS]


@pytest.mark.parametrize(("name", "paper"), MAT_CASES, ids=[f"{n}-{p}" for n, p in MAT_CASES])
def test_mat_pages_in_sans_at_scale_sizes_inside_the_margin(mats, name, paper):
    folder = mats[name, paper]
    assert check_folder(folder) == []
    with read_pdf(pdf_in(folder)) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            assert fonts(page) <= SANS, fonts(page)
            assert off_scale(page) == []
            text = "".join(c["text"] for c in page.chars)
            assert f"page {n} of {len(pdf.pages)}" in text and "spaces " in text
            # the glue-tab labels, set along the tab (pdfplumber gives a turned letter's size as its width)
            turned = [c for c in page.chars if not c["upright"] and c["text"].strip()]
            if len(pdf.pages) > 1 and name != "grid-3x3":
                assert turned, "no glue label on a tiled mat"
            for c in turned:
                assert c["width"] >= 7.0 and min(abs(c["width"] - k) for k in SCALE_PT) < 0.05, c["width"]
    assert margin_inked(pdf_in(folder)) == []


@pytest.mark.parametrize("name", list(MATS))
def test_every_row_of_spaces_runs_on_a_solid_track_and_every_space_has_wheels(mats, name):
    from lxml import etree

    root = etree.parse(str(mats[name, "a4"] / f"placemat-{name}.svg")).getroot()
    assert (float(root.get("width").removesuffix("mm")), float(root.get("height").removesuffix("mm"))) == pytest.approx(
        MAT_SIZES[name], abs=0.01
    )  # the railway look took no room
    spaces = [
        tuple(float(e.get(k)) for k in ("x", "y", "width", "height"))
        for e in root.iterfind(".//s:rect[@class='space']", SVG_NS)
    ]
    rails = [e for e in root.iterfind(".//s:*[@class='rail']", SVG_NS)]
    # the rails are solid bars, never a dashed stroke: the only dashed lines of a mat's page are the cuts
    assert all(e.tag == f"{{{SVG_NS['s']}}}rect" and e.get("stroke-dasharray") is None for e in rails)
    rails_xywh = sorted(
        (tuple(float(e.get(k)) for k in ("x", "y", "width", "height")) for e in rails), key=lambda r: r[1]
    )
    sleepers = [
        tuple(float(e.get(k)) for k in ("y1", "stroke-width"))
        for e in root.iterfind(".//s:line[@class='sleepers']", SVG_NS)
    ]
    wheels = [(float(e.get("cx")), float(e.get("cy"))) for e in root.iterfind(".//s:circle[@class='wheel']", SVG_NS)]
    rows = sorted({round(y + h, 3) for _, y, _, h in spaces})
    tops = sorted({round(y, 3) for _, y, _, _ in spaces})
    assert len(rails) == 2 * len(rows) and len(sleepers) == len(rows)  # two rails across their sleepers a row
    for i, bottom in enumerate(rows):
        near, far = rails_xywh[2 * i], rails_xywh[2 * i + 1]
        row = [s for s in spaces if abs(s[1] + s[3] - bottom) < 0.01]
        assert 0.5 < near[1] - bottom < 3.0  # just under the row, the wheels standing on it
        assert near[0] <= min(s[0] for s in row) and near[0] + near[2] >= max(s[0] + s[2] for s in row)
        y, width = sleepers[i]
        lowest = max(far[1] + far[3], y + width / 2)
        nxt = tops[i + 1] if i + 1 < len(tops) else float(root.get("height").removesuffix("mm")) - 0.25
        assert lowest < nxt - 0.2  # clear of the next row (or the mat's edge)
    for x, y, w, h in spaces:
        under = [c for c in wheels if x < c[0] < x + w and abs(c[1] - (y + h)) < 0.01]
        assert len(under) == 4  # two bogies of two wheels, centred on the space's bottom edge


def _text_boxes(pdf: Path) -> list[list[tuple[str, tuple[float, float, float, float]]]]:
    """Each page's text objects as (text, ink box in points: left, bottom, right, top), by pdfium;
    a box reaching past the page's clip (the mat's piece, ``re W``) cut to what shows."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    with read_pdf(pdf) as doc:
        clips = []
        for page in doc.pages:
            data = b"".join(c.get_data() for c in page.page_obj.contents)
            clips.append(clip_boxes(data))
    out = []
    for n, page in enumerate(pypdfium2.PdfDocument(str(pdf))):
        textpage = page.get_textpage()
        found = []
        for o in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT], max_depth=8):
            length = raw.FPDFTextObj_GetText(o.raw, textpage.raw, None, 0)
            buf = (ctypes.c_ushort * length)()
            raw.FPDFTextObj_GetText(o.raw, textpage.raw, buf, length)
            x0, y0, x1, y1 = o.get_bounds()
            for cx0, cy0, cx1, cy1 in clips[n]:
                if min(x1, cx1) > max(x0, cx0) and min(y1, cy1) > max(y0, cy0):  # in the piece: what shows of it
                    x0, y0, x1, y1 = max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1)
            found.append((bytes(buf).decode("utf-16-le").rstrip("\0").strip(), (x0, y0, x1, y1)))
        out.append(found)
    return out


@pytest.mark.parametrize(("name", "paper"), MAT_CASES, ids=[f"{n}-{p}" for n, p in MAT_CASES])
def test_no_text_of_a_mat_page_lies_on_another(mats, name, paper):
    """No word on a mat's page touches another where both show: the "cut" words stand off the
    drawing (they sat on the big BD / BF letters), and the glue labels only on the grey tab,
    which covers the drawing under it."""
    pdf = pdf_in(mats[name, paper])
    with read_pdf(pdf) as doc:
        tabs = [
            [
                (r["x0"], r["top"], r["x1"], r["bottom"])
                for r in page.rects
                if r.get("non_stroking_color") and all(abs(v - 0xEC / 255) < 0.01 for v in r["non_stroking_color"][:3])
            ]
            for page in doc.pages
        ]
        heights = [page.height for page in doc.pages]
    for n, texts in enumerate(_text_boxes(pdf)):
        for i, (a, (al, ab, ar, at)) in enumerate(texts):
            for b, (bl, bb, br, bt) in texts[i + 1 :]:
                x0, x1, y0, y1 = max(al, bl), min(ar, br), max(ab, bb), min(at, bt)
                if x1 - x0 <= 0.1 or y1 - y0 <= 0.1:
                    continue
                top, bottom = heights[n] - y1, heights[n] - y0  # pdfplumber's y, from the top
                covered = any(
                    t[0] <= x0 + 0.1 and x1 <= t[2] + 0.1 and t[1] <= top + 0.1 and bottom <= t[3] + 0.1
                    for t in tabs[n]
                )
                assert covered and "glue" in a + b, (n + 1, a, b)
        cuts = [box for text, box in texts if text == "cut"]
        if name == "grid-3x3" and n == 1:
            assert len(cuts) == 2  # both ends of the join's cut line, in the page's side margins


# ---------------------------------------------------------------- the test pages


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("fold", [False, True])
def test_test_pages_in_sans_at_scale_sizes(tmp_path, paper, fold):
    assert run(["testpage", "--paper", paper, *(["--fold"] if fold else []), "-o", str(tmp_path)]) == 0
    (folder,) = tmp_path.iterdir()
    assert check_folder(folder) == []
    with read_pdf(pdf_in(folder)) as pdf:
        for page in pdf.pages:
            assert fonts(page) <= SANS, fonts(page)
            assert off_scale(page) == []
            steps = [w["text"] for w in page.extract_words() if w["text"] in ("1.", "2.", "3.", "4.", "5.")]
            if page.page_number == 1:
                assert steps == ["1.", "2.", "3.", "4.", "5."]  # a numbered list, one number a step
                # the rulers' and verniers' names at one size, 12.4 pt, in black; the check line's words
                # at the body size at least (they were 6 and 7 pt, grey and black, scattered)
                words = page.extract_words(extra_attrs=["size", "non_stroking_color", "fontname"])
                names = [
                    w for w in words if w["text"] in ("X", "Y", "tenths") and w["size"] > 11
                ]  # (not the panel's head)
                assert len(names) == 6 and {round(w["size"], 1) for w in names} == {12.4}, names
                assert all(max(w["non_stroking_color"][:3]) < 0.2 for w in names)
                check = [w for w in words if w["text"] in ("line", "mm")]
                assert check and min(w["size"] for w in check) >= 8.6 - 0.05
    assert margin_inked(pdf_in(folder)) == []
