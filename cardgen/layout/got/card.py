"""The face of a Game of Trains variant card (seed 002, §2-§3); its back is ``layout.got.back``.

Face: the number and the ability in large type, readable across a table, and the same in small
type in the top left corner, for fanning in hand; under the ability, the placemat's spaces as
wagons behind a locomotive, the ones it acts on marked (``layout.got.spaces``), standing on a track
that runs across the middle of the card. The card is double-ended: everything in the top half
is repeated, turned 180° about the card's centre, in the bottom half (the track is its own turned
copy), so the card reads the same either way up.

Every face of a pack has the same type sizes, worked out once from the pack's widest case
(``layout.got.facetype``): an underlined 6 is as large as an 8. Cut at home, a card is often 1 mm
off: so every frame and every text sits at least 1/8 in (3.175 mm, a print shop's safe zone)
inside the cut, and no line runs close along it. Removal cards (``A→X``) look different from
swaps at a glance, even fanned in a hand: their panel is a clean light tint of the pack's colour
and their wagon is struck out with a bold cross, a swap's panel is white and its two wagons are
in the pack's colour. An underlined number (6, 9 …) leaves 1.5 mm clear under its line.

A number ability (§9, ``rules.got.number_abilities``) shows its label large, its code in the corner and, under
them, what it does in words ("remove the lowest even card"): the short forms are what the checker
reads, the words what a player reads at a glance. With several packs combined
(§7) each card carries its pack's letter in a ring beside the corner index, and on its back.
The plain theme (``--theme plain``, ``theme.PLAIN``) draws the spaces as a row of boxes and no
track, engine or logo: type and the pictogram alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from cardgen.layout.art import engine, light, mix, track
from cardgen.layout.got.facetype import (
    FIGURE_CAP,
    FIGURES,
    GAUGE,
    LINE,
    MIN_TYPE,
    SAFE,
    UNDER_OFFSET,
    FaceType,
    PackFaces,
    face_type,
    underline_depth,
    widest,
)
from cardgen.layout.got.spaces import ENGINE_RATIO, spaces_pictogram
from cardgen.layout.shapes import (
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Text,
    text_width,
    turned,
)
from cardgen.layout.theme import DEFAULT, Picture, Theme
from cardgen.layout.typescale import fitting, reads_otherwise_turned
from cardgen.rules.got.number_abilities import NumberAbility
from cardgen.rules.got.patterns import PackAbility, Pattern
from cardgen.rules.shared import Card

__all__ = ["MIN_TYPE", "SAFE", "card_face", "double_ended_face", "pack_mark"]

INK = "#1a1a1a"
PAPER = "#ffffff"
ACCENTS = {"one": "#1f4e79", "two": "#8a2323", "three": "#1e6b3e"}
TINTS = {"one": "#dfe8f2", "two": "#f3dddd", "three": "#dcefe3"}
NOTES = {"three": "may cross players"}
# the line under a number ability (§9): what it does, in words (its label, ``LO EV→X``, is the
# short form the corner and the checker read)
PICKS = {
    "highest": "remove the highest card",
    "lowest": "remove the lowest card",
    "lowest-even": "remove the lowest even card",
    "highest-odd": "remove the highest odd card",
    "highest-lowest": "swap the highest and lowest",
}
LINES = {"row": "in a row you choose", "col": "in a column you choose"}


def _underline(t: Text) -> Rect:
    """The line under a number that reads otherwise turned (``facetype`` leaves room under it)."""
    x0, _, x1, y1 = t.bounds()
    top = y1 + t.size * UNDER_OFFSET
    return Rect(x0, top, x1 - x0, y1 + underline_depth(t.size) - top, fill=t.fill, role="underline")


def frame(w: float, h: float, bleed: float, tint: str, accent: str, panel: str, role: str = "panel") -> list[Shape]:
    """Tinted ground (carried into the bleed) and a rounded panel ``SAFE`` inside the cut, filled ``panel``."""
    radius = min(w, h) * 0.04
    return [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=tint, role="background"),
        Rect(
            SAFE,
            SAFE,
            w - 2 * SAFE,
            h - 2 * SAFE,
            fill=panel,
            stroke=accent,
            stroke_width=0.35,
            radius=radius,
            role=role,
        ),
    ]


def removal_panel(accent: str) -> str:
    """A removal card's panel: a clean light tint of the pack's colour, where a swap's is white."""
    return light(accent)


def number_note(ability: NumberAbility) -> str:
    """The line under a number ability: what it does in words (and, 3×3, where).

    >>> from cardgen.rules.got.number_abilities import LOWEST_EVEN, ROW_HIGHEST
    >>> number_note(LOWEST_EVEN), number_note(ROW_HIGHEST)
    ('remove the lowest even card', 'in a row you choose')
    """
    return LINES[ability.axis] if ability.axis is not None else PICKS[ability.pick]


def _note(ability: PackAbility, pattern: Pattern) -> str:
    return number_note(ability) if isinstance(ability, NumberAbility) else NOTES.get(pattern.name, "")


