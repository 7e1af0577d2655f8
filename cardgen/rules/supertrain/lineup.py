"""The line-up of a SuperTrain hand (seed 003): the longest line of end-matching tiles, laid from the
engine's number, wild tiles filling the gaps, and the extras. Exact. Pure.

The seed: "The players then organize the tiles in their hands in a playable progression beginning
with the same denomination number as the engine … the 'wild' dominoes can fill in the gaps and extend
your line-ups … When you are no longer able to line up your tiles in a matching series, the leftover
tiles are considered your 'extras' … If you do not draw a domino with a playable end that matches the
engine tile, you can begin the line-up in your hand with any domino that will make up the longest line
of end-matching tiles and the fewest 'extras' possible."

A line is tiles laid one after another as they would be on the player's own train, each by an end the
referee allows on the end before it (``rules.supertrain.referee``): a number on the same number, a
Red Train end on anything, anything on a Red Train, only a wild end on a Letter, no double on a
double (so the Double Train never follows the engine or another double).

Decisions (``LINEUP_DECISIONS``; the handout prints them):

* "Matches the engine": a tile that may be laid on the engine: one with the engine's number, or any
  wild tile but the Double Train (a Red Train end plays onto any number). With one, the line starts on
  the engine; without one, it starts with any tile. On the Train-Train engine every tile may start it.
* Longest means the most tiles (which is also the fewest extras).
* Ties are broken tile by tile, in the set's order (12-12, 12-11 … 0-0, then 0-Train … 12-Train,
  Train-Train, A, D, R, S, T-Train): the line that lays the highest number tiles first and its wild
  tiles last wins; a tile that can go either way round is laid by its higher end first (a number
  before a Letter, a Letter before the Red Train), so a wild tile leaves its Red Train exposed, as the
  seed advises on your own train.

How: a search over lines, tile by tile in that order, for the longest length first (from an upper
bound down), which returns the first line it finds. Each state (the end exposed, whether it is a
double, the tiles left) that cannot reach the length sought is remembered and never searched again,
and a state is abandoned when an upper bound on what it can still lay falls short: the number tiles
left are a graph on the numbers, and covering its edges takes at least one trail per component (half
its odd-degree numbers if more), one more when the trail must start at an even number that is not the
only one; each trail after the first needs a wild tile to jump to it (an n-Train only where a trail
can end or start at n), and each trail too many costs number tiles left out, at least the cheapest
way to save it: a path between two odd numbers, a component whole, a path that frees an n-Train
(``_Search._least_dropped`` has them all). Letters are interchangeable in a line (the first one left is tried), and a
move another move always beats is never tried (a Letter laid by its Red Train end, say).

>>> from cardgen.rules.supertrain.dominoes import parse_hand
>>> up = line_up(parse_hand("12-5 5-7 7-8 3-Train A-Train 9-9 2-4"), 12)
>>> [f"{step.laid}-{step.left}" for step in up.line], [t.name for t in up.extras]
(['12-5', '5-7', '7-8', 'Train-3', 'A-Train', '9-9'], ['4-2'])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.errors import CardgenError
from cardgen.rules.supertrain.dominoes import LETTERS, MAX_PIP, TRAIN, End, Tile, tile_set

__all__ = ["LINEUP_DECISIONS", "MAX_HAND", "LineUp", "Step", "line_up", "order_key"]

LINEUP_DECISIONS: tuple[str, ...] = (
    "A line-up starts on the engine if a tile matches it (its number, or a wild tile but the Double Train), else "
    "anywhere; of equals, the one laying the highest tiles first and wild tiles last.",
)

MAX_HAND = 25  # the largest hand the seed deals (two players)
STAR = MAX_PIP + 1  # the state "a Red Train exposed": anything may follow
_SET_ORDER = {t.name: i for i, t in reversed(list(enumerate(tile_set("full"))))}


def _end_rank(end: End) -> int:
    return -end if isinstance(end, int) else (1 + LETTERS.index(end) if end in LETTERS else 10)


def order_key(tile: Tile) -> int:
    """A tile's place in the set's order: 12-12 first, T-Train last."""
    return _SET_ORDER[tile.name]


@dataclass(frozen=True)
class Step:
    """One tile of the line: laid by its ``laid`` end against the end before it, leaving ``left``."""

    tile: Tile
    laid: End
    left: End

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.name, "laid": self.laid, "left": self.left}


@dataclass(frozen=True)
class LineUp:
    """A hand's line-up: ``line`` in playing order, the ``extras`` (in the set's order)."""

    engine: End
    from_engine: bool  # the line starts on the engine (else: with no tile matching it, anywhere)
    line: tuple[Step, ...]
    extras: tuple[Tile, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "from_engine": self.from_engine,
            "length": len(self.line),
            "line": [s.to_dict() for s in self.line],
            "extras": [t.name for t in self.extras],
        }

    def text(self) -> str:
        """``12-5 5-7 7-8`` as the tiles would lie, each turned so its laid end comes first."""
        shown = " ".join(f"{s.laid}-{s.left}" for s in self.line) or "(none)"
        start = (
            f"from the engine ({self.engine})"
            if self.from_engine
            else f"no tile matches the engine ({self.engine}): the longest line from any tile"
        )
        extras = " ".join(t.name for t in self.extras) or "none"
        return "\n".join(
            [
                f"line-up  {shown}",
                f"         {len(self.line)} tile{'s' if len(self.line) != 1 else ''}, {start}",
                f"extras   {extras}",
            ]
        )


class _Search:
    """The search of the module docstring, over one hand (tiles sorted in the set's order)."""

    def __init__(self, tiles: Sequence[Tile]) -> None:
        self.tiles = list(tiles)
        n = len(tiles)
        self.full = (1 << n) - 1
        self.numbers: list[int] = []  # indices of number tiles
        self.pairs: dict[int, tuple[int, int]] = {}  # a number tile's two ends
        self.by_vertex: list[list[int]] = [[] for _ in range(STAR)]
        self.ntrain: dict[int, int] = {}  # n → index of the n-Train
        self.letters: list[int] = []
        self.double_train = -1
        self.wilds: list[int] = []  # every wild tile, in the set's order
        for i, t in enumerate(tiles):
            if not t.is_wild:
                self.numbers.append(i)
                a, b = t.ends
                assert isinstance(a, int) and isinstance(b, int)
                self.pairs[i] = (a, b)
                self.by_vertex[a].append(i)
                if b != a:
                    self.by_vertex[b].append(i)
            else:
                self.wilds.append(i)
                if t.is_double:
                    self.double_train = i
                elif t.is_action:
                    self.letters.append(i)
                else:
                    assert isinstance(t.a, int)
                    self.ntrain[t.a] = i
        self.number_mask = sum(1 << i for i in self.numbers)
        self.wild_mask = sum(1 << i for i in self.wilds)
        self.failed: set[tuple[int, bool, int]] = set()
        self.path: list[tuple[int, End, End]] = []

    # --- the bound

    def bound(self, state: int, mask: int) -> int:
        """At most how many more tiles can be laid from ``state`` with the tiles not in ``mask``."""
        left = ~mask
        wilds = bin(self.wild_mask & left).count("1")
        parent = list(range(STAR))
        degree = [0] * STAR
        adjacent: list[list[int]] = [[] for _ in range(STAR)]
        looped = [False] * STAR
        edges = 0

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for i in self.numbers:
            if left >> i & 1:
                edges += 1
                a, b = self.pairs[i]
                degree[a] += 1
                degree[b] += 1
                if a != b:
                    adjacent[a].append(b)
                    adjacent[b].append(a)
                else:
                    looped[a] = True
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[ra] = rb
        odd: dict[int, list[int]] = {}
        size: dict[int, int] = {}
        for v in range(STAR):
            if degree[v]:
                root = find(v)
                odd.setdefault(root, [])
                size[root] = size.get(root, 0) + degree[v]
                if degree[v] & 1:
                    odd[root].append(v)
        trails = sum(max(1, len(o) // 2) for o in odd.values())
        start = root = -1  # a start at an even number in a component with odd ones: one trail more
        if state != STAR:
            if not degree[state]:
                trails += 1  # an empty first trail: a wild tile must jump away first
            elif degree[state] % 2 == 0 and odd[find(state)]:
                trails += 1
                start, root = state, find(state)
        # wild tiles that can join two trails: a Letter or the Double Train anywhere; an n-Train only where
        # a trail ends or starts at n: n odd, the start, or (one n-Train a component) in a component
        # without odd numbers, whose closed trail may start and end at n
        joins = 0
        tied: dict[int, int] = {}  # component → its joins, lost if it is left out
        hinges: set[int] = set()  # odd numbers whose n-Train is a join: lost if they are made even
        locked: list[int] = []  # n-Trains at an even n, in a component with odd numbers
        for i in self.wilds:
            if left >> i & 1:
                n = self.tiles[i].a
                if not isinstance(n, int) or n == state:
                    joins += 1
                elif degree[n]:
                    r = find(n)
                    if degree[n] & 1 or (not odd[r] and not tied.get(r)):
                        joins += 1
                        tied[r] = tied.get(r, 0) + 1
                        if degree[n] & 1:
                            hinges.add(n)
                    elif odd[r]:
                        locked.append(n)
        excess = trails - joins - 1
        if excess <= 0:
            return edges + wilds
        home = find(state) if state != STAR and degree[state] else -1  # the start's component
        if home >= 0 and degree[state] & 1:
            hinges.add(state)  # an odd start made even costs a trail (an even start, or an empty one)
        # a double at the end of a single tile: leaving that tile out leaves the double alone, one more trail
        ends_alone = [looped[v] and len(adjacent[v]) == 1 for v in range(STAR)]
        dropped = self._least_dropped(excess, odd, size, adjacent, start, root, locked, tied, home, hinges, ends_alone)
        return edges + wilds - dropped

    @staticmethod
    def _least_dropped(
        excess: int,
        odd: dict[int, list[int]],
        size: dict[int, int],
        adjacent: list[list[int]],
        start: int,
        root: int,
        locked: list[int],
        tied: dict[int, int],
        home: int,
        hinges: set[int],
        ends_alone: list[bool],
    ) -> int:
        """A lower bound on the number tiles to leave out so that ``excess`` fewer trails are needed.

        A component's trails fall by one for each pair of its odd numbers made even, which leaves out at
        least a path between them: a pair costs at least half the two numbers' distances to their nearest
        other odd number. Leaving a component out whole costs its tiles. A start at an even number (``start``,
        in component ``root``; -1 for none) is mended by a path to an odd number, or by pairing every odd
        number of its component. A locked n-Train (its n even) is made a join by a path left out from n to
        an odd number that is no hinge, or to another locked n. A component left out takes its n-Trains'
        joins with it, and the start's (``home``) leaves an empty first trail. An odd number whose n-Train is a join (a ``hinge``) made even loses that join: pairs
        of other odd numbers save a trail each, pairs that take hinges in save one fewer at least. A path
        ending where a double hangs on a single tile (``ends_alone``) costs one more: the double, left alone."""

        def distances(v: int, targets: list[int]) -> list[int]:
            far = 1 << 10
            found = {v: 0}
            frontier = [v]
            d = 0
            while frontier:
                d += 1
                nxt = []
                for x in frontier:
                    for y in adjacent[x]:
                        if y not in found:
                            found[y] = d
                            nxt.append(y)
                frontier = nxt
            return [found.get(t, far) + ends_alone[v] + ends_alone[t] for t in targets]

        best = {0: 0}  # trails saved → least tiles left out
        plain = [v for vs in odd.values() for v in vs if v not in hinges]
        for k, n in enumerate(locked):  # its path may end at another locked n-Train's number too
            cost = min(distances(n, plain + locked[:k] + locked[k + 1 :]), default=1 << 10)
            if cost < 1 << 10:
                best = _add(best, [(0, 0), (1, cost)], excess)
        for r0, vertices in odd.items():
            o = len(vertices)
            mended = r0 == root  # the even start's component: pairing every odd number saves a trail too
            free = [v for v in vertices if v not in hinges]
            pairs = o // 2 if mended else max(0, (o - 2) // 2)
            loose = _pair_costs(tuple(tuple(distances(v, free)) for v in free))
            options = [(r, loose[r]) for r in range(min(pairs, len(loose) - 1) + 1)]
            if len(free) < o:
                every = _pair_costs(tuple(tuple(distances(v, vertices)) for v in vertices))
                options += [(r - 1, every[r]) for r in range(1, min(pairs, len(every) - 1) + 1)]
            if mended and free:
                to_odd = min(distances(start, free))
                options += [(r + 1, c + to_odd) for r, c in options if 0 <= r <= max(0, (o - 2) // 2)]
            # the component left out whole: its trails saved, its joins lost, and the start's component
            # leaves the start alone, an empty trail (which the mended start's own trail was already)
            saved = max(1, o // 2) - tied.get(r0, 0) - (r0 == home and not mended)
            options.append((saved, size[r0] // 2))
            best = _add(best, options, excess)
        return best.get(excess, excess)

    # --- the moves, in the order of the tie-break

    def moves(self, state: int, after_double: bool, mask: int) -> list[tuple[int, int, bool, End, End]]:
        """(tile, next state, next is a double, laid end, end left) for each move worth trying."""
        left = ~mask
        out: list[tuple[int, int, bool, End, End]] = []
        if state == STAR:
            for i in self.numbers:
                if left >> i & 1:
                    a, b = self.tiles[i].ends
                    assert isinstance(a, int) and isinstance(b, int)
                    if a == b:
                        if not after_double:
                            out.append((i, a, True, a, a))
                    else:
                        out.append((i, b, False, a, b))
                        out.append((i, a, False, b, a))
            if not after_double:
                return out  # a wild tile laid on a Red Train is never needed before a number tile
        else:
            for i in self.by_vertex[state]:
                if left >> i & 1:
                    a, b = self.tiles[i].ends
                    other = b if a == state else a
                    assert isinstance(other, int)
                    if a == b and after_double:
                        continue
                    out.append((i, other, a == b, state, other))
        for n, i in sorted(self.ntrain.items(), key=lambda kv: order_key(self.tiles[kv[1]])):
            if left >> i & 1:
                if state in (n, STAR):
                    out.append((i, STAR, False, n, TRAIN))
                else:
                    out.append((i, n, False, TRAIN, n))
        if self.double_train >= 0 and left >> self.double_train & 1 and not after_double:
            out.append((self.double_train, STAR, True, TRAIN, TRAIN))
        for i in self.letters:
            if left >> i & 1:
                letter = self.tiles[i].a
                out.append((i, STAR, False, letter, TRAIN))
                break  # the letters are interchangeable: the first one left
        return out

    def reach(self, state: int, after_double: bool, mask: int, need: int) -> bool:
        """Lay ``need`` more tiles (appending them to ``path``), or say it cannot be done."""
        if need <= 0:
            return True
        key = (state, after_double, mask)
        if key in self.failed or self.bound(state, mask) < need:
            return False
        if state == STAR and not after_double and not (self.number_mask & ~mask):
            rest = [i for i in self.wilds if not mask >> i & 1]
            if len(rest) < need:
                self.failed.add(key)
                return False
            for i in rest[:need]:  # the wild tiles left, in the set's order, each leaving a Red Train
                t = self.tiles[i]
                self.path.append((i, t.a if not t.is_double else TRAIN, TRAIN))
            return True
        for i, nxt, double, laid, left in self.moves(state, after_double, mask):
            self.path.append((i, laid, left))
            if self.reach(nxt, double, mask | 1 << i, need - 1):
                return True
            self.path.pop()
        self.failed.add(key)
        return False


def _add(best: dict[int, int], options: Sequence[tuple[int, int]], cap: int) -> dict[int, int]:
    """Trails saved → least cost, with one of ``options`` (saved, cost) taken as well (saved capped at ``cap``)."""
    merged: dict[int, int] = {}
    for have, cost in best.items():
        for r, c in options:
            k = min(cap, have + r)
            if cost + c < merged.get(k, 1 << 30):
                merged[k] = cost + c
    return merged


@functools.lru_cache(maxsize=1 << 14)
def _pair_costs(table: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The least total distance of r disjoint pairs of the numbers ``table`` measures (its rows), for r = 0,
    1 … (a lower bound on the tiles left out to make r pairs of odd numbers even: a path each)."""
    k = len(table)
    far = 1 << 10

    @functools.cache
    def best(i: int, used: int) -> tuple[int, ...]:
        while i < k and used >> i & 1:
            i += 1
        if i >= k:
            return (0,)
        out = list(best(i + 1, used))  # i left unpaired
        for j in range(i + 1, k):
            if not used >> j & 1 and table[i][j] < far:
                rest = best(i + 1, used | 1 << j)
                for r, c in enumerate(rest):
                    if r + 1 >= len(out):
                        out.append(c + table[i][j])
                    elif c + table[i][j] < out[r + 1]:
                        out[r + 1] = c + table[i][j]
        return tuple(out)

    return best(0, 0)


def _fits_engine(tile: Tile, engine: End) -> bool:
    if engine == TRAIN:
        return True
    if tile.is_double and tile.is_wild:
        return False  # the Double Train is never laid on a double, the engine included
    return tile.is_wild or engine in tile.ends


def line_up(hand: Sequence[Tile], engine: End) -> LineUp:
    """The line-up of ``hand`` for the round whose engine is ``engine`` (a number, or Train for the
    Train-Train round): exact, ties broken as the module docstring says."""
    if not (engine == TRAIN or (type(engine) is int and 0 <= engine <= MAX_PIP)):
        raise CardgenError(f"no engine {engine!r}: an engine is a double, 0 to {MAX_PIP}, or Train for the Train-Train")
    if len(hand) > MAX_HAND:
        raise CardgenError(f"a hand of {len(hand)} tiles is too many to line up: the largest hand is {MAX_HAND}")
    engine_tile = Tile(engine, engine)
    if engine_tile in hand:
        raise CardgenError(f"the hand holds the engine {engine_tile.name}: it is on the table, not in a hand")
    tiles = sorted(hand, key=order_key)
    search = _Search(tiles)
    from_engine = engine == TRAIN or any(_fits_engine(t, engine) for t in tiles)
    if from_engine and engine != TRAIN:
        assert isinstance(engine, int)
        state, after_double = engine, True  # the engine is a double
    else:
        state, after_double = STAR, False
    for need in range(search.bound(state, 0), 0, -1):
        search.failed.clear()
        search.path.clear()
        if search.reach(state, after_double, 0, need):
            break
    used = {i for i, _, _ in search.path}
    line = tuple(Step(tiles[i], laid, left) for i, laid, left in search.path)
    extras = tuple(t for i, t in enumerate(tiles) if i not in used)
    return LineUp(engine, from_engine, line, extras)
