"""SuperTrain's drawings for its handout (seed 003), as shape trees in mm (y down). Pure.

Small dominoes in lines, as the tiles are drawn (``layout.supertrain.tile``): the Red Train end as
the locomotive, numbers as figures.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.layout.diagrams import GREY, INK, centred, padded
from cardgen.layout.shapes import Drawing, Group, Line, Rect, Shape, fit_size, text_width
from cardgen.layout.supertrain.tile import EDGE as TILE_EDGE
from cardgen.layout.supertrain.tile import FACE as TILE_FACE
from cardgen.layout.supertrain.tile import TRAIN_RED, red_train
from cardgen.rules.supertrain.dominoes import TRAIN


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
        shapes.append(centred(cx, half / 2, end, size, bold=True, fill=fill, role="tile-end", family="sans"))
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
            centred(0, y + half / 2, name, 2.8, anchor="start", bold=True, fill=INK, role="line-name", family="sans")
        )
        for i, ends in enumerate(tiles):
            shapes.append(domino(label_w + i * (2 * half + gap), y, (ends[0], ends[1]), half=half))
        x_note = label_w + longest * (2 * half + gap) + 2.0
        shapes.append(
            centred(x_note, y + half / 2, note, 2.6, anchor="start", fill=GREY, role="line-note", family="sans")
        )
    width = label_w + longest * (2 * half + gap) + 2.0 + max(text_width(n, 2.6, family="sans") for _, _, n in lines)
    return padded(width, len(lines) * (half + 5.0) - 5.0 + 0.5, tuple(shapes), title="tiles laid on a train")
