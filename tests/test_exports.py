"""Exports and looks: PNG per card (--png), the Tabletop Simulator deck (--tts), themes
(--theme) and the train on the backs. Every size below is worked by hand from inches:
poker is 2.5 × 3.5 in, bridge 2.25 × 3.5 in, 1/8 in bleed adds 1/4 in to each side."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from PIL import Image, ImageChops, ImageStat

from cardgen.cli import run
from cardgen.products.got import build_pack
from cardgen.products.got2d import build_pack2d
from tests.conftest import svg_png
from tests.helpers import FULL_TTS, typed

SVG_NS = "{http://www.w3.org/2000/svg}"


def diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two same-size images, 0 to 255, over R, G and B."""
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean[:3]) / 3


def png(path: Path) -> Image.Image:
    with Image.open(path) as im:
        return im.convert("RGB")


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 3) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---------------------------------------------------------------- PNG per card


# (card, bleed, dpi) -> pixels, by hand: inches × dpi, a half rounded up
SIZES = [
    ("poker", "1/8in", 300, (825, 1125)),  # 2.75 × 3.75 in: what print-on-demand services ask
    ("poker", "0", 300, (750, 1050)),
    ("bridge", "1/8in", 300, (750, 1125)),  # 2.5 × 3.75 in
    ("bridge", "0", 300, (675, 1050)),
    ("poker", "1/8in", 150, (413, 563)),  # 412.5 × 562.5
    ("poker", "0", 150, (375, 525)),
    ("bridge", "1/8in", 150, (375, 563)),
    ("bridge", "0", 150, (338, 525)),  # 337.5
]


@pytest.mark.parametrize(("card", "bleed", "dpi", "size"), SIZES)
def test_png_pixel_sizes_are_exact(tmp_path, card, bleed, dpi, size):  # type: ignore[no-untyped-def]
    folder = typed(build_pack)(
        pattern="one", census=2, card=card, bleed=bleed, png=dpi, backs=True, out=tmp_path
    ).folder
    files = sorted((folder / "png").glob("*.png"))
    assert [f.name for f in files] == ["001.png", "002.png", "003.png", "004.png", "back.png"]
    for f in files:
        with Image.open(f) as im:
            assert im.size == size, f.name
            # the file says its resolution, so it opens at true size
            assert im.info["dpi"] == pytest.approx((dpi, dpi), abs=0.02)  # pHYs holds whole pixels a metre


