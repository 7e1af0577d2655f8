"""Tests for cardgen.rules.train.referee: the seed's examples (seeds 000, 001) typed in by hand, each decision, and properties.

Expected answers come from the rules text or from the tests' own tables below, never from the module.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.train.referee import (
    CLOSED_BY_ROUND,
    HAND,
    KINDS,
    PILES_BY_ROUND,
    RANKS,
    REOPENING,
    Verdict,
    deal_order,
    is_trainwreck,
    judge,
    leaders,
    parse_cards,
    parse_top,
    pile_sizes,
    round_setup,
    score,
    what_can_i_play,
)

# The tests' own values (decision 1): A = 1 ... K = 13, typed in by hand.
V = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13}
SEQUENCE = ["A", "2", "4", "5", "7", "9", "J", "K"]  # the seed's reopening sequence

# "What can I play on this card" in central play, worked by hand: 1 or 2 higher, or 1 lower.
CENTRAL_SINGLES = {
    "A": ["2", "3"],
    "2": ["A", "3", "4"],
    "3": ["2", "4", "5"],
    "4": ["3", "5", "6"],
    "5": ["4", "6", "7"],
    "6": ["5", "7", "8"],
    "7": ["6", "8", "9"],
    "8": ["7", "9", "10"],
    "9": ["8", "10", "J"],
    "10": ["9", "J", "Q"],
    "J": ["10", "Q", "K"],
    "Q": ["J", "K"],
    "K": ["Q"],
}
# Doubles by hand: a number Double on its own value (A counts as a number), K-K on 4, Q-Q on 5, J-J on 6.
CENTRAL_DOUBLES = {r: [r] for r in ["A", "2", "3", "7", "8", "9", "10"]}
CENTRAL_DOUBLES |= {"4": ["4", "K"], "5": ["5", "Q"], "6": ["6", "J"], "J": [], "Q": [], "K": []}


def v(
    play: str, on: str | None, where: str = "central", hand: str | None = None, open_piles: int | None = None
) -> Verdict:
    held = None if hand is None else parse_cards(hand)
    return judge(parse_cards(play), on=on, where=where, hand=held, open_piles=open_piles)


def legal(play: str, on: str | None, where: str = "central", hand: str | None = None) -> bool:
    return v(play, on, where, hand).legal


# ---------------------------------------------------------------- the seed's examples


@pytest.mark.parametrize("card", ["6", "7", "4"])
def test_seed_5_in_central_takes_6_7_or_4(card: str) -> None:
    got = v(card, "5")
    assert got.legal and got.kind == "single"


@pytest.mark.parametrize("card", ["A", "2", "3", "5", "8", "9", "10", "J", "Q", "K"])
def test_nothing_else_goes_on_a_5(card: str) -> None:
    assert not v(card, "5").legal


def test_reasons_are_plain_sentences() -> None:
    assert v("7", "5").reason == "a 7 goes on a 5 in central play: 2 higher"
    assert v("4", "5").reason == "a 4 goes on a 5 in central play: 1 lower"
    assert v("8", "5").reason == "an 8 does not go on a 5 in central play: it is 3 higher, not 1 or 2 higher or 1 lower"
    assert v("K,K", "7").reason == "double Kings go only on a 4, not on a 7"


@pytest.mark.parametrize("top", ["10", "Q", "9"])
def test_seed_sandwich_j_8_j(top: str) -> None:
    # J = 11: 1 higher than 10, 1 lower than Q, 2 higher than 9.
    got = v("J,8,J", top)
    assert got.legal and got.kind == "sandwich"
    assert v("J,8,J", top, where="pile").legal  # "Sandwiches may be played on both Central and Pile Play"


@pytest.mark.parametrize("top", ["5", "8", "J", "K", "A"])
def test_sandwich_bottom_must_follow_the_central_rule(top: str) -> None:
    # J on 5 (6 higher), on 8 (3 higher), on J (same), on K (2 lower), on A (10 higher); the middle does not help.
    got = v("J,9,J", top)
    assert not got.legal and got.kind == "sandwich"
    assert not v("J,9,J", top, where="pile").legal


def test_seed_double_4_on_a_4() -> None:
    got = v("4,4", "4")
    assert got.legal and got.kind == "double"
    assert not v("4,4", "5").legal and not v("4,4", "3").legal  # 5 and 3 would take a single 4, not a Double


@pytest.mark.parametrize(("double", "only_on"), [("K", "4"), ("Q", "5"), ("J", "6")])
def test_seed_face_doubles(double: str, only_on: str) -> None:
    for top in RANKS:
        assert v(f"{double},{double}", top).legal == (top == only_on), top
    names = {"K": "Kings", "Q": "Queens", "J": "Jacks"}
    assert v(f"{double},{double}", "7").reason == f"double {names[double]} go only on a {only_on}, not on a 7"


@pytest.mark.parametrize("number", ["2", "3", "4", "5", "6", "7", "8", "9", "10"])
def test_number_doubles_only_on_their_own_value(number: str) -> None:
    assert [top for top in RANKS if v(f"{number},{number}", top).legal] == [number]


@pytest.mark.parametrize("top", ["4", "5", "6", "K", "7"])
def test_doubles_only_in_central_play(top: str) -> None:
    for double in ("4,4", "5,5", "6,6", "K,K", "Q,Q", "J,J", "7,7"):
        got = v(double, top, where="pile")
        assert not got.legal and got.kind == "double"
        assert "only in central play" in got.reason


@pytest.mark.parametrize("play", ["J,J,4,4", "4,4,J,J", "2,2,K,K", "7,7,7,7"])
def test_seed_set_of_doubles_starts_a_round(play: str) -> None:
    got = v(play, None)
    assert got.legal and got.kind == "set of doubles"


@pytest.mark.parametrize("top", RANKS)
def test_seed_set_of_doubles_only_at_the_beginning(top: str) -> None:
    got = v("J,J,4,4", top)
    assert not got.legal and got.kind == "set of doubles"
    assert not v("J,J,4,4", top, where="pile").legal


def test_seed_double_sandwich_j_4_4_j_central_only() -> None:
    got = v("J,4,4,J", "10")
    assert got.legal and got.kind == "double sandwich"
    assert v("J,4,4,J", "Q").legal and v("J,4,4,J", "9").legal
    assert not v("J,4,4,J", "5").legal  # J is 6 higher than 5: the 1 or 2 higher, 1 lower rule
    assert not v("J,4,4,J", "4").legal  # the inner 4, 4 would go on a 4, but the bottom is the Jack
    on_pile = v("J,4,4,J", "10", where="pile")
    assert not on_pile.legal and on_pile.kind == "double sandwich"


@pytest.mark.parametrize("step", range(1, len(SEQUENCE)))
def test_seed_reopening_sequence_card_by_card(step: int) -> None:
    on, card = SEQUENCE[step - 1], SEQUENCE[step]
    got = v(card, on, where="closed")
    assert got.legal and got.kind == "reopening"
    for other in RANKS:
        if other != card:
            assert not v(other, on, where="closed").legal, (on, other)


def test_seed_pile_not_open_to_normal_play_until_the_k() -> None:
    # On a half-reopened pile the central rule does not apply: 3 on the 2 (1 higher) is refused.
    assert not v("3", "2", where="closed").legal
    assert not v("6", "5", where="closed").legal
    assert v("7", "5", where="closed").legal


@pytest.mark.parametrize("play", ["2", "J,J,4,4", "K,K,3,3"])
def test_seed_after_the_k_a_2_or_two_sets_of_doubles(play: str) -> None:
    assert v(play, "K", where="closed").legal


@pytest.mark.parametrize("play", ["3", "Q", "A", "2,2", "2,9,2", "J,4,4,J", "2,3"])
def test_after_the_k_nothing_else_restarts_a_pile(play: str) -> None:
    assert not v(play, "K", where="closed").legal


def test_seed_reopened_pile_follows_central_play_without_doubles() -> None:
    assert v("6", "5", where="pile").legal and v("7", "5", where="pile").legal and v("4", "5", where="pile").legal
    assert not v("8", "5", where="pile").legal
    assert not v("5,5", "5", where="pile").legal
    assert not v("6,5,5,6", "5", where="pile").legal


# Train: "2, 3, 4, 5, 6", the whole hand, on a closed pile with only a bare Ace.
def test_seed_train_2_3_4_5_6() -> None:
    got = v("2,3,4,5,6", "A", where="closed", hand="6,4,2,5,3")
    assert got.legal and got.kind == "train"
    assert "wins the round" in got.reason


@pytest.mark.parametrize(
    ("play", "hand", "why"),
    [
        ("2,3,4,5,6", "2,3,4,5,6,9", "whole hand"),  # another card in the hand
        ("3,4,5,6,7", "3,4,5,6,7", "begin with a 2"),  # does not start at 2
        ("2,3,5,6", "2,3,5,6", "climbs by one"),  # skips the 4
        ("2,3,4,4", "2,3,4,4", "climbs by one"),  # a repeat is not an increase
        ("6,5,4,3,2", "2,3,4,5,6", "begin with a 2"),  # laid downwards
    ],
)
def test_seed_train_refused(play: str, hand: str, why: str) -> None:
    got = v(play, "A", where="closed", hand=hand)
    assert not got.legal and got.kind == "train"
    assert why in got.reason


@pytest.mark.parametrize(
    ("on", "where"),
    [("A", "central"), ("A", "pile"), ("2", "closed"), ("K", "closed"), ("5", "central"), (None, "central")],
)
def test_seed_train_only_on_a_bare_closed_ace(on: str | None, where: str) -> None:
    got = v("2,3,4,5,6", on, where=where, hand="2,3,4,5,6")
    assert not got.legal


def test_train_needs_the_hand() -> None:
    with pytest.raises(CardgenError, match="whole hand"):
        v("2,3,4,5,6", "A", where="closed")


def test_seed_trainwreck() -> None:
    assert is_trainwreck([0, 0, 0, 0])  # all 4 piles depleted
    assert is_trainwreck([0])  # round 1, three piles closed, the open one empty: "does occur"
    assert not is_trainwreck([0, 0, 0, 1])
    assert not is_trainwreck([5])
    for bad in ([], [0, 0, 0, 0, 0], [-1], [53], [True]):
        with pytest.raises(CardgenError):
            is_trainwreck(bad)


def test_seed_round_structure() -> None:
    assert PILES_BY_ROUND == {1: 4, 2: 3, 3: 2, 4: 1}
    assert CLOSED_BY_ROUND == {1: 3, 2: 2, 3: 1, 4: 0}  # "one deck must always remain open"
    assert HAND == 7
    assert [round_setup(n) for n in (1, 2, 3, 4)] == [(4, 3), (3, 2), (2, 1), (1, 0)]
    assert round_setup(5) == round_setup(6) == (4, 3)  # a tie-breaker is set up as Round 1
    for bad in (0, -1, True):
        with pytest.raises(CardgenError):
            round_setup(bad)


def test_seed_train_fashion_deal() -> None:
    order = deal_order(["N", "E", "S", "W"])
    assert order[:4] == [("N", 1), ("E", 1), ("S", 1), ("W", 1)]
    assert order[16:20] == [("N", 1), ("E", 1), ("S", 1), ("W", 1)]  # the fifth card, one at a time
    assert order[20:] == [("N", 2), ("E", 2), ("S", 2), ("W", 2)]  # the last two together
    assert len(order) == 24
    # 52 - 4 x 7 = 24 cards left: 6 in each of round 1's four piles; 31 for three players, 8 + 8 + 8 + 7.
    assert pile_sizes(1, 4) == (6, 6, 6, 6) and pile_sizes(1, 3) == (8, 8, 8, 7)
    assert pile_sizes(2, 4) == (8, 8, 8) and pile_sizes(4, 3) == (31,)
    for bad in (["N"], ["N", "E", "S", "W", "X"], ["N", "N", "E"]):
        with pytest.raises(CardgenError):
            deal_order(bad)
    with pytest.raises(CardgenError):
        pile_sizes(1, 5)


def test_seed_scoring() -> None:
    # Four rounds won, one Trainwreck (no point, the round is dealt again).
    results = ["ann", None, "bob", "ann", "cy"]
    assert score(results) == {"ann": 2, "bob": 1, "cy": 1}
    assert leaders(results) == ["ann"]
    tied = ["ann", "bob", "ann", "bob"]
    assert leaders(tied) == ["ann", "bob"]  # a tie-breaker between the two
    assert leaders([*tied, "bob"]) == ["bob"]  # the tie-breaker's winner takes a point and the game
    assert score([None, None]) == {} and leaders([]) == []


# ---------------------------------------------------------------- decisions


def test_decision_1_face_values_and_no_wrap_around() -> None:
    assert legal("J", "10") and legal("Q", "10") and legal("9", "10")
    assert legal("K", "J") and legal("Q", "K") and legal("J", "Q")
    assert not legal("A", "K") and not legal("2", "K")  # no wrap-around
    assert not legal("K", "A") and not legal("Q", "A")


def test_decision_2_ace_in_central_play() -> None:
    assert v("A", "2").kind == "single" and legal("A", "2")
    assert legal("2", "A") and legal("3", "A") and not legal("4", "A")
    assert legal("A,A", "A") and not legal("A,A", "2")
    assert legal("A,7,A", "2")


@pytest.mark.parametrize("top", [*RANKS, None])
def test_decision_3_an_ace_closes_any_pile(top: str | None) -> None:
    got = v("A", top, where="pile")
    assert got.legal and got.kind == "closing"
    assert v("A", top, where="pile", open_piles=2).legal
    last = v("A", top, where="pile", open_piles=1)
    assert not last.legal and "one pile must always stay open" in last.reason


def test_decision_3_an_ace_on_a_pile_goes_alone() -> None:
    assert not legal("A,5,A", "2", where="pile")
    assert legal("A,5,A", "2")  # central: an ordinary Sandwich
    with pytest.raises(CardgenError):
        v("A", "5", where="pile", open_piles=0)
    with pytest.raises(CardgenError):
        judge(["A"], on="5", where="pile", open_piles=True)


@pytest.mark.parametrize("play", ["2", "K", "5", "J,8,J", "4,4", "J,J,4,4"])
def test_decision_4_a_face_down_pile_takes_only_an_ace(play: str) -> None:
    assert not legal(play, None, where="pile")


def test_decision_5_the_closing_ace_begins_the_sequence() -> None:
    assert legal("2", "A", where="closed")
    assert not legal("A", "A", where="closed")  # no second Ace


@pytest.mark.parametrize(
    ("play", "on"), [("2,4,5", "A"), ("4,5,7", "2"), ("2,4,5,7,9,J,K", "A"), ("J,K", "9"), ("K", "J")]
)
def test_decision_5_several_sequence_cards_in_one_play(play: str, on: str) -> None:
    got = v(play, on, where="closed")
    assert got.legal and got.kind == "reopening"
    assert ("restart" in got.reason) == play.endswith("K")


@pytest.mark.parametrize(
    ("play", "on"), [("2,4,6", "A"), ("4,2", "A"), ("J,K,2", "9"), ("2,2", "A"), ("2,8,2", "A"), ("2,4,4,2", "A")]
)
def test_decision_5_nothing_else_on_a_closed_pile(play: str, on: str) -> None:
    assert not legal(play, on, where="closed")


def test_decision_5_impossible_closed_piles_are_errors() -> None:
    with pytest.raises(CardgenError, match="closing Ace"):
        v("2", None, where="closed")
    with pytest.raises(CardgenError, match="never a 3"):
        v("4", "3", where="closed")


@pytest.mark.parametrize("play", ["3", "A", "K", "2,2", "2,8,2", "J,4,4,J", "4,4"])
def test_decision_6_a_round_starts_with_a_2_or_two_doubles(play: str) -> None:
    assert legal("2", None)
    assert not legal(play, None)


def test_decision_7_middles_are_free() -> None:
    for middle in RANKS:
        assert legal(f"J,{middle},J", "10")
        assert legal(f"J,{middle},{middle},J", "10")
    assert v("J,J,J,J", "10").kind == "double sandwich" and legal("J,J,J,J", "10")
    assert v("J,J,J,J", None).kind == "set of doubles"


def test_decision_8_short_trains_and_reopenings() -> None:
    assert v("2,3", "A", where="closed", hand="3,2").kind == "train"
    assert v("2,3", "A", where="closed", hand="3,2").legal
    lone = v("2", "A", where="closed", hand="2")
    assert lone.legal and lone.kind == "reopening"
    run = v("2,4,5", "A", where="closed", hand="2,4,5")
    assert run.legal and run.kind == "reopening"


def test_decision_9_a_play_comes_out_of_the_hand() -> None:
    got = v("J,8,J", "10", hand="J,8,3")
    assert not got.legal and "does not hold" in got.reason
    assert v("J,8,J", "10", hand="J,8,3,J").legal


def test_decision_10_card_text() -> None:
    assert parse_cards("j, 8 ,J") == ("J", "8", "J")
    assert parse_cards("t,10 a  k") == ("10", "10", "A", "K")
    assert parse_top("start") is None and parse_top(" Start ") is None and parse_top("q") == "Q"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("1", "write A"),
        ("¹²", "unknown card '¹²'"),
        ("７", "unknown card"),
        ("Ｊ", "unknown card"),
        ("9" * 5000, "at most 400"),
        ("9" * 399, "unknown card '999999999999…'"),
        (",".join(["2"] * 53), "at most 52"),
        ("7,7,7,7,7", "four 7s"),
        ("", "no cards"),
        ("7,,8", "missing"),
        ("7,", "missing"),
        ("7H", "unknown card '7H'"),
        ("11", "unknown card"),
        ("\x00", "unknown card"),
    ],
)
def test_decision_10_unreadable_card_text(text: str, match: str) -> None:
    with pytest.raises(CardgenError, match=match) as err:
        parse_cards(text)
    assert "\n" not in str(err.value) and len(str(err.value)) < 200


def test_unreadable_questions() -> None:
    with pytest.raises(CardgenError, match="unknown card"):
        judge(["7"], on="X")
    with pytest.raises(CardgenError, match="unknown place"):
        judge(["7"], on="5", where="deck")
    with pytest.raises(CardgenError, match="at least one card"):
        judge([], on="5")
    with pytest.raises(CardgenError, match="at most 52"):
        judge(["2"] * 53, on="5")
    with pytest.raises(CardgenError, match="one card"):
        parse_top("7,8")
    assert judge("J, 8, J", on="10", where=" Central ").legal  # text is parsed, places are case-insensitive


def test_what_can_i_play_central_is_the_hand_table() -> None:
    for top in RANKS:
        table = what_can_i_play(top)
        assert table["single"] == CENTRAL_SINGLES[top], top
        assert table["sandwich"] == CENTRAL_SINGLES[top], top
        assert table["double sandwich"] == CENTRAL_SINGLES[top], top
        assert table["double"] == CENTRAL_DOUBLES[top], top


def test_what_can_i_play_elsewhere() -> None:
    for top in RANKS:
        pile = what_can_i_play(top, where="pile")
        assert pile["single"] == sorted({"A", *CENTRAL_SINGLES[top]}, key=V.__getitem__)  # the closing Ace
        assert pile["sandwich"] == [r for r in CENTRAL_SINGLES[top] if r != "A"]
        assert pile["double"] == pile["double sandwich"] == []
    assert what_can_i_play(None) == {"single": ["2"], "sandwich": [], "double": [], "double sandwich": []}
    assert what_can_i_play(None, where="pile")["single"] == ["A"]
    for on, nxt in zip(SEQUENCE, SEQUENCE[1:]):
        assert what_can_i_play(on, where="closed") == {
            "single": [nxt],
            "sandwich": [],
            "double": [],
            "double sandwich": [],
        }
    assert what_can_i_play("K", where="closed")["single"] == ["2"]


# ---------------------------------------------------------------- properties

rank = st.sampled_from(RANKS)
plays = st.lists(rank, min_size=1, max_size=7).filter(lambda cs: max(Counter(cs).values()) <= 4)


@given(top=rank, card=rank)
def test_single_in_central_iff_1_or_2_higher_or_1_lower(top: str, card: str) -> None:
    assert judge([card], on=top).legal == (V[card] - V[top] in (1, 2, -1))


@given(top=rank, card=rank, middle=rank, inner=rank)
def test_sandwiches_follow_their_bottom_card(top: str, card: str, middle: str, inner: str) -> None:
    single = judge([card], on=top).legal
    assert judge([card, middle, card], on=top).legal == single
    assert judge([card, inner, inner, card], on=top).legal == single
    if card != "A":
        assert judge([card, middle, card], on=top, where="pile").legal == single


@given(top=st.one_of(st.none(), rank), card=rank, inner=rank, open_piles=st.one_of(st.none(), st.integers(1, 4)))
def test_a_pile_never_takes_a_double(top: str | None, card: str, inner: str, open_piles: int | None) -> None:
    assert not judge([card, card], on=top, where="pile", open_piles=open_piles).legal
    assert not judge([card, inner, inner, card], on=top, where="pile", open_piles=open_piles).legal


@given(at=st.integers(0, len(SEQUENCE) - 2), play=plays)
def test_a_closed_pile_takes_exactly_the_next_run_of_its_sequence(at: int, play: list[str]) -> None:
    on = SEQUENCE[at]
    got = judge(play, on=on, where="closed", hand=[*play, "K"] if play.count("K") < 4 else play)
    if play == SEQUENCE[at + 1 : at + 1 + len(play)]:
        assert got.legal and got.kind == "reopening"
    else:
        assert not got.legal


@given(n=st.integers(2, 12), extra=rank, data=st.data())
def test_trains(n: int, extra: str, data: st.DataObject) -> None:
    train = list(RANKS[1 : n + 1])  # 2, 3, ... n cards long
    hand = data.draw(st.permutations(train))
    assert judge(train, on="A", where="closed", hand=hand) == judge(train, on="A", where="closed", hand=train)
    assert judge(train, on="A", where="closed", hand=hand).legal
    assert not judge(train, on="A", where="closed", hand=[*hand, extra]).legal
    if n > 2:  # leave out a middle card: no Train; leaving out the 3 may leave a reopening run (2, 4, 5)
        gap = data.draw(st.integers(1, n - 2))
        shorter = train[:gap] + train[gap + 1 :]
        got = judge(shorter, on="A", where="closed", hand=shorter)
        assert not (got.legal and got.kind == "train")
        assert not got.legal or (gap == 1 and shorter == SEQUENCE[1 : len(shorter) + 1])
    top = data.draw(rank)
    where = data.draw(st.sampled_from(["central", "pile", "closed"]))
    assume(not (top == "A" and where == "closed"))
    if where != "closed" or top in REOPENING:
        assert not judge(train, on=top, where=where, hand=train).legal


@given(play=plays, top=st.one_of(st.none(), rank), where=st.sampled_from(["central", "pile", "closed"]))
def test_judge_answers_in_one_sentence_or_refuses_cleanly(play: list[str], top: str | None, where: str) -> None:
    try:
        got = judge(play, on=top, where=where)
    except CardgenError as err:
        message = str(err)
        assert where == "closed" and (top is None or top not in REOPENING or "whole hand" in message)
    else:
        assert got.kind in KINDS and got.reason and "\n" not in got.reason
        assert got.legal == what_can_i_play_says(play, top, where)
        if where != "closed":
            # the hand does not change a verdict on a play it holds
            assert judge(play, on=top, where=where, hand=[*play, "Q"] if play.count("Q") < 4 else play) == got


def what_can_i_play_says(play: list[str], top: str | None, where: str) -> bool:
    """Cross-check for the plays the table covers; other plays are taken as judged."""
    table = what_can_i_play(top, where)
    shapes = {1: "single", 2: "double"}
    if len(play) in shapes and len(set(play)) == 1:
        return play[0] in table[shapes[len(play)]]
    if len(play) == 3 and play[0] == play[2]:
        return play[0] in table["sandwich"]
    return judge(play, on=top, where=where).legal


@given(text=st.text(max_size=60))
def test_parse_cards_accepts_ranks_or_refuses_in_one_line(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CardgenError as err:
        assert "\n" not in str(err) and len(str(err)) < 200
    else:
        assert cards and all(c in RANKS for c in cards)


@given(cards=plays, data=st.data())
def test_parse_cards_reads_what_is_written(cards: list[str], data: st.DataObject) -> None:
    words = [data.draw(st.sampled_from([c, c.lower()])) for c in cards]
    gaps = [data.draw(st.sampled_from([",", ", ", " ,", " ", "  "])) for _ in words[1:]]
    text = words[0] + "".join(g + w for g, w in zip(gaps, words[1:]))
    assert parse_cards(text) == tuple(cards)


@given(players=st.lists(st.text(min_size=1, max_size=3), min_size=2, max_size=4, unique=True))
def test_every_player_is_dealt_seven(players: list[str]) -> None:
    order = deal_order(players)
    dealt: Counter[str] = Counter()
    for player, count in order:
        dealt[player] += count
    assert dealt == {p: HAND for p in players}
    assert [p for p, _ in order] == players * 6 and [c for _, c in order] == [1] * 5 * len(players) + [2] * len(players)


@given(counts=st.lists(st.integers(0, 52), min_size=1, max_size=4))
def test_trainwreck_iff_every_open_pile_is_empty(counts: list[int]) -> None:
    assert is_trainwreck(counts) == (sum(counts) == 0)


@given(results=st.lists(st.one_of(st.none(), st.sampled_from(["ann", "bob", "cy", "dee"])), max_size=12))
def test_one_point_a_round_won(results: list[str | None]) -> None:
    points = score(results)
    assert sum(points.values()) == len([r for r in results if r is not None])
    top = leaders(results)
    assert all(points[p] == max(points.values()) for p in top) and set(top) <= set(points)
