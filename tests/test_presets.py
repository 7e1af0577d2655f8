"""Print-service presets (--preset): each service's files held to its published figures, read
back with independent readers (Pillow, pikepdf, pdfplumber); --preset list; conflicts refused;
cardgen check clean, and each kind of tampering named.

The figures below are transcribed by hand, for a poker card (2.5 × 3.5 in) at 300 dpi, from what
is commonly cited as each service's published template. None could be checked against the
service's own page on 2026-11-25 (no web access where this was written); docs/print-services.md says so.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from cardgen.cli import run
from cardgen.options import print_options
from cardgen.presets import PRESETS, preset
from cardgen.products.got import build_pack
from tests.helpers import read_pdf, typed

# MakePlayingCards: poker-size template and image FAQ (makeplayingcards.com/faq-photo.aspx):
# the picture 822 × 1122 px, 36 px of bleed a side round the 750 × 1050 px cut, and a safe area
# a further 36 px in. PrinterStudio (printerstudio.com, the same company's) is cited with the same.
MPC = {"image": (822, 1122), "cut": (750, 1050), "safe": (678, 978), "dpi": 300}
# The Game Crafter: poker deck template (help.thegamecrafter.com, "Templates"; Squib's
# layouts/thegamecrafter/deck/poker.yml says the same): 825 × 1125 px, the cut 1/8 in in,
# the safe zone 1/4 in in from the picture's edge; a PNG a card, and the back.
TGC = {"image": (825, 1125), "cut": (750, 1050), "safe": (675, 975), "dpi": 300}
# DriveThruCards: card creation guide: a page a card side at 2.75 × 3.75 in (the card and 1/8 in
# bleed), the back, then the front, of each card; CMYK; fonts embedded; PDF/X-1a.
DTC = {"page_in": (2.75, 3.75), "trim_in": (2.5, 3.5)}
PUBLISHED = {"makeplayingcards": MPC, "printerstudio": MPC, "thegamecrafter": TGC}


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def decks(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A four-card pack for each service."""
    out = tmp_path_factory.mktemp("presets")
    return {
        name: typed(build_pack)(pattern="one", census=2, preset=name, out=out).folder
        for name in ("makeplayingcards", "printerstudio", "thegamecrafter", "drivethrucards")
    }


def test_the_preset_figures_are_the_published_ones():
    for name, fig in PUBLISHED.items():
        p = preset(name)
        assert (p.image_px, p.safe_px, p.dpi) == (fig["image"], fig["safe"], fig["dpi"])
        bleed_px = (fig["image"][0] - fig["cut"][0]) / 2
        assert p.px(p.bleed_mm) == pytest.approx(bleed_px, abs=1e-9)
        assert p.px(p.card_mm[0]) == pytest.approx(fig["cut"][0]) and p.px(p.card_mm[1]) == pytest.approx(fig["cut"][1])
        assert p.px(p.safe_mm) == pytest.approx((fig["cut"][0] - fig["safe"][0]) / 2)
    dtc = preset("drivethrucards")
    assert dtc.card_mm == pytest.approx((DTC["trim_in"][0] * 25.4, DTC["trim_in"][1] * 25.4))
    assert dtc.card_mm[0] + 2 * dtc.bleed_mm == pytest.approx(DTC["page_in"][0] * 25.4)
    # DriveThruCards' publisher help (a stored copy read 2026-11-27): "Make sure your bleed is 1/8" (.125")
    # on all four sides ... for the U.S. Poker-sized cards (2.5" x 3.5") your final layout size should be
    # 2.75" x 3.75" with the bleed"; "Do not place any text closer than 1/8" (.125") from any finished edge".
    assert dtc.bleed_mm == pytest.approx(25.4 / 8) and dtc.safe_mm == pytest.approx(25.4 / 8)
    assert dtc.verified.startswith("bleed, page size and safe zone checked")
    others = [p for p in PRESETS.values() if p.name not in ("home", "drivethrucards")]
    assert all(p.verified.startswith("commonly cited; not verified") for p in others)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_a_png_service_gets_a_png_a_card_and_the_back_at_its_size(decks, name):  # type: ignore[no-untyped-def]
    folder = decks[name]
    assert folder.name == f"got-pattern-one-census-2-preset-{name}"
    files = sorted((folder / name).iterdir())
    assert [f.name for f in files] == ["001.png", "002.png", "003.png", "004.png", "back.png"]
    for f in files:
        with Image.open(f) as im:
            assert im.size == PUBLISHED[name]["image"], f.name
            assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    data = json.loads((folder / "pack.json").read_text("utf-8"))
    assert data["preset"] == name and data["card_mm"] == [63.5, 88.9]
    assert not (folder / "png").exists()  # the service's PNGs, not --png's


