"""Card SVGs carry their own font (issues #13 and #12).

Every SVG embeds the glyphs its texts use, subset from the shipped DejaVu Sans Mono, as
``@font-face`` data; so it looks the same on a machine without the font. Shown here with real
renderers against the PDF raster of the same card (pypdfium2): resvg given only the fonts
found inside the SVG, and Debian's chromium with no DejaVu Sans Mono installed (it reads
``@font-face``; resvg ignores it, see ``test_resvg_ignores_font_face``). Each comparison has
a negative control that shows it can fail.

The writer became faster by writing shapes as markup: its output must stay byte for byte
what the svgwrite element objects wrote (``reference_svg`` below is that writer, kept as the
independent yardstick), the fonts apart. And the checker accepts exactly the fonts cardgen
embeds: a foreign style sheet, family, table or glyph is named.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import resvg_py
import svgwrite
from fontTools.ttLib import TTFont
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from PIL import Image, ImageChops, ImageStat

import cardgen.render.fonts as fonts_module
import cardgen.render.svg as svg_module
from cardgen.layout.shapes import Circle, Drawing, Group, Line, Polygon, Rect, Shape, Text, drawn_family
from cardgen.layout.shapes import Path as PathShape
from cardgen.render import font_path, render
from cardgen.render.fonts import SVG_FAMILIES
from tests.helpers import as_older, older_line

SVGNS = "{http://www.w3.org/2000/svg}"
FACE = re.compile(r"@font-face\{font-family:'([^']*)';font-weight:(\w+);src:url\(data:font/ttf;base64,([^)]*)\)")
STYLE = re.compile(r'<style type="text/css"><!\[CDATA\[.*?\]\]></style>', re.S)
DPI = 150


# ---------------------------------------------------------------- helpers (independent readers)


MONO, SANS = "DejaVu Sans Mono", "Atkinson Hyperlegible"  # the shipped families, as SVGs name them


def embedded(svg: str, family: str = MONO) -> dict[str, bytes]:
    """weight -> the TrueType bytes an SVG embeds for ``family``, read with a regex and base64 alone."""
    faces = {}
    for name, weight, data in FACE.findall(svg):
        assert name in (MONO, SANS)
        if name == family:
            faces[weight] = base64.b64decode(data)
    return faces


def faces_of(svg: str) -> dict[tuple[str, str], bytes]:
    """(family, weight) -> the TrueType bytes an SVG embeds, every family."""
    return {(family, weight): data for family in (MONO, SANS) for weight, data in embedded(svg, family).items()}


def texts_by_face(svg: str) -> dict[tuple[str, str], str]:
    """(family, weight) -> the characters the SVG's texts set in it."""
    out: dict[tuple[str, str], str] = {}
    for t in etree.fromstring(svg.encode("utf-8")).iter(f"{SVGNS}text"):
        family = SANS if SANS in (t.get("font-family") or "") else MONO
        key = (family, "bold" if t.get("font-weight") == "bold" else "normal")
        out[key] = out.get(key, "") + (t.text or "")
    return out


def without_fonts(svg: str) -> str:
    return STYLE.sub("", svg).replace("<defs></defs>", "<defs />")


@pytest.fixture(scope="module")
def pack(built):  # type: ignore[no-untyped-def]
    """Pattern two, census 7 (84 cards: swaps A↔B and removals A→X), nine to a page."""
    return built(pattern="two", census=7)


def card_svg(folder: Path, n: int) -> str:
    return (folder / "cards" / f"{n:03d}.svg").read_text("utf-8")


