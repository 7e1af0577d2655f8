"""SuperTrain tiles that look like dominoes (issue #23), measured in the written PDF (pdfplumber:
points, y down; pypdfium2 for pixels): each tile has a rounded outline whose outer edge is 3 mm
inside the cut and a centre line from outline to outline; nothing but the ground comes nearer the
cut than 3 mm; between neighbouring tiles only the plain ground shows, so their numerals never run
together; every numeral, letter and word of a set is set at one size; and the Red Train is checked
part by part, in its SVG and on the sheet.
"""

from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from lxml import etree

from cardgen.cli import run
from cardgen.impose.sheets import impose, plan_sheet
from cardgen.layout.shapes import Drawing, Group
from cardgen.layout.supertrain.tile import TRAIN_RED, tile_face
from cardgen.render import render
from cardgen.rules.supertrain.dominoes import tile_set
from tests.helpers import read_pdf
from tests.marks import MM, cut_boxes

TILE = (50.8, 25.4)
SAFE = 3.0  # the safe zone
EDGE = (0x40, 0x3A, 0x33)  # the outline's ink, as the design names it
GROUND = (0xEF, 0xE8, 0xD8)
NS = {"s": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("tiles")
    folders = {}
    for key, args in {
        "wild": ["tiles"],
        "full": ["tiles", "--set", "full"],
        "numerals": ["tiles", "--set", "full", "--numerals", "--bleed", "3mm"],
        "portrait": ["tiles", "--tile", "1x2in", "--paper", "letter"],
    }.items():
        before = set(out.iterdir())
        assert run([*args, "--out", str(out)]) == 0
        (folders[key],) = set(out.iterdir()) - before
    return folders


def rgb(colour) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    return tuple(round(c * 255) for c in colour)  # type: ignore[return-value]


def tiles_on(folder: Path, size: tuple[float, float] = TILE, bleed: float = 0.0):  # type: ignore[no-untyped-def]
    pdf = pdfplumber.open(next(folder.glob("*.pdf")))
    return pdf, [(page, cut_boxes(page, size, bleed)) for page in pdf.pages]


def inside(obj, box) -> bool:  # type: ignore[no-untyped-def]
    cx, cy = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
    return box[0] < cx < box[2] and box[1] < cy < box[3]


@pytest.mark.parametrize(
    "key, size, bleed", [("wild", TILE, 0.0), ("numerals", TILE, 3.0), ("portrait", (25.4, 50.8), 0.0)]
)
def test_each_tile_has_a_rounded_outline_3mm_inside_the_cut_and_a_centre_line(built, key, size, bleed):  # type: ignore[no-untyped-def]
    pdf, pages = tiles_on(built[key], size, bleed)
    with pdf:
        seen = 0
        for page, boxes in pages:
            for x0, top, x1, bottom in boxes:
                seen += 1
                outlines = [
                    c
                    for c in page.curves
                    if c["stroke"]
                    and rgb(c["stroking_color"]) == EDGE
                    and inside(c, (x0, top, x1, bottom))
                    and c["x1"] - c["x0"] > 0.6 * (x1 - x0)  # fmt: skip
                ]
                assert len(outlines) == 1, (key, x0, top)
                o = outlines[0]
                half = o["linewidth"] / 2  # the stroke's outer edge, 3 mm inside the cut on every side
                for got in (
                    o["x0"] - half - x0,
                    x1 - o["x1"] - half,
                    o["top"] - half - top,
                    bottom - o["bottom"] - half,
                ):
                    assert got == pytest.approx(SAFE * MM, abs=0.02 * MM)
                corner = [p for p in o["pts"] if abs(p[0] - o["x0"]) < 0.01 and abs(p[1] - o["top"]) < 0.01]
                assert not corner, "the outline's corners are rounded"
                across = (x1 - x0) >= (bottom - top)  # the centre line crosses the short side
                mid = (x0 + x1) / 2 if across else (top + bottom) / 2
                lines = [
                    ln
                    for ln in page.lines
                    if rgb(ln["stroking_color"]) == EDGE
                    and abs((ln["x0"] if across else ln["top"]) - mid) < 0.05
                    and inside(ln, (x0, top, x1, bottom))
                ]
                assert len(lines) == 1
                ln = lines[0]
                ends = (ln["top"], ln["bottom"]) if across else (ln["x0"], ln["x1"])
                inner = (o["top"] + half, o["bottom"] - half) if across else (o["x0"] + half, o["x1"] - half)
                assert ends == pytest.approx(inner, abs=0.05)  # from the outline to the outline
                assert ln["linewidth"] >= 0.4 * MM
        assert seen in (21, 112)


@pytest.mark.parametrize(
    "key, size, bleed", [("full", TILE, 0.0), ("numerals", TILE, 3.0), ("portrait", (25.4, 50.8), 0.0)]
)
def test_nothing_but_the_ground_comes_nearer_the_cut_than_3mm(built, key, size, bleed):  # type: ignore[no-untyped-def]
    """Every object on a tile's place but its ground (letters by their font box, strokes with their
    width) lies 3 mm inside the cut."""
    pdf, pages = tiles_on(built[key], size, bleed)
    b = bleed * MM
    with pdf:
        for page, boxes in pages:
            for x0, top, x1, bottom in boxes:
                place = (x0 - b, top - b, x1 + b, bottom + b)
                for obj in page.chars + page.curves + page.lines + page.rects:
                    if not inside(obj, place):
                        continue
                    if abs(obj["x1"] - obj["x0"] - (x1 - x0 + 2 * b)) < 0.05:
                        continue  # the ground, to the cut (and the bleed)
                    w = obj.get("linewidth", 0) / 2 if obj.get("stroke") or obj["object_type"] == "line" else 0.0
                    assert obj["x0"] - w >= x0 + SAFE * MM - 0.02 and obj["x1"] + w <= x1 - SAFE * MM + 0.02, obj
                    assert obj["top"] - w >= top + SAFE * MM - 0.02 and obj["bottom"] + w <= bottom - SAFE * MM + 0.02, obj  # fmt: skip


def test_neighbouring_tiles_are_set_apart_by_plain_ground(built):  # type: ignore[no-untyped-def]
    """Across every cut two tiles share, 3 mm each side of it is the plain ground: a numeral or
    pip of one tile never stands beside its neighbour's ("11|11 11|10")."""
    scale = 300 / 72
    image = pdfium.PdfDocument(next(built["wild"].glob("*.pdf")))[0].render(scale=scale).to_pil().convert("RGB")
    pdf, pages = tiles_on(built["wild"])
    with pdf:
        boxes = pages[0][1]
    pairs = [(a, b) for a in boxes for b in boxes if abs(a[2] - b[0]) < 0.05 and abs(a[1] - b[1]) < 0.05]
    assert len(pairs) >= 10
    for a, _ in pairs:
        x = a[2]
        for y in range(round((a[1] + 4 * MM) * scale), round((a[3] - 4 * MM) * scale), 3):
            for dx in range(round(-2.7 * MM * scale), round(2.7 * MM * scale) + 1, 2):
                px = image.getpixel((round(x * scale) + dx, y))
                assert all(abs(p - g) <= 6 for p, g in zip(px, GROUND)), (x / MM, y / scale / MM, px)


@pytest.mark.parametrize("key, roles", [("full", ("word", "letter")), ("numerals", ("numeral", "word", "letter"))])
def test_a_set_sets_each_kind_of_text_at_one_size(built, key, roles):  # type: ignore[no-untyped-def]
    """Measured in the PDF: every numeral is one size, every letter one size, every word one size."""
    sizes: dict[str, set[float]] = defaultdict(set)
    with read_pdf(next(built[key].glob("*.pdf"))) as pdf:
        for page in pdf.pages:
            for w in page.extract_words(extra_attrs=["size", "fontname"]):
                if w["size"] < 7:
                    continue  # the sheet's label
                kind = "numeral" if w["text"].isdigit() else "letter" if len(w["text"]) == 1 else "word"
                sizes[kind].add(round(w["size"], 2))
                assert "AtkinsonHyperlegible" in w["fontname"], w
    assert set(sizes) == set(roles)
    assert all(len(s) == 1 for s in sizes.values()), sizes


def copy_of(folder: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(folder, tmp_path / folder.name))


def test_check_counts_the_red_trains_parts_in_the_svg(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy_of(built["wild"], tmp_path)
    path = folder / "tiles" / "5-train.svg"
    tree = etree.parse(str(path))
    wheel = tree.getroot().xpath(f".//s:circle[@class='loco' and @fill='{TRAIN_RED}']", namespaces=NS)[0]
    wheel.getparent().remove(wheel)
    tree.write(str(path))
    assert run(["check", str(folder)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "svg: tile 5-train shows a Red Train of 4 red and 5 cut-out parts, "
        "not the 5 red and 5 cut-out parts it is drawn with"
    )


def test_check_counts_the_red_trains_parts_on_the_sheet(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A sheet whose 8-Train has lost its locomotive's window is named by page and slot."""
    folder = copy_of(built["wild"], tmp_path)
    faces = [tile_face(t, TILE) for t in tile_set("wild")]
    face = faces[8]
    ends = [s for s in face.shapes if isinstance(s, Group) and s.role == "end"]
    train = ends[1]
    windowless = Group(tuple(s for i, s in enumerate(train.shapes) if i != 1), train.dx, train.dy, role="end")
    faces[8] = Drawing(face.width, face.height, tuple(windowless if s is train else s for s in face.shapes))
    (folder / "supertrain-wild.pdf").write_bytes(render("pdf", impose(faces, plan_sheet(TILE, (210.0, 297.0)), label="supertrain-wild")))  # fmt: skip
    assert run(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert (
        "pdf page 1, slot 9: tile 8-Train shows a Red Train of 5 red and 4 cut-out parts, "
        "not the 5 red and 5 cut-out parts it is drawn with"
    ) in out, out
