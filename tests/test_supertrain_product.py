"""SuperTrain tiles, hand scores and score sheets, read back from the written files with
independent readers (lxml, pdfplumber, pypdfium2, resvg) and checked against facts typed by
hand from seed 003 and hand-worked examples."""

from __future__ import annotations

import io
import json
import math
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from PIL import Image, ImageChops, ImageStat

from cardgen.check import check_folder
from cardgen.cli import run
from cardgen.errors import CardgenError
from cardgen.layout.shapes import DESCENT, Drawing, Text, walk
from cardgen.layout.supertrain.tile import PIP_COLOURS, ink_box, pip_spots, tile_back, tile_face
from cardgen.products.supertrain import build_tiles
from cardgen.render import render
from cardgen.rules.supertrain.dominoes import Tile, parse_tile
from tests.conftest import svg_png
from tests.helpers import read_pdf, shared, typed

MM = 72 / 25.4
NS = {"s": "http://www.w3.org/2000/svg"}

# --- Golden facts, typed by hand from seed 003 ---

# "0-Train, 1-Train ... up to the 12-Train and then the Double Train or Train-Train", three A-Trains, D, R, S, T.
WILD_FILES = [
    "0-train", "1-train", "2-train", "3-train", "4-train", "5-train", "6-train", "7-train", "8-train",
    "9-train", "10-train", "11-train", "12-train", "train-train",
    "a-train-1", "a-train-2", "a-train-3", "d-train", "r-train", "s-train", "t-train",
]  # fmt: skip
WORDS = {"A": "Anywhere", "D": "Draw", "R": "Reverse", "S": "Skip", "T": "Twice"}
# Double-12: every pair of 0..12 once, 13 × 14 / 2 = 91 tiles; with the 21 wilds, 112.
NUMBER_TILE_COUNT, FULL_COUNT = 91, 112
# "The wild Red Trains count 10 each, the special action Letters count 10 each ... in addition to the numbers"
HANDS = [
    ("12-5 3-Train A-Train", [17, 13, 20], 50),
    ("train-12, 0-0", [22, 0], 22),
    ("Train-Train T-Train 6-6", [20, 20, 12], 52),
    ("5-12", [17], 17),
]
# "12-12 ... then the 11-11 ... down to the 0-0 and finally the Train-Train"
ROUNDS = ["12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "0", "Train-Train"]


@pytest.fixture(scope="session")
def tiles(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Tile sets built once for the whole run (every worker's): tiles(set="full", paper="letter", ...) -> folder."""

    def make(**kw):  # type: ignore[no-untyped-def]
        name = "tiles-" + "-".join(f"{k}={v}" for k, v in sorted(kw.items()))
        return shared(tmp_path_factory, name, lambda out: typed(build_tiles)(out=out, **kw).folder)

    return make


def copy_of(folder: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(folder, tmp_path / folder.name))


def svg_halves(path: Path) -> list[etree._Element]:
    root = etree.parse(str(path)).getroot()
    return root.xpath(".//s:g[contains(concat(' ', @class, ' '), ' end ')]", namespaces=NS)


def pips_in(half: etree._Element) -> list[etree._Element]:
    return half.xpath(".//s:circle[@class='pip']", namespaces=NS)


def tile_rects(page, w_mm: float, h_mm: float, tol: float = 0.3) -> list[dict]:  # type: ignore[no-untyped-def]
    return [r for r in page.rects if abs(r["width"] - w_mm * MM) < tol and abs(r["height"] - h_mm * MM) < tol]


# --- Composition -------------------------------------------------------------------------


def test_wild_build_writes_the_21_wild_tiles(tiles):
    folder = tiles()
    assert folder.name == "supertrain-wild"
    assert sorted(p.stem for p in (folder / "tiles").glob("*.svg")) == sorted(WILD_FILES)
    manifest = json.loads((folder / "pack.json").read_text())
    assert manifest["game"] == "supertrain" and manifest["set"] == "wild" and manifest["numerals"] is False
    assert manifest["cards"] == 21 and manifest["card_mm"] == [50.8, 25.4]
    rows = (folder / "tiles.csv").read_text().splitlines()
    assert rows[0] == "number,tile,points,file" and len(rows) == 22
    assert rows[1] == "1,0-Train,10,tiles/0-train.svg" and rows[-1] == "21,T-Train,20,tiles/t-train.svg"
    with read_pdf(folder / "supertrain-wild.pdf") as pdf:
        assert sum(len(tile_rects(p, 50.8, 25.4)) for p in pdf.pages) == 21


def test_full_build_writes_112_tiles_each_pair_once(tiles):
    folder = tiles(set="full")
    stems = [p.stem for p in (folder / "tiles").glob("*.svg")]
    assert len(stems) == FULL_COUNT
    numbers = {s for s in stems if "train" not in s}
    assert len(numbers) == NUMBER_TILE_COUNT
    assert numbers == {f"{hi}-{lo}" for hi in range(13) for lo in range(hi + 1)}
    assert set(WILD_FILES) <= set(stems)
    with read_pdf(folder / "supertrain-full.pdf") as pdf:
        assert len(pdf.pages) == 4  # 35 a sheet on A4 landscape: 35 + 35 + 35 + 7
        assert [len(tile_rects(p, 50.8, 25.4)) for p in pdf.pages] == [35, 35, 35, 7]


@pytest.mark.parametrize("n", range(13))
def test_every_number_shows_its_pips_in_the_svg(tiles, n):
    folder = tiles(set="full")
    # n-Train: the number half first, the locomotive second
    number_half, train_half = svg_halves(folder / "tiles" / f"{n}-train.svg")
    assert len(pips_in(number_half)) == n and pips_in(train_half) == []
    assert train_half.xpath(".//*[@class='loco']", namespaces=NS)
    # every number tile holding n shows n pips on one half, all in n's colour
    for lo in range(13):
        a, b = max(n, lo), min(n, lo)
        halves = svg_halves(folder / "tiles" / f"{a}-{b}.svg")
        counts = [len(pips_in(h)) for h in halves]
        assert counts == [a, b]
        for half, value in zip(halves, (a, b)):
            assert {c.get("fill") for c in pips_in(half)} <= {PIP_COLOURS[value]}


def test_each_value_has_its_own_colour_and_pips_never_touch():
    colours = [PIP_COLOURS[n].lower() for n in range(13)]
    assert len(set(colours)) == 13
    face = tile_face(Tile(12, 12), (50.8, 25.4))
    from cardgen.layout.shapes import Circle, walk

    circles = [
        (s.cx + dx, s.cy + dy, s.r) for s, dx, dy in walk(face.shapes) if isinstance(s, Circle) and s.role == "pip"
    ]
    assert len(circles) == 24
    for i, (x1, y1, r) in enumerate(circles):
        assert r >= 1.2  # a pip one can see and count: 2.4 mm across at the default size
        for x2, y2, _ in circles[i + 1 :]:
            assert math.hypot(x1 - x2, y1 - y2) >= 2 * r + 1.5


def test_pip_layouts_are_the_domino_ones():
    # 1 to 9 on a 3 × 3 grid, the same turned 180°; 10 to 12 as two columns of four and 2, 3, 4 between.
    for n in range(10):
        spots = sorted(pip_spots(n))
        assert spots == sorted((1 - x, 1 - y) for x, y in spots)
        assert {x for x, _ in spots} <= {0.0, 0.5, 1.0} and {y for _, y in spots} <= {0.0, 0.5, 1.0}
    assert pip_spots(5) == [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)]
    for n, middle in ((10, 2), (11, 3), (12, 4)):
        spots = pip_spots(n)
        assert sum(1 for x, _ in spots if x == 0.5) == middle
        assert sum(1 for x, _ in spots if x == 0.0) == 4 == sum(1 for x, _ in spots if x == 1.0)


def test_numerals_show_coloured_digits_and_letters_their_words(tiles):
    folder = tiles(set="full", numerals=True)
    assert folder.name == "supertrain-full-numerals"
    for n in range(13):
        half = svg_halves(folder / "tiles" / f"{n}-train.svg")[0]
        (text,) = half.xpath(".//s:text[@class='numeral']", namespaces=NS)
        assert text.text == str(n) and text.get("fill") == PIP_COLOURS[n] and pips_in(half) == []
    for letter, word in WORDS.items():
        name = "a-train-2" if letter == "A" else f"{letter.lower()}-train"
        half = svg_halves(folder / "tiles" / f"{name}.svg")[0]
        assert [t.text for t in half.xpath(".//s:text", namespaces=NS)] == [letter, word]
    assert check_folder(folder) == []


# --- Sizes, sheets, safe zone ---------------------------------------------------------------


@pytest.mark.parametrize(
    "tile, size, name",
    [
        ("2x1in", (50.8, 25.4), "supertrain-wild"),
        ("44x22mm", (44.0, 22.0), "supertrain-wild-44x22mm"),
        ("1x2in", (25.4, 50.8), "supertrain-wild-25.4x50.8mm"),
    ],
)
def test_tile_size_measured_in_the_pdf(tiles, tile, size, name):
    folder = tiles(tile=tile)
    assert folder.name == name
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        assert len(tile_rects(pdf.pages[0], *size, tol=0.05)) == 21
    root = etree.parse(str(folder / "tiles" / "3-train.svg")).getroot()
    assert root.get("width") == f"{size[0]:g}mm" and root.get("height") == f"{size[1]:g}mm"
    assert check_folder(folder) == []


@pytest.mark.parametrize("paper, size", [("a4", (595.276, 841.89)), ("letter", (612.0, 792.0))])
@pytest.mark.parametrize("bleed", ["0", "3mm"])
def test_tiles_fit_the_paper_with_crop_marks_outside_every_tile(tiles, paper, size, bleed):
    folder = tiles(set="full", paper=paper, bleed=bleed, backs=True)
    margin = 5 * MM
    grow = 3.0 if bleed == "3mm" else 0.0  # the ground runs this far past the cut
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        fronts = pdf.pages[::2]
        assert sum(len(tile_rects(p, 50.8 + 2 * grow, 25.4 + 2 * grow)) for p in fronts) == 112
        for page in pdf.pages:
            assert {round(page.width, 2), round(page.height, 2)} == {round(v, 2) for v in size}
            for obj in page.rects + page.lines + page.chars + page.curves:
                assert obj["x0"] >= margin - 0.01 and obj["x1"] <= page.width - margin + 0.01
                assert obj["top"] >= margin - 0.01 and obj["bottom"] <= page.height - margin + 0.01
        for page in fronts:
            grounds = tile_rects(page, 50.8 + 2 * grow, 25.4 + 2 * grow)
            marks = [ln for ln in page.lines if ln["linewidth"] < 0.3]  # 0.25 pt hairlines; dividers are 1.3 pt
            assert marks and grounds
            for mark in marks:
                for r in grounds:  # a mark stays outside every tile, bleed included
                    apart_x = mark["x1"] <= r["x0"] + 0.01 or mark["x0"] >= r["x1"] - 0.01
                    apart_y = mark["bottom"] <= r["top"] + 0.01 or mark["top"] >= r["bottom"] - 0.01
                    assert apart_x or apart_y, (mark, r)


def _all_tiles() -> list[Tile]:
    from cardgen.rules.supertrain.dominoes import tile_set

    return tile_set("full")


SAFE_MM = 3.0  # the safe zone: text and frames 3 mm inside the cut


def inked(shape, dx, dy):  # type: ignore[no-untyped-def]
    """ink_box, with a text's descenders (below the baseline) counted too."""
    x0, y0, x1, y1 = ink_box(shape, dx, dy)
    if isinstance(shape, Text) and shape.rotate % 360 == 0:
        y1 += DESCENT * shape.size
    return x0, y0, x1, y1


@pytest.mark.parametrize("numerals", [False, True])
def test_everything_but_the_ground_stays_3mm_inside_the_cut(numerals):
    w, h = 50.8, 25.4
    for t in set(_all_tiles()):
        face = tile_face(t, (w, h), numerals=numerals, bleed=3.0)
        assert face.origin == (-3.0, -3.0) and face.width == w + 6
        ground, *rest = face.shapes
        assert ink_box(ground) == (-3.0, -3.0, w + 3.0, h + 3.0)
        for shape, dx, dy in walk(tuple(rest)):
            x0, y0, x1, y1 = inked(shape, dx, dy)
            assert x0 >= SAFE_MM - 1e-9 and y0 >= SAFE_MM - 1e-9 and x1 <= w - SAFE_MM + 1e-9 and y1 <= h - SAFE_MM + 1e-9, (t, shape)  # fmt: skip


@settings(max_examples=40)
@given(w=st.floats(30, 120), h=st.floats(15, 120), name=st.sampled_from(["12-11", "Train-Train", "A-Train", "6-9"]))
def test_any_tile_size_keeps_the_safe_zone(w, h, name):
    if min(max(w, h) / 2, min(w, h)) < 15:
        return
    for drawing in (tile_face(parse_tile(name), (w, h)), tile_face(parse_tile(name), (w, h), numerals=True), tile_back((w, h), title="A rather long title")):  # fmt: skip
        for shape, dx, dy in walk(drawing.shapes[1:]):
            x0, y0, x1, y1 = inked(shape, dx, dy)
            assert (
                x0 >= SAFE_MM - 1e-6 and y0 >= SAFE_MM - 1e-6 and x1 <= w - SAFE_MM + 1e-6 and y1 <= h - SAFE_MM + 1e-6
            )


def test_backs_are_all_alike_and_carry_their_ground_into_the_bleed(tiles):
    folder = tiles(bleed="3mm", backs=True, title="Family night")
    back = etree.parse(str(folder / "tiles" / "back.svg")).getroot()
    assert back.get("viewBox") == "-3 -3 56.8 31.4"
    texts = ["".join(t.itertext()) for t in back.iterfind(".//s:text", NS)]
    assert texts == ["SuperTrain", "Family night"]
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        assert len(pdf.pages) == 2
        assert len(tile_rects(pdf.pages[1], 56.8, 31.4)) == 21
        words = [w["text"] for w in pdf.pages[1].extract_words()]
        assert words.count("SuperTrain") == 21


# --- Reading back and checking ---------------------------------------------------------------


@pytest.mark.parametrize("kw", [{}, {"set": "full"}, {"set": "full", "numerals": True, "paper": "letter"}])
def test_a_clean_build_checks_ok(tiles, kw, capsys):
    folder = tiles(**kw)
    assert check_folder(folder) == []
    assert run(["check", str(folder)]) == 0
    assert "OK" in capsys.readouterr().out


def check_lines(folder: Path, capsys) -> tuple[int, list[str]]:  # type: ignore[no-untyped-def]
    code = run(["check", str(folder)])
    return code, capsys.readouterr().out.splitlines()


def test_check_names_the_tile_with_a_pip_deleted(tiles, tmp_path, capsys):
    folder = copy_of(tiles(set="full"), tmp_path)
    path = folder / "tiles" / "3-train.svg"
    tree = etree.parse(str(path))
    pip = tree.getroot().xpath(".//s:circle[@class='pip']", namespaces=NS)[0]
    pip.getparent().remove(pip)
    tree.write(str(path))
    code, lines = check_lines(folder, capsys)
    assert code == 1
    assert lines[0] == "svg: tile 3-train shows 2 pips on its number half, wanted 3"
    assert "svg: tile 3-Train missing" in lines and "svg: tile 2-Train appears 2 times, wanted 1" in lines
    assert not any(line.startswith("pdf") for line in lines)  # the PDF was not touched


def test_check_names_two_swapped_tile_files(tiles, tmp_path, capsys):
    folder = copy_of(tiles(), tmp_path)
    a, b = folder / "tiles" / "5-train.svg", folder / "tiles" / "8-train.svg"
    data_a, data_b = a.read_bytes(), b.read_bytes()
    a.write_bytes(data_b)
    b.write_bytes(data_a)
    code, lines = check_lines(folder, capsys)
    assert code == 1
    assert "svg: tile 5-train shows 8 pips on its number half, wanted 5" in lines
    assert "svg: tile 8-train shows 5 pips on its number half, wanted 8" in lines


def test_check_names_a_changed_letter(tiles, tmp_path, capsys):
    folder = copy_of(tiles(), tmp_path)
    path = folder / "tiles" / "a-train-2.svg"
    path.write_text(path.read_text().replace('class="letter"', 'class="letter" data-x="1"').replace(">A</text>", ">D</text>"))  # fmt: skip
    code, lines = check_lines(folder, capsys)
    assert code == 1
    assert lines[0] == "svg: tile a-train-2 shows letter D on its letter half, wanted letter A"
    assert "svg: tile A-Train appears 2 times, wanted 3" in lines
    assert "svg: tile D-Train appears 2 times, wanted 1" in lines


def test_check_names_a_missing_tile_file_and_a_wrong_table(tiles, tmp_path, capsys):
    folder = copy_of(tiles(set="full"), tmp_path)
    (folder / "tiles" / "12-5.svg").unlink()
    table = folder / "tiles.csv"
    table.write_text(table.read_text().replace("\n4,12-9,21,", "\n4,12-8,21,"))
    code, lines = check_lines(folder, capsys)
    assert code == 1
    assert "svg: tile 12-5 missing" in lines
    assert "tiles.csv row 4 says 12-8 (21 points), wanted 12-9 (21)" in lines


def test_check_reads_the_pdf_slot_by_slot(tiles, tmp_path, capsys):
    """A PDF whose fourth slot shows 7-Train instead of 3-Train is caught, by page and slot."""
    from cardgen.impose.sheets import impose, plan_sheet
    from cardgen.rules.supertrain.dominoes import tile_set

    folder = copy_of(tiles(), tmp_path)
    wild = tile_set("wild")
    wild[3] = wild[7]
    faces = [tile_face(t, (50.8, 25.4)) for t in wild]
    plan = plan_sheet((50.8, 25.4), (210.0, 297.0))
    (folder / "supertrain-wild.pdf").write_bytes(render("pdf", impose(faces, plan)))
    code, lines = check_lines(folder, capsys)
    assert code == 1
    assert lines[0] == "pdf page 1, slot 4: tile 3-Train shows 7 pips on its number half, wanted 3"
    assert "pdf: tile 3-Train missing" in lines and "pdf: tile 7-Train appears 2 times, wanted 1" in lines
    assert not any(line.startswith("svg") for line in lines)


def test_a_pdf_with_a_pip_fewer_is_caught(tiles, tmp_path, capsys):
    from cardgen.impose.sheets import impose, plan_sheet
    from cardgen.layout.shapes import Circle, Group
    from cardgen.rules.supertrain.dominoes import tile_set

    folder = copy_of(tiles(), tmp_path)
    faces = [tile_face(t, (50.8, 25.4)) for t in tile_set("wild")]
    ground, body, number, *rest = faces[12].shapes  # 12-Train
    assert isinstance(number, Group) and number.role == "end"
    fewer = Group(tuple(s for i, s in enumerate(number.shapes) if not (i == 0 and isinstance(s, Circle))), number.dx, number.dy, role="end")  # fmt: skip
    faces[12] = Drawing(faces[12].width, faces[12].height, (ground, body, fewer, *rest))
    (folder / "supertrain-wild.pdf").write_bytes(render("pdf", impose(faces, plan_sheet((50.8, 25.4), (210.0, 297.0)))))  # fmt: skip
    code, lines = check_lines(folder, capsys)
    assert code == 1 and lines[0] == "pdf page 1, slot 13: tile 12-Train shows 11 pips on its number half, wanted 12"


def test_a_build_that_fails_its_own_check_writes_nothing(tmp_path, monkeypatch):
    from cardgen.products import supertrain

    real = supertrain.tile_face

    def wrong(tile, size, **kw):  # type: ignore[no-untyped-def]
        return real(Tile(4, "Train") if tile == Tile(3, "Train") else tile, size, **kw)

    monkeypatch.setattr(supertrain, "tile_face", wrong)
    with pytest.raises(CardgenError, match="svg: tile 3-train shows 4 pips on its number half, wanted 3"):
        build_tiles(out=tmp_path)
    assert list(tmp_path.iterdir()) == []


# --- SVG and PDF agree, builds repeat ----------------------------------------------------------


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("L")


def _diff(a: Image.Image, b: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


@pytest.mark.parametrize("name", ["12-11", "A-Train", "6-Train"])
def test_svg_and_pdf_of_a_tile_render_alike(name):
    face = tile_face(parse_tile(name), (50.8, 25.4), numerals=name == "6-Train")
    from_svg = _png(svg_png(render("svg", [face]), dpi=150))
    from_pdf = pdfium.PdfDocument(render("pdf", [face]))[0].render(scale=150 / 72).to_pil().convert("L")
    assert from_svg.size == from_pdf.size == (300, 150)
    assert _diff(from_svg, from_pdf) < 2.0  # anti-aliasing only: a small tile is mostly edges
    other = _png(svg_png(render("svg", [tile_face(parse_tile("12-10"), (50.8, 25.4))]), dpi=150))
    assert _diff(other, from_pdf) > _diff(from_svg, from_pdf) + 0.5


def test_two_builds_are_byte_identical(tmp_path):
    one = typed(build_tiles)(set="full", backs=True, bleed="3mm", out=tmp_path / "one").folder
    two = typed(build_tiles)(set="full", backs=True, bleed="3mm", out=tmp_path / "two").folder
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert len(files) >= 112 + 1 + 3  # tiles, back, PDF, table, manifest
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    for rel in files:
        assert (one / rel).read_bytes() == (two / rel).read_bytes(), rel


# --- The command line ---------------------------------------------------------------------------


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("hand, points, total", HANDS)
def test_score_matches_hand_worked_hands(capsys, hand, points, total):
    code, out, _ = cli(capsys, "supertrain", "score", hand)
    assert code == 0
    lines = out.splitlines()
    assert [int(line.split()[1]) for line in lines[:-1]] == points
    assert lines[-1].split() == ["total", str(total)]
    code, out, _ = cli(capsys, "supertrain", "score", hand, "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == total and [t["points"] for t in data["tiles"]] == points


@pytest.mark.parametrize(
    "args, named",
    [
        (["supertrain", "score", "A-5"], "'A-5'"),
        (["supertrain", "score", "12-5 13-2"], "'13-2'"),
        (["supertrain", "score", "A-A"], "'A-A'"),
        (["supertrain", "score", "12-5 5-12"], "12-5 2 times"),
        (["scoresheet", "supertrain", "--players", "9"], "players 9"),
        (["scoresheet", "supertrain", "--players", "1"], "players 1"),
        (["scoresheet", "chess"], "'chess'"),
        (["tiles", "--set", "half"], "'half'"),
        (["tiles", "--tile", "20x10mm"], "'20x10mm'"),
        (["tiles", "--tile", "wide"], "'wide'"),
        (["tiles", "--paper", "b5"], "'b5'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, args, named):
    code, out, err = cli(capsys, *args, *(["--out", str(tmp_path)] if args[0] != "supertrain" else []))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and named in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_tiles_and_scoresheet_commands_write_their_folders(capsys, tmp_path):
    code, out, _ = cli(capsys, "tiles", "--set", "full", "--paper", "letter", "--numerals", "--out", str(tmp_path))
    assert code == 0 and "wrote 112 tiles" in out and "tiles a sheet" in out and "letter" in out
    code, out, _ = cli(capsys, "scoresheet", "supertrain", "--players", "3", "--out", str(tmp_path))
    assert code == 0
    folder = tmp_path / "supertrain-scoresheet-3-players"
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == [
        "supertrain-scoresheet-3-players.pdf",
        "supertrain-scoresheet-3-players.svg",
    ]


@pytest.mark.parametrize("players, paper", [(2, "a4"), (4, "letter"), (5, "a4"), (6, "a4"), (8, "letter")])
def test_scoresheet_has_a_row_per_round_in_engine_order_and_a_column_per_player(tmp_path, players, paper):
    from cardgen.products.scoresheet import build_scoresheet

    result = typed(build_scoresheet)(players=players, paper=paper, out=tmp_path)
    pdf_path = result.folder / f"{result.folder.name}.pdf"  # named as its folder is
    with read_pdf(pdf_path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["fontname", "size"])
        bold = [w for w in words if "Bold" in w["fontname"] and w["x0"] < 45 * MM and w["top"] > 25 * MM]
        labels = sorted(bold, key=lambda w: w["top"])
        labels = labels[: [w["text"] for w in labels].index("Total") + 1]  # the table's, not the foot's
        assert [w["text"] for w in labels] == [*ROUNDS, "Total"]
        tops = [w["top"] for w in labels]
        assert min(b - a for a, b in zip(tops, tops[1:])) >= 8 * MM  # rows at least 8 mm apart
        players_seen = [w for w in words if w["text"] == "Player"]
        assert len(players_seen) == players
        band = (min(w["top"] for w in players_seen), labels[0]["top"])  # between the names and round 1
        header = [w["text"] for w in words if band[0] < w["top"] < band[1]]
        assert header.count("score") == players == header.count("total")
        rows = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["x1"] - ln["x0"] > 100]
        assert len(rows) >= len(ROUNDS) + 1
        margin = 5 * MM
        for obj in page.rects + page.lines + page.chars:
            assert obj["x0"] >= margin and obj["x1"] <= page.width - margin
            assert obj["top"] >= margin and obj["bottom"] <= page.height - margin
        assert (page.width > page.height) == (players >= 6)
    svg = etree.parse(str(result.folder / f"{result.folder.name}.svg")).getroot()
    assert [t.text for t in svg.iterfind(".//s:text[@class='round']", NS)] == ROUNDS
    assert len(svg.findall(".//s:text[@class='player']", NS)) == players


def test_the_docs_document_the_supertrain_commands():
    docs = Path(__file__).resolve().parent.parent / "docs"
    pages = ("commands/tiles.md", "games/supertrain.md", "commands/scoresheet.md")
    section = "\n".join((docs / page).read_text("utf-8") for page in pages)
    for option in ("--set", "--numerals", "--tile", "--paper", "--bleed", "--margin", "--gutter", "--title", "--backs", "--json", "--players", "--out"):  # fmt: skip
        assert f"`{option}`" in section, option
    for command in ("$ cardgen tiles", "$ cardgen supertrain score", "$ cardgen scoresheet supertrain", "$ cardgen check output/supertrain-wild"):  # fmt: skip
        assert command in section


def test_check_names_tiles_and_their_own_checks(tmp_path, capsys):
    from cardgen.cli import run

    assert run(["tiles", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    assert run(["check", str(tmp_path / "supertrain-wild")]) == 0
    assert "21 tiles checked as the SuperTrain wild set" in capsys.readouterr().out
    assert run(["check", str(tmp_path / "supertrain-wild"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["checks"] == ["tiles", "counts", "files"] and report["cards"] == 21
