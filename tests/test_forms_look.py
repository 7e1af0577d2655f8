"""The forms, mats and test pages as a player meets them (#23): read back from the written PDFs
with pdfplumber and measured in mm; sizes and families from the fonts the PDF names.

A form uses its page (no blank band, ink down to the foot), its words are set in the sans
family at sizes of the type scale (the monospace family only for codes), no ruled line
crosses a letter, and nothing is inked in the printer's margin.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from cardgen.check import check_folder
from cardgen.cli import run

PT = 72 / 25.4  # points per mm
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SCALE_PT = [6.0 * 1.2**k for k in range(20)]  # the type scale, by hand: 6 pt and up by a minor third
SANS = {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}
MONO = {"DejaVuSansMono", "DejaVuSansMono-Bold"}


def boxes(page):  # type: ignore[no-untyped-def]
    """Every inked object's box (x0, top, x1, bottom) in points, strokes widened by half their width."""
    out = []
    for c in page.chars:
        if c["text"].strip():
            out.append((c["x0"], c["top"], c["x1"], c["bottom"]))
    for o in page.lines + page.rects + page.curves:
        half = (o.get("linewidth") or 0) / 2 if o.get("stroke") else 0
        out.append((o["x0"] - half, o["top"] - half, o["x1"] + half, o["bottom"] + half))
    return out


def blank_bands(page, margin: float = 5 * PT) -> list[float]:  # type: ignore[no-untyped-def]
    """Heights (mm) of the horizontal bands with no ink at all, top margin to bottom margin; the
    last is the room left under the lowest ink."""
    bands, reach = [], margin
    for _, top, _, bottom in sorted(boxes(page), key=lambda b: b[1]):
        if top > reach:
            bands.append((top - reach) / PT)
        reach = max(reach, bottom)
    bands.append((page.height - margin - reach) / PT)
    return bands


def fonts(page) -> set[str]:  # type: ignore[no-untyped-def]
    return {c["fontname"].split("+")[-1] for c in page.chars if c["text"].strip()}


def off_scale(page) -> list[float]:  # type: ignore[no-untyped-def]
    """Upright text sizes (pt) that are no step of the scale."""
    sizes = {round(c["size"], 2) for c in page.chars if c["upright"] and c["text"].strip()}
    return sorted(s for s in sizes if min(abs(s - k) for k in SCALE_PT) > 0.05)


def crossed(page) -> list[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    """Letters a ruled (level or upright) line runs through."""
    edges = [e for e in page.edges if e["orientation"] in ("h", "v")]
    out = []
    for ch in page.chars:
        if not ch["text"].strip():
            continue
        x0, x1, top, bottom = ch["x0"] + 0.2, ch["x1"] - 0.2, ch["top"] + 0.2, ch["bottom"] - 0.2
        for e in edges:
            if e["orientation"] == "v" and x0 < e["x0"] < x1 and e["top"] < bottom and top < e["bottom"]:
                out.append((ch["text"], round(ch["x0"]), round(ch["top"])))
            if e["orientation"] == "h" and top < e["top"] < bottom and e["x0"] < x1 and x0 < e["x1"]:
                out.append((ch["text"], round(ch["x0"]), round(ch["top"])))
    return out


def outside(page, margin_mm: float = 5.0) -> list[tuple[float, ...]]:  # type: ignore[no-untyped-def]
    m = margin_mm * PT - 0.01
    return [b for b in boxes(page) if b[0] < m or b[1] < m or b[2] > page.width - m or b[3] > page.height - m]


def pdf_in(folder: Path) -> Path:
    (pdf,) = folder.glob("*.pdf")
    return pdf


# ---------------------------------------------------------------- the SuperTrain score sheet


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("sheets")
    made = {}
    for paper in PAPERS:
        for players in range(2, 9):
            dest = out / paper
            assert run(["scoresheet", "supertrain", "--players", str(players), "--paper", paper, "-o", str(dest)]) == 0
            suffix = "" if paper == "a4" else f"-{paper}"
            made[players, paper] = dest / f"supertrain-scoresheet-{players}-players{suffix}"
    return made


SHEETS = [(n, p) for p in PAPERS for n in range(2, 9)]


@pytest.mark.parametrize(("players", "paper"), SHEETS, ids=[f"{n}p-{p}" for n, p in SHEETS])
def test_the_score_sheet_uses_its_page(sheets, players, paper):
    folder = sheets[players, paper]
    assert check_folder(folder) == []
    with pdfplumber.open(pdf_in(folder)) as pdf:
        (page,) = pdf.pages
        bands = blank_bands(page)
        assert bands[-1] <= 15.0 and max(bands) <= 12.0, bands  # it was a quarter of the page
        # rows: the level lines running the table's width, at least 8 mm apart, all alike
        level = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01]
        x0, x1 = min(ln["x0"] for ln in level), max(ln["x1"] for ln in level)
        across = sorted(ln["top"] for ln in level if ln["x0"] < x0 + 0.5 and ln["x1"] > x1 - 0.5)
        rows = [(b - a) / PT for a, b in zip(across, across[1:])]
        assert len(rows) == 14 and min(rows) >= 8.0 and max(rows) - min(rows) < 0.1, rows
        assert fonts(page) <= SANS | MONO and SANS <= fonts(page)
        mono = "".join(c["text"] for c in page.chars if c["fontname"].split("+")[-1] in MONO)
        assert set(mono) <= set("0123456789-TrainAD RS"), mono  # only the tiles of the examples
        assert off_scale(page) == []
        assert crossed(page) == []
        assert outside(page) == []
        text = " ".join(page.extract_text().split())
        assert "12-5 = 17" in text and "A-Train = 20" in text and "Winner" in text
