"""Drawings for the rules handouts, as shape trees in mm (y down). Pure.

Each function takes the facts it draws from the rules engines (pile counts,
sequences, plays, tiles), so a diagram can never disagree with the rules text.

>>> d = round_setups({1: 4, 2: 3, 3: 2, 4: 1}, {1: 3, 2: 2, 3: 1, 4: 0})
>>> sum(1 for s in walk_roles(d) if s == "pile")
10
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence

from cardgen.layout.shapes import (
    Drawing,
    Group,
    Line,
    Polygon,
    Rect,
    Shape,
    Text,
    cap_height,
    fit_size,
    text_width,
    walk,
)
from cardgen.layout.supertrain.tile import EDGE as TILE_EDGE
from cardgen.layout.supertrain.tile import FACE as TILE_FACE
from cardgen.layout.supertrain.tile import TRAIN_RED, red_train
from cardgen.rules.supertrain.dominoes import TRAIN

INK = "#1a1a1a"
GREY = "#777777"
PAPER = "#ffffff"
BACK = "#1f4e79"  # a face-down card
BACK_EDGE = "#0f2d4a"
TABLE = "#e9f0e6"  # the central area
TABLE_EDGE = "#6b8f5e"
HIGHLIGHT = "#8a2323"
CHIP = (9.0, 12.6)  # a small card, mm
PAD = 1.0  # mm of room around every drawing


def _padded(width: float, height: float, shapes: tuple[Shape, ...], title: str = "") -> Drawing:
    """A drawing with a little room on every side, so no outline is cut at the edge of its view."""
    return Drawing(width + 2 * PAD, height + 2 * PAD, shapes, origin=(-PAD, -PAD), title=title)


def walk_roles(drawing: Drawing) -> Iterator[str]:
    """The role of every drawn shape (groups opened)."""
    for shape, _, _ in walk(drawing.shapes):
        yield shape.role


def _centred(x: float, y: float, text: str, size: float, **kw: object) -> Text:
    """Text centred on (x, y) by its cap height (its family's)."""
    cap = cap_height(kw.get("family", "mono"))  # type: ignore[arg-type]
    return Text(x, y + cap * size / 2, text, size, **kw)  # type: ignore[arg-type]


def card(
    x: float,
    y: float,
    rank: str,
    *,
    size: tuple[float, float] = CHIP,
    edge: str = INK,
    ink: str = INK,
    corner: float = 0.0,
    centre: bool = True,
) -> Group:
    """A face-up card at (x, y) (top-left) showing ``rank`` in its middle and, with ``corner``
    (the width left showing when cards are fanned), in its top-left corner too."""
    w, h = size
    shapes: list[Shape] = [Rect(0, 0, w, h, fill=PAPER, stroke=edge, stroke_width=0.35, radius=1.0, role="card")]
    if corner:
        small = fit_size(rank, 3.0, corner - 1.2, family="sans")
        top = 1.0 + cap_height("sans") * small
        shapes.append(Text(0.6 + (corner - 1.2) / 2, top, rank, small, bold=True, fill=ink, role="rank", family="sans"))
    if centre:
        big = fit_size(rank, h * 0.42, w * 0.8, family="sans") * (0.8 if corner else 1.0)
        shapes.append(
            _centred(
                w / 2 + (corner / 3 if corner else 0),
                h / 2 + (1.0 if corner else 0),
                rank,
                big,
                bold=True,
                fill=ink,
                role="rank",
                family="sans",
            )
        )
    return Group(tuple(shapes), dx=x, dy=y, role="card")


def pile(x: float, y: float, label: str = "", *, size: tuple[float, float] = CHIP) -> Group:
    """A face-down pile (three cards, slightly offset) at (x, y), with ``label`` on it."""
    w, h = size
    shapes: list[Shape] = [
        Rect(1.0, 1.0, w, h, fill=BACK, stroke=BACK_EDGE, stroke_width=0.3, radius=1.0, role="pile"),
        Rect(0.5, 0.5, w, h, fill=BACK, stroke=BACK_EDGE, stroke_width=0.3, radius=1.0, role="pile-edge"),
        Rect(0, 0, w, h, fill=BACK, stroke=BACK_EDGE, stroke_width=0.3, radius=1.0, role="pile-edge"),
        Rect(1.2, 1.2, w - 2.4, h - 2.4, fill=None, stroke="#8fb0d0", stroke_width=0.25, radius=0.6, role="pile-edge"),
    ]
    if label:
        shapes.append(
            _centred(w / 2, h / 2, label, min(3.2, w * 0.36), bold=True, fill=PAPER, role="pile-count", family="sans")
        )
    return Group(tuple(shapes), dx=x, dy=y, role="pile")


def _arrow(x1: float, y: float, x2: float, colour: str = GREY) -> list[Shape]:
    return [
        Line(x1, y, x2 - 1.2, y, stroke=colour, stroke_width=0.35, role="arrow"),
        Polygon(((x2, y), (x2 - 1.6, y - 0.9), (x2 - 1.6, y + 0.9)), fill=colour, role="arrow"),
    ]


# --- Train (the 52-card game) -------------------------------------------------------------------


def round_setups(
    piles_by_round: Mapping[int, int],
    closed_by_round: Mapping[int, int],
    pile_counts: Mapping[int, Sequence[int]] | None = None,
) -> Drawing:
    """One panel a round: its face-down piles spaced around the central area, labelled.

    ``pile_counts`` (cards in each pile, per round) prints a count on each pile.
    """
    panel_w, panel_h, gap = 46.0, 58.0, 3.0
    rounds = sorted(piles_by_round)
    width = len(rounds) * panel_w + (len(rounds) - 1) * gap
    shapes: list[Shape] = []
    for i, rnd in enumerate(rounds):
        x0 = i * (panel_w + gap)
        cx, cy = x0 + panel_w / 2, 24.0
        area: list[Shape] = [
            Rect(x0, 0, panel_w, panel_h, fill="#fbfbf8", stroke="#cccccc", stroke_width=0.25, radius=2, role="panel"),
            Rect(
                cx - CENTRAL[0] / 2,
                cy - CENTRAL[1] / 2,
                *CENTRAL,
                fill=TABLE,
                stroke=TABLE_EDGE,
                stroke_width=0.35,
                radius=2,
                role="central",
            ),
            _centred(cx, cy, "central", 2.4, fill=TABLE_EDGE, role="central-label", family="sans"),
        ]
        n = piles_by_round[rnd]
        counts = list(pile_counts[rnd]) if pile_counts else []
        for k in range(n):
            px, py = _pile_place(cx, cy, math.radians(-90 + 360 * k / n))
            label = str(counts[k]) if k < len(counts) else ""
            area.append(pile(px - CHIP[0] / 2, py - CHIP[1] / 2, label))
        closed = closed_by_round[rnd]
        area += [
            Text(cx, 52.2, f"Round {rnd}", 3.4, bold=True, fill=INK, role="round-label", family="sans"),
            Text(
                cx,
                56.0,
                f"{n} pile{'s' if n != 1 else ''}, {closed} may close",
                2.5,
                fill=GREY,
                role="round-note",
                family="sans",
            ),
        ]
        shapes.append(Group(tuple(area), role=f"round-{rnd}"))
    return _padded(width, panel_h, tuple(shapes), title="Train: the piles in each round")


CENTRAL = (18.0, 13.0)  # the central area, mm
CLEAR = 2.0  # mm: at least this between a pile (its offset cards included) and the central area


def _pile_place(cx: float, cy: float, angle: float) -> tuple[float, float]:
    """Where a pile's middle goes, at ``angle`` round the central area centred on (cx, cy): on
    an ellipse 17 × 14 mm, pushed out along the same line until the whole pile stands at least
    ``CLEAR`` off the area (three piles put two at 30° below the level, where the ellipse alone
    laid them against its corners)."""
    w, h = CHIP
    half_w, half_h = CENTRAL[0] / 2, CENTRAL[1] / 2
    scale = 1.0
    while True:
        px, py = cx + 17.0 * scale * math.cos(angle), cy + 14.0 * scale * math.sin(angle)
        left, top = px - w / 2, py - h / 2
        right, bottom = left + w + 1.0, top + h + 1.0  # (the pile's cards are offset 1 mm)
        apart_x = max(left - (cx + half_w), (cx - half_w) - right)
        apart_y = max(top - (cy + half_h), (cy - half_h) - bottom)
        if max(apart_x, apart_y) >= CLEAR:
            return px, py
        scale += 0.02


def card_sequence(ranks: Sequence[str], *, first_note: str = "", last_note: str = "") -> Drawing:
    """Cards in a row with arrows between them (the reopening sequence), notes under the ends."""
    w, h = CHIP
    step = w + 5.0
    width = len(ranks) * step - 5.0
    shapes: list[Shape] = []
    for i, rank in enumerate(ranks):
        x = i * step
        edge = HIGHLIGHT if i in (0, len(ranks) - 1) else INK
        shapes.append(card(x, 0.5, rank, edge=edge))
        if i:
            shapes += _arrow(x - 4.4, 0.5 + h / 2, x - 0.6)
    notes = 0.0
    if first_note:
        shapes.append(Text(0, h + 4.2, first_note, 2.4, "start", fill=GREY, role="note", family="sans"))
        notes = 5.0
    if last_note:
        shapes.append(Text(width, h + 4.2, last_note, 2.4, "end", fill=GREY, role="note", family="sans"))
        notes = 5.0
    return _padded(width, h + 1.0 + notes, tuple(shapes), title="the reopening sequence")


def plays(examples: Sequence[tuple[str, Sequence[str], str]]) -> Drawing:
    """Named plays as fanned cards, laid left to right; the first card laid (the one that
    must follow the rule) has a red edge. ``examples`` are (name, cards, note)."""
    w, h = CHIP
    fan = 5.2
    gap = 7.0
    widths = [w + fan * (len(cards) - 1) for _, cards, _ in examples]
    widths = [
        max(cw, text_width(name, 3.0, bold=True, family="sans") + 1, text_width(note, 2.4, family="sans") + 1)
        for cw, (name, _, note) in zip(widths, examples)
    ]
    shapes: list[Shape] = []
    x = 0.0
    for (name, cards, note), cw in zip(examples, widths):
        left = x + (cw - (w + fan * (len(cards) - 1))) / 2
        group: list[Shape] = []
        for i, rank in enumerate(cards):
            last = i == len(cards) - 1
            edge = HIGHLIGHT if i == 0 else INK
            group.append(card(left + i * fan, 5.5, rank, edge=edge, corner=fan, centre=last))
        group += [
            Text(x + cw / 2, 3.6, name, 3.0, bold=True, fill=INK, role="play-name", family="sans"),
            Text(x + cw / 2, 5.5 + h + 3.8, note, 2.4, fill=GREY, role="play-note", family="sans"),
        ]
        shapes.append(Group(tuple(group), role="play"))
        x += cw + gap
    return _padded(x - gap, 5.5 + h + 5.0, tuple(shapes), title="the shapes of a play")


# --- Game of Trains ---------------------------------------------------------------------------


def side_by_side(drawings: Sequence[Drawing], gap: float = 6.0, title: str = "") -> Drawing:
    """Drawings in a row, centred on one another's middles (each keeps its own scale)."""
    shapes: list[Shape] = []
    height = max(d.height for d in drawings)
    x = 0.0
    for d in drawings:
        dy = (height - d.height) / 2 - d.origin[1]
        shapes.append(Group(d.shapes, dx=x - d.origin[0], dy=dy, clip=None, role="panel"))
        x += d.width + gap
    return Drawing(x - gap, height, tuple(shapes), title=title)


def captioned_pictograms(
    items: Sequence[tuple[str, Sequence[Shape]]], side: float, per_row: int, label_size: float = 2.4
) -> Drawing:
    """Pictograms (each drawn in a side × side box) in rows, each with its label under it."""
    cell_w = max(side, max(len(label) for label, _ in items) * label_size * 0.62) + 3.0
    cell_h = side + label_size + 3.0
    shapes: list[Shape] = []
    for i, (label, picture) in enumerate(items):
        row, col = divmod(i, per_row)
        x, y = col * cell_w, row * cell_h
        shapes.append(Group(tuple(picture), dx=x + (cell_w - side) / 2, dy=y, role="pictogram"))
        shapes.append(Text(x + cell_w / 2, y + side + label_size + 0.8, label, label_size, fill=INK, role="label"))
    rows = -(-len(items) // per_row)
    cols = min(per_row, len(items))
    return _padded(cols * cell_w, rows * cell_h, tuple(shapes), title="abilities")


def number_grid(grid: Sequence[Sequence[int]], rows: str, cols: str, cell: float = 8.0, title: str = "") -> Drawing:
    """A player's cards on the 2D mat as numbers, rows and columns lettered, ``title`` above."""
    pad = cell * 0.7
    top = pad + (cell * 0.55 if title else 0.0)
    letter, number = cell * 0.34, cell * 0.45
    shapes: list[Shape] = []
    if title:
        shapes.append(
            Text(
                pad + len(cols) * cell / 2,
                cell * 0.42,
                title,
                cell * 0.36,
                bold=True,
                fill=INK,
                role="title",
                family="sans",
            )
        )
    for c, name in enumerate(cols):
        shapes.append(
            Text(
                pad + c * cell + cell / 2,
                top - pad * 0.3,
                name,
                letter,
                bold=True,
                fill=GREY,
                role="col-letter",
                family="sans",
            )
        )
    for r, name in enumerate(rows):
        y = top + r * cell
        shapes.append(
            _centred(pad * 0.45, y + cell / 2, name, letter, bold=True, fill=GREY, role="row-letter", family="sans")
        )
        for c, value in enumerate(grid[r]):
            x = pad + c * cell
            shapes.append(Rect(x, y, cell, cell, fill=PAPER, stroke=INK, stroke_width=cell * 0.03, role="cell"))
            shapes.append(
                _centred(
                    x + cell / 2, y + cell / 2, str(value), number, bold=True, fill=INK, role="number", family="sans"
                )
            )
    return _padded(pad + len(cols) * cell + 1, top + len(rows) * cell + 1, tuple(shapes), title=title)


# --- Amtrak -----------------------------------------------------------------------------------


def track_and_car(track: Sequence[tuple[str, str]], car: tuple[str, str]) -> Drawing:
    """A Track (three face-up cards, each named by its role) and the Car it makes:
    a pile with the Tie on top and a Rail showing under it."""
    size = (12.0, 17.0)
    w, h = size
    shapes: list[Shape] = [Text(0, 3.5, "Track", 3.2, "start", bold=True, fill=INK, role="title", family="sans")]
    for i, (role, rank) in enumerate(track):
        x = i * (w + 2.5)
        shapes.append(card(x, 6.0, rank, size=size, edge=HIGHLIGHT if role == "Tie" else INK))
        shapes.append(Text(x + w / 2, 6.0 + h + 3.8, role, 2.6, fill=GREY, role="track-role", family="sans"))
    left = 3 * (w + 2.5) + 6.0
    shapes += _arrow(left, 6.0 + h / 2, left + 8.0, INK)
    cx = left + 13.0
    shapes.append(Text(cx, 3.5, "Car", 3.2, "start", bold=True, fill=INK, role="title", family="sans"))
    tie, rail = car
    shapes.append(card(cx, 6.0, rail, size=size))
    shapes.append(card(cx + 4.5, 8.5, tie, size=size, edge=HIGHLIGHT))
    for i, words in enumerate(("Tie on top,", "Rail under")):
        shapes.append(
            Text(cx + (4.5 + w) / 2, 8.5 + h + 3.8 + 3.2 * i, words, 2.6, fill=GREY, role="car-role", family="sans")
        )
    return _padded(cx + 4.5 + w + 2.0, 8.5 + h + 8.0, tuple(shapes), title="a Track and a Car")


# --- SuperTrain -------------------------------------------------------------------------------


def domino(x: float, y: float, ends: tuple[str, str], *, half: float = 9.0, edge: str = TILE_EDGE) -> Group:
    """A tile lying sideways, as the printed tiles look: an ivory body, two square halves split
    by the centre line; a number end its figure, a letter end the letter in the Red Train's red,
    a Red Train end the tiles' own locomotive (``layout.supertrain.tile.red_train``), not a word."""
    shapes: list[Shape] = [
        Rect(0, 0, 2 * half, half, fill=TILE_FACE, stroke=edge, stroke_width=0.4, radius=1.2, role="tile"),
        Line(half, 1.0, half, half - 1.0, stroke=edge, stroke_width=0.35, role="tile-split"),
    ]
    for i, end in enumerate(ends):
        cx = half * i + half / 2
        if end == TRAIN:  # (its silhouette is 0.62 of its width tall: centred in the half, clear of the line)
            shapes.append(Group(tuple(red_train(cx, half / 2, half * 0.74)), role="tile-train"))
            continue
        size = fit_size(end, half * 0.46, half * 0.7, family="sans")
        fill = TRAIN_RED if not end.isdigit() else INK
        shapes.append(_centred(cx, half / 2, end, size, bold=True, fill=fill, role="tile-end", family="sans"))
    return Group(tuple(shapes), dx=x, dy=y, role="tile")


def tile_lines(lines: Sequence[tuple[str, Sequence[tuple[str, str]], str]]) -> Drawing:
    """Rows of tiles laid end to end, each row named on its left and noted on its right."""
    half, gap = 8.0, 1.0
    label_w = max(text_width(name, 2.8, bold=True, family="sans") for name, _, _ in lines) + 3.0
    shapes: list[Shape] = []
    longest = max(len(tiles) for _, tiles, _ in lines)
    for r, (name, tiles, note) in enumerate(lines):
        y = r * (half + 5.0)
        shapes.append(
            _centred(0, y + half / 2, name, 2.8, anchor="start", bold=True, fill=INK, role="line-name", family="sans")
        )
        for i, ends in enumerate(tiles):
            shapes.append(domino(label_w + i * (2 * half + gap), y, (ends[0], ends[1]), half=half))
        x_note = label_w + longest * (2 * half + gap) + 2.0
        shapes.append(
            _centred(x_note, y + half / 2, note, 2.6, anchor="start", fill=GREY, role="line-note", family="sans")
        )
    width = label_w + longest * (2 * half + gap) + 2.0 + max(text_width(n, 2.6, family="sans") for _, _, n in lines)
    return _padded(width, len(lines) * (half + 5.0) - 5.0 + 0.5, tuple(shapes), title="tiles laid on a train")
