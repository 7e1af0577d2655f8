"""Fold-over sheets (issue #24): ``--fold`` lays each card's back beside its front, mirrored across
a dashed fold line, for one-sided printing. The geometry is measured in mm from the PDFs with
pdfplumber (each back behind its front once the sheet is folded; crop marks only at the fronts'
outer cuts; the fold line), folders and pack.json are read back, and ``cardgen check`` proves a
fold-over pack and names a card or a back altered in its PDF, or a back moved.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from dataclasses import fields
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from cardgen.cli import run
from cardgen.impose.sheets import FOLD_GAP, SheetPlan, crop_marks, impose, plan_sheet
from cardgen.layout.shapes import Drawing, Rect, Text
from cardgen.manifest import options_from_manifest, plan_from_manifest
from cardgen.products.got import PACK
from cardgen.products.numbered import sheets_pdf
from cardgen.render import render
from tests.helpers import read_pdf
from tests.test_theme_pictures import stripes, theme

MM = 72 / 25.4  # points per mm
POKER = (63.5, 88.9)
CARDS = {"poker": POKER, "bridge": (57.15, 88.9), "mini": (44.45, 63.5), "tarot": (69.85, 120.65)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "tabloid": (279.4, 431.8)}
SMALL = ["--pattern", "one", "--census", "3", "--copies", "2"]  # 6 cards: a full sheet of 4 and a sheet of 2
NAME = "got-pattern-one-census-3-copies-2"


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.fixture(scope="module")
def built(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Fold-over packs and tiles, each built once (copied by tests that alter them), and what
    each build said."""
    out = tmp_path_factory.mktemp("fold")
    said: dict[str, str] = {}
    folders: dict[str, Path] = {}
    builds = {
        "a4": ["pack", *SMALL, "--fold"],
        "letter": ["pack", *SMALL, "--fold", "--paper", "letter", "--title", "Family night"],
        "bleed": ["pack", *SMALL, "--fold", "--bleed", "3mm", "--gutter", "2mm"],
        "2d": ["pack2d", "--categories", "row-rotate,col-rotate", "--copies", "1", "--fold"],
        "tiles": ["tiles", "--fold", "--title", "Family night"],
        "tiles-letter": ["tiles", "--fold", "--paper", "letter"],
    }
    import contextlib

    for key, args in builds.items():
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            assert run([*args, "--out", str(out / key)]) == 0, key
        said[key] = buf.getvalue()
        (folders[key],) = (out / key).iterdir()
    return folders, said


@pytest.fixture
def copy(built, tmp_path):  # type: ignore[no-untyped-def]
    def make(key: str) -> Path:
        dest = tmp_path / built[0][key].name
        shutil.copytree(built[0][key], dest)
        return dest

    return make


def pdf_of(folder: Path) -> Path:
    (pdf,) = folder.glob("*.pdf")
    return pdf


def grounds(page, size: tuple[float, float]) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    """Top-left corners (mm) of the filled boxes of exactly ``size`` (a card and its bleed) on a
    pdfplumber page: each card's, and each back's, ground."""
    w, h = size[0] * MM, size[1] * MM
    return sorted(
        {
            (round(r["x0"] / MM, 3), round(r["top"] / MM, 3))
            for r in page.rects
            if r["fill"] and abs(r["width"] - w) < 0.05 and abs(r["height"] - h) < 0.05
        }
    )


def halves(page, size, fold: str) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:  # type: ignore[no-untyped-def]
    """The grounds in the fronts' half and in the backs' half of a fold-over page."""
    pw, ph = page.width / MM, page.height / MM
    found = grounds(page, size)
    if fold == "vertical":
        return [g for g in found if g[0] + size[0] / 2 < pw / 2], [g for g in found if g[0] + size[0] / 2 > pw / 2]
    return [g for g in found if g[1] + size[1] / 2 < ph / 2], [g for g in found if g[1] + size[1] / 2 > ph / 2]


def behind(g: tuple[float, float], size: tuple[float, float], pw: float, ph: float, fold: str) -> tuple[float, float]:
    """Where the box at ``g`` lands once the sheet is folded on its middle line (the other half
    turned behind this one): mirrored across the fold line."""
    if fold == "vertical":
        return round(pw - g[0] - size[0], 3), g[1]
    return g[0], round(ph - g[1] - size[1], 3)


