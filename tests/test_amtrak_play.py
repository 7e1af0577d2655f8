"""The Amtrak play model (cardgen.rules.amtrak.play): each rule decision, hand-worked positions,
and properties over any seed, table and strategy (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.amtrak.bots import good, random_bot
from cardgen.rules.amtrak.play import (
    DECISIONS,
    JOKER,
    AmtrakGame,
    AmtrakSetup,
    Discard,
    Draw,
    Keep,
    Switch,
    Take,
    card,
    deck_of,
)
from cardgen.rules.amtrak.scoring import full_staff, score_train

A, K, Q, J = card("A"), card("K"), card("Q"), card("J")


def c(*ranks: str) -> list[int]:
    return [card(r) for r in ranks]


def cars(*texts: str) -> list[tuple[int, int]]:
    return [(card(t.split("/")[0]), card(t.split("/")[1])) for t in texts]


def position(players: int = 1, **kw: object) -> AmtrakGame:
    kw.setdefault("discard", c("2"))
    kw.setdefault("deck", c("3", "4", "5", "6", "8", "9", "10"))
    return AmtrakGame.from_position(AmtrakSetup(players=players), **kw)  # type: ignore[arg-type]


def everything(game: AmtrakGame) -> Counter[int]:
    """Every card of the game, wherever it is (a Car is its Tie and two Rails)."""
    out = Counter(game.deck + game.discard + game.facedown + [x for t in game.tracks for x in t])
    for train in game.trains:
        for tie, rail in train:
            out.update((tie, rail, rail))
    if game.hand is not None:
        out[game.hand] += 1
    return out


# --- the decisions, one by one ------------------------------------------------------------------


def test_every_decision_is_a_sentence() -> None:
    assert len(DECISIONS) >= 12
    assert all(d.endswith(".") and len(d) > 40 for d in DECISIONS)
    assert "DECISIONS" not in (AmtrakGame.__doc__ or "")


def test_the_deck_is_a_standard_pack_and_two_jokers() -> None:
    deck = deck_of()
    assert len(deck) == 54 and deck.count(JOKER) == 2
    assert all(deck.count(r) == 4 for r in range(13))
    assert len(deck_of(0)) == 52 and deck_of(4).count(JOKER) == 4
    with pytest.raises(CardgenError, match="jokers 9 is out of range"):
        AmtrakSetup(jokers=9)
    with pytest.raises(CardgenError, match="Amtrak is for 1 to 4 players"):
        AmtrakSetup(players=0)


def test_set_up_order_discard_then_facedown_then_tracks_tie_first() -> None:
    for seed in range(20):
        shuffled = deck_of()
        random.Random(seed).shuffle(shuffled)  # shuffled[0] is the top card
        game = AmtrakGame(AmtrakSetup(players=1), seed)
        if game.trains[0]:
            continue  # the first Track matched: a Car (tested below)
        assert game.discard == [shuffled[0]]
        assert sorted(game.facedown) == sorted(shuffled[1:4])
        assert game.tracks[0] == shuffled[4:7]  # the Tie is the first card drawn
        two = AmtrakGame(AmtrakSetup(players=2), seed)
        if not any(two.trains):
            assert two.facedown == [] and two.tracks == [shuffled[1:4], shuffled[4:7]]
        assert game.current == 0 and game.phase == "turn"


def test_rails_match_by_rank_and_jokers_match_only_each_other() -> None:
    game = position(tracks=[c("K", "7", "JK")], deck=c("JK", "3", "4", "5"))
    game.play(Draw())
    game.play(Keep(1))  # JK and JK: a match
    assert game.trains[0] == cars("K/JK")
    game = position(tracks=[c("K", "7", "9")], deck=c("JK", "3", "4", "5"))
    game.play(Draw())
    game.play(Keep(2))  # 7 and JK: no match, the Joker is not wild as a Rail
    assert game.trains[0] == [] and game.tracks[0] == c("K", "7", "JK")


def test_a_track_laid_matching_is_a_car_at_once_even_at_set_up() -> None:
    seeds = [s for s in range(400) if AmtrakGame(AmtrakSetup(players=2), s).trains != [[], []]]
    assert seeds, "no set-up Car in 400 seeds"
    game = AmtrakGame(AmtrakSetup(players=2), seeds[0])
    assert game.current == 0 and game.turn == 0 and game.extra_turns == 0  # no extra turn for a set-up Car
    assert all(len(t) == 3 and t[1] != t[2] for t in game.tracks)
    assert sum(everything(game).values()) == 54


def test_a_car_gives_one_extra_turn_however_many_cars_the_turn_made() -> None:
    # Take the 9: K/9 is a Car; the new Track (Q 5 5) is a Car too; then (8 3 4) stands.
    game = position(
        2, tracks=[c("K", "9", "4"), c("2", "3", "4")], discard=c("9"), deck=c("Q", "5", "5", "8", "3", "4", "10")
    )
    game.play(Take(2))
    assert game.trains[0] == cars("K/9", "Q/5")
    assert game.tracks[0] == c("8", "3", "4")
    assert game.current == 0 and game.extra_turns == 1 and game.turn == 1
    game.play(Switch(1))  # no Car: the turn passes
    assert game.current == 1


def test_a_switch_is_always_allowed_and_can_make_a_car() -> None:
    game = position(tracks=[c("7", "K", "7")])
    assert Switch(1) in game.legal_moves() and Switch(2) in game.legal_moves()
    game.play(Switch(1))
    assert game.trains[0] == cars("K/7")
    same = position(tracks=[c("7", "7", "9")])
    same.play(Switch(1))  # two sevens exchanged: nothing changes, and it is a turn
    assert same.tracks[0] == c("7", "7", "9") and same.turn == 1


def test_a_drawn_card_is_discarded_or_placed_a_taken_card_must_be_placed() -> None:
    game = position(tracks=[c("K", "7", "9")], deck=c("Q", "3", "4", "5"))
    assert game.legal_moves() == [Switch(1), Switch(2), Draw(), Take(0), Take(1), Take(2)]
    game.play(Draw())
    assert game.phase == "drawn" and game.hand == card("Q")
    assert game.legal_moves() == [Discard(), Keep(0), Keep(1), Keep(2)]
    game.play(Keep(0))
    assert game.tracks[0] == c("Q", "7", "9") and game.discard[-1] == K  # the replaced card on top
    game = position(tracks=[c("K", "7", "9")], discard=c("5", "2"))
    game.play(Take(1))
    assert game.tracks[0] == c("K", "5", "9") and game.discard == c("2", "7")  # (bottom first)
    with pytest.raises(CardgenError, match="not a legal move"):
        game.play(Discard())


def test_the_discard_pile_is_never_empty_and_never_shuffled_back() -> None:
    for seed in range(30):
        game = AmtrakGame(AmtrakSetup(players=2), seed)
        rng = random.Random(seed)
        while game.phase != "over":
            assert game.discard
            game.play(random_bot(game, rng))
        assert not game.deck or game.capped


def test_the_turn_that_draws_the_final_card_ends_the_game_and_lays_no_track() -> None:
    # The final card is drawn, placed, and makes a Car: no Track after it, the game ends.
    game = position(2, tracks=[c("K", "7", "9"), c("2", "3", "4")], deck=c("9"))
    game.play(Draw())
    assert game.final and game.phase == "drawn"
    game.play(Keep(1))
    assert game.trains[0] == cars("K/9") and game.tracks[0] == [] and game.phase == "over"
    # A Car whose new Track takes the final card: the Track is left unlaid, the game ends.
    game = position(2, tracks=[c("K", "7", "9"), c("2", "3", "4")], discard=c("9"), deck=c("5", "6"))
    game.play(Take(1))
    assert game.trains[0] == cars("K/9") and game.tracks[0] == [] and game.phase == "over"


def test_solo_a_card_goes_face_down_every_turn_and_the_deck_runs_out() -> None:
    game = position(tracks=[c("K", "7", "9")], deck=c("3", "4", "5"), facedown=c("2", "2", "2"))
    game.play(Switch(1))
    assert len(game.facedown) == 4 and len(game.deck) == 2
    game.play(Draw())
    game.play(Discard())  # drew the 4; the 5 goes face down: the deck is out
    assert game.phase == "over" and not game.won


def test_solo_full_staff_wins_at_once_even_in_the_final_turn() -> None:
    game = position(tracks=[c("5", "7", "8")], deck=c("7"), trains=[cars("K/2", "Q/3", "J/4")])
    game.play(Draw())  # the final card
    game.play(Keep(2))  # 5/7: the Coach
    assert game.phase == "over" and game.won and full_staff(game.cars(0))
    assert game.facedown == [] and game.turn == 1
    early = position(tracks=[c("JK", "7", "8")], discard=c("7"), trains=[cars("K/2", "Q/3", "J/4")])
    early.play(Take(2))  # a Joker stands in for the Coach
    assert early.won and early.phase == "over" and early.deck  # cards left: it won early


def test_the_turn_cap() -> None:
    game = AmtrakGame(AmtrakSetup(players=2, max_turns=3), 1)
    while game.phase != "over":
        game.play(Switch(1))
    assert game.capped and game.turn == 3


def test_the_good_strategy_never_looks_at_the_order_of_the_deck() -> None:
    for seed in range(40):
        game = AmtrakGame(AmtrakSetup(players=1 + seed % 3), seed)
        rng = random.Random(0)
        for _ in range(seed % 7):
            if game.phase == "over":
                break
            game.play(good(game, rng))
        if game.phase == "over":
            continue
        move = good(game, rng)
        game.deck.reverse()  # the same cards in another order
        random.Random(seed).shuffle(game.facedown)
        assert good(game, rng) == move


def test_good_takes_a_winning_car() -> None:
    game = position(tracks=[c("Q", "7", "8")], discard=c("8"), trains=[cars("K/2", "5/3", "J/4")])
    assert good(game, random.Random(0)) == Take(1)  # Q/8 completes the Full-Staff train


def test_moves_are_checked() -> None:
    game = position(tracks=[c("K", "7", "9")])
    with pytest.raises(CardgenError, match="not a legal move"):
        game.play(Keep(0))
    with pytest.raises(CardgenError, match="one Track of three cards"):
        AmtrakGame.from_position(AmtrakSetup(players=2), deck=[], discard=[], tracks=[c("K", "7")])


# --- properties ---------------------------------------------------------------------------------


@settings(max_examples=60)
@given(
    st.integers(0, 2**32),
    st.integers(1, 4),
    st.integers(0, 4),
    st.sampled_from(["good", "random"]),
    st.integers(5, 400),
)
def test_any_game_keeps_every_card_and_ends(seed: int, players: int, jokers: int, bot: str, cap: int) -> None:
    setup = AmtrakSetup(players=players, jokers=jokers, max_turns=cap)
    game = AmtrakGame(setup, seed)
    play = good if bot == "good" else random_bot
    rng = random.Random(seed)
    whole = Counter(deck_of(jokers))
    while game.phase != "over":
        assert everything(game) == whole
        assert all(len(t) == 3 and t[1] != t[2] for t in game.tracks)  # a matching Track never waits
        if setup.solo:
            assert len(game.facedown) == 3 + game.turn
        move = play(game, rng)
        assert move in game.legal_moves()
        game.play(move)
    assert everything(game) == whole
    assert game.turn <= cap
    assert game.capped or game.won or not game.deck
    if setup.solo:
        assert game.won == full_staff(game.cars(0))
        assert len(game.facedown) in (2 + game.turn, 3 + game.turn)
    assert game.scores() == [score_train(game.cars(p)).total for p in range(players)]
    assert game.legal_moves() == []
    with pytest.raises(CardgenError, match="over"):
        game.play(Draw())


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_the_same_seed_plays_the_same_game(seed: int, players: int) -> None:
    def trains() -> list[list[tuple[int, int]]]:
        game = AmtrakGame(AmtrakSetup(players=players), seed)
        rng = random.Random(seed)
        while game.phase != "over":
            game.play(good(game, rng))
        return game.trains

    assert trains() == trains()
