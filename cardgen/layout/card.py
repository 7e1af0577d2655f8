"""The face and back of a Game of Trains variant card (seed 002, §2-§3).

Face: the number and the ability in large type, readable across a table, and
the same in small type in two corners, for fanning in hand. The card is
double-ended: everything in the top half is repeated, turned 180° about the
card's centre, in the bottom half, so the card reads the same either way up.
All text sits at least 1/8 in (3.175 mm) inside the cut.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.layout.shapes import CAP_HEIGHT, Drawing, Group, Rect, Shape, Text, fit_size, text_width, turned
from cardgen.rules.abilities import Ability
from cardgen.rules.check import Card
from cardgen.rules.patterns import Pattern

SAFE = 25.4 / 8  # text stays this far inside the cut
INK = "#1a1a1a"
PAPER = "#ffffff"
ACCENTS = {"one": "#1f4e79", "two": "#8a2323", "three": "#1e6b3e"}
TINTS = {"one": "#dfe8f2", "two": "#f3dddd", "three": "#dcefe3"}
NOTES = {"three": "may cross players"}
_TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_otherwise_turned(number: str) -> bool:
    """True when ``number`` turned 180° reads as a different number (6 and 9, 68, 86 ...).

    Such numbers get an underline, as on playing cards, since these cards are
    double-ended and are as often seen upside down as not.

    >>> [n for n in range(1, 100) if reads_otherwise_turned(str(n))]
    [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99]
    """
    if any(d not in _TURNED_DIGITS for d in number):
        return False
    upside = "".join(_TURNED_DIGITS[d] for d in reversed(number))
    return upside != number and not upside.startswith("0")


def _underline(t: Text) -> Rect:
    x0, _, x1, y1 = t.bounds()
    thick = max(0.25, t.size * 0.06)
    return Rect(x0, y1 + t.size * 0.09, x1 - x0, thick, fill=t.fill, role="underline")


def _frame(w: float, h: float, bleed: float, tint: str, accent: str) -> list[Shape]:
    """Tinted background (carried into the bleed) and a white rounded panel."""
    inset = min(w, h) * 0.035
    return [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=tint, role="background"),
        Rect(
            inset,
            inset,
            w - 2 * inset,
            h - 2 * inset,
            fill=PAPER,
            stroke=accent,
            stroke_width=0.35,
            radius=inset,
            role="panel",
        ),
    ]


def card_face(
    card: Card[Ability], pattern: Pattern, size: tuple[float, float], *, title: str = "", bleed: float = 0.0
) -> Drawing:
    """The front of one card as a shape tree, in mm; bleed extends only the background."""
    return double_ended_face(
        card.number,
        card.ability.code,
        card.ability.label,
        size,
        accent=ACCENTS.get(pattern.name, INK),
        tint=TINTS.get(pattern.name, "#eeeeee"),
        note=NOTES.get(pattern.name, ""),
        title=title,
        bleed=bleed,
    )


def double_ended_face(
    number_value: int,
    code: str,
    label: str,
    size: tuple[float, float],
    *,
    accent: str,
    tint: str,
    note: str = "",
    title: str = "",
    bleed: float = 0.0,
    picture: Callable[[float], list[Shape]] | None = None,
) -> Drawing:
    """Any double-ended card: number and ability large, corner indices small, the top half
    repeated turned 180° in the bottom half. ``picture(side)`` draws an optional square
    pictogram (in a side × side box at the origin), set beside the large number."""
    w, h = size
    scale = min(w / 63.5, h / 88.9)
    number = str(number_value)
    inner = w - 2 * SAFE

    # Corner index: small number over the compact ability code, top-left.
    idx = fit_size(max(number, code, key=len), 4.8 * scale, inner * 0.28)
    ix = SAFE + 1.2 * scale
    iy = SAFE + 1.0 * scale + CAP_HEIGHT * idx
    top: list[Shape] = []
    texts: list[Text] = [
        Text(ix, iy, number, idx, "start", bold=True, role="index-number"),
        Text(ix, iy + 1.45 * idx, code, idx, "start", fill=accent, bold=True, role="index-ability"),
    ]
    index_bottom = iy + 1.45 * idx
    index_right = ix + text_width(max(number, code, key=len), idx)

    # Title, top centre between the indices, when given.
    if title:
        room = w - 2 * (index_right + 1.5)
        tsize = fit_size(title, 3.0 * scale, room)
        if tsize < 1.6:  # too long to read: cut it, keep it on one line
            keep = max(1, int(room / (1.6 * 0.6021)) - 1)
            title, tsize = title[:keep] + "…", 1.6
        texts.append(Text(w / 2, iy, title, tsize, "middle", fill=accent, role="title"))

    # Large number and ability, upper half; their turned copy fills the lower half.
    side = 15.0 * scale if picture else 0.0
    number_room = inner * 0.8 - (side + 3 * scale if picture else 0.0)
    big = fit_size(number, (13.0 if picture else 16.0) * scale, number_room)
    mid = fit_size(label, 11.0 * scale, inner * 0.92)
    small = fit_size(note, 2.8 * scale, inner * 0.9) if note else 0.0
    gap = 3.0 * scale
    bottom = h / 2 - 3.5 * scale  # lowest ink of the upper half
    note_y = bottom
    label_y = (note_y - small * 1.6) if note else bottom
    underlined = reads_otherwise_turned(number)
    ceiling = index_bottom + 2.0 * scale  # highest ink of the large number
    # Shrink the large type until number, underline, gap and label fit between the
    # corner index and the middle of the card: crowding is worse than smaller type.
    for _ in range(40):
        under = big * 0.25 if underlined else 0.0  # room for the underline bar below the number
        row_bottom = label_y - CAP_HEIGHT * mid - gap - under  # baseline of the number / foot of the picture
        if row_bottom - max(CAP_HEIGHT * big, side) >= ceiling:
            break
        big, mid, side = big * 0.96, mid * 0.96, side * 0.96
    number_y = row_bottom
    if picture:
        number_x = w / 2 - (side + 3 * scale) / 2
        px = number_x + text_width(number, big) / 2 + 3 * scale
        top.append(Group(tuple(picture(side)), dx=px, dy=number_y - side, role="picture"))
    else:
        number_x = w / 2
    texts += [
        Text(number_x, number_y, number, big, "middle", bold=True, role="number"),
        Text(w / 2, label_y, label, mid, "middle", fill=accent, bold=True, role="ability"),
    ]
    if note:
        texts.append(Text(w / 2, note_y, note, small, "middle", fill=accent, role="note"))
    if underlined:
        top += [_underline(t) for t in texts if t.role in ("number", "index-number")]
    top += texts

    shapes: list[Shape] = [*_frame(w, h, bleed, tint, accent), *top, *turned(top, w, h)]
    return Drawing(
        w + 2 * bleed,
        h + 2 * bleed,
        tuple(shapes),
        origin=(-bleed, -bleed),
        title=f"{number} {label}",
        meta={"number": number, "ability": code},
    )


def card_back(pattern: Pattern, size: tuple[float, float], *, title: str = "", bleed: float = 0.0) -> Drawing:
    """The common back of a linear pack."""
    line2 = f"pattern {pattern.name} · census {pattern.census}"
    accent = ACCENTS.get(pattern.name, INK)
    return back_design(size, accent=accent, name=title or "Game of Trains", line2=line2, bleed=bleed)


def back_design(size: tuple[float, float], *, accent: str, name: str, line2: str, bleed: float = 0.0) -> Drawing:
    """Accent colour to the bleed, the game's name both ways up."""
    w, h = size
    scale = min(w / 63.5, h / 88.9)
    inset = min(w, h) * 0.06
    s1 = fit_size(name, 6.0 * scale, w - 2 * SAFE - 4)
    s2 = fit_size(line2, 3.2 * scale, w - 2 * SAFE - 4)
    top: list[Shape] = [
        Text(w / 2, h / 2 - 6 * scale, name, s1, "middle", fill=PAPER, bold=True, role="back-title"),
        Text(w / 2, h / 2 - 6 * scale - s1 * 1.2 - 0.5, line2, s2, "middle", fill=PAPER, role="back-line"),
    ]
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=accent, role="background"),
        Rect(inset, inset, w - 2 * inset, h - 2 * inset, fill=None, stroke=PAPER, stroke_width=0.5, radius=inset),
        *top,
        *turned(top, w, h),
    ]
    return Drawing(w + 2 * bleed, h + 2 * bleed, tuple(shapes), origin=(-bleed, -bleed), title=f"back: {name}")
