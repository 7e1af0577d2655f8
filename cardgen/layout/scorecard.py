"""The Amtrak scorecard (seed 004): pages to score a game with a pen, and no rules at hand. Pure.

Each player gets a block: a table of Cars (row number, Tie, Rail, Type and
Fleet to circle, Value) and beside it the three Full-Staff bonus boxes, their
conditions and points, and the sums: Cars, Bonus, Total and the tie-break
value of the Rails. Every page ends with a reference panel: the car values,
the Full-Staff rule, the tie-break, and the decisions the scoring engine made
where the seed is unclear. A solo page adds the face-down pile tally and the
goal.

Everything the rules decide is read from ``cardgen.rules.amtrak`` (``VALUES``,
``BONUSES``, ``FULL_STAFF``, ``KINDS``, ``FLEETS``, the points constants), never
retyped. Black text, thin lines and no fills but a light grey, so that a
photocopy stays clean. Coordinates are mm, y down, origin at the page's
top-left; nothing is drawn within ``margin`` + ``PAD`` of the paper's edge.

>>> [len(p) for p in pages_of(4, 2)], [len(p) for p in pages_of(3, 2)], pages_of(1, 2)
([2, 2], [2, 1], [[1]])
>>> wrap("one two three four", 2.0, 13.0)  # 1.2 mm a letter: 10 letters a line
['one two', 'three four']
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.errors import CardgenError
from cardgen.layout.shapes import CAP_HEIGHT, Anchor, Drawing, Line, Rect, Shape, Text, fit_size, text_width
from cardgen.rules.amtrak import (
    ACELA_POINTS_PER_ACE,
    BONUSES,
    CREW_POINTS,
    FLEETS,
    FULL_STAFF,
    KINDS,
    SOLO_START_PILE,
    VALUES,
    BonusRule,
)

MIN_PLAYERS, MAX_PLAYERS = 1, 4
ROWS = 10  # cars a player can write down; a real train is shorter
ROW_H = 8.2  # a writing row: room for a pen, over the 8 mm asked for
HEAD_H = 8.0  # the table's two-line header
PAD = 1.0  # extra room inside the printer's margin, so no stroke grazes it
GAP = 4.0  # between blocks
PAGE_HEAD = 9.0

# Table columns: (heading, hint under it, width in mm)
COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("#", "", 7.0),
    ("Tie", "top card", 15.0),
    ("Rail", "card under", 15.0),
    ("Type", "circle one", 35.0),
    ("Fleet", "circle one", 33.0),
    ("Value", "points", 16.0),
)
TABLE_W = sum(c[2] for c in COLUMNS)
MIN_SIDE_W = 60.0  # the bonus and sums column beside the table

# The solo pile tally: three starting cards and one a turn. 50 boxes hold every turn a
# 54-card deck (52 and two Jokers) allows: 54 - 1 discard - 3 pile - 3 first Track = 47 turns.
TALLY = 50
TALLY_PER_ROW = 25

# The decisions of cardgen.rules.amtrak (see its docstring), one short line each.
DECISIONS: tuple[str, ...] = (
    "A car's Type and value come from its Tie; a Single-Level car's Rail counts only in a tie-break.",
    f"A Joker may be a Rail and is not wild there: K/JK is a Single-Level Crew car ({CREW_POINTS}).",
    "Bi-Level means Tie and Rails match in rank, and a Joker has none: JK/JK is a Single-Level Substitute (0).",
    "A Substitute not needed to make the train Full-Staff stays a Substitute and breaks no bonus condition.",
    f"Acela: Substitutes stand in for Crew only, never as Coach cars; {ACELA_POINTS_PER_ACE} points per Ace car.",
    "Empire Builder: a Bi-Level car of any Type with a rank counts (K/K, 7/7); JK/JK does not.",
    "Tie-break: the Rails alone, no bonus; trains still equal share the place (places 1, 1, 3).",
    "A player who ends with no Car scores 0.",
)
BONUS_NOTE = "Only one bonus per train: the highest that applies."
TIE_BREAK = (
    "Winner: the highest total. Equal totals: discard each Car's Tie and add up the Rails now showing, "
    "each scored as a Single-Level Tie (see Car values)."
)
FLEET_HINTS = {"Single-Level": "Tie, Rail differ", "Bi-Level": "Tie, Rail match"}
STAFF_HINT = "Full-Staff: a Coach car, a King, a Queen and a Jack; Substitutes (Jokers) may stand in."
SOLO_GOAL = "Goal: a Full-Staff train (any of the three bonuses) before the deck runs out."

INK = "#000000"
GREY = "#e4e4e4"  # the only fill: the solo pile's three starting boxes
THIN = 0.2
FRAME = 0.35

# Text sizes (mm, em)
TITLE = 4.6
LABEL = 3.2
HINT = 6 * 25.4 / 72  # 6 pt (2.117 mm): the smallest type on a sheet
OPTION = 2.2
SMALL = 2.35


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` at ``size`` (a long word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
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
    """Text no wider than ``width`` (shrunk to fit), baseline at ``y``."""
    return Text(x, y, text, fit_size(text, size, width), anchor, bold=bold, fill=INK, role=role)


def _mid(top: float, h: float, size: float) -> float:
    """The baseline that centres capitals of ``size`` in a band ``h`` tall from ``top``."""
    return top + (h + CAP_HEIGHT * size) / 2


def _box(x: float, y: float, w: float, h: float, width: float = THIN, role: str = "") -> Rect:
    return Rect(x, y, w, h, fill=None, stroke=INK, stroke_width=width, role=role)


# ------------------------------------------------------------------ the player's block


def block_height() -> float:
    return HEAD_H + ROWS * ROW_H


def _options(x: float, y: float, w: float, words: Sequence[str]) -> list[Shape]:
    """Words to circle, spread evenly across a cell."""
    size = fit_size(" ".join(words), OPTION, w - 2.0)
    room = w - sum(text_width(t, size) for t in words)
    gap = room / (len(words) + 1)
    shapes: list[Shape] = []
    at = x + gap
    for word in words:
        shapes.append(Text(at, _mid(y, ROW_H, size), word, size, "start", fill=INK, role="option"))
        at += text_width(word, size) + gap
    return shapes


def car_table(x: float, y: float) -> list[Shape]:
    """The Cars table: a two-line header and ``ROWS`` writing rows."""
    h = block_height()
    shapes: list[Shape] = [_box(x, y, TABLE_W, h, FRAME, "car-table")]
    at = x
    for i, (head, hint, w) in enumerate(COLUMNS):
        if i:
            shapes.append(Line(at, y, at, y + h, INK, THIN, "column"))
        inner = w - 1.6
        if hint:
            shapes.append(_text(at + w / 2, y + 3.9, head, LABEL, inner, anchor="middle", bold=True, role="head"))
            shapes.append(_text(at + w / 2, y + 6.9, hint, HINT, inner, anchor="middle", role="head-hint"))
        else:
            shapes.append(_text(at + w / 2, _mid(y, HEAD_H, LABEL), head, LABEL, inner, anchor="middle", bold=True))
        at += w
    shapes.append(Line(x, y + HEAD_H, x + TABLE_W, y + HEAD_H, INK, FRAME, "head-rule"))
    kinds_x = x + sum(c[2] for c in COLUMNS[:3])
    fleets_x = kinds_x + COLUMNS[3][2]
    for r in range(ROWS):
        top = y + HEAD_H + r * ROW_H
        if r:
            shapes.append(Line(x, top, x + TABLE_W, top, INK, THIN, "row"))
        shapes.append(_text(x + COLUMNS[0][2] / 2, _mid(top, ROW_H, SMALL), str(r + 1), SMALL, 5.0, anchor="middle"))
        shapes += _options(kinds_x, top, COLUMNS[3][2], KINDS)
        shapes += _options(fleets_x, top, COLUMNS[4][2], FLEETS)
    return shapes


def _bonus_box(x: float, y: float, w: float, rule: BonusRule) -> tuple[list[Shape], float]:
    """One bonus: a tick box, its name and points, its conditions below; returns the shapes and height."""
    h = 5.6 + 3.1 * len(rule.conditions) + 0.6
    tick = 3.6
    shapes: list[Shape] = [
        _box(x, y, w, h, THIN, "bonus"),
        _box(x + 1.4, y + 1.2, tick, tick, THIN, "tick-box"),
    ]
    points_w = text_width(rule.points, LABEL * 0.85)
    name_x = x + 1.4 + tick + 1.6
    shapes.append(_text(x + w - 1.4, y + 4.5, rule.points, LABEL * 0.85, w / 2, anchor="end", bold=True, role="points"))
    shapes.append(_text(name_x, y + 4.5, rule.name, LABEL, x + w - 3.0 - points_w - name_x, bold=True, role="bonus"))
    for i, cond in enumerate(rule.conditions):
        shapes.append(_text(name_x, y + 8.1 + 3.1 * i, "· " + cond, SMALL, x + w - 1.4 - name_x, role="condition"))
    return shapes, h


def _staff_hint(x: float, y: float, w: float, room: float) -> tuple[list[Shape], float]:
    """What Full-Staff asks, in short, below the baseline ``y`` (the whole rule is in the reference),
    in at most ``room`` mm; returns the shapes and the height used (nothing when it cannot fit)."""
    size = SMALL
    while size >= 1.9:
        lines = wrap(STAFF_HINT, size, w)
        pitch = size * 1.38
        if len(lines) * pitch <= room:
            shapes: list[Shape] = [
                _text(x, y + (i + 1) * pitch, t, size, w, role="staff-hint") for i, t in enumerate(lines)
            ]
            return shapes, len(lines) * pitch
        size -= 0.1
    return [], 0.0


def _sum_row(x: float, y: float, w: float, label: str, hint: str, *, strong: bool = False) -> list[Shape]:
    box_w = 24.0
    shapes: list[Shape] = [_box(x, y, w, ROW_H, FRAME if strong else THIN, "sum")]
    shapes.append(Line(x + w - box_w, y, x + w - box_w, y + ROW_H, INK, THIN, "sum-box"))
    room = w - box_w - 2.8
    if hint:
        shapes.append(_text(x + 1.4, y + 3.9, label, LABEL, room, bold=True, role="sum-label"))
        shapes.append(_text(x + 1.4, y + 7.0, hint, HINT, room, role="sum-hint"))
    else:
        shapes.append(_text(x + 1.4, _mid(y, ROW_H, LABEL * 1.15), label, LABEL * 1.15, room, bold=True))
    return shapes


def player_block(x: float, y: float, width: float, player: int, *, solo: bool = False) -> list[Shape]:
    """One player's table, bonus boxes and sums, ``width`` wide from (x, y)."""
    shapes = car_table(x, y)
    sx = x + TABLE_W + GAP
    sw = width - TABLE_W - GAP
    who = "Solo player" if solo else f"Player {player}"
    shapes.append(_text(sx, y + 5.2, who, LABEL * 1.1, sw * 0.45, bold=True, role="player"))
    name_x = sx + text_width(who, LABEL * 1.1) + 2.0
    shapes.append(_text(name_x, y + 5.2, "name", HINT, 10.0, role="name-hint"))
    shapes.append(Line(name_x + text_width("name", HINT) + 1.0, y + 5.6, sx + sw, y + 5.6, INK, THIN, "name-line"))
    sums = (
        ("Cars", "sum of the Value column", False),
        ("+ Bonus", "points of the ticked box", False),
        ("= Total", "", True),
        ("Tie-break", "equal totals: Rails' values", False),
    )[: 3 if solo else 4]  # alone, there is no one to tie with
    top = y + block_height() - len(sums) * ROW_H
    at = y + HEAD_H + 3.2
    head = "Full-Staff bonus (tick one)"
    shapes.append(_text(sx, at, head, LABEL * 0.9, sw, bold=True, role="bonus-head"))
    boxes = [_bonus_box(sx, 0.0, sw, rule) for rule in BONUSES]
    room = top - 1.0 - at - sum(h + 1.0 for _, h in boxes)
    staff, used = _staff_hint(sx, at, sw, room)
    shapes += staff
    at += used + 1.5
    for rule in BONUSES:
        box, h = _bonus_box(sx, at, sw, rule)
        shapes += box
        at += h + 1.0
    if top < at + 0.5:  # pragma: no cover - a layout slip, caught by the tests
        raise AssertionError("scorecard: the bonus boxes run into the sums")
    for i, (label, hint, strong) in enumerate(sums):
        shapes += _sum_row(sx, top + i * ROW_H, sw, label, hint, strong=strong)
    return shapes


