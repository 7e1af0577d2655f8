"""Strategies for Amtrak (``cardgen.rules.amtrak.play``). Pure.

A strategy is a function ``(game, rng) -> move``; it only reads the game and
always returns one of ``game.legal_moves()``.

``random``
    A uniformly random legal move: one of the six moves of a turn (two switches,
    a draw, three ways to take the discard), then one of the four things to do
    with a drawn card (discard it, or put it in one of three places).

``good``
    Looks one move ahead and counts cards: it knows how many cards of each rank
    nobody has seen yet (those in the deck and the solo face-down pile), never
    their order. Each move is valued by the Track it leaves (``Weights`` names
    the numbers):

    * A Track whose Rails match makes a Car now: the Car's *gain*, plus what a
      new Track is worth (``solo_fresh``; with others ``fresh``, the new Track
      and the extra turn).
    * Otherwise the Track's *promise*: for each of its three cards as the
      future Tie, the Car the other two would make once one of them is matched,
      weighted by the chance of meeting that rank in the next few draws
      (unseen cards of the rank ÷ unseen cards × ``horizon``, at most 1) and by
      ``later`` (a Car one draw away, against one made now); when the two
      already match and only a switch is needed, by ``switch_away``, which also
      weighs a plan that needs a switch as well as a draw. The best of the
      three counts.
    * Drawing is valued as the average, over the unseen ranks, of the best
      thing to do with the card drawn (discard it, or put it in the best place).

    A Car's gain, solo: 1 when it fills a Full-Staff role no Car fills yet (a
    Joker fills any one), ``win`` when it completes the Full-Staff train, 0 when
    it adds nothing. With other players: the points it adds to the train (its
    value, and any change of Full-Staff bonus, by ``cardgen.rules.amtrak.scoring``) plus
    ``role_hint`` points for a Full-Staff role it fills. Ties go to the first
    move in the engine's order (``legal_moves``), so the strategy is
    deterministic and ``rng`` is unused.

    The weights come from a small search on seeded games (2,000 a setting):
    solo, every setting tried won 36–39 % of games (the defaults 39 %); with two
    players, valuing a new Track at 6 points won 55 % of games against the same
    strategy valuing it at 0. It is a heuristic, not the best possible play: its
    figures are what a careful player who counts cards can expect, not a bound
    on what perfect play could do.

>>> from cardgen.rules.amtrak.play import AmtrakGame, AmtrakSetup
>>> game = AmtrakGame(AmtrakSetup(players=2), seed=3)
>>> good(game, random.Random(0)) in game.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from cardgen.errors import CardgenError
from cardgen.rules.amtrak.play import JOKER, ROLE, AmtrakGame, AmtrakMove, Discard, Draw, Keep, Switch, Take
from cardgen.rules.amtrak.scoring import RANKS, Car, bonus

__all__ = ["AMTRAK_BOTS", "WEIGHTS", "AmtrakBot", "Weights", "amtrak_bot", "good", "random_bot", "weighted"]

AmtrakBot = Callable[[AmtrakGame, random.Random], AmtrakMove]

_ROLES = ("Coach", "J", "Q", "K")


@dataclass(frozen=True)
class Weights:
    """The good strategy's weights (see the module docstring)."""

    horizon: float = 3.0  # draws a Track's promise looks ahead
    later: float = 0.6  # a Car one draw away, against one made now
    switch_away: float = 0.8  # a Car one switch away
    win: float = 10.0  # solo: the Car that completes the Full-Staff train
    solo_fresh: float = 0.15  # solo: what a new Track is worth
    fresh: float = 6.0  # with others: what a new Track and the extra turn are worth, in points
    role_hint: float = 6.0  # with others: points for each Full-Staff role a Car fills


WEIGHTS = Weights()


def random_bot(game: AmtrakGame, rng: random.Random) -> AmtrakMove:
    """A uniformly random legal move."""
    moves = game.legal_moves()
    return moves[rng.randrange(len(moves))]


def _need(train: tuple[tuple[int, int], ...]) -> int:
    """Full-Staff roles still missing once the Substitutes have stood in (0: Full-Staff)."""
    present = {ROLE[t] for t, _ in train}
    subs = sum(1 for t, _ in train if t == JOKER)
    return max(0, sum(1 for r in _ROLES if r not in present) - subs)


# A Car's own value, by Tie and Rail (cardgen.rules.amtrak.scoring's Car.value).
_VALUE = tuple(tuple(Car(RANKS[t], RANKS[r]).value for r in range(JOKER + 1)) for t in range(JOKER + 1))


@lru_cache(maxsize=1 << 14)
def _bonus(train: tuple[tuple[int, int], ...]) -> int:
    """The Full-Staff bonus of a train (``cardgen.rules.amtrak.scoring.bonus``), in points."""
    won = bonus([Car(RANKS[t], RANKS[r]) for t, r in train])
    return 0 if won is None else won.points


