"""Pictures that print differently, and folders someone else made (#29).

`cardgen check` holds an exported PNG to what cardgen draws in every channel (alpha too), pixel
by pixel, allowing only what another build of the rasteriser could change (an edge pixel, by at
most 32 of 255; any other by 2), names any PNG chunk cardgen does not write, and reads any
picture it writes a strip at a time. Whatever reads a card SVG back reads it within bounds (one
line for a file nested thousands deep), and `cardgen preview` draws one only once it is found to
hold what cardgen writes, in a child bounded in time and memory. Each folder here is signed
again after its change (``resign``), as anyone can: only the pictures tell.
"""

from __future__ import annotations

import base64
import io
import shutil
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

import cardgen.proof.pixels as pixels_module
import cardgen.render.png as png_module
from cardgen.cli import run
from cardgen.proof.pixels import FLAT, pixels_differ, png_strips
from cardgen.render.png import pixels, rasterise
from tests.helpers import EXPORTS, resign

EDGE = 32  # of 255: what an edge pixel may be off by, as docs/commands/check.md gives it
CHECK_PAGE = Path(__file__).resolve().parents[1] / "docs" / "commands" / "check.md"


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def made(made_by):  # type: ignore[no-untyped-def]
    """A pack with PNGs at 72 dpi and a TTS deck, and one with a print service's PNGs (300 dpi)."""
    return {
        "exports": made_by(*EXPORTS),
        "service": made_by("pack", "--pattern", "one", "--census", "2", "--preset", "thegamecrafter"),
        "tiles": made_by("tiles"),
    }


def copied(made: dict[str, Path], name: str, tmp_path: Path) -> Path:
    folder = tmp_path / made[name].name
    shutil.copytree(made[name], folder)
    return folder


def encoded(im: Image.Image, dpi: object = None) -> bytes:
    out = io.BytesIO()
    im.save(out, "PNG", **({"dpi": dpi} if dpi else {}))
    return out.getvalue()


def redrawn(path: Path, change: Callable[[Image.Image], None]) -> None:
    """The PNG at ``path`` changed by ``change`` (on its RGBA pixels), saved with its resolution."""
    with Image.open(path) as im:
        picture = im.convert("RGBA")
        dpi = im.info.get("dpi")
    change(picture)
    path.write_bytes(encoded(picture, dpi))


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def with_chunk(path: Path, kind: bytes, body: bytes) -> None:
    """A chunk put in right after the PNG's header, every CRC right."""
    data = path.read_bytes()
    path.write_bytes(data[:33] + chunk(kind, body) + data[33:])


# ---------------------------------------------------------------- changes a printer would print


