"""Freeze tokens (seed 002 §11, `cardgen tokens`): read back with lxml and pdfplumber, measured
in the PDF, and proved by `cardgen check`, which names every token edited."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from cardgen.check import check_folder
from cardgen.cli import run
from tests.helpers import read_pdf

SVGNS = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):  # type: ignore[no-untyped-def]
    from cardgen.options import print_options
    from cardgen.products.tokens import build_tokens

    out = tmp_path_factory.mktemp("tokens")
    return {
        "a4": build_tokens(players=3, per_player=2, out=out).folder,
        "letter": build_tokens(
            players=8, per_player=9, opts=print_options(paper="letter", title="Night"), out=out
        ).folder,
    }


@pytest.fixture
def sheet(sheets, tmp_path):  # type: ignore[no-untyped-def]
    dest = tmp_path / sheets["a4"].name
    shutil.copytree(sheets["a4"], dest)
    return dest


def test_the_sheet_holds_each_players_tokens(sheets) -> None:  # type: ignore[no-untyped-def]
    folder = sheets["a4"]
    assert folder.name == "freeze-tokens-3-players-2-each"
    assert sorted(p.name for p in (folder / "tokens").iterdir()) == [
        f"p{p}-{i:02d}.svg" for p in (1, 2, 3) for i in (1, 2)
    ]
    data = json.loads((folder / "pack.json").read_text("utf-8"))
    assert (data["game"], data["players"], data["per_player"], data["cards"]) == ("tokens", 3, 2, 6)
    assert (folder / "tokens.csv").read_text("utf-8").splitlines() == [
        "player,colour,symbol,tokens",
        "1,blue,triangle,2",
        "2,vermilion,square,2",
        "3,green,star,2",
    ]
    assert check_folder(folder) == []


def test_each_player_has_a_colour_and_a_symbol_of_their_own(sheets) -> None:  # type: ignore[no-untyped-def]
    seen = {}
    for path in sorted((sheets["letter"] / "tokens").glob("p*-01.svg")):
        root = etree.parse(str(path)).getroot()
        disc = next(c for c in root.iter(f"{SVGNS}circle") if c.get("class") == "token-disc")
        symbol = next(e.get("class") for e in root.iter() if (e.get("class") or "").startswith("symbol-"))
        number = next("".join(t.itertext()) for t in root.iter(f"{SVGNS}text") if t.get("class") == "token-player")
        seen[number] = (disc.get("fill"), symbol)
    assert len(seen) == 8
    assert len({c for c, _ in seen.values()}) == 8 and len({s for _, s in seen.values()}) == 8
    # no symbol is another turned: a square and a diamond would be the same token lying another way
    assert not {"symbol-square", "symbol-diamond"} <= {s for _, s in seen.values()}


def test_a_token_is_a_one_inch_disc_on_paper(sheets) -> None:  # type: ignore[no-untyped-def]
    """Measured in the PDF: the colour is a disc a bit more than 25.4 mm across (a 1 inch punch),
    and no line lies on or near the punch's circle: every other round line of a token is at
    least 1.5 mm inside it (a white ring on the punch line left a white arc where a punch was
    off centre)."""
    with read_pdf(next(sheets["a4"].glob("*.pdf"))) as pdf:
        page = pdf.pages[0]
        assert (round(page.width), round(page.height)) == (595, 842)
        discs = [c for c in page.curves if c["fill"] and round((c["x1"] - c["x0"]) / PT, 1) == 27.0]
        words = Counter(w["text"] for w in page.extract_words(extra_attrs=["size"]) if w["size"] > 10)  # not the label
        assert len(discs) == 6
        for disc in discs:
            cx, cy = (disc["x0"] + disc["x1"]) / 2, (disc["top"] + disc["bottom"]) / 2
            inside = [c for c in page.curves if c is not disc and abs((c["x0"] + c["x1"]) / 2 - cx) < 14 * PT and abs((c["top"] + c["bottom"]) / 2 - cy) < 14 * PT]  # fmt: skip
            for c in inside:
                half = (c.get("linewidth") or 0) / 2 if c["stroke"] else 0.0
                corners = [(c["x0"] - half, c["top"] - half), (c["x1"] + half, c["bottom"] + half)]
                reach = max(max(abs(x - cx), abs(y - cy)) for x, y in corners) / PT  # its outer edge, in mm
                assert reach <= 25.4 / 2 - 1.5 + 0.01, (reach, c["stroke"], c["fill"])
    assert words["1"] == words["2"] == words["3"] == 2


def test_each_player_has_rows_of_their_own_on_a4_and_letter(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Seven tokens a player (the default) on A4 and on Letter: each row of the sheet holds one
    player's tokens, all of them (a colour no longer runs on into the next row)."""
    from cardgen.options import print_options
    from cardgen.products.tokens import build_tokens

    for paper in ("a4", "letter"):
        folder = build_tokens(players=8, opts=print_options(paper=paper), out=tmp_path / paper).folder
        with read_pdf(next(folder.glob("*.pdf"))) as pdf:
            assert len(pdf.pages) == 1  # 56 tokens: 70 an A4 sheet, 63 a Letter one
            for page in pdf.pages:
                numbers = [
                    w for w in page.extract_words(extra_attrs=["size"]) if w["size"] > 10 and w["text"].isdigit()
                ]
                rows: dict[int, set[str]] = {}
                for w in numbers:
                    rows.setdefault(round(w["top"]), set()).add(w["text"])
                assert all(len(players) == 1 for players in rows.values()), rows
                counts = Counter(w["text"] for w in numbers)
                assert set(counts.values()) == {7}, counts
        assert check_folder(folder) == []


