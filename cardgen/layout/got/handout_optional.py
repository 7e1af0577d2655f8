"""The Game of Trains handout's optional rules (seed 002 §7, §9, §10, §11), for the pack as built.

Every verdict printed here is the rules engine's, for the pack the handout goes with: whether
a sequence with a wild card wins is ``rules.got.sequences.can_win`` asked about the numbers this
pack's cards carry (its size, its packs, its wild cards) under the table's winning definition,
never a fixed range, and the reason printed beside it is worked out from the example itself;
the number abilities are ``rules.got.number_abilities``' and its decisions; the tokens each player needs
are the census.

>>> [(e.text, e.wins, e.why) for e in wild_examples(50)]
[('5-12-W-30-45', True, 'W = 13 to 29'), ('5-12-W-13-45', False, 'no card between 12 and 13'), ('5-12-30-50-W', False, 'no card past 50')]
>>> [(e.text, e.wins, e.why) for e in wild_examples(99, packs=2, win="never-descending")][1:]
[('10-24-W-25-89', True, 'W = 24 or 25'), ('10-24-59-99-W', True, 'W = 99')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.layout.document import Block, Bullets, Heading, Paragraph, Table
from cardgen.rules.got.number_abilities import DECISIONS as NUMBER_DECISIONS
from cardgen.rules.got.number_abilities import NumberAbility
from cardgen.rules.got.patterns import Pattern
from cardgen.rules.got.printed import PACK_MARKS, WILD_NUMBER, wild_shares
from cardgen.rules.got.sequences import WILD, Card, can_win, format_sequence, parse_sequence

# cardgen's proposal for §10's points (the seed's own list is lost)
CLEAN_POINTS = 3
DIRTY_POINTS = 1
TARGET_POINTS = 10
WIN_WORDS = {
    "ascending": "each card **less than** every card on its right: no number may repeat",
    "never-descending": "each card **less than or equal to** every card on its right: repeats are allowed",
}
# the same, as page 1 says it in a sentence
WIN_RULE = {
    "ascending": "each card lower than every card to its right",
    "never-descending": "each card lower than or equal to every card to its right, so a number may repeat",
}
ORDER_EXAMPLES = ("1 2 3 4 5 6 7", "1 2 3 4 4 6 7")  # §7's


@dataclass(frozen=True)
class WildExample:
    """A sequence holding a wild card, whether it wins (the engine's verdict) and why: the
    numbers the wild may stand for, or why there is none."""

    text: str
    wins: bool
    why: str


def _stands_for(seq: Sequence[Card], size: int, win: str) -> tuple[list[int], str]:
    """The numbers of 1..``size`` the one wild of ``seq`` may stand for, between its
    neighbours under ``win``, and why there is none when there is none."""
    at = seq.index(WILD)
    left = [c for c in seq[:at] if isinstance(c, int)]
    right = [c for c in seq[at + 1 :] if isinstance(c, int)]
    low, high = (max(left) if left else None), (min(right) if right else None)
    strict = win == "ascending"

    def fits(n: int) -> bool:
        above = low is None or (n > low if strict else n >= low)
        below = high is None or (n < high if strict else n <= high)
        return above and below

    why = f"no card past {size}" if low is not None and low >= size else f"no card between {low} and {high}"
    return [n for n in range(1, size + 1) if fits(n)], why


def wild_examples(size: int, packs: int = 1, win: str = "ascending", wilds: int | None = None) -> list[WildExample]:
    """Three sequences with a wild card in ``packs`` packs of 1..``size`` and whether each wins
    under ``win``: one where a number fits, one where only a half would (§10's 38½: no number
    between its neighbours), one where only a number past the last card would (§10's 85).
    Scaled from the seed's for this pack; the verdict is ``can_win``'s, the reason read from
    the sequence (the two must agree)."""
    if size < 10:
        a, b = 1, size
        seqs: list[tuple[Card, ...]] = [(a, WILD, b), (a, WILD, a + 1), (a, b, WILD)]
    else:
        q1, q2, q3, q4 = (max(1, round(size * f)) for f in (0.1, 0.24, 0.6, 0.9))
        seqs = [(q1, q2, WILD, q3, q4), (q1, q2, WILD, q2 + 1, q4), (q1, q2, q3, size, WILD)]
    out = []
    for seq in seqs:
        wins = can_win(seq, size, packs, win, wilds)
        fits, none = _stands_for(seq, size, win)
        if wins != bool(fits):
            raise AssertionError(f"{format_sequence(seq)}: the engine and the handout's reason disagree")
        why = (
            none
            if not fits
            else f"W = {fits[0]}"
            if len(fits) == 1
            else (f"W = {fits[0]} or {fits[1]}" if len(fits) == 2 else f"W = {fits[0]} to {fits[-1]}")
        )
        out.append(WildExample(format_sequence(seq), wins, why))
    return out


def number_table(abilities: Sequence[NumberAbility], role: str = "numbers") -> Table:
    """The number abilities of a pack: code, label as printed, what it does."""
    return Table(
        ("code", "on the card", "what it does"),
        tuple((a.code, a.label, a.description) for a in abilities),
        (0.8, 1.1, 4.0),
        role=role,
        mono=(0, 1),
    )


def number_blocks(abilities: Sequence[NumberAbility], grid: bool = False) -> list[Block]:
    """The number abilities explained: that they are cardgen's, what each does, the contingency rule."""
    where = (
        "You choose the row or column; the numbers choose the card or cards in it."
        if grid
        else "Each acts on one sequence, as any ability does."
    )
    # every decision the engine makes, not a pick of them: a wild is never picked nor counted,
    # HI↔LO needs two different numbers … (the first, that they are cardgen's, is said above)
    rules = [d for d in NUMBER_DECISIONS[1:] if grid or "3×3" not in d]
    return [
        Heading("Number abilities"),
        Paragraph.of(
            "These pick cards by their **numbers**, not their spaces: **an addition to the original rules**, "
            "which name the idea and its problem, not a list. " + where
        ),
        number_table(abilities),
        Bullets.of(rules),
    ]


def _packs(spec: Pattern, orderings: Table) -> list[Block]:
    marks = ", ".join(PACK_MARKS[: spec.packs])
    win = spec.win
    judged = []
    for text in ORDER_EXAMPLES:
        seq = parse_sequence(text)
        verdict = "wins" if can_win(seq, spec.size, spec.packs, win) else "does not win"
        judged.append(f"`{format_sequence(seq)}` {verdict}")
    return [
        Heading("This pack: several packs combined"),
        Paragraph.of(
            f"This pack is **{spec.packs} packs** of cards 1 to {spec.size}, so every number is printed "
            f"{spec.packs} times. Each card carries its pack's letter ({marks}) in a ring beside its corner index "
            "and on its back: sort the packs apart by letter after play."
        ),
        Paragraph.of("Numbers repeat, so a table must decide what a win is:"),
        orderings,
        Paragraph.of(f"**This table plays {win}**: {WIN_WORDS[win]}. So {' and '.join(judged)}."),
    ]


def _wilds(spec: Pattern) -> list[Block]:
    shares = wild_shares(spec.wilds, spec.packs)
    where = (
        "after the numbered cards"
        if spec.packs == 1
        else "dealt round the packs (" + ", ".join(f"{n} in pack {PACK_MARKS[p]}" for p, n in enumerate(shares)) + ")"
    )
    return [
        Heading("This pack: wild cards"),
        Paragraph.of(
            f"This pack has **{spec.wilds} wild card{'s' if spec.wilds > 1 else ''}** ({WILD_NUMBER}01 …, {where}): "
            "gold, `WILD`, no number, no ability. " + wild_text(spec)
        ),
        Paragraph.of(
            f"**Points** (a proposal: the original list is lost), for three or more players over several "
            f"hands, to {TARGET_POINTS} points: a **clean** finish scores **{CLEAN_POINTS}**, a **dirty** one "
            f"**{DIRTY_POINTS}**. A player whose sequence is complete but dirty may **declare** it (the hand ends, "
            f"{DIRTY_POINTS} point) or **play on** to replace the wild with a numbered card for {CLEAN_POINTS}, "
            "at the risk that someone else finishes first."
        ),
    ]


def wild_paragraph(spec: Pattern) -> Paragraph:
    """§10 in a paragraph, its examples judged for this pack's numbers and the table's winning
    definition, each with its reason."""
    return Paragraph.of(wild_text(spec))


def wild_text(spec: Pattern) -> str:
    """``wild_paragraph``'s text (with its markup)."""
    examples = wild_examples(spec.size, spec.packs, spec.win, spec.wilds or None)
    shown = [f"`{e.text}` {'can' if e.wins else 'cannot'} win ({e.why})" for e in examples]
    cards = f"cards 1 to {spec.size}" + (f" in {spec.packs} packs" if spec.packs > 1 else "")
    return (
        "A **wild card** stands for any number its holder likes, and has no ability; a sequence holding one is "
        "**dirty**, otherwise **clean**. **Ruling**: it stands for **any number some card of this "
        f"pack carries**, so it only counts as {spec.win} if such a number fits: with {cards}, playing "
        f"{spec.win}, {', '.join(shown[:-1])} and {shown[-1]}. A face-up wild has no ability and makes no "
        "pair: instead of drawing, you may take it and place it like a drawn card. "
        + ("" if spec.wilds else "With wild cards in play, agree how a dirty win scores.")
    )


def freezing_paragraph(census: int) -> Paragraph:
    """§11, as the engine plays it, and how many tokens each player needs."""
    return Paragraph.of(
        f"Each player needs up to **{census} tokens**, one a space. "
        "At the beginning of your turn (not in the opening) you may freeze one card of your sequence by placing a "
        "token on it; then take a normal turn. A frozen card never leaves its space: no swap, removal or placed "
        "card may move it, **by you or any other player**. It is never unfrozen, so a token is never used twice."
    )


def optional_blocks(spec: Pattern, orderings: Table) -> list[Block]:
    """The sections for the optional rules this pack prints (none for a pack without them);
    ``orderings`` is the table of §7's four words, which the several-packs section shows."""
    numbers = [a for a in spec.abilities if isinstance(a, NumberAbility)]
    out: list[Block] = number_blocks(numbers) if numbers else []
    out += _packs(spec, orderings) if spec.packs > 1 else []
    out += _wilds(spec) if spec.wilds else []
    return out


def optional_decisions(spec: Pattern) -> list[str]:
    """The decisions cardgen made for the optional rules this pack prints (beyond those their
    sections state: number abilities are cardgen's and may not be chosen when impossible; the
    pack marks; what a wild may stand for)."""
    if not spec.wilds:
        return []
    return [
        "**A wild** stands for a number, not a card: it may repeat one in play, where repeats are allowed. "
        "Wilds belong to packs, so their backs give nothing away."
    ]
