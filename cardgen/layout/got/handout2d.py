"""The two-dimensional Game of Trains handout (seed 002, §8) for a choice of ability categories.

The mat is the 3×3 placemat cardgen prints, the categories and their abilities come
from ``rules.got.grid_packs`` (each drawn as the pictogram its cards carry), and the starting
arrangements are counted and checked by ``rules.got.grid_play``.

>>> doc = handout()
>>> [r[0] for r in doc.tables("categories")[0].rows]
['row-swap', 'col-swap', 'row-rotate', 'col-rotate', 'remove']
>>> doc.meta["starts"]
'42'
"""

from __future__ import annotations

from cardgen.layout.diagrams import side_by_side
from cardgen.layout.document import (
    Block,
    Bullets,
    Columns,
    Document,
    Figure,
    Heading,
    Note,
    PageBreak,
    Paragraph,
    SmallPrint,
    Steps,
    Table,
    rulings,
)
from cardgen.layout.got.card2d import ACCENT, TINT, any_pictogram
from cardgen.layout.got.diagrams import captioned_pictograms, number_grid
from cardgen.layout.got.handout_optional import number_blocks
from cardgen.layout.got.handout_play import questions_blocks, setup_steps, turn_steps, where_abilities_go
from cardgen.layout.got.placemat import grid_mat
from cardgen.rules.got.grid_packs import DEFAULT_CATEGORIES, PACK_CATEGORIES, GridPack
from cardgen.rules.got.grid_play import count_starts, deal_start, is_start, is_won
from cardgen.rules.got.number_abilities import NumberAbility

PER_ROW = 9
INLINE_ABILITIES = 45  # more than this and the pictograms move to pages after the summary
PICTURED = "Every ability, pictured"


def described(name: str) -> str:
    """What a category's cards do, in the players' words (the rules name the project where a
    category is its own: a player reads that it is an addition to the original rules)."""
    return PACK_CATEGORIES[name].description.replace("cardgen's own", "an addition to the original rules")


def category_table(pack: GridPack) -> Table:
    rows = []
    for name in pack.categories:
        cat = PACK_CATEGORIES[name]
        kind = "specific" if cat.specific else "you choose"
        rows.append((name, str(cat.size), kind, described(name)))
    return Table(
        ("category", "abilities", "kind", "what a card does"),
        tuple(rows),
        (1.4, 0.8, 0.9, 4.0),
        role="categories",
        caption=f"{len(pack.categories)} categories, {pack.block} abilities, {pack.copies} {'copy' if pack.copies == 1 else 'copies'}: {pack.size} cards",
    )


def _pictograms(pack: GridPack, side: float) -> list[Block]:
    out: list[Block] = []
    for name in pack.categories:
        cat = PACK_CATEGORIES[name]
        items = [(a.label, any_pictogram(a, pack.mat, side)) for a in cat.abilities]
        drawing = captioned_pictograms(items, side, PER_ROW)
        out.append(Figure(drawing, f"{name}: {described(name)}", drawing.width, role=f"pictograms-{name}"))
    return out


def _mat_and_arrangements(pack: GridPack) -> Figure:
    mat = pack.mat
    start = deal_start(range(1, mat.census + 1), rows=mat.rows, cols=mat.cols)
    ordered = sorted(v for row in start for v in row)
    won = tuple(tuple(ordered[r * mat.cols : (r + 1) * mat.cols]) for r in range(mat.rows))
    assert is_start(start) and is_won(won)  # the engine agrees with the caption
    placemat = grid_mat(mat.rows, mat.cols, (20.0, 28.0), title="Game of Trains 2D")
    cell = placemat.height / (mat.rows + 2.6)
    pictures = [
        placemat,
        number_grid(start, mat.row_letters, mat.col_letters, cell, title="a start"),
        number_grid(won, mat.row_letters, mat.col_letters, cell, title="a win"),
    ]
    rows, cols = " ".join(mat.row_letters), " ".join(mat.col_letters)
    return Figure(
        side_by_side(pictures, gap=18.0, title="the mat, a start and a win"),
        f"The mat: rows {rows}, columns {cols}, a space named by its row then its column (AD top left), one mat "
        "for each player. A start: every row and column descends. A win: every one ascends.",
        165.0,
        role="placemat",
    )


