"""Reading a written pack back from its files, to check what was really written.

Cards are read from each ``cards/NNN.svg`` (every copy of the number and the
ability on the card must agree: both ends and the corner indices) and from the
PDF's text (the large upright number and ability inside each card's cut box).
The pack is then checked by ``rules.check`` like any hand-made table.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from cardgen.errors import CardgenError
from cardgen.layout.shapes import ADVANCE
from cardgen.rules.check import PackSpec, Violation, check_pack
from cardgen.rules.patterns import Card, make_pattern
from cardgen.sheets import SheetPlan

SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4


def load_manifest(folder: Path) -> dict:  # type: ignore[type-arg]
    path = folder / "pack.json"
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise CardgenError(f"{folder} is not a pack folder written by cardgen pack: no pack.json") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CardgenError(f"cannot read {path}: {e}") from None
    if not isinstance(data, dict) or data.get("game") not in ("got", "got2d"):
        raise CardgenError(f"{path} does not describe a Game of Trains pack")
    return data


def spec_from_manifest(data: dict) -> Readable:  # type: ignore[type-arg]
    """The pack definition a folder claims to hold."""
    try:
        if data["game"] == "got2d":
            from cardgen.rules.grid import GridPack

            return GridPack([str(c) for c in data["categories"]], int(data["copies"]))
        return make_pattern(str(data["pattern"]), int(data["census"]), copies=int(data["copies"]))
    except (KeyError, TypeError, ValueError) as e:
        raise CardgenError(f"pack.json is incomplete or malformed: {e}") from None


class Readable(PackSpec, Protocol):
    def parse_ability(self, text: str) -> Any: ...


def read_svg_card(path: Path, parse: Callable[[str], Any]) -> tuple[int, Any] | str:
    """(number, ability) from one card SVG, or a message saying what is wrong with it."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as e:
        return f"cannot read {path.name}: {e}"
    texts: dict[str, set[str]] = defaultdict(set)
    for el in root.iter(f"{SVG}text"):
        role = el.get("class", "")
        texts[role].add("".join(el.itertext()).strip())
    numbers = texts["number"] | texts["index-number"]
    labels = texts["ability"]
    codes = texts["index-ability"]
    if len(numbers) != 1:
        return f"{path.name} shows numbers {', '.join(sorted(numbers)) or 'none'}: wanted one number"
    try:
        number = int(next(iter(numbers)))
        found = {parse(t) for t in labels | codes}
    except (ValueError, CardgenError) as e:
        return f"{path.name}: {e}"
    if len(found) != 1:
        shown = ", ".join(sorted(labels | codes))
        return f"card {number} shows different abilities on one face ({shown})"
    return number, found.pop()


def read_svg_cards(folder: Path, spec: Readable) -> tuple[list[Card], list[Violation]]:
    cards: list[Card] = []
    problems: list[Violation] = []
    for path in sorted((folder / "cards").glob("*.svg")):
        if not path.stem.isdigit():
            continue  # back.svg and friends
        got = read_svg_card(path, spec.parse_ability)
        if isinstance(got, str):
            problems.append(Violation("files", f"svg: {got}", (int(path.stem),)))
            continue
        number, ability = got
        if number != int(path.stem):
            problems.append(Violation("files", f"svg: {path.name} holds card {number}", (int(path.stem), number)))
        cards.append(Card(number, ability))
    return cards, problems


def plan_from_manifest(data: dict) -> SheetPlan:  # type: ignore[type-arg]
    from cardgen.sheets import plan_sheet
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
        raise CardgenError(f"pack.json is incomplete or malformed: {e}") from None


def read_pdf_cards(
    pdf_path: Path, plan: SheetPlan, parse: Callable[[str], Any], backs: bool
) -> tuple[list[Card], list[Violation]]:
    """Cards from the PDF's text runs (pypdf): in each cut box, the largest upright bold
    run of digits is the number, and the upright bold run centred on the card is the ability
    (the corner index sits at the left edge; titles and notes are not bold)."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    cards: list[Card] = []
    problems: list[Violation] = []
    w, h = plan.card
    try:
        reader = PdfReader(pdf_path)
        pages = list(reader.pages)
    except (PdfReadError, OSError, ValueError) as e:
        return [], [Violation("files", f"pdf: cannot read {pdf_path.name}: {e}")]
    step = 2 if backs else 1
    for page_no in range(0, len(pages), step):
        runs: list[_Run] = []

        def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float, runs: list[_Run] = runs) -> None:
            name = str(font.get("/BaseFont", "")) if font else ""
            if text.strip() and cm[0] > 0 and cm[3] > 0 and "Bold" in name:
                runs.append(_Run(text.strip(), cm[4] + tm[4] * cm[0], cm[5] + tm[5] * cm[3], size * cm[0]))

        try:
            pages[page_no].extract_text(visitor_text=visit)
        except Exception as e:  # a damaged content stream can raise nearly anything
            problems.append(Violation("files", f"pdf page {page_no + 1}: cannot read its text: {e}"))
            continue
        slots: dict[int, list[_Run]] = defaultdict(list)
        for run in runs:
            x, y = run.x / PT, plan.paper[1] - run.y / PT
            for i in range(plan.per_page):
                sx, sy = plan.slot(i)
                if sx <= x <= sx + w and sy <= y <= sy + h:
                    slots[i].append(run)
                    break
        for i in sorted(slots):
            got = _card_from_runs(slots[i], parse, (plan.slot(i)[0] + w / 2) * PT)
            if isinstance(got, str):
                problems.append(Violation("files", f"pdf page {page_no + 1}, slot {i + 1}: {got}"))
            else:
                cards.append(got)
    return cards, problems


class _Run(NamedTuple):
    text: str
    x: float  # start of the baseline, points
    y: float
    size: float

    @property
    def centre(self) -> float:
        return self.x + len(self.text) * ADVANCE * self.size / 2


def _card_from_runs(runs: list[_Run], parse: Callable[[str], Any], mid_x: float) -> Card | str:
    numbers = [r for r in runs if r.text.isdigit()]
    labels = [r for r in runs if not r.text.isdigit()]
    if not numbers or not labels:
        return "no number or no ability found"
    number = max(numbers, key=lambda r: r.size).text
    label = min(labels, key=lambda r: abs(r.centre - mid_x)).text
    try:
        return Card(int(number), parse(label))
    except (ValueError, CardgenError):
        return f"unreadable card text {number!r} {label!r}"


def check_folder(folder: Path) -> list[Violation]:
    """Every violation of the pack in ``folder``, read from its SVGs and from its PDF."""
    data = load_manifest(folder)
    spec = spec_from_manifest(data)
    out: list[Violation] = []
    svg_cards, problems = read_svg_cards(folder, spec)
    out += problems
    out += [Violation(v.check, f"svg: {v.message}", v.cards) for v in check_pack(spec, svg_cards)]
    pdfs = sorted(folder.glob("*.pdf"))
    if len(pdfs) != 1:
        out.append(Violation("files", f"wanted one PDF in {folder.name}, found {len(pdfs)}"))
    else:
        plan = plan_from_manifest(data)
        pdf_cards, problems = read_pdf_cards(pdfs[0], plan, spec.parse_ability, bool(data.get("backs")))
        out += problems
        out += [Violation(v.check, f"pdf: {v.message}", v.cards) for v in check_pack(spec, pdf_cards)]
    return out
