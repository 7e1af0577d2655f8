"""A theme's colours and legibility (#29): a text below WCAG's 4.5:1 for small text against what
it is drawn on is refused in one line naming the colour pair and the ratio; cardgen's own
colours, and the plain theme's, pass on every face and back they are drawn on.

The ratios here are WCAG 2's, worked by hand from its definition (relative luminance of sRGB,
(L1 + 0.05) / (L2 + 0.05)) and from the figures its own understanding documents give; the
pixels of a built pack are read back with pypdfium2 to see that the colours named are the ones
printed."""

from __future__ import annotations

import pytest

from cardgen.cli import run
from cardgen.layout.got.card import ACCENTS, TINTS, card_face
from cardgen.layout.got.card2d import ACCENT, TINT
from cardgen.layout.got.wild import WILD_ACCENT, WILD_TINT
from cardgen.layout.shapes import Drawing, Rect, Text
from cardgen.layout.theme import PLAIN, Colours, Theme
from cardgen.rules.got.patterns import make_pattern
from cardgen.themes.contrast import contrast, contrast_problems, text_grounds


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def wcag(a: str, b: str) -> float:
    """WCAG 2's contrast ratio, written out again from its definition (not the code's)."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4  # (0.03928: WCAG 2.0's text)

    def lum(h: str) -> float:
        r, g, b = (int(h[i : i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    hi, lo = max(lum(a), lum(b)), min(lum(a), lum(b))
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize(
    ("a", "b", "ratio"),
    [
        ("#000000", "#ffffff", 21.0),  # the largest there is
        ("#ffffff", "#ffffff", 1.0),
        ("#767676", "#ffffff", 4.54),  # the lightest grey that passes on white: WCAG's own example
        ("#777777", "#ffffff", 4.48),  # one step lighter fails
        ("#0000ff", "#ffffff", 8.59),
        ("#ff0000", "#ffffff", 4.0),
    ],
)
def test_the_ratio_is_wcags(a, b, ratio):  # type: ignore[no-untyped-def]
    assert contrast(a, b) == pytest.approx(ratio, abs=0.01)
    assert contrast(b, a) == pytest.approx(wcag(a, b), abs=0.005)


def test_a_texts_ground_is_what_it_is_drawn_on():  # type: ignore[no-untyped-def]
    d = Drawing(
        50,
        50,
        (
            Rect(0, 0, 50, 50, fill="#222222"),
            Text(10, 10, "on dark", 3.0, "start", fill="#ffffff"),
            Rect(20, 20, 20, 20, fill="#eeeeee"),
            Text(30, 32, "on light", 2.0, "middle", fill="#333333"),
            Text(5, 45, "still dark", 2.0, "start", fill="#cccccc"),
        ),
    )
    assert [(t.text, g) for t, g in text_grounds(d)] == [
        ("on dark", "#222222"),
        ("on light", "#eeeeee"),
        ("still dark", "#222222"),
    ]


def theme_file(tmp_path, body: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "mine.toml"
    path.write_text(body, "utf-8")
    return path


BAD = [
    # (the issue's) an accent of white: the ability white on the white panel
    ("pack", '[colours.one]\naccent = "#ffffff"\n', "colours.one", "#ffffff on #ffffff", "1.00:1"),
    # a light accent: the back's white name on it, the ability on the white panel
    ("pack", '[colours.two]\naccent = "#ffcc00"\n', "colours.two", "#ffcc00 on ", ":1"),
    ("pack", '[colours.three]\naccent = "#777777"\n', "colours.three", "#777777 on #ffffff", "4.48:1"),
    # a dark accent: the corner number (ink) on a removal's panel, made from the accent, is fine;
    # the back's white name on a yellow back is not
    ("pack2d", '[colours.2d]\naccent = "#e0e000"\n', "colours.2d", "#e0e000 on ", ":1"),
    ("pack2d", '[colours.remove]\naccent = "#aaaaaa"\n', "colours.remove", "#aaaaaa on ", ":1"),
    # the wild card's ground is its tint, lightened: a black tint leaves its gold word on grey
    ("pack", '[colours.wild]\ntint = "#000000"\n', "colours.wild", "#8a5a00 on #8c8c8c", "1.76:1"),
]


@pytest.mark.parametrize(("command", "body", "key", "pair", "ratio"), BAD, ids=[b[2] + b[1][-12:-2] for b in BAD])
def test_a_colour_leaving_text_illegible_is_one_line_naming_the_pair(capsys, tmp_path, command, body, key, pair, ratio):  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    args = [command, "--theme", theme_file(tmp_path, body), "--out", out]
    if command == "pack" and "wild" in body:
        args += ["--wilds", "1"]
    code, stdout, err = cli(capsys, *args)
    assert code == 2, stdout + err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert f"{key}: " in err and pair in err and "at least 4.5:1" in err and ratio in err, err
    assert not out.exists() or not any(out.iterdir())
    named = err.split(" in ", 1)[1].split(" has ")[0]  # "#rrggbb on #rrggbb"
    fg, bg = named.split(" on ")
    assert wcag(fg, bg) < 4.5, (fg, bg)


@pytest.mark.parametrize(
    "body",
    [
        '[colours.one]\naccent = "#595959"\n',  # 7:1 on white
        '[colours.two]\naccent = "#0b6e4f"\ntint = "#e3f1ea"\n',  # docs/example-theme.toml's
        '[colours.2d]\naccent = "#5b2a86"\n',
        '[colours.wild]\naccent = "#6b4400"\ntint = "#f6e7b4"\n',
    ],
)
def test_legible_colours_are_taken(capsys, tmp_path, body):  # type: ignore[no-untyped-def]
    command = "pack2d" if "2d" in body else "pack"
    extra = ["--wilds", "1", "--census", "3"] if "wild" in body else ["--census", "3"] if command == "pack" else []
    code, stdout, err = cli(capsys, command, *extra, "--theme", theme_file(tmp_path, body), "--out", tmp_path)
    assert code == 0, err


def everything(theme: Theme) -> Theme:
    """``theme`` with every colour key written out as cardgen's own: so each is checked."""
    own = [(k, Colours(ACCENTS[k], TINTS[k])) for k in ACCENTS]
    own += [("2d", Colours(ACCENT, TINT)), ("wild", Colours(WILD_ACCENT, WILD_TINT))]
    return Theme(name=theme.name, colours=tuple(sorted(own)), art=theme.art, back=theme.back, logo=theme.logo)


