"""Train's drawings for its handout (seeds 000, 001), as shape trees in mm (y down). Pure.

The round set-ups (piles around the central area, the closed ones marked), a run of cards and
example plays, drawn from the facts the referee gives, so a diagram never disagrees with the rules.

>>> from cardgen.layout.diagrams import walk_roles
>>> d = round_setups({1: 4, 2: 3, 3: 2, 4: 1}, {1: 3, 2: 2, 3: 1, 4: 0})
>>> sum(1 for s in walk_roles(d) if s == "pile")
10
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cardgen.layout.diagrams import CHIP, GREY, HIGHLIGHT, INK, TABLE, TABLE_EDGE, arrow, card, centred, padded, pile
from cardgen.layout.shapes import Drawing, Group, Rect, Shape, Text, text_width


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
            centred(cx, cy, "central", 2.4, fill=TABLE_EDGE, role="central-label", family="sans"),
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
    return padded(width, panel_h, tuple(shapes), title="Train: the piles in each round")


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
            shapes += arrow(x - 4.4, 0.5 + h / 2, x - 0.6)
    notes = 0.0
    if first_note:
        shapes.append(Text(0, h + 4.2, first_note, 2.4, "start", fill=GREY, role="note", family="sans"))
        notes = 5.0
    if last_note:
        shapes.append(Text(width, h + 4.2, last_note, 2.4, "end", fill=GREY, role="note", family="sans"))
        notes = 5.0
    return padded(width, h + 1.0 + notes, tuple(shapes), title="the reopening sequence")


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
    return padded(x - gap, 5.5 + h + 5.0, tuple(shapes), title="the shapes of a play")
