"""The play engine and the good bot, compiled: one game of the linear mat from its seed (numba).

This is ``cardgen.rules.got.play`` with ``cardgen.rules.got.bots.good`` in every seat, written
over plain arrays so that numba can compile it: the same deal, the same decisions, the same
moves, the same figures. The Python engine stays the reference; ``tests/test_fast_engine.py``
holds this kernel to it move for move. ``cardgen.rules.got.fast`` builds the tables, calls
``play`` and makes the ``GameRecord``; nothing else imports this module (importing it imports
numba, about 0.3 s, and compiles or loads the compiled kernel).

What each function mirrors is named in its docstring. The order of every float operation is
the reference's (numba does not reorder them without ``fastmath``), so every value, and every
tie, comes out the same. The game's generator is Python's own: MT19937 seeded as
``random.Random(seed)`` seeds it, drawn as ``getrandbits`` and ``shuffle`` draw (the tests compare
the games with the Python engine's on the interpreter that runs them).

The state is a few arrays: ``seqs[player, space]``, the draw pile (top card last, as the
reference's ``_draw``), face-up cards and discard pile (oldest first), ``frozen[player, space]``,
``tokens``, the hand, and ``st`` for the counters (indices below). A move is seven numbers:
``code`` and its arguments (``M_*`` below).

Each function is compiled when this module is imported, for the one signature its annotations
name (``_compiled``), or loaded from numba's cache (compiling all takes about 12 s of CPU, once a
machine; loading, 0.3 s). It is one module, longer than the house's usual, on purpose: numba
keeps its cache per source file, and a function's cached code holds the functions it calls, so
an edit to a second file would leave this one's cached code stale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
from numba import njit, types

Ints = Any  # a row of int64 (numpy, C order): numba compiles each function for the types annotated
Grid = Any  # a table of int64, rows by columns
Floats = Any  # a row of float64

_TYPES = {
    "Ints": types.int64[::1],
    "Grid": types.int64[:, ::1],
    "Floats": types.float64[::1],
    "int": types.int64,
    "float": types.float64,
    "bool": types.boolean,
    "None": types.void,
    "tuple[int, float]": types.Tuple((types.int64, types.float64)),  # type: ignore[no-untyped-call]
    "tuple[int, int, int]": types.UniTuple(types.int64, 3),  # type: ignore[no-untyped-call]
}
F = TypeVar("F", bound=Callable[..., Any])


def _compiled(f: F, allocates: bool) -> F:
    """``f`` compiled (or loaded from numba's cache) for the one signature its annotations name.

    Without ``allocates``, compiled without numba's reference counting (``_nrt=False``): such a
    function makes no array, and passing arrays and taking rows costs no atomic counting (which,
    counted, took two thirds of the time).
    """
    hints = dict(f.__annotations__)
    result = _TYPES[hints.pop("return")]
    signature = result(*(_TYPES[hint] for hint in hints.values()))
    return njit(signature, cache=True, nogil=True, _nrt=allocates)(f)  # type: ignore[call-overload]


def _jit(f: F) -> F:
    return _compiled(f, allocates=False)


def _jit_alloc(f: F) -> F:
    return _compiled(f, allocates=True)


WILD = 0
INF = np.inf
INVERSION_WEIGHT = 1.0  # bots.INVERSION_WEIGHT
THREAT = 2  # bots.THREAT
HARM_WEIGHT = 0.5  # bots.HARM_WEIGHT

# st: the game's counters
CUR, PHASE, TURN, FROZE, FROM_FACEUP, WINNER, CAPPED, STALLED = 0, 1, 2, 3, 4, 5, 6, 7
EXHAUSTIONS, RESHUFFLES, PASSES, PASSES_IN_ROW, NDRAW, NFACE, NDISC, NHAND, NLOG, TOKENS_LEFT = range(8, 18)
KINDS = 18  # four counters: cross-swap, number, remove, swap (fast.KINDS)
NST = 22
OPENING, TURN_PHASE, PLACE, OVER = 0, 1, 2, 3

# p: the variant's numbers
P_CENSUS, P_SIZE, P_PLAYERS, P_STRICT, P_DUPS, P_ANY, P_CROSS, P_SAME, P_THREE, P_FREEZE, P_MAXT = range(11)
NP = 11

# ability tables, by ability id: kind (0 swap, 1 remove, 2 number), the number's action
# (0 remove, 1 swap) and pick (0 highest, 1 lowest, 2 lowest even, 3 highest odd, 4 highest and lowest),
# a positional ability's spaces
A_KIND, A_ACTION, A_PICK, A_S0, A_S1 = range(5)

# moves: code, then arguments
M_PLACE, M_DRAW, M_WILD, M_USE, M_FREEZE, M_PASS = range(6)
# M_PLACE: space, keep. M_USE: card, target, spaces (1 or 2), s0, s1, other (-1: none). M_FREEZE: space.

MOVES_PER_CARD = 64  # at most: 6 targets, or 2 × 15 pairs across players and 6 targets


# ---------------------------------------------------------------- Python's random (MT19937)


@_jit_alloc
def mt_base() -> Ints:
    """MT19937's state after ``init_genrand(19650218)``, where every seeding starts (``_mt_seed`` copies it)."""
    mt = np.empty(625, np.int64)
    mt[0] = 19650218
    for i in range(1, 624):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    return mt


@_jit
def _mt_seed(mt: Ints, base: Ints, low: int, high: int) -> None:
    """``random.Random(n)`` for 0 <= n < 2**64 whose 32-bit words are ``low`` and ``high`` (init_by_array
    of one word, or two when ``high``)."""
    mask = 0xFFFFFFFF
    for i in range(624):
        mt[i] = base[i]
    words = 2 if high else 1
    i, j = 1, 0
    prev = mt[0]  # mt[i - 1], kept in a register (the loops are one long chain of dependent steps)
    for _ in range(624):
        prev = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + (high if j else low) + j) & mask
        mt[i] = prev
        i += 1
        j += 1
        if i >= 624:
            mt[0] = prev
            i = 1
        if j >= words:
            j = 0
    for _ in range(623):
        prev = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & mask
        mt[i] = prev
        i += 1
        if i >= 624:
            mt[0] = prev
            i = 1
    mt[0] = 0x80000000
    mt[624] = 624


