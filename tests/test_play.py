"""Tests of the play engine (cardgen.rules.got.play, play_variant): the pack, the deal, and the seed's examples.

The other rule decisions and the hypothesis properties are in ``test_play_decisions``.

The positions are the seed's (figure 5's four players, §6's Earl and Fran,
§7's definitions, §10's 38½ and 85, §11's frozen cards) or small ones worked
by hand; expected results are derived here, not copied from the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.grid_packs import CATEGORIES, GridMat
from cardgen.rules.got.grid_play import apply as grid_apply
from cardgen.rules.got.grid_play import is_start
from cardgen.rules.got.number_abilities import FAMILY, GRID_FAMILY
from cardgen.rules.got.play import (
    Draw,
    Freeze,
    Game,
    Place,
    TakeWild,
    UseAbility,
    Variant,
    legal_moves,
    play,
)
from cardgen.rules.got.variant import WILD_CARD, _grid_static, rules_of
from tests.seed_facts import FIGURE_5, FIGURE_5_DRAWN

ANDY, BETH, CARL, DORA = 0, 1, 2, 3
FIG5 = {name: [n for n, _ in cards] for name, cards in FIGURE_5.items()}
W = WILD_CARD


def position(
    variant: Variant,
    sequences: Sequence[Sequence[int]],
    *,
    faceup: Sequence[int] = (),
    discard: Sequence[int] = (),
    top: Sequence[int] = (),
    rest: bool = True,
    player: int = 0,
    frozen: Sequence[Sequence[str]] | None = None,
    tokens: Sequence[int] | None = None,
) -> Game:
    """A game at this position; the draw pile is ``top`` then (``rest``) every other card, ascending."""
    pack = Counter(rules_of(variant).cards)
    used = Counter([c for s in sequences for c in s] + list(faceup) + list(discard) + list(top))
    left = sorted((pack - used).elements())
    discard = list(discard)
    if not rest:
        discard += left
        left = []
    shown = lambda cs: ["W" if c == W else c for c in cs]  # noqa: E731
    state: dict[str, object] = {
        "sequences": [shown(s) for s in sequences],
        "draw": shown(list(top) + left),
        "faceup": shown(faceup),
        "discard": shown(discard),
    }
    if frozen is not None:
        state["frozen"] = [list(f) for f in frozen]
    if tokens is not None:
        state["tokens"] = list(tokens)
    return Game.from_state(variant, state, player=player)


def figure_5(apply: str = "own", player: int = CARL) -> Game:
    drawn = [n for n, _ in FIGURE_5_DRAWN]  # 57 AX, 10 BD lie face up
    seqs = [FIG5["Andy"], FIG5["Beth"], FIG5["Carl"], FIG5["Dora"]]
    return position(Variant(apply=apply), seqs, faceup=drawn, top=[11], player=player)


def multiset(game: Game) -> Counter[int]:
    return Counter([c for s in game.sequences for c in s] + game.draw_pile + game.faceup + game.discard + game.hand)


# --- the variant and its pack -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"players": 1}, "players 1"),
        ({"players": 7}, "players 7"),
        ({"pattern": "four"}, "unknown pattern"),
        ({"win": "descending"}, "win"),
        ({"apply": "all"}, "apply"),
        ({"three_party": True}, "pattern three"),
        ({"pattern": "three", "three_party": True, "players": 2}, "three players"),
        ({"pattern": "2d", "census": 7}, "census 9"),
        ({"pattern": "two", "census": 24}, "census 24"),
        ({"pattern": "one", "census": 7, "copies": 1}, "too small"),
        ({"freeze": 8}, "freeze 8"),
        ({"packs": 0}, "packs 0"),
        ({"max_turns": 0}, "max_turns"),
    ],
)
def test_bad_variants_are_refused_in_one_line(kw: dict[str, object], words: str) -> None:
    with pytest.raises(CardgenError) as err:
        Variant(**kw)  # type: ignore[arg-type]
    assert words in str(err.value) and "\n" not in str(err.value)


def test_the_factory_pack_is_the_seeds_pattern_two() -> None:
    rules = rules_of(Variant())
    assert rules.size == 84 and sorted(rules.cards) == list(range(1, 85))
    for cards in FIGURE_5.values():  # every card of figure 5 carries the ability printed on it
        for number, code in cards:
            assert rules.ability_of[number].code == code  # type: ignore[union-attr]
    assert [rules.ability_of[n].code for n, _ in FIGURE_5_DRAWN] == [c for _, c in FIGURE_5_DRAWN]  # type: ignore[union-attr]


def test_numbers_packs_and_wilds_shape_the_pack() -> None:
    rules = rules_of(Variant(numbers=True))
    assert rules.block == 28 + len(FAMILY)
    assert [rules.ability_of[29 + i] for i in range(len(FAMILY))] == list(FAMILY)  # the end of block 1
    assert rules.ability_of[34] == rules.ability_of[1]  # block 2 starts again with A→X
    grid = rules_of(Variant(pattern="2d", numbers=True))
    assert list(grid.abilities[-len(GRID_FAMILY) :]) == list(GRID_FAMILY)
    two = rules_of(Variant(packs=2, wilds=3))
    counts = Counter(two.cards)
    assert counts[W] == 3 and all(counts[n] == 2 for n in range(1, 85))


def test_default_copies_grow_until_the_pack_deals_everyone() -> None:
    # pattern one, census 2: one ability (A↔B); 4 players need 4×2 + (1+2+3+4) + 4 = 22 cards
    assert rules_of(Variant(pattern="one", census=2)).size == 22
    assert rules_of(Variant(pattern="one", census=7, players=6)).size == 126  # §3: 126 cards for six


def test_2d_static_effects_agree_with_grid_game() -> None:
    start = ((9, 8, 7), (6, 5, 4), (3, 2, 1))
    flat = [c for row in start for c in row]
    for category in CATEGORIES.values():
        for ability in category.abilities:
            if ability.action == "remove":
                continue
            ours = set()
            for spaces in _grid_static(ability, GridMat()):
                after = list(flat)
                for k, s in enumerate(spaces):
                    after[spaces[(k + 1) % len(spaces)]] = flat[s]
                ours.add(tuple(after))
            theirs = set()
            for choice in _choices(ability.choice_kind, ability):
                arr = grid_apply(ability, start, choice=choice)  # type: ignore[arg-type]
                theirs.add(tuple(c for row in arr for c in row))
            assert ours == theirs, ability.code


def _choices(kind: str | None, ability: object) -> list[object]:
    if kind is None:
        return [None]
    if kind == "direction":
        return [1, -1]
    if kind == "line":
        return [0, 1, 2]
    line = [(ability.line, c) for c in range(3)] if ability.axis == "row" else [(r, ability.line) for r in range(3)]  # type: ignore[attr-defined]
    if kind == "cell":
        return line
    return [(a, b) for i, a in enumerate(line) for b in line[i + 1 :]]


# --- setup and the opening ----------------------------------------------------------------------


def test_deal_is_descending_and_the_opening_draws_one_two_three_four() -> None:
    game = Game(Variant(), seed=11)
    for seq in game.sequences:
        assert seq == sorted(seq, reverse=True)
    hands = []
    while game.phase == "opening":
        hands.append(len(game.hand))
        assert not any(isinstance(m, Freeze) for m in legal_moves(game))  # no freezing in the opening
        play(game, legal_moves(game)[-1])
    assert hands == [1, 2, 3, 4]
    # each seat kept one card: 0+1+2+3 discarded, 4 displaced cards face up (pairs discarded too)
    assert len(game.faceup) + len(game.discard) == 10
    assert game.phase == "turn" and game.current == 0 and game.turn == 0


def test_opening_discards_the_cards_not_kept_and_shows_the_displaced_one() -> None:
    game = Game(Variant(), seed=5)
    play(game, Place(0))  # seat 0 keeps its only card
    hand = list(game.hand)
    assert len(hand) == 2 and game.current == 1
    displaced, before = game.sequences[1][6], len(game.discard)
    play(game, Place(6, keep=1))
    assert game.sequences[1][6] == hand[1]
    assert game.discard[before] == hand[0]
    assert displaced in game.faceup or displaced in game.discard


def test_2d_deal_rows_and_columns_descend() -> None:
    for seed in range(20):
        game = Game(Variant(pattern="2d"), seed=seed)
        for seq in game.sequences:
            assert is_start(tuple(tuple(seq[r * 3 : r * 3 + 3]) for r in range(3)))


def test_wilds_are_dealt_first() -> None:
    rules = rules_of(Variant(wilds=5))
    assert rules.arrange([3, W, 50, 7], 0) == [W, 50, 7, 3]


def test_each_player_takes_the_next_census_cards_from_the_top() -> None:
    v = Variant(players=3)
    pile = list(rules_of(v).cards)
    random.Random(77).shuffle(pile)  # the game's generator shuffles first; pile[0] is the top
    game = Game(v, seed=77)
    for p in range(3):
        assert game.sequences[p] == sorted(pile[7 * p : 7 * p + 7], reverse=True)
    assert game.hand == [pile[21]]  # seat 0's opening card is the next one


def test_2d_hands_with_wilds_or_repeats_descend_row_by_row() -> None:
    rules = rules_of(Variant(pattern="2d", wilds=2))
    assert rules.arrange([5, W, 9, 1, 7, 3, W, 8, 2], 0) == [W, W, 9, 8, 7, 5, 3, 2, 1]


def test_a_sequence_complete_at_the_deal_wins_before_the_opening() -> None:
    v = Variant(pattern="one", census=3, players=3, copies=20, packs=3, win="never-descending")
    state = {"sequences": [[9, 8, 7], [5, 5, 5], [4, 4, 4]], "faceup": [], "discard": []}
    rest = Counter(rules_of(v).cards) - Counter([9, 8, 7, 5, 5, 5, 4, 4, 4])
    state["draw"] = sorted(rest.elements())
    game = Game.from_state(v, state, opening=True)  # type: ignore[arg-type]
    assert game.phase == "over" and game.winner == 1 and game.turn == 0  # seat order from seat 0


# --- §5: figure 5, Carl's 57 AX and Beth's 10 BD ----------------------------------------------


def test_carl_may_use_57ax_on_himself_only_under_factory_rules() -> None:
    game = figure_5("own")
    assert UseAbility(57, CARL, (0,)) in legal_moves(game)
    assert UseAbility(57, ANDY, (0,)) not in legal_moves(game)
    with pytest.raises(CardgenError, match="not a legal move"):
        play(game, UseAbility(57, ANDY, (0,)))
    play(game, UseAbility(57, CARL, (0,)))
    assert game.sequences[CARL] == [11, 63, 20, 31, 68, 70, 34]  # 69 replaced by the top card, 11
    assert game.discard[-2:] == [57, 69]  # the used card, then the removed one
    assert game.faceup == [10] and game.kinds == {"remove": 1}


def test_carl_may_use_57ax_on_andy_when_abilities_apply_to_anyone() -> None:
    game = figure_5("any")
    assert {m.target for m in game.ability_moves(57)} == {ANDY, BETH, CARL, DORA}
    play(game, UseAbility(57, ANDY, (0,)))
    assert game.sequences[ANDY] == [11, 64, 72, 62, 24, 3, 17]
    assert game.sequences[CARL] == FIG5["Carl"]


def test_beth_swaps_37_and_12_with_10bd() -> None:
    game = figure_5("own", player=BETH)
    play(game, UseAbility(10, BETH, (1, 3)))
    assert game.sequences[BETH] == [46, 12, 5, 37, 42, 47, 40]
    assert game.current == CARL  # turns go in seat order
    with pytest.raises(CardgenError):
        play(game, UseAbility(57, DORA, (0,)))  # not Dora's turn


def test_in_sequence_swaps_list_their_spaces_lowest_first() -> None:
    game = figure_5("own", player=BETH)
    assert UseAbility(10, BETH, (3, 1)) not in legal_moves(game)


# --- §6: Earl, Fran and Gary ------------------------------------------------------------------

EARL, FRAN, GARY = 0, 1, 2
EFG = [[50, 40, 30, 20, 10], [49, 39, 29, 19, 9], [48, 38, 28, 18, 8]]
BD = 6  # pattern three, census five: card 6 is B↔D


def earl(**kw: object) -> Game:
    return position(Variant(pattern="three", census=5, players=3, copies=5, **kw), EFG, faceup=[BD])  # type: ignore[arg-type]


def test_earl_swaps_his_b_with_frans_d_or_his_d_with_her_b() -> None:
    game = earl()
    moves = game.ability_moves(BD)
    assert UseAbility(BD, EARL, (1, 3), FRAN) in moves  # his B with her D
    assert UseAbility(BD, EARL, (3, 1), FRAN) in moves  # his D with her B
    assert UseAbility(BD, EARL, (1, 3)) in moves  # within his own sequence: allowed by default
    assert UseAbility(BD, FRAN, (1, 3), GARY) not in moves  # three-party: not by default
    play(game, UseAbility(BD, EARL, (1, 3), FRAN))
    assert game.sequences[EARL] == [50, 19, 30, 20, 10]
    assert game.sequences[FRAN] == [49, 39, 29, 40, 9]
    assert game.kinds == {"cross-swap": 1}


def test_three_party_and_same_sequence_options() -> None:
    game = earl(three_party=True)
    assert UseAbility(BD, FRAN, (1, 3), GARY) in game.ability_moves(BD)
    play(game, UseAbility(BD, FRAN, (3, 1), GARY))  # Fran's D with Gary's B
    assert game.sequences[FRAN] == [49, 39, 29, 38, 9] and game.sequences[GARY] == [48, 19, 28, 18, 8]
    assert game.sequences[EARL] == EFG[EARL]
    game = earl(same_sequence=False)
    assert all(m.other is not None for m in game.ability_moves(BD))


# --- §7: ascending and never-descending ------------------------------------------------------


@pytest.mark.parametrize(
    ("seq", "ascending", "never_descending"),
    [
        ([7, 6, 5, 4, 3, 2, 1], False, False),
        ([7, 6, 4, 4, 3, 2, 1], False, False),
        ([1, 2, 3, 4, 4, 6, 7], False, True),
        ([1, 2, 3, 4, 5, 6, 7], True, True),
    ],
)
def test_seven_definitions(seq: list[int], ascending: bool, never_descending: bool) -> None:
    assert rules_of(Variant(packs=2)).complete(seq) is ascending
    assert rules_of(Variant(packs=2, win="never-descending")).complete(seq) is never_descending


def test_a_repeated_number_wins_only_when_never_descending_wins() -> None:
    seqs = [[1, 2, 3, 4, 9, 6, 7], [60, 50, 40, 30, 20, 10, 5], [61, 51, 41, 31, 21, 11, 6]]
    for win, winner in (("ascending", None), ("never-descending", 0)):
        game = position(Variant(packs=2, players=3, copies=3, win=win), seqs, top=[4])
        play(game, Draw())
        play(game, Place(4))  # 1-2-3-4-4-6-7
        assert game.winner == winner


# --- §10: wild cards ---------------------------------------------------------------------------


def test_the_seeds_wild_examples() -> None:
    complete = rules_of(Variant(wilds=2)).complete  # numbers 1..84
    assert complete([2, 6, 14, 38, W, 56, 82])
    assert not complete([2, 6, 14, 38, W, 39, 82])  # W would be 38½
    assert not complete([2, 6, 14, 38, 39, 84, W])  # W would be 85
    assert complete([2, 6, 14, 38, 39, 83, W])  # W = 84 is on a card
    assert rules_of(Variant(wilds=2, packs=2, win="never-descending")).complete([2, 6, 14, 38, W, 38, 82])


def test_a_face_up_wild_is_taken_and_placed_never_used() -> None:
    seqs = [[2, 6, 14, 38, 60, 56, 82], [81, 71, 61, 51, 41, 31, 21]]
    game = position(Variant(players=2, copies=3, wilds=2), seqs, faceup=[W, W])
    assert game.ability_moves(W) == []
    assert not game.is_legal(UseAbility(W, 0, (0,)))
    assert TakeWild() in legal_moves(game)
    play(game, TakeWild())
    assert game.phase == "place" and game.hand == [W] and game.faceup == [W]  # two wilds never pair
    play(game, Place(4))  # 2-6-14-38-W-56-82
    assert game.winner == 0
    assert 60 in game.faceup


def test_a_wild_going_face_up_does_not_pair_with_a_wild() -> None:
    seqs = [[W, 70, 60, 50, 40, 30, 20], [81, 71, 61, 51, 41, 31, 21]]
    game = position(Variant(players=2, copies=3, wilds=2), seqs, faceup=[W], top=[5])
    play(game, Draw())
    play(game, Place(0))
    assert game.faceup == [W, W]


# --- §9: number abilities in play -------------------------------------------------------------

HI, LO, LEV, HOD, HL = 29, 30, 31, 32, 33  # pattern two with numbers: the family ends each 33-card block


def test_number_abilities_in_the_pack_and_in_play() -> None:
    v = Variant(players=2, copies=3, numbers=True)
    rules = rules_of(v)
    assert [rules.ability_of[n].code for n in (HI, LO, LEV, HOD, HL)] == ["#HI", "#LO", "#LEV", "#HOD", "#HL"]  # type: ignore[union-attr]
    odd = [81, 71, 61, 51, 41, 35, 21]
    game = position(v, [odd, [80, 70, 60, 50, 40, 34, 20]], faceup=[LEV, HL, HI], top=[3])
    assert game.ability_moves(LEV) == []  # no even card: not a legal move
    assert not game.is_legal(UseAbility(LEV, 0, (0,)))
    assert game.ability_moves(HL) == [UseAbility(HL, 0, (0, 6))]
    play(game, UseAbility(HI, 0, (0,)))
    assert game.sequences[0] == [3, 71, 61, 51, 41, 35, 21] and game.kinds == {"number": 1}
    assert game.discard[-2:] == [HI, 81]
    assert game.ability_moves(LEV) == [UseAbility(LEV, 1, (6,))]  # seat 1's lowest even card is 20


def test_3x3_number_abilities_offer_one_move_per_line() -> None:
    v = Variant(pattern="2d", players=2, numbers=True, categories=("remove",))
    rules = rules_of(v)
    rhl = next(n for n in range(1, rules.size + 1) if rules.ability_of[n].code == "#RHL")  # type: ignore[union-attr]
    seqs = [[60, 50, 40, 30, 20, 10, 9, 8, 7], [61, 51, 41, 31, 21, 11, 6, 5, 4]]
    seqs = [[c for c in s if c != rhl] + ([1] if rhl in s else []) for s in seqs]
    game = position(v, seqs, faceup=[rhl])
    moves = game.ability_moves(rhl)
    assert moves == [UseAbility(rhl, 0, (0, 2)), UseAbility(rhl, 0, (3, 5)), UseAbility(rhl, 0, (6, 8))]
    play(game, moves[0])
    assert game.sequences[0][:3] == [40, 50, 60]


# --- §11: freezing ------------------------------------------------------------------------------


def test_frozen_cards_cannot_move() -> None:
    v = Variant(apply="any", freeze=2)
    seqs = [FIG5["Andy"], FIG5["Beth"], FIG5["Carl"], FIG5["Dora"]]
    game = position(v, seqs, faceup=[57, 10, 2], top=[11], player=ANDY)  # 2 is A↔B
    assert Freeze(0) in legal_moves(game)
    play(game, Freeze(0))
    assert game.frozen[ANDY] == {0} and game.tokens[ANDY] == 1
    assert not game.can_freeze()  # one freeze a turn
    assert not any(isinstance(m, Freeze) for m in legal_moves(game))
    assert UseAbility(57, ANDY, (0,)) not in legal_moves(game)  # A→X would remove it
    assert UseAbility(2, ANDY, (0, 1)) not in legal_moves(game)  # A↔B would move it
    assert UseAbility(57, BETH, (0,)) in legal_moves(game)  # others' A is not frozen
    play(game, Draw())
    assert Place(0) not in legal_moves(game)
    with pytest.raises(CardgenError):
        play(game, Place(0))
    play(game, Place(6))
    # on Beth's turn, nobody may move Andy's frozen card either
    assert UseAbility(57, ANDY, (0,)) not in legal_moves(game)
    assert game.sequences[ANDY][0] == 8


def test_no_freeze_without_tokens() -> None:
    game = figure_5("own")
    assert not any(isinstance(m, Freeze) for m in legal_moves(game))
    assert not game.is_legal(Freeze(0))


# --- shared with the other engine tests ---------------------------------------------------

variants = st.one_of(
    st.builds(
        Variant,
        pattern=st.sampled_from(["one", "two", "three"]),
        census=st.integers(2, 9),
        players=st.integers(2, 6),
        packs=st.integers(1, 2),
        win=st.sampled_from(["ascending", "never-descending"]),
        apply=st.sampled_from(["own", "any"]),
        wilds=st.integers(0, 4),
        freeze=st.integers(0, 2),
        numbers=st.booleans(),
        max_turns=st.just(80),
    ),
    st.builds(
        Variant,
        pattern=st.just("2d"),
        players=st.integers(2, 4),
        apply=st.sampled_from(["own", "any"]),
        wilds=st.integers(0, 3),
        freeze=st.integers(0, 2),
        numbers=st.booleans(),
        categories=st.lists(st.sampled_from(list(CATEGORIES)), min_size=1, max_size=4, unique=True).map(tuple),
        max_turns=st.just(60),
    ),
)
