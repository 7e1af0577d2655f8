"""The wild card (seed 002, §10): no number and no ability, a wild at a glance from either end.

Each half shows ``W`` in the corner index (in a fanned hand), the word ``WILD`` large, the rule in
a line (it stands for any number the pack has, and it has no ability) and an emblem, centred and
clear of the track: a locomotive on its rail in a ring (the factory pack's locomotive cards "might
find service as wild cards", §2). The panel is gold, unlike
any numbered card's; the lower half is the upper turned 180°, as on every card. With several
packs combined (§7) its pack's letter is in a ring under the index, as on the numbered cards.

>>> face = wild_face((63.5, 88.9), set_name="pattern two, census 7")
>>> sorted({t.text for t in walk_texts(face) if t.role in ("index-wild", "wild")})
['W', 'WILD']
>>> " ".join(t.text for t in sorted(walk_texts(face), key=lambda t: t.y) if t.role == "wild-rule" and not t.rotate)
'any number in the pack; no ability'
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from cardgen.layout.art import circle_arc, engine, mix
from cardgen.layout.got.card import INK, PAPER, frame, logo_shapes, pack_mark, pack_type, title_texts, turned_half
from cardgen.layout.got.facetype import FIGURE_CAP, FIGURES, LINE, SANS_CAP, FaceType, PackFaces, fit_lines
from cardgen.layout.shapes import Drawing, Path, Segment, Shape, Text, text_width, walk
from cardgen.layout.theme import DEFAULT, Theme
from cardgen.layout.typescale import SCALE, fitting
from cardgen.rules.got.printed import WILD_ABILITY, WILD_NUMBER

WILD_ACCENT = "#8a5a00"  # a dark gold: no pattern's colour
WILD_TINT = "#f6e7b4"
WILD_WORD = "WILD"
WILD_RULE = "any number in the pack; no ability"  # §10: a number some card of the pack carries
# a pack whose faces nobody gave: its type as a pack of up to 99 cards with one mark would have it
SAMPLE = PackFaces(number="88", code="AB", label="A↔B", underlined=True)


def walk_texts(drawing: Drawing) -> Iterator[Text]:
    """Every text of a drawing (for doctests and checks)."""
    for shape, _, _ in walk(drawing.shapes):
        if isinstance(shape, Text):
            yield shape


def wild_face(
    size: tuple[float, float],
    *,
    set_name: str = "",
    title: str = "",
    bleed: float = 0.0,
    theme: Theme = DEFAULT,
    mark: str = "",
    faces: PackFaces | None = None,
) -> Drawing:
    """The face of a wild card, double-ended, in mm; ``mark``: its pack's letter (several packs);
    ``faces``: its pack's (its corner index and title then match the pack's cards)."""
    kind = pack_type(faces or SAMPLE, size, title, theme)
    w, h = kind.w, kind.h
    accent = theme.accent("wild", WILD_ACCENT)
    tint = theme.tint("wild", WILD_TINT)
    top: list[Shape] = []
    texts: list[Text] = [
        Text(
            kind.ix, kind.iy, WILD_NUMBER, kind.idx, "start", fill=accent, bold=True, role="index-wild", family=FIGURES
        )
    ]
    if mark:  # the pack's letter in a ring beside the W, as on the numbered cards
        right = kind.ix + text_width(WILD_NUMBER, kind.idx, bold=True, family=FIGURES)
        middle = kind.iy - FIGURE_CAP * kind.idx / 2
        circle, letter = pack_mark(right + kind.ring_x, middle, kind.ring, mark, accent)
        top.append(circle)
        texts.append(letter)
    texts += title_texts(kind, theme, accent)
    ceiling = _ceiling(kind)
    texts_mid, art = _middle(kind, accent, ceiling, theme.railway)
    top += art
    top += texts + texts_mid

    ground, panel = frame(w, h, bleed, tint, accent, mix(tint, PAPER, 0.45), "panel-wild")
    shapes: list[Shape] = [ground, panel]
    shapes += [*top, *turned_half(top, w, h), *logo_shapes(kind, theme, accent)]
    meta = {"number": WILD_NUMBER, "ability": WILD_ABILITY}
    if set_name:
        meta["set"] = set_name
    return Drawing(w + 2 * bleed, h + 2 * bleed, tuple(shapes), origin=(-bleed, -bleed), title="wild card", meta=meta)


def _ceiling(kind: FaceType) -> float:
    """The highest ink the middle of a wild may reach: under its corner index and title."""
    title_bottom = kind.title_y + (len(kind.title) - 1) * LINE * kind.title_size if kind.title else 0.0
    return max(kind.code_y, title_bottom) + 1.8 * kind.scale


def _middle(kind: FaceType, accent: str, ceiling: float, railway: bool) -> tuple[list[Text], list[Shape]]:
    """From the top down: the word WILD, large, the rule in a line or two, and (the railway look)
    the emblem, a locomotive on its rail in a ring (the factory pack's locomotive cards "might find
    service as wild cards", §2), centred and clear of the track across the middle."""
    w, scale = kind.w, kind.scale
    inner = w - 2 * kind.ix
    rule, rule_size, _ = fit_lines(WILD_RULE, fitting(3.1 * scale), inner * 0.92)
    word_max = min(13.0 * scale, inner * 0.8 / text_width(WILD_WORD, 1.0, bold=True, family="sans"))
    word_steps = [s for s in SCALE if s <= word_max + 1e-9] or [SCALE[0]]
    gap = 2.2 * scale
    # the lowest ink of the half, a little over the middle (no track: each emblem has its rail)
    floor = kind.h / 2 - 3.5 * scale
    rule_block = SANS_CAP * rule_size + (len(rule) - 1) * LINE * rule_size
    least = 12.5 * scale if railway else 0.0  # an emblem smaller than this is not worth drawing
    for word in reversed(word_steps):  # the largest word that leaves the emblem its room
        room = floor - ceiling - (SANS_CAP * word + gap + rule_block) - (gap if railway else 0.0)
        if room >= least:
            break
    side = min(16.0 * scale, room) if railway and room >= least else 0.0
    if side:  # the word and the rule stand over the emblem, the three centred in the room
        top = ceiling + (room - side) / 2
    else:
        top = ceiling + max(0.0, room) / 2
    word_y = top + SANS_CAP * word
    texts: list[Text] = [
        Text(w / 2, word_y, WILD_WORD, word, "middle", fill=accent, bold=True, role="wild", family="sans")
    ]
    first = word_y + gap + SANS_CAP * rule_size
    for k, line in enumerate(rule):
        texts.append(
            Text(
                w / 2,
                first + k * LINE * rule_size,
                line,
                rule_size,
                "middle",
                fill=INK,
                bold=True,
                role="wild-rule",
                family="sans",
            )
        )
    art: list[Shape] = []
    if side:
        cy = first + (len(rule) - 1) * LINE * rule_size + gap + side / 2
        art += emblem(w / 2, cy, side / 2, accent)
    return texts, art


def emblem(cx: float, cy: float, r: float, accent: str) -> list[Shape]:
    """A locomotive in a ring of radius ``r`` centred on (cx, cy), standing on a rail drawn across
    the ring (a railway roundel): the ring and its rail one stroked outline, the engine another."""
    ew = 1.4 * r
    eh = ew * 64 / 96
    rail = cy + eh / 2 - 0.04 * r
    stroke = max(0.35, 0.08 * r)
    ring = r - stroke / 2
    half = math.sqrt(ring * ring - (rail - cy) ** 2)  # where the rail meets the ring
    start = math.atan2(rail - cy, half)  # the rail's right end, as an angle (y down)
    segs: list[Segment] = [(cx + half, rail)]  # across the rail, left to right …
    segs += circle_arc(cx, cy, ring, start, start + 2 * math.pi)  # type: ignore[arg-type]  # … then once round, back to its right end
    return [
        Path(
            (cx - half, rail),
            tuple(segs),
            closed=False,
            fill=PAPER,
            stroke=accent,
            stroke_width=stroke,
            role="wild-emblem",
        ),
        engine(cx - ew / 2, rail, ew, accent, role="wild-engine"),
    ]
