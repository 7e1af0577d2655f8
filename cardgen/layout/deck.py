"""A card of the standard deck (``rules.deck``), face and back: what Amtrak and Train are played
with (``cardgen deck``).

The face reads as any playing card does, from either end: the rank over its suit in the top left
corner, for fanning in a hand, and the same turned 180° in the bottom right; the suit symbols
(pips) in the middle in the usual patterns, those of the lower half turned; a court card and a
Joker a picture in a frame instead. Between the corner indices, at the top and turned at the
bottom, a small line says what the card is in a game (Amtrak's role, "Engineer" …: given by the
caller, this module knows no game) and a smaller one its values; a title, when given, under them.

The railway look is the project's own (``layout.art``, ``layout.got``'s frames): a tinted ground to
the bleed, a white panel framed in the deck's colour ``SAFE`` inside the cut, and in each
picture a track across its middle with a vehicle on it and the same turned below: the Engineer
(K) a locomotive, the Conductor (Q) a passenger coach, the Crew (J) a caboose, a Joker a car
drawn in outline, a stand-in for any. The plain theme keeps the frame and the letters alone.

Suits are drawn from the shipped DejaVu Sans Mono (it has ♠ ♥ ♦ ♣, where the sans family has
none), so a checker reads them as text from the SVG and the PDF alike; ``SUIT_INK`` says where
their ink lies, to place a pip by its middle. Two colours (♠ ♣ black, ♥ ♦ red) or four
(``four_colour``: ♦ blue, ♣ green, as four-colour poker decks have them); a Joker is black or red.

Every text is a step of the type scale, none smaller than 6 pt, and nothing but the ground and
the panel's edge comes within ``SAFE`` of the cut. A face is laid out for any upright card from
``MIN_CARD`` up (``size_problem`` says why another cannot be), its type and art scaled with the
card (``DeckType``, worked out once a size). A theme may change the deck's colours
(``colours.deck``), the art (plain), the title's font and the back; the faces draw no logo.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cardgen.layout.art import engine, light, mix, track
from cardgen.layout.got.back import back_design
from cardgen.layout.metrics import SANS_CAP_HEIGHT, SANS_DESCENT
from cardgen.layout.shapes import Circle, Drawing, Family, Line, Rect, Shape, Text, Typeface, text_width, turned
from cardgen.layout.theme import DEFAULT, Theme
from cardgen.layout.typescale import LABEL, fitting
from cardgen.rules.deck import RANKS, PlayingCard

INK = "#1a1a1a"
RED = "#c8102e"
BLUE = "#1f5fbf"
GREEN = "#1d7a35"
GREY = "#555555"  # the values line: quieter than the role over it
PAPER = "#ffffff"
ACCENT = "#1b4f8a"  # the deck's colour (the Amtrak handout's): its frame, its roles, its back
TWO_COLOURS = {"spades": INK, "hearts": RED, "diamonds": RED, "clubs": INK}
FOUR_COLOURS = {"spades": INK, "hearts": RED, "diamonds": BLUE, "clubs": GREEN}
JOKER_INKS = {"black": INK, "red": RED}
SAFE = 25.4 / 8  # the panel's edge; every text and picture lies inside it
POKER = (63.5, 88.9)
MIN_CARD = (44.0, 62.0)  # a mini card (44.45 × 63.5) is the smallest whose lines fit at 6 pt
RATIOS = (1.25, 1.8)  # height over width: bridge 1.56, poker 1.4, tarot 1.73
# DejaVu Sans Mono's ♠ ♥ ♦ ♣ (bold and regular alike), in ems: ink from 133 to 1359 units over the
# baseline (of 2048), at most 1211 wide (♥), centred on the advance. The tests hold these to the font.
SUIT_INK = (133 / 2048, 1359 / 2048)
SUIT_WIDTH = 1211 / 2048
SANS: Family = "sans"


def suit_colour(card: PlayingCard, four_colour: bool = False) -> str:
    """The ink of a card's index and pips: its suit's, or a Joker's own.

    >>> from cardgen.rules.deck import card_of
    >>> [suit_colour(card_of(s), four) for s, four in (("AD", False), ("AD", True), ("KC", True), ("joker-red", False))]
    ['#c8102e', '#1f5fbf', '#1d7a35', '#c8102e']
    """
    if card.joker:
        return JOKER_INKS[card.suit]
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]


def size_problem(size: tuple[float, float]) -> str | None:
    """Why a deck's faces cannot be laid out on cards of ``size`` (w, h in mm), or None.

    >>> size_problem((63.5, 88.9)), size_problem((88.9, 63.5))
    (None, 'a playing card stands upright, 1.25 to 1.8 times as tall as it is wide: 88.9 × 63.5 mm is not')
    """
    w, h = size
    if w < MIN_CARD[0] or h < MIN_CARD[1]:
        return f"a playing card needs {MIN_CARD[0]:g} × {MIN_CARD[1]:g} mm at least (mini is 44.45 × 63.5): {w:g} × {h:g} mm is smaller"
    if not RATIOS[0] <= h / w <= RATIOS[1]:
        return f"a playing card stands upright, {RATIOS[0]:g} to {RATIOS[1]:g} times as tall as it is wide: {w:g} × {h:g} mm is not"
    return None


def _cap(size: float) -> float:
    return SANS_CAP_HEIGHT * size


def _down(size: float) -> float:
    return SANS_DESCENT * size


@dataclass(frozen=True)
class DeckType:
    """Where everything on a face of ``w`` × ``h`` goes, and at what size: worked out once a card
    size, so that every face of a deck shares its type."""

    w: float
    h: float
    scale: float
    rank: float  # the corner index: the rank (sans bold) …
    suit: float  # … and the suit under it (DejaVu Sans Mono bold)
    index_x: float  # the index's middle
    rank_y: float  # baselines
    suit_y: float
    index_right: float  # the index column's right edge ("JK", the widest)
    role: float  # the role line (sans bold), the values line, the title
    values: float
    title: float
    role_y: float
    values_y: float
    title_y: float
    line_width: float  # the room the top lines have, between the index columns
    top: float  # the middle's top (under the lines at the top), and its bottom (h - top)
    pip: float  # a pip's size, and the Ace's
    ace: float
    column: float  # the pips' columns: the middle ± this
    frame: tuple[float, float, float, float]  # a picture's frame (x, y, w, h)
    letter: float  # a court's letter and suit in its frame, a Joker's word
    court_suit: float
    letter_y: float
    word: float


@lru_cache(maxsize=16)
def deck_type(size: tuple[float, float]) -> DeckType:
    """The ``DeckType`` of cards of ``size``, scaled from the poker card's."""
    w, h = size
    s = min(w / POKER[0], h / POKER[1])
    rank, suit = fitting(8.0 * s), fitting(7.0 * s)
    column = max(text_width(r, rank, bold=True, family=SANS) for r in (*RANKS, "JK"))
    pad = 0.9 * s
    index_x = SAFE + pad + column / 2
    rank_y = SAFE + 1.5 * s + _cap(rank)
    suit_y = rank_y + 1.3 * s + SUIT_INK[1] * suit
    index_right = index_x + column / 2
    role, values, title = max(LABEL, fitting(3.05 * s)), max(LABEL, fitting(2.55 * s)), LABEL
    role_y = SAFE + 1.3 * s + _cap(role)
    values_y = role_y + _down(role) + 0.45 * s + _cap(values)
    title_y = values_y + _down(values) + 0.35 * s + _cap(title)
    top = title_y + _down(title) + 1.0 * s  # the same with or without a title: every deck's pips alike
    fx = index_right + pad
    return DeckType(
        w=w,
        h=h,
        scale=s,
        rank=rank,
        suit=suit,
        index_x=index_x,
        rank_y=rank_y,
        suit_y=suit_y,
        index_right=index_right,
        role=role,
        values=values,
        title=title,
        role_y=role_y,
        values_y=values_y,
        title_y=title_y,
        line_width=w - 2 * (index_right + pad),
        top=top,
        pip=fitting(13.5 * s),
        ace=fitting(34.0 * s),
        column=11.0 * s,
        frame=(fx, top, w - 2 * fx, h - 2 * top),
        letter=fitting(11.0 * s),
        court_suit=fitting(10.0 * s),
        letter_y=top + 1.8 * s + _cap(fitting(11.0 * s)),
        word=fitting(6.5 * s),
    )


