"""The named checks catch the seed's own misprint, and say where."""

from __future__ import annotations

from cardgen.rules.got.abilities import Ability
from cardgen.rules.got.pack_checks import CHECKS
from cardgen.rules.got.patterns import Card, PatternOne, PatternTwo
from tests import seed_facts as seed


def printed_pattern_two() -> list[Card]:
    cards = []
    for label, numbers in seed.parse_table(seed.PATTERN_TWO_CENSUS_7_AS_PRINTED).items():
        cards += [Card(n, Ability.parse(label, census=7)) for n in numbers]
    return sorted(cards, key=lambda c: c.number)


def test_the_seeds_table_as_printed_fails_with_the_violations_named():
    violations = PatternTwo(7).check(printed_pattern_two())
    messages = [str(v) for v in violations]
    assert "card 13: space H is not on a census-7 mat" in messages
    assert "ability BE missing: wanted 3, found 0" in messages
    assert any(m.startswith("cards 11, 12, 13 are out of the pattern's order") for m in messages)
    spaces = [v for v in violations if v.check == "spaces"]
    assert sorted(n for v in spaces for n in v.cards) == [13, 41, 69]
    order = [v.cards for v in violations if v.check == "order"]
    assert order == [(11, 12, 13), (39, 40, 41), (67, 68, 69)]
    assert {v.check for v in violations} <= set(CHECKS)


def test_the_corrected_table_passes():
    fixed = []
    for label, numbers in seed.parse_table(seed.PATTERN_TWO_CENSUS_7_AS_PRINTED).items():
        label = seed.PATTERN_TWO_CORRECTION.get(label, label)
        fixed += [Card(n, Ability.parse(label, census=7)) for n in numbers]
    assert PatternTwo(7).check(fixed) == []


def test_numbers_duplicated_missing_and_outside():
    pack = PatternOne(4, copies=2)
    cards = pack.cards()
    cards[3] = Card(2, cards[3].ability)  # 2 twice, 4 missing
    cards.append(Card(99, cards[0].ability))
    found = {str(v) for v in pack.check(cards) if v.check == "numbers"}
    assert found == {"card 2 appears 2 times", "card 99 outside 1–12", "card 4 missing from a pack of 12"}


def test_a_removal_in_pattern_one_is_named():
    pack = PatternOne(5)
    cards = pack.cards()
    cards[4] = Card(5, Ability.removal(0))
    kinds = [v for v in pack.check(cards) if v.check == "kinds"]
    assert [str(v) for v in kinds] == ["card 5: removal AX is not an ability of pattern one"]


def test_block_and_reduced_pack_violations_name_cards():
    pack = PatternOne(4, copies=3)  # 6 abilities a block
    cards = pack.cards()
    # swap cards 6 and 7's abilities: order breaks, blocks 1 and 2 each get one ability twice
    cards[5], cards[6] = Card(6, cards[6].ability), Card(7, cards[5].ability)
    v = pack.check(cards)
    blocks = [x for x in v if x.check == "blocks"]
    assert any(x.cards == (1, 6) for x in blocks)
    reduced = [x for x in v if x.check == "reduced"]
    assert reduced and 6 in reduced[0].cards