# ---------------------------------------------------------------- the plan (pure)


def test_poker_cards_fold_four_a_sheet_on_a4_and_on_letter() -> None:
    a4 = plan_sheet(POKER, PAPERS["a4"], fold="auto")
    assert (a4.fold, a4.orientation, a4.cols, a4.rows, a4.per_page) == ("vertical", "landscape", 2, 2, 4)
    # Letter's 279.4 mm leave no gutter for marks beside two columns a half: a horizontal fold, 4 × 1
    letter = plan_sheet(POKER, PAPERS["letter"], fold="auto")
    assert (letter.fold, letter.orientation, letter.cols, letter.rows) == ("horizontal", "landscape", 4, 1)
    assert plan_sheet(POKER, PAPERS["letter"], fold="vertical").per_page == 2  # a back picture is never turned


def _back_mark(size: tuple[float, float], paper: str, fold: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """One component folded over on ``paper``: where the red mark in its back's top-left corner
    lies, seen from the front (mm), and the front's slot."""
    plan = plan_sheet(size, PAPERS[paper], fold=fold)
    face = Drawing(*size, (Rect(0, 0, *size, fill="#ffffff", role="background"), Text(10, 10, "1", 5.0)))
    back = Drawing(*size, (Rect(0, 0, *size, fill="#224466", role="background"), Rect(0, 0, 5, 5, fill="#ff0000")))
    data = render("pdf", impose([face], plan, back=back, label="test"))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        pw, ph = page.width / MM, page.height / MM
        (red,) = [r for r in page.rects if r["non_stroking_color"] in ((1, 0, 0), [1, 0, 0])]
        corner = behind((red["x0"] / MM, red["top"] / MM), (5.0, 5.0), pw, ph, fold)
    return corner, plan.slot(0)


@pytest.mark.parametrize("card", sorted(CARDS))
@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("bleed, gutter", [(0.0, 0.0), (3.0, 2.0)])
def test_every_back_lies_behind_its_front_and_the_marks_stay_in_the_fronts_half(card, paper, bleed, gutter) -> None:  # type: ignore[no-untyped-def]
    plan = plan_sheet(CARDS[card], PAPERS[paper], bleed=bleed, gutter=gutter, fold="auto")
    pw, ph = plan.paper
    w, h = plan.card
    fold_at = pw / 2 if plan.fold == "vertical" else ph / 2
    assert plan.per_page >= 1
    boxes = []
    for i in range(plan.per_page):
        front, back = plan.slot(i), plan.slot(i, back=True)
        assert behind(back, (w, h), pw, ph, plan.fold) == pytest.approx(front, abs=1e-9)
        for x, y in (front, back):
            boxes.append((x - bleed, y - bleed, x + w + bleed, y + h + bleed))
            assert x - bleed >= plan.margin and x + w + bleed <= pw - plan.margin  # inside the printable area
            assert y - bleed >= plan.margin and y + h + bleed <= ph - plan.margin
        hi = front[0] + w if plan.fold == "vertical" else front[1] + h
        # the marks' room and a gap each side of the fold line: a gutter of more than 10 mm between the halves
        assert hi + bleed + 5.0 <= fold_at
    for mark in crop_marks(plan, plan.per_page):
        x0, x1 = sorted((mark.x1, mark.x2))
        y0, y1 = sorted((mark.y1, mark.y2))
        assert max(x1 - x0, y1 - y0) >= 3.0 - 1e-9
        assert (x1 if plan.fold == "vertical" else y1) <= fold_at - FOLD_GAP  # in the fronts' half, off the fold
        assert x0 >= plan.margin and y0 >= plan.margin and x1 <= pw - plan.margin and y1 <= ph - plan.margin
        for bx0, by0, bx1, by1 in boxes:  # outside every card, bleed included
            assert x1 < bx0 or x0 > bx1 or y1 < by0 or y0 > by1


@pytest.mark.parametrize("fold, paper", [("vertical", "a4"), ("horizontal", "letter")])
def test_a_back_turned_over_with_its_card_reads_upright(fold, paper) -> None:  # type: ignore[no-untyped-def]
    """A mark in a back's top-left corner must lie behind its front's top-right corner: turning
    the folded card over about its long side then shows the back upright. Across a horizontal fold
    the back is drawn turned for that, across a vertical one as it is."""
    corner, (x, y) = _back_mark(POKER, paper, fold)
    assert corner == pytest.approx((x + POKER[0] - 5, y), abs=0.01)


@pytest.mark.parametrize("fold", ["vertical", "horizontal"])
def test_a_tile_turned_over_about_its_long_side_shows_its_back_upright(fold) -> None:  # type: ignore[no-untyped-def]
    """A landscape tile is turned over about its long, level side: a mark in its back's top-left
    corner must then lie behind its front's bottom-left corner, whichever fold the sheet takes."""
    tile = (50.8, 25.4)
    corner, (x, y) = _back_mark(tile, "a4", fold)
    assert corner == pytest.approx((x, y + tile[1] - 5), abs=0.01)


def test_a_card_too_large_for_half_the_sheet_is_one_line(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "pack", "--card", "150x200mm", "--fold", "--out", "unused")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "does not fit inside half the printable area" in err and "a fold" in err


# ---------------------------------------------------------------- the PDF, measured


@pytest.mark.parametrize("key, fold", [("a4", "vertical"), ("letter", "horizontal"), ("bleed", "vertical")])
def test_each_back_is_printed_behind_its_front_once_folded(built, key, fold) -> None:  # type: ignore[no-untyped-def]
    folder = built[0][key]
    bleed = 3.0 if key == "bleed" else 0.0
    size = (POKER[0] + 2 * bleed, POKER[1] + 2 * bleed)
    per_page = json.loads((folder / "pack.json").read_text("utf-8"))["per_page"]
    counts = [min(per_page, 6 - k) for k in range(0, 6, per_page)]  # 6 cards; the backs on the same sheets
    with read_pdf(pdf_of(folder)) as pdf:
        assert len(pdf.pages) == len(counts)
        for page, count in zip(pdf.pages, counts):
            pw, ph = page.width / MM, page.height / MM
            fronts, backs = halves(page, size, fold)
            assert len(fronts) == len(backs) == count
            folded = sorted(behind(b, size, pw, ph, fold) for b in backs)
            assert [v for g in folded for v in g] == pytest.approx([v for g in fronts for v in g], abs=0.01)


@pytest.mark.parametrize("key, fold", [("a4", "vertical"), ("letter", "horizontal")])
def test_the_fold_line_crop_marks_and_label(built, key, fold) -> None:  # type: ignore[no-untyped-def]
    with read_pdf(pdf_of(built[0][key])) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            pw, ph = page.width / MM, page.height / MM
            (line,) = [ln for ln in page.lines if abs(ln["linewidth"] - 0.5) < 0.01]
            assert line["dash"][0] == pytest.approx([3 * MM, 2 * MM], abs=0.01)
            if fold == "vertical":  # down the middle, margin to margin
                assert line["x0"] == line["x1"] == pytest.approx(pw / 2 * MM, abs=0.01)
                assert (line["top"] / MM, line["bottom"] / MM) == pytest.approx((5.0, ph - 5.0), abs=0.01)
            else:
                assert line["top"] == line["bottom"] == pytest.approx(ph / 2 * MM, abs=0.01)
            fronts, backs = halves(page, POKER, fold)
            cards = [(x, y, x + POKER[0], y + POKER[1]) for x, y in fronts + backs]
            xs = {round(v, 2) for x, _ in fronts for v in (x, x + POKER[0])}  # the fronts' cuts
            ys = {round(v, 2) for _, y in fronts for v in (y, y + POKER[1])}
            marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]
            ends: dict[tuple[str, float], set[str]] = {}
            for ln in marks:
                x0, x1, y0, y1 = ln["x0"] / MM, ln["x1"] / MM, ln["top"] / MM, ln["bottom"] / MM
                assert max(x1 - x0, y1 - y0) >= 3.0 - 0.01
                assert min(x0, y0) >= 5.0 - 0.01 and x1 <= pw - 5.0 + 0.01 and y1 <= ph - 5.0 + 0.01
                far = x1 if fold == "vertical" else y1  # every mark on the fronts' side of the fold line
                assert far <= (pw if fold == "vertical" else ph) / 2 - 1.0 + 0.01
                for cx0, cy0, cx1, cy1 in cards:  # outside every card, front or back
                    assert x1 < cx0 or x0 > cx1 or y1 < cy0 or y0 > cy1
                if x0 == pytest.approx(x1, abs=0.01):  # a vertical cut's mark, above or below the grid
                    assert round(x0, 2) in xs
                    ends.setdefault(("x", round(x0, 2)), set()).add("top" if y1 < min(ys) else "bottom")
                else:
                    assert round(y0, 2) in ys
                    ends.setdefault(("y", round(y0, 2)), set()).add("left" if x1 < min(xs) else "right")
            # every cut of the fronts has a mark at both ends (the right-hand ones in the gutter)
            assert {k for k, v in ends.items() if k[0] == "x" and v == {"top", "bottom"}} == {("x", x) for x in xs}
            assert {k for k, v in ends.items() if k[0] == "y" and v == {"left", "right"}} == {("y", y) for y in ys}
            text = " ".join((page.extract_text() or "").split())
            assert f"sheet {n} of 2 · fold" in text


