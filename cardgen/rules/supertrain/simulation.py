"""Simulating SuperTrain: one game from a seed, many counted into figures, and the figures in a
sentence. Pure.

``play_game(setup, seed, bot)`` plays the rounds of one game (``rules.supertrain.play``) with a bot
of ``rules.supertrain.bots`` in every seat and returns a ``GameRecord``. Round ``r``'s deal depends
only on ``(seed, r)`` (``play.deal``), and the bots share one generator seeded from ``seed``, so game
``i`` of a run seeded ``S`` is ``play_game(setup, game_seed(S, i))`` wherever it is played.
``play_pair`` plays the same game twice: with the wild tiles, and as plain Mexican Train on the same
deals (each wild tile replaced by a number tile of the bone pile, ``play.deal``): what the 21 wild
tiles change, round by round.

``Tally`` counts games in whole numbers only (counts, sums, and how many rounds took each number of
turns), so tallies of shares of a run merge to the same figures in any order; ``summary()`` gives a
``Summary`` (``to_dict()`` for JSON) and ``sentence`` says it in words.

What the figures mean:

* **Turns**: a round's turns, every player's turn counted (a pass too, a skipped turn not).
* **Blocked**: rounds that ended with the bone pile empty and nobody able to play.
* **Score**: a player's total over the game's rounds; **win share** by seat, seat 0 first (equal
  lowest totals share the win); **out** the share of rounds each seat, counted from the round's
  leader, went out in.
* **Actions**: each action tile's plays a round, and what they did: skips, reversals (with two
  players a reversal changes nothing), tiles drawn because of a D-Train, the T-Train's turns by how
  many tiles they laid, where an A-Train went (another player's unmarked train is what only an A may do).
* **Without the wild tiles**: the same figures of the plain games, and the difference of each round's
  turns (with − without) over the rounds both played, its mean with a 95 % interval.

>>> from cardgen.rules.shared import game_seed
>>> record, plain = play_pair(Setup(players=3, rounds=2), game_seed(1, 0))
>>> len(record.rounds), len(plain.rounds), record.rounds[0].engine
(2, 2, '12-12')
>>> tally = Tally(3)
>>> tally.add(record, plain)
>>> tally.summary().rounds
2
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from cardgen.errors import CardgenError
from cardgen.rules.shared import SALT, mix64, percent, percentile
from cardgen.rules.supertrain.bots import bot as bot_named
from cardgen.rules.supertrain.dominoes import HAND_SIZES, LETTERS
from cardgen.rules.supertrain.play import ENGINE_ID, MAX_ROUNDS, NAME, PLAIN_ROUNDS, Counts, Round, deal

__all__ = ["GameRecord", "RoundRecord", "Setup", "Summary", "Tally", "play_game", "play_pair", "sentence"]

MOVES = ("plays", "draws", "passes", "doubles", "wild_plays", "skips", "reversals", "d_draws", "special_t")
WIN_UNITS = 840  # a win shared by k players (k = 1 … 8) is 840 / k units: a whole number
Event = dict[str, Any]


@dataclass(frozen=True)
class Setup:
    """What a simulated game plays: ``players`` (2 to 8), its first ``rounds`` (1 to 14; plain Mexican
    Train stops at 13), with the 21 wild tiles or without (``wilds``)."""

    players: int = 4
    rounds: int = MAX_ROUNDS
    wilds: bool = True

    def __post_init__(self) -> None:
        if self.players not in HAND_SIZES:
            raise CardgenError(f"players {self.players} is out of range: allowed 2 to 8")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise CardgenError(f"rounds {self.rounds} is out of range: allowed 1 to {MAX_ROUNDS}")

    @property
    def played(self) -> int:
        """The rounds a game has: without the wild tiles there is no Train-Train round."""
        return self.rounds if self.wilds else min(self.rounds, PLAIN_ROUNDS)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "rounds": self.rounds, "wilds": self.wilds}


@dataclass(frozen=True)
class RoundRecord:
    """One round: its engine and leader, turns, how it ended, each seat's points left, what was played."""

    round_no: int
    engine: str
    first: int
    turns: int
    reason: str  # "out", "blocked" or "capped"
    out: int | None
    scores: tuple[int, ...]
    counts: Counts