@_jit
def _rand32(mt: Ints) -> int:
    """genrand_uint32: the next 32 random bits."""
    i = mt[624]
    if i >= 624:
        upper, lower = 0x80000000, 0x7FFFFFFF
        for k in range(624):
            y = (mt[k] & upper) | (mt[(k + 1) % 624] & lower)
            mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        i = 0
    y = mt[i]
    mt[624] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@_jit
def _below(mt: Ints, n: int) -> int:
    """``_randbelow_with_getrandbits(n)``: getrandbits(n.bit_length()) until below n."""
    k = 0
    while (n >> k) != 0:
        k += 1
    r = _rand32(mt) >> (32 - k)
    while r >= n:
        r = _rand32(mt) >> (32 - k)
    return r


@_jit
def _shuffle(mt: Ints, x: Ints, n: int) -> None:
    """``random.shuffle`` of ``x[:n]``."""
    for i in range(n - 1, 0, -1):
        j = _below(mt, i + 1)
        x[i], x[j] = x[j], x[i]


# ---------------------------------------------------------------- the win


@_jit
def _complete_with(seq: Ints, s: int, x: int, size: int, strict: int) -> bool:
    """``Rules.complete`` of ``seq`` with card ``x`` at space ``s`` (``s`` = -1: ``seq`` itself)."""
    last = 0
    for i in range(seq.shape[0]):
        card = x if i == s else seq[i]
        if card == WILD:
            card = last + 1 if strict else max(last, 1)
            if card > size:
                return False
        elif card < last or (strict and card == last):
            return False
        last = card
    return True


