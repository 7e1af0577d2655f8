"""The type system every product sets its words and numbers in: two families and one scale.

Families (``layout.shapes.Family``), both shipped in the package and embedded in every file:

- ``"sans"``, **Atkinson Hyperlegible** (SIL Open Font License), for titles, headings, prose,
  forms, backs, labels and captions. It was drawn by the Braille Institute for readers with low
  vision: letters that are easily confused elsewhere are made distinct (I, l and 1; 0 and O; b,
  d, p and q are not mirror images), counters are open and the x-height is generous, which is
  what small type on a card, a 6 pt sheet label or a pencilled score sheet needs.
- ``"mono"``, **DejaVu Sans Mono**, for what a player and ``cardgen check`` read as data: the
  ability codes and arrows (A↔B, A→X), and any text the sans family has no letter for
  (``shapes.drawn_family``).

Sizes come from one scale, a ratio of 1.2 (a minor third) up from 6 pt, the smallest type
cardgen prints: ``step(k)`` is the k-th size, in mm as shapes take them. A product names the
step it wants (``LABEL``, ``NOTE``, ``BODY`` …), or, where a size must fit a space, takes the
largest step that fits (``fitting``), so that type sizes repeat from product to product and
never drift by tenths of a point.

>>> [round(step(k) / PT, 1) for k in range(8)]
[6.0, 7.2, 8.6, 10.4, 12.4, 14.9, 17.9, 21.5]
>>> round(fitting(5.0) / PT, 1), round(fitting(0.5) / PT, 1)
(12.4, 6.0)
"""

from __future__ import annotations

from cardgen.layout.shapes import Family, Typeface, text_width

PT = 25.4 / 72  # mm per point
BASE_PT = 6.0  # the smallest step: no text cardgen prints is smaller (a sheet's label, a hint)
RATIO = 1.2
STEPS = 20  # up to about 190 pt, past the number on a tarot card


def step(k: int) -> float:
    """The ``k``-th size of the scale, in mm (0: 6 pt)."""
    return round(BASE_PT * RATIO**k * PT, 3)


SCALE = tuple(step(k) for k in range(STEPS))

# The named steps products use.
LABEL = step(0)  # 6 pt: a sheet's label, a hint, a glue tab
NOTE = step(1)  # 7.2 pt: captions, notes under a heading, a tile's word
BODY = step(2)  # 8.6 pt: a form's words, a card's small lines
LEAD = step(3)  # 10.4 pt: a form's column heads and names
SUBHEAD = step(4)  # 12.4 pt
HEAD = step(5)  # 14.9 pt: a form's or mat's title
TITLE = step(6)  # 17.9 pt


def fitting(size: float) -> float:
    """The largest step no larger than ``size`` (mm); the smallest step if none is."""
    best = SCALE[0]
    for s in SCALE:
        if s <= size + 1e-9:
            best = s
    return best


def fit_step(
    text: str,
    largest: float,
    max_width: float,
    *,
    family: Family = "sans",
    bold: bool = False,
    font: Typeface | None = None,
) -> float:
    """The largest step, up to ``largest``, at which ``text`` is no wider than ``max_width``
    (the smallest step if even that is wider: the caller says so, or wraps)."""
    for s in reversed(SCALE):
        if s <= largest + 1e-9 and text_width(text, s, font, bold, family) <= max_width:
            return s
    return SCALE[0]


_TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_otherwise_turned(number: str) -> bool:
    """True when ``number`` turned 180° reads as a different number (6 and 9, 68, 86 ...).

    Such numbers get an underline, as on playing cards, since these cards are
    double-ended and are as often seen upside down as not.

    >>> [n for n in range(1, 100) if reads_otherwise_turned(str(n))]
    [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99]
    """
    if any(d not in _TURNED_DIGITS for d in number):
        return False
    upside = "".join(_TURNED_DIGITS[d] for d in reversed(number))
    return upside != number and not upside.startswith("0")
