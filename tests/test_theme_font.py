"""A theme's own font (issue #13): ``font = "x.ttf"`` (and ``bold_font``) sets the cards' titles
and the backs' words, embedded in the PDF and in the SVGs; numbers and abilities stay in the
shipped monospace font. The user's font here is DejaVu Sans (proportional), which the package
ships for its handouts. Read back with pdfplumber, lxml and fontTools."""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from lxml import etree

from cardgen.cli import run
from tests.helpers import read_pdf

SVGNS = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4
FONTS = Path(__file__).resolve().parent.parent / "cardgen" / "fonts"


def theme(folder: Path, *, bold: bool = True, extra: str = "") -> Path:
    shutil.copy(FONTS / "DejaVuSans.ttf", folder / "Sans.ttf")
    lines = ['title = "Family night"', 'font = "Sans.ttf"']
    if bold:
        shutil.copy(FONTS / "DejaVuSans-Bold.ttf", folder / "Sans-Bold.ttf")
        lines.append('bold_font = "Sans-Bold.ttf"')
    path = folder / "fonty.toml"
    path.write_text("\n".join(lines) + "\n" + extra, "utf-8")
    return path


def built(out: Path, *args: str) -> Path:
    assert run([*args, "--out", str(out)]) == 0
    (folder,) = out.iterdir()
    return folder


@pytest.fixture(scope="module")
def fonty(tmp_path_factory):  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.mktemp("fonty")
    return built(tmp / "out", "pack", "--pattern", "two", "--census", "5", "--backs", "--theme", str(theme(tmp)))


def test_the_pack_keeps_the_font_and_checks_clean(fonty):  # type: ignore[no-untyped-def]
    assert (fonty / "theme" / "font.ttf").read_bytes() == (FONTS / "DejaVuSans.ttf").read_bytes()
    assert (fonty / "theme" / "font-bold.ttf").read_bytes() == (FONTS / "DejaVuSans-Bold.ttf").read_bytes()
    record = json.loads((fonty / "pack.json").read_text("utf-8"))["theme"]
    assert (record["font"], record["bold_font"]) == ("theme/font.ttf", "theme/font-bold.ttf")
    assert run(["check", str(fonty)]) == 0


def test_the_pdf_sets_titles_and_back_words_in_the_theme_font_and_numbers_in_the_shipped_one(fonty):  # type: ignore[no-untyped-def]
    with read_pdf(next(fonty.glob("*.pdf"))) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        fonts = {c["fontname"].split("+")[-1] for c in front.chars}
        assert {"DejaVuSans", "DejaVuSansMono-Bold"} <= fonts  # the title; the numbers and abilities
        title = [c for c in front.chars if c["fontname"].endswith("+DejaVuSans") and c["top"] < 30 * PT]
        words = "".join(c["text"] for c in sorted(title, key=lambda c: c["x0"]))
        assert "Familynight" in words.replace(" ", "")
        # the first card's title stands right of its corner index (3 × 63.5 mm on A4 leaves 9.75 mm
        # each side: the card runs from 9.75 to 73.25 mm), inside its safe zone (widths from the font)
        first = [c for c in title if c["x1"] < 73.25 * PT]
        index = [
            c
            for c in front.chars
            if c["top"] < 20 * PT and c["x1"] < 30 * PT and "DejaVuSansMono-Bold" in c["fontname"]
        ]
        assert index and min(c["x0"] for c in first) > max(c["x1"] for c in index) + 1 * PT
        assert max(c["x1"] for c in first) <= (73.25 - 3.175) * PT
        on_cards = [c for c in back.chars if c["top"] < back.height - 15 * PT]  # (not the sheet's caption)
        names = {c["fontname"].split("+")[-1] for c in on_cards}
        assert names == {"DejaVuSans-Bold", "DejaVuSans"}  # the name (bold) and the pack's line
    raw = next(fonty.glob("*.pdf")).read_bytes()
    assert raw.count(b"/FontFile2") >= 4  # every font embedded: two shipped faces, two of the theme's


