"""A theme's colours must leave every text legible against what it is drawn on (#29).

The line is WCAG 2's for small text (success criterion 1.4.3, level AA): a contrast ratio of
at least 4.5:1 between a text's colour and its ground, the ratio of the two colours' relative
luminances (each plus 0.05). Nearly everything on a card is small text: 6 to 12 pt.

Which colour a text is drawn on is not listed by hand (a list would fall behind the faces):
the faces and backs a theme's colours reach are drawn (``samples``), and each text's ground is
the last filled shape drawn before it under the text's middle (``text_grounds``): the card's
panel, a removal's tinted panel, a wild card's gold, a back's colour, a pack letter's ring.
A theme whose accent is white (the ability white on the white panel) is refused in one line
naming the pair, its ratio and where it stands.

>>> round(contrast("#ffffff", "#000000"), 1), round(contrast("#1f4e79", "#ffffff"), 2)
(21.0, 8.66)
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.errors import CardgenError
from cardgen.layout.got.back import card_back
from cardgen.layout.got.card import card_face
from cardgen.layout.got.card2d import grid_card_back, grid_card_face
from cardgen.layout.got.wild import wild_face
from cardgen.layout.shapes import Circle, Drawing, Group, Path, Polygon, Rect, Shape, Text
from cardgen.layout.theme import Theme
from cardgen.rules.got.grid_packs import PACK_CATEGORIES, GridPack
from cardgen.rules.got.patterns import PackAbility, make_pattern
from cardgen.rules.shared import Card

MIN_CONTRAST = 4.5  # WCAG 2, 1.4.3 (AA), small text
POKER = (63.5, 88.9)
SAMPLE_TITLE = "Title"  # (a title is drawn in the accent, on the panel: a sample shows its pair)
ROLES = {  # what a text's role is, for a message
    "number": "the large number",
    "index-number": "the corner number",
    "ability": "the ability",
    "index-ability": "the corner ability",
    "note": "the ability's note",
    "title": "the title",
    "pack-mark": "a pack's letter",
    "back-title": "the back's name",
    "back-line": "the back's second line",
    "index-wild": "a wild card's corner W",
    "wild": "a wild card's WILD",
    "wild-rule": "a wild card's rule",
}


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``#rrggbb``: 0 for black, 1 for white.

    >>> luminance("#000000"), luminance("#ffffff"), round(luminance("#808080"), 4)
    (0.0, 1.0, 0.2159)
    """

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black and white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _ground(shape: Shape, dx: float, dy: float) -> tuple[tuple[float, float, float, float], str] | None:
    """A filled shape's box (moved by its groups) and its colour; None for what fills nothing."""
    if isinstance(shape, Rect) and shape.fill:
        return (shape.x + dx, shape.y + dy, shape.x + shape.w + dx, shape.y + shape.h + dy), shape.fill
    if isinstance(shape, Circle) and shape.fill:
        r = shape.r / 2**0.5  # (the square inside the circle: a letter in a ring is inside it)
        return (shape.cx - r + dx, shape.cy - r + dy, shape.cx + r + dx, shape.cy + r + dy), shape.fill
    if isinstance(shape, (Polygon, Path)) and shape.fill:
        points = shape.points if isinstance(shape, Polygon) else shape.points()
        xs, ys = [p[0] + dx for p in points], [p[1] + dy for p in points]
        return (min(xs), min(ys), max(xs), max(ys)), shape.fill
    return None


def text_grounds(drawing: Drawing) -> Iterator[tuple[Text, str]]:
    """Every text of ``drawing`` (in its fill's ``#rrggbb``) with the colour it is drawn on: the
    last filled shape drawn before it that covers the middle of its ink (white when none does)."""
    grounds: list[tuple[tuple[float, float, float, float], str]] = []

    def visit(shapes: tuple[Shape, ...], dx: float, dy: float) -> Iterator[tuple[Text, str]]:
        for shape in shapes:
            if isinstance(shape, Group):
                yield from visit(shape.shapes, dx + shape.dx, dy + shape.dy)
            elif isinstance(shape, Text):
                x0, y0, x1, y1 = shape.bounds()
                mx, my = (x0 + x1) / 2 + dx, (y0 + y1) / 2 + dy
                under = next((c for (a, b, c2, d), c in reversed(grounds) if a <= mx <= c2 and b <= my <= d), "#ffffff")
                yield shape, under
            elif (found := _ground(shape, dx, dy)) is not None:
                grounds.append(found)

    yield from visit(drawing.shapes, 0.0, 0.0)


def samples(theme: Theme) -> Iterator[tuple[str, Drawing]]:
    """What a theme's colours reach, drawn: for each key of ``[colours]`` it sets, a face of
    every kind of ability it colours (a swap on the white panel, a removal on its tinted one,
    a number ability), with a title and a pack's letter, and the back; the wild card for
    ``wild``. (Keys it leaves out keep cardgen's own colours, which pass: tests prove it.)"""
    keys = {key for key, _ in theme.colours}
    for name in ("one", "two", "three"):
        if name in keys:
            pattern = make_pattern(name, 7, copies=1, numbers=True)
            kinds: dict[tuple[str, str, str], Card[PackAbility]] = {}  # a swap, a removal, a number ability …
            for card in pattern.cards():
                a = card.ability
                kinds.setdefault((type(a).__name__, getattr(a, "kind", ""), getattr(a, "action", "")), card)
            for card in kinds.values():
                yield name, card_face(card, pattern, POKER, title=SAMPLE_TITLE, theme=theme, mark="A")
            yield name, card_back(pattern, POKER, theme=theme, mark="A")
    categories = [c for c in PACK_CATEGORIES if c in keys or "2d" in keys]
    for category in categories:
        pack = GridPack([category], 1)
        key = category if category in keys else "2d"
        yield key, grid_card_face(pack.card(1), pack, POKER, title=SAMPLE_TITLE, theme=theme)
    if "2d" in keys:
        yield "2d", grid_card_back(GridPack(["row-swap"], 1), POKER, theme=theme)
    if "wild" in keys:
        yield "wild", wild_face(POKER, set_name="a sample", title=SAMPLE_TITLE, theme=theme, mark="A")


def contrast_problems(theme: Theme) -> Iterator[tuple[str, str, str, str, float]]:
    """Every text whose colours are below ``MIN_CONTRAST``: (key, what it is, its colour, its
    ground's, the ratio), once a pair."""
    seen = set()
    for key, drawing in samples(theme):
        for text, ground in text_grounds(drawing):
            pair = (key, text.fill.lower(), ground.lower())
            if pair in seen:
                continue
            seen.add(pair)
            ratio = contrast(text.fill, ground)
            if ratio < MIN_CONTRAST:
                yield key, ROLES.get(text.role, text.role or "a text"), text.fill, ground, ratio


def check_contrast(theme: Theme, where: str) -> None:
    """One line for the first text a theme's colours leave below 4.5:1 against its ground."""
    for key, what, fill, ground, ratio in contrast_problems(theme):
        raise CardgenError(
            f"{where}: colours.{key}: {what} in {fill} on {ground} has a contrast of {ratio:.2f}:1, "
            f"at least {MIN_CONTRAST:g}:1 reads (WCAG, small text): choose a darker or lighter colour"
        )
