"""The two-dimensional Game of Trains' mat and abilities as values (seed 002, §8): an R×C
``GridMat`` with its lettered rows and columns, a ``GridAbility`` and a ``Category`` of them.
The 16 categories themselves, reading ability text and packs are in ``cardgen.rules.got.grid_packs``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardgen.errors import CardgenError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MIN_LINE = 2  # a row or column of one card has nothing to swap or rotate
SWAP_ARROW = "↔"
REMOVAL_ARROW = "→"
REMOVAL_MARK = "X"
CHOSEN = "*"  # in a code: the letter the player chooses
TARGET_SIZE = 80  # default pack size aimed at when copies is not given

Cell = tuple[int, int]
"""A space as 0-based ``(row, col)``."""
Arrangement = tuple[tuple[int, ...], ...]
"""One player's cards on the mat, row by row."""
Axis = Literal["row", "col"]
Action = Literal["swap", "rotate", "remove"]
ChoiceKind = Literal["cells", "line", "direction", "cell"]
CellRef = Cell | str
Choice = int | str | Cell | tuple[CellRef, CellRef]
"""A player's choice: two cells, one cell (as ``(row, col)`` or ``"AD"``), a line (index or letter) or a direction (+1/-1)."""
AXIS_NAME: dict[Axis, str] = {"row": "row", "col": "column"}  # in messages


@dataclass(frozen=True)
class GridMat:
    """An R×C placemat: rows lettered from A, columns lettered after the rows.

    >>> GridMat().row_letters, GridMat().col_letters
    ('ABC', 'DEF')
    >>> GridMat(2, 4).spaces()
    ('AC', 'AD', 'AE', 'AF', 'BC', 'BD', 'BE', 'BF')
    >>> GridMat(3, 3).line("col", 1)
    ((0, 1), (1, 1), (2, 1))
    """

    rows: int = 3
    cols: int = 3

    def __post_init__(self) -> None:
        if self.rows < MIN_LINE or self.cols < MIN_LINE or self.rows + self.cols > len(LETTERS):
            raise CardgenError(
                f"a {self.rows}×{self.cols} mat is not allowed: rows and columns must each be at least "
                f"{MIN_LINE}, with rows + columns at most {len(LETTERS)} (one letter each)"
            )

    @property
    def census(self) -> int:
        """Number of spaces."""
        return self.rows * self.cols

    @property
    def row_letters(self) -> str:
        return LETTERS[: self.rows]

    @property
    def col_letters(self) -> str:
        return LETTERS[self.rows : self.rows + self.cols]

    def length(self, axis: Axis) -> int:
        """Cards in one line along ``axis``: a row has ``cols`` cards, a column ``rows``."""
        return self.cols if axis == "row" else self.rows

    def lines(self, axis: Axis) -> int:
        """How many rows (or columns) the mat has."""
        return self.rows if axis == "row" else self.cols

    def letter(self, axis: Axis, index: int) -> str:
        """The letter of row (or column) ``index``.

        >>> GridMat().letter("row", 2), GridMat().letter("col", 0)
        ('C', 'D')
        """
        if not 0 <= index < self.lines(axis):
            raise CardgenError(f"there is no {AXIS_NAME[axis]} {index} on a {self.rows}×{self.cols} mat")
        return (self.row_letters if axis == "row" else self.col_letters)[index]

    def index(self, axis: Axis, letter: str) -> int:
        """The 0-based index of the row (or column) lettered ``letter``."""
        letters = self.row_letters if axis == "row" else self.col_letters
        found = letters.find(letter.strip().upper())
        if found < 0 or len(letter.strip()) != 1:
            raise CardgenError(f"{letter!r} is not a {AXIS_NAME[axis]} letter of this mat (choose from {letters})")
        return found

    def space(self, cell: Cell) -> str:
        """The two-letter name of ``cell``."""
        row, col = cell
        return self.letter("row", row) + self.letter("col", col)

    def cell(self, name: str) -> Cell:
        """The ``(row, col)`` of the space named ``name`` (like ``"BF"``)."""
        text = name.strip().upper()
        if len(text) != 2:
            raise CardgenError(f"{name!r} is not a space name like AD")
        return (self.index("row", text[0]), self.index("col", text[1]))

    def spaces(self) -> tuple[str, ...]:
        """Every space name, row by row."""
        return tuple(r + c for r in self.row_letters for c in self.col_letters)

    def line(self, axis: Axis, index: int) -> tuple[Cell, ...]:
        """The cells of row (or column) ``index``, left to right (top to bottom)."""
        self.letter(axis, index)  # validates index
        if axis == "row":
            return tuple((index, c) for c in range(self.cols))
        return tuple((r, index) for r in range(self.rows))


DEFAULT_MAT = GridMat()


@dataclass(frozen=True)
class GridAbility:
    """One ability of the 2D game, with what it needs to be applied.

    Fields beyond ``category``/``code``/``label`` say what the card fixes;
    whatever it leaves open is the player's ``choice`` (see ``choice_kind``):

    - ``cells``: spaces named outright (a specific swap's two, a specific removal's one);
    - ``axis`` + ``line``: the row or column it acts in (``line`` None: the player's choice);
    - ``ends``: for pair swaps, the two positions along the chosen line;
    - ``step``: rotations, +1 right/down, -1 left/up, 0 the player's choice.

    >>> from cardgen.rules.got.grid_packs import CATEGORIES
    >>> a = CATEGORIES["row-rotate-either"].abilities[0]
    >>> a.code, a.label, a.specific, a.choice_kind
    ('A<>', 'row A: rotate ←/→', False, 'direction')
    """

    category: str
    code: str
    label: str
    action: Action
    cells: tuple[Cell, ...] = ()
    axis: Axis | None = None
    line: int | None = None
    ends: tuple[int, int] | None = None
    step: int = 0

    @property
    def choice_kind(self) -> ChoiceKind | None:
        """What the player chooses when applying it; None for a specific ability."""
        if self.action == "swap":
            if self.cells:
                return None
            return "line" if self.ends is not None else "cells"
        if self.action == "rotate":
            if self.line is None:
                return "line"
            return "direction" if self.step == 0 else None
        return None if self.cells else "cell"

    @property
    def specific(self) -> bool:
        """True when applying it leaves nobody any choice (§8)."""
        return self.choice_kind is None


@dataclass(frozen=True)
class Category:
    """One of §8's 16 categories of abilities."""

    name: str
    short: str  # for slugs
    description: str
    specific: bool
    pertains: Literal["rows", "columns", "both"]
    counterpart: str | None  # the same idea for the other axis (§8 recommends both)
    abilities: tuple[GridAbility, ...]

    @property
    def size(self) -> int:
        return len(self.abilities)
