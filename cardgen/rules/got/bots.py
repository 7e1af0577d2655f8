"""Bots for the Game of Trains engine (``cardgen.rules.got.play``).

A bot is a function ``(game, rng) -> move``; it only reads the game and always
returns one of ``legal_moves(game)`` (the engine refuses anything else).

``random``
    Plays a uniformly random legal move (freezes included, when tokens are in play).

``good``
    Plays by a heuristic built on the seed's §5 remark that in a finished
    sequence of an 84-card census-7 game, card k tends to lie near k/(census+1)
    of the pack's range. Each number n has an *ideal slot*
    ``(n - ½) / size × census − ½`` (for 3×3, row by row over the nine spaces).
    The *disorder* of a sequence is the sum, over its cards, of the distance
    between each card's space and its ideal slot, plus ``INVERSION_WEIGHT``
    times the number of inversions (pairs out of order; equal pairs too when the
    win is strictly ascending). A wild card counts nothing. Then:

    * A move that completes its own sequence is played at once.
    * Each way to use a face-up card is valued by the change of disorder it
      causes: exact for swaps and rotations, the expectation over a uniformly
      drawn card for removals. On the linear mat the changes are computed
      incrementally (only the pairs touching the spaces that change), never by
      rescoring whole sequences.
    * Drawing is valued by the expected best placement of the unseen card,
      averaged over ``census + 1`` evenly spread card numbers (and a wild card,
      in the proportion wilds have in the pack). The bot never looks at the
      draw pile's order; once it has drawn, it places the card where disorder
      drops most.
    * With ``apply="any"`` (and pattern three's swaps across players) harming an
      opponent counts too, but only a *threat*: an opponent at most ``THREAT``
      (2) inversions from complete and no further from it than the bot. The
      rise in a threat's disorder counts ``HARM_WEIGHT`` (½) as much as the
      bot's own. (Measured with ``apply="any"``: harming every opponent, or the
      leader whatever their standing, wins less often than not harming at all,
      since the other opponents gain the turns spent. Harming threats only,
      against the same bot without harm, it won 89% of 300 two-player games,
      60% of three-player games and 31% of four-player games, where a fair
      share is 50%, 33% and 25%.) A move that would complete an opponent's
      sequence is never chosen.
    * With freeze tokens it freezes, at the start of a turn, a card within half
      a slot of its ideal and in order with all the others (the ends first, as
      §11 suggests).
    * Ties go to the first move in the engine's order, so the bot is
      deterministic; ``rng`` is not used.

>>> from cardgen.rules.got.play import Game, Variant, legal_moves
>>> game = Game(Variant(), seed=3)
>>> good(game, random.Random(0)) in legal_moves(game)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardgen.errors import CardgenError
from cardgen.rules.got.play import Draw, Freeze, Game, Move, Pass, Place, TakeWild, UseAbility
from cardgen.rules.got.variant import GRID_COLS, GRID_ROWS, WILD_CARD, Rules

__all__ = ["BOTS", "Bot", "INVERSION_WEIGHT", "bot", "good", "random_bot"]

Bot = Callable[[Game, random.Random], Move]
INVERSION_WEIGHT = 1.0
THREAT = 2  # an opponent this many inversions (or fewer) from complete is a threat
HARM_WEIGHT = 0.5  # a unit of a threat's disorder is worth this much of the bot's own


def random_bot(game: Game, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    moves = game.legal_moves()
    return moves[rng.randrange(len(moves))]


@dataclass(frozen=True)
class _Model:
    """What the good bot precomputes for one variant."""

    census: int
    size: int
    ideal: tuple[float, ...]  # by card number; [0] (wild) unused
    samples: tuple[int, ...]  # card numbers standing for an unseen draw
    wild_share: float  # chance a drawn card is wild
    spread: tuple[float, ...]  # by space: the mean distance of a drawn numbered card from it
    strict_dups: bool  # equal cards are out of order (strictly ascending with repeated numbers)
    grid: bool


@lru_cache(maxsize=64)
def _model(rules: Rules) -> _Model:
    size, census = rules.size, rules.census
    ideal = (0.0, *((n - 0.5) / size * census - 0.5 for n in range(1, size + 1)))
    count = census + 1
    samples = tuple(min(size, max(1, round((i + 0.5) * size / count))) for i in range(count))
    v = rules.variant
    spread = tuple(sum(abs(ideal[n] - s) for n in range(1, size + 1)) / size for s in range(census))
    return _Model(
        census=census,
        size=size,
        ideal=ideal,
        samples=samples,
        wild_share=v.wilds / len(rules.cards),
        spread=spread,
        strict_dups=v.packs > 1 and v.win == "ascending",
        grid=rules.grid,
    )


# ---------------------------------------------------------------- linear disorder, incrementally


def _bad_with(seq: Sequence[int], s: int, x: int, ge: bool) -> int:
    """Pairs out of order that card ``x`` at space ``s`` would make with the other cards of ``seq``."""
    if x == WILD_CARD:
        return 0
    n = 0
    if ge:
        for j in range(s):
            if seq[j] >= x:
                n += 1
        for j in range(s + 1, len(seq)):
            if 0 < seq[j] <= x:
                n += 1
    else:
        for j in range(s):
            if seq[j] > x:
                n += 1
        for j in range(s + 1, len(seq)):
            if 0 < seq[j] < x:
                n += 1
    return n


def _replace(m: _Model, seq: Sequence[int], s: int, x: int) -> float:
    """Change in disorder when the card at ``s`` becomes ``x``."""
    old, ideal = seq[s], m.ideal
    d = (abs(ideal[x] - s) if x else 0.0) - (abs(ideal[old] - s) if old else 0.0)
    return d + INVERSION_WEIGHT * (_bad_with(seq, s, x, m.strict_dups) - _bad_with(seq, s, old, m.strict_dups))


def _swap(m: _Model, seq: list[int], a: int, b: int) -> float:
    """Change in disorder when spaces ``a`` and ``b`` swap: two replacements in turn."""
    x, y = seq[a], seq[b]
    first = _replace(m, seq, a, y)
    seq[a] = y
    second = _replace(m, seq, b, x)
    seq[a] = x
    return first + second


def _expected_removal(m: _Model, seq: Sequence[int], s: int) -> float:
    """Expected change in disorder when the card at ``s`` is replaced by a uniformly drawn card."""
    size, old = m.size, seq[s]
    below = above = 0.0  # expected pairs out of order the new card makes
    shift = 0 if m.strict_dups else 1
    for j in range(s):
        if seq[j]:
            below += (seq[j] - shift) / size  # P(new < card on its left), or <= with strict_dups
    for j in range(s + 1, len(seq)):
        if seq[j]:
            above += (size - seq[j] + 1 - shift) / size
    numbered = 1.0 - m.wild_share
    d = numbered * m.spread[s] - (abs(m.ideal[old] - s) if old else 0.0)
    bad = numbered * (below + above) - _bad_with(seq, s, old, m.strict_dups)
    return d + INVERSION_WEIGHT * bad


def _placements(m: _Model, seq: Sequence[int], x: int, frozen: set[int], bad_old: Sequence[int]) -> list[float]:
    """Change in disorder for card ``x`` placed at each space (``inf`` where frozen), in one pass."""
    ideal, n, ge = m.ideal, len(seq), m.strict_dups
    out = [0.0] * n
    if x == WILD_CARD:
        for s in range(n):
            old = seq[s]
            out[s] = -(abs(ideal[old] - s) if old else 0.0) - INVERSION_WEIGHT * bad_old[s]
    else:
        ix = ideal[x]
        if ge:
            lower = [1 if 0 < c <= x else 0 for c in seq]
            higher = [1 if c >= x else 0 for c in seq]
        else:
            lower = [1 if 0 < c < x else 0 for c in seq]
            higher = [1 if c > x else 0 for c in seq]
        after = sum(lower)
        before = 0
        for s in range(n):
            after -= lower[s]
            old = seq[s]
            d = abs(ix - s) - (abs(ideal[old] - s) if old else 0.0)
            out[s] = d + INVERSION_WEIGHT * (before + after - bad_old[s])
            before += higher[s]
    for s in frozen:
        out[s] = float("inf")
    return out


def _bad_all(seq: Sequence[int], ge: bool) -> list[int]:
    return [_bad_with(seq, s, seq[s], ge) for s in range(len(seq))]


def _disorder(m: _Model, seq: Sequence[int]) -> float:
    """A whole sequence's disorder (3×3: rows and columns) — for the opponents' standing."""
    if m.grid:
        return _grid_disorder(m, seq)
    ideal = m.ideal
    d = sum(abs(ideal[c] - s) for s, c in enumerate(seq) if c)
    return d + INVERSION_WEIGHT * sum(_bad_all(seq, m.strict_dups)) / 2


# ---------------------------------------------------------------- the 3×3 mat, rescored whole


_GRID_PAIRS = tuple(
    [
        (r * GRID_COLS + c, r * GRID_COLS + d)
        for r in range(GRID_ROWS)
        for c in range(GRID_COLS)
        for d in range(c + 1, GRID_COLS)
    ]
    + [
        (r * GRID_COLS + c, t * GRID_COLS + c)
        for c in range(GRID_COLS)
        for r in range(GRID_ROWS)
        for t in range(r + 1, GRID_ROWS)
    ]
)


def _grid_disorder(m: _Model, seq: Sequence[int]) -> float:
    ideal, ge = m.ideal, m.strict_dups
    d = sum(abs(ideal[c] - s) for s, c in enumerate(seq) if c)
    bad = sum(1 for a, b in _GRID_PAIRS if seq[a] and seq[b] and (seq[a] > seq[b] or (ge and seq[a] == seq[b])))
    return d + INVERSION_WEIGHT * bad


def _after(seq: Sequence[int], spaces: tuple[int, ...], drawn: int | None) -> list[int]:
    """``seq`` after a removal (``drawn`` replacing), a swap or a rotation of ``spaces``."""
    out = list(seq)
    if len(spaces) == 1:
        out[spaces[0]] = WILD_CARD if drawn is None else drawn
    else:
        for k, s in enumerate(spaces):
            out[spaces[(k + 1) % len(spaces)]] = seq[s]
    return out


def _grid_change(m: _Model, seq: Sequence[int], spaces: tuple[int, ...]) -> float:
    """Change in disorder of an ability on the 3×3 mat; a removal: averaged over the draw."""
    now = _grid_disorder(m, seq)
    if len(spaces) > 1:
        return _grid_disorder(m, _after(seq, spaces, None)) - now
    total = sum(_grid_disorder(m, _after(seq, spaces, v)) for v in m.samples) / len(m.samples)
    wild = _grid_disorder(m, _after(seq, spaces, WILD_CARD))
    return (1 - m.wild_share) * total + m.wild_share * wild - now


def _grid_placements(m: _Model, seq: Sequence[int], x: int, frozen: set[int]) -> list[float]:
    now = _grid_disorder(m, seq)
    return [float("inf") if s in frozen else _grid_disorder(m, _after(seq, (s,), x)) - now for s in range(len(seq))]


# ---------------------------------------------------------------- choosing


def _change(m: _Model, seq: list[int], spaces: tuple[int, ...]) -> float:
    """Change in disorder of an ability acting within one sequence."""
    if m.grid:
        return _grid_change(m, seq, spaces)
    if len(spaces) == 1:
        return _expected_removal(m, seq, spaces[0])
    return _swap(m, seq, spaces[0], spaces[1])


def _completes(game: Game, seq: list[int], move: UseAbility, seat: int) -> bool:
    """Whether ``move`` (a swap or rotation, nothing drawn) leaves ``seat``'s sequence complete."""
    if len(move.spaces) == 1:
        return False
    after = list(seq)
    if move.other is not None:
        mine, theirs = game.sequences[move.target], game.sequences[move.other]
        after[move.spaces[0] if seat == move.target else move.spaces[1]] = (
            theirs[move.spaces[1]] if seat == move.target else mine[move.spaces[0]]
        )
    else:
        after = _after(seq, move.spaces, None)
    return game.rules.complete(after)


