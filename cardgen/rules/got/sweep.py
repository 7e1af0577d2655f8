"""Sweeps: the grid of settings ``cardgen simulate --sweep`` plays, read from words like
``census=4..9`` and ``players=2,3``. Pure.

A word names one option and its values: a range ``a..b`` of whole numbers (both
ends included), a list ``a,b,c``, or one value. The settings are every
combination, the first option named varying slowest (the rows of a table).

>>> got = options_of("got")
>>> sweep = parse_sweep(["census=4..6", "players=2,3"], got)
>>> sweep
(('census', (4, 5, 6)), ('players', (2, 3)))
>>> [tuple(s.values()) for s in grid(sweep)][:3]
[(4, 2), (4, 3), (5, 2)]
>>> parse_sweep(["win=ascending,never-descending", "numbers=on,off"], got)
(('win', ('ascending', 'never-descending')), ('numbers', (True, False)))
>>> parse_sweep(["categories=row-swap+col-swap,remove"], got)   # "+" joins categories into one value
(('categories', ('row-swap,col-swap', 'remove')),)
>>> parse_sweep(["census=9..4"], got)
Traceback (most recent call last):
...
cardgen.errors.CardgenError: sweep 'census=9..4': the range runs backwards (write 4..9)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.rules.got.grid_packs import GridPack
from cardgen.units import shown

__all__ = ["MAX_SETTINGS", "MAX_TURNS", "Option", "Sweep", "grid", "options_of", "parse_sweep"]

MAX_SETTINGS = 200  # settings in one sweep
MAX_TURNS = 100_000  # a turn cap no table needs (a good game lasts tens of turns), small enough that a capped game ends
_INT = re.compile(r"[0-9]{1,6}")
_NAME = re.compile(r"[a-z][a-z_-]{0,30}")
_TRUE, _FALSE = ("on", "yes", "true", "1"), ("off", "no", "false", "0")

Value = int | str | bool
Sweep = tuple[tuple[str, tuple[Value, ...]], ...]


@dataclass(frozen=True)
class Option:
    """An option a sweep may vary: whole numbers from ``low`` to ``high``, one of ``choices``, or on/off."""

    name: str
    kind: str  # "int" | "choice" | "bool" | "categories" (the 3×3 game's, joined by "+")
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()

    def read(self, text: str, word: str) -> Value:
        """One value of this option, from its text in ``word``; one line naming ``word`` if it is not one."""
        t = text.strip().lower()
        if self.kind == "int":
            if not _INT.fullmatch(t):
                raise CardgenError(f"sweep {shown(word)}: {shown(text)} is not a whole number")
            n = int(t)
            if not self.low <= n <= self.high:
                raise CardgenError(f"sweep {shown(word)}: {n} is out of range (allowed {self.low} to {self.high})")
            return n
        if self.kind == "categories":
            try:
                return ",".join(GridPack(t.split("+")).categories)
            except CardgenError as e:
                raise CardgenError(f"sweep {shown(word)}: {e}") from None
        if self.kind == "bool":
            if t in _TRUE or t in _FALSE:
                return t in _TRUE
            raise CardgenError(f"sweep {shown(word)}: {shown(text)} is not on or off")
        if t not in self.choices:
            raise CardgenError(f"sweep {shown(word)}: {shown(text)} is not one of {', '.join(self.choices)}")
        return t


_GOT = (
    Option("pattern", "choice", choices=("one", "two", "three")),
    Option("census", "int", 2, 26),
    Option("players", "int", 2, 6),
    Option("copies", "int", 1, 100),
    Option("packs", "int", 1, 10),
    Option("wilds", "int", 0, 100),
    Option("freeze", "int", 0, 26),
    Option("win", "choice", choices=("ascending", "never-descending")),
    Option("apply", "choice", choices=("own", "any")),
    Option("numbers", "bool"),
    Option("same-sequence", "bool"),
    Option("three-party", "bool"),
    Option("categories", "categories"),
    Option("bot", "choice", choices=("good", "random")),
    Option("max-turns", "int", 1, MAX_TURNS),
)
_AMTRAK = (
    Option("players", "int", 1, 4),
    Option("jokers", "int", 0, 8),
    Option("bot", "choice", choices=("good", "random")),
    Option("max-turns", "int", 1, MAX_TURNS),
)


def options_of(game: str) -> tuple[Option, ...]:
    """The options a sweep of ``game`` (``got`` or ``amtrak``) may vary."""
    return _AMTRAK if game == "amtrak" else _GOT


def _values(option: Option, text: str, word: str) -> tuple[Value, ...]:
    if ".." in text:
        if option.kind != "int":
            raise CardgenError(f"sweep {shown(word)}: a range a..b is for whole numbers; list the values: a,b")
        ends = text.split("..")
        if len(ends) != 2:
            raise CardgenError(f"sweep {shown(word)}: write a range as a..b, e.g. {option.name}=4..9")
        a, b = (option.read(e, word) for e in ends)
        assert isinstance(a, int) and isinstance(b, int)
        if a > b:
            raise CardgenError(f"sweep {shown(word)}: the range runs backwards (write {b}..{a})")
        return tuple(range(a, b + 1))
    values: list[Value] = []
    for item in text.split(","):
        if not item.strip():
            raise CardgenError(f"sweep {shown(word)}: an empty value (write {option.name}=a,b,c)")
        v = option.read(item, word)
        if v in values:
            raise CardgenError(f"sweep {shown(word)}: {item.strip()} is given twice")
        values.append(v)
    return tuple(values)


def parse_sweep(words: Sequence[str], options: Sequence[Option]) -> Sweep:
    """The sweep the words name (each ``name=values``; a word may hold several, space-separated)."""
    by_name = {o.name: o for o in options}
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
