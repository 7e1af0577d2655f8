"""Cards of the two-dimensional variant (seed 002, §8): the ability in text and as a
small pictogram of the mat marking the cells it acts on and its direction.

Pictogram legend: solid cells are named by the card; tinted cells are where the
player chooses; a bar joins two swapped cells; an arrow shows a rotation (two
heads: the player picks the direction); a cross marks a removal. A number ability
(category ``number``, cardgen's development of §9) tints the whole mat (the player chooses
the line) and stands a bar in each cell, as tall as an example card's number: in each row (or
column) the tallest bar is the card it picks, marked with a cross for a removal, joined to the
shortest by a two-headed arrow for a swap. The tallest stands in a different place in each
line, so the picture says "the highest card of the line", never "the middle card".
"""

from __future__ import annotations

from functools import lru_cache

from cardgen.layout.art import mix
from cardgen.layout.got.back import back_design
from cardgen.layout.got.card import INK, PAPER, Face, double_ended_face, number_note, pack_type
from cardgen.layout.got.facetype import FIGURES, PackFaces, widest
from cardgen.layout.shapes import Drawing, Line, Path, Polygon, Rect, Shape
from cardgen.layout.theme import DEFAULT, Theme
from cardgen.layout.typescale import reads_otherwise_turned
from cardgen.rules.got.grid_packs import GridAbility, GridMat, GridPack, PackAbility2D
from cardgen.rules.got.number_abilities import NumberAbility
from cardgen.rules.shared import Card

ACCENT = "#5b2a86"
TINT = "#ece3f4"
CHOICE = "#cdb6e3"


