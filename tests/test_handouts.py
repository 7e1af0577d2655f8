"""Rules handouts: the written HTML and PDF, read back with lxml, pdfplumber and pikepdf.

Every table a handout prints must equal its rules engine's data, on the page and in the PDF;
seed facts are transcribed by hand here and checked against the written files too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import html as lxml_html

from cardgen.errors import CardgenError
from cardgen.layout.document import Document, Figure, Heading, SmallPrint, Table, columns_of, rich
from cardgen.layout.handouts import GAMES, build
from cardgen.options import print_options
from cardgen.products.handout import build_handout
from cardgen.render.pdf import PT
from tests.helpers import read_pdf

CASES = {
    "train": {},
    "got": {"pattern": "two", "census": 7},
    "got2d": {},
    "supertrain": {},
    "amtrak": {},
}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Each game's handout written once per paper: (html path, pdf path, document)."""
    cache: dict[tuple[str, str], tuple[Path, Path, Document]] = {}

    def get(game: str, paper: str = "a4") -> tuple[Path, Path, Document]:
        if (game, paper) not in cache:
            out = tmp_path_factory.mktemp(f"handout-{game}-{paper}")
            result = build_handout(game=game, opts=print_options(paper=paper), out=out, **CASES[game])
            doc = build(game, **CASES[game])
            folder = result.folder
            cache[(game, paper)] = (folder / f"{folder.name}.html", folder / f"{folder.name}.pdf", doc)
        return cache[(game, paper)]

    return get


def norm(text: str) -> str:
    return " ".join(text.split())


def html_tables(path: Path) -> dict[str, list[list[str]]]:
    """Body rows of every table with a class, by class, as the browser would read the cells."""
    root = lxml_html.parse(str(path)).getroot()
    out: dict[str, list[list[str]]] = {}
    for table in root.iter("table"):
        rows = [[norm(td.text_content()) for td in tr.findall("td")] for tr in table.iter("tr")]
        out[(table.get("class") or "").split(" ")[0]] = [r for r in rows if r]  # by its role ("abilities lookup")
    return out


