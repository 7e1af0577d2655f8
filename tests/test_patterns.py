"""The rules engine against the seed's own tables and figures, and properties for any census."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import Ability
from cardgen.rules.got.patterns import Card, PatternOne, PatternThree, PatternTwo, make_pattern
from tests import seed_facts as seed


def table_of(pattern) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """The pack as the seed prints it: 'A ↔ B' -> card numbers."""
    out: dict[str, list[int]] = {}
    for card in pattern.cards():
        label = card.ability.label.replace("↔", " ↔ ").replace("→", " → ")
        out.setdefault(label, []).append(card.number)
    return out


def test_pattern_one_census_7_is_the_seed_table():
    expected = seed.parse_table(seed.PATTERN_ONE_CENSUS_7)
    assert len(expected) == 21
    assert table_of(PatternOne(7)) == expected
    assert PatternOne(7).size == 84


def test_pattern_one_census_6_is_the_seed_table():
    expected = seed.parse_table(seed.PATTERN_ONE_CENSUS_6)
    assert len(expected) == 15
    assert table_of(PatternOne(6)) == expected
    assert PatternOne(6).size == 60


def test_pattern_two_census_7_is_the_seed_table_with_its_misprint_corrected():
    printed = seed.parse_table(seed.PATTERN_TWO_CENSUS_7_AS_PRINTED)
    corrected = {seed.PATTERN_TWO_CORRECTION.get(k, k): v for k, v in printed.items()}
    assert len(corrected) == 28 and "B ↔ E" in corrected and "B ↔ H" not in corrected
    assert table_of(PatternTwo(7)) == corrected
    # and the table as printed is not what we build
    assert table_of(PatternTwo(7)) != printed


def test_pattern_three_census_5_is_the_seed_table():
    expected = seed.parse_table(seed.PATTERN_THREE_CENSUS_5)
    assert table_of(PatternThree(5)) == expected
    assert PatternThree(5).size == 50
    assert PatternThree.cross_players and not PatternOne.cross_players


def test_figure_3_cards():
    pack = PatternOne(7)
    for number, code in seed.FIGURE_3:
        assert pack.card(number).ability.code == code


def test_figure_3_is_a_descending_start():
    numbers = [n for n, _ in seed.FIGURE_3]
    assert numbers == sorted(numbers, reverse=True)


@pytest.mark.parametrize("player", sorted(seed.FIGURE_5))
def test_figure_5_cards(player):
    pack = PatternTwo(7)
    for number, code in seed.FIGURE_5[player]:
        assert pack.card(number).ability.code == code, (player, number)


def test_figure_5_drawn_and_figure_6_cards():
    pack = PatternTwo(7)
    for number, code in seed.FIGURE_5_DRAWN + seed.FIGURE_6:
        assert pack.card(number).ability.code == code


@pytest.mark.parametrize("players, cards", sorted(seed.PLAYERS_TO_CARDS_PATTERN_ONE_CENSUS_7.items()))
def test_players_size_the_pack_as_the_seed_says(players, cards):
    assert make_pattern("one", 7, players=players).size == cards


def test_census_6_by_dropping_g_names_the_seeds_cards():
    first_block = [c.number for c in PatternOne(7).cards()[:21] if 6 in c.ability.spaces]
    assert first_block == seed.CENSUS_7_CARDS_NAMING_G_FIRST_BLOCK


def test_default_sizes_from_the_issue():
    assert (PatternOne(7).size, PatternOne(6).size, PatternTwo(7).size, PatternThree(5).size) == (84, 60, 84, 50)


@pytest.mark.parametrize(
    "make",
    [
        lambda: PatternOne(1),
        lambda: PatternOne(0),
        lambda: PatternOne(27),
        lambda: PatternTwo(24),  # a space named X would clash with the removal mark
        lambda: PatternOne(7, copies=0),
        lambda: make_pattern("four", 7),
        lambda: make_pattern("one", 7, copies=2, players=2),
        lambda: make_pattern("one", 7, players=1),
    ],
)
def test_bad_packs_are_refused(make):
    with pytest.raises(CardgenError):
        make()


def test_removal_marker_never_names_a_space():
    for census in range(2, 24):
        for a in PatternTwo(census).abilities:
            if a.kind == "swap":
                assert "X" not in a.code


census_and_pattern = st.one_of(
    st.tuples(st.just("one"), st.integers(2, 26)),
    st.tuples(st.just("two"), st.integers(2, 23)),
    st.tuples(st.just("three"), st.integers(2, 26)),
)


@settings(max_examples=150, deadline=None)
@given(census_and_pattern, st.integers(1, 8))
def test_every_pack_keeps_its_distribution(pc, copies):
    name, census = pc
    pack = make_pattern(name, census, copies=copies)
    cards = pack.cards()
    numbers = [c.number for c in cards]
    assert numbers == list(range(1, len(cards) + 1))  # 1..N once each
    swaps = {Ability.swap(a, b) for a, b in combinations(range(census), 2)}
    removals = {Ability.removal(a) for a in range(census)} if name == "two" else set()
    assert set(pack.abilities) == swaps | removals  # exactly the pattern's abilities
    block = len(pack.abilities)
    for b in range(copies):  # each ability once per block
        chunk = cards[b * block : (b + 1) * block]
        assert len({c.ability for c in chunk}) == block == len(chunk)
    for b in range(1, copies + 1):  # every reduced pack balanced
        reduced = cards[: b * block]
        counts = {a: 0 for a in pack.abilities}
        for c in reduced:
            counts[c.ability] += 1
        assert set(counts.values()) == {b}
    assert all(max(c.ability.spaces) < census for c in cards)
    assert pack.check(cards) == []


@settings(max_examples=100, deadline=None)
@given(census_and_pattern, st.integers(1, 5), st.data())
def test_any_single_card_alteration_is_caught_and_named(pc, copies, data):
    name, census = pc
    pack = make_pattern(name, census, copies=copies)
    cards = pack.cards()
    i = data.draw(st.integers(0, len(cards) - 1))
    others = [a for a in pack.abilities if a != cards[i].ability]
    if not others:  # census 2, pattern one: a pack of one ability cannot be altered within it
        return
    new = data.draw(st.sampled_from(others))
    cards[i] = Card(cards[i].number, new)
    violations = pack.check(cards)
    assert violations
    assert any(cards[i].number in v.cards for v in violations)