def test_no_ink_but_the_fold_line_near_the_fold(built) -> None:  # type: ignore[no-untyped-def]
    with read_pdf(pdf_of(built[0]["bleed"])) as pdf:
        for page in pdf.pages:
            mid = page.width / 2
            near = [o for o in page.rects + page.chars if o["x0"] < mid + MM and o["x1"] > mid - MM]
            near += [ln for ln in page.lines if ln["x0"] < mid + MM and ln["x1"] > mid - MM and ln["linewidth"] != 0.5]
            assert near == []


# ---------------------------------------------------------------- folders, pack.json, what a build says


def test_the_folder_pack_json_and_notes_say_fold(built) -> None:  # type: ignore[no-untyped-def]
    folders, said = built
    expected = {
        "a4": (f"{NAME}-fold", "vertical", "4 cards a sheet (2 × 2 and their backs, a4 landscape, folded on a vertical line), 2 sheets"),
        "letter": (f"{NAME}-letter-fold-family-night", "horizontal", "4 cards a sheet (4 × 1 and their backs, letter landscape, folded on a horizontal line)"),
        "tiles": ("supertrain-wild-fold-family-night", "horizontal", "15 tiles a sheet (3 × 5 and their backs, a4 portrait"),
    }  # fmt: skip
    for key, (name, fold, note) in expected.items():
        folder = folders[key]
        assert folder.name == name
        data = json.loads((folder / "pack.json").read_text("utf-8"))
        assert (data["backs"], data["fold"], data["name"]) == (True, fold, name)
        assert (folder / ("tiles" if "tiles" in key else "cards") / "back.svg").is_file()
        assert pdf_of(folder).name == f"{name}.pdf"
        assert note in said[key]
        assert "fold each sheet on the dashed line, printed side out" in said[key]
        assert "double-sided" not in said[key]


