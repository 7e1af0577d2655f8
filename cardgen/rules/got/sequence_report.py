"""What ``cardgen seq`` knows of one typed sequence (§5, §7, §10), every number checked against
the pack it is said to come from: its orderings, disorder and sorting swaps, and, with a wild
card, whether it can still win. Built from ``rules.got.sequences``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import Ability
from cardgen.rules.got.printed import MAX_PACKS, MAX_WILDS
from cardgen.rules.got.sequences import (
    DEFAULT_PACK_SIZE,
    MAX_PACK_SIZE,
    Card,
    _numbers,
    can_be_ascending,
    can_be_never_descending,
    can_win,
    format_sequence,
    inversions,
    is_ascending,
    is_clean,
    is_descending,
    is_never_ascending,
    is_never_descending,
    max_inversions,
    outside_pack,
    parse_sequence,
    sorting_swaps,
)
from cardgen.units import MAX_DIGITS, shown


@dataclass(frozen=True)
class SequenceReport:
    """Facts about one sequence. Number facts are ``None`` for a dirty sequence;
    the ``can_be_*`` facts are ``None`` for a clean one."""

    numbers: tuple[Card, ...]
    text: str
    length: int
    clean: bool
    ascending: bool | None
    never_descending: bool | None
    descending: bool | None
    never_ascending: bool | None
    inversions: int | None
    max_inversions: int
    min_swaps: int | None
    swaps: tuple[str, ...] | None
    pack_size: int
    can_be_ascending: bool | None
    can_be_never_descending: bool | None
    packs: int = 1
    wilds: int | None = None  # the pack's wild cards, when told
    outside: tuple[str, ...] = ()  # numbers the packs do not print (so often): see ``outside_pack``
    win: str | None = None  # the winning definition asked about (§7), if any
    wins: bool | None = None  # whether the sequence is a win under it

    @property
    def dirty(self) -> bool:
        return not self.clean


def report(
    text: str, *, pack_size: int = DEFAULT_PACK_SIZE, packs: int = 1, win: str | None = None, wilds: int | None = None
) -> SequenceReport:
    """Everything this module knows about the sequence typed as ``text``, every number checked
    against ``packs`` packs of 1..``pack_size`` (a wild can only be ascending where they are),
    and its wild cards against the pack's ``wilds`` when told.

    >>> r = report("70 69 68 63 34 31 20")   # figure 6
    >>> r.descending, r.ascending, r.inversions, r.max_inversions, r.min_swaps, r.swaps
    (True, False, 21, 21, 3, ('A↔G', 'B↔F', 'C↔E'))
    >>> r = report("2-6-14-38-W-39-82")
    >>> r.dirty, r.ascending, r.can_be_ascending, r.can_be_never_descending
    (True, None, False, True)
    >>> r = report("5-12-W-40-71", pack_size=50)   # no card 71: not even a wild makes it ascending
    >>> r.can_be_ascending, r.outside
    (False, ('71 (the cards are 1..50)',))
    """
    if not 1 <= pack_size <= MAX_PACK_SIZE:
        given = str(pack_size) if len(str(pack_size)) <= MAX_DIGITS else shown(str(pack_size))
        raise CardgenError(f"pack size {given} is out of range: 1 to {MAX_PACK_SIZE}")
    if not 1 <= packs <= MAX_PACKS:
        raise CardgenError(f"packs {packs} is out of range: 1 to {MAX_PACKS}")
    if wilds is not None and not 0 <= wilds <= MAX_WILDS:
        raise CardgenError(f"wilds {wilds} is out of range: 0 to {MAX_WILDS}")
    cards = parse_sequence(text)
    outside = outside_pack(cards, pack_size, packs, wilds)
    clean = is_clean(cards)
    numbers = _numbers(cards) if clean else ()
    pack = range(1, pack_size + 1)
    swaps = tuple(Ability.swap(a, b).label for a, b in sorting_swaps(numbers)) if clean else None
    return SequenceReport(
        numbers=cards,
        text=format_sequence(cards),
        length=len(cards),
        clean=clean,
        ascending=is_ascending(numbers) if clean else None,
        never_descending=is_never_descending(numbers) if clean else None,
        descending=is_descending(numbers) if clean else None,
        never_ascending=is_never_ascending(numbers) if clean else None,
        inversions=inversions(numbers) if clean else None,
        max_inversions=max_inversions(len(cards)),
        min_swaps=len(swaps) if swaps is not None else None,
        swaps=swaps,
        pack_size=pack_size,
        can_be_ascending=None if clean else not outside and can_be_ascending(cards, pack),
        can_be_never_descending=None if clean else not outside and can_be_never_descending(cards, pack),
        packs=packs,
        wilds=wilds,
        outside=outside,
        win=win,
        wins=None if win is None else can_win(cards, pack_size, packs, win, wilds),
    )
