"""The Game of Trains variant handout (seed 002, §1–§7, §10, §11) for one pattern and census.

The ability table is the pack itself (``rules.got.patterns``), laid out as the seed
prints it: ability and card numbers side by side in two, three or four column
pairs. The placemat and card pictures are the ones cardgen prints; the ordering
and wild-card examples are judged by ``rules.got.sequences``.

>>> doc = handout(pattern="two", census=7)
>>> table = doc.tables("abilities")[0]
>>> table.header
('ability', 'cards', 'ability', 'cards', 'ability', 'cards', 'ability', 'cards')
>>> table.rows[0][:4]
('A→X', '1, 29, 57', 'B→X', '8, 36, 64')
"""

from __future__ import annotations

from cardgen.layout.diagrams import side_by_side
from cardgen.layout.document import (
    Beside,
    Block,
    Columns,
    Document,
    Figure,
    Heading,
    Note,
    PageBreak,
    Paragraph,
    SmallPrint,
    Table,
    columns_of,
    rulings,
)
from cardgen.layout.got.card import ACCENTS, TINTS, card_face
from cardgen.layout.got.handout_optional import (
    WIN_RULE,
    freezing_paragraph,
    optional_blocks,
    optional_decisions,
    wild_paragraph,
)
from cardgen.layout.got.handout_play import (
    figures_blocks,
    questions_blocks,
    turn_blocks,
    where_abilities_go,
)
from cardgen.layout.got.placemat import linear_mat
from cardgen.layout.got.wild import wild_face
from cardgen.layout.shapes import Drawing
from cardgen.layout.typescale import reads_otherwise_turned
from cardgen.rules.got.abilities import MAX_CENSUS_WITH_REMOVALS, REMOVAL_MARK, Ability, space_letter
from cardgen.rules.got.figures import PackFigures
from cardgen.rules.got.number_abilities import NumberAbility
from cardgen.rules.got.params import CENSUS, PATTERN
from cardgen.rules.got.patterns import PackAbility, Pattern, PatternTwo, make_pattern
from cardgen.rules.got.printed import pack_mark
from cardgen.rules.got.sequences import (
    format_sequence,
    inversions,
    is_ascending,
    is_descending,
    is_never_ascending,
    is_never_descending,
    parse_sequence,
    sorting_swaps,
)

INLINE_ABILITIES = 45  # more than this and the ability table moves to an appendix after the summary
TABLE_HEADING = "Which card does what"
ORDER_EXAMPLES = ("9 7 5 3 1", "9 7 5 5 1", "1 5 5 7 9", "1 3 5 7 9")
SAMPLE_CARDS = (1, 2, 6)


def groups_for(block: int) -> int:
    """Column pairs in the seed's tables: two for 10 abilities, three for 15 or 21, four for 28.

    >>> [groups_for(n) for n in (10, 15, 21, 28, 45)]
    [2, 3, 3, 4, 4]
    """
    return 2 if block <= 10 else 3 if block <= 21 else 4


def ability_table(spec: Pattern) -> Table:
    """Ability → card numbers, every ability of the pack, in the pattern's order."""
    numbers: dict[PackAbility, list[str]] = {a: [] for a in spec.abilities}
    for c in spec.cards():
        numbers[c.ability].append(str(c.number))
    pairs = [(a.label, ", ".join(numbers[a])) for a in spec.abilities]
    groups = groups_for(spec.block)
    return Table(
        ("ability", "cards") * groups,
        columns_of(pairs, groups),
        (1.0, 2.0) * groups,
        role="abilities",
        mono=tuple(range(0, 2 * groups, 2)),
        caption=f"Pattern {spec.name}, census {spec.census}: {spec.block} abilities, {spec.size} cards",
        lookup=True,
    )


def _placemat(spec: Pattern) -> Figure:
    mat = linear_mat(spec.census, (25.0, 35.0), title=f"Pattern {spec.name}")
    return Figure(
        mat,
        f"A placemat: {spec.census} spaces, A to {space_letter(spec.census - 1)}, one for each player.",
        # no taller than 33 mm (as before the mat's spaces narrowed, #31): the summary keeps to two pages
        min(120.0, 15.0 * spec.census + 10, 33.0 * mat.width / mat.height),
        role="placemat",
    )


def _cards(spec: Pattern) -> Figure:
    numbers = [n for n in SAMPLE_CARDS if n <= spec.size]
    faces, caption = sample_cards(spec, numbers)
    return Figure(side_by_side(faces, gap=6.0, title="sample cards"), caption, 32.0 * len(faces), role="cards")


