"""Tests for cardgen.rules.got.sequences: seed 002 facts (§5-§7, §10, §11) and properties."""

from __future__ import annotations

from collections import deque
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import Ability
from cardgen.rules.got.sequence_report import report
from cardgen.rules.got.sequences import (
    WILD,
    Card,
    allowed,
    apply,
    apply_cross,
    can_be_ascending,
    can_be_never_descending,
    format_sequence,
    inversions,
    is_ascending,
    is_clean,
    is_descending,
    is_dirty,
    is_never_ascending,
    is_never_descending,
    max_inversions,
    min_swaps,
    parse_sequence,
    sorting_swaps,
)

PACK = range(1, 85)
DORA = (53, 7, 45, 9, 50, 27, 56)  # figure 5
FIGURE_6 = (70, 69, 68, 63, 34, 31, 20)
BETH = (46, 37, 5, 12, 42, 47, 40)
CARL = (69, 63, 20, 31, 68, 70, 34)


# ---------------------------------------------------------------- seed facts


# §7 table: descending, never-ascending, never-descending, ascending
@pytest.mark.parametrize(
    ("seq", "flags"),
    [
        ((7, 6, 5, 4, 3, 2, 1), (True, True, False, False)),
        ((7, 6, 4, 4, 3, 2, 1), (False, True, False, False)),
        ((1, 2, 3, 4, 4, 6, 7), (False, False, True, False)),
        ((1, 2, 3, 4, 5, 6, 7), (False, False, True, True)),
        ((5, 5, 5, 5, 5, 5, 5), (False, True, True, False)),
    ],
)
def test_seed_orderings(seq: tuple[int, ...], flags: tuple[bool, bool, bool, bool]) -> None:
    got = (is_descending(seq), is_never_ascending(seq), is_never_descending(seq), is_ascending(seq))
    assert got == flags


def test_seed_winning_sequence_is_ascending() -> None:
    assert is_ascending((3, 16, 22, 48, 50, 78, 80))


def test_dora_inversions() -> None:
    assert inversions(DORA) == 8
    assert max_inversions(7) == 21


def test_figure_6_swaps() -> None:
    swaps = sorting_swaps(FIGURE_6)
    assert swaps == [(0, 6), (1, 5), (2, 4)]
    assert [Ability.swap(*s).label for s in swaps] == ["A↔G", "B↔F", "C↔E"]
    assert min_swaps(FIGURE_6) == 3
    assert inversions(FIGURE_6) == 21


def test_repeats_choose_the_cheaper_equal_card() -> None:
    assert sorting_swaps((2, 1, 1)) == [(0, 2)]


# Taking the first cycle found (or a stable assignment) costs 5 swaps on these; 4 is the minimum.
@pytest.mark.parametrize("seq", [(2, 3, 3, 4, 1, 2, 1), (2, 3, 4, 2, 4, 1, 3), (2, 3, 4, 3, 2, 1, 1)])
def test_repeats_need_a_real_search(seq: tuple[int, ...]) -> None:
    swaps = sorting_swaps(seq)
    assert sort_with(list(seq), swaps) == sorted(seq)
    assert len(swaps) == 4 == bfs_min_swaps(list(seq))


def test_beth_applies_bd_to_herself() -> None:
    assert apply(Ability.swap(1, 3), BETH) == (46, 12, 5, 37, 42, 47, 40)


def test_removal_replaces_with_draw() -> None:
    assert apply(Ability.removal(0), CARL, draw=11) == (11, *CARL[1:])
    assert apply(Ability.removal(6), CARL, draw=WILD)[-1] is WILD


def test_removal_without_draw_is_refused() -> None:
    with pytest.raises(CardgenError, match="needs the card drawn"):
        apply(Ability.removal(0), CARL)


def test_swap_with_draw_is_refused() -> None:
    with pytest.raises(CardgenError, match="draws no card"):
        apply(Ability.swap(0, 1), CARL, draw=5)


def test_ability_beyond_the_sequence_is_refused() -> None:
    with pytest.raises(CardgenError, match="needs space G"):
        apply(Ability.swap(0, 6), (1, 2, 3, 4, 5))


def test_earl_and_fran_cross_swap() -> None:
    bd = Ability.swap(1, 3)
    assert apply_cross(bd, BETH, CARL) == (
        (46, 31, 5, 12, 42, 47, 40),
        (69, 63, 20, 37, 68, 70, 34),
    )
    assert apply_cross(bd, BETH, CARL, my_space_first=False) == (
        (46, 37, 5, 63, 42, 47, 40),
        (69, 12, 20, 31, 68, 70, 34),
    )


