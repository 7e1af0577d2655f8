"""Untrusted input (#20): a theme's pictures and files, configs, numbers and titles: each problem is
one line and exit 2, in bounded time and memory, and nothing is written; a big job says so."""

from __future__ import annotations

import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from cardgen.cli import run
from tests.helpers import child_pids, read_pdf

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
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], "logo")


def _red_png(side: int = 4) -> bytes:
    from cardgen.render.png import rgb_png

    return rgb_png(side, side, bytes([255, 0, 0]) * side * side, 3 * side)


def test_a_picture_holding_all_it_shows_is_drawn(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A plain drawing as drawing programs export it: gradients, a clip, a <style> of classes,
    Inkscape's own elements and attributes, an embedded PNG in base64 (split over lines)."""
    import base64

    from PIL import Image

    data = base64.encodebytes(_red_png()).decode()
    svg = (
        f'<svg {SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" '
        'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="40" height="20" '
        'viewBox="0 0 40 20" version="1.1" inkscape:version="1.3">'
        '<sodipodi:namedview id="nv" pagecolor="#ffffff"/>'
        "<style>.st0{fill:#E30613;stroke:none} /* a class */ .st1{fill-opacity:0.5}</style>"
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient>'
        '<clipPath id="c"><rect width="20" height="20"/></clipPath></defs>'
        '<g inkscape:label="Layer 1" data-name="Layer 1" clip-path="url(#c)">'
        '<rect width="40" height="20" style="fill:url(#g);-inkscape-stroke:none" class="st0 st1"/></g>'
        f'<image xlink:href="data:image/png;base64,{data}" x="30" width="4" height="4"/></svg>'
    )
    theme = theme_with(tmp_path, logo=svg.encode())
    code, out, err = cli(
        capsys, "pack", "--pattern", "one", "--census", "3", "--copies", "1", "--theme", theme, "--out", tmp_path / "o"
    )
    assert code == 0, err
    with Image.open(next((tmp_path / "o").glob("*/theme/logo.png"))) as im:
        assert im.convert("RGB").getpixel((32 * 20, 2 * 20)) == (255, 0, 0)  # the embedded picture is drawn


@pytest.mark.parametrize(
    ("href", "needle"),
    [
        ("data:/../../private.png", "data URL"),  # no comma: resvg would read it as a path
        ("data:private.png", "data URL"),
        ("data:,private.png", "data URL"),
        ("data:image/png,private.png", "data URL"),  # not base64
        ("data:image/png;base64", "data URL"),
        ("data:image/svg+xml;base64,PHN2Zy8+", "data URL"),  # a drawing inside: it would escape these rules
        ("data:text/plain;base64,aGk=", "data URL"),
        ("data:image/png;base64,!!!!", "data URL"),
        ("data:image/png;base64,aGVsbG8=", "not the PNG it says"),
        ("data:image/jpeg;base64,iVBORw0KGgo=", "not the JPEG it says"),
        ("#elsewhere", "data URL"),
        ("private.png", "data URL"),
        (" data:image/png;base64,", "data URL"),
    ],
)
def test_an_embedded_picture_must_be_a_real_data_url_never_a_path(tmp_path, capsys, href, needle):  # type: ignore[no-untyped-def]
    """F3: resvg reads a data: URL it cannot parse as a file path (relative to where cardgen
    runs): here a folder named 'data:' holds the private picture each href would reach."""
    (tmp_path / "data:").mkdir()
    (tmp_path / "private.png").write_bytes(_red_png())
    svg = f'<svg {SVG_NS} width="10" height="10"><image href="{href}" width="10" height="10"/></svg>'
    theme = theme_with(tmp_path, logo=svg.encode())
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], "logo", needle)


