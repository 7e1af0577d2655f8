"""What the rules handouts' drawings share, as shape trees in mm (y down). Pure.

A small card (its corner index), a face-down pile, an arrow, a drawing padded on every side and
drawings side by side; each game's own diagrams are in its layout package (``layout.<game>.diagrams``).
Each diagram takes the facts it draws from the rules engines (pile counts, sequences, plays, tiles),
so it can never disagree with the rules text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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
    walk,
)

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


def padded(width: float, height: float, shapes: tuple[Shape, ...], title: str = "") -> Drawing:
    """A drawing with a little room on every side, so no outline is cut at the edge of its view."""
    return Drawing(width + 2 * PAD, height + 2 * PAD, shapes, origin=(-PAD, -PAD), title=title)


def walk_roles(drawing: Drawing) -> Iterator[str]:
    """The role of every drawn shape (groups opened)."""
    for shape, _, _ in walk(drawing.shapes):
        yield shape.role


def centred(x: float, y: float, text: str, size: float, **kw: object) -> Text:
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
            centred(
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
            centred(w / 2, h / 2, label, min(3.2, w * 0.36), bold=True, fill=PAPER, role="pile-count", family="sans")
        )
    return Group(tuple(shapes), dx=x, dy=y, role="pile")


def arrow(x1: float, y: float, x2: float, colour: str = GREY) -> list[Shape]:
    return [
        Line(x1, y, x2 - 1.2, y, stroke=colour, stroke_width=0.35, role="arrow"),
        Polygon(((x2, y), (x2 - 1.6, y - 0.9), (x2 - 1.6, y + 0.9)), fill=colour, role="arrow"),
    ]


# --- Train (the 52-card game) -------------------------------------------------------------------


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


# --- Amtrak -----------------------------------------------------------------------------------


# --- SuperTrain -------------------------------------------------------------------------------