@pytest.fixture(scope="module")
def shop(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A print-shop pack: 1/8 in bleed, backs, a PNG per card at 150 dpi, and a TTS deck."""
    out = tmp_path_factory.mktemp("shop")
    return typed(build_pack)(pattern="two", census=4, bleed="1/8in", backs=True, png=150, tts=True, out=out).folder


def test_png_shows_what_the_pdf_shows(shop):  # type: ignore[no-untyped-def]
    """Card 1's PNG against pdfium's raster of its place on sheet 1 (found from the page's
    BleedBox, read with pikepdf: card 1 is the top-left card, its bleed the box's corner)."""
    path = next(shop.glob("*.pdf"))
    with pikepdf.open(path) as pdf:
        x0, _, _, y1 = (float(v) for v in pdf.pages[0].obj["/BleedBox"])
    page = pdfium.PdfDocument(path)[0]
    scale = 150 / 72
    sheet = page.render(scale=scale).to_pil().convert("RGB")
    left, top = round(x0 * scale), round((page.get_height() - y1) * scale)
    first, second = png(shop / "png" / "001.png"), png(shop / "png" / "002.png")
    place = sheet.crop((left, top, left + first.width, top + first.height))
    assert diff(first, place) < 4  # the same card, drawn by two renderers
    assert diff(second, place) > 15  # another card is plainly another


def test_png_bytes_are_the_same_in_every_build(shop, tmp_path):  # type: ignore[no-untyped-def]
    again = typed(build_pack)(pattern="two", census=4, bleed="1/8in", backs=True, png=150, tts=True, out=tmp_path)
    names = sorted(p.relative_to(shop).as_posix() for p in shop.rglob("*.png"))
    assert len(names) == 30 + 1 + 2  # the cards and the back; the TTS sheet and its back
    for name in names:
        assert (again.folder / name).read_bytes() == (shop / name).read_bytes(), name


def test_exports_are_recorded_and_the_folder_still_checks(shop, capsys):  # type: ignore[no-untyped-def]
    data = json.loads((shop / "pack.json").read_text("utf-8"))
    assert data["png_dpi"] == 150 and data["tts"] is True and "theme" not in data
    code, out, err = cli(capsys, "check", str(shop))
    assert code == 0, out + err


@settings(max_examples=12)
@given(w=st.floats(20, 160), h=st.floats(20, 160), dpi=st.integers(72, 400))
def test_any_size_renders_at_mm_over_25_4_times_dpi(w, h, dpi):  # type: ignore[no-untyped-def]
    from cardgen.layout.shapes import Drawing, Rect
    from cardgen.render.png import drawing_png, pixels, png_size

    drawing = Drawing(w, h, (Rect(0, 0, w, h, fill="#336699"),))
    size = png_size(drawing_png(drawing, dpi))
    assert size == pixels((w, h), dpi)
    assert abs(size[0] - w / 25.4 * dpi) <= 0.5 + 1e-6 and abs(size[1] - h / 25.4 * dpi) <= 0.5 + 1e-6


@pytest.mark.parametrize("value", ["50", "71", "1201", "5000", "abc", "-300", "3.5"])
def test_a_bad_dpi_is_one_line_and_writes_nothing(capsys, tmp_path, value):  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "pack", "--png", value, "--out", str(tmp_path / "o"))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "--png" in err
    assert not (tmp_path / "o").exists()


# ---------------------------------------------------------------- Tabletop Simulator


@pytest.fixture(scope="module")
def tts(made_by):  # type: ignore[no-untyped-def]
    """84 cards (two sheets), no bleed (built once a run: tests/test_trust_check.py spoils a copy)."""
    return made_by(*FULL_TTS)


# A poker cell: 10 cells in 4096 px → 409 px wide; 409 × 3.5 / 2.5 = 572.6, so 573 tall.
CELL = (409, 573)


def test_tts_sheets_hold_69_cards_and_the_back_in_the_last_cell(tts):  # type: ignore[no-untyped-def]
    files = sorted(p.name for p in (tts / "tts").iterdir())
    assert files == ["README.txt", "back.png", "deck-2.png", "deck.png"]
    first, second = png(tts / "tts" / "deck.png"), png(tts / "tts" / "deck-2.png")
    assert first.size == (10 * CELL[0], 7 * CELL[1])  # 69 cards and the hidden cell: 10 × 7
    assert second.size == (10 * CELL[0], 2 * CELL[1])  # 84 − 69 = 15 cards and the hidden cell: 2 rows
    assert max(first.size + second.size) <= 10_000  # TTS's limit
    back = png(tts / "tts" / "back.png")
    assert back.size == CELL
    for sheet, rows in ((first, 7), (second, 2)):
        x, y = 9 * CELL[0], (rows - 1) * CELL[1]
        assert diff(sheet.crop((x, y, x + CELL[0], y + CELL[1])), back) < 1


@pytest.mark.parametrize(("card", "sheet", "col", "row"), [(1, "deck.png", 0, 0), (12, "deck.png", 1, 1),
                                                           (69, "deck.png", 8, 6), (70, "deck-2.png", 0, 0),
                                                           (84, "deck-2.png", 4, 1)])  # fmt: skip
def test_each_card_is_in_its_cell(tts, card, sheet, col, row):  # type: ignore[no-untyped-def]
    """The cell at (col, row) against that card's SVG drawn by resvg at 200 dpi and brought to the
    cell's size."""
    image = png(tts / "tts" / sheet)
    cell = image.crop((col * CELL[0], row * CELL[1], (col + 1) * CELL[0], (row + 1) * CELL[1]))

    def drawn(n: int) -> Image.Image:
        picture = svg_png((tts / "cards" / f"{n:03d}.svg").read_bytes(), dpi=200)
        return Image.open(io.BytesIO(picture)).convert("RGB").resize(CELL, Image.Resampling.LANCZOS)

    own, other = drawn(card), drawn(card % 84 + 1)
    assert diff(cell, own) < 2.0  # the same card, brought to size (its fine art resampled either way)
    assert diff(cell, other) > 3  # the next card differs in a few letters and its marked wagons only


def test_tts_readme_says_what_to_type(tts):  # type: ignore[no-untyped-def]
    text = (tts / "tts" / "README.txt").read_text("utf-8")
    assert "84 cards" in text and "Custom Deck" in text and "Back is Hidden" in text
    first, second = text.split("deck-2.png: ")
    assert "cards 1 to 69" in first and "Width: 10" in first and "Height: 7" in first and "Number: 69" in first
    assert "cards 70 to 84" in second and "Height: 2" in second and "Number: 15" in second
    assert "back.png" in first and "409 x 573 px" in text


def test_tts_without_backs_draws_the_back_anyway_for_2d_packs(tmp_path):  # type: ignore[no-untyped-def]
    folder = typed(build_pack2d)(categories="remove", copies=1, tts=True, out=tmp_path).folder
    assert not (folder / "cards" / "back.svg").exists()  # no backs printed
    sheet = png(folder / "tts" / "deck.png")
    assert sheet.size == (10 * CELL[0], 1 * CELL[1])  # 9 removals and the hidden cell: one row
    back = png(folder / "tts" / "back.png")
    assert diff(sheet.crop((9 * CELL[0], 0, 10 * CELL[0], CELL[1])), back) < 1


@settings(max_examples=60)
@given(w=st.floats(15, 300), h=st.floats(15, 300))
def test_tts_cells_keep_the_card_shape_and_fit(w, h):  # type: ignore[no-untyped-def]
    from cardgen.impose.tts import cell_pixels

    cw, ch = cell_pixels((w, h))
    assert 10 * cw <= 4096 and 7 * ch <= 4096
    assert 10 * (cw + 1) > 4096 or 7 * (ch + 1) > 4096  # as large as fits
    assert abs(cw / ch - w / h) <= (w / h) * (1 / min(cw, ch) + 1e-9) * 2


# ---------------------------------------------------------------- themes


THEME = """
title = "Family night"
logo = "locomotive"

[colours.one]
accent = "#0b6e4f"
tint = "#e3f1ea"
"""


def test_theme_colours_change_the_card(tmp_path):  # type: ignore[no-untyped-def]
    theme = tmp_path / "green.toml"
    theme.write_text(THEME, "utf-8")
    plain = typed(build_pack)(pattern="one", census=2, png=300, out=tmp_path / "a").folder
    green = typed(build_pack)(pattern="one", census=2, png=300, theme=str(theme), out=tmp_path / "b").folder
    assert green.name == "got-pattern-one-census-2-png300-theme-green"
    # The panel's frame is 0.35 mm of accent on its edge, 1/8 in (37.5 px at 300 dpi) in from
    # the cut; the tint is the ground between the cut and the panel.
    # The locomotive logo stands in the top right corner, beside the title: (613, 111) px is its
    # boiler (51.9 mm across, 9.4 mm down).
    edge, ground, logo = (37, 525), (15, 525), (613, 111)
    before, after = png(plain / "png" / "001.png"), png(green / "png" / "001.png")
    assert near(before.getpixel(edge), rgb("#1f4e79")) and near(before.getpixel(ground), rgb("#dfe8f2"))
    assert near(after.getpixel(edge), rgb("#0b6e4f")) and near(after.getpixel(ground), rgb("#e3f1ea"))
    assert before.getpixel(logo) == (255, 255, 255)  # no logo without a theme
    assert near(after.getpixel(logo), rgb("#0b6e4f"))  # the locomotive logo, in the theme's accent
    svg = (green / "cards" / "001.svg").read_text("utf-8")
    assert svg.count("Family night") == 2  # the theme's title, both ways up
    data = json.loads((green / "pack.json").read_text("utf-8"))
    assert data["title"] == "Family night"
    assert data["theme"]["colours"] == {"one": {"accent": "#0b6e4f", "tint": "#e3f1ea"}}


def test_a_themed_pack_checks_and_the_record_matters(tmp_path, capsys):  # type: ignore[no-untyped-def]
    theme = tmp_path / "green.toml"
    theme.write_text(THEME, "utf-8")
    folder = typed(build_pack)(pattern="one", census=3, backs=True, theme=str(theme), out=tmp_path).folder
    code, out, err = cli(capsys, "check", str(folder))
    assert code == 0, out + err
    manifest = folder / "pack.json"
    data = json.loads(manifest.read_text("utf-8"))
    del data["theme"]  # without its record, the green cards are not what cardgen draws
    manifest.write_text(json.dumps(data), "utf-8")
    code, out, err = cli(capsys, "check", str(folder))
    assert code == 1 and "is not what cardgen" in out


def test_a_2d_category_colour_wins_over_2d(tmp_path):  # type: ignore[no-untyped-def]
    theme = tmp_path / "t.toml"
    theme.write_text('[colours.2d]\naccent = "#123456"\n[colours.remove]\naccent = "#aa3300"\n', "utf-8")
    folder = typed(build_pack2d)(categories="row-swap,remove", copies=1, theme=str(theme), out=tmp_path).folder
    fills = {}
    for f in sorted((folder / "cards").glob("*.svg")):
        root = etree.parse(str(f)).getroot()
        label = root.find(f".//{SVG_NS}text[@class='ability']")
        assert label is not None
        fills[label.text] = label.get("fill")
    assert fills["AD↔AE"] == "#123456"  # a row swap: the 2d colour
    assert fills["AD→X"] == "#aa3300"  # a removal: its category's colour


BAD_THEMES = [
    ('colour = "#ffffff"\n', "colour"),  # unknown key
    ('[colours.one]\naccent = "#zzz"\n', "colours.one.accent"),
    ('[colours.one]\naccent = "red"\n', "colours.one.accent"),
    ('[colours.one]\nacent = "#123456"\n', "colours.one.acent"),
    ('[colours.seven]\naccent = "#123456"\n', "colours.seven"),
    ("[colours.one]\naccent = 12\n", "colours.one.accent"),
    ('font = "nothere.ttf"\n', "font"),
    ('back = "nothere.svg"\n', "back"),
    ('logo = "nothere.png"\n', "logo"),
    ('back = "stripes"\n', "back"),
    ("title = 3\n", "title"),
    ("this is not toml", "TOML"),
]


@pytest.mark.parametrize(("text", "key"), BAD_THEMES)
def test_a_bad_theme_is_one_line_naming_the_key(capsys, tmp_path, text, key):  # type: ignore[no-untyped-def]
    theme = tmp_path / "bad.toml"
    theme.write_text(text, "utf-8")
    code, out, err = cli(capsys, "pack", "--theme", str(theme), "--out", str(tmp_path / "o"))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and key in err, err
    assert not (tmp_path / "o").exists()


def test_a_missing_theme_file_is_one_line(capsys, tmp_path):  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "pack2d", "--theme", str(tmp_path / "nope.toml"), "--out", str(tmp_path / "o"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "nope.toml" in err


@given(
    digits=st.text("0123456789abcdefABCDEF", min_size=3, max_size=3)
    | st.text("0123456789abcdef", min_size=6, max_size=6)
)
def test_hex_colours_read_as_six_lower_case_digits(digits):  # type: ignore[no-untyped-def]
    from cardgen.layout.theme import parse_colour

    got = parse_colour("#" + digits)
    wanted = digits.lower() if len(digits) == 6 else "".join(d * 2 for d in digits.lower())
    assert got == "#" + wanted


@given(text=st.text(max_size=9))
def test_anything_else_is_not_a_colour(text):  # type: ignore[no-untyped-def]
    import re

    from cardgen.layout.theme import parse_colour

    if re.fullmatch(r"\s*#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*", text):
        return
    with pytest.raises(ValueError):
        parse_colour(text)


# ---------------------------------------------------------------- the train on the backs


def test_the_back_carries_a_locomotive_on_rails(shop):  # type: ignore[no-untyped-def]
    root = etree.parse(str(shop / "cards" / "back.svg")).getroot()
    engines = root.findall(".//*[@class='back-engine']")
    assert [el.tag for el in engines] == [f"{SVG_NS}path"] * 2  # one silhouette, both ways up
    assert sum(el.tag == f"{SVG_NS}circle" for el in root.findall(".//*[@class='back-wheel']")) == 8  # its rims
    assert not root.findall(".//*[@class='back-tender']")  # one engine a half, no tender beside it
    rails = root.findall(".//*[@class='rail']")  # each engine on its own length of track
    sleepers = root.findall(".//*[@class='sleepers']")  # one dashed line each, a dash a sleeper
    assert len(rails) == 2 and len(sleepers) == 2
    assert all(s.tag == f"{SVG_NS}line" and s.get("stroke-dasharray") for s in sleepers)
    # the two lengths of track stand well apart over the middle, and the engines clear of the frame
    _, y0, _, height = (float(v) for v in root.get("viewBox").split())
    middle = y0 + height / 2  # (the view box holds the bleed round the card)
    ys = sorted(float(r.get("y")) for r in rails)
    assert ys[0] < middle - 5 and ys[1] > middle + 4


def test_the_back_reads_the_same_turned_and_runs_into_the_bleed(shop):  # type: ignore[no-untyped-def]
    back = png(shop / "png" / "back.png")
    assert diff(back, back.rotate(180)) < 1.5  # backs are seen either way up
    accent = rgb("#8a2323")  # pattern two
    for x, y in ((0, 0), (back.width - 1, 0), (0, back.height - 1), (back.width - 1, back.height - 1)):
        assert near(back.getpixel((x, y)), accent)


def test_2d_backs_carry_the_train_too(tmp_path):  # type: ignore[no-untyped-def]
    folder = typed(build_pack2d)(categories="remove", copies=1, backs=True, out=tmp_path).folder
    root = etree.parse(str(folder / "cards" / "back.svg")).getroot()
    assert len(root.findall(".//*[@class='back-engine']")) == 2 and root.findall(".//*[@class='rail']")


def test_backs_pages_run_past_the_outer_cuts(shop):  # type: ignore[no-untyped-def]
    """On a backs page the back's colour runs at least 2 mm past the outer cuts (the page's
    TrimBox), here as far as its 1/8 in bleed (the BleedBox), and no further."""
    path = next(shop.glob("*.pdf"))
    with pikepdf.open(path) as pdf:
        trim = [float(v) for v in pdf.pages[1].obj["/TrimBox"]]
        bleed = [float(v) for v in pdf.pages[1].obj["/BleedBox"]]
    page = pdfium.PdfDocument(path)[1]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("RGB")
    h, mm = page.get_height(), 72 / 25.4
    y = round((h - (trim[1] + trim[3]) / 2) * scale)
    for x, colour in ((trim[0] - 1.9 * mm, rgb("#8a2323")), (trim[2] + 1.9 * mm, rgb("#8a2323")),
                      (bleed[0] - 0.5 * mm, (255, 255, 255)), (bleed[2] + 0.5 * mm, (255, 255, 255))):  # fmt: skip
        assert near(image.getpixel((round(x * scale), y)), colour), x / mm