def pdf_pages_text(path: Path) -> list[str]:
    with read_pdf(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def pdf_table_rows(path: Path) -> list[tuple[int, str]]:
    """(page, the row's cells joined) for every table row pdfplumber finds by its ruling lines."""
    found = []
    with read_pdf(path) as pdf:
        for page in pdf.pages:
            for table in page.extract_tables():
                for row in table:
                    found.append((page.page_number, norm(" ".join(c or "" for c in row))))
    return found


# --- the content model -------------------------------------------------------------------------


def test_rich_text_has_only_bold_and_code_and_no_markup():
    spans = rich("a **b** `<i>` <script>")
    assert [(s.text, s.style) for s in spans] == [
        ("a ", "plain"),
        ("b", "bold"),
        (" ", "plain"),
        ("<i>", "code"),
        (" <script>", "plain"),
    ]


def test_columns_fill_down_first_like_the_seed():
    pairs = [(str(i), str(i * 10)) for i in range(1, 8)]
    rows = columns_of(pairs, 3)
    assert rows[0] == ("1", "10", "4", "40", "7", "70") and rows[2] == ("3", "30", "6", "60", "", "")


@given(st.sampled_from(["one", "two", "three"]), st.integers(2, 12))
def test_got_ability_table_is_always_the_pack(pattern, census):
    from cardgen.rules.got.patterns import make_pattern

    doc = build("got", pattern=pattern, census=census)
    (table,) = doc.tables("abilities")
    found = {r[i]: r[i + 1] for r in table.rows for i in range(0, len(r), 2) if r[i]}
    spec = make_pattern(pattern, census)
    assert found == {a.label: ", ".join(str(c.number) for c in spec.cards() if c.ability == a) for a in spec.abilities}
    assert all(r[0] for r in table.rows)  # no blank ability in the first column pair


def test_every_game_is_listed_and_unknown_ones_are_refused():
    assert sorted(GAMES) == ["amtrak", "got", "got2d", "supertrain", "train"]
    with pytest.raises(CardgenError, match="unknown game 'chess'"):
        build("chess")
    with pytest.raises(CardgenError, match="no option --census"):
        build("train", census=7)


# --- tables equal the engines (HTML) and the seeds -------------------------------------------


def test_train_tables_equal_the_engine_and_the_seed(written):
    from cardgen.rules.train.referee import FACE_DOUBLES, RANKS, REOPENING, pile_sizes, what_can_i_play

    html, _, _ = written("train")
    tables = html_tables(html)
    can = {row[0]: row[1:] for row in tables["can-play"]}
    assert list(can) == list(RANKS)
    for rank, (single, double, pile) in can.items():
        engine = what_can_i_play(rank)
        assert single == ", ".join(engine["single"]) == ", ".join(engine["sandwich"])
        assert double == (", ".join(engine["double"]) or "—")
        assert pile == ", ".join(what_can_i_play(rank, "pile")["single"])
    # seed 000: a 5 takes a 6, a 7 or a 4; double Kings on a 4, Queens on a 5, Jacks on a 6
    assert can["5"][0] == "4, 6, 7"
    assert "K" in can["4"][1] and "Q" in can["5"][1] and "J" in can["6"][1]
    assert can["K"][1] == "—"
    closed = tables["closed-pile"]
    assert closed == [["lay next", *REOPENING[1:], "2"]]
    assert REOPENING == ("A", "2", "4", "5", "7", "9", "J", "K")  # seed 000
    piles = tables["piles"]
    assert [(r[0], r[1], r[2]) for r in piles] == [("1", "4", "3"), ("2", "3", "2"), ("3", "2", "1"), ("4", "1", "0")]
    assert [r[4] for r in piles] == [", ".join(map(str, pile_sizes(n, 4))) for n in (1, 2, 3, 4)]
    assert piles[0][4] == "6, 6, 6, 6"  # 52 - 4 × 7 = 24 cards in four piles
    doubles = {r[0]: r[1] for r in tables["doubles"]}
    assert {f"{k},{k}": v for k, v in FACE_DOUBLES.items()}.items() <= doubles.items()
    assert doubles["K,K"] == "4" and doubles["Q,Q"] == "5" and doubles["J,J"] == "6"


def test_got_ability_table_is_the_pack_in_the_seeds_layout(written):
    from cardgen.rules.got.patterns import make_pattern

    html, _, _ = written("got")
    rows = html_tables(html)["abilities"]
    assert len(rows) == 7 and all(len(r) == 8 for r in rows)  # the seed's four column pairs of seven rows
    found = {r[i]: r[i + 1] for r in rows for i in range(0, 8, 2) if r[i]}
    spec = make_pattern("two", 7)
    assert found == {a.label: ", ".join(str(c.number) for c in spec.cards() if c.ability == a) for a in spec.abilities}
    # seed 002 §4, with figure 5's correction: B↔E 11, B↔F 12 (cards 12, 40, 68), B↔G 13 (69)
    assert found["A→X"] == "1, 29, 57" and found["G→X"] == "28, 56, 84"
    assert found["B↔E"] == "11, 39, 67" and found["B↔F"] == "12, 40, 68" and found["B↔G"] == "13, 41, 69"
    assert "B↔H" not in found
    assert [r[0] for r in rows][:3] == ["A→X", "A↔B", "A↔C"]  # filled down the first column first


def test_got_pattern_one_seed_table(tmp_path):
    result = build_handout(game="got", pattern="one", census=7, opts=print_options(), out=tmp_path)
    rows = html_tables(next(result.folder.glob("*.html")))["abilities"]
    assert len(rows) == 7 and len(rows[0]) == 6  # three column pairs, as the seed prints it
    assert rows[0][:2] == ["A↔B", "1, 22, 43, 64"] and rows[6][4:] == ["F↔G", "21, 42, 63, 84"]


def test_got2d_tables_and_the_42_starts(written):
    from cardgen.rules.got.grid_packs import CATEGORIES, DEFAULT_CATEGORIES
    from cardgen.rules.got.grid_play import count_starts

    html, pdf, doc = written("got2d")
    rows = html_tables(html)["categories"]
    assert [r[0] for r in rows] == list(DEFAULT_CATEGORIES)
    assert [int(r[1]) for r in rows] == [CATEGORIES[n].size for n in DEFAULT_CATEGORIES] == [9, 9, 6, 6, 9]
    assert count_starts() == 42  # seed 002 §8: "There are 42 ways to do this"
    assert "42 ways" in norm(lxml_html.parse(str(html)).getroot().text_content())
    assert "42 ways" in norm(" ".join(pdf_pages_text(pdf)))
    labels = {a.label for n in DEFAULT_CATEGORIES for a in CATEGORIES[n].abilities}
    assert len([f for f in doc.figures() if f.role.startswith("pictograms-")]) == len(DEFAULT_CATEGORIES)
    text = lxml_html.parse(str(html)).getroot()
    svg_text = {norm("".join(t.itertext())) for t in text.iter("{http://www.w3.org/2000/svg}text", "text")}
    assert labels <= svg_text  # every ability of the pack is pictured with its label


def test_supertrain_tables_equal_the_engine_and_the_seed(written):
    from cardgen.rules.supertrain.dominoes import HAND_SIZES, Tile, bone_pile, playable_ends

    html, _, _ = written("supertrain")
    tables = html_tables(html)
    hands = {int(r[0]): (int(r[1]), int(r[2])) for r in tables["hands"]}
    # seed 003: 2 players 25 each, 3: 23, 4: 18, 5: 16, 6: 14, 7: 12, 8: 11; the bone pile is 112 − engine − hands
    seed = {2: 25, 3: 23, 4: 18, 5: 16, 6: 14, 7: 12, 8: 11}
    assert {p: n for p, (n, _) in hands.items()} == seed == HAND_SIZES
    assert {p: b for p, (_, b) in hands.items()} == {p: 112 - 1 - p * n for p, n in seed.items()}
    assert all(bone_pile(p) == b for p, (_, b) in hands.items())
    assert [r[2] for r in tables["set"]] == ["91", "14", "7", "112"]
    wilds = {r[0]: r for r in tables["wilds"]}
    assert wilds["A-Train (Anywhere)"][1] == "3"  # "There are 3 of these dominoes"
    for word in ("Draw", "Reverse", "Skip", "Twice"):
        assert any(word in k for k in wilds)
    ends = {r[0]: r[1:] for r in tables["ends"]}
    assert ends["a number (5)"][:2] == ["its 5 end", "—"] and ends["a letter (A)"][:2] == ["—", "—"]
    assert playable_ends("A", Tile(5, "Train")) == ["Train"]
    assert ends["a letter (A)"][2] == "its Train end"
    score = {r[0]: r[1] for r in tables["score"]}
    # counted by hand: 12-5 17, 3-Train 3 + 10, A-Train 10 + 10, 0-0 0, Train-Train 20
    assert score == {"12-5": "17", "3-Train": "13", "A-Train": "20", "0-0": "0", "Train-Train": "20", "total": "70"}
    rounds = tables["rounds"][0]
    assert rounds == ["engine", *[str(n) for n in range(12, -1, -1)], "Train-Train"]


def test_amtrak_tables_equal_the_engine_and_the_seed(written):
    from cardgen.rules.amtrak.scoring import BONUSES, VALUES

    html, _, _ = written("amtrak")
    tables = html_tables(html)
    assert tables["values"] == [[v.kind, v.ties, v.single_level, v.bi_level] for v in VALUES]
    assert tables["values"][0][2:] == ["11 points", "22 points"]  # seed 004: Crew Cars 11 / 22
    bonuses = {r[0]: r for r in tables["bonuses"]}
    assert list(bonuses) == [b.name for b in BONUSES] == ["Silver Meteor", "Empire Builder", "Acela"]
    assert [r[2] for r in bonuses.values()] == ["25 points", "50 points", "50 points per Ace"]
    example = {r[0]: r[3] for r in tables["example"]}
    # by hand: K/4, Q/2, J/9 are Crew (11 each), 7/7 a Bi-Level Coach (14), 5/3 5; Full-Staff with a Bi-Level: +50
    assert example == {
        "K/4": "11",
        "Q/2": "11",
        "J/9": "11",
        "7/7": "14",
        "5/3": "5",
        "bonus: Empire Builder": "50",
        "total": "102",
    }
    # seed 004: Bi-Level is "Tie and Rails match in rank"; a Joker has no rank, so JK/JK is Single-Level
    page = norm(lxml_html.parse(str(html)).getroot().text_content())
    assert "JK/JK is a Single-Level Substitute Car worth 0" in page and "spoils no Acela" in page


# --- the PDF -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(CASES))
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_pdf_pages_numbers_size_and_summary_length(written, game, paper):
    _, pdf, doc = written(game, paper)
    texts = pdf_pages_text(pdf)
    n = len(texts)
    for i, text in enumerate(texts, 1):
        assert f"page {i} of {n}" in text
    with pikepdf.open(pdf) as p:
        for page in p.pages:
            box = [float(v) for v in page.MediaBox]
            assert abs(box[2] - PAPERS[paper][0] * PT) < 0.5 and abs(box[3] - PAPERS[paper][1] * PT) < 0.5
    if game == "train":
        quick = [i for i, t in enumerate(texts, 1) if t.lstrip().startswith("Quick reference")]
        assert quick == [n] and n - 1 <= 2  # a summary of two pages at most, then one page of quick reference
    else:
        assert n <= 2


@pytest.mark.parametrize("game", sorted(CASES))
def test_pdf_tables_equal_the_document_and_no_row_is_split(written, game):
    _, pdf, doc = written(game)
    rows = pdf_table_rows(pdf)
    pages_of: dict[str, set[int]] = {}
    for page, text in rows:
        pages_of.setdefault(text, set()).add(page)
    with read_pdf(pdf) as p:  # (a row of one line may be read as a line, where the ruling is ambiguous)
        lines = {norm(line) for page in p.pages for line in (page.extract_text() or "").splitlines()}
    for table in doc.tables():
        for row in table.rows:
            joined = norm(" ".join(row))
            # whole, on one page: a split row reads as two halves
            assert joined in pages_of or any(joined in line for line in lines), (table.role, row)


@pytest.mark.parametrize("game", sorted(CASES))
def test_pdf_fonts_are_embedded(written, game):
    _, pdf, _ = written(game)
    with pikepdf.open(pdf) as p:
        names = set()
        for page in p.pages:
            for _, font in page.Resources.Font.items():
                names.add(str(font.BaseFont))
                fonts = [font] + list(font.get("/DescendantFonts", []))
                assert any("/FontDescriptor" in f and "/FontFile2" in f.FontDescriptor for f in fonts), font.BaseFont
    found = {re.sub(r"^[A-Z]{6}\+", "", n.lstrip("/")) for n in names}
    # the house's type (#23): every word in Atkinson Hyperlegible, codes and arrows in DejaVu Sans Mono
    assert found >= {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold", "DejaVuSansMono"}
    assert found <= {
        "AtkinsonHyperlegible-Regular",
        "AtkinsonHyperlegible-Bold",
        "DejaVuSansMono",
        "DejaVuSansMono-Bold",
    }


def test_train_diagrams_are_vector_paths_in_the_pdf_and_svg_in_the_html(written):
    html, pdf, doc = written("train")
    root = lxml_html.parse(str(html)).getroot()
    figures = root.findall(".//figure")
    assert len(figures) == len(doc.figures())
    assert all(
        f.find(".//{http://www.w3.org/2000/svg}svg") is not None or f.find(".//svg") is not None for f in figures
    )
    assert not root.findall(".//img")
    # the round set-ups: 4 + 3 + 2 + 1 piles, each drawn as face-down rectangles in the pile colour
    with read_pdf(pdf) as p:
        first = p.pages[0]
        shapes = first.rects + first.curves  # rounded corners make curves
        navy = [s for s in shapes if s.get("fill") and _close(s.get("non_stroking_color"), (0x1F, 0x4E, 0x79))]
        assert len(navy) >= 3 * 10  # three stacked cards a pile, ten piles
        assert not first.images


def _close(colour: object, rgb: tuple[int, int, int]) -> bool:
    values = list(colour) if isinstance(colour, (list, tuple)) else []
    return len(values) == 3 and all(abs(v - c / 255) < 0.01 for v, c in zip(values, rgb))


def test_train_round_setup_piles_are_4_3_2_1(written):
    html, _, _ = written("train")
    root = lxml_html.parse(str(html)).getroot()
    figure = root.find(".//figure[@class='round-setups']")
    assert figure is not None
    groups = [
        g for g in figure.iter("{http://www.w3.org/2000/svg}g", "g") if (g.get("class") or "").startswith("round-")
    ]
    piles = [
        sum(1 for r in g.iter("{http://www.w3.org/2000/svg}rect", "rect") if r.get("class") == "pile") for g in groups
    ]
    assert piles == [4, 3, 2, 1]  # seed 000: four decks in round 1, then three, two, one


# --- safety and determinism -------------------------------------------------------------------


def test_a_title_with_markup_stays_text(tmp_path):
    title = "<script>alert('x')</script> & **bold**"
    result = build_handout(game="amtrak", opts=print_options(title=title), out=tmp_path)
    page = next(result.folder.glob("*.html"))
    raw = page.read_text("utf-8")
    assert "<script>" not in raw and "&lt;script&gt;" in raw
    root = lxml_html.parse(str(page)).getroot()
    assert not root.findall(".//script")
    assert root.findtext(".//h1") == title and root.findtext(".//title") == title
    text = pdf_pages_text(next(result.folder.glob("*.pdf")))[0]
    assert "<script>alert('x')</script> & **bold**" in text


def test_same_inputs_same_bytes(tmp_path):
    a = build_handout(game="train", opts=print_options(), out=tmp_path / "a")
    b = build_handout(game="train", opts=print_options(), out=tmp_path / "b")
    for fa, fb in zip(sorted(a.files), sorted(b.files)):
        assert fa.read_bytes() == fb.read_bytes(), fa.name


def test_print_stylesheet_sets_the_paper_and_keeps_rows_whole(written):
    for paper, size in (("a4", "210mm 297mm"), ("letter", "215.9mm 279.4mm")):
        raw = written("train", paper)[0].read_text("utf-8")
        assert f"size: {size};" in raw
        assert re.search(r"tr, figure[^{]*\{[^}]*break-inside: avoid", raw)
        assert "counter(pages)" in raw
    root = lxml_html.parse(str(written("train")[0])).getroot()
    breaks = root.findall(".//div[@class='pagebreak']")
    assert len(breaks) == 1 and breaks[0].getnext().text == "Quick reference"


def test_bad_handout_input_writes_nothing(tmp_path):
    for kw in (
        {"game": "got", "census": 30},
        {"game": "got", "pattern": "four"},
        {"game": "got2d", "categories": "fly"},
    ):
        with pytest.raises(CardgenError):
            build_handout(opts=print_options(), out=tmp_path, **kw)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_the_pack_rules_page_is_the_got_handout(built):
    from cardgen.rules.got.patterns import make_pattern

    folder = built(pattern="three", census=5)
    rows = html_tables(folder / "rules.html")["abilities"]
    found = {r[i]: r[i + 1] for r in rows for i in range(0, len(r), 2) if r[i]}
    spec = make_pattern("three", 5)
    assert found["A↔B"] == "1, 11, 21, 31, 41" and found["D↔E"] == "10, 20, 30, 40, 50"  # seed 002 §6
    assert len(found) == spec.block == 10


def test_a_large_census_moves_the_table_after_the_summary(tmp_path):
    result = build_handout(game="got", pattern="one", census=12, opts=print_options(), out=tmp_path)
    assert result.summary_pages <= 2 < result.pages
    doc = build("got", pattern="one", census=12)
    headings = [b.text for b in doc.blocks if isinstance(b, Heading)]
    assert headings[-1] == "Which card does what"
    assert isinstance(doc.blocks[-2], Table) and isinstance(doc.blocks[-1], SmallPrint)  # the line for whoever prints
    assert isinstance(doc.figures()[0], Figure)