@_jit
def _complete_swapped(seq: Ints, a: int, b: int, size: int, strict: int) -> bool:
    """``Rules.complete`` of ``seq`` with the cards at ``a`` and ``b`` exchanged."""
    last = 0
    for i in range(seq.shape[0]):
        card = seq[b] if i == a else seq[a] if i == b else seq[i]
        if card == WILD:
            card = last + 1 if strict else max(last, 1)
            if card > size:
                return False
        elif card < last or (strict and card == last):
            return False
        last = card
    return True


# ---------------------------------------------------------------- the good bot's disorder (bots.py)


# The comparisons of card numbers go either way at random: they are added up as 0 or 1 rather than
# branched on (``c < x + ge`` is ``c <= x`` when equal cards are out of order, else ``c < x``).


@_jit
def _bad_with(seq: Ints, s: int, x: int, ge: int) -> int:
    """``bots._bad_with``."""
    if x == WILD:
        return 0
    n = 0
    for j in range(s):
        n += seq[j] + ge > x
    for j in range(s + 1, seq.shape[0]):
        c = seq[j]
        n += (c > 0) & (c < x + ge)
    return n


@_jit
def _bad_all(seq: Ints, ge: int, out: Ints) -> int:
    """``bots._bad_all`` into ``out`` (each pair out of order counted at both its spaces); returns the sum."""
    n = seq.shape[0]
    for s in range(n):
        out[s] = 0
    total = 0
    for i in range(n):
        x = seq[i]
        if x == WILD:
            continue
        for j in range(i + 1, n):
            y = seq[j]
            bad = (y > 0) & (y < x + ge)
            out[i] += bad
            out[j] += bad
            total += 2 * bad
    return total


@_jit
def _off(ideal: Floats, card: int, s: int) -> float:
    return abs(ideal[card] - s) if card else 0.0


@_jit
def _replace(ideal: Floats, seq: Ints, s: int, x: int, ge: int) -> float:
    """``bots._replace``."""
    old = seq[s]
    d = _off(ideal, x, s) - _off(ideal, old, s)
    return d + INVERSION_WEIGHT * (_bad_with(seq, s, x, ge) - _bad_with(seq, s, old, ge))


@_jit
def _swap(ideal: Floats, seq: Ints, a: int, b: int, ge: int) -> float:
    """``bots._swap``."""
    x, y = seq[a], seq[b]
    first = _replace(ideal, seq, a, y, ge)
    seq[a] = y
    second = _replace(ideal, seq, b, x, ge)
    seq[a] = x
    return first + second


@_jit
def _expected_removal(ideal: Floats, spread: Floats, seq: Ints, s: int, size: int, ge: int, wild_share: float) -> float:
    """``bots._expected_removal``."""
    old = seq[s]
    below = 0.0
    above = 0.0
    shift = 0 if ge else 1
    for j in range(s):
        if seq[j]:
            below += (seq[j] - shift) / size
    for j in range(s + 1, seq.shape[0]):
        if seq[j]:
            above += (size - seq[j] + 1 - shift) / size
    numbered = 1.0 - wild_share
    d = numbered * spread[s] - _off(ideal, old, s)
    bad = numbered * (below + above) - _bad_with(seq, s, old, ge)
    return d + INVERSION_WEIGHT * bad


@_jit
def _placements(ideal: Floats, seq: Ints, x: int, frozen: Ints, bad_old: Ints, ge: int, out: Floats) -> None:
    """``bots._placements`` into ``out``."""
    n = seq.shape[0]
    if x == WILD:
        for s in range(n):
            out[s] = -_off(ideal, seq[s], s) - INVERSION_WEIGHT * bad_old[s]
    else:
        ix = ideal[x]
        after = 0
        for s in range(n):
            c = seq[s]
            after += (c > 0) & (c < x + ge)
        before = 0
        for s in range(n):
            c = seq[s]
            after -= (c > 0) & (c < x + ge)
            d = abs(ix - s) - _off(ideal, c, s)
            out[s] = d + INVERSION_WEIGHT * (before + after - bad_old[s])
            before += c + ge > x
    for s in range(n):
        if frozen[s]:
            out[s] = INF