def test_cross_removal_and_frozen_are_refused() -> None:
    with pytest.raises(CardgenError, match="only a swap"):
        apply_cross(Ability.removal(1), BETH, CARL)
    with pytest.raises(CardgenError, match="frozen card at space D"):
        apply_cross(Ability.swap(1, 3), BETH, CARL, their_frozen={3})
    # the other direction touches her B, not her D
    assert apply_cross(Ability.swap(1, 3), BETH, CARL, my_space_first=False, their_frozen={3})


@pytest.mark.parametrize(
    ("seq", "expected"),
    [
        ((2, 6, 14, 38, WILD, 56, 82), True),
        ((2, 6, 14, 38, WILD, 39, 82), False),  # W = 38½
        ((2, 6, 14, 38, 39, 84, WILD), False),  # W = 85
        ((38, WILD, WILD, 41), True),
        ((38, WILD, WILD, 40), False),
        ((WILD, 1), False),
        ((WILD, 2), True),
    ],
)
def test_seed_wild_cards(seq: tuple[Card, ...], expected: bool) -> None:
    assert can_be_ascending(seq, PACK) is expected


def test_wild_never_descending() -> None:
    assert can_be_never_descending((2, 6, 14, 38, WILD, 38, 82), PACK)
    assert can_be_never_descending((2, 6, 14, 38, 39, 84, WILD), PACK)  # W = 84
    assert not can_be_never_descending((2, 6, 14, 38, 39, 84, WILD), range(1, 84))


def test_clean_and_dirty() -> None:
    assert is_dirty((2, 6, WILD)) and not is_clean((2, 6, WILD))
    assert is_clean((2, 6, 14)) and not is_dirty((2, 6, 14))


def test_freezing_refuses_moving_a_frozen_card() -> None:
    andy = (8, 64, 72, 62, 24, 3, 17)
    with pytest.raises(CardgenError, match="frozen card at space A"):
        apply(Ability.removal(0), andy, draw=40, frozen={0})
    with pytest.raises(CardgenError, match="frozen card at space A"):
        apply(Ability.swap(0, 6), andy, frozen={0})
    assert apply(Ability.swap(1, 6), andy, frozen={0}) == (8, 17, 72, 62, 24, 3, 64)
    assert not allowed(Ability.swap(0, 6), {6})
    assert allowed(Ability.swap(0, 5), {6})


def test_numbers_only_where_numbers_mean_something() -> None:
    with pytest.raises(CardgenError, match="wild card"):
        inversions((1, WILD, 3))  # type: ignore[arg-type]


# ---------------------------------------------------------------- parsing and reports


def test_parse_separators() -> None:
    assert parse_sequence("53 7 45 9 50 27 56") == DORA
    assert parse_sequence(" 53,7 ,45-9 -50,27  56 ") == DORA
    assert parse_sequence("53-7-45-W-50") == (53, 7, 45, WILD, 50)
    assert parse_sequence("1 ? w") == (1, WILD, WILD)


@pytest.mark.parametrize(("text", "token"), [("53 7 4x5", "4x5"), ("1 2 0", "0"), ("1 2.5", "2.5"), ("1 ²", "²")])
def test_parse_bad_token_names_it(text: str, token: str) -> None:
    with pytest.raises(CardgenError) as caught:
        parse_sequence(text)
    message = str(caught.value)
    assert repr(token) in message
    assert "\n" not in message


@pytest.mark.parametrize("text", ["", " , - ", " ".join(["1"] * 27)])
def test_parse_empty_or_too_long(text: str) -> None:
    with pytest.raises(CardgenError):
        parse_sequence(text)


def test_format_round_trip() -> None:
    assert format_sequence(parse_sequence("2 6 14 38 ? 56 82")) == "2-6-14-38-W-56-82"


def test_report_clean() -> None:
    r = report("70 69 68 63 34 31 20")
    assert r.numbers == FIGURE_6 and r.length == 7 and r.text == "70-69-68-63-34-31-20"
    assert (r.descending, r.never_ascending, r.never_descending, r.ascending) == (True, True, False, False)
    assert (r.inversions, r.max_inversions, r.min_swaps) == (21, 21, 3)
    assert r.swaps == ("A↔G", "B↔F", "C↔E")
    assert r.clean and not r.dirty
    assert r.can_be_ascending is None and r.can_be_never_descending is None


