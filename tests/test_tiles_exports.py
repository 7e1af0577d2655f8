"""Issue #13's smaller gaps: `cardgen tiles --png/--tts/--back-offset`, `pack.json` recording the
back offset (and the check expecting the backs there), and `cardgen check` reading `png/` and
`tts/`. Sizes are worked by hand from inches: a tile is 2 × 1 in, a poker card 2.5 × 3.5 in,
25.4 mm an inch; PNGs are read with Pillow, PDFs with pdfplumber and pypdfium2."""

from __future__ import annotations

import json
import shutil
import struct
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from cardgen.cli import run
from cardgen.proof.exports import png_problem
from tests.helpers import read_pdf

MM = 72 / 25.4  # points per mm
TILE = (50.8, 25.4)  # 2 × 1 in
# the 21 wild tiles of seed 003
WILD = [
    "0-train", "1-train", "2-train", "3-train", "4-train", "5-train", "6-train", "7-train", "8-train",
    "9-train", "10-train", "11-train", "12-train", "train-train",
    "a-train-1", "a-train-2", "a-train-3", "d-train", "r-train", "s-train", "t-train",
]  # fmt: skip
# TTS: 10 cells across 4096 px is 409.6 px a 2 in tile, so 409 wide and 204.8 → 204 tall;
# 21 tiles and the hidden cell fill 22 cells, 3 rows of 10.
TILE_CELL = (409, 204)
# a poker card 2.5 × 3.5 in at 150 dpi
POKER_150 = (375, 525)


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def image(path: Path) -> Image.Image:
    with Image.open(path) as im:
        im.load()
        return im


def diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean[:3]) / 3


def grounds(page, size: tuple[float, float]) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    """(left, top) in points of every filled rectangle of ``size`` mm on a pdfplumber page."""
    return sorted(
        (r["x0"], r["top"])
        for r in page.rects
        if r["fill"] and abs(r["width"] - size[0] * MM) < 0.05 and abs(r["height"] - size[1] * MM) < 0.05
    )


def edit_manifest(folder: Path, **changes: object) -> None:
    path = folder / "pack.json"
    data = json.loads(path.read_text("utf-8"))
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    path.write_text(json.dumps(data, indent=2), "utf-8")