def _placement_scores(m: _Model, game: Game, seq: list[int], x: int, bad_old: Sequence[int]) -> list[float]:
    frozen = game.frozen[game.current]
    return _grid_placements(m, seq, x, frozen) if m.grid else _placements(m, seq, x, frozen, bad_old)


def _best_space(game: Game, m: _Model, x: int) -> tuple[int, float]:
    """Where card ``x`` goes in the current player's sequence (a winning space first), and its change."""
    seq = game.sequences[game.current]
    scores = _placement_scores(m, game, seq, x, [] if m.grid else _bad_all(seq, m.strict_dups))
    complete = game.rules.complete
    for s, change in enumerate(scores):
        if change != float("inf") and complete([x if i == s else c for i, c in enumerate(seq)]):
            return s, -1e9
    best = min(range(len(scores)), key=scores.__getitem__)
    return best, scores[best]


def _draw_value(game: Game, m: _Model) -> float:
    """Expected change in disorder of drawing: the best placement, averaged over the unseen card."""
    seq = game.sequences[game.current]
    bad_old = [] if m.grid else _bad_all(seq, m.strict_dups)
    total = 0.0
    for v in m.samples:  # added in turn: sum() of floats rounds otherwise from Python 3.12 (the kernel adds so)
        total += min(_placement_scores(m, game, seq, v, bad_old))
    total = total / len(m.samples)
    if m.wild_share:
        total = (1 - m.wild_share) * total + m.wild_share * min(_placement_scores(m, game, seq, WILD_CARD, bad_old))
    return total


