"""The backs of the Game of Trains packs (linear and 2D): one design for every card of a pack.

The train back: the pack's colour to the bleed, a white frame with a fine rule inside it (a
railway poster's border), the game's name and what pack it is, and under them one locomotive on
a short length of track, with room all round it: the project's own silhouette (``art.engine``),
in white. Backs are seen either way up, so the upper half is repeated turned 180° in the lower
half, the two locomotives standing well apart over the middle. The plain back is the name alone; a theme's picture
covers the card to the bleed. With several packs combined (§7) each pack's back carries its
letter in a ring in two corners.
"""

from __future__ import annotations

from dataclasses import replace

from cardgen.layout.art import ENGINE_WHEELS, engine, mix
from cardgen.layout.got.card import ACCENTS, INK, PAPER, pack_mark
from cardgen.layout.got.facetype import LINE, MIN_TYPE, SAFE, SANS_CAP, fit_lines, scale_of
from cardgen.layout.got.spaces import ENGINE_RATIO
from cardgen.layout.shapes import Circle, Drawing, Line, Rect, Shape, Text, Typeface, cap_height, turned
from cardgen.layout.theme import DEFAULT, Picture, Theme
from cardgen.layout.typescale import fitting
from cardgen.rules.got.patterns import Pattern


def card_back(
    pattern: Pattern,
    size: tuple[float, float],
    *,
    title: str = "",
    bleed: float = 0.0,
    theme: Theme = DEFAULT,
    mark: str = "",
) -> Drawing:
    """The common back of a linear pack (of pack ``mark``, when several are combined)."""
    line2 = f"pattern {pattern.name} · census {pattern.census}"
    accent = theme.accent(pattern.name, ACCENTS.get(pattern.name, INK))
    name = title or "Game of Trains"
    design = theme.back_picture or theme.back
    return back_design(
        size, accent=accent, name=name, line2=line2, bleed=bleed, design=design, font=theme.font, mark=mark
    )


# The light back's hatch: lines both ways at 45°, ``HATCH_PITCH`` apart and ``HATCH_WIDTH`` wide, in
# ``HATCH_TINT`` of the accent on white. A security envelope's trick: an even, fine, busy texture over
# the whole card hides what shows through the paper (a card's large number, its wagons), which a white
# back would show and a dark one hides only with a card's worth of ink. Measured (tests/test_faces.py):
# the ink of a dark back's quarter or less, and no window of the card without hatch.
HATCH_PITCH = 1.1  # mm between neighbouring lines of one direction
HATCH_WIDTH = 0.25  # mm
LIGHT_BODY = 0.6  # the light back's locomotive: this much of the accent, mixed into white
HATCH_TINT = 0.35  # of the accent, mixed into white


def hatching(x: float, y: float, w: float, h: float, colour: str) -> list[Shape]:
    """Lines both ways at 45°, ``HATCH_PITCH`` apart, over the box (x, y, w, h) and cut at its edges.

    >>> lines = hatching(0, 0, 10, 10, "#cccccc")
    >>> all(0 <= v <= 10 for ln in lines for v in (ln.x1, ln.y1, ln.x2, ln.y2)), len(lines) > 20
    (True, True)
    """
    out: list[Shape] = []
    for k in range(int((w + h) / HATCH_PITCH) + 1):
        c = (k + 0.5) * HATCH_PITCH  # in the box's own coordinates (u, v), from its top left corner
        for sign in (1, -1):  # u + v = c (rising to the right), u - v = c - h (falling to the right)
            d = c if sign == 1 else c - h
            u0, u1 = (max(0.0, c - h), min(w, c)) if sign == 1 else (max(0.0, d), min(w, h + d))
            if u1 - u0 > 1e-9:
                v0, v1 = (c - u0, c - u1) if sign == 1 else (u0 - d, u1 - d)
                out.append(
                    Line(x + u0, y + v0, x + u1, y + v1, stroke=colour, stroke_width=HATCH_WIDTH, role="back-hatch")
                )
    return out


