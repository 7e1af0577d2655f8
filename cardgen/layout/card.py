"""The face and back of a Game of Trains variant card (seed 002, §2-§3).

Face: the number and the ability in large type, readable across a table, and
the same in small type in two corners, for fanning in hand. The card is
double-ended: everything in the top half is repeated, turned 180° about the
card's centre, in the bottom half, so the card reads the same either way up.
All text sits at least 1/8 in (3.175 mm) inside the cut.
"""

from __future__ import annotations

from dataclasses import replace

from cardgen.layout.shapes import CAP_HEIGHT, Drawing, Rect, Shape, Text, fit_size, text_width
from cardgen.rules.patterns import Card, Pattern

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
    turned = "".join(_TURNED_DIGITS[d] for d in reversed(number))
    return turned != number and not turned.startswith("0")


def _underline(t: Text) -> Rect:
    x0, _, x1, y1 = t.bounds()
    thick = max(0.25, t.size * 0.06)
    return Rect(x0, y1 + t.size * 0.09, x1 - x0, thick, fill=t.fill, role="underline")


def _turned(shapes: list[Text], w: float, h: float) -> list[Shape]:
    """The same texts turned 180° about the card's centre (the double end)."""
    # Turning a text about the centre moves its anchor point and turns the glyphs;
    # the anchor keyword stays, since it is measured along the (turned) baseline.
    return [replace(t, x=w - t.x, y=h - t.y, rotate=(t.rotate + 180) % 360) for t in shapes]


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
    card: Card, pattern: Pattern, size: tuple[float, float], *, title: str = "", bleed: float = 0.0
) -> Drawing:
    """The front of one card as a shape tree, in mm; bleed extends only the background."""
    w, h = size
    scale = min(w / 63.5, h / 88.9)
    accent = ACCENTS.get(pattern.name, INK)
    number, code, label = str(card.number), card.ability.code, card.ability.label
    inner = w - 2 * SAFE

    # Corner index: small number over the compact ability code, top-left.
    idx = fit_size(max(number, code, key=len), 4.8 * scale, inner * 0.28)
    ix = SAFE + 1.2 * scale
    iy = SAFE + 1.0 * scale + CAP_HEIGHT * idx
    top: list[Text] = [
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
        top.append(Text(w / 2, iy, title, tsize, "middle", fill=accent, role="title"))

    # Large number and ability, upper half; their turned copy fills the lower half.
    note = NOTES.get(pattern.name, "")
    big = fit_size(number, 16.0 * scale, inner * 0.8)
    mid = fit_size(label, 11.0 * scale, inner * 0.8)
    small = fit_size(note, 2.8 * scale, inner * 0.9) if note else 0.0
    gap = 3.0 * scale
    bottom = h / 2 - 3.5 * scale  # lowest ink of the upper half
    note_y = bottom
    label_y = (note_y - small * 1.6) if note else bottom
    number_y = label_y - CAP_HEIGHT * mid - gap
    number_y = max(number_y, index_bottom + 2.0 * scale + CAP_HEIGHT * big)
    top += [
        Text(w / 2, number_y, number, big, "middle", bold=True, role="number"),
        Text(w / 2, label_y, label, mid, "middle", fill=accent, bold=True, role="ability"),
    ]
    if note:
        top.append(Text(w / 2, note_y, note, small, "middle", fill=accent, role="note"))

    shapes: list[Shape] = [*_frame(w, h, bleed, TINTS.get(pattern.name, "#eeeeee"), accent), *top]
    shapes += _turned(top, w, h)
    if reads_otherwise_turned(number):
        marks = [_underline(t) for t in top if t.role in ("number", "index-number")]
        shapes += marks + [replace(r, x=w - r.x - r.w, y=h - r.y - r.h) for r in marks]
    return Drawing(
        w + 2 * bleed,
        h + 2 * bleed,
        tuple(shapes),
        origin=(-bleed, -bleed),
        title=f"{number} {label}",
        meta={"number": number, "ability": code},
    )


def card_back(pattern: Pattern, size: tuple[float, float], *, title: str = "", bleed: float = 0.0) -> Drawing:
    """The common back: accent colour to the bleed, the game's name both ways up."""
    w, h = size
    scale = min(w / 63.5, h / 88.9)
    accent = ACCENTS.get(pattern.name, INK)
    inset = min(w, h) * 0.06
    name = title or "Game of Trains"
    line2 = f"pattern {pattern.name} · census {pattern.census}"
    s1 = fit_size(name, 6.0 * scale, w - 2 * SAFE - 4)
    s2 = fit_size(line2, 3.2 * scale, w - 2 * SAFE - 4)
    top = [
        Text(w / 2, h / 2 - 6 * scale, name, s1, "middle", fill=PAPER, bold=True, role="back-title"),
        Text(w / 2, h / 2 - 6 * scale - s1 * 1.2 - 0.5, line2, s2, "middle", fill=PAPER, role="back-line"),
    ]
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=accent, role="background"),
        Rect(inset, inset, w - 2 * inset, h - 2 * inset, fill=None, stroke=PAPER, stroke_width=0.5, radius=inset),
        *top,
        *_turned(top, w, h),
    ]
    return Drawing(w + 2 * bleed, h + 2 * bleed, tuple(shapes), origin=(-bleed, -bleed), title=f"back: {name}")
