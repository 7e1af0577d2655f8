"""`cardgen check FOLDER` catches what only one file shows (issue #14 §4).

Each test builds a small pack, tampers with one file the way a person (or a damaged disk)
would, runs `cardgen check` through the CLI and expects exit 1 with the card or the file
named; bad manifests get one line and exit 2. Clean packs stay OK.

PDF edits are made with pikepdf on the page's content stream, SVG edits with lxml: both
independent of the code under test.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
from pathlib import Path

import pikepdf
import pytest
from lxml import etree

from cardgen.cli import run
from tests.helpers import as_older, older_line

SVGNS = "http://www.w3.org/2000/svg"


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.fixture(scope="module")
def packs(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A linear pack (pattern two, census 3, two copies: 12 cards, two sheets), the same with
    backs, bleed and a title, and a 2D pack; each built once, copied for each test."""
    from cardgen.options import print_options
    from cardgen.products.got import build_pack
    from cardgen.products.got2d import build_pack2d

    out = tmp_path_factory.mktemp("packs")
    return {
        "linear": build_pack(pattern="two", census=3, copies=2, out=out / "a").folder,
        "backs": build_pack(
            pattern="two",
            census=3,
            copies=2,
            opts=print_options(backs=True, bleed="3mm", title="Night Train"),
            out=out / "b",
        ).folder,
        "2d": build_pack2d(categories="row-rotate,col-rotate", copies=1, out=out / "c").folder,
    }


@pytest.fixture
def pack(packs, tmp_path):  # type: ignore[no-untyped-def]
    def copy(kind: str = "linear") -> Path:
        dest = tmp_path / kind / packs[kind].name
        shutil.copytree(packs[kind], dest)
        return dest

    return copy


def fails_naming(capsys, folder: Path, *names: str) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", folder)
    assert code == 1, (out, err)
    for name in names:
        assert name in out, (name, out)
    assert "Traceback" not in out + err
    return out


def refused(capsys, folder: Path, *words: str) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", folder)
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, (word, err)
    return err


# ---------------------------------------------------------------- clean packs


@pytest.mark.parametrize("kind", ["linear", "backs", "2d"])
def test_clean_packs_pass(capsys, pack, kind):  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", pack(kind))
    assert code == 0, (out, err)
    assert out.strip().endswith("OK")


