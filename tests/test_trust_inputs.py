"""Untrusted input (#20): a theme's pictures and files, configs, numbers and titles: each problem is
one line and exit 2, in bounded time and memory, and nothing is written; a big job says so."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.cli import run

SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def refused(capsys, tmp_path: Path, args: list[object], *needles: str) -> str:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    code, stdout, err = cli(capsys, *args, "--out", out)
    assert code == 2, stdout + err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err
    assert not out.exists() or not any(out.iterdir()), "nothing is written"
    return err


def theme_with(tmp_path: Path, *, logo: bytes | None = None, toml: str = "") -> Path:
    folder = tmp_path / "theme"
    folder.mkdir(exist_ok=True)
    if logo is not None:
        (folder / "logo.svg").write_bytes(logo)
        toml = 'logo = "logo.svg"\n' + toml
    (folder / "mine.toml").write_text(toml)
    return folder / "mine.toml"


# ---------------------------------------------------------------- a theme's SVG pictures


@pytest.mark.parametrize(
    "svg",
    [
        f'<svg {SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="/etc/hostname" width="10" height="10"/></svg>',
        f'<svg {SVG_NS} width="10" height="10"><image href="file:///etc/passwd" width="10" height="10"/></svg>',
        f'<svg {SVG_NS} width="10" height="10"><image href="https://example.com/x.png" width="10" height="10"/></svg>',
        f'<svg {SVG_NS} width="10" height="10"><rect width="10" height="10" style="fill:url(/tmp/x.svg#p)"/></svg>',
        f'<svg {SVG_NS} width="10" height="10"><rect width="10" height="10" fill="url(other.svg#g)"/></svg>',
        f'<svg {SVG_NS} width="10" height="10"><style>@import url(theirs.css);</style></svg>',
        f'<svg {SVG_NS} width="10" height="10"><use href="sprites.svg#loco"/></svg>',
    ],
)
def test_a_picture_refering_outside_itself_is_refused(tmp_path, capsys, svg):  # type: ignore[no-untyped-def]
    theme = theme_with(tmp_path, logo=svg.encode())
    refused(capsys, tmp_path, ["pack", "--census", "3", "--theme", theme], "logo")


def test_a_picture_holding_all_it_shows_is_drawn(tmp_path, capsys):  # type: ignore[no-untyped-def]
    inner = f'<svg {SVG_NS} width="4" height="4"><rect width="4" height="4" fill="red"/></svg>'
    import base64

    data = base64.b64encode(inner.encode()).decode()
    svg = (
        f'<svg {SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">'
        f'<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>'
        f'<rect width="40" height="20" fill="url(#g)"/><image xlink:href="data:image/svg+xml;base64,{data}" width="4" height="4"/></svg>'
    )
    theme = theme_with(tmp_path, logo=svg.encode())
    code, out, err = cli(capsys, "pack", "--census", "3", "--copies", "1", "--theme", theme, "--out", tmp_path / "o")
    assert code == 0, err


@pytest.mark.parametrize(
    ("size", "needle"),
    [
        ('width="1000000" height="1000000"', "in size"),
        ('width="1000000mm" height="10mm"', "in size"),
        ('width="10000" height="1"', "in size"),
        ('width="0" height="0"', "in size"),
        ("", "in size"),  # no size and no viewBox
    ],
)
def test_an_svg_picture_with_an_absurd_size_is_refused_before_it_is_drawn(tmp_path, capsys, size, needle):  # type: ignore[no-untyped-def]
    theme = theme_with(tmp_path, logo=f"<svg {SVG_NS} {size}><rect width='1' height='1'/></svg>".encode())
    refused(capsys, tmp_path, ["pack", "--census", "3", "--theme", theme], needle)


def test_an_svg_declaring_a_huge_size_is_drawn_on_a_small_canvas(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """resvg would allocate the canvas the SVG asks for (100000 px a side: 40 GB); cardgen gives
    it the logo's longest side (800 px) instead."""
    from PIL import Image

    theme = theme_with(
        tmp_path,
        logo=f'<svg {SVG_NS} width="100000" height="50000"><circle cx="50000" cy="25000" r="20000"/></svg>'.encode(),
    )
    code, _, err = cli(capsys, "pack", "--census", "3", "--copies", "1", "--theme", theme, "--out", tmp_path / "o")
    assert code == 0, err
    with Image.open(next((tmp_path / "o").glob("*/theme/logo.png"))) as im:
        assert im.size == (800, 400)


def test_an_svg_nested_a_hundred_thousand_deep_is_refused_not_a_crash(tmp_path, capsys):  # type: ignore[no-untyped-def]
    svg = f'<svg {SVG_NS} width="10" height="10">' + "<g>" * 100_000 + "</g>" * 100_000 + "</svg>"
    theme = theme_with(tmp_path, logo=svg.encode())
    refused(capsys, tmp_path, ["pack", "--census", "3", "--theme", theme], "levels deep")


def test_an_svg_of_too_many_elements_is_refused(tmp_path, capsys):  # type: ignore[no-untyped-def]
    svg = f'<svg {SVG_NS} width="10" height="10">' + "<rect width='1' height='1'/>" * 120_000 + "</svg>"
    theme = theme_with(tmp_path, logo=svg.encode())
    refused(capsys, tmp_path, ["pack", "--census", "3", "--theme", theme], "elements")


def test_an_svg_with_entities_is_refused(tmp_path, capsys):  # type: ignore[no-untyped-def]
    svg = b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a;</text></svg>'
    theme = theme_with(tmp_path, logo=svg)
    refused(capsys, tmp_path, ["pack", "--census", "3", "--theme", theme], "entities")