def test_a_plain_pack_records_no_fold_and_the_steps_are_in_order(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "pack", *SMALL, "--out", tmp_path)
    assert code == 0 and "fold" not in out
    assert "fold" not in json.loads((tmp_path / NAME / "pack.json").read_text("utf-8"))
    code, out, _ = cli(capsys, "pack", *SMALL, "--fold", "--out", tmp_path)
    steps = ["one-sided", "fold each sheet on the dashed line", "glue", "fold again", "cut on the crop marks"]
    assert code == 0 and [out.index(s) for s in steps] == sorted(out.index(s) for s in steps)
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME, f"{NAME}-fold"]  # never the same folder


@pytest.mark.parametrize(
    "args, words",
    [
        (["pack", "--fold", "--backs"], ["--fold", "--backs", "choose one"]),
        (["pack2d", "--fold", "--back-offset", "1,0"], ["--back-offset", "fold-over"]),
        (["tiles", "--fold", "--backs"], ["--fold", "--backs"]),
        (["testpage", "--fold", "--back-offset", "0.5,-1"], ["--back-offset"]),
    ],
)
def test_fold_with_backs_pages_or_their_offset_is_one_line(tmp_path, capsys, args, words) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, *args, "--out", tmp_path)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert all(w in err for w in words), err
    assert not any(tmp_path.iterdir())


def test_tokens_have_no_backs_to_fold(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text("[[tokens]]\nplayers = 2\nfold = true\n", "utf-8")
    code, _, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "out", "--quiet")
    assert code == 2 and "no backs" in err and "--fold" in err


