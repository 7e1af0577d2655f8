"""Number-based abilities (seed 002, §9): *cardgen's development of §9*.

The seed names the idea (abilities that depend on the numbers printed on the
cards, such as "remove the lowest even-numbered card"), the 2D idea (abilities
combining location and value) and the contingency problem (such an ability may
be impossible), but its list of examples is lost. The two small families below
are cardgen's own development of §9, not the seed's text.

For the linear game (``dims == 1``):

======  ===========  ================================================================
code    label        description
======  ===========  ================================================================
#HI     ``HI→X``     remove the highest-numbered card; replace it from the draw pile
#LO     ``LO→X``     remove the lowest-numbered card; replace it from the draw pile
#LEV    ``LO EV→X``  remove the lowest even-numbered card; replace it from the draw pile
#HOD    ``HI OD→X``  remove the highest odd-numbered card; replace it from the draw pile
#HL     ``HI↔LO``    swap the highest-numbered and the lowest-numbered cards
======  ===========  ================================================================

For the 3×3 game, one category, ``number`` (``dims == 2``): the player chooses
the row (or column), the numbers choose the card(s) in it.

======  ===========  ================================================================
#RHI    ``R:HI→X``   remove the highest card of the row of the player's choice
#CHI    ``C:HI→X``   remove the highest card of the column of the player's choice
#RHL    ``R:HI↔LO``  swap the highest and lowest cards of the row of the player's choice
#CHL    ``C:HI↔LO``  swap the highest and lowest cards of the column of the player's choice
======  ===========  ================================================================

Codes start with ``#``, so none can be read as a positional code (``AB``,
``AX``, ``AD-BE``). Labels are at most seven characters.

>>> HIGHEST.code, HIGHEST.label, HIGHEST.kind
('#HI', 'HI→X', 'number')
>>> parse("lo ev->x") is LOWEST_EVEN, parse("#hl") is HIGH_LOW
(True, True)
>>> designate(LOWEST_EVEN, (53, 7, 45, 9, 50, 27, 56))   # 50 is the lowest even card: space E
(4,)
>>> designate(LOWEST_EVEN, (53, 7, 45, 9, 51, 27, 57)) is None   # no even card: impossible
True
>>> apply(HIGH_LOW, (70, 69, 68, 63, 34, 31, 20))
(20, 69, 68, 63, 34, 31, 70)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import space_letter
from cardgen.rules.got.sequences import Card, format_sequence

__all__ = [
    "DECISIONS",
    "FAMILY",
    "GRID_CATEGORY",
    "GRID_FAMILY",
    "NumberAbility",
    "apply",
    "apply_grid",
    "designate",
    "designate_grid",
    "parse",
    "possible",
]

Pick = Literal["highest", "lowest", "lowest-even", "highest-odd", "highest-lowest"]
Axis = Literal["row", "col"]
GridCell = tuple[int, int]

DECISIONS: tuple[str, ...] = (
    "These number abilities are cardgen's own: the rules suggest the idea, not a list.",
    "An ability that cannot be carried out may not be chosen: it is simply not a legal move.",
    "A number ability that picks a frozen card cannot be carried out; it does not pick another card instead.",
    "A wild card has no number: a number ability never picks it and never counts it.",
    "When several cards tie for highest or lowest (repeated numbers), the leftmost one is picked (the topmost in a column).",
    "Swapping the highest and lowest cards needs two cards with different numbers.",
    "A removal's card goes to the discard pile and its space is filled from the draw pile.",
    "In the 3×3 game the player chooses the row or column; the numbers then choose the card or cards in it.",
)


@dataclass(frozen=True)
class NumberAbility:
    """An ability that picks its cards by their numbers (§9, cardgen's development).

    ``action`` is ``"remove"`` (the picked card goes, replaced from the draw
    pile) or ``"swap"`` (the two picked cards change places). ``axis`` is the
    kind of line the player chooses in the 3×3 game (None for the linear game).
    """

    code: str
    label: str
    description: str
    action: Literal["remove", "swap"]
    pick: Pick
    axis: Axis | None = None

    @property
    def kind(self) -> str:
        """``"number"``: what kind of ability this is (positional ones are swap/remove/rotate)."""
        return "number"

    @property
    def category(self) -> str:
        """The 2D category name (``"number"``), as ``GridAbility.category``; the same for linear ones."""
        return GRID_CATEGORY

    @property
    def dims(self) -> int:
        """1 for the linear game, 2 for the 3×3 game."""
        return 1 if self.axis is None else 2


GRID_CATEGORY = "number"

HIGHEST = NumberAbility(
    "#HI", "HI→X", "remove the highest-numbered card; replace it from the draw pile", "remove", "highest"
)
LOWEST = NumberAbility(
    "#LO", "LO→X", "remove the lowest-numbered card; replace it from the draw pile", "remove", "lowest"
)
LOWEST_EVEN = NumberAbility(
    "#LEV", "LO EV→X", "remove the lowest even-numbered card; replace it from the draw pile", "remove", "lowest-even"
)
HIGHEST_ODD = NumberAbility(
    "#HOD", "HI OD→X", "remove the highest odd-numbered card; replace it from the draw pile", "remove", "highest-odd"
)
HIGH_LOW = NumberAbility(
    "#HL", "HI↔LO", "swap the highest-numbered and the lowest-numbered cards", "swap", "highest-lowest"
)
ROW_HIGHEST = NumberAbility(
    "#RHI", "R:HI→X", "remove the highest card of the row of the player's choice", "remove", "highest", "row"
)
COL_HIGHEST = NumberAbility(
    "#CHI", "C:HI→X", "remove the highest card of the column of the player's choice", "remove", "highest", "col"
)
ROW_HIGH_LOW = NumberAbility(
    "#RHL",
    "R:HI↔LO",
    "swap the highest and lowest cards of the row of the player's choice",
    "swap",
    "highest-lowest",
    "row",
)
COL_HIGH_LOW = NumberAbility(
    "#CHL",
    "C:HI↔LO",
    "swap the highest and lowest cards of the column of the player's choice",
    "swap",
    "highest-lowest",
    "col",
)

FAMILY: tuple[NumberAbility, ...] = (HIGHEST, LOWEST, LOWEST_EVEN, HIGHEST_ODD, HIGH_LOW)
"""The linear game's number abilities, in the order a pack adds them to each block."""
GRID_FAMILY: tuple[NumberAbility, ...] = (ROW_HIGHEST, COL_HIGHEST, ROW_HIGH_LOW, COL_HIGH_LOW)
"""The 3×3 game's ``number`` category, in the order a pack adds them to each block."""


def _key(text: str) -> str:
    squeezed = "".join(text.split()).upper()
    return squeezed.replace("<->", "↔").replace("->", "→")


_INDEX: dict[str, NumberAbility] = {_key(t): a for a in FAMILY + GRID_FAMILY for t in (a.code, a.label)}


def parse(text: str) -> NumberAbility:
    """The number ability whose code or label is ``text`` (any case, spaces ignored, ``->`` for ``→``).

    >>> parse("R:HI<->LO").code
    '#RHL'
    >>> parse("AB")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: 'AB' is not a number ability: choose from #HI, #LO, #LEV, #HOD, #HL, #RHI, #CHI, #RHL, #CHL
    """
    found = _INDEX.get(_key(text))
    if found is None:
        codes = ", ".join(a.code for a in FAMILY + GRID_FAMILY)
        raise CardgenError(f"{text.strip()!r} is not a number ability: choose from {codes}")
    return found


# ---------------------------------------------------------------- picking cards by number


def _pick(pick: Pick, cards: Sequence[Card]) -> tuple[int, ...] | None:
    """Indices (into ``cards``) of the card(s) ``pick`` chooses, or None when there are none."""
    numbered = [(i, card) for i, card in enumerate(cards) if isinstance(card, int)]  # a wild has no number
    if pick == "lowest-even":
        numbered = [(i, card) for i, card in numbered if card % 2 == 0]
    elif pick == "highest-odd":
        numbered = [(i, card) for i, card in numbered if card % 2 == 1]
    if not numbered:
        return None
    best_hi, hi = best_lo, lo = numbered[0]
    for i, card in numbered:  # strict comparisons: the leftmost of equal cards stays picked
        if card > hi:
            best_hi, hi = i, card
        if card < lo:
            best_lo, lo = i, card
    if pick in ("highest", "highest-odd"):
        return (best_hi,)
    if pick in ("lowest", "lowest-even"):
        return (best_lo,)
    if hi == lo:
        return None  # all equal: nothing to swap
    return (min(best_hi, best_lo), max(best_hi, best_lo))


def designate(ability: NumberAbility, seq: Sequence[Card]) -> tuple[int, ...] | None:
    """The spaces (0-based, in order) ``ability`` acts on in ``seq``, or None if it cannot be carried out.

    >>> designate(HIGHEST, (8, 64, 72, 62, 24, 3, 17)), designate(HIGH_LOW, (8, 64, 72, 62, 24, 3, 17))
    ((2,), (2, 5))
    >>> designate(HIGHEST_ODD, (8, 64, 72, 62, 24, 4, 18)) is None
    True
    """
    if ability.axis is not None:
        raise CardgenError(f"{ability.code} is for the 3×3 game: it needs a row or column chosen")
    return _pick(ability.pick, seq)


def possible(ability: NumberAbility, seq: Sequence[Card], frozen: Collection[int] = frozenset()) -> bool:
    """Whether ``ability`` can be carried out on ``seq`` with the spaces in ``frozen`` frozen (§11).

    >>> possible(HIGHEST, (8, 64, 72), frozen={2}), possible(LOWEST, (8, 64, 72), frozen={2})
    (False, True)
    """
    spaces = designate(ability, seq)
    return spaces is not None and not any(s in frozen for s in spaces)


def _why_not(ability: NumberAbility) -> str:
    return {
        "lowest-even": "there is no even-numbered card",
        "highest-odd": "there is no odd-numbered card",
        "highest-lowest": "it needs two cards with different numbers",
    }.get(ability.pick, "there is no numbered card")


def apply(
    ability: NumberAbility,
    seq: Sequence[Card],
    *,
    draw: Card | None = None,
    frozen: Collection[int] = frozenset(),
) -> tuple[Card, ...]:
    """``seq`` after ``ability``; a removal puts ``draw`` in the emptied space.

    >>> apply(LOWEST_EVEN, (53, 7, 45, 9, 50, 27, 56), draw=11)
    (53, 7, 45, 9, 11, 27, 56)
    >>> apply(HIGHEST_ODD, (8, 64, 72, 62, 24, 4, 18), draw=11)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: HI OD→X cannot be carried out on 8-64-72-62-24-4-18: there is no odd-numbered card
    >>> apply(HIGHEST, (8, 64, 72), draw=11, frozen={2})
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: HI→X would move the frozen card at space C
    """
    spaces = designate(ability, seq)
    if spaces is None:
        raise CardgenError(f"{ability.label} cannot be carried out on {format_sequence(seq)}: {_why_not(ability)}")
    hit = [space_letter(s) for s in spaces if s in frozen]
    if hit:
        raise CardgenError(f"{ability.label} would move the frozen card at space {' and '.join(hit)}")
    return _carry_out(ability, list(seq), list(range(len(seq))), spaces, draw)


def _carry_out(
    ability: NumberAbility, cards: list[Card], where: list[int], picked: tuple[int, ...], draw: Card | None
) -> tuple[Card, ...]:
    """Apply to ``cards`` (flat); ``picked`` indexes ``where``, which maps a line position to a flat index."""
    if ability.action == "remove":
        if draw is None:
            raise CardgenError(f"{ability.label} needs the card drawn to replace the one removed")
        cards[where[picked[0]]] = draw
    else:
        if draw is not None:
            raise CardgenError(f"{ability.label} is a swap and draws no card")
        a, b = where[picked[0]], where[picked[1]]
        cards[a], cards[b] = cards[b], cards[a]
    return tuple(cards)


# ---------------------------------------------------------------- the 3×3 game


def _line(ability: NumberAbility, shape: tuple[int, int], choice: int | str) -> list[GridCell]:
    rows, cols = shape
    axis = ability.axis
    if axis is None:
        raise CardgenError(f"{ability.code} is for the linear game: it takes no row or column")
    count = rows if axis == "row" else cols
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: rows + cols]
    own = letters[:rows] if axis == "row" else letters[rows:]
    if isinstance(choice, str):
        index = own.find(choice.strip().upper()) if len(choice.strip()) == 1 else -1
    else:
        index = choice if type(choice) is int else -1
    if not 0 <= index < count:
        what = "row" if axis == "row" else "column"
        raise CardgenError(f"{ability.code} needs a {what} of the mat ({', '.join(own)}); got {choice!r}")
    return [(index, c) for c in range(cols)] if axis == "row" else [(r, index) for r in range(rows)]


