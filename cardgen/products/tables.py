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
from cardgen.rules.check import Card, HasCode

MAX_TABLE_BYTES = 5_000_000


def read_table(path: Path, parse: Callable[[str], HasCode]) -> list[Card[HasCode]]:
    """Cards from a CSV table; ``parse`` turns a printed ability into an ability object."""
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise CardgenError(f"{path} is a folder; give a table (CSV) or a folder written by cardgen pack") from None
    except OSError as e:
        raise CardgenError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_TABLE_BYTES:
        raise CardgenError(f"{path}: {len(raw)} bytes is too large for a pack table")
    if b"\x00" in raw:
        raise CardgenError(f"{path} is a binary file, not a CSV table")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise CardgenError(f"{path} line {line}: not UTF-8 text, so not a CSV table") from None
    if not text.strip():
        raise CardgenError(f"{path} is empty: wanted a CSV table with columns number,ability")
    rows = csv.reader(text.splitlines(), strict=True)
    try:
        header = [h.strip().lower() for h in next(rows)]
    except csv.Error as e:
        raise CardgenError(f"{path} line 1: not CSV ({e})") from None
    missing = [c for c in ("number", "ability") if c not in header]
    if missing:
        raise CardgenError(
            f"{path} line 1: missing column {', '.join(missing)} (the header must name number and ability)"
        )
    ni, ai = header.index("number"), header.index("ability")
    cards: list[Card[HasCode]] = []
    try:
        for line, row in enumerate(rows, start=2):
            if not row or all(not c.strip() for c in row):
                continue
            if len(row) <= max(ni, ai):
                raise CardgenError(f"{path} line {line}: wanted {len(header)} columns, found {len(row)}")
            number_text, ability_text = row[ni].strip(), row[ai].strip()
            if not number_text.isdigit():
                raise CardgenError(f"{path} line {line}: card number {number_text!r} is not a whole number")
            try:
                ability = parse(ability_text)
            except CardgenError as e:
                raise CardgenError(f"{path} line {line}: {e}") from None
            cards.append(Card(int(number_text), ability))
    except csv.Error as e:
        raise CardgenError(f"{path} line {rows.line_num}: not CSV ({e})") from None
    if not cards:
        raise CardgenError(f"{path} has a header but no cards")
    return cards
