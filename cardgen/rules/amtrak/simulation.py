"""Simulating Amtrak: one game from a seed, and many counted into figures. Pure.

``play_amtrak(setup, seed, bots)`` plays one game (``cardgen.rules.amtrak.play``)
with strategies of ``cardgen.rules.amtrak.bots`` and returns an ``AmtrakRecord``.
Game ``i`` of a run seeded ``S`` is ``play_amtrak(setup, game_seed(S, i))``, so
a run split across processes plays the same games. ``AmtrakTally`` counts games
in whole numbers (a shared first place is counted in twelfths, which every
share of 1 to 4 players is), so tallies merge to the same figures in any order;
``summary()`` gives an ``AmtrakSummary``.

What the figures mean:

* **Solo**: ``won`` is the games whose train was Full-Staff when the deck ran
  out; ``chance`` is their share, with a 95 % Wilson interval (the range the
  strategy's true chance lies in, given this many games). ``turns`` counts the
  turns a won game took; ``missing`` counts, over the games lost, each
  Full-Staff role no Car filled (a lost game may lack several).
* **Multiplayer**: ``score`` is every train's total, each player's train
  counted once per game; ``win_share`` by seat (a shared first place split
  equally); ``bonus`` the share of trains earning each Full-Staff bonus;
  ``tie_break`` the games whose winner was decided by the Rails.
* Capped games (``max_turns``) are counted apart and left out of every other figure.

>>> from cardgen.rules.amtrak.play import AmtrakSetup
>>> record = play_amtrak(AmtrakSetup(players=1), game_seed(1, 0))
>>> record.won == (record.bonus is not None), len(record.trains)
(True, 1)
>>> tally = AmtrakTally(1)
>>> tally.add(record)
>>> tally.summary().games
1
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardgen.errors import CardgenError
from cardgen.rules.amtrak.bots import AmtrakBot, amtrak_bot
from cardgen.rules.amtrak.play import ROLE, AmtrakGame, AmtrakSetup
from cardgen.rules.amtrak.scoring import BONUSES, bonus, compare, score_train
from cardgen.rules.shared import game_seed, percent, percentile, wilson

__all__ = ["ROLE_NAMES", "AmtrakRecord", "AmtrakSummary", "AmtrakTally", "game_seed", "play_amtrak", "play_amtraks"]

_SALT = 0xA5A5_5A5A_0F0F_F0F0
ROLE_NAMES = {"Coach": "a Coach", "K": "the King", "Q": "the Queen", "J": "a Jack"}
SHARE = 12  # a first place shared by k players (k = 1..4) is worth 12 / k twelfths of a win


@dataclass(frozen=True)
class AmtrakRecord:
    """What happened in one game of Amtrak. ``trains``: each player's Cars as ``TIE/RAIL``."""

    seed: int
    setup: AmtrakSetup
    bots: tuple[str, ...]
    turns: int
    extra_turns: int
    capped: bool
    trains: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    bonuses: tuple[str | None, ...]
    places: tuple[int, ...]  # 1 the winner; () when capped or solo
    tie_break: bool  # the winner was decided by the Rails
    won: bool  # solo: the train was Full-Staff
    missing: tuple[str, ...]  # solo and lost: the roles no Car filled
    deck_left: int  # cards left in the deck at the end

    @property
    def bonus(self) -> str | None:
        return self.bonuses[0] if self.bonuses else None


def _bots(setup: AmtrakSetup, bots: str | Sequence[str]) -> list[tuple[str, AmtrakBot]]:
    chosen = [bots] * setup.players if isinstance(bots, str) else list(bots)
    if len(chosen) != setup.players:
        raise CardgenError(f"{len(chosen)} bots for {setup.players} players")
    return [(name, amtrak_bot(name)) for name in chosen]