# ---------------------------------------------------------------- a theme's PNG pictures


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG claiming ``width`` × ``height`` pixels, its data cut short (it is never read)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("side", [8000, 10_000, 50_000])
def test_a_picture_over_sixty_million_pixels_is_one_line(tmp_path, capsys, side):  # type: ignore[no-untyped-def]
    folder = tmp_path / "theme"
    folder.mkdir()
    (folder / "big.png").write_bytes(_png_header_only(side, side))
    (folder / "mine.toml").write_text('logo = "big.png"\n')
    refused(
        capsys, tmp_path, ["pack", "--census", "3", "--theme", folder / "mine.toml"], f"{side} × {side}", "60 million"
    )


# ---------------------------------------------------------------- theme and config files


@pytest.mark.parametrize("nesting", ["[" * 20_000, "a = " + "{a = " * 9_000 + "1" + "}" * 9_000, "a = " + "[" * 20_000])
def test_deeply_nested_toml_is_one_line(tmp_path, capsys, nesting):  # type: ignore[no-untyped-def]
    theme = theme_with(tmp_path, toml=nesting)
    refused(capsys, tmp_path, ["pack", "--census", "3", "--theme", theme], "TOML")
    config = tmp_path / "cardgen.toml"
    config.write_text(nesting)
    refused(capsys, tmp_path, ["build", "--config", config], "TOML")


@pytest.mark.parametrize("key", ["logo", "back"])
def test_an_empty_picture_key_is_said_not_taken_for_none(tmp_path, capsys, key):  # type: ignore[no-untyped-def]
    theme = theme_with(tmp_path, toml=f'{key} = ""\n')
    refused(capsys, tmp_path, ["pack", "--census", "3", "--theme", theme], f"{key} is empty")


def test_a_config_with_two_bad_values_is_one_line_naming_the_first(tmp_path, capsys):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text("[[pack]]\ncensus = 99\n\n[[placemat]]\ncensus = 99\n")
    refused(capsys, tmp_path, ["build", "--config", config], "item 1", "census 99", "1 more item failed")


# ---------------------------------------------------------------- numbers and titles


@pytest.mark.parametrize(
    "args",
    [
        ["pack", "--census", "٧"],
        ["pack", "--census", "７"],
        ["pack", "--census", "1_0"],
        ["pack", "--census", "3", "--png", "９٦"],
        ["pack", "--census", "3", "--copies", "²"],
        ["placemat", "--census", "٥"],
        ["scorecard", "--players", "２"],
        ["pack", "--census", "4", "--backs", "--back-offset", "１,２"],
        ["pack", "--census", "4", "--backs", "--back-offset", "1,٢"],
        ["pack", "--census", "4", "--backs", "--back-offset", "0.٥,0"],
        ["testpage", "--back-offset", "١,0"],
        ["testpage", "--back-offset", "0,-２mm"],
        ["placemat", "--grid", "３x３"],
        ["placemat", "--grid", "3x٣"],
        ["placemat", "--grid", "𝟑x3"],
    ],
)
def test_numbers_are_ascii_digits(tmp_path, capsys, args):  # type: ignore[no-untyped-def]
    refused(capsys, tmp_path, args, "digits 0-9")


@pytest.mark.parametrize(
    "item",
    [
        '[[placemat]]\ngrid = "３x３"\n',
        '[[pack]]\ncensus = 3\nbacks = true\nback_offset = "١,٢"\n',
        '[[testpage]]\nback_offset = "0,７"\n',
        'back_offset = "１,0"\n[[pack]]\ncensus = 3\nbacks = true\n',
    ],
)
def test_numbers_in_a_config_are_ascii_digits_too(tmp_path, capsys, item):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text(item, encoding="utf-8")
    refused(capsys, tmp_path, ["build", "--config", config], "digits 0-9")


@pytest.mark.parametrize(
    "args", [["--back-offset", "0.5,-1.3"], ["--back-offset", " -.5mm , 2 "], ["--back-offset", "+1,0"]]
)
def test_ascii_offsets_still_work(tmp_path, capsys, args):  # type: ignore[no-untyped-def]
    assert cli(capsys, "testpage", *args, "--out", tmp_path)[0] == 0


@pytest.mark.parametrize("title", ["محطة القطار", "لا إله", "قطار 7 سريع"])
def test_a_right_to_left_title_is_drawn_joined_and_checked(tmp_path, capsys, title):  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "pack", "--census", "3", "--copies", "1", "--title", title, "--out", tmp_path)
    assert code == 0, err
    (folder,) = tmp_path.glob("got-pattern-one-census-3-copies-1-title-*")  # named by a digest of the title
    assert cli(capsys, "check", folder)[0] == 0
    assert title in (folder / "cards" / "001.svg").read_text("utf-8")  # the SVG holds it as typed
    pdf = pdfium.PdfDocument(next(folder.glob("*.pdf")))
    text = pdf[0].get_textpage().get_text_range()
    assert title in text  # read back in logical order: the letters were drawn in visual order, joined


def test_a_big_job_says_so_up_front(tmp_path, capsys, monkeypatch):  # type: ignore[no-untyped-def]
    import cardgen.write.deck as deck

    monkeypatch.setattr(deck, "BIG_JOB_SECONDS", 0.0)
    code, out, err = cli(capsys, "pack", "--census", "3", "--copies", "1", "--out", tmp_path)
    assert code == 0
    assert err.startswith("a big job: 3 cards, about") and "Ctrl-C stops it and writes nothing" in err
    monkeypatch.setattr(deck, "BIG_JOB_SECONDS", 15.0)
    code, out, err = cli(capsys, "pack", "--census", "3", "--copies", "1", "--out", tmp_path)
    assert code == 0 and err == ""