@_jit
def _best_space(
    ideal: Floats, seq: Ints, x: int, frozen: Ints, bad_old: Ints, ge: int, size: int, strict: int, out: Floats
) -> tuple[int, float]:
    """``bots._best_space``: a winning space first, else the first lowest change (``bad_old``: ``_bad_all(seq)``)."""
    _placements(ideal, seq, x, frozen, bad_old, ge, out)
    for s in range(seq.shape[0]):
        if out[s] != INF and _complete_with(seq, s, x, size, strict):
            return s, -1e9
    best = 0
    for s in range(1, seq.shape[0]):
        if out[s] < out[best]:
            best = s
    return best, out[best]


@_jit
def _min(values: Floats) -> float:
    low = values[0]
    for v in values:
        if v < low:
            low = v
    return low


@_jit
def _draw_value(
    ideal: Floats, samples: Ints, seq: Ints, frozen: Ints, bad_old: Ints, ge: int, wild_share: float, out: Floats
) -> float:
    """``bots._draw_value``: the best placement, averaged over the sample cards (and a wild)."""
    total = 0.0
    for v in samples:
        _placements(ideal, seq, v, frozen, bad_old, ge, out)
        total += _min(out)
    total = total / samples.shape[0]
    if wild_share:
        _placements(ideal, seq, WILD, frozen, bad_old, ge, out)
        total = (1 - wild_share) * total + wild_share * _min(out)
    return total


# ---------------------------------------------------------------- the engine's legal ability moves (play.py)


@_jit
def _pick(seq: Ints, pick: int) -> tuple[int, int, int]:
    """``number_abilities._pick`` on a linear sequence: how many spaces (0: impossible), and which."""
    found = False
    best_hi = best_lo = hi = lo = 0
    for i in range(seq.shape[0]):
        card = seq[i]
        if card == WILD or (pick == 2 and card % 2 != 0) or (pick == 3 and card % 2 != 1):
            continue
        if not found:
            found = True
            best_hi = best_lo = i
            hi = lo = card
        if card > hi:
            best_hi, hi = i, card
        if card < lo:
            best_lo, lo = i, card
    if not found:
        return 0, 0, 0
    if pick == 0 or pick == 3:
        return 1, best_hi, 0
    if pick == 1 or pick == 2:
        return 1, best_lo, 0
    if hi == lo:
        return 0, 0, 0
    return 2, min(best_hi, best_lo), max(best_hi, best_lo)


@_jit
def _ability_moves(p: Ints, abil: Grid, ab_of: Ints, seqs: Grid, frozen: Grid, st: Ints, card: int, buf: Grid) -> int:
    """``Game._ability_moves``: the ways the current player can use face-up ``card``, in the engine's
    order, into ``buf`` (target, spaces, s0, s1, other); how many."""
    m, players = st[CUR], p[P_PLAYERS]
    a = ab_of[card]
    kind = abil[a, A_KIND]
    if (kind == 1 or (kind == 2 and abil[a, A_ACTION] == 0)) and st[NDRAW] == 0:
        return 0
    first, last = (0, players) if p[P_ANY] else (m, m + 1)
    n = 0
    if kind == 2:
        for t in range(first, last):
            k, i0, i1 = _pick(seqs[t], abil[a, A_PICK])
            if k and not frozen[t, i0] and not (k == 2 and frozen[t, i1]):
                buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3], buf[n, 4] = t, k, i0, i1, -1
                n += 1
        return n
    s0, s1 = abil[a, A_S0], abil[a, A_S1]
    k = 1 if kind == 1 else 2
    if not p[P_CROSS] or p[P_SAME]:
        for t in range(first, last):
            if not frozen[t, s0] and not (k == 2 and frozen[t, s1]):
                buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3], buf[n, 4] = t, k, s0, s1 if k == 2 else 0, -1
                n += 1
    if p[P_CROSS]:
        for stage in range(2):  # (m, q) for every other q; then, three-party, pairs of the others
            for t in range(players):
                for o in range(t + 1 if stage else 0, players):
                    if stage == 0 and (t != m or o == m):
                        continue
                    if stage == 1 and (not p[P_THREE] or t == m or o == m):
                        continue
                    for turn in range(2):
                        x, y = (s0, s1) if turn == 0 else (s1, s0)
                        if not frozen[t, x] and not frozen[o, y]:
                            buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3], buf[n, 4] = t, 2, x, y, o
                            n += 1
    return n