@pytest.mark.parametrize(
    "body",
    [
        '<filter id="f"><feGaussianBlur stdDeviation="9"/></filter><rect width="9" height="9" filter="url(#f)"/>',
        '<rect width="9" height="9" filter="blur(5px)"/>',
        '<rect width="9" height="9" style="filter: blur(5px)"/>',
        "<style>rect{filter:blur(5px)}</style><rect width='9' height='9'/>",
        "<style>@font-face{src:url(#x)}</style>",
        "<style>rect{fill:\\75 rl(/etc/x)}</style>",
        '<feImage href="#r"/>',
        "<foreignObject><p xmlns='http://www.w3.org/1999/xhtml'>hi</p></foreignObject>",
        '<html:p xmlns:html="http://www.w3.org/1999/xhtml">hi</html:p>',
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/hostname"/>',
        "<script>alert(1)</script>",
        '<rect width="9" height="9" onclick="alert(1)"/>',
        '<animate attributeName="x" to="1"/>',
        '<a href="https://example.com"><rect width="9" height="9"/></a>',
    ],
)
def test_an_svg_holding_more_than_a_plain_drawing_is_refused(tmp_path, capsys, body):  # type: ignore[no-untyped-def]
    """F4: an allow-list of what a plain logo uses: filters (a blur costs a canvas each), script,
    other languages, animation are each one line, before anything is drawn."""
    theme = theme_with(tmp_path, logo=f'<svg {SVG_NS} width="10" height="10">{body}</svg>'.encode())
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], "logo")


CAPPED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))  # this test never takes the machine's memory
import cardgen.render.png as png
png.PICTURE_SECONDS = float(sys.argv[1])
from cardgen.cli import run
sys.exit(run(sys.argv[2:]))
"""


def _costly_run(tmp_path: Path, svg: str, key: str, seconds: float, *extra: str) -> subprocess.CompletedProcess[str]:
    folder = tmp_path / "theme"
    folder.mkdir(exist_ok=True)
    (folder / "pic.svg").write_text(svg)
    (folder / "mine.toml").write_text(f'{key} = "pic.svg"\n')
    args = [
        "pack",
        "--pattern",
        "one",
        "--census",
        "2",
        "--theme",
        str(folder / "mine.toml"),
        "--out",
        str(tmp_path / "out"),
        *extra,
    ]
    return subprocess.run(
        [sys.executable, "-c", CAPPED, str(seconds), *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
def test_an_svg_that_takes_too_long_to_draw_is_stopped_in_one_line(tmp_path):  # type: ignore[no-untyped-def]
    """Thousands of see-through shapes over the whole canvas: each is blended over every pixel.
    Drawing is bounded in time (here 2 s for the test, 20 s as shipped): one line, nothing written."""
    svg = f'<svg {SVG_NS} width="100" height="50">' + '<rect width="100" height="50" opacity="0.5"/>' * 20_000
    done = _costly_run(tmp_path, svg + "</svg>", "logo", 2.0)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "takes longer than 2 s to draw" in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()


def test_an_svg_that_needs_too_much_memory_to_draw_is_one_line(tmp_path):  # type: ignore[no-untyped-def]
    """Nested see-through groups: a canvas each (a back's is 2400 px long: 17 MB). The drawing
    child's memory is capped: it dies alone, and cardgen says so in one line."""
    n = 60
    svg = f'<svg {SVG_NS} width="825" height="1125">' + '<g opacity="0.99"><rect width="825" height="1125"/>' * n
    done = _costly_run(tmp_path, svg + "</g>" * n + "</svg>", "back", 60.0, "--backs")
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "MB to draw" in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_cardgen_while_a_picture_is_drawn(tmp_path, sig):  # type: ignore[no-untyped-def]
    """resvg holds no Python lock the signal can wait for: it draws in a child, and this process
    waits in Python, so SIGTERM and Ctrl-C stop it at once, the child with it."""
    folder = tmp_path / "theme"
    folder.mkdir()
    (folder / "pic.svg").write_text(
        f'<svg {SVG_NS} width="100" height="50">' + '<rect width="100" height="50" opacity="0.5"/>' * 20_000 + "</svg>"
    )
    (folder / "mine.toml").write_text('logo = "pic.svg"\n')
    args = [
        "pack",
        "--pattern",
        "one",
        "--census",
        "2",
        "--theme",
        str(folder / "mine.toml"),
        "--out",
        str(tmp_path / "out"),
    ]
    proc = subprocess.Popen([sys.executable, "-c", CAPPED, "60", *args], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not child_pids(proc.pid):
        time.sleep(0.05)
    kids = child_pids(proc.pid)
    assert kids, "the picture is drawn in a child process"
    proc.send_signal(sig)
    started = time.monotonic()
    _, err = proc.communicate(timeout=20)
    assert time.monotonic() - started < 5, "stopped at once"
    assert proc.returncode in (130, 143, 2), err
    time.sleep(0.2)
    assert not any(Path(f"/proc/{k}").exists() for k in kids), "the drawing child died with it"
    assert not (tmp_path / "out").exists()


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
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], needle)


