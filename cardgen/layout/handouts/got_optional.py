"""The Game of Trains handout's optional rules (seed 002 §7, §9, §10, §11), for the pack as built.

Every verdict printed here is the rules engine's, for the pack the handout goes with: whether
a sequence with a wild card wins is ``rules.sequences.can_win`` asked about the numbers this
pack's cards carry (its size, its packs), never a fixed range; the number abilities are
``rules.numbers``' and its decisions; the tokens each player needs are the census.

>>> from cardgen.rules.patterns import make_pattern
>>> [t for t, _ in wild_examples(50)]
['5-12-W-30-45', '5-12-W-13-45', '5-12-30-50-W']
>>> [ok for _, ok in wild_examples(50)]
[True, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.layout.document import Block, Bullets, Heading, Paragraph, Table
from cardgen.rules.numbers import DECISIONS as NUMBER_DECISIONS
from cardgen.rules.numbers import NumberAbility
from cardgen.rules.patterns import Pattern
from cardgen.rules.printed import PACK_MARKS, WILD_NUMBER, wild_shares
from cardgen.rules.sequences import WILD, Card, can_win, format_sequence, parse_sequence

# cardgen's proposal for §10's points (the seed's own list is lost)
CLEAN_POINTS = 3
DIRTY_POINTS = 1
TARGET_POINTS = 10
WIN_WORDS = {
    "ascending": "each card **less than** every card on its right: no number may repeat",
    "never-descending": "each card **less than or equal to** every card on its right: repeats are allowed",
}
ORDER_EXAMPLES = ("1 2 3 4 5 6 7", "1 2 3 4 4 6 7")  # §7's


def wild_examples(size: int) -> list[tuple[str, bool]]:
    """Three sequences with a wild card in a pack of 1..``size`` and whether each can win
    (ascending): one where a number fits, one where only a half would (§10's 38½), one where
    only a number past the last card would (§10's 85). Scaled from the seed's for this pack."""
    if size < 10:
        a, b = 1, size
        seqs: list[tuple[Card, ...]] = [(a, WILD, b), (a, WILD, a + 1), (a, b, WILD)]
    else:
        q1, q2, q3, q4 = (max(1, round(size * f)) for f in (0.1, 0.24, 0.6, 0.9))
        seqs = [(q1, q2, WILD, q3, q4), (q1, q2, WILD, q2 + 1, q4), (q1, q2, q3, size, WILD)]
    return [(format_sequence(s), can_win(s, size)) for s in seqs]


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
    rules = [d for d in NUMBER_DECISIONS[1:] if grid or "3×3" not in d]
    return [
        Heading("Number abilities"),
        Paragraph.of(
            "These pick cards by their **numbers**, not their spaces: **cardgen's own** (the rules name the idea "
            "and its problem, not a list). " + where
        ),
        number_table(abilities),
        Bullets.of(rules[:2] + [r for r in rules if "tie" in r]),
    ]


def _packs(spec: Pattern) -> list[Block]:
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
        Paragraph.of(
            f"**This table plays {win}**: {WIN_WORDS[win]}. So {' and '.join(judged)}. "
            f"`cardgen seq … --pack-size {spec.size} --packs {spec.packs} --win {win}` judges any sequence."
        ),
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
            "gold, `WILD`, no number, no ability. Its owner may change what it stands for as the game goes on"
            + ("." if spec.packs > 1 else f"; `cardgen seq … --pack-size {spec.size}` judges a sequence holding one.")
        ),
        Paragraph.of(
            f"**Points** (cardgen's proposal; the seed's own list is lost), for three or more players over several "
            f"hands, to {TARGET_POINTS} points: a **clean** finish scores **{CLEAN_POINTS}**, a **dirty** one "
            f"**{DIRTY_POINTS}**. A player whose sequence is complete but dirty may **declare** it (the hand ends, "
            f"{DIRTY_POINTS} point) or **play on** to replace the wild with a numbered card for {CLEAN_POINTS}, "
            "at the risk that someone else finishes first."
        ),
    ]


def wild_paragraph(spec: Pattern) -> Paragraph:
    """§10 in a paragraph, its examples judged for this pack's numbers."""
    shown = [f"`{text}` {'can' if ok else 'cannot'} win" for text, ok in wild_examples(spec.size)]
    return Paragraph.of(
        "A **wild card** stands for any number its holder likes, and has no ability; a sequence holding one is "
        "**dirty**, otherwise **clean**. cardgen's reading of the rule: it stands for **any number some card of this "
        f"pack carries**, so it only counts as ascending if such a number fits: with cards 1 to {spec.size}, "
        f"{', '.join(shown[:-1])} and {shown[-1]} (no card between 38 and 39, nor past the last). "
        + ("" if spec.wilds else "Print wild cards with `cardgen pack --wilds N`; agree how a dirty win scores.")
    )


def freezing_paragraph(census: int) -> Paragraph:
    """§11, as the seed words it, and how many tokens each player needs."""
    return Paragraph.of(
        f"**Freezing**. Each player needs up to **{census} tokens**, one for each space: a frozen card is "
        "frozen for good, so a token is never used twice (`cardgen tokens --players P` prints a sheet). At the "
        "beginning of your turn you may freeze one card of your sequence by placing a token on it. After that, "
        "this card can never be taken from its space by swapping, replacement, removal, et cetera, **by you or "
        "any other player**. A frozen card can never be unfrozen. Then take a normal turn."
    )


def optional_blocks(spec: Pattern) -> list[Block]:
    """The sections for the optional rules this pack prints (none for a pack without them)."""
    numbers = [a for a in spec.abilities if isinstance(a, NumberAbility)]
    out: list[Block] = number_blocks(numbers) if numbers else []
    out += _packs(spec) if spec.packs > 1 else []
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
