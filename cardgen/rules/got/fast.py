"""The good bot's games played by the compiled kernel (``cardgen.rules.got.kernel``), where it can.

``game(variant, seed, bots)`` is ``simulation.play_game`` of an untraced game, the same record,
when the kernel plays that game: numba is installed (``pip install 'cardgen[fast]'``), every
seat is the good bot, and the variant is on the linear mat. Otherwise it returns None and the
Python engine plays (the reference: the 3×3 mat, the random bot, a bot of one's own, traces).
The kernel's games are the reference's move for move (``tests/test_fast_engine.py``), so the
figures do not depend on which one played.

The kernel is imported, and numba with it, at the first game it plays, not before: a command
that simulates nothing never pays for it. Numba compiles the kernel on its first use on a
machine (several seconds) and keeps it in its cache (``cache=True``: ``__pycache__`` beside the
module, or numba's user-wide cache when that is read-only); later processes load it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

from cardgen.rules.got.bots import Bot, _model
from cardgen.rules.got.moves import Draw, Freeze, Move, Pass, Place, TakeWild, UseAbility
from cardgen.rules.got.number_abilities import NumberAbility
from cardgen.rules.got.variant import Rules, Variant, rules_of

__all__ = ["KINDS", "USE", "available", "game", "moves", "plays", "prepare", "run"]

KINDS = ("cross-swap", "number", "remove", "swap")  # the kernel's counters, in order (sorted, as records list them)
PICKS = ("highest", "lowest", "lowest-even", "highest-odd", "highest-lowest")
USE = True  # False: every game by the Python engine (for benchmarks comparing the two)
_kernel: Any = None
_NO_LOG: Any = None  # an empty move log: the kernel records no move


def available() -> bool:
    """Whether numba is installed (the kernel can be compiled); does not import it."""
    return importlib.util.find_spec("numba") is not None


def _load() -> Any:
    """The kernel module: numba and numpy imported (0.25 s of CPU), the kernel loaded from numba's
    cache (0.3 s), or compiled on a machine's first run (about 12 s)."""
    global _kernel, _NO_LOG
    if _kernel is None:
        import numpy as np

        from cardgen.rules.got import kernel

        _kernel, _NO_LOG = kernel, np.zeros((0, 7), np.int64)
    return _kernel


def plays(variant: Variant, bots: str | Bot | Sequence[str | Bot]) -> bool:
    """Whether the kernel plays games of ``variant`` with ``bots`` (and numba is installed)."""
    names = [bots] * variant.players if isinstance(bots, str) else bots if isinstance(bots, list | tuple) else [bots]
    return (
        USE
        and variant.pattern != "2d"
        and len(names) == variant.players
        and all(isinstance(b, str) and b.strip().lower() == "good" for b in names)
        and _has_numba()
    )


@lru_cache(maxsize=1)
def _has_numba() -> bool:
    return available()


@lru_cache(maxsize=64)
def _tables(rules: Rules) -> tuple[Any, ...]:
    """The variant's facts as the kernel's arrays (see ``kernel``'s P_* and A_* indices)."""
    import numpy as np

    k = _load()
    v, m = rules.variant, _model(rules)
    ids: dict[Any, int] = {}
    for ability in rules.abilities:
        ids.setdefault(ability, len(ids))
    abil = np.zeros((len(ids), 5), np.int64)
    for ability, a in ids.items():
        if isinstance(ability, NumberAbility):
            abil[a, k.A_KIND] = 2
            abil[a, k.A_ACTION] = 0 if ability.action == "remove" else 1
            abil[a, k.A_PICK] = PICKS.index(ability.pick)
        else:
            abil[a, k.A_KIND] = 0 if rules.action_of[ability] == "swap" else 1
            spaces = rules.static[ability][0]
            abil[a, k.A_S0] = spaces[0]
            abil[a, k.A_S1] = spaces[-1]
    ab_of = np.array([-1] + [ids[rules.ability_of[n]] for n in range(1, rules.size + 1)], np.int64)
    p = np.zeros(k.NP, np.int64)
    p[k.P_CENSUS], p[k.P_SIZE], p[k.P_PLAYERS] = rules.census, rules.size, v.players
    p[k.P_STRICT], p[k.P_DUPS] = v.win == "ascending", m.strict_dups
    p[k.P_ANY], p[k.P_CROSS] = v.apply == "any", v.pattern == "three"
    p[k.P_SAME], p[k.P_THREE] = v.same_sequence, v.three_party
    p[k.P_FREEZE], p[k.P_MAXT] = v.freeze, v.max_turns
    return (
        p,
        abil,
        ab_of,
        np.array(rules.cards, np.int64),
        np.array(m.ideal, np.float64),
        np.array(m.samples, np.int64),
        np.array(m.spread, np.float64),
        float(m.wild_share),
        k.mt_base(),
    )


