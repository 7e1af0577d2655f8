"""Hand-edited pack tables: CSV with columns ``number,ability``.

Reading is strict about form (one-line errors with the line number) and lax
about content: an ability naming a space off the mat still reads, so that the
pack check can say which card is wrong and why.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import read_file, show_path
from cardgen.rules.shared import Card, HasCode
from cardgen.units import whole_number

MAX_TABLE_BYTES = 5_000_000


def read_table(path: Path, parse: Callable[[str], HasCode]) -> list[Card[HasCode]]:
    """Cards from a CSV table; ``parse`` turns a printed ability into an ability object."""
    raw = read_file(path, limit=MAX_TABLE_BYTES, what="pack table")
    name = show_path(path)  # as it is named in every message below: one line, not too long
    if b"\x00" in raw:
        raise CardgenError(f"{name} is a binary file, not a CSV table")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise CardgenError(f"{name} line {line}: not UTF-8 text, so not a CSV table") from None
    if not text.strip():
        raise CardgenError(f"{name} is empty: wanted a CSV table with columns number,ability")
    rows = csv.reader(text.splitlines(), strict=True)
    try:
        header = [h.strip().lower() for h in next(rows)]
    except csv.Error as e:
        raise CardgenError(f"{name} line 1: not CSV ({e})") from None
    missing = [c for c in ("number", "ability") if c not in header]
    if missing:
        raise CardgenError(
            f"{name} line 1: missing column {', '.join(missing)} (the header must name number and ability)"
        )
    ni, ai = header.index("number"), header.index("ability")
    cards: list[Card[HasCode]] = []
    try:
        for line, row in enumerate(rows, start=2):
            if not row or all(not c.strip() for c in row):
                continue
            if len(row) <= max(ni, ai):
                raise CardgenError(f"{name} line {line}: wanted {len(header)} columns, found {len(row)}")
            number_text, ability_text = row[ni].strip(), row[ai].strip()
            try:
                number = whole_number(number_text, what="card number")
                ability = parse(ability_text)
            except CardgenError as e:
                raise CardgenError(f"{name} line {line}: {e}") from None
            cards.append(Card(number, ability))
    except csv.Error as e:
        raise CardgenError(f"{name} line {rows.line_num}: not CSV ({e})") from None
    if not cards:
        raise CardgenError(f"{name} has a header but no cards")
    return cards
