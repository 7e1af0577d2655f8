"""Crop marks only at the cuts that exist (issue #23), on part-filled sheets of every kind: a
pack's short last sheet, a 2D pack, the 21 wild tiles on a sheet of 35, tokens, fold-over
sheets, with and without bleed and gutter. Measured in the written PDF with pdfplumber
(``tests.marks``): every cut of every component has a mark at both ends just past the last
component along it, and every mark is such a mark, so none stands at the foot of the empty grid;
backs pages carry none; ``cardgen check`` names a mark where no cut is, and a cut without one.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pytest

from cardgen.cli import run
from cardgen.impose import sheets
from cardgen.manifest import plan_from_manifest
from tests.helpers import read_pdf
from tests.marks import MM, cut_boxes, hairlines, mark_problems

PACK = ["pack", "--pattern", "one", "--census", "5", "--copies", "1"]  # 10 cards: 9 and a sheet of 1
BUILDS = {
    "pack": PACK,
    "pack-bleed-gutter": [*PACK, "--bleed", "3mm", "--gutter", "2mm"],  # 6 and 4: a row of 3 and a row of 1
    "pack-fold": [*PACK, "--fold"],
    "tiles-fold-bleed": ["tiles", "--fold", "--bleed", "3mm", "--gutter", "2mm", "--paper", "letter"],  # 10, 10 and 1
    "pack2d": ["pack2d", "--categories", "row-rotate,col-rotate", "--copies", "1"],
    "tiles": ["tiles"],  # 21 of 35: four rows of 5 and a row of 1
    "tiles-bleed-gutter": ["tiles", "--bleed", "3mm", "--gutter", "2mm", "--backs"],
    "tiles-fold": ["tiles", "--fold"],
    "tokens": ["tokens", "--players", "4"],  # 28 of 54: four rows of 6 and a row of 4
    "tokens-gutter-letter": ["tokens", "--players", "3", "--gutter", "2mm", "--paper", "letter"],
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("marks")
    folders: dict[str, Path] = {}
    for key, args in BUILDS.items():
        before = set(out.iterdir())
        assert run([*args, "--out", str(out)]) == 0, key
        (folder,) = set(out.iterdir()) - before
        folders[key] = folder
    return folders


def fronts(folder: Path):  # type: ignore[no-untyped-def]
    """Each sheet's fronts page with the cut boxes of its components (on a fold-over sheet, the
    fronts' half only), the plan and the number of components."""
    data = json.loads((folder / "pack.json").read_text())
    plan = plan_from_manifest(data)
    size, bleed = tuple(data["card_mm"]), float(data["bleed_mm"])
    step = 2 if data["backs"] and not plan.fold else 1
    pdf = pdfplumber.open(next(folder.glob("*.pdf")))
    out = []
    for page in pdf.pages[::step]:
        boxes = cut_boxes(page, size, bleed)
        if plan.fold == "vertical":
            boxes = [b for b in boxes if b[2] <= page.width / 2]
        elif plan.fold == "horizontal":
            boxes = [b for b in boxes if b[3] <= page.height / 2]
        out.append((page, boxes))
    return pdf, out, plan, data


@pytest.mark.parametrize("key", list(BUILDS))
def test_marks_stand_only_at_the_cuts_that_exist(built, key):  # type: ignore[no-untyped-def]
    pdf, pages, plan, data = fronts(built[key])
    with pdf:
        counts = [len(boxes) for _, boxes in pages]
        assert sum(counts) == data["cards"]
        assert counts[-1] < plan.per_page, "the last sheet is part-filled"
        for page, boxes in pages:
            assert mark_problems(page, boxes, float(data["bleed_mm"]), float(data["margin_mm"])) == [], page.page_number


@pytest.mark.parametrize("key", ["pack", "tiles", "tokens", "tiles-bleed-gutter"])
def test_no_mark_lies_below_the_last_row(built, key):  # type: ignore[no-untyped-def]
    """The defect #23 saw: the bottom marks of a part-filled sheet at the foot of the empty grid,
    50 mm below the last row. Now none lies further below the last row's ink than a gap and a mark."""
    pdf, pages, plan, data = fronts(built[key])
    with pdf:
        page, boxes = pages[-1]
        bleed = float(data["bleed_mm"]) * MM
        last = max(b[3] for b in boxes) + bleed  # the foot of the last row's ink
        assert plan.rows * plan.cols > len(boxes)
        assert max(ln["bottom"] for ln in hairlines(page)) <= last + (sheets.MARK_GAP + sheets.MARK_LENGTH) * MM + 0.1


