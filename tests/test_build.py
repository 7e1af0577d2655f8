"""``cardgen build``: the whole set, an index whose every link resolves, configs, all or nothing."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from lxml import html
from pypdf import PdfReader

from cardgen.cli import run

# What the default set is, from the issues: a kit a game for three players, leading (#31: the
# got kit pattern two at census 7); three GoT patterns at the seed's censuses, placemats for 5, 6,
# 7 and the 3×3 mat, the default 2D pack, SuperTrain wild tiles and a score sheet, Amtrak
# scorecards, and the five handouts; and the duplex test page, to print first (#23) where backs
# are printed double-sided: not in the default set, which prints every item one-sided (#33).
KITS = [
    "kit-got-3-players-pattern-two-census-7",
    "kit-got2d-3-players",
    "kit-supertrain-3-players",
    "kit-amtrak-3-players",
    "kit-train-3-players",
]
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


def test_the_default_set_is_every_product(default_build):
    folders = {p.name for p in default_build.iterdir() if p.is_dir()}
    assert folders == DEFAULT_FOLDERS
    assert (default_build / "got-pattern-two-census-7" / "got-pattern-two-census-7.pdf").stat().st_size > 0
    assert not any(p.name.startswith(".cardgen-s") for p in default_build.iterdir())  # no staging left


def test_every_link_and_picture_of_the_index_resolves(default_build):
    page = html.parse(str(default_build / "index.html")).getroot()
    articles = page.findall(".//article")
    assert len(articles) == len(DEFAULT_FOLDERS) - 1  # the test page stands apart, in a note of its own
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


def test_the_index_names_each_handout_by_its_game_says_what_the_svgs_are_and_keeps_the_test_page_aside(
    default_build,
):
    """#23: five handouts headed "rules handout", SVG "folders", no test page among them. #33: the
    default set prints every item one-sided, so the duplex test page does not lead ("Start here"
    asked for a double-sided print nothing needs): it is listed last, for the day backs are printed."""
    page = html.parse(str(default_build / "index.html")).getroot()
    assert page.find(".//section[@class='first']") is None and "Start here" not in page.text_content()
    later = page.find(".//section[@class='later']")
    assert later is not None and [a.get("href") for a in later.iter("a")] == ["testpage/testpage.pdf"]
    words = " ".join(later.text_content().split())
    assert "Only for backs" in words and "every item prints one-sided" in words and "--backs" in words
    # the kits open the page, a card a game, each "print this" with its parts below
    assert [s.get("class") for s in page.iter("section", "main")][:2] == ["kits", None]
    kits = page.findall(".//section[@class='kits']//article")
    assert [k.find(".//a[@class='pdf']").get("href") for k in kits] == [f"{k}/{k}.pdf" for k in KITS]
    assert all(
        k.find(".//p[@class='kind']").text == "Print this" and k.findall(".//ul[@class='parts']/li") for k in kits
    )
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


def test_every_pdf_of_the_default_build_has_a_human_title_a_subject_and_asks_for_actual_size(default_build):
    """#33: the document title was a slug (got-pattern-two-census-7), the subject "unspecified",
    and no PDF asked a print dialog for actual size. Read with pikepdf, and again with pypdf."""
    import pikepdf

    pdfs = sorted(default_build.rglob("*.pdf"))
    # one a folder; a kit holds its own and each of its three parts' (the rules, the cards or
    # tiles, and the mats, score sheet, scorecard or round-setup card)
    assert len(pdfs) == len(DEFAULT_FOLDERS) + 3 * len(KITS)
    titles = set()
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            info = pdf.docinfo
            title, subject = str(info.get("/Title", "")), str(info.get("/Subject", ""))
            prefs = pdf.Root.get("/ViewerPreferences")
            assert prefs is not None and prefs.get("/PrintScaling") == pikepdf.Name("/None"), path.name
            assert prefs.get("/DisplayDocTitle") is True, path.name  # the title, not the file's name, on screen
        assert title != path.stem and " " in title and not title.startswith(("got-", "placemat-", "supertrain-")), (
            path.name,
            title,
        )
        assert len(subject) > 20 and "unspecified" not in subject and "100 %" in subject, (path.name, subject)
        if path.parent.parent == default_build:  # (a kit's part is titled as the same thing alone)
            titles.add(title)
        meta = PdfReader(path).metadata
        assert meta is not None and meta.title == title and meta.subject == subject
    assert len(titles) == len(DEFAULT_FOLDERS)  # each its own
    assert "Game of Trains — pattern two, census 7" in titles


def test_the_test_page_leads_where_backs_are_printed_double_sided(tmp_path, capsys):
    """The test page's banner ("Start here") where an item prints backs double-sided, and the
    summary's count of such items in words that agree with it: "1 item has backs"."""
    config = tmp_path / "backs.toml"
    config.write_text(
        '[[testpage]]\n\n[[pack]]\npattern = "two"\ncensus = 3\nbacks = true\n\n[[placemat]]\ncensus = 3\n'
    )
    code, out, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "o")
    assert code == 0, err
    assert "1 item has backs: print double-sided as its notes say" in out and "item(s)" not in out
    page = html.parse(str(tmp_path / "o" / "index.html")).getroot()
    start = page.find(".//section[@class='first']")
    assert start is not None and "Start here" in start.text_content()
    assert [a.get("href") for a in start.iter("a")] == ["testpage/testpage.pdf"]
    assert page.find(".//section[@class='later']") is None


