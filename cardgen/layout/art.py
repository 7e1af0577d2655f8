"""The project's own drawings, shared by every component that shows them: a steam locomotive
(on SuperTrain's Red Train ends and tile backs, in the middle of a card face, on the card backs).
"""

from __future__ import annotations

import colorsys
import math
from functools import lru_cache

from cardgen.layout.shapes import Circle, Line, Path, Polygon, Rect, Shape

LOCO_RED = "#d7191c"
LOCO_DARK = "#262626"
LOCO_LIGHT = "#fdf3d8"
LOCO_GOLD = "#f2b705"


def locomotive(
    cx: float, cy: float, width: float, *, body: str = LOCO_RED, dark: str = LOCO_DARK, light: str = LOCO_LIGHT
) -> list[Shape]:
    """A steam locomotive facing left, ``width`` wide and 0.65 × width tall, centred on (cx, cy).

    Drawn on a 100-unit grid (x 2..96, y 6..68): boiler, cab and dome in ``body``,
    smokebox, chimney, roof, frame and wheels in ``dark``, window and hubs in ``light``."""
    k = width / 94
    ox, oy = cx - 49 * k, cy - 37 * k

    def p(x: float, y: float) -> tuple[float, float]:
        return ox + x * k, oy + y * k

    def rect(x: float, y: float, w: float, h: float, fill: str, radius: float = 0.0) -> Rect:
        return Rect(*p(x, y), w * k, h * k, fill=fill, radius=radius * k, role="loco")

    def circle(x: float, y: float, r: float, fill: str) -> Circle:
        return Circle(*p(x, y), r * k, fill=fill, role="loco")

    def curve(start: tuple[float, float], *segs: tuple[float, ...], fill: str) -> Path:
        moved = tuple(tuple(v * k + (ox if i % 2 == 0 else oy) for i, v in enumerate(s)) for s in segs)
        return Path(p(*start), moved, fill=fill, role="loco")  # type: ignore[arg-type]

    return [
        # chimney with a flared cap, steam dome, boiler, smokebox front
        rect(21, 12, 9, 16, dark),
        curve((17, 12), (17, 7, 34, 7, 34, 12), fill=dark),
        curve((40, 27), (40, 15, 54, 15, 54, 27), fill=body),
        rect(18, 25, 50, 24, body, radius=3),
        curve((22, 25), (13, 25, 9, 31, 9, 37), (9, 43, 13, 49, 22, 49), fill=dark),
        circle(16, 21, 3.2, LOCO_GOLD),
        # cab with its window and roof
        rect(64, 14, 28, 36, body),
        rect(70, 20, 15, 12, light, radius=1.5),
        rect(60, 8, 36, 7, dark, radius=2),
        # frame, cowcatcher, wheels and the rod that joins the drivers
        rect(10, 48, 84, 6, dark),
        Polygon((p(14, 52), p(14, 64), p(2, 64)), fill=dark, role="loco"),
        circle(27, 60, 7, dark),
        circle(52, 57, 11, dark),
        circle(78, 57, 11, dark),
        circle(27, 60, 2.4, light),
        circle(52, 57, 3.2, light),
        circle(78, 57, 3.2, light),
        rect(50, 55.5, 30, 3, light, radius=1.5),
    ]


def mix(colour: str, into: str, amount: float) -> str:
    """``amount`` of ``colour`` mixed into ``into`` (both ``#rrggbb``).

    >>> mix("#000000", "#ffffff", 0.25)
    '#bfbfbf'
    """
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(into[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * amount + y * (1 - amount)):02x}" for x, y in zip(a, b))


def light(colour: str, lightness: float = 0.94) -> str:
    """A clean light tint of ``colour``: its hue, kept bright (not greyed as mixing into white
    greys a dark colour), at ``lightness``.

    >>> light("#8a2323"), light("#1f4e79"), light("#1a1a1a")
    ('#fae5e5', '#e5f0fa', '#f0f0f0')
    """
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, _, sat = colorsys.rgb_to_hls(r, g, b)
    out = colorsys.hls_to_rgb(hue, lightness, min(0.7, sat * 1.5))
    return "#" + "".join(f"{round(v * 255):02x}" for v in out)