# The pips of a number card: (column -1, 0 or 1; how far down the middle's height, 0 to 1), as
# playing cards lay them. Those below the middle are drawn turned.
PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    1: ((0, 0.5),),
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    5: ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    6: ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    7: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    8: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0)),
    9: tuple((c, f) for f in (0.0, 1 / 3) for c in (-1, 1))
    + ((0, 0.5),)
    + tuple((c, f) for f in (2 / 3, 1.0) for c in (-1, 1)),
    10: tuple((c, f) for f in (0.0, 1 / 3) for c in (-1, 1))
    + ((0, 1 / 6), (0, 5 / 6))
    + tuple((c, f) for f in (2 / 3, 1.0) for c in (-1, 1)),
}


def pip(
    x: float,
    y: float,
    symbol: str,
    size: float,
    colour: str,
    role: str = "pip",
    *,
    upside_down: bool = False,
    w: float = 0.0,
    h: float = 0.0,
) -> Text:
    """A suit symbol whose ink is centred on (x, y); ``upside_down``: turned 180° (on a card of
    ``w`` × ``h``, its lower half)."""
    middle = (SUIT_INK[0] + SUIT_INK[1]) / 2
    if upside_down:
        upright = pip(w - x, h - y, symbol, size, colour, role)
        shape = turned([upright], w, h)[0]
        assert isinstance(shape, Text)
        return shape
    return Text(x, y + middle * size, symbol, size, "middle", fill=colour, bold=True, role=role, family="mono")


