"""The two-dimensional Game of Trains (seed 002, §8): mat, abilities, packs.

The mat has three rows A, B, C and three columns D, E, F; a space is named by
its row letter then its column letter (``AD`` top left, ``BF`` centre right).
A cell is the same space as a 0-based ``(row, col)`` pair. Other R×C mats
letter their rows first and their columns after them (a 4×3 mat has rows
A–D, columns E–G), so R + C ≤ 26.

Code and label scheme
---------------------
Every ability has a ``code`` (ASCII, unique across all 16 categories, used in
pack tables; ``*`` stands for the letter the player chooses, ``X`` for the draw
pile) and a ``label`` (the text printed on the card face):

=====================  ==========  ==========================
category               code        label
=====================  ==========  ==========================
row/col/diag-swap      ``AD-AE``   ``AD↔AE``
row-rotate             ``A>  A<``  ``row A: rotate →`` / ``←``
col-rotate             ``Dv  D^``  ``col D: rotate ↓`` / ``↑``
remove                 ``AD-X``    ``AD→X``
any-row-swap           ``A*-A*``   ``row A: swap any 2``
any-col-swap           ``*D-*D``   ``col D: swap any 2``
row-pair-swap          ``*D-*E``   ``any row: swap D↔E``
col-pair-swap          ``A*-B*``   ``any col: swap A↔B``
h-rotate               ``*>  *<``  ``any row: rotate →`` / ``←``
v-rotate               ``*v  *^``  ``any col: rotate ↓`` / ``↑``
row-rotate-either      ``A<>``     ``row A: rotate ←/→``
col-rotate-either      ``D^v``     ``col D: rotate ↑/↓``
row-remove             ``A*-X``    ``row A: remove 1``
col-remove             ``*D-X``    ``col D: remove 1``
=====================  ==========  ==========================

Swaps keep the seed's printed order (``AF↔AD``, not ``AD↔AF``);
``GridPack.parse_ability`` reads either order, either form, any case, with or
without spaces, and ``<->``/``->`` for ``↔``/``→``.

Rotation direction follows the seed's arrows: "rotating right: AD → AE → AF →
AD" moves the card at AD to AE, the card at AE to AF and the card at AF to AD.

>>> mat = GridMat()
>>> mat.space((1, 2)), mat.cell("BF")
('BF', (1, 2))
>>> [c.size for c in CATEGORIES.values()]
[9, 9, 18, 6, 6, 9, 3, 3, 3, 3, 2, 2, 3, 3, 3, 3]
>>> pack = GridPack(DEFAULT_CATEGORIES)
>>> pack.size, pack.copies, pack.block
(78, 2, 39)
>>> pack.card(1).ability.label, pack.card(40).ability.code
('AD↔AE', 'AD-AE')

Playing the game (applying abilities, winning, starting arrangements) is in
``cardgen.rules.got.grid_play``.

Beyond the seed's 16 categories a pack may choose ``number`` (short ``num``): §9's number
abilities for the 3×3 game (``rules.got.number_abilities.GRID_FAMILY``, cardgen's development: the player
chooses the row or column, the numbers choose the card or cards in it). ``PACK_CATEGORIES``
holds all 17; ``CATEGORIES`` stays the seed's 16.

>>> pack = GridPack("row-swap,col-swap,number", 1)
>>> pack.block, pack.slug, pack.card(19).ability.label
(22, 'got-2d-rs-cs-num-copies-1', 'R:HI→X')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.rules.got.grid_mat import (
    AXIS_NAME,
    CHOSEN,
    DEFAULT_MAT,
    LETTERS,
    MIN_LINE,
    REMOVAL_ARROW,
    REMOVAL_MARK,
    SWAP_ARROW,
    TARGET_SIZE,
    Action,
    Arrangement,
    Axis,
    Category,
    Cell,
    CellRef,
    Choice,
    ChoiceKind,
    GridAbility,
    GridMat,
)
from cardgen.rules.got.number_abilities import GRID_CATEGORY, GRID_FAMILY, NumberAbility
from cardgen.rules.got.number_abilities import parse as parse_number_ability
from cardgen.rules.got.pack_checks import check_pack
from cardgen.rules.got.patterns import MAX_COPIES
from cardgen.rules.shared import Card, CardLike, Violation

__all__ = [
    "LETTERS",
    "MIN_LINE",
    "SWAP_ARROW",
    "REMOVAL_ARROW",
    "REMOVAL_MARK",
    "CHOSEN",
    "TARGET_SIZE",
    "Cell",
    "Arrangement",
    "Axis",
    "Action",
    "ChoiceKind",
    "CellRef",
    "Choice",
    "AXIS_NAME",
    "GridMat",
    "DEFAULT_MAT",
    "GridAbility",
    "Category",
    "NumberCategory",
    "AnyCategory",
    "PackAbility2D",
    "CATEGORIES",
    "PACK_CATEGORIES",
    "pack_categories",
    "DEFAULT_CATEGORIES",
    "GridPack",
    "grid_categories",
]


# --- building abilities -------------------------------------------------------------------

_ROW_ARROWS = {1: ("→", ">"), -1: ("←", "<"), 0: ("←/→", "<>")}
_COL_ARROWS = {1: ("↓", "v"), -1: ("↑", "^"), 0: ("↑/↓", "^v")}
_AXIS_WORD: dict[Axis, str] = {"row": "row", "col": "col"}  # on card faces


def _pairs(n: int) -> list[tuple[int, int]]:
    """Every pair of ``0..n-1`` in the seed's cyclic order: by gap, then by first member.

    For three this is the seed's "left and middle, middle and right, right and left".

    >>> _pairs(3)
    [(0, 1), (1, 2), (2, 0)]
    >>> _pairs(4)
    [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)]
    """
    out: list[tuple[int, int]] = []
    for gap in range(1, n // 2 + 1):
        # a gap of exactly n/2 reaches each pair from both ends; keep the first half
        starts = n if 2 * gap < n else gap
        out.extend((i, (i + gap) % n) for i in range(starts))
    return out


def _swap(mat: GridMat, category: str, a: Cell, b: Cell) -> GridAbility:
    sa, sb = mat.space(a), mat.space(b)
    return GridAbility(category, f"{sa}-{sb}", f"{sa}{SWAP_ARROW}{sb}", "swap", cells=(a, b))


def _removal(mat: GridMat, category: str, a: Cell) -> GridAbility:
    s = mat.space(a)
    return GridAbility(category, f"{s}-{REMOVAL_MARK}", f"{s}{REMOVAL_ARROW}{REMOVAL_MARK}", "remove", cells=(a,))


def _cell_pattern(axis: Axis, letter: str) -> str:
    """``A*`` for a cell in row A, ``*D`` for a cell in column D."""
    return letter + CHOSEN if axis == "row" else CHOSEN + letter


def _line_name(mat: GridMat, axis: Axis, line: int | None) -> tuple[str, str]:
    """(label prefix, code letter): ``("row A", "A")`` or ``("any row", "*")``."""
    if line is None:
        return f"any {_AXIS_WORD[axis]}", CHOSEN
    letter = mat.letter(axis, line)
    return f"{_AXIS_WORD[axis]} {letter}", letter


def _rotation(mat: GridMat, category: str, axis: Axis, line: int | None, step: int) -> GridAbility:
    prefix, letter = _line_name(mat, axis, line)
    arrow, mark = (_ROW_ARROWS if axis == "row" else _COL_ARROWS)[step]
    return GridAbility(category, letter + mark, f"{prefix}: rotate {arrow}", "rotate", axis=axis, line=line, step=step)


def _line_swap(mat: GridMat, category: str, axis: Axis, line: int) -> GridAbility:
    prefix, letter = _line_name(mat, axis, line)
    pattern = _cell_pattern(axis, letter)
    return GridAbility(category, f"{pattern}-{pattern}", f"{prefix}: swap any 2", "swap", axis=axis, line=line)


def _pair_swap(mat: GridMat, category: str, axis: Axis, ends: tuple[int, int]) -> GridAbility:
    # the ends are positions along the line, so they are lettered on the other axis
    across: Axis = "col" if axis == "row" else "row"
    la, lb = (mat.letter(across, e) for e in ends)
    code = f"{_cell_pattern(across, la)}-{_cell_pattern(across, lb)}"
    label = f"any {_AXIS_WORD[axis]}: swap {la}{SWAP_ARROW}{lb}"
    return GridAbility(category, code, label, "swap", axis=axis, ends=ends)


def _line_removal(mat: GridMat, category: str, axis: Axis, line: int) -> GridAbility:
    prefix, letter = _line_name(mat, axis, line)
    code = f"{_cell_pattern(axis, letter)}-{REMOVAL_MARK}"
    return GridAbility(category, code, f"{prefix}: remove 1", "remove", axis=axis, line=line)


@cache
def grid_categories(mat: GridMat = DEFAULT_MAT) -> dict[str, Category]:
    """§8's 16 categories for ``mat``, in the seed's order, abilities in the seed's table order.

    For 3×3 the tables are the seed's; on other mats the same rules extend them
    (pairs by cyclic gap, see ``_pairs``). Cached: treat the result as read-only.

    >>> cats = grid_categories(GridMat(2, 4))
    >>> cats["row-swap"].size, cats["diag-swap"].size, cats["col-rotate"].size
    (12, 12, 8)
    """
    R, C = mat.rows, mat.cols
    rows, cols = range(R), range(C)

    def cat(
        name: str,
        short: str,
        description: str,
        pertains: Literal["rows", "columns", "both"],
        counterpart: str | None,
        abilities: Iterable[GridAbility],
    ) -> Category:
        found = tuple(abilities)
        return Category(name, short, description, found[0].specific, pertains, counterpart, found)

    made = [
        cat(
            "row-swap",
            "rs",
            "swap two specific cards in the same row",
            "rows",
            "col-swap",
            (_swap(mat, "row-swap", (r, a), (r, b)) for r in rows for a, b in _pairs(C)),
        ),
        cat(
            "col-swap",
            "cs",
            "swap two specific cards in the same column",
            "columns",
            "row-swap",
            (_swap(mat, "col-swap", (a, c), (b, c)) for c in cols for a, b in _pairs(R)),
        ),
        # seed order: for each pair of rows (AB, BC, CA), each first-row card with the
        # cards to its right in the second row, wrapping (AD↔BE, AD↔BF, AE↔BF, AE↔BD, ...)
        cat(
            "diag-swap",
            "ds",
            "swap two specific cards sharing neither row nor column",
            "both",
            None,
            (
                _swap(mat, "diag-swap", (r1, c), (r2, (c + d) % C))
                for r1, r2 in _pairs(R)
                for c in cols
                for d in range(1, C)
            ),
        ),
        cat(
            "row-rotate",
            "rr",
            "rotate a specific row in a specific direction",
            "rows",
            "col-rotate",
            (_rotation(mat, "row-rotate", "row", r, step) for step in (1, -1) for r in rows),
        ),
        cat(
            "col-rotate",
            "cr",
            "rotate a specific column in a specific direction",
            "columns",
            "row-rotate",
            (_rotation(mat, "col-rotate", "col", c, step) for step in (1, -1) for c in cols),
        ),
        cat(
            "remove",
            "rm",
            "remove a specific card and replace it from the draw pile",
            "both",
            None,
            (_removal(mat, "remove", (r, c)) for r in rows for c in cols),
        ),
        cat(
            "any-row-swap",
            "ars",
            "swap any two cards of a specific row (player chooses the columns)",
            "rows",
            "any-col-swap",
            (_line_swap(mat, "any-row-swap", "row", r) for r in rows),
        ),
        cat(
            "any-col-swap",
            "acs",
            "swap any two cards of a specific column (player chooses the rows)",
            "columns",
            "any-row-swap",
            (_line_swap(mat, "any-col-swap", "col", c) for c in cols),
        ),
        cat(
            "row-pair-swap",
            "rps",
            "swap the cards of two specific columns in the row of the player's choice",
            "rows",
            "col-pair-swap",
            (_pair_swap(mat, "row-pair-swap", "row", e) for e in _pairs(C)),
        ),
        cat(
            "col-pair-swap",
            "cps",
            "swap the cards of two specific rows in the column of the player's choice",
            "columns",
            "row-pair-swap",
            (_pair_swap(mat, "col-pair-swap", "col", e) for e in _pairs(R)),
        ),
        cat(
            "h-rotate",
            "hr",
            "rotate the row of the player's choice in a specific direction",
            "rows",
            "v-rotate",
            (_rotation(mat, "h-rotate", "row", None, step) for step in (1, -1)),
        ),
        cat(
            "v-rotate",
            "vr",
            "rotate the column of the player's choice in a specific direction",
            "columns",
            "h-rotate",
            (_rotation(mat, "v-rotate", "col", None, step) for step in (1, -1)),
        ),
        cat(
            "row-rotate-either",
            "rre",
            "rotate a specific row in the direction of the player's choice",
            "rows",
            "col-rotate-either",
            (_rotation(mat, "row-rotate-either", "row", r, 0) for r in rows),
        ),
        cat(
            "col-rotate-either",
            "cre",
            "rotate a specific column in the direction of the player's choice",
            "columns",
            "row-rotate-either",
            (_rotation(mat, "col-rotate-either", "col", c, 0) for c in cols),
        ),
        cat(
            "row-remove",
            "rrm",
            "remove the player's choice of card from a specific row",
            "rows",
            "col-remove",
            (_line_removal(mat, "row-remove", "row", r) for r in rows),
        ),
        cat(
            "col-remove",
            "crm",
            "remove the player's choice of card from a specific column",
            "columns",
            "row-remove",
            (_line_removal(mat, "col-remove", "col", c) for c in cols),
        ),
    ]
    return {c.name: c for c in made}


CATEGORIES: dict[str, Category] = grid_categories(DEFAULT_MAT)
"""The 16 categories of the seed's 3×3 game, in the seed's order."""


@dataclass(frozen=True)
class NumberCategory:
    """cardgen's own 2D category, ``number``: §9's number abilities for the 3×3 game (its
    ``rules.got.number_abilities.GRID_FAMILY``). It reads like a ``Category``: the player chooses the row or
    column, so it is discretionary, and it pertains to rows and columns alike."""

    name: str = GRID_CATEGORY
    short: str = "num"
    description: str = "the numbers pick the card(s) in a row or column of the player's choice (cardgen's own)"
    specific: bool = False
    pertains: Literal["rows", "columns", "both"] = "both"
    counterpart: str | None = None
    abilities: tuple[NumberAbility, ...] = GRID_FAMILY

    @property
    def size(self) -> int:
        return len(self.abilities)


AnyCategory = Category | NumberCategory
PackAbility2D = GridAbility | NumberAbility
"""What a 2D pack's card may carry: a §8 ability, or (category ``number``) a §9 number one."""
NUMBER_CATEGORY = NumberCategory()