# --- the railway of the card faces and backs: flat silhouettes, each one Path --------------------
#
# Drawn as a sign painter would (the level-crossing sign's locomotive, not a cartoon): one
# outline each, filled in one colour, so a face holds a few shapes however big the pack, and a
# checker compares them one for one. Every function draws in mm, y down.

# A steam locomotive facing left on a 100 × 64 grid: wheels on the rail at y = 64, the chimney's
# top at y = 4; cowcatcher, smokebox, chimney, dome, boiler, cab with its roof, and the wheels as
# half-discs under the frame (one outline: no holes, no strokes).
_ENGINE: tuple[tuple[float, ...], ...] = (
    (9, 47),  # up the cowcatcher to the buffer beam
    (9, 31),
    (9, 27, 11, 25, 15, 25),  # the smokebox's rounded top
    (17, 25),
    (17, 13),  # chimney, its flared cap
    (13, 10),
    (13, 5),
    (28, 5),
    (28, 10),
    (24, 13),
    (24, 25),
    (35, 25),
    (35, 17, 47, 17, 47, 25),  # the dome
    (58, 25),
    (58, 16),  # cab front, then the roof overhanging both ways
    (54, 16),
    (54, 10),
    (98, 10),
    (98, 16),
    (94, 16),
    (94, 52),  # down the back of the cab to the frame
)
# wheels: centre x and radius, standing on the rail (y = 64); the frame's underside is y = 52
ENGINE_WHEELS = ((85, 7.0), (65, 10.5), (42, 10.5), (21, 7.0))
_FRAME = 52.0


def circle_arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[tuple[float, ...]]:
    """The circle of centre (cx, cy) from angle ``a0`` to ``a1`` (radians, y down: positive turns
    clockwise on paper) as cubics of at most 126° each, not including its start."""
    n = max(1, math.ceil(abs(a1 - a0) / (math.pi * 0.7) - 1e-9))  # (126° a cubic: within 0.1 % at a wheel's size)
    step = (a1 - a0) / n
    k = 4 / 3 * math.tan(step / 4) * r
    out: list[tuple[float, ...]] = []
    for i in range(n):
        t0, t1 = a0 + i * step, a0 + (i + 1) * step
        x0, y0 = cx + r * math.cos(t0), cy + r * math.sin(t0)
        x1, y1 = cx + r * math.cos(t1), cy + r * math.sin(t1)
        out.append((x0 - k * math.sin(t0), y0 + k * math.cos(t0), x1 + k * math.sin(t1), y1 - k * math.cos(t1), x1, y1))
    return out


def _wheel(cx: float, r: float, frame: float, rail: float) -> list[tuple[float, ...]]:
    """A wheel of radius ``r`` standing on ``rail``, below a frame whose underside is ``frame``:
    from where it leaves the frame on the right, round under, to where it meets it on the left."""
    cy = rail - r
    t = math.asin(max(-1.0, min(1.0, (frame - cy) / r)))  # where the circle crosses the frame
    return [(cx + r * math.cos(t), frame), *circle_arc(cx, cy, r, t, math.pi - t)]