def test_an_svg_declaring_a_huge_size_is_drawn_on_a_small_canvas(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """resvg would allocate the canvas the SVG asks for (100000 px a side: 40 GB); cardgen gives
    it the logo's longest side (800 px) instead."""
    from PIL import Image

    theme = theme_with(
        tmp_path,
        logo=f'<svg {SVG_NS} width="100000" height="50000"><circle cx="50000" cy="25000" r="20000"/></svg>'.encode(),
    )
    code, _, err = cli(
        capsys, "pack", "--pattern", "one", "--census", "3", "--copies", "1", "--theme", theme, "--out", tmp_path / "o"
    )
    assert code == 0, err
    with Image.open(next((tmp_path / "o").glob("*/theme/logo.png"))) as im:
        assert im.size == (800, 400)


def test_an_svg_nested_a_hundred_thousand_deep_is_refused_not_a_crash(tmp_path, capsys):  # type: ignore[no-untyped-def]
    svg = f'<svg {SVG_NS} width="10" height="10">' + "<g>" * 100_000 + "</g>" * 100_000 + "</svg>"
    theme = theme_with(tmp_path, logo=svg.encode())
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], "levels deep")


def test_an_svg_of_too_many_elements_is_refused(tmp_path, capsys):  # type: ignore[no-untyped-def]
    svg = f'<svg {SVG_NS} width="10" height="10">' + "<rect width='1' height='1'/>" * 120_000 + "</svg>"
    theme = theme_with(tmp_path, logo=svg.encode())
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], "elements")


def test_an_svg_with_entities_is_refused(tmp_path, capsys):  # type: ignore[no-untyped-def]
    svg = b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a;</text></svg>'
    theme = theme_with(tmp_path, logo=svg)
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], "entities")


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
        capsys,
        tmp_path,
        ["pack", "--pattern", "one", "--census", "3", "--theme", folder / "mine.toml"],
        f"{side} × {side}",
        "60 million",
    )


# ---------------------------------------------------------------- theme and config files


@pytest.mark.parametrize("nesting", ["[" * 20_000, "a = " + "{a = " * 9_000 + "1" + "}" * 9_000, "a = " + "[" * 20_000])
def test_deeply_nested_toml_is_one_line(tmp_path, capsys, nesting):  # type: ignore[no-untyped-def]
    theme = theme_with(tmp_path, toml=nesting)
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], "TOML")
    config = tmp_path / "cardgen.toml"
    config.write_text(nesting)
    refused(capsys, tmp_path, ["build", "--config", config], "TOML")


@pytest.mark.parametrize("key", ["logo", "back"])
def test_an_empty_picture_key_is_said_not_taken_for_none(tmp_path, capsys, key):  # type: ignore[no-untyped-def]
    theme = theme_with(tmp_path, toml=f'{key} = ""\n')
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", theme], f"{key} is empty")


def test_a_config_with_two_bad_values_is_one_line_naming_the_first(tmp_path, capsys):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text("[[pack]]\ncensus = 99\n\n[[placemat]]\ncensus = 99\n")
    # read by the option's declaration before anything is built, as the command line reads it
    refused(
        capsys, tmp_path, ["build", "--config", config], "item 1 (pack): census 99 is out of range: allowed 2 to 26"
    )


# ---------------------------------------------------------------- numbers and titles


