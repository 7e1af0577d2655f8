"""Lengths, card sizes and paper sizes, parsed from what a user types. Pure.

>>> parse_length("3mm"), parse_length("1/8in"), parse_length("0.5cm"), parse_length("0")
(3.0, 3.175, 5.0, 0.0)
>>> parse_card("poker"), parse_card("2.5x3.5in"), parse_card("63x88")
((63.5, 88.9), (63.5, 88.9), (63.0, 88.0))
>>> parse_paper("Letter")
(215.9, 279.4)
>>> whole_number("42", what="copies"), whole_number(" 007 ", what="card number")
(42, 7)
"""

from __future__ import annotations

import re
import unicodedata
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

PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}  # as people write them

MAX_LENGTH = 1000.0  # mm; anything longer is a typo, not a card or a margin
MAX_DIGITS = 30  # digits in any number a user types; longer is a typo (and far below int's str limit)
SHOWN = 60  # characters of a user's text quoted back in an error message
MAX_TITLE = 80  # characters of a title printed on every card

# ASCII digits only ([0-9], not \d: "１２" and other Unicode digits are refused, not guessed at),
# and a bounded count of them, so no number a user types is ever slow to convert.
_D = rf"[0-9]{{1,{MAX_DIGITS}}}"
_NUMBER = rf"({_D}(?:\.[0-9]{{0,{MAX_DIGITS}}})?|\.{_D}|{_D}/{_D})"
_LENGTH = re.compile(rf"^\s*(-?)\s*{_NUMBER}\s*(mm|cm|in|\"|pt)?\s*$", re.IGNORECASE)
_SIZE = re.compile(rf"^\s*{_NUMBER}\s*(mm|cm|in)?\s*[x×*]\s*{_NUMBER}\s*(mm|cm|in)?\s*$", re.IGNORECASE)
_WHOLE = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def shown(text: str, limit: int = SHOWN) -> str:
    """``text`` quoted for a one-line message: control characters escaped, a long text cut in the middle.

    >>> shown("63x88mm")
    "'63x88mm'"
    >>> shown("1" * 5000)
    "'1111111111111111111111111…1111111111111111111111111' (5000 characters)"
    >>> shown("a\\nb")
    "'a\\\\nb'"
    """
    if len(text) <= limit:
        return repr(text)
    half = (limit - 10) // 2
    return f"{text[:half]!r}"[:-1] + "…" + f"{text[-half:]!r}"[1:] + f" ({len(text)} characters)"


def whole_number(text: str, *, what: str, lo: int = 0, hi: int = 10**9) -> int:
    """A whole number typed by a user: ASCII digits only, ``lo`` to ``hi``.

    Signs, exponents, decimal points, superscripts and other Unicode digits are refused
    with one line naming ``what``; so is a number of more than ``MAX_DIGITS`` digits, before
    any conversion is tried.

    >>> whole_number("12", what="census", lo=2, hi=26)
    12
    >>> whole_number("¹²", what="card number")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: card number '¹²' is not a whole number (digits 0-9 only)
    >>> whole_number("1e3", what="pack size")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: pack size '1e3' is not a whole number (digits 0-9 only)
    >>> whole_number("27", what="census", lo=2, hi=26)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: census 27 is out of range: 2 to 26
    """
    if not isinstance(text, str):
        raise CardgenError(f"{what} {shown(repr(text))} is not a whole number (digits 0-9 only)")
    digits = text.strip()
    if len(digits) > MAX_DIGITS and digits.isascii() and digits.isdigit():
        raise CardgenError(f"{what} {shown(text)} is too long: {len(digits)} digits, at most {MAX_DIGITS}")
    if not _WHOLE.fullmatch(digits):
        raise CardgenError(f"{what} {shown(text)} is not a whole number (digits 0-9 only)")
    value = int(digits)
    if not lo <= value <= hi:
        raise CardgenError(f"{what} {value} is out of range: {lo} to {hi}")
    return value