def play_amtrak(setup: AmtrakSetup, seed: int, bots: str | Sequence[str] = "good") -> AmtrakRecord:
    """Play one game from ``seed``: the deck is shuffled by ``random.Random(seed)``, the strategies
    share a second generator seeded from it."""
    seats = _bots(setup, bots)
    game = AmtrakGame(setup, seed)
    rng = random.Random(seed ^ _SALT)
    while game.phase != "over":
        game.play(seats[game.current][1](game, rng))
    cars = [game.cars(p) for p in range(game.players)]
    scores = tuple(score_train(c).total for c in cars)
    bonuses = tuple(None if (b := bonus(c)) is None else b.name for c in cars)
    places: tuple[int, ...] = ()
    tie_break = False
    if not setup.solo and not game.capped:
        ranked = compare(cars)
        places = tuple(r.place for r in ranked)
        top = max(r.total for r in ranked)
        level = sum(1 for r in ranked if r.total == top)  # trains with the highest total
        tie_break = level > sum(1 for r in ranked if r.place == 1)  # the Rails split them
    missing: tuple[str, ...] = ()
    won = setup.solo and game.won
    if setup.solo and not won:
        present = {ROLE[t] for t, _ in game.trains[0]}
        missing = tuple(r for r in ROLE_NAMES if r not in present)
    return AmtrakRecord(
        seed=seed,
        setup=setup,
        bots=tuple(name for name, _ in seats),
        turns=game.turn,
        extra_turns=game.extra_turns,
        capped=game.capped,
        trains=tuple(tuple(c.text for c in train) for train in cars),
        scores=scores,
        bonuses=bonuses,
        places=places,
        tie_break=tie_break,
        won=won,
        missing=missing,
        deck_left=len(game.deck),
    )


def play_amtraks(
    setup: AmtrakSetup, seed: int, indices: Sequence[int] | range, bots: str | Sequence[str] = "good"
) -> list[AmtrakRecord]:
    """Games ``indices`` of the run seeded ``seed``."""
    return [play_amtrak(setup, game_seed(seed, i), bots) for i in indices]


# ---------------------------------------------------------------- counting


