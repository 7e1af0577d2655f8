"""The Amtrak product (seed 004): ``cardgen amtrak score/compare`` and the printable scorecard.

Every expected score is added up by hand in a comment from the seed's tables (Crew 11, Coach its
number, Ace 1, Joker 0, Bi-Level double; Silver Meteor 25, Empire Builder 50, Acela 50 per Ace).
The scorecard PDFs are read back with pdfplumber and pypdf, and measured in mm.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from cardgen.cli import run
from tests.helpers import crossed, read_pdf

PT = 72 / 25.4  # points per mm
PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # ISO 216 and ANSI, by hand
# The seed's three Full-Staff trains and their points, typed in from the seed.
SEED_BONUSES = {"Silver Meteor": "25 points", "Empire Builder": "50 points", "Acela": "50 points per Ace"}


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---------------------------------------------------------------- amtrak score


def test_score_prints_every_car_the_bonus_and_the_total(capsys):
    # K/7 Q/2 J/5: three Crew cars, Single-Level, 11 each; 9/3: a Coach worth 9. Cars 42.
    # A Coach and K, Q, J: Full-Staff, all Single-Level -> Silver Meteor 25. Total 67.
    code, out, err = cli(capsys, "amtrak", "score", "K/7 Q/2 J/5 9/3")
    assert code == 0, err
    lines = out.splitlines()
    rows = [ln.split() for ln in lines]
    assert rows[0] == ["car", "type", "fleet", "value"]
    assert rows[1:5] == [
        ["K/7", "Crew", "Single-Level", "11"],
        ["Q/2", "Crew", "Single-Level", "11"],
        ["J/5", "Crew", "Single-Level", "11"],
        ["9/3", "Coach", "Single-Level", "9"],
    ]
    assert rows[5] == ["cars", "42"]
    assert lines[6].startswith("bonus") and "Silver Meteor" in lines[6] and " 25 " in lines[6] + " "
    assert "Full-Staff" in lines[6] and "Single-Level" in lines[6]  # the reason
    assert rows[7] == ["total", "67"]
    # aligned: every number of the value column ends in the same column
    ends = {ln.rstrip().rfind(n) + len(n) for ln, n in zip(lines[1:6], ["11", "11", "11", "9", "42"])}
    ends.add(lines[7].rstrip().rfind("67") + 2)
    ends.add(lines[0].rfind("value") + len("value"))
    ends.add(lines[6].find(" 25 ") + 3)
    assert len(ends) == 1
    assert len({ln.find("Crew") for ln in lines[1:4]} | {lines[4].find("Coach"), lines[0].find("type")}) == 1


@pytest.mark.parametrize(
    ("train", "cars", "bonus", "total"),
    [
        # 7/7 Bi-Level Coach 14; K/2, Q/3, J/4 Crew 11 each: 47. Full-Staff with a Bi-Level car:
        # Empire Builder 50. Total 97.
        (
            "7/7 K/2 Q/3 J/4",
            [("7/7", "Coach", "Bi-Level", 14), ("K/2", "Crew", "Single-Level", 11)]
            + [("Q/3", "Crew", "Single-Level", 11), ("J/4", "Crew", "Single-Level", 11)],
            ("Empire Builder", 50),
            97,
        ),
        # K 11, Joker 0 (a Substitute for the Queen), J 11, two Aces 1 each: 24.
        # Only Single-Level, only Aces as Coaches, two Coaches: Acela, 2 Aces x 50 = 100. Total 124.
        (
            "K/2 JK/3 J/4 A/5 A/6",
            [("K/2", "Crew", "Single-Level", 11), ("JK/3", "Substitute", "Single-Level", 0)]
            + [("J/4", "Crew", "Single-Level", 11), ("A/5", "Coach", "Single-Level", 1)]
            + [("A/6", "Coach", "Single-Level", 1)],
            ("Acela", 100),
            124,
        ),
        # K/7 Crew 11, 9/9 Bi-Level Coach 18: 29; no Queen, no Jack, no Joker: no bonus.
        ("k/7, 9/9", [("K/7", "Crew", "Single-Level", 11), ("9/9", "Coach", "Bi-Level", 18)], None, 29),
    ],
)
def test_score_json_hand_worked(capsys, train, cars, bonus, total):
    code, out, err = cli(capsys, "amtrak", "score", train, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [(c["car"], c["type"], c["fleet"], c["value"]) for c in data["cars"]] == cars
    if bonus is None:
        assert data["bonus"] is None
    else:
        assert (data["bonus"]["name"], data["bonus"]["points"]) == bonus
        assert data["bonus"]["reason"]
    assert data["total"] == total
    # the text form says the same
    code, text, _ = cli(capsys, "amtrak", "score", train)
    assert text.splitlines()[-1].split() == ["total", str(total)]
    if bonus is None:
        assert "none: not a Full-Staff train" in text


@pytest.mark.parametrize(
    ("train", "named"),
    [("Z/3", "'Z/3'"), ("K/", "'K/'"), ("11/11", "'11/11'"), ("K/7 Q/2 X/5", "'X/5'"), ("K/7/2", "'K/7/2'")],
)
def test_a_bad_car_is_named_in_one_line_exit_2(capsys, train, named):
    code, out, err = cli(capsys, "amtrak", "score", train)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and named in err
    assert "Traceback" not in err


def test_empty_train_and_missing_argument(capsys):
    code, _, err = cli(capsys, "amtrak", "score", "  ")
    assert code == 2 and "at least one car" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli(capsys, "amtrak", "score")
    assert code == 2 and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- amtrak compare


def test_compare_readme_trains(capsys):
    # train 1 = 67 (Silver Meteor), train 2 = 97 (Empire Builder): train 2 wins, no tie-break.
    code, out, err = cli(capsys, "amtrak", "compare", "K/7 Q/2 J/5 9/3", "7/7 K/2 Q/3 J/4")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["place", "train", "total", "rails", "bonus", "cars"]
    assert lines[1].split()[:3] == ["1", "2", "97"] and "Empire Builder" in lines[1]
    assert lines[2].split()[:3] == ["2", "1", "67"] and "Silver Meteor" in lines[2]
    assert "winner: train 2 with 97 points" in out
    assert "Rails" not in out  # no tie, no tie-break


def test_compare_a_tie_broken_by_the_rails(capsys):
    # K/7 9/3 = 11 + 9 = 20, Rails 7 + 3 = 10; J/4 9/2 = 11 + 9 = 20, Rails 4 + 2 = 6.
    code, out, _ = cli(capsys, "amtrak", "compare", "J/4 9/2", "K/7 9/3", "--json")
    assert code == 0
    data = json.loads(out)
    got = [(t["train"], t["place"], t["total"], t["tie_break"], t["shared"]) for t in data["trains"]]
    assert got == [(1, 2, 20, 6, False), (2, 1, 20, 10, False)]
    assert data["trains"][1]["cars"] == "K/7 9/3"
    assert data["trains"][1]["score"]["total"] == 20
    code, text, _ = cli(capsys, "amtrak", "compare", "J/4 9/2", "K/7 9/3")
    lines = text.splitlines()
    assert lines[1].split()[:4] == ["1", "2", "20", "10"]
    assert lines[2].split()[:4] == ["2", "1", "20", "6"]
    assert "the Rails decide" in text and "after the tie-break" in text


def test_compare_an_unbroken_tie_shares_a_place_and_skips_the_next(capsys):
    # 1: K/7 9/3 = 20, Rails 7 + 3 = 10     2: J/4 9/2 = 20, Rails 4 + 2 = 6
    # 3: Q/3 9/7 = 11 + 9 = 20, Rails 3 + 7 = 10     4: 9/9 K/A = 18 + 11 = 29 (wins)
    # Trains 1 and 3 share place 2; train 2 is 4th (place 3 is skipped).
    trains = ["K/7 9/3", "J/4 9/2", "Q/3 9/7", "9/9 K/A"]
    code, out, _ = cli(capsys, "amtrak", "compare", *trains, "--json")
    assert code == 0
    data = json.loads(out)
    got = [(t["place"], t["total"], t["tie_break"], t["shared"]) for t in data["trains"]]
    assert got == [(2, 20, 10, True), (4, 20, 6, False), (2, 20, 10, True), (1, 29, None, False)]
    code, text, _ = cli(capsys, "amtrak", "compare", *trains)
    places = [ln.split()[:2] for ln in text.splitlines()[1:5]]
    assert places == [["1", "4"], ["2=", "1"], ["2=", "3"], ["4", "2"]]
    assert "trains 1 and 3 are equal on the Rails too (10): they share place 2" in text


def test_compare_shared_first_place(capsys):
    # K/7 9/3 and Q/7 9/3: 20 each, Rails 10 each: both first.
    code, out, _ = cli(capsys, "amtrak", "compare", "K/7 9/3", "Q/7 9/3")
    assert code == 0
    assert "shared first place: trains 1 and 2" in out


@pytest.mark.parametrize("args", [["K/7"], ["K/7", "Z/3"], ["", "K/7"]])
def test_compare_errors_are_one_line(capsys, args):
    code, _, err = cli(capsys, "amtrak", "compare", *args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


RANK = st.sampled_from(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"])
CAR = st.tuples(RANK, RANK).map(lambda p: f"{p[0]}/{p[1]}")
TRAIN = st.lists(CAR, min_size=1, max_size=8).map(" ".join)


@settings(max_examples=60)
@given(TRAIN)
def test_score_text_and_json_agree(train):
    from cardgen.reports import amtrak_score_text as score_text

    data = json.loads(score_text(train=train, as_json=True))
    lines = score_text(train=train).splitlines()
    assert len(lines) == len(data["cars"]) + 4  # heading, cars, sum, bonus, total
    assert lines[-1].split() == ["total", str(data["total"])]
    cars = sum(c["value"] for c in data["cars"])
    assert lines[-3].split() == ["cars", str(cars)]
    assert data["total"] == cars + (data["bonus"]["points"] if data["bonus"] else 0)


@settings(max_examples=40)
@given(st.lists(TRAIN, min_size=2, max_size=5))
def test_compare_places_follow_totals_then_rails(trains):
    from cardgen.reports import amtrak_compare_text as compare_text

    rows = json.loads(compare_text(trains=trains, as_json=True))["trains"]
    for a in rows:
        better = [b for b in rows if (b["total"], b["tie_break"] or 0) > (a["total"], a["tie_break"] or 0)]
        assert a["place"] == 1 + len(better)
        assert (a["tie_break"] is None) == ([b["total"] for b in rows].count(a["total"]) == 1)


# ---------------------------------------------------------------- the scorecard


@pytest.fixture(scope="module")
def cards(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Scorecards for 1-4 players on A4 and Letter, built once through the CLI: {(players, paper): folder}."""
    out = tmp_path_factory.mktemp("scorecards")
    made = {}
    for paper in PAPERS_MM:
        for players in (1, 2, 3, 4):
            dest = out / paper
            assert run(["scorecard", "--players", str(players), "--paper", paper, "--out", str(dest)]) == 0
            name = "amtrak-scorecard-solo" if players == 1 else f"amtrak-scorecard-{players}-players"
            made[players, paper] = dest / (name + ("" if paper == "a4" else f"-{paper}"))
    return made


