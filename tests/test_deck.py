"""The deck of playing cards (`cardgen deck`, issue #31): Amtrak's 52 cards and two Jokers
(seed 004), Train's 52 without them (seed 000). Golden facts typed from the seeds, hand-worked
checks, the files read back with lxml, pdfplumber and pikepdf, sizes measured in mm, and every
single edited card named by `cardgen check`."""

from __future__ import annotations

import hashlib
import inspect
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from cardgen.build import Item, load_config, prepare
from cardgen.check import check_folder
from cardgen.cli import run
from cardgen.commands import COMMANDS
from cardgen.errors import CardgenError
from cardgen.layout.deck import SAFE, SUIT_INK, SUIT_WIDTH, card_face, size_problem
from cardgen.layout.shapes import Circle, Line, Polygon, Rect, Text, walk
from cardgen.layout.shapes import Path as PathShape
from cardgen.layout.typescale import LABEL
from cardgen.options import print_options
from cardgen.products.deck import build_deck
from cardgen.rules.amtrak.scoring import VALUES, card_role, value_reminder
from cardgen.rules.deck import JOKERS, PlayingCard, card_of, check_cards, deck, number_of
from cardgen.units import CARDS
from cardgen.write.deck import BuildResult

SVGNS = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4

# Seed 004 ("Amtrak the Game"), transcribed by hand: "This deck is meant for 1 to 4 players";
# Car Types by their Ties: "Crew Cars: Engineer King, Conductor Queen, or any Jack", "Coach Cars:
# Number card or Ace", "Substitute Cars: Joker"; values: Crew 11 points (Bi-Level 22), Coach its
# number value, Aces 1 point (Bi-Level double), Substitute 0 (0).
SEED_ROLES = {"K": "Engineer", "Q": "Conductor", "J": "Crew", "JK": "Substitute car"} | {
    r: "Coach" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
}
SEED_VALUES = {  # (Single-Level, Bi-Level), worked out by hand from the seed's table
    "A": (1, 2),
    "2": (2, 4),
    "3": (3, 6),
    "4": (4, 8),
    "5": (5, 10),
    "6": (6, 12),
    "7": (7, 14),
    "8": (8, 16),
    "9": (9, 18),
    "10": (10, 20),
    "J": (11, 22),
    "Q": (11, 22),
    "K": (11, 22),
    "JK": (0, 0),
}
# Seed 000 ("Train"): "3-4 players, 52-card deck (no Jokers)".
TRAIN_CARDS = 52
# The pips a playing card shows in its middle, by hand: an Ace one, a number card its number.
PIPS = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 0, "Q": 0, "K": 0, "JK": 0}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def messages(folder: Path) -> str:
    return "\n".join(v.message for v in check_folder(folder))