def pdf_card(folder: Path, n: int, dpi: float) -> Image.Image:
    """Card ``n`` cut out of its sheet in the PDF, rasterised by pdfium."""
    import pypdfium2 as pdfium

    from cardgen.manifest import plan_from_manifest

    plan = plan_from_manifest(json.loads((folder / "pack.json").read_text("utf-8")))
    page, slot = divmod(n - 1, plan.per_page)
    image = pdfium.PdfDocument(next(folder.glob("*.pdf")))[page].render(scale=dpi / 72).to_pil().convert("L")
    x, y = plan.slot(slot)
    w, h = plan.card

    def px(mm: float) -> int:
        return round(mm / 25.4 * dpi)

    return image.crop((px(x), px(y), px(x) + px(w), px(y) + px(h)))


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean grey difference, share of pixels more than 96 of 255 apart)."""
    assert a.size == b.size, (a.size, b.size)
    d = ImageChops.difference(a, b)
    far = d.point(lambda v: 255 if v > 96 else 0)
    return ImageStat.Stat(d).mean[0], ImageStat.Stat(far).mean[0] / 255


def resvg(svg: str, fonts: list[str]) -> Image.Image:
    png = resvg_py.svg_to_bytes(
        svg_string=svg, dpi=DPI, font_files=fonts or None, skip_system_fonts=True, background="white"
    )
    return Image.open(io.BytesIO(bytes(png))).convert("L")


def same(a: Image.Image, b: Image.Image) -> bool:
    # (a face's railway art is many fine edges, each anti-aliased by its own renderer: a card
    # drawn alike differs by about 2-3.3 grey levels on average, a card without its text by 6-13)
    mean, far = difference(a, b)
    return mean < 3.6 and far < 0.006


def different(a: Image.Image, b: Image.Image) -> bool:
    mean, far = difference(a, b)
    return mean > 5 and far > 0.015


# ---------------------------------------------------------------- what is embedded


def test_each_weight_used_is_embedded_with_every_glyph_and_the_fonts_metrics(pack):  # type: ignore[no-untyped-def]
    for n in (1, 7, 29, 84):
        svg = card_svg(pack, n)
        faces = faces_of(svg)
        texts = texts_by_face(svg)
        # a card's texts are all bold, in the monospace family (numbers, codes, arrows)
        assert set(faces) == {k for k, t in texts.items() if t} == {(MONO, "bold")}
        for (family, weight), data in faces.items():
            font = TTFont(io.BytesIO(data))
            cmap = font.getBestCmap()
            assert set(map(ord, texts[family, weight])) <= set(cmap)
            assert font["OS/2"].usWeightClass == {"normal": 400, "bold": 700}[weight]
            assert font["name"].getDebugName(1) == family
            if family == MONO:  # DejaVu Sans Mono: every glyph advances 1233/2048 em
                assert font["head"].unitsPerEm == 2048
                assert {font["hmtx"][g][0] for g in cmap.values()} == {1233}
            else:  # Atkinson Hyperlegible: 1000 units, proportional digits
                assert font["head"].unitsPerEm == 1000
                assert len({font["hmtx"][font.getBestCmap()[ord(d)]][0] for d in "0123456789" if ord(d) in cmap}) > 1


def test_the_subset_is_small_and_stamped_like_the_shipped_font(pack):  # type: ignore[no-untyped-def]
    svg = card_svg(pack, 1)
    faces = faces_of(svg)
    assert set(faces) == {(MONO, "bold")}
    # one small face and the railway art (a few paths and dashed lines)
    assert len(svg.encode("utf-8")) < 14_000
    for (family, _), data in faces.items():
        font = TTFont(io.BytesIO(data))
        shipped = TTFont(str(font_path(True, "sans" if family == SANS else "mono")))
        assert len(font.getGlyphOrder()) < 60  # digits, capitals, five arrows and .notdef; DejaVu has ~3000
        assert len(data) < 6000
        # no build time inside: same bytes every build
        assert (font["head"].created, font["head"].modified) == (shipped["head"].created, shipped["head"].modified)


def test_the_same_card_has_the_same_bytes_in_another_process(pack):  # type: ignore[no-untyped-def]
    script = (
        "import sys\n"
        "from cardgen.options import print_options\n"
        "from cardgen.products.got import PACK\n"
        "from cardgen.rules.got.patterns import make_pattern\n"
        "from cardgen.render import render\n"
        "spec = make_pattern('two', 7)\n"
        "sys.stdout.buffer.write(render('svg', [PACK.face(spec.printed()[28], spec, print_options())]))\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed}
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] == (pack / "cards" / "029.svg").read_bytes()


def test_a_pack_subsets_each_face_once_or_twice():  # type: ignore[no-untyped-def]
    from cardgen.options import print_options
    from cardgen.products.got import PACK
    from cardgen.rules.got.patterns import make_pattern

    spec = make_pattern("one", 12)  # 264 cards, numbers 1..264, abilities A↔B … K↔L
    fonts_module.font_face.cache_clear()
    for item in spec.printed():
        render("svg", [PACK.face(item, spec, print_options())])
    info = fonts_module.font_face.cache_info()
    assert info.misses == 1 and info.hits == 263


@pytest.mark.parametrize("family", ["mono", "sans"])
@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("blocks", list(fonts_module.READY))
def test_the_ready_made_subsets_draw_every_character_of_their_blocks_as_the_shipped_font(bold, blocks, family):  # type: ignore[no-untyped-def]
    """The checker knows the shipped subsets by their bytes: here each one is read with fontTools
    and compared glyph by glyph with the shipped face (the checker's path for any other font)."""
    from cardgen.proof.fonts import _foreign_font

    data = base64.b64encode(fonts_module.ready_path(bold, blocks, family).read_bytes()).decode("ascii")
    chars = "".join(fonts_module.BLOCKS_OF[family][i] for i in blocks)
    shipped = set(TTFont(str(font_path(bold, family))).getBestCmap())
    assert set(map(ord, chars)) <= shipped
    want = frozenset(map(ord, chars))
    assert _foreign_font(bold, data, fonts_module.unicode_range(map(ord, chars)), family=family) == want
    assert fonts_module.ready_faces(bold, family)[data] == want
    # and the writer embeds that file for exactly these characters
    rule = fonts_module.font_face(bold, frozenset(chars), family)
    assert f"base64,{data})" in rule and f"font-weight:{'bold' if bold else 'normal'}" in rule


def test_the_sans_metrics_layout_measures_with_are_the_shipped_files():  # type: ignore[no-untyped-def]
    """``layout/metrics.py`` is what ``python -m cardgen.render.fonts`` reads off the shipped
    Atkinson Hyperlegible files, and agrees with ReportLab's widths (which place the PDF's texts)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont as RLFont

    from cardgen.layout import metrics
    from cardgen.layout.shapes import text_width

    assert (Path(metrics.__file__).read_text(encoding="utf-8")) == fonts_module.metrics_source()
    for bold in (False, True):
        name = f"test-sans-{bold}"
        pdfmetrics.registerFont(RLFont(name, str(font_path(bold, "sans"))))
        for text in ("Game of Trains", "pattern two · census 7 · sheet 3 of 10", "Anywhere", "Ç’est “là” — 12½"):
            want = pdfmetrics.stringWidth(text, name, 10)  # points at 10 pt: mm at 10 mm
            assert abs(text_width(text, 10, bold=bold, family="sans") - want) < 1e-6


def test_a_sans_text_is_drawn_and_checked_in_the_sans_family_and_one_it_cannot_draw_in_mono():  # type: ignore[no-untyped-def]
    from cardgen.layout.shapes import Drawing

    d = Drawing(60, 30, (Text(30, 10, "Skip", 5, family="sans", bold=True), Text(30, 20, "A→X", 5, family="sans")))
    svg = render("svg", [d]).decode("utf-8")
    assert "font-family=\"'Atkinson Hyperlegible', sans-serif\"" in svg
    assert "@font-face{font-family:'Atkinson Hyperlegible';font-weight:bold" in svg
    doc = parse(svg)
    assert doc.problems == []
    assert [(t.text, t.family) for t in doc.texts] == [("Skip", "sans"), ("A→X", "mono")]
    # the sans glyphs are checked against the sans face: the monospace family's bytes in its place are named
    mono = re.search(
        r"@font-face\{font-family:'DejaVu Sans Mono';font-weight:normal;src:url\(data:font/ttf;base64,([^)]*)\)", svg
    )
    sans = re.search(
        r"@font-face\{font-family:'Atkinson Hyperlegible';font-weight:bold;src:url\(data:font/ttf;base64,([^)]*)\)", svg
    )
    assert mono and sans
    assert "font that" in problems(svg.replace(sans[1], mono[1]))


def test_a_pack_is_written_and_checked_without_the_font_subsetter(tmp_path):  # type: ignore[no-untyped-def]
    """Speed (issue #12): the subsets a pack needs ship ready-made; fontTools is not even imported."""
    script = (
        "import sys\n"
        "from cardgen.cli import run\n"
        f"assert run(['pack', '--pattern', 'two', '--census', '7', '--out', {str(tmp_path)!r}]) == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith('fontTools')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


# ---------------------------------------------------------------- real renderers against the PDF


def test_resvg_ignores_font_face(pack):  # type: ignore[no-untyped-def]
    """Why the resvg test below hands resvg the fonts it finds in the SVG: resvg has no
    ``@font-face``, so with no font files it draws no text at all, embedded fonts or not."""
    svg = card_svg(pack, 1)
    blank = resvg(re.sub(r"<text[^>]*>[^<]*</text>", "", svg), [])
    assert same(resvg(svg, []), blank)


def test_resvg_with_only_the_fonts_inside_the_svg_draws_the_pdf(pack, tmp_path):  # type: ignore[no-untyped-def]
    for n in (1, 5, 72):  # a removal, a swap, a two-digit number
        svg = card_svg(pack, n)
        files = []
        for (family, weight), data in faces_of(svg).items():
            files.append(str(tmp_path / f"{n}-{family[:4]}-{weight}.ttf"))
            Path(files[-1]).write_bytes(data)
        pdf = pdf_card(pack, n, DPI)
        assert same(resvg(svg, files), pdf), (n, difference(resvg(svg, files), pdf))
        assert different(resvg(svg, []), pdf)  # the control: without those fonts, no text


def chromium_shot(svg: str, tmp_path: Path, scale: int = 2) -> Image.Image:
    """A headless chromium screenshot of the SVG (a poker card, 240 × 336 CSS px) on a machine
    whose only font is DejaVu Sans (proportional): DejaVu Sans Mono is not installed."""
    fonts = tmp_path / "fonts"
    fonts.mkdir(exist_ok=True)
    shutil.copy(font_path(False).with_name("DejaVuSans.ttf"), fonts)
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>{fonts}</dir>'
        f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    page, shot = tmp_path / "card.svg", tmp_path / "shot.png"
    page.write_text(svg, "utf-8")
    shot.unlink(missing_ok=True)
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=240,336",
         f"--force-device-scale-factor={scale}", "--virtual-time-budget=5000", f"--screenshot={shot}", page.as_uri()],
        env={"FONTCONFIG_FILE": str(conf), "HOME": str(tmp_path), "PATH": os.environ.get("PATH", "/usr/bin")},
        capture_output=True, timeout=180, check=True,
    )  # fmt: skip
    return Image.open(shot).convert("L")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed")
def test_chromium_without_the_font_installed_draws_the_pdf(pack, tmp_path):  # type: ignore[no-untyped-def]
    svg = card_svg(pack, 1)
    pdf = pdf_card(pack, 1, 192)  # 96 CSS px an inch, at device scale 2
    assert same(chromium_shot(svg, tmp_path), pdf), difference(chromium_shot(svg, tmp_path), pdf)
    # the control: the same SVG without its @font-face falls back to DejaVu Sans
    assert different(chromium_shot(without_fonts(svg), tmp_path), pdf)


# ---------------------------------------------------------------- byte for byte what svgwrite wrote


def reference_svg(drawing: Drawing, title: str = "") -> bytes:
    """The writer as it was: one svgwrite element object per shape (kept as the yardstick)."""

    def n(v: float) -> str:
        s = f"{v:.3f}".rstrip("0").rstrip(".")
        return "0" if s == "-0" else s

    ox, oy = drawing.origin
    d = svgwrite.Drawing(
        size=(f"{n(drawing.width)}mm", f"{n(drawing.height)}mm"),
        viewBox=f"{n(ox)} {n(oy)} {n(drawing.width)} {n(drawing.height)}",
        profile="full",
        debug=False,
    )
    clips = 0
    if title or drawing.title:
        d.set_desc(title=title or drawing.title)

    def paint(el, fill, stroke, width):  # type: ignore[no-untyped-def]
        el["fill"] = fill or "none"
        if stroke:
            el["stroke"] = stroke
            el["stroke-width"] = n(width)

    def add(parent, shape: Shape) -> None:  # type: ignore[no-untyped-def]
        nonlocal clips
        attrs = {"class_": shape.role} if shape.role else {}
        if isinstance(shape, Rect):
            el = d.rect(insert=(n(shape.x), n(shape.y)), size=(n(shape.w), n(shape.h)), **attrs)
            if shape.radius:
                el["rx"] = el["ry"] = n(shape.radius)
            paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, Line):
            el = d.line(start=(n(shape.x1), n(shape.y1)), end=(n(shape.x2), n(shape.y2)), **attrs)
            paint(el, None, shape.stroke, shape.stroke_width)
            if sum(max(v, 0.0) for v in shape.dash) > 0:  # (a pattern of no length is a solid line: #29)
                el["stroke-dasharray"] = " ".join(n(max(v, 0.0)) for v in shape.dash)
        elif isinstance(shape, Polygon):
            el = d.polygon(points=[(float(n(x)), float(n(y))) for x, y in shape.points], **attrs)
            paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, Circle):
            el = d.circle(center=(n(shape.cx), n(shape.cy)), r=n(shape.r), **attrs)
            paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, PathShape):
            el = d.path(d=svg_module.path_data(shape), **attrs)
            paint(el, shape.fill, shape.stroke, shape.stroke_width)
        elif isinstance(shape, Text):
            el = d.text(shape.text, insert=(n(shape.x), n(shape.y)), **attrs)
            el["font-family"] = SVG_FAMILIES[drawn_family(shape.text, shape.family)]
            el["font-size"] = n(shape.size)
            el["text-anchor"] = shape.anchor
            el["fill"] = shape.fill
            if shape.bold:
                el["font-weight"] = "bold"
            if shape.rotate:
                el["transform"] = f"rotate({shape.rotate} {n(shape.x)} {n(shape.y)})"
        else:
            el = d.g(**attrs)
            if shape.dx or shape.dy:
                el["transform"] = f"translate({n(shape.dx)} {n(shape.dy)})"
            inner = el
            if shape.clip:
                clips += 1
                clip = d.defs.add(d.clipPath(id=f"clip{clips}"))
                x, y, w, h = shape.clip
                clip.add(d.rect(insert=(n(x), n(y)), size=(n(w), n(h))))
                inner = el.add(d.g(clip_path=f"url(#clip{clips})"))
            for child in shape.shapes:
                add(inner, child)
        parent.add(el)

    for shape in drawing.shapes:
        add(d, shape)
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + d.tostring() + "\n").encode("utf-8")