VARIANTS = [(n, p) for p in PAPERS_MM for n in (1, 2, 3, 4)]
IDS = [f"{n}p-{p}" for n, p in VARIANTS]


def pdf_of(folder: Path) -> Path:
    return folder / f"{folder.name}.pdf"  # the files are named as their folder is, paper and all


def page_words(page, *, bold: bool = False) -> list[str]:  # type: ignore[no-untyped-def]
    words = page.extract_words(extra_attrs=["fontname"])
    return [w["text"] for w in words if not bold or "Bold" in w["fontname"]]


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_files_and_page_size(cards, players, paper):
    folder = cards[players, paper]
    pages = 1 if players <= 2 else 2  # two players a portrait page
    svgs = sorted(folder.glob("*.svg"))
    stem = folder.name
    assert [p.name for p in svgs] == [f"{stem}-page-{i}.svg" for i in range(1, pages + 1)]
    reader = PdfReader(pdf_of(folder))
    assert len(reader.pages) == pages
    for page in reader.pages:
        box = page.mediabox
        w, h = float(box.width) / PT, float(box.height) / PT
        assert (round(w, 1), round(h, 1)) == PAPERS_MM[paper]
    from lxml import etree

    for svg in svgs:
        root = etree.parse(str(svg)).getroot()
        assert (root.get("width"), root.get("height")) == tuple(f"{v:g}mm" for v in PAPERS_MM[paper])


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_every_player_has_a_table_bonuses_and_sums(cards, players, paper):
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
        words = [page_words(page) for page in pdf.pages]
        heads = [w for page in pdf.pages for w in page_words(page, bold=True)]
    allwords = [w for ws in words for w in ws]
    assert heads.count("Tie") == players  # one table a player, headed Tie, Rail, Type, Fleet, Value
    assert heads.count("Rail") == heads.count("Value") == players
    if players == 1:
        assert "Solo player" in texts[0]
    else:
        for p in range(1, players + 1):
            assert sum(f"Player {p}" in t for t in texts) == 1
    joined = "\n".join(texts)
    for name, points in SEED_BONUSES.items():
        assert len(re.findall(rf"{name} +{points}\b", joined)) == players, name
    # the sums beside each table, in bold: Cars + Bonus = Total, and the tie-break (not for solo);
    # the last page of a game with rivals may add a result table with a Total and a Tie-break column
    result = int("Result" in heads)
    assert heads.count("Cars") == heads.count("Bonus") == players
    assert heads.count("Total") == players + result
    assert heads.count("Tie-break") == (0 if players == 1 else players) + result
    assert joined.count("= Total") == players
    # the type and fleet choices to circle, ten rows a player
    assert allwords.count("Substitute") >= 10 * players
    assert allwords.count("Bi-Level") >= 10 * players


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_every_page_carries_the_reference_panel(cards, players, paper):
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            text = " ".join(page.extract_text().split())
            # the seed's car values, transcribed by hand
            for fact in ("11 points", "22 points", "Number value", "(Ace = 1 point)", "Double value", "0 points"):
                assert fact in text, fact
            # the Ties named as the deck prints the cards (cardgen deck): K Engineer, Q Conductor, J Crew
            assert "Engineer K, Conductor Q" in text and "Crew J" in text and "Joker: Substitute car" in text
            assert "Only one bonus per train" in text
            # the right-hand column, from its heading on: the Full-Staff rule and the tie-break
            words = page.extract_words(extra_attrs=["fontname"])
            head = next(
                w
                for w, after in zip(words, words[1:])
                if w["text"] == "Full-Staff" and after["text"] == "train" and "Bold" in w["fontname"] and w["top"] > 400
            )
            right = " ".join(
                page.crop((head["x0"] - 1, head["top"] - 1, page.width, page.height)).extract_text().split()
            )
            tie_break = "discard each Car's Tie and add up the Rails now showing"  # the seed's tie-break
            assert (tie_break in right) == (players > 1)  # alone, no one ties
            assert "several Substitutes may be used" in right
            # the Full-Staff rule, the cards named as the deck prints them
            assert "at least one each of the Crew cars: King (Engineer), Queen (Conductor) and Jack (Crew)" in right
            # decisions, one line each, as the engine makes them
            assert "K/JK is a Single-Level Crew car (11)" in text
            assert "JK/JK is a Single-Level Substitute (0)" in text
            assert "50 points per Ace car" in text


