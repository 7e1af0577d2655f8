"""``cardgen build``: the whole set, an index whose every link resolves, configs, all or nothing."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from lxml import html
from pypdf import PdfReader

from cardgen.cli import run
from cardgen.products import PRODUCTS

# What the default set is, from the issues: a kit a game for three players, leading (#31; the
# Amtrak and Train kits print the deck, once this cardgen has it); three GoT patterns at the
# seed's censuses, placemats for 5, 6, 7 and the 3×3 mat, the default 2D pack, SuperTrain wild
# tiles and a score sheet, Amtrak scorecards, and the five handouts; and the duplex test page,
# to print first (#23).
KITS = ["kit-got-3-players-pattern-two-census-7", "kit-got2d-3-players", "kit-supertrain-3-players"]
KITS += ["kit-amtrak-3-players", "kit-train-3-players"] if "deck" in PRODUCTS else []
DEFAULT_FOLDERS = {
    *KITS,
    "testpage",
    "got-pattern-one-census-7",
    "got-pattern-two-census-7",
    "got-pattern-three-census-5",
    "got-2d-rs-cs-rr-cr-rm",
    "placemat-census-5",
    "placemat-census-6",
    "placemat-census-7",
    "placemat-grid-3x3",
    "supertrain-wild",
    "supertrain-scoresheet-4-players",
    "amtrak-scorecard-solo",
    "amtrak-scorecard-2-players",
    "amtrak-scorecard-4-players",
    "handout-got-pattern-two-census-7",  # the got handout's pattern: the default, two, as everywhere
    "handout-got2d-rs-cs-rr-cr-rm",
    "handout-supertrain",
    "handout-amtrak",
    "handout-train",
}
LETTER_PT = (612.0, 792.0)


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def tree(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def default_build(tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("build") / "output"
    assert run(["build", "--out", str(out), "--quiet"]) == 0
    return out


def test_the_default_set_is_every_product(default_build):
    folders = {p.name for p in default_build.iterdir() if p.is_dir()}
    assert folders == DEFAULT_FOLDERS
    assert (default_build / "got-pattern-two-census-7" / "got-pattern-two-census-7.pdf").stat().st_size > 0
    assert not any(p.name.startswith(".cardgen-s") for p in default_build.iterdir())  # no staging left


def test_every_link_and_picture_of_the_index_resolves(default_build):
    page = html.parse(str(default_build / "index.html")).getroot()
    articles = page.findall(".//article")
    assert len(articles) == len(DEFAULT_FOLDERS) - 1  # the test page leads, in a banner of its own
    targets = [a.get("href") for a in page.iter("a")] + [i.get("src") for i in page.iter("img")]
    assert len(targets) > 3 * len(articles)
    for target in targets:
        assert target and not target.startswith(("/", "http")), target
        assert (default_build / target).exists(), target
    for article in articles:  # each item: a picture, a PDF, and what it holds
        links = [a.get("href") for a in article.iter("a")]
        assert any(link.endswith(".pdf") for link in links)
        assert article.find(".//img") is not None
        assert article.find(".//h2").text_content().strip()
    text = page.text_content()
    assert "84 cards · 10 sheets" in text and "21 tiles · 1 sheet" in text and "100 %" in text


def test_the_index_names_each_handout_by_its_game_says_what_the_svgs_are_and_leads_with_the_test_page(
    default_build,
):
    """#23: five handouts headed "rules handout", SVG "folders", no test page."""
    page = html.parse(str(default_build / "index.html")).getroot()
    start = page.find(".//section[@class='first']")
    assert start is not None and "Start here" in start.text_content()
    # the kits open the page, a card a game, each "print this" with its parts below
    assert [s.get("class") for s in page.iter("section", "main")] == ["kits", "first", None]
    kits = page.findall(".//section[@class='kits']//article")
    assert [k.find(".//a[@class='pdf']").get("href") for k in kits] == [f"{k}/{k}.pdf" for k in KITS]
    assert all(k.find(".//p[@class='kind']").text == "Print this" and k.findall(".//ul[@class='parts']/li") for k in kits)
    assert [a.get("href") for a in start.iter("a")] == ["testpage/testpage.pdf"]
    assert page.find(".//main").text_content().find("Duplex") == -1  # not again among the items
    titles = {" ".join(a.find(".//h2").text_content().split()): a for a in page.findall(".//article")}
    for game in (
        "Game of Trains: pattern two, census 7",
        "Game of Trains in two dimensions: 3×3",
        "SuperTrain",
        "Amtrak",
        "Train",
    ):
        assert game in titles, sorted(titles)
        assert titles[game].find(".//p[@class='kind']").text == "rules handout"
    assert sum(1 for t in titles if t == "rules handout") == 0
    labels = [(" ".join(a.text_content().split()), a.get("href")) for a in page.iter("a") if "SVG" in a.text_content()]
    assert ("84 card SVG files", "got-pattern-one-census-7/cards/") in labels  # the folder that holds them
    assert ("21 tile SVG files", "supertrain-wild/tiles/") in labels
    assert ("the diagram as SVG", "handout-amtrak/figure-1.svg") in labels
    assert not any(label.endswith("SVGs") for label, _ in labels)  # says what they are
    # the fonts travel with the page, as they do with the handouts
    raw = (default_build / "index.html").read_text("utf-8")
    assert "@font-face{font-family:'Atkinson Hyperlegible'" in raw and "src:url(data:font/ttf;base64," in raw


