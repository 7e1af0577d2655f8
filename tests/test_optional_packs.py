"""The optional rules printed (issue #21): number abilities, combined packs, wild cards.

Each component is built, read back with independent readers (lxml for the SVGs, the csv module
for pack.csv, pdfplumber for the PDF) against facts worked out by hand from seed 002, and proved
by `cardgen check`, which must name every single-card alteration.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree
from lxml import html as lxml_html

from cardgen.check import check_folder
from cardgen.cli import run
from tests.helpers import as_older, older_line, read_pdf

SVGNS = "{http://www.w3.org/2000/svg}"
NUMBER_CODES = ["#HI", "#LO", "#LEV", "#HOD", "#HL"]
NUMBER_LABELS = ["HI→X", "LO→X", "LO EV→X", "HI OD→X", "HI↔LO"]


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def svg_texts(path: Path) -> list[tuple[str, str]]:
    """(class, text) of every text of an SVG, read with lxml."""
    root = etree.parse(str(path)).getroot()
    return [(t.get("class", ""), "".join(t.itertext())) for t in root.iter(f"{SVGNS}text")]


def pdf_words(path: Path) -> list[list[str]]:
    with read_pdf(path) as pdf:
        return [[w["text"] for w in page.extract_words()] for page in pdf.pages]


@pytest.fixture(scope="module")
def folders(tmp_path_factory):  # type: ignore[no-untyped-def]
    from cardgen.options import print_options
    from cardgen.products.got import build_pack
    from cardgen.products.got2d import build_pack2d

    out = tmp_path_factory.mktemp("optional")
    return {
        # pattern two, census 7, with numbers: 28 + 5 = 33 a block, 3 blocks: 99 cards; 4 wilds
        "numbers": build_pack(pattern="two", census=7, numbers=True, wilds=4, out=out / "n").folder,
        # the small one the alteration tests edit: pattern two census 3 (6 abilities) + 5 numbers = 11, one block,
        # two packs, 3 wilds (2 in A, 1 in B), backs: 2 × 11 + 3 = 25 cards
        "small": build_pack(
            pattern="two",
            census=3,
            copies=1,
            numbers=True,
            packs=2,
            wilds=3,
            win="never-descending",
            opts=print_options(backs=True),
            out=out / "s",
        ).folder,
        "letter": build_pack(
            pattern="one", census=4, packs=3, wilds=1, opts=print_options(paper="letter", backs=True), out=out / "l"
        ).folder,
        "2d": build_pack2d(categories="row-swap,col-swap,number", copies=1, out=out / "g").folder,
    }


@pytest.fixture
def small(folders, tmp_path):  # type: ignore[no-untyped-def]
    dest = tmp_path / folders["small"].name
    shutil.copytree(folders["small"], dest)
    return dest


# ---------------------------------------------------------------- what is written


def test_number_abilities_close_every_block_of_the_pack(folders) -> None:  # type: ignore[no-untyped-def]
    folder = folders["numbers"]
    assert folder.name == "got-pattern-two-census-7-numbers-wilds-4"
    rows = list(csv.reader((folder / "pack.csv").open(encoding="utf-8")))
    assert rows[0] == ["number", "ability"]
    cards = {int(n): a for n, a in rows[1:] if n != "W"}
    assert len(cards) == 99  # 3 blocks of 28 positional + 5 number abilities
    # seed §4: card 1 is A→X, 28 is G→X; then cardgen's five close the block, and card 34 starts the next
    assert cards[1] == "AX" and cards[28] == "GX" and cards[34] == "AX"
    assert [cards[n] for n in range(29, 34)] == NUMBER_CODES
    assert Counter(a for a in cards.values() if a.startswith("#")) == dict.fromkeys(NUMBER_CODES, 3)
    assert rows[-4:] == [["W", "wild"]] * 4  # wilds after the numbered cards
    data = json.loads((folder / "pack.json").read_text("utf-8"))
    assert (data["numbers"], data["wilds"], data["cards"]) == (True, 4, 103) and "packs" not in data


def test_number_cards_show_label_code_and_what_they_pick(folders) -> None:  # type: ignore[no-untyped-def]
    texts = svg_texts(folders["numbers"] / "cards" / "031.svg")  # card 31: #LEV
    by = Counter(texts)
    assert by[("ability", "LO EV→X")] == 2 and by[("index-ability", "#LEV")] == 2
    assert by[("note", "remove the lowest even card")] == 2 and by[("number", "31")] == 2
    words = " ".join(" ".join(p) for p in pdf_words(next(folders["numbers"].glob("*.pdf"))))
    for label in NUMBER_LABELS:
        assert label.split()[0] in words


def test_wild_cards_are_drawn_as_wilds_in_svg_and_pdf(folders) -> None:  # type: ignore[no-untyped-def]
    folder = folders["numbers"]
    names = sorted(p.name for p in (folder / "cards").iterdir())
    assert names[-4:] == ["W01.svg", "W02.svg", "W03.svg", "W04.svg"] and len(names) == 103
    texts = svg_texts(folder / "cards" / "W02.svg")
    roles = Counter(c for c, _ in texts)
    assert roles["wild"] == 2 and roles["index-wild"] == 2 and roles["number"] == roles["ability"] == 0
    assert {t for c, t in texts if c == "wild"} == {"WILD"}
    rule = " ".join(t for c, t in texts if c == "wild-rule")
    assert "any number" in rule and "no ability" in rule
    words = [w for page in pdf_words(next(folder.glob("*.pdf"))) for w in page]
    assert words.count("WILD") == words.count("DLIW") == 4  # four wilds, each double-ended (turned: read backwards)


def test_combined_packs_mark_every_card_and_back(folders) -> None:  # type: ignore[no-untyped-def]
    folder = folders["small"]
    assert folder.name == "got-pattern-two-census-3-copies-1-numbers-packs-2-wilds-3-win-nd-backs"
    rows = list(csv.reader((folder / "pack.csv").open(encoding="utf-8")))
    assert rows[0] == ["number", "ability", "pack"]
    per_pack = Counter(r[2] for r in rows[1:])
    assert per_pack == {"A": 11 + 2, "B": 11 + 1}  # wilds dealt round the packs: 2 to A, 1 to B
    assert Counter(tuple(r) for r in rows[1:])[("W", "wild", "A")] == 2
    for path in (folder / "cards").glob("[AB]-*.svg"):
        marks = [t for c, t in svg_texts(path) if c == "pack-mark"]
        assert marks == [path.name[0]] * 2, path  # upright and turned
    for mark in "AB":
        assert [t for c, t in svg_texts(folder / "cards" / f"back-{mark}.svg") if c == "pack-mark"] == [mark] * 2
    data = json.loads((folder / "pack.json").read_text("utf-8"))
    assert (data["packs"], data["wilds"], data["win"], data["cards"]) == (2, 3, "never-descending", 25)
    # the backs pages show each card's own pack's letter behind it
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        backs = [set(w["text"] for w in pdf.pages[i].extract_words() if w["text"] in "AB") for i in (1, 3, 5)]
    assert backs == [{"A"}, {"A", "B"}, {"B"}]  # 9 a sheet: cards 1–9 of A; A's 10, 11, 2 wilds, B's 1–5; B's rest


def test_each_component_prints_on_letter_and_checks(folders) -> None:  # type: ignore[no-untyped-def]
    folder = folders["letter"]
    assert check_folder(folder) == []
    with read_pdf(next(folder.glob("*.pdf"))) as pdf:
        assert all(sorted((round(p.width), round(p.height))) == [612, 792] for p in pdf.pages)  # 8.5 × 11 in


def test_the_2d_number_category(folders, capsys) -> None:  # type: ignore[no-untyped-def]
    folder = folders["2d"]
    assert folder.name == "got-2d-rs-cs-num-copies-1"
    rows = list(csv.reader((folder / "pack.csv").open(encoding="utf-8")))
    # seed §8: 9 row swaps, 9 column swaps; then cardgen's four: 22 cards
    assert [r[1] for r in rows[-4:]] == ["#RHI", "#CHI", "#RHL", "#CHL"] and len(rows) == 23
    assert check_folder(folder) == []
    listing = cli(capsys, "pack2d", "--list")[1]
    assert re.search(r"^number\s+4 discretionary .*cardgen's own", listing, re.MULTILINE)


def test_the_handout_explains_what_the_pack_prints(folders) -> None:  # type: ignore[no-untyped-def]
    text = " ".join(lxml_html.parse(str(folders["small"] / "rules.html")).getroot().text_content().split())
    assert "an addition to the original rules" in text and "§" not in text and "may not be chosen" in text
    assert "This table plays never-descending" in text and "2 packs" in text
    assert "a proposal: the original list is lost" in text and "3 wild cards" in text
    assert "any number some card of this pack carries" in text
    # §7's examples judged for this table: with two packs and never-descending, 1-2-3-4-4-6-7 wins
    assert "`1-2-3-4-4-6-7` wins" not in text and "1-2-3-4-4-6-7 wins" in text


def test_the_wild_examples_fit_the_pack_actually_built(built) -> None:  # type: ignore[no-untyped-def]
    """Pattern three at census 5 has 50 cards: no example may lean on a card 71."""
    text = " ".join(
        lxml_html.parse(str(built(pattern="three", census=5) / "rules.html")).getroot().text_content().split()
    )
    wild = text[text.index("A wild card stands") : text.index("Freezing")]
    assert "with cards 1 to 50" in wild and "71" not in wild
    assert "5-12-W-30-45 can win" in text and "5-12-W-13-45 cannot win" in text and "5-12-30-50-W cannot win" in text
    assert "up to 5 tokens" in text and "by you or any other player" in text and "It is never unfrozen" in text


# ---------------------------------------------------------------- what check proves


def _replace(path: Path, old: str, new: str, count: int = -1) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, count), "utf-8")


def _remark(path: Path, old: str, new: str, count: int = -1) -> None:
    """The pack-mark texts of an SVG (``count`` of them: the upright one first) read ``new``."""
    text = path.read_text("utf-8")
    pattern = re.compile(rf'(<text class="pack-mark"[^>]*>){old}<')
    path.write_text(pattern.sub(rf"\g<1>{new}<", text, count=max(count, 0)), "utf-8")


@pytest.mark.slow  # a whole check of the pack for each of its 25 cards (6 s of a quiet core); the checks are the point
def test_every_single_card_alteration_is_named(small) -> None:  # type: ignore[no-untyped-def]
    """Each numbered card in turn gets another ability of the pack on its four places; each
    wild loses its WILD; both must be named (by card number, or by file)."""
    from cardgen.check import load_manifest
    from cardgen.products import got

    spec = got.PACK.spec_from_manifest(load_manifest(small)[1])
    assert check_folder(small) == []
    for item in spec.printed():
        svg = small / "cards" / f"{item.stem}.svg"
        original = svg.read_bytes()
        if item.card is None:
            _replace(svg, ">WILD<", ">WILT<")
            violations = check_folder(small)
            assert any(f"cards/{item.stem}.svg" in v.message for v in violations), (item, violations)
        else:
            card = item.card
            other = next(a for a in spec.abilities if a != card.ability)
            text = svg.read_text("utf-8")
            text = text.replace(f">{card.ability.label}<", f">{other.label}<").replace(
                f">{card.ability.code}<", f">{other.code}<"
            )
            svg.write_text(text, "utf-8")
            violations = check_folder(small)
            assert any(card.number in v.cards for v in violations), (item, violations)
        svg.write_bytes(original)
    assert check_folder(small) == []


def messages(folder: Path) -> str:
    return "\n".join(v.message for v in check_folder(folder))


def test_a_card_with_the_wrong_mark_is_named(small) -> None:  # type: ignore[no-untyped-def]
    _remark(small / "cards" / "B-007.svg", "B", "A", 1)
    out = messages(small)
    assert "svg: cards/B-007.svg shows different pack marks" in out  # one of two letters edited
    _remark(small / "cards" / "B-007.svg", "B", "A")
    out = messages(small)
    assert "svg: cards/B-007.svg shows pack mark A, wanted B" in out
    assert "svg: pack A: card 7 appears 2 times" in out and "svg: pack B: card 7 missing" in out


def test_a_missing_card_of_pack_b_is_named(small) -> None:  # type: ignore[no-untyped-def]
    (small / "cards" / "B-003.svg").unlink()
    out = messages(small)
    assert "svg: no SVG for card 3 of pack B" in out and "svg: pack B: card 3 missing from a pack of 11" in out


def test_a_duplicate_is_named(small) -> None:  # type: ignore[no-untyped-def]
    shutil.copy(small / "cards" / "A-004.svg", small / "cards" / "A-005.svg")
    out = messages(small)
    assert "svg: cards/A-005.svg holds card 4" in out and "svg: pack A: card 4 appears 2 times" in out


def test_a_wild_edited_into_a_numbered_card_and_back_is_named(small) -> None:  # type: ignore[no-untyped-def]
    numbered, wild = small / "cards" / "A-002.svg", small / "cards" / "A-W01.svg"
    a, w = numbered.read_bytes(), wild.read_bytes()
    wild.write_bytes(a)
    out = messages(small)
    assert "svg: cards/A-W01.svg shows card 2, not a wild card" in out
    assert "svg: the pack has" not in out and "svg: pack A has 1 wild card, wanted 2" in out
    wild.write_bytes(w)
    numbered.write_bytes(w)
    out = messages(small)
    assert (
        "svg: cards/A-002.svg shows a wild card, not card 2" in out and "svg: pack A has 3 wild cards, wanted 2" in out
    )


def test_a_pack_csv_row_changed_is_named(small) -> None:  # type: ignore[no-untyped-def]
    _replace(small / "pack.csv", "W,wild,B\n", "")
    out = messages(small)
    assert "pack.csv lists 0 wild cards of pack B but the SVGs show 1" in out
    _replace(small / "pack.csv", "2,AB,B\n", "2,AC,B\n")
    assert "pack.csv says card 2 of pack B is 'AC', but its SVG shows AB" in messages(small)


def test_the_pdf_is_held_to_the_svgs(small) -> None:  # type: ignore[no-untyped-def]
    """A wild's SVG rewritten as a numbered card's (and redrawn by nothing: another version
    wrote the folder) leaves the PDF showing the wild, and the check says where."""
    as_older(small, "0.0.0")  # no byte-for-byte redraw: the SVG is the reference
    found = [v.message for v in check_folder(small)]
    assert len(found) == 1 and found[0].startswith(older_line("0.0.0"))
    shutil.copy(small / "cards" / "B-W01.svg", small / "cards" / "B-011.svg")
    out = messages(small)
    assert "cards/B-011.svg shows a wild card, not card 11" in out
    assert "pdf: pack B: card 11 missing" not in out  # the PDF still shows card 11 where it belongs


def test_win_never_descending_needs_repeats(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "pack", "--win", "never-descending")
    assert code == 2 and "add --packs or --wilds" in err
    code, _, err = cli(capsys, "pack", "--packs", "2", "--tts", "--backs")
    assert code == 2 and "--png and --tts export one pack" in err
    code, _, err = cli(capsys, "pack", "--packs", "11")
    assert code == 2 and "packs 11 is out of range" in err


def test_a_hand_table_with_number_abilities_is_judged(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    table = tmp_path / "t.csv"
    table.write_text("number,ability\n1,AB\n2,#HI\n", "utf-8")
    code, out, _ = cli(capsys, "check", table, "--pattern", "one", "--census", "2", "--copies", "2")
    assert code == 1 and "card 2: number ability #HI is not in this pack (built without --numbers)" in out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_handout_pdf_keeps_its_summary_to_two_pages(tmp_path, paper) -> None:  # type: ignore[no-untyped-def]
    from cardgen.options import print_options
    from cardgen.products.handout import build_handout

    result = build_handout(
        game="got", pattern="two", census=7, numbers=True, packs=2, wilds=4, win="never-descending",
        opts=print_options(paper=paper), out=tmp_path,
    )  # fmt: skip
    assert result.summary_pages <= 2 < result.pages  # the table of every card follows the summary
    with read_pdf(next(result.folder.glob("*.pdf"))) as pdf:  # read as set: column by column
        halves = [
            h
            for p in pdf.pages
            for h in (p.crop((0, 0, p.width / 2, p.height)), p.crop((p.width / 2, 0, p.width, p.height)))
        ]
        text = " ".join(" ".join((h.extract_text() or "").split()) for h in halves)
        last = " ".join((pdf.pages[-1].extract_text() or "").split())
    assert "an addition to the original rules" in text and "§" not in text and "7 tokens" in text
    assert "Points (a proposal: the original list is lost)" in text
    # the rules a player reads name no command: only the foot's line for whoever prints does
    rules = text.rpartition("For printing:")[0]
    assert "cardgen" not in rules and "--" not in rules and "cardgen tokens --players P (tokens)" in last


def test_every_single_card_alteration_of_a_2d_pack_with_numbers_is_named(folders, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cardgen.check import load_manifest
    from cardgen.products import got2d

    folder = tmp_path / folders["2d"].name
    shutil.copytree(folders["2d"], folder)
    spec = got2d.PACK.spec_from_manifest(load_manifest(folder)[1])
    for card in spec.cards()[-6:]:  # the last column swaps, then the four number cards
        svg = folder / "cards" / f"{card.number:03d}.svg"
        original = svg.read_bytes()
        other = next(a for a in spec.abilities if a != card.ability)
        text = svg.read_text("utf-8").replace(f">{card.ability.label}<", f">{other.label}<")
        svg.write_text(text.replace(f">{card.ability.code}<", f">{other.code}<"), "utf-8")
        violations = check_folder(folder)
        assert any(card.number in v.cards for v in violations), (card, violations)
        svg.write_bytes(original)
    assert check_folder(folder) == []
