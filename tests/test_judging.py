"""§7 and §10 judged against the pack actually built: every number a card the packs print (as
often as they print it), a wild standing for a number some card carries, and the table's
winning definition. Golden facts are the seed's examples and hand-worked ones."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.cli import run
from cardgen.errors import CardgenError
from cardgen.rules.got.sequence_report import report
from cardgen.rules.got.sequences import WILD, Card, can_win, outside_pack, parse_sequence


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    cap = capsys.readouterr()
    return code, cap.out, cap.err


# seed 002 §10, an 84-card pack: the first is "a valid ascending sequence", the others are rejected
# "because the wild card would have to stand for some number that does not appear on any card"
SEED_WILDS = [("2-6-14-38-W-56-82", True), ("2-6-14-38-W-39-82", False), ("2-6-14-38-39-84-W", False)]
# seed 002 §7: (sequence, never-descending, ascending)
SEED_ORDERS = [
    ("7-6-5-4-3-2-1", False, False),
    ("7-6-4-4-3-2-1", False, False),
    ("1-2-3-4-4-6-7", True, False),
    ("1-2-3-4-5-6-7", True, True),
]


@pytest.mark.parametrize(("text", "valid"), SEED_WILDS)
def test_the_seeds_wild_examples_in_an_84_card_pack(text: str, valid: bool) -> None:
    assert can_win(parse_sequence(text), 84) is valid
    assert outside_pack(parse_sequence(text), 84) == ()


def test_a_number_beyond_the_pack_is_named_and_spoils_the_win() -> None:
    seq = parse_sequence("5-12-W-40-71")
    assert outside_pack(seq, 50) == ("71 (the cards are 1..50)",)
    assert not can_win(seq, 50) and can_win(seq, 84)  # W = 13 in a pack of 84
    # the 85 of the seed's second rejection, written out: a card no 84-card pack holds
    assert outside_pack(parse_sequence("2-6-14-38-39-84-85"), 84) == ("85 (the cards are 1..84)",)


@pytest.mark.parametrize(("text", "never_descending", "ascending"), SEED_ORDERS)
def test_the_seeds_orderings_under_each_definition_with_two_packs(
    text: str, never_descending: bool, ascending: bool
) -> None:
    seq = parse_sequence(text)
    assert can_win(seq, 84, packs=2, win="never-descending") is never_descending
    assert can_win(seq, 84, packs=2, win="ascending") is ascending


def test_repeats_need_as_many_packs() -> None:
    assert outside_pack(parse_sequence("1-2-3-4-4-6-7"), 84) == ("4 twice (one pack prints it once)",)
    assert not can_win(parse_sequence("1-2-3-4-4-6-7"), 84, win="never-descending")  # one pack has one 4
    assert outside_pack(parse_sequence("5-5-5"), 84, packs=2) == ("5 three times (2 packs print it twice)",)
    assert can_win(parse_sequence("5-5-5"), 84, packs=3, win="never-descending")  # all equal: never-descending
    # a wild stands for a number, not for a card: it may repeat one both packs' cards already show
    assert can_win((38, 38, WILD, 40), 84, packs=2, win="never-descending")
    assert not can_win((38, 38, WILD, 38), 84, packs=2, win="ascending")


def test_unknown_definitions_are_refused() -> None:
    with pytest.raises(CardgenError, match="not one of ascending, never-descending"):
        can_win((1, 2), 84, win="upward")


def test_seq_names_the_number_that_is_not_in_the_pack(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "seq", "5-12-W-40-71", "--pack-size", "50")
    assert code == 0
    assert "can be ascending with numbers 1..50: no" in out and "not in the pack: 71" in out
    # the rest of its report is as before
    code, out, _ = cli(capsys, "seq", "2-6-14-38-W-56-82", "--pack-size", "84")
    assert out.splitlines()[1:] == ["can be ascending with numbers 1..84: yes", "can be never-descending: yes"]


def test_seq_answers_for_the_tables_definition(capsys) -> None:  # type: ignore[no-untyped-def]
    out = cli(capsys, "seq", "1-2-3-4-4-6-7", "--packs", "2", "--win", "never-descending")[1]
    assert out.splitlines()[-1] == "a win (never-descending, 2 packs of 1..84): yes"
    out = cli(capsys, "seq", "1-2-3-4-4-6-7", "--packs", "2")[1]
    assert out.splitlines()[-1] == "a win (ascending, 2 packs of 1..84): no"
    code, _, err = cli(capsys, "seq", "1-2", "--win", "up")
    assert code == 2 and err.count("\n") == 1


# ---------------------------------------------------------------- properties

cards = st.one_of(st.integers(1, 7), st.just(WILD))


def brute_win(seq: list[Card], size: int, packs: int, strict: bool) -> bool:
    """Every way of reading the wilds as numbers some card carries; the numbers on cards must be
    printed as often as they appear."""
    held = Counter(c for c in seq if isinstance(c, int))
    if any(n > size or k > packs for n, k in held.items()):
        return False
    wilds = [i for i, c in enumerate(seq) if c is WILD]
    for choice in product(range(1, size + 1), repeat=len(wilds)):
        filled = list(seq)
        for i, n in zip(wilds, choice):
            filled[i] = n
        numbers = [c for c in filled if isinstance(c, int)]
        if all(a < b if strict else a <= b for a, b in zip(numbers, numbers[1:])):
            return True
    return False


@settings(max_examples=300)
@given(st.lists(cards, max_size=5), st.integers(1, 6), st.integers(1, 3))
def test_can_win_agrees_with_brute_force(seq: list[Card], size: int, packs: int) -> None:
    for win, strict in (("ascending", True), ("never-descending", False)):
        assert can_win(seq, size, packs, win) == brute_win(seq, size, packs, strict)


@given(st.lists(cards, min_size=1, max_size=6), st.integers(1, 6), st.integers(1, 3))
def test_the_report_never_says_yes_for_a_card_the_pack_lacks(seq: list[Card], size: int, packs: int) -> None:
    text = "-".join("W" if c is WILD else str(c) for c in seq)
    r = report(text, pack_size=size, packs=packs, win="never-descending")
    if r.outside:
        assert not r.can_be_ascending and not r.can_be_never_descending and not r.wins