def sample_cards(spec: Pattern, numbers: list[int]) -> tuple[list[Drawing], str]:
    """The handout's sample cards and their caption: the first cards of the pack, a number
    ability's and a wild card in place of the last when the pack prints them, each marked with
    its pack when several are combined."""
    size = (63.5, 88.9)
    shown: list[Drawing] = []
    extra: list[str] = []
    picks = list(numbers)
    if spec.numbers:
        picks[-1] = next(
            c.number for c in spec.cards() if isinstance(c.ability, NumberAbility) and "EV" in c.ability.label
        )
        extra.append(f"{picks[-1]} is a number ability's, an addition to the original rules")
    if spec.wilds and len(picks) > 1:  # a wild in the place of the middle card (of the last, without numbers)
        picks = [*picks[:-2], picks[-1]] if spec.numbers else picks[:-1]
    marks = [pack_mark(i % spec.packs, spec.packs) for i in range(len(picks) + 1)]
    shown = [card_face(spec.card(n), spec, size, mark=m) for n, m in zip(picks, marks)]
    if spec.wilds:
        shown.append(wild_face(size, mark=marks[len(picks)]))
    turned = [n for n in picks if reads_otherwise_turned(str(n))]
    why = [f"{turned[0]} is underlined, as it reads otherwise upside down"] if turned else []
    packs = (
        [f"their packs' letters ({', '.join(m for m in marks[: len(shown)] if m)}) in a ring"] if spec.packs > 1 else []
    )
    what = f"Cards {', '.join(map(str, picks))}" + (" and a wild" if spec.wilds else "")
    text = (
        f"{what}: number and ability large, a small index in the corner for a fanned hand, the same again upside "
        "down" + "".join(f"; {e}" for e in why + extra + packs) + "."
    )
    return shown, text


def _orderings() -> Table:
    """§7's four words against its four sequences, a word a row (so that it fits a column)."""
    seqs = [parse_sequence(text) for text in ORDER_EXAMPLES]
    numbers = [tuple(int(c) for c in seq if isinstance(c, int)) for seq in seqs]
    tests = (
        ("descending", is_descending),
        ("never-ascending", is_never_ascending),
        ("never-descending", is_never_descending),
        ("ascending", is_ascending),
    )
    return Table(
        ("", *(format_sequence(seq) for seq in seqs)),
        tuple((word, *("yes" if test(n) else "no" for n in numbers)) for word, test in tests),
        role="orderings",
        caption="With repeated numbers the four words differ",
    )


def _winning(spec: Pattern) -> list[Block]:
    last = space_letter(spec.census - 1)
    return [
        Heading("Winning"),
        Paragraph.of(
            f"This table plays **{spec.win}**: the first player whose {spec.census} cards are {spec.win} from A to "
            f"{last} wins, {WIN_RULE[spec.win]}. The numbers need not be consecutive."
        ),
        Heading("Judging a row", level=3),
        Paragraph.of(_disorder(spec)),
    ]