def designate_grid(
    ability: NumberAbility, arrangement: Sequence[Sequence[Card]], choice: int | str
) -> tuple[GridCell, ...] | None:
    """The cells ``ability`` acts on in the chosen row or column (index or letter), or None if impossible.

    >>> start = ((9, 8, 7), (6, 5, 4), (3, 2, 1))
    >>> designate_grid(ROW_HIGHEST, start, "B"), designate_grid(COL_HIGH_LOW, start, "F")
    (((1, 0),), ((0, 2), (2, 2)))
    """
    shape = (len(arrangement), len(arrangement[0]) if arrangement else 0)
    line = _line(ability, shape, choice)
    picked = _pick(ability.pick, [arrangement[r][c] for r, c in line])
    return None if picked is None else tuple(line[i] for i in picked)


def apply_grid(
    ability: NumberAbility,
    arrangement: Sequence[Sequence[Card]],
    *,
    choice: int | str,
    draw: Card | None = None,
    frozen: Collection[GridCell] = frozenset(),
) -> tuple[tuple[Card, ...], ...]:
    """``arrangement`` after ``ability`` on the row or column ``choice`` (0-based index or letter).

    >>> start = ((9, 8, 7), (6, 5, 4), (3, 2, 1))
    >>> apply_grid(ROW_HIGH_LOW, start, choice="A")
    ((7, 8, 9), (6, 5, 4), (3, 2, 1))
    >>> apply_grid(COL_HIGHEST, start, choice=0, draw=40)
    ((40, 8, 7), (6, 5, 4), (3, 2, 1))
    """
    rows = len(arrangement)
    cols = len(arrangement[0]) if rows else 0
    if rows == 0 or cols == 0 or any(len(r) != cols for r in arrangement):
        raise CardgenError("an arrangement must be a non-empty rectangle of cards")
    line = _line(ability, (rows, cols), choice)
    cards = [card for row in arrangement for card in row]
    picked = _pick(ability.pick, [cards[r * cols + c] for r, c in line])
    if picked is None:
        raise CardgenError(f"{ability.label} cannot be carried out in that line: {_why_not(ability)}")
    hit = [line[i] for i in picked if line[i] in frozen]
    if hit:
        raise CardgenError(f"{ability.label} would move the frozen card at {hit[0]}")
    flat = _carry_out(ability, cards, [r * cols + c for r, c in line], picked, draw)
    return tuple(flat[r * cols : (r + 1) * cols] for r in range(rows))
