"""Reading a written folder back, to check what was really written. Product-neutral.

``check_folder`` loads the folder's manifest and hands it to the product that wrote
it (found in the registry). The pieces every deck checker uses are here: the
manifest, the sheet plan it records, the texts of an SVG by role, and the text
runs of the PDF's front pages slot by slot.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from cardgen.errors import CardgenError
from cardgen.impose.sheets import SheetPlan
from cardgen.layout.shapes import ADVANCE
from cardgen.products import PRODUCTS, FolderCheck, product
from cardgen.products.deck import MANIFEST
from cardgen.rules.check import Violation

SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4


def load_manifest(folder: Path) -> dict[str, Any]:
    path = folder / MANIFEST
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise CardgenError(f"{folder} is not a pack folder written by cardgen: no {MANIFEST}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CardgenError(f"cannot read {path}: {e}") from None
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in PRODUCTS or product(game).check is None:
        raise CardgenError(f"{path} does not describe anything cardgen can check")
    return data  # type: ignore[no-any-return]


def check_written(folder: Path) -> FolderCheck:
    """The folder's manifest, read and handed to the product that wrote it."""
    data = load_manifest(folder)
    checker = product(data["game"]).check
    assert checker is not None  # load_manifest refused the others
    return checker(folder, data)


def check_folder(folder: Path) -> list[Violation]:
    """Every violation in ``folder``, read from its files by the product that wrote them."""
    return check_written(folder).violations


def plan_from_manifest(data: dict[str, Any]) -> SheetPlan:
    from cardgen.impose.sheets import plan_sheet
    from cardgen.units import parse_paper

    try:
        return plan_sheet(
            (float(data["card_mm"][0]), float(data["card_mm"][1])),
            parse_paper(data["paper"]),
            margin=float(data["margin_mm"]),
            bleed=float(data["bleed_mm"]),
            gutter=float(data["gutter_mm"]),
            orientation=data["orientation"],
        )
    except (KeyError, TypeError, ValueError) as e:
        raise CardgenError(f"{MANIFEST} is incomplete or malformed: {e}") from None


def svg_texts(path: Path) -> dict[str, set[str]] | str:
    """The texts of an SVG grouped by their class (role), or what is wrong with the file."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as e:
        return f"cannot read {path.name}: {e}"
    texts: dict[str, set[str]] = defaultdict(set)
    for el in root.iter(f"{SVG}text"):
        texts[el.get("class", "")].add("".join(el.itertext()).strip())
    return texts


class Run(NamedTuple):
    """A run of text on a PDF page: upright, bold, in points from the page's bottom-left."""

    text: str
    x: float  # start of the baseline
    y: float
    size: float

    @property
    def centre(self) -> float:
        return self.x + len(self.text) * ADVANCE * self.size / 2


def pdf_slot_runs(pdf_path: Path, plan: SheetPlan, backs: bool) -> Iterator[tuple[int, int, list[Run]] | Violation]:
    """For each front page and each slot with text: (page number, slot index, its bold upright
    runs), in reading order; a Violation for a PDF or page that cannot be read."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    w, h = plan.card
    try:
        reader = PdfReader(pdf_path)
        pages = list(reader.pages)
    except (PdfReadError, OSError, ValueError) as e:
        yield Violation("files", f"pdf: cannot read {pdf_path.name}: {e}")
        return
    for page_no in range(0, len(pages), 2 if backs else 1):
        runs: list[Run] = []

        def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float, runs: list[Run] = runs) -> None:
            name = str(font.get("/BaseFont", "")) if font else ""
            if text.strip() and cm[0] > 0 and cm[3] > 0 and "Bold" in name:
                runs.append(Run(text.strip(), cm[4] + tm[4] * cm[0], cm[5] + tm[5] * cm[3], size * cm[0]))

        try:
            pages[page_no].extract_text(visitor_text=visit)
        except Exception as e:  # a damaged content stream can raise nearly anything
            yield Violation("files", f"pdf page {page_no + 1}: cannot read its text: {e}")
            continue
        slots: dict[int, list[Run]] = defaultdict(list)
        for run in runs:
            x, y = run.x / PT, plan.paper[1] - run.y / PT
            for i in range(plan.per_page):
                sx, sy = plan.slot(i)
                if sx <= x <= sx + w and sy <= y <= sy + h:
                    slots[i].append(run)
                    break
        for i in sorted(slots):
            yield page_no + 1, i, slots[i]


def single_pdf(folder: Path) -> Path | Violation:
    pdfs = sorted(folder.glob("*.pdf"))
    if len(pdfs) != 1:
        return Violation("files", f"wanted one PDF in {folder.name}, found {len(pdfs)}")
    return pdfs[0]