def test_the_drivethrucards_pdf_is_back_then_front_cmyk_with_its_boxes(decks):  # type: ignore[no-untyped-def]
    folder = decks["drivethrucards"]
    [path] = (folder / "drivethrucards").iterdir()
    assert path.name == folder.name + "-upload.pdf"  # never the sheets' name: gathered, the two do not collide
    assert (folder / f"{folder.name}.pdf").exists()
    page_pt = [v * 72 for v in DTC["page_in"]]
    trim = (DTC["page_in"][0] - DTC["trim_in"][0]) / 2 * 72
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 8  # four cards, a back and a front each
        assert pdf.pdf_version == "1.3"  # as PDF/X-1a:2001 has it: no transparency
        [intent] = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        for page in pdf.pages:
            assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, *page_pt])
            assert [float(v) for v in page.BleedBox] == pytest.approx([0, 0, *page_pt])
            assert [float(v) for v in page.TrimBox] == pytest.approx([trim, trim, page_pt[0] - trim, page_pt[1] - trim])
            ops = {str(op) for _, op in pikepdf.parse_content_stream(page)}
            assert {"k", "K"} & ops and not {"rg", "RG", "sc", "scn", "cs"} & ops  # CMYK only
            for font in page.Resources.Font.values():
                assert "/FontFile2" in font.FontDescriptor  # embedded
            assert "/XObject" not in page.Resources and "/ExtGState" not in page.Resources  # no pictures, no alpha
    with read_pdf(path) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    backs, fronts = texts[0::2], texts[1::2]
    assert len(set(backs)) == 1 and "Game of Trains" in backs[0]  # the back, every time
    for number, front in enumerate(fronts, 1):
        assert str(number) in front and front != backs[0]


def test_service_files_are_the_same_bytes_in_every_build(decks, tmp_path):  # type: ignore[no-untyped-def]
    for name in ("thegamecrafter", "drivethrucards"):
        again = typed(build_pack)(pattern="one", census=2, preset=name, out=tmp_path).folder
        for f in sorted((decks[name] / name).iterdir()):
            assert (again / name / f.name).read_bytes() == f.read_bytes(), f.name


def test_preset_list_shows_every_service_its_card_safe_zone_and_files(capsys):  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "pack", "--preset", "list")
    assert code == 0
    for name in ("home", "makeplayingcards", "drivethrucards", "thegamecrafter", "printerstudio"):
        assert name in out
    for words in ("The Game Crafter", "825 × 1125 px", "822 × 1122 px", "675 × 975 px", "back then front", "CMYK"):
        assert words in out
    assert "not verified against the service's page" in out
    # tiles keep their own size: the list gives a tile's figures under each service's bleed and safe zone
    code, tiles, _ = cli(capsys, "tiles", "--preset", "list")
    assert code == 0 and "tile: a 2 × 1 in tile + 1/8in bleed (675 × 375 px)" in tiles  # The Game Crafter
    assert "822 × 1122 px" not in tiles and "tile: a 2 × 1 in tile + 0.12in bleed (672 × 372 px)" in tiles
    assert "tile: a 3 × 1.5 in tile" in cli(capsys, "tiles", "--tile", "3x1.5in", "--preset", "list")[1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--preset", "thegamecrafter", "--bleed", "3mm"], "--bleed 3mm conflicts with --preset thegamecrafter"),
        (
            ["--preset", "makeplayingcards", "--card", "bridge"],
            "--card bridge conflicts with --preset makeplayingcards",
        ),
        (["--preset", "home", "--bleed", "1/8in"], "conflicts with --preset home"),
        (["--preset", "kinkos"], "unknown preset 'kinkos'"),
        (["--preset", "thegamecrafter", "--packs", "2"], "exports one pack with one back"),
    ],
)
def test_a_conflict_is_one_line_and_writes_nothing(capsys, tmp_path, args, words):  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "pack", "--census", "2", *args, "--out", str(tmp_path / "o"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and words in err, err
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())