@pytest.mark.parametrize(
    "args",
    [
        ["pack", "--pattern", "one", "--census", "٧"],
        ["pack", "--pattern", "one", "--census", "７"],
        ["pack", "--pattern", "one", "--census", "1_0"],
        ["pack", "--pattern", "one", "--census", "3", "--png", "９٦"],
        ["pack", "--pattern", "one", "--census", "3", "--copies", "²"],
        ["placemat", "--census", "٥"],
        ["scorecard", "--players", "２"],
        ["pack", "--pattern", "one", "--census", "4", "--backs", "--back-offset", "１,２"],
        ["pack", "--pattern", "one", "--census", "4", "--backs", "--back-offset", "1,٢"],
        ["pack", "--pattern", "one", "--census", "4", "--backs", "--back-offset", "0.٥,0"],
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


RTL_TITLES = [
    "محطة القطار",
    "لا إله",
    "قطار 7 سريع",
    "(مرحبا)",
    "قطار abc",
    "abc قطار 12",
    "«قطار»",
    "قطار [1]",
    "ﻻ",
    "(قطار [1] abc)",
    "Family مرحبا night 12",
]


@pytest.mark.parametrize("title", RTL_TITLES)
def test_a_right_to_left_title_is_drawn_joined_and_checked(tmp_path, capsys, title):  # type: ignore[no-untyped-def]
    """F9: brackets, Latin letters and digits in a right-to-left title: drawn in the order and
    with the mirrored brackets the Unicode bidi algorithm gives (read back with pdfplumber, which
    takes the glyphs as they stand, left to right), and the self-check and ``cardgen check`` pass."""

    from cardgen.render.bidi import visual

    code, _, err = cli(
        capsys, "pack", "--pattern", "one", "--census", "3", "--copies", "1", "--title", title, "--out", tmp_path
    )
    assert code == 0, err
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert cli(capsys, "check", folder)[0] == 0
    assert title in (folder / "cards" / "001.svg").read_text("utf-8")  # the SVG holds it as typed
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["upright"]]
    lines: dict[int, list[dict]] = {}  # type: ignore[type-arg]
    for c in chars:
        lines.setdefault(round(c["top"]), []).append(c)
    shown = ["".join(c["text"] for c in sorted(line, key=lambda c: c["x0"])) for line in lines.values()]
    assert any(visual(title) in line for line in shown), shown


@pytest.mark.parametrize("title", ["(مرحبا)", "قطار abc", "«قطار»", "abc قطار 12"])
def test_a_right_to_left_title_on_a_2d_pack_too(tmp_path, capsys, title):  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "pack2d", "--categories", "row-swap,col-swap", "--title", title, "--out", tmp_path)
    assert code == 0, err
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert cli(capsys, "check", folder)[0] == 0


@pytest.mark.parametrize("title", ["שלום 123 abc", "(שלום) [1]"])
def test_a_hebrew_title_is_drawn_in_a_theme_font_that_has_it(tmp_path, capsys, title):  # type: ignore[no-untyped-def]
    """The shipped card font has no Hebrew: a theme's font that has it draws the title, in the
    bidi order; without one the letters print as empty boxes, as any letter the font lacks, and
    the pack still passes its own check (the rest of the title in its place)."""

    from cardgen.render import font_path
    from cardgen.render.bidi import visual

    folder = tmp_path / "theme"
    folder.mkdir()
    (folder / "Hebrew.ttf").write_bytes(font_path(False).with_name("DejaVuSans.ttf").read_bytes())
    (folder / "t.toml").write_text('font = "Hebrew.ttf"\n', "utf-8")
    out = tmp_path / "out"
    code, _, err = cli(
        capsys,
        "pack",
        "--pattern",
        "one",
        "--census",
        "3",
        "--copies",
        "1",
        "--title",
        title,
        "--theme",
        folder / "t.toml",
        "--out",
        out,
    )
    assert code == 0, err
    (made,) = [p for p in out.iterdir() if p.is_dir()]
    assert cli(capsys, "check", made)[0] == 0
    with read_pdf(next(made.glob("*.pdf"))) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["upright"] and "DejaVuSans" in c["fontname"]]
    assert visual(title) in "".join(c["text"] for c in sorted(chars, key=lambda c: (round(c["top"]), c["x0"])))
    code, _, err = cli(
        capsys,
        "pack",
        "--pattern",
        "one",
        "--census",
        "3",
        "--copies",
        "1",
        "--title",
        title,
        "--out",
        tmp_path / "plain",
    )
    assert code == 0, err