@lru_cache(maxsize=16)
def pattern_faces(pattern: Pattern, marked: bool) -> PackFaces:
    """What the faces of a linear pack show, for sizing its type (once a pack: a pattern is
    hashed by identity, and a build draws all its faces from one)."""
    numbers = [str(n) for n in range(1, pattern.size + 1)]
    return PackFaces(
        number=widest(numbers, bold=True, family=FIGURES),
        code=widest([a.code for a in pattern.abilities], bold=True, family=FIGURES),
        label=widest([a.label for a in pattern.abilities], bold=True, family="mono"),
        note=widest([n for a in pattern.abilities if (n := _note(a, pattern))], bold=True),
        underlined=any(reads_otherwise_turned(n) for n in numbers),
        spaces=pattern.census,
        marked=marked,
    )


def card_face(
    card: Card[PackAbility],
    pattern: Pattern,
    size: tuple[float, float],
    *,
    title: str = "",
    bleed: float = 0.0,
    theme: Theme = DEFAULT,
    mark: str = "",
) -> Drawing:
    """The front of one card as a shape tree, in mm; bleed extends only the background.
    ``theme`` may change the pattern's colours, add a logo or draw the plain look; ``mark``:
    its pack's letter."""
    ability = card.ability
    accent = theme.accent(pattern.name, ACCENTS.get(pattern.name, INK))
    census = pattern.census

    def strip(x0: float, x1: float, rail: float, height: float) -> list[Shape]:
        return spaces_pictogram(
            ability, census, x0, x1, rail, height, accent=accent, ink=INK, paper=PAPER, railway=theme.railway
        )

    face = Face(
        card.number,
        ability.code,
        ability.label,
        accent=accent,
        tint=theme.tint(pattern.name, TINTS.get(pattern.name, "#eeeeee")),
        note=_note(ability, pattern),
        removal=(ability.action if isinstance(ability, NumberAbility) else ability.kind) == "remove",
        set_name=f"pattern {pattern.name}, census {pattern.census}",
        mark=mark,
        strip=strip,
    )
    kind = pack_type(pattern_faces(pattern, bool(mark)), size, title, theme)
    return double_ended_face(face, kind, bleed=bleed, theme=theme)


def pack_type(faces: PackFaces, size: tuple[float, float], title: str, theme: Theme) -> FaceType:
    """The ``FaceType`` of a pack's faces in ``theme``."""
    logo = theme.logo_picture is not None or theme.logo == "locomotive"
    return face_type(faces, size, title=title, font=theme.font, logo=logo, railway=theme.railway)


Strip = Callable[[float, float, float, float], list[Shape]]  # (x0, x1, rail, height) -> the pictogram


@dataclass(frozen=True)
class Face:
    """What a double-ended card face shows, whatever the pack: its number, its ability (``code``
    in the corner index, ``label`` large), the pack's colours, and what sets the card apart."""

    number: int
    code: str
    label: str
    accent: str
    tint: str
    note: str = ""  # a line under the ability, e.g. "may cross players"
    removal: bool = False  # a removal's tinted panel
    set_name: str = ""  # what pack it belongs to, for the sheet's label (the drawing's ``meta["set"]``)
    # an optional square pictogram (drawn in a side × side box at the origin) beside the large number
    picture: Callable[[float], list[Shape]] | None = None
    mark: str = ""  # its pack's letter, in a ring beside the corner index (several packs combined, §7)
    strip: Strip | None = None  # the pictogram over the middle (a linear card's spaces)


def pack_mark(cx: float, cy: float, radius: float, mark: str, accent: str) -> tuple[Circle, Text]:
    """A pack's letter in a ring centred on (cx, cy): white inside, the accent's outline and letter
    (at a step of the type scale)."""
    size = fitting(radius * 1.15)
    return (
        Circle(cx, cy, radius, fill=PAPER, stroke=accent, stroke_width=radius * 0.14, role="pack-ring"),
        Text(
            cx,
            cy + FIGURE_CAP * size / 2,
            mark,
            size,
            "middle",
            fill=accent,
            bold=True,
            role="pack-mark",
            family=FIGURES,
        ),
    )


def index_and_title(kind: FaceType, number: str, code: str, accent: str, mark: str, theme: Theme) -> list[Shape]:
    """The upper half's corner index (number over ability, the pack's letter beside them) and
    title lines, as every face of the pack has them."""
    idx = kind.idx
    out: list[Shape] = [
        Text(kind.ix, kind.iy, number, idx, "start", bold=True, role="index-number", family=FIGURES),
        Text(
            kind.ix, kind.code_y, code, kind.code, "start", fill=accent, bold=True, role="index-ability", family=FIGURES
        ),
    ]
    if mark:  # clear of the widest text of this index, level with its middle
        right = kind.ix + max(
            text_width(number, idx, bold=True, family=FIGURES), text_width(code, kind.code, bold=True, family=FIGURES)
        )
        middle = (kind.iy - FIGURE_CAP * idx + kind.code_y) / 2
        out += pack_mark(right + kind.ring_x, middle, kind.ring, mark, accent)
    return out + title_texts(kind, theme, accent)