def _boxes(page):  # type: ignore[no-untyped-def]
    """Every inked object's box (x0, top, x1, bottom) in points, strokes widened by half their width."""
    out = []
    for obj in page.chars:
        if obj["text"].strip():
            out.append(("char " + obj["text"], obj["x0"], obj["top"], obj["x1"], obj["bottom"]))
    for obj in page.lines + page.rects + page.curves:
        half = (obj.get("linewidth") or 0) / 2 if obj.get("stroke") else 0
        out.append((obj["object_type"], obj["x0"] - half, obj["top"] - half, obj["x1"] + half, obj["bottom"] + half))
    return out


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_all_ink_inside_the_margin(cards, players, paper):
    margin = 5 * PT  # the default --margin
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            boxes = _boxes(page)
            assert len(boxes) > 500
            outside = [b for b in boxes if b[1] < margin or b[2] < margin]
            outside += [b for b in boxes if b[3] > page.width - margin or b[4] > page.height - margin]
            assert outside == []


def test_a_wider_margin_is_kept_and_an_impossible_one_refused(tmp_path, capsys):
    code, _, err = cli(capsys, "scorecard", "--players", "2", "--margin", "10mm", "--out", str(tmp_path))
    assert code == 0, err
    with read_pdf(next((tmp_path / "amtrak-scorecard-2-players-margin10mm").glob("*.pdf"))) as pdf:
        page = pdf.pages[0]
        m = 10 * PT
        for b in _boxes(page):
            assert b[1] >= m and b[2] >= m and b[3] <= page.width - m and b[4] <= page.height - m, b
    # Letter is shorter: with an 8 mm margin two blocks and the rules no longer fit one page, so
    # each player gets a page of their own rather than shorter rows.
    letter = tmp_path / "letter"
    code, out, err = cli(capsys, "scorecard", "--paper", "letter", "--margin", "8mm", "--out", str(letter))
    assert code == 0, err
    assert "2 pages" in out
    with read_pdf(next((letter / "amtrak-scorecard-2-players-letter-margin8mm").glob("*.pdf"))) as pdf:
        assert len(pdf.pages) == 2
        for page in pdf.pages:
            m = 8 * PT
            assert all(b[1] >= m and b[3] <= page.width - m and b[4] <= page.height - m for b in _boxes(page))
            ((_, ys),) = _tables(page)
            assert min(b - a for a, b in zip(ys[1:], ys[2:])) / PT >= 8.0
    before = sorted(tmp_path.rglob("*"))
    code, _, err = cli(capsys, "scorecard", "--margin", "40mm", "--out", str(tmp_path / "x"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "margin" in err
    assert sorted(tmp_path.rglob("*")) == before


def _tables(page):  # type: ignore[no-untyped-def]
    """Each car table: the frame rect holding a 'Tie' heading, and the y (pt, from the top) of every
    horizontal edge running across it."""
    found = []
    heads = [w for w in page.extract_words(extra_attrs=["fontname"]) if w["text"] == "Tie" and "Bold" in w["fontname"]]
    for head in heads:
        frames = [
            r
            for r in page.rects
            if r["stroke"]
            and r["x0"] <= head["x0"]
            and head["x1"] <= r["x1"]
            and r["top"] <= head["top"]
            and head["bottom"] <= r["bottom"]
        ]
        if not frames:
            continue
        frame = min(frames, key=lambda r: r["width"] * r["height"])
        ys = sorted(
            {
                round(e["top"], 2)
                for e in page.edges
                if e["orientation"] == "h"
                and abs(e["x0"] - frame["x0"]) < 0.5
                and abs(e["x1"] - frame["x1"]) < 0.5
                and frame["top"] - 0.5 <= e["top"] <= frame["bottom"] + 0.5
            }
        )
        found.append((frame, ys))
    return found


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_writing_rows_are_at_least_8mm(cards, players, paper):
    tables = 0
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            bold = [w for w in page.extract_words(extra_attrs=["fontname"]) if "Bold" in w["fontname"]]
            for frame, ys in _tables(page):
                tables += 1
                gaps = [(b - a) / PT for a, b in zip(ys, ys[1:])]
                header, rows = gaps[0], gaps[1:]
                assert len(rows) == 10
                assert min(rows) >= 8.0, rows
                assert header < min(rows)  # the heading row is not a writing row
                # the sums beside it (Cars, Bonus, Total and, with rivals, Tie-break): rows as tall
                labels = ("Cars", "Bonus", "Total") + (() if players == 1 else ("Tie-break",))
                side = [w for w in bold if w["x0"] > frame["x1"] and frame["top"] <= w["top"] <= frame["bottom"]]
                for label in labels:
                    (word,) = [w for w in side if w["text"] == label]
                    cell = min(
                        (r for r in page.rects if r["x0"] < word["x0"] and r["top"] < word["top"] < r["bottom"]),
                        key=lambda r: r["width"] * r["height"],
                    )
                    assert cell["height"] / PT >= 8.0, label
    assert tables == players


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_text_fits_its_cell(cards, players, paper):
    """No character is crossed by a ruled line: text that outgrew its cell would be."""
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            assert crossed(page) == []


def test_layout_text_never_needs_to_shrink_much():
    """In the layout itself: every text fits the width it was given at no less than 1.8 mm (5 pt)."""
    from cardgen.layout.amtrak.scorecard import scorecard_pages
    from cardgen.layout.shapes import Text, walk

    for paper in PAPERS_MM.values():
        for players in (1, 2, 3, 4):
            for page in scorecard_pages(players, paper, 5.0):
                sizes = [s.size for s, _, _ in walk(page.shapes) if isinstance(s, Text)]
                assert min(sizes) >= 1.8


@pytest.mark.parametrize("paper", PAPERS_MM)
def test_solo_card_has_the_pile_tally_and_the_goal(cards, paper):
    with read_pdf(pdf_of(cards[1, paper])) as pdf:
        page = pdf.pages[0]
        text = " ".join(page.extract_text().split())
        words = page.extract_words()
        rects = page.rects
    assert "face-down pile starts with 3 cards" in text
    assert "Full-Staff train" in text and "before the deck runs out" in text
    # the tally: boxes counted 1.. with the first three shaded (the starting pile), one more a turn
    squares = [r for r in rects if abs(r["width"] - r["height"]) < 0.5 and 5.5 <= r["width"] / PT <= 8.5]
    assert len(squares) >= 40
    shaded = [r for r in squares if r["fill"] and r["non_stroking_color"] not in ((1,), (1.0, 1.0, 1.0), 1)]
    assert len(shaded) == 3
    first_row = sorted((r for r in squares if abs(r["top"] - squares[0]["top"]) < 1), key=lambda r: r["x0"])
    assert first_row[:3] == sorted(shaded, key=lambda r: r["x0"])  # the three leftmost
    # each box holds its count: the pile's size once it is crossed out, 1, 2, 3 ... in reading order
    inside = []
    for r in sorted(squares, key=lambda r: (round(r["top"]), r["x0"])):
        held = [
            w["text"] for w in words if r["x0"] < w["x0"] and w["x1"] < r["x1"] and r["top"] < w["top"] < r["bottom"]
        ]
        inside.append(held)
    assert inside == [[str(n)] for n in range(1, len(squares) + 1)]


@pytest.mark.parametrize("paper", PAPERS_MM)
def test_only_the_solo_card_has_a_tally(cards, paper):
    for players in (2, 3, 4):
        with read_pdf(pdf_of(cards[players, paper])) as pdf:
            assert all("face-down pile" not in p.extract_text() for p in pdf.pages)


@pytest.mark.parametrize("paper", PAPERS_MM)
def test_clean_enough_to_photocopy(cards, paper):
    """Black text, thin lines, no fill but white or a light grey."""
    for players in (1, 2):
        with read_pdf(pdf_of(cards[players, paper])) as pdf:
            page = pdf.pages[0]
            assert {tuple(c["non_stroking_color"]) for c in page.chars} <= {(0,), (0.0, 0.0, 0.0)}
            for obj in page.lines + page.rects:
                assert obj["linewidth"] / PT <= 0.4
                if obj["fill"]:
                    colour = obj["non_stroking_color"]
                    colour = colour if isinstance(colour, tuple) else (colour,)
                    assert min(colour) >= 0.85, colour  # light grey at most


def test_title_is_printed_on_every_page(tmp_path, capsys):
    code, out, err = cli(capsys, "scorecard", "--players", "3", "--title", "Family night", "--out", str(tmp_path))
    assert code == 0, err
    assert "2 pages" in out and "amtrak-scorecard-3-players" in out
    with read_pdf(next((tmp_path / "amtrak-scorecard-3-players-family-night").glob("*.pdf"))) as pdf:
        for i, page in enumerate(pdf.pages, 1):
            text = page.extract_text()
            assert "Family night" in text and f"page {i} of 2" in text


def test_same_inputs_same_bytes(tmp_path, capsys):
    for name in ("a", "b"):
        assert cli(capsys, "scorecard", "--players", "4", "--paper", "letter", "--out", str(tmp_path / name))[0] == 0
    a, b = (sorted((tmp_path / n / "amtrak-scorecard-4-players-letter").iterdir()) for n in ("a", "b"))
    assert [p.name for p in a] == [p.name for p in b]
    assert all(x.read_bytes() == y.read_bytes() for x, y in zip(a, b))


@pytest.mark.parametrize("players", ["0", "5", "-1", "two"])
def test_players_out_of_range_one_line_exit_2_nothing_written(tmp_path, monkeypatch, capsys, players):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "scorecard", "--players", players)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "players" in err.lower() and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_registered_as_a_product():
    from cardgen.products import product

    found = product("amtrak-scorecard")
    assert found.check is None and found.build.__name__ == "build_scorecard"


# ---------------------------------------------------------------- a form uses its page (#23)

SCALE_PT = [6.0 * 1.2**k for k in range(12)]  # the type scale, by hand: 6 pt and up by a minor third


def blank_bands(page, margin: float = 5 * PT) -> list[float]:  # type: ignore[no-untyped-def]
    """Heights (mm) of the horizontal bands between the margins with no ink at all, from the top
    margin to the bottom one (the last band is the room left under the lowest ink)."""
    spans = sorted((b[2], b[4]) for b in _boxes(page))
    bands, reach = [], margin
    for top, bottom in spans:
        if top > reach:
            bands.append((top - reach) / PT)
        reach = max(reach, bottom)
    bands.append((page.height - margin - reach) / PT)
    return bands


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_a_form_uses_its_page(cards, players, paper):
    """No band of the page is left blank (the solo card was a third empty) and the ink reaches
    the foot of the page: the lowest ink is within 15 mm of the bottom margin."""
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            bands = blank_bands(page)
            assert bands[-1] <= 15.0, bands
            assert max(bands) <= 16.0, bands


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_rows_grow_to_fill_the_page_where_a_page_has_room(cards, players, paper):
    """A page with one player's block writes in rows taller than the least (8.2 mm) one."""
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            tables = _tables(page)
            rows = [(b - a) / PT for _, ys in tables for a, b in zip(ys[1:], ys[2:])]
            if len(tables) == 1:
                assert min(rows) >= 11.0, rows


@pytest.mark.parametrize("paper", PAPERS_MM)
def test_solo_card_has_no_tie_break(cards, paper):
    """Alone, there is no one to tie with: no tie-break row, rule or decision on the solo card."""
    with read_pdf(pdf_of(cards[1, paper])) as pdf:
        text = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages).lower()
    for words in ("tie-break", "equal totals", "tie break", "share the place", "highest total"):
        assert words not in text, words
    assert "before the deck runs out" in text  # what solo play asks instead
    with read_pdf(pdf_of(cards[2, paper])) as pdf:
        rivals = " ".join(pdf.pages[0].extract_text().split()).lower()
    assert "tie-break" in rivals and "equal totals" in rivals


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_set_in_the_sans_family_at_sizes_of_the_scale(cards, players, paper):
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            fonts = {c["fontname"].split("+")[-1] for c in page.chars}
            assert fonts <= {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}, fonts
            sizes = {round(c["size"], 2) for c in page.chars}
            off = [s for s in sizes if min(abs(s - k) for k in SCALE_PT) > 0.05]
            assert off == [], off


