"""Print options shared by every command, parsed and validated in one place. Pure.

>>> o = print_options(card="poker", paper="letter", bleed="1/8in")
>>> o.card, o.paper, o.bleed, o.margin
((63.5, 88.9), (215.9, 279.4), 3.175, 5.0)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.units import parse_card, parse_length, parse_paper

MAX_TITLE = 80
MAX_BLEED = 12.7  # half an inch is already far more than any shop asks for


@dataclass(frozen=True)
class PrintOptions:
    card: tuple[float, float]
    paper: tuple[float, float]
    paper_name: str
    bleed: float
    margin: float
    gutter: float
    title: str


def clean_title(title: str) -> str:
    """A title is plain text: one line, printable, not too long. Markup stays visible text."""
    title = title.strip()
    if len(title) > MAX_TITLE:
        raise CardgenError(f"title is {len(title)} characters long: at most {MAX_TITLE}")
    bad = [ch for ch in title if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")]
    if bad:
        raise CardgenError(f"title contains a control or unprintable character {bad[0]!r}: use plain text")
    return title


def print_options(
    *,
    card: str = "poker",
    paper: str = "a4",
    bleed: str = "0",
    margin: str = "5mm",
    gutter: str = "0",
    title: str = "",
) -> PrintOptions:
    size = parse_card(card)
    sheet = parse_paper(paper)
    b = parse_length(bleed, what="bleed")
    if b > MAX_BLEED:
        raise CardgenError(f"bleed {bleed!r} is too large: at most {MAX_BLEED:g}mm (print shops ask for 3mm)")
    m = parse_length(margin, what="margin")
    if m * 2 >= min(sheet):
        raise CardgenError(f"margin {margin!r} leaves no printable area on {paper} paper")
    g = parse_length(gutter, what="gutter")
    return PrintOptions(size, sheet, paper.strip().lower(), b, m, g, clean_title(title))