# ---------------------------------------------------------------- the good bot (bots.good)


@_jit
def _use(mv: Ints, card: int, t: int, k: int, a: int, b: int, o: int) -> None:
    mv[0], mv[1], mv[2], mv[3], mv[4], mv[5], mv[6] = M_USE, card, t, k, a, b, o


@_jit
def _count(flags: Ints) -> int:
    n = 0
    for f in flags:
        n += f
    return n


@_jit
def _has_wild(faceup: Ints, n: int) -> bool:
    for i in range(n):
        if faceup[i] == WILD:
            return True
    return False


@_jit
def _freeze_choice(ideal: Floats, seq: Ints, frozen: Ints, ge: int) -> int:
    """``bots._freeze``: the space to freeze, or -1."""
    n = seq.shape[0]
    best, best_key = -1, 0.5
    for s in range(n):
        c = seq[s]
        if frozen[s] or c == WILD:
            continue
        settled = _bad_with(seq, s, c, ge) == 0
        off = abs(ideal[c] - s)
        key = off - (0.25 if s == 0 or s == n - 1 else 0.0)
        if settled and off <= 0.5 and (best == -1 or key < best_key):
            best, best_key = s, key
    return best


@_jit
def _good(
    p: Ints,
    abil: Grid,
    ab_of: Ints,
    ideal: Floats,
    samples: Ints,
    spread: Floats,
    wild_share: float,
    seqs: Grid,
    frozen: Grid,
    tokens: Ints,
    faceup: Ints,
    hand: Ints,
    st: Ints,
    mv: Ints,
    work: Grid,
    fwork: Floats,
    buf: Grid,
    weights: Floats,
) -> None:
    """``bots.good``: the move, into ``mv``."""
    census, size, players = p[P_CENSUS], p[P_SIZE], p[P_PLAYERS]
    strict, ge = p[P_STRICT], p[P_DUPS]
    me, phase = st[CUR], st[PHASE]
    seq, fz = seqs[me], frozen[me]
    bad_old = work[0]
    mv[:] = 0
    if phase == PLACE:
        _bad_all(seq, ge, bad_old)
        mv[0], mv[1] = M_PLACE, _best_space(ideal, seq, hand[0], fz, bad_old, ge, size, strict, fwork)[0]
        return
    if phase == OPENING:
        _bad_all(seq, ge, bad_old)
        keep, space, score = -1, 0, 0.0
        for i in range(st[NHAND]):
            s, change = _best_space(ideal, seq, hand[i], fz, bad_old, ge, size, strict, fwork)
            if keep < 0 or change < score:
                keep, space, score = i, s, change
        mv[0], mv[1], mv[2] = M_PLACE, space, keep
        return
    if not st[FROZE] and tokens[me] > 0:
        s = _freeze_choice(ideal, seq, fz, ge)
        if s >= 0:
            mv[0], mv[1] = M_FREEZE, s
            return
    weights[:] = 0.0
    if p[P_ANY] or p[P_CROSS]:
        inv = work[1]
        for q in range(players):
            inv[q] = _bad_all(seqs[q], ge, bad_old) // 2
        for q in range(players):
            if q != me and inv[q] <= THREAT and inv[q] <= inv[me]:
                weights[q] = HARM_WEIGHT
    best_value = -INF
    found = False
    last_card = -1  # the engine's last ability move (the bot's last resort)
    for f in range(st[NFACE]):
        card = faceup[f]
        if card == WILD:
            continue
        n = _ability_moves(p, abil, ab_of, seqs, frozen, st, card, buf)
        for i in range(n):
            t, k, a, b, o = buf[i, 0], buf[i, 1], buf[i, 2], buf[i, 3], buf[i, 4]
            last_card = card
            if k == 2:
                if o < 0:
                    if _complete_swapped(seqs[t], a, b, size, strict):
                        if t == me:
                            _use(mv, card, t, k, a, b, o)
                            return
                        continue  # never hand an opponent the game
                else:
                    if t == me and _complete_with(seqs[me], a, seqs[o, b], size, strict):
                        _use(mv, card, t, k, a, b, o)
                        return
                    if o == me and _complete_with(seqs[me], b, seqs[t, a], size, strict):
                        _use(mv, card, t, k, a, b, o)
                        return
                    if t != me and _complete_with(seqs[t], a, seqs[o, b], size, strict):
                        continue
                    if o != me and _complete_with(seqs[o], b, seqs[t, a], size, strict):
                        continue
            if o < 0:
                if k == 1:
                    change = _expected_removal(ideal, spread, seqs[t], a, size, ge, wild_share)
                else:
                    change = _swap(ideal, seqs[t], a, b, ge)
                value = -change if t == me else change * weights[t]
            else:
                d_target = _replace(ideal, seqs[t], a, seqs[o, b], ge)
                d_other = _replace(ideal, seqs[o], b, seqs[t, a], ge)
                value = 0.0
                value += -d_target if t == me else d_target * weights[t]
                value += -d_other if o == me else d_other * weights[o]
            if value > best_value:
                _use(work[2], card, t, k, a, b, o)
                best_value, found = value, True
    room = _count(fz) < census
    if room:
        _bad_all(seq, ge, bad_old)
    if room and _has_wild(faceup, st[NFACE]):
        value = -_best_space(ideal, seq, WILD, fz, bad_old, ge, size, strict, fwork)[1]
        if value >= best_value:
            work[2, :] = 0
            work[2, 0] = M_WILD
            best_value, found = value, True
    if room and st[NDRAW]:
        if -_draw_value(ideal, samples, seq, fz, bad_old, ge, wild_share, fwork) >= best_value:
            mv[:] = 0
            mv[0] = M_DRAW
            return
    if found:
        for i in range(7):
            mv[i] = work[2, i]
        return
    if last_card < 0:
        mv[:] = 0
        mv[0] = M_PASS
        return
    # Every open action hands an opponent the game: the engine's last ability move.
    n = _ability_moves(p, abil, ab_of, seqs, frozen, st, last_card, buf)
    i = n - 1
    _use(mv, last_card, buf[i, 0], buf[i, 1], buf[i, 2], buf[i, 3], buf[i, 4])