def test_a_config_item_may_fold(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text('[[pack]]\npattern = "one"\ncensus = 3\ncopies = 1\nfold = true\n', "utf-8")
    code, out, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "out")
    assert code == 0, err
    assert "1 item is a fold-over sheet: print one-sided, fold as its notes say" in out and "double-sided" not in out
    assert (tmp_path / "out" / "got-pattern-one-census-3-copies-1-fold" / "pack.json").is_file()


def test_a_back_picture_folds_on_a_vertical_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A picture is never turned, and a horizontal fold turns the backs: on Letter, where poker
    cards would fold horizontally, a pictured back folds vertically instead (2 a sheet, not 4)."""
    mine = theme(tmp_path, back=stripes((300, 420), "PNG"))
    code, out, err = cli(
        capsys, "pack", *SMALL, "--paper", "letter", "--theme", mine, "--fold", "--out", tmp_path / "o"
    )
    assert code == 0, err
    assert "2 cards a sheet (1 × 2 and their backs, letter portrait, folded on a vertical line)" in out
    (folder,) = (tmp_path / "o").iterdir()
    assert cli(capsys, "check", folder)[0] == 0


# ---------------------------------------------------------------- cardgen check


@pytest.mark.parametrize("key", ["a4", "letter", "bleed", "2d", "tiles", "tiles-letter"])
def test_fold_over_folders_check_clean(built, capsys, key) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", built[0][key])
    assert code == 0, out + err
    assert out.strip().endswith("OK")


def edit_pdf(folder: Path, page: int, edit) -> None:  # type: ignore[no-untyped-def]
    path = pdf_of(folder)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        before = pdf.pages[page].Contents.read_bytes()
        after = edit(before)
        assert after != before
        pdf.pages[page].Contents = pdf.make_stream(after)
        pdf.save(path)


# card 1's upright corner index, as ReportLab writes it in the card's own frame (as in test_checker)
INDEX_1 = re.compile(rb"(1 0 0 1 -?[0-9.]+ -?[0-9.]+ cm\nBT 1 0 0 1 0 0 Tm /F1\+0 12.44126 Tf [0-9.]+ TL )\(1\)")


def fails(capsys, folder: Path) -> str:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", folder)
    assert code == 1, out + err
    assert "Traceback" not in out + err
    return out


@pytest.mark.parametrize("key", ["a4", "letter"])
def test_one_card_altered_in_a_fold_over_pdf_is_named(copy, capsys, key) -> None:  # type: ignore[no-untyped-def]
    folder = copy(key)
    edit_pdf(folder, 0, lambda d: INDEX_1.sub(lambda m: m.group(1) + b"(7)", d, count=1))
    out = fails(capsys, folder)
    assert "pdf: page 1, slot 1 (card 1)" in out
    assert "(card 2)" not in out and "back of" not in out


@pytest.mark.parametrize("key, text", [("a4", b"Game of Trains"), ("letter", b"pattern one \\001 census 3")])
def test_one_back_altered_in_a_fold_over_pdf_is_named(copy, capsys, key, text) -> None:  # type: ignore[no-untyped-def]
    folder = copy(key)
    edit_pdf(folder, 1, lambda d: d.replace(b"(" + text + b")", b"(Game of Planes)", 1))
    out = fails(capsys, folder)
    assert "pdf: page 2, slot 1 (back of card 5)" in out, out


def moved_pdf(folder: Path, which: int, by: tuple[float, float]) -> None:
    """Write the folder's PDF again with one back moved ``by`` (mm, x right and y down): what a
    hand-edited PDF or another tool's imposition would hold."""
    data = json.loads((folder / "pack.json").read_text("utf-8"))
    plan = plan_from_manifest(data)

    class Moved(SheetPlan):
        def slot(self, i: int, *, back: bool = False) -> tuple[float, float]:
            x, y = super().slot(i, back=back)
            return (x + by[0], y + by[1]) if back and i == which else (x, y)

    moved = Moved(**{f.name: getattr(plan, f.name) for f in fields(plan)})
    spec = PACK.spec_from_manifest(data)
    pdf_of(folder).write_bytes(sheets_pdf(PACK, spec, options_from_manifest(data, folder), moved))