# ------------------------------------------------------------------ the reference panel

_VALUE_COLS = (29.0, 26.0, 22.0)


def _values_table(x: float, y: float) -> tuple[list[Shape], float]:
    """Car values from ``VALUES``: Type (and its Ties), Single-Level and Bi-Level points."""
    shapes: list[Shape] = []
    line = 3.0
    head_h = 7.4
    row_h = 7.4
    w = sum(_VALUE_COLS)
    shapes.append(_text(x, y + 3.4, "Car values", LABEL, w, bold=True, role="ref-head"))
    top = y + 5.0
    heads = [("Type", "from the Tie")] + [(f, FLEET_HINTS[f]) for f in FLEETS]
    at = x
    for (head, hint), cw in zip(heads, _VALUE_COLS):
        shapes.append(_text(at + 1.2, top + 3.3, head, LABEL * 0.85, cw - 2.4, bold=True))
        shapes.append(_text(at + 1.2, top + 6.3, hint, HINT, cw - 2.4, role="ref-hint"))
        at += cw
    for r, row in enumerate(VALUES):
        rt = top + head_h + r * row_h
        shapes.append(Line(x, rt, x + w, rt, INK, THIN if r else FRAME, "ref-row"))
        shapes.append(_text(x + 1.2, rt + 3.1, row.kind, LABEL * 0.85, _VALUE_COLS[0] - 2.4, bold=True))
        shapes.append(_text(x + 1.2, rt + 6.1, row.ties, SMALL * 0.95, _VALUE_COLS[0] - 2.4))
        at = x + _VALUE_COLS[0]
        for fleet, cw in zip(FLEETS, _VALUE_COLS[1:]):
            lines = wrap(row.points(fleet), SMALL, cw - 2.4)
            first = rt + (row_h - line * (len(lines) - 1) + CAP_HEIGHT * SMALL) / 2
            for i, text in enumerate(lines):
                shapes.append(_text(at + 1.2, first + i * line, text, SMALL, cw - 2.4, role="ref-value"))
            at += cw
    bottom = top + head_h + len(VALUES) * row_h
    shapes.append(_box(x, top, w, bottom - top, FRAME, "ref-values"))
    at = x
    for cw in _VALUE_COLS[:-1]:
        at += cw
        shapes.append(Line(at, top, at, bottom, INK, THIN, "ref-col"))
    return shapes, bottom - y


