"""Playing the two-dimensional Game of Trains (seed 002, §8) on an arrangement.

An arrangement is one player's cards on the mat, row by row. Abilities come
from ``cardgen.rules.got.grid_packs``; the player's choice for discretionary ones is
passed as ``choice``.

>>> from cardgen.rules.got.grid_packs import CATEGORIES
>>> start = deal_start(range(1, 10))
>>> start
((9, 8, 7), (6, 5, 4), (3, 2, 1))
>>> apply(CATEGORIES["row-rotate"].abilities[0], start)
((7, 9, 8), (6, 5, 4), (3, 2, 1))
>>> count_starts(3, 3), len(list(enumerate_starts(range(9))))
(42, 42)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from math import factorial, prod

from cardgen.errors import CardgenError
from cardgen.rules.got.grid_packs import AXIS_NAME, Arrangement, Axis, Cell, Choice, ChoiceKind, GridAbility, GridMat

# --- play ---------------------------------------------------------------------------------


def _grid(arrangement: Sequence[Sequence[int]]) -> list[list[int]]:
    rows = [list(r) for r in arrangement]
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise CardgenError("an arrangement must be a non-empty rectangle of cards")
    return rows


def _freeze(grid: list[list[int]]) -> Arrangement:
    return tuple(tuple(r) for r in grid)


def _to_cell(ref: object, shape: tuple[int, int]) -> Cell:
    R, C = shape
    if isinstance(ref, str):
        return GridMat(R, C).cell(ref)
    if isinstance(ref, tuple) and len(ref) == 2:
        r, c = ref
        if type(r) is int and type(c) is int and 0 <= r < R and 0 <= c < C:
            return (r, c)
    raise CardgenError(f"{ref!r} is not a space of a {R}×{C} arrangement (give (row, col) or a name like AD)")


def _to_line(ref: object, axis: Axis, shape: tuple[int, int]) -> int:
    R, C = shape
    count = R if axis == "row" else C
    if isinstance(ref, str):
        return GridMat(R, C).index(axis, ref)
    if type(ref) is int and 0 <= ref < count:
        return ref
    raise CardgenError(f"{ref!r} is not a {AXIS_NAME[axis]} of a {R}×{C} arrangement (give an index or a letter)")


def _line_cells(axis: Axis, line: int, shape: tuple[int, int]) -> list[Cell]:
    R, C = shape
    if not 0 <= line < (R if axis == "row" else C):
        raise CardgenError(f"{AXIS_NAME[axis]} {line} is not on a {R}×{C} arrangement")
    return [(line, c) for c in range(C)] if axis == "row" else [(r, line) for r in range(R)]


_CHOICE_WHAT: dict[ChoiceKind, str] = {
    "cells": "two cells in the line",
    "line": "a line",
    "direction": "a direction (+1 or -1)",
    "cell": "a cell in the line",
}


def apply(
    ability: GridAbility,
    arrangement: Sequence[Sequence[int]],
    *,
    choice: Choice | None = None,
    draw: int | None = None,
) -> Arrangement:
    """``arrangement`` after ``ability``; the input is not changed.

    ``choice`` is what the applying player picks for a discretionary ability:
    two cells (any-row/col-swap), a row or column as index or letter (pair
    swaps, h/v-rotate), a direction +1 (right/down) or -1 (left/up) for the
    rotate-either categories, or a cell (row/col-remove). Cells are ``(row,
    col)`` or names like ``"AD"``. ``draw`` is the card from the draw pile that
    a removal puts in the emptied space. A missing, superfluous or invalid
    choice or draw raises ``CardgenError``.

    >>> from cardgen.rules.got.grid_packs import GridPack
    >>> start = ((9, 8, 7), (6, 5, 4), (3, 2, 1))
    >>> apply(GridPack.parse_ability("A*-A*"), start)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: A*-A* needs the player's choice of two cells in the line
    >>> apply(GridPack.parse_ability("A*-A*"), start, choice=("AD", "AF"))
    ((7, 8, 9), (6, 5, 4), (3, 2, 1))
    >>> apply(GridPack.parse_ability("AD-BE"), start)
    ((5, 8, 7), (6, 9, 4), (3, 2, 1))
    >>> apply(GridPack.parse_ability("*v"), start, choice="E")
    ((9, 2, 7), (6, 8, 4), (3, 5, 1))
    >>> apply(GridPack.parse_ability("B*-X"), start, choice="BF", draw=50)
    ((9, 8, 7), (6, 5, 50), (3, 2, 1))
    """
    grid = _grid(arrangement)
    shape = (len(grid), len(grid[0]))
    kind = ability.choice_kind
    if kind is None and choice is not None:
        raise CardgenError(f"{ability.code} is specific: it takes no choice")
    if kind is not None and choice is None:
        raise CardgenError(f"{ability.code} needs the player's choice of {_CHOICE_WHAT[kind]}")
    if ability.action == "remove" and draw is None:
        raise CardgenError(f"{ability.code} needs a card drawn to replace the one removed")
    if ability.action != "remove" and draw is not None:
        raise CardgenError(f"{ability.code} removes nothing: it takes no draw")
    if draw is not None and type(draw) is not int:
        raise CardgenError(f"draw {draw!r} is not a card number")

    def check_cell(cell: Cell) -> Cell:
        return _to_cell(cell, shape)  # range check of the ability's own cells against this arrangement

    def in_line(cell: Cell) -> Cell:
        assert ability.axis is not None and ability.line is not None
        if cell not in _line_cells(ability.axis, ability.line, shape):
            raise CardgenError(f"{cell} is not in the line {ability.code} acts on")
        return cell

    if ability.action == "swap":
        if kind is None:
            a, b = (check_cell(c) for c in ability.cells)
        elif kind == "cells":
            if not (isinstance(choice, tuple) and len(choice) == 2 and not all(type(x) is int for x in choice)):
                raise CardgenError(f"{ability.code} needs two cells, like ('AD', 'AF'); got {choice!r}")
            a, b = (in_line(_to_cell(ref, shape)) for ref in choice)
            if a == b:
                raise CardgenError(f"{ability.code} needs two different cells")
        else:
            assert ability.axis is not None and ability.ends is not None
            cells = _line_cells(ability.axis, _to_line(choice, ability.axis, shape), shape)
            if max(ability.ends) >= len(cells):
                raise CardgenError(f"{ability.code} does not fit a {shape[0]}×{shape[1]} arrangement")
            a, b = cells[ability.ends[0]], cells[ability.ends[1]]
        grid[a[0]][a[1]], grid[b[0]][b[1]] = grid[b[0]][b[1]], grid[a[0]][a[1]]
    elif ability.action == "rotate":
        assert ability.axis is not None
        line = ability.line if ability.line is not None else _to_line(choice, ability.axis, shape)
        step = ability.step
        if step == 0:
            if type(choice) is not int or choice not in (1, -1):
                raise CardgenError(f"{ability.code} needs a direction: +1 (right/down) or -1 (left/up)")
            step = choice
        cells = _line_cells(ability.axis, line, shape)
        values = [grid[r][c] for r, c in cells]
        for k, value in enumerate(values):
            r, c = cells[(k + step) % len(cells)]  # the card at position k moves to k + step
            grid[r][c] = value
    else:
        assert draw is not None
        target = check_cell(ability.cells[0]) if kind is None else in_line(_to_cell(choice, shape))
        grid[target[0]][target[1]] = draw
    return _freeze(grid)


def _strictly(values: Sequence[int], ascending: bool) -> bool:
    pairs = list(pairwise(values))
    return all(a < b for a, b in pairs) if ascending else all(a > b for a, b in pairs)


def _lines(arrangement: Sequence[Sequence[int]]) -> list[list[int]]:
    grid = _grid(arrangement)
    return grid + [list(col) for col in zip(*grid)]


def is_won(arrangement: Sequence[Sequence[int]]) -> bool:
    """Every row ascending left to right and every column ascending top to bottom (strictly).

    >>> is_won(((1, 2, 3), (4, 5, 6), (7, 8, 9))), is_won(((1, 2, 3), (4, 5, 6), (7, 9, 8)))
    (True, False)
    >>> is_won(((1, 4, 5), (2, 6, 8), (3, 7, 9)))
    True
    """
    return all(_strictly(line, ascending=True) for line in _lines(arrangement))


def is_start(arrangement: Sequence[Sequence[int]]) -> bool:
    """Every row and every column descending (strictly): a legal starting arrangement.

    >>> is_start(((9, 8, 7), (6, 5, 4), (3, 2, 1))), is_start(((9, 8, 7), (6, 5, 4), (3, 1, 2)))
    (True, False)
    """
    return all(_strictly(line, ascending=False) for line in _lines(arrangement))


# --- starting arrangements ----------------------------------------------------------------


def _check_shape(rows: int, cols: int) -> None:
    if type(rows) is not int or type(cols) is not int or rows < 1 or cols < 1:
        raise CardgenError(f"a {rows}×{cols} arrangement is not allowed: rows and columns must be at least 1")


def count_starts(rows: int = 3, cols: int = 3) -> int:
    """How many ways ``rows × cols`` distinct cards can start (rows and columns descending).

    Reading the cards from the largest down, their positions form a standard
    Young tableau of rectangular shape (the largest card top left, every card
    after those above it and to its left). The hook length formula counts
    those: n! divided by the product, over every cell, of its hook length —
    the cell itself plus the cells to its right in its row and below it in its
    column. In an R×C rectangle the cell ``(i, j)`` has hook (R − i) + (C − j) − 1.

    >>> count_starts(3, 3)
    42
    >>> count_starts(2, 2), count_starts(2, 3), count_starts(3, 4), count_starts(1, 7)
    (2, 5, 462, 1)
    """
    _check_shape(rows, cols)
    hooks = prod((rows - i) + (cols - j) - 1 for i in range(rows) for j in range(cols))
    return factorial(rows * cols) // hooks


def _distinct_cards(cards: Iterable[int], rows: int, cols: int) -> list[int]:
    _check_shape(rows, cols)
    values = list(cards)
    if len(values) != rows * cols:
        raise CardgenError(f"a {rows}×{cols} arrangement takes {rows * cols} cards, not {len(values)}")
    if len(set(values)) != len(values):
        raise CardgenError("the cards of an arrangement must be distinct numbers")
    return sorted(values, reverse=True)


def enumerate_starts(cards: Iterable[int], *, rows: int = 3, cols: int = 3) -> Iterator[Arrangement]:
    """Every starting arrangement of ``cards`` (distinct, rows × cols of them), without repeats.

    Places the cards from the largest down; each goes at the end of a row that
    is shorter than the row above it (so it lands below and right of larger
    cards only). The first one yielded fills row by row.

    >>> starts = list(enumerate_starts([10, 20, 30, 40], rows=2, cols=2))
    >>> starts
    [((40, 30), (20, 10)), ((40, 20), (30, 10))]
    >>> len(list(enumerate_starts(range(12), rows=3, cols=4)))
    462
    """
    order = _distinct_cards(cards, rows, cols)
    grid = [[0] * cols for _ in range(rows)]
    filled = [0] * rows

    def place(k: int) -> Iterator[Arrangement]:
        if k == len(order):
            yield _freeze(grid)
            return
        for r in range(rows):
            if filled[r] < cols and (r == 0 or filled[r - 1] > filled[r]):
                grid[r][filled[r]] = order[k]
                filled[r] += 1
                yield from place(k + 1)
                filled[r] -= 1

    return place(0)


def deal_start(cards: Iterable[int], *, rows: int = 3, cols: int = 3, seed: int | None = None) -> Arrangement:
    """A starting arrangement of the dealt ``cards``.

    Without ``seed``: the cards in descending order, row by row (the first of
    ``enumerate_starts``). With ``seed``: one chosen uniformly among all
    ``count_starts(rows, cols)`` of them, by ``random.Random(seed)``, using the
    Greene–Nijenhuis–Wilf hook walk (uniform without listing them all, which for
    5×5 would be 701,149,020): from a random cell, jump to a random cell of its
    hook until reaching a corner; that corner gets the smallest card left.

    >>> deal_start([5, 1, 9, 3, 7, 2, 8, 4, 6])
    ((9, 8, 7), (6, 5, 4), (3, 2, 1))
    >>> s = deal_start(range(1, 10), seed=7)
    >>> is_start(s), s == deal_start(range(1, 10), seed=7)
    (True, True)
    """
    order = _distinct_cards(cards, rows, cols)
    if seed is None:
        return tuple(tuple(order[r * cols : (r + 1) * cols]) for r in range(rows))
    rng = random.Random(seed)
    grid = [[0] * cols for _ in range(rows)]
    shape = [cols] * rows  # cells still empty, per row: always a partition
    for left in range(len(order), 0, -1):
        pick = rng.randrange(left)
        i = 0
        while pick >= shape[i]:
            pick -= shape[i]
            i += 1
        j = pick
        while True:
            arm = shape[i] - j - 1
            leg = sum(1 for below in shape[i + 1 :] if below > j)
            if arm + leg == 0:
                break
            step = rng.randrange(arm + leg)
            if step < arm:
                j += 1 + step
            else:
                i += 1 + step - arm
        grid[i][j] = order[left - 1]  # the smallest card left takes the corner
        shape[i] -= 1
    return _freeze(grid)
