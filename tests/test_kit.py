"""``cardgen kit GAME``: a whole game for N players in one folder and one PDF in print order (#31).

The PDF is read back with pikepdf (another engine than the one that composed it): its pages are
its parts' pages, in order (each page's drawing and size compared by digest with the page of the
part's own PDF; the placemats' pages, numbered as the kit's pages, read as text with pdfplumber),
with bookmarks, page labels, a title, a subject and viewer preferences; the cover is one page and
names what is inside. ``cardgen check`` proves a kit, and names a page changed in it.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from cardgen.cli import run
from tests.helpers import resign

GAMES = ["got", "got2d", "supertrain", "amtrak", "train"]
TITLES = {
    "got": "Game of Trains",
    "got2d": "Game of Trains in two dimensions",
    "supertrain": "SuperTrain dominoes",
    "amtrak": "Amtrak",
    "train": "Train",
}


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def kit_pdf(folder: Path) -> Path:
    return folder / f"{folder.name}.pdf"


def parts_of(folder: Path) -> list[Path]:
    """The kit's part folders (each holds a marker of its own)."""
    return sorted(p for p in folder.iterdir() if p.is_dir() and (p / ".cardgen.json").is_file())


def part_pdf(part: Path) -> Path:
    (pdf,) = [p for p in part.iterdir() if p.suffix == ".pdf"]
    return pdf


def page_keys(pdf: Path) -> list[str]:
    """Each page's drawing (its content streams, decoded) and size, as a digest: read by pikepdf."""
    keys = []
    with pikepdf.open(pdf) as doc:
        for page in doc.pages:
            contents = page.obj.get("/Contents")
            streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents] if contents else []
            body = b"".join(s.read_bytes() for s in streams)
            box = [float(v) for v in page.mediabox]
            keys.append(hashlib.sha256(body + repr(box).encode()).hexdigest())
    return keys