def _pips(card: PlayingCard, kind: DeckType, colour: str) -> list[Shape]:
    w, h = kind.w, kind.h
    if card.pips == 1:
        return [pip(w / 2, h / 2, card.symbol, kind.ace, colour)]
    ink = (SUIT_INK[1] - SUIT_INK[0]) * kind.pip
    first, last = kind.top + ink / 2, h - kind.top - ink / 2
    out: list[Shape] = []
    for col, down in PIPS[card.pips]:
        x, y = w / 2 + col * kind.column, first + down * (last - first)
        out.append(pip(x, y, card.symbol, kind.pip, colour, upside_down=down > 0.5 + 1e-9, w=w, h=h))
    return out


def _shortened(text: str, size: float, width: float, font: Typeface | None) -> str:
    """``text`` cut with "…" to fit ``width`` at ``size`` (whole, when it fits)."""
    if text_width(text, size, font, family=SANS) <= width:
        return text
    keep = len(text)
    while keep > 1 and text_width(text[:keep].rstrip() + "…", size, font, family=SANS) > width:
        keep -= 1
    return text[:keep].rstrip() + "…"


def _top_lines(kind: DeckType, role: str, values: str, title: str, accent: str, theme: Theme) -> list[Shape]:
    """The role, its values and the title, at the top between the index columns."""
    w, room = kind.w, kind.line_width
    out: list[Shape] = []
    if role:
        out.append(
            Text(w / 2, kind.role_y, role, kind.role, "middle", fill=accent, bold=True, role="role", family=SANS)
        )
    if values:
        out.append(Text(w / 2, kind.values_y, values, kind.values, "middle", fill=GREY, role="values", family=SANS))
    if title:
        font = theme.font if theme.font is not None and theme.font.covers(title) else None
        line = _shortened(title, kind.title, room, font)
        out.append(
            Text(w / 2, kind.title_y, line, kind.title, "middle", fill=accent, role="title", font=font, family=SANS)
        )
    return out