def test_each_svg_embeds_the_glyphs_of_the_theme_font_it_uses(fonty):  # type: ignore[no-untyped-def]
    svg = (fonty / "cards" / "back.svg").read_text("utf-8")
    faces = re.findall(
        r"@font-face\{font-family:'Cardgen Theme';font-weight:(\w+);src:url\(data:font/ttf;base64,([^)]*)\)", svg
    )
    assert {w for w, _ in faces} == {"normal", "bold"}
    shipped = {False: TTFont(str(FONTS / "DejaVuSans.ttf")), True: TTFont(str(FONTS / "DejaVuSans-Bold.ttf"))}
    for weight, data in faces:
        font = TTFont(io.BytesIO(base64.b64decode(data)))
        reference = shipped[weight == "bold"]
        for code, glyph in font.getBestCmap().items():  # the user's advances, glyph by glyph
            assert font["hmtx"][glyph][0] == reference["hmtx"][reference.getBestCmap()[code]][0]
    root = etree.parse(str(fonty / "cards" / "back.svg")).getroot()
    families = {t.get("class"): t.get("font-family") for t in root.iter(f"{SVGNS}text")}
    assert families["back-title"].startswith("'Cardgen Theme'")


def test_a_pack_whose_font_was_swapped_fails_its_check(fonty, tmp_path):  # type: ignore[no-untyped-def]
    copy = tmp_path / fonty.name
    shutil.copytree(fonty, copy)
    shutil.copy(FONTS / "DejaVuSansMono.ttf", copy / "theme" / "font.ttf")
    assert run(["check", str(copy)]) == 1


def test_without_a_bold_face_the_regular_one_sets_the_bold_words(tmp_path):  # type: ignore[no-untyped-def]
    folder = built(tmp_path / "out", "pack", "--census", "3", "--backs", "--theme", str(theme(tmp_path, bold=False)))
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        page = pdf.pages[1]
        on_cards = [c for c in page.chars if c["top"] < page.height - 15 * PT]  # (not the sheet's caption)
        assert {c["fontname"].split("+")[-1] for c in on_cards} == {"DejaVuSans"}
    assert "bold_font" not in json.loads((folder / "pack.json").read_text("utf-8"))["theme"]
    assert run(["check", str(folder)]) == 0


