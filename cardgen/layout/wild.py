"""The wild card (seed 002, §10): no number and no ability, a wild at a glance from either end.

Each half shows ``W`` in the corner index (in a fanned hand), a locomotive (the factory pack's
locomotive cards "might find service as wild cards", §2), the word ``WILD`` large and the rule in
a line: it stands for any number the pack has, and it has no ability. The panel is gold, unlike
any numbered card's; the lower half is the upper turned 180°, as on every card. With several
packs combined (§7) its pack's letter is in a ring under the index, as on the numbered cards.

>>> face = wild_face((63.5, 88.9), set_name="pattern two, census 7")
>>> sorted({t.text for t in walk_texts(face) if t.role in ("index-wild", "wild")})
['W', 'WILD']
>>> " ".join(t.text for t in sorted(walk_texts(face), key=lambda t: t.y) if t.role == "wild-rule" and not t.rotate)
'any number in the pack; no ability'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from cardgen.layout.art import locomotive
from cardgen.layout.card import INK, MIN_TYPE, PAPER, SAFE, _frame, _logo, mix, pack_mark, title_lines, wrap
from cardgen.layout.shapes import CAP_HEIGHT, Drawing, Rect, Shape, Text, fit_size, text_width, turned, walk
from cardgen.layout.theme import PLAIN, Picture, Theme
from cardgen.rules.printed import WILD_ABILITY, WILD_NUMBER

WILD_ACCENT = "#8a5a00"  # a dark gold: no pattern's colour
WILD_TINT = "#f6e7b4"
WILD_WORD = "WILD"
WILD_RULE = "any number in the pack; no ability"  # §10: a number some card of the pack carries


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
    theme: Theme = PLAIN,
    mark: str = "",
) -> Drawing:
    """The face of a wild card, double-ended, in mm; ``mark``: its pack's letter (several packs)."""
    w, h = size
    scale = min(w / 63.5, h / 88.9)
    inner = w - 2 * SAFE
    pad = max(1.2, 1.4 * scale)
    accent = theme.accent("wild", WILD_ACCENT)
    tint = theme.tint("wild", WILD_TINT)
    idx = 4.8 * scale
    ix, iy = SAFE + pad, SAFE + pad + CAP_HEIGHT * idx
    top: list[Shape] = []
    texts: list[Text] = [Text(ix, iy, WILD_NUMBER, idx, "start", fill=accent, bold=True, role="index-wild")]
    index_bottom, index_right = iy, ix + text_width(WILD_NUMBER, idx)
    if mark:  # the pack's letter in a ring beside the W, as on the numbered cards
        ring = 0.62 * idx
        circle, letter = pack_mark(index_right + 0.8 * scale + ring, iy - CAP_HEIGHT * idx / 2, ring, mark, accent)
        top.append(circle)
        texts.append(letter)
        index_right += 0.8 * scale + 2 * ring
    ceiling = index_bottom + 2.0 * scale
    if title:
        titles, ceiling = title_lines(title, theme.font, accent, w, scale, iy, index_right, index_bottom, ceiling)
        texts += titles

    # From the middle up: the rule (one or two lines), the word, then the locomotive in the room left.
    bottom = h / 2 - 3.5 * scale
    rule, rule_size = wrap(WILD_RULE, max(2.8 * scale, MIN_TYPE), inner * 0.9)
    for k, line in enumerate(reversed(rule)):
        y = bottom - k * 1.25 * rule_size
        texts.append(Text(w / 2, y, line, rule_size, "middle", fill=INK, bold=True, role="wild-rule"))
    rule_top = bottom - (len(rule) - 1) * 1.25 * rule_size - CAP_HEIGHT * rule_size
    word = fit_size(WILD_WORD, 12.0 * scale, inner * 0.8)
    gap = 2.2 * scale
    room = rule_top - gap - ceiling  # for the word and the locomotive above it
    word = min(word, room * 0.45 / CAP_HEIGHT)
    word_y = rule_top - gap
    texts.append(Text(w / 2, word_y, WILD_WORD, word, "middle", fill=accent, bold=True, role="wild"))
    loco_room = word_y - CAP_HEIGHT * word - gap - ceiling  # the locomotive's height, wheels to chimney
    width = min(inner * 0.55, loco_room / (62 / 94))
    if width >= 8.0:
        cy = word_y - CAP_HEIGHT * word - gap - 31 * width / 94
        top += locomotive(w / 2, cy, width, body=accent, dark=INK, light=mix(accent, PAPER, 0.25))
    top += texts

    ground, panel = _frame(w, h, bleed, tint, accent, removal=False)
    panel = replace(panel, fill=mix(tint, PAPER, 0.45), role="panel-wild") if isinstance(panel, Rect) else panel
    shapes: list[Shape] = [ground, panel, *top, *turned(top, w, h)]
    logo: str | Picture = theme.logo_picture or theme.logo
    if isinstance(logo, Picture):
        band = 4.6 * scale
        shapes.append(logo.within(w / 2 - 1.5 * band, h / 2 - band / 2, 3 * band, band))
    elif logo == "locomotive":
        shapes += _logo(w, h, scale, accent)
    meta = {"number": WILD_NUMBER, "ability": WILD_ABILITY}
    if set_name:
        meta["set"] = set_name
    return Drawing(w + 2 * bleed, h + 2 * bleed, tuple(shapes), origin=(-bleed, -bleed), title="wild card", meta=meta)