def _vehicle(card: PlayingCard, x: float, rail: float, width: float, colour: str, window: str) -> list[Shape]:
    """The picture's vehicle, its front at ``x``, ``width`` long, its wheels on the rail at ``rail``:
    a locomotive (K), a passenger coach (Q), a caboose (J), a car in outline (a Joker)."""
    height = width * 64 / 96
    k = width / 96
    wheel = 6.5 * k
    hubs = (14, 26, 70, 82)  # the wheels' middles, along 96
    wheels: list[Shape] = [Circle(x + u * k, rail - wheel, wheel, fill=INK, role="wheel") for u in hubs]
    if card.rank == "K":
        return [
            engine(x, rail, width, colour, role="vehicle"),
            Rect(x + 64 * k, rail - 44 * k, 20 * k, 11 * k, fill=window, radius=1.5 * k, role="window"),
        ]
    body_top, body_bottom = rail - height + 12 * k, rail - 1.4 * wheel
    if card.rank == "Q":  # a coach: a long body, its roof rounded, a row of windows
        body_top -= 6 * k
        out: list[Shape] = [Rect(x, body_top, width, body_bottom - body_top, fill=colour, radius=7 * k, role="vehicle")]
        out += [
            Rect(x + (9 + 20 * i) * k, body_top + 9 * k, 14 * k, 12 * k, fill=window, radius=1.5 * k, role="window")
            for i in range(4)
        ]
        return out + wheels
    if card.rank == "J":  # a caboose: its cupola on the roof, a window each side of the door
        cupola = Rect(x + 34 * k, body_top - 12 * k, 28 * k, 13 * k, fill=colour, role="vehicle")
        roof = Rect(x - 3 * k, body_top - 2 * k, width + 6 * k, 4 * k, fill=colour, radius=1.5 * k, role="vehicle")
        body = Rect(x, body_top, width, body_bottom - body_top, fill=colour, role="vehicle")
        glass = [
            Rect(x + u * k, body_top + 8 * k, 14 * k, 12 * k, fill=window, radius=1.5 * k, role="window")
            for u in (12, 70)
        ]
        return [
            cupola,
            roof,
            body,
            *glass,
            Rect(x + 41 * k, body_top - 9 * k, 14 * k, 7 * k, fill=window, role="window"),
            *wheels,
        ]
    # a Joker: a car in outline, a stand-in for any
    thick = max(0.35, 2.2 * k)
    dash = (5 * k, 3 * k)
    x0, x1, y0, y1 = x + thick / 2, x + width - thick / 2, body_top - 6 * k, body_bottom
    edges = ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0))
    lines: list[Shape] = [Line(*e, stroke=colour, stroke_width=thick, dash=dash, role="vehicle") for e in edges]
    return lines + wheels


def _picture(card: PlayingCard, kind: DeckType, colour: str, theme: Theme) -> tuple[list[Shape], list[Shape]]:
    """A court's or a Joker's frame (and track: one for both halves), and its upper half: the letter
    and suit (a Joker's word), the vehicle standing on the track."""
    w, h, s = kind.w, kind.h, kind.scale
    fx, fy, fw, fh = kind.frame
    tint = light(colour, 0.95)
    frame: list[Shape] = [
        Rect(fx, fy, fw, fh, fill=tint, stroke=colour, stroke_width=0.3 * s, radius=1.2 * s, role="frame")
    ]
    upper: list[Shape] = []
    if card.joker:
        upper.append(
            Text(
                w / 2,
                fy + 1.8 * s + _cap(kind.word),
                "JOKER",
                kind.word,
                "middle",
                fill=colour,
                bold=True,
                role="joker",
                family=SANS,
            )
        )
        head = fy + 1.8 * s + _cap(kind.word)
    else:
        letter = text_width(card.rank, kind.letter, bold=True, family=SANS)
        gap, size = 1.2 * s, kind.court_suit
        suit = SUIT_WIDTH * size
        left = w / 2 - (letter + gap + suit) / 2
        upper.append(
            Text(
                left,
                kind.letter_y,
                card.rank,
                kind.letter,
                "start",
                fill=colour,
                bold=True,
                role="court-rank",
                family=SANS,
            )
        )
        middle = kind.letter_y - _cap(kind.letter) / 2
        upper.append(pip(left + letter + gap + suit / 2, middle, card.symbol, size, colour, "court-suit"))
        head = kind.letter_y
    if not theme.railway:
        return frame, upper
    gauge = 3.4 * s  # wide enough that the two halves' wheels stand well apart
    frame += track(
        fx + 0.8 * s,
        fx + fw - 0.8 * s,
        h / 2,
        gauge,
        rail=mix(colour, INK, 0.7),
        sleeper=mix(colour, PAPER, 0.3),
        scale=s,
    )
    rail = h / 2 - gauge / 2 - 0.45 * s  # the upper rail's top
    room = rail - head - 2.5 * s
    width = min(fw - 6 * s, room * 96 / 64)
    upper += _vehicle(card, w / 2 - width / 2, rail, width, colour, tint)
    return frame, upper