def test_the_same_font_theme_builds_the_same_bytes(tmp_path):  # type: ignore[no-untyped-def]
    path = theme(tmp_path)
    a = built(tmp_path / "a", "pack2d", "--copies", "1", "--backs", "--theme", str(path))
    b = built(tmp_path / "b", "pack2d", "--copies", "1", "--backs", "--theme", str(path))
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files and all((a / f).read_bytes() == (b / f).read_bytes() for f in files)
    assert run(["check", str(a)]) == 0


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"OTTO" + bytes(200), "CFF"),
        (b"\x00\x01\x00\x00" + bytes(200), "damaged font"),
        (b"GIF89a" + bytes(20), "not a TrueType font"),
    ],
    ids=["cff", "damaged", "not-a-font"],
)
def test_a_font_that_cannot_be_embedded_is_one_line(tmp_path, capsys, data, needle):  # type: ignore[no-untyped-def]
    (tmp_path / "x.ttf").write_bytes(data)
    (tmp_path / "t.toml").write_text('font = "x.ttf"\n', "utf-8")
    code = run(["pack", "--theme", str(tmp_path / "t.toml"), "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "font" in err and needle in err, err
    assert not (tmp_path / "o").exists()


def test_a_bold_font_alone_is_one_line(tmp_path, capsys):  # type: ignore[no-untyped-def]
    shutil.copy(FONTS / "DejaVuSans-Bold.ttf", tmp_path / "b.ttf")
    (tmp_path / "t.toml").write_text('bold_font = "b.ttf"\n', "utf-8")
    assert run(["pack", "--theme", str(tmp_path / "t.toml"), "--out", str(tmp_path / "o")]) == 2
    assert "bold_font without font" in capsys.readouterr().err


def test_a_pack_json_naming_a_font_elsewhere_is_refused(fonty, tmp_path, capsys):  # type: ignore[no-untyped-def]
    copy = tmp_path / fonty.name
    shutil.copytree(fonty, copy)
    data = json.loads((copy / "pack.json").read_text("utf-8"))
    data["theme"]["font"] = "/usr/share/fonts/x.ttf"
    (copy / "pack.json").write_text(json.dumps(data), "utf-8")
    assert run(["check", str(copy)]) == 2
    assert "not a font a pack holds" in capsys.readouterr().err


def test_a_title_the_font_cannot_draw_stays_in_the_shipped_font(tmp_path):  # type: ignore[no-untyped-def]
    path = theme(tmp_path)
    path.write_text(path.read_text("utf-8").replace('"Family night"', '"Zug 漢字"'), "utf-8")
    folder = built(tmp_path / "out", "pack", "--census", "3", "--copies", "1", "--theme", str(path))
    root = etree.parse(str(sorted((folder / "cards").glob("*.svg"))[0])).getroot()
    title = [t for t in root.iter(f"{SVGNS}text") if t.get("class") == "title"]
    assert title and all(not t.get("font-family").startswith("'Cardgen Theme'") for t in title)
    assert run(["check", str(folder)]) == 0


def test_a_font_whose_licence_forbids_embedding_is_one_line(tmp_path, capsys):  # type: ignore[no-untyped-def]
    font = TTFont(str(FONTS / "DejaVuSans.ttf"))
    font["OS/2"].fsType = 0x0002  # "restricted licence embedding": the font may not be embedded
    out = io.BytesIO()
    font.save(out)
    (tmp_path / "x.ttf").write_bytes(out.getvalue())
    (tmp_path / "t.toml").write_text('font = "x.ttf"\n', "utf-8")
    code = run(["pack", "--theme", str(tmp_path / "t.toml"), "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "cannot embed" in err, err
    assert not (tmp_path / "o").exists()


def test_the_png_export_draws_the_theme_font_as_the_pdf_does(tmp_path):  # type: ignore[no-untyped-def]
    """resvg reads no @font-face data: the export hands it the theme's font files. The back's PNG
    against pdfium's raster of the first back on the backs page (its place from the BleedBox,
    read with pikepdf), and against the PNG of the same back in the shipped font (a control)."""
    import pikepdf
    import pypdfium2 as pdfium
    from PIL import Image, ImageChops, ImageStat

    def diff(a, b):  # type: ignore[no-untyped-def]
        assert a.size == b.size
        return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean[:3]) / 3

    args = ["pack", "--census", "3", "--copies", "1", "--backs", "--bleed", "3mm", "--png", "150"]
    themed = built(tmp_path / "themed", *args, "--theme", str(theme(tmp_path)))
    plain_theme = tmp_path / "plain.toml"
    plain_theme.write_text('title = "Family night"\n', "utf-8")
    plain = built(tmp_path / "plain", *args, "--theme", str(plain_theme))
    pdf = next(themed.glob("*.pdf"))
    with pikepdf.open(pdf) as doc:
        x0, _, x1, y1 = (float(v) for v in doc.pages[1].obj["/BleedBox"])  # the backs page
    page = pdfium.PdfDocument(pdf)[1]
    scale = 150 / 72
    sheet = page.render(scale=scale).to_pil().convert("RGB")
    with Image.open(themed / "png" / "back.png") as im:
        back = im.convert("RGB")
    with Image.open(plain / "png" / "back.png") as im:
        shipped = im.convert("RGB")
    # backs are mirrored: the first back is the right-most of the top row (its bleed box's right edge)
    right, top = round(x1 * scale), round((page.get_height() - y1) * scale)
    place = sheet.crop((right - back.width, top, right, top + back.height))
    # the same back, drawn by two renderers (the fine rule, sleepers and wheel rims anti-aliased each their own way)
    assert diff(back, place) < 6
    # the name and the pack's line (the top fifth): the shipped font draws them plainly otherwise
    band = (0, back.height // 12, back.width, back.height // 5)
    assert diff(back.crop(band), shipped.crop(band)) > 2 * diff(back.crop(band), place.crop(band))