@pytest.fixture(scope="module")
def drawings(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Every drawing the products hand the SVG writer, recorded from real builds."""
    from cardgen.cli import run

    seen: list[tuple[Drawing, str]] = []
    real = svg_module.write_svg

    def record(pages, *, title=""):  # type: ignore[no-untyped-def]
        seen.append((pages[0], title))
        return real(pages, title=title)

    out = tmp_path_factory.mktemp("drawings")
    commands = [
        ["pack", "--pattern", "two", "--census", "5", "--title", 'Café <&> "night"', "--bleed", "3mm", "--backs"],
        ["pack", "--pattern", "three", "--census", "4", "--card", "mini"],
        ["pack2d", "--backs", "--title", "Zoë"],
        ["tiles", "--set", "full", "--numerals", "--backs"],
        ["tiles"],
        ["placemat", "--census", "7", "--title", "A & B"],
        ["placemat", "--grid", "3x3"],
        ["scoresheet", "supertrain", "--players", "5"],
        ["scorecard", "--players", "2"],
        ["deck", "--jokers", "1", "--four-colour", "--backs", "--title", "Zoë"],
        ["handout", "got", "--pattern", "two", "--census", "5"],
        ["handout", "supertrain"],
        ["testpage"],
    ]
    mp = pytest.MonkeyPatch()
    mp.setattr(svg_module, "write_svg", record)
    try:
        for args in commands:
            assert run([*args, "--out", str(out)]) == 0, args
    finally:
        mp.undo()
    assert len(seen) > 250
    return seen


def test_every_product_svg_is_what_svgwrite_objects_wrote_but_the_fonts(drawings, monkeypatch):  # type: ignore[no-untyped-def]
    with_fonts = [svg_module.write_svg([d], title=t).decode("utf-8") for d, t in drawings]
    monkeypatch.setattr(svg_module, "font_faces", lambda regular, bold, theme={}, sans={}: "")
    for (d, t), fonts in zip(drawings, with_fonts):
        want = reference_svg(d, t)
        assert svg_module.write_svg([d], title=t) == want
        assert without_fonts(fonts).encode("utf-8") == want
        assert ("@font-face" in fonts) == any(isinstance(s, Text) for s in walk_all(d.shapes))


def walk_all(shapes: tuple[Shape, ...]):  # type: ignore[no-untyped-def]
    for s in shapes:
        yield s
        if isinstance(s, Group):
            yield from walk_all(s.shapes)


WORDS = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)
SPECIAL = st.sampled_from(["", "&", "<b>", '"q"', "a\nb", "t\tab", "\r", "A↔B", "é", " "])
TEXTS = st.one_of(WORDS, SPECIAL)
ROLES = st.one_of(st.just(""), st.sampled_from(["number", "a&b", 'q"', "x y"]))
NUM = st.floats(-500, 500, allow_nan=False)
POS = st.floats(0, 200, allow_nan=False)
COLOUR = st.one_of(st.none(), st.sampled_from(["#1a1a1a", "#ffffff", "", "a<b"]))
LEAF = st.one_of(
    st.builds(Rect, NUM, NUM, POS, POS, fill=COLOUR, stroke=COLOUR, stroke_width=POS, radius=POS, role=ROLES),
    st.builds(Line, NUM, NUM, NUM, NUM, stroke=st.sampled_from(["#000000", "&"]), role=ROLES,
              dash=st.lists(POS, max_size=3).map(tuple)),
    st.builds(Polygon, st.lists(st.tuples(NUM, NUM), min_size=1, max_size=4).map(tuple), fill=COLOUR, role=ROLES),
    st.builds(Circle, NUM, NUM, POS, fill=COLOUR, stroke=COLOUR, stroke_width=POS, role=ROLES),
    st.builds(PathShape, st.tuples(NUM, NUM), st.lists(st.one_of(st.tuples(NUM, NUM), st.tuples(*[NUM] * 6)),
              max_size=3).map(tuple), closed=st.booleans(), fill=COLOUR, role=ROLES),
    st.builds(Text, NUM, NUM, TEXTS, POS, anchor=st.sampled_from(["start", "middle", "end"]),
              rotate=st.sampled_from([0, 90, 180]), fill=st.sampled_from(["#1a1a1a", "", "&"]), bold=st.booleans(),
              role=ROLES),
)  # fmt: skip
SHAPES = st.recursive(
    LEAF,
    lambda inner: st.builds(
        Group,
        st.lists(inner, max_size=3).map(tuple),
        dx=NUM,
        dy=NUM,
        clip=st.one_of(st.none(), st.tuples(NUM, NUM, POS, POS)),
        role=ROLES,
    ),  # fmt: skip
    max_leaves=8,
)


@settings(max_examples=300)
@given(shapes=st.lists(SHAPES, max_size=5), title=st.one_of(st.just(""), TEXTS), origin=st.tuples(NUM, NUM))
def test_any_shape_tree_is_written_as_svgwrite_objects_wrote_it(shapes, title, origin):  # type: ignore[no-untyped-def]
    drawing = Drawing(63.5, 88.9, tuple(shapes), origin=origin)
    mp = pytest.MonkeyPatch()
    mp.setattr(svg_module, "font_faces", lambda regular, bold, theme={}, sans={}: "")
    try:
        assert svg_module.write_svg([drawing], title=title) == reference_svg(drawing, title)
    finally:
        mp.undo()


# ---------------------------------------------------------------- the checker accepts cardgen's fonts only


def parse(svg: str):  # type: ignore[no-untyped-def]
    from cardgen.proof.svg import parse_svg

    doc = parse_svg(svg.encode("utf-8"), "cards/001.svg")
    assert not isinstance(doc, str), doc
    return doc


def forged(svg: str, edit) -> str:  # type: ignore[no-untyped-def]
    """The SVG with its bold font edited by ``edit(font)`` (a fontTools TTFont) and put back."""
    data = embedded(svg)["bold"]
    font = TTFont(io.BytesIO(data))
    edit(font)
    buf = io.BytesIO()
    font.save(buf)
    return svg.replace(base64.b64encode(data).decode(), base64.b64encode(buf.getvalue()).decode())


def swap(a: str, b: str):  # type: ignore[no-untyped-def]
    """An edit that makes a font draw ``a`` with ``b``'s glyph and the other way round."""

    def edit(font):  # type: ignore[no-untyped-def]
        for table in font["cmap"].tables:  # (subtables may share one dict: give each its own)
            table.cmap = {**table.cmap, ord(a): table.cmap[ord(b)], ord(b): table.cmap[ord(a)]}

    return edit


def test_the_fonts_cardgen_embeds_are_accepted_and_older_svgs_without_them_too(pack):  # type: ignore[no-untyped-def]
    svg = card_svg(pack, 1)
    doc = parse(svg)
    assert doc.problems == []
    assert {ord(c) for c in "1A→X"} <= doc.fonts["mono", True] and ("mono", False) not in doc.fonts
    assert parse(without_fonts(svg)).problems == []


def problems(svg: str) -> str:
    return " | ".join(parse(svg).problems)


def test_a_style_sheet_other_than_the_fonts_is_refused(pack):  # type: ignore[no-untyped-def]
    svg = card_svg(pack, 1)
    assert "<style>" in problems(svg.replace("<![CDATA[", "<![CDATA[.ability{display:none}\n"))
    assert "<style>" in problems(svg.replace("]]></style>", "\n.ability{display:none}]]></style>"))
    assert "<style>" in problems(svg.replace("]]></style>", "]]></style><style>.ability{opacity:0}</style>"))
    assert "<style>" in problems(svg.replace("</defs>", '</defs><style type="text/css">.ability{fill:#fff}</style>'))
    assert "<style>" in problems(svg.replace("font-family:'DejaVu Sans Mono'", "font-family:'Comic Sans MS'"))
    assert "<style>" in problems(svg.replace('type="text/css"', 'type="text/xsl"'))
    # the rule twice: the second would win over the first
    rule = re.search(r"<!\[CDATA\[(.*?)\]\]>", svg, re.S)[1]  # type: ignore[index]
    assert "repeated" in problems(svg.replace(rule, rule + "\n" + rule))


def test_a_font_drawing_other_glyphs_is_refused(pack):  # type: ignore[no-untyped-def]
    svg = card_svg(pack, 1)

    assert "draws 'A' (U+0041) unlike the shipped font" in problems(forged(svg, swap("A", "X")))

    def wider(font):  # type: ignore[no-untyped-def]
        font["hmtx"]["one"] = (1500, font["hmtx"]["one"][1])

    assert "draws '1'" in problems(forged(svg, wider))

    def kerned(font):  # type: ignore[no-untyped-def]
        from fontTools.ttLib import newTable
        from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

        pairs = KernTable_format_0()
        pairs.version, pairs.format, pairs.coverage, pairs.kernTable = 0, 0, 1, {("A", "X"): -900}
        font["kern"] = newTable("kern")
        font["kern"].version, font["kern"].kernTables = 0, [pairs]

    assert "tables cardgen never embeds (kern)" in problems(forged(svg, kerned))
    assert "claims characters" in problems(svg.replace("unicode-range:U+30-39", "unicode-range:U+20-39"))
    junk = base64.b64encode(b"\0\1\0\0" + bytes(200)).decode()
    assert "cannot be read as a font" in problems(re.sub(r"base64,[^)]*\)", f"base64,{junk})", svg))


def test_a_text_with_letters_its_embedded_font_lacks_is_named(pack):  # type: ignore[no-untyped-def]
    svg = card_svg(pack, 1).replace(">A→X</text>", ">Aé</text>", 1)
    assert "letters 'é' that its embedded font lacks" in problems(svg)


def test_the_folder_checker_names_a_forged_font_in_an_older_pack(pack, tmp_path):  # type: ignore[no-untyped-def]
    """An older pack is not redrawn byte for byte: the font itself must be found out."""
    from cardgen.check import check_folder

    folder = tmp_path / pack.name
    shutil.copytree(pack, folder)
    as_older(folder)
    messages = [v.message for v in check_folder(folder)]
    assert len(messages) == 1 and messages[0].startswith(older_line())

    target = folder / "cards" / "001.svg"
    target.write_text(forged(target.read_text("utf-8"), swap("1", "7")), "utf-8")
    found = [v.message for v in check_folder(folder)]
    assert any("cards/001.svg" in m and "draws '1' (U+0031) unlike the shipped font" in m for m in found), found


@settings(max_examples=25)
@given(
    texts=st.lists(
        st.tuples(st.text(st.sampled_from("0aZ →↔é·×€ẞ\u4e2d&<"), min_size=1, max_size=6), st.booleans()),
        min_size=1,
        max_size=4,
    )
)
def test_the_checker_accepts_whatever_fonts_the_writer_embeds(texts):  # type: ignore[no-untyped-def]
    """Any texts (some characters the font lacks: 中, maybe ẞ), regular and bold: what the
    writer embeds is what the checker accepts, and every character the font has is embedded."""
    shapes = tuple(Text(10, 10 + 5 * i, t, 4, bold=b) for i, (t, b) in enumerate(texts))
    svg = render("svg", [Drawing(60, 40, shapes)]).decode("utf-8")
    assert parse(svg).problems == []
    for weight, data in embedded(svg).items():
        cmap = TTFont(io.BytesIO(data)).getBestCmap()
        shipped = SHIPPED[weight == "bold"]
        used = {ord(c) for t, b in texts if b == (weight == "bold") for c in t}
        assert used & shipped <= set(cmap) <= shipped
        assert 0x4E2D not in shipped  # 中: DejaVu has no CJK


SHIPPED = {bold: set(TTFont(str(font_path(bold))).getBestCmap()) for bold in (False, True)}


def test_tile_svgs_embed_their_fonts_and_check_clean(tmp_path):  # type: ignore[no-untyped-def]
    from cardgen.check import check_folder
    from cardgen.cli import run

    assert run(["tiles", "--numerals", "--out", str(tmp_path)]) == 0
    folder = tmp_path / "supertrain-wild-numerals"
    tile = (folder / "tiles" / "12-train.svg").read_text("utf-8")
    assert "bold" in embedded(tile, "Atkinson Hyperlegible")  # the numerals
    assert check_folder(folder) == []


@pytest.mark.parametrize("title", ["Zug ✓", "Café №5 ★", "Ω ≤ ∞ · ½"])
def test_titles_beyond_ascii_build_and_check_clean(tmp_path, title):
    """Composite glyphs (✓) come out of the subsetter re-rounded by a font unit: still the shipped glyph."""
    from cardgen.cli import run

    assert run(["pack", "--census", "3", "--copies", "1", "--title", title, "--out", str(tmp_path)]) == 0
    assert run(["check", str(next(tmp_path.iterdir()))]) == 0