def test_letter_paper_holds_63_a_sheet(sheets) -> None:  # type: ignore[no-untyped-def]
    folder = sheets["letter"]
    assert folder.name == "freeze-tokens-8-players-9-each-letter-night"  # the title is in the name too
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        assert len(pdf.pages) == 2 and (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)
        text = pdf.pages[0].extract_text()
    assert "Night" in text and "sheet 1 of 2" in text
    assert check_folder(folder) == []


def messages(folder: Path) -> str:
    return "\n".join(v.message for v in check_folder(folder))


def test_every_token_edited_is_named(sheet) -> None:  # type: ignore[no-untyped-def]
    for path in sorted((sheet / "tokens").glob("*.svg")):
        original = path.read_text("utf-8")
        player = int(path.stem[1])
        # another player's number on it
        other = 1 + player % 3
        path.write_text(re.sub(r'(class="token-player"[^>]*>)\d<', rf"\g<1>{other}<", original), "utf-8")
        assert f"tokens/{path.name}" in messages(sheet), path
        # another colour on its disc
        path.write_text(
            re.sub(r'(<circle class="token-disc"[^>]*fill=")#[0-9a-f]{6}', r"\g<1>#123456", original), "utf-8"
        )
        assert f"tokens/{path.name}: player {player}'s disc is #123456" in messages(sheet)
        # another player's symbol
        path.write_text(re.sub(r'class="symbol-[a-z]+"', 'class="symbol-heart"', original), "utf-8")
        assert f"tokens/{path.name}: player {player}'s symbol is heart" in messages(sheet)
        path.write_text(original, "utf-8")
    assert check_folder(sheet) == []


def test_a_missing_or_extra_token_is_counted(sheet) -> None:  # type: ignore[no-untyped-def]
    (sheet / "tokens" / "p2-02.svg").unlink()
    out = messages(sheet)
    assert "svg: no SVG for tokens p2-02" in out and "svg: player 2 has 1 token, wanted 2" in out
    shutil.copy(sheet / "tokens" / "p1-01.svg", sheet / "tokens" / "p2-02.svg")
    out = messages(sheet)
    assert (
        "svg: tokens/p2-02.svg is a token of player 1, not 2" in out and "svg: player 1 has 3 tokens, wanted 2" in out
    )