def test_a_part_filled_row_is_marked_under_its_own_components(built):  # type: ignore[no-untyped-def]
    """The wild tiles' last row holds one tile: its bottom cut is marked at both ends, under that
    tile, and the columns it lacks are marked at the foot of the row above."""
    pdf, pages, plan, data = fronts(built["tiles"])
    with pdf:
        page, boxes = pages[-1]
        last = max(boxes, key=lambda b: b[1])
        row_above = max(b[3] for b in boxes if b[1] < last[1])
        vertical = [ln for ln in hairlines(page) if abs(ln["x0"] - ln["x1"]) < 0.01]
        level = [ln for ln in hairlines(page) if abs(ln["top"] - ln["bottom"]) < 0.01]
        below_last = [ln for ln in vertical if ln["top"] > last[3]]
        assert sorted(round(ln["x0"] / MM, 1) for ln in below_last) == [round(last[0] / MM, 1), round(last[2] / MM, 1)]
        under_row_above = [ln for ln in vertical if row_above < ln["top"] < last[3]]
        assert len(under_row_above) == plan.cols + 1 - 2  # every cut of the full rows but the last tile's two
        right_of_last = [ln for ln in level if abs(ln["top"] - last[3]) < 0.05 and ln["x0"] > last[2]]
        assert len(right_of_last) == 1 and right_of_last[0]["x0"] - last[2] == pytest.approx(
            sheets.MARK_GAP * MM, abs=0.05
        )


def test_backs_pages_carry_no_marks(built):  # type: ignore[no-untyped-def]
    with read_pdf(next(built["tiles-bleed-gutter"].glob("*.pdf"))) as pdf:
        assert len(pdf.pages) == 2
        assert hairlines(pdf.pages[0]) and not hairlines(pdf.pages[1])


@pytest.mark.parametrize("key", ["pack", "pack-fold", "pack2d", "tiles", "tiles-bleed-gutter", "tokens"])
def test_every_partial_build_checks_clean(built, key, capsys):  # type: ignore[no-untyped-def]
    assert run(["check", str(built[key])]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("key", ["pack", "tiles", "tokens"])
def test_check_names_marks_drawn_for_the_whole_grid(built, key, tmp_path, capsys, monkeypatch):  # type: ignore[no-untyped-def]
    """A PDF whose sheets carry the marks of a full grid (as cardgen drew them before #23) fails
    ``cardgen check``, which names a mark at no cut and a cut without its mark."""
    folder = Path(shutil.copytree(built[key], tmp_path / built[key].name))
    real = sheets.crop_marks
    monkeypatch.setattr(sheets, "crop_marks", lambda plan, count: real(plan, plan.per_page))
    _rewrite(folder, key)
    monkeypatch.undo()
    code = run(["check", str(folder)])
    out = capsys.readouterr().out
    assert code == 1
    assert "marks no cut" in out and "no crop mark at the end of the cut" in out, out


def _rewrite(folder: Path, key: str) -> None:
    """The folder's PDF drawn again, as the (patched) imposition draws it."""
    from cardgen.manifest import options_from_manifest
    from cardgen.products.got import PACK as GOT
    from cardgen.products.numbered import sheets_pdf
    from cardgen.render import render

    data = json.loads((folder / "pack.json").read_text())
    plan = plan_from_manifest(data)
    pdf = folder / f"{data['name']}.pdf"
    if key == "pack":
        pdf.write_bytes(sheets_pdf(GOT, GOT.spec_from_manifest(data), options_from_manifest(data, folder), plan))
        return
    if key == "tiles":
        from cardgen.layout.supertrain.tile import tile_face
        from cardgen.rules.supertrain.dominoes import tile_set

        faces = [tile_face(t, plan.card) for t in tile_set("wild")]
    else:
        from cardgen.layout.got.freeze_tokens import token_face
        from cardgen.rules.got.freeze_tokens import token_set

        faces = [token_face(t.player, set_name="freeze tokens, 4 players") for t in token_set(4, 7)]
    pages = sheets.impose(faces, plan, label=data["name"], title=data["title"])
    pdf.write_bytes(render("pdf", pages, title=data["title"] or data["name"]))