# ---------------------------------------------------------------- the engine playing a move (play.py)


@_jit
def _take(draw: Ints, st: Ints) -> int:
    """``Game._take``."""
    st[NDRAW] -= 1
    card = draw[st[NDRAW]]
    if st[NDRAW] == 0:
        st[EXHAUSTIONS] += 1
    return card


@_jit
def _remove_at(cards: Ints, n: int, i: int) -> None:
    for j in range(i, n - 1):
        cards[j] = cards[j + 1]


@_jit
def _face_up(ab_of: Ints, faceup: Ints, discard: Ints, st: Ints, card: int) -> None:
    """``Game._face_up``: a card with the ability of one already face up goes with it to the discard."""
    a = ab_of[card]
    if a >= 0:
        for i in range(st[NFACE]):
            other = faceup[i]
            if ab_of[other] == a:
                _remove_at(faceup, st[NFACE], i)
                st[NFACE] -= 1
                discard[st[NDISC]] = other
                discard[st[NDISC] + 1] = card
                st[NDISC] += 2
                return
    faceup[st[NFACE]] = card
    st[NFACE] += 1


@_jit
def _settle(p: Ints, seqs: Grid, st: Ints, first: int, second: int, mover: int) -> None:
    """``Game._settle`` for the sequences ``first`` and ``second`` (-1: none)."""
    best, best_key = -1, 0
    for q in (first, second):
        if q >= 0 and _complete_with(seqs[q], -1, 0, p[P_SIZE], p[P_STRICT]):
            key = (q - mover) % p[P_PLAYERS]
            if best < 0 or key < best_key:
                best, best_key = q, key
    if best >= 0:
        st[WINNER] = best
        st[PHASE] = OVER


