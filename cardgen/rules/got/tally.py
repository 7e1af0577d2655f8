"""Counting many simulated games in pieces: tallies that add up in any order. Pure.

A run of a hundred thousand games is played in shares on several processes; each
share comes back as a ``Tally`` (whole numbers only: counts, sums and, for the
percentiles, how many games took each number of turns), and tallies are merged.
Whole numbers add up the same in any order, so the figures never depend on how
the games were split or which share finished first; ``Tally.summary()`` is
exactly ``cardgen.rules.got.simulation.summarise`` of the same records, without
keeping a record per game.

>>> from cardgen.rules.got.play import Variant
>>> from cardgen.rules.got.simulation import play_games, summarise
>>> records = play_games(Variant(players=2), 5, range(12))
>>> a, b = Tally(2), Tally(2)
>>> for r in records[:5]: a.add(r)
>>> for r in records[5:]: b.add(r)
>>> b.merge(a).summary() == summarise(records)
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from cardgen.errors import CardgenError
from cardgen.rules.got.simulation import GameRecord, Summary
from cardgen.rules.shared import percentile

__all__ = ["Tally"]


@dataclass
class Tally:
    """Games of one variant, counted: enough for a ``Summary``, a histogram of game length, and
    how the turns were spent. Merge tallies of the same variant with ``merge``."""

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    capped: int = 0
    stalled: int = 0
    won_turns: Counter[int] = field(default_factory=Counter)  # a won game's turns → games
    uses: Counter[str] = field(default_factory=Counter)  # abilities used, by kind
    exhausted_games: int = 0
    exhaustions: int = 0
    reshuffles: int = 0
    turns: int = 0  # every turn of every game
    places: int = 0
    passes: int = 0
    freezes: int = 0

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players

    def add(self, r: GameRecord) -> None:
        if r.variant.players != self.players:
            raise CardgenError("the games to tally have different numbers of players")
        self.games += 1
        if r.winner is not None:
            self.wins[r.winner] += 1
            self.won_turns[r.turns] += 1
        self.capped += r.capped
        self.stalled += r.stalled
        for kind, count in r.kinds:
            self.uses[kind] += count
        self.exhausted_games += bool(r.exhaustions)
        self.exhaustions += r.exhaustions
        self.reshuffles += r.reshuffles
        self.turns += r.turns
        self.places += r.places
        self.passes += r.passes
        self.freezes += r.freezes

    def merge(self, other: Tally) -> Tally:
        """A new tally of both; neither is changed."""
        if other.players != self.players:
            raise CardgenError("the games to tally have different numbers of players")
        return Tally(
            players=self.players,
            games=self.games + other.games,
            wins=[a + b for a, b in zip(self.wins, other.wins)],
            capped=self.capped + other.capped,
            stalled=self.stalled + other.stalled,
            won_turns=self.won_turns + other.won_turns,
            uses=self.uses + other.uses,
            exhausted_games=self.exhausted_games + other.exhausted_games,
            exhaustions=self.exhaustions + other.exhaustions,
            reshuffles=self.reshuffles + other.reshuffles,
            turns=self.turns + other.turns,
            places=self.places + other.places,
            passes=self.passes + other.passes,
            freezes=self.freezes + other.freezes,
        )

    def summary(self) -> Summary:
        """What ``summarise`` gives for the same games."""
        if not self.games:
            raise CardgenError("no games to summarise")
        p = self.players
        return Summary(
            games=self.games,
            players=p,
            won=sum(self.wins),
            capped=self.capped,
            stalled=self.stalled,
            turns_per_player_median=percentile(self.won_turns, 0.5, p),
            turns_per_player_p10=percentile(self.won_turns, 0.1, p),
            turns_per_player_p90=percentile(self.won_turns, 0.9, p),
            wins=tuple(self.wins),
            win_share=tuple(w / self.games for w in self.wins),
            ability_uses=tuple(sorted((k, v) for k, v in self.uses.items() if v)),
            exhausted_games=self.exhausted_games,
            exhaustions=self.exhaustions,
            reshuffles=self.reshuffles,
        )

    def length_histogram(self) -> dict[int, int]:
        """Won games by turns per player, rounded down (a game's turns ÷ players): the length a player feels."""
        out: Counter[int] = Counter()
        for turns, count in self.won_turns.items():
            out[turns // self.players] += count
        return dict(sorted(out.items()))

    def turn_shares(self) -> dict[str, float]:
        """How the turns were spent: drawing and placing, using an ability, passing (shares of all turns)."""
        if not self.turns:
            return {}
        used = sum(self.uses.values())
        return {"place": self.places / self.turns, "ability": used / self.turns, "pass": self.passes / self.turns}
