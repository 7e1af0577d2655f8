"""The pack as printed: one pack or several combined (seed 002 §7), and wild cards (§10). Pure.

A pack definition (``rules.got.patterns``, ``rules.got.grid_packs``) says which numbered card carries which
ability. What is printed may be more: ``packs`` identical packs, numbers repeating, each card
carrying its pack's mark so the packs can be sorted apart after play; and ``wilds`` wild
cards, with no number and no ability.

Decisions (written down, as the seed README asks):

* **Pack marks** are the letters A, B, C … (at most ten packs: A to J), in a ring in the card's
  corner index and on its back; one pack alone carries no mark.
* **Wild cards belong to packs**, dealt round them in turn (wild 1 to pack A, wild 2 to pack B
  …), and carry their pack's mark: so every card's back is one of the packs' backs (a wild
  with a back of its own would give it away face down), and sorting by mark puts every wild
  back in a box.
* **The printed order** is pack by pack: pack A's numbered cards, then its wilds, then pack B's.
* **File names** (``cards/<stem>.svg``): ``001`` … for the numbered cards and ``W01`` … for
  the wilds of a single pack; with several packs, the mark first: ``A-001``, ``A-W01``, ``B-001``.

>>> from cardgen.rules.got.patterns import PatternOne
>>> items = printed_items(PatternOne(2, copies=2).cards(), packs=2, wilds=3, width=3)
>>> [(i.stem, i.mark) for i in items]
[('A-001', 'A'), ('A-002', 'A'), ('A-W01', 'A'), ('A-W02', 'A'), ('B-001', 'B'), ('B-002', 'B'), ('B-W01', 'B')]
>>> items[2].name, items[4].name
('wild W01 of pack A', 'card 1 of pack B')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from cardgen.errors import CardgenError
from cardgen.rules.got.pack_checks import check_pack
from cardgen.rules.shared import CardLike, PackSpec, Violation, span

PACK_MARKS = "ABCDEFGHIJ"
MAX_PACKS = len(PACK_MARKS)
MAX_WILDS = 100
WILD_NUMBER = "W"  # how pack.csv and the card's corner name a wild
WILD_ABILITY = "wild"  # pack.csv's ability column for a wild
PRINTED_CHECKS = ("packs", "wilds")  # named checks beyond rules.got.pack_checks's, for several packs or wilds

T = TypeVar("T")


def pack_mark(index: int, packs: int) -> str:
    """The mark of pack ``index`` (0-based) of ``packs``: a letter, or nothing for a pack alone.

    >>> pack_mark(0, 1), pack_mark(0, 2), pack_mark(1, 2)
    ('', 'A', 'B')
    """
    return PACK_MARKS[index] if packs > 1 else ""


def wild_shares(wilds: int, packs: int) -> list[int]:
    """How many wilds each pack holds: dealt round the packs in turn.

    >>> wild_shares(5, 2), wild_shares(1, 3), wild_shares(0, 1)
    ([3, 2], [1, 0, 0], [0])
    """
    return [wilds // packs + (1 if p < wilds % packs else 0) for p in range(packs)]


def check_options(packs: int, wilds: int) -> None:
    """One line when ``packs`` or ``wilds`` is out of range."""
    if isinstance(packs, bool) or not isinstance(packs, int) or not 1 <= packs <= MAX_PACKS:
        raise CardgenError(
            f"packs {packs!r} is out of range: 1 to {MAX_PACKS} (marked {PACK_MARKS[0]} to {PACK_MARKS[-1]})"
        )
    if isinstance(wilds, bool) or not isinstance(wilds, int) or not 0 <= wilds <= MAX_WILDS:
        raise CardgenError(f"wilds {wilds!r} is out of range: 0 to {MAX_WILDS}")


@dataclass(frozen=True)
class Item(Generic[T]):
    """One printed card: a numbered card of the pack (``card``) or a wild (``card`` None, ``wild``
    its 1-based place among its pack's wilds), its pack (0-based) and its file stem."""

    stem: str
    card: T | None
    pack: int = 0
    packs: int = 1
    wild: int = 0

    @property
    def mark(self) -> str:
        return pack_mark(self.pack, self.packs)

    @property
    def is_wild(self) -> bool:
        return self.card is None

    @property
    def label(self) -> str:
        """``W01`` for a wild: how its file and messages name it."""
        return f"{WILD_NUMBER}{self.wild:02d}"

    @property
    def name(self) -> str:
        """How messages name it: ``card 12``, ``card 12 of pack B``, ``wild W01 of pack A``."""
        number = getattr(self.card, "number", None)
        what = f"wild {self.label}" if number is None else f"card {number}"
        return what + (f" of pack {self.mark}" if self.mark else "")


def printed_items(cards: Sequence[T], *, packs: int = 1, wilds: int = 0, width: int = 3) -> list[Item[T]]:
    """The printed pack, in order: each pack's ``cards`` then its wilds, pack after pack.
    ``cards`` are one pack's, numbered 1 … in order; ``width``: digits in a card's file name."""
    check_options(packs, wilds)
    out: list[Item[T]] = []
    for p, share in enumerate(wild_shares(wilds, packs)):
        prefix = f"{pack_mark(p, packs)}-" if packs > 1 else ""
        out += [Item(f"{prefix}{n:0{width}d}", c, p, packs) for n, c in enumerate(cards, 1)]
        out += [Item(f"{prefix}{WILD_NUMBER}{w:02d}", None, p, packs, w) for w in range(1, share + 1)]
    return out


@dataclass(frozen=True)
class Shown:
    """What one printed face shows: a card (its number and ability) or a wild (``card`` None),
    and the pack mark it carries ('' for none)."""

    card: CardLike | None
    mark: str = ""

    def describe(self) -> str:
        what = "a wild card" if self.card is None else f"card {self.card.number} {self.card.ability.code}"
        return what + (f" marked {self.mark}" if self.mark else "")


def table_rows(items: Sequence[Item[CardLike]]) -> list[list[str]]:
    """``pack.csv`` as rows, header first: ``number,ability`` (a pack alone) or
    ``number,ability,pack`` (several), in the printed order; a wild is ``W,wild``.

    >>> from cardgen.rules.got.patterns import PatternOne
    >>> table_rows(printed_items(PatternOne(2, copies=1).cards(), packs=2, wilds=1))
    [['number', 'ability', 'pack'], ['1', 'AB', 'A'], ['W', 'wild', 'A'], ['1', 'AB', 'B']]
    """
    several = bool(items) and items[0].packs > 1
    rows = [["number", "ability", *(["pack"] if several else [])]]
    for i in items:
        row = [WILD_NUMBER, WILD_ABILITY] if i.card is None else [str(i.card.number), i.card.ability.code]
        rows.append(row + ([i.mark] if several else []))
    return rows


def expected(item: Item[CardLike]) -> Shown:
    """What ``item`` must show."""
    return Shown(item.card, item.mark)


def check_printed(spec: PackSpec, packs: int, wilds: int, shown: Sequence[Shown]) -> list[Violation]:
    """Every rule the faces ``shown`` (read back, in any order) break as ``packs`` packs of ``spec``
    and ``wilds`` wild cards: each pack complete by ``rules.got.pack_checks`` (its violations prefixed with
    the pack), every mark one of the packs' (none for a pack alone), each pack's wilds counted.
    A pack alone without wilds is checked exactly as ``rules.got.pack_checks.check_pack`` checks it.

    >>> from cardgen.rules.got.patterns import PatternOne
    >>> spec = PatternOne(3, copies=1)
    >>> faces = [Shown(c, m) for m in "AB" for c in spec.cards()] + [Shown(None, "A")]
    >>> check_printed(spec, 2, 2, faces)
    [Violation(check='wilds', message='pack B has no wild card, wanted 1', cards=())]
    >>> faces[4] = Shown(spec.cards()[1], "A")   # pack B's card 2 marked A
    >>> [v.message for v in check_printed(spec, 2, 1, faces) if v.check == "numbers"]
    ['pack A: card 2 appears 2 times', 'pack B: card 2 missing from a pack of 3']
    >>> print(check_printed(spec, 2, 1, [Shown(spec.cards()[0], "Z")])[0])
    card 1: pack mark Z is none of the packs' (A, B)
    """
    marks = [pack_mark(p, packs) for p in range(packs)]
    out: list[Violation] = []
    by_mark: dict[str, list[CardLike]] = {m: [] for m in marks}
    strays: dict[str, list[int]] = {}
    wild_count: Counter[str] = Counter()
    for face in shown:
        if face.mark not in by_mark:
            strays.setdefault(face.mark, []).append(face.card.number if face.card is not None else 0)
        elif face.card is None:
            wild_count[face.mark] += 1
        else:
            by_mark[face.mark].append(face.card)
    for mark, numbers in sorted(strays.items()):
        named = _named(numbers)
        if mark == "":
            why = f"{named}: no pack mark (the packs are {', '.join(marks)})"
        elif packs == 1:
            why = f"{named}: pack mark {mark}, but this is one pack"
        else:
            why = f"{named}: pack mark {mark} is none of the packs' ({', '.join(marks)})"
        out.append(Violation("packs", why, _cards(numbers)))
    for mark in marks:
        prefix = f"pack {mark}: " if mark else ""
        out += [Violation(v.check, prefix + v.message, v.cards) for v in check_pack(spec, by_mark[mark])]
    for mark, want in zip(marks, wild_shares(wilds, packs)):
        got = wild_count[mark]
        if got != want:
            whose = f"pack {mark} has" if mark else "the pack has"
            out.append(Violation("wilds", f"{whose} {_wilds(got)}, wanted {want}"))
    return out


def _wilds(n: int) -> str:
    return "no wild card" if n == 0 else f"{n} wild card{'s' if n != 1 else ''}"


def _named(numbers: list[int]) -> str:
    cards = [n for n in numbers if n]
    wild = len(numbers) - len(cards)
    parts = [span(cards)] if cards else []
    parts += [_wilds(wild)] if wild else []
    return " and ".join(parts)


def _cards(numbers: list[int]) -> tuple[int, ...]:
    return tuple(sorted({n for n in numbers if n}))
