"""The project's own drawings, shared by every component that shows them: a steam locomotive
(on SuperTrain's Red Train ends and tile backs, in the middle of a card face, on the card backs).
"""

from __future__ import annotations

from cardgen.layout.shapes import Circle, Path, Polygon, Rect, Shape

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
