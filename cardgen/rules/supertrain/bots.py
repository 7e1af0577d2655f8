"""Bots for SuperTrain's engine (``rules.supertrain.play``): each picks one of the legal plays. Pure.

* ``random``: a legal play chosen uniformly at random.
* ``good``: values every legal play with a few rules of thumb a careful player uses, and plays the best
  (ties broken by the bot's own random generator). It sees its own hand and the table, never another
  hand or the bone pile:

  - shed points: a tile's points count for it (high tiles first), a wild tile's Red Train 10 less (a
    wild tile is kept for when nothing else plays: it is what fills the gaps of the line-up);
  - its own train: a play that leaves an end it can follow with another tile of its hand, and one that
    takes its marker off; the Red Train or a Letter left exposed on its own train ("you'd leave the wild
    end exposed to ease your next play");
  - other trains: a Red Train left exposed there helps everyone, a Letter or a number hinders them
    ("you make it difficult by leaving the Letter exposed"); a tile that would extend its own train is
    kept for it;
  - a double only if it can satisfy it itself; an S or D Train against a next player close to going out;
    a T-Train when it has more to play.

The figures simulated with it are what these rules of thumb achieve, not what the best play could.

>>> from cardgen.rules.supertrain.play import Round, deal
>>> hands, pile = deal(3, 1, seed=5)
>>> r = Round(3, 1, hands, pile)
>>> rng = random.Random(0)
>>> bot("good")(r, rng) in r.legal_plays(), bot("random")(r, rng) in r.legal_plays()
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardgen.errors import CardgenError
from cardgen.rules.supertrain.play import DOUBLE, FIT_END, LETTER, POINTS, TRAIN_CODE, WILD, Play, Round

__all__ = ["BOTS", "Bot", "bot"]

Bot = Callable[[Round, random.Random], Play]


def random_bot(r: Round, rng: random.Random) -> Play:
    """A legal play chosen uniformly at random."""
    plays = r.legal_plays()
    return plays[rng.randrange(len(plays))]


def _followers(r: Round, p: int, end: int, without: int) -> int:
    """Tiles of ``p``'s hand, ``without`` one, that could be laid on ``end``."""
    n = 0
    for t in r.hands[p]:
        if t != without and FIT_END[end][t]:
            n += 1
    return n


def _value(r: Round, p: int, move: Play) -> float:
    tile, t, left = move.tile, move.train, move.left
    value = float(POINTS[tile])
    letter = LETTER[tile]
    if WILD[tile]:
        value -= 10 + (10 if not letter else 0)  # keep wilds: they fill gaps when nothing else plays
    hand = len(r.hands[p])
    own = t == p
    if own:
        follow = _followers(r, p, left, tile)
        value += 6 if follow else -2
        if r.marked[p]:
            value += 8
        if left == TRAIN_CODE or left > TRAIN_CODE:
            value += 2
    else:
        if left == TRAIN_CODE:
            value -= 10  # anything may follow: a gift to every player
        elif left > TRAIN_CODE:
            value += 5  # a Letter: only a wild tile may follow
        own_end = r.ends[p]
        if not r.open[p] and FIT_END[own_end][tile] and not WILD[tile]:
            value -= 4  # it would extend its own train: keep it there
    if DOUBLE[tile]:
        value += 8 if _followers(r, p, left, tile) else -15
    nxt = (p + r.direction) % r.players
    if letter in ("S", "D"):
        value += 12 if len(r.hands[nxt]) <= 3 else 2
    elif letter == "T":
        value += 8 if hand > 2 else -5
    elif letter == "R":
        prev = (p - r.direction) % r.players
        value += 6 if len(r.hands[nxt]) < len(r.hands[prev]) else -2
    elif letter == "A" and not own and t != r.players and left > TRAIN_CODE:
        value += 4  # a Letter left on another player's train
    return value


def good_bot(r: Round, rng: random.Random) -> Play:
    """The legal play the rules of thumb value most (see the module docstring)."""
    plays = r.legal_plays()
    if len(plays) == 1:
        return plays[0]
    p = r.current
    best: list[Play] = []
    top = float("-inf")
    for move in plays:
        v = _value(r, p, move)
        if v > top:
            top, best = v, [move]
        elif v == top:
            best.append(move)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


BOTS: dict[str, Bot] = {"good": good_bot, "random": random_bot}


def bot(name: str) -> Bot:
    if name not in BOTS:
        raise CardgenError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    return BOTS[name]