@_jit
def _end_turn(
    p: Ints, seqs: Grid, draw: Ints, discard: Ints, st: Ints, mt: Ints, first: int, second: int, passed: bool
) -> None:
    """``Game._end_turn``."""
    me = st[CUR]
    st[PASSES_IN_ROW] = st[PASSES_IN_ROW] + 1 if passed else 0
    _settle(p, seqs, st, first, second, me)
    if st[NDRAW] == 0 and st[NDISC] > 0:
        n = st[NDISC]
        for i in range(n):
            draw[i] = discard[i]
        st[NDISC], st[NDRAW] = 0, n
        _shuffle(mt, draw, n)
        st[RESHUFFLES] += 1
    st[TURN] += 1
    if st[PHASE] != OVER:
        if st[TURN] >= p[P_MAXT]:
            st[PHASE], st[CAPPED] = OVER, 1
        elif st[PASSES_IN_ROW] >= p[P_PLAYERS]:
            st[PHASE], st[STALLED] = OVER, 1
        else:
            st[CUR] = (me + 1) % p[P_PLAYERS]
            st[PHASE], st[FROZE] = TURN_PHASE, 0


@_jit
def _play_move(
    p: Ints,
    abil: Grid,
    ab_of: Ints,
    seqs: Grid,
    frozen: Grid,
    tokens: Ints,
    draw: Ints,
    faceup: Ints,
    discard: Ints,
    hand: Ints,
    st: Ints,
    mt: Ints,
    mv: Ints,
) -> None:
    """``Game.play`` of a move the bot chose (legal by construction; the tests replay them)."""
    me, code = st[CUR], mv[0]
    if code == M_PLACE:
        seq = seqs[me]
        space, keep = mv[1], mv[2]
        old = seq[space]
        seq[space] = hand[keep]
        if st[PHASE] == OPENING:
            for i in range(st[NHAND]):
                if i != keep:
                    discard[st[NDISC]] = hand[i]
                    st[NDISC] += 1
            st[NHAND] = 0
            _face_up(ab_of, faceup, discard, st, old)
            _settle(p, seqs, st, me, -1, me)
            if st[PHASE] != OVER:
                if me + 1 < p[P_PLAYERS]:
                    st[CUR] = me + 1
                    for i in range(me + 2):
                        hand[i] = _take(draw, st)
                    st[NHAND] = me + 2
                else:
                    st[CUR], st[PHASE] = 0, TURN_PHASE
            return
        st[NHAND] = 0
        _face_up(ab_of, faceup, discard, st, old)
        _end_turn(p, seqs, draw, discard, st, mt, me, -1, False)
    elif code == M_USE:
        card, t, k, a, b, o = mv[1], mv[2], mv[3], mv[4], mv[5], mv[6]
        for i in range(st[NFACE]):
            if faceup[i] == card:
                _remove_at(faceup, st[NFACE], i)
                st[NFACE] -= 1
                break
        discard[st[NDISC]] = card
        st[NDISC] += 1
        kind = abil[ab_of[card], A_KIND]
        st[KINDS + (1 if kind == 2 else 0 if o >= 0 else 3 - kind)] += 1
        seq = seqs[t]
        if o >= 0:
            theirs = seqs[o]
            seq[a], theirs[b] = theirs[b], seq[a]
        elif k == 1:
            discard[st[NDISC]] = seq[a]
            st[NDISC] += 1
            seq[a] = _take(draw, st)
        else:
            seq[a], seq[b] = seq[b], seq[a]
        _end_turn(p, seqs, draw, discard, st, mt, t, o, False)
    elif code == M_DRAW:
        hand[0] = _take(draw, st)
        st[NHAND] = 1
        st[PHASE], st[FROM_FACEUP] = PLACE, 0
    elif code == M_WILD:
        for i in range(st[NFACE]):
            if faceup[i] == WILD:
                _remove_at(faceup, st[NFACE], i)
                st[NFACE] -= 1
                break
        hand[0] = WILD
        st[NHAND] = 1
        st[PHASE], st[FROM_FACEUP] = PLACE, 1
    elif code == M_FREEZE:
        frozen[me, mv[1]] = 1
        tokens[me] -= 1
        st[FROZE] = 1
    else:
        st[PASSES] += 1
        _end_turn(p, seqs, draw, discard, st, mt, -1, -1, True)