def test_bad_counts_are_refused_in_one_line(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    for args, words in (
        (["--players", "9"], "players 9 is out of range: allowed 2 to 8"),
        (["--per-player", "0"], "per-player 0 is out of range: allowed 1 to 26"),
    ):
        code, _, err = cli(capsys, "tokens", *args, "--out", tmp_path)
        assert code == 2 and words in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_token_reads_as_a_coin_inside_its_cut(sheets) -> None:  # type: ignore[no-untyped-def]
    """Measured in the PDF: within each cut circle a rim, and inside the rim all of the token's
    words (FROZEN and the player's number, in the sans family) and its symbol."""
    from cardgen.layout.got.freeze_tokens import CELL, RIM

    with read_pdf(next(sheets["a4"].glob("*.pdf"))) as pdf:
        page = pdf.pages[0]
        cells = [r for r in page.rects if abs(r["width"] - CELL * PT) < 0.05 and abs(r["height"] - CELL * PT) < 0.05]
        assert len(cells) == 6
        for cell in cells:
            cx, cy = (cell["x0"] + cell["x1"]) / 2, (cell["top"] + cell["bottom"]) / 2
            rims = [c for c in page.curves if c["stroke"] and not c["fill"] and abs((c["x1"] - c["x0"]) / 2 - RIM * PT) < 0.05 and abs((c["x0"] + c["x1"]) / 2 - cx) < 0.05]  # fmt: skip
            assert len(rims) == 1
            inner = RIM * PT - rims[0]["linewidth"] / 2
            words = [w for w in page.extract_words(extra_attrs=["fontname"]) if abs((w["x0"] + w["x1"]) / 2 - cx) < inner and abs((w["top"] + w["bottom"]) / 2 - cy) < inner]  # fmt: skip
            assert [w["text"] for w in words][0] == "FROZEN" and words[-1]["text"].isdigit()
            assert all("AtkinsonHyperlegible-Bold" in w["fontname"] for w in words)
            for obj in words + [c for c in page.curves + page.rects if c is not cell and abs((c["x0"] + c["x1"]) / 2 - cx) < 1 and c["x1"] - c["x0"] < 14 * PT]:  # fmt: skip
                for x, y in ((obj["x0"], obj["top"]), (obj["x1"], obj["top"]), (obj["x0"], obj["bottom"]), (obj["x1"], obj["bottom"])):  # fmt: skip
                    assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 < inner, obj


def test_the_ring_symbol_is_a_closed_ring(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Player 5's ring, drawn from the PDF: ink all round, no notch at 3 o'clock (a circle the
    PDF left open showed one where its stroke starts and ends)."""
    import math

    import pypdfium2 as pdfium

    from cardgen.layout.got.freeze_tokens import CELL, symbol, token_face
    from cardgen.render import render

    face = token_face(5)
    (ring,) = [s for s in face.shapes if s.role == "symbol-ring"]
    assert symbol("ring", 0, 0, 1, "#000")[0].role == "symbol-ring"
    scale = 40  # px a point: 0.07 mm a pixel
    image = pdfium.PdfDocument(render("pdf", [face]))[0].render(scale=scale).to_pil().convert("L")
    px = scale * 72 / 25.4
    assert image.size == (round(CELL * px), round(CELL * px))
    half = ring.stroke_width / 2
    for degrees in range(0, 360, 3):  # the ring's dark ink all round, across its whole width
        a = math.radians(degrees)
        for r in (ring.r - half * 0.8, ring.r, ring.r + half * 0.8):
            x, y = (ring.cx + r * math.cos(a)) * px, (ring.cy + r * math.sin(a)) * px
            assert image.getpixel((round(x), round(y))) < 60, (degrees, r)
    y = round(ring.cy * px)  # where the stroke starts and ends: no seam through it, pixel by pixel
    for x in range(round((ring.cx + ring.r - half * 0.8) * px), round((ring.cx + ring.r + half * 0.8) * px)):
        for dy in (-1, 0, 1):
            assert image.getpixel((x, y + dy)) < 60, (x, y + dy)
