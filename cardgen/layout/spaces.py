"""The pictogram of a linear card's ability (seed 002, §2-§4, §9): the placemat's spaces A, B, C …
as a train of wagons behind a locomotive (the plain look: a row of boxes), the spaces the ability
acts on marked, as the 2D cards show their mat.

- A swap (``A↔B``): its two wagons in the card's accent, an arc joining them over the train.
- A removal (``A→X``): its wagon in ink with a white cross, on the removal's tinted panel.
- A number ability (§9, ``HI→X``, ``HI↔LO`` …): each wagon carries a load, a bar as tall as its
  card's number is high; the wagon the numbers pick (the tallest load, or the shortest) is
  marked as above. The loads are an example: which space it is depends on the cards, as the
  note under the ability says ("the lowest even card").

A whole pictogram is a handful of shapes however many spaces the mat has (the wagons are one
outline, the loads another): a pack of 1300 faces stays quick to draw and to check.
"""

from __future__ import annotations

import math

from cardgen.layout.art import mix, small_engine, wagons
from cardgen.layout.shapes import Line, Path, Polygon, Rect, Shape
from cardgen.rules.numbers import NumberAbility
from cardgen.rules.patterns import PackAbility

ENGINE_RATIO = 96 / 64  # an engine's width to its height (``art.engine``)
GOLDEN = (math.sqrt(5) - 1) / 2


def loads(count: int) -> list[float]:
    """Each space's example load, 0.25 to 1 of the room over the wagons: all different, in no
    order (so the tallest is not simply the last), the same for every card of a census.

    >>> [round(x, 2) for x in loads(4)]
    [0.5, 1.0, 0.75, 0.25]
    """
    fracs = [(i * GOLDEN + 0.3) % 1.0 for i in range(count)]
    order = sorted(range(count), key=fracs.__getitem__)
    rank = {space: r for r, space in enumerate(order)}
    return [0.25 + 0.75 * rank[i] / max(1, count - 1) for i in range(count)]


def picked(ability: NumberAbility, count: int) -> tuple[int, ...]:
    """The spaces a number ability picks in the example loads: the tallest, the shortest or both
    (its note names evenness: the example's load is not a number).

    >>> from cardgen.rules.numbers import HIGHEST, HIGH_LOW
    >>> picked(HIGHEST, 4), picked(HIGH_LOW, 4)
    ((1,), (1, 3))
    """
    heights = loads(count)
    high = max(range(count), key=heights.__getitem__)
    low = min(range(count), key=heights.__getitem__)
    if ability.pick == "highest-lowest":
        return (high, low)
    return (high,) if ability.pick in ("highest", "highest-odd") else (low,)


