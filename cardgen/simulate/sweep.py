"""Sweeps: the grid of settings ``cardgen simulate --sweep`` plays, read from words like
``census=4..9`` and ``players=2,3``. Pure.

A word names one option and its values: a range ``a..b`` of whole numbers (both
ends included), a list ``a,b,c``, or one value. The settings are every
combination, the first option named varying slowest (the rows of a table). The
options a sweep may vary are a game's declared ones (``params.Param``, those
``sweepable``), and each value is read by its declaration's ``parse``.

>>> from cardgen.rules.got.params import PLAY
>>> sweep = parse_sweep(["census=4..6", "players=2,3"], PLAY)
>>> sweep
(('census', (4, 5, 6)), ('players', (2, 3)))
>>> [tuple(s.values()) for s in grid(sweep)][:3]
[(4, 2), (4, 3), (5, 2)]
>>> parse_sweep(["win=ascending,never-descending", "numbers=on,off"], PLAY)
(('win', ('ascending', 'never-descending')), ('numbers', (True, False)))
>>> parse_sweep(["categories=row-swap+col-swap,remove"], PLAY)   # "+" joins categories into one value
(('categories', ('row-swap,col-swap', 'remove')),)
>>> parse_sweep(["census=9..4"], PLAY)
Traceback (most recent call last):
...
cardgen.errors.CardgenError: sweep 'census=9..4': the range runs backwards (write 4..9)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

from cardgen.errors import CardgenError
from cardgen.params import Param
from cardgen.units import shown

__all__ = ["MAX_SETTINGS", "Sweep", "Value", "grid", "parse_sweep"]

MAX_SETTINGS = 200  # settings in one sweep
_NAME = re.compile(r"[a-z][a-z_-]{0,30}")

Value = int | str | bool
Sweep = tuple[tuple[str, tuple[Value, ...]], ...]


def read(option: Param, text: str, word: str) -> Value:
    """One value of ``option``, from its text in ``word`` (a "+" joins a list's items); one line
    naming ``word`` if it is not one."""
    try:
        value = option.parse(text.replace("+", ",") if option.kind == "text" else text)
    except CardgenError as e:
        raise CardgenError(f"sweep {shown(word)}: {e}") from None
    assert isinstance(value, int | str | bool)
    return value


def _values(option: Param, text: str, word: str) -> tuple[Value, ...]:
    if ".." in text:
        if option.kind != "int":
            raise CardgenError(f"sweep {shown(word)}: a range a..b is for whole numbers; list the values: a,b")
        ends = text.split("..")
        if len(ends) != 2:
            raise CardgenError(f"sweep {shown(word)}: write a range as a..b, e.g. {option.key}=4..9")
        a, b = (read(option, e, word) for e in ends)
        assert isinstance(a, int) and isinstance(b, int)
        if a > b:
            raise CardgenError(f"sweep {shown(word)}: the range runs backwards (write {b}..{a})")
        return tuple(range(a, b + 1))
    values: list[Value] = []
    for item in text.split(","):
        if not item.strip():
            raise CardgenError(f"sweep {shown(word)}: an empty value (write {option.key}=a,b,c)")
        v = read(option, item, word)
        if v in values:
            raise CardgenError(f"sweep {shown(word)}: {item.strip()} is given twice")
        values.append(v)
    return tuple(values)


def parse_sweep(words: Sequence[str], options: Iterable[Param]) -> Sweep:
    """The sweep the words name (each ``name=values``; a word may hold several, space-separated),
    of ``options``: a game's declared ones (those not ``sweepable`` are left out)."""
    by_name = {o.key: o for o in options if o.sweepable}
    out: list[tuple[str, tuple[Value, ...]]] = []
    for word in (w for text in words for w in text.split()):
        name, sep, text = word.partition("=")
        key = name.strip().lower().replace("_", "-")
        if not sep or not text.strip():
            raise CardgenError(f"sweep {shown(word)}: write NAME=VALUES, e.g. census=4..9 or players=2,3")
        if not _NAME.fullmatch(key) or key not in by_name:
            raise CardgenError(
                f"sweep {shown(word)}: no option {shown(name)} to sweep (choose from {', '.join(by_name)})"
            )
        if any(key == k for k, _ in out):
            raise CardgenError(f"sweep: {key} is given twice")
        out.append((key, _values(by_name[key], text, word)))
    if not out:
        raise CardgenError("sweep: name at least one option, e.g. census=4..9")
    total = 1
    for _, values in out:
        total *= len(values)
    if total > MAX_SETTINGS:
        raise CardgenError(f"sweep: {total} settings is too many (at most {MAX_SETTINGS})")
    return tuple(out)


def grid(sweep: Sweep) -> list[dict[str, Value]]:
    """Every combination of the sweep's values, the first option varying slowest."""
    names = [name for name, _ in sweep]
    return [dict(zip(names, combo)) for combo in itertools.product(*(values for _, values in sweep))]