@dataclass(frozen=True)
class GameRecord:
    """One game: its rounds, each seat's total and the winners (the lowest total)."""

    seed: int
    setup: Setup
    bot: str
    rounds: tuple[RoundRecord, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


def play_game(
    setup: Setup, seed: int, bot: str = "good", *, on_event: Callable[[Event], None] | None = None
) -> GameRecord:
    """Play one game from ``seed``; ``on_event`` is told every event (``rules.supertrain.traces``)."""
    chooser = bot_named(bot)
    rng = random.Random(mix64(seed ^ SALT))
    p = setup.players
    if on_event is not None:
        on_event({"event": "setup", "game": "supertrain", **setup.to_dict(), "bot": bot, "seed": seed})
    rounds: list[RoundRecord] = []
    totals = [0] * p
    for r in range(1, setup.played + 1):
        hands, pile = deal(p, r, seed, setup.wilds)
        first = (r - 1) % p
        if on_event is not None:
            on_event(
                {
                    "event": "round",
                    "round": r,
                    "engine": NAME[ENGINE_ID[r - 1]],
                    "first": first,
                    "hands": [[NAME[t] for t in h] for h in hands],
                    "pile": [NAME[t] for t in pile],
                }
            )
        game = Round(p, r, hands, pile, first, on_event)
        while game.phase == "play":
            game.play(chooser(game, rng))
        scores = game.scores()
        totals = [a + b for a, b in zip(totals, scores)]
        record = RoundRecord(r, NAME[game.engine], first, game.turns, game.reason, game.out, tuple(scores), game.counts)
        rounds.append(record)
        if on_event is not None:
            on_event(
                {
                    "event": "round_end",
                    "round": r,
                    "reason": game.reason,
                    "out": game.out,
                    "turns": game.turns,
                    "scores": scores,
                    "totals": totals,
                }
            )
    low = min(totals)
    winners = tuple(s for s in range(p) if totals[s] == low)
    if on_event is not None:
        on_event({"event": "end", "totals": totals, "winners": list(winners)})
    return GameRecord(seed, setup, bot, tuple(rounds), tuple(totals), winners)


def play_pair(setup: Setup, seed: int, bot: str = "good") -> tuple[GameRecord, GameRecord | None]:
    """The game, and (when it has the wild tiles) the same deals played without them."""
    record = play_game(setup, seed, bot)
    plain = play_game(replace(setup, wilds=False), seed, bot) if setup.wilds else None
    return record, plain


# ---------------------------------------------------------------- counting


@dataclass
class Side:
    """The games of one kind (with the wild tiles, or without), counted in whole numbers."""

    players: int
    games: int = 0
    rounds: int = 0
    blocked: int = 0
    capped: int = 0
    turns: Counter[int] = field(default_factory=Counter)  # a round's turns → rounds
    turns_by_round: Counter[int] = field(default_factory=Counter)  # round number → turns summed
    rounds_by_round: Counter[int] = field(default_factory=Counter)
    totals: Counter[int] = field(default_factory=Counter)  # a seat's game total → how many
    left: int = 0  # points left in hand, summed over every seat of every round
    wins: list[int] = field(default_factory=list)  # by seat, in WIN_UNITS
    out_from_leader: Counter[int] = field(default_factory=Counter)  # seats after the leader → rounds gone out
    moves: Counter[str] = field(default_factory=Counter)  # plays, draws, passes, doubles, wild plays …
    actions: Counter[str] = field(default_factory=Counter)  # letter → plays
    a_where: Counter[str] = field(default_factory=Counter)
    t_sizes: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players

    def add(self, g: GameRecord) -> None:
        if g.setup.players != self.players:
            raise CardgenError("the games to tally have different numbers of players")
        self.games += 1
        for s in g.totals:
            self.totals[s] += 1
        for s in g.winners:
            self.wins[s] += WIN_UNITS // len(g.winners)
        for r in g.rounds:
            self.rounds += 1
            self.blocked += r.reason == "blocked"
            self.capped += r.reason == "capped"
            self.turns[r.turns] += 1
            self.turns_by_round[r.round_no] += r.turns
            self.rounds_by_round[r.round_no] += 1
            self.left += sum(r.scores)
            if r.out is not None:
                self.out_from_leader[(r.out - r.first) % self.players] += 1
            c = r.counts
            for name in MOVES:
                self.moves[name] += getattr(c, name)
            self.actions.update(c.actions or {})
            self.a_where.update(c.a_where or {})
            self.t_sizes.update(c.t_sizes or {})

    def merge(self, o: Side) -> Side:
        return Side(
            self.players,
            self.games + o.games,
            self.rounds + o.rounds,
            self.blocked + o.blocked,
            self.capped + o.capped,
            self.turns + o.turns,
            self.turns_by_round + o.turns_by_round,
            self.rounds_by_round + o.rounds_by_round,
            self.totals + o.totals,
            self.left + o.left,
            [a + b for a, b in zip(self.wins, o.wins)],
            self.out_from_leader + o.out_from_leader,
            self.moves + o.moves,
            self.actions + o.actions,
            self.a_where + o.a_where,
            self.t_sizes + o.t_sizes,
        )

    def figures(self) -> dict[str, Any]:
        """This side's figures, JSON-ready."""
        n = self.rounds
        mean = sum(k * v for k, v in self.turns.items()) / n if n else None
        out: dict[str, Any] = {
            "games": self.games,
            "rounds": n,
            "turns": {
                "median": percentile(self.turns, 0.5),
                "p10": percentile(self.turns, 0.1),
                "p90": percentile(self.turns, 0.9),
                "mean": mean,
            },
            "turns_each": None if mean is None else mean / self.players,
            "turns_by_round": {
                str(r): self.turns_by_round[r] / self.rounds_by_round[r] for r in sorted(self.rounds_by_round)
            },
            "blocked": self.blocked,
            "blocked_share": self.blocked / n if n else None,
            "capped": self.capped,
            "score": {
                "median": percentile(self.totals, 0.5),
                "p10": percentile(self.totals, 0.1),
                "p90": percentile(self.totals, 0.9),
                "mean": sum(k * v for k, v in self.totals.items()) / (self.games * self.players)
                if self.games
                else None,
            },
            "left_a_round": self.left / (n * self.players) if n else None,
            "win_share": [w / WIN_UNITS / self.games for w in self.wins] if self.games else [],
            "out_from_leader": [self.out_from_leader[k] / n if n else 0.0 for k in range(self.players)],
            "per_round": {k: self.moves[k] / n for k in MOVES} if n else {},
        }
        if sum(self.actions.values()) or self.moves["wild_plays"]:
            out["actions"] = {
                "plays_a_round": {letter: self.actions[letter] / n for letter in LETTERS} if n else {},
                "skips": self.moves["skips"],
                "reversals": self.moves["reversals"],
                "reversals_to_no_effect": self.moves["reversals"] if self.players == 2 else 0,
                "d_draws": self.moves["d_draws"],
                "t_turns_by_tiles": {str(k): v for k, v in sorted(self.t_sizes.items())},
                "t_special": self.moves["special_t"],
                "a_where": {k: self.a_where[k] for k in ("own", "mexican", "marked", "unmarked") if self.a_where[k]},
            }
        return out


@dataclass
class Tally:
    """Games of one setup: with the wild tiles (``wild``) and, paired, the same deals without them
    (``plain``); ``diff``: each paired round's turns, with less without, summed (and squared)."""

    players: int
    wild: Side | None = None
    plain: Side | None = None
    pairs: int = 0
    diff: int = 0
    diff_squares: int = 0

    @property
    def games(self) -> int:
        side = self.wild or self.plain
        return side.games if side is not None else 0

    def add(self, record: GameRecord, plain: GameRecord | None = None) -> None:
        """Count a game; ``plain`` is the same game without the wild tiles (``record`` may be that itself)."""
        wild = record if record.setup.wilds else None
        if wild is None:
            plain = record
        if wild is not None:
            self.wild = self.wild or Side(self.players)
            self.wild.add(wild)
        if plain is not None:
            self.plain = self.plain or Side(self.players)
            self.plain.add(plain)
        if wild is not None and plain is not None:
            for a, b in zip(wild.rounds, plain.rounds):
                d = a.turns - b.turns
                self.pairs += 1
                self.diff += d
                self.diff_squares += d * d

    def merge(self, o: Tally) -> Tally:
        def both(a: Side | None, b: Side | None) -> Side | None:
            return b if a is None else a if b is None else a.merge(b)

        return Tally(
            self.players,
            both(self.wild, o.wild),
            both(self.plain, o.plain),
            self.pairs + o.pairs,
            self.diff + o.diff,
            self.diff_squares + o.diff_squares,
        )

    def summary(self) -> Summary:
        if not self.games:
            raise CardgenError("no games to summarise")
        d_mean = self.diff / self.pairs if self.pairs else None
        half = None
        if self.pairs > 1 and d_mean is not None:
            var = (self.diff_squares - self.pairs * d_mean * d_mean) / (self.pairs - 1)
            half = 1.96 * math.sqrt(max(0.0, var) / self.pairs)
        side = self.wild or self.plain
        assert side is not None
        return Summary(
            self.players,
            self.games,
            side.rounds,
            None if self.wild is None else self.wild.figures(),
            None if self.plain is None else self.plain.figures(),
            self.pairs,
            d_mean,
            half,
        )


@dataclass(frozen=True)
class Summary:
    """Many games at a glance (see the module docstring for what each figure means)."""

    players: int
    games: int
    rounds: int
    wild: dict[str, Any] | None
    plain: dict[str, Any] | None
    pairs: int
    diff_mean: float | None  # turns a round, with the wild tiles less without, on the same deals
    diff_half: float | None  # half the 95 % interval of that mean

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": self.players, "games": self.games}
        if self.wild is not None:
            out["with_wilds"] = self.wild
        if self.plain is not None:
            out["without_wilds"] = self.plain
        if self.pairs:
            out["wilds_change"] = {
                "rounds_compared": self.pairs,
                "turns_a_round": self.diff_mean,
                "interval95": None
                if self.diff_half is None or self.diff_mean is None
                else [self.diff_mean - self.diff_half, self.diff_mean + self.diff_half],
            }
        return out


def _share(v: float) -> str:
    """A share as a whole per cent, or "under 1 %" for a few rounds in a thousand (not "0 %").

    >>> _share(0.004), _share(0.0), _share(0.08)
    ('under 1 %', 'none', '8 %')
    """
    return "none" if v == 0 else "under 1 %" if v < 0.005 else percent(v)


def sentence(s: Summary) -> str:
    """The figures a family asks about, in a sentence: how long a round is, and what the wild tiles change.

    >>> sentence(Summary(4, 10, 140, {"turns": {"mean": 21.4, "median": 21.0}, "blocked_share": 0.02}, None, 0, None, None))
    'a round takes about 21 turns with 4 players'
    """
    main = s.wild if s.wild is not None else s.plain
    assert main is not None
    median = main["turns"]["median"]
    what = "" if s.wild is not None else " of plain Mexican Train (no wild tiles)"
    text = f"a round{what} takes about {int(median + 0.5)} turns with {s.players} players"
    if s.diff_mean is not None and s.plain is not None:
        d = s.diff_mean
        change = "shorten" if d < 0 else "lengthen"
        text += (
            f"; the wild tiles {change} it by {abs(d):.1f} turns on the same deals "
            f"(without them about {int(s.plain['turns']['median'] + 0.5)})"
        )
        a, b = main.get("blocked_share"), s.plain.get("blocked_share")
        if a is not None and b is not None:
            text += f"; {_share(a)} of rounds block ({_share(b)} without them)"
    return text


# ---------------------------------------------------------------- a handout's figures

HANDOUT_PLAYERS = (2, 4, 6, 8)  # the player counts a handout quotes
HANDOUT_SEED = 1  # `cardgen simulate supertrain`'s default seed: its command plays the same games
MAX_HANDOUT_GAMES = 10_000


def handout_figures(games: int, players: tuple[int, ...] = HANDOUT_PLAYERS) -> list[tuple[int, Summary]]:
    """``games`` whole games (14 rounds, the good bot, each also played without the wild tiles) for each
    player count, seeded as ``cardgen simulate supertrain --players P --games N`` seeds them: the same figures.

    >>> [(p, s.games) for p, s in handout_figures(1, (3,))]
    [(3, 1)]
    """
    from cardgen.rules.shared import game_seed

    if type(games) is not int or not 1 <= games <= MAX_HANDOUT_GAMES:
        raise CardgenError(
            f"--simulate {games} is out of range: play 1 to {MAX_HANDOUT_GAMES:,} games for each number of players"
        )
    out = []
    for p in players:
        tally = Tally(p)
        for i in range(games):
            tally.add(*play_pair(Setup(players=p), game_seed(HANDOUT_SEED, i)))
        out.append((p, tally.summary()))
    return out
