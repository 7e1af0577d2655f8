"""Game of Trains' drawings for its handouts (seed 002), as shape trees in mm (y down). Pure.

Captioned pictograms of abilities and a grid of numbers (the 3×3 game's examples).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.layout.diagrams import GREY, INK, PAPER, centred, padded
from cardgen.layout.shapes import Drawing, Group, Rect, Shape, Text


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
    return padded(cols * cell_w, rows * cell_h, tuple(shapes), title="abilities")


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
            centred(pad * 0.45, y + cell / 2, name, letter, bold=True, fill=GREY, role="row-letter", family="sans")
        )
        for c, value in enumerate(grid[r]):
            x = pad + c * cell
            shapes.append(Rect(x, y, cell, cell, fill=PAPER, stroke=INK, stroke_width=cell * 0.03, role="cell"))
            shapes.append(
                centred(
                    x + cell / 2, y + cell / 2, str(value), number, bold=True, fill=INK, role="number", family="sans"
                )
            )
    return padded(pad + len(cols) * cell + 1, top + len(rows) * cell + 1, tuple(shapes), title=title)
