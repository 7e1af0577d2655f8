"""Amtrak's drawing for its handout (seed 004), as a shape tree in mm (y down). Pure.

A Track of three cards and the Car it makes.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.layout.diagrams import GREY, HIGHLIGHT, INK, arrow, card, padded
from cardgen.layout.shapes import Drawing, Shape, Text


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
    shapes += arrow(left, 6.0 + h / 2, left + 8.0, INK)
    cx = left + 13.0
    shapes.append(Text(cx, 3.5, "Car", 3.2, "start", bold=True, fill=INK, role="title", family="sans"))
    tie, rail = car
    shapes.append(card(cx, 6.0, rail, size=size))
    shapes.append(card(cx + 4.5, 8.5, tie, size=size, edge=HIGHLIGHT))
    for i, words in enumerate(("Tie on top,", "Rail under")):
        shapes.append(
            Text(cx + (4.5 + w) / 2, 8.5 + h + 3.8 + 3.2 * i, words, 2.6, fill=GREY, role="car-role", family="sans")
        )
    return padded(cx + 4.5 + w + 2.0, 8.5 + h + 8.0, tuple(shapes), title="a Track and a Car")