def _paragraph(x: float, y: float, w: float, head: str, body: Sequence[str], size: float) -> tuple[list[Shape], float]:
    """A bold heading and the body texts wrapped to ``w``; returns the shapes and the height used."""
    line = size * 1.38
    shapes: list[Shape] = [_text(x, y + 3.4, head, LABEL, w, bold=True, role="ref-head")]
    at = y + 3.4 + line + 0.6
    for text in body:
        for row in wrap(text, size, w):
            shapes.append(_text(x, at, row, size, w, role="ref-text"))
            at += line
        at += 0.8
    return shapes, at - y - line + 1.0


def reference(x: float, y: float, w: float) -> tuple[list[Shape], float]:
    """The rules at a glance: values, Full-Staff, the tie-break, the decisions; returns shapes and height."""
    inner = 2.0
    shapes, left_h = _values_table(x + inner, y + inner)
    rx = x + inner + sum(_VALUE_COLS) + GAP
    rw = x + w - inner - rx
    staff, right_h = _paragraph(rx, y + inner, rw, "Full-Staff train", (FULL_STAFF, BONUS_NOTE, TIE_BREAK), SMALL)
    shapes += staff
    top = y + inner + max(left_h, right_h) + 2.0
    head = "Where the rules are unclear, score like this"
    decided, dec_h = _paragraph(x + inner, top, w - 2 * inner, head, [], SMALL)
    shapes += decided
    at = top + 3.4 + SMALL * 1.38 + 0.6
    for text in DECISIONS:
        shapes.append(_text(x + inner, at, "· " + text, SMALL, w - 2 * inner, role="decision"))
        at += SMALL * 1.38
    height = at - SMALL * 1.38 + 1.2 + inner - y
    shapes.insert(0, _box(x, y, w, height, THIN, "reference"))
    return shapes, height