@dataclass(frozen=True)
class AmtrakSummary:
    """Many games of one setup at a glance (see the module docstring for what each figure means)."""

    games: int
    players: int
    capped: int
    # solo
    won: int
    chance: float | None
    chance_low: float | None
    chance_high: float | None
    turns_median: float | None
    turns_p10: float | None
    turns_p90: float | None
    missing: tuple[tuple[str, int], ...]
    # both
    bonus: tuple[tuple[str, int], ...]  # trains earning each bonus
    trains: int  # trains scored
    cars_per_train: float | None
    # multiplayer
    score_median: float | None
    score_p10: float | None
    score_p90: float | None
    score_mean: float | None
    win_share: tuple[float, ...]
    shared_first: int
    tie_breaks: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready; solo and multiplayer each give their own figures."""
        out: dict[str, object] = {"games": self.games, "players": self.players, "capped": self.capped}
        played = self.games - self.capped
        bonus = dict(self.bonus)
        if self.players == 1:
            out |= {
                "won": self.won,
                "chance": self.chance,
                "interval95": [self.chance_low, self.chance_high],
                "turns_when_won": {"median": self.turns_median, "p10": self.turns_p10, "p90": self.turns_p90},
                "missing_when_lost": dict(self.missing),
                "bonus_when_won": bonus,
            }
        else:
            out |= {
                "score": {
                    "median": self.score_median,
                    "p10": self.score_p10,
                    "p90": self.score_p90,
                    "mean": self.score_mean,
                },
                "win_share": list(self.win_share),
                "shared_first": self.shared_first,
                "tie_breaks": self.tie_breaks,
                "bonus": bonus,
                "bonus_share": {k: v / self.trains for k, v in bonus.items()} if self.trains else {},
            }
        out["cars_per_train"] = self.cars_per_train
        out["games_played_out"] = played
        return out


@dataclass
class AmtrakTally:
    """Games of one setup, counted in whole numbers; ``merge`` adds two tallies up."""

    players: int
    games: int = 0
    capped: int = 0
    won: int = 0
    won_turns: Counter[int] = field(default_factory=Counter)
    missing: Counter[str] = field(default_factory=Counter)
    bonus: Counter[str] = field(default_factory=Counter)
    trains: int = 0
    cars: int = 0
    scores: Counter[int] = field(default_factory=Counter)
    win_twelfths: list[int] = field(default_factory=list)
    shared_first: int = 0
    tie_breaks: int = 0

    def __post_init__(self) -> None:
        if not self.win_twelfths:
            self.win_twelfths = [0] * self.players

    def add(self, r: AmtrakRecord) -> None:
        if r.setup.players != self.players:
            raise CardgenError("the games to tally have different numbers of players")
        self.games += 1
        if r.capped:
            self.capped += 1
            return
        self.trains += len(r.trains)
        self.cars += sum(len(t) for t in r.trains)
        if self.players == 1:
            if r.won:
                self.won += 1
                self.won_turns[r.turns] += 1
                if r.bonus is not None:
                    self.bonus[r.bonus] += 1
            for role in r.missing:
                self.missing[role] += 1
            return
        for score in r.scores:
            self.scores[score] += 1
        for name in r.bonuses:
            if name is not None:
                self.bonus[name] += 1
        firsts = [p for p, place in enumerate(r.places) if place == 1]
        for p in firsts:
            self.win_twelfths[p] += SHARE // len(firsts)
        self.shared_first += len(firsts) > 1
        self.tie_breaks += r.tie_break

    def merge(self, other: AmtrakTally) -> AmtrakTally:
        if other.players != self.players:
            raise CardgenError("the games to tally have different numbers of players")
        return AmtrakTally(
            players=self.players,
            games=self.games + other.games,
            capped=self.capped + other.capped,
            won=self.won + other.won,
            won_turns=self.won_turns + other.won_turns,
            missing=self.missing + other.missing,
            bonus=self.bonus + other.bonus,
            trains=self.trains + other.trains,
            cars=self.cars + other.cars,
            scores=self.scores + other.scores,
            win_twelfths=[a + b for a, b in zip(self.win_twelfths, other.win_twelfths)],
            shared_first=self.shared_first + other.shared_first,
            tie_breaks=self.tie_breaks + other.tie_breaks,
        )

    def summary(self) -> AmtrakSummary:
        if not self.games:
            raise CardgenError("no games to summarise")
        played = self.games - self.capped
        solo = self.players == 1
        low, high = wilson(self.won, played) if solo and played else (None, None)
        order = [b.name for b in BONUSES]
        return AmtrakSummary(
            games=self.games,
            players=self.players,
            capped=self.capped,
            won=self.won,
            chance=self.won / played if solo and played else None,
            chance_low=low,
            chance_high=high,
            turns_median=percentile(self.won_turns, 0.5),
            turns_p10=percentile(self.won_turns, 0.1),
            turns_p90=percentile(self.won_turns, 0.9),
            missing=tuple((r, self.missing[r]) for r in ROLE_NAMES if self.missing[r]),
            bonus=tuple((b, self.bonus[b]) for b in order if self.bonus[b]),
            trains=self.trains,
            cars_per_train=self.cars / self.trains if self.trains else None,
            score_median=percentile(self.scores, 0.5),
            score_p10=percentile(self.scores, 0.1),
            score_p90=percentile(self.scores, 0.9),
            score_mean=sum(s * n for s, n in self.scores.items()) / self.trains if self.scores else None,
            win_share=tuple(w / SHARE / self.games for w in self.win_twelfths) if not solo else (),
            shared_first=self.shared_first,
            tie_breaks=self.tie_breaks,
        )

    def histogram(self) -> dict[int, int]:
        """Solo: won games by turns taken; multiplayer: trains by score."""
        return dict(sorted((self.won_turns if self.players == 1 else self.scores).items()))


def amtrak_sentence(summary: AmtrakSummary) -> str:
    """Solo: the chance of a Full-Staff train; with others: a train's median score and the first seat's wins."""
    if summary.players == 1:
        if summary.chance is None:
            return "no solo game was played out"
        return f"a Full-Staff train before the deck runs out in about {percent(summary.chance)} of solo games"
    if summary.score_median is None:
        return f"no game was played out with {summary.players} players"
    return (
        f"a train scores about {int(summary.score_median + 0.5)} points with {summary.players} players; "
        f"the first seat wins {percent(summary.win_share[0])}"
    )