def tree(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def kits(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Kits built once each for the module, by their command line: kits(game, *options) -> folder."""
    cache: dict[tuple[str, ...], Path] = {}

    def make(game: str, *options: str) -> Path:
        key = (game, *options)
        if key not in cache:
            out = tmp_path_factory.mktemp("kit")
            assert run(["kit", game, *options, "--out", str(out)]) == 0
            (folder,) = [p for p in out.iterdir() if p.is_dir()]
            cache[key] = folder
        return cache[key]

    return make


# --- each game: builds, checks, reads back -----------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_each_kit_for_three_players_builds_and_passes_check(kits, capsys, game):  # type: ignore[no-untyped-def]
    folder = kits(game, "--players", "3")
    assert folder.name.startswith(f"kit-{game}-3-players")
    code, out, _ = cli(capsys, "check", folder)
    assert code == 0, out
    assert out.splitlines()[-1].endswith(": OK")
    assert len(parts_of(folder)) == 3  # the rules, the components, the form or mats


@pytest.mark.parametrize("game", GAMES)
def test_the_pdf_names_the_kit_and_opens_at_actual_size(kits, game):  # type: ignore[no-untyped-def]
    folder = kits(game, "--players", "3")
    with pikepdf.open(kit_pdf(folder)) as pdf:
        info = pdf.docinfo
        assert str(info["/Title"]).startswith(f"{TITLES[game]} kit — 3 players")
        assert TITLES[game] in str(info["/Subject"]) and "3 players" in str(info["/Subject"])
        prefs = pdf.Root.ViewerPreferences
        assert prefs.PrintScaling == pikepdf.Name("/None") and prefs.Duplex == pikepdf.Name.Simplex
        assert pdf.Root.PageMode == pikepdf.Name.UseOutlines
        labels = [pikepdf.Page(p).label for p in pdf.pages]
        with pdf.open_outline() as outline:
            marks = [(item.title, pdf.pages.index(pikepdf.Page(item.action.D[0]))) for item in outline.root]
    assert labels[0] == "Cover" and labels[1] == "Rules 1"
    # a bookmark a part, at its first page, each page labelled by its part's word and number
    assert [m[0] for m in marks][0] == "Cover" and len(marks) == 1 + len(parts_of(folder))
    starts = [at for _, at in marks]
    assert starts == sorted(starts) and starts[0] == 0
    for (title, at), end in zip(marks[1:], [*starts[2:], len(labels)]):
        word = labels[at].rsplit(" ", 1)[0]
        assert labels[at:end] == [f"{word} {n}" for n in range(1, end - at + 1)], title


def page_texts(pdf: Path, pages: Sequence[int] | None = None) -> list[str]:
    """The text of each page (of ``pages``, counted from 0; every page by default), read by pdfplumber."""
    with pdfplumber.open(pdf, pages=None if pages is None else [k + 1 for k in pages]) as doc:
        return [" ".join((page.extract_text() or "").split()) for page in doc.pages]


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_are_the_cover_then_the_parts_pages_in_order(kits, game):  # type: ignore[no-untyped-def]
    """Read with pikepdf: page 1 is the cover, then the rules handout's pages, then each
    component's, each one a page of its part's own PDF; so the kit has 1 + the sum of its parts'
    pages. The placemats' pages are their part's drawn again, numbered as the kit's pages: read
    with pdfplumber, each says "page K of N", K its page in the kit, where the part's says its own."""
    folder = kits(game, "--players", "3")
    got = page_keys(kit_pdf(folder))
    with pikepdf.open(kit_pdf(folder)) as pdf, pdf.open_outline() as outline:
        order = [item.title for item in outline.root][1:]
    parts = {p.name: page_keys(part_pdf(p)) for p in parts_of(folder)}
    assert len(got) == 1 + sum(len(pages) for pages in parts.values())
    rules = next(name for name in parts if name.startswith("handout-"))
    at = 1
    for title in order:  # each bookmark's part, in the kit's order: the rules first
        name = rules if title == "The rules handout" else _part_named(parts, title, rules)
        pages = parts.pop(name)
        if name.startswith("placemat"):
            kit_text = page_texts(kit_pdf(folder), range(at, at + len(pages)))
            own_text = page_texts(part_pdf(folder / name))
            assert len(own_text) == len(pages)
            for k, (mine, theirs) in enumerate(zip(kit_text, own_text)):
                assert f"page {at + k + 1} of {len(got)}" in mine and f"page {k + 1} of {len(pages)}" in theirs
                assert mine == _renumbered(theirs, at, len(got))  # the same mat, its tabs naming the kit's pages
        else:
            assert got[at : at + len(pages)] == pages, name
        at += len(pages)
    assert at == len(got) and not parts  # every page accounted for, every part printed
    with pdfplumber.open(kit_pdf(folder)) as pdf:
        assert len(pdf.pages[0].extract_text().split("What is inside")) == 2  # page 1: the cover


def _renumbered(text: str, shift: int, total: int) -> str:
    """A part's page text with its page numbers ("page 2", "page 1 of 6") moved on by ``shift``
    and its count of pages made ``total``."""
    return re.sub(
        r"page (\d+)( of \d+)?", lambda m: f"page {int(m[1]) + shift}" + (f" of {total}" if m[2] else ""), text
    )


def _part_named(parts: dict[str, list[str]], title: str, rules: str) -> str:
    """The part a bookmark names, by what it is."""
    words = {"pack": ("got-", "deck"), "placemat": ("placemat",), "tiles": ("supertrain-wild", "supertrain-full"),
             "score sheet": ("supertrain-scoresheet",), "scorecard": ("amtrak-scorecard",),
             "freeze tokens": ("freeze-tokens",), "deck": ("deck",), "round-setup": ("train-setup",)}  # fmt: skip
    for word, prefixes in words.items():
        if word in title.lower():
            return next(n for n in parts if n != rules and n.startswith(prefixes))
    raise AssertionError(title)


def test_the_cover_is_one_page_and_says_what_is_inside_page_by_page(kits):  # type: ignore[no-untyped-def]
    """Pattern two at census 7 is 84 cards for four players (three blocks of 28, seed 002); for
    three, two blocks: 56 cards, 9 a sheet of A4 (3 × 3 poker cards), 7 sheets. The handout of
    two pages comes first, so the cards are pages 4 to 10."""
    folder = kits("got", "--players", "3")
    with pdfplumber.open(kit_pdf(folder)) as pdf:
        cover = " ".join(pdf.pages[0].extract_text().split())
        assert "page 1 of 1" in cover  # the cover is one page: its own footer says so
    assert "4–10 the pack: 56 cards (2 blocks of 28, sized for 3 players)" in cover
    assert "2–3 the rules handout" in cover
    assert "100 % (actual size)" in cover and "one-sided" in cover
    assert "3 placemats, one a player" in cover
    assert "scissors" in cover and "glue stick" in cover  # a census-7 mat is two pieces on A4
    assert "Cut the 56 cards apart" in cover
    assert "20 s to cut out a card" in cover  # the assumption behind the time, said


def test_the_time_to_make_a_kit_is_worked_out_from_what_it_holds(kits):  # type: ignore[no-untyped-def]
    """21 wild tiles at 20 s each: 7 minutes, said rounded up to 5 minutes."""
    folder = kits("supertrain", "--players", "3")
    with pdfplumber.open(kit_pdf(folder)) as pdf:
        cover = " ".join(pdf.pages[0].extract_text().split())
    assert "Cut the 21 tiles apart" in cover and "Making it takes about 10 minutes" in cover
    assert "a double-12 domino set" in cover and "4 train markers" in cover  # one a player, one Mexican


def test_a_kit_is_the_same_bytes_built_twice(kits, tmp_path):  # type: ignore[no-untyped-def]
    folder = kits("supertrain", "--players", "3")
    assert run(["kit", "supertrain", "--players", "3", "--out", str(tmp_path)]) == 0
    assert tree(tmp_path / folder.name) == tree(folder)


def test_kit_help_lists_the_games_own_options(capsys):  # type: ignore[no-untyped-def]
    """``cardgen kit GAME --help``: GAME's options, with its own range of players; not another game's."""
    code, out, _ = cli(capsys, "kit", "supertrain", "--help")
    words = " ".join(out.split("Examples:")[0].split())  # (the examples are every game's)
    assert code == 0 and "--set" in words and "Players, 2 to 8" in words and "--names" in words
    assert not any(o in words for o in ("--pattern", "--census", "--freeze", "--four-colour", "--categories"))
    code, out, _ = cli(capsys, "kit", "got", "--help")
    words = " ".join(out.split("Examples:")[0].split())
    assert all(o in words for o in ("--pattern", "--census", "--freeze", "--wilds", "Players, 2 to 6"))
    assert "--set" not in words and "--four-colour" not in words
    code, out, _ = cli(capsys, "kit", "--help")  # no game: every game's, each said whose
    assert code == 0 and "got: " in out and "supertrain: " in out and "amtrak/train: " in out


def test_amtrak_solo_kit_prints_the_deck_and_the_solo_scorecard(kits):  # type: ignore[no-untyped-def]
    """Seed 004: 52 cards and 2 Jokers, played alone with the solo scorecard."""
    folder = kits("amtrak", "--players", "1")
    assert folder.name == "kit-amtrak-solo"
    assert [p.name for p in parts_of(folder)] == ["amtrak-scorecard-solo", "deck", "handout-amtrak"]
    rows = (folder / "deck" / "pack.csv").read_text("utf-8").splitlines()[1:]
    assert len(rows) == 54 and sum(",JK," in r for r in rows) == 2
    (cover,) = page_texts(kit_pdf(folder), range(1))
    assert "the deck: 54 cards, 2 of them Jokers" in cover and "the solo scorecard" in cover
    assert "one player (solo)" in cover and "Cut the 54 cards apart" in cover


def test_train_kit_prints_the_deck_without_jokers_and_the_round_setup_card(kits):  # type: ignore[no-untyped-def]
    """Seeds 000/001: a 52-card deck, no Jokers; the round-setup card for the players."""
    folder = kits("train", "--players", "3")
    assert [p.name for p in parts_of(folder)] == ["deck-no-jokers", "handout-train", "train-setup-3-players"]
    rows = (folder / "deck-no-jokers" / "pack.csv").read_text("utf-8").splitlines()[1:]
    assert len(rows) == 52 and not any(",JK," in r for r in rows)
    (cover,) = page_texts(kit_pdf(folder), range(1))
    assert "the deck: 52 cards, no Jokers" in cover and "the round-setup card for 3 players" in cover


def test_names_go_on_the_mats_and_the_kit_has_tokens_and_wild_cards(kits):  # type: ignore[no-untyped-def]
    """``--names``: a mat each, each name printed on its own mat's pieces; ``--freeze 7``: the
    tokens sheet; ``--wilds 2``: the pack's two wild cards (W01, W02) and the rules that go with them."""
    folder = kits("got", "--names", "Ann,Bob,Cy,Dee", "--freeze", "7", "--wilds", "2", "--backs")
    (mats,) = [p for p in parts_of(folder) if p.name.startswith("placemat-")]
    svgs = sorted(mats.glob("*.svg"))
    assert len(svgs) == 4  # one a player
    for svg, name in zip(svgs, ["Ann", "Bob", "Cy", "Dee"]):
        assert f">{name}<" in svg.read_text("utf-8")
    with pikepdf.open(kit_pdf(folder)) as pdf:
        labels = [pikepdf.Page(p).label for p in pdf.pages]
    on_mats = " ".join(page_texts(kit_pdf(folder), [k for k, label in enumerate(labels) if label.startswith("Mats")]))
    assert all(f"({name})" in on_mats for name in ("Ann", "Bob", "Cy", "Dee"))  # each piece says whose
    (pack,) = [p for p in parts_of(folder) if p.name.startswith("got-")]
    assert {p.stem for p in (pack / "cards").glob("W*.svg")} == {"W01", "W02"}
    assert any(p.name.startswith("freeze-tokens") for p in parts_of(folder))
    (cover,) = page_texts(kit_pdf(folder), [0])
    assert "2 of them wild" in cover and "freeze tokens" in cover and "(Ann, Bob, Cy, Dee)" in cover


# --- double-sided and fold-over ---------------------------------------------------------------


def test_backs_put_each_part_on_a_front_and_a_blank_behind_each_one_sided_page(kits):  # type: ignore[no-untyped-def]
    folder = kits("got", "--names", "Ann,Bob,Cy,Dee", "--freeze", "7", "--wilds", "2", "--backs")
    assert "-ann-bob-cy-dee-" in folder.name
    with pikepdf.open(kit_pdf(folder)) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == pikepdf.Name.DuplexFlipLongEdge
        labels = [pikepdf.Page(p).label for p in pdf.pages]
        empty = [not p.obj.get("/Contents") for p in pdf.pages]
    assert len(labels) % 2 == 0
    for k, label in enumerate(labels):
        if label.endswith(" 1") and label != "Cover":
            assert k % 2 == 0, (k + 1, label)  # a part's first page is the front of a sheet
        if label.startswith(("Mats", "Tokens", "Cover")):
            assert labels[k + 1] == "blank" and empty[k + 1], (k + 1, label)  # nothing on its back
    cards = [k for k, label in enumerate(labels) if label.startswith("Cards")]
    assert not any(empty[k] for k in cards) and len(cards) % 2 == 0  # fronts and their backs pages
    assert "Tokens 1" in labels  # freeze tokens: the kit plays with freezing


def test_fold_over_sheets_print_one_sided(kits):  # type: ignore[no-untyped-def]
    folder = kits("supertrain", "--players", "2", "--fold")
    with pikepdf.open(kit_pdf(folder)) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == pikepdf.Name.Simplex
        assert all(pikepdf.Page(p).label != "blank" for p in pdf.pages)
    with pdfplumber.open(kit_pdf(folder)) as pdf:
        cover = " ".join(pdf.pages[0].extract_text().split())
    assert "fold-over sheets" in cover and "Fold each of the" in cover


# --- check names what was changed -------------------------------------------------------------


def test_check_names_a_kit_page_changed_even_with_the_marker_signed_again(kits, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A line drawn on page 5 (the pack's second sheet) and on page 12 (the second of the mats,
    which the kit draws again numbered as its own pages)."""
    folder = tmp_path / "kit"
    shutil.copytree(kits("got", "--players", "3"), folder)
    pdf_path = folder / f"{kits('got', '--players', '3').name}.pdf"
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        for page in pdf.pages[4], pdf.pages[11]:
            page.obj.Contents = pdf.make_stream(page.obj.Contents.read_bytes() + b"\n0 0 m 100 100 l S\n")
        pdf.save(pdf_path)
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1
    assert "was changed after cardgen wrote it" in out
    name = pdf_path.name
    assert f"{name}: page 5 (Cards 2) is not page 2 of got-pattern-two-census-7-copies-2/" in out
    resign(folder)  # what anyone can do: the page is still not its part's
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and "was changed after" not in out
    assert f"{name}: page 5 (Cards 2) is not page 2 of got-pattern-two-census-7-copies-2/" in out
    mats = "placemat-census-7-players3/placemat-census-7-players3.pdf"
    assert f"{name}: page 12 (Mats 2) is not page 2 of {mats}, numbered as this kit's pages" in out


@pytest.mark.parametrize(
    "change, said",
    [  # the got kit for three: cover, rules 2-3, cards 4-10, mats 11-16
        ("swap 5 6", ["page 5 (Cards 2) is not page 2 of got-pattern-two-census-7-copies-2/got-pattern-two-census-7-"
                      "copies-2.pdf: it is the kit's page 6 (Cards 3)", "page 6 (Cards 3) is not page 3 of got-"]),
        ("remove 7", ["has 15 pages, where this kit has 16", "page 7 of this kit (Cards 4, page 4 of got-"]),
    ],
)  # fmt: skip
def test_check_names_a_page_swapped_or_removed(kits, tmp_path, capsys, change, said):  # type: ignore[no-untyped-def]
    source = kits("got", "--players", "3")
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    pdf_path = kit_pdf(folder)
    what, at = change.split(" ", 1)
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        first = int(at.split()[0]) - 1
        if what == "swap":
            pdf.pages[first], pdf.pages[first + 1] = pikepdf.Page(pdf.pages[first + 1]), pikepdf.Page(pdf.pages[first])
        else:
            del pdf.pages[first]
        pdf.save(pdf_path)
    resign(folder)
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1
    for words in said:
        assert f"{pdf_path.name}{'' if words.startswith('has') else ':'} {words}" in out, out
    assert len(out.splitlines()) == len(said) + 1  # no other page named: those after a page taken out are right


def test_check_names_a_part_changed_under_its_folder(kits, tmp_path, capsys):  # type: ignore[no-untyped-def]
    source = kits("supertrain", "--players", "3")
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    table = folder / "supertrain-wild" / "tiles.csv"
    table.write_text(table.read_text("utf-8").replace("12-Train", "11-Train", 1), "utf-8")
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1
    assert any(line.startswith("supertrain-wild/: ") for line in out.splitlines()), out


def test_check_names_a_part_that_is_not_the_kits(kits, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """Another score sheet in the place of the kit's, the kit's marker made to list it and signed
    again: the sheet passes its own check, and the kit names it as not its own, and its own as missing."""
    source = kits("supertrain", "--players", "3")
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    assert run(["scoresheet", "supertrain", "--players", "5", "--out", str(tmp_path / "other")]) == 0
    shutil.rmtree(folder / "supertrain-scoresheet-3-players")
    shutil.copytree(tmp_path / "other" / "supertrain-scoresheet-5-players", folder / "supertrain-scoresheet-5-players")
    marker = folder / ".cardgen.json"
    listing = json.loads(marker.read_text("utf-8"))
    files = [k.replace("supertrain-scoresheet-3-players", "supertrain-scoresheet-5-players") for k in listing["files"]]
    files = [k.replace("-3-players.", "-5-players.") if k.startswith("supertrain-scoresheet") else k for k in files]
    marker.write_text(json.dumps({**listing, "files": dict.fromkeys(files, "0" * 64)}), "utf-8")
    resign(folder)
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1
    assert "supertrain-scoresheet-5-players/ is not a part of this kit" in out, out
    assert "supertrain-scoresheet-3-players/, a part of this kit, is missing" in out, out
    assert "supertrain-scoresheet-5-players/: " not in out  # (its own check passes)


# --- bad input: one line, exit 2, nothing written -----------------------------------------------


@pytest.mark.parametrize(
    "args, needle",
    [
        (["got", "--players", "4", "--names", "Ann,Bob,Cy"], "players 4 does not match the 3 names given"),
        (["got", "--names", "Ann,,Cy"], "name 2 is empty"),
        (["got", "--names", "Ann,Bob,ann"], "'ann' is given twice"),
        (["got", "--names", "Ann," + "x" * 25], "name 2 is 25 characters long: at most 24"),
        (["got", "--names", "Ann,B\u200bob"], "name 2 holds a control or unprintable character"),
        (["got", "--names", "A,B,C,D,E,F,G"], "the got kit: players 7 is out of range: allowed 2 to 6"),
        (["got", "--players", "1"], "the got kit: players 1 is out of range: allowed 2 to 6"),
        (["train", "--players", "2"], "the train kit: players 2 is out of range: allowed 3 to 4"),
        (["supertrain", "--pattern", "one"], "the supertrain kit takes no --pattern"),
        (["got2d", "--freeze", "3"], "the got2d kit takes no --freeze"),
        (["got", "--card", "20x30mm"], "too small for a Game of Trains variant pack: at least 36x50mm"),
        (["amtrak", "--card", "20x30mm"], "too small for a playing-card deck: at least 44x62mm"),
        (["chess"], "chess"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, capsys, args, needle):  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "kit", *args, "--out", tmp_path / "out")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and needle in err, err
    assert not (tmp_path / "out").exists()


def test_a_kit_never_replaces_a_users_folder_or_another_commands(kits, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A kit's folder is its own kind: a folder of the kit's name holding a file of the user's,
    or another command's folder (a score sheet's, moved there), is refused in one line and left
    as it was; nothing else is written beside it."""
    out = tmp_path / "out"
    folder = out / "kit-supertrain-3-players"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine", "utf-8")
    code, said, err = cli(capsys, "kit", "supertrain", "--out", out)
    assert code == 2 and said == "" and len(err.splitlines()) == 1 and "notes.txt" in err, err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"] and [p.name for p in out.iterdir()] == [folder.name]
    (folder / "notes.txt").unlink()
    folder.rmdir()
    sheet = kits("supertrain", "--players", "3") / "supertrain-scoresheet-3-players"
    shutil.copytree(sheet, folder)
    before = tree(folder)
    code, said, err = cli(capsys, "kit", "supertrain", "--out", out)
    assert code == 2 and len(err.splitlines()) == 1 and "cannot write a print-and-play kit" in err, err
    assert tree(folder) == before and [p.name for p in out.iterdir()] == [folder.name]


# --- cardgen.toml and the build's index -------------------------------------------------------


def test_a_kit_is_one_line_of_cardgen_toml_and_leads_the_index(tmp_path, capsys):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text('[[handout]]\ngame = "train"\n\n[[kit]]\ngame = "supertrain"\nplayers = 2\nnames = "Ann,Bob"\n')
    out = tmp_path / "out"
    code, said, err = cli(capsys, "build", "--config", config, "--out", out)
    assert code == 0, err
    folder = out / "kit-supertrain-2-players-ann-bob"
    assert (folder / f"{folder.name}.pdf").is_file()
    code, checked, _ = cli(capsys, "check", out)
    assert code == 0 and checked.splitlines()[-1].endswith("OK"), checked
    from lxml import html

    page = html.parse(str(out / "index.html")).getroot()
    sections = [s.get("class") for s in page.iter("section", "main")]
    assert sections[0] == "kits"  # the kits open the page, before the other items
    (kit,) = page.findall(".//section[@class='kits']//article")
    links = [a.get("href") for a in kit.iter("a")]
    assert links[0] == f"{folder.name}/{folder.name}.pdf" and "Print this PDF" in kit.text_content()
    parts = [a.get("href") for a in kit.findall(".//ul[@class='parts']//a")]
    assert len(parts) == 3 and all((out / p).is_file() and p.endswith(".pdf") for p in parts)
    assert "SuperTrain dominoes kit — 2 players" in kit.text_content()


def test_a_kit_item_is_refused_with_the_games_own_message(tmp_path, capsys):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text('[[kit]]\ngame = "train"\nplayers = 9\n')
    code, out, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "out")
    assert code == 2 and "players 9 is out of range" in err
    assert not (tmp_path / "out").exists()


# --- Train's round-setup card -----------------------------------------------------------------


@pytest.mark.parametrize(
    "players, piles",
    [  # 52 cards less 7 each, split as evenly as they go, larger piles first (seeds 000, 001: 4, 3, 2, 1 piles)
        (3, ["8 8 8 7", "11 10 10", "16 15", "31"]),
        (4, ["6 6 6 6", "8 8 8", "12 12", "24"]),
    ],
)
def test_the_round_setup_card_says_each_rounds_piles(tmp_path, capsys, players, piles):  # type: ignore[no-untyped-def]
    from cardgen.products.train_setup import build_setup_card

    built = build_setup_card(players=players, out=tmp_path)
    code, out, _ = cli(capsys, "check", built.folder)
    assert code == 0, out
    assert built.to_print is not None
    with pdfplumber.open(built.to_print) as pdf:
        (page,) = pdf.pages
        text = " ".join(page.extract_text().split())
        assert abs(page.width - 595.3) < 1 and abs(page.height - 841.9) < 1  # A4
    for n, (count, closing) in enumerate(zip(piles, ["3 may close", "2 may close", "1 may close", "none"]), 1):
        assert f"Round {n}" in text and closing in text
        assert count in text, (count, text)
    assert f"{players} players" in text
