"""A score sheet to fill in with a pen: one row per round, two cells per player (the round's
score and the running total), a totals row, and at the foot how to score. Pure; lengths in mm, y down.

Made to be photocopied: black lines, no heavy fills (only a pale tint on the running-total
cells so the eye finds them, and on the header band), cells wide enough for three digits in
handwriting. A form uses its page: the rows grow (never under 8 mm) until the table and the
scoring panel at the foot fill it. Wide tables (more than five players) turn the page to
landscape. Words are set in the sans family at sizes of the type scale. The round's number
and its engine stand in columns of their own; a player's name line carries "Player n" large
enough to find; the totals row is one cell a player (the game's total, no "score" beside it).
The examples at the foot draw each tile as a small domino, its two halves side by side (a
Red Train half as the locomotive), then what it counts in points: "12-5" in type read as a
subtraction.

>>> sheet = score_sheet(players=3, rounds=["12", "11", "Train-Train"], paper=(210, 297), margin=5)
>>> [t.text for t in texts(sheet, "round")]
['12', '11', 'Train-Train']
>>> [t.text for t in texts(sheet, "player")]
['Player 1', 'Player 2', 'Player 3']
>>> [t.text for t in texts(sheet, "round-number")]
['1', '2', '3']
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.errors import CardgenError
from cardgen.layout.art import engine
from cardgen.layout.shapes import Drawing, Group, Line, Path, Rect, Shape, Text, cap_height, text_width, walk
from cardgen.layout.typescale import BODY, LEAD, NOTE, SUBHEAD, TITLE, fit_step

INK = "#1a1a1a"
GREY = "#666666"
TINT = "#efefef"  # running-total cells and the header band: pale enough for any copier
PAD = 3.0  # mm inside the printer's margin
MIN_ROW = 8.0
MAX_ROW = 16.0  # past this a row is no easier to write in; the rest goes to the foot
NAME_ROW = 13.0
HEAD_ROW = 6.5
DOMINO_H = 6.4  # an example tile at the foot: its height, each half as wide
TRAIN = "Train"  # a Red Train half, drawn as the locomotive
LANDSCAPE_FROM = 6  # players
CAP = cap_height("sans")
THIN, THICK = 0.2, 0.6


def texts(drawing: Drawing, role: str) -> list[Text]:
    """The texts of ``drawing`` with ``role``, in drawing order."""
    return [s for s, _, _ in walk(drawing.shapes) if isinstance(s, Text) and s.role == role]


def _sans(x: float, y: float, text: str, size: float, anchor: str = "start", **kw: object) -> Text:
    return Text(x, y, text, size, anchor, family="sans", **kw)  # type: ignore[arg-type]


def _width(text: str, size: float, bold: bool = False) -> float:
    return text_width(text, size, None, bold, "sans")


def _foot(
    left: float, width: float, top: float, notes: Sequence[str], examples: Sequence[tuple[str, int]]
) -> tuple[list[Shape], float]:
    """The scoring panel: a heading, the notes, the examples as tiles and points, a line for the
    winner; returns the shapes and the height."""
    shapes: list[Shape] = []
    inner = 3.0
    x, w = left + inner, width - 2 * inner
    at = top + inner + CAP * LEAD
    shapes.append(_sans(x, at, "How to score", LEAD, bold=True, fill=INK, role="foot-head"))
    size = min((fit_step(n, BODY, w) for n in notes), default=BODY)
    for note in notes:
        at += size * 1.5
        shapes.append(_sans(x, at, note, size, fill=INK, role="note"))
    if examples:
        at += size * 1.5 + DOMINO_H / 2 + 1.0  # the examples' baseline, the tiles centred on their words' capitals
        label = "Tiles left in hand count, for example:"
        shapes.append(_sans(x, at, label, size, fill=INK, role="example-label"))
        ex = x + _width(label, size) + 3.5
        for tile, points in examples:
            tile_shapes, tile_w = _domino(ex, at - CAP * size / 2, tile, size)
            shapes += tile_shapes
            ex += tile_w + 1.6
            counts = f"= {points} points"
            shapes.append(_sans(ex, at, counts, size, fill=INK, role="example-points"))
            ex += _width(counts, size) + 5.0
        at += DOMINO_H / 2 - CAP * size / 2
    winner = "Winner"
    at += 6.0
    shapes.append(_sans(x, at, winner, LEAD, bold=True, fill=INK, role="winner"))
    line_x = x + _width(winner, LEAD, True) + 3.0
    shapes.append(Line(line_x, at + 0.6, min(x + w, line_x + 90.0), at + 0.6, stroke=INK, stroke_width=THIN))
    height = at + inner + 0.6 - top
    shapes.insert(0, Rect(left, top, width, height, fill=None, stroke=INK, stroke_width=THIN, role="foot"))
    return shapes, height


def _domino(x: float, middle: float, tile: str, size: float) -> tuple[list[Shape], float]:
    """A small domino for ``tile`` ("12-5", "3-Train"), its left edge at ``x``, centred on y =
    ``middle``: a rounded outline, the centre line, each half's number or letter in bold (a Red
    Train half as the locomotive); the shapes and the width."""
    half = DOMINO_H
    shapes: list[Shape] = [
        Rect(
            x,
            middle - half / 2,
            2 * half,
            half,
            fill="#ffffff",
            stroke=INK,
            stroke_width=0.3,
            radius=1.0,
            role="example-tile",
        ),  # fmt: skip
        Line(
            x + half,
            middle - half / 2 + 0.9,
            x + half,
            middle + half / 2 - 0.9,
            stroke=INK,
            stroke_width=0.3,
            role="example-tile",
        ),  # fmt: skip
    ]
    for k, end in enumerate(tile.split("-", 1)):
        cx = x + half * (k + 0.5)
        if end == TRAIN:
            loco_w = half * 0.6
            loco: Path = engine(cx - loco_w / 2, middle + loco_w * 64 / 96 / 2, loco_w, INK, role="example-train")
            shapes.append(loco)
        else:
            end_size = fit_step(end, size, half - 1.6, bold=True, family="sans")
            shapes.append(_sans(cx, middle + CAP * end_size / 2, end, end_size, "middle", bold=True, fill=INK, role="example-end"))  # fmt: skip
    return shapes, 2 * half


def score_sheet(
    *,
    players: int,
    rounds: Sequence[str],
    paper: tuple[float, float],
    margin: float,
    heading: str = "Score sheet",
    subtitle: str = "",
    notes: Sequence[str] = (),
    examples: Sequence[tuple[str, int]] = (),
) -> Drawing:
    """The sheet for ``players`` players and ``rounds`` (row labels, in playing order); ``notes``
    and ``examples`` (a tile and what it counts) go in the scoring panel at the foot."""
    pw, ph = (max(paper), min(paper)) if players >= LANDSCAPE_FROM else (min(paper), max(paper))
    left, top = margin + PAD, margin + PAD
    width = pw - 2 * left
    shapes: list[Shape] = []

    # Heading and subtitle.
    head = fit_step(heading, TITLE, width, bold=True)
    y = top + CAP * head
    shapes.append(_sans(left, y, heading, head, fill=INK, bold=True, role="title"))
    if subtitle:
        sub = fit_step(subtitle, BODY, width)
        y += 2.4 + CAP * sub
        shapes.append(_sans(left, y, subtitle, sub, fill=GREY, role="subtitle"))
    table_top = y + 4.0

    # The scoring panel at the foot, then the rows share what is left.
    foot, foot_h = _foot(left, width, 0.0, notes, examples) if notes or examples else ([], 0.0)
    bottom_limit = ph - top - (foot_h + 4.0 if foot else 0.0)

    # Columns: the round's number, its engine, then score and total for each player.
    label_size = LEAD
    longest = max(rounds, key=len)
    number_w = max(_width("round", NOTE), _width(f"{len(rounds)}", BODY)) + 3.0
    engine_w = max(_width(longest, label_size, True), _width("engine", NOTE)) + 5.0
    round_w = number_w + engine_w
    player_w = (width - round_w) / players
    rows = len(rounds) + 1  # rounds and the totals row
    row_h = min(MAX_ROW, (bottom_limit - table_top - NAME_ROW - HEAD_ROW) / rows)
    if row_h < MIN_ROW or player_w < 16.0:
        raise CardgenError(f"a score sheet for {players} players does not fit on this paper: choose a larger one")
    body_top = table_top + NAME_ROW + HEAD_ROW
    rounds_bottom = body_top + len(rounds) * row_h
    table_bottom = body_top + rows * row_h
    right = left + round_w + players * player_w

    # Tints first, so the lines are drawn over them: the column captions' band, the running totals.
    shapes.append(Rect(left, table_top + NAME_ROW, right - left, HEAD_ROW, fill=TINT, role="head-band"))
    for p in range(players):
        x = left + round_w + p * player_w + player_w / 2
        shapes.append(Rect(x, body_top, player_w / 2, rounds_bottom - body_top, fill=TINT, role="total-cell"))

    # Header: a name line per player under "Player n", then the column captions.
    name_size = fit_step("Player 8", BODY, player_w - 3.2)
    for p in range(players):
        x = left + round_w + p * player_w
        shapes.append(_sans(x + 1.6, table_top + 1.6 + CAP * name_size, f"Player {p + 1}", name_size, fill=INK, role="player"))  # fmt: skip
        shapes.append(Line(x + 2.0, table_top + NAME_ROW - 2.2, x + player_w - 2.0, table_top + NAME_ROW - 2.2, stroke=GREY, stroke_width=THIN, role="name-line"))  # fmt: skip
        for k, word in enumerate(("score", "total")):
            size = fit_step(word, NOTE, player_w / 2 - 1.0)
            base = table_top + NAME_ROW + HEAD_ROW / 2 + CAP * size / 2
            shapes.append(_sans(x + player_w * (k + 0.5) / 2, base, word, size, "middle", fill=INK, role="column"))  # fmt: skip
    base = table_top + NAME_ROW + HEAD_ROW / 2 + CAP * NOTE / 2
    shapes.append(_sans(left + number_w / 2, base, "round", NOTE, "middle", fill=INK, role="column"))
    shapes.append(_sans(left + number_w + engine_w / 2, base, "engine", NOTE, "middle", fill=INK, role="column"))

    # Round rows and the totals row.
    for r, name in enumerate(rounds):
        middle = body_top + r * row_h + row_h / 2
        shapes.append(_sans(left + number_w / 2, middle + CAP * BODY / 2, str(r + 1), BODY, "middle", fill=GREY, role="round-number"))  # fmt: skip
        shapes.append(_sans(left + number_w + engine_w / 2, middle + CAP * label_size / 2, name, label_size, "middle", fill=INK, bold=True, role="round"))  # fmt: skip
    total = SUBHEAD if row_h >= 10 else label_size
    baseline = table_bottom - row_h / 2 + CAP * total / 2
    shapes.append(_sans(left + round_w - 2.0, baseline, "Total", total, "end", fill=INK, bold=True, role="total"))

    # Rules: hairlines inside, heavier lines round each player and the totals row; the totals row
    # is one cell a player, and its label spans the round and engine columns.
    for r in range(rows):
        y_line = body_top + r * row_h
        shapes.append(Line(left, y_line, right, y_line, stroke=INK, stroke_width=THICK if r in (0, rows - 1) else THIN))
    shapes.append(
        Line(left + round_w, table_top + NAME_ROW, right, table_top + NAME_ROW, stroke=INK, stroke_width=THIN)
    )
    shapes.append(
        Line(left + number_w, table_top + NAME_ROW, left + number_w, rounds_bottom, stroke=INK, stroke_width=THIN)
    )
    for p in range(players):
        x = left + round_w + p * player_w
        shapes.append(Line(x, table_top, x, table_bottom, stroke=INK, stroke_width=THICK))
        mid = x + player_w / 2
        shapes.append(Line(mid, table_top + NAME_ROW, mid, rounds_bottom, stroke=INK, stroke_width=THIN))
    shapes.append(
        Rect(left, table_top, right - left, table_bottom - table_top, fill=None, stroke=INK, stroke_width=THICK)
    )

    # The foot sits on the bottom of the printable area.
    shapes += [_moved(s, ph - top - foot_h) for s in foot]
    return Drawing(pw, ph, tuple(shapes), title=heading)


def _moved(s: Shape, dy: float) -> Shape:
    """A shape of the foot (laid out from y = 0) moved down by ``dy``."""
    if isinstance(s, Text):
        return Text(s.x, s.y + dy, s.text, s.size, s.anchor, s.rotate, s.fill, s.bold, s.role, s.font, s.family)
    if isinstance(s, Line):
        return Line(s.x1, s.y1 + dy, s.x2, s.y2 + dy, s.stroke, s.stroke_width, s.role, s.dash)
    if isinstance(s, Rect):
        return Rect(s.x, s.y + dy, s.w, s.h, s.fill, s.stroke, s.stroke_width, s.radius, s.role)
    if isinstance(s, Path):
        return Group((s,), dy=dy, role=s.role)
    raise TypeError(type(s).__name__)
