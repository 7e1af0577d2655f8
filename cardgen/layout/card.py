"""The face and back of a Game of Trains variant card (seed 002, §2-§3).

Face: the number and the ability in large type, readable across a table, and
the same in small type in two corners, for fanning in hand. The card is
double-ended: everything in the top half is repeated, turned 180° about the
card's centre, in the bottom half, so the card reads the same either way up.

Cut at home, a card is often 1 mm off: so every frame and every text sits at
least 1/8 in (3.175 mm, a print shop's safe zone) inside the cut, and no line
runs close along it. Removal cards (``A→X``) look different from swaps at a
glance, even fanned in a hand: their panel is tinted, a swap's is white. Long titles
wrap to two lines before they shrink, and never go below 6 pt.

A number ability (§9, ``rules.numbers``) shows its label large, its code in the corner and a
short line saying which card it picks ("lowest even card"). With several packs combined
(§7) each card carries its pack's letter in a ring under the corner index, and on its back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from cardgen.layout.art import locomotive
from cardgen.layout.shapes import (
    CAP_HEIGHT,
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Text,
    Typeface,
    fit_size,
    text_width,
    turned,
)
from cardgen.layout.theme import PLAIN, Picture, Theme
from cardgen.rules.check import Card
from cardgen.rules.numbers import NumberAbility
from cardgen.rules.patterns import PackAbility, Pattern

SAFE = 25.4 / 8  # frames and text stay this far inside the cut
MIN_TYPE = 6 * 25.4 / 72  # 6 pt: no text on a card is smaller
INK = "#1a1a1a"
PAPER = "#ffffff"
ACCENTS = {"one": "#1f4e79", "two": "#8a2323", "three": "#1e6b3e"}
TINTS = {"one": "#dfe8f2", "two": "#f3dddd", "three": "#dcefe3"}
NOTES = {"three": "may cross players"}
# the line under a number ability (§9): which card its numbers pick
PICKS = {
    "highest": "the highest card",
    "lowest": "the lowest card",
    "lowest-even": "the lowest even card",
    "highest-odd": "the highest odd card",
    "highest-lowest": "highest and lowest",
}
LINES = {"row": "in a row you choose", "col": "in a column you choose"}
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


def mix(colour: str, into: str, amount: float) -> str:
    """``amount`` of ``colour`` mixed into ``into`` (both ``#rrggbb``).

    >>> mix("#000000", "#ffffff", 0.25)
    '#bfbfbf'
    """
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(into[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * amount + y * (1 - amount)):02x}" for x, y in zip(a, b))


def _frame(w: float, h: float, bleed: float, tint: str, accent: str, removal: bool) -> list[Shape]:
    """Tinted background (carried into the bleed) and a rounded panel ``SAFE`` inside the cut:
    white for a swap, tinted for a removal."""
    radius = min(w, h) * 0.04
    return [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=tint, role="background"),
        Rect(
            SAFE,
            SAFE,
            w - 2 * SAFE,
            h - 2 * SAFE,
            fill=mix(accent, PAPER, 0.2) if removal else PAPER,
            stroke=accent,
            stroke_width=0.35,
            radius=radius,
            role="panel-removal" if removal else "panel",
        ),
    ]


def wrap(
    text: str, size: float, width: float, *, least: float = MIN_TYPE, font: Typeface | None = None, bold: bool = False
) -> tuple[list[str], float]:
    """``text`` as one line at ``size`` if it fits ``width``, else two lines (broken at a space,
    as evenly as it can), shrunk as needed but never below ``least``; cut with "…" only when
    two lines at ``least`` cannot hold it.

    >>> wrap("Family night", 3.0, 40)
    (['Family night'], 3.0)
    >>> lines, size = wrap("The Grand Trans-Continental Express Society of Lower Wessex", 3.0, 40)
    >>> lines, round(size, 2)
    (['The Grand Trans-Continental', 'Express Society of Lower Wessex'], 2.12)
    """
    text = " ".join(text.split())
    if not text or text_width(text, size, font, bold) <= width:
        return ([text] if text else []), size
    size = max(size, least)
    per = text_width(text, 1.0, font, bold) / len(text)  # ems a character, on average (in a monospace font, each)
    while True:
        n = int(width / (size * per) + 1e-9)  # characters a line holds
        lines = _two_lines(text, n)
        if lines is not None and all(text_width(line, size, font, bold) <= width + 1e-9 for line in lines):
            return lines, size
        if size <= least + 1e-9:
            break
        size = max(least, size * 0.96)
    n = max(2, int(width / (least * per) + 1e-9))
    if len(text) <= 2 * n:  # no space to break at: break a word
        return [text[:n], text[n:].strip()], least
    cut = text.rfind(" ", 0, n + 1)  # the first line as full as it goes, the rest cut short
    first, rest = (text[:cut], text[cut + 1 :]) if cut > 0 else (text[:n], text[n:])
    return [first, rest[: n - 1].rstrip() + "…"], least


def _two_lines(text: str, n: int) -> list[str] | None:
    """``text`` in two lines of at most ``n`` characters, broken at the space that balances
    them best; None when no space will do."""
    splits = [(text[:i], text[i + 1 :]) for i, ch in enumerate(text) if ch == " "]
    good = [(a, b) for a, b in splits if len(a) <= n and len(b) <= n]
    if not good:
        return None
    a, b = min(good, key=lambda ab: (max(len(ab[0]), len(ab[1])), -len(ab[0])))
    return [a, b]


def number_note(ability: NumberAbility) -> str:
    """The line under a number ability: which card its numbers pick (and, 3×3, where).

    >>> from cardgen.rules.numbers import LOWEST_EVEN, ROW_HIGHEST
    >>> number_note(LOWEST_EVEN), number_note(ROW_HIGHEST)
    ('the lowest even card', 'in a row you choose')
    """
    return LINES[ability.axis] if ability.axis is not None else PICKS[ability.pick]


def card_face(
    card: Card[PackAbility],
    pattern: Pattern,
    size: tuple[float, float],
    *,
    title: str = "",
    bleed: float = 0.0,
    theme: Theme = PLAIN,
    mark: str = "",
) -> Drawing:
    """The front of one card as a shape tree, in mm; bleed extends only the background.
    ``theme`` may change the pattern's colours and add a logo; ``mark``: its pack's letter."""
    ability = card.ability
    face = Face(
        card.number,
        ability.code,
        ability.label,
        accent=theme.accent(pattern.name, ACCENTS.get(pattern.name, INK)),
        tint=theme.tint(pattern.name, TINTS.get(pattern.name, "#eeeeee")),
        note=number_note(ability) if isinstance(ability, NumberAbility) else NOTES.get(pattern.name, ""),
        removal=(ability.action if isinstance(ability, NumberAbility) else ability.kind) == "remove",
        set_name=f"pattern {pattern.name}, census {pattern.census}",
        mark=mark,
    )
    return double_ended_face(face, size, title=title, bleed=bleed, theme=theme)


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
    mark: str = ""  # its pack's letter, in a ring under the corner index (several packs combined, §7)


def pack_mark(cx: float, cy: float, radius: float, mark: str, accent: str) -> tuple[Circle, Text]:
    """A pack's letter in a ring centred on (cx, cy): white inside, the accent's outline and letter."""
    size = radius * 1.15
    return (
        Circle(cx, cy, radius, fill=PAPER, stroke=accent, stroke_width=radius * 0.14, role="pack-ring"),
        Text(cx, cy + CAP_HEIGHT * size / 2, mark, size, "middle", fill=accent, bold=True, role="pack-mark"),
    )


def double_ended_face(
    face: Face, size: tuple[float, float], *, title: str = "", bleed: float = 0.0, theme: Theme = PLAIN
) -> Drawing:
    """Any double-ended card: number and ability large, corner indices small (the code under
    the number), the top half repeated turned 180° in the bottom half. The theme's logo
    (``"locomotive"``, or a Picture of the user's own) goes in the middle; its font sets the
    title (numbers and abilities stay in the shipped monospace font: the same width for every
    digit, and what ``cardgen check`` reads)."""
    number_value, code, label = face.number, face.code, face.label
    accent, tint, note, picture = face.accent, face.tint, face.note, face.picture
    removal, set_name = face.removal, face.set_name
    logo: str | Picture = theme.logo_picture or theme.logo
    font: Typeface | None = theme.font
    w, h = size
    scale = min(w / 63.5, h / 88.9)
    number = str(number_value)
    inner = w - 2 * SAFE
    pad = max(1.2, 1.4 * scale)  # between the panel's edge and the corner index

    # Corner index: small number over the ability, top-left; the ability may run wider than
    # the number (a 2D card's "row A: rotate →"), but never below 6 pt.
    idx = fit_size(max(number, code, key=len), 4.8 * scale, inner * 0.28)
    code_size = idx
    if idx < MIN_TYPE:  # a long ability: it may take half the width
        idx = fit_size(number, 4.8 * scale, inner * 0.28)
        code_size = max(MIN_TYPE, fit_size(code, idx * 0.8, inner * 0.5))
    ix = SAFE + pad
    iy = SAFE + pad + CAP_HEIGHT * idx
    top: list[Shape] = []
    code_y = iy + 0.45 * idx + CAP_HEIGHT * code_size + 0.2 * scale
    texts: list[Text] = [
        Text(ix, iy, number, idx, "start", bold=True, role="index-number"),
        Text(ix, code_y, code, code_size, "start", fill=accent, bold=True, role="index-ability"),
    ]
    index_bottom = code_y
    index_right = ix + max(text_width(number, idx), text_width(code, code_size))
    if face.mark:  # the pack's letter in a ring beside the index, centred on its two lines
        ring, top_y = 0.62 * idx, iy - CAP_HEIGHT * idx
        circle, letter = pack_mark(index_right + 0.8 * scale + ring, (top_y + code_y) / 2, ring, face.mark, accent)
        top.append(circle)
        texts.append(letter)
        index_right += 0.8 * scale + 2 * ring

    # Title on one or two lines: centred between the indices; else centred in the room right
    # of the index; else under the index, across the card. The first place that holds it
    # with whole words wins.
    ceiling = index_bottom + 2.0 * scale  # highest ink of the large number
    if title:
        titles, ceiling = title_lines(title, font, accent, w, scale, iy, index_right, index_bottom, ceiling)
        texts += titles

    # Large number and ability, upper half; their turned copy fills the lower half.
    side = 15.0 * scale if picture else 0.0
    number_room = inner * 0.8 - (side + 3 * scale if picture else 0.0)
    big = fit_size(number, (13.0 if picture else 16.0) * scale, number_room)
    mid = fit_size(label, 11.0 * scale, inner * 0.88)
    small = fit_size(note, 2.8 * scale, inner * 0.9) if note else 0.0
    gap = 3.0 * scale
    bottom = h / 2 - 3.5 * scale  # lowest ink of the upper half
    note_y = bottom
    label_y = (note_y - small * 1.6) if note else bottom
    underlined = reads_otherwise_turned(number)
    # Shrink the large type until number, underline, gap and label fit between the
    # corner index and the middle of the card: crowding is worse than smaller type.
    for _ in range(60):
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

    shapes: list[Shape] = [*_frame(w, h, bleed, tint, accent, removal), *top, *turned(top, w, h)]
    if isinstance(logo, Picture):
        band = 4.6 * scale  # as high as the locomotive, up to three times as wide
        shapes.append(logo.within(w / 2 - 1.5 * band, h / 2 - band / 2, 3 * band, band))
    elif logo == "locomotive":
        shapes += _logo(w, h, scale, accent)
    meta = {"number": number, "ability": code}
    if set_name:
        meta["set"] = set_name
    return Drawing(
        w + 2 * bleed,
        h + 2 * bleed,
        tuple(shapes),
        origin=(-bleed, -bleed),
        title=f"{number} {label}",
        meta=meta,
    )


def title_lines(
    title: str,
    font: Typeface | None,
    accent: str,
    w: float,
    scale: float,
    iy: float,
    index_right: float,
    index_bottom: float,
    ceiling: float,
) -> tuple[list[Text], float]:
    """A face's title on one or two lines (centred between the corner indices; else in the room
    right of the index; else under it, across the card: the first place that holds it with whole
    words wins), and the ceiling below it. ``iy``: the index's first baseline."""
    inner, pad = w - 2 * SAFE, max(1.2, 1.4 * scale)
    font = font if font is not None and font.covers(title) else None  # else the shipped font draws it all
    tsize = max(3.0 * scale, MIN_TYPE)
    left = index_right + 1.2 * scale
    places = [(left, w - left, iy), (left, w - SAFE - pad, iy)]
    places = [p for p in places if p[1] - p[0] >= inner * 0.45]
    places.append((SAFE + pad, w - SAFE - pad, index_bottom + 1.2 * scale + CAP_HEIGHT * tsize))
    fits = [(x0, x1, first, *wrap(title, tsize, x1 - x0, font=font)) for x0, x1, first in places]
    whole = [f for f in fits if " ".join(f[3]) == " ".join(title.split())]
    x0, x1, first, lines, ts = whole[0] if whole else fits[-1]
    texts = [
        Text((x0 + x1) / 2, first + k * 1.25 * ts, line, ts, "middle", fill=accent, role="title", font=font)
        for k, line in enumerate(lines)
    ]
    return texts, max(ceiling, first + (len(lines) - 1) * 1.25 * ts + 2.0 * scale)


def _logo(w: float, h: float, scale: float, accent: str) -> list[Shape]:
    """A small locomotive in the middle of the face, in the band between the two halves
    (each half's ink stays 3.5 mm × scale from the middle: the logo leaves 1.2 mm × scale of
    it clear either side), in the card's accent."""
    height = 4.6 * scale
    return locomotive(w / 2, h / 2, height * 94 / 62, body=accent, dark=INK, light=PAPER)


def card_back(
    pattern: Pattern,
    size: tuple[float, float],
    *,
    title: str = "",
    bleed: float = 0.0,
    theme: Theme = PLAIN,
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
    or more inside the cut, and, both ways up (backs are seen either way up): the game's name on
    one or two lines and ``line2``; with ``design="train"`` a locomotive on the rails that run
    across the middle (its turned copy under them), so the back reads the same turned 180°.
    A Picture ``design`` is the user's own back: it covers the card to the bleed, nothing else
    but ``mark``, a pack's letter in a ring in the corners (several packs combined)."""
    w, h = size
    ground = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=accent, role="background")
    scale = min(w / 63.5, h / 88.9)
    inset = max(SAFE, min(w, h) * 0.06)
    ring = 3.0 * scale  # a pack's letter in the corners, clear of the name (which keeps out of their band)
    at = inset + 1.4 * scale + ring
    ringed: list[Shape] = [*pack_mark(at, at, ring, mark, accent)] if mark else []
    if isinstance(design, Picture):  # (the ground is what a sheet carries past the outer cuts)
        art = design.covering(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
        pictured: tuple[Shape, ...] = (ground, art, *ringed, *turned(ringed, w, h))
        return Drawing(w + 2 * bleed, h + 2 * bleed, pictured, origin=(-bleed, -bleed), title=f"back: {name}")
    room = w - 2 * inset - (3 if design == "train" else 4)
    name_font = font if font is not None and font.covers(name) else None  # else the shipped font draws it
    line2_font = font if font is not None and font.covers(line2) else None
    if mark:  # the name keeps clear of the rings in the corners: smaller, on one line while it can
        clear = room - 4 * ring - 5.6 * scale
        names, s1 = wrap(
            name, max(fit_size(name, 6.0 * scale, clear, name_font, True), MIN_TYPE), clear, font=name_font, bold=True
        )
    else:
        names, s1 = wrap(name, max(6.0 * scale, MIN_TYPE), room, font=name_font, bold=True)
    s2 = max(MIN_TYPE, fit_size(line2, 3.2 * scale, room, line2_font))
    frame = Rect(inset, inset, w - 2 * inset, h - 2 * inset, fill=None, stroke=PAPER, stroke_width=0.5, radius=inset)
    top = _train_half(w, h, scale, inset, names, s1, line2, s2, accent) if design == "train" else None
    if top is None:  # the plain design, or a card too squat for the locomotive
        top = _plain_half(w, h, scale, names, s1, line2, s2)
    if font is not None:  # the name and the pack's line in the theme's font (where it has their letters)
        fonts = {"back-title": name_font, "back-line": line2_font}
        top = [replace(t, font=fonts[t.role]) if isinstance(t, Text) and t.role in fonts else t for t in top]
    top += ringed
    shapes: list[Shape] = [ground, frame, *top, *turned(top, w, h)]
    return Drawing(w + 2 * bleed, h + 2 * bleed, tuple(shapes), origin=(-bleed, -bleed), title=f"back: {name}")


def _plain_half(w: float, h: float, scale: float, names: list[str], s1: float, line2: str, s2: float) -> list[Shape]:
    """The upper half of the plain back: name and ``line2`` just above the middle."""
    base = h / 2 - 6 * scale
    top: list[Shape] = [
        Text(
            w / 2, base - (len(names) - 1 - k) * s1 * 1.2, line, s1, "middle", fill=PAPER, bold=True, role="back-title"
        )
        for k, line in enumerate(names)
    ]
    y2 = base - (len(names) - 1) * s1 * 1.2 - s1 * 1.2 - 0.5
    top.append(Text(w / 2, y2, line2, s2, "middle", fill=PAPER, role="back-line"))
    return top


def _train_half(
    w: float, h: float, scale: float, inset: float, names: list[str], s1: float, line2: str, s2: float, accent: str
) -> list[Shape] | None:
    """The upper half of the train back: the name and ``line2`` above a locomotive, one rail
    of the track across the middle and a locomotive standing on it, as big as the room between
    allows. None when that room holds no locomotive worth the name (a very squat card)."""
    pad, gap = 2.8 * scale, 2.2 * scale
    block = CAP_HEIGHT * s1 + (len(names) - 1) * 1.2 * s1 + 1.5 * s2 + 0.4 * scale  # name lines and line2
    gauge, rail = 1.6 * scale, 0.55 * scale
    rail_top = h / 2 - gauge - rail
    # The locomotive stands on the rail (its wheels' lowest point is 31/94 of its width below
    # its centre, its chimney as far above): as wide as the room under the text allows.
    room = rail_top - (inset + pad + block + gap)
    width = min((w - 2 * inset) * 0.68, room / (62 / 94))
    if width < 12.0:
        return None
    k = width / 94
    # the text centred in the room the locomotive leaves above it
    y = (inset + pad + rail_top - 62 * k - gap - block) / 2 + CAP_HEIGHT * s1
    top: list[Shape] = []
    for i, line in enumerate(names):
        top.append(Text(w / 2, y + i * 1.2 * s1, line, s1, "middle", fill=PAPER, bold=True, role="back-title"))
    y2 = y + (len(names) - 1) * 1.2 * s1 + 1.5 * s2 + 0.4 * scale
    top.append(Text(w / 2, y2, line2, s2, "middle", fill=PAPER, role="back-line"))
    # The track: two rails 1.6 mm either side of the middle, sleepers between them, running
    # from frame to frame. The upper rail and the sleepers' upper halves belong to this half.
    x0, x1 = inset + 0.25, w - inset - 0.25
    sleeper_w, pitch = 1.3 * scale, 3.4 * scale
    count = int((x1 - x0 - sleeper_w) / pitch)
    first = w / 2 - count * pitch / 2  # centred, so the turned half's sleepers fall on the same places
    sleeper = mix(PAPER, accent, 0.45)
    for i in range(count + 1):
        x = first + i * pitch
        top.append(Rect(x - sleeper_w / 2, h / 2 - gauge, sleeper_w, gauge, fill=sleeper, role="sleeper"))
    top.append(Rect(x0, h / 2 - gauge - rail, x1 - x0, rail, fill=PAPER, role="rail"))
    cx, cy = w / 2, rail_top - 31 * k
    top += locomotive(cx, cy, width, body=PAPER, dark=mix(PAPER, accent, 0.7), light=accent)
    return top