# ---------------------------------------------------------------- one game


@_jit_alloc
def play(
    p: Ints,
    abil: Grid,
    ab_of: Ints,
    pack: Ints,
    ideal: Floats,
    samples: Ints,
    spread: Floats,
    wild_share: float,
    mt_start: Ints,
    low: int,
    high: int,
    log: Grid,
) -> Ints:
    """One game from the seed ``high * 2**32 + low`` (``mt_start``: ``mt_base()``): ``st`` at its end,
    and each move in ``log`` while it has rows (``st[NLOG]`` says how many were played)."""
    census, players = p[P_CENSUS], p[P_PLAYERS]
    n = pack.shape[0]
    mt = np.empty(625, np.int64)
    _mt_seed(mt, mt_start, low, high)
    st = np.zeros(NST, np.int64)
    pile = pack.copy()
    _shuffle(mt, pile, n)  # pile[0] is the top card
    draw = pile[::-1].copy()
    faceup = np.empty(n, np.int64)
    discard = np.empty(n, np.int64)
    seqs = np.empty((players, census), np.int64)
    frozen = np.zeros((players, census), np.int64)
    tokens = np.full(players, p[P_FREEZE], np.int64)
    hand = np.empty(players + 1, np.int64)
    st[NDRAW] = n
    st[WINNER] = -1
    dealt = np.empty(census, np.int64)
    for q in range(players):
        for i in range(census):  # (the deal pops the pile: Game.__init__ does not count it as _take)
            st[NDRAW] -= 1
            dealt[i] = draw[st[NDRAW]]
        _rand32(mt)  # Rules.arrange's getrandbits(64): two words, for the 3×3 mat only
        _rand32(mt)
        for i in range(census):  # Rules.arrange: descending, so wild cards (0) last, then turned first
            c, j = dealt[i], i
            while j > 0 and seqs[q, j - 1] < c:
                seqs[q, j] = seqs[q, j - 1]
                j -= 1
            seqs[q, j] = c
        wilds = 0
        while wilds < census and seqs[q, census - 1 - wilds] == WILD:
            wilds += 1
        for i in range(census - 1, wilds - 1, -1):
            seqs[q, i] = seqs[q, i - wilds]
        for i in range(wilds):
            seqs[q, i] = WILD
    # Game._begin: a sequence complete after the deal wins, seat order from seat 0
    for q in range(players):
        if _complete_with(seqs[q], -1, 0, p[P_SIZE], p[P_STRICT]):
            st[WINNER], st[PHASE] = q, OVER
            break
    if st[PHASE] != OVER:
        st[PHASE], st[CUR] = OPENING, 0
        hand[0] = _take(draw, st)
        st[NHAND] = 1
    mv = np.zeros(7, np.int64)
    work = np.zeros((3, max(census, players, 7)), np.int64)
    fwork = np.empty(census, np.float64)
    buf = np.empty((MOVES_PER_CARD, 5), np.int64)
    weights = np.zeros(players, np.float64)
    while st[PHASE] != OVER:
        _good(
            p,
            abil,
            ab_of,
            ideal,
            samples,
            spread,
            wild_share,
            seqs,
            frozen,
            tokens,
            faceup,
            hand,
            st,
            mv,
            work,
            fwork,
            buf,
            weights,
        )
        if st[NLOG] < log.shape[0]:
            log[st[NLOG], :] = mv
        st[NLOG] += 1
        _play_move(p, abil, ab_of, seqs, frozen, tokens, draw, faceup, discard, hand, st, mt, mv)
    st[TOKENS_LEFT] = tokens.sum()
    return st