@lru_cache(maxsize=1 << 16)
def _gain(train: tuple[tuple[int, int], ...], tie: int, rail: int, solo: bool, w: Weights) -> float:
    """What the Car ``(tie, rail)`` adds to ``train`` (see the module docstring); a train changes
    only when a Car is made, so the same questions come back turn after turn: cached."""
    after = (*train, (tie, rail))
    need = _need(after)
    filled = _need(train) - need
    if solo:
        return w.win if filled and need == 0 else float(filled)
    extra = _bonus(after) - _bonus(train) if need == 0 else 0  # a train short of Full-Staff has no bonus
    return _VALUE[tie][rail] + extra + w.role_hint * filled


class _View:
    """What the good strategy works out once per decision: the unseen cards, the gains of Cars."""

    def __init__(self, game: AmtrakGame, w: Weights) -> None:
        self.w = w
        self.solo = game.setup.solo
        self.train = tuple(game.trains[game.current])
        unseen = game.unseen()
        total = sum(unseen) or 1
        self.chance = [min(1.0, n * w.horizon / total) for n in unseen]
        self.unseen = unseen
        self.total = sum(unseen)
        self.fresh = w.solo_fresh if self.solo else w.fresh
        self._gains: dict[tuple[int, int], float] = {}

    def gain(self, tie: int, rail: int) -> float:
        key = (tie, rail)
        found = self._gains.get(key)
        if found is None:
            found = self._gains[key] = _gain(self.train, tie, rail, self.solo, self.w)
        return found

    def value(self, t0: int, t1: int, t2: int) -> float:
        """What the Track ``[t0, t1, t2]`` is worth to its player."""
        if t1 == t2:
            return self.gain(t0, t1) + self.fresh
        best = 0.0
        away, later, chance = self.w.switch_away, self.w.later, self.chance
        for tie, a, b, d in ((t0, t1, t2, 1.0), (t1, t0, t2, away), (t2, t0, t1, away)):
            if a == b:
                v = d * self.gain(tie, a)
            else:
                v = d * later * (chance[b] * self.gain(tie, b) + chance[a] * self.gain(tie, a))
            if v > best:
                best = v
        return best

    def placed(self, track: list[int], card: int) -> float:
        """The best of discarding ``card`` and putting it in each place of ``track``."""
        t0, t1, t2 = track
        return max(self.value(t0, t1, t2), self.value(card, t1, t2), self.value(t0, card, t2), self.value(t0, t1, card))

    def draw(self, track: list[int]) -> float:
        """The value of drawing: the best use of the card, averaged over the unseen ranks."""
        if not self.total:
            return float("-inf")
        return sum(n * self.placed(track, r) for r, n in enumerate(self.unseen) if n) / self.total


def weighted(w: Weights) -> AmtrakBot:
    """The good strategy with weights ``w`` (to compare weights against each other)."""

    def play(game: AmtrakGame, rng: random.Random) -> AmtrakMove:
        return _choose(game, w)

    return play


def good(game: AmtrakGame, rng: random.Random) -> AmtrakMove:
    """The card-counting strategy described in the module docstring."""
    return _choose(game, WEIGHTS)


def _choose(game: AmtrakGame, w: Weights) -> AmtrakMove:
    view = _View(game, w)
    track = game.tracks[game.current]
    t0, t1, t2 = track
    if game.phase == "drawn":
        c = game.hand
        assert c is not None
        options: list[tuple[float, AmtrakMove]] = [
            (view.value(t0, t1, t2), Discard()),
            (view.value(c, t1, t2), Keep(0)),
            (view.value(t0, c, t2), Keep(1)),
            (view.value(t0, t1, c), Keep(2)),
        ]
    else:
        top = game.discard[-1] if game.discard else None
        options = []
        for move in game.legal_moves():
            if isinstance(move, Switch):
                v = view.value(t1, t0, t2) if move.rail == 1 else view.value(t2, t1, t0)
            elif isinstance(move, Draw):
                v = view.draw(track)
            else:
                assert isinstance(move, Take) and top is not None
                placed = list(track)
                placed[move.place] = top
                v = view.value(*placed)
            options.append((v, move))
    best_value, best = options[0]
    for v, move in options[1:]:
        if v > best_value:
            best_value, best = v, move
    return best


AMTRAK_BOTS: dict[str, AmtrakBot] = {"good": good, "random": random_bot}


def amtrak_bot(name: str) -> AmtrakBot:
    """The strategy called ``name`` (``good`` or ``random``)."""
    try:
        return AMTRAK_BOTS[name.strip().lower()]
    except KeyError:
        raise CardgenError(f"unknown bot {name!r}: choose one of {', '.join(AMTRAK_BOTS)}") from None