def _disorder(spec: Pattern) -> str:
    """How far a row is from ascending, judged by the engine on the starting (descending) row."""
    start = tuple(spec.size - k * (spec.size // spec.census) for k in range(spec.census))
    swaps = sorting_swaps(start)
    named = ", ".join(f"`{Ability.swap(*s).label}`" for s in swaps)
    return (
        f"Count its **inversions**, the pairs in the wrong order: a descending row of "
        f"{spec.census} has {inversions(start)}, the most there can be, and a winning row none. Yet the fewest "
        f"swaps that sort `{format_sequence(start)}` are just {len(swaps)}: {named}."
    )


def _optional(spec: Pattern) -> list[Block]:
    """The optional rules, a heading each, in two columns; a rule the pack prints has its own
    section (``optional_blocks``) instead of the general one."""
    several_packs: list[Block] = []
    if spec.packs == 1:
        win = f": this table plays **{spec.win}**." if spec.win != "ascending" else "."
        several_packs = [
            Heading("Several packs together", level=3),
            Paragraph.of("Numbers then repeat, and a table must decide what a win is:"),
            _orderings(),
            Paragraph.of(f"A winning sequence may repeat a number (never-descending) or not (ascending){win}"),
        ]
    wild: list[Block] = [] if spec.wilds else [Heading("Wild cards", level=3), wild_paragraph(spec)]
    return [
        Columns.of(
            Heading("Optional rules"),
            *where_abilities_go(cross=spec.cross_players),
            Heading("Smaller or bigger packs", level=3),
            Paragraph.of(
                f"Each block of {spec.block} cards holds every ability once, so the first {spec.block}, "
                f"{2 * spec.block}, … cards are balanced packs for fewer players."
            ),
            *several_packs,
            *wild,
            Heading("Freezing", level=3),
            freezing_paragraph(spec.census),
            *optional_blocks(spec, _orderings()),
        ),
    ]


def _decisions(spec: Pattern) -> Note:
    items = [
        f"**{REMOVAL_MARK} is the removal mark**, never a space, so a pack with removals stops at census "
        f"{MAX_CENSUS_WITH_REMOVALS} (spaces A to {space_letter(MAX_CENSUS_WITH_REMOVALS - 1)}).",
        "**Double-ended numbers** that read as another number upside down (6, 9, 16, 66, 86 …) are underlined.",
        "**The turn** is the original Game of Trains' turn, which the variant rules keep, as set out above.",
    ]
    items += optional_decisions(spec)
    if isinstance(spec, PatternTwo) and spec.census == 7:
        e, f, g = (spec.card(n) for n in (11, 12, 13))
        items.insert(
            1,
            "**A misprint.** The original pattern-two table lists `B↔F 11, B↔G 12, B↔H 13` and no `B↔E`; its "
            f"figure 5 shows the order this pack follows: card 11 is `{e.ability.label}`, 12 `{f.ability.label}`, "
            f"13 `{g.ability.label}`.",
        )
    return rulings(items)


def printing_line(spec: Pattern, figures: PackFigures | None = None) -> SmallPrint:
    """The foot's one line for whoever prints: the commands for what the rules mention (the
    placemat, freeze tokens, wild cards) and, with figures, the command that plays the same games."""
    parts = [f"`cardgen placemat --census {spec.census}` (the placemat)", "`cardgen tokens --players P` (tokens)"]
    if not spec.wilds:
        parts.append("`cardgen pack --wilds N` (wild cards)")
    line = "For printing: " + ", ".join(parts) + "."
    if figures is not None:
        played = [r.players for r in figures.rows if r.summary is not None]
        if played:  # the whole command, so that anyone can check the figures: they are the simulator's own
            line += f" `{figures.command(played[-1])}` plays the same games."
    return SmallPrint.of(line)


def _printed(spec: Pattern) -> str:
    """What the optional rules add to the subtitle: `` (2 packs and 4 wild cards: 202 printed)``."""
    parts = [f"{spec.packs} packs"] if spec.packs > 1 else []
    parts += [f"{spec.wilds} wild card{'s' if spec.wilds > 1 else ''}"] if spec.wilds else []
    return f" ({' and '.join(parts)}: {spec.printed_size} printed)" if parts else ""


def handout(
    pattern: str = PATTERN.default,
    census: int = CENSUS.default,
    copies: int | None = None,
    *,
    numbers: bool = False,
    packs: int = 1,
    wilds: int = 0,
    win: str = "ascending",
    simulate: int | None = None,
) -> Document:
    """The handout for a pattern and census (by default the pattern's own number of copies),
    with the optional rules its pack prints; with ``simulate``, the figures of that many
    seeded games of the pack for each number of players (``rules.got.handout_simulation``)."""
    spec = make_pattern(pattern, census, copies=copies, numbers=numbers, packs=packs, wilds=wilds, win=win)
    if simulate is None:
        return handout_for(spec)
    # The play engine only for a handout asked to carry figures: every pack writes its rules
    # page through this module, and importing the engine and its bots costs ~20 ms a run.
    from cardgen.rules.got.handout_simulation import check_games, simulate_pack

    check_games(simulate)  # before any game is played
    return handout_for(spec, simulate_pack(spec, simulate))


def handout_for(spec: Pattern, figures: PackFigures | None = None) -> Document:
    """The handout for a pack definition (as ``cardgen pack`` writes beside the pack), with the
    simulated ``figures`` of its games when given."""
    table = ability_table(spec)
    # the table of every card is reference: after the summary when it is long, or when the optional
    # rules the pack prints need the summary's room
    inline = spec.block <= INLINE_ABILITIES and not (spec.numbers or spec.packs > 1 or spec.wilds)
    blocks: list[Block] = [
        Heading("The goal"),
        Paragraph.of(
            f"Each player has a row of {spec.census} numbered cards that starts out descending. Make yours "
            f"**{spec.win}** first, with the cards' abilities. This pack: "
            f"**pattern {spec.name}**, {spec.blurb}."
        ),
        _placemat(spec),
        Beside(_cards(spec), tuple(turn_blocks(spec)), share=0.36),
        Columns.of(*_winning(spec), *questions_blocks(removals=spec.has_removals)),
    ]
    table_blocks: list[Block] = [Heading(TABLE_HEADING), table]
    if inline:
        blocks += table_blocks
    blocks += _optional(spec)
    if figures is not None:
        blocks += figures_blocks(figures)
    blocks.append(_decisions(spec))
    if not inline:
        blocks += [PageBreak(TABLE_HEADING), *table_blocks]
    blocks.append(printing_line(spec, figures))  # last: under the table of every card when it follows
    return Document(
        f"Game of Trains: pattern {spec.name}, census {spec.census}",
        f"{spec.size} cards, {spec.block} abilities, {spec.copies} blocks{_printed(spec)} · spaces A to "
        f"{space_letter(spec.census - 1)} · rules summary",
        tuple(blocks),
        slug=f"handout-{spec.slug}" + (f"-sim-{figures.games}" if figures is not None else ""),
        meta={
            "accent": ACCENTS.get(spec.name, "#1f4e79"),
            "tint": TINTS.get(spec.name, "#e8eef5"),
            **({} if inline else {"summary_ends": TABLE_HEADING}),
        },
    )
