"""Numbered cards with an ability (both Game of Trains products): their table, and how
a written pack of them is read back and checked.

Cards are read from each ``cards/NNN.svg`` (every copy of the number and the
ability on the card must agree: both ends and the corner indices) and from the
PDF's text (the large upright number and ability inside each card's cut box).
The pack is then checked by ``rules.check`` like any hand-made table.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.products import FolderCheck
from cardgen.products.readback import Run, pdf_slot_runs, plan_from_manifest, single_pdf, svg_texts
from cardgen.rules.check import Card, CardLike, HasCode, PackSpec, Violation, check_pack


def number_width(size: int) -> int:
    return max(3, len(str(size)))


def pack_table(cards: Sequence[CardLike]) -> bytes:
    """The pack as a ``number,ability`` CSV, the format ``cardgen check`` reads."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["number", "ability"])
    for c in cards:
        w.writerow([c.number, c.ability.code])
    return buf.getvalue().encode("utf-8")


def read_svg_card(path: Path, parse: Callable[[str], HasCode]) -> tuple[int, HasCode] | str:
    """(number, ability) from one card SVG, or a message saying what is wrong with it."""
    texts = svg_texts(path)
    if isinstance(texts, str):
        return texts
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


def read_svg_cards(folder: Path, spec: PackSpec) -> tuple[list[Card[HasCode]], list[Violation]]:
    cards: list[Card[HasCode]] = []
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


def card_from_runs(runs: list[Run], parse: Callable[[str], HasCode], mid_x: float) -> Card[HasCode] | str:
    """In a card's cut box the largest bold run of digits is the number, and the bold run
    centred on the card is the ability (the corner index sits at the left edge)."""
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


def check_numbered(folder: Path, data: dict[str, Any], spec: PackSpec, what: str) -> FolderCheck:
    """Every violation of the pack in ``folder``, read from its SVGs and from its PDF."""
    out: list[Violation] = []
    svg_cards, problems = read_svg_cards(folder, spec)
    out += problems
    out += [Violation(v.check, f"svg: {v.message}", v.cards) for v in check_pack(spec, svg_cards)]
    pdf = single_pdf(folder)
    if isinstance(pdf, Violation):
        out.append(pdf)
    else:
        plan = plan_from_manifest(data)
        pdf_cards: list[Card[HasCode]] = []
        for got in pdf_slot_runs(pdf, plan, bool(data.get("backs"))):
            if isinstance(got, Violation):
                out.append(got)
                continue
            page, slot, runs = got
            card = card_from_runs(runs, spec.parse_ability, (plan.slot(slot)[0] + plan.card[0] / 2) * 72 / 25.4)
            if isinstance(card, str):
                out.append(Violation("files", f"pdf page {page}, slot {slot + 1}: {card}"))
            else:
                pdf_cards.append(card)
        out += [Violation(v.check, f"pdf: {v.message}", v.cards) for v in check_pack(spec, pdf_cards)]
    count = sum(1 for p in (folder / "cards").glob("*.svg") if p.stem.isdigit())
    return FolderCheck(what, count, out)