def test_an_option_that_agrees_with_the_preset_is_taken(tmp_path):  # type: ignore[no-untyped-def]
    same = print_options(preset="thegamecrafter", bleed="1/8in", card="2.5x3.5in", paper="letter")
    assert same == print_options(preset="thegamecrafter", paper="letter")
    assert same.suffix == "-letter-preset-thegamecrafter"


def test_preset_home_is_the_plain_build(tmp_path):  # type: ignore[no-untyped-def]
    assert print_options(preset="home") == print_options()
    plain = typed(build_pack)(pattern="one", census=2, out=tmp_path / "a").folder
    home = typed(build_pack)(pattern="one", census=2, preset="home", out=tmp_path / "b").folder
    assert plain.name == home.name == "got-pattern-one-census-2"
    names = sorted(p.relative_to(plain).as_posix() for p in plain.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file())
    for name in names:
        assert (plain / name).read_bytes() == (home / name).read_bytes(), name
    assert "preset" not in json.loads((plain / "pack.json").read_text("utf-8"))


def test_every_preset_folder_checks_clean(decks, capsys):  # type: ignore[no-untyped-def]
    for folder in decks.values():
        code, out, err = cli(capsys, "check", str(folder))
        assert code == 0, out + err


def tampered(decks, tmp_path, name: str) -> Path:  # type: ignore[no-untyped-def]
    folder = tmp_path / decks[name].name
    shutil.copytree(decks[name], folder)
    return folder


def check_lines(capsys, folder: Path) -> str:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "check", str(folder))
    assert code == 1
    return out


