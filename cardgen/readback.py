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
from typing import Any, Protocol

from cardgen.errors import CardgenError
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
            tuple(data["card_mm"]),  # type: ignore[arg-type]
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
    """Cards from the PDF's text: in each cut box, the largest upright bold ink text is the
    number and the largest upright bold coloured text is the ability."""
    import pdfplumber

    cards: list[Card] = []
    problems: list[Violation] = []
    w, h = plan.card
    try:
        pdf = pdfplumber.open(pdf_path)
    except Exception as e:  # pdfminer raises many kinds for a damaged file
        return [], [Violation("files", f"pdf: cannot read {pdf_path.name}: {e}")]
    with pdf:
        step = 2 if backs else 1
        for page_no in range(0, len(pdf.pages), step):
            page = pdf.pages[page_no]
            slots: dict[int, list[dict]] = defaultdict(list)  # type: ignore[type-arg]
            for ch in page.chars:
                a, _, _, d, ex, ey = ch["matrix"]
                if a <= 0 or d <= 0 or "Bold" not in ch["fontname"]:
                    continue  # the turned half, and light text such as titles
                x, y = ex / PT, plan.paper[1] - ey / PT
                for i in range(plan.per_page):
                    sx, sy = plan.slot(i)
                    if sx <= x <= sx + w and sy <= y <= sy + h:
                        slots[i].append(ch)
                        break
            for i in sorted(slots):
                got = _card_from_chars(slots[i], parse, (plan.slot(i)[0] + w / 2) * PT)
                where = f"pdf page {page_no + 1}, slot {i + 1}"
                if isinstance(got, str):
                    problems.append(Violation("files", f"{where}: {got}"))
                else:
                    cards.append(got)
    return cards, problems


def _card_from_chars(chars: list[dict], parse: Callable[[str], Any], mid_x: float) -> Card | str:  # type: ignore[type-arg]
    """The number is the largest ink line; the ability is the coloured line centred on the card
    (the corner index, also coloured, sits at the left edge)."""
    lines: dict[tuple[bool, float, float], list[dict]] = defaultdict(list)  # type: ignore[type-arg]
    for c in chars:
        lines[(_is_ink(c["non_stroking_color"]), round(c["matrix"][5], 1), round(c["size"], 2))].append(c)
    ink = [(k[2], v) for k, v in lines.items() if k[0]]
    colour = [v for k, v in lines.items() if not k[0]]
    if not ink or not colour:
        return "no number or no ability found"
    number = _text(max(ink, key=lambda t: t[0])[1])
    label = _text(min(colour, key=lambda v: abs(_centre(v) - mid_x)))
    try:
        return Card(int(number), parse(label))
    except (ValueError, CardgenError):
        return f"unreadable card text {number!r} {label!r}"


def _text(chars: list[dict]) -> str:  # type: ignore[type-arg]
    return "".join(c["text"] for c in sorted(chars, key=lambda c: c["matrix"][4]))


def _centre(chars: list[dict]) -> float:  # type: ignore[type-arg]
    return (min(c["x0"] for c in chars) + max(c["x1"] for c in chars)) / 2


def _is_ink(color: object) -> bool:
    return isinstance(color, (tuple, list)) and len(color) == 3 and max(color) - min(color) < 0.02 and max(color) < 0.3


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
