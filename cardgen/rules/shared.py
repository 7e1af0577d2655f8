"""What several games' rules use, named once. Pure.

- ``Violation`` (one broken constraint: which check, which cards, what is wrong), ``capped``
  (the first few of many, then a summary) and ``span`` (``cards 1–3, 7``): how every check reports.
- ``Card``, ``CardLike``, ``HasCode`` and ``PackSpec``: a numbered pack and its cards, whatever the
  abilities printed on them, as checkers, writers and readers need them.
- ``game_seed``: one game's seed from a run's (SplitMix64, the same on any machine and process).
- ``percentile``, ``wilson`` and ``percent``: the figures a simulation reports, for any game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar


class HasCode(Hashable, Protocol):
    @property
    def code(self) -> str: ...


class CardLike(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def ability(self) -> HasCode: ...


A = TypeVar("A", bound=HasCode)


@dataclass(frozen=True)
class Card(Generic[A]):
    """One printed card: its number and its ability (a linear ``Ability``, a ``GridAbility`` ...)."""

    number: int
    ability: A


class PackSpec(Protocol):
    """A pack definition, whatever its abilities: what checkers, writers and readers need of it."""

    @property
    def abilities(self) -> Sequence[HasCode]: ...

    @property
    def copies(self) -> int: ...

    @property
    def size(self) -> int: ...

    @property
    def slug(self) -> str: ...

    def cards(self) -> Sequence[CardLike]: ...

    def parse_ability(self, text: str) -> HasCode:
        """The ability printed as ``text`` (CardgenError when it is none)."""
        ...

    def card_problems(self, card: CardLike) -> list[tuple[str, str]]:
        """(check name, message) for a card whose ability cannot belong to this pack."""
        ...


@dataclass(frozen=True)
class Violation:
    """One broken constraint: which check, which cards, and what is wrong."""

    check: str
    message: str
    cards: tuple[int, ...] = field(default=())

    def __str__(self) -> str:
        return self.message


def span(numbers: Sequence[int]) -> str:
    """``cards 1–28`` style list, ranges folded.

    >>> span([3]), span([1, 2, 3, 7]), span([11, 12])
    ('card 3', 'cards 1–3, 7', 'cards 11, 12')
    """
    nums = sorted(set(numbers))
    parts: list[str] = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{nums[i]}–{nums[j]}")
        else:
            parts.extend(str(n) for n in nums[i : j + 1])
        i = j + 1
    return ("card " if len(nums) == 1 else "cards ") + ", ".join(parts)


def capped(
    violations: Iterable[Violation], limit: int, summary: Callable[[int, tuple[int, ...]], Violation]
) -> list[Violation]:
    """The first ``limit`` violations, then one ``summary(left, cards)`` for the rest."""
    items = list(violations)
    if len(items) <= limit:
        return items
    rest = items[limit:]
    cards = tuple(sorted({n for v in rest for n in v.cards}))
    return items[:limit] + [summary(len(rest), cards)]


_MASK = (1 << 64) - 1


SALT = 0x9E3779B97F4A7C15


def mix64(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from any integer."""
    x = (x + SALT) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: the same on any machine, in any process.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return mix64(mix64(seed) ^ index)


def percentile(counts: Mapping[int, int], q: float, scale: float = 1.0) -> float | None:
    """The ``q`` quantile of the values ``counts`` holds (value → how many), each divided by
    ``scale``: linear interpolation between the closest ranks, as numpy's default computes it on the list
    itself, to the last bit (as ``rules.got.simulation`` does on a list of games). None for no values.

    >>> percentile({1: 1, 2: 1, 3: 1, 4: 1}, 0.5), percentile({10: 1, 20: 1}, 0.9), percentile({}, 0.5)
    (2.5, 19.0, None)
    >>> percentile({57: 3, 60: 1}, 0.5, scale=4)
    14.25
    """
    n = sum(counts.values())
    if not n:
        return None
    pos = q * (n - 1)
    low = int(pos)
    high = min(low + 1, n - 1)
    ordered = sorted(counts.items())
    v_low = v_high = None
    seen = 0
    for value, count in ordered:
        if v_low is None and low < seen + count:
            v_low = value / scale
        if high < seen + count:
            v_high = value / scale
            break
        seen += count
    assert v_low is not None and v_high is not None
    return v_low + (v_high - v_low) * (pos - low)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default): where the true chance lies,
    given ``successes`` of ``trials``. Honest at 0 and at every trial a success.

    >>> [round(x, 4) for x in wilson(40, 100)]
    [0.3094, 0.498]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * ((p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percent(share: float) -> str:
    """A share as a whole per cent, as the sentences print it (``0.274`` → ``27 %``).

    >>> percent(0.274), percent(0.005), percent(1.0)
    ('27 %', '1 %', '100 %')
    """
    return f"{int(share * 100 + 0.5)} %"  # half up, not to even: 0.5 % reads as 1 %