def test_a_png_altered_resized_or_missing_is_named(decks, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = tampered(decks, tmp_path, "thegamecrafter")
    pictures = folder / "thegamecrafter"
    with Image.open(pictures / "002.png") as im:
        drawn = im.copy()
    drawn.paste((255, 0, 0, 255), (100, 100, 400, 400))
    drawn.save(pictures / "002.png", dpi=(300, 300))
    with Image.open(pictures / "003.png") as im:
        im.resize((822, 1122)).save(pictures / "003.png", dpi=(300, 300))
    (pictures / "back.png").unlink()
    (pictures / "notes.txt").write_text("hello", "utf-8")
    out = check_lines(capsys, folder)
    assert "thegamecrafter/002.png does not show what cardgen draws there" in out
    assert "thegamecrafter/003.png is 822 × 1122 px, wanted 825 × 1125" in out
    assert "thegamecrafter/back.png is missing" in out
    assert "thegamecrafter/notes.txt is not a file cardgen writes" in out


def test_drivethrucards_pages_out_of_order_or_in_rgb_are_named(decks, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = tampered(decks, tmp_path, "drivethrucards")
    [path] = (folder / "drivethrucards").iterdir()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        first = pdf.pages[0]
        del pdf.pages[0]
        pdf.pages.insert(1, first)  # front then back for card 1
        page = pdf.pages[4]
        page.Contents.write(re.sub(rb" k\n", b" rg\n", page.Contents.read_bytes(), count=1))
        pdf.save(path)
    out = check_lines(capsys, folder)
    assert "page 1 does not show the back of 001, which back then front puts there" in out
    assert "page 5: it paints with rg, not in CMYK" in out


def test_a_trimbox_moved_is_named(decks, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = tampered(decks, tmp_path, "drivethrucards")
    [path] = (folder / "drivethrucards").iterdir()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.pages[2].TrimBox = pikepdf.Array([0, 0, 198, 270])
        pdf.save(path)
    assert "page 3: its /TrimBox is [0 0 198 270], wanted [9 9 189 261]" in check_lines(capsys, folder)


def test_a_service_folder_without_its_record_is_named(decks, tmp_path, capsys):  # type: ignore[no-untyped-def]
    plain = typed(build_pack)(pattern="one", census=2, out=tmp_path).folder
    shutil.copytree(decks["thegamecrafter"] / "thegamecrafter", plain / "thegamecrafter")
    assert "thegamecrafter/ is there, but pack.json records no preset thegamecrafter" in check_lines(capsys, plain)


def test_a_record_saying_another_bleed_is_named(decks, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder = tampered(decks, tmp_path, "makeplayingcards")
    data = json.loads((folder / "pack.json").read_text("utf-8"))
    data["bleed_mm"] = 3.175
    (folder / "pack.json").write_text(json.dumps(data, indent=2), "utf-8")
    assert "bleed_mm 3.175 is not the bleed of MakePlayingCards (0.12in, 3.048 mm)" in check_lines(capsys, folder)


def test_a_text_in_the_safe_zone_is_found():
    from cardgen.layout.shapes import Drawing, Text

    p = preset("thegamecrafter")
    near = Drawing(63.5 + 6.35, 88.9 + 6.35, (Text(2.0, 20.0, "AB", 3.0, "start"),), origin=(-3.175, -3.175))
    clear = Drawing(63.5 + 6.35, 88.9 + 6.35, (Text(4.0, 20.0, "AB", 3.0, "start"),), origin=(-3.175, -3.175))
    [why] = p.text_outside(near)
    assert "'AB' comes 2.00mm from the cut, inside The Game Crafter's safe zone of 1/8in (3.175mm)" in why
    assert list(p.text_outside(clear)) == []


def test_tiles_take_a_preset_at_their_own_size(tmp_path, capsys):  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "tiles", "--preset", "printerstudio", "--out", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "supertrain-wild-preset-printerstudio"
    files = sorted((folder / "printerstudio").iterdir())
    assert len(files) == 22  # 21 tiles and the back
    with Image.open(files[0]) as im:
        assert im.size == (672, 372)  # 2 × 1 in with 36 px of bleed a side
    assert cli(capsys, "check", str(folder))[0] == 0


def test_a_config_item_takes_a_preset(tmp_path):  # type: ignore[no-untyped-def]
    from cardgen.build import Item, prepare

    [job] = prepare([Item("pack", {"pattern": "one", "census": 2, "preset": "drivethrucards"})])
    assert job.opts.preset is preset("drivethrucards") and job.opts.bleed == 3.175


def test_a_build_whose_text_would_reach_into_the_safe_zone_is_refused(monkeypatch, capsys, tmp_path):  # type: ignore[no-untyped-def]
    """A service with a wider safe zone than cardgen's 1/8 in: the build names the text and writes nothing."""
    from dataclasses import replace

    import cardgen.presets

    wide = replace(preset("thegamecrafter"), safe="3/8in")
    monkeypatch.setitem(cardgen.presets.PRESETS, "thegamecrafter", wide)
    code, _, err = cli(capsys, "pack", "--census", "2", "--preset", "thegamecrafter", "--out", str(tmp_path / "o"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--preset thegamecrafter: 001: the text" in err and "inside The Game Crafter's safe zone of 3/8in" in err
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())


def test_a_preset_for_items_without_a_back_is_one_line(tmp_path):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text('preset = "thegamecrafter"\n[[tokens]]\nplayers = 2\n', "utf-8")
    code = run(["build", "--config", str(config), "--out", str(tmp_path / "o"), "--quiet"])
    assert code == 2 and not (tmp_path / "o").exists()


@pytest.mark.parametrize(
    "name, sent",
    [
        ("thegamecrafter", "got-pattern-one-census-2-preset-thegamecrafter/thegamecrafter/"),
        ("drivethrucards", "drivethrucards/got-pattern-one-census-2-preset-drivethrucards-upload.pdf"),
    ],
)
def test_the_last_line_names_what_to_send_the_service(tmp_path, capsys, name, sent):  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "pack", "--pattern", "one", "--census", "2", "--preset", name, "--out", str(tmp_path))
    last = out.strip().splitlines()[-1]
    assert code == 0 and last.startswith("upload ") and last.endswith(" to " + PRESETS[name].service), last
    sent_path = Path(last.removeprefix("upload ").rsplit(" to ", 1)[0])
    assert sent_path.exists() and last.removesuffix(" to " + PRESETS[name].service).endswith(sent), last


def test_every_kind_of_service_file_has_one_writer_and_one_prover():
    """A kind of file a service asks for is one entry in each registry (its words and facts, its
    writer, its proof), and every preset names a kind there."""
    from cardgen.presets import FILE_KINDS
    from cardgen.proof.services import PROVERS
    from cardgen.write.services import WRITERS

    kinds = {name for name in FILE_KINDS if name}  # "": nothing beyond cardgen's own sheets
    assert kinds == set(WRITERS) == set(PROVERS) and {"png", "pdf"} <= kinds
    assert {p.files for p in PRESETS.values()} <= set(FILE_KINDS)
    assert [p.kind.cmyk for p in PRESETS.values() if p.files] == [False, True, False, False]  # DriveThruCards' CMYK
