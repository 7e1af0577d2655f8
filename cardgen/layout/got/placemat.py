"""Placemats (seed 002, §2 and §8): where a player's cards lie, one lettered space each. Pure.

Linear mat (§2): one space per card in a row, lettered A, B, C ... from the
left. Grid mat (§8): R rows lettered from A, C columns lettered after the rows
(3 × 3: rows A B C, columns D E F), each space named by its row letter then its
column letter (AD top left ... CF bottom right); the row letters stand on the
left and right edges, the column letters on the top and bottom edges.

Every space is a tinted rounded box holding a white card slot exactly the card's
size, ``ROOM`` wider on each side, with a band above and below the slot. The
space's name is printed three times: in large pale type across the slot (to
read while the space is empty), in the top band upright, and in the bottom
band turned 180° (both stay visible with a card on the space, and the turned
one reads for the players across the table). So a space is never smaller than
the card.

The room round a card and the gap between spaces are 2 mm (they were 4): so
four poker-card spaces, with the mat's edge and a glue tab, fit across the
287 mm a home printer inks of A4 landscape, and a census-7 mat prints as 4 + 3
spaces on two pages without a cut through a space (``impose.tileplan`` cuts
mats only between spaces), a census-4 mat on one page. Rows of a grid stand
``ROW_GAP`` apart: room under each row for its track, and for a cut between
rows below the track.

The railway look: each space is a wagon, its wheels showing under its bottom
edge, and each row of spaces runs on a rail on its track (in the margin under a
linear mat, in the gap under each row of a grid): two solid rails on their
sleepers, drawn as the card faces draw theirs, in the mat's colour, so the
track never reads as a dashed line to cut along. The project's locomotive, one
flat silhouette in the mat's colour as on the faces, heads the title. A player's
``name``, when given, follows the title in the header band at its left end, on
the piece of the mat that holds space A (or AD): the other pieces of mats of one
shape are alike, and any of them goes with any. Words are in the sans family at
sizes of the type scale.

Coordinates are mm, y down, origin top-left of the mat; the mat's own edge is
a hairline frame, the line to cut the assembled mat along.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.layout.art import engine, mix, track
from cardgen.layout.shapes import Circle, Drawing, Rect, Shape, Text, cap_height, text_width
from cardgen.layout.typescale import HEAD, LEAD, fit_step, fitting
from cardgen.rules.got.abilities import MAX_CENSUS, space_letter
from cardgen.rules.got.grid_packs import GridMat

MIN_CENSUS = 2  # the linear patterns go down to two spaces

ROOM = 2.0  # mm of space around the card slot, left and right
BAND = 9.0  # letter band above and below the card slot, inside the space
GAP = 2.0  # between two spaces side by side
ROW_GAP = 9.0  # between two rows of a grid: the track under the upper row (``TRACK``), then a cut
PAD = 5.0  # mat edge to content
HEADER = 11.0  # title band at the top
EDGE = 11.0  # grid mats: the strip carrying the row / column letters
RADIUS = 3.0

INK = "#1a1a1a"
ACCENT = "#1f4e79"
TINT = "#dfe8f2"
PALE = "#c3d2e3"  # the big letter in an empty slot
SLOT = "#8fa9c4"
FRAME = "#555555"
RAIL = mix(ACCENT, INK, 0.45)  # the track in the mat's colour, as the card faces have it
SLEEPER = mix(ACCENT, "#ffffff", 0.35)
WHEEL = "#2b3a4a"
CAP = cap_height("sans")
# The running gear, in mm: a wheel shows its lower half under the wagon, standing on the near
# rail; the track (two rails across their sleepers, ``art.track`` at TRACK_SCALE) under it.
WHEEL_R = 1.4
TRACK_SCALE = 0.8
GAUGE = 1.0
RAIL_W = 0.45 * TRACK_SCALE  # art.track's rail and the sleepers' overhang, at that scale
OVER = 0.55 * TRACK_SCALE
TRACK = WHEEL_R + 2 * RAIL_W + GAUGE + OVER  # how far the track reaches under a row of spaces
ENGINE_H = 7.0  # the title's locomotive, mm tall


@dataclass(frozen=True)
class Space:
    """One named space: its outline box and its card slot, in mat mm."""

    name: str
    x: float
    y: float
    w: float
    h: float
    slot: tuple[float, float, float, float]  # (x, y, w, h), exactly the card

    @property
    def span(self) -> tuple[str, float, float, float, float]:
        """``(name, x0, x1, y0, y1)``, as ``tiling.tile`` takes it."""
        return (self.name, self.x, self.x + self.w, self.y, self.y + self.h)


def _check_card(card: tuple[float, float]) -> tuple[float, float]:
    w, h = (float(v) for v in card)
    if not (w > 0 and h > 0):
        raise CardgenError(f"card size {w:g}×{h:g}mm is not a size: both sides must be positive")
    return w, h


def check_census(census: object) -> int:
    """``census`` as an int, or a one-line CardgenError naming what is allowed."""
    if isinstance(census, bool) or not isinstance(census, int) or not MIN_CENSUS <= census <= MAX_CENSUS:
        raise CardgenError(
            f"census {census!r} is not allowed: a placemat has {MIN_CENSUS} to {MAX_CENSUS} spaces (A to Z)"
        )
    return census


def space_size(card: tuple[float, float]) -> tuple[float, float]:
    """Outline size of one space for a card of size ``card``."""
    w, h = _check_card(card)
    return w + 2 * ROOM, h + 2 * BAND


def _space(name: str, x: float, y: float, card: tuple[float, float]) -> Space:
    w, h = space_size(card)
    return Space(name, x, y, w, h, (x + ROOM, y + BAND, card[0], card[1]))


def linear_spaces(census: int, card: tuple[float, float]) -> list[Space]:
    """The spaces of a census-``census`` linear mat, A first (leftmost)."""
    check_census(census)
    card = _check_card(card)
    w, _ = space_size(card)
    top = PAD + HEADER
    return [_space(space_letter(i), PAD + i * (w + GAP), top, card) for i in range(census)]


def grid_spaces(rows: int, cols: int, card: tuple[float, float]) -> list[Space]:
    """The spaces of an R×C mat, row by row (AD, AE, AF, BD ... for 3 × 3)."""
    mat = GridMat(rows, cols)  # validates the shape, one line
    card = _check_card(card)
    w, h = space_size(card)
    x0, y0 = PAD + EDGE, PAD + HEADER + EDGE
    return [
        _space(mat.space((r, c)), x0 + c * (w + GAP), y0 + r * (h + ROW_GAP), card)
        for r in range(rows)
        for c in range(cols)
    ]


def _wheels(s: Space) -> list[Shape]:
    """Two bogies of two wheels under a space, drawn before it so that only their lower halves show."""
    shapes: list[Shape] = []
    y = s.y + s.h
    for bogie in (s.x + RADIUS + 3.6, s.x + s.w - RADIUS - 3.6):
        for dx in (-1.7, 1.7):
            shapes.append(Circle(bogie + dx, y, WHEEL_R, fill=WHEEL, role="wheel"))
    return shapes


def _track(x0: float, x1: float, y: float) -> list[Shape]:
    """A track from ``x0`` to ``x1``, its near rail's top at ``y``: two solid rails across their
    sleepers (one dashed stroke under them, a dash a sleeper), as on the card faces."""
    middle = y + RAIL_W + GAUGE / 2
    return track(x0, x1, middle, GAUGE, rail=RAIL, sleeper=SLEEPER, scale=TRACK_SCALE)


def _space_shapes(s: Space) -> list[Shape]:
    sx, sy, cw, ch = s.slot
    inner = s.w - 2 * ROOM
    band = fit_step(s.name, (BAND - 2.6) / CAP, inner * 0.8, bold=True)
    big = fit_step(s.name, ch * 0.42 / CAP, cw * 0.75, bold=True)
    cx = s.x + s.w / 2
    return [
        Rect(s.x, s.y, s.w, s.h, fill=TINT, stroke=ACCENT, stroke_width=0.5, radius=RADIUS, role="space"),
        Rect(sx, sy, cw, ch, fill="#ffffff", stroke=SLOT, stroke_width=0.25, radius=1.0, role="card-slot"),
        Text(cx, sy + ch / 2 + CAP * big / 2, s.name, big, bold=True, fill=PALE, role="space-name", family="sans"),
        Text(
            cx,
            s.y + BAND / 2 + CAP * band / 2,
            s.name,
            band,
            bold=True,
            fill=ACCENT,
            role="space-letter",
            family="sans",
        ),
        Text(
            cx,
            s.y + s.h - BAND / 2 - CAP * band / 2,
            s.name,
            band,
            rotate=180,
            bold=True,
            fill=ACCENT,
            role="space-letter-turned",
            family="sans",
        ),
    ]


def _header(width: float, title: str, caption: str, name: str, first: float, last: float) -> list[Shape]:
    """The locomotive and the title (or the player's ``name``, the title then joining the caption)
    at the left of the header band, the caption at the right, all in the mat's colour. The left
    words end before ``first`` (where the first space ends) and the right ones begin after
    ``last`` (where the last begins): a mat is cut only between spaces, so neither ever runs
    across a cut, whatever the split."""
    base = PAD + HEADER / 2 + 2.0
    loco_w = ENGINE_H * 96 / 64  # art.engine is 64/96 as tall as it is wide
    if name:
        caption = f"{title} · {caption}"
    right = width - PAD - 2.0 - last  # from 1 mm inside the last space's left edge to 1 mm inside the mat's
    csize = fit_step(caption, LEAD, right)
    caption = _cut_to(caption, csize, right, bold=False)
    title_x = PAD + 1.0 + loco_w + 2.5
    room = min(first - 1.0, width - PAD - 1.0 - text_width(caption, csize, family="sans") - 4.0) - title_x
    rail = base - CAP * HEAD / 2 + ENGINE_H / 2  # the engine level with the title's capitals
    shapes: list[Shape] = [
        engine(PAD + 1.0, rail, loco_w, ACCENT, role="mat-engine"),
        Text(width - PAD - 1.0, base, caption, csize, "end", fill=ACCENT, role="mat-caption", family="sans"),
    ]
    words, role = (name, "mat-name") if name else (title, "mat-title")
    if words:
        tsize = fit_step(words, HEAD, room, bold=True)
        words = _cut_to(words, tsize, room, bold=True)
        shapes.append(Text(title_x, base, words, tsize, "start", bold=True, fill=ACCENT, role=role, family="sans"))
    return shapes


def _cut_to(text: str, size: float, room: float, *, bold: bool) -> str:
    """``text``, ended with "…" where it is wider than ``room`` at ``size``."""
    if text_width(text, size, bold=bold, family="sans") <= room:
        return text
    while len(text) > 1 and text_width(text.rstrip() + "…", size, bold=bold, family="sans") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _frame(width: float, height: float) -> Rect:
    return Rect(0.25, 0.25, width - 0.5, height - 0.5, fill="#ffffff", stroke=FRAME, stroke_width=0.2, role="mat-edge")


def linear_mat(census: int, card: tuple[float, float] = (63.5, 88.9), *, title: str = "", name: str = "") -> Drawing:
    """The §2 placemat: ``census`` spaces in a row, A at the left; ``name`` its player's, if given."""
    spaces = linear_spaces(census, card)
    sw, sh = space_size(card)
    width = 2 * PAD + census * sw + (census - 1) * GAP
    height = 2 * PAD + HEADER + sh
    shapes: list[Shape] = [_frame(width, height)]
    shapes += _header(width, title or "Game of Trains", f"census {census}", name, PAD + sw, width - PAD - sw)
    shapes += _track(PAD, width - PAD, PAD + HEADER + sh + WHEEL_R)
    for s in spaces:
        shapes += _wheels(s) + _space_shapes(s)
    return Drawing(
        width,
        height,
        tuple(shapes),
        title=f"{title or 'Game of Trains'}: placemat, census {census}" + (f", {name}'s" if name else ""),
        meta={"kind": "linear", "census": str(census), "spaces": " ".join(s.name for s in spaces), "name": name},
    )


def grid_mat(
    rows: int = 3, cols: int = 3, card: tuple[float, float] = (63.5, 88.9), *, title: str = "", name: str = ""
) -> Drawing:
    """The §8 placemat: ``rows`` × ``cols`` spaces, AD top left; row letters left and right, column
    letters top and bottom; ``name`` its player's, if given."""
    spaces = grid_spaces(rows, cols, card)
    mat = GridMat(rows, cols)
    sw, sh = space_size(card)
    inner_w = cols * sw + (cols - 1) * GAP
    inner_h = rows * sh + (rows - 1) * ROW_GAP
    width = 2 * PAD + 2 * EDGE + inner_w
    height = 2 * PAD + HEADER + 2 * EDGE + inner_h
    x0, y0 = PAD + EDGE, PAD + HEADER + EDGE
    shapes: list[Shape] = [_frame(width, height)]
    caption = f"{rows}×{cols} · census {rows * cols}"
    shapes += _header(width, title or "Game of Trains", caption, name, x0 + sw, width - PAD - EDGE - sw)
    for r in range(rows):  # each row of wagons on its rail, in the gap under it (the last: in the edge strip)
        shapes += _track(x0 - 2.0, x0 + inner_w + 2.0, y0 + r * (sh + ROW_GAP) + sh + WHEEL_R)
    for s in spaces:
        shapes += _wheels(s) + _space_shapes(s)
    size = fitting((EDGE - 2.0 - TRACK) / CAP)  # the edge letters clear the last row's track by 1 mm
    cap = CAP * size
    for c in range(cols):
        cx = x0 + c * (sw + GAP) + sw / 2
        letter = mat.letter("col", c)
        below = y0 + inner_h + TRACK + (EDGE - TRACK + cap) / 2
        shapes.append(Text(cx, y0 - (EDGE - cap) / 2, letter, size, bold=True, fill=INK, role="col-letter", family="sans"))  # fmt: skip
        shapes.append(Text(cx, below, letter, size, bold=True, fill=INK, role="col-letter", family="sans"))
    for r in range(rows):
        cy = y0 + r * (sh + ROW_GAP) + sh / 2 + cap / 2
        letter = mat.letter("row", r)
        shapes.append(Text(PAD + EDGE / 2, cy, letter, size, bold=True, fill=INK, role="row-letter", family="sans"))
        shapes.append(Text(width - PAD - EDGE / 2, cy, letter, size, bold=True, fill=INK, role="row-letter", family="sans"))  # fmt: skip
    return Drawing(
        width,
        height,
        tuple(shapes),
        title=f"{title or 'Game of Trains'}: placemat, {rows}×{cols}" + (f", {name}'s" if name else ""),
        meta={
            "name": name,
            "kind": "grid",
            "rows": mat.row_letters,
            "cols": mat.col_letters,
            "spaces": " ".join(s.name for s in spaces),
        },
    )
