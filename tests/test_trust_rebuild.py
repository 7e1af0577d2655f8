"""``cardgen check`` holds every folder to what this version writes (#20, audit F5, F6): token
folders as packs (version, strays, bytes against a fresh redraw), and folders without cards
(mats, forms, handouts, test pages) against a fresh build of what their marker records built
them, so a PDF tampered with and its marker signed again is still named. Tampers are made with
pikepdf, an independent writer; the marker is signed again as anyone could."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, Stream

from cardgen import __version__
from cardgen.cli import run
from cardgen.write.marker import MARKER
from tests.helpers import resign


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def names(capsys, folder: Path, *needles: str) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", folder)
    assert code == 1, out + err
    for needle in needles:
        assert needle in out, out
    return out


# ---------------------------------------------------------------- PDF tampers (pikepdf)


def _wrap(pdf: Any, n: int, before: bytes, after: bytes = b"") -> None:
    page = pdf.pages[n]
    page.contents_coalesce()
    page.obj.Contents = Stream(pdf, before + page.obj.Contents.read_bytes() + after)


def _size(pdf: Any) -> tuple[float, float]:
    box = pdf.pages[0].mediabox
    return float(box[2]), float(box[3])


def _clip(pdf: Any) -> None:
    w, h = _size(pdf)
    _wrap(pdf, 0, f"q 0 0 {w / 2} {h} re W n\n".encode(), b"\nQ")


def _margin_text(pdf: Any) -> None:
    font = next(iter(pdf.pages[0].obj.Resources.Font.keys()))
    pdf.pages[0].contents_add(Stream(pdf, f"BT {font} 8 Tf 5 5 Td (extra words) Tj ET".encode()))


def _white_rect(pdf: Any) -> None:
    pdf.pages[0].contents_add(Stream(pdf, b"q 1 g 100 400 150 150 re f Q"))


def _mirror(pdf: Any) -> None:
    _wrap(pdf, len(pdf.pages) - 1, f"q -1 0 0 1 {_size(pdf)[0]} 0 cm\n".encode(), b"\nQ")


def _rotate_tree(pdf: Any) -> None:
    pdf.Root.Pages.Rotate = 90


def _userunit_tree(pdf: Any) -> None:
    pdf.Root.Pages.UserUnit = 2


def _transfer(pdf: Any) -> None:
    inverse = Dictionary(FunctionType=2, Domain=Array([0, 1]), C0=Array([1]), C1=Array([0]), N=1)
    page = pdf.pages[0].obj
    if Name.ExtGState not in page.Resources:
        page.Resources.ExtGState = Dictionary()
    page.Resources.ExtGState.GSx = Dictionary(Type=Name.ExtGState, TR=inverse)
    _wrap(pdf, 0, b"/GSx gs\n")


def _half(pdf: Any) -> None:
    _wrap(pdf, 0, b"q 0.5 0 0 0.5 0 0 cm\n", b"\nQ")


def _invisible(pdf: Any) -> None:
    _wrap(pdf, 0, b"3 Tr\n")


def _drop_last(pdf: Any) -> None:
    del pdf.pages[-1]


TAMPERS: dict[str, Callable[[Any], None]] = {
    "a clip hiding half the page": _clip,
    "text in the margin": _margin_text,
    "a white rectangle over content": _white_rect,
    "a page mirrored": _mirror,
    "/Rotate 90 on the page tree": _rotate_tree,
    "/UserUnit 2 on the page tree": _userunit_tree,
    "a transfer function inverting the print": _transfer,
    "the page scaled to half": _half,
    "invisible text (3 Tr)": _invisible,
}


def tamper_pdf(folder: Path, how: Callable[[Any], None]) -> None:
    """Change the folder's one PDF with pikepdf, then sign its marker again."""
    (pdf_path,) = [p for p in folder.glob("*.pdf")]
    with pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        how(pdf)
        pdf.save(pdf_path, deterministic_id=True)
    resign(folder)


def copy_of(folder: Path, tmp_path: Path) -> Path:
    target = tmp_path / folder.name
    shutil.copytree(folder, target, symlinks=True)
    return target


# ---------------------------------------------------------------- token folders (F5)