@lru_cache(maxsize=256)  # (a pack's faces stand the same engine in the same place: drawn once)
def engine(x: float, rail: float, width: float, fill: str, *, role: str = "engine") -> Path:
    """A steam locomotive facing left, ``width`` wide and 0.65 × width tall: its front at ``x``,
    its wheels on the rail at y = ``rail``."""
    k = width / 96
    top = rail - 64 * k

    def p(*uv: float) -> tuple[float, ...]:
        return tuple(x + (v - 2) * k if i % 2 == 0 else top + v * k for i, v in enumerate(uv))

    segs = [p(*s) for s in _ENGINE]
    for cx, r in ENGINE_WHEELS:  # along the frame from the back, each wheel round under it
        segs += [p(*s) for s in _wheel(cx, r, _FRAME, 64.0)]
    segs += [p(14, _FRAME), p(14, 59), p(5, 61)]  # the buffer beam and the cowcatcher's toe
    return Path(p(2, 61), tuple(segs), fill=fill, role=role)  # type: ignore[arg-type]


# The pictogram's engine: the same locomotive in straight lines only, its wheels a dashed line
# as the wagons' are (a face holds two, and a pack 2600: the fewer points, the smaller the PDF).
_SMALL_ENGINE = (
    (2, 55), (8, 45), (8, 30), (17, 30), (15, 6), (29, 6), (27, 30), (58, 30), (58, 10), (98, 10), (98, 16),
    (94, 16), (94, 55),
)  # fmt: skip
_SMALL_WHEELS = (14.0, 10.0, 4.0, 14.0, 4.0, 14.0, 6.0, 10.0)  # along the frame from x = 12: wheel, gap …


@lru_cache(maxsize=256)
def small_engine(
    x: float, rail: float, width: float, fill: str, *, role: str = "engine", wheels: bool = True
) -> tuple[Shape, ...]:
    """``engine`` in straight lines: its outline (a polygon) and its four wheels (a dashed line
    standing on the rail at y = ``rail``; without ``wheels``, the wagons' wheel line runs on
    under it, ``wagons(lead=…)``), ``width`` wide, its front at ``x``."""
    k = width / 96
    top = rail - 64 * k
    body = Polygon(tuple((x + (u - 2) * k, top + v * k) for u, v in _SMALL_ENGINE), fill=fill, role=role)
    if not wheels:
        return (body,)
    wheel = 9 * k  # from the frame (y = 55) to the rail
    under = Line(
        x + 10 * k,
        rail - wheel / 2,
        x + (10 + sum(_SMALL_WHEELS) - _SMALL_WHEELS[-1]) * k,
        rail - wheel / 2,
        stroke=fill,
        stroke_width=wheel,
        dash=tuple(v * k for v in _SMALL_WHEELS),
        role=role,
    )
    return body, under


def wagons(
    x: float,
    rail: float,
    pitch: float,
    count: int,
    height: float,
    *,
    fill: str,
    stroke: str | None = None,
    stroke_width: float = 0.0,
    wheels: str | None = None,
    lead: int = 0,
    role: str = "wagons",
) -> list[Shape]:
    """``count`` wagons in a row from ``x``, one every ``pitch`` mm, coupled, their bodies
    ``height`` tall and their wheels (in the colour ``wheels``) on the rail at y = ``rail``;
    without wheels a row of boxes standing on the rail (a plain face's pictogram). ``lead``: the
    wheel line starts that many wagons early, under the engine in front (one line for both).

    A few shapes however many wagons (a pack of 1300 faces is drawn, written and checked
    quickly): each part is one dashed line, its dashes the wagons: the bodies' outlines (a wider dash under each body), the bodies, the wheels (a dash for each)."""
    gap = min(pitch * 0.16, 0.8)  # (as ``spaces.spaces_pictogram`` counts it)
    body = pitch - gap
    r = wheel_radius(body, height) if wheels else 0.0
    bottom = rail - r * 1.5  # the wheels reach the rail, a quarter of each under the body
    top = bottom - height
    middle = (top + bottom) / 2
    end = x + count * pitch - gap
    sw = stroke_width if stroke else 0.0
    out: list[Shape] = []  # (the wagons nearly touch: no bar between them to draw)
    if stroke:
        out.append(
            Line(
                x - sw / 2,
                middle,
                end + sw / 2,
                middle,
                stroke=stroke,
                stroke_width=height + sw,
                dash=(body + sw, gap - sw),
                role=role,
            )
        )
    out.append(
        Line(
            x + sw / 2,
            middle,
            end - sw / 2,
            middle,
            stroke=fill,
            stroke_width=height - sw,
            dash=(body - sw, gap + sw),
            role=role,
        )
    )
    if wheels:
        out.append(_wheel_line(x, end, rail, body, gap, pitch, r, wheels, lead, role))
    return out