@pytest.fixture(scope="module")
def decks(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("decks")
    return {
        "plain": build_deck(out=out),
        "four": build_deck(four_colour=True, opts=print_options(bleed="3mm", backs=True, title="Night"), out=out),
        "train": build_deck(jokers=0, opts=print_options(card="bridge", paper="letter", fold=True), out=out),
    }


@pytest.fixture
def copy(decks, tmp_path):  # type: ignore[no-untyped-def]
    made: list[Path] = []

    def make(which: str = "plain") -> Path:
        dest = tmp_path / str(len(made)) / decks[which].folder.name
        shutil.copytree(decks[which].folder, dest)
        made.append(dest)
        return dest

    return make


# ---------------------------------------------------------------- the rules: golden facts


def test_each_card_is_what_the_seed_says_it_is_in_amtrak() -> None:
    for rank, role in SEED_ROLES.items():
        assert card_role(rank) == role, rank
        single, bi = SEED_VALUES[rank]
        kind = {"Engineer": "Crew", "Conductor": "Crew", "Substitute car": "Substitute"}.get(role, role)
        said = f"{kind} {single}" + (f" · Bi-Level {bi}" if rank != "JK" else "")
        assert value_reminder(rank) == said, rank
    # the values table of the handout and scorecard names the Ties as the deck prints them
    crew, coach, substitute = VALUES
    assert crew.ties == "Engineer K, Conductor Q, Crew J" and substitute.ties == "Joker: Substitute car"
    assert coach.ties == "Number card or Ace"


def test_the_deck_is_the_standard_52_and_up_to_two_jokers() -> None:
    amtrak, train = deck(2), deck(0)
    assert len(train) == TRAIN_CARDS and not any(c.joker for c in train)
    assert len(amtrak) == 54 and len(set(amtrak)) == 54 and amtrak[:52] == train
    assert Counter(c.suit for c in train) == {"spades": 13, "hearts": 13, "diamonds": 13, "clubs": 13}
    assert Counter(c.rank for c in train) == {r: 4 for r in PIPS if r != "JK"}
    assert [c.name for c in amtrak[52:]] == ["Joker (black)", "Joker (red)"]
    assert [c.name for c in deck(1)[51:]] == ["K♣", "Joker (black)"]
    for bad in (-1, 3):
        with pytest.raises(CardgenError, match=f"jokers {bad} is out of range: allowed 0 to 2"):
            deck(bad)
    assert JOKERS.default == 2


def test_each_card_exactly_once_hand_worked() -> None:
    cards = deck(2)
    assert check_cards(list(reversed(cards)), jokers=2) == []
    seven, eight = card_of("7S"), card_of("8S")
    assert seven is not None and eight is not None
    swapped = [eight if c == seven else c for c in cards]
    assert [(v.check, v.message, v.cards) for v in check_cards(swapped, jokers=2)] == [
        ("cards", "8♠ is there twice, wanted once", (8,)),
        ("cards", "7♠ is missing", (7,)),
    ]
    assert [v.message for v in check_cards(cards, jokers=0)] == [
        "Joker (black) is there, but this deck has no Jokers",
        "Joker (red) is there, but this deck has no Jokers",
    ]
    with pytest.raises(CardgenError):
        PlayingCard("JK", "spades")


# ---------------------------------------------------------------- the faces: legible, inside the cut


def _faces(size: tuple[float, float], four: bool = False):  # type: ignore[no-untyped-def]
    for card in deck(2):
        yield (
            card,
            card_face(
                card,
                size,
                role=card_role(card.rank),
                values=value_reminder(card.rank),
                four_colour=four,
                title="Family night at the station",
            ),
        )


@pytest.mark.parametrize("name", sorted(CARDS))
def test_text_never_over_text_and_nothing_within_3mm_of_the_cut(name: str) -> None:
    w, h = CARDS[name]
    for card, face in _faces((w, h)):
        boxes = []
        for shape, dx, dy in walk(face.shapes):
            if isinstance(shape, Text):
                x0, y0, x1, y1 = shape.bounds()
                assert shape.size >= LABEL - 1e-9, (card.name, shape.role)  # 6 pt at least
                assert min(x0, y0) >= 3.0 and x1 <= w - 3.0 and y1 <= h - 3.0, (name, card.name, shape.role)
                boxes.append((shape.role, shape.rotate, (x0, y0, x1, y1)))
            elif shape.role not in ("background", "panel"):
                for x, y in _points(shape):
                    assert SAFE - 1e-6 <= x + dx <= w - SAFE + 1e-6 and SAFE - 1e-6 <= y + dy <= h - SAFE + 1e-6, (
                        name,
                        card.name,
                        shape.role,
                    )
        for i, (role_a, _, a) in enumerate(boxes):
            for role_b, _, b in boxes[i + 1 :]:
                overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert min(overlap) <= 0, (name, card.name, role_a, role_b)


def _points(shape):  # type: ignore[no-untyped-def]
    if isinstance(shape, Rect):
        return [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    if isinstance(shape, Circle):
        return [(shape.cx - shape.r, shape.cy - shape.r), (shape.cx + shape.r, shape.cy + shape.r)]
    if isinstance(shape, Line):
        return [(shape.x1, shape.y1), (shape.x2, shape.y2)]
    if isinstance(shape, Polygon):
        return list(shape.points)
    assert isinstance(shape, PathShape)
    return shape.points()


def test_the_suit_glyphs_ink_is_where_the_layout_centres_it() -> None:
    from fontTools.ttLib import TTFont

    from cardgen.render import font_path

    for bold in (False, True):
        font = TTFont(str(font_path(bold, "mono")))
        em, cmap, glyf = font["head"].unitsPerEm, font.getBestCmap(), font["glyf"]
        for symbol in SUITS.values():
            g = glyf[cmap[ord(symbol)]]
            assert (g.yMin / em, g.yMax / em) == SUIT_INK
            assert (g.xMax - g.xMin) / em <= SUIT_WIDTH
            advance = font["hmtx"][cmap[ord(symbol)]][0]
            assert abs((g.xMin + g.xMax) / 2 - advance / 2) <= 0.02 * em  # centred on its advance


def test_a_card_size_a_face_cannot_take_is_refused_in_one_line(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert all(size_problem(size) is None for size in CARDS.values())
    for card, words in (
        ("88.9x63.5mm", "stands upright"),
        ("30x42mm", "at least 44x62mm"),
        ("43.9x62mm", "at least 44x62mm"),
        ("--jokers", ""),
    ):
        if card == "--jokers":
            code, out, err = cli(capsys, "deck", "--jokers", "3", "--out", tmp_path)
            assert (code, out, err) == (2, "", "error: jokers 3 is out of range: allowed 0 to 2\n")
            continue
        code, out, err = cli(capsys, "deck", "--card", card, "--out", tmp_path)
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- the folder, read back independently


def _texts(path: Path) -> dict[str, list[tuple[str, str, bool]]]:
    """A card SVG's texts by class, read with lxml: (text, fill, turned)."""
    out: dict[str, list[tuple[str, str, bool]]] = {}
    for t in etree.parse(str(path)).getroot().iter(f"{SVGNS}text"):
        turned = (t.get("transform") or "").startswith("rotate(180 ")
        out.setdefault(t.get("class", ""), []).append((t.text or "", t.get("fill", ""), turned))
    return out


def test_the_svgs_show_every_card_once_its_indices_agreeing_with_its_face(decks) -> None:  # type: ignore[no-untyped-def]
    folder = decks["plain"].folder
    assert folder.name == "deck"
    stems = sorted(p.stem for p in (folder / "cards").glob("*.svg"))
    wanted = sorted([f"{r}{s}" for r in PIPS if r != "JK" for s in SUITS] + ["joker-black", "joker-red"])
    assert stems == wanted
    for stem in stems:
        texts = _texts(folder / "cards" / f"{stem}.svg")
        rank = "JK" if stem.startswith("joker") else stem[:-1]
        assert sorted(texts["index-rank"]) == sorted(
            [(rank, texts["index-rank"][0][1], False), (rank, texts["index-rank"][0][1], True)]
        )
        if rank != "JK":
            symbol = SUITS[stem[-1]]
            assert sorted(t[0] for t in texts["index-suit"]) == [symbol, symbol]
            assert [t[0] for t in texts.get("pip", [])] == [symbol] * PIPS[rank], stem
            if rank in "JQK":
                assert [t[0] for t in texts["court-rank"]] == [rank, rank]
        else:
            assert "index-suit" not in texts and [t[0] for t in texts["joker"]] == ["JOKER", "JOKER"]
        assert [t[0] for t in texts["role"]] == [SEED_ROLES[rank]] * 2, stem
        single = str(SEED_VALUES[rank][0])
        assert all(single in t[0] for t in texts["values"]) and len(texts["values"]) == 2
        assert sorted(t[2] for t in texts["role"]) == [False, True]  # readable from either end


def test_two_and_four_colours(decks) -> None:  # type: ignore[no-untyped-def]
    def inks(folder: Path) -> dict[str, str]:
        return {s: _texts(folder / "cards" / f"5{s}.svg")["index-rank"][0][1] for s in SUITS}

    two, four = inks(decks["plain"].folder), inks(decks["four"].folder)
    assert two["H"] == two["D"] != two["S"] == two["C"]
    assert len(set(four.values())) == 4 and four["S"] == two["S"] and four["H"] == two["H"]
    for folder in (decks["plain"].folder, decks["four"].folder):  # the pips in their index's colour
        for s in SUITS:
            texts = _texts(folder / "cards" / f"9{s}.svg")
            assert {t[1] for t in texts["pip"]} == {texts["index-suit"][0][1]}
    jokers = [
        _texts(decks["plain"].folder / "cards" / f"joker-{ink}.svg")["index-rank"][0][1] for ink in ("black", "red")
    ]
    assert jokers == [two["S"], two["H"]]


def test_the_pdf_read_with_pdfplumber_holds_each_card_in_its_place(decks) -> None:  # type: ignore[no-untyped-def]
    """The corner ranks and suits upright on each sheet, read row by row, are the deck in its
    order, nine a sheet; each card's ground measures 63.5 × 88.9 mm."""
    result = decks["plain"]
    order = deck(2)
    with pdfplumber.open(result.to_print) as pdf:
        assert len(pdf.pages) == 6  # 54 cards, 9 a sheet
        for n, page in enumerate(pdf.pages):
            chunk = order[n * 9 : (n + 1) * 9]
            ranks = page.filter(
                lambda o: o.get("object_type") == "char" and abs(o["size"] - 21.5) < 0.3 and o["matrix"][0] > 0
            )
            words = sorted(ranks.extract_words(), key=lambda w: (round(w["top"]), w["x0"]))
            assert [w["text"] for w in words] == [c.rank for c in chunk]
            suits = [
                c for c in page.chars if abs(c["size"] - 17.9) < 0.3 and c["matrix"][0] > 0 and c["text"] in "♠♥♦♣"
            ]
            suits.sort(key=lambda c: (round(c["top"]), c["x0"]))
            assert [c["text"] for c in suits] == [c.symbol for c in chunk if not c.joker]
            grounds = [
                r for r in page.rects if abs(r["width"] / PT - 63.5) < 0.05 and abs(r["height"] / PT - 88.9) < 0.05
            ]
            assert len(grounds) == len(chunk)
            sizes = {round(c["size"], 1) for c in page.chars}
            assert min(sizes) >= 6.0  # every letter 6 pt at least
    assert (result.cards, result.sheets, result.plan.per_page) == (54, 6, 9)


def test_pack_csv_and_pack_json(decks) -> None:  # type: ignore[no-untyped-def]
    folder = decks["plain"].folder
    rows = (folder / "pack.csv").read_text("utf-8").splitlines()
    assert rows[0] == "number,card,rank,suit,role,points,bi_level,file"
    assert rows[1] == "1,A♠,A,spades,Coach,1,2,cards/AS.svg"
    assert rows[13] == "13,K♠,K,spades,Engineer,11,22,cards/KS.svg"
    assert rows[24] == "24,J♥,J,hearts,Crew,11,22,cards/JH.svg"
    assert rows[38] == "38,Q♦,Q,diamonds,Conductor,11,22,cards/QD.svg"
    assert rows[49] == "49,10♣,10,clubs,Coach,10,20,cards/10C.svg"
    assert rows[53:] == [
        "53,Joker (black),JK,black,Substitute car,0,0,cards/joker-black.svg",
        "54,Joker (red),JK,red,Substitute car,0,0,cards/joker-red.svg",
    ]
    data = json.loads((folder / "pack.json").read_text("utf-8"))
    assert (data["game"], data["jokers"], data["four_colour"], data["cards"]) == ("deck", 2, False, 54)


def test_train_plays_the_same_deck_without_its_jokers(decks) -> None:  # type: ignore[no-untyped-def]
    result = decks["train"]
    assert result.folder.name == "deck-no-jokers-bridge-letter-fold" and result.cards == TRAIN_CARDS
    assert not list((result.folder / "cards").glob("joker-*"))
    assert len((result.folder / "pack.csv").read_text("utf-8").splitlines()) == TRAIN_CARDS + 1
    assert check_folder(result.folder) == []


def test_backs_bleed_title_and_four_colours_check(decks) -> None:  # type: ignore[no-untyped-def]
    result = decks["four"]
    assert result.folder.name == "deck-four-colour-bleed3mm-backs-night"
    assert (result.folder / "cards" / "back.svg").exists()
    with pdfplumber.open(result.to_print) as pdf:
        assert len(pdf.pages) == 2 * result.sheets  # a backs page after each sheet
        back_text = " ".join(pdf.pages[1].extract_text().split())
        assert "Night" in back_text and "52 cards and 2 Jokers" in back_text
    assert check_folder(result.folder) == []


def test_same_inputs_same_bytes(decks, tmp_path) -> None:  # type: ignore[no-untyped-def]
    again = build_deck(out=tmp_path).folder

    def tree(folder: Path) -> dict[str, str]:
        return {
            p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*"))
            if p.is_file()
        }

    assert tree(again) == tree(decks["plain"].folder)


# ---------------------------------------------------------------- one edited card, named


def test_cardgen_check_passes_and_names_a_card_whose_svg_was_edited(capsys, copy) -> None:  # type: ignore[no-untyped-def]
    folder = copy()
    code, out, _ = cli(capsys, "check", folder)
    assert code == 0 and out.endswith("54 cards checked as 52 cards and 2 Jokers: OK\n"), out
    svg = folder / "cards" / "7S.svg"
    original = svg.read_text("utf-8")
    svg.write_text(re.sub(r'(class="index-rank"[^>]*>)7<', r"\g<1>8<", original), "utf-8")  # both indices
    said = messages(folder)
    assert "svg: cards/7S.svg shows 8♠, wanted 7♠" in said
    assert "svg: cards/7S.svg shows 7 pips, wanted 8 for 8♠" in said  # the face disagrees with the index
    assert "svg: 8♠ is there twice, wanted once" in said and "svg: 7♠ is missing" in said
    assert not re.search(r"cards/(?!7S)\w+\.svg", said), said  # no other card is blamed
    assert "pdf:" not in said  # the sheets are held to this version's drawing: they are right
    svg.write_text(re.sub(r'(<text class="pip"[^>]*>[^<]*</text>)', "", original, count=1), "utf-8")
    assert "svg: cards/7S.svg shows 6 pips, wanted 7 for 7♠" in messages(folder)
    svg.write_text(original.replace(">Coach<", ">Crew<", 1), "utf-8")
    assert "svg: cards/7S.svg shows its role as 'Coach' and 'Crew'" in messages(folder)
    svg.write_text(original.replace(">Coach<", ">Crew<"), "utf-8")
    assert "svg: cards/7S.svg says 'Crew' as its role, wanted 'Coach' for 7♠" in messages(folder)
    svg.write_text(original, "utf-8")
    shutil.copy(folder / "cards" / "KH.svg", folder / "cards" / "KS.svg")
    said = messages(folder)
    assert "svg: cards/KS.svg shows K♥, wanted K♠" in said and "svg: K♥ is there twice, wanted once" in said
    (folder / "cards" / "KS.svg").unlink()
    assert "svg: no SVG for K♠" in messages(folder)


def test_a_roles_colour_or_a_kings_picture_edited_is_named(copy) -> None:  # type: ignore[no-untyped-def]
    folder = copy()
    svg = folder / "cards" / "QD.svg"
    original = svg.read_text("utf-8")
    svg.write_text(original.replace(">Conductor<", ">Engineer<"), "utf-8")
    assert "svg: cards/QD.svg says 'Engineer' as its role, wanted 'Conductor' for Q♦" in messages(folder)
    svg.write_text(re.sub(r'(class="court-rank"[^>]*>)Q<', r"\g<1>K<", original), "utf-8")
    assert "svg: cards/QD.svg shows 'K' as its picture's letter, wanted Q" in messages(folder)
    svg.write_text(re.sub(r'(class="index-(?:rank|suit)" fill=")#c8102e', r"\g<1>#1a1a1a", original), "utf-8")
    assert "svg: cards/QD.svg colours its corner index #1a1a1a, wanted #c8102e (diamonds, two colours)" in messages(
        folder
    )


def _edit_pdf(folder: Path, page: int, change) -> None:  # type: ignore[no-untyped-def]
    path = next(folder.glob("*.pdf"))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        contents = pdf.pages[page].obj.Contents
        data = contents.read_bytes()
        after = change(data)
        assert after != data
        pdf.pages[page].obj.Contents = pdf.make_stream(after)
        pdf.save(path)


# the upright corner rank of a card on page 1, as ReportLab writes it in the card's own frame: 21.5 pt Atkinson Hyperlegible bold
UPRIGHT_RANK = rb"(1 0 0 1 -?[0-9.]+ -?[0-9.]+ cm\nBT 1 0 0 1 [-0-9.]+ 0 Tm /F2\+0 21.49795 Tf [0-9.]+ TL )\(7\)"


def test_a_card_edited_in_the_pdf_alone_is_named_by_its_place(copy) -> None:  # type: ignore[no-untyped-def]
    folder = copy()
    _edit_pdf(folder, 0, lambda d: re.sub(UPRIGHT_RANK, rb"\g<1>(8)", d, count=1))
    said = messages(folder)
    assert "pdf: page 1, slot 7 (7♠): its index rank reads '8', not '7'" in said, said
    assert "slot 8" not in said and "svg:" not in said


def test_pack_csv_or_pack_json_edited_is_named(copy) -> None:  # type: ignore[no-untyped-def]
    folder = copy()
    table = folder / "pack.csv"
    rows = table.read_text("utf-8").splitlines()
    rows[13] = rows[13].replace("Engineer", "Conductor")
    table.write_text("\n".join(rows) + "\n", "utf-8")
    assert "pack.csv: row 13 (K♠) reads" in messages(folder)
    table.unlink()
    assert "pack.csv is missing" in messages(folder)
    folder = copy()
    manifest = folder / "pack.json"
    data = json.loads(manifest.read_text("utf-8"))
    manifest.write_text(json.dumps({**data, "jokers": 1}), "utf-8")
    said = messages(folder)
    assert "svg: cards/joker-red.svg: Joker (red) is not a card of this deck" in said


# ---------------------------------------------------------------- options: declared once, cardgen.toml, the kit


def test_the_deck_is_a_product_a_kit_can_call(decks) -> None:  # type: ignore[no-untyped-def]
    keywords = [k for k in inspect.signature(build_deck).parameters if k not in ("opts", "out", "progress")]
    assert keywords == list(COMMANDS["deck"].own.names) == ["jokers", "four_colour"]
    result = decks["plain"]
    assert isinstance(result, BuildResult) and result.to_print == result.folder / "deck.pdf"
    assert result.title == "Deck: 52 cards and 2 Jokers"  # as cardgen build's index names it
    assert result.folder / "cards" / "AS.svg" in result.files


def test_a_cardgen_toml_deck_item(tmp_path) -> None:  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text('paper = "letter"\n[[deck]]\njokers = 0\nfour_colour = true\nbacks = true\n', "utf-8")
    defaults, items = load_config(config)
    (job,) = prepare(items, defaults)
    assert job.kwargs == {"jokers": 0, "four_colour": True} and job.opts.backs and job.opts.paper_name == "letter"
    with pytest.raises(CardgenError, match="jokers 5 is out of range"):
        prepare([Item("deck", {"jokers": 5})])


@given(st.lists(st.sampled_from(deck(2)), max_size=70))
def test_check_cards_names_each_card_once_that_is_not_there_once(found: list[PlayingCard]) -> None:
    """Whatever was read, one line for each card of the deck there twice or more and each missing
    (a deck without Jokers: one for each Joker there too), and none when each is there once."""
    for jokers in (0, 2):
        counts = Counter(found)
        wanted = deck(jokers)
        lines = check_cards(found, jokers=jokers)
        twice = [c for c in wanted if counts[c] > 1]
        missing = [c for c in wanted if counts[c] == 0]
        extra = {c for c in found if c.joker} if jokers == 0 else set()
        assert len(lines) == len(twice) + len(missing) + len(extra)
        assert all(v.check == "cards" and len(v.cards) == 1 for v in lines)
        assert (lines == []) == (sorted(map(number_of, found)) == list(range(1, len(wanted) + 1)))


@pytest.mark.slow  # (a 54-card deck: its TTS sheets, 4090 px wide, drawn and proved twice)
def test_png_tts_and_a_theme_of_ones_own_colour(tmp_path) -> None:  # type: ignore[no-untyped-def]
    theme = tmp_path / "night.toml"
    theme.write_text('[colours.deck]\naccent = "#0b6e4f"\n', "utf-8")
    code = run(["deck", "--png", "72", "--tts", "--theme", str(theme), "--out", str(tmp_path / "out")])
    assert code == 0
    (folder,) = (tmp_path / "out").iterdir()
    assert len(list((folder / "png").glob("*.png"))) == 54 and (folder / "tts" / "deck.png").is_file()
    role = _texts(folder / "cards" / "KS.svg")["role"][0]
    assert role[1] == "#0b6e4f"  # the theme's colour for the deck
    assert check_folder(folder) == []