def pack_categories(mat: GridMat = DEFAULT_MAT) -> dict[str, AnyCategory]:
    """Every category a 2D pack may choose: the seed's 16 (``grid_categories``), then ``number``."""
    return {**grid_categories(mat), NUMBER_CATEGORY.name: NUMBER_CATEGORY}


PACK_CATEGORIES: dict[str, AnyCategory] = pack_categories(DEFAULT_MAT)
"""The 17 categories a 3×3 pack may choose: the seed's 16, then cardgen's ``number``."""

DEFAULT_CATEGORIES: tuple[str, ...] = ("row-swap", "col-swap", "row-rotate", "col-rotate", "remove")
"""The default selection: every ability specific (no choosing slows play, as in the
factory game), each row category with its column counterpart, and removals at
9 of 39 abilities (pattern two has 7 of 28). Two copies: 78 cards, near the
factory's 88, and the first 39 cards are a balanced two-player pack."""


# --- reading ability text -----------------------------------------------------------------


def _normalise(text: str) -> str:
    squeezed = "".join(text.split()).upper()
    return squeezed.replace("<->", SWAP_ARROW).replace("->", REMOVAL_ARROW)


@cache
def _ability_index(mat: GridMat) -> dict[str, GridAbility]:
    index: dict[str, GridAbility] = {}
    for category in grid_categories(mat).values():
        for ability in category.abilities:
            keys = [ability.code, ability.label]
            if ability.action == "swap" and ability.cells:
                # a swap reads the same either way round: AD↔AF is AF↔AD
                flipped = _swap(mat, ability.category, ability.cells[1], ability.cells[0])
                keys += [flipped.code, flipped.label]
            if ability.ends is not None and ability.axis is not None:
                flipped = _pair_swap(mat, ability.category, ability.axis, (ability.ends[1], ability.ends[0]))
                keys += [flipped.code, flipped.label]
            for key in keys:
                index[_normalise(key)] = ability
    return index