def test_a_larger_pack_on_letter_with_gutter_and_a_long_title_passes(capsys, tmp_path):  # type: ignore[no-untyped-def]
    title = "The Very Long Name Of A Private Print Run Of Game Of Trains"  # shortened on the cards
    code, _, err = cli(
        capsys, "pack", "-p", "one", "-n", "7", "--card", "mini", "--paper", "letter", "--gutter", "2mm",
        "--title", title, "--backs", "--out", tmp_path,
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = cli(capsys, "check", next(tmp_path.iterdir()))
    assert code == 0, out


# ---------------------------------------------------------------- the PDF alone


def content(pdf: pikepdf.Pdf, page: int) -> bytes:
    return pdf.pages[page].Contents.read_bytes()


def edit_pdf(folder: Path, page: int, edit) -> None:  # type: ignore[no-untyped-def]
    path = next(folder.glob("*.pdf"))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        before = content(pdf, page)
        after = edit(before)
        assert after != before
        pdf.pages[page].Contents = pdf.make_stream(after)
        pdf.save(path)


# The first card's texts on page 1, as ReportLab writes them in the card's own frame (y up from its
# bottom-left, so mostly below 0): corner index upright ("1 0 0 1 x y cm"
# then a 12.4 pt string, a step of the type scale), the large number (44.6 pt), and the turned
# copies ("-1 0 0 -1 x y cm"); F1 is the monospace bold, the numbers' and abilities' font.
INDEX_1 = re.compile(rb"(1 0 0 1 -?[0-9.]+ -?[0-9.]+ cm\nBT 1 0 0 1 0 0 Tm /F1\+0 12.44126 Tf [0-9.]+ TL )\(1\)")
TURNED_BIG_1 = re.compile(
    rb"(-1 0 0 -1 -?[0-9.]+ -?[0-9.]+ cm\nBT 1 0 0 1 [-0-9.]+ 0 Tm /F1\+0 44.58047 Tf [0-9.]+ TL )\(1\)"
)
TURNED_INDEX_1 = re.compile(
    rb"(-1 0 0 -1 -?[0-9.]+ -?[0-9.]+ cm\nBT 1 0 0 1 0 0 Tm /F1\+0 12.44126 Tf [0-9.]+ TL )\(1\)"
)


def once(pattern: re.Pattern[bytes], new: bytes):  # type: ignore[no-untyped-def]
    return lambda data: pattern.sub(lambda m: m.group(1) + new, data, count=1)


@pytest.mark.parametrize(
    "what, edit",
    [
        ("corner index", once(INDEX_1, b"(7)")),
        ("turned large number", once(TURNED_BIG_1, b"(7)")),
        ("turned corner index", once(TURNED_INDEX_1, b"(7)")),
        ("corner index drawn in another font", lambda d: d.replace(b"/F1+0 12.44126 Tf", b"/F2+0 12.44126 Tf", 1)),
        (
            "corner index made invisible",
            lambda d: INDEX_1.sub(lambda m: m.group(1).replace(b"BT ", b"BT 3 Tr ") + b"(1)", d, count=1),
        ),
        ("corner index painted white", lambda d: d.replace(b".101961 .101961 .101961 rg", b"1 1 1 rg", 1)),
        ("turned half removed", lambda d: re.sub(rb"q\n[0-9. ]+ rg\n-1 0 0 -1 [^Q]*Q\n", b"", d, count=4)),
    ],
)
def test_a_pdf_only_edit_of_card_1_is_caught(capsys, pack, what, edit):  # type: ignore[no-untyped-def]
    folder = pack()
    edit_pdf(folder, 0, edit)
    out = fails_naming(capsys, folder, "pdf: page 1, slot 1 (card 1)")
    assert "(card 2)" not in out, what


def test_a_white_box_over_a_corner_index_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    # a white rectangle over card 1's top-left corner index, drawn last
    edit_pdf(folder, 0, lambda d: d + b"\nq 1 1 1 rg 36 740 30 50 re f Q\n")
    fails_naming(capsys, folder, "(card 1)", "shapes")


def test_a_card_drawn_in_an_empty_place_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()  # 12 cards on 9 a sheet: page 2 has 6 empty places
    edit_pdf(folder, 1, lambda d: d + b"\nBT /F1+0 40 Tf 1 0 0 1 420 200 Tm (9) Tj ET\n")
    fails_naming(capsys, folder, "pdf: page 2, slot 9: a card is drawn where no card belongs")


def test_a_2d_card_edited_in_the_pdf_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack("2d")
    edit_pdf(folder, 0, lambda d: d.replace(b"(row A: rotate ", b"(row B: rotate ", 1))
    fails_naming(capsys, folder, "(card 1)", "row B: rotate")


def test_a_back_edited_in_the_pdf_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack("backs")
    edit_pdf(folder, 1, lambda d: d.replace(b"(Night Train)", b"(Day Train)", 1))
    fails_naming(capsys, folder, "pdf: page 2", "back of card")


# ---------------------------------------------------------------- damaged PDFs


def streams(path: Path) -> list[tuple[str, int, int]]:
    """(what, start, end) of every stream's bytes in a PDF file, found with pikepdf."""
    data = path.read_bytes()
    out = []
    with pikepdf.open(path) as pdf:
        contents = {p.Contents.objgen[0] for p in pdf.pages}
        for o in pdf.objects:
            if isinstance(o, pikepdf.Stream):
                raw = o.read_raw_bytes()
                start = data.index(raw)
                assert data.count(raw) == 1
                what = "content" if o.objgen[0] in contents else "font" if "/Length1" in o else "other"
                out.append((what, start, start + len(raw)))
    return out


def test_byte_flips_inside_every_stream_are_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    path = next(folder.glob("*.pdf"))
    original = path.read_bytes()
    spans = streams(path)
    assert {"content", "font"} <= {what for what, _, _ in spans}
    offsets = []
    for _, start, end in spans:
        n = end - start
        offsets += sorted({start, start + 1, start + n // 3, start + n // 2, start + 2 * n // 3, end - 3, end - 1})
    for at in offsets:
        flipped = bytearray(original)
        flipped[at] ^= 0xFF
        path.write_bytes(bytes(flipped))
        fails_naming(capsys, folder, "is damaged: object")
    path.write_bytes(original)
    assert cli(capsys, "check", folder)[0] == 0


def test_a_damaged_font_stream_names_the_font(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    path = next(folder.glob("*.pdf"))
    data = bytearray(path.read_bytes())
    _, start, _ = next(s for s in streams(path) if s[0] == "font")
    data[start + 500] ^= 0xFF
    path.write_bytes(bytes(data))
    fails_naming(capsys, folder, "(the embedded font DejaVuSansMono")


def test_a_cross_reference_table_pointing_astray_is_caught_and_pypdf_stays_quiet(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    path = next(folder.glob("*.pdf"))
    data = path.read_bytes()
    table = data.rindex(b"\nxref\n")
    entry = re.compile(rb"(\d{10}) 00000 n").search(data, table)  # object 1's offset
    assert entry is not None
    offset = int(entry.group(1)) + 3
    path.write_bytes(data[: entry.start(1)] + b"%010d" % offset + data[entry.end(1) :])
    code, out, err = cli(capsys, "check", folder)
    assert code == 1 and "does not point at object 1" in out
    assert all(line.startswith(("pdf:", str(folder))) or ".cardgen.json" in line for line in out.splitlines()), out
    assert err == ""


def test_a_card_svg_deleted_is_named(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    (folder / "cards" / "007.svg").unlink()
    out = fails_naming(capsys, folder, "svg: no SVG for card 7")
    assert "pdf:" not in out  # the PDF still shows card 7 as this version draws it


def test_several_pdfs_name_the_extra_one(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    shutil.copy(next(folder.glob("*.pdf")), folder / "copy of the pack.pdf")
    fails_naming(capsys, folder, "copy of the pack.pdf")


# ---------------------------------------------------------------- the SVGs alone


def edit_svg(path: Path, edit) -> None:  # type: ignore[no-untyped-def]
    tree = etree.parse(str(path))
    edit(tree.getroot())
    tree.write(str(path), xml_declaration=True, encoding="utf-8")


def ability(root):  # type: ignore[no-untyped-def]
    return root.find(f"{{{SVGNS}}}text[@class='ability']")


HIDE = [
    ("opacity", "0"),
    ("visibility", "hidden"),
    ("display", "none"),
    ("fill", "none"),
    ("fill", "transparent"),
    ("fill-opacity", "0"),
    ("style", "display:none"),
    ("font-size", "0.1"),
    ("font-weight", "normal"),
    ("font-family", "serif"),
    ("transform", "scale(0.01)"),
]


@pytest.mark.parametrize("kind", ["linear", "2d"])
@pytest.mark.parametrize("attr, value", HIDE, ids=[f"{a}={v}" for a, v in HIDE])
def test_an_svg_with_its_ability_hidden_or_restyled_is_caught(capsys, pack, kind, attr, value):  # type: ignore[no-untyped-def]
    folder = pack(kind)
    edit_svg(folder / "cards" / "001.svg", lambda root: ability(root).set(attr, value))
    fails_naming(capsys, folder, "cards/001.svg")


def test_an_svg_with_a_style_sheet_or_a_cover_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    svg = folder / "cards" / "001.svg"
    original, manifest = svg.read_bytes(), (folder / "pack.json").read_bytes()

    def style(root):  # type: ignore[no-untyped-def]
        el = etree.SubElement(root, f"{{{SVGNS}}}style")
        el.text = ".ability { display: none }"

    edit_svg(svg, style)
    fails_naming(capsys, folder, "cards/001.svg", "<style>")
    svg.write_bytes(original)

    def cover(root):  # type: ignore[no-untyped-def]
        etree.SubElement(root, f"{{{SVGNS}}}rect", x="0", y="30", width="63.5", height="20", fill="#ffffff")

    edit_svg(svg, cover)  # a white band over the ability, in the SVG alone
    out = fails_naming(capsys, folder, "cards/001.svg is not what cardgen")
    assert "pdf:" not in out  # held against this version's drawing, the PDF is right
    rewrite_manifest(folder, cardgen_version="0.0.0-older")  # no redrawing: the PDF still tells
    fails_naming(capsys, folder, "pdf: page 1, slot 1 (card 1): it holds", "shapes, not the")
    (folder / "pack.json").write_bytes(manifest)
    svg.write_bytes(original)

    def group(root):  # type: ignore[no-untyped-def]
        g = etree.SubElement(root, f"{{{SVGNS}}}g", opacity="0")
        g.append(ability(root))

    edit_svg(svg, group)
    fails_naming(capsys, folder, "cards/001.svg", "opacity")


def test_an_svg_resized_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    edit_svg(folder / "cards" / "003.svg", lambda root: root.set("height", "50mm"))
    fails_naming(capsys, folder, "cards/003.svg is 63.5×50mm")


def test_an_svg_with_a_superscript_name_is_refused_cleanly(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    shutil.copy(folder / "cards" / "002.svg", folder / "cards" / "²³.svg")
    fails_naming(capsys, folder, "cards/²³.svg is not a file cardgen writes")


def test_an_svg_restyled_consistently_with_the_pdf_left_alone_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    """An older pack (another version recorded): no redrawn comparison, the PDF still tells."""
    folder = pack()
    as_older(folder)
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and out.splitlines()[0].startswith(older_line()) and len(out.splitlines()) == 2
    svg = folder / "cards" / "005.svg"
    edit_svg(svg, lambda root: [t.set("fill", "#fefefe") for t in root.iter(f"{{{SVGNS}}}text")])
    fails_naming(capsys, folder, "pdf: page 1, slot 5 (card 5)", "coloured")


# ---------------------------------------------------------------- pack.csv, rules.html, pack.json


def test_pack_csv_edited_or_deleted_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    table = folder / "pack.csv"
    lines = table.read_text("utf-8").splitlines()
    assert lines[4].startswith("4,")
    lines[4] = "4,BX" if lines[4] != "4,BX" else "4,AB"
    table.write_text("\n".join(lines) + "\n", "utf-8")
    fails_naming(capsys, folder, "pack.csv says card 4")
    table.unlink()
    fails_naming(capsys, folder, "pack.csv is missing")


def test_pack_csv_resaved_by_a_spreadsheet_is_named_though_its_rows_agree(capsys, pack):  # type: ignore[no-untyped-def]
    """Same rows, other line endings and a byte-order mark: the rows agree with the cards, but
    the file is not what cardgen wrote, and a version removed from pack.json does not hide it."""
    folder = pack()
    table = folder / "pack.csv"
    table.write_bytes(b"\xef\xbb\xbf" + table.read_bytes().replace(b"\n", b"\r\n"))
    out = fails_naming(capsys, folder, "pack.csv is not what cardgen")
    assert "pack.csv says card" not in out  # (its rows are read as the same cards)
    as_older(folder, None)
    fails_naming(capsys, folder, "pack.json records no cardgen_version")


def test_rules_html_deleted_or_edited_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    rules = folder / "rules.html"
    rules.write_bytes(rules.read_bytes().replace(b"</body>", b"<p>Card 4 may be played twice.</p></body>"))
    fails_naming(capsys, folder, "rules.html is not what cardgen")
    rules.unlink()
    fails_naming(capsys, folder, "rules.html is missing")


def rewrite_manifest(folder: Path, **changes) -> None:  # type: ignore[no-untyped-def]
    path = folder / "pack.json"
    data = json.loads(path.read_text("utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), "utf-8")


@pytest.mark.parametrize(
    "changes, names",
    [
        ({"card_mm": [57.15, 88.9]}, ["cards/001.svg is 63.5×88.9mm", "57.15×88.9mm card"]),
        ({"cards": 13}, ["pack.json says 13 cards"]),
        ({"title": "Forged"}, ["the title on cards 1–12 is missing, but pack.json records 'Forged'"]),
        ({"copies": 3}, ["no SVG for cards 13–18"]),
        ({"bleed_mm": 3.0}, ["with 3mm bleed"]),
    ],
)
def test_a_manifest_that_disagrees_with_the_cards_is_caught(capsys, pack, changes, names):  # type: ignore[no-untyped-def]
    folder = pack()
    rewrite_manifest(folder, **changes)
    fails_naming(capsys, folder, *names)


def test_a_title_changed_in_the_manifest_of_a_titled_pack_is_caught(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack("backs")
    rewrite_manifest(folder, title="Day Train")
    fails_naming(capsys, folder, "the title on cards 1–12 reads 'Night Train', but pack.json records 'Day Train'")


FUZZ = [
    ({"paper": 4}, "paper"),
    ({"paper": "a5"}, "paper"),
    ({"card_mm": []}, "card_mm"),
    ({"card_mm": [1]}, "card_mm"),
    ({"card_mm": [0, 0]}, "card_mm"),
    ({"card_mm": ["63.5", 88.9]}, "card_mm"),
    ({"card_mm": 63.5}, "card_mm"),
    ({"census": 1e309}, "census"),
    ({"census": 3.0}, "census"),
    ({"census": True}, "census"),
    ({"census": 10**400}, "census"),
    ({"copies": "2"}, "copies"),
    ({"copies": 0}, "copies"),
    ({"copies": None}, "copies"),
    ({"bleed_mm": -1}, "bleed_mm"),
    ({"margin_mm": float("nan")}, "margin_mm"),
    ({"backs": "yes"}, "backs"),
    ({"orientation": "sideways"}, "orientation"),
    ({"per_page": []}, "per_page"),
    ({"title": ["x"]}, "title"),
    ({"title": "a\nb"}, "title"),
    ({"pattern": "four"}, "pattern"),
    ({"pattern": 2}, "pattern"),
    ({"cardgen_version": 1}, "cardgen_version"),
]


@pytest.mark.parametrize("changes, key", FUZZ, ids=[f"{k}={v!r}"[:40] for v, k in ((c[k], k) for c, k in FUZZ)])
def test_a_malformed_manifest_gets_one_line_naming_the_key(capsys, pack, changes, key):  # type: ignore[no-untyped-def]
    folder = pack()
    path = folder / "pack.json"
    data = json.loads(path.read_text("utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data, allow_nan=True), "utf-8")
    refused(capsys, folder, key)


@pytest.mark.parametrize("key", ["categories", "copies"])
def test_a_2d_manifest_with_bad_categories_or_copies(capsys, pack, key):  # type: ignore[no-untyped-def]
    folder = pack("2d")
    rewrite_manifest(folder, **{key: "row-rotate"})
    refused(capsys, folder, key)
    rewrite_manifest(folder, categories=["row-rotate", "no-such-thing"], copies=1)
    refused(capsys, folder, "no-such-thing")


@pytest.mark.parametrize("key", ["game", "card_mm", "paper", "pattern"])
def test_a_manifest_missing_a_key(capsys, pack, key):  # type: ignore[no-untyped-def]
    folder = pack()
    path = folder / "pack.json"
    data = json.loads(path.read_text("utf-8"))
    del data[key]
    path.write_text(json.dumps(data), "utf-8")
    refused(capsys, folder, "pack.json")


@pytest.mark.parametrize("body", [b"[]", b"7", b'"x"', b"[" * 100_000, b"\xff\xfe{}"])
def test_a_manifest_that_is_no_object(capsys, pack, body):  # type: ignore[no-untyped-def]
    folder = pack()
    (folder / "pack.json").write_bytes(body)
    refused(capsys, folder, "pack.json")


def test_a_50_mb_manifest_is_refused_unread(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    path = folder / "pack.json"
    data = path.read_bytes()
    with path.open("ab") as f:
        f.truncate(50_000_000)  # a sparse tail of NULs: 50 MB on paper
    assert path.stat().st_size == 50_000_000 and data
    refused(capsys, folder, "pack.json", "too large")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_manifest_is_refused_without_hanging(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    (folder / "pack.json").unlink()
    os.mkfifo(folder / "pack.json")
    refused(capsys, folder, "pack.json", "not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_a_card_or_the_pdf_is_a_violation_not_a_hang(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    (folder / "cards" / "004.svg").unlink()
    os.mkfifo(folder / "cards" / "004.svg")
    pdf = next(folder.glob("*.pdf"))
    pdf.unlink()
    os.mkfifo(pdf)
    fails_naming(capsys, folder, "004.svg", pdf.name, "not a regular file")


# ---------------------------------------------------------------- properties

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300)
@given(key=st.sampled_from(["paper", "card_mm", "census", "copies", "bleed_mm", "margin_mm", "gutter_mm", "orientation",
                            "per_page", "backs", "title", "pattern", "cards", "categories", "game"]),
       value=JSON)  # fmt: skip
def test_any_json_in_any_manifest_key_is_accepted_or_refused_in_one_line(packs, key, value):  # type: ignore[no-untyped-def]
    """Whatever a key holds, reading the manifest either works or says one line naming it."""
    from cardgen.errors import CardgenError
    from cardgen.manifest import DECK, plan_from_manifest, validate
    from cardgen.products import got

    data = json.loads((packs["linear"] / "pack.json").read_text("utf-8"))
    data[key] = value
    try:
        validate(data, {**DECK, **got.PRODUCT.keys})
        got.PACK.spec_from_manifest(data)
        plan_from_manifest(data)
    except CardgenError as e:
        assert "\n" not in str(e)
        assert key in str(e) or "pack.json" in str(e)


@settings(max_examples=200)
@given(pick=st.data())
def test_a_flipped_byte_anywhere_inside_a_stream_is_damage(packs, pick):  # type: ignore[no-untyped-def]
    from cardgen.proof.audit import pdf_damage

    path = next(packs["backs"].glob("*.pdf"))
    data = path.read_bytes()
    _, start, end = pick.draw(st.sampled_from(STREAMS.setdefault(path, streams(path))))
    at = pick.draw(st.integers(start, end - 1))
    flipped = bytearray(data)
    flipped[at] ^= pick.draw(st.integers(1, 255))
    if not pdf_damage(bytes(flipped)):
        # only a flip that changes nothing decoded is let through: a blank in ASCII85 data turned
        # into another blank, or a bit of the padding after a deflate stream's last block; or, rarely,
        # one whose inflated bytes still pass zlib's Adler-32 (a flip at 46144 of this pack, by 103,
        # changes 6 bytes of page 2's drawing): `cardgen check` names that one by the PDF it redraws
        if decoded(bytes(flipped)) != decoded(data):
            from cardgen.proof.pdfshape import pdf_differences

            assert pdf_differences(bytes(flipped), data), at


def decoded(data: bytes) -> list[bytes]:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return [o.read_bytes() for o in pdf.objects if isinstance(o, pikepdf.Stream)]


STREAMS: dict[Path, list[tuple[str, int, int]]] = {}