def spaces_pictogram(
    ability: PackAbility,
    count: int,
    x0: float,
    x1: float,
    rail: float,
    height: float,
    *,
    accent: str,
    ink: str,
    paper: str,
    railway: bool = True,
) -> list[Shape]:
    """The pictogram between x0 and x1, standing on y = ``rail``, ``height`` tall (the engine's
    height; a removal's cross and a swap's arc stay within it). ``railway``: an engine pulling
    wagons; else boxes alone (the plain look)."""
    number = isinstance(ability, NumberAbility)
    action = ability.action if isinstance(ability, NumberAbility) else ability.kind
    spaces = picked(ability, count) if isinstance(ability, NumberAbility) else ability.spaces
    out: list[Shape] = []
    left, lead = x0, 0
    ew = height * ENGINE_RATIO if railway else 0.0
    if railway:
        left = x0 + ew + height * 0.12
    gap = min((x1 - left) / count * 0.16, 0.8)
    pitch = (x1 - left + gap) / count
    if railway:  # the wagons' wheel line runs on under the engine where it is a wagon or more long
        lead = int(ew * 0.8 // pitch)
        out += small_engine(x0, rail, ew, ink, wheels=not lead)
    body_h = height * (0.42 if railway else 0.55)
    outline = max(0.18, min(0.3, pitch * 0.05))
    first = len(out)
    out += wagons(
        left,
        rail,
        pitch,
        count,
        body_h,
        fill=paper,
        stroke=accent,
        stroke_width=outline,
        wheels=ink if railway else None,
        lead=lead,
    )
    line = out[first]  # the bodies' outlines: the mid-line of each outline is its body's edge
    assert isinstance(line, Line)
    top = line.y1 - body_h / 2  # the wagons' bodies' tops
    body_w = pitch - gap
    room = top - (rail - height)  # over the wagons: loads, an arc
    fill = ink if action == "remove" else accent
    if number:  # the loads in grey, the picked ones' in the mark's colour
        load_room = room * (0.55 if action == "swap" else 0.95)
        out.append(_loads(left, top, pitch, body_w, count, load_room, mix(ink, paper, 0.5)))
        heights = loads(count)
        lw = body_w * 0.6
        for s in spaces:
            x = left + s * pitch + (body_w - lw) / 2
            out.append(Rect(x, top - load_room * heights[s], lw, load_room * heights[s], fill=fill, role="space-load"))
    for s in spaces:
        x = left + s * pitch
        out.append(Rect(x, top, body_w, body_h, fill=fill, role="space-mark"))
    if action == "remove":
        x = left + spaces[0] * pitch + body_w / 2
        out.append(_cross(x, top + body_h / 2, min(body_w, body_h) * 0.34, paper))
    elif len(spaces) == 2:
        xa, xb = (left + s * pitch + body_w / 2 for s in sorted(spaces))
        base = top - room * (0.55 if number else 0.0)
        out += _arc(xa, xb, base, room * (0.45 if number else 1.0), ink, height)
    return out


def _loads(left: float, top: float, pitch: float, body_w: float, count: int, room: float, ink: str) -> Path:
    """Each wagon's load, a bar on its top as tall as its example number: one outline, a skyline."""
    heights = loads(count)
    w = body_w * 0.6
    segs: list[tuple[float, float]] = []
    for i in range(count):
        x = left + i * pitch + (body_w - w) / 2
        y = top - room * heights[i]
        if i:
            segs.append((x, top))
        segs += [(x, y), (x + w, y), (x + w, top)]
    first = left + (body_w - w) / 2
    return Path((first, top), tuple(segs), fill=ink, role="loads")


def _cross(cx: float, cy: float, d: float, fill: str) -> Polygon:
    """A diagonal cross (×) of arms ``d`` from its centre to its tips, one outline."""
    return Polygon(_cross_points(cx, cy, d, d * 0.3), fill=fill, role="space-cross")


def _cross_points(cx: float, cy: float, d: float, t: float) -> tuple[tuple[float, float], ...]:
    """The twelve corners of a × of arm length ``d`` (centre to tip, along a diagonal) and
    thickness 2t: its tips' corners, and the four notches between the arms."""
    s = math.sqrt(0.5)
    e = d * s  # a tip's centre, along each axis
    n = t / s  # a notch's distance from the centre
    return (
        (cx, cy - n),
        (cx + e - t * s, cy - e - t * s),
        (cx + e + t * s, cy - e + t * s),
        (cx + n, cy),
        (cx + e + t * s, cy + e - t * s),
        (cx + e - t * s, cy + e + t * s),
        (cx, cy + n),
        (cx - e + t * s, cy + e + t * s),
        (cx - e - t * s, cy + e - t * s),
        (cx - n, cy),
        (cx - e - t * s, cy - e + t * s),
        (cx - e + t * s, cy - e - t * s),
    )


def _arc(xa: float, xb: float, base: float, rise: float, ink: str, height: float) -> list[Shape]:
    """A swap's arc from the top of one wagon to the other's, ``rise`` above ``base`` at its top:
    one stroked curve (heads would double its bytes on every card, and the label's ↔ says it)."""
    stroke = max(0.28, height * 0.075)
    y0 = base - stroke
    top = base - rise
    lift = y0 - (y0 - top) / 0.75  # a cubic's peak is 3/4 of the way to its control points
    return [
        Path(
            (xa, base),
            ((xa, lift, xb, lift, xb, base),),
            closed=False,
            fill=None,
            stroke=ink,
            stroke_width=stroke,
            role="space-arc",
        )
    ]