def reference_height(width: float) -> float:
    return reference(0.0, 0.0, width)[1]


# ------------------------------------------------------------------ solo


def solo_panel(x: float, y: float, w: float) -> tuple[list[Shape], float]:
    """The face-down pile tally (``SOLO_START_PILE`` boxes shaded, one more a turn) and the goal."""
    shapes: list[Shape] = []
    head = f"Solo: the face-down pile starts with {SOLO_START_PILE} cards (shaded); cross out one box at the end of each turn"
    shapes.append(_text(x, y + 3.4, head, LABEL * 0.9, w, bold=True, role="solo-head"))
    pitch = w / TALLY_PER_ROW
    side = min(pitch - 0.8, 7.0)
    top = y + 5.0
    for i in range(TALLY):
        row, col = divmod(i, TALLY_PER_ROW)
        bx, by = x + col * pitch + (pitch - side) / 2, top + row * (side + 1.2)
        if i < SOLO_START_PILE:
            shapes.append(Rect(bx, by, side, side, fill=GREY, stroke=INK, stroke_width=THIN, role="tally-start"))
        else:
            shapes.append(_box(bx, by, side, side, THIN, "tally"))
        size = fit_size(str(i + 1), SMALL, side - 1.6)
        shapes.append(Text(bx + side / 2, _mid(by, side, size), str(i + 1), size, fill=INK, role="tally-count"))
    at = top + 2 * (side + 1.2) + 3.6
    shapes.append(
        _text(x, at, "The last box crossed out = cards in the pile.  " + SOLO_GOAL, SMALL, w, role="solo-goal")
    )
    won = "Full-Staff before the deck ran out?"
    at += 5.2
    shapes.append(_text(x, at, won, LABEL * 0.9, w / 2, bold=True, role="solo-won"))
    bx = x + text_width(won, LABEL * 0.9) + 3.0
    for word in ("yes", "no"):
        shapes.append(_box(bx, at - 3.3, 3.6, 3.6, THIN, "tick-box"))
        shapes.append(_text(bx + 5.0, at, word, LABEL * 0.85, 10.0, role="solo-won"))
        bx += 5.0 + text_width(word, LABEL * 0.85) + 5.0
    return shapes, at + 1.2 - y


