"""`cardgen check` proves what a printer would print (#20): anything in a PDF that cardgen does not
write, any file it does not write, another version's folder, exports whose pixels are not what
cardgen draws: each is named."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from cardgen.cli import run
from tests.helpers import EXPORTS, FULL_TTS, as_older


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def fails_naming(capsys, folder: Path, *needles: str) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", folder)
    assert code == 1, out + err
    for needle in needles:
        assert needle in out, out
    return out


@pytest.fixture(scope="module")
def built(made_by):  # type: ignore[no-untyped-def]
    return {
        "plain": made_by("pack", "--pattern", "one", "--census", "3", "--copies", "2"),
        "bleed": made_by("pack", "--pattern", "one", "--census", "3", "--copies", "2", "--bleed", "3mm", "--backs"),
        "exports": made_by(*EXPORTS),
        "tiles": made_by("tiles"),
    }


def copy(built: dict[str, Path], name: str, tmp_path: Path) -> Path:
    folder = tmp_path / built[name].name
    shutil.copytree(built[name], folder)
    return folder


def edit_pdf(folder: Path, change) -> None:  # type: ignore[no-untyped-def]
    path = next(folder.glob("*.pdf"))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        change(pdf)
        pdf.save(path)


def test_the_packs_check_clean(built, capsys):  # type: ignore[no-untyped-def]
    for folder in built.values():
        code, out, err = cli(capsys, "check", folder)
        assert code == 0, out + err


# ---------------------------------------------------------------- the PDF, by allow-list and redrawn


def _user_unit(pdf):  # type: ignore[no-untyped-def]
    pdf.pages[0].obj["/UserUnit"] = 2


def _clip_half(pdf):  # type: ignore[no-untyped-def]
    pdf.pages[0].contents_add(pikepdf.Stream(pdf, b"0 0 297 842 re W n"), prepend=True)


def _hidden_layer(pdf):  # type: ignore[no-untyped-def]
    ocg = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.OCG, Name="Cards"))
    pdf.Root.OCProperties = pikepdf.Dictionary(OCGs=[ocg], D=pikepdf.Dictionary(OFF=[ocg]))
    page = pdf.pages[0]
    page.obj.Resources.Properties = pikepdf.Dictionary(oc1=ocg)
    page.contents_add(pikepdf.Stream(pdf, b"/OC /oc1 BDC"), prepend=True)
    page.contents_add(pikepdf.Stream(pdf, b"EMC"))


def _open_action(pdf):  # type: ignore[no-untyped-def]
    pdf.Root.OpenAction = pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS="app.alert('hi')")


def _names_script(pdf):  # type: ignore[no-untyped-def]
    script = pdf.make_indirect(pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS="1"))
    pdf.Root.Names = pikepdf.Dictionary(JavaScript=pikepdf.Dictionary(Names=["a", script]))


def _link(pdf):  # type: ignore[no-untyped-def]
    link = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[50, 50, 150, 150])
    pdf.pages[0].obj.Annots = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(link)]))


def _void_stamp(pdf):  # type: ignore[no-untyped-def]
    stamp = pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.FreeText, Rect=[100, 400, 400, 500], Contents="VOID", F=4
    )
    pdf.pages[0].obj.Annots = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(stamp)]))


def _margin_text(pdf):  # type: ignore[no-untyped-def]
    font = next(iter(pdf.pages[0].obj.Resources.Font.keys()))
    pdf.pages[0].contents_add(pikepdf.Stream(pdf, f"BT {font} 6 Tf 8 8 Td (not for sale) Tj ET".encode()))


def _rotate(pdf):  # type: ignore[no-untyped-def]
    pdf.pages[0].obj.Rotate = 90


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (_user_unit, "page 1: a /UserUnit, which cardgen never writes"),
        (_clip_half, "page 1: it draws '0 0 297 842 re W n'"),
        (_hidden_layer, "the document's /OCProperties, which cardgen never writes"),
        (_open_action, "the document's /OpenAction, which cardgen never writes"),
        (_names_script, "the document's /Names, which cardgen never writes"),
        (_link, "page 1: a /Annots, which cardgen never writes"),
        (_void_stamp, "page 1: a /Annots, which cardgen never writes"),
        (_margin_text, "page 1: it draws more than cardgen does"),
        (_rotate, "page 1: a /Rotate 90, which cardgen never writes"),
    ],
)
def test_anything_in_the_pdf_that_cardgen_does_not_write_is_named(built, tmp_path, capsys, change, named):  # type: ignore[no-untyped-def]
    folder = copy(built, "plain", tmp_path)
    edit_pdf(folder, change)
    fails_naming(capsys, folder, "pdf: got-pattern-one-census-3-copies-2.pdf: " + named)


def test_a_hidden_layer_is_named_in_its_page_too(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(built, "plain", tmp_path)
    edit_pdf(folder, _hidden_layer)
    fails_naming(capsys, folder, "page 1: resources of kind /Properties", "page 1: it draws with BDC, EMC")


@pytest.mark.parametrize("box", ["/TrimBox", "/BleedBox"])
def test_a_changed_print_box_is_named(built, tmp_path, capsys, box):  # type: ignore[no-untyped-def]
    folder = copy(built, "bleed", tmp_path)

    def shrink(pdf):  # type: ignore[no-untyped-def]
        x0, y0, x1, y1 = (float(v) for v in pdf.pages[0].obj[box])
        pdf.pages[0].obj[box] = [x0 + 10, y0 + 10, x1, y1]

    edit_pdf(folder, shrink)
    fails_naming(capsys, folder, f"page 1: its {box} is not what cardgen writes")


def test_a_backs_page_mirrored_again_is_named(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """Its words would read backwards once printed: the page's drawing is not cardgen's."""
    folder = copy(built, "bleed", tmp_path)

    def mirror(pdf):  # type: ignore[no-untyped-def]
        width = float(pdf.pages[1].obj.MediaBox[2])
        pdf.pages[1].contents_add(pikepdf.Stream(pdf, f"-1 0 0 1 {width} 0 cm".encode()), prepend=True)

    edit_pdf(folder, mirror)
    fails_naming(capsys, folder, "page 2: it draws")


def test_the_tiles_pdf_is_held_to_the_same(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(built, "tiles", tmp_path)
    edit_pdf(folder, _user_unit)
    fails_naming(capsys, folder, "pdf: supertrain-wild.pdf: page 1: a /UserUnit")


# ---------------------------------------------------------------- files cardgen does not write


STRAYS = [
    (lambda f, sub: (f / "extra.txt").write_text("x"), "'extra.txt' is not a file cardgen writes"),
    (lambda f, sub: (f / sub / "readme.txt").write_text("x"), "'{sub}/readme.txt' is not a file cardgen writes"),
    (
        lambda f, sub: shutil.copy(next((f / sub).glob("*.svg")), f / sub / "x.svg.bak"),
        "'{sub}/x.svg.bak' is not a file",
    ),
    (lambda f, sub: (f / ".hidden").write_text("x"), "'.hidden' is not a file cardgen writes"),
    (lambda f, sub: (f / sub / ".DS_Store.txt").write_bytes(b"\0"), "'{sub}/.DS_Store.txt' is not a file cardgen"),
    (lambda f, sub: (f / sub / "._").write_bytes(b"\0"), "'{sub}/._' is not a file cardgen writes"),
    (lambda f, sub: (f / sub / "._001.svg").symlink_to(f / "pack.json"), "'{sub}/._001.svg' is not a file cardgen"),
    (lambda f, sub: (f / "empty").mkdir(), "'empty/' is not a folder cardgen makes"),
]


@pytest.mark.parametrize(("make", "named"), STRAYS)
@pytest.mark.parametrize(("which", "sub"), [("plain", "cards"), ("tiles", "tiles")])
def test_every_file_or_folder_cardgen_does_not_write_is_named(built, tmp_path, capsys, make, named, which, sub):  # type: ignore[no-untyped-def]
    folder = copy(built, which, tmp_path)
    make(folder, sub)
    fails_naming(capsys, folder, named.format(sub=sub))


@pytest.mark.parametrize(("which", "sub"), [("plain", "cards"), ("tiles", "tiles")])
def test_what_an_operating_system_drops_into_a_folder_is_a_note_not_a_fault(built, tmp_path, capsys, which, sub):  # type: ignore[no-untyped-def]
    """#33: .DS_Store, ._* (even named like a card's SVG), Thumbs.db and desktop.ini change
    nothing that prints: named in notes, and the folder passes."""
    folder = copy(built, which, tmp_path)
    stem = next((folder / sub).glob("*.svg")).name
    for rel in (f"{sub}/.DS_Store", f"{sub}/._{stem}", "Thumbs.db", f"{sub}/desktop.ini"):
        (folder / rel).write_bytes(b"\0")
    code, out, _ = cli(capsys, "check", folder)
    assert code == 0, out
    assert sum(line.startswith("note: ") for line in out.splitlines()) == 4, out
    assert f"note: '{sub}/._{stem}' is a file macOS adds to folders" in out


# ---------------------------------------------------------------- the version and the manifest


def test_another_version_or_none_is_a_finding_and_the_other_checks_still_hold(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(built, "plain", tmp_path)
    as_older(folder, "9.9.9")
    fails_naming(capsys, folder, "pack.json records cardgen '9.9.9', not this cardgen")
    as_older(folder, None)
    fails_naming(capsys, folder, "pack.json records no cardgen_version")
    # the byte checks are off for another version, but a script in rules.html is still a finding
    rules = folder / "rules.html"
    rules.write_text(rules.read_text().replace("</body>", "<script>alert(1)</script></body>"))
    fails_naming(capsys, folder, "no cardgen_version")


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (
            lambda f: (f / "rules.html").write_text(
                (f / "rules.html").read_text().replace("</body>", "<script>x()</script></body>")
            ),
            "rules.html is not what cardgen",
        ),
        (
            lambda f: (f / "cards" / "002.svg").write_text(
                (f / "cards" / "002.svg").read_text().replace("</svg>", "<!-- mine --></svg>")
            ),
            "cards/002.svg is not what cardgen",
        ),
        (
            lambda f: (f / "pack.csv").write_bytes((f / "pack.csv").read_bytes().replace(b"\n", b"\r\n")),
            "pack.csv is not what cardgen",
        ),
    ],
)
def test_files_of_this_version_are_held_to_its_bytes(built, tmp_path, capsys, edit, named):  # type: ignore[no-untyped-def]
    folder = copy(built, "plain", tmp_path)
    edit(folder)
    fails_naming(capsys, folder, named)


def test_an_unknown_manifest_key_is_refused_naming_it(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(built, "plain", tmp_path)
    manifest = folder / "pack.json"
    manifest.write_text(json.dumps({**json.loads(manifest.read_text()), "wildcards": 3}))
    code, _, err = cli(capsys, "check", folder)
    assert code == 2 and "unknown key 'wildcards'" in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- exports, by their pixels


def _png(folder: Path, name: str) -> Path:
    return folder / "png" / name


def test_two_card_pngs_swapped_are_named(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(built, "exports", tmp_path)
    a, b = _png(folder, "001.png"), _png(folder, "002.png")
    data_a, data_b = a.read_bytes(), b.read_bytes()
    a.write_bytes(data_b)
    b.write_bytes(data_a)
    fails_naming(capsys, folder, "png/001.png does not show what cardgen draws", "png/002.png does not show")


def test_a_blank_of_the_right_size_and_dpi_is_named(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(built, "exports", tmp_path)
    path = _png(folder, "003.png")
    with Image.open(path) as im:
        size = im.size
    Image.new("RGB", size, "white").save(path, dpi=(72, 72))
    fails_naming(capsys, folder, "png/003.png does not show what cardgen draws")


def test_a_card_copied_over_the_back_is_named(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = copy(built, "exports", tmp_path)
    shutil.copy(_png(folder, "001.png"), _png(folder, "back.png"))
    fails_naming(capsys, folder, "png/back.png does not show what cardgen draws")


@pytest.mark.parametrize("name", ["deck.png", "back.png"])
@pytest.mark.parametrize("how", ["blank", "upside down"])
def test_a_spoilt_tts_sheet_is_named(built, tmp_path, capsys, name, how):  # type: ignore[no-untyped-def]
    folder = copy(built, "exports", tmp_path)
    path = folder / "tts" / name
    with Image.open(path) as im:
        spoilt = Image.new("RGB", im.size, "white") if how == "blank" else im.convert("RGB").rotate(180)
    spoilt.save(path)
    if (name, how) == ("back.png", "upside down"):
        # the back reads the same turned (it is designed to): its pixels are what cardgen draws,
        # so only the marker can tell the file was changed
        fails_naming(capsys, folder, "tts/back.png was changed after cardgen wrote it")
    else:
        fails_naming(capsys, folder, f"tts/{name} does not show what cardgen draws")


@pytest.fixture(scope="module")
def deck(made_by):  # type: ignore[no-untyped-def]
    """A pack whose first TTS sheet is full: 69 cards and the back, a card about 1/70 of it (no
    PNG a card: only the sheets are checked again)."""
    return made_by(*FULL_TTS)  # (the one tests/test_exports.py reads: built once a run)


def _cell_box(n: int, sheet: Image.Image) -> tuple[int, int, int, int]:
    """Card ``n``'s cell (1-based) on a TTS sheet of 10 columns, 7 rows."""
    w, h = sheet.width // 10, sheet.height // 7
    k = n - 1
    return (k % 10) * w, (k // 10) * h, (k % 10 + 1) * w, (k // 10 + 1) * h


@pytest.mark.slow  # (a full TTS sheet, 16 million pixels, drawn again and compared)
def test_a_tts_sheet_is_held_to_what_cardgen_draws_cell_by_cell(deck, tmp_path, capsys):  # type: ignore[no-untyped-def]
    """F7: a card is about 1/70 of the sheet, so a tolerance for the whole sheet would let a
    swapped or blanked card through; each cell is held to it on its own, and named. The marker
    is signed again, as anyone can: only the pixels tell. Three kinds of damage on one sheet
    (each cell is judged by its own pixels alone, so one check names each of them, and no
    other cell): two cards swapped, a card blanked, a card's corner blanked."""
    from tests.helpers import resign

    folder = tmp_path / deck.name
    shutil.copytree(deck, folder)
    path = folder / "tts" / "deck.png"
    with Image.open(path) as im:
        sheet = im.convert("RGB")
    a, b = _cell_box(1, sheet), _cell_box(26, sheet)  # two cards swapped
    first, second = sheet.crop(a), sheet.crop(b)
    sheet.paste(second, a[:2])
    sheet.paste(first, b[:2])
    x0, y0, x1, y1 = _cell_box(3, sheet)  # a card blanked
    sheet.paste((255, 255, 255), (x0 + 20, y0 + 20, x1 - 20, y1 - 20))
    x0, y0, _, _ = _cell_box(40, sheet)  # a card's corner blanked
    sheet.paste((255, 255, 255), (x0 + 30, y0 + 30, x0 + 70, y0 + 70))
    sheet.save(path, compress_level=1)  # (the same pixels, written sooner)
    resign(folder)
    fails_naming(
        capsys,
        folder,
        "tts/deck.png does not show what cardgen draws in card 1's cell, card 3's cell, card 26's cell and card 40's cell\n",
    )


def test_a_dot_on_a_card_png_is_named(built, tmp_path, capsys):  # type: ignore[no-untyped-def]
    from tests.helpers import resign

    folder = copy(built, "exports", tmp_path)
    path = folder / "png" / "002.png"
    with Image.open(path) as im:
        card = im.convert("RGB")
        dpi = im.info.get("dpi", (72, 72))
    card.paste((230, 0, 0), (60, 40, 65, 45))
    card.save(path, dpi=dpi)
    resign(folder)
    fails_naming(capsys, folder, "png/002.png does not show what cardgen draws")
