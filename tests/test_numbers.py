"""Tests of the §9 number abilities (cardgen's development of §9): cardgen.rules.got.number_abilities.

Expected values are worked out by hand from the sequences of the seed's figure 5
(Andy, Beth, Carl, Dora) and the 3×3 starting arrangement; the properties check
the picks against definitions written independently of the module.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import Ability
from cardgen.rules.got.grid_packs import GridPack
from cardgen.rules.got.number_abilities import (
    COL_HIGH_LOW,
    COL_HIGHEST,
    DECISIONS,
    FAMILY,
    GRID_FAMILY,
    HIGH_LOW,
    HIGHEST,
    HIGHEST_ODD,
    LOWEST,
    LOWEST_EVEN,
    ROW_HIGH_LOW,
    ROW_HIGHEST,
    apply,
    apply_grid,
    designate,
    designate_grid,
    parse,
    possible,
)
from cardgen.rules.got.sequences import WILD

ANDY = (8, 64, 72, 62, 24, 3, 17)
BETH = (46, 37, 5, 12, 42, 47, 40)
CARL = (69, 63, 20, 31, 68, 70, 34)
DORA = (53, 7, 45, 9, 50, 27, 56)
START = ((9, 8, 7), (6, 5, 4), (3, 2, 1))


# --- names -------------------------------------------------------------------------------------


def test_family_sizes_and_kind() -> None:
    assert 4 <= len(FAMILY) <= 6
    assert 3 <= len(GRID_FAMILY) <= 4
    assert all(a.kind == "number" for a in FAMILY + GRID_FAMILY)
    assert all(a.dims == 1 for a in FAMILY) and all(a.dims == 2 for a in GRID_FAMILY)
    assert {a.axis for a in GRID_FAMILY} == {"row", "col"}  # each row idea has its column counterpart


def test_codes_are_ascii_unique_and_not_positional() -> None:
    everything = FAMILY + GRID_FAMILY
    codes = [a.code for a in everything]
    assert len(set(codes)) == len(codes)
    assert len({a.label for a in everything}) == len(everything)
    for a in everything:
        assert a.code.isascii() and a.code.startswith("#")
        assert len(a.label) <= 7, a.label
        with pytest.raises(CardgenError):
            Ability.parse(a.code, census=7)
        # no positional 2D ability reads it: a 2D pack's reader gives the number ability itself
        assert GridPack.parse_ability(a.code) is a


def test_parse_reads_code_or_label_any_case_and_spacing() -> None:
    for a in FAMILY + GRID_FAMILY:
        assert parse(a.code) is a
        assert parse(a.label) is a
        assert parse(" " + a.code.lower() + " ") is a
    assert parse("lo ev -> x") is LOWEST_EVEN
    assert parse("HI <-> LO") is HIGH_LOW
    assert parse("c:hi<->lo") is COL_HIGH_LOW


@pytest.mark.parametrize("text", ["AB", "AX", "", "#XX", "HI"])
def test_parse_refuses_others_in_one_line(text: str) -> None:
    with pytest.raises(CardgenError) as err:
        parse(text)
    assert "\n" not in str(err.value)


def test_decisions_name_the_contingency_rule() -> None:
    assert any("may not be chosen" in d for d in DECISIONS)
    assert any("cardgen's own" in d for d in DECISIONS)


# --- the linear family, by hand ------------------------------------------------------------------


def test_picks_on_figure_5() -> None:
    # Dora 53 7 45 9 50 27 56: highest 56 (G), lowest 7 (B), evens 50 56 -> 50 (E), odds max 53 (A)
    assert designate(HIGHEST, DORA) == (6,)
    assert designate(LOWEST, DORA) == (1,)
    assert designate(LOWEST_EVEN, DORA) == (4,)
    assert designate(HIGHEST_ODD, DORA) == (0,)
    assert designate(HIGH_LOW, DORA) == (1, 6)
    # Andy 8 64 72 62 24 3 17: evens' lowest is 8 (A), odds' highest is 17 (G)
    assert designate(LOWEST_EVEN, ANDY) == (0,)
    assert designate(HIGHEST_ODD, ANDY) == (6,)
    # Carl 69 63 20 31 68 70 34: highest 70 (F), lowest 20 (C)
    assert designate(HIGH_LOW, CARL) == (2, 5)


def test_apply_by_hand() -> None:
    assert apply(HIGH_LOW, DORA) == (53, 56, 45, 9, 50, 27, 7)
    assert apply(HIGHEST, BETH, draw=1) == (46, 37, 5, 12, 42, 1, 40)  # 47 at F goes
    assert apply(LOWEST, BETH, draw=99) == (46, 37, 99, 12, 42, 47, 40)  # 5 at C goes
    assert apply(LOWEST_EVEN, BETH, draw=WILD) == (46, 37, 5, WILD, 42, 47, 40)  # 12 at D goes


def test_impossible_abilities() -> None:
    all_odd, all_even = (53, 7, 45, 9, 51, 27, 57), (8, 64, 72, 62, 24, 4, 18)
    assert designate(LOWEST_EVEN, all_odd) is None
    assert designate(HIGHEST_ODD, all_even) is None
    assert designate(HIGH_LOW, (5, 5, 5)) is None  # repeated numbers, all equal
    assert all(designate(a, (WILD, WILD)) is None for a in FAMILY)  # a wild has no number
    assert not possible(LOWEST_EVEN, all_odd)
    with pytest.raises(CardgenError, match="no even-numbered card"):
        apply(LOWEST_EVEN, all_odd, draw=3)
    with pytest.raises(CardgenError, match="two cards with different numbers"):
        apply(HIGH_LOW, (5, 5, 5))


def test_ties_pick_the_leftmost_and_wilds_are_skipped() -> None:
    assert designate(LOWEST, (5, 9, 5, 9)) == (0,)
    assert designate(HIGHEST, (5, 9, 5, 9)) == (1,)
    assert designate(HIGH_LOW, (9, 5, 9, 5)) == (0, 1)
    assert designate(HIGHEST, (WILD, 3, 8)) == (2,)
    assert designate(LOWEST, (WILD, 3, 8)) == (1,)


def test_frozen_cards_are_not_moved() -> None:
    assert not possible(HIGHEST, DORA, frozen={6})
    assert possible(LOWEST, DORA, frozen={6})
    assert not possible(HIGH_LOW, DORA, frozen={1})
    with pytest.raises(CardgenError, match="frozen card at space G"):
        apply(HIGHEST, DORA, draw=1, frozen={6})


def test_removal_needs_a_draw_and_swap_takes_none() -> None:
    with pytest.raises(CardgenError, match="needs the card drawn"):
        apply(HIGHEST, DORA)
    with pytest.raises(CardgenError, match="draws no card"):
        apply(HIGH_LOW, DORA, draw=5)


def test_wrong_dimension_is_refused() -> None:
    with pytest.raises(CardgenError):
        designate(ROW_HIGHEST, DORA)
    with pytest.raises(CardgenError):
        designate_grid(HIGHEST, START, 0)


# --- the 3×3 family, by hand ------------------------------------------------------------------


def test_grid_abilities_by_hand() -> None:
    assert designate_grid(ROW_HIGHEST, START, "B") == ((1, 0),)  # 6 at BD
    assert designate_grid(COL_HIGHEST, START, "F") == ((0, 2),)  # 7 at AF
    assert apply_grid(ROW_HIGH_LOW, START, choice="C") == ((9, 8, 7), (6, 5, 4), (1, 2, 3))
    assert apply_grid(COL_HIGH_LOW, START, choice="E") == ((9, 2, 7), (6, 5, 4), (3, 8, 1))
    assert apply_grid(ROW_HIGHEST, START, choice=0, draw=40) == ((40, 8, 7), (6, 5, 4), (3, 2, 1))
    assert apply_grid(COL_HIGHEST, START, choice="D", draw=40) == ((40, 8, 7), (6, 5, 4), (3, 2, 1))


def test_grid_choice_must_be_a_line_of_the_right_axis() -> None:
    with pytest.raises(CardgenError):
        apply_grid(ROW_HIGHEST, START, choice="D", draw=1)  # D is a column
    with pytest.raises(CardgenError):
        apply_grid(COL_HIGHEST, START, choice=3, draw=1)
    with pytest.raises(CardgenError, match="frozen"):
        apply_grid(ROW_HIGHEST, START, choice="A", draw=1, frozen={(0, 0)})
    with pytest.raises(CardgenError, match="cannot be carried out"):
        apply_grid(ROW_HIGH_LOW, ((WILD, WILD, 3), (6, 5, 4), (3, 2, 1)), choice="A")


# --- properties --------------------------------------------------------------------------------

cards = st.lists(st.one_of(st.integers(1, 60), st.just(WILD)), min_size=2, max_size=12)


def _expected(ability_code: str, seq: list[object]) -> tuple[int, ...] | None:
    """The definitions, written out plainly."""
    nums = [(c, i) for i, c in enumerate(seq) if isinstance(c, int)]
    if ability_code == "#LEV":
        nums = [(c, i) for c, i in nums if c % 2 == 0]
    if ability_code == "#HOD":
        nums = [(c, i) for c, i in nums if c % 2 == 1]
    if not nums:
        return None
    lowest = min(nums)  # (number, space): ties go to the lower space
    highest = min(nums, key=lambda t: (-t[0], t[1]))
    if ability_code in ("#HI", "#HOD"):
        return (highest[1],)
    if ability_code in ("#LO", "#LEV"):
        return (lowest[1],)
    if highest[0] == lowest[0]:
        return None
    return tuple(sorted((highest[1], lowest[1])))


@given(cards)
def test_designate_matches_the_definitions(seq: list[object]) -> None:
    for ability in FAMILY:
        assert designate(ability, seq) == _expected(ability.code, seq)  # type: ignore[arg-type]


@given(cards, st.integers(1, 60))
def test_apply_keeps_every_card_but_the_removed_one(seq: list[object], drawn: int) -> None:
    for ability in FAMILY:
        spaces = designate(ability, seq)  # type: ignore[arg-type]
        if spaces is None:
            continue
        after = apply(ability, seq, draw=drawn if ability.action == "remove" else None)  # type: ignore[arg-type]
        before_counts, after_counts = Counter(map(str, seq)), Counter(map(str, after))
        if ability.action == "swap":
            assert before_counts == after_counts
            a, b = spaces
            assert after[a] == seq[b] and after[b] == seq[a]
        else:
            (s,) = spaces
            assert after[s] == drawn
            assert all(after[i] == seq[i] for i in range(len(seq)) if i != s)


@given(st.lists(st.integers(1, 99), min_size=9, max_size=9), st.integers(0, 2))
def test_grid_picks_stay_in_the_chosen_line(flat: list[int], line: int) -> None:
    grid = tuple(tuple(flat[r * 3 : r * 3 + 3]) for r in range(3))
    for ability in GRID_FAMILY:
        cells = designate_grid(ability, grid, line)
        if cells is None:
            assert ability.action == "swap" and len({grid[r][c] for r, c in _line(ability.axis, line)}) == 1
            continue
        assert all((r if ability.axis == "row" else c) == line for r, c in cells)
        values = [grid[r][c] for r, c in _line(ability.axis, line)]
        picked = [grid[r][c] for r, c in cells]
        assert max(values) in picked


def _line(axis: str | None, line: int) -> list[tuple[int, int]]:
    return [(line, c) for c in range(3)] if axis == "row" else [(r, line) for r in range(3)]
