"""How to print what was laid out: the line every build command ends with. Pure.

A home printer's driver scales to "fit" unless told otherwise, which shrinks every card by a
few per cent, so the line always says 100 % (actual size). Sheets with backs are flipped about
the sheet's vertical axis as you look at it: the long edge of a portrait sheet, the short
edge of a landscape one (``impose.sheets`` lays the backs for that flip).

>>> how_to_print(paper="a4", orientation="portrait", sides="duplex")
"on A4 paper at 100 % (actual size, not 'fit to page'), double-sided, flipping on the long edge"
>>> how_to_print(paper="letter", orientation="landscape", sides="one")
"on US Letter paper at 100 % (actual size, not 'fit to page'), one-sided"
"""

from __future__ import annotations

from typing import Literal

Sides = Literal["one", "duplex", "either", "fold"]

PAPERS = {"a4": "A4", "letter": "US Letter", "a3": "A3", "tabloid": "Tabloid (11 × 17 in)"}
SIDES = {
    "one": "one-sided",
    "either": "one- or double-sided",
    "fold": "one-sided, then fold each sheet on its dashed line",
}


def flip_edge(orientation: str) -> str:
    """The paper edge to flip on for duplex backs: ``long`` for portrait sheets, ``short`` for landscape."""
    return "long" if orientation == "portrait" else "short"


def how_to_print(*, paper: str, orientation: str, sides: Sides) -> str:
    """``on <paper> paper at 100 % ..., <sides>``: how to print a PDF (a command names the file)."""
    how = SIDES.get(sides) or f"double-sided, flipping on the {flip_edge(orientation)} edge"
    return f"on {PAPERS.get(paper, paper)} paper at 100 % (actual size, not 'fit to page'), {how}"