def transparent_top_third(im: Image.Image) -> None:
    """Its colours kept, made see-through: a print service prints it blank."""
    alpha = im.getchannel("A")
    alpha.paste(0, (0, 0, im.width, im.height // 3))
    im.putalpha(alpha)


def dotted_word(im: Image.Image) -> None:
    """A large word over the card in sharp black dots, 8 pixels in every 8 × 8 square of its
    strokes: no square's average, nor the whole's, tells much."""
    word = Image.new("L", im.size)
    font = ImageFont.truetype(str(files("cardgen") / "fonts" / "DejaVuSans-Bold.ttf"), im.width // 3)
    ImageDraw.Draw(word).text((im.width // 20, im.height // 3), "VOID", fill=255, font=font)
    tile = Image.new("L", (8, 8))
    for x, y in [(0, 0), (4, 4), (0, 4), (4, 0), (2, 2), (6, 6), (2, 6), (6, 2)]:
        tile.putpixel((x, y), 255)
    dots = Image.new("L", im.size)
    for y in range(0, im.height, 8):
        for x in range(0, im.width, 8):
            dots.paste(tile, (x, y))
    im.paste((0, 0, 0, 255), mask=ImageChops.multiply(word, dots))


def faint_tint(im: Image.Image) -> None:
    """The lower half a little less red (6 of 255): a tint over flat ground."""
    box = (0, im.height // 2, im.width, im.height)
    im.paste(ImageChops.subtract(im.crop(box), Image.new("RGBA", (box[2], box[3] - box[1]), (6, 0, 0, 0))), box[:2])


PLACES = [
    ("exports", "png/001.png"),
    ("exports", "png/back.png"),
    ("exports", "tts/deck.png"),
    ("service", "thegamecrafter/002.png"),
]


@pytest.mark.parametrize("change", [transparent_top_third, dotted_word, faint_tint])
@pytest.mark.parametrize(("which", "name"), PLACES)
def test_a_picture_a_printer_would_print_differently_is_named(made, tmp_path, capsys, which, name, change):  # type: ignore[no-untyped-def]
    folder = copied(made, which, tmp_path)
    redrawn(folder / name, change)
    resign(folder)
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and f"{name} does not show what cardgen draws" in out, out


@pytest.mark.parametrize(("which", "name"), PLACES)
def test_a_gamma_in_a_picture_is_named(made, tmp_path, capsys, which, name):  # type: ignore[no-untyped-def]
    """A gAMA of 0.1 leaves the pixels as they are, and prints them far darker or lighter."""
    folder = copied(made, which, tmp_path)
    with_chunk(folder / name, b"gAMA", struct.pack(">I", 10_000))
    resign(folder)
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and f"{name} holds a 'gAMA' chunk, which cardgen never writes" in out, out


@pytest.mark.parametrize(("which", "name"), PLACES)
def test_the_same_pixels_saved_again_still_pass(made, tmp_path, capsys, which, name):  # type: ignore[no-untyped-def]
    """What prints the same passes: the same pixels in another encoder's bytes, or as RGB."""
    folder = copied(made, which, tmp_path)
    with Image.open(folder / name) as im:
        dpi = im.info.get("dpi")
        (folder / name).write_bytes(encoded(im.convert("RGB"), dpi))
    resign(folder)
    code, out, err = cli(capsys, "check", folder)
    assert code == 0, out + err


# ---------------------------------------------------------------- the tolerance, on both sides


def edges(im: Image.Image) -> Image.Image:
    """The drawing's edge pixels (255), read here by Pillow's rank filters: those whose 3 × 3
    neighbourhood spans more than ``FLAT`` in some channel."""
    spread = ImageChops.subtract(im.filter(ImageFilter.MaxFilter(3)), im.filter(ImageFilter.MinFilter(3)))
    bands = spread.split()
    largest = bands[0]
    for band in bands[1:]:
        largest = ImageChops.lighter(largest, band)
    return largest.point([255 if v > FLAT else 0 for v in range(256)])


def towards_grey(im: Image.Image, by: int) -> Image.Image:
    """Every colour channel ``by`` nearer the middle: off by exactly ``by``; alpha kept."""
    lut = [v - by if v >= 128 else v + by for v in range(256)]
    r, g, b, a = im.split()
    return Image.merge("RGBA", (r.point(lut), g.point(lut), b.point(lut), a))


@pytest.mark.parametrize("dpi", [72, 300])
def test_an_edge_pixel_may_be_off_by_32_and_any_other_by_2(made, dpi):  # type: ignore[no-untyped-def]
    """Builds of resvg draw cardgen's cards to the same pixels; another could at most cover an
    edge pixel otherwise. So every edge pixel of the drawing off by 32 of 255 passes, and one
    off by 33 does not; a pixel in a flat area may be off by 2 in any channel, not by 3."""
    svg = (made["exports"] / "cards" / "001.svg").read_bytes()
    want = rasterise(svg, pixels((69.85, 95.25), dpi))
    with Image.open(io.BytesIO(want)) as im:
        drawn = im.convert("RGBA")
    on_edge = edges(drawn)
    share = on_edge.histogram()[255] / (drawn.width * drawn.height)
    assert 0.03 < share < 0.4  # edges are a part of the card, not all of it
    assert pixels_differ(want, want) is None
    shaded = Image.composite(towards_grey(drawn, EDGE), drawn, on_edge)
    assert shaded.tobytes() != drawn.tobytes()
    assert pixels_differ(encoded(shaded), want) is None
    x, y = next((x, y) for y in range(drawn.height) for x in range(drawn.width) if on_edge.getpixel((x, y)))
    further = shaded.copy()
    further.putpixel((x, y), towards_grey(drawn.crop((x, y, x + 1, y + 1)), EDGE + 1).getpixel((0, 0)))
    assert pixels_differ(encoded(further), want) is not None
    x, y = next((x, y) for y in range(4, drawn.height) for x in range(4, drawn.width) if not on_edge.getpixel((x, y)))
    for channel in range(4):  # red, green, blue and alpha alike
        for by, passes in [(FLAT, True), (FLAT + 1, False)]:
            pixel = list(drawn.getpixel((x, y)))  # type: ignore[arg-type]
            pixel[channel] += -by if pixel[channel] >= 128 else by
            spotted = drawn.copy()
            spotted.putpixel((x, y), tuple(pixel))
            assert (pixels_differ(encoded(spotted), want) is None) == passes, (channel, by)


def test_the_docs_give_the_figures_check_holds_pictures_to():
    text = " ".join(CHECK_PAGE.read_text("utf-8").split())
    assert f"an edge pixel by at most {EDGE} of 255, any other by at most {FLAT}" in text


# ---------------------------------------------------------------- any picture, a strip at a time


def hand_made(width: int, height: int, colour: int, rows: list[tuple[int, bytes]]) -> bytes:
    """An 8-bit PNG from its rows, each given with its filter (0-4: every filter PNG has)."""
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    raw = b"".join(bytes([kind]) + samples for kind, samples in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


@settings(max_examples=80)
@given(st.data())
def test_a_png_read_a_strip_at_a_time_is_the_png_pillow_reads_whole(data):  # type: ignore[no-untyped-def]
    width, height = data.draw(st.integers(1, 24)), data.draw(st.integers(1, 24))
    colour = data.draw(st.sampled_from([2, 6]))
    size = width * (3 if colour == 2 else 4)
    rows = [(data.draw(st.integers(0, 4)), data.draw(st.binary(min_size=size, max_size=size))) for _ in range(height)]
    png = hand_made(width, height, colour, rows)
    step = data.draw(st.integers(1, height + 2))
    strips = list(png_strips(png, step))
    assert all(s.height <= step for s in strips) and sum(s.height for s in strips) == height
    joined = Image.new("RGBA", (width, height))
    top = 0
    for strip in strips:
        joined.paste(strip, (0, top))
        top += strip.height
    with Image.open(io.BytesIO(png)) as whole:
        assert joined.tobytes() == whole.convert("RGBA").tobytes()


def test_the_verdict_does_not_hang_on_the_strips(made, monkeypatch):  # type: ignore[no-untyped-def]
    """The same faults found however many rows a strip holds (a fault on a strip's first or
    last row is judged by its neighbours in the strips beside it)."""
    want = (made["exports"] / "png" / "002.png").read_bytes()
    with Image.open(io.BytesIO(want)) as im:
        drawn = im.convert("RGBA")
    dotted_word(drawn)
    got = encoded(drawn)
    counts = set()
    for rows in (1, 2, 7, 64, 10_000):
        monkeypatch.setattr(pixels_module, "STRIP_PIXELS", rows * drawn.width)
        counts.add(pixels_module.faults(got, want)[0])
    assert len(counts) == 1 and counts.pop() > 100


def test_a_picture_larger_than_pillow_opens_whole_is_checked_a_strip_at_a_time(made, tmp_path, capsys, monkeypatch):  # type: ignore[no-untyped-def]
    """`--card 260x400mm --paper tabloid --png 1200` writes 12283 × 18898 px, past Pillow's bomb
    guard: one pixel changed, check raised DecompressionBombError. Here the guard is lowered
    below a 72 dpi card (opening one whole would raise) and a strip is a few rows: the one
    pixel is named."""
    folder = copied(made, "exports", tmp_path)
    redrawn(folder / "png" / "002.png", lambda im: im.putpixel((100, 100), (255, 0, 255, 255)))
    resign(folder)
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 2_000)  # Pillow refuses past twice this
    monkeypatch.setattr(pixels_module, "STRIP_PIXELS", 1_000)
    code, out, err = cli(capsys, "check", folder)
    assert code == 1 and "png/002.png does not show what cardgen draws there (1 of its" in out, out + err
    assert "pixels differs by more than anti-aliasing could" in out


# ---------------------------------------------------------------- card SVGs, read back


def nested(folder: Path, name: str, depth: int, inner: bytes = b"") -> None:
    """The SVG ``name`` in ``folder`` with ``depth`` groups nested in it."""
    path = folder / name
    path.write_bytes(path.read_bytes().replace(b"</svg>", b"<g>" * depth + inner + b"</g>" * depth + b"</svg>"))


@pytest.mark.parametrize("depth", [3_000, 200_000])
def test_a_card_svg_nested_thousands_deep_is_one_finding(made, tmp_path, capsys, depth):  # type: ignore[no-untyped-def]
    folder = copied(made, "exports", tmp_path)
    nested(folder, "cards/001.svg", depth)
    resign(folder)
    code, out, err = cli(capsys, "check", folder)
    assert code == 1 and "svg: cards/001.svg is more than 64 levels deep, which cardgen never writes" in out
    assert "Traceback" not in out + err


def test_the_depth_bound_is_64_levels(made, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """The root and 63 groups in it are read (and named for what cardgen never writes); 64 are not."""
    folder = copied(made, "exports", tmp_path)
    nested(folder, "cards/001.svg", 63)
    nested(folder, "cards/002.svg", 64)
    resign(folder)
    _, out, _ = cli(capsys, "check", folder)
    assert "cards/002.svg is more than 64 levels deep" in out and "cards/001.svg is more than" not in out
    assert "cards/001.svg is not what cardgen" in out


def test_a_tile_svg_nested_thousands_deep_is_one_finding(made, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copied(made, "tiles", tmp_path)
    name = sorted(p.name for p in (folder / "tiles").glob("*.svg") if p.stem != "back")[0]
    nested(folder, f"tiles/{name}", 3_000)
    resign(folder)
    code, out, err = cli(capsys, "check", folder)
    assert code == 1 and f"{name} is more than 64 levels deep" in out and "Traceback" not in out + err


LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    b'<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9">'
    b"<title>&b;</title></svg>"
)


def test_a_card_svg_with_entities_is_one_finding(made, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copied(made, "exports", tmp_path)
    (folder / "cards" / "001.svg").write_bytes(LAUGHS)
    resign(folder)
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and "cards/001.svg has a document type or entities, which cardgen never writes" in out


# ---------------------------------------------------------------- preview draws only what cardgen writes


def secret(tmp_path: Path) -> Path:
    """A picture of the user's, outside the folder: it must never reach a preview."""
    path = tmp_path / "secret.png"
    Image.new("RGB", (40, 40), (255, 0, 255)).save(path)
    return path


def picture(href: str, attribute: str = "xlink:href") -> bytes:
    return (
        f'<image class="logo" x="5" y="5" width="50" height="50" preserveAspectRatio="none" {attribute}="{href}"/>'
    ).encode()


def refused(capsys, folder: Path, *needles: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "preview", folder)
    assert code == 2 and len(err.strip().splitlines()) == 1, out + err
    for needle in needles:
        assert needle in err, err
    assert not (folder.parent / f"{folder.name}-preview.png").exists()


@pytest.mark.parametrize("href", ["{secret}", "file://{secret}", "secret.png", "data:image/svg+xml;base64,{svg}"])
@pytest.mark.parametrize("attribute", ["xlink:href", "href"])
def test_preview_draws_no_picture_a_card_svg_names_outside_it(made, tmp_path, capsys, monkeypatch, href, attribute):  # type: ignore[no-untyped-def]
    """The marker's checksums recomputed, a card SVG names the user's own picture (by its path,
    absolute or relative to where cardgen runs, or through an SVG of its own): refused in one
    line, nothing drawn."""
    folder = copied(made, "exports", tmp_path)
    path = secret(tmp_path)
    monkeypatch.chdir(tmp_path)
    inner = f'<svg xmlns="http://www.w3.org/2000/svg"><image href="{path}" width="9" height="9"/></svg>'
    text = href.format(secret=path, svg=base64.b64encode(inner.encode()).decode())
    card = folder / "cards" / "001.svg"
    card.write_bytes(card.read_bytes().replace(b"</svg>", picture(text, attribute) + b"</svg>"))
    resign(folder)
    refused(capsys, folder, "cannot preview ", "cards/001.svg", "a preview draws only what cardgen writes")


def test_preview_of_a_card_svg_nested_200000_deep_is_one_line(made, tmp_path):  # type: ignore[no-untyped-def]
    """resvg crashed on it (a segmentation fault): run as a command of its own."""
    folder = copied(made, "exports", tmp_path)
    nested(folder, "cards/001.svg", 200_000)
    resign(folder)
    done = subprocess.run(
        [sys.executable, "-m", "cardgen", "preview", str(folder)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("error: cannot preview ") and "cards/001.svg" in line
    assert "it is more than 64 levels deep, which cardgen never writes" in line


def test_preview_of_a_card_svg_with_entities_is_one_line(made, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copied(made, "exports", tmp_path)
    (folder / "cards" / "002.svg").write_bytes(LAUGHS)
    resign(folder)
    refused(capsys, folder, "cards/002.svg", ": it has a document type or entities")


def bomb(side: int) -> bytes:
    """A PNG of ``side`` × ``side`` black pixels: a megabyte or so, gigabytes once drawn."""
    packer = zlib.compressobj(1)
    row = bytes(1 + 3 * side)
    body = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


@pytest.mark.slow
def test_preview_draws_a_card_svg_within_bounded_memory(made, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A picture in the file, as cardgen puts one, that takes gigabytes to draw: the child
    drawing it is stopped at its memory, and the file named."""
    folder = copied(made, "exports", tmp_path)
    card = folder / "cards" / "003.svg"
    data = "data:image/png;base64," + base64.b64encode(bomb(16_000)).decode()
    card.write_bytes(card.read_bytes().replace(b"</svg>", picture(data) + b"</svg>"))
    resign(folder)
    refused(capsys, folder, "cannot preview ", "cards/003.svg", ": it needs more than")


@pytest.mark.slow
def test_preview_draws_a_card_svg_within_bounded_time(made, tmp_path, capsys, monkeypatch):  # type: ignore[no-untyped-def]
    """Ninety thousand cards' worth of rectangles, each what cardgen may write: the child is
    stopped at its time (a second here), and the file named."""
    monkeypatch.setattr(png_module, "PICTURE_SECONDS", 1.0)
    folder = copied(made, "exports", tmp_path)
    card = folder / "cards" / "002.svg"
    rect = b'<rect x="0" y="0" width="63.5" height="88.9" fill="#ff0000" stroke="#000000" stroke-width="0.1"/>'
    card.write_bytes(card.read_bytes().replace(b"</svg>", rect * 90_000 + b"</svg>"))
    resign(folder)
    refused(capsys, folder, "cannot preview ", "cards/002.svg", ": it takes longer than 1 s to draw")