def test_report_dora() -> None:
    r = report("53 7 45 9 50 27 56")
    assert (r.inversions, r.max_inversions, r.min_swaps) == (8, 21, 4)


def test_report_dirty_and_pack_size() -> None:
    r = report("2-6-14-38-39-84-W")
    assert r.dirty and r.ascending is None and r.inversions is None and r.swaps is None
    assert r.can_be_ascending is False
    assert report("2-6-14-38-39-84-W", pack_size=85).can_be_ascending is True
    assert report("2-6-14-38-W-56-82").can_be_ascending is True
    with pytest.raises(CardgenError, match="pack size"):
        report("1 2", pack_size=0)


# ---------------------------------------------------------------- properties


distinct = st.lists(st.integers(1, 200), min_size=0, max_size=12, unique=True)
small_repeats = st.lists(st.integers(1, 4), min_size=0, max_size=7)


def cycles(seq: list[int]) -> int:
    """Cycles of the permutation sorting distinct ``seq`` (fixed points count)."""
    where = {v: i for i, v in enumerate(sorted(seq))}
    seen: set[int] = set()
    count = 0
    for start in range(len(seq)):
        if start not in seen:
            count += 1
            i = start
            while i not in seen:
                seen.add(i)
                i = where[seq[i]]
    return count


def bfs_min_swaps(seq: list[int]) -> int:
    """Brute force: fewest swaps from ``seq`` to sorted, by breadth-first search."""
    goal = tuple(sorted(seq))
    start = tuple(seq)
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return depth[here]
        for a, b in combinations(range(len(here)), 2):
            nxt = list(here)
            nxt[a], nxt[b] = nxt[b], nxt[a]
            key = tuple(nxt)
            if key not in depth:
                depth[key] = depth[here] + 1
                queue.append(key)
    raise AssertionError("unreachable")


def sort_with(seq: list[int], swaps: list[tuple[int, int]]) -> list[int]:
    out = list(seq)
    for a, b in swaps:
        assert a < b
        out[a], out[b] = out[b], out[a]
    return out


@given(distinct)
def test_no_inversions_iff_ascending(seq: list[int]) -> None:
    assert (inversions(seq) == 0) == is_ascending(seq)


@given(st.lists(st.integers(1, 5), max_size=10))
def test_no_inversions_iff_never_descending(seq: list[int]) -> None:
    assert (inversions(seq) == 0) == is_never_descending(seq)


@given(distinct)
def test_reversed_has_all_inversions(seq: list[int]) -> None:
    backwards = sorted(seq, reverse=True)
    assert inversions(backwards) == max_inversions(len(seq)) == len(seq) * (len(seq) - 1) // 2


@given(st.lists(st.integers(1, 9), max_size=10))
def test_orderings_agree_with_sorting(seq: list[int]) -> None:
    assert is_never_descending(seq) == (seq == sorted(seq))
    assert is_never_ascending(seq) == (seq == sorted(seq, reverse=True))
    assert is_ascending(seq) == (is_never_descending(seq) and len(set(seq)) == len(seq))
    assert is_descending(seq) == (is_never_ascending(seq) and len(set(seq)) == len(seq))
    assert is_descending(seq) == is_ascending(seq[::-1])


@given(distinct)
def test_sorting_swaps_distinct(seq: list[int]) -> None:
    swaps = sorting_swaps(seq)
    assert sort_with(seq, swaps) == sorted(seq)
    assert len(swaps) == min_swaps(seq) == len(seq) - cycles(seq)


@settings(max_examples=300)
@given(small_repeats)
def test_sorting_swaps_minimal_with_repeats(seq: list[int]) -> None:
    swaps = sorting_swaps(seq)
    assert sort_with(seq, swaps) == sorted(seq)
    assert len(swaps) == bfs_min_swaps(seq)


@given(st.lists(st.integers(1, 30), max_size=26))
def test_sorting_swaps_sorts_placemat_sizes(seq: list[int]) -> None:
    assert is_never_descending(sort_with(seq, sorting_swaps(seq)))


@st.composite
def seq_and_swap(draw: st.DrawFn) -> tuple[list[int], Ability]:
    seq = draw(st.lists(st.integers(1, 84), min_size=2, max_size=10))
    a, b = draw(st.lists(st.integers(0, len(seq) - 1), min_size=2, max_size=2, unique=True))
    return seq, Ability.swap(a, b)