def solo_height(width: float) -> float:
    return solo_panel(0.0, 0.0, width)[1]


# ------------------------------------------------------------------ pages


def _area(paper: tuple[float, float], margin: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) the ink stays in."""
    inset = margin + PAD
    return inset, inset, paper[0] - inset, paper[1] - inset


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
    room = height - PAGE_HEAD - reference_height(width)
    if players == 1:
        room -= solo_height(width) + GAP
    fits = int((room + GAP) // (block_height() + GAP))
    if fits < 1:
        raise CardgenError(
            f"margin {margin:g}mm leaves {height:.1f} mm down the paper, too little for a player's block "
            "and the rules panel: use a smaller --margin or larger paper"
        )
    return min(fits, players)


def _page_head(x0: float, x1: float, y0: float, title: str, caption: str) -> list[Shape]:
    csize = fit_size(caption, LABEL, (x1 - x0) * 0.45)
    room = x1 - x0 - text_width(caption, csize) - 4.0
    base = y0 + 5.0
    return [
        _text(x0, base, title, TITLE, room, bold=True, role="page-title"),
        Text(x1, base, caption, csize, "end", fill=INK, role="page-caption"),
        Line(x0, y0 + PAGE_HEAD - 1.8, x1, y0 + PAGE_HEAD - 1.8, INK, THIN, "page-rule"),
    ]


def scorecard_pages(players: int, paper: tuple[float, float], margin: float, *, title: str = "") -> list[Drawing]:
    """The scorecard for ``players`` (1 = solo) on ``paper``, as many portrait pages as it needs."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CardgenError(f"players {players!r} is out of range: a scorecard is for 1 to 4 players (1 = solo)")
    x0, y0, x1, y1 = _area(paper, margin)
    width = x1 - x0
    pages = pages_of(players, per_page(players, paper, margin))
    heading = title or "Amtrak scorecard"
    who = "solo" if players == 1 else f"{players} players"
    out: list[Drawing] = []
    for n, group in enumerate(pages, 1):
        caption = f"{'Amtrak scorecard · ' if title else ''}{who} · page {n} of {len(pages)}"
        shapes = _page_head(x0, x1, y0, heading, caption)
        at = y0 + PAGE_HEAD
        for player in group:
            shapes += player_block(x0, at, width, player, solo=players == 1)
            at += block_height() + GAP
        if players == 1:
            solo, h = solo_panel(x0, at, width)
            shapes += solo
            at += h + GAP
        ref_h = reference_height(width)
        ref, _ = reference(x0, y1 - ref_h, width)
        shapes += ref
        out.append(
            Drawing(
                paper[0],
                paper[1],
                tuple(shapes),
                title=f"{heading}: {who}, page {n} of {len(pages)}",
                meta={"players": " ".join(str(p) for p in group)},
            )
        )
    return out