def card_face(
    card: PlayingCard,
    size: tuple[float, float],
    *,
    role: str = "",
    values: str = "",
    four_colour: bool = False,
    title: str = "",
    bleed: float = 0.0,
    theme: Theme = DEFAULT,
    set_name: str = "",
) -> Drawing:
    """The face of ``card`` on a card of ``size`` (w, h, mm), bleed extending the ground only:
    ``role`` and ``values`` the lines at the top (what the card is in a game; '' for none),
    ``title`` under them."""
    kind = deck_type(size)
    w, h = kind.w, kind.h
    accent = theme.accent("deck", ACCENT)
    colour = suit_colour(card, four_colour)
    upper: list[Shape] = [
        Text(
            kind.index_x,
            kind.rank_y,
            card.rank,
            kind.rank,
            "middle",
            fill=colour,
            bold=True,
            role="index-rank",
            family=SANS,
        )
    ]
    if not card.joker:
        upper.append(
            Text(
                kind.index_x,
                kind.suit_y,
                card.symbol,
                kind.suit,
                "middle",
                fill=colour,
                bold=True,
                role="index-suit",
                family="mono",
            )
        )
    upper += _top_lines(kind, role, values, title, accent, theme)
    middle: list[Shape] = []
    if card.pips:
        middle = _pips(card, kind, colour)
    else:
        frame, top_half = _picture(card, kind, colour, theme)
        middle = frame
        upper += top_half
    shapes: list[Shape] = [
        Rect(
            -bleed,
            -bleed,
            w + 2 * bleed,
            h + 2 * bleed,
            fill=theme.tint("deck", light(accent, 0.93)),
            role="background",
        ),
        Rect(
            SAFE,
            SAFE,
            w - 2 * SAFE,
            h - 2 * SAFE,
            fill=PAPER,
            stroke=accent,
            stroke_width=0.35,
            radius=min(w, h) * 0.04,
            role="panel",
        ),
        *middle,
        *upper,
        *turned(upper, w, h),
    ]
    meta = {"card": card.name, **({"set": set_name} if set_name else {})}
    return Drawing(w + 2 * bleed, h + 2 * bleed, tuple(shapes), origin=(-bleed, -bleed), title=card.name, meta=meta)


def card_back(
    size: tuple[float, float], *, line: str, title: str = "", bleed: float = 0.0, theme: Theme = DEFAULT
) -> Drawing:
    """The deck's back, one for every card: the project's back (``layout.got.back.back_design``) in
    the deck's colour, the title (else "Playing cards") and ``line`` ("52 cards and 2 Jokers") on it."""
    accent = theme.accent("deck", ACCENT)
    design = theme.back_picture or theme.back
    return back_design(
        size, accent=accent, name=title or "Playing cards", line2=line, bleed=bleed, design=design, font=theme.font
    )