def _setup(census: int, starts: int) -> list[str]:
    """The engine's set-up, with the count of starting arrangements after the deal."""
    steps = setup_steps(census, "3×3", wilds=False, packs=1, grid=True)
    steps[1] += f" There are **{starts} ways** to do this with any {census} different numbers; pick any."
    return steps


def handout(categories: str | None = None, copies: int | None = None) -> Document:
    """The 2D handout for ``categories`` (comma-separated names; default: cardgen's default pack)
    and ``copies`` of each ability (default: the pack's own)."""
    pack = GridPack(categories if categories else DEFAULT_CATEGORIES, copies)
    mat = pack.mat
    starts = count_starts(mat.rows, mat.cols)
    removals = any(getattr(a, "action", "") == "remove" for a in pack.abilities)
    total = len(pack.abilities)
    side = 9.0
    warnings = pack.warnings()
    blocks: list[Block] = [
        Heading("The goal"),
        Paragraph.of(
            f"Each player lays {mat.census} cards on a {mat.rows}×{mat.cols} mat. Be the first to make **every "
            "row and every column ascend** (left to right, top to bottom), with the cards' abilities."
        ),
        _mat_and_arrangements(pack),
        Columns.of(
            Heading("Setting up"),
            Steps.of(_setup(mat.census, starts)),
            Heading("Your turn: one of two things"),
            Steps.of(turn_steps("every row and every column of a mat ascends", removals=removals, grid=True)),
            Heading("Reading a card"),
            Bullets.of(
                [
                    "A **specific** ability names its spaces: nobody has a choice.",
                    "A **you choose** ability leaves a row, column, card or direction open: whoever plays the card "
                    "chooses, even on an opponent's mat.",
                    "Pictograms: **dark** cells are named by the card, **tinted** cells are where the player "
                    "chooses; a bar swaps two cells, an arrow rotates a line (two heads: either way), a cross "
                    "removes a card and the draw pile refills the space.",
                ]
            ),
            *where_abilities_go(grid=True),
            *questions_blocks(removals=removals, grid=True),
        ),
        Heading("The abilities in this pack"),
        category_table(pack),
    ]
    pictured = total <= INLINE_ABILITIES
    if pictured:
        blocks += _pictograms(pack, side)
    numbers = [a for a in pack.abilities if isinstance(a, NumberAbility)]
    if numbers:
        blocks += number_blocks(numbers, grid=True)
    if warnings:
        blocks.append(Note.of("Counterparts", warnings))
    blocks.append(
        rulings(
            [
                "A rotation moves each card one space the way its arrow points (rotating row A right sends AD's "
                "card to AE, AE's to AF and AF's to AD).",
                "Each block of the pack holds every ability once, so the first "
                f"{pack.block} cards make a balanced smaller pack.",
                "The turn is the original Game of Trains' turn, which the variant rules keep, as set out above.",
                *(
                    [
                        "The **number** category is an addition to the original rules (they suggest number "
                        "abilities, not a list); an impossible ability may not be chosen."
                    ]
                    if numbers
                    else []
                ),
            ]
        )
    )
    if not pictured:
        blocks += [PageBreak(PICTURED), Heading(PICTURED), *_pictograms(pack, side)]
    blocks.append(SmallPrint.of("For printing: `cardgen placemat --grid 3x3` (the mat, full size)."))
    short = pack.slug.removeprefix("got-2d-")
    return Document(
        f"Game of Trains in two dimensions: {mat.rows}×{mat.cols}",
        f"{pack.size} cards from {len(pack.categories)} ability categories · rules summary",
        tuple(blocks),
        slug=f"handout-got2d-{short}",
        meta={
            "accent": ACCENT,
            "tint": TINT,
            "starts": str(starts),
            **({} if pictured else {"summary_ends": PICTURED}),
        },
    )
