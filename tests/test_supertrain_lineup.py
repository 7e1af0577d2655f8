"""The line-up of a SuperTrain hand: hand-worked examples from the seed (003), and the exact search
against a brute force over every line of small hands (the referee's rules, nothing of the search's)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.supertrain.dominoes import LETTERS, TRAIN, Tile, parse_hand, tile_set
from cardgen.rules.supertrain.lineup import LINEUP_DECISIONS, line_up
from cardgen.rules.supertrain.referee import judge

FULL = tile_set("full")
SET_ORDER = [t.name for t in FULL]  # 12-12, 12-11 … 0-0, 0-Train … 12-Train, Train-Train, A, A, A, D, R, S, T


def shown(hand: str, engine: object) -> tuple[list[str], list[str], bool]:
    up = line_up(parse_hand(hand), engine)  # type: ignore[arg-type]
    return [f"{s.laid}-{s.left}" for s in up.line], [t.name for t in up.extras], up.from_engine


# --- worked by hand ---


def test_the_seeds_example_line() -> None:
    # "example: 12-5, 5-7, 7-8, 8-11 and so on"
    assert shown("12-5 5-7 7-8 8-11", 12) == (["12-5", "5-7", "7-8", "8-11"], [], True)


def test_a_wild_tile_fills_a_gap() -> None:
    # 12-5 from the engine; no tile with 5 but the 5-Train, laid by its 5, leaves a Red Train; 8-7 by its 8
    assert shown("12-5 7-8 5-Train", 12) == (["12-5", "5-Train", "8-7"], [], True)


def test_a_letter_leaves_its_red_train_and_a_double_may_follow() -> None:
    assert shown("A-Train 12-5 9-9", 12) == (["12-5", "A-Train", "9-9"], [], True)


def test_no_tile_matching_the_engine_the_longest_line_from_any_tile() -> None:
    # nothing has a 12 or is wild: 5-4 then 4-3 (two tiles) beats 9-9 alone
    assert shown("3-4 4-5 9-9", 12) == (["5-4", "4-3"], ["9-9"], False)


def test_the_double_train_never_follows_the_engine_or_a_double() -> None:
    # it matches no engine (a double), so the line may start anywhere; it cannot sit next to 3-3 either way
    assert shown("Train-Train 3-3", 12) == (["3-3"], ["Train-Train"], False)
    # after a tile that is not a double it may (and, before the Letters in the set's order, it goes first)
    assert shown("Train-Train A-Train 12-5", 12) == (["12-5", "Train-Train", "A-Train"], [], True)
    # but not after 12-9's double 9-9: the A-Train goes between them
    assert shown("Train-Train A-Train 12-9 9-9", 12) == (["12-9", "9-9", "A-Train", "Train-Train"], [], True)


def test_the_train_train_round_starts_with_any_tile_doubles_too() -> None:
    assert shown("9-9 9-4 2-3", TRAIN) == (["9-9", "9-4"], ["3-2"], True)


def test_ties_go_to_the_highest_tiles_first_and_wild_tiles_last() -> None:
    # two lines of three: 12-5 5-3 3-Train, or 12-3 3-5 5-Train …: 12-5 comes before 12-3 in the set
    assert shown("12-5 12-3 5-3 3-Train", 12)[0][:2] == ["12-5", "5-3"]
    # a wild tile that could go first goes last when the line is as long either way
    assert shown("12-5 4-Train", 12)[0] == ["12-5", "Train-4"]


def test_decisions_are_sentences() -> None:
    assert len(LINEUP_DECISIONS) == 1 and all(d.endswith(".") for d in LINEUP_DECISIONS)


@pytest.mark.parametrize(
    "hand, engine, message",
    [
        ("12-12 12-5", 12, "the hand holds the engine 12-12"),
        (" ".join(["1-0"] * 1), 13, "no engine 13"),
        (" ".join(t.name for t in FULL[:26]), 11, "26 tiles is too many to line up"),
    ],
)
def test_bad_input_is_one_line(hand: str, engine: object, message: str) -> None:
    with pytest.raises(CardgenError, match=message):
        line_up(parse_hand(hand), engine)  # type: ignore[arg-type]


# --- against a brute force ---


def _rank(end: object) -> int:
    return -end if isinstance(end, int) else (1 + LETTERS.index(end) if end in LETTERS else 10)  # type: ignore[arg-type]


def brute(hand: list[Tile], engine: object) -> tuple[int, list[tuple[int, int]], bool]:
    """The longest line by trying every tile each way the referee allows, and the first of the longest
    compared tile by tile in the set's order (a tile's place, then its laid end: numbers high to low,
    Letters, the Red Train)."""
    tiles = sorted(hand, key=lambda t: SET_ORDER.index(t.name))
    from_engine = engine == TRAIN or any(judge(engine, t, on_engine=True).legal for t in tiles)  # type: ignore[arg-type]

    def ways(exposed: object, double: bool, first: bool, t: Tile) -> list[tuple[object, object]]:
        if exposed is None:  # the first tile of a line from anywhere
            return [(e, t.b if e == t.a else t.a) for e in (t.ends[:1] if t.is_double else t.ends)]
        v = judge(exposed, t, on_double=double, on_engine=first)  # type: ignore[arg-type]
        return [(w.laid, w.left) for w in v.ways]

    @functools.cache
    def best(exposed: object, double: bool, first: bool, used: int) -> int:
        out = 0
        for i, t in enumerate(tiles):
            if not used >> i & 1:
                for _, left in ways(exposed, double, first, t):
                    out = max(out, 1 + best(left, t.is_double, False, used | 1 << i))
        return out

    start = engine if from_engine else None
    length = best(start, False, from_engine, 0)
    key: list[tuple[int, int]] = []
    exposed, double, first, used, need = start, False, from_engine, 0, length
    while need:
        options = sorted(
            (SET_ORDER.index(t.name), _rank(laid), i, left, t.is_double)
            for i, t in enumerate(tiles)
            if not used >> i & 1
            for laid, left in ways(exposed, double, first, t)
        )
        for place, rank, i, left, dbl in options:
            if 1 + best(left, dbl, False, used | 1 << i) == need:
                key.append((place, rank))
                exposed, double, first, used, need = left, dbl, False, used | 1 << i, need - 1
                break
    return length, key, from_engine


def _key(hand: list[Tile], engine: object) -> tuple[int, list[tuple[int, int]], bool]:
    up = line_up(hand, engine)  # type: ignore[arg-type]
    return len(up.line), [(SET_ORDER.index(s.tile.name), _rank(s.laid)) for s in up.line], up.from_engine


SMALL = [t for t in FULL if t.is_wild or all(isinstance(e, int) and e <= 4 for e in t.ends)]


@st.composite
def hands(draw: st.DrawFn, size: int = 7) -> tuple[list[Tile], object]:
    engine = draw(st.sampled_from([*range(5), 12, TRAIN]))
    pool = [t for t in (SMALL if draw(st.booleans()) else FULL) if t != Tile(engine, engine)]  # type: ignore[arg-type]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), max_size=size, unique=True))
    return [pool[i] for i in picks], engine


@settings(max_examples=300)
@given(hands())
def test_the_line_up_is_the_brute_forces(case: tuple[list[Tile], object]) -> None:
    hand, engine = case
    assert _key(hand, engine) == brute(hand, engine)


@pytest.mark.parametrize("seed", range(30))
def test_the_line_up_is_the_brute_forces_on_hands_of_nine(seed: int) -> None:
    import random

    rng = random.Random(seed)
    engine = rng.choice([*range(13), TRAIN])
    pool = [t for t in (SMALL if seed % 2 else FULL) if t != Tile(engine, engine)]  # type: ignore[arg-type]
    hand = rng.sample(pool, 9)
    assert _key(hand, engine) == brute(hand, engine)


def test_every_tile_in_a_line_follows_the_referee() -> None:
    """Whole dealt hands, too big for the brute force: each step of the line is one the referee allows."""
    from cardgen.rules.supertrain.play import TILES, deal

    for seed in range(12):
        hands_, _ = deal(3, seed % 13 + 1, seed)
        hand = [TILES[t] for t in hands_[0]]
        engine: object = [*range(12, -1, -1), TRAIN][seed % 13]
        up = line_up(hand, engine)  # type: ignore[arg-type]
        assert len(up.line) + len(up.extras) == len(hand)
        exposed, double, first = (engine, False, True) if up.from_engine else (None, False, False)
        for step in up.line:
            if exposed is not None:
                v = judge(exposed, step.tile, on_double=double, on_engine=first)  # type: ignore[arg-type]
                assert (step.laid, step.left) in [(w.laid, w.left) for w in v.ways]
            exposed, double, first = step.left, step.tile.is_double, False