def test_the_visual_order_is_the_unicode_algorithms():  # type: ignore[no-untyped-def]
    """The order ``visual`` draws in is the one python-bidi's other implementation (Rust's
    unicode-bidi, with bracket pairs) gives, brackets aside (which that one leaves unmirrored),
    and ``visual`` mirrors exactly the brackets that stand in right-to-left runs."""
    import arabic_reshaper
    from bidi import get_display

    from cardgen.render.bidi import _ONE_OF_A_PAIR, visual

    more = ["قطار (abc) 12", "[قطار] [abc]", "abc (قطار) def", "١٢٣ (قطار)", "قطار: 3.5%", "قطار (1", "שלום (עולם) [1]"]
    for title in RTL_TITLES + more:
        ours, theirs = visual(title), get_display(arabic_reshaper.reshape(title))
        assert ours.translate(_ONE_OF_A_PAIR) == theirs.translate(_ONE_OF_A_PAIR), title
    assert visual("(قطار)")[0] == "(" and visual("abc (قطار) def").startswith("abc (")


def test_a_title_drawn_in_the_wrong_order_is_named():  # type: ignore[no-untyped-def]
    """The check holds the letters as they stand on the page to what ``visual`` draws: a title
    drawn in the order it was typed (no bidi), or its words swapped, is named."""
    from cardgen.layout.shapes import Drawing, Text
    from cardgen.proof.pdfread import read_pages
    from cardgen.render import render
    from cardgen.render.bidi import drawn_form, visual

    title = "قطار abc 12"

    def drawn(text: str) -> str:
        (page,) = read_pages(render("pdf", [Drawing(100, 20, (Text(5, 10, text, 4),))], title="t"))
        (found,) = page.texts
        return found.drawn

    assert drawn_form(drawn(title)) == drawn_form(visual(title))
    for wrong in ("12 قطار abc", "راطق abc 12"):  # a word moved; the letters as typed, unordered
        assert drawn_form(drawn(wrong)) != drawn_form(visual(title)), wrong


def test_a_big_job_says_so_up_front(tmp_path, capsys, monkeypatch):  # type: ignore[no-untyped-def]
    import cardgen.write.deck as deck

    monkeypatch.setattr(deck, "BIG_JOB_SECONDS", 0.0)
    code, out, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--copies", "1", "--out", tmp_path)
    assert code == 0
    assert err.startswith("a big job: 3 cards, about") and "Ctrl-C stops it and writes nothing" in err
    monkeypatch.setattr(deck, "BIG_JOB_SECONDS", 15.0)
    code, out, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--copies", "1", "--out", tmp_path)
    assert code == 0 and err == ""


@pytest.mark.parametrize(
    "copies",
    [
        2,  # 2,600 cards: about 90 MB, half of it cardgen's own
        # 13,000 cards (about 280 MB): where the memory a card holds, not the program's own, is
        # most of it; a job that takes what it takes (4 s on a quiet 2-core machine)
        pytest.param(10, marks=pytest.mark.slow),
    ],
)
def test_a_big_jobs_memory_is_said_up_front_and_holds(tmp_path, copies):  # type: ignore[no-untyped-def]
    """F10: memory grows with the job (a streamed pack keeps a few values a card until the proof
    is done, #34); the notice says how much, and a real job stays within it."""
    # The job runs in a child forked from a small Python: a process's peak (ru_maxrss) outlives
    # exec, so one started from this test process would count pytest's own memory as its.
    script = (
        "import os, resource, sys\n"
        "import cardgen.write.deck as deck\n"
        "deck.BIG_JOB_SECONDS = 0.0\n"
        "from cardgen.cli import run\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    code = run(sys.argv[1:])\n"
        "    sys.stdout.flush(), sys.stderr.flush()\n"
        "    os._exit(code)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "sys.exit(os.waitstatus_to_exitcode(status))\n"
    )
    args = ["pack", "--pattern", "one", "--census", "26", "--copies", str(copies), "--out", str(tmp_path)]
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    amount, unit = done.stderr.split(" written and ")[1].split(" of memory")[0].split()
    said = float(amount) * {"GB": 1e9, "MB": 1e6}[unit]
    peak = int(done.stdout.split()[-1]) * 1024  # the job and its workers, at the largest (kB on Linux)
    assert peak <= 1.3 * said + 30e6, (peak, said)
    assert said <= 2.5 * peak, (peak, said)


