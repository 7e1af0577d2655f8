"""A pack folder's ``pack.csv`` against the faces its card SVGs show, and the other files beside
the cards. The table is ``rules.got.printed.table_rows``: ``number,ability`` (with a ``pack``
column when several packs are combined), a wild card's row ``W,wild``.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Collection, Sequence
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.proof.cards import MAX_REPORTED, TEXT_LIMIT, SvgCards, is_number
from cardgen.rules.got.printed import WILD_ABILITY, WILD_NUMBER, Shown
from cardgen.rules.shared import PackSpec, Violation, capped
from cardgen.units import shown


def check_files(folder: Path, names: Sequence[str], found: SvgCards, spec: PackSpec, packs: int = 1) -> list[Violation]:
    """The files beside the cards are there, and ``pack.csv`` lists the faces the SVGs show."""
    out: list[Violation] = []
    for name in names:
        try:
            raw = read_file(folder / name, limit=TEXT_LIMIT, what=name)
        except CardgenError as e:
            out.append(Violation("files", str(e) if (folder / name).exists() else f"{name} is missing"))
            continue
        if name == "pack.csv":
            unread = {n for stem in found.flagged - set(found.shows) if (n := _number(stem)) is not None}
            out += compare_table(raw, found.faces, spec, packs=packs, skip=unread)
    return out


def _number(stem: str) -> int | None:
    tail = stem.rsplit("-", 1)[-1]
    return int(tail) if is_number(tail) else None


def compare_table(
    raw: bytes, faces: Sequence[Shown], spec: PackSpec, *, packs: int = 1, skip: Collection[int] = ()
) -> list[Violation]:
    """``pack.csv`` against the faces read from the SVGs, row by row (``skip``: card numbers
    whose SVG could not be read, reported already)."""
    try:
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    except (UnicodeDecodeError, csv.Error) as e:
        return [Violation("files", f"pack.csv cannot be read: {e}")]
    header = ["number", "ability", *(["pack"] if packs > 1 else [])]
    if not rows or [c.strip() for c in rows[0]] != header:
        return [Violation("files", f"pack.csv does not start with its header {','.join(header)}")]
    table: dict[tuple[str, int], str] = {}
    wilds: Counter[str] = Counter()
    out: list[Violation] = []
    for line, row in enumerate(rows[1:], 2):
        if not row:
            continue
        cells = [c.strip() for c in row]
        mark = cells[2] if packs > 1 and len(cells) == 3 else ""
        if cells[:2] == [WILD_NUMBER, WILD_ABILITY] and len(cells) == len(header):
            wilds[mark] += 1
            continue
        if len(cells) != len(header) or not is_number(cells[0]) or len(cells[0]) > 9:
            out.append(Violation("files", f"pack.csv line {line} is not a card: {shown(','.join(row), 40)}"))
            continue
        n = int(cells[0])
        if (mark, n) in table:
            out.append(Violation("files", f"pack.csv lists card {n}{_of(mark)} twice", (n,)))
        table[(mark, n)] = cells[1]
    differ: list[Violation] = []
    seen: Counter[str] = Counter()
    for face in faces:
        if face.card is None:
            seen[face.mark] += 1
            continue
        c, key = face.card, (face.mark, face.card.number)
        if key not in table:
            differ.append(Violation("files", f"pack.csv has no row for card {c.number}{_of(face.mark)}", (c.number,)))
            continue
        said = table.pop(key)
        try:
            same = spec.parse_ability(said) == c.ability
        except CardgenError:
            same = False
        if not same:
            message = f"pack.csv says card {c.number}{_of(face.mark)} is {shown(said, 20)}, but its SVG shows {c.ability.code}"
            differ.append(Violation("files", message, (c.number,)))
    for mark, n in sorted(k for k in table if k[1] not in skip):
        differ.append(Violation("files", f"pack.csv lists card {n}{_of(mark)}, which no card SVG holds", (n,)))
    for mark in sorted(set(wilds) | set(seen)):
        if wilds[mark] != seen[mark]:
            whose = f"of pack {mark} " if mark else ""
            message = f"pack.csv lists {wilds[mark]} wild cards {whose}but the SVGs show {seen[mark]}"
            differ.append(Violation("files", message))
    return out + capped(differ, MAX_REPORTED, lambda k, c: Violation("files", f"pack.csv: and {k} more rows differ", c))


def _of(mark: str) -> str:
    return f" of pack {mark}" if mark else ""
