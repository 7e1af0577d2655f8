"""The compiled kernel (cardgen.rules.got.kernel, by way of cardgen.rules.got.fast) against the Python
engine, the reference: the same games move for move, the same records, and traces of its games that the
referee (``replay``) finds legal. Where the kernel does not play (the 3×3 mat, the random bot, a bot of
one's own, traces), ``play_game`` is the Python engine's.

A traced game is always the Python engine's, so ``play_game(..., trace=True)`` is the reference here.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got import bots, fast
from cardgen.rules.got.moves import Move
from cardgen.rules.got.play import Game, Variant
from cardgen.rules.got.simulation import GameRecord, play_game, replay
from cardgen.rules.shared import game_seed

pytest.importorskip("numba")


def reference_moves(variant: Variant, seed: int) -> list[Move]:
    """The good bot's moves in every seat, played by the Python engine."""
    game, rng, out = Game(variant, seed), random.Random(0), []
    while game.phase != "over":
        move = bots.good(game, rng)
        out.append(move)
        game.play(move)
    return out


def reference(variant: Variant, seed: int) -> GameRecord:
    return replace(play_game(variant, seed, trace=True), events=())


def scripted(moves: list[Move]) -> Callable[[Game, random.Random], Move]:
    """A bot that plays these moves in turn (the engine refuses any that is not legal)."""
    queue = list(moves)

    def bot(game: Game, rng: random.Random) -> Move:
        return queue.pop(0)

    return bot


def _variant(**kw: object) -> Variant:
    try:
        return Variant(**kw)  # type: ignore[arg-type]
    except CardgenError:
        assume(False)
        raise


linear = st.builds(
    _variant,
    pattern=st.sampled_from(["one", "two", "three"]),
    census=st.integers(2, 12),
    copies=st.one_of(st.none(), st.integers(1, 6)),
    players=st.integers(2, 6),
    packs=st.integers(1, 3),
    win=st.sampled_from(["ascending", "never-descending"]),
    apply=st.sampled_from(["own", "any"]),
    wilds=st.integers(0, 6),
    freeze=st.integers(0, 3),
    numbers=st.booleans(),
    max_turns=st.sampled_from([3, 40, 2000]),
)
three = st.builds(
    _variant,
    pattern=st.just("three"),
    census=st.integers(2, 9),
    players=st.integers(3, 6),
    same_sequence=st.booleans(),
    three_party=st.booleans(),
    apply=st.sampled_from(["own", "any"]),
    wilds=st.integers(0, 3),
    freeze=st.integers(0, 2),
    numbers=st.booleans(),
)
seeds = st.one_of(st.integers(0, 2**32 + 5), st.integers(2**64 - 5, 2**64 - 1), st.integers(0, 2**64 - 1))


# --- move for move ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.one_of(linear, three), seeds)
def test_the_kernel_plays_the_references_moves_and_record(variant: Variant, seed: int) -> None:
    assert fast.plays(variant, "good")
    assert fast.moves(variant, seed) == reference_moves(variant, seed)
    assert play_game(variant, seed) == reference(variant, seed)


# Every option of the linear mat, and the edges of the pack (the fewest cards that deal and draw).
OPTIONS = [
    {},
    {"players": 2},
    {"players": 6},
    {"pattern": "one", "census": 2, "players": 2},
    {"pattern": "one", "census": 9, "players": 5},
    {"pattern": "two", "census": 3},
    {"pattern": "two", "census": 12, "players": 2},
    {"pattern": "two", "census": 23, "players": 3},
    {"pattern": "three", "census": 5, "three_party": True},
    {"pattern": "three", "same_sequence": False, "players": 5, "three_party": True},
    {"pattern": "three", "apply": "any", "wilds": 2, "freeze": 1},
    {"copies": 4, "pattern": "one", "census": 3, "players": 2},
    {"copies": 6},
    {"packs": 3, "census": 5, "players": 3},
    {"packs": 2, "win": "never-descending"},
    {"win": "never-descending", "wilds": 4},
    {"wilds": 12, "players": 3},
    {"freeze": 3, "players": 2},
    {"freeze": 7, "wilds": 3},
    {"apply": "any", "players": 2},
    {"apply": "any", "packs": 2, "freeze": 2},
    {"numbers": True},
    {"numbers": True, "pattern": "one", "apply": "any", "wilds": 2, "packs": 2},
    {"numbers": True, "pattern": "three", "three_party": True},
    {"max_turns": 1},
    {"max_turns": 9, "players": 3},
]