_last: tuple[Variant, object, tuple[Any, ...] | None] | None = None  # the last variant asked for, its tables


def _tables_for(variant: Variant, bots: str | Bot | Sequence[str | Bot]) -> tuple[Any, ...] | None:
    """The kernel's tables for ``variant``, or None where the kernel does not play it (the games of a
    share are of one variant: the last one is kept at hand)."""
    global _last
    if _last is None or _last[0] is not variant or _last[1] != bots or not USE:
        _last = (variant, bots, _tables(rules_of(variant)) if plays(variant, bots) else None)
    return _last[2]


def run(variant: Variant, seed: int, log_rows: int = 0) -> list[int]:
    """The kernel's game of the good bot (``seed``: 0 to 2**64 - 1): its counters (``kernel.st``),
    then its first ``log_rows`` moves, seven numbers each."""
    import numpy as np

    tables = _tables(rules_of(variant))
    log = np.zeros((log_rows, 7), np.int64)
    st = _load().play(*tables, seed & 0xFFFFFFFF, seed >> 32, log)
    return st.tolist() + log.ravel().tolist()  # type: ignore[no-any-return]


def game(variant: Variant, seed: int, bots: str | Bot | Sequence[str | Bot]) -> dict[str, Any] | None:
    """The fields of the game's ``GameRecord`` but ``seed`` and ``variant``, or None where the kernel
    does not play it."""
    tables = _tables_for(variant, bots)
    if tables is None or not 0 <= seed < 1 << 64:  # (random.Random seeds by abs(seed): a few more words)
        return None
    k = _load()
    st = k.play(*tables, seed & 0xFFFFFFFF, seed >> 32, _NO_LOG).tolist()
    kinds = tuple((name, st[k.KINDS + i]) for i, name in enumerate(KINDS) if st[k.KINDS + i])
    turns, passes = st[k.TURN], st[k.PASSES]
    names = (bots,) * variant.players if isinstance(bots, str) else tuple(cast(Sequence[str], bots))
    return {
        "bots": names,
        "winner": None if st[k.WINNER] < 0 else st[k.WINNER],
        "turns": turns,
        "capped": bool(st[k.CAPPED]),
        "stalled": bool(st[k.STALLED]),
        "exhaustions": st[k.EXHAUSTIONS],
        "reshuffles": st[k.RESHUFFLES],
        "kinds": kinds,
        "places": turns - sum(c for _, c in kinds) - passes,
        "passes": passes,
        "freezes": variant.freeze * variant.players - st[k.TOKENS_LEFT],
    }


def prepare(variant: Variant, bots: str | Bot | Sequence[str | Bot]) -> bool:
    """Load the kernel now if it will play ``variant``'s games (before forking workers, which then
    have it); whether it will."""
    if _tables_for(variant, bots) is None:
        return False
    _load()
    return True


def moves(variant: Variant, seed: int) -> list[Move]:
    """Every move of the kernel's game of ``variant`` from ``seed``, in order (the tests hold them to the reference's)."""
    k = _load()
    rows = 64
    while True:
        out = run(variant, seed, rows)
        played = out[k.NLOG]
        if played <= rows:
            log = out[k.NST :]
            return [_move(k, log[7 * i : 7 * i + 7]) for i in range(played)]
        rows = played


def _move(k: Any, row: list[int]) -> Move:
    code = row[0]
    if code == k.M_PLACE:
        return Place(row[1], row[2])
    if code == k.M_USE:
        card, target, count, s0, s1, other = row[1:7]
        return UseAbility(card, target, (s0, s1)[:count], None if other < 0 else other)
    if code == k.M_FREEZE:
        return Freeze(row[1])
    return (Draw(), TakeWild(), Pass())[(k.M_DRAW, k.M_WILD, k.M_PASS).index(code)]
