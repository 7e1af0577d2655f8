"""A player's sequence of cards: its order, its disorder, and abilities applied to it.

Seed 002: §1 (the goal: ascending), §5 (applying abilities; inversions and the
minimum number of swaps as measures of disorder), §6 (a swap crossing two
players), §7 (orderings when numbers repeat), §10 (wild cards), §11 (freezing).

A sequence is a plain tuple of cards, space A first. A card is its number (an
``int``) or the wild card ``WILD``. Spaces are 0-based, as in ``Ability.spaces``.

Decisions (written down, as the seed README asks):

* A wild card is the sentinel ``WILD``, not ``None``: ``None`` keeps meaning
  "not given" (``apply(..., draw=None)``), so a drawn wild card can still be
  passed as ``draw=WILD``.
* The §7 orderings, inversions and swaps are about numbers: given a sequence
  with a wild card they raise ``CardgenError``; ask ``can_be_ascending`` instead.
* Repeated numbers (two packs combined, §7): an inversion is a pair strictly
  out of order, so equal cards never count. ``sorting_swaps`` sorts to
  never-descending order (the only order reachable when numbers repeat) with
  the fewest swaps there are. Equal cards may end in either order, and choosing
  which one goes where is what makes the count minimal; a stable choice is not
  (2-1-1 needs one swap, A↔C, not two). The choice is an exact search:
  exponential at worst (in general the problem is hard), instant for a
  placemat's at most 26 cards; for distinct numbers it is the usual n − cycles.

>>> dora = parse_sequence("53 7 45 9 50 27 56")   # figure 5
>>> inversions(dora), max_inversions(len(dora))
(8, 21)
>>> [Ability.swap(*s).label for s in sorting_swaps((70, 69, 68, 63, 34, 31, 20))]   # figure 6
['A↔G', 'B↔F', 'C↔E']
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from enum import Enum
from itertools import pairwise
from typing import Final, TypeAlias, TypeVar

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import MAX_CENSUS, Ability, space_letter
from cardgen.rules.got.params import WIN
from cardgen.units import MAX_DIGITS, shown

DEFAULT_PACK_SIZE = 84
MAX_PACK_SIZE = 10**9  # far beyond any pack; a wild card is judged without listing the pack


class Wild(Enum):
    """The type of the one wild card value, ``WILD`` (§10)."""

    WILD = "W"

    def __repr__(self) -> str:
        return "WILD"


WILD: Final = Wild.WILD
Card: TypeAlias = int | Wild
C = TypeVar("C", bound=Card)


# ---------------------------------------------------------------- §7 orderings


def _numbers(seq: Sequence[Card]) -> tuple[int, ...]:
    """``seq`` as numbers; a wild card has no number, so it is refused."""
    if any(card is WILD for card in seq):
        raise CardgenError(f"sequence {format_sequence(seq)} has a wild card, which has no number")
    return tuple(card for card in seq if isinstance(card, int))


def _pairs(seq: Sequence[int]) -> Iterator[tuple[int, int]]:
    numbers = _numbers(seq)
    return pairwise(numbers)


def is_ascending(seq: Sequence[int]) -> bool:
    """Each card is less than every card on its right (§7).

    >>> is_ascending((1, 2, 3, 4, 5, 6, 7)), is_ascending((1, 2, 3, 4, 4, 6, 7))
    (True, False)
    >>> is_ascending((7, 6, 5, 4, 3, 2, 1)), is_ascending((7, 6, 4, 4, 3, 2, 1))
    (False, False)
    """
    return all(a < b for a, b in _pairs(seq))


def is_never_descending(seq: Sequence[int]) -> bool:
    """Each card is less than or equal to every card on its right (§7).

    >>> is_never_descending((1, 2, 3, 4, 5, 6, 7)), is_never_descending((1, 2, 3, 4, 4, 6, 7))
    (True, True)
    >>> is_never_descending((7, 6, 5, 4, 3, 2, 1)), is_never_descending((7, 6, 4, 4, 3, 2, 1))
    (False, False)
    >>> is_never_descending((5, 5, 5))   # all equal: both never-descending and never-ascending
    True
    """
    return all(a <= b for a, b in _pairs(seq))


def is_descending(seq: Sequence[int]) -> bool:
    """Each card is greater than every card on its right (§7).

    >>> is_descending((7, 6, 5, 4, 3, 2, 1)), is_descending((7, 6, 4, 4, 3, 2, 1))
    (True, False)
    >>> is_descending((1, 2, 3, 4, 4, 6, 7)), is_descending((1, 2, 3, 4, 5, 6, 7))
    (False, False)
    """
    return all(a > b for a, b in _pairs(seq))


def is_never_ascending(seq: Sequence[int]) -> bool:
    """Each card is greater than or equal to every card on its right (§7).

    >>> is_never_ascending((7, 6, 5, 4, 3, 2, 1)), is_never_ascending((7, 6, 4, 4, 3, 2, 1))
    (True, True)
    >>> is_never_ascending((1, 2, 3, 4, 4, 6, 7)), is_never_ascending((1, 2, 3, 4, 5, 6, 7))
    (False, False)
    >>> is_never_ascending((5, 5, 5))
    True
    """
    return all(a >= b for a, b in _pairs(seq))


# ---------------------------------------------------------------- §5 disorder


def inversions(seq: Sequence[int]) -> int:
    """Pairs of cards where the left one is greater than the right one (§5).

    Equal cards are not an inversion, so 0 means never-descending.

    >>> inversions((53, 7, 45, 9, 50, 27, 56))   # Dora, figure 5
    8
    >>> inversions((3, 16, 22, 48, 50, 78, 80))   # §1: ascending
    0
    """
    numbers = _numbers(seq)
    return sum(1 for i, a in enumerate(numbers) for b in numbers[i + 1 :] if a > b)


def max_inversions(census: int) -> int:
    """The most inversions a sequence of ``census`` cards can have: census(census − 1)/2.

    >>> max_inversions(7)
    21
    """
    return census * (census - 1) // 2


def sorting_swaps(seq: Sequence[int]) -> list[tuple[int, int]]:
    """A shortest list of swaps (0-based spaces, lower first) sorting ``seq`` (§5).

    Applied in order, they leave it never-descending (ascending if the numbers
    are distinct). Each swap brings the right card to the lowest space still
    wrong. Figure 6, descending, needs only three:

    >>> sorting_swaps((70, 69, 68, 63, 34, 31, 20))
    [(0, 6), (1, 5), (2, 4)]
    >>> sorting_swaps((2, 1, 1))   # repeated numbers: one swap, A↔C
    [(0, 2)]
    """
    numbers = _numbers(seq)
    dest = _assignment(numbers)
    source = [0] * len(numbers)
    for card, place in enumerate(dest):
        source[place] = card
    at = list(range(len(numbers)))  # at[space]: the original card now there
    where = list(range(len(numbers)))  # where[card]: the space it is now at
    swaps: list[tuple[int, int]] = []
    for space, card in enumerate(source):
        other_space = where[card]
        if other_space != space:
            swaps.append((space, other_space))
            other = at[space]
            at[space], at[other_space] = card, other
            where[card], where[other] = space, other_space
    return swaps


def min_swaps(seq: Sequence[int]) -> int:
    """The fewest swaps that sort ``seq`` (§5).

    >>> min_swaps((70, 69, 68, 63, 34, 31, 20)), min_swaps((53, 7, 45, 9, 50, 27, 56))
    (3, 4)
    """
    return len(sorting_swaps(seq))


def _assignment(numbers: Sequence[int]) -> list[int]:
    """``dest[i]``: the space the card at ``i`` goes to, with as many cycles as possible.

    Cards already in place stay. Each misplaced space is an edge from the
    number it wants to the number it holds; every cycle of numbers becomes a
    cycle of spaces, and a cycle of k spaces costs k − 1 swaps.
    """
    target = sorted(numbers)
    dest = list(range(len(numbers)))
    spaces: dict[tuple[int, int], list[int]] = {}
    for i, (want, have) in enumerate(zip(target, numbers)):
        if want != have:
            spaces.setdefault((want, have), []).append(i)
    pools = {edge: sorted(found, reverse=True) for edge, found in spaces.items()}
    for cycle in _cycle_packing({edge: len(found) for edge, found in spaces.items()}):
        edges = zip(cycle, cycle[1:] + cycle[:1])
        ring = [pools[edge].pop() for edge in edges]
        for here, there in zip(ring, ring[1:] + ring[:1]):
            dest[here] = there
    return dest


def _cycle_packing(counts: dict[tuple[int, int], int]) -> list[tuple[int, ...]]:
    """Split a balanced multigraph (edge → multiplicity) into the most cycles.

    Two-cycles first (always safe: two cycles sharing the pair's edges can be
    regrouped into the pair and at least one more), then an exact memoized
    search: the first edge left lies on some cycle; try each.
    """
    counts = dict(counts)
    cycles: list[tuple[int, ...]] = []
    for u, v in sorted(counts):
        if u < v and (v, u) in counts:
            pairs = min(counts[(u, v)], counts[(v, u)])
            counts[(u, v)] -= pairs
            counts[(v, u)] -= pairs
            cycles.extend([(u, v)] * pairs)
    keys = sorted(edge for edge, count in counts.items() if count)
    index = {edge: k for k, edge in enumerate(keys)}
    out: dict[int, list[int]] = {}
    for u, v in keys:
        out.setdefault(u, []).append(v)
    memo: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}

    def solve(state: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        if state not in memo:
            first = next((k for k, count in enumerate(state) if count), None)
            best: tuple[tuple[int, ...], ...] = ()
            if first is not None:
                for cycle in _cycles_through(keys[first], out, index, state):
                    left = list(state)
                    for edge in zip(cycle, cycle[1:] + cycle[:1]):
                        left[index[edge]] -= 1
                    found = (cycle, *solve(tuple(left)))
                    if len(found) > len(best):
                        best = found
                    if len(best) >= sum(state) // 3:  # no cycle left is shorter than three
                        break
            memo[state] = best
        return memo[state]

    return cycles + list(solve(tuple(counts[edge] for edge in keys)))


def _cycles_through(
    edge: tuple[int, int], out: dict[int, list[int]], index: dict[tuple[int, int], int], state: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    """Every simple cycle (as its vertices) that starts with ``edge`` and uses edges left in ``state``."""
    start, second = edge

    def walk(path: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for nxt in out.get(path[-1], []):
            if not state[index[(path[-1], nxt)]]:
                continue
            if nxt == start:
                yield path
            elif nxt not in path:
                yield from walk((*path, nxt))

    return walk((start, second))


# ---------------------------------------------------------------- §5, §6, §11 applying abilities


def allowed(ability: Ability, frozen: Collection[int]) -> bool:
    """Whether ``ability`` leaves every frozen space's card where it is (§11).

    >>> allowed(Ability.swap(0, 1), {0}), allowed(Ability.removal(6), {0}), allowed(Ability.swap(1, 2), {0})
    (False, True, True)
    """
    return not any(space in frozen for space in ability.spaces)


def apply(
    ability: Ability, seq: Sequence[C], *, draw: C | None = None, frozen: Collection[int] = frozenset()
) -> tuple[C, ...]:
    """``seq`` after ``ability``: a swap exchanges two spaces; a removal puts ``draw`` in its space.

    Beth applies 10BD to herself (figure 5), swapping 37 and 12:

    >>> apply(Ability.swap(1, 3), (46, 37, 5, 12, 42, 47, 40))
    (46, 12, 5, 37, 42, 47, 40)

    Carl applies 57AX to himself; the card he draws (here 11) replaces his 69:

    >>> apply(Ability.removal(0), (69, 63, 20, 31, 68, 70, 34), draw=11)
    (11, 63, 20, 31, 68, 70, 34)

    A frozen card never leaves its space (§11): if Andy froze his 8 at space A,

    >>> apply(Ability.removal(0), (8, 64, 72, 62, 24, 3, 17), draw=40, frozen={0})
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: A→X would move the frozen card at space A
    """
    _check_fits(ability, len(seq))
    _check_not_frozen(ability.label, ability.spaces, frozen)
    cards = list(seq)
    if ability.kind == "swap":
        if draw is not None:
            raise CardgenError(f"{ability.label} is a swap and draws no card")
        a, b = ability.spaces
        cards[a], cards[b] = cards[b], cards[a]
    else:
        if draw is None:
            raise CardgenError(f"{ability.label} needs the card drawn to replace the one removed")
        cards[ability.spaces[0]] = draw
    return tuple(cards)


def apply_cross(
    ability: Ability,
    mine: Sequence[C],
    theirs: Sequence[C],
    *,
    my_space_first: bool = True,
    my_frozen: Collection[int] = frozenset(),
    their_frozen: Collection[int] = frozenset(),
) -> tuple[tuple[C, ...], tuple[C, ...]]:
    """Pattern three's swap between two players (§6); returns (mine, theirs) after it.

    Earl applies B↔D with Fran: his B-space card for her D-space card, or
    (``my_space_first=False``) his D for her B. With Beth's and Carl's figure-5
    sequences standing in for Earl's and Fran's:

    >>> earl, fran = (46, 37, 5, 12, 42, 47, 40), (69, 63, 20, 31, 68, 70, 34)
    >>> apply_cross(Ability.swap(1, 3), earl, fran)
    ((46, 31, 5, 12, 42, 47, 40), (69, 63, 20, 37, 68, 70, 34))
    >>> apply_cross(Ability.swap(1, 3), earl, fran, my_space_first=False)
    ((46, 37, 5, 63, 42, 47, 40), (69, 12, 20, 31, 68, 70, 34))
    """
    if ability.kind != "swap":
        raise CardgenError(f"{ability.label} is a removal; only a swap can cross two sequences")
    first, second = ability.spaces
    my_space, their_space = (first, second) if my_space_first else (second, first)
    _check_fits(Ability.removal(my_space), len(mine), ability.label)
    _check_fits(Ability.removal(their_space), len(theirs), ability.label)
    _check_not_frozen(ability.label, (my_space,), my_frozen)
    _check_not_frozen(ability.label, (their_space,), their_frozen)
    my_cards, their_cards = list(mine), list(theirs)
    my_cards[my_space], their_cards[their_space] = their_cards[their_space], my_cards[my_space]
    return tuple(my_cards), tuple(their_cards)


def _check_fits(ability: Ability, census: int, label: str | None = None) -> None:
    if ability.highest_space() >= census:
        name = label or ability.label
        letter = space_letter(ability.highest_space())
        raise CardgenError(f"{name} needs space {letter} but the sequence has only {census} cards")


def _check_not_frozen(label: str, spaces: Iterable[int], frozen: Collection[int]) -> None:
    hit = [space_letter(space) for space in spaces if space in frozen]
    if hit:
        raise CardgenError(f"{label} would move the frozen card at space {' and '.join(hit)}")


# ---------------------------------------------------------------- §10 wild cards


def is_dirty(seq: Sequence[Card]) -> bool:
    """A sequence with a wild card is dirty (§10).

    >>> is_dirty((2, 6, 14, 38, WILD, 56, 82)), is_dirty((3, 16, 22, 48, 50, 78, 80))
    (True, False)
    """
    return any(card is WILD for card in seq)


def is_clean(seq: Sequence[Card]) -> bool:
    """A sequence without a wild card is clean (§10).

    >>> is_clean((3, 16, 22, 48, 50, 78, 80))
    True
    """
    return not is_dirty(seq)


def can_be_ascending(seq: Sequence[Card], pack_numbers: Iterable[int]) -> bool:
    """Whether each wild card can stand for a number in the pack making ``seq`` ascending (§10).

    Each wild takes, left to right, the least pack number above the card before
    it; a smaller choice never hurts what follows. Pack 1-84:

    >>> pack = range(1, 85)
    >>> can_be_ascending((2, 6, 14, 38, WILD, 56, 82), pack)
    True
    >>> can_be_ascending((2, 6, 14, 38, WILD, 39, 82), pack)   # W = 38½
    False
    >>> can_be_ascending((2, 6, 14, 38, 39, 84, WILD), pack)   # W = 85
    False
    >>> can_be_ascending((38, WILD, WILD, 41), pack), can_be_ascending((38, WILD, WILD, 40), pack)
    (True, False)
    """
    return _can_be(seq, _sorted_pack(pack_numbers), strict=True)


def can_be_never_descending(seq: Sequence[Card], pack_numbers: Iterable[int]) -> bool:
    """Like ``can_be_ascending``, but equal neighbours are allowed (§7, §10).

    >>> can_be_never_descending((38, WILD, WILD, 38), range(1, 85))
    True
    """
    return _can_be(seq, _sorted_pack(pack_numbers), strict=False)


WINS = WIN.choices  # §7: the winning definitions a table may play ("ascending", "never-descending")


def outside_pack(seq: Sequence[Card], size: int, packs: int = 1, wilds: int | None = None) -> tuple[str, ...]:
    """Why cards of ``seq`` cannot come from ``packs`` packs numbered 1..``size`` (§7, §10):
    a number no card carries, a number held more often than the packs print it, more wild
    cards than the pack has (``wilds``, when known: a pack built with ``--wilds``).

    >>> outside_pack((5, 12, WILD, 40, 71), 50)
    ('71 (the cards are 1..50)',)
    >>> outside_pack((4, 4, 4, 9), 84, packs=2), outside_pack((4, 4), 84, packs=2)
    (('4 three times (2 packs print it twice)',), ())
    >>> outside_pack((WILD, 3, WILD), 84, wilds=1), outside_pack((WILD, 3), 84, wilds=0)
    (('2 wild cards (the pack has 1)',), ('a wild card (the pack has none)',))
    """
    counts = Counter(card for card in seq if isinstance(card, int))

    def times(k: int) -> str:
        return {1: "once", 2: "twice", 3: "three times"}.get(k, f"{k} times")

    held = "one pack prints it once" if packs == 1 else f"{packs} packs print it {times(packs)}"
    out = [f"{n} (the cards are 1..{size})" for n in counts if n > size]
    out += [f"{n} {times(k)} ({held})" for n, k in counts.items() if n <= size and k > packs]
    held_wilds = sum(1 for card in seq if card is WILD)
    if wilds is not None and held_wilds > wilds:
        what = "a wild card" if held_wilds == 1 else f"{held_wilds} wild cards"
        out.append(f"{what} (the pack has {wilds or 'none'})")
    return tuple(out)


def can_win(seq: Sequence[Card], size: int, packs: int = 1, win: str = "ascending", wilds: int | None = None) -> bool:
    """Whether ``seq`` wins under ``win`` (§7) with ``packs`` packs of 1..``size``: every number one the
    packs print (as often), no more wild cards than the pack has (``wilds``, when known), each
    wild standing for a number some card carries (§10).

    >>> can_win((5, 12, WILD, 40, 71), 50), can_win((5, 12, WILD, 40, 50), 50)
    (False, True)
    >>> can_win((1, 2, 3, 4, 4, 6, 7), 84, packs=2), can_win((1, 2, 3, 4, 4, 6, 7), 84, 2, "never-descending")
    (False, True)
    """
    if win not in WINS:
        raise CardgenError(f"win {win!r} is not one of {', '.join(WINS)}")
    pack = range(1, size + 1)
    return not outside_pack(seq, size, packs, wilds) and _can_be(seq, pack, strict=win == "ascending")


def _sorted_pack(pack_numbers: Iterable[int]) -> Sequence[int]:
    """The pack's numbers ascending, each once. A rising range already is, and is searched
    (bisected) as it is, never listed: 1..10⁹ costs nothing.

    >>> _sorted_pack(range(1, 10**9 + 1))[-1], _sorted_pack([3, 1, 3])
    (1000000000, [1, 3])
    """
    if isinstance(pack_numbers, range) and pack_numbers.step > 0:
        return pack_numbers
    return sorted(set(pack_numbers))


def _can_be(seq: Sequence[Card], pack: Sequence[int], *, strict: bool) -> bool:
    last: int | None = None
    for card in seq:
        if isinstance(card, Wild):
            if last is None:
                at = 0
            else:
                at = bisect_right(pack, last) if strict else bisect_left(pack, last)
            if at == len(pack):
                return False
            card = pack[at]
        if last is not None and (card <= last if strict else card < last):
            return False
        last = card
    return True


# ---------------------------------------------------------------- reading and reporting


_SEPARATORS = re.compile(r"[\s,\-–]+")
_WILD_TOKENS = ("W", "?")


def parse_sequence(text: str) -> tuple[Card, ...]:
    """Read a sequence typed by a user: numbers, ``W`` or ``?`` for a wild card.

    Separators are spaces, commas and hyphens.

    >>> parse_sequence("53 7 45 9 50 27 56")
    (53, 7, 45, 9, 50, 27, 56)
    >>> parse_sequence("2-6-14-38-W-56-82")
    (2, 6, 14, 38, WILD, 56, 82)
    >>> parse_sequence("53, 7, x")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: card 'x' in sequence '53, 7, x' is not a number, W or ?
    """
    tokens = [token for token in _SEPARATORS.split(text.strip()) if token]
    if not tokens:
        raise CardgenError("the sequence is empty: give card numbers like 53 7 45")
    if len(tokens) > MAX_CENSUS:
        raise CardgenError(f"the sequence has {len(tokens)} cards; a placemat has at most {MAX_CENSUS} spaces")
    return tuple(_parse_card(token, text.strip()) for token in tokens)


def _parse_card(token: str, text: str) -> Card:
    if token.upper() in _WILD_TOKENS:
        return WILD
    if not (token.isascii() and token.isdigit()):
        raise CardgenError(f"card {shown(token)} in sequence {shown(text)} is not a number, W or ?")
    if len(token) > MAX_DIGITS:  # checked before converting: no number of thousands of digits
        raise CardgenError(f"card {shown(token)} in sequence {shown(text)} is too long: at most {MAX_DIGITS} digits")
    if int(token) < 1:
        raise CardgenError(f"card {token!r} in sequence {shown(text)}: card numbers start at 1")
    return int(token)


def format_sequence(seq: Sequence[Card]) -> str:
    """The seed's way of writing a sequence.

    >>> format_sequence((2, 6, 14, 38, WILD, 56, 82))
    '2-6-14-38-W-56-82'
    """
    return "-".join(card.value if isinstance(card, Wild) else str(card) for card in seq)