@pytest.mark.parametrize(("players", "paper"), VARIANTS, ids=IDS)
def test_the_rulings_are_headed_plainly_and_read_at_a_comfortable_size(cards, players, paper):
    """The decisions are headed "Rulings" (not "Where the rules are unclear, score like this"), one
    bulleted item each; on A4, and alone on a page, they are set at 8.6 pt at least, with room
    between the items."""
    with read_pdf(pdf_of(cards[players, paper])) as pdf:
        for page in pdf.pages:
            text = " ".join(page.extract_text().split())
            assert "Rulings" in text and "unclear" not in text
            bullets = [c for c in page.chars if c["text"] == "•"]
            assert len(bullets) == 7
            roomy = paper == "a4" or players == 1 or (players == 3 and page.page_number == 2)
            if roomy:
                assert min(c["size"] for c in bullets) >= 8.6 - 0.05
                tops = sorted(c["top"] for c in bullets)
                assert min(b - a for a, b in zip(tops, tops[1:])) >= 1.75 * 8.6 * 0.8  # a line and a gap apart


@pytest.mark.parametrize("paper", PAPERS_MM)
def test_the_solo_bonus_boxes_stand_at_even_gaps(cards, paper):
    """Above, between and below the three bonus boxes of the solo card: one gap, and a small one
    (the room over goes into the boxes), measured from the drawn rectangles (the bonus boxes are
    the side column's rectangles taller than a tick box, above the sums)."""
    with read_pdf(pdf_of(cards[1, paper])) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        cars = next(w for w in words if w["text"] == "Cars")
        side = [
            r for r in page.rects if r["x0"] > page.width * 0.6 and r["height"] > 8 * PT and r["bottom"] < cars["top"]
        ]
        boxes = sorted({(round(r["top"], 1), round(r["bottom"], 1)) for r in side})
        assert len(boxes) == 3, boxes
        above = [
            c for c in page.chars if c["x0"] > page.width * 0.6 and c["bottom"] < boxes[0][0] and c["text"].strip()
        ]
        staff = max(c["bottom"] for c in above)  # the foot of the words over the boxes
        sums_top = min(r["top"] for r in page.rects if r["x0"] > page.width * 0.6 and r["top"] >= cars["top"] - 6 * PT)
        gaps = [boxes[0][0] - staff, *(b[0] - a[1] for a, b in zip(boxes, boxes[1:])), sums_top - boxes[-1][1]]
        inner = gaps[1:]
        assert max(inner) - min(inner) < 0.1 * PT, [g / PT for g in gaps]  # between the boxes and down to the sums
        assert gaps[0] >= inner[0] - 0.1 * PT  # and no tighter under the rule above them
        assert max(inner) <= 3.6 * PT and gaps[0] <= 5 * PT, [g / PT for g in gaps]  # a set, not three floating apart
