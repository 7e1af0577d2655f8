"""Tests of the bots (cardgen.rules.got.bots): always legal, deterministic, and the good bot plays well."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.bots import BOTS, bot, good, random_bot
from cardgen.rules.got.play import Draw, Freeze, Game, Pass, UseAbility, Variant, legal_moves, play
from cardgen.rules.got.simulation import play_game
from cardgen.rules.shared import game_seed
from tests.test_play import position, variants


def _play_out(game: Game, seats: list[object], seed: int) -> Game:
    rng = random.Random(seed)
    while game.phase != "over":
        chosen = seats[game.current]
        move = chosen(game, rng)  # type: ignore[operator]
        assert move in legal_moves(game)
        play(game, move)
    return game


@settings(max_examples=40)
@given(variants, st.integers(0, 2**32), st.sampled_from(["random", "good"]))
def test_every_move_a_bot_makes_is_legal(variant: Variant, seed: int, name: str) -> None:
    _play_out(Game(variant, seed), [bot(name)] * variant.players, seed)


def test_bot_names() -> None:
    assert set(BOTS) == {"random", "good"}
    assert bot(" Good ") is good and bot("random") is random_bot
    with pytest.raises(CardgenError, match="unknown bot"):
        bot("clever")


def test_good_beats_random_head_to_head() -> None:
    """Two players, the good bot in each seat half the time: it must win nearly every game."""
    wins = 0
    games = 200
    for i in range(games):
        seat = i % 2
        seats = [random_bot, random_bot]
        seats[seat] = good
        record = play_game(Variant(players=2), game_seed(2024, i), seats)  # type: ignore[arg-type]
        wins += record.winner == seat
    assert wins >= 0.9 * games


def test_good_beats_three_random_bots() -> None:
    wins = Counter()
    for i in range(100):
        record = play_game(Variant(), game_seed(99, i), ["good", "random", "random", "random"])
        wins[record.winner] += 1
    assert wins[0] >= 90


@pytest.mark.parametrize(
    "variant",
    [
        Variant(pattern="2d"),
        Variant(pattern="three", census=5, apply="any"),
        Variant(numbers=True, wilds=4, freeze=2),
        Variant(packs=2, win="never-descending", apply="any"),
    ],
)
def test_good_beats_random_in_variants(variant: Variant) -> None:
    wins = sum(
        play_game(variant, game_seed(7, i), ["good"] + ["random"] * (variant.players - 1)).winner == 0
        for i in range(30)
    )
    assert wins >= 24


def test_good_plays_a_winning_ability_at_once() -> None:
    # pattern one census 3 (abilities AB, AC, BC): seat 0 holds 1-9-5 and 33 (B↔C) lies face up
    v = Variant(pattern="one", census=3, players=2, copies=20)
    game = position(v, [[1, 9, 5], [40, 30, 20]], faceup=[33])
    move = good(game, random.Random(0))
    assert move == UseAbility(33, 0, (1, 2))
    play(game, move)
    assert game.winner == 0


def test_good_never_completes_an_opponents_sequence() -> None:
    # seat 1 is one swap (B↔C) from complete; seat 0 could apply 33 to anyone
    v = Variant(pattern="one", census=3, players=2, copies=20, apply="any")
    game = position(v, [[40, 30, 20], [1, 9, 5]], faceup=[33])
    move = good(game, random.Random(0))
    assert not (isinstance(move, UseAbility) and move.target == 1)


def test_good_hands_an_opponent_the_game_only_as_a_last_resort_the_engines_last_ability() -> None:
    # pattern one census 3 (abilities AB, AC, BC; card 33 is B↔C). Seat 0's cards are all frozen,
    # so it can neither draw nor swap its own; seats 1 (2-9-5) and 2 (3-10-7) are each one B↔C from
    # complete. Its only moves apply 33 to one of them, and an open action forbids passing: worked
    # out by hand, each move hands that seat the game; the bot plays the engine's last, on seat 2.
    v = Variant(pattern="one", census=3, players=3, copies=20, apply="any", freeze=3)
    seqs = [[60, 58, 55], [2, 9, 5], [3, 10, 7]]
    frozen = [["A", "B", "C"], [], []]
    game = position(v, seqs, faceup=[33], frozen=frozen, tokens=[0, 3, 3])
    assert legal_moves(game) == [UseAbility(33, 1, (1, 2)), UseAbility(33, 2, (1, 2))]
    move = good(game, random.Random(0))
    assert move == UseAbility(33, 2, (1, 2))
    play(game, move)
    assert game.sequences[2] == [3, 7, 10] and game.winner == 2
    # with no face-up card no action is open at all: the bot passes
    game = position(v, seqs, frozen=frozen, tokens=[0, 3, 3])
    assert legal_moves(game) == [Pass()]
    assert good(game, random.Random(0)) == Pass()


def test_good_harms_a_threat_when_abilities_apply_to_anyone() -> None:
    # seat 0's cards are all frozen, so it can only act on seat 1 (2-4-1: two inversions, a threat).
    # 33 (B↔C) would help seat 1 (2-1-4); 31 (A↔B) harms it (4-2-1); unweighted, 33 would come first
    v = Variant(pattern="one", census=3, players=2, copies=20, apply="any", freeze=3)
    game = position(v, [[60, 58, 55], [2, 4, 1]], faceup=[33, 31], frozen=[["A", "B", "C"], []], tokens=[0, 3])
    assert good(game, random.Random(0)) == UseAbility(31, 1, (0, 1))


def test_good_does_not_look_at_the_draw_pile_order() -> None:
    v = Variant()
    seqs = [[80, 70, 60, 50, 40, 30, 20], [81, 71, 61, 51, 41, 31, 21], [82, 72, 62, 52, 42, 32, 22]]
    seqs.append([83, 73, 63, 53, 43, 33, 23])
    a = position(v, seqs, faceup=[2, 13], top=[1])
    b = position(v, seqs, faceup=[2, 13], top=[84])
    assert good(a, random.Random(0)) == good(b, random.Random(0))


def test_good_places_a_drawn_card_by_its_number() -> None:
    v = Variant(players=2, copies=3)
    seqs = [[80, 70, 60, 50, 40, 30, 20], [81, 71, 61, 51, 41, 31, 21]]
    game = position(v, seqs, top=[2])
    play(game, Draw())
    assert good(game, random.Random(0)).space == 0  # type: ignore[union-attr]  # 2 belongs at A


def test_good_freezes_a_settled_card() -> None:
    v = Variant(players=2, copies=3, freeze=1)
    seqs = [[1, 70, 60, 50, 40, 30, 20], [81, 71, 61, 51, 41, 31, 21]]
    game = position(v, seqs)
    assert good(game, random.Random(0)) == Freeze(0)  # 1 at A: in place and in order with all


def test_good_ignores_its_random_generator() -> None:
    game = Game(Variant(), seed=4)
    while game.phase == "opening":
        play(game, good(game, random.Random(0)))
    assert good(game, random.Random(1)) == good(game, random.Random(2))


def test_random_bot_is_uniform_over_legal_moves() -> None:
    game = Game(Variant(), seed=8)
    moves = legal_moves(game)
    counts = Counter(random_bot(game, random.Random(i)) for i in range(len(moves) * 200))
    assert set(counts) == set(moves)
    assert min(counts.values()) > 100  # about 200 each