@pytest.mark.parametrize("key, by, where", [("a4", (1.0, 0.0), "1mm right"), ("letter", (0.0, 1.0), "1mm down")])
def test_a_moved_back_is_named(copy, capsys, key, by, where) -> None:  # type: ignore[no-untyped-def]
    folder = copy(key)
    moved_pdf(folder, 1, by)
    out = fails(capsys, folder)
    assert f"pdf: page 1: back 2 is {where} of where pack.json puts it (behind its front, across the fold)" in out
    assert "slot 2 (back of card 2)" in out
    assert "(card 1)" not in out and "back of card 1" not in out


def test_a_tile_back_altered_in_a_fold_over_pdf_is_named(copy, capsys) -> None:  # type: ignore[no-untyped-def]
    folder = copy("tiles")
    edit_pdf(folder, 0, lambda d: d.replace(b"(Family night)", b"(Family fight)", 1))
    out = fails(capsys, folder)
    assert "pdf page 1, slot 1 (back):" in out and "Family fight" in out


def test_a_fold_record_without_backs_or_of_no_fold_is_one_line(copy, capsys) -> None:  # type: ignore[no-untyped-def]
    for change, word in (({"backs": False}, "fold"), ({"fold": "diagonal"}, "fold")):
        folder = copy("a4")
        path = folder / "pack.json"
        path.write_text(json.dumps({**json.loads(path.read_text("utf-8")), **change}), "utf-8")
        code, _, err = cli(capsys, "check", folder)
        assert code == 2 and len(err.strip().splitlines()) == 1 and word in err, err
        shutil.rmtree(folder)


# ---------------------------------------------------------------- the fold test page


@pytest.mark.parametrize("paper, name", [("a4", "testpage-fold"), ("letter", "testpage-letter-fold")])
def test_the_fold_test_page_lines_up_once_folded(tmp_path, capsys, paper, name) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "testpage", "--fold", "--paper", paper, "--out", tmp_path)
    assert code == 0 and "one-sided" in out and "printed side out" in out
    with read_pdf(tmp_path / name / f"{name}.pdf") as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        pw, ph = page.width / MM, page.height / MM
        assert (round(pw, 1), round(ph, 1)) == (round(max(PAPERS[paper]), 1), round(min(PAPERS[paper]), 1))
        (fold,) = [ln for ln in page.lines if ln.get("dash") and ln["dash"][0]]
        assert fold["x0"] == fold["x1"] == pytest.approx(page.width / 2, abs=0.01)

        def upright(colour: tuple[float, ...], length: float) -> float:
            (x,) = {
                round(ln["x0"] / MM, 3)
                for ln in page.lines
                if tuple(ln["stroking_color"]) == pytest.approx(colour, abs=0.01)
                and ln["x0"] == ln["x1"]
                and abs((ln["bottom"] - ln["top"]) / MM - length) < 0.01
            }
            return x

        black = upright((0x1A / 255,) * 3, 40.0)  # the front's cross
        red = upright((0xC0 / 255, 0x39 / 255, 0x2B / 255), 66.0)  # the back's cross
        assert black < pw / 2 < red
        assert pw - red == pytest.approx(black, abs=0.01)  # folded, the red cross lies on the black one
        for ln in page.lines + page.rects + page.chars:  # nothing else near the fold, all inside the margin
            if ln is not fold:
                assert ln["x1"] < page.width / 2 - MM or ln["x0"] > page.width / 2 + MM
            assert ln["x0"] >= 5 * MM - 0.01 and ln["x1"] <= page.width - 5 * MM + 0.01


@pytest.mark.parametrize(
    "args, pdf",
    [
        (
            ["pack", "--pattern", "one", "--census", "3", "--fold"],
            "got-pattern-one-census-3-fold/got-pattern-one-census-3-fold.pdf",
        ),
        (["testpage", "--fold"], "testpage-fold/testpage-fold.pdf"),
    ],
)
def test_the_last_line_says_print_one_sided_then_fold(tmp_path, capsys, args, pdf) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, *args, "--out", tmp_path)
    last = out.strip().splitlines()[-1]
    assert code == 0 and last.startswith(f"print {tmp_path / pdf} on A4 paper at 100 %"), last
    assert last.endswith("one-sided, then fold each sheet on its dashed line") and "double" not in last, last
