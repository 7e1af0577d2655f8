"""The pictogram of a linear card's ability (seed 002, §2-§4, §9): the placemat's spaces A, B, C …
as a train of wagons behind a locomotive (the plain look: a row of boxes), the spaces the ability
acts on marked, as the 2D cards show their mat.

- A swap (``A↔B``): its two wagons in the card's accent, an arc joining them over the train.
- A removal (``A→X``): its wagon struck out with a bold cross in ink, edged in white, on the
  removal's light panel.
- A number ability (§9, ``HI→X``, ``HI↔LO`` …): each wagon as tall as its card's number is high
  (one outline, a skyline of wagons on a common underframe); the wagon the numbers pick (the
  tallest, or the lowest) is marked as above. The heights are an example: which space it is
  depends on the cards, as the words under the ability say ("remove the lowest even card").

A whole pictogram is a handful of shapes however many spaces the mat has (the wagons are one
outline, their wheels one dashed line): a pack of 1300 faces stays quick to draw and to check.
"""

from __future__ import annotations

import math

from cardgen.layout.art import skyline, small_engine, wagons, wheel_radius
from cardgen.layout.shapes import Path, Polygon, Rect, Shape
from cardgen.rules.got.number_abilities import NumberAbility
from cardgen.rules.got.patterns import PackAbility

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

    >>> from cardgen.rules.got.number_abilities import HIGHEST, HIGH_LOW
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
    body_w = pitch - gap
    outline = max(0.18, min(0.3, pitch * 0.05))
    wheels = ink if railway else None
    bottom = rail - (1.5 * wheel_radius(body_w, body_h) if railway else 0.0)  # the bodies' undersides
    ceiling = rail - height  # the pictogram's top: an arc's, a cross's
    if number:  # each wagon as tall as its example card's number (an arc needs room over the tallest)
        most = (bottom - ceiling) * (0.62 if action == "swap" else 0.9)
        least = body_h * 0.55  # the shortest still a wagon, not a plank
        tall = [least + (most - least) * (load - 0.25) / 0.75 for load in loads(count)]
        out += skyline(
            left, rail, pitch, tall, body_h, fill=paper, stroke=accent, stroke_width=outline, wheels=wheels, lead=lead
        )
    else:
        tall = [body_h] * count
        out += wagons(
            left, rail, pitch, count, body_h, fill=paper, stroke=accent, stroke_width=outline, wheels=wheels, lead=lead
        )
    fill = paper if action == "remove" else accent
    for s in spaces:
        out.append(Rect(left + s * pitch, bottom - tall[s], body_w, tall[s], fill=fill, role="space-mark"))
    if action == "remove":  # the wagon struck out: a bold cross in ink, edged in white where it crosses lines
        s = spaces[0]
        d = min(body_h * 1.45, pitch * 0.8)
        reach = (d + d * 0.22) * math.sqrt(0.5)  # the cross's half height
        cy = min(bottom - tall[s] / 2, rail - reach)  # (over a low wagon: clear of the rail)
        out.append(_cross(left + s * pitch + body_w / 2, cy, d, ink, paper))
    elif len(spaces) == 2:
        a, b = sorted(spaces)
        xa, xb = left + a * pitch + body_w / 2, left + b * pitch + body_w / 2
        out += _arc(xa, bottom - tall[a], xb, bottom - tall[b], ceiling, ink, height)
    return out


def _cross(cx: float, cy: float, d: float, fill: str, edge: str) -> Polygon:
    """A bold diagonal cross (×) of arms ``d`` from its centre to its tips, one outline in ``edge``."""
    return Polygon(
        _cross_points(cx, cy, d, d * 0.22), fill=fill, stroke=edge, stroke_width=max(0.2, d * 0.1), role="space-cross"
    )


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


def _arc(xa: float, ya: float, xb: float, yb: float, top: float, ink: str, height: float) -> list[Shape]:
    """A swap's arc from the top of one wagon (xa, ya) to the other's (xb, yb), its stroke's top
    at ``top``: one stroked curve (heads would double its bytes on every card, and the label's ↔
    says it)."""
    stroke = max(0.28, height * 0.075)
    ya, yb = ya - stroke, yb - stroke
    peak = top + stroke / 2
    lift = (peak - (ya + yb) / 8) / 0.75  # a cubic's middle: an eighth of each end, 3/8 of each control point
    return [
        Path(
            (xa, ya),
            ((xa, lift, xb, lift, xb, yb),),
            closed=False,
            fill=None,
            stroke=ink,
            stroke_width=stroke,
            role="space-arc",
        )
    ]