@given(seq_and_swap())
def test_swap_twice_is_identity(case: tuple[list[int], Ability]) -> None:
    seq, ability = case
    once = apply(ability, seq)
    assert once != tuple(seq) or seq[ability.spaces[0]] == seq[ability.spaces[1]]
    assert apply(ability, once) == tuple(seq)


@st.composite
def frozen_case(draw: st.DrawFn) -> tuple[list[int], Ability, set[int], int]:
    seq = draw(st.lists(st.integers(1, 84), min_size=2, max_size=8))
    n = len(seq)
    spaces = st.integers(0, n - 1)
    if draw(st.booleans()):
        a, b = draw(st.lists(spaces, min_size=2, max_size=2, unique=True))
        ability = Ability.swap(a, b)
    else:
        ability = Ability.removal(draw(spaces))
    frozen = draw(st.sets(spaces))
    return seq, ability, frozen, draw(st.integers(1, 84))


@given(frozen_case())
def test_frozen_spaces_never_change(case: tuple[list[int], Ability, set[int], int]) -> None:
    seq, ability, frozen, card = case
    draw = card if ability.kind == "remove" else None
    if allowed(ability, frozen):
        after = apply(ability, seq, draw=draw, frozen=frozen)
        assert all(after[s] == seq[s] for s in frozen)
        assert sorted(after) == sorted(seq) if ability.kind == "swap" else len(after) == len(seq)
    else:
        with pytest.raises(CardgenError, match="frozen"):
            apply(ability, seq, draw=draw, frozen=frozen)


def brute_can_be(seq: list[Card], pack: list[int], *, strict: bool) -> bool:
    wilds = [i for i, c in enumerate(seq) if c is WILD]
    for choice in product(pack, repeat=len(wilds)):
        filled = list(seq)
        for i, number in zip(wilds, choice):
            filled[i] = number
        numbers = [c for c in filled if isinstance(c, int)]
        if (is_ascending if strict else is_never_descending)(numbers):
            return True
    return False


cards = st.one_of(st.integers(1, 10), st.just(WILD))


@settings(max_examples=300)
@given(st.lists(cards, max_size=6), st.sets(st.integers(1, 10), max_size=8))
def test_can_be_agrees_with_brute_force(seq: list[Card], pack: set[int]) -> None:
    numbers = sorted(pack)
    assert can_be_ascending(seq, pack) == brute_can_be(seq, numbers, strict=True)
    assert can_be_never_descending(seq, pack) == brute_can_be(seq, numbers, strict=False)


@given(distinct)
def test_clean_can_be_ascending_iff_ascending(seq: list[int]) -> None:
    assert can_be_ascending(seq, PACK) == is_ascending(seq)


@given(st.lists(cards, min_size=1, max_size=26))
def test_parse_format_round_trip(seq: list[Card]) -> None:
    assert parse_sequence(format_sequence(seq)) == tuple(seq)


def test_a_pack_with_fewer_wild_cards_than_the_sequence_holds_cannot_give_it() -> None:
    """A pack built with --wilds 4 has four wild cards: seven W in a census-7 sequence is not a
    hand anyone can hold, and with --wilds 0 a single W is not either (§10 against the pack built)."""
    from cardgen.reports import seq_text
    from cardgen.rules.got.sequence_report import report
    from cardgen.rules.got.sequences import can_win, outside_pack

    r = report("W-W-W-W-W-W-W", pack_size=84, wilds=4)
    assert r.outside == ("7 wild cards (the pack has 4)",) and r.can_be_ascending is False
    assert report("W-W-W-W-W-W-W", pack_size=84).can_be_ascending is True  # when the pack's wilds are not told
    assert report("3-W-9-W", pack_size=84, wilds=2).outside == ()
    assert outside_pack((3, WILD, 9), 84, wilds=0) == ("a wild card (the pack has none)",)
    assert not can_win((3, WILD, 9), 84, wilds=0) and can_win((3, WILD, 9), 84, wilds=1)
    assert "not in the pack: a wild card (the pack has none)" in seq_text(sequence="3 W 9", pack_size=84, wilds=0)


def test_seq_takes_the_packs_wild_cards_and_refuses_a_count_out_of_range(capsys) -> None:  # type: ignore[no-untyped-def]
    from cardgen.cli import run

    assert run(["seq", "W-W-W-W-W-W-W", "--wilds", "4"]) == 0
    assert "7 wild cards (the pack has 4)" in capsys.readouterr().out
    assert run(["seq", "3-W-9", "--wilds", "-1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "wilds -1 is out of range" in err
