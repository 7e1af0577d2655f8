"""SuperTrain's engine, decision by decision (``rules.supertrain.play.DECISIONS``), on positions worked
by hand from the seed (003). Trains are numbered by seat, the Mexican Train last."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardgen.errors import CardgenError
from cardgen.rules.supertrain.dominoes import parse_tile, tile_set
from cardgen.rules.supertrain.play import DECISIONS, NAME, TILES, WILD, Counts, Round, deal, end_of
from cardgen.rules.supertrain.simulation import GameRecord, RoundRecord, Setup, Side, play_game

# --- facts typed by hand from the seed ---
# "12-12 ... then the 11-11 ... down to the 0-0 and finally the Train-Train"
ENGINE_ORDER = ["12-12", "11-11", "10-10", "9-9", "8-8", "7-7", "6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0",
                "Train-Train"]  # fmt: skip
SEED_HAND_SIZES = {2: 25, 3: 23, 4: 18, 5: 16, 6: 14, 7: 12, 8: 11}
PILE_WITH_WILDS = {2: 61, 3: 42, 4: 39, 5: 31, 6: 27, 7: 27, 8: 23}  # 112 − 1 − hands
PILE_WITHOUT = {2: 40, 3: 21, 4: 18, 5: 10, 6: 6, 7: 6, 8: 2}  # 91 − 1 − hands


def game(
    hands: list[list[str]], pile: list[str] = (), round_no: int = 1, first: int | None = None
) -> tuple[Round, list[dict[str, Any]]]:  # type: ignore[assignment]
    """A round from tile names (the pile top first), and the list its events go to."""
    free: dict[str, list[int]] = {}
    for i, t in enumerate(TILES):
        free.setdefault(t.name, []).append(i)
    ids = [[free[parse_tile(n).name].pop() for n in h] for h in hands]
    pile_ids = [free[parse_tile(n).name].pop() for n in pile]
    events: list[dict[str, Any]] = []
    return Round(len(hands), round_no, ids, pile_ids, first, events.append), events


def plays(r: Round) -> set[tuple[str, int, object, object]]:
    """The legal plays as (tile, train, end laid, end left)."""
    return {(NAME[m.tile], m.train, end_of(m.laid), end_of(m.left)) for m in r.legal_plays()}


def play(r: Round, name: str, train: int, laid: object) -> None:
    name = parse_tile(name).name
    for m in r.legal_plays():
        if NAME[m.tile] == name and m.train == train and end_of(m.laid) == laid:
            r.play(m)
            return
    raise AssertionError(f"{name} on {train} by {laid} is not among {sorted(plays(r))}")


def test_every_decision_is_a_sentence() -> None:
    assert len(DECISIONS) >= 12 and all(d.endswith(".") for d in DECISIONS)


# --- rounds and the deal ---


def test_rounds_follow_the_seed_and_plain_has_no_train_train_round() -> None:
    from cardgen.rules.supertrain.play import ENGINE_ID

    assert [NAME[i] for i in ENGINE_ID] == ENGINE_ORDER
    assert Setup(rounds=14).played == 14 and Setup(rounds=14, wilds=False).played == 13
    with pytest.raises(CardgenError, match="round 14 is out of range"):
        deal(2, 14, seed=1, wilds=False)


@pytest.mark.parametrize("players", range(2, 9))
def test_the_deal_is_the_seeds_table_and_the_set_less_the_engine(players: int) -> None:
    hands, pile = deal(players, 3, seed=11)
    assert [len(h) for h in hands] == [SEED_HAND_SIZES[players]] * players
    assert len(pile) == PILE_WITH_WILDS[players]
    dealt = Counter(NAME[t] for t in [*pile, *(t for h in hands for t in h)])
    assert dealt == Counter(t.name for t in tile_set("full")) - Counter(["10-10"])  # round 3's engine


@pytest.mark.parametrize("players", range(2, 9))
def test_without_wilds_each_wild_is_replaced_by_the_next_number_tile_of_the_pile(players: int) -> None:
    hands, pile = deal(players, 1, seed=5)
    plain, rest = deal(players, 1, seed=5, wilds=False)
    assert len(rest) == PILE_WITHOUT[players] and not any(WILD[t] for h in plain for t in [*h, *rest])
    numbers_of_pile = [t for t in pile if not WILD[t]]
    given = 0
    for hand, new in zip(hands, plain):
        kept = [t for t in hand if not WILD[t]]
        wanted = len(hand) - len(kept)
        assert new == kept + numbers_of_pile[given : given + wanted]  # seat by seat, the pile's order
        given += wanted
    assert rest == numbers_of_pile[given:]


def test_the_lead_moves_one_seat_a_round() -> None:
    assert game([["12-5"], ["12-6"], ["12-7"]])[0].current == 0
    r, _ = game([["8-5", "1-0"], ["8-6", "2-0"], ["8-7", "3-0"]], round_no=5)  # the 8-8 round
    assert r.current == 1  # rounds 1, 4 led by seat 0; 2, 5 by seat 1: (5 − 1) mod 3
    play(r, "8-6", 1, 8)
    assert r.current == 2


def test_play_goes_in_seat_order() -> None:
    r, _ = game([["12-5", "1-0"], ["12-6", "2-0"], ["12-7", "3-0"]])
    play(r, "12-5", 0, 12)
    assert r.current == 1
    play(r, "12-6", 1, 12)
    assert r.current == 2


# --- trains and where a tile may go ---


def test_own_train_and_the_mexican_train_start_from_the_engine() -> None:
    r, _ = game([["12-5", "4-3"], ["12-7", "5-1"]])
    assert plays(r) == {("12-5", 0, 12, 5), ("12-5", 2, 12, 5)}  # own train or the Mexican Train
    play(r, "12-5", 2, 12)
    assert (("5-1", 2, 5, 1)) in plays(r)  # the Mexican Train is open to the next player too


def test_another_players_train_takes_a_tile_only_with_a_marker() -> None:
    r, events = game([["12-4", "0-0"], ["12-7", "4-1", "8-8"]])
    play(r, "12-4", 0, 12)
    assert ("4-1", 0, 4, 1) not in plays(r)  # seat 0's train is not marked
    r, events = game([["4-3", "9-9"], ["12-4", "4-1", "8-8"]], pile=["11-10"])
    # seat 0 cannot play: draws 10-11, still cannot: passes, and its train gets a marker
    assert [e["event"] for e in events] == ["draw", "pass"] and r.marked[0]
    assert r.current == 1 and ("12-4", 0, 12, 4) in plays(r)  # on seat 0's marked train


def test_an_a_train_goes_on_an_unmarked_train_of_another_player() -> None:
    r, _ = game([["12-5", "0-0"], ["A-Train", "12-6"]])
    play(r, "12-5", 0, 12)
    assert ("A-Train", 0, "A", "Train") in plays(r) and ("A-Train", 0, "Train", "A") in plays(r)
    assert not any(t == 0 for name, t, _, _ in plays(r) if name == "12-6")


# --- you must play; drawing ---


def test_a_player_who_can_play_must_and_one_who_cannot_draws_once() -> None:
    r, events = game([["4-3"], ["12-7", "1-0"]], pile=["12-6", "9-9"])
    assert events == [{"event": "draw", "turn": 1, "player": 0, "tile": "12-6", "why": "stuck"}]
    assert plays(r) == {("12-6", 0, 12, 6), ("12-6", 2, 12, 6)}  # the drawn tile must be played


def test_still_unable_after_the_draw_the_player_passes_and_marks_their_train() -> None:
    r, events = game([["4-3"], ["12-7", "1-0"]], pile=["9-9", "12-6"])
    assert [e["event"] for e in events] == ["draw", "pass"]  # one draw, not two
    assert r.marked[0] and r.current == 1 and sorted(r.hand_names(0)) == ["4-3", "9-9"]


def test_the_marker_comes_off_when_the_owner_plays_on_their_train() -> None:
    r, _ = game([["4-3"], ["12-7", "1-0", "5-5"]], pile=["9-9", "12-9"])
    assert r.marked[0]
    play(r, "12-7", 1, 12)
    assert r.current == 0 and ("12-9", 0, 12, 9) in plays(r)
    play(r, "12-9", 0, 12)
    assert not r.marked[0]


# --- doubles ---


def start_doubles() -> Round:
    # seat 0 lays 12-9 on its train, seat 1 12-7 on its own: then seat 0 holds 9-9
    r, _ = game([["12-9", "9-9", "9-3", "5-5", "1-0"], ["12-7", "7-2", "6-2", "11-10"]])
    play(r, "12-9", 0, 12)
    play(r, "12-7", 1, 12)
    return r


def test_a_double_earns_a_play_that_must_satisfy_it() -> None:
    r = start_doubles()
    play(r, "9-9", 0, 9)
    assert r.current == 0 and r.open[0]
    assert plays(r) == {("9-3", 0, 9, 3)}  # not 5-5 (no 5 anywhere), not 0-1
    play(r, "9-3", 0, 9)
    assert r.current == 1 and not r.open[0]


def test_an_open_double_binds_the_next_player_on_any_train() -> None:
    r, events = game([["12-9", "9-9", "4-4"], ["12-7", "9-2", "7-3"]], pile=["11-10", "1-0"])
    play(r, "12-9", 0, 12)
    play(r, "12-7", 1, 12)
    play(r, "9-9", 0, 9)  # seat 0 cannot follow: draws 10-11, passes; the double stays open
    assert [e["event"] for e in events[-2:]] == ["draw", "pass"] and r.open[0] and r.marked[0]
    assert plays(r) == {("9-2", 0, 9, 2)}  # seat 1 must satisfy it: 7-3 on its own train is not allowed


def test_a_second_double_elsewhere_only_in_the_turn_that_opened_the_first() -> None:
    r, _ = game([["12-9", "9-9", "6-6", "9-3"], ["12-6", "11-10"]])
    play(r, "12-9", 0, 12)
    play(r, "12-6", 2, 12)  # the Mexican Train ends at 6
    play(r, "9-9", 0, 9)
    assert plays(r) == {("9-3", 0, 9, 3), ("6-6", 2, 6, 6)}  # satisfy it, or a second double elsewhere
    r, _ = game([["12-9", "9-9", "1-0"], ["12-6", "6-6", "9-2"]], pile=["11-10"])
    play(r, "12-9", 0, 12)
    play(r, "12-6", 2, 12)
    play(r, "9-9", 0, 9)  # seat 0 cannot follow: draws 11-10 and passes
    assert r.current == 1 and plays(r) == {("9-2", 0, 9, 2)}  # seat 1 may not lay 6-6 instead


def test_never_more_than_two_doubles_open() -> None:
    # seat 0's train ends at 5, the Mexican Train at 6; seat 0 lays the T on its train, leaving a Red Train
    r = t_position(["6-1", "3-0"])
    play(r, "T-Train", 0, "T")
    play(r, "8-8", 0, 8)  # a double on the Red Train: open, on seat 0's train
    play(r, "6-6", 2, 6)  # a second double elsewhere, in the same turn
    assert sum(r.open) == 2 and not any(name == "5-5" for name, *_ in plays(r))  # no third
    assert plays(r) == {("6-1", 2, 6, 1)}


def test_no_double_on_an_open_double_and_the_double_train_never_starts_a_train() -> None:
    r, _ = game([["12-5", "5-5", "Train-Train", "A-Train"], ["12-6", "4-3"]])
    assert not any(name == "Train-Train" for name, *_ in plays(r))  # the engine is a double
    play(r, "12-5", 0, 12)
    play(r, "12-6", 1, 12)
    play(r, "5-5", 0, 5)
    assert ("Train-Train", 0, "Train", "Train") not in plays(r)
    assert ("A-Train", 0, "A", "Train") in plays(r)


def test_the_train_train_round_takes_any_tile_doubles_too() -> None:
    r, _ = game([["3-3", "1-0"], ["9-9", "9-4"]], round_no=14)  # led by seat 1: (14 − 1) mod 2
    assert r.current == 1 and {("9-9", 1, 9, 9), ("9-4", 1, 9, 4), ("9-4", 1, 4, 9)} <= plays(r)


# --- the T-Train ---


def t_position(extra: list[str]) -> Round:
    # seat 0's train ends at 5, the Mexican Train at 6 (seat 1 laid 12-6 there)
    r, _ = game([["12-5", "5-5", "6-6", "T-Train", "8-8", *extra], ["12-6", "6-2", "10-9"]])
    play(r, "12-5", 0, 12)
    play(r, "12-6", 2, 12)
    return r


def test_the_seeds_five_tile_t_train_turn_leaves_one_double_open() -> None:
    r = t_position(["6-1", "8-2", "3-0"])
    play(r, "5-5", 0, 5)  # "Play a double,
    play(r, "6-6", 2, 6)  # then as the follow-up, play another double elsewhere,
    play(r, "T-Train", 0, "T")  # and then play the "T" domino onto one of those doubles
    play(r, "8-8", 0, 8)  # and then play a double as your second play onto the "T"
    assert r.current == 0 and sum(r.open) == 2
    play(r, "8-2", 0, 8)  # and then a final domino onto either of the exposed doubles."
    assert r.current == 1 and r.open == [False, False, True] and r.counts.t_sizes == {5: 1}


def test_four_tiles_on_one_train_leave_no_double_open() -> None:
    r = t_position(["8-2", "3-0"])
    play(r, "5-5", 0, 5)
    play(r, "T-Train", 0, "T")
    play(r, "8-8", 0, 8)
    play(r, "8-2", 0, 8)
    assert r.current == 1 and not any(r.open) and r.counts.t_sizes == {4: 1}


def test_usually_the_t_train_earns_one_more_play() -> None:
    r, _ = game([["T-Train", "4-3", "4-1"], ["12-6", "2-0"]])
    play(r, "T-Train", 0, "T")
    assert r.current == 0
    play(r, "4-3", 0, 3)
    assert r.current == 1 and r.counts.t_sizes == {2: 1}


def test_the_special_circumstance_a_t_drawn_after_a_double_goes_anywhere() -> None:
    r, _ = game([["12-4", "4-4", "2-1", "11-10"], ["12-8", "10-9", "4-3"]], pile=["T-Train", "3-0"])
    play(r, "12-4", 0, 12)
    play(r, "12-8", 1, 12)
    play(r, "4-4", 0, 4)  # no 4 to follow: seat 0 draws the T-Train
    assert r.hand_names(0)[-1] == "T-Train"
    assert ("T-Train", 2, "T", "Train") in plays(r)  # anywhere: the Mexican Train too
    play(r, "T-Train", 2, "T")
    assert ("2-1", 2, 1, 2) in plays(r)  # "then play the follow-up domino anywhere eligible"
    play(r, "2-1", 2, 1)
    assert r.current == 1 and r.open[0] and not r.marked[0] and r.counts.special_t == 1


def test_a_t_held_from_the_start_must_satisfy_the_double() -> None:
    r, _ = game([["12-4", "4-4", "T-Train", "2-1"], ["12-8", "10-9", "6-6"]])
    play(r, "12-4", 0, 12)
    play(r, "12-8", 1, 12)
    play(r, "4-4", 0, 4)
    assert {t for _, t, _, _ in plays(r)} == {0}


# --- D, S, R, A ---


def test_d_train_the_next_player_draws_before_playing() -> None:
    r, events = game([["D-Train", "4-3"], ["12-7", "1-0"]], pile=["6-5", "9-9"])
    play(r, "D-Train", 0, "D")
    assert events[-1] == {"event": "draw", "turn": 2, "player": 1, "tile": "6-5", "why": "D-Train"}
    assert r.current == 1 and "6-5" in r.hand_names(1)


def test_s_train_the_next_player_misses_a_turn() -> None:
    r, events = game([["S-Train", "4-3"], ["12-7", "1-0"], ["12-8", "2-0"]])
    play(r, "S-Train", 0, "S")
    assert events[-1] == {"event": "skip", "player": 1} and r.current == 2 and not r.marked[1]


def test_r_train_reverses_play_for_the_rest_of_the_round() -> None:
    r, _ = game([["R-Train", "4-3", "5-4"], ["12-7", "1-0"], ["12-8", "2-0", "8-1"]])
    play(r, "R-Train", 0, "R")
    assert r.current == 2
    play(r, "12-8", 2, 12)
    assert r.current == 1


def test_with_two_players_a_reversal_changes_nothing() -> None:
    r, _ = game([["R-Train", "4-3"], ["12-7", "1-0"]])
    play(r, "R-Train", 0, "R")
    assert r.current == 1 and r.direction == -1


def test_an_a_train_does_not_excuse_satisfying_an_open_double() -> None:
    r, _ = game([["12-9", "9-9", "4-4"], ["12-7", "A-Train", "7-3"]], pile=["11-10"])
    play(r, "12-9", 0, 12)
    play(r, "12-7", 1, 12)
    play(r, "9-9", 0, 9)  # cannot follow, draws, passes
    assert {t for name, t, _, _ in plays(r) if name == "A-Train"} == {0}


def test_actions_take_effect_when_the_turn_ends() -> None:
    r, events = game([["T-Train", "S-Train", "4-3"], ["12-7", "1-0"], ["12-8", "2-0"], ["12-9", "5-0"]])
    play(r, "T-Train", 0, "T")
    play(r, "S-Train", 0, "S")
    assert events[-1] == {"event": "skip", "player": 1} and r.current == 2


# --- the end of a round and scores ---


def test_a_round_ends_when_a_player_is_out_even_on_a_double() -> None:
    r, _ = game([["12-9", "9-9"], ["12-7", "1-0", "3-3"]])
    play(r, "12-9", 0, 12)
    play(r, "12-7", 1, 12)
    play(r, "9-9", 0, 9)
    assert r.phase == "over" and r.reason == "out" and r.out == 0 and r.scores() == [0, 1 + 6]


def test_a_round_is_blocked_when_nobody_could_play_even_on_an_open_train() -> None:
    r, events = game([["4-3"], ["6-5"]])
    assert r.phase == "over" and r.reason == "blocked" and r.scores() == [7, 11]
    assert [e["event"] for e in events] == ["pass"]  # nothing to draw


def test_not_blocked_while_a_marker_would_open_a_play() -> None:
    r, _ = game([["4-3"], ["12-4", "6-5"]])
    assert r.phase == "play" and r.current == 1  # seat 0 passed; seat 1 can play
    play(r, "12-4", 1, 12)  # seat 0 cannot reach 4 (unmarked), passes; seat 1 passes and marks its train
    assert r.phase == "play" and r.current == 0 and plays(r) == {("4-3", 1, 4, 3)}
    play(r, "4-3", 1, 4)
    assert r.reason == "out" and r.scores() == [0, 11]


def test_the_seeds_scoring_example() -> None:
    # "The wild Red Trains count 10 each, the special action Letters count 10 each ... in addition to the
    # numbers on the other end": 12-5 (17) + 3-Train (13) + A-Train (20), and 0 for the player out
    r, _ = game([["12-6", "12-5", "3-Train", "A-Train"], ["12-1"]])
    play(r, "12-6", 0, 12)
    play(r, "12-1", 1, 12)
    assert r.reason == "out" and r.scores() == [50, 0]


def test_lowest_total_wins_and_equal_totals_share() -> None:
    side = Side(3)
    rec = RoundRecord(1, "12-12", 0, 10, "out", 2, (10, 10, 0), Counts())
    side.add(GameRecord(1, Setup(players=3, rounds=1), "good", (rec,), (10, 10, 30), (0, 1)))
    assert side.wins == [420, 420, 0]  # half a win each, in 840ths


@pytest.mark.parametrize("seed", range(4))
def test_a_simulated_game_is_won_by_the_lowest_total(seed: int) -> None:
    g = play_game(Setup(players=5, rounds=3), seed)
    assert list(g.winners) == [s for s, t in enumerate(g.totals) if t == min(g.totals)]
    assert g.totals == tuple(sum(r.scores[s] for r in g.rounds) for s in range(5))


# --- invariants over whole games ---


@pytest.mark.parametrize("players, wilds, bot", [(2, True, "random"), (5, True, "good"), (8, False, "random")])
def test_tiles_are_never_lost_or_made(players: int, wilds: bool, bot: str) -> None:
    for seed in range(3):
        for rn in (1, 13):
            hands, pile = deal(players, rn, seed, wilds)
            r = Round(players, rn, hands, pile)
            import random

            from cardgen.rules.supertrain.bots import bot as named

            rng, choose = random.Random(seed), named(bot)
            total = sum(len(h) for h in r.hands) + len(r.pile)
            while r.phase == "play":
                before = sum(len(h) for h in r.hands) + len(r.pile) + sum(r.laid)
                r.play(choose(r, rng))
                assert sum(len(h) for h in r.hands) + len(r.pile) + sum(r.laid) == before == total
            assert r.reason in ("out", "blocked")