def title_texts(kind: FaceType, theme: Theme, accent: str) -> list[Text]:
    """The set's title, its lines at the foot of the upper half (in the theme's font when it has
    every letter)."""
    font = theme.font if theme.font is not None and theme.font.covers(" ".join(kind.title)) else None
    return [
        Text(
            kind.title_x,
            kind.title_y + k * LINE * kind.title_size,
            line,
            kind.title_size,
            "middle",
            fill=accent,
            role="title",
            font=font,
            family="sans",
        )
        for k, line in enumerate(kind.title)
    ]


def logo_shapes(kind: FaceType, theme: Theme, accent: str) -> list[Shape]:
    """The theme's logo in the top right corner and, turned 180°, in the bottom left: a picture
    of the user's (its turned copy made when the theme was read) or the locomotive."""
    if kind.logo is None:
        return []
    x, y, bw, bh = kind.logo
    w, h = kind.w, kind.h
    picture: Picture | None = theme.logo_picture
    if picture is not None:
        return [
            picture.within(x, y, bw, bh),
            picture.within(w - x - bw, h - y - bh, bw, bh, upside_down=True),
        ]
    width = min(bw, bh * ENGINE_RATIO)
    loco = [engine(x + bw - width, y + bh, width, accent, role="logo")]
    return [*loco, *turned(loco, w, h)]


def double_ended_face(face: Face, kind: FaceType, *, bleed: float = 0.0, theme: Theme = DEFAULT) -> Drawing:
    """Any double-ended card, in its pack's ``kind``: number and ability large, the corner index
    small (the code under the number), the pictograms, the top half repeated turned 180° in the
    bottom half, the track across the middle. The theme's font sets the title; numbers, codes
    and abilities are in the monospace family's bold (``facetype.FIGURES``), notes in the sans."""
    w, h, scale = kind.w, kind.h, kind.scale
    number, accent = str(face.number), face.accent
    stack = kind.with_note if face.note else kind.without_note
    top: list[Shape] = index_and_title(kind, number, face.code, accent, face.mark, theme)

    side = kind.side if face.picture else 0.0
    number_x = w / 2
    if face.picture:  # the number and the 2D pictogram side by side, centred together
        nw = text_width(number, kind.big, bold=True, family=FIGURES)
        gap = 0.25 * kind.big
        number_x = w / 2 - (gap + side) / 2
        px = number_x + nw / 2 + gap
        top.append(Group(tuple(face.picture(side)), dx=px, dy=stack.number - side, role="picture"))
    texts = [
        Text(number_x, stack.number, number, kind.big, "middle", bold=True, role="number", family=FIGURES),
        Text(w / 2, stack.label, face.label, kind.label, "middle", fill=accent, bold=True, role="ability"),
    ]
    if face.note:
        texts.append(
            Text(w / 2, stack.note, face.note, kind.note, "middle", fill=accent, bold=True, role="note", family="sans")
        )
    if reads_otherwise_turned(number):
        top += [
            _underline(t) for t in (*texts[:1], *[s for s in top if isinstance(s, Text) and s.role == "index-number"])
        ]
    if face.strip is not None and kind.strip:
        top += face.strip(*kind.strip_x, kind.rail, kind.strip)
    top += texts

    panel = removal_panel(accent) if face.removal else PAPER
    shapes: list[Shape] = frame(w, h, bleed, face.tint, accent, panel, "panel-removal" if face.removal else "panel")
    if kind.track:
        shapes += middle_track(w, h, scale, accent)
    shapes += [*top, *turned_half(top, w, h), *logo_shapes(kind, theme, accent)]
    meta = {"number": number, "ability": face.code}
    if face.set_name:
        meta["set"] = face.set_name
    return Drawing(
        w + 2 * bleed,
        h + 2 * bleed,
        tuple(shapes),
        origin=(-bleed, -bleed),
        title=f"{number} {face.label}",
        meta=meta,
    )


def turned_half(top: list[Shape], w: float, h: float) -> list[Shape]:
    """``shapes.turned`` of a face's upper half; its art (the same engine, wagons and marks on
    card after card of a pack) turned once and remembered."""
    return [turned([s], w, h)[0] if isinstance(s, Text) else _turned_one(s, w, h) for s in top]


@lru_cache(maxsize=4096)
def _turned_one(shape: Shape, w: float, h: float) -> Shape:
    return turned([shape], w, h)[0]


def middle_track(w: float, h: float, scale: float, accent: str) -> list[Shape]:
    """The track across the panel's middle, in the pack's colour: dark rails, light sleepers."""
    inset = SAFE + 0.5
    return track(
        inset,
        w - inset,
        h / 2,
        GAUGE * scale,
        rail=mix(accent, INK, 0.45),
        sleeper=mix(accent, PAPER, 0.35),
        scale=scale,
    )


def title_warning(kind: FaceType, title: str) -> str | None:
    """One line saying the title was cut short on these cards, or None."""
    if not kind.title_cut:
        return None
    return (
        f"warning: the title {' '.join(title.split())!r} is too long for {kind.w:g} × {kind.h:g} mm cards: "
        f"printed as {' '.join(kind.title)!r}; shorten it to fit"
    )