@pytest.fixture(scope="module")
def wild(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The wild tiles through the CLI with --png 300 --tts (no backs printed)."""
    out = tmp_path_factory.mktemp("wild")
    assert run(["tiles", "--png", "300", "--tts", "--out", str(out)]) == 0
    return out / "supertrain-wild-png300-tts"


@pytest.fixture(scope="module")
def moved(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The wild tiles for a print shop: 3 mm bleed, backs moved 1 mm right and 0.5 mm down, PNGs, TTS."""
    out = tmp_path_factory.mktemp("moved")
    args = ["--bleed", "3mm", "--backs", "--back-offset", "1,-0.5", "--png", "300", "--tts"]
    assert run(["tiles", *args, "--out", str(out)]) == 0
    return out / "supertrain-wild-bleed3mm-backs-offset1,-0.5-png300-tts"


@pytest.fixture(scope="module")
def pack(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Pattern one at census 3, two copies (AB, AC, BC twice: 6 cards), with backs, PNGs at 150 dpi and TTS."""
    out = tmp_path_factory.mktemp("pack")
    args = [
        "pack",
        "--pattern",
        "one",
        "--census",
        "3",
        "--copies",
        "2",
        "--backs",
        "--png",
        "150",
        "--tts",
        "--out",
        str(out),
    ]
    assert run(args) == 0
    return out / "got-pattern-one-census-3-copies-2-backs-png150-tts"


def copy(folder: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(folder, tmp_path / folder.name))


# ---------------------------------------------------------------- 1. tiles --png, --tts, --back-offset


def test_a_png_per_tile_at_true_size(wild):  # type: ignore[no-untyped-def]
    files = sorted(p.stem for p in (wild / "png").iterdir())
    assert files == sorted(WILD)  # no back.png: no backs printed
    for stem in WILD:
        im = image(wild / "png" / f"{stem}.png")
        assert im.size == (600, 300), stem  # 2 in × 300, 1 in × 300
        assert im.info["dpi"] == pytest.approx((300, 300), abs=0.02)


def test_with_bleed_each_side_grows_by_twice_the_bleed(moved):  # type: ignore[no-untyped-def]
    # 2 in + 2 × 3 mm = 56.8 mm = 2.2362 in → 670.9 px; 1 in + 6 mm = 31.4 mm = 1.2362 in → 370.9 px
    names = sorted(p.stem for p in (moved / "png").iterdir())
    assert names == sorted([*WILD, "back"])
    for name in names:
        assert image(moved / "png" / f"{name}.png").size == (671, 371), name


def test_a_tile_png_shows_what_the_pdf_shows(wild):  # type: ignore[no-untyped-def]
    """Tile 1 (0-Train) against pdfium's raster of its place on the sheet (the top-left tile,
    found by its 2 × 1 in ground with pdfplumber); tile 2 (1-Train) is plainly another."""
    pdf = wild / f"{wild.name}.pdf"
    with read_pdf(pdf) as doc:
        x0, top = grounds(doc.pages[0], TILE)[0]
    scale = 300 / 72
    sheet = pdfium.PdfDocument(pdf)[0].render(scale=scale).to_pil().convert("RGB")
    left, upper = round(x0 * scale), round(top * scale)
    place = sheet.crop((left, upper, left + 600, upper + 300))
    assert diff(image(wild / "png" / "0-train.png"), place) < 4
    assert diff(image(wild / "png" / "1-train.png"), place) > 1.5 * diff(image(wild / "png" / "0-train.png"), place)


def test_the_tts_sheet_and_its_readme(wild):  # type: ignore[no-untyped-def]
    assert sorted(p.name for p in (wild / "tts").iterdir()) == ["README.txt", "back.png", "deck.png"]
    assert not (wild / "tiles" / "back.svg").exists()  # the back is drawn for TTS alone
    sheet, back = image(wild / "tts" / "deck.png"), image(wild / "tts" / "back.png")
    assert sheet.size == (10 * TILE_CELL[0], 3 * TILE_CELL[1]) == (4090, 612)
    assert back.size == TILE_CELL
    x, y = 9 * TILE_CELL[0], 2 * TILE_CELL[1]  # the last cell holds the back
    assert diff(sheet.crop((x, y, x + TILE_CELL[0], y + TILE_CELL[1])), back) < 1
    text = (wild / "tts" / "README.txt").read_text("utf-8")
    assert "deck.png: cards 1 to 21" in text and "Height: 3" in text and "Number: 21" in text


def test_back_offset_moves_the_tile_backs_by_that_many_mm(moved, tmp_path):  # type: ignore[no-untyped-def]
    assert run(["tiles", "--bleed", "3mm", "--backs", "--out", str(tmp_path)]) == 0
    plain = tmp_path / "supertrain-wild-bleed3mm-backs" / "supertrain-wild-bleed3mm-backs.pdf"
    ground = (TILE[0] + 6, TILE[1] + 6)  # each back's ground runs into its 3 mm bleed
    with read_pdf(plain) as a, read_pdf(moved / f"{moved.name}.pdf") as b:
        assert len(a.pages) == len(b.pages) == 2  # one sheet of 21 and its backs
        fronts_a, fronts_b = grounds(a.pages[0], ground), grounds(b.pages[0], ground)
        assert fronts_a == fronts_b and len(fronts_a) == 21  # the fronts stay
        backs_a, backs_b = grounds(a.pages[1], ground), grounds(b.pages[1], ground)
        assert len(backs_a) == len(backs_b) == 21
        for (xa, ta), (xb, tb) in zip(backs_a, backs_b):
            # 1 mm right; -0.5 mm up is 0.5 mm down the page
            assert ((xb - xa) / MM, (tb - ta) / MM) == pytest.approx((1.0, 0.5), abs=0.01)


def test_such_a_tile_folder_checks_clean(moved, wild, capsys):  # type: ignore[no-untyped-def]
    for folder in (moved, wild):
        code, out, err = cli(capsys, "check", str(folder))
        assert code == 0, out + err
        assert out.strip().endswith("OK")


def test_tiles_take_no_theme_yet(capsys, tmp_path):  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "tiles", "--theme", "x.toml", "--out", str(tmp_path))
    assert code == 2 and "--theme" in err  # tiles take no theme (yet): Typer names the option


# ---------------------------------------------------------------- 2. pack.json records the back offset


def test_the_back_offset_is_recorded_only_when_backs_move(tmp_path):  # type: ignore[no-untyped-def]
    base = ["pack", "--pattern", "one", "--census", "3", "--copies", "1", "--backs"]
    assert run([*base, "--out", str(tmp_path / "a")]) == 0
    assert run([*base, "--back-offset", "0,0", "--out", str(tmp_path / "b")]) == 0
    assert run([*base, "--back-offset", "1,-0.5", "--out", str(tmp_path / "c")]) == 0
    assert (
        run(
            [
                "pack",
                "--pattern",
                "one",
                "--census",
                "3",
                "--copies",
                "1",
                "--back-offset",
                "1,-0.5",
                "--out",
                str(tmp_path / "d"),
            ]
        )
        == 0
    )
    name = "got-pattern-one-census-3-copies-1"
    a, b = (tmp_path / x / f"{name}-backs" / "pack.json" for x in "ab")
    c = tmp_path / "c" / f"{name}-backs-offset1,-0.5" / "pack.json"  # its folder says so
    assert a.read_bytes() == b.read_bytes()  # 0,0: byte for byte as before
    assert "back_offset" not in json.loads(a.read_text("utf-8"))
    assert json.loads(c.read_text("utf-8"))["back_offset"] == [1.0, -0.5]
    assert "back_offset" not in json.loads((tmp_path / "d" / name / "pack.json").read_text("utf-8"))  # no backs


def test_a_moved_pack_checks_clean_and_without_its_record_fails_naming_the_backs(tmp_path, capsys):  # type: ignore[no-untyped-def]
    args = [
        "pack",
        "--pattern",
        "one",
        "--census",
        "3",
        "--copies",
        "4",
        "--backs",
        "--back-offset",
        "1,-0.5",
        "--out",
        str(tmp_path),
    ]
    assert run(args) == 0  # 12 cards: two sheets of 9, each with its backs page
    folder = tmp_path / "got-pattern-one-census-3-backs-offset1,-0.5"  # 4 copies: the default
    code, out, err = cli(capsys, "check", str(folder))
    assert code == 0, out + err
    edit_manifest(folder, back_offset=None)
    code, out, _ = cli(capsys, "check", str(folder))
    lines = [line for line in out.strip().splitlines() if line.startswith("pdf: page")]
    assert code == 1
    assert lines == [
        f"pdf: page {p}: the backs are 1mm right and 0.5mm down of where pack.json puts them (its back offset: 0,0)"
        for p in (2, 4)
    ]
    # recorded 0.5 mm up, printed 0.5 mm down: 1 mm lower than the record says
    edit_manifest(folder, back_offset=[1, 0.5])
    code, out, _ = cli(capsys, "check", str(folder))
    assert code == 1 and "page 2: the backs are 1mm down of where pack.json puts them" in out


def test_tile_backs_without_their_record_fail_too(moved, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(moved, tmp_path)
    edit_manifest(folder, back_offset=None)
    code, out, _ = cli(capsys, "check", str(folder))
    assert code == 1
    assert "pdf page 2: the backs are 1mm right and 0.5mm down of where pack.json puts them" in out


@pytest.mark.parametrize("value", [[11, 0], [0, -10.5], [1], "1,0", [True, 0], None])
def test_a_bad_back_offset_record_is_one_line_naming_it(pack, tmp_path, capsys, value):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    path = folder / "pack.json"
    data = json.loads(path.read_text("utf-8"))
    data["back_offset"] = value
    path.write_text(json.dumps(data), "utf-8")
    code, _, err = cli(capsys, "check", str(folder))
    assert code == 2 and "back_offset" in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- 3. check reads png/ and tts/


def test_a_pack_with_pngs_and_tts_checks_clean(pack, capsys):  # type: ignore[no-untyped-def]
    assert sorted(p.name for p in (pack / "png").iterdir()) == [f"00{n}.png" for n in range(1, 7)] + ["back.png"]
    assert image(pack / "png" / "001.png").size == POKER_150
    assert image(pack / "tts" / "deck.png").size == (4090, 573)  # 6 cards and the back: one row of 409 × 573 cells
    code, out, err = cli(capsys, "check", str(pack))
    assert code == 0, out + err


def fails_naming(capsys, folder: Path, *words: str) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", str(folder))
    assert code == 1, out + err
    for word in words:
        assert word in out, (word, out)
    return out


def test_a_missing_png_is_named(pack, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    (folder / "png" / "004.png").unlink()
    fails_naming(capsys, folder, "png/004.png is missing")


def test_a_png_of_the_wrong_size_is_named(pack, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    Image.new("RGB", (374, 525), "white").save(folder / "png" / "002.png", dpi=(150, 150))
    fails_naming(capsys, folder, "png/002.png is 374 × 525 px, wanted 375 × 525")


def test_a_truncated_png_is_named(pack, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    path = folder / "png" / "003.png"
    path.write_bytes(path.read_bytes()[:-100])
    fails_naming(capsys, folder, "png/003.png is cut short")


def test_a_stray_file_is_named(pack, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    (folder / "png" / "notes.txt").write_text("hello", "utf-8")
    shutil.copy(folder / "tts" / "back.png", folder / "tts" / "back-2.png")
    fails_naming(
        capsys, folder, "png/notes.txt is not a file cardgen writes", "tts/back-2.png is not a file cardgen writes"
    )


def test_a_png_without_its_resolution_is_named(pack, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    path = folder / "png" / "005.png"
    Image.open(pack / "png" / "005.png").save(path)  # Pillow writes no pHYs unless told
    fails_naming(capsys, folder, "png/005.png records no resolution: wanted 150 dpi")


def test_tts_files_are_checked(pack, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    (folder / "tts" / "back.png").unlink()
    Image.new("RGB", (4090, 1146), "white").save(folder / "tts" / "deck.png")  # two rows, where one is promised
    readme = folder / "tts" / "README.txt"
    readme.write_text(readme.read_text("utf-8").replace("Number: 6", "Number: 7"), "utf-8")
    fails_naming(
        capsys,
        folder,
        "tts/back.png is missing",
        "tts/deck.png is 4090 × 1146 px, wanted 4090 × 573",
        "tts/README.txt does not say what to type for deck.png",
    )


def test_exports_without_their_record_are_named(pack, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(pack, tmp_path)
    edit_manifest(folder, png_dpi=None, tts=None)
    fails_naming(capsys, folder, "png/ is there, but pack.json records no png_dpi", "tts/ is there")
    shutil.rmtree(folder / "png")
    shutil.rmtree(folder / "tts")
    # the folder now holds no export and records none, but its marker knows what was written
    fails_naming(capsys, folder, "pack.json was changed after cardgen wrote it", "png/001.png is missing")
    edit_manifest(folder, png_dpi=150)
    fails_naming(capsys, folder, "the png folder is missing")


def test_a_tile_png_replaced_is_named(wild, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(wild, tmp_path)
    shutil.copy(folder / "png" / "12-train.png", folder / "png" / "1-train.png")  # right size: passes
    Image.new("RGB", (300, 600), "white").save(folder / "png" / "d-train.png", dpi=(300, 300))  # turned
    fails_naming(capsys, folder, "png/d-train.png is 300 × 600 px, wanted 600 × 300", "png/1-train.png was changed")


# ---------------------------------------------------------------- the PNG reader, by hand


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def make_png(
    width: int,
    height: int,
    raw: bytes,
    *,
    dpi: int | None = 150,
    tail: bytes = b"",
    extra: bytes = b"",
    header: tuple[int, int, int, int, int] = (8, 2, 0, 0, 0),
) -> bytes:
    """An 8-bit RGB PNG from its filtered rows ``raw``, built from the PNG spec by hand;
    ``extra``: chunks after its header; ``header``: its depth, colour type, compression, filter
    method and interlacing."""
    parts = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">II", width, height) + bytes(header)), extra]
    if dpi:
        ppm = round(dpi / 0.0254)  # 150 dpi: 5906 pixels a metre
        parts.append(chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    data = zlib.compress(raw)
    parts += [chunk(b"IDAT", data[:10]), chunk(b"IDAT", data[10:]), chunk(b"IEND", b"")]
    return b"".join(parts) + tail


ROWS = b"".join(b"\x00" + bytes([40, 80, 120]) * 4 for _ in range(3))  # 4 × 3 px, each row filter 0


def test_a_hand_made_png_reads_whole():
    assert png_problem(make_png(4, 3, ROWS), (4, 3), 150) is None
    assert png_problem(make_png(4, 3, ROWS, dpi=None), (4, 3), None) is None


def test_a_resolution_is_a_chunk_cardgen_writes_only_where_it_records_one():
    """tts/ sheets carry no pHYs (a screen's picture): one there is named, as any stray chunk."""
    problem = png_problem(make_png(4, 3, ROWS), (4, 3), None)
    assert problem is not None and "holds a 'pHYs' chunk" in problem


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (make_png(4, 3, ROWS[:-13]), "pixel data is cut short"),  # a row short, every CRC right
        (make_png(4, 3, ROWS + ROWS[:13]), "more pixel data"),
        (make_png(4, 3, b"\x05" + ROWS[1:]), "no filter PNG knows"),
        (make_png(4, 3, ROWS, dpi=300), "records 300 dpi, wanted 150"),
        (make_png(4, 3, ROWS, dpi=None), "records no resolution"),
        (make_png(4, 3, ROWS, tail=b"x"), "bytes after its end"),
        (make_png(4, 3, ROWS)[:-12], "cut short"),  # no IEND
        (b"GIF89a" + bytes(40), "not a PNG"),
        (make_png(3, 4, b"".join(b"\x00" + bytes(9) for _ in range(4))), "is 3 × 4 px, wanted 4 × 3"),
        # what a viewer or a print service reads besides the pixels (#29): any chunk cardgen never writes
        (make_png(4, 3, ROWS, extra=chunk(b"gAMA", struct.pack(">I", 10_000))), "holds a 'gAMA' chunk"),  # gamma 0.1
        (make_png(4, 3, ROWS, extra=chunk(b"sRGB", b"\x03")), "holds a 'sRGB' chunk"),  # absolute colorimetric
        (make_png(4, 3, ROWS, extra=chunk(b"iCCP", b"p\0\0" + zlib.compress(b"x" * 64))), "holds a 'iCCP' chunk"),
        (make_png(4, 3, ROWS, extra=chunk(b"cHRM", bytes(32))), "holds a 'cHRM' chunk"),
        (make_png(4, 3, ROWS, extra=chunk(b"tRNS", bytes(6))), "holds a 'tRNS' chunk"),  # black made see-through
        (make_png(4, 3, ROWS, extra=chunk(b"tEXt", b"Comment\0hi")), "holds a 'tEXt' chunk"),
        (make_png(4, 3, ROWS, extra=chunk(b"IHDR", bytes(13))), "holds a 'IHDR' chunk"),  # a second header
        # only 8-bit RGBA (or RGB: the same picture, opaque), as cardgen writes, not interlaced
        (make_png(4, 3, ROWS, header=(16, 2, 0, 0, 0)), "8-bit RGBA or RGB"),
        (make_png(4, 3, ROWS, header=(8, 3, 0, 0, 0)), "8-bit RGBA or RGB"),  # a palette
        (make_png(4, 3, ROWS, header=(8, 0, 0, 0, 0)), "8-bit RGBA or RGB"),  # grey
        (make_png(4, 3, ROWS, header=(8, 2, 0, 0, 1)), "8-bit RGBA or RGB"),  # interlaced
        (make_png(4, 3, ROWS, header=(8, 2, 1, 0, 0)), "8-bit RGBA or RGB"),  # an unknown compression
    ],
)
def test_what_is_wrong_with_a_png_is_said(data, words):  # type: ignore[no-untyped-def]
    problem = png_problem(data, (4, 3), 150)
    assert problem is not None and words in problem


@settings(max_examples=150)
@given(st.data())
def test_any_cut_or_changed_byte_is_found(data):  # type: ignore[no-untyped-def]
    whole = make_png(4, 3, ROWS)
    at = data.draw(st.integers(0, len(whole) - 1))
    assert png_problem(whole[:at], (4, 3), 150) is not None
    flipped = bytearray(whole)
    flipped[at] ^= data.draw(st.integers(1, 255))
    assert png_problem(bytes(flipped), (4, 3), 150) is not None