def wheel_radius(body: float, height: float) -> float:
    """A wagon's wheel radius: a tenth of its body's length, a fifth of its height at most."""
    return min(body * 0.1, height * 0.2)


def _wheel_line(
    x: float,
    end: float,
    rail: float,
    body: float,
    gap: float,
    pitch: float,
    r: float,
    colour: str,
    lead: int,
    role: str,
) -> Line:
    """Every wagon's two wheels, a quarter of its length from each end, as one dashed line."""
    d = 2 * r
    return Line(
        x - lead * pitch + body * 0.25 - r,
        rail - r,
        end - body * 0.25 + r,
        rail - r,
        stroke=colour,
        stroke_width=d,
        dash=(d, body * 0.5 - d, d, body * 0.5 + gap - d),
        role=role,
    )


def skyline(
    x: float,
    rail: float,
    pitch: float,
    heights: list[float],
    base: float,
    *,
    fill: str,
    stroke: str,
    stroke_width: float,
    wheels: str | None = None,
    lead: int = 0,
    role: str = "wagons",
) -> tuple[Shape, ...]:
    """Wagons of different heights (``heights``, mm) in a row from ``x``, one every ``pitch``,
    on wheels as ``wagons`` draws them for bodies ``base`` tall: the bodies one outline (the
    couplings between them its lower edge), the wheels one dashed line."""
    gap = min(pitch * 0.16, 0.8)
    body = pitch - gap
    r = wheel_radius(body, base) if wheels else 0.0
    bottom = rail - r * 1.5
    segs: list[tuple[float, float]] = []
    for i, h in enumerate(heights):
        x0 = x + i * pitch
        if i:
            segs.append((x0, bottom))
        segs += [(x0, bottom - h), (x0 + body, bottom - h), (x0 + body, bottom)]
    outline = Path((x, bottom), tuple(segs), fill=fill, stroke=stroke, stroke_width=stroke_width, role=role)
    if not wheels:
        return (outline,)
    end = x + len(heights) * pitch - gap
    return outline, _wheel_line(x, end, rail, body, gap, pitch, r, wheels, lead, role)


def track(
    x0: float, x1: float, middle: float, gauge: float, *, rail: str, sleeper: str, scale: float = 1.0
) -> list[Shape]:
    """A straight track across from ``x0`` to ``x1``, centred on y = ``middle``: the sleepers (one
    dashed line, a dash a sleeper) and two rails ``gauge`` apart (inner edges). Centred in x, so
    it is the same track turned 180° about its middle."""
    rail_w = 0.45 * scale
    over = 0.55 * scale  # the sleepers run past the rails
    sleeper_w, pitch = 1.1 * scale, 2.6 * scale
    count = max(1, int((x1 - x0 - sleeper_w) / pitch) + 1)
    first = (x0 + x1) / 2 - (count - 1) * pitch / 2 - sleeper_w / 2
    length = gauge + 2 * (rail_w + over)
    last = first + (count - 1) * pitch + sleeper_w
    sleepers = Line(
        first,
        middle,
        last,
        middle,
        stroke=sleeper,
        stroke_width=length,
        dash=(sleeper_w, pitch - sleeper_w),
        role="sleepers",
    )
    return [
        sleepers,
        Rect(x0, middle - gauge / 2 - rail_w, x1 - x0, rail_w, fill=rail, role="rail"),
        Rect(x0, middle + gauge / 2, x1 - x0, rail_w, fill=rail, role="rail"),
    ]