@pytest.mark.parametrize(
    "options", OPTIONS, ids=[",".join(f"{k}={v}" for k, v in o.items()) or "default" for o in OPTIONS]
)
def test_every_option_plays_the_same_games(options: dict[str, object]) -> None:
    variant = Variant(**options)  # type: ignore[arg-type]
    for i in range(6):
        seed = game_seed(2024, i)
        assert fast.moves(variant, seed) == reference_moves(variant, seed)
        assert play_game(variant, seed) == reference(variant, seed)


def test_stalled_capped_exhausted_and_reshuffled_games_are_among_those_compared() -> None:
    """The comparisons above reach the game's rarer ends and events (else they would prove less)."""
    seen: set[str] = set()
    for options, n in (
        ({"max_turns": 9, "players": 3}, 10),
        ({"copies": 4, "pattern": "one", "census": 3, "players": 2}, 40),
    ):
        variant = Variant(**options)  # type: ignore[arg-type]
        for i in range(n):
            r = play_game(variant, game_seed(2024, i))
            seen |= {r.reason} | ({"reshuffled"} if r.reshuffles else set()) | ({"passed"} if r.passes else set())
    assert {"won", "capped", "reshuffled"} <= seen


def test_a_game_of_passes_that_stalls_is_the_same() -> None:
    """Every card frozen, no action open: the players pass until the game stalls (found by search)."""
    variant, seed = Variant(pattern="two", census=3, players=2, freeze=3), game_seed(5, 414)
    record = play_game(variant, seed)
    assert (record.passes, record.reason) == (2, "stalled")
    assert record == reference(variant, seed)
    assert fast.moves(variant, seed) == reference_moves(variant, seed)


# --- the referee ----------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS[::3], ids=[str(i) for i in range(len(OPTIONS[::3]))])
def test_the_kernels_games_replay_as_legal(options: dict[str, object]) -> None:
    """Its moves, played by the Python engine (which refuses an illegal one), make a trace the referee accepts."""
    variant = Variant(**options)  # type: ignore[arg-type]
    for i in range(4):
        seed = game_seed(7, i)
        moves = fast.moves(variant, seed)
        record = play_game(variant, seed, scripted(moves), trace=True)
        assert replay(record.events)
        assert replace(record, events=(), bots=("good",) * variant.players) == play_game(variant, seed)


# --- where the kernel does not play ---------------------------------------------------------------


def test_the_python_engine_plays_what_the_kernel_does_not() -> None:
    grid = Variant(pattern="2d")
    assert not fast.plays(grid, "good")
    assert not fast.plays(Variant(), "random")
    assert not fast.plays(Variant(), bots.good)  # a bot of one's own, even this one
    assert not fast.plays(Variant(), ["good", "random", "good", "good"])
    assert fast.plays(Variant(), [" Good", "good", "GOOD", "good"])
    assert fast.game(Variant(), 2**64, "good") is None  # beyond 64 bits: the engine seeds it
    for variant, bot in ((grid, "good"), (Variant(), "random")):
        assert play_game(variant, 5, bot) == replace(play_game(variant, 5, bot, trace=True), events=())
    big = 2**70 + 3
    assert play_game(Variant(), big) == reference(Variant(), big)


def test_use_false_plays_every_game_by_the_python_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "USE", False)
    assert not fast.plays(Variant(), "good")
    assert play_game(Variant(), 3) == reference(Variant(), 3)


def test_a_command_that_does_not_simulate_imports_neither_numba_nor_numpy() -> None:
    code = (
        "import sys, cardgen.cli, cardgen.rules.got.simulation, cardgen.simulate.run; "
        "print(sorted(m for m in ('numba', 'numpy', 'cardgen.rules.got.kernel') if m in sys.modules))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"
