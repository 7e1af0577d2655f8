"""The Amtrak scorecard (seed 004): pages to score a game with a pen, and no rules at hand. Pure.

Each player gets a block: a table of Cars (row number, Tie, Rail, Type and Fleet to circle,
Value) and beside it the three Full-Staff bonus boxes, their conditions and points, and the
sums: Cars, Bonus, Total and, with rivals, the tie-break value of the Rails. Every page ends
with a reference panel: the car values, the Full-Staff rule, the tie-break (not alone: solo
play has no one to tie with) and the "Rulings": the decisions the scoring engine made where
the seed is unclear, one bulleted item each, set a step larger and spaced apart where the page
has the room. A solo page adds the face-down pile tally and the goal; the last page of a game with
rivals, when a page holds one block, the result table.

A form uses its page: the writing rows grow (from ``MIN_ROW`` up to ``MAX_ROW``) until the
page is full, the reference panel is set a step larger where there is room, and what is left
is shared out between the parts, so no band of the page is left blank. The bonus boxes beside
a table stand at one even gap from each other and from their neighbours; the room left over
makes the boxes taller, their words in the middle.

Everything the rules decide is read from ``cardgen.rules.amtrak.scoring`` (``VALUES``, ``BONUSES``,
``FULL_STAFF``, ``KINDS``, ``FLEETS``, the points constants), never retyped. Black text in
the sans family at sizes of the type scale, thin lines and no fills but a light grey, so that
a photocopy stays clean. Coordinates are mm, y down, origin at the page's top-left; nothing
is drawn within ``margin`` + ``PAD`` of the paper's edge.

>>> [len(p) for p in pages_of(4, 2)], [len(p) for p in pages_of(3, 2)], pages_of(1, 2)
([2, 2], [2, 1], [[1]])
>>> wrap("one two three four (Ace = 1)", 2.0, 10.0)
['one two', 'three four', '(Ace = 1)']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.layout.amtrak.scorecard_words import (
    BONUS_NOTE,
    BULLET,
    FLEET_HINTS,
    RULINGS,
    SOLO_GOAL,
    SOLO_RULE,
    STAFF_HINT,
    TIE_BREAK,
    decisions,
)
from cardgen.layout.shapes import Anchor, Drawing, Line, Rect, Shape, Text, cap_height, text_width
from cardgen.layout.typescale import BODY, HEAD, LABEL, LEAD, NOTE, SCALE, fit_step
from cardgen.rules.amtrak.scoring import (
    BONUSES,
    FLEETS,
    FULL_STAFF,
    KINDS,
    SOLO_START_PILE,
    VALUES,
    BonusRule,
)

MIN_PLAYERS, MAX_PLAYERS = 1, 4
ROWS = 10  # cars a player can write down; a real train is shorter
MIN_ROW = 8.2  # a writing row: room for a pen, over the 8 mm asked for
ROW_H = MIN_ROW  # (the name the product's notes use)
EASY_ROW = 9.0  # rows at least this tall before the reference panel takes the larger type (the
# rulings alone a step larger may have rows down to MIN_ROW: they are what a player reads there)
MAX_ROW = 13.0  # taller rows stop helping the pen; the rest of a page goes between the parts
HEAD_H = 8.0  # the table's two-line header
PAD = 1.0  # extra room inside the printer's margin, so no stroke grazes it
GAP = 3.5  # the least room between two parts of a page
MAX_GAP = 14.0  # the most: beyond it the room goes before the reference panel
PAGE_HEAD = 10.0
BONUS_GAP = 3.0  # between the bonus boxes, and above and below them
CAP = cap_height("sans")

# Table columns: (heading, hint under it, width in mm at the narrowest table)
COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("#", "", 6.0),
    ("Tie", "top card", 14.0),
    ("Rail", "card under", 14.0),
    ("Type", "circle one", 38.0),
    ("Fleet", "circle one", 34.0),
    ("Value", "points", 15.0),
)
TABLE_W = sum(c[2] for c in COLUMNS)
MIN_SIDE_W = 62.0  # the bonus and sums column beside the table
MAX_SIDE_W = 84.0

# The solo pile tally: three starting cards and one a turn. 50 boxes hold every turn a
# 54-card deck (52 and two Jokers) allows: 54 - 1 discard - 3 pile - 3 first Track = 47 turns.
TALLY = 50
TALLY_PER_ROW = 25


INK = "#000000"
GREY = "#e4e4e4"  # the only fills: the solo pile's three starting boxes, the panels' heading bands
THIN = 0.2
FRAME = 0.35


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` at ``size`` (a long word, or a
    bracketed group, stands alone: "(Ace = 1 point)" is never split)."""
    lines: list[str] = []
    for word in re.findall(r"\S*\([^()]*\)\S*|\S+", text):
        if lines and text_width(f"{lines[-1]} {word}", size, None, bold, "sans") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def pages_of(players: int, per_page: int) -> list[list[int]]:
    """Player numbers on each page, as evenly as the pages allow, the fuller pages first."""
    count = -(-players // per_page)
    sizes = [players // count + (i < players % count) for i in range(count)]
    out, first = [], 1
    for n in sizes:
        out.append(list(range(first, first + n)))
        first += n
    return out


def _width(text: str, size: float, bold: bool = False) -> float:
    return text_width(text, size, None, bold, "sans")


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    width: float,
    *,
    anchor: Anchor = "start",
    bold: bool = False,
    role: str = "",
) -> Text:
    """Sans text at ``size`` or the largest smaller step that is no wider than ``width``, baseline at ``y``."""
    size = fit_step(text, size, width, bold=bold)
    return Text(x, y, text, size, anchor, bold=bold, fill=INK, role=role, family="sans")


def _mid(top: float, h: float, size: float) -> float:
    """The baseline that centres capitals of ``size`` in a band ``h`` tall from ``top``."""
    return top + (h + CAP * size) / 2


def _box(x: float, y: float, w: float, h: float, width: float = THIN, role: str = "") -> Rect:
    return Rect(x, y, w, h, fill=None, stroke=INK, stroke_width=width, role=role)


def _smaller(size: float, by: int = 1) -> float:
    return SCALE[max(0, SCALE.index(size) - by)]


def _larger(size: float, by: int = 1) -> float:
    return SCALE[min(len(SCALE) - 1, SCALE.index(size) + by)]


# ------------------------------------------------------------------ the player's block


def columns(width: float) -> list[tuple[str, str, float]]:
    """The table's columns stretched to ``width`` (the writing columns take the stretch)."""
    extra = max(0.0, width - TABLE_W)
    grow = {"Tie": 0.3, "Rail": 0.3, "Value": 0.4}
    return [(h, hint, w + extra * grow.get(h, 0.0)) for h, hint, w in COLUMNS]


def block_height(row_h: float = MIN_ROW) -> float:
    return HEAD_H + ROWS * row_h


def _options(x: float, y: float, w: float, h: float, words: Sequence[str]) -> list[Shape]:
    """Words to circle, spread evenly across a cell."""
    size = fit_step(" ".join(words), BODY, w - 2.0 - 2.0 * len(words))
    room = w - sum(_width(t, size) for t in words)
    gap = room / (len(words) + 1)
    shapes: list[Shape] = []
    at = x + gap
    for word in words:
        shapes.append(Text(at, _mid(y, h, size), word, size, "start", fill=INK, role="option", family="sans"))
        at += _width(word, size) + gap
    return shapes


def car_table(x: float, y: float, width: float, row_h: float) -> list[Shape]:
    """The Cars table: a two-line header and ``ROWS`` writing rows, ``width`` wide."""
    cols = columns(width)
    h = block_height(row_h)
    shapes: list[Shape] = [
        Rect(x, y, width, HEAD_H, fill=GREY, role="head-band"),
        _box(x, y, width, h, FRAME, "car-table"),
    ]
    at = x
    for i, (head, hint, w) in enumerate(cols):
        if i:
            shapes.append(Line(at, y, at, y + h, INK, THIN, "column"))
        inner = w - 1.6
        if hint:
            shapes.append(_text(at + w / 2, y + 4.0, head, LEAD, inner, anchor="middle", bold=True, role="head"))
            shapes.append(_text(at + w / 2, y + 6.9, hint, LABEL, inner, anchor="middle", role="head-hint"))
        else:
            shapes.append(_text(at + w / 2, _mid(y, HEAD_H, LEAD), head, LEAD, inner, anchor="middle", bold=True))
        at += w
    shapes.append(Line(x, y + HEAD_H, x + width, y + HEAD_H, INK, FRAME, "head-rule"))
    kinds_x = x + sum(c[2] for c in cols[:3])
    fleets_x = kinds_x + cols[3][2]
    for r in range(ROWS):
        top = y + HEAD_H + r * row_h
        if r:
            shapes.append(Line(x, top, x + width, top, INK, THIN, "row"))
        number = _text(x + cols[0][2] / 2, _mid(top, row_h, BODY), str(r + 1), BODY, cols[0][2] - 1.0, anchor="middle")
        shapes.append(number)
        shapes += _options(kinds_x, top, cols[3][2], row_h, KINDS)
        shapes += _options(fleets_x, top, cols[4][2], row_h, FLEETS)
    return shapes


def _bonus_height(rule: BonusRule) -> float:
    return 6.2 + 3.3 * len(rule.conditions) + 0.4


def _bonus_box(x: float, y: float, w: float, rule: BonusRule, grow: float = 0.0) -> list[Shape]:
    """One bonus: a tick box, its name and points, its conditions below; ``grow`` mm taller than
    it needs, the words in the middle."""
    tick = 4.0
    shapes: list[Shape] = [
        _box(x, y, w, _bonus_height(rule) + grow, THIN, "bonus"),
        _box(x + 1.6, y + 1.4 + grow / 2, tick, tick, THIN, "tick-box"),
    ]
    y += grow / 2
    name_x = x + 1.6 + tick + 2.0
    points = _text(x + w - 1.6, y + 4.9, rule.points, BODY, w / 2, anchor="end", bold=True, role="points")
    shapes.append(points)
    room = x + w - 3.2 - _width(rule.points, points.size, True) - name_x
    shapes.append(_text(name_x, y + 4.9, rule.name, LEAD, room, bold=True, role="bonus"))
    for i, cond in enumerate(rule.conditions):
        shapes.append(_text(name_x, y + 8.6 + 3.3 * i, "· " + cond, NOTE, x + w - 1.6 - name_x, role="condition"))
    return shapes


def _sum_row(x: float, y: float, w: float, h: float, label: str, hint: str, *, strong: bool = False) -> list[Shape]:
    box_w = min(26.0, w * 0.38)
    shapes: list[Shape] = [_box(x, y, w, h, FRAME if strong else THIN, "sum")]
    shapes.append(Line(x + w - box_w, y, x + w - box_w, y + h, INK, THIN, "sum-box"))
    room = w - box_w - 3.2
    if hint:
        base = y + h / 2 + 0.2
        shapes.append(_text(x + 1.6, base, label, LEAD, room, bold=True, role="sum-label"))
        shapes.append(_text(x + 1.6, base + 3.0, hint, LABEL, room, role="sum-hint"))
    else:
        shapes.append(_text(x + 1.6, _mid(y, h, SCALE[4]), label, SCALE[4], room, bold=True))
    return shapes


def player_block(x: float, y: float, width: float, player: int, row_h: float, *, solo: bool = False) -> list[Shape]:
    """One player's table, bonus boxes and sums, ``width`` wide from (x, y), rows ``row_h`` tall."""
    side_w = min(MAX_SIDE_W, max(MIN_SIDE_W, width * 0.37))
    table_w = width - GAP - side_w
    shapes = car_table(x, y, table_w, row_h)
    sx, sw = x + table_w + GAP, side_w
    who = "Solo player" if solo else f"Player {player}"
    name = _text(sx, y + 5.6, who, LEAD, sw * 0.5, bold=True, role="player")
    shapes.append(name)
    hint_x = sx + _width(who, name.size, True) + 2.0
    shapes.append(_text(hint_x, y + 5.6, "name", LABEL, 10.0, role="name-hint"))
    line_x = hint_x + _width("name", LABEL) + 1.0
    shapes.append(Line(line_x, y + 6.0, sx + sw, y + 6.0, INK, THIN, "name-line"))
    sums = (
        ("Cars", "sum of the Value column", False),
        ("+ Bonus", "points of the ticked box", False),
        ("= Total", "", True),
        ("Tie-break", "equal totals: Rails' values", False),
    )[: 3 if solo else 4]  # alone, there is no one to tie with
    # the sums share the table's last rows, line for line
    top = y + HEAD_H + (ROWS - len(sums)) * row_h
    for i, (label, hint, strong) in enumerate(sums):
        shapes += _sum_row(sx, top + i * row_h, sw, row_h, label, hint, strong=strong)
    # the bonus boxes in the room above, spread evenly
    at = y + HEAD_H + 4.0
    shapes.append(_text(sx, at, "Full-Staff bonus · tick one", BODY, sw, bold=True, role="bonus-head"))
    boxes = sum(_bonus_height(rule) for rule in BONUSES)
    staff = wrap(STAFF_HINT, NOTE, sw)
    pitch = NOTE * 1.4
    if top - at - boxes - 4 * 1.2 - 1.8 >= len(staff) * pitch:  # the short rule, when it fits
        for line in staff:
            at += pitch
            shapes.append(_text(sx, at, line, NOTE, sw, role="staff-hint"))
    at += 1.8
    spare = top - at - boxes
    if spare < 4 * 1.2 - 1e-6:  # pragma: no cover - a layout slip, caught by the tests
        raise AssertionError("scorecard: the bonus boxes run into the sums")
    space = min(spare / 4, BONUS_GAP)  # above, between and below the boxes: one gap
    grow = (spare - 4 * space) / len(BONUSES)  # the rest makes the boxes taller, all alike
    at += space
    for rule in BONUSES:
        shapes += _bonus_box(sx, at, sw, rule, grow)
        at += _bonus_height(rule) + grow + space
    return shapes


# ------------------------------------------------------------------ the reference panel


def _heading(x: float, y: float, w: float, text: str, size: float) -> Text:
    return _text(x, y + CAP * size, text, size, w, bold=True, role="ref-head")


def _values_table(x: float, y: float, w: float, size: float) -> tuple[list[Shape], float]:
    """Car values from ``VALUES``: Type (and its Ties), Single-Level and Bi-Level points."""
    head, hint = _larger(size), _smaller(size)
    widths = (w * 0.38, w * 0.31, w * 0.31)  # (room for the Ties as the deck names them, at 6 pt at least)
    pitch = size * 1.3
    shapes: list[Shape] = [_heading(x, y, w, "Car values", head)]
    top = y + CAP * head + 2.0
    head_h = 1.2 + CAP * size + 1.1 + CAP * hint + 1.2
    heads = [("Type", "from the Tie")] + [(f, FLEET_HINTS[f]) for f in FLEETS]
    shapes.append(Rect(x, top, w, head_h, fill=GREY, role="ref-band"))
    at = x
    for (title, under), cw in zip(heads, widths):
        shapes.append(_text(at + 1.4, top + 1.2 + CAP * size, title, size, cw - 2.8, bold=True))
        shapes.append(_text(at + 1.4, top + head_h - 1.2, under, hint, cw - 2.8, role="ref-hint"))
        at += cw
    rt = top + head_h
    for r, row in enumerate(VALUES):
        cells = [wrap(row.points(f), size, cw - 2.8) for f, cw in zip(FLEETS, widths[1:])]
        room = widths[0] - 2.8
        ties = [row.ties] if _width(row.ties, SCALE[0]) <= room else wrap(row.ties, SCALE[0], room)  # (a wide margin)
        lines = max(1 + len(ties), *(len(c) for c in cells))
        row_h = 1.3 + CAP * size + (lines - 1) * pitch + 1.4
        shapes.append(Line(x, rt, x + w, rt, INK, THIN if r else FRAME, "ref-row"))
        first = rt + 1.3 + CAP * size
        shapes.append(_text(x + 1.4, first, row.kind, size, room, bold=True))
        for i, line in enumerate(ties, 1):
            shapes.append(_text(x + 1.4, first + i * pitch, line, hint, room))
        at = x + widths[0]
        for cell, cw in zip(cells, widths[1:]):
            for i, text in enumerate(cell):
                shapes.append(_text(at + 1.4, first + i * pitch, text, size, cw - 2.8, role="ref-value"))
            at += cw
        rt += row_h
    shapes.append(_box(x, top, w, rt - top, FRAME, "ref-values"))
    at = x
    for cw in widths[:-1]:
        at += cw
        shapes.append(Line(at, top, at, rt, INK, THIN, "ref-col"))
    return shapes, rt - y


def _paragraphs(x: float, y: float, w: float, head: str, body: Sequence[str], size: float) -> tuple[list[Shape], float]:
    """A bold heading and the body texts wrapped to ``w``; returns the shapes and the height used."""
    big = _larger(size)
    pitch = size * 1.35
    shapes: list[Shape] = [_heading(x, y, w, head, big)]
    at = y + CAP * big + 2.0 + CAP * size
    for n, text in enumerate(body):
        if n:
            at += size * 0.6
        for i, row in enumerate(wrap(text, size, w)):
            shapes.append(_text(x, at + i * pitch, row, size, w, role="ref-text"))
        at += len(wrap(text, size, w)) * pitch
    return shapes, at - pitch + 1.0 - y


def reference(
    x: float,
    y: float,
    w: float,
    size: float = NOTE,
    *,
    solo: bool = False,
    rulings: float | None = None,
    spaced: bool = True,
) -> tuple[list[Shape], float]:
    """The rules at a glance, text at ``size``: values, Full-Staff, the tie-break (not solo), then
    the rulings at ``rulings`` (``size`` when None), each a bulleted item, a gap between items when
    ``spaced``; returns shapes and height."""
    inner = 2.5
    left_w = (w - 2 * inner) * 0.46
    shapes, left_h = _values_table(x + inner, y + inner, left_w, size)
    rx = x + inner + left_w + 5.0
    rw = x + w - inner - rx
    body = (FULL_STAFF, BONUS_NOTE, SOLO_RULE if solo else TIE_BREAK)
    staff, right_h = _paragraphs(rx, y + inner, rw, "Full-Staff train", body, size)
    shapes += staff
    top = y + inner + max(left_h, right_h) + 2.0
    rulings = rulings or size
    shapes += _paragraphs(x + inner, top, w - 2 * inner, RULINGS, (), rulings)[0]
    big = _larger(rulings)
    at = top + CAP * big + 2.0 + CAP * rulings
    pitch = rulings * (1.4 if spaced else 1.35)
    between = rulings * 0.4 if spaced else 0.0
    indent = _width(BULLET + " ", rulings)
    room = w - 2 * inner - indent
    for text in decisions(solo):
        shapes.append(Text(x + inner, at, BULLET, rulings, "start", fill=INK, role="ruling-bullet", family="sans"))
        for row in wrap(text, rulings, room):
            shapes.append(_text(x + inner + indent, at, row, rulings, room, role="decision"))
            at += pitch
        at += between
    height = at - between - pitch + inner + 1.0 - y
    shapes.insert(0, _box(x, y, w, height, THIN, "reference"))
    return shapes, height


def reference_height(
    width: float, size: float = NOTE, *, solo: bool = False, rulings: float | None = None, spaced: bool = True
) -> float:
    return reference(0.0, 0.0, width, size, solo=solo, rulings=rulings, spaced=spaced)[1]


# ------------------------------------------------------------------ solo and the result


def solo_panel(x: float, y: float, w: float) -> tuple[list[Shape], float]:
    """The face-down pile tally (``SOLO_START_PILE`` boxes shaded, one more a turn) and the goal."""
    shapes: list[Shape] = []
    head = f"Solo: the face-down pile starts with {SOLO_START_PILE} cards (shaded); cross out one box at the end of each turn"
    shapes.append(_text(x, y + CAP * LEAD, head, LEAD, w, bold=True, role="solo-head"))
    pitch = w / TALLY_PER_ROW
    side = min(pitch - 0.9, 7.2)
    top = y + CAP * LEAD + 2.4
    for i in range(TALLY):
        row, col = divmod(i, TALLY_PER_ROW)
        bx, by = x + col * pitch + (pitch - side) / 2, top + row * (side + 1.4)
        if i < SOLO_START_PILE:
            shapes.append(Rect(bx, by, side, side, fill=GREY, stroke=INK, stroke_width=THIN, role="tally-start"))
        else:
            shapes.append(_box(bx, by, side, side, THIN, "tally"))
        size = fit_step(str(i + 1), NOTE, side - 1.6)
        shapes.append(
            Text(bx + side / 2, _mid(by, side, size), str(i + 1), size, fill=INK, role="tally-count", family="sans")
        )
    at = top + 2 * (side + 1.4) + 1.6 + CAP * BODY
    goal = "The last box crossed out = cards in the pile.  " + SOLO_GOAL
    shapes.append(_text(x, at, goal, BODY, w, role="solo-goal"))
    won = "Full-Staff before the deck ran out?"
    at += 3.0 + CAP * LEAD + 1.0
    shapes.append(_text(x, at, won, LEAD, w / 2, bold=True, role="solo-won"))
    bx = x + _width(won, LEAD, True) + 4.0
    for word in ("yes", "no"):
        shapes.append(_box(bx, at - 3.6, 4.0, 4.0, THIN, "tick-box"))
        shapes.append(_text(bx + 5.6, at, word, LEAD, 10.0, role="solo-won"))
        bx += 5.6 + _width(word, LEAD) + 6.0
    return shapes, at + 0.8 - y


def solo_height(width: float) -> float:
    return solo_panel(0.0, 0.0, width)[1]


def result_height(players: int) -> float:
    return CAP * LEAD + 2.4 + HEAD_H * 0.8 + players * MIN_ROW


def result_panel(x: float, y: float, w: float, players: int) -> list[Shape]:
    """The result: each place, who, their total and (for equal totals) the Rails' value."""
    shapes: list[Shape] = [_text(x, y + CAP * LEAD, "Result", LEAD, w, bold=True, role="result-head")]
    top = y + CAP * LEAD + 2.4
    head_h = HEAD_H * 0.8
    cols = (("Place", 18.0), ("Player", w - 18.0 - 2 * 34.0), ("Total", 34.0), ("Tie-break", 34.0))
    h = head_h + players * MIN_ROW
    shapes.append(Rect(x, top, w, head_h, fill=GREY, role="head-band"))
    shapes.append(_box(x, top, w, h, FRAME, "result"))
    at = x
    for i, (title, cw) in enumerate(cols):
        if i:
            shapes.append(Line(at, top, at, top + h, INK, THIN, "column"))
        shapes.append(_text(at + 1.6, _mid(top, head_h, BODY), title, BODY, cw - 3.2, bold=True, role="result-col"))
        at += cw
    for r in range(players):
        rt = top + head_h + r * MIN_ROW
        shapes.append(Line(x, rt, x + w, rt, INK, FRAME if r == 0 else THIN, "row"))
        shapes.append(_text(x + 1.6, _mid(rt, MIN_ROW, BODY), f"{r + 1}.", BODY, 10.0, role="place"))
    return shapes


# ------------------------------------------------------------------ pages


def _area(paper: tuple[float, float], margin: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) the ink stays in."""
    inset = margin + PAD
    return inset, inset, paper[0] - inset, paper[1] - inset


@dataclass(frozen=True)
class PagePlan:
    """How a page's height is shared: the rows, the reference panel's type and the gaps."""

    row_h: float
    ref_size: float
    ref_h: float
    rulings: float  # the rulings' type, ``ref_size`` or a step larger
    spaced: bool  # a gap between two rulings
    gap: float  # between the parts
    extra: float  # more room above the reference panel, when the gaps took all they may
    result: bool  # the result table goes on this page


def plan_page(blocks: int, width: float, height: float, *, solo: bool, result: int = 0) -> PagePlan | None:
    """The plan for ``blocks`` player blocks (and the solo panel, or a result table for ``result``
    players) in ``width`` × ``height`` mm below the page head; None when they do not fit."""
    extra_h = solo_height(width) if solo else 0.0
    options: list[tuple[float, float, bool, float, bool]] = []
    for with_result in (True, False) if result else (False,):
        for size, rulings, spaced in ((BODY, LEAD, True), (BODY, BODY, True), (NOTE, BODY, True), (NOTE, NOTE, True), (NOTE, NOTE, False)):  # fmt: skip
            options.append((size, extra_h + (result_height(result) if with_result else 0.0), with_result, rulings, spaced))  # fmt: skip
    fallback: PagePlan | None = None
    for size, parts_h, with_result, rulings, spaced in options:
        ref_h = reference_height(width, size, solo=solo, rulings=rulings, spaced=spaced)
        parts = blocks + 1 + (solo or with_result)
        room = height - ref_h - parts_h - blocks * HEAD_H - (parts - 1) * GAP
        row_h = min(MAX_ROW, room / (blocks * ROWS))
        if row_h < MIN_ROW - 1e-9:
            continue
        slack = room - row_h * blocks * ROWS
        gap = min(MAX_GAP, GAP + slack / (parts - 1))
        extra = GAP * (parts - 1) + slack - gap * (parts - 1)
        plan = PagePlan(row_h, size, ref_h, rulings, spaced, gap, extra, with_result)
        if row_h >= EASY_ROW - 1e-9 or (size == NOTE and rulings > NOTE):  # readable rulings before taller rows
            return plan
        fallback = fallback or plan
    return fallback


def per_page(players: int, paper: tuple[float, float], margin: float) -> int:
    """How many player blocks fit a page above the reference panel (1 for solo); CardgenError when none does."""
    x0, y0, x1, y1 = _area(paper, margin)
    width, height = x1 - x0, y1 - y0
    need_w = TABLE_W + GAP + MIN_SIDE_W
    if width < need_w:
        raise CardgenError(
            f"margin {margin:g}mm leaves {width:.1f} mm across the paper; the scorecard needs {need_w:.1f} mm: "
            "use a smaller --margin or larger paper"
        )
    fits = 0
    while fits < players and plan_page(fits + 1, width, height - PAGE_HEAD, solo=players == 1):
        fits += 1
    if fits < 1:
        raise CardgenError(
            f"margin {margin:g}mm leaves {height:.1f} mm down the paper, too little for a player's block "
            "and the rules panel: use a smaller --margin or larger paper"
        )
    return fits


def _page_head(x0: float, x1: float, y0: float, title: str, caption: str) -> list[Shape]:
    csize = fit_step(caption, LEAD, (x1 - x0) * 0.45)
    room = x1 - x0 - _width(caption, csize) - 4.0
    base = y0 + CAP * HEAD + 0.8
    return [
        _text(x0, base, title, HEAD, room, bold=True, role="page-title"),
        Text(x1, base, caption, csize, "end", fill=INK, role="page-caption", family="sans"),
        Line(x0, y0 + PAGE_HEAD - 3.0, x1, y0 + PAGE_HEAD - 3.0, INK, FRAME, "page-rule"),
    ]


def scorecard_pages(players: int, paper: tuple[float, float], margin: float, *, title: str = "") -> list[Drawing]:
    """The scorecard for ``players`` (1 = solo) on ``paper``, as many portrait pages as it needs."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CardgenError(f"players {players!r} is out of range: a scorecard is for 1 to 4 players (1 = solo)")
    x0, y0, x1, y1 = _area(paper, margin)
    width = x1 - x0
    solo = players == 1
    pages = pages_of(players, per_page(players, paper, margin))
    heading = title or "Amtrak scorecard"
    who = "solo" if solo else f"{players} players"
    out: list[Drawing] = []
    for n, group in enumerate(pages, 1):
        last = n == len(pages)
        plan = plan_page(len(group), width, y1 - y0 - PAGE_HEAD, solo=solo, result=players if last and not solo else 0)
        if plan is None:  # pragma: no cover - per_page has made sure
            raise AssertionError("scorecard: a page's blocks do not fit")
        caption = f"{'Amtrak scorecard · ' if title else ''}{who} · page {n} of {len(pages)}"
        shapes = _page_head(x0, x1, y0, heading, caption)
        at = y0 + PAGE_HEAD
        for player in group:
            shapes += player_block(x0, at, width, player, plan.row_h, solo=solo)
            at += block_height(plan.row_h) + plan.gap
        if solo:
            panel, h = solo_panel(x0, at, width)
            shapes += panel
            at += h + plan.gap
        if plan.result:
            shapes += result_panel(x0, at, width, players)
        ref, _ = reference(
            x0, y1 - plan.ref_h, width, plan.ref_size, solo=solo, rulings=plan.rulings, spaced=plan.spaced
        )
        shapes += ref
        out.append(
            Drawing(
                paper[0],
                paper[1],
                tuple(shapes),
                title=f"{heading}: {who}, page {n} of {len(pages)}",
                meta={"players": " ".join(str(p) for p in group), "row": f"{plan.row_h:.1f}"},
            )
        )
    return out
