"""Tests of the 2D Game of Trains rules (seed 002, §8): cardgen.rules.got.grid_packs.

The seed's facts are written out here by hand, not read from the seed file.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import Ability
from cardgen.rules.got.grid_packs import (
    CATEGORIES,
    DEFAULT_CATEGORIES,
    GridAbility,
    GridMat,
    GridPack,
    grid_categories,
)
from cardgen.rules.got.grid_play import apply, count_starts, deal_start, enumerate_starts, is_start, is_won
from cardgen.rules.got.patterns import Card

# --- the seed's facts (§8), typed in ---------------------------------------------------------

SEED_ORDER = [
    "row-swap", "col-swap", "diag-swap", "row-rotate", "col-rotate", "remove",
    "any-row-swap", "any-col-swap", "row-pair-swap", "col-pair-swap", "h-rotate", "v-rotate",
    "row-rotate-either", "col-rotate-either", "row-remove", "col-remove",
]  # fmt: skip
SEED_SIZES = [9, 9, 18, 6, 6, 9, 3, 3, 3, 3, 2, 2, 3, 3, 3, 3]
SEED_ROW_SWAPS = ["AD↔AE", "AE↔AF", "AF↔AD", "BD↔BE", "BE↔BF", "BF↔BD", "CD↔CE", "CE↔CF", "CF↔CD"]
SEED_COL_SWAPS = ["AD↔BD", "BD↔CD", "CD↔AD", "AE↔BE", "BE↔CE", "CE↔AE", "AF↔BF", "BF↔CF", "CF↔AF"]
SEED_DIAG_SWAPS = [
    "AD↔BE", "AD↔BF", "AE↔BF", "AE↔BD", "AF↔BD", "AF↔BE",
    "BD↔CE", "BD↔CF", "BE↔CF", "BE↔CD", "BF↔CD", "BF↔CE",
    "CD↔AE", "CD↔AF", "CE↔AF", "CE↔AD", "CF↔AD", "CF↔AE",
]  # fmt: skip
SEED_REMOVALS = ["AD→X", "AE→X", "AF→X", "BD→X", "BE→X", "BF→X", "CD→X", "CE→X", "CF→X"]
# "rotating right: AD → AE → AF → AD" etc.: each card moves to the next space named
SEED_ROW_ROTATIONS = [
    ["AD", "AE", "AF"], ["BD", "BE", "BF"], ["CD", "CE", "CF"],  # right
    ["AF", "AE", "AD"], ["BF", "BE", "BD"], ["CF", "CE", "CD"],  # left
]  # fmt: skip
SEED_COL_ROTATIONS = [
    ["AD", "BD", "CD"], ["AE", "BE", "CE"], ["AF", "BF", "CF"],  # down
    ["CD", "BD", "AD"], ["CE", "BE", "AE"], ["CF", "BF", "AF"],  # up
]  # fmt: skip

START = ((9, 8, 7), (6, 5, 4), (3, 2, 1))
ALL_ABILITIES = [a for c in CATEGORIES.values() for a in c.abilities]
MAT = GridMat()


def labels(name: str) -> list[str]:
    return [a.label for a in CATEGORIES[name].abilities]


def value_at(arr: tuple[tuple[int, ...], ...], space: str) -> int:
    r, c = MAT.cell(space)
    return arr[r][c]


def choices(ability: GridAbility, mat: GridMat = MAT) -> list[object]:
    """Every valid choice for ``ability`` on ``mat`` ([None] for a specific one)."""
    kind = ability.choice_kind
    if kind is None:
        return [None]
    assert ability.axis is not None
    if kind == "line":
        return list(range(mat.lines(ability.axis)))
    if kind == "direction":
        return [1, -1]
    assert ability.line is not None
    cells = mat.line(ability.axis, ability.line)
    if kind == "cell":
        return list(cells)
    return list(combinations(cells, 2))


def arrangements(rows: int = 3, cols: int = 3) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    n = rows * cols
    return st.permutations(range(1, n + 1)).map(
        lambda p: tuple(tuple(p[r * cols : (r + 1) * cols]) for r in range(rows))
    )


# --- categories -------------------------------------------------------------------------------


def test_categories_in_seed_order_with_seed_sizes() -> None:
    assert list(CATEGORIES) == SEED_ORDER
    assert [c.size for c in CATEGORIES.values()] == SEED_SIZES
    assert sum(SEED_SIZES[:6]) == 57 and sum(SEED_SIZES[6:]) == 28


def test_six_specific_then_ten_discretionary() -> None:
    assert [c.specific for c in CATEGORIES.values()] == [True] * 6 + [False] * 10
    for c in CATEGORIES.values():
        assert all(a.specific == c.specific for a in c.abilities)
        assert all(a.category == c.name for a in c.abilities)
        assert c.description and "\n" not in c.description


def test_specific_tables_as_printed_in_the_seed() -> None:
    assert labels("row-swap") == SEED_ROW_SWAPS
    assert labels("col-swap") == SEED_COL_SWAPS
    assert labels("diag-swap") == SEED_DIAG_SWAPS
    assert labels("remove") == SEED_REMOVALS
    assert [a.code for a in CATEGORIES["row-swap"].abilities][:3] == ["AD-AE", "AE-AF", "AF-AD"]
    assert [a.code for a in CATEGORIES["remove"].abilities][:2] == ["AD-X", "AE-X"]
    assert labels("row-rotate") == [f"row {r}: rotate {d}" for d in "→←" for r in "ABC"]
    assert labels("col-rotate") == [f"col {c}: rotate {d}" for d in "↓↑" for c in "DEF"]


def test_diagonal_swaps_share_neither_row_nor_column() -> None:
    pairs = [frozenset(a.cells) for a in CATEGORIES["diag-swap"].abilities]
    wanted = {frozenset((a, b)) for a, b in combinations(MAT.line("row", 0) + MAT.line("row", 1) + MAT.line("row", 2), 2)
              if a[0] != b[0] and a[1] != b[1]}  # fmt: skip
    assert len(set(pairs)) == 18 and set(pairs) == wanted


def test_discretionary_abilities_in_seed_order() -> None:
    assert labels("any-row-swap") == ["row A: swap any 2", "row B: swap any 2", "row C: swap any 2"]
    assert labels("any-col-swap") == ["col D: swap any 2", "col E: swap any 2", "col F: swap any 2"]
    # left & middle, middle & right, right & left; top & centre, centre & bottom, bottom & top
    assert [a.ends for a in CATEGORIES["row-pair-swap"].abilities] == [(0, 1), (1, 2), (2, 0)]
    assert [a.ends for a in CATEGORIES["col-pair-swap"].abilities] == [(0, 1), (1, 2), (2, 0)]
    assert [a.step for a in CATEGORIES["h-rotate"].abilities] == [1, -1]  # right, then left
    assert [a.step for a in CATEGORIES["v-rotate"].abilities] == [1, -1]  # down, then up
    assert [a.line for a in CATEGORIES["row-rotate-either"].abilities] == [0, 1, 2]
    assert labels("col-remove") == ["col D: remove 1", "col E: remove 1", "col F: remove 1"]
    assert [a.code for a in CATEGORIES["row-remove"].abilities] == ["A*-X", "B*-X", "C*-X"]
    kinds = {n: CATEGORIES[n].abilities[0].choice_kind for n in SEED_ORDER[6:]}
    assert kinds == {
        "any-row-swap": "cells", "any-col-swap": "cells", "row-pair-swap": "line", "col-pair-swap": "line",
        "h-rotate": "line", "v-rotate": "line", "row-rotate-either": "direction", "col-rotate-either": "direction",
        "row-remove": "cell", "col-remove": "cell",
    }  # fmt: skip


@pytest.mark.parametrize("table, name", [(SEED_ROW_ROTATIONS, "row-rotate"), (SEED_COL_ROTATIONS, "col-rotate")])
def test_rotations_move_cards_along_the_seeds_arrows(table: list[list[str]], name: str) -> None:
    for spaces, ability in zip(table, CATEGORIES[name].abilities, strict=True):
        after = apply(ability, START)
        for here, there in zip(spaces, spaces[1:] + spaces[:1], strict=True):
            assert value_at(after, there) == value_at(START, here)


def test_codes_and_labels_unique_and_parse_back() -> None:
    assert len({a.code for a in ALL_ABILITIES}) == len({a.label for a in ALL_ABILITIES}) == 85
    assert all(a.code.isascii() for a in ALL_ABILITIES)
    for a in ALL_ABILITIES:
        for text in (a.code, a.label, a.code.lower(), " ".join(a.label)):
            assert GridPack.parse_ability(text) == a


def test_parse_reads_swaps_either_way_round_and_ascii_arrows() -> None:
    af_ad = CATEGORIES["row-swap"].abilities[2]
    for text in ("AF↔AD", "AD↔AF", "ad-af", "AF <-> AD", "AD - AF"):
        assert GridPack.parse_ability(text) == af_ad
    assert GridPack.parse_ability("be->x") == CATEGORIES["remove"].abilities[4]
    assert GridPack.parse_ability("any row: swap E↔D") == CATEGORIES["row-pair-swap"].abilities[0]


@pytest.mark.parametrize("text", ["", "AD", "AD-AD", "AD-ZZ", "row Q: rotate →", "A>>"])
def test_parse_unknown_raises(text: str) -> None:
    with pytest.raises(CardgenError):
        GridPack.parse_ability(text)


@given(st.integers(2, 6), st.integers(2, 6))
def test_categories_generalise_to_other_mats(rows: int, cols: int) -> None:
    mat = GridMat(rows, cols)
    cats = grid_categories(mat)
    sizes = {n: c.size for n, c in cats.items()}

    def pairs(n: int) -> int:
        return n * (n - 1) // 2

    assert sizes["row-swap"] == rows * pairs(cols) and sizes["col-swap"] == cols * pairs(rows)
    assert sizes["diag-swap"] == pairs(rows * cols) - rows * pairs(cols) - cols * pairs(rows)
    assert sizes["remove"] == rows * cols and sizes["row-pair-swap"] == pairs(cols)
    everything = [a for c in cats.values() for a in c.abilities]
    assert len({a.code for a in everything}) == len({a.label for a in everything}) == len(everything)
    for a in everything:
        assert GridPack.parse_ability(a.code, mat=mat) == a
        assert GridPack.parse_ability(a.label, mat=mat) == a


# --- the mat ----------------------------------------------------------------------------------


def test_mat_letters_and_spaces() -> None:
    assert MAT.spaces() == ("AD", "AE", "AF", "BD", "BE", "BF", "CD", "CE", "CF")
    assert MAT.space((0, 0)) == "AD" and MAT.cell("bf") == (1, 2) and MAT.census == 9
    wide = GridMat(4, 3)
    assert (wide.row_letters, wide.col_letters, wide.space((3, 2))) == ("ABCD", "EFG", "DG")


@pytest.mark.parametrize("rows, cols", [(1, 3), (3, 1), (0, 0), (13, 14), (2, 25)])
def test_bad_mats_raise(rows: int, cols: int) -> None:
    with pytest.raises(CardgenError):
        GridMat(rows, cols)


def test_bad_space_names_raise() -> None:
    for name in ("AA", "DD", "A", "ADE", "GD"):
        with pytest.raises(CardgenError):
            MAT.cell(name)


# --- packs ------------------------------------------------------------------------------------


def test_default_pack() -> None:
    pack = GridPack()
    assert pack.categories == DEFAULT_CATEGORIES
    assert (pack.block, pack.copies, pack.size) == (39, 2, 78)
    assert 72 <= pack.size <= 90
    assert pack.warnings() == []
    assert pack.check(pack.cards()) == []
    assert all(isinstance(c, Card) for c in pack.cards())
    assert pack.slug == "got-2d-rs-cs-rr-cr-rm"


def test_pack_order_and_numbering() -> None:
    pack = GridPack(["remove", "row-swap"], copies=3)
    assert pack.categories == ("row-swap", "remove")  # the seed's order, not the asked order
    assert [a.label for a in pack.abilities] == SEED_ROW_SWAPS + SEED_REMOVALS
    assert pack.size == 54 and pack.card(1).ability.label == "AD↔AE"
    assert pack.card(18).ability.label == "CF→X" and pack.card(19).ability.label == "AD↔AE"
    assert [c.number for c in pack.cards()] == list(range(1, 55))
    with pytest.raises(CardgenError):
        pack.card(55)
    assert GridPack("rm, rs", copies=3).abilities == pack.abilities  # short names, comma text
    assert pack.slug == "got-2d-rs-rm-copies-3" and GridPack(SEED_ORDER).slug == "got-2d-all"


@given(st.sets(st.sampled_from(SEED_ORDER), min_size=1))
def test_default_copies_aim_at_80_cards(names: set[str]) -> None:
    pack = GridPack(sorted(names))
    assert abs(pack.size - 80) <= pack.block / 2 or pack.copies == 1


def test_bad_packs_raise() -> None:
    with pytest.raises(CardgenError, match="row-swap, col-swap, diag-swap") as err:
        GridPack(["row-swap", "diagonal"])
    assert "\n" not in str(err.value) and "'diagonal'" in str(err.value)
    for copies in (0, -1, 101):
        with pytest.raises(CardgenError, match="copies"):
            GridPack(copies=copies)
    with pytest.raises(CardgenError):
        GridPack([])
    assert GridPack(copies=100).size == 3900 and GridPack(copies=1).size == 39


def test_warnings_for_rows_without_columns() -> None:
    (only,) = GridPack(["row-swap", "remove"]).warnings()
    assert "row-swap" in only and "col-swap" in only
    (back,) = GridPack(["v-rotate"]).warnings()
    assert "h-rotate" in back
    assert GridPack(["diag-swap", "remove"]).warnings() == []
    assert GridPack(SEED_ORDER).warnings() == []
    assert len(GridPack(SEED_ORDER[6:15:2]).warnings()) == 5


def test_card_problems_name_foreign_abilities() -> None:
    pack = GridPack(["row-swap", "col-swap"], copies=1)
    diag = Card(3, CATEGORIES["diag-swap"].abilities[0])  # type: ignore[arg-type]
    assert pack.card_problems(diag) == [("kinds", "ability AD-BE (diag-swap) is not an ability of this pack")]
    linear = Card(3, Ability.swap(0, 1))
    assert [check for check, _ in pack.card_problems(linear)] == ["kinds"]
    cards = pack.cards()
    cards[2] = diag
    assert {v.check for v in pack.check(cards) if 3 in v.cards} >= {"kinds", "order"}


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(SEED_ORDER), min_size=1), st.integers(1, 4), st.data())
def test_any_pack_passes_and_any_single_change_is_caught(names: set[str], copies: int, data: st.DataObject) -> None:
    pack = GridPack(sorted(names), copies)
    cards = pack.cards()
    assert pack.check(cards) == []
    index = data.draw(st.integers(0, len(cards) - 1))
    old: object = cards[index].ability
    # sometimes a foreign ability, sometimes one of the pack's own in the wrong place
    pool = data.draw(st.sampled_from([ALL_ABILITIES, list(pack.abilities)]))
    new = data.draw(st.sampled_from([a for a in pool if a != old]))
    cards[index] = Card(cards[index].number, new)  # type: ignore[arg-type]
    problems = pack.check(cards)
    assert problems
    assert any(cards[index].number in v.cards for v in problems)


# --- play -------------------------------------------------------------------------------------


def test_apply_examples() -> None:
    parse = GridPack.parse_ability
    assert apply(parse("AD↔CF"), START) == ((1, 8, 7), (6, 5, 4), (3, 2, 9))
    assert apply(parse("CE→X"), START, draw=77) == ((9, 8, 7), (6, 5, 4), (3, 77, 1))
    assert apply(parse("row B: swap any 2"), START, choice=((1, 0), "BF")) == ((9, 8, 7), (4, 5, 6), (3, 2, 1))
    assert apply(parse("any col: swap C↔A"), START, choice="F") == ((9, 8, 1), (6, 5, 4), (3, 2, 7))
    assert apply(parse("any row: swap D↔E"), START, choice=2) == ((9, 8, 7), (6, 5, 4), (2, 3, 1))
    assert apply(parse("*<"), START, choice="A") == ((8, 7, 9), (6, 5, 4), (3, 2, 1))
    assert apply(parse("E^v"), START, choice=-1) == ((9, 5, 7), (6, 2, 4), (3, 8, 1))
    assert apply(parse("*D-X"), START, choice=(2, 0), draw=0) == ((9, 8, 7), (6, 5, 4), (0, 2, 1))
    as_lists = [list(r) for r in START]
    apply(parse("A>"), as_lists)
    assert as_lists == [list(r) for r in START]  # the input is left alone


@pytest.mark.parametrize(
    "code, choice, draw, message",
    [
        ("A*-A*", None, None, "needs the player's choice"),
        ("A*-A*", ("AD", "BE"), None, "not in the line"),
        ("A*-A*", ("AD", "AD"), None, "two different"),
        ("A*-A*", (0, 1), None, "two cells"),
        ("A*-A*", ("AD", "AZ"), None, "not a column letter"),
        ("*D-*E", 3, None, "not a row"),
        ("*D-*E", "D", None, "not a row letter"),
        ("A<>", 2, None, "direction"),
        ("A<>", "right", None, "direction"),
        ("*>", None, None, "needs the player's choice"),
        ("A*-X", "BD", 5, "not in the line"),
        ("A*-X", "AD", None, "needs a card drawn"),
        ("AD-X", None, None, "needs a card drawn"),
        ("AD-X", "AD", 5, "specific"),
        ("AD-AE", None, 5, "takes no draw"),
        ("A>", 1, None, "specific"),
    ],
)
def test_apply_refuses_missing_or_bad_choices(code: str, choice: object, draw: int | None, message: str) -> None:
    with pytest.raises(CardgenError, match=message):
        apply(GridPack.parse_ability(code), START, choice=choice, draw=draw)  # type: ignore[arg-type]


def test_apply_refuses_abilities_off_the_arrangement() -> None:
    small = ((4, 3), (2, 1))
    with pytest.raises(CardgenError):
        apply(GridPack.parse_ability("AF-AD"), small)
    with pytest.raises(CardgenError):
        apply(GridPack.parse_ability("C>"), small)
    with pytest.raises(CardgenError):
        apply(GridPack.parse_ability("A>"), ((1, 2), (3,)))


ROTATIONS = [a for a in ALL_ABILITIES if a.action == "rotate"]
SWAPS = [a for a in ALL_ABILITIES if a.action == "swap"]


@given(arrangements(), st.sampled_from(ROTATIONS), st.data())
def test_a_rotation_three_times_is_the_identity(arr: tuple[tuple[int, ...], ...], ability: GridAbility,
                                                data: st.DataObject) -> None:  # fmt: skip
    choice = data.draw(st.sampled_from(choices(ability)))
    once = apply(ability, arr, choice=choice)  # type: ignore[arg-type]
    assert once != arr  # distinct cards: a rotation of three always moves something
    assert Counter(v for r in once for v in r) == Counter(v for r in arr for v in r)
    assert apply(ability, apply(ability, once, choice=choice), choice=choice) == arr  # type: ignore[arg-type]


@given(arrangements(), st.sampled_from(SWAPS), st.data())
def test_a_swap_twice_is_the_identity(arr: tuple[tuple[int, ...], ...], ability: GridAbility,
                                      data: st.DataObject) -> None:  # fmt: skip
    choice = data.draw(st.sampled_from(choices(ability)))
    once = apply(ability, arr, choice=choice)  # type: ignore[arg-type]
    assert once != arr and sorted(sum(once, ())) == sorted(sum(arr, ()))
    assert sum(a != b for ra, rb in zip(once, arr, strict=True) for a, b in zip(ra, rb, strict=True)) == 2
    assert apply(ability, once, choice=choice) == arr  # type: ignore[arg-type]


@given(arrangements(3, 4), st.integers(0, 2), st.integers(0, 3))
def test_rotations_on_a_wider_mat(arr: tuple[tuple[int, ...], ...], row: int, col: int) -> None:
    right = GridPack.parse_ability("*>")
    left = GridPack.parse_ability("*<")
    down = GridPack.parse_ability("*v")
    moved = arr
    for _ in range(4):
        moved = apply(right, moved, choice=row)
    assert moved == arr
    assert apply(left, apply(right, arr, choice=row), choice=row) == arr
    assert apply(down, apply(down, apply(down, arr, choice=col), choice=col), choice=col) == arr


@given(arrangements(), st.sampled_from([a for a in ALL_ABILITIES if a.action == "remove"]), st.data())
def test_a_removal_replaces_exactly_one_card(arr: tuple[tuple[int, ...], ...], ability: GridAbility,
                                             data: st.DataObject) -> None:  # fmt: skip
    choice = data.draw(st.sampled_from(choices(ability)))
    after = apply(ability, arr, choice=choice, draw=100)  # type: ignore[arg-type]
    changed = [(r, c) for r in range(3) for c in range(3) if after[r][c] != arr[r][c]]
    assert len(changed) == 1 and after[changed[0][0]][changed[0][1]] == 100
    if ability.cells:
        assert changed == list(ability.cells)
    else:
        assert changed == [choice]


def test_win_condition() -> None:
    assert is_won(((1, 2, 3), (4, 5, 6), (7, 8, 9)))
    assert is_won(((1, 2, 3), (4, 5, 6), (7, 8, 9))[::-1]) is False
    assert is_won(((1, 4, 7), (2, 5, 8), (3, 6, 9)))
    assert is_won(((3, 16, 22), (48, 50, 78), (80, 81, 90)))  # numbers need not be consecutive
    assert not is_won(((1, 2, 3), (4, 5, 6), (7, 9, 8)))  # last row not ascending
    assert not is_won(((1, 2, 3), (4, 5, 9), (7, 8, 6)))  # last column not ascending
    assert not is_won(((1, 2, 2), (4, 5, 6), (7, 8, 9)))  # strictly: a repeat (§7) is not ascending
    assert not is_won(START) and is_start(START)
    assert not is_start(((1, 2, 3), (4, 5, 6), (7, 8, 9)))
    assert not is_start(((9, 8, 7), (6, 5, 4), (3, 1, 2)))
    assert not is_start(((9, 8, 7), (6, 5, 1), (3, 2, 4)))


@given(arrangements())
def test_won_and_start_are_mirror_images(arr: tuple[tuple[int, ...], ...]) -> None:
    flipped = tuple(tuple(reversed(r)) for r in reversed(arr))  # 180° turn reverses every line
    assert is_won(arr) == is_start(flipped)
    transposed = tuple(zip(*arr, strict=True))
    assert is_won(arr) == is_won(transposed) and is_start(arr) == is_start(transposed)
    assert not (is_won(arr) and is_start(arr))


def test_every_start_turned_round_is_a_win_and_brute_force_finds_42() -> None:
    wins = [a for a in enumerate_starts(range(1, 10)) if is_won(tuple(tuple(reversed(r)) for r in reversed(a)))]
    assert len(wins) == 42  # every start, turned 180°, is a win arrangement
    brute = [p for p in permutations(range(1, 10)) if is_start((p[0:3], p[3:6], p[6:9]))]
    assert len(brute) == 42


# --- starting arrangements --------------------------------------------------------------------

KNOWN_COUNTS = {(3, 3): 42, (2, 2): 2, (2, 3): 5, (3, 2): 5, (3, 4): 462, (4, 4): 24024, (2, 5): 42, (1, 6): 1,
                (5, 5): 701149020}  # fmt: skip


@pytest.mark.parametrize("rows, cols", sorted(KNOWN_COUNTS))
def test_count_starts_hook_length_formula(rows: int, cols: int) -> None:
    assert count_starts(rows, cols) == KNOWN_COUNTS[rows, cols]


@pytest.mark.parametrize("rows, cols", [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 16])
def test_enumeration_agrees_with_the_formula(rows: int, cols: int) -> None:
    cards = [7 * k + 3 for k in range(rows * cols)]
    starts = list(enumerate_starts(reversed(cards), rows=rows, cols=cols))
    assert len(starts) == count_starts(rows, cols)
    assert len(set(starts)) == len(starts)
    for s in starts[:: max(1, len(starts) // 50)]:
        assert is_start(s) and sorted(sum(s, ())) == cards


def test_forty_two_starts_by_both_methods() -> None:
    assert count_starts(3, 3) == 42
    assert len(set(enumerate_starts([12, 3, 40, 7, 88, 61, 19, 25, 5]))) == 42


def test_bad_deals_raise() -> None:
    with pytest.raises(CardgenError, match="9 cards"):
        deal_start(range(8))
    with pytest.raises(CardgenError, match="distinct"):
        deal_start([1, 1, 2, 3, 4, 5, 6, 7, 8])
    with pytest.raises(CardgenError, match="distinct"):
        list(enumerate_starts([1, 1, 2, 3], rows=2, cols=2))
    with pytest.raises(CardgenError):
        count_starts(0, 3)


@given(
    st.integers(1, 5).flatmap(
        lambda r: st.tuples(st.just(r), st.integers(1, 5)).flatmap(
            lambda rc: st.tuples(
                st.just(rc),
                st.lists(st.integers(-999, 999), min_size=rc[0] * rc[1], max_size=rc[0] * rc[1], unique=True),
            )
        )
    ),
    st.none() | st.integers(0, 2**32),
)
def test_deal_start_always_gives_a_start(shape_cards: tuple[tuple[int, int], list[int]], seed: int | None) -> None:
    (rows, cols), cards = shape_cards
    start = deal_start(cards, rows=rows, cols=cols, seed=seed)
    assert len(start) == rows and all(len(r) == cols for r in start)
    assert is_start(start) and sorted(sum(start, ())) == sorted(cards)
    assert deal_start(cards, rows=rows, cols=cols, seed=seed) == start  # deterministic


def test_deal_start_unseeded_is_row_by_row() -> None:
    assert deal_start([5, 1, 9, 3, 7, 2, 8, 4, 6]) == START
    assert deal_start(range(6), rows=2, cols=3) == ((5, 4, 3), (2, 1, 0))


def test_seeded_deals_are_uniform_over_all_starts() -> None:
    tally = Counter(deal_start(range(6), rows=2, cols=3, seed=s) for s in range(5000))
    assert set(tally) == set(enumerate_starts(range(6), rows=2, cols=3))
    assert all(900 <= n <= 1100 for n in tally.values())  # 1000 expected each; ~3 sd either side
    nine = Counter(deal_start(range(9), seed=s) for s in range(4200))
    assert len(nine) == 42 and all(50 <= n <= 150 for n in nine.values())