@pytest.fixture(scope="module")
def tokens(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tokens")
    assert run(["tokens", "--players", "3", "--out", str(out)]) == 0
    return out / "freeze-tokens-3-players"


def test_a_token_folder_as_written_passes_and_records_its_version(capsys, tokens, tmp_path):  # type: ignore[no-untyped-def]
    assert json.loads((tokens / "pack.json").read_text())["cardgen_version"] == __version__
    code, out, _ = cli(capsys, "check", tokens)
    assert code == 0, out


@pytest.mark.parametrize(
    "stray, shown",
    [
        ("extra.txt", "'extra.txt' is not a file cardgen writes"),
        ("tokens/readme.txt", "'tokens/readme.txt' is not a file cardgen writes"),
        ("tokens/p1-01.svg.bak", "'tokens/p1-01.svg.bak' is not a file cardgen writes"),
        (".hidden", "'.hidden' is not a file cardgen writes"),
        ("later/", "'later/' is not a folder cardgen makes"),
        ("tokens/more/", "'tokens/more/' is not a folder cardgen makes"),
        ("link", "'link' is not a file cardgen writes"),
    ],
)
def test_anything_else_in_a_token_folder_is_named(capsys, tokens, tmp_path, stray, shown):  # type: ignore[no-untyped-def]
    folder = copy_of(tokens, tmp_path)
    if stray == "link":
        (folder / "link").symlink_to(tmp_path)
    elif stray.endswith("/"):
        (folder / stray).mkdir()
    else:
        (folder / stray).write_text("x")
    names(capsys, folder, shown)


@pytest.mark.parametrize(
    ("version", "said"), [("0.0.9", "records cardgen '0.0.9'"), (None, "records no cardgen_version")]
)
def test_a_token_folder_from_another_version_is_named_even_signed_again(capsys, tokens, tmp_path, version, said):  # type: ignore[no-untyped-def]
    folder = copy_of(tokens, tmp_path)
    data = json.loads((folder / "pack.json").read_text())
    data.pop("cardgen_version")
    if version is not None:
        data["cardgen_version"] = version
    (folder / "pack.json").write_text(json.dumps(data, indent=2))
    resign(folder)
    names(capsys, folder, said)


@pytest.mark.parametrize(
    "rel, edit, shown",
    [
        ("tokens/p1-01.svg", lambda b: b.replace(b"</svg>", b"<!-- hi --></svg>"), "tokens/p1-01.svg is not what"),
        ("tokens/p3-07.svg", lambda b: b.replace(b"\n", b"\r\n"), "tokens/p3-07.svg is not what"),
        ("tokens.csv", lambda b: b.replace(b"\n", b"\r\n"), "tokens.csv is not what"),
    ],
)
def test_a_token_file_changed_and_signed_again_is_named(capsys, tokens, tmp_path, rel, edit, shown):  # type: ignore[no-untyped-def]
    folder = copy_of(tokens, tmp_path)
    (folder / rel).write_bytes(edit((folder / rel).read_bytes()))
    resign(folder)
    names(capsys, folder, shown)


@pytest.mark.parametrize(
    "tamper",
    [
        "a clip hiding half the page",
        "text in the margin",
        "a transfer function inverting the print",
        "/Rotate 90 on the page tree",
        "the page scaled to half",
    ],
)
def test_a_token_sheet_tampered_and_signed_again_is_named(capsys, tokens, tmp_path, tamper):  # type: ignore[no-untyped-def]
    folder = copy_of(tokens, tmp_path)
    tamper_pdf(folder, TAMPERS[tamper])
    names(capsys, folder, "pdf")


# ---------------------------------------------------------------- folders without cards (F6)

NO_CARDS = {
    "placemat": ["placemat", "--census", "5"],
    "grid placemat": ["placemat", "--grid", "3x3", "--card", "bridge", "--title", "Ünï mat"],
    "handout": ["handout", "train"],
    "scorecard": ["scorecard", "--players", "2"],
    "score sheet": ["scoresheet", "supertrain", "--players", "4", "--paper", "letter"],
    "test page": ["testpage", "--back-offset", "0.5,-1"],
    "fold test page": ["testpage", "--fold"],
}


@pytest.fixture(scope="module")
def no_cards(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    made = {}
    for what, args in NO_CARDS.items():
        out = tmp_path_factory.mktemp("nocards")
        assert run([*args, "--out", str(out)]) == 0
        (made[what],) = [p for p in out.iterdir() if p.is_dir()]
    return made


@pytest.mark.parametrize("what", NO_CARDS)
def test_a_folder_without_cards_records_what_built_it_and_passes(capsys, no_cards, what):  # type: ignore[no-untyped-def]
    folder = no_cards[what]
    built = json.loads((folder / MARKER).read_text())["built"]
    assert built["cardgen_version"] == __version__ and built["print"]["paper"] in ("a4", "letter")
    code, out, _ = cli(capsys, "check", folder)
    assert code == 0, out


@pytest.mark.parametrize("tamper", TAMPERS)
def test_a_placemat_pdf_tampered_and_signed_again_is_named(capsys, no_cards, tmp_path, tamper):  # type: ignore[no-untyped-def]
    folder = copy_of(no_cards["placemat"], tmp_path)
    tamper_pdf(folder, TAMPERS[tamper])
    names(capsys, folder, "pdf: placemat-census-5.pdf")


@pytest.mark.parametrize("what", [w for w in NO_CARDS if w != "placemat"])
@pytest.mark.parametrize("tamper", ["a clip hiding half the page", "text in the margin", "the page scaled to half"])
def test_every_folder_without_cards_names_a_tampered_pdf_signed_again(capsys, no_cards, tmp_path, what, tamper):  # type: ignore[no-untyped-def]
    folder = copy_of(no_cards[what], tmp_path)
    tamper_pdf(folder, TAMPERS[tamper])
    names(capsys, folder, "pdf: ")


def test_a_handout_with_a_page_dropped_is_named(capsys, no_cards, tmp_path):  # type: ignore[no-untyped-def]
    folder = copy_of(no_cards["handout"], tmp_path)
    tamper_pdf(folder, _drop_last)
    names(capsys, folder, "pages, where cardgen writes")


@pytest.mark.parametrize("rel", ["placemat-census-5.svg"])
def test_a_mats_svg_changed_and_signed_again_is_named(capsys, no_cards, tmp_path, rel):  # type: ignore[no-untyped-def]
    folder = copy_of(no_cards["placemat"], tmp_path)
    (folder / rel).write_bytes((folder / rel).read_bytes().replace(b"</svg>", b"<!-- hi --></svg>"))
    resign(folder)
    names(capsys, folder, f"{rel} is not what cardgen {__version__} writes")


def _edit_record(folder: Path, change: Callable[[dict[str, Any]], None]) -> None:
    marker = json.loads((folder / MARKER).read_text())
    change(marker)
    (folder / MARKER).write_text(json.dumps(marker))


@pytest.mark.parametrize(
    "change, said",
    [
        (lambda m: m.pop("built"), "does not record what built this folder"),
        (lambda m: m["built"].update(cardgen_version="0.0.9"), "records cardgen '0.0.9'"),
        (lambda m: m["built"]["options"].update(census=6), "placemat-census-6"),  # another mat: its files
        (lambda m: m["built"]["options"].update(evil="x"), "cannot make again"),
        (lambda m: m["built"].update(product="got"), "cannot make again"),
        (lambda m: m["built"]["print"].update(paper="b0"), "cannot make again"),
        (lambda m: m["built"]["print"].update(title="Other"), "placemat-census-5-other.pdf, which cardgen writes"),
        (lambda m: m.update(built=[1]), "cannot make again"),
    ],
)
def test_a_record_of_what_built_a_folder_that_is_not_cardgens_is_named(capsys, no_cards, tmp_path, change, said):  # type: ignore[no-untyped-def]
    """The record is as open to forging as the marker: whatever it says, only the bytes cardgen
    writes for it pass, and a record cardgen would not write is named, never built blindly."""
    folder = copy_of(no_cards["placemat"], tmp_path)
    _edit_record(folder, change)
    names(capsys, folder, said)


def test_a_pack_whose_page_tree_rotates_every_page_is_named_so(capsys, tmp_path):  # type: ignore[no-untyped-def]
    """Never 'though every page reads the same' of an inherited /Rotate or /UserUnit."""
    assert cli(capsys, "pack", "--census", "3", "--copies", "1", "--out", tmp_path)[0] == 0
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    for how in (_rotate_tree, _userunit_tree):
        work = copy_of(folder, tmp_path / how.__name__)
        tamper_pdf(work, how)
        out = names(capsys, work, "the page tree's")
        assert "though every page reads the same" not in out
    os.sync()


def test_folders_without_cards_built_with_a_theme_are_built_again_too(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A theme at the top of a cardgen.toml is given to every item: a mat or a handout uses only
    its title, which its name and record keep (not the theme, #29: a folder is named by what it
    uses), so check builds them again; the test page uses neither."""
    (tmp_path / "t.toml").write_text('title = "Club night"\n[colours.one]\naccent = "#aa0000"\n', encoding="utf-8")
    config = tmp_path / "cardgen.toml"
    config.write_text(
        'theme = "t.toml"\n\n[[placemat]]\ncensus = 4\n\n[[handout]]\ngame = "train"\n\n[[testpage]]\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    code, _, err = cli(capsys, "build", "--config", config, "--out", out, "--quiet")
    assert code == 0, err
    folders = sorted(p for p in out.iterdir() if p.is_dir())
    assert [p.name for p in folders] == ["handout-train-club-night", "placemat-census-4-club-night", "testpage"]
    for folder in folders:
        recorded = json.loads((folder / MARKER).read_text())["built"]["print"]
        assert "theme" not in recorded
        assert recorded["title"] == ("" if folder.name == "testpage" else "Club night")
        code, text, _ = cli(capsys, "check", folder)
        assert code == 0, text
    victim = next(p for p in folders if p.name.startswith("placemat"))
    tamper_pdf(victim, _margin_text)
    names(capsys, victim, "pdf: ")
