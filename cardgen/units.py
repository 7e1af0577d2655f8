"""Lengths, card sizes and paper sizes, parsed from what a user types. Pure.

>>> parse_length("3mm"), parse_length("1/8in"), parse_length("0.5cm"), parse_length("0")
(3.0, 3.175, 5.0, 0.0)
>>> parse_card("poker"), parse_card("2.5x3.5in"), parse_card("63x88")
((63.5, 88.9), (63.5, 88.9), (63.0, 88.0))
>>> parse_paper("Letter")
(215.9, 279.4)
"""

from __future__ import annotations

import re
from fractions import Fraction

from cardgen.errors import CardgenError

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, '"': 25.4, "pt": 25.4 / 72}

CARDS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),  # 2.5 × 3.5 in
    "bridge": (57.15, 88.9),  # 2.25 × 3.5 in
    "mini": (44.45, 63.5),  # 1.75 × 2.5 in
    "tarot": (69.85, 120.65),  # 2.75 × 4.75 in
}

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}

MAX_LENGTH = 1000.0  # mm; anything longer is a typo, not a card or a margin

_NUMBER = r"(\d+(?:\.\d*)?|\.\d+|\d+/\d+)"
_LENGTH = re.compile(rf"^\s*(-?)\s*{_NUMBER}\s*(mm|cm|in|\"|pt)?\s*$", re.IGNORECASE)
_SIZE = re.compile(rf"^\s*{_NUMBER}\s*(mm|cm|in)?\s*[x×*]\s*{_NUMBER}\s*(mm|cm|in)?\s*$", re.IGNORECASE)


def _number(text: str) -> float:
    return float(Fraction(text)) if "/" in text else float(text)


def parse_length(text: str, *, what: str = "length") -> float:
    """A length in mm from ``3mm``, ``1/8in``, ``0.3cm``, ``8pt`` or a bare number of mm."""
    m = _LENGTH.match(text)
    if not m:
        raise CardgenError(f"{what} {text!r} is not a length: write e.g. 3mm, 1/8in, 0.3cm")
    sign, number, unit = m.groups()
    try:
        value = _number(number) * MM_PER[(unit or "mm").lower()]
    except ZeroDivisionError:
        raise CardgenError(f"{what} {text!r} divides by zero") from None
    if sign:
        raise CardgenError(f"{what} {text!r} is negative: it must be 0 or more")
    if value > MAX_LENGTH:
        raise CardgenError(f"{what} {text!r} is absurdly large: at most {MAX_LENGTH:g}mm")
    return round(value, 4)


def parse_card(text: str) -> tuple[float, float]:
    """Card size (width, height) in mm: a name (poker, bridge, mini, tarot) or WxH with a unit."""
    key = text.strip().lower()
    if key in CARDS:
        return CARDS[key]
    m = _SIZE.match(text)
    if not m:
        names = ", ".join(CARDS)
        raise CardgenError(f"card size {text!r} is unknown: use {names}, or WxH like 63x88mm or 2.5x3.5in")
    w, wu, h, hu = m.groups()
    unit = (hu or wu or "mm").lower()
    width, height = (round(_number(v) * MM_PER[(u or unit).lower()], 4) for v, u in ((w, wu), (h, hu)))
    if not (10 <= width <= 400 and 10 <= height <= 400):
        raise CardgenError(f"card size {text!r} is out of range: each side 10mm to 400mm")
    return width, height


def parse_paper(text: str) -> tuple[float, float]:
    """Paper size (width, height) in mm, portrait: a4, letter, a3 or tabloid."""
    key = text.strip().lower()
    if key not in PAPERS:
        raise CardgenError(f"paper {text!r} is unknown: use {', '.join(PAPERS)}")
    return PAPERS[key]