def _freeze(game: Game, m: _Model) -> Freeze | None:
    p = game.current
    seq, frozen = game.sequences[p], game.frozen[p]
    best, best_key = None, 0.5
    for s, c in enumerate(seq):
        if s in frozen or c == WILD_CARD:
            continue
        if m.grid:
            settled = all(not (seq[a] > seq[b]) for a, b in _GRID_PAIRS if s in (a, b) and seq[a] and seq[b])
        else:
            settled = _bad_with(seq, s, c, m.strict_dups) == 0
        off = abs(m.ideal[c] - s)
        key = off - (0.25 if s in (0, len(seq) - 1) else 0.0)
        if settled and off <= 0.5 and (best is None or key < best_key):
            best, best_key = s, key
    return None if best is None else Freeze(best)


def _weights(game: Game, m: _Model) -> list[float]:
    """How much harming each player is worth to the mover: ``HARM_WEIGHT`` for a threat, else 0."""
    me = game.current
    ge = m.strict_dups
    if m.grid:
        inv = [
            sum(1 for a, b in _GRID_PAIRS if s[a] and s[b] and (s[a] > s[b] or (ge and s[a] == s[b])))
            for s in game.sequences
        ]
    else:
        inv = [sum(_bad_all(s, ge)) // 2 for s in game.sequences]
    threats = [q != me and inv[q] <= THREAT and inv[q] <= inv[me] for q in range(game.players)]
    return [HARM_WEIGHT if threat else 0.0 for threat in threats]


def _value(game: Game, m: _Model, move: UseAbility, weights: list[float] | None) -> float:
    """How good ``move`` is for the mover: disorder it removes from them plus weighted harm to others."""
    me, seqs = game.current, game.sequences
    if move.other is None:
        change = _change(m, seqs[move.target], move.spaces)
        if move.target == me:
            return -change
        return change * (weights[move.target] if weights else 0.0)
    a, b = move.spaces
    target, other = seqs[move.target], seqs[move.other]
    if m.grid:
        raise CardgenError("swaps across players are pattern three's, on the linear mat")
    d_target = _replace(m, target, a, other[b])
    d_other = _replace(m, other, b, target[a])
    value = 0.0
    for seat, d in ((move.target, d_target), (move.other, d_other)):
        value += -d if seat == me else d * (weights[seat] if weights else 0.0)
    return value


def good(game: Game, rng: random.Random) -> Move:
    """The heuristic bot described in the module docstring."""
    m = _model(game.rules)
    me, phase = game.current, game.phase
    if phase == "place":
        return Place(_best_space(game, m, game.hand[0])[0])
    if phase == "opening":
        options = [(i, *_best_space(game, m, c)) for i, c in enumerate(game.hand)]
        keep, space, _ = min(options, key=lambda o: o[2])
        return Place(space, keep)
    if game.can_freeze():
        chosen = _freeze(game, m)
        if chosen is not None:
            return chosen
    harm = game.variant.apply == "any" or game.variant.pattern == "three"
    weights = _weights(game, m) if harm else None
    best: Move | None = None
    best_value = float("-inf")
    for card in game.faceup:
        for move in game.ability_moves(card):
            touched = (move.target,) if move.other is None else (move.target, move.other)
            if me in touched and _completes(game, game.sequences[me], move, me):
                return move
            if any(q != me and _completes(game, game.sequences[q], move, q) for q in touched):
                continue  # never hand an opponent the game
            value = _value(game, m, move, weights)
            if value > best_value:
                best, best_value = move, value
    room = len(game.frozen[me]) < m.census
    if room and WILD_CARD in game.faceup:
        value = -_best_space(game, m, WILD_CARD)[1]
        if value >= best_value:
            best, best_value = TakeWild(), value
    if room and game.draw_count and -_draw_value(game, m) >= best_value:
        return Draw()
    if best is not None:
        return best
    moves = game.legal_moves()
    if any(isinstance(move, Pass) for move in moves):
        return Pass()  # no action is open
    # Passing is legal only with no action open; here every open action hands an opponent the
    # game (the loop above skipped each), so one must be played: the last, in the engine's order.
    return next(move for move in reversed(moves) if isinstance(move, UseAbility))


BOTS: dict[str, Bot] = {"random": random_bot, "good": good}


def bot(name: str) -> Bot:
    """The bot called ``name`` (``random`` or ``good``)."""
    try:
        return BOTS[name.strip().lower()]
    except KeyError:
        raise CardgenError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None
