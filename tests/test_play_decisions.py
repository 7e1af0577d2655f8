"""Tests of the play engine's rule decisions (cardgen.rules.got.play.DECISIONS), each named with
the tests that prove it, and its invariants.

Running out of cards, passing, who wins a completed sequence, the turn cap,
face-up pairs; then hypothesis properties over any pattern, census, copies,
players, packs, wilds, freezes and seed. Positions are built by hand with
``tests.test_play.position``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from importlib import import_module

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.play import DECISIONS, Draw, Game, Pass, Place, UseAbility, Variant, legal_moves, play
from cardgen.rules.got.variant import rules_of
from tests.test_play import CARL, figure_5, multiset, position, variants

# --- running out, passing, winning, the cap --------------------------------------------------


def test_an_empty_draw_pile_is_rebuilt_from_the_shuffled_discard() -> None:
    v = Variant(players=2, copies=3)
    seqs = [[80, 70, 60, 50, 40, 30, 20], [81, 71, 61, 51, 41, 31, 21]]
    game = position(v, seqs, top=[5], rest=False)  # one card to draw; every other card discarded
    discarded = Counter(game.discard)
    play(game, Draw())
    assert game.draw_count == 0 and game.exhaustions == 1
    step = play(game, Place(0))
    assert step.reshuffled and game.reshuffles == 1
    assert game.discard == [] and Counter(game.draw_pile) == discarded  # 80 went face up, not into the pile
    assert 80 in game.faceup


def test_with_nothing_to_reshuffle_drawing_and_removing_are_not_legal() -> None:
    v = Variant(players=2, copies=3)
    seqs = [[80, 70, 60, 50, 40, 30, 20], [81, 71, 61, 51, 41, 31, 21]]
    rules = rules_of(v)
    rest = sorted(set(rules.cards) - {c for s in seqs for c in s})
    removal = 1  # A→X
    state: dict[str, object] = {"sequences": seqs, "draw": [], "faceup": rest, "discard": []}
    game = Game.from_state(v, state)
    moves = legal_moves(game)
    assert Draw() not in moves and not game.is_legal(Draw())
    assert game.ability_moves(removal) == []
    assert any(isinstance(m, UseAbility) for m in moves)  # swaps still work
    assert Pass() not in moves and not game.is_legal(Pass())  # no passing while an action is open


def test_a_player_with_nothing_to_do_passes_and_all_passing_stalls() -> None:
    v = Variant(pattern="one", census=2, players=2, freeze=2)
    game = position(v, [[5, 3], [6, 4]], frozen=[["A", "B"], ["A", "B"]], tokens=[0, 0])
    assert legal_moves(game) == [Pass()]
    play(game, Pass())
    assert game.phase == "turn" and game.current == 1
    play(game, Pass())
    assert game.phase == "over" and game.stalled and game.winner is None and game.turn == 2


def test_an_opponents_move_can_complete_your_sequence() -> None:
    v = Variant(pattern="one", census=3, players=3, copies=20, apply="any")
    bc = 3  # pattern one census 3: AB, AC, BC
    game = position(v, [[30, 20, 10], [1, 5, 4], [31, 21, 11]], faceup=[bc])
    play(game, UseAbility(bc, 1, (1, 2)))  # seat 0 swaps seat 1's B and C: 1-4-5
    assert game.winner == 1 and game.phase == "over"


def test_when_one_move_completes_two_sequences_the_mover_wins_then_seat_order() -> None:
    v = Variant(pattern="three", census=3, players=3, copies=20, three_party=True)
    bc = 33  # abilities AB, AC, BC: card 33 is B↔C
    seqs = [[1, 9, 5], [2, 4, 3], [40, 30, 20]]
    game = position(v, seqs, faceup=[bc])
    play(game, UseAbility(bc, 0, (1, 2), 1))  # seat 0's B (9) for seat 1's C (3): 1-3-5 and 2-4-9
    assert game.winner == 0
    game = position(v, [seqs[2], seqs[0], seqs[1]], faceup=[bc], player=0)
    play(game, UseAbility(bc, 1, (1, 2), 2))  # seat 0 completes seats 1 and 2: seat 1 is next after 0
    assert game.winner == 1
    game = position(v, [seqs[0], seqs[2], seqs[1]], faceup=[bc], player=1)
    play(game, UseAbility(bc, 0, (1, 2), 2))  # seat 1 completes seats 0 and 2: seat 2 comes first after 1
    assert game.winner == 2


def test_the_cap_ends_a_game_with_no_winner() -> None:
    capped = 0
    for seed in range(5):
        game = Game(Variant(max_turns=5), seed=seed)
        rng = random.Random(seed)
        while game.phase != "over":
            moves = legal_moves(game)
            play(game, moves[rng.randrange(len(moves))])
        assert game.turn <= 5
        if game.winner is None:
            assert game.capped and not game.stalled and game.turn == 5
            capped += 1
    assert capped >= 4  # seven cards are not sorted in five random turns


def test_face_up_cards_with_the_same_ability_are_both_discarded() -> None:
    v = Variant(pattern="one", players=2, copies=4)  # census 7: cards 1, 22, 43 are all A↔B
    seqs = [[80, 70, 60, 50, 43, 30, 20], [81, 71, 61, 51, 41, 31, 21]]
    game = position(v, seqs, faceup=[22, 5], top=[44])
    play(game, Draw())
    play(game, Place(4))  # 43 (A↔B) is displaced and meets 22 (A↔B)
    assert game.faceup == [5] and game.discard[-2:] == [22, 43]


def test_the_game_refuses_moves_after_the_end_and_out_of_phase() -> None:
    game = figure_5()
    assert not game.is_legal(Place(0))  # nothing drawn
    play(game, Draw())
    assert not game.is_legal(Draw()) and not game.is_legal(UseAbility(57, CARL, (0,)))
    game.phase = "over"
    with pytest.raises(CardgenError, match="over"):
        play(game, Place(0))


def test_from_state_refuses_a_position_that_is_not_the_pack() -> None:
    state = figure_5().snapshot()
    state["draw"] = list(state["draw"])[1:]  # type: ignore[call-overload]
    with pytest.raises(CardgenError, match="missing or repeated"):
        Game.from_state(Variant(), state)


def test_from_state_refuses_bad_freezes() -> None:
    v = Variant(players=2, copies=3, freeze=1)
    seqs = [[80, 70, 60, 50, 40, 30, 20], [81, 71, 61, 51, 41, 31, 21]]
    with pytest.raises(CardgenError, match="frozen"):
        position(v, seqs, frozen=[["Z"], []])
    with pytest.raises(CardgenError, match="tokens"):
        position(v, seqs, tokens=[1])


# Each decision of the engine (``DECISIONS``: what seed 002 leaves open), found by words typed here,
# and the tests that prove it, as ``module.test``. A decision added, or reworded past its words,
# fails the test below until it is given its tests; a test named here and renamed or removed too.
PROVED: dict[str, tuple[str, ...]] = {
    "Seat 0 plays first": (
        "test_play.test_each_player_takes_the_next_census_cards_from_the_top",
        "test_play.test_beth_swaps_37_and_12_with_10bd",
    ),
    "A dealt sequence is arranged": (
        "test_play.test_deal_is_descending_and_the_opening_draws_one_two_three_four",
        "test_play.test_wilds_are_dealt_first",
    ),
    "A dealt 3×3 hand": (
        "test_play.test_2d_deal_rows_and_columns_descend",
        "test_play.test_2d_hands_with_wilds_or_repeats_descend_row_by_row",
        "test_grid.test_seeded_deals_are_uniform_over_all_starts",
    ),
    "Opening:": (
        "test_play.test_deal_is_descending_and_the_opening_draws_one_two_three_four",
        "test_play.test_opening_discards_the_cards_not_kept_and_shows_the_displaced_one",
    ),
    "during the opening": ("test_play.test_deal_is_descending_and_the_opening_draws_one_two_three_four",),
    "Two face-up cards with the same ability": (
        "test_play_decisions.test_face_up_cards_with_the_same_ability_are_both_discarded",
    ),
    "two face-up wild cards are not a pair": ("test_play.test_a_wild_going_face_up_does_not_pair_with_a_wild",),
    "A turn is:": (
        "test_play.test_frozen_cards_cannot_move",
        "test_play.test_a_face_up_wild_is_taken_and_placed_never_used",
    ),
    "A drawn card must be placed": (
        "test_play.test_frozen_cards_cannot_move",
        "test_handout_play.test_what_the_handout_says_of_the_turn_is_what_the_engine_does",
    ),
    "A face-up wild card cannot be used": ("test_play.test_a_face_up_wild_is_taken_and_placed_never_used",),
    "A used card goes to the discard pile": ("test_play.test_carl_may_use_57ax_on_himself_only_under_factory_rules",),
    "needs a card in the draw pile": (
        "test_play_decisions.test_with_nothing_to_reshuffle_drawing_and_removing_are_not_legal",
    ),
    "the discard pile is shuffled": (
        "test_play_decisions.test_an_empty_draw_pile_is_rebuilt_from_the_shuffled_discard",
    ),
    "may not pass": (
        "test_play_decisions.test_a_player_with_nothing_to_do_passes_and_all_passing_stalls",
        "test_play_decisions.test_with_nothing_to_reshuffle_drawing_and_removing_are_not_legal",
    ),
    "Completion is checked": ("test_play.test_a_sequence_complete_at_the_deal_wins_before_the_opening",),
    "completed by another player's move": (
        "test_play_decisions.test_an_opponents_move_can_complete_your_sequence",
        "test_play_decisions.test_when_one_move_completes_two_sequences_the_mover_wins_then_seat_order",
    ),
    "max_turns": ("test_play_decisions.test_the_cap_ends_a_game_with_no_winner",),
    "apply='own'": (
        "test_play.test_carl_may_use_57ax_on_himself_only_under_factory_rules",
        "test_play.test_carl_may_use_57ax_on_andy_when_abilities_apply_to_anyone",
    ),
    "either way round": ("test_play.test_earl_swaps_his_b_with_frans_d_or_his_d_with_her_b",),
    "same_sequence": ("test_play.test_three_party_and_same_sequence_options",),
    "Combined packs": (
        "test_play.test_numbers_packs_and_wilds_shape_the_pack",
        "test_play.test_a_repeated_number_wins_only_when_never_descending_wins",
    ),
    "wilds=N": ("test_play.test_numbers_packs_and_wilds_shape_the_pack", "test_play.test_the_seeds_wild_examples"),
    "Freezing:": ("test_play.test_frozen_cards_cannot_move", "test_play.test_no_freeze_without_tokens"),
    "A frozen card never leaves": (
        "test_play.test_frozen_cards_cannot_move",
        "test_play_decisions.test_no_card_is_ever_lost_or_duplicated_and_frozen_cards_stay",
    ),
    "Number abilities:": (
        "test_play.test_number_abilities_in_the_pack_and_in_play",
        "test_numbers.test_impossible_abilities",
    ),
}


def test_every_decision_is_a_sentence_and_each_has_its_tests() -> None:
    for d in DECISIONS:
        assert d.endswith(".") and "\n" not in d, d  # one sentence a line, on the handout and here
        found = [m for m in PROVED if m in d]
        assert len(found) == 1, f"no test named for this decision (or two markers match): {d}"
    for marker, tests in PROVED.items():
        assert any(marker in d for d in DECISIONS), f"{marker!r} is no longer one of the engine's decisions"
        for name in tests:
            module, test = name.split(".")
            assert callable(getattr(import_module(f"tests.{module}"), test, None)), f"{name} is not a test"


# --- properties ------------------------------------------------------------------------------


@settings(max_examples=60)
@given(variants, st.integers(0, 2**32))
def test_no_card_is_ever_lost_or_duplicated_and_frozen_cards_stay(variant: Variant, seed: int) -> None:
    game = Game(variant, seed)
    pack = Counter(rules_of(variant).cards)
    rng = random.Random(seed)
    pinned: dict[tuple[int, int], int] = {}
    while game.phase != "over":
        moves = legal_moves(game)
        assert moves and all(game.is_legal(m) for m in moves)
        move = moves[rng.randrange(len(moves))]
        play(game, move)
        assert multiset(game) == pack
        assert all(len(s) == game.rules.census for s in game.sequences)
        for p, spaces in enumerate(game.frozen):
            for s in spaces:
                pinned.setdefault((p, s), game.sequences[p][s])
        assert all(game.sequences[p][s] == card for (p, s), card in pinned.items())
    assert game.winner is None or game.rules.complete(game.sequences[game.winner])


@settings(max_examples=25)
@given(variants, st.integers(0, 2**32))
def test_every_legal_move_can_be_played(variant: Variant, seed: int) -> None:
    game = Game(variant, seed)
    rng = random.Random(seed)
    for _ in range(12):
        if game.phase == "over":
            break
        moves = legal_moves(game)
        for move in moves:
            trial = copy.deepcopy(game)
            play(trial, move)
        play(game, moves[rng.randrange(len(moves))])


@settings(max_examples=20)
@given(variants, st.integers(0, 2**32))
def test_same_seed_same_game(variant: Variant, seed: int) -> None:
    def run() -> list[object]:
        game = Game(variant, seed)
        rng = random.Random(seed)
        out: list[object] = [game.snapshot()]
        while game.phase != "over":
            moves = legal_moves(game)
            out.append(play(game, moves[rng.randrange(len(moves))]))
        return out + [game.snapshot(), game.winner]

    assert run() == run()