@pytest.mark.parametrize("theme", [Theme(), PLAIN, Theme(logo="locomotive")], ids=["default", "plain", "logo"])
def test_cardgens_own_colours_pass_on_every_face_and_back(theme):  # type: ignore[no-untyped-def]
    assert list(contrast_problems(everything(theme))) == []


def test_every_text_of_the_shipped_faces_stands_at_least_4_5_to_1():  # type: ignore[no-untyped-def]
    """Independently of the theme check's samples: every face of a pattern-two pack with number
    abilities (swaps on white, removals on their tint), its texts against their grounds."""
    pack = make_pattern("two", 7, numbers=True)
    worst = min(
        (wcag(t.fill, g), t.role)
        for c in pack.cards()
        for t, g in text_grounds(card_face(c, pack, (63.5, 88.9), title="Family night", mark="B"))
    )
    assert worst[0] >= 4.5, worst


def test_a_pack_built_in_a_theme_prints_the_colours_it_was_checked_in(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """The ability's pixels in the PDF are the accent (pypdfium2), on the white panel: what was
    checked is what is printed."""
    import pypdfium2 as pdfium

    body = '[colours.one]\naccent = "#595959"\n'
    code, _, err = cli(
        capsys, "pack", "--census", "2", "--copies", "1", "--theme", theme_file(tmp_path, body), "--out", tmp_path
    )
    assert code == 0, err
    (pdf,) = tmp_path.glob("*/*.pdf")
    page = pdfium.PdfDocument(pdf)[0]
    image = page.render(scale=4).to_pil().convert("RGB")
    colours = {c for _, c in image.getcolors(1 << 24)}
    assert (0x59, 0x59, 0x59) in colours and (255, 255, 255) in colours