def test_two_builds_are_byte_identical(default_build, tmp_path):
    again = tmp_path / "again"
    assert run(["build", "--out", str(again), "--quiet"]) == 0
    assert tree(again) == tree(default_build)


def test_quiet_prints_nothing_and_a_summary_otherwise(tmp_path, capsys):
    config = tmp_path / "one.toml"
    config.write_text("[[placemat]]\ncensus = 4\n")
    code, out, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "o", "--quiet")
    assert (code, out, err) == (0, "", "")
    code, out, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "o")
    assert code == 0 and err == ""  # not a terminal: no progress bar
    assert "built 1 item:" in out and "index.html" in out and "100 %" in out


def test_a_config_names_a_set_with_its_own_print_options(tmp_path, capsys):
    config = tmp_path / "cardgen.toml"
    config.write_text(
        'paper = "letter"\n\n[[pack]]\npattern = "two"\ncensus = 5\nbacks = true\n\n'
        '[[tiles]]\nset = "wild"\nnumerals = true\n\n[[placemat]]\ncensus = 4\npaper = "a4"\n'
    )
    code, out, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "o")
    assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "o").iterdir() if not p.name.startswith("."))
    assert names == [
        "got-pattern-two-census-5-letter-backs",
        "index.html",
        "placemat-census-4",  # the item's own paper wins over the config's
        "supertrain-wild-numerals-letter",
    ]
    pdf = PdfReader(
        tmp_path / "o" / "got-pattern-two-census-5-letter-backs" / "got-pattern-two-census-5-letter-backs.pdf"
    )
    box = pdf.pages[0].mediabox
    assert sorted((float(box.width), float(box.height))) == sorted(LETTER_PT)


def test_cardgen_toml_in_the_current_folder_is_used_and_paper_wins_over_it(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("cardgen.toml").write_text('paper = "letter"\n[[scorecard]]\nplayers = 2\n')
    assert cli(capsys, "build")[0] == 0
    assert (tmp_path / "output" / "amtrak-scorecard-2-players-letter").is_dir()
    assert cli(capsys, "build", "--paper", "a4")[0] == 0
    assert (tmp_path / "output" / "amtrak-scorecard-2-players").is_dir()


@pytest.mark.parametrize(
    "text, needle",
    [
        ("[[pak]]\ncensus = 7\n", "unknown key 'pak'"),
        ('[[pack]]\npattrn = "two"\n', "item 1 (pack): unknown key 'pattrn'"),
        ('[[pack]]\ncensus = "7"\n', "item 1 (pack): key 'census' is '7': wanted int"),
        ('[[pack]]\nbacks = "yes"\n', "item 1 (pack): key 'backs' is 'yes': wanted bool"),
        ('[[placemat]]\ncensus = 5\n[[pack]]\nbleed = "3 parsecs"\n', "item 2 (pack): bleed '3 parsecs'"),
        ('[[tiles]]\nset = "half"\n', "half"),
        ('[[pack]]\npattern = "two"\ncensus = 99\n', "census 99"),
        ('paper = "a5"\n[[pack]]\n', "paper 'a5'"),
        ("pack = 3\n", "'pack' must be a list of tables"),
        ('paper = "letter"\n', "names no items"),
        ("[[pack]\n", "not a TOML file"),
        ("\x00\x01", "not a TOML file"),
    ],
)
def test_a_bad_config_is_one_line_naming_the_item_and_key_and_writes_nothing(tmp_path, capsys, text, needle):
    config = tmp_path / "bad.toml"
    config.write_text(text)
    code, out, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "o")
    assert code == 2 and "Traceback" not in err
    assert needle in err.strip().splitlines()[-1], err
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir()), "a bad config wrote files"


def test_a_missing_config_is_one_line(tmp_path, capsys):
    code, _, err = cli(capsys, "build", "--config", tmp_path / "nope.toml", "--out", tmp_path / "o")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "nope.toml" in err


def test_config_print_options_take_their_own_types(tmp_path, capsys):
    config = tmp_path / "c.toml"
    config.write_text('[[pack]]\npattern = "two"\ncensus = 3\ncopies = 1\npng = 72\ntts = true\n')
    code, _, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "o", "--quiet")
    assert code == 0, err
    folder = tmp_path / "o" / "got-pattern-two-census-3-copies-1-png72-tts"
    assert (folder / "png" / "001.png").is_file() and (folder / "tts" / "deck.png").is_file()
    config.write_text('[[pack]]\npng = "lots"\n')
    code, _, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "p")
    assert code == 2 and "key 'png' is 'lots': wanted int" in err