def back_design(
    size: tuple[float, float],
    *,
    accent: str,
    name: str,
    line2: str,
    bleed: float = 0.0,
    design: str | Picture = "train",
    font: Typeface | None = None,
    mark: str = "",
) -> Drawing:
    """Accent colour to the bleed (and, on a sheet, past the outer cuts), a white frame ``SAFE``
    or more inside the cut, and, both ways up: the game's name on one or two lines and
    ``line2``; with ``design="train"`` a locomotive on its track under them.
    A Picture ``design`` is the user's own back: it covers the card to the bleed, nothing else
    but ``mark``, a pack's letter in a ring in the corners (several packs combined)."""
    w, h = size
    light = design == "light"
    ground = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=PAPER if light else accent, role="background")
    # the light back: paper, a fine hatch in a pale tint of the accent over all of it (to the bleed),
    # the words and the locomotive in the accent; the dark back: the accent, they in paper white
    # (on the light back the engine's cab window and wheel rims take the hatch's tint: a white patch
    # there would let the face show through)
    ink, paper = (accent, mix(accent, PAPER, HATCH_TINT)) if light else (PAPER, accent)
    body = mix(accent, PAPER, LIGHT_BODY) if light else mix(PAPER, accent, 0.92)  # the locomotive and its rail
    hatch = hatching(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, mix(accent, PAPER, HATCH_TINT)) if light else []
    scale = scale_of(w, h)
    inset = max(SAFE + 0.25, min(w, h) * 0.06)  # the frame, its stroke too, inside the safe zone
    ring = 3.0 * scale  # a pack's letter in the corners, clear of the name (which keeps out of their band)
    at = inset + 1.4 * scale + ring
    ringed: list[Shape] = [*pack_mark(at, at, ring, mark, accent)] if mark else []
    if isinstance(design, Picture):  # (the ground is what a sheet carries past the outer cuts)
        art = design.covering(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
        pictured: tuple[Shape, ...] = (ground, art, *ringed, *turned(ringed, w, h))
        return Drawing(w + 2 * bleed, h + 2 * bleed, pictured, origin=(-bleed, -bleed), title=f"back: {name}")
    room = w - 2 * inset - 4 * scale
    name_font = font if font is not None and font.covers(name) else None  # else the shipped sans draws it
    line2_font = font if font is not None and font.covers(line2) else None
    # the rings stand beside line2, which is short, not beside the name: "Game of Trains" keeps one line
    clear = room - 4 * ring - 5.6 * scale if mark else room
    names, s1, _ = fit_lines(name, fitting(6.4 * scale), room, name_font)
    s1 = max(s1, MIN_TYPE)
    # (one line where it fits beside the rings, else two: a small card's "pattern three · census 26")
    line2s, s2, _ = fit_lines(line2, fitting(3.2 * scale), clear, line2_font)
    frames: list[Shape] = [
        Rect(inset, inset, w - 2 * inset, h - 2 * inset, fill=None, stroke=ink, stroke_width=0.5, radius=inset),
    ]
    train = design in ("train", "light")
    top = _train_half(w, h, scale, inset, names, s1, line2s, s2, (ink, paper, body), name_font) if train else None
    if top is None:  # the plain design, or a card too squat for the locomotive
        top = _plain_half(w, h, scale, names, s1, line2s, s2, (ink, paper, body), name_font)
    else:
        rule = inset + 1.1 * scale
        frames.append(
            Rect(rule, rule, w - 2 * rule, h - 2 * rule, fill=None, stroke=ink, stroke_width=0.2, radius=inset * 0.7)
        )
    fonts = {"back-title": name_font, "back-line": line2_font}
    top = [replace(t, font=fonts[t.role]) if isinstance(t, Text) and t.role in fonts else t for t in top]
    if mark:  # level with line2's (first line's) middle, in the corner's column
        y2 = next(t.y for t in top if isinstance(t, Text) and t.role == "back-line")
        top += pack_mark(at, y2 - SANS_CAP * s2 / 2, ring, mark, accent)
    shapes: list[Shape] = [ground, *hatch, *frames, *top, *turned(top, w, h)]
    return Drawing(w + 2 * bleed, h + 2 * bleed, tuple(shapes), origin=(-bleed, -bleed), title=f"back: {name}")


Inks = tuple[str, str, str]  # what the words are drawn in, the ground under them, the locomotive's body


def _name_lines(
    w: float, y: float, names: list[str], s1: float, line2: list[str], s2: float, inks: Inks, font: Typeface | None
) -> tuple[list[Shape], float]:
    """The name's lines (first baseline ``y``) and ``line2``'s (one or two) under them; and the
    last line's baseline."""
    ink = inks[0]
    out: list[Shape] = [
        Text(w / 2, y + i * LINE * s1, line, s1, "middle", fill=ink, bold=True, role="back-title", family="sans")
        for i, line in enumerate(names)
    ]
    y2 = y + (len(names) - 1) * LINE * s1 + 0.55 * s1 + SANS_CAP * s2 + 0.4
    for i, line in enumerate(line2):
        out.append(
            Text(
                w / 2, y2 + i * LINE * s2, line, s2, "middle", fill=mix(ink, INK, 0.9), role="back-line", family="sans"
            )
        )
    del font
    return out, y2 + (len(line2) - 1) * LINE * s2


def _plain_half(
    w: float,
    h: float,
    scale: float,
    names: list[str],
    s1: float,
    line2: list[str],
    s2: float,
    inks: Inks,
    font: Typeface | None,
) -> list[Shape]:
    """The upper half of the plain back: the name and ``line2`` just above the middle."""
    block = (len(names) - 1) * LINE * s1 + 0.55 * s1 + SANS_CAP * s2 + 0.4 + (len(line2) - 1) * LINE * s2
    first = h / 2 - 5 * scale - block
    texts, _ = _name_lines(w, first, names, s1, line2, s2, inks, font)
    return texts


def _train_half(
    w: float,
    h: float,
    scale: float,
    inset: float,
    names: list[str],
    s1: float,
    line2: list[str],
    s2: float,
    inks: Inks,
    font: Typeface | None,
) -> list[Shape] | None:
    """The upper half of the train back: the name and ``line2`` near the top and, centred in the
    room between them and the middle, one locomotive on a short length of track, with room all
    round it (clear of the frame, and of its turned copy over the middle). None when that room
    holds no locomotive worth the name (a very squat card)."""
    pad, gap = 3.0 * scale, 3.6 * scale
    cap1 = cap_height("sans", font, names[0] if names else "")
    rule = inset + 1.1 * scale  # the frame's fine rule
    first = rule + pad + cap1 * s1
    texts, y2 = _name_lines(w, first, names, s1, line2, s2, inks, font)
    ink, ground, body = inks
    sleeper = 1.0 * scale  # the sleepers' depth under the rail
    rail_w = 0.6 * scale
    bottom = h / 2 - 4.5 * scale  # the track's lowest ink: the two halves' tracks well apart
    room = bottom - sleeper - rail_w - (y2 + gap)  # the engine's height, at most
    inner = w - 2 * (rule + 5.0 * scale)  # the track's length, clear of the frame
    height = min(room, (inner - 2 * 3.0 * scale) / ENGINE_RATIO, 24.0 * scale)
    if height < 8.0:
        return None
    ew = height * ENGINE_RATIO
    k = height / 64
    rail = bottom - sleeper - rail_w  # the rail's top, where the wheels stand
    rail = rail - max(0.0, room - height) / 2  # the engine centred in its room
    x0 = w / 2 - ew / 2
    length = ew + 2 * 3.0 * scale
    pitch = 2.4 * scale
    count = int(length / pitch)
    left = w / 2 - count * pitch / 2
    train: list[Shape] = [
        engine(x0, rail, ew, body, role="back-engine"),
        # the cab's window (x 66-86, y 20-31 of the engine's 96 × 64 grid), in the ground's colour
        Rect(x0 + 64 * k, rail - 44 * k, 20 * k, 11 * k, fill=ground, radius=1.5 * k, role="back-window"),
        Rect(left, rail, count * pitch, rail_w, fill=body, role="rail"),
        Line(
            left + pitch * 0.2,
            rail + rail_w + sleeper / 2,
            left + count * pitch,
            rail + rail_w + sleeper / 2,
            stroke=mix(ink, ground, 0.55),
            stroke_width=sleeper,
            dash=(pitch * 0.6, pitch * 0.4),
            role="sleepers",
        ),
    ]
    for cx, r in ENGINE_WHEELS:  # each wheel's rim, a ring in the ground's colour inside the silhouette
        train.append(
            Circle(
                x0 + (cx - 2) * k,
                rail - r * k,
                r * k * 0.72,
                fill=None,
                stroke=ground,
                stroke_width=r * k * 0.16,
                role="back-wheel",
            )
        )
    return [*texts, *train]