# --- packs --------------------------------------------------------------------------------


class GridPack:
    """A 2D pack: the chosen categories' abilities (in the seed's category order), ``copies`` times.

    Card ``k`` carries ability ``(k - 1) mod block``, as in the linear patterns,
    so every block of consecutive cards holds each ability once. Without
    ``copies`` the pack aims at ``TARGET_SIZE`` (80) cards: copies =
    round(80 / block), at least 1.

    >>> pack = GridPack(["col-remove", "row-remove"])
    >>> pack.categories, pack.block, pack.copies, pack.size
    (('row-remove', 'col-remove'), 6, 13, 78)
    >>> [c.ability.code for c in pack.cards()[:7]]
    ['A*-X', 'B*-X', 'C*-X', '*D-X', '*E-X', '*F-X', 'A*-X']
    >>> pack.slug, GridPack(pack.categories, 2).slug
    ('got-2d-rrm-crm', 'got-2d-rrm-crm-copies-2')
    >>> GridPack(["row-swap"]).warnings()
    ['row-swap pertains to rows but its counterpart col-swap is not chosen (the rules recommend choosing both)']
    """

    def __init__(
        self,
        categories: Sequence[str] | str = DEFAULT_CATEGORIES,
        copies: int | None = None,
        *,
        mat: GridMat = DEFAULT_MAT,
    ) -> None:
        known = pack_categories(mat)
        names = categories.split(",") if isinstance(categories, str) else list(categories)
        by_key = {c.name: c.name for c in known.values()} | {c.short: c.name for c in known.values()}
        chosen: set[str] = set()
        for raw in names:
            key = raw.strip().lower()
            if key not in by_key:
                raise CardgenError(f"unknown 2D ability category {raw!r}: choose from {', '.join(known)}")
            chosen.add(by_key[key])
        if not chosen:
            raise CardgenError(f"choose at least one 2D ability category from {', '.join(known)}")
        self.mat = mat
        # the seed's order, whatever order they were asked in: one selection, one pack
        self.categories: tuple[str, ...] = tuple(n for n in known if n in chosen)
        self.abilities: tuple[PackAbility2D, ...] = tuple(a for n in self.categories for a in known[n].abilities)
        self.default_copies = max(1, int(TARGET_SIZE / len(self.abilities) + 0.5))
        copies = self.default_copies if copies is None else copies
        if not 1 <= copies <= MAX_COPIES:
            raise CardgenError(f"copies {copies} is out of range: allowed 1 to {MAX_COPIES}")
        self.copies = copies
        self._valid = frozenset(self.abilities)

    def __repr__(self) -> str:
        return f"GridPack({list(self.categories)!r}, copies={self.copies}, mat={self.mat!r})"

    @property
    def size(self) -> int:
        """Number of cards in the pack."""
        return self.copies * self.block

    @property
    def block(self) -> int:
        """Cards per block: each ability exactly once in each block."""
        return len(self.abilities)

    @property
    def slug(self) -> str:
        """Folder name: ``got-2d-`` + the categories' short names (or ``all``), then shape and copies if not default."""
        known = pack_categories(self.mat)
        seed = [n for n in self.categories if n != GRID_CATEGORY]
        cats = ["all"] if len(seed) == len(grid_categories(self.mat)) else [known[n].short for n in seed]
        cats += [NUMBER_CATEGORY.short] if GRID_CATEGORY in self.categories else []
        slug = f"got-2d-{'-'.join(cats)}"
        if self.mat != DEFAULT_MAT:
            slug += f"-{self.mat.rows}x{self.mat.cols}"
        if self.copies != self.default_copies:
            slug += f"-copies-{self.copies}"
        return slug

    def card(self, number: int) -> Card[PackAbility2D]:
        if not 1 <= number <= self.size:
            raise CardgenError(f"card {number} is not in a pack of {self.size}")
        return Card(number, self.abilities[(number - 1) % self.block])

    def cards(self) -> list[Card[PackAbility2D]]:
        """The whole pack, in number order. Pure and deterministic."""
        return [self.card(n) for n in range(1, self.size + 1)]

    def card_problems(self, card: CardLike) -> list[tuple[str, str]]:
        """A ``kinds`` problem when the card's ability is not among the chosen categories' abilities."""
        ability = card.ability
        if ability in self._valid:
            return []
        if isinstance(ability, NumberAbility) and ability.dims == 1:
            return [("kinds", f"{ability.code} is a number ability of the linear game, not of the 3×3 one")]
        if isinstance(ability, GridAbility | NumberAbility):
            return [("kinds", f"ability {ability.code} ({ability.category}) is not an ability of this pack")]
        return [("kinds", f"ability {ability.code} is not a 2D ability")]

    def check(self, cards: Sequence[CardLike]) -> list[Violation]:
        """Every constraint ``cards`` break as this pack (see ``rules.got.pack_checks``)."""
        return check_pack(self, cards)

    def warnings(self) -> list[str]:
        """Row categories chosen without their column counterparts, and vice versa."""
        known = pack_categories(self.mat)
        out: list[str] = []
        for name in self.categories:
            cat = known[name]
            if cat.counterpart is not None and cat.counterpart not in self.categories:
                out.append(
                    f"{name} pertains to {cat.pertains} but its counterpart {cat.counterpart} "
                    "is not chosen (the rules recommend choosing both)"
                )
        return out

    @classmethod
    def parse_ability(cls, text: str, *, mat: GridMat = DEFAULT_MAT) -> PackAbility2D:
        """The ability whose code or label is ``text`` (any category, a number ability's too:
        ``check`` judges membership).

        >>> GridPack.parse_ability("af <-> ad") == GridPack.parse_ability("AF↔AD")
        True
        >>> GridPack.parse_ability("col E: remove 1").code
        '*E-X'
        """
        found = _ability_index(mat).get(_normalise(text))
        if found is None:
            try:
                return parse_number_ability(text)
            except CardgenError:
                pass
            raise CardgenError(
                f"{text.strip()!r} is not a 2D ability on a {mat.rows}×{mat.cols} mat (e.g. AD-BE, AD↔BE, A>, AD→X)"
            )
        return found