def _cells_of(ability: GridAbility, mat: GridMat) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(named cells, cells the player chooses among)."""
    named = set(ability.cells)
    chosen: set[tuple[int, int]] = set()
    if ability.action == "rotate" and ability.axis is not None and ability.line is not None:
        named = set(mat.line(ability.axis, ability.line))  # the card names the line; it moves all of it
    elif not named:
        if ability.axis is not None and ability.line is not None:
            chosen = set(mat.line(ability.axis, ability.line))
        elif ability.axis is not None and ability.ends is not None:
            lines = mat.lines(ability.axis)
            for i in range(lines):
                cells = mat.line(ability.axis, i)
                chosen |= {cells[ability.ends[0]], cells[ability.ends[1]]}
        else:
            chosen = {(r, c) for r in range(mat.rows) for c in range(mat.cols)}
    return named, chosen


def _arrow(
    x1: float, y1: float, x2: float, y2: float, width: float, heads: tuple[bool, bool], ink: str = INK
) -> list[Shape]:
    out: list[Shape] = [Line(x1, y1, x2, y2, stroke=ink, stroke_width=width)]
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    size = width * 3.2
    for at_end, (x, y, sx) in zip(heads, ((x2, y2, 1), (x1, y1, -1))):
        if at_end:
            bx, by = x - sx * ux * size, y - sx * uy * size
            out.append(
                Polygon(
                    (
                        (x, y),
                        (bx - uy * size * 0.6, by + ux * size * 0.6),
                        (bx + uy * size * 0.6, by - ux * size * 0.6),
                    ),
                    fill=ink,
                )
            )
    return out


def pictogram(
    ability: GridAbility, mat: GridMat, side: float, *, accent: str = ACCENT, choice: str = CHOICE
) -> list[Shape]:
    """The mat in a side × side box, marked for ``ability``: named cells in ``accent``, cells
    the player chooses among in ``choice``."""
    cell = side / max(mat.rows, mat.cols)
    named, chosen = _cells_of(ability, mat)
    shapes: list[Shape] = []
    for r in range(mat.rows):
        for c in range(mat.cols):
            fill = accent if (r, c) in named else choice if (r, c) in chosen else PAPER
            shapes.append(
                Rect(c * cell, r * cell, cell, cell, fill=fill, stroke=INK, stroke_width=0.2, role="pict-cell")
            )

    def centre(rc: tuple[int, int]) -> tuple[float, float]:
        return (rc[1] + 0.5) * cell, (rc[0] + 0.5) * cell

    stroke = max(0.3, cell * 0.09)
    ink = PAPER if named else INK  # a mark on the dark cells a card names is drawn light, as a removal's cross
    if ability.action == "swap" and len(ability.cells) == 2:
        (x1, y1), (x2, y2) = centre(ability.cells[0]), centre(ability.cells[1])
        shapes += _arrow(x1, y1, x2, y2, stroke, (True, True), ink)
    elif ability.action == "remove" and ability.cells:
        x, y = centre(ability.cells[0])
        d = cell * 0.28
        shapes += [
            Line(x - d, y - d, x + d, y + d, stroke=PAPER, stroke_width=stroke * 1.3),
            Line(x - d, y + d, x + d, y - d, stroke=PAPER, stroke_width=stroke * 1.3),
        ]
    elif ability.action == "rotate" and ability.axis is not None:
        lines = [ability.line] if ability.line is not None else list(range(mat.lines(ability.axis)))
        heads = (True, False) if ability.step > 0 else (False, True) if ability.step < 0 else (True, True)
        for i in lines:
            cells = mat.line(ability.axis, i)
            (x1, y1), (x2, y2) = centre(cells[0]), centre(cells[-1])
            if ability.axis == "row":
                x1, x2 = x1 - cell * 0.3, x2 + cell * 0.3
            else:
                y1, y2 = y1 - cell * 0.3, y2 + cell * 0.3
            shapes += _arrow(x1, y1, x2, y2, stroke, heads, ink)
    return shapes


# an example card's number in each cell, as a share of the cell's height: every row's and every
# column's tallest stand in different places (no line reads "the middle card"), and a row's
# are not a column's
HEIGHTS = ((0.8, 0.95, 0.3), (0.25, 0.4, 0.5), (0.7, 0.2, 0.6))  # rows' tallest: B, F, D; columns': A, B, F


def number_pictogram(
    ability: NumberAbility, mat: GridMat, side: float, *, accent: str = ACCENT, choice: str = CHOICE
) -> list[Shape]:
    """The mat in a side × side box for a number ability: every cell tinted (the player chooses
    the line), a bar in each cell as tall as an example card's number (one outline a row), and
    in every row (or column) its tallest bar marked: crossed for a removal, joined to the
    shortest by a two-headed arrow for a swap."""
    cell = side / max(mat.rows, mat.cols)
    shapes: list[Shape] = [
        Rect(c * cell, r * cell, cell, cell, fill=choice, stroke=INK, stroke_width=0.2, role="pict-cell")
        for r in range(mat.rows)
        for c in range(mat.cols)
    ]
    height = [[HEIGHTS[r % 3][c % 3] for c in range(mat.cols)] for r in range(mat.rows)]
    bar = cell * 0.36
    for r in range(mat.rows):  # each row's bars, one skyline
        base = (r + 1) * cell - cell * 0.1
        segs: list[tuple[float, float]] = []
        for c in range(mat.cols):
            x = c * cell + (cell - bar) / 2
            top = base - cell * 0.78 * height[r][c]
            if c:
                segs.append((x, base))
            segs += [(x, top), (x + bar, top), (x + bar, base)]
        shapes.append(
            Path(((cell - bar) / 2, base), tuple(segs), fill=PAPER, stroke=INK, stroke_width=0.15, role="pict-bars")
        )
    stroke = max(0.3, cell * 0.08)
    axis = ability.axis or "row"
    for i in range(mat.lines(axis)):
        cells = mat.line(axis, i)
        high = max(cells, key=lambda rc: height[rc[0]][rc[1]])
        low = min(cells, key=lambda rc: height[rc[0]][rc[1]])
        hx, hy = (high[1] + 0.5) * cell, (high[0] + 1) * cell - cell * 0.1
        top = hy - cell * 0.78 * height[high[0]][high[1]]
        shapes.append(Rect(hx - bar / 2, top, bar, hy - top, fill=accent, role="pict-pick"))
        if ability.action == "swap":  # over the bars along a row, beside them down a column
            if axis == "row":
                y = (high[0] + 0.1) * cell
                shapes += _arrow(hx, y, (low[1] + 0.5) * cell, y, stroke, (True, True))
            else:
                x = (high[1] + 0.86) * cell
                shapes += _arrow(x, (high[0] + 0.5) * cell, x, (low[0] + 0.5) * cell, stroke, (True, True))
            continue
        d = cell * 0.2
        cx, cy = hx, (high[0] + 0.3) * cell
        shapes += [
            Line(cx - d, cy - d, cx + d, cy + d, stroke=INK, stroke_width=stroke * 1.2),
            Line(cx - d, cy + d, cx + d, cy - d, stroke=INK, stroke_width=stroke * 1.2),
        ]
    return shapes


def any_pictogram(
    ability: PackAbility2D, mat: GridMat, side: float, *, accent: str = ACCENT, choice: str = CHOICE
) -> list[Shape]:
    """The pictogram of any ability a 2D pack may hold."""
    draw = number_pictogram if isinstance(ability, NumberAbility) else pictogram
    return draw(ability, mat, side, accent=accent, choice=choice)  # type: ignore[arg-type]


def index_label(ability: GridAbility) -> str:
    """The corner index: the ability with the arrows of its face (``AD↔AE``, ``CF→X``,
    ``row A: rotate →``), which ``GridPack.parse_ability`` reads back, not the ASCII code.

    >>> from cardgen.rules.got.grid_packs import CATEGORIES
    >>> [index_label(CATEGORIES[c].abilities[0]) for c in ("row-swap", "remove", "col-rotate")]
    ['AD↔AE', 'AD→X', 'col D: rotate ↓']
    """
    return ability.label


def pack_name(pack: GridPack) -> str:
    """What a sheet of this pack says it holds: ``2D pack: row-swap, col-swap, remove``."""
    return f"2D pack: {', '.join(pack.categories)}"


@lru_cache(maxsize=16)
def grid_faces(pack: GridPack) -> PackFaces:
    """What the faces of a 2D pack show, for sizing its type (once a pack)."""
    abilities = list(dict.fromkeys(c.ability for c in pack.cards()[: pack.block]))
    numbers = [str(n) for n in range(1, pack.size + 1)]
    labels = [a.label for a in abilities]
    return PackFaces(
        number=widest(numbers, bold=True, family=FIGURES),
        code=widest(labels, bold=True, family=FIGURES),
        label=widest(labels, bold=True, family="mono"),
        note=widest([n for a in abilities if (n := _note(a))], bold=True),
        underlined=any(reads_otherwise_turned(n) for n in numbers),
        picture=True,
    )


def _note(ability: PackAbility2D) -> str:
    if isinstance(ability, NumberAbility):
        return number_note(ability)
    return "" if ability.specific else "you choose"


def grid_card_face(
    card: Card[PackAbility2D],
    pack: GridPack,
    size: tuple[float, float],
    *,
    title: str = "",
    bleed: float = 0.0,
    theme: Theme = DEFAULT,
) -> Drawing:
    """``theme`` may colour the cards by category (``row-swap``) or all 2D cards (``2d``)."""
    ability = card.ability
    keys = (ability.category, "2d")
    accent = theme.accent(keys, ACCENT)
    choice = CHOICE if accent == ACCENT else mix(accent, PAPER, 0.35)

    face = Face(
        card.number,
        ability.label,
        ability.label,
        accent=accent,
        tint=theme.tint(keys, TINT),
        note=_note(ability),
        removal=ability.action == "remove",
        set_name=pack_name(pack),
        picture=lambda side: any_pictogram(ability, pack.mat, side, accent=accent, choice=choice),
    )
    return double_ended_face(face, pack_type(grid_faces(pack), size, title, theme), bleed=bleed, theme=theme)


def grid_card_back(
    pack: GridPack, size: tuple[float, float], *, title: str = "", bleed: float = 0.0, theme: Theme = DEFAULT
) -> Drawing:
    """The common back of a 2D pack: the train back of ``card.back_design`` in the 2D accent."""
    return back_design(
        size,
        accent=theme.accent("2d", ACCENT),
        name=title or "Game of Trains",
        line2=f"2D · {pack.mat.rows}×{pack.mat.cols} mat",
        bleed=bleed,
        design=theme.back_picture or theme.back,
        font=theme.font,
    )
