"""Simulated figures for a Game of Trains handout: seeded games of the pack it describes. Pure.

``simulate_pack(spec, games)`` plays ``games`` games of the pack ``spec`` (a
``rules.got.patterns.Pattern``: its pattern, census, copies, combined packs, wild cards, number
abilities and winning definition) for each number of players in ``PLAYERS``, with cardgen's
good bot in every seat, abilities on the mover's own sequence and no freezing (the table's
defaults; pattern three's swaps as ``rules.got.play.DECISIONS`` says), from the fixed seed
``SEED``. Game i with P players is ``play_game(variant_for(spec, P), game_seed(SEED, i))``:
exactly the games ``cardgen simulate`` plays with the same options (``PackFigures.command``
spells them), so its figures are the same. A player count the pack is too small for is not
played; its row says why.

Games are counted in ``rules.got.tally.Tally`` shares (``shares``), which a caller may play on
other processes (``simulate_pack(..., mapper=pool.map)``): whole numbers, merged in any order,
so the figures are the same however the games were split.

>>> from cardgen.rules.got.patterns import make_pattern
>>> figures = simulate_pack(make_pattern("two", 7), 20, players=(4,))
>>> row = figures.rows[0]
>>> row.players, row.summary.games
(4, 20)
>>> words(row).startswith("with 4 players a game lasts about ")
True
>>> figures.command(4)
'cardgen simulate --pattern two --census 7 --copies 3 --players 4 --games 20 --seed 1'
>>> simulate_pack(make_pattern("two", 7), 0)
Traceback (most recent call last):
...
cardgen.errors.CardgenError: --simulate 0 is out of range: play 1 to 100,000 games for each number of players
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cardgen.errors import CardgenError
from cardgen.rules.got.figures import PackFigures, PlayerRow, words
from cardgen.rules.got.patterns import Pattern
from cardgen.rules.got.simulation import play_game
from cardgen.rules.got.tally import Tally
from cardgen.rules.got.variant import Variant
from cardgen.rules.shared import game_seed

__all__ = [
    "BOT",
    "MAX_GAMES",
    "PLAYERS",
    "SEED",
    "PackFigures",
    "PlayerRow",
    "simulate_pack",
    "variant_for",
    "words",
]

PLAYERS = (2, 3, 4)  # the player counts a handout reports
SEED = 1  # the run's seed: `cardgen simulate`'s default, so its command plays the same games
BOT = "good"
MAX_GAMES = 100_000  # per player count
SHARE = 250  # games a share at most (one job for another process)

Job = tuple[Variant, int, int, int]  # variant, seed, first game, end


def check_games(games: int) -> int:
    """``games`` if it is a number of games a handout may play, else one line."""
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise CardgenError(
            f"--simulate {games} is out of range: play 1 to {MAX_GAMES:,} games for each number of players"
        )
    return games


def variant_for(spec: Pattern, players: int) -> Variant:
    """The engine's variant of the pack ``spec`` for ``players`` players, at the table's defaults
    (abilities on one's own sequence, no freezing); a pack too small for them raises ``CardgenError``."""
    return Variant(
        pattern=spec.name,
        census=spec.census,
        copies=spec.copies,
        players=players,
        packs=spec.packs,
        win=spec.win,
        wilds=spec.wilds,
        numbers=spec.numbers,
    )


def play_share(job: Job) -> Tally:
    """Games ``first … end-1`` of a run seeded ``seed``, counted (what another process plays)."""
    variant, seed, first, end = job
    tally = Tally(variant.players)
    for i in range(first, end):
        tally.add(play_game(variant, game_seed(seed, i), BOT))
    return tally


def shares(variant: Variant, seed: int, games: int) -> list[Job]:
    return [(variant, seed, a, min(games, a + SHARE)) for a in range(0, games, SHARE)]


Mapper = Callable[[Callable[[Job], Tally], Iterable[Job]], Iterable[Tally]]


def simulate_pack(
    spec: Pattern,
    games: int,
    *,
    players: Sequence[int] = PLAYERS,
    seed: int = SEED,
    mapper: Mapper = map,
) -> PackFigures:
    """Play ``games`` seeded games of ``spec`` for each of ``players`` (see the module's docstring);
    ``mapper`` plays the shares (``map`` here, a pool's ``map`` on other processes)."""
    check_games(games)
    variants: dict[int, Variant] = {}
    why: dict[int, str] = {}
    for p in players:
        try:
            variants[p] = variant_for(spec, p)
        except CardgenError as e:
            why[p] = str(e)
    jobs = [job for p in players if p in variants for job in shares(variants[p], seed, games)]
    tallies = {p: Tally(p) for p in variants}
    for tally in mapper(play_share, jobs):
        tallies[tally.players] = tallies[tally.players].merge(tally)
    rows = tuple(PlayerRow(p, tallies[p].summary()) if p in variants else PlayerRow(p, None, why[p]) for p in players)
    return PackFigures(spec, games, seed, BOT, rows)
