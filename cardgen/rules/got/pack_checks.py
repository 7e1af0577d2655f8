"""The distribution constraints of a pack, as named checks (seed 002, §3).

``check_pack`` collects every problem instead of stopping at the first, like
python-chess's ``Board.status()``: each ``Violation`` names its check and the
card numbers at fault. It works on any ``PackSpec`` (the linear patterns here,
the 2D packs too) and on any list of cards: generated, read back from written
files, or typed in by hand.

>>> from cardgen.rules.got.patterns import PatternOne, Card
>>> spec = PatternOne(3, copies=2)
>>> check_pack(spec, spec.cards())
[]
>>> cards = spec.cards()
>>> cards[1] = Card(2, cards[0].ability)          # card 2 now repeats AB
>>> [v.check for v in check_pack(spec, cards)]
['counts', 'counts', 'blocks', 'blocks', 'reduced', 'order']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.rules.got.abilities import Ability, space_letter
from cardgen.rules.shared import CardLike, HasCode, PackSpec, Violation, span

CHECKS = ("numbers", "spaces", "kinds", "counts", "blocks", "reduced", "order")


@dataclass(frozen=True)
class _Pack:
    """What every check needs of a pack and its cards, worked out once."""

    spec: PackSpec
    cards: Sequence[CardLike]
    abilities: list[HasCode]
    block: int  # cards in a block: each ability once
    size: int
    valid: set[HasCode]
    # The cards in the pack's range with one of its abilities, bucketed by block once: the
    # blocks and reduced checks walk these buckets, so the whole check stays linear in the cards.
    in_block: list[list[CardLike]]

    @classmethod
    def of(cls, spec: PackSpec, cards: Sequence[CardLike]) -> _Pack:
        abilities = list(spec.abilities)
        block = len(abilities)
        size = block * spec.copies
        valid = set(abilities)
        in_block: list[list[CardLike]] = [[] for _ in range(spec.copies)]
        for c in cards:
            if 1 <= c.number <= size and c.ability in valid:
                in_block[(c.number - 1) // block].append(c)
        return cls(spec, cards, abilities, block, size, valid, in_block)


def check_numbers(p: _Pack) -> list[Violation]:
    """numbers: 1..N, each exactly once."""
    out: list[Violation] = []
    seen = Counter(c.number for c in p.cards)
    for n in sorted(n for n, k in seen.items() if k > 1):
        out.append(Violation("numbers", f"card {n} appears {seen[n]} times", (n,)))
    outside = sorted(n for n in seen if not 1 <= n <= p.size)
    if outside:
        out.append(Violation("numbers", f"{span(outside)} outside 1–{p.size}", tuple(outside)))
    missing = [n for n in range(1, p.size + 1) if n not in seen]
    if missing:
        out.append(Violation("numbers", f"{span(missing)} missing from a pack of {p.size}", tuple(missing)))
    return out


def check_card_abilities(p: _Pack) -> list[Violation]:
    """spaces and kinds: abilities that cannot be on this pack at all (the pack says which, and why)."""
    out: list[Violation] = []
    for c in sorted(p.cards, key=lambda c: c.number):
        for check, message in p.spec.card_problems(c):
            out.append(Violation(check, f"card {c.number}: {message}", (c.number,)))
    return out


def check_counts(p: _Pack) -> list[Violation]:
    """counts: every ability exactly ``copies`` times."""
    out: list[Violation] = []
    copies = p.spec.copies
    by_ability: dict[HasCode, list[int]] = {a: [] for a in p.abilities}
    for c in p.cards:
        if c.ability in p.valid:
            by_ability[c.ability].append(c.number)
    for a in p.abilities:
        found = len(by_ability[a])
        if found != copies:
            what = "missing" if found == 0 else "wrong count"
            listed = f" ({span(by_ability[a])})" if found else ""
            message = f"ability {a.code} {what}: wanted {copies}, found {found}{listed}"
            out.append(Violation("counts", message, tuple(sorted(by_ability[a]))))
    return out


def check_blocks(p: _Pack) -> list[Violation]:
    """blocks: each ability once in every block of consecutive cards (the seed's "quadrants")."""
    out: list[Violation] = []
    for b in range(p.spec.copies):
        lo, hi = b * p.block + 1, (b + 1) * p.block
        where = f"block {b + 1} (cards {lo}–{hi})"
        inside: dict[HasCode, list[int]] = {a: [] for a in p.abilities}
        for c in p.in_block[b]:
            inside[c.ability].append(c.number)
        for a in p.abilities:
            nums = sorted(inside[a])
            if len(nums) > 1:
                out.append(Violation("blocks", f"{where}: ability {a.code} on {span(nums)}", tuple(nums)))
            elif not nums:
                out.append(Violation("blocks", f"{where}: ability {a.code} missing", ()))
    return out


def check_reduced(p: _Pack) -> list[Violation]:
    """reduced: the first b blocks form a balanced smaller pack (b < copies; b = copies is ``counts``).

    The tally grows block by block. The cards at fault are the numbers so far of each
    over-represented ability, kept as bit sets (bit n: card n), so a table repeating numbers
    many times costs no more than a pack: each number is named once."""
    out: list[Violation] = []
    tally: Counter[HasCode] = Counter()
    so_far: dict[HasCode, int] = dict.fromkeys(p.abilities, 0)
    for b in range(1, p.spec.copies):
        hi = b * p.block
        lo = hi - p.block + 1
        local: dict[HasCode, int] = {}
        for c in p.in_block[b - 1]:
            tally[c.ability] += 1
            local[c.ability] = local.get(c.ability, 0) | 1 << (c.number - lo)
        for a, bits in local.items():
            so_far[a] |= bits << lo
        off = [a for a in p.abilities if tally[a] != b]
        if off:
            fault = 0
            for a in off:
                if tally[a] > b:
                    fault |= so_far[a]
            detail = ", ".join(f"{a.code} ×{tally[a]}" for a in off)
            blocks = f"{b} block{'s' if b > 1 else ''}"
            message = f"reduced pack of cards 1–{hi} ({blocks}) is unbalanced: {detail} (wanted ×{b} each)"
            out.append(Violation("reduced", message, _members(fault)))
    return out


def check_order(p: _Pack) -> list[Violation]:
    """order: card k carries the pattern's ability (k - 1) mod block."""
    out: list[Violation] = []
    wanted_at = p.abilities
    wrong = sorted(
        c.number for c in p.cards if 1 <= c.number <= p.size and c.ability != wanted_at[(c.number - 1) % p.block]
    )
    lookup = {c.number: c.ability for c in p.cards}
    for run in _runs(wrong):
        wanted = ", ".join(wanted_at[(n - 1) % p.block].code for n in run)
        shown = ", ".join(lookup[n].code for n in run)
        listed = ", ".join(str(n) for n in run)
        noun, verb = ("card", "is") if len(run) == 1 else ("cards", "are")
        message = f"{noun} {listed} {verb} out of the pattern's order (wanted {wanted}; found {shown})"
        out.append(Violation("order", message, tuple(run)))
    return out


# Every check, in the order its violations are reported (``spaces`` and ``kinds`` come from one
# function: the pack knows which of its abilities a card may carry and says why not).
PACK_CHECKS: tuple[Callable[[_Pack], list[Violation]], ...] = (
    check_numbers,
    check_card_abilities,
    check_counts,
    check_blocks,
    check_reduced,
    check_order,
)


def check_pack(spec: PackSpec, cards: Sequence[CardLike]) -> list[Violation]:
    """Every violated constraint of ``cards`` against ``spec``; empty when the pack is right."""
    pack = _Pack.of(spec, cards)
    return [v for check in PACK_CHECKS for v in check(pack)]


def _members(bits: int) -> tuple[int, ...]:
    """The numbers whose bits are set, ascending.

    >>> _members(0b10110)
    (1, 2, 4)
    """
    text = format(bits, "b")[::-1]
    found: list[int] = []
    at = text.find("1")
    while at >= 0:
        found.append(at)
        at = text.find("1", at + 1)
    return tuple(found)


def _runs(numbers: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def linear_card_problems(census: int, has_removals: bool, pattern_name: str, ability: Ability) -> list[tuple[str, str]]:
    """Card-level problems of a linear-mat ability: unknown spaces, removals where none belong."""
    out = [
        ("spaces", f"space {space_letter(s)} is not on a census-{census} mat") for s in ability.spaces if s >= census
    ]
    if ability.kind == "remove" and not has_removals:
        out.append(("kinds", f"removal {ability.code} is not an ability of pattern {pattern_name}"))
    return out