def _number(text: str) -> float:
    return float(Fraction(text)) if "/" in text else float(text)


def parse_length(text: str, *, what: str = "length") -> float:
    """A length in mm from ``3mm``, ``1/8in``, ``0.3cm``, ``8pt`` or a bare number of mm."""
    m = _LENGTH.match(text)
    if not m:
        raise CardgenError(f"{what} {shown(text)} is not a length: write e.g. 3mm, 1/8in, 0.3cm")
    sign, number, unit = m.groups()
    try:
        value = _number(number) * MM_PER[(unit or "mm").lower()]
    except ZeroDivisionError:
        raise CardgenError(f"{what} {shown(text)} divides by zero") from None
    if sign:
        raise CardgenError(f"{what} {shown(text)} is negative: it must be 0 or more")
    if value > MAX_LENGTH:
        raise CardgenError(f"{what} {shown(text)} is absurdly large: at most {MAX_LENGTH:g}mm")
    return round(value, 4)


def parse_card(text: str) -> tuple[float, float]:
    """Card size (width, height) in mm: a name (poker, bridge, mini, tarot) or WxH with a unit."""
    key = text.strip().lower()
    if key in CARDS:
        return CARDS[key]
    m = _SIZE.match(text)
    if not m:
        names = ", ".join(CARDS)
        raise CardgenError(f"card size {shown(text)} is unknown: use {names}, or WxH like 63x88mm or 2.5x3.5in")
    w, wu, h, hu = m.groups()
    unit = (hu or wu or "mm").lower()
    try:
        width, height = (round(_number(v) * MM_PER[(u or unit).lower()], 4) for v, u in ((w, wu), (h, hu)))
    except ZeroDivisionError:
        raise CardgenError(f"card size {shown(text)} divides by zero") from None
    if not (10 <= width <= 400 and 10 <= height <= 400):
        raise CardgenError(f"card size {shown(text)} is out of range: each side 10mm to 400mm")
    return width, height


def size_text(size: tuple[float, float]) -> str:
    """A size as a message and a folder name write it: ``63.5x88.9mm``.

    >>> size_text((36.0, 50.0)), size_text((63.5, 88.9))
    ('36x50mm', '63.5x88.9mm')
    """
    return f"{size[0]:g}x{size[1]:g}mm"


def card_at_least(card: tuple[float, float], least: tuple[float, float], what: str) -> None:
    """Refuse, in one line naming the minimum, a card narrower or shorter than ``least``: the
    smallest card ``what`` (a product, with its article) draws legibly (its type at 6 pt and up,
    no text over text, nothing outside the card).

    >>> card_at_least((18.0, 25.0), (36.0, 50.0), "a Game of Trains variant pack")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: card 18x25mm is too small for a Game of Trains variant pack: at least 36x50mm
    >>> card_at_least((36.0, 50.0), (36.0, 50.0), "a Game of Trains variant pack")
    """
    if card[0] < least[0] - 1e-9 or card[1] < least[1] - 1e-9:
        raise CardgenError(f"card {size_text(card)} is too small for {what}: at least {size_text(least)}")


def parse_paper(text: str) -> tuple[float, float]:
    """Paper size (width, height) in mm, portrait: a4, letter, a3 or tabloid."""
    key = text.strip().lower()
    if key not in PAPERS:
        raise CardgenError(f"paper {shown(text)} is unknown: use {', '.join(PAPERS)}")
    return PAPERS[key]


def clean_title(title: str) -> str:
    """A title is plain text: one line, printable, not too long. Markup stays visible text."""
    title = title.strip()
    if len(title) > MAX_TITLE:
        raise CardgenError(f"title is {len(title)} characters long: at most {MAX_TITLE}")
    bad = [ch for ch in title if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")]
    if bad:
        raise CardgenError(f"title contains a control or unprintable character {bad[0]!r}: use plain text")
    return title