@pytest.mark.parametrize(
    "config, needles",
    [
        (
            '[[pack]]\ncensus = 3\nbleed = "1/8in"\n\n[[pack]]\ncensus = 3\nbleed = "3.175mm"\n',
            ["item 2 (pack): the same as item 1 (pack: census 3, bleed 1/8in)"],
        ),
        ('paper = "zz"\ncard = "qq"\n\n[[pack]]\ncensus = 3\n', ["paper: paper 'zz' is unknown"]),
        ('card = "qq"\npaper = "zz"\n\n[[pack]]\ncensus = 3\n', ["card: card size 'qq' is unknown"]),
        ('[[pack]]\ncensus = 3\ntheme = ""\n', ["item 1 (pack): theme is empty"]),
        ('theme = " "\n[[pack]]\ncensus = 3\n', ["theme is empty"]),
    ],
)
def test_a_configs_mistake_is_named_as_written(tmp_path, capsys, config, needles):  # type: ignore[no-untyped-def]
    """The audit's minor findings: a duplicate quotes the first item as it was written, the
    first bad top-level value is the one named, an empty theme is said to be empty."""
    path = tmp_path / "cardgen.toml"
    path.write_text(config, encoding="utf-8")
    refused(capsys, tmp_path, ["build", "--config", path], *needles)


def test_an_empty_theme_option_is_said_to_be_empty(tmp_path, capsys):  # type: ignore[no-untyped-def]
    refused(capsys, tmp_path, ["pack", "--pattern", "one", "--census", "3", "--theme", ""], "theme is empty")


# ---------------------------------------------------------------- what a theme names is a file


def _not_a_file(folder: Path, kind: str) -> str:
    """A path in ``folder`` that is a ``kind`` (folder, fifo, device, socket), as a theme names it."""
    import os
    import socket

    if kind == "device":
        return "/dev/null"
    path = folder / f"x-{kind}.png"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))  # (the file stays when the socket is closed)
        s.close()
    return f"./{path.name}"


SAID = {
    "folder": "it is a folder, not a file",
    "fifo": "not a regular file: it is a pipe (FIFO)",
    "device": "not a regular file: it is a device",
    "socket": "not a regular file: it is a socket",
}


@pytest.mark.parametrize("key", ["logo", "back", "font", "bold_font"])
@pytest.mark.parametrize("kind", ["folder", "device", "socket"])
def test_a_theme_naming_a_folder_a_device_or_a_socket_says_so(tmp_path, capsys, key, kind):  # type: ignore[no-untyped-def]
    """#29: each was "no such file"; a folder, a device and a socket are named as what they are."""
    folder = tmp_path / "theme"
    folder.mkdir()
    (folder / "font.ttf").write_bytes(b"not read: the bold face is named first")
    value = _not_a_file(folder, kind)
    toml = f'{key} = "{value}"\n' + ('font = "font.ttf"\n' if key == "bold_font" else "")
    (folder / "mine.toml").write_text(toml)
    err = refused(capsys, tmp_path, ["pack", "--census", "2", "--theme", folder / "mine.toml"], f"{key} ")
    assert err.strip().endswith(f"{key} {value!r}: {SAID[kind]}"), err
    assert "no such file" not in err


@pytest.mark.parametrize("key", ["logo", "back", "font"])
def test_a_theme_naming_a_fifo_says_so_at_once_and_never_opens_it(tmp_path, key):  # type: ignore[no-untyped-def]
    """A FIFO opened for reading waits for a writer: cardgen names it without opening it (in a
    process of its own here, so that a wait would fail the test rather than hang it)."""
    folder = tmp_path / "theme"
    folder.mkdir()
    value = _not_a_file(folder, "fifo")
    (folder / "mine.toml").write_text(f'{key} = "{value}"\n')
    args = ["pack", "--census", "2", "--theme", str(folder / "mine.toml"), "--out", str(tmp_path / "out")]
    done = subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"error: theme mine.toml: {key} {value!r}: {SAID['fifo']}".replace(
        "theme mine.toml", f"theme {folder / 'mine.toml'}"
    ), done.stderr
    assert not (tmp_path / "out").exists()


def test_a_theme_naming_a_missing_file_still_says_no_such_file(tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = tmp_path / "theme"
    folder.mkdir()
    (folder / "mine.toml").write_text('logo = "art/gone.png"\n')
    refused(capsys, tmp_path, ["pack", "--theme", folder / "mine.toml"], "logo: no such file 'art/gone.png'")