@pytest.mark.slow  # (the whole default set built a second time)
@pytest.mark.every_core
def test_two_builds_are_byte_identical_built_in_one_process_or_on_every_core(default_build, tmp_path):
    """Under pytest-xdist the shared build (tests/conftest.py) ran in its worker alone (one core: tests/conftest.py);
    this one runs its items on a pool of workers, each pack's sheets written beside its drawing."""
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


def test_an_item_is_named_by_the_print_options_it_uses_alone(tmp_path, capsys):
    """#29: a config's top-level preset (or bleed, png …) is given to every item, but a placemat,
    a score sheet, a scorecard, a handout or the test page uses none of them: none is in its name
    (a placemat's card stays the preset's: poker, the default); a pack uses them all."""
    config = tmp_path / "cardgen.toml"
    config.write_text(
        'preset = "thegamecrafter"\nmargin = "6mm"\n\n[[placemat]]\ncensus = 4\n\n[[scorecard]]\nplayers = 2\n\n'
        '[[scoresheet]]\ngame = "supertrain"\n\n[[handout]]\ngame = "train"\n\n[[testpage]]\n\n'
        "[[pack]]\ncensus = 2\n"
    )
    code, _, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "o", "--quiet")
    assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "o").iterdir() if p.is_dir() and not p.name.startswith("."))
    assert names == [
        "amtrak-scorecard-2-players-margin6mm",
        "got-pattern-two-census-2-margin6mm-preset-thegamecrafter",
        "handout-train",  # (a handout keeps at least 12 mm: 6 is its default)
        "placemat-census-4-margin6mm",
        "supertrain-scoresheet-4-players-margin6mm",
        "testpage-margin6mm",
    ]
    for name in names:
        assert cli(capsys, "check", tmp_path / "o" / name)[0] == 0, name


def test_each_command_takes_the_print_options_its_product_is_named_by():
    """The command line and the product agree on what a placemat, a form, a handout and the test
    page use: an option the command takes is in the name, one it does not take never is."""
    import importlib
    import inspect

    from cardgen.cli import app
    from cardgen.options import PRINT_FIELDS

    modules = {
        "placemat": "placemat",
        "scorecard": "amtrak",
        "scoresheet": "scoresheet",
        "handout": "handout",
        "testpage": "testpage",
    }
    commands = {c.name or c.callback.__name__: c.callback for c in app.registered_commands if c.callback}  # type: ignore[union-attr]
    for command, module in modules.items():
        takes = {p for p in inspect.signature(commands[command]).parameters if p in PRINT_FIELDS}
        assert takes == set(importlib.import_module(f"cardgen.products.{module}").USES), command
